//! tripair: exact and fast cryptographic pairings.
//!
//! Layers, each depending only on those below:
//! `arith` (limbs, backends) -> `field` (Fp and its towers) -> `curve` (G1, G2) -> `pairing` (Miller loops,
//! final exponentiation) -> `encoding` and `api`. The small-characteristic eta_T pairings (broken
//! parameters, research only) live in the crate `tripair-smallchar`; the command line and the
//! benchmark harness in `tripair-cli`.

pub mod api;
pub mod arith;
pub mod cpu;
pub mod curve;
pub mod encoding;
pub mod error;
pub mod field;
pub mod pairing;
pub mod util;

pub use error::{Error, Result};
