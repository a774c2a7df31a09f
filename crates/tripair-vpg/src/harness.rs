//! The calling convention of the routines and a runner: operands are placed in memory, their
//! addresses in `r8..r13`, and the routine runs to its `retl`.

use crate::machine::{Insn, Machine, MachineError, RunStats};

/// Address of the result (`r8`).
pub const RES: u32 = 0x1000;
/// Address of the first operand (`r9`).
pub const OPA: u32 = 0x1400;
/// Address of the second operand (`r10`).
pub const OPB: u32 = 0x1800;
/// Address of the modulus and its constants (`r11`).
pub const MODN: u32 = 0x1c00;
/// Address of the scratch area (`r12`), 2 KiB.
pub const SCR: u32 = 0x2000;
/// Address of the lookup tables (`r13`), 4 KiB.
pub const TAB: u32 = 0x3000;
/// Memory size in words.
pub const MEM_WORDS: usize = 0x4000 / 4;

/// Register holding [`RES`].
pub const R_RES: u8 = 8;
/// Register holding [`OPA`].
pub const R_A: u8 = 9;
/// Register holding [`OPB`].
pub const R_B: u8 = 10;
/// Register holding [`MODN`].
pub const R_N: u8 = 11;
/// Register holding [`SCR`].
pub const R_SCR: u8 = 12;
/// Register holding [`TAB`].
pub const R_TAB: u8 = 13;

/// Runs `prog` with the given memory contents (address, words) on a machine whose multiplier
/// latency is `latency`; returns the machine afterwards (to read the result) and the run's costs.
pub fn run(
    prog: &[Insn],
    latency: u64,
    inputs: &[(u32, &[u32])],
) -> Result<(Machine, RunStats), MachineError> {
    let mut m = Machine::new(MEM_WORDS, latency);
    for (addr, words) in inputs {
        m.store_words(*addr, words)?;
    }
    m.regs[R_RES as usize] = RES;
    m.regs[R_A as usize] = OPA;
    m.regs[R_B as usize] = OPB;
    m.regs[R_N as usize] = MODN;
    m.regs[R_SCR as usize] = SCR;
    m.regs[R_TAB as usize] = TAB;
    let st = m.run(prog)?;
    Ok((m, st))
}
