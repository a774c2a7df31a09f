//! Constant-time modular inversion by Pornin's optimized binary GCD ("Optimized Binary GCD for
//! Modular Inversion", ePrint 2020/972, Algorithm 2): the extended binary GCD (a odd: swap where
//! a < b, a <- a - b; then halve a), run 30 steps at a time on 64-bit approximations of a and b
//! (their low 31 bits and their top 33 bits), whose update factors are then applied to the full
//! values. For bls12-381's 381 bits that is 27 runs of 30 steps against the 1,101 constant-time
//! divsteps that Bernstein–Yang's bound asks for (this library's inverse before, on the radix-2^62
//! arithmetic of [`super::safegcd`] that the updates here still use): measured 15-19% faster on
//! bls12-381 and bn254 (examples/tower_cycles.rs, AMD Zen 3).
//!
//! The number of runs depends on the bit length of p only: the classic bound 2 len(p) - 1 on the
//! binary GCD's steps (each step shortens a or b by a bit), which Pornin's paper shows the
//! approximated steps keep (a wrong comparison of approximations leaves a difference that is small
//! and is made positive after the run), and one run beyond it. The tests compare every result with a
//! big-integer inverse, on the edges and random values of moduli of 1 to 16 limbs.

use super::limbs::ct::select;
use super::safegcd::{apply_transition, finish, setup, S62};

/// Steps per run: the update factors stay within [-2^30, 2^30], so that two of them pack into one
/// 64-bit word (low half sign-extended).
const STEPS: u32 = 30;
/// The exact low bits of each approximation (one more than the steps need).
const LOW_BITS: u32 = 31;
const LOW_MASK: u64 = (1 << LOW_BITS) - 1;

/// Leading zero bits of x, without a branch or a table (x = 0 gives 64).
#[inline(always)]
fn leading_zeros_ct(mut x: u64) -> u32 {
    let mut n = 0u64;
    for k in [32u32, 16, 8, 4, 2, 1] {
        // 1 where the top k bits of x are zero (they are below 2^32, so v - 1 wraps only for 0).
        let z = (x >> (64 - k)).wrapping_sub(1) >> 63;
        n += z * k as u64;
        x <<= z * k as u64;
    }
    n as u32 + (x >> 63 ^ 1) as u32
}

/// The approximations of a and b (Algorithm 2, lines 3-5): with n = max(len(a), len(b), 64),
/// the low 31 bits of each and bits n - 33 .. n - 1 above them. Below 2^64 they are a and b.
#[inline(always)]
fn approximations<const N: usize>(a: &[u64; N], b: &[u64; N]) -> (u64, u64) {
    // The top non-zero limb of a | b (limb 0 if none above it), and the limb below it.
    let mut w = [a[0], 0u64, b[0], 0u64, 0u64];
    for i in 1..N {
        let c = a[i] | b[i];
        let nz = ((c | c.wrapping_neg()) >> 63).wrapping_neg();
        w = select(&w, &[a[i], a[i - 1], b[i], b[i - 1], c], nz);
    }
    let [ah, al, bh, bl, top] = w;
    // Above limb 0, s = the leading zeros of that limb; in limb 0 alone, s = 0 (the whole value).
    let s = leading_zeros_ct(top) as u64 & ((top | top.wrapping_neg()) >> 63).wrapping_neg();
    let window = |h: u64, l: u64| (h << s) | ((l >> 1) >> (63 - s));
    let (wa, wb) = (window(ah, al), window(bh, bl));
    (
        (wa & !LOW_MASK) | (a[0] & LOW_MASK),
        (wb & !LOW_MASK) | (b[0] & LOW_MASK),
    )
}

/// 30 steps of the binary GCD on the approximations (Algorithm 2, lines 6-12), branch-free: the
/// update factors [f0, g0, f1, g1] with a' 2^30 = f0 a + g0 b and b' 2^30 = f1 a + g1 b, packed
/// as f + 2^32 g per row.
#[inline(always)]
fn steps(a: u64, b: u64) -> [i64; 4] {
    let (pf, pg) = packed_steps(a, b);
    let unpack = |w: u64| {
        let f = ((w << 32) as i64) >> 32;
        (f, (w as i64).wrapping_sub(f) >> 32)
    };
    let ((f0, g0), (f1, g1)) = (unpack(pf), unpack(pg));
    [f0, g0, f1, g1]
}

/// The steps with CMOV: each step's new a is a - b, b - a (where a < b) or a, chosen by two
/// conditional moves on the flags of one subtraction and of the parity test, so that the chain
/// from one step's a to the next is four instructions. With masks it was nine, and the whole
/// inverse measured no faster than the divsteps it replaced (tower_cycles, Zen 3).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn packed_steps(mut a: u64, mut b: u64) -> (u64, u64) {
    let (mut pf, mut pg) = (1u64, 1u64 << 32);
    // SAFETY: registers only (no memory access, no stack); CMOV and BT are x86-64 baseline; the
    // loop runs STEPS times whatever the values.
    unsafe {
        core::arch::asm!(
            "2:",
            "mov {u}, {b}",
            "sub {u}, {a}",
            "mov {v}, {pg}",
            "sub {v}, {pf}",
            "mov {w}, {pf}",
            "sub {w}, {pg}",
            "mov {t}, {a}",
            "sub {t}, {b}",
            // CF: a < b. Odd a: a - b or b - a, pf - pg or pg - pf, b or a, pg or pf.
            "cmovc {t}, {u}",
            "cmovc {w}, {v}",
            "mov {u}, {b}",
            "cmovc {u}, {a}",
            "mov {v}, {pg}",
            "cmovc {v}, {pf}",
            // CF: a odd.
            "bt {a}, 0",
            "cmovc {a}, {t}",
            "cmovc {b}, {u}",
            "cmovc {pf}, {w}",
            "cmovc {pg}, {v}",
            "shr {a}, 1",
            "add {pg}, {pg}",
            "dec {n:e}",
            "jnz 2b",
            a = inout(reg) a, b = inout(reg) b, pf = inout(reg) pf, pg = inout(reg) pg,
            n = inout(reg) STEPS as u64 => _,
            t = out(reg) _, u = out(reg) _, v = out(reg) _, w = out(reg) _,
            options(pure, nomem, nostack),
        );
    }
    let _ = (a, b);
    (pf, pg)
}

/// The steps with masks, for other targets.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn packed_steps(a: u64, b: u64) -> (u64, u64) {
    packed_steps_masks(a, b)
}

/// The steps with masks (the other targets' form; on x86-64 only its test against the CMOV form).
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
fn packed_steps_masks(mut a: u64, mut b: u64) -> (u64, u64) {
    use super::limbs::ct::barrier;
    let (mut pf, mut pg) = (1u64, 1u64 << 32);
    for _ in 0..STEPS {
        let odd = barrier((a & 1).wrapping_neg());
        let (d, borrow) = a.overflowing_sub(b);
        let swap = barrier((borrow as u64).wrapping_neg()) & odd;
        // a odd: a - b, or b - a with a and b swapped where a < b; the rows likewise.
        let ad = (d ^ swap).wrapping_sub(swap);
        let fd = pf.wrapping_sub(pg);
        let fd = (fd ^ swap).wrapping_sub(swap);
        [b, pg] = select(&[b, pg], &[a, pf], swap);
        [a, pf] = select(&[a, pf], &[ad, fd], odd);
        a >>= 1;
        pg <<= 1;
    }
    (pf, pg)
}

/// (f a + g b) / 2^30 on N limbs (exact: the low 30 bits vanish) and the all-ones mask where it
/// is negative (two's complement then).
#[inline(always)]
fn lincomb_shift<const N: usize>(a: &[u64; N], b: &[u64; N], f: i64, g: i64) -> ([u64; N], u64) {
    let mut t = [0u64; N];
    let mut acc: i128 = 0;
    for i in 0..N {
        acc += a[i] as i128 * f as i128 + b[i] as i128 * g as i128;
        t[i] = acc as u64;
        acc >>= 64;
    }
    let top = acc as u64;
    let mut r = [0u64; N];
    for i in 0..N {
        let next = if i + 1 < N { t[i + 1] } else { top };
        r[i] = (t[i] >> STEPS) | (next << (64 - STEPS));
    }
    (r, ((acc as i64) >> 63) as u64)
}

/// x negated where mask = !0 (two's complement), unchanged where mask = 0.
#[inline(always)]
fn negate_where<const N: usize>(x: &mut [u64; N], mask: u64) {
    let mut carry = mask & 1;
    for w in x.iter_mut() {
        let (s, c) = (*w ^ mask).overflowing_add(carry);
        *w = s;
        carry = c as u64;
    }
}

/// One run's update of a and b (Algorithm 2, lines 13-15): the new values made non-negative, and
/// the factors with the rows of the negated ones negated.
#[inline(always)]
fn update_ab<const N: usize>(a: &mut [u64; N], b: &mut [u64; N], t: [i64; 4]) -> [i64; 4] {
    let [f0, g0, f1, g1] = t;
    let (mut na, sa) = lincomb_shift(a, b, f0, g0);
    let (mut nb, sb) = lincomb_shift(a, b, f1, g1);
    negate_where(&mut na, sa);
    negate_where(&mut nb, sb);
    (*a, *b) = (na, nb);
    let (sa, sb) = (sa as i64, sb as i64);
    [
        (f0 ^ sa) - sa,
        (g0 ^ sa) - sa,
        (f1 ^ sb) - sb,
        (g1 ^ sb) - sb,
    ]
}

/// The product of two runs' factors (the second applied after the first), times `scale`: rows
/// of absolute sum at most 2^60 scale.
#[inline(always)]
fn combine(second: [i64; 4], first: [i64; 4], scale: i64) -> [i64; 4] {
    let [a0, b0, a1, b1] = second;
    let [c0, d0, c1, d1] = first;
    [
        (a0 * c0 + b0 * c1) * scale,
        (a0 * d0 + b0 * d1) * scale,
        (a1 * c0 + b1 * c1) * scale,
        (a1 * d0 + b1 * d1) * scale,
    ]
}

/// The number of runs for a modulus of `bits` bits: the binary GCD's 2 bits - 1 steps, and one
/// run beyond them (random bls12-381 inputs measured: at most 20 of the 27 runs needed).
pub(super) const fn runs(bits: u32) -> u32 {
    (2 * bits - 1).div_ceil(STEPS) + 1
}

/// x^{-1} mod p for x < p and an odd p of `bits` bits, in constant time (0 maps to 0; x must be
/// 0 or invertible). The invariants a = u x and b = v x (mod p) hold from a = x, u = 1, b = p,
/// v = 0; at the end a = 0 and b = gcd = 1, so v is the inverse (runs after the end leave v as it
/// is: a = 0 only halves). u and v are updated every two runs (their factors multiplied, one
/// division by 2^62 modulo p on signed radix-2^62 limbs, as in safegcd).
pub fn inv_mod<const N: usize>(x: &[u64; N], p: &[u64; N], bits: u32) -> [u64; N] {
    let (p62, _, p_inv62) = setup(x, p);
    let (mut a, mut b) = (*x, *p);
    let (mut u, mut v) = (S62::default(), S62::default());
    u[0] = 1;
    let n = runs(bits);
    let mut first = [1i64, 0, 0, 1];
    for run in 0..n {
        let (abar, bbar) = approximations(&a, &b);
        let t = update_ab(&mut a, &mut b, steps(abar, bbar));
        if run % 2 == 0 {
            first = t;
        } else {
            apply_transition::<N, true>(&mut u, &mut v, &combine(t, first, 4), &p62, p_inv62);
        }
    }
    if n % 2 == 1 {
        // The last run alone: its factors times 2^32, then the same division by 2^62.
        let t = first.map(|e| e << 32);
        apply_transition::<N, true>(&mut u, &mut v, &t, &p62, p_inv62);
    }
    finish::<N>(0, v, &p62)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The CMOV steps (x86-64) and the mask steps (every other target) give the same factors,
    /// on random approximations and on equal, zero, one and all-ones ones.
    #[test]
    fn step_forms_agree() {
        let mut rng = tripair_testkit::TestRng::new(31);
        let mut pairs = vec![
            (0, 0),
            (1, 1),
            (u64::MAX, u64::MAX),
            (u64::MAX, 1),
            (1, u64::MAX),
            (0, u64::MAX),
        ];
        pairs.extend((0..20_000).map(|_| (rng.next_u64(), rng.next_u64() | 1)));
        for (a, b) in pairs {
            assert_eq!(
                packed_steps(a, b),
                packed_steps_masks(a, b),
                "steps from a = {a:x}, b = {b:x}"
            );
        }
    }
}
