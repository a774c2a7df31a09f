//! F_p routines: Montgomery multiplication and squaring by product scanning (the FIPS method of
//! Koç, Acar and Kaliski 1996: the products a_j b_{i-j} and m_j n_{i-j} of one column summed in a
//! three-word accumulator), natively with `umul`/`rd %y`/`addcc` and with the ISE
//! (`umac`, `umac2`, `shacr`); modular addition. t = number of 32-bit words, R = 2^(32t).
//!
//! On the ISE, `umul` (for m_i = s_0 n0' mod 2^32) runs on the MAC unit and writes %y, the
//! middle word of the accumulator, so the routine saves %y around it (`rd %y`, `wr %y`).
//!
//! Memory: a at `r9`, b at `r10`, n at `r11` followed by n0' = -n^-1 mod 2^32, the result at
//! `r8`, the words m_i of the Montgomery quotient in the scratch area `r12`.
//!
//! The column loop (over i) is unrolled by the generator; the inner loop over j is a counted
//! loop with its decrement in the branch's delay slot, as compiled C with an inline MAC macro
//! would run it (the paper's library: C with assembler macros, Section 6).

use crate::asm::{imm, r, Asm, AsmError};
use crate::harness::{R_A, R_B, R_N, R_RES, R_SCR};
use crate::machine::{Cond, Insn};

// Registers of the routines.
const PA: u8 = 1;
const PB: u8 = 2;
const PM: u8 = 3;
const PN: u8 = 4;
const CNT: u8 = 5;
const RA: u8 = 6;
const RB: u8 = 7;
const RM: u8 = 14;
const RN: u8 = 15;
const TMP: u8 = 16;
const N0P: u8 = 17;
const MI: u8 = 18;
const CARRY: u8 = 19;
const MASK: u8 = 20;
const LO: u8 = 21;
const HI: u8 = 22;
const RA2: u8 = 23;
const RB2: u8 = 24;
/// The three accumulator words of the native routines (rotated per column).
const S: [u8; 3] = [25, 26, 27];

/// Which instructions a routine may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isa {
    /// SPARC V8 only (`umul`, `rd %y`).
    Native,
    /// SPARC V8 plus the five custom instructions.
    Ise,
}

/// Adds a product to the accumulator: `umac` on the ISE, `umul; rd %y; addcc; addxcc; addx`
/// natively (`double`: the product counted twice, `umac2` on the ISE).
fn mac(a: &mut Asm, isa: Isa, x: u8, y: u8, s: &[u8; 3], double: bool) {
    match isa {
        Isa::Ise => {
            if double {
                a.umac2(x, y)
            } else {
                a.umac(x, y)
            }
        }
        Isa::Native => {
            a.umul(x, r(y), LO);
            a.rdy(HI);
            for _ in 0..if double { 2 } else { 1 } {
                a.addcc(s[0], r(LO), s[0]);
                a.addxcc(s[1], r(HI), s[1]);
                a.addx(s[2], imm(0), s[2]);
            }
        }
    }
}

/// A counted inner loop: `count` iterations, each adding x_j * y_{k-j} for one or two operand
/// pairs; pointers step up (x) and down (y) by one word.
#[allow(clippy::too_many_arguments)]
fn inner_loop(
    a: &mut Asm,
    isa: Isa,
    s: &[u8; 3],
    count: usize,
    pairs: &[(u8, i32, u8, i32)],
    double: bool,
) {
    if count == 0 {
        return;
    }
    // Pointer setup: (x base, x offset, y base, y offset) per pair.
    let ptrs = [(PA, PB, RA, RB), (PM, PN, RM, RN)];
    for (k, &(xb, xo, yb, yo)) in pairs.iter().enumerate() {
        a.add(xb, imm(xo), ptrs[k].0);
        a.add(yb, imm(yo), ptrs[k].1);
    }
    a.mov(imm(count as i32), CNT);
    let top = a.label();
    a.bind(top);
    for p in &ptrs[..pairs.len()] {
        a.ld(p.0, 0, p.2);
        a.ld(p.1, 0, p.3);
    }
    for (k, p) in ptrs[..pairs.len()].iter().enumerate() {
        mac(a, isa, p.2, p.3, s, double);
        a.add(p.0, imm(4), p.0);
        if k + 1 < pairs.len() {
            a.sub(p.1, imm(4), p.1);
        }
    }
    a.subcc(CNT, imm(1), CNT);
    a.b(Cond::Ne, top);
    // Delay slot: the last pointer decrement.
    a.sub(ptrs[pairs.len() - 1].1, imm(4), ptrs[pairs.len() - 1].1);
}

/// Shifts the accumulator one word right, storing the low word at `[R_RES + off]` (or dropping
/// it when `off` is `None`). Returns the rotated native accumulator.
fn shift_out(a: &mut Asm, isa: Isa, s: [u8; 3], off: Option<i32>) -> [u8; 3] {
    match isa {
        Isa::Ise => {
            a.shacr(TMP);
            if let Some(o) = off {
                a.st(TMP, R_RES, o);
            }
            s
        }
        Isa::Native => {
            if let Some(o) = off {
                a.st(s[0], R_RES, o);
            }
            a.mov(imm(0), s[0]);
            [s[1], s[2], s[0]]
        }
    }
}

/// After the columns: the result (t words at `r8`, plus the carry word in `CARRY`) is reduced
/// once by n when it is >= n, in constant time: the borrow of result - n decides a mask, and
/// (n & mask) is subtracted.
fn final_subtract(a: &mut Asm, t: usize, res_base: u8) {
    // Chain 1: the borrow of result - n (software-pipelined loads, no load-use stalls).
    let regs = [(RA, RB), (RA2, RB2)];
    a.ld(res_base, 0, RA);
    a.ld(R_N, 0, RB);
    for j in 0..t {
        let (x, y) = regs[j % 2];
        if j + 1 < t {
            let (x2, y2) = regs[(j + 1) % 2];
            a.ld(res_base, 4 * (j as i32 + 1), x2);
            a.ld(R_N, 4 * (j as i32 + 1), y2);
        }
        if j == 0 {
            a.subcc(x, r(y), 0);
        } else {
            a.subxcc(x, r(y), 0);
        }
    }
    // needs subtraction = carry | !borrow; mask = -(that).
    a.addx(0, imm(0), TMP);
    a.xor(TMP, imm(1), TMP);
    a.or(TMP, r(CARRY), TMP);
    a.sub(0, r(TMP), MASK);
    // Chain 2: result -= n & mask.
    for j in 0..t as i32 {
        a.ld(R_N, 4 * j, RB);
        a.ld(res_base, 4 * j, RA);
        a.and(RB, r(MASK), RB);
        if j == 0 {
            a.subcc(RA, r(RB), RA);
        } else {
            a.subxcc(RA, r(RB), RA);
        }
        a.st(RA, R_RES, 4 * j);
    }
}

/// Montgomery multiplication (or squaring) a * b / R mod n for t-word operands.
pub fn mont_mul(t: usize, isa: Isa, square: bool) -> Result<Vec<Insn>, AsmError> {
    let mut a = Asm::new();
    let mut s = S;
    a.ld(R_N, 4 * t as i32, N0P);
    for &x in &S {
        if isa == Isa::Native {
            a.mov(imm(0), x);
        }
    }
    for i in 0..2 * t - 1 {
        let ii = i as i32;
        // The a*b part of column i.
        let lo = i.saturating_sub(t - 1);
        if square {
            let pairs = i.div_ceil(2);
            let count = pairs.saturating_sub(lo);
            inner_loop(
                &mut a,
                isa,
                &s,
                count,
                &[(R_A, 4 * lo as i32, R_A, 4 * (i - lo) as i32)],
                true,
            );
            if i % 2 == 0 {
                a.ld(R_A, 2 * ii, RA);
                if i < t {
                    a.ld(R_N, 0, RN);
                }
                mac(&mut a, isa, RA, RA, &s, false);
            }
        }
        if i < t {
            // Columns 0..t: sum a_j b_{i-j} + m_j n_{i-j} for j < i, then a_i b_0, then m_i.
            let mut pairs = vec![(R_SCR, 0, R_N, 4 * ii)];
            if !square {
                pairs.insert(0, (R_A, 0, R_B, 4 * ii));
            }
            inner_loop(&mut a, isa, &s, i, &pairs, false);
            if !square {
                a.ld(R_A, 4 * ii, RA);
                a.ld(R_B, 0, RB);
                a.ld(R_N, 0, RN);
                mac(&mut a, isa, RA, RB, &s, false);
            } else if i % 2 != 0 {
                a.ld(R_N, 0, RN);
            }
            // m_i = s_0 * n0' mod 2^32.
            match isa {
                Isa::Ise => {
                    // umul writes %y, the accumulator's middle word: save and restore it.
                    a.rdasr18(TMP);
                    a.rdy(HI);
                    a.umul(TMP, r(N0P), MI);
                    a.wry(HI);
                }
                Isa::Native => a.umul(s[0], r(N0P), MI),
            }
            a.st(MI, R_SCR, 4 * ii);
            mac(&mut a, isa, MI, RN, &s, false);
            s = shift_out(&mut a, isa, s, None);
        } else {
            // Columns t..2t-1: sum over j = i-t+1 .. t-1, then the result word i - t.
            let lo = (i - t + 1) as i32;
            let top = 4 * (t as i32 - 1);
            let mut pairs = vec![(R_SCR, 4 * lo, R_N, top)];
            if !square {
                pairs.insert(0, (R_A, 4 * lo, R_B, top));
            }
            inner_loop(&mut a, isa, &s, 2 * t - 1 - i, &pairs, false);
            s = shift_out(&mut a, isa, s, Some(4 * (ii - t as i32)));
        }
    }
    // Column 2t-1 has no products: the last result word and the carry.
    s = shift_out(&mut a, isa, s, Some(4 * (t as i32 - 1)));
    match isa {
        Isa::Ise => a.shacr(CARRY),
        Isa::Native => a.mov(r(s[0]), CARRY),
    }
    final_subtract(&mut a, t, R_RES);
    a.retl();
    a.nop();
    a.finish()
}

/// Modular addition a + b mod n (a, b < n).
pub fn add(t: usize) -> Result<Vec<Insn>, AsmError> {
    let mut a = Asm::new();
    let regs = [(RA, RB), (RA2, RB2)];
    a.ld(R_A, 0, RA);
    a.ld(R_B, 0, RB);
    for j in 0..t {
        let (x, y) = regs[j % 2];
        if j + 1 < t {
            let (x2, y2) = regs[(j + 1) % 2];
            a.ld(R_A, 4 * (j as i32 + 1), x2);
            a.ld(R_B, 4 * (j as i32 + 1), y2);
        }
        if j == 0 {
            a.addcc(x, r(y), x);
        } else {
            a.addxcc(x, r(y), x);
        }
        a.st(x, R_RES, 4 * j as i32);
    }
    a.addx(0, imm(0), CARRY);
    final_subtract(&mut a, t, R_RES);
    a.retl();
    a.nop();
    a.finish()
}
