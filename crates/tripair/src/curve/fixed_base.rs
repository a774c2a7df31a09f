//! Fixed-base scalar multiplication: `[k] P` for a point P known ahead of time (a generator, a
//! long-lived public key) from a precomputed table, constant time in k.
//!
//! The method is fixed-base windowing (Brickell–Gordon–McCurley–Wilson, EUROCRYPT 1992; Handbook
//! of Applied Cryptography, Algorithm 14.109), in the variant that stores every digit multiple
//! instead of summing by digit value, and with signed digits: k = sum_j d_j 16^j with
//! d_j in [-8, 8], and the table holds the affine points i 16^j P for i = 1..8 and every window j.
//! Then `[k] P = sum_j sign(d_j) T[j][|d_j|]`: one mixed addition per window (Renes–Costello–Batina,
//! EUROCRYPT 2016, Algorithm 8, complete) and no doubling at all. For a 255-bit scalar that is 64 additions,
//! against about 128 doublings and 66 additions for the GLV variable-base method.
//!
//! Constant time: the digits come from a branch-free recoding, every entry of a window is read
//! under a mask (the address pattern is the same for every k), a negative digit negates y by a
//! select, and a zero digit computes an addition whose result a select drops.

use super::group::{normalize_ct_into, signed_digits4, Affine, CurveGroup, Projective, Scalar};
use super::params::PairingCurve;
use crate::field::{Field, FpParams};
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{OnceLock, RwLock};

/// Digits per window: 4 bits, signed, so 8 entries per window.
const W: u32 = 4;
/// Entries per window: the multiples 1..2^(W-1).
const ENTRIES: usize = 1 << (W - 1);
/// Most windows of any curve's scalar (bn638: r has 638 bits, 160 windows), so that the secret
/// digits live on the stack like the other temporaries of the constant-time multiplications.
const MAX_WINDOWS: usize = 168;

/// A precomputed table for multiplying one fixed point by secret scalars (see the module
/// documentation): 8 affine points per 4-bit window of the scalar, about 48 KiB for G1 and
/// 96 KiB for G2 of BLS12-381. Building it costs roughly three variable-base multiplications.
#[derive(Clone, Debug)]
pub struct FixedBaseTable<G: CurveGroup> {
    /// windows[j][i] = (i + 1) 16^j P, affine.
    windows: Vec<[(G::F, G::F); ENTRIES]>,
    /// Whether P is the identity (then every product is the identity).
    identity: bool,
}

impl<G: CurveGroup> FixedBaseTable<G> {
    /// The table of `p`: its 16^j multiples and their small multiples, made affine with one
    /// shared constant-time inversion. `p` must lie in the order-r group.
    pub fn new(p: &Affine<G>) -> Self {
        let bits = <<G::Curve as PairingCurve>::Fr as FpParams>::BITS;
        // One window more than bits / 4 when needed for the final carry (k < 2^(4 n - 1)).
        let n = (bits + 1).div_ceil(W) as usize;
        assert!(
            n <= MAX_WINDOWS,
            "scalar field too wide for the fixed-base table"
        );
        let mut proj = Vec::with_capacity(n * ENTRIES);
        let mut base = p.to_projective();
        for _ in 0..n {
            let start = proj.len();
            proj.push(base);
            for i in 1..ENTRIES {
                // (i + 1) B: a doubling for even multiples, an addition of B for odd ones.
                let next = if i % 2 == 1 {
                    proj[start + i / 2].double()
                } else {
                    proj[start + i - 1].add(&base)
                };
                proj.push(next);
            }
            base = proj[start + ENTRIES - 1].double(); // 16 B
        }
        let mut flat = vec![(G::F::ZERO, G::F::ZERO); proj.len()];
        normalize_ct_into(&proj, &mut flat);
        let windows = flat
            .chunks_exact(ENTRIES)
            .map(|c| core::array::from_fn(|i| c[i]))
            .collect();
        FixedBaseTable {
            windows,
            identity: p.is_identity(),
        }
    }

    /// `[k] P` for the table's point P, constant time in k: one masked table read and one
    /// complete mixed addition per 4-bit window, no doublings.
    pub fn mul(&self, k: &Scalar<G::Curve>) -> Projective<G> {
        let limbs = k.to_canonical_limbs();
        let n = self.windows.len();
        // Scalars have at most 4 n - 1 bits: the top digit is in [0, 8].
        let mut digits = [(0u64, 0u64); MAX_WINDOWS];
        signed_digits4(limbs.as_ref(), &mut digits[..n]);
        let mut acc = Projective::identity();
        for (table, &(idx, neg)) in self.windows.iter().zip(&digits) {
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
    type Map = HashMap<TypeId, &'static (dyn Any + Send + Sync)>;
    static TABLES: OnceLock<RwLock<Map>> = OnceLock::new();
    let map = TABLES.get_or_init(|| RwLock::new(HashMap::new()));
    let key = TypeId::of::<G>();
    let found = map
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .get(&key)
        .copied();
    let entry = match found {
        Some(t) => t,
        None => {
            // Built outside the lock: another thread may build the same table meanwhile, and the
            // first one stored wins (both are equal).
            let table: &'static (dyn Any + Send + Sync) =
                Box::leak(Box::new(FixedBaseTable::<G>::new(&G::generator())));
            *map.write()
                .unwrap_or_else(|e| e.into_inner())
                .entry(key)
                .or_insert(table)
        }
    };
    entry
        .downcast_ref::<FixedBaseTable<G>>()
        .expect("the map holds the table of its key's type")
}

impl<G: CurveGroup> Projective<G> {
    /// `[k] G` for the group's fixed generator G and a secret scalar k, from the generator's
    /// precomputed [`FixedBaseTable`] (built at first use): constant time, and about twice as
    /// fast as `Projective::generator().mul(k)` for G1 and G2 of BLS12-381.
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
