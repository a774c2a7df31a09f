//! `tripair bench --table acar`: Table 2 of Acar, Lauter, Naehrig and Shumow, "Affine pairings on
//! ARM" (Pairing 2012, eprint 2011/243), on this machine. Per curve: add, sub, M, S, I and
//! R = I/M at every level of the tower (I constant time and variable time), then the pairing rows
//! (projective, single affine, 20 at once sharing inversions, 20 at once with the first argument
//! fixed, the product of 20, the final exponentiation alone), each also as a ratio to the single
//! affine pairing (the paper's base) beside the paper's ratio on its ARM Cortex-A9. The
//! variable-time rows and the inversions cycle through varied inputs.

use crate::bench::{random_pairs, INV_POOL};
use crate::measure::{measure_interleaved, Measurement};
use crate::report::{fmt_ns, keyed, measurement_json};
use serde_json::{json, Value};
use std::hint::black_box;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use tripair::curve::{G1Affine, G2Affine, PairingCurve};
use tripair::field::{Fp, Fp12, Fp2, Fp6};
use tripair::pairing::{
    final_exponentiation, miller_loop, multi_pairing, multi_pairing_affine_vartime, pairing,
    pairings_affine, pairings_affine_vartime, pairings_lanes, pairings_prepared,
    pairings_prepared_scalar, product_miller_loop, G2Prepared,
};
use tripair::strategy::{lanes_available, lanes_min_product};
use tripair_testkit::TestRng;

/// The curves of the table: the paper's three, then bn254 (Ethereum) and bls12-381.
pub const CURVES: &[&str] = &["bn254n", "bn446", "bn638", "bn254", "bls12-381"];

/// How many pairings the batch rows compute at once (the paper's 20).
pub const BATCH: usize = 20;

/// One field level's row: the five operations and the two inversion ratios.
#[derive(Clone, Debug)]
pub struct FieldRow {
    /// "F_p", "F_p2", "F_p6" or "F_p12".
    pub level: &'static str,
    /// Addition, subtraction, multiplication, squaring, inversion (constant time and variable time).
    pub ops: [(&'static str, Measurement); 6],
}

impl FieldRow {
    fn cycles(&self, op: &str) -> f64 {
        self.ops
            .iter()
            .find(|(o, _)| *o == op)
            .map_or(0.0, |(_, m)| m.cycles)
    }
    /// R = I/M with the constant-time inversion.
    pub fn ratio(&self) -> f64 {
        self.cycles("inv") / self.cycles("mul")
    }
    /// R = I/M with the variable-time inversion.
    pub fn ratio_vartime(&self) -> f64 {
        self.cycles("inv_vartime") / self.cycles("mul")
    }
}

/// One pairing row: per-pairing time, its ratio to the single affine pairing, the paper's ratio.
#[derive(Clone, Debug)]
pub struct PairingRow {
    /// The row's op name (JSON) and its label in the text table.
    pub op: &'static str,
    /// What the row computes.
    pub label: &'static str,
    /// Time and cycles per pairing.
    pub m: Measurement,
    /// m over the single affine pairing's time (the paper's base), measured in the same
    /// interleaved run.
    pub ratio: f64,
    /// The same ratio in the paper's Table 2 (ARM Cortex-A9), for its curves.
    pub paper_ratio: Option<f64>,
}

/// The table for one curve.
#[derive(Clone, Debug)]
pub struct CurveTable {
    /// The curve's name.
    pub curve: String,
    /// F_p, F_p2, F_p6, F_p12.
    pub fields: Vec<FieldRow>,
    /// The pairing rows, the single pairing first.
    pub pairings: Vec<PairingRow>,
}

/// The paper's Table 2 pairing timings in ms (Cortex-A9 at 1 GHz): projective, single (affine),
/// 20 at once, affine 20 at once with the first argument fixed, product of 20 (all per pairing),
/// final exponentiation. Its bn254 is the curve of Pereira et al. (tripair's `bn254n`).
const PAPER_MS: &[(&str, [f64; 6])] = &[
    ("bn254n", [55.19, 51.01, 50.71, 46.06, 17.44, 24.69]),
    ("bn446", [195.56, 184.28, 183.54, 167.83, 62.33, 86.75]),
    ("bn638", [768.06, 649.85, 650.08, 609.45, 164.82, 413.37]),
];

fn paper_ratio(curve: &str, row: usize) -> Option<f64> {
    // The paper's "single pairing" (affine) is the base of its ratios.
    PAPER_MS
        .iter()
        .find(|(c, _)| *c == curve)
        .map(|(_, ms)| ms[row] / ms[1])
}

fn random_fp<C: PairingCurve>(rng: &mut TestRng) -> Fp<C::Fp> {
    Fp::random(rng)
}

fn random_fp2<C: PairingCurve>(rng: &mut TestRng) -> Fp2<C> {
    Fp2::new(random_fp::<C>(rng), random_fp::<C>(rng))
}

fn random_fp6<C: PairingCurve>(rng: &mut TestRng) -> Fp6<C> {
    Fp6 {
        c0: random_fp2::<C>(rng),
        c1: random_fp2::<C>(rng),
        c2: random_fp2::<C>(rng),
    }
}

/// One tower level's six operations, measured interleaved (so that R = I/M compares figures taken
/// under the same load): `$random()` draws a random element of the level.
macro_rules! field_row {
    ($level:expr, $random:expr, $samples:expr) => {{
        // The inversions cycle through a pool of inputs (as `fp_inv` of the peers table): a
        // repeated input lets the branch predictor learn the variable-time inversion's branches.
        let pool: Vec<_> = (0..INV_POOL).map(|_| $random()).collect();
        let (a, b) = (pool[0], pool[1]);
        let (mut i, mut j) = (0, 0);
        let mut add = || {
            black_box(black_box(a) + black_box(b));
        };
        let mut sub = || {
            black_box(black_box(a) - black_box(b));
        };
        let mut mul = || {
            black_box(black_box(a) * black_box(b));
        };
        let mut sqr = || {
            black_box(black_box(a).square());
        };
        let mut inv = || {
            i = (i + 1) % INV_POOL;
            black_box(black_box(pool[i]).inv());
        };
        let mut inv_vartime = || {
            j = (j + 1) % INV_POOL;
            black_box(black_box(pool[j]).inv_vartime());
        };
        let m = measure_interleaved(
            &mut [
                &mut add,
                &mut sub,
                &mut mul,
                &mut sqr,
                &mut inv,
                &mut inv_vartime,
            ],
            $samples,
            2_000_000,
        );
        FieldRow {
            level: $level,
            ops: [
                ("add", m[0]),
                ("sub", m[1]),
                ("mul", m[2]),
                ("sqr", m[3]),
                ("inv", m[4]),
                ("inv_vartime", m[5]),
            ],
        }
    }};
}

/// Sets of inputs the variable-time rows cycle through.
const VARIED: usize = 8;

/// `f` on the next of `sets` at each call.
fn cycling<T: 'static>(sets: Vec<T>, mut f: impl FnMut(&T) + 'static) -> impl FnMut() + 'static {
    let mut i = 0;
    move || {
        i = (i + 1) % sets.len();
        f(&sets[i]);
    }
}

/// A pairing row to time: op name, label, pairings per call, the closure.
type TimedRow = (&'static str, &'static str, f64, Box<dyn FnMut()>);

fn table<C: PairingCurve>(samples: usize, progress: &mut dyn FnMut(&str)) -> CurveTable {
    let mut rng = TestRng::new(0xacad);
    progress(&format!("{} fields", C::NAME));
    let f12 = |rng: &mut TestRng| {
        Fp12::<C>::from_coefficients(&core::array::from_fn(|_| random_fp::<C>(rng)))
    };
    let fields = vec![
        field_row!("F_p", || random_fp::<C>(&mut rng), samples),
        field_row!("F_p2", || random_fp2::<C>(&mut rng), samples),
        field_row!("F_p6", || random_fp6::<C>(&mut rng), samples),
        field_row!("F_p12", || f12(&mut rng), samples),
    ];
    progress(&format!("{} pairings", C::NAME));
    let pairs = random_pairs::<C>(&mut rng, BATCH);
    let (p, q) = pairs[0];
    let ps: Vec<G1Affine<C>> = pairs.iter().map(|(p, _)| *p).collect();
    let ml = miller_loop::<C>(&pairs[..1]);
    let n = BATCH as f64;
    // Each closure's time is divided by `per` to give a per-pairing figure.
    fn row(op: &'static str, label: &'static str, per: f64, f: impl FnMut() + 'static) -> TimedRow {
        (op, label, per, Box::new(f))
    }
    let (pairs1, pairs3, pairs4, pairs6, pairs7) = (
        pairs.clone(),
        pairs.clone(),
        pairs.clone(),
        pairs.clone(),
        pairs.clone(),
    );
    let (ps2, ps3) = (ps.clone(), ps.clone());
    // The variable-time rows cycle through VARIED sets of inputs (a repeated input lets the
    // branch predictor learn their inversions' branches); the others repeat one.
    let more = random_pairs::<C>(&mut rng, VARIED * BATCH);
    let windows: Vec<Vec<(G1Affine<C>, G2Affine<C>)>> =
        more.chunks(BATCH).map(|w| w.to_vec()).collect();
    let qs: Vec<G2Affine<C>> = windows.iter().map(|w| w[0].1).collect();
    let mut rows: Vec<TimedRow> = vec![
        row(
            "pairing",
            "single pairing (tripair's choice)",
            1.0,
            move || {
                black_box(pairing::<C>(black_box(&p), black_box(&q)));
            },
        ),
        row("pairing_projective", "projective", 1.0, move || {
            black_box(final_exponentiation(&miller_loop::<C>(black_box(&[(
                p, q,
            )]))));
        }),
        row(
            "pairing_affine",
            "single affine, vartime",
            1.0,
            cycling(more, |&(p, q)| {
                black_box(multi_pairing_affine_vartime::<C>(black_box(&[(p, q)])));
            }),
        ),
        row(
            "batch_20_affine",
            "20 at once, shared inversions, constant time (per pairing)",
            n,
            move || {
                black_box(pairings_affine::<C>(black_box(&pairs1)));
            },
        ),
        row(
            "batch_20_affine_vartime",
            "20 at once, shared inversions, vartime (per pairing)",
            n,
            cycling(windows.clone(), |w| {
                black_box(pairings_affine_vartime::<C>(black_box(w)));
            }),
        ),
        row(
            "batch_20",
            if lanes_available() {
                "20 at once, tripair's choice: 8 per pass in IFMA lanes (per pairing)"
            } else {
                "20 at once, tripair's choice: one by one (no IFMA here; per pairing)"
            },
            n,
            move || {
                black_box(pairings_lanes::<C>(black_box(&pairs6)));
            },
        ),
        row(
            "batch_20_fixed_affine",
            "20 at once, 1st argument fixed, lines by affine steps (per pairing)",
            n,
            cycling(qs, move |q| {
                let qp = G2Prepared::new_affine_vartime(black_box(q));
                black_box(pairings_prepared_scalar::<C>(&qp, black_box(&ps)));
            }),
        ),
        row(
            "batch_20_fixed_projective",
            "20 at once, 1st argument fixed, lines by projective steps (per pairing)",
            n,
            move || {
                let qp = G2Prepared::new(black_box(&q));
                black_box(pairings_prepared_scalar::<C>(&qp, black_box(&ps2)));
            },
        ),
        row(
            "batch_20_fixed",
            if lanes_available() {
                "20 at once, 1st argument fixed, tripair's choice: projective lines, 8 P per pass in IFMA lanes (per pairing)"
            } else {
                "20 at once, 1st argument fixed, tripair's choice: projective lines, scalar (no IFMA here; per pairing)"
            },
            n,
            move || {
                let qp = G2Prepared::new(black_box(&q));
                black_box(pairings_prepared::<C>(&qp, black_box(&ps3)));
            },
        ),
        row(
            "product_20_projective",
            "product of 20, projective (per pairing)",
            n,
            move || {
                black_box(final_exponentiation(&miller_loop::<C>(black_box(&pairs3))));
            },
        ),
        row(
            "product_20_affine",
            "product of 20, affine, constant time (per pairing)",
            n,
            move || {
                black_box(final_exponentiation(&product_miller_loop::<C>(black_box(
                    &pairs7,
                ))));
            },
        ),
        row(
            "product_20",
            if lanes_available() && BATCH >= lanes_min_product() {
                "product of 20, tripair's choice: 8 columns in IFMA lanes, projective (per pairing)"
            } else {
                "product of 20, tripair's choice: affine, constant time (per pairing)"
            },
            n,
            move || {
                black_box(multi_pairing::<C>(black_box(&pairs4)));
            },
        ),
        row(
            "product_20_affine_vartime",
            "product of 20, affine, vartime (per pairing)",
            n,
            cycling(windows, |w| {
                black_box(multi_pairing_affine_vartime::<C>(black_box(w)));
            }),
        ),
        row(
            "final_exponentiation",
            "final exponentiation alone",
            1.0,
            move || {
                black_box(final_exponentiation::<C>(black_box(&ml)));
            },
        ),
    ];
    let mut fs: Vec<&mut dyn FnMut()> = rows
        .iter_mut()
        .map(|r| &mut *r.3 as &mut dyn FnMut())
        .collect();
    let ms = measure_interleaved(&mut fs, samples, 20_000_000);
    // The paper's base: its single affine pairing.
    let single = rows
        .iter()
        .zip(&ms)
        .find(|(r, _)| r.0 == "pairing_affine")
        .map(|(_, m)| m.median_ns)
        .expect("the table has the single affine row");
    // The paper's rows, by this table's op: projective, single affine, 20 at once, fixed, product, final exp.
    let paper_row = |op: &str| match op {
        "pairing_projective" => Some(0),
        "pairing_affine" => Some(1),
        "batch_20_affine_vartime" => Some(2),
        "batch_20_fixed_affine" => Some(3),
        "product_20_affine_vartime" => Some(4),
        "final_exponentiation" => Some(5),
        _ => None,
    };
    let pairings = rows
        .iter()
        .zip(&ms)
        .map(|((op, label, k, _), m)| {
            let m = m.per(*k);
            PairingRow {
                op,
                label,
                ratio: m.median_ns / single,
                paper_ratio: paper_row(op).and_then(|r| paper_ratio(C::NAME, r)),
                m,
            }
        })
        .collect();
    CurveTable {
        curve: C::NAME.to_string(),
        fields,
        pairings,
    }
}

/// The table for one curve by name.
pub fn curve_table(
    name: &str,
    samples: usize,
    progress: &mut dyn FnMut(&str),
) -> tripair::Result<CurveTable> {
    Ok(tripair::with_prime_curve!(
        name,
        table(samples, progress),
        return Err(tripair::Error::UnknownCurve(name.to_string()))
    ))
}

/// The Acar–Lauter–Naehrig–Shumow table of one curve as JSON rows: field rows keyed `field`
/// (`bn254/F_p2`), pairing rows keyed `curve` with `ratio` (to the single affine pairing) and
/// `paper_ratio` (null off the paper's curves).
pub fn rows_json(t: &CurveTable) -> Vec<Value> {
    let mut v = Vec::new();
    for f in &t.fields {
        for (op, m) in &f.ops {
            let row = keyed("field", &format!("{}/{}", t.curve, f.level), op, "tripair");
            v.push(measurement_json(row, m));
        }
    }
    for p in &t.pairings {
        let mut row = keyed("curve", &t.curve, p.op, "tripair");
        row.insert("ratio".into(), json!(p.ratio));
        row.insert("paper_ratio".into(), json!(p.paper_ratio));
        v.push(measurement_json(row, &p.m));
    }
    v
}

/// The Acar–Lauter–Naehrig–Shumow table of one curve as text.
pub fn write_table(out: &mut dyn Write, t: &CurveTable) -> io::Result<()> {
    writeln!(
        out,
        "\n== {}: Acar-Lauter-Naehrig-Shumow 2011, Table 2, on this CPU (median rdtsc cycles) ==",
        t.curve
    )?;
    writeln!(
        out,
        "{:<7} {:>8} {:>8} {:>9} {:>9} {:>10} {:>12} {:>7} {:>11}",
        "field", "add", "sub", "M", "S", "I", "I vartime", "R=I/M", "R vartime"
    )?;
    for f in &t.fields {
        let c: Vec<f64> = f.ops.iter().map(|(_, m)| m.cycles).collect();
        writeln!(
            out,
            "{:<7} {:>8.0} {:>8.0} {:>9.0} {:>9.0} {:>10.0} {:>12.0} {:>7.2} {:>11.2}",
            f.level,
            c[0],
            c[1],
            c[2],
            c[3],
            c[4],
            c[5],
            f.ratio(),
            f.ratio_vartime()
        )?;
    }
    writeln!(
        out,
        "{:<70} {:>10} {:>11} {:>7} {:>7}",
        "pairing", "time", "cycles", "ratio", "paper"
    )?;
    for p in &t.pairings {
        let paper = p
            .paper_ratio
            .map_or_else(|| "-".to_string(), |r| format!("{r:.2}"));
        writeln!(
            out,
            "{:<70} {:>10} {:>11.0} {:>7.2} {:>7}",
            p.label,
            fmt_ns(p.m.median_ns),
            p.m.cycles,
            p.ratio,
            paper
        )?;
    }
    Ok(())
}

/// `--table acar`.
pub struct Acar;

impl super::Table for Acar {
    type Measured = CurveTable;

    fn name(&self) -> &'static str {
        "acar"
    }

    fn about(&self) -> &'static str {
        "Acar-Lauter-Naehrig-Shumow 2011, Table 2: add, sub, M, S, I (constant and variable time) \
         and I/M at each tower level F_p to F_p12; projective and affine pairings, 20 at once, 20 \
         with the first argument fixed, product of 20, final exponentiation, each as a ratio to \
         the single pairing beside the paper's ARM ratio"
    }

    fn default_curves(&self) -> &'static [&'static str] {
        CURVES
    }

    fn intro(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "ratio: per-pairing time over the single affine pairing (the paper's base), measured \
             interleaved in this run; paper: the same ratio on the paper's ARM Cortex-A9; the \
             variable-time rows cycle through 8 sets of inputs, the inversions through 1024"
        )
    }

    fn measure(
        &self,
        curve: &str,
        samples: usize,
        progress: &mut dyn FnMut(&str),
    ) -> Result<CurveTable, String> {
        curve_table(curve, samples, progress).map_err(|e| e.to_string())
    }

    fn text(&self, out: &mut dyn Write, t: &CurveTable) -> io::Result<()> {
        write_table(out, t)
    }

    fn json_rows(&self, t: &CurveTable) -> Vec<Value> {
        rows_json(t)
    }

    fn plot(&self, dir: &Path, t: &CurveTable) -> Result<Option<PathBuf>, String> {
        crate::plot::plot_acar(dir, t).map(Some)
    }
}
