//! tripair: exact and fast cryptographic pairings.
//!
//! Layers, each depending only on those below:
//! `arith` (limbs, backends) -> `field` (Fp and its towers) -> `curve` (G1, G2) -> `pairing` (Miller loops,
//! final exponentiation) -> `encoding` and the CLI. `smallchar` (F_{3^m}, F_{2^m}, eta_T) sits beside
//! the prime-field code with its own towers; its parameters are broken and exist for research only.

pub mod api;
pub mod arith;
pub mod bench;
pub mod curve;
pub mod encoding;
pub mod error;
pub mod field;
pub mod measure;
pub mod pairing;
#[cfg(feature = "peers")]
pub mod peers;
pub mod smallchar;
pub mod util;

pub use error::{Error, Result};
