//! The simplified SWU map onto a curve E': y^2 = x^3 + A' x + B' isogenous to the target curve,
//! then the isogeny to it (RFC 9380, sections 6.6.2 and 6.6.3), in the straight-line form of
//! Appendix F.2 with the sqrt_ratio of Appendix F.2.1: one code for F_p and F_p2, constant time
//! (selects by mask, constant-time inversion, exponentiations whose schedule depends only on
//! public exponents).

use super::expand::HashToField;
use crate::curve::{CurveGroup, Projective};
use crate::field::{pow_public_exponent, window_schedule, Field};
use crate::prelude::*;
use num_bigint::BigUint;
use num_traits::One;

/// sqrt_ratio of Appendix F.2.1 for a field of order q and a non-square Z, in the form the field
/// needs, with its constants: also the constant-time is_square and sqrt of the Shallue-van de
/// Woestijne map (`sqrt_ratio(x, 1)`).
pub(super) enum SqrtRatio<F: HashToField> {
    /// F_p2 = F_p(I) with I^2 = -1 and p = 3 mod 4, through the norm N: F_p2 -> F_p (Adj and
    /// Rodriguez-Henriquez, "Square root computation over even extension fields", IEEE TC 2014,
    /// the complex method; Scott, "Tricks of the trade", 2020, for the shared inverse square
    /// root): two exponentiations in F_p instead of one of twice the length in F_p2.
    /// z = Z, c = sqrt(-N(Z)) in F_p, half = 1/2, e1 = (p + 1) / 4, e2 = (p - 3) / 4.
    Norm {
        z: F,
        c: F::Base,
        half: F::Base,
        e1: Window,
        e2: Window,
    },
    /// q = 3 mod 4 (F.2.1.2): c1 = (q - 3) / 4, c2 = sqrt(-Z).
    ThreeMod4 { c1: Vec<u64>, c2: F },
    /// Any field (F.2.1.1): 2^c1 is the largest power of 2 dividing q - 1, c3 = (c2 - 1) / 2 for
    /// the odd part c2, c6 = Z^c2, c7 = Z^((c2 + 1) / 2).
    Any { c1: u32, c3: Exponent, c6: F, c7: F },
}

/// A public exponent e, split as e = hi p + lo over F_p2 so that x^e = (x^p)^hi x^lo shares one
/// chain of squarings between two half-length exponents (x^p is a conjugation).
pub(super) enum Exponent {
    Plain(Vec<u64>),
    Frobenius { hi: Vec<u64>, lo: Vec<u64> },
}

impl Exponent {
    /// e for a field of order q = p^m.
    fn new<F: HashToField>(e: &BigUint, q: &BigUint) -> Self {
        if F::M == 2 {
            let p = q.sqrt();
            Exponent::Frobenius {
                hi: (e / &p).to_u64_digits(),
                lo: (e % &p).to_u64_digits(),
            }
        } else {
            Exponent::Plain(e.to_u64_digits())
        }
    }

    /// x^e; the operations depend only on e (constant time in x).
    fn pow<F: HashToField>(&self, x: &F) -> F {
        match self {
            Exponent::Plain(e) => pow_public_exponent(x, e),
            Exponent::Frobenius { hi, lo } => {
                // Joint fixed 4-bit windows over both exponents (Shamir's trick).
                let mut table = [F::ONE; 16];
                for i in 1..16 {
                    table[i] = table[i - 1] * *x;
                }
                let conj = table.map(|t| t.frobenius());
                let window = |e: &[u64], i: usize| {
                    e.get(i / 16).map_or(0, |l| (l >> (4 * (i % 16))) & 15) as usize
                };
                let mut r = F::ONE;
                for i in (0..hi.len().max(lo.len()) * 16).rev() {
                    for _ in 0..4 {
                        r = r.square();
                    }
                    let (wh, wl) = (window(hi, i), window(lo, i));
                    if wh != 0 {
                        r *= conj[wh];
                    }
                    if wl != 0 {
                        r *= table[wl];
                    }
                }
                r
            }
        }
    }
}

/// The data of one simplified-SWU suite: Z, E', the isogeny E' -> E and the sqrt_ratio constants.
pub(super) struct Sswu<F: HashToField> {
    z: F,
    a: F,
    b: F,
    /// x_num, x_den, y_num, y_den of the isogeny (Appendix E), lowest degree first, the monic
    /// denominators with their leading 1.
    iso: [Vec<F>; 4],
    sqrt_ratio: SqrtRatio<F>,
}

impl<F: HashToField> SqrtRatio<F> {
    /// The constants for the field of order q and the non-square `z`.
    pub(super) fn new(z: F, q: &BigUint) -> Self {
        let p = q.sqrt();
        // The norm method needs F = F_p(I) with I^2 = -1; I exists only for m = 2 (for F_p
        // itself `from_base_pair` takes no second coordinate).
        let norm_applies = F::M == 2
            && (&p % 4u32) == BigUint::from(3u32)
            && F::from_base_pair(F::Base::ZERO, F::Base::ONE).square() == -F::ONE;
        if norm_applies {
            let (z0, z1) = z.to_base_pair();
            let c = (-(z0.square() + z1.square()))
                .sqrt_vartime()
                .expect("N(Z) is a non-square of F_p and -1 too, so -N(Z) is a square");
            return SqrtRatio::Norm {
                z,
                c,
                half: (F::Base::ONE + F::Base::ONE).inv(),
                e1: Window::new(&((&p + 1u32) >> 2)),
                e2: Window::new(&((&p - 3u32) >> 2)),
            };
        }
        Self::new_any(z, q)
    }

    /// The constants of Appendix F.2.1 (F.2.1.2 for q = 3 mod 4, else F.2.1.1) for the field of
    /// order q and the non-square `z`: the RFC's own method for any field.
    pub(super) fn new_any(z: F, q: &BigUint) -> Self {
        let limbs = |v: &BigUint| v.to_u64_digits();
        if (q % 4u32) == BigUint::from(3u32) {
            let c2 = (-z)
                .sqrt_vartime()
                .expect("Z is a non-square, so -Z is a square");
            SqrtRatio::ThreeMod4 {
                c1: limbs(&((q - 3u32) >> 2)),
                c2,
            }
        } else {
            let q1 = q - BigUint::one();
            let c1 = q1.trailing_zeros().expect("q > 1") as u32;
            let c2 = &q1 >> c1;
            SqrtRatio::Any {
                c1,
                c3: Exponent::new::<F>(&((&c2 - 1u32) >> 1), q),
                c6: pow_public_exponent(&z, &limbs(&c2)),
                c7: pow_public_exponent(&z, &limbs(&((&c2 + 1u32) >> 1))),
            }
        }
    }

    /// sqrt_ratio(u, v) for v != 0 (Appendix F.2.1): (!0, sqrt(u / v)) if u / v is square, else
    /// (0, sqrt(Z u / v)), in constant time.
    pub(super) fn sqrt_ratio(&self, u: &F, v: &F) -> (u64, F) {
        let [r] = self.sqrt_ratio_lanes(&[*u], &[*v]);
        r
    }

    /// sqrt_ratio of N independent pairs (u, v). The norm method runs their exponentiations
    /// together ([`Window::pow_lanes`]).
    pub(super) fn sqrt_ratio_lanes<const N: usize>(&self, u: &[F; N], v: &[F; N]) -> [(u64, F); N] {
        let SqrtRatio::Norm { z, c, half, e1, e2 } = self else {
            return core::array::from_fn(|i| self.sqrt_ratio_rfc(&u[i], &v[i]));
        };
        let zero = F::Base::ZERO;
        // u / v = a / n with a = u conj(v) and n = N(v) in F_p, n != 0.
        let pre: [_; N] = core::array::from_fn(|i| {
            let (v0, v1) = v[i].to_base_pair();
            let n = v0.square() + v1.square();
            let a = u[i] * F::from_base_pair(v0, -v1);
            let (a0, a1) = a.to_base_pair();
            (n, a, a0.square() + a1.square())
        });
        // a is a square of F_p2 iff N(a) is one of F_p (or 0); s^2 = N(a) then, and s^2 = -N(a)
        // otherwise, since p = 3 mod 4.
        let s = e1.pow_lanes(&pre.map(|(_, _, alpha)| alpha));
        let mid: [_; N] = core::array::from_fn(|i| {
            let (n, a, alpha) = pre[i];
            // For u = 0 is_square is 0 and y = 0, as in the straight-line code of F.2.1.1 this
            // replaces (the SSWU map never meets it: E' has odd order, so g(x1) != 0).
            let is_qr = s[i].square().ct_eq_mask(&alpha) & !alpha.ct_eq_mask(&zero);
            // For a non-square take Z a instead: N(Z a) = N(Z) N(a) = (c s)^2.
            let (a0, a1) = (*z * a).select(&a, is_qr).to_base_pair();
            let s = (s[i] * *c).select(&s[i], is_qr);
            // The root x0 + x1 I of a / n has x0^2 = delta / n with delta = (a0 + s) / 2 (or
            // (a0 - s) / 2: the product of the two is -a1^2 / 4). delta = 0 only when a1 = 0 and
            // s = -a0; then the other sign, delta = a0, is the one.
            let delta = (a0 + s) * *half;
            let delta = delta.select(&a0, delta.ct_eq_mask(&zero));
            (is_qr, a1, delta, delta * n)
        });
        // One inverse square root t = m^((p - 3) / 4) of m = delta n gives both parts: if
        // m t^2 = 1, x0 = delta t and x1 = a1 / (2 n x0) = a1 t / 2; if m t^2 = -1, delta n is a
        // non-square and (a0 - s) / 2 is the square: the root is (a1 t / 2) - (delta t) I. For
        // a = 0 everything is 0.
        let t = e2.pow_lanes(&mid.map(|(_, _, _, m)| m));
        core::array::from_fn(|i| {
            let (is_qr, a1, delta, m) = mid[i];
            let m_is_qr = (t[i].square() * m).ct_eq_mask(&F::Base::ONE);
            let (x0, x1) = (delta * t[i], a1 * *half * t[i]);
            let y = F::from_base_pair(x1, -x0).select(&F::from_base_pair(x0, x1), m_is_qr);
            (is_qr, y)
        })
    }

    /// sqrt_ratio by the RFC's straight-line code (F.2.1.2 or F.2.1.1).
    fn sqrt_ratio_rfc(&self, u: &F, v: &F) -> (u64, F) {
        match self {
            SqrtRatio::Norm { .. } => unreachable!("the norm method is sqrt_ratio_lanes"),
            SqrtRatio::ThreeMod4 { c1, c2 } => {
                // F.2.1.2.
                let tv2 = *u * *v;
                let y1 = pow_public_exponent(&(v.square() * tv2), c1) * tv2;
                let y2 = y1 * *c2;
                let is_qr = (y1.square() * *v).ct_eq_mask(u);
                (is_qr, y2.select(&y1, is_qr))
            }
            SqrtRatio::Any { c1, c3, c6, c7 } => {
                // F.2.1.1, with c4 = 2^c1 - 1 and c5 = 2^(c1 - 1).
                let mut tv1 = *c6;
                let mut tv2 = pow_public_exponent(v, &[(1u64 << c1) - 1]);
                let mut tv3 = tv2.square() * *v;
                let mut tv5 = c3.pow(&(*u * tv3)) * tv2;
                tv2 = tv5 * *v;
                tv3 = tv5 * *u;
                let mut tv4 = tv3 * tv2;
                tv5 = square_times(tv4, c1 - 1);
                let is_qr = tv5.ct_eq_mask(&F::ONE);
                tv2 = tv3 * *c7;
                tv5 = tv4 * tv1;
                tv3 = tv2.select(&tv3, is_qr);
                tv4 = tv5.select(&tv4, is_qr);
                for i in (2..=*c1).rev() {
                    let e1 = square_times(tv4, i - 2).ct_eq_mask(&F::ONE);
                    tv2 = tv3 * tv1;
                    tv1 = tv1.square();
                    tv5 = tv4 * tv1;
                    tv3 = tv2.select(&tv3, e1);
                    tv4 = tv5.select(&tv4, e1);
                }
                (is_qr, tv3)
            }
        }
    }
}

/// A public exponent's sliding-window schedule of width 5 ([`window_schedule`]) over the odd
/// powers x, x^3, ..., x^31, computed once and kept: about one product per six bits against one
/// per four for fixed windows. The schedule depends only on the exponent, so the time is
/// independent of x.
pub(super) struct Window {
    /// The first window's odd value, then (squarings, odd value or 0 for squarings only).
    first: usize,
    steps: Vec<(u32, usize)>,
}

impl Window {
    const WIDTH: usize = 5;

    /// The schedule of e > 0.
    fn new(e: &BigUint) -> Self {
        let (first, steps) =
            window_schedule(&e.to_u64_digits(), Self::WIDTH).expect("exponent > 0");
        Window { first, steps }
    }

    /// x^e.
    #[cfg(test)]
    fn pow<F: Field>(&self, x: &F) -> F {
        let [r] = self.pow_lanes(&[*x]);
        r
    }

    /// x_i^e for N bases, two at a time by [`Field::pow_windows_pair`] (on F_p with ADX: the two
    /// chains' squares alternating so that the core overlaps them, and both values below 2p
    /// from the first square to the last product, one subtraction at the end), a last odd one
    /// by [`Field::pow_windows`].
    fn pow_lanes<F: Field, const N: usize>(&self, x: &[F; N]) -> [F; N] {
        let odd: [[F; 1 << (Self::WIDTH - 1)]; N] = core::array::from_fn(|i| {
            let mut odd = [x[i]; 1 << (Self::WIDTH - 1)];
            let x2 = x[i].square();
            for k in 1..odd.len() {
                odd[k] = odd[k - 1] * x2;
            }
            odd
        });
        // Every lane is written below: pairs, then at most one alone.
        let mut r = *x;
        let mut pairs = r.chunks_exact_mut(2);
        let mut tables = odd.chunks_exact(2);
        for (pair, t) in (&mut pairs).zip(&mut tables) {
            (pair[0], pair[1]) = F::pow_windows_pair([&t[0], &t[1]], self.first, &self.steps);
        }
        if let ([ri], [oi]) = (pairs.into_remainder(), tables.remainder()) {
            *ri = F::pow_windows(oi, self.first, &self.steps);
        }
        r
    }
}

impl<F: HashToField> Sswu<F> {
    /// The suite for Z, E': y^2 = x^3 + a x + b and the isogeny polynomials (numerators complete,
    /// denominators without their leading 1), over a field of order q.
    pub(super) fn new(z: F, a: F, b: F, iso: [Vec<F>; 4], q: &BigUint) -> Self {
        let [x_num, mut x_den, y_num, mut y_den] = iso;
        x_den.push(F::ONE);
        y_den.push(F::ONE);
        let sqrt_ratio = SqrtRatio::new(z, q);
        Sswu {
            z,
            a,
            b,
            iso: [x_num, x_den, y_num, y_den],
            sqrt_ratio,
        }
    }

    /// map_to_curve (section 6.6.3): the simplified SWU point of E' for u, mapped by the isogeny to
    /// the curve of `G`. A point of the curve, not yet of the order-r subgroup.
    pub(super) fn map_to_curve<G: CurveGroup<F = F>>(&self, u: &F) -> Projective<G> {
        let [q] = self.map_to_curve_lanes(&[*u]);
        q
    }

    /// map_to_curve of N field elements, their square roots computed side by side.
    pub(super) fn map_to_curve_lanes<G: CurveGroup<F = F>, const N: usize>(
        &self,
        u: &[F; N],
    ) -> [Projective<G>; N] {
        self.map_to_isogenous(u)
            .map(|(xn, xd, y)| self.iso_map(&xn, &xd, &y))
    }

    /// map_to_curve_simple_swu onto E' (section 6.6.2), straight-line (Appendix F.2), without its
    /// step 25: the point (xn / xd, y) as (xn, xd, y), xd != 0, so that no inversion is needed
    /// (the isogeny takes the fraction; Wahby-Boneh 2019, section 4).
    fn map_to_isogenous<const N: usize>(&self, u: &[F; N]) -> [(F, F, F); N] {
        let (z, a, b) = (self.z, self.a, self.b);
        let pre: [_; N] = core::array::from_fn(|i| {
            // Steps 1-8.
            let tv1 = z * u[i].square();
            let mut tv2 = tv1.square() + tv1;
            let tv3 = b * (tv2 + F::ONE);
            let tv2_zero = tv2.ct_eq_mask(&F::ZERO);
            let tv4 = a * (-tv2).select(&z, tv2_zero);
            // Steps 9-17: gx1 = tv2 / tv6 with tv6 = tv4^3.
            let mut tv6 = tv4.square();
            tv2 = (tv3.square() + a * tv6) * tv3;
            tv6 *= tv4;
            tv2 += b * tv6;
            (tv1, tv2, tv3, tv4, tv6)
        });
        // Steps 18-22: y1 = sqrt(gx1) if gx1 is square, else a root for x2 = Z u^2 x1.
        let roots = self
            .sqrt_ratio
            .sqrt_ratio_lanes(&pre.map(|p| p.1), &pre.map(|p| p.4));
        core::array::from_fn(|i| {
            let (tv1, _, tv3, tv4, _) = pre[i];
            let (is_square, y1) = roots[i];
            let x1 = tv1 * tv3;
            let y2 = tv1 * u[i] * y1;
            let x = x1.select(&tv3, is_square);
            let y = y2.select(&y1, is_square);
            // Steps 23-24: sgn0(y) = sgn0(u).
            let same_sign = 0u64.wrapping_sub(1 ^ u[i].sgn0() ^ y.sgn0());
            let y = (-y).select(&y, same_sign);
            // Step 25 would be x = x / tv4; tv4 = A' (-tv2 or Z) is never 0.
            (x, tv4, y)
        })
    }

    /// The isogeny E' -> E (Appendix E) at (x, y) = (xn / xd, y): x = x_num / x_den,
    /// y = y y_num / y_den, each polynomial evaluated homogeneously at (xn, xd) with the common
    /// degree D (the powers of xd cancel in the quotients), as the projective point
    /// (x_num y_den : y y_num x_den : x_den y_den), with no inversion. Where a denominator
    /// vanishes the result is the identity (section 6.6.3), chosen by mask.
    fn iso_map<G: CurveGroup<F = F>>(&self, xn: &F, xd: &F, y: &F) -> Projective<G> {
        let degree = self.iso.iter().map(|k| k.len() - 1).max().unwrap_or(0);
        let mut xd_pow = vec![F::ONE; degree + 1];
        for i in 1..=degree {
            xd_pow[i] = xd_pow[i - 1] * *xd;
        }
        let [xnum, xden, ynum, yden] = self
            .iso
            .each_ref()
            .map(|k| horner_homogeneous(k, xn, &xd_pow));
        let p = Projective {
            x: xnum * yden,
            y: *y * ynum * xden,
            z: xden * yden,
        };
        p.select(&Projective::identity(), p.z.ct_eq_mask(&F::ZERO))
    }
}

/// sum k_i xn^i xd^(D - i) for the coefficients k_0, ..., k_d (d <= D) and xd_pow[j] = xd^j,
/// j = 0..=D: xd^D times the polynomial at xn / xd (Horner's rule on the homogenised form).
fn horner_homogeneous<F: Field>(k: &[F], xn: &F, xd_pow: &[F]) -> F {
    let d = k.len() - 1;
    let top = xd_pow.len() - 1;
    let mut acc = k[d];
    for i in (0..d).rev() {
        acc = acc * *xn + k[i] * xd_pow[d - i];
    }
    if d < top {
        acc *= xd_pow[top - d];
    }
    acc
}

/// sum k_i x^i for the coefficients k_0, k_1, ... (Horner's rule): the reference the tests hold
/// [`horner_homogeneous`] to.
#[cfg(test)]
fn horner<F: Field>(k: &[F], x: &F) -> F {
    k.iter().rev().fold(F::ZERO, |acc, c| acc * *x + *c)
}

/// x^(2^n), by n squarings.
fn square_times<F: Field>(x: F, n: u32) -> F {
    (0..n).fold(x, |acc, _| acc.square())
}

#[cfg(test)]
impl<F: HashToField> Sswu<F> {
    /// The map as RFC 9380 writes it (step 25's inversion, then the isogeny on affine x): the
    /// plain reference for [`Sswu::map_to_curve`].
    pub(super) fn map_to_curve_with_inversion<G: CurveGroup<F = F>>(&self, u: &F) -> Projective<G> {
        let [(xn, xd, y)] = self.map_to_isogenous(&[*u]);
        let x = xn * xd.inv();
        let [xnum, xden, ynum, yden] = self.iso.each_ref().map(|k| horner(k, &x));
        let p = Projective {
            x: xnum * yden,
            y: y * ynum * xden,
            z: xden * yden,
        };
        p.select(&Projective::identity(), p.z.ct_eq_mask(&F::ZERO))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::curves::Bls12_381 as C;
    use crate::curve::PairingCurve;
    use crate::field::Fp2;
    use tripair_testkit::TestRng;

    type F2 = Fp2<C>;
    type B = <F2 as HashToField>::Base;

    fn random_fp(rng: &mut TestRng) -> B {
        let mut bytes = [0u8; 64];
        rng.fill_bytes(&mut bytes);
        B::from_uniform_bytes(&bytes)
    }

    #[test]
    fn window_pow_equals_fixed_windows() {
        let mut rng = TestRng::new(14);
        let p = &<C as PairingCurve>::consts().p;
        let mut exponents: Vec<BigUint> = vec![
            BigUint::from(1u32),
            BigUint::from(2u32),
            BigUint::from(31u32),
            BigUint::from(32u32),
            BigUint::from(0x1_0000_0001u64),
            (p + 1u32) >> 2,
            (p - 3u32) >> 2,
            p - 2u32,
        ];
        for _ in 0..8 {
            let limbs: Vec<u64> = (0..1 + rng.next_u64() % 6)
                .map(|_| rng.next_u64())
                .collect();
            exponents.push(BigUint::from_slice(
                &limbs
                    .iter()
                    .flat_map(|l| [*l as u32, (*l >> 32) as u32])
                    .collect::<Vec<_>>(),
            ));
        }
        for e in exponents.iter().filter(|e| e.bits() > 0) {
            let w = Window::new(e);
            for x in [random_fp(&mut rng), B::ONE, B::ZERO] {
                assert_eq!(
                    w.pow(&x),
                    pow_public_exponent(&x, &e.to_u64_digits()),
                    "{e:x}"
                );
            }
        }
    }

    /// The norm method against the RFC's generic F.2.1.1 on random and edge inputs: the same
    /// is_square, and a root of the same square (u / v or Z u / v).
    #[test]
    fn norm_sqrt_ratio_equals_rfc_method() {
        let z = F2::from_i64s(-2, -1);
        let p = &<C as PairingCurve>::consts().p;
        let q = p * p;
        let norm = SqrtRatio::new(z, &q);
        assert!(matches!(norm, SqrtRatio::Norm { .. }));
        let any = SqrtRatio::new_any(z, &q);
        assert!(matches!(any, SqrtRatio::Any { .. }));
        let mut rng = TestRng::new(2014);
        let rand = |rng: &mut TestRng| F2::new(random_fp(rng), random_fp(rng));
        let mut cases = Vec::new();
        for _ in 0..64 {
            let (u, v) = (rand(&mut rng), rand(&mut rng));
            let (a, b) = (random_fp(&mut rng), random_fp(&mut rng));
            cases.push((u, v));
            // Squares and non-squares on purpose.
            cases.push((u.square() * v, v));
            cases.push((z * u.square() * v, v));
            // u = 0; v in F_p; u in F_p; c0 = 0 or c1 = 0 on either side.
            cases.push((F2::ZERO, v));
            cases.push((u, F2::new(a, B::ZERO)));
            cases.push((F2::new(a, B::ZERO), v));
            cases.push((F2::new(a, B::ZERO), F2::new(b, B::ZERO)));
            cases.push((F2::new(B::ZERO, a), v));
            cases.push((F2::new(B::ZERO, a), F2::new(B::ZERO, b)));
            cases.push((F2::new(a, B::ZERO), F2::new(B::ZERO, b)));
            cases.push((F2::new(a, B::ZERO).square(), F2::ONE));
            cases.push((-F2::new(a, B::ZERO).square(), F2::ONE));
        }
        cases.push((F2::ONE, F2::ONE));
        cases.push((-F2::ONE, F2::ONE));
        cases.push((z, F2::ONE));
        let (mut squares, mut non_squares) = (0, 0);
        for (u, v) in cases {
            let (qr, y) = norm.sqrt_ratio(&u, &v);
            let (qr_any, y_any) = any.sqrt_ratio(&u, &v);
            assert_eq!(qr, qr_any, "is_square of {u:?} / {v:?}");
            assert!(qr == 0 || qr == u64::MAX);
            assert_eq!(y.square(), y_any.square(), "root of {u:?} / {v:?}");
            let target = if qr == 0 { z * u } else { u };
            assert_eq!(y.square() * v, target);
            if qr == 0 {
                non_squares += 1;
            } else {
                squares += 1;
            }
        }
        assert!(squares > 100 && non_squares > 100);
    }
}
