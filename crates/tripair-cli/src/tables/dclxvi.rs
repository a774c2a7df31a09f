//! `tripair bench --table dclxvi`: the dclxvi curve with F_p as twelve doubles
//! (Naehrig–Niederhagen–Schwabe, Latincrypt 2010) beside tripair's Montgomery field, each pair
//! of rows measured interleaved, with the slides' Core 2 Q6600 cycle counts beside them.

use crate::measure::{core_cycles_per_tick, measure_interleaved, Measurement};
use std::hint::black_box;
use std::io::{self, Write};
use tripair::curve::curves::Dclxvi;
use tripair::curve::{G1Projective, G2Projective};
use tripair::field::{Fp, Fp2};
use tripair::pairing::pairing_scalar;
use tripair_research::pairing::dclxvi::{fp2_from_montgomery, pairing_float};
use tripair_testkit::TestRng;

/// One operation in both representations.
#[derive(Clone, Debug)]
pub struct DclxviRow {
    /// What was measured.
    pub op: &'static str,
    /// tripair's 64-bit Montgomery field.
    pub montgomery: Measurement,
    /// Twelve doubles per F_p element.
    pub float: Measurement,
    /// The dclxvi software on a Core 2 Q6600, from the slides (cycles).
    pub slides: f64,
}

/// The table: rows and the core-cycles-per-TSC-tick estimate of this run.
#[derive(Clone, Debug)]
pub struct DclxviTable {
    /// F_p2 multiplication, F_p2 squaring, the optimal ate pairing.
    pub rows: Vec<DclxviRow>,
    /// Core clock cycles per rdtsc tick (None off x86-64).
    pub core_per_tick: Option<f64>,
}

/// Measures the three rows, `samples` interleaved batches each.
pub fn table(samples: usize) -> DclxviTable {
    let mut rng = TestRng::new(0x666);
    let rand2 = |rng: &mut TestRng| Fp2::<Dclxvi>::new(Fp::random(rng), Fp::random(rng));
    let (a, b) = (rand2(&mut rng), rand2(&mut rng));
    let (fa, fb) = (
        fp2_from_montgomery::<f64>(&a),
        fp2_from_montgomery::<f64>(&b),
    );
    let p = (G1Projective::<Dclxvi>::generator() * Fp::random(&mut rng)).to_affine();
    let q = (G2Projective::<Dclxvi>::generator() * Fp::random(&mut rng)).to_affine();
    let pair = |op, slides, mut m: Box<dyn FnMut()>, mut f: Box<dyn FnMut()>, target_ns| {
        let r = measure_interleaved(&mut [&mut *m, &mut *f], samples, target_ns);
        DclxviRow {
            op,
            montgomery: r[0],
            float: r[1],
            slides,
        }
    };
    let rows = vec![
        pair(
            "F_p2 multiplication",
            585.0,
            Box::new(move || {
                black_box(black_box(a) * black_box(b));
            }),
            Box::new(move || {
                black_box(black_box(fa) * black_box(fb));
            }),
            2_000_000,
        ),
        pair(
            "F_p2 squaring",
            359.0,
            Box::new(move || {
                black_box(black_box(a).square());
            }),
            Box::new(move || {
                black_box(black_box(fa).square());
            }),
            2_000_000,
        ),
        pair(
            "optimal ate pairing",
            4_134_643.0,
            Box::new(move || {
                // The Montgomery field itself (`pairing` runs D on this curve with IFMA).
                black_box(pairing_scalar(black_box(&p), black_box(&q)));
            }),
            Box::new(move || {
                black_box(pairing_float(black_box(&p), black_box(&q)));
            }),
            20_000_000,
        ),
    ];
    DclxviTable {
        rows,
        core_per_tick: core_cycles_per_tick(),
    }
}

/// Prints the table: median rdtsc cycles (and core cycles estimated from them) per operation.
pub fn write_table(out: &mut dyn Write, t: &DclxviTable) -> io::Result<()> {
    let k = t.core_per_tick.unwrap_or(1.0);
    writeln!(
        out,
        "dclxvi curve (u = 1868033^3): tripair Montgomery (4 x 64-bit limbs) vs F_p as 12 doubles; \
         median rdtsc cycles of interleaved batches (core cycles = rdtsc x {k:.3}); \
         slides: dclxvi on a Core 2 Q6600 (Naehrig-Niederhagen-Schwabe 2010)"
    )?;
    writeln!(
        out,
        "{:<22} {:>14} {:>14} {:>14} {:>14} {:>9} {:>14}",
        "operation",
        "montgomery",
        "12 doubles",
        "mont core",
        "doubles core",
        "dbl/mont",
        "slides Core2"
    )?;
    for r in &t.rows {
        writeln!(
            out,
            "{:<22} {:>14.0} {:>14.0} {:>14.0} {:>14.0} {:>9.2} {:>14.0}",
            r.op,
            r.montgomery.cycles,
            r.float.cycles,
            r.montgomery.cycles * k,
            r.float.cycles * k,
            r.float.cycles / r.montgomery.cycles,
            r.slides
        )?;
    }
    Ok(())
}

/// The rows as JSON values (one per operation and representation), in the fields of the other
/// bench tables plus `core_cycles` and the slides' figure.
pub fn rows_json(t: &DclxviTable) -> Vec<serde_json::Value> {
    let k = t.core_per_tick.unwrap_or(1.0);
    let mut v = Vec::new();
    for r in &t.rows {
        for (implementation, m) in [("montgomery", &r.montgomery), ("12_doubles", &r.float)] {
            v.push(serde_json::json!({
                "curve": "dclxvi",
                "op": r.op,
                "impl": implementation,
                "median_ns": m.median_ns,
                "min_ns": m.min_ns,
                "max_ns": m.max_ns,
                "samples": m.samples,
                "cycles": m.cycles,
                "core_cycles": m.cycles * k,
                "slides_core2_cycles": r.slides,
            }));
        }
    }
    v
}

/// `--table dclxvi` (`Dclxvi` is the curve).
pub struct DclxviBench;

impl super::Table for DclxviBench {
    type Measured = DclxviTable;

    fn name(&self) -> &'static str {
        "dclxvi"
    }

    fn about(&self) -> &'static str {
        "Naehrig-Niederhagen-Schwabe 2010 (dclxvi): F_p2 multiplication, squaring and the optimal \
         ate pairing with F_p as 12 doubles beside the Montgomery field, the slides' Core 2 cycles \
         beside (no --plot)"
    }

    fn default_curves(&self) -> &'static [&'static str] {
        &["dclxvi"]
    }

    fn refuses(&self, options: &super::Options) -> Option<String> {
        (options.curves.iter().any(|c| c != "dclxvi") || options.plot.is_some())
            .then(|| "--table dclxvi is for the dclxvi curve only and has no --plot".to_string())
    }

    fn steps_per_curve(&self) -> u64 {
        0
    }

    fn measure(
        &self,
        _curve: &str,
        samples: usize,
        _progress: &mut dyn FnMut(&str),
    ) -> Result<DclxviTable, String> {
        Ok(table(samples))
    }

    fn text(&self, out: &mut dyn Write, t: &DclxviTable) -> io::Result<()> {
        write_table(out, t)
    }

    fn json_rows(&self, t: &DclxviTable) -> Vec<serde_json::Value> {
        rows_json(t)
    }
}
