//! Representations of F_p outside the library: F_p as twelve doubles and the generic primes.

// The library's field modules under the paths the moved files name them by (`super::fp12`, ...),
// so that those files read as they did inside the library.
pub(crate) use tripair::field::{base, fp, fp12, fp2, fp6, kernels};

pub mod dclxvi;
pub mod dclxvi_bounds;
pub mod generic_primes;
