//! BLS signatures on BLS12-381: draft-irtf-cfrg-bls-signature-05, over the pairing, hash-to-curve
//! and encodings of [`tripair`].
//!
//! - Both variants (section 2.1), written once and chosen by a type parameter: [`MinPk`]
//!   (public keys in G1, 48 bytes; signatures in G2, 96 bytes; Ethereum's
//!   `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`) and [`MinSig`] (public keys in G2,
//!   signatures in G1).
//! - The three schemes of section 3: basic ([`basic`], `_NUL_` tags, distinct messages in
//!   AggregateVerify), message augmentation ([`aug`], `_AUG_` tags, the public key prefixed to
//!   the message) and proof of possession ([`pop`]: PopProve, PopVerify, FastAggregateVerify).
//! - EIP-2333 hierarchical key derivation with EIP-2334's paths ([`derive`](mod@derive)).
//! - KeyGen (HKDF-SHA256, section 2.3), SkToPk, KeyValidate, Aggregate, and randomized batch
//!   verification of many signatures with one multi-pairing ([`pop::batch_verify`]; the
//!   signature sum by Pippenger's multi-scalar multiplication), and per-signature verdicts that
//!   fall back to single verifications only when the batch fails ([`pop::batch_verify_each`]).
//! - ZCash compressed encodings, fully validated on decoding; secret keys as 32-byte big-endian
//!   integers in [1, r), wiped on drop. Every rejected input is an [`Error`] naming what is wrong.
//!
//! ```
//! use tripair_bls::{pop, MinPk, PublicKey, SecretKey, Signature};
//!
//! // KeyGen from at least 32 bytes of secret randomness (here a fixed example).
//! let sk = SecretKey::key_gen(&[42u8; 32], b"")?;
//! let pk: PublicKey<MinPk> = sk.public_key();
//!
//! // Sign and verify in Ethereum's ciphersuite.
//! let sig: Signature<MinPk> = pop::sign(&sk, b"hello");
//! assert!(pop::verify(&pk, b"hello", &sig));
//! assert!(!pop::verify(&pk, b"goodbye", &sig));
//!
//! // Through the wire: 48-byte public key, 96-byte signature, both fully validated on decoding.
//! let pk2 = PublicKey::<MinPk>::from_bytes_validated(&pk.to_bytes())?;
//! let sig2 = Signature::<MinPk>::from_bytes(&sig.to_bytes())?;
//! assert!(pop::verify(&pk2, b"hello", &sig2));
//!
//! // Two signers of one message: FastAggregateVerify (their proofs of possession checked first).
//! let sk_b = SecretKey::key_gen(&[7u8; 32], b"")?;
//! let pk_b = sk_b.public_key::<MinPk>();
//! assert!(pop::pop_verify(&pk_b, &pop::pop_prove(&sk_b)));
//! let agg = Signature::aggregate(&[sig, pop::sign(&sk_b, b"hello")])?;
//! assert!(pop::fast_aggregate_verify(&[pk, pk_b], b"hello", &agg));
//!
//! // Bad input is an error that says what is wrong.
//! let err = PublicKey::<MinPk>::from_bytes(&[0u8; 47]).unwrap_err();
//! assert_eq!(err.to_string(), "wrong length for public key: expected 48 bytes, got 47");
//! # Ok::<(), tripair_bls::Error>(())
//! ```

#![warn(missing_docs)]

pub mod aug;
pub mod basic;
pub mod core_ops;
pub mod derive;
pub mod error;
mod keys;
pub mod pop;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod variant;

pub use error::{Error, Result};
pub use keys::{PublicKey, SecretKey, Signature, SECRET_KEY_BYTES};
pub use variant::{MinPk, MinSig, Variant};
