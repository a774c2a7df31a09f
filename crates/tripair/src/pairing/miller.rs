//! The Miller loop as one driver over line sources.
//!
//! The driver ([`drive`]) walks a [`MillerSchedule`] (the NAF of the loop parameter, its sign, and
//! for BN curves the two Frobenius correction lines as a last step) and squares f once per step for
//! the whole batch of pairs. A [`LineSource`] does what each step asks for every pair: move its T and
//! multiply f by the line evaluated at its P. Sources here:
//! - [`ProjectiveLines`]: T in homogeneous projective coordinates on the twist (doubling after
//!   Costello–Lange–Naehrig, PKC 2010 / Aranha et al., EUROCRYPT 2011; mixed addition likewise);
//! - [`PreparedLines`]: the stored lines of fixed G2 points ([`G2Prepared`]), reused for any P;
//! - [`AffineLines`]: T in affine coordinates, one F_p2 inversion per step shared by the whole batch
//!   (Acar–Lauter–Naehrig–Shumow 2011); constant time, or `new_vartime` for public G2 points.
//!
//! Affine and prepared lines are normalized (y-coefficient 1) and P scaled to (xP/-yP, 1/-yP), so a
//! line costs 10 F_p2 products. The driver accumulates into one f (a product of pairings) or one f
//! per pair ([`EachPair`]: separate pairings sharing the source's work).
//!
//! Everything is generic over the [`BaseField`] `F` of the tower, so the same driver and sources run
//! on any representation of F_p (by default F_p itself).

use super::compiled::route;
use super::gt::MillerLoopOutput;
pub use super::schedule::{lines_of_digits, MillerSchedule, Step};
use crate::curve::twist::{psi_coords, TwistB3};
use crate::curve::{G1Affine, G2Affine, PairingCurve, Twist};
use crate::field::{batch_inv, BaseField, Fp, Fp12, Fp2, TowerKernels, TowerParams};
use crate::prelude::*;
use alloc::sync::Arc;

/// A line through points of the twist, before evaluation at P: its value at P = (xP, yP) is
/// c + x*xP (at w^1 for D-type, w^2 for M-type) + y*(-yP) (at w^0 for D-type, w^3 for M-type),
/// up to factors the final exponentiation removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCoeffs<
    C: PairingCurve,
    F: TowerKernels<Params = C::Fp> = Fp<<C as crate::field::TowerParams>::Fp>,
> {
    /// The constant term.
    pub c: Fp2<C, F>,
    /// The coefficient multiplied by xP.
    pub x: Fp2<C, F>,
    /// The coefficient multiplied by -yP.
    pub y: Fp2<C, F>,
}

/// What the driver squares and the sources multiply lines into: one f for a product of pairings
/// ([`Fp12`] itself), or one f per pair for separate Miller loops that share the sources' work
/// ([`EachPair`]: the affine source's shared inversions, a prepared point's stored lines).
pub trait MillerAccumulator<C: PairingCurve, F: TowerKernels<Params = C::Fp>> {
    /// f <- f^2 for every accumulated value.
    fn square(&mut self);
    /// f <- conj(f) for every accumulated value.
    fn conjugate(&mut self);
    /// The value that pair `pair` of the source multiplies its lines into.
    fn at(&mut self, pair: usize) -> &mut Fp12<C, F>;
    /// f <- f * l for the value of pair `pair`, l a line's sparse value at P: `line` = [a, b, c]
    /// is a + (b + c v) w for a D-type twist (`m_type` false, [`Fp12::mul_by_line_d`]) and
    /// (a + b v) + (c v) w for an M-type one ([`Fp12::mul_by_line_m`]). The sources that
    /// evaluate projective lines call it; the default multiplies [`MillerAccumulator::at`] in
    /// place, and an accumulator may compute the product otherwise (tripair-research's row E of
    /// Grabher–Großschädl–Page: in F_p6 halves on two threads).
    #[inline]
    fn mul_by_line_value(&mut self, pair: usize, line: [&Fp2<C, F>; 3], m_type: bool) {
        let [a, b, c] = line;
        let f = self.at(pair);
        if m_type {
            f.mul_by_line_m_assign(a, b, c);
        } else {
            f.mul_by_line_d_assign(a, b, c);
        }
    }
}

impl<C: PairingCurve, F: TowerKernels<Params = C::Fp>> MillerAccumulator<C, F> for Fp12<C, F> {
    #[inline]
    fn square(&mut self) {
        self.square_assign();
    }
    #[inline]
    fn conjugate(&mut self) {
        *self = Fp12::conjugate(self);
    }
    #[inline]
    fn at(&mut self, _pair: usize) -> &mut Fp12<C, F> {
        self
    }
}

/// One Miller-loop value per pair of the source: separate pairings computed in one walk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EachPair<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(pub Vec<Fp12<C, F>>);

impl<C: PairingCurve, F: TowerKernels<Params = C::Fp>> EachPair<C, F> {
    /// n values, all 1.
    pub fn ones(n: usize) -> Self {
        EachPair(vec![Fp12::ONE; n])
    }
}

impl<C: PairingCurve, F: TowerKernels<Params = C::Fp>> MillerAccumulator<C, F> for EachPair<C, F> {
    fn square(&mut self) {
        for f in self.0.iter_mut() {
            *f = Fp12::square(f);
        }
    }
    fn conjugate(&mut self) {
        for f in self.0.iter_mut() {
            *f = Fp12::conjugate(f);
        }
    }
    #[inline]
    fn at(&mut self, pair: usize) -> &mut Fp12<C, F> {
        &mut self.0[pair]
    }
}

/// Where the driver gets its lines: each call serves every pair of the batch at once, moving each
/// pair's T and multiplying the accumulator (pair i into `f.at(i)`) by the line evaluated at its P.
pub trait LineSource<C: PairingCurve, F: TowerKernels<Params = C::Fp>> {
    /// T <- 2T for every pair; f *= each tangent line at its P.
    fn doubling_step<A: MillerAccumulator<C, F>>(&mut self, f: &mut A);
    /// T <- T + Q (T - Q when `negative`) for every pair; f *= each line at its P.
    fn addition_step<A: MillerAccumulator<C, F>>(&mut self, negative: bool, f: &mut A);
    /// The BN correction: f *= the lines through pi(Q) and -pi^2(Q) for every pair (T negated first
    /// when `loop_negative`).
    fn frobenius_step<A: MillerAccumulator<C, F>>(&mut self, loop_negative: bool, f: &mut A);
}

/// [`LineSource`] for a source whose lines are already known (stored, recorded, or handed over by
/// another thread), given its `apply(count, f)` (f *= the next `count` lines of every pair): one
/// line per doubling or addition, two for the BN correction.
macro_rules! known_lines_source {
    ([$($generics:tt)*] $source:ty, $field:ty) => {
        impl<$($generics)*> LineSource<C, $field> for $source {
            #[inline]
            fn doubling_step<A: MillerAccumulator<C, $field>>(&mut self, f: &mut A) {
                self.apply(1, f);
            }
            #[inline]
            fn addition_step<A: MillerAccumulator<C, $field>>(
                &mut self,
                _negative: bool,
                f: &mut A,
            ) {
                self.apply(1, f);
            }
            fn frobenius_step<A: MillerAccumulator<C, $field>>(
                &mut self,
                _loop_negative: bool,
                f: &mut A,
            ) {
                self.apply(2, f);
            }
        }
    };
}
#[cfg(feature = "parallel")]
pub(crate) use known_lines_source;

/// The Miller loop driver: f = prod_i f_{s,Q_i}(P_i) over the pairs of `source`, with the squarings
/// shared; conjugated when the loop parameter is negative (the inverse up to factors the final
/// exponentiation removes).
pub fn drive<C: PairingCurve, F: TowerKernels<Params = C::Fp>, S: LineSource<C, F>>(
    schedule: &MillerSchedule,
    source: &mut S,
) -> Fp12<C, F> {
    drive_into(schedule, source, Fp12::ONE)
}

/// [`drive`] into any accumulator starting at 1: with [`EachPair`], one Miller-loop value per pair.
pub fn drive_into<
    C: PairingCurve,
    F: TowerKernels<Params = C::Fp>,
    A: MillerAccumulator<C, F>,
    S: LineSource<C, F>,
>(
    schedule: &MillerSchedule,
    source: &mut S,
    acc: A,
) -> A {
    let acc = drive_digits_into(&schedule.naf[1..], source, acc);
    finish(schedule, acc, source)
}

/// The loop steps for `digits` (NAF digits after the leading one, most significant first) from
/// f = 1: before each step but the first, f = f^2. A run over a slice of the digits gives the
/// part of f that those steps contribute (the loop cut in two of [`crate::pairing::pairing_split_loop`]).
pub fn drive_digits<C: PairingCurve, F: TowerKernels<Params = C::Fp>, S: LineSource<C, F>>(
    digits: &[i8],
    source: &mut S,
) -> Fp12<C, F> {
    drive_digits_into(digits, source, Fp12::ONE)
}

/// [`drive_digits`] into any accumulator (which must be 1 at the start: the first step does not
/// square it).
pub fn drive_digits_into<
    C: PairingCurve,
    F: TowerKernels<Params = C::Fp>,
    A: MillerAccumulator<C, F>,
    S: LineSource<C, F>,
>(
    digits: &[i8],
    source: &mut S,
    mut f: A,
) -> A {
    // The same walk as `MillerSchedule::for_each_step`, as a plain loop: through the closure the
    // bn254 Miller loop measured about 1.5% slower (product of 8 about 1.3%), side by side.
    for (i, &d) in digits.iter().enumerate() {
        if i > 0 {
            f.square();
        }
        source.doubling_step(&mut f);
        if d != 0 {
            source.addition_step(d < 0, &mut f);
        }
    }
    f
}

/// What follows the loop steps: the conjugation for a negative loop parameter, then (BN) the
/// correction lines, whose T is the source's final point.
pub fn finish<
    C: PairingCurve,
    F: TowerKernels<Params = C::Fp>,
    A: MillerAccumulator<C, F>,
    S: LineSource<C, F>,
>(
    schedule: &MillerSchedule,
    mut f: A,
    source: &mut S,
) -> A {
    if schedule.negative {
        f.conjugate();
    }
    if schedule.frobenius_lines {
        source.frobenius_step(schedule.negative, &mut f);
    }
    f
}

/// The affine coordinates (x, y) of a point on the twist.
pub type TwistCoords<C, F> = (Fp2<C, F>, Fp2<C, F>);

/// P's coordinates as the line evaluation uses them: (xP, -yP).
#[derive(Clone, Copy, Debug)]
pub struct PreparedG1<F> {
    x: F,
    neg_y: F,
}

impl<F: BaseField> PreparedG1<F> {
    /// From the affine coordinates of a finite point of G1.
    pub fn new(x: F, y: F) -> Self {
        PreparedG1 { x, neg_y: -y }
    }
}

/// f <- f * l(P) for the value of pair `pair` of the accumulator.
#[inline]
pub(crate) fn mul_by_line<
    C: PairingCurve,
    F: TowerKernels<Params = C::Fp>,
    A: MillerAccumulator<C, F>,
>(
    f: &mut A,
    pair: usize,
    l: &LineCoeffs<C, F>,
    p: &PreparedG1<F>,
) {
    let lx = l.x.mul_by_fp(&p.x);
    let ly = l.y.mul_by_fp(&p.neg_y);
    match C::TWIST {
        Twist::D => f.mul_by_line_value(pair, [&ly, &lx, &l.c], false),
        Twist::M => f.mul_by_line_value(pair, [&l.c, &lx, &ly], true),
    }
}

/// T in homogeneous projective coordinates on the twist, as the loop updates it.
#[derive(Clone, Copy, Debug)]
struct TwistPoint<C: PairingCurve, F: TowerKernels<Params = C::Fp>> {
    x: Fp2<C, F>,
    y: Fp2<C, F>,
    z: Fp2<C, F>,
}

impl<C: PairingCurve, F: TowerKernels<Params = C::Fp>> TwistPoint<C, F> {
    fn from_affine(q: &(Fp2<C, F>, Fp2<C, F>)) -> Self {
        TwistPoint {
            x: q.0,
            y: q.1,
            z: Fp2::ONE,
        }
    }

    /// T <- 2T and the tangent line at T (3b' given, converted once per loop).
    #[inline]
    fn double_step(&mut self, b3: &TwistB3<C, F>) -> LineCoeffs<C, F> {
        let (x, y, z) = (self.x, self.y, self.z);
        let a = (x * y).half();
        let b = y.square();
        let c = z.square();
        let e = b3.mul(&c);
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
    fn add_step(&mut self, q: &(Fp2<C, F>, Fp2<C, F>)) -> LineCoeffs<C, F> {
        let (qx, qy) = q;
        let (x, y, z) = (self.x, self.y, self.z);
        let theta = y - *qy * z;
        let lambda = x - *qx * z;
        let c = theta.square();
        let d = lambda.square();
        let e = lambda * d;
        let f = z * c;
        let g = x * d;
        let h = e + f - g.double();
        self.x = lambda * h;
        self.y = theta * (g - h) - y * e;
        self.z = z * e;
        let j = theta * *qx - lambda * *qy;
        // Line: -lambda yP + theta xP - J.
        LineCoeffs {
            c: -j,
            x: theta,
            y: lambda,
        }
    }

    /// The two correction lines of the BN optimal ate pairing: through pi(Q), then -pi^2(Q).
    fn frobenius_lines(&mut self, q: &(Fp2<C, F>, Fp2<C, F>)) -> [LineCoeffs<C, F>; 2] {
        let q1 = psi_coords::<C, F>(q);
        let q2 = psi_coords::<C, F>(&q1);
        let q2 = (q2.0, -q2.1);
        [self.add_step(&q1), self.add_step(&q2)]
    }
}

/// One pair of a projective line source.
#[derive(Clone, Copy, Debug)]
struct ProjectivePair<C: PairingCurve, F: TowerKernels<Params = C::Fp>> {
    p: PreparedG1<F>,
    q: (Fp2<C, F>, Fp2<C, F>),
    neg_q: (Fp2<C, F>, Fp2<C, F>),
    t: TwistPoint<C, F>,
}

/// The projective line source: each pair's T in homogeneous projective coordinates on the twist,
/// no inversions.
#[derive(Clone, Debug)]
pub struct ProjectiveLines<C: PairingCurve, F: TowerKernels<Params = C::Fp>> {
    pairs: Vec<ProjectivePair<C, F>>,
    b3: TwistB3<C, F>,
}

impl<C: PairingCurve, F: TowerKernels<Params = C::Fp>> ProjectiveLines<C, F> {
    /// A source over pairs (P, Q) of finite points given by their affine coordinates (P in G1, Q
    /// on the twist in G2): the caller removes pairs with a point at infinity.
    pub fn new(pairs: impl IntoIterator<Item = (PreparedG1<F>, TwistCoords<C, F>)>) -> Self {
        ProjectiveLines {
            pairs: pairs
                .into_iter()
                .map(|(p, q)| ProjectivePair {
                    p,
                    q,
                    neg_q: (q.0, -q.1),
                    t: TwistPoint::from_affine(&q),
                })
                .collect(),
            b3: TwistB3::new(),
        }
    }

    /// The same source with every pair's T starting at the given affine point instead of Q (the
    /// second half of a split loop starts at `[s]Q`).
    pub fn with_start(mut self, starts: &[TwistCoords<C, F>]) -> Self {
        for (pr, t) in self.pairs.iter_mut().zip(starts) {
            pr.t = TwistPoint::from_affine(t);
        }
        self
    }

    /// Every pair's T moved through the loop steps for `digits` with no accumulator: the second
    /// half of a split loop reaches its start `[s]Q` this way, in the coordinates and the base
    /// field (SIMD lanes) it continues in. The steps' line coefficients are dropped.
    pub fn advance(&mut self, digits: &[i8]) {
        for &d in digits {
            for pr in self.pairs.iter_mut() {
                let _ = pr.t.double_step(&self.b3);
                if d != 0 {
                    let _ = pr.t.add_step(if d < 0 { &pr.neg_q } else { &pr.q });
                }
            }
        }
    }

    /// Every pair's T in homogeneous projective coordinates (X, Y, Z): x = X/Z, y = Y/Z
    /// (tripair-research's Algorithm 2 of Grabher–Großschädl–Page tabulates the doublings' T).
    #[doc(hidden)]
    pub fn projective_points(&self) -> impl Iterator<Item = [Fp2<C, F>; 3]> + '_ {
        self.pairs.iter().map(|pr| [pr.t.x, pr.t.y, pr.t.z])
    }

    /// T <- T + R for every pair, R (affine, one per pair) in place of the pair's Q; f *= each
    /// line through T and R at its P. R must differ from T and -T (no doubling case here).
    #[doc(hidden)]
    pub fn addition_step_with<A: MillerAccumulator<C, F>>(
        &mut self,
        r: &[TwistCoords<C, F>],
        f: &mut A,
    ) {
        for (i, (pr, r)) in self.pairs.iter_mut().zip(r).enumerate() {
            let l = pr.t.add_step(r);
            mul_by_line(f, i, &l, &pr.p);
        }
    }

    #[cfg(feature = "parallel")]
    /// Every pair's lines for all the steps of `schedule`, not evaluated at P, with the pairs' P:
    /// line j of pair i at index j * pairs + i, in the order the driver reads them. A product's
    /// threads replay them split by steps ([`RecordedLines`]) after recording them split by pairs.
    pub(crate) fn record(mut self, schedule: &MillerSchedule) -> RecordedPairs<C, F> {
        let mut lines = Vec::with_capacity(self.pairs.len() * schedule.line_count());
        walk_lines(&mut self.pairs, &self.b3, schedule, |l| lines.push(l));
        RecordedPairs {
            lines,
            points: self.pairs.iter().map(|pr| pr.p).collect(),
        }
    }
}

/// Every pair's lines for all the steps of `schedule` (T moved along), not evaluated at P, handed
/// to `emit` as soon as computed: per step pair by pair, and for the BN correction every pair's
/// first line, then every pair's second.
fn walk_lines<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(
    pairs: &mut [ProjectivePair<C, F>],
    b3: &TwistB3<C, F>,
    schedule: &MillerSchedule,
    mut emit: impl FnMut(LineCoeffs<C, F>),
) {
    schedule.for_each_step(|step| match step {
        Step::Double { .. } => pairs.iter_mut().for_each(|pr| emit(pr.t.double_step(b3))),
        Step::Add { negative } => pairs.iter_mut().for_each(|pr| {
            let q = if negative { pr.neg_q } else { pr.q };
            emit(pr.t.add_step(&q))
        }),
        Step::Frobenius { loop_negative } => {
            let both: Vec<[LineCoeffs<C, F>; 2]> = pairs
                .iter_mut()
                .map(|pr| {
                    if loop_negative {
                        pr.t.y = -pr.t.y;
                    }
                    pr.t.frobenius_lines(&pr.q)
                })
                .collect();
            both.iter().for_each(|l| emit(l[0]));
            both.iter().for_each(|l| emit(l[1]));
        }
    });
}

#[cfg(feature = "parallel")]
/// The lines of some pairs recorded by [`ProjectiveLines::record`], with the pairs' P.
#[derive(Clone, Debug)]
pub(crate) struct RecordedPairs<C: PairingCurve, F: TowerKernels<Params = C::Fp>> {
    lines: Vec<LineCoeffs<C, F>>,
    points: Vec<PreparedG1<F>>,
}

#[cfg(feature = "parallel")]
/// A line source replaying recorded lines (of several recordings, each its own pairs) from a
/// given line on, each line evaluated at its pair's P and multiplied into the one accumulator:
/// the later steps of a product's loop run from the lines alone, with no point arithmetic.
pub(crate) struct RecordedLines<'a, C: PairingCurve, F: TowerKernels<Params = C::Fp>> {
    parts: &'a [RecordedPairs<C, F>],
    next: usize,
}

#[cfg(feature = "parallel")]
impl<'a, C: PairingCurve, F: TowerKernels<Params = C::Fp>> RecordedLines<'a, C, F> {
    /// The recordings' lines from line `next` of each pair on (`next` = the lines of the steps
    /// already taken, [`lines_of_digits`]).
    pub(crate) fn new(parts: &'a [RecordedPairs<C, F>], next: usize) -> Self {
        RecordedLines { parts, next }
    }

    #[inline]
    fn apply<A: MillerAccumulator<C, F>>(&mut self, count: usize, f: &mut A) {
        for j in self.next..self.next + count {
            for part in self.parts {
                let n = part.points.len();
                for (l, p) in part.lines[j * n..(j + 1) * n].iter().zip(&part.points) {
                    mul_by_line(f, 0, l, p);
                }
            }
        }
        self.next += count;
    }
}

#[cfg(feature = "parallel")]
known_lines_source!([C: PairingCurve, F: TowerKernels<Params = C::Fp>] RecordedLines<'_, C, F>, F);

impl<C: PairingCurve, F: TowerKernels<Params = C::Fp>> LineSource<C, F> for ProjectiveLines<C, F> {
    #[inline]
    fn doubling_step<A: MillerAccumulator<C, F>>(&mut self, f: &mut A) {
        for (i, pr) in self.pairs.iter_mut().enumerate() {
            let l = pr.t.double_step(&self.b3);
            mul_by_line(f, i, &l, &pr.p);
        }
    }

    #[inline]
    fn addition_step<A: MillerAccumulator<C, F>>(&mut self, negative: bool, f: &mut A) {
        for (i, pr) in self.pairs.iter_mut().enumerate() {
            let q = if negative { &pr.neg_q } else { &pr.q };
            let l = pr.t.add_step(q);
            mul_by_line(f, i, &l, &pr.p);
        }
    }

    fn frobenius_step<A: MillerAccumulator<C, F>>(&mut self, loop_negative: bool, f: &mut A) {
        for (i, pr) in self.pairs.iter_mut().enumerate() {
            if loop_negative {
                pr.t.y = -pr.t.y;
            }
            for l in pr.t.frobenius_lines(&pr.q) {
                mul_by_line(f, i, &l, &pr.p);
            }
        }
    }
}

/// A line scaled to -yP-coefficient 1 (an affine line, or a projective one divided by its
/// y-coefficient): its value at P is c + x xP - yP, up to factors the final exponentiation
/// removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NormalizedLine<C: PairingCurve> {
    /// The constant term.
    pub c: Fp2<C>,
    /// The coefficient multiplied by xP (the slope, for an affine line).
    pub x: Fp2<C>,
}

/// P as normalized lines use it: (xP / -yP, 1 / -yP). A line c + x xP - yP divided by -yP (an
/// F_p factor the final exponentiation removes) is 1 + x (xP / -yP) + c (1 / -yP), whose product
/// with f costs 10 F_p2 products instead of 13.
#[derive(Clone, Copy, Debug)]
pub struct NormalizedG1<C: PairingCurve> {
    x: Fp<C::Fp>,
    c: Fp<C::Fp>,
}

impl<C: PairingCurve> NormalizedG1<C> {
    /// The finite points P with one shared constant-time inversion (P may be secret); P in G1
    /// has yP != 0 (G1 has odd order).
    pub fn batch(points: &[G1Affine<C>]) -> Vec<Self> {
        let mut inv: Vec<Fp<C::Fp>> = points.iter().map(|p| -p.y).collect();
        batch_inv(&mut inv);
        points
            .iter()
            .zip(inv)
            .map(|(p, c)| NormalizedG1 { x: p.x * c, c })
            .collect()
    }
}

/// f <- f * l(P) / -yP for a normalized line.
#[inline]
fn mul_by_normalized_line<C: PairingCurve>(
    f: &mut Fp12<C>,
    l: &NormalizedLine<C>,
    p: &NormalizedG1<C>,
) {
    mul_by_normalized_line_at(f, &l.x, &l.c, &p.x, &p.c);
}

/// f times the normalized line with coefficients (x, c) at P given as (xP / -yP, 1 / -yP), over
/// any base field (a stored line splat into lanes, each lane with its own P).
#[inline]
fn mul_by_normalized_line_at<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(
    f: &mut Fp12<C, F>,
    lx: &Fp2<C, F>,
    lc: &Fp2<C, F>,
    px: &F,
    pc: &F,
) {
    let a = lx.mul_by_fp(px);
    let b = lc.mul_by_fp(pc);
    *f = match C::TWIST {
        // 1 (w^0) + a (w^1) + b (w^3)
        Twist::D => f.mul_by_line_d_normalized(&a, &b),
        // b (w^0) + a (w^2) + 1 (w^3)
        Twist::M => f.mul_by_line_m_normalized(&b, &a),
    };
}

/// The lines of Q's optimal ate Miller loop in the order the driver reads them, by projective steps
/// (constant time), each handed to `emit` as soon as it is computed. Q must be finite.
pub(crate) fn projective_lines_of<C: PairingCurve>(
    q: &G2Affine<C>,
    emit: impl FnMut(LineCoeffs<C>),
) {
    // The lines are not evaluated: P is never read.
    let unused = PreparedG1::new(Fp::ZERO, Fp::ZERO);
    let mut source = ProjectiveLines::<C, Fp<C::Fp>>::new([(unused, (q.x, q.y))]);
    let schedule = MillerSchedule::optimal_ate::<C>();
    walk_lines(&mut source.pairs, &source.b3, &schedule, emit);
}

/// A fixed G2 point with the lines of its optimal ate Miller loop computed once and normalized:
/// pairings with it then skip all the twist arithmetic and multiply by cheaper lines, for any
/// number of G1 points (arkworks' `G2Prepared`, blst's precomputed lines). [`G2Prepared::new`]
/// is constant time (projective steps, then one shared inversion of the lines' y-coefficients),
/// for secret points such as identity-based private keys; [`G2Prepared::new_affine_vartime`]
/// computes the same lines by affine steps, for public points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct G2Prepared<C: PairingCurve> {
    /// The lines in the order the steps of [`MillerSchedule::optimal_ate`] read them; empty for
    /// the point at infinity. Shared: a clone (into another thread's job) copies no line.
    lines: Arc<[NormalizedLine<C>]>,
}

impl<C: PairingCurve> G2Prepared<C> {
    /// Walks the optimal ate schedule once on Q in projective coordinates and stores every line,
    /// divided by its y-coefficient (one constant-time inversion for all of them). The
    /// y-coefficients are 2YZ (tangents) and a multiple of xT - xQ (chords), non-zero because T
    /// stays a multiple kQ with k != 0, +-1 modulo r along the loop.
    pub fn new(q: &G2Affine<C>) -> Self {
        route!(C, g2_prepared(q), Self::new_generic(q))
    }

    /// The generic body of [`G2Prepared::new`] (`pairing::compiled`).
    pub(crate) fn new_generic(q: &G2Affine<C>) -> Self {
        if q.infinity {
            return G2Prepared {
                lines: Arc::new([]),
            };
        }
        let mut raw = Vec::new();
        projective_lines_of(q, |l| raw.push(l));
        let mut inv: Vec<Fp2<C>> = raw.iter().map(|l| l.y).collect();
        batch_inv(&mut inv);
        let lines = raw
            .iter()
            .zip(inv)
            .map(|(l, i)| NormalizedLine {
                c: l.c * i,
                x: l.x * i,
            })
            .collect();
        G2Prepared { lines }
    }

    /// The same lines by affine steps on Q (one variable-time F_p2 inversion per step): cheaper to
    /// prepare, for public points only.
    pub fn new_affine_vartime(q: &G2Affine<C>) -> Self {
        route!(
            C,
            g2_prepared_affine_vartime(q),
            Self::new_affine_vartime_generic(q)
        )
    }

    /// The generic body of [`G2Prepared::new_affine_vartime`] (`pairing::compiled`).
    pub(crate) fn new_affine_vartime_generic(q: &G2Affine<C>) -> Self {
        if q.infinity {
            return G2Prepared {
                lines: Arc::new([]),
            };
        }
        let qa = (q.x, q.y);
        let mut t = qa;
        let mut lines = Vec::new();
        // The chord through T and o (T != +-o along the loop, so xT != xo).
        let chord = |t: &mut TwistCoords<C, Fp<C::Fp>>, o: TwistCoords<C, Fp<C::Fp>>| {
            let inv = (t.0 - o.0).inv_vartime().unwrap_or(Fp2::ZERO);
            affine_slope_step(t, (t.1 - o.1) * inv, o.0)
        };
        MillerSchedule::optimal_ate::<C>().for_each_step(|step| match step {
            Step::Double { .. } => {
                // yT != 0: T has odd order.
                let inv = t.1.double().inv_vartime().unwrap_or(Fp2::ZERO);
                let x = t.0;
                let x2 = x.square();
                lines.push(affine_slope_step(&mut t, (x2.double() + x2) * inv, x));
            }
            Step::Add { negative } => {
                lines.push(chord(&mut t, if negative { (q.x, -q.y) } else { qa }));
            }
            Step::Frobenius { loop_negative } => {
                if loop_negative {
                    t.1 = -t.1;
                }
                let q1 = psi_coords::<C, Fp<C::Fp>>(&qa);
                let q2 = psi_coords::<C, Fp<C::Fp>>(&q1);
                lines.push(chord(&mut t, q1));
                lines.push(chord(&mut t, (q2.0, -q2.1)));
            }
        });
        G2Prepared {
            lines: lines.into(),
        }
    }

    /// Whether this is the point at infinity (its pairings are 1).
    pub fn is_identity(&self) -> bool {
        self.lines.is_empty()
    }
}

impl<C: PairingCurve> From<G2Affine<C>> for G2Prepared<C> {
    fn from(q: G2Affine<C>) -> Self {
        G2Prepared::new(&q)
    }
}

/// The line source of prepared G2 points: every step reads the next stored line of each pair.
pub struct PreparedLines<'a, C: PairingCurve> {
    pairs: Vec<(NormalizedG1<C>, &'a [NormalizedLine<C>])>,
    next: usize,
}

impl<'a, C: PairingCurve> PreparedLines<'a, C> {
    /// A source over pairs (P, prepared Q); pairs with a point at infinity are dropped (they
    /// contribute 1). One constant-time inversion serves all the P.
    pub fn new(pairs: &[(&G1Affine<C>, &'a G2Prepared<C>)]) -> Self {
        let finite: Vec<_> = pairs
            .iter()
            .filter(|(p, q)| !p.infinity && !q.is_identity())
            .collect();
        let ps: Vec<G1Affine<C>> = finite.iter().map(|(p, _)| **p).collect();
        PreparedLines {
            pairs: NormalizedG1::batch(&ps)
                .into_iter()
                .zip(finite)
                .map(|(p, (_, q))| (p, &q.lines[..]))
                .collect(),
            next: 0,
        }
    }

    #[inline]
    fn apply<A: MillerAccumulator<C, Fp<C::Fp>>>(&mut self, count: usize, f: &mut A) {
        for (i, (p, lines)) in self.pairs.iter().enumerate() {
            for l in &lines[self.next..self.next + count] {
                mul_by_normalized_line(f.at(i), l, p);
            }
        }
        self.next += count;
    }
}

impl<C: PairingCurve> NormalizedG1<C> {
    /// (xP / -yP, 1 / -yP).
    pub(crate) fn coords(&self) -> (Fp<C::Fp>, Fp<C::Fp>) {
        (self.x, self.c)
    }
}

/// The stored lines of one prepared G2 point for several P at once in the elements of `F` (the
/// lanes of a SIMD field): each line is splat into every element and evaluated at that element's
/// P, given as (xP / -yP, 1 / -yP). Q must not be the point at infinity.
pub(crate) struct PreparedLinesSplat<'a, C: PairingCurve, F: TowerKernels<Params = C::Fp>> {
    px: F,
    pc: F,
    lines: &'a [NormalizedLine<C>],
    next: usize,
}

impl<'a, C: PairingCurve, F: TowerKernels<Params = C::Fp>> PreparedLinesSplat<'a, C, F> {
    pub(crate) fn new(q: &'a G2Prepared<C>, px: F, pc: F) -> Self {
        assert!(!q.is_identity(), "the point at infinity has no lines");
        PreparedLinesSplat {
            px,
            pc,
            lines: &q.lines,
            next: 0,
        }
    }

    #[inline]
    fn apply<A: MillerAccumulator<C, F>>(&mut self, count: usize, f: &mut A) {
        for l in &self.lines[self.next..self.next + count] {
            let (lx, lc) = (Fp2::splat(&l.x), Fp2::splat(&l.c));
            mul_by_normalized_line_at(f.at(0), &lx, &lc, &self.px, &self.pc);
        }
        self.next += count;
    }
}

known_lines_source!(
    [C: PairingCurve, F: TowerKernels<Params = C::Fp>] PreparedLinesSplat<'_, C, F>,
    F
);

known_lines_source!([C: PairingCurve] PreparedLines<'_, C>, Fp<C::Fp>);

/// T <- the third point on the line of slope `lambda` through T and a point with x-coordinate
/// `other_x` (T itself when doubling), negated; returns that line, normalized (y-coefficient 1):
/// -yP + lambda xP + (yT - lambda xT).
#[inline]
fn affine_slope_step<C: PairingCurve>(
    t: &mut TwistCoords<C, Fp<C::Fp>>,
    lambda: Fp2<C>,
    other_x: Fp2<C>,
) -> NormalizedLine<C> {
    let (x, y) = *t;
    let x3 = lambda.square() - x - other_x;
    *t = (x3, lambda * (x - x3) - y);
    NormalizedLine {
        c: y - lambda * x,
        x: lambda,
    }
}

/// One pair of the affine line source: P, Q, -Q and T = (x, y) in affine coordinates.
#[derive(Clone, Copy, Debug)]
struct AffinePair<C: PairingCurve> {
    p: NormalizedG1<C>,
    q: TwistCoords<C, Fp<C::Fp>>,
    neg_q: TwistCoords<C, Fp<C::Fp>>,
    t: TwistCoords<C, Fp<C::Fp>>,
}

/// The affine line source (Acar–Lauter–Naehrig–Shumow 2011, affine Miller loops with
/// inversion sharing): T in affine coordinates on the twist, one slope per step, the
/// slopes' denominators of all pairs of the batch inverted together with one F_p2 inversion
/// (Montgomery's trick). Lines come out normalized (y-coefficient 1), and with P normalized too
/// (one shared constant-time inversion) each costs 10 F_p2 products.
///
/// [`AffineLines::new`] inverts in constant time: every input may be secret, and the one
/// inversion per step is cheap once shared by enough pairs. [`AffineLines::new_vartime`] uses the
/// faster variable-time inversion, whose time depends on the G2 points: only for public Q
/// (verification keys, signatures, proofs); P still enters through multiplications and a
/// constant-time inversion, so it may be secret.
#[derive(Clone, Debug)]
pub struct AffineLines<C: PairingCurve> {
    /// Invert with the variable-time inversion (public G2 points only).
    vartime: bool,
    pairs: Vec<AffinePair<C>>,
    /// The batch's denominators, then their inverses (reused every step).
    den: Vec<Fp2<C>>,
    /// The points each pair adds in the current addition step.
    added: Vec<TwistCoords<C, Fp<C::Fp>>>,
}

impl<C: PairingCurve> AffineLines<C> {
    /// A constant-time source over the pairs (P, Q); pairs with a point at infinity are dropped
    /// (they contribute 1).
    pub fn new(pairs: &[(G1Affine<C>, G2Affine<C>)]) -> Self {
        Self::with_inversion(pairs, false)
    }

    /// The same source with variable-time inversions: public G2 points only.
    pub fn new_vartime(pairs: &[(G1Affine<C>, G2Affine<C>)]) -> Self {
        Self::with_inversion(pairs, true)
    }

    fn with_inversion(pairs: &[(G1Affine<C>, G2Affine<C>)], vartime: bool) -> Self {
        let finite: Vec<_> = pairs.iter().filter(|pair| is_finite_pair(pair)).collect();
        let ps: Vec<G1Affine<C>> = finite.iter().map(|(p, _)| *p).collect();
        let pairs: Vec<AffinePair<C>> = NormalizedG1::batch(&ps)
            .into_iter()
            .zip(finite)
            .map(|(p, (_, q))| AffinePair {
                p,
                q: (q.x, q.y),
                neg_q: (q.x, -q.y),
                t: (q.x, q.y),
            })
            .collect();
        let n = pairs.len();
        AffineLines {
            vartime,
            pairs,
            den: vec![Fp2::ZERO; n],
            added: Vec::with_capacity(n),
        }
    }

    /// The denominators' inverses, in place: one inversion for the whole batch.
    #[inline]
    fn invert_denominators(&mut self) {
        if self.vartime {
            Fp2::batch_inv_vartime(&mut self.den);
        } else {
            batch_inv(&mut self.den);
        }
    }

    /// T <- T + Q_i for every pair (Q_i chosen by `pick`, computed once per pair), f *= the lines:
    /// slopes (yT - yQ) / (xT - xQ) with one shared inversion.
    fn add_each<A: MillerAccumulator<C, Fp<C::Fp>>>(
        &mut self,
        f: &mut A,
        pick: impl Fn(&AffinePair<C>) -> TwistCoords<C, Fp<C::Fp>>,
    ) {
        self.added.clear();
        self.added.extend(self.pairs.iter().map(pick));
        for ((d, pr), q) in self.den.iter_mut().zip(&self.pairs).zip(&self.added) {
            *d = pr.t.0 - q.0;
        }
        self.invert_denominators();
        for (i, ((inv, pr), q)) in self
            .den
            .iter()
            .zip(self.pairs.iter_mut())
            .zip(&self.added)
            .enumerate()
        {
            let lambda = (pr.t.1 - q.1) * *inv;
            let l = affine_slope_step(&mut pr.t, lambda, q.0);
            mul_by_normalized_line(f.at(i), &l, &pr.p);
        }
    }
}

impl<C: PairingCurve> LineSource<C, Fp<C::Fp>> for AffineLines<C> {
    /// Slopes 3x^2 / 2y with one shared inversion.
    fn doubling_step<A: MillerAccumulator<C, Fp<C::Fp>>>(&mut self, f: &mut A) {
        for (d, pr) in self.den.iter_mut().zip(&self.pairs) {
            *d = pr.t.1.double();
        }
        self.invert_denominators();
        for (i, (inv, pr)) in self.den.iter().zip(self.pairs.iter_mut()).enumerate() {
            let x = pr.t.0;
            let x2 = x.square();
            let l = affine_slope_step(&mut pr.t, (x2.double() + x2) * *inv, x);
            mul_by_normalized_line(f.at(i), &l, &pr.p);
        }
    }

    fn addition_step<A: MillerAccumulator<C, Fp<C::Fp>>>(&mut self, negative: bool, f: &mut A) {
        if negative {
            self.add_each(f, |pr| pr.neg_q);
        } else {
            self.add_each(f, |pr| pr.q);
        }
    }

    fn frobenius_step<A: MillerAccumulator<C, Fp<C::Fp>>>(
        &mut self,
        loop_negative: bool,
        f: &mut A,
    ) {
        if loop_negative {
            for pr in self.pairs.iter_mut() {
                pr.t.1 = -pr.t.1;
            }
        }
        // Q1 = pi(Q), then Q2 = -pi^2(Q).
        self.add_each(f, |pr| psi_coords::<C, Fp<C::Fp>>(&pr.q));
        self.add_each(f, |pr| {
            let q2 = psi_coords::<C, Fp<C::Fp>>(&psi_coords::<C, Fp<C::Fp>>(&pr.q));
            (q2.0, -q2.1)
        });
    }
}

/// The optimal ate Miller loop of a product through the affine source, in constant time: the same
/// pairing values as [`miller_loop`] after the final exponentiation.
pub fn miller_loop_affine<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> MillerLoopOutput<C> {
    route!(
        C,
        miller_loop_affine(pairs),
        miller_loop_affine_generic(pairs)
    )
}

/// The generic body of [`miller_loop_affine`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn miller_loop_affine_generic<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> MillerLoopOutput<C> {
    let mut source = AffineLines::new(pairs);
    MillerLoopOutput(drive(&MillerSchedule::optimal_ate::<C>(), &mut source))
}

/// As [`miller_loop_affine`] with variable-time inversions: public G2 points only (see
/// [`AffineLines`]).
pub fn miller_loop_affine_vartime<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> MillerLoopOutput<C> {
    route!(
        C,
        miller_loop_affine_vartime(pairs),
        miller_loop_affine_vartime_generic(pairs)
    )
}

/// The generic body of [`miller_loop_affine_vartime`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn miller_loop_affine_vartime_generic<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> MillerLoopOutput<C> {
    let mut source = AffineLines::new_vartime(pairs);
    MillerLoopOutput(drive(&MillerSchedule::optimal_ate::<C>(), &mut source))
}

/// Runs `source` (built from the finite pairs at `finite`) into one Miller-loop value per pair;
/// pairs with a point at infinity get 1.
fn each_pair<C: PairingCurve, S: LineSource<C, Fp<C::Fp>>>(
    n: usize,
    finite: &[usize],
    mut source: S,
) -> Vec<MillerLoopOutput<C>> {
    let acc = EachPair::ones(finite.len());
    let values = drive_into(&MillerSchedule::optimal_ate::<C>(), &mut source, acc).0;
    let mut out = vec![MillerLoopOutput(Fp12::ONE); n];
    for (&i, v) in finite.iter().zip(values) {
        out[i] = MillerLoopOutput(v);
    }
    out
}

/// Whether neither point of the pair is the point at infinity (a pair a loop runs; the others
/// contribute 1).
pub(crate) fn is_finite_pair<C: PairingCurve>((p, q): &(G1Affine<C>, G2Affine<C>)) -> bool {
    !p.infinity && !q.infinity
}

/// How many pairs have no point at infinity (the pairs a product's loop runs).
pub(crate) fn finite_count<C: PairingCurve>(pairs: &[(G1Affine<C>, G2Affine<C>)]) -> usize {
    pairs.iter().filter(|pair| is_finite_pair(pair)).count()
}

/// The indices of the pairs without a point at infinity.
fn finite_indices<C: PairingCurve>(pairs: &[(G1Affine<C>, G2Affine<C>)]) -> Vec<usize> {
    (0..pairs.len())
        .filter(|&i| is_finite_pair(&pairs[i]))
        .collect()
}

/// Separate Miller loops f_{s,Q_i}(P_i), one per pair, through the affine source: each step
/// inverts the denominators of all pairs together, in constant time.
pub fn miller_loops_affine<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> Vec<MillerLoopOutput<C>> {
    each_pair(pairs.len(), &finite_indices(pairs), AffineLines::new(pairs))
}

/// As [`miller_loops_affine`] with variable-time inversions: public G2 points only.
pub fn miller_loops_affine_vartime<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> Vec<MillerLoopOutput<C>> {
    each_pair(
        pairs.len(),
        &finite_indices(pairs),
        AffineLines::new_vartime(pairs),
    )
}

/// Separate Miller loops f_{s,Q}(P_i) for one prepared Q and many P_i.
pub fn miller_loops_prepared<C: PairingCurve>(
    q: &G2Prepared<C>,
    ps: &[G1Affine<C>],
) -> Vec<MillerLoopOutput<C>> {
    route!(
        C,
        miller_loops_prepared(q, ps),
        miller_loops_prepared_generic(q, ps)
    )
}

/// The generic body of [`miller_loops_prepared`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn miller_loops_prepared_generic<C: PairingCurve>(
    q: &G2Prepared<C>,
    ps: &[G1Affine<C>],
) -> Vec<MillerLoopOutput<C>> {
    let finite: Vec<usize> = if q.is_identity() {
        Vec::new()
    } else {
        (0..ps.len()).filter(|&i| !ps[i].infinity).collect()
    };
    let pairs: Vec<(&G1Affine<C>, &G2Prepared<C>)> = ps.iter().map(|p| (p, q)).collect();
    each_pair(ps.len(), &finite, PreparedLines::new(&pairs))
}

/// A finite pair as the sources take it: prepared P, affine Q.
type FinitePair<C> = (
    PreparedG1<Fp<<C as TowerParams>::Fp>>,
    TwistCoords<C, Fp<<C as TowerParams>::Fp>>,
);

/// The pairs of a product without those holding a point at infinity (they contribute 1), as
/// (prepared P, affine Q).
fn finite_pairs<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> impl Iterator<Item = FinitePair<C>> + '_ {
    pairs
        .iter()
        .filter(|pair| is_finite_pair(pair))
        .map(|(p, q)| (PreparedG1::new(p.x, p.y), (q.x, q.y)))
}

/// The finite pairs of a product as a projective source.
fn projective_source<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> ProjectiveLines<C, Fp<C::Fp>> {
    ProjectiveLines::new(finite_pairs(pairs))
}

/// The Miller loop of the optimal ate pairing for a product of pairings: f_{s,Q_i}(P_i) multiplied
/// over i with shared squarings, s = 6u+2 for BN (then the lines through pi(Q) and -pi^2(Q)),
/// s = u for BLS12. Pairs with a point at infinity contribute 1.
pub fn miller_loop<C: PairingCurve>(pairs: &[(G1Affine<C>, G2Affine<C>)]) -> MillerLoopOutput<C> {
    route!(C, miller_loop(pairs), miller_loop_generic(pairs))
}

/// The generic body of [`miller_loop`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn miller_loop_generic<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> MillerLoopOutput<C> {
    let mut source = projective_source(pairs);
    MillerLoopOutput(drive(&MillerSchedule::optimal_ate::<C>(), &mut source))
}

/// The Miller loop of a product through the constant-time scalar source the strategy layer picks
/// for its size ([`crate::strategy::product_loop_scalar`]: projective for few pairs, affine with
/// its one inversion per step shared by all pairs for more). The same value after the final
/// exponentiation either way.
pub fn product_miller_loop<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> MillerLoopOutput<C> {
    route!(
        C,
        product_miller_loop(pairs),
        product_miller_loop_generic(pairs)
    )
}

/// The generic body of [`product_miller_loop`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn product_miller_loop_generic<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> MillerLoopOutput<C> {
    match crate::strategy::product_loop_scalar::<C>(finite_count(pairs)) {
        crate::strategy::ProductLoop::Affine => miller_loop_affine(pairs),
        _ => miller_loop(pairs),
    }
}

/// The same product over prepared G2 points: the stored lines replace the twist arithmetic.
pub fn multi_miller_loop<C: PairingCurve>(
    pairs: &[(&G1Affine<C>, &G2Prepared<C>)],
) -> MillerLoopOutput<C> {
    route!(
        C,
        multi_miller_loop(pairs),
        multi_miller_loop_generic(pairs)
    )
}

/// The generic body of [`multi_miller_loop`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn multi_miller_loop_generic<C: PairingCurve>(
    pairs: &[(&G1Affine<C>, &G2Prepared<C>)],
) -> MillerLoopOutput<C> {
    let mut source = PreparedLines::new(pairs);
    MillerLoopOutput(drive(&MillerSchedule::optimal_ate::<C>(), &mut source))
}
