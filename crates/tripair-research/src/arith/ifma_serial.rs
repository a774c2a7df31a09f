//! Digit-serial F_p multiplication with AVX-512 IFMA: implementation C of Grabher–Großschädl–Page
//! 2008 (one element's digits across the SIMD lanes) on a CPU with the 52-bit multiplier they asked
//! for. Kept as a measured alternative (`tripair bench --table ggp`, row C), not the default.
//!
//! The product a*b is computed by operand scanning (Gueron–Krasnov, "Accelerating big integer
//! arithmetic using Intel IFMA extensions", ARITH 2016, in its one-operand-per-register form): the
//! 52-bit digits of a fill the lanes of one register; each digit b_j is broadcast and
//! `vpmadd52luq` adds the low halves of a_i b_j into lane i (column i + j), after which lane 0
//! (column j) is complete and leaves, the register shifts down one lane (`valignq`), and
//! `vpmadd52huq` adds the high halves (column i + j + 1, now lane i). Columns stay below 2^57, so
//! no carry is propagated inside the loop; the columns are then folded into 64-bit limbs, and the
//! Montgomery reduction runs on the scalar ADX code. Results therefore equal the portable
//! backend's bit for bit (tested in this crate's `ifma_serial` tests).
//!
//! One register holds at most 8 digits of 52 bits, so this serves N <= 6 limbs (p below 2^416: every
//! curve of the ggp table, bn254 and bls12-381); wider fields and CPUs without IFMA run the portable
//! code (wide products) and the default backend (reductions).

use crate::cpu::Avx512Ifma;
use core::arch::x86_64::{
    __m512i, _mm512_alignr_epi64, _mm512_castsi512_si128, _mm512_loadu_si512,
    _mm512_madd52hi_epu64, _mm512_madd52lo_epu64, _mm512_set1_epi64, _mm512_setzero_si512,
    _mm512_storeu_si512, _mm_cvtsi128_si64,
};
use tripair::arith::{Backend, DefaultBackend, Portable};

/// Digits per register: eight 64-bit lanes.
const LANES: usize = 8;
const MASK52: u64 = (1 << 52) - 1;

/// The number of 52-bit digits of an N-limb value.
const fn digits(n: usize) -> usize {
    (64 * n).div_ceil(52)
}

/// The 52-bit digits of `x` (little-endian limbs), zero above its last digit.
#[inline(always)]
fn to_digits<const N: usize>(x: &[u64; N]) -> [u64; LANES] {
    core::array::from_fn(|j| {
        let bit = 52 * j;
        let (k, s) = (bit / 64, bit % 64);
        if k >= N {
            return 0;
        }
        let mut d = x[k] >> s;
        if s > 12 && k + 1 < N {
            d |= x[k + 1] << (64 - s);
        }
        d & MASK52
    })
}

/// The value sum_k cols[k] 2^(52k) (columns below 2^60, the first `2m` used) as 2N limbs, written
/// to (lo, hi). The caller guarantees the value is below 2^(128N) (it is a product of N-limb values).
#[inline(always)]
fn fold_columns<const N: usize>(
    cols: &[u64; 2 * LANES],
    m: usize,
    lo: &mut [u64; N],
    hi: &mut [u64; N],
) {
    // buf holds the part not yet written, starting at bit 64 * out; its low `nbits` bits are
    // complete once the next column (added at bit nbits) can no longer carry into them.
    let (mut buf, mut nbits, mut out) = (0u128, 0u32, 0usize);
    let mut emit = |w: u64, out: usize| {
        if out < N {
            lo[out] = w;
        } else {
            hi[out - N] = w;
        }
    };
    for &c in &cols[..2 * m] {
        buf += (c as u128) << nbits; // c < 2^60, nbits < 64: below 2^124, no overflow
        nbits += 52;
        if nbits >= 64 && out < 2 * N {
            emit(buf as u64, out);
            out += 1;
            buf >>= 64;
            nbits -= 64;
        }
    }
    while out < 2 * N {
        emit(buf as u64, out);
        out += 1;
        buf >>= 64;
    }
}

/// The columns of a*b for M = `m` digits each (see the module comment).
///
/// # Safety
/// The CPU must have AVX-512 F and IFMA (callers hold the [`Avx512Ifma`] proof).
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn product_columns(a: &[u64; LANES], b: &[u64; LANES], m: usize) -> [u64; 2 * LANES] {
    let mut cols = [0u64; 2 * LANES];
    // SAFETY: `a` is 8 readable u64 (64 bytes); unaligned load.
    let va: __m512i = unsafe { _mm512_loadu_si512(a.as_ptr().cast()) };
    let zero = _mm512_setzero_si512();
    let mut acc = zero;
    for j in 0..m {
        let bj = _mm512_set1_epi64(b[j] as i64);
        acc = _mm512_madd52lo_epu64(acc, va, bj);
        cols[j] = _mm_cvtsi128_si64(_mm512_castsi512_si128(acc)) as u64;
        // Lane k takes lane k + 1 (lane 7 takes 0): lane i now stands for column i + j + 1.
        acc = _mm512_alignr_epi64(zero, acc, 1);
        acc = _mm512_madd52hi_epu64(acc, va, bj);
    }
    // Lanes 0..8 hold columns m..m+8; m <= 8, so they fit the 16 columns.
    // SAFETY: cols[m..m + 8] is in bounds (m <= 8) and writable.
    unsafe { _mm512_storeu_si512(cols.as_mut_ptr().add(m).cast(), acc) };
    cols
}

/// a*b as (lo, hi) by the digit-serial IFMA product, for N <= 6.
#[inline(always)]
fn mul_wide_serial<const N: usize>(
    _cpu: Avx512Ifma,
    a: &[u64; N],
    b: &[u64; N],
    lo: &mut [u64; N],
    hi: &mut [u64; N],
) {
    let m = digits(N);
    debug_assert!(m <= LANES);
    // SAFETY: the Avx512Ifma proof shows AVX-512 F and IFMA are present.
    let cols = unsafe { product_columns(&to_digits(a), &to_digits(b), m) };
    fold_columns(&cols, m, lo, hi);
}

/// The digit-serial IFMA backend (row C of the ggp table): wide products in one AVX-512 register
/// per operand, reductions on the default scalar backend.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct IfmaSerial;

impl Backend for IfmaSerial {
    const NAME: &'static str = "ifma-serial";
    type Route = tripair::arith::route::Generic;
    fn available() -> bool {
        Avx512Ifma::detect().is_some()
    }
    #[inline(always)]
    fn mont_mul<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N], inv: u64) -> [u64; N] {
        let (mut lo, mut hi) = ([0u64; N], [0u64; N]);
        Self::mul_wide_into(a, b, &mut lo, &mut hi);
        // a, b < p, or below 2p where the tower leaves factors unreduced (then p < 2^(64N-2)): a*b
        // < p * 2^(64N) either way, a valid input of the reduction.
        Self::mont_reduce_wide(&lo, &hi, p, inv)
    }
    #[inline(always)]
    fn mul_wide_into<const N: usize>(
        a: &[u64; N],
        b: &[u64; N],
        lo: &mut [u64; N],
        hi: &mut [u64; N],
    ) {
        match Avx512Ifma::detect() {
            Some(cpu) if digits(N) <= LANES => mul_wide_serial(cpu, a, b, lo, hi),
            _ => Portable::mul_wide_into(a, b, lo, hi),
        }
    }
    #[inline(always)]
    fn mont_reduce_wide<const N: usize>(
        lo: &[u64; N],
        hi: &[u64; N],
        p: &[u64; N],
        inv: u64,
    ) -> [u64; N] {
        DefaultBackend::mont_reduce_wide(lo, hi, p, inv)
    }
}
