//! Radix-2 FFTs over F_r and over G1 (the same butterflies; G1 elements are scaled by the
//! twiddles with variable-time multiplications: every value here is public).

use super::Fr;
use tripair::curve::curves::Bls12_381;
use tripair::curve::G1Projective;

/// What an FFT runs over: a module over F_r.
pub(crate) trait FftElement: Copy {
    fn zero() -> Self;
    fn plus(&self, o: &Self) -> Self;
    fn minus(&self, o: &Self) -> Self;
    fn scale(&self, k: &Fr) -> Self;
}

impl FftElement for Fr {
    fn zero() -> Self {
        Fr::ZERO
    }
    fn plus(&self, o: &Self) -> Self {
        *self + *o
    }
    fn minus(&self, o: &Self) -> Self {
        *self - *o
    }
    fn scale(&self, k: &Fr) -> Self {
        *self * *k
    }
}

pub(crate) type G1 = G1Projective<Bls12_381>;

impl FftElement for G1 {
    fn zero() -> Self {
        G1::identity()
    }
    fn plus(&self, o: &Self) -> Self {
        self.add(o)
    }
    fn minus(&self, o: &Self) -> Self {
        self.add(&-*o)
    }
    fn scale(&self, k: &Fr) -> Self {
        self.mul_scalar_vartime(k)
    }
}

/// The powers omega^i (i < N) of a primitive N-th root of unity: the twiddles of every FFT of a
/// size dividing N.
pub(crate) struct Twiddles {
    powers: Vec<Fr>,
}

impl Twiddles {
    pub fn new(omega: Fr, n: usize) -> Twiddles {
        let mut powers = Vec::with_capacity(n);
        let mut w = Fr::ONE;
        for _ in 0..n {
            powers.push(w);
            w *= omega;
        }
        Twiddles { powers }
    }

    /// omega_N^i: the roots of unity of the largest domain, natural order.
    pub fn roots(&self) -> &[Fr] {
        &self.powers
    }

    /// A_k = sum_i a_i w^(ik) for w the primitive n-th root of unity (n = a.len(), a power of two
    /// dividing N), or with w^-1 and a factor 1/n when `inverse`.
    pub fn fft<T: FftElement>(&self, a: &mut [T], inverse: bool) {
        let n = a.len();
        let big = self.powers.len();
        assert!(n.is_power_of_two() && big.is_multiple_of(n), "FFT size");
        let bits = n.trailing_zeros();
        for i in 0..n {
            let j = if bits == 0 {
                0
            } else {
                i.reverse_bits() >> (usize::BITS - bits)
            };
            if i < j {
                a.swap(i, j);
            }
        }
        let mut len = 2;
        while len <= n {
            let step = big / len;
            for start in (0..n).step_by(len) {
                for j in 0..len / 2 {
                    let (u, v) = (a[start + j], a[start + j + len / 2]);
                    let v = if j == 0 {
                        v
                    } else {
                        let e = if inverse { big - j * step } else { j * step };
                        v.scale(&self.powers[e])
                    };
                    a[start + j] = u.plus(&v);
                    a[start + j + len / 2] = u.minus(&v);
                }
            }
            len *= 2;
        }
        if inverse {
            let inv_n = Fr::from_u64(n as u64).inv_vartime().expect("n < r");
            a.iter_mut().for_each(|x| *x = x.scale(&inv_n));
        }
    }
}
