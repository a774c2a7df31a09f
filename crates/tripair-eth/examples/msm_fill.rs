//! Where each method of `msm_vartime` is fastest on this CPU (the strategy layer's
//! `msm_buckets_min`, where buckets overtake interleaved NAFs, and `msm_batch_affine_min`, where
//! batch-affine buckets overtake projective ones): G1 and G2 of bls12-381, median of 7 timed runs
//! per size, the three methods interleaved.
//!
//! `cargo run --release -p tripair-eth --features examples --example msm_fill`

use std::time::Instant;
use tripair::curve::curves::Bls12_381;
use tripair::curve::{Affine, CurveGroup, MsmMethod, Projective, Scalar, G1, G2};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn run<G: CurveGroup<Curve = Bls12_381>>(label: &str) {
    let mut seed = 0x6d736d_u64;
    let mut rng = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let g = Projective::<G>::generator();
    for n in [1usize, 2, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 256] {
        let pts: Vec<Affine<G>> = (0..n)
            .map(|_| g.mul_vartime(&[rng(), rng()]).to_affine())
            .collect();
        let ks: Vec<Scalar<Bls12_381>> = (0..n)
            .map(|_| {
                let b: Vec<u8> = (0..4).flat_map(|_| rng().to_be_bytes()).collect();
                Scalar::<Bls12_381>::from_be_bytes_mod_order(&b)
            })
            .collect();
        let reps = (4_000 / n).max(1);
        let methods = [
            MsmMethod::Interleaved,
            MsmMethod::ProjectiveBuckets,
            MsmMethod::AffineBuckets,
        ];
        let mut times: [Vec<f64>; 3] = Default::default();
        for _ in 0..7 {
            for (v, &method) in times.iter_mut().zip(&methods) {
                let t = Instant::now();
                for _ in 0..reps {
                    std::hint::black_box(Projective::msm_vartime_with(&pts, &ks, Some(method)));
                }
                v.push(t.elapsed().as_secs_f64() * 1e6 / reps as f64);
            }
        }
        let [i, p, a] = times.map(median);
        println!(
            "{label} n={n:>5} (x{} parts): interleaved {i:>9.1} us, projective buckets {p:>9.1} us, \
             batch-affine buckets {a:>9.1} us; buckets/interleaved {:.2}, affine/projective {:.2}",
            G::decomposition().dim,
            p.min(a) / i,
            a / p
        );
    }
}

fn main() {
    println!(
        "load: {}",
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    run::<G1<Bls12_381>>("G1");
    run::<G2<Bls12_381>>("G2");
}
