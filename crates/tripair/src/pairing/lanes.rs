//! Eight pairings at once (implementation G of Grabher–Großschädl–Page 2008): the unchanged
//! projective Miller loop and final exponentiation over the lane field ([`Lanes`]), each of the
//! eight lanes carrying its own pair.
//!
//! Points at infinity take no branch: their lane runs the generator pair instead (selected by a
//! mask) and its Miller-loop value is replaced by 1 before the final exponentiation, so the lane
//! gives the identity of GT.
//!
//! Products of many pairings run in the lanes too ([`product_miller_loop_lanes`]): each lane
//! multiplies the lines of its share of the pairs into its own accumulator (one lane squaring per
//! step for all eight), and the eight lane values are multiplied before the one final
//! exponentiation.

use super::compiled::route;
use super::final_exp::{easy_part, hard_part_with, PowU, SerialPowU};
use super::miller::{
    drive, finite_count, is_finite_pair, product_miller_loop, LineSource, MillerSchedule,
    NormalizedG1, PreparedG1, PreparedLinesSplat, ProjectiveLines, TwistCoords,
};
use super::G2Prepared;
use super::{pairing, Gt, MillerLoopOutput};
use crate::curve::{G1Affine, G2Affine, PairingCurve};
use crate::field::lanes::{IfmaLanes, LaneBackend, LaneMask, Lanes, LANES};
use crate::field::{Fp, Fp12, Fp2, Fp6, TowerChains, TowerParams};
use crate::prelude::*;

pub(crate) type LaneFp<C, B> = Lanes<<C as TowerParams>::Fp, B>;
/// A pair of points in affine coordinates.
type Pair<C> = (G1Affine<C>, G2Affine<C>);
/// Eight pairs as one pair of the lane field (P prepared, Q by its coordinates).
pub(crate) type LanePair<C, B> = (PreparedG1<LaneFp<C, B>>, TwistCoords<C, LaneFp<C, B>>);

/// e(P_i, Q_i) for every pair (values in input order; points at infinity give 1): eight at a time
/// in SIMD lanes where the CPU has AVX-512 IFMA, the remainder (and everything elsewhere, or under
/// `TRIPAIR_BACKEND=portable`) one by one through [`pairing`]. The same values as [`pairing`].
pub fn pairings_lanes<C: PairingCurve>(pairs: &[(G1Affine<C>, G2Affine<C>)]) -> Vec<Gt<C>> {
    route!(C, pairings_lanes(pairs), pairings_lanes_generic(pairs))
}

/// The generic body of [`pairings_lanes`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn pairings_lanes_generic<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> Vec<Gt<C>> {
    if crate::strategy::batch_in_lanes::<C>() {
        pairings_lanes_with::<C, IfmaLanes>(pairs)
    } else {
        pairs.iter().map(|(p, q)| pairing(p, q)).collect()
    }
}

/// [`pairings_lanes`] on the lane backend `B` whatever the CPU (the portable lanes are slower than
/// the scalar pairing: for tests and measurements): every full group of eight in lanes, the
/// remainder one by one.
pub fn pairings_lanes_with<C: PairingCurve, B: LaneBackend>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> Vec<Gt<C>> {
    let mut out = Vec::with_capacity(pairs.len());
    let mut groups = pairs.chunks_exact(LANES);
    for group in &mut groups {
        out.extend(pairings_in_lanes::<C, B>(group));
    }
    out.extend(groups.remainder().iter().map(|(p, q)| pairing(p, q)));
    out
}

/// Up to eight pairings in one pass of the lanes (unused lanes run the generator pair and are
/// dropped).
pub fn pairings_in_lanes<C: PairingCurve, B: LaneBackend>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> Vec<Gt<C>> {
    let (row, skip) = lane_row::<C, B>(pairs);
    let mut source = ProjectiveLines::<C, LaneFp<C, B>>::new([row]);
    finish_in_lanes::<C, B, _>(&mut source, skip, pairs.len())
}

/// [`pairings_in_lanes`] over the Miller loop of any schedule (the research crate's plain ate
/// pairing in lanes, row G of its table).
#[doc(hidden)]
pub fn pairings_in_lanes_on<C: PairingCurve, B: LaneBackend>(
    schedule: &MillerSchedule,
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> Vec<Gt<C>> {
    let (row, skip) = lane_row::<C, B>(pairs);
    let mut source = ProjectiveLines::<C, LaneFp<C, B>>::new([row]);
    exponentiate_lanes::<C, B>(&drive(schedule, &mut source), skip, pairs.len())
}

/// Up to eight pairs as one lane pair, with the lanes to skip: unused lanes and pairs with a
/// point at infinity run the generator pair (selected by a mask, no branch).
pub(crate) fn lane_row<C: PairingCurve, B: LaneBackend>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> (LanePair<C, B>, [bool; LANES]) {
    assert!(pairs.len() <= LANES, "at most {LANES} pairs per lane batch");
    let (g1, g2) = (G1Affine::<C>::generator(), G2Affine::<C>::generator());
    let mut skip = [true; LANES];
    let row: [(G1Affine<C>, G2Affine<C>); LANES] = core::array::from_fn(|i| {
        let (p, q) = pairs.get(i).copied().unwrap_or((g1, g2));
        skip[i] = i >= pairs.len() || p.infinity || q.infinity;
        let m = 0u64.wrapping_sub(skip[i] as u64);
        (
            G1Affine::new_unchecked(p.x.select(&g1.x, m), p.y.select(&g1.y, m)),
            G2Affine::new_unchecked(q.x.select(&g2.x, m), q.y.select(&g2.y, m)),
        )
    });
    (lane_pair::<C, B>(&row), skip)
}

/// The lane values of skipped lanes set to 1, the final exponentiation in the lanes, and the
/// first `n` lanes' values in GT.
pub(crate) fn exponentiate_lanes<C: PairingCurve, B: LaneBackend>(
    f: &Fp12<C, LaneFp<C, B>>,
    skip: [bool; LANES],
    n: usize,
) -> Vec<Gt<C>> {
    exponentiate_lanes_with(f, skip, n, &SerialPowU(TowerChains))
}

/// [`exponentiate_lanes`] with the hard part's exponentiations by u computed by `e` (on two
/// threads for a batch of eight split over them).
pub(crate) fn exponentiate_lanes_with<C: PairingCurve, B: LaneBackend>(
    f: &Fp12<C, LaneFp<C, B>>,
    skip: [bool; LANES],
    n: usize,
    e: &impl PowU<C, LaneFp<C, B>>,
) -> Vec<Gt<C>> {
    let f = f.select(&Fp12::ONE, LaneMask::from_bools(skip));
    let g = hard_part_with(&easy_part(&f), e);
    let mut out = unlane_fp12::<C, B>(&g);
    out.truncate(n);
    out.into_iter().map(Gt::from_fp12_unchecked).collect()
}

/// Eight finite pairs as one pair of the lane field: lane i holds the coordinates of row[i].
fn lane_pair<C: PairingCurve, B: LaneBackend>(row: &[Pair<C>]) -> LanePair<C, B> {
    assert_eq!(row.len(), LANES, "one pair per lane");
    let l = |coord: fn(&Pair<C>) -> Fp<C::Fp>| {
        LaneFp::<C, B>::from_lanes(&core::array::from_fn(|i| coord(&row[i])))
    };
    (
        PreparedG1::new(l(|(p, _)| p.x), l(|(p, _)| p.y)),
        (
            Fp2::new(l(|(_, q)| q.x.c0), l(|(_, q)| q.x.c1)),
            Fp2::new(l(|(_, q)| q.y.c0), l(|(_, q)| q.y.c1)),
        ),
    )
}

/// The Miller loop of `source` in the lanes, the skipped lanes set to 1, the final exponentiation,
/// and the first `n` lanes' values in GT.
fn finish_in_lanes<C: PairingCurve, B: LaneBackend, S: LineSource<C, LaneFp<C, B>>>(
    source: &mut S,
    skip: [bool; LANES],
    n: usize,
) -> Vec<Gt<C>> {
    let f = drive(&MillerSchedule::optimal_ate::<C>(), source);
    exponentiate_lanes::<C, B>(&f, skip, n)
}

/// e(P_i, Q) for a prepared Q and every P_i (values in input order; points at infinity give 1):
/// eight P at a time in SIMD lanes where the CPU has AVX-512 IFMA, each lane reading the same
/// stored line, evaluated at its own P. A last group of fewer than
/// [`crate::strategy::lanes_min_prepared`] points (and everything without IFMA) runs scalar ([`super::miller_loops_prepared`]). The same values
/// as [`super::pairing_prepared`]; constant time in the P_i and in Q.
pub fn pairings_prepared_lanes<C: PairingCurve>(
    q: &G2Prepared<C>,
    ps: &[G1Affine<C>],
) -> Vec<Gt<C>> {
    route!(
        C,
        pairings_prepared_lanes(q, ps),
        pairings_prepared_lanes_generic(q, ps)
    )
}

/// The generic body of [`pairings_prepared_lanes`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn pairings_prepared_lanes_generic<C: PairingCurve>(
    q: &G2Prepared<C>,
    ps: &[G1Affine<C>],
) -> Vec<Gt<C>> {
    if crate::strategy::lanes_available() {
        pairings_prepared_lanes_with::<C, IfmaLanes>(q, ps, crate::strategy::lanes_min_prepared())
    } else {
        scalar_prepared(q, ps)
    }
}

fn scalar_prepared<C: PairingCurve>(q: &G2Prepared<C>, ps: &[G1Affine<C>]) -> Vec<Gt<C>> {
    super::pairings_prepared_scalar(q, ps)
}

/// [`pairings_prepared_lanes`] on the lane backend `B` whatever the CPU (for tests and
/// measurements): groups of eight in lanes, a last group in lanes when it has at least `min_lanes`
/// points, the rest scalar.
pub fn pairings_prepared_lanes_with<C: PairingCurve, B: LaneBackend>(
    q: &G2Prepared<C>,
    ps: &[G1Affine<C>],
    min_lanes: usize,
) -> Vec<Gt<C>> {
    let mut out = Vec::with_capacity(ps.len());
    for group in ps.chunks(LANES) {
        if group.len() >= min_lanes {
            out.extend(pairings_prepared_in_lanes::<C, B>(q, group));
        } else {
            out.extend(scalar_prepared(q, group));
        }
    }
    out
}

/// Up to eight pairings e(P_i, Q) with a prepared Q in one pass of the lanes (unused lanes and
/// points at infinity run the generator of G1 and give 1).
pub fn pairings_prepared_in_lanes<C: PairingCurve, B: LaneBackend>(
    q: &G2Prepared<C>,
    ps: &[G1Affine<C>],
) -> Vec<Gt<C>> {
    assert!(ps.len() <= LANES, "at most {LANES} points per lane batch");
    if q.is_identity() {
        return vec![Gt::identity(); ps.len()];
    }
    let g1 = G1Affine::<C>::generator();
    let mut skip = [true; LANES];
    let mut pts = [g1; LANES];
    for (i, p) in ps.iter().enumerate() {
        skip[i] = p.infinity;
        let m = 0u64.wrapping_sub(skip[i] as u64);
        pts[i] = G1Affine::new_unchecked(p.x.select(&g1.x, m), p.y.select(&g1.y, m));
    }
    // (xP / -yP, 1 / -yP) per lane, with one shared constant-time inversion.
    let norm = NormalizedG1::batch(&pts);
    let px: [Fp<C::Fp>; LANES] = core::array::from_fn(|i| norm[i].coords().0);
    let pc: [Fp<C::Fp>; LANES] = core::array::from_fn(|i| norm[i].coords().1);
    let mut source = PreparedLinesSplat::<C, LaneFp<C, B>>::new(
        q,
        LaneFp::<C, B>::from_lanes(&px),
        LaneFp::<C, B>::from_lanes(&pc),
    );
    finish_in_lanes::<C, B, _>(&mut source, skip, ps.len())
}

/// The Miller loop of prod_i e(P_i, Q_i) through the path the strategy layer picks for its number
/// of finite pairs ([`crate::strategy::product_loop`]): in SIMD lanes ([`miller_loop_lanes_with`])
/// or through the scalar sources ([`product_miller_loop`]). The same value after the final
/// exponentiation either way; constant time in the points.
pub fn product_miller_loop_lanes<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> MillerLoopOutput<C> {
    route!(
        C,
        product_miller_loop_lanes(pairs),
        product_miller_loop_lanes_generic(pairs)
    )
}

/// The generic body of [`product_miller_loop_lanes`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn product_miller_loop_lanes_generic<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> MillerLoopOutput<C> {
    if crate::strategy::product_loop::<C>(finite_count(pairs))
        == crate::strategy::ProductLoop::Lanes
    {
        miller_loop_lanes_with::<C, IfmaLanes>(pairs)
    } else {
        product_miller_loop(pairs)
    }
}

/// The Miller loop of prod_i e(P_i, Q_i) in the lanes of backend `B` whatever the CPU (for tests
/// and measurements): the finite pairs fill rows of eight, one pair per lane, every lane
/// accumulating the lines of its column with the shared squarings of one lane loop; the eight lane
/// values are multiplied at the end. Slots left over in the last row take pairs that cancel after
/// the final exponentiation: (G, H) and (-G, H) by turns, G and H the generators. Their number is
/// even when the number of pairs is; an odd number of pairs first has its last pair (P, Q) written
/// as (2P, Q) and (-P, Q), whose pairings multiply to e(P, Q) (both points finite, G1 having odd
/// order). Pairs with a point at infinity contribute 1 and are dropped; the empty product is 1.
pub fn miller_loop_lanes_with<C: PairingCurve, B: LaneBackend>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> MillerLoopOutput<C> {
    let rows = product_lane_rows::<C, B>(pairs);
    if rows.is_empty() {
        return MillerLoopOutput(Fp12::ONE);
    }
    let mut source = ProjectiveLines::<C, LaneFp<C, B>>::new(rows);
    let f = drive(&MillerSchedule::optimal_ate::<C>(), &mut source);
    MillerLoopOutput(lanes_product::<C, B>(&f))
}

/// The rows of lane pairs of a product (see [`miller_loop_lanes_with`]: finite pairs only, an odd
/// count's last pair written as two, the last row filled with pairs that cancel); none when no
/// pair is finite.
pub(crate) fn product_lane_rows<C: PairingCurve, B: LaneBackend>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> Vec<LanePair<C, B>> {
    lane_rows_of::<C, B>(&product_lane_slots(pairs))
}

/// The pairs of [`product_lane_rows`] before their conversion into the lanes, a multiple of eight
/// (so that threads can convert rows of them each).
pub(crate) fn product_lane_slots<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> Vec<Pair<C>> {
    let mut slots: Vec<Pair<C>> = pairs
        .iter()
        .filter(|pair| is_finite_pair(pair))
        .copied()
        .collect();
    if slots.is_empty() {
        return slots;
    }
    if slots.len() % 2 == 1 {
        let (p, q) = slots.pop().expect("an odd count is at least one");
        slots.push((p.to_projective().double().to_affine(), q));
        slots.push((-p, q));
    }
    let (g1, g2) = (G1Affine::<C>::generator(), G2Affine::<C>::generator());
    let rows = slots.len().div_ceil(LANES);
    let mut negate = false;
    while slots.len() < rows * LANES {
        slots.push((if negate { -g1 } else { g1 }, g2));
        negate = !negate;
    }
    slots
}

/// Pairs (a multiple of eight) as rows of lane pairs.
pub(crate) fn lane_rows_of<C: PairingCurve, B: LaneBackend>(
    slots: &[Pair<C>],
) -> Vec<LanePair<C, B>> {
    slots.chunks_exact(LANES).map(lane_pair::<C, B>).collect()
}

/// The product of the eight lane values of a lane F_p12.
pub(crate) fn lanes_product<C: PairingCurve, B: LaneBackend>(f: &Fp12<C, LaneFp<C, B>>) -> Fp12<C> {
    unlane_fp12::<C, B>(f)
        .into_iter()
        .reduce(|a, b| a * b)
        .expect("eight lanes")
}

/// The eight F_p12 values of a lane F_p12, lane by lane.
fn unlane_fp12<C: PairingCurve, B: LaneBackend>(x: &Fp12<C, LaneFp<C, B>>) -> Vec<Fp12<C>> {
    let fp2 = |a: &Fp2<C, LaneFp<C, B>>| -> [Fp2<C>; LANES] {
        let (c0, c1) = (a.c0.to_lanes(), a.c1.to_lanes());
        core::array::from_fn(|i| Fp2::new(c0[i], c1[i]))
    };
    let fp6 = |a: &Fp6<C, LaneFp<C, B>>| -> [Fp6<C>; LANES] {
        let (c0, c1, c2) = (fp2(&a.c0), fp2(&a.c1), fp2(&a.c2));
        core::array::from_fn(|i| Fp6::new(c0[i], c1[i], c2[i]))
    };
    let (c0, c1) = (fp6(&x.c0), fp6(&x.c1));
    (0..LANES).map(|i| Fp12::new(c0[i], c1[i])).collect()
}
