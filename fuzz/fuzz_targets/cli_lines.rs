//! Fuzz target `cli_lines`: see `tripair_fuzz_bodies::cli_lines` for the properties checked.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tripair_fuzz_bodies::cli_lines(data));
