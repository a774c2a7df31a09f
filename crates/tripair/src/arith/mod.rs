//! Limb arithmetic and the backends that run it.
//!
//! A [`Backend`] provides the Montgomery products that dominate pairing cost. Field elements carry
//! their backend in their type ([`DefaultBackend`] unless named): the ADX backend asks
//! [`crate::cpu`] for its proof of ADX and BMI2 (one cached load per product, measured as fast as a
//! dispatch once per pairing) and runs the portable code without it.

#[cfg(target_arch = "x86_64")]
mod adx;
#[cfg(target_arch = "x86_64")]
mod adx_complex;
mod backend;
mod bingcd;
// Public but hidden: `define_fp!` expands to its constant functions, in the research crate too.
// Not rendered, so its links to its own private helpers are not broken links.
#[doc(hidden)]
#[allow(rustdoc::private_intra_doc_links)]
pub mod limbs;
pub mod radix52;
// Public but hidden: the backends of the research crate name their route.
#[doc(hidden)]
pub mod route;
pub(crate) mod safegcd;

#[cfg(target_arch = "x86_64")]
pub use adx::Adx;
pub use backend::{is_default_backend, Backend, DefaultBackend, Portable, Sliced};
// Public but hidden: crates/tripair-tests/tests/arith.rs checks the inversions against a
// big-integer reference.
#[doc(hidden)]
pub use bingcd::inv_mod as inv_mod_binary_gcd;
#[doc(hidden)]
pub use safegcd::inv_mod_vartime;

/// A fixed-size little-endian limb array, `[u64; N]`: the storage of one prime-field element.
/// Generic code uses it so that `N` stays a compile-time constant below the field layer.
pub trait Limbs:
    Copy
    + Clone
    + core::fmt::Debug
    + PartialEq
    + Eq
    + core::hash::Hash
    + Send
    + Sync
    + 'static
    + AsRef<[u64]>
    + AsMut<[u64]>
{
    /// The number of 64-bit limbs.
    const N: usize;
    /// The value 0 (every limb zero).
    const ZERO: Self;
    /// The value 0, as a function (the same as [`Limbs::ZERO`]).
    fn zero() -> Self;
    /// The Montgomery product self*b/2^(64N) mod p on backend `B`, for self, b < p and
    /// inv = -p^{-1} mod 2^64; the result is < p.
    fn mont_mul<B: Backend>(&self, b: &Self, p: &Self, inv: u64) -> Self;
    /// The Montgomery square self^2/2^(64N) mod p on backend `B`.
    fn mont_sqr<B: Backend>(&self, p: &Self, inv: u64) -> Self;
    /// n Montgomery squarings, as [`Backend::mont_sqr_n`].
    fn mont_sqr_n<B: Backend>(&self, n: u32, p: &Self, inv: u64) -> Self;
    /// A power by a window schedule, as [`Backend::mont_pow_windows`].
    fn mont_pow_windows<B: Backend>(
        table: &[Self],
        first: usize,
        steps: &[(u32, usize)],
        p: &Self,
        inv: u64,
    ) -> Self;
    /// Two powers by a window schedule, as [`Backend::mont_pow_windows_x2`].
    fn mont_pow_windows_x2<B: Backend>(
        tables: [&[Self]; 2],
        first: usize,
        steps: &[(u32, usize)],
        p: &Self,
        inv: u64,
    ) -> (Self, Self);
    /// (self + b) mod p for self, b < p, in constant time.
    fn add_mod(&self, b: &Self, p: &Self) -> Self;
    /// (self - b) mod p for self, b < p, in constant time.
    fn sub_mod(&self, b: &Self, p: &Self) -> Self;
    /// `self` where mask = 0, `other` where mask = !0, in constant time.
    fn select(&self, other: &Self, mask: u64) -> Self;
    /// The full product as (low, high) limbs.
    fn mul_wide<B: Backend>(&self, b: &Self) -> (Self, Self);
    /// The full product written to (lo, hi).
    fn mul_wide_into<B: Backend>(&self, b: &Self, lo: &mut Self, hi: &mut Self);
    /// Montgomery reduction of lo + hi*2^(64N) < p*2^(64N), fully reduced.
    fn reduce_wide<B: Backend>(lo: &Self, hi: &Self, p: &Self, inv: u64) -> Self;
    /// [`Backend::mul_wide_3`]: three wide products together, where the backend has that form.
    fn mul_wide_3<B: Backend>(pairs: [[&Self; 2]; 3]) -> Option<[Self; 6]>;
    /// Plain a + b (no reduction), for lazy reduction when p has spare bits.
    fn add_nored(&self, b: &Self) -> Self;
    /// a + b + carry_in and the carry out.
    fn add_carry(&self, b: &Self, carry_in: u64) -> (Self, u64);
    /// a - b - borrow_in and the borrow out.
    fn sub_borrow(&self, b: &Self, borrow_in: u64) -> (Self, u64);
    /// ka * self + kb * b mod p for small signed constants (see `limbs::small_lincomb_mod`).
    fn small_lincomb_mod(&self, ka: i64, b: &Self, kb: i64, p: &Self) -> Self;
    /// (self + b + carry_in) mod p for self, b < p.
    fn add_mod_carry(&self, b: &Self, carry_in: u64, p: &Self) -> Self;
    /// (self - b - borrow_in) mod p for self, b < p.
    fn sub_mod_borrow(&self, b: &Self, borrow_in: u64, p: &Self) -> Self;
    /// ka * A + kb * B modulo p*2^(64N) on double-width values (see `limbs::small_lincomb_wide_mod`).
    fn small_lincomb_wide_mod(
        a: &Wide<Self>,
        ka: i64,
        b: &Wide<Self>,
        kb: i64,
        p: &Self,
    ) -> Wide<Self>;
    /// self^{-1} mod p for an odd p of `bits` bits, constant time (0 maps to 0; Pornin's binary GCD,
    /// `arith::bingcd`).
    fn inv_mod(&self, p: &Self, bits: u32) -> Self;
    /// As [`Limbs::inv_mod`], in time that depends on self (Bernstein–Yang divsteps, `arith::safegcd`).
    fn inv_mod_vartime(&self, p: &Self, bits: u32) -> Self;
}

/// Double-width value (low, high) used by lazy reduction.
pub type Wide<L> = (L, L);

/// a - b on double-width values; returns the borrow (0 or 1).
#[inline(always)]
pub fn wide_sub<L: Limbs>(a: &Wide<L>, b: &Wide<L>) -> (Wide<L>, u64) {
    let (lo, borrow) = a.0.sub_borrow(&b.0, 0);
    let (hi, borrow) = a.1.sub_borrow(&b.1, borrow);
    ((lo, hi), borrow)
}

/// a + b modulo p*2^(64N), for double-width values in [0, p*2^(64N)) (high half below p): the
/// result is again a valid input of the Montgomery reduction, however many terms are summed.
#[inline(always)]
pub fn wide_add_mod<L: Limbs>(a: &Wide<L>, b: &Wide<L>, p: &L) -> Wide<L> {
    let (lo, carry) = a.0.add_carry(&b.0, 0);
    (lo, a.1.add_mod_carry(&b.1, carry, p))
}

/// a - b modulo p*2^(64N), for double-width values in [0, p*2^(64N)).
#[inline(always)]
pub fn wide_sub_mod<L: Limbs>(a: &Wide<L>, b: &Wide<L>, p: &L) -> Wide<L> {
    let (lo, borrow) = a.0.sub_borrow(&b.0, 0);
    (lo, a.1.sub_mod_borrow(&b.1, borrow, p))
}

impl<const N: usize> Limbs for [u64; N] {
    const N: usize = N;
    const ZERO: Self = [0u64; N];
    #[inline(always)]
    fn zero() -> Self {
        [0u64; N]
    }
    #[inline(always)]
    fn mont_mul<B: Backend>(&self, b: &Self, p: &Self, inv: u64) -> Self {
        B::mont_mul(self, b, p, inv)
    }
    #[inline(always)]
    fn mont_sqr<B: Backend>(&self, p: &Self, inv: u64) -> Self {
        B::mont_sqr(self, p, inv)
    }
    #[inline(always)]
    fn mont_sqr_n<B: Backend>(&self, n: u32, p: &Self, inv: u64) -> Self {
        B::mont_sqr_n(self, n, p, inv)
    }
    fn mont_pow_windows<B: Backend>(
        table: &[Self],
        first: usize,
        steps: &[(u32, usize)],
        p: &Self,
        inv: u64,
    ) -> Self {
        B::mont_pow_windows(table, first, steps, p, inv)
    }
    fn mont_pow_windows_x2<B: Backend>(
        tables: [&[Self]; 2],
        first: usize,
        steps: &[(u32, usize)],
        p: &Self,
        inv: u64,
    ) -> (Self, Self) {
        B::mont_pow_windows_x2(tables, first, steps, p, inv)
    }
    #[inline(always)]
    fn add_mod(&self, b: &Self, p: &Self) -> Self {
        limbs::ct::add_mod(self, b, p)
    }
    #[inline(always)]
    fn sub_mod(&self, b: &Self, p: &Self) -> Self {
        limbs::ct::sub_mod(self, b, p)
    }
    #[inline(always)]
    fn select(&self, other: &Self, mask: u64) -> Self {
        limbs::ct::select(self, other, mask)
    }
    #[inline(always)]
    fn mul_wide<B: Backend>(&self, b: &Self) -> (Self, Self) {
        B::mul_wide(self, b)
    }
    #[inline(always)]
    fn mul_wide_into<B: Backend>(&self, b: &Self, lo: &mut Self, hi: &mut Self) {
        B::mul_wide_into(self, b, lo, hi)
    }
    #[inline(always)]
    fn reduce_wide<B: Backend>(lo: &Self, hi: &Self, p: &Self, inv: u64) -> Self {
        B::mont_reduce_wide(lo, hi, p, inv)
    }
    #[inline(always)]
    fn mul_wide_3<B: Backend>(pairs: [[&Self; 2]; 3]) -> Option<[Self; 6]> {
        B::mul_wide_3(pairs)
    }
    #[inline(always)]
    fn add_nored(&self, b: &Self) -> Self {
        limbs::ct::add_carry(self, b, 0).0
    }
    #[inline(always)]
    fn add_carry(&self, b: &Self, carry_in: u64) -> (Self, u64) {
        limbs::ct::add_carry(self, b, carry_in)
    }
    #[inline(always)]
    fn sub_borrow(&self, b: &Self, borrow_in: u64) -> (Self, u64) {
        limbs::ct::sub_borrow(self, b, borrow_in)
    }
    #[inline(always)]
    fn small_lincomb_mod(&self, ka: i64, b: &Self, kb: i64, p: &Self) -> Self {
        limbs::small_lincomb_mod(self, ka, b, kb, p)
    }
    #[inline(always)]
    fn add_mod_carry(&self, b: &Self, carry_in: u64, p: &Self) -> Self {
        limbs::ct::add_mod_carry(self, b, carry_in, p)
    }
    #[inline(always)]
    fn sub_mod_borrow(&self, b: &Self, borrow_in: u64, p: &Self) -> Self {
        limbs::ct::sub_mod_borrow(self, b, borrow_in, p)
    }
    #[inline(always)]
    fn small_lincomb_wide_mod(
        a: &Wide<Self>,
        ka: i64,
        b: &Wide<Self>,
        kb: i64,
        p: &Self,
    ) -> Wide<Self> {
        limbs::small_lincomb_wide_mod((&a.0, &a.1), ka, (&b.0, &b.1), kb, p)
    }
    fn inv_mod(&self, p: &Self, bits: u32) -> Self {
        bingcd::inv_mod(self, p, bits)
    }
    fn inv_mod_vartime(&self, p: &Self, bits: u32) -> Self {
        safegcd::inv_mod_vartime(self, p, bits)
    }
}
