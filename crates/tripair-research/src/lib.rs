//! Research and benchmark-only code of tripair: what only a benchmark table, a profile or a test
//! uses, kept out of the library that users link.
//!
//! - [`field::dclxvi`]: F_p as twelve doubles, the representation of the dclxvi software
//!   (Naehrig–Niederhagen–Schwabe, Latincrypt 2010), its bounds checker
//!   ([`field::dclxvi_bounds`]) and its pairing ([`pairing::dclxvi`]): `tripair bench --table
//!   dclxvi`;
//! - [`field::generic_primes`]: prime fields on generic primes of 160 to 512 bits for
//!   `tripair bench --table vpg`;
//! - [`arith::IfmaSerial`] (x86-64): the digit-serial AVX-512 IFMA backend, row C of
//!   `tripair bench --table ggp` (Grabher–Großschädl–Page 2008);
//! - [`pairing::ate_pairing`]: the plain ate pairing of Grabher–Großschädl–Page (2008),
//!   Algorithm 1 (also in SIMD lanes, [`pairing::ate_pairings_in_lanes`]), and
//!   [`pairing::final_exponentiation_slow`], the tests' oracle for the final exponentiation;
//! - [`pairing::halves`]: their row E, one pairing whose F_p12 operations are split into F_p6
//!   halves on two threads (optimal and plain ate);
//!
//! Everything here runs on the library's tower, Miller-loop driver and final exponentiation
//! through [`tripair::field::BaseField`] and the driver API of [`tripair::pairing`](mod@tripair::pairing).

#![warn(missing_docs)]

// The library's CPU detection under the path the moved files name it by (`crate::cpu`).
pub(crate) use tripair::cpu;

pub mod arith;
pub mod field;
pub mod pairing;
