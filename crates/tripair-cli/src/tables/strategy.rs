//! `tripair bench --table strategy`: every alternative the strategy layer (`tripair::strategy`)
//! chooses between, measured side by side on this machine, with the choice marked.
//!
//! For each operation the alternatives compute the same value by different paths (scalar or
//! digit-sliced tower, projective, affine or lane Miller loop, scalar or lane batches); they are
//! timed interleaved in one run (medians of `samples` batches). The row of the chosen path carries
//! `chosen/best`: its time over the fastest alternative's. A choice more than 3% slower than the
//! fastest is flagged, so a user on a new CPU sees at once whether the table's row for this family
//! fits. One thread throughout (the thread splits are in `--table threads`).

use crate::bench::random_pairs;
use crate::measure::{measure_interleaved, Measurement};
use serde_json::{json, Value};
use std::hint::black_box;
use std::io::{self, Write};
use tripair::curve::{
    g1_in_subgroup_batch_with, Affine, CurveGroup, G1Affine, G2Affine, MsmMethod, PairingCurve,
    Projective, Scalar, G1,
};
use tripair::field::lanes::{sqrt_batch_with, IfmaLanes, LaneChains};
use tripair::field::Fp;
use tripair::field::TowerChains;
use tripair::pairing::{
    final_exponentiation, final_exponentiation_with, miller_loop, miller_loop_affine,
    miller_loop_lanes_with, pairing, pairing_scalar, pairing_sliced, pairings_lanes_with,
    pairings_prepared_lanes_with, pairings_prepared_scalar, G2Prepared,
};
use tripair::strategy::{self, ProductLoop, SinglePairing};
use tripair_testkit::TestRng;

super::table_curves!(
    /// The curves of the table, and no other (each instantiates every path the table times).
    StrategyTable; "bn254" => Bn254, "bls12-381" => Bls12_381
);

/// A choice flagged when it is slower than the fastest alternative by more than this factor.
pub const FLAG_ABOVE: f64 = 1.03;

/// One measured alternative of one operation.
#[derive(Clone, Debug)]
pub struct Alternative {
    /// The path's name.
    pub path: &'static str,
    /// Time per call (one call = the whole operation).
    pub m: Measurement,
    /// Whether the strategy layer chooses this path here.
    pub chosen: bool,
}

/// One operation with its alternatives.
#[derive(Clone, Debug)]
pub struct Operation {
    /// The operation's JSON name, e.g. `product_8`.
    pub op: String,
    /// What it computes.
    pub label: String,
    /// The alternatives, in table order.
    pub alternatives: Vec<Alternative>,
}

impl Operation {
    /// The chosen path's time over the fastest alternative's (1.0 where the choice is fastest).
    pub fn chosen_over_best(&self) -> f64 {
        let best = self
            .alternatives
            .iter()
            .map(|a| a.m.median_ns)
            .fold(f64::INFINITY, f64::min);
        let chosen = self
            .alternatives
            .iter()
            .find(|a| a.chosen)
            .map_or(f64::NAN, |a| a.m.median_ns);
        chosen / best
    }
}

/// The table of one curve.
#[derive(Clone, Debug)]
pub struct StrategyTable {
    /// The curve's name.
    pub curve: String,
    /// The operations, in table order.
    pub ops: Vec<Operation>,
}

type Timed = (&'static str, bool, Box<dyn FnMut()>);

/// One Miller-loop path of a product.
type LoopFn<C> = fn(&[(G1Affine<C>, G2Affine<C>)]) -> tripair::MillerLoopOutput<C>;

fn operation(op: String, label: String, mut paths: Vec<Timed>, samples: usize) -> Operation {
    let ms = {
        let mut fs: Vec<&mut dyn FnMut()> = paths.iter_mut().map(|p| &mut *p.2 as _).collect();
        measure_interleaved(&mut fs, samples, 20_000_000)
    };
    Operation {
        op,
        label,
        alternatives: paths
            .iter()
            .zip(ms)
            .map(|(p, m)| Alternative {
                path: p.0,
                m,
                chosen: p.1,
            })
            .collect(),
    }
}

fn table<C: PairingCurve>(samples: usize) -> StrategyTable {
    let mut rng = TestRng::new(0x57a7);
    let pairs = random_pairs::<C>(&mut rng, 64);
    let lanes = strategy::lanes_available();
    let mut ops = Vec::new();

    // The single pairing.
    let (p, q) = pairs[0];
    let single = strategy::single_pairing::<C>();
    let mut paths: Vec<Timed> = vec![(
        "scalar",
        single == SinglePairing::Scalar,
        Box::new(move || {
            black_box(pairing_scalar::<C>(black_box(&p), black_box(&q)));
        }),
    )];
    if lanes {
        paths.push((
            "digit-sliced (D)",
            single == SinglePairing::Sliced,
            Box::new(move || {
                black_box(pairing_sliced::<C>(black_box(&p), black_box(&q)));
            }),
        ));
    }
    ops.push(operation(
        "pairing".into(),
        "one pairing".into(),
        paths,
        samples,
    ));

    // Products (with their final exponentiation).
    for n in [2usize, 8, 20, 64] {
        let choice = strategy::product_loop::<C>(n);
        let set = pairs[..n].to_vec();
        let product = |f: LoopFn<C>| {
            let set = set.clone();
            Box::new(move || {
                black_box(final_exponentiation(&f(black_box(&set))));
            }) as Box<dyn FnMut()>
        };
        let mut paths: Vec<Timed> = vec![
            (
                "projective",
                choice == ProductLoop::Projective,
                product(miller_loop::<C>),
            ),
            (
                "affine",
                choice == ProductLoop::Affine,
                product(miller_loop_affine::<C>),
            ),
        ];
        if lanes {
            paths.push((
                "lanes",
                choice == ProductLoop::Lanes,
                product(miller_loop_lanes_with::<C, IfmaLanes>),
            ));
        }
        ops.push(operation(
            format!("product_{n}"),
            format!("product of {n}"),
            paths,
            samples,
        ));
    }

    // Batches of independent pairings.
    for n in [8usize, 64] {
        let in_lanes = strategy::batch_in_lanes::<C>();
        let set = pairs[..n].to_vec();
        let scalar_set = set.clone();
        let mut paths: Vec<Timed> = vec![(
            "scalar, one by one",
            !in_lanes,
            Box::new(move || {
                for (p, q) in &scalar_set {
                    black_box(pairing::<C>(black_box(p), black_box(q)));
                }
            }),
        )];
        if lanes {
            paths.push((
                "lanes",
                in_lanes,
                Box::new(move || {
                    black_box(pairings_lanes_with::<C, IfmaLanes>(black_box(&set)));
                }),
            ));
        }
        ops.push(operation(
            format!("batch_{n}"),
            format!("batch of {n}"),
            paths,
            samples,
        ));
    }

    // Pairings with one prepared G2 point: groups on both sides of the lane threshold, and 8.
    let prepared = G2Prepared::new(&q);
    let min = strategy::lanes_min_prepared().clamp(1, 8);
    let mut sizes = vec![min.saturating_sub(1).max(1), min, 8];
    sizes.dedup();
    for n in sizes {
        let ps: Vec<G1Affine<C>> = pairs[..n].iter().map(|x| x.0).collect();
        let in_lanes = lanes && n >= strategy::lanes_min_prepared();
        let (ps2, prepared2) = (ps.clone(), prepared.clone());
        let mut paths: Vec<Timed> = vec![(
            "scalar",
            !in_lanes,
            Box::new(move || {
                black_box(pairings_prepared_scalar::<C>(&prepared2, black_box(&ps2)));
            }),
        )];
        if lanes {
            let prepared3 = prepared.clone();
            paths.push((
                "lanes",
                in_lanes,
                Box::new(move || {
                    black_box(pairings_prepared_lanes_with::<C, IfmaLanes>(
                        &prepared3,
                        black_box(&ps),
                        1,
                    ));
                }),
            ));
        }
        ops.push(operation(
            format!("prepared_{n}"),
            format!("{n} pairings, one prepared Q"),
            paths,
            samples,
        ));
    }

    // The final exponentiation: its chains of squares in the tower or in the lanes.
    let f = *miller_loop::<C>(&pairs[..1]).as_fp12();
    let in_lanes = strategy::square_chains_in_lanes();
    let mut paths: Vec<Timed> = vec![(
        "tower squares",
        !in_lanes,
        Box::new(move || {
            black_box(final_exponentiation_with::<C, _>(
                black_box(&f),
                &TowerChains,
            ));
        }),
    )];
    if lanes {
        paths.push((
            "lane square chains",
            in_lanes,
            Box::new(move || {
                black_box(final_exponentiation_with::<C, _>(
                    black_box(&f),
                    &LaneChains,
                ));
            }),
        ));
    }
    ops.push(operation(
        "final_exponentiation".into(),
        "final exponentiation".into(),
        paths,
        samples,
    ));

    // Multi-scalar multiplication (public points and scalars) on G1 and G2.
    for n in [8usize, 64] {
        let g1: Vec<G1Affine<C>> = pairs[..n].iter().map(|(p, _)| *p).collect();
        let g2: Vec<G2Affine<C>> = pairs[..n].iter().map(|(_, q)| *q).collect();
        let ks: Vec<Scalar<C>> = (0..n).map(|_| Scalar::<C>::random(&mut rng)).collect();
        ops.push(msm_operation("g1", &g1, &ks, samples));
        ops.push(msm_operation("g2", &g2, &ks, samples));
    }

    // Subgroup checks of G1 points (decoded inputs), where the lanes' test applies (BLS12).
    if C::FAST_SUBGROUP_CHECKS && !C::consts().h1_is_one {
        for n in [1usize, 2, 4, 8, 64] {
            let pts: Vec<G1Affine<C>> = pairs[..n].iter().map(|(p, _)| *p).collect();
            ops.push(one_by_one_or_lanes(
                (
                    format!("g1_subgroup_checks_{n}"),
                    format!("G1 subgroup checks, {n}"),
                ),
                pts,
                |p, l| g1_in_subgroup_batch_with::<C>(p, Some(l)),
                strategy::subgroup_checks_in_lanes(n),
                lanes,
                samples,
            ));
        }
    }

    // Square roots in F_p (decompressed points: x^3 + b of G1 points).
    for n in [1usize, 2, 4, 8, 64] {
        let rhs: Vec<Fp<C::Fp>> = pairs[..n]
            .iter()
            .map(|(p, _)| p.x().square() * p.x() + G1::<C>::coeff_b())
            .collect();
        ops.push(one_by_one_or_lanes(
            (format!("sqrt_{n}"), format!("F_p square roots, {n}")),
            rhs,
            |x, l| sqrt_batch_with(x, Some(l)),
            strategy::square_roots_in_lanes(n),
            lanes,
            samples,
        ));
    }

    StrategyTable {
        curve: C::NAME.to_string(),
        ops,
    }
}

/// A batch of `inputs` one by one and (where the lanes run) eight at a time in the lanes, each by
/// `run(inputs, in lanes)`; `in_lanes` is the strategy layer's choice for the batch.
fn one_by_one_or_lanes<T: Clone + 'static, R: 'static>(
    (op, label): (String, String),
    inputs: Vec<T>,
    run: fn(&[T], bool) -> R,
    in_lanes: bool,
    lanes: bool,
    samples: usize,
) -> Operation {
    let mut paths: Vec<Timed> = Vec::new();
    for (path, with_lanes) in [("one by one", false), ("lanes", true)] {
        if with_lanes && !lanes {
            continue;
        }
        let x = inputs.clone();
        let timed: Box<dyn FnMut()> = Box::new(move || {
            black_box(run(black_box(&x), with_lanes));
        });
        paths.push((path, with_lanes == in_lanes, timed));
    }
    operation(op, label, paths, samples)
}

/// An MSM of the given points and scalars by each method, the strategy layer's marked.
fn msm_operation<G: CurveGroup>(
    group: &str,
    pts: &[Affine<G>],
    ks: &[Scalar<G::Curve>],
    samples: usize,
) -> Operation {
    let n = pts.len();
    let chosen = strategy::msm_method(n * G::decomposition().dim);
    let paths: Vec<Timed> = [
        ("interleaved NAFs", MsmMethod::Interleaved),
        ("projective buckets", MsmMethod::ProjectiveBuckets),
        ("batch-affine buckets", MsmMethod::AffineBuckets),
    ]
    .into_iter()
    .map(|(path, method)| {
        let (p, k) = (pts.to_vec(), ks.to_vec());
        let run: Box<dyn FnMut()> = Box::new(move || {
            black_box(Projective::msm_vartime_with(
                black_box(&p),
                &k,
                Some(method),
            ));
        });
        (path, method == chosen, run)
    })
    .collect();
    operation(
        format!("{group}_msm_{n}"),
        format!("{} MSM of {n}", group.to_uppercase()),
        paths,
        samples,
    )
}

/// The strategy row in use: the CPU family and the lanes' state.
pub fn describe_row() -> String {
    format!(
        "strategy row: {} (lanes {})",
        strategy::family().name(),
        if strategy::lanes_available() {
            "on"
        } else {
            "off"
        }
    )
}

/// The table as text.
pub fn write_table(out: &mut dyn Write, t: &StrategyTable) -> io::Result<()> {
    writeln!(
        out,
        "\n== {}: the strategy layer's choices against every alternative ({}) ==",
        t.curve,
        describe_row()
    )?;
    writeln!(
        out,
        "{:<30} {:<20} {:>12} {:>12}  choice",
        "operation", "path", "time", "cycles"
    )?;
    for op in &t.ops {
        let ratio = op.chosen_over_best();
        for a in &op.alternatives {
            let mark = if !a.chosen {
                String::new()
            } else if ratio > FLAG_ABOVE {
                format!("chosen, {ratio:.3}x the fastest: SLOWER")
            } else {
                format!("chosen ({ratio:.3}x the fastest)")
            };
            writeln!(
                out,
                "{:<30} {:<20} {:>12} {:>12.0}  {}",
                op.label,
                a.path,
                crate::report::fmt_ns(a.m.median_ns),
                a.m.cycles,
                mark
            )?;
        }
    }
    Ok(())
}

/// The table as JSON rows: the documented keys (`curve`, `op`, `impl`, times, `samples`,
/// `cycles`), plus `path`, `chosen` and, on the chosen row, `chosen_over_best`.
pub fn rows_json(t: &StrategyTable) -> Vec<Value> {
    let mut v = Vec::new();
    for op in &t.ops {
        let ratio = op.chosen_over_best();
        for a in &op.alternatives {
            let mut row = json!({
                "curve": t.curve,
                "op": op.op,
                "impl": "tripair",
                "path": a.path,
                "chosen": a.chosen,
                "median_ns": a.m.median_ns,
                "min_ns": a.m.min_ns,
                "max_ns": a.m.max_ns,
                "samples": a.m.samples,
                "cycles": a.m.cycles,
            });
            if a.chosen {
                row["chosen_over_best"] = json!(ratio);
            }
            v.push(row);
        }
    }
    v
}

/// `--table strategy`.
pub struct Strategy;

impl super::Table for Strategy {
    type Measured = StrategyTable;

    fn name(&self) -> &'static str {
        "strategy"
    }

    fn about(&self) -> &'static str {
        "the strategy layer's choices on this CPU: the single pairing (scalar, digit-sliced D), \
         products of 2, 8, 20 and 64 (projective, affine, lanes), batches of 8 and 64 and \
         pairings with one prepared Q (scalar, lanes), the final exponentiation, G1 and G2 MSMs \
         of 8 and 64 (interleaved NAFs, projective or batch-affine buckets), the subgroup checks \
         of 1 to 64 G1 points on BLS12 and 1 to 64 square roots in F_p (one by one, lanes), every path timed, \
         the choice marked with its time over the fastest and flagged when more than 3% slower"
    }

    fn default_curves(&self) -> &'static [&'static str] {
        CURVES
    }

    fn refuses(&self, options: &super::Options) -> Option<String> {
        super::refuse_unless_among(
            &options.curves,
            "strategy",
            CURVES,
            "its paths are built for those",
        )
    }

    fn measure(
        &self,
        curve: &str,
        samples: usize,
        progress: &mut dyn FnMut(&str),
    ) -> Result<StrategyTable, String> {
        progress(&format!("{curve} strategy"));
        let t = curve_table(curve, samples).map_err(|e| e.to_string())?;
        progress(&format!("{curve} done"));
        Ok(t)
    }

    fn text(&self, out: &mut dyn Write, t: &StrategyTable) -> io::Result<()> {
        write_table(out, t)
    }

    fn json_rows(&self, t: &StrategyTable) -> Vec<Value> {
        rows_json(t)
    }
}
