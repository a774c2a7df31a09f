//! The command line names every class of bad input on its own output line, goes on after it, and
//! lists every curve with generators that pair.

use std::io::Write;
use std::process::{Command, Stdio};
use tripair::curve::curves::Bn254;
use tripair::curve::{CurveGroup, G1, G2};
use tripair::encoding::{encode_g1, encode_g2};
use tripair::util::hex_encode;

fn run_cli(args: &[&str], input: &str) -> (String, i32) {
    run_cli_env(args, input, None)
}

/// The string value of `"key": "..."` in one JSON line of `tripair curves --json`.
fn json_field(line: &str, key: &str) -> String {
    line.split(&format!("\"{key}\": \""))
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string()
}

/// Runs the binary with `TRIPAIR_BACKEND` set to `backend` (or removed).
fn run_cli_env(args: &[&str], input: &str, backend: Option<&str>) -> (String, i32) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tripair"));
    match backend {
        Some(b) => cmd.env("TRIPAIR_BACKEND", b),
        None => cmd.env_remove("TRIPAIR_BACKEND"),
    };
    let mut child = cmd
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn cli_pair_names_every_error_and_continues() {
    type C = Bn254;
    let g1 = hex_encode(&encode_g1::<C>(&<G1<C> as CurveGroup>::generator()));
    let g2 = hex_encode(&encode_g2::<C>(&<G2<C> as CurveGroup>::generator()));
    let mut off = g1.clone();
    off.replace_range(126..128, if &g1[126..128] == "00" { "01" } else { "00" });
    let unreduced = format!("{}{}", "ff".repeat(32), &g1[64..]);
    let input = format!(
        "{g1} {g2}\nxyz {g2}\n{} {g2}\n{unreduced} {g2}\n{off} {g2}\nonly-one-token\n{g1} {g2}\n",
        &g1[..10]
    );
    let (out, code) = run_cli(&["pair", "--curve", "bn254"], &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "one output line per input line: {out}");
    assert_eq!(lines[0].len(), 2 * 12 * 32);
    assert_eq!(lines[1], "error: not hex");
    assert!(lines[2].starts_with("error: wrong length"), "{}", lines[2]);
    assert!(lines[3].contains("not reduced"), "{}", lines[3]);
    assert!(lines[4].contains("not on curve"), "{}", lines[4]);
    assert!(lines[5].starts_with("error: malformed"), "{}", lines[5]);
    assert_eq!(lines[6], lines[0]);
    assert_eq!(code, 1, "exit status must be non-zero when a line failed");
    let (out, code) = run_cli(&["pair", "--curve", "bn254"], &format!("{g1} {g2}\n"));
    assert_eq!(code, 0);
    assert_eq!(out.trim(), lines[0]);
    // Unknown curve.
    let (_, code) = run_cli(&["pair", "--curve", "nosuchcurve"], "");
    assert_eq!(code, 2);
}

#[test]
fn cli_curves_json_lists_every_curve() {
    let (out, code) = run_cli(&["curves", "--json"], "");
    assert_eq!(code, 0);
    let names: Vec<&str> = out.lines().map(|l| l.split('"').nth(3).unwrap()).collect();
    for n in [
        "bn254",
        "bn254n",
        "bn256d",
        "dclxvi",
        "bn446",
        "bn638",
        "bls12-381",
        "eta3-97",
        "eta2-271",
    ] {
        assert!(names.contains(&n), "missing {n} in {names:?}");
    }
    assert!(out
        .lines()
        .filter(|l| l.contains("\"eta"))
        .all(|l| l.contains("\"broken\": true")));
    assert!(out
        .lines()
        .filter(|l| l.contains("\"bn254\""))
        .all(|l| l.contains("\"broken\": false")));
    // Each curve's listed generators pair to a non-error through the CLI.
    for l in out.lines().take(7) {
        let field = |k: &str| json_field(l, k);
        let (res, code) = run_cli(
            &["pair", "--curve", &field("name")],
            &format!("{} {}\n", field("g1"), field("g2")),
        );
        assert_eq!(code, 0, "{}: {res}", field("name"));
    }
}

/// `TRIPAIR_BACKEND=portable` forces the portable code in the prime-field and the
/// small-characteristic arithmetic alike, and the answers do not change.
#[test]
fn cli_portable_backend_gives_the_same_answers() {
    let (curves, _) = run_cli(&["curves", "--json"], "");
    for name in ["bn254", "bls12-381", "eta3-97", "eta2-271"] {
        let line = curves
            .lines()
            .find(|l| l.contains(&format!("\"name\": \"{name}\"")))
            .unwrap();
        let field = |k: &str| json_field(line, k);
        let input = format!("{} {}\n", field("g1"), field("g2"));
        let (fast, c1) = run_cli_env(&["pair", "--curve", name], &input, None);
        let (portable, c2) = run_cli_env(&["pair", "--curve", name], &input, Some("portable"));
        assert_eq!((c1, c2), (0, 0), "{name}");
        assert_eq!(
            fast, portable,
            "{name}: portable and detected backends differ"
        );
    }
}
