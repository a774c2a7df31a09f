//! Peer libraries (feature `peers`): each peer offers the expected operations per curve, and every
//! prepared operation runs without panicking.
#![cfg(feature = "peers")]

use std::sync::Mutex;
use tripair_cli::peers::peers_for;

/// mcl keeps its curve in process-global state: the tests below must not run mcl closures of two
/// curves on two threads at once.
static MCL: Mutex<()> = Mutex::new(());

const FIELD_AND_PAIRING: &[&str] = &[
    "fp_mul",
    "fp_sqr",
    "fp_inv",
    "fp2_mul",
    "fp2_sqr",
    "fp12_mul",
    "fp12_sqr",
    "fp12_inv",
    "miller_loop",
    "final_exponentiation",
    "pairing",
    "product_2",
    "product_8",
    "product_8_prepared",
    "batch_8_per_pairing",
];

fn expected(peer: &str) -> Vec<&'static str> {
    let mut v = FIELD_AND_PAIRING.to_vec();
    if peer != "mcl" {
        // mcl has no public cyclotomic squaring.
        v.push("fp12_cyclotomic_sqr");
    }
    v.sort_unstable();
    v
}

fn check(curve: &str, peers: &[&str]) {
    let _guard = MCL.lock().unwrap_or_else(|e| e.into_inner());
    let mut impls = peers_for(curve);
    let mut names: Vec<&str> = impls.iter().map(|p| p.name).collect();
    names.sort_unstable();
    let mut want = peers.to_vec();
    if !cfg!(feature = "peers-mcl") {
        want.retain(|&p| p != "mcl");
    }
    want.sort_unstable();
    assert_eq!(names, want, "peers for {curve}");
    for p in impls.iter_mut() {
        assert!(!p.ops.is_empty(), "{} {curve}: no ops", p.name);
        assert!(
            p.ops.iter().any(|o| o.op == "pairing"),
            "{} {curve}: no pairing",
            p.name
        );
        let mut ops: Vec<&str> = p.ops.iter().map(|o| o.op).collect();
        ops.sort_unstable();
        let n = ops.len();
        ops.dedup();
        assert_eq!(ops.len(), n, "{} {curve}: duplicate op names", p.name);
        assert_eq!(ops, expected(p.name), "{} {curve}: op names", p.name);
        for o in p.ops.iter_mut() {
            (o.run)();
            (o.run)();
        }
    }
}

#[test]
fn bn254_peers() {
    check("bn254", &["mcl", "arkworks"]);
}

#[test]
fn bls12_381_peers() {
    check("bls12-381", &["mcl", "blst", "arkworks"]);
}

#[test]
fn other_curves_have_no_peers() {
    assert!(peers_for("bn446").is_empty());
    assert!(peers_for("").is_empty());
}

/// Closures of both curves interleaved: mcl re-initialises its global curve as needed.
#[test]
fn interleaved_curves() {
    let _guard = MCL.lock().unwrap_or_else(|e| e.into_inner());
    let mut a = peers_for("bn254");
    let mut b = peers_for("bls12-381");
    for _ in 0..2 {
        for p in a.iter_mut().chain(b.iter_mut()) {
            for o in p
                .ops
                .iter_mut()
                .filter(|o| o.op == "pairing" || o.op == "fp_mul")
            {
                (o.run)();
            }
        }
    }
}
