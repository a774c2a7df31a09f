//! `tripair bench --table threads`: the multi-core forms of Grabher, Großschädl and Page
//! ("On Software Parallel Implementation of Cryptographic Pairings", SAC 2008) on this machine:
//! batches (inter-pairing parallelism, their implementation H) and products of 8 and 64 pairings on
//! 1 and 2 threads, and one pairing on 2 threads with the Miller loop cut in two (row F' of
//! `--table ggp`; the paper's Algorithm 2, row F, is there) or pipelined (the lines on a second
//! thread, in the spirit of implementation E).
//! Every row is measured interleaved with the others in one run and reported per pairing, with its
//! speedup over the same work on one thread. Each timed batch follows one untimed call, so the rows
//! show back-to-back use with the pool's workers awake; the last row is the product of 64 on two
//! threads called alone after 2 ms idle, with its worker to wake.
//!
//! With `--contended` the table is measured three times: quiet, then beside a CPU-bound process
//! that the run starts (the hidden `tripair spin`) at nice 0 and at nice 10, and stops after its
//! rows. On a machine with two cores the threaded forms then share a core with it: the rows show
//! whether a second thread still pays or the library falls back to one (`pairing/threads.rs`).

use crate::bench::random_pairs;
use crate::measure::{measure_after_idle, measure_interleaved_warm, Measurement};
use crate::report::{fmt_ns, keyed, measurement_json};
use serde_json::{json, Value};
use std::hint::black_box;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tripair::curve::PairingCurve;
use tripair::pairing::{
    multi_pairing_threads, pairing, pairing_batch, pairing_pipelined, pairing_split_loop,
};
use tripair_testkit::TestRng;

super::table_curves!(
    /// The curves of the table, and no other (each instantiates every path the table times).
    ThreadTable; "bn254" => Bn254, "bls12-381" => Bls12_381
);

/// One row: per-pairing time and the speedup over its one-thread counterpart.
#[derive(Clone, Debug)]
pub struct ThreadRow {
    /// The op name (JSON).
    pub op: &'static str,
    /// What the row computes.
    pub label: &'static str,
    /// Threads used.
    pub threads: usize,
    /// Time and cycles per pairing.
    pub m: Measurement,
    /// The one-thread row's time per pairing over this row's (above 1: faster).
    pub speedup: f64,
}

/// The table for one curve.
#[derive(Clone, Debug)]
pub struct ThreadTable {
    /// The curve's name.
    pub curve: String,
    /// The nice value of the CPU-bound process measured beside (`--contended`); `None`: quiet.
    pub beside: Option<i32>,
    /// The rows, in table order.
    pub rows: Vec<ThreadRow>,
}

/// A row to time: op, label, threads, pairings per call, index of its one-thread row, closure.
type TimedRow = (
    &'static str,
    &'static str,
    usize,
    f64,
    usize,
    Box<dyn FnMut()>,
);

fn table<C: PairingCurve>(samples: usize) -> ThreadTable {
    let mut rng = TestRng::new(0x66b);
    let pairs = random_pairs::<C>(&mut rng, 64);
    let (p, q) = pairs[0];
    let batch = |n: usize, t: usize| {
        let pairs = pairs[..n].to_vec();
        move || {
            black_box(pairing_batch::<C>(black_box(&pairs), t));
        }
    };
    let product = |n: usize, t: usize| {
        let pairs = pairs[..n].to_vec();
        move || {
            black_box(multi_pairing_threads::<C>(black_box(&pairs), t));
        }
    };
    fn row(
        op: &'static str,
        label: &'static str,
        threads: usize,
        per: usize,
        base: usize,
        f: impl FnMut() + 'static,
    ) -> TimedRow {
        (op, label, threads, per as f64, base, Box::new(f))
    }
    let mut rows: Vec<TimedRow> = vec![
        row("pairing", "one pairing, serial", 1, 1, 0, move || {
            black_box(pairing::<C>(black_box(&p), black_box(&q)));
        }),
        row(
            "pairing_split_2threads",
            "one pairing, loop cut in two (F')",
            2,
            1,
            0,
            move || {
                black_box(pairing_split_loop::<C>(black_box(&p), black_box(&q)));
            },
        ),
        row(
            "pairing_pipelined_2threads",
            "one pairing, lines on a 2nd thread (E)",
            2,
            1,
            0,
            move || {
                black_box(pairing_pipelined::<C>(black_box(&p), black_box(&q)));
            },
        ),
        row("batch_8_1thread", "batch of 8 (H)", 1, 8, 3, batch(8, 1)),
        row("batch_8_2threads", "batch of 8 (H)", 2, 8, 3, batch(8, 2)),
        row(
            "batch_64_1thread",
            "batch of 64 (H)",
            1,
            64,
            5,
            batch(64, 1),
        ),
        row(
            "batch_64_2threads",
            "batch of 64 (H)",
            2,
            64,
            5,
            batch(64, 2),
        ),
        row("product_8_1thread", "product of 8", 1, 8, 7, product(8, 1)),
        row("product_8_2threads", "product of 8", 2, 8, 7, product(8, 2)),
        row(
            "product_64_1thread",
            "product of 64",
            1,
            64,
            9,
            product(64, 1),
        ),
        row(
            "product_64_2threads",
            "product of 64",
            2,
            64,
            9,
            product(64, 2),
        ),
    ];
    let mut fs: Vec<&mut dyn FnMut()> = rows
        .iter_mut()
        .map(|r| &mut *r.5 as &mut dyn FnMut())
        .collect();
    let mut ms = measure_interleaved_warm(&mut fs, samples, 20_000_000);
    // The same product called after 2 ms idle (the pool's workers spin 50 us, then sleep): what
    // a lone call pays to wake its worker, beside the warm rows above.
    let mut idle_row = row(
        "product_64_2threads_after_idle",
        "product of 64, after 2 ms idle",
        2,
        64,
        9,
        product(64, 2),
    );
    ms.push(measure_after_idle(
        &mut *idle_row.5,
        samples,
        Duration::from_millis(2),
    ));
    rows.push(idle_row);
    let per_pairing: Vec<Measurement> = rows.iter().zip(&ms).map(|(r, m)| m.per(r.3)).collect();
    let rows = rows
        .iter()
        .zip(&per_pairing)
        .map(|((op, label, threads, _, base, _), m)| ThreadRow {
            op,
            label,
            threads: *threads,
            m: *m,
            speedup: per_pairing[*base].median_ns / m.median_ns,
        })
        .collect();
    ThreadTable {
        curve: C::NAME.to_string(),
        beside: None,
        rows,
    }
}

/// Spins until `limit` has passed: the competing process of `--contended`.
pub fn spin(limit: Duration) {
    let end = Instant::now() + limit;
    let mut x = 1u64;
    while Instant::now() < end {
        for _ in 0..1_000_000 {
            x = black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
    }
}

/// A CPU-bound process at a nice value, stopped when dropped.
struct Neighbour(Child);

impl Neighbour {
    /// `nice -n NICE tripair spin`, given 20 ms to start spinning.
    fn start(nice: i32) -> Result<Neighbour, String> {
        let exe = std::env::current_exe().map_err(|e| format!("--contended: {e}"))?;
        let child = Command::new("nice")
            .args(["-n", &nice.to_string()])
            .arg(exe)
            .args(["spin", "--seconds", "3600"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .spawn()
            .map_err(|e| format!("--contended: cannot start `nice -n {nice} tripair spin`: {e}"))?;
        std::thread::sleep(Duration::from_millis(20));
        Ok(Neighbour(child))
    }
}

impl Drop for Neighbour {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The threads table of one curve as JSON rows (`curve`, `op`, `impl`, times per pairing,
/// `threads`, `speedup` over the one-thread row, `beside_nice`: the competing process's nice
/// value with `--contended`, else null).
pub fn rows_json(t: &ThreadTable) -> Vec<Value> {
    t.rows
        .iter()
        .map(|r| {
            let mut row = keyed("curve", &t.curve, r.op, "tripair");
            row.insert("threads".into(), json!(r.threads));
            row.insert("speedup".into(), json!(r.speedup));
            row.insert("beside_nice".into(), json!(t.beside));
            measurement_json(row, &r.m)
        })
        .collect()
}

/// The threads table of one curve as text.
pub fn write_table(out: &mut dyn Write, t: &ThreadTable) -> io::Result<()> {
    let beside = match t.beside {
        None => String::new(),
        Some(n) => format!(", beside a CPU-bound process at nice {n}"),
    };
    writeln!(
        out,
        "\n== {}: Grabher-Grosschaedl-Page 2008 forms on this CPU (per pairing; speedup over 1 thread){beside} ==",
        t.curve
    )?;
    writeln!(
        out,
        "{:<44} {:>7} {:>10} {:>11} {:>8}",
        "form", "threads", "time", "cycles", "speedup"
    )?;
    for r in &t.rows {
        writeln!(
            out,
            "{:<44} {:>7} {:>10} {:>11.0} {:>7.2}x",
            r.label,
            r.threads,
            fmt_ns(r.m.median_ns),
            r.m.cycles,
            r.speedup
        )?;
    }
    Ok(())
}

/// `--table threads`.
pub struct Threads;

impl super::Table for Threads {
    /// One table, or with `--contended` three: quiet, beside nice 0, beside nice 10.
    type Measured = Vec<ThreadTable>;

    fn name(&self) -> &'static str {
        "threads"
    }

    fn about(&self) -> &'static str {
        "Grabher-Grossschaedl-Page 2008 forms on 1 and 2 threads, per pairing with the speedup \
         over 1 thread: one pairing serial, loop cut in two (F'), lines on a 2nd thread \
         (E); batches (H) and products of 8 and 64; the product of 64 after 2 ms idle"
    }

    fn default_curves(&self) -> &'static [&'static str] {
        CURVES
    }

    fn refuses(&self, options: &super::Options) -> Option<String> {
        super::refuse_unless_among(
            &options.curves,
            "threads",
            CURVES,
            "its forms are built for those",
        )
    }

    fn measure(
        &self,
        curve: &str,
        samples: usize,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Vec<ThreadTable>, String> {
        progress(&format!("{curve} threads"));
        let t = curve_table(curve, samples).map_err(|e| e.to_string())?;
        progress(&format!("{curve} done"));
        Ok(vec![t])
    }

    fn takes_contended(&self) -> bool {
        true
    }

    fn measure_with(
        &self,
        curve: &str,
        options: &super::Options,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Vec<ThreadTable>, String> {
        let mut tables = self.measure(curve, options.samples, progress)?;
        if options.contended {
            for nice in [0, 10] {
                let neighbour = Neighbour::start(nice)?;
                let mut t = curve_table(curve, options.samples).map_err(|e| e.to_string())?;
                drop(neighbour);
                t.beside = Some(nice);
                tables.push(t);
            }
        }
        Ok(tables)
    }

    fn text(&self, out: &mut dyn Write, tables: &Vec<ThreadTable>) -> io::Result<()> {
        tables.iter().try_for_each(|t| write_table(out, t))
    }

    fn json_rows(&self, tables: &Vec<ThreadTable>) -> Vec<Value> {
        tables.iter().flat_map(rows_json).collect()
    }

    /// The quiet table's chart.
    fn plot(&self, dir: &Path, tables: &Vec<ThreadTable>) -> Result<Option<PathBuf>, String> {
        crate::plot::plot_threads(dir, &tables[0]).map(Some)
    }
}
