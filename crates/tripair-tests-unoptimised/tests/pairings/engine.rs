//! The seams of the pairing engine, on every prime-field curve:
//! - the tower, the Miller-loop driver and the final exponentiation are generic over the base
//!   field: a second base field holding two independent F_p elements side by side computes two
//!   pairings at once through the unchanged code, each equal to its single pairing;
//! - prepared G2 points (stored lines) give the same values as the projective loop, alone and in
//!   products mixed with the point at infinity;
//! - `pairing_check` accepts e(aP, bQ) e(-abP, Q) and rejects a perturbed pair;
//! - the affine source (one inversion per step shared by the batch) gives the projective values,
//!   for products and for separate pairings computed together; prepared points built by
//!   projective or affine steps store the same normalized lines.

use core::ops::{Add, AddAssign, BitAnd, Mul, MulAssign, Neg, Sub, SubAssign};
use tripair::curve::{G1Affine, G1Projective, G2Affine, G2Projective, PairingCurve, Scalar};
use tripair::field::batch_inv;
use tripair::field::{BaseField, Fp, Fp12, Fp2, Fp6, FpParams, TowerKernels, TowerParams};
use tripair::pairing::{
    drive, final_exponentiation, final_exponentiation_in, miller_loop, miller_loop_affine,
    miller_loop_affine_vartime, multi_miller_loop, multi_pairing, multi_pairing_affine_vartime,
    multi_pairing_prepared, pairing, pairing_check, pairing_prepared, pairings_affine,
    pairings_affine_vartime, pairings_prepared, G2Prepared, Gt, MillerSchedule, PreparedG1,
    ProjectiveLines,
};
use tripair_testkit::TestRng;

/// Two elements of F_p side by side: every operation acts on both, conditions are per element.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Two<P: FpParams>([Fp<P>; 2]);

/// One selector per element.
#[derive(Clone, Copy, Debug)]
struct TwoMask([u64; 2]);

impl BitAnd for TwoMask {
    type Output = Self;
    fn bitand(self, r: Self) -> Self {
        TwoMask([self.0[0] & r.0[0], self.0[1] & r.0[1]])
    }
}

impl<P: FpParams> Two<P> {
    fn map(&self, f: impl Fn(&Fp<P>) -> Fp<P>) -> Self {
        Two([f(&self.0[0]), f(&self.0[1])])
    }
    fn zip(&self, o: &Self, f: impl Fn(&Fp<P>, &Fp<P>) -> Fp<P>) -> Self {
        Two([f(&self.0[0], &o.0[0]), f(&self.0[1], &o.0[1])])
    }
}

macro_rules! lanewise_ops {
    ($($tr:ident $m:ident $atr:ident $am:ident),*) => { $(
        impl<P: FpParams> $tr for Two<P> {
            type Output = Self;
            fn $m(self, r: Self) -> Self {
                self.zip(&r, |a, b| a.$m(*b))
            }
        }
        impl<P: FpParams> $atr for Two<P> {
            fn $am(&mut self, r: Self) {
                *self = self.$m(r);
            }
        }
    )* };
}
lanewise_ops!(Add add AddAssign add_assign, Sub sub SubAssign sub_assign, Mul mul MulAssign mul_assign);

impl<P: FpParams> Neg for Two<P> {
    type Output = Self;
    fn neg(self) -> Self {
        self.map(|a| -*a)
    }
}

type WideOf<P> = <Fp<P> as BaseField>::Wide;

impl<P: FpParams> BaseField for Two<P> {
    type Params = P;
    type Mask = TwoMask;
    type Wide = [WideOf<P>; 2];
    const ZERO: Self = Two([Fp::ZERO; 2]);
    const ONE: Self = Two([Fp::ONE; 2]);
    const LAZY: bool = <Fp<P> as BaseField>::LAZY;

    fn splat(x: &Fp<P>) -> Self {
        Two([*x; 2])
    }
    fn square(&self) -> Self {
        self.map(|a| a.square())
    }
    fn double(&self) -> Self {
        self.map(|a| a.double())
    }
    fn half(&self) -> Self {
        self.map(|a| a.half())
    }
    fn mul_small(&self, k: u64) -> Self {
        self.map(|a| a.mul_small(k))
    }
    fn small_lincomb(a: &Self, ka: i64, b: &Self, kb: i64) -> Self {
        a.zip(b, |x, y| Fp::small_lincomb(x, ka, y, kb))
    }
    fn inv(&self) -> Self {
        self.map(|a| a.inv())
    }
    fn inv_vartime(&self) -> Option<Self> {
        Some(Two([self.0[0].inv_vartime()?, self.0[1].inv_vartime()?]))
    }
    fn ct_eq_mask(&self, o: &Self) -> TwoMask {
        TwoMask([self.0[0].ct_eq_mask(&o.0[0]), self.0[1].ct_eq_mask(&o.0[1])])
    }
    fn select(&self, o: &Self, m: TwoMask) -> Self {
        Two([
            self.0[0].select(&o.0[0], m.0[0]),
            self.0[1].select(&o.0[1], m.0[1]),
        ])
    }
    fn add_unreduced(&self, b: &Self) -> Self {
        self.zip(b, |x, y| x.add_unreduced(y))
    }
    fn sub_unreduced(&self, b: &Self) -> Self {
        self.zip(b, |x, y| x.sub_unreduced(y))
    }
    const WIDE_ZERO: Self::Wide = [<Fp<P> as BaseField>::WIDE_ZERO; 2];
    fn mul_wide_into(&self, b: &Self, out: &mut Self::Wide) {
        let [o0, o1] = out;
        self.0[0].mul_wide_into(&b.0[0], o0);
        self.0[1].mul_wide_into(&b.0[1], o1);
    }
    fn reduce_wide(w: &Self::Wide) -> Self {
        Two([Fp::reduce_wide(&w[0]), Fp::reduce_wide(&w[1])])
    }
    fn wide_add(a: &Self::Wide, b: &Self::Wide) -> Self::Wide {
        [
            Fp::<P>::wide_add(&a[0], &b[0]),
            Fp::<P>::wide_add(&a[1], &b[1]),
        ]
    }
    fn wide_sub(a: &Self::Wide, b: &Self::Wide) -> Self::Wide {
        [
            Fp::<P>::wide_sub(&a[0], &b[0]),
            Fp::<P>::wide_sub(&a[1], &b[1]),
        ]
    }
    fn wide_sub_nonneg(a: &Self::Wide, b: &Self::Wide) -> Self::Wide {
        [
            <Fp<P> as BaseField>::wide_sub_nonneg(&a[0], &b[0]),
            <Fp<P> as BaseField>::wide_sub_nonneg(&a[1], &b[1]),
        ]
    }
    fn wide_lincomb(a: &Self::Wide, ka: i64, b: &Self::Wide, kb: i64) -> Self::Wide {
        [
            <Fp<P> as BaseField>::wide_lincomb(&a[0], ka, &b[0], kb),
            <Fp<P> as BaseField>::wide_lincomb(&a[1], ka, &b[1], kb),
        ]
    }
}

/// The tower's own formulas: the field has no kernels of its own.
impl<P: FpParams> TowerKernels for Two<P> {}

fn two_fp2<C: TowerParams>(a: &Fp2<C>, b: &Fp2<C>) -> Fp2<C, Two<C::Fp>> {
    Fp2::new(Two([a.c0, b.c0]), Two([a.c1, b.c1]))
}

fn lane_fp2<C: TowerParams>(x: &Fp2<C, Two<C::Fp>>, i: usize) -> Fp2<C> {
    Fp2::new(x.c0.0[i], x.c1.0[i])
}

fn lane_fp6<C: TowerParams>(x: &Fp6<C, Two<C::Fp>>, i: usize) -> Fp6<C> {
    Fp6::new(lane_fp2(&x.c0, i), lane_fp2(&x.c1, i), lane_fp2(&x.c2, i))
}

fn lane_fp12<C: TowerParams>(x: &Fp12<C, Two<C::Fp>>, i: usize) -> Fp12<C> {
    Fp12::new(lane_fp6(&x.c0, i), lane_fp6(&x.c1, i))
}

fn random_pair<C: PairingCurve>(rng: &mut TestRng) -> (G1Affine<C>, G2Affine<C>) {
    let a: Scalar<C> = Fp::random(rng);
    let b: Scalar<C> = Fp::random(rng);
    (
        (G1Projective::<C>::generator() * a).to_affine(),
        (G2Projective::<C>::generator() * b).to_affine(),
    )
}

/// Two pairings at once through the generic driver and final exponentiation.
fn check_two_at_once<C: PairingCurve>() {
    let mut rng = TestRng::new(0x2222);
    for _ in 0..2 {
        let (p1, q1) = random_pair::<C>(&mut rng);
        let (p2, q2) = random_pair::<C>(&mut rng);
        let p = PreparedG1::new(Two([p1.x(), p2.x()]), Two([p1.y(), p2.y()]));
        let q = (two_fp2(&q1.x(), &q2.x()), two_fp2(&q1.y(), &q2.y()));
        let mut source = ProjectiveLines::<C, Two<C::Fp>>::new([(p, q)]);
        let f = drive(&MillerSchedule::optimal_ate::<C>(), &mut source);
        // The loops themselves agree lane by lane with the scalar loop.
        assert_eq!(lane_fp12(&f, 0), *miller_loop::<C>(&[(p1, q1)]).as_fp12());
        assert_eq!(lane_fp12(&f, 1), *miller_loop::<C>(&[(p2, q2)]).as_fp12());
        let g = final_exponentiation_in(&f);
        assert_eq!(
            lane_fp12(&g, 0),
            pairing::<C>(&p1, &q1).into_fp12(),
            "{}: lane 0",
            C::NAME
        );
        assert_eq!(
            lane_fp12(&g, 1),
            pairing::<C>(&p2, &q2).into_fp12(),
            "{}: lane 1",
            C::NAME
        );
    }
}

/// Prepared G2 points: single pairings and products equal the unprepared ones.
fn check_prepared<C: PairingCurve>() {
    let mut rng = TestRng::new(0x9292);
    let pairs: Vec<_> = (0..3).map(|_| random_pair::<C>(&mut rng)).collect();
    let mut all = pairs.clone();
    all.push((G1Affine::identity(), pairs[0].1));
    all.push((pairs[1].0, G2Affine::identity()));
    let prepared: Vec<G2Prepared<C>> = all.iter().map(|(_, q)| G2Prepared::new(q)).collect();
    assert!(prepared[4].is_identity());
    for ((p, q), qp) in all.iter().zip(&prepared) {
        assert_eq!(pairing_prepared(p, qp), pairing::<C>(p, q), "{}", C::NAME);
    }
    let refs: Vec<(&G1Affine<C>, &G2Prepared<C>)> =
        all.iter().map(|(p, _)| p).zip(prepared.iter()).collect();
    assert_eq!(
        final_exponentiation(&multi_miller_loop(&refs)),
        multi_pairing::<C>(&all),
        "{}: prepared product",
        C::NAME
    );
    assert_eq!(multi_pairing_prepared(&refs), multi_pairing::<C>(&all));
    // The affine walk stores the same normalized lines, and the prepared Miller loop equals the
    // affine source's value exactly (same lines, same scaling by -yP, same order).
    for ((_, q), qp) in all.iter().zip(&prepared) {
        assert_eq!(&G2Prepared::new_affine_vartime(q), qp, "{}", C::NAME);
    }
    assert_eq!(
        multi_miller_loop(&refs[..3]).as_fp12(),
        miller_loop_affine_vartime::<C>(&all[..3]).as_fp12()
    );
    // Many P with one fixed Q (the point at infinity among them), and a fixed Q at infinity.
    let ps: Vec<G1Affine<C>> = vec![pairs[0].0, G1Affine::identity(), pairs[2].0, pairs[0].0];
    let got = pairings_prepared(&prepared[1], &ps);
    for (p, e) in ps.iter().zip(&got) {
        assert_eq!(*e, pairing::<C>(p, &pairs[1].1), "{}: fixed Q", C::NAME);
    }
    assert!(pairings_prepared(&prepared[4], &ps)
        .iter()
        .all(Gt::is_identity));
    assert!(pairings_prepared(&prepared[0], &[]).is_empty());
}

/// pairing_check: e(aP, bQ) e(-abP, Q) = 1; a perturbed pair is rejected.
fn check_pairing_check<C: PairingCurve>() {
    let mut rng = TestRng::new(0xc4ec);
    let g1 = G1Projective::<C>::generator();
    let g2 = G2Projective::<C>::generator();
    let a: Scalar<C> = Fp::random(&mut rng);
    let b: Scalar<C> = Fp::random(&mut rng);
    let pa = (g1 * a).to_affine();
    let qb = (g2 * b).to_affine();
    let neg_abp = (g1 * (a * b)).to_affine().neg();
    let q = g2.to_affine();
    assert!(pairing_check::<C>(&[(pa, qb), (neg_abp, q)]), "{}", C::NAME);
    // Perturbed: a + 1 in place of a.
    let pa1 = (g1 * (a + Fp::ONE)).to_affine();
    assert!(
        !pairing_check::<C>(&[(pa1, qb), (neg_abp, q)]),
        "{}",
        C::NAME
    );
    // The swapped scalar (b on G1, a on G2) still checks; one pair alone does not.
    let pb = (g1 * b).to_affine();
    let qa = (g2 * a).to_affine();
    assert!(pairing_check::<C>(&[(pb, qa), (neg_abp, q)]));
    assert!(!pairing_check::<C>(&[(pa, qb)]));
    assert!(pairing_check::<C>(&[]));
}

/// The affine source (one shared inversion per step) gives the projective pairing values, alone
/// and in products with the point at infinity.
fn check_affine<C: PairingCurve>() {
    let mut rng = TestRng::new(0xaff1);
    let pairs: Vec<_> = (0..4).map(|_| random_pair::<C>(&mut rng)).collect();
    for (p, q) in &pairs[..2] {
        assert_eq!(
            final_exponentiation(&miller_loop_affine_vartime::<C>(&[(*p, *q)])),
            pairing::<C>(p, q),
            "{}: affine single",
            C::NAME
        );
    }
    let mut all = pairs.clone();
    all.insert(1, (G1Affine::identity(), pairs[0].1));
    all.push((pairs[2].0, G2Affine::identity()));
    assert_eq!(
        final_exponentiation(&miller_loop_affine_vartime::<C>(&all)),
        multi_pairing::<C>(&all),
        "{}: affine product",
        C::NAME
    );
    assert!(final_exponentiation(&miller_loop_affine_vartime::<C>(&all[1..2])).is_identity());
    assert_eq!(
        multi_pairing_affine_vartime::<C>(&all),
        multi_pairing::<C>(&all)
    );
    // Separate pairings sharing inversions, with infinity and a repeated pair in the batch.
    all.push(all[0]);
    let each = pairings_affine_vartime::<C>(&all);
    assert_eq!(each.len(), all.len());
    for ((p, q), e) in all.iter().zip(&each) {
        assert_eq!(*e, pairing::<C>(p, q), "{}: affine batch", C::NAME);
    }
    assert!(pairings_affine_vartime::<C>(&[]).is_empty());
    // The constant-time affine source, and the product's choice of source on both sides of its
    // threshold (infinity included), against the projective loop.
    assert_eq!(
        final_exponentiation(&miller_loop_affine::<C>(&all)),
        multi_pairing::<C>(&all)
    );
    let k = tripair::strategy::affine_min_pairs::<C>();
    let mut many: Vec<_> = (0..k).map(|_| random_pair::<C>(&mut rng)).collect();
    many.push((G1Affine::identity(), pairs[0].1));
    for n in [k - 1, k + 1] {
        assert_eq!(
            multi_pairing::<C>(&many[..n]),
            final_exponentiation(&miller_loop::<C>(&many[..n])),
            "{}: product of {n}",
            C::NAME
        );
    }
    for ((p, q), e) in all.iter().zip(pairings_affine::<C>(&all)) {
        assert_eq!(
            e,
            pairing::<C>(p, q),
            "{}: constant-time affine batch",
            C::NAME
        );
    }
    // Normalized line products equal the general sparse products with the 1 put in.
    let f = pairing::<C>(&pairs[0].0, &pairs[0].1).into_fp12();
    let (a, b) = (pairs[1].1.x(), pairs[1].1.y());
    assert_eq!(
        f.mul_by_line_d_normalized(&a, &b),
        f.mul_by_line_d(&Fp2::ONE, &a, &b)
    );
    assert_eq!(
        f.mul_by_line_m_normalized(&a, &b),
        f.mul_by_line_m(&a, &b, &Fp2::ONE)
    );
}

/// Montgomery's trick: zeros stay zero, repeated elements and the rest are inverted.
fn check_batch_inversion<C: PairingCurve>() {
    let mut rng = TestRng::new(0xb1);
    let a = Fp2::<C>::new(Fp::random(&mut rng), Fp::random(&mut rng));
    let b = Fp2::<C>::new(Fp::random(&mut rng), Fp::random(&mut rng));
    let mut xs = vec![a, Fp2::ZERO, b, a, Fp2::ONE, Fp2::ZERO];
    Fp2::batch_inv_vartime(&mut xs);
    let want = [
        a.inv_vartime().unwrap(),
        Fp2::ZERO,
        b.inv_vartime().unwrap(),
        a.inv_vartime().unwrap(),
        Fp2::ONE,
        Fp2::ZERO,
    ];
    assert_eq!(xs, want);
    let mut none: Vec<Fp2<C>> = vec![];
    Fp2::batch_inv_vartime(&mut none);
    let mut zeros = vec![Fp2::<C>::ZERO; 3];
    Fp2::batch_inv_vartime(&mut zeros);
    assert!(zeros.iter().all(|z| z.is_zero()));
    // The constant-time form, in F_p2 and in F_p.
    let mut xs = vec![a, Fp2::ZERO, b, a, Fp2::ONE, Fp2::ZERO];
    batch_inv(&mut xs);
    assert_eq!(xs, want);
    let c: Fp<C::Fp> = Fp::random(&mut rng);
    let mut ys = vec![c, Fp::ZERO, c, Fp::ONE];
    batch_inv(&mut ys);
    assert_eq!(ys, [c.inv(), Fp::ZERO, c.inv(), Fp::ONE]);
    assert_eq!(ys[0] * c, Fp::ONE);
}

macro_rules! engine_tests {
    (() $($m:ident: $c:ty = $label:literal),* $(,)?) => { $(
        mod $m {
            use super::*;
            #[test] fn prepared_g2() { check_prepared::<$c>(); }
            #[test] fn pairing_checks() { check_pairing_check::<$c>(); }
            #[test] fn affine_source() { check_affine::<$c>(); }
            #[test] fn batch_inversion() { check_batch_inversion::<$c>(); }
        }
    )* };
}

tripair::for_each_prime_curve!(engine_tests);

/// The engine's genericity over the base field (`Two` through the unchanged driver, tower and final
/// exponentiation) on one curve of each shape the tower and the final exponentiation take (`Two`
/// reduces lazily where its F_p does): BN with a D-type twist and lazy F_p2 (bn254), BN without
/// lazy reduction with beta = -2 (bn256d) and with beta = -1 (dclxvi), BN with an M-type twist
/// (bn446), and BLS12 (bls12-381). bn254n has bn254's shape and bn638 dclxvi's (10 limbs instead
/// of 4, which `Two` does not see): each would instantiate the whole stack once more for `Two` in
/// this crate's build (docs/build-timings.md) for no other code path.
mod two_at_once {
    test_on_curves! {
        two_pairings_at_once => check_two_at_once;
        bn254: tripair::curve::curves::Bn254,
        bn256d: tripair::curve::curves::Bn256d,
        dclxvi: tripair::curve::curves::Dclxvi,
        bn446: tripair::curve::curves::Bn446,
        bls12_381: tripair::curve::curves::Bls12_381,
    }
}
