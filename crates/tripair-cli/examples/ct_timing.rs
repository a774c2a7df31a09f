//! Constant-time evidence by timing (dudect: Reparaz, Balasch, Verbauwhede, "Dude, is my code
//! constant time?", DATE 2017): each function runs on inputs of two classes, one fixed secret
//! and fresh random secrets, in random order; Welch's t statistic on the two classes' rdtsc
//! counts (raw, and with the slowest tails cropped at several percentiles) stays small for code
//! whose time does not depend on the secret. |t| above 4.5 is the usual threshold for a leak. A
//! deliberately variable-time function (the variable-time inversion) is included so the test can
//! be seen to fail.
//!
//! ```sh
//! cargo run --release -p tripair-cli --features examples --example ct_timing -- [MEASUREMENTS_PER_CLASS] [FUNCTION...]
//! ```

use std::hint::black_box;
use tripair::curve::curves::Bls12_381;
use tripair::curve::{G1Projective, G2Projective, Scalar};
use tripair::field::{Fp, Fp12, TowerParams};
use tripair::hash_to_curve::hash_to_g2;
use tripair::pairing::{multi_pairing, pairing, pairing_prepared, G2Prepared};
use tripair_bls::{pop, MinPk, SecretKey};
use tripair_cli::measure::cycles_now;
use tripair_testkit::TestRng;

type C = Bls12_381;

/// Running mean and variance (Welford), per class.
#[derive(Clone, Copy, Default)]
struct Moments {
    n: f64,
    mean: f64,
    m2: f64,
}

impl Moments {
    fn push(&mut self, x: f64) {
        self.n += 1.0;
        let d = x - self.mean;
        self.mean += d / self.n;
        self.m2 += d * (x - self.mean);
    }
    fn var(&self) -> f64 {
        self.m2 / (self.n - 1.0).max(1.0)
    }
}

/// Welch's t between two classes.
fn welch(a: &Moments, b: &Moments) -> f64 {
    (a.mean - b.mean) / (a.var() / a.n + b.var() / b.n).sqrt()
}

/// The largest |t| over the raw counts and the counts cropped above the 50th..99th percentiles
/// (dudect's cropping removes the interrupts' and migrations' long tails).
fn max_t(samples: &[(usize, u64)]) -> f64 {
    let mut sorted: Vec<u64> = samples.iter().map(|s| s.1).collect();
    sorted.sort_unstable();
    let cut = |q: f64| sorted[((sorted.len() - 1) as f64 * q) as usize];
    let mut thresholds = vec![u64::MAX];
    thresholds.extend([0.5, 0.75, 0.9, 0.95, 0.99].map(cut));
    thresholds
        .into_iter()
        .map(|th| {
            let mut m = [Moments::default(); 2];
            for &(class, t) in samples.iter().filter(|s| s.1 <= th) {
                m[class].push(t as f64);
            }
            welch(&m[0], &m[1]).abs()
        })
        .fold(0.0, f64::max)
}

/// Times `f` on `n` inputs per class: class 0 always gets `fixed`, class 1 a fresh random input
/// (drawn before timing); the order of classes is random.
fn run<T: Copy>(
    n: usize,
    rng: &mut TestRng,
    fixed: T,
    mut random: impl FnMut(&mut TestRng) -> T,
    mut f: impl FnMut(T),
) -> f64 {
    let chunk = 1000;
    let mut samples = Vec::with_capacity(2 * n);
    for _ in 0..(2 * n).div_ceil(chunk) {
        let inputs: Vec<(usize, T)> = (0..chunk)
            .map(|_| {
                let class = (rng.next_u64() & 1) as usize;
                (class, if class == 0 { fixed } else { random(rng) })
            })
            .collect();
        for (class, x) in inputs {
            let t0 = cycles_now();
            f(black_box(x));
            let t1 = cycles_now();
            samples.push((class, t1.wrapping_sub(t0)));
        }
    }
    max_t(&samples)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.first().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let wanted: Vec<&str> = args.iter().skip(1).map(String::as_str).collect();
    let want = |name: &str| wanted.is_empty() || wanted.contains(&name);
    let mut rng = TestRng::new(0xd0de);
    println!("dudect-style fixed-vs-random timing, {n} measurements per class, bls12-381");
    println!(
        "{:<28} {:>8}  verdict (|t| > 4.5: timing depends on the secret)",
        "function", "max |t|"
    );
    let report = |name: &str, t: f64, expect_leak: bool| {
        let verdict = match (t > 4.5, expect_leak) {
            (false, false) => "no leak detected",
            (true, true) => "leak detected, as expected (variable time on purpose)",
            (true, false) => "LEAK",
            (false, true) => "not detected (the test missed a known leak)",
        };
        println!("{name:<28} {t:>8.2}  {verdict}");
    };
    let rand_fp = |rng: &mut TestRng| Fp::<<C as TowerParams>::Fp>::random(rng);
    let rand_scalar = |rng: &mut TestRng| -> Scalar<C> { Fp::random(rng) };
    if want("fp-inv") {
        let t = run(n, &mut rng, Fp::ONE, rand_fp, |x| {
            black_box(x.inv());
        });
        report("fp-inv", t, false);
    }
    if want("fp-inv-vartime") {
        let t = run(n, &mut rng, Fp::ONE, rand_fp, |x| {
            black_box(x.inv_vartime());
        });
        report("fp-inv-vartime", t, true);
    }
    if want("g1-mul") {
        let g = G1Projective::<C>::generator();
        let t = run(n, &mut rng, Scalar::<C>::ONE, rand_scalar, |k| {
            black_box(g * k);
        });
        report("g1-mul", t, false);
    }
    if want("g2-mul") {
        let g = G2Projective::<C>::generator();
        let t = run(n, &mut rng, Scalar::<C>::ONE, rand_scalar, |k| {
            black_box(g * k);
        });
        report("g2-mul", t, false);
    }
    if want("fp12-inv") {
        let f = pairing::<C>(
            &G1Projective::<C>::generator().to_affine(),
            &G2Projective::<C>::generator().to_affine(),
        )
        .into_fp12();
        let fixed = f + Fp12::ONE;
        let t = run(
            n,
            &mut rng,
            fixed,
            |rng| Fp12::from_coefficients(&core::array::from_fn(|_| rand_fp(rng))),
            |x| {
                black_box(x.inv());
            },
        );
        report("fp12-inv", t, false);
    }
    if want("hash-to-g2") {
        // A secret 32-byte message: fixed against random (RFC 9380 hash_to_curve to G2).
        let dst = b"ct_timing-with-BLS12381G2_XMD:SHA-256_SSWU_RO_";
        let rand_msg = |rng: &mut TestRng| {
            let mut m = [0u8; 32];
            rng.fill_bytes(&mut m);
            m
        };
        let t = run(n, &mut rng, [0u8; 32], rand_msg, |m| {
            black_box(hash_to_g2(&m, dst).is_ok());
        });
        report("hash-to-g2", t, false);
    }
    if want("bls-sign") {
        // A secret key, fixed against random; the message is public and fixed (Ethereum's suite).
        let key = |rng: &mut TestRng| {
            let mut ikm = [0u8; 32];
            rng.fill_bytes(&mut ikm);
            SecretKey::key_gen(&ikm, b"")
                .expect("32-byte IKM")
                .to_bytes()
        };
        let fixed = key(&mut rng);
        let t = run(n, &mut rng, fixed, key, |k| {
            let sk = SecretKey::from_bytes(&k).expect("a valid key");
            black_box(pop::sign::<MinPk>(&sk, b"message").to_bytes());
        });
        report("bls-sign", t, false);
    }
    // The pairings with secret G1 points (fixed: the generator; random: [k]G for a random k,
    // drawn before timing) and public G2 points.
    let g1 = G1Projective::<C>::generator();
    let q = G2Projective::<C>::generator().to_affine();
    let rand_g1 = |rng: &mut TestRng| (g1 * rand_scalar(rng)).to_affine();
    if want("pairing") {
        let t = run(n, &mut rng, g1.to_affine(), rand_g1, |p| {
            black_box(pairing::<C>(&p, &q));
        });
        report("pairing", t, false);
    }
    if want("product") {
        // A product of two pairings (one shared final exponentiation), both G1 points secret.
        let qs: [_; 2] = core::array::from_fn(|i| {
            (G2Projective::<C>::generator() * Scalar::<C>::from_u64(i as u64 + 2)).to_affine()
        });
        let pair =
            |ps: [tripair::curve::G1Affine<C>; 2]| -> Vec<_> { ps.into_iter().zip(qs).collect() };
        let t = run(
            n,
            &mut rng,
            [g1.to_affine(); 2],
            |rng| core::array::from_fn(|_| rand_g1(rng)),
            |ps| {
                black_box(multi_pairing::<C>(&pair(ps)));
            },
        );
        report("product", t, false);
    }
    if want("prepared") {
        let prepared = G2Prepared::<C>::new(&q);
        let t = run(n, &mut rng, g1.to_affine(), rand_g1, |p| {
            black_box(pairing_prepared::<C>(&p, &prepared));
        });
        report("prepared", t, false);
    }
    if want("gt-pow") {
        let e = pairing::<C>(
            &G1Projective::<C>::generator().to_affine(),
            &G2Projective::<C>::generator().to_affine(),
        );
        let t = run(n, &mut rng, Scalar::<C>::ONE, rand_scalar, |k| {
            black_box(e.pow(&k));
        });
        report("gt-pow", t, false);
    }
}
