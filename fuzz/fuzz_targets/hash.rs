//! Fuzz target `hash`: see `tripair_fuzz_bodies::hash` for the properties checked.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tripair_fuzz_bodies::hash(data));
