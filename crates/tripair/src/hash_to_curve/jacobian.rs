//! Tests of multiplication by the public, sparse cofactor-clearing constants (|u|, h_eff):
//! [`Projective::mul_vartime`] and [`crate::curve::Affine::mul_vartime`] (Jacobian doublings,
//! unified Jacobian and mixed additions; curve layer) against a
//! plain double-and-add with the complete projective formulas, on points of E and E' outside the
//! subgroup, the identity and points of small order (exceptional cases of incomplete formulas).

#[cfg(test)]
mod tests {
    use crate::curve::curves::Bls12_381 as C;
    use crate::curve::{CurveGroup, Projective};
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

    /// [k] p by double-and-add with the complete projective formulas only.
    fn double_and_add<G: CurveGroup>(p: &Projective<G>, k: &[u64]) -> Projective<G> {
        let mut acc = Projective::identity();
        for i in (0..64 * k.len()).rev() {
            acc = acc.double();
            if (k[i / 64] >> (i % 64)) & 1 == 1 {
                acc = acc.add(p);
            }
        }
        acc
    }

    fn check<G: HashToCurveGroup>(points: &[Projective<G>]) {
        for p in points {
            for k in scalars::<G>() {
                let fast = p.mul_vartime(&k);
                let plain = double_and_add(p, &k);
                assert_eq!(fast, plain, "{} k = {k:x?}", G::NAME);
                assert!(fast.to_affine().is_on_curve());
                // The affine base (mixed additions), the identity included.
                assert_eq!(p.to_affine().mul_vartime(&k), plain, "{} affine", G::NAME);
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
