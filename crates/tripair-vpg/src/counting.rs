//! An operation-counting base field: [`CountingFp`] wraps tripair's `Fp` and counts, per thread,
//! every base-field operation the unchanged tower, Miller-loop driver and final exponentiation
//! perform. [`count_pairing`] runs one optimal-ate pairing through `pairing::drive` and
//! `final_exponentiation_in` on it and returns the counts (and the value, to check it).

use core::cell::Cell;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use tripair::curve::{G1Affine, G2Affine, PairingCurve};
use tripair::field::{BaseField, Fp, Fp12, Fp2, Fp6, FpParams, TowerKernels};
use tripair::pairing::{
    drive, final_exponentiation_in, MillerSchedule, PreparedG1, ProjectiveLines,
};

/// Base-field operation counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpCounts {
    /// Multiplications (reduced).
    pub mul: u64,
    /// Squarings.
    pub sqr: u64,
    /// Double-width products without reduction (lazy reduction).
    pub mul_wide: u64,
    /// Montgomery reductions of double-width values.
    pub reduce: u64,
    /// Additions, subtractions, negations, doublings, halvings, small multiples, and their
    /// unreduced and double-width forms.
    pub add: u64,
    /// Inversions.
    pub inv: u64,
}

impl OpCounts {
    /// Multiplication-equivalents: M + S + (double-width products + reductions) / 2 (a lazy
    /// product plus its share of a reduction is one multiplication).
    pub fn mul_equivalents(&self) -> f64 {
        self.mul as f64 + self.sqr as f64 + (self.mul_wide + self.reduce) as f64 / 2.0
    }
}

thread_local! {
    static COUNTS: Cell<OpCounts> = const { Cell::new(OpCounts { mul: 0, sqr: 0, mul_wide: 0, reduce: 0, add: 0, inv: 0 }) };
}

fn bump(f: impl FnOnce(&mut OpCounts)) {
    COUNTS.with(|c| {
        let mut v = c.get();
        f(&mut v);
        c.set(v);
    });
}

/// The counts of this thread so far.
pub fn counts() -> OpCounts {
    COUNTS.with(|c| c.get())
}

/// Sets this thread's counts to zero.
pub fn reset_counts() {
    COUNTS.with(|c| c.set(OpCounts::default()));
}

/// An element of F_p whose operations are counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CountingFp<P: FpParams>(pub Fp<P>);

macro_rules! counted_binop {
    ($tr:ident $m:ident $atr:ident $am:ident, $field:ident) => {
        impl<P: FpParams> $tr for CountingFp<P> {
            type Output = Self;
            fn $m(self, r: Self) -> Self {
                bump(|c| c.$field += 1);
                CountingFp(self.0.$m(r.0))
            }
        }
        impl<P: FpParams> $atr for CountingFp<P> {
            fn $am(&mut self, r: Self) {
                *self = self.$m(r);
            }
        }
    };
}
counted_binop!(Add add AddAssign add_assign, add);
counted_binop!(Sub sub SubAssign sub_assign, add);
counted_binop!(Mul mul MulAssign mul_assign, mul);

impl<P: FpParams> Neg for CountingFp<P> {
    type Output = Self;
    fn neg(self) -> Self {
        bump(|c| c.add += 1);
        CountingFp(-self.0)
    }
}

type WideOf<P> = <Fp<P> as BaseField>::Wide;

impl<P: FpParams> BaseField for CountingFp<P> {
    type Params = P;
    type Mask = u64;
    type Wide = WideOf<P>;
    const ZERO: Self = CountingFp(Fp::ZERO);
    const ONE: Self = CountingFp(Fp::ONE);
    const LAZY: bool = <Fp<P> as BaseField>::LAZY;

    fn splat(x: &Fp<P>) -> Self {
        CountingFp(*x)
    }
    fn square(&self) -> Self {
        bump(|c| c.sqr += 1);
        CountingFp(BaseField::square(&self.0))
    }
    fn double(&self) -> Self {
        bump(|c| c.add += 1);
        CountingFp(BaseField::double(&self.0))
    }
    fn half(&self) -> Self {
        bump(|c| c.add += 1);
        CountingFp(BaseField::half(&self.0))
    }
    fn mul_small(&self, k: u64) -> Self {
        bump(|c| c.add += 1);
        CountingFp(BaseField::mul_small(&self.0, k))
    }
    fn small_lincomb(a: &Self, ka: i64, b: &Self, kb: i64) -> Self {
        bump(|c| c.add += 1);
        CountingFp(<Fp<P> as BaseField>::small_lincomb(&a.0, ka, &b.0, kb))
    }
    fn inv(&self) -> Self {
        bump(|c| c.inv += 1);
        CountingFp(BaseField::inv(&self.0))
    }
    fn inv_vartime(&self) -> Option<Self> {
        bump(|c| c.inv += 1);
        BaseField::inv_vartime(&self.0).map(CountingFp)
    }
    fn ct_eq_mask(&self, o: &Self) -> u64 {
        BaseField::ct_eq_mask(&self.0, &o.0)
    }
    fn select(&self, o: &Self, m: u64) -> Self {
        CountingFp(BaseField::select(&self.0, &o.0, m))
    }
    fn add_unreduced(&self, b: &Self) -> Self {
        bump(|c| c.add += 1);
        CountingFp(self.0.add_unreduced(&b.0))
    }
    fn sub_unreduced(&self, b: &Self) -> Self {
        bump(|c| c.add += 1);
        CountingFp(self.0.sub_unreduced(&b.0))
    }
    const WIDE_ZERO: Self::Wide = <Fp<P> as BaseField>::WIDE_ZERO;
    fn mul_wide_into(&self, b: &Self, out: &mut Self::Wide) {
        bump(|c| c.mul_wide += 1);
        self.0.mul_wide_into(&b.0, out)
    }
    fn reduce_wide(w: &Self::Wide) -> Self {
        bump(|c| c.reduce += 1);
        CountingFp(<Fp<P> as BaseField>::reduce_wide(w))
    }
    fn wide_add(a: &Self::Wide, b: &Self::Wide) -> Self::Wide {
        bump(|c| c.add += 1);
        <Fp<P> as BaseField>::wide_add(a, b)
    }
    fn wide_sub(a: &Self::Wide, b: &Self::Wide) -> Self::Wide {
        bump(|c| c.add += 1);
        <Fp<P> as BaseField>::wide_sub(a, b)
    }
    fn wide_sub_nonneg(a: &Self::Wide, b: &Self::Wide) -> Self::Wide {
        bump(|c| c.add += 1);
        <Fp<P> as BaseField>::wide_sub_nonneg(a, b)
    }
    fn wide_lincomb(a: &Self::Wide, ka: i64, b: &Self::Wide, kb: i64) -> Self::Wide {
        bump(|c| c.add += 1);
        <Fp<P> as BaseField>::wide_lincomb(a, ka, b, kb)
    }
}

/// The tower's own formulas, so that every F_p operation they make is counted.
impl<P: FpParams> TowerKernels for CountingFp<P> {}

fn lift2<C: PairingCurve>(x: &Fp2<C>) -> Fp2<C, CountingFp<C::Fp>> {
    Fp2::new(CountingFp(x.c0), CountingFp(x.c1))
}

fn lower2<C: PairingCurve>(x: &Fp2<C, CountingFp<C::Fp>>) -> Fp2<C> {
    Fp2::new(x.c0.0, x.c1.0)
}

fn lower6<C: PairingCurve>(x: &Fp6<C, CountingFp<C::Fp>>) -> Fp6<C> {
    Fp6::new(lower2(&x.c0), lower2(&x.c1), lower2(&x.c2))
}

/// The pairing e(p, q) through the generic driver (optimal ate, projective lines) and the
/// generic final exponentiation on [`CountingFp`]: the value and the counts of the Miller loop
/// and of the final exponentiation.
pub fn count_pairing<C: PairingCurve>(
    p: &G1Affine<C>,
    q: &G2Affine<C>,
) -> (Fp12<C>, OpCounts, OpCounts) {
    let pp = PreparedG1::new(CountingFp(p.x()), CountingFp(p.y()));
    let qq = (lift2::<C>(&q.x()), lift2::<C>(&q.y()));
    reset_counts();
    let mut source = ProjectiveLines::<C, CountingFp<C::Fp>>::new([(pp, qq)]);
    let f = drive(&MillerSchedule::optimal_ate::<C>(), &mut source);
    let miller = counts();
    reset_counts();
    let g = final_exponentiation_in(&f);
    let fe = counts();
    (Fp12::new(lower6(&g.c0), lower6(&g.c1)), miller, fe)
}
