//! `tripair hash`: RFC 9380 vectors through the command line (text and hex messages, the empty
//! message, compressed output), points that `pair` accepts, and every bad input named.

mod common;

use common::run_cli;

const G1_RO_DST: &str = "QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_";
// RFC 9380, Appendix J.9.1: P for msg = "" and msg = "abc" (x then y).
const G1_RO_EMPTY: &str = "052926add2207b76ca4fa57a8734416c8dc95e24501772c814278700eed6d1e4e8cf62d9c09db0fac349612b759e79a1\
08ba738453bfed09cb546dbb0783dbb3a5f1f566ed67bb6be0e8c67e2e81a4cc68ee29813bb7994998f3eae0c9c6a265";
const G1_RO_ABC: &str = "03567bc5ef9c690c2ab2ecdf6a96ef1c139cc0b2f284dca0a9a7943388a49a3aee664ba5379a7655d3c68900be2f6903\
0b9c15f3fe6e5cf4211f346271d7b01c8f3b28be689c8429c85b67af215533311f0b8dfaaa154fa6b88176c229f2885d";

fn hash(extra: &[&str], input: &str) -> (Vec<String>, String, i32) {
    let mut args = vec!["hash", "--curve", "bls12-381"];
    args.extend_from_slice(extra);
    let (out, err, code) = run_cli(&args, input);
    (out.lines().map(str::to_string).collect(), err, code)
}

#[test]
fn rfc_vectors_as_text_and_hex() {
    let g1 = ["--group", "g1", "--dst", G1_RO_DST];
    let (out, _, code) = hash(&[&g1[..], &["--text"]].concat(), "abc\n");
    assert_eq!((out, code), (vec![G1_RO_ABC.to_string()], 0));
    let (out, _, code) = hash(&g1, "616263\n0x\n0x616263\n");
    assert_eq!(code, 0);
    assert_eq!(out, [G1_RO_ABC, G1_RO_EMPTY, G1_RO_ABC]);
}

#[test]
fn compressed_and_g2_points_decode_and_pair() {
    let dst = "tripair-test";
    let (g1, _, code) = hash(&["--group", "g1", "--dst", dst], "00\n01\n");
    assert_eq!(code, 0);
    let (g2, _, code) = hash(&["--group", "g2", "--dst", dst, "--encode"], "00\n");
    assert_eq!(code, 0);
    let (g1c, _, code) = hash(&["--group", "g1", "--dst", dst, "--compressed"], "00\n");
    assert_eq!(code, 0);
    assert_eq!((g1[0].len(), g2[0].len(), g1c[0].len()), (192, 384, 96));
    assert_ne!(g1[0], g1[1]);
    // The uncompressed output is what `pair` reads.
    let (out, err, code) = run_cli(
        &["pair", "--curve", "bls12-381"],
        &format!("{} {}\n", g1[0], g2[0]),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim().len(), 2 * 576);
}

#[test]
fn bad_inputs_are_named() {
    let g1 = ["--group", "g1", "--dst", "t"];
    let (out, _, code) = hash(&g1, "zz\n\n0x0\n00\n");
    assert_eq!(code, 1);
    assert_eq!(out[0], "error: message: not hex");
    assert_eq!(out[1], "");
    assert_eq!(out[2], "error: message: not hex");
    assert_eq!(out[3].len(), 192);
    // Arguments: unsupported curve, missing or bad group, a tag over 255 bytes.
    let long = "x".repeat(256);
    for (args, what) in [
        (
            vec!["hash", "--curve", "bn446", "--group", "g1", "--dst", "t"],
            "bls12-381, bn254 only",
        ),
        (
            vec!["hash", "--curve", "bn254", "--group", "g2", "--dst", "t"],
            "bn254 has g1",
        ),
        (
            vec!["hash", "--curve", "bls12-381", "--dst", "t"],
            "--group",
        ),
        (
            vec![
                "hash",
                "--curve",
                "bls12-381",
                "--group",
                "g3",
                "--dst",
                "t",
            ],
            "g3",
        ),
        (
            vec![
                "hash",
                "--curve",
                "bls12-381",
                "--group",
                "g2",
                "--dst",
                long.as_str(),
            ],
            "1 to 255",
        ),
        (
            vec!["hash", "--curve", "bls12-381", "--group", "g1", "--dst", ""],
            "no empty tag",
        ),
    ] {
        let (_, err, code) = run_cli(&args, "00\n");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(what), "{args:?}: {err}");
    }
}

/// gnark-crypto's vectors for BN254G1_XMD:SHA-256_SVDW_RO_ (msg "" and "abc"): x then y, 32 bytes
/// each, the uncompressed encoding that `pair --curve bn254` reads.
#[test]
fn bn254_svdw_vectors() {
    let dst = "QUUX-V01-CS02-with-BN254G1_XMD:SHA-256_SVDW_RO_";
    let (out, err, code) = run_cli(
        &["hash", "--curve", "bn254", "--group", "g1", "--dst", dst],
        "0x\n616263\n",
    );
    assert_eq!(code, 0, "{err}");
    let out: Vec<&str> = out.lines().collect();
    assert_eq!(
        out,
        [
            "0a976ab906170db1f9638d376514dbf8c42aef256a54bbd48521f20749e59e86\
             02925ead66b9e68bfc309b014398640ab55f6619ab59bc1fab2210ad4c4d53d5",
            "23f717bee89b1003957139f193e6be7da1df5f1374b26a4643b0378b5baf53d1\
             04142f826b71ee574452dbc47e05bc3e1a647478403a7ba38b7b93948f4e151d",
        ]
    );
}

/// A tag that starts with '-' is a tag, not a flag (`--dst -X` and `--dst=-X` alike).
#[test]
fn a_tag_may_start_with_a_hyphen() {
    let (a, err, code) = hash(&["--group", "g1", "--dst", "-X"], "00\n");
    assert_eq!(code, 0, "{err}");
    let (b, _, _) = hash(&["--group", "g1", "--dst=-X"], "00\n");
    let (c, _, _) = hash(&["--group", "g1", "--dst", "X"], "00\n");
    assert_eq!(a, b);
    assert_ne!(a, c);
}

/// `hash --curve bn254 --compressed` writes gnark-crypto's compressed G1 (32 bytes), which `pair`
/// and `check` read: the pairing of the compressed and the uncompressed point agree.
#[test]
fn bn254_compressed_points_are_read_back() {
    let args = ["hash", "--curve", "bn254", "--group", "g1", "--dst", "t"];
    let (plain, _, code) = run_cli(&args, "00\n01\n");
    assert_eq!(code, 0);
    let (packed, _, code) = run_cli(&[&args[..], &["--compressed"]].concat(), "00\n01\n");
    assert_eq!(code, 0);
    let g2 = common::generator_hex("bn254", "g2");
    for (u, c) in plain.lines().zip(packed.lines()) {
        assert_eq!((u.len(), c.len()), (128, 64));
        let (a, err, code) = run_cli(&["pair", "--curve", "bn254"], &format!("{u} {g2}\n"));
        assert_eq!(code, 0, "{err}");
        let (b, err, code) = run_cli(&["pair", "--curve", "bn254"], &format!("{c} {g2}\n"));
        assert_eq!(code, 0, "{err}");
        assert_eq!(a, b);
    }
}
