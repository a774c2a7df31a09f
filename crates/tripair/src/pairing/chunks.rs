//! Splitting work over the worker pool (`pool`): two halves (`join`), contiguous chunks of nearly
//! equal length (`map_chunks` and its forms), and the chunk lengths of a batch whose groups of
//! eight run in SIMD lanes.

use super::pool;
use super::threads::{budget, two_threads_allowed};
use crate::field::lanes::LANES;
use crate::prelude::*;
use std::sync::Arc;

/// `here` on the calling thread and `there` on a pool worker, both results: for a computation
/// split in two halves (the small-characteristic crate's split Miller loops). Where the budget
/// allows one thread (or another process holds the cores) or the system refuses a thread,
/// `there` runs on the caller's thread after `here`.
pub fn join<RA, RB: Send + 'static>(
    here: impl FnOnce() -> RA,
    there: impl FnOnce() -> RB + Send + 'static,
) -> (RA, RB) {
    if !two_threads_allowed() {
        let first = here();
        return (first, there());
    }
    let second = pool::spawn(there);
    let first = here();
    (first, second.join())
}

/// `f` on at most `threads` contiguous chunks of `items` of nearly equal size, each on its own scoped
/// thread (the first on the caller's), results in chunk order. One chunk: no thread is started.
/// The splitting every threaded form here uses, also for the layers above (a batch's hashing).
pub fn map_chunks<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&[T]) -> R + Sync,
) -> Vec<R> {
    let threads = budget(threads);
    map_chunks_of_lengths(items, &chunk_lengths(items.len(), threads), f)
}

/// The lengths of at most `threads` chunks of nearly equal size covering `total` items (one
/// chunk, possibly empty, for no items or no threads).
pub(super) fn chunk_lengths(total: usize, threads: usize) -> Vec<usize> {
    even_lengths(total, threads.clamp(1, total.max(1)))
}

/// `total` split into `parts` (at least 1) counts that differ by at most one, larger ones first.
pub(super) fn even_lengths(total: usize, parts: usize) -> Vec<usize> {
    let (base, extra) = (total / parts, total % parts);
    (0..parts).map(|i| base + usize::from(i < extra)).collect()
}

/// `f` on the contiguous chunks of `items` with the given lengths (summing to `items.len()`), each
/// on its own scoped thread (the first on the caller's), results in chunk order. One chunk: no
/// thread is started.
pub(super) fn map_chunks_of_lengths<T: Sync, R: Send>(
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
        // A chunk whose thread the system refuses runs on the caller's thread after its own.
        let handles: Vec<_> = chunks[1..]
            .iter()
            .map(|&c| {
                std::thread::Builder::new()
                    .spawn_scoped(s, move || f(c))
                    .map_err(|_| c)
            })
            .collect();
        let mut out = vec![f(chunks[0])];
        out.extend(handles.into_iter().map(|h| {
            match h {
                Ok(h) => h
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                Err(c) => f(c),
            }
        }));
        out
    })
}

/// [`map_chunks_of_lengths`] on the persistent worker pool (`pool`), for items that can be
/// copied into the workers' jobs: no thread start or join per call. The first chunk runs on the
/// caller's thread; one chunk starts no job.
pub(super) fn map_owned_chunks_of_lengths<T, R, F>(items: &[T], lengths: &[usize], f: F) -> Vec<R>
where
    T: Clone + Send + 'static,
    R: Send + 'static,
    F: Fn(&[T]) -> R + Send + Sync + 'static,
{
    debug_assert_eq!(lengths.iter().sum::<usize>(), items.len());
    if lengths.len() <= 1 {
        return vec![f(items)];
    }
    let f = Arc::new(f);
    let mut pending = Vec::with_capacity(lengths.len() - 1);
    let mut start = lengths[0];
    for &len in &lengths[1..] {
        let (f, chunk) = (Arc::clone(&f), items[start..start + len].to_vec());
        pending.push(pool::spawn(move || f(&chunk)));
        start += len;
    }
    let mut out = vec![f(&items[..lengths[0]])];
    out.extend(pending.into_iter().map(pool::Pending::join));
    out
}

/// The chunk lengths of a batch of n pairings over `threads` threads when eight of them run in SIMD
/// lanes at the cost of `group_cost` scalar pairings: whole groups of eight are dealt out first
/// (as evenly as they go), then the n mod 8 leftover pairings, one by one, to the thread with the
/// least work so far; threads left without work get no chunk. Each chunk is its groups followed by
/// fewer than eight leftovers, so it runs as `len / 8` lane passes and the rest one by one.
pub(super) fn lane_chunk_lengths(n: usize, threads: usize, group_cost: usize) -> Vec<usize> {
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
