//! Runs pairings on the dclxvi curve with F_p as twelve doubles in a loop, for a profiler, and
//! prints the median rdtsc ticks beside the Montgomery pairing's.
//! `cargo run --release -p tripair-research --features examples --example dclxvi_profile [count]`
use std::hint::black_box;
use tripair::curve::curves::Dclxvi as DclxviCurve;
use tripair::curve::{G1Affine, G2Affine};
use tripair::pairing::pairing_scalar;
use tripair_research::pairing::dclxvi::pairing_float;

fn rdtsc() -> u64 {
    // SAFETY: rdtsc has no preconditions on x86_64.
    unsafe { core::arch::x86_64::_rdtsc() }
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let only_float = std::env::var("FLOAT_ONLY").is_ok();
    let (p, q) = (
        G1Affine::<DclxviCurve>::generator(),
        G2Affine::<DclxviCurve>::generator(),
    );
    let (mut tf, mut tm) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for _ in 0..n {
        let s = rdtsc();
        black_box(pairing_float(black_box(&p), black_box(&q)));
        tf.push(rdtsc() - s);
        if !only_float {
            let s = rdtsc();
            black_box(pairing_scalar(black_box(&p), black_box(&q)));
            tm.push(rdtsc() - s);
        }
    }
    tf.sort_unstable();
    println!(
        "dclxvi float pairing      {:9} ticks (median of {n})",
        tf[n / 2]
    );
    if !only_float {
        tm.sort_unstable();
        println!(
            "dclxvi Montgomery pairing {:9} ticks (median of {n})",
            tm[n / 2]
        );
    }
}
