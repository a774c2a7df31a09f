//! The tables of `tripair bench --table`, one file per table, named for the `--table` value it
//! prints.

pub mod acar;
pub mod bls;
pub mod dclxvi;
pub mod ggp;
pub mod threads;
pub mod vpg;
