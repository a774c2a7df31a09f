//! Fuzz target `gt`: see `tripair_fuzz_bodies::gt` for the properties checked.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tripair_fuzz_bodies::gt(data));
