//! A small assembler embedded in Rust: one method per instruction, labels for branches. Routines
//! are Rust functions that emit code for one field size (loops over words the generator unrolls,
//! loops the routine runs are branches with delay slots).

use crate::machine::{AluOp, Cond, Insn, Op2, Reg, G0, NOP};

/// A branch target, bound once with [`Asm::bind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label(usize);

/// The program being assembled.
#[derive(Default, Debug)]
pub struct Asm {
    code: Vec<Insn>,
    labels: Vec<Option<usize>>,
    /// (instruction index, label) of branches to patch.
    fixups: Vec<(usize, Label)>,
}

/// A register operand.
pub fn r(n: u8) -> Op2 {
    Op2::R(Reg(n))
}

/// An immediate operand.
pub fn imm(v: i32) -> Op2 {
    Op2::I(v)
}

/// Why assembly failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AsmError {
    /// A branch to a label that was never bound.
    UnboundLabel(usize),
}

impl std::fmt::Display for AsmError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AsmError::UnboundLabel(l) => write!(f, "label {l} used but never bound"),
        }
    }
}

impl std::error::Error for AsmError {}

impl Asm {
    /// An empty program.
    pub fn new() -> Self {
        Self::default()
    }
    /// The number of instructions so far.
    pub fn len(&self) -> usize {
        self.code.len()
    }
    /// Whether nothing was emitted.
    pub fn is_empty(&self) -> bool {
        self.code.is_empty()
    }
    /// A new unbound label.
    pub fn label(&mut self) -> Label {
        self.labels.push(None);
        Label(self.labels.len() - 1)
    }
    /// Binds `l` to the next instruction.
    pub fn bind(&mut self, l: Label) {
        self.labels[l.0] = Some(self.code.len());
    }
    /// Appends a raw instruction.
    pub fn emit(&mut self, i: Insn) {
        self.code.push(i);
    }
    /// Resolves the branches and returns the program.
    pub fn finish(mut self) -> Result<Vec<Insn>, AsmError> {
        for (at, l) in std::mem::take(&mut self.fixups) {
            let t = self.labels[l.0].ok_or(AsmError::UnboundLabel(l.0))?;
            if let Insn::Bicc { target, .. } = &mut self.code[at] {
                *target = t;
            }
        }
        Ok(self.code)
    }

    fn alu(&mut self, op: AluOp, rs1: u8, op2: Op2, rd: u8) {
        self.emit(Insn::Alu {
            op,
            rd: Reg(rd),
            rs1: Reg(rs1),
            op2,
        });
    }
    /// `add rs1, op2, rd`.
    pub fn add(&mut self, rs1: u8, op2: Op2, rd: u8) {
        self.alu(AluOp::Add, rs1, op2, rd)
    }
    /// `addcc rs1, op2, rd`.
    pub fn addcc(&mut self, rs1: u8, op2: Op2, rd: u8) {
        self.alu(AluOp::AddCc, rs1, op2, rd)
    }
    /// `addx rs1, op2, rd`.
    pub fn addx(&mut self, rs1: u8, op2: Op2, rd: u8) {
        self.alu(AluOp::AddX, rs1, op2, rd)
    }
    /// `addxcc rs1, op2, rd`.
    pub fn addxcc(&mut self, rs1: u8, op2: Op2, rd: u8) {
        self.alu(AluOp::AddXCc, rs1, op2, rd)
    }
    /// `sub rs1, op2, rd`.
    pub fn sub(&mut self, rs1: u8, op2: Op2, rd: u8) {
        self.alu(AluOp::Sub, rs1, op2, rd)
    }
    /// `subcc rs1, op2, rd`.
    pub fn subcc(&mut self, rs1: u8, op2: Op2, rd: u8) {
        self.alu(AluOp::SubCc, rs1, op2, rd)
    }
    /// `subx rs1, op2, rd`.
    pub fn subx(&mut self, rs1: u8, op2: Op2, rd: u8) {
        self.alu(AluOp::SubX, rs1, op2, rd)
    }
    /// `subxcc rs1, op2, rd`.
    pub fn subxcc(&mut self, rs1: u8, op2: Op2, rd: u8) {
        self.alu(AluOp::SubXCc, rs1, op2, rd)
    }
    /// `and rs1, op2, rd`.
    pub fn and(&mut self, rs1: u8, op2: Op2, rd: u8) {
        self.alu(AluOp::And, rs1, op2, rd)
    }
    /// `andcc rs1, op2, rd`.
    pub fn andcc(&mut self, rs1: u8, op2: Op2, rd: u8) {
        self.alu(AluOp::AndCc, rs1, op2, rd)
    }
    /// `andn rs1, op2, rd`.
    pub fn andn(&mut self, rs1: u8, op2: Op2, rd: u8) {
        self.alu(AluOp::AndN, rs1, op2, rd)
    }
    /// `or rs1, op2, rd`.
    pub fn or(&mut self, rs1: u8, op2: Op2, rd: u8) {
        self.alu(AluOp::Or, rs1, op2, rd)
    }
    /// `xor rs1, op2, rd`.
    pub fn xor(&mut self, rs1: u8, op2: Op2, rd: u8) {
        self.alu(AluOp::Xor, rs1, op2, rd)
    }
    /// `sll rs1, op2, rd`.
    pub fn sll(&mut self, rs1: u8, op2: Op2, rd: u8) {
        self.alu(AluOp::Sll, rs1, op2, rd)
    }
    /// `srl rs1, op2, rd`.
    pub fn srl(&mut self, rs1: u8, op2: Op2, rd: u8) {
        self.alu(AluOp::Srl, rs1, op2, rd)
    }
    /// `sra rs1, op2, rd`.
    pub fn sra(&mut self, rs1: u8, op2: Op2, rd: u8) {
        self.alu(AluOp::Sra, rs1, op2, rd)
    }
    /// `mov op2, rd` (= `or %g0, op2, rd`).
    pub fn mov(&mut self, op2: Op2, rd: u8) {
        self.alu(AluOp::Or, 0, op2, rd)
    }
    /// `sethi %hi(value), rd`: the top 22 bits of `value`.
    pub fn sethi(&mut self, value: u32, rd: u8) {
        self.emit(Insn::Sethi {
            rd: Reg(rd),
            imm22: value >> 10,
        });
    }
    /// `set value, rd`: one instruction when `value` fits simm13, else `sethi` + `or`.
    pub fn set(&mut self, value: u32, rd: u8) {
        let s = value as i32;
        if (-4096..4096).contains(&s) {
            self.mov(imm(s), rd);
        } else {
            self.sethi(value, rd);
            if value & 0x3ff != 0 {
                self.or(rd, imm((value & 0x3ff) as i32), rd);
            }
        }
    }
    /// `ld [rs1 + off], rd`.
    pub fn ld(&mut self, rs1: u8, off: i32, rd: u8) {
        self.emit(Insn::Ld {
            rd: Reg(rd),
            rs1: Reg(rs1),
            op2: imm(off),
        });
    }
    /// `ld [rs1 + rs2], rd`.
    pub fn ldr(&mut self, rs1: u8, rs2: u8, rd: u8) {
        self.emit(Insn::Ld {
            rd: Reg(rd),
            rs1: Reg(rs1),
            op2: r(rs2),
        });
    }
    /// `st rs, [rs1 + off]`.
    pub fn st(&mut self, rs: u8, rs1: u8, off: i32) {
        self.emit(Insn::St {
            rs: Reg(rs),
            rs1: Reg(rs1),
            op2: imm(off),
        });
    }
    /// `umul rs1, op2, rd`.
    pub fn umul(&mut self, rs1: u8, op2: Op2, rd: u8) {
        self.emit(Insn::Umul {
            rd: Reg(rd),
            rs1: Reg(rs1),
            op2,
        });
    }
    /// `rd %y, rd`.
    pub fn rdy(&mut self, rd: u8) {
        self.emit(Insn::Rdy { rd: Reg(rd) });
    }
    /// `wr rs1, %y`.
    pub fn wry(&mut self, rs1: u8) {
        self.emit(Insn::Wry { rs1: Reg(rs1) });
    }
    /// `rd %asr18, rd`.
    pub fn rdasr18(&mut self, rd: u8) {
        self.emit(Insn::RdAsr18 { rd: Reg(rd) });
    }
    /// `b<cond>` (annul bit clear) to `l`.
    pub fn b(&mut self, cond: Cond, l: Label) {
        self.fixups.push((self.code.len(), l));
        self.emit(Insn::Bicc {
            cond,
            annul: false,
            target: usize::MAX,
        });
    }
    /// `b<cond>,a` to `l`.
    pub fn b_a(&mut self, cond: Cond, l: Label) {
        self.fixups.push((self.code.len(), l));
        self.emit(Insn::Bicc {
            cond,
            annul: true,
            target: usize::MAX,
        });
    }
    /// `retl`.
    pub fn retl(&mut self) {
        self.emit(Insn::Retl);
    }
    /// `nop`.
    pub fn nop(&mut self) {
        self.emit(NOP);
    }
    /// `umac rs1, rs2`.
    pub fn umac(&mut self, rs1: u8, rs2: u8) {
        self.emit(Insn::Umac {
            rs1: Reg(rs1),
            rs2: Reg(rs2),
        });
    }
    /// `umac2 rs1, rs2`.
    pub fn umac2(&mut self, rs1: u8, rs2: u8) {
        self.emit(Insn::Umac2 {
            rs1: Reg(rs1),
            rs2: Reg(rs2),
        });
    }
    /// `shacr rd`.
    pub fn shacr(&mut self, rd: u8) {
        self.emit(Insn::Shacr { rd: Reg(rd) });
    }
    /// `gf2mac rs1, rs2`.
    pub fn gf2mac(&mut self, rs1: u8, rs2: u8) {
        self.emit(Insn::Gf2mac {
            rs1: Reg(rs1),
            rs2: Reg(rs2),
        });
    }
    /// `gf3mac rs1, rs2`.
    pub fn gf3mac(&mut self, rs1: u8, rs2: u8) {
        self.emit(Insn::Gf3mac {
            rs1: Reg(rs1),
            rs2: Reg(rs2),
        });
    }
    /// Clears `n` words at `[base + off ..]` (`st %g0`).
    pub fn zero_words(&mut self, base: u8, off: i32, n: usize) {
        for k in 0..n as i32 {
            self.st(G0.0, base, off + 4 * k);
        }
    }
}
