//! The backend trait and the portable backend; CPU detection chooses among them once per call.

use super::limbs;
use core::fmt::Debug;
use core::hash::Hash;
use std::sync::OnceLock;

/// Montgomery arithmetic on `[u64; N]` for an odd modulus `p < 2^(64N)`.
/// Every backend must return exactly what [`Portable`] returns (tests check this for every N used).
pub trait Backend:
    Copy + Clone + Debug + Default + PartialEq + Eq + Hash + Send + Sync + 'static
{
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
    /// The full 2N-limb product a*b, written to (lo, hi), for any a, b < 2^(64N). Writing in
    /// place (rather than returning) lets the next step read the words where they were stored.
    fn mul_wide_into<const N: usize>(
        a: &[u64; N],
        b: &[u64; N],
        lo: &mut [u64; N],
        hi: &mut [u64; N],
    ) {
        (*lo, *hi) = limbs::mul_wide(a, b);
    }
    /// The full 2N-limb product a*b as (low N limbs, high N limbs).
    #[inline(always)]
    fn mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
        let (mut lo, mut hi) = ([0u64; N], [0u64; N]);
        Self::mul_wide_into(a, b, &mut lo, &mut hi);
        (lo, hi)
    }
    /// Montgomery reduction of T = lo + hi*2^(64N): T/2^(64N) mod p, fully reduced (< p).
    /// Precondition: T < p*2^(64N) (e.g. T = a*b with a, b < p); see [`limbs::mont_reduce_wide`].
    fn mont_reduce_wide<const N: usize>(
        lo: &[u64; N],
        hi: &[u64; N],
        p: &[u64; N],
        inv: u64,
    ) -> [u64; N] {
        limbs::ct::mont_reduce_wide(lo, hi, p, inv)
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
        limbs::ct::mont_mul(a, b, p, inv)
    }
}

/// The backends a top-level call can run on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BackendKind {
    Portable,
    /// MULX/ADCX/ADOX assembly (x86-64 with BMI2 and ADX).
    #[cfg(target_arch = "x86_64")]
    Adx,
}

/// Which backend the environment asks for: `TRIPAIR_BACKEND=portable` forces the portable code;
/// anything else (or unset) means the fastest available.
pub fn kind_from_env(value: Option<&str>) -> BackendKind {
    if value
        .map(|v| v.trim().eq_ignore_ascii_case("portable"))
        .unwrap_or(false)
    {
        return BackendKind::Portable;
    }
    #[cfg(target_arch = "x86_64")]
    if super::adx::Adx::available() {
        return BackendKind::Adx;
    }
    BackendKind::Portable
}

/// The fastest backend this CPU supports, unless `TRIPAIR_BACKEND=portable`. CPU features and the
/// environment variable are read once; later calls are one atomic load.
#[inline]
pub fn detect() -> BackendKind {
    static KIND: OnceLock<BackendKind> = OnceLock::new();
    *KIND.get_or_init(|| kind_from_env(std::env::var("TRIPAIR_BACKEND").ok().as_deref()))
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
            #[cfg(target_arch = "x86_64")]
            BackendKind::Adx => super::adx::Adx::mont_mul(a, b, p, inv),
        }
    }
    #[inline(always)]
    fn mont_sqr<const N: usize>(a: &[u64; N], p: &[u64; N], inv: u64) -> [u64; N] {
        match detect() {
            BackendKind::Portable => Portable::mont_sqr(a, p, inv),
            #[cfg(target_arch = "x86_64")]
            BackendKind::Adx => super::adx::Adx::mont_sqr(a, p, inv),
        }
    }
    #[inline(always)]
    fn mul_wide_into<const N: usize>(
        a: &[u64; N],
        b: &[u64; N],
        lo: &mut [u64; N],
        hi: &mut [u64; N],
    ) {
        match detect() {
            BackendKind::Portable => Portable::mul_wide_into(a, b, lo, hi),
            #[cfg(target_arch = "x86_64")]
            BackendKind::Adx => super::adx::Adx::mul_wide_into(a, b, lo, hi),
        }
    }
    #[inline(always)]
    fn mont_reduce_wide<const N: usize>(
        lo: &[u64; N],
        hi: &[u64; N],
        p: &[u64; N],
        inv: u64,
    ) -> [u64; N] {
        match detect() {
            BackendKind::Portable => Portable::mont_reduce_wide(lo, hi, p, inv),
            #[cfg(target_arch = "x86_64")]
            BackendKind::Adx => super::adx::Adx::mont_reduce_wide(lo, hi, p, inv),
        }
    }
}
