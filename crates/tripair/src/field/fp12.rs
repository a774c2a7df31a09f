//! `F_p12 = F_p6[w]/(w^2 - v)`: the target field of the pairings, its Frobenius maps, cyclotomic
//! squaring and the sparse products by Miller-loop line values.

use super::fp::{Fp, FpParams};
use super::fp2::{fp2_batch, fp2_batch_into, Fp2, Fp2Job, Fp2Wide, TowerFp, TowerParams};
use super::fp6::Fp6;
use super::kernels::TowerKernels;
use crate::arith::{limbs, Limbs};
use crate::prelude::*;
use core::ops::{Add, Mul, Neg, Sub};

/// `gamma[j-1][k] = xi^(k (p^j - 1) / 6)` for j = 1, 2, 3 and k = 0..5, as Montgomery limbs
/// (c0, c1): the p^j-power Frobenius multiplies the coefficient of w^k by it.
#[derive(Clone, Debug)]
#[doc(hidden)]
pub struct FrobeniusCoeffs<L: Limbs> {
    /// The coefficients, indexed `[j-1][k]`.
    pub gamma: [[(L, L); 6]; 3],
}

impl<L: Limbs> FrobeniusCoeffs<L> {
    /// Derives the coefficients of tower `T` from xi alone: gamma_1 = xi^((p-1)/6) is one
    /// exponentiation; gamma_{2,k} = gamma_{1,k}^(p+1) and gamma_{3,k} = gamma_{2,k} gamma_{1,k}.
    pub fn derive<T: TowerParams>() -> Self
    where
        T::Fp: FpParams<Limbs = L>,
    {
        let p = <T::Fp as FpParams>::MODULUS;
        let mut e = p;
        e.as_mut()[0] -= 1;
        let e = div6(e);
        let g1 = Fp2::<T>::xi().pow_vartime(e.as_ref());
        let mut gamma = [[(L::ZERO, L::ZERO); 6]; 3];
        let mut g = Fp2::<T>::ONE;
        for k in 0..6 {
            let g2 = g * g.conjugate();
            let g3 = g2 * g;
            for (row, v) in gamma.iter_mut().zip([g, g2, g3]) {
                row[k] = (*v.c0.mont_limbs(), *v.c1.mont_limbs());
            }
            g *= g1;
        }
        FrobeniusCoeffs { gamma }
    }
}

fn div6<L: Limbs>(mut a: L) -> L {
    let v = a.as_mut();
    let mut rem: u128 = 0;
    for i in (0..v.len()).rev() {
        let cur = (rem << 64) | v[i] as u128;
        v[i] = (cur / 6) as u64;
        rem = cur % 6;
    }
    assert_eq!(rem, 0, "p - 1 must be divisible by 6");
    a
}

/// Reads `gamma[j-1][k]` as an F_p2 element.
#[inline]
#[doc(hidden)]
pub fn frobenius_gamma<T: TowerParams>(j: usize, k: usize) -> Fp2<T> {
    let (c0, c1) = T::frobenius_coeffs().gamma[j - 1][k];
    Fp2::new(Fp::from_mont(c0), Fp::from_mont(c1))
}

/// c0 + c1 w.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Fp12<T: TowerParams, F: TowerKernels<Params = T::Fp> = TowerFp<T>> {
    /// The coefficient of 1.
    pub c0: Fp6<T, F>,
    /// The coefficient of w.
    pub c1: Fp6<T, F>,
}

impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Fp12<T, F> {
    /// The additive identity 0.
    pub const ZERO: Self = Fp12 {
        c0: Fp6::ZERO,
        c1: Fp6::ZERO,
    };
    /// The multiplicative identity 1.
    pub const ONE: Self = Fp12 {
        c0: Fp6::ONE,
        c1: Fp6::ZERO,
    };

    /// c0 + c1 w.
    pub const fn new(c0: Fp6<T, F>, c1: Fp6<T, F>) -> Self {
        Fp12 { c0, c1 }
    }

    /// Whether the element is 1.
    pub fn is_one(&self) -> bool {
        *self == Self::ONE
    }

    /// The conjugate c0 - c1 w = self^(p^6); the inverse on the cyclotomic subgroup.
    #[inline]
    pub fn conjugate(&self) -> Self {
        Fp12 {
            c0: self.c0,
            c1: -self.c1,
        }
    }

    /// Complex squaring over F_p6: 2 multiplications in F_p6 ([`TowerKernels::fp12_square_assign`]).
    #[inline]
    pub fn square(&self) -> Self {
        let mut r = *self;
        F::fp12_square_assign(&mut r);
        r
    }

    /// self <- self^2 ([`Fp12::square`] in place).
    #[inline]
    pub fn square_assign(&mut self) {
        F::fp12_square_assign(self);
    }

    /// [`Fp12::square`] by the tower's formula, whatever the base field.
    #[inline]
    pub fn square_formula(&self) -> Self {
        if F::SLICED {
            // The 12 F_p2 products of both F_p6 products in one batch.
            let v = batch_fp6_products(&[
                (self.c0, self.c1),
                (self.c0 + self.c1, self.c0 + self.c1.mul_by_v()),
            ]);
            let (ab, x) = (v[0], v[1]);
            return Fp12 {
                c0: x - ab - ab.mul_by_v(),
                c1: ab.double(),
            };
        }
        let ab = self.c0 * self.c1;
        let c0 = (self.c0 + self.c1) * (self.c0 + self.c1.mul_by_v()) - ab - ab.mul_by_v();
        Fp12 {
            c0,
            c1: ab.double(),
        }
    }

    /// The norm to F_p6, c0^2 - v c1^2: where any sum of wide values may be reduced
    /// ([`Fp2::LAZY_FP12`]), the two squares' wide coefficients combined before one reduction per
    /// F_p2 value (3, not 6).
    #[inline]
    fn norm_to_fp6(&self) -> Fp6<T, F> {
        if Fp2::<T, F>::LAZY_FP12 {
            let b = self.c1.square_wide_then(|_, w| w);
            // v (b0 + b1 v + b2 v^2) = xi b2 + b0 v + b1 v^2.
            let vb = [b[2].mul_by_xi(), b[0], b[1]];
            let [c0, c1, c2] = self.c0.square_wide_then(|i, a| (a - vb[i]).reduce());
            return Fp6::new(c0, c1, c2);
        }
        self.c0.square() - self.c1.square().mul_by_v()
    }

    /// Inverse through the norm to F_p6 (constant time; inverse of 0 is 0).
    pub fn inv(&self) -> Self {
        let t = self.norm_to_fp6().inv();
        Fp12 {
            c0: self.c0 * t,
            c1: -(self.c1 * t),
        }
    }

    /// Variable-time inverse through the norm maps; `None` for 0.
    pub fn inv_vartime(&self) -> Option<Self> {
        let t = self.norm_to_fp6().inv_vartime()?;
        Some(Fp12 {
            c0: self.c0 * t,
            c1: -(self.c1 * t),
        })
    }

    /// The p^j-power Frobenius, using the derived coefficients (j taken mod 12).
    pub fn frobenius_map(&self, j: usize) -> Self {
        let j = j % 12;
        if j == 0 {
            return *self;
        }
        if j > 3 {
            let mut r = *self;
            for _ in 0..j / 3 {
                r = r.frobenius_map(3);
            }
            return r.frobenius_map(j % 3);
        }
        // Coefficient of w^k: e0 = c0.c0, e1 = c1.c0, e2 = c0.c1, e3 = c1.c1, e4 = c0.c2, e5 = c1.c2.
        let f = |a: &Fp2<T, F>, k: usize| {
            let a = a.frobenius_map(j);
            if k == 0 {
                a
            } else {
                a * Fp2::splat(&frobenius_gamma::<T>(j, k))
            }
        };
        Fp12 {
            c0: Fp6::new(f(&self.c0.c0, 0), f(&self.c0.c1, 2), f(&self.c0.c2, 4)),
            c1: Fp6::new(f(&self.c1.c0, 1), f(&self.c1.c1, 3), f(&self.c1.c2, 5)),
        }
    }

    /// Squaring in the cyclotomic subgroup (Granger–Scott, PKC 2010, Section 3.2): viewing
    /// `F_p12 = F_p4[w]/(w^3 - s)`, s = w^3, f = A + B w + C w^2 with A, B, C in `F_p4 = F_p2[s]`:
    /// f^2 = (3A^2 - 2 conj(A)) + (3 s C^2 + 2 conj(B)) w + (3 B^2 - 2 conj(C)) w^2.
    /// Only valid for elements of norm 1 (outputs of the easy part of the final exponentiation).
    #[inline]
    pub fn cyclotomic_square(&self) -> Self {
        F::fp12_cyclotomic_square(self)
    }

    /// [`Fp12::cyclotomic_square`] by the tower's formulas, whatever the base field (the default
    /// of [`TowerKernels::fp12_cyclotomic_square`]).
    #[inline(always)]
    pub fn cyclotomic_square_formula(&self) -> Self {
        // A = e0 + e3 s, B = e1 + e4 s, C = e2 + e5 s.
        if F::SLICED {
            // The three F_p4 squares' nine F_p2 squares in one batch.
            let e = [self.c1.c0, self.c0.c1, self.c0.c2, self.c1.c2];
            let [a, b, c] = fp4_squares(&[(self.c0.c0, self.c1.c1), (e[0], e[2]), (e[1], e[3])]);
            let [e1, e2, e4, e5] = square_bc_from(&e, b, c);
            return Fp12 {
                c0: Fp6::new(three_minus_two(&a.0, &self.c0.c0), e2, e4),
                c1: Fp6::new(e1, three_plus_two(&a.1, &self.c1.c1), e5),
            };
        }
        let (a0, a1) = fp4_square(&self.c0.c0, &self.c1.c1);
        // A' = 3A^2 - 2 conj(A)
        let e0 = three_minus_two(&a0, &self.c0.c0);
        let e3 = three_plus_two(&a1, &self.c1.c1);
        let [e1, e2, e4, e5] = square_bc(&[self.c1.c0, self.c0.c1, self.c0.c2, self.c1.c2]);
        Fp12 {
            c0: Fp6::new(e0, e2, e4),
            c1: Fp6::new(e1, e3, e5),
        }
    }

    /// Karabina's compressed form of an element of the cyclotomic subgroup: the coefficients
    /// (e1, e2, e4, e5) of w, w^2, w^4, w^5, which square on their own (Karabina, "Squaring in
    /// cyclotomic subgroups", Math. Comp. 2013; as used by Aranha–Karabina–Longa–Gebotys–López,
    /// EUROCRYPT 2011, Section 5.2).
    #[inline]
    pub fn compress_cyclotomic(&self) -> CompressedCyclotomic<T, F> {
        CompressedCyclotomic([self.c1.c0, self.c0.c1, self.c0.c2, self.c1.c2])
    }

    /// self^e in the cyclotomic subgroup for a public exponent given in NAF, most significant digit
    /// first, by compressed squarings: the powers f^(2^i) at the non-zero digits are decompressed
    /// together with one F_p2 inversion. Pays off when e has few non-zero digits. Constant time in
    /// self; the schedule depends on e only.
    pub fn cyclotomic_exp_naf_compressed(&self, naf_msb_first: &[i8]) -> Self {
        self.cyclotomic_exp_naf_compressed_with(naf_msb_first, &TowerChains)
    }

    /// [`Fp12::cyclotomic_exp_naf_compressed`] with its chain of squares computed by `chains`.
    pub fn cyclotomic_exp_naf_compressed_with(
        &self,
        naf_msb_first: &[i8],
        chains: &impl SquareChains<T, F>,
    ) -> Self {
        let mut powers = Vec::new();
        let mut digits = Vec::new();
        let c = self.compress_cyclotomic();
        let top = naf_msb_first.iter().position(|&d| d != 0);
        let Some(top) = top else { return Self::ONE };
        // The non-zero digits, least significant first, and i > 0 where f^(2^i) is needed.
        let mut at = Vec::new();
        for (i, &d) in naf_msb_first[top..].iter().rev().enumerate() {
            if d != 0 {
                digits.push((d, i == 0));
                if i > 0 {
                    at.push(i);
                }
            }
        }
        c.square_chain_with(&at, chains, |_, x| powers.push(x));
        let mut decompressed = CompressedCyclotomic::decompress_batch(&powers).into_iter();
        let mut r = Self::ONE;
        let mut first = true;
        for (d, is_self) in digits {
            let x = if is_self {
                *self
            } else {
                decompressed.next().expect("one per power")
            };
            let x = if d < 0 { x.conjugate() } else { x };
            r = if first { x } else { r * x };
            first = false;
        }
        r
    }

    /// self^e in the cyclotomic subgroup for a public exponent given in NAF or width-w NAF, most
    /// significant digit first (negative digits use the conjugate, which is the inverse there):
    /// odd digits up to d read a table of self, self^3, ..., self^d. Time depends only on e.
    pub fn cyclotomic_exp_naf(&self, naf_msb_first: &[i8]) -> Self {
        self.cyclotomic_exp_naf_with(naf_msb_first, &TowerChains)
    }

    /// [`Fp12::cyclotomic_exp_naf`] with its runs of squares computed by `chains`.
    pub fn cyclotomic_exp_naf_with(
        &self,
        naf_msb_first: &[i8],
        chains: &impl SquareChains<T, F>,
    ) -> Self {
        let max = naf_msb_first
            .iter()
            .map(|d| d.unsigned_abs())
            .max()
            .unwrap_or(0);
        // odd[k] = self^(2k + 1); a plain NAF needs only self.
        let mut odd = Vec::with_capacity(usize::from(max).div_ceil(2));
        odd.push(*self);
        if max > 1 {
            let sq = self.cyclotomic_square();
            for k in 1..usize::from(max).div_ceil(2) {
                let next = odd[k - 1] * sq;
                odd.push(next);
            }
        }
        let mut r = Self::ONE;
        let mut started = false;
        // Squares are counted and done as one run before each product (and at the end).
        let mut pending = 0;
        for &d in naf_msb_first {
            if started {
                pending += 1;
            }
            if d != 0 {
                r = r.cyclotomic_square_n_with(pending, chains);
                pending = 0;
                let x = odd[usize::from(d.unsigned_abs() / 2)];
                let x = if d < 0 { x.conjugate() } else { x };
                r = if started { r * x } else { x };
                started = true;
            }
        }
        r.cyclotomic_square_n_with(pending, chains)
    }

    /// self^(2^n) in the cyclotomic subgroup: n cyclotomic squares, as one run of the base
    /// field's own kernel where it has one ([`TowerKernels::cyclotomic_square_chain`] asked for
    /// one power) and the run has at least two squares.
    pub fn cyclotomic_square_n(&self, n: usize) -> Self {
        self.cyclotomic_square_n_with(n, &TowerChains)
    }

    /// [`Fp12::cyclotomic_square_n`] with the run computed by `chains` where it has one that
    /// applies and the run has at least two squares (in the IFMA lanes, entering and leaving cost
    /// about one square).
    pub fn cyclotomic_square_n_with(&self, n: usize, chains: &impl SquareChains<T, F>) -> Self {
        if n == 0 {
            return *self;
        }
        let mut run = None;
        if n >= 2 && chains.cyclotomic(self, &[n], &mut |_, x| run = Some(x)) {
            if let Some(r) = run {
                return r;
            }
        }
        let mut r = *self;
        for _ in 0..n {
            r = r.cyclotomic_square();
        }
        r
    }

    /// `emit(k, self^(2^k))` for each k of `at` (ascending), in order, along one chain of
    /// cyclotomic squares (the base field's own kernel where it has one,
    /// [`TowerKernels::cyclotomic_square_chain`]; otherwise by runs of [`Fp12::cyclotomic_square_n`]).
    pub fn cyclotomic_square_chain(&self, at: &[usize], emit: impl FnMut(usize, Self)) {
        self.cyclotomic_square_chain_with(at, &TowerChains, emit);
    }

    /// [`Fp12::cyclotomic_square_chain`] computed by `chains` where it has a chain that applies
    /// (otherwise by runs of [`Fp12::cyclotomic_square_n_with`]).
    pub fn cyclotomic_square_chain_with(
        &self,
        at: &[usize],
        chains: &impl SquareChains<T, F>,
        mut emit: impl FnMut(usize, Self),
    ) {
        if chains.cyclotomic(self, at, &mut emit) {
            return;
        }
        let (mut g, mut done) = (*self, 0);
        for &k in at {
            g = g.cyclotomic_square_n_with(k - done, chains);
            done = k;
            emit(k, g);
        }
    }

    /// self^e for a public exponent (little-endian limbs), by plain square-and-multiply.
    pub fn pow_vartime(&self, e: &[u64]) -> Self {
        let mut r = Self::ONE;
        for i in (0..e.len() * 64).rev() {
            r = r.square();
            if (e[i / 64] >> (i % 64)) & 1 == 1 {
                r *= *self;
            }
        }
        r
    }

    /// self * (a + b w + c w^3): the line value of a D-type twist (coefficients of w^0, w^1, w^3).
    #[inline]
    pub fn mul_by_line_d(&self, a: &Fp2<T, F>, b: &Fp2<T, F>, c: &Fp2<T, F>) -> Self {
        if F::SLICED {
            // The eager formula's 13 F_p2 products in one batch.
            let (f0, f1) = (&self.c0, &self.c1);
            let v: [Fp2<T, F>; 13] = fp2_batch(&concat_jobs(&[
                &f0.mul_by_fp2_jobs(a),
                &f1.mul_by_01_jobs(b, c),
                &(*f0 + *f1).mul_by_01_jobs(&(*a + *b), c),
            ]));
            let t0 = Fp6::new(v[0], v[1], v[2]);
            let t1 = Fp6::mul_by_01_from(v[3..8].try_into().expect("5 results"));
            let x = Fp6::mul_by_01_from(v[8..13].try_into().expect("5 results"));
            return karatsuba_finish(t0, t1, x);
        }
        if Fp2::<T, F>::LAZY_FP12 {
            // As below on unreduced products: 6 reductions of F_p2 values instead of 9 (measured
            // with tower_cycles, interleaved: 7% faster on bn254, whose twist is D-type).
            let (f0, f1) = (&self.c0, &self.c1);
            let t0 = [f0.c0.mul_wide(a), f0.c1.mul_wide(a), f0.c2.mul_wide(a)];
            let t1 = f1.mul_by_01_wide(b, c);
            let x = (*f0 + *f1).mul_by_01_wide(&(*a + *b), c);
            return lazy_karatsuba_finish(&t0, &t1, &x);
        }
        self.mul_by_line_d_eager(a, b, c)
    }

    /// [`Fp12::mul_by_line_d`] with every F_p6 product reduced (without [`Fp2::LAZY_FP12`]).
    #[inline]
    fn mul_by_line_d_eager(&self, a: &Fp2<T, F>, b: &Fp2<T, F>, c: &Fp2<T, F>) -> Self {
        // (f0 + f1 w)(a + (b + c v) w)
        let t0 = self.c0.mul_by_fp2(a);
        let t1 = self.c1.mul_by_01(b, c);
        karatsuba_finish(t0, t1, (self.c0 + self.c1).mul_by_01(&(*a + *b), c))
    }

    /// self <- self * (a + (b + c v) w) ([`Fp12::mul_by_line_d`] in place, through
    /// [`TowerKernels::fp12_mul_by_line_assign`]).
    #[inline]
    pub fn mul_by_line_d_assign(&mut self, a: &Fp2<T, F>, b: &Fp2<T, F>, c: &Fp2<T, F>) {
        F::fp12_mul_by_line_assign::<T, false>(self, [a, b, c]);
    }

    /// self <- self * ((a + b v) + (c v) w) ([`Fp12::mul_by_line_m`] in place, through
    /// [`TowerKernels::fp12_mul_by_line_assign`]).
    #[inline]
    pub fn mul_by_line_m_assign(&mut self, a: &Fp2<T, F>, b: &Fp2<T, F>, c: &Fp2<T, F>) {
        F::fp12_mul_by_line_assign::<T, true>(self, [a, b, c]);
    }

    /// self * (a + b w^2 + c w^3): the line value of an M-type twist (coefficients of w^0, w^2, w^3).
    #[inline]
    pub fn mul_by_line_m(&self, a: &Fp2<T, F>, b: &Fp2<T, F>, c: &Fp2<T, F>) -> Self {
        if F::SLICED {
            // The eager formula's 13 F_p2 products in one batch.
            let (f0, f1) = (&self.c0, &self.c1);
            let v: [Fp2<T, F>; 13] = fp2_batch(&concat_jobs(&[
                &f0.mul_by_01_jobs(a, b),
                &f1.mul_by_1_jobs(c),
                &(*f0 + *f1).mul_by_01_jobs(a, &(*b + *c)),
            ]));
            let t0 = Fp6::mul_by_01_from(v[0..5].try_into().expect("5 results"));
            let t1 = Fp6::mul_by_1_from(v[5..8].try_into().expect("3 results"));
            let x = Fp6::mul_by_01_from(v[8..13].try_into().expect("5 results"));
            return karatsuba_finish(t0, t1, x);
        }
        if Fp2::<T, F>::LAZY_FP12 {
            // As below on unreduced products: 6 reductions of F_p2 values instead of 9 (measured
            // with tower_cycles, interleaved: 1-2% faster on bls12-381, whose twist is M-type).
            let (f0, f1) = (&self.c0, &self.c1);
            let t0 = f0.mul_by_01_wide(a, b);
            // f1 * (c v) = (xi f1.c2 c, f1.c0 c, f1.c1 c)
            let t1 = [
                f1.c2.mul_wide(c).mul_by_xi(),
                f1.c0.mul_wide(c),
                f1.c1.mul_wide(c),
            ];
            let x = (*f0 + *f1).mul_by_01_wide(a, &(*b + *c));
            return lazy_karatsuba_finish(&t0, &t1, &x);
        }
        self.mul_by_line_m_eager(a, b, c)
    }

    /// [`Fp12::mul_by_line_m`] with every F_p6 product reduced (without [`Fp2::LAZY_FP12`]).
    #[inline]
    fn mul_by_line_m_eager(&self, a: &Fp2<T, F>, b: &Fp2<T, F>, c: &Fp2<T, F>) -> Self {
        // (f0 + f1 w)((a + b v) + (c v) w)
        let t0 = self.c0.mul_by_01(a, b);
        let t1 = self.c1.mul_by_1(c);
        karatsuba_finish(t0, t1, (self.c0 + self.c1).mul_by_01(a, &(*b + *c)))
    }

    /// self * (1 + b w + c w^3): a D-type line scaled to constant term 1, 10 F_p2 products
    /// instead of 13 (Acar–Lauter–Naehrig–Shumow 2011 scale affine lines likewise).
    #[inline]
    pub fn mul_by_line_d_normalized(&self, b: &Fp2<T, F>, c: &Fp2<T, F>) -> Self {
        // (f0 + f1 w)(1 + (b + c v) w) = (f0 + f1 (b + c v) v) + (f0 (b + c v) + f1) w
        let t1 = self.c1.mul_by_01(b, c);
        Fp12 {
            c0: self.c0 + t1.mul_by_v(),
            c1: self.c0.mul_by_01(b, c) + self.c1,
        }
    }

    /// self * (a + b w^2 + w^3): an M-type line scaled to w^3-coefficient 1, 10 F_p2 products
    /// instead of 13.
    #[inline]
    pub fn mul_by_line_m_normalized(&self, a: &Fp2<T, F>, b: &Fp2<T, F>) -> Self {
        // (f0 + f1 w)((a + b v) + v w) = (f0 (a + b v) + f1 v^2) + (f0 v + f1 (a + b v)) w
        let t0 = self.c0.mul_by_01(a, b);
        Fp12 {
            c0: t0 + self.c1.mul_by_v().mul_by_v(),
            c1: self.c0.mul_by_v() + self.c1.mul_by_01(a, b),
        }
    }

    /// `self` where mask = 0, `other` where mask = !0.
    pub fn select(&self, other: &Self, mask: F::Mask) -> Self {
        Fp12 {
            c0: self.c0.select(&other.c0, mask),
            c1: self.c1.select(&other.c1, mask),
        }
    }
}

impl<T: TowerParams> Fp12<T> {
    /// Whether every coefficient is 0.
    pub fn is_zero(&self) -> bool {
        self.c0.is_zero() & self.c1.is_zero()
    }

    /// The 12 F_p coefficients in tower order c0.c0.c0, c0.c0.c1, c0.c1.c0, ..., c1.c2.c1.
    pub fn coefficients(&self) -> [Fp<T::Fp>; 12] {
        let mut out = [Fp::ZERO; 12];
        for (i, c) in [self.c0, self.c1].iter().enumerate() {
            for (j, d) in [c.c0, c.c1, c.c2].iter().enumerate() {
                out[6 * i + 2 * j] = d.c0;
                out[6 * i + 2 * j + 1] = d.c1;
            }
        }
        out
    }

    /// The element with these 12 F_p coefficients in tower order (the inverse of
    /// [`Fp12::coefficients`]).
    pub fn from_coefficients(c: &[Fp<T::Fp>; 12]) -> Self {
        let f2 = |i: usize| Fp2::new(c[i], c[i + 1]);
        Fp12 {
            c0: Fp6::new(f2(0), f2(2), f2(4)),
            c1: Fp6::new(f2(6), f2(8), f2(10)),
        }
    }
}

/// The end of a Karatsuba product over F_p6: with t0 = f0 g0, t1 = f1 g1 and
/// x = (f0 + f1)(g0 + g1), the product (t0 + t1 v) + (x - t0 - t1) w.
#[inline(always)]
fn karatsuba_finish<T: TowerParams, F: TowerKernels<Params = T::Fp>>(
    t0: Fp6<T, F>,
    t1: Fp6<T, F>,
    x: Fp6<T, F>,
) -> Fp12<T, F> {
    Fp12 {
        c0: t0 + t1.mul_by_v(),
        c1: x - t0 - t1,
    }
}

/// The F_p2 jobs of several parts one after another (at most 18 in all).
#[inline(always)]
fn concat_jobs<T: TowerParams, F: TowerKernels<Params = T::Fp>, const K: usize>(
    parts: &[&[Fp2Job<T, F>]],
) -> [Fp2Job<T, F>; K] {
    let mut out = [Fp2Job::Square(Fp2::ZERO); K];
    let mut n = 0;
    for part in parts {
        out[n..n + part.len()].copy_from_slice(part);
        n += part.len();
    }
    assert_eq!(n, K, "the parts fill the batch");
    out
}

/// Two F_p6 factors.
type Fp6Pair<T, F> = (Fp6<T, F>, Fp6<T, F>);

/// An element a0 + a1 s of `F_p4 = F_p2[s]/(s^2 - xi)` as its two coefficients.
type Fp4<T, F> = (Fp2<T, F>, Fp2<T, F>);

/// The Karatsuba products f g of K <= 3 pairs of F_p6 values, their 6K F_p2 products in one
/// [`fp2_batch`] (a digit-sliced field computes the F_p products side by side).
#[inline(always)]
fn batch_fp6_products<T: TowerParams, F: TowerKernels<Params = T::Fp>, const K: usize>(
    pairs: &[Fp6Pair<T, F>; K],
) -> [Fp6<T, F>; K] {
    // Only the first 6K jobs are batched: no padding products.
    let (mut jobs, mut v) = ([Fp2Job::Square(Fp2::ZERO); 18], [Fp2::ZERO; 18]);
    for (k, (f, g)) in pairs.iter().enumerate() {
        jobs[6 * k..6 * k + 6].copy_from_slice(&f.mul_jobs(g));
    }
    fp2_batch_into(&jobs[..6 * K], &mut v[..6 * K]);
    core::array::from_fn(|k| Fp6::mul_from(v[6 * k..6 * k + 6].try_into().expect("6 results")))
}

/// The end of a Karatsuba product over F_p6 on unreduced values: with t0 = f0 g0, t1 = f1 g1 and
/// x = (f0 + f1)(g0 + g1), the product (t0 + t1 v) + (x - t0 - t1) w, each coefficient reduced once.
#[inline(always)]
fn lazy_karatsuba_finish<T: TowerParams, F: TowerKernels<Params = T::Fp>>(
    t0: &[Fp2Wide<T, F>; 3],
    t1: &[Fp2Wide<T, F>; 3],
    x: &[Fp2Wide<T, F>; 3],
) -> Fp12<T, F> {
    // t1 v = (xi t1[2], t1[0], t1[1])
    Fp12 {
        c0: Fp6::new(
            (t0[0] + t1[2].mul_by_xi()).reduce(),
            (t0[1] + t1[0]).reduce(),
            (t0[2] + t1[1]).reduce(),
        ),
        c1: Fp6::new(
            (x[0] - t0[0] - t1[0]).reduce(),
            (x[1] - t0[1] - t1[1]).reduce(),
            (x[2] - t0[2] - t1[2]).reduce(),
        ),
    }
}

/// (a0 + a1 s)^2 in `F_p4 = F_p2[s]/(s^2 - xi)`: (a0^2 + xi a1^2) + 2 a0 a1 s
/// ([`TowerKernels::fp4_square`]: the formula below unless the base field has one kernel for it).
#[inline(always)]
fn fp4_square<T: TowerParams, F: TowerKernels<Params = T::Fp>>(
    a0: &Fp2<T, F>,
    a1: &Fp2<T, F>,
) -> (Fp2<T, F>, Fp2<T, F>) {
    F::fp4_square(a0, a1)
}

/// [`fp4_square`] by the tower's formulas, whatever the base field (the default of
/// [`TowerKernels::fp4_square`]).
#[doc(hidden)]
#[inline]
pub fn fp4_square_formula<T: TowerParams, F: TowerKernels<Params = T::Fp>>(
    a0: &Fp2<T, F>,
    a1: &Fp2<T, F>,
) -> (Fp2<T, F>, Fp2<T, F>) {
    // Where F_p2 squares are fused products ([`BaseField::MUL_UNREDUCED_LEFT`]), the reduced
    // formula below is the faster one: fewer instructions than six wide products, four
    // reductions and the wide sums between them.
    if Fp2::<T, F>::LAZY && !F::MUL_UNREDUCED_LEFT {
        // The same on unreduced squares: 2 reductions of F_p2 values instead of 3.
        let t0 = a0.square_wide();
        let t1 = a1.square_wide();
        let c1 = (*a0 + *a1).square_wide() - t0 - t1;
        return ((t0 + t1.mul_by_xi()).reduce(), c1.reduce());
    }
    let t0 = a0.square();
    let t1 = a1.square();
    fp4_square_from(&[t0, t1, (*a0 + *a1).square()])
}

/// The three F_p2 squares of (a0 + a1 s)^2, for [`fp4_square_from`].
#[inline(always)]
fn fp4_square_jobs<T: TowerParams, F: TowerKernels<Params = T::Fp>>(
    a0: &Fp2<T, F>,
    a1: &Fp2<T, F>,
) -> [Fp2Job<T, F>; 3] {
    [
        Fp2Job::Square(*a0),
        Fp2Job::Square(*a1),
        Fp2Job::Square(*a0 + *a1),
    ]
}

/// (a0 + a1 s)^2 from a0^2, a1^2 and (a0 + a1)^2.
#[inline(always)]
fn fp4_square_from<T: TowerParams, F: TowerKernels<Params = T::Fp>>(
    v: &[Fp2<T, F>; 3],
) -> (Fp2<T, F>, Fp2<T, F>) {
    let [t0, t1, s] = *v;
    (t0 + t1.mul_by_xi(), s - t0 - t1)
}

/// Several F_p4 squares, their F_p2 squares in one [`fp2_batch`].
#[inline(always)]
fn fp4_squares<T: TowerParams, F: TowerKernels<Params = T::Fp>, const K: usize>(
    xs: &[Fp4<T, F>; K],
) -> [Fp4<T, F>; K] {
    // Only the first 3K jobs are batched: no padding squares.
    let (mut jobs, mut v) = ([Fp2Job::Square(Fp2::ZERO); 9], [Fp2::ZERO; 9]);
    for (k, (a0, a1)) in xs.iter().enumerate() {
        jobs[3 * k..3 * k + 3].copy_from_slice(&fp4_square_jobs(a0, a1));
    }
    fp2_batch_into(&jobs[..3 * K], &mut v[..3 * K]);
    core::array::from_fn(|k| fp4_square_from(v[3 * k..3 * k + 3].try_into().expect("3 results")))
}

/// 3a - 2b.
#[inline(always)]
fn three_minus_two<T: TowerParams, F: TowerKernels<Params = T::Fp>>(
    a: &Fp2<T, F>,
    b: &Fp2<T, F>,
) -> Fp2<T, F> {
    (*a - *b).double() + *a
}

/// 3a + 2b.
#[inline(always)]
fn three_plus_two<T: TowerParams, F: TowerKernels<Params = T::Fp>>(
    a: &Fp2<T, F>,
    b: &Fp2<T, F>,
) -> Fp2<T, F> {
    (*a + *b).double() + *a
}

/// The B and C parts of the Granger–Scott square, [e1, e2, e4, e5] -> their new values
/// (B' = 3 s C^2 + 2 conj(B), C' = 3 B^2 - 2 conj(C)): they do not depend on A, which is what
/// makes Karabina's compression work.
#[inline(always)]
pub(crate) fn square_bc<T: TowerParams, F: TowerKernels<Params = T::Fp>>(
    e: &[Fp2<T, F>; 4],
) -> [Fp2<T, F>; 4] {
    let [e1, e2, e4, e5] = e;
    if F::SLICED {
        // Both F_p4 squares' six F_p2 squares in one batch.
        let [b, c] = fp4_squares(&[(*e1, *e4), (*e2, *e5)]);
        return square_bc_from(e, b, c);
    }
    square_bc_from(e, fp4_square(e1, e4), fp4_square(e2, e5))
}

/// [`square_bc`] from B^2 = (b0, b1) and C^2 = (c0, c1).
#[inline(always)]
fn square_bc_from<T: TowerParams, F: TowerKernels<Params = T::Fp>>(
    e: &[Fp2<T, F>; 4],
    (b0, b1): (Fp2<T, F>, Fp2<T, F>),
    (c0, c1): (Fp2<T, F>, Fp2<T, F>),
) -> [Fp2<T, F>; 4] {
    let [e1, e2, e4, e5] = e;
    // s C^2 = xi c1 + c0 s
    let sc0 = c1.mul_by_xi();
    [
        three_plus_two(&sc0, e1),
        three_minus_two(&b0, e2),
        three_minus_two(&c0, e4),
        three_plus_two(&b1, e5),
    ]
}

/// Where the chains of squares of a cyclotomic exponentiation run: the choice of the caller (the
/// final exponentiation, an exponentiation in GT), not of the base field. [`TowerChains`] squares
/// in the tower with the base field's own kernels; the scalar field's final exponentiation may
/// run its chains digit-sliced in SIMD lanes (`crate::field::lanes::LaneChains`).
pub trait SquareChains<T: TowerParams, F: TowerKernels<Params = T::Fp>> {
    /// `emit(k, f^(2^k))` for each k of `at` (ascending) along one chain of cyclotomic squares
    /// computed by this strategy; false (nothing emitted) where it has none that applies, and the
    /// caller squares in the tower ([`Fp12::cyclotomic_square`]).
    fn cyclotomic(
        &self,
        f: &Fp12<T, F>,
        at: &[usize],
        emit: &mut dyn FnMut(usize, Fp12<T, F>),
    ) -> bool;
    /// `emit(k, c^(2^k))` in Karabina's compressed form [e1, e2, e4, e5] for each k of `at`
    /// (ascending) along one chain computed by this strategy; false (nothing emitted) where it has
    /// none that applies, and the caller squares in the tower ([`CompressedCyclotomic::square`]).
    fn compressed(
        &self,
        c: &[Fp2<T, F>; 4],
        at: &[usize],
        emit: &mut dyn FnMut(usize, [Fp2<T, F>; 4]),
    ) -> bool;
}

impl<T: TowerParams, F: TowerKernels<Params = T::Fp>, S: SquareChains<T, F> + ?Sized>
    SquareChains<T, F> for &S
{
    #[inline]
    fn cyclotomic(
        &self,
        f: &Fp12<T, F>,
        at: &[usize],
        emit: &mut dyn FnMut(usize, Fp12<T, F>),
    ) -> bool {
        (**self).cyclotomic(f, at, emit)
    }
    #[inline]
    fn compressed(
        &self,
        c: &[Fp2<T, F>; 4],
        at: &[usize],
        emit: &mut dyn FnMut(usize, [Fp2<T, F>; 4]),
    ) -> bool {
        (**self).compressed(c, at, emit)
    }
}

/// The chains of squares in the tower, on the base field's own kernels: a run of cyclotomic
/// squares in one kernel where the base field has one ([`TowerKernels::cyclotomic_square_chain`]),
/// otherwise one square at a time.
#[derive(Clone, Copy, Debug, Default)]
#[doc(hidden)]
pub struct TowerChains;

impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> SquareChains<T, F> for TowerChains {
    #[inline]
    fn cyclotomic(
        &self,
        f: &Fp12<T, F>,
        at: &[usize],
        emit: &mut dyn FnMut(usize, Fp12<T, F>),
    ) -> bool {
        F::cyclotomic_square_chain(f, at, emit)
    }
    #[inline]
    fn compressed(
        &self,
        _c: &[Fp2<T, F>; 4],
        _at: &[usize],
        _emit: &mut dyn FnMut(usize, [Fp2<T, F>; 4]),
    ) -> bool {
        false
    }
}

/// An element of the cyclotomic subgroup of F_p12 in Karabina's compressed form (see
/// [`Fp12::compress_cyclotomic`]): [e1, e2, e4, e5].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompressedCyclotomic<T: TowerParams, F: TowerKernels<Params = T::Fp> = TowerFp<T>>(
    [Fp2<T, F>; 4],
);

impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> CompressedCyclotomic<T, F> {
    /// The compressed form of the square: 6 F_p2 squarings against 9 for the full square. Out of
    /// line: inlined into the exponentiation loop it measured 5% slower (bls12-381 final
    /// exponentiation, side by side).
    #[inline(never)]
    pub fn square(&self) -> Self {
        CompressedCyclotomic(F::compressed_cyclotomic_square(&self.0))
    }

    /// `emit(k, self^(2^k))` for each k of `at` (ascending), in order, along one chain of
    /// compressed squares, one [`CompressedCyclotomic::square`] at a time.
    pub fn square_chain(&self, at: &[usize], emit: impl FnMut(usize, Self)) {
        self.square_chain_with(at, &TowerChains, emit);
    }

    /// [`CompressedCyclotomic::square_chain`] computed by `chains` where it has a chain that
    /// applies (otherwise one [`CompressedCyclotomic::square`] at a time).
    pub fn square_chain_with(
        &self,
        at: &[usize],
        chains: &impl SquareChains<T, F>,
        mut emit: impl FnMut(usize, Self),
    ) {
        if chains.compressed(&self.0, at, &mut |k, x| emit(k, CompressedCyclotomic(x))) {
            return;
        }
        let (mut c, mut done) = (*self, 0);
        for &k in at {
            for _ in done..k {
                c = c.square();
            }
            done = k;
            emit(k, c);
        }
    }

    /// The coefficients [e1, e2, e4, e5] of w, w^2, w^4 and w^5.
    pub fn parts(&self) -> &[Fp2<T, F>; 4] {
        &self.0
    }

    /// The full elements, with one shared F_p2 inversion (Montgomery's trick). With
    /// g = e1 != 0: e3 = (xi e5^2 + 3 e2^2 - 2 e4) / (4 e1); otherwise e3 = 2 e2 e5 / e4; then
    /// e0 = xi (2 e3^2 + e1 e5 - 3 e2 e4) + 1 (Karabina 2013, Section 3; the tests check these
    /// against full squarings). Constant time: both cases are computed and selected; a zero
    /// denominator (e1 = e4 = 0, as in the identity) counts as 1.
    pub fn decompress_batch(cs: &[Self]) -> Vec<Fp12<T, F>> {
        let mut num = Vec::with_capacity(cs.len());
        let mut den = Vec::with_capacity(cs.len());
        for c in cs {
            let [e1, e2, e4, e5] = c.0;
            let e1_zero = e1.ct_eq_mask(&Fp2::ZERO);
            let n1 = e5.square().mul_by_xi() + three_minus_two(&e2.square(), &e4);
            let d1 = e1.double().double();
            let n2 = (e2 * e5).double();
            let n = n1.select(&n2, e1_zero);
            let d = d1.select(&e4, e1_zero);
            let d = d.select(&Fp2::ONE, d.ct_eq_mask(&Fp2::ZERO));
            num.push(n);
            den.push(d);
        }
        // Montgomery's trick: prefix products, one inversion, then back.
        let mut prefix = Vec::with_capacity(den.len());
        let mut acc = Fp2::ONE;
        for d in &den {
            prefix.push(acc);
            acc *= *d;
        }
        let mut inv = acc.inv();
        let mut out = vec![Fp12::ONE; cs.len()];
        for i in (0..cs.len()).rev() {
            let e3 = num[i] * (inv * prefix[i]);
            inv *= den[i];
            let [e1, e2, e4, e5] = cs[i].0;
            let t = e3.square().double() + e1 * e5 - (e2 * e4).mul_small(3);
            let e0 = t.mul_by_xi() + Fp2::ONE;
            out[i] = Fp12 {
                c0: Fp6::new(e0, e2, e4),
                c1: Fp6::new(e1, e3, e5),
            };
        }
        out
    }
}

/// Non-adjacent form of a non-negative integer (little-endian limbs), most significant digit first.
#[doc(hidden)]
pub fn naf_msb_first(e: &[u64]) -> Vec<i8> {
    wnaf_msb_first(e, 2)
}

/// Width-w NAF (2 <= w <= 7) of a non-negative integer (little-endian limbs), most significant
/// digit first: odd digits of absolute value below 2^(w-1), at least w - 1 zeros after each
/// non-zero one (w = 2 is the NAF).
#[doc(hidden)]
pub fn wnaf_msb_first(e: &[u64], w: u32) -> Vec<i8> {
    assert!((2..=7).contains(&w), "window width 2..=7");
    let mut k: Vec<u64> = e.to_vec();
    k.push(0);
    let mut digits = Vec::new();
    let is_zero = |k: &[u64]| k.iter().all(|&x| x == 0);
    let (modulus, half) = (1i64 << w, 1i64 << (w - 1));
    while !is_zero(&k) {
        let d: i8 = if k[0] & 1 == 1 {
            // k mod 2^w, taken into (-2^(w-1), 2^(w-1)); k - d is then divisible by 2^w.
            let mut d = (k[0] & (modulus as u64 - 1)) as i64;
            if d >= half {
                d -= modulus;
            }
            if d > 0 {
                sub_small(&mut k, d as u64);
            } else {
                add_small(&mut k, d.unsigned_abs());
            }
            d as i8
        } else {
            0
        };
        digits.push(d);
        let n = k.len();
        for i in 0..n {
            let next = if i + 1 < n { k[i + 1] } else { 0 };
            k[i] = (k[i] >> 1) | (next << 63);
        }
    }
    digits.reverse();
    digits
}

/// The cost of an exponentiation by the digits `d` (a width-w NAF, most significant first) with
/// full cyclotomic squarings, in tenths of a cyclotomic squaring: one squaring per digit after the
/// first, one F_p12 product (2.1 squarings on bn254 and bls12-381, `tripair bench --peers`) per
/// non-zero digit after the first, and the table of odd powers up to the largest digit (one
/// squaring and one product per entry after the first).
#[doc(hidden)]
pub fn uncompressed_exp_cost(d: &[i8]) -> usize {
    let nonzero = d.iter().filter(|&&x| x != 0).count();
    let max = d.iter().map(|x| x.unsigned_abs()).max().unwrap_or(0);
    let table = usize::from(max).div_ceil(2).saturating_sub(1);
    let table_cost = if table > 0 { 10 + 21 * table } else { 0 };
    10 * d.len().saturating_sub(1) + 21 * nonzero.saturating_sub(1) + table_cost
}

/// The width-w NAF of e (w in 2..=5) whose exponentiation by full cyclotomic squarings
/// ([`Fp12::cyclotomic_exp_naf`]) costs least ([`uncompressed_exp_cost`]).
#[doc(hidden)]
pub fn cheapest_wnaf_msb_first(e: &[u64]) -> Vec<i8> {
    (2..=5)
        .map(|w| wnaf_msb_first(e, w))
        .min_by_key(|d| uncompressed_exp_cost(d))
        .expect("four widths")
}

fn add_small(k: &mut [u64], x: u64) {
    let mut c = x;
    for l in k.iter_mut() {
        let (s, c1) = limbs::adc(*l, c, 0);
        *l = s;
        c = c1;
    }
}

fn sub_small(k: &mut [u64], x: u64) {
    let mut b = x;
    for l in k.iter_mut() {
        let (s, b1) = limbs::sbb(*l, b, 0);
        *l = s;
        b = b1;
    }
}

impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Add for Fp12<T, F> {
    type Output = Self;
    #[inline]
    fn add(self, r: Self) -> Self {
        Fp12 {
            c0: self.c0 + r.c0,
            c1: self.c1 + r.c1,
        }
    }
}
impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Sub for Fp12<T, F> {
    type Output = Self;
    #[inline]
    fn sub(self, r: Self) -> Self {
        Fp12 {
            c0: self.c0 - r.c0,
            c1: self.c1 - r.c1,
        }
    }
}
impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Neg for Fp12<T, F> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Fp12 {
            c0: -self.c0,
            c1: -self.c1,
        }
    }
}
impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Mul for Fp12<T, F> {
    type Output = Self;
    /// Karatsuba over F_p6: 3 multiplications in F_p6 (one kernel where the base field has one,
    /// [`TowerKernels::fp12_mul`]).
    #[inline]
    fn mul(self, b: Self) -> Self {
        if let Some(r) = F::fp12_mul(&self, &b) {
            return r;
        }
        self.mul_formula(&b)
    }
}

impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Fp12<T, F> {
    /// The product by the tower's formulas, whatever the base field.
    #[inline]
    pub fn mul_formula(&self, b: &Self) -> Self {
        if F::SLICED {
            // The 18 F_p2 products of the three F_p6 products in one batch.
            let [t0, t1, x] = batch_fp6_products(&[
                (self.c0, b.c0),
                (self.c1, b.c1),
                (self.c0 + self.c1, b.c0 + b.c1),
            ]);
            return karatsuba_finish(t0, t1, x);
        }
        if Fp2::<T, F>::LAZY_FP12 {
            // Unreduced F_p6 products, 6 reductions of F_p2 values instead of 9 (measured with
            // tower_cycles, interleaved: bn254 4% and bls12-381 1% faster).
            let t0 = self.c0.mul_wide(&b.c0);
            let t1 = self.c1.mul_wide(&b.c1);
            let x = (self.c0 + self.c1).mul_wide(&(b.c0 + b.c1));
            return lazy_karatsuba_finish(&t0, &t1, &x);
        }
        // Without `LAZY_FP12`: each F_p6 product reduced.
        let t0 = self.c0 * b.c0;
        let t1 = self.c1 * b.c1;
        karatsuba_finish(t0, t1, (self.c0 + self.c1) * (b.c0 + b.c1))
    }
}
crate::field::impl_assign_ops!(Fp12);

#[cfg(test)]
mod tests {
    use super::wnaf_msb_first;
    use num_bigint::BigInt;

    /// Width-w NAFs recompose to their integer, with odd digits below 2^(w-1) in absolute value
    /// and at least w - 1 zeros after each non-zero digit.
    #[test]
    fn wnaf_digits_recompose() {
        let values: [&[u64]; 6] = [
            &[1],
            &[0xffff_ffff_ffff_ffff],
            &[0x44e9_92b4_4a69_09f1],
            &[0xd201_0000_0001_0000],
            &[0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210],
            &[0, 1],
        ];
        for v in values {
            let expect = v
                .iter()
                .rev()
                .fold(BigInt::from(0), |acc, &l| (acc << 64) + BigInt::from(l));
            for w in 2..=7u32 {
                let d = wnaf_msb_first(v, w);
                let got = d
                    .iter()
                    .fold(BigInt::from(0), |acc, &x| acc * 2 + BigInt::from(x));
                assert_eq!(got, expect, "width {w}");
                assert_ne!(d[0], 0, "no leading zero digit");
                let mut gap = usize::MAX;
                for &x in d.iter().rev() {
                    if x != 0 {
                        assert!(x % 2 != 0 && i32::from(x).abs() < 1 << (w - 1), "digit {x}");
                        assert!(gap >= w as usize - 1, "digits too close at width {w}");
                        gap = 0;
                    } else {
                        gap = gap.saturating_add(1);
                    }
                }
            }
        }
        assert!(wnaf_msb_first(&[0], 4).is_empty());
    }
}
