//! The research crate's tests, one module per topic, in one test crate (each test crate
//! instantiates the generic pairing stack again, so one crate builds in a fraction of the time of
//! one per file):
//! - `algorithm2`: row F of Grabher–Großschädl–Page (their Algorithm 2: tabulated doublings,
//!   the additions split by bit parity over two threads) against the serial pairings on every
//!   curve;
//! - `dclxvi`: F_p as twelve doubles against the Montgomery field, and its pairing;
//! - `halves`: row E of Grabher–Großschädl–Page (the F_p12 operations in halves on two threads)
//!   against the serial pairings on every curve;
//! - `oracles`: on every curve, the plain ate pairing (bilinear, non-degenerate) and the fast
//!   final exponentiation against the slow one;
//! - `portable32`: the 32-bit-digit backend (row A32) against the 64-bit one, and its pairings;
//! - `ifma_serial`: the digit-serial IFMA backend against the portable one and a big-integer
//!   reference (where the CPU has AVX-512 IFMA).

mod algorithm2;
mod dclxvi;
mod halves;
#[cfg(target_arch = "x86_64")]
mod ifma_serial;
mod oracles;
mod portable32;
