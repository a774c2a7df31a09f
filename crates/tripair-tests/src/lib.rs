//! The integration tests that run the library's generic code at scale and build with some
//! optimisation (`opt-level = 1`, one codegen unit; the libraries keep `opt-level = 3`): GT bytes
//! against arkworks (`tests/arkworks_gt.rs`: arkworks' pairing is generic code that the test crate
//! instantiates, and at `opt-level = 0` its 2,000 pairings took 17 s) and the GLV/GLS, multi-scalar
//! and fixed-base multiplications against the ladder on every curve (`tests/scalar_mul.rs`: at
//! `opt-level = 0` its tests ran 45 s of CPU, at 1 about 9 s after 34 s of compiling). The rest of
//! the pairing stack's tests, and the lane, research and small-characteristic tests, are in
//! `tripair-tests-unoptimised` at `opt-level = 0`. See the workspace Cargo.toml and
//! docs/build-timings.md.
