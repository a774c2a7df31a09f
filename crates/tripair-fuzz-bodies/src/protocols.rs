//! Fuzz bodies for what users build on the pairing: hash-to-curve, BLS signatures (the CLI's
//! lines and the library's keys, signatures, aggregates and batches), Ethereum's precompiles and
//! KZG. Each panics only when a property fails.

use std::sync::OnceLock;
use tripair::curve::{Affine, CurveGroup};
use tripair::hash_to_curve::{
    encode_to_bn254_g1, encode_to_g1, encode_to_g2, hash_to_bn254_g1, hash_to_g1, hash_to_g2,
    oversize_dst,
};
use tripair::Error;
use tripair_bls::{pop, MinPk, MinSig, PublicKey, SecretKey, Signature, Variant};
use tripair_cli::bls_cmd::{bls_line, BlsOp, Scheme, Suite};
use tripair_cli::eth_cmd::{kzg_line, KzgOp};
use tripair_eth::kzg::{
    Bytes32, Bytes48, Cell, TrustedSetup, BYTES_PER_BLOB, BYTES_PER_CELL, BYTES_PER_FIELD_ELEMENT,
};
use tripair_eth::Precompile;
use tripair_testkit::TestRng;

/// A hash's answer under `dst`: an empty tag is [`Error::EmptyDst`]; any other tag of at most 255
/// bytes gives a point on the curve and in the subgroup.
fn hashed<G: CurveGroup>(r: tripair::Result<Affine<G>>, dst: &[u8]) {
    if dst.is_empty() {
        assert_eq!(r, Err(Error::EmptyDst), "an empty tag is refused");
        return;
    }
    let p = r.expect("a tag of 1 to 255 bytes hashes every message");
    assert!(p.is_identity() || p.is_on_curve() && p.is_in_subgroup_vartime());
}

/// Hash-to-curve: byte 0 picks the suite (bls12-381 G1 or G2, bn254 G1; `_RO_` or `_NU_`) and
/// whether the tag is an oversize one (hashed with `oversize_dst`), byte 1 the tag's length; the
/// tag and then the message follow.
pub fn hash(data: &[u8]) {
    let [sel, n, rest @ ..] = data else {
        return;
    };
    let (tag, msg) = rest.split_at((*n as usize).min(rest.len()));
    let short;
    let dst = if sel & 0x80 != 0 {
        short = oversize_dst(tag);
        &short[..]
    } else {
        tag
    };
    match sel % 6 {
        0 => hashed(hash_to_g1(msg, dst), dst),
        1 => hashed(encode_to_g1(msg, dst), dst),
        2 => hashed(hash_to_g2(msg, dst), dst),
        3 => hashed(encode_to_g2(msg, dst), dst),
        4 => hashed(hash_to_bn254_g1(msg, dst), dst),
        _ => hashed(encode_to_bn254_g1(msg, dst), dst),
    }
}

/// BLS: byte 0 picks the suite (min-sig or min-pk; PoP, basic or augmented) and the operation;
/// the rest is up to four lines for `tripair bls OP` (every line a value or a named error). With
/// bit 7 set and 32 bytes of key material, `bls_round_trip` runs on both variants.
pub fn bls(data: &[u8]) {
    let [sel, rest @ ..] = data else {
        return;
    };
    let scheme = [Scheme::Pop, Scheme::Basic, Scheme::Aug][(sel >> 1) as usize % 3];
    let suite = Suite {
        min_sig: sel & 1 != 0,
        scheme,
    };
    let ops = [
        BlsOp::Keygen,
        BlsOp::Derive,
        BlsOp::Sign,
        BlsOp::Verify,
        BlsOp::Aggregate,
    ];
    let op = ops[((sel >> 3) & 0x0f) as usize % ops.len()];
    for line in String::from_utf8_lossy(rest).lines().take(4) {
        let _ = bls_line(op, suite, line);
    }
    if sel & 0x80 != 0 && rest.len() >= 32 {
        bls_round_trip::<MinPk>(rest);
        bls_round_trip::<MinSig>(rest);
    }
}

/// Keys from the input's first 32 bytes sign its remainder: the signature verifies, survives its
/// encoding, aggregates, and batch-verifies; a changed message or a swapped signature does not
/// verify. Slices of the input read as a key and a signature decode or fail with an error, and
/// verify or not, without a panic.
fn bls_round_trip<V: Variant>(rest: &[u8]) {
    let (ikm, msg) = rest.split_at(32);
    let sk = SecretKey::key_gen(ikm, b"").expect("32 bytes of key material");
    let sk2 = SecretKey::key_gen(ikm, b"second").expect("32 bytes of key material");
    let (pk, pk2) = (sk.public_key::<V>(), sk2.public_key::<V>());
    let sig = pop::sign::<V>(&sk, msg);
    let sig2 = pop::sign::<V>(&sk2, ikm);
    assert!(pop::verify(&pk, msg, &sig), "a signature verifies");
    let other = [msg, b"!"].concat();
    assert!(!pop::verify(&pk, &other, &sig), "another message does not");
    assert_eq!(Signature::<V>::from_bytes(&sig.to_bytes()), Ok(sig));
    assert_eq!(PublicKey::<V>::from_bytes_validated(&pk.to_bytes()), Ok(pk));
    let agg = Signature::aggregate(&[sig, sig2]).expect("two signatures aggregate");
    assert!(pop::aggregate_verify(&[pk, pk2], &[msg, ikm], &agg));
    // With the keys swapped the pairs differ, unless both messages are the same.
    if msg != ikm {
        assert!(!pop::aggregate_verify(&[pk2, pk], &[msg, ikm], &agg));
    }
    let mut rng = TestRng::new(u64::from(rest[0]));
    assert!(pop::batch_verify(
        &[(pk, msg, sig), (pk2, ikm, sig2)],
        &mut rng
    ));
    assert_eq!(
        pop::batch_verify_each(&[(pk, msg, sig2), (pk2, ikm, sig2)], &mut rng),
        [false, true]
    );
    // Arbitrary bytes as a key and a signature.
    let w = pk.to_bytes().len();
    let s = sig.to_bytes().len();
    if let (Ok(k), Ok(g)) = (
        PublicKey::<V>::from_bytes(&rest[..w.min(rest.len())]),
        Signature::<V>::from_bytes(&rest[rest.len().saturating_sub(s)..]),
    ) {
        let _ = pop::verify(&k, msg, &g);
        let _ = pop::fast_aggregate_verify(&[k, pk], msg, &g);
    }
}

/// The size of each precompile's output, from its EIP.
fn output_len(op: Precompile) -> usize {
    match op {
        Precompile::Bn254Pairing | Precompile::Bls12PairingCheck => 32,
        Precompile::Bn254Add | Precompile::Bn254Mul | Precompile::PointEvaluation => 64,
        Precompile::Bls12G1Add | Precompile::Bls12G1Msm | Precompile::Bls12MapFpToG1 => 128,
        Precompile::Bls12G2Add | Precompile::Bls12G2Msm | Precompile::Bls12MapFp2ToG2 => 256,
    }
}

/// The precompiles: byte 0 picks one, the rest is its input. Every input gets the output or a
/// named error, and a gas figure; outputs have the EIP's length; the pairing checks answer 0 or
/// 1; an addition's output plus the point at infinity is itself, and its inputs commute.
pub fn eth(data: &[u8]) {
    let [sel, input @ ..] = data else {
        return;
    };
    let op = Precompile::ALL[*sel as usize % Precompile::ALL.len()];
    let _ = op.gas(input);
    let out = match op.run(input) {
        Ok(out) => out,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    assert_eq!(out.len(), output_len(op), "{op:?} output length");
    if matches!(op, Precompile::Bn254Pairing | Precompile::Bls12PairingCheck) {
        assert!(out[..31].iter().all(|&b| b == 0) && out[31] <= 1);
    }
    if matches!(
        op,
        Precompile::Bn254Add | Precompile::Bls12G1Add | Precompile::Bls12G2Add
    ) {
        let w = out.len();
        let with_infinity = [&out[..], &vec![0u8; w]].concat();
        assert_eq!(op.run(&with_infinity).as_deref(), Ok(&out[..]), "P + O = P");
        if input.len() == 2 * w {
            let swapped = [&input[w..], &input[..w]].concat();
            assert_eq!(op.run(&swapped).as_deref(), Ok(&out[..]), "P + Q = Q + P");
        }
    }
}

fn setup() -> &'static TrustedSetup {
    static SETUP: OnceLock<TrustedSetup> = OnceLock::new();
    SETUP.get_or_init(|| TrustedSetup::mainnet().expect("the mainnet setup loads"))
}

/// The first `N` bytes of `data` from `at` (zero-padded).
fn take<const N: usize>(data: &[u8], at: usize) -> [u8; N] {
    let mut out = [0u8; N];
    let src = data.get(at..).unwrap_or(&[]);
    let n = src.len().min(N);
    out[..n].copy_from_slice(&src[..n]);
    out
}

/// KZG (EIP-4844 and EIP-7594, mainnet setup): byte 0 picks the entry point.
/// - 0: verify_kzg_proof of commitment, z, y and proof read from the input;
/// - 1: a blob made of the input (zero-padded; with bit 7 of byte 0, each element's top byte
///   cleared so that every element is canonical): commit, prove and verify must agree (`true`),
///   or every step refuses a non-canonical element; the input itself as a blob (a wrong length,
///   unless it is exactly one) is refused or committed without a panic;
/// - 2: verify_cell_kzg_proof_batch on up to three items read from the input;
/// - 3: the trusted-setup parser on the input as text;
/// - 4: one line for `tripair kzg OP` (the second byte picks OP).
pub fn kzg(data: &[u8]) {
    let [sel, rest @ ..] = data else {
        return;
    };
    let s = setup();
    match sel % 5 {
        0 => {
            let r = s.verify_kzg_proof(
                &take::<48>(rest, 0),
                &take::<32>(rest, 48),
                &take::<32>(rest, 80),
                &take::<48>(rest, 112),
            );
            if let Err(e) = r {
                assert!(!e.to_string().is_empty());
            }
        }
        1 => {
            let mut blob = vec![0u8; BYTES_PER_BLOB];
            let n = rest.len().min(BYTES_PER_BLOB);
            blob[..n].copy_from_slice(&rest[..n]);
            if sel & 0x80 != 0 {
                for e in blob.chunks_mut(BYTES_PER_FIELD_ELEMENT) {
                    e[0] = 0;
                }
            }
            match s.blob_to_kzg_commitment(&blob) {
                Ok(c) => {
                    let proof = s
                        .compute_blob_kzg_proof(&blob, &c)
                        .expect("proof of a blob");
                    assert_eq!(s.verify_blob_kzg_proof(&blob, &c, &proof), Ok(true));
                }
                Err(_) => assert!(s.compute_blob_kzg_proof(&blob, &[0u8; 48]).is_err()),
            }
            let _ = s.blob_to_kzg_commitment(rest);
        }
        2 => {
            let k = rest.first().map_or(0, |b| *b as usize % 4);
            let item = 48 + 1 + 48;
            let mut commitments: Vec<Bytes48> = Vec::new();
            let mut indices = Vec::new();
            let mut cells: Vec<Cell> = Vec::new();
            let mut proofs: Vec<Bytes48> = Vec::new();
            for i in 0..k {
                let at = 1 + i * item;
                commitments.push(take::<48>(rest, at));
                indices.push(u64::from(take::<1>(rest, at + 48)[0]));
                proofs.push(take::<48>(rest, at + 49));
                cells.push(take::<BYTES_PER_CELL>(rest, 1 + k * item + i * 64));
            }
            let _ = s.verify_cell_kzg_proof_batch(&commitments, &indices, &cells, &proofs);
        }
        3 => {
            if let Err(e) = TrustedSetup::from_text(&String::from_utf8_lossy(rest)) {
                assert!(!e.to_string().is_empty());
            }
        }
        _ => {
            let ops = [
                KzgOp::Commit,
                KzgOp::Proof,
                KzgOp::BlobProof,
                KzgOp::Verify,
                KzgOp::VerifyBlobs,
                KzgOp::Recover,
                KzgOp::VerifyCells,
            ];
            let Some((op, line)) = rest.split_first() else {
                return;
            };
            let op = ops[*op as usize % ops.len()];
            let _ = kzg_line(s, op, &String::from_utf8_lossy(line));
        }
    }
}

/// Seeds for these targets: the RFC's tags and messages, lines of every BLS operation, valid
/// precompile inputs, a verify_kzg_proof input of the setup's generator.
pub fn seeds() -> Vec<(&'static str, Vec<u8>)> {
    let mut v = Vec::new();
    let tag = b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_";
    for sel in 0..6u8 {
        v.push(("hash", [&[sel, tag.len() as u8][..], tag, b"abc"].concat()));
    }
    let ikm = [7u8; 32];
    v.push(("bls", [&[0x80][..], &ikm, b"message"].concat()));
    v.push(("bls", [&[0x81][..], &ikm, b"message"].concat()));
    let sk = SecretKey::key_gen(&ikm, b"").expect("32 bytes");
    let pk = hex::encode(sk.public_key::<MinPk>().to_bytes());
    let sig = hex::encode(pop::sign::<MinPk>(&sk, b"m").to_bytes());
    let lines = [
        (0u8, hex::encode(ikm)),
        (1, format!("{} m/12381/3600/0/0/0", hex::encode(ikm))),
        (2, format!("{} 6d", hex::encode(sk.to_bytes()))),
        (3, format!("{pk} 6d {sig}")),
        (4, format!("{sig} {sig}")),
    ];
    for (op, line) in lines {
        v.push(("bls", [vec![op << 3], line.into_bytes()].concat()));
    }
    // ECADD and ECMUL of the generator (1, 2); EIP-2537 additions of infinity.
    let mut g = vec![0u8; 64];
    g[31] = 1;
    g[63] = 2;
    v.push(("eth", [vec![0], g.clone(), g.clone()].concat()));
    v.push(("eth", [vec![1], g.clone(), vec![3; 32]].concat()));
    v.push(("eth", [vec![4], vec![0; 256]].concat()));
    v.push(("eth", [vec![5], vec![0; 160]].concat()));
    v.push(("eth", [vec![6], vec![0; 512]].concat()));
    let s = setup();
    let blob: Vec<u8> = (0..4096u32)
        .flat_map(|i| {
            let mut e = [0u8; 32];
            e[28..].copy_from_slice(&i.to_be_bytes());
            e
        })
        .collect();
    let c = s.blob_to_kzg_commitment(&blob).expect("a canonical blob");
    let z: Bytes32 = [1; 32];
    let (proof, y) = s.compute_kzg_proof(&blob, &z).expect("a canonical blob");
    v.push(("kzg", [&[0][..], &c, &z, &y, &proof].concat()));
    v.push(("kzg", [&[0x81][..], &blob[..256]].concat()));
    v.push((
        "kzg",
        [
            &[4, 3][..],
            format!(
                "{} {} {} {}",
                hex::encode(c),
                hex::encode(z),
                hex::encode(y),
                hex::encode(proof)
            )
            .as_bytes(),
        ]
        .concat(),
    ));
    v
}
