//! The Shallue-van de Woestijne map (RFC 9380, section 6.6.1) for curves y^2 = x^3 + b, in the
//! straight-line form of Appendix F.1: the map for curves with no simplified-SWU isogeny at hand,
//! such as G1 of the BN curves (A = 0, cofactor 1). Constant time: selects by mask, constant-time
//! inversion, exponentiations whose schedule depends only on the field order.

use super::expand::HashToField;
use super::sswu::SqrtRatio;
use crate::curve::{CurveGroup, Projective};
use crate::field::Field;
use num_bigint::BigUint;

/// The constants of Appendix F.1 for one curve y^2 = x^3 + b (A = 0).
pub(super) struct Svdw<F: HashToField> {
    z: F,
    b: F,
    /// c1 = g(Z).
    c1: F,
    /// c2 = -Z / 2.
    c2: F,
    /// c3 = sqrt(-g(Z) (3 Z^2 + 4 A)) with sgn0(c3) = 0.
    c3: F,
    /// c4 = -4 g(Z) / (3 Z^2 + 4 A).
    c4: F,
    /// is_square and sqrt as sqrt_ratio(x, 1) (a non-square of the field fixes its constants).
    roots: SqrtRatio<F>,
}

/// g(x) = x^3 + b.
fn curve_rhs<F: Field>(x: &F, b: &F) -> F {
    x.square() * *x + *b
}

impl<F: HashToField> Svdw<F> {
    /// The constants for the curve y^2 = x^3 + b over the field of order q, with Z found by
    /// find_z_svdw (Appendix H.1): the first of 1, -1, 2, -2, ... that qualifies.
    pub(super) fn new(b: F, q: &BigUint) -> Self {
        let from_int = |k: i64| {
            let m = F::ONE.mul_small(k.unsigned_abs());
            if k < 0 {
                -m
            } else {
                m
            }
        };
        let is_square = |x: &F| x.sqrt_vartime().is_some();
        // -Z / 2: the x of H.1's second test and the constant c2.
        let half = F::ONE
            .mul_small(2)
            .inv_vartime()
            .expect("the field has odd order");
        let minus_half = |z: &F| -(*z * half);
        let z = (1..)
            .flat_map(|k| [k, -k])
            .map(from_int)
            .find(|z| {
                // H.1: g(Z) != 0, -(3 Z^2 + 4 A) / (4 g(Z)) a non-zero square, and g(Z) or
                // g(-Z / 2) square.
                let gz = curve_rhs(z, &b);
                let three_z2 = z.square().mul_small(3);
                let h = match gz.mul_small(4).inv_vartime() {
                    Some(inv) => -(three_z2 * inv),
                    None => return false,
                };
                !h.is_zero()
                    && is_square(&h)
                    && (is_square(&gz) || is_square(&curve_rhs(&minus_half(z), &b)))
            })
            .expect("find_z_svdw terminates");
        let c1 = curve_rhs(&z, &b);
        let c2 = minus_half(&z);
        let three_z2 = z.square().mul_small(3);
        let c3 = (-(c1 * three_z2))
            .sqrt_vartime()
            .expect("Z qualifies: -g(Z) (3 Z^2) is a square");
        let c3 = if c3.sgn0() == 1 { -c3 } else { c3 };
        let c4 = -(c1.mul_small(4) * three_z2.inv_vartime().expect("3 Z^2 != 0 for the Z found"));
        let non_square = (2..)
            .map(from_int)
            .find(|x| !is_square(x))
            .expect("a finite field of odd order has non-squares");
        Svdw {
            z,
            b,
            c1,
            c2,
            c3,
            c4,
            roots: SqrtRatio::new(non_square, q),
        }
    }

    /// map_to_curve_svdw (Appendix F.1): a point of the curve for u, as a projective point with
    /// Z = 1 (the map never meets the identity).
    pub(super) fn map_to_curve<G: CurveGroup<F = F>>(&self, u: &F) -> Projective<G> {
        let (x, y) = self.map(u);
        Projective { x, y, z: F::ONE }
    }

    /// The affine (x, y) of Appendix F.1. The three candidate square roots are computed up front
    /// (one exponentiation each), which gives is_square(gx1), is_square(gx2) and the root of
    /// the chosen gx at the cost of the RFC's two Legendre symbols and one square root.
    fn map(&self, u: &F) -> (F, F) {
        // Steps 1-10.
        let tv1 = u.square() * self.c1;
        let tv2 = F::ONE + tv1;
        let tv1 = F::ONE - tv1;
        let tv3 = (tv1 * tv2).inv();
        let tv4 = *u * tv1 * tv3 * self.c3;
        let x1 = self.c2 - tv4;
        // Steps 11-21.
        let (e1, y1) = self.roots.sqrt_ratio(&curve_rhs(&x1, &self.b), &F::ONE);
        let x2 = self.c2 + tv4;
        let (e2, y2) = self.roots.sqrt_ratio(&curve_rhs(&x2, &self.b), &F::ONE);
        let e2 = e2 & !e1;
        // Steps 22-26: when neither gx1 nor gx2 is square, gx3 is (Appendix F.1's guarantee).
        let x3 = (tv2.square() * tv3).square() * self.c4 + self.z;
        let (_, y3) = self.roots.sqrt_ratio(&curve_rhs(&x3, &self.b), &F::ONE);
        // Steps 27-33.
        let x = x3.select(&x1, e1).select(&x2, e2);
        let y = y3.select(&y1, e1).select(&y2, e2);
        // Steps 34-35: sgn0(y) = sgn0(u).
        let same_sign = 0u64.wrapping_sub(1 ^ u.sgn0() ^ y.sgn0());
        (x, (-y).select(&y, same_sign))
    }
}
