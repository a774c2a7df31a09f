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
pub mod eth;
pub mod ggp;
pub mod kzg;
pub mod strategy;
pub mod threads;
pub mod vpg;

/// `CURVES` (a table's curves, in order) and `curve_table(name, samples)` (its `table::<C>` for
/// one of them by name; `UnknownCurve` for any other), written from one list: a table whose
/// rows instantiate code of their own per curve (backends, paths the library does not compile
/// for the built-in curves) takes its curves alone, since each instantiation is compile time of
/// the command line. The table refuses other curves with [`refuse_unless_among`].
macro_rules! table_curves {
    ($(#[$doc:meta])* $measured:ty; $($name:literal => $ty:ident),*) => {
        $(#[$doc])*
        pub const CURVES: &[&str] = &[$($name),*];

        /// The table for one of [`CURVES`] by name.
        pub fn curve_table(name: &str, samples: usize) -> tripair::Result<$measured> {
            match name {
                $($name => Ok(table::<tripair::curve::curves::$ty>(samples)),)*
                _ => Err(tripair::Error::UnknownCurve(name.to_string())),
            }
        }
    };
}
use table_curves;

/// Every table, in the order of `--table`'s help.
pub static TABLES: &[&dyn AnyTable] = &[
    &acar::Acar,
    &threads::Threads,
    &bls::Bls,
    &vpg::Vpg,
    &dclxvi::DclxviBench,
    &ggp::Ggp,
    &strategy::Strategy,
    &kzg::Kzg,
    &eth::Eth,
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
    /// Also measure beside a CPU-bound process (`--contended`; tables that
    /// [take it](Table::takes_contended) only).
    pub contended: bool,
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

    /// Whether the table measures beside a CPU-bound process with `--contended` (others refuse
    /// the option).
    fn takes_contended(&self) -> bool {
        false
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

    /// [`measure`](Table::measure) with every option of the run (by default only `samples`).
    fn measure_with(
        &self,
        curve: &str,
        options: &Options,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Self::Measured, String> {
        self.measure(curve, options.samples, progress)
    }

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

/// The error for a table of bls12-381 alone (`--table NAME`, for `why`) given another curve, or
/// for the first curve that is not a prime-field curve, if any.
pub fn refuse_unless_bls12_381(curves: &[String], name: &str, why: &str) -> Option<String> {
    refuse_unless_among(curves, name, &["bls12-381"], why)
}

/// The error for a table of the curves `allowed` alone (`--table NAME`, for `why`) given another
/// curve, or for the first curve that is not a prime-field curve, if any.
pub fn refuse_unless_among(
    curves: &[String],
    name: &str,
    allowed: &[&str],
    why: &str,
) -> Option<String> {
    refuse_non_prime(curves).or_else(|| {
        let which = if allowed.len() == 1 {
            "it"
        } else {
            "one of them"
        };
        curves
            .iter()
            .find(|c| !allowed.contains(&c.as_str()))
            .map(|c| {
                format!(
                    "--table {name} is for {} ({why}); '{c}' is not {which}",
                    allowed.join(", ")
                )
            })
    })
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
        if options.contended && !Table::takes_contended(self) {
            return Some(format!(
                "--contended is for --table threads, not --table {}",
                Table::name(self)
            ));
        }
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
                .measure_with(&c, options, &mut progress)
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
