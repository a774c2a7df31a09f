//! The integration tests of `tripair`, `tripair-research` and `tripair-smallchar` (under
//! `tests/`): the lane field and lane pairings, the pairing stack on every curve, the research
//! representations, the eta_T pairings. They live in this package, not beside each library,
//! because every test crate instantiates the generic field/curve/pairing stack again, and the
//! workspace builds this package's tests at `opt-level = 1` with one codegen unit (the
//! libraries keep `opt-level = 3` and one codegen unit): see the workspace Cargo.toml and
//! docs/build-timings.md.
