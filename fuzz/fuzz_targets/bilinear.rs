//! Fuzz target `bilinear`: see `tripair_fuzz_bodies::bilinear` for the properties checked.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tripair_fuzz_bodies::bilinear(data));
