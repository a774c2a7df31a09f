//! Scalar decompositions for endomorphism-accelerated scalar multiplication.
//!
//! G1 (GLV: Gallant–Lambert–Vanstone, CRYPTO 2001): phi(x, y) = (omega x, y) acts on G1 as \[lambda\]
//! with lambda^2 + lambda + 1 = 0 mod r; k = k0 + k1 lambda with |k_i| about sqrt(r), from the short
//! basis the extended Euclidean algorithm on (r, lambda) yields (GLV 2001, Section 4).
//!
//! G2 (GLS: Galbraith–Lin–Scott, EUROCRYPT 2009): psi acts on G2 as \[mu\], mu = t - 1 = p mod r;
//! k = k0 + k1 mu + k2 mu^2 + k3 mu^3 with |k_i| about |u|, from a lattice basis in u:
//! for BLS12 (mu = u) the rows (-u, 1, 0, 0), (0, -u, 1, 0), (0, 0, -u, 1), (1, 0, -1, u); for BN
//! (mu = 6u^2) the basis of Galbraith–Scott ("Exponentiation in pairing-friendly groups using
//! homomorphisms", Pairing 2008), which spans an index-3 sublattice (checked: det = -3r): enough, since
//! every row is a relation and Babai rounding only needs short rows.
//!
//! Rounding (Babai) is done with precomputed fixed-point constants g_j = round(2^m A_j / det),
//! A_j the first row of the adjugate of the basis: c_j = round(k g_j / 2^m) with fixed-width
//! integer arithmetic, so [`Decomposition::decompose`] has no branch or memory access that
//! depends on k. The signs of the parts come out as masks.

use crate::prelude::*;
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Signed, Zero};

/// Limbs of one part |k_i| (enough for the GLV halves of the largest curve, bn638).
pub const PART_LIMBS: usize = 6;
/// Scratch width in limbs for the fixed-width products (k g_j).
const WIDE: usize = 32;

/// A decomposition k = sum_i k_i e^i (mod r) for an endomorphism with eigenvalue e, derived from
/// the curve data at first use.
#[derive(Clone, Debug)]
pub struct Decomposition {
    /// Number of parts: 2 (GLV on G1) or 4 (GLS on G2).
    pub dim: usize,
    /// The eigenvalue e of the endomorphism on the group, in [0, r).
    pub eigenvalue: BigUint,
    /// Every |k_i| is below 2^bits.
    pub bits: u32,
    /// The lattice basis (rows of relations sum_i b_i e^i = 0 mod r).
    pub basis: Vec<Vec<BigInt>>,
    /// Limbs of r (the scalar width).
    r_limbs: usize,
    /// The fixed-point shift m.
    shift: u32,
    /// |g_j| as limbs and whether g_j < 0.
    g: Vec<(Vec<u64>, bool)>,
    /// coeff[j][i] = |b_ji| as limbs and whether b_ji < 0.
    coeff: Vec<Vec<(Vec<u64>, bool)>>,
    /// Two's complement width of the parts' computation.
    width: usize,
}

/// The parts of a decomposed scalar: k = sum_i (-1)^{neg_i} abs_i e^i (mod r).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    /// |k_i| as little-endian limbs (parts beyond `dim` are 0).
    pub abs: [[u64; PART_LIMBS]; 4],
    /// !0 where k_i < 0, else 0.
    pub neg: [u64; 4],
}

fn limbs(v: &BigUint) -> Vec<u64> {
    let d = v.to_u64_digits();
    if d.is_empty() {
        vec![0]
    } else {
        d
    }
}

fn det(m: &[Vec<BigInt>]) -> BigInt {
    if m.len() == 1 {
        return m[0][0].clone();
    }
    let mut acc = BigInt::zero();
    for j in 0..m.len() {
        let minor: Vec<Vec<BigInt>> = m[1..]
            .iter()
            .map(|row| {
                row.iter()
                    .enumerate()
                    .filter(|(c, _)| *c != j)
                    .map(|(_, v)| v.clone())
                    .collect()
            })
            .collect();
        let term = &m[0][j] * det(&minor);
        if j % 2 == 0 {
            acc += term;
        } else {
            acc -= term;
        }
    }
    acc
}

/// Rounded division a / b for b > 0 (to nearest, ties up).
fn div_round(a: &BigInt, b: &BigInt) -> BigInt {
    let (n, d): (BigInt, BigInt) = (a * 2u32 + b, b * 2u32);
    let q = &n / &d;
    if (&n % &d).is_negative() {
        q - 1
    } else {
        q
    }
}

impl Decomposition {
    /// A placeholder with no parts, replaced during derivation.
    pub(crate) fn empty() -> Self {
        Decomposition {
            dim: 0,
            eigenvalue: BigUint::zero(),
            bits: 0,
            basis: Vec::new(),
            r_limbs: 0,
            shift: 0,
            g: Vec::new(),
            coeff: Vec::new(),
            width: 0,
        }
    }

    /// The decomposition for basis `basis` (rows b with sum_i b_i e^i = 0 mod r) of eigenvalue
    /// `e` modulo `r`. Panics if a row is no relation or the basis is singular.
    pub fn new(r: &BigUint, e: &BigUint, basis: Vec<Vec<BigInt>>) -> Self {
        let dim = basis.len();
        let rr = BigInt::from(r.clone());
        let ee = BigInt::from(e.clone());
        for row in &basis {
            let mut s = BigInt::zero();
            let mut p = BigInt::one();
            for b in row {
                s += b * &p;
                p = (p * &ee) % &rr;
            }
            assert!((s % &rr).is_zero(), "lattice row is no relation");
        }
        let d = det(&basis);
        assert!(!d.is_zero(), "singular lattice basis");
        // beta = (k, 0, .., 0) B^-1 = k adj(B)[0][.] / det; adj(B)[0][j] = (-1)^j minor(j, 0).
        let shift = r.bits() as u32 + 64;
        let mut g = Vec::with_capacity(dim);
        for j in 0..dim {
            let minor: Vec<Vec<BigInt>> = basis
                .iter()
                .enumerate()
                .filter(|(row, _)| *row != j)
                .map(|(_, row)| row[1..].to_vec())
                .collect();
            let mut a = if dim == 1 { BigInt::one() } else { det(&minor) };
            if j % 2 == 1 {
                a = -a;
            }
            let (num, den) = if d.is_negative() {
                (-(a << shift), -d.clone())
            } else {
                (a << shift, d.clone())
            };
            let gj = div_round(&num, &den);
            g.push((limbs(gj.magnitude()), gj.is_negative()));
        }
        // Bound: |k_i| <= sum_j |b_ji| |beta_j - c_j| with |beta_j - c_j| <= 1/2 + 2^-63.
        let mut bits = 0;
        for i in 0..dim {
            let s: BigInt = basis.iter().map(|row| row[i].abs()).sum();
            let bound: BigInt = (&s >> 1usize) + (&s >> 62usize) + 2u32;
            bits = bits.max(bound.bits() as u32);
        }
        assert!(
            bits as usize <= 64 * PART_LIMBS,
            "decomposition parts too long"
        );
        let coeff = basis
            .iter()
            .map(|row| {
                row.iter()
                    .map(|b| (limbs(b.magnitude()), b.is_negative()))
                    .collect()
            })
            .collect();
        let r_limbs = limbs(r).len();
        let max_b = basis
            .iter()
            .flatten()
            .map(|b| limbs(b.magnitude()).len())
            .max()
            .unwrap_or(1);
        let width = r_limbs + max_b + 2;
        assert!(2 * r_limbs + 2 <= WIDE && width <= WIDE);
        Decomposition {
            dim,
            eigenvalue: e.clone(),
            bits,
            basis,
            r_limbs,
            shift,
            g,
            coeff,
            width,
        }
    }

    /// GLV: the 2-dimensional decomposition for eigenvalue `lambda` (a cube root of unity mod r),
    /// with the short basis from the extended Euclidean algorithm on (r, lambda) (GLV 2001, Sec. 4).
    pub fn glv(r: &BigUint, lambda: &BigUint) -> Self {
        let rr = BigInt::from(r.clone());
        let sqrt_r = BigInt::from(r.sqrt());
        // Invariant: r_i = s_i r + t_i lambda, so (r_i, -t_i) is a relation.
        let (mut r0, mut r1) = (rr.clone(), BigInt::from(lambda.clone()));
        let (mut t0, mut t1) = (BigInt::zero(), BigInt::one());
        // Stop at the first remainder below sqrt(r): r1 < sqrt(r) <= r0.
        while r1 >= sqrt_r {
            let q = &r0 / &r1;
            let r2 = &r0 - &q * &r1;
            let t2 = &t0 - &q * &t1;
            (r0, r1) = (r1, r2);
            (t0, t1) = (t1, t2);
        }
        let v1 = vec![r1.clone(), -t1.clone()];
        // The next remainder gives the other candidate.
        let q = &r0 / &r1;
        let r2 = &r0 - &q * &r1;
        let t2 = &t0 - &q * &t1;
        let norm = |v: &[BigInt]| &v[0] * &v[0] + &v[1] * &v[1];
        let a = vec![r0, -t0];
        let b = vec![r2, -t2];
        let v2 = if norm(&a) <= norm(&b) { a } else { b };
        Self::new(r, lambda, vec![v1, v2])
    }

    /// The 4-dimensional decomposition for psi on G2 with eigenvalue `mu` = t - 1 mod r.
    pub fn gls(r: &BigUint, mu: &BigUint, u: &BigInt, family: super::Family) -> Self {
        let i = |v: i64| BigInt::from(v);
        let basis = match family {
            super::Family::Bls12 => vec![
                vec![-u.clone(), i(1), i(0), i(0)],
                vec![i(0), -u.clone(), i(1), i(0)],
                vec![i(0), i(0), -u.clone(), i(1)],
                vec![i(1), i(0), i(-1), u.clone()],
            ],
            super::Family::Bn => vec![
                vec![u + i(1), u.clone(), u.clone(), -(u * i(2))],
                vec![u * i(2) + i(1), -u.clone(), -(u + i(1)), -u.clone()],
                vec![u * i(2), u * i(2) + i(1), u * i(2) + i(1), u * i(2) + i(1)],
                vec![u - i(1), u * i(4) + i(2), i(1) - u * i(2), u - i(1)],
            ],
        };
        Self::new(r, mu, basis)
    }

    /// Decomposes k (little-endian limbs, k < r) into parts with |k_i| < 2^bits and
    /// k = sum_i k_i e^i (mod r). Constant time: fixed-width arithmetic, signs as masks.
    pub fn decompose(&self, k: &[u64]) -> Parts {
        let w = self.width;
        let mut parts = [[0u64; WIDE]; 4];
        // parts[0] = k
        for (d, s) in parts[0].iter_mut().zip(k.iter()).take(self.r_limbs) {
            *d = *s;
        }
        for j in 0..self.dim {
            // |c_j| = round(k |g_j| / 2^m)
            let (gj, gneg) = &self.g[j];
            let mut prod = [0u64; WIDE];
            mul_into(&k[..self.r_limbs.min(k.len())], gj, &mut prod);
            add_bit(&mut prod, self.shift - 1);
            let c = shr(&prod, self.shift);
            // part_i -= c_j b_ji, c_j = (-1)^gneg |c_j|.
            for (part, (b, bneg)) in parts.iter_mut().zip(&self.coeff[j]) {
                let mut t = [0u64; WIDE];
                mul_into(&c[..w], b, &mut t[..w]);
                if gneg ^ bneg {
                    add_into(&mut part[..w], &t[..w]);
                } else {
                    sub_into(&mut part[..w], &t[..w]);
                }
            }
        }
        let mut out = Parts {
            abs: [[0; PART_LIMBS]; 4],
            neg: [0; 4],
        };
        for (i, part) in parts.iter_mut().enumerate().take(self.dim) {
            let mask = (part[w - 1] >> 63).wrapping_neg();
            // |x| = (x ^ mask) - mask
            let mut carry = mask & 1;
            for v in part[..w].iter_mut() {
                let (s, c) = (*v ^ mask).overflowing_add(carry);
                *v = s;
                carry = c as u64;
            }
            out.abs[i].copy_from_slice(&part[..PART_LIMBS]);
            out.neg[i] = mask;
        }
        out
    }
}

/// out = a * b for out = 0 on entry, truncated to out.len() limbs (schoolbook; only the public
/// lengths steer the loops).
fn mul_into(a: &[u64], b: &[u64], out: &mut [u64]) {
    let n = out.len();
    for (i, &ai) in a.iter().enumerate() {
        if i >= n {
            break;
        }
        let mut carry = 0u128;
        for (j, &bj) in b.iter().enumerate() {
            if i + j >= n {
                break;
            }
            let t = (ai as u128) * (bj as u128) + out[i + j] as u128 + carry;
            out[i + j] = t as u64;
            carry = t >> 64;
        }
        // Row i's carry lands on a limb no earlier row wrote (out starts at zero).
        if let Some(o) = out.get_mut(i + b.len()) {
            *o = carry as u64;
        }
    }
}

/// x += 2^bit (wrapping), without a branch on x.
fn add_bit(x: &mut [u64], bit: u32) {
    let mut carry = 1u64 << (bit % 64);
    for v in x.iter_mut().skip((bit / 64) as usize) {
        let (s, c) = v.overflowing_add(carry);
        *v = s;
        carry = c as u64;
    }
}

/// x >> s over the full width (s public).
fn shr(x: &[u64; WIDE], s: u32) -> [u64; WIDE] {
    let (q, b) = ((s / 64) as usize, s % 64);
    let mut out = [0u64; WIDE];
    for i in 0..WIDE - q {
        let lo = x[i + q] >> b;
        let hi = if b == 0 || i + q + 1 >= WIDE {
            0
        } else {
            x[i + q + 1] << (64 - b)
        };
        out[i] = lo | hi;
    }
    out
}

/// acc += x (wrapping, equal lengths).
fn add_into(acc: &mut [u64], x: &[u64]) {
    let mut carry = 0u64;
    for (a, &b) in acc.iter_mut().zip(x) {
        let (s1, c1) = a.overflowing_add(b);
        let (s2, c2) = s1.overflowing_add(carry);
        *a = s2;
        carry = (c1 | c2) as u64;
    }
}

/// acc -= x (wrapping, equal lengths).
fn sub_into(acc: &mut [u64], x: &[u64]) {
    let mut borrow = 0u64;
    for (a, &b) in acc.iter_mut().zip(x) {
        let (s1, c1) = a.overflowing_sub(b);
        let (s2, c2) = s1.overflowing_sub(borrow);
        *a = s2;
        borrow = (c1 | c2) as u64;
    }
}

/// The eigenvalue of phi on G1 for the curve family: both cube roots of unity mod r, as
/// polynomials in u (BLS12: -u^2 and u^2 - 1; BN: 36u^3 + 18u^2 + 6u + 1 and its conjugate).
pub fn cube_roots_of_unity(u: &BigInt, r: &BigUint, family: super::Family) -> [BigUint; 2] {
    let rr = BigInt::from(r.clone());
    let u2 = u * u;
    let l = match family {
        super::Family::Bls12 => -u2.clone(),
        super::Family::Bn => &u2 * u * 36u32 + &u2 * 18u32 + u * 6u32 + 1u32,
    };
    let l = ((l % &rr) + &rr) % &rr;
    let l2 = (&l * &l) % &rr;
    debug_assert!(((&l2 + &l + 1u32) % &rr).is_zero());
    let to_u = |v: BigInt| v.to_biguint().expect("reduced mod r");
    [to_u(l), to_u(l2)]
}
