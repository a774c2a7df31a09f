//! F_p as twelve double-precision coefficients, the representation of the dclxvi software
//! (Naehrig–Niederhagen–Schwabe, "New software speed records for cryptographic pairings",
//! Latincrypt 2010), for a BN prime p = p(u) whose parameter is a cube, u = v^3.
//!
//! An element is f = f0 + 6v f1 + 6v^2 f2 + ... + 6v^6 f6 + 36v^7 f7 + ... + 36v^11 f11 with small
//! integer coefficients held exactly in doubles (53-bit mantissa): products and sums stay exact as
//! long as every coefficient stays below 2^53 in magnitude. Multiplication is a 12x12 polynomial
//! product (23 coefficients, the [`BaseField::Wide`] value), reduced modulo p through the
//! polynomial shape of p(u) = 36v^12 + 36v^9 + 24v^6 + 6v^3 + 1, with coefficient reductions
//! (carries c = round(f_i / radix)) bringing coefficients back to about v/2.
//!
//! How the [`BaseField`] contract reads here: an element is *any* coefficient vector whose value
//! sum f_i w_i is congruent to the element modulo p ("below 2p" and "modulo p * 2^(64N)" of the
//! Montgomery field become "coefficients small enough that the next product stays exact");
//! additions, subtractions and the wide operations are coefficient-wise and never reduce.
//! The reduction schedule:
//! - `mul_wide_into` carries each operand once (one round of carries, all twelve at once) before
//!   the polynomial product: the tower multiplies sums (F_p12 Karatsuba over F_p6 Karatsuba over
//!   F_p2 Karatsuba: up to eight reduced values per coefficient), which the slides' "sometimes
//!   also before a multiplication after several additions" covers;
//! - `reduce_wide` = one carry round on the 23 product coefficients, the polynomial reduction,
//!   one carry round on the twelve; an F_p2 product (Karatsuba, [`BaseField::LAZY`]) takes two of
//!   them, i.e. two polynomial reductions and two (double) coefficient reductions as in dclxvi,
//!   and F_p6/F_p12 products reduce their sums of wide F_p2 products once per coefficient;
//! - an F_p2 product or square is one kernel ([`TowerKernels::fp2_mul_wide`], `fp2_mul_into`,
//!   `fp2_square_wide`, `fp2_square_into`, hooks of the tower): each of the four (two) operand
//!   coefficients is carried once, the Karatsuba sums of carried values are not carried again,
//!   and the reduced forms keep the two wide results in registers through their reductions
//!   (AVX-512F, or AVX2 with FMA: one call from the four operands to the two results);
//! - `mul_small` and `small_lincomb` end with one carry round;
//! - above F_p2, the F_p4 square ([`TowerKernels::fp4_square`], AVX-512 or AVX2), and with AVX-512
//!   the F_p6 product ([`TowerKernels::fp6_mul`]), the F_p12 product and square, the D-type line
//!   product and runs of cyclotomic squares are whole kernels as well: the same carries on the
//!   same values as the tower's formulas (equal bit for bit, tested), without the copies of wide
//!   values (384 bytes per F_p2) between the generic tower's steps, and with the two reductions
//!   of each F_p2 value sharing vectors. The float pairing went from 1.31M to 0.90M rdtsc ticks
//!   with them (together with carries that round the exact product, [`round_mul`], and the
//!   final exponentiation's chain of three exponentiations by v), measured with
//!   `cargo run --release -p tripair-research --features examples --example dclxvi_profile` on an AVX-512 Xeon.
//!
//! That this keeps every coefficient (and every partial sum) below 2^53 through the tower, the
//! Miller loop and the final exponentiation, for every input, is proven by running them on
//! [`super::dclxvi_bounds::CheckedCoeff`] (the slides' CheckDouble), which carries a worst-case
//! bound beside every value; the tests also show that removing the operand carry or the carry
//! round on the product is caught. The proof covers the pairing's sequence of operations (which
//! does not depend on the inputs); other uses of this field (say, `mul_small` by 65535 of a long
//! sum) are proven the same way, by running them once on `CheckedCoeff`.
//!
//! The arithmetic of `f64` coefficients runs on AVX-512F (or AVX2 with FMA) where
//! [`crate::cpu`] detects it, checked once per operation (one relaxed atomic load; an F_p2
//! product is one operation), and otherwise on the portable code; the kernels compute the same
//! exact integers, so the results are equal bit for bit (tested).
//!
//! Equality and the canonical encoding go through the integer sum f_i w_i mod p; `inv` and
//! `inv_vartime` convert to the Montgomery field, invert there and convert back (the pairing
//! inverts once, in the final exponentiation).

use super::base::BaseField;
use super::fp::{Fp, FpParams};
use super::fp2::{Fp2, TowerParams};
use super::kernels::TowerKernels;
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

/// A BN prime field whose parameter u = v^3 is a cube, with v small enough (below about 2^21)
/// that products of reduced coefficients stay far below 2^53.
pub trait CubeBnParams:
    'static + Copy + Clone + fmt::Debug + Default + PartialEq + Eq + Send + Sync
{
    /// The Montgomery field of the same prime.
    type Fp: FpParams;
    /// v with u = v^3 and p = 36u^4 + 36u^3 + 24u^2 + 6u + 1.
    const V: u64;
    /// Storage for the coefficients of 1/2 = (p + 1)/2, converted once ([`BaseField::half`]
    /// multiplies by it in every point doubling): each prime keeps its own.
    fn half_cache() -> &'static std::sync::OnceLock<[f64; N]>;
    /// Storage for the weights w_i of [`Dclxvi::to_fp`], computed once: equality tests convert
    /// (the final exponentiation's decompression tests two values per power), and with the 23
    /// products of the weights redone each time the conversions measured 5% of the float pairing
    /// (2% with the weights stored).
    fn weights_cache() -> &'static std::sync::OnceLock<[Fp<Self::Fp>; N]>;
}

/// Number of coefficients of an element.
pub const N: usize = 12;
/// Number of coefficients of an unreduced product (23, padded to 24 for three 8-lane vectors).
pub const NW: usize = 24;

/// The weight class of coefficient i of an element: w_i = 6^class * v^i.
const fn class(i: usize) -> u32 {
    match i {
        0 => 0,
        1..=6 => 1,
        _ => 2,
    }
}

/// The weight class of coefficient k of a product: W_k = 6^class * v^k, the largest power of 6
/// dividing every s_i s_j with i + j = k, and such that the reduction below has integer factors.
const fn wide_class(k: usize) -> u32 {
    match k {
        0 => 0,
        1..=6 => 1,
        7..=12 => 2,
        13..=17 => 3,
        _ => 4,
    }
}

/// Whether term f_i g_j of the product enters coefficient i + j with factor 6 (else 1):
/// s_i s_j / S_(i+j) is 6^(class(i) + class(j) - wide_class(i + j)), an exponent of 0 or 1.
const fn times_six(i: usize, j: usize) -> bool {
    class(i) + class(j) > wide_class(i + j)
}

/// `SIX[i][j]`: whether f_i g_j enters the product with factor 6.
pub const SIX: [[bool; N]; N] = {
    let mut t = [[false; N]; N];
    let mut i = 0;
    while i < N {
        let mut j = 0;
        while j < N {
            t[i][j] = times_six(i, j);
            j += 1;
        }
        i += 1;
    }
    t
};

const fn pow6(e: u32) -> u64 {
    6u64.pow(e)
}

/// The polynomial reduction, top coefficient first: 36v^12 = -(36v^9 + 24v^6 + 6v^3 + 1) mod p,
/// so t_(12+k) W_(12+k) folds into coefficients 9+k, 6+k, 3+k and k with these (subtracted)
/// factors: `FOLD[k] = [(target, factor); 4]`.
pub const FOLD: [[(usize, u64); 4]; 11] = {
    let mut t = [[(0usize, 0u64); 4]; 11];
    let mut k = 0;
    while k < 11 {
        let f = pow6(wide_class(12 + k)) / 36;
        let terms = [(36u64, 9usize), (24, 6), (6, 3), (1, 0)];
        let mut n = 0;
        while n < 4 {
            let tgt = terms[n].1 + k;
            t[k][n] = (tgt, f * terms[n].0 / pow6(wide_class(tgt)));
            n += 1;
        }
        k += 1;
    }
    t
};

/// The radices of the element's coefficients: w_(i+1) / w_i (and v for the top one, whose carry
/// is folded by p's shape).
const fn radices(v: u64) -> [u64; N] {
    let mut r = [0u64; N];
    let mut i = 0;
    while i < N {
        r[i] = if i + 1 == N {
            v
        } else {
            v * pow6(class(i + 1) - class(i))
        };
        i += 1;
    }
    r
}

/// The radices of the product's coefficients: W_(k+1) / W_k (k <= 22; W_23 = 1296 v^23, whose
/// multiples fold like the others).
const fn wide_radices(v: u64) -> [u64; NW] {
    let mut r = [0u64; NW];
    let mut k = 0;
    while k + 1 < NW {
        r[k] = v * pow6(wide_class(k + 1) - wide_class(k));
        k += 1;
    }
    r
}

/// A coefficient: an exact integer in a double (`f64`), or the same with a proven bound beside it
/// ([`super::dclxvi_bounds::CheckedCoeff`]).
pub trait Coeff:
    Copy
    + fmt::Debug
    + Default
    + Send
    + Sync
    + 'static
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
{
    /// 0.
    const ZERO: Self;
    /// 1.
    const ONE: Self;
    /// The integer x (|x| < 2^53), known to lie in [-bound, bound].
    fn with_bound(x: f64, bound: f64) -> Self;
    /// The value.
    fn value(self) -> f64;
    /// self * k for a small public integer k.
    fn scale(self, k: f64) -> Self;
    /// (self - c * radix, c) with c = round(self / radix): one carry; `radix_inv` = 1 / radix.
    fn carry(self, radix: f64, radix_inv: f64) -> (Self, Self);
    /// `self` where mask = 0, `other` where mask = !0.
    fn select(self, other: Self, mask: u64) -> Self;
    /// The unreduced product of two elements (23 coefficients, the 24th zero). The defaults here
    /// are the portable code; `f64` picks SIMD kernels where the CPU has them.
    #[inline(always)]
    fn poly_mul(a: &[Self; N], b: &[Self; N]) -> [Self; NW] {
        poly_mul_portable(a, b)
    }
    /// One carry round over an element ([`carry_round_portable`]).
    #[inline(always)]
    fn carry_round(c: &mut [Self; N], k: &Radices) {
        carry_round_portable(c, k)
    }
    /// Carried operands and their product ([`mul_wide_portable`]).
    #[inline(always)]
    fn mul_wide(a: &[Self; N], b: &[Self; N], k: &Radices) -> [Self; NW] {
        mul_wide_portable(a, b, k)
    }
    /// The full reduction of a product ([`reduce_wide_portable`]).
    #[inline(always)]
    fn reduce_wide(t: &[Self; NW], k: &Radices) -> [Self; N] {
        reduce_wide_portable(t, k)
    }
    /// The unreduced F_p2 product ([`fp2_mul_wide_with`] on this type's kernels).
    #[inline(always)]
    fn fp2_mul_wide(a: [&[Self; N]; 2], b: [&[Self; N]; 2], k: &Radices) -> [[Self; NW]; 2] {
        fp2_mul_wide_with(a, b, k, Self::carry_round, Self::poly_mul)
    }
    /// The unreduced F_p2 square ([`fp2_square_wide_with`] on this type's kernels).
    #[inline(always)]
    fn fp2_square_wide(a: [&[Self; N]; 2], k: &Radices) -> [[Self; NW]; 2] {
        fp2_square_wide_with(a, k, Self::carry_round, Self::poly_mul)
    }
    /// The reduced F_p2 product: [`Coeff::fp2_mul_wide`] and two full reductions.
    #[inline(always)]
    fn fp2_mul(a: [&[Self; N]; 2], b: [&[Self; N]; 2], k: &Radices) -> [[Self; N]; 2] {
        let [c0, c1] = Self::fp2_mul_wide(a, b, k);
        [Self::reduce_wide(&c0, k), Self::reduce_wide(&c1, k)]
    }
    /// The reduced F_p2 square: [`Coeff::fp2_square_wide`] and two full reductions.
    #[inline(always)]
    fn fp2_square(a: [&[Self; N]; 2], k: &Radices) -> [[Self; N]; 2] {
        let [c0, c1] = Self::fp2_square_wide(a, k);
        [Self::reduce_wide(&c0, k), Self::reduce_wide(&c1, k)]
    }
    /// The F_p6 product over u^2 = -1 (coefficients [a0.c0, a0.c1, a1.c0, .., a2.c1]) exactly as
    /// the tower's lazy Karatsuba computes it (six unreduced F_p2 products of the coefficients and
    /// of their pairwise sums, their sums with xi, each output coefficient reduced once) in one
    /// kernel; false where there is none (the tower's formula runs: same carries, same values).
    #[inline(always)]
    fn fp6_mul(
        _a: [&[Self; N]; 6],
        _b: [&[Self; N]; 6],
        _xi: (i64, i64),
        _k: &Radices,
        _out: [&mut [Self; N]; 6],
    ) -> bool {
        false
    }
    /// f <- f g in F_p12 over u^2 = -1 (twelve coefficients each, in the tower's order) exactly
    /// as the tower's formula computes it (Karatsuba over F_p6: three F_p6 products as
    /// [`Coeff::fp6_mul`], the sums with v, xi times a reduced value with its carry round) in
    /// one kernel; false where there is none.
    #[inline(always)]
    fn fp12_mul(
        _f: [&mut [Self; N]; 12],
        _g: [&[Self; N]; 12],
        _xi: (i64, i64),
        _k: &Radices,
    ) -> bool {
        false
    }
    /// f <- f^(2^n) by n Granger–Scott cyclotomic squares over u^2 = -1, each exactly as the
    /// tower's formula computes it (three F_p4 squares as [`Coeff::fp4_square`], then
    /// 3x - 2 conj(y) and 3x + 2 conj(y) sums and xi times a reduced value with its carry round)
    /// in one kernel; false where there is none.
    #[inline(always)]
    fn cyclotomic_squares(
        _f: [&mut [Self; N]; 12],
        _n: usize,
        _xi: (i64, i64),
        _k: &Radices,
    ) -> bool {
        false
    }
    /// f <- f^2 in F_p12 over u^2 = -1 (f's twelve coefficients in the tower's order) exactly as
    /// the tower's formula computes it (`Fp12::square_formula`: two F_p6 products as
    /// [`Coeff::fp6_mul`], the sums with v, xi times a reduced value with its carry round) in one
    /// kernel; false where there is none.
    #[inline(always)]
    fn fp12_square(_f: [&mut [Self; N]; 12], _xi: (i64, i64), _k: &Radices) -> bool {
        false
    }
    /// f <- f * (a + (b + c v) w), the D-type line product over u^2 = -1 (f's twelve coefficients
    /// in the tower's order, the line as [a.c0, a.c1, b.c0, b.c1, c.c0, c.c1]) exactly as the
    /// tower's formula computes it (f0 a by three reduced F_p2 products, the two sparse F_p6
    /// products f1 (b + c v) and (f0 + f1)(a + b + c v) with one reduction per coefficient,
    /// Karatsuba's sums, xi times a reduced value with its carry round) in one kernel; false
    /// where there is none.
    #[inline(always)]
    fn fp12_mul_by_line_d(
        _f: [&mut [Self; N]; 12],
        _l: [&[Self; N]; 6],
        _xi: (i64, i64),
        _k: &Radices,
    ) -> bool {
        false
    }
    /// (a0 + a1 s)^2 in F_p4 = F_p2\[s\]/(s^2 - xi) over u^2 = -1, exactly as the tower's lazy
    /// formula computes it (three unreduced F_p2 squares t0 = a0^2, t1 = a1^2,
    /// s = (a0 + a1)^2; c0 = t0 + xi t1 and c1 = s - t0 - t1, each coefficient reduced once) in
    /// one kernel, into `out` = [c0.c0, c0.c1, c1.c0, c1.c1]; false where there is none (the
    /// tower's formula then runs: the same carries on the same values, so one bounds proof
    /// covers both).
    #[inline(always)]
    fn fp4_square(
        _a0: [&[Self; N]; 2],
        _a1: [&[Self; N]; 2],
        _xi: (i64, i64),
        _k: &Radices,
        _out: [&mut [Self; N]; 4],
    ) -> bool {
        false
    }
}

/// 1.5 * 2^52: x + MAGIC rounds x (|x| < 2^51) to an integer, ties to even.
const MAGIC: f64 = 6755399441055744.0;

/// round(x * y) of the exact product (|x * y| < 2^51), ties to even: one fused multiply-add with
/// 1.5 * 2^52 and one subtraction, the same in every SIMD lane (a separate product, rounding and
/// removing the constant took a third operation on the vector port; the float pairing measured
/// 5% faster). Without hardware FMA, `mul_add` is the exact software routine: the portable
/// results stay equal to the SIMD ones bit for bit.
#[inline(always)]
pub fn round_mul(x: f64, y: f64) -> f64 {
    x.mul_add(y, MAGIC) - MAGIC
}

impl Coeff for f64 {
    const ZERO: Self = 0.0;
    const ONE: Self = 1.0;
    #[inline(always)]
    fn with_bound(x: f64, _bound: f64) -> Self {
        x
    }
    #[inline(always)]
    fn value(self) -> f64 {
        self
    }
    #[inline(always)]
    fn scale(self, k: f64) -> Self {
        self * k
    }
    #[inline(always)]
    fn carry(self, radix: f64, radix_inv: f64) -> (Self, Self) {
        let c = round_mul(self, radix_inv);
        // Exact: c * radix and the difference are integers below 2^53.
        (self - c * radix, c)
    }
    #[inline(always)]
    fn select(self, other: Self, mask: u64) -> Self {
        f64::from_bits((self.to_bits() & !mask) | (other.to_bits() & mask))
    }
    #[inline(always)]
    fn poly_mul(a: &[f64; N], b: &[f64; N]) -> [f64; NW] {
        simd::poly_mul_dispatch(a, b)
    }
    #[inline(always)]
    fn carry_round(c: &mut [f64; N], k: &Radices) {
        simd::carry_round_dispatch(c, k)
    }
    #[inline(always)]
    fn mul_wide(a: &[f64; N], b: &[f64; N], k: &Radices) -> [f64; NW] {
        simd::mul_wide_dispatch(a, b, k)
    }
    #[inline(always)]
    fn reduce_wide(t: &[f64; NW], k: &Radices) -> [f64; N] {
        simd::reduce_wide_dispatch(t, k)
    }
    #[inline(always)]
    fn fp2_mul_wide(a: [&[f64; N]; 2], b: [&[f64; N]; 2], k: &Radices) -> [[f64; NW]; 2] {
        simd::fp2_mul_wide_dispatch(a, b, k)
    }
    #[inline(always)]
    fn fp2_square_wide(a: [&[f64; N]; 2], k: &Radices) -> [[f64; NW]; 2] {
        simd::fp2_square_wide_dispatch(a, k)
    }
    #[inline(always)]
    fn fp2_mul(a: [&[f64; N]; 2], b: [&[f64; N]; 2], k: &Radices) -> [[f64; N]; 2] {
        simd::fp2_mul_dispatch(a, b, k)
    }
    #[inline(always)]
    fn fp2_square(a: [&[f64; N]; 2], k: &Radices) -> [[f64; N]; 2] {
        simd::fp2_square_dispatch(a, k)
    }
    #[inline(always)]
    fn fp6_mul(
        a: [&[f64; N]; 6],
        b: [&[f64; N]; 6],
        xi: (i64, i64),
        k: &Radices,
        out: [&mut [f64; N]; 6],
    ) -> bool {
        simd::fp6_mul_dispatch(a, b, xi, k, out)
    }
    #[inline(always)]
    fn fp12_square(f: [&mut [f64; N]; 12], xi: (i64, i64), k: &Radices) -> bool {
        simd::fp12_square_dispatch(f, xi, k)
    }
    #[inline(always)]
    fn fp12_mul(f: [&mut [f64; N]; 12], g: [&[f64; N]; 12], xi: (i64, i64), k: &Radices) -> bool {
        simd::fp12_mul_dispatch(f, g, xi, k)
    }
    #[inline(always)]
    fn cyclotomic_squares(f: [&mut [f64; N]; 12], n: usize, xi: (i64, i64), k: &Radices) -> bool {
        simd::cyclotomic_squares_dispatch(f, n, xi, k)
    }
    #[inline(always)]
    fn fp12_mul_by_line_d(
        f: [&mut [f64; N]; 12],
        l: [&[f64; N]; 6],
        xi: (i64, i64),
        k: &Radices,
    ) -> bool {
        simd::fp12_mul_by_line_d_dispatch(f, l, xi, k)
    }
    #[inline(always)]
    fn fp4_square(
        a0: [&[f64; N]; 2],
        a1: [&[f64; N]; 2],
        xi: (i64, i64),
        k: &Radices,
        out: [&mut [f64; N]; 4],
    ) -> bool {
        simd::fp4_square_dispatch(a0, a1, xi, k, out)
    }
}

/// The schoolbook product, coefficient k = sum over i + j = k of f_i g_j (times 6 where
/// [`SIX`] says): 144 multiply-adds.
#[inline(always)]
pub fn poly_mul_portable<C: Coeff>(a: &[C; N], b: &[C; N]) -> [C; NW] {
    let b6: [C; N] = core::array::from_fn(|j| b[j].scale(6.0));
    let mut t = [C::ZERO; NW];
    for i in 0..N {
        for j in 0..N {
            let g = if SIX[i][j] { b6[j] } else { b[j] };
            t[i + j] = t[i + j] + a[i] * g;
        }
    }
    t
}

/// An element of F_p as twelve coefficients of type `C` (see the module documentation).
#[derive(Clone, Copy)]
pub struct Dclxvi<P: CubeBnParams, C: Coeff = f64> {
    /// The coefficients f0..f11.
    pub c: [C; N],
    _p: PhantomData<P>,
}

/// An unreduced product: 23 coefficients (the 24th is zero) with weights W_k = 6^class v^k.
#[derive(Clone, Copy, Debug)]
pub struct DclxviWide<C: Coeff>(pub [C; NW]);

/// The radices of one prime as doubles, with their reciprocals: what the carries need.
#[derive(Clone, Copy, Debug)]
pub struct Radices {
    /// w_(i+1) / w_i for the element (v for the top coefficient), then four zero lanes.
    pub r: [f64; 16],
    /// 1 / r (zero in the four padding lanes, so their carries are 0).
    pub r_inv: [f64; 16],
    /// W_(k+1) / W_k for the product (0 in the padding lane).
    pub rw: [f64; NW],
    /// 1 / rw (0 in the padding lane, so its carry is 0).
    pub rw_inv: [f64; NW],
    /// r_8..r_11 twice: the high parts of two elements in one 8-lane vector.
    pub r_hi2: [f64; 8],
    /// 1 / r_hi2.
    pub r_inv_hi2: [f64; 8],
}

const fn radices_of(v: u64) -> Radices {
    let (r, rw) = (radices(v), wide_radices(v));
    let mut out = Radices {
        r: [0.0; 16],
        r_inv: [0.0; 16],
        rw: [0.0; NW],
        rw_inv: [0.0; NW],
        r_hi2: [0.0; 8],
        r_inv_hi2: [0.0; 8],
    };
    let mut i = 0;
    while i < N {
        out.r[i] = r[i] as f64;
        out.r_inv[i] = 1.0 / out.r[i];
        i += 1;
    }
    let mut l = 0;
    while l < 8 {
        out.r_hi2[l] = out.r[8 + l % 4];
        out.r_inv_hi2[l] = out.r_inv[8 + l % 4];
        l += 1;
    }
    let mut k = 0;
    while k + 1 < NW {
        out.rw[k] = rw[k] as f64;
        out.rw_inv[k] = 1.0 / out.rw[k];
        k += 1;
    }
    out
}

/// The constants of one [`CubeBnParams`], computed at compile time.
struct Consts<P>(PhantomData<P>);

impl<P: CubeBnParams> Consts<P> {
    const R: [u64; N] = radices(P::V);
    const RADICES: Radices = radices_of(P::V);
    /// m = floor(2^88 / d) + 1 per radix d < 2^24: for cur < 2^56, floor(cur * m / 2^88) =
    /// floor(cur / d), since the error cur * (m - 2^88/d) / 2^88 < 2^-32 is below the gap 1/d
    /// between cur/d and the next integer.
    const RECIP: [u128; N] = {
        let mut m = [0u128; N];
        let mut i = 0;
        while i < N {
            assert!(Self::R[i] < 1 << 24, "v must stay below about 2^21");
            m[i] = (1u128 << 88) / Self::R[i] as u128 + 1;
            i += 1;
        }
        m
    };
}

/// The polynomial reduction as one matrix: coefficient i of the result is
/// t_i + sum over k of `REDUCE[i][k] * t_(12+k)`, the folds of [`FOLD`] applied top down and
/// composed (so that the SIMD code can apply it as 11 broadcast multiply-adds).
pub const REDUCE: [[i64; 11]; N] = {
    // contrib[j][x]: how much of t_(12+j) currently sits at position x.
    let mut contrib = [[0i64; NW]; 11];
    let mut j = 0;
    while j < 11 {
        contrib[j][12 + j] = 1;
        j += 1;
    }
    let mut k = 11;
    while k > 0 {
        k -= 1;
        let mut j = 0;
        while j < 11 {
            let top = contrib[j][12 + k];
            let mut n = 0;
            while n < 4 {
                let (tgt, f) = FOLD[k][n];
                contrib[j][tgt] -= f as i64 * top;
                n += 1;
            }
            contrib[j][12 + k] = 0;
            j += 1;
        }
    }
    let mut m = [[0i64; 11]; N];
    let mut i = 0;
    while i < N {
        let mut j = 0;
        while j < 11 {
            m[i][j] = contrib[j][i];
            j += 1;
        }
        i += 1;
    }
    m
};

/// One round of carries over the twelve coefficients at once (each carry independent of the
/// others, so a SIMD round): f_i -= c_i r_i, f_(i+1) += c_i, and the top carry folded by
/// 36v^12 = -(36v^9 + 24v^6 + 6v^3 + 1): f0, f3, f9 -= c11 and f6 -= 4 c11.
#[inline(always)]
pub fn carry_round_portable<C: Coeff>(c: &mut [C; N], k: &Radices) {
    let mut q = [C::ZERO; N];
    for i in 0..N {
        let (rem, cy) = c[i].carry(k.r[i], k.r_inv[i]);
        c[i] = rem;
        q[i] = cy;
    }
    for i in 1..N {
        c[i] = c[i] + q[i - 1];
    }
    let top = q[N - 1];
    c[0] = c[0] - top;
    c[3] = c[3] - top;
    c[6] = c[6] - top.scale(4.0);
    c[9] = c[9] - top;
}

/// One round of carries over the product's 23 coefficients: brings them to about v before the
/// polynomial reduction multiplies them by up to a few thousand and adds them up. The top carry c
/// (a multiple of W_23 = 1296 v^23 = 36 v^11 * 36 v^12) folds by p's shape:
/// t20, t14, t11 -= c and t17 -= 4c.
#[inline(always)]
pub fn wide_carry_round_portable<C: Coeff>(t: &mut [C; NW], k: &Radices) {
    let mut q = [C::ZERO; NW];
    for i in 0..NW - 1 {
        let (rem, cy) = t[i].carry(k.rw[i], k.rw_inv[i]);
        t[i] = rem;
        q[i] = cy;
    }
    for i in 1..NW - 1 {
        t[i] = t[i] + q[i - 1];
    }
    let top = q[NW - 2];
    t[20] = t[20] - top;
    t[17] = t[17] - top.scale(4.0);
    t[14] = t[14] - top;
    t[11] = t[11] - top;
}

/// The polynomial reduction of 23 coefficients to 12 by p's shape ([`REDUCE`]).
#[inline(always)]
pub fn poly_reduce_portable<C: Coeff>(t: &[C; NW]) -> [C; N] {
    core::array::from_fn(|i| {
        let mut acc = t[i];
        for j in 0..11 {
            if REDUCE[i][j] != 0 {
                acc = acc + t[12 + j].scale(REDUCE[i][j] as f64);
            }
        }
        acc
    })
}

/// The unreduced product of two elements whose coefficients may be sums of many reduced ones
/// (the tower adds before it multiplies): one carry round on each operand brings every
/// coefficient to about radix/2 first, so the 23 product coefficients stay below 2^47 whatever
/// the sums were (up to 2^53).
#[inline(always)]
pub fn mul_wide_portable<C: Coeff>(a: &[C; N], b: &[C; N], k: &Radices) -> [C; NW] {
    let (mut a, mut b) = (*a, *b);
    C::carry_round(&mut a, k);
    C::carry_round(&mut b, k);
    C::poly_mul(&a, &b)
}

/// The full reduction of a product: a carry round on the 23 coefficients (to about v), the
/// polynomial reduction (to below 2^32), a carry round on the 12 (to radix/2 plus a few
/// thousand).
#[inline(always)]
pub fn reduce_wide_portable<C: Coeff>(t: &[C; NW], k: &Radices) -> [C; N] {
    let mut t = *t;
    wide_carry_round_portable(&mut t, k);
    let mut c = poly_reduce_portable(&t);
    carry_round_portable(&mut c, k);
    c
}

/// The unreduced F_p2 product (a0 + a1 u)(b0 + b1 u), u^2 = -1, on given carry-round and
/// product kernels: one carry round per operand coefficient (four, where three separate
/// `mul_wide` calls carry six), then Karatsuba on the carried values (their sums need no further
/// carry: the bounds checker shows (a0 + a1)(b0 + b1) stays far below 2^53):
/// (a0 b0 - a1 b1, (a0 + a1)(b0 + b1) - a0 b0 - a1 b1).
#[inline(always)]
pub fn fp2_mul_wide_with<C: Coeff>(
    a: [&[C; N]; 2],
    b: [&[C; N]; 2],
    k: &Radices,
    carry: impl Fn(&mut [C; N], &Radices),
    mul: impl Fn(&[C; N], &[C; N]) -> [C; NW],
) -> [[C; NW]; 2] {
    let (mut a0, mut a1, mut b0, mut b1) = (*a[0], *a[1], *b[0], *b[1]);
    carry(&mut a0, k);
    carry(&mut a1, k);
    carry(&mut b0, k);
    carry(&mut b1, k);
    let sa: [C; N] = core::array::from_fn(|i| a0[i] + a1[i]);
    let sb: [C; N] = core::array::from_fn(|i| b0[i] + b1[i]);
    let t0 = mul(&a0, &b0);
    let t1 = mul(&a1, &b1);
    let t2 = mul(&sa, &sb);
    [
        core::array::from_fn(|i| t0[i] - t1[i]),
        core::array::from_fn(|i| t2[i] - t0[i] - t1[i]),
    ]
}

/// The unreduced F_p2 square (a0 + a1 u)^2, u^2 = -1: one carry round per coefficient, then
/// ((a0 + a1)(a0 - a1), (a0 + a0) a1) on the carried values.
#[inline(always)]
pub fn fp2_square_wide_with<C: Coeff>(
    a: [&[C; N]; 2],
    k: &Radices,
    carry: impl Fn(&mut [C; N], &Radices),
    mul: impl Fn(&[C; N], &[C; N]) -> [C; NW],
) -> [[C; NW]; 2] {
    let (mut a0, mut a1) = (*a[0], *a[1]);
    carry(&mut a0, k);
    carry(&mut a1, k);
    let s: [C; N] = core::array::from_fn(|i| a0[i] + a1[i]);
    let d: [C; N] = core::array::from_fn(|i| a0[i] - a1[i]);
    let dbl: [C; N] = core::array::from_fn(|i| a0[i] + a0[i]);
    [mul(&s, &d), mul(&dbl, &a1)]
}

/// [`fp2_mul_wide_with`] on the portable kernels (what the SIMD F_p2 kernels must equal).
pub fn fp2_mul_wide_portable<C: Coeff>(
    a: [&[C; N]; 2],
    b: [&[C; N]; 2],
    k: &Radices,
) -> [[C; NW]; 2] {
    fp2_mul_wide_with(a, b, k, carry_round_portable, poly_mul_portable)
}

/// [`fp2_square_wide_with`] on the portable kernels.
pub fn fp2_square_wide_portable<C: Coeff>(a: [&[C; N]; 2], k: &Radices) -> [[C; NW]; 2] {
    fp2_square_wide_with(a, k, carry_round_portable, poly_mul_portable)
}

impl<P: CubeBnParams, C: Coeff> Dclxvi<P, C> {
    /// From coefficients.
    #[inline(always)]
    pub const fn from_coeffs(c: [C; N]) -> Self {
        Dclxvi { c, _p: PhantomData }
    }

    /// The weights w_i = 6^class(i) v^i as Montgomery elements (computed once per prime).
    fn weights() -> &'static [Fp<P::Fp>; N] {
        P::weights_cache().get_or_init(Self::compute_weights)
    }

    fn compute_weights() -> [Fp<P::Fp>; N] {
        let v = Fp::<P::Fp>::from_u64(P::V);
        let mut w = [Fp::ONE; N];
        for i in 1..N {
            w[i] = w[i - 1] * v;
        }
        for (i, wi) in w.iter_mut().enumerate() {
            *wi *= Fp::from_u64(pow6(class(i)));
        }
        w
    }

    /// The element of the Montgomery field this stands for: sum f_i w_i mod p.
    pub fn to_fp(&self) -> Fp<P::Fp> {
        let w = Self::weights();
        let mut acc = Fp::ZERO;
        for (ci, wi) in self.c.iter().zip(w.iter()) {
            let x = ci.value();
            debug_assert!(x == x.trunc() && x.abs() < 9007199254740992.0);
            let x = x as i64;
            let a = Fp::<P::Fp>::from_u64(x.unsigned_abs());
            // Sign by mask, not branch: the coefficients may be secret.
            let a = a.select(&-a, (x >> 63) as u64);
            acc += a * *wi;
        }
        acc
    }

    /// The canonical little-endian limbs of the value (fully reduced modulo p).
    pub fn to_canonical_limbs(&self) -> <P::Fp as FpParams>::Limbs {
        self.to_fp().to_canonical_limbs()
    }

    /// From the Montgomery field: the digits of the canonical integer in the mixed radix
    /// (6v, v, v, v, v, v, 6v, v, v, v, v), the last digit below 2v. Division by each radix is
    /// a multiplication by a precomputed reciprocal, so the time does not depend on the value.
    pub fn from_fp(x: &Fp<P::Fp>) -> Self {
        let limbs = x.to_canonical_limbs();
        let limbs = limbs.as_ref();
        // 32-bit digits, most significant first, in a fixed buffer (no allocation: the tower
        // converts its constants through here).
        let n = 2 * limbs.len();
        assert!(n <= 32, "at most 16 limbs");
        let mut buf = [0u64; 32];
        for (k, &l) in limbs.iter().rev().enumerate() {
            buf[2 * k] = l >> 32;
            buf[2 * k + 1] = l & 0xffff_ffff;
        }
        let halves = &mut buf[..n];
        let radix = Consts::<P>::R;
        let mut c = [C::ZERO; N];
        for i in 0..N - 1 {
            let (d, m) = (radix[i], Consts::<P>::RECIP[i]);
            let mut rem: u64 = 0;
            for h in halves.iter_mut() {
                let cur = (rem << 32) | *h;
                let q = ((cur as u128 * m) >> 88) as u64;
                rem = cur - q * d;
                *h = q;
            }
            c[i] = C::with_bound(rem as f64, d as f64);
        }
        // What is left is p / w_11 < 2v at most: it fits the low 64 bits.
        let n = halves.len();
        let top = (halves[n - 2] << 32) | halves[n - 1];
        debug_assert!(halves[..n - 2].iter().all(|&h| h == 0));
        c[N - 1] = C::with_bound(top as f64, 2.0 * P::V as f64);
        Self::from_coeffs(c)
    }

    /// One carry round ([`carry_round_portable`], or its SIMD form for `f64`).
    #[inline(always)]
    pub fn carry_round(c: &mut [C; N]) {
        C::carry_round(c, &Consts::<P>::RADICES);
    }

    /// The carry round of a product ([`wide_carry_round_portable`]).
    #[inline(always)]
    pub fn wide_carry_round(t: &mut [C; NW]) {
        wide_carry_round_portable(t, &Consts::<P>::RADICES);
    }

    /// The polynomial reduction ([`poly_reduce_portable`]).
    #[inline(always)]
    pub fn poly_reduce(t: &[C; NW]) -> [C; N] {
        poly_reduce_portable(t)
    }

    /// The full reduction of a product ([`reduce_wide_portable`], or its SIMD form for `f64`).
    #[inline(always)]
    pub fn reduce_wide_coeffs(t: &[C; NW]) -> Self {
        Self::from_coeffs(C::reduce_wide(t, &Consts::<P>::RADICES))
    }

    /// The unreduced product with carried operands ([`mul_wide_portable`], or its SIMD form).
    #[inline(always)]
    pub fn mul_wide_coeffs(a: &[C; N], b: &[C; N]) -> [C; NW] {
        C::mul_wide(a, b, &Consts::<P>::RADICES)
    }

    /// The radices of this prime.
    pub fn radices() -> &'static Radices {
        &Consts::<P>::RADICES
    }

    // Plain loops: `core::array::from_fn` stayed an out-of-line call here (with the
    // wide forms below, 4.5-5.5% of the pairing in its profile).
    #[inline(always)]
    fn zip(&self, o: &Self, f: impl Fn(C, C) -> C) -> Self {
        let mut c = [C::ZERO; N];
        for (z, (x, y)) in c.iter_mut().zip(self.c.iter().zip(o.c.iter())) {
            *z = f(*x, *y);
        }
        Self::from_coeffs(c)
    }

    #[inline(always)]
    fn map(&self, f: impl Fn(C) -> C) -> Self {
        let mut c = [C::ZERO; N];
        for (z, x) in c.iter_mut().zip(self.c.iter()) {
            *z = f(*x);
        }
        Self::from_coeffs(c)
    }
}

/// f applied coefficient by coefficient to two products (a plain loop, like `zip`).
#[inline(always)]
fn zip_wide<C: Coeff>(
    a: &DclxviWide<C>,
    b: &DclxviWide<C>,
    f: impl Fn(C, C) -> C,
) -> DclxviWide<C> {
    let mut c = [C::ZERO; NW];
    for (z, (x, y)) in c.iter_mut().zip(a.0.iter().zip(b.0.iter())) {
        *z = f(*x, *y);
    }
    DclxviWide(c)
}

impl<P: CubeBnParams, C: Coeff> fmt::Debug for Dclxvi<P, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.to_fp())
    }
}

impl<P: CubeBnParams, C: Coeff> Default for Dclxvi<P, C> {
    fn default() -> Self {
        Self::from_coeffs([C::ZERO; N])
    }
}

/// Equality of the values modulo p (many coefficient vectors stand for one element).
impl<P: CubeBnParams, C: Coeff> PartialEq for Dclxvi<P, C> {
    fn eq(&self, o: &Self) -> bool {
        self.to_fp() == o.to_fp()
    }
}
impl<P: CubeBnParams, C: Coeff> Eq for Dclxvi<P, C> {}

impl<P: CubeBnParams, C: Coeff> Add for Dclxvi<P, C> {
    type Output = Self;
    #[inline(always)]
    fn add(self, r: Self) -> Self {
        self.zip(&r, |a, b| a + b)
    }
}
impl<P: CubeBnParams, C: Coeff> Sub for Dclxvi<P, C> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, r: Self) -> Self {
        self.zip(&r, |a, b| a - b)
    }
}
impl<P: CubeBnParams, C: Coeff> Neg for Dclxvi<P, C> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        self.map(|a| -a)
    }
}
impl<P: CubeBnParams, C: Coeff> Mul for Dclxvi<P, C> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, r: Self) -> Self {
        let mut w = DclxviWide([C::ZERO; NW]);
        self.mul_wide_into(&r, &mut w);
        Self::reduce_wide(&w)
    }
}
impl<P: CubeBnParams, C: Coeff> AddAssign for Dclxvi<P, C> {
    #[inline(always)]
    fn add_assign(&mut self, r: Self) {
        *self = *self + r;
    }
}
impl<P: CubeBnParams, C: Coeff> SubAssign for Dclxvi<P, C> {
    #[inline(always)]
    fn sub_assign(&mut self, r: Self) {
        *self = *self - r;
    }
}
impl<P: CubeBnParams, C: Coeff> MulAssign for Dclxvi<P, C> {
    #[inline(always)]
    fn mul_assign(&mut self, r: Self) {
        *self = *self * r;
    }
}

/// Largest constant `mul_small` applies coefficient-wise (then carries); larger ones become a
/// full multiplication by the constant.
const SMALL_SCALE: u64 = 1 << 16;

impl<P: CubeBnParams, C: Coeff> BaseField for Dclxvi<P, C> {
    type Params = P::Fp;
    type Mask = u64;
    type Wide = DclxviWide<C>;
    const ZERO: Self = Dclxvi {
        c: [C::ZERO; N],
        _p: PhantomData,
    };
    const ONE: Self = {
        let mut c = [C::ZERO; N];
        c[0] = C::ONE;
        Dclxvi { c, _p: PhantomData }
    };
    /// The wide values are exact 23-coefficient sums: F_p2 takes two polynomial and two
    /// coefficient reductions per product, as in dclxvi, and F_p6 and F_p12 sum wide F_p2 products
    /// before reducing (the bounds checker shows these sums stay below 2^53).
    const LAZY: bool = true;

    fn splat(x: &Fp<P::Fp>) -> Self {
        Self::from_fp(x)
    }
    #[inline(always)]
    fn square(&self) -> Self {
        *self * *self
    }
    #[inline(always)]
    fn double(&self) -> Self {
        *self + *self
    }
    fn half(&self) -> Self {
        // Multiplication by the constant 1/2 = (p + 1)/2, its digits converted once.
        let d = P::half_cache().get_or_init(|| Dclxvi::<P, f64>::from_fp(&Fp::ONE.half()).c);
        let r = &Consts::<P>::R;
        let half = Self::from_coeffs(core::array::from_fn(|i| {
            C::with_bound(
                d[i],
                if i + 1 == N {
                    2.0 * P::V as f64
                } else {
                    r[i] as f64
                },
            )
        }));
        *self * half
    }
    #[inline(always)]
    fn mul_small(&self, k: u64) -> Self {
        if k < SMALL_SCALE {
            let mut c = self.map(|a| a.scale(k as f64)).c;
            Self::carry_round(&mut c);
            Self::from_coeffs(c)
        } else {
            *self * Self::from_fp(&Fp::from_u64(k))
        }
    }
    #[inline(always)]
    fn small_lincomb(a: &Self, ka: i64, b: &Self, kb: i64) -> Self {
        let mut c = a.zip(b, |x, y| x.scale(ka as f64) + y.scale(kb as f64)).c;
        Self::carry_round(&mut c);
        Self::from_coeffs(c)
    }
    fn inv(&self) -> Self {
        Self::from_fp(&self.to_fp().inv())
    }
    fn inv_vartime(&self) -> Option<Self> {
        self.to_fp().inv_vartime().map(|x| Self::from_fp(&x))
    }
    fn ct_eq_mask(&self, other: &Self) -> u64 {
        self.to_fp().ct_eq_mask(&other.to_fp())
    }
    #[inline(always)]
    fn select(&self, other: &Self, mask: u64) -> Self {
        self.zip(other, |a, b| a.select(b, mask))
    }

    #[inline(always)]
    fn add_unreduced(&self, b: &Self) -> Self {
        *self + *b
    }
    #[inline(always)]
    fn sub_unreduced(&self, b: &Self) -> Self {
        *self - *b
    }
    const WIDE_ZERO: Self::Wide = DclxviWide([C::ZERO; NW]);
    #[inline(always)]
    fn mul_wide_into(&self, b: &Self, out: &mut Self::Wide) {
        out.0 = Self::mul_wide_coeffs(&self.c, &b.c);
    }
    #[inline(always)]
    fn reduce_wide(w: &Self::Wide) -> Self {
        Self::reduce_wide_coeffs(&w.0)
    }
    #[inline(always)]
    fn wide_add(a: &Self::Wide, b: &Self::Wide) -> Self::Wide {
        zip_wide(a, b, |x, y| x + y)
    }
    #[inline(always)]
    fn wide_sub(a: &Self::Wide, b: &Self::Wide) -> Self::Wide {
        zip_wide(a, b, |x, y| x - y)
    }
    #[inline(always)]
    fn wide_sub_nonneg(a: &Self::Wide, b: &Self::Wide) -> Self::Wide {
        Self::wide_sub(a, b)
    }
    #[inline(always)]
    fn wide_lincomb(a: &Self::Wide, ka: i64, b: &Self::Wide, kb: i64) -> Self::Wide {
        zip_wide(a, b, |x, y| x.scale(ka as f64) + y.scale(kb as f64))
    }
}

impl<P: CubeBnParams, C: Coeff> TowerKernels for Dclxvi<P, C> {
    /// One F_p2 kernel ([`fp2_mul_wide_with`]): four operand carry rounds, three products.
    #[inline(always)]
    fn fp2_mul_wide(a0: &Self, a1: &Self, b0: &Self, b1: &Self) -> (Self::Wide, Self::Wide) {
        let [c0, c1] = C::fp2_mul_wide([&a0.c, &a1.c], [&b0.c, &b1.c], &Consts::<P>::RADICES);
        (DclxviWide(c0), DclxviWide(c1))
    }
    #[inline(always)]
    fn fp2_square_wide(a0: &Self, a1: &Self) -> (Self::Wide, Self::Wide) {
        let [c0, c1] = C::fp2_square_wide([&a0.c, &a1.c], &Consts::<P>::RADICES);
        (DclxviWide(c0), DclxviWide(c1))
    }
    /// Reduced F_p2 products and squares are whole kernels (for u^2 = -1, the towers this field
    /// serves): two polynomial and two coefficient reductions per product, as in the dclxvi slides.
    const FP2_KERNELS: bool = true;
    #[inline(always)]
    fn fp2_mul_into(a: [&Self; 2], b: [&Self; 2], beta: i64, c0: &mut Self, c1: &mut Self) {
        if beta != -1 {
            return super::kernels::fp2_mul_formula(a, b, beta, c0, c1);
        }
        let [r0, r1] = C::fp2_mul(
            [&a[0].c, &a[1].c],
            [&b[0].c, &b[1].c],
            &Consts::<P>::RADICES,
        );
        (*c0, *c1) = (Self::from_coeffs(r0), Self::from_coeffs(r1));
    }
    #[inline(always)]
    fn fp2_square_into(a: [&Self; 2], beta: i64, c0: &mut Self, c1: &mut Self) {
        if beta != -1 {
            return super::kernels::fp2_square_formula(a, beta, c0, c1);
        }
        let [r0, r1] = C::fp2_square([&a[0].c, &a[1].c], &Consts::<P>::RADICES);
        (*c0, *c1) = (Self::from_coeffs(r0), Self::from_coeffs(r1));
    }
    /// One kernel ([`Coeff::fp6_mul`]) where there is one: F_p12 products and squares are three
    /// and two of these, and the tower's steps between the F_p2 products copied wide values
    /// through memory.
    #[inline(always)]
    fn fp6_mul<T: TowerParams<Fp = Self::Params>>(
        a: &super::fp6::Fp6<T, Self>,
        b: &super::fp6::Fp6<T, Self>,
    ) -> super::fp6::Fp6<T, Self> {
        if T::BETA == -1 {
            let mut c = super::fp6::Fp6::<T, Self>::ZERO;
            let ca = [
                &a.c0.c0.c, &a.c0.c1.c, &a.c1.c0.c, &a.c1.c1.c, &a.c2.c0.c, &a.c2.c1.c,
            ];
            let cb = [
                &b.c0.c0.c, &b.c0.c1.c, &b.c1.c0.c, &b.c1.c1.c, &b.c2.c0.c, &b.c2.c1.c,
            ];
            let out = [
                &mut c.c0.c0.c,
                &mut c.c0.c1.c,
                &mut c.c1.c0.c,
                &mut c.c1.c1.c,
                &mut c.c2.c0.c,
                &mut c.c2.c1.c,
            ];
            if C::fp6_mul(ca, cb, T::XI, &Consts::<P>::RADICES, out) {
                return c;
            }
        }
        a.mul_formula(b)
    }
    /// One kernel ([`Coeff::fp12_mul`]) where there is one: the final exponentiation's products.
    #[inline(always)]
    fn fp12_mul<T: TowerParams<Fp = Self::Params>>(
        a: &super::fp12::Fp12<T, Self>,
        b: &super::fp12::Fp12<T, Self>,
    ) -> Option<super::fp12::Fp12<T, Self>> {
        let mut r = *a;
        (T::BETA == -1
            && C::fp12_mul(
                fp12_coeffs_mut(&mut r),
                fp12_coeffs(b),
                T::XI,
                &Consts::<P>::RADICES,
            ))
        .then_some(r)
    }
    /// One kernel ([`Coeff::cyclotomic_squares`]) where there is one.
    #[inline(always)]
    fn fp12_cyclotomic_square<T: TowerParams<Fp = Self::Params>>(
        f: &super::fp12::Fp12<T, Self>,
    ) -> super::fp12::Fp12<T, Self> {
        if T::BETA == -1 {
            let mut r = *f;
            if C::cyclotomic_squares(fp12_coeffs_mut(&mut r), 1, T::XI, &Consts::<P>::RADICES) {
                return r;
            }
        }
        f.cyclotomic_square_formula()
    }
    /// The final exponentiation's runs of cyclotomic squares, each run one call of the kernel
    /// ([`Coeff::cyclotomic_squares`]) on one value in place; false (the caller's squares) where
    /// there is no kernel.
    fn cyclotomic_square_chain<T: TowerParams<Fp = Self::Params>>(
        f: &super::fp12::Fp12<T, Self>,
        at: &[usize],
        emit: &mut dyn FnMut(usize, super::fp12::Fp12<T, Self>),
    ) -> bool {
        if T::BETA != -1 {
            return false;
        }
        let (mut g, mut done) = (*f, 0);
        for &n in at {
            if !C::cyclotomic_squares(
                fp12_coeffs_mut(&mut g),
                n - done,
                T::XI,
                &Consts::<P>::RADICES,
            ) {
                // No kernel: nothing was squared (the first call answers for all).
                debug_assert_eq!(done, 0);
                return false;
            }
            done = n;
            emit(n, g);
        }
        true
    }
    /// One kernel ([`Coeff::fp12_square`]) where there is one: the Miller loop squares its
    /// accumulator once per step.
    #[inline(always)]
    fn fp12_square_assign<T: TowerParams<Fp = Self::Params>>(f: &mut super::fp12::Fp12<T, Self>) {
        if T::BETA == -1 && C::fp12_square(fp12_coeffs_mut(f), T::XI, &Consts::<P>::RADICES) {
            return;
        }
        *f = f.square_formula();
    }
    /// One kernel ([`Coeff::fp12_mul_by_line_d`]) for D-type lines where there is one: the
    /// Miller loop's line products, 13 F_p2 products each, in place.
    #[inline(always)]
    fn fp12_mul_by_line_assign<T: TowerParams<Fp = Self::Params>, const M_TYPE: bool>(
        f: &mut super::fp12::Fp12<T, Self>,
        line: [&Fp2<T, Self>; 3],
    ) {
        let [a, b, c] = line;
        if !M_TYPE && T::BETA == -1 {
            let l = [&a.c0.c, &a.c1.c, &b.c0.c, &b.c1.c, &c.c0.c, &c.c1.c];
            if C::fp12_mul_by_line_d(fp12_coeffs_mut(f), l, T::XI, &Consts::<P>::RADICES) {
                return;
            }
        }
        *f = if M_TYPE {
            f.mul_by_line_m(a, b, c)
        } else {
            f.mul_by_line_d(a, b, c)
        };
    }
    /// One kernel ([`Coeff::fp4_square`]) where there is one: the F_p4 squares are most of the
    /// final exponentiation, and between the tower's steps each wide F_p2 value (384 bytes) was
    /// copied through memory (memmove 13% of the final exponentiation's profile).
    #[inline(always)]
    fn fp4_square<T: TowerParams<Fp = Self::Params>>(
        a0: &Fp2<T, Self>,
        a1: &Fp2<T, Self>,
    ) -> (Fp2<T, Self>, Fp2<T, Self>) {
        if T::BETA == -1 {
            let (mut c0, mut c1) = (Fp2::<T, Self>::ZERO, Fp2::<T, Self>::ZERO);
            if C::fp4_square(
                [&a0.c0.c, &a0.c1.c],
                [&a1.c0.c, &a1.c1.c],
                T::XI,
                &Consts::<P>::RADICES,
                [&mut c0.c0.c, &mut c0.c1.c, &mut c1.c0.c, &mut c1.c1.c],
            ) {
                return (c0, c1);
            }
        }
        super::fp12::fp4_square_formula(a0, a1)
    }
}

/// The twelve F_p coefficients of an F_p12 value in the tower's order (c0.c0.c0, c0.c0.c1, ...,
/// c1.c2.c1), for the one-kernel F_p12 operations.
fn fp12_coeffs_mut<T: TowerParams, P: CubeBnParams, C: Coeff>(
    f: &mut super::fp12::Fp12<T, Dclxvi<P, C>>,
) -> [&mut [C; N]; 12]
where
    Dclxvi<P, C>: TowerKernels<Params = T::Fp>,
{
    let (f0, f1) = (&mut f.c0, &mut f.c1);
    [
        &mut f0.c0.c0.c,
        &mut f0.c0.c1.c,
        &mut f0.c1.c0.c,
        &mut f0.c1.c1.c,
        &mut f0.c2.c0.c,
        &mut f0.c2.c1.c,
        &mut f1.c0.c0.c,
        &mut f1.c0.c1.c,
        &mut f1.c1.c0.c,
        &mut f1.c1.c1.c,
        &mut f1.c2.c0.c,
        &mut f1.c2.c1.c,
    ]
}

/// [`fp12_coeffs_mut`] for reading.
fn fp12_coeffs<T: TowerParams, P: CubeBnParams, C: Coeff>(
    f: &super::fp12::Fp12<T, Dclxvi<P, C>>,
) -> [&[C; N]; 12]
where
    Dclxvi<P, C>: TowerKernels<Params = T::Fp>,
{
    let (f0, f1) = (&f.c0, &f.c1);
    [
        &f0.c0.c0.c,
        &f0.c0.c1.c,
        &f0.c1.c0.c,
        &f0.c1.c1.c,
        &f0.c2.c0.c,
        &f0.c2.c1.c,
        &f1.c0.c0.c,
        &f1.c0.c1.c,
        &f1.c1.c0.c,
        &f1.c1.c1.c,
        &f1.c2.c0.c,
        &f1.c2.c1.c,
    ]
}

/// The SIMD polynomial products for `f64` coefficients, chosen per call through [`crate::cpu`].
pub mod simd {
    use super::{
        carry_round_portable, mul_wide_portable, poly_mul_portable, reduce_wide_portable, Radices,
        N, NW,
    };
    #[cfg(target_arch = "x86_64")]
    use crate::cpu::{Avx2Fma, Avx512F};

    /// The product with the widest kernel this CPU has (AVX-512, AVX2 with FMA, or portable).
    #[inline(always)]
    pub fn poly_mul_dispatch(a: &[f64; N], b: &[f64; N]) -> [f64; NW] {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(p) = Avx512F::detect() {
                return poly_mul_avx512(p, a, b);
            }
            if let Some(p) = Avx2Fma::detect() {
                return poly_mul_avx2(p, a, b);
            }
        }
        poly_mul_portable(a, b)
    }

    /// One carry round with the widest kernels this CPU has.
    #[inline(always)]
    pub fn carry_round_dispatch(c: &mut [f64; N], k: &Radices) {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(p) = Avx512F::detect() {
                return carry_round_avx512(p, c, k);
            }
            if let Some(p) = Avx2Fma::detect() {
                return carry_round_avx2(p, c, k);
            }
        }
        carry_round_portable(c, k)
    }

    /// Carried operands and their product with the widest kernels this CPU has.
    #[inline(always)]
    pub fn mul_wide_dispatch(a: &[f64; N], b: &[f64; N], k: &Radices) -> [f64; NW] {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(p) = Avx512F::detect() {
                return mul_wide_avx512(p, a, b, k);
            }
            if let Some(p) = Avx2Fma::detect() {
                return mul_wide_avx2(p, a, b, k);
            }
        }
        mul_wide_portable(a, b, k)
    }

    /// The full reduction of a product with the widest kernels this CPU has.
    #[inline(always)]
    pub fn reduce_wide_dispatch(t: &[f64; NW], k: &Radices) -> [f64; N] {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(p) = Avx512F::detect() {
                return reduce_wide_avx512(p, t, k);
            }
            if let Some(p) = Avx2Fma::detect() {
                return reduce_wide_avx2(p, t, k);
            }
        }
        reduce_wide_portable(t, k)
    }

    /// The unreduced F_p2 product with the widest kernels this CPU has: one AVX-512 or AVX2
    /// kernel for the whole product, or [`super::fp2_mul_wide_with`] on the portable kernels.
    #[inline(always)]
    pub fn fp2_mul_wide_dispatch(
        a: [&[f64; N]; 2],
        b: [&[f64; N]; 2],
        k: &Radices,
    ) -> [[f64; NW]; 2] {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(p) = Avx512F::detect() {
                return fp2_mul_wide_avx512(p, a, b, k);
            }
            if let Some(p) = Avx2Fma::detect() {
                return fp2_mul_wide_avx2(p, a, b, k);
            }
        }
        super::fp2_mul_wide_with(a, b, k, carry_round_dispatch, poly_mul_dispatch)
    }

    /// The unreduced F_p2 square with the widest kernels this CPU has.
    #[inline(always)]
    pub fn fp2_square_wide_dispatch(a: [&[f64; N]; 2], k: &Radices) -> [[f64; NW]; 2] {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(p) = Avx512F::detect() {
                return fp2_square_wide_avx512(p, a, k);
            }
            if let Some(p) = Avx2Fma::detect() {
                return fp2_square_wide_avx2(p, a, k);
            }
        }
        super::fp2_square_wide_with(a, k, carry_round_dispatch, poly_mul_dispatch)
    }

    /// The reduced F_p2 product with the widest kernels this CPU has (one AVX-512 or AVX2 kernel
    /// from the four operands to the two reduced coefficients, all in registers).
    #[inline(always)]
    pub fn fp2_mul_dispatch(a: [&[f64; N]; 2], b: [&[f64; N]; 2], k: &Radices) -> [[f64; N]; 2] {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(p) = Avx512F::detect() {
                return fp2_mul_avx512(p, a, b, k);
            }
            if let Some(p) = Avx2Fma::detect() {
                return fp2_mul_avx2(p, a, b, k);
            }
        }
        let [c0, c1] = fp2_mul_wide_dispatch(a, b, k);
        [reduce_wide_dispatch(&c0, k), reduce_wide_dispatch(&c1, k)]
    }

    /// The reduced F_p2 square with the widest kernels this CPU has.
    #[inline(always)]
    pub fn fp2_square_dispatch(a: [&[f64; N]; 2], k: &Radices) -> [[f64; N]; 2] {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(p) = Avx512F::detect() {
                return fp2_square_avx512(p, a, k);
            }
            if let Some(p) = Avx2Fma::detect() {
                return fp2_square_avx2(p, a, k);
            }
        }
        let [c0, c1] = fp2_square_wide_dispatch(a, k);
        [reduce_wide_dispatch(&c0, k), reduce_wide_dispatch(&c1, k)]
    }

    /// The F_p4 square of [`super::Coeff::fp4_square`] with the widest kernel this CPU has
    /// (AVX-512 or AVX2 with FMA); false without one.
    #[inline(always)]
    pub fn fp4_square_dispatch(
        a0: [&[f64; N]; 2],
        a1: [&[f64; N]; 2],
        xi: (i64, i64),
        k: &Radices,
        out: [&mut [f64; N]; 4],
    ) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(p) = Avx512F::detect() {
                fp4_square_avx512(p, a0, a1, xi, k, out);
                return true;
            }
            if let Some(p) = Avx2Fma::detect() {
                fp4_square_avx2(p, a0, a1, xi, k, out);
                return true;
            }
        }
        let _ = (a0, a1, xi, k, out);
        false
    }

    /// The F_p6 product of [`super::Coeff::fp6_mul`] with AVX-512 where the CPU has it; false
    /// without (the tower's formula then runs on the F_p2 kernels).
    #[inline(always)]
    pub fn fp6_mul_dispatch(
        a: [&[f64; N]; 6],
        b: [&[f64; N]; 6],
        xi: (i64, i64),
        k: &Radices,
        out: [&mut [f64; N]; 6],
    ) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(p) = Avx512F::detect() {
                fp6_mul_avx512(p, a, b, xi, k, out);
                return true;
            }
        }
        let _ = (a, b, xi, k, out);
        false
    }

    /// The F_p6 product in one AVX-512 kernel: the operand sums, the six F_p2 products (one
    /// out-of-line product kernel called six times, so the code stays in the decoded-instruction
    /// cache), the wide sums with xi and the six reductions, with no copy through the tower.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn fp6_mul_avx512(
        _proof: Avx512F,
        a: [&[f64; N]; 6],
        b: [&[f64; N]; 6],
        xi: (i64, i64),
        k: &Radices,
        out: [&mut [f64; N]; 6],
    ) {
        // SAFETY: the proof value exists only when AVX-512F was detected on this CPU.
        unsafe { fp6_mul_avx512_inner(a, b, xi, k, out) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn fp6_mul_avx512_inner(
        a: [&[f64; N]; 6],
        b: [&[f64; N]; 6],
        xi: (i64, i64),
        k: &Radices,
        out: [&mut [f64; N]; 6],
    ) {
        let ea = [
            [load_elem(a[0]), load_elem(a[1])],
            [load_elem(a[2]), load_elem(a[3])],
            [load_elem(a[4]), load_elem(a[5])],
        ];
        let eb = [
            [load_elem(b[0]), load_elem(b[1])],
            [load_elem(b[2]), load_elem(b[3])],
            [load_elem(b[4]), load_elem(b[5])],
        ];
        // Reduced straight into the output (through registers, a copy of the six results
        // measured 2% slower on the final exponentiation).
        let c = avx512::fp6_mul_wide_regs(&ea, &eb, xi, k);
        let [o0, o1, o2, o3, o4, o5] = out;
        for (ci, [oa, ob]) in c.iter().zip([[o0, o1], [o2, o3], [o4, o5]]) {
            avx512::reduce2_out(ci, k, oa, ob);
        }
    }

    /// The F_p12 product of [`super::Coeff::fp12_mul`] with AVX-512 where the CPU has it; false
    /// without.
    #[inline(always)]
    pub fn fp12_mul_dispatch(
        f: [&mut [f64; N]; 12],
        g: [&[f64; N]; 12],
        xi: (i64, i64),
        k: &Radices,
    ) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(p) = Avx512F::detect() {
                fp12_mul_avx512(p, f, g, xi, k);
                return true;
            }
        }
        let _ = (f, g, xi, k);
        false
    }

    /// The F_p12 product in one AVX-512 kernel: three F_p6 products
    /// (`avx512::fp6_mul_regs`) and Karatsuba's sums, in place.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn fp12_mul_avx512(
        _proof: Avx512F,
        f: [&mut [f64; N]; 12],
        g: [&[f64; N]; 12],
        xi: (i64, i64),
        k: &Radices,
    ) {
        // SAFETY: the proof value exists only when AVX-512F was detected on this CPU.
        unsafe { fp12_mul_avx512_inner(f, g, xi, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn fp12_mul_avx512_inner(
        f: [&mut [f64; N]; 12],
        g: [&[f64; N]; 12],
        xi: (i64, i64),
        k: &Radices,
    ) {
        use avx512::{fp6_add, fp6_mul_regs, karatsuba_finish};
        let [f0, f1] = load_fp12(&f);
        let [g0, g1] = load_fp12(&g);
        // Fp12's Karatsuba: t0 = f0 g0, t1 = f1 g1, x = (f0 + f1)(g0 + g1);
        // c0 = t0 + t1 v = (t0.c0 + xi t1.c2, t0.c1 + t1.c0, t0.c2 + t1.c1), c1 = x - t0 - t1.
        let t0 = fp6_mul_regs(&f0, &g0, xi, k);
        let t1 = fp6_mul_regs(&f1, &g1, xi, k);
        let x = fp6_mul_regs(&fp6_add(f0, f1), &fp6_add(g0, g1), xi, k);
        store_fp12(&karatsuba_finish(t0, t1, x, xi, k), f);
    }

    /// The cyclotomic squares of [`super::Coeff::cyclotomic_squares`] with AVX-512 where the CPU
    /// has it; false without.
    #[inline(always)]
    pub fn cyclotomic_squares_dispatch(
        f: [&mut [f64; N]; 12],
        n: usize,
        xi: (i64, i64),
        k: &Radices,
    ) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(p) = Avx512F::detect() {
                cyclotomic_squares_avx512(p, f, n, xi, k);
                return true;
            }
        }
        let _ = (f, n, xi, k);
        false
    }

    /// n cyclotomic squares in one AVX-512 kernel, the value on registers (or the kernel's
    /// stack) between them.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn cyclotomic_squares_avx512(
        _proof: Avx512F,
        f: [&mut [f64; N]; 12],
        n: usize,
        xi: (i64, i64),
        k: &Radices,
    ) {
        // SAFETY: the proof value exists only when AVX-512F was detected on this CPU.
        unsafe { cyclotomic_squares_avx512_inner(f, n, xi, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn cyclotomic_squares_avx512_inner(
        f: [&mut [f64; N]; 12],
        n: usize,
        xi: (i64, i64),
        k: &Radices,
    ) {
        use avx512::{fp4_square_regs, mul_xi_reduced, three_minus_two, three_plus_two};
        // g[i][j] = c_i.c_j, the F_p2 coefficients of c0 = (g00, g01, g02), c1 = (g10, g11, g12).
        let mut g = load_fp12(&f);
        for _ in 0..n {
            // Fp12::cyclotomic_square_formula (Granger–Scott): A = (g00, g11), B = (g10, g02),
            // C = (g01, g12); A' = 3A^2 - 2 conj(A), B' = 3 s C^2 + 2 conj(B),
            // C' = 3B^2 - 2 conj(C), with s C^2 = xi c1 + c0 s.
            let mut sq = [[[avx512::ELEM_ZERO; 2]; 2]; 3];
            fp4_square_regs(&g[0][0], &g[1][1], xi, k, &mut sq[0]);
            fp4_square_regs(&g[1][0], &g[0][2], xi, k, &mut sq[1]);
            fp4_square_regs(&g[0][1], &g[1][2], xi, k, &mut sq[2]);
            let [[a0, a1], [b0, b1], [c0, c1]] = sq;
            let sc0 = mul_xi_reduced(c1, xi, k);
            g = [
                [
                    three_minus_two(a0, g[0][0]),
                    three_minus_two(b0, g[0][1]),
                    three_minus_two(c0, g[0][2]),
                ],
                [
                    three_plus_two(sc0, g[1][0]),
                    three_plus_two(a1, g[1][1]),
                    three_plus_two(b1, g[1][2]),
                ],
            ];
        }
        store_fp12(&[g[0][0], g[0][1], g[0][2], g[1][0], g[1][1], g[1][2]], f);
    }

    /// The F_p12 square of [`super::Coeff::fp12_square`] with AVX-512 where the CPU has it;
    /// false without.
    #[inline(always)]
    pub fn fp12_square_dispatch(f: [&mut [f64; N]; 12], xi: (i64, i64), k: &Radices) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(p) = Avx512F::detect() {
                fp12_square_avx512(p, f, xi, k);
                return true;
            }
        }
        let _ = (f, xi, k);
        false
    }

    /// The F_p12 square in one AVX-512 kernel: two F_p6 products (`avx512::fp6_mul_regs`) and
    /// the sums with v, in place.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn fp12_square_avx512(
        _proof: Avx512F,
        f: [&mut [f64; N]; 12],
        xi: (i64, i64),
        k: &Radices,
    ) {
        // SAFETY: the proof value exists only when AVX-512F was detected on this CPU.
        unsafe { fp12_square_avx512_inner(f, xi, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn fp12_square_avx512_inner(f: [&mut [f64; N]; 12], xi: (i64, i64), k: &Radices) {
        use avx512::{fp2_add, fp2_sub, fp6_add, fp6_mul_regs, mul_xi_reduced};
        let [f0, f1] = load_fp12(&f);
        // Fp12::square_formula: ab = f0 f1, c0 = (f0 + f1)(f0 + f1 v) - ab - ab v, c1 = 2 ab,
        // with x v = (xi x2, x0, x1) and xi times a reduced value followed by its carry round.
        let ab = fp6_mul_regs(&f0, &f1, xi, k);
        let s = fp6_add(f0, f1);
        let t = [
            fp2_add(f0[0], mul_xi_reduced(f1[2], xi, k)),
            fp2_add(f0[1], f1[0]),
            fp2_add(f0[2], f1[1]),
        ];
        let x = fp6_mul_regs(&s, &t, xi, k);
        let out = [
            fp2_sub(fp2_sub(x[0], ab[0]), mul_xi_reduced(ab[2], xi, k)),
            fp2_sub(fp2_sub(x[1], ab[1]), ab[0]),
            fp2_sub(fp2_sub(x[2], ab[2]), ab[1]),
            fp2_add(ab[0], ab[0]),
            fp2_add(ab[1], ab[1]),
            fp2_add(ab[2], ab[2]),
        ];
        store_fp12(&out, f);
    }

    /// The D-type line product of [`super::Coeff::fp12_mul_by_line_d`] with AVX-512 where the
    /// CPU has it; false without.
    #[inline(always)]
    pub fn fp12_mul_by_line_d_dispatch(
        f: [&mut [f64; N]; 12],
        l: [&[f64; N]; 6],
        xi: (i64, i64),
        k: &Radices,
    ) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(p) = Avx512F::detect() {
                fp12_mul_by_line_d_avx512(p, f, l, xi, k);
                return true;
            }
        }
        let _ = (f, l, xi, k);
        false
    }

    /// The D-type line product in one AVX-512 kernel: 13 F_p2 products through one out-of-line
    /// product kernel, every sum and reduction on registers or the kernel's stack.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn fp12_mul_by_line_d_avx512(
        _proof: Avx512F,
        f: [&mut [f64; N]; 12],
        l: [&[f64; N]; 6],
        xi: (i64, i64),
        k: &Radices,
    ) {
        // SAFETY: the proof value exists only when AVX-512F was detected on this CPU.
        unsafe { fp12_mul_by_line_d_avx512_inner(f, l, xi, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn fp12_mul_by_line_d_avx512_inner(
        f: [&mut [f64; N]; 12],
        l: [&[f64; N]; 6],
        xi: (i64, i64),
        k: &Radices,
    ) {
        use avx512::{fp2_add, fp2_mul_reduced, fp6_add, fp6_mul_by_01, karatsuba_finish};
        let [f0, f1] = load_fp12(&f);
        let (a, b, c) = (
            [load_elem(l[0]), load_elem(l[1])],
            [load_elem(l[2]), load_elem(l[3])],
            [load_elem(l[4]), load_elem(l[5])],
        );
        // (f0 + f1 w)(a + (b + c v) w) by Karatsuba over F_p6, as Fp12::mul_by_line_d's formula.
        let mut t0 = [[avx512::ELEM_ZERO; 2]; 3];
        for (t, fi) in t0.iter_mut().zip(f0.iter()) {
            fp2_mul_reduced(fi, &a, k, t);
        }
        let t1 = fp6_mul_by_01(f1, b, c, xi, k);
        let x = fp6_mul_by_01(fp6_add(f0, f1), fp2_add(a, b), c, xi, k);
        store_fp12(&karatsuba_finish(t0, t1, x, xi, k), f);
    }

    /// An F_p12 value's twelve coefficients (the tower's order) onto registers, as its two F_p6
    /// halves of three F_p2 values.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn load_fp12<R: core::ops::Deref<Target = [f64; N]>>(
        f: &[R; 12],
    ) -> [[[avx512::Elem; 2]; 3]; 2] {
        // No closure: it would not inherit the caller's target features.
        let mut v = [[[avx512::ELEM_ZERO; 2]; 3]; 2];
        for (i, c) in v.iter_mut().flatten().enumerate() {
            *c = [load_elem(&f[2 * i]), load_elem(&f[2 * i + 1])];
        }
        v
    }

    /// Six F_p2 values from registers into an F_p12 value's twelve coefficients.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn store_fp12(v: &[[avx512::Elem; 2]; 6], f: [&mut [f64; N]; 12]) {
        for (j, fj) in f.into_iter().enumerate() {
            store_elem(v[j / 2][j % 2], fj);
        }
    }

    /// An element from registers into memory (lanes 0..11).
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn store_elem(e: avx512::Elem, out: &mut [f64; N]) {
        use core::arch::x86_64::*;
        // SAFETY: a full store of lanes 0..7 and a masked store of lanes 8..11 into a 12-double
        // array; AVX-512F is enabled by every caller.
        unsafe {
            _mm512_storeu_pd(out.as_mut_ptr(), e.0);
            _mm512_mask_storeu_pd(out.as_mut_ptr().add(8), 0x0f, e.1);
        }
    }

    /// The F_p4 square in one AVX-512 kernel: the three F_p2 squares, the wide sums and the four
    /// reductions on registers.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn fp4_square_avx512(
        _proof: Avx512F,
        a0: [&[f64; N]; 2],
        a1: [&[f64; N]; 2],
        xi: (i64, i64),
        k: &Radices,
        out: [&mut [f64; N]; 4],
    ) {
        // SAFETY: the proof value exists only when AVX-512F was detected on this CPU.
        unsafe { fp4_square_avx512_inner(a0, a1, xi, k, out) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn fp4_square_avx512_inner(
        a0: [&[f64; N]; 2],
        a1: [&[f64; N]; 2],
        xi: (i64, i64),
        k: &Radices,
        out: [&mut [f64; N]; 4],
    ) {
        let (x00, x01) = (load_elem(a0[0]), load_elem(a0[1]));
        let (x10, x11) = (load_elem(a1[0]), load_elem(a1[1]));
        let [c0, c1] = avx512::fp4_square_wide([x00, x01], [x10, x11], xi, k);
        let [o0, o1, o2, o3] = out;
        for (w, [oa, ob]) in [c0, c1].iter().zip([[o0, o1], [o2, o3]]) {
            let (ra, rb) = avx512::reduce2(w[0], w[1], k);
            store_elem(ra, oa);
            store_elem(rb, ob);
        }
    }

    /// The F_p4 square in one AVX2 kernel.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn fp4_square_avx2(
        _proof: Avx2Fma,
        a0: [&[f64; N]; 2],
        a1: [&[f64; N]; 2],
        xi: (i64, i64),
        k: &Radices,
        out: [&mut [f64; N]; 4],
    ) {
        // SAFETY: the proof value exists only when AVX2 and FMA were detected on this CPU.
        unsafe { fp4_square_avx2_inner(a0, a1, xi, k, out) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn fp4_square_avx2_inner(
        a0: [&[f64; N]; 2],
        a1: [&[f64; N]; 2],
        xi: (i64, i64),
        k: &Radices,
        out: [&mut [f64; N]; 4],
    ) {
        let (x00, x01) = (load_elem4(a0[0]), load_elem4(a0[1]));
        let (x10, x11) = (load_elem4(a1[0]), load_elem4(a1[1]));
        let [c0, c1] = avx2::fp4_square_wide([x00, x01], [x10, x11], xi, k);
        let [o0, o1, o2, o3] = out;
        for (o, w) in [o0, o1, o2, o3]
            .into_iter()
            .zip([c0[0], c0[1], c1[0], c1[1]])
        {
            *o = store_elem4(avx2::reduce(w, k));
        }
    }

    /// An element from memory: lanes 0..7 and 8..11 (four zero lanes above).
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn load_elem(a: &[f64; N]) -> (core::arch::x86_64::__m512d, core::arch::x86_64::__m512d) {
        (load8(&a[..8]), load4(&a[8..]))
    }

    /// Two unreduced products (three vectors each) to memory.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn store_wide2(w: [[core::arch::x86_64::__m512d; 3]; 2]) -> [[f64; NW]; 2] {
        use core::arch::x86_64::*;
        let mut out = [[0.0; NW]; 2];
        for (o, wv) in out.iter_mut().zip(w.iter()) {
            for (v, x) in wv.iter().enumerate() {
                // SAFETY: o has 24 = 3 * 8 doubles; this store writes lanes 8v..8v+7.
                unsafe { _mm512_storeu_pd(o.as_mut_ptr().add(8 * v), *x) };
            }
        }
        out
    }

    /// Two reduced elements to memory (lanes 0..11 of each pair of vectors).
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn store_elem2(
        e: [(core::arch::x86_64::__m512d, core::arch::x86_64::__m512d); 2],
    ) -> [[f64; N]; 2] {
        use core::arch::x86_64::*;
        let mut out = [[0.0; N]; 2];
        for (o, (lo, hi)) in out.iter_mut().zip(e.iter()) {
            // SAFETY: a full store of lanes 0..7 and a masked store of lanes 8..11 into a
            // 12-double array.
            unsafe {
                _mm512_storeu_pd(o.as_mut_ptr(), *lo);
                _mm512_mask_storeu_pd(o.as_mut_ptr().add(8), 0x0f, *hi);
            }
        }
        out
    }

    /// The unreduced F_p2 product in one AVX-512 kernel.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn fp2_mul_wide_avx512(
        _proof: Avx512F,
        a: [&[f64; N]; 2],
        b: [&[f64; N]; 2],
        k: &Radices,
    ) -> [[f64; NW]; 2] {
        // SAFETY: the proof value exists only when AVX-512F was detected on this CPU.
        unsafe { fp2_mul_wide_avx512_inner(a, b, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn fp2_mul_wide_avx512_inner(
        a: [&[f64; N]; 2],
        b: [&[f64; N]; 2],
        k: &Radices,
    ) -> [[f64; NW]; 2] {
        let (a0, a1) = (load_elem(a[0]), load_elem(a[1]));
        let (b0, b1) = (load_elem(b[0]), load_elem(b[1]));
        store_wide2(avx512::fp2_mul_wide(a0, a1, b0, b1, k))
    }

    /// The unreduced F_p2 square in one AVX-512 kernel.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn fp2_square_wide_avx512(
        _proof: Avx512F,
        a: [&[f64; N]; 2],
        k: &Radices,
    ) -> [[f64; NW]; 2] {
        // SAFETY: the proof value exists only when AVX-512F was detected on this CPU.
        unsafe { fp2_square_wide_avx512_inner(a, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn fp2_square_wide_avx512_inner(a: [&[f64; N]; 2], k: &Radices) -> [[f64; NW]; 2] {
        store_wide2(avx512::fp2_square_wide(load_elem(a[0]), load_elem(a[1]), k))
    }

    /// The reduced F_p2 product in one AVX-512 kernel.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn fp2_mul_avx512(
        _proof: Avx512F,
        a: [&[f64; N]; 2],
        b: [&[f64; N]; 2],
        k: &Radices,
    ) -> [[f64; N]; 2] {
        // SAFETY: the proof value exists only when AVX-512F was detected on this CPU.
        unsafe { fp2_mul_avx512_inner(a, b, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn fp2_mul_avx512_inner(a: [&[f64; N]; 2], b: [&[f64; N]; 2], k: &Radices) -> [[f64; N]; 2] {
        let (a0, a1) = (load_elem(a[0]), load_elem(a[1]));
        let (b0, b1) = (load_elem(b[0]), load_elem(b[1]));
        let [c0, c1] = avx512::fp2_mul_wide(a0, a1, b0, b1, k);
        let (r0, r1) = avx512::reduce2(c0, c1, k);
        store_elem2([r0, r1])
    }

    /// The reduced F_p2 square in one AVX-512 kernel.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn fp2_square_avx512(_proof: Avx512F, a: [&[f64; N]; 2], k: &Radices) -> [[f64; N]; 2] {
        // SAFETY: the proof value exists only when AVX-512F was detected on this CPU.
        unsafe { fp2_square_avx512_inner(a, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn fp2_square_avx512_inner(a: [&[f64; N]; 2], k: &Radices) -> [[f64; N]; 2] {
        let [c0, c1] = avx512::fp2_square_wide(load_elem(a[0]), load_elem(a[1]), k);
        let (r0, r1) = avx512::reduce2(c0, c1, k);
        store_elem2([r0, r1])
    }

    /// 16 bytes from memory in one 16-byte load, in asm: the compiler would merge the
    /// intrinsic loads of [`load8`] back into one 64-byte load.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn load2(p: &[f64]) -> core::arch::x86_64::__m128d {
        assert!(p.len() >= 2);
        let x: core::arch::x86_64::__m128d;
        // SAFETY: reads p[0..2] (length checked above), an unaligned 16-byte load; no other
        // memory or flags are touched.
        unsafe {
            core::arch::asm!(
                "vmovupd {x}, xmmword ptr [{p}]",
                x = out(xmm_reg) x,
                p = in(reg) p.as_ptr(),
                options(pure, readonly, nostack, preserves_flags),
            );
        }
        x
    }

    /// Eight doubles from memory as four 16-byte loads: the glue code between the kernels (the
    /// generic tower, compiled for baseline x86-64) writes values 16 bytes at a time, and a
    /// 64-byte load of such data cannot be forwarded from the store buffer; 16-byte loads can.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn load8(p: &[f64]) -> core::arch::x86_64::__m512d {
        use core::arch::x86_64::*;
        // SAFETY: register-only AVX/AVX-512F inserts; AVX-512F is enabled by every caller.
        unsafe {
            _mm512_insertf64x4::<1>(_mm512_castpd256_pd512(load4x(&p[0..4])), load4x(&p[4..8]))
        }
    }

    /// Four doubles from memory (two 16-byte loads) in lanes 0..3, zeros above.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn load4(p: &[f64]) -> core::arch::x86_64::__m512d {
        use core::arch::x86_64::*;
        // SAFETY: a register-only AVX-512F extension; AVX-512F is enabled by every caller.
        unsafe { _mm512_zextpd256_pd512(load4x(p)) }
    }

    /// The portable carry round compiled for AVX-512F (vectorized by the compiler; no FMA
    /// contraction happens in Rust, so the results are the portable ones bit for bit).
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn carry_round_avx512(_proof: Avx512F, c: &mut [f64; N], k: &Radices) {
        // SAFETY: the proof value exists only when AVX-512F was detected on this CPU.
        unsafe { carry_round_avx512_inner(c, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn carry_round_avx512_inner(c: &mut [f64; N], k: &Radices) {
        use core::arch::x86_64::*;
        // SAFETY: 8 + 4 lanes of a 12-double array; the masked load/store touch lanes 8..11 only.
        unsafe {
            let lo = load8(&c[..8]);
            let hi = load4(&c[8..]);
            let (lo, hi) = avx512::carry12(lo, hi, k);
            _mm512_storeu_pd(c.as_mut_ptr(), lo);
            _mm512_mask_storeu_pd(c.as_mut_ptr().add(8), 0x0f, hi);
        }
    }

    /// Carried operands and the AVX-512 product.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn mul_wide_avx512(_proof: Avx512F, a: &[f64; N], b: &[f64; N], k: &Radices) -> [f64; NW] {
        // SAFETY: the proof value exists only when AVX-512F was detected on this CPU.
        unsafe { mul_wide_avx512_inner(a, b, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn mul_wide_avx512_inner(a: &[f64; N], b: &[f64; N], k: &Radices) -> [f64; NW] {
        use core::arch::x86_64::*;
        let mut out = [0.0; NW];
        // SAFETY: 8 + 4 lanes of 12-double arrays (masked loads for lanes 8..11); three full
        // stores into the 24-double output.
        unsafe {
            let a = avx512::carry12(load8(&a[..8]), load4(&a[8..]), k);
            let b = avx512::carry12(load8(&b[..8]), load4(&b[8..]), k);
            let t = avx512::poly_mul(a, b);
            for (v, tv) in t.iter().enumerate() {
                _mm512_storeu_pd(out.as_mut_ptr().add(8 * v), *tv);
            }
        }
        out
    }

    /// The full reduction of a product with AVX-512F: the wide carry round on three vectors, the
    /// polynomial reduction as 11 broadcast multiply-adds of [`super::REDUCE`]'s columns, the carry
    /// round on two vectors. Every sum is exact (the bounds checker proves it for the portable
    /// order, and each partial sum here is bounded by the same total), so the results equal the
    /// portable ones bit for bit.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn reduce_wide_avx512(_proof: Avx512F, t: &[f64; NW], k: &Radices) -> [f64; N] {
        // SAFETY: the proof value exists only when AVX-512F was detected on this CPU.
        unsafe { reduce_wide_avx512_inner(t, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn reduce_wide_avx512_inner(t: &[f64; NW], k: &Radices) -> [f64; N] {
        use core::arch::x86_64::*;
        let mut out = [0.0; N];
        // SAFETY: three full 8-lane loads of a 24-double array; the stores write lanes 0..7 and
        // (masked) 8..11 of a 12-double array.
        unsafe {
            let w = [load8(&t[..8]), load8(&t[8..16]), load8(&t[16..])];
            let (lo, hi) = avx512::reduce(w, k);
            _mm512_storeu_pd(out.as_mut_ptr(), lo);
            _mm512_mask_storeu_pd(out.as_mut_ptr().add(8), 0x0f, hi);
        }
        out
    }

    /// `W` doubles aligned for a vector load of any width up to 64 bytes: the constants of the
    /// AVX-512 (W = 8) and AVX2 (W = 4) kernels.
    #[cfg(target_arch = "x86_64")]
    #[repr(C, align(64))]
    #[derive(Clone, Copy)]
    struct Lanes<const W: usize>([f64; W]);

    /// [`super::REDUCE`]'s eleven columns, each cut into `V` vectors of `W` lanes (lanes past 11
    /// zero): the polynomial reduction as broadcast multiply-adds.
    #[cfg(target_arch = "x86_64")]
    const fn reduce_cols<const W: usize, const V: usize>() -> [[Lanes<W>; V]; 11] {
        let mut t = [[Lanes([0.0; W]); V]; 11];
        let mut j = 0;
        while j < 11 {
            let mut i = 0;
            while i < N {
                t[j][i / W].0[i % W] = super::REDUCE[i][j] as f64;
                i += 1;
            }
            j += 1;
        }
        t
    }

    /// Per row i and output vector v of `W` lanes: the lanes that take 6 f_i (the blend masks of
    /// [`super::SIX`]) in the schoolbook product.
    #[cfg(target_arch = "x86_64")]
    const fn six_masks<const W: usize, const V: usize>() -> [[u32; V]; N] {
        let mut m = [[0u32; V]; N];
        let mut i = 0;
        while i < N {
            let mut j = 0;
            while j < N {
                if super::SIX[i][j] {
                    m[i][(i + j) / W] |= 1 << ((i + j) % W);
                }
                j += 1;
            }
            i += 1;
        }
        m
    }

    /// The AVX-512 building blocks on registers: an element is (lanes 0..7, lanes 8..11 with four
    /// zero lanes), a product three full vectors (lane 23 zero). Constants are read straight from
    /// memory laid out in whole vectors (no vector load of freshly written scalars).
    #[cfg(target_arch = "x86_64")]
    mod avx512 {
        use super::super::{Radices, N};
        use core::arch::x86_64::*;

        /// A 64-byte-aligned vector constant.
        type V8 = super::Lanes<8>;

        /// The top carry's fold into the element: lanes 0, 3, 6 (x4), 9.
        static FOLD12: [V8; 2] = [
            super::Lanes([-1.0, 0.0, 0.0, -1.0, 0.0, 0.0, -4.0, 0.0]),
            super::Lanes([0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
        ];
        /// The top product carry's fold: lanes 11, 14, 17 (x4), 20.
        static FOLD23: [V8; 2] = [
            super::Lanes([0.0, 0.0, 0.0, -1.0, 0.0, 0.0, -1.0, 0.0]),
            super::Lanes([0.0, -4.0, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0]),
        ];
        /// [`super::super::REDUCE`]'s columns as (lanes 0..7, lanes 8..11).
        static REDUCE_COLS: [[V8; 2]; 11] = super::reduce_cols::<8, 2>();
        /// [`REDUCE_COLS`]' lanes 8..11 twice (lanes 0..3 and 4..7): the high parts of two
        /// reductions in one vector.
        static REDUCE_COLS_HI2: [V8; 11] = {
            let cols = super::reduce_cols::<8, 2>();
            let mut t = [super::Lanes([0.0; 8]); 11];
            let mut j = 0;
            while j < 11 {
                let mut l = 0;
                while l < 8 {
                    t[j].0[l] = cols[j][1].0[l % 4];
                    l += 1;
                }
                j += 1;
            }
            t
        };
        /// The top carry's fold into lane 9 (lane 1 of the high part), for both halves.
        static FOLD12_HI2: V8 = super::Lanes([0.0, -1.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0]);

        /// Per row i and output vector v: which lanes take 6 f_i (the blend mask of [`super::super::SIX`]).
        const SIX_MASK: [[u32; 3]; N] = super::six_masks::<8, 3>();

        #[inline(always)]
        fn load(v: &V8) -> __m512d {
            // SAFETY: reads the 8 doubles of a 64-byte-aligned constant.
            unsafe { _mm512_load_pd(v.0.as_ptr()) }
        }

        #[inline(always)]
        fn load_at(a: &[f64], at: usize) -> __m512d {
            assert!(at + 8 <= a.len());
            // SAFETY: at + 8 <= a.len(), checked above (a constant-folded check).
            unsafe { _mm512_loadu_pd(a.as_ptr().add(at)) }
        }

        /// round(x * y) of the exact product: [`super::super::round_mul`] in every lane.
        #[inline(always)]
        fn round_mul(x: __m512d, y: __m512d) -> __m512d {
            // SAFETY: register-only; the enclosing functions enable AVX-512F.
            unsafe {
                let m = _mm512_set1_pd(super::super::MAGIC);
                _mm512_sub_pd(_mm512_fmadd_pd(x, y, m), m)
            }
        }

        /// Lane indices for the permutes.
        #[inline(always)]
        fn idx(i: [i64; 8]) -> __m512i {
            // SAFETY: register-only.
            unsafe { _mm512_set_epi64(i[7], i[6], i[5], i[4], i[3], i[2], i[1], i[0]) }
        }

        /// [`super::super::carry_round_portable`] on (lo, hi).
        #[inline(always)]
        pub(super) fn carry12(lo: __m512d, hi: __m512d, k: &Radices) -> (__m512d, __m512d) {
            // SAFETY: register-only AVX-512F arithmetic and permutes (the callers enable it).
            unsafe {
                let c_lo = round_mul(lo, load_at(&k.r_inv, 0));
                let c_hi = round_mul(hi, load_at(&k.r_inv, 8));
                let lo = _mm512_fnmadd_pd(c_lo, load_at(&k.r, 0), lo);
                let hi = _mm512_fnmadd_pd(c_hi, load_at(&k.r, 8), hi);
                // Carries one lane up: lane 0 takes c_hi's lane 7 (a zero padding lane).
                let sh_lo = _mm512_permutex2var_pd(c_lo, idx([15, 0, 1, 2, 3, 4, 5, 6]), c_hi);
                let sh_hi =
                    _mm512_maskz_permutex2var_pd(0x0f, c_lo, idx([7, 8, 9, 10, 0, 0, 0, 0]), c_hi);
                let top = _mm512_permutexvar_pd(_mm512_set1_epi64(3), c_hi);
                let lo = _mm512_fmadd_pd(top, load(&FOLD12[0]), _mm512_add_pd(lo, sh_lo));
                let hi = _mm512_fmadd_pd(top, load(&FOLD12[1]), _mm512_add_pd(hi, sh_hi));
                (lo, hi)
            }
        }

        /// [`super::super::wide_carry_round_portable`] on three vectors.
        #[inline(always)]
        pub(super) fn wide_carry(w: [__m512d; 3], k: &Radices) -> [__m512d; 3] {
            // SAFETY: register-only AVX-512F arithmetic and permutes (the callers enable it).
            unsafe {
                let mut c = [_mm512_setzero_pd(); 3];
                let mut x = [_mm512_setzero_pd(); 3];
                for v in 0..3 {
                    c[v] = round_mul(w[v], load_at(&k.rw_inv, 8 * v));
                    x[v] = _mm512_fnmadd_pd(c[v], load_at(&k.rw, 8 * v), w[v]);
                }
                let up = idx([7, 8, 9, 10, 11, 12, 13, 14]);
                let sh0 = _mm512_maskz_permutexvar_pd(0xfe, idx([0, 0, 1, 2, 3, 4, 5, 6]), c[0]);
                let sh1 = _mm512_permutex2var_pd(c[0], up, c[1]);
                // Lane 23 stays zero: the top carry c22 is folded instead.
                let sh2 = _mm512_maskz_permutex2var_pd(0x7f, c[1], up, c[2]);
                let top = _mm512_permutexvar_pd(_mm512_set1_epi64(6), c[2]);
                let x0 = _mm512_add_pd(x[0], sh0);
                let x1 = _mm512_fmadd_pd(top, load(&FOLD23[0]), _mm512_add_pd(x[1], sh1));
                let x2 = _mm512_fmadd_pd(top, load(&FOLD23[1]), _mm512_add_pd(x[2], sh2));
                [x0, x1, x2]
            }
        }

        /// [`super::super::poly_reduce_portable`]: coefficients 12..22 broadcast and multiplied
        /// by [`super::super::REDUCE`]'s columns into the low twelve, in the portable order.
        #[inline(always)]
        pub(super) fn poly_reduce(w: [__m512d; 3]) -> (__m512d, __m512d) {
            // SAFETY: register-only AVX-512F arithmetic and permutes (the callers enable it).
            unsafe {
                let mut lo = w[0];
                let mut hi = _mm512_maskz_mov_pd(0x0f, w[1]);
                macro_rules! cols {
                    ($($j:literal)*) => { $( {
                        let pos = 12 + $j;
                        let b = _mm512_permutexvar_pd(_mm512_set1_epi64((pos % 8) as i64), w[pos / 8]);
                        lo = _mm512_fmadd_pd(b, load(&REDUCE_COLS[$j][0]), lo);
                        hi = _mm512_fmadd_pd(b, load(&REDUCE_COLS[$j][1]), hi);
                    } )* };
                }
                cols!(0 1 2 3 4 5 6 7 8 9 10);
                (lo, hi)
            }
        }

        /// An element on registers: lanes 0..7, lanes 8..11 (four zero lanes).
        pub(super) type Elem = (__m512d, __m512d);

        #[inline(always)]
        fn add(a: Elem, b: Elem) -> Elem {
            // SAFETY: register-only AVX-512F arithmetic (the callers enable it).
            unsafe { (_mm512_add_pd(a.0, b.0), _mm512_add_pd(a.1, b.1)) }
        }

        #[inline(always)]
        fn sub(a: Elem, b: Elem) -> Elem {
            // SAFETY: register-only AVX-512F arithmetic (the callers enable it).
            unsafe { (_mm512_sub_pd(a.0, b.0), _mm512_sub_pd(a.1, b.1)) }
        }

        /// [`super::super::reduce_wide_portable`] on registers.
        #[inline(always)]
        pub(super) fn reduce(w: [__m512d; 3], k: &Radices) -> Elem {
            let w = wide_carry(w, k);
            let (lo, hi) = poly_reduce(w);
            carry12(lo, hi, k)
        }

        /// Two reductions at once ([`reduce`] on w0 and on w1, the same values lane for lane):
        /// the polynomial reduction and the final carry round keep both elements' lanes 8..11
        /// in one vector, three vectors where two separate reductions take four (11 fewer
        /// multiply-adds and 5 fewer carry operations on the FMA port per pair).
        #[inline(always)]
        pub(super) fn reduce2(w0: [__m512d; 3], w1: [__m512d; 3], k: &Radices) -> (Elem, Elem) {
            let (w0, w1) = (wide_carry(w0, k), wide_carry(w1, k));
            // SAFETY: register-only AVX-512F arithmetic and permutes (the callers enable it).
            unsafe {
                let (mut lo0, mut lo1) = (w0[0], w1[0]);
                // Lanes 8..11 of w0 in lanes 0..3, of w1 in lanes 4..7.
                let mut hi = _mm512_permutex2var_pd(w0[1], idx([0, 1, 2, 3, 8, 9, 10, 11]), w1[1]);
                macro_rules! cols {
                    ($($j:literal)*) => { $( {
                        let pos: usize = 12 + $j;
                        let (q, l) = (pos / 8, (pos % 8) as i64);
                        let b0 = _mm512_permutexvar_pd(_mm512_set1_epi64(l), w0[q]);
                        let b1 = _mm512_permutexvar_pd(_mm512_set1_epi64(l), w1[q]);
                        let bh = _mm512_permutex2var_pd(w0[q], idx([l, l, l, l, l + 8, l + 8, l + 8, l + 8]), w1[q]);
                        lo0 = _mm512_fmadd_pd(b0, load(&REDUCE_COLS[$j][0]), lo0);
                        lo1 = _mm512_fmadd_pd(b1, load(&REDUCE_COLS[$j][0]), lo1);
                        hi = _mm512_fmadd_pd(bh, load(&REDUCE_COLS_HI2[$j]), hi);
                    } )* };
                }
                cols!(0 1 2 3 4 5 6 7 8 9 10);
                // The carry round of carry12 on (lo0, lo1, hi).
                let c0 = round_mul(lo0, load_at(&k.r_inv, 0));
                let c1 = round_mul(lo1, load_at(&k.r_inv, 0));
                let ch = round_mul(hi, load_at(&k.r_inv_hi2, 0));
                let lo0 = _mm512_fnmadd_pd(c0, load_at(&k.r, 0), lo0);
                let lo1 = _mm512_fnmadd_pd(c1, load_at(&k.r, 0), lo1);
                let hi = _mm512_fnmadd_pd(ch, load_at(&k.r_hi2, 0), hi);
                // Carries one lane up: lanes 0..6 of c0 (c1) to 1..7 of lo0 (lo1); lane 7 of c0
                // to lane 0 of hi, lanes 0..2 of ch to 1..3; lane 7 of c1 to lane 4, 4..6 to 5..7.
                let up = idx([0, 0, 1, 2, 3, 4, 5, 6]);
                let sh0 = _mm512_maskz_permutexvar_pd(0xfe, up, c0);
                let sh1 = _mm512_maskz_permutexvar_pd(0xfe, up, c1);
                let tops = _mm512_permutex2var_pd(c0, idx([7, 0, 0, 0, 15, 0, 0, 0]), c1);
                let shh = _mm512_mask_permutexvar_pd(tops, 0xee, up, ch);
                // The top carries (coefficient 11: lane 3 of ch for w0, lane 7 for w1) fold.
                let t0 = _mm512_permutexvar_pd(_mm512_set1_epi64(3), ch);
                let t1 = _mm512_permutexvar_pd(_mm512_set1_epi64(7), ch);
                let th = _mm512_permutexvar_pd(idx([3, 3, 3, 3, 7, 7, 7, 7]), ch);
                let lo0 = _mm512_fmadd_pd(t0, load(&FOLD12[0]), _mm512_add_pd(lo0, sh0));
                let lo1 = _mm512_fmadd_pd(t1, load(&FOLD12[0]), _mm512_add_pd(lo1, sh1));
                let hi = _mm512_fmadd_pd(th, load(&FOLD12_HI2), _mm512_add_pd(hi, shh));
                let hi0 = _mm512_maskz_mov_pd(0x0f, hi);
                let hi1 = _mm512_maskz_permutexvar_pd(0x0f, idx([4, 5, 6, 7, 0, 0, 0, 0]), hi);
                ((lo0, hi0), (lo1, hi1))
            }
        }

        /// [`super::super::fp2_mul_wide_portable`] on registers: four carry rounds, Karatsuba.
        #[inline(always)]
        pub(super) fn fp2_mul_wide(
            a0: Elem,
            a1: Elem,
            b0: Elem,
            b1: Elem,
            k: &Radices,
        ) -> [[__m512d; 3]; 2] {
            let a0 = carry12(a0.0, a0.1, k);
            let a1 = carry12(a1.0, a1.1, k);
            let b0 = carry12(b0.0, b0.1, k);
            let b1 = carry12(b1.0, b1.1, k);
            let t0 = poly_mul(a0, b0);
            let t1 = poly_mul(a1, b1);
            let t2 = poly_mul(add(a0, a1), add(b0, b1));
            // SAFETY: register-only AVX-512F arithmetic (the callers enable it).
            unsafe {
                let mut c = [[_mm512_setzero_pd(); 3]; 2];
                for v in 0..3 {
                    c[0][v] = _mm512_sub_pd(t0[v], t1[v]);
                    c[1][v] = _mm512_sub_pd(_mm512_sub_pd(t2[v], t0[v]), t1[v]);
                }
                c
            }
        }

        /// [`super::super::fp2_square_wide_portable`] on registers: two carry rounds, then
        /// (a0 + a1)(a0 - a1) and (a0 + a0) a1.
        #[inline(always)]
        pub(super) fn fp2_square_wide(a0: Elem, a1: Elem, k: &Radices) -> [[__m512d; 3]; 2] {
            let a0 = carry12(a0.0, a0.1, k);
            let a1 = carry12(a1.0, a1.1, k);
            [
                poly_mul(add(a0, a1), sub(a0, a1)),
                poly_mul(add(a0, a0), a1),
            ]
        }

        /// [`super::super::Coeff::fp4_square`] before the reductions, on registers:
        /// (t0 + xi t1, s - t0 - t1) for t0 = a0^2, t1 = a1^2, s = (a0 + a1)^2 (u^2 = -1).
        #[inline(always)]
        pub(super) fn fp4_square_wide(
            a0: [Elem; 2],
            a1: [Elem; 2],
            xi: (i64, i64),
            k: &Radices,
        ) -> [[[__m512d; 3]; 2]; 2] {
            let t0 = fp2_square_wide(a0[0], a0[1], k);
            let t1 = fp2_square_wide(a1[0], a1[1], k);
            let s = fp2_square_wide(add(a0[0], a1[0]), add(a0[1], a1[1]), k);
            // SAFETY: register-only AVX-512F arithmetic (the callers enable it).
            unsafe {
                let (x0, x1) = (_mm512_set1_pd(xi.0 as f64), _mm512_set1_pd(xi.1 as f64));
                let z = _mm512_setzero_pd();
                let mut c = [[[z; 3]; 2]; 2];
                for v in 0..3 {
                    // xi t1 = (x0 t1.0 - x1 t1.1) + (x0 t1.1 + x1 t1.0) u; every sum is exact.
                    let e0 = _mm512_fmadd_pd(x0, t1[0][v], t0[0][v]);
                    c[0][0][v] = _mm512_fnmadd_pd(x1, t1[1][v], e0);
                    let e1 = _mm512_fmadd_pd(x0, t1[1][v], t0[1][v]);
                    c[0][1][v] = _mm512_fmadd_pd(x1, t1[0][v], e1);
                    c[1][0][v] = _mm512_sub_pd(_mm512_sub_pd(s[0][v], t0[0][v]), t1[0][v]);
                    c[1][1][v] = _mm512_sub_pd(_mm512_sub_pd(s[1][v], t0[1][v]), t1[1][v]);
                }
                c
            }
        }

        /// A wide F_p2 value on registers: two products of three vectors.
        pub(super) type Wide2 = [[__m512d; 3]; 2];
        /// The zero wide F_p2 value.
        // SAFETY: all-zero bits are the double 0.0 in every lane (vectors have no invalid bits).
        pub(super) const WIDE2_ZERO: Wide2 = unsafe { core::mem::zeroed() };

        /// a + b in F_p2 on registers (coefficient-wise, no carry).
        #[inline(always)]
        pub(super) fn fp2_add(a: [Elem; 2], b: [Elem; 2]) -> [Elem; 2] {
            [add(a[0], b[0]), add(a[1], b[1])]
        }

        /// a + b on wide F_p2 values.
        #[inline(always)]
        pub(super) fn wide2_add(a: Wide2, b: Wide2) -> Wide2 {
            // SAFETY: register-only AVX-512F arithmetic (the callers enable it).
            unsafe {
                let mut c = a;
                for (cc, bc) in c.iter_mut().zip(b.iter()) {
                    for (x, y) in cc.iter_mut().zip(bc.iter()) {
                        *x = _mm512_add_pd(*x, *y);
                    }
                }
                c
            }
        }

        /// a - b on wide F_p2 values.
        #[inline(always)]
        pub(super) fn wide2_sub(a: Wide2, b: Wide2) -> Wide2 {
            // SAFETY: register-only AVX-512F arithmetic (the callers enable it).
            unsafe {
                let mut c = a;
                for (cc, bc) in c.iter_mut().zip(b.iter()) {
                    for (x, y) in cc.iter_mut().zip(bc.iter()) {
                        *x = _mm512_sub_pd(*x, *y);
                    }
                }
                c
            }
        }

        /// xi a on a wide F_p2 value (u^2 = -1): (x0 a0 - x1 a1, x0 a1 + x1 a0), exact sums.
        #[inline(always)]
        pub(super) fn wide2_mul_xi(a: Wide2, xi: (i64, i64)) -> Wide2 {
            // SAFETY: register-only AVX-512F arithmetic (the callers enable it).
            unsafe {
                let (x0, x1) = (_mm512_set1_pd(xi.0 as f64), _mm512_set1_pd(xi.1 as f64));
                let mut c = a;
                for v in 0..3 {
                    c[0][v] = _mm512_fnmadd_pd(x1, a[1][v], _mm512_mul_pd(x0, a[0][v]));
                    c[1][v] = _mm512_fmadd_pd(x1, a[0][v], _mm512_mul_pd(x0, a[1][v]));
                }
                c
            }
        }

        /// [`fp2_mul_wide`] out of line, for kernels that run several F_p2 products: one copy of
        /// its code instead of one per product.
        #[target_feature(enable = "avx512f")]
        #[inline(never)]
        pub(super) fn fp2_mul_wide_out(a: &[Elem; 2], b: &[Elem; 2], k: &Radices, out: &mut Wide2) {
            *out = fp2_mul_wide(a[0], a[1], b[0], b[1], k);
        }

        /// The zero element on registers.
        // SAFETY: all-zero bits are the double 0.0 in every lane (vectors have no invalid bits).
        pub(super) const ELEM_ZERO: Elem = unsafe { core::mem::zeroed() };

        /// a - b in F_p2 on registers (coefficient-wise, no carry).
        #[inline(always)]
        pub(super) fn fp2_sub(a: [Elem; 2], b: [Elem; 2]) -> [Elem; 2] {
            [sub(a[0], b[0]), sub(a[1], b[1])]
        }

        /// [`reduce2`] on a wide F_p2 value out of line, to registers (through the caller's
        /// stack).
        #[target_feature(enable = "avx512f")]
        #[inline(never)]
        pub(super) fn reduce2_regs(w: &Wide2, k: &Radices, out: &mut [Elem; 2]) {
            let (a, b) = reduce2(w[0], w[1], k);
            *out = [a, b];
        }

        /// The reduced F_p2 product a b: [`fp2_mul_wide_out`] and two reductions (the values of
        /// the F_p2 product kernel).
        #[target_feature(enable = "avx512f")]
        #[inline]
        pub(super) fn fp2_mul_reduced(
            a: &[Elem; 2],
            b: &[Elem; 2],
            k: &Radices,
            out: &mut [Elem; 2],
        ) {
            let mut w = WIDE2_ZERO;
            fp2_mul_wide_out(a, b, k, &mut w);
            reduce2_regs(&w, k, out);
        }

        /// xi a for a reduced F_p2 value a (u^2 = -1): the base field's `small_lincomb` on each
        /// coefficient, (x0 a0 - x1 a1, x0 a1 + x1 a0), each followed by its carry round.
        #[inline(always)]
        pub(super) fn mul_xi_reduced(a: [Elem; 2], xi: (i64, i64), k: &Radices) -> [Elem; 2] {
            // SAFETY: register-only AVX-512F arithmetic (the callers enable it).
            unsafe {
                let (x0, x1) = (_mm512_set1_pd(xi.0 as f64), _mm512_set1_pd(xi.1 as f64));
                let c0 = (
                    _mm512_fnmadd_pd(a[1].0, x1, _mm512_mul_pd(a[0].0, x0)),
                    _mm512_fnmadd_pd(a[1].1, x1, _mm512_mul_pd(a[0].1, x0)),
                );
                let c1 = (
                    _mm512_fmadd_pd(a[0].0, x1, _mm512_mul_pd(a[1].0, x0)),
                    _mm512_fmadd_pd(a[0].1, x1, _mm512_mul_pd(a[1].1, x0)),
                );
                [carry12(c0.0, c0.1, k), carry12(c1.0, c1.1, k)]
            }
        }

        /// a + b in F_p6 on registers (coefficient-wise, no carry).
        #[inline(always)]
        pub(super) fn fp6_add(a: [[Elem; 2]; 3], b: [[Elem; 2]; 3]) -> [[Elem; 2]; 3] {
            [
                fp2_add(a[0], b[0]),
                fp2_add(a[1], b[1]),
                fp2_add(a[2], b[2]),
            ]
        }

        /// Karatsuba over F_p6 from t0 = f0 g0, t1 = f1 g1, x = (f0 + f1)(g0 + g1), as the
        /// tower's `karatsuba_finish`: c0 = t0 + t1 v = (t0.c0 + xi t1.c2, t0.c1 + t1.c0,
        /// t0.c2 + t1.c1) with xi times a reduced value and its carry round, c1 = x - t0 - t1;
        /// the six F_p2 coefficients of c0 then c1.
        #[inline(always)]
        pub(super) fn karatsuba_finish(
            t0: [[Elem; 2]; 3],
            t1: [[Elem; 2]; 3],
            x: [[Elem; 2]; 3],
            xi: (i64, i64),
            k: &Radices,
        ) -> [[Elem; 2]; 6] {
            [
                fp2_add(t0[0], mul_xi_reduced(t1[2], xi, k)),
                fp2_add(t0[1], t1[0]),
                fp2_add(t0[2], t1[1]),
                fp2_sub(fp2_sub(x[0], t0[0]), t1[0]),
                fp2_sub(fp2_sub(x[1], t0[1]), t1[1]),
                fp2_sub(fp2_sub(x[2], t0[2]), t1[2]),
            ]
        }

        /// 3a - 2b in F_p2, as the cyclotomic square's `three_minus_two`: (a - b) + (a - b) + a.
        #[inline(always)]
        pub(super) fn three_minus_two(a: [Elem; 2], b: [Elem; 2]) -> [Elem; 2] {
            let d = fp2_sub(a, b);
            fp2_add(fp2_add(d, d), a)
        }

        /// 3a + 2b in F_p2, as the cyclotomic square's `three_plus_two`.
        #[inline(always)]
        pub(super) fn three_plus_two(a: [Elem; 2], b: [Elem; 2]) -> [Elem; 2] {
            let d = fp2_add(a, b);
            fp2_add(fp2_add(d, d), a)
        }

        /// The F_p4 square of [`super::super::Coeff::fp4_square`] on registers, out of line
        /// (the cyclotomic square runs three): [c0, c1], each F_p2 value reduced.
        #[target_feature(enable = "avx512f")]
        #[inline(never)]
        pub(super) fn fp4_square_regs(
            a0: &[Elem; 2],
            a1: &[Elem; 2],
            xi: (i64, i64),
            k: &Radices,
            out: &mut [[Elem; 2]; 2],
        ) {
            let [c0, c1] = fp4_square_wide(*a0, *a1, xi, k);
            let (r0, r1) = reduce2(c0[0], c0[1], k);
            let (r2, r3) = reduce2(c1[0], c1[1], k);
            *out = [[r0, r1], [r2, r3]];
        }

        /// a b in F_p6 (v^3 = xi) before reduction, as Fp6::mul_wide's Karatsuba over F_p2
        /// (Devegili–Ó hÉigeartaigh–Scott–Dahab 2006): six unreduced F_p2 products of the
        /// coefficients and their pairwise sums, their sums with xi.
        #[target_feature(enable = "avx512f")]
        #[inline]
        pub(super) fn fp6_mul_wide_regs(
            a: &[[Elem; 2]; 3],
            b: &[[Elem; 2]; 3],
            xi: (i64, i64),
            k: &Radices,
        ) -> [Wide2; 3] {
            let ops = [
                (a[0], b[0]),
                (a[1], b[1]),
                (a[2], b[2]),
                (fp2_add(a[1], a[2]), fp2_add(b[1], b[2])),
                (fp2_add(a[0], a[1]), fp2_add(b[0], b[1])),
                (fp2_add(a[0], a[2]), fp2_add(b[0], b[2])),
            ];
            let mut w = [WIDE2_ZERO; 6];
            for (wj, (x, y)) in w.iter_mut().zip(ops.iter()) {
                fp2_mul_wide_out(x, y, k, wj);
            }
            let [v0, v1, v2, x12, x01, x02] = w;
            [
                wide2_add(wide2_mul_xi(wide2_sub(wide2_sub(x12, v1), v2), xi), v0),
                wide2_add(wide2_sub(wide2_sub(x01, v0), v1), wide2_mul_xi(v2, xi)),
                wide2_add(wide2_sub(wide2_sub(x02, v0), v2), v1),
            ]
        }

        /// [`fp6_mul_wide_regs`] with one reduction per coefficient, to registers.
        #[target_feature(enable = "avx512f")]
        #[inline]
        pub(super) fn fp6_mul_regs(
            a: &[[Elem; 2]; 3],
            b: &[[Elem; 2]; 3],
            xi: (i64, i64),
            k: &Radices,
        ) -> [[Elem; 2]; 3] {
            let c = fp6_mul_wide_regs(a, b, xi, k);
            let mut out = [[ELEM_ZERO; 2]; 3];
            for (o, ci) in out.iter_mut().zip(c.iter()) {
                reduce2_regs(ci, k, o);
            }
            out
        }

        /// [`reduce2`] on a wide F_p2 value out of line, stored into two elements.
        #[target_feature(enable = "avx512f")]
        #[inline(never)]
        pub(super) fn reduce2_out(
            w: &Wide2,
            k: &Radices,
            out0: &mut [f64; N],
            out1: &mut [f64; N],
        ) {
            let (a, b) = reduce2(w[0], w[1], k);
            super::store_elem(a, out0);
            super::store_elem(b, out1);
        }

        /// a (b0 + b1 v) in F_p6 (v^3 = xi), as Fp6::mul_by_01's lazy formula: five unreduced
        /// F_p2 products, their sums with xi, one reduction per coefficient.
        #[target_feature(enable = "avx512f")]
        #[inline(never)]
        pub(super) fn fp6_mul_by_01(
            a: [[Elem; 2]; 3],
            b0: [Elem; 2],
            b1: [Elem; 2],
            xi: (i64, i64),
            k: &Radices,
        ) -> [[Elem; 2]; 3] {
            let ops = [
                (a[0], b0),
                (a[1], b1),
                (fp2_add(a[1], a[2]), b1),
                (fp2_add(a[0], a[1]), fp2_add(b0, b1)),
                (fp2_add(a[0], a[2]), b0),
            ];
            let mut w = [WIDE2_ZERO; 5];
            for (wj, (x, y)) in w.iter_mut().zip(ops.iter()) {
                fp2_mul_wide_out(x, y, k, wj);
            }
            let [v0, v1, x12, x01, x02] = w;
            let c = [
                wide2_add(wide2_mul_xi(wide2_sub(x12, v1), xi), v0),
                wide2_sub(wide2_sub(x01, v0), v1),
                wide2_add(wide2_sub(x02, v0), v1),
            ];
            let mut out = [[ELEM_ZERO; 2]; 3];
            for (o, ci) in out.iter_mut().zip(c.iter()) {
                reduce2_regs(ci, k, o);
            }
            out
        }

        /// valignq in asm: the compiler would turn the intrinsic into two-source permutes
        /// with index vectors and register copies.
        macro_rules! alignq {
            ($hi:expr, $lo:expr, $r:literal) => {{
                let x: __m512i;
                // SAFETY: register-only valignq; AVX-512F is enabled by every caller.
                unsafe {
                    core::arch::asm!(
                        concat!("valignq {x}, {h}, {l}, ", $r),
                        x = lateout(zmm_reg) x,
                        h = in(zmm_reg) $hi,
                        l = in(zmm_reg) $lo,
                        options(pure, nomem, nostack, preserves_flags),
                    );
                }
                x
            }};
        }

        /// acc + g * broadcast(*f) as one multiply-add with an embedded broadcast, in asm: the
        /// compiler would forward the stored f_i from registers through two-source permutes on
        /// the shuffle port, which the windows already load.
        #[target_feature(enable = "avx512f")]
        #[inline]
        fn fma_bcast(acc: __m512d, g: __m512d, f: &f64) -> __m512d {
            let mut acc = acc;
            // SAFETY: reads the one double behind a reference; register-only otherwise.
            unsafe {
                core::arch::asm!(
                    "vfmadd231pd {acc}, {g}, qword ptr [{f}]{{1to8}}",
                    acc = inout(zmm_reg) acc,
                    g = in(zmm_reg) g,
                    f = in(reg) f as *const f64,
                    options(pure, readonly, nostack, preserves_flags),
                );
            }
            acc
        }

        /// broadcast(*f) from memory, in asm (see [`fma_bcast`]).
        #[target_feature(enable = "avx512f")]
        #[inline]
        fn bcast(f: &f64) -> __m512d {
            let x: __m512d;
            // SAFETY: reads the one double behind a reference; register-only otherwise.
            unsafe {
                core::arch::asm!(
                    "vbroadcastsd {x}, qword ptr [{f}]",
                    x = lateout(zmm_reg) x,
                    f = in(reg) f as *const f64,
                    options(pure, readonly, nostack, preserves_flags),
                );
            }
            x
        }

        /// The 8-lane window of (0, b_lo, b_hi, 0) starting at lane s (s in 1..=27).
        #[target_feature(enable = "avx512f")]
        #[inline]
        fn window(e: &[__m512i; 4], s: usize) -> __m512d {
            let (q, r) = (s / 8, s % 8);
            let (lo, hi) = (e[q], if q + 1 < 4 { e[q + 1] } else { e[3] });
            let x = match r {
                0 => lo,
                1 => alignq!(hi, lo, "1"),
                2 => alignq!(hi, lo, "2"),
                3 => alignq!(hi, lo, "3"),
                4 => alignq!(hi, lo, "4"),
                5 => alignq!(hi, lo, "5"),
                6 => alignq!(hi, lo, "6"),
                _ => alignq!(hi, lo, "7"),
            };
            _mm512_castsi512_pd(x)
        }

        /// The schoolbook product: for row i and output vector v, f_i (or 6 f_i in the lanes
        /// [`super::super::SIX`] marks) times the window of b shifted by i. The f_i and 6 f_i come
        /// from a stack copy of a and 6a, broadcast by the load ports (folded into the
        /// multiply-add where a row's lanes agree) instead of permutes on the one shuffle port,
        /// which the windows' lane shifts and the 512-bit FMAs share: the float pairing measured
        /// 3.5% faster (dclxvi_profile, interleaved, Xeon). Broadcasts and lane shifts are asm
        /// ([`fma_bcast`], [`bcast`], `alignq!`): as intrinsics the compiler forwarded the stored
        /// f_i back to registers and turned both into two-source permutes with index vectors and
        /// register copies (1.5% slower). The windows stay lane shifts: as unaligned loads across
        /// the stored b they waited on store forwarding (19% slower).
        #[inline(always)]
        pub(super) fn poly_mul(a: (__m512d, __m512d), b: (__m512d, __m512d)) -> [__m512d; 3] {
            // a, then 6a.
            let mut fa = super::Lanes::<32>([0.0; 32]);
            // SAFETY: four aligned 8-double stores at offsets 0, 8, 16, 24 of the 32-double,
            // 64-byte-aligned buffer; the rest is register-only AVX-512F arithmetic (the callers
            // enable it).
            unsafe {
                let six = _mm512_set1_pd(6.0);
                let z = _mm512_setzero_si512();
                let e = [z, _mm512_castpd_si512(b.0), _mm512_castpd_si512(b.1), z];
                _mm512_store_pd(fa.0.as_mut_ptr(), a.0);
                _mm512_store_pd(fa.0.as_mut_ptr().add(8), a.1);
                _mm512_store_pd(fa.0.as_mut_ptr().add(16), _mm512_mul_pd(a.0, six));
                _mm512_store_pd(fa.0.as_mut_ptr().add(24), _mm512_mul_pd(a.1, six));
                let mut acc = [_mm512_setzero_pd(); 3];
                // Fully unrolled (rows and vectors are literals), so every window offset, blend
                // mask and skipped pair is decided at compile time.
                macro_rules! step {
                    ($i:literal, $v:literal) => {
                        if !(8 * $v + 7 < $i || 8 * $v > $i + N - 1) {
                            let g = window(&e, (8usize + 8 * $v).wrapping_sub($i));
                            let m = SIX_MASK[$i][$v] as u8;
                            acc[$v] = if m == 0 {
                                fma_bcast(acc[$v], g, &fa.0[$i])
                            } else if m == 0xff {
                                fma_bcast(acc[$v], g, &fa.0[16 + $i])
                            } else {
                                let f = _mm512_mask_blend_pd(
                                    m,
                                    bcast(&fa.0[$i]),
                                    bcast(&fa.0[16 + $i]),
                                );
                                _mm512_fmadd_pd(f, g, acc[$v])
                            };
                        }
                    };
                }
                macro_rules! rows {
                    ($($i:literal)*) => { $( {
                        step!($i, 0);
                        step!($i, 1);
                        step!($i, 2);
                    } )* };
                }
                rows!(0 1 2 3 4 5 6 7 8 9 10 11);
                acc
            }
        }
    }

    /// An element from memory into three 4-lane registers (16-byte loads, see [`load8`]).
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn load_elem4(a: &[f64; N]) -> avx2::Elem {
        [load4x(&a[0..4]), load4x(&a[4..8]), load4x(&a[8..12])]
    }

    /// Four doubles from memory as two 16-byte loads (store forwarding from the 16-byte stores
    /// of the generic glue code, as for [`load8`]); the halves of [`load8`] and [`load4`] too.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn load4x(p: &[f64]) -> core::arch::x86_64::__m256d {
        use core::arch::x86_64::*;
        // SAFETY: register-only AVX inserts; AVX2 or AVX-512F is enabled by every caller.
        unsafe {
            _mm256_insertf128_pd::<1>(_mm256_castpd128_pd256(load2(&p[0..2])), load2(&p[2..4]))
        }
    }

    /// Three registers to a 12-double element.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn store_elem4(e: avx2::Elem) -> [f64; N] {
        use core::arch::x86_64::*;
        let mut out = [0.0; N];
        for (v, x) in e.iter().enumerate() {
            // SAFETY: out has 12 = 3 * 4 doubles; this store writes lanes 4v..4v+3.
            unsafe { _mm256_storeu_pd(out.as_mut_ptr().add(4 * v), *x) };
        }
        out
    }

    /// Six registers to a 24-double product.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn store_wide4(w: avx2::Wide) -> [f64; NW] {
        use core::arch::x86_64::*;
        let mut out = [0.0; NW];
        for (v, x) in w.iter().enumerate() {
            // SAFETY: out has 24 = 6 * 4 doubles; this store writes lanes 4v..4v+3.
            unsafe { _mm256_storeu_pd(out.as_mut_ptr().add(4 * v), *x) };
        }
        out
    }

    /// One carry round with AVX2 and FMA ([`super::carry_round_portable`] on registers).
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn carry_round_avx2(_proof: Avx2Fma, c: &mut [f64; N], k: &Radices) {
        // SAFETY: the proof value exists only when AVX2 and FMA were detected on this CPU.
        unsafe { carry_round_avx2_inner(c, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn carry_round_avx2_inner(c: &mut [f64; N], k: &Radices) {
        *c = store_elem4(avx2::carry12(load_elem4(c), k));
    }

    /// Carried operands and their product with AVX2 and FMA.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn mul_wide_avx2(_proof: Avx2Fma, a: &[f64; N], b: &[f64; N], k: &Radices) -> [f64; NW] {
        // SAFETY: the proof value exists only when AVX2 and FMA were detected on this CPU.
        unsafe { mul_wide_avx2_inner(a, b, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn mul_wide_avx2_inner(a: &[f64; N], b: &[f64; N], k: &Radices) -> [f64; NW] {
        let a = avx2::carry12(load_elem4(a), k);
        let b = avx2::carry12(load_elem4(b), k);
        store_wide4(avx2::poly_mul(a, b))
    }

    /// The full reduction of a product with AVX2 and FMA (wide carry round, the polynomial
    /// reduction as 11 broadcast multiply-adds, carry round), equal to the portable one bit for bit
    /// (every partial sum is exact, as for the AVX-512 kernel).
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn reduce_wide_avx2(_proof: Avx2Fma, t: &[f64; NW], k: &Radices) -> [f64; N] {
        // SAFETY: the proof value exists only when AVX2 and FMA were detected on this CPU.
        unsafe { reduce_wide_avx2_inner(t, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn reduce_wide_avx2_inner(t: &[f64; NW], k: &Radices) -> [f64; N] {
        let w = [
            load4x(&t[0..4]),
            load4x(&t[4..8]),
            load4x(&t[8..12]),
            load4x(&t[12..16]),
            load4x(&t[16..20]),
            load4x(&t[20..24]),
        ];
        store_elem4(avx2::reduce(w, k))
    }

    /// The product with AVX-512F: per row i, f_i broadcast times the shifted b (blended with
    /// 6b where [`super::SIX`] says) into three 8-lane accumulators.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn poly_mul_avx512(_proof: Avx512F, a: &[f64; N], b: &[f64; N]) -> [f64; NW] {
        // SAFETY: the proof value exists only when AVX-512F was detected on this CPU.
        unsafe { poly_mul_avx512_inner(a, b) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    fn poly_mul_avx512_inner(a: &[f64; N], b: &[f64; N]) -> [f64; NW] {
        use core::arch::x86_64::*;
        let mut out = [0.0; NW];
        // SAFETY: 8 + 4 lanes of 12-double arrays (masked loads for lanes 8..11); three full
        // stores into the 24-double output.
        unsafe {
            let a = (load8(&a[..8]), load4(&a[8..]));
            let b = (load8(&b[..8]), load4(&b[8..]));
            let t = avx512::poly_mul(a, b);
            for (v, tv) in t.iter().enumerate() {
                _mm512_storeu_pd(out.as_mut_ptr().add(8 * v), *tv);
            }
        }
        out
    }

    /// The product with AVX2 and FMA: per row i, f_i broadcast (6 f_i in the lanes
    /// [`super::SIX`] marks) times the window of b shifted by i, into six 4-lane accumulators.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn poly_mul_avx2(_proof: Avx2Fma, a: &[f64; N], b: &[f64; N]) -> [f64; NW] {
        // SAFETY: the proof value exists only when AVX2 and FMA were detected on this CPU.
        unsafe { poly_mul_avx2_inner(a, b) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn poly_mul_avx2_inner(a: &[f64; N], b: &[f64; N]) -> [f64; NW] {
        store_wide4(avx2::poly_mul(load_elem4(a), load_elem4(b)))
    }

    /// The unreduced F_p2 product in one AVX2 kernel (four carry rounds, three products, all on
    /// registers).
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn fp2_mul_wide_avx2(
        _proof: Avx2Fma,
        a: [&[f64; N]; 2],
        b: [&[f64; N]; 2],
        k: &Radices,
    ) -> [[f64; NW]; 2] {
        // SAFETY: the proof value exists only when AVX2 and FMA were detected on this CPU.
        unsafe { fp2_mul_wide_avx2_inner(a, b, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn fp2_mul_wide_avx2_inner(
        a: [&[f64; N]; 2],
        b: [&[f64; N]; 2],
        k: &Radices,
    ) -> [[f64; NW]; 2] {
        let (a0, a1) = (load_elem4(a[0]), load_elem4(a[1]));
        let (b0, b1) = (load_elem4(b[0]), load_elem4(b[1]));
        let [c0, c1] = avx2::fp2_mul_wide(a0, a1, b0, b1, k);
        [store_wide4(c0), store_wide4(c1)]
    }

    /// The unreduced F_p2 square in one AVX2 kernel.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn fp2_square_wide_avx2(_proof: Avx2Fma, a: [&[f64; N]; 2], k: &Radices) -> [[f64; NW]; 2] {
        // SAFETY: the proof value exists only when AVX2 and FMA were detected on this CPU.
        unsafe { fp2_square_wide_avx2_inner(a, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn fp2_square_wide_avx2_inner(a: [&[f64; N]; 2], k: &Radices) -> [[f64; NW]; 2] {
        let [c0, c1] = avx2::fp2_square_wide(load_elem4(a[0]), load_elem4(a[1]), k);
        [store_wide4(c0), store_wide4(c1)]
    }

    /// The reduced F_p2 product in one AVX2 kernel (operands to reduced results on registers).
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn fp2_mul_avx2(
        _proof: Avx2Fma,
        a: [&[f64; N]; 2],
        b: [&[f64; N]; 2],
        k: &Radices,
    ) -> [[f64; N]; 2] {
        // SAFETY: the proof value exists only when AVX2 and FMA were detected on this CPU.
        unsafe { fp2_mul_avx2_inner(a, b, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn fp2_mul_avx2_inner(a: [&[f64; N]; 2], b: [&[f64; N]; 2], k: &Radices) -> [[f64; N]; 2] {
        let (a0, a1) = (load_elem4(a[0]), load_elem4(a[1]));
        let (b0, b1) = (load_elem4(b[0]), load_elem4(b[1]));
        let [c0, c1] = avx2::fp2_mul_wide(a0, a1, b0, b1, k);
        [
            store_elem4(avx2::reduce(c0, k)),
            store_elem4(avx2::reduce(c1, k)),
        ]
    }

    /// The reduced F_p2 square in one AVX2 kernel.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub fn fp2_square_avx2(_proof: Avx2Fma, a: [&[f64; N]; 2], k: &Radices) -> [[f64; N]; 2] {
        // SAFETY: the proof value exists only when AVX2 and FMA were detected on this CPU.
        unsafe { fp2_square_avx2_inner(a, k) }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn fp2_square_avx2_inner(a: [&[f64; N]; 2], k: &Radices) -> [[f64; N]; 2] {
        let [c0, c1] = avx2::fp2_square_wide(load_elem4(a[0]), load_elem4(a[1]), k);
        [
            store_elem4(avx2::reduce(c0, k)),
            store_elem4(avx2::reduce(c1, k)),
        ]
    }

    /// The AVX2 building blocks on registers, the 4-lane twins of the AVX-512 ones: an element is
    /// three vectors (lanes 0..11), a product six (lane 23 zero). Lane moves across vectors are
    /// `vpermpd`, `vperm2f128` and `vshufpd`; constants are read from 32-byte-aligned statics.
    #[cfg(target_arch = "x86_64")]
    mod avx2 {
        use super::super::{Radices, N};
        use core::arch::x86_64::*;

        /// An element on registers: lanes 4v..4v+3 in vector v.
        pub(super) type Elem = [__m256d; 3];
        /// A product on registers: lanes 4v..4v+3 in vector v (lane 23 zero).
        pub(super) type Wide = [__m256d; 6];

        /// An aligned vector constant.
        type V4 = super::Lanes<4>;

        /// The top carry's fold into the element: lanes 0, 3, 6 (x4), 9.
        static FOLD12: [V4; 3] = [
            super::Lanes([-1.0, 0.0, 0.0, -1.0]),
            super::Lanes([0.0, 0.0, -4.0, 0.0]),
            super::Lanes([0.0, -1.0, 0.0, 0.0]),
        ];
        /// The top product carry's fold: lanes 11, 14, 17 (x4), 20 (vectors 2..5).
        static FOLD23: [V4; 4] = [
            super::Lanes([0.0, 0.0, 0.0, -1.0]),
            super::Lanes([0.0, 0.0, -1.0, 0.0]),
            super::Lanes([0.0, -4.0, 0.0, 0.0]),
            super::Lanes([-1.0, 0.0, 0.0, 0.0]),
        ];
        /// [`super::super::REDUCE`]'s columns as three vectors each.
        static REDUCE_COLS: [[V4; 3]; 11] = super::reduce_cols::<4, 3>();
        /// Per row i and output vector v: the lanes that take 6 f_i (the blend mask of [`super::super::SIX`]).
        const SIX_MASK: [[u32; 6]; N] = super::six_masks::<4, 6>();

        #[inline(always)]
        fn load(v: &V4) -> __m256d {
            // SAFETY: reads the 4 doubles of a 32-byte-aligned constant.
            unsafe { _mm256_load_pd(v.0.as_ptr()) }
        }

        #[inline(always)]
        fn load_at(a: &[f64], at: usize) -> __m256d {
            assert!(at + 4 <= a.len());
            // SAFETY: at + 4 <= a.len(), checked above (a constant-folded check).
            unsafe { _mm256_loadu_pd(a.as_ptr().add(at)) }
        }

        /// round(x * y) of the exact product: [`super::super::round_mul`] in every lane.
        #[inline(always)]
        fn round_mul(x: __m256d, y: __m256d) -> __m256d {
            // SAFETY: register-only; the enclosing functions enable AVX2 and FMA.
            unsafe {
                let m = _mm256_set1_pd(super::super::MAGIC);
                _mm256_sub_pd(_mm256_fmadd_pd(x, y, m), m)
            }
        }

        /// Lanes moved up by one across the vectors: lane j takes lane j - 1, lane 0 takes 0.
        #[inline(always)]
        fn shift_up<const M: usize>(c: &[__m256d; M]) -> [__m256d; M] {
            // SAFETY: register-only AVX2 permutes and blends (the callers enable AVX2).
            // (No closures here or below: a closure would not inherit the caller's target
            // features, and every intrinsic in it would become a call.)
            unsafe {
                // rot[v] = (c_v3, c_v0, c_v1, c_v2); lane 0 then comes from the vector below.
                let mut rot = [_mm256_setzero_pd(); M];
                for v in 0..M {
                    rot[v] = _mm256_permute4x64_pd::<0b10_01_00_11>(c[v]);
                }
                let mut out = [_mm256_blend_pd::<0b0001>(rot[0], _mm256_setzero_pd()); M];
                for v in 1..M {
                    out[v] = _mm256_blend_pd::<0b0001>(rot[v], rot[v - 1]);
                }
                out
            }
        }

        /// [`super::super::carry_round_portable`] on registers.
        #[inline(always)]
        pub(super) fn carry12(e: Elem, k: &Radices) -> Elem {
            // SAFETY: register-only AVX2/FMA arithmetic and permutes (the callers enable them).
            unsafe {
                let mut c = e;
                for v in 0..3 {
                    c[v] = round_mul(e[v], load_at(&k.r_inv, 4 * v));
                }
                let sh = shift_up(&c);
                // The top carry c_11 (lane 3 of vector 2) folds instead of moving up.
                let top = _mm256_permute4x64_pd::<0xff>(c[2]);
                let mut out = e;
                for v in 0..3 {
                    let x = _mm256_fnmadd_pd(c[v], load_at(&k.r, 4 * v), e[v]);
                    out[v] = _mm256_fmadd_pd(top, load(&FOLD12[v]), _mm256_add_pd(x, sh[v]));
                }
                out
            }
        }

        /// [`super::super::wide_carry_round_portable`] on six vectors.
        #[inline(always)]
        pub(super) fn wide_carry(w: Wide, k: &Radices) -> Wide {
            // SAFETY: register-only AVX2/FMA arithmetic and permutes (the callers enable them).
            unsafe {
                let mut c = w;
                for v in 0..6 {
                    c[v] = round_mul(w[v], load_at(&k.rw_inv, 4 * v));
                }
                let mut sh = shift_up(&c);
                // Lane 23 stays zero: the top carry c_22 (lane 2 of vector 5) is folded instead.
                sh[5] = _mm256_blend_pd::<0b1000>(sh[5], _mm256_setzero_pd());
                let top = _mm256_permute4x64_pd::<0b10_10_10_10>(c[5]);
                let mut out = w;
                for v in 0..6 {
                    let x =
                        _mm256_add_pd(_mm256_fnmadd_pd(c[v], load_at(&k.rw, 4 * v), w[v]), sh[v]);
                    out[v] = if v >= 2 {
                        _mm256_fmadd_pd(top, load(&FOLD23[v - 2]), x)
                    } else {
                        x
                    };
                }
                out
            }
        }

        /// Lane l of x in every lane.
        #[inline(always)]
        fn broadcast(x: __m256d, l: usize) -> __m256d {
            // SAFETY: register-only AVX2 permutes (the callers enable AVX2).
            unsafe {
                match l {
                    0 => _mm256_permute4x64_pd::<0x00>(x),
                    1 => _mm256_permute4x64_pd::<0x55>(x),
                    2 => _mm256_permute4x64_pd::<0xaa>(x),
                    _ => _mm256_permute4x64_pd::<0xff>(x),
                }
            }
        }

        /// [`super::super::poly_reduce_portable`]: coefficients 12..22 broadcast and multiplied
        /// by [`super::super::REDUCE`]'s columns into the low twelve.
        #[inline(always)]
        pub(super) fn poly_reduce(w: Wide) -> Elem {
            // SAFETY: register-only AVX2/FMA arithmetic (the callers enable them).
            unsafe {
                let mut e = [w[0], w[1], w[2]];
                macro_rules! cols {
                    ($($j:literal)*) => { $( {
                        let pos = 12 + $j;
                        let b = broadcast(w[pos / 4], pos % 4);
                        for (v, ev) in e.iter_mut().enumerate() {
                            *ev = _mm256_fmadd_pd(b, load(&REDUCE_COLS[$j][v]), *ev);
                        }
                    } )* };
                }
                cols!(0 1 2 3 4 5 6 7 8 9 10);
                e
            }
        }

        /// [`super::super::reduce_wide_portable`] on registers.
        #[inline(always)]
        pub(super) fn reduce(w: Wide, k: &Radices) -> Elem {
            carry12(poly_reduce(wide_carry(w, k)), k)
        }

        #[inline(always)]
        fn add(a: Elem, b: Elem) -> Elem {
            // SAFETY: register-only AVX arithmetic (the callers enable AVX2).
            unsafe {
                [
                    _mm256_add_pd(a[0], b[0]),
                    _mm256_add_pd(a[1], b[1]),
                    _mm256_add_pd(a[2], b[2]),
                ]
            }
        }

        #[inline(always)]
        fn sub(a: Elem, b: Elem) -> Elem {
            // SAFETY: register-only AVX arithmetic (the callers enable AVX2).
            unsafe {
                [
                    _mm256_sub_pd(a[0], b[0]),
                    _mm256_sub_pd(a[1], b[1]),
                    _mm256_sub_pd(a[2], b[2]),
                ]
            }
        }

        /// [`super::super::fp2_mul_wide_portable`] on registers: four carry rounds, Karatsuba.
        #[inline(always)]
        pub(super) fn fp2_mul_wide(
            a0: Elem,
            a1: Elem,
            b0: Elem,
            b1: Elem,
            k: &Radices,
        ) -> [Wide; 2] {
            let (a0, a1) = (carry12(a0, k), carry12(a1, k));
            let (b0, b1) = (carry12(b0, k), carry12(b1, k));
            let t0 = poly_mul(a0, b0);
            let t1 = poly_mul(a1, b1);
            let t2 = poly_mul(add(a0, a1), add(b0, b1));
            // SAFETY: register-only AVX arithmetic (the callers enable AVX2).
            unsafe {
                let (mut c0, mut c1) = (t0, t2);
                for v in 0..6 {
                    c0[v] = _mm256_sub_pd(t0[v], t1[v]);
                    c1[v] = _mm256_sub_pd(_mm256_sub_pd(t2[v], t0[v]), t1[v]);
                }
                [c0, c1]
            }
        }

        /// [`super::super::fp2_square_wide_portable`] on registers: two carry rounds, then
        /// (a0 + a1)(a0 - a1) and (a0 + a0) a1.
        #[inline(always)]
        pub(super) fn fp2_square_wide(a0: Elem, a1: Elem, k: &Radices) -> [Wide; 2] {
            let (a0, a1) = (carry12(a0, k), carry12(a1, k));
            [
                poly_mul(add(a0, a1), sub(a0, a1)),
                poly_mul(add(a0, a0), a1),
            ]
        }

        /// [`super::super::Coeff::fp4_square`] before the reductions, on registers (see the
        /// AVX-512 form).
        #[inline(always)]
        pub(super) fn fp4_square_wide(
            a0: [Elem; 2],
            a1: [Elem; 2],
            xi: (i64, i64),
            k: &Radices,
        ) -> [[Wide; 2]; 2] {
            let t0 = fp2_square_wide(a0[0], a0[1], k);
            let t1 = fp2_square_wide(a1[0], a1[1], k);
            let s = fp2_square_wide(add(a0[0], a1[0]), add(a0[1], a1[1]), k);
            // SAFETY: register-only AVX2/FMA arithmetic (the callers enable them).
            unsafe {
                let (x0, x1) = (_mm256_set1_pd(xi.0 as f64), _mm256_set1_pd(xi.1 as f64));
                let z = _mm256_setzero_pd();
                let mut c = [[[z; 6]; 2]; 2];
                for v in 0..6 {
                    let e0 = _mm256_fmadd_pd(x0, t1[0][v], t0[0][v]);
                    c[0][0][v] = _mm256_fnmadd_pd(x1, t1[1][v], e0);
                    let e1 = _mm256_fmadd_pd(x0, t1[1][v], t0[1][v]);
                    c[0][1][v] = _mm256_fmadd_pd(x1, t1[0][v], e1);
                    c[1][0][v] = _mm256_sub_pd(_mm256_sub_pd(s[0][v], t0[0][v]), t1[0][v]);
                    c[1][1][v] = _mm256_sub_pd(_mm256_sub_pd(s[1][v], t0[1][v]), t1[1][v]);
                }
                c
            }
        }

        /// Lanes s..s+3 of (0, b_0..b_11, 0) as 20 lanes (s in 1..=15): one `vperm2f128` and at
        /// most one `vshufpd` across two neighbouring vectors.
        #[inline(always)]
        fn window(e: &[__m256d; 5], s: usize) -> __m256d {
            // SAFETY: register-only AVX permutes and shuffles (the callers enable AVX2).
            unsafe {
                let (q, r) = (s / 4, s % 4);
                let lo = e[q];
                if r == 0 {
                    return lo;
                }
                let hi = e[q + 1];
                // mid = (lo_2, lo_3, hi_0, hi_1)
                let mid = _mm256_permute2f128_pd::<0x21>(lo, hi);
                match r {
                    1 => _mm256_shuffle_pd::<0b0101>(lo, mid),
                    2 => mid,
                    _ => _mm256_shuffle_pd::<0b0101>(mid, hi),
                }
            }
        }

        /// The schoolbook product on registers: for row i and output vector v, f_i (or 6 f_i in
        /// the lanes [`super::super::SIX`] marks) times the window of b shifted by i; pairs of row and vector
        /// that meet no coefficient of b are skipped at compile time.
        #[inline(always)]
        pub(super) fn poly_mul(a: Elem, b: Elem) -> Wide {
            // SAFETY: register-only AVX2/FMA arithmetic, permutes and blends (the callers enable them).
            unsafe {
                let z = _mm256_setzero_pd();
                let e = [z, b[0], b[1], b[2], z];
                let mut acc = [z; 6];
                macro_rules! step {
                    ($i:literal, $fi:ident, $fi6:ident, $v:literal) => {
                        if !(4 * $v + 3 < $i || 4 * $v > $i + N - 1) {
                            // Output lanes 4v..4v+3 take b_(4v-i).., lane s = 4v - i + 4 of e.
                            let g = window(&e, (4usize + 4 * $v).wrapping_sub($i));
                            let f = if SIX_MASK[$i][$v] == 0 {
                                $fi
                            } else {
                                _mm256_blend_pd::<{ SIX_MASK[$i][$v] as i32 }>($fi, $fi6)
                            };
                            acc[$v] = _mm256_fmadd_pd(f, g, acc[$v]);
                        }
                    };
                }
                macro_rules! rows {
                    ($($i:literal)*) => { $( {
                        let fi = broadcast(a[$i / 4], $i % 4);
                        let fi6 = _mm256_mul_pd(fi, _mm256_set1_pd(6.0));
                        step!($i, fi, fi6, 0);
                        step!($i, fi, fi6, 1);
                        step!($i, fi, fi6, 2);
                        step!($i, fi, fi6, 3);
                        step!($i, fi, fi6, 4);
                        step!($i, fi, fi6, 5);
                    } )* };
                }
                rows!(0 1 2 3 4 5 6 7 8 9 10 11);
                acc
            }
        }
    }
}
