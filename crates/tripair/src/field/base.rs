//! The base field of the tower: what F_p2, F_p6, F_p12, the Miller loop and the final
//! exponentiation need from F_p, as one trait. [`Fp`] implements it; so can any other
//! representation of F_p (several elements side by side in SIMD lanes, floating-point
//! coefficients, an operation counter), and the unchanged tower then runs on it.

use super::fp::{Fp, FpParams};
use super::fp12::{square_bc, Fp12};
use super::fp2::{Fp2, TowerParams};
use super::fp6::Fp6;
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
    /// Whether any number of wide values may be added and subtracted before one reduction (wide
    /// arithmetic modulo p * 2^(64N)), so that F_p12 products can sum whole unreduced F_p6
    /// products as well. A representation with bounded coefficients (F_p as doubles, whose bounds
    /// checker rejects those longer sums) keeps the default, false.
    const LAZY_UNBOUNDED_SUMS: bool = false;
    /// Whether `a * b` is exact for a left operand from [`BaseField::add_unreduced`] (below 2p)
    /// and a reduced right operand: true for Montgomery products whose final subtraction follows
    /// from b < p alone (CIOS: t < p (a/R + 1) < 2p for any a < R). Where [`BaseField::LAZY`]
    /// holds as well (p < R/4), b may come from [`BaseField::sub_unreduced`] (below 2p): then
    /// t < 4p^2/R + p < 2p.
    const MUL_UNREDUCED_LEFT: bool = false;
    /// Whether [`BaseField::fp2_mul_wide`] is exact for factors whose coefficients come from
    /// [`BaseField::add_unreduced`] (below 2p): its own sums stay below 4p and its wide outputs
    /// below 8p^2 < p * 2^(64N), which needs p < 2^(64N-3) (bls12-381's 381 bits in 6 limbs).
    /// The F_p6 products then skip the modular reduction of their Karatsuba sums.
    const LAZY_UNREDUCED_FACTORS: bool = false;
    /// Whether [`BaseField::mul_batch`] computes its products side by side (digit slicing,
    /// implementation D of Grabher–Großschädl–Page 2008): the tower then gathers the independent
    /// F_p products of each F_p6 and F_p12 product, square and line product into one call.
    const SLICED: bool = false;

    /// `out[k] = a[k] * b[k]` for every k (slices of one length). The default multiplies one pair
    /// at a time; a sliced field computes them side by side.
    #[inline(always)]
    fn mul_batch(a: &[Self], b: &[Self], out: &mut [Self]) {
        debug_assert!(a.len() == b.len() && b.len() == out.len());
        for ((x, y), o) in a.iter().zip(b).zip(out.iter_mut()) {
            *o = *x * *y;
        }
    }

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

    /// The F_p2 product (a0 + a1 u)(b0 + b1 u) with u^2 = -1 before reduction:
    /// (a0 b0 - a1 b1, a0 b1 + a1 b0) as two wide values. Called by the tower only where
    /// [`BaseField::LAZY`] holds and beta = -1. The default is Karatsuba on the operations above
    /// (3 double-width products; Aranha–Karabina–Longa–Gebotys–López, EUROCRYPT 2011, Section 3);
    /// a representation may instead compute the whole F_p2 product in one kernel.
    #[inline(always)]
    fn fp2_mul_wide(a0: &Self, a1: &Self, b0: &Self, b1: &Self) -> (Self::Wide, Self::Wide) {
        let (mut t0, mut t1, mut t2) = (Self::WIDE_ZERO, Self::WIDE_ZERO, Self::WIDE_ZERO);
        a0.mul_wide_into(b0, &mut t0);
        a1.mul_wide_into(b1, &mut t1);
        let (sa, sb) = (a0.add_unreduced(a1), b0.add_unreduced(b1));
        sa.mul_wide_into(&sb, &mut t2);
        // c1 = t2 - t0 - t1 = a0 b1 + a1 b0 < 2p^2: never negative.
        let c1 = Self::wide_sub_nonneg(&Self::wide_sub_nonneg(&t2, &t0), &t1);
        // c0 = t0 - t1 modulo p*2^(64N) (t0, t1 < p^2 have high halves below p).
        let c0 = Self::wide_sub(&t0, &t1);
        (c0, c1)
    }

    /// The F_p2 square (a0 + a1 u)^2 with u^2 = -1 before reduction: (a0 + a1)(a0 - a1 + p) and
    /// 2 a0 a1, with unreduced factors below 2p, so each product is below 4p^2 < p*2^(64N).
    /// Same conditions as [`BaseField::fp2_mul_wide`].
    #[inline(always)]
    fn fp2_square_wide(a0: &Self, a1: &Self) -> (Self::Wide, Self::Wide) {
        let s = a0.add_unreduced(a1);
        let d = a0.sub_unreduced(a1);
        let dbl = a0.add_unreduced(a0);
        // Two separate halves, moved into the result: building the whole value in place and
        // returning it made LLVM copy it out with a memmove call (measured 20% slower).
        let (mut c0, mut c1) = (Self::WIDE_ZERO, Self::WIDE_ZERO);
        s.mul_wide_into(&d, &mut c0);
        dbl.mul_wide_into(a1, &mut c1);
        (c0, c1)
    }

    /// Whether reduced F_p2 products and squares should go through [`BaseField::fp2_mul_into`]
    /// and [`BaseField::fp2_square_into`] (whole-F_p2 kernels, for representations whose
    /// per-operation cost is high: several elements in SIMD lanes, F_p as doubles) rather than the
    /// tower's own formulas (which use [`BaseField::fp2_mul_wide`] and two reductions where lazy
    /// reduction applies).
    const FP2_KERNELS: bool = false;
    /// (c0, c1) = (a0 + a1 u)(b0 + b1 u) with u^2 = beta (a small constant). The default is
    /// Karatsuba on the operations above.
    fn fp2_mul_into(a: [&Self; 2], b: [&Self; 2], beta: i64, c0: &mut Self, c1: &mut Self) {
        fp2_mul_formula(a, b, beta, c0, c1);
    }
    /// (c0, c1) = (a0 + a1 u)^2 with u^2 = beta. The default: a0^2 + beta a1^2 and 2 a0 a1.
    fn fp2_square_into(a: [&Self; 2], beta: i64, c0: &mut Self, c1: &mut Self) {
        fp2_square_formula(a, beta, c0, c1);
    }

    /// The F_p6 product. The default is the tower's own formula ([`Fp6::mul_formula`]); a
    /// representation whose per-operation cost is high (SIMD lanes, where each call and each copy
    /// of an intermediate value is costly) computes the whole product in one kernel.
    #[inline(always)]
    fn fp6_mul<T: TowerParams<Fp = Self::Params>>(
        a: &Fp6<T, Self>,
        b: &Fp6<T, Self>,
    ) -> Fp6<T, Self> {
        a.mul_formula(b)
    }
    /// The F_p12 product in one kernel where the representation has one; `None` (the default)
    /// where the tower's formula ([`Fp12::mul_formula`]) runs.
    #[inline(always)]
    fn fp12_mul<T: TowerParams<Fp = Self::Params>>(
        _a: &Fp12<T, Self>,
        _b: &Fp12<T, Self>,
    ) -> Option<Fp12<T, Self>> {
        None
    }
    /// f <- f * l for a sparse line l: D-type (`m_type` false) l = a + (b + c v) w
    /// ([`Fp12::mul_by_line_d`]), M-type l = (a + b v) + (c v) w ([`Fp12::mul_by_line_m`]), with
    /// `line` = [a, b, c]. The tower's formulas unless the representation has one kernel for it.
    #[inline(always)]
    fn fp12_mul_by_line_assign<T: TowerParams<Fp = Self::Params>>(
        f: &mut Fp12<T, Self>,
        line: [&Fp2<T, Self>; 3],
        m_type: bool,
    ) {
        let [a, b, c] = line;
        *f = if m_type {
            f.mul_by_line_m(a, b, c)
        } else {
            f.mul_by_line_d(a, b, c)
        };
    }
    /// f <- f^2 in F_p12: the tower's formula ([`Fp12::square_formula`]) unless the representation
    /// has one kernel for it.
    #[inline(always)]
    fn fp12_square_assign<T: TowerParams<Fp = Self::Params>>(f: &mut Fp12<T, Self>) {
        *f = f.square_formula();
    }
    /// (a0 + a1 s)^2 in F_p4 = F_p2\[s\]/(s^2 - xi), three of which make a cyclotomic square: the
    /// tower's formula (`fp12::fp4_square_formula`) unless the representation has one kernel for
    /// it (the same carries on the same values, without the copies between the tower's steps).
    #[inline(always)]
    fn fp4_square<T: TowerParams<Fp = Self::Params>>(
        a0: &Fp2<T, Self>,
        a1: &Fp2<T, Self>,
    ) -> (Fp2<T, Self>, Fp2<T, Self>) {
        super::fp12::fp4_square_formula(a0, a1)
    }
    /// The cyclotomic square of F_p12 (Granger–Scott): the tower's formula
    /// ([`Fp12::cyclotomic_square_formula`]) unless the representation has one kernel for it.
    #[inline(always)]
    fn fp12_cyclotomic_square<T: TowerParams<Fp = Self::Params>>(
        f: &Fp12<T, Self>,
    ) -> Fp12<T, Self> {
        f.cyclotomic_square_formula()
    }
    /// The square of Karabina's compressed form [e1, e2, e4, e5]: the tower's formula
    /// (`fp12::square_bc`) unless the representation has one kernel for it.
    #[inline(always)]
    fn compressed_cyclotomic_square<T: TowerParams<Fp = Self::Params>>(
        e: &[Fp2<T, Self>; 4],
    ) -> [Fp2<T, Self>; 4] {
        square_bc(e)
    }
    /// `emit(k, c^(2^k))` in Karabina's compressed form for each k of `at` (ascending), along one
    /// chain computed in another representation where this base field has one that pays; false
    /// (the default, nothing emitted) where it has not, and the caller squares with
    /// [`BaseField::compressed_cyclotomic_square`].
    fn compressed_square_chain<T: TowerParams<Fp = Self::Params>>(
        _c: &[Fp2<T, Self>; 4],
        _at: &[usize],
        _emit: &mut dyn FnMut(usize, [Fp2<T, Self>; 4]),
    ) -> bool {
        false
    }
    /// `emit(k, f^(2^k))` for each k of `at` (ascending) along one chain of cyclotomic squares
    /// computed in another representation where this base field has one that pays, the chain
    /// staying there between the powers; false (the default, nothing emitted) where it has not.
    fn cyclotomic_square_chain<T: TowerParams<Fp = Self::Params>>(
        _f: &Fp12<T, Self>,
        _at: &[usize],
        _emit: &mut dyn FnMut(usize, Fp12<T, Self>),
    ) -> bool {
        false
    }
}

/// (c0, c1) = (a0 + a1 u)(b0 + b1 u) with u^2 = beta, by Karatsuba on the base field's own
/// operations: the default of [`BaseField::fp2_mul_into`], and the fallback of kernels written for
/// one beta only.
#[doc(hidden)]
#[inline(always)]
pub fn fp2_mul_formula<F: BaseField>(a: [&F; 2], b: [&F; 2], beta: i64, c0: &mut F, c1: &mut F) {
    let v0 = *a[0] * *b[0];
    let v1 = *a[1] * *b[1];
    *c1 = (*a[0] + *a[1]) * (*b[0] + *b[1]) - v0 - v1;
    *c0 = F::small_lincomb(&v0, 1, &v1, beta);
}

/// (c0, c1) = (a0 + a1 u)^2 with u^2 = beta: a0^2 + beta a1^2 and 2 a0 a1 (the default of
/// [`BaseField::fp2_square_into`], and the fallback of kernels written for one beta only).
#[doc(hidden)]
#[inline(always)]
pub fn fp2_square_formula<F: BaseField>(a: [&F; 2], beta: i64, c0: &mut F, c1: &mut F) {
    *c1 = (*a[0] * *a[1]).double();
    *c0 = F::small_lincomb(&a[0].square(), 1, &a[1].square(), beta);
}

/// Whether a + b (a, b < p) fits N limbs with room for (a0+a1)(b0+b1) < 4p^2 < p*2^(64N), and the
/// backends have fast double-width primitives for this size.
const fn lazy_reduction_applies<F: FpParams>() -> bool {
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
    const LAZY_UNBOUNDED_SUMS: bool = true;
    const MUL_UNREDUCED_LEFT: bool = lazy_reduction_applies::<F>();
    const LAZY_UNREDUCED_FACTORS: bool =
        lazy_reduction_applies::<F>() && F::BITS as usize + 3 <= 64 * <F::Limbs as Limbs>::N;
    const SLICED: bool = <F::Backend as crate::arith::Backend>::SLICED;

    /// Digit-sliced in AVX-512 IFMA lanes ([`super::lanes::compressed_square_chain`]: two lane
    /// products per square instead of twelve scalar ones) on the default backend where the CPU
    /// has IFMA, for u^2 = -1 and xi = 1 + u (bls12-381); None elsewhere, so the portable rows
    /// and other backends stay scalar.
    fn compressed_square_chain<T: TowerParams<Fp = F>>(
        c: &[Fp2<T, Self>; 4],
        at: &[usize],
        emit: &mut dyn FnMut(usize, [Fp2<T, Self>; 4]),
    ) -> bool {
        use super::lanes::LaneBackend;
        use super::lanes::{
            compressed_square_chain_with, sliced_compressed_squares_apply, IfmaLanes,
        };
        let default_backend = crate::arith::is_default_backend::<F::Backend>();
        if T::BETA != -1
            || T::XI != (1, 1)
            || !default_backend
            || !IfmaLanes::active()
            || !sliced_compressed_squares_apply::<F>()
        {
            return false;
        }
        let coeffs = c.map(|x| [x.c0, x.c1]);
        compressed_square_chain_with::<F, IfmaLanes>(&coeffs, at, |k, v| {
            emit(k, v.map(|[a, b]| Fp2::new(a, b)));
        });
        true
    }

    /// Digit-sliced in AVX-512 IFMA lanes ([`super::lanes::cyclotomic_square_chain`]: three lane
    /// products per square instead of eighteen scalar F_p2 products' worth) on the default backend
    /// where the CPU has IFMA, for u^2 = -1 and xi = xi0 + xi1 u with xi0, xi1 >= 0 (bn254's 9 + u
    /// among them); false elsewhere.
    fn cyclotomic_square_chain<T: TowerParams<Fp = F>>(
        f: &Fp12<T, Self>,
        at: &[usize],
        emit: &mut dyn FnMut(usize, Fp12<T, Self>),
    ) -> bool {
        use super::fp6::Fp6;
        use super::lanes::LaneBackend;
        use super::lanes::{cyclotomic_square_chain, sliced_cyclotomic_squares_apply, IfmaLanes};
        let default_backend = crate::arith::is_default_backend::<F::Backend>();
        if T::BETA != -1
            || !default_backend
            || !IfmaLanes::active()
            || !sliced_cyclotomic_squares_apply::<F>(T::XI)
        {
            return false;
        }
        let e = [f.c0.c0, f.c1.c0, f.c0.c1, f.c1.c1, f.c0.c2, f.c1.c2].map(|x| [x.c0, x.c1]);
        cyclotomic_square_chain::<F, IfmaLanes>(&e, at, T::XI, |k, v| {
            let [e0, e1, e2, e3, e4, e5] = v.map(|[a, b]| Fp2::new(a, b));
            emit(k, Fp12::new(Fp6::new(e0, e2, e4), Fp6::new(e1, e3, e5)));
        });
        true
    }

    #[inline(always)]
    fn mul_batch(a: &[Self], b: &[Self], out: &mut [Self]) {
        if Self::SLICED {
            super::lanes::mul_sliced::<F, super::lanes::IfmaLanes>(a, b, out);
        } else {
            for ((x, y), o) in a.iter().zip(b).zip(out.iter_mut()) {
                *o = *x * *y;
            }
        }
    }

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
