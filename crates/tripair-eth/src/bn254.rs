//! The BN254 precompiles of EIP-196 (ECADD at 0x06, ECMUL at 0x07) and EIP-197 (ECPAIRING at
//! 0x08), with the gas of EIP-1108.
//!
//! Encodings (EIP-196, "Encoding"): a field element is 32 big-endian bytes below p; a G1 point is
//! x || y, and (0, 0) is the point at infinity; a G2 point is x.c1 || x.c0 || y.c1 || y.c0 (the
//! imaginary part first), all zero for infinity. ECADD and ECMUL read their input as if padded
//! with zeros to 128 and 96 bytes and ignore bytes beyond those; ECPAIRING takes any multiple of
//! 192 bytes (the empty input included) and answers 32 bytes, 1 when the product of the pairings
//! is one and 0 otherwise.

use crate::error::{at, curve_point, At, Error, Fault};
use tripair::curve::curves::Bn254;
use tripair::curve::{G1Affine, G2Affine, Scalar};
use tripair::field::{Fp, Fp2, TowerParams};

type Base = Fp<<Bn254 as TowerParams>::Fp>;

const ADD: &str = "BN254_ADD";
const MUL: &str = "BN254_MUL";
const PAIRING: &str = "BN254_PAIRING";

/// The `len` bytes of `input` from `start`, zero-padded past its end (go-ethereum's getData).
fn padded(input: &[u8], start: usize, len: usize) -> Vec<u8> {
    let mut v = vec![0u8; len];
    if start < input.len() {
        let end = input.len().min(start + len);
        v[..end - start].copy_from_slice(&input[start..end]);
    }
    v
}

fn base(bytes: &[u8], at: At) -> Result<Base, Error> {
    Base::from_be_bytes(bytes).map_err(|_| at.err(Fault::NotBelowModulus))
}

/// A G1 point from its 64 bytes: coordinates below p, on the curve, or (0, 0). G1 of BN254 has
/// prime order: every point of the curve is in the group.
fn g1(bytes: &[u8], at: At) -> Result<G1Affine<Bn254>, Error> {
    curve_point(base(&bytes[..32], at)?, base(&bytes[32..64], at)?, at)
}

/// A G2 point from its 128 bytes (imaginary parts first): on the twist and in the order-r
/// subgroup, or all zero.
fn g2(bytes: &[u8], at: At) -> Result<G2Affine<Bn254>, Error> {
    let f = |i: usize| base(&bytes[32 * i..32 * (i + 1)], at);
    let q: G2Affine<Bn254> = curve_point(Fp2::new(f(1)?, f(0)?), Fp2::new(f(3)?, f(2)?), at)?;
    if !q.is_in_subgroup_vartime() {
        return Err(at.err(Fault::NotInSubgroup));
    }
    Ok(q)
}

fn encode_g1(p: &G1Affine<Bn254>) -> Vec<u8> {
    // The point at infinity has coordinates (0, 0): 64 zero bytes.
    let mut out = p.x().to_be_bytes();
    out.extend(p.y().to_be_bytes());
    out
}

/// ECADD (address 0x06): the sum of two G1 points, 64 bytes.
pub fn add(input: &[u8]) -> Result<Vec<u8>, Error> {
    let input = padded(input, 0, 128);
    let a = g1(&input[..64], at(ADD, "G1 point", 0, 0))?;
    let b = g1(&input[64..], at(ADD, "G1 point", 1, 64))?;
    Ok(encode_g1(&(a + b).to_affine_vartime()))
}

/// ECMUL (address 0x07): a G1 point times a 256-bit integer, 64 bytes. The scalar is any
/// 256-bit integer; it acts modulo the group order r.
pub fn mul(input: &[u8]) -> Result<Vec<u8>, Error> {
    let input = padded(input, 0, 96);
    let p = g1(&input[..64], at(MUL, "G1 point", 0, 0))?;
    let k = Scalar::<Bn254>::from_be_bytes_mod_order(&input[64..96]);
    Ok(encode_g1(
        &p.to_projective().mul_scalar_vartime(&k).to_affine_vartime(),
    ))
}

/// ECPAIRING (address 0x08): whether prod e(P_i, Q_i) = 1 for the k = len/192 pairs of the
/// input, 32 bytes (0 or 1). The empty input is the empty product: 1.
pub fn pairing(input: &[u8]) -> Result<Vec<u8>, Error> {
    if !input.len().is_multiple_of(192) {
        return Err(Error::InputLength {
            op: PAIRING,
            expected: "a multiple of 192 bytes",
            got: input.len(),
        });
    }
    let pairs = input
        .chunks_exact(192)
        .enumerate()
        .map(|(i, c)| {
            let p = g1(&c[..64], at(PAIRING, "G1 point", i, 192 * i))?;
            let q = g2(&c[64..], at(PAIRING, "G2 point", i, 192 * i + 64))?;
            Ok((p, q))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let mut out = vec![0u8; 32];
    out[31] = tripair::pairing_check(&pairs) as u8;
    Ok(out)
}

/// Gas of ECADD since Istanbul (EIP-1108).
pub fn add_gas(_input: &[u8]) -> u64 {
    150
}

/// Gas of ECMUL since Istanbul (EIP-1108).
pub fn mul_gas(_input: &[u8]) -> u64 {
    6000
}

/// Gas of ECPAIRING since Istanbul (EIP-1108): 45,000 plus 34,000 per pair.
pub fn pairing_gas(input: &[u8]) -> u64 {
    45_000 + 34_000 * (input.len() / 192) as u64
}
