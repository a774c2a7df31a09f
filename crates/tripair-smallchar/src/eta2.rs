//! The eta_T pairing on the supersingular curves E_b: y^2 + y = x^3 + x + b over F_{2^m}, m odd.
//!
//! **Broken parameters.** Quasi-polynomial discrete-logarithm algorithms apply in small
//! characteristic (Barbulescu–Gaudry–Joux–Thomé 2014); the curve over F_{2^1223} has about 59 bits
//! of security (Granger–Kleinjung–Zumbrägel 2014). Research and comparison only.
//!
//! #E = 2^m + 1 + nu 2^((m+1)/2), nu = (-1)^b for m = 1, 7 (mod 8), -(-1)^b for m = 3, 5;
//! embedding degree 4; distortion psi(x, y) = (x + s^2, y + s x + t). The loop is the square-root
//! form of the eta_T loop (Barreto, Galbraith, Ó hÉigeartaigh, Scott, DCC 42(3), 2007, Algorithm 3,
//! in the notation of the project notes); the final exponent W = (2^(2m) - 1)(2^m + 1 - nu
//! 2^((m+1)/2)) is evaluated as conj(F)/F followed by Frobenius maps, squarings and a conjugation
//! (the inverse on the torus). The two-thread loop splits the product of line values
//! (Mitsunari 2009, Algorithm 4): the second thread starts from P and Q advanced by square roots
//! and squarings.

use num_bigint::BigUint;
use num_traits::Zero;

use super::gf2::{Backend2, Gf2, Pentanomial2, Portable2};
use super::gf2_tower::{Gf22, Gf24};
use super::Threads;
use tripair::error::{Error, Result};

/// 233 b = 0: #E = 2^233 + 2^117 + 1 = 5 * 3108221 * r, r of 210 bits.
pub const COFACTOR_233: u64 = 5 * 3108221;

/// nu with #E = 2^m + 1 + nu 2^((m+1)/2).
pub const fn nu(m: usize, b: u8) -> i64 {
    let s = if b == 0 { 1 } else { -1 };
    if m % 8 == 1 || m % 8 == 7 {
        s
    } else {
        -s
    }
}

/// #E_b(F_{2^m}) = 2^m + 1 + nu 2^((m+1)/2).
pub fn curve_order(m: usize, b: u8) -> BigUint {
    let q = BigUint::from(1u32) << m;
    let t = BigUint::from(1u32) << m.div_ceil(2);
    if nu(m, b) == 1 {
        q + 1u32 + t
    } else {
        q + 1u32 - t
    }
}

/// A curve E_B over F_{2^m} with cofactor H.
#[derive(Clone, Copy, Debug, Default)]
pub struct Curve2<const N: usize, P: Pentanomial2, const B: u8, const H: u64>(
    core::marker::PhantomData<P>,
);

/// y^2 + y = x^3 + x over F_{2^233}, cofactor [`COFACTOR_233`] (CLI name `eta2-233`).
pub type Eta2_233 = Curve2<4, super::gf2::P233, 0, COFACTOR_233>;
/// y^2 + y = x^3 + x over F_{2^271}, cofactor 487805 (CLI name `eta2-271`).
pub type Eta2_271 = Curve2<5, super::gf2::P271, 0, 487805>;
/// y^2 + y = x^3 + x over F_{2^1223}, cofactor 5 (CLI name `eta2-1223`).
pub type Eta2_1223 = Curve2<20, super::gf2::P1223, 0, 5>;

impl<const N: usize, P: Pentanomial2, const B: u8, const H: u64> Curve2<N, P, B, H> {
    /// The group order #E_B(F_{2^m}) ([`curve_order`]).
    pub fn order() -> BigUint {
        curve_order(P::M, B)
    }
    /// The prime r = #E / H.
    pub fn r() -> BigUint {
        let n = Self::order();
        debug_assert!((&n % H).is_zero());
        n / H
    }
    /// The cofactor H = #E / r.
    pub fn cofactor() -> u64 {
        H
    }
    /// H * (x, y) for the first x = 1, 2, 3, ... (integer encoding) on the curve with a non-trivial
    /// result; y = half-trace of x^3 + x + b.
    pub fn generator() -> Point2<N, P, B> {
        let mut k = 1u64;
        loop {
            let mut x = Gf2::<N, P>::zero();
            x.w[0] = k;
            if let Some(p) = Point2::from_x_vartime(&x) {
                let g = p.mul_vartime(&BigUint::from(H));
                if !g.inf {
                    return g;
                }
            }
            k += 1;
        }
    }
    /// Whether P lies in the order-r subgroup (\[r\]P = O).
    pub fn in_subgroup(p: &Point2<N, P, B>) -> bool {
        p.mul_vartime(&Self::r()).inf
    }
    /// Decodes and checks a point: on the curve and in the subgroup.
    pub fn decode_point(bytes: &[u8]) -> Result<Point2<N, P, B>> {
        let p = Point2::from_bytes(bytes)?;
        if !Self::in_subgroup(&p) {
            return Err(Error::NotInSubgroup);
        }
        Ok(p)
    }
}

/// An affine point of E_B (or the point at infinity).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point2<const N: usize, P: Pentanomial2, const B: u8> {
    /// The affine x-coordinate (not used when `inf` is set).
    pub x: Gf2<N, P>,
    /// The affine y-coordinate (not used when `inf` is set).
    pub y: Gf2<N, P>,
    /// Whether this is the point at infinity.
    pub inf: bool,
}

impl<const N: usize, P: Pentanomial2, const B: u8> Point2<N, P, B> {
    /// The point at infinity O, the group identity.
    pub fn infinity() -> Self {
        Point2 {
            x: Gf2::zero(),
            y: Gf2::zero(),
            inf: true,
        }
    }
    /// (x, y) without any check.
    pub fn new_unchecked(x: Gf2<N, P>, y: Gf2<N, P>) -> Self {
        Point2 { x, y, inf: false }
    }
    fn rhs(x: &Gf2<N, P>) -> Gf2<N, P> {
        x.mul_comb(x).mul_comb(x).add(x).add(&Gf2::from_bit(B))
    }
    /// Whether y^2 + y = x^3 + x + B holds (always true for the point at infinity).
    pub fn is_on_curve(&self) -> bool {
        self.inf || self.y.mul_comb(&self.y).add(&self.y) == Self::rhs(&self.x)
    }
    /// A point with this x if Tr(x^3 + x + b) = 0 (variable time).
    pub fn from_x_vartime(x: &Gf2<N, P>) -> Option<Self> {
        let c = Self::rhs(x);
        if c.trace() != 0 {
            return None;
        }
        let y = c.half_trace();
        let p = Self::new_unchecked(*x, y);
        debug_assert!(p.is_on_curve());
        Some(p)
    }
    /// -(x, y) = (x, y + 1).
    pub fn neg(&self) -> Self {
        Point2 {
            x: self.x,
            y: self.y.add(&Gf2::one()),
            inf: self.inf,
        }
    }
    /// Doubling: lambda = x^2 + 1, x3 = lambda^2, y3 = lambda (x + x3) + y + 1.
    pub fn double_vartime(&self) -> Self {
        if self.inf {
            return *self;
        }
        let l = self.x.mul_comb(&self.x).add(&Gf2::one());
        let x3 = l.mul_comb(&l);
        let y3 = l.mul_comb(&self.x.add(&x3)).add(&self.y).add(&Gf2::one());
        Self::new_unchecked(x3, y3)
    }
    /// Affine addition (variable time: branches on the inputs).
    pub fn add_vartime(&self, o: &Self) -> Self {
        if self.inf {
            return *o;
        }
        if o.inf {
            return *self;
        }
        if self.x == o.x {
            return if self.y == o.y {
                self.double_vartime()
            } else {
                Self::infinity()
            };
        }
        let l = self.y.add(&o.y).mul_comb(&self.x.add(&o.x).inv());
        let x3 = l.mul_comb(&l).add(&self.x).add(&o.x);
        let y3 = l.mul_comb(&self.x.add(&x3)).add(&self.y).add(&Gf2::one());
        Self::new_unchecked(x3, y3)
    }
    /// \[k\]P by double-and-add (variable time).
    pub fn mul_vartime(&self, k: &BigUint) -> Self {
        let mut r = Self::infinity();
        for i in (0..k.bits()).rev() {
            r = r.double_vartime();
            if k.bit(i) {
                r = r.add_vartime(self);
            }
        }
        r
    }
    /// x || y in the base-field encoding; None for the point at infinity (it has no byte
    /// encoding).
    pub fn to_bytes(&self) -> Option<Vec<u8>> {
        if self.inf {
            return None;
        }
        let mut v = self.x.to_bytes();
        v.extend(self.y.to_bytes());
        Some(v)
    }
    /// Decodes x || y: WrongLength, NotAFieldElement, NotOnCurve (no subgroup check here).
    pub fn from_bytes(b: &[u8]) -> Result<Self> {
        let n = Gf2::<N, P>::byte_len();
        if b.len() != 2 * n {
            return Err(Error::WrongLength {
                what: "point x||y",
                expected: 2 * n,
                got: b.len(),
            });
        }
        let p = Self::new_unchecked(Gf2::from_bytes(&b[..n])?, Gf2::from_bytes(&b[n..])?);
        if !p.is_on_curve() {
            return Err(Error::NotOnCurve);
        }
        Ok(p)
    }
}

// ---------------------------------------------------------------------------------------------
// The Miller loop
// ---------------------------------------------------------------------------------------------

/// alpha, beta, delta of the loop (project notes).
fn loop_constants(m: usize, b: u8) -> (u8, u8, u8) {
    let alpha = if m % 4 == 3 { 0 } else { 1 };
    let (beta, delta) = match m % 8 {
        1 => (b, b),
        3 => (b, 1 - b),
        5 => (1 - b, 1 - b),
        _ => (1 - b, b),
    };
    (alpha, beta, delta)
}

/// g0 + g1 s with g0 = u v + yP + yQ + beta, g1 = u + xQ, u = xP + alpha, v = xQ + alpha.
#[inline(always)]
fn line_g<const N: usize, P: Pentanomial2, Bk: Backend2>(
    xp: &Gf2<N, P>,
    yp: &Gf2<N, P>,
    xq: &Gf2<N, P>,
    yq: &Gf2<N, P>,
    alpha: &Gf2<N, P>,
    beta: &Gf2<N, P>,
    be: Bk,
) -> Gf22<N, P> {
    let u = xp.add(alpha);
    let v = xq.add(alpha);
    let g0 = be.mul(&u, &v).add(yp).add(yq).add(beta);
    Gf22::new(g0, u.add(xq))
}

/// Runs loop iterations `from..to` (iteration i uses P^(2^-i), Q^(2^i); iteration 0 is the
/// special first factor) starting from F = 1.
fn loop_range<const N: usize, P: Pentanomial2, const B: u8, Bk: Backend2>(
    p: &Point2<N, P, B>,
    q: &Point2<N, P, B>,
    from: usize,
    to: usize,
    be: Bk,
) -> Gf24<N, P> {
    let m = P::M;
    let (alpha, beta, delta) = loop_constants(m, B);
    let alpha = Gf2::<N, P>::from_bit(alpha);
    let beta = Gf2::<N, P>::from_bit(beta);
    let mut xp = p.x;
    let mut yp = p.y.add(&Gf2::from_bit(1 - delta));
    let mut xq = q.x;
    let mut yq = q.y;
    // Advance to iteration `from` (the precomputed square roots and squares of Algorithm 4).
    let start = from.max(1);
    for _ in 1..start {
        xp = be.sqrt(&xp);
        yp = be.sqrt(&yp);
        xq = be.square(&xq);
        yq = be.square(&yq);
    }
    let mut f = Gf24::one();
    if from == 0 {
        let g = line_g(&xp, &yp, &xq, &yq, &alpha, &beta, be);
        // First factor: (g0 + v + xP^2 + (g1 + 1) s + t) (g0 + g1 s + t).
        let v = xq.add(&alpha);
        let a = Gf22::new(g.c0.add(&v).add(&be.square(&xp)), g.c1.add(&Gf2::one()));
        f = Gf24::from_two_sparse(&a, &g, be);
    }
    for _ in start..to {
        xp = be.sqrt(&xp);
        yp = be.sqrt(&yp);
        xq = be.square(&xq);
        yq = be.square(&yq);
        let g = line_g(&xp, &yp, &xq, &yq, &alpha, &beta, be);
        f = f.mul_by_sparse(&g, be);
    }
    f
}

/// The Miller loop value (before the final exponentiation), one thread.
/// Broken parameters: research use only.
pub fn eta_t_loop<const N: usize, P: Pentanomial2, const B: u8, Bk: Backend2>(
    p: &Point2<N, P, B>,
    q: &Point2<N, P, B>,
    be: Bk,
) -> Gf24<N, P> {
    if p.inf || q.inf {
        return Gf24::one();
    }
    loop_range(p, q, 0, P::M.div_ceil(2), be)
}

/// The same value on two threads: iterations 0..h here, h..(m+1)/2 on a second thread.
pub fn eta_t_loop_parallel<const N: usize, P: Pentanomial2, const B: u8, Bk: Backend2>(
    p: &Point2<N, P, B>,
    q: &Point2<N, P, B>,
    be: Bk,
) -> Gf24<N, P> {
    if p.inf || q.inf {
        return Gf24::one();
    }
    let n = P::M.div_ceil(2);
    let h = n / 2;
    // The second half runs on a worker of the library's pool (no thread is spawned per pairing).
    let (p2, q2) = (*p, *q);
    let (fa, fb) = tripair::pairing::join(
        || loop_range(p, q, 0, h, be),
        move || loop_range(&p2, &q2, h, n, be),
    );
    fa.mul(&fb, be)
}

/// F^W, W = (2^(2m) - 1)(2^m + 1 - nu 2^((m+1)/2)), through the torus.
pub fn final_exp<const N: usize, P: Pentanomial2, const B: u8, Bk: Backend2>(
    f: &Gf24<N, P>,
    be: Bk,
) -> Gf24<N, P> {
    let u = f.conjugate().mul(&f.inv(be), be);
    let a = u.frobenius().mul(&u, be);
    let mut w = u;
    for _ in 0..P::M.div_ceil(2) {
        w = w.square(be);
    }
    if nu(P::M, B) == 1 {
        w = w.conjugate();
    }
    a.mul(&w, be)
}

/// The final exponent W = (2^(4m) - 1) / #E.
pub fn final_exponent(m: usize, b: u8) -> BigUint {
    ((BigUint::from(1u32) << (4 * m)) - 1u32) / curve_order(m, b)
}

/// F^W by plain square-and-multiply (slow reference).
pub fn final_exp_slow<const N: usize, P: Pentanomial2, const B: u8>(f: &Gf24<N, P>) -> Gf24<N, P> {
    f.pow_vartime(&final_exponent(P::M, B), Portable2)
}

/// eta_T(P, Q) = (loop value)^W with [`final_exp`], on one or two threads and the given
/// backend. Broken parameters: research use only.
pub fn eta_t_with<const N: usize, P: Pentanomial2, const B: u8, Bk: Backend2>(
    p: &Point2<N, P, B>,
    q: &Point2<N, P, B>,
    threads: Threads,
    be: Bk,
) -> Gf24<N, P> {
    let f = match threads {
        Threads::One => eta_t_loop(p, q, be),
        Threads::Two => eta_t_loop_parallel(p, q, be),
    };
    final_exp::<N, P, B, Bk>(&f, be)
}

/// The reduced eta_T pairing on the best backend of this CPU (chosen once per call).
/// Broken parameters (quasi-polynomial discrete logarithms in small characteristic): research only.
pub fn eta_t_pairing<const N: usize, P: Pentanomial2, const B: u8>(
    p: &Point2<N, P, B>,
    q: &Point2<N, P, B>,
    threads: Threads,
) -> Gf24<N, P> {
    crate::with_best_backend2!(be => eta_t_with(p, q, threads, be))
}

/// psi(x, y) = (x + s^2, y + s x + t) = (x + 1 + s, y + x s + t).
pub fn distortion<const N: usize, P: Pentanomial2, const B: u8>(
    q: &Point2<N, P, B>,
) -> (Gf24<N, P>, Gf24<N, P>) {
    let x = Gf24::new(Gf22::new(q.x.add(&Gf2::one()), Gf2::one()), Gf22::zero());
    let y = Gf24::new(Gf22::new(q.y, q.x), Gf22::one());
    (x, y)
}

/// Reduced Tate pairing e(P, psi(Q)) by a plain Miller loop (numerator/denominator, verticals
/// included) and a plain exponentiation by (2^(4m) - 1)/r: the slow reference. Broken parameters.
pub fn tate_reference<const N: usize, P: Pentanomial2, const B: u8>(
    p: &Point2<N, P, B>,
    q: &Point2<N, P, B>,
    r: &BigUint,
) -> Gf24<N, P> {
    let be = Portable2;
    if p.inf || q.inf {
        return Gf24::one();
    }
    let (qx, qy) = distortion(q);
    let base = |a: Gf2<N, P>| Gf24::new(Gf22::new(a, Gf2::zero()), Gf22::zero());
    // l(X, Y) = Y + yT + lambda (X + xT); v(X) = X + x.
    let eval_line = |lam: &Gf2<N, P>, t: &Point2<N, P, B>| -> Gf24<N, P> {
        qy.add(&base(t.y)).add(&Gf24::new(
            qx.add(&base(t.x)).c0.mul_base(lam, be),
            Gf22::zero(),
        ))
    };
    let eval_vert = |x: &Gf2<N, P>| qx.add(&base(*x));
    let mut t = *p;
    let mut num = Gf24::<N, P>::one();
    let mut den = Gf24::<N, P>::one();
    for i in (0..r.bits() - 1).rev() {
        let lam = t.x.mul_comb(&t.x).add(&Gf2::one());
        let l = eval_line(&lam, &t);
        t = t.double_vartime();
        num = num.square(be).mul(&l, be);
        den = den.square(be).mul(&eval_vert(&t.x), be);
        if r.bit(i) {
            if t.x == p.x {
                num = num.mul(&eval_vert(&t.x), be);
                t = Point2::infinity();
            } else {
                let lam = t.y.add(&p.y).mul_comb(&t.x.add(&p.x).inv());
                let l = eval_line(&lam, &t);
                t = t.add_vartime(p);
                num = num.mul(&l, be);
                den = den.mul(&eval_vert(&t.x), be);
            }
        }
    }
    assert!(t.inf, "P is not of order r");
    let f = num.mul(&den.inv(be), be);
    f.pow_vartime(&(((BigUint::from(1u32) << (4 * P::M)) - 1u32) / r), be)
}

/// GT encoding: the four F_{2^m} coefficients c0.c0, c0.c1, c1.c0, c1.c1 (F = c0 + c1 t,
/// ci = ci.c0 + ci.c1 s), each in ceil(m/8) big-endian bytes.
pub fn gt_to_bytes<const N: usize, P: Pentanomial2>(g: &Gf24<N, P>) -> Vec<u8> {
    g.coeffs().iter().flat_map(|c| c.to_bytes()).collect()
}
