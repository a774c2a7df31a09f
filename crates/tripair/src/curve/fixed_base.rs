//! Fixed-base scalar multiplication: `[k] P` for a point P known ahead of time (a generator, a
//! long-lived public key) from a precomputed table, constant time in k.
//!
//! The method is fixed-base windowing (Brickell–Gordon–McCurley–Wilson, EUROCRYPT 1992; Handbook
//! of Applied Cryptography, Algorithm 14.109), in the variant that stores every digit multiple
//! instead of summing by digit value, and with signed digits: for w-bit windows
//! k = sum_j d_j 2^(w j) with d_j in [-2^(w-1), 2^(w-1)], and the table holds the affine points
//! i 2^(w j) P for i = 1..2^(w-1) and every window j. Then `[k] P = sum_j sign(d_j) T[j][|d_j|]`:
//! one mixed addition per window (Renes–Costello–Batina, EUROCRYPT 2016, Algorithm 8, complete)
//! and no doubling at all. For a 255-bit scalar and w = 6 (the default) that is 43 additions,
//! against 128 doublings and 64 additions for the GLV variable-base method.
//!
//! Constant time: the digits come from a branch-free recoding, every entry of a window is read
//! under a mask (the address pattern is the same for every k), a negative digit negates y by a
//! select, and a zero digit computes an addition whose result a select drops.

use super::group::{normalize_ct_into, Affine, CurveGroup, Projective, Scalar};
use super::params::PairingCurve;
use super::scalar_mul::signed_digits;
use crate::field::{Field, FpParams};
use crate::prelude::*;
use crate::sync::RwLock;
use alloc::collections::BTreeMap;
use core::any::{Any, TypeId};

/// The default window width in bits (digits in [-2^(W-1), 2^(W-1)], 2^(W-1) entries a window).
pub(crate) const DEFAULT_WINDOW: u32 = 6;
/// Most windows of any curve's scalar (bn638: r has 638 bits, 320 windows of 2 bits), so that the
/// secret digits live on the stack like the other temporaries of the constant-time multiplications.
const MAX_WINDOWS: usize = 320;

/// A precomputed table for multiplying one fixed point by secret scalars (see the module
/// documentation): 2^(w-1) affine points per w-bit window of the scalar; with the default
/// w = 6, 43 windows of 32 points, 129 KiB for G1 and 258 KiB for G2 of BLS12-381 (w = 4: 48 and
/// 96 KiB, about 25% slower; w = 5: 78 and 156 KiB, about 12% slower).
#[derive(Clone, Debug)]
pub struct FixedBaseTable<G: CurveGroup> {
    /// Window width in bits.
    w: u32,
    /// Entries per window, 2^(w-1).
    per_window: usize,
    /// entries[j per_window + i] = (i + 1) 2^(w j) P, affine.
    entries: Vec<(G::F, G::F)>,
    /// Whether P is the identity (then every product is the identity).
    identity: bool,
}

impl<G: CurveGroup> FixedBaseTable<G> {
    /// The table of `p` with 6-bit windows. `p` must lie in the order-r group.
    pub fn new(p: &Affine<G>) -> Self {
        Self::with_window(p, DEFAULT_WINDOW)
    }

    /// The table of `p` with `w`-bit windows (2 to 8): its 2^(w j) multiples and their small
    /// multiples, made affine with one shared constant-time inversion. A wider window means
    /// fewer additions per multiplication and a table 2^w / w times the size of the scalar.
    /// `p` must lie in the order-r group. Panics for `w` outside 2..=8.
    pub fn with_window(p: &Affine<G>, w: u32) -> Self {
        assert!((2..=8).contains(&w), "window width {w} outside 2..=8");
        let bits = <<G::Curve as PairingCurve>::Fr as FpParams>::BITS;
        // One window more than bits / w when needed for the final carry (k < 2^(w n - 1)).
        let n = (bits + 1).div_ceil(w) as usize;
        assert!(
            n <= MAX_WINDOWS,
            "scalar field too wide for the fixed-base table"
        );
        let per_window = 1usize << (w - 1);
        let mut proj = Vec::with_capacity(n * per_window);
        let mut base = p.to_projective();
        for _ in 0..n {
            let start = proj.len();
            proj.push(base);
            for i in 1..per_window {
                // (i + 1) B: a doubling for even multiples, an addition of B for odd ones.
                let next = if i % 2 == 1 {
                    proj[start + i / 2].double()
                } else {
                    proj[start + i - 1].add(&base)
                };
                proj.push(next);
            }
            base = proj[start + per_window - 1].double(); // 2^w B
        }
        let mut entries = vec![(G::F::ZERO, G::F::ZERO); proj.len()];
        normalize_ct_into(&proj, &mut entries);
        FixedBaseTable {
            w,
            per_window,
            entries,
            identity: p.is_identity(),
        }
    }

    /// `[k] P` for the table's point P, constant time in k: one masked read of a window's
    /// entries and one complete mixed addition per window, no doublings.
    pub fn mul(&self, k: &Scalar<G::Curve>) -> Projective<G> {
        let limbs = k.to_canonical_limbs();
        let n = self.entries.len() / self.per_window;
        // Scalars have at most w n - 1 bits: the top digit is in [0, 2^(w-1)].
        let mut digits = [(0u64, 0u64); MAX_WINDOWS];
        signed_digits(limbs.as_ref(), self.w, &mut digits[..n]);
        let mut acc = Projective::identity();
        for (table, &(idx, neg)) in self.entries.chunks_exact(self.per_window).zip(&digits) {
            acc = acc.add_digit(table, idx, neg);
        }
        // The point is public: a branch on whether it is the identity leaks nothing about k.
        if self.identity {
            return Projective::identity();
        }
        acc
    }

    /// The table of the group's fixed generator, built once per group at first use and shared
    /// by every thread.
    pub fn generator() -> &'static Self {
        generator_table::<G>()
    }
}

/// The lazily built generator tables, one per group type (curve, backend, G1 or G2): statics
/// cannot be generic, so the tables live in one map keyed by the group's type and are leaked
/// once (a few hundred KiB in all, for the groups a program uses).
fn generator_table<G: CurveGroup>() -> &'static FixedBaseTable<G> {
    static TABLES: RwLock<BTreeMap<TypeId, &'static (dyn Any + Send + Sync)>> =
        RwLock::new(BTreeMap::new());
    let key = TypeId::of::<G>();
    let entry = match TABLES.read(|map| map.get(&key).copied()) {
        Some(t) => t,
        None => {
            // Built outside the lock: another thread may build the same table meanwhile, and the
            // first one stored wins (both are equal).
            let table: &'static (dyn Any + Send + Sync) =
                Box::leak(Box::new(FixedBaseTable::<G>::new(&G::generator())));
            TABLES.write(|map| *map.entry(key).or_insert(table))
        }
    };
    entry
        .downcast_ref::<FixedBaseTable<G>>()
        .expect("the map holds the table of its key's type")
}

impl<G: CurveGroup> Projective<G> {
    /// `[k] G` for the group's fixed generator G and a secret scalar k, from the generator's
    /// precomputed [`FixedBaseTable`] (built at first use): constant time, and about 3 (G1)
    /// and 2 (G2) times as fast as `Projective::generator().mul(k)` on BLS12-381.
    pub fn mul_generator(k: &Scalar<G::Curve>) -> Self {
        generator_table::<G>().mul(k)
    }
}

impl<G: CurveGroup> Affine<G> {
    /// `[k] G` for the generator G: [`Projective::mul_generator`].
    pub fn mul_generator(k: &Scalar<G::Curve>) -> Projective<G> {
        Projective::mul_generator(k)
    }
}
