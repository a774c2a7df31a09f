//! Fuzz target `smallchar`: see `tripair_fuzz_bodies::smallchar` for the properties checked.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tripair_fuzz_bodies::smallchar(data));
