//! [`Backend::mul_wide_3`](super::Backend::mul_wide_3) on the ADX backend for N = 4: the three
//! double-width products of one F_p2 Karatsuba product written by the assembly block into one
//! uninitialised frame. Through three `mul_wide` calls each wide buffer is zeroed before the block
//! that writes it (the compiler cannot see an `asm!` block write its memory) and the operands are
//! copied. The tower combines the products as it does the three calls' (`field::kernels`).
//!
//! For N = 6 the same fusion was measured slower and is not used: 16 alternating runs of
//! `examples/tower_cycles` on an AMD EPYC Zen 1 (load ~0.8), medians, bls12-381 fp2_mul 1.06x,
//! fp6_mul 1.08x, fp12_mul 1.08x (out-of-line 6-limb blocks; inlined ones measured 1.07x, 1.07x,
//! 1.09x on a Zen 3), while bn254 (N = 4) gained: fp6_mul 0.98x, fp12_mul 0.97x (Zen 3: 0.985x,
//! 0.98x). On a Zen 4 (stop 85) one out-of-line function for the whole N = 6 product before
//! reduction (sums, the three products into an uninitialised frame, their combination, written
//! through the caller's pointers) measured slower as well: fp2_mul 1.10x and 1.13x, fp12_mul
//! 1.04x and 1.09x (`examples/tower_cycles`, 21 alternating runs, medians), with the three
//! blocks inlined there or called. Its result reached the reduction through a copy that LLVM
//! would not elide (a 192-byte `memcpy` of values the blocks had just stored word by word).

use super::adx::mul_wide_4_2n;
use crate::cpu::AdxBmi2;
use core::mem::MaybeUninit;

/// [`Backend::mul_wide_3`](super::Backend::mul_wide_3) for [`Adx`](super::adx::Adx): one frame of
/// six rows where N = 4 and the CPU has ADX; `None` otherwise (the caller's three `mul_wide`
/// calls, each falling back where ADX is absent).
#[inline(always)]
pub(super) fn mul_wide_3<const N: usize>(pairs: [[&[u64; N]; 2]; 3]) -> Option<[[u64; N]; 6]> {
    if N != 4 {
        return None;
    }
    let cpu = AdxBmi2::detect()?;
    let mut t = MaybeUninit::<[[u64; N]; 6]>::uninit();
    let w = t.as_mut_ptr() as *mut u64;
    for (k, [x, y]) in pairs.into_iter().enumerate() {
        // SAFETY: N = 4 (checked above) words of x and y are read; rows 2k and 2k+1 of t (inside
        // it, distinct from the factors) are written, so all six rows are written after the loop.
        unsafe { mul_wide_4_2n(cpu, x.as_ptr(), y.as_ptr(), w.add(2 * N * k)) }
    }
    // SAFETY: every row was written by the loop above.
    Some(unsafe { t.assume_init() })
}
