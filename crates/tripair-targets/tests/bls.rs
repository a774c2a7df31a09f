//! tripair-bls's own tests (its API, batches against single verifications, the Ethereum
//! consensus vectors), compiled here for every target and with debug assertions.

#[path = "../../tripair-bls/tests/signatures/main.rs"]
mod signatures;
