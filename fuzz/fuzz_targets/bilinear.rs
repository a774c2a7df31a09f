//! Fuzz target `bilinear`: see `tripair_cli::fuzz_bodies::bilinear` for the properties checked.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tripair_cli::fuzz_bodies::bilinear(data));
