//! Cycles of the tower's building blocks (medians of interleaved samples) on bls12-381 and bn254.
//! `cargo run --release -p tripair --features examples --example tower_cycles [op-filter]`
use std::hint::black_box;
use tripair::curve::PairingCurve;
use tripair::field::{BaseField, Fp, Fp12, Fp2, Fp6};
use tripair_testkit::TestRng;

fn rdtsc() -> u64 {
    // SAFETY: rdtsc has no preconditions on x86_64.
    unsafe { core::arch::x86_64::_rdtsc() }
}

fn run<C: PairingCurve>(name: &str, filter: &str) {
    let mut rng = TestRng::new(9);
    type T<C> = C;
    let a: Fp<<C as tripair::field::TowerParams>::Fp> = Fp::random(&mut rng);
    let b = Fp::random(&mut rng);
    let a2 = Fp2::<T<C>>::new(Fp::random(&mut rng), Fp::random(&mut rng));
    let b2 = Fp2::<T<C>>::new(Fp::random(&mut rng), Fp::random(&mut rng));
    let r6 = |rng: &mut TestRng| {
        Fp6::<T<C>>::new(
            Fp2::new(Fp::random(rng), Fp::random(rng)),
            Fp2::new(Fp::random(rng), Fp::random(rng)),
            Fp2::new(Fp::random(rng), Fp::random(rng)),
        )
    };
    let a6 = r6(&mut rng);
    let b6 = r6(&mut rng);
    let a12 = Fp12::<T<C>>::new(r6(&mut rng), r6(&mut rng));
    let b12 = Fp12::<T<C>>::new(r6(&mut rng), r6(&mut rng));
    let mut w = <Fp<C::Fp> as BaseField>::WIDE_ZERO;
    a.mul_wide_into(&b, &mut w);
    let w2 = w;
    type F<'a> = (&'a str, Box<dyn Fn() + 'a>);
    let fs: Vec<F> = vec![
        (
            "fp_mul",
            Box::new(|| {
                black_box(black_box(a) * black_box(b));
            }),
        ),
        (
            "fp_add",
            Box::new(|| {
                black_box(black_box(a) + black_box(b));
            }),
        ),
        (
            "fp_sub",
            Box::new(|| {
                black_box(black_box(a) - black_box(b));
            }),
        ),
        (
            "fp_mul_wide",
            Box::new(|| {
                let mut o = <Fp<C::Fp> as BaseField>::WIDE_ZERO;
                black_box(a).mul_wide_into(black_box(&b), &mut o);
                black_box(o);
            }),
        ),
        (
            "fp_reduce_wide",
            Box::new(|| {
                black_box(<Fp<C::Fp> as BaseField>::reduce_wide(black_box(&w)));
            }),
        ),
        (
            "fp_wide_add",
            Box::new(|| {
                black_box(<Fp<C::Fp> as BaseField>::wide_add(
                    black_box(&w),
                    black_box(&w2),
                ));
            }),
        ),
        (
            "fp_wide_sub",
            Box::new(|| {
                black_box(<Fp<C::Fp> as BaseField>::wide_sub(
                    black_box(&w),
                    black_box(&w2),
                ));
            }),
        ),
        (
            "fp_wide_xi",
            Box::new(|| {
                black_box(<Fp<C::Fp> as BaseField>::wide_lincomb(
                    black_box(&w),
                    9,
                    black_box(&w2),
                    -1,
                ));
            }),
        ),
        (
            "fp2_mul_by_xi",
            Box::new(|| {
                black_box(black_box(a2).mul_by_xi());
            }),
        ),
        (
            "fp2_mul",
            Box::new(|| {
                black_box(black_box(a2) * black_box(b2));
            }),
        ),
        (
            "fp2_sqr",
            Box::new(|| {
                black_box(black_box(a2).square());
            }),
        ),
        (
            "fp6_mul",
            Box::new(|| {
                black_box(black_box(a6) * black_box(b6));
            }),
        ),
        (
            "fp6_sqr",
            Box::new(|| {
                black_box(black_box(a6).square());
            }),
        ),
        (
            "fp12_mul",
            Box::new(|| {
                black_box(black_box(a12) * black_box(b12));
            }),
        ),
        (
            "fp12_sqr",
            Box::new(|| {
                black_box(black_box(a12).square());
            }),
        ),
        (
            "fp12_cyc_sqr",
            Box::new(|| {
                black_box(black_box(a12).cyclotomic_square());
            }),
        ),
        (
            "fp12_line_m",
            Box::new(|| {
                black_box(black_box(a12).mul_by_line_m(&a2, &b2, &a2));
            }),
        ),
        (
            "fp12_line_d",
            Box::new(|| {
                black_box(black_box(a12).mul_by_line_d(&a2, &b2, &a2));
            }),
        ),
        (
            "fp_inv",
            Box::new(|| {
                black_box(black_box(a).inv());
            }),
        ),
        (
            "fp_inv_vartime",
            Box::new(|| {
                black_box(black_box(a).inv_vartime());
            }),
        ),
        (
            "fp12_inv",
            Box::new(|| {
                black_box(black_box(a12).inv());
            }),
        ),
    ];
    let fs: Vec<_> = fs.into_iter().filter(|f| f.0.contains(filter)).collect();
    let mut samples = vec![Vec::new(); fs.len()];
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(41);
    for _ in 0..rounds {
        for (i, (_, f)) in fs.iter().enumerate() {
            let reps = 200;
            let t = rdtsc();
            for _ in 0..reps {
                f();
            }
            samples[i].push((rdtsc() - t) as f64 / reps as f64);
        }
    }
    for (i, (n, _)) in fs.iter().enumerate() {
        samples[i].sort_by(|x, y| x.partial_cmp(y).unwrap());
        println!("{name:10} {n:16} {:8.1}", samples[i][samples[i].len() / 2]);
    }
}

fn main() {
    let filter = std::env::args().nth(1).unwrap_or_default();
    // CURVE=name limits the run to one curve (for a profiler).
    let curve = std::env::var("CURVE").unwrap_or_default();
    let on = |name: &str| curve.is_empty() || curve == name;
    if on("bls12-381") {
        run::<tripair::curve::curves::Bls12_381>("bls12-381", &filter);
    }
    if on("bn254") {
        run::<tripair::curve::curves::Bn254>("bn254", &filter);
    }
    if on("bn446") {
        run::<tripair::curve::curves::Bn446>("bn446", &filter);
    }
}
