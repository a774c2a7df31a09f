//! The package's tests in one test crate, one module per topic: `pairings` (the engine, the
//! prime-field pairings and their threaded forms), `lanes` (the lane field and the lane pairings),
//! `research` (tripair-research) and `smallchar` (tripair-smallchar). At opt-level 0 a crate's
//! generic instantiations are shared with nothing else, and these four instantiated the same tower
//! and pairing code again and again: as four crates their IR was 13.2M lines, of which 9.7M
//! distinct (docs/build-timings.md). The threaded forms also run alone under 1, 2 and 8 harness
//! threads (`.ci/run`: `--test unoptimised -- pairings::parallel::`).

mod lanes;
mod pairings;
mod research;
mod smallchar;
