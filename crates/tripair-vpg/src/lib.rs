//! An executable model of the tri-field multiply-accumulate unit of Vejda, Page and Großschädl,
//! "Instruction Set Extensions for Pairing-Based Cryptography" (Pairing 2007): a LEON-2 SPARC V8
//! integer unit with five custom instructions (`umac`, `umac2`, `shacr`, `gf2mac`, `gf3mac`) and a
//! 72-bit accumulator, field routines for F_p, F_2^m and F_3^m written for it, the cycle counts of
//! its Tables 3 and 4, and the pairing cost model of its Appendix A.
//!
//! This is research tooling: a model, not hardware. Cycle counts come from the documented rules
//! of [`machine`] applied to the routines here, which are hand-written (generated) code, not the
//! paper's compiled C library; where they differ from the paper, [`tables`] prints both.
//!
//! # Layers
//! - [`machine`]: state, instruction subset, cycle rules; [`asm`]: the assembler DSL;
//!   [`harness`]: calling convention and runner.
//! - [`fp`], [`gf2`], [`gf3`]: the routine generators; [`fields`]: running them on tripair's
//!   elements (integers for F_p).
//! - [`tables`]: the paper's Tables 2-4 and the model's measurements beside them;
//!   [`costmodel`]: Appendix A; [`counting`]: an operation-counting base field for tripair's own
//!   pairings.

#![warn(missing_docs)]

pub mod asm;
pub mod costmodel;
pub mod counting;
pub mod counting_smallchar;
pub mod fields;
pub mod fp;
pub mod gf2;
pub mod gf3;
pub mod harness;
pub mod machine;
pub mod primes;
pub mod tables;

use std::fmt;

/// What went wrong in the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VpgError {
    /// A program stopped abnormally.
    Machine(machine::MachineError),
    /// A routine did not assemble.
    Asm(asm::AsmError),
    /// Bad input to a runner.
    Input(String),
    /// A routine left a result that is not a field element.
    Output(String),
}

impl fmt::Display for VpgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VpgError::Machine(e) => write!(f, "machine: {e}"),
            VpgError::Asm(e) => write!(f, "assembler: {e}"),
            VpgError::Input(s) => write!(f, "bad input: {s}"),
            VpgError::Output(s) => write!(f, "bad routine output: {s}"),
        }
    }
}

impl std::error::Error for VpgError {}

impl From<machine::MachineError> for VpgError {
    fn from(e: machine::MachineError) -> Self {
        VpgError::Machine(e)
    }
}

impl From<asm::AsmError> for VpgError {
    fn from(e: asm::AsmError) -> Self {
        VpgError::Asm(e)
    }
}
