//! A quick look at the lane field against the scalar one on bn254 and bls12-381: F_p products per
//! element, pairings per pairing, products of 4 to 32 pairings per pair (in lanes, against the
//! scalar affine product) and the lanes' F_p12 product per element, in rdtsc ticks (medians of 15
//! batches). The full
//! comparison, interleaved and with the paper's numbers, is `tripair bench --table ggp`.
//!
//! `cargo run --release -p tripair --features examples --example lanes_bench`

use std::hint::black_box;
use tripair::curve::{G1Projective, G2Projective, PairingCurve};
use tripair::field::lanes::{IfmaLanes, Lanes, LANES};
use tripair::field::{Fp, Fp12, Fp2, Fp6, TowerParams};
use tripair::pairing::{
    final_exponentiation, miller_loop_lanes_with, pairing, pairings_in_lanes, product_miller_loop,
};
use tripair_testkit::TestRng;

fn ticks() -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: rdtsc has no preconditions on x86-64.
        unsafe { core::arch::x86_64::_rdtsc() }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        0
    }
}

/// Median ticks per call of f over 15 batches of `n` calls.
fn median_ticks(n: u64, mut f: impl FnMut()) -> f64 {
    let mut v: Vec<f64> = (0..15)
        .map(|_| {
            let t = ticks();
            for _ in 0..n {
                f();
            }
            (ticks() - t) as f64 / n as f64
        })
        .collect();
    v.sort_by(f64::total_cmp);
    v[7]
}

fn run<C: PairingCurve>() {
    let mut rng = TestRng::new(7);
    let x: Fp<<C as TowerParams>::Fp> = Fp::random(&mut rng);
    let y = Fp::random(&mut rng);
    let lx = Lanes::<C::Fp, IfmaLanes>::from_lanes(&core::array::from_fn(|_| Fp::random(&mut rng)));
    let ly = Lanes::<C::Fp, IfmaLanes>::from_lanes(&core::array::from_fn(|_| Fp::random(&mut rng)));
    let scalar_mul = median_ticks(100_000, || {
        black_box(black_box(x) * black_box(y));
    });
    let lane_mul = median_ticks(100_000, || {
        black_box(black_box(lx) * black_box(ly));
    });
    let lane_add = median_ticks(100_000, || {
        black_box(black_box(lx) + black_box(ly));
    });
    // The F_p12 product of eight elements at once.
    let l2 = |a, b| Fp2::<C, Lanes<C::Fp, IfmaLanes>>::new(a, b);
    let l12 = |a, b| {
        Fp12::new(
            Fp6::new(l2(a, b), l2(b, a), l2(a, a)),
            Fp6::new(l2(b, b), l2(a, b), l2(b, a)),
        )
    };
    let (fa, fb) = (l12(lx, ly), l12(ly, lx));
    let lane_fp12_mul = median_ticks(2_000, || {
        black_box(black_box(fa) * black_box(fb));
    });
    let pairs: Vec<_> = (0..LANES)
        .map(|i| {
            let k = Fp::from_u64(i as u64 + 2);
            (
                (G1Projective::<C>::generator() * k).to_affine(),
                (G2Projective::<C>::generator() * k).to_affine(),
            )
        })
        .collect();
    let scalar_pairing = median_ticks(3, || {
        black_box(pairing::<C>(black_box(&pairs[0].0), black_box(&pairs[0].1)));
    });
    let lane_pairing = median_ticks(1, || {
        black_box(pairings_in_lanes::<C, IfmaLanes>(black_box(&pairs)));
    });
    // The product at several sizes, for the lane-product threshold (strategy::lanes_min_product).
    for n in [4usize, 5, 6, 7, 8, 12, 16, 24, 32] {
        let many: Vec<_> = (0..n).map(|i| pairs[i % LANES]).collect();
        let scalar_product = median_ticks(1, || {
            black_box(final_exponentiation(&product_miller_loop::<C>(black_box(
                &many,
            ))));
        });
        let lane_product = median_ticks(1, || {
            black_box(final_exponentiation(
                &miller_loop_lanes_with::<C, IfmaLanes>(black_box(&many)),
            ));
        });
        println!(
            "{:<10} product of {n:2} per pair: scalar affine {:9.0}, lanes {:9.0} ({:.2}x)",
            C::NAME,
            scalar_product / n as f64,
            lane_product / n as f64,
            lane_product / scalar_product
        );
    }
    println!(
        "{:<10} F_p mul per element: scalar {:6.1}, lanes {:6.1} (lane add {:5.1}); pairing: scalar {:9.0}, lanes {:9.0} per pairing ({:.2}x)",
        C::NAME,
        scalar_mul,
        lane_mul / LANES as f64,
        lane_add / LANES as f64,
        scalar_pairing,
        lane_pairing / LANES as f64,
        lane_pairing / LANES as f64 / scalar_pairing
    );
    println!(
        "{:<10} F_p12 mul per element: lanes {:8.1}",
        C::NAME,
        lane_fp12_mul / LANES as f64
    );
}

fn main() {
    println!("rdtsc ticks; {}", tripair::cpu::describe());
    run::<tripair::curve::curves::Bn254>();
    run::<tripair::curve::curves::Bls12_381>();
}
