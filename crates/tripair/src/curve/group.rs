//! G1 on E(F_p) and G2 on the sextic twist E'(F_p2): one implementation over the [`Field`] trait.
//! Projective arithmetic uses the complete formulas of Renes–Costello–Batina (EUROCRYPT 2016,
//! Algorithms 7, 8 and 9 for a = 0), so constant-time code needs no special cases; the inner loop
//! of the variable-base [`Projective::mul`] runs in Jacobian coordinates with its exceptional
//! cases handled by selects (cheaper doublings).

use super::endo::Decomposition;
use super::params::PairingCurve;
use super::twist::{mul_by_twist_b3, psi_coords};
use crate::field::{Field, Fp, Fp2};
use crate::prelude::*;
use core::fmt::Debug;
use core::marker::PhantomData;

/// One of the two groups of a pairing: its base field and curve coefficient.
pub trait CurveGroup:
    'static + Copy + Clone + Debug + Default + PartialEq + Eq + Send + Sync
{
    /// The coordinate field: F_p for G1, F_p2 for G2.
    type F: Field;
    /// The pairing curve the group belongs to.
    type Curve: PairingCurve;
    /// The group's name, `"G1"` or `"G2"`.
    const NAME: &'static str;
    /// The coefficient b of y^2 = x^3 + b.
    fn coeff_b() -> Self::F;
    /// x * 3b, the only multiplication by a curve constant in the formulas.
    fn mul_by_3b(x: &Self::F) -> Self::F;
    /// The fixed generator of the order-r subgroup.
    fn generator() -> Affine<Self>;
    /// Whether an on-curve point lies in the order-r subgroup (public input: variable time).
    fn is_in_subgroup_vartime(p: &Affine<Self>) -> bool;
    /// [`Affine::is_in_subgroup_vartime`] of each point, for many points at once: the strategy
    /// layer picks how (G1 of BLS12 eight at a time in SIMD lanes, where they run).
    #[doc(hidden)]
    fn in_subgroup_batch_vartime(points: &[Affine<Self>]) -> Vec<bool> {
        points.iter().map(Affine::is_in_subgroup_vartime).collect()
    }
    /// The endomorphism behind [`Projective::mul`] on projective coordinates: phi(x, y) =
    /// (omega x, y) on G1, psi on G2 (any representative of the identity maps to the identity).
    fn endo(p: &Projective<Self>) -> Projective<Self>;
    /// The scalar decomposition matching [`CurveGroup::endo`]: GLV on G1, GLS on G2.
    fn decomposition() -> &'static Decomposition;
}

/// G1: points of E(F_p) of order r.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G1<C>(PhantomData<C>);
/// G2: points of the twist E'(F_p2) of order r.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct G2<C>(PhantomData<C>);

/// A point of G1 in affine coordinates.
pub type G1Affine<C> = Affine<G1<C>>;
/// A point of G2 in affine coordinates.
pub type G2Affine<C> = Affine<G2<C>>;
/// A point of G1 in projective coordinates.
pub type G1Projective<C> = Projective<G1<C>>;
/// A point of G2 in projective coordinates.
pub type G2Projective<C> = Projective<G2<C>>;

/// The F_r scalar type of a curve.
pub type Scalar<C> = Fp<<C as PairingCurve>::Fr>;

impl<C: PairingCurve> CurveGroup for G1<C> {
    type F = Fp<C::Fp>;
    type Curve = C;
    const NAME: &'static str = "G1";
    fn coeff_b() -> Self::F {
        Fp::from_i64(C::B)
    }
    #[inline(always)]
    fn mul_by_3b(x: &Self::F) -> Self::F {
        let m = x.mul_small(3 * C::B.unsigned_abs());
        if C::B < 0 {
            -m
        } else {
            m
        }
    }
    fn generator() -> Affine<Self> {
        let (x, y) = C::consts().g1;
        Affine::new_unchecked(Fp::from_mont(x), Fp::from_mont(y))
    }
    fn is_in_subgroup_vartime(p: &Affine<Self>) -> bool {
        let k = C::consts();
        if k.h1_is_one {
            return true; // E(F_p) has prime order r: every point is in G1.
        }
        if C::FAST_SUBGROUP_CHECKS {
            // phi(P) = (omega x, y) acts as [-u^2] on G1 (Scott, eprint 2021/1130, BLS12).
            // Compared projectively: two products per coordinate instead of an inversion.
            let phi = Affine::<Self>::new_unchecked(p.x * Fp::from_mont(k.omega), p.y);
            let u2 = p.mul_vartime(&k.u_abs).mul_vartime(&k.u_abs);
            return -u2 == phi.to_projective();
        }
        p.mul_vartime(&k.r).is_identity()
    }
    fn in_subgroup_batch_vartime(points: &[Affine<Self>]) -> Vec<bool> {
        super::subgroup::g1_in_subgroup_batch_with::<C>(points, None)
    }
    #[inline]
    fn endo(p: &Projective<Self>) -> Projective<Self> {
        Projective {
            x: p.x * Fp::from_mont(C::consts().omega),
            y: p.y,
            z: p.z,
        }
    }
    fn decomposition() -> &'static Decomposition {
        &C::consts().glv
    }
}

impl<C: PairingCurve> CurveGroup for G2<C> {
    type F = Fp2<C>;
    type Curve = C;
    const NAME: &'static str = "G2";
    fn coeff_b() -> Self::F {
        let (c0, c1) = C::consts().twist_b;
        Fp2::new(Fp::from_mont(c0), Fp::from_mont(c1))
    }
    #[inline(always)]
    fn mul_by_3b(x: &Self::F) -> Self::F {
        mul_by_twist_b3(x)
    }
    fn generator() -> Affine<Self> {
        let [(x0, x1), (y0, y1)] = C::consts().g2;
        Affine::new_unchecked(
            Fp2::new(Fp::from_mont(x0), Fp::from_mont(x1)),
            Fp2::new(Fp::from_mont(y0), Fp::from_mont(y1)),
        )
    }
    fn is_in_subgroup_vartime(p: &Affine<Self>) -> bool {
        let k = C::consts();
        if C::FAST_SUBGROUP_CHECKS {
            // psi acts on G2 as [p] = [t - 1]: [u] for BLS12 (Scott, eprint 2021/1130) and [6u^2]
            // for BN (El Housni–Guillevic–Piellard, eprint 2022/352).
            let lhs = psi(p);
            let rhs = p.mul_vartime(&k.psi_eigen_abs);
            let rhs = if k.psi_eigen_neg { -rhs } else { rhs };
            return rhs == lhs.to_projective();
        }
        p.mul_vartime(&k.r).is_identity()
    }
    #[inline]
    fn endo(p: &Projective<Self>) -> Projective<Self> {
        // psi(X/Z, Y/Z) = (conj(X) cx / conj(Z), conj(Y) cy / conj(Z)).
        let (x, y) = psi_coords::<C, Fp<C::Fp>>(&(p.x, p.y));
        Projective {
            x,
            y,
            z: p.z.conjugate(),
        }
    }
    fn decomposition() -> &'static Decomposition {
        &C::consts().gls
    }
}

/// The untwist-Frobenius-twist endomorphism psi on E'(F_p2).
pub fn psi<C: PairingCurve>(p: &G2Affine<C>) -> G2Affine<C> {
    if p.infinity {
        return *p;
    }
    let (x, y) = psi_coords::<C, Fp<C::Fp>>(&(p.x, p.y));
    Affine::new_unchecked(x, y)
}

/// !0 if x = 0, else 0, without a branch on x.
#[inline(always)]
pub(crate) fn ct_is_zero_mask<F: Field>(x: &F) -> u64 {
    x.ct_eq_mask(&F::ZERO)
}

/// Affine (x, y) of N projective points with one constant-time inversion (Montgomery's
/// simultaneous inversion: 3(N - 1) multiplications and one inversion). No branch on the points:
/// if any Z is 0 the shared inverse is 0 and every output is (0, 0), which callers that allow the
/// identity catch with a select.
pub(crate) fn normalize_ct<G: CurveGroup, const N: usize>(
    points: &[Projective<G>; N],
) -> [(G::F, G::F); N] {
    let mut out = [(G::F::ZERO, G::F::ZERO); N];
    normalize_ct_into(points, &mut out);
    out
}

/// [`normalize_ct`] on slices of equal length (panics otherwise).
pub(crate) fn normalize_ct_into<G: CurveGroup>(points: &[Projective<G>], out: &mut [(G::F, G::F)]) {
    assert_eq!(points.len(), out.len());
    if points.is_empty() {
        return;
    }
    // out[i].0 = z_0 z_1 .. z_(i-1) (the prefix products) for now.
    let mut acc = G::F::ONE;
    for (p, o) in points.iter().zip(out.iter_mut()) {
        o.0 = acc;
        acc *= p.z;
    }
    let mut inv = acc.inv();
    for (p, o) in points.iter().zip(out.iter_mut()).rev() {
        let zinv = inv * o.0;
        inv *= p.z;
        *o = (p.x * zinv, p.y * zinv);
    }
}

/// A point of G1 or G2 in affine coordinates.
///
/// Every public way to obtain one yields a point of the order-r group: the decoders and
/// [`Affine::new_checked`] check the curve equation and the subgroup, [`Affine::generator`],
/// [`Affine::random`] and the group operations stay inside it. The one exception is
/// [`Affine::new_unchecked`], whose caller promises validity; pairings take that promise as given.
/// `Default` is the point at infinity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Affine<G: CurveGroup> {
    pub(crate) x: G::F,
    pub(crate) y: G::F,
    /// The point at infinity (x = y = 0 then).
    pub(crate) infinity: bool,
}

/// A point in homogeneous projective coordinates (X : Y : Z), x = X/Z, y = Y/Z; infinity is
/// (0 : 1 : 0). The group law uses complete formulas. `Default` is the point at infinity.
#[derive(Clone, Copy, Debug)]
pub struct Projective<G: CurveGroup> {
    pub(crate) x: G::F,
    pub(crate) y: G::F,
    pub(crate) z: G::F,
}

impl<G: CurveGroup> Default for Affine<G> {
    fn default() -> Self {
        Self::identity()
    }
}

impl<G: CurveGroup> Default for Projective<G> {
    fn default() -> Self {
        Self::identity()
    }
}

impl<G: CurveGroup> Affine<G> {
    /// The affine x-coordinate (0 for the point at infinity).
    pub fn x(&self) -> G::F {
        self.x
    }

    /// The affine y-coordinate (0 for the point at infinity).
    pub fn y(&self) -> G::F {
        self.y
    }

    /// Whether this is the point at infinity (the identity of the group).
    pub fn is_identity(&self) -> bool {
        self.infinity
    }

    /// The affine coordinates, borrowed ((0, 0) for the point at infinity): for callers that must
    /// address a point's coordinate bytes, such as the constant-time checks that mark them secret.
    pub fn coordinates(&self) -> (&G::F, &G::F) {
        (&self.x, &self.y)
    }

    /// The fixed generator of the group.
    pub fn generator() -> Self {
        G::generator()
    }

    /// A uniformly random point of the group: the generator times a uniformly random scalar.
    /// For secret points `rng` must be a cryptographically secure generator.
    pub fn random<R: rand_core::RngCore + ?Sized>(rng: &mut R) -> Self {
        Projective::<G>::random(rng).to_affine()
    }

    /// The point at infinity.
    pub fn identity() -> Self {
        Affine {
            x: G::F::ZERO,
            y: G::F::ZERO,
            infinity: true,
        }
    }

    /// A point from coordinates without any check. The caller promises that (x, y) is on the
    /// curve and in the order-r subgroup: pairings and encodings of an invalid point are
    /// meaningless. Use [`Affine::new_checked`] or the decoders for untrusted input.
    pub fn new_unchecked(x: G::F, y: G::F) -> Self {
        Affine {
            x,
            y,
            infinity: false,
        }
    }

    /// Whether y^2 = x^3 + b (the point at infinity is on the curve).
    pub fn is_on_curve(&self) -> bool {
        self.infinity || self.y.square() == self.x.square() * self.x + G::coeff_b()
    }

    /// Whether the point lies in the order-r subgroup (public input: variable time).
    pub fn is_in_subgroup_vartime(&self) -> bool {
        self.infinity || G::is_in_subgroup_vartime(self)
    }

    /// A checked point: on the curve and in the order-r subgroup, else the named error.
    pub fn new_checked(x: G::F, y: G::F) -> crate::Result<Self> {
        let p = Self::new_unchecked(x, y);
        if !p.is_on_curve() {
            return Err(crate::Error::NotOnCurve);
        }
        if !p.is_in_subgroup_vartime() {
            return Err(crate::Error::NotInSubgroup);
        }
        Ok(p)
    }

    /// The same point in projective coordinates.
    pub fn to_projective(&self) -> Projective<G> {
        if self.infinity {
            Projective::identity()
        } else {
            Projective {
                x: self.x,
                y: self.y,
                z: G::F::ONE,
            }
        }
    }

    /// The inverse -P = (x, -y).
    pub fn neg(&self) -> Self {
        Affine {
            x: self.x,
            y: -self.y,
            infinity: self.infinity,
        }
    }
}

impl<G: CurveGroup> PartialEq for Projective<G> {
    fn eq(&self, o: &Self) -> bool {
        // (X1 : Y1 : Z1) = (X2 : Y2 : Z2) iff X1 Z2 = X2 Z1 and Y1 Z2 = Y2 Z1 (covers infinity too).
        self.x * o.z == o.x * self.z && self.y * o.z == o.y * self.z
    }
}
impl<G: CurveGroup> Eq for Projective<G> {}

impl<G: CurveGroup> core::ops::Neg for Projective<G> {
    type Output = Self;
    fn neg(self) -> Self {
        Projective {
            x: self.x,
            y: -self.y,
            z: self.z,
        }
    }
}

impl<G: CurveGroup> Projective<G> {
    /// The point at infinity (0 : 1 : 0).
    pub fn identity() -> Self {
        Projective {
            x: G::F::ZERO,
            y: G::F::ONE,
            z: G::F::ZERO,
        }
    }

    /// The fixed generator of the group.
    pub fn generator() -> Self {
        G::generator().to_projective()
    }

    /// A uniformly random point of the group: the generator times a uniformly random scalar.
    /// For secret points `rng` must be a cryptographically secure generator.
    pub fn random<R: rand_core::RngCore + ?Sized>(rng: &mut R) -> Self {
        Self::generator().mul(&Scalar::<G::Curve>::random(rng))
    }

    /// Whether this is the point at infinity.
    pub fn is_identity(&self) -> bool {
        self.z.is_zero()
    }

    /// Complete addition (RCB 2016, Algorithm 7, a = 0).
    #[inline]
    pub fn add(&self, o: &Self) -> Self {
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2, z2) = (o.x, o.y, o.z);
        let mut t0 = x1 * x2;
        let mut t1 = y1 * y2;
        let mut t2 = z1 * z2;
        let mut t3 = (x1 + y1) * (x2 + y2);
        let mut t4 = t0 + t1;
        t3 -= t4;
        t4 = (y1 + z1) * (y2 + z2);
        let mut x3 = t1 + t2;
        t4 -= x3;
        x3 = (x1 + z1) * (x2 + z2);
        let mut y3 = t0 + t2;
        y3 = x3 - y3;
        x3 = t0.double();
        t0 += x3;
        t2 = G::mul_by_3b(&t2);
        let mut z3 = t1 + t2;
        t1 -= t2;
        y3 = G::mul_by_3b(&y3);
        x3 = t4 * y3;
        t2 = t3 * t1;
        x3 = t2 - x3;
        y3 *= t0;
        t1 *= z3;
        y3 = t1 + y3;
        t0 *= t3;
        z3 *= t4;
        z3 += t0;
        Projective {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// Complete doubling (RCB 2016, Algorithm 9, a = 0).
    #[inline]
    pub fn double(&self) -> Self {
        let (x, y, z) = (self.x, self.y, self.z);
        let t0 = y.square();
        let mut z3 = t0.double().double().double();
        let t1 = y * z;
        let mut t2 = z.square();
        t2 = G::mul_by_3b(&t2);
        let mut x3 = t2 * z3;
        let mut y3 = t0 + t2;
        z3 *= t1;
        let t1 = t2.double();
        let t2 = t1 + t2;
        let t0 = t0 - t2;
        y3 = t0 * y3;
        y3 += x3;
        let t1 = x * y;
        x3 = t0 * t1;
        x3 = x3.double();
        Projective {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `self + (x, y)` for an affine point (x, y) that is not the identity, by the complete mixed
    /// addition (RCB 2016, Algorithm 8, a = 0: 11 multiplications and two by 3b). `self` may be
    /// any point, the identity and +-(x, y) included; only the affine operand must be finite.
    #[inline]
    pub(crate) fn add_affine_xy(&self, x2: &G::F, y2: &G::F) -> Self {
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let mut t0 = x1 * *x2;
        let mut t1 = y1 * *y2;
        let mut t3 = (*x2 + *y2) * (x1 + y1);
        let mut t4 = t0 + t1;
        t3 -= t4;
        t4 = *y2 * z1 + y1;
        let mut y3 = *x2 * z1 + x1;
        let mut x3 = t0.double();
        t0 += x3;
        let mut t2 = G::mul_by_3b(&z1);
        let mut z3 = t1 + t2;
        t1 -= t2;
        y3 = G::mul_by_3b(&y3);
        x3 = t4 * y3;
        t2 = t3 * t1;
        x3 = t2 - x3;
        y3 *= t0;
        t1 *= z3;
        y3 = t1 + y3;
        t0 *= t3;
        z3 *= t4;
        z3 += t0;
        Projective {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `self + o` for an affine `o` by the mixed formula, the identity `o` by a select.
    /// Constant time (no branch on either point).
    pub fn add_mixed(&self, o: &Affine<G>) -> Self {
        let sum = self.add_affine_xy(&o.x, &o.y);
        sum.select(self, 0u64.wrapping_sub(o.infinity as u64))
    }

    /// `self` where mask = 0, `o` where mask = !0, in constant time.
    pub fn select(&self, o: &Self, mask: u64) -> Self {
        Projective {
            x: self.x.select(&o.x, mask),
            y: self.y.select(&o.y, mask),
            z: self.z.select(&o.z, mask),
        }
    }

    /// Affine form with a constant-time inversion, without a branch on the point: for Z = 0 the
    /// inverse is 0, so the coordinates come out (0, 0), those of [`Affine::identity`].
    pub fn to_affine(&self) -> Affine<G> {
        let zinv = self.z.inv();
        Affine {
            x: self.x * zinv,
            y: self.y * zinv,
            infinity: self.z.is_zero(),
        }
    }

    /// Affine form with a variable-time inversion (public points).
    pub fn to_affine_vartime(&self) -> Affine<G> {
        match self.z.inv_vartime() {
            None => Affine::identity(),
            Some(zinv) => Affine {
                x: self.x * zinv,
                y: self.y * zinv,
                infinity: false,
            },
        }
    }

    /// Affine forms of many points with one shared inversion (Montgomery's trick). Variable time.
    pub fn batch_to_affine_vartime(points: &[Self]) -> Vec<Affine<G>> {
        let mut prefix = Vec::with_capacity(points.len());
        let mut acc = G::F::ONE;
        for p in points {
            prefix.push(acc);
            if !p.z.is_zero() {
                acc *= p.z;
            }
        }
        let mut inv = acc.inv_vartime().unwrap_or(G::F::ONE);
        let mut out = vec![Affine::identity(); points.len()];
        for (i, p) in points.iter().enumerate().rev() {
            if p.z.is_zero() {
                continue;
            }
            let zinv = inv * prefix[i];
            inv *= p.z;
            out[i] = Affine {
                x: p.x * zinv,
                y: p.y * zinv,
                infinity: false,
            };
        }
        out
    }
}

// Group operators: `+`, `-` and negation on projective points (affine operands convert), and
// `*` by a scalar of F_r (constant time: [`Projective::mul`]).
impl<G: CurveGroup> core::ops::Add for Projective<G> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        Projective::add(&self, &o)
    }
}

impl<G: CurveGroup> core::ops::Add<Affine<G>> for Projective<G> {
    type Output = Self;
    fn add(self, o: Affine<G>) -> Self {
        Projective::add(&self, &o.to_projective())
    }
}

impl<G: CurveGroup> core::ops::Add for Affine<G> {
    type Output = Projective<G>;
    fn add(self, o: Self) -> Projective<G> {
        Projective::add(&self.to_projective(), &o.to_projective())
    }
}

impl<G: CurveGroup> core::ops::Sub for Projective<G> {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        Projective::add(&self, &-o)
    }
}

impl<G: CurveGroup> core::ops::Sub<Affine<G>> for Projective<G> {
    type Output = Self;
    fn sub(self, o: Affine<G>) -> Self {
        Projective::add(&self, &o.neg().to_projective())
    }
}

impl<G: CurveGroup> core::ops::Sub for Affine<G> {
    type Output = Projective<G>;
    fn sub(self, o: Self) -> Projective<G> {
        Projective::add(&self.to_projective(), &o.neg().to_projective())
    }
}

impl<G: CurveGroup> core::ops::Neg for Affine<G> {
    type Output = Self;
    fn neg(self) -> Self {
        Affine::neg(&self)
    }
}

impl<G: CurveGroup> core::ops::AddAssign for Projective<G> {
    fn add_assign(&mut self, o: Self) {
        *self = Projective::add(self, &o);
    }
}

impl<G: CurveGroup> core::ops::SubAssign for Projective<G> {
    fn sub_assign(&mut self, o: Self) {
        *self = Projective::add(self, &-o);
    }
}

impl<G: CurveGroup> core::ops::Mul<Scalar<G::Curve>> for Projective<G> {
    type Output = Self;
    fn mul(self, k: Scalar<G::Curve>) -> Self {
        Projective::mul(&self, &k)
    }
}

impl<G: CurveGroup> core::ops::Mul<Scalar<G::Curve>> for Affine<G> {
    type Output = Projective<G>;
    fn mul(self, k: Scalar<G::Curve>) -> Projective<G> {
        Projective::mul(&self.to_projective(), &k)
    }
}

impl<G: CurveGroup> core::ops::MulAssign<Scalar<G::Curve>> for Projective<G> {
    fn mul_assign(&mut self, k: Scalar<G::Curve>) {
        *self = Projective::mul(self, &k);
    }
}
