//! The tower's kernels: the F_p2, F_p4, F_p6 and F_p12 operations a representation of F_p may
//! compute in one kernel of its own instead of the tower's formulas (several elements in SIMD
//! lanes, F_p as doubles, digit-sliced products). [`TowerKernels`]'s defaults are those formulas
//! (`fp2`, `fp6`, `fp12`); a representation that has faster kernels overrides them in its own
//! file, and one that has none implements the trait with an empty body.

use super::base::BaseField;
use super::fp12::{square_bc, Fp12};
use super::fp2::{Fp2, TowerParams};
use super::fp6::Fp6;

/// The tower's operations over a base field, as kernels that default to the tower's formulas.
/// The tower types and everything above them (curves, pairings) run on a base field through this
/// trait, so that a representation's own kernels are the ones that run (static dispatch).
pub trait TowerKernels: BaseField {
    /// Whether any number of wide values may be added and subtracted before one reduction (wide
    /// arithmetic modulo p * 2^(64N)), so that F_p12 products can sum whole unreduced F_p6
    /// products as well. A representation with bounded coefficients (F_p as doubles, whose bounds
    /// checker rejects those longer sums) keeps the default, false.
    const LAZY_UNBOUNDED_SUMS: bool = false;
    /// Whether [`TowerKernels::fp2_mul_wide`] is exact for factors whose coefficients come from
    /// [`BaseField::add_unreduced`] (below 2p): its own sums stay below 4p and its wide outputs
    /// below 8p^2 < p * 2^(64N), which needs p < 2^(64N-3) (bls12-381's 381 bits in 6 limbs).
    /// The F_p6 products then skip the modular reduction of their Karatsuba sums.
    const LAZY_UNREDUCED_FACTORS: bool = false;
    /// Whether [`TowerKernels::mul_batch`] computes its products side by side (digit slicing,
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

    /// The F_p2 product (a0 + a1 u)(b0 + b1 u) with u^2 = -1 before reduction:
    /// (a0 b0 - a1 b1, a0 b1 + a1 b0) as two wide values. Called by the tower only where
    /// [`BaseField::LAZY`] holds and beta = -1. The default is Karatsuba on the operations above
    /// (3 double-width products; Aranha–Karabina–Longa–Gebotys–López, EUROCRYPT 2011, Section 3);
    /// a representation may instead compute the whole F_p2 product in one kernel.
    #[inline(always)]
    fn fp2_mul_wide(a0: &Self, a1: &Self, b0: &Self, b1: &Self) -> (Self::Wide, Self::Wide) {
        fp2_mul_wide_karatsuba(a0, a1, b0, b1)
    }

    /// The F_p2 square (a0 + a1 u)^2 with u^2 = -1 before reduction: (a0 + a1)(a0 - a1 + p) and
    /// 2 a0 a1, with unreduced factors below 2p, so each product is below 4p^2 < p*2^(64N).
    /// Same conditions as [`TowerKernels::fp2_mul_wide`].
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

    /// Whether reduced F_p2 products and squares should go through [`TowerKernels::fp2_mul_into`]
    /// and [`TowerKernels::fp2_square_into`] (whole-F_p2 kernels, for representations whose
    /// per-operation cost is high: several elements in SIMD lanes, F_p as doubles) rather than the
    /// tower's own formulas (which use [`TowerKernels::fp2_mul_wide`] and two reductions where lazy
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
    /// f <- f * l for a sparse line l: D-type (`M_TYPE` false) l = a + (b + c v) w
    /// ([`Fp12::mul_by_line_d`]), M-type l = (a + b v) + (c v) w ([`Fp12::mul_by_line_m`]), with
    /// `line` = [a, b, c]. The tower's formulas unless the representation has one kernel for it.
    /// The twist type is a constant of the call, so that a kernel is compiled only for the type
    /// its curves use (the lane kernels are among the largest functions of the library).
    #[inline(always)]
    fn fp12_mul_by_line_assign<T: TowerParams<Fp = Self::Params>, const M_TYPE: bool>(
        f: &mut Fp12<T, Self>,
        line: [&Fp2<T, Self>; 3],
    ) {
        let [a, b, c] = line;
        *f = if M_TYPE {
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
    /// `emit(k, f^(2^k))` for each k of `at` (ascending) along one chain of cyclotomic squares
    /// computed by one kernel of the representation where it has one (each run one call on one
    /// value in place); false (the default, nothing emitted) where it has not, and the caller
    /// squares with [`TowerKernels::fp12_cyclotomic_square`]. Where the chain runs in another
    /// representation (the scalar field's in SIMD lanes) is the caller's choice, not a kernel
    /// (`super::fp12::SquareChains`).
    fn cyclotomic_square_chain<T: TowerParams<Fp = Self::Params>>(
        _f: &Fp12<T, Self>,
        _at: &[usize],
        _emit: &mut dyn FnMut(usize, Fp12<T, Self>),
    ) -> bool {
        false
    }
}

/// (c0, c1) = (a0 + a1 u)(b0 + b1 u) with u^2 = beta, by Karatsuba on the base field's own
/// operations: the default of [`TowerKernels::fp2_mul_into`], and the fallback of kernels written for
/// one beta only.
#[inline(always)]
#[doc(hidden)]
pub fn fp2_mul_formula<F: BaseField>(a: [&F; 2], b: [&F; 2], beta: i64, c0: &mut F, c1: &mut F) {
    let v0 = *a[0] * *b[0];
    let v1 = *a[1] * *b[1];
    *c1 = (*a[0] + *a[1]) * (*b[0] + *b[1]) - v0 - v1;
    *c0 = F::small_lincomb(&v0, 1, &v1, beta);
}

/// (c0, c1) = (a0 + a1 u)^2 with u^2 = beta: a0^2 + beta a1^2 and 2 a0 a1 (the default of
/// [`TowerKernels::fp2_square_into`], and the fallback of kernels written for one beta only).
#[inline(always)]
#[doc(hidden)]
pub fn fp2_square_formula<F: BaseField>(a: [&F; 2], beta: i64, c0: &mut F, c1: &mut F) {
    *c1 = (*a[0] * *a[1]).double();
    *c0 = F::small_lincomb(&a[0].square(), 1, &a[1].square(), beta);
}

/// The default of [`TowerKernels::fp2_mul_wide`]: Karatsuba on [`BaseField`]'s wide operations.
#[inline(always)]
pub(crate) fn fp2_mul_wide_karatsuba<F: BaseField>(
    a0: &F,
    a1: &F,
    b0: &F,
    b1: &F,
) -> (F::Wide, F::Wide) {
    let (mut t0, mut t1, mut t2) = (F::WIDE_ZERO, F::WIDE_ZERO, F::WIDE_ZERO);
    a0.mul_wide_into(b0, &mut t0);
    a1.mul_wide_into(b1, &mut t1);
    let (sa, sb) = (a0.add_unreduced(a1), b0.add_unreduced(b1));
    sa.mul_wide_into(&sb, &mut t2);
    fp2_karatsuba_combine::<F>(&t0, &t1, &t2)
}

/// The F_p2 product's two wide coefficients from its Karatsuba products t0 = a0 b0, t1 = a1 b1
/// and t2 = (a0 + a1)(b0 + b1), however they were computed.
#[inline(always)]
pub(crate) fn fp2_karatsuba_combine<F: BaseField>(
    t0: &F::Wide,
    t1: &F::Wide,
    t2: &F::Wide,
) -> (F::Wide, F::Wide) {
    // c1 = t2 - t0 - t1 = a0 b1 + a1 b0 < 2p^2: never negative.
    let c1 = F::wide_sub_nonneg(&F::wide_sub_nonneg(t2, t0), t1);
    // c0 = t0 - t1 modulo p*2^(64N) (t0, t1 < p^2 have high halves below p).
    let c0 = F::wide_sub(t0, t1);
    (c0, c1)
}
