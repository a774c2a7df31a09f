//! The bodies of the fuzz targets (`fuzz/`, cargo-fuzz with libFuzzer): each takes arbitrary bytes,
//! feeds them to a decoder or parser, and panics only when a property fails. The same bodies replay
//! the kept corpora (`fuzz/corpus/<target>/`) in an ordinary test, so CI needs no nightly.
//!
//! Properties: no decoder panics; what decodes is valid (on the curve, in the subgroup, below p)
//! and encodes back to an encoding that decodes to the same value (canonical inputs to themselves);
//! the per-line parsers answer every line with a value or a named error; decoded points pair
//! bilinearly; hashing, BLS, the precompiles, KZG and the line answerer keep the properties in
//! the submodules `protocols` and `reorder`. The differential target against arkworks is test-only (arkworks is a
//! dev-dependency): `tests/support/arkworks_diff.rs`.

#![warn(missing_docs)]

use hex::encode as hex_encode;
use tripair::curve::{CurveGroup, PairingCurve, G1, G2};
use tripair::encoding::{decode_g1, decode_g2, encode_g1, encode_g2, encode_point_compressed};
use tripair::field::Fp;
use tripair::pairing::{pairing, Gt};

mod protocols;
mod reorder;

pub use protocols::{bls, eth, hash, kzg};
pub use reorder::lines;

/// A fuzz target's body: panics only when a property fails.
pub type FuzzBody = fn(&[u8]);

/// The fuzz targets, by name (a directory of `fuzz/corpus` and a binary of `fuzz/fuzz_targets`).
pub const TARGETS: &[(&str, FuzzBody)] = &[
    ("points", points),
    ("gt", gt),
    ("scalars", scalars),
    ("smallchar", smallchar),
    ("cli_lines", cli_lines),
    ("bilinear", bilinear),
    ("hash", hash),
    ("bls", bls),
    ("eth", eth),
    ("kzg", kzg),
    ("lines", lines),
];

/// The first byte picks a prime-field curve; the rest is the input.
fn split(data: &[u8]) -> Option<(&'static str, &[u8])> {
    let (&k, rest) = data.split_first()?;
    let curves = tripair::api::PRIME_CURVES;
    Some((curves[k as usize % curves.len()], rest))
}

fn points_on<C: PairingCurve>(bytes: &[u8]) {
    if let Ok(p) = decode_g1::<C>(bytes) {
        assert!(p.is_identity() || p.is_on_curve() && p.is_in_subgroup_vartime());
        let again = decode_g1::<C>(&encode_g1::<C>(&p)).expect("re-encoding decodes");
        assert_eq!(again, p, "G1 round trip");
        let c = encode_point_compressed::<G1<C>>(&p);
        if c.len() == bytes.len() {
            assert_eq!(c, bytes, "G1 compressed encoding is canonical");
        } else if encode_g1::<C>(&p).len() == bytes.len() {
            assert_eq!(encode_g1::<C>(&p), bytes, "G1 encoding is canonical");
        }
    }
    if let Ok(q) = decode_g2::<C>(bytes) {
        assert!(q.is_identity() || q.is_on_curve() && q.is_in_subgroup_vartime());
        let again = decode_g2::<C>(&encode_g2::<C>(&q)).expect("re-encoding decodes");
        assert_eq!(again, q, "G2 round trip");
        let c = encode_point_compressed::<G2<C>>(&q);
        if c.len() == bytes.len() {
            assert_eq!(c, bytes, "G2 compressed encoding is canonical");
        } else if encode_g2::<C>(&q).len() == bytes.len() {
            assert_eq!(encode_g2::<C>(&q), bytes, "G2 encoding is canonical");
        }
    }
}

/// G1 and G2 decoders of every prime-field curve (BN and ZCash formats, either length).
pub fn points(data: &[u8]) {
    if let Some((curve, bytes)) = split(data) {
        tripair::with_prime_curve!(curve, points_on(bytes), unreachable!());
    }
}

fn gt_on<C: PairingCurve>(bytes: &[u8]) {
    if let Ok(e) = Gt::<C>::from_bytes(bytes) {
        assert_eq!(e.to_bytes(), bytes, "GT round trip");
        assert!(
            e.pow_vartime(&C::consts().r).is_identity(),
            "GT element of order r"
        );
    }
}

/// GT decoding: what decodes is in the order-r subgroup and encodes to the same bytes.
pub fn gt(data: &[u8]) {
    if let Some((curve, bytes)) = split(data) {
        tripair::with_prime_curve!(curve, gt_on(bytes), unreachable!());
    }
}

fn scalars_on<C: PairingCurve>(bytes: &[u8]) {
    if let Ok(k) = Fp::<C::Fr>::from_be_bytes(bytes) {
        assert_eq!(k.to_be_bytes(), bytes, "scalar round trip");
    }
    let k = Fp::<C::Fr>::from_be_bytes_mod_order(bytes);
    assert_eq!(
        Fp::<C::Fr>::from_be_bytes(&k.to_be_bytes()),
        Ok(k),
        "a reduced scalar is canonical"
    );
}

/// Scalars: strict decoding round-trips; reduction modulo r accepts any length.
pub fn scalars(data: &[u8]) {
    if let Some((curve, bytes)) = split(data) {
        tripair::with_prime_curve!(curve, scalars_on(bytes), unreachable!());
    }
}

/// Small-characteristic points: the first byte picks the curve, the rest splits in two points
/// (as hex, or the text `inf`); every input gets a value or a named error, never a panic.
pub fn smallchar(data: &[u8]) {
    let Some((&k, rest)) = data.split_first() else {
        return;
    };
    let names = tripair_smallchar::curve_names();
    // The largest curves' pairings are slow; the decoders are the same code for all.
    let curve = names[k as usize % 4];
    let (a, b) = rest.split_at(rest.len() / 2);
    let hex = |x: &[u8]| {
        if x == b"inf" {
            "inf".to_string()
        } else {
            hex_encode(x)
        }
    };
    let _ = tripair_smallchar::pair_hex(curve, &hex(a), &hex(b), false);
}

/// The per-line parsers of `tripair pair` and `tripair check` on arbitrary text.
pub fn cli_lines(data: &[u8]) {
    let Some((curve, bytes)) = split(data) else {
        return;
    };
    let text = String::from_utf8_lossy(bytes);
    for line in text.lines().take(4) {
        let _ = tripair_cli::curves::pair_line(curve, line, false);
        let _ = tripair_cli::curves::check_line(curve, line);
    }
}

fn bilinear_on<C: PairingCurve>(bytes: &[u8]) {
    let w1 = encode_g1::<C>(&G1::<C>::generator()).len();
    if bytes.len() < w1 {
        return;
    }
    let (a, b) = bytes.split_at(w1);
    let (Ok(p), Ok(q)) = (decode_g1::<C>(a), decode_g2::<C>(b)) else {
        return;
    };
    let e = pairing::<C>(&p, &q);
    let p2 = (p.to_projective() + p.to_projective()).to_affine();
    let q2 = (q.to_projective() + q.to_projective()).to_affine();
    assert_eq!(pairing::<C>(&p2, &q), e * e, "e(2P, Q) = e(P, Q)^2");
    assert_eq!(pairing::<C>(&p, &q2), e * e, "e(P, 2Q) = e(P, Q)^2");
}

/// Decoded points pair bilinearly, on every prime-field curve (the first byte picks one; bn254
/// and bls12-381 are also compared with arkworks by the `arkworks` target).
pub fn bilinear(data: &[u8]) {
    if let Some((curve, bytes)) = split(data) {
        tripair::with_prime_curve!(curve, bilinear_on(bytes), unreachable!());
    }
}

/// Seed inputs that reach deep into the targets (valid encodings with a curve byte), for a corpus
/// to start from.
pub fn seeds() -> Vec<(&'static str, Vec<u8>)> {
    let mut v = Vec::new();
    for (i, &curve) in tripair::api::PRIME_CURVES.iter().enumerate() {
        tripair::with_prime_curve!(curve, seeds_on(i as u8, &mut v), unreachable!());
    }
    v.extend(protocols::seeds());
    v.push((
        "lines",
        b"\x05\xffabc\nsslow\nerr\n\n\xff\xfe\nlong line over the bound\r\nlast".to_vec(),
    ));
    v.push(("lines", b"\x06\x03one\ntwo\nsthree\n".to_vec()));
    v
}

fn seeds_on<C: PairingCurve>(k: u8, v: &mut Vec<(&'static str, Vec<u8>)>) {
    let g1 = G1::<C>::generator();
    let g2 = G2::<C>::generator();
    let with = |bytes: Vec<u8>| [vec![k], bytes].concat();
    v.push(("points", with(encode_g1::<C>(&g1))));
    v.push(("points", with(encode_g2::<C>(&g2))));
    v.push(("points", with(encode_point_compressed::<G1<C>>(&g1))));
    v.push(("points", with(encode_point_compressed::<G2<C>>(&g2))));
    v.push(("gt", with(pairing::<C>(&g1, &g2).to_bytes())));
    v.push(("scalars", with(vec![0xff; 32])));
    let line = format!(
        "{} {}",
        hex_encode(encode_g1::<C>(&g1)),
        hex_encode(encode_g2::<C>(&g2))
    );
    v.push(("cli_lines", with(line.into_bytes())));
    v.push((
        "bilinear",
        with([encode_g1::<C>(&g1), encode_g2::<C>(&g2)].concat()),
    ));
}
