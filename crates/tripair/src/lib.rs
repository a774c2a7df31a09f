//! tripair: exact and fast cryptographic pairings on BN and BLS12 curves.
//!
//! The optimal ate pairing on BN254 (Ethereum), the bn254/bn446/bn638 family of Pereira et al.,
//! the BN curve of Devegili–Scott–Dahab, the dclxvi curve and BLS12-381. For BN254 and BLS12-381
//! the values are byte for byte those of arkworks, blst, gnark-crypto and mcl.
//!
//! ```
//! use tripair::curve::curves::Bls12_381 as C;
//! use tripair::{pairing, pairing_check, pairing_prepared, G1Affine, G2Affine, G2Prepared, Scalar};
//!
//! // Scalars by wide reduction of 64 bytes (in practice: the output of a CSPRNG or a hash).
//! let a = Scalar::<C>::from_be_bytes_mod_order(&[7u8; 64]);
//! let b = Scalar::<C>::from_be_bytes_mod_order(&[9u8; 64]);
//! let (p, q) = (G1Affine::<C>::generator(), G2Affine::<C>::generator());
//! let (pa, qb) = ((p * a).to_affine(), (q * b).to_affine());
//!
//! // Bilinearity: e(aP, bQ) = e(P, Q)^(ab).
//! assert_eq!(pairing(&pa, &qb), pairing(&p, &q).pow(&(a * b)));
//!
//! // A pairing check (one shared Miller loop and final exponentiation): e(aP, bQ) e(-abP, Q) = 1.
//! let neg_abp = -(p * (a * b)).to_affine();
//! assert!(pairing_check::<C>(&[(pa, qb), (neg_abp, q)]));
//! assert!(!pairing_check::<C>(&[(pa, qb), (p, q)]));
//!
//! // A fixed G2 point prepared once (its Miller-loop lines stored), then paired with any G1 point.
//! let q_prepared = G2Prepared::new(&qb);
//! assert_eq!(pairing_prepared(&pa, &q_prepared), pairing(&pa, &qb));
//! ```
//!
//! Points come from the decoders ([`encoding`]), [`curve::Affine::new_checked`], the generators,
//! `random` and the group operations, all of which yield points of the order-r groups; only
//! [`curve::Affine::new_unchecked`] leaves validity to its caller's promise.
//!
//! Layers, each depending only on those below: [`arith`] (limbs, backends) and [`cpu`] (feature
//! detection) -> [`field`] (F_p and its towers, generic over a [`field::BaseField`]) -> [`curve`]
//! (G1, G2) -> [`pairing`](mod@pairing) (Miller-loop driver and line sources, final
//! exponentiation) -> [`encoding`], [`hash_to_curve`] (RFC 9380 for BLS12-381) and [`api`]. The small-characteristic eta_T pairings (broken
//! parameters, research only) live in the crate `tripair-smallchar`; F_p as doubles, the plain ate
//! pairing and other code that only a benchmark table or a test uses in `tripair-research`; the
//! command line and benchmarks in `tripair-cli`.

#![warn(missing_docs)]
// Without the `std` feature: `no_std` with `alloc` (see Cargo.toml).
#![cfg_attr(not(feature = "std"), no_std)]

extern crate alloc;

/// What the std prelude gives and `no_std` does not: each file that allocates imports it.
mod prelude {
    pub(crate) use alloc::boxed::Box;
    pub(crate) use alloc::string::{String, ToString};
    pub(crate) use alloc::vec::Vec;
    pub(crate) use alloc::{format, vec};
}

pub mod api;
// Internal (other crates of the workspace use it): not part of the documented API.
#[doc(hidden)]
pub mod arith;
// Internal (other crates of the workspace use it): not part of the documented API.
#[doc(hidden)]
pub mod cpu;
pub mod curve;
pub mod encoding;
pub mod error;
pub mod field;
pub mod hash_to_curve;
pub mod pairing;
// serde for points, GT and field elements (feature `serde`); the helpers are for tripair-bls.
#[cfg(feature = "serde")]
#[doc(hidden)]
pub mod serde_impls;
pub mod strategy;
mod sync;
#[cfg(feature = "zkcrypto")]
pub mod zkcrypto;
// Internal (other crates of the workspace use it): not part of the documented API.
#[doc(hidden)]
pub mod util;

pub use curve::{G1Affine, G1Projective, G2Affine, G2Projective, PairingCurve, Scalar};
pub use error::{Error, Result};
pub use hash_to_curve::{encode_to_g1, encode_to_g2, hash_to_g1, hash_to_g2};
pub use pairing::{
    final_exponentiation, miller_loop, multi_miller_loop, multi_pairing, pairing, pairing_check,
    pairing_prepared, G2Prepared, Gt, MillerLoopOutput,
};
