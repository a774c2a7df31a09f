//! Pairings across threads: independent pairings of a batch spread over threads (the inter-pairing
//! parallelism of Grabher–Großschädl–Page 2008, implementation H), and products and checks split
//! into per-thread Miller loops whose outputs are multiplied before one final exponentiation.
//!
//! Threads are scoped (`std::thread::scope`): the caller's thread takes the first chunk, so one
//! thread asked for (or a batch of at most one) is the serial code with no thread started. Work is
//! split into contiguous chunks of nearly equal size (batches in SIMD lanes: whole groups of eight
//! first, then the leftovers to the least loaded threads); merging costs one F_p12 product per extra
//! thread for products, nothing for batches. Past 2 cores the same split applies: the work per
//! thread is n / threads pairings (or Miller loops), and the merge stays negligible next to one
//! final exponentiation; a thread start costs tens of microseconds, so small batches gain little.

use super::lanes::{lanes_available, pairings_in_lanes, product_miller_loop_lanes};
use super::miller::{
    drive, drive_digits, finish, mul_by_line, optimal_ate_line_count, projective_lines_of,
    LineCoeffs, LineSource, MillerAccumulator, MillerSchedule, PreparedG1, ProjectiveLines,
};
use super::{final_exponentiation, multi_miller_loop, pairing, G2Prepared, Gt, MillerLoopOutput};
use crate::curve::{G1Affine, G2Affine, PairingCurve};
use crate::field::lanes::{IfmaLanes, LANES};
use crate::field::Fp;
use crate::field::Fp12;
use num_bigint::BigInt;
use std::sync::OnceLock;

/// The number of threads the machine offers (1 where it cannot tell): the default thread count.
/// Asked once per process: on Linux the standard library reads the cgroup quota files on every
/// call (measured at 2% of a BLS verification that asked each time).
pub fn available_threads() -> usize {
    static THREADS: OnceLock<usize> = OnceLock::new();
    *THREADS.get_or_init(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    })
}

/// `f` on at most `threads` contiguous chunks of `items` of nearly equal size, each on its own scoped
/// thread (the first on the caller's), results in chunk order. One chunk: no thread is started.
/// The splitting every threaded form here uses, also for the layers above (a batch's hashing).
pub fn map_chunks<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&[T]) -> R + Sync,
) -> Vec<R> {
    let n = threads.clamp(1, items.len().max(1));
    map_chunks_of_lengths(items, &even_lengths(items.len(), n), f)
}

/// `total` split into `parts` (at least 1) counts that differ by at most one, larger ones first.
fn even_lengths(total: usize, parts: usize) -> Vec<usize> {
    let (base, extra) = (total / parts, total % parts);
    (0..parts).map(|i| base + usize::from(i < extra)).collect()
}

/// `f` on the contiguous chunks of `items` with the given lengths (summing to `items.len()`), each
/// on its own scoped thread (the first on the caller's), results in chunk order. One chunk: no
/// thread is started.
fn map_chunks_of_lengths<T: Sync, R: Send>(
    items: &[T],
    lengths: &[usize],
    f: impl Fn(&[T]) -> R + Sync,
) -> Vec<R> {
    debug_assert_eq!(lengths.iter().sum::<usize>(), items.len());
    let mut chunks = Vec::with_capacity(lengths.len());
    let mut start = 0;
    for &len in lengths {
        chunks.push(&items[start..start + len]);
        start += len;
    }
    if chunks.len() <= 1 {
        return vec![f(chunks.first().copied().unwrap_or(items))];
    }
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = chunks[1..].iter().map(|c| s.spawn(move || f(c))).collect();
        let mut out = vec![f(chunks[0])];
        out.extend(
            handles
                .into_iter()
                .map(|h| h.join().expect("a pairing thread panicked")),
        );
        out
    })
}

/// The chunk lengths of a batch of n pairings over `threads` threads when eight of them run in SIMD
/// lanes at the cost of `group_cost` scalar pairings: whole groups of eight are dealt out first
/// (as evenly as they go), then the n mod 8 leftover pairings, one by one, to the thread with the
/// least work so far; threads left without work get no chunk. Each chunk is its groups followed by
/// fewer than eight leftovers, so it runs as `len / 8` lane passes and the rest one by one.
fn lane_chunk_lengths(n: usize, threads: usize, group_cost: usize) -> Vec<usize> {
    let t = threads.clamp(1, n.max(1));
    let (groups, rest) = (n / LANES, n % LANES);
    let mut work: Vec<(usize, usize)> = even_lengths(groups, t)
        .into_iter()
        .map(|g| (g, 0))
        .collect();
    for _ in 0..rest {
        let cheapest = (0..t)
            .min_by_key(|&i| work[i].0 * group_cost + work[i].1)
            .expect("at least one thread");
        work[cheapest].1 += 1;
    }
    let lengths: Vec<usize> = work
        .iter()
        .map(|&(g, s)| g * LANES + s)
        .filter(|&len| len > 0)
        .collect();
    if lengths.is_empty() {
        vec![n]
    } else {
        lengths
    }
}

/// The product of the per-thread Miller loop outputs (`map_chunks` returns at least one).
fn product_of_chunks<C: PairingCurve>(parts: Vec<MillerLoopOutput<C>>) -> MillerLoopOutput<C> {
    parts
        .into_iter()
        .reduce(|a, b| a * b)
        .expect("at least one chunk")
}

/// The cost of one lane pass (eight pairings) in scalar pairings, used to deal a batch's leftovers
/// (fewer than eight) to threads. Time per pairing, lanes over scalar, measured with `tripair bench
/// --table ggp`: 0.50-0.56 on an AMD EPYC (Zen 4), 0.30-0.36 on an Intel Xeon with AVX-512
/// (docs/ggp-table.txt), so a pass costs about 4 and 2.6 scalar pairings; 4 is the EPYC's figure.
const LANE_PASS_COST: usize = 4;

/// e(P_i, Q_i) for every pair, spread over `threads` threads (values in input order; points at
/// infinity give 1). Without lanes the pairs are split evenly. Where the lane pairing pays
/// ([`lanes_pay`]: AVX-512 IFMA), whole groups of eight are dealt to the threads first and the
/// leftovers to the least loaded ones; each thread runs its groups in SIMD lanes and its leftovers
/// one by one.
pub fn pairing_batch<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
    threads: usize,
) -> Vec<Gt<C>> {
    let lanes = lanes_pay::<C>();
    let run = |chunk: &[(G1Affine<C>, G2Affine<C>)]| {
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
    let parts = if lanes {
        // Whole groups first: a batch of 8 on 2 threads stays one lane pass (split 4 + 4 into
        // scalar pairings it measured 0.55x one thread's speed on the Xeon; on the EPYC, where a
        // lane pass costs about 4 scalar pairings, keeping it whole costs about 6%).
        map_chunks_of_lengths(
            pairs,
            &lane_chunk_lengths(pairs.len(), threads, LANE_PASS_COST),
            run,
        )
    } else {
        map_chunks(pairs, threads, run)
    };
    parts.into_iter().flatten().collect()
}

/// Whether eight pairings in AVX-512 IFMA lanes beat eight scalar (MULX/ADX) pairings on this curve
/// here: wherever the CPU has IFMA. Measured with `tripair bench --table ggp` on an AMD EPYC (time
/// per pairing, lanes over scalar, fastest batches of 31): bn254 0.51x, bn256d 0.56x, bls12-381
/// 0.56x (docs/ggp-table.txt; bn446 0.64x and bn638 0.72x before the F_p2 lane kernels). The
/// curve parameter keeps the choice per curve should a field size ever lose.
pub fn lanes_pay<C: PairingCurve>() -> bool {
    lanes_available()
}

/// The Miller loop of a product split over `threads` threads: each thread's loop over its share of
/// the pairs (in SIMD lanes where they pay, [`product_miller_loop_lanes`]), the outputs multiplied.
pub fn miller_loop_threads<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
    threads: usize,
) -> MillerLoopOutput<C> {
    product_of_chunks(map_chunks(pairs, threads, product_miller_loop_lanes))
}

/// prod_i e(P_i, Q_i) with the Miller loops split over `threads` threads and one final
/// exponentiation: the value of [`super::multi_pairing`].
pub fn multi_pairing_threads<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
    threads: usize,
) -> Gt<C> {
    final_exponentiation(&miller_loop_threads(pairs, threads))
}

/// Whether prod_i e(P_i, Q_i) = 1, with the Miller loops split over `threads` threads: the answer
/// of [`super::pairing_check`].
pub fn pairing_check_threads<C: PairingCurve>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
    threads: usize,
) -> bool {
    multi_pairing_threads(pairs, threads).is_identity()
}

/// The Miller loop of a product over prepared G2 points split over `threads` threads: the value of
/// [`multi_miller_loop`].
pub fn multi_miller_loop_threads<C: PairingCurve>(
    pairs: &[(&G1Affine<C>, &G2Prepared<C>)],
    threads: usize,
) -> MillerLoopOutput<C> {
    product_of_chunks(map_chunks(pairs, threads, multi_miller_loop))
}

/// Where the split loop cuts the digits: the first thread runs `h` steps and then squares its
/// value once per remaining step; the second computes `[s_h]Q` (a G2 scalar multiplication by the
/// h-digit prefix) and runs the remaining steps. With a step costing 1, a squaring about 0.3 and
/// a G2 doubling about 0.35, both finish together near h = 0.52 n.
fn split_point(n: usize) -> usize {
    (n * 52).div_ceil(100).clamp(1, n.saturating_sub(1).max(1))
}

/// The optimal ate pairing with its Miller loop split over two threads (Grabher–Großschädl–Page
/// 2008, Algorithm 2): the first half of the loop steps on the caller's thread, the second half on
/// another from T = `[s]Q`, s the value of the loop parameter's leading digits; then f1^(2^k) f2
/// and the final exponentiation. Equal to [`pairing`].
pub fn pairing_split_loop<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> Gt<C> {
    if p.infinity || q.infinity {
        return Gt::identity();
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
    let (f1, (f2, mut second)) = std::thread::scope(|scope| {
        let second = scope.spawn(|| {
            // s is public (the loop parameter's prefix); the affine conversion is constant time in Q.
            let t = q.to_projective().mul_vartime(&s_limbs).to_affine();
            let mut source = ProjectiveLines::new([pair]).with_start(&[(t.x, t.y)]);
            let f2 = drive_digits(&digits[h..], &mut source);
            (f2, source)
        });
        let mut first = ProjectiveLines::new([pair]);
        let mut f1: Fp12<C> = drive_digits(&digits[..h], &mut first);
        for _ in h..digits.len() {
            f1 = f1.square();
        }
        (f1, second.join().expect("the split-loop thread panicked"))
    });
    final_exponentiation(&MillerLoopOutput(finish(&schedule, f1 * f2, &mut second)))
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
            let line = loop {
                if let Some(l) = slot.get() {
                    break l;
                }
                std::hint::spin_loop();
            };
            mul_by_line(f.at(0), line, &self.p);
        }
        self.next += count;
    }
}

impl<C: PairingCurve> LineSource<C, Fp<C::Fp>> for StreamedLines<'_, C> {
    fn doubling_step<A: MillerAccumulator<C, Fp<C::Fp>>>(&mut self, f: &mut A) {
        self.apply(1, f);
    }
    fn addition_step<A: MillerAccumulator<C, Fp<C::Fp>>>(&mut self, _negative: bool, f: &mut A) {
        self.apply(1, f);
    }
    fn frobenius_step<A: MillerAccumulator<C, Fp<C::Fp>>>(
        &mut self,
        _loop_negative: bool,
        f: &mut A,
    ) {
        self.apply(2, f);
    }
}

/// One pairing with its work split inside the Miller loop (the intra-pairing parallelism of
/// Grabher–Großschädl–Page 2008, implementation E, at the level of the loop's operations): a second
/// thread walks Q's twist arithmetic and hands over each line as soon as it is known, while the
/// caller's thread squares f and multiplies the lines in. The squarings and line products (about
/// two thirds of the loop) no longer wait for the point arithmetic; the final exponentiation stays
/// serial. Constant time; equal to [`pairing`].
pub fn pairing_pipelined<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> Gt<C> {
    if p.infinity || q.infinity {
        return Gt::identity();
    }
    let slots: Vec<OnceLock<LineCoeffs<C>>> = (0..optimal_ate_line_count::<C>())
        .map(|_| OnceLock::new())
        .collect();
    let f = std::thread::scope(|scope| {
        scope.spawn(|| {
            let mut i = 0;
            projective_lines_of(q, |l| {
                // Each slot is set once, here, in order.
                let _ = slots[i].set(l);
                i += 1;
            });
        });
        let mut source = StreamedLines {
            p: PreparedG1::new(p.x, p.y),
            slots: &slots,
            next: 0,
        };
        drive(&MillerSchedule::optimal_ate::<C>(), &mut source)
    });
    final_exponentiation(&MillerLoopOutput(f))
}

#[cfg(test)]
mod tests {
    use super::map_chunks;

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
