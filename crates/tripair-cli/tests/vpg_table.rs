//! `tripair bench --table vpg`: the model's Tables 3 and 4 beside the paper's, Appendix A with the
//! paper's six estimates recomputed, the x86 field table with F_p rows, the counted pairings; and
//! the options it cannot honour refused.

mod common;
use common::run_cli;

#[test]
fn bench_table_vpg_prints_model_paper_and_x86_rows() {
    let (out, err, code) = run_cli(&["bench", "--table", "vpg", "--samples", "1"], "");
    assert_eq!(code, 0, "{err}");
    for needle in [
        "Tables 3 and 4, on the model",
        "(32x8)-tree us",
        // The paper's estimates, recomputed from its counts and tables.
        "6762354      6762354       646554       646554",
        "12061117     12061117       981984       981984",
        "10788960     10788960      4541760      4541760",
        "tripair on x86 at the paper's sizes",
        "bn254 (CountingFp)",
        "eta3-97 pairing",
        "eta2-233 pairing",
    ] {
        assert!(out.contains(needle), "missing {needle:?} in\n{out}");
    }
    for field in ["F_2^557", "F_3^353", "F_p 160-bit", "F_p 512-bit"] {
        // One row in the model table, one in the Table 2 columns, one in the x86 table.
        assert!(out.matches(field).count() >= 3, "{field}");
    }
    let (_, err, code) = run_cli(&["bench", "--table", "vpg", "--json"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--table vpg"), "{err}");
}
