//! The eta_T pairing on the supersingular curves E_b: y^2 = x^3 - x + b over F_{3^m}.
//!
//! **Broken parameters.** Discrete logarithms in F_{3^(6*97)} and F_{3^(6*509)} have been computed
//! (Adj et al. 2016–2018) and quasi-polynomial algorithms apply to small characteristic
//! (Barbulescu–Gaudry–Joux–Thomé 2014). These pairings exist for research and comparison only.
//!
//! #E = 3^m + 1 + mu*b*3^((m+1)/2), embedding degree 6, distortion map
//! psi(x, y) = (rho - x, sigma*y). The Miller loop computes the value of the cube-root-free loop of
//! Beuchat, Brisebarre, Detrey, Okamoto, Shirase, Takagi (IEEE TC 57(11), 2008, Algorithm 3) as a
//! product of Frobenius images of its line values, without cubing the accumulator (see
//! [`eta_t_loop`]; the loop as written is [`eta_t_loop_cubing`], its test reference). The final
//! exponentiation by W = (3^(3m) - 1)(3^m + 1)(3^m + 1 - mu*b*3^((m+1)/2)) goes through the
//! torus (same paper, Section 5): U = R^(3^(3m)-1) = conj(R)/R needs one inversion; U^(3^m+1)
//! and the last factor use Frobenius maps, cubings and conjugation (the inverse on the torus).
//! The two-thread loop splits that product of line values in two ranges (Mitsunari 2009,
//! Algorithm 4).

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::gf3::{Backend3, Gf3, Portable3, Trinomial3};
use super::gf3_frobmap::eta_loop_split;
use super::gf3_lanes::FrobSeq3;
use super::gf3_tower::{Gf33, Gf36, Line3};
use super::Threads;
use tripair::error::{Error, Result};

/// mu = +1 if m = 1, 11 (mod 12), else -1 (#E = 3^m + 1 + mu b 3^((m+1)/2)).
pub const fn mu(m: usize) -> i64 {
    if m % 12 == 1 || m % 12 == 11 {
        1
    } else {
        -1
    }
}

/// lambda = +1 if m = 7, 11 (mod 12), else -1.
pub const fn lambda(m: usize) -> i64 {
    if m % 12 == 7 || m % 12 == 11 {
        1
    } else {
        -1
    }
}

/// #E_b(F_{3^m}).
pub fn curve_order(m: usize, b: i8) -> BigUint {
    let q = BigUint::from(3u32).pow(m as u32);
    let t = BigUint::from(3u32).pow(m.div_ceil(2) as u32);
    if mu(m) * b as i64 == 1 {
        q + 1u32 + t
    } else {
        q + 1u32 - t
    }
}

/// A curve E_B over F_{3^m} (m = P::M) with cofactor H: its type carries the parameters.
#[derive(Clone, Copy, Debug, Default)]
pub struct Curve3<const N: usize, P: Trinomial3, const B: i8, const H: u64>(
    core::marker::PhantomData<P>,
);

/// y^2 = x^3 - x + 1 over F_{3^97}, cofactor 7 (CLI name `eta3-97`).
pub type Eta3_97 = Curve3<2, super::gf3::T97, 1, 7>;
/// y^2 = x^3 - x - 1 over F_{3^193}, of prime order (cofactor 1; CLI name `eta3-193`).
pub type Eta3_193 = Curve3<4, super::gf3::T193, -1, 1>;
/// y^2 = x^3 - x + 1 over F_{3^509}, cofactor 7 (CLI name `eta3-509`).
pub type Eta3_509 = Curve3<8, super::gf3::T509, 1, 7>;

impl<const N: usize, P: Trinomial3, const B: i8, const H: u64> Curve3<N, P, B, H> {
    /// The group order #E_B(F_{3^m}) ([`curve_order`]).
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
    /// A generator of the order-r subgroup: H * (x, y) for the first x = 1, 2, 3, ... (integer
    /// encoding) with x^3 - x + b a square and a non-trivial result; y the root returned by
    /// [`Gf3::sqrt_vartime`].
    pub fn generator() -> Point3<N, P, B> {
        let mut k = 1u32;
        loop {
            let x = Gf3::<N, P>::from_biguint(&BigUint::from(k)).expect("small integer");
            if let Some(p) = Point3::from_x_vartime(&x) {
                let g = p.mul_vartime(&BigUint::from(H));
                if !g.inf {
                    return g;
                }
            }
            k += 1;
        }
    }
    /// Whether P lies in the order-r subgroup (\[r\]P = O).
    pub fn in_subgroup(p: &Point3<N, P, B>) -> bool {
        p.mul_vartime(&Self::r()).inf
    }
    /// Decodes and checks a point: on the curve and in the subgroup.
    pub fn decode_point(bytes: &[u8]) -> Result<Point3<N, P, B>> {
        let p = Point3::from_bytes(bytes)?;
        if !Self::in_subgroup(&p) {
            return Err(Error::NotInSubgroup);
        }
        Ok(p)
    }
}

/// An affine point of E_B (or the point at infinity).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point3<const N: usize, P: Trinomial3, const B: i8> {
    /// The affine x-coordinate (not used when `inf` is set).
    pub x: Gf3<N, P>,
    /// The affine y-coordinate (not used when `inf` is set).
    pub y: Gf3<N, P>,
    /// Whether this is the point at infinity.
    pub inf: bool,
}

impl<const N: usize, P: Trinomial3, const B: i8> Point3<N, P, B> {
    /// The point at infinity O, the group identity.
    pub fn infinity() -> Self {
        Point3 {
            x: Gf3::zero(),
            y: Gf3::zero(),
            inf: true,
        }
    }
    /// (x, y) without any check.
    pub fn new_unchecked(x: Gf3<N, P>, y: Gf3<N, P>) -> Self {
        Point3 { x, y, inf: false }
    }
    fn rhs(x: &Gf3<N, P>) -> Gf3<N, P> {
        x.mul_portable(x)
            .mul_portable(x)
            .sub(x)
            .add(&Gf3::from_i64(B as i64))
    }
    /// Whether y^2 = x^3 - x + B holds (always true for the point at infinity).
    pub fn is_on_curve(&self) -> bool {
        self.inf || self.y.mul_portable(&self.y) == Self::rhs(&self.x)
    }
    /// A point with this x, if x^3 - x + b is a square (variable time).
    pub fn from_x_vartime(x: &Gf3<N, P>) -> Option<Self> {
        Self::rhs(x)
            .sqrt_vartime()
            .map(|y| Self::new_unchecked(*x, y))
    }
    /// The negation -P = (x, -y) (O stays O).
    pub fn neg(&self) -> Self {
        Point3 {
            x: self.x,
            y: self.y.neg(),
            inf: self.inf,
        }
    }
    /// Affine doubling: lambda = (3x^2 - 1)/(2y) = 1/y in characteristic 3.
    pub fn double_vartime(&self) -> Self {
        if self.inf || self.y.is_zero() {
            return Self::infinity();
        }
        let l = self.y.inv();
        let x3 = l.mul_portable(&l).add(&self.x); // lambda^2 - 2x = lambda^2 + x
        let y3 = l.mul_portable(&self.x.sub(&x3)).sub(&self.y);
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
        let l = o.y.sub(&self.y).mul_portable(&o.x.sub(&self.x).inv());
        let x3 = l.mul_portable(&l).sub(&self.x).sub(&o.x);
        let y3 = l.mul_portable(&self.x.sub(&x3)).sub(&self.y);
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
    /// x || y in the base-field encoding (the point at infinity has no byte encoding; the text
    /// token `inf` stands for it).
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
        let n = Gf3::<N, P>::byte_len();
        if b.len() != 2 * n {
            return Err(Error::WrongLength {
                what: "point x||y",
                expected: 2 * n,
                got: b.len(),
            });
        }
        let x = Gf3::from_bytes(&b[..n])?;
        let y = Gf3::from_bytes(&b[n..])?;
        let p = Self::new_unchecked(x, y);
        if !p.is_on_curve() {
            return Err(Error::NotOnCurve);
        }
        Ok(p)
    }
}

// ---------------------------------------------------------------------------------------------
// The Miller loop
// ---------------------------------------------------------------------------------------------

/// The loop's line value -t^2 + y sigma - t rho - rho^2.
#[inline(always)]
fn line<const N: usize, P: Trinomial3, Bk: Backend3>(
    t: &Gf3<N, P>,
    y: Gf3<N, P>,
    be: Bk,
) -> Line3<N, P> {
    Line3 {
        c0: be.mul(t, t).neg(),
        c1: t.neg(),
        y,
    }
}

/// State of the loop after its set-up: xP + b, -mu b yP, and the running Q coordinates.
struct LoopStart<const N: usize, P: Trinomial3> {
    xp: Gf3<N, P>,
    yp: Gf3<N, P>,
    xq: Gf3<N, P>,
    yq: Gf3<N, P>,
}

fn loop_start<const N: usize, P: Trinomial3, const B: i8, Bk: Backend3>(
    p: &Point3<N, P, B>,
    q: &Point3<N, P, B>,
    be: Bk,
) -> LoopStart<N, P> {
    let m = P::M;
    LoopStart {
        xp: p.x.add(&Gf3::from_i64(B as i64)),
        yp: p.y.mul_i64(-mu(m) * B as i64),
        xq: be.cube(&q.x),
        yq: be.cube(&q.y),
    }
}

/// The first factor (lambda yP t - lambda yQ sigma - lambda yP rho) * line(t).
fn loop_first<const N: usize, P: Trinomial3, const B: i8, Bk: Backend3>(
    s: &LoopStart<N, P>,
    be: Bk,
) -> Gf36<N, P, B> {
    let lam = lambda(P::M);
    let t = s.xp.add(&s.xq);
    let ly = s.yp.mul_i64(lam);
    let first = Gf36::new(
        Gf33::new(be.mul(&ly, &t), ly.neg(), Gf3::zero()),
        Gf33::new(s.yq.mul_i64(-lam), Gf3::zero(), Gf3::zero()),
    );
    first.mul_by_line(&line(&t, be.mul(&s.yp, &s.yq), be), be)
}

/// `steps` iterations of: R <- R^3; xQ <- xQ^9 - b; yQ <- -yQ^9; R <- R * line(xP + xQ, yP yQ).
fn loop_steps<const N: usize, P: Trinomial3, const B: i8, Bk: Backend3>(
    mut r: Gf36<N, P, B>,
    xp: &Gf3<N, P>,
    yp: &Gf3<N, P>,
    mut xq: Gf3<N, P>,
    mut yq: Gf3<N, P>,
    steps: usize,
    be: Bk,
) -> Gf36<N, P, B> {
    let bb = Gf3::<N, P>::from_i64(B as i64);
    for _ in 0..steps {
        r = r.cube(be);
        xq = be.cube(&be.cube(&xq)).sub(&bb);
        yq = be.cube(&be.cube(&yq)).neg();
        let t = xp.add(&xq);
        r = r.mul_by_line(&line(&t, be.mul(yp, &yq), be), be);
    }
    r
}

/// Product of the loop's factors i0 <= i < i1 in the Frobenius form (see [`eta_t_loop`]):
/// factor i is line(t_i, y_i) with t_i = xp^(3^(L-i)) + xq^(3^(L+i)) - L b and
/// y_i = (-1)^L yp^(3^(L-i)) yq^(3^(L+i)); factor 0 also carries the first factor's image.
/// The coordinates come from Frobenius sequences computed up front, eight at a time
/// ([`FrobSeq3`]): the range runs in two chunks [i0, mid) and [mid, i1) (mid = i1: one), each
/// with the P side counted up from 3^(L+1-b) and the Q side from 3^(L+a) for its chunk [a, b),
/// so that the four sequences of each chunk fill four lanes.
fn lines_range<const N: usize, P: Trinomial3, const B: i8, Bk: Backend3>(
    p: &Point3<N, P, B>,
    q: &Point3<N, P, B>,
    i0: usize,
    mid: usize,
    i1: usize,
    be: Bk,
) -> Gf36<N, P, B> {
    let l = (P::M - 1) / 2;
    debug_assert!(i0 < mid && mid <= i1 && i1 <= l + 1);
    let s = loop_start(p, q, be);
    let chunks = [(i0, mid), (mid, i1)];
    // Lanes 4c..4c + 4: xP, (-1)^L yP, xQ - L b, yQ of chunk c, their first powers by
    // constant-time linear maps where P has them (Backend3::pow3k). The constants ride along:
    // (x + c)^3 = x^3 + c and (-y)^3 = -y^3 over F_3.
    let lb = Gf3::<N, P>::from_i64(l as i64 * B as i64);
    let sign_l = if l % 2 == 0 { 1 } else { -1 };
    let mut start = [Gf3::<N, P>::zero(); 8];
    for (c, &(a, b)) in chunks.iter().enumerate() {
        if a < b {
            let (jp, jq) = (l + 1 - b, l + a);
            start[4 * c] = be.pow3k(&s.xp, jp);
            start[4 * c + 1] = be.pow3k(&s.yp, jp).mul_i64(sign_l);
            start[4 * c + 2] = be.pow3k(&s.xq, jq).sub(&lb);
            start[4 * c + 3] = be.pow3k(&s.yq, jq);
        }
    }
    let seq = FrobSeq3::new(&start, (mid - i0).max(i1 - mid), be);
    let mut r = Gf36::one();
    for i in i0..i1 {
        let (c, (a, b)) = if i < mid {
            (0, chunks[0])
        } else {
            (1, chunks[1])
        };
        // P side: xp^(3^(L-i)) is step b - 1 - i of its sequence; Q side: step i - a.
        let (sp, sq) = (b - 1 - i, i - a);
        // ya = (-1)^L yP^(3^(L-i)); y = ya qy, its product taken inside the line kernel.
        let (px, ya) = (seq.get(4 * c, sp), seq.get(4 * c + 1, sp));
        let (qx, qy) = (seq.get(4 * c + 2, sq), seq.get(4 * c + 3, sq));
        let t = px.add(&qx);
        if i == 0 {
            // The first factor lambda yP t - lambda yQ sigma - lambda yP rho, raised to 3^L.
            let lam = lambda(P::M);
            let ly = ya.mul_i64(lam * sign_l);
            r = Gf36::new(
                Gf33::new(be.mul(&ly, &t), ly.neg(), Gf3::zero()),
                Gf33::new(qy.mul_i64(-lam * sign_l), Gf3::zero(), Gf3::zero()),
            );
        }
        r.mul_assign_line_t(&t, &ya, &qy, be);
    }
    r
}

/// The Miller loop value of eta_T (before the final exponentiation), on one thread.
/// Broken parameters: research use only.
///
/// The value is that of the cube-root-free loop of Beuchat et al. 2008 (Algorithm 3,
/// [`eta_t_loop_cubing`]), R_i = R_(i-1)^3 * g_i for i = 1..L, L = (m-1)/2. Unrolled, R_L is the
/// product of the Frobenius images g_i^(3^(L-i)), and the image of a line value is again a line
/// value: rho^(3^k) = rho + kb, sigma^(3^k) = (-1)^k sigma, and -(T^2 + kbT + k^2) = -(T - kb)^2
/// in characteristic 3, so line(t, y)^(3^k) = line(t^(3^k) - kb, (-1)^k y^(3^k)). Multiplying
/// these images directly (the loop of Algorithm 3 in Mitsunari 2009, with every coordinate
/// raised to 3^L so that no cube root is needed) saves the six F_{3^m} cubes of R per step.
pub fn eta_t_loop<const N: usize, P: Trinomial3, const B: i8, Bk: Backend3>(
    p: &Point3<N, P, B>,
    q: &Point3<N, P, B>,
    be: Bk,
) -> Gf36<N, P, B> {
    if p.inf || q.inf {
        return Gf36::one();
    }
    // Two chunks split as the two-thread loop splits (their first powers have linear maps).
    let (total, h) = eta_loop_split(P::M);
    lines_range(p, q, 0, h, total, be)
}

/// The same loop value on two threads (Mitsunari 2009, Algorithm 4): the factors of
/// [`eta_t_loop`] split in two ranges, each thread computing its own coordinates and product,
/// then one F_{3^6m} product.
pub fn eta_t_loop_parallel<const N: usize, P: Trinomial3, const B: i8, Bk: Backend3>(
    p: &Point3<N, P, B>,
    q: &Point3<N, P, B>,
    be: Bk,
) -> Gf36<N, P, B> {
    if p.inf || q.inf {
        return Gf36::one();
    }
    // The split of eta_t_loop (the start powers of both halves have linear maps).
    let (total, h) = eta_loop_split(P::M);
    let (p2, q2) = (*p, *q);
    // The second range runs on a worker of the library's pool (no thread is spawned per pairing).
    let (ra, rb) = tripair::pairing::join(
        || lines_range(p, q, 0, h, h, be),
        move || lines_range(&p2, &q2, h, total, total, be),
    );
    ra.mul(&rb, be)
}

/// The loop of Beuchat et al. 2008 (Algorithm 3) as written: R cubed every step, Q's
/// coordinates cubed twice. Slower than [`eta_t_loop`]; the reference it is tested against.
pub fn eta_t_loop_cubing<const N: usize, P: Trinomial3, const B: i8, Bk: Backend3>(
    p: &Point3<N, P, B>,
    q: &Point3<N, P, B>,
    be: Bk,
) -> Gf36<N, P, B> {
    if p.inf || q.inf {
        return Gf36::one();
    }
    let s = loop_start(p, q, be);
    let r0 = loop_first(&s, be);
    loop_steps(r0, &s.xp, &s.yp, s.xq, s.yq, (P::M - 1) / 2, be)
}

/// U = f^(3^(3m) - 1) = conj(f)^2 / (f conj(f)) with f conj(f) = c0^2 + c1^2 in F_{3^3m}
/// (Beuchat et al. 2008, Section 5): three F_{3^3m} products, one F_{3^3m} inversion, two products.
fn torus_start<const N: usize, P: Trinomial3, const B: i8, Bk: Backend3>(
    f: &Gf36<N, P, B>,
    be: Bk,
    vartime: bool,
) -> Gf36<N, P, B> {
    // Products with the same left operand share its tables.
    let (p0, p2) = f.c0.mul_two(&f.c0, &f.c1, be);
    let p1 = f.c1.mul(&f.c1, be);
    let n = p0.add(&p1);
    let ni = if vartime {
        n.inv_vartime(be)
    } else {
        n.inv(be)
    };
    // conj(f)^2 = c0^2 - c1^2 - 2 c0 c1 sigma = (c0^2 - c1^2) + c0 c1 sigma (mod 3).
    let (u0, u1) = ni.mul_two(&p0.sub(&p1), &p2, be);
    Gf36::new(u0, u1)
}

/// The torus part: V = U^(3^m + 1), then V^(3^m + 1 - mu b 3^((m+1)/2)) =
/// V^(3^m) V (V^(3^((m+1)/2)))^(-mu b), the inverse on the torus being the conjugate; `pow_half`
/// raises to 3^((m+1)/2). U and V are unitary, so both x^(3^m) x products take 12 F_{3^m}
/// products ([`Gf36::frob_mul_unitary`]). U = 0 (from f = 0, which the loop never gives) stays 0.
fn torus_finish<const N: usize, P: Trinomial3, const B: i8, Bk: Backend3>(
    u: &Gf36<N, P, B>,
    be: Bk,
    pow_half: impl Fn(&Gf36<N, P, B>) -> Gf36<N, P, B>,
) -> Gf36<N, P, B> {
    if u.is_zero() {
        return *u;
    }
    let v = u.frob_mul_unitary(be);
    let a = v.frob_mul_unitary(be);
    let mut w = pow_half(&v);
    if mu(P::M) * B as i64 == 1 {
        w = w.conjugate();
    }
    a.mul(&w, be)
}

/// Final exponentiation by W = (3^(3m)-1)(3^m+1)(3^m+1-mu b 3^((m+1)/2)) through the torus
/// (Beuchat et al. 2008, Section 5), in constant time: the 3^((m+1)/2) power and the long cubing
/// chains of the inversion by the linear maps of [`super::gf3_frobmap`]. An input 0 (never
/// produced by the loop) gives 0.
pub fn final_exp<const N: usize, P: Trinomial3, const B: i8, Bk: Backend3>(
    f: &Gf36<N, P, B>,
    be: Bk,
) -> Gf36<N, P, B> {
    let u = torus_start(f, be, false);
    torus_finish(&u, be, |v| v.pow3k(P::M.div_ceil(2), be))
}

/// [`final_exp`] with the 3^((m+1)/2) power by (m+1)/2 cubings (the plain reference).
pub fn final_exp_cubing<const N: usize, P: Trinomial3, const B: i8, Bk: Backend3>(
    f: &Gf36<N, P, B>,
    be: Bk,
) -> Gf36<N, P, B> {
    let u = torus_start(f, be, false);
    torus_finish(&u, be, |v| {
        let mut w = *v;
        for _ in 0..P::M.div_ceil(2) {
            w = w.cube(be);
        }
        w
    })
}

/// [`final_exp`] with the 3^((m+1)/2) power read from a table ([`Trinomial3::half_power_table_vartime`])
/// and the long cubing chains of the F_{3^m} inversion too ([`Gf3::inv_vartime_with`]).
/// **Variable time:** the table lookups index memory by bits of the pairing value.
pub fn final_exp_vartime<const N: usize, P: Trinomial3, const B: i8, Bk: Backend3>(
    f: &Gf36<N, P, B>,
    be: Bk,
) -> Gf36<N, P, B> {
    let t = P::half_power_table_vartime().view::<N, P>();
    let u = torus_start(f, be, true);
    torus_finish(&u, be, |v| v.pow3k_vartime(&t))
}

/// The final exponent W = (3^(6m) - 1) / #E.
pub fn final_exponent(m: usize, b: i8) -> BigUint {
    (BigUint::from(3u32).pow(6 * m as u32) - 1u32) / curve_order(m, b)
}

/// f^W by plain square-and-multiply (slow; the reference for tests).
pub fn final_exp_slow<const N: usize, P: Trinomial3, const B: i8>(
    f: &Gf36<N, P, B>,
) -> Gf36<N, P, B> {
    f.pow_vartime(&final_exponent(P::M, B), Portable3)
}

/// eta_T(P, Q) = (loop value)^W with the fast final exponentiation ([`final_exp`]: linear maps,
/// no table lookups), on the given backend. On the AVX-512 backend no branch or memory address
/// depends on the points (comb tables live in registers); the portable comb reads its table at
/// addresses given by the operands' trits. Broken parameters (small characteristic): research
/// use only.
pub fn eta_t_with<const N: usize, P: Trinomial3, const B: i8, Bk: Backend3>(
    p: &Point3<N, P, B>,
    q: &Point3<N, P, B>,
    threads: Threads,
    be: Bk,
) -> Gf36<N, P, B> {
    let f = match threads {
        Threads::One => eta_t_loop(p, q, be),
        Threads::Two => eta_t_loop_parallel(p, q, be),
    };
    final_exp(&f, be)
}

/// The reduced eta_T pairing on the best backend of this CPU (chosen once per call; see
/// [`eta_t_with`] on timing).
/// Broken parameters (quasi-polynomial discrete logarithms in small characteristic): research only.
pub fn eta_t_pairing<const N: usize, P: Trinomial3, const B: i8>(
    p: &Point3<N, P, B>,
    q: &Point3<N, P, B>,
    threads: Threads,
) -> Gf36<N, P, B> {
    crate::with_best_backend3!(be => eta_t_with(p, q, threads, be))
}

/// The distortion map psi(x, y) = (rho - x, sigma y), as coordinates in F_{3^6m}.
pub fn distortion<const N: usize, P: Trinomial3, const B: i8>(
    q: &Point3<N, P, B>,
) -> (Gf36<N, P, B>, Gf36<N, P, B>) {
    let x = Gf36::new(Gf33::new(q.x.neg(), Gf3::one(), Gf3::zero()), Gf33::zero());
    let y = Gf36::new(Gf33::zero(), Gf33::from_base(q.y));
    (x, y)
}

/// The reduced Tate pairing e(P, psi(Q)) = f_{r,P}(psi(Q))^((3^(6m)-1)/r) by a plain Miller loop
/// (numerator and denominator kept apart, verticals included) and a plain exponentiation.
/// Slow and independent of the eta_T code: the reference for tests. Broken parameters.
pub fn tate_reference<const N: usize, P: Trinomial3, const B: i8>(
    p: &Point3<N, P, B>,
    q: &Point3<N, P, B>,
    r: &BigUint,
) -> Gf36<N, P, B> {
    let be = Portable3;
    if p.inf || q.inf {
        return Gf36::one();
    }
    let (qx, qy) = distortion(q);
    // l(X, Y) = Y - yT - lambda (X - xT), v(X) = X - x.
    let eval_line = |lam: &Gf3<N, P>, t: &Point3<N, P, B>| -> Gf36<N, P, B> {
        let c = Gf36::new(
            Gf33::from_base(t.y.neg().add(&lam.mul_portable(&t.x))),
            Gf33::zero(),
        );
        qy.sub(&qx.c0.mul_base(lam, be).into_gf36()).add(&c)
    };
    let eval_vert =
        |x: &Gf3<N, P>| -> Gf36<N, P, B> { qx.sub(&Gf36::new(Gf33::from_base(*x), Gf33::zero())) };
    let mut t = *p;
    let mut num = Gf36::<N, P, B>::one();
    let mut den = Gf36::<N, P, B>::one();
    for i in (0..r.bits() - 1).rev() {
        // Doubling: tangent slope 1/y.
        let lam = t.y.inv();
        let l = eval_line(&lam, &t);
        t = t.double_vartime();
        num = num.mul(&num, be).mul(&l, be);
        den = den.mul(&den, be);
        if !t.inf {
            den = den.mul(&eval_vert(&t.x), be);
        }
        if r.bit(i) {
            if t.x == p.x {
                // T = -P: the vertical line through T; T + P = O.
                num = num.mul(&eval_vert(&t.x), be);
                t = Point3::infinity();
            } else {
                let lam = p.y.sub(&t.y).mul_portable(&p.x.sub(&t.x).inv());
                let l = eval_line(&lam, &t);
                t = t.add_vartime(p);
                num = num.mul(&l, be);
                den = den.mul(&eval_vert(&t.x), be);
            }
        }
    }
    assert!(t.inf, "P is not of order r");
    let f = num.mul(&den.inv(be), be);
    let e = (BigUint::from(3u32).pow(6 * P::M as u32) - BigUint::one()) / r;
    f.pow_vartime(&e, be)
}

impl<const N: usize, P: Trinomial3, const B: i8> Gf33<N, P, B> {
    fn into_gf36(self) -> Gf36<N, P, B> {
        Gf36::new(self, Gf33::zero())
    }
}

/// GT element encoding: the six F_{3^m} coefficients in tower order, each in the base encoding.
pub fn gt_to_bytes<const N: usize, P: Trinomial3, const B: i8>(g: &Gf36<N, P, B>) -> Vec<u8> {
    g.coeffs().iter().flat_map(|c| c.to_bytes()).collect()
}
