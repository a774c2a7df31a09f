//! Eight-lane pairings in a loop, for `perf record` (no micro-benchmarks mixed in).
//!
//! `cargo run --release -p tripair --features examples --example lanes_profile -- [bls|bn] [iterations]`

use std::hint::black_box;
use tripair::curve::{G1Projective, G2Projective, PairingCurve};
use tripair::field::lanes::{IfmaLanes, LANES};
use tripair::field::Fp;
use tripair::pairing::pairings_in_lanes;

fn run<C: PairingCurve>(n: usize) {
    let pairs: Vec<_> = (0..LANES)
        .map(|i| {
            let k = Fp::from_u64(i as u64 + 2);
            (
                (G1Projective::<C>::generator() * k).to_affine(),
                (G2Projective::<C>::generator() * k).to_affine(),
            )
        })
        .collect();
    for _ in 0..n {
        black_box(pairings_in_lanes::<C, IfmaLanes>(black_box(&pairs)));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(50);
    match args.get(1).map(String::as_str) {
        Some("bn") => run::<tripair::curve::curves::Bn254>(n),
        _ => run::<tripair::curve::curves::Bls12_381>(n),
    }
}
