//! `tripair bench --table strategy`: every alternative of every operation measured, exactly one
//! chosen per operation, the ratio of the choice to the fastest on its row, on the detected
//! backend and under `TRIPAIR_BACKEND=portable` (no lanes: only the scalar paths).

use serde_json::Value;
mod common;

use common::{run_with, tripair};

fn strategy_rows(portable: bool) -> Vec<Value> {
    let mut cmd = tripair();
    if portable {
        cmd.env("TRIPAIR_BACKEND", "portable");
    }
    let args = [
        "bench",
        "--table",
        "strategy",
        "--curve",
        "bn254",
        "--samples",
        "1",
        "--json",
    ];
    let (out, err, code) = run_with(cmd, &args, "");
    assert_eq!(code, 0, "{err}");
    let rows: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(rows[0]["kind"], "header");
    rows[1..].to_vec()
}

fn check(rows: &[Value], portable: bool) {
    let ops = [
        "pairing",
        "product_2",
        "product_8",
        "product_20",
        "product_64",
        "batch_8",
        "batch_64",
        "prepared_8",
        "final_exponentiation",
    ];
    for op in ops {
        let alts: Vec<&Value> = rows.iter().filter(|r| r["op"] == op).collect();
        assert!(!alts.is_empty(), "{op} missing");
        let chosen: Vec<&&Value> = alts.iter().filter(|r| r["chosen"] == true).collect();
        assert_eq!(chosen.len(), 1, "{op}: exactly one chosen path: {alts:?}");
        let ratio = chosen[0]["chosen_over_best"].as_f64().unwrap();
        assert!(ratio >= 1.0, "{op}: chosen over best {ratio}");
        for r in &alts {
            assert_eq!(r["curve"], "bn254");
            assert_eq!(r["impl"], "tripair");
            for key in ["median_ns", "min_ns", "max_ns", "cycles"] {
                assert!(r[key].as_f64().is_some(), "{op}: {key}");
            }
            assert!(r["samples"].as_u64().unwrap() >= 1);
            if portable {
                assert_ne!(r["path"], "lanes", "{op}: no lanes under portable");
            }
        }
    }
    // The products of 2 and 64 compare projective and affine lines at least.
    for op in ["product_2", "product_64"] {
        let paths: Vec<&str> = rows
            .iter()
            .filter(|r| r["op"] == op)
            .map(|r| r["path"].as_str().unwrap())
            .collect();
        assert!(
            paths.contains(&"projective") && paths.contains(&"affine"),
            "{paths:?}"
        );
    }
}

#[test]
fn strategy_table_marks_one_choice_per_operation() {
    check(&strategy_rows(false), false);
}

#[test]
fn strategy_table_under_the_portable_backend() {
    let rows = strategy_rows(true);
    check(&rows, true);
    // Without lanes the product of 64 chooses a scalar source.
    let chosen = rows
        .iter()
        .find(|r| r["op"] == "product_64" && r["chosen"] == true)
        .unwrap();
    assert_eq!(chosen["path"], "affine");
}
