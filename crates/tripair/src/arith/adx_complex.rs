//! [`Backend::mul_wide_complex`](super::Backend::mul_wide_complex) on the ADX backend for N = 4:
//! the three double-width products of one F_p2 Karatsuba product written by the assembly block
//! into one uninitialised frame, then the sums and differences in one pass.
//!
//! Through the trait's default (three `mul_wide` calls) each wide buffer is zeroed before the
//! block that writes it (the compiler cannot see an `asm!` block write its memory) and the
//! operands are copied. For N = 6 the same fusion was measured slower and is not used: 16
//! alternating runs of `examples/tower_cycles` on an AMD EPYC Zen 1 (load ~0.8), medians,
//! bls12-381 fp2_mul 1.06x, fp6_mul 1.08x, fp12_mul 1.08x (out-of-line 6-limb blocks; inlined
//! ones measured 1.07x, 1.07x, 1.09x on a Zen 3), while bn254 (N = 4) gained: fp6_mul 0.98x,
//! fp12_mul 0.97x (Zen 3: 0.985x, 0.98x).

use super::adx::mul_wide_4_2n;
use crate::cpu::AdxBmi2;
use core::mem::MaybeUninit;

/// The three products into `t` (rows lo0, hi0, lo1, hi1, lo2, hi2) and [`complex_combine`].
/// Generic in N so that the caller's arrays pass without copies; N is 4 (checked).
#[inline(always)]
fn complex<const N: usize>(
    cpu: AdxBmi2,
    a: [&[u64; N]; 2],
    b: [&[u64; N]; 2],
    p: &[u64; N],
) -> [[u64; N]; 4] {
    assert!(N == 4);
    let sa = super::limbs::ct::add_carry(a[0], a[1], 0).0;
    let sb = super::limbs::ct::add_carry(b[0], b[1], 0).0;
    let mut t = MaybeUninit::<[[u64; N]; 6]>::uninit();
    let w = t.as_mut_ptr() as *mut u64;
    let factors = [(a[0], b[0]), (a[1], b[1]), (&sa, &sb)];
    for (k, (x, y)) in factors.into_iter().enumerate() {
        // SAFETY: N = 4 words of x and y are read; rows 2k and 2k+1 of t (inside it, and distinct
        // from the factors) are written, so all six rows are written after the loop.
        unsafe { mul_wide_4_2n(cpu, x.as_ptr(), y.as_ptr(), w.add(2 * N * k)) }
    }
    // SAFETY: every row was written by the loop above.
    complex_combine(unsafe { &t.assume_init() }, p)
}

/// [`Backend::mul_wide_complex`] for [`Adx`](super::adx::Adx): the function above for N = 4 where the CPU has
/// ADX; `None` otherwise (the tower's three products, each falling back where ADX is absent).
#[inline(always)]
pub(super) fn mul_wide_complex<const N: usize>(
    a: [&[u64; N]; 2],
    b: [&[u64; N]; 2],
    p: &[u64; N],
) -> Option<[[u64; N]; 4]> {
    if N != 4 {
        return None;
    }
    Some(complex(AdxBmi2::detect()?, a, b, p))
}

/// The sums of `Backend::mul_wide_complex` from the wide products a0 b0, a1 b1 and
/// (a0 + a1)(b0 + b1), as (lo, hi) word rows of `t`.
#[inline(always)]
fn complex_combine<const N: usize>(t: &[[u64; N]; 6], p: &[u64; N]) -> [[u64; N]; 4] {
    use super::limbs::ct::{sub_borrow, sub_mod_borrow};
    // c1 = t2 - t0 - t1 = a0 b1 + a1 b0: never negative.
    let (l, borrow) = sub_borrow(&t[4], &t[0], 0);
    let h = sub_borrow(&t[5], &t[1], borrow).0;
    let (l1, borrow) = sub_borrow(&l, &t[2], 0);
    let h1 = sub_borrow(&h, &t[3], borrow).0;
    // c0 = t0 - t1 modulo p 2^(64N): the high halves are below p.
    let (l0, borrow) = sub_borrow(&t[0], &t[2], 0);
    [l0, sub_mod_borrow(&t[1], &t[3], borrow, p), l1, h1]
}
