//! Fuzz target `kzg`: see `tripair_fuzz_bodies::kzg` for the properties checked.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tripair_fuzz_bodies::kzg(data));
