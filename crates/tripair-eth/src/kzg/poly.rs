//! Polynomials in evaluation form over the blob's domain (the consensus specs, deneb
//! polynomial-commitments.md): the roots of unity in bit-reversed order, the barycentric
//! evaluation outside the domain, the quotient (f(X) - y)/(X - z), and the Fiat-Shamir hash.

use super::Fr;
use tripair::field::traits::batch_inv_vartime;

/// The multiplicative generator of F_r* the specs fix (PRIMITIVE_ROOT_OF_UNITY).
const PRIMITIVE_ROOT_OF_UNITY: u64 = 7;

/// The group of n-th roots of unity (n a power of two dividing r - 1).
pub(crate) struct Domain {
    /// omega^i, i < n, in bit-reversed order of i.
    pub roots_brp: Vec<Fr>,
    /// 1/n.
    inv_n: Fr,
    /// A primitive 2n-th root of unity whose square generates this domain (the extended
    /// blob's domain of EIP-7594).
    omega_ext: Fr,
}

/// The index i with its low `bits` bits reversed.
pub(crate) fn reverse(i: usize, bits: u32) -> usize {
    if bits == 0 {
        0
    } else {
        i.reverse_bits() >> (usize::BITS - bits)
    }
}

impl Domain {
    pub fn new(n: usize) -> Domain {
        assert!(n.is_power_of_two(), "a domain of 2^k points");
        // omega_ext = 7^((r - 1)/2n), of order exactly 2n; omega = omega_ext^2, of order n.
        let r_minus_1 = (-Fr::ONE).to_canonical_limbs();
        let mut e = r_minus_1.as_ref().to_vec();
        let shift = n.trailing_zeros() + 1;
        for i in 0..e.len() {
            let hi = e.get(i + 1).copied().unwrap_or(0);
            e[i] = if shift == 0 {
                e[i]
            } else {
                (e[i] >> shift) | (hi << (64 - shift))
            };
        }
        let omega_ext = Fr::from_u64(PRIMITIVE_ROOT_OF_UNITY).pow_vartime(&e);
        let omega = omega_ext.square();
        let mut roots = Vec::with_capacity(n);
        let mut w = Fr::ONE;
        for _ in 0..n {
            roots.push(w);
            w *= omega;
        }
        debug_assert!(w == Fr::ONE, "omega^n = 1");
        let roots_brp = Domain::permute(&roots);
        Domain {
            roots_brp,
            inv_n: Fr::from_u64(n as u64).inv_vartime().expect("n < r"),
            omega_ext,
        }
    }

    pub fn omega_ext(&self) -> Fr {
        self.omega_ext
    }

    pub fn n(&self) -> usize {
        self.roots_brp.len()
    }

    fn permute<T: Clone>(v: &[T]) -> Vec<T> {
        let bits = v.len().trailing_zeros();
        (0..v.len()).map(|i| v[reverse(i, bits)].clone()).collect()
    }

    /// The bit-reversal permutation of `v` (of this domain's length).
    pub fn bit_reversed<T: Clone>(&self, v: &[T]) -> Vec<T> {
        assert_eq!(v.len(), self.n());
        Domain::permute(v)
    }

    /// f(z) for f given by its values at the roots (bit-reversed order): the value itself when z
    /// is a root, else the barycentric formula
    /// f(z) = (z^n - 1)/n * sum_i f_i omega_i / (z - omega_i).
    pub fn evaluate(&self, f: &[Fr], z: &Fr) -> Fr {
        if let Some(i) = self.roots_brp.iter().position(|w| w == z) {
            return f[i];
        }
        let mut inv: Vec<Fr> = self.roots_brp.iter().map(|w| *z - *w).collect();
        batch_inv_vartime(&mut inv);
        let sum = f
            .iter()
            .zip(&self.roots_brp)
            .zip(&inv)
            .fold(Fr::ZERO, |acc, ((fi, wi), d)| acc + *fi * *wi * *d);
        let zn = z.pow_vartime(&[self.n() as u64]);
        sum * (zn - Fr::ONE) * self.inv_n
    }

    /// The values of q(X) = (f(X) - y)/(X - z) at the roots, for y = f(z). At a root
    /// omega_m = z the quotient's value is sum_{i != m} (f_i - y) omega_i / (z (z - omega_i))
    /// (compute_quotient_eval_within_domain).
    pub fn quotient(&self, f: &[Fr], z: &Fr, y: &Fr) -> Vec<Fr> {
        let mut inv: Vec<Fr> = self.roots_brp.iter().map(|w| *w - *z).collect();
        batch_inv_vartime(&mut inv); // a zero (z in the domain) stays zero
        let mut q: Vec<Fr> = f.iter().zip(&inv).map(|(fi, d)| (*fi - *y) * *d).collect();
        if let Some(m) = self.roots_brp.iter().position(|w| w == z) {
            // 1/(z - omega_i) = -inv[i]; the i = m term is zero (inv[m] = 0).
            let z_inv = z.inv_vartime().expect("a root of unity is not zero");
            let sum = f
                .iter()
                .zip(&self.roots_brp)
                .zip(&inv)
                .fold(Fr::ZERO, |acc, ((fi, wi), d)| acc + (*fi - *y) * *wi * *d);
            q[m] = -(sum * z_inv);
        }
        q
    }
}
