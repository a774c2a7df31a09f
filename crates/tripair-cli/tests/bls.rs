//! `tripair bls`: Ethereum's published vectors through the command line (sign, aggregate), a
//! keygen-sign-verify pipeline in both variants and all three schemes, EIP-2333 derivation, and
//! every bad token named.

mod common;

use common::run_cli;

fn bls(args: &[&str], input: &str) -> (Vec<String>, i32) {
    let mut a = vec!["bls"];
    a.extend_from_slice(args);
    let (out, err, code) = run_cli(&a, input);
    assert!(!err.contains("panicked"), "{err}");
    (out.lines().map(str::to_string).collect(), code)
}

// ethereum/bls12-381-tests sign_case_11b8c7cad5238946 and the aggregate of three signatures
// (crates/tripair-bls/tests/vectors).
const SK: &str = "0x47b8192d77bf871b62e87859d653922725724a5c031afeabc60bcef5ff665138";
const MSG0: &str = "0x0000000000000000000000000000000000000000000000000000000000000000";
const SIG: &str = "b23c46be3a001c63ca711f87a005c200cc550b9429d5f4eb38d74322144f1b63926da3388979e5321012fb1a0526bcd100b5ef5fe72628ce4cd5e904aeaa3279527843fae5ca9ca675f4f51ed8f83bbf7155da9ecc9663100a885d5dc6df96d9";
const AGG_IN: [&str; 3] = [
    "b6ed936746e01f8ecf281f020953fbf1f01debd5657c4a383940b020b26507f6076334f91e2366c96e9ab279fb5158090352ea1c5b0c9274504f4f0e7053af24802e51e4568d164fe986834f41e55c8e850ce1f98458c0cfc9ab380b55285a55",
    SIG,
    "948a7cb99f76d616c2c564ce9bf4a519f1bea6b0a624a02276443c245854219fabb8d4ce061d255af5330b078d5380681751aa7053da2c98bae898edc218c75f07e24d8802a17cd1f6833b71e58f5eb5b94208b4d0bb3848cecb075ea21be115",
];
const AGG_OUT: &str = "9683b3e6701f9a4b706709577963110043af78a5b41991b998475a3d3fd62abf35ce03b33908418efc95a058494a8ae504354b9f626231f6b3f3c849dfdeaf5017c4780e2aee1850ceaf4b4d9ce70971a3d2cfcd97b7e5ecf6759f8da5f76d31";

#[test]
fn ethereum_vectors_through_the_command_line() {
    let (out, code) = bls(&["sign"], &format!("{SK} {MSG0}\n"));
    assert_eq!((out, code), (vec![SIG.to_string()], 0));
    let (out, code) = bls(&["aggregate"], &format!("{}\n", AGG_IN.join(" ")));
    assert_eq!((out, code), (vec![AGG_OUT.to_string()], 0));
}

#[test]
fn keygen_sign_verify_in_every_suite() {
    let ikm = "2a".repeat(32);
    for suite in [
        &[][..],
        &["--min-sig"],
        &["--basic"],
        &["--min-sig", "--basic"],
        &["--aug"],
        &["--min-sig", "--aug"],
    ] {
        let (kp, code) = bls(
            &[&["keygen"], suite].concat(),
            &format!("{ikm}\n{ikm} 01\n"),
        );
        assert_eq!(code, 0);
        assert_ne!(kp[0], kp[1], "key_info changes the key");
        let (sk, pk) = kp[0].split_once(' ').unwrap();
        let (sig, code) = bls(&[&["sign"], suite].concat(), &format!("{sk} 68656c6c6f\n"));
        assert_eq!(code, 0);
        let lines = format!("{pk} 68656c6c6f {s}\n{pk} 68656c6c6e {s}\n", s = sig[0]);
        let (out, code) = bls(&[&["verify"], suite].concat(), &lines);
        assert_eq!(
            (out, code),
            (vec!["true".into(), "false".into()], 0),
            "{suite:?}"
        );
    }
    // A signature of one suite does not verify in another (domain separation).
    let (kp, _) = bls(&["keygen"], &format!("{ikm}\n"));
    let (sk, pk) = kp[0].split_once(' ').unwrap();
    let (sig, _) = bls(&["sign", "--basic"], &format!("{sk} 00\n"));
    let (out, _) = bls(&["verify"], &format!("{pk} 00 {}\n", sig[0]));
    assert_eq!(out, ["false"]);
}

#[test]
fn bad_tokens_are_named() {
    let (out, code) = bls(
        &["sign"],
        &format!("00 {MSG0}\n{SK} zz\n{SK}\n\n{} {MSG0}\n", "00".repeat(32)),
    );
    assert_eq!(code, 1);
    assert_eq!(
        out[0],
        "error: wrong length for secret key: expected 32 bytes, got 1"
    );
    assert_eq!(out[1], "error: message: not hex");
    assert!(out[2].starts_with("error: malformed input"), "{}", out[2]);
    assert_eq!(out[3], "");
    assert_eq!(out[4], "error: secret key is zero");
    let (out, code) = bls(&["keygen"], "11\n");
    assert_eq!(code, 1);
    assert!(out[0].contains("at least 32"), "{}", out[0]);
    let (out, _) = bls(&["aggregate"], &format!("{SIG} 00\n"));
    assert_eq!(
        out[0],
        "error: signature 2: wrong length for signature: expected 96 bytes, got 1"
    );
    // An identity public key, and a signature that is not on the curve.
    let infinity_pk = format!("c0{}", "00".repeat(47));
    let mut bad_sig = SIG.to_string();
    bad_sig.replace_range(2..4, "00");
    let (out, code) = bls(&["verify"], &format!("{infinity_pk} {MSG0} {SIG}\n"));
    assert_eq!(code, 1);
    assert!(out[0].contains("identity"), "{}", out[0]);
    let (kp, _) = bls(&["keygen"], &format!("{}\n", "2a".repeat(32)));
    let pk = kp[0].split_once(' ').unwrap().1;
    let (out, code) = bls(&["verify"], &format!("{pk} {MSG0} {bad_sig}\n"));
    assert_eq!(code, 1);
    assert!(out[0].starts_with("error: invalid signature"), "{}", out[0]);
}

/// EIP-2333 test case 3 (seed, child 42), and paths the command refuses with the reason.
#[test]
fn derive_follows_eip2333() {
    let seed = "d4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3";
    // child_SK = 31372231650479070279774297061823572166496564838472787488249775572789064611981.
    let child = "455c0dc9fccb3395825d92a60d2672d69416be1c2578a87a7a3d3ced11ebb88d";
    let (out, code) = bls(
        &["derive"],
        &format!(
            "{seed} m/42
{seed} m/42/x
00 m/0
"
        ),
    );
    assert_eq!(code, 1);
    let (sk, pk) = out[0].split_once(' ').unwrap();
    assert_eq!(sk, child);
    let (kp, _) = bls(
        &["keygen"],
        &format!(
            "{}
",
            "01".repeat(32)
        ),
    );
    assert_eq!(kp[0].split(' ').nth(1).unwrap().len(), pk.len());
    assert!(out[1].contains("step 2 is \"x\""), "{}", out[1]);
    assert!(out[2].contains("at least 32"), "{}", out[2]);
}
