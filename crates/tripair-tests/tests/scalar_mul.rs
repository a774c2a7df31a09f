//! Endomorphism-accelerated scalar multiplication on every prime curve: the GLV (G1) and GLS (G2)
//! `mul` equals the plain ladder on random and edge scalars (0, 1, 2, r - 1, r - 2, powers and
//! multiples of the eigenvalue and their neighbours, parts near 0 or their bound) and on the
//! identity; the decompositions' parts stay below their bound and recombine to k mod r; the
//! endomorphisms act as their eigenvalues; Pippenger's `msm_vartime` equals the sum of single
//! multiplications for n = 0, 1, 2, 3, 17, 100 with identity points and zero scalars; the
//! fixed-base tables (`FixedBaseTable`, `mul_generator`) equal `mul` and the ladder on the same edge
//! and random scalars, for the generator, a random point and the identity; the complete mixed
//! addition, and the Jacobian unified addition and doubling inside `mul`, equal the projective
//! ones on equal, opposite and identity operands. The last three (code that is the same on every
//! curve but for its field) on one curve per limb count.

use tripair::curve::endo::{Decomposition, Parts};
use tripair::curve::{
    Affine, CurveGroup, FixedBaseMsm, FixedBaseTable, MsmMethod, Projective, G1, G2,
};
use tripair::field::FpParams;
use tripair::{PairingCurve, Scalar};
use tripair_testkit::TestRng;

fn scalar_from_limbs<C: PairingCurve>(l: &[u64]) -> Scalar<C> {
    let mut be = Vec::new();
    for v in l.iter().rev() {
        be.extend_from_slice(&v.to_be_bytes());
    }
    Scalar::<C>::from_be_bytes_mod_order(&be)
}

fn eigen<G: CurveGroup>() -> Scalar<G::Curve> {
    scalar_from_limbs::<G::Curve>(&G::decomposition().eigenvalue.to_u64_digits())
}

fn bits_of(l: &[u64]) -> u32 {
    l.iter()
        .enumerate()
        .rev()
        .find(|(_, v)| **v != 0)
        .map_or(0, |(i, v)| 64 * i as u32 + 64 - v.leading_zeros())
}

/// Parts bounded by 2^bits and sum_i k_i e^i = k mod r.
fn check_parts<G: CurveGroup>(d: &Decomposition, k: &Scalar<G::Curve>) -> u32 {
    let parts: Parts = d.decompose(k.to_canonical_limbs().as_ref());
    let e = eigen::<G>();
    let mut sum = Scalar::<G::Curve>::ZERO;
    let mut pow = Scalar::<G::Curve>::ONE;
    let mut max_bits = 0;
    for i in 0..4 {
        if i >= d.dim {
            assert!(parts.abs[i].iter().all(|&v| v == 0));
            continue;
        }
        let b = bits_of(&parts.abs[i]);
        assert!(
            b <= d.bits,
            "{} {}: part {i} has {b} > {} bits",
            G::Curve::NAME,
            G::NAME,
            d.bits
        );
        max_bits = max_bits.max(b);
        assert!(parts.neg[i] == 0 || parts.neg[i] == !0);
        let mut v = scalar_from_limbs::<G::Curve>(&parts.abs[i]);
        if parts.neg[i] != 0 {
            v = -v;
        }
        sum += v * pow;
        pow *= e;
    }
    assert_eq!(
        sum,
        *k,
        "{} {}: parts do not recombine",
        G::Curve::NAME,
        G::NAME
    );
    max_bits
}

fn edge_scalars<G: CurveGroup>(rng: &mut TestRng) -> Vec<Scalar<G::Curve>> {
    let one = Scalar::<G::Curve>::ONE;
    let two = one + one;
    let e = eigen::<G>();
    let d = G::decomposition();
    let mut v = vec![Scalar::<G::Curve>::ZERO, one, two, -one, -two];
    // Powers of the eigenvalue, their small multiples and neighbours: parts (0, .., 1, .., 0).
    let mut pow = one;
    for _ in 0..d.dim + 1 {
        for m in [1u64, 2, 3, 15, 16] {
            let x = pow * Scalar::<G::Curve>::from_u64(m);
            v.extend([x, x + one, x - one, -x]);
        }
        pow *= e;
    }
    // Parts all near 2^h (h a bit below the bound), with every sign pattern: sum_i +-(2^h - s_i) e^i.
    let h = d.bits.saturating_sub(2);
    let mut p2h = one;
    for _ in 0..h {
        p2h = p2h.double();
    }
    for signs in 0..(1u32 << d.dim) {
        let mut x = Scalar::<G::Curve>::ZERO;
        let mut pw = one;
        for i in 0..d.dim {
            let mut part = p2h - Scalar::<G::Curve>::from_u64(i as u64);
            if signs >> i & 1 == 1 {
                part = -part;
            }
            x += part * pw;
            pw *= e;
        }
        v.push(x);
    }
    // Large and structured values: (r - 1) / 2, powers of two, all-ones patterns.
    v.push(-one * two.inv());
    let mut p = one;
    for i in 0..<<G::Curve as PairingCurve>::Fr as FpParams>::BITS {
        p = p.double();
        if i % 61 == 0 {
            v.extend([p, p - one]);
        }
    }
    v.push(Scalar::<G::Curve>::random(rng));
    v
}

fn check_group<G: CurveGroup>(seed: u64) {
    let mut rng = TestRng::new(seed);
    let d = G::decomposition();
    let r_bits = <<G::Curve as PairingCurve>::Fr as FpParams>::BITS;
    assert!(
        d.bits <= r_bits / d.dim as u32 + 8,
        "{} {}: {} bits",
        G::Curve::NAME,
        G::NAME,
        d.bits
    );

    // The endomorphism acts as its eigenvalue.
    let g = Projective::<G>::generator();
    let e_limbs = d.eigenvalue.to_u64_digits();
    for p in [g, g.mul_ladder(&Scalar::<G::Curve>::random(&mut rng))] {
        assert_eq!(
            G::endo(&p),
            p.mul_vartime(&e_limbs),
            "{} {}",
            G::Curve::NAME,
            G::NAME
        );
    }
    assert!(G::endo(&Projective::identity()).is_identity());

    // Decomposition bounds and recombination, random scalars.
    let mut max_seen = 0;
    for _ in 0..200 {
        max_seen = max_seen.max(check_parts::<G>(d, &Scalar::<G::Curve>::random(&mut rng)));
    }
    assert!(
        max_seen + 3 >= d.bits,
        "bound {} far above the parts seen {max_seen}",
        d.bits
    );

    // mul = ladder on edge and random scalars, for random points and the identity.
    let pts = [
        g,
        g.mul_ladder(&Scalar::<G::Curve>::random(&mut rng)),
        Projective::identity(),
    ];
    let mut scalars = edge_scalars::<G>(&mut rng);
    scalars.extend((0..6).map(|_| Scalar::<G::Curve>::random(&mut rng)));
    for (n, k) in scalars.iter().enumerate() {
        check_parts::<G>(d, k);
        let p = &pts[n % 2];
        let want = p.mul_ladder(k);
        assert_eq!(p.mul(k), want, "{} {} scalar #{n}", G::Curve::NAME, G::NAME);
        assert_eq!(
            want,
            p.mul_vartime(k.to_canonical_limbs().as_ref()),
            "{} {}",
            G::Curve::NAME,
            G::NAME
        );
        assert_eq!(
            p.mul_scalar_vartime(k),
            want,
            "{} {} #{n}",
            G::Curve::NAME,
            G::NAME
        );
        assert!(pts[2].mul(k).is_identity());
        assert!(pts[2].mul_scalar_vartime(k).is_identity());
    }
    // Public constants (double-and-add from the top set bit vs the windowed ladder over all bits):
    // 0, 1, the curve parameter's shape (sparse), two limbs.
    for k in [&[0u64][..], &[1], &[0xd201_0000_0001_0000], &[3, 1 << 63]] {
        assert_eq!(
            g.mul_vartime(k),
            g.mul_ct(k, 64 * k.len() as u32),
            "{} {} {k:?}",
            G::Curve::NAME,
            G::NAME
        );
    }
}

fn check_msm<G: CurveGroup>(seed: u64) {
    let mut rng = TestRng::new(seed);
    let g = Projective::<G>::generator();
    let all: Vec<(Affine<G>, Scalar<G::Curve>)> = (0..100)
        .map(|i| {
            let p = if i % 7 == 3 {
                Affine::identity()
            } else {
                g.mul(&Scalar::<G::Curve>::random(&mut rng)).to_affine()
            };
            let k = match i % 11 {
                5 => Scalar::<G::Curve>::ZERO,
                6 => -Scalar::<G::Curve>::ONE,
                _ => Scalar::<G::Curve>::random(&mut rng),
            };
            (p, k)
        })
        .collect();
    for n in [0usize, 1, 2, 3, 17, 100] {
        let (pts, ks): (Vec<_>, Vec<_>) = all[..n].iter().copied().unzip();
        let want = pts
            .iter()
            .zip(&ks)
            .fold(Projective::identity(), |acc, (p, k)| {
                acc + p.to_projective().mul(k)
            });
        assert_eq!(
            Projective::msm_vartime(&pts, &ks),
            want,
            "{} {} n={n}",
            G::Curve::NAME,
            G::NAME
        );
        // Fixed-base tables, with the chosen window and a narrow one.
        assert_eq!(
            FixedBaseMsm::new(&pts).msm_vartime(&ks),
            want,
            "fixed-base n={n}"
        );
        assert_eq!(
            FixedBaseMsm::with_window(&pts, 3).msm_vartime(&ks),
            want,
            "fixed-base, 3-bit windows, n={n}"
        );
        // Every method (interleaved NAFs, both ways of filling the buckets), whichever the
        // strategy layer picks.
        for method in [
            MsmMethod::Interleaved,
            MsmMethod::ProjectiveBuckets,
            MsmMethod::AffineBuckets,
        ] {
            assert_eq!(
                Projective::msm_vartime_with(&pts, &ks, Some(method)),
                want,
                "{} {} n={n} {method:?}",
                G::Curve::NAME,
                G::NAME
            );
        }
        // Split by windows into shares for threads (more shares than windows: empty ones).
        for parts in [1, 2, 3, 4, 40] {
            let sum = (0..parts).fold(Projective::identity(), |acc, part| {
                acc + Projective::msm_vartime_share(&pts, &ks, part, parts)
            });
            assert_eq!(
                sum,
                want,
                "{} {} n={n} in {parts} shares",
                G::Curve::NAME,
                G::NAME
            );
        }
    }
    // Batch-affine buckets with equal points (doublings) and opposite points (sums to infinity):
    // 40 copies of one term, then 20 pairs of a term and its negation, and both mixed.
    let p = g.mul(&Scalar::<G::Curve>::random(&mut rng)).to_affine();
    let k = Scalar::<G::Curve>::random(&mut rng);
    let same = vec![(p, k); 40];
    let opposite: Vec<_> = (0..20).flat_map(|_| [(p, k), (p.neg(), k)]).collect();
    for terms in [same.clone(), opposite.clone(), [same, opposite].concat()] {
        let (pts, ks): (Vec<_>, Vec<_>) = terms.iter().copied().unzip();
        let want = pts
            .iter()
            .zip(&ks)
            .fold(Projective::identity(), |acc, (p, k)| {
                acc + p.to_projective().mul(k)
            });
        for method in [MsmMethod::Interleaved, MsmMethod::AffineBuckets] {
            assert_eq!(
                Projective::msm_vartime_with(&pts, &ks, Some(method)),
                want,
                "{} {} repeated terms {method:?}",
                G::Curve::NAME,
                G::NAME
            );
        }
    }
    // Only zero scalars, only identity points.
    let pts = vec![g.to_affine(); 5];
    assert!(Projective::<G>::msm_vartime(&pts, &[Scalar::<G::Curve>::ZERO; 5]).is_identity());
    let ids = vec![Affine::<G>::identity(); 5];
    let ks: Vec<_> = (0..5)
        .map(|_| Scalar::<G::Curve>::random(&mut rng))
        .collect();
    assert!(Projective::<G>::msm_vartime(&ids, &ks).is_identity());
}

fn check_fixed_base<G: CurveGroup>(seed: u64) {
    let mut rng = TestRng::new(seed);
    let g = Projective::<G>::generator();
    let q = g.mul(&Scalar::<G::Curve>::random(&mut rng)).to_affine();
    let tq = FixedBaseTable::new(&q);
    let tid = FixedBaseTable::new(&Affine::<G>::identity());
    let mut scalars = edge_scalars::<G>(&mut rng);
    // Small values (every digit pattern of the low windows) and random scalars.
    scalars.extend((0..40u64).map(Scalar::<G::Curve>::from_u64));
    scalars.extend((0..8).map(|_| Scalar::<G::Curve>::random(&mut rng)));
    for (n, k) in scalars.iter().enumerate() {
        let want = g.mul(k);
        assert_eq!(want, g.mul_ladder(k), "{} {}", G::Curve::NAME, G::NAME);
        assert_eq!(
            Projective::<G>::mul_generator(k),
            want,
            "{} {} generator, scalar #{n}",
            G::Curve::NAME,
            G::NAME
        );
        assert_eq!(
            FixedBaseTable::<G>::generator().mul(k),
            want,
            "{} {}",
            G::Curve::NAME,
            G::NAME
        );
        assert_eq!(
            tq.mul(k),
            q.to_projective().mul_ladder(k),
            "{} {} random point, scalar #{n}",
            G::Curve::NAME,
            G::NAME
        );
        assert!(tid.mul(k).is_identity());
    }
    // Every window width, on the random point (two curves: the tables of w = 8 are large).
    if matches!(G::Curve::NAME, "bls12-381" | "bn254") {
        for w in 2..=8 {
            let t = FixedBaseTable::with_window(&q, w);
            for k in scalars.iter().step_by(3) {
                assert_eq!(
                    t.mul(k),
                    q.to_projective().mul(k),
                    "{} {} w = {w}",
                    G::Curve::NAME,
                    G::NAME
                );
            }
        }
    }
    // The generator's table is built once and shared.
    assert!(std::ptr::eq(
        FixedBaseTable::<G>::generator(),
        FixedBaseTable::<G>::generator()
    ));
    // The result is a valid point in any representation: its affine form is on the curve.
    let k = Scalar::<G::Curve>::random(&mut rng);
    assert!(Projective::<G>::mul_generator(&k).to_affine().is_on_curve());
}

fn check_mixed_add<G: CurveGroup>(seed: u64) {
    let mut rng = TestRng::new(seed);
    let g = Projective::<G>::generator();
    let p = g.mul(&Scalar::<G::Curve>::random(&mut rng));
    let q = g.mul(&Scalar::<G::Curve>::random(&mut rng)).to_affine();
    let id = Projective::<G>::identity();
    let cases = [
        (p, q),
        (q.to_projective(), q),                   // doubling
        (-q.to_projective(), q),                  // sum is the identity
        (id, q),                                  // identity + Q
        (p, Affine::identity()),                  // P + identity
        (id, Affine::identity()),                 // identity + identity
        (q.to_projective().double().double(), q), // Z != 1
    ];
    for (n, (a, b)) in cases.iter().enumerate() {
        let want = a.add(&b.to_projective());
        assert_eq!(
            a.add_mixed(b),
            want,
            "{} {} case {n}",
            G::Curve::NAME,
            G::NAME
        );
        // The Jacobian accumulator of `mul`: unified addition with the same exceptional cases.
        let got = a.add_affine_via_jacobian(b);
        assert_eq!(
            got,
            want,
            "{} {} Jacobian case {n}",
            G::Curve::NAME,
            G::NAME
        );
        assert_eq!(got.is_identity(), want.is_identity());
    }
    for a in [p, q.to_projective(), id] {
        let want = a.double().double().double().double();
        let got = a.double4_via_jacobian();
        assert_eq!(
            got,
            want,
            "{} {} Jacobian doubling",
            G::Curve::NAME,
            G::NAME
        );
        assert_eq!(got.is_identity(), want.is_identity());
    }
}

// The decompositions, endomorphisms and `mul` on every prime curve (their constants are the
// curve's); the MSMs, fixed-base tables and mixed additions, whose code is the same on every
// curve but for its field, on one curve per limb count (4, 6, 7 and 10 limbs: the other three
// BN curves have bn254's 4), so that the test crate compiles 36 instantiations instead of 56.
macro_rules! curve_tests {
    (() $($m:ident: $c:ty = $label:literal),* $(,)?) => { $(
        mod $m {
            use super::*;
            #[test] fn g1_mul() { check_group::<G1<$c>>(0x6c71); }
            #[test] fn g2_mul() { check_group::<G2<$c>>(0x6c72); }
        }
    )* };
}

tripair::for_each_prime_curve!(curve_tests);

macro_rules! algorithm_tests {
    ($($m:ident: $c:ty),* $(,)?) => { $(
        mod $m {
            use super::*;
            #[test] fn g1_msm() { check_msm::<G1<$c>>(0x3531); }
            #[test] fn g2_msm() { check_msm::<G2<$c>>(0x3532); }
            #[test] fn g1_fixed_base() { check_fixed_base::<G1<$c>>(0xf1b1); }
            #[test] fn g2_fixed_base() { check_fixed_base::<G2<$c>>(0xf1b2); }
            #[test] fn g1_mixed_add() { check_mixed_add::<G1<$c>>(0xadd1); }
            #[test] fn g2_mixed_add() { check_mixed_add::<G2<$c>>(0xadd2); }
        }
    )* };
}

mod algorithms {
    use super::*;
    use tripair::curve::curves::{Bls12_381, Bn254, Bn446, Bn638};
    algorithm_tests!(bn254: Bn254, bls12_381: Bls12_381, bn446: Bn446, bn638: Bn638);
}
