//! F_2^m routines on 32-bit words, t = ceil(m/32), modulo x^m + sum x^e + 1 (the pentanomials
//! and trinomials of tripair-smallchar).
//!
//! - Native multiplication: the right-to-left comb (Hankerson-Menezes-Vanstone, Guide to ECC,
//!   Algorithm 2.34): for each bit k of every word of a, add b * x^k to the result when the bit is
//!   set, shifting b one bit per k. Variable time (a branch per bit of a), as the textbook method.
//! - ISE multiplication: product scanning with `gf2mac` (the paper, Section 3.2: "two elements of
//!   F_2^m can be multiplied in a similar way as shown in Algorithm 1").
//! - Native squaring: a 256-entry table spreading a byte to 16 bits (Guide to ECC, Section 2.3.4);
//!   ISE squaring: `gf2mac a_j, a_j` per word.
//! - Reduction (both): word-wise folding of the high words from the top (Guide to ECC, Algorithm
//!   2.40 for general trinomials and pentanomials).
//! - Addition: word-wise XOR.
//!
//! Memory: a at `r9`, b at `r10`, the result at `r8`; result words at index >= t live in the
//! scratch area `r12` at the same word offset, the shifted copy of b after them; the squaring
//! table at `r13`.

use crate::asm::{imm, r, Asm, AsmError};
use crate::harness::{R_A, R_B, R_RES, R_SCR, R_TAB};
use crate::machine::{Cond, Insn};

const X: u8 = 1;
const Y: u8 = 2;
const T: u8 = 3;
const TMP: u8 = 4;
const MK: u8 = 5;
const CNT: u8 = 6;
const PA: u8 = 7;
const PB: u8 = 14;
const C0: u8 = 15;
const C1: u8 = 16;
const I: [u8; 4] = [17, 18, 19, 20];
const SQ: [u8; 4] = [21, 22, 23, 24];

/// Number of 32-bit words of an element.
pub fn words(m: usize) -> usize {
    m.div_ceil(32)
}

/// Where word `w` of a double-length value lives: result words at `r8`, the rest in scratch.
pub(crate) fn loc(t: usize, w: usize) -> (u8, i32) {
    if w < t {
        (R_RES, 4 * w as i32)
    } else {
        (R_SCR, 4 * w as i32)
    }
}

/// The exponents e of the modulus below m (its middle terms and 0).
fn low_exps(terms: &[usize]) -> Vec<usize> {
    let mut e = terms.to_vec();
    e.push(0);
    e
}

/// XORs `T << d` (as 32-bit word contributions) into the double-length value, grouping the
/// contributions per target word: one load and one store per target word.
fn fold_word(a: &mut Asm, t: usize, shifts: &[usize]) {
    let mut targets: Vec<(usize, Vec<(bool, u32)>)> = Vec::new();
    let mut push = |w: usize, left: bool, sh: u32| match targets.iter_mut().find(|x| x.0 == w) {
        Some(x) => x.1.push((left, sh)),
        None => targets.push((w, vec![(left, sh)])),
    };
    for &d in shifts {
        let (q, rr) = (d / 32, (d % 32) as u32);
        push(q, true, rr);
        if rr != 0 {
            push(q + 1, false, 32 - rr);
        }
    }
    for (w, parts) in targets {
        let (base, off) = loc(t, w);
        a.ld(base, off, X);
        for (left, sh) in parts {
            if sh == 0 {
                a.xor(X, r(T), X);
            } else {
                if left {
                    a.sll(T, imm(sh as i32), TMP);
                } else {
                    a.srl(T, imm(sh as i32), TMP);
                }
                a.xor(X, r(TMP), X);
            }
        }
        a.st(X, base, off);
    }
}

/// Reduces the double-length value of `nwords` words (see [`loc`]) modulo the pentanomial; the
/// result lands in words 0..t at `r8`.
fn reduce(a: &mut Asm, m: usize, terms: &[usize], nwords: usize) {
    let t = words(m);
    let exps = low_exps(terms);
    // Full high words, from the top: every bit is >= m, folded to positions d = 32i - m + e.
    for i in (t..nwords).rev() {
        let (base, off) = loc(t, i);
        a.ld(base, off, T);
        let shifts: Vec<usize> = exps.iter().map(|&e| 32 * i - m + e).collect();
        fold_word(a, t, &shifts);
    }
    // The partial word t-1: its bits above m fold to positions e.
    let s0 = m % 32;
    if s0 != 0 {
        let (base, off) = loc(t, t - 1);
        a.ld(base, off, X);
        a.srl(X, imm(s0 as i32), T);
        a.sll(X, imm(32 - s0 as i32), X);
        a.srl(X, imm(32 - s0 as i32), X);
        a.st(X, base, off);
        fold_word(a, t, &exps);
    }
}

/// Words of the unreduced product of two elements (degree <= 2m - 2).
fn product_words(m: usize) -> usize {
    (2 * m - 2) / 32 + 1
}

/// Product scanning of two t-word polynomials with a MAC instruction (`gf2mac` or `gf3mac`):
/// the `nw` words of the product land at [`loc`].
pub(crate) fn comba_poly(a: &mut Asm, t: usize, nw: usize, mac: fn(&mut Asm, u8, u8)) {
    for i in 0..nw.min(2 * t - 1) {
        let lo = i.saturating_sub(t - 1);
        let hi = i.min(t - 1);
        a.add(R_A, imm(4 * lo as i32), PA);
        a.add(R_B, imm(4 * (i - lo) as i32), PB);
        a.mov(imm((hi - lo + 1) as i32), CNT);
        let top = a.label();
        a.bind(top);
        a.ld(PA, 0, X);
        a.ld(PB, 0, Y);
        a.add(PA, imm(4), PA);
        mac(a, X, Y);
        a.subcc(CNT, imm(1), CNT);
        a.b(Cond::Ne, top);
        a.sub(PB, imm(4), PB);
        a.shacr(TMP);
        let (base, off) = loc(t, i);
        a.st(TMP, base, off);
    }
    if nw == 2 * t {
        a.shacr(TMP);
        let (base, off) = loc(t, 2 * t - 1);
        a.st(TMP, base, off);
    }
}

/// ISE multiplication: product scanning with `gf2mac`, then reduction.
pub fn mul_ise(m: usize, terms: &[usize]) -> Result<Vec<Insn>, AsmError> {
    let t = words(m);
    let nw = product_words(m);
    let mut a = Asm::new();
    comba_poly(&mut a, t, nw, Asm::gf2mac);
    reduce(&mut a, m, terms, nw);
    a.retl();
    a.nop();
    a.finish()
}

/// Native multiplication: the right-to-left comb (variable time), then reduction.
pub fn mul_native_vartime(m: usize, terms: &[usize]) -> Result<Vec<Insn>, AsmError> {
    let t = words(m);
    let mut a = Asm::new();
    // The accumulated product, 2t words, starts at zero.
    for w in 0..2 * t {
        let (base, off) = loc(t, w);
        a.st(0, base, off);
    }
    // The shifted copy of b (t + 1 words) after the product in scratch.
    let bb = 4 * (2 * t as i32 + 1);
    for w in 0..t as i32 {
        a.ld(R_B, 4 * w, X);
        a.st(X, R_SCR, bb + 4 * w);
    }
    a.st(0, R_SCR, bb + 4 * t as i32);
    for k in 0..32usize {
        a.set(1u32 << k, MK);
        for j in 0..t {
            if 32 * j + k >= m {
                continue;
            }
            let skip = a.label();
            a.ld(R_A, 4 * j as i32, X);
            a.andcc(X, r(MK), 0);
            a.b(Cond::E, skip);
            a.nop();
            for w in 0..=t {
                let (base, off) = loc(t, j + w);
                a.ld(R_SCR, bb + 4 * w as i32, Y);
                a.ld(base, off, X);
                a.xor(X, r(Y), X);
                a.st(X, base, off);
            }
            a.bind(skip);
        }
        if k < 31 {
            // b <<= 1 over t + 1 words, carrying the top bit of each word into the next.
            let carry = [C0, C1];
            for w in 0..=t {
                let (cin, cout) = (carry[w % 2], carry[(w + 1) % 2]);
                a.ld(R_SCR, bb + 4 * w as i32, X);
                a.srl(X, imm(31), cout);
                a.sll(X, imm(1), X);
                if w > 0 {
                    a.or(X, r(cin), X);
                }
                a.st(X, R_SCR, bb + 4 * w as i32);
            }
        }
    }
    reduce(&mut a, m, terms, 2 * t);
    a.retl();
    a.nop();
    a.finish()
}

/// The table of the native squaring: byte -> its bits spread to the even positions of 16 bits.
pub fn square_table() -> Vec<u32> {
    (0..256u32)
        .map(|b| (0..8).fold(0, |s, i| s | ((b >> i) & 1) << (2 * i)))
        .collect()
}

/// Squaring: the spread of every word by table lookups (native) or `gf2mac a_j, a_j` (ISE),
/// then reduction.
pub fn square(m: usize, terms: &[usize], ise: bool) -> Result<Vec<Insn>, AsmError> {
    let t = words(m);
    let nw = product_words(m);
    let mut a = Asm::new();
    for j in 0..t {
        let (b0, o0) = loc(t, 2 * j);
        let (b1, o1) = loc(t, 2 * j + 1);
        a.ld(R_A, 4 * j as i32, X);
        if ise {
            a.gf2mac(X, X);
            a.shacr(TMP);
            a.st(TMP, b0, o0);
            a.shacr(TMP);
            if 2 * j + 1 < nw {
                a.st(TMP, b1, o1);
            }
        } else {
            // Byte indices times 4 (table of words).
            a.sll(X, imm(2), I[0]);
            a.srl(X, imm(6), I[1]);
            a.srl(X, imm(14), I[2]);
            a.srl(X, imm(22), I[3]);
            for &ix in &I {
                a.and(ix, imm(0x3fc), ix);
            }
            for k in 0..4 {
                a.ldr(R_TAB, I[k], SQ[k]);
            }
            a.sll(SQ[1], imm(16), SQ[1]);
            a.or(SQ[0], r(SQ[1]), SQ[0]);
            a.st(SQ[0], b0, o0);
            if 2 * j + 1 < nw {
                a.sll(SQ[3], imm(16), SQ[3]);
                a.or(SQ[2], r(SQ[3]), SQ[2]);
                a.st(SQ[2], b1, o1);
            }
        }
    }
    reduce(&mut a, m, terms, nw);
    a.retl();
    a.nop();
    a.finish()
}

/// Addition: word-wise XOR (the same code on both instruction sets).
pub fn add(m: usize) -> Result<Vec<Insn>, AsmError> {
    let t = words(m);
    let mut a = Asm::new();
    let regs = [(X, Y), (T, TMP)];
    a.ld(R_A, 0, X);
    a.ld(R_B, 0, Y);
    for j in 0..t {
        let (x, y) = regs[j % 2];
        if j + 1 < t {
            let (x2, y2) = regs[(j + 1) % 2];
            a.ld(R_A, 4 * (j as i32 + 1), x2);
            a.ld(R_B, 4 * (j as i32 + 1), y2);
        }
        a.xor(x, r(y), x);
        a.st(x, R_RES, 4 * j as i32);
    }
    a.retl();
    a.nop();
    a.finish()
}
