//! The BLS signature API, batches against single verifications, and the Ethereum consensus
//! vectors, one module each in one test crate (each test crate builds the pairing stack again).

mod api;
mod batch_equals_single;
mod derive_aug;
mod eth_vectors;
