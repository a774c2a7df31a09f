//! F_3^m routines modulo x^m + A x^k + C (the trinomials of tripair-smallchar), in two
//! representations:
//!
//! - Native: bit-sliced, 32 coefficients per word pair (Harrison-Page-Smart 2002; the paper's
//!   reference library, Section 6), t3 = ceil(m/32) words per vector, coefficient encoding
//!   0 -> (hi 0, lo 0), 1 -> (0, 1), 2 -> (1, 1), whose addition takes 6 logical operations
//!   (docs/notes: small-characteristic.md). The lo vector comes first, the hi vector after it
//!   (`t3` words further). Multiplication: the right-to-left comb with masks (constant time): for
//!   each coefficient of a, b * x^k is masked by "coefficient != 0", negated under the mask
//!   "coefficient = 2", and added. Cubing: a table spreading a byte to every third bit.
//! - ISE: 2 bits per coefficient, 16 per word (the paper, Section 3: t = ceil(2m/w)), the layout
//!   `gf3mac` works on. Multiplication: product scanning with `gf3mac`; additions and the
//!   reduction also run on the MAC (`gf3mac x, 1` adds x to the accumulator modulo 3 per
//!   coefficient, `gf3mac T, c*x^r` adds a shifted multiple of T); cubing by a table spreading a
//!   byte (4 coefficients) to 24 bits.
//!
//! Reductions fold the high words from the top (each coefficient at p >= m is subtracted A times
//! at p - m + k and C times at p - m), as in the binary case.

use crate::asm::{imm, r, Asm, AsmError};
use crate::gf2::{comba_poly, loc};
use crate::harness::{R_A, R_B, R_RES, R_SCR, R_TAB};
use crate::machine::Insn;

const X: u8 = 1;
const Y: u8 = 2;
const T: u8 = 3;
const TMP: u8 = 4;
const ONE: u8 = 5;
const XR: u8 = 6;
const TH: u8 = 7;
const TL: u8 = 14;
const CH: u8 = 15;
const CL: u8 = 16;
const MZ: u8 = 17;
const MN: u8 = 18;
const BH: u8 = 19;
const BL: u8 = 20;
const T0: u8 = 21;
const T1: u8 = 22;
const I: [u8; 4] = [23, 24, 25, 26];
const SP: [u8; 4] = [27, 28, 29, 30];
const CARRY: [u8; 2] = [31, 23];

/// The modulus x^m + a x^k + c.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trinomial {
    /// Degree.
    pub m: usize,
    /// Middle exponent.
    pub k: usize,
    /// Middle coefficient (1 or 2).
    pub a: u8,
    /// Constant (1 or 2).
    pub c: u8,
}

impl Trinomial {
    /// (shift from p - m, coefficient to add) of the two fold terms: -c at 0, -a at k.
    fn folds(&self) -> [(usize, u8); 2] {
        [(0, (3 - self.c) % 3), (self.k, (3 - self.a) % 3)]
    }
}

/// Words per vector of the bit-sliced representation.
pub fn words_sliced(m: usize) -> usize {
    m.div_ceil(32)
}

/// Words of the packed representation (2 bits per coefficient).
pub fn words_packed(m: usize) -> usize {
    m.div_ceil(16)
}

// ---------------------------------------------------------------------------------------------
// Bit-sliced (native).

/// Where word `w` of vector `hi` of a bit-sliced multi-length value lives: words below t3 at the
/// result (`lo` at w, `hi` at t3 + w), the others in scratch (`lo` at w, `hi` at 64 + w).
fn sloc(t3: usize, hi: bool, w: usize) -> (u8, i32) {
    if w < t3 {
        (R_RES, 4 * (w + if hi { t3 } else { 0 }) as i32)
    } else {
        (R_SCR, 4 * (w + if hi { 64 } else { 0 }) as i32)
    }
}

/// (CH, CL) += (BH, BL) in 6 logical operations (encoding in the module comment).
fn add6(a: &mut Asm) {
    a.xor(CH, r(BL), T0);
    a.xor(CL, r(BH), T1);
    a.xor(CH, r(T1), CH);
    a.xor(CL, r(BL), CL);
    a.or(CH, r(CL), CL);
    a.and(T0, r(T1), CH);
}

/// One contribution to a target word: (shift left?, shift amount, negate?).
type Contribution = (bool, u32, bool);

/// Adds (TH, TL) * x^d (already negated as needed) into the bit-sliced value, per target word.
fn fold_sliced(a: &mut Asm, t3: usize, terms: &[(usize, bool)]) {
    // Per target word, the contributions (shift left or right by sh, negate?).
    let mut targets: Vec<(usize, Vec<Contribution>)> = Vec::new();
    let mut push = |w: usize, c: (bool, u32, bool)| match targets.iter_mut().find(|x| x.0 == w) {
        Some(x) => x.1.push(c),
        None => targets.push((w, vec![c])),
    };
    for &(d, neg) in terms {
        let (q, rr) = (d / 32, (d % 32) as u32);
        push(q, (true, rr, neg));
        if rr != 0 {
            push(q + 1, (false, 32 - rr, neg));
        }
    }
    for (w, parts) in targets {
        let (bh, oh) = sloc(t3, true, w);
        let (bl, ol) = sloc(t3, false, w);
        a.ld(bh, oh, CH);
        a.ld(bl, ol, CL);
        for (left, sh, neg) in parts {
            let op = |a: &mut Asm, src: u8, dst: u8| {
                if sh == 0 {
                    a.mov(r(src), dst);
                } else if left {
                    a.sll(src, imm(sh as i32), dst);
                } else {
                    a.srl(src, imm(sh as i32), dst);
                }
            };
            op(a, TL, BL);
            op(a, TH, BH);
            if neg {
                a.xor(BH, r(BL), BH);
            }
            add6(a);
        }
        a.st(CH, bh, oh);
        a.st(CL, bl, ol);
    }
}

/// Reduces a bit-sliced value of `nw` words per vector modulo `f`.
fn reduce_sliced(a: &mut Asm, f: Trinomial, nw: usize) {
    let t3 = words_sliced(f.m);
    let terms = |base: usize| -> Vec<(usize, bool)> {
        f.folds()
            .iter()
            .map(|&(e, coef)| (base + e, coef == 2))
            .collect()
    };
    for i in (t3..nw).rev() {
        let (bh, oh) = sloc(t3, true, i);
        let (bl, ol) = sloc(t3, false, i);
        a.ld(bh, oh, TH);
        a.ld(bl, ol, TL);
        fold_sliced(a, t3, &terms(32 * i - f.m));
    }
    let s0 = f.m % 32;
    if s0 != 0 {
        for (hi, dst) in [(true, TH), (false, TL)] {
            let (b, o) = sloc(t3, hi, t3 - 1);
            a.ld(b, o, X);
            a.srl(X, imm(s0 as i32), dst);
            a.sll(X, imm(32 - s0 as i32), X);
            a.srl(X, imm(32 - s0 as i32), X);
            a.st(X, b, o);
        }
        fold_sliced(a, t3, &terms(0));
    }
}

/// Native multiplication (bit-sliced comb with masks, constant time), then reduction.
pub fn mul_native(f: Trinomial) -> Result<Vec<Insn>, AsmError> {
    let t3 = words_sliced(f.m);
    let mut a = Asm::new();
    for w in 0..2 * t3 {
        for hi in [false, true] {
            let (b, o) = sloc(t3, hi, w);
            a.st(0, b, o);
        }
    }
    // The shifted copy of b: lo at scratch word 128.., hi at 160.. (t3 + 1 words each).
    let bb = |hi: bool, w: usize| 4 * (w + if hi { 160 } else { 128 }) as i32;
    for w in 0..t3 {
        for hi in [false, true] {
            a.ld(R_B, 4 * (w + if hi { t3 } else { 0 }) as i32, X);
            a.st(X, R_SCR, bb(hi, w));
        }
    }
    a.st(0, R_SCR, bb(false, t3));
    a.st(0, R_SCR, bb(true, t3));
    for k in 0..32usize {
        for j in 0..t3 {
            if 32 * j + k >= f.m {
                continue;
            }
            // Masks: "coefficient != 0" from the lo bit, "coefficient = 2" from the hi bit.
            a.ld(R_A, 4 * j as i32, X);
            a.ld(R_A, 4 * (t3 + j) as i32, Y);
            a.srl(X, imm(k as i32), MZ);
            a.srl(Y, imm(k as i32), MN);
            a.and(MZ, imm(1), MZ);
            a.and(MN, imm(1), MN);
            a.sub(0, r(MZ), MZ);
            a.sub(0, r(MN), MN);
            for w in 0..=t3 {
                let (bh, oh) = sloc(t3, true, j + w);
                let (bl, ol) = sloc(t3, false, j + w);
                a.ld(R_SCR, bb(false, w), BL);
                a.ld(R_SCR, bb(true, w), BH);
                a.and(BL, r(MZ), BL);
                a.and(BH, r(MZ), BH);
                a.and(BL, r(MN), TMP);
                a.xor(BH, r(TMP), BH);
                a.ld(bh, oh, CH);
                a.ld(bl, ol, CL);
                add6(&mut a);
                a.st(CH, bh, oh);
                a.st(CL, bl, ol);
            }
        }
        if k < 31 {
            for hi in [false, true] {
                for w in 0..=t3 {
                    let (cin, cout) = (CARRY[w % 2], CARRY[(w + 1) % 2]);
                    a.ld(R_SCR, bb(hi, w), X);
                    a.srl(X, imm(31), cout);
                    a.sll(X, imm(1), X);
                    if w > 0 {
                        a.or(X, r(cin), X);
                    }
                    a.st(X, R_SCR, bb(hi, w));
                }
            }
        }
    }
    reduce_sliced(&mut a, f, 2 * t3);
    a.retl();
    a.nop();
    a.finish()
}

/// The cubing table of the bit-sliced representation: bit i of a byte -> bit 3i.
pub fn cube_table_sliced() -> Vec<u32> {
    (0..256u32)
        .map(|b| (0..8).fold(0, |s, i| s | ((b >> i) & 1) << (3 * i)))
        .collect()
}

/// The cubing table of the packed representation: coefficient i of a byte (bits 2i, 2i+1) ->
/// coefficient 3i (bits 6i, 6i+1).
pub fn cube_table_packed() -> Vec<u32> {
    (0..256u32)
        .map(|b| (0..4).fold(0, |s, i| s | ((b >> (2 * i)) & 3) << (6 * i)))
        .collect()
}

/// Spreads the word in `X` by 4 table lookups (24 bits per byte) into three words stored at
/// `dst(0..3)` (only those below `limit`).
fn spread_word(a: &mut Asm, dst: impl Fn(usize) -> (u8, i32), limit: usize) {
    a.sll(X, imm(2), I[0]);
    a.srl(X, imm(6), I[1]);
    a.srl(X, imm(14), I[2]);
    a.srl(X, imm(22), I[3]);
    for &ix in &I {
        a.and(ix, imm(0x3fc), ix);
    }
    for k in 0..4 {
        a.ldr(R_TAB, I[k], SP[k]);
    }
    // w0 = s0 | s1 << 24; w1 = s1 >> 8 | s2 << 16; w2 = s2 >> 16 | s3 << 8.
    let parts = [
        (SP[0], 0, SP[1], 24),
        (SP[1], 8, SP[2], 16),
        (SP[2], 16, SP[3], 8),
    ];
    for (n, &(lo, rs, hi, ls)) in parts.iter().enumerate() {
        if n >= limit {
            break;
        }
        if rs != 0 {
            a.srl(lo, imm(rs), TMP);
        } else {
            a.mov(r(lo), TMP);
        }
        a.sll(hi, imm(ls), Y);
        a.or(TMP, r(Y), TMP);
        let (b, o) = dst(n);
        a.st(TMP, b, o);
    }
}

/// Native cubing (bit-sliced, table of 256 words at `r13` from [`cube_table_sliced`]).
pub fn cube_native(f: Trinomial) -> Result<Vec<Insn>, AsmError> {
    let t3 = words_sliced(f.m);
    let nw = (3 * f.m - 3) / 32 + 1;
    let mut a = Asm::new();
    for j in 0..t3 {
        for hi in [false, true] {
            a.ld(R_A, 4 * (j + if hi { t3 } else { 0 }) as i32, X);
            let lim = nw - 3 * j;
            spread_word(&mut a, |n| sloc(t3, hi, 3 * j + n), lim);
        }
    }
    reduce_sliced(&mut a, f, nw);
    a.retl();
    a.nop();
    a.finish()
}

/// Native addition (bit-sliced, 6 operations per word pair).
pub fn add_native(m: usize) -> Result<Vec<Insn>, AsmError> {
    let t3 = words_sliced(m);
    let mut a = Asm::new();
    for w in 0..t3 as i32 {
        let h = 4 * (t3 as i32 + w);
        a.ld(R_A, h, CH);
        a.ld(R_A, 4 * w, CL);
        a.ld(R_B, h, BH);
        a.ld(R_B, 4 * w, BL);
        add6(&mut a);
        a.st(CH, R_RES, h);
        a.st(CL, R_RES, 4 * w);
    }
    a.retl();
    a.nop();
    a.finish()
}

// ---------------------------------------------------------------------------------------------
// Packed (ISE).

/// Adds T * coef * x^d into the packed value: the MAC shifts and multiplies, the accumulator
/// carries the high half into the next word.
fn fold_packed(a: &mut Asm, tp: usize, d: usize, coef: u8) {
    let (q, rr) = (d / 16, d % 16);
    let (b0, o0) = loc(tp, q);
    a.ld(b0, o0, X);
    a.set((coef as u32) << (2 * rr), XR);
    a.gf3mac(X, ONE);
    a.gf3mac(T, XR);
    a.shacr(Y);
    a.st(Y, b0, o0);
    if rr != 0 {
        let (b1, o1) = loc(tp, q + 1);
        a.ld(b1, o1, X);
        a.gf3mac(X, ONE);
        a.shacr(Y);
        a.st(Y, b1, o1);
    }
}

/// Reduces a packed value of `nw` words modulo `f` on the MAC unit (`ONE` must hold 1).
fn reduce_packed(a: &mut Asm, f: Trinomial, nw: usize) {
    let tp = words_packed(f.m);
    for i in (tp..nw).rev() {
        let (b, o) = loc(tp, i);
        a.ld(b, o, T);
        for (e, coef) in f.folds() {
            fold_packed(a, tp, 16 * i - f.m + e, coef);
        }
    }
    let s0 = f.m % 16;
    if s0 != 0 {
        let (b, o) = loc(tp, tp - 1);
        a.ld(b, o, X);
        a.srl(X, imm(2 * s0 as i32), T);
        a.sll(X, imm(32 - 2 * s0 as i32), X);
        a.srl(X, imm(32 - 2 * s0 as i32), X);
        a.st(X, b, o);
        for (e, coef) in f.folds() {
            fold_packed(a, tp, e, coef);
        }
    }
}

/// ISE multiplication: product scanning with `gf3mac`, then reduction on the MAC.
pub fn mul_ise(f: Trinomial) -> Result<Vec<Insn>, AsmError> {
    let tp = words_packed(f.m);
    let nw = (2 * f.m - 2) / 16 + 1;
    let mut a = Asm::new();
    comba_poly(&mut a, tp, nw, Asm::gf3mac);
    a.mov(imm(1), ONE);
    reduce_packed(&mut a, f, nw);
    a.retl();
    a.nop();
    a.finish()
}

/// ISE cubing: spreading by a table (from [`cube_table_packed`] at `r13`), reduction on the MAC.
pub fn cube_ise(f: Trinomial) -> Result<Vec<Insn>, AsmError> {
    let tp = words_packed(f.m);
    let nw = (3 * f.m - 3) / 16 + 1;
    let mut a = Asm::new();
    a.mov(imm(1), ONE);
    for j in 0..tp {
        a.ld(R_A, 4 * j as i32, X);
        spread_word(&mut a, |n| loc(tp, 3 * j + n), nw - 3 * j);
    }
    reduce_packed(&mut a, f, nw);
    a.retl();
    a.nop();
    a.finish()
}

/// ISE addition: both operands accumulated on the MAC (`gf3mac x, 1`).
pub fn add_ise(m: usize) -> Result<Vec<Insn>, AsmError> {
    let tp = words_packed(m);
    let mut a = Asm::new();
    a.mov(imm(1), ONE);
    for w in 0..tp as i32 {
        a.ld(R_A, 4 * w, X);
        a.ld(R_B, 4 * w, Y);
        a.gf3mac(X, ONE);
        a.gf3mac(Y, ONE);
        a.shacr(TMP);
        a.st(TMP, R_RES, 4 * w);
    }
    a.retl();
    a.nop();
    a.finish()
}
