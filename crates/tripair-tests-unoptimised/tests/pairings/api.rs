//! The user-facing API on every prime-field curve: `Default` is the identity, the operators agree
//! with the named group operations, generators and random points are valid, scalars from bytes
//! reduce modulo r, and the checked constructor rejects what the unchecked one would accept.

use num_bigint::BigUint;
use tripair::curve::{Affine, CurveGroup, G1, G2};
use tripair::field::{Fp, FpParams};
use tripair::{
    pairing, Error, G1Affine, G1Projective, G2Affine, G2Projective, PairingCurve, Scalar,
};
use tripair_testkit::TestRng;

fn check_group_api<C: PairingCurve>() {
    let mut rng = TestRng::new(0xa91);
    // Default is the identity, for affine and projective points of both groups.
    assert!(G1Affine::<C>::default().is_identity());
    assert!(G2Affine::<C>::default().is_identity());
    assert!(G1Projective::<C>::default().is_identity());
    assert!(G2Projective::<C>::default().is_identity());
    assert!(G1Projective::<C>::default() == G1Projective::<C>::identity());
    assert!(G1Projective::<C>::default() != G1Projective::<C>::generator());
    assert!(G1Affine::<C>::default().is_on_curve());

    let g = G1Affine::<C>::generator();
    assert_eq!(g, G1Projective::<C>::generator().to_affine());
    assert!(g.is_on_curve() && g.is_in_subgroup_vartime() && !g.is_identity());
    let a = Scalar::<C>::random(&mut rng);
    let b = Scalar::<C>::random(&mut rng);
    let ga = g * a;
    // Operators against the named operations.
    assert!(ga == G1Projective::<C>::generator().mul(&a));
    assert!(g * a + g * b == g * (a + b));
    assert!(g * a - g * b == g * (a - b));
    assert!((g + g) == G1Projective::<C>::generator().double());
    // P - P = O is the property under test, so the operands are equal on purpose.
    #[allow(clippy::eq_op)]
    let g_minus_g = g - g;
    assert!(g_minus_g.is_identity());
    assert!((ga + g) == ga + G1Projective::<C>::generator());
    assert_eq!((-g).to_projective().to_affine(), g.neg());
    let mut acc = G1Projective::<C>::identity();
    acc += ga;
    acc -= g * b;
    acc *= Scalar::<C>::ONE + Scalar::<C>::ONE;
    assert!(acc == (g * (a - b)).double());
    // Adding the identity changes nothing.
    assert!(ga + G1Projective::<C>::default() == ga);
    // G2 likewise, and random points are valid group elements.
    let h = G2Affine::<C>::generator();
    assert!(h * a + h * b == h * (a + b));
    for _ in 0..3 {
        let p = G1Affine::<C>::random(&mut rng);
        let q = G2Affine::<C>::random(&mut rng);
        assert!(p.is_on_curve() && p.is_in_subgroup_vartime());
        assert!(q.is_on_curve() && q.is_in_subgroup_vartime());
        assert!(!pairing::<C>(&p, &q).is_identity());
    }
}

/// `from_be_bytes_mod_order` is the integer of the bytes modulo r (and modulo p for F_p), on
/// random and all-ones bytes of every length class: short, the longest that one Montgomery
/// reduction takes (below p 2^(64N)), one byte more (Horner's rule), and long.
fn check_wide_reduction<C: PairingCurve>() {
    fn check<F: FpParams>(name: &str, rng: &mut TestRng) {
        let m = BigUint::from_slice(
            &F::MODULUS
                .as_ref()
                .iter()
                .flat_map(|&l| [l as u32, (l >> 32) as u32])
                .collect::<Vec<_>>(),
        );
        let fast_max = (64 * F::MODULUS.as_ref().len() + F::BITS as usize - 1) / 8;
        for len in [
            0usize,
            1,
            7,
            8,
            9,
            31,
            32,
            33,
            48,
            64,
            96,
            100,
            fast_max,
            fast_max + 1,
        ] {
            let mut random = vec![0u8; len];
            rng.fill_bytes(&mut random);
            for bytes in [random, vec![0xff; len]] {
                let s = Fp::<F>::from_be_bytes_mod_order(&bytes);
                let want = BigUint::from_bytes_be(&bytes) % &m;
                assert_eq!(
                    BigUint::from_bytes_be(&s.to_be_bytes()),
                    want,
                    "{name}: {len} bytes"
                );
            }
        }
    }
    let mut rng = TestRng::new(0x51de);
    check::<C::Fr>(C::NAME, &mut rng);
    check::<C::Fp>(C::NAME, &mut rng);
}

/// The checked constructor names what is wrong; the unchecked one is the caller's promise.
fn check_constructors<C: PairingCurve>() {
    let g = G1Affine::<C>::generator();
    let off = Affine::<G1<C>>::new_unchecked(g.x(), g.y() + Fp::ONE);
    assert!(!off.is_on_curve());
    assert_eq!(
        Affine::<G1<C>>::new_checked(g.x(), g.y() + Fp::ONE),
        Err(Error::NotOnCurve)
    );
    assert_eq!(Affine::<G1<C>>::new_checked(g.x(), g.y()), Ok(g));
    let h = <G2<C> as CurveGroup>::generator();
    assert_eq!(Affine::<G2<C>>::new_checked(h.x(), h.y()), Ok(h));
}

macro_rules! api_tests {
    (() $($m:ident: $c:ty = $label:literal),* $(,)?) => { $(
        mod $m {
            use super::*;
            #[test] fn group_api() { check_group_api::<$c>(); }
            #[test] fn wide_reduction() { check_wide_reduction::<$c>(); }
            #[test] fn constructors() { check_constructors::<$c>(); }
        }
    )* };
}

tripair::for_each_prime_curve!(api_tests);

/// The README's library example, as written there.
#[test]
fn readme_example() {
    use tripair::curve::curves::Bls12_381 as C;
    use tripair::{
        pairing, pairing_check, pairing_prepared, G1Affine, G2Affine, G2Prepared, Scalar,
    };

    let a = Scalar::<C>::from_be_bytes_mod_order(&[7u8; 64]);
    let (p, q) = (G1Affine::<C>::generator(), G2Affine::<C>::generator());
    let pa = (p * a).to_affine();
    assert_eq!(pairing(&pa, &q), pairing(&p, &q).pow(&a));
    assert!(pairing_check::<C>(&[(pa, q), (-p, (q * a).to_affine())]));
    let q_prepared = G2Prepared::new(&q);
    assert_eq!(pairing_prepared(&pa, &q_prepared), pairing(&pa, &q));
}

/// The hex entry points name the wrong point and agree with the typed functions.
#[test]
fn hex_entry_points_name_the_point() {
    use tripair::api::{check_hex, pair_hex, pair_hex_split};
    use tripair::curve::curves::Bn254 as C;
    use tripair::encoding::{encode_g1, encode_g2};
    let (p, q) = (G1Affine::<C>::generator(), G2Affine::<C>::generator());
    let (g1, g2) = (
        hex::encode(encode_g1::<C>(&p)),
        hex::encode(encode_g2::<C>(&q)),
    );
    let e = pair_hex("bn254", &g1, &g2).unwrap();
    assert_eq!(e, hex::encode(pairing(&p, &q).to_bytes()));
    assert_eq!(pair_hex_split("bn254", &g1, &g2).unwrap(), e);
    assert_eq!(
        pair_hex("bn254", "zz", &g2),
        Err(Error::NotHex.in_point("G1"))
    );
    assert_eq!(
        pair_hex("bn254", &g1, "00"),
        Err(Error::WrongLength {
            what: "G2 point",
            expected: 128,
            got: 1
        }
        .in_point("G2"))
    );
    let neg = hex::encode(encode_g1::<C>(&-p));
    assert_eq!(check_hex("bn254", &[(&g1, &g2), (&neg, &g2)]), Ok(true));
    assert_eq!(check_hex("bn254", &[(&g1, &g2)]), Ok(false));
    assert_eq!(
        check_hex("bn254", &[(&g1, &g2), (&g1, "zz")]),
        Err(Error::NotHex.in_point("G2 of pair 2"))
    );
    assert!(matches!(check_hex("bn254", &[]), Err(Error::Malformed(_))));
    assert_eq!(
        check_hex("bn255", &[(&g1, &g2)]),
        Err(Error::UnknownCurve("bn255".into()))
    );
    assert_eq!(
        Error::NotInSubgroup.in_point("G2 of pair 3").to_string(),
        "G2 of pair 3: point not in subgroup of order r"
    );
}
