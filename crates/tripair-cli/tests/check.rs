//! `tripair check` against the library and against `tripair pair`: on every prime curve its
//! answer equals the answer by construction, the library's `pairing_check` on the decoded points
//! (`api::check_hex`) and whether the product of the `pair` outputs is one; bad points are named.
//! `tests/data/pairing_checks.txt` is an EIP-197 / EIP-2537 style test set of every prime curve
//! whose answers follow from bilinearity, not from running a pairing; it is written by
//! `examples/pairing_check_vectors.rs` (building the cases here instantiated the scalar
//! multiplications and encodings of every curve in this test crate).

mod common;

use tripair::pairing::Gt;
use tripair::PairingCurve;

const VECTORS: &str = "tests/data/pairing_checks.txt";

/// The binary's answer lines and exit status.
fn run_cli(args: &[&str], input: &str) -> (Vec<String>, i32) {
    let (out, _, code) = common::run_cli(args, input);
    (out.lines().map(str::to_string).collect(), code)
}

struct Case {
    /// (G1 hex, G2 hex) per pair.
    pairs: Vec<(String, String)>,
    /// The answer by construction: Some(true/false) for valid input, None for an error.
    expect: Option<bool>,
    line: String,
}

/// The test set's cases of one curve.
fn cases_of(curve: &str) -> Vec<Case> {
    let text = std::fs::read_to_string(VECTORS).unwrap();
    let cases: Vec<Case> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let mut f = l.splitn(3, '\t');
            let (c, expect, line) = (f.next()?, f.next()?, f.next()?);
            (c == curve).then(|| {
                let hex: Vec<&str> = line.split(' ').collect();
                assert_eq!(hex.len() % 2, 0, "{curve}: {line}");
                Case {
                    pairs: hex
                        .chunks(2)
                        .map(|p| (p[0].to_string(), p[1].to_string()))
                        .collect(),
                    expect: match expect {
                        "true" => Some(true),
                        "false" => Some(false),
                        "error" => None,
                        e => panic!("{curve}: expected '{e}'"),
                    },
                    line: line.to_string(),
                }
            })
        })
        .collect();
    assert!(
        cases.iter().filter(|c| c.expect.is_none()).count() >= 5
            && cases.iter().filter(|c| c.expect == Some(false)).count() >= 4,
        "{curve}: the test set lacks cases"
    );
    cases
}

/// Whether the product of the GT values (hex of `pair` outputs) is one.
fn gt_product_is_one<C: PairingCurve>(gts: &[&str]) -> bool {
    gts.iter()
        .fold(Gt::<C>::identity(), |acc, g| {
            acc * Gt::<C>::from_bytes(&hex::decode(g).unwrap()).unwrap()
        })
        .is_identity()
}

/// `check` agrees with the answer by construction, with `pairing_check` and with the product of
/// `pair` outputs; errors name the same point as the library's `check_hex`.
fn check_agrees(name: &str, product_is_one: fn(&[&str]) -> bool) {
    let cases = cases_of(name);
    let input: String = cases.iter().map(|c| c.line.clone() + "\n").collect();
    let (check, code) = run_cli(&["check", "--curve", name], &input);
    assert_eq!(code, 1, "{name}: bad lines fail the run");
    assert_eq!(check.len(), cases.len(), "{name}");
    // Every pair of every valid case through `pair`, in one run.
    let pair_input: String = cases
        .iter()
        .filter(|c| c.expect.is_some())
        .flat_map(|c| c.pairs.iter().map(|(a, b)| format!("{a} {b}\n")))
        .collect();
    let (pairs_out, code) = run_cli(&["pair", "--curve", name, "--threads", "2"], &pair_input);
    assert_eq!(code, 0, "{name}");
    let mut gts = pairs_out.iter();
    for (case, answer) in cases.iter().zip(&check) {
        let refs: Vec<(&str, &str)> = case
            .pairs
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        match case.expect {
            Some(expect) => {
                let outputs: Vec<&str> = case
                    .pairs
                    .iter()
                    .map(|_| gts.next().unwrap().as_str())
                    .collect();
                assert_eq!(answer, &expect.to_string(), "{name}: {}", case.line);
                // The library's check by curve name (its pairing code is compiled once, in the
                // library: a generic `pairing_check::<C>` here would build the pairing stack of
                // every curve again into this test crate).
                assert_eq!(
                    tripair::api::check_hex(name, &refs).unwrap(),
                    expect,
                    "{name}"
                );
                assert_eq!(
                    product_is_one(&outputs),
                    expect,
                    "{name}: product of pair outputs"
                );
            }
            None => {
                let err = tripair::api::check_hex(name, &refs).unwrap_err();
                assert_eq!(answer, &format!("error: {err}"), "{name}");
                assert!(
                    answer.starts_with("error: G1 of pair ")
                        || answer.starts_with("error: G2 of pair "),
                    "{name}: the error names the point: {answer}"
                );
            }
        }
    }
    assert!(gts.next().is_none(), "{name}: pair answered more lines");
}

macro_rules! check_tests {
    (() $($m:ident: $c:ty = $label:literal),* $(,)?) => {
        $(mod $m {
            #[test] fn check_agrees_with_pairing_check_and_pair() {
                super::check_agrees($label, super::gt_product_is_one::<$c>);
            }
        })*
    };
}
tripair::for_each_prime_curve!(check_tests);

/// The test set covers every prime curve, and no other.
#[test]
fn test_set_covers_every_prime_curve() {
    let text = std::fs::read_to_string(VECTORS).unwrap();
    let mut curves: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    curves.dedup();
    assert_eq!(curves, tripair::api::PRIME_CURVES);
}
