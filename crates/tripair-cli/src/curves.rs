//! Every curve by name, prime-field and small-characteristic alike: what the command line lists,
//! checks and pairs on, and the per-line work of `tripair pair` and `tripair check`.

use tripair::api::{prime_curves, CurveSummary, PRIME_CURVES};
use tripair::{Error, Result};

/// Every curve: the prime-field ones, then the small-characteristic ones (marked broken).
pub fn all_curves() -> Vec<CurveSummary> {
    let mut v = prime_curves();
    for i in tripair_smallchar::all_curve_info() {
        let characteristic = if i.name.starts_with("eta3") { 3 } else { 2 };
        v.push(CurveSummary {
            name: i.name.to_string(),
            family: format!("supersingular, characteristic {characteristic} (eta_T pairing)"),
            u: None,
            field: i.field.clone(),
            equation: i.coefficients.clone(),
            twist: None,
            twist_b: None,
            non_residues: Vec::new(),
            r: i.r.clone(),
            cofactor: i.cofactor.clone(),
            g1: i.g1.clone(),
            g2: i.g2.clone(),
            broken: i.broken,
            security_bits: None,
            details: format!("BROKEN: {}", i.security_note),
        });
    }
    v
}

/// Every curve name, prime-field first.
pub fn curve_names() -> Vec<&'static str> {
    PRIME_CURVES
        .iter()
        .chain(tripair_smallchar::curve_names())
        .copied()
        .collect()
}

/// Checks that a curve name is known.
pub fn check_curve_name(name: &str) -> Result<()> {
    if curve_names().contains(&name) {
        Ok(())
    } else {
        Err(Error::UnknownCurve(name.to_string()))
    }
}

/// Whether the name is a small-characteristic (broken, research-only) curve.
pub fn is_small_characteristic(name: &str) -> bool {
    tripair_smallchar::curve_names().contains(&name)
}

/// One pairing: GT hex of e(G1, G2) on the named curve, or the error naming the point and what is
/// wrong. `parallel` splits the Miller loop over two threads (same value). Small-characteristic
/// curves (eta2-*, eta3-*) are broken parameters, kept for research.
pub fn pair_hex(curve: &str, g1_hex: &str, g2_hex: &str, parallel: bool) -> Result<String> {
    if PRIME_CURVES.contains(&curve) {
        if parallel {
            tripair::api::pair_hex_split(curve, g1_hex, g2_hex)
        } else {
            tripair::api::pair_hex(curve, g1_hex, g2_hex)
        }
    } else {
        tripair_smallchar::pair_hex(curve, g1_hex, g2_hex, parallel)
    }
}

/// One `tripair pair` line, `G1HEX G2HEX`: the GT hex, or the error.
pub fn pair_line(curve: &str, line: &str, parallel: bool) -> Result<String> {
    let mut tokens = line.split_whitespace();
    match (tokens.next(), tokens.next(), tokens.next()) {
        (Some(a), Some(b), None) => pair_hex(curve, a, b, parallel),
        _ => Err(Error::Malformed(format!(
            "expected 2 tokens 'G1HEX G2HEX', got {}",
            line.split_whitespace().count()
        ))),
    }
}

/// One `tripair check` line, `G1HEX G2HEX [G1HEX G2HEX ...]` (k >= 1 pairs, prime-field curves):
/// whether the product of the k pairings is one, or the error naming the first wrong point.
pub fn check_line(curve: &str, line: &str) -> Result<bool> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.len() % 2 == 1 {
        return Err(Error::Malformed(format!(
            "expected pairs 'G1HEX G2HEX ...', got {} tokens (odd)",
            tokens.len()
        )));
    }
    let pairs: Vec<(&str, &str)> = tokens.chunks_exact(2).map(|c| (c[0], c[1])).collect();
    tripair::api::check_hex(curve, &pairs)
}

/// The curves `tripair hash` serves (RFC 9380 suites the library implements): G1 and G2 of
/// bls12-381 (SSWU), G1 of bn254 (Shallue-van de Woestijne).
pub const HASH_CURVES: &[&str] = &["bls12-381", "bn254"];

/// How `tripair hash` reads and writes one line.
#[derive(Clone, Debug)]
pub struct HashOptions {
    /// bn254 (G1 only), else bls12-381.
    pub bn254: bool,
    /// Hash to G2 (else G1).
    pub g2: bool,
    /// The domain separation tag.
    pub dst: Vec<u8>,
    /// encode_to_curve (the `_NU_` suites) instead of hash_to_curve (`_RO_`).
    pub nonuniform: bool,
    /// Lines are the messages as text (else hex, `0x` allowed; `0x` alone is the empty message).
    pub text: bool,
    /// Write the compressed encoding (else the uncompressed one; `pair` and `check` read both).
    pub compressed: bool,
}

/// One `tripair hash` line: the point's hex, or the error naming what is wrong.
pub fn hash_line(o: &HashOptions, line: &str) -> Result<String> {
    use tripair::curve::curves::{Bls12_381 as C, Bn254};
    use tripair::curve::{G1, G2};
    let msg = if o.text {
        line.as_bytes().to_vec()
    } else {
        let h = line.trim();
        let h = h.strip_prefix("0x").unwrap_or(h);
        hex::decode(h).map_err(|_| tripair::Error::NotHex.in_point("message"))?
    };
    let bytes = if o.bn254 {
        hash_encoded::<G1<Bn254>>(o, &msg)
    } else if o.g2 {
        hash_encoded::<G2<C>>(o, &msg)
    } else {
        hash_encoded::<G1<C>>(o, &msg)
    }?;
    Ok(hex::encode(bytes))
}

/// The message hashed (or encoded) to `G` and written in the asked encoding.
fn hash_encoded<G: tripair::hash_to_curve::HashToCurveGroup>(
    o: &HashOptions,
    msg: &[u8],
) -> Result<Vec<u8>>
where
    G::F: tripair::encoding::CoordinateBytes,
{
    use tripair::encoding::{encode_point, encode_point_compressed};
    use tripair::hash_to_curve::{encode_to_curve, hash_to_curve};
    let p = if o.nonuniform {
        encode_to_curve::<G>(msg, &o.dst)
    } else {
        hash_to_curve::<G>(msg, &o.dst)
    }?;
    Ok(if o.compressed {
        encode_point_compressed(&p)
    } else {
        encode_point(&p)
    })
}
