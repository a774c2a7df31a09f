//! Fuzz target `arkworks`: tripair's decoders and pairing against arkworks (bn254, bls12-381); the
//! body is shared with the corpus replay test.
#![no_main]
#[allow(dead_code)] // its seeds() serves the replay test
#[path = "../../crates/tripair-fuzz-bodies/tests/support/arkworks_diff.rs"]
mod arkworks_diff;
libfuzzer_sys::fuzz_target!(|data: &[u8]| arkworks_diff::arkworks(data));
