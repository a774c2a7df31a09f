//! Radix-2 FFTs over F_r and over G1 (the same butterflies; G1 elements are scaled by the
//! twiddles with variable-time multiplications: every value here is public).

use super::{map_on_threads, Fr};
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
        self.butterflies(a, inverse);
        if inverse {
            let inv_n = Fr::from_u64(a.len() as u64).inv_vartime().expect("n < r");
            a.iter_mut().for_each(|x| *x = x.scale(&inv_n));
        }
    }

    /// [`Twiddles::fft`] without the inverse's factor 1/n (`inverse` gives n times the inverse
    /// FFT, for a caller that folds 1/n into scalars it multiplies anyway: over G1 the factor
    /// alone costs n multiplications), on the library's thread budget: the two half-size
    /// transforms side by side, then the last layer's butterflies in two halves. For G1, where
    /// every butterfly is a multiplication.
    pub fn fft_unscaled_on_threads<T: FftElement + Send + Sync>(&self, a: &mut [T], inverse: bool) {
        let n = a.len();
        if tripair::pairing::available_threads() < 2 || n < 4 {
            return self.butterflies(a, inverse);
        }
        self.check_size(n);
        bit_reverse(a);
        let whole: &[T] = a;
        let halves = map_on_threads(&[0, n / 2], 2, |&start| {
            let mut h = whole[start..start + n / 2].to_vec();
            self.layers(&mut h, inverse);
            h
        });
        let step = self.powers.len() / n;
        let js: Vec<usize> = (0..n / 2).collect();
        let top = map_on_threads(&js, 2, |&j| {
            self.butterfly(halves[0][j], halves[1][j], j, step, inverse)
        });
        for (j, (x, y)) in top.into_iter().enumerate() {
            a[j] = x;
            a[j + n / 2] = y;
        }
    }

    fn check_size(&self, n: usize) {
        assert!(
            n.is_power_of_two() && self.powers.len().is_multiple_of(n),
            "FFT size"
        );
    }

    /// The bit-reversal permutation and the radix-2 butterflies (Cooley-Tukey, decimation in
    /// time), with w or w^-1.
    fn butterflies<T: FftElement>(&self, a: &mut [T], inverse: bool) {
        self.check_size(a.len());
        bit_reverse(a);
        self.layers(a, inverse);
    }

    /// Every butterfly layer of a bit-reversed array (blocks of 2, 4, ..., a.len()).
    fn layers<T: FftElement>(&self, a: &mut [T], inverse: bool) {
        let n = a.len();
        let mut len = 2;
        while len <= n {
            let step = self.powers.len() / len;
            for start in (0..n).step_by(len) {
                for j in 0..len / 2 {
                    let (x, y) =
                        self.butterfly(a[start + j], a[start + j + len / 2], j, step, inverse);
                    a[start + j] = x;
                    a[start + j + len / 2] = y;
                }
            }
            len *= 2;
        }
    }

    /// One butterfly, (u + w^j v, u - w^j v), for w = omega_N^step (or its inverse): the root of
    /// unity of a block of N / step.
    #[inline]
    fn butterfly<T: FftElement>(&self, u: T, v: T, j: usize, step: usize, inverse: bool) -> (T, T) {
        let v = if j == 0 {
            v
        } else {
            let e = j * step;
            v.scale(&self.powers[if inverse { self.powers.len() - e } else { e }])
        };
        (u.plus(&v), u.minus(&v))
    }
}

/// The bit-reversal permutation of a slice of power-of-two length.
fn bit_reverse<T>(a: &mut [T]) {
    let bits = a.len().trailing_zeros();
    for i in 0..a.len() {
        let j = super::poly::reverse(i, bits);
        if i < j {
            a.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The threaded G1 transform (two threads where the budget has them) against the plain one:
    /// forward equal, inverse n times the scaled inverse, and back to the input.
    #[test]
    fn g1_fft_on_threads_agrees() {
        let omega = super::super::poly::Domain::new(16).omega_ext();
        let tw = Twiddles::new(omega, 32);
        let g = G1::generator();
        let a: Vec<G1> = (1..=16u64)
            .map(|i| g.mul_scalar_vartime(&Fr::from_u64(i * i + 3)))
            .collect();
        let mut plain = a.clone();
        tw.fft(&mut plain, false);
        let mut threaded = a.clone();
        tw.fft_unscaled_on_threads(&mut threaded, false);
        assert_eq!(threaded, plain);
        let mut inv = plain.clone();
        tw.fft(&mut inv, true);
        assert_eq!(inv, a);
        tw.fft_unscaled_on_threads(&mut plain, true);
        let n = Fr::from_u64(16);
        assert!(plain
            .iter()
            .zip(&a)
            .all(|(x, y)| *x == y.mul_scalar_vartime(&n)));
    }
}
