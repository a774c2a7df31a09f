//! The engine, the prime-field pairings and their threaded forms, one module per topic, in one
//! test crate: each test crate instantiates the whole generic pairing stack for every curve again,
//! so one crate for all of them builds in a fraction of the time of one per file (`curves` and
//! `parallel` as one crate measured 249 s against 254 + 171 s apart). The threaded forms also run
//! alone under 1, 2 and 8 harness threads (`.ci/run`: `--test pairings -- parallel::`). The lane
//! tests (`lanes.rs`, `lane_pairings.rs`) stay two crates: merged, they built in 15 minutes on one
//! core, longer than either apart, for little shared code.

/// `#[test] fn $test`, calling `$check::<C>()`, in a module per named curve: for the checks that
/// run on some curves only (each curve instantiates the checked stack again in this crate).
macro_rules! test_on_curves {
    ($test:ident => $check:ident; $($m:ident: $c:ty),* $(,)?) => { $(
        mod $m {
            #[test] fn $test() { super::super::$check::<$c>(); }
        }
    )* };
}

mod api;
mod curves;
mod encoding;
mod engine;
mod hash_to_bn254;
mod hash_to_curve;
mod parallel;
