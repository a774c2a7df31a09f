//! Pairings across threads: independent pairings of a batch spread over threads (the inter-pairing
//! parallelism of Grabher–Großschädl–Page 2008, implementation H), and products and checks split
//! into per-thread Miller loops whose outputs are multiplied before one final exponentiation.
//!
//! The caller's thread takes the first chunk; the others run on a persistent pool of workers
//! (`pool`: no thread start or join per call), so one thread asked for (or a batch of at most
//! one) is the serial code with no job started. Work is split into contiguous chunks of nearly
//! equal size (in SIMD lanes: whole groups of eight first, then the leftovers to the least loaded
//! threads; a lone group of eight has its Miller loop cut in two over two threads instead, as
//! [`pairing_split_loop`] does). A product of up to 16 lane rows (128 pairs) is one lane loop shared by the
//! threads: they record the rows' lines (rows split between them), then replay them by segments
//! of steps, so that the lane accumulator's squares are done once
//! (`product_lanes_recorded`); larger products deal whole rows to the threads, each with its
//! own accumulator. A product's threads each map their part of the Miller loop output into the
//! cyclotomic subgroup (the easy part of the final exponentiation is a homomorphism), the values
//! are multiplied, and the hard part runs with each exponentiation by u split over two threads
//! ([`final_exponentiation_two_threads`]: one thread runs the chain of squares and hands the
//! powers of u's lowest digits to the other, which multiplies them as they come, compressed
//! powers decompressed first; the hard part's other factors are computed by the worker
//! meanwhile), as do the split and pipelined single pairings.
//!
//! Past 2 cores: a batch's work per thread is n / threads pairings (in whole lane rows of eight),
//! with no merge. A recorded product's is n / 8t rows of point arithmetic and line coefficients,
//! then 1/t of the steps' line products and lane squares for all rows; its merge costs each
//! thread one merge of its eight lanes, one easy part and one cyclotomic square per step after
//! its segment, then one F_p12 product per extra thread. Segments keep at least eight steps, so
//! the replay uses at most eight threads on a loop of 64 steps. Beyond 16 rows each thread repeats
//! the lane squares (about half a row's work per step on bn254 and bls12-381), a small share of
//! its n / 8t rows. The serial part of every product is the final exponentiation, whose
//! exponentiations by u stay on two threads (their squares are one chain): 0.74-0.78x its serial
//! time. So a product of n pairings on t threads costs about n / 8t rows + a merge + that final
//! exponentiation.

use super::chunks::{chunk_lengths, lane_chunk_lengths, map_owned_chunks_of_lengths};
use super::compiled::route;
use super::final_exp::{easy_part, exp_by_u_is_compressed, hard_part_with, PowU};
use super::lanes::{
    exponentiate_lanes, exponentiate_lanes_with, lane_row, lane_rows_of, lanes_product,
    pairings_in_lanes, product_lane_slots, product_miller_loop_lanes, LaneFp, LanePair,
};
use super::miller::{
    drive, drive_digits, finish, finite_count, known_lines_source, lines_of_digits, mul_by_line,
    projective_lines_of, LineCoeffs, LineSource, MillerAccumulator, MillerSchedule, PreparedG1,
    ProjectiveLines, RecordedLines,
};
use super::pool;
use super::threads::{budget, two_threads_allowed};
use super::{final_exponentiation, multi_miller_loop, pairing, G2Prepared, Gt, MillerLoopOutput};
use crate::curve::{G1Affine, G2Affine, PairingCurve};
use crate::field::lanes::{IfmaLanes, LANES};
use crate::field::Fp;
use crate::field::{CompressedCyclotomic, Fp12, SquareChains, TowerChains, TowerKernels};
use crate::prelude::*;
use crate::strategy::ChosenChains;
use crate::strategy::{self, ShareCosts};
use num_bigint::BigInt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// The product of the per-thread Miller loop outputs (`map_chunks` returns at least one).
fn product_of_chunks<C: PairingCurve>(parts: Vec<MillerLoopOutput<C>>) -> MillerLoopOutput<C> {
    parts
        .into_iter()
        .reduce(|a, b| a * b)
        .expect("at least one chunk")
}

/// e(P_i, Q_i) for every pair, spread over `threads` threads (values in input order; points at
/// infinity give 1). Without lanes the pairs are split evenly. Where the lane pairing pays
/// ([`strategy::batch_in_lanes`]: AVX-512 IFMA), whole groups of eight are dealt to the threads first and the
/// leftovers to the least loaded ones; each thread runs its groups in SIMD lanes and its leftovers
/// one by one.
pub fn pairing_batch<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
    threads: usize,
) -> Vec<Gt<C>> {
    route!(
        C,
        pairing_batch(pairs, threads),
        pairing_batch_generic(pairs, threads)
    )
}

/// The generic body of [`pairing_batch`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn pairing_batch_generic<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
    threads: usize,
) -> Vec<Gt<C>> {
    let threads = budget(threads);
    let lanes = strategy::batch_in_lanes::<C>();
    let run = move |chunk: &[(G1Affine<C>, G2Affine<C>)]| {
        let full = if lanes {
            chunk.len() / LANES * LANES
        } else {
            0
        };
        let mut out = Vec::with_capacity(chunk.len());
        for group in chunk[..full].chunks(LANES) {
            out.extend(pairings_in_lanes::<C, IfmaLanes>(group));
        }
        out.extend(chunk[full..].iter().map(|(p, q)| pairing(p, q)));
        out
    };
    if lanes && threads >= 2 && pairs.len() == LANES {
        // One lane pass and a second thread: the pass's Miller loop split over both.
        return pairings_in_lanes_split(pairs);
    }
    let parts = if lanes {
        // Whole groups first: split 4 + 4 into scalar pairings a batch of 8 on 2 threads
        // measured 0.55x one thread's speed on the Xeon, so a lane pass is never broken up.
        map_owned_chunks_of_lengths(
            pairs,
            &lane_chunk_lengths(pairs.len(), threads, strategy::lane_pass_cost()),
            run,
        )
    } else {
        map_owned_chunks_of_lengths(pairs, &chunk_lengths(pairs.len(), threads), run)
    };
    parts.into_iter().flatten().collect()
}

/// The Miller loop of a product split over `threads` threads: in SIMD lanes where they pay, a
/// product of up to 128 pairs (16 rows of eight) runs as one lane loop shared by the threads (one
/// row split by steps; more recorded by rows, then replayed by steps, so that the lane squares are
/// not repeated on every thread); otherwise each thread's loop over its share of the pairs (in the
/// lanes where they pay, [`product_miller_loop_lanes`]), the outputs multiplied.
pub fn miller_loop_threads<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
    threads: usize,
) -> MillerLoopOutput<C> {
    route!(
        C,
        miller_loop_threads(pairs, threads),
        miller_loop_threads_generic(pairs, threads)
    )
}

/// The generic body of [`miller_loop_threads`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn miller_loop_threads_generic<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
    threads: usize,
) -> MillerLoopOutput<C> {
    let threads = budget(threads);
    if let Some(f) = product_in_lanes_threads(pairs, threads, false) {
        return MillerLoopOutput(f);
    }
    product_of_chunks(map_owned_chunks_of_lengths(
        pairs,
        &product_chunk_lengths::<C>(pairs.len(), threads),
        product_miller_loop_lanes,
    ))
}

/// A product's Miller loop as one lane loop shared by `threads` threads (with `easy`, through the
/// easy part of the final exponentiation): one row of eight pairs split by steps
/// ([`product_lanes_split`]), two to [`strategy::recorded_costs`]`.max_rows` rows recorded and replayed
/// ([`product_lanes_recorded`]). None where the rows are dealt to the threads instead: one
/// thread, a product the strategy layer keeps out of the lanes ([`strategy::product_loop`]), or
/// more rows.
fn product_in_lanes_threads<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
    threads: usize,
    easy: bool,
) -> Option<Fp12<C>> {
    if threads < 2
        || strategy::product_loop::<C>(finite_count(pairs)) != strategy::ProductLoop::Lanes
    {
        return None;
    }
    let slots = product_lane_slots(pairs);
    match slots.len() / LANES {
        1 => Some(product_lanes_split(lane_rows_of(&slots), easy)),
        rows if rows <= strategy::recorded_costs().max_rows => {
            Some(product_lanes_recorded(&slots, threads, easy))
        }
        _ => None,
    }
}

/// The chunk lengths of a product of n pairings over `threads` threads when its rows are dealt
/// out: where the lanes pay, whole rows of eight first and the leftovers to the least loaded
/// thread (as for a batch, [`lane_chunk_lengths`]); otherwise chunks of nearly equal size.
fn product_chunk_lengths<C: PairingCurve>(n: usize, threads: usize) -> Vec<usize> {
    if strategy::batch_in_lanes::<C>() {
        lane_chunk_lengths(n, threads, strategy::lane_pass_cost())
    } else {
        chunk_lengths(n, threads)
    }
}

/// prod_i e(P_i, Q_i) with the Miller loops split over `threads` threads and one final
/// exponentiation: the value of [`super::multi_pairing`].
pub fn multi_pairing_threads<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
    threads: usize,
) -> Gt<C> {
    route!(
        C,
        multi_pairing_threads(pairs, threads),
        multi_pairing_threads_generic(pairs, threads)
    )
}

/// The generic body of [`multi_pairing_threads`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn multi_pairing_threads_generic<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
    threads: usize,
) -> Gt<C> {
    let threads = budget(threads);
    if threads < 2 {
        return final_exponentiation(&miller_loop_threads(pairs, threads));
    }
    // The easy part is a homomorphism: each thread maps its own part of the Miller loop output
    // into the cyclotomic subgroup (its inversion off the serial path), then the hard part runs
    // with its exponentiations split over two threads.
    let g = product_in_lanes_threads(pairs, threads, true).unwrap_or_else(|| {
        map_owned_chunks_of_lengths(
            pairs,
            &product_chunk_lengths::<C>(pairs.len(), threads),
            |chunk| easy_part(&product_miller_loop_lanes(chunk).0),
        )
        .into_iter()
        .reduce(|a, b| a * b)
        .expect("at least one chunk")
    });
    Gt::from_fp12_unchecked(hard_part_with(&g, &TwoThreadPowU))
}

/// The final exponentiation with its exponentiations by u split over two threads (the caller
/// runs the one chain of squares and hands the powers of u's lowest digits to a pool worker,
/// which multiplies them, decompressing them first where the chain is compressed) and the hard
/// part's other factors computed by the worker meanwhile: the value of
/// [`final_exponentiation`]. The intra-pairing parallelism of Grabher–Großschädl–Page's
/// implementation E, applied to the part of the pairing no loop split reaches. Measured with
/// `cargo run --release -p tripair --features examples --example final_exp_cycles` (rdtsc medians of 200, AMD EPYC
/// Zen 5, four runs): 0.74-0.75x the serial one on bn254 (250-261K against 337-347K ticks),
/// 0.77-0.78x on bls12-381 (378-391K against 487-509K).
pub fn final_exponentiation_two_threads<C: PairingCurve>(m: &MillerLoopOutput<C>) -> Gt<C> {
    route!(
        C,
        final_exponentiation_two_threads(m),
        final_exponentiation_two_threads_generic(m)
    )
}

/// The generic body of [`final_exponentiation_two_threads`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn final_exponentiation_two_threads_generic<C: PairingCurve>(
    m: &MillerLoopOutput<C>,
) -> Gt<C> {
    if !two_threads_allowed() {
        return final_exponentiation(m);
    }
    Gt::from_fp12_unchecked(hard_part_with(&easy_part(&m.0), &TwoThreadPowU))
}

/// The hard part's exponentiations by u on two threads ([`exp_by_u_two_threads`]), each extra
/// factor computed by the pool worker while the caller squares.
struct TwoThreadPowU;

impl<C: PairingCurve> PowU<C, Fp<C::Fp>> for TwoThreadPowU {
    fn pow_u(&self, x: &Fp12<C>) -> Fp12<C> {
        exp_by_u_two_threads(x, None::<(usize, fn() -> (Fp12<C>, Fp12<C>))>).0
    }
    fn pow_u_beside(
        &self,
        x: &Fp12<C>,
        cost: usize,
        extra: impl FnOnce() -> (Fp12<C>, Fp12<C>) + Send + 'static,
    ) -> (Fp12<C>, Fp12<C>) {
        exp_by_u_two_threads(x, Some((cost, extra)))
    }
}

/// The hard part's exponentiations by u on two threads with the powers handed over
/// ([`exp_by_u_handed`]) over any base field, for the final exponentiation of eight pairings in
/// the lanes: uncompressed chains only (the curves whose serial [`super::final_exp::exp_by_u`]
/// does not compress).
pub(crate) struct HandedPowU;

impl<C: PairingCurve, F: TowerKernels<Params = C::Fp>> PowU<C, F> for HandedPowU {
    fn pow_u(&self, x: &Fp12<C, F>) -> Fp12<C, F> {
        exp_by_u_handed(
            x,
            None::<(usize, fn() -> (Fp12<C, F>, Fp12<C, F>))>,
            &TowerChains,
            strategy::share_costs(true),
        )
        .0
    }
    fn pow_u_beside(
        &self,
        x: &Fp12<C, F>,
        cost: usize,
        extra: impl FnOnce() -> (Fp12<C, F>, Fp12<C, F>) + Send + 'static,
    ) -> (Fp12<C, F>, Fp12<C, F>) {
        exp_by_u_handed(
            x,
            Some((cost, extra)),
            &TowerChains,
            strategy::share_costs(true),
        )
    }
}

/// The worker's part of an extra computation: the factor to fold in before the final
/// conjugation of a negative u (conjugated then, so that it comes out as given), and the value
/// handed back as it is.
fn extra_parts<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(
    extra: impl FnOnce() -> (Fp12<C, F>, Fp12<C, F>),
) -> (Fp12<C, F>, Fp12<C, F>) {
    let (x, side) = extra();
    if C::consts().u_neg {
        (x.conjugate(), side)
    } else {
        (x, side)
    }
}

/// How many of the powers f^(2^i) at the positions `at` (ascending) the caller hands to the
/// worker, lowest first, as its one chain of squares reaches them: the worker multiplies each as
/// it comes, the caller multiplies the rest, then merges. Chosen from a timeline (in quarters of
/// a square, `costs`) so that both finish together; at least 1. With `extra` > 0, the worker
/// first computes extra factors costing that many products and multiplies every power into the
/// first.
fn worker_share(at: &[usize], extra: usize, costs: &ShareCosts) -> usize {
    let (m, x, h) = (costs.product, costs.exit, costs.handover);
    let last = at.last().copied().unwrap_or(0);
    (1..=at.len())
        .min_by_key(|&cut| {
            // The worker: its extra factors first, then each power once it has come.
            let mut worker = extra * m;
            for (j, &k) in at[..cut].iter().enumerate() {
                let arrival = 4 * k + (j + 1) * x;
                worker = worker.max(arrival) + h + if j > 0 || extra > 0 { m } else { 0 };
            }
            let own = at.len() - cut;
            let caller = 4 * last + at.len() * x + own.saturating_sub(1) * m;
            worker.max(caller) + if own > 0 { m } else { 0 }
        })
        .unwrap_or(1)
}

/// Values the caller hands to one pool worker in order, each set once; dropping it (the caller
/// done, or unwinding) ends the worker's wait for any value not yet set.
struct Handover<T> {
    slots: Arc<Vec<OnceLock<T>>>,
    closed: Arc<AtomicBool>,
}

impl<T: Copy + Send + Sync + 'static> Handover<T> {
    fn new(n: usize) -> Self {
        Handover {
            slots: Arc::new((0..n).map(|_| OnceLock::new()).collect()),
            closed: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Sets value `j` (each once, in order).
    fn send(&self, j: usize, x: T) {
        let _ = self.slots[j].set(x);
    }

    /// The worker's side: every value in order, waiting for each (spinning, with yields); cut
    /// short if the caller drops the hand-over first.
    fn receiver(&self) -> impl FnMut() -> Option<T> + Send + 'static {
        let (slots, closed) = (Arc::clone(&self.slots), Arc::clone(&self.closed));
        let mut next = 0;
        move || {
            let slot = slots.get(next)?;
            next += 1;
            pool::spin_wait(|| {
                slot.get()
                    .map(|x| Some(*x))
                    .or_else(|| closed.load(Ordering::Acquire).then_some(None))
            })
        }
    }
}

impl<T> Drop for Handover<T> {
    fn drop(&mut self) {
        self.closed.store(true, Ordering::Release);
    }
}

/// (i, negative) for each non-zero digit of |u|'s NAF, i counted from the least significant.
fn nonzero_digits<C: PairingCurve>() -> Vec<(usize, bool)> {
    C::consts()
        .u_naf
        .iter()
        .rev()
        .enumerate()
        .filter(|&(_, &d)| d != 0)
        .map(|(i, &d)| (i, d < 0))
        .collect()
}

/// f^u for f in the cyclotomic subgroup, on two threads, along the NAF of |u|: the caller runs
/// the one chain of squares of f and hands the powers f^(2^i) of the [`worker_share`] lowest
/// non-zero digits (conjugated for negative ones) to a pool worker, which multiplies them as
/// they come, while the caller multiplies the rest; one product merges both. A worker running
/// its own chain up to its digits instead measured 62.4K against 54.8K ticks on bn254 (AMD
/// EPYC, Zen 5; 83K serially): the chain's squares cost less than its powers taken out of the
/// lanes, and a handed power costs less than either. With `extra` = (cost, e), (f^u a, b) for
/// (a, b) = e(), the worker computing them first and starting its product from a. Constant time
/// in f (u is public).
fn exp_by_u_two_threads<C, E>(f: &Fp12<C>, extra: Option<(usize, E)>) -> (Fp12<C>, Fp12<C>)
where
    C: PairingCurve,
    E: FnOnce() -> (Fp12<C>, Fp12<C>) + Send + 'static,
{
    if exp_by_u_is_compressed::<C>() {
        exp_by_u_two_threads_compressed(f, extra)
    } else {
        exp_by_u_handed(f, extra, &ChosenChains, strategy::share_costs(false))
    }
}

/// [`exp_by_u_two_threads`] with an uncompressed chain, over any base field (see there), the
/// chain computed by `chains`, its cut placed with the chain's `costs` (the scalar field's or a
/// lane field's, from the strategy layer).
fn exp_by_u_handed<C, F, E>(
    f: &Fp12<C, F>,
    extra: Option<(usize, E)>,
    chains: &impl SquareChains<C, F>,
    costs: &ShareCosts,
) -> (Fp12<C, F>, Fp12<C, F>)
where
    C: PairingCurve,
    F: TowerKernels<Params = C::Fp>,
    E: FnOnce() -> (Fp12<C, F>, Fp12<C, F>) + Send + 'static,
{
    let digits = nonzero_digits::<C>();
    let at: Vec<usize> = digits.iter().map(|d| d.0).collect();
    let cut = worker_share(&at, extra.as_ref().map_or(0, |e| e.0), costs);
    let handover = Handover::<Fp12<C, F>>::new(cut);
    let worker = {
        let mut next = handover.receiver();
        pool::spawn(move || {
            let (mut acc, side) = match extra.map(|e| extra_parts::<C, F>(e.1)) {
                Some((a, b)) => (Some(a), b),
                None => (None, Fp12::ONE),
            };
            for x in core::iter::from_fn(&mut next).take(cut) {
                acc = Some(acc.map_or(x, |a| a * x));
            }
            (acc.unwrap_or(Fp12::ONE), side)
        })
    };
    let mut own: Option<Fp12<C, F>> = None;
    let mut j = 0;
    f.cyclotomic_square_chain_with(&at, chains, |_, g| {
        let x = if digits[j].1 { g.conjugate() } else { g };
        if j < cut {
            handover.send(j, x);
        } else {
            own = Some(own.map_or(x, |a| a * x));
        }
        j += 1;
    });
    let (theirs, side) = worker.join();
    let r = own.map_or(theirs, |o| o * theirs);
    if C::consts().u_neg {
        (r.conjugate(), side)
    } else {
        (r, side)
    }
}

/// How many of the compressed powers at the positions `at` (ascending) a worker decompresses
/// (one batch, one inversion) and multiplies once the last of them is ready, while the caller
/// finishes the chain and does the same for the rest; both finish together on a timeline with a
/// compressed square costing 1 (the product and decompression costs of
/// [`strategy::compressed_costs`]).
/// At least 1. With `extra` > 0, the worker first computes extra factors costing that many
/// products (before its powers come) and multiplies one of them in.
fn compressed_worker_share(at: &[usize], extra: usize) -> usize {
    let c = strategy::compressed_costs();
    let batch = |n: usize| {
        if n == 0 {
            0
        } else {
            c.decompress_base + n * c.decompress_each + (n - 1) * c.product
        }
    };
    let last = at.last().copied().unwrap_or(0);
    let extra_product = extra * c.product;
    (1..=at.len())
        .min_by_key(|&cut| {
            let worker = at[cut - 1] + batch(cut) + extra_product;
            let own = at.len() - cut;
            if own == 0 {
                worker
            } else {
                worker.max(last + batch(own)) + c.product
            }
        })
        .unwrap_or(1)
}

/// [`exp_by_u_two_threads`] where the serial exponentiation takes compressed squares (u with few
/// non-zero digits, bls12-381): the caller runs the compressed chain and hands the powers of the
/// lowest digits to a pool worker, which decompresses them in one batch as soon as the last of
/// them is ready and multiplies them, while the caller finishes the chain and does the same for
/// the top digits; then one product merges both. The extra factors, if any, the worker computes
/// while it waits for its first power. Constant time in f.
fn exp_by_u_two_threads_compressed<C, E>(
    f: &Fp12<C>,
    extra: Option<(usize, E)>,
) -> (Fp12<C>, Fp12<C>)
where
    C: PairingCurve,
    E: FnOnce() -> (Fp12<C>, Fp12<C>) + Send + 'static,
{
    let k = C::consts();
    // The non-zero digits but the lowest if it is f itself.
    let mut digits = nonzero_digits::<C>();
    let self_digit = match digits.first() {
        Some(&(0, negative)) => {
            digits.remove(0);
            Some(if negative { f.conjugate() } else { *f })
        }
        _ => None,
    };
    if digits.is_empty() {
        let r = self_digit.unwrap_or(Fp12::ONE);
        let r = if k.u_neg { r.conjugate() } else { r };
        return extra.map_or((r, Fp12::ONE), |(_, e)| {
            let (a, b) = e();
            (r * a, b)
        });
    }
    let at: Vec<usize> = digits.iter().map(|d| d.0).collect();
    let cut = compressed_worker_share(&at, extra.as_ref().map_or(0, |e| e.0));
    let handover = Handover::<CompressedCyclotomic<C>>::new(cut);
    let product_of = |powers: &[CompressedCyclotomic<C>], signs: &[(usize, bool)]| {
        CompressedCyclotomic::decompress_batch(powers)
            .into_iter()
            .zip(signs)
            .map(|(x, &(_, negative))| if negative { x.conjugate() } else { x })
            .reduce(|a, b| a * b)
            .unwrap_or(Fp12::ONE)
    };
    let worker = {
        let (mut next, signs) = (handover.receiver(), digits[..cut].to_vec());
        pool::spawn(move || {
            let extra = extra.map(|e| extra_parts(e.1));
            let powers: Vec<_> = core::iter::from_fn(&mut next).take(signs.len()).collect();
            let p = product_of(&powers, &signs);
            extra.map_or((p, Fp12::ONE), |(a, b)| (a * p, b))
        })
    };
    let mut own = Vec::with_capacity(digits.len() - cut);
    let mut j = 0;
    f.compress_cyclotomic()
        .square_chain_with(&at, &ChosenChains, |_, c| {
            if j < cut {
                handover.send(j, c);
            } else {
                own.push(c);
            }
            j += 1;
        });
    // The caller's own powers before the join: their decompression overlaps the worker's.
    let mine = (!own.is_empty()).then(|| product_of(&own, &digits[cut..]));
    let (theirs, side) = worker.join();
    let mut r = mine.map_or(theirs, |m| m * theirs);
    if let Some(x) = self_digit {
        r *= x;
    }
    if k.u_neg {
        (r.conjugate(), side)
    } else {
        (r, side)
    }
}

/// Whether prod_i e(P_i, Q_i) = 1, with the Miller loops split over `threads` threads: the answer
/// of [`super::pairing_check`].
pub fn pairing_check_threads<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
    threads: usize,
) -> bool {
    multi_pairing_threads(pairs, threads).is_identity()
}

/// The Miller loop of a product over prepared G2 points split over `threads` threads (chunks of
/// nearly equal size on the worker pool; a prepared point's lines are shared, not copied, into a
/// worker's job): the value of [`multi_miller_loop`].
pub fn multi_miller_loop_threads<C: PairingCurve>(
    pairs: &[(&G1Affine<C>, &G2Prepared<C>)],
    threads: usize,
) -> MillerLoopOutput<C> {
    route!(
        C,
        multi_miller_loop_threads(pairs, threads),
        multi_miller_loop_threads_generic(pairs, threads)
    )
}

/// The generic body of [`multi_miller_loop_threads`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn multi_miller_loop_threads_generic<C: PairingCurve>(
    pairs: &[(&G1Affine<C>, &G2Prepared<C>)],
    threads: usize,
) -> MillerLoopOutput<C> {
    let threads = budget(threads);
    let lengths = chunk_lengths(pairs.len(), threads);
    if lengths.len() == 1 {
        // One chunk: the serial loop on the borrowed points, nothing copied.
        return multi_miller_loop(pairs);
    }
    let owned: Vec<(G1Affine<C>, G2Prepared<C>)> =
        pairs.iter().map(|(p, q)| (**p, (*q).clone())).collect();
    product_of_chunks(map_owned_chunks_of_lengths(&owned, &lengths, |chunk| {
        let refs: Vec<_> = chunk.iter().map(|(p, q)| (p, q)).collect();
        multi_miller_loop(&refs)
    }))
}

/// Where the split loop cuts the digits: the first thread runs `h` steps and then squares its
/// value once per remaining step; the second computes `[s_h]Q` (a G2 scalar multiplication by the
/// h-digit prefix) and runs the remaining steps ([`strategy::scalar_loop_split`]).
fn split_point(n: usize) -> usize {
    split_at_hundredths(n, strategy::scalar_loop_split())
}

/// h steps of n for a cut at `hundredths` of the loop, at least 1 and (for n >= 2) at most n - 1,
/// so that both threads have steps.
fn split_at_hundredths(n: usize, hundredths: usize) -> usize {
    (n * hundredths)
        .div_ceil(100)
        .clamp(1, n.saturating_sub(1).max(1))
}

/// The optimal ate pairing with its Miller loop cut in two: the leading steps on the caller's
/// thread, the rest on another from T = `[s]Q`, s the value of the loop parameter's leading
/// digits; then f1^(2^k) f2 and the final exponentiation. Equal to [`pairing`]. (Not
/// Grabher–Großschädl–Page's Algorithm 2, which tabulates the doublings and splits the additions
/// by bit parity: that one is in tripair-research.)
pub fn pairing_split_loop<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> Gt<C> {
    route!(
        C,
        pairing_split_loop(p, q),
        pairing_split_loop_generic(p, q)
    )
}

/// The generic body of [`pairing_split_loop`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn pairing_split_loop_generic<C: PairingCurve>(
    p: &G1Affine<C>,
    q: &G2Affine<C>,
) -> Gt<C> {
    if p.infinity || q.infinity {
        return Gt::identity();
    }
    if !two_threads_allowed() {
        return pairing(p, q);
    }
    let schedule = MillerSchedule::optimal_ate::<C>();
    let digits = &schedule.naf[1..];
    let h = split_point(digits.len());
    // s = the value of naf[0..=h], most significant digit first (positive: it leads with 1).
    let s = schedule.naf[..=h]
        .iter()
        .fold(BigInt::from(0), |acc, &d| acc * 2 + d);
    let s_limbs = s
        .to_biguint()
        .expect("a NAF prefix led by 1 is positive")
        .to_u64_digits();
    let pair = (PreparedG1::new(p.x, p.y), (q.x, q.y));
    // The second half on a pool worker (the same worker then serves the final exponentiation).
    let (q2, rest) = (*q, digits[h..].to_vec());
    let second = pool::spawn(move || {
        // s is public (the loop parameter's prefix); the affine conversion is constant time in Q.
        let t = q2.to_projective().mul_vartime(&s_limbs).to_affine();
        let mut source = ProjectiveLines::new([pair]).with_start(&[(t.x, t.y)]);
        let f2 = drive_digits(&rest, &mut source);
        (f2, source)
    });
    let mut first = ProjectiveLines::new([pair]);
    let mut f1: Fp12<C> = drive_digits(&digits[..h], &mut first);
    for _ in h..digits.len() {
        f1 = f1.square();
    }
    let (f2, mut second) = second.join();
    final_exponentiation_two_threads(&MillerLoopOutput(finish(&schedule, f1 * f2, &mut second)))
}

/// The worker's half of a split loop in the lanes: every lane's T advanced through the first
/// `h` digits (point arithmetic only), then the remaining steps from f = 1 and the end of the
/// loop (conjugation, BN correction).
fn lane_loop_second_half<C: PairingCurve>(
    rows: Vec<LanePair<C, IfmaLanes>>,
    schedule: MillerSchedule,
    h: usize,
) -> Fp12<C, LaneFp<C, IfmaLanes>> {
    let digits = &schedule.naf[1..];
    let mut source = ProjectiveLines::<C, LaneFp<C, IfmaLanes>>::new(rows);
    source.advance(&digits[..h]);
    let f2 = drive_digits(&digits[h..], &mut source);
    finish(&schedule, f2, &mut source)
}

/// A part of the Miller loop value that ends `after` steps before the loop does (a split loop's
/// first half, a product's segment with its lanes merged), raised to 2^after and conjugated
/// where `negative` (as the loop's end does to the whole value). With `easy`, mapped through the
/// easy part of the final exponentiation first (a homomorphism), so that the squares are
/// cyclotomic ones: about a third of a full F_p12 square on bn254 and a half on bls12-381
/// (`tower_cycles`), fewer still in the lanes' chain.
fn raise_loop_part<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(
    g: Fp12<C, F>,
    after: usize,
    negative: bool,
    easy: bool,
    chains: &impl SquareChains<C, F>,
) -> Fp12<C, F> {
    let g = if easy {
        easy_part(&g).cyclotomic_square_n_with(after, chains)
    } else {
        (0..after).fold(g, |g, _| g.square())
    };
    if negative {
        g.conjugate()
    } else {
        g
    }
}

/// A product's Miller loop in the lanes cut in two over two threads (as [`pairing_split_loop`],
/// on one row of eight pairs, where recording and replaying its lines measured
/// slower, 0.74-0.83x one thread's time against 0.67-0.78x, [`product_lanes_recorded`]; the
/// split has gained since, [`strategy::product_lane_split`]: the cut is a tuned value). The worker starts from T = `[s]Q` in every
/// lane and runs the loop's last steps and the BN correction; the caller runs the first steps,
/// multiplies its eight lane values and raises the one F_p12 for the remaining steps
/// ([`raise_loop_part`]). With `easy`, each thread maps its value through the easy part of the
/// final exponentiation (a homomorphism), the caller before its squares, and the two are
/// multiplied. The value of [`super::lanes::miller_loop_lanes_with`] (after the easy part when
/// asked).
fn product_lanes_split<C: PairingCurve>(rows: Vec<LanePair<C, IfmaLanes>>, easy: bool) -> Fp12<C> {
    let schedule = MillerSchedule::optimal_ate::<C>();
    let digits = &schedule.naf[1..];
    let h = split_at_hundredths(digits.len(), strategy::product_lane_split());
    let rows2 = rows.clone();
    let second = pool::spawn(move || {
        let g2 = lanes_product::<C, IfmaLanes>(&lane_loop_second_half(rows2, schedule, h));
        if easy {
            easy_part(&g2)
        } else {
            g2
        }
    });
    let mut first = ProjectiveLines::<C, LaneFp<C, IfmaLanes>>::new(rows);
    let merged = lanes_product::<C, IfmaLanes>(&drive_digits(&digits[..h], &mut first));
    raise_loop_part(
        merged,
        digits.len() - h,
        schedule.negative,
        easy,
        &ChosenChains,
    ) * second.join()
}

/// The loop digits cut into at most `threads` segments of consecutive steps that cost about the
/// same to replay over `rows` rows of recorded lines (boundaries, from 0 to digits.len()): a
/// segment costs its steps' line products and squares, plus one square of the merged value per
/// step after it (to raise its part of f), the last one the BN correction lines too. The largest
/// segment cost is the least found by bisection, each segment filled greedily.
fn step_segments(digits: &[i8], rows: usize, threads: usize, frobenius: bool) -> Vec<usize> {
    let n = digits.len();
    let c = strategy::recorded_costs();
    let step = |i: usize| {
        let lines = 1 + usize::from(digits[i] != 0);
        rows * lines * c.product + if i > 0 { c.square } else { 0 }
    };
    let tail = if frobenius { 2 * rows * c.product } else { 0 };
    // The boundaries when no segment may cost more than `cap` (None if more are needed).
    let fill = |cap: usize| -> Option<Vec<usize>> {
        let mut cuts = vec![0];
        let (mut start, mut cost) = (0, 0);
        for i in 0..n {
            let raise = (n - i - 1) * c.merged_square;
            let last = if i == n - 1 { tail } else { 0 };
            if i > start && cost + step(i) + raise + last > cap {
                cuts.push(i);
                start = i;
                cost = 0;
            }
            cost += step(i);
            if cost + raise + last > cap {
                return None;
            }
        }
        cuts.push(n);
        (cuts.len() - 1 <= threads.max(1)).then_some(cuts)
    };
    let (mut lo, mut hi) = (
        0,
        (0..n).map(step).sum::<usize>() + tail + n * c.merged_square,
    );
    while lo < hi {
        let mid = (lo + hi) / 2;
        if fill(mid).is_some() {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    fill(hi).unwrap_or_else(|| vec![0, n])
}

/// A product's Miller loop in the lanes over `threads` threads with the lane accumulator's
/// squares done once, not once per thread: first the threads record the lines of the lane rows,
/// the rows split between them (point arithmetic and line coefficients,
/// [`ProjectiveLines::record`]); then each replays a segment of consecutive steps for all rows
/// ([`RecordedLines`]: evaluations at P, line products, squares), merges its eight lanes and
/// raises its value to 2^(steps after its segment), and the values are multiplied. With `easy`,
/// each segment's value passes the easy part of the final exponentiation first (a
/// homomorphism), so that the raising takes cyclotomic squares. The value of
/// [`super::lanes::miller_loop_lanes_with`] on `slots`, a product's pairs as
/// `product_lane_slots` lays them out in rows (after the easy part when asked).
///
/// Splitting rows between threads instead repeats the lane square of every step on each thread:
/// about half a row's work per step (bn254 and bls12-381). Recording costs no more than it saves:
/// recording and replaying all the lines on one thread took 1.00-1.02x the fused loop (64 pairs,
/// AMD EPYC, Zen 5). Side by side in a scratch harness (medians, with the final exponentiation),
/// a product of 64 on two threads took 0.52-0.54x one thread's time against 0.54-0.56x with the
/// rows split (16 pairs: 0.56 against 0.62-0.64; 32: 0.54-0.57 against 0.58-0.60; 128: 0.51
/// against 0.52-0.53); `tripair bench --table threads` gives 0.53-0.55x for 64.
fn product_lanes_recorded<C: PairingCurve>(
    slots: &[(G1Affine<C>, G2Affine<C>)],
    threads: usize,
    easy: bool,
) -> Fp12<C> {
    let schedule = MillerSchedule::optimal_ate::<C>();
    let digits = &schedule.naf[1..];
    let rows = slots.len() / LANES;
    // Each thread converts its rows into the lanes too: the worker starts at once.
    let lengths: Vec<usize> = chunk_lengths(rows, threads)
        .into_iter()
        .map(|r| r * LANES)
        .collect();
    let recorded = Arc::new(map_owned_chunks_of_lengths(slots, &lengths, move |chunk| {
        let rows = lane_rows_of::<C, IfmaLanes>(chunk);
        ProjectiveLines::<C, LaneFp<C, IfmaLanes>>::new(rows).record(&schedule)
    }));
    // A least number of steps per segment: each costs a lane merge and an easy part.
    let min_steps = strategy::recorded_costs().min_steps;
    let segments = threads.min(digits.len() / min_steps).max(1);
    let cuts = step_segments(digits, rows, segments, schedule.frobenius_lines);
    let segments: Vec<(usize, usize)> = cuts.windows(2).map(|w| (w[0], w[1])).collect();
    let parts = map_owned_chunks_of_lengths(&segments, &vec![1; segments.len()], move |seg| {
        let (start, end) = seg[0];
        let mut source = RecordedLines::new(&recorded, lines_of_digits(&digits[..start]));
        let mut f = drive_digits(&digits[start..end], &mut source);
        if end == digits.len() {
            f = finish(&schedule, f, &mut source);
        }
        let g = lanes_product::<C, IfmaLanes>(&f);
        // The loop's conjugation for a negative parameter: `finish` did the last segment's.
        let negative = schedule.negative && end < digits.len();
        raise_loop_part(g, digits.len() - end, negative, easy, &ChosenChains)
    });
    parts
        .into_iter()
        .reduce(|a, b| a * b)
        .expect("at least one segment")
}

/// Up to eight pairings in one pass of the lanes with the Miller loop split over two threads
/// (as [`pairing_split_loop`], in the lanes: the worker runs the last steps from T = `[s]Q` in every lane, the
/// caller the first steps and the squares of its lane values for the rest), then the final
/// exponentiation in the lanes, its exponentiations by u on both threads where their chain is
/// not compressed ([`HandedPowU`]; bls12-381's compressed chain in the lanes stays on one). The
/// values of [`pairings_in_lanes`].
fn pairings_in_lanes_split<C: PairingCurve>(pairs: &[(G1Affine<C>, G2Affine<C>)]) -> Vec<Gt<C>> {
    let (row, skip) = lane_row::<C, IfmaLanes>(pairs);
    let schedule = MillerSchedule::optimal_ate::<C>();
    let digits = &schedule.naf[1..];
    let h = split_at_hundredths(digits.len(), strategy::batch_lane_split());
    let second = pool::spawn(move || lane_loop_second_half(vec![row], schedule, h));
    let mut first = ProjectiveLines::<C, LaneFp<C, IfmaLanes>>::new([row]);
    let f1 = drive_digits(&digits[..h], &mut first);
    let f1 = raise_loop_part(f1, digits.len() - h, schedule.negative, false, &TowerChains);
    let f = f1 * second.join();
    if exp_by_u_is_compressed::<C>() {
        exponentiate_lanes::<C, IfmaLanes>(&f, skip, pairs.len())
    } else {
        // The final exponentiation's squares are one chain: its products go to the worker.
        exponentiate_lanes_with::<C, IfmaLanes>(&f, skip, pairs.len(), &HandedPowU)
    }
}

/// The lines of one pair, written by the producing thread and read in order by the driver.
struct StreamedLines<'a, C: PairingCurve> {
    p: PreparedG1<Fp<C::Fp>>,
    slots: &'a [OnceLock<LineCoeffs<C>>],
    next: usize,
}

impl<C: PairingCurve> StreamedLines<'_, C> {
    /// f *= the next `count` lines, waiting (spinning) for each until the producer has set it.
    #[inline]
    fn apply<A: MillerAccumulator<C, Fp<C::Fp>>>(&mut self, count: usize, f: &mut A) {
        for slot in &self.slots[self.next..self.next + count] {
            let line = pool::spin_wait(|| slot.get());
            mul_by_line(f, 0, line, &self.p);
        }
        self.next += count;
    }
}

known_lines_source!([C: PairingCurve] StreamedLines<'_, C>, Fp<C::Fp>);

/// One pairing with its work split inside the Miller loop (the intra-pairing parallelism of
/// Grabher–Großschädl–Page 2008, implementation E, at the level of the loop's operations): a second
/// thread walks Q's twist arithmetic and hands over each line as soon as it is known, while the
/// caller's thread squares f and multiplies the lines in. The squarings and line products (about
/// two thirds of the loop) no longer wait for the point arithmetic; the final exponentiation stays
/// serial. Constant time; equal to [`pairing`].
pub fn pairing_pipelined<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> Gt<C> {
    route!(C, pairing_pipelined(p, q), pairing_pipelined_generic(p, q))
}

/// The generic body of [`pairing_pipelined`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn pairing_pipelined_generic<C: PairingCurve>(
    p: &G1Affine<C>,
    q: &G2Affine<C>,
) -> Gt<C> {
    if p.infinity || q.infinity {
        return Gt::identity();
    }
    if !two_threads_allowed() {
        return pairing(p, q);
    }
    let slots: Arc<Vec<OnceLock<LineCoeffs<C>>>> = Arc::new(
        (0..MillerSchedule::optimal_ate::<C>().line_count())
            .map(|_| OnceLock::new())
            .collect(),
    );
    let (q2, producer_slots) = (*q, Arc::clone(&slots));
    let producer = pool::try_spawn(move || {
        let mut i = 0;
        projective_lines_of(&q2, |l| {
            // Each slot is set once, here, in order.
            let _ = producer_slots[i].set(l);
            i += 1;
        });
    });
    // No second thread to be had: the serial pairing (the caller would wait on the producer).
    let Ok(producer) = producer else {
        return pairing(p, q);
    };
    let mut source = StreamedLines {
        p: PreparedG1::new(p.x, p.y),
        slots: &slots,
        next: 0,
    };
    let f = drive(&MillerSchedule::optimal_ate::<C>(), &mut source);
    producer.join();
    final_exponentiation_two_threads(&MillerLoopOutput(f))
}

#[cfg(test)]
mod tests {
    use super::{compressed_worker_share, worker_share};
    use crate::cpu::CpuFamily;
    use crate::strategy::table::for_family;

    /// For every family's row of the strategy table.
    #[test]
    fn shares_leave_work_on_both_sides() {
        for family in CpuFamily::ALL {
            shares_leave_work_on_both_sides_with(&for_family(family).scalar_chain.value);
        }
    }

    fn shares_leave_work_on_both_sides_with(chain: &crate::strategy::ShareCosts) {
        // bn254's |u| (24 non-zero NAF digits up to 62) and bls12-381's (6 up to 64).
        let bn: Vec<usize> = vec![
            0, 4, 9, 11, 16, 19, 21, 23, 25, 27, 30, 34, 36, 38, 40, 42, 44, 47, 49, 51, 53, 56,
            58, 62,
        ];
        let bls = [16, 48, 57, 60, 62, 64];
        // Extra costs as the hard parts pass them: 1 (a factor folded in), 6 (BN's K beside).
        for extra in [0, 1, 6] {
            let cut = worker_share(&bn, extra, chain);
            assert!((bn.len() / 3..bn.len()).contains(&cut), "bn254 cut {cut}");
            assert_eq!(worker_share(&[5], extra, chain), 1);
        }
        for extra in [0, 1] {
            let cut = compressed_worker_share(&bls, extra);
            assert!((2..bls.len()).contains(&cut), "bls12-381 cut {cut}");
            assert_eq!(compressed_worker_share(&[5], extra), 1);
        }
        // The caller carries the whole chain: the worker gets most of bn254's powers.
        assert!(worker_share(&bn, 0, chain) >= 2 * bn.len() / 3);
        // Extra factors on the worker leave it no more powers, the costlier the fewer.
        assert!(worker_share(&bn, 1, chain) <= worker_share(&bn, 0, chain));
        assert!(worker_share(&bn, 6, chain) < worker_share(&bn, 1, chain));
        assert!(compressed_worker_share(&bls, 1) <= compressed_worker_share(&bls, 0));
    }

    use crate::pairing::chunks::map_chunks;

    #[test]
    fn step_segments_cover_the_loop_evenly() {
        use super::step_segments;
        // bn254's 6u + 2 (65 digits after the leading one) and a loop of 64 with few additions.
        let bn: Vec<i8> = (0..65).map(|i| [0, 1, 0, -1, 0][i % 5]).collect();
        let bls: Vec<i8> = (0..64).map(|i| i8::from(i % 16 == 0)).collect();
        for (digits, frobenius) in [(&bn, true), (&bls, false)] {
            for rows in [1usize, 2, 8, 16] {
                for threads in [1usize, 2, 3, 8] {
                    let cuts = step_segments(digits, rows, threads, frobenius);
                    assert_eq!(cuts.first(), Some(&0));
                    assert_eq!(cuts.last(), Some(&digits.len()));
                    assert!(cuts.windows(2).all(|w| w[0] < w[1]), "{cuts:?}");
                    assert!(cuts.len() - 1 <= threads, "{cuts:?} t={threads}");
                }
            }
            // Two threads: both halves of the steps within a step or two of the middle, the first
            // a little shorter (it also raises its value by the second's steps).
            let cuts = step_segments(digits, 8, 2, frobenius);
            let mid = digits.len() / 2;
            assert!((mid - 3..=mid + 1).contains(&cuts[1]), "{cuts:?}");
        }
    }

    #[test]
    fn split_point_inside_the_loop() {
        for n in [2usize, 3, 10, 63, 64, 65, 160] {
            let h = super::split_point(n);
            assert!(h >= 1 && h < n, "n={n} h={h}");
        }
        assert_eq!(super::split_point(1), 1);
    }

    #[test]
    fn chunks_cover_the_items_in_order() {
        let items: Vec<u32> = (0..11).collect();
        for threads in [0, 1, 2, 3, 4, 11, 20] {
            let parts = map_chunks(&items, threads, |c| c.to_vec());
            assert!(parts.len() <= threads.max(1));
            let lens: Vec<usize> = parts.iter().map(Vec::len).collect();
            assert!(lens.iter().max().unwrap() - lens.iter().min().unwrap() <= 1);
            assert_eq!(parts.concat(), items);
        }
        let empty: [u32; 0] = [];
        assert_eq!(map_chunks(&empty, 4, |c| c.len()), vec![0]);
    }

    #[test]
    fn lane_chunks_deal_whole_groups_then_leftovers() {
        use super::lane_chunk_lengths as lengths;
        // A batch of 8 on 2 threads stays one lane pass; 12 gives the other thread the 4 leftovers.
        assert_eq!(lengths(8, 2, 4), vec![8]);
        assert_eq!(lengths(12, 2, 4), vec![8, 4]);
        assert_eq!(lengths(64, 2, 4), vec![32, 32]);
        assert_eq!(lengths(20, 2, 4), vec![10, 10]);
        assert_eq!(lengths(3, 8, 4), vec![1, 1, 1]);
        assert_eq!(lengths(0, 4, 4), vec![0]);
        assert_eq!(lengths(5, 1, 4), vec![5]);
        for n in 0..40 {
            for t in 1..6 {
                let l = lengths(n, t, 4);
                assert_eq!(l.iter().sum::<usize>(), n, "n={n} t={t}");
                assert!(l.len() <= t.max(1));
                // Fewer than eight leftovers per chunk: each runs as len / 8 lane passes.
                let groups: usize = l.iter().map(|len| len / 8).sum();
                assert_eq!(groups, n / 8, "n={n} t={t}: {l:?}");
            }
        }
    }
}
