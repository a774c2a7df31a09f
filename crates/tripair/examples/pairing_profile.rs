//! Runs bls12-381 and bn254 pairings in a loop, for a profiler (`perf record`), and prints the
//! median and minimum rdtsc cycles per pairing. `cargo run --release -p tripair --features examples --example pairing_profile [count] [bls12-381|bn254|bn256d|bn446|bn638]`
use std::hint::black_box;
use tripair::curve::curves::{Bls12_381, Bn254, Bn256d, Bn446, Bn638};
use tripair::curve::{G1Affine, G2Affine, PairingCurve};
use tripair::pairing::pairing;

fn rdtsc() -> u64 {
    // SAFETY: rdtsc has no preconditions on x86_64.
    unsafe { core::arch::x86_64::_rdtsc() }
}

fn run<C: PairingCurve>(name: &str, n: usize) {
    let (p, q) = (G1Affine::<C>::generator(), G2Affine::<C>::generator());
    let mut t = Vec::with_capacity(n);
    for _ in 0..n {
        let s = rdtsc();
        black_box(pairing(black_box(&p), black_box(&q)));
        t.push(rdtsc() - s);
    }
    t.sort_unstable();
    // The minimum too: on a shared machine other tenants only ever add cycles.
    println!(
        "{name:10} pairing {:9} cycles (median of {n}), {:9} min",
        t[n / 2],
        t[0]
    );
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(500);
    // An optional second argument keeps one curve (for a profile of that curve alone).
    let only = std::env::args().nth(2).unwrap_or_default();
    if only.is_empty() || only == "bls12-381" {
        run::<Bls12_381>("bls12-381", n);
    }
    if only.is_empty() || only == "bn254" {
        run::<Bn254>("bn254", n);
    }
    // bn256d's default single pairing is digit-sliced where the CPU has AVX-512 IFMA.
    if only == "bn256d" {
        run::<Bn256d>("bn256d", n);
    }
    // The larger fields of Pereira et al. (7 and 10 limbs), on request only.
    if only == "bn446" {
        run::<Bn446>("bn446", n);
    }
    if only == "bn638" {
        run::<Bn638>("bn638", n);
    }
}
