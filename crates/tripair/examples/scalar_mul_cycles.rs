//! Cycles of the constant-time scalar multiplications on BLS12-381 (medians of interleaved
//! samples): variable-base G1/G2 `mul`, and `mul_generator` from the fixed-base tables.
//! `cargo run --release -p tripair --features examples --example scalar_mul_cycles`

use std::hint::black_box;
use tripair::curve::curves::Bls12_381 as C;
use tripair::curve::{FixedBaseTable, G1Affine, G1Projective, G2Affine, G2Projective, Scalar};
use tripair::field::Fp;
use tripair_testkit::TestRng;

fn rdtsc() -> u64 {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: rdtsc has no preconditions on x86_64.
    unsafe {
        core::arch::x86_64::_rdtsc()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        std::time::Instant::now().elapsed().as_nanos() as u64
    }
}

fn main() {
    let mut rng = TestRng::new(7);
    let k: Scalar<C> = Fp::random(&mut rng);
    let p1 = G1Projective::<C>::generator() * Fp::random(&mut rng);
    let p2 = G2Projective::<C>::generator() * Fp::random(&mut rng);
    let _ = G1Projective::<C>::mul_generator(&k);
    let _ = G2Projective::<C>::mul_generator(&k);
    let (g1, g2) = (G1Affine::<C>::generator(), G2Affine::<C>::generator());
    let t1: Vec<_> = (4..=6)
        .map(|w| FixedBaseTable::with_window(&g1, w))
        .collect();
    let t2: Vec<_> = (4..=6)
        .map(|w| FixedBaseTable::with_window(&g2, w))
        .collect();
    type F<'a> = (&'a str, Box<dyn Fn() + 'a>);
    let fs: Vec<F> = vec![
        (
            "G1 mul",
            Box::new(|| {
                black_box(black_box(p1).mul(black_box(&k)));
            }),
        ),
        (
            "G2 mul",
            Box::new(|| {
                black_box(black_box(p2).mul(black_box(&k)));
            }),
        ),
        (
            "G1 mul_generator",
            Box::new(|| {
                black_box(G1Projective::<C>::mul_generator(black_box(&k)));
            }),
        ),
        (
            "G2 mul_generator",
            Box::new(|| {
                black_box(G2Projective::<C>::mul_generator(black_box(&k)));
            }),
        ),
        (
            "G1 table w=4",
            Box::new(|| {
                black_box(t1[0].mul(black_box(&k)));
            }),
        ),
        (
            "G1 table w=5",
            Box::new(|| {
                black_box(t1[1].mul(black_box(&k)));
            }),
        ),
        (
            "G1 table w=6",
            Box::new(|| {
                black_box(t1[2].mul(black_box(&k)));
            }),
        ),
        (
            "G2 table w=4",
            Box::new(|| {
                black_box(t2[0].mul(black_box(&k)));
            }),
        ),
        (
            "G2 table w=5",
            Box::new(|| {
                black_box(t2[1].mul(black_box(&k)));
            }),
        ),
        (
            "G2 table w=6",
            Box::new(|| {
                black_box(t2[2].mul(black_box(&k)));
            }),
        ),
        (
            "G1 build table w=6",
            Box::new(|| {
                black_box(FixedBaseTable::new(black_box(&g1)));
            }),
        ),
        (
            "G2 build table w=6",
            Box::new(|| {
                black_box(FixedBaseTable::new(black_box(&g2)));
            }),
        ),
    ];
    let samples = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(51);
    let mut t = vec![Vec::new(); fs.len()];
    for _ in 0..samples {
        for (i, (_, f)) in fs.iter().enumerate() {
            let a = rdtsc();
            f();
            t[i].push(rdtsc() - a);
        }
    }
    for (i, (name, _)) in fs.iter().enumerate() {
        t[i].sort();
        println!("{name:<20} {:>10} cycles", t[i][t[i].len() / 2]);
    }
}
