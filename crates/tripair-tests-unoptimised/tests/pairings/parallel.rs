//! Every threaded form equals its serial form on every prime-field curve: batches of 0, 1, 2, 3
//! and 5 pairs (with points at infinity), thread counts 1, 2, 3 and 8 (more than the batch);
//! products of 7, 8, 9, 17 and 21 pairs (with points at infinity: one lane row split by steps,
//! two and three rows recorded and replayed by segments, or scalar loops per thread where lanes do
//! not pay) on 1 to 4 and 8 threads, one of 136 pairs (more rows than a product records, dealt to
//! the threads) on 2, and batches of 7 to 9 (one lane pass, its loop split over two
//! threads); the Miller loop cut in two and the pipelined loop
//! (lines on a second thread) equal the serial pairing, and the final exponentiation split over
//! two threads equals the serial one. Each check first turns off the fallback to one thread
//! under contention (`set_contention_fallback`): the test harness's own threads keep the cores
//! busy, and the threaded paths must run to be checked.

#![cfg(feature = "parallel")]

use tripair::pairing::{
    final_exponentiation_two_threads, miller_loop, miller_loop_threads, multi_miller_loop_threads,
    multi_pairing_threads, pairing_batch, pairing_check_threads, pairing_pipelined,
    pairing_split_loop, set_contention_fallback,
};
use tripair::{
    final_exponentiation, multi_pairing, pairing, pairing_check, G1Affine, G2Affine, G2Prepared,
    PairingCurve, Scalar,
};
use tripair_testkit::TestRng;

/// n pairs (aG1, bG2) with random scalars, then (O, G2) inserted at index `i` and (G1, O) at
/// index `j` (of the list with the first inserted).
fn pairs_with_infinities<C: PairingCurve>(
    rng: &mut TestRng,
    n: usize,
    i: usize,
    j: usize,
) -> Vec<(G1Affine<C>, G2Affine<C>)> {
    let (g1, g2) = (G1Affine::<C>::generator(), G2Affine::<C>::generator());
    let mut pairs: Vec<_> = (0..n)
        .map(|_| {
            (
                (g1 * Scalar::<C>::random(rng)).to_affine(),
                (g2 * Scalar::<C>::random(rng)).to_affine(),
            )
        })
        .collect();
    pairs.insert(i, (G1Affine::identity(), g2));
    pairs.insert(j, (g1, G2Affine::identity()));
    pairs
}

fn check_parallel<C: PairingCurve>() {
    set_contention_fallback(false);
    let mut rng = TestRng::new(0x7e4d);
    let g1 = G1Affine::<C>::generator();
    let g2 = G2Affine::<C>::generator();
    let pairs = pairs_with_infinities::<C>(&mut rng, 3, 1, 4);
    let serial: Vec<_> = pairs.iter().map(|(p, q)| pairing(p, q)).collect();
    let prepared: Vec<G2Prepared<C>> = pairs.iter().map(|(_, q)| G2Prepared::new(q)).collect();
    for n in [0usize, 1, 2, 3, 5] {
        let batch = &pairs[..n];
        let refs: Vec<_> = batch.iter().map(|(p, _)| p).zip(&prepared[..n]).collect();
        for threads in [1usize, 2, 3, 8] {
            assert_eq!(
                pairing_batch(batch, threads),
                serial[..n],
                "{} n={n} t={threads}",
                C::NAME
            );
            assert_eq!(multi_pairing_threads(batch, threads), multi_pairing(batch));
            assert_eq!(pairing_check_threads(batch, threads), pairing_check(batch));
            assert_eq!(
                final_exponentiation(&multi_miller_loop_threads(&refs, threads)),
                multi_pairing(batch)
            );
        }
    }
    // A check that holds only as a whole: e(aP, Q) e(-P, aQ) = 1, split over threads.
    let a = Scalar::<C>::random(&mut rng);
    let check = [
        ((g1 * a).to_affine(), g2),
        (-g1, (g2 * a).to_affine()),
        (g1, G2Affine::identity()),
    ];
    for threads in [1, 2, 3] {
        assert!(pairing_check_threads(&check, threads));
        assert!(!pairing_check_threads(&check[..1], threads));
    }
}

/// Products of 7, 8, 9, 17 and 21 pairs (two of them with a point at infinity, so 17 holds 15
/// finite pairs, an odd count, and 21 holds 19) on 1, 2, 3, 4 and 8 threads, and one of 136 on 2
/// (17 lane rows, dealt to the threads), all equal to the serial product; a check that holds only
/// as a whole still holds when its pairs are spread over the threads.
fn check_large_products<C: PairingCurve>() {
    set_contention_fallback(false);
    let mut rng = TestRng::new(0x2f1);
    let pairs = pairs_with_infinities::<C>(&mut rng, 19, 3, 12);
    let g1 = G1Affine::<C>::generator();
    let g2 = G2Affine::<C>::generator();
    for n in [7, 8, 9, 17, 21] {
        let batch = &pairs[..n];
        let serial = multi_pairing(batch);
        for threads in [1usize, 2, 3, 4, 8] {
            assert_eq!(
                final_exponentiation(&miller_loop_threads(batch, threads)),
                serial,
                "{} n={n} t={threads}",
                C::NAME
            );
            assert_eq!(
                multi_pairing_threads(batch, threads),
                serial,
                "{} n={n} t={threads}",
                C::NAME
            );
        }
        // One lane pass (8 pairs, with a point at infinity among them) and its neighbours as
        // batches: on two threads the pass's loop is split over both.
        if n <= 9 {
            let each: Vec<_> = batch.iter().map(|(p, q)| pairing(p, q)).collect();
            for threads in [1usize, 2, 3] {
                assert_eq!(
                    pairing_batch(batch, threads),
                    each,
                    "{} batch n={n} t={threads}",
                    C::NAME
                );
            }
        }
    }
    let many = pairs_with_infinities::<C>(&mut rng, 134, 5, 77);
    let serial = multi_pairing(&many);
    assert_eq!(multi_pairing_threads(&many, 2), serial, "{} n=136", C::NAME);
    assert_eq!(
        final_exponentiation(&miller_loop_threads(&many, 2)),
        serial,
        "{} n=136",
        C::NAME
    );
    // A full row of finite pairs, as a product and as a batch.
    let full = &pairs[4..12];
    let each: Vec<_> = full.iter().map(|(p, q)| pairing(p, q)).collect();
    assert_eq!(pairing_batch(full, 2), each, "{}", C::NAME);
    assert_eq!(
        multi_pairing_threads(full, 2),
        multi_pairing(full),
        "{}",
        C::NAME
    );
    // sum_i a_i = 0 over 12 pairs (aP_i, Q) with the last a = -(sum of the others).
    let mut total = Scalar::<C>::ZERO;
    let mut check: Vec<(G1Affine<C>, G2Affine<C>)> = (0..11)
        .map(|_| {
            let a = Scalar::<C>::random(&mut rng);
            total += a;
            ((g1 * a).to_affine(), g2)
        })
        .collect();
    check.push(((g1 * (-total)).to_affine(), g2));
    for threads in [1, 2, 4] {
        assert!(pairing_check_threads(&check, threads), "t={threads}");
        assert!(!pairing_check_threads(&check[1..], threads), "t={threads}");
    }
}

/// The loop cut in two over two threads gives the serial pairing (and 1 on infinity).
fn check_split_loop<C: PairingCurve>() {
    set_contention_fallback(false);
    let mut rng = TestRng::new(0x5b1);
    for _ in 0..3 {
        let p = G1Affine::<C>::random(&mut rng);
        let q = G2Affine::<C>::random(&mut rng);
        assert_eq!(pairing_split_loop(&p, &q), pairing(&p, &q), "{}", C::NAME);
        assert_eq!(pairing_pipelined(&p, &q), pairing(&p, &q), "{}", C::NAME);
    }
    // The final exponentiation split over two threads, on Miller loop outputs of one and of
    // three pairs and on 1.
    let pairs: Vec<_> = (0..3)
        .map(|_| {
            (
                G1Affine::<C>::random(&mut rng),
                G2Affine::<C>::random(&mut rng),
            )
        })
        .collect();
    for m in [
        miller_loop(&pairs[..1]),
        miller_loop(&pairs),
        miller_loop(&[]),
    ] {
        assert_eq!(
            final_exponentiation_two_threads(&m),
            final_exponentiation(&m),
            "{}: final exponentiation on two threads",
            C::NAME
        );
    }
    let g = G1Affine::<C>::generator();
    assert!(pairing_split_loop(&g, &G2Affine::identity()).is_identity());
    assert!(pairing_split_loop(&G1Affine::identity(), &G2Affine::<C>::generator()).is_identity());
    assert!(pairing_pipelined(&g, &G2Affine::identity()).is_identity());
    assert!(pairing_pipelined(&G1Affine::identity(), &G2Affine::<C>::generator()).is_identity());
}

macro_rules! parallel_tests {
    (() $($m:ident: $c:ty = $label:literal),* $(,)?) => { $(
        mod $m {
            use super::*;
            #[test] fn batches_products_checks() { check_parallel::<$c>(); }
            #[test] fn split_loop() { check_split_loop::<$c>(); }
            #[test] fn large_products() { check_large_products::<$c>(); }
        }
    )* };
}

tripair::for_each_prime_curve!(parallel_tests);
