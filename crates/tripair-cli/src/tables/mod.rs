//! The tables of `tripair bench --table`: one [`Table`] per file, the file named for the
//! `--table` value it prints, and [`TABLES`], the list the command line offers (and its `--table`
//! help prints). Adding a table is one file here and one line in [`TABLES`].

use crate::report;
use indicatif::ProgressBar;
use serde_json::Value;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use tripair::api::PRIME_CURVES;

pub mod acar;
pub mod bls;
pub mod dclxvi;
pub mod ggp;
pub mod strategy;
pub mod threads;
pub mod vpg;

/// Every table, in the order of `--table`'s help.
pub static TABLES: &[&dyn AnyTable] = &[
    &acar::Acar,
    &threads::Threads,
    &bls::Bls,
    &vpg::Vpg,
    &dclxvi::DclxviBench,
    &ggp::Ggp,
    &strategy::Strategy,
];

/// The table named `name` (its `--table` value).
pub fn find(name: &str) -> Option<&'static dyn AnyTable> {
    TABLES.iter().copied().find(|t| t.name() == name)
}

/// What `tripair bench --table NAME` was asked for besides the name.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The curves given with `--curve`, in order (none: the table's
    /// [`default_curves`](Table::default_curves)).
    pub curves: Vec<String>,
    /// Timed batches per figure (`--samples`).
    pub samples: usize,
    /// JSON lines instead of text (`--json`).
    pub json: bool,
    /// Where to write SVG charts (`--plot DIR`), if anywhere.
    pub plot: Option<PathBuf>,
}

/// One benchmark table: what `--table NAME` measures and prints, one table per curve.
///
/// [`AnyTable`] runs it: the header line (JSON or text), [`intro`](Table::intro) (text only),
/// then for each curve [`measure`](Table::measure) and [`text`](Table::text) or
/// [`json_rows`](Table::json_rows), and [`plot`](Table::plot) with `--plot`.
pub trait Table: Sync {
    /// What one measurement holds: one curve's table.
    type Measured;

    /// The `--table` value.
    fn name(&self) -> &'static str;

    /// What the table prints, in one line for `--table`'s help: every row or column group.
    fn about(&self) -> &'static str;

    /// The curves measured when no `--curve` is given, in order. Empty for a table that takes no
    /// curve: it is measured once, and [`measure`](Table::measure) gets `""`.
    fn default_curves(&self) -> &'static [&'static str];

    /// Why the table cannot run with `options` (the message printed after `error: `; exit status
    /// 2), or `None`. By default: a `--curve` that is not a prime-field curve
    /// ([`refuse_non_prime`]).
    fn refuses(&self, options: &Options) -> Option<String> {
        refuse_non_prime(&options.curves)
    }

    /// Progress steps that [`measure`](Table::measure) reports per curve (0: it shows no
    /// progress).
    fn steps_per_curve(&self) -> u64 {
        2
    }

    /// Text between the header line and the first curve's table (not in JSON).
    fn intro(&self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    /// Measures the table for `curve`, `samples` timed batches per figure, telling `progress`
    /// each of its [`steps_per_curve`](Table::steps_per_curve) steps.
    fn measure(
        &self,
        curve: &str,
        samples: usize,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Self::Measured, String>;

    /// The measured table as text.
    fn text(&self, out: &mut dyn Write, t: &Self::Measured) -> io::Result<()>;

    /// The measured table as JSON rows, each with the keys the README documents for
    /// `bench --json` (`curve` or `field`, `op`, `impl`, `median_ns`, `min_ns`, `max_ns`,
    /// `samples`, `cycles`) and any of the table's own.
    fn json_rows(&self, t: &Self::Measured) -> Vec<Value>;

    /// Draws the measured table into an SVG file in `dir` and returns its path, or `Ok(None)`
    /// where the table has no chart (`--plot` then writes nothing for it).
    fn plot(&self, _dir: &Path, _t: &Self::Measured) -> Result<Option<PathBuf>, String> {
        Ok(None)
    }
}

/// The error for the first of `curves` that is not a prime-field curve, if any.
pub fn refuse_non_prime(curves: &[String]) -> Option<String> {
    curves
        .iter()
        .find(|c| !PRIME_CURVES.contains(&c.as_str()))
        .map(|c| format!("--table is for the prime-field curves; '{c}' is not one"))
}

/// A [`Table`] whatever its measured type, so that every table fits in [`TABLES`]; every
/// [`Table`] is one.
pub trait AnyTable: Sync {
    /// The `--table` value.
    fn name(&self) -> &'static str;
    /// What the table prints, in one line.
    fn about(&self) -> &'static str;
    /// The curves measured when no `--curve` is given.
    fn default_curves(&self) -> &'static [&'static str];
    /// The line for `--table`'s help: what the table prints and its default curves.
    fn help(&self) -> String {
        match self.default_curves() {
            [] => self.about().to_string(),
            curves => format!("{} [curves: {}]", self.about(), curves.join(", ")),
        }
    }
    /// Why the table cannot run with `options`, or `None`.
    fn refuses(&self, options: &Options) -> Option<String>;
    /// The curves a run with `options` measures, in order (`""` once for a table without curves).
    fn curves(&self, options: &Options) -> Vec<String>;
    /// Progress steps of a run with `options` (0: no progress display).
    fn progress_steps(&self, options: &Options) -> u64;
    /// Measures and writes the table: the header line, then each curve's table as text or JSON
    /// lines (and its chart with `--plot`), the progress shown on `pb`.
    fn write(&self, options: &Options, out: &mut dyn Write, pb: &ProgressBar) -> io::Result<()>;
}

impl<T: Table> AnyTable for T {
    fn name(&self) -> &'static str {
        Table::name(self)
    }

    fn about(&self) -> &'static str {
        Table::about(self)
    }

    fn default_curves(&self) -> &'static [&'static str] {
        Table::default_curves(self)
    }

    fn refuses(&self, options: &Options) -> Option<String> {
        Table::refuses(self, options)
    }

    fn curves(&self, options: &Options) -> Vec<String> {
        if !options.curves.is_empty() {
            options.curves.clone()
        } else if Table::default_curves(self).is_empty() {
            vec![String::new()]
        } else {
            Table::default_curves(self)
                .iter()
                .map(|c| c.to_string())
                .collect()
        }
    }

    fn progress_steps(&self, options: &Options) -> u64 {
        self.steps_per_curve() * self.curves(options).len() as u64
    }

    fn write(&self, options: &Options, out: &mut dyn Write, pb: &ProgressBar) -> io::Result<()> {
        report::write_header(out, options.json, options.samples)?;
        if !options.json {
            self.intro(out)?;
        }
        for c in self.curves(options) {
            let mut progress = |what: &str| {
                pb.set_message(what.to_string());
                pb.inc(1);
            };
            let t = self
                .measure(&c, options.samples, &mut progress)
                .map_err(io::Error::other)?;
            if options.json {
                report::write_json_lines(out, &self.json_rows(&t))?;
            } else {
                pb.suspend(|| self.text(out, &t))?;
            }
            if let Some(dir) = &options.plot {
                self.plot(dir, &t).map_err(io::Error::other)?;
            }
            out.flush()?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_has_its_own_name_and_a_description() {
        for (i, t) in TABLES.iter().enumerate() {
            assert!(!t.about().is_empty(), "{}", t.name());
            assert!(
                TABLES[..i].iter().all(|u| u.name() != t.name()),
                "{} twice",
                t.name()
            );
            assert!(std::ptr::addr_eq(find(t.name()).unwrap(), *t));
        }
        assert!(find("nosuch").is_none());
    }

    #[test]
    fn default_curves_are_accepted() {
        for t in TABLES {
            let defaults = Options {
                curves: t.default_curves().iter().map(|c| c.to_string()).collect(),
                samples: 1,
                ..Options::default()
            };
            // vpg takes no --curve: its list is empty.
            assert_eq!(t.refuses(&defaults), None, "{}", t.name());
        }
    }

    #[test]
    fn a_small_characteristic_curve_is_refused() {
        let eta = Options {
            curves: vec!["eta3-97".into()],
            ..Options::default()
        };
        for t in TABLES {
            assert!(t.refuses(&eta).is_some(), "{}", t.name());
        }
    }

    /// The keys README.md documents for every row of `bench --json`.
    fn assert_documented(table: &str, rows: &[Value]) {
        assert!(!rows.is_empty(), "{table}: no rows");
        for r in rows {
            assert!(
                r["curve"].is_string() != r["field"].is_string(),
                "{table}: curve or field, not both: {r}"
            );
            for key in ["op", "impl"] {
                assert!(r[key].is_string(), "{table}: no {key} in {r}");
            }
            for key in ["median_ns", "min_ns", "max_ns", "cycles"] {
                assert!(r[key].is_f64(), "{table}: {key} not a number in {r}");
            }
            assert!(r["samples"].is_u64(), "{table}: no samples in {r}");
        }
    }

    fn m(ns: f64) -> Measurement {
        Measurement {
            median_ns: ns,
            min_ns: ns * 0.9,
            max_ns: ns * 1.1,
            cycles: ns * 3.0,
            samples: 3,
        }
    }

    use crate::measure::Measurement;

    #[test]
    fn json_rows_of_every_table_carry_the_documented_keys() {
        let acar = acar::CurveTable {
            curve: "bn254".into(),
            fields: vec![acar::FieldRow {
                level: "F_p",
                ops: [
                    ("add", m(1.0)),
                    ("sub", m(1.0)),
                    ("mul", m(2.0)),
                    ("sqr", m(2.0)),
                    ("inv", m(90.0)),
                    ("inv_vartime", m(50.0)),
                ],
            }],
            pairings: vec![acar::PairingRow {
                op: "pairing",
                label: "single pairing",
                m: m(1e6),
                ratio: 1.0,
                paper_ratio: None,
            }],
        };
        assert_documented("acar", &Table::json_rows(&acar::Acar, &acar));
        let threads = threads::ThreadTable {
            curve: "bn254".into(),
            rows: vec![threads::ThreadRow {
                op: "pairing",
                label: "one pairing, serial",
                threads: 1,
                m: m(1e6),
                speedup: 1.0,
            }],
        };
        assert_documented("threads", &Table::json_rows(&threads::Threads, &threads));
        let row = |blst| bls::BlsRow {
            op: "bls_verify",
            label: "verify",
            tripair: m(1e6),
            blst,
            target: 1.1,
        };
        let bls = bls::BlsTable {
            rows: vec![row(Some(m(2e6))), row(None)],
            batch_over_verify: 0.3,
            blst_batch_over_verify: None,
        };
        let rows = Table::json_rows(&bls::Bls, &bls);
        assert_documented("bls", &rows);
        // tripair's and blst's rows apart, the ratio on tripair's.
        let impls: Vec<&str> = rows.iter().map(|r| r["impl"].as_str().unwrap()).collect();
        assert_eq!(impls, ["tripair", "blst", "tripair"]);
        assert_eq!(rows[0]["ratio_to_blst"], 0.5);
        assert!(rows[1]["ratio_to_blst"].is_null() && rows[2]["ratio_to_blst"].is_null());
        let ggp = ggp::GgpTable {
            curve: "bn254".into(),
            ifma: false,
            rows: vec![ggp::GgpRow {
                row: "G",
                label: "8 pairings in lanes".into(),
                results: 8,
                fields_from: "G",
                m: [m(1.0); 7],
            }],
        };
        let rows = Table::json_rows(&ggp::Ggp, &ggp);
        assert_documented("ggp", &rows);
        // One row per column, the per-pairing figures on the pairing's.
        let ops: Vec<&str> = rows.iter().map(|r| r["op"].as_str().unwrap()).collect();
        assert_eq!(ops, ggp::COLUMNS);
        assert_eq!(rows[6]["per_pairing_cycles"], 3.0 / 8.0);
        assert!(rows.iter().all(|r| r["row"] == "G" && r["results"] == 8));
        let dclxvi = dclxvi::DclxviTable {
            rows: vec![dclxvi::DclxviRow {
                op: "F_p2 multiplication",
                montgomery: m(20.0),
                float: m(30.0),
                slides: 585.0,
            }],
            core_per_tick: None,
        };
        assert_documented("dclxvi", &Table::json_rows(&dclxvi::DclxviBench, &dclxvi));
        let strategy = strategy::StrategyTable {
            curve: "bn254".into(),
            ops: vec![strategy::Operation {
                op: "product_8".into(),
                label: "product of 8".into(),
                alternatives: vec![
                    strategy::Alternative {
                        path: "projective",
                        m: m(2.0),
                        chosen: false,
                    },
                    strategy::Alternative {
                        path: "lanes",
                        m: m(1.0),
                        chosen: true,
                    },
                ],
            }],
        };
        let rows = Table::json_rows(&strategy::Strategy, &strategy);
        assert_documented("strategy", &rows);
        // The ratio on the chosen row only.
        assert_eq!(rows[1]["chosen_over_best"], 1.0);
        assert!(rows[0]["chosen_over_best"].is_null());
        // vpg has no JSON: refused before it measures.
        let json = Options {
            json: true,
            ..Options::default()
        };
        assert!(find("vpg").unwrap().refuses(&json).is_some());
        // A new table gets its rows checked here too.
        let checked = ["acar", "threads", "bls", "ggp", "dclxvi", "vpg", "strategy"];
        for t in TABLES {
            assert!(checked.contains(&t.name()), "{}: no JSON check", t.name());
        }
    }
}
