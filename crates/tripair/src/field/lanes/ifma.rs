use super::{kernels, Row, TowerConsts, V8};
use crate::cpu::Avx512Ifma;
use crate::prelude::*;
use core::any::Any;
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
    /// Out of line from 8 digits on (bls12-381): a kernel then calls one copy instead of
    /// compiling a dozen inlined copies of both forms (lazy and not), and the library compiles
    /// in 130 s instead of 140 s, at no speed measured beyond noise in the lanes' pairings
    /// (batch of 8 on bls12-381 0.2-0.6% slower in two interleaved runs; stop 83, Xeon; on a
    /// Zen 4 product and batch of 8 within 2% by the medians of five runs, docs/build-timings.md
    /// "Stop 84"). With 5 digits (the 254- and 256-bit curves) the call cost 1.4% of a batch of
    /// 8 pairings, even a call only on the non-lazy form (bn256d's) 3%, and the two products of
    /// a pair in one call 6.7%: inlined there (every zmm register is caller-saved, so a call
    /// site in a kernel spills its live values).
    #[inline(always)]
    fn fp2_mul<const M: usize>(
        a: &[[Self; M]; 2],
        b: &[[Self; M]; 2],
        beta: i64,
        lazy: bool,
        pv: &[Self; M],
        p2v: &[Self; M],
        inv: u64,
    ) -> [[Self; M]; 2] {
        if M >= 8 {
            // SAFETY: only called inside the avx512f+avx512ifma functions of this module.
            unsafe { fp2_mul_v_tf(a, b, beta, lazy, pv, p2v, inv) }
        } else {
            kernels::fp2_mul_v(a, b, beta, lazy, pv, p2v, inv)
        }
    }
}

/// [`V8::fp2_mul`] out of line.
#[inline(never)]
#[target_feature(enable = "avx512f,avx512ifma")]
fn fp2_mul_v_tf<const M: usize>(
    a: &[[Zmm; M]; 2],
    b: &[[Zmm; M]; 2],
    beta: i64,
    lazy: bool,
    pv: &[Zmm; M],
    p2v: &[Zmm; M],
    inv: u64,
) -> [[Zmm; M]; 2] {
    kernels::fp2_mul_v(a, b, beta, lazy, pv, p2v, inv)
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
fn fp12_mul_by_line_tf<const M: usize, const M_TYPE: bool>(
    f: [&mut [Row; M]; 12],
    l: [&[Row; M]; 6],
    k: &TowerConsts<'_, [Row; M]>,
) {
    kernels::fp12_mul_by_line::<Zmm, M, M_TYPE>(f, l, k)
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

/// The F_p6 and F_p12 kernels of one lane width, compiled once, in this crate. As generic
/// functions they were compiled again, at each crate's optimisation level, by every crate that
/// runs the lanes on a backend it names (the command line's tables, the test crates): they are
/// the largest functions of the library, about a minute of LLVM's time per crate at `opt-level = 3`
/// (docs/build-timings.md). Through this table a caller in another crate compiles a load and a
/// call. Only the widths and twists of the built-in curves have an entry: M = 5 (the 4-limb BN
/// primes, D-type twists) and M = 8 (BLS12-381, M-type); elsewhere the kernel functions below
/// answer false and the tower's formulas run, as on a CPU without IFMA.
struct Large<const M: usize> {
    fp6_mul: unsafe fn(Fp6In<'_, M>, Fp6In<'_, M>, &Consts<'_, M>, [&mut [Row; M]; 6]),
    /// The line product for the curves' twist type, `m_type`.
    fp12_mul_by_line: unsafe fn(Fp12InOut<'_, M>, Fp6In<'_, M>, &Consts<'_, M>),
    m_type: bool,
    fp12_square: unsafe fn(Fp12InOut<'_, M>, &Consts<'_, M>),
    cyclotomic_square_12: Cyclotomic<M, 12>,
    cyclotomic_square_8: Cyclotomic<M, 8>,
}

type Cyclotomic<const M: usize, const K: usize> =
    unsafe fn([&[Row; M]; K], &Consts<'_, M>, [&mut [Row; M]; K]);
type Fp6In<'a, const M: usize> = [&'a [Row; M]; 6];
type Fp12InOut<'a, const M: usize> = [&'a mut [Row; M]; 12];
type Consts<'a, const M: usize> = TowerConsts<'a, [Row; M]>;

macro_rules! large {
    ($m:literal, $m_type:literal) => {
        Large::<$m> {
            fp6_mul: fp6_mul_tf::<$m>,
            fp12_mul_by_line: fp12_mul_by_line_tf::<$m, $m_type>,
            m_type: $m_type,
            fp12_square: fp12_square_tf::<$m>,
            cyclotomic_square_12: cyclotomic_square_tf::<$m, 12>,
            cyclotomic_square_8: cyclotomic_square_tf::<$m, 8>,
        }
    };
}

impl<const M: usize> Large<M> {
    /// The cyclotomic square on K coefficients (K = 12 or 8; none for another K).
    #[inline(always)]
    fn cyclotomic_square<const K: usize>(&self) -> Option<&Cyclotomic<M, K>> {
        let (k12, k8): (&dyn Any, &dyn Any) =
            (&self.cyclotomic_square_12, &self.cyclotomic_square_8);
        k12.downcast_ref().or_else(|| k8.downcast_ref())
    }
}

/// The table of width M, if it has one. The type tests fold after monomorphization, as in
/// `pairing::compiled`.
#[inline(always)]
fn large<const M: usize>() -> Option<&'static Large<M>> {
    static M5: Large<5> = large!(5, false);
    static M8: Large<8> = large!(8, true);
    let (m5, m8): (&'static dyn Any, &'static dyn Any) = (&M5, &M8);
    m5.downcast_ref().or_else(|| m8.downcast_ref())
}

/// c = a b in F_p6 where width M has the kernel (then true).
#[inline(always)]
pub(super) fn fp6_mul<const M: usize>(
    _cpu: Avx512Ifma,
    a: [&[Row; M]; 6],
    b: [&[Row; M]; 6],
    k: &TowerConsts<'_, [Row; M]>,
    c: [&mut [Row; M]; 6],
) -> bool {
    let Some(t) = large::<M>() else { return false };
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { (t.fp6_mul)(a, b, k, c) };
    true
}

/// f <- f l in F_p12 where width M has the kernel for this twist type (then true).
#[inline(always)]
pub(super) fn fp12_mul_by_line<const M: usize, const M_TYPE: bool>(
    _cpu: Avx512Ifma,
    f: [&mut [Row; M]; 12],
    l: [&[Row; M]; 6],
    k: &TowerConsts<'_, [Row; M]>,
) -> bool {
    let Some(t) = large::<M>().filter(|t| t.m_type == M_TYPE) else {
        return false;
    };
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { (t.fp12_mul_by_line)(f, l, k) };
    true
}

/// f <- f^2 in F_p12 where width M has the kernel (then true).
#[inline(always)]
pub(super) fn fp12_square<const M: usize>(
    _cpu: Avx512Ifma,
    f: [&mut [Row; M]; 12],
    k: &TowerConsts<'_, [Row; M]>,
) -> bool {
    let Some(t) = large::<M>() else { return false };
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { (t.fp12_square)(f, k) };
    true
}

/// The cyclotomic square on K = 12 or K = 8 coefficients where width M has the kernel (then
/// true).
#[inline(always)]
pub(super) fn cyclotomic_square<const M: usize, const K: usize>(
    _cpu: Avx512Ifma,
    e: [&[Row; M]; K],
    k: &TowerConsts<'_, [Row; M]>,
    c: [&mut [Row; M]; K],
) -> bool {
    let Some(kernel) = large::<M>().and_then(|t| t.cyclotomic_square::<K>()) else {
        return false;
    };
    // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
    unsafe { kernel(e, k, c) };
    true
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

/// For each lane width M from 1 to 16: whether the table of compiled kernels has an entry, its
/// twist type (true: M-type), and whether both cyclotomic squares (and no other K) are found
/// through it. Not API: the lane tests check that the built-in curves' widths reach the kernels
/// (on a CPU without IFMA the kernels never run, so their results cannot show it), and that no
/// other width is compiled.
#[doc(hidden)]
pub fn compiled_kernel_widths() -> Vec<(usize, bool, bool)> {
    fn entry<const M: usize>(out: &mut Vec<(usize, bool, bool)>) {
        if let Some(t) = large::<M>() {
            let cyclotomic = t.cyclotomic_square::<12>().is_some()
                && t.cyclotomic_square::<8>().is_some()
                && t.cyclotomic_square::<6>().is_none();
            out.push((M, t.m_type, cyclotomic));
        }
    }
    let mut out = Vec::new();
    macro_rules! widths {
        ($($m:literal),*) => { $(entry::<$m>(&mut out);)* };
    }
    widths!(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
    out
}
