//! serde (features `tripair/serde`, `tripair-bls/serde-secret-key`): every serialized type
//! round-trips through JSON (hex text) and a binary form (bytes), and bad input is an error that
//! names what is wrong: not hex, a wrong length, a point off the curve or outside the group, a GT
//! element outside GT, a non-canonical scalar, an identity public key.

use serde::de::DeserializeOwned;
use serde::Serialize;
use tripair::curve::curves::{Bls12_381, Bn254};
use tripair::{G1Affine, G2Affine, Gt, PairingCurve, Scalar};
use tripair_bls::{MinPk, MinSig, PublicKey, SecretKey, Signature};

/// JSON text, then back.
fn json_round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(v: &T) -> String {
    let text = serde_json::to_string(v).unwrap();
    assert_eq!(&serde_json::from_str::<T>(&text).unwrap(), v, "{text}");
    text
}

/// bincode (a binary format: the encoding as bytes), then back; the length of the bytes.
fn binary_round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(
    v: &T,
) -> usize {
    let bytes = bincode::serialize(v).unwrap();
    assert_eq!(&bincode::deserialize::<T>(&bytes).unwrap(), v);
    // bincode writes a u64 length before the bytes.
    bytes.len() - 8
}

/// The error text of deserializing `text` as a `T`.
fn json_error<T: DeserializeOwned + std::fmt::Debug>(text: &str) -> String {
    serde_json::from_str::<T>(text).unwrap_err().to_string()
}

fn points_and_gt<C: PairingCurve>() {
    let k = Scalar::<C>::from_be_bytes_mod_order(&[5u8; 64]);
    let p = (G1Affine::<C>::generator() * k).to_affine();
    let q = (G2Affine::<C>::generator() * k).to_affine();
    let e = tripair::pairing(&p, &q);
    let text = json_round_trip(&p);
    // The standard encodings: compressed for BLS12 (48 bytes), x || y for BN254 (64 bytes).
    let bytes = if C::NAME == "bls12-381" { 48 } else { 64 };
    assert_eq!(text.len(), 2 * bytes + 2, "{text}");
    json_round_trip(&q);
    json_round_trip(&e);
    json_round_trip(&k);
    json_round_trip(&G1Affine::<C>::identity());
    assert_eq!(binary_round_trip(&p), bytes);
    assert_eq!(binary_round_trip(&e), e.to_bytes().len());
    binary_round_trip(&q);
    binary_round_trip(&k);
    let mut short = bincode::serialize(&p).unwrap();
    short[0] -= 1;
    short.pop();
    let err = bincode::deserialize::<G1Affine<C>>(&short)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("G1: "), "{err}");

    assert!(json_error::<G1Affine<C>>("\"zz\"").contains("not hex"));
    assert!(json_error::<G1Affine<C>>("\"00\"").starts_with("G1: "));
    assert!(json_error::<Gt<C>>("\"00\"").starts_with("GT element: "));
    // GT: e(P, Q) is in GT, the same coefficients rotated by a byte are not.
    let mut gt_bytes = e.to_bytes();
    gt_bytes.rotate_left(1);
    let err = json_error::<Gt<C>>(&format!("\"{}\"", hex::encode(&gt_bytes)));
    assert!(err.starts_with("GT element: "), "{err}");
    // A scalar not below r.
    let err = json_error::<Scalar<C>>(&format!("\"{}\"", "ff".repeat(k.to_be_bytes().len())));
    assert!(err.starts_with("field element: "), "{err}");
}

#[test]
fn points_gt_scalars_bn254() {
    points_and_gt::<Bn254>();
}

#[test]
fn points_gt_scalars_bls12_381() {
    points_and_gt::<Bls12_381>();
}

#[test]
fn point_off_the_curve_is_rejected() {
    let p = G1Affine::<Bn254>::generator();
    let mut bytes = tripair::encoding::encode_g1::<Bn254>(&p);
    *bytes.last_mut().unwrap() ^= 1;
    let err = json_error::<G1Affine<Bn254>>(&format!("\"{}\"", hex::encode(&bytes)));
    assert!(err.starts_with("G1: "), "{err}");
}

#[test]
fn bls_keys_and_signatures() {
    let sk = SecretKey::key_gen(&[3u8; 32], b"").unwrap();
    let pk = sk.public_key::<MinPk>();
    let sig = tripair_bls::pop::sign::<MinPk>(&sk, b"m");
    assert_eq!(json_round_trip(&pk).len(), 2 * 48 + 2);
    assert_eq!(json_round_trip(&sig).len(), 2 * 96 + 2);
    json_round_trip(&sk.public_key::<MinSig>());
    json_round_trip(&tripair_bls::pop::sign::<MinSig>(&sk, b"m"));
    let text = serde_json::to_string(&sk).unwrap();
    let back: SecretKey = serde_json::from_str(&text).unwrap();
    assert_eq!(back.to_bytes(), sk.to_bytes());
    // The identity as a public key fails KeyValidate; zero is not a secret key.
    let identity = format!("\"c0{}\"", "00".repeat(47));
    let err = json_error::<PublicKey<MinPk>>(&identity);
    assert!(err.starts_with("public key: "), "{err}");
    let err = json_error::<SecretKey>(&format!("\"{}\"", "00".repeat(32)));
    assert!(err.starts_with("secret key: "), "{err}");
    let err = json_error::<Signature<MinPk>>("\"c0\"");
    assert!(err.starts_with("signature: "), "{err}");
}
