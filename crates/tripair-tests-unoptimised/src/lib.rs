//! The integration tests of `tripair`'s pairing stack on every curve (`tests/pairings`: fields,
//! curves, encodings, hashing, the pairing engine, the threaded forms), of the lane field and the
//! lane pairings (`tests/lanes`), of `tripair-research` (`tests/research`) and of
//! `tripair-smallchar` (`tests/smallchar`), modules of one test crate (`--test unoptimised`). They
//! live in this package because the workspace builds it at `opt-level = 0`: each test crate
//! instantiates a generic stack of its own (the
//! pairings test crate compiled in 23 s at 0 against 114 s at 1 on a Xeon; the lane tower for five
//! curves and two backends took about 600 s at 1 on a Zen 3, 67 s at 0), and the public pairing
//! functions they call run the library's optimised tables. The tests that run generic code at scale
//! (arkworks' GT, scalar multiplication) are in `tripair-tests` at `opt-level = 1`. See the
//! workspace Cargo.toml and docs/build-timings.md.
