//! Row E of Grabher–Großschädl–Page: on every curve, the pairing with its F_p12 operations in
//! halves on two threads equals the serial pairing (optimal and plain ate, at the generators, at
//! random multiples and with the point at infinity), and the split F_p12 product equals the
//! product.

use tripair::curve::{G1Affine, G1Projective, G2Affine, G2Projective, PairingCurve};
use tripair::field::{Fp, Fp12, Fp2, Fp6};
use tripair::pairing::pairing;
use tripair_research::pairing::ate_pairing;
use tripair_research::pairing::halves::{ate_pairing_halves, pairing_halves, Partner};
use tripair_testkit::TestRng;

fn random_fp12<C: PairingCurve>(rng: &mut TestRng) -> Fp12<C> {
    let mut fp2 = || Fp2::new(Fp::random(&mut *rng), Fp::random(&mut *rng));
    let a = Fp6::new(fp2(), fp2(), fp2());
    let b = Fp6::new(fp2(), fp2(), fp2());
    Fp12::new(a, b)
}

fn check_halves<C: PairingCurve>() {
    let mut rng = TestRng::new(5);
    // The optimal ate at the generators, at random multiples and with a point at infinity; the
    // plain ate (twice as long a loop) at the multiples.
    let ((pa, qb), pairs) = super::sample_pairs::<C>(5);
    for (p, q) in pairs {
        assert_eq!(
            pairing_halves::<C>(&p, &q),
            pairing::<C>(&p, &q),
            "{}: pairing",
            C::NAME
        );
    }
    assert_eq!(
        ate_pairing_halves::<C>(&pa, &qb),
        ate_pairing::<C>(&pa, &qb),
        "{}: plain ate",
        C::NAME
    );
    let partner = Partner::<C>::default();
    std::thread::scope(|s| {
        s.spawn(|| partner.serve());
        for _ in 0..4 {
            let (a, b) = (random_fp12::<C>(&mut rng), random_fp12::<C>(&mut rng));
            assert_eq!(
                partner.fp12_mul(&a, &b),
                a * b,
                "{}: F_p12 product",
                C::NAME
            );
        }
        partner.stop();
    });
}

macro_rules! halves_tests {
    (() $($m:ident: $c:ty = $label:literal),* $(,)?) => { $(
        mod $m {
            #[test] fn halves() { super::check_halves::<$c>(); }
        }
    )* };
}

tripair::for_each_prime_curve!(halves_tests);

/// The plain ate pairing in SIMD lanes (row G's plain column) equals the scalar one, on both lane
/// backends (IFMA where the CPU has it; its cold fallback otherwise), for a BN and a BLS12 curve.
fn check_plain_in_lanes<C: PairingCurve>() {
    use tripair::field::lanes::{IfmaLanes, PortableLanes};
    use tripair_research::pairing::ate_pairings_in_lanes;
    let mut rng = TestRng::new(11);
    let (g1, g2) = (
        G1Projective::<C>::generator(),
        G2Projective::<C>::generator(),
    );
    let mut pairs: Vec<(G1Affine<C>, G2Affine<C>)> = (0..3)
        .map(|_| {
            (
                g1.mul(&Fp::random(&mut rng)).to_affine(),
                g2.mul(&Fp::random(&mut rng)).to_affine(),
            )
        })
        .collect();
    pairs.push((G1Affine::<C>::identity(), g2.to_affine()));
    let want: Vec<_> = pairs.iter().map(|(p, q)| ate_pairing::<C>(p, q)).collect();
    assert_eq!(
        ate_pairings_in_lanes::<C, PortableLanes>(&pairs),
        want,
        "{}",
        C::NAME
    );
    assert_eq!(
        ate_pairings_in_lanes::<C, IfmaLanes>(&pairs),
        want,
        "{}",
        C::NAME
    );
}

#[test]
fn plain_ate_in_lanes_bn254() {
    tripair_testkit::on_big_stack(check_plain_in_lanes::<tripair::curve::curves::Bn254>);
}

#[test]
fn plain_ate_in_lanes_bls12_381() {
    tripair_testkit::on_big_stack(check_plain_in_lanes::<tripair::curve::curves::Bls12_381>);
}
