//! The tripair command line: `pair`, `curves`, `bench`.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use tripair::api::{json_str, PRIME_CURVES};
use tripair_cli::bench::{bench_prime_curve, BenchRow, OPS};
use tripair_cli::curves::{all_curves, check_curve_name, pair_hex};
use tripair_cli::{measure, smallchar_bench};

const USAGE: &str = "usage:
  tripair pair --curve NAME [--parallel]   read lines 'G1HEX G2HEX' from stdin, write GT hex or 'error: ...'
  tripair curves [--json]                  list the curves and their parameters
  tripair bench [--peers] [--json] [--curve NAME] [--samples N]
                                           benchmark tables on this machine (--peers needs --features peers)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |f: &str| args.iter().any(|a| a == f);
    let value = |f: &str| {
        args.iter()
            .position(|a| a == f)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    match args.first().map(String::as_str) {
        Some("pair") => cmd_pair(value("--curve"), flag("--parallel")),
        Some("curves") => cmd_curves(flag("--json")),
        Some("bench") => cmd_bench(
            flag("--peers"),
            flag("--json"),
            value("--curve"),
            value("--samples"),
        ),
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn cmd_pair(curve: Option<String>, parallel: bool) -> ExitCode {
    let Some(curve) = curve else {
        eprintln!("error: --curve NAME is required\n{USAGE}");
        return ExitCode::from(2);
    };
    if let Err(e) = check_curve_name(&curve) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    if curve.starts_with("eta") {
        eprintln!("warning: {curve} is a small-characteristic curve whose discrete logarithms are broken; for research and comparison only");
    }
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut failed = 0usize;
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                let _ = writeln!(out, "error: unreadable input line: {e}");
                failed += 1;
                continue;
            }
        };
        let toks: Vec<&str> = line.split_whitespace().collect();
        let res = if toks.len() != 2 {
            Err(tripair::Error::Malformed(format!(
                "expected 2 tokens 'G1HEX G2HEX', got {}",
                toks.len()
            )))
        } else {
            pair_hex(&curve, toks[0], toks[1], parallel)
        };
        match res {
            Ok(gt) => {
                let _ = writeln!(out, "{gt}");
            }
            Err(e) => {
                failed += 1;
                let _ = writeln!(out, "error: {e}");
            }
        }
    }
    let _ = out.flush();
    if failed > 0 {
        eprintln!("{failed} line(s) failed");
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn cmd_curves(json: bool) -> ExitCode {
    for c in all_curves() {
        if json {
            println!("{}", c.to_json());
        } else {
            let sec = match c.security_bits {
                Some(b) => format!("~{b}-bit security"),
                None => "BROKEN: research and comparison only".into(),
            };
            println!(
                "{:<10} {sec}\n    {}\n    p/field: {}\n    r: {}\n    cofactor: {}\n    {}",
                c.name, c.coefficients, c.field, c.r, c.cofactor, c.details
            );
        }
    }
    ExitCode::SUCCESS
}

fn print_prime_table(rows: &[BenchRow]) {
    let curve = &rows[0].curve;
    let mut impls: Vec<String> = Vec::new();
    for r in rows {
        if !impls.contains(&r.implementation) {
            impls.push(r.implementation.clone());
        }
    }
    println!("\n== {curve} (median of interleaved runs; time and rdtsc cycles) ==");
    let mut header = format!("{:<22}", "op");
    for i in &impls {
        header += &format!(" {:>24}", i);
    }
    if impls.len() > 1 {
        header += &format!(" {:>12}", "vs best peer");
    }
    println!("{header}");
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
        println!("{line}");
    }
}

fn fmt_ns(ns: f64) -> String {
    if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.1} us", ns / 1e3)
    } else {
        format!("{:.1} ns", ns)
    }
}

fn cmd_bench(peers: bool, json: bool, curve: Option<String>, samples: Option<String>) -> ExitCode {
    if peers && !cfg!(feature = "peers") {
        eprintln!("error: --peers needs the peer libraries: cargo run --release --features peers -- bench --peers");
        return ExitCode::from(2);
    }
    let samples: usize = samples.and_then(|s| s.parse().ok()).unwrap_or(11);
    let curves: Vec<String> = match &curve {
        Some(c) => {
            if let Err(e) = check_curve_name(c) {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
            vec![c.clone()]
        }
        None => PRIME_CURVES
            .iter()
            .map(|s| s.to_string())
            .chain(
                tripair_smallchar::curve_names()
                    .iter()
                    .map(|s| s.to_string()),
            )
            .collect(),
    };
    if !json {
        println!(
            "CPU: {}; backend features: {}",
            tripair_cli::measure::cpu_model(),
            tripair::cpu::describe()
        );
    }
    let mut progress = |what: &str| eprint!("\r\x1b[2K  measuring {what} ...");
    for c in curves.iter().filter(|c| PRIME_CURVES.contains(&c.as_str())) {
        let rows = bench_prime_curve(c, samples, peers, &mut progress).expect("known curve");
        eprint!("\r\x1b[2K");
        if json {
            for r in &rows {
                println!(
                    "{{\"curve\": {}, \"op\": {}, \"impl\": {}, \"median_ns\": {:.0}, \"cycles\": {:.0}}}",
                    json_str(&r.curve),
                    json_str(r.op),
                    json_str(&r.implementation),
                    r.m.median_ns,
                    r.m.cycles
                );
            }
        } else {
            print_prime_table(&rows);
        }
    }
    let small: Vec<&String> = curves.iter().filter(|c| c.starts_with("eta")).collect();
    if !small.is_empty() {
        eprint!("\r\x1b[2K  measuring small-characteristic fields ...");
        let fields = smallchar_bench::bench_fields(samples);
        eprint!("\r\x1b[2K  measuring eta_T pairings ...");
        let pairings = smallchar_bench::bench_pairings(samples);
        eprint!("\r\x1b[2K");
        if json {
            for f in &fields {
                for (op, m) in [
                    ("add", f.add),
                    ("mul", f.mul),
                    ("power", f.power),
                    ("root", f.root),
                    ("inv", f.inv),
                ] {
                    println!(
                        "{{\"curve\": {}, \"op\": {}, \"impl\": \"tripair\", \"median_ns\": {:.1}, \"cycles\": {:.0}}}",
                        json_str(&f.field),
                        json_str(op),
                        m.median_ns,
                        m.cycles
                    );
                }
            }
            for p in pairings
                .iter()
                .filter(|p| small.iter().any(|s| s.as_str() == p.curve))
            {
                for (op, m) in [
                    ("pairing_1core", p.one_core),
                    ("pairing_2cores", p.two_cores),
                ] {
                    println!(
                        "{{\"curve\": {}, \"op\": {}, \"impl\": \"tripair\", \"median_ns\": {:.0}, \"cycles\": {:.0}}}",
                        json_str(p.curve),
                        json_str(op),
                        m.median_ns,
                        m.cycles
                    );
                }
            }
        } else {
            println!("\n== small-characteristic fields (BROKEN parameters, research only): cycles (Vejda-Page-Grosschaedl Tables 3-4 rows) ==");
            println!(
                "{:<12} {:<12} {:>9} {:>9} {:>12} {:>9} {:>9}",
                "field", "kernels", "add", "mul", "sqr/cube", "root", "inv"
            );
            for f in &fields {
                println!(
                    "{:<12} {:<12} {:>9.0} {:>9.0} {:>12.0} {:>9.0} {:>9.0}",
                    f.field,
                    f.backend,
                    f.add.cycles,
                    f.mul.cycles,
                    f.power.cycles,
                    f.root.cycles,
                    f.inv.cycles
                );
            }
            println!("\n== eta_T pairings (BROKEN parameters; Mitsunari 2009 Table 3 rows) ==");
            // rdtsc ticks at the nominal clock; the core may run faster (turbo) or slower.
            let ratio = measure::core_cycles_per_tick();
            if let Some(r) = ratio {
                println!(
                    "(cycles: rdtsc ticks; the core ran {r:.2} core cycles per tick in a dependent-imul chain, \
                     so core cycles ~ ticks x {r:.2})"
                );
            }
            println!(
                "{:<12} {:>12} {:>12} {:>12} {:>12}",
                "curve", "1 core", "cycles", "2 cores", "cycles"
            );
            for p in pairings
                .iter()
                .filter(|p| small.iter().any(|s| s.as_str() == p.curve))
            {
                println!(
                    "{:<12} {:>12} {:>12.0} {:>12} {:>12.0}",
                    p.curve,
                    fmt_ns(p.one_core.median_ns),
                    p.one_core.cycles,
                    fmt_ns(p.two_cores.median_ns),
                    p.two_cores.cycles
                );
            }
        }
    }
    ExitCode::SUCCESS
}
