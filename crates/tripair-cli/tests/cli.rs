//! The command line as a pipeline sees it: one answer per line, flushed at once; every bad input
//! named; read errors, full disks and closed pipes ending the run with a message and no panic;
//! bounded memory on huge lines; strict arguments; JSON that parses.

use serde_json::Value;
mod common;

use common::{run_cli, run_with, tripair};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The parsed `tripair curves --json` document.
fn curves_json() -> Vec<Value> {
    let (out, _, code) = run_cli(&["curves", "--json"], "");
    assert_eq!(code, 0);
    serde_json::from_str::<Value>(&out)
        .expect("curves --json is one JSON document")
        .as_array()
        .unwrap()
        .clone()
}

/// The generators of one curve, as a `pair` input line.
fn generator_line(name: &str) -> String {
    let c = curves_json()
        .into_iter()
        .find(|c| c["name"] == name)
        .unwrap();
    format!(
        "{} {}",
        c["generators"]["g1"].as_str().unwrap(),
        c["generators"]["g2"].as_str().unwrap()
    )
}

fn assert_no_panic(stderr: &str) {
    assert!(!stderr.contains("panicked"), "panic: {stderr}");
}

/// Waits at most `limit` for the child; kills it and fails the test if it is still running.
fn wait_within(child: &mut Child, limit: Duration) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn pair_names_every_error_and_point_and_continues() {
    let line = generator_line("bn254");
    let (g1, g2) = line.split_once(' ').unwrap();
    let mut off = g1.to_string();
    off.replace_range(126..128, if &g1[126..128] == "00" { "01" } else { "00" });
    let unreduced = format!("{}{}", "ff".repeat(32), &g1[64..]);
    let input = format!(
        "{g1} {g2}\nxyz {g2}\n{} {g2}\n{unreduced} {g2}\n{off} {g2}\nonly-one-token\n\n   \n{g1} {g1}\n{g1} {g2}\n",
        &g1[..10]
    );
    let (out, err, code) = run_cli(&["pair", "--curve", "bn254"], &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 10, "one output line per input line: {out}");
    assert_eq!(lines[0].len(), 2 * 12 * 32);
    assert_eq!(lines[1], "error: G1: not hex");
    assert!(
        lines[2].starts_with("error: G1: wrong length"),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].starts_with("error: G1: coordinate not reduced"),
        "{}",
        lines[3]
    );
    assert_eq!(lines[4], "error: G1: point not on curve");
    assert!(lines[5].starts_with("error: malformed"), "{}", lines[5]);
    assert_eq!(
        (lines[6], lines[7]),
        ("", ""),
        "blank lines get blank answers"
    );
    assert!(
        lines[8].starts_with("error: G2: wrong length"),
        "{}",
        lines[8]
    );
    assert_eq!(lines[9], lines[0]);
    assert_eq!(code, 1, "exit status must be non-zero when a line failed");
    assert!(err.contains("6 of 10 line(s) failed"), "{err}");
    // The same answers on one thread, on three, and with the split Miller loop.
    for args in [
        &["pair", "--curve", "bn254", "--threads", "1"][..],
        &["pair", "--curve", "bn254", "--threads", "3"],
        &["pair", "--curve=bn254", "--parallel"],
    ] {
        let (o, _, c) = run_cli(args, &input);
        assert_eq!((o.as_str(), c), (out.as_str(), 1), "{args:?}");
    }
    // Blank lines are not failures.
    let (out2, _, code) = run_cli(&["pair", "--curve", "bn254"], &format!("\n{line}\n\n"));
    assert_eq!(code, 0);
    assert_eq!(out2, format!("\n{}\n\n", lines[0]));
}

#[test]
fn eta_curves_name_the_point_and_warn() {
    let line = generator_line("eta3-97");
    let (p, _) = line.split_once(' ').unwrap();
    let (out, err, code) = run_cli(
        &["pair", "--curve", "eta3-97"],
        &format!("{line}\n{p} 00\n"),
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(!lines[0].starts_with("error"), "{out}");
    assert!(lines[1].starts_with("error: Q: "), "{out}");
    assert_eq!(code, 1);
    assert!(err.contains("broken"), "{err}");
    // check is for the prime-field curves only, and says so.
    let (_, err, code) = run_cli(&["check", "--curve", "eta3-97"], "");
    assert_eq!(code, 2);
    assert!(err.contains("prime-field"), "{err}");
}

#[test]
fn flags_are_strict_and_help_and_version_succeed() {
    for (args, why) in [
        (&["curves", "--jsno"][..], "unexpected argument"),
        (&["pair"], "--curve"),
        (
            &["pair", "--curve", "nosuchcurve"],
            "unknown curve 'nosuchcurve'",
        ),
        (&["pair", "--curve=nosuchcurve"], "unknown curve"),
        (&["pair", "--curve", "bn254", "--threads", "0"], "--threads"),
        (&["pair", "--curve", "bn254", "--threads", "x"], "--threads"),
        (
            &["check", "--curve", "bn254", "--parallel"],
            "unexpected argument",
        ),
        (&["bench", "--samples", "abc"], "--samples"),
        (&["bench", "--samples", "0"], "--samples"),
        (&["bench", "--curve", "bn255"], "unknown curve"),
        (&["frobnicate"], "unrecognized subcommand"),
        (&[], "Usage"),
    ] {
        let (out, err, code) = run_cli(args, "");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(why), "{args:?}: {err}");
        assert_eq!(out, "", "{args:?}");
    }
    for args in [
        &["--help"][..],
        &["--version"],
        &["pair", "--help"],
        &["check", "--help"],
        &["curves", "--help"],
        &["bench", "--help"],
    ] {
        let start = Instant::now();
        let (out, _, code) = run_cli(args, "");
        assert_eq!(code, 0, "{args:?}");
        assert!(!out.is_empty(), "{args:?}");
        // `bench --help` prints its usage; it does not run the benchmark.
        assert!(start.elapsed() < Duration::from_secs(5), "{args:?}");
    }
    let (out, _, _) = run_cli(&["--version"], "");
    assert_eq!(out.trim(), format!("tripair {}", env!("CARGO_PKG_VERSION")));
    // --curve=NAME and --curve NAME are the same.
    let line = generator_line("bls12-381");
    let a = run_cli(&["pair", "--curve=bls12-381"], &format!("{line}\n"));
    let b = run_cli(&["pair", "--curve", "bls12-381"], &format!("{line}\n"));
    assert_eq!((a.2, &a.0), (0, &b.0));
}

#[test]
fn read_errors_end_the_run() {
    // A directory as standard input: every read fails.
    let dir = std::env::temp_dir();
    let mut child = tripair()
        .args(["pair", "--curve", "bn254"])
        .stdin(std::fs::File::open(&dir).unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status = wait_within(&mut child, Duration::from_secs(20));
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert_eq!(status.code(), Some(1));
    assert!(err.contains("cannot read input"), "{err}");
    assert_eq!(out, "");
    assert_no_panic(&err);
}

#[test]
fn write_errors_end_the_run_without_panic() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // no /dev/full on this system
    };
    let line = generator_line("bn254");
    for args in [
        &["pair", "--curve", "bn254"][..],
        &["pair", "--curve", "bn254", "--threads", "1"],
        &["check", "--curve", "bn254"],
        &["curves"],
        &["curves", "--json"],
        &["bench", "--curve", "eta2-233", "--samples", "1", "--quiet"],
        &["--help"],
        &["--version"],
        &["bench", "--help"],
    ] {
        let mut cmd = tripair();
        cmd.stdout(full.try_clone().unwrap());
        let mut child = cmd
            .args(args)
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(format!("{line}\n{line}\n").as_bytes());
        drop(stdin);
        let status = wait_within(&mut child, Duration::from_secs(60));
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        assert_eq!(status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("cannot write output"), "{args:?}: {err}");
        assert_no_panic(&err);
    }
}

#[test]
fn a_closed_pipe_stops_the_work_at_once_and_quietly() {
    let line = generator_line("bn254");
    for threads in ["1", "2"] {
        let mut child = tripair()
            .args(["pair", "--curve", "bn254", "--threads", threads])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // 100,000 pairings would take about a minute: the reader leaves after one answer.
        let mut stdin = child.stdin.take().unwrap();
        let input = format!("{line}\n").repeat(100_000);
        let feeder = std::thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
        });
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        drop(stdout);
        let status = wait_within(&mut child, Duration::from_secs(10));
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        // As a tool killed by SIGPIPE reports: 128 + 13, and nothing on standard error.
        assert_eq!(status.code(), Some(141), "{threads} threads: {err}");
        assert_eq!(err, "", "{threads} threads");
        feeder.join().unwrap();
    }
    // `tripair curves | head`, `tripair --help | head`: the reader gone before the first write.
    for args in [
        &["curves"][..],
        &["curves", "--json"],
        &["--help"],
        &["bench", "--help"],
    ] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = tripair()
            .args(args)
            .stdin(Stdio::null())
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(141), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}");
    }
}

#[test]
fn a_coprocess_gets_each_answer_before_sending_the_next_line() {
    let line = generator_line("bn254");
    let expect = run_cli(&["pair", "--curve", "bn254"], &format!("{line}\n")).0;
    for threads in ["1", "2"] {
        let mut child = tripair()
            .args(["pair", "--curve", "bn254", "--threads", threads])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let (tx, rx) = mpsc::channel();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        std::thread::spawn(move || loop {
            let mut l = String::new();
            if stdout.read_line(&mut l).unwrap_or(0) == 0 {
                return;
            }
            let _ = tx.send(l);
        });
        for _ in 0..3 {
            // The input stays open: the answer must come without an end of input.
            stdin.write_all(format!("{line}\n").as_bytes()).unwrap();
            stdin.flush().unwrap();
            let answer = rx
                .recv_timeout(Duration::from_secs(20))
                .expect("no answer while the input stays open");
            assert_eq!(answer, expect);
        }
        drop(stdin);
        assert_eq!(
            wait_within(&mut child, Duration::from_secs(20)).code(),
            Some(0)
        );
    }
}

/// The peak resident memory of a running process, from /proc (Linux).
fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_100_mb_line_is_refused_in_bounded_memory_and_the_next_line_answered() {
    let line = generator_line("bn254");
    let mut child = tripair()
        .args(["pair", "--curve", "bn254", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let feeder = {
        let line = line.clone();
        std::thread::spawn(move || {
            let chunk = "ab ".repeat(1 << 20); // 3 MiB of short tokens
            for _ in 0..34 {
                stdin.write_all(chunk.as_bytes()).unwrap();
            }
            stdin.write_all(format!("\n{line}\n").as_bytes()).unwrap();
            stdin
        })
    };
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    let mut second = String::new();
    stdout.read_line(&mut second).unwrap();
    assert!(first.starts_with("error: line too long"), "{first}");
    assert_eq!(second.len(), 2 * 12 * 32 + 1, "{second}");
    // Measured while the process still waits for input (its input stays open).
    let peak = peak_rss_kib(pid);
    drop(feeder.join().unwrap());
    assert_eq!(
        wait_within(&mut child, Duration::from_secs(20)).code(),
        Some(1)
    );
    if let Some(kib) = peak {
        assert!(kib < 48 * 1024, "peak memory {kib} KiB for a 100 MB line");
    }
}

#[test]
fn curves_json_is_one_document_with_every_curve() {
    let curves = curves_json();
    let names: Vec<&str> = curves.iter().map(|c| c["name"].as_str().unwrap()).collect();
    for n in [
        "bn254",
        "bn254n",
        "bn256d",
        "dclxvi",
        "bn446",
        "bn638",
        "bls12-381",
        "eta3-97",
        "eta3-193",
        "eta2-271",
    ] {
        assert!(names.contains(&n), "missing {n} in {names:?}");
    }
    for c in &curves {
        let name = c["name"].as_str().unwrap();
        for key in [
            "family",
            "p",
            "r",
            "cofactor",
            "equation",
            "generators",
            "broken",
        ] {
            assert!(!c[key].is_null(), "{name}: no {key}");
        }
        if name.starts_with("eta") {
            assert_eq!(c["broken"], true, "{name}");
            assert!(
                c["security_bits"].is_null() && c["twist"].is_null(),
                "{name}"
            );
        } else {
            assert_eq!(c["broken"], false, "{name}");
            assert!(c["security_bits"].as_u64().unwrap() >= 100, "{name}");
            assert!(c["u"].is_string() && c["twist"].is_string(), "{name}");
            assert!(c["non_residues"]["beta"].is_string(), "{name}");
            assert!(c["non_residues"]["xi"].is_string(), "{name}");
            // Each curve's listed generators pair to a non-error through the CLI.
            let input = format!(
                "{} {}\n",
                c["generators"]["g1"].as_str().unwrap(),
                c["generators"]["g2"].as_str().unwrap()
            );
            let (out, err, code) = run_cli(&["pair", "--curve", name], &input);
            assert_eq!(code, 0, "{name}: {out}{err}");
        }
    }
    assert_eq!(curves[0]["u"], "4965661367192848881");
    assert_eq!(curves[0]["non_residues"]["xi"], "9 + 1u");
}

/// `TRIPAIR_BACKEND=portable` forces the portable code in the prime-field and the
/// small-characteristic arithmetic alike, and the answers do not change.
#[test]
fn portable_backend_gives_the_same_answers() {
    for name in ["bn254", "bls12-381", "eta3-97", "eta2-271"] {
        let input = format!("{}\n", generator_line(name));
        let (fast, _, c1) = run_cli(&["pair", "--curve", name], &input);
        let mut portable = tripair();
        portable.env("TRIPAIR_BACKEND", "portable");
        let (slow, _, c2) = run_with(portable, &["pair", "--curve", name], &input);
        assert_eq!((c1, c2), (0, 0), "{name}");
        assert_eq!(fast, slow, "{name}: portable and detected backends differ");
    }
}

fn parse_json_lines(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn assert_measurement(row: &Value) {
    assert!(
        row["curve"].is_string() != row["field"].is_string(),
        "curve or field, not both: {row}"
    );
    for key in [
        "op",
        "impl",
        "median_ns",
        "min_ns",
        "max_ns",
        "samples",
        "cycles",
    ] {
        assert!(!row[key].is_null(), "no {key} in {row}");
    }
    let (lo, med, hi) = (
        row["min_ns"].as_f64().unwrap(),
        row["median_ns"].as_f64().unwrap(),
        row["max_ns"].as_f64().unwrap(),
    );
    assert!(0.0 < lo && lo <= med && med <= hi, "{row}");
}

#[test]
fn bench_json_has_a_header_and_one_kind_of_key_per_row() {
    let (out, err, code) = run_cli(
        &["bench", "--json", "--curve", "eta3-97", "--samples", "1"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains('\x1b'), "progress escapes in a log: {err:?}");
    let rows = parse_json_lines(&out);
    let header = &rows[0];
    assert_eq!(header["kind"], "header");
    for key in [
        "tripair_version",
        "backend",
        "cpu_model",
        "cpu_flags",
        "date_utc",
    ] {
        assert!(!header[key].is_null(), "header has no {key}: {header}");
    }
    let body = &rows[1..];
    // Only the curve's own field and pairing: F_3^97 rows keyed `field`, eta3-97 rows `curve`.
    assert!(body
        .iter()
        .all(|r| r["curve"].is_null() != r["field"].is_null()));
    let fields: Vec<&Value> = body.iter().filter(|r| !r["field"].is_null()).collect();
    assert_eq!(fields.len(), 5);
    assert!(fields.iter().all(|r| r["field"] == "F_3^97"));
    let pairings: Vec<&Value> = body.iter().filter(|r| !r["curve"].is_null()).collect();
    assert_eq!(pairings.len(), 2);
    assert!(pairings.iter().all(|r| r["curve"] == "eta3-97"));
    body.iter().for_each(assert_measurement);
    // A non-integer median survives (no rounding to whole nanoseconds): F_3^97 addition takes
    // a few nanoseconds.
    let add = fields.iter().find(|r| r["op"] == "add").unwrap();
    assert!(add["median_ns"].as_f64().unwrap() < 1000.0);
}

#[test]
fn bench_plots_write_svg_charts() {
    let dir = std::env::temp_dir().join(format!("tripair-plot-{}", std::process::id()));
    let (_, err, code) = run_cli(
        &[
            "bench",
            "--curve",
            "bn254",
            "--curve",
            "eta3-97",
            "--curve",
            "eta3-193",
            "--samples",
            "1",
            "--quiet",
            "--plot",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    for f in ["smallchar-fields.svg", "mitsunari-table3.svg"] {
        let svg = std::fs::read_to_string(dir.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert!(svg.starts_with("<svg") && svg.contains("<rect"), "{f}");
        assert!(svg.contains("F_3^97") || svg.contains("m=97"), "{f}");
    }
    let svg = std::fs::read_to_string(dir.join("mitsunari-table3.svg")).unwrap();
    assert!(svg.contains("Mitsunari 2009") && svg.contains("tripair"));
    let svg = std::fs::read_to_string(dir.join("bn254.svg")).unwrap();
    assert!(svg.contains("pairing") && svg.contains("<rect"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bench_table_acar_prints_the_papers_rows() {
    let (out, err, code) = run_cli(
        &[
            "bench",
            "--table",
            "acar",
            "--curve",
            "bn254n",
            "--samples",
            "1",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let rows = parse_json_lines(&out);
    assert_eq!(rows[0]["kind"], "header");
    let body = &rows[1..];
    body.iter().for_each(assert_measurement);
    // Four tower levels, six operations each.
    for level in ["F_p", "F_p2", "F_p6", "F_p12"] {
        let n = body
            .iter()
            .filter(|r| r["field"] == format!("bn254n/{level}"))
            .count();
        assert_eq!(n, 6, "{level}");
    }
    let pairing = |op: &str| {
        body.iter()
            .find(|r| r["curve"] == "bn254n" && r["op"] == op)
            .unwrap_or_else(|| panic!("no row {op}"))
    };
    // The ratios' base is the paper's: its single affine pairing.
    assert_eq!(pairing("pairing_affine")["ratio"], 1.0);
    for op in [
        "pairing_affine",
        "batch_20_affine",
        "batch_20",
        "batch_20_fixed_affine",
        "batch_20_fixed",
        "product_20_affine",
        "product_20",
        "product_20_affine_vartime",
        "final_exponentiation",
    ] {
        assert!(pairing(op)["ratio"].as_f64().unwrap() > 0.0, "{op}");
    }
    // The paper's ratio (ARM, base: its single affine pairing) beside the measured one.
    let paper = pairing("product_20_affine_vartime")["paper_ratio"]
        .as_f64()
        .unwrap();
    assert!((paper - 17.44 / 51.01).abs() < 1e-9);
    assert!(pairing("batch_20_affine")["paper_ratio"].is_null());
    // The text form, and a small-characteristic curve refused.
    let dir = std::env::temp_dir().join(format!("tripair-acar-plot-{}", std::process::id()));
    let (text, _, code) = run_cli(
        &[
            "bench",
            "--table",
            "acar",
            "--curve",
            "bn254n",
            "--samples",
            "1",
            "--plot",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(
        text.contains("R=I/M") && text.contains("product of 20"),
        "{text}"
    );
    let svg = std::fs::read_to_string(dir.join("acar-bn254n.svg")).unwrap();
    assert!(svg.contains("Acar et al. 2011") && svg.contains("<rect"));
    let _ = std::fs::remove_dir_all(&dir);
    let (_, err, code) = run_cli(&["bench", "--table", "acar", "--curve", "eta3-97"], "");
    assert_eq!(code, 2);
    assert!(err.contains("prime-field"), "{err}");
    let (_, _, code) = run_cli(&["bench", "--table", "nosuch"], "");
    assert_eq!(code, 2);
}

#[test]
fn bench_table_dclxvi_compares_the_representations() {
    let (out, err, code) = run_cli(
        &["bench", "--table", "dclxvi", "--samples", "1", "--json"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let rows = parse_json_lines(&out);
    assert_eq!(rows[0]["kind"], "header");
    let body = &rows[1..];
    body.iter().for_each(assert_measurement);
    for op in [
        "F_p2 multiplication",
        "F_p2 squaring",
        "optimal ate pairing",
    ] {
        for imp in ["montgomery", "12_doubles"] {
            let r = body
                .iter()
                .find(|r| r["op"] == op && r["impl"] == imp)
                .unwrap_or_else(|| panic!("no row {op} {imp}"));
            assert!(r["slides_core2_cycles"].as_f64().unwrap() > 0.0);
        }
    }
    let (text, _, code) = run_cli(&["bench", "--table", "dclxvi", "--samples", "1"], "");
    assert_eq!(code, 0);
    assert!(
        text.contains("slides Core2") && text.contains("4134643"),
        "{text}"
    );
    let (_, err, code) = run_cli(&["bench", "--table", "dclxvi", "--curve", "bn254"], "");
    assert_eq!(code, 2);
    assert!(err.contains("dclxvi curve only"), "{err}");
}

#[test]
fn bench_table_threads_reports_speedups() {
    let (out, err, code) = run_cli(
        &[
            "bench",
            "--table",
            "threads",
            "--curve",
            "bn254",
            "--samples",
            "1",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let rows = parse_json_lines(&out);
    let body = &rows[1..];
    body.iter().for_each(assert_measurement);
    let ops: Vec<&str> = body.iter().map(|r| r["op"].as_str().unwrap()).collect();
    for op in [
        "pairing",
        "pairing_split_2threads",
        "pairing_pipelined_2threads",
        "batch_8_1thread",
        "batch_64_2threads",
        "product_64_1thread",
        "product_64_2threads",
        "product_64_2threads_after_idle",
    ] {
        assert!(ops.contains(&op), "{op} missing: {ops:?}");
    }
    for r in body {
        assert!(r["speedup"].as_f64().unwrap() > 0.0);
        let one_thread = r["threads"] == 1;
        assert!(
            !one_thread || r["op"] == "pairing" || r["speedup"] == 1.0,
            "{r}"
        );
    }
}

#[test]
fn bench_table_bls_and_ggp_json_rows_carry_the_documented_keys() {
    let (out, err, code) = run_cli(&["bench", "--table", "bls", "--samples", "1", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let rows = parse_json_lines(&out);
    assert_eq!(rows[0]["kind"], "header");
    let body = &rows[1..];
    body.iter().for_each(assert_measurement);
    for op in [
        "bls_sign",
        "bls_verify",
        "bls_batch_verify_64",
        "sig_from_bytes",
    ] {
        let r = body
            .iter()
            .find(|r| r["op"] == op && r["impl"] == "tripair")
            .unwrap_or_else(|| panic!("no row {op}"));
        assert_eq!(r["curve"], "bls12-381");
        assert!(r["target_ratio"].as_f64().unwrap() > 0.0, "{r}");
    }
    let (out, err, code) = run_cli(
        &[
            "bench",
            "--table",
            "ggp",
            "--curve",
            "bn254",
            "--samples",
            "1",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let rows = parse_json_lines(&out);
    assert_eq!(rows[0]["kind"], "header");
    let body = &rows[1..];
    body.iter().for_each(assert_measurement);
    // Every row: the seven columns, then the plain ate pairing where the row's code runs it
    // (all but E' and F', which have only the optimal loop).
    for letter in [
        "A", "A32", "B", "C", "D", "E", "E'", "F", "F'", "G", "H", "G+H",
    ] {
        let row: Vec<&Value> = body.iter().filter(|r| r["row"] == letter).collect();
        let ops: Vec<&str> = row.iter().map(|r| r["op"].as_str().unwrap()).collect();
        let columns = [
            "fp_inv", "fp_add", "fp_mul", "fp12_inv", "fp12_add", "fp12_mul", "pairing",
        ];
        assert_eq!(ops[..7], columns, "{letter}");
        let plain: &[&str] = if letter == "E'" || letter == "F'" {
            &[]
        } else {
            &["plain_ate_pairing"]
        };
        assert_eq!(ops[7..], *plain, "{letter}");
        for pairing in &row[6..] {
            assert_eq!(pairing["curve"], "bn254");
            assert!(
                pairing["per_pairing_cycles"].as_f64().unwrap() > 0.0,
                "{pairing}"
            );
        }
    }
    let (_, err, code) = run_cli(&["bench", "--table", "bls", "--curve", "bn254"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--table bls is for bls12-381"), "{err}");
    // The ggp table's backends are built for its three curves alone: another is named, before
    // anything is measured.
    let (out, err, code) = run_cli(&["bench", "--table", "ggp", "--curve", "bn446"], "");
    assert_eq!((out.as_str(), code), ("", 2), "{err}");
    assert!(
        err.contains("--table ggp is for bn256d, bn254, bls12-381")
            && err.contains("'bn446' is not one of them"),
        "{err}"
    );
    for table in ["threads", "strategy"] {
        let (out, err, code) = run_cli(&["bench", "--table", table, "--curve", "bn638"], "");
        assert_eq!((out.as_str(), code), ("", 2), "{table}: {err}");
        assert!(
            err.contains(&format!("--table {table} is for bn254, bls12-381")),
            "{err}"
        );
    }
}

#[test]
fn bench_help_lists_every_table_with_what_it_prints() {
    let (out, err, code) = run_cli(&["bench", "--help"], "");
    assert_eq!(code, 0, "{err}");
    for (table, prints) in [
        ("acar", "I/M at each tower level"),
        ("threads", "products of 8 and 64"),
        ("bls", "batch verify of 64"),
        ("vpg", "Tables 3 and 4"),
        ("dclxvi", "12 doubles"),
        ("ggp", "D (digit-sliced"),
    ] {
        let line = out
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("- {table}:")))
            .unwrap_or_else(|| panic!("no {table} in\n{out}"));
        assert!(line.contains(prints), "{table}: {line}");
    }
}

#[test]
fn thread_counts_are_bounded_by_the_system_not_by_a_panic() {
    let line = generator_line("bn254");
    let input = format!("{line}\n\nnot a point\n{line}\n");
    let (expect, _, code) = run_cli(&["pair", "--curve", "bn254", "--threads", "1"], &input);
    assert_eq!(code, 1, "the malformed line fails");
    // Far more threads than cores: the same answers (threads the system refuses are done
    // without), and the split pairing within the same budget.
    for args in [
        &["pair", "--curve", "bn254", "--threads", "5000"][..],
        &["pair", "--curve", "bn254", "--parallel", "--threads", "3"][..],
    ] {
        let (out, err, code) = run_cli(args, &input);
        assert_no_panic(&err);
        assert_eq!((out.as_str(), code), (expect.as_str(), 1), "{args:?}");
    }
}

#[test]
fn tripair_threads_sets_the_budget_and_a_bad_value_is_named() {
    let line = generator_line("bls12-381");
    let input = format!("{line}\n{line}\n");
    let (expect, _, _) = run_cli(&["pair", "--curve", "bls12-381", "--threads", "1"], &input);
    for v in ["1", "2", "64"] {
        let mut cmd = tripair();
        cmd.env("TRIPAIR_THREADS", v);
        let (out, err, code) =
            run_with(cmd, &["pair", "--curve", "bls12-381", "--parallel"], &input);
        assert_eq!(
            (out.as_str(), code),
            (expect.as_str(), 0),
            "TRIPAIR_THREADS={v}: {err}"
        );
    }
    for v in ["0", "two", "-1", ""] {
        let mut cmd = tripair();
        cmd.env("TRIPAIR_THREADS", v);
        let (out, err, code) = run_with(cmd, &["pair", "--curve", "bls12-381"], &input);
        assert_eq!((out.as_str(), code), ("", 2), "TRIPAIR_THREADS={v:?}");
        assert!(err.contains("TRIPAIR_THREADS"), "{v:?}: {err}");
        assert_no_panic(&err);
    }
}

/// Under an address-space limit that leaves no room for a thread's stack, the threads the
/// system refuses are done without: every line answered, no panic (before, `pair --parallel
/// --threads 2` under `ulimit -v 240000` answered none of 200 lines and exited 0).
#[test]
fn refused_threads_lose_no_answer() {
    if !cfg!(target_os = "linux") {
        return;
    }
    let line = generator_line("bn254");
    let input: String = (0..50).map(|_| format!("{line}\n")).collect();
    let (expect, _, _) = run_cli(&["pair", "--curve", "bn254", "--threads", "1"], &input);
    let bin = env!("CARGO_BIN_EXE_tripair");
    let mut answered_under_limit = false;
    // From generous to tight: at some limit threads are refused while the process still runs.
    for kib in [400_000, 240_000, 120_000, 60_000] {
        let mut cmd = std::process::Command::new("sh");
        cmd.env_remove("TRIPAIR_BACKEND").args([
            "-c",
            &format!("ulimit -v {kib} && exec \"$0\" pair --curve bn254 --parallel --threads 4"),
            bin,
        ]);
        let (out, err, code) = run_with(cmd, &[], &input);
        if code != 0 && ran_out_of_memory(&err) {
            // Too tight for the process itself: an allocation failed (Rust aborts), or std's
            // start of a thread the system did create could not map that thread's signal stack
            // (a panic in std's own code before ours runs, which aborts). Whatever it printed
            // before is still the right answers.
            assert!(
                expect.starts_with(&out),
                "ulimit -v {kib}: wrong answers before: {err}"
            );
            continue;
        }
        if out.is_empty() && code != 0 && !err.contains("panicked") {
            // Too tight for the process to start (the loader).
            continue;
        }
        assert_no_panic(&err);
        assert_eq!(
            (out.as_str(), code),
            (expect.as_str(), 0),
            "ulimit -v {kib}: {err}"
        );
        answered_under_limit = true;
    }
    assert!(answered_under_limit, "no limit let the process run");
}

/// Whether a process's standard error says it died of memory exhaustion (Rust's and glibc's
/// messages), not of a refused thread that the library should have done without.
fn ran_out_of_memory(stderr: &str) -> bool {
    [
        "memory allocation of",
        "out of memory",
        "failed to allocate an alternative stack",
    ]
    .iter()
    .any(|m| stderr.contains(m))
}
