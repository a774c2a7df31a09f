//! Scalar multiplication on G1 and G2: recoding (width-w NAF, signed windows), the Jacobian
//! accumulator, the GLV/GLS decomposed constant-time [`Projective::mul`], the variable-time
//! multiplications and multi-scalar multiplication.

use super::endo::PART_LIMBS;
use super::group::{ct_is_zero_mask, normalize_ct, Affine, CurveGroup, Projective, Scalar};
use super::jacobian::{Jacobian, JacobianAddend};
use super::params::PairingCurve;
use crate::field::{Field, FpParams};
use crate::prelude::*;

/// The width-w NAF of a non-negative integer (little-endian limbs), least significant digit
/// first: odd digits below 2^(w-1) in absolute value, at least w - 1 zeros after each. Variable time.
pub(crate) fn wnaf_vartime(k: &[u64], w: u32) -> Vec<i8> {
    let mut k: Vec<u64> = k.iter().copied().chain([0]).collect();
    let mut out = Vec::with_capacity(64 * k.len());
    while k.iter().any(|&v| v != 0) {
        let mut digit = 0i64;
        if k[0] & 1 == 1 {
            digit = (k[0] & ((1 << w) - 1)) as i64;
            if digit >= 1 << (w - 1) {
                digit -= 1 << w;
            }
            // k -= digit
            let (mut carry, mut l) = (digit.unsigned_abs(), 0);
            while carry != 0 {
                let (v, c) = if digit > 0 {
                    k[l].overflowing_sub(carry)
                } else {
                    k[l].overflowing_add(carry)
                };
                k[l] = v;
                carry = c as u64;
                l += 1;
            }
        }
        out.push(digit as i8);
        // k >>= 1
        for l in 0..k.len() {
            let hi = k.get(l + 1).map_or(0, |v| v << 63);
            k[l] = (k[l] >> 1) | hi;
        }
    }
    out
}

/// The NAF width of the variable-time interleaved multiplications.
pub(crate) const WNAF_W: u32 = 5;
/// Entries of a table of odd multiples for [`WNAF_W`]: P, 3P, .., (2^(W-1) - 1) P.
pub(crate) const WNAF_TABLE: usize = 1 << (WNAF_W - 2);

/// The odd multiples P, 3P, .., (2^(W-1) - 1) P of [`interleaved_wnaf_vartime`]'s tables.
pub(crate) fn odd_multiples<G: CurveGroup>(p: &Projective<G>) -> [Projective<G>; WNAF_TABLE] {
    let mut table = [*p; WNAF_TABLE];
    let p2 = p.double();
    for j in 1..table.len() {
        table[j] = table[j - 1].add(&p2);
    }
    table
}

/// Pushes the tables and NAFs of \[k\] P's GLV/GLS parts for [`interleaved_wnaf_vartime`]: P's
/// odd multiples once, their images under the endomorphism for the other parts, each negated
/// where its part is; zero parts are left out.
pub(crate) fn push_wnaf_parts<G: CurveGroup>(
    p: &Projective<G>,
    k: &Scalar<G::Curve>,
    tables: &mut Vec<[Projective<G>; WNAF_TABLE]>,
    nafs: &mut Vec<Vec<i8>>,
) {
    let d = G::decomposition();
    let parts = d.decompose(k.to_canonical_limbs().as_ref());
    let mut t = odd_multiples(p);
    for i in 0..d.dim {
        if i > 0 {
            t = t.map(|q| G::endo(&q));
        }
        if parts.abs[i].iter().any(|&v| v != 0) {
            tables.push(if parts.neg[i] != 0 { t.map(|q| -q) } else { t });
            nafs.push(wnaf_vartime(&parts.abs[i], WNAF_W));
        }
    }
}

/// sum_i \[k_i\] P_i from each k_i's width-[`WNAF_W`] NAF (`nafs[i]`, [`wnaf_vartime`]) and
/// P_i's odd multiples (`tables[i]`, [`odd_multiples`]): one chain of doublings for all of them,
/// each non-zero digit adding a table entry or its negation (Straus's interleaving with width-w
/// NAFs: Möller, "Algorithms for multi-exponentiation", SAC 2001, section 3). Variable time.
pub(crate) fn interleaved_wnaf_vartime<G: CurveGroup>(
    tables: &[[Projective<G>; WNAF_TABLE]],
    nafs: &[Vec<i8>],
) -> Projective<G> {
    let len = nafs.iter().map(Vec::len).max().unwrap_or(0);
    let mut acc = Projective::identity();
    for b in (0..len).rev() {
        if b + 1 != len {
            acc = acc.double();
        }
        for (naf, t) in nafs.iter().zip(tables) {
            match naf.get(b).copied().unwrap_or(0) {
                0 => {}
                v if v > 0 => acc = acc.add(&t[(v as usize - 1) / 2]),
                v => acc = acc.add(&-t[((-v) as usize - 1) / 2]),
            }
        }
    }
    acc
}

/// The index of the top set bit of k (little-endian limbs), `None` for k = 0.
pub(crate) fn top_bit(k: &[u64]) -> Option<usize> {
    (0..64 * k.len()).rev().find(|&i| bit_of(k, i))
}

/// Bit i of k (little-endian limbs).
#[inline(always)]
pub(crate) fn bit_of(k: &[u64], i: usize) -> bool {
    (k[i / 64] >> (i % 64)) & 1 == 1
}

/// The c bits of k starting at `bit` (public scalars).
pub(crate) fn window_vartime(k: &[u64], bit: u32, c: u32) -> usize {
    let (l, s) = ((bit / 64) as usize, bit % 64);
    let mut v = k.get(l).copied().unwrap_or(0) >> s;
    if s + c > 64 {
        v |= k.get(l + 1).copied().unwrap_or(0) << (64 - s);
    }
    (v & ((1u64 << c) - 1)) as usize
}

/// Signed w-bit digits of a non-negative integer (little-endian limbs), least significant first,
/// as (|digit|, !0 if negative else 0): digit = window + carry, minus 2^w with a carry out when it
/// reaches 2^(w-1), so every digit is in [-2^(w-1), 2^(w-1) - 1] except the last, which takes the
/// final carry (in [0, 2^(w-1)] when the integer is below 2^(w len - 1)). Branch-free: the same
/// operations for every value (w and the length are public).
pub(crate) fn signed_digits(k: &[u64], w: u32, out: &mut [(u64, u64)]) {
    debug_assert!((1..=16).contains(&w));
    let n = out.len();
    let (mask, half) = ((1u64 << w) - 1, 1u64 << (w - 1));
    let mut carry = 0u64;
    for (i, d) in out.iter_mut().enumerate() {
        let bit = w as usize * i;
        let (l, sh) = (bit / 64, bit % 64);
        let mut v = k.get(l).copied().unwrap_or(0) >> sh;
        if sh + w as usize > 64 {
            v |= k.get(l + 1).copied().unwrap_or(0) << (64 - sh);
        }
        let v = (v & mask) + carry;
        if i + 1 == n {
            *d = (v, 0);
        } else {
            carry = (v + half) >> w;
            let signed = v.wrapping_sub(carry << w); // two's complement of [-2^(w-1), 2^(w-1))
            let neg = ((signed as i64) >> 63) as u64;
            *d = ((signed ^ neg).wrapping_sub(neg), neg);
        }
    }
}

/// (x, (-1)^neg y) of entry idx - 1 of a table of affine multiples 1..n (entry 0 for idx = 0),
/// every entry read under a mask: the same loads for every idx. Constant time.
#[inline(always)]
fn read_digit<F: Field>(table: &[(F, F)], idx: u64, neg: u64) -> (F, F) {
    let (mut x, mut y) = table[0];
    for (i, t) in table.iter().enumerate().skip(1) {
        let d = (i as u64 + 1) ^ idx;
        let mask = ((d | d.wrapping_neg()) >> 63).wrapping_sub(1); // !0 iff i + 1 == idx
        x = x.select(&t.0, mask);
        y = y.select(&t.1, mask);
    }
    (x, y.select(&-y, neg))
}

/// From homogeneous (X : Y : Z) to Jacobian (X Z : Y Z^2 : Z).
fn jacobian_from_projective<G: CurveGroup>(p: &Projective<G>) -> Jacobian<G::F> {
    let zz = p.z.square();
    Jacobian {
        x: p.x * p.z,
        y: p.y * zz,
        z: p.z,
    }
}

/// To homogeneous (X Z : Y : Z^3); Z = 0 stays the identity.
fn jacobian_to_projective<G: CurveGroup>(j: Jacobian<G::F>) -> Projective<G> {
    let zz = j.z.square();
    let p = Projective {
        x: j.x * j.z,
        y: j.y,
        z: zz * j.z,
    };
    // (X Z : Y : 0) is the identity only up to Y != 0: return the canonical form.
    p.select(&Projective::identity(), ct_is_zero_mask(&j.z))
}

impl<G: CurveGroup> Affine<G> {
    /// `[k] self` for a public scalar k (little-endian limbs): [`Projective::mul_vartime`] with the
    /// unified mixed addition of the affine addend (8M + 4S against 12M + 4S), for the subgroup
    /// checks of decoded points. Variable time in k only; the identity is handled by a select.
    pub fn mul_vartime(&self, k: &[u64]) -> Projective<G> {
        let Some(top) = top_bit(k) else {
            return Projective::identity();
        };
        let mut acc = Jacobian::from_affine(self.x, self.y);
        for i in (0..top).rev() {
            acc = acc.double();
            if bit_of(k, i) {
                acc = acc.add_affine_xy(&self.x, &self.y);
            }
        }
        jacobian_to_projective::<G>(acc).select(
            &Projective::identity(),
            0u64.wrapping_sub(self.infinity as u64),
        )
    }
}

impl<G: CurveGroup> Projective<G> {
    /// `[k] self` for a secret scalar k (little-endian limbs, `bits` significant bits taken):
    /// fixed 4-bit windows, every table entry read with masks, complete formulas. Constant time.
    pub fn mul_ct(&self, k: &[u64], bits: u32) -> Self {
        let mut table = [Self::identity(); 16];
        for i in 1..16 {
            table[i] = table[i - 1].add(self);
        }
        let windows = bits.div_ceil(4);
        let mut acc = Self::identity();
        for w in (0..windows).rev() {
            for _ in 0..4 {
                acc = acc.double();
            }
            let bit = 4 * w;
            let limb = k.get((bit / 64) as usize).copied().unwrap_or(0);
            let idx = (limb >> (bit % 64)) & 15;
            let mut sel = Self::identity();
            for (i, t) in table.iter().enumerate() {
                let d = (i as u64) ^ idx;
                let mask = ((d | d.wrapping_neg()) >> 63).wrapping_sub(1); // !0 iff i == idx
                sel = sel.select(t, mask);
            }
            acc = acc.add(&sel);
        }
        acc
    }

    /// `[k] self` by the plain fixed-window ladder over all bits of k ([`Projective::mul_ct`]),
    /// without endomorphisms: the reference for [`Projective::mul`]. Constant time.
    pub fn mul_ladder(&self, k: &Scalar<G::Curve>) -> Self {
        let limbs = k.to_canonical_limbs();
        self.mul_ct(
            limbs.as_ref(),
            <<G::Curve as PairingCurve>::Fr as FpParams>::BITS,
        )
    }

    /// `[k] self` for a secret scalar k in F_r, constant time: k is split into parts of about
    /// log(r)/2 bits (GLV on G1) or log(r)/4 bits (GLS on G2) with [`CurveGroup::decomposition`],
    /// each part's sign is applied to its table (the affine multiples 1..8, one constant-time
    /// inversion) with a mask, and one interleaved fixed 4-bit window loop adds a masked table
    /// read per part and window to a Jacobian accumulator, whose unified addition handles the
    /// identity, equal and opposite operands by selects. No branch on the scalar or the point.
    ///
    /// `self` must lie in the order-r group (as every point of the public API does): the
    /// endomorphism acts as the eigenvalue only there.
    pub fn mul(&self, k: &Scalar<G::Curve>) -> Self {
        let d = G::decomposition();
        let parts = d.decompose(k.to_canonical_limbs().as_ref());
        self.mul_parts(&parts, d.dim, d.bits)
    }

    /// sum_i [k_i] endo^i(self) for decomposed parts, constant time in the parts and the point.
    ///
    /// The multiples P, 2P, .., 8P are made affine with one constant-time inversion (Montgomery's
    /// simultaneous inversion), their images under the endomorphism stay affine, and every
    /// window adds its masked table read with the complete mixed formula (RCB 2016, Algorithm 8):
    /// one multiplication fewer per addition and two coordinates instead of three per masked read.
    /// A zero digit adds an arbitrary entry and keeps the old accumulator by a select; for
    /// `self` the identity (no affine form) the result is selected to the identity at the end.
    fn mul_parts(&self, parts: &super::endo::Parts, dim: usize, bits: u32) -> Self {
        // Signed 4-bit digits in [-8, 7] (the top one in [0, 8]): tables of the multiples 1..8.
        let mut proj = [*self; 8];
        for j in 1..8 {
            proj[j] = if j % 2 == 1 {
                proj[j / 2].double() // (j + 1) P = 2 ((j + 1) / 2) P
            } else {
                proj[j - 1].add(self)
            };
        }
        let mut tables = [[(G::F::ZERO, G::F::ZERO); 8]; 4];
        tables[0] = normalize_ct(&proj);
        for i in 1..dim {
            // Both endomorphisms keep Z = 1 (phi leaves it, psi conjugates it).
            tables[i] = tables[i - 1].map(|(x, y)| {
                let e = G::endo(&Projective { x, y, z: G::F::ONE });
                (e.x, e.y)
            });
        }
        for (table, &neg) in tables.iter_mut().zip(parts.neg.iter()).take(dim) {
            for t in table.iter_mut() {
                t.1 = t.1.select(&-t.1, neg);
            }
        }
        // |k_i| < 2^bits <= 2^(4 windows - 1): the top window plus a carry is at most 8.
        let windows = (bits + 1).div_ceil(4) as usize;
        debug_assert!(windows * 4 <= 64 * PART_LIMBS);
        let mut digits = [[(0u64, 0u64); 64 * PART_LIMBS / 4 + 1]; 4];
        for (part, ds) in parts.abs.iter().zip(digits.iter_mut()).take(dim) {
            signed_digits(part, 4, &mut ds[..windows]);
        }
        // The accumulator is Jacobian: its doublings (2M + 5S) are far cheaper than the complete
        // projective ones (6M + 2S), which outweighs the unified additions (8M + 4S).
        let mut acc = Jacobian::<G::F>::identity();
        for w in (0..windows).rev() {
            if w + 1 != windows {
                for _ in 0..4 {
                    acc = acc.double();
                }
            }
            for (table, ds) in tables.iter().zip(digits.iter()).take(dim) {
                let (idx, neg) = ds[w];
                let (x, y) = read_digit(table, idx, neg);
                let sum = acc.add_affine_xy(&x, &y);
                let zero = ((idx | idx.wrapping_neg()) >> 63).wrapping_sub(1); // !0 iff idx == 0
                acc = sum.select(&acc, zero);
            }
        }
        jacobian_to_projective::<G>(acc).select(&Self::identity(), ct_is_zero_mask(&self.z))
    }

    /// `self + q` through the Jacobian accumulator of [`Projective::mul`] (its unified mixed
    /// addition with the doubling, opposite and identity cases handled by selects), for tests.
    #[doc(hidden)]
    pub fn add_affine_via_jacobian(&self, q: &Affine<G>) -> Self {
        let sum = jacobian_to_projective(jacobian_from_projective(self).add_affine_xy(&q.x, &q.y));
        sum.select(self, 0u64.wrapping_sub(q.infinity as u64))
    }

    /// `[4] self` through the Jacobian doubling of [`Projective::mul`], for tests.
    #[doc(hidden)]
    pub fn double4_via_jacobian(&self) -> Self {
        let j = jacobian_from_projective(self);
        jacobian_to_projective(j.double().double().double().double())
    }

    /// `self + (-1)^neg [idx] T` for a table T of the affine multiples 1..n of a point and
    /// idx in [0, n] (a digit's magnitude; 0 adds nothing): every entry is read under a mask,
    /// the sum is formed for any idx and dropped by a select when idx = 0. Constant time.
    #[inline(always)]
    pub(crate) fn add_digit(&self, table: &[(G::F, G::F)], idx: u64, neg: u64) -> Self {
        let (x, y) = read_digit(table, idx, neg);
        let sum = self.add_affine_xy(&x, &y);
        let zero = ((idx | idx.wrapping_neg()) >> 63).wrapping_sub(1); // !0 iff idx == 0
        sum.select(self, zero)
    }

    /// `[k] self` for a public scalar k in F_r: the GLV/GLS parts of k in width-5 NAF form,
    /// interleaved over one table of odd multiples (and its images under the endomorphism).
    /// Variable time. `self` must lie in the order-r group.
    pub fn mul_scalar_vartime(&self, k: &Scalar<G::Curve>) -> Self {
        let (mut tables, mut nafs) = (Vec::new(), Vec::new());
        push_wnaf_parts(self, k, &mut tables, &mut nafs);
        interleaved_wnaf_vartime(&tables, &nafs)
    }

    /// `[k] self` for a public scalar k (little-endian limbs), double-and-add from k's top set
    /// bit, in Jacobian coordinates: the doublings dbl-2009-l (2M + 5S against 6M + 2S for the
    /// complete projective doubling), each addition the unified `add_prepared` with self's Z^2
    /// and Z^3 computed once, so no input is exceptional (the identity, P = +-Q, points of small
    /// order: tested in `hash_to_curve::jacobian`). Variable time in k only: the operations depend on k and not
    /// on the point, so for a public constant k (a cofactor, the curve parameter) it is constant
    /// time in the point, and for a sparse k (|u| of BLS12-381 has 6 set bits) far cheaper than
    /// the windowed [`Projective::mul_ct`].
    pub fn mul_vartime(&self, k: &[u64]) -> Self {
        let Some(top) = top_bit(k) else {
            return Self::identity();
        };
        let base = JacobianAddend::new(jacobian_from_projective(self));
        let mut acc = base.p;
        for i in (0..top).rev() {
            acc = acc.double();
            if bit_of(k, i) {
                acc = acc.add_prepared(&base);
            }
        }
        jacobian_to_projective(acc)
    }
}
