//! No code: the package exists for its tests (`tests/targets.rs`), which use only the public API
//! of `tripair` and `tripair-bls`, as a user's crate does.
