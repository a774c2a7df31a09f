//! The integration tests of `tripair`'s pairing stack on every curve (`tests/pairings`): fields,
//! curves, encodings, hashing, scalar multiplication, the pairing engine, the threaded forms, GT
//! bytes against arkworks. They live in this package, not beside the library, because the test
//! crate instantiates the generic field/curve/pairing stack again, and the workspace builds this
//! package at `opt-level = 1` with one codegen unit (the libraries keep `opt-level = 3`): it
//! compiles beside the CLI's library, the build's longest unit, and runs its thousands of
//! pairings in about 20 s. The lane, research and small-characteristic tests are in
//! `tripair-tests-unoptimised`, at `opt-level = 0`. See the workspace Cargo.toml and
//! docs/build-timings.md.
