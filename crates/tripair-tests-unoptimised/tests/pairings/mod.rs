//! The engine, the prime-field pairings and their threaded forms, one module per topic, in the
//! package's one test crate (`tests/unoptimised.rs`): each test crate instantiates the whole
//! generic pairing stack for every curve again (`curves` and `parallel` as one crate measured 249 s
//! against 254 + 171 s apart, at opt-level 1). The threaded forms also run alone under 1, 2 and 8
//! harness threads (`.ci/run`: `--test unoptimised -- pairings::parallel::`).

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
