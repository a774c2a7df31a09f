//! The benchmark behind `tripair bench`: per curve, median time and rdtsc cycles of the tower
//! operations and pairing variants, optionally interleaved with peer libraries in the same run.

use crate::measure::{measure_interleaved, Measurement};
use std::hint::black_box;
use tripair::curve::{G1Affine, G1Projective, G2Affine, G2Projective, PairingCurve, Scalar};
use tripair::field::{Fp, Fp12, Fp2, FpParams};
use tripair::pairing::{
    final_exp::easy_part, final_exponentiation, miller_loop, miller_loop_affine_vartime,
    multi_pairing, multi_pairing_prepared, multi_pairing_threads, pairing, pairing_batch,
    pairing_prepared, pairing_split_loop, G2Prepared,
};
use tripair_testkit::TestRng;

/// One measured figure.
#[derive(Clone, Debug)]
pub struct BenchRow {
    /// The curve's name, e.g. "bn254".
    pub curve: String,
    /// The operation, one of [`OPS`].
    pub op: &'static str,
    /// "tripair" or the peer library's name.
    pub implementation: String,
    /// Median time and cycles per call.
    pub m: Measurement,
}

/// How many distinct inputs the inversion rows cycle through (ours and the peers').
pub const INV_POOL: usize = 1024;
/// How many distinct inputs the F_p12 inversion rows cycle through (ours and the peers'): enough
/// that no predictor learns a branchy F_p inverse inside them, few enough to stay in L2 (256 F_p12
/// values of bls12-381 are 147 KB).
pub const FP12_INV_POOL: usize = 256;

/// The operations every curve reports, in table order. `g1_mul` and `g2_mul` are constant-time
/// scalar multiplications by a random scalar (GLV and GLS); the `_msm_64` rows are
/// [`G1Projective::msm_vartime`] on 64 points, per point. `batch_8_per_pairing` is the throughput
/// of one core on many independent pairings, per pairing: tripair's batch of 8 on one thread (eight
/// SIMD lanes where the CPU has AVX-512 IFMA, Grabher et al.'s implementation G), the peers' single
/// pairing (they have no batch form), so its "vs best peer" column answers issue 17's per-core
/// throughput question directly.
pub const OPS: &[&str] = &[
    "fp_mul",
    "fp_sqr",
    "fp_inv",
    "fp_inv_vartime",
    "fp2_mul",
    "fp2_sqr",
    "fp12_mul",
    "fp12_sqr",
    "fp12_cyclotomic_sqr",
    "fp12_inv",
    "miller_loop",
    "final_exponentiation",
    "pairing",
    "pairing_prepared",
    "pairing_affine",
    "product_2",
    "product_8",
    "product_8_prepared",
    "product_8_affine",
    "product_8_2threads",
    "batch_8_1thread",
    "batch_8_2threads",
    "batch_8_per_pairing",
    "pairing_split_2threads",
    "g1_mul",
    "g2_mul",
    "g1_msm_64",
    "g2_msm_64",
];

/// How many points the `_msm_64` rows take (their figures are per point).
pub const MSM_POINTS: usize = 64;

/// n pairs (aG1, bG2) with random scalars: the inputs of the pairing rows of every table.
pub fn random_pairs<C: PairingCurve>(
    rng: &mut TestRng,
    n: usize,
) -> Vec<(G1Affine<C>, tripair::curve::G2Affine<C>)> {
    (0..n)
        .map(|_| {
            let s: Scalar<C> = random_fp(rng);
            let t: Scalar<C> = random_fp(rng);
            (
                G1Projective::<C>::generator().mul(&s).to_affine(),
                G2Projective::<C>::generator().mul(&t).to_affine(),
            )
        })
        .collect()
}

/// `pairs` on `CB`, the same curve as `C` on another backend (`C::WithBackend<B>`), through the
/// coordinates' bytes: the tables that time other backends take their points from
/// [`random_pairs`] on the default one, so that no backend but the default one has scalar
/// multiplication compiled into the tables (29 instantiations of it were a tenth of the command
/// line's library: docs/build-timings.md).
pub fn pairs_on_backend<C: PairingCurve, CB: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> Vec<(G1Affine<CB>, G2Affine<CB>)> {
    fn fp<F: FpParams, G: FpParams>(x: &Fp<F>) -> Fp<G> {
        Fp::from_be_bytes(&x.to_be_bytes()).expect("the same prime on both backends")
    }
    fn fp2<C: PairingCurve, CB: PairingCurve>(x: &Fp2<C>) -> Fp2<CB> {
        Fp2::new(fp(&x.c0), fp(&x.c1))
    }
    pairs
        .iter()
        .map(|(p, q)| {
            let p = match p.is_identity() {
                true => G1Affine::<CB>::identity(),
                false => G1Affine::<CB>::new_unchecked(fp(&p.x()), fp(&p.y())),
            };
            let q = match q.is_identity() {
                true => G2Affine::<CB>::identity(),
                false => G2Affine::<CB>::new_unchecked(fp2::<C, CB>(&q.x()), fp2::<C, CB>(&q.y())),
            };
            (p, q)
        })
        .collect()
}

fn random_fp<F: FpParams>(rng: &mut TestRng) -> Fp<F> {
    Fp::random(rng)
}

/// Our closure for one op on curve C (already on a concrete backend).
fn op_closure<C: PairingCurve>(op: &str, rng: &mut TestRng) -> Box<dyn FnMut()> {
    let a: Fp<C::Fp> = random_fp(rng);
    let b: Fp<C::Fp> = random_fp(rng);
    let a2 = Fp2::<C>::new(random_fp(rng), random_fp(rng));
    let b2 = Fp2::<C>::new(random_fp(rng), random_fp(rng));
    let f = Fp12::<C>::from_coefficients(&core::array::from_fn(|_| random_fp(rng)));
    let g = Fp12::<C>::from_coefficients(&core::array::from_fn(|_| random_fp(rng)));
    let pts = random_pairs::<C>(rng, 8);
    let cyc = easy_part(&f);
    let ml = miller_loop::<C>(&pts[..1]);
    match op {
        "fp_mul" => Box::new(move || {
            black_box(black_box(a) * black_box(b));
        }),
        "fp_sqr" => Box::new(move || {
            black_box(black_box(a).square());
        }),
        // Inversions cycle through many inputs: a branchy inversion timed on one repeated input
        // would have its branches learnt by the predictor (mcl's almost-inverse gains ~3.5x).
        "fp_inv" => {
            let pool: Vec<Fp<C::Fp>> = (0..INV_POOL).map(|_| random_fp(rng)).collect();
            let mut i = 0;
            Box::new(move || {
                i = (i + 1) % INV_POOL;
                black_box(black_box(pool[i]).inv());
            })
        }
        "fp_inv_vartime" => {
            let pool: Vec<Fp<C::Fp>> = (0..INV_POOL).map(|_| random_fp(rng)).collect();
            let mut i = 0;
            Box::new(move || {
                i = (i + 1) % INV_POOL;
                black_box(black_box(pool[i]).inv_vartime());
            })
        }
        "fp2_mul" => Box::new(move || {
            black_box(black_box(a2) * black_box(b2));
        }),
        "fp2_sqr" => Box::new(move || {
            black_box(black_box(a2).square());
        }),
        "fp12_mul" => Box::new(move || {
            black_box(black_box(f) * black_box(g));
        }),
        "fp12_sqr" => Box::new(move || {
            black_box(black_box(f).square());
        }),
        "fp12_cyclotomic_sqr" => Box::new(move || {
            black_box(black_box(cyc).cyclotomic_square());
        }),
        "fp12_inv" => {
            let pool: Vec<Fp12<C>> = (0..FP12_INV_POOL)
                .map(|_| Fp12::<C>::from_coefficients(&core::array::from_fn(|_| random_fp(rng))))
                .collect();
            let mut i = 0;
            Box::new(move || {
                i = (i + 1) % FP12_INV_POOL;
                black_box(black_box(&pool[i]).inv());
            })
        }
        "miller_loop" => Box::new(move || {
            black_box(miller_loop::<C>(black_box(&pts[..1])));
        }),
        "final_exponentiation" => Box::new(move || {
            black_box(final_exponentiation::<C>(black_box(&ml)));
        }),
        "pairing" => Box::new(move || {
            black_box(pairing::<C>(black_box(&pts[0].0), black_box(&pts[0].1)));
        }),
        "pairing_prepared" => {
            let q = G2Prepared::new(&pts[0].1);
            Box::new(move || {
                black_box(pairing_prepared::<C>(black_box(&pts[0].0), black_box(&q)));
            })
        }
        "pairing_affine" => Box::new(move || {
            black_box(final_exponentiation(&miller_loop_affine_vartime::<C>(
                black_box(&pts[..1]),
            )));
        }),
        "product_8_affine" => Box::new(move || {
            black_box(final_exponentiation(&miller_loop_affine_vartime::<C>(
                black_box(&pts[..8]),
            )));
        }),
        "product_8_2threads" => Box::new(move || {
            black_box(multi_pairing_threads::<C>(black_box(&pts[..8]), 2));
        }),
        // The same call; `batch_8_per_pairing` reports it per pairing, beside the peers.
        "batch_8_1thread" | "batch_8_per_pairing" => Box::new(move || {
            black_box(pairing_batch::<C>(black_box(&pts[..8]), 1));
        }),
        "batch_8_2threads" => Box::new(move || {
            black_box(pairing_batch::<C>(black_box(&pts[..8]), 2));
        }),
        "pairing_split_2threads" => Box::new(move || {
            black_box(pairing_split_loop::<C>(
                black_box(&pts[0].0),
                black_box(&pts[0].1),
            ));
        }),
        "product_2" => Box::new(move || {
            black_box(multi_pairing::<C>(black_box(&pts[..2])));
        }),
        "product_8" => Box::new(move || {
            black_box(multi_pairing::<C>(black_box(&pts[..8])));
        }),
        "product_8_prepared" => {
            let prepared: Vec<G2Prepared<C>> =
                pts.iter().map(|(_, q)| G2Prepared::new(q)).collect();
            Box::new(move || {
                let refs: Vec<(&G1Affine<C>, &G2Prepared<C>)> =
                    pts.iter().map(|(p, _)| p).zip(&prepared).collect();
                black_box(multi_pairing_prepared::<C>(black_box(&refs)));
            })
        }
        "g1_mul" => {
            let p = pts[0].0.to_projective();
            let k: Scalar<C> = random_fp(rng);
            Box::new(move || {
                black_box(black_box(p).mul(black_box(&k)));
            })
        }
        "g2_mul" => {
            let q = pts[0].1.to_projective();
            let k: Scalar<C> = random_fp(rng);
            Box::new(move || {
                black_box(black_box(q).mul(black_box(&k)));
            })
        }
        "g1_msm_64" => {
            let (ps, ks): (Vec<_>, Vec<Scalar<C>>) = (0..MSM_POINTS)
                .map(|i| (pts[i % 8].0, random_fp(rng)))
                .unzip();
            Box::new(move || {
                black_box(G1Projective::<C>::msm_vartime(
                    black_box(&ps),
                    black_box(&ks),
                ));
            })
        }
        "g2_msm_64" => {
            let (qs, ks): (Vec<_>, Vec<Scalar<C>>) = (0..MSM_POINTS)
                .map(|i| (pts[i % 8].1, random_fp(rng)))
                .unzip();
            Box::new(move || {
                black_box(G2Projective::<C>::msm_vartime(
                    black_box(&qs),
                    black_box(&ks),
                ));
            })
        }
        _ => unreachable!("unknown op {op}"),
    }
}

/// One library's measured closures, by op name.
type PeerOps = (String, Vec<(&'static str, Box<dyn FnMut()>)>);

/// Takes the peers' closures for one op out of the prepared lists.
fn peer_closures(op: &str, peers: &mut [PeerOps]) -> Vec<(String, Box<dyn FnMut()>)> {
    let mut out = Vec::new();
    for (name, ops) in peers.iter_mut() {
        if let Some(pos) = ops.iter().position(|(o, _)| *o == op) {
            let (_, f) = ops.remove(pos);
            out.push((name.clone(), f));
        }
    }
    out
}

fn bench_curve<C: PairingCurve>(
    curve: &str,
    samples: usize,
    with_peers: bool,
    progress: &mut dyn FnMut(&str),
) -> Vec<BenchRow> {
    let mut rng = TestRng::new(0xbe4c);
    let mut peers: Vec<PeerOps> = Vec::new();
    #[cfg(feature = "peers")]
    if with_peers {
        for p in crate::peers::peers_for(curve) {
            peers.push((
                p.name.to_string(),
                p.ops.into_iter().map(|o| (o.op, o.run)).collect(),
            ));
        }
    }
    let _ = with_peers;
    let mut rows = Vec::new();
    for op in OPS {
        progress(&format!("{curve} {op}"));
        let heavy = matches!(
            *op,
            "miller_loop"
                | "final_exponentiation"
                | "pairing"
                | "pairing_prepared"
                | "pairing_affine"
                | "product_8_affine"
                | "product_8_2threads"
                | "batch_8_1thread"
                | "batch_8_2threads"
                | "batch_8_per_pairing"
                | "pairing_split_2threads"
                | "product_2"
                | "product_8"
                | "product_8_prepared"
                | "g1_msm_64"
                | "g2_msm_64"
        );
        // The msm rows report per point, the per-pairing batch row per pairing (peers: one each).
        let (per, peer_per) = if op.ends_with("_msm_64") {
            (MSM_POINTS as f64, MSM_POINTS as f64)
        } else if *op == "batch_8_per_pairing" {
            (8.0, 1.0)
        } else {
            (1.0, 1.0)
        };
        let batch_ns = if heavy { 20_000_000 } else { 2_000_000 };
        let mut ours = op_closure::<C>(op, &mut rng);
        let mut others = peer_closures(op, &mut peers);
        let mut fs: Vec<&mut dyn FnMut()> = vec![&mut *ours];
        for (_, f) in others.iter_mut() {
            fs.push(&mut **f);
        }
        let ms = measure_interleaved(&mut fs, samples, batch_ns);
        rows.push(BenchRow {
            curve: curve.to_string(),
            op,
            implementation: "tripair".into(),
            m: ms[0].per(per),
        });
        for (i, (name, _)) in others.iter().enumerate() {
            rows.push(BenchRow {
                curve: curve.to_string(),
                op,
                implementation: name.clone(),
                m: ms[i + 1].per(peer_per),
            });
        }
    }
    rows
}

/// Benchmarks one prime-field curve by name.
pub fn bench_prime_curve(
    name: &str,
    samples: usize,
    with_peers: bool,
    progress: &mut dyn FnMut(&str),
) -> tripair::Result<Vec<BenchRow>> {
    Ok(tripair::with_prime_curve!(
        name,
        bench_curve(name, samples, with_peers, progress),
        return Err(tripair::Error::UnknownCurve(name.to_string()))
    ))
}
