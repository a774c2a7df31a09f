//! Multiplication by a public, sparse scalar (the cofactor-clearing constants |u| and h_eff) with
//! the doublings in Jacobian coordinates: on y^2 = x^3 + b a Jacobian doubling costs 2M + 5S
//! ("dbl-2009-l" of the Explicit-Formulas Database, Lange), against 6M + 2S and a multiplication
//! by 3b for the complete projective doubling of Renes-Costello-Batina. The few additions stay
//! the complete projective ones, reached through a coordinate change, so no exceptional case
//! (P = Q, P = -Q, the identity on either side) needs handling.

use crate::curve::{CurveGroup, Projective};
use crate::field::Field;

/// A point (X : Y : Z) in Jacobian coordinates, x = X / Z^2, y = Y / Z^3; Z = 0 is the identity,
/// with (X, Y) = (t^2, t^3) for some t != 0.
#[derive(Clone, Copy)]
struct Jacobian<F> {
    x: F,
    y: F,
    z: F,
}

impl<F: Field> Jacobian<F> {
    /// From homogeneous (X : Y : Z): (X Z : Y Z^2 : Z), and the identity (Z = 0) to (1 : 1 : 0)
    /// by mask, since (0 : 0 : 0) is no point.
    #[inline]
    fn from_projective<G: CurveGroup<F = F>>(p: &Projective<G>) -> Self {
        let inf = p.z.ct_eq_mask(&F::ZERO);
        Jacobian {
            x: (p.x * p.z).select(&F::ONE, inf),
            y: (p.y * p.z.square()).select(&F::ONE, inf),
            z: p.z,
        }
    }

    /// To homogeneous: (X Z : Y : Z^3). The identity (t^2 : t^3 : 0) becomes (0 : t^3 : 0).
    #[inline]
    fn to_projective<G: CurveGroup<F = F>>(self) -> Projective<G> {
        let z2 = self.z.square();
        Projective {
            x: self.x * self.z,
            y: self.y,
            z: z2 * self.z,
        }
    }

    /// Doubling for a = 0, "dbl-2009-l" (EFD, Lange 2009): 2M + 5S. It has no exceptional input
    /// here: the identity (Z = 0) gives Z3 = 2 Y Z = 0 and stays (s^2 : s^3 : 0) with s = t^4,
    /// and a point with Y = 0 (order 2) would give the identity too, though the curves hashed to
    /// have odd order.
    #[inline]
    fn double(&self) -> Self {
        let a = self.x.square();
        let b = self.y.square();
        let c = b.square();
        let d = ((self.x + b).square() - a - c).double();
        let e = a.double() + a;
        let f = e.square();
        let x3 = f - d.double();
        let y3 = e * (d - x3) - c.double().double().double();
        let z3 = (self.y * self.z).double();
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }
}

/// `[k] p` for a public scalar k (little-endian limbs): double-and-add from k's top set bit, the
/// doublings Jacobian, each addition of p the complete projective one. Variable time in k only:
/// the operation sequence depends on k and never on the point, so for a public constant k it is
/// constant time in p. Equal (as a point) to [`Projective::mul_vartime`] for every point of the
/// curve, the identity and points of small order included.
pub(super) fn mul_jacobian_vartime<G: CurveGroup>(p: &Projective<G>, k: &[u64]) -> Projective<G> {
    let bit = |i: usize| (k[i / 64] >> (i % 64)) & 1 == 1;
    let Some(top) = (0..64 * k.len()).rev().find(|&i| bit(i)) else {
        return Projective::identity();
    };
    let mut acc = Jacobian::from_projective(p);
    for i in (0..top).rev() {
        acc = acc.double();
        if bit(i) {
            acc = Jacobian::from_projective(&acc.to_projective::<G>().add(p));
        }
    }
    acc.to_projective()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::curves::Bls12_381 as C;
    use crate::curve::{G1, G2};
    use crate::hash_to_curve::HashToCurveGroup;
    use crate::hash_to_curve::HashToField;
    use num_bigint::BigUint;
    use tripair_testkit::TestRng;

    /// Points of E (not of the subgroup): map_to_curve of random field elements.
    fn curve_points<G: HashToCurveGroup>(rng: &mut TestRng, n: usize) -> Vec<Projective<G>> {
        (0..n)
            .map(|_| {
                let mut bytes = [0u8; 128];
                rng.fill_bytes(&mut bytes);
                G::map_to_curve(&G::F::from_uniform_bytes(&bytes[..G::F::L * G::F::M]))
            })
            .collect()
    }

    /// The scalars the hash uses, and short ones whose chains meet P = Q and P = -Q.
    fn scalars<G: CurveGroup>() -> Vec<Vec<u64>> {
        let k = <G::Curve as crate::curve::PairingCurve>::consts();
        let mut s = vec![
            k.u_abs.to_vec(),
            vec![0xd201000000010001],
            vec![0],
            vec![1],
            vec![2],
            vec![3],
            vec![5],
            vec![0x1d],
            vec![u64::MAX, 1],
        ];
        s.extend((0..64).map(|i| vec![1u64 << i]));
        s
    }

    /// A point of order `ell` (a prime dividing #E but not r): P multiplied by #E without its
    /// factors ell, then by ell while that leaves a point other than the identity.
    fn small_order_point<G: HashToCurveGroup>(
        rng: &mut TestRng,
        order: &BigUint,
        ell: u32,
    ) -> Projective<G> {
        let mut cof = order.clone();
        while (&cof % ell) == BigUint::ZERO {
            cof /= ell;
        }
        loop {
            let mut q = curve_points::<G>(rng, 1)[0].mul_vartime(&cof.to_u64_digits());
            if q.is_identity() {
                continue;
            }
            while !q.mul_vartime(&[ell as u64]).is_identity() {
                q = q.mul_vartime(&[ell as u64]);
            }
            return q;
        }
    }

    fn check<G: HashToCurveGroup>(points: &[Projective<G>]) {
        for p in points {
            for k in scalars::<G>() {
                let fast = mul_jacobian_vartime(p, &k);
                assert_eq!(fast, p.mul_vartime(&k), "{} k = {k:x?}", G::NAME);
                assert!(fast.to_affine().is_on_curve());
            }
        }
    }

    #[test]
    fn equals_double_and_add_on_g1_and_g2() {
        let mut rng = TestRng::new(3);
        let mut p1 = curve_points::<G1<C>>(&mut rng, 4);
        p1.push(Projective::identity());
        // #E(F_p) = h1 r with 3 * 11^2 | h1.
        let c = <C as crate::curve::PairingCurve>::consts();
        let n1 = &c.h1 * &c.r_big;
        p1.push(small_order_point(&mut rng, &n1, 11));
        p1.push(small_order_point(&mut rng, &n1, 3));
        check(&p1);

        let mut p2 = curve_points::<G2<C>>(&mut rng, 4);
        p2.push(Projective::identity());
        // #E'(F_p2) = h2 r with 13^2 23^2 2713 | h2.
        let n2 = &c.h2 * &c.r_big;
        for ell in [13, 23, 2713] {
            p2.push(small_order_point(&mut rng, &n2, ell));
        }
        check(&p2);
    }
}
