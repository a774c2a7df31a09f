//! The base field of the tower: the arithmetic of F_p and the lazy-reduction ("wide") protocol,
//! nothing above F_p, as one trait. [`Fp`] implements it; so can any other representation of F_p
//! (several elements side by side in SIMD lanes, floating-point coefficients, an operation
//! counter), and the unchanged tower then runs on it. A representation with faster kernels for
//! the tower's operations implements `super::kernels::TowerKernels` as well, in its own file.

use super::fp::{Fp, FpParams};
use crate::arith::{wide_add_mod, wide_sub, wide_sub_mod, Limbs, Wide};
use core::fmt::Debug;
use core::ops::BitAnd;

/// One or several elements of the prime field `Self::Params`, with the operations the tower uses.
///
/// Conditions are masks ([`BaseField::Mask`]), never branches on values, so that an implementation
/// holding several elements can answer per element.
pub trait BaseField: super::traits::FieldOps {
    /// The prime field whose elements this carries.
    type Params: FpParams;
    /// An all-ones/all-zeros selector per element (`u64` for one element).
    type Mask: Copy + Debug + BitAnd<Output = Self::Mask>;
    /// A double-width value awaiting one reduction (lazy reduction).
    type Wide: Copy + Debug;
    /// 0 in every element.
    const ZERO: Self;
    /// 1 in every element.
    const ONE: Self;
    /// Whether the lazy-reduction operations below are available: products of unreduced sums
    /// (below 2p) must stay below p * 2^(64N).
    const LAZY: bool;
    /// Whether `a * b` is exact for a left operand from [`BaseField::add_unreduced`] (below 2p)
    /// and a reduced right operand: true for Montgomery products whose final subtraction follows
    /// from b < p alone (CIOS: t < p (a/R + 1) < 2p for any a < R). Where [`BaseField::LAZY`]
    /// holds as well (p < R/4), b may come from [`BaseField::sub_unreduced`] (below 2p): then
    /// t < 4p^2/R + p < 2p.
    const MUL_UNREDUCED_LEFT: bool = false;
    /// The constant `x` in every element (curve and tower constants).
    fn splat(x: &Fp<Self::Params>) -> Self;
    /// self * self.
    fn square(&self) -> Self;
    /// self + self.
    fn double(&self) -> Self;
    /// self / 2.
    fn half(&self) -> Self;
    /// self * k for a small public constant k.
    fn mul_small(&self, k: u64) -> Self;
    /// ka * a + kb * b for small public signed constants, |ka| + |kb| < 2^16.
    fn small_lincomb(a: &Self, ka: i64, b: &Self, kb: i64) -> Self;
    /// Constant-time inverse; the inverse of 0 is 0.
    fn inv(&self) -> Self;
    /// Variable-time inverse (public values); `None` if an element is 0.
    fn inv_vartime(&self) -> Option<Self>;
    /// !0 where equal, 0 elsewhere.
    fn ct_eq_mask(&self, other: &Self) -> Self::Mask;
    /// `self` where mask = 0, `other` where mask = !0.
    fn select(&self, other: &Self, mask: Self::Mask) -> Self;

    /// a + b without reduction (below 2p): only an operand of [`BaseField::mul_wide_into`].
    fn add_unreduced(&self, b: &Self) -> Self;
    /// a - b + p without reduction (below 2p): only an operand of [`BaseField::mul_wide_into`].
    fn sub_unreduced(&self, b: &Self) -> Self;
    /// A double-width zero (the starting value of [`BaseField::mul_wide_into`]'s output).
    const WIDE_ZERO: Self::Wide;
    /// The double-width product of two (possibly unreduced) operands, written in place: the next
    /// step reads the words where they were stored (measured faster than returning them).
    fn mul_wide_into(&self, b: &Self, out: &mut Self::Wide);
    /// The Montgomery reduction of a double-width value.
    fn reduce_wide(w: &Self::Wide) -> Self;
    /// a + b modulo p * 2^(64N).
    fn wide_add(a: &Self::Wide, b: &Self::Wide) -> Self::Wide;
    /// a - b modulo p * 2^(64N).
    fn wide_sub(a: &Self::Wide, b: &Self::Wide) -> Self::Wide;
    /// a - b for a >= b (no modular correction).
    fn wide_sub_nonneg(a: &Self::Wide, b: &Self::Wide) -> Self::Wide;
    /// ka * a + kb * b modulo p * 2^(64N) for small public signed constants.
    fn wide_lincomb(a: &Self::Wide, ka: i64, b: &Self::Wide, kb: i64) -> Self::Wide;
}

/// Whether a + b (a, b < p) fits N limbs with room for (a0+a1)(b0+b1) < 4p^2 < p*2^(64N), and the
/// backends have fast double-width primitives for this size.
pub(crate) const fn lazy_reduction_applies<F: FpParams>() -> bool {
    let n = <F::Limbs as Limbs>::N;
    (n == 4 || n == 6) && F::BITS as usize <= 64 * n - 2
}

impl<F: FpParams> BaseField for Fp<F> {
    type Params = F;
    type Mask = u64;
    type Wide = Wide<F::Limbs>;
    const ZERO: Self = Fp::ZERO;
    const ONE: Self = Fp::ONE;
    const LAZY: bool = lazy_reduction_applies::<F>();
    const MUL_UNREDUCED_LEFT: bool = lazy_reduction_applies::<F>();

    #[inline(always)]
    fn splat(x: &Fp<F>) -> Self {
        *x
    }
    #[inline(always)]
    fn square(&self) -> Self {
        Fp::square(self)
    }
    #[inline(always)]
    fn double(&self) -> Self {
        Fp::double(self)
    }
    #[inline(always)]
    fn half(&self) -> Self {
        Fp::half(self)
    }
    #[inline(always)]
    fn mul_small(&self, k: u64) -> Self {
        Fp::mul_small(self, k)
    }
    #[inline(always)]
    fn small_lincomb(a: &Self, ka: i64, b: &Self, kb: i64) -> Self {
        Fp::small_lincomb(a, ka, b, kb)
    }
    fn inv(&self) -> Self {
        Fp::inv(self)
    }
    fn inv_vartime(&self) -> Option<Self> {
        Fp::inv_vartime(self)
    }
    #[inline(always)]
    fn ct_eq_mask(&self, other: &Self) -> u64 {
        Fp::ct_eq_mask(self, other)
    }
    #[inline(always)]
    fn select(&self, other: &Self, mask: u64) -> Self {
        Fp::select(self, other, mask)
    }

    #[inline(always)]
    fn add_unreduced(&self, b: &Self) -> Self {
        Fp::from_mont(self.mont.add_nored(&b.mont))
    }
    #[inline(always)]
    fn sub_unreduced(&self, b: &Self) -> Self {
        let p = F::MODULUS;
        Fp::from_mont(self.mont.add_nored(&p).sub_borrow(&b.mont, 0).0)
    }
    const WIDE_ZERO: Self::Wide = (<F::Limbs as Limbs>::ZERO, <F::Limbs as Limbs>::ZERO);
    #[inline(always)]
    fn mul_wide_into(&self, b: &Self, out: &mut Self::Wide) {
        self.mont
            .mul_wide_into::<F::Backend>(&b.mont, &mut out.0, &mut out.1);
    }
    #[inline(always)]
    fn reduce_wide(w: &Self::Wide) -> Self {
        let p = F::MODULUS;
        Fp::from_mont(F::Limbs::reduce_wide::<F::Backend>(&w.0, &w.1, &p, F::INV))
    }
    #[inline(always)]
    fn wide_add(a: &Self::Wide, b: &Self::Wide) -> Self::Wide {
        let p = F::MODULUS;
        wide_add_mod(a, b, &p)
    }
    #[inline(always)]
    fn wide_sub(a: &Self::Wide, b: &Self::Wide) -> Self::Wide {
        let p = F::MODULUS;
        wide_sub_mod(a, b, &p)
    }
    #[inline(always)]
    fn wide_sub_nonneg(a: &Self::Wide, b: &Self::Wide) -> Self::Wide {
        wide_sub(a, b).0
    }
    #[inline(always)]
    fn wide_lincomb(a: &Self::Wide, ka: i64, b: &Self::Wide, kb: i64) -> Self::Wide {
        let p = F::MODULUS;
        F::Limbs::small_lincomb_wide_mod(a, ka, b, kb, &p)
    }
}
