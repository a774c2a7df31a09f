//! go-ethereum's precompile test files (tests/vectors/geth, see its README) and checks of the
//! operations against each other.

use serde_json::Value;
use std::path::Path;
use tripair::curve::curves::Bn254;
use tripair::curve::{CurveGroup, G2Affine, G2};
use tripair::field::{Fp, Fp2};
use tripair_eth::{Error, Fault, Precompile};

fn cases(file: &str) -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/vectors/geth")
        .join(format!("{file}.json"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let doc: Value = serde_json::from_str(&text).expect("JSON");
    let v = doc.as_array().expect("an array of cases").clone();
    assert!(!v.is_empty(), "{file}: no cases");
    v
}

fn field<'a>(case: &'a Value, key: &str) -> &'a str {
    case[key]
        .as_str()
        .unwrap_or_else(|| panic!("case without {key}: {case}"))
}

/// The valid cases of go-ethereum's file: output and gas.
fn valid(file: &str, op: Precompile) {
    let all = cases(file);
    for case in &all {
        let name = field(case, "Name");
        let input = hex::decode(field(case, "Input")).unwrap();
        let expected = field(case, "Expected");
        let out = op
            .run(&input)
            .unwrap_or_else(|e| panic!("{file} {name}: rejected: {e}"));
        assert_eq!(hex::encode(out), expected, "{file} {name}");
        let gas = case["Gas"].as_u64().expect("Gas");
        assert_eq!(op.gas(&input), gas, "{file} {name}: gas");
    }
    eprintln!("{file}: {} cases", all.len());
}

/// The error go-ethereum names, as the fault this crate reports.
fn class(e: &Error) -> &'static str {
    match e {
        Error::InputLength { .. } => "invalid input length",
        Error::Element { fault, what, .. } => match fault {
            Fault::TopBytesNotZero => "invalid field element top bytes",
            Fault::NotBelowModulus => "invalid fp.Element encoding",
            Fault::NotOnCurve => "invalid point: not on curve",
            Fault::NotInSubgroup if *what == "G1 point" => "g1 point is not on correct subgroup",
            Fault::NotInSubgroup => "g2 point is not on correct subgroup",
        },
        _ => "not an EIP-2537 error",
    }
}

/// The invalid cases: each rejected, for the reason go-ethereum gives.
fn invalid(file: &str, op: Precompile) {
    let all = cases(file);
    for case in &all {
        let name = field(case, "Name");
        let input = hex::decode(field(case, "Input")).unwrap();
        let e = op
            .run(&input)
            .err()
            .unwrap_or_else(|| panic!("{file} {name}: accepted"));
        assert_eq!(
            class(&e),
            field(case, "ExpectedError"),
            "{file} {name}: {e}"
        );
    }
    eprintln!("{file}: {} cases", all.len());
}

#[test]
fn bn254_go_ethereum() {
    valid("bn256Add", Precompile::Bn254Add);
    valid("bn256ScalarMul", Precompile::Bn254Mul);
    valid("bn256Pairing", Precompile::Bn254Pairing);
}

#[test]
fn point_evaluation_go_ethereum() {
    valid("pointEvaluation", Precompile::PointEvaluation);
    // The same input with y changed, then with the versioned hash changed.
    let case = &cases("pointEvaluation")[0];
    let mut input = hex::decode(field(case, "Input")).unwrap();
    input[95] ^= 1;
    assert_eq!(
        Precompile::PointEvaluation.run(&input).unwrap_err(),
        Error::ProofInvalid {
            op: "POINT_EVALUATION"
        }
    );
    input[95] ^= 1;
    input[31] ^= 1;
    assert_eq!(
        Precompile::PointEvaluation.run(&input).unwrap_err().to_string(),
        "POINT_EVALUATION: the versioned hash does not match the commitment (0x01 || SHA-256(commitment)[1..])"
    );
    assert!(matches!(
        Precompile::PointEvaluation.run(&input[1..]),
        Err(Error::InputLength { got: 191, .. })
    ));
}

#[test]
fn bls12_add_map_go_ethereum() {
    valid("blsG1Add", Precompile::Bls12G1Add);
    valid("blsG2Add", Precompile::Bls12G2Add);
    valid("blsMapG1", Precompile::Bls12MapFpToG1);
    valid("blsMapG2", Precompile::Bls12MapFp2ToG2);
    invalid("fail-blsG1Add", Precompile::Bls12G1Add);
    invalid("fail-blsG2Add", Precompile::Bls12G2Add);
    invalid("fail-blsMapG1", Precompile::Bls12MapFpToG1);
    invalid("fail-blsMapG2", Precompile::Bls12MapFp2ToG2);
}

#[test]
fn bls12_g1_msm_go_ethereum() {
    // go-ethereum runs its G1MUL file (one term each) at the MSM address, as EIP-2537 now does.
    valid("blsG1Mul", Precompile::Bls12G1Msm);
    valid("blsG1MultiExp", Precompile::Bls12G1Msm);
    invalid("fail-blsG1Mul", Precompile::Bls12G1Msm);
    invalid("fail-blsG1MultiExp", Precompile::Bls12G1Msm);
}

#[test]
fn bls12_g2_msm_go_ethereum() {
    valid("blsG2Mul", Precompile::Bls12G2Msm);
    valid("blsG2MultiExp", Precompile::Bls12G2Msm);
    invalid("fail-blsG2Mul", Precompile::Bls12G2Msm);
    invalid("fail-blsG2MultiExp", Precompile::Bls12G2Msm);
}

#[test]
fn bls12_pairing_go_ethereum() {
    valid("blsPairing", Precompile::Bls12PairingCheck);
    invalid("fail-blsPairing", Precompile::Bls12PairingCheck);
}

#[test]
fn names_and_addresses() {
    for (i, op) in Precompile::ALL.into_iter().enumerate() {
        assert_eq!(op as usize, i);
        assert_eq!(Precompile::from_name(op.name()), Some(op));
        assert_eq!(Precompile::from_address(op.address()), Some(op));
    }
    assert_eq!(Precompile::from_address(0x09), None);
    assert_eq!(Precompile::from_name("ecadd"), None);
}

fn g1_bn(k: u8) -> Vec<u8> {
    // [k]G for the generator (1, 2), through ECMUL.
    let mut input = vec![0u8; 96];
    input[31] = 1;
    input[63] = 2;
    input[95] = k;
    Precompile::Bn254Mul.run(&input).unwrap()
}

#[test]
fn bn254_padding_and_errors() {
    let g = g1_bn(1);
    // ECADD reads missing bytes as zeros (the second point: infinity) and ignores extra ones.
    assert_eq!(Precompile::Bn254Add.run(&g).unwrap(), g);
    let mut long = [g.clone(), g1_bn(0), vec![0xff; 40]].concat();
    assert_eq!(Precompile::Bn254Add.run(&long).unwrap(), g);
    long.truncate(100);
    assert_eq!(Precompile::Bn254Add.run(&long).unwrap(), g);
    assert_eq!(Precompile::Bn254Add.run(&[]).unwrap(), vec![0u8; 64]);
    // [3]G = [2]G + G, and a scalar of 256 bits acts modulo r.
    assert_eq!(
        Precompile::Bn254Add
            .run(&[g1_bn(2), g.clone()].concat())
            .unwrap(),
        g1_bn(3)
    );
    let r =
        hex::decode("30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001").unwrap();
    let mut input = [g.clone(), r].concat();
    input[95] += 5;
    assert_eq!(Precompile::Bn254Mul.run(&input).unwrap(), g1_bn(5));
    // A coordinate equal to p.
    let p =
        hex::decode("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47").unwrap();
    let e = Precompile::Bn254Add
        .run(&[p.clone(), g[32..].to_vec(), g.clone()].concat())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "BN254_ADD: G1 point 0 (input bytes 0..): a coordinate is not below the field modulus"
    );
    // The pairing: lengths and the empty product.
    assert_eq!(Precompile::Bn254Pairing.run(&[]).unwrap()[31], 1);
    let e = Precompile::Bn254Pairing.run(&[0u8; 191]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "BN254_PAIRING: invalid input length: expected a multiple of 192 bytes, got 191 bytes"
    );
}

/// The BN254 G2 generator in EIP-197's order (imaginary parts first).
const BN_G2: &str = concat!(
    "198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c2",
    "1800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed",
    "090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b",
    "12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa"
);

#[test]
fn bn254_pairing_bilinear_and_subgroup() {
    let q = hex::decode(BN_G2).unwrap();
    // e([6]G1, Q) e(-[2]G1, [3]Q)... with only G1 multiples at hand: e([6]G, Q) e([-6]G, Q) = 1.
    let g6 = g1_bn(6);
    let mut neg = g6.clone();
    // -P = (x, p - y).
    let p =
        hex::decode("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47").unwrap();
    let mut borrow = 0i16;
    for i in (0..32).rev() {
        let d = p[i] as i16 - g6[32 + i] as i16 - borrow;
        neg[32 + i] = d.rem_euclid(256) as u8;
        borrow = (d < 0) as i16;
    }
    let ok = [g6.clone(), q.clone(), neg, q.clone()].concat();
    assert_eq!(Precompile::Bn254Pairing.run(&ok).unwrap()[31], 1);
    let bad = [g6.clone(), q.clone(), g6.clone(), q.clone()].concat();
    assert_eq!(Precompile::Bn254Pairing.run(&bad).unwrap()[31], 0);
    // A point off the twist: y changed in its last bit.
    let mut off = q.clone();
    off[127] ^= 1;
    let e = Precompile::Bn254Pairing
        .run(&[g6.clone(), off].concat())
        .unwrap_err();
    assert!(
        matches!(
            e,
            Error::Element {
                what: "G2 point",
                index: 0,
                offset: 64,
                fault: Fault::NotOnCurve,
                ..
            }
        ),
        "{e}"
    );
    // A point of the twist outside the order-r subgroup (the twist's cofactor is about 2^254):
    // the first x = (k, 0) with x^3 + b' a square.
    let twist_point = (1u64..)
        .find_map(|k| {
            let x = Fp2::<Bn254>::new(Fp::from_u64(k), Fp::ZERO);
            let y = (x.square() * x + G2::<Bn254>::coeff_b()).sqrt_vartime()?;
            Some(G2Affine::<Bn254>::new_unchecked(x, y))
        })
        .unwrap();
    assert!(twist_point.is_on_curve() && !twist_point.is_in_subgroup_vartime());
    let e = Precompile::Bn254Pairing
        .run(&[g6, tripair::encoding::encode_g2(&twist_point)].concat())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "BN254_PAIRING: G2 point 0 (input bytes 64..): not in the prime-order subgroup"
    );
}

#[test]
fn bls12_msm_matches_additions() {
    // [a]G + [b]G by two one-term MSMs and G1ADD, against the two-term MSM: the generator of
    // G1 in EIP-2537's encoding comes from the first valid G1ADD case's operands.
    let case = &cases("blsG1Add")[0];
    let input = hex::decode(field(case, "Input")).unwrap();
    let (p, q) = (&input[..128], &input[128..]);
    let term = |pt: &[u8], k: u8| {
        let mut s = [0u8; 32];
        s[31] = k;
        [pt, &s].concat()
    };
    let a = Precompile::Bls12G1Msm.run(&term(p, 7)).unwrap();
    let b = Precompile::Bls12G1Msm.run(&term(q, 9)).unwrap();
    let sum = Precompile::Bls12G1Add.run(&[a, b].concat()).unwrap();
    let both = Precompile::Bls12G1Msm
        .run(&[term(p, 7), term(q, 9)].concat())
        .unwrap();
    assert_eq!(sum, both);
    assert_eq!(
        Precompile::Bls12G1Msm.gas(&[0u8; 320]),
        2 * 12_000 * 949 / 1000
    );
    assert_eq!(Precompile::Bls12G1Msm.gas(&[]), 0);
    let e = Precompile::Bls12G1Msm.run(&[]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "BLS12_G1MSM: invalid input length: expected a non-zero multiple of 160 bytes, got 0 bytes"
    );
}
