//! The parts of the `tripair` command line that its tests and examples also use: curves by name
//! (prime-field and small-characteristic), the benchmark harness and its timer, and the peer
//! libraries (feature `peers`).

#![warn(missing_docs)]

pub mod bench;
pub mod bls_cmd;
pub mod curves;
pub mod eth_cmd;
pub mod lines;
pub mod measure;
#[cfg(feature = "peers")]
pub mod peers;
pub mod plot;
pub mod report;
pub mod smallchar_bench;
pub mod tables;
pub mod tokens;
