//! `tripair bench --plot DIR`: SVG charts of what the benchmark measured, so a reader can look
//! instead of read: per prime curve, tripair against each peer per operation; the small-characteristic
//! field table (Vejda–Page–Großschädl); the eta_T rows beside Mitsunari 2009, Table 3.

use crate::bench::{BenchRow, OPS};
use crate::report::implementations;
use crate::smallchar_bench::{FieldBenchRow, PairingBenchRow};
use crate::tables::acar::CurveTable;
use crate::tables::threads::ThreadTable;
use plotters::prelude::*;
use std::path::{Path, PathBuf};

/// Horizontal grouped bars on a logarithmic axis: one group per category, one bar per series
/// (a missing value leaves its slot empty).
struct BarChart<'a> {
    title: &'a str,
    axis: &'a str,
    categories: Vec<String>,
    series: Vec<(String, Vec<Option<f64>>)>,
}

fn plot_error<E: std::fmt::Display>(path: &Path) -> impl Fn(E) -> String + '_ {
    move |e| format!("cannot draw {}: {e}", path.display())
}

impl BarChart<'_> {
    fn draw(&self, path: &Path) -> Result<(), String> {
        let err = plot_error(path);
        let values = self.series.iter().flat_map(|(_, v)| v.iter().flatten());
        let (lo, hi) = values.fold((f64::INFINITY, 0f64), |(lo, hi), &v| (lo.min(v), hi.max(v)));
        if !(lo.is_finite() && lo > 0.0) {
            return Err(format!("nothing to draw in {}", path.display()));
        }
        let k = self.series.len().max(1);
        // Room on the right of the longest bar for the legend when there are several series.
        let (lo, hi) = (lo / 2.0, if k > 1 { hi * 40.0 } else { hi * 2.0 });
        // One row per (category, series), the first category on top; a category's rows are
        // adjacent and only the first carries its name (the legend names the series).
        let rows: Vec<String> = self
            .categories
            .iter()
            .flat_map(|c| (0..k).map(move |si| if si == 0 { c.clone() } else { String::new() }))
            .rev()
            .collect();
        let n = rows.len() as u32;
        let root = SVGBackend::new(path, (1100, 120 + 16 * n)).into_drawing_area();
        root.fill(&WHITE).map_err(&err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(self.title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(200)
            .build_cartesian_2d((lo..hi).log_scale(), (0..n).into_segmented())
            .map_err(&err)?;
        chart
            .configure_mesh()
            .x_desc(self.axis)
            .y_labels(n as usize)
            .y_label_formatter(&|y: &SegmentValue<u32>| match y {
                SegmentValue::CenterOf(i) => rows.get(*i as usize).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .draw()
            .map_err(&err)?;
        for (si, (name, vals)) in self.series.iter().enumerate() {
            let color = Palette99::pick(si).to_rgba();
            let bars = vals.iter().enumerate().filter_map(|(ci, v)| {
                v.map(|v| {
                    let row = (rows.len() - 1 - (ci * k + si)) as u32;
                    Rectangle::new(
                        [
                            (lo, SegmentValue::Exact(row)),
                            (v, SegmentValue::Exact(row + 1)),
                        ],
                        color.filled(),
                    )
                })
            });
            chart
                .draw_series(bars)
                .map_err(&err)?
                .label(name.as_str())
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled())
                });
        }
        if k == 1 {
            root.present().map_err(&err)?;
            return Ok(());
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .border_style(BLACK)
            .background_style(WHITE.mix(0.9))
            .draw()
            .map_err(&err)?;
        root.present().map_err(&err)?;
        Ok(())
    }
}

/// One chart per prime curve, `DIR/<curve>.svg`: median time per op, tripair beside each peer.
pub fn plot_prime_curve(dir: &Path, rows: &[BenchRow]) -> Result<PathBuf, String> {
    let curve = rows.first().map(|r| r.curve.clone()).unwrap_or_default();
    let ops: Vec<&str> = OPS
        .iter()
        .copied()
        .filter(|op| rows.iter().any(|r| r.op == *op))
        .collect();
    let series = implementations(rows)
        .into_iter()
        .map(|i| {
            let vals = ops
                .iter()
                .map(|op| {
                    rows.iter()
                        .find(|r| r.op == *op && r.implementation == i)
                        .map(|r| r.m.median_ns)
                })
                .collect();
            (i, vals)
        })
        .collect();
    let path = dir.join(format!("{curve}.svg"));
    BarChart {
        title: &format!("{curve}: median time per operation (this CPU, one run)"),
        axis: "nanoseconds (log scale)",
        categories: ops.iter().map(|s| s.to_string()).collect(),
        series,
    }
    .draw(&path)?;
    Ok(path)
}

/// The field table as a chart, `DIR/smallchar-fields.svg`: cycles of mul, cube/square, root and
/// inversion per field (BROKEN parameters, research only).
pub fn plot_fields(dir: &Path, fields: &[FieldBenchRow]) -> Result<PathBuf, String> {
    let ops = ["mul", "power", "root", "inv"];
    let series = ops
        .iter()
        .map(|op| {
            let label = if *op == "power" { "cube / square" } else { op };
            let vals = fields
                .iter()
                .map(|f| f.ops().iter().find(|(o, _)| o == op).map(|(_, m)| m.cycles))
                .collect();
            (label.to_string(), vals)
        })
        .collect();
    let path = dir.join("smallchar-fields.svg");
    BarChart {
        title: "F_3^m and F_2^m (broken parameters): cycles per operation, Vejda-Page-Grosschaedl table rows",
        axis: "rdtsc cycles (log scale)",
        categories: fields.iter().map(|f| f.field.clone()).collect(),
        series,
    }
    .draw(&path)?;
    Ok(path)
}

/// Mitsunari 2009, Table 3 (microseconds): F_3^m multiplication, eta_T on one and on two cores,
/// for m = 97 and 193; [4]/[5] are the earlier implementations the paper compares with (AMD
/// Opteron 2.2 GHz), "this paper" ran on an Intel Core 2 Duo at 2.6 GHz.
const MITSUNARI_TABLE3_US: [(&str, [Option<f64>; 6]); 2] = [
    (
        "Shirase et al. [4] / Kawahara et al. [5] (Opteron 2.2 GHz)",
        [
            Some(0.500),
            Some(479.63),
            None,
            Some(1.822),
            Some(2611.0),
            None,
        ],
    ),
    (
        "Mitsunari 2009 (Core 2 Duo 2.6 GHz)",
        [
            Some(0.181),
            Some(149.0),
            Some(92.0),
            Some(0.624),
            Some(975.0),
            Some(553.0),
        ],
    ),
];

/// Mitsunari's Table 3 beside tripair's rows on this CPU, `DIR/mitsunari-table3.svg`; needs the
/// F_3^97 and F_3^193 fields and the eta3-97 and eta3-193 pairings measured (else `Ok(None)`).
pub fn plot_mitsunari(
    dir: &Path,
    fields: &[FieldBenchRow],
    pairings: &[PairingBenchRow],
) -> Result<Option<PathBuf>, String> {
    let field = |name: &str| fields.iter().find(|f| f.field == name);
    let pairing = |name: &str| pairings.iter().find(|p| p.curve == name);
    let (Some(f97), Some(f193), Some(p97), Some(p193)) = (
        field("F_3^97"),
        field("F_3^193"),
        pairing("eta3-97"),
        pairing("eta3-193"),
    ) else {
        return Ok(None);
    };
    let us = |ns: f64| Some(ns / 1e3);
    let ours = [
        us(f97.mul.median_ns),
        us(p97.one_core.median_ns),
        us(p97.two_cores.median_ns),
        us(f193.mul.median_ns),
        us(p193.one_core.median_ns),
        us(p193.two_cores.median_ns),
    ];
    let mut series: Vec<(String, Vec<Option<f64>>)> = MITSUNARI_TABLE3_US
        .iter()
        .map(|(name, v)| (name.to_string(), v.to_vec()))
        .collect();
    series.push(("tripair (this CPU)".to_string(), ours.to_vec()));
    let path = dir.join("mitsunari-table3.svg");
    BarChart {
        title: "eta_T over F_3^m (broken parameters): Mitsunari 2009 Table 3 beside this CPU",
        axis: "microseconds (log scale)",
        categories: [
            "m=97 mul",
            "m=97 pairing, 1 core",
            "m=97 pairing, 2 cores",
            "m=193 mul",
            "m=193 pairing, 1 core",
            "m=193 pairing, 2 cores",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
        series,
    }
    .draw(&path)?;
    Ok(Some(path))
}

/// Acar–Lauter–Naehrig–Shumow Table 2's pairing rows for one curve, `DIR/acar-<curve>.svg`: each
/// row's time over the single pairing, this CPU beside the paper's ARM figures where it has them.
pub fn plot_acar(dir: &Path, t: &CurveTable) -> Result<PathBuf, String> {
    let path = dir.join(format!("acar-{}.svg", t.curve));
    let mut series = vec![(
        "tripair (this CPU)".to_string(),
        t.pairings.iter().map(|p| Some(p.ratio)).collect(),
    )];
    if t.pairings.iter().any(|p| p.paper_ratio.is_some()) {
        series.push((
            "Acar et al. 2011 (ARM Cortex-A9)".to_string(),
            t.pairings.iter().map(|p| p.paper_ratio).collect(),
        ));
    }
    BarChart {
        title: &format!(
            "{}: per-pairing time over the single pairing (Acar-Lauter-Naehrig-Shumow Table 2)",
            t.curve
        ),
        axis: "ratio to the single pairing (log scale)",
        categories: t.pairings.iter().map(|p| p.label.to_string()).collect(),
        series,
    }
    .draw(&path)?;
    Ok(path)
}

/// The threads table for one curve, `DIR/threads-<curve>.svg`: speedup over one thread per form.
pub fn plot_threads(dir: &Path, t: &ThreadTable) -> Result<PathBuf, String> {
    let path = dir.join(format!("threads-{}.svg", t.curve));
    BarChart {
        title: &format!(
            "{}: speedup over one thread (Grabher-Grosschaedl-Page forms)",
            t.curve
        ),
        axis: "speedup (log scale)",
        categories: t
            .rows
            .iter()
            .map(|r| format!("{}, {} thread(s)", r.label, r.threads))
            .collect(),
        series: vec![(
            "tripair (this CPU)".to_string(),
            t.rows.iter().map(|r| Some(r.speedup)).collect(),
        )],
    }
    .draw(&path)?;
    Ok(path)
}
