//! What `tripair bench` prints: the text tables and the JSON lines (a header object, then one
//! object per measured row; the schemas are in the README).

use crate::bench::{BenchRow, OPS};
use crate::measure::{self, Measurement};
use crate::smallchar_bench::{FieldBenchRow, PairingBenchRow};
use serde_json::{json, Value};
use std::io::{self, Write};

/// The first JSON object of `bench --json`: what ran, where, when.
pub fn header_json(samples: usize) -> Value {
    json!({
        "kind": "header",
        "tripair_version": env!("CARGO_PKG_VERSION"),
        "backend": tripair::cpu::describe(),
        "cpu_model": measure::cpu_model(),
        "cpu_flags": measure::cpu_flags(),
        "date_utc": measure::today_utc(),
        "samples": samples,
    })
}

/// The first line of every benchmark: the JSON header object, or the CPU, features and date.
pub fn write_header(out: &mut dyn Write, json: bool, samples: usize) -> io::Result<()> {
    if json {
        writeln!(out, "{}", header_json(samples))
    } else {
        writeln!(
            out,
            "CPU: {}; backend features: {}; {}",
            measure::cpu_model(),
            tripair::cpu::describe(),
            measure::today_utc()
        )
    }
}

/// `row` with the measurement's keys added: `median_ns`, `min_ns`, `max_ns`, `samples`, `cycles`.
pub fn measurement_json(mut row: serde_json::Map<String, Value>, m: &Measurement) -> Value {
    row.insert("median_ns".into(), json!(m.median_ns));
    row.insert("min_ns".into(), json!(m.min_ns));
    row.insert("max_ns".into(), json!(m.max_ns));
    row.insert("samples".into(), json!(m.samples));
    row.insert("cycles".into(), json!(m.cycles));
    Value::Object(row)
}

/// A row keyed `key` (`curve` or `field`) = `name`, with `op` and `impl`.
pub fn keyed(
    key: &str,
    name: &str,
    op: &str,
    implementation: &str,
) -> serde_json::Map<String, Value> {
    let mut m = serde_json::Map::new();
    m.insert(key.into(), json!(name));
    m.insert("op".into(), json!(op));
    m.insert("impl".into(), json!(implementation));
    m
}

/// One JSON row per prime-curve measurement (`curve`, `op`, `impl`, times, `samples`, `cycles`).
pub fn prime_rows_json(rows: &[BenchRow]) -> Vec<Value> {
    rows.iter()
        .map(|r| measurement_json(keyed("curve", &r.curve, r.op, &r.implementation), &r.m))
        .collect()
}

/// One JSON row per field operation (`field` instead of `curve`; `kernels` names the code run).
pub fn field_rows_json(fields: &[FieldBenchRow]) -> Vec<Value> {
    let mut v = Vec::new();
    for f in fields {
        for (op, m) in f.ops() {
            let mut row = keyed("field", &f.field, op, "tripair");
            row.insert("kernels".into(), json!(f.backend));
            v.push(measurement_json(row, &m));
        }
    }
    v
}

/// One JSON row per eta_T pairing and thread count (`pairing_1core`, `pairing_2cores`).
pub fn eta_rows_json(pairings: &[PairingBenchRow]) -> Vec<Value> {
    let mut v = Vec::new();
    for p in pairings {
        for (op, m) in [
            ("pairing_1core", p.one_core),
            ("pairing_2cores", p.two_cores),
        ] {
            v.push(measurement_json(keyed("curve", p.curve, op, "tripair"), &m));
        }
    }
    v
}

/// Writes values as JSON lines.
pub fn write_json_lines(out: &mut dyn Write, values: &[Value]) -> io::Result<()> {
    for v in values {
        writeln!(out, "{v}")?;
    }
    Ok(())
}

/// Nanoseconds in a readable unit.
pub fn fmt_ns(ns: f64) -> String {
    if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.1} us", ns / 1e3)
    } else {
        format!("{:.1} ns", ns)
    }
}

/// The implementations in `rows`, tripair first, in order of appearance.
pub fn implementations(rows: &[BenchRow]) -> Vec<String> {
    let mut impls: Vec<String> = Vec::new();
    for r in rows {
        if !impls.contains(&r.implementation) {
            impls.push(r.implementation.clone());
        }
    }
    impls
}

/// The table of one prime curve: per op, each implementation's median time and cycles, and
/// tripair's time over the best peer's.
pub fn write_prime_table(out: &mut dyn Write, rows: &[BenchRow]) -> io::Result<()> {
    let Some(first) = rows.first() else {
        return Ok(());
    };
    let impls = implementations(rows);
    writeln!(
        out,
        "\n== {} (median of interleaved runs; time and rdtsc cycles) ==",
        first.curve
    )?;
    let mut header = format!("{:<22}", "op");
    for i in &impls {
        header += &format!(" {:>24}", i);
    }
    if impls.len() > 1 {
        header += &format!(" {:>12}", "vs best peer");
    }
    writeln!(out, "{header}")?;
    for op in OPS {
        let mut line = format!("{:<22}", op);
        let mut ours = None;
        let mut best_peer: Option<f64> = None;
        for i in &impls {
            match rows.iter().find(|r| r.op == *op && &r.implementation == i) {
                Some(r) => {
                    line += &format!(
                        " {:>12} {:>11}",
                        fmt_ns(r.m.median_ns),
                        format!("{:.0}c", r.m.cycles)
                    );
                    if i == "tripair" {
                        ours = Some(r.m.median_ns);
                    } else {
                        best_peer =
                            Some(best_peer.map_or(r.m.median_ns, |b: f64| b.min(r.m.median_ns)));
                    }
                }
                None => line += &format!(" {:>24}", "-"),
            }
        }
        if impls.len() > 1 {
            match (ours, best_peer) {
                (Some(o), Some(b)) => line += &format!(" {:>11.2}x", o / b),
                _ => line += &format!(" {:>12}", "-"),
            }
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// The small-characteristic field table (Vejda–Page–Großschädl Tables 3-4 rows), in cycles.
pub fn write_field_table(out: &mut dyn Write, fields: &[FieldBenchRow]) -> io::Result<()> {
    writeln!(out, "\n== small-characteristic fields (BROKEN parameters, research only): cycles (Vejda-Page-Grosschaedl Tables 3-4 rows) ==")?;
    writeln!(
        out,
        "{:<12} {:<12} {:>9} {:>9} {:>12} {:>9} {:>9}",
        "field", "kernels", "add", "mul", "sqr/cube", "root", "inv"
    )?;
    for f in fields {
        writeln!(
            out,
            "{:<12} {:<12} {:>9.0} {:>9.0} {:>12.0} {:>9.0} {:>9.0}",
            f.field,
            f.backend,
            f.add.cycles,
            f.mul.cycles,
            f.power.cycles,
            f.root.cycles,
            f.inv.cycles
        )?;
    }
    Ok(())
}

/// The eta_T pairing table (Mitsunari 2009 Table 3 rows), one and two cores.
pub fn write_eta_table(out: &mut dyn Write, pairings: &[PairingBenchRow]) -> io::Result<()> {
    writeln!(
        out,
        "\n== eta_T pairings (BROKEN parameters; Mitsunari 2009 Table 3 rows) =="
    )?;
    // rdtsc ticks at the nominal clock; the core may run faster (turbo) or slower.
    if let Some(r) = measure::core_cycles_per_tick() {
        writeln!(
            out,
            "(cycles: rdtsc ticks; the core ran {r:.2} core cycles per tick in a dependent-imul chain, \
             so core cycles ~ ticks x {r:.2})"
        )?;
    }
    writeln!(
        out,
        "{:<12} {:>12} {:>12} {:>12} {:>12}",
        "curve", "1 core", "cycles", "2 cores", "cycles"
    )?;
    for p in pairings {
        writeln!(
            out,
            "{:<12} {:>12} {:>12.0} {:>12} {:>12.0}",
            p.curve,
            fmt_ns(p.one_core.median_ns),
            p.one_core.cycles,
            fmt_ns(p.two_cores.median_ns),
            p.two_cores.cycles
        )?;
    }
    Ok(())
}
