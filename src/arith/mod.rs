//! Limb arithmetic and the backends that run it.
//!
//! A [`Backend`] provides the Montgomery products that dominate pairing cost. Field elements carry
//! their backend in their type, so one top-level call (a pairing, a scalar multiplication) detects
//! the CPU once and then runs entirely on one monomorphised backend with no per-operation dispatch.

#[cfg(target_arch = "x86_64")]
pub mod adx;
pub mod backend;
pub mod limbs;

#[cfg(target_arch = "x86_64")]
pub use adx::Adx;
pub use backend::{detect, Auto, Backend, BackendKind, Portable};

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
    const N: usize;
    const ZERO: Self;
    fn zero() -> Self;
    fn mont_mul<B: Backend>(&self, b: &Self, p: &Self, inv: u64) -> Self;
    fn mont_sqr<B: Backend>(&self, p: &Self, inv: u64) -> Self;
    fn add_mod(&self, b: &Self, p: &Self) -> Self;
    fn sub_mod(&self, b: &Self, p: &Self) -> Self;
    /// `self` where mask = 0, `other` where mask = !0, in constant time.
    fn select(&self, other: &Self, mask: u64) -> Self;
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
    fn add_mod(&self, b: &Self, p: &Self) -> Self {
        limbs::add_mod(self, b, p)
    }
    #[inline(always)]
    fn sub_mod(&self, b: &Self, p: &Self) -> Self {
        limbs::sub_mod(self, b, p)
    }
    #[inline(always)]
    fn select(&self, other: &Self, mask: u64) -> Self {
        limbs::select(self, other, mask)
    }
}
