//! The machine: a LEON-2 integer unit (SPARC V8 subset) with the tri-field multiply-accumulate
//! unit of Vejda, Page and Großschädl (2007, Sections 4-5, Table 1), and its cycle model.
//!
//! # State
//! 32 registers of 32 bits (`r0` reads 0, writes to it are dropped; register windows are not
//! modelled, a routine sees one flat file), the integer condition codes N Z V C, `%y`, and the
//! accumulator of the MAC unit: 72 bits held in `%asr18` (bits 0-31), `%y` (bits 32-63) and
//! `%asr20` (bits 64-71). Memory is a flat array of 32-bit words with byte addresses; loads and
//! stores must be word aligned.
//!
//! # Cycle rules (LEON-2, one load-delay cycle; Gaisler, LEON-2 User's Manual, "Instruction timing")
//! 1. Every instruction issues in 1 cycle, except `st` (2 cycles), `jmpl`/`retl` (3 cycles) and
//!    `umul` (the multiplier latency L: the instruction holds the pipeline for L cycles).
//! 2. Load delay: an instruction that reads the destination register of a `ld` immediately before
//!    it waits 1 cycle.
//! 3. The MAC instructions `umac`, `umac2`, `gf2mac`, `gf3mac` issue in 1 cycle and keep the MAC
//!    unit busy for L cycles; the integer unit runs independent instructions meanwhile (the paper,
//!    Section 5.2: "an independent instruction can be executed in the integer unit during the
//!    second cycle of a umac instruction"). Any instruction that uses the MAC unit or its
//!    registers (`umul`, another MAC, `shacr`, `rd %y`, `rd %asr18`, `wr %y`) first waits until
//!    the unit is free.
//! 4. Branches take 1 cycle; the delay-slot instruction always follows. An annulled delay slot
//!    (annul bit set and the branch not taken, or `ba,a`) costs 1 cycle as a bubble.
//! 5. L is 2 for the (32x16) multipliers and 4 for the (32x8) ones (Table 2); array and tree
//!    variants have the same latency and differ in clock frequency only.

use std::fmt;

/// A register number 0..32 (`r0` is hardwired to zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reg(pub u8);

/// The zero register.
pub const G0: Reg = Reg(0);

/// The second operand of an ALU, memory or multiply instruction: a register or a signed 13-bit
/// immediate (SPARC `simm13`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op2 {
    /// A register.
    R(Reg),
    /// An immediate in -4096..4096.
    I(i32),
}

/// The ALU operations (SPARC V8 format 3, op = 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AluOp {
    /// rd = rs1 + op2.
    Add,
    /// rd = rs1 + op2, setting icc.
    AddCc,
    /// rd = rs1 + op2 + C.
    AddX,
    /// rd = rs1 + op2 + C, setting icc.
    AddXCc,
    /// rd = rs1 - op2.
    Sub,
    /// rd = rs1 - op2, setting icc.
    SubCc,
    /// rd = rs1 - op2 - C.
    SubX,
    /// rd = rs1 - op2 - C, setting icc.
    SubXCc,
    /// rd = rs1 & op2.
    And,
    /// rd = rs1 & op2, setting icc.
    AndCc,
    /// rd = rs1 & !op2.
    AndN,
    /// rd = rs1 | op2.
    Or,
    /// rd = rs1 | !op2.
    OrN,
    /// rd = rs1 ^ op2.
    Xor,
    /// rd = !(rs1 ^ op2).
    Xnor,
    /// rd = rs1 << (op2 & 31).
    Sll,
    /// rd = rs1 >> (op2 & 31), logical.
    Srl,
    /// rd = rs1 >> (op2 & 31), arithmetic.
    Sra,
}

/// Branch conditions on the integer condition codes (SPARC V8 Bicc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cond {
    /// Always.
    A,
    /// Equal (Z).
    E,
    /// Not equal (!Z).
    Ne,
    /// Carry set (C): unsigned less after subcc.
    Cs,
    /// Carry clear (!C).
    Cc,
    /// Negative (N).
    Neg,
    /// Positive (!N).
    Pos,
    /// Unsigned greater (!(C | Z)).
    Gu,
    /// Unsigned less or equal (C | Z).
    Leu,
}

/// One instruction of the modelled subset. Branch targets are instruction indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Insn {
    /// An ALU operation.
    Alu {
        /// The operation.
        op: AluOp,
        /// Destination.
        rd: Reg,
        /// First source.
        rs1: Reg,
        /// Second source.
        op2: Op2,
    },
    /// rd = imm22 << 10 (`sethi %hi(x), rd`; `sethi 0, %g0` is `nop`).
    Sethi {
        /// Destination.
        rd: Reg,
        /// The 22-bit immediate.
        imm22: u32,
    },
    /// rd = mem\[rs1 + op2\] (`ld`).
    Ld {
        /// Destination.
        rd: Reg,
        /// Base.
        rs1: Reg,
        /// Offset.
        op2: Op2,
    },
    /// mem\[rs1 + op2\] = rs (`st`).
    St {
        /// The stored register.
        rs: Reg,
        /// Base.
        rs1: Reg,
        /// Offset.
        op2: Op2,
    },
    /// rd = low 32 bits of rs1 * op2, %y = high 32 bits (`umul`).
    Umul {
        /// Destination of the low word.
        rd: Reg,
        /// First factor.
        rs1: Reg,
        /// Second factor.
        op2: Op2,
    },
    /// rd = %y (`rd %y, rd`).
    Rdy {
        /// Destination.
        rd: Reg,
    },
    /// %y = rs1 (`wr rs1, %y`; the model applies it at once, SPARC V8 allows up to 3 delay
    /// instructions, which the routines never read %y within).
    Wry {
        /// Source.
        rs1: Reg,
    },
    /// rd = %asr18, the low word of the accumulator, without shifting (`rd %asr18, rd`).
    RdAsr18 {
        /// Destination.
        rd: Reg,
    },
    /// Conditional branch with one delay slot; `annul` annuls the delay slot when not taken
    /// (and always for `ba,a`).
    Bicc {
        /// The condition.
        cond: Cond,
        /// The annul bit.
        annul: bool,
        /// Target instruction index.
        target: usize,
    },
    /// Return from a leaf routine (`retl` = `jmpl %o7 + 8, %g0`), with a delay slot.
    Retl,
    /// accu += rs1 * rs2, unsigned (Table 1).
    Umac {
        /// First factor.
        rs1: Reg,
        /// Second factor.
        rs2: Reg,
    },
    /// accu += 2 * rs1 * rs2, unsigned (Table 1).
    Umac2 {
        /// First factor.
        rs1: Reg,
        /// Second factor.
        rs2: Reg,
    },
    /// rd = accu\[31:0\]; accu >>= 32 (Table 1).
    Shacr {
        /// Destination.
        rd: Reg,
    },
    /// accu ^= rs1 (x) rs2, carry-less (binary polynomials, Table 1).
    Gf2mac {
        /// First factor.
        rs1: Reg,
        /// Second factor.
        rs2: Reg,
    },
    /// accu += rs1 * rs2 over F_3\[x\]: 16 coefficients per register, 2 bits each (0, 1, 2), the
    /// 31-coefficient product added coefficient-wise modulo 3 to the 32 coefficients held in the
    /// low 64 bits of the accumulator (Table 1; the paper stores 2 bits per coefficient, Section 3).
    Gf3mac {
        /// First factor.
        rs1: Reg,
        /// Second factor.
        rs2: Reg,
    },
}

/// The `nop` instruction.
pub const NOP: Insn = Insn::Sethi { rd: G0, imm22: 0 };

/// Multiplier configurations of Table 2 (the paper's four synthesised MAC units).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MacUnit {
    /// The name used in Table 2, e.g. "(32x16)-tree".
    pub name: &'static str,
    /// Cycles for one 32x32-bit product (L).
    pub latency: u64,
    /// Maximum clock frequency in MHz (Table 2).
    pub mhz: f64,
    /// Silicon area in gate equivalents (Table 2).
    pub gates: u32,
}

/// The four MAC units of Table 2.
pub const MAC_UNITS: [MacUnit; 4] = [
    MacUnit {
        name: "(32x16)-array",
        latency: 2,
        mhz: 45.0,
        gates: 16_400,
    },
    MacUnit {
        name: "(32x16)-tree",
        latency: 2,
        mhz: 62.0,
        gates: 16_200,
    },
    MacUnit {
        name: "(32x8)-array",
        latency: 4,
        mhz: 71.0,
        gates: 11_900,
    },
    MacUnit {
        name: "(32x8)-tree",
        latency: 4,
        mhz: 83.0,
        gates: 12_700,
    },
];

/// The paper's unit: (32x16) tree multiplier, 2-cycle latency.
pub const PAPER_UNIT: MacUnit = MAC_UNITS[1];

/// Why a program stopped abnormally.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MachineError {
    /// A load or store outside memory or not word aligned.
    BadAddress {
        /// Index of the instruction.
        pc: usize,
        /// The byte address.
        addr: u32,
    },
    /// Control went outside the program without `retl`.
    BadPc {
        /// The instruction index reached.
        pc: usize,
    },
    /// More instructions than the step limit.
    StepLimit {
        /// The limit.
        limit: u64,
    },
    /// An immediate outside the simm13 range.
    BadImmediate {
        /// Index of the instruction.
        pc: usize,
        /// The value.
        value: i32,
    },
    /// A register number of 32 or more.
    BadRegister {
        /// Index of the instruction.
        pc: usize,
        /// The number.
        reg: u8,
    },
}

impl fmt::Display for MachineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MachineError::BadAddress { pc, addr } => {
                write!(f, "instruction {pc}: bad or unaligned address {addr:#x}")
            }
            MachineError::BadPc { pc } => write!(f, "control reached {pc}, outside the program"),
            MachineError::StepLimit { limit } => write!(f, "more than {limit} instructions"),
            MachineError::BadImmediate { pc, value } => {
                write!(f, "instruction {pc}: immediate {value} outside simm13")
            }
            MachineError::BadRegister { pc, reg } => {
                write!(f, "instruction {pc}: register r{reg} does not exist")
            }
        }
    }
}

impl std::error::Error for MachineError {}

/// What one run cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunStats {
    /// Cycles from the first instruction to the end of `retl`'s delay slot.
    pub cycles: u64,
    /// Instructions executed (annulled ones not counted).
    pub instructions: u64,
    /// Cycles lost to load-use interlocks (rule 2).
    pub load_stalls: u64,
    /// Cycles lost waiting for the MAC unit (rule 3).
    pub mac_stalls: u64,
}

/// The machine state.
#[derive(Clone, Debug)]
pub struct Machine {
    /// The register file; `regs[0]` stays 0.
    pub regs: [u32; 32],
    /// %y (also the middle word of the accumulator).
    pub y: u32,
    /// %asr18: low word of the accumulator.
    pub asr18: u32,
    /// %asr20: the top 8 bits of the accumulator.
    pub asr20: u32,
    /// Condition codes.
    pub n: bool,
    /// Zero.
    pub z: bool,
    /// Overflow.
    pub v: bool,
    /// Carry.
    pub c: bool,
    /// Memory, word-addressed (byte address / 4).
    pub mem: Vec<u32>,
    /// Multiplier latency L (rule 5).
    pub latency: u64,
    /// Instruction limit of one run.
    pub step_limit: u64,
}

fn simm13(pc: usize, v: i32) -> Result<u32, MachineError> {
    if (-4096..4096).contains(&v) {
        Ok(v as u32)
    } else {
        Err(MachineError::BadImmediate { pc, value: v })
    }
}

/// Coefficient-wise product of two packed ternary polynomials (16 coefficients of 2 bits each;
/// the pattern 3 counts as 0), as 31 packed coefficients.
pub fn gf3_packed_mul(a: u32, b: u32) -> u64 {
    let mut acc = [0u8; 32];
    for i in 0..16 {
        let ai = ((a >> (2 * i)) & 3) % 3;
        if ai == 0 {
            continue;
        }
        for j in 0..16 {
            let bj = ((b >> (2 * j)) & 3) % 3;
            acc[i + j] = (acc[i + j] + (ai * bj) as u8) % 3;
        }
    }
    pack_trits64(&acc)
}

/// Coefficient-wise sum modulo 3 of two words of 32 packed coefficients.
pub fn gf3_packed_add64(a: u64, b: u64) -> u64 {
    let mut t = [0u8; 32];
    for (i, ti) in t.iter_mut().enumerate() {
        let x = ((a >> (2 * i)) & 3) % 3 + ((b >> (2 * i)) & 3) % 3;
        *ti = (x % 3) as u8;
    }
    pack_trits64(&t)
}

fn pack_trits64(t: &[u8; 32]) -> u64 {
    t.iter()
        .enumerate()
        .fold(0u64, |w, (i, &c)| w | (c as u64) << (2 * i))
}

/// Carry-less product of two 32-bit binary polynomials.
pub fn clmul32(a: u32, b: u32) -> u64 {
    (0..32)
        .filter(|i| (b >> i) & 1 == 1)
        .fold(0u64, |acc, i| acc ^ ((a as u64) << i))
}

impl Machine {
    /// A machine with `words` words of zeroed memory and multiplier latency `latency`.
    pub fn new(words: usize, latency: u64) -> Self {
        Machine {
            regs: [0; 32],
            y: 0,
            asr18: 0,
            asr20: 0,
            n: false,
            z: false,
            v: false,
            c: false,
            mem: vec![0; words],
            latency,
            step_limit: 50_000_000,
        }
    }

    /// The 72-bit accumulator.
    pub fn accu(&self) -> u128 {
        (self.asr18 as u128) | (self.y as u128) << 32 | ((self.asr20 & 0xff) as u128) << 64
    }

    fn set_accu(&mut self, v: u128) {
        let v = v & ((1u128 << 72) - 1);
        self.asr18 = v as u32;
        self.y = (v >> 32) as u32;
        self.asr20 = (v >> 64) as u32;
    }

    fn word_index(&self, pc: usize, addr: u32) -> Result<usize, MachineError> {
        let i = (addr / 4) as usize;
        if !addr.is_multiple_of(4) || i >= self.mem.len() {
            return Err(MachineError::BadAddress { pc, addr });
        }
        Ok(i)
    }

    /// Reads the word at byte address `addr`.
    pub fn load(&self, addr: u32) -> Result<u32, MachineError> {
        Ok(self.mem[self.word_index(usize::MAX, addr)?])
    }

    /// Writes consecutive words starting at byte address `addr`.
    pub fn store_words(&mut self, addr: u32, words: &[u32]) -> Result<(), MachineError> {
        for (k, &w) in words.iter().enumerate() {
            let i = self.word_index(usize::MAX, addr + 4 * k as u32)?;
            self.mem[i] = w;
        }
        Ok(())
    }

    /// Reads `n` consecutive words starting at byte address `addr`.
    pub fn load_words(&self, addr: u32, n: usize) -> Result<Vec<u32>, MachineError> {
        (0..n).map(|k| self.load(addr + 4 * k as u32)).collect()
    }

    fn reg(&self, pc: usize, r: Reg) -> Result<u32, MachineError> {
        if r.0 >= 32 {
            return Err(MachineError::BadRegister { pc, reg: r.0 });
        }
        Ok(self.regs[r.0 as usize])
    }

    fn set_reg(&mut self, pc: usize, r: Reg, v: u32) -> Result<(), MachineError> {
        if r.0 >= 32 {
            return Err(MachineError::BadRegister { pc, reg: r.0 });
        }
        if r.0 != 0 {
            self.regs[r.0 as usize] = v;
        }
        Ok(())
    }

    fn op2(&self, pc: usize, o: Op2) -> Result<u32, MachineError> {
        match o {
            Op2::R(r) => self.reg(pc, r),
            Op2::I(v) => simm13(pc, v),
        }
    }

    fn cond(&self, c: Cond) -> bool {
        match c {
            Cond::A => true,
            Cond::E => self.z,
            Cond::Ne => !self.z,
            Cond::Cs => self.c,
            Cond::Cc => !self.c,
            Cond::Neg => self.n,
            Cond::Pos => !self.n,
            Cond::Gu => !(self.c || self.z),
            Cond::Leu => self.c || self.z,
        }
    }

    fn alu(&mut self, pc: usize, op: AluOp, a: u32, b: u32) -> Result<u32, MachineError> {
        let _ = pc;
        let cin = self.c as u32;
        let (r, set) = match op {
            AluOp::Add | AluOp::AddCc | AluOp::AddX | AluOp::AddXCc => {
                let ci = if matches!(op, AluOp::AddX | AluOp::AddXCc) {
                    cin
                } else {
                    0
                };
                let wide = a as u64 + b as u64 + ci as u64;
                let r = wide as u32;
                let set = matches!(op, AluOp::AddCc | AluOp::AddXCc);
                if set {
                    self.c = wide >> 32 != 0;
                    self.v = ((a ^ r) & (b ^ r)) >> 31 != 0;
                }
                (r, set)
            }
            AluOp::Sub | AluOp::SubCc | AluOp::SubX | AluOp::SubXCc => {
                let bi = if matches!(op, AluOp::SubX | AluOp::SubXCc) {
                    cin
                } else {
                    0
                };
                let wide = (a as u64).wrapping_sub(b as u64).wrapping_sub(bi as u64);
                let r = wide as u32;
                let set = matches!(op, AluOp::SubCc | AluOp::SubXCc);
                if set {
                    self.c = (b as u64 + bi as u64) > a as u64;
                    self.v = ((a ^ b) & (a ^ r)) >> 31 != 0;
                }
                (r, set)
            }
            AluOp::And => (a & b, false),
            AluOp::AndCc => {
                self.c = false;
                self.v = false;
                (a & b, true)
            }
            AluOp::AndN => (a & !b, false),
            AluOp::Or => (a | b, false),
            AluOp::OrN => (a | !b, false),
            AluOp::Xor => (a ^ b, false),
            AluOp::Xnor => (!(a ^ b), false),
            AluOp::Sll => (a << (b & 31), false),
            AluOp::Srl => (a >> (b & 31), false),
            AluOp::Sra => (((a as i32) >> (b & 31)) as u32, false),
        };
        if set {
            self.n = r >> 31 != 0;
            self.z = r == 0;
        }
        Ok(r)
    }

    /// Runs `prog` from instruction 0 until `retl` and its delay slot complete.
    pub fn run(&mut self, prog: &[Insn]) -> Result<RunStats, MachineError> {
        let mut st = RunStats::default();
        let (mut pc, mut npc) = (0usize, 1usize);
        let mut cycle: u64 = 0;
        let mut mac_free: u64 = 0;
        let mut loaded: Option<Reg> = None;
        let mut annul_next = false;
        let mut returning = false;
        let l = self.latency;
        loop {
            if returning && pc == usize::MAX {
                st.cycles = cycle;
                return Ok(st);
            }
            let insn = *prog.get(pc).ok_or(MachineError::BadPc { pc })?;
            if annul_next {
                // Rule 4: an annulled delay slot is a 1-cycle bubble.
                annul_next = false;
                cycle += 1;
                loaded = None;
                pc = npc;
                npc = npc.wrapping_add(1);
                continue;
            }
            st.instructions += 1;
            if st.instructions > self.step_limit {
                return Err(MachineError::StepLimit {
                    limit: self.step_limit,
                });
            }
            let reads = reads_of(&insn);
            let mut start = cycle;
            if let Some(r) = loaded {
                if r.0 != 0 && reads.contains(&Some(r)) {
                    start += 1;
                    st.load_stalls += 1;
                }
            }
            let uses_mac = matches!(
                insn,
                Insn::Umul { .. }
                    | Insn::Rdy { .. }
                    | Insn::RdAsr18 { .. }
                    | Insn::Wry { .. }
                    | Insn::Umac { .. }
                    | Insn::Umac2 { .. }
                    | Insn::Shacr { .. }
                    | Insn::Gf2mac { .. }
                    | Insn::Gf3mac { .. }
            );
            if uses_mac && mac_free > start {
                st.mac_stalls += mac_free - start;
                start = mac_free;
            }
            loaded = None;
            let next_pc = npc;
            let mut next_npc = npc.wrapping_add(1);
            let cost = match insn {
                Insn::Alu { op, rd, rs1, op2 } => {
                    let a = self.reg(pc, rs1)?;
                    let b = self.op2(pc, op2)?;
                    let r = self.alu(pc, op, a, b)?;
                    self.set_reg(pc, rd, r)?;
                    1
                }
                Insn::Sethi { rd, imm22 } => {
                    self.set_reg(pc, rd, (imm22 & 0x3f_ffff) << 10)?;
                    1
                }
                Insn::Ld { rd, rs1, op2 } => {
                    let addr = self.reg(pc, rs1)?.wrapping_add(self.op2(pc, op2)?);
                    let v = self.mem[self.word_index(pc, addr)?];
                    self.set_reg(pc, rd, v)?;
                    loaded = Some(rd);
                    1
                }
                Insn::St { rs, rs1, op2 } => {
                    let addr = self.reg(pc, rs1)?.wrapping_add(self.op2(pc, op2)?);
                    let i = self.word_index(pc, addr)?;
                    self.mem[i] = self.reg(pc, rs)?;
                    2
                }
                Insn::Umul { rd, rs1, op2 } => {
                    let p = self.reg(pc, rs1)? as u64 * self.op2(pc, op2)? as u64;
                    self.set_reg(pc, rd, p as u32)?;
                    self.y = (p >> 32) as u32;
                    mac_free = start + l;
                    l
                }
                Insn::Rdy { rd } => {
                    self.set_reg(pc, rd, self.y)?;
                    1
                }
                Insn::RdAsr18 { rd } => {
                    self.set_reg(pc, rd, self.asr18)?;
                    1
                }
                Insn::Wry { rs1 } => {
                    self.y = self.reg(pc, rs1)?;
                    1
                }
                Insn::Bicc {
                    cond,
                    annul,
                    target,
                } => {
                    let taken = self.cond(cond);
                    if taken {
                        next_npc = target;
                    }
                    if annul && (!taken || cond == Cond::A) {
                        annul_next = true;
                    }
                    1
                }
                Insn::Retl => {
                    next_npc = usize::MAX;
                    returning = true;
                    3
                }
                Insn::Umac { rs1, rs2 } | Insn::Umac2 { rs1, rs2 } => {
                    let p = self.reg(pc, rs1)? as u128 * self.reg(pc, rs2)? as u128;
                    let p = if matches!(insn, Insn::Umac2 { .. }) {
                        2 * p
                    } else {
                        p
                    };
                    self.set_accu(self.accu() + p);
                    mac_free = start + l;
                    1
                }
                Insn::Gf2mac { rs1, rs2 } => {
                    let p = clmul32(self.reg(pc, rs1)?, self.reg(pc, rs2)?);
                    self.set_accu(self.accu() ^ p as u128);
                    mac_free = start + l;
                    1
                }
                Insn::Gf3mac { rs1, rs2 } => {
                    let p = gf3_packed_mul(self.reg(pc, rs1)?, self.reg(pc, rs2)?);
                    let acc = self.accu();
                    let low = gf3_packed_add64(acc as u64, p);
                    self.set_accu((acc >> 64) << 64 | low as u128);
                    mac_free = start + l;
                    1
                }
                Insn::Shacr { rd } => {
                    let acc = self.accu();
                    self.set_reg(pc, rd, acc as u32)?;
                    self.set_accu(acc >> 32);
                    1
                }
            };
            cycle = start + cost;
            if returning && next_pc == usize::MAX {
                // The delay slot of retl has completed.
                st.cycles = cycle;
                return Ok(st);
            }
            pc = next_pc;
            npc = next_npc;
        }
    }
}

/// The registers an instruction reads (for the load-use interlock of rule 2).
fn reads_of(i: &Insn) -> [Option<Reg>; 3] {
    let o = |op2: &Op2| match op2 {
        Op2::R(r) => Some(*r),
        Op2::I(_) => None,
    };
    match i {
        Insn::Alu { rs1, op2, .. } | Insn::Ld { rs1, op2, .. } | Insn::Umul { rs1, op2, .. } => {
            [Some(*rs1), o(op2), None]
        }
        Insn::St { rs, rs1, op2 } => [Some(*rs), Some(*rs1), o(op2)],
        Insn::Wry { rs1 } => [Some(*rs1), None, None],
        Insn::Umac { rs1, rs2 }
        | Insn::Umac2 { rs1, rs2 }
        | Insn::Gf2mac { rs1, rs2 }
        | Insn::Gf3mac { rs1, rs2 } => [Some(*rs1), Some(*rs2), None],
        Insn::Sethi { .. }
        | Insn::Rdy { .. }
        | Insn::RdAsr18 { .. }
        | Insn::Bicc { .. }
        | Insn::Retl
        | Insn::Shacr { .. } => [None, None, None],
    }
}
