//! G1 on E(F_p) and G2 on the sextic twist E'(F_p2): one implementation over the [`Field`] trait.
//! Projective arithmetic uses the complete formulas of Renes–Costello–Batina (EUROCRYPT 2016,
//! Algorithms 7, 8 and 9 for a = 0), so constant-time code needs no special cases; the inner loop
//! of the variable-base [`Projective::mul`] runs in Jacobian coordinates with its exceptional
//! cases handled by selects (cheaper doublings).

use super::endo::{Decomposition, PART_LIMBS};
use super::params::PairingCurve;
use crate::field::{Field, Fp, Fp2, FpParams, TowerKernels};
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

/// The width-w NAF of a non-negative integer (little-endian limbs), least significant digit
/// first: odd digits below 2^(w-1) in absolute value, at least w - 1 zeros after each. Variable time.
fn wnaf_vartime(k: &[u64], w: u32) -> Vec<i8> {
    let mut k: Vec<u64> = k.iter().copied().chain([0]).collect();
    let mut out = Vec::with_capacity(64 * k.len());
    while k.iter().any(|&v| v != 0) {
        let mut digit = 0i64;
        if k[0] & 1 == 1 {
            digit = (k[0] & ((1 << w) - 1)) as i64;
            if digit >= 1 << (w - 1) {
                digit -= 1 << w;
            }
            // k -= digit
            let (mut carry, mut l) = (digit.unsigned_abs(), 0);
            while carry != 0 {
                let (v, c) = if digit > 0 {
                    k[l].overflowing_sub(carry)
                } else {
                    k[l].overflowing_add(carry)
                };
                k[l] = v;
                carry = c as u64;
                l += 1;
            }
        }
        out.push(digit as i8);
        // k >>= 1
        for l in 0..k.len() {
            let hi = k.get(l + 1).map_or(0, |v| v << 63);
            k[l] = (k[l] >> 1) | hi;
        }
    }
    out
}

/// The index of the top set bit of k (little-endian limbs), `None` for k = 0.
fn top_bit(k: &[u64]) -> Option<usize> {
    (0..64 * k.len()).rev().find(|&i| bit_of(k, i))
}

/// Bit i of k (little-endian limbs).
#[inline(always)]
fn bit_of(k: &[u64], i: usize) -> bool {
    (k[i / 64] >> (i % 64)) & 1 == 1
}

/// The c bits of k starting at `bit` (public scalars).
fn window_vartime(k: &[u64], bit: u32, c: u32) -> usize {
    let (l, s) = ((bit / 64) as usize, bit % 64);
    let mut v = k.get(l).copied().unwrap_or(0) >> s;
    if s + c > 64 {
        v |= k.get(l + 1).copied().unwrap_or(0) << (64 - s);
    }
    (v & ((1u64 << c) - 1)) as usize
}

/// Signed w-bit digits of a non-negative integer (little-endian limbs), least significant first,
/// as (|digit|, !0 if negative else 0): digit = window + carry, minus 2^w with a carry out when it
/// reaches 2^(w-1), so every digit is in [-2^(w-1), 2^(w-1) - 1] except the last, which takes the
/// final carry (in [0, 2^(w-1)] when the integer is below 2^(w len - 1)). Branch-free: the same
/// operations for every value (w and the length are public).
pub(crate) fn signed_digits(k: &[u64], w: u32, out: &mut [(u64, u64)]) {
    debug_assert!((1..=16).contains(&w));
    let n = out.len();
    let (mask, half) = ((1u64 << w) - 1, 1u64 << (w - 1));
    let mut carry = 0u64;
    for (i, d) in out.iter_mut().enumerate() {
        let bit = w as usize * i;
        let (l, sh) = (bit / 64, bit % 64);
        let mut v = k.get(l).copied().unwrap_or(0) >> sh;
        if sh + w as usize > 64 {
            v |= k.get(l + 1).copied().unwrap_or(0) << (64 - sh);
        }
        let v = (v & mask) + carry;
        if i + 1 == n {
            *d = (v, 0);
        } else {
            carry = (v + half) >> w;
            let signed = v.wrapping_sub(carry << w); // two's complement of [-2^(w-1), 2^(w-1))
            let neg = ((signed as i64) >> 63) as u64;
            *d = ((signed ^ neg).wrapping_sub(neg), neg);
        }
    }
}

/// (x, (-1)^neg y) of entry idx - 1 of a table of affine multiples 1..n (entry 0 for idx = 0),
/// every entry read under a mask: the same loads for every idx. Constant time.
#[inline(always)]
fn read_digit<F: Field>(table: &[(F, F)], idx: u64, neg: u64) -> (F, F) {
    let (mut x, mut y) = table[0];
    for (i, t) in table.iter().enumerate().skip(1) {
        let d = (i as u64 + 1) ^ idx;
        let mask = ((d | d.wrapping_neg()) >> 63).wrapping_sub(1); // !0 iff i + 1 == idx
        x = x.select(&t.0, mask);
        y = y.select(&t.1, mask);
    }
    (x, y.select(&-y, neg))
}

/// A point in Jacobian coordinates (X : Y : Z), x = X/Z^2, y = Y/Z^3, Z = 0 for the identity:
/// the accumulator of the variable-base [`Projective::mul`], whose inner loop is mostly doublings.
#[derive(Clone, Copy, Debug)]
struct Jacobian<G: CurveGroup> {
    x: G::F,
    y: G::F,
    z: G::F,
}

impl<G: CurveGroup> Jacobian<G> {
    fn identity() -> Self {
        Jacobian {
            x: G::F::ONE,
            y: G::F::ONE,
            z: G::F::ZERO,
        }
    }

    /// From homogeneous (X : Y : Z) to Jacobian (X Z : Y Z^2 : Z).
    fn from_projective(p: &Projective<G>) -> Self {
        let zz = p.z.square();
        Jacobian {
            x: p.x * p.z,
            y: p.y * zz,
            z: p.z,
        }
    }

    /// To homogeneous (X Z : Y : Z^3); Z = 0 stays the identity.
    fn to_projective(self) -> Projective<G> {
        let zz = self.z.square();
        let p = Projective {
            x: self.x * self.z,
            y: self.y,
            z: zz * self.z,
        };
        // (X Z : Y : 0) is the identity only up to Y != 0: return the canonical form.
        p.select(&Projective::identity(), ct_is_zero_mask(&self.z))
    }

    fn select(&self, o: &Self, mask: u64) -> Self {
        Jacobian {
            x: self.x.select(&o.x, mask),
            y: self.y.select(&o.y, mask),
            z: self.z.select(&o.z, mask),
        }
    }

    /// Doubling for a = 0: Lange's "dbl-2009-l" (Explicit-Formulas Database, 2M + 5S) returned
    /// as the equal Jacobian point (X3/4 : Y3/8 : Z3/2), which drops its factors 2, 4 and 8:
    /// D/4 = X Y^2 = ((X + B)^2 - A - C)/2, E/2 = 3A/2, X3/4 = (E/2)^2 - 2 D/4,
    /// Y3/8 = (E/2)(D/4 - X3/4) - C, Z3/2 = Y Z (ten additions and halvings against fourteen).
    /// Exception-free: the identity (Z = 0) stays the identity, and a point with Y = 0 (order 2)
    /// doubles to Y Z = 0, the identity, as it should.
    #[inline(always)]
    fn double(&self) -> Self {
        let a = self.x.square();
        let b = self.y.square();
        let c = b.square();
        let d = ((self.x + b).square() - a - c).half();
        let e = a + a.half();
        let f = e.square();
        let x3 = f - d.double();
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
    fn add_prepared(&self, q: &JacobianAddend<G>) -> Self {
        let z1 = self.z;
        let z1z1 = z1.square();
        let sum = Self::unified_sum(
            self.x * q.zz,
            self.y * q.zzz,
            z1 * q.p.z,
            q.p.x * z1z1,
            q.p.y * z1 * z1z1,
        );
        sum.select(&q.p, ct_is_zero_mask(&z1))
            .select(self, ct_is_zero_mask(&q.p.z))
    }

    /// The core both unified additions share: the sum of the point (x1, y1) over the
    /// denominator z (Jacobian: x1 / z^2, y1 / z^3) and the point whose coordinates over the
    /// same denominator are (u2, s2), with the tangent taken by selects when the two are equal
    /// (H = u2 - x1 and R = s2 - y1 both 0). 3M + 4S. No branch.
    #[inline(always)]
    fn unified_sum(x1: G::F, y1: G::F, z: G::F, u2: G::F, s2: G::F) -> Self {
        let h = u2 - x1;
        let r = s2 - y1;
        let dbl = ct_is_zero_mask(&h) & ct_is_zero_mask(&r);
        let xx = x1.square();
        let h = h.select(&y1.double(), dbl);
        let r = r.select(&(xx.double() + xx), dbl);
        let hh = h.square();
        let hhh = h * hh;
        let v = x1 * hh;
        let x3 = r.square() - v.double() - hhh.select(&G::F::ZERO, dbl);
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
    fn add_affine_xy(&self, x2: &G::F, y2: &G::F) -> Self {
        let z1 = self.z;
        let z1z1 = z1.square();
        let sum = Self::unified_sum(self.x, self.y, z1, *x2 * z1z1, *y2 * z1 * z1z1);
        let q = Jacobian {
            x: *x2,
            y: *y2,
            z: G::F::ONE,
        };
        sum.select(&q, ct_is_zero_mask(&z1))
    }
}

/// A fixed addend of a double-and-add in Jacobian coordinates, with Z^2 and Z^3 computed once.
#[derive(Clone, Copy, Debug)]
struct JacobianAddend<G: CurveGroup> {
    p: Jacobian<G>,
    zz: G::F,
    zzz: G::F,
}

impl<G: CurveGroup> JacobianAddend<G> {
    fn new(p: Jacobian<G>) -> Self {
        let zz = p.z.square();
        JacobianAddend {
            p,
            zz,
            zzz: zz * p.z,
        }
    }
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

/// 3b' = (a + c u) as small integers where the twist is M-type (b' = b xi) and every constant of
/// `G2::mul_by_3b`'s two small linear combinations stays below their 2^16 limit; else `None`.
#[inline(always)]
fn m_twist_b3_small<C: PairingCurve>() -> Option<(i64, i64)> {
    if C::TWIST != super::params::Twist::M {
        return None;
    }
    let (a, c) = (3 * C::B * C::XI.0, 3 * C::B * C::XI.1);
    let small = |x: i64, y: i64| x.unsigned_abs() + y.unsigned_abs() < 1 << 16;
    (small(a, C::BETA * c) && small(c, a)).then_some((a, c))
}

/// x * 3b' on the twist. On an M-type twist 3b' = 3b xi has small integer coordinates
/// (12 + 12u on BLS12-381): two small linear combinations instead of a full F_p2 product. Public
/// curve constants choose the branch.
#[inline(always)]
pub(crate) fn mul_by_twist_b3<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(
    x: &Fp2<C, F>,
) -> Fp2<C, F> {
    TwistB3::<C, F>::new().mul(x)
}

/// 3b' converted into the base field once, for loops that multiply by it at every step: a base
/// field whose constants cost a conversion (F_p as twelve doubles) then converts it once per
/// loop instead of once per step.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TwistB3<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(Fp2<C, F>);

impl<C: PairingCurve, F: TowerKernels<Params = C::Fp>> TwistB3<C, F> {
    /// The constant in this base field.
    #[inline(always)]
    pub(crate) fn new() -> Self {
        TwistB3(twist_b3::<C, F>())
    }

    /// x * 3b' ([`mul_by_twist_b3`]): small linear combinations on an M-type twist whose 3b' has
    /// small coordinates, else one F_p2 product by the stored constant.
    #[inline(always)]
    pub(crate) fn mul(&self, x: &Fp2<C, F>) -> Fp2<C, F> {
        if let Some((a, c)) = m_twist_b3_small::<C>() {
            let beta_c = C::BETA * c;
            return Fp2::new(
                F::small_lincomb(&x.c0, a, &x.c1, beta_c),
                F::small_lincomb(&x.c0, c, &x.c1, a),
            );
        }
        *x * self.0
    }
}

/// The twist coefficient 3b' in the base field.
#[inline]
pub(crate) fn twist_b3<C: PairingCurve, F: TowerKernels<Params = C::Fp>>() -> Fp2<C, F> {
    let (c0, c1) = C::consts().twist_b3;
    Fp2::new(F::splat(&Fp::from_mont(c0)), F::splat(&Fp::from_mont(c1)))
}

/// The untwist-Frobenius-twist endomorphism psi on coordinates: (conj(x) cx, conj(y) cy).
pub(crate) fn psi_coords<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(
    q: &(Fp2<C, F>, Fp2<C, F>),
) -> (Fp2<C, F>, Fp2<C, F>) {
    let [(a0, a1), (b0, b1)] = C::consts().psi;
    let cx = Fp2::new(F::splat(&Fp::from_mont(a0)), F::splat(&Fp::from_mont(a1)));
    let cy = Fp2::new(F::splat(&Fp::from_mont(b0)), F::splat(&Fp::from_mont(b1)));
    (q.0.conjugate() * cx, q.1.conjugate() * cy)
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

    /// `[k] self` for a public scalar k (little-endian limbs): [`Projective::mul_vartime`] with the
    /// unified mixed addition of the affine addend (8M + 4S against 12M + 4S), for the subgroup
    /// checks of decoded points. Variable time in k only; the identity is handled by a select.
    pub fn mul_vartime(&self, k: &[u64]) -> Projective<G> {
        let Some(top) = top_bit(k) else {
            return Projective::identity();
        };
        let mut acc = Jacobian {
            x: self.x,
            y: self.y,
            z: G::F::ONE,
        };
        for i in (0..top).rev() {
            acc = acc.double();
            if bit_of(k, i) {
                acc = acc.add_affine_xy(&self.x, &self.y);
            }
        }
        acc.to_projective().select(
            &Projective::identity(),
            0u64.wrapping_sub(self.infinity as u64),
        )
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

    /// `[k] self` for a secret scalar k (little-endian limbs, `bits` significant bits taken):
    /// fixed 4-bit windows, every table entry read with masks, complete formulas. Constant time.
    pub fn mul_ct(&self, k: &[u64], bits: u32) -> Self {
        let mut table = [Self::identity(); 16];
        for i in 1..16 {
            table[i] = table[i - 1].add(self);
        }
        let windows = bits.div_ceil(4);
        let mut acc = Self::identity();
        for w in (0..windows).rev() {
            for _ in 0..4 {
                acc = acc.double();
            }
            let bit = 4 * w;
            let limb = k.get((bit / 64) as usize).copied().unwrap_or(0);
            let idx = (limb >> (bit % 64)) & 15;
            let mut sel = Self::identity();
            for (i, t) in table.iter().enumerate() {
                let d = (i as u64) ^ idx;
                let mask = ((d | d.wrapping_neg()) >> 63).wrapping_sub(1); // !0 iff i == idx
                sel = sel.select(t, mask);
            }
            acc = acc.add(&sel);
        }
        acc
    }

    /// `[k] self` by the plain fixed-window ladder over all bits of k ([`Projective::mul_ct`]),
    /// without endomorphisms: the reference for [`Projective::mul`]. Constant time.
    pub fn mul_ladder(&self, k: &Scalar<G::Curve>) -> Self {
        let limbs = k.to_canonical_limbs();
        self.mul_ct(
            limbs.as_ref(),
            <<G::Curve as PairingCurve>::Fr as FpParams>::BITS,
        )
    }

    /// `[k] self` for a secret scalar k in F_r, constant time: k is split into parts of about
    /// log(r)/2 bits (GLV on G1) or log(r)/4 bits (GLS on G2) with [`CurveGroup::decomposition`],
    /// each part's sign is applied to its table (the affine multiples 1..8, one constant-time
    /// inversion) with a mask, and one interleaved fixed 4-bit window loop adds a masked table
    /// read per part and window to a Jacobian accumulator, whose unified addition handles the
    /// identity, equal and opposite operands by selects. No branch on the scalar or the point.
    ///
    /// `self` must lie in the order-r group (as every point of the public API does): the
    /// endomorphism acts as the eigenvalue only there.
    pub fn mul(&self, k: &Scalar<G::Curve>) -> Self {
        let d = G::decomposition();
        let parts = d.decompose(k.to_canonical_limbs().as_ref());
        self.mul_parts(&parts, d.dim, d.bits)
    }

    /// sum_i [k_i] endo^i(self) for decomposed parts, constant time in the parts and the point.
    ///
    /// The multiples P, 2P, .., 8P are made affine with one constant-time inversion (Montgomery's
    /// simultaneous inversion), their images under the endomorphism stay affine, and every
    /// window adds its masked table read with the complete mixed formula (RCB 2016, Algorithm 8):
    /// one multiplication fewer per addition and two coordinates instead of three per masked read.
    /// A zero digit adds an arbitrary entry and keeps the old accumulator by a select; for
    /// `self` the identity (no affine form) the result is selected to the identity at the end.
    fn mul_parts(&self, parts: &super::endo::Parts, dim: usize, bits: u32) -> Self {
        // Signed 4-bit digits in [-8, 7] (the top one in [0, 8]): tables of the multiples 1..8.
        let mut proj = [*self; 8];
        for j in 1..8 {
            proj[j] = if j % 2 == 1 {
                proj[j / 2].double() // (j + 1) P = 2 ((j + 1) / 2) P
            } else {
                proj[j - 1].add(self)
            };
        }
        let mut tables = [[(G::F::ZERO, G::F::ZERO); 8]; 4];
        tables[0] = normalize_ct(&proj);
        for i in 1..dim {
            // Both endomorphisms keep Z = 1 (phi leaves it, psi conjugates it).
            tables[i] = tables[i - 1].map(|(x, y)| {
                let e = G::endo(&Projective { x, y, z: G::F::ONE });
                (e.x, e.y)
            });
        }
        for (table, &neg) in tables.iter_mut().zip(parts.neg.iter()).take(dim) {
            for t in table.iter_mut() {
                t.1 = t.1.select(&-t.1, neg);
            }
        }
        // |k_i| < 2^bits <= 2^(4 windows - 1): the top window plus a carry is at most 8.
        let windows = (bits + 1).div_ceil(4) as usize;
        debug_assert!(windows * 4 <= 64 * PART_LIMBS);
        let mut digits = [[(0u64, 0u64); 64 * PART_LIMBS / 4 + 1]; 4];
        for (part, ds) in parts.abs.iter().zip(digits.iter_mut()).take(dim) {
            signed_digits(part, 4, &mut ds[..windows]);
        }
        // The accumulator is Jacobian: its doublings (2M + 5S) are far cheaper than the complete
        // projective ones (6M + 2S), which outweighs the unified additions (8M + 4S).
        let mut acc = Jacobian::<G>::identity();
        for w in (0..windows).rev() {
            if w + 1 != windows {
                for _ in 0..4 {
                    acc = acc.double();
                }
            }
            for (table, ds) in tables.iter().zip(digits.iter()).take(dim) {
                let (idx, neg) = ds[w];
                let (x, y) = read_digit(table, idx, neg);
                let sum = acc.add_affine_xy(&x, &y);
                let zero = ((idx | idx.wrapping_neg()) >> 63).wrapping_sub(1); // !0 iff idx == 0
                acc = sum.select(&acc, zero);
            }
        }
        acc.to_projective()
            .select(&Self::identity(), ct_is_zero_mask(&self.z))
    }

    /// `self + q` through the Jacobian accumulator of [`Projective::mul`] (its unified mixed
    /// addition with the doubling, opposite and identity cases handled by selects), for tests.
    #[doc(hidden)]
    pub fn add_affine_via_jacobian(&self, q: &Affine<G>) -> Self {
        let sum = Jacobian::from_projective(self)
            .add_affine_xy(&q.x, &q.y)
            .to_projective();
        sum.select(self, 0u64.wrapping_sub(q.infinity as u64))
    }

    /// `[4] self` through the Jacobian doubling of [`Projective::mul`], for tests.
    #[doc(hidden)]
    pub fn double4_via_jacobian(&self) -> Self {
        let j = Jacobian::from_projective(self);
        j.double().double().double().double().to_projective()
    }

    /// `self + (-1)^neg [idx] T` for a table T of the affine multiples 1..n of a point and
    /// idx in [0, n] (a digit's magnitude; 0 adds nothing): every entry is read under a mask,
    /// the sum is formed for any idx and dropped by a select when idx = 0. Constant time.
    #[inline(always)]
    pub(crate) fn add_digit(&self, table: &[(G::F, G::F)], idx: u64, neg: u64) -> Self {
        let (x, y) = read_digit(table, idx, neg);
        let sum = self.add_affine_xy(&x, &y);
        let zero = ((idx | idx.wrapping_neg()) >> 63).wrapping_sub(1); // !0 iff idx == 0
        sum.select(self, zero)
    }

    /// sum_i \[k_i\] P_i for public points and scalars by Pippenger's bucket method. Every scalar
    /// is first split by [`CurveGroup::decomposition`] (GLV/GLS), so the buckets run over dim * n
    /// points with scalars of a quarter (G2) or half (G1) the length; digits are signed (buckets
    /// for 1..2^(c-1)) and the window width c minimises the estimated additions for that count.
    /// Variable time: for public scalars only, such as batch verification coefficients. The
    /// points must lie in the order-r group. Panics if the slices differ in length.
    pub fn msm_vartime(points: &[Affine<G>], scalars: &[Scalar<G::Curve>]) -> Self {
        assert_eq!(
            points.len(),
            scalars.len(),
            "msm: as many points as scalars"
        );
        let d = G::decomposition();
        let mut pts = Vec::with_capacity(points.len() * d.dim);
        let mut ks = Vec::with_capacity(points.len() * d.dim);
        for (p, k) in points.iter().zip(scalars) {
            if p.infinity || k.is_zero() {
                continue;
            }
            let parts = d.decompose(k.to_canonical_limbs().as_ref());
            let mut q = p.to_projective();
            for i in 0..d.dim {
                if i > 0 {
                    q = G::endo(&q);
                }
                if parts.abs[i].iter().any(|&v| v != 0) {
                    pts.push(if parts.neg[i] != 0 { -q } else { q });
                    ks.push(parts.abs[i]);
                }
            }
        }
        let n = pts.len();
        if n == 0 {
            return Self::identity();
        }
        // Additions for width c: (n + 2^c) per window, bits/c + 1 windows (the last takes the
        // carry of the signed recoding).
        let cost = |c: u32| (n as u64 + (1u64 << c)) * (d.bits / c + 1) as u64;
        let c = (1..=16u32).min_by_key(|&c| cost(c)).unwrap_or(1);
        let windows = d.bits / c + 1;
        // Signed digits in [-2^(c-1), 2^(c-1)], per point, least significant window first.
        let half = 1i64 << (c - 1);
        let digits: Vec<Vec<i64>> = ks
            .iter()
            .map(|k| {
                let mut carry = 0i64;
                (0..windows)
                    .map(|w| {
                        let mut v = window_vartime(k, w * c, c) as i64 + carry;
                        carry = 0;
                        if v > half {
                            v -= 1 << c;
                            carry = 1;
                        }
                        v
                    })
                    .collect()
            })
            .collect();
        let mut buckets = vec![Self::identity(); half as usize];
        let mut acc = Self::identity();
        for w in (0..windows as usize).rev() {
            if w + 1 != windows as usize {
                for _ in 0..c {
                    acc = acc.double();
                }
            }
            buckets.iter_mut().for_each(|b| *b = Self::identity());
            for (dg, p) in digits.iter().zip(&pts) {
                let v = dg[w];
                if v > 0 {
                    let b = &mut buckets[v as usize - 1];
                    *b = b.add(p);
                } else if v < 0 {
                    let b = &mut buckets[(-v) as usize - 1];
                    *b = b.add(&-*p);
                }
            }
            // sum_j j * bucket[j] by running sums from the top.
            let mut run = Self::identity();
            let mut sum = Self::identity();
            for b in buckets.iter().rev() {
                run = run.add(b);
                sum = sum.add(&run);
            }
            acc = acc.add(&sum);
        }
        acc
    }

    /// `[k] self` for a public scalar k in F_r: the GLV/GLS parts of k in width-5 NAF form,
    /// interleaved over one table of odd multiples (and its images under the endomorphism).
    /// Variable time. `self` must lie in the order-r group.
    pub fn mul_scalar_vartime(&self, k: &Scalar<G::Curve>) -> Self {
        const W: u32 = 5;
        let d = G::decomposition();
        let parts = d.decompose(k.to_canonical_limbs().as_ref());
        // Odd multiples P, 3P, .., (2^(W-1) - 1) P.
        let mut table = [*self; 1 << (W - 2)];
        let p2 = self.double();
        for j in 1..table.len() {
            table[j] = table[j - 1].add(&p2);
        }
        let mut tables = Vec::with_capacity(d.dim);
        let mut nafs = Vec::with_capacity(d.dim);
        for i in 0..d.dim {
            let t = if i == 0 {
                table
            } else {
                let prev: &[Self; 1 << (W - 2)] = &tables[i - 1];
                prev.map(|q| G::endo(&q))
            };
            tables.push(t);
            nafs.push(wnaf_vartime(&parts.abs[i], W));
        }
        for (t, &neg) in tables.iter_mut().zip(&parts.neg) {
            if neg != 0 {
                t.iter_mut().for_each(|q| *q = -*q);
            }
        }
        let len = nafs.iter().map(Vec::len).max().unwrap_or(0);
        let mut acc = Self::identity();
        for b in (0..len).rev() {
            acc = acc.double();
            for (naf, t) in nafs.iter().zip(&tables) {
                match naf.get(b).copied().unwrap_or(0) {
                    0 => {}
                    v if v > 0 => acc = acc.add(&t[(v as usize - 1) / 2]),
                    v => acc = acc.add(&-t[((-v) as usize - 1) / 2]),
                }
            }
        }
        acc
    }

    /// `[k] self` for a public scalar k (little-endian limbs), double-and-add from k's top set
    /// bit, in Jacobian coordinates: the doublings dbl-2009-l (2M + 5S against 6M + 2S for the
    /// complete projective doubling), each addition the unified `add_prepared` with self's Z^2
    /// and Z^3 computed once, so no input is exceptional (the identity, P = +-Q, points of small
    /// order: tested in `hash_to_curve::jacobian`). Variable time in k only: the operations depend on k and not
    /// on the point, so for a public constant k (a cofactor, the curve parameter) it is constant
    /// time in the point, and for a sparse k (|u| of BLS12-381 has 6 set bits) far cheaper than
    /// the windowed [`Projective::mul_ct`].
    pub fn mul_vartime(&self, k: &[u64]) -> Self {
        let Some(top) = top_bit(k) else {
            return Self::identity();
        };
        let base = JacobianAddend::new(Jacobian::from_projective(self));
        let mut acc = base.p;
        for i in (0..top).rev() {
            acc = acc.double();
            if bit_of(k, i) {
                acc = acc.add_prepared(&base);
            }
        }
        acc.to_projective()
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
