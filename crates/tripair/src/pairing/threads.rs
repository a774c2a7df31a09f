//! The process's thread budget: the most threads any threaded form uses, so that a process
//! that runs several workers of its own (Dask, multiprocessing, a server's pool) can keep
//! tripair from oversubscribing the cores. Set by [`set_max_threads`], else by the
//! `TRIPAIR_THREADS` environment variable, else the cores the process may use. Every threaded
//! form takes the smaller of the count it is asked for and this budget; the forms that split one
//! pairing over two threads run serially where the budget is one.

use crate::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

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

/// The threads a call asked for `requested` may use: at most the budget, at least 1.
pub(crate) fn budget(requested: usize) -> usize {
    requested.min(max_threads()).max(1)
}

/// Whether the forms that split one pairing over two threads may start their second.
pub(crate) fn two_threads_allowed() -> bool {
    max_threads() >= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    // One test: the budget is process-wide.
    #[test]
    fn the_budget_caps_every_count_and_refuses_zero() {
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
}
