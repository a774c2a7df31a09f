use super::{kernels, Row, TowerConsts, V8};
use crate::cpu::Avx512Ifma;
use core::arch::x86_64::*;

/// Eight u64 in one AVX-512 register. Its methods are only reached from the
/// `#[target_feature(enable = "avx512f,avx512ifma")]` functions below, into which they inline.
#[derive(Clone, Copy)]
struct Zmm(__m512i);

impl V8 for Zmm {
    #[inline(always)]
    fn zero() -> Self {
        // SAFETY: only called inside the avx512f+avx512ifma functions of this module.
        Zmm(unsafe { _mm512_setzero_si512() })
    }
    #[inline(always)]
    fn splat(x: u64) -> Self {
        // SAFETY: only called inside the avx512f+avx512ifma functions of this module.
        Zmm(unsafe { _mm512_set1_epi64(x as i64) })
    }
    #[inline(always)]
    fn load(r: &Row) -> Self {
        // SAFETY: Row is 64 bytes, 64-byte aligned, and every bit pattern is a valid __m512i.
        Zmm(unsafe { core::mem::transmute::<[u64; 8], __m512i>(r.0) })
    }
    #[inline(always)]
    fn store(self) -> Row {
        // SAFETY: both types are 64 bytes of plain integers.
        Row(unsafe { core::mem::transmute::<__m512i, [u64; 8]>(self.0) })
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        // SAFETY: only called inside the avx512f+avx512ifma functions of this module.
        Zmm(unsafe { _mm512_add_epi64(self.0, o.0) })
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        // SAFETY: only called inside the avx512f+avx512ifma functions of this module.
        Zmm(unsafe { _mm512_sub_epi64(self.0, o.0) })
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        // SAFETY: only called inside the avx512f+avx512ifma functions of this module.
        Zmm(unsafe { _mm512_and_si512(self.0, o.0) })
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        // SAFETY: only called inside the avx512f+avx512ifma functions of this module.
        Zmm(unsafe { _mm512_or_si512(self.0, o.0) })
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        // SAFETY: only called inside the avx512f+avx512ifma functions of this module.
        Zmm(unsafe { _mm512_xor_si512(self.0, o.0) })
    }
    #[inline(always)]
    fn shr52(self) -> Self {
        // SAFETY: only called inside the avx512f+avx512ifma functions of this module.
        Zmm(unsafe { _mm512_srli_epi64::<52>(self.0) })
    }
    #[inline(always)]
    fn sra52(self) -> Self {
        // SAFETY: only called inside the avx512f+avx512ifma functions of this module.
        Zmm(unsafe { _mm512_srai_epi64::<52>(self.0) })
    }
    #[inline(always)]
    fn shr63(self) -> Self {
        // SAFETY: only called inside the avx512f+avx512ifma functions of this module.
        Zmm(unsafe { _mm512_srli_epi64::<63>(self.0) })
    }
    #[inline(always)]
    fn shr1(self) -> Self {
        // SAFETY: only called inside the avx512f+avx512ifma functions of this module.
        Zmm(unsafe { _mm512_srli_epi64::<1>(self.0) })
    }
    #[inline(always)]
    fn shl51(self) -> Self {
        // SAFETY: only called inside the avx512f+avx512ifma functions of this module.
        Zmm(unsafe { _mm512_slli_epi64::<51>(self.0) })
    }
    #[inline(always)]
    fn madd_lo(self, b: Self, c: Self) -> Self {
        // SAFETY: only called inside the avx512f+avx512ifma functions of this module.
        Zmm(unsafe { _mm512_madd52lo_epu64(self.0, b.0, c.0) })
    }
    #[inline(always)]
    fn madd_hi(self, b: Self, c: Self) -> Self {
        // SAFETY: only called inside the avx512f+avx512ifma functions of this module.
        Zmm(unsafe { _mm512_madd52hi_epu64(self.0, b.0, c.0) })
    }
    #[inline(always)]
    fn perm2(self, o: Self, idx: [u8; 8]) -> Self {
        let (mut keep, mut iv) = (0u8, [0i64; 8]);
        for i in 0..8 {
            if idx[i] != 0xFF {
                keep |= 1 << i;
                iv[i] = (idx[i] & 15) as i64;
            }
        }
        // SAFETY: only called inside the avx512f+avx512ifma functions of this module; the
        // index vector is plain integers.
        Zmm(unsafe {
            _mm512_maskz_permutex2var_epi64(
                keep,
                self.0,
                core::mem::transmute::<[i64; 8], __m512i>(iv),
                o.0,
            )
        })
    }
    #[inline(always)]
    fn blend(self, o: Self, mask: u8) -> Self {
        // SAFETY: only called inside the avx512f+avx512ifma functions of this module.
        Zmm(unsafe { _mm512_mask_blend_epi64(mask, self.0, o.0) })
    }
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn mont_mul_tf<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M], inv: u64) -> [Row; M] {
    kernels::mont_mul::<Zmm, M>(a, b, p, inv)
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn add_mod_tf<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M]) -> [Row; M] {
    kernels::add_mod::<Zmm, M>(a, b, p)
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn sub_mod_tf<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M]) -> [Row; M] {
    kernels::sub_mod::<Zmm, M>(a, b, p)
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn lincomb_tf<const M: usize>(
    a: &[Row; M],
    ka: i64,
    b: &[Row; M],
    kb: i64,
    p2: &[Row; M],
) -> [Row; M] {
    kernels::lincomb::<Zmm, M>(a, ka, b, kb, p2)
}

#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx512f,avx512ifma")]
fn fp2_mul_tf<const M: usize>(
    a: [&[Row; M]; 2],
    b: [&[Row; M]; 2],
    beta: i64,
    lazy: bool,
    p: &[Row; M],
    p2: &[Row; M],
    inv: u64,
    c0: &mut [Row; M],
    c1: &mut [Row; M],
) {
    kernels::fp2_mul::<Zmm, M>(a, b, beta, lazy, p, p2, inv, c0, c1)
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn fp2_square_tf<const M: usize>(
    a: [&[Row; M]; 2],
    beta: i64,
    p: &[Row; M],
    p2: &[Row; M],
    inv: u64,
    c0: &mut [Row; M],
    c1: &mut [Row; M],
) {
    kernels::fp2_square::<Zmm, M>(a, beta, p, p2, inv, c0, c1)
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn fp6_mul_tf<const M: usize>(
    a: [&[Row; M]; 6],
    b: [&[Row; M]; 6],
    k: &TowerConsts<'_, [Row; M]>,
    c: [&mut [Row; M]; 6],
) {
    kernels::fp6_mul::<Zmm, M>(a, b, k, c)
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn fp12_mul_by_line_tf<const M: usize>(
    f: [&mut [Row; M]; 12],
    l: [&[Row; M]; 6],
    m_type: bool,
    k: &TowerConsts<'_, [Row; M]>,
) {
    kernels::fp12_mul_by_line::<Zmm, M>(f, l, m_type, k)
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn fp12_square_tf<const M: usize>(f: [&mut [Row; M]; 12], k: &TowerConsts<'_, [Row; M]>) {
    kernels::fp12_square::<Zmm, M>(f, k)
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn cyclotomic_square_tf<const M: usize, const K: usize>(
    e: [&[Row; M]; K],
    k: &TowerConsts<'_, [Row; M]>,
    c: [&mut [Row; M]; K],
) {
    kernels::cyclotomic_square::<Zmm, M, K>(e, k, c)
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn compressed_squares_tf<const M: usize>(
    s: &[Row; M],
    count: usize,
    p: &[Row; M],
    p2: &[Row; M],
    inv: u64,
) -> [Row; M] {
    kernels::compressed_squares::<Zmm, M>(s, count, p, p2, inv)
}

#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx512f,avx512ifma")]
fn cyclotomic_squares_tf<const M: usize>(
    x: &[Row; M],
    y: &[Row; M],
    count: usize,
    p: &[Row; M],
    p2: &[Row; M],
    inv: u64,
    xi: (u64, u64),
) -> ([Row; M], [Row; M]) {
    kernels::cyclotomic_squares::<Zmm, M>(x, y, count, p, p2, inv, xi)
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn canonical_tf<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
    kernels::canonical::<Zmm, M>(a, p)
}

#[target_feature(enable = "avx512f,avx512ifma")]
fn half_mod_tf<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
    kernels::half_mod::<Zmm, M>(a, p)
}

#[inline(always)]
pub(super) fn mont_mul<const M: usize>(
    _cpu: Avx512Ifma,
    a: &[Row; M],
    b: &[Row; M],
    p: &[Row; M],
    inv: u64,
) -> [Row; M] {
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { mont_mul_tf(a, b, p, inv) }
}

#[inline(always)]
pub(super) fn add_mod<const M: usize>(
    _cpu: Avx512Ifma,
    a: &[Row; M],
    b: &[Row; M],
    p: &[Row; M],
) -> [Row; M] {
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { add_mod_tf(a, b, p) }
}

#[inline(always)]
pub(super) fn sub_mod<const M: usize>(
    _cpu: Avx512Ifma,
    a: &[Row; M],
    b: &[Row; M],
    p: &[Row; M],
) -> [Row; M] {
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { sub_mod_tf(a, b, p) }
}

#[inline(always)]
pub(super) fn half_mod<const M: usize>(_cpu: Avx512Ifma, a: &[Row; M], p: &[Row; M]) -> [Row; M] {
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { half_mod_tf(a, p) }
}

#[inline(always)]
pub(super) fn canonical<const M: usize>(_cpu: Avx512Ifma, a: &[Row; M], p: &[Row; M]) -> [Row; M] {
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { canonical_tf(a, p) }
}

#[inline(always)]
pub(super) fn lincomb<const M: usize>(
    _cpu: Avx512Ifma,
    a: &[Row; M],
    ka: i64,
    b: &[Row; M],
    kb: i64,
    p2: &[Row; M],
) -> [Row; M] {
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { lincomb_tf(a, ka, b, kb, p2) }
}

#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn fp2_mul<const M: usize>(
    _cpu: Avx512Ifma,
    a: [&[Row; M]; 2],
    b: [&[Row; M]; 2],
    beta: i64,
    lazy: bool,
    p: &[Row; M],
    p2: &[Row; M],
    inv: u64,
    c0: &mut [Row; M],
    c1: &mut [Row; M],
) {
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { fp2_mul_tf(a, b, beta, lazy, p, p2, inv, c0, c1) }
}

#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn fp2_square<const M: usize>(
    _cpu: Avx512Ifma,
    a: [&[Row; M]; 2],
    beta: i64,
    p: &[Row; M],
    p2: &[Row; M],
    inv: u64,
    c0: &mut [Row; M],
    c1: &mut [Row; M],
) {
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { fp2_square_tf(a, beta, p, p2, inv, c0, c1) }
}

#[inline(always)]
pub(super) fn fp6_mul<const M: usize>(
    _cpu: Avx512Ifma,
    a: [&[Row; M]; 6],
    b: [&[Row; M]; 6],
    k: &TowerConsts<'_, [Row; M]>,
    c: [&mut [Row; M]; 6],
) {
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { fp6_mul_tf(a, b, k, c) }
}

#[inline(always)]
pub(super) fn fp12_mul_by_line<const M: usize>(
    _cpu: Avx512Ifma,
    f: [&mut [Row; M]; 12],
    l: [&[Row; M]; 6],
    m_type: bool,
    k: &TowerConsts<'_, [Row; M]>,
) {
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { fp12_mul_by_line_tf(f, l, m_type, k) }
}

#[inline(always)]
pub(super) fn fp12_square<const M: usize>(
    _cpu: Avx512Ifma,
    f: [&mut [Row; M]; 12],
    k: &TowerConsts<'_, [Row; M]>,
) {
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { fp12_square_tf(f, k) }
}

#[inline(always)]
pub(super) fn cyclotomic_square<const M: usize, const K: usize>(
    _cpu: Avx512Ifma,
    e: [&[Row; M]; K],
    k: &TowerConsts<'_, [Row; M]>,
    c: [&mut [Row; M]; K],
) {
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { cyclotomic_square_tf(e, k, c) }
}

#[inline(always)]
pub(super) fn compressed_squares<const M: usize>(
    _cpu: Avx512Ifma,
    s: &[Row; M],
    count: usize,
    p: &[Row; M],
    p2: &[Row; M],
    inv: u64,
) -> [Row; M] {
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { compressed_squares_tf(s, count, p, p2, inv) }
}

#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn cyclotomic_squares<const M: usize>(
    _cpu: Avx512Ifma,
    x: &[Row; M],
    y: &[Row; M],
    count: usize,
    p: &[Row; M],
    p2: &[Row; M],
    inv: u64,
    xi: (u64, u64),
) -> ([Row; M], [Row; M]) {
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { cyclotomic_squares_tf(x, y, count, p, p2, inv, xi) }
}
