//! `F_p6 = F_p2[v]/(v^3 - xi)`.

use super::fp2::{fp2_batch, Fp2, Fp2Job, Fp2Wide, TowerFp, TowerParams};
use super::kernels::TowerKernels;
use core::ops::{Add, Mul, Neg, Sub};

/// The adjugate (t0, t1, t2) of an F_p6 element and its norm d to F_p2.
type AdjugateAndNorm<T, F> = (Fp2<T, F>, Fp2<T, F>, Fp2<T, F>, Fp2<T, F>);

/// c0 + c1 v + c2 v^2.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Fp6<T: TowerParams, F: TowerKernels<Params = T::Fp> = TowerFp<T>> {
    /// The coefficient of 1.
    pub c0: Fp2<T, F>,
    /// The coefficient of v.
    pub c1: Fp2<T, F>,
    /// The coefficient of v^2.
    pub c2: Fp2<T, F>,
}

impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Fp6<T, F> {
    /// The additive identity 0.
    pub const ZERO: Self = Fp6 {
        c0: Fp2::ZERO,
        c1: Fp2::ZERO,
        c2: Fp2::ZERO,
    };
    /// The multiplicative identity 1.
    pub const ONE: Self = Fp6 {
        c0: Fp2::ONE,
        c1: Fp2::ZERO,
        c2: Fp2::ZERO,
    };

    /// c0 + c1 v + c2 v^2.
    pub const fn new(c0: Fp2<T, F>, c1: Fp2<T, F>, c2: Fp2<T, F>) -> Self {
        Fp6 { c0, c1, c2 }
    }

    /// 2 * self.
    #[inline]
    pub fn double(&self) -> Self {
        Fp6 {
            c0: self.c0.double(),
            c1: self.c1.double(),
            c2: self.c2.double(),
        }
    }

    /// Multiplication by v: (c0, c1, c2) -> (xi c2, c0, c1).
    #[inline]
    pub fn mul_by_v(&self) -> Self {
        Fp6 {
            c0: self.c2.mul_by_xi(),
            c1: self.c0,
            c2: self.c1,
        }
    }

    /// self * k for k in F_p2: 3 multiplications in F_p2.
    #[inline]
    pub fn mul_by_fp2(&self, k: &Fp2<T, F>) -> Self {
        Fp6 {
            c0: self.c0 * *k,
            c1: self.c1 * *k,
            c2: self.c2 * *k,
        }
    }

    /// self * (b0 + b1 v) before reduction (requires [`Fp2::LAZY`]): the coefficients of
    /// [`Fp6::mul_by_01`] as wide values, for callers that combine them further before reducing.
    #[inline]
    pub(crate) fn mul_by_01_wide(&self, b0: &Fp2<T, F>, b1: &Fp2<T, F>) -> [Fp2Wide<T, F>; 3] {
        let v0 = self.c0.mul_wide(b0);
        let v1 = self.c1.mul_wide(b1);
        [
            (self.c1.add_as_factor(&self.c2).mul_wide(b1) - v1).mul_by_xi() + v0,
            self.c0
                .add_as_factor(&self.c1)
                .mul_wide(&b0.add_as_factor(b1))
                - v0
                - v1,
            self.c0.add_as_factor(&self.c2).mul_wide(b0) - v0 + v1,
        ]
    }

    /// The product before reduction (requires [`Fp2::LAZY`]): the coefficients of the Karatsuba
    /// product (the `Mul` impl) as wide values, for callers that combine them further before
    /// reducing.
    #[inline]
    pub(crate) fn mul_wide(&self, b: &Self) -> [Fp2Wide<T, F>; 3] {
        let v0 = self.c0.mul_wide(&b.c0);
        let v1 = self.c1.mul_wide(&b.c1);
        let v2 = self.c2.mul_wide(&b.c2);
        [
            (self
                .c1
                .add_as_factor(&self.c2)
                .mul_wide(&b.c1.add_as_factor(&b.c2))
                - v1
                - v2)
                .mul_by_xi()
                + v0,
            self.c0
                .add_as_factor(&self.c1)
                .mul_wide(&b.c0.add_as_factor(&b.c1))
                - v0
                - v1
                + v2.mul_by_xi(),
            self.c0
                .add_as_factor(&self.c2)
                .mul_wide(&b.c0.add_as_factor(&b.c2))
                - v0
                - v2
                + v1,
        ]
    }

    /// The six F_p2 products of the Karatsuba product self * b (Devegili–Ó hÉigeartaigh–Scott–
    /// Dahab 2006), for [`Fp6::mul_from`]: gathered so that a digit-sliced base field computes
    /// their F_p products side by side ([`fp2_batch`]).
    #[inline(always)]
    pub(crate) fn mul_jobs(&self, b: &Self) -> [Fp2Job<T, F>; 6] {
        let (a, b) = (self, b);
        [
            Fp2Job::Mul(a.c0, b.c0),
            Fp2Job::Mul(a.c1, b.c1),
            Fp2Job::Mul(a.c2, b.c2),
            Fp2Job::Mul(a.c1 + a.c2, b.c1 + b.c2),
            Fp2Job::Mul(a.c0 + a.c1, b.c0 + b.c1),
            Fp2Job::Mul(a.c0 + a.c2, b.c0 + b.c2),
        ]
    }

    /// The product from the results of [`Fp6::mul_jobs`].
    #[inline(always)]
    pub(crate) fn mul_from(v: &[Fp2<T, F>; 6]) -> Self {
        let [v0, v1, v2, x12, x01, x02] = *v;
        Fp6 {
            c0: (x12 - v1 - v2).mul_by_xi() + v0,
            c1: x01 - v0 - v1 + v2.mul_by_xi(),
            c2: x02 - v0 - v2 + v1,
        }
    }

    /// The five F_p2 products of self * (b0 + b1 v), for [`Fp6::mul_by_01_from`].
    #[inline(always)]
    pub(crate) fn mul_by_01_jobs(&self, b0: &Fp2<T, F>, b1: &Fp2<T, F>) -> [Fp2Job<T, F>; 5] {
        [
            Fp2Job::Mul(self.c0, *b0),
            Fp2Job::Mul(self.c1, *b1),
            Fp2Job::Mul(self.c1 + self.c2, *b1),
            Fp2Job::Mul(self.c0 + self.c1, *b0 + *b1),
            Fp2Job::Mul(self.c0 + self.c2, *b0),
        ]
    }

    /// The product from the results of [`Fp6::mul_by_01_jobs`].
    #[inline(always)]
    pub(crate) fn mul_by_01_from(v: &[Fp2<T, F>; 5]) -> Self {
        let [v0, v1, x12, x01, x02] = *v;
        Fp6 {
            c0: (x12 - v1).mul_by_xi() + v0,
            c1: x01 - v0 - v1,
            c2: x02 - v0 + v1,
        }
    }

    /// The three F_p2 products of self * k, k in F_p2 (the result is their vector).
    #[inline(always)]
    pub(crate) fn mul_by_fp2_jobs(&self, k: &Fp2<T, F>) -> [Fp2Job<T, F>; 3] {
        [
            Fp2Job::Mul(self.c0, *k),
            Fp2Job::Mul(self.c1, *k),
            Fp2Job::Mul(self.c2, *k),
        ]
    }

    /// The three F_p2 products of self * (b1 v), for [`Fp6::mul_by_1_from`].
    #[inline(always)]
    pub(crate) fn mul_by_1_jobs(&self, b1: &Fp2<T, F>) -> [Fp2Job<T, F>; 3] {
        [
            Fp2Job::Mul(self.c2, *b1),
            Fp2Job::Mul(self.c0, *b1),
            Fp2Job::Mul(self.c1, *b1),
        ]
    }

    /// The product from the results of [`Fp6::mul_by_1_jobs`].
    #[inline(always)]
    pub(crate) fn mul_by_1_from(v: &[Fp2<T, F>; 3]) -> Self {
        Fp6 {
            c0: v[0].mul_by_xi(),
            c1: v[1],
            c2: v[2],
        }
    }

    /// self * (b0 + b1 v): 5 multiplications in F_p2 (sparse line values).
    #[inline]
    pub fn mul_by_01(&self, b0: &Fp2<T, F>, b1: &Fp2<T, F>) -> Self {
        if Fp2::<T, F>::LAZY && !F::SLICED {
            // As below, with the sums of products reduced once per coefficient.
            let [c0, c1, c2] = self.mul_by_01_wide(b0, b1);
            return Fp6 {
                c0: c0.reduce(),
                c1: c1.reduce(),
                c2: c2.reduce(),
            };
        }
        if F::SLICED {
            return Self::mul_by_01_from(&fp2_batch(&self.mul_by_01_jobs(b0, b1)));
        }
        // Other fields: the formula written out, as before digit slicing (unchanged code for
        // the scalar fields of 7 limbs and more and for the lane field G).
        let v0 = self.c0 * *b0;
        let v1 = self.c1 * *b1;
        let c0 = ((self.c1 + self.c2) * *b1 - v1).mul_by_xi() + v0;
        let c1 = (self.c0 + self.c1) * (*b0 + *b1) - v0 - v1;
        let c2 = (self.c0 + self.c2) * *b0 - v0 + v1;
        Fp6 { c0, c1, c2 }
    }

    /// self * (b1 v): 3 multiplications in F_p2.
    #[inline]
    pub fn mul_by_1(&self, b1: &Fp2<T, F>) -> Self {
        Fp6 {
            c0: (self.c2 * *b1).mul_by_xi(),
            c1: self.c0 * *b1,
            c2: self.c1 * *b1,
        }
    }

    /// The square before reduction (requires [`Fp2::LAZY`]): the coefficients of
    /// [`Fp6::square`] (Chung–Hasan SQR2) as wide values, each handed to `f` with its index as
    /// soon as it is formed (`Fp6::square` reduces them there; the F_p12 norm first subtracts
    /// its other square's coefficient).
    #[inline(always)]
    pub(crate) fn square_wide_then<R>(
        &self,
        mut f: impl FnMut(usize, Fp2Wide<T, F>) -> R,
    ) -> [R; 3] {
        let s0 = self.c0.square_wide();
        let s1 = self.c0.mul_wide(&self.c1).double();
        let s2 = (self.c0 - self.c1 + self.c2).square_wide();
        let s3 = self.c1.mul_wide(&self.c2).double();
        let s4 = self.c2.square_wide();
        let c0 = f(0, s0 + s3.mul_by_xi());
        let c1 = f(1, s1 + s4.mul_by_xi());
        let c2 = f(2, s1 + s2 + s3 - s0 - s4);
        [c0, c1, c2]
    }

    /// Squaring by Chung–Hasan SQR2 (5 F_p2 squarings/multiplications).
    #[inline]
    pub fn square(&self) -> Self {
        if Fp2::<T, F>::LAZY {
            // As below, with the sums of products reduced once per coefficient.
            let [c0, c1, c2] = self.square_wide_then(|_, w| w.reduce());
            return Fp6 { c0, c1, c2 };
        }
        let s0 = self.c0.square();
        let s1 = (self.c0 * self.c1).double();
        let s2 = (self.c0 - self.c1 + self.c2).square();
        let s3 = (self.c1 * self.c2).double();
        let s4 = self.c2.square();
        Fp6 {
            c0: s0 + s3.mul_by_xi(),
            c1: s1 + s4.mul_by_xi(),
            c2: s1 + s2 + s3 - s0 - s4,
        }
    }

    /// Inverse through the norm to F_p2 (constant time; inverse of 0 is 0).
    pub fn inv(&self) -> Self {
        let (t0, t1, t2, d) = self.adjugate_and_norm();
        let dinv = d.inv();
        Fp6 {
            c0: t0 * dinv,
            c1: t1 * dinv,
            c2: t2 * dinv,
        }
    }

    /// Variable-time inverse; `None` for 0.
    pub fn inv_vartime(&self) -> Option<Self> {
        let (t0, t1, t2, d) = self.adjugate_and_norm();
        let dinv = d.inv_vartime()?;
        Some(Fp6 {
            c0: t0 * dinv,
            c1: t1 * dinv,
            c2: t2 * dinv,
        })
    }

    /// The adjugate (t0, t1, t2) with self * adj = d in F_p2.
    #[inline]
    fn adjugate_and_norm(&self) -> AdjugateAndNorm<T, F> {
        let (a0, a1, a2) = (self.c0, self.c1, self.c2);
        if Fp2::<T, F>::LAZY_FP12 {
            // As below, each F_p2 value's sum of products reduced once (8 F_p2 reductions, not
            // 18), where the base field allows any sum of wide values ([`Fp2::LAZY_FP12`]: the
            // bounds of F_p as doubles do not hold for these sums).
            let t0 = (a0.square_wide() - a1.mul_wide(&a2).mul_by_xi()).reduce();
            let t1 = (a2.square_wide().mul_by_xi() - a0.mul_wide(&a1)).reduce();
            let t2 = (a1.square_wide() - a0.mul_wide(&a2)).reduce();
            let d = (a0.mul_wide(&t0) + (a2.mul_wide(&t1) + a1.mul_wide(&t2)).mul_by_xi()).reduce();
            return (t0, t1, t2, d);
        }
        let t0 = a0.square() - (a1 * a2).mul_by_xi();
        let t1 = a2.square().mul_by_xi() - a0 * a1;
        let t2 = a1.square() - a0 * a2;
        let d = a0 * t0 + (a2 * t1 + a1 * t2).mul_by_xi();
        (t0, t1, t2, d)
    }

    /// `self` where mask = 0, `other` where mask = !0.
    pub fn select(&self, other: &Self, mask: F::Mask) -> Self {
        Fp6 {
            c0: self.c0.select(&other.c0, mask),
            c1: self.c1.select(&other.c1, mask),
            c2: self.c2.select(&other.c2, mask),
        }
    }
}

impl<T: TowerParams> Fp6<T> {
    /// Whether every coefficient is 0.
    pub fn is_zero(&self) -> bool {
        self.c0.is_zero() & self.c1.is_zero() & self.c2.is_zero()
    }
}

impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Add for Fp6<T, F> {
    type Output = Self;
    #[inline]
    fn add(self, r: Self) -> Self {
        Fp6 {
            c0: self.c0 + r.c0,
            c1: self.c1 + r.c1,
            c2: self.c2 + r.c2,
        }
    }
}
impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Sub for Fp6<T, F> {
    type Output = Self;
    #[inline]
    fn sub(self, r: Self) -> Self {
        Fp6 {
            c0: self.c0 - r.c0,
            c1: self.c1 - r.c1,
            c2: self.c2 - r.c2,
        }
    }
}
impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Neg for Fp6<T, F> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Fp6 {
            c0: -self.c0,
            c1: -self.c1,
            c2: -self.c2,
        }
    }
}
impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Mul for Fp6<T, F> {
    type Output = Self;
    /// Karatsuba over F_p2: 6 multiplications (Devegili–Ó hÉigeartaigh–Scott–Dahab 2006).
    #[inline]
    fn mul(self, b: Self) -> Self {
        F::fp6_mul(&self, &b)
    }
}

impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Fp6<T, F> {
    /// The product by the tower's formulas, whatever the base field ([`TowerKernels::fp6_mul`]'s
    /// default).
    #[inline(always)]
    pub fn mul_formula(&self, b: &Self) -> Self {
        let b = *b;
        if Fp2::<T, F>::LAZY && !F::SLICED {
            // The same formulas on unreduced F_p2 products: 3 reductions of F_p2 values, not 6.
            let [c0, c1, c2] = self.mul_wide(&b);
            return Fp6 {
                c0: c0.reduce(),
                c1: c1.reduce(),
                c2: c2.reduce(),
            };
        }
        if F::SLICED {
            return Self::mul_from(&fp2_batch(&self.mul_jobs(&b)));
        }
        let v0 = self.c0 * b.c0;
        let v1 = self.c1 * b.c1;
        let v2 = self.c2 * b.c2;
        let c0 = ((self.c1 + self.c2) * (b.c1 + b.c2) - v1 - v2).mul_by_xi() + v0;
        let c1 = (self.c0 + self.c1) * (b.c0 + b.c1) - v0 - v1 + v2.mul_by_xi();
        let c2 = (self.c0 + self.c2) * (b.c0 + b.c2) - v0 - v2 + v1;
        Fp6 { c0, c1, c2 }
    }
}
crate::field::impl_assign_ops!(Fp6);
