//! The point evaluation precompile of EIP-4844 (address 0x0a) on the mainnet trusted setup.
//!
//! Input (192 bytes): versioned_hash (32) || z (32) || y (32) || commitment (48) || proof (48).
//! The call succeeds when the versioned hash is 0x01 followed by SHA-256(commitment)[1..] and the
//! proof shows p(z) = y for the committed polynomial; the output is FIELD_ELEMENTS_PER_BLOB and
//! the BLS modulus, 32 big-endian bytes each.

use crate::error::Error;
use crate::kzg::{self, TrustedSetup, FIELD_ELEMENTS_PER_BLOB};
use sha2::{Digest, Sha256};
use std::sync::OnceLock;

const OP: &str = "POINT_EVALUATION";
const VERSIONED_HASH_VERSION_KZG: u8 = 0x01;
/// The BLS12-381 group order r, big-endian.
const BLS_MODULUS: [u8; 32] = [
    0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05,
    0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01,
];

/// The mainnet setup, loaded and checked on the first call.
fn mainnet() -> Result<&'static TrustedSetup, Error> {
    static SETUP: OnceLock<Result<TrustedSetup, kzg::Error>> = OnceLock::new();
    SETUP
        .get_or_init(TrustedSetup::mainnet)
        .as_ref()
        .map_err(|e| Error::Kzg {
            op: OP,
            error: e.clone(),
        })
}

/// POINT_EVALUATION (address 0x0a, EIP-4844).
pub fn point_evaluation(input: &[u8]) -> Result<Vec<u8>, Error> {
    if input.len() != 192 {
        return Err(Error::InputLength {
            op: OP,
            expected: "192 bytes",
            got: input.len(),
        });
    }
    let commitment: [u8; 48] = input[96..144].try_into().expect("48 bytes");
    let proof: [u8; 48] = input[144..192].try_into().expect("48 bytes");
    let mut hash: [u8; 32] = Sha256::digest(commitment).into();
    hash[0] = VERSIONED_HASH_VERSION_KZG;
    if hash[..] != input[..32] {
        return Err(Error::VersionedHash { op: OP });
    }
    let z: [u8; 32] = input[32..64].try_into().expect("32 bytes");
    let y: [u8; 32] = input[64..96].try_into().expect("32 bytes");
    let ok = mainnet()?
        .verify_kzg_proof(&commitment, &z, &y, &proof)
        .map_err(|error| Error::Kzg { op: OP, error })?;
    if !ok {
        return Err(Error::ProofInvalid { op: OP });
    }
    let mut out = vec![0u8; 64];
    out[24..32].copy_from_slice(&(FIELD_ELEMENTS_PER_BLOB as u64).to_be_bytes());
    out[32..].copy_from_slice(&BLS_MODULUS);
    Ok(out)
}

/// Gas of POINT_EVALUATION.
pub fn point_evaluation_gas(_input: &[u8]) -> u64 {
    50_000
}
