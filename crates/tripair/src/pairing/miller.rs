//! The Miller loop, driven by the curve's loop parameter (its NAF and sign) and family.
//! Line functions in homogeneous projective coordinates on the twist: doubling after
//! Costello–Lange–Naehrig (PKC 2010) / Aranha et al. (EUROCRYPT 2011), mixed addition likewise.

use super::gt::MillerLoopOutput;
use crate::curve::{psi, CurveGroup, Family, G1Affine, G2Affine, PairingCurve, Twist, G2};
use crate::field::{Fp, Fp12, Fp2};

/// A line through points of the twist, before evaluation at P: its value at P = (xP, yP) is
/// c + x*xP (at w^1 for D-type, w^2 for M-type) + y*(-yP) (at w^0 for D-type, w^3 for M-type),
/// up to factors the final exponentiation removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCoeffs<C: PairingCurve> {
    pub c: Fp2<C>,
    pub x: Fp2<C>,
    pub y: Fp2<C>,
}

/// T in homogeneous projective coordinates on the twist, as the loop updates it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TwistPoint<C: PairingCurve> {
    pub x: Fp2<C>,
    pub y: Fp2<C>,
    pub z: Fp2<C>,
}

impl<C: PairingCurve> TwistPoint<C> {
    pub(crate) fn from_affine(q: &G2Affine<C>) -> Self {
        TwistPoint {
            x: q.x,
            y: q.y,
            z: Fp2::ONE,
        }
    }

    /// T <- 2T and the tangent line at T.
    #[inline]
    pub(crate) fn double_step(&mut self) -> LineCoeffs<C> {
        let (x, y, z) = (self.x, self.y, self.z);
        let a = (x * y).half();
        let b = y.square();
        let c = z.square();
        let e = <G2<C> as CurveGroup>::mul_by_3b(&c);
        let f = e.double() + e;
        let g = (b + f).half();
        let h = (y + z).square() - (b + c);
        let i = e - b;
        let j = x.square();
        let e2 = e.square();
        self.x = a * (b - f);
        self.y = g.square() - (e2.double() + e2);
        self.z = b * h;
        // Line: -H yP + 3J xP + I, slots by twist type.
        LineCoeffs {
            c: i,
            x: j.double() + j,
            y: h,
        }
    }

    /// T <- T + Q (Q affine) and the line through T and Q.
    #[inline]
    pub(crate) fn add_step(&mut self, q: &G2Affine<C>) -> LineCoeffs<C> {
        let (x, y, z) = (self.x, self.y, self.z);
        let theta = y - q.y * z;
        let lambda = x - q.x * z;
        let c = theta.square();
        let d = lambda.square();
        let e = lambda * d;
        let f = z * c;
        let g = x * d;
        let h = e + f - g.double();
        self.x = lambda * h;
        self.y = theta * (g - h) - y * e;
        self.z = z * e;
        let j = theta * q.x - lambda * q.y;
        // Line: -lambda yP + theta xP - J.
        LineCoeffs {
            c: -j,
            x: theta,
            y: lambda,
        }
    }

    pub(crate) fn neg(&mut self) {
        self.y = -self.y;
    }
}

/// P's coordinates as the line evaluation uses them: (xP, -yP).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PreparedG1<C: PairingCurve> {
    pub x: Fp<C::Fp>,
    pub neg_y: Fp<C::Fp>,
}

impl<C: PairingCurve> PreparedG1<C> {
    pub(crate) fn new(p: &G1Affine<C>) -> Self {
        PreparedG1 {
            x: p.x,
            neg_y: -p.y,
        }
    }
}

/// f <- f * l(P).
#[inline]
pub(crate) fn mul_by_line<C: PairingCurve>(f: &mut Fp12<C>, l: &LineCoeffs<C>, p: &PreparedG1<C>) {
    let lx = l.x.mul_by_fp(&p.x);
    let ly = l.y.mul_by_fp(&p.neg_y);
    *f = match C::TWIST {
        Twist::D => f.mul_by_line_d(&ly, &lx, &l.c),
        Twist::M => f.mul_by_line_m(&l.c, &lx, &ly),
    };
}

/// The Miller loop of the optimal ate pairing for a product of pairings: f_{s,Q_i}(P_i) multiplied
/// over i with shared squarings, s = 6u+2 for BN (then the lines through pi(Q) and -pi^2(Q)),
/// s = u for BLS12. Pairs with a point at infinity are skipped (they contribute 1).
pub fn miller_loop<C: PairingCurve>(pairs: &[(G1Affine<C>, G2Affine<C>)]) -> MillerLoopOutput<C> {
    let k = C::consts();
    let live: Vec<(PreparedG1<C>, G2Affine<C>)> = pairs
        .iter()
        .filter(|(p, q)| !p.infinity && !q.infinity)
        .map(|(p, q)| (PreparedG1::new(p), *q))
        .collect();
    MillerLoopOutput::new(loop_over_naf(
        &live,
        &k.miller_naf,
        k.miller_neg,
        C::FAMILY == Family::Bn,
    ))
}

/// The shared loop over a NAF (most significant digit first), its sign, and optionally the two
/// Frobenius lines of the BN optimal ate pairing.
fn loop_over_naf<C: PairingCurve>(
    live: &[(PreparedG1<C>, G2Affine<C>)],
    naf: &[i8],
    neg: bool,
    frobenius_lines: bool,
) -> Fp12<C> {
    let mut ts: Vec<TwistPoint<C>> = live
        .iter()
        .map(|(_, q)| TwistPoint::from_affine(q))
        .collect();
    let negq: Vec<G2Affine<C>> = live.iter().map(|(_, q)| q.neg()).collect();
    let mut f = Fp12::<C>::ONE;
    for (step, &d) in naf.iter().enumerate().skip(1) {
        if step > 1 {
            f = f.square();
        }
        for (t, (p, _)) in ts.iter_mut().zip(live) {
            let l = t.double_step();
            mul_by_line(&mut f, &l, p);
        }
        if d != 0 {
            for (i, (t, (p, q))) in ts.iter_mut().zip(live).enumerate() {
                let l = t.add_step(if d > 0 { q } else { &negq[i] });
                mul_by_line(&mut f, &l, p);
            }
        }
    }
    if neg {
        f = f.conjugate();
        for t in ts.iter_mut() {
            t.neg();
        }
    }
    if frobenius_lines {
        // Frobenius lines (Vercauteren 2010): Q1 = pi(Q), Q2 = -pi^2(Q).
        for (t, (p, q)) in ts.iter_mut().zip(live) {
            let q1 = psi(q);
            let q2 = psi(&q1).neg();
            let l = t.add_step(&q1);
            mul_by_line(&mut f, &l, p);
            let l = t.add_step(&q2);
            mul_by_line(&mut f, &l, p);
        }
    }
    f
}

/// The Miller loop of the plain ate pairing (Grabher–Großschädl–Page 2008, Algorithm 1):
/// f_{s,Q}(P) with s = t - 1 and no Frobenius lines.
pub fn ate_miller_loop<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> MillerLoopOutput<C> {
    if p.infinity || q.infinity {
        return MillerLoopOutput::new(Fp12::ONE);
    }
    let k = C::consts();
    let live = [(PreparedG1::new(p), *q)];
    MillerLoopOutput::new(loop_over_naf(&live, &k.ate_naf, k.ate_neg, false))
}
