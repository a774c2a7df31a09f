//! Pairing engines: one Miller loop driven by curve data (optimal ate, products of pairings; the
//! plain ate of `tripair-research` runs on the same driver), the final exponentiation, and the
//! target group GT.
//!
//! What is computed, for every curve (f = Miller loop value, conjugated when the loop parameter is
//! negative, times the two Frobenius lines for BN):
//! - BN curves: e(P, Q) = f^((p^12 - 1)/r * 2u(6u^2 + 3u + 1)) (Fuentes-Castañeda–Knapp–
//!   Rodríguez-Henríquez hard part), the value arkworks, gnark-crypto and mcl return for BN254;
//! - BLS12 curves: e(P, Q) = f^(3 (p^12 - 1)/r) (Hayashida–Hayasaka–Teruya, eprint 2020/875),
//!   the value arkworks, blst, gnark-crypto and mcl return for BLS12-381.
//!
//! Both are fixed powers (coprime to r) of the reduced pairing, so bilinearity and non-degeneracy hold.

mod compiled;
// The modules are internal; what users call is re-exported below (the rest of each re-export
// list is hidden: the workspace's other crates, tests and tables use it).
#[cfg(feature = "parallel")]
mod chunks;
#[doc(hidden)]
pub mod final_exp;
#[doc(hidden)]
pub mod gt;
#[doc(hidden)]
pub mod lanes;
#[doc(hidden)]
pub mod miller;
#[cfg(feature = "parallel")]
#[doc(hidden)]
pub mod parallel;
#[cfg(feature = "parallel")]
mod pool;
mod schedule;
#[cfg(feature = "parallel")]
mod threads;

use crate::prelude::*;
#[cfg(feature = "parallel")]
#[doc(hidden)]
pub use chunks::{join, map_chunks};
use compiled::route;
pub use final_exp::final_exponentiation;
#[doc(hidden)]
pub use final_exp::{final_exponentiation_in, final_exponentiation_with, hard_part_exponent};
pub use gt::{Gt, MillerLoopOutput};
#[doc(hidden)]
pub use lanes::{
    miller_loop_lanes_with, pairings_in_lanes, pairings_lanes_with, pairings_prepared_in_lanes,
    pairings_prepared_lanes_with, product_miller_loop_lanes,
};
pub use lanes::{pairings_lanes, pairings_prepared_lanes};
#[doc(hidden)]
pub use miller::{
    drive, drive_digits, drive_digits_into, drive_into, finish, miller_loop_affine,
    miller_loops_affine, miller_loops_affine_vartime, miller_loops_prepared, product_miller_loop,
    AffineLines, EachPair, LineCoeffs, LineSource, MillerAccumulator, MillerSchedule, NormalizedG1,
    NormalizedLine, PreparedG1, PreparedLines, ProjectiveLines, Step, TwistCoords,
};
pub use miller::{miller_loop, miller_loop_affine_vartime, multi_miller_loop, G2Prepared};
#[cfg(feature = "parallel")]
#[doc(hidden)]
pub use parallel::miller_loop_threads;
#[cfg(feature = "parallel")]
pub use parallel::{
    final_exponentiation_two_threads, multi_miller_loop_threads, multi_pairing_threads,
    pairing_batch, pairing_check_threads, pairing_pipelined, pairing_split_loop,
};
#[cfg(feature = "parallel")]
pub use threads::{available_threads, set_max_threads};
#[cfg(feature = "parallel")]
#[doc(hidden)]
pub use threads::{parse_threads, set_contention_fallback, threads_from_env};

use crate::arith::Sliced;
use crate::curve::{G1Affine, G2Affine, PairingCurve};
use crate::field::{Fp, Fp12, Fp2, TowerParams};

/// The optimal ate pairing e(P, Q) (see the module documentation for the exact value).
/// Inputs must be valid group elements (decoders and `Affine::new_checked` guarantee it).
///
/// The strategy layer ([`crate::strategy::single_pairing`]) picks the scalar or the digit-sliced
/// tower for the curve on this CPU; the value is the same.
pub fn pairing<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> Gt<C> {
    route!(C, pairing(p, q), pairing_generic(p, q))
}

/// The generic body of [`pairing`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn pairing_generic<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> Gt<C> {
    use crate::strategy::{single_pairing, SinglePairing, SlicedCompiled};
    // The constant first: for a curve outside the sliced candidates the branch is not compiled.
    if SlicedCompiled::<C>::YES && single_pairing::<C>() == SinglePairing::Sliced {
        pairing_sliced(p, q)
    } else {
        pairing_scalar(p, q)
    }
}

/// The pairing on the curve's own backend, whatever [`pairing`] would choose: the scalar rows of
/// the benchmarks (implementations A, B, C of Grabher–Großschädl–Page 2008).
pub fn pairing_scalar<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> Gt<C> {
    route!(C, pairing_scalar(p, q), pairing_scalar_generic(p, q))
}

/// The generic body of [`pairing_scalar`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn pairing_scalar_generic<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> Gt<C> {
    // One pair: the projective source (the affine one measured 1.3-1.8x slower alone).
    final_exponentiation(&miller_loop::<C>(&[(*p, *q)]))
}

/// The same pairing on the digit-sliced backend (implementation D of Grabher–Großschädl–Page
/// 2008): the points move over and the value back by their Montgomery limbs, which both backends
/// share.
///
/// Compiled in the library for the curves the strategy layer may run digit-sliced (and those its
/// table measures); for the others the caller's crate instantiates it.
#[doc(hidden)]
pub fn pairing_sliced<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> Gt<C> {
    if crate::strategy::SlicedCompiled::<C>::YES {
        route!(C, pairing_sliced(p, q), pairing_sliced_generic(p, q))
    } else {
        pairing_sliced_generic(p, q)
    }
}

/// The generic body of [`pairing_sliced`] (compiled once per sliced candidate: `pairing::compiled`).
pub(crate) fn pairing_sliced_generic<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> Gt<C> {
    type W<C> = <C as PairingCurve>::WithBackend<Sliced>;
    let fp = |x: &Fp<C::Fp>| Fp::<<W<C> as TowerParams>::Fp>::from_mont(x.mont);
    let fp2 = |x: &Fp2<C>| Fp2::<W<C>>::new(fp(&x.c0), fp(&x.c1));
    let p2 = if p.is_identity() {
        G1Affine::<W<C>>::identity()
    } else {
        G1Affine::<W<C>>::new_unchecked(fp(&p.x()), fp(&p.y()))
    };
    let q2 = if q.is_identity() {
        G2Affine::<W<C>>::identity()
    } else {
        G2Affine::<W<C>>::new_unchecked(fp2(&q.x()), fp2(&q.y()))
    };
    let f = pairing_scalar::<W<C>>(&p2, &q2).into_fp12();
    let back = f.coefficients().map(|c| Fp::<C::Fp>::from_mont(c.mont));
    Gt::from_fp12_unchecked(Fp12::from_coefficients(&back))
}

/// The product of the pairings e(P_i, Q_i): one Miller loop with shared squarings and one final
/// exponentiation. Pairs containing the point at infinity contribute 1. Constant time; the loop
/// runs through the faster source for the number of pairs, in SIMD lanes for long products where
/// the CPU has AVX-512 IFMA ([`product_miller_loop_lanes`]).
pub fn multi_pairing<C: PairingCurve>(pairs: &[(G1Affine<C>, G2Affine<C>)]) -> Gt<C> {
    final_exponentiation(&product_miller_loop_lanes::<C>(pairs))
}

/// Whether prod_i e(P_i, Q_i) = 1: one shared Miller loop and one final exponentiation (the check
/// behind BLS signature verification and SNARK verifiers). Pairs with a point at infinity
/// contribute 1; the empty product is 1.
pub fn pairing_check<C: PairingCurve>(pairs: &[(G1Affine<C>, G2Affine<C>)]) -> bool {
    multi_pairing(pairs).is_identity()
}

/// The pairing with a prepared G2 point: the same value as [`pairing`], without the twist arithmetic.
pub fn pairing_prepared<C: PairingCurve>(p: &G1Affine<C>, q: &G2Prepared<C>) -> Gt<C> {
    final_exponentiation(&multi_miller_loop(&[(p, q)]))
}

/// The product of pairings with prepared G2 points: stored lines, shared squarings, one final
/// exponentiation.
pub fn multi_pairing_prepared<C: PairingCurve>(pairs: &[(&G1Affine<C>, &G2Prepared<C>)]) -> Gt<C> {
    final_exponentiation(&multi_miller_loop(pairs))
}

/// The product of pairings through the affine line source: per step one F_p2 inversion shared by
/// all pairs (Montgomery's trick), normalized lines; the same value as [`multi_pairing`].
/// Variable time in the G2 points: for public Q only (see [`AffineLines`]).
pub fn multi_pairing_affine_vartime<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> Gt<C> {
    final_exponentiation(&miller_loop_affine_vartime(pairs))
}

/// Separate pairings e(P_i, Q_i) computed together through the affine source: one F_p2 inversion
/// per step for the whole batch (Acar–Lauter–Naehrig–Shumow's "20 at once"), in constant time.
/// The same values as [`pairing`] on each pair.
pub fn pairings_affine<C: PairingCurve>(pairs: &[(G1Affine<C>, G2Affine<C>)]) -> Vec<Gt<C>> {
    route!(C, pairings_affine(pairs), pairings_affine_generic(pairs))
}

/// The generic body of [`pairings_affine`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn pairings_affine_generic<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> Vec<Gt<C>> {
    miller_loops_affine(pairs)
        .iter()
        .map(final_exponentiation)
        .collect()
}

/// As [`pairings_affine`] with variable-time inversions: public G2 points only.
pub fn pairings_affine_vartime<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> Vec<Gt<C>> {
    route!(
        C,
        pairings_affine_vartime(pairs),
        pairings_affine_vartime_generic(pairs)
    )
}

/// The generic body of [`pairings_affine_vartime`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn pairings_affine_vartime_generic<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> Vec<Gt<C>> {
    miller_loops_affine_vartime(pairs)
        .iter()
        .map(final_exponentiation)
        .collect()
}

/// e(P_i, Q) for one prepared Q and many P_i ("1st argument fixed"): where the CPU has AVX-512
/// IFMA, eight P at a time in SIMD lanes that all read the same stored line
/// ([`pairings_prepared_lanes`]); elsewhere, and for a last group of fewer than five, the stored
/// lines are read once per step for the whole batch ([`pairings_prepared_scalar`]). The same
/// values as [`pairing`]; constant time in the P_i.
pub fn pairings_prepared<C: PairingCurve>(q: &G2Prepared<C>, ps: &[G1Affine<C>]) -> Vec<Gt<C>> {
    pairings_prepared_lanes(q, ps)
}

/// [`pairings_prepared`] without SIMD lanes: one scalar Miller loop per P over the stored lines,
/// then one final exponentiation each.
pub fn pairings_prepared_scalar<C: PairingCurve>(
    q: &G2Prepared<C>,
    ps: &[G1Affine<C>],
) -> Vec<Gt<C>> {
    miller_loops_prepared(q, ps)
        .iter()
        .map(final_exponentiation)
        .collect()
}
