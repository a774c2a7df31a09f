//! c-kzg-4844's reference tests (every EIP-4844 directory of its tests/, mainnet setup), packed
//! by scripts/kzg-vectors.py into tests/vectors/ckzg (see its README).

use serde_json::Value;
use std::path::Path;
use std::sync::OnceLock;
use tripair_eth::kzg::{Bytes32, Bytes48, Cell, TrustedSetup};

struct Vectors {
    cases: Vec<Value>,
    spans: Vec<(usize, usize)>,
    values: Vec<u8>,
}

fn vectors() -> &'static Vectors {
    static V: OnceLock<Vectors> = OnceLock::new();
    V.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/ckzg");
        let text = std::fs::read_to_string(dir.join("cases.json")).expect("cases.json");
        let doc: Value = serde_json::from_str(&text).expect("JSON");
        let spans = doc["values"]
            .as_array()
            .expect("values")
            .iter()
            .map(|s| {
                (
                    s[0].as_u64().unwrap() as usize,
                    s[1].as_u64().unwrap() as usize,
                )
            })
            .collect();
        Vectors {
            cases: doc["cases"].as_array().expect("cases").clone(),
            spans,
            values: std::fs::read(dir.join("values.bin")).expect("values.bin"),
        }
    })
}

fn setup() -> &'static TrustedSetup {
    static S: OnceLock<TrustedSetup> = OnceLock::new();
    S.get_or_init(|| TrustedSetup::mainnet().expect("the mainnet setup loads"))
}

/// A hex value of a case ("0x..", or "@N" for the N-th packed value).
fn bytes(v: &Value) -> Vec<u8> {
    let s = v.as_str().unwrap_or_else(|| panic!("not a string: {v}"));
    if let Some(n) = s.strip_prefix('@') {
        let vs = vectors();
        let (off, len) = vs.spans[n.parse::<usize>().unwrap()];
        return vs.values[off..off + len].to_vec();
    }
    hex::decode(s.strip_prefix("0x").unwrap()).unwrap()
}

/// A fixed-size input; None when the test gives another length (the case must then fail).
fn fixed<const N: usize>(v: &Value) -> Option<[u8; N]> {
    bytes(v).try_into().ok()
}

fn list(v: &Value) -> Vec<Vec<u8>> {
    v.as_array().expect("a list").iter().map(bytes).collect()
}

/// Runs every case of `function`: `run` gives Some(output as JSON) or None for an error.
fn check(function: &str, run: impl Fn(&Value) -> Option<Value>) {
    let mut n = 0;
    for case in vectors().cases.iter().filter(|c| c["function"] == function) {
        let got = run(&case["input"]);
        let expected = &case["output"];
        let name = case["name"].as_str().unwrap();
        match (&got, expected) {
            (None, Value::Null) => {}
            (Some(g), e) if !e.is_null() => assert!(g == &normalise(e), "{name}: wrong output"),
            (None, _) => panic!("{name}: rejected, expected an output"),
            (Some(_), _) => panic!("{name}: accepted, expected an error"),
        }
        n += 1;
    }
    assert!(n > 0, "no cases of {function}");
    eprintln!("{function}: {n} cases");
}

/// The expected output with packed values expanded, as hex.
fn normalise(v: &Value) -> Value {
    match v {
        Value::String(_) => Value::String(format!("0x{}", hex::encode(bytes(v)))),
        Value::Array(a) => Value::Array(a.iter().map(normalise).collect()),
        v => v.clone(),
    }
}

fn hexv(b: &[u8]) -> Value {
    Value::String(format!("0x{}", hex::encode(b)))
}

#[test]
fn blob_to_kzg_commitment() {
    check("blob_to_kzg_commitment", |i| {
        let c = setup().blob_to_kzg_commitment(&bytes(&i["blob"])).ok()?;
        Some(hexv(&c))
    });
}

#[test]
fn compute_kzg_proof() {
    check("compute_kzg_proof", |i| {
        let z: Bytes32 = fixed(&i["z"])?;
        let (proof, y) = setup().compute_kzg_proof(&bytes(&i["blob"]), &z).ok()?;
        Some(Value::Array(vec![hexv(&proof), hexv(&y)]))
    });
}

#[test]
fn compute_blob_kzg_proof() {
    check("compute_blob_kzg_proof", |i| {
        let c: Bytes48 = fixed(&i["commitment"])?;
        let proof = setup()
            .compute_blob_kzg_proof(&bytes(&i["blob"]), &c)
            .ok()?;
        Some(hexv(&proof))
    });
}

#[test]
fn verify_kzg_proof() {
    check("verify_kzg_proof", |i| {
        let ok = setup()
            .verify_kzg_proof(
                &fixed(&i["commitment"])?,
                &fixed(&i["z"])?,
                &fixed(&i["y"])?,
                &fixed(&i["proof"])?,
            )
            .ok()?;
        Some(Value::Bool(ok))
    });
}

#[test]
fn verify_blob_kzg_proof() {
    check("verify_blob_kzg_proof", |i| {
        let ok = setup()
            .verify_blob_kzg_proof(
                &bytes(&i["blob"]),
                &fixed(&i["commitment"])?,
                &fixed(&i["proof"])?,
            )
            .ok()?;
        Some(Value::Bool(ok))
    });
}

#[test]
fn verify_blob_kzg_proof_batch() {
    check("verify_blob_kzg_proof_batch", |i| {
        let blobs = list(&i["blobs"]);
        let blobs: Vec<&[u8]> = blobs.iter().map(|b| b.as_slice()).collect();
        let fixed_list = |v: &Value| -> Option<Vec<Bytes48>> {
            list(v).into_iter().map(|b| b.try_into().ok()).collect()
        };
        let ok = setup()
            .verify_blob_kzg_proof_batch(
                &blobs,
                &fixed_list(&i["commitments"])?,
                &fixed_list(&i["proofs"])?,
            )
            .ok()?;
        Some(Value::Bool(ok))
    });
}

#[test]
fn trusted_setup_errors() {
    let text = include_str!("../src/kzg/trusted_setup.txt");
    let err = |t: &str| {
        TrustedSetup::from_text(t)
            .err()
            .expect("rejected")
            .to_string()
    };
    assert_eq!(err(""), "trusted setup: missing the number of G1 points");
    assert_eq!(
        err("4095 65"),
        "trusted setup: 4095 G1 points; blobs need 4096"
    );
    let words: Vec<&str> = text.split_ascii_whitespace().collect();
    // Truncated, then with one point's bytes changed (off the curve or not a square).
    assert_eq!(
        err(&words[..100].join(" ")),
        "trusted setup: the file ends before G1 Lagrange point 98"
    );
    let mut bad = words.clone();
    let changed = format!("{}0", &bad[7][..95]);
    bad[7] = &changed;
    assert!(err(&bad.join("\n")).starts_with("trusted setup: G1 Lagrange point 5: "));
    // The first two monomial points swapped: [s]G1 first instead of the generator.
    let mut swapped = words.clone();
    let m = 2 + 4096 + 65;
    swapped.swap(m, m + 1);
    assert_eq!(
        err(&swapped.join("\n")),
        "trusted setup: the first monomial points are not the generators"
    );
}

fn cells_of(v: &Value) -> Option<Vec<Cell>> {
    list(v).into_iter().map(|b| b.try_into().ok()).collect()
}

fn indices(v: &Value) -> Vec<u64> {
    v.as_array()
        .expect("a list")
        .iter()
        .map(|i| i.as_u64().expect("an index"))
        .collect()
}

fn cells_json(cells: &[Cell]) -> Value {
    Value::Array(cells.iter().map(|c| hexv(c)).collect())
}

fn proofs_json(proofs: &[Bytes48]) -> Value {
    Value::Array(proofs.iter().map(|p| hexv(p)).collect())
}

#[test]
fn compute_cells() {
    check("compute_cells", |i| {
        let cells = setup().compute_cells(&bytes(&i["blob"])).ok()?;
        Some(cells_json(&cells))
    });
}

#[test]
fn compute_cells_and_kzg_proofs() {
    check("compute_cells_and_kzg_proofs", |i| {
        let (cells, proofs) = setup()
            .compute_cells_and_kzg_proofs(&bytes(&i["blob"]))
            .ok()?;
        Some(Value::Array(vec![cells_json(&cells), proofs_json(&proofs)]))
    });
}

#[test]
fn recover_cells_and_kzg_proofs() {
    check("recover_cells_and_kzg_proofs", |i| {
        let (cells, proofs) = setup()
            .recover_cells_and_kzg_proofs(&indices(&i["cell_indices"]), &cells_of(&i["cells"])?)
            .ok()?;
        Some(Value::Array(vec![cells_json(&cells), proofs_json(&proofs)]))
    });
}

#[test]
fn verify_cell_kzg_proof_batch() {
    check("verify_cell_kzg_proof_batch", |i| {
        let fixed_list = |v: &Value| -> Option<Vec<Bytes48>> {
            list(v).into_iter().map(|b| b.try_into().ok()).collect()
        };
        let ok = setup()
            .verify_cell_kzg_proof_batch(
                &fixed_list(&i["commitments"])?,
                &indices(&i["cell_indices"]),
                &cells_of(&i["cells"])?,
                &fixed_list(&i["proofs"])?,
            )
            .ok()?;
        Some(Value::Bool(ok))
    });
}
