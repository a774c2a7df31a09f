//! The integration tests of the lane field and the lane pairings (`tests/lanes`), of
//! `tripair-research` (`tests/research`) and of `tripair-smallchar` (`tests/smallchar`). They live
//! in this package because the workspace builds it at `opt-level = 0`: each of its test crates
//! instantiates a generic stack of its own (the lane tower for five curves and two backends took
//! about 600 s to compile at `opt-level = 1` on a Zen 3, 67 s at 0), and its tests stay quick
//! without optimisation. The pairing stack's own tests, which run thousands of pairings, are in
//! `tripair-tests` at `opt-level = 1`. See the workspace Cargo.toml and docs/build-timings.md.
