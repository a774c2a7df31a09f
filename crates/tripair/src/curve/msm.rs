//! Multi-scalar multiplication for public points and scalars (variable time) over the GLV/GLS
//! parts of the scalars: few points by Straus's interleaving of width-5 NAFs (one chain of
//! doublings for all), more by Pippenger's bucket method. The buckets are filled with projective
//! additions for fewer points and with affine additions that share one inversion per round for
//! more ("batch-affine" buckets, as in Bernstein-Doumen-Lange-Oosterwijk, "Faster batch forgery
//! identification", INDOCRYPT 2012, section 4): an affine sum costs an inversion's share of three
//! products plus a square and two products, against eleven or twelve products projectively. The
//! strategy layer chooses between the three ([`crate::strategy::msm_method`]).

use super::group::{Affine, CurveGroup, Projective};
use super::scalar_mul::{interleaved_wnaf_vartime, push_wnaf_parts, window_vartime};
use crate::curve::{PairingCurve, Scalar};
use crate::field::traits::batch_inv_vartime;
use crate::field::Field;
use crate::field::FpParams;
use crate::prelude::*;

/// How a multi-scalar multiplication runs (the strategy layer's choice,
/// [`crate::strategy::msm_method`]).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MsmMethod {
    /// Straus's interleaving: one chain of doublings, each part's width-5 NAF over its point's
    /// odd multiples (few points).
    Interleaved,
    /// Pippenger's buckets filled by projective additions.
    ProjectiveBuckets,
    /// Pippenger's buckets filled by batch-affine additions (many points).
    AffineBuckets,
}

impl<G: CurveGroup> Projective<G> {
    /// sum_i \[k_i\] P_i for public points and scalars. Every scalar is first split by
    /// [`CurveGroup::decomposition`] (GLV/GLS) into dim parts of a quarter (G2) or half (G1) the
    /// length; few parts run by Straus's interleaving of their width-5 NAFs, more by Pippenger's
    /// bucket method (signed digits, buckets for 1..2^(c-1), the window width c minimising the
    /// estimated cost for that count), as the strategy layer chooses.
    /// Variable time: for public scalars only, such as batch verification coefficients or KZG
    /// commitments. The points must lie in the order-r group. Panics if the slices differ in
    /// length.
    pub fn msm_vartime(points: &[Affine<G>], scalars: &[Scalar<G::Curve>]) -> Self {
        Self::msm_vartime_with(points, scalars, None)
    }

    /// [`Projective::msm_vartime`] by the given method, or as the strategy layer chooses
    /// (`None`): for the tests and measurements that compare them.
    #[doc(hidden)]
    pub fn msm_vartime_with(
        points: &[Affine<G>],
        scalars: &[Scalar<G::Curve>],
        method: Option<MsmMethod>,
    ) -> Self {
        Self::msm_share(points, scalars, method, 0, 1)
    }

    /// Share `part` of `parts` of [`Projective::msm_vartime`]: the bucket method's sums of
    /// that share of its windows, times their powers of two, so that the shares add up to the
    /// MSM; for a caller that runs the shares on threads of its own (each share takes about
    /// 1/parts of the time). Few points (Straus's interleaving): share 0 is the whole MSM, the
    /// others the identity. Variable time, as `msm_vartime`. Panics unless part < parts.
    #[doc(hidden)]
    pub fn msm_vartime_share(
        points: &[Affine<G>],
        scalars: &[Scalar<G::Curve>],
        part: usize,
        parts: usize,
    ) -> Self {
        Self::msm_share(points, scalars, None, part, parts)
    }

    fn msm_share(
        points: &[Affine<G>],
        scalars: &[Scalar<G::Curve>],
        method: Option<MsmMethod>,
        part: usize,
        parts: usize,
    ) -> Self {
        assert!(part < parts, "msm: share {part} of {parts}");
        assert_eq!(
            points.len(),
            scalars.len(),
            "msm: as many points as scalars"
        );
        let d = G::decomposition();
        let method = method.unwrap_or_else(|| crate::strategy::msm_method(points.len() * d.dim));
        if method == MsmMethod::Interleaved {
            if part != 0 {
                return Self::identity();
            }
            let (mut tables, mut nafs) = (Vec::new(), Vec::new());
            for (p, k) in points.iter().zip(scalars) {
                if !p.infinity && !k.is_zero() {
                    push_wnaf_parts(&p.to_projective(), k, &mut tables, &mut nafs);
                }
            }
            return interleaved_wnaf_vartime(&tables, &nafs);
        }
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
        let batch_affine = method == MsmMethod::AffineBuckets;
        // Costs in field products for width c: filling the buckets ((n per window; an affine sum
        // about 6 products, a projective one 12) and summing them (2^(c-1) buckets, two
        // projective sums each), bits/c + 1 windows (the last takes the signed recoding's carry).
        let fill = if batch_affine { 6 } else { 12 };
        let cost = |c: u32| (fill * n as u64 + 24 * (1u64 << (c - 1))) * (d.bits / c + 1) as u64;
        let c = (1..=16u32).min_by_key(|&c| cost(c)).unwrap_or(1);
        let windows = d.bits / c + 1;
        let digits = signed_window_digits(&ks, c, windows);
        let share = part * windows as usize / parts..(part + 1) * windows as usize / parts;
        let half = 1usize << (c - 1);
        if batch_affine {
            let affine = Projective::batch_to_affine_vartime(&pts);
            msm_windows(
                share.clone(),
                |w| {
                    bucket_sum(&batch_affine_buckets(half, || {
                        digits.iter().map(move |dg| dg[w]).zip(affine.iter())
                    }))
                },
                c,
            )
        } else {
            msm_windows(
                share.clone(),
                |w| {
                    let mut buckets = vec![Self::identity(); half];
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
                    running_sum(buckets.iter().rev())
                },
                c,
            )
        }
    }
}

/// Signed digits in [-2^(c-1), 2^(c-1)] of each scalar, least significant window first.
fn signed_window_digits<K: AsRef<[u64]>>(ks: &[K], c: u32, windows: u32) -> Vec<Vec<i32>> {
    let half = 1i64 << (c - 1);
    ks.iter()
        .map(|k| {
            let mut carry = 0i64;
            (0..windows)
                .map(|w| {
                    let mut v = window_vartime(k.as_ref(), w * c, c) as i64 + carry;
                    carry = 0;
                    if v > half {
                        v -= 1 << c;
                        carry = 1;
                    }
                    v as i32
                })
                .collect()
        })
        .collect()
}

/// sum_w 2^(cw) S_w over the windows w in `share` for the window sums S_w = `window(w)`, most
/// significant first.
fn msm_windows<G: CurveGroup>(
    share: core::ops::Range<usize>,
    mut window: impl FnMut(usize) -> Projective<G>,
    c: u32,
) -> Projective<G> {
    let mut acc = Projective::identity();
    for w in share.clone().rev() {
        if w + 1 != share.end {
            for _ in 0..c {
                acc = acc.double();
            }
        }
        acc = acc.add(&window(w));
    }
    if !share.is_empty() {
        for _ in 0..c as usize * share.start {
            acc = acc.double();
        }
    }
    acc
}

/// sum_j j * B_j for the buckets given from the top (B_half first) by running sums.
fn running_sum<'a, G: CurveGroup>(
    buckets: impl Iterator<Item = &'a Projective<G>>,
) -> Projective<G> {
    let mut run = Projective::identity();
    let mut sum = Projective::identity();
    for b in buckets {
        run = run.add(b);
        sum = sum.add(&run);
    }
    sum
}

/// The same from affine buckets (None: empty), bucket j at index j - 1.
fn bucket_sum<G: CurveGroup>(buckets: &[Option<Affine<G>>]) -> Projective<G> {
    let mut run = Projective::identity();
    let mut sum = Projective::identity();
    for b in buckets.iter().rev() {
        if let Some(p) = b {
            run = run.add_mixed(p);
        }
        sum = sum.add(&run);
    }
    sum
}

/// Buckets 1..=half, each the affine sum of its entries (None where empty or the sum is
/// infinity): `entries()` yields (signed digit, point) pairs (digit 0: skipped; a negative digit
/// adds the point's negation); they are sorted by bucket, then each bucket's list is halved per
/// round by adding neighbours, every round's additions sharing one inversion.
fn batch_affine_buckets<'a, G: CurveGroup, I: Iterator<Item = (i32, &'a Affine<G>)>>(
    half: usize,
    entries: impl Fn() -> I,
) -> Vec<Option<Affine<G>>> {
    // Counting sort by bucket.
    let mut bounds = vec![0usize; half + 1];
    for (d, _) in entries() {
        if d != 0 {
            bounds[d.unsigned_abs() as usize] += 1;
        }
    }
    for b in 1..=half {
        bounds[b] += bounds[b - 1];
    }
    let mut cur = vec![Affine::<G>::identity(); bounds[half]];
    let mut fill = bounds.clone();
    for (d, p) in entries() {
        if d != 0 {
            let b = d.unsigned_abs() as usize - 1;
            cur[fill[b]] = if d < 0 { p.neg() } else { *p };
            fill[b] += 1;
        }
    }
    let mut next = Vec::with_capacity(cur.len());
    let mut next_bounds = vec![0usize; half + 1];
    let mut den = Vec::with_capacity(cur.len() / 2);
    loop {
        if (0..half).all(|b| bounds[b + 1] - bounds[b] <= 1) {
            break;
        }
        // The denominators of every neighbour pair: x2 - x1, or 2 y1 for a doubling; a pair of
        // opposite points sums to infinity (its denominator, zero, stays zero in the inversion).
        den.clear();
        for b in 0..half {
            let s = &cur[bounds[b]..bounds[b + 1]];
            for pair in s.chunks_exact(2) {
                let (p, q) = (&pair[0], &pair[1]);
                den.push(if p.x != q.x {
                    q.x - p.x
                } else if p.y == q.y {
                    p.y.double()
                } else {
                    G::F::ZERO
                });
            }
        }
        batch_inv_vartime(&mut den);
        next.clear();
        let mut k = 0;
        for b in 0..half {
            next_bounds[b] = next.len();
            let s = &cur[bounds[b]..bounds[b + 1]];
            for pair in s.chunks_exact(2) {
                let (p, q) = (&pair[0], &pair[1]);
                let inv = den[k];
                k += 1;
                if inv.is_zero() {
                    continue; // p = -q
                }
                let lambda = if p.x != q.x {
                    (q.y - p.y) * inv
                } else {
                    let xx = p.x.square();
                    (xx.double() + xx) * inv
                };
                let x3 = lambda.square() - p.x - q.x;
                let y3 = lambda * (p.x - x3) - p.y;
                next.push(Affine {
                    x: x3,
                    y: y3,
                    infinity: false,
                });
            }
            if s.len() % 2 == 1 {
                next.push(s[s.len() - 1]);
            }
        }
        next_bounds[half] = next.len();
        core::mem::swap(&mut cur, &mut next);
        core::mem::swap(&mut bounds, &mut next_bounds);
    }
    (0..half)
        .map(|b| (bounds[b + 1] > bounds[b]).then(|| cur[bounds[b]]))
        .collect()
}

/// Multi-scalar multiplications over fixed points, such as a KZG setup's: every point's multiples
/// [2^(c w)] P for each window w precomputed in affine form, so that a multiplication is one
/// bucket pass over n * windows entries with batch-affine additions and a single running sum, no
/// doublings (the fixed-base method of Brickell-Gordon-McCurley-Wilson, EUROCRYPT 1992, with
/// Pippenger's buckets). Variable time: public scalars only.
#[derive(Clone, Debug)]
pub struct FixedBaseMsm<G: CurveGroup> {
    c: u32,
    windows: usize,
    /// [2^(c w)] P_i at i * windows + w.
    table: Vec<Affine<G>>,
}

fn scalar_bits<G: CurveGroup>() -> u32 {
    <<G::Curve as PairingCurve>::Fr as FpParams>::BITS
}

impl<G: CurveGroup> FixedBaseMsm<G> {
    /// The tables of `points`, the window width minimising the estimated cost of one
    /// multiplication (n * windows batch-affine sums of about six field products, 2^(c-1)
    /// buckets of two projective sums).
    pub fn new(points: &[Affine<G>]) -> Self {
        let n = points.len().max(1) as u64;
        let bits = scalar_bits::<G>();
        let cost = |c: u32| 6 * n * (bits / c + 1) as u64 + 24 * (1u64 << (c - 1));
        let c = (2..=16u32).min_by_key(|&c| cost(c)).unwrap_or(8);
        Self::with_window(points, c)
    }

    /// The tables of `points` for windows of `c` bits (1 to 16).
    pub fn with_window(points: &[Affine<G>], c: u32) -> Self {
        assert!((1..=16).contains(&c), "window of 1 to 16 bits");
        let windows = (scalar_bits::<G>() / c + 1) as usize;
        let mut proj = Vec::with_capacity(points.len() * windows);
        for p in points {
            let mut q = p.to_projective();
            for _ in 0..windows {
                proj.push(q);
                for _ in 0..c {
                    q = q.double();
                }
            }
        }
        FixedBaseMsm {
            c,
            windows,
            table: Projective::batch_to_affine_vartime(&proj),
        }
    }

    /// The number of points.
    pub fn len(&self) -> usize {
        self.table.len() / self.windows
    }

    /// Whether there are no points.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// sum_i \[k_i\] P_i. Panics unless there is one scalar per point.
    pub fn msm_vartime(&self, scalars: &[Scalar<G::Curve>]) -> Projective<G> {
        assert_eq!(scalars.len(), self.len(), "msm: one scalar per point");
        let ks: Vec<_> = scalars.iter().map(|k| k.to_canonical_limbs()).collect();
        let digits = signed_window_digits(&ks, self.c, self.windows as u32);
        let half = 1usize << (self.c - 1);
        let buckets = batch_affine_buckets(half, || {
            digits
                .iter()
                .flat_map(|dg| dg.iter().copied())
                .zip(self.table.iter())
                .filter(|(_, p)| !p.infinity)
        });
        bucket_sum(&buckets)
    }
}
