//! Pairings in the lane field (eight F_p elements in 52-bit digits, `field::lanes`) on the
//! representative curves (`main.rs`):
//! - eight pairings at once through the unchanged tower, Miller loop and final exponentiation
//!   equal the scalar pairings lane by lane (GT bytes), with points at infinity in some lanes, on
//!   the AVX-512 IFMA backend (where the CPU has it), and on the portable one for bn254 and
//!   bls12-381 (`check_portable_lanes` says why only those);
//! - pairings with a prepared Q in lanes equal the scalar ones;
//! - products of pairings spread over the lanes equal the products of the scalar pairings.
//!
//! The lane field's operations and kernels are checked in `kernels.rs`.

use tripair::curve::{G1Affine, G2Affine, PairingCurve};
use tripair::field::lanes::{IfmaLanes, PortableLanes};
use tripair::pairing::{
    final_exponentiation, miller_loop_lanes_with, multi_pairing, pairing, pairing_batch,
    pairings_lanes, pairings_lanes_with, pairings_prepared, pairings_prepared_lanes_with,
    pairings_prepared_scalar, product_miller_loop_lanes, G2Prepared, Gt,
};
use tripair_testkit::TestRng;

/// `n` random pairs of finite points drawn from a test generator seeded with `seed`.
fn random_pairs<C: PairingCurve>(seed: u64, n: usize) -> Vec<(G1Affine<C>, G2Affine<C>)> {
    let mut rng = TestRng::new(seed);
    (0..n)
        .map(|_| {
            (
                G1Affine::<C>::random(&mut rng),
                G2Affine::<C>::random(&mut rng),
            )
        })
        .collect()
}

/// The product in GT of the given values (1 for none).
fn product_of<C: PairingCurve>(values: &[Gt<C>]) -> Gt<C> {
    values.iter().fold(Gt::<C>::identity(), |acc, g| acc * *g)
}

/// Eight pairings in lanes equal the scalar ones (GT bytes), with infinity in some lanes, for a
/// batch of 8 and one of 11 (one lane batch and three scalar pairings), on the IFMA backend (the
/// portable one: [`check_portable_lanes`]).
fn check_pairings<C: PairingCurve>() {
    let mut pairs = random_pairs::<C>(0x8e8, 11);
    pairs[2].0 = G1Affine::identity();
    pairs[5].1 = G2Affine::identity();
    pairs[6] = (G1Affine::identity(), G2Affine::identity());
    pairs[9].0 = G1Affine::identity();
    let want: Vec<_> = pairs.iter().map(|(p, q)| pairing::<C>(p, q)).collect();
    let got = pairings_lanes(&pairs);
    assert_eq!(got.len(), pairs.len());
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g.to_bytes(), w.to_bytes(), "{}: pair {i}", C::NAME);
    }
    let ifma = pairings_lanes_with::<C, IfmaLanes>(&pairs[..8]);
    for (i, (a, w)) in ifma.iter().zip(&want).enumerate() {
        assert_eq!(a, w, "{}: IFMA lane {i}", C::NAME);
    }
    assert_eq!(ifma.len(), 8);
    assert!(pairings_lanes::<C>(&[]).is_empty());
    // The threaded batch (groups of eight in lanes where they pay, the rest one by one).
    let mut many = pairs.clone();
    many.extend_from_slice(&pairs[..6]);
    let mut want_many = want.clone();
    want_many.extend_from_slice(&want[..6]);
    assert_eq!(
        pairing_batch::<C>(&many, 2),
        want_many,
        "{}: batch",
        C::NAME
    );
    assert_eq!(
        pairing_batch::<C>(&many[..9], 1),
        want_many[..9],
        "{}",
        C::NAME
    );
}

/// Pairings with a prepared Q in lanes (each lane reading the same stored line) equal the scalar
/// pairings (GT bytes): 13 points with infinity in several lanes (a full group and a partial one
/// of five), every lane path on the IFMA backend, lines by projective and by affine steps, a Q at
/// infinity, and the batch sizes 0, 1, 7, 8 and 9 through the default choice.
fn check_prepared_pairings<C: PairingCurve>() {
    let mut rng = TestRng::new(0x9f2);
    let q = G2Affine::<C>::random(&mut rng);
    let mut ps: Vec<_> = (0..13).map(|_| G1Affine::<C>::random(&mut rng)).collect();
    for i in [0, 3, 10] {
        ps[i] = G1Affine::identity();
    }
    let want: Vec<_> = ps.iter().map(|p| pairing::<C>(p, &q)).collect();
    for prepared in [G2Prepared::new(&q), G2Prepared::new_affine_vartime(&q)] {
        let ifma = pairings_prepared_lanes_with::<C, IfmaLanes>(&prepared, &ps, 1);
        let scalar = pairings_prepared_scalar(&prepared, &ps);
        assert_eq!(ifma.len(), ps.len());
        for (i, w) in want.iter().enumerate() {
            assert_eq!(
                ifma[i].to_bytes(),
                w.to_bytes(),
                "{}: IFMA lane {i}",
                C::NAME
            );
            assert_eq!(scalar[i], *w, "{}: scalar {i}", C::NAME);
        }
        for n in [0, 1, 7, 8, 9] {
            assert_eq!(
                pairings_prepared(&prepared, &ps[..n]),
                want[..n],
                "{}: {n}",
                C::NAME
            );
        }
    }
    let at_infinity = G2Prepared::new(&G2Affine::<C>::identity());
    let ones = pairings_prepared_lanes_with::<C, IfmaLanes>(&at_infinity, &ps[..8], 1);
    assert!(ones.iter().all(|g| g.is_identity()), "{}", C::NAME);
    assert_eq!(pairings_prepared(&at_infinity, &ps).len(), ps.len());
}

/// Products of pairings in lanes (each lane's column of pairs in its own accumulator, the lane
/// values multiplied) equal the product of the scalar pairings (GT bytes): sizes 0 to 3, around
/// one row of eight (7, 8, 9: odd counts split their last pair) and past two rows, with points at
/// infinity among the pairs, a product that is 1, on the IFMA backend; and the default choice.
fn check_lane_products<C: PairingCurve>() {
    let mut pairs = random_pairs::<C>(0x9a0d, 17);
    pairs[4].0 = G1Affine::identity();
    pairs[11].1 = G2Affine::identity();
    let singles: Vec<Gt<C>> = pairs.iter().map(|(p, q)| pairing::<C>(p, q)).collect();
    let product = |n: usize| product_of(&singles[..n]);
    for n in [0, 1, 2, 3, 7, 8, 9, 17] {
        let want = product(n);
        let got = final_exponentiation(&miller_loop_lanes_with::<C, IfmaLanes>(&pairs[..n]));
        assert_eq!(
            got.to_bytes(),
            want.to_bytes(),
            "{}: IFMA backend, {n} pairs",
            C::NAME
        );
    }
    // A product that is 1: e(P, Q) e(-P, Q) with padding around it.
    let (p, q) = pairs[0];
    let cancel = [(p, q), (-p, q), pairs[1], (-pairs[1].0, pairs[1].1), (p, q)];
    let got = final_exponentiation(&miller_loop_lanes_with::<C, IfmaLanes>(&cancel));
    assert_eq!(got, singles[0], "{}: cancelling pairs", C::NAME);
    // The default choice (lanes from the strategy's threshold where IFMA runs them).
    let long = &pairs[..tripair::strategy::lanes_min_product().min(pairs.len())];
    let want = product(long.len());
    assert_eq!(
        final_exponentiation(&product_miller_loop_lanes::<C>(long)),
        want,
        "{}: default product",
        C::NAME
    );
    assert_eq!(multi_pairing::<C>(long), want, "{}: multi_pairing", C::NAME);
}

/// The same pairings, prepared pairings and products on the portable lane backend, against the
/// scalar values. Run on bn254 and bls12-381 only: the portable lanes never run a pairing outside
/// tests and measurements (without IFMA the scalar pairing runs), each curve adds a full
/// instantiation of the pairing stack over them (this crate was the last to build in CI), and
/// `kernels.rs` checks their kernels' digits against the IFMA kernels.
fn check_portable_lanes<C: PairingCurve>() {
    let mut pairs = random_pairs::<C>(0x70b, 9);
    pairs[2].0 = G1Affine::identity();
    pairs[5].1 = G2Affine::identity();
    let want: Vec<Gt<C>> = pairs.iter().map(|(p, q)| pairing::<C>(p, q)).collect();
    let got = pairings_lanes_with::<C, PortableLanes>(&pairs[..8]);
    assert_eq!(got, want[..8], "{}: portable lanes", C::NAME);
    let ps: Vec<_> = pairs.iter().map(|(p, _)| *p).collect();
    let q = pairs[0].1;
    let want_q: Vec<Gt<C>> = ps.iter().map(|p| pairing::<C>(p, &q)).collect();
    for prepared in [G2Prepared::new(&q), G2Prepared::new_affine_vartime(&q)] {
        let got = pairings_prepared_lanes_with::<C, PortableLanes>(&prepared, &ps, 1);
        assert_eq!(got, want_q, "{}: portable prepared", C::NAME);
    }
    let at_infinity = G2Prepared::new(&G2Affine::<C>::identity());
    let ones = pairings_prepared_lanes_with::<C, PortableLanes>(&at_infinity, &ps[..8], 1);
    assert!(ones.iter().all(|g| g.is_identity()), "{}", C::NAME);
    for n in [0, 1, 3, 8, 9] {
        let want_n = product_of(&want[..n]);
        let got = final_exponentiation(&miller_loop_lanes_with::<C, PortableLanes>(&pairs[..n]));
        assert_eq!(got, want_n, "{}: portable product of {n}", C::NAME);
    }
}

#[test]
fn portable_lanes_bn254() {
    tripair_testkit::on_big_stack(check_portable_lanes::<tripair::curve::curves::Bn254>);
}

#[test]
fn portable_lanes_bls12_381() {
    tripair_testkit::on_big_stack(check_portable_lanes::<tripair::curve::curves::Bls12_381>);
}

macro_rules! lane_pairing_tests {
    (() $($m:ident: $c:ty = $label:literal),* $(,)?) => { $(
        mod $m {
            use super::*;
            #[test] fn eight_pairings() { check_pairings::<$c>(); }
            #[test] fn prepared_pairings() { check_prepared_pairings::<$c>(); }
            #[test] fn lane_products() { check_lane_products::<$c>(); }
        }
    )* };
}

crate::representative_curves!(lane_pairing_tests);
