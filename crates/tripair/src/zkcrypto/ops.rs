//! The operator forms that ff's and group's traits require beyond the library's own: operands by
//! reference, compound assignment with affine operands, sums and products of iterators, and the
//! conversions between affine and projective points. Each is the by-value operator of the
//! library on a copy.

use crate::curve::{Affine, CurveGroup, Projective, Scalar};
use crate::field::{Fp, FpParams};
use core::iter::{Product, Sum};
use core::ops::{Add, AddAssign, Mul, MulAssign, Sub, SubAssign};

/// `T op &R` and `T op= &R` from `T op R` and `T op= R` (the types are `Copy`).
macro_rules! by_reference {
    ([$($g:tt)*] $t:ty, $r:ty, $out:ty, $tr:ident $m:ident $atr:ident $am:ident) => {
        impl<'a, $($g)*> $tr<&'a $r> for $t {
            type Output = $out;
            #[inline]
            fn $m(self, r: &'a $r) -> $out {
                $tr::$m(self, *r)
            }
        }
        impl<'a, $($g)*> $atr<&'a $r> for $t {
            #[inline]
            fn $am(&mut self, r: &'a $r) {
                $atr::$am(self, *r)
            }
        }
    };
}

by_reference!([P: FpParams] Fp<P>, Fp<P>, Fp<P>, Add add AddAssign add_assign);
by_reference!([P: FpParams] Fp<P>, Fp<P>, Fp<P>, Sub sub SubAssign sub_assign);
by_reference!([P: FpParams] Fp<P>, Fp<P>, Fp<P>, Mul mul MulAssign mul_assign);
by_reference!([G: CurveGroup] Projective<G>, Projective<G>, Projective<G>, Add add AddAssign add_assign);
by_reference!([G: CurveGroup] Projective<G>, Projective<G>, Projective<G>, Sub sub SubAssign sub_assign);
by_reference!([G: CurveGroup] Projective<G>, Affine<G>, Projective<G>, Add add AddAssign add_assign);
by_reference!([G: CurveGroup] Projective<G>, Affine<G>, Projective<G>, Sub sub SubAssign sub_assign);
by_reference!([G: CurveGroup] Projective<G>, Scalar<G::Curve>, Projective<G>, Mul mul MulAssign mul_assign);

impl<G: CurveGroup> AddAssign<Affine<G>> for Projective<G> {
    #[inline]
    fn add_assign(&mut self, r: Affine<G>) {
        *self = *self + r;
    }
}

impl<G: CurveGroup> SubAssign<Affine<G>> for Projective<G> {
    #[inline]
    fn sub_assign(&mut self, r: Affine<G>) {
        *self = *self - r;
    }
}

impl<'a, G: CurveGroup> Mul<&'a Scalar<G::Curve>> for Affine<G> {
    type Output = Projective<G>;
    #[inline]
    fn mul(self, k: &'a Scalar<G::Curve>) -> Projective<G> {
        self * *k
    }
}

impl<P: FpParams> Sum for Fp<P> {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Fp::ZERO, |a, b| a + b)
    }
}

impl<'a, P: FpParams> Sum<&'a Fp<P>> for Fp<P> {
    fn sum<I: Iterator<Item = &'a Fp<P>>>(iter: I) -> Self {
        iter.fold(Fp::ZERO, |a, b| a + *b)
    }
}

impl<P: FpParams> Product for Fp<P> {
    fn product<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Fp::ONE, |a, b| a * b)
    }
}

impl<'a, P: FpParams> Product<&'a Fp<P>> for Fp<P> {
    fn product<I: Iterator<Item = &'a Fp<P>>>(iter: I) -> Self {
        iter.fold(Fp::ONE, |a, b| a * *b)
    }
}

impl<G: CurveGroup> Sum for Projective<G> {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Projective::identity(), |a, b| a + b)
    }
}

impl<'a, G: CurveGroup> Sum<&'a Projective<G>> for Projective<G> {
    fn sum<I: Iterator<Item = &'a Projective<G>>>(iter: I) -> Self {
        iter.fold(Projective::identity(), |a, b| a + *b)
    }
}

impl<G: CurveGroup> From<Affine<G>> for Projective<G> {
    fn from(p: Affine<G>) -> Self {
        p.to_projective()
    }
}

impl<G: CurveGroup> From<Projective<G>> for Affine<G> {
    /// Constant time ([`Projective::to_affine`]).
    fn from(p: Projective<G>) -> Self {
        p.to_affine()
    }
}
