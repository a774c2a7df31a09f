//! The backend trait and the portable backend; CPU detection chooses among them once per call.

use super::limbs;
use core::fmt::Debug;
use core::hash::Hash;

/// Montgomery arithmetic on `[u64; N]` for an odd modulus `p < 2^(64N)`.
/// Every backend must return exactly what [`Portable`] returns (tests check this for every N used).
pub trait Backend: Copy + Clone + Debug + Default + PartialEq + Eq + Hash + Send + Sync + 'static {
    const NAME: &'static str;
    /// True only for [`Auto`], which top-level calls replace by a concrete backend.
    const AUTO: bool = false;
    /// Whether this CPU can run the backend.
    fn available() -> bool;
    /// a*b/2^(64N) mod p, for a, b < p; the result is < p.
    fn mont_mul<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N], inv: u64) -> [u64; N];
    /// a^2/2^(64N) mod p.
    fn mont_sqr<const N: usize>(a: &[u64; N], p: &[u64; N], inv: u64) -> [u64; N] {
        Self::mont_mul(a, a, p, inv)
    }
}

/// Portable u64 limbs with u128 products: runs everywhere, the reference for the others.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Portable;

impl Backend for Portable {
    const NAME: &'static str = "portable";
    fn available() -> bool {
        true
    }
    #[inline(always)]
    fn mont_mul<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N], inv: u64) -> [u64; N] {
        limbs::mont_mul(a, b, p, inv)
    }
}

/// The backends a top-level call can run on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BackendKind {
    Portable,
}

/// The fastest backend this CPU supports.
pub fn detect() -> BackendKind {
    BackendKind::Portable
}

/// The default backend of user-facing types: it asks [`detect`] on each operation. Top-level
/// calls (pairings, scalar multiplication) re-dispatch once to a concrete backend instead.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Auto;

impl Backend for Auto {
    const NAME: &'static str = "auto";
    const AUTO: bool = true;
    fn available() -> bool {
        true
    }
    #[inline(always)]
    fn mont_mul<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N], inv: u64) -> [u64; N] {
        match detect() {
            BackendKind::Portable => Portable::mont_mul(a, b, p, inv),
        }
    }
}
