//! The radix-2^52 digits of eight prime-field elements side by side ("lanes"): one [`Row`] per
//! digit (one 512-bit register), the digit count M = ceil(64N / 52) of an N-limb modulus
//! ([`Radix52`]), the constants a lane field derives from its modulus ([`DigitConsts`]), and the
//! kernel interface of the lane backends ([`LaneDigits`], [`LaneBackend`]). The lane field itself,
//! its backends and the tower kernels on it are `crate::field::lanes`; this part sits below
//! `FpParams` so that every prime field has its lane shape by its limb count alone.

use super::limbs::{mont_neg_inv, pow2_mod};
use super::Limbs;
use core::fmt;
use core::hash::Hash;
use core::marker::PhantomData;
/// The number of elements side by side.
pub const LANES: usize = 8;
pub(crate) const MASK52: u64 = (1 << 52) - 1;

/// One 52-bit digit of eight elements (lane i holds element i's digit): one 512-bit register.
#[repr(C, align(64))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Row(pub [u64; LANES]);

/// The constants of a lane field and of its tower that the whole-F_p6 kernels read: the modulus,
/// 2p, -p^{-1} mod 2^52, u^2 = beta, v^3 = xi = xi0 + xi1 u, and whether the lazy F_p2 product
/// applies (three spare bits above p).
#[derive(Clone, Copy, Debug)]
pub struct TowerConsts<'a, D> {
    /// p in every lane.
    pub p: &'a D,
    /// 2p in every lane.
    pub p2: &'a D,
    /// -p^{-1} mod 2^52.
    pub inv: u64,
    /// u^2 = beta in F_p2.
    pub beta: i64,
    /// v^3 = xi0 + xi1 u in F_p6.
    pub xi: (i64, i64),
    /// Whether the F_p2 products may use lazy reduction.
    pub lazy: bool,
}

/// The 52-bit digits of `x` (little-endian limbs, x < 2^(52M)) in every lane (compile-time use by
/// [`DigitConsts`] for the lane constants).
pub const fn splat_digits<const M: usize, const N: usize>(x: &[u64; N]) -> [Row; M] {
    let mut out = [Row([0; LANES]); M];
    let mut j = 0;
    while j < M {
        let d = digit_of(x, j);
        out[j] = Row([d; LANES]);
        j += 1;
    }
    out
}

/// The 52-bit digits of 2x in every lane (x < 2^(52M - 1)): the bound the lane values stay below.
pub const fn splat_digits_double<const M: usize, const N: usize>(x: &[u64; N]) -> [Row; M] {
    let mut out = [Row([0; LANES]); M];
    let mut j = 0;
    while j < M {
        let below = if j == 0 { 0 } else { digit_of(x, j - 1) >> 51 };
        out[j] = Row([((digit_of(x, j) << 1) | below) & MASK52; LANES]);
        j += 1;
    }
    out
}

/// Bits 52j .. 52j + 52 of the little-endian limbs `x`.
pub(crate) const fn digit_of(x: &[u64], j: usize) -> u64 {
    bits_at(x, 52 * j)
}

/// Bits bit .. bit + 52 of the little-endian limbs `x`.
pub(crate) const fn bits_at(x: &[u64], bit: usize) -> u64 {
    let (k, s) = (bit / 64, bit % 64);
    if k >= x.len() {
        return 0;
    }
    let mut d = x[k] >> s;
    if s > 12 && k + 1 < x.len() {
        d |= x[k + 1] << (64 - s);
    }
    d & MASK52
}

/// The storage of eight elements of one field, `[Row; M]`, and the kernels on it for each backend
/// (monomorphised for M, so that the digits stay in registers).
pub trait LaneDigits:
    Copy + fmt::Debug + PartialEq + Eq + Hash + Send + Sync + 'static + AsRef<[Row]> + AsMut<[Row]>
{
    /// The number of 52-bit digits.
    const M: usize;
    /// Zero in every lane.
    const ZERO: Self;
    /// Montgomery product a*b/2^(52M) mod p, lane by lane, below 2p.
    fn mont_mul<B: LaneBackend>(a: &Self, b: &Self, p: &Self, inv: u64) -> Self;
    /// (a + b) mod p, lane by lane, below 2p (`p2` = 2p).
    fn add_mod<B: LaneBackend>(a: &Self, b: &Self, p2: &Self) -> Self;
    /// (a - b) mod p, lane by lane, below 2p (`p2` = 2p).
    fn sub_mod<B: LaneBackend>(a: &Self, b: &Self, p2: &Self) -> Self;
    /// a / 2 mod p, lane by lane, below 2p.
    fn half_mod<B: LaneBackend>(a: &Self, p: &Self) -> Self;
    /// The canonical value (below p) of a < 2p, lane by lane.
    fn canonical<B: LaneBackend>(a: &Self, p: &Self) -> Self;
    /// ka * a + kb * b mod p for small public constants, below 2p (`p2` = 2p).
    fn lincomb<B: LaneBackend>(a: &Self, ka: i64, b: &Self, kb: i64, p2: &Self) -> Self;
    /// (c0, c1) = (a0 + a1 u)(b0 + b1 u) with u^2 = beta.
    #[allow(clippy::too_many_arguments)]
    fn fp2_mul<B: LaneBackend>(
        a: [&Self; 2],
        b: [&Self; 2],
        beta: i64,
        lazy: bool,
        p: &Self,
        p2: &Self,
        inv: u64,
        c0: &mut Self,
        c1: &mut Self,
    );
    /// (c0, c1) = (a0 + a1 u)^2 with u^2 = beta.
    #[allow(clippy::too_many_arguments)]
    fn fp2_square<B: LaneBackend>(
        a: [&Self; 2],
        beta: i64,
        p: &Self,
        p2: &Self,
        inv: u64,
        c0: &mut Self,
        c1: &mut Self,
    );
    /// c = a * b in F_p6, coefficients (c0.c0, c0.c1, c1.c0, c1.c1, c2.c0, c2.c1), in one
    /// kernel where backend `B` has one on this CPU; false (and c untouched) where it has not.
    fn fp6_mul<B: LaneBackend>(
        a: [&Self; 6],
        b: [&Self; 6],
        k: &TowerConsts<'_, Self>,
        c: [&mut Self; 6],
    ) -> bool;
    /// f <- f * l in F_p12 for a sparse line l (D-type a + (b + c v) w where `M_TYPE` is false,
    /// M-type (a + b v) + (c v) w where it is true; l's rows a, b, c as F_p2 pairs), f's twelve
    /// coefficients in tower order, in one kernel where backend `B` has one for this width and
    /// twist on this CPU; false (and f untouched) where it has not.
    fn fp12_mul_by_line<B: LaneBackend, const M_TYPE: bool>(
        f: [&mut Self; 12],
        l: [&Self; 6],
        k: &TowerConsts<'_, Self>,
    ) -> bool;
    /// f <- f^2 in F_p12 (coefficients as for [`LaneDigits::fp12_mul_by_line`]) in one kernel where
    /// backend `B` has one on this CPU; false (and f untouched) where it has not.
    fn fp12_square<B: LaneBackend>(f: [&mut Self; 12], k: &TowerConsts<'_, Self>) -> bool;
    /// Granger–Scott's cyclotomic square on K = 12 coefficients (A = e0 + e3 s, then B and C as
    /// below) or on K = 8, Karabina's compressed form [e1, e2, e4, e5]; each F_p2 value as two
    /// consecutive coefficients. False (and c untouched) where `B` has no kernel on this CPU.
    fn cyclotomic_square<B: LaneBackend, const K: usize>(
        e: [&Self; K],
        k: &TowerConsts<'_, Self>,
        c: [&mut Self; K],
    ) -> bool;
    /// `count` compressed cyclotomic squares of one element digit-sliced across the lanes (see
    /// `kernels::compressed_squares`; u^2 = -1, xi = 1 + u).
    fn compressed_squares<B: LaneBackend>(
        s: &Self,
        count: usize,
        p: &Self,
        p2: &Self,
        inv: u64,
    ) -> Self;
    /// `count` Granger–Scott cyclotomic squares of one F_p12 element digit-sliced across the
    /// lanes of two values (see `kernels::cyclotomic_squares`; u^2 = -1, xi = xi0 + xi1 u).
    #[allow(clippy::too_many_arguments)]
    fn cyclotomic_squares<B: LaneBackend>(
        x: &Self,
        y: &Self,
        count: usize,
        p: &Self,
        p2: &Self,
        inv: u64,
        xi: (u64, u64),
    ) -> (Self, Self);
}

impl<const M: usize> LaneDigits for [Row; M] {
    const M: usize = M;
    const ZERO: Self = [Row([0; LANES]); M];
    #[inline(always)]
    fn mont_mul<B: LaneBackend>(a: &Self, b: &Self, p: &Self, inv: u64) -> Self {
        B::mont_mul(a, b, p, inv)
    }
    #[inline(always)]
    fn add_mod<B: LaneBackend>(a: &Self, b: &Self, p: &Self) -> Self {
        B::add_mod(a, b, p)
    }
    #[inline(always)]
    fn sub_mod<B: LaneBackend>(a: &Self, b: &Self, p: &Self) -> Self {
        B::sub_mod(a, b, p)
    }
    #[inline(always)]
    fn half_mod<B: LaneBackend>(a: &Self, p: &Self) -> Self {
        B::half_mod(a, p)
    }
    #[inline(always)]
    fn canonical<B: LaneBackend>(a: &Self, p: &Self) -> Self {
        B::canonical(a, p)
    }
    #[inline(always)]
    fn lincomb<B: LaneBackend>(a: &Self, ka: i64, b: &Self, kb: i64, p2: &Self) -> Self {
        B::lincomb(a, ka, b, kb, p2)
    }
    #[inline(always)]
    fn fp2_mul<B: LaneBackend>(
        a: [&Self; 2],
        b: [&Self; 2],
        beta: i64,
        lazy: bool,
        p: &Self,
        p2: &Self,
        inv: u64,
        c0: &mut Self,
        c1: &mut Self,
    ) {
        B::fp2_mul(a, b, beta, lazy, p, p2, inv, c0, c1)
    }
    #[inline(always)]
    fn fp2_square<B: LaneBackend>(
        a: [&Self; 2],
        beta: i64,
        p: &Self,
        p2: &Self,
        inv: u64,
        c0: &mut Self,
        c1: &mut Self,
    ) {
        B::fp2_square(a, beta, p, p2, inv, c0, c1)
    }
    #[inline(always)]
    fn fp6_mul<B: LaneBackend>(
        a: [&Self; 6],
        b: [&Self; 6],
        k: &TowerConsts<'_, Self>,
        c: [&mut Self; 6],
    ) -> bool {
        B::fp6_mul(a, b, k, c)
    }
    #[inline(always)]
    fn fp12_mul_by_line<B: LaneBackend, const M_TYPE: bool>(
        f: [&mut Self; 12],
        l: [&Self; 6],
        k: &TowerConsts<'_, Self>,
    ) -> bool {
        B::fp12_mul_by_line::<M, M_TYPE>(f, l, k)
    }
    #[inline(always)]
    fn fp12_square<B: LaneBackend>(f: [&mut Self; 12], k: &TowerConsts<'_, Self>) -> bool {
        B::fp12_square(f, k)
    }
    #[inline(always)]
    fn cyclotomic_square<B: LaneBackend, const K: usize>(
        e: [&Self; K],
        k: &TowerConsts<'_, Self>,
        c: [&mut Self; K],
    ) -> bool {
        B::cyclotomic_square(e, k, c)
    }
    #[inline(always)]
    fn compressed_squares<B: LaneBackend>(
        s: &Self,
        count: usize,
        p: &Self,
        p2: &Self,
        inv: u64,
    ) -> Self {
        B::compressed_squares(s, count, p, p2, inv)
    }
    #[inline(always)]
    fn cyclotomic_squares<B: LaneBackend>(
        x: &Self,
        y: &Self,
        count: usize,
        p: &Self,
        p2: &Self,
        inv: u64,
        xi: (u64, u64),
    ) -> (Self, Self) {
        B::cyclotomic_squares(x, y, count, p, p2, inv, xi)
    }
}

/// Where the lane kernels run. Every backend returns exactly what
/// [`PortableLanes`](crate::field::lanes::PortableLanes) returns.
pub trait LaneBackend:
    Copy + Clone + fmt::Debug + Default + PartialEq + Eq + Hash + Send + Sync + 'static
{
    /// The backend's short name.
    const NAME: &'static str;
    /// Whether this CPU runs the backend's own kernels (rather than the portable fallback).
    fn active() -> bool;
    /// Montgomery product a*b/2^(52M) mod p, below 2p (a, b < 2p, digits < 2^52; inv = -p^{-1}
    /// mod 2^52; 4p < 2^(52M)).
    fn mont_mul<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M], inv: u64) -> [Row; M];
    /// (a + b) mod p, below 2p (`p2` = 2p).
    fn add_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p2: &[Row; M]) -> [Row; M];
    /// (a - b) mod p, below 2p (`p2` = 2p).
    fn sub_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p2: &[Row; M]) -> [Row; M];
    /// a / 2 mod p, below 2p.
    fn half_mod<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M];
    /// a mod p for a < 2p: the canonical digits.
    fn canonical<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M];
    /// ka * a + kb * b mod p for small public constants, below 2p (`p2` = 2p).
    fn lincomb<const M: usize>(
        a: &[Row; M],
        ka: i64,
        b: &[Row; M],
        kb: i64,
        p2: &[Row; M],
    ) -> [Row; M];
    /// (c0, c1) = (a0 + a1 u)(b0 + b1 u) with u^2 = beta, below 2p.
    #[allow(clippy::too_many_arguments)] // three F_p2 values in halves, and the field
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
    );
    /// (c0, c1) = (a0 + a1 u)^2 with u^2 = beta, below 2p.
    #[allow(clippy::too_many_arguments)]
    fn fp2_square<const M: usize>(
        a: [&[Row; M]; 2],
        beta: i64,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        c0: &mut [Row; M],
        c1: &mut [Row; M],
    );
    /// c = a * b in F_p6 (Karatsuba over F_p2, all in registers: one call instead of about forty,
    /// and none of the copies of the intermediate values between them), below 2p; true where the
    /// backend has this kernel on this CPU. Only the IFMA backend has it: the portable one returns
    /// false and its callers use the tower's formula (the same operations one call each, so the
    /// same digits), as a portable kernel of this size cost minutes of build in every crate that
    /// reaches a lane pairing.
    fn fp6_mul<const M: usize>(
        a: [&[Row; M]; 6],
        b: [&[Row; M]; 6],
        k: &TowerConsts<'_, [Row; M]>,
        c: [&mut [Row; M]; 6],
    ) -> bool;
    /// f <- f * l for a sparse line l in F_p12, all in registers, below 2p (see
    /// [`LaneDigits::fp12_mul_by_line`]); true where the backend has this kernel for width M and
    /// this twist on this CPU (as for [`LaneBackend::fp6_mul`]).
    fn fp12_mul_by_line<const M: usize, const M_TYPE: bool>(
        f: [&mut [Row; M]; 12],
        l: [&[Row; M]; 6],
        k: &TowerConsts<'_, [Row; M]>,
    ) -> bool;
    /// f <- f^2 in F_p12, all in registers, below 2p; true where the backend has this kernel on
    /// this CPU (as for [`LaneBackend::fp6_mul`]).
    fn fp12_square<const M: usize>(f: [&mut [Row; M]; 12], k: &TowerConsts<'_, [Row; M]>) -> bool;
    /// The cyclotomic square of F_p12 (K = 12) or of Karabina's compressed form (K = 8), all in
    /// registers, below 2p (see [`LaneDigits::cyclotomic_square`]); true where the backend has
    /// this kernel on this CPU (as for [`LaneBackend::fp6_mul`]).
    fn cyclotomic_square<const M: usize, const K: usize>(
        e: [&[Row; M]; K],
        k: &TowerConsts<'_, [Row; M]>,
        c: [&mut [Row; M]; K],
    ) -> bool;
    /// See [`LaneDigits::compressed_squares`].
    fn compressed_squares<const M: usize>(
        s: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
    ) -> [Row; M];
    /// See [`LaneDigits::cyclotomic_squares`].
    #[allow(clippy::too_many_arguments)]
    fn cyclotomic_squares<const M: usize>(
        x: &[Row; M],
        y: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        xi: (u64, u64),
    ) -> ([Row; M], [Row; M]);
}

/// The constants of a lane field read from its modulus (implemented by `crate::field::lanes` for
/// every `FpParams`).
pub trait Modulus<L> {
    /// p, as little-endian limbs.
    const MODULUS: L;
}

/// The lane constants of one prime field, derived from its modulus at compile time.
pub trait LaneConsts {
    /// The storage of eight elements, `[Row; M]`.
    type Digits: 'static;
    /// p in every lane, in 52-bit digits. A reference to one static copy: naming a constant of
    /// this size by value made every lane operation copy it to the stack first (a `memcpy` call).
    const P: &'static Self::Digits;
    /// 2p in every lane, in 52-bit digits (the lane values stay below it); static like `P`.
    const P2: &'static Self::Digits;
    /// 2^(52M) mod p in every lane: one in the lanes' Montgomery form.
    const ONE: Self::Digits;
    /// 2^(104M) mod p in every lane: converts into the lanes' Montgomery form.
    const R2: Self::Digits;
    /// -p^{-1} mod 2^52.
    const INV: u64;
}

/// [`LaneConsts`] of the modulus `P::MODULUS` (N limbs) in M digits.
pub struct DigitConsts<P, const N: usize, const M: usize>(PhantomData<P>);

impl<P: Modulus<[u64; N]>, const N: usize, const M: usize> LaneConsts for DigitConsts<P, N, M> {
    type Digits = [Row; M];
    const P: &'static [Row; M] = &splat_digits(&P::MODULUS);
    const P2: &'static [Row; M] = &splat_digits_double(&P::MODULUS);
    const ONE: [Row; M] = splat_digits(&pow2_mod((52 * M) as u32, &P::MODULUS));
    const R2: [Row; M] = splat_digits(&pow2_mod((104 * M) as u32, &P::MODULUS));
    const INV: u64 = mont_neg_inv(P::MODULUS[0]) & MASK52;
}

/// The lane shape of N limbs: M = ceil(64N / 52) digits of 52 bits, and the constants of a
/// modulus of that size. Implemented for every limb count a field may have (1 to 16).
pub trait Radix52: Limbs {
    /// Eight elements in radix 2^52: `[Row; M]`.
    type Digits: LaneDigits;
    /// The lane constants of the modulus `P`.
    type Consts<P: Modulus<Self>>: LaneConsts<Digits = Self::Digits>;
}

macro_rules! radix52 {
    ($($n:literal),*) => {
        $(
            impl Radix52 for [u64; $n] {
                type Digits = [Row; (64 * $n as usize).div_ceil(52)];
                type Consts<P: Modulus<Self>> = DigitConsts<P, $n, { (64 * $n as usize).div_ceil(52) }>;
            }
        )*
    };
}
radix52!(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
