//! Hierarchical key derivation of EIP-2333 (BLS12-381 key generation), with the paths of EIP-2334
//! (`m/12381/3600/i/0/0` for validator i's signing key): [`derive_master_sk`] from a seed,
//! [`derive_child_sk`] from a parent key and an index, [`derive_path`] for a whole path.
//!
//! HKDF_mod_r of the EIP is this crate's KeyGen with an empty `key_info`
//! ([`SecretKey::key_gen`]); the child key is HKDF_mod_r of the parent's compressed Lamport
//! public key, whose 2 x 255 Lamport secret chunks come from HKDF-SHA256 of the parent key and of
//! its complement, salted with the index. Every intermediate secret is wiped.

use crate::error::{Error, Result};
use crate::keys::SecretKey;
use hkdf::Hkdf;
use sha2::{Digest, Sha256};
use zeroize::Zeroize;

/// Lamport chunks per half: HKDF-SHA256 expands to at most 255 hash lengths.
const CHUNKS: usize = 255;

/// derive_master_SK(seed): KeyGen(seed) with an empty key_info. The seed must have at least 32
/// bytes ([`Error::IkmTooShort`]), as the EIP requires (a BIP-39 seed has 64).
pub fn derive_master_sk(seed: &[u8]) -> Result<SecretKey> {
    SecretKey::key_gen(seed, b"")
}

/// derive_child_SK(parent_SK, index): HKDF_mod_r(parent_SK_to_lamport_PK(parent_SK, index)).
pub fn derive_child_sk(parent: &SecretKey, index: u32) -> SecretKey {
    let mut compressed = parent_sk_to_lamport_pk(parent, index);
    let child =
        SecretKey::key_gen(&compressed, b"").expect("the compressed Lamport key has 32 bytes");
    compressed.zeroize();
    child
}

/// The key at `path` below the master key of `seed`: `m` followed by `/index` steps, each index a
/// decimal below 2^32 (EIP-2334's signing key of validator i is `m/12381/3600/i/0/0`). A path
/// that is not of that form is an [`Error::KeyPath`] naming the step.
pub fn derive_path(seed: &[u8], path: &str) -> Result<SecretKey> {
    let indices = parse_path(path)?;
    let mut sk = derive_master_sk(seed)?;
    for index in indices {
        sk = derive_child_sk(&sk, index);
    }
    Ok(sk)
}

/// The indices of a path `m/i/j/...`.
pub fn parse_path(path: &str) -> Result<Vec<u32>> {
    let mut steps = path.split('/');
    if steps.next() != Some("m") {
        return Err(Error::KeyPath(format!(
            "{path:?} does not start with \"m\""
        )));
    }
    steps
        .enumerate()
        .map(|(i, step)| {
            let digits_only = !step.is_empty() && step.bytes().all(|b| b.is_ascii_digit());
            step.parse::<u32>()
                .ok()
                .filter(|_| digits_only)
                .ok_or_else(|| {
                    Error::KeyPath(format!(
                        "{path:?}: step {} is {step:?}, not an index below 2^32",
                        i + 1
                    ))
                })
        })
        .collect()
}

/// IKM_to_lamport_SK(IKM, salt): the 255 chunks of 32 bytes of HKDF-SHA256(salt, IKM), each
/// hashed straight into `out` (the Lamport public key's half); the chunks themselves are wiped.
fn lamport_half_pk(ikm: &[u8; 32], salt: &[u8; 4], out: &mut Vec<u8>) {
    let mut okm = vec![0u8; 32 * CHUNKS];
    Hkdf::<Sha256>::new(Some(salt), ikm)
        .expand(&[], &mut okm)
        .expect("255 hash lengths is HKDF-SHA256's limit, not beyond it");
    for chunk in okm.chunks_exact(32) {
        out.extend_from_slice(&Sha256::digest(chunk));
    }
    okm.zeroize();
}

/// parent_SK_to_lamport_PK(parent_SK, index): SHA-256 of the hashes of both halves' chunks, the
/// first half from the key's 32 big-endian bytes, the second from their complement.
fn parent_sk_to_lamport_pk(parent: &SecretKey, index: u32) -> [u8; 32] {
    let salt = index.to_be_bytes();
    let mut ikm = parent.to_bytes();
    let mut lamport_pk = Vec::with_capacity(2 * 32 * CHUNKS);
    lamport_half_pk(&ikm, &salt, &mut lamport_pk);
    let mut not_ikm = ikm.map(|b| !b);
    lamport_half_pk(&not_ikm, &salt, &mut lamport_pk);
    ikm.zeroize();
    not_ikm.zeroize();
    Sha256::digest(&lamport_pk).into()
}
