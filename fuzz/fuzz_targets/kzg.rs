//! Fuzz target `kzg`: see `tripair_cli::fuzz_bodies::kzg` for the properties checked.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tripair_cli::fuzz_bodies::kzg(data));
