//! Eight independent elements of F_p side by side ("lanes"), in radix 2^52: the base field that
//! lets the unchanged tower, Miller loop and final exponentiation compute eight pairings at once
//! (implementation G of Grabher–Großschädl–Page 2008, with the wide multiplier they asked for).
//!
//! An element of F_p is M = ceil(64N / 52) digits of 52 bits; digit j of the eight elements is one
//! [`Row`] of eight u64 (one AVX-512 register). Products use AVX-512 IFMA (`vpmadd52luq/huq`:
//! the low and high 52 bits of a 52x52-bit product added to a 64-bit lane), so the partial products
//! accumulate without carries and the carries are propagated once per multiplication. Reduction
//! is Montgomery's with R = 2^(52M), operand scanning (Koç–Acar–Kaliski 1996, CIOS), in the
//! 52-bit-digit form of Gueron–Krasnov ("Accelerating big integer arithmetic using Intel IFMA
//! extensions", ARITH 2016). Every element has digits < 2^52 and a value below 2p, not p: as
//! 4p < 2^(52M) for every supported prime (at least 2 spare bits in the top digit), the Montgomery
//! product of values below 2p is below 2p without its final subtraction, and additions subtract
//! 2p where needed; equality, masks and the lane values reduce below p first.
//!
//! The kernels are written once over a vector of eight u64 (`V8`) and run on two backends:
//! [`PortableLanes`] (plain u64 arithmetic per lane, any CPU) and [`IfmaLanes`] (AVX-512 F + IFMA,
//! which asks [`crate::cpu`] for the [`crate::cpu::Avx512Ifma`] proof, one cached load per operation, and runs
//! the portable kernels without it or under `TRIPAIR_BACKEND=portable`).

use super::base::BaseField;
use super::fp::{Fp, FpParams};
use super::fp12::{Fp12, SquareChains};
use super::fp2::{Fp2, TowerParams};
use super::fp6::Fp6;
use super::kernels::TowerKernels;
use crate::arith::radix52::{bits_at, digit_of, LaneConsts, Modulus, Radix52, MASK52};
pub use crate::arith::radix52::{
    splat_digits, splat_digits_double, LaneBackend, LaneDigits, Row, TowerConsts, LANES,
};
use crate::arith::Limbs;
#[cfg(target_arch = "x86_64")]
use crate::cpu::Avx512Ifma;
use core::fmt;
use core::hash::Hash;
use core::marker::PhantomData;
use core::ops::{Add, AddAssign, BitAnd, Mul, MulAssign, Neg, Sub, SubAssign};

/// The lane constants of a prime field, derived from its modulus at compile time
/// ([`crate::arith::radix52::DigitConsts`], keyed on the limb count by [`Radix52`]): every [`FpParams`] has them.
pub trait LaneParams: FpParams {
    /// Eight elements in radix 2^52: `[Row; M]`, M = ceil(64N / 52).
    type LaneDigits: LaneDigits;
    /// p in every lane, in 52-bit digits. A reference to one static copy: naming a constant of
    /// this size by value made every lane operation copy it to the stack first (a `memcpy` call).
    const LANE_P: &'static Self::LaneDigits;
    /// 2p in every lane, in 52-bit digits (the lane values stay below it); static like `LANE_P`.
    const LANE_P2: &'static Self::LaneDigits;
    /// 2^(52M) mod p in every lane: one in the lanes' Montgomery form.
    const LANE_ONE: Self::LaneDigits;
    /// 2^(104M) mod p in every lane: converts into the lanes' Montgomery form.
    const LANE_R2: Self::LaneDigits;
    /// -p^{-1} mod 2^52.
    const LANE_INV: u64;
}

/// The modulus of `P`, for [`crate::arith::radix52::DigitConsts`].
pub struct ModulusOf<P>(PhantomData<P>);

impl<P: FpParams> Modulus<P::Limbs> for ModulusOf<P> {
    const MODULUS: P::Limbs = P::MODULUS;
}

/// The constants of `P`'s lane shape.
type ConstsOf<P> = <<P as FpParams>::Limbs as Radix52>::Consts<ModulusOf<P>>;

impl<P: FpParams> LaneParams for P {
    type LaneDigits = <P::Limbs as Radix52>::Digits;
    const LANE_P: &'static Self::LaneDigits = <ConstsOf<P> as LaneConsts>::P;
    const LANE_P2: &'static Self::LaneDigits = <ConstsOf<P> as LaneConsts>::P2;
    const LANE_ONE: Self::LaneDigits = <ConstsOf<P> as LaneConsts>::ONE;
    const LANE_R2: Self::LaneDigits = <ConstsOf<P> as LaneConsts>::R2;
    const LANE_INV: u64 = <ConstsOf<P> as LaneConsts>::INV;
}

/// Plain u64 arithmetic lane by lane (u128 products): runs everywhere, the reference.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PortableLanes;

impl LaneBackend for PortableLanes {
    const NAME: &'static str = "portable";
    fn active() -> bool {
        true
    }
    #[inline(always)]
    fn mont_mul<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M], inv: u64) -> [Row; M] {
        kernels::mont_mul::<Scalar8, M>(a, b, p, inv)
    }
    #[inline(always)]
    fn add_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M]) -> [Row; M] {
        kernels::add_mod::<Scalar8, M>(a, b, p)
    }
    #[inline(always)]
    fn sub_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M]) -> [Row; M] {
        kernels::sub_mod::<Scalar8, M>(a, b, p)
    }
    #[inline(always)]
    fn half_mod<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
        kernels::half_mod::<Scalar8, M>(a, p)
    }
    #[inline(always)]
    fn canonical<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
        kernels::canonical::<Scalar8, M>(a, p)
    }
    #[inline(always)]
    fn lincomb<const M: usize>(
        a: &[Row; M],
        ka: i64,
        b: &[Row; M],
        kb: i64,
        p2: &[Row; M],
    ) -> [Row; M] {
        kernels::lincomb::<Scalar8, M>(a, ka, b, kb, p2)
    }
    #[inline(always)]
    fn fp2_mul<const M: usize>(
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
        kernels::fp2_mul::<Scalar8, M>(a, b, beta, lazy, p, p2, inv, c0, c1)
    }
    #[inline(always)]
    fn fp2_square<const M: usize>(
        a: [&[Row; M]; 2],
        beta: i64,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        c0: &mut [Row; M],
        c1: &mut [Row; M],
    ) {
        kernels::fp2_square::<Scalar8, M>(a, beta, p, p2, inv, c0, c1)
    }
    #[inline(always)]
    fn fp6_mul<const M: usize>(
        _a: [&[Row; M]; 6],
        _b: [&[Row; M]; 6],
        _k: &TowerConsts<'_, [Row; M]>,
        _c: [&mut [Row; M]; 6],
    ) -> bool {
        false
    }
    #[inline(always)]
    fn fp12_mul_by_line<const M: usize>(
        _f: [&mut [Row; M]; 12],
        _l: [&[Row; M]; 6],
        _m_type: bool,
        _k: &TowerConsts<'_, [Row; M]>,
    ) -> bool {
        false
    }
    #[inline(always)]
    fn fp12_square<const M: usize>(
        _f: [&mut [Row; M]; 12],
        _k: &TowerConsts<'_, [Row; M]>,
    ) -> bool {
        false
    }
    #[inline(always)]
    fn cyclotomic_square<const M: usize, const K: usize>(
        _e: [&[Row; M]; K],
        _k: &TowerConsts<'_, [Row; M]>,
        _c: [&mut [Row; M]; K],
    ) -> bool {
        false
    }
    #[inline(always)]
    fn compressed_squares<const M: usize>(
        s: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
    ) -> [Row; M] {
        kernels::compressed_squares::<Scalar8, M>(s, count, p, p2, inv)
    }
    #[inline(always)]
    fn cyclotomic_squares<const M: usize>(
        x: &[Row; M],
        y: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        xi: (u64, u64),
    ) -> ([Row; M], [Row; M]) {
        kernels::cyclotomic_squares::<Scalar8, M>(x, y, count, p, p2, inv, xi)
    }
}

/// AVX-512 IFMA kernels when the CPU has them (the [`crate::cpu::Avx512Ifma`] proof, one cached load per
/// operation), the portable kernels otherwise (other CPUs, or `TRIPAIR_BACKEND=portable`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct IfmaLanes;

#[cfg(target_arch = "x86_64")]
impl LaneBackend for IfmaLanes {
    const NAME: &'static str = "avx512ifma";
    fn active() -> bool {
        Avx512Ifma::detect().is_some()
    }
    #[inline(always)]
    fn mont_mul<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M], inv: u64) -> [Row; M] {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::mont_mul(cpu, a, b, p, inv),
            None => cold::mont_mul(a, b, p, inv),
        }
    }
    #[inline(always)]
    fn add_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p2: &[Row; M]) -> [Row; M] {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::add_mod(cpu, a, b, p2),
            None => cold::add_mod(a, b, p2),
        }
    }
    #[inline(always)]
    fn sub_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p2: &[Row; M]) -> [Row; M] {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::sub_mod(cpu, a, b, p2),
            None => cold::sub_mod(a, b, p2),
        }
    }
    #[inline(always)]
    fn half_mod<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::half_mod(cpu, a, p),
            None => cold::half_mod(a, p),
        }
    }
    #[inline(always)]
    fn canonical<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::canonical(cpu, a, p),
            None => cold::canonical(a, p),
        }
    }
    #[inline(always)]
    fn lincomb<const M: usize>(
        a: &[Row; M],
        ka: i64,
        b: &[Row; M],
        kb: i64,
        p2: &[Row; M],
    ) -> [Row; M] {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::lincomb(cpu, a, ka, b, kb, p2),
            None => cold::lincomb(a, ka, b, kb, p2),
        }
    }
    #[inline(always)]
    fn fp2_mul<const M: usize>(
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
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::fp2_mul(cpu, a, b, beta, lazy, p, p2, inv, c0, c1),
            None => cold::fp2_mul(a, b, beta, lazy, p, p2, inv, c0, c1),
        }
    }
    #[inline(always)]
    fn fp2_square<const M: usize>(
        a: [&[Row; M]; 2],
        beta: i64,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        c0: &mut [Row; M],
        c1: &mut [Row; M],
    ) {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::fp2_square(cpu, a, beta, p, p2, inv, c0, c1),
            None => cold::fp2_square(a, beta, p, p2, inv, c0, c1),
        }
    }
    #[inline(always)]
    fn fp6_mul<const M: usize>(
        a: [&[Row; M]; 6],
        b: [&[Row; M]; 6],
        k: &TowerConsts<'_, [Row; M]>,
        c: [&mut [Row; M]; 6],
    ) -> bool {
        match Avx512Ifma::detect() {
            Some(cpu) => {
                ifma::fp6_mul(cpu, a, b, k, c);
                true
            }
            None => false,
        }
    }
    #[inline(always)]
    fn fp12_mul_by_line<const M: usize>(
        f: [&mut [Row; M]; 12],
        l: [&[Row; M]; 6],
        m_type: bool,
        k: &TowerConsts<'_, [Row; M]>,
    ) -> bool {
        match Avx512Ifma::detect() {
            Some(cpu) => {
                ifma::fp12_mul_by_line(cpu, f, l, m_type, k);
                true
            }
            None => false,
        }
    }
    #[inline(always)]
    fn fp12_square<const M: usize>(f: [&mut [Row; M]; 12], k: &TowerConsts<'_, [Row; M]>) -> bool {
        match Avx512Ifma::detect() {
            Some(cpu) => {
                ifma::fp12_square(cpu, f, k);
                true
            }
            None => false,
        }
    }
    #[inline(always)]
    fn cyclotomic_square<const M: usize, const K: usize>(
        e: [&[Row; M]; K],
        k: &TowerConsts<'_, [Row; M]>,
        c: [&mut [Row; M]; K],
    ) -> bool {
        match Avx512Ifma::detect() {
            Some(cpu) => {
                ifma::cyclotomic_square(cpu, e, k, c);
                true
            }
            None => false,
        }
    }
    #[inline(always)]
    fn compressed_squares<const M: usize>(
        s: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
    ) -> [Row; M] {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::compressed_squares(cpu, s, count, p, p2, inv),
            None => cold::compressed_squares(s, count, p, p2, inv),
        }
    }
    #[inline(always)]
    fn cyclotomic_squares<const M: usize>(
        x: &[Row; M],
        y: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        xi: (u64, u64),
    ) -> ([Row; M], [Row; M]) {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::cyclotomic_squares(cpu, x, y, count, p, p2, inv, xi),
            None => cold::cyclotomic_squares(x, y, count, p, p2, inv, xi),
        }
    }
}

/// The portable kernels as the IFMA backend's fallback, out of line: inlined at every operation
/// they made the callers several times larger (and their frames, and their copies).
#[cfg(target_arch = "x86_64")]
mod cold {
    use super::{LaneBackend, PortableLanes, Row};

    #[cold]
    #[inline(never)]
    pub(super) fn mont_mul<const M: usize>(
        a: &[Row; M],
        b: &[Row; M],
        p: &[Row; M],
        inv: u64,
    ) -> [Row; M] {
        PortableLanes::mont_mul(a, b, p, inv)
    }
    #[cold]
    #[inline(never)]
    pub(super) fn add_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p2: &[Row; M]) -> [Row; M] {
        PortableLanes::add_mod(a, b, p2)
    }
    #[cold]
    #[inline(never)]
    pub(super) fn sub_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p2: &[Row; M]) -> [Row; M] {
        PortableLanes::sub_mod(a, b, p2)
    }
    #[cold]
    #[inline(never)]
    pub(super) fn half_mod<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
        PortableLanes::half_mod(a, p)
    }
    #[cold]
    #[inline(never)]
    pub(super) fn canonical<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
        PortableLanes::canonical(a, p)
    }
    #[cold]
    #[inline(never)]
    pub(super) fn lincomb<const M: usize>(
        a: &[Row; M],
        ka: i64,
        b: &[Row; M],
        kb: i64,
        p2: &[Row; M],
    ) -> [Row; M] {
        PortableLanes::lincomb(a, ka, b, kb, p2)
    }
    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn fp2_mul<const M: usize>(
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
        PortableLanes::fp2_mul(a, b, beta, lazy, p, p2, inv, c0, c1)
    }
    #[cold]
    #[inline(never)]
    pub(super) fn fp2_square<const M: usize>(
        a: [&[Row; M]; 2],
        beta: i64,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        c0: &mut [Row; M],
        c1: &mut [Row; M],
    ) {
        PortableLanes::fp2_square(a, beta, p, p2, inv, c0, c1)
    }
    #[cold]
    #[inline(never)]
    pub(super) fn compressed_squares<const M: usize>(
        s: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
    ) -> [Row; M] {
        PortableLanes::compressed_squares(s, count, p, p2, inv)
    }
    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn cyclotomic_squares<const M: usize>(
        x: &[Row; M],
        y: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        xi: (u64, u64),
    ) -> ([Row; M], [Row; M]) {
        PortableLanes::cyclotomic_squares(x, y, count, p, p2, inv, xi)
    }
}

/// Off x86-64 the IFMA backend is the portable one.
#[cfg(not(target_arch = "x86_64"))]
impl LaneBackend for IfmaLanes {
    const NAME: &'static str = "avx512ifma";
    fn active() -> bool {
        false
    }
    fn mont_mul<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M], inv: u64) -> [Row; M] {
        PortableLanes::mont_mul(a, b, p, inv)
    }
    fn add_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M]) -> [Row; M] {
        PortableLanes::add_mod(a, b, p)
    }
    fn sub_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M]) -> [Row; M] {
        PortableLanes::sub_mod(a, b, p)
    }
    fn half_mod<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
        PortableLanes::half_mod(a, p)
    }
    fn canonical<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
        PortableLanes::canonical(a, p)
    }
    fn lincomb<const M: usize>(
        a: &[Row; M],
        ka: i64,
        b: &[Row; M],
        kb: i64,
        p2: &[Row; M],
    ) -> [Row; M] {
        PortableLanes::lincomb(a, ka, b, kb, p2)
    }
    fn fp2_mul<const M: usize>(
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
        PortableLanes::fp2_mul(a, b, beta, lazy, p, p2, inv, c0, c1)
    }
    fn fp2_square<const M: usize>(
        a: [&[Row; M]; 2],
        beta: i64,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        c0: &mut [Row; M],
        c1: &mut [Row; M],
    ) {
        PortableLanes::fp2_square(a, beta, p, p2, inv, c0, c1)
    }
    fn fp6_mul<const M: usize>(
        a: [&[Row; M]; 6],
        b: [&[Row; M]; 6],
        k: &TowerConsts<'_, [Row; M]>,
        c: [&mut [Row; M]; 6],
    ) -> bool {
        PortableLanes::fp6_mul(a, b, k, c)
    }
    fn fp12_mul_by_line<const M: usize>(
        f: [&mut [Row; M]; 12],
        l: [&[Row; M]; 6],
        m_type: bool,
        k: &TowerConsts<'_, [Row; M]>,
    ) -> bool {
        PortableLanes::fp12_mul_by_line(f, l, m_type, k)
    }
    fn fp12_square<const M: usize>(f: [&mut [Row; M]; 12], k: &TowerConsts<'_, [Row; M]>) -> bool {
        PortableLanes::fp12_square(f, k)
    }
    fn cyclotomic_square<const M: usize, const K: usize>(
        e: [&[Row; M]; K],
        k: &TowerConsts<'_, [Row; M]>,
        c: [&mut [Row; M]; K],
    ) -> bool {
        PortableLanes::cyclotomic_square(e, k, c)
    }
    fn compressed_squares<const M: usize>(
        s: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
    ) -> [Row; M] {
        PortableLanes::compressed_squares(s, count, p, p2, inv)
    }
    fn cyclotomic_squares<const M: usize>(
        x: &[Row; M],
        y: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        xi: (u64, u64),
    ) -> ([Row; M], [Row; M]) {
        PortableLanes::cyclotomic_squares(x, y, count, p, p2, inv, xi)
    }
}

/// Eight u64 lanes: the operations the kernels need, with the semantics of the AVX-512
/// instructions (shifts by constants, 52-bit multiply-accumulate).
trait V8: Copy {
    /// The same value, hidden from the optimiser: a select mask passes through it so that the
    /// compiler, knowing the mask is 0 or !0, cannot turn the select into a branch (ctgrind
    /// caught that on the portable backend). SIMD registers need nothing.
    #[inline(always)]
    fn opaque(self) -> Self {
        self
    }
    fn zero() -> Self;
    fn splat(x: u64) -> Self;
    fn load(r: &Row) -> Self;
    fn store(self) -> Row;
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn xor(self, o: Self) -> Self;
    /// Logical shifts.
    fn shr52(self) -> Self;
    /// Arithmetic shift (the signed carry of a digit).
    fn sra52(self) -> Self;
    fn shr63(self) -> Self;
    fn shr1(self) -> Self;
    fn shl51(self) -> Self;
    /// self + the low 52 bits of (b mod 2^52)(c mod 2^52) (`vpmadd52luq`).
    fn madd_lo(self, b: Self, c: Self) -> Self;
    /// self + the high 52 bits of (b mod 2^52)(c mod 2^52) (`vpmadd52huq`).
    fn madd_hi(self, b: Self, c: Self) -> Self;
    /// Lane i: lane idx[i] of self (idx < 8) or lane idx[i] - 8 of o (8..16), 0 for idx = 0xFF
    /// (`vpermt2q` with a zeroing mask; idx is a public constant).
    fn perm2(self, o: Self, idx: [u8; LANES]) -> Self;
    /// Lane i: o where bit i of the public constant `mask` is set, self elsewhere (`vpblendmq`).
    fn blend(self, o: Self, mask: u8) -> Self;
}

/// The portable vector: eight u64, lane by lane.
#[derive(Clone, Copy)]
struct Scalar8([u64; LANES]);

impl Scalar8 {
    #[inline(always)]
    fn map(self, f: impl Fn(u64) -> u64) -> Self {
        Scalar8(self.0.map(f))
    }
    #[inline(always)]
    fn zip(self, o: Self, f: impl Fn(u64, u64) -> u64) -> Self {
        Scalar8(core::array::from_fn(|i| f(self.0[i], o.0[i])))
    }
    #[inline(always)]
    fn product52(b: u64, c: u64) -> u128 {
        (b & MASK52) as u128 * (c & MASK52) as u128
    }
}

impl V8 for Scalar8 {
    #[inline(always)]
    fn opaque(self) -> Self {
        self.map(crate::arith::limbs::ct::barrier)
    }
    #[inline(always)]
    fn zero() -> Self {
        Scalar8([0; LANES])
    }
    #[inline(always)]
    fn splat(x: u64) -> Self {
        Scalar8([x; LANES])
    }
    #[inline(always)]
    fn load(r: &Row) -> Self {
        Scalar8(r.0)
    }
    #[inline(always)]
    fn store(self) -> Row {
        Row(self.0)
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        self.zip(o, u64::wrapping_add)
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self.zip(o, u64::wrapping_sub)
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        self.zip(o, |a, b| a & b)
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        self.zip(o, |a, b| a | b)
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        self.zip(o, |a, b| a ^ b)
    }
    #[inline(always)]
    fn shr52(self) -> Self {
        self.map(|a| a >> 52)
    }
    #[inline(always)]
    fn sra52(self) -> Self {
        self.map(|a| ((a as i64) >> 52) as u64)
    }
    #[inline(always)]
    fn shr63(self) -> Self {
        self.map(|a| a >> 63)
    }
    #[inline(always)]
    fn shr1(self) -> Self {
        self.map(|a| a >> 1)
    }
    #[inline(always)]
    fn shl51(self) -> Self {
        self.map(|a| a << 51)
    }
    #[inline(always)]
    fn madd_lo(self, b: Self, c: Self) -> Self {
        Scalar8(core::array::from_fn(|i| {
            let t = Self::product52(b.0[i], c.0[i]) as u64 & MASK52;
            self.0[i].wrapping_add(t)
        }))
    }
    #[inline(always)]
    fn madd_hi(self, b: Self, c: Self) -> Self {
        Scalar8(core::array::from_fn(|i| {
            let t = (Self::product52(b.0[i], c.0[i]) >> 52) as u64;
            self.0[i].wrapping_add(t)
        }))
    }
    #[inline(always)]
    fn perm2(self, o: Self, idx: [u8; LANES]) -> Self {
        Scalar8(core::array::from_fn(|i| match idx[i] {
            k @ 0..=7 => self.0[k as usize],
            k @ 8..=15 => o.0[k as usize - 8],
            _ => 0,
        }))
    }
    #[inline(always)]
    fn blend(self, o: Self, mask: u8) -> Self {
        Scalar8(core::array::from_fn(|i| {
            if (mask >> i) & 1 == 1 {
                o.0[i]
            } else {
                self.0[i]
            }
        }))
    }
}

/// The kernels, once for every [`V8`]: inputs fully reduced (digits < 2^52, value < p), outputs too.
#[allow(clippy::needless_range_loop)] // digit loops index several arrays, as the formulas do
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // the tower kernels serve IFMA only
mod kernels {
    use super::{Row, TowerConsts, MASK52, V8};

    // Plain loops throughout, no `core::array::from_fn`: its closure call is not always inlined,
    // and out of line it would run the vector operations outside the target-feature functions.

    #[inline(always)]
    fn load_all<V: V8, const M: usize>(x: &[Row; M]) -> [V; M] {
        let mut v = [V::zero(); M];
        for j in 0..M {
            v[j] = V::load(&x[j]);
        }
        v
    }

    #[inline(always)]
    fn store_all<V: V8, const M: usize>(x: [V; M]) -> [Row; M] {
        let mut r = [Row([0; super::LANES]); M];
        for j in 0..M {
            r[j] = x[j].store();
        }
        r
    }

    /// `a` where m = 0, `b` where m = !0.
    #[inline(always)]
    fn select<V: V8>(a: V, b: V, m: V) -> V {
        a.xor(a.xor(b).and(m.opaque()))
    }

    /// Carries up: every digit but the top one below 2^52 afterwards (the value is unchanged).
    #[inline(always)]
    fn carry<V: V8, const M: usize>(t: &mut [V; M]) {
        let mask = V::splat(MASK52);
        for j in 0..M - 1 {
            let c = t[j].shr52();
            t[j] = t[j].and(mask);
            t[j + 1] = t[j + 1].add(c);
        }
    }

    /// t - p where t >= p, t elsewhere, for carried t < 2p (only the top digit may exceed 52 bits).
    #[inline(always)]
    fn reduce_once<V: V8, const M: usize>(t: [V; M], p: &[V; M]) -> [V; M] {
        let mask = V::splat(MASK52);
        let mut d = [V::zero(); M];
        let mut borrow = V::zero();
        for j in 0..M {
            let x = t[j].sub(p[j]).sub(borrow);
            borrow = x.shr63();
            d[j] = x.and(mask);
        }
        // All ones where t < p (the subtraction borrowed out of the top digit).
        let keep = V::zero().sub(borrow);
        for j in 0..M {
            d[j] = select(d[j], t[j], keep);
        }
        d
    }

    /// Montgomery multiplication, operand scanning: per digit a_i, t += a_i b, then t += m p with
    /// m = t_0 (-p^{-1}) mod 2^52 so that t_0 becomes divisible by 2^52, then t /= 2^52. The low and
    /// high halves of the products go to neighbouring digits without carrying (each 64-bit digit
    /// receives at most 4 terms of 52 bits per row, so M <= 13 rows cannot overflow it); one carry
    /// pass and one conditional subtraction at the end (t < 2p for a, b < p < 2^(52M)).
    #[inline(always)]
    pub(super) fn mont_mul<V: V8, const M: usize>(
        a: &[Row; M],
        b: &[Row; M],
        p: &[Row; M],
        inv: u64,
    ) -> [Row; M] {
        store_all(mont_mul_v::<V, M>(
            &load_all(a),
            &load_all(b),
            &load_all(p),
            inv,
        ))
    }

    /// [`mont_mul`] on registers.
    #[inline(always)]
    fn mont_mul_v<V: V8, const M: usize>(a: &[V; M], b: &[V; M], pv: &[V; M], inv: u64) -> [V; M] {
        let inv = V::splat(inv);
        let mut t = [V::zero(); M];
        let mut top = V::zero();
        for &ai in a.iter() {
            for j in 0..M {
                t[j] = t[j].madd_lo(ai, b[j]);
                if j + 1 < M {
                    t[j + 1] = t[j + 1].madd_hi(ai, b[j]);
                } else {
                    top = top.madd_hi(ai, b[j]);
                }
            }
            let m = V::zero().madd_lo(t[0], inv);
            for j in 0..M {
                t[j] = t[j].madd_lo(m, pv[j]);
                if j + 1 < M {
                    t[j + 1] = t[j + 1].madd_hi(m, pv[j]);
                } else {
                    top = top.madd_hi(m, pv[j]);
                }
            }
            // t_0 = 0 mod 2^52 now: shift down one digit, keeping its carry.
            let c = t[0].shr52();
            for j in 0..M - 1 {
                t[j] = t[j + 1];
            }
            t[M - 1] = top;
            top = V::zero();
            t[0] = t[0].add(c);
        }
        // t < ab/2^(52M) + p < 4p^2/2^(52M) + p < 2p: no final subtraction (4p < 2^(52M)).
        carry(&mut t);
        t
    }

    /// a mod p for a < 2p (digits < 2^52): one conditional subtraction.
    #[inline(always)]
    pub(super) fn canonical<V: V8, const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
        store_all(reduce_once::<V, M>(load_all(a), &load_all(p)))
    }

    /// Signed carries up, every digit below 2^52 afterwards; returns all ones in the lanes where
    /// the value is negative (the top digit's carry out), 0 elsewhere.
    #[inline(always)]
    fn carry_signed<V: V8, const M: usize>(t: &mut [V; M]) -> V {
        let mask = V::splat(MASK52);
        for j in 0..M - 1 {
            let c = t[j].sra52();
            t[j] = t[j].and(mask);
            t[j + 1] = t[j + 1].add(c);
        }
        let neg = t[M - 1].sra52();
        t[M - 1] = t[M - 1].and(mask);
        neg.sra52()
    }

    /// (a + b) mod p below 2p, for a, b < 2p, in registers: s = a + b and s - 2p digit by digit,
    /// both carried at once (two independent chains), then s - 2p where it is not negative.
    #[inline(always)]
    fn add_v<V: V8, const M: usize>(a: &[V; M], b: &[V; M], p2: &[V; M]) -> [V; M] {
        let mut s = [V::zero(); M];
        let mut d = [V::zero(); M];
        for j in 0..M {
            s[j] = a[j].add(b[j]);
            d[j] = s[j].sub(p2[j]);
        }
        carry(&mut s);
        let neg = carry_signed(&mut d);
        for j in 0..M {
            d[j] = select(d[j], s[j], neg);
        }
        d
    }

    /// (a - b) mod p below 2p, for a, b < 2p, in registers: d = a - b and d + 2p digit by digit,
    /// both carried at once, then d where it is not negative.
    #[inline(always)]
    fn sub_v<V: V8, const M: usize>(a: &[V; M], b: &[V; M], p2: &[V; M]) -> [V; M] {
        let mut d = [V::zero(); M];
        let mut e = [V::zero(); M];
        for j in 0..M {
            d[j] = a[j].sub(b[j]);
            e[j] = d[j].add(p2[j]);
        }
        let neg = carry_signed(&mut d);
        carry_signed(&mut e);
        for j in 0..M {
            d[j] = select(d[j], e[j], neg);
        }
        d
    }

    /// (a + b) mod p, below 2p.
    #[inline(always)]
    pub(super) fn add_mod<V: V8, const M: usize>(
        a: &[Row; M],
        b: &[Row; M],
        p2: &[Row; M],
    ) -> [Row; M] {
        store_all(add_v::<V, M>(&load_all(a), &load_all(b), &load_all(p2)))
    }

    /// (a - b) mod p, below 2p.
    #[inline(always)]
    pub(super) fn sub_mod<V: V8, const M: usize>(
        a: &[Row; M],
        b: &[Row; M],
        p2: &[Row; M],
    ) -> [Row; M] {
        store_all(sub_v::<V, M>(&load_all(a), &load_all(b), &load_all(p2)))
    }

    /// ka * a + kb * b mod p, below 2p, for public constants: negated operands where a constant
    /// is negative, then one shared double-and-add over the bits of |ka| and |kb| from the top
    /// (Straus–Shamir), all in registers. The sequence of operations depends only on ka and kb.
    #[inline(always)]
    pub(super) fn lincomb<V: V8, const M: usize>(
        a: &[Row; M],
        ka: i64,
        b: &[Row; M],
        kb: i64,
        p2: &[Row; M],
    ) -> [Row; M] {
        store_all(lincomb_v::<V, M>(
            &load_all(a),
            ka,
            &load_all(b),
            kb,
            &load_all(p2),
        ))
    }

    /// [`lincomb`] on registers.
    #[inline(always)]
    fn lincomb_v<V: V8, const M: usize>(
        a: &[V; M],
        ka: i64,
        b: &[V; M],
        kb: i64,
        p2: &[V; M],
    ) -> [V; M] {
        let zero = [V::zero(); M];
        let (mut av, mut bv) = (*a, *b);
        if ka < 0 {
            av = sub_v(&zero, &av, p2);
        }
        if kb < 0 {
            bv = sub_v(&zero, &bv, p2);
        }
        let (ua, ub) = (ka.unsigned_abs(), kb.unsigned_abs());
        let both = if ua & ub != 0 {
            add_v(&av, &bv, p2)
        } else {
            zero
        };
        let top = 64 - (ua | ub).leading_zeros();
        let mut r = zero;
        for bit in (0..top).rev() {
            if bit + 1 < top {
                r = add_v(&r, &r, p2);
            }
            let t = match ((ua >> bit) & 1, (ub >> bit) & 1) {
                (1, 1) => &both,
                (1, 0) => &av,
                (0, 1) => &bv,
                _ => continue,
            };
            r = if bit + 1 == top { *t } else { add_v(&r, t, p2) };
        }
        r
    }

    /// The F_p2 product (a0 + a1 u)(b0 + b1 u) with u^2 = beta, Karatsuba (3 products), in
    /// registers: one call instead of eight, and no copies of the intermediate values.
    #[allow(clippy::too_many_arguments)] // the two halves of three F_p2 values, and the field
    #[inline(always)]
    pub(super) fn fp2_mul<V: V8, const M: usize>(
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
        let (pv, p2v): ([V; M], [V; M]) = (load_all(p), load_all(p2));
        let a = [load_all(a[0]), load_all(a[1])];
        let b = [load_all(b[0]), load_all(b[1])];
        let [r0, r1] = fp2_mul_v(&a, &b, beta, lazy, &pv, &p2v, inv);
        *c0 = store_all(r0);
        *c1 = store_all(r1);
    }

    /// [`fp2_mul`] on registers.
    #[inline(always)]
    fn fp2_mul_v<V: V8, const M: usize>(
        a: &[[V; M]; 2],
        b: &[[V; M]; 2],
        beta: i64,
        lazy: bool,
        pv: &[V; M],
        p2v: &[V; M],
        inv: u64,
    ) -> [[V; M]; 2] {
        let [a0, a1] = a;
        let [b0, b1] = b;
        if beta == -1 && lazy {
            // Lazy reduction (Aranha–Karabina–Longa–Gebotys–López, EUROCRYPT 2011, Section 3):
            // three double-width products, two reductions. Unreduced sums (below 4p) make
            // t2 - t0 - t1 = a0 b1 + a1 b0 exactly (below 8p^2); t0 - t1 gets p 2^(52M-1) added
            // (at least 4p^2 > t1). Both stay below p 2^(52M), so each reduction ends below 2p.
            let t0 = wide_mul(a0, b0);
            let t1 = wide_mul(a1, b1);
            let t2 = wide_mul(&add_carried(a0, a1), &add_carried(b0, b1));
            let k = p_shl_52m_minus_1(pv);
            let mut w0 = [[V::zero(); M]; 2];
            let mut w1 = [[V::zero(); M]; 2];
            for h in 0..2 {
                for j in 0..M {
                    w0[h][j] = t0[h][j].sub(t1[h][j]).add(k[h][j]);
                    w1[h][j] = t2[h][j].sub(t0[h][j]).sub(t1[h][j]);
                }
            }
            return [mont_reduce_wide(w0, pv, inv), mont_reduce_wide(w1, pv, inv)];
        }
        let v0 = mont_mul_v(a0, b0, pv, inv);
        let v1 = mont_mul_v(a1, b1, pv, inv);
        let t = mont_mul_v(&add_v(a0, a1, p2v), &add_v(b0, b1, p2v), pv, inv);
        [
            times_beta_plus(&v0, &v1, beta, p2v),
            sub_v(&sub_v(&t, &v0, p2v), &v1, p2v),
        ]
    }

    /// a + b in F_p2, below 2p.
    #[inline(always)]
    fn fp2_add_v<V: V8, const M: usize>(
        a: &[[V; M]; 2],
        b: &[[V; M]; 2],
        p2v: &[V; M],
    ) -> [[V; M]; 2] {
        [add_v(&a[0], &b[0], p2v), add_v(&a[1], &b[1], p2v)]
    }

    /// a - b in F_p2, below 2p.
    #[inline(always)]
    fn fp2_sub_v<V: V8, const M: usize>(
        a: &[[V; M]; 2],
        b: &[[V; M]; 2],
        p2v: &[V; M],
    ) -> [[V; M]; 2] {
        [sub_v(&a[0], &b[0], p2v), sub_v(&a[1], &b[1], p2v)]
    }

    /// a xi in F_p2 for xi = xi0 + xi1 u: additions only for xi = 1 + u and u^2 = -1, otherwise
    /// (xi0 a0 + beta xi1 a1) + (xi0 a1 + xi1 a0) u by two shared double-and-adds.
    #[inline(always)]
    fn fp2_mul_xi_v<V: V8, const M: usize>(
        a: &[[V; M]; 2],
        beta: i64,
        xi: (i64, i64),
        p2v: &[V; M],
    ) -> [[V; M]; 2] {
        let (x0, x1) = xi;
        if x0 == 1 && x1 == 1 && beta == -1 {
            return [sub_v(&a[0], &a[1], p2v), add_v(&a[0], &a[1], p2v)];
        }
        [
            lincomb_v(&a[0], x0, &a[1], beta * x1, p2v),
            lincomb_v(&a[1], x0, &a[0], x1, p2v),
        ]
    }

    /// An F_p2 value in registers: two coefficients of M digits.
    type Fp2V<V, const M: usize> = [[V; M]; 2];
    /// An F_p6 value in registers: (c0, c1, c2) over F_p2.
    type Fp6V<V, const M: usize> = [Fp2V<V, M>; 3];

    /// The tower's constants loaded once per kernel.
    struct TowerV<V, const M: usize> {
        pv: [V; M],
        p2v: [V; M],
        inv: u64,
        beta: i64,
        xi: (i64, i64),
        lazy: bool,
    }

    impl<V: V8, const M: usize> TowerV<V, M> {
        #[inline(always)]
        fn load(k: &TowerConsts<'_, [Row; M]>) -> Self {
            TowerV {
                pv: load_all(k.p),
                p2v: load_all(k.p2),
                inv: k.inv,
                beta: k.beta,
                xi: k.xi,
                lazy: k.lazy,
            }
        }
        #[inline(always)]
        fn mul2(&self, a: &Fp2V<V, M>, b: &Fp2V<V, M>) -> Fp2V<V, M> {
            fp2_mul_v(a, b, self.beta, self.lazy, &self.pv, &self.p2v, self.inv)
        }
        #[inline(always)]
        fn add2(&self, a: &Fp2V<V, M>, b: &Fp2V<V, M>) -> Fp2V<V, M> {
            fp2_add_v(a, b, &self.p2v)
        }
        #[inline(always)]
        fn sub2(&self, a: &Fp2V<V, M>, b: &Fp2V<V, M>) -> Fp2V<V, M> {
            fp2_sub_v(a, b, &self.p2v)
        }
        #[inline(always)]
        fn xi2(&self, a: &Fp2V<V, M>) -> Fp2V<V, M> {
            fp2_mul_xi_v(a, self.beta, self.xi, &self.p2v)
        }
        #[inline(always)]
        fn add6(&self, a: &Fp6V<V, M>, b: &Fp6V<V, M>) -> Fp6V<V, M> {
            [
                self.add2(&a[0], &b[0]),
                self.add2(&a[1], &b[1]),
                self.add2(&a[2], &b[2]),
            ]
        }
        #[inline(always)]
        fn sub6(&self, a: &Fp6V<V, M>, b: &Fp6V<V, M>) -> Fp6V<V, M> {
            [
                self.sub2(&a[0], &b[0]),
                self.sub2(&a[1], &b[1]),
                self.sub2(&a[2], &b[2]),
            ]
        }
        /// a v = (xi a2, a0, a1).
        #[inline(always)]
        fn mul_by_v6(&self, a: &Fp6V<V, M>) -> Fp6V<V, M> {
            [self.xi2(&a[2]), a[0], a[1]]
        }
        /// The F_p6 product, Karatsuba (6 F_p2 products; Devegili–Ó hÉigeartaigh–Scott–Dahab 2006).
        #[inline(always)]
        fn mul6(&self, x: &Fp6V<V, M>, y: &Fp6V<V, M>) -> Fp6V<V, M> {
            let v0 = self.mul2(&x[0], &y[0]);
            let v1 = self.mul2(&x[1], &y[1]);
            let v2 = self.mul2(&x[2], &y[2]);
            // c0 = xi ((a1 + a2)(b1 + b2) - v1 - v2) + v0
            let t = self.mul2(&self.add2(&x[1], &x[2]), &self.add2(&y[1], &y[2]));
            let c0 = self.add2(&self.xi2(&self.sub2(&self.sub2(&t, &v1), &v2)), &v0);
            // c1 = (a0 + a1)(b0 + b1) - v0 - v1 + xi v2
            let t = self.mul2(&self.add2(&x[0], &x[1]), &self.add2(&y[0], &y[1]));
            let c1 = self.add2(&self.sub2(&self.sub2(&t, &v0), &v1), &self.xi2(&v2));
            // c2 = (a0 + a2)(b0 + b2) - v0 - v2 + v1
            let t = self.mul2(&self.add2(&x[0], &x[2]), &self.add2(&y[0], &y[2]));
            let c2 = self.add2(&self.sub2(&self.sub2(&t, &v0), &v2), &v1);
            [c0, c1, c2]
        }
        /// a (b0 + b1 v): 5 F_p2 products (Karatsuba with b2 = 0).
        #[inline(always)]
        fn mul_by_01_6(&self, a: &Fp6V<V, M>, b0: &Fp2V<V, M>, b1: &Fp2V<V, M>) -> Fp6V<V, M> {
            let v0 = self.mul2(&a[0], b0);
            let v1 = self.mul2(&a[1], b1);
            let t = self.mul2(&self.add2(&a[1], &a[2]), b1);
            let c0 = self.add2(&self.xi2(&self.sub2(&t, &v1)), &v0);
            let t = self.mul2(&self.add2(&a[0], &a[1]), &self.add2(b0, b1));
            let c1 = self.sub2(&self.sub2(&t, &v0), &v1);
            let t = self.mul2(&self.add2(&a[0], &a[2]), b0);
            let c2 = self.add2(&self.sub2(&t, &v0), &v1);
            [c0, c1, c2]
        }
        /// a (b1 v): 3 F_p2 products.
        #[inline(always)]
        fn mul_by_1_6(&self, a: &Fp6V<V, M>, b1: &Fp2V<V, M>) -> Fp6V<V, M> {
            [
                self.xi2(&self.mul2(&a[2], b1)),
                self.mul2(&a[0], b1),
                self.mul2(&a[1], b1),
            ]
        }
        /// a b0 for b0 in F_p2: 3 F_p2 products.
        #[inline(always)]
        fn mul_by_0_6(&self, a: &Fp6V<V, M>, b0: &Fp2V<V, M>) -> Fp6V<V, M> {
            [
                self.mul2(&a[0], b0),
                self.mul2(&a[1], b0),
                self.mul2(&a[2], b0),
            ]
        }
    }

    /// Six rows (c0.c0, c0.c1, c1.c0, c1.c1, c2.c0, c2.c1) into registers.
    #[inline(always)]
    fn load_fp6<V: V8, const M: usize>(a: [&[Row; M]; 6]) -> Fp6V<V, M> {
        let mut x = [[[V::zero(); M]; 2]; 3];
        for i in 0..3 {
            for h in 0..2 {
                x[i][h] = load_all(a[2 * i + h]);
            }
        }
        x
    }

    /// The F_p6 product over F_p2 with v^3 = xi (Karatsuba, [`TowerV::mul6`]), every
    /// intermediate value in registers or this frame.
    #[inline(always)]
    pub(super) fn fp6_mul<V: V8, const M: usize>(
        a: [&[Row; M]; 6],
        b: [&[Row; M]; 6],
        k: &TowerConsts<'_, [Row; M]>,
        c: [&mut [Row; M]; 6],
    ) {
        let t = TowerV::<V, M>::load(k);
        let r = t.mul6(&load_fp6(a), &load_fp6(b));
        for (i, out) in c.into_iter().enumerate() {
            *out = store_all(r[i / 2][i % 2]);
        }
    }

    /// f <- f * l in F_p12 = F_p6[w]/(w^2 - v) for a sparse line l, in place: D-type
    /// l = a + (b + c v) w, M-type l = (a + b v) + (c v) w. Karatsuba over F_p6 with the sparse
    /// factors' products (13 F_p2 products for either type), all in registers: the tower's
    /// formula as one kernel (`Fp12::mul_by_line_d`/`_m`).
    #[inline(always)]
    pub(super) fn fp12_mul_by_line<V: V8, const M: usize>(
        f: [&mut [Row; M]; 12],
        l: [&[Row; M]; 6],
        m_type: bool,
        k: &TowerConsts<'_, [Row; M]>,
    ) {
        let t = TowerV::<V, M>::load(k);
        let [f0, f1] = load_fp12(&f);
        let (a, b, c) = (
            [load_all(l[0]), load_all(l[1])],
            [load_all(l[2]), load_all(l[3])],
            [load_all(l[4]), load_all(l[5])],
        );
        let s = t.add6(&f0, &f1);
        let (t0, t1, x) = if m_type {
            (
                t.mul_by_01_6(&f0, &a, &b),
                t.mul_by_1_6(&f1, &c),
                t.mul_by_01_6(&s, &a, &t.add2(&b, &c)),
            )
        } else {
            (
                t.mul_by_0_6(&f0, &a),
                t.mul_by_01_6(&f1, &b, &c),
                t.mul_by_01_6(&s, &t.add2(&a, &b), &c),
            )
        };
        // (t0 + t1 v) + (x - t0 - t1) w
        let c0 = t.add6(&t0, &t.mul_by_v6(&t1));
        let c1 = t.sub6(&t.sub6(&x, &t0), &t1);
        store_fp12(f, [c0, c1]);
    }

    /// f <- f^2 in F_p12, in place (complex squaring: 2 F_p6 products, `Fp12::square`).
    #[inline(always)]
    pub(super) fn fp12_square<V: V8, const M: usize>(
        f: [&mut [Row; M]; 12],
        k: &TowerConsts<'_, [Row; M]>,
    ) {
        let t = TowerV::<V, M>::load(k);
        let [f0, f1] = load_fp12(&f);
        let ab = t.mul6(&f0, &f1);
        let x = t.mul6(&t.add6(&f0, &f1), &t.add6(&f0, &t.mul_by_v6(&f1)));
        let c0 = t.sub6(&t.sub6(&x, &ab), &t.mul_by_v6(&ab));
        let c1 = t.add6(&ab, &ab);
        store_fp12(f, [c0, c1]);
    }

    /// Twelve rows (c0's six, then c1's) into registers.
    #[inline(always)]
    fn load_fp12<V: V8, const M: usize>(f: &[&mut [Row; M]; 12]) -> [Fp6V<V, M>; 2] {
        let mut x = [[[[V::zero(); M]; 2]; 3]; 2];
        for (i, row) in f.iter().enumerate() {
            x[i / 6][(i % 6) / 2][i % 2] = load_all(row);
        }
        x
    }

    /// [`load_fp12`]'s inverse.
    #[inline(always)]
    fn store_fp12<V: V8, const M: usize>(f: [&mut [Row; M]; 12], x: [Fp6V<V, M>; 2]) {
        for (i, row) in f.into_iter().enumerate() {
            *row = store_all(x[i / 6][(i % 6) / 2][i % 2]);
        }
    }

    /// a + b with carries but no reduction (below 4p < 2^(52M) for a, b < 2p).
    #[inline(always)]
    fn add_carried<V: V8, const M: usize>(a: &[V; M], b: &[V; M]) -> [V; M] {
        let mut s = [V::zero(); M];
        for j in 0..M {
            s[j] = a[j].add(b[j]);
        }
        carry(&mut s);
        s
    }

    /// The 2M-digit product a b (low half, high half), digits not carried: each digit sums at
    /// most 2M halves of 52-bit products, below 2^58 for M <= 32.
    #[inline(always)]
    fn wide_mul<V: V8, const M: usize>(a: &[V; M], b: &[V; M]) -> [[V; M]; 2] {
        let mut t = [[V::zero(); M]; 2];
        for i in 0..M {
            for j in 0..M {
                let (lo, hi) = (i + j, i + j + 1);
                t[lo / M][lo % M] = t[lo / M][lo % M].madd_lo(a[i], b[j]);
                if hi < 2 * M {
                    t[hi / M][hi % M] = t[hi / M][hi % M].madd_hi(a[i], b[j]);
                }
            }
        }
        t
    }

    /// p 2^(52M - 1) in 2M digits (p shifted up 51 bits, from digit M - 1 on); needs
    /// p < 2^(52M - 3) so that nothing leaves the top digit.
    #[inline(always)]
    fn p_shl_52m_minus_1<V: V8, const M: usize>(p: &[V; M]) -> [[V; M]; 2] {
        let mask = V::splat(MASK52);
        let mut k = [[V::zero(); M]; 2];
        for i in 0..=M {
            let here = if i < M { p[i].shl51() } else { V::zero() };
            let below = if i > 0 { p[i - 1].shr1() } else { V::zero() };
            let d = M - 1 + i;
            k[d / M][d % M] = here.or(below).and(mask);
        }
        k
    }

    /// Montgomery reduction of a 2M-digit value w (digits signed and not carried, value in
    /// [0, p 2^(52M))): w / 2^(52M) mod p, below 2p. Per digit i: m = w_i (-p^{-1}) mod 2^52
    /// (IFMA reads the low 52 bits, right for negative digits too), w += m p 2^(52i), and w_i's
    /// exact carry (arithmetic shift) moves up.
    #[inline(always)]
    fn mont_reduce_wide<V: V8, const M: usize>(w: [[V; M]; 2], p: &[V; M], inv: u64) -> [V; M] {
        const { assert!(M <= 31, "the reduction's scratch holds 64 digits") };
        let inv = V::splat(inv);
        let mut t = [V::zero(); 64];
        for h in 0..2 {
            for j in 0..M {
                t[h * M + j] = w[h][j];
            }
        }
        for i in 0..M {
            let m = V::zero().madd_lo(t[i], inv);
            for j in 0..M {
                t[i + j] = t[i + j].madd_lo(m, p[j]);
                t[i + j + 1] = t[i + j + 1].madd_hi(m, p[j]);
            }
            t[i + 1] = t[i + 1].add(t[i].sra52());
        }
        let mut r = [V::zero(); M];
        r.copy_from_slice(&t[M..2 * M]);
        carry_signed(&mut r);
        r
    }

    /// x + beta y.
    #[inline(always)]
    fn times_beta_plus<V: V8, const M: usize>(
        x: &[V; M],
        y: &[V; M],
        beta: i64,
        p2: &[V; M],
    ) -> [V; M] {
        match beta {
            -1 => sub_v(x, y, p2),
            1 => add_v(x, y, p2),
            _ => lincomb_v(x, 1, y, beta, p2),
        }
    }

    /// The F_p2 square of a0 + a1 u with u^2 = beta, in registers: (a0 + a1)(a0 - a1) and
    /// 2 a0 a1 for beta = -1 (2 products), a0^2 + beta a1^2 and 2 a0 a1 otherwise (3).
    #[inline(always)]
    pub(super) fn fp2_square<V: V8, const M: usize>(
        a: [&[Row; M]; 2],
        beta: i64,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        c0: &mut [Row; M],
        c1: &mut [Row; M],
    ) {
        let (pv, p2v): ([V; M], [V; M]) = (load_all(p), load_all(p2));
        let a = [load_all(a[0]), load_all(a[1])];
        let [r0, r1] = fp2_square_v(&a, beta, &pv, &p2v, inv);
        *c0 = store_all(r0);
        *c1 = store_all(r1);
    }

    /// [`fp2_square`] on registers.
    #[inline(always)]
    fn fp2_square_v<V: V8, const M: usize>(
        a: &[[V; M]; 2],
        beta: i64,
        pv: &[V; M],
        p2v: &[V; M],
        inv: u64,
    ) -> [[V; M]; 2] {
        let [a0, a1] = a;
        let c1 = mont_mul_v(&add_v(a0, a0, p2v), a1, pv, inv);
        let c0 = if beta == -1 {
            mont_mul_v(&add_v(a0, a1, p2v), &sub_v(a0, a1, p2v), pv, inv)
        } else {
            let (s0, s1) = (mont_mul_v(a0, a0, pv, inv), mont_mul_v(a1, a1, pv, inv));
            times_beta_plus(&s0, &s1, beta, p2v)
        };
        [c0, c1]
    }

    /// (a0 + a1 s)^2 in F_p4 = F_p2[s]/(s^2 - xi): (a0^2 + xi a1^2) + ((a0 + a1)^2 - a0^2 - a1^2) s,
    /// three F_p2 squares.
    #[inline(always)]
    fn fp4_square_v<V: V8, const M: usize>(
        a0: &[[V; M]; 2],
        a1: &[[V; M]; 2],
        k: &TowerConsts<'_, [Row; M]>,
        pv: &[V; M],
        p2v: &[V; M],
    ) -> [[[V; M]; 2]; 2] {
        let t0 = fp2_square_v(a0, k.beta, pv, p2v, k.inv);
        let t1 = fp2_square_v(a1, k.beta, pv, p2v, k.inv);
        let s = fp2_square_v(&fp2_add_v(a0, a1, p2v), k.beta, pv, p2v, k.inv);
        [
            fp2_add_v(&t0, &fp2_mul_xi_v(&t1, k.beta, k.xi, p2v), p2v),
            fp2_sub_v(&fp2_sub_v(&s, &t0, p2v), &t1, p2v),
        ]
    }

    /// 3a - 2b = 2(a - b) + a in F_p2.
    #[inline(always)]
    fn three_minus_two_v<V: V8, const M: usize>(
        a: &[[V; M]; 2],
        b: &[[V; M]; 2],
        p2v: &[V; M],
    ) -> [[V; M]; 2] {
        let d = fp2_sub_v(a, b, p2v);
        fp2_add_v(&fp2_add_v(&d, &d, p2v), a, p2v)
    }

    /// 3a + 2b = 2(a + b) + a in F_p2.
    #[inline(always)]
    fn three_plus_two_v<V: V8, const M: usize>(
        a: &[[V; M]; 2],
        b: &[[V; M]; 2],
        p2v: &[V; M],
    ) -> [[V; M]; 2] {
        let d = fp2_add_v(a, b, p2v);
        fp2_add_v(&fp2_add_v(&d, &d, p2v), a, p2v)
    }

    /// The cyclotomic square of Granger–Scott (PKC 2010, Section 3.2) in registers: with K = 12,
    /// A' = 3A^2 - 2 conj(A) from the first four coefficients (A = e0 + e3 s), then on the last
    /// eight, [e1, e2, e4, e5]: B = e1 + e4 s, C = e2 + e5 s, B' = 3 s C^2 + 2 conj(B),
    /// C' = 3 B^2 - 2 conj(C) (with K = 8 only these: Karabina's compressed square).
    #[inline(always)]
    pub(super) fn cyclotomic_square<V: V8, const M: usize, const K: usize>(
        e: [&[Row; M]; K],
        k: &TowerConsts<'_, [Row; M]>,
        c: [&mut [Row; M]; K],
    ) {
        const {
            assert!(
                K == 8 || K == 12,
                "a full or a compressed cyclotomic element"
            )
        };
        let (pv, p2v): ([V; M], [V; M]) = (load_all(k.p), load_all(k.p2));
        let mut x = [[[V::zero(); M]; 2]; 6];
        for i in 0..K / 2 {
            x[i] = [load_all(e[2 * i]), load_all(e[2 * i + 1])];
        }
        let mut y = [[[V::zero(); M]; 2]; 6];
        let o = K / 2 - 4;
        if K == 12 {
            let [a0, a1] = fp4_square_v(&x[0], &x[1], k, &pv, &p2v);
            y[0] = three_minus_two_v(&a0, &x[0], &p2v);
            y[1] = three_plus_two_v(&a1, &x[1], &p2v);
        }
        let (e1, e2, e4, e5) = (&x[o], &x[o + 1], &x[o + 2], &x[o + 3]);
        let [b0, b1] = fp4_square_v(e1, e4, k, &pv, &p2v);
        let [c0, c1] = fp4_square_v(e2, e5, k, &pv, &p2v);
        // s C^2 = xi c1 + c0 s
        let sc0 = fp2_mul_xi_v(&c1, k.beta, k.xi, &p2v);
        y[o] = three_plus_two_v(&sc0, e1, &p2v);
        y[o + 1] = three_minus_two_v(&b0, e2, &p2v);
        y[o + 2] = three_minus_two_v(&c0, e4, &p2v);
        y[o + 3] = three_plus_two_v(&b1, e5, &p2v);
        for (i, out) in c.into_iter().enumerate() {
            *out = store_all(y[i / 2][i % 2]);
        }
    }

    /// `count` compressed cyclotomic squares (Karabina, as [`cyclotomic_square`] with K = 8) of
    /// ONE element, digit-sliced: its eight F_p coefficients [e1.0, e1.1, e4.0, e4.1, e2.0, e2.1,
    /// e5.0, e5.1] sit in the eight lanes, so each square's twelve F_p products are two lane
    /// products, and the sums between them are lane permutations and digit-wise additions. For
    /// u^2 = -1, xi = 1 + u. The state stays below 2p with digits below 2^52 between squares;
    /// needs sums below 88p to fit the reductions ([`super::sliced_compressed_squares_apply`]).
    #[inline(always)]
    pub(super) fn compressed_squares<V: V8, const M: usize>(
        s: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
    ) -> [Row; M] {
        let (pv, p2v): ([V; M], [V; M]) = (load_all(p), load_all(p2));
        let (mut p4v, mut p6v) = ([V::zero(); M], [V::zero(); M]);
        for j in 0..M {
            p4v[j] = p2v[j].add(p2v[j]);
            p6v[j] = p4v[j].add(p2v[j]);
        }
        // floor(2^52 / (top digit of p + 1)): the quotient estimate of the final reduction.
        let recip = V::splat((1u64 << 52) / (p[M - 1].0[0] + 1));
        let mut x: [V; M] = load_all(s);
        for _ in 0..count {
            x = compressed_square_v(&x, &pv, &p2v, &p4v, &p6v, recip, inv);
        }
        store_all(x)
    }

    /// One square of [`compressed_squares`]. With P1 = (e1^2, e4^2, e2^2, e5^2) as F_p2 values
    /// ((x0 + x1)(x0 - x1) and 2 x0 x1 in each lane pair) and P2 = the four F_p products each of
    /// e1 e4 and e2 e5, Karabina's formulas (B = e1 + e4 s, C = e2 + e5 s, as `square_bc_from`)
    /// are, lane by lane:
    ///   e1' = 6(P2[4] - P2[5] - P2[6] - P2[7]) + 2 e1.0,  6(P2[4] - P2[5] + P2[6] + P2[7]) + 2 e1.1
    ///   e4' = 3(P1[4] + P1[6] - P1[7]) - 2 e4.0,          3(P1[5] + P1[6] + P1[7]) - 2 e4.1
    ///   e2' = 3(P1[0] + P1[2] - P1[3]) - 2 e2.0,          3(P1[1] + P1[2] + P1[3]) - 2 e2.1
    ///   e5' = 6(P2[0] - P2[1]) + 2 e5.0,                  6(P2[2] + P2[3]) + 2 e5.1
    /// (3 xi C^2's u-part, 3 C^2, 3 B^2 and 3 B^2's u-part with xi = 1 + u). The positive and
    /// negative terms are gathered by two-source lane permutations; the sum, below 88p, is
    /// carried and reduced by one multiple of p estimated from its top digit.
    #[inline(always)]
    fn compressed_square_v<V: V8, const M: usize>(
        s: &[V; M],
        pv: &[V; M],
        p2v: &[V; M],
        p4v: &[V; M],
        p6v: &[V; M],
        recip: V,
        inv: u64,
    ) -> [V; M] {
        const Z: u8 = 0xFF;
        const ODD: u8 = 0b1010_1010;
        let (mut l, mut r) = ([V::zero(); M], [V::zero(); M]);
        let (mut l2, mut r2) = ([V::zero(); M], [V::zero(); M]);
        for j in 0..M {
            let sw = s[j].perm2(s[j], [1, 0, 3, 2, 5, 4, 7, 6]);
            // Even lanes: x0 + x1 and x0 - x1 + 2p (below 4p); odd lanes: 2 x0 and x1.
            l[j] = sw.add(s[j].blend(sw, ODD));
            r[j] = s[j].add(p2v[j]).sub(sw).blend(s[j], ODD);
            // e1.0 e4.0, e1.1 e4.1, e1.0 e4.1, e1.1 e4.0, and the same for e2, e5.
            l2[j] = s[j].perm2(s[j], [0, 1, 0, 1, 4, 5, 4, 5]);
            r2[j] = s[j].perm2(s[j], [2, 3, 3, 2, 6, 7, 7, 6]);
        }
        carry(&mut l);
        carry_signed(&mut r);
        // Factors below 4p: each product is below 16p^2/2^(52M) + p < 2p.
        let p1 = mont_mul_v(&l, &r, pv, inv);
        let p2 = mont_mul_v(&l2, &r2, pv, inv);
        let mut v = [V::zero(); M];
        for j in 0..M {
            let (a, b) = (p1[j], p2[j]);
            let pos = a
                .perm2(b, [12, 12, 4, 5, 0, 1, 8, 10])
                .add(a.perm2(b, [Z, Z, 6, 6, 2, 2, Z, 11]))
                .add(a.perm2(b, [Z, 14, Z, 7, Z, 3, Z, Z]))
                .add(a.perm2(b, [Z, 15, Z, Z, Z, Z, Z, Z]));
            let neg = a
                .perm2(b, [13, 13, Z, Z, Z, Z, 9, Z])
                .add(a.perm2(b, [14, Z, 7, Z, 3, Z, Z, Z]))
                .add(a.perm2(b, [15, Z, Z, Z, Z, Z, Z, Z]));
            // At most four positive and three negative terms, each below 2p: pos + 6p - neg is in
            // (0, 14p); 6 times it plus 2e in lanes 0, 1, 6, 7, 3 times it minus 2e elsewhere.
            v[j] = triple_or_six(pos, neg, p6v[j], s[j], p4v[j], 0b1100_0011);
        }
        // v < 6 * 14p + 4p = 88p.
        reduce_below_2p(&mut v, pv, recip);
        v
    }

    /// v (digits of any sign, value in [0, 88p)) reduced below 2p with digits below 2^52: carried,
    /// then less q p, where with t the top digit, q = floor(t m / 2^52) for
    /// m = floor(2^52 / (top digit of p + 1)) is at most v/p and at least floor(v/p) - 1 (the
    /// estimate loses under 88 / 2^12 + 1 for a top digit of p of at least 2^12), so v - q p is in
    /// [0, 2p).
    #[inline(always)]
    fn reduce_below_2p<V: V8, const M: usize>(v: &mut [V; M], pv: &[V; M], recip: V) {
        carry_signed(v);
        let q = V::zero().madd_hi(v[M - 1], recip);
        let mut qp = [V::zero(); M];
        for j in 0..M {
            qp[j] = qp[j].madd_lo(q, pv[j]);
            if j + 1 < M {
                qp[j + 1] = qp[j + 1].madd_hi(q, pv[j]);
            }
        }
        for j in 0..M {
            v[j] = v[j].sub(qp[j]);
        }
        carry_signed(v);
    }

    /// c * x digit by digit for a small public constant (double-and-add over its bits), digits
    /// left uncarried.
    #[inline(always)]
    fn mul_small<V: V8>(x: V, c: u64) -> V {
        let mut acc = V::zero();
        let mut bit = 64 - c.leading_zeros();
        while bit > 0 {
            bit -= 1;
            acc = acc.add(acc);
            if (c >> bit) & 1 == 1 {
                acc = acc.add(x);
            }
        }
        acc
    }

    /// `count` Granger–Scott cyclotomic squares (as [`cyclotomic_square`] with K = 12) of ONE
    /// element of F_p12, digit-sliced: x = [e0, e3, e1, e4] and y = [e2, e5, 0, 0] (each F_p2
    /// value as two lanes; A = e0 + e3 s, B = e1 + e4 s, C = e2 + e5 s). For u^2 = -1 and
    /// v^3 = xi = xi0 + xi1 u with small xi0, xi1 >= 0. Between squares both vectors stay below 2p
    /// with digits below 2^52; needs (xi0 + xi1) 2p and 52p below 2^(52M) and a top digit of p of
    /// at least 2^12 ([`super::sliced_cyclotomic_squares_apply`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn cyclotomic_squares<V: V8, const M: usize>(
        x: &[Row; M],
        y: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        xi: (u64, u64),
    ) -> ([Row; M], [Row; M]) {
        let (pv, p2v): ([V; M], [V; M]) = (load_all(p), load_all(p2));
        let mut p4v = [V::zero(); M];
        for j in 0..M {
            p4v[j] = p2v[j].add(p2v[j]);
        }
        let recip = V::splat((1u64 << 52) / (p[M - 1].0[0] + 1));
        let (mut xv, mut yv): ([V; M], [V; M]) = (load_all(x), load_all(y));
        for _ in 0..count {
            (xv, yv) = cyclotomic_square_sliced_v(&xv, &yv, &pv, &p2v, &p4v, recip, inv, xi);
        }
        (store_all(xv), store_all(yv))
    }

    /// One square of [`cyclotomic_squares`]: 24 F_p products in three lane products. Squares
    /// of e0, e1, e2 ((x0 + x1)(x0 - x1) and 2 x0 x1); Karatsuba products (x0 y0, x1 y1,
    /// (x0 + x1)(y0 + y1)) of e0 e3, e1 e4 and, with z = xi [e3, e4, e5, e2] reduced first,
    /// (xi e3) e3, (xi e4) e4, (xi e5) e5 and (xi e2) e5. Then, with A^2 = (e0^2 + xi e3^2,
    /// 2 e0 e3) and so on (Granger–Scott, PKC 2010: A' = 3A^2 - 2 conj(A), B' = 3 s C^2 +
    /// 2 conj(B), C' = 3 B^2 - 2 conj(C)), each output lane is 3 or 6 times a signed sum of at
    /// most four products, plus or minus twice its input: below 52p, reduced below 2p.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn cyclotomic_square_sliced_v<V: V8, const M: usize>(
        x: &[V; M],
        y: &[V; M],
        pv: &[V; M],
        p2v: &[V; M],
        p4v: &[V; M],
        recip: V,
        inv: u64,
        xi: (u64, u64),
    ) -> ([V; M], [V; M]) {
        const Z: u8 = 0xFF;
        const ODD: u8 = 0b1010_1010;
        const SWAP: [u8; 8] = [1, 0, 3, 2, 5, 4, 7, 6];
        // z = xi [e3, e4, e5, e2]: (xi0 z0 - xi1 z1, xi0 z1 + xi1 z0), the minus as 2p - z1;
        // below (xi0 + xi1) 2p, then reduced.
        let mut z = [V::zero(); M];
        for j in 0..M {
            let zin = x[j].perm2(y[j], [2, 3, 6, 7, 10, 11, 8, 9]);
            let zsw = zin.perm2(zin, SWAP);
            let zt = p2v[j].sub(zsw).blend(zsw, ODD);
            z[j] = mul_small(zin, xi.0).add(mul_small(zt, xi.1));
        }
        reduce_below_2p(&mut z, pv, recip);
        // Pair sums (both lanes of a pair hold x0 + x1) and the square operands, below 4p.
        let (mut sx, mut sy, mut sz) = ([V::zero(); M], [V::zero(); M], [V::zero(); M]);
        let (mut qlx, mut qrx) = ([V::zero(); M], [V::zero(); M]);
        let (mut qly, mut qry) = ([V::zero(); M], [V::zero(); M]);
        for j in 0..M {
            let (xsw, ysw) = (x[j].perm2(x[j], SWAP), y[j].perm2(y[j], SWAP));
            sx[j] = x[j].add(xsw);
            sy[j] = y[j].add(ysw);
            sz[j] = z[j].add(z[j].perm2(z[j], SWAP));
            qlx[j] = xsw.add(x[j].blend(xsw, ODD));
            qrx[j] = x[j].add(p2v[j]).sub(xsw).blend(x[j], ODD);
            qly[j] = ysw.add(y[j].blend(ysw, ODD));
            qry[j] = y[j].add(p2v[j]).sub(ysw).blend(y[j], ODD);
        }
        for v in [&mut sx, &mut sy, &mut sz, &mut qlx, &mut qly] {
            carry(v);
        }
        carry_signed(&mut qrx);
        carry_signed(&mut qry);
        // Batch 1: e0^2 (lanes 0, 1), e2^2 (2, 3), e1^2 (4, 5), e0.0 e3.0 and e0.1 e3.1 (6, 7).
        // Batch 2: (e0.0 + e0.1)(e3.0 + e3.1); e1 e4's three; (xi e3) e3's three; (xi e4).0 e4.0.
        // Batch 3: the rest of (xi e4) e4; (xi e5) e5's three; (xi e2) e5's three.
        let mut l = [[V::zero(); M]; 3];
        let mut r = [[V::zero(); M]; 3];
        for j in 0..M {
            l[0][j] = qlx[j]
                .perm2(qly[j], [0, 1, 8, 9, 4, 5, Z, Z])
                .add(x[j].perm2(x[j], [Z, Z, Z, Z, Z, Z, 0, 1]));
            r[0][j] = qrx[j]
                .perm2(qry[j], [0, 1, 8, 9, 4, 5, Z, Z])
                .add(x[j].perm2(x[j], [Z, Z, Z, Z, Z, Z, 2, 3]));
            l[1][j] = sx[j]
                .perm2(x[j], [0, 12, 13, 4, Z, Z, Z, Z])
                .add(z[j].perm2(sz[j], [Z, Z, Z, Z, 0, 1, 8, 2]));
            r[1][j] = sx[j].perm2(x[j], [2, 14, 15, 6, 10, 11, 2, 14]);
            l[2][j] = z[j].perm2(sz[j], [3, 10, 4, 5, 12, 6, 7, 14]);
            r[2][j] = x[j]
                .perm2(sx[j], [7, 14, Z, Z, Z, Z, Z, Z])
                .add(y[j].perm2(sy[j], [Z, Z, 2, 3, 10, 2, 3, 10]));
        }
        // Factors below 4p: each product is below 16p^2/2^(52M) + p < 2p.
        let p1 = mont_mul_v(&l[0], &r[0], pv, inv);
        let p2 = mont_mul_v(&l[1], &r[1], pv, inv);
        let p3 = mont_mul_v(&l[2], &r[2], pv, inv);
        let (mut ox, mut oy) = ([V::zero(); M], [V::zero(); M]);
        for j in 0..M {
            let (a, b, c) = (p1[j], p2[j], p3[j]);
            // x' = [e0', e3', e1', e4']:
            //   e0' = 3(e0^2 + (xi e3) e3) - 2 e0, e3' = 6 e0 e3 + 2 e3,
            //   e1' = 6 (xi e2) e5 + 2 e1,         e4' = 3(e2^2 + (xi e5) e5) - 2 e4.
            let pos = a
                .perm2(b, [0, 1, 6, 8, Z, Z, 2, 3])
                .add(c.perm2(c, [Z, Z, Z, Z, 5, 7, Z, Z]))
                .add(b.perm2(c, [4, 6, Z, Z, Z, Z, 10, 12]));
            let neg = a
                .perm2(b, [13, 12, 7, 6, Z, Z, Z, Z])
                .add(c.perm2(c, [Z, Z, Z, Z, 6, 5, 3, 2]))
                .add(a.perm2(b, [Z, 13, Z, 7, Z, Z, Z, Z]))
                .add(c.perm2(c, [Z, Z, Z, Z, Z, 6, Z, 3]));
            // pos and neg below 4p each: below 52p.
            ox[j] = triple_or_six(pos, neg, p4v[j], x[j], p4v[j], 0b0011_1100);
            // y' = [e2', e5', 0, 0]: e2' = 3(e1^2 + (xi e4) e4) - 2 e2, e5' = 6 e1 e4 + 2 e5.
            let pos = a
                .perm2(b, [4, 5, 9, 11, Z, Z, Z, Z])
                .add(b.perm2(c, [7, 9, Z, Z, Z, Z, Z, Z]));
            let neg = b
                .perm2(c, [8, 7, 2, 1, Z, Z, Z, Z])
                .add(b.perm2(c, [Z, 8, Z, 2, Z, Z, Z, Z]));
            oy[j] = triple_or_six(pos, neg, p4v[j], y[j], p4v[j], 0b0000_1100);
        }
        reduce_below_2p(&mut ox, pv, recip);
        reduce_below_2p(&mut oy, pv, recip);
        for v in oy.iter_mut() {
            *v = v.blend(V::zero(), 0b1111_0000);
        }
        (ox, oy)
    }

    /// k (pos + offset - neg) + 2 e in the lanes of `six` (k = 6), k (pos + offset - neg) - 2 e
    /// elsewhere (k = 3, the minus as 4p - 2 e); `offset`, a multiple of p above neg, keeps the
    /// value positive (Karabina's and Granger–Scott's outputs both have this shape).
    #[inline(always)]
    fn triple_or_six<V: V8>(pos: V, neg: V, offset: V, e: V, p4: V, six: u8) -> V {
        let q = pos.add(offset).sub(neg);
        let q3 = q.add(q).add(q);
        let e2 = e.add(e);
        q3.blend(q3.add(q3), six).add(p4.sub(e2).blend(e2, six))
    }

    /// a / 2 mod p: (a + p) / 2 for odd a, a / 2 for even a (below 2p for a < 2p, as a + p < 3p).
    #[inline(always)]
    pub(super) fn half_mod<V: V8, const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
        let one = V::splat(1);
        let odd = V::zero().sub(V::load(&a[0]).and(one));
        let mut s = [V::zero(); M];
        for j in 0..M {
            s[j] = V::load(&a[j]).add(V::load(&p[j]).and(odd));
        }
        carry(&mut s);
        let mut h = [V::zero(); M];
        for j in 0..M - 1 {
            h[j] = s[j].shr1().or(s[j + 1].and(one).shl51());
        }
        h[M - 1] = s[M - 1].shr1();
        store_all(h)
    }
}

/// The AVX-512 IFMA backend: the kernels on 512-bit registers, each entered through one
/// `#[target_feature]` function that takes the CPU proof.
#[cfg(target_arch = "x86_64")]
mod ifma {
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
    pub(super) fn half_mod<const M: usize>(
        _cpu: Avx512Ifma,
        a: &[Row; M],
        p: &[Row; M],
    ) -> [Row; M] {
        // SAFETY: the proof value exists only where detection found AVX-512F and IFMA.
        unsafe { half_mod_tf(a, p) }
    }

    #[inline(always)]
    pub(super) fn canonical<const M: usize>(
        _cpu: Avx512Ifma,
        a: &[Row; M],
        p: &[Row; M],
    ) -> [Row; M] {
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
}

/// A selector per lane: all ones or all zeros.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaneMask(pub [u64; LANES]);

impl BitAnd for LaneMask {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, r: Self) -> Self {
        LaneMask(core::array::from_fn(|i| self.0[i] & r.0[i]))
    }
}

impl LaneMask {
    /// !0 in the lanes where `lanes[i]` holds, 0 elsewhere.
    pub fn from_bools(lanes: [bool; LANES]) -> Self {
        LaneMask(lanes.map(|b| 0u64.wrapping_sub(b as u64)))
    }
}

/// Bits 52j .. 52j + 52 of x 2^shift (shift < 52): digit j of `x` shifted up.
fn digit_of_shifted(x: &[u64], j: usize, shift: usize) -> u64 {
    if 52 * j < shift {
        (x[0] << (shift - 52 * j)) & MASK52
    } else {
        bits_at(x, 52 * j - shift)
    }
}

/// Eight elements of F_p (`P`), one per lane, in the lanes' Montgomery form (x 2^(52M) mod p,
/// 52-bit digits), each below 2p (not necessarily below p: products skip their final
/// subtraction, as 4p < 2^(52M)); every operation acts lane by lane. `B` picks the kernels.
/// Equality, hashing and the lane values look at the canonical values.
#[derive(Clone, Copy)]
pub struct Lanes<P: LaneParams, B: LaneBackend = IfmaLanes> {
    d: P::LaneDigits,
    _b: PhantomData<(P, B)>,
}

impl<P: LaneParams, B: LaneBackend> PartialEq for Lanes<P, B> {
    fn eq(&self, other: &Self) -> bool {
        self.canonical_digits() == other.canonical_digits()
    }
}

impl<P: LaneParams, B: LaneBackend> Eq for Lanes<P, B> {}

impl<P: LaneParams, B: LaneBackend> Hash for Lanes<P, B> {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.canonical_digits().hash(h);
    }
}

impl<P: LaneParams, B: LaneBackend> Default for Lanes<P, B> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<P: LaneParams, B: LaneBackend> fmt::Debug for Lanes<P, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.to_lanes()).finish()
    }
}

impl<P: LaneParams, B: LaneBackend> Lanes<P, B> {
    /// 0 in every lane.
    pub const ZERO: Self = Lanes {
        d: <P::LaneDigits as LaneDigits>::ZERO,
        _b: PhantomData,
    };
    /// 1 in every lane.
    pub const ONE: Self = Lanes {
        d: P::LANE_ONE,
        _b: PhantomData,
    };

    #[inline(always)]
    const fn from_digits(d: P::LaneDigits) -> Self {
        Lanes { d, _b: PhantomData }
    }

    /// The stored digits (below 2p, one representative of two): for comparing backends digit by
    /// digit.
    pub fn raw_digits(&self) -> &[Row] {
        self.d.as_ref()
    }

    /// The other representative (x + p instead of x, both below 2p) in the lanes where `mask` is
    /// set: for tests that every operation accepts either.
    pub fn with_other_representative(&self, mask: LaneMask) -> Self {
        let mut d = self.canonical_digits();
        let p = P::LANE_P;
        for i in 0..LANES {
            let mut c = 0u64;
            for (r, pr) in d.as_mut().iter_mut().zip(p.as_ref()) {
                let v = r.0[i] + (pr.0[i] & mask.0[i]) + c;
                r.0[i] = v & MASK52;
                c = v >> 52;
            }
            assert_eq!(c, 0, "2p fits the digits");
        }
        Self::from_digits(d)
    }

    /// The digits of the values reduced below p (still in Montgomery form).
    fn canonical_digits(&self) -> P::LaneDigits {
        LaneDigits::canonical::<B>(&self.d, P::LANE_P)
    }

    /// From canonical values (digits of x < p, not yet in Montgomery form): one product by R^2.
    fn from_canonical_digits(d: &P::LaneDigits) -> Self {
        Self::from_digits(LaneDigits::mont_mul::<B>(
            d,
            &P::LANE_R2,
            P::LANE_P,
            P::LANE_INV,
        ))
    }

    /// Lane i holds `xs[i]`.
    pub fn from_lanes(xs: &[Fp<P>; LANES]) -> Self {
        let mut d = <P::LaneDigits as LaneDigits>::ZERO;
        for (i, x) in xs.iter().enumerate() {
            let limbs = x.to_canonical_limbs();
            for (j, row) in d.as_mut().iter_mut().enumerate() {
                row.0[i] = digit_of(limbs.as_ref(), j);
            }
        }
        Self::from_canonical_digits(&d)
    }

    /// The element in lane `i` (i < 8).
    pub fn lane(&self, i: usize) -> Fp<P> {
        self.to_lanes()[i]
    }

    /// The eight elements, lane by lane.
    pub fn to_lanes(&self) -> [Fp<P>; LANES] {
        let mut one = <P::LaneDigits as LaneDigits>::ZERO;
        one.as_mut()[0] = Row([1; LANES]);
        // x 2^(52M) * 1 / 2^(52M) = x, at most p (x 2^(52M) < 2p < 2^(52M)), then below p.
        let c = LaneDigits::mont_mul::<B>(&self.d, &one, P::LANE_P, P::LANE_INV);
        let c = LaneDigits::canonical::<B>(&c, P::LANE_P);
        // Below p after `canonical`; converted without a comparison (the lanes may hold
        // secrets: ctgrind flagged the early-exit compare of `from_canonical_limbs`).
        core::array::from_fn(|i| Fp::from_reduced_limbs(&lane_limbs::<P>(c.as_ref(), i)))
    }

    /// The same lanes on another backend (identical representation).
    pub fn with_backend<B2: LaneBackend>(&self) -> Lanes<P, B2> {
        Lanes::from_digits(self.d)
    }

    /// ka * a + kb * b for small public constants (|ka|, |kb| < 2^63): one kernel call,
    /// a shared double-and-add in registers.
    #[inline(always)]
    fn lincomb(a: &Self, ka: i64, b: &Self, kb: i64) -> Self {
        Self::from_digits(LaneDigits::lincomb::<B>(&a.d, ka, &b.d, kb, P::LANE_P2))
    }

    #[inline(always)]
    fn double_lanes(&self) -> Self {
        *self + *self
    }

    /// Whether the F_p6 product and the cyclotomic squares run as whole kernels where the backend
    /// has them ([`TowerKernels::fp6_mul`], [`LaneBackend::fp6_mul`]): for fields of up to 8 digits (416 bits: bn254 and its family,
    /// bls12-381). Each kernel is one straight-line function of a few thousand vector instructions
    /// at M = 8 and grows with M^2; at 9 and 13 digits (bn446, bn638) compiling them cost more
    /// build time than the lanes of those research curves are worth, and they keep the formulas.
    const TOWER_KERNELS: bool = <P::LaneDigits as LaneDigits>::M <= 8;

    /// Whether the lazy F_p2 product applies: its sums stay below p 2^(52M) with 3 spare bits.
    const LAZY_FP2: bool = 52 * <P::LaneDigits as LaneDigits>::M >= P::BITS as usize + 3;

    /// The field's and tower's constants for the whole-F_p6 and F_p12 kernels.
    #[inline(always)]
    fn tower_consts<T: TowerParams<Fp = P>>() -> TowerConsts<'static, P::LaneDigits> {
        TowerConsts {
            p: P::LANE_P,
            p2: P::LANE_P2,
            inv: P::LANE_INV,
            beta: T::BETA,
            xi: T::XI,
            lazy: Self::LAZY_FP2,
        }
    }
}

/// The six coefficients' digits of an F_p6 value, (c0.c0, c0.c1, c1.c0, c1.c1, c2.c0, c2.c1).
#[inline(always)]
fn fp6_digits<T: TowerParams<Fp = P>, P: LaneParams, B: LaneBackend>(
    a: &Fp6<T, Lanes<P, B>>,
) -> [&P::LaneDigits; 6] {
    [
        &a.c0.c0.d, &a.c0.c1.d, &a.c1.c0.d, &a.c1.c1.d, &a.c2.c0.d, &a.c2.c1.d,
    ]
}

/// [`fp6_digits`], to write.
#[inline(always)]
fn fp6_digits_mut<T: TowerParams<Fp = P>, P: LaneParams, B: LaneBackend>(
    a: &mut Fp6<T, Lanes<P, B>>,
) -> [&mut P::LaneDigits; 6] {
    let Fp6 { c0, c1, c2 } = a;
    [
        &mut c0.c0.d,
        &mut c0.c1.d,
        &mut c1.c0.d,
        &mut c1.c1.d,
        &mut c2.c0.d,
        &mut c2.c1.d,
    ]
}

/// The twelve coefficients' digits of an F_p12 value in tower order (c0's six as in
/// [`fp6_digits_mut`], then c1's), to read and write.
#[inline(always)]
fn fp12_digits_mut<T: TowerParams<Fp = P>, P: LaneParams, B: LaneBackend>(
    f: &mut Fp12<T, Lanes<P, B>>,
) -> [&mut P::LaneDigits; 12] {
    let Fp12 { c0, c1 } = f;
    let [a0, a1, a2, a3, a4, a5] = fp6_digits_mut(c0);
    let [b0, b1, b2, b3, b4, b5] = fp6_digits_mut(c1);
    [a0, a1, a2, a3, a4, a5, b0, b1, b2, b3, b4, b5]
}

/// The value in lane `i` of normalized digits (below 2^(64N)) as N limbs.
fn lane_limbs<P: LaneParams>(digits: &[Row], i: usize) -> P::Limbs {
    let mut limbs = <P::Limbs as Limbs>::zero();
    let l = limbs.as_mut();
    for (j, row) in digits.iter().enumerate() {
        let (bit, d) = (52 * j, row.0[i] as u128);
        let (k, s) = (bit / 64, bit % 64);
        let v = d << s;
        l[k] |= v as u64;
        if k + 1 < l.len() {
            l[k + 1] |= (v >> 64) as u64;
        }
    }
    limbs
}

/// `out[k] = a[k] b[k]` for scalar elements, eight products at a time in lanes on backend `B`: the
/// digit-sliced products of implementation D of Grabher–Großschädl–Page 2008 (the independent F_p
/// products of one tower operation side by side), for [`TowerKernels::mul_batch`].
///
/// The scalar elements are Montgomery forms xR mod p, R = 2^(64N), while the lanes' product
/// divides by R_L = 2^(52M); so b enters shifted up by s = 52M - 64N bits, and the lane product
/// aR bR 2^s / R_L = abR mod p is the scalar Montgomery form of ab with no conversion. The shifted
/// operand (below p 2^s < R_L) is above the lanes' usual operand bound of 2p, but what the product
/// kernel needs is digits below 2^52 and a result below 2p, and aR bR 2^s / R_L + p < p^2/R + p
/// < 2p. The digit conversions are data-independent (constant time).
pub fn mul_sliced<P: LaneParams, B: LaneBackend>(a: &[Fp<P>], b: &[Fp<P>], out: &mut [Fp<P>]) {
    assert!(a.len() == b.len() && b.len() == out.len());
    let n = <P::Limbs as Limbs>::N;
    let shift = 52 * (64 * n).div_ceil(52) - 64 * n;
    for ((ca, cb), co) in a
        .chunks(LANES)
        .zip(b.chunks(LANES))
        .zip(out.chunks_mut(LANES))
    {
        let mut da = <P::LaneDigits as LaneDigits>::ZERO;
        let mut db = da;
        for (i, (x, y)) in ca.iter().zip(cb).enumerate() {
            let (xl, yl) = (x.mont.as_ref(), y.mont.as_ref());
            for (j, (ra, rb)) in da.as_mut().iter_mut().zip(db.as_mut()).enumerate() {
                ra.0[i] = digit_of(xl, j);
                rb.0[i] = digit_of_shifted(yl, j, shift);
            }
        }
        let c = LaneDigits::mont_mul::<B>(&da, &db, P::LANE_P, P::LANE_INV);
        let c = LaneDigits::canonical::<B>(&c, P::LANE_P);
        for (i, o) in co.iter_mut().enumerate() {
            // Below p after `canonical`: a valid Montgomery form.
            *o = Fp::from_mont(lane_limbs::<P>(c.as_ref(), i));
        }
    }
}

/// The scalar field's chains of squares digit-sliced in AVX-512 IFMA lanes, for an
/// exponentiation in the cyclotomic subgroup that chooses them (the final exponentiation, GT
/// exponentiations): on the default backend where the CPU has IFMA and the tower and prime fit
/// the lane chains ([`compressed_square_chain`], [`cyclotomic_square_chain`]); elsewhere none
/// applies and the caller squares in the tower, so that the portable rows and other backends stay
/// scalar.
#[derive(Clone, Copy, Debug, Default)]
pub struct LaneChains;

impl<T: TowerParams> SquareChains<T, Fp<T::Fp>> for LaneChains {
    /// Two lane products per square instead of twelve scalar ones, for u^2 = -1 and xi = 1 + u
    /// (bls12-381).
    fn compressed(
        &self,
        c: &[Fp2<T>; 4],
        at: &[usize],
        emit: &mut dyn FnMut(usize, [Fp2<T>; 4]),
    ) -> bool {
        let default_backend = crate::arith::is_default_backend::<<T::Fp as FpParams>::Backend>();
        if T::BETA != -1
            || T::XI != (1, 1)
            || !default_backend
            || !IfmaLanes::active()
            || !sliced_compressed_squares_apply::<T::Fp>()
        {
            return false;
        }
        let coeffs = c.map(|x| [x.c0, x.c1]);
        compressed_square_chain_with::<T::Fp, IfmaLanes>(&coeffs, at, |k, v| {
            emit(k, v.map(|[a, b]| Fp2::new(a, b)));
        });
        true
    }

    /// Three lane products per square instead of eighteen scalar F_p2 products' worth, for
    /// u^2 = -1 and xi = xi0 + xi1 u with xi0, xi1 >= 0 (bn254's 9 + u among them).
    fn cyclotomic(&self, f: &Fp12<T>, at: &[usize], emit: &mut dyn FnMut(usize, Fp12<T>)) -> bool {
        let default_backend = crate::arith::is_default_backend::<<T::Fp as FpParams>::Backend>();
        if T::BETA != -1
            || !default_backend
            || !IfmaLanes::active()
            || !sliced_cyclotomic_squares_apply::<T::Fp>(T::XI)
        {
            return false;
        }
        let e = [f.c0.c0, f.c1.c0, f.c0.c1, f.c1.c1, f.c0.c2, f.c1.c2].map(|x| [x.c0, x.c1]);
        cyclotomic_square_chain::<T::Fp, IfmaLanes>(&e, at, T::XI, |k, v| {
            let [e0, e1, e2, e3, e4, e5] = v.map(|[a, b]| Fp2::new(a, b));
            emit(k, Fp12::new(Fp6::new(e0, e2, e4), Fp6::new(e1, e3, e5)));
        });
        true
    }
}

/// Whether [`compressed_square_chain`] applies to this prime: the sums between its products stay
/// below 88p, which must fit its reductions: 88 (t + 1) <= 2^52 for the top digit t >= 2^12 of p.
pub fn sliced_compressed_squares_apply<P: LaneParams>() -> bool {
    sums_fit::<P>(88)
}

/// Karabina's compressed cyclotomic squares of ONE element digit-sliced across the lanes: `c` is
/// [e1, e2, e4, e5] (each F_p2 value as its two coefficients), and the result holds c^(2^k)
/// for each k of `at` (ascending). Each square is two lane products and lane permutations
/// instead of twelve scalar products, with the state kept in the lanes between the powers asked
/// for; the final exponentiation's exponentiations by u use it where u has few non-zero digits
/// (bls12-381). For u^2 = -1, xi = 1 + u and primes where [`sliced_compressed_squares_apply`]
/// holds. Constant time: the lane code has no data-dependent branches.
pub fn compressed_square_chain<P: LaneParams, B: LaneBackend>(
    c: &[[Fp<P>; 2]; 4],
    at: &[usize],
) -> Vec<[[Fp<P>; 2]; 4]> {
    let mut out = Vec::with_capacity(at.len());
    compressed_square_chain_with::<P, B>(c, at, |_, v| out.push(v));
    out
}

/// [`compressed_square_chain`] handing each power to `emit(k, c^(2^k))` as the chain reaches it
/// (for a consumer on another thread that starts on the early powers).
pub fn compressed_square_chain_with<P: LaneParams, B: LaneBackend>(
    c: &[[Fp<P>; 2]; 4],
    at: &[usize],
    mut emit: impl FnMut(usize, [[Fp<P>; 2]; 4]),
) {
    assert!(
        sliced_compressed_squares_apply::<P>(),
        "the sliced compressed squares need sums below 88p to fit the lanes (sliced_compressed_squares_apply)"
    );
    // Lanes [e1.0, e1.1, e4.0, e4.1, e2.0, e2.1, e5.0, e5.1].
    let [e1, e2, e4, e5] = c;
    let entry = mont_entry_factor::<P, B>();
    let mut x = from_mont_limbs::<P, B>(
        &[e1[0], e1[1], e4[0], e4[1], e2[0], e2[1], e5[0], e5[1]],
        &entry,
    );
    let mut done = 0;
    for &k in at {
        assert!(k >= done, "powers in ascending order");
        x = LaneDigits::compressed_squares::<B>(&x, k - done, P::LANE_P, P::LANE_P2, P::LANE_INV);
        done = k;
        let v = to_mont_limbs::<P, B>(&x);
        emit(k, [[v[0], v[1]], [v[4], v[5]], [v[2], v[3]], [v[6], v[7]]]);
    }
}

/// The factor that takes scalar Montgomery limbs into the lanes' Montgomery form:
/// 2^(52M - 64N) 2^(52M) mod p (below 2p), one lane product of 2^(104M) by 2^(52M - 64N).
fn mont_entry_factor<P: LaneParams, B: LaneBackend>() -> P::LaneDigits {
    let m = <P::LaneDigits as LaneDigits>::M;
    let shift = 52 * m - 64 * <P::Limbs as Limbs>::N;
    let mut two_s = <P::LaneDigits as LaneDigits>::ZERO;
    two_s.as_mut()[0] = Row([1 << shift; LANES]);
    LaneDigits::mont_mul::<B>(&P::LANE_R2, &two_s, P::LANE_P, P::LANE_INV)
}

/// Lane i holds xs[i], entered from its scalar Montgomery limbs (x 2^(64N), below p) by one
/// lane product by [`mont_entry_factor`]: the lanes' form x 2^(52M), with no scalar work (unlike
/// [`Lanes::from_lanes`], which goes through the canonical value). For the runs of squares that
/// enter and leave the lanes at every multiplication of an exponentiation.
fn from_mont_limbs<P: LaneParams, B: LaneBackend>(
    xs: &[Fp<P>; LANES],
    entry: &P::LaneDigits,
) -> P::LaneDigits {
    let mut d = <P::LaneDigits as LaneDigits>::ZERO;
    for (i, x) in xs.iter().enumerate() {
        for (j, row) in d.as_mut().iter_mut().enumerate() {
            row.0[i] = digit_of(x.mont.as_ref(), j);
        }
    }
    LaneDigits::mont_mul::<B>(&d, entry, P::LANE_P, P::LANE_INV)
}

/// The eight values back as scalar Montgomery limbs: one lane product by R = 2^(64N) mod p
/// (x 2^(52M) R / 2^(52M) = x R), reduced below p, read off with no scalar work.
fn to_mont_limbs<P: LaneParams, B: LaneBackend>(d: &P::LaneDigits) -> [Fp<P>; LANES] {
    let mut r = <P::LaneDigits as LaneDigits>::ZERO;
    for (j, row) in r.as_mut().iter_mut().enumerate() {
        *row = Row([digit_of(Fp::<P>::ONE.mont.as_ref(), j); LANES]);
    }
    let c = LaneDigits::mont_mul::<B>(d, &r, P::LANE_P, P::LANE_INV);
    let c = LaneDigits::canonical::<B>(&c, P::LANE_P);
    // Below p after `canonical`: valid Montgomery limbs.
    core::array::from_fn(|i| Fp::from_mont(lane_limbs::<P>(c.as_ref(), i)))
}

/// Whether sums below k p fit the lanes' reductions: with t the top digit of p (p below
/// (t + 1) 2^(52(M-1))), k (t + 1) <= 2^52 puts k p below 2^(52M) and keeps q t below 2^52 for the
/// quotients q < k of `kernels::reduce_below_2p`, whose estimate needs t >= 2^12.
fn sums_fit<P: LaneParams>(k: u64) -> bool {
    let m = <P::LaneDigits as LaneDigits>::M;
    let top = P::LANE_P.as_ref()[m - 1].0[0];
    top >= 1 << 12 && k.saturating_mul(top + 1) <= 1 << 52
}

/// Whether [`cyclotomic_square_run`] applies to this prime and v^3 = xi: xi0, xi1 >= 0, and its
/// sums (below 52p, and (xi0 + xi1) 2p for xi times an F_p2 value) fit its reductions: k (t + 1) <=
/// 2^52 for each such bound k p and the top digit t >= 2^12 of p.
pub fn sliced_cyclotomic_squares_apply<P: LaneParams>(xi: (i64, i64)) -> bool {
    xi.0 >= 0 && xi.1 >= 0 && sums_fit::<P>((2 * (xi.0 + xi.1) as u64).max(52))
}

/// `n` Granger–Scott cyclotomic squares of ONE element of F_p12 digit-sliced across the lanes
/// ([`cyclotomic_square_chain`] with one power asked for).
pub fn cyclotomic_square_run<P: LaneParams, B: LaneBackend>(
    e: &[[Fp<P>; 2]; 6],
    n: usize,
    xi: (i64, i64),
) -> [[Fp<P>; 2]; 6] {
    let mut out = *e;
    cyclotomic_square_chain::<P, B>(e, &[n], xi, |_, v| out = v);
    out
}

/// Granger–Scott cyclotomic squares of ONE element of F_p12 digit-sliced across the lanes, with
/// `emit(k, f^(2^k))` for each k of `at` (ascending; k = 0 emits f) as the chain reaches it:
/// `e` is [e0, e1, e2, e3, e4, e5] with f = (e0 + e2 v + e4 v^2) + (e1 + e3 v + e5 v^2) w (each
/// F_p2 value as its two coefficients), held as [e0, e3, e1, e4] and [e2, e5] in two lane values.
/// Each square is three lane products (24 F_p products) and lane permutations instead of 18
/// scalar F_p2 products' worth; the state enters the lanes once and leaves them only for the
/// powers asked for (an exponentiation's non-zero digits), staying in for the rest of the chain.
/// For u^2 = -1 and primes where [`sliced_cyclotomic_squares_apply`] holds. Constant time.
pub fn cyclotomic_square_chain<P: LaneParams, B: LaneBackend>(
    e: &[[Fp<P>; 2]; 6],
    at: &[usize],
    xi: (i64, i64),
    mut emit: impl FnMut(usize, [[Fp<P>; 2]; 6]),
) {
    assert!(
        sliced_cyclotomic_squares_apply::<P>(xi),
        "the sliced cyclotomic squares need xi0, xi1 >= 0 and their sums to fit the lanes (sliced_cyclotomic_squares_apply)"
    );
    let [e0, e1, e2, e3, e4, e5] = e;
    let z = Fp::ZERO;
    let entry = mont_entry_factor::<P, B>();
    let mut x = from_mont_limbs::<P, B>(
        &[e0[0], e0[1], e3[0], e3[1], e1[0], e1[1], e4[0], e4[1]],
        &entry,
    );
    let mut y = from_mont_limbs::<P, B>(&[e2[0], e2[1], e5[0], e5[1], z, z, z, z], &entry);
    let mut done = 0;
    for &k in at {
        assert!(k >= done, "powers in ascending order");
        (x, y) = LaneDigits::cyclotomic_squares::<B>(
            &x,
            &y,
            k - done,
            P::LANE_P,
            P::LANE_P2,
            P::LANE_INV,
            (xi.0 as u64, xi.1 as u64),
        );
        done = k;
        let (a, b) = (to_mont_limbs::<P, B>(&x), to_mont_limbs::<P, B>(&y));
        emit(
            k,
            [
                [a[0], a[1]],
                [a[4], a[5]],
                [b[0], b[1]],
                [a[2], a[3]],
                [a[6], a[7]],
                [b[2], b[3]],
            ],
        );
    }
}

impl<P: LaneParams, B: LaneBackend> Add for Lanes<P, B> {
    type Output = Self;
    #[inline(always)]
    fn add(self, r: Self) -> Self {
        Self::from_digits(LaneDigits::add_mod::<B>(&self.d, &r.d, P::LANE_P2))
    }
}

impl<P: LaneParams, B: LaneBackend> Sub for Lanes<P, B> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, r: Self) -> Self {
        Self::from_digits(LaneDigits::sub_mod::<B>(&self.d, &r.d, P::LANE_P2))
    }
}

impl<P: LaneParams, B: LaneBackend> Mul for Lanes<P, B> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, r: Self) -> Self {
        // The products skip their final subtraction: that needs 4p < 2^(52M).
        const { assert!(52 * <P::LaneDigits as LaneDigits>::M >= P::BITS as usize + 2) };
        Self::from_digits(LaneDigits::mont_mul::<B>(
            &self.d,
            &r.d,
            P::LANE_P,
            P::LANE_INV,
        ))
    }
}

impl<P: LaneParams, B: LaneBackend> Neg for Lanes<P, B> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Self::ZERO - self
    }
}

impl<P: LaneParams, B: LaneBackend> AddAssign for Lanes<P, B> {
    #[inline(always)]
    fn add_assign(&mut self, r: Self) {
        *self = *self + r;
    }
}

impl<P: LaneParams, B: LaneBackend> SubAssign for Lanes<P, B> {
    #[inline(always)]
    fn sub_assign(&mut self, r: Self) {
        *self = *self - r;
    }
}

impl<P: LaneParams, B: LaneBackend> MulAssign for Lanes<P, B> {
    #[inline(always)]
    fn mul_assign(&mut self, r: Self) {
        *self = *self * r;
    }
}

/// The lazy-reduction operations reduce at once: a "wide" value is the reduced element
/// (a double-width product already divided by R), so sums and differences of them are taken
/// modulo p and `reduce_wide` is the identity. That keeps their contract (the tower only reads a
/// wide value through `reduce_wide`), and `LAZY = false` keeps the tower on the eager formulas,
/// which need no double-width arithmetic in the lanes.
impl<P: LaneParams, B: LaneBackend> BaseField for Lanes<P, B> {
    type Params = P;
    type Mask = LaneMask;
    type Wide = Self;
    const ZERO: Self = Self::ZERO;
    const ONE: Self = Self::ONE;
    const LAZY: bool = false;

    fn splat(x: &Fp<P>) -> Self {
        let limbs = x.to_canonical_limbs();
        let mut d = <P::LaneDigits as LaneDigits>::ZERO;
        for (j, row) in d.as_mut().iter_mut().enumerate() {
            *row = Row([digit_of(limbs.as_ref(), j); LANES]);
        }
        Self::from_canonical_digits(&d)
    }
    #[inline(always)]
    fn square(&self) -> Self {
        *self * *self
    }
    #[inline(always)]
    fn double(&self) -> Self {
        self.double_lanes()
    }
    #[inline(always)]
    fn half(&self) -> Self {
        Self::from_digits(LaneDigits::half_mod::<B>(&self.d, P::LANE_P))
    }
    fn mul_small(&self, k: u64) -> Self {
        match i64::try_from(k) {
            Ok(k) => Self::lincomb(self, k, &Self::ZERO, 0),
            // k = 2^63 + k': k' * self + 2^62 * (2 self).
            Err(_) => Self::lincomb(self, (k & (u64::MAX >> 1)) as i64, &self.double(), 1 << 62),
        }
    }
    fn small_lincomb(a: &Self, ka: i64, b: &Self, kb: i64) -> Self {
        Self::lincomb(a, ka, b, kb)
    }
    /// Constant time, 0 maps to 0: the eight values leave the lanes for one constant-time scalar
    /// inversion of their product (Montgomery's trick, 21 scalar products around it). Fermat's
    /// x^(p-2) in the lanes cost about 1.5 log p lane products, several times more.
    fn inv(&self) -> Self {
        let xs = self.to_lanes();
        // Zero lanes enter the product as 1 and leave as 0.
        let zero: [u64; LANES] = core::array::from_fn(|i| xs[i].ct_eq_mask(&Fp::ZERO));
        let ys: [Fp<P>; LANES] = core::array::from_fn(|i| xs[i].select(&Fp::ONE, zero[i]));
        let mut prefix = ys;
        for i in 1..LANES {
            prefix[i] = prefix[i - 1] * ys[i];
        }
        let mut t = prefix[LANES - 1].inv();
        let mut out = [Fp::ZERO; LANES];
        for i in (1..LANES).rev() {
            out[i] = t * prefix[i - 1];
            t *= ys[i];
        }
        out[0] = t;
        Self::from_lanes(&core::array::from_fn(|i| out[i].select(&Fp::ZERO, zero[i])))
    }
    fn inv_vartime(&self) -> Option<Self> {
        let zero = self.ct_eq_mask(&Self::ZERO);
        if zero.0.iter().any(|&m| m != 0) {
            None
        } else {
            Some(self.inv())
        }
    }
    fn ct_eq_mask(&self, other: &Self) -> LaneMask {
        let mut acc = [0u64; LANES];
        let (a, b) = (self.canonical_digits(), other.canonical_digits());
        for (x, y) in a.as_ref().iter().zip(b.as_ref()) {
            for (a, (xi, yi)) in acc.iter_mut().zip(x.0.iter().zip(&y.0)) {
                *a |= xi ^ yi;
            }
        }
        // (a | -a) has its top bit set exactly when a != 0 (a < 2^63 here).
        LaneMask(acc.map(|a| ((a | a.wrapping_neg()) >> 63).wrapping_sub(1)))
    }
    fn select(&self, other: &Self, mask: LaneMask) -> Self {
        let mut d = self.d;
        for (r, o) in d.as_mut().iter_mut().zip(other.d.as_ref()) {
            for ((ri, oi), m) in r.0.iter_mut().zip(&o.0).zip(&mask.0) {
                *ri ^= (*ri ^ oi) & m;
            }
        }
        Self::from_digits(d)
    }

    #[inline(always)]
    fn add_unreduced(&self, b: &Self) -> Self {
        *self + *b
    }
    #[inline(always)]
    fn sub_unreduced(&self, b: &Self) -> Self {
        *self - *b
    }
    const WIDE_ZERO: Self = Self::ZERO;
    #[inline(always)]
    fn mul_wide_into(&self, b: &Self, out: &mut Self) {
        *out = *self * *b;
    }
    #[inline(always)]
    fn reduce_wide(w: &Self) -> Self {
        *w
    }
    #[inline(always)]
    fn wide_add(a: &Self, b: &Self) -> Self {
        *a + *b
    }
    #[inline(always)]
    fn wide_sub(a: &Self, b: &Self) -> Self {
        *a - *b
    }
    #[inline(always)]
    fn wide_sub_nonneg(a: &Self, b: &Self) -> Self {
        *a - *b
    }
    fn wide_lincomb(a: &Self, ka: i64, b: &Self, kb: i64) -> Self {
        Self::small_lincomb(a, ka, b, kb)
    }
}

/// The whole F_p2, F_p6 and F_p12 operations as one kernel each where the backend has them
/// ([`LaneBackend`]): each call and each copy of an intermediate value is costly in the lanes.
impl<P: LaneParams, B: LaneBackend> TowerKernels for Lanes<P, B> {
    const FP2_KERNELS: bool = true;

    #[inline(always)]
    fn fp2_mul_into(a: [&Self; 2], b: [&Self; 2], beta: i64, c0: &mut Self, c1: &mut Self) {
        LaneDigits::fp2_mul::<B>(
            [&a[0].d, &a[1].d],
            [&b[0].d, &b[1].d],
            beta,
            Self::LAZY_FP2,
            P::LANE_P,
            P::LANE_P2,
            P::LANE_INV,
            &mut c0.d,
            &mut c1.d,
        )
    }
    #[inline(always)]
    fn fp6_mul<T: TowerParams<Fp = P>>(a: &Fp6<T, Self>, b: &Fp6<T, Self>) -> Fp6<T, Self> {
        // The formula where the field is too wide for the kernels or the backend has none.
        let mut c = Fp6::<T, Self>::ZERO;
        if Self::TOWER_KERNELS
            && LaneDigits::fp6_mul::<B>(
                fp6_digits(a),
                fp6_digits(b),
                &Self::tower_consts::<T>(),
                fp6_digits_mut(&mut c),
            )
        {
            return c;
        }
        a.mul_formula(b)
    }
    #[inline(always)]
    fn fp12_mul_by_line_assign<T: TowerParams<Fp = P>>(
        f: &mut Fp12<T, Self>,
        line: [&Fp2<T, Self>; 3],
        m_type: bool,
    ) {
        let l = [
            &line[0].c0.d,
            &line[0].c1.d,
            &line[1].c0.d,
            &line[1].c1.d,
            &line[2].c0.d,
            &line[2].c1.d,
        ];
        if !(Self::TOWER_KERNELS
            && LaneDigits::fp12_mul_by_line::<B>(
                fp12_digits_mut(f),
                l,
                m_type,
                &Self::tower_consts::<T>(),
            ))
        {
            let [a, b, c] = line;
            *f = if m_type {
                f.mul_by_line_m(a, b, c)
            } else {
                f.mul_by_line_d(a, b, c)
            };
        }
    }
    #[inline(always)]
    fn fp12_square_assign<T: TowerParams<Fp = P>>(f: &mut Fp12<T, Self>) {
        if !(Self::TOWER_KERNELS
            && LaneDigits::fp12_square::<B>(fp12_digits_mut(f), &Self::tower_consts::<T>()))
        {
            *f = f.square_formula();
        }
    }
    #[inline(always)]
    fn fp12_cyclotomic_square<T: TowerParams<Fp = P>>(f: &Fp12<T, Self>) -> Fp12<T, Self> {
        // A = (c0.c0, c1.c1), then [e1, e2, e4, e5] = (c1.c0, c0.c1, c0.c2, c1.c2).
        let mut r = Fp12::<T, Self>::ZERO;
        let (x, y) = (&f.c0, &f.c1);
        let Fp12 { c0: r0, c1: r1 } = &mut r;
        let done = Self::TOWER_KERNELS
            && LaneDigits::cyclotomic_square::<B, 12>(
                [
                    &x.c0.c0.d, &x.c0.c1.d, &y.c1.c0.d, &y.c1.c1.d, &y.c0.c0.d, &y.c0.c1.d,
                    &x.c1.c0.d, &x.c1.c1.d, &x.c2.c0.d, &x.c2.c1.d, &y.c2.c0.d, &y.c2.c1.d,
                ],
                &Self::tower_consts::<T>(),
                [
                    &mut r0.c0.c0.d,
                    &mut r0.c0.c1.d,
                    &mut r1.c1.c0.d,
                    &mut r1.c1.c1.d,
                    &mut r1.c0.c0.d,
                    &mut r1.c0.c1.d,
                    &mut r0.c1.c0.d,
                    &mut r0.c1.c1.d,
                    &mut r0.c2.c0.d,
                    &mut r0.c2.c1.d,
                    &mut r1.c2.c0.d,
                    &mut r1.c2.c1.d,
                ],
            );
        if done {
            r
        } else {
            f.cyclotomic_square_formula()
        }
    }
    #[inline(always)]
    fn compressed_cyclotomic_square<T: TowerParams<Fp = P>>(
        e: &[Fp2<T, Self>; 4],
    ) -> [Fp2<T, Self>; 4] {
        let mut r = [Fp2::<T, Self>::ZERO; 4];
        let [r1, r2, r4, r5] = &mut r;
        let done = Self::TOWER_KERNELS
            && LaneDigits::cyclotomic_square::<B, 8>(
                [
                    &e[0].c0.d, &e[0].c1.d, &e[1].c0.d, &e[1].c1.d, &e[2].c0.d, &e[2].c1.d,
                    &e[3].c0.d, &e[3].c1.d,
                ],
                &Self::tower_consts::<T>(),
                [
                    &mut r1.c0.d,
                    &mut r1.c1.d,
                    &mut r2.c0.d,
                    &mut r2.c1.d,
                    &mut r4.c0.d,
                    &mut r4.c1.d,
                    &mut r5.c0.d,
                    &mut r5.c1.d,
                ],
            );
        if done {
            r
        } else {
            crate::field::fp12::square_bc(e)
        }
    }
    #[inline(always)]
    fn fp2_square_into(a: [&Self; 2], beta: i64, c0: &mut Self, c1: &mut Self) {
        LaneDigits::fp2_square::<B>(
            [&a[0].d, &a[1].d],
            beta,
            P::LANE_P,
            P::LANE_P2,
            P::LANE_INV,
            &mut c0.d,
            &mut c1.d,
        )
    }
}
