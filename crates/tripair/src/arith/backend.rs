//! The backend trait, the portable backend and the default backend of the curve types.

use super::limbs;
use core::fmt::Debug;
use core::hash::Hash;

/// Montgomery arithmetic on `[u64; N]` for an odd modulus `p < 2^(64N)`.
/// Every backend must return exactly what [`Portable`] returns (tests check this for every N used).
pub trait Backend:
    Copy + Clone + Debug + Default + PartialEq + Eq + Hash + Send + Sync + 'static
{
    /// The backend's short name, e.g. `"portable"` or `"adx"`.
    const NAME: &'static str;
    /// Whether this CPU can run the backend.
    fn available() -> bool;
    /// Whether the field layer computes the independent products of one tower operation side by
    /// side in SIMD lanes (digit slicing, [`Sliced`]); the products themselves are the same.
    const SLICED: bool = false;
    /// Where the pairing stack's entry points find their code for curves on this backend:
    /// [`route::Compiled`](super::route::Compiled) for [`DefaultBackend`] (compiled once in this
    /// library), [`route::Generic`](super::route::Generic) for every other.
    #[doc(hidden)]
    type Route: super::route::Route;
    /// a*b/2^(64N) mod p, for a, b < p; the result is < p.
    fn mont_mul<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N], inv: u64) -> [u64; N];
    /// a^2/2^(64N) mod p.
    fn mont_sqr<const N: usize>(a: &[u64; N], p: &[u64; N], inv: u64) -> [u64; N] {
        Self::mont_mul(a, a, p, inv)
    }
    /// n Montgomery squarings of a < p, a^(2^n) / 2^(64N (2^n - 1)) mod p, fully reduced: for
    /// exponentiation chains, which a backend may run as one loop that skips the final
    /// subtraction between squares (where p < 2^(64N-2)) and subtracts once at the end.
    fn mont_sqr_n<const N: usize>(a: &[u64; N], n: u32, p: &[u64; N], inv: u64) -> [u64; N] {
        (0..n).fold(*a, |x, _| Self::mont_sqr(&x, p, inv))
    }
    /// x^e by a window schedule of e over the base's table of odd powers: the one-base form of
    /// [`Backend::mont_pow_windows_x2`], with the same contract.
    fn mont_pow_windows<const N: usize>(
        table: &[[u64; N]],
        first: usize,
        steps: &[(u32, usize)],
        p: &[u64; N],
        inv: u64,
    ) -> [u64; N] {
        pow_windows_reduced::<Self, N>(table, first, steps, p, inv)
    }
    /// x^e and y^e by a window schedule of e over the bases' tables of odd powers (entry i is
    /// base^(2i + 1) in Montgomery form, below p): start from entry first / 2, then for each
    /// (squarings, value) square that many times and, where value != 0, multiply by entry
    /// value / 2. Fully reduced results; a backend may keep the values below 2p in between. The
    /// operation sequence depends only on the schedule.
    fn mont_pow_windows_x2<const N: usize>(
        tables: [&[[u64; N]]; 2],
        first: usize,
        steps: &[(u32, usize)],
        p: &[u64; N],
        inv: u64,
    ) -> ([u64; N], [u64; N]) {
        let [ta, tb] = tables;
        (
            Self::mont_pow_windows(ta, first, steps, p, inv),
            Self::mont_pow_windows(tb, first, steps, p, inv),
        )
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
    /// Precondition: T < p*2^(64N) (e.g. T = a*b with a, b < p); see `limbs::ct::mont_reduce_wide`.
    fn mont_reduce_wide<const N: usize>(
        lo: &[u64; N],
        hi: &[u64; N],
        p: &[u64; N],
        inv: u64,
    ) -> [u64; N] {
        limbs::ct::mont_reduce_wide(lo, hi, p, inv)
    }
    /// Three independent double-width products `[lo0, hi0, lo1, hi1, lo2, hi2]`, where the backend
    /// computes them together faster than three [`Backend::mul_wide`] calls (the default: `None`,
    /// and the caller makes the three calls). For the F_p2 Karatsuba product's three products.
    #[inline(always)]
    fn mul_wide_3<const N: usize>(_pairs: [[&[u64; N]; 2]; 3]) -> Option<[[u64; N]; 6]> {
        None
    }
}

/// [`Backend::mont_pow_windows`] from the backend's reduced squares and products.
pub(crate) fn pow_windows_reduced<B: Backend, const N: usize>(
    table: &[[u64; N]],
    first: usize,
    steps: &[(u32, usize)],
    p: &[u64; N],
    inv: u64,
) -> [u64; N] {
    let mut x = table[first / 2];
    for &(squarings, value) in steps {
        x = B::mont_sqr_n(&x, squarings, p, inv);
        if value != 0 {
            x = B::mont_mul(&x, &table[value / 2], p, inv);
        }
    }
    x
}

/// Portable u64 limbs with u128 products: runs everywhere, the reference for the others.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Portable;

impl Backend for Portable {
    const NAME: &'static str = "portable";
    // The default backend off x86-64 (the unit tests take the generic code, as for `Adx`).
    #[cfg(any(target_arch = "x86_64", test))]
    type Route = super::route::Generic;
    #[cfg(not(any(target_arch = "x86_64", test)))]
    type Route = super::route::Compiled;
    fn available() -> bool {
        true
    }
    #[inline(always)]
    fn mont_mul<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N], inv: u64) -> [u64; N] {
        limbs::ct::mont_mul(a, b, p, inv)
    }
}

/// The backend of the curve and field types unless another is named: the ADX assembly on x86-64
/// (which checks the CPU once per process through [`crate::cpu`] and falls back to the portable
/// code without ADX or under `TRIPAIR_BACKEND=portable`), the portable code elsewhere.
#[cfg(target_arch = "x86_64")]
pub type DefaultBackend = super::adx::Adx;
/// The backend of the curve and field types unless another is named (portable off x86-64).
#[cfg(not(target_arch = "x86_64"))]
pub type DefaultBackend = Portable;

/// Whether `B` is [`DefaultBackend`]: the library's default choices (digit-sliced single pairings,
/// the final exponentiation's squares in lanes) apply there, while other backends stay what they
/// are named for (the portable rows of the benchmarks, the backend comparisons of the tests).
pub fn is_default_backend<B: Backend>() -> bool {
    core::any::TypeId::of::<B>() == core::any::TypeId::of::<DefaultBackend>()
}

/// The digit-sliced backend (implementation D of Grabher–Großschädl–Page 2008): the default
/// backend's scalar arithmetic, with [`Backend::SLICED`] set so that the tower gathers the
/// independent F_p products of each F_p6/F_p12 operation and the field layer computes them eight at
/// a time in SIMD lanes (`field::lanes::mul_sliced`; AVX-512 IFMA where present).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sliced;

impl Backend for Sliced {
    const NAME: &'static str = "sliced";
    type Route = super::route::Generic;
    const SLICED: bool = true;
    fn available() -> bool {
        DefaultBackend::available()
    }
    #[inline(always)]
    fn mont_mul<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N], inv: u64) -> [u64; N] {
        DefaultBackend::mont_mul(a, b, p, inv)
    }
    #[inline(always)]
    fn mont_sqr_n<const N: usize>(a: &[u64; N], n: u32, p: &[u64; N], inv: u64) -> [u64; N] {
        DefaultBackend::mont_sqr_n(a, n, p, inv)
    }
    fn mont_pow_windows<const N: usize>(
        table: &[[u64; N]],
        first: usize,
        steps: &[(u32, usize)],
        p: &[u64; N],
        inv: u64,
    ) -> [u64; N] {
        DefaultBackend::mont_pow_windows(table, first, steps, p, inv)
    }
    fn mont_pow_windows_x2<const N: usize>(
        tables: [&[[u64; N]]; 2],
        first: usize,
        steps: &[(u32, usize)],
        p: &[u64; N],
        inv: u64,
    ) -> ([u64; N], [u64; N]) {
        DefaultBackend::mont_pow_windows_x2(tables, first, steps, p, inv)
    }
    #[inline(always)]
    fn mul_wide_into<const N: usize>(
        a: &[u64; N],
        b: &[u64; N],
        lo: &mut [u64; N],
        hi: &mut [u64; N],
    ) {
        DefaultBackend::mul_wide_into(a, b, lo, hi)
    }
    #[inline(always)]
    fn mont_reduce_wide<const N: usize>(
        lo: &[u64; N],
        hi: &[u64; N],
        p: &[u64; N],
        inv: u64,
    ) -> [u64; N] {
        DefaultBackend::mont_reduce_wide(lo, hi, p, inv)
    }
}
