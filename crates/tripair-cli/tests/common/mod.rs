//! Running the `tripair` binary from the integration tests.

use std::io::Write;
use std::process::{Command, Stdio};

/// The binary, with the backend left to detection.
pub fn tripair() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tripair"));
    cmd.env_remove("TRIPAIR_BACKEND");
    cmd
}

/// Runs `cmd` with `args` on `input`; returns stdout, stderr and the exit status. The input is
/// fed from a thread, so a large input cannot deadlock against a full output pipe.
pub fn run_with(mut cmd: Command, args: &[&str], input: &str) -> (String, String, i32) {
    let mut child = cmd
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// [`run_with`] on the plain binary.
#[allow(dead_code)] // not every test file uses every helper
pub fn run_cli(args: &[&str], input: &str) -> (String, String, i32) {
    run_with(tripair(), args, input)
}

/// The hex of a curve's generator of `group` ("g1" or "g2"), from `tripair curves --json`.
#[allow(dead_code)]
pub fn generator_hex(curve: &str, group: &str) -> String {
    let (out, _, code) = run_cli(&["curves", "--json"], "");
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let c = doc
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == curve)
        .unwrap();
    c["generators"][group].as_str().unwrap().to_string()
}
