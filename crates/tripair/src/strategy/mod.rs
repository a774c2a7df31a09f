//! What runs on this CPU, decided in one place.
//!
//! Every choice between ways of computing the same value is made here: the scalar or the
//! digit-sliced single pairing, the projective, affine or lane Miller loop of a product, whether a
//! batch or a prepared batch runs in SIMD lanes, how batches and products are split over threads,
//! and the cost figures that place the cuts of the two-thread final exponentiation. The choices read
//! two things only: the features the CPU was found to have ([`crate::cpu`]) and one row of tuned
//! values for its family (`strategy/table.rs`, [`Tuning`]), each value with the measurement that set it.
//!
//! Leaf code (the Miller loop, the lanes, the threads) asks the functions below and never holds a
//! threshold of its own. `tripair bench --table strategy` measures every alternative beside the
//! choice made here on the machine it runs on, and marks the choices that are not the fastest.
//!
//! `TRIPAIR_BACKEND=portable` (see [`crate::cpu`]) turns the lanes off; the explicit functions of
//! each path (`miller_loop`, `miller_loop_affine`, the `_with` lane functions, `pairing_scalar`)
//! stay callable for tests and measurements whatever is chosen here.

pub(crate) mod table;

use crate::cpu::{self, CpuFamily};
use crate::curve::PairingCurve;
use crate::field::lanes::{IfmaLanes, LaneBackend as _, LaneChains};
use crate::field::{Fp, Fp12, Fp2, FpParams, SquareChains, TowerParams};
#[cfg(feature = "parallel")]
pub(crate) use table::{CompressedCosts, RecordedCosts, ShareCosts};
pub use table::{Tuned, Tuning};

/// The tuned values of the detected CPU family.
pub fn tuning() -> &'static Tuning {
    table::for_family(cpu::family())
}

/// The CPU family whose row of the table ([`Tuning`]) is in use.
pub fn family() -> CpuFamily {
    cpu::family()
}

/// Whether the SIMD-lane (AVX-512 IFMA) kernels run here: IFMA found, the portable code not
/// forced, and a build without debug assertions. Every lane path below requires it. A build with
/// debug assertions (the dev profile: opt-level 0 in a user's crate) takes the scalar paths, which
/// compute the same values: at opt-level 0 the kernels' `#[inline(always)]` helpers each keep
/// their own stack slots, and the line product alone took a 2,056,320-byte frame (bls12-381,
/// Intel Xeon), more than the 2 MiB stack of a spawned thread (a test harness's, the pool's).
pub fn lanes_available() -> bool {
    !cfg!(debug_assertions) && IfmaLanes::active()
}

/// How one pairing e(P, Q) runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SinglePairing {
    /// The scalar tower on the curve's own backend (rows A, B, C of Grabher et al.).
    Scalar,
    /// The tower's independent F_p products side by side in IFMA lanes (row D).
    Sliced,
}

/// Whether the library compiles curve `C`'s digit-sliced single pairing (`table::SLICED_CANDIDATES`):
/// a constant, so that code behind `if SlicedCompiled::<C>::YES` is not instantiated for the
/// other curves.
pub(crate) struct SlicedCompiled<C>(core::marker::PhantomData<C>);

impl<C: PairingCurve> SlicedCompiled<C> {
    pub(crate) const YES: bool = table::sliced_candidate(C::NAME);
}

/// The single pairing's path for curve `C` here.
pub fn single_pairing<C: PairingCurve>() -> SinglePairing {
    let default_backend = crate::arith::is_default_backend::<<C::Fp as FpParams>::Backend>();
    if SlicedCompiled::<C>::YES
        && default_backend
        && lanes_available()
        && tuning().sliced_single_pairing.value.contains(&C::NAME)
    {
        SinglePairing::Sliced
    } else {
        SinglePairing::Scalar
    }
}

/// How the Miller loop of a product of pairings runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProductLoop {
    /// Projective lines, one pair at a time per step.
    Projective,
    /// Affine lines, one F_p2 inversion per step shared by all pairs.
    Affine,
    /// The pairs spread over eight SIMD lanes.
    Lanes,
}

/// From this many finite pairs on, a product's scalar Miller loop on curve `C` uses affine lines
/// (the family's threshold for the field's size).
pub fn affine_min_pairs<C: PairingCurve>() -> usize {
    let t = tuning();
    if <<C::Fp as FpParams>::Limbs as crate::arith::Limbs>::N >= 7 {
        t.affine_min_pairs_7_limbs.value
    } else {
        t.affine_min_pairs.value
    }
}

/// The scalar source of a product with `finite` finite pairs: affine from
/// [`affine_min_pairs`] on, projective below.
pub fn product_loop_scalar<C: PairingCurve>(finite: usize) -> ProductLoop {
    if finite >= affine_min_pairs::<C>() {
        ProductLoop::Affine
    } else {
        ProductLoop::Projective
    }
}

/// The Miller loop of a product with `finite` finite pairs: in the lanes from the family's
/// threshold on where they run, else [`product_loop_scalar`].
pub fn product_loop<C: PairingCurve>(finite: usize) -> ProductLoop {
    if lanes_available() && finite >= lanes_min_product() {
        ProductLoop::Lanes
    } else {
        product_loop_scalar::<C>(finite)
    }
}

/// Whether the scalar field's exponentiations (the final exponentiation, powers in GT) run their
/// chains of squares digit-sliced in the IFMA lanes ([`LaneChains`], where those apply to the
/// tower) or square in the scalar tower.
pub fn square_chains_in_lanes() -> bool {
    lanes_available() && tuning().square_chains_in_lanes.value
}

/// The chains of squares of the scalar field's exponentiations as the strategy layer chooses
/// ([`square_chains_in_lanes`]): [`LaneChains`] where chosen and applicable, otherwise none, so
/// that the caller squares in the tower.
#[derive(Clone, Copy, Debug, Default)]
#[doc(hidden)]
pub struct ChosenChains;

impl<T: TowerParams> SquareChains<T, Fp<T::Fp>> for ChosenChains {
    #[inline]
    fn cyclotomic(&self, f: &Fp12<T>, at: &[usize], emit: &mut dyn FnMut(usize, Fp12<T>)) -> bool {
        square_chains_in_lanes() && LaneChains.cyclotomic(f, at, emit)
    }
    #[inline]
    fn compressed(
        &self,
        c: &[Fp2<T>; 4],
        at: &[usize],
        emit: &mut dyn FnMut(usize, [Fp2<T>; 4]),
    ) -> bool {
        square_chains_in_lanes() && LaneChains.compressed(c, at, emit)
    }
}

/// How a multi-scalar multiplication of `parts` points (after the GLV/GLS split) runs: Straus's
/// interleaving below `msm_buckets_min` parts, else Pippenger's buckets, filled by batch-affine
/// additions from `msm_batch_affine_min` parts on.
#[doc(hidden)]
pub fn msm_method(parts: usize) -> crate::curve::MsmMethod {
    use crate::curve::MsmMethod;
    let t = tuning();
    if parts < t.msm_buckets_min.value {
        MsmMethod::Interleaved
    } else if parts >= t.msm_batch_affine_min.value {
        MsmMethod::AffineBuckets
    } else {
        MsmMethod::ProjectiveBuckets
    }
}

/// The smallest number of finite pairs whose product runs in the lanes (where they run).
pub fn lanes_min_product() -> usize {
    tuning().lanes_min_product.value
}

/// The smallest group of G1 points, with one prepared G2 point, worth a pass of the lanes.
pub fn lanes_min_prepared() -> usize {
    tuning().lanes_min_prepared.value
}

/// Whether the subgroup checks of `n` G1 points run eight at a time in the lanes (on curves where
/// the lanes' test applies: see [`crate::curve::g1_in_subgroup_batch_with`]).
#[doc(hidden)]
pub fn subgroup_checks_in_lanes(n: usize) -> bool {
    lanes_available() && n >= tuning().lanes_min_subgroup_checks.value
}

/// Whether the square roots of `n` elements of F_p (p = 3 mod 4: decompressed points) run eight
/// at a time in the lanes.
#[doc(hidden)]
pub fn square_roots_in_lanes(n: usize) -> bool {
    lanes_available() && n >= tuning().lanes_min_square_roots.value
}

/// Whether batches of pairings run eight at a time in the lanes (curve `C`).
pub fn batch_in_lanes<C: PairingCurve>() -> bool {
    lanes_available()
}

#[cfg(feature = "parallel")]
/// The cost of one lane pass (eight pairings) in scalar pairings, for dealing a batch's leftovers
/// to threads.
pub(crate) fn lane_pass_cost() -> usize {
    tuning().lane_pass_cost.value
}

#[cfg(feature = "parallel")]
/// Where the scalar split loop (one pairing's Miller loop over two threads) cuts, in hundredths.
pub(crate) fn scalar_loop_split() -> usize {
    tuning().scalar_loop_split.value
}

#[cfg(feature = "parallel")]
/// Where a product's one lane row split over two threads cuts its loop, in hundredths.
pub(crate) fn product_lane_split() -> usize {
    tuning().product_lane_split.value
}

#[cfg(feature = "parallel")]
/// Where a batch's one lane pass split over two threads cuts its loop, in hundredths.
pub(crate) fn batch_lane_split() -> usize {
    tuning().batch_lane_split.value
}

#[cfg(feature = "parallel")]
/// The chain costs of the two-thread exponentiation by u: the scalar field's (`lanes` false) or a
/// lane field's.
pub(crate) fn share_costs(lanes: bool) -> &'static ShareCosts {
    let t = tuning();
    if lanes {
        &t.lane_chain.value
    } else {
        &t.scalar_chain.value
    }
}

#[cfg(feature = "parallel")]
/// The costs of the two-thread compressed chain (bls12-381's exponentiation by u).
pub(crate) fn compressed_costs() -> &'static CompressedCosts {
    &tuning().compressed_chain.value
}

#[cfg(feature = "parallel")]
/// The costs of a recorded product's loop steps, and its bounds.
pub(crate) fn recorded_costs() -> &'static RecordedCosts {
    &tuning().recorded.value
}

#[cfg(feature = "parallel")]
/// When the threaded forms stop using a second thread: a pool worker that spent at least this
/// long, and a quarter of the time, ready to run but not running (on a run queue: another
/// process held its core) over a job and the spinning before it. Not a CPU family's value: the
/// scheduler's. Set on the Zen 4 of stop 59 (2 vCPUs under KVM) with
/// `bench --table threads --contended`: with this bound every two-thread row beside a CPU-bound
/// process at nice 0 and at nice 10 ran at 0.97x one thread or better in the run in the stop's
/// note (0.81x and 0.91x on two bn254 rows in another), and quiet runs kept their gains as well
/// as runs with the fallback off did. Only whole-run totals of the waits were read (a quiet
/// `--curve bn254` run: the worker waited 19.3 ms in 531 time slices), not per-job figures.
pub(crate) const fn contention_delay() -> core::time::Duration {
    core::time::Duration::from_micros(50)
}

#[cfg(feature = "parallel")]
/// How long the threaded forms run serially after a contended job (the first figure), doubled
/// each time the contention comes back soon after a window, up to the second: a busy neighbour
/// costs about one slow call per window, under 1% of the calls between.
pub(crate) const fn contention_backoff() -> (core::time::Duration, core::time::Duration) {
    (
        core::time::Duration::from_millis(20),
        core::time::Duration::from_millis(1280),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::curves::{Bls12_381, Bn254, Bn638};

    #[test]
    fn every_family_has_a_row() {
        for f in CpuFamily::ALL {
            let t = table::for_family(f);
            assert_eq!(t.family, f);
            // A curve a row may run digit-sliced has that pairing compiled.
            for name in t.sliced_single_pairing.value {
                assert!(
                    table::sliced_candidate(name),
                    "{f:?}: {name} is not a sliced candidate"
                );
            }
            assert!(t.lanes_min_product.value >= 2);
            assert!((1..100).contains(&t.product_lane_split.value));
            assert!((1..100).contains(&t.batch_lane_split.value));
            assert!(!t.lanes_min_product.source.is_empty());
        }
    }

    #[test]
    fn product_loop_follows_the_thresholds() {
        let t = tuning();
        let a = t.affine_min_pairs.value;
        assert_eq!(product_loop_scalar::<Bn254>(a - 1), ProductLoop::Projective);
        assert_eq!(product_loop_scalar::<Bls12_381>(a), ProductLoop::Affine);
        let a7 = t.affine_min_pairs_7_limbs.value;
        assert_eq!(product_loop_scalar::<Bn638>(a7), ProductLoop::Affine);
        let lanes = product_loop::<Bn254>(lanes_min_product());
        assert_eq!(lanes == ProductLoop::Lanes, lanes_available());
    }
}
