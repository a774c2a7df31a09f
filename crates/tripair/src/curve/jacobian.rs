//! Jacobian coordinates for a = 0, written once over any representation of the coordinate field:
//! one element of F_p or F_p2 (the accumulator of scalar multiplication) or eight elements of F_p
//! side by side in SIMD lanes (the batched subgroup checks of G1). The unified additions handle
//! their exceptional cases (equal, opposite and identity operands) with selects, so the same
//! formulas hold in every lane without a branch.

use crate::field::lanes::{LaneBackend, LaneMask, LaneParams, Lanes};
use crate::field::{BaseField, Field};
use core::ops::BitAnd;

/// What the formulas need of the coordinates: ring operations, squares, halves, and selects under
/// a mask per element (a u64 for one element, a [`LaneMask`] for the lanes).
pub(crate) trait JacobianField: crate::field::traits::FieldOps {
    type Mask: Copy + BitAnd<Output = Self::Mask>;
    const ZERO: Self;
    const ONE: Self;
    fn sqr(&self) -> Self;
    fn dbl(&self) -> Self;
    fn halve(&self) -> Self;
    /// All ones where the element is zero.
    fn zero_mask(&self) -> Self::Mask;
    /// `other` where the mask is set, `self` elsewhere.
    fn pick(&self, other: &Self, mask: Self::Mask) -> Self;
}

/// The body of a [`JacobianField`] impl that forwards to the type's own field operations.
macro_rules! forward_jacobian_field {
    ($mask:ty, $field:path) => {
        type Mask = $mask;
        const ZERO: Self = <Self as $field>::ZERO;
        const ONE: Self = <Self as $field>::ONE;
        #[inline(always)]
        fn sqr(&self) -> Self {
            self.square()
        }
        #[inline(always)]
        fn dbl(&self) -> Self {
            self.double()
        }
        #[inline(always)]
        fn halve(&self) -> Self {
            self.half()
        }
        #[inline(always)]
        fn zero_mask(&self) -> $mask {
            self.ct_eq_mask(&<Self as $field>::ZERO)
        }
        #[inline(always)]
        fn pick(&self, other: &Self, mask: $mask) -> Self {
            self.select(other, mask)
        }
    };
}

impl<F: Field> JacobianField for F {
    forward_jacobian_field!(u64, Field);
}

impl<P: LaneParams, B: LaneBackend> JacobianField for Lanes<P, B> {
    forward_jacobian_field!(LaneMask, BaseField);
}

/// A point in Jacobian coordinates (X : Y : Z), x = X/Z^2, y = Y/Z^3, Z = 0 for the identity:
/// the accumulator of the variable-base multiplications, whose inner loops are mostly doublings.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Jacobian<F> {
    pub(crate) x: F,
    pub(crate) y: F,
    pub(crate) z: F,
}

impl<F: JacobianField> Jacobian<F> {
    pub(crate) fn identity() -> Self {
        Jacobian {
            x: F::ONE,
            y: F::ONE,
            z: F::ZERO,
        }
    }

    /// The finite affine point (x, y).
    pub(crate) fn from_affine(x: F, y: F) -> Self {
        Jacobian { x, y, z: F::ONE }
    }

    #[inline(always)]
    pub(crate) fn select(&self, o: &Self, mask: F::Mask) -> Self {
        Jacobian {
            x: self.x.pick(&o.x, mask),
            y: self.y.pick(&o.y, mask),
            z: self.z.pick(&o.z, mask),
        }
    }

    /// Doubling for a = 0: Lange's "dbl-2009-l" (Explicit-Formulas Database, 2M + 5S) returned
    /// as the equal Jacobian point (X3/4 : Y3/8 : Z3/2), which drops its factors 2, 4 and 8:
    /// D/4 = X Y^2 = ((X + B)^2 - A - C)/2, E/2 = 3A/2, X3/4 = (E/2)^2 - 2 D/4,
    /// Y3/8 = (E/2)(D/4 - X3/4) - C, Z3/2 = Y Z (ten additions and halvings against fourteen).
    /// Exception-free: the identity (Z = 0) stays the identity, and a point with Y = 0 (order 2)
    /// doubles to Y Z = 0, the identity, as it should.
    #[inline(always)]
    pub(crate) fn double(&self) -> Self {
        let a = self.x.sqr();
        let b = self.y.sqr();
        let c = b.sqr();
        let d = ((self.x + b).sqr() - a - c).halve();
        let e = a + a.halve();
        let f = e.sqr();
        let x3 = f - d.dbl();
        let y3 = e * (d - x3) - c;
        let z3 = self.y * self.z;
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `self + q` for a Jacobian q given with Z2^2 and Z2^3, unified by selects: the addition of
    /// "add-1998-cmo-2" (Explicit-Formulas Database) in the form of [`Jacobian::add_affine_xy`]
    /// below, with self scaled to the denominator Z1 Z2 (U1 = X1 Z2^2, S1 = Y1 Z2^3), so that
    /// equal points take the tangent through (H, R) = (2 S1, 3 U1^2). 12M + 4S, against 16M + 2S
    /// for a round trip through the complete projective addition. Either identity (Z = 0) is
    /// handled by a select; opposite points give Z3 = 0. No branch on either point.
    #[inline(always)]
    pub(crate) fn add_prepared(&self, q: &JacobianAddend<F>) -> Self {
        let z1 = self.z;
        let z1z1 = z1.sqr();
        let sum = Self::unified_sum(
            self.x * q.zz,
            self.y * q.zzz,
            z1 * q.p.z,
            q.p.x * z1z1,
            q.p.y * z1 * z1z1,
        );
        sum.select(&q.p, z1.zero_mask())
            .select(self, q.p.z.zero_mask())
    }

    /// The core both unified additions share: the sum of the point (x1, y1) over the
    /// denominator z (Jacobian: x1 / z^2, y1 / z^3) and the point whose coordinates over the
    /// same denominator are (u2, s2), with the tangent taken by selects when the two are equal
    /// (H = u2 - x1 and R = s2 - y1 both 0). 3M + 4S. No branch.
    #[inline(always)]
    fn unified_sum(x1: F, y1: F, z: F, u2: F, s2: F) -> Self {
        let h = u2 - x1;
        let r = s2 - y1;
        let dbl = h.zero_mask() & r.zero_mask();
        let xx = x1.sqr();
        let h = h.pick(&y1.dbl(), dbl);
        let r = r.pick(&(xx.dbl() + xx), dbl);
        let hh = h.sqr();
        let hhh = h * hh;
        let v = x1 * hh;
        let x3 = r.sqr() - v.dbl() - hhh.pick(&F::ZERO, dbl);
        let y3 = r * (v - x3) - y1 * hhh;
        Jacobian {
            x: x3,
            y: y3,
            z: z * h,
        }
    }

    /// `self + (x2, y2)` for a finite affine point, unified by selects (8M + 4S). With
    /// H = x2 Z1^2 - X1 and R = y2 Z1^3 - Y1 the slope is R / (H Z1) (the mixed addition
    /// "madd-2007-bl" of the Explicit-Formulas Database, here unscaled); when both vanish the
    /// points are equal and (H, R) = (2 Y1, 3 X1^2) gives the tangent's slope in the same form,
    /// X3 = R^2 - 2 X1 H^2 - [H^3 unless doubling], Y3 = R (X1 H^2 - X3) - Y1 H^3, Z3 = Z1 H.
    /// Opposite points give H = 0, so Z3 = 0: the identity. An identity `self` (Z1 = 0) is
    /// replaced by (x2, y2, 1) with a select. No branch on either point.
    #[inline(always)]
    pub(crate) fn add_affine_xy(&self, x2: &F, y2: &F) -> Self {
        let z1 = self.z;
        let z1z1 = z1.sqr();
        let sum = Self::unified_sum(self.x, self.y, z1, *x2 * z1z1, *y2 * z1 * z1z1);
        sum.select(&Self::from_affine(*x2, *y2), z1.zero_mask())
    }
}

/// A fixed addend of a double-and-add in Jacobian coordinates, with Z^2 and Z^3 computed once.
#[derive(Clone, Copy, Debug)]
pub(crate) struct JacobianAddend<F> {
    pub(crate) p: Jacobian<F>,
    zz: F,
    zzz: F,
}

impl<F: JacobianField> JacobianAddend<F> {
    pub(crate) fn new(p: Jacobian<F>) -> Self {
        let zz = p.z.sqr();
        JacobianAddend {
            p,
            zz,
            zzz: zz * p.z,
        }
    }
}
