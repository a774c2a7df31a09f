//! The process's thread budget: the most threads any threaded form uses, so that a process
//! that runs several workers of its own (Dask, multiprocessing, a server's pool) can keep
//! tripair from oversubscribing the cores. Set by [`set_max_threads`], else by the
//! `TRIPAIR_THREADS` environment variable, else the cores the process may use. Every threaded
//! form takes the smaller of the count it is asked for and this budget; the forms that split one
//! pairing over two threads run serially where the budget is one.
//!
//! Threads that never lose: a second thread only pays while it has a core of its own. Where
//! another process takes the core of a pool worker (the worker waited on a run queue, measured
//! from the scheduler's own figures in the pool), every threaded form runs on the caller's thread
//! alone for a while, then tries its second thread again ([`note_run_queue_wait`]).

use crate::prelude::*;
use crate::strategy::{contention_backoff, contention_delay};
use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The budget [`set_max_threads`] set; 0 while unset.
static SET: AtomicUsize = AtomicUsize::new(0);

/// The cores the process may use (1 where the system cannot tell). Asked once per process: on
/// Linux the standard library reads the cgroup quota files on every call (measured at 2% of a
/// BLS verification that asked each time).
fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    })
}

/// `TRIPAIR_THREADS` read once: `Ok(None)` where unset, the reason where it is not a whole
/// number of at least 1. The budget ignores an invalid value (it keeps the cores); the command
/// line and the Python package refuse to start with one, naming it.
pub fn threads_from_env() -> Result<Option<usize>, String> {
    static ENV: OnceLock<Result<Option<usize>, String>> = OnceLock::new();
    ENV.get_or_init(|| match std::env::var("TRIPAIR_THREADS") {
        Err(std::env::VarError::NotPresent) => Ok(None),
        Err(std::env::VarError::NotUnicode(_)) => {
            Err("TRIPAIR_THREADS is not a whole number of at least 1".into())
        }
        Ok(v) => parse_threads(&v)
            .map(Some)
            .map_err(|e| format!("TRIPAIR_THREADS={v:?}: {e}")),
    })
    .clone()
}

/// A thread count as written by a user: a whole number of at least 1.
pub fn parse_threads(v: &str) -> Result<usize, String> {
    match v.trim().parse::<usize>() {
        Ok(0) => Err("a thread count must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err("not a whole number of at least 1".into()),
    }
}

/// Sets the process's thread budget (at least 1; 0 is refused with an error). It holds for every
/// later call from any thread, over `TRIPAIR_THREADS`.
pub fn set_max_threads(n: usize) -> Result<(), String> {
    if n == 0 {
        return Err("a thread count must be at least 1".into());
    }
    SET.store(n, Ordering::Relaxed);
    Ok(())
}

/// The process's thread budget: [`set_max_threads`]'s value, else `TRIPAIR_THREADS`, else the
/// cores the process may use.
pub(crate) fn max_threads() -> usize {
    match SET.load(Ordering::Relaxed) {
        0 => threads_from_env().ok().flatten().unwrap_or_else(cores),
        n => n,
    }
}

/// The default thread count of the threaded forms, the command line and the bindings: the
/// budget (`set_max_threads`, else `TRIPAIR_THREADS`) where it is below the cores, else the
/// cores.
pub fn available_threads() -> usize {
    max_threads().min(cores())
}

/// The threads a call asked for `requested` may use: at most the budget, at least 1; one while
/// the workers' cores are taken by another process ([`note_run_queue_wait`]).
pub(crate) fn budget(requested: usize) -> usize {
    if requested > 1 && contended() {
        return 1;
    }
    requested.min(max_threads()).max(1)
}

/// Whether the forms that split one pairing over two threads may start their second.
pub(crate) fn two_threads_allowed() -> bool {
    max_threads() >= 2 && !contended()
}

/// Nanoseconds since the first use, for the atomics below (0 means "none").
fn now_ns() -> u64 {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    let ns = EPOCH.get_or_init(Instant::now).elapsed().as_nanos();
    u64::try_from(ns).unwrap_or(u64::MAX).max(1)
}

/// Until when (in [`now_ns`]) the threaded forms run serially (0: no window yet): the fast
/// path's copy of [`CONTENTION`]'s `until`.
static SERIAL_UNTIL: AtomicU64 = AtomicU64::new(0);
/// What the workers' reports have shown so far.
static CONTENTION: Mutex<Contention> = Mutex::new(Contention::QUIET);
/// [`set_contention_fallback`]'s choice: 0 unset, 1 on, 2 off.
static FALLBACK: AtomicU8 = AtomicU8::new(0);

/// Whether contention turns the threads off: [`set_contention_fallback`]'s choice, else off
/// where `TRIPAIR_CONTENTION=off` (read once), else on.
fn fallback_on() -> bool {
    static ENV: OnceLock<bool> = OnceLock::new();
    match FALLBACK.load(Ordering::Relaxed) {
        1 => true,
        2 => false,
        _ => *ENV.get_or_init(|| std::env::var("TRIPAIR_CONTENTION").map_or(true, |v| v != "off")),
    }
}

/// Whether the threaded forms run serially now: inside a serial window.
fn contended() -> bool {
    let until = SERIAL_UNTIL.load(Ordering::Relaxed);
    until != 0 && now_ns() < until && fallback_on()
}

/// What a pool worker saw over `span` (its job and the spinning before it): `waited`, the time
/// it was ready to run but not running, and `crowded`, asked only after a long wait, whether
/// more threads are runnable than the caller and the worker ([`Contention::after`]).
pub(crate) fn note_run_queue_wait(
    waited: Duration,
    span: Duration,
    crowded: impl FnOnce() -> bool,
) {
    let mut c = CONTENTION.lock().unwrap_or_else(|e| e.into_inner());
    *c = c.after(waited, span, now_ns(), crowded);
    SERIAL_UNTIL.store(c.until, Ordering::Relaxed);
}

/// The state behind the serial windows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Contention {
    /// The end of the last serial window ([`now_ns`]; 0: none, or forgotten).
    until: u64,
    /// Its length in nanoseconds.
    window: u64,
    /// Quiet reports since it ended.
    quiet: u32,
}

impl Contention {
    const QUIET: Contention = Contention {
        until: 0,
        window: 0,
        quiet: 0,
    };

    /// Quiet reports after a window that make the next contended one start from the shortest
    /// window again.
    const FORGET_AFTER: u32 = 16;

    /// The state after a worker's report of `waited` out of `span` at `now`. Contended: a wait
    /// of at least [`contention_delay`] and a quarter of the span, with the machine `crowded`
    /// (a wait with only the caller and the worker runnable comes from the two sharing a core
    /// until the scheduler moves one, not from a neighbour). A contended report opens a
    /// serial window of [`contention_backoff`]'s shortest length, or twice the last one (up to
    /// the longest) where the contention came back within four of the last window's lengths
    /// after it ended: a busy neighbour keeps the threads off for longer and longer. After
    /// [`Self::FORGET_AFTER`] quiet reports in a row the last window is forgotten, so that a stray
    /// wait on a quiet machine costs one short window. Reports inside a window (from jobs that
    /// started before it opened) change nothing.
    fn after(
        self,
        waited: Duration,
        span: Duration,
        now: u64,
        crowded: impl FnOnce() -> bool,
    ) -> Contention {
        let (shortest, longest) = contention_backoff();
        let as_ns = |d: Duration| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
        if now < self.until {
            return self;
        }
        if waited < contention_delay() || waited * 4 < span || !crowded() {
            return match self.quiet + 1 {
                q if q >= Self::FORGET_AFTER => Contention::QUIET,
                q => Contention { quiet: q, ..self },
            };
        }
        let came_back = self.until != 0 && now - self.until <= self.window.saturating_mul(4);
        let window = if came_back {
            self.window.saturating_mul(2).min(as_ns(longest))
        } else {
            as_ns(shortest)
        };
        Contention {
            until: now.saturating_add(window),
            window,
            quiet: 0,
        }
    }
}

/// Whether the threaded forms fall back to one thread while another process holds the workers'
/// cores (on by default; `TRIPAIR_CONTENTION=off` in the environment turns it off for
/// measurements). Tests that check the threaded paths' values under a loaded test harness turn
/// it off so that those paths run whatever the load.
pub fn set_contention_fallback(on: bool) {
    FALLBACK.store(if on { 1 } else { 2 }, Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    // One test: the budget is process-wide.
    #[test]
    fn the_budget_caps_every_count_and_refuses_zero() {
        // The pool's test, running beside this one, may find the cores busy.
        set_contention_fallback(false);
        assert_eq!(parse_threads(" 3 "), Ok(3));
        for bad in ["0", "", "x", "-2", "1.5"] {
            assert!(parse_threads(bad).is_err(), "{bad:?}");
        }
        assert!(set_max_threads(0).is_err());
        set_max_threads(1).unwrap();
        assert_eq!((budget(8), available_threads()), (1, 1));
        assert!(!two_threads_allowed());
        set_max_threads(3).unwrap();
        assert_eq!(budget(8), 3);
        assert_eq!(budget(2), 2);
        assert_eq!(budget(0), 1);
        assert!(two_threads_allowed());
        assert_eq!(available_threads(), 3.min(cores()));
    }

    #[test]
    fn contention_opens_serial_windows_that_grow_while_it_comes_back() {
        let ms = |n: u64| n * 1_000_000;
        let (busy, quiet) = (Duration::from_millis(2), Duration::from_micros(5));
        let span = Duration::from_millis(4);
        let at = ms(10_000);
        let yes = || true;
        let state = |until, window, quiet| Contention {
            until,
            window,
            quiet,
        };
        // Quiet: nothing; contended with no window before, or long after the last: the shortest.
        assert_eq!(
            Contention::QUIET.after(quiet, span, at, yes),
            state(0, 0, 1)
        );
        assert_eq!(
            Contention::QUIET.after(busy, span, at, yes),
            state(at + ms(20), ms(20), 0)
        );
        let last = |window| state(at - ms(81), window, 3);
        assert_eq!(last(ms(20)).after(busy, span, at, yes).window, ms(20));
        // Back within four of the last window's lengths: twice the last, up to the longest.
        assert_eq!(last(ms(40)).after(busy, span, at, yes).window, ms(80));
        assert_eq!(last(ms(1280)).after(busy, span, at, yes).window, ms(1280));
        // Inside a window: nothing changes.
        let open = state(at + 1, ms(20), 0);
        assert_eq!(open.after(busy, span, at, yes), open);
        assert_eq!(open.after(quiet, span, at, yes), open);
        // Sixteen quiet reports in a row forget the last window.
        let mut c = state(at - ms(1), ms(640), 0);
        for _ in 0..Contention::FORGET_AFTER - 1 {
            c = c.after(quiet, span, at, yes);
        }
        assert_eq!(c.after(busy, span, at, yes).window, ms(1280));
        assert_eq!(c.after(quiet, span, at, yes), Contention::QUIET);
        // A long wait with only the caller and the worker runnable: quiet.
        assert_eq!(
            Contention::QUIET.after(busy, span, at, || false),
            state(0, 0, 1)
        );
        // The bounds: the delay itself, and a quarter of the span.
        let d = contention_delay();
        assert_eq!(Contention::QUIET.after(d, d * 4, at, yes).window, ms(20));
        assert_eq!(Contention::QUIET.after(d, d * 4 + d / 2, at, yes).window, 0);
        assert_eq!(Contention::QUIET.after(d - d / 10, d, at, yes).window, 0);
    }
}
