//! `tripair bench --table ggp`: Table 3 of Grabher, Großschädl and Page ("On Software Parallel
//! Implementation of Cryptographic Pairings", SAC 2008) on this machine: F_p and F_p12 Inv/Add/Mul
//! and e(P, Q) in cycles for their implementations A (portable scalar on 32-bit digits: A32; A is
//! the same on 64-bit digits), B (scalar with the fastest instructions: here MULX/ADX), C
//! (digit-serial: one element's digits across the lanes), D (digit-sliced: the independent F_p products of one F_p6/F_p12 operation side by side in
//! lanes), E (one pairing whose F_p12 operations are split into F_p6 halves on two threads; E',
//! not in the paper: the pipelined pairing) and F (Algorithm 2: the doublings tabulated, the
//! additions of even and odd bit positions on two threads; F', not in the paper: the loop cut in
//! two), G (several pairings in SIMD lanes: here eight, AVX-512 IFMA) and H (two pairings on two
//! cores), plus G on two cores (16 pairings). As in the paper, a row that produces k results at
//! once quotes the total cycles for all k; the last column divides by k. The paper's Core 2 Duo
//! row stands under each. Everything is measured interleaved in one run (medians of rdtsc ticks
//! over batches).

use crate::bench::{pairs_on_backend, random_pairs};
use crate::measure::{measure_interleaved, Measurement};
use serde_json::{json, Value};
use std::hint::black_box;
use std::io::{self, Write};
use tripair::arith::{Portable, Sliced};
use tripair::curve::{G1Affine, G2Affine, PairingCurve};
use tripair::field::lanes::{IfmaLanes, Lanes, LANES};
use tripair::field::{BaseField, Fp, Fp12, Fp2, Fp6, TowerKernels};
use tripair::pairing::{join, Gt};
use tripair::pairing::{
    pairing_batch, pairing_pipelined, pairing_scalar, pairing_split_loop, pairings_in_lanes,
};
use tripair::strategy::lanes_available;
use tripair_research::arith::Portable32;
use tripair_research::pairing::algorithm2::{ate_pairing_algorithm2, pairing_algorithm2};
use tripair_research::pairing::halves::{ate_pairing_halves, pairing_halves, PartnerThread};
use tripair_research::pairing::{ate_pairing, ate_pairings_in_lanes};
use tripair_testkit::TestRng;

super::table_curves!(
    /// The curves of the table: the paper's bn256d, then bn254 and bls12-381, and no other (each
    /// instantiates rows A, A32, C and D on backends of their own).
    GgpTable; "bn256d" => Bn256d, "bn254" => Bn254, "bls12-381" => Bls12_381
);

/// The columns: F_p Inv, Add, Mul; F_p12 Inv, Add, Mul; e(P, Q).
pub const COLUMNS: [&str; 7] = [
    "fp_inv", "fp_add", "fp_mul", "fp12_inv", "fp12_add", "fp12_mul", "pairing",
];

/// The paper's Table 3 (Core 2 Duo, 256-bit BN curve), cycles, rows A to H in the columns above.
pub const PAPER_CORE2: [(&str, [u64; 7]); 8] = [
    ("A", [156179, 132, 1117, 287160, 1061, 76002, 44814516]),
    ("B", [155567, 107, 395, 208603, 779, 31484, 23319673]),
    ("C", [155514, 114, 477, 290536, 842, 64490, 28452901]),
    ("D", [154295, 132, 1106, 278503, 1062, 73336, 35215963]),
    ("E", [154217, 107, 399, 207236, 787, 24494, 14429439]),
    ("F", [155567, 108, 394, 208612, 781, 31491, 25321173]),
    ("G", [157287, 261, 1444, 390626, 2705, 137356, 64879334]),
    ("H", [155567, 108, 390, 208607, 773, 31485, 25925534]),
];

/// How many pairings the paper's row produces per run (G: two in SSE lanes; H: two on two cores).
fn paper_results(row: &str) -> usize {
    if row == "G" || row == "H" {
        2
    } else {
        1
    }
}

/// One row of the table.
#[derive(Clone, Debug)]
pub struct GgpRow {
    /// The paper's letter ("G+H" for lanes on two cores).
    pub row: &'static str,
    /// What the row runs here.
    pub label: String,
    /// Pairings one e(P, Q) call produces.
    pub results: usize,
    /// Where the field columns were measured ("B" for H: the same scalar code on each core).
    pub fields_from: &'static str,
    /// The seven columns (totals for all results of one call).
    pub m: [Measurement; 7],
    /// The same row's plain ate pairing (Algorithm 1's loop, as the paper measured: total for all
    /// results of one call); `None` where the row's code runs only the optimal ate loop.
    pub plain: Option<Measurement>,
}

impl GgpRow {
    /// e(P, Q) cycles per pairing.
    pub fn per_pairing(&self) -> f64 {
        self.m[6].cycles / self.results as f64
    }
    /// e(P, Q) nanoseconds per pairing in the fastest batch (the least disturbed on a busy machine).
    pub fn fastest_ns_per_pairing(&self) -> f64 {
        self.m[6].min_ns / self.results as f64
    }
    /// Plain ate cycles per pairing.
    pub fn plain_per_pairing(&self) -> Option<f64> {
        self.plain.map(|m| m.cycles / self.results as f64)
    }
    /// Cycles to produce n pairings with this row: whole calls of `results` pairings each.
    pub fn cycles_for(&self, n: usize) -> f64 {
        n.div_ceil(self.results) as f64 * self.m[6].cycles
    }
}

/// The table of one curve.
#[derive(Clone, Debug)]
pub struct GgpTable {
    /// The curve's name.
    pub curve: String,
    /// Whether G ran the AVX-512 IFMA kernels (otherwise the portable lanes).
    pub ifma: bool,
    /// Rows A, B, G, H, G+H.
    pub rows: Vec<GgpRow>,
}

type Closures = Vec<Box<dyn FnMut()>>;

/// An F_p12 element over F from twelve coefficients.
fn fp12_from<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(
    mut next: impl FnMut() -> F,
) -> Fp12<C, F> {
    let mut fp2 = || Fp2::new(next(), next());
    let mut fp6 = || Fp6::new(fp2(), fp2(), fp2());
    Fp12::new(fp6(), fp6())
}

/// The six field closures (F_p Inv/Add/Mul, F_p12 Inv/Add/Mul) on the base field F.
fn field_closures<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(
    mut next: impl FnMut() -> F,
) -> Closures {
    let (x, y) = (next(), next());
    let a: Fp12<C, F> = fp12_from(&mut next);
    let b: Fp12<C, F> = fp12_from(&mut next);
    vec![
        Box::new(move || {
            black_box(BaseField::inv(&black_box(x)));
        }),
        Box::new(move || {
            black_box(black_box(x) + black_box(y));
        }),
        Box::new(move || {
            black_box(black_box(x) * black_box(y));
        }),
        Box::new(move || {
            black_box(black_box(a).inv());
        }),
        Box::new(move || {
            black_box(black_box(a) + black_box(b));
        }),
        Box::new(move || {
            black_box(black_box(a) * black_box(b));
        }),
    ]
}

fn table<C: PairingCurve>(samples: usize) -> GgpTable {
    let mut rng = TestRng::new(0x6e9);
    let pairs = random_pairs::<C>(&mut rng, 2 * LANES);
    // A: the portable scalar field.
    // The points of the rows on other backends (the same points on each).
    let one = &random_pairs::<C>(&mut rng, 1);
    let mut all = backend_rows::<<C as PairingCurve>::WithBackend<Portable>, C>(&mut rng, one);
    // B: the default (ADX) scalar field.
    all.extend(backend_rows::<C, C>(&mut rng, one));
    // G: eight pairings in lanes.
    all.extend(field_closures::<C, Lanes<C::Fp, IfmaLanes>>(|| {
        Lanes::from_lanes(&core::array::from_fn(|_| Fp::random(&mut rng)))
    }));
    let eight = pairs[..LANES].to_vec();
    all.push(Box::new(move || {
        black_box(pairings_in_lanes::<C, IfmaLanes>(black_box(&eight)));
    }));
    // H: two pairings on two threads; G+H: sixteen, eight in lanes on each of two threads.
    let two = pairs[..2].to_vec();
    all.push(Box::new(move || {
        black_box(pairing_batch::<C>(black_box(&two), 2));
    }));
    // G+H as its label says on every CPU: G's lanes on each of two threads (pairing_batch picks
    // the scalar pairing where the CPU has no IFMA).
    all.push(lanes_on_two_threads(
        &pairs,
        pairings_in_lanes::<C, IfmaLanes>,
    ));
    // C: the digit-serial IFMA backend (one element's digits across the lanes), after the rows
    // above so their indices stay put; then E' (the pipelined pairing: one thread computes Q's
    // lines, the other multiplies them in) and F (the loop split over two threads at a cut of
    // its steps), which run B's field.
    let c_at = all.len();
    all.extend(c_rows::<C>(&mut rng, one));
    let (pe, qe) = pairs[1];
    all.push(Box::new(move || {
        black_box(pairing_pipelined::<C>(black_box(&pe), black_box(&qe)));
    }));
    all.push(Box::new(move || {
        black_box(pairing_split_loop::<C>(black_box(&pe), black_box(&qe)));
    }));
    // D: the digit-sliced tower (the F_p products of each F_p6/F_p12 operation eight at a time
    // in lanes), last so that the indices above stay put.
    let d_at = all.len();
    all.extend(backend_rows::<<C as PairingCurve>::WithBackend<Sliced>, C>(
        &mut rng, one,
    ));
    // E: the pairing with its F_p12 operations in F_p6 halves on two threads, and its F_p12
    // product on a partner thread that lives until the closures are dropped.
    let e_at = all.len();
    all.push(Box::new(move || {
        black_box(pairing_halves::<C>(black_box(&pe), black_box(&qe)));
    }));
    let partner = PartnerThread::<C>::spawn();
    let e_split = partner.is_some();
    let (a, b): (Fp12<C>, Fp12<C>) = (
        fp12_from(|| Fp::random(&mut rng)),
        fp12_from(|| Fp::random(&mut rng)),
    );
    all.push(Box::new(move || match &partner {
        Some(t) => {
            black_box(t.fp12_mul(black_box(&a), black_box(&b)));
        }
        None => {
            black_box(black_box(a) * black_box(b));
        }
    }));
    // The plain ate pairing (Algorithm 1) of rows A, B, C, D, E, G, H and G+H, in that order.
    let plain_at = all.len();
    all.push(plain_closure::<C, <C as PairingCurve>::WithBackend<Portable>>(one));
    all.push(plain_closure::<C, C>(one));
    all.push(plain_closure::<C, CC<C>>(one));
    all.push(plain_closure::<C, <C as PairingCurve>::WithBackend<Sliced>>(one));
    all.push(Box::new(move || {
        black_box(ate_pairing_halves::<C>(black_box(&pe), black_box(&qe)));
    }));
    let eight = pairs[..LANES].to_vec();
    all.push(Box::new(move || {
        black_box(ate_pairings_in_lanes::<C, IfmaLanes>(black_box(&eight)));
    }));
    let ((p0, q0), (p1, q1)) = (pairs[0], pairs[1]);
    all.push(Box::new(move || {
        black_box(join(
            move || ate_pairing::<C>(&p0, &q0),
            move || ate_pairing::<C>(&p1, &q1),
        ));
    }));
    all.push(lanes_on_two_threads(
        &pairs,
        ate_pairings_in_lanes::<C, IfmaLanes>,
    ));
    // F: Algorithm 2 (tabulated doublings, the additions split by bit parity over two threads),
    // optimal and plain ate, last so that the indices above stay put.
    let f_at = all.len();
    all.push(Box::new(move || {
        black_box(pairing_algorithm2::<C>(black_box(&pe), black_box(&qe)));
    }));
    all.push(Box::new(move || {
        black_box(ate_pairing_algorithm2::<C>(black_box(&pe), black_box(&qe)));
    }));
    // A32: the portable field on 32-bit digits (the paper's A), its seven closures and plain ate.
    let a32_at = all.len();
    all.extend(backend_rows::<
        <C as PairingCurve>::WithBackend<Portable32>,
        C,
    >(&mut rng, one));
    all.push(plain_closure::<
        C,
        <C as PairingCurve>::WithBackend<Portable32>,
    >(one));
    let mut fs: Vec<&mut dyn FnMut()> = all.iter_mut().map(|f| &mut **f as _).collect();
    let ms = measure_interleaved(&mut fs, samples, 4_000_000);
    let seven = |k: usize| -> [Measurement; 7] { core::array::from_fn(|i| ms[7 * k + i]) };
    let seven_at = |at: usize| -> [Measurement; 7] { core::array::from_fn(|i| ms[at + i]) };
    let with_pairing = |fields: usize, pairing_at: usize| -> [Measurement; 7] {
        core::array::from_fn(|i| {
            if i < 6 {
                ms[7 * fields + i]
            } else {
                ms[pairing_at]
            }
        })
    };
    let e_row: [Measurement; 7] = core::array::from_fn(|i| match i {
        5 => ms[e_at + 1],
        6 => ms[e_at],
        _ => ms[7 + i],
    });
    let ifma = lanes_available();
    let lanes = if ifma {
        "AVX-512 IFMA"
    } else {
        "portable lanes: no IFMA here"
    };
    GgpTable {
        curve: C::NAME.to_string(),
        ifma,
        rows: vec![
            GgpRow {
                row: "A",
                label: "portable scalar, 64-bit digits".into(),
                results: 1,
                fields_from: "A",
                m: seven(0),
                plain: Some(ms[plain_at]),
            },
            GgpRow {
                row: "A32",
                label: "portable scalar, 32-bit digits (the paper's A)".into(),
                results: 1,
                fields_from: "A32",
                m: seven_at(a32_at),
                plain: Some(ms[a32_at + 7]),
            },
            GgpRow {
                row: "B",
                label: format!(
                    "scalar, {}{}",
                    tripair::cpu::describe(),
                    b_lanes_note::<C>()
                ),
                results: 1,
                fields_from: "B",
                m: seven(1),
                plain: Some(ms[plain_at + 1]),
            },
            GgpRow {
                row: "C",
                label: format!("digit-serial F_p ({})", c_label()),
                results: 1,
                fields_from: "C",
                m: seven_at(c_at),
                plain: Some(ms[plain_at + 2]),
            },
            GgpRow {
                row: "D",
                label: format!("digit-sliced F_p6/F_p12 products ({lanes})"),
                results: 1,
                fields_from: "D",
                m: seven_at(d_at),
                plain: Some(ms[plain_at + 3]),
            },
            GgpRow {
                row: "E",
                label: if e_split {
                    "F_p12 ops in F_p6 halves on 2 threads (loop)".into()
                } else {
                    "F_p12 ops in halves: no 2nd thread, serial".into()
                },
                results: 1,
                fields_from: "B but F_p12 Mul",
                m: e_row,
                plain: Some(ms[plain_at + 4]),
            },
            GgpRow {
                row: "E'",
                label: "lines on a 2nd thread (pipelined; B's field)".into(),
                results: 1,
                fields_from: "B",
                m: with_pairing(1, c_at + 7),
                plain: None,
            },
            GgpRow {
                row: "F",
                label: "Algorithm 2: additions by bit parity, 2 threads".into(),
                results: 1,
                fields_from: "B",
                m: with_pairing(1, f_at),
                plain: Some(ms[f_at + 1]),
            },
            GgpRow {
                row: "F'",
                label: "loop cut in two, 2 threads (B's field)".into(),
                results: 1,
                fields_from: "B",
                m: with_pairing(1, c_at + 8),
                plain: None,
            },
            GgpRow {
                row: "G",
                label: format!("{LANES} pairings in lanes ({lanes})"),
                results: LANES,
                fields_from: "G",
                m: seven(2),
                plain: Some(ms[plain_at + 5]),
            },
            GgpRow {
                row: "H",
                label: "2 pairings on 2 threads (the default single pairing per core)".into(),
                results: 2,
                fields_from: "B",
                m: with_pairing(1, 21),
                plain: Some(ms[plain_at + 6]),
            },
            GgpRow {
                row: "G+H",
                label: format!("{} pairings: lanes on 2 threads", 2 * LANES),
                results: 2 * LANES,
                fields_from: "G",
                m: with_pairing(2, 22),
                plain: Some(ms[plain_at + 7]),
            },
        ],
    }
}

/// Seven closures on the curve type `CB` (a curve on some backend): the six field columns and
/// the pairing of the point pair `one` (on the default backend `C`). Rows A, C and D.
fn backend_rows<CB: PairingCurve, C: PairingCurve>(
    rng: &mut TestRng,
    one: &[(G1Affine<C>, G2Affine<C>)],
) -> Closures {
    let mut all =
        field_closures::<CB, Fp<<CB as tripair::field::TowerParams>::Fp>>(|| Fp::random(&mut *rng));
    let (p, q) = pairs_on_backend::<C, CB>(one)[0];
    all.push(Box::new(move || {
        // The backend's own pairing: on bn256d `pairing` itself runs D where IFMA is present.
        black_box(pairing_scalar::<CB>(black_box(&p), black_box(&q)));
    }));
    all
}

type Pair<C> = (G1Affine<C>, G2Affine<C>);
/// One pass of up to eight pairings in lanes.
type LanePass<C> = fn(&[Pair<C>]) -> Vec<Gt<C>>;

/// Row G+H's pairing: `lanes` on the first eight pairs on the caller's thread and on the next
/// eight on a pool worker.
fn lanes_on_two_threads<C: PairingCurve>(
    pairs: &[Pair<C>],
    lanes: LanePass<C>,
) -> Box<dyn FnMut()> {
    let (first, second) = (pairs[..LANES].to_vec(), pairs[LANES..2 * LANES].to_vec());
    Box::new(move || {
        let there = second.clone();
        black_box(join(|| lanes(&first), move || lanes(&there)));
    })
}

/// Row C's seven closures: on the digit-serial IFMA backend (x86-64; elsewhere the same columns
/// on the portable backend, labelled so).
fn c_rows<C: PairingCurve>(rng: &mut TestRng, one: &[(G1Affine<C>, G2Affine<C>)]) -> Closures {
    backend_rows::<CC<C>, C>(rng, one)
}

/// Row C's curve type: on the digit-serial IFMA backend (x86-64), else the portable one.
#[cfg(target_arch = "x86_64")]
type CC<C> = <C as PairingCurve>::WithBackend<tripair_research::arith::IfmaSerial>;
#[cfg(not(target_arch = "x86_64"))]
type CC<C> = <C as PairingCurve>::WithBackend<Portable>;

/// The plain ate pairing (Algorithm 1) of the point pair `one` (on the default backend `C`) on
/// the curve type `CB` (rows A to D).
fn plain_closure<C: PairingCurve, CB: PairingCurve>(
    one: &[(G1Affine<C>, G2Affine<C>)],
) -> Box<dyn FnMut()> {
    let (p, q) = pairs_on_backend::<C, CB>(one)[0];
    Box::new(move || {
        black_box(ate_pairing::<CB>(black_box(&p), black_box(&q)));
    })
}

/// What row C runs on this machine.
fn c_label() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    {
        use tripair::arith::Backend;
        if tripair_research::arith::IfmaSerial::available() {
            return "AVX-512 IFMA products, ADX reductions";
        }
    }
    "no IFMA here: portable products"
}

/// The row that produces n pairings in the fewest cycles here, with those cycles.
pub fn winner(t: &GgpTable, n: usize) -> (&GgpRow, f64) {
    t.rows
        .iter()
        .map(|r| (r, r.cycles_for(n)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .expect("rows")
}

/// The table as JSON rows in the keys of every `bench --json` row, one per implementation row
/// and column: `curve`, `op` (a column: `fp_inv` ... `pairing`), `impl` (what the row runs here),
/// the times, `samples` and `cycles` (on `pairing`, for all the row's `results` pairings, as in
/// the text; `plain_ate_pairing` for the row's plain ate pairing where it has one), with the
/// table's own: `table`, `row` (the paper's letter), `results`, `fields_from` (the row
/// whose field columns these are) and, on the `pairing` rows, `per_pairing_cycles` and
/// `fastest_ns_per_pairing`.
pub fn rows_json(t: &GgpTable) -> Vec<Value> {
    use crate::report::{keyed, measurement_json};
    let mut v = Vec::new();
    for r in &t.rows {
        for (op, m) in COLUMNS.iter().zip(&r.m) {
            let mut row = keyed("curve", &t.curve, op, &r.label);
            row.insert("table".into(), json!("ggp"));
            row.insert("row".into(), json!(r.row));
            row.insert("results".into(), json!(r.results));
            row.insert("fields_from".into(), json!(r.fields_from));
            if *op == "pairing" {
                row.insert("per_pairing_cycles".into(), json!(r.per_pairing()));
                row.insert(
                    "fastest_ns_per_pairing".into(),
                    json!(r.fastest_ns_per_pairing()),
                );
            }
            v.push(measurement_json(row, m));
        }
        if let Some(m) = &r.plain {
            let mut row = keyed("curve", &t.curve, "plain_ate_pairing", &r.label);
            row.insert("table".into(), json!("ggp"));
            row.insert("row".into(), json!(r.row));
            row.insert("results".into(), json!(r.results));
            row.insert("fields_from".into(), json!(r.fields_from));
            row.insert(
                "per_pairing_cycles".into(),
                json!(m.cycles / r.results as f64),
            );
            v.push(measurement_json(row, m));
        }
    }
    v
}

/// The paper's row that a row of this table reproduces, with its letter: the paper's A had 32-bit
/// digits (A32 here; A is the same code on 64-bit digits); E' and F' are not in the paper.
fn paper_row(row: &str) -> Option<(&'static str, &'static [u64; 7])> {
    let letter = match row {
        "A32" => "A",
        "A" => return None,
        other => other,
    };
    PAPER_CORE2
        .iter()
        .find(|(r, _)| *r == letter)
        .map(|(r, v)| (*r, v))
}

/// The table of one curve as text.
pub fn write_table(out: &mut dyn Write, t: &GgpTable) -> io::Result<()> {
    writeln!(
        out,
        "\n== {}: Grabher-Grosschaedl-Page 2008, Table 3, on this CPU (rdtsc cycles; a row \
         producing k results quotes the total for all k) ==",
        t.curve
    )?;
    writeln!(
        out,
        "{:<5} {:<44} {:>3} {:>9} {:>6} {:>7} {:>9} {:>8} {:>9} {:>12} {:>11} {:>12} {:>11}",
        "row",
        "implementation",
        "k",
        "Fp Inv",
        "Fp Add",
        "Fp Mul",
        "Fp12 Inv",
        "Fp12 Add",
        "Fp12 Mul",
        "e(P,Q) total",
        "per pairing",
        "plain total",
        "per pairing"
    )?;
    for r in &t.rows {
        let c = |i: usize| r.m[i].cycles;
        let plain = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.0}"));
        writeln!(
            out,
            "{:<5} {:<44} {:>3} {:>9.0} {:>6.0} {:>7.0} {:>9.0} {:>8.0} {:>9.0} {:>12.0} {:>11.0} {:>12} {:>11}",
            r.row,
            r.label,
            r.results,
            c(0),
            c(1),
            c(2),
            c(3),
            c(4),
            c(5),
            c(6),
            r.per_pairing(),
            plain(r.plain.map(|m| m.cycles)),
            plain(r.plain_per_pairing())
        )?;
        if let Some((letter, p)) = paper_row(r.row) {
            // The paper's e(P, Q) is the plain ate pairing: its figures stand in those columns.
            let k = paper_results(r.row);
            writeln!(
                out,
                "{:<5} {:<44} {:>3} {:>9} {:>6} {:>7} {:>9} {:>8} {:>9} {:>12} {:>11} {:>12} {:>11}",
                "",
                format!("  paper, Core 2 Duo ({letter})"),
                k,
                p[0],
                p[1],
                p[2],
                p[3],
                p[4],
                p[5],
                "-",
                "-",
                p[6],
                p[6] / k as u64
            )?;
        }
    }
    if !t.ifma {
        writeln!(out, "note: no AVX-512 IFMA here (or TRIPAIR_BACKEND=portable): G ran the portable lane kernels")?;
    }
    let row = |name: &str| {
        t.rows
            .iter()
            .find(|r| r.row == name)
            .expect("the table has rows B, F and G")
    };
    writeln!(
        out,
        "e(P,Q): the optimal ate pairing; plain: the plain ate pairing of Algorithm 1 (loop over t - 1, \
         no Frobenius lines, the same final exponentiation), which the paper's rows measured; '-' where \
         the row's code has only the optimal loop (E', F')."
    )?;
    writeln!(
        out,
        "F: Algorithm 2 (the doublings tabulated first: tau_f, tau_T; the set bits' additions, each a full F_p12 product \
         and a line, split by bit parity over two threads; the final line through T_0 and T_1; the table's T's made affine \
         by one shared inversion, so additions are mixed). F': not in the paper: the loop cut at a tuned step, the second \
         thread starting from [s]Q."
    )?;
    let (b, f) = (row("B"), row("F"));
    if let (Some(bp), Some(fp)) = (b.plain_per_pairing(), f.plain_per_pairing()) {
        let paper = paper_row("F").expect("the paper's row F").1[6] as f64
            / paper_row("B").expect("the paper's row B").1[6] as f64;
        let ratio = fp / bp;
        writeln!(
            out,
            "F over B, plain ate: {ratio:.2}x here (the paper: {paper:.2}x, slower than serial); \
             the paper's finding {} here",
            if ratio > 1.0 {
                "holds"
            } else {
                "does not hold"
            }
        )?;
    }
    writeln!(
        out,
        "H's field columns are B's (the default single pairing runs on each core: B, or D on bn256d with IFMA); G+H's are G's."
    )?;
    writeln!(
        out,
        "E: each F_p12 square and line product of the Miller loop hands one F_p6 product to a partner thread (spinning between jobs); \
         its point steps and final exponentiation run on one thread. E's F_p12 Mul is Karatsuba with (a0 + a1)(b0 + b1) on the \
         partner; its other field columns are B's. E' (the pipelined pairing) is not a row of the paper."
    )?;
    let win = |n: usize| {
        let (r, c) = winner(t, n);
        format!("{n}: {} ({c:.0} cycles)", r.row)
    };
    writeln!(
        out,
        "fastest row here for 1, 2 and 8 pairings (whole calls): {}; {}; {}",
        win(1),
        win(2),
        win(LANES)
    )?;
    let g = row("G");
    writeln!(
        out,
        "G over B per pairing: {:.2}x the median cycles ({:.0} vs {:.0}), {:.2}x in the fastest \
         batches ({:.0} vs {:.0} ns); lane F_p Mul per element: {:.1} vs B's {:.1} cycles",
        g.per_pairing() / b.per_pairing(),
        g.per_pairing(),
        b.per_pairing(),
        g.fastest_ns_per_pairing() / b.fastest_ns_per_pairing(),
        g.fastest_ns_per_pairing(),
        b.fastest_ns_per_pairing(),
        g.m[2].cycles / LANES as f64,
        b.m[2].cycles
    )
}

/// What row B's pairing borrows from the lanes: where the CPU has IFMA, the squares of the final
/// exponentiation's exponentiations by u run digit-sliced (`field::lanes::compressed_square_chain`
/// on bls12-381, `cyclotomic_square_run` on bn254).
fn b_lanes_note<C: PairingCurve>() -> &'static str {
    use tripair::field::lanes::{sliced_compressed_squares_apply, sliced_cyclotomic_squares_apply};
    use tripair::field::TowerParams;
    let (beta, xi) = (<C as TowerParams>::BETA, <C as TowerParams>::XI);
    let compressed = xi == (1, 1) && sliced_compressed_squares_apply::<C::Fp>();
    if lanes_available()
        && beta == -1
        && (compressed || sliced_cyclotomic_squares_apply::<C::Fp>(xi))
    {
        "; final exponentiation's squares in IFMA lanes"
    } else {
        ""
    }
}

/// `--table ggp`.
pub struct Ggp;

impl super::Table for Ggp {
    type Measured = GgpTable;

    fn name(&self) -> &'static str {
        "ggp"
    }

    fn about(&self) -> &'static str {
        "Grabher-Grossschaedl-Page 2008, Table 3: F_p and F_p12 Inv/Add/Mul and e(P,Q) in cycles \
         for rows A (portable scalar; A32: on 32-bit digits, as the paper's A), B (ADX scalar), C (digit-serial IFMA F_p), D (digit-sliced \
         F_p6/F_p12 products in lanes), E (F_p12 operations in F_p6 halves on 2 threads; E': \
         the pipelined pairing), F (Algorithm 2: the \
         additions split by bit parity over 2 threads; F': the loop cut in two), G (8 pairings in AVX-512 IFMA lanes), H (2 pairings on 2 threads), G+H (16: \
         lanes on 2 threads), the paper's Core 2 rows beside"
    }

    fn default_curves(&self) -> &'static [&'static str] {
        CURVES
    }

    fn refuses(&self, options: &super::Options) -> Option<String> {
        super::refuse_unless_among(
            &options.curves,
            "ggp",
            CURVES,
            "its rows' backends are built for those",
        )
    }

    fn measure(
        &self,
        curve: &str,
        samples: usize,
        progress: &mut dyn FnMut(&str),
    ) -> Result<GgpTable, String> {
        progress(&format!("{curve} ggp"));
        let t = curve_table(curve, samples).map_err(|e| e.to_string())?;
        progress(&format!("{curve} done"));
        Ok(t)
    }

    fn text(&self, out: &mut dyn Write, t: &GgpTable) -> io::Result<()> {
        write_table(out, t)
    }

    fn json_rows(&self, t: &GgpTable) -> Vec<Value> {
        rows_json(t)
    }
}
