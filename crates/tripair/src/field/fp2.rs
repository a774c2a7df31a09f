//! `F_p2 = F_p[u]/(u^2 - beta)` for a small non-residue beta, and the tower's parameters.

use super::base::BaseField;
use super::fp::{Fp, FpParams};
use super::kernels::TowerKernels;
use super::traits::Field;
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Add, Mul, Neg, Sub};

/// The non-residues that define a tower F_p -> F_p2 -> F_p6 -> F_p12, and the constants derived from
/// them (Frobenius coefficients), computed once per curve and shared by every backend.
pub trait TowerParams:
    'static + Copy + Clone + fmt::Debug + Default + PartialEq + Eq + core::hash::Hash + Send + Sync
{
    /// The base prime field F_p.
    type Fp: FpParams;
    /// u^2 = BETA, a quadratic non-residue of F_p.
    const BETA: i64;
    /// v^3 = XI = XI.0 + XI.1 * u, neither a square nor a cube in F_p2; w^2 = v.
    const XI: (i64, i64);
    /// Frobenius coefficients of the tower (see [`super::fp12::FrobeniusCoeffs`]).
    fn frobenius_coeffs() -> &'static super::fp12::FrobeniusCoeffs<<Self::Fp as FpParams>::Limbs>;
}

/// The F_p element type of tower `T`.
#[doc(hidden)]
pub type TowerFp<T> = Fp<<T as TowerParams>::Fp>;

/// c0 + c1 * u, with coefficients in the base field `F` (by default F_p itself; any other
/// [`BaseField`] over the same prime runs the same code, e.g. several elements in SIMD lanes).
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct Fp2<T: TowerParams, F: TowerKernels<Params = T::Fp> = TowerFp<T>> {
    /// The coefficient of 1.
    pub c0: F,
    /// The coefficient of u.
    pub c1: F,
    _t: PhantomData<T>,
}

impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> fmt::Debug for Fp2<T, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({:?} + {:?}*u)", self.c0, self.c1)
    }
}

/// a * beta in the base field.
#[inline]
#[doc(hidden)]
pub fn mul_by_beta<T: TowerParams, F: TowerKernels<Params = T::Fp>>(a: F) -> F {
    mul_signed_small(a, T::BETA)
}

/// a * k in the base field for a small signed constant k.
#[inline]
#[doc(hidden)]
pub fn mul_signed_small<F: BaseField>(a: F, k: i64) -> F {
    match k {
        0 => F::ZERO,
        1 => a,
        -1 => -a,
        k if k.unsigned_abs() < 1 << 16 => F::small_lincomb(&a, k, &F::ZERO, 0),
        k if k < 0 => -a.mul_small(k.unsigned_abs()),
        k => a.mul_small(k as u64),
    }
}

impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Fp2<T, F> {
    /// The additive identity 0.
    pub const ZERO: Self = Fp2 {
        c0: F::ZERO,
        c1: F::ZERO,
        _t: PhantomData,
    };
    /// The multiplicative identity 1.
    pub const ONE: Self = Fp2 {
        c0: F::ONE,
        c1: F::ZERO,
        _t: PhantomData,
    };

    /// c0 + c1 u.
    #[inline]
    pub const fn new(c0: F, c1: F) -> Self {
        Fp2 {
            c0,
            c1,
            _t: PhantomData,
        }
    }

    /// The F_p2 constant `x` in every element of the base field.
    #[inline(always)]
    pub fn splat(x: &Fp2<T>) -> Self {
        Fp2 {
            c0: F::splat(&x.c0),
            c1: F::splat(&x.c1),
            _t: PhantomData,
        }
    }

    /// The constant c0 + c1 u for small integers.
    pub fn from_i64s(c0: i64, c1: i64) -> Self {
        Fp2 {
            c0: F::splat(&Fp::from_i64(c0)),
            c1: F::splat(&Fp::from_i64(c1)),
            _t: PhantomData,
        }
    }

    /// 2 * self.
    #[inline]
    pub fn double(&self) -> Self {
        Fp2 {
            c0: self.c0.double(),
            c1: self.c1.double(),
            _t: PhantomData,
        }
    }

    /// self / 2.
    #[inline]
    pub fn half(&self) -> Self {
        Fp2 {
            c0: self.c0.half(),
            c1: self.c1.half(),
            _t: PhantomData,
        }
    }

    /// The conjugate c0 - c1 u, which is also the p-power Frobenius.
    #[inline]
    pub fn conjugate(&self) -> Self {
        Fp2 {
            c0: self.c0,
            c1: -self.c1,
            _t: PhantomData,
        }
    }

    /// self * k for k in the base field.
    #[inline]
    pub fn mul_by_fp(&self, k: &F) -> Self {
        Fp2 {
            c0: self.c0 * *k,
            c1: self.c1 * *k,
            _t: PhantomData,
        }
    }

    /// self * k for a small public constant k.
    #[inline]
    pub fn mul_small(&self, k: u64) -> Self {
        Fp2 {
            c0: self.c0.mul_small(k),
            c1: self.c1.mul_small(k),
            _t: PhantomData,
        }
    }

    /// Complex squaring: 2 multiplications in F_p.
    #[inline]
    pub fn square(&self) -> Self {
        if F::FP2_KERNELS {
            let mut r = Self::ZERO;
            F::fp2_square_into([&self.c0, &self.c1], T::BETA, &mut r.c0, &mut r.c1);
            return r;
        }
        let (a0, a1) = (self.c0, self.c1);
        if F::MUL_UNREDUCED_LEFT && T::BETA == -1 {
            // (a0 + a1)(a0 - a1) + 2 a0 a1 u as two fused Montgomery products, their left factors
            // unreduced: a fused product is cheaper than a wide product plus a reduction, and a
            // square has no sum of products for lazy reduction to save (measured: tower_cycles).
            // With p < 2^(64N-2) (`LAZY`) the right factor a0 - a1 + p may stay unreduced too.
            let d = if F::LAZY {
                a0.sub_unreduced(&a1)
            } else {
                a0 - a1
            };
            return Fp2 {
                c0: a0.add_unreduced(&a1) * d,
                c1: a0.add_unreduced(&a0) * a1,
                _t: PhantomData,
            };
        }
        if Self::LAZY {
            return self.square_wide_inline().reduce();
        }
        if T::BETA == -1 {
            // (a0 + a1)(a0 - a1) + 2 a0 a1 u
            Fp2 {
                c0: (a0 + a1) * (a0 - a1),
                c1: (a0 * a1).double(),
                _t: PhantomData,
            }
        } else {
            let v0 = a0 * a1;
            let c0 = (a0 + a1) * (a0 + mul_by_beta::<T, F>(a1)) - v0 - mul_by_beta::<T, F>(v0);
            Fp2::new(c0, v0.double())
        }
    }

    /// Norm to F_p: c0^2 - beta c1^2.
    #[inline]
    pub fn norm(&self) -> F {
        if Self::LAZY_FP12 {
            // beta = -1: c0^2 + c1^2, the two wide squares summed and reduced once (where the
            // base field allows sums of wide values beyond the tower's products).
            let (mut s0, mut s1) = (F::WIDE_ZERO, F::WIDE_ZERO);
            self.c0.mul_wide_into(&self.c0, &mut s0);
            self.c1.mul_wide_into(&self.c1, &mut s1);
            return F::reduce_wide(&F::wide_add(&s0, &s1));
        }
        self.c0.square() - mul_by_beta::<T, F>(self.c1.square())
    }

    /// Constant-time inverse through the norm map (inverse of 0 is 0).
    pub fn inv(&self) -> Self {
        let t = self.norm().inv();
        Fp2 {
            c0: self.c0 * t,
            c1: -(self.c1 * t),
            _t: PhantomData,
        }
    }

    /// Variable-time inverse through the norm map; `None` for 0.
    pub fn inv_vartime(&self) -> Option<Self> {
        let t = self.norm().inv_vartime()?;
        Some(Fp2 {
            c0: self.c0 * t,
            c1: -(self.c1 * t),
            _t: PhantomData,
        })
    }

    /// The p^k-power Frobenius.
    #[inline]
    pub fn frobenius_map(&self, k: usize) -> Self {
        if k % 2 == 1 {
            self.conjugate()
        } else {
            *self
        }
    }

    /// Multiplication by XI (the F_p6 non-residue), with additions only for small XI.
    #[inline]
    pub fn mul_by_xi(&self) -> Self {
        let (x0, x1) = T::XI;
        let (a0, a1) = (self.c0, self.c1);
        if x0 == 1 && x1 == 1 && T::BETA == -1 {
            // (a0 - a1) + (a0 + a1) u
            return Fp2 {
                c0: a0 - a1,
                c1: a0 + a1,
                _t: PhantomData,
            };
        }
        // (x0 + x1 u)(a0 + a1 u) = (x0 a0 + beta x1 a1) + (x0 a1 + x1 a0) u, one reduction each.
        let c0 = F::small_lincomb(&a0, x0, &a1, T::BETA * x1);
        let c1 = F::small_lincomb(&a1, x0, &a0, x1);
        Fp2 {
            c0,
            c1,
            _t: PhantomData,
        }
    }

    /// The F_p6 non-residue xi.
    pub fn xi() -> Self {
        Self::from_i64s(T::XI.0, T::XI.1)
    }

    /// `self` where mask = 0, `other` where mask = !0.
    pub fn select(&self, other: &Self, mask: F::Mask) -> Self {
        Fp2 {
            c0: self.c0.select(&other.c0, mask),
            c1: self.c1.select(&other.c1, mask),
            _t: PhantomData,
        }
    }

    /// !0 where equal.
    pub fn ct_eq_mask(&self, other: &Self) -> F::Mask {
        self.c0.ct_eq_mask(&other.c0) & self.c1.ct_eq_mask(&other.c1)
    }

    /// self^e for a public exponent (little-endian limbs).
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
}

impl<T: TowerParams> Fp2<T> {
    /// Whether both coefficients are 0.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.c0.is_zero() & self.c1.is_zero()
    }

    /// Inverts every element in place with one inversion (Montgomery's trick: prefix products,
    /// one `inv_vartime`, then back), 3(n-1) products more. Zeros stay zero and do not disturb the
    /// others; repeated elements are fine. Variable time: for public values.
    pub fn batch_inv_vartime(xs: &mut [Self]) {
        super::traits::batch_inv_vartime(xs);
    }

    /// Legendre symbol in F_p2: that of the norm in F_p.
    pub fn legendre(&self) -> i32 {
        self.norm().legendre()
    }

    /// A square root, or `None` for non-squares (norm method: with n = sqrt(N(a)), a root is
    /// x0 + x1 u with x0^2 = (a0 + n)/2 (or (a0 - n)/2) and x1 = a1 / (2 x0)); two F_p
    /// exponentiations where u^2 = -1 and p = 3 mod 4 (every curve here). Variable time.
    pub fn sqrt_vartime(&self) -> Option<Self> {
        if self.is_zero() {
            return Some(Self::ZERO);
        }
        if self.c1.is_zero() {
            // a in F_p: either sqrt(a0) in F_p, or sqrt(a0/beta) * u.
            if let Some(r) = self.c0.sqrt_vartime() {
                return Some(Fp2 {
                    c0: r,
                    c1: Fp::ZERO,
                    _t: PhantomData,
                });
            }
            let beta_inv = mul_by_beta::<T, TowerFp<T>>(Fp::ONE).inv_vartime()?;
            let r = (self.c0 * beta_inv).sqrt_vartime()?;
            return Some(Fp2 {
                c0: Fp::ZERO,
                c1: r,
                _t: PhantomData,
            });
        }
        if T::BETA == -1 && <T::Fp as FpParams>::S == 1 {
            return self.sqrt_vartime_norm();
        }
        let n = self.norm().sqrt_vartime()?;
        let mut x0sq = (self.c0 + n).half();
        if x0sq.legendre() != 1 {
            x0sq = (self.c0 - n).half();
        }
        let x0 = x0sq.sqrt_vartime()?;
        let x1 = self.c1 * x0.double().inv_vartime()?;
        let r = Fp2::new(x0, x1);
        if r.square() == *self {
            Some(r)
        } else {
            None
        }
    }

    /// [`Fp2::sqrt_vartime`] for u^2 = -1 and p = 3 mod 4, a1 != 0, with two exponentiations by
    /// (p - 3) / 4 (an inverse square root gives the root and the quadratic character at once,
    /// as in Scott, "Tricks of the trade", ePrint 2020/1497): s = sqrt(N(a)) from n^((p-3)/4), then
    /// t = delta^((p-3)/4) for delta = (a0 + s) / 2 gives x0 = delta t, x1 = a1 t / 2 when
    /// delta t^2 = 1; otherwise (a0 - s) / 2 = -a1^2 / (4 delta) is the square and the root is
    /// a1 t / 2 - delta t u. delta != 0, since a1 != 0 makes s != -a0.
    fn sqrt_vartime_norm(&self) -> Option<Self> {
        let e = <T::Fp as FpParams>::T_MINUS_1_HALF;
        let n = self.c0.square() + self.c1.square();
        let s = n * n.pow_vartime(e.as_ref());
        if s.square() != n {
            return None;
        }
        let delta = (self.c0 + s).half();
        let t = delta.pow_vartime(e.as_ref());
        let (dt, a1t) = (delta * t, self.c1 * t.half());
        let r = if (dt * t).is_one() {
            Fp2::new(dt, a1t)
        } else {
            Fp2::new(a1t, -dt)
        };
        (r.square() == *self).then_some(r)
    }
}

impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Add for Fp2<T, F> {
    type Output = Self;
    #[inline]
    fn add(self, r: Self) -> Self {
        Fp2 {
            c0: self.c0 + r.c0,
            c1: self.c1 + r.c1,
            _t: PhantomData,
        }
    }
}
impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Sub for Fp2<T, F> {
    type Output = Self;
    #[inline]
    fn sub(self, r: Self) -> Self {
        Fp2 {
            c0: self.c0 - r.c0,
            c1: self.c1 - r.c1,
            _t: PhantomData,
        }
    }
}
impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Neg for Fp2<T, F> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Fp2 {
            c0: -self.c0,
            c1: -self.c1,
            _t: PhantomData,
        }
    }
}
impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Mul for Fp2<T, F> {
    type Output = Self;
    /// Karatsuba: 3 multiplications in F_p. With u^2 = -1 and two spare bits in p's top limb,
    /// lazy reduction: 3 double-width products and 2 Montgomery reductions (Aranha–Karabina–Longa–
    /// Gebotys–López, EUROCRYPT 2011, Section 3).
    #[inline]
    fn mul(self, r: Self) -> Self {
        if F::FP2_KERNELS {
            let mut out = Self::ZERO;
            F::fp2_mul_into(
                [&self.c0, &self.c1],
                [&r.c0, &r.c1],
                T::BETA,
                &mut out.c0,
                &mut out.c1,
            );
            return out;
        }
        if Self::LAZY {
            return self.mul_wide_inline(&r).reduce();
        }
        let v0 = self.c0 * r.c0;
        let v1 = self.c1 * r.c1;
        let c1 = (self.c0 + self.c1) * (r.c0 + r.c1) - v0 - v1;
        Fp2 {
            c0: v0 + mul_by_beta::<T, F>(v1),
            c1,
            _t: PhantomData,
        }
    }
}

/// One F_p2 product or square of a tower operation, for [`fp2_batch`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum Fp2Job<T: TowerParams, F: TowerKernels<Params = T::Fp>> {
    /// a * b.
    Mul(Fp2<T, F>, Fp2<T, F>),
    /// a^2.
    Square(Fp2<T, F>),
}

/// The most F_p products one [`fp2_batch`] gathers: 18 Karatsuba F_p2 products (an F_p12 product).
const BATCH_PRODUCTS: usize = 54;

/// The results of independent F_p2 products and squares, in order, their F_p products computed
/// together by [`TowerKernels::mul_batch`] (side by side in lanes on a digit-sliced field; one by
/// one elsewhere): Karatsuba products take 3 F_p products, squares 2 where u^2 = -1 (3 otherwise).
#[inline(always)]
pub(crate) fn fp2_batch<T: TowerParams, F: TowerKernels<Params = T::Fp>, const K: usize>(
    jobs: &[Fp2Job<T, F>; K],
) -> [Fp2<T, F>; K] {
    let mut out = [Fp2::ZERO; K];
    fp2_batch_into(jobs, &mut out);
    out
}

/// [`fp2_batch`] on slices (jobs and results of one length, at most 18), for callers that fill
/// only part of a fixed-size job array.
#[inline(always)]
pub(crate) fn fp2_batch_into<T: TowerParams, F: TowerKernels<Params = T::Fp>>(
    jobs: &[Fp2Job<T, F>],
    out: &mut [Fp2<T, F>],
) {
    assert_eq!(jobs.len(), out.len(), "one result per job");
    if !F::SLICED {
        // The F_p2 operations themselves (lazy reduction, whole-F_p2 kernels, ...).
        for (job, o) in jobs.iter().zip(out.iter_mut()) {
            *o = match job {
                Fp2Job::Mul(x, y) => *x * *y,
                Fp2Job::Square(x) => x.square(),
            };
        }
        return;
    }
    assert!(
        3 * jobs.len() <= BATCH_PRODUCTS,
        "at most 18 F_p2 jobs per batch"
    );
    let (mut a, mut b) = ([F::ZERO; BATCH_PRODUCTS], [F::ZERO; BATCH_PRODUCTS]);
    let mut n = 0;
    let mut push = |x: F, y: F| {
        a[n] = x;
        b[n] = y;
        n += 1;
    };
    for job in jobs {
        match job {
            Fp2Job::Mul(x, y) => {
                push(x.c0, y.c0);
                push(x.c1, y.c1);
                push(x.c0 + x.c1, y.c0 + y.c1);
            }
            Fp2Job::Square(x) if T::BETA == -1 => {
                push(x.c0 + x.c1, x.c0 - x.c1);
                push(x.c0.double(), x.c1);
            }
            Fp2Job::Square(x) => {
                push(x.c0, x.c0);
                push(x.c1, x.c1);
                push(x.c0, x.c1);
            }
        }
    }
    let mut v = [F::ZERO; BATCH_PRODUCTS];
    F::mul_batch(&a[..n], &b[..n], &mut v[..n]);
    let mut k = 0;
    for (job, o) in jobs.iter().zip(out.iter_mut()) {
        *o = match job {
            Fp2Job::Mul(..) => {
                let (v0, v1, v2) = (v[k], v[k + 1], v[k + 2]);
                k += 3;
                Fp2::new(plus_beta_times::<T, F>(v0, v1), v2 - v0 - v1)
            }
            Fp2Job::Square(_) if T::BETA == -1 => {
                k += 2;
                Fp2::new(v[k - 2], v[k - 1])
            }
            Fp2Job::Square(_) => {
                let (v0, v1, v2) = (v[k], v[k + 1], v[k + 2]);
                k += 3;
                Fp2::new(plus_beta_times::<T, F>(v0, v1), v2.double())
            }
        };
    }
}

/// a + beta b.
#[inline(always)]
fn plus_beta_times<T: TowerParams, F: TowerKernels<Params = T::Fp>>(a: F, b: F) -> F {
    if T::BETA == -1 {
        a - b
    } else {
        F::small_lincomb(&a, 1, &b, T::BETA)
    }
}

/// An F_p2 value as two double-width values, each awaiting one Montgomery reduction: sums of
/// products are formed here and reduced once (lazy reduction, Aranha–Karabina–Longa–Gebotys–López,
/// EUROCRYPT 2011). Additions work modulo p*2^(64N), so any number of terms may be combined. Only
/// for towers where [`Fp2::LAZY`] holds.
#[derive(Clone, Copy, Debug)]
#[doc(hidden)]
pub struct Fp2Wide<T: TowerParams, F: TowerKernels<Params = T::Fp> = TowerFp<T>> {
    c0: F::Wide,
    c1: F::Wide,
    _t: PhantomData<T>,
}

impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Fp2Wide<T, F> {
    /// Montgomery-reduces both halves: the F_p2 value this stands for. Out of line: inlined at
    /// every lazy F_p6/F_p12 step, the two reductions bloated the hot loops (the pairing measured
    /// 0.8% faster on bls12-381 and 0.8-1.6% on bn254 called, side by side on the Xeon).
    #[inline(never)]
    pub fn reduce(&self) -> Fp2<T, F> {
        Fp2::new(F::reduce_wide(&self.c0), F::reduce_wide(&self.c1))
    }

    /// 2 * self, on the unreduced halves.
    #[inline(always)]
    pub fn double(&self) -> Self {
        *self + *self
    }

    /// Multiplication by xi, on the unreduced halves.
    #[inline(always)]
    pub fn mul_by_xi(&self) -> Self {
        let (x0, x1) = T::XI;
        if x0 == 1 && x1 == 1 && T::BETA == -1 {
            return Fp2Wide {
                c0: F::wide_sub(&self.c0, &self.c1),
                c1: F::wide_add(&self.c0, &self.c1),
                _t: PhantomData,
            };
        }
        Fp2Wide {
            c0: F::wide_lincomb(&self.c0, x0, &self.c1, T::BETA * x1),
            c1: F::wide_lincomb(&self.c1, x0, &self.c0, x1),
            _t: PhantomData,
        }
    }
}

impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Add for Fp2Wide<T, F> {
    type Output = Self;
    #[inline(always)]
    fn add(self, r: Self) -> Self {
        Fp2Wide {
            c0: F::wide_add(&self.c0, &r.c0),
            c1: F::wide_add(&self.c1, &r.c1),
            _t: PhantomData,
        }
    }
}

impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Sub for Fp2Wide<T, F> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, r: Self) -> Self {
        Fp2Wide {
            c0: F::wide_sub(&self.c0, &r.c0),
            c1: F::wide_sub(&self.c1, &r.c1),
            _t: PhantomData,
        }
    }
}

impl<T: TowerParams, F: TowerKernels<Params = T::Fp>> Fp2<T, F> {
    /// Whether this tower has the lazy-reduction paths: u^2 = -1, and a base field whose
    /// products of values below 2p stay below p*2^(64N).
    pub const LAZY: bool = T::BETA == -1 && F::LAZY;

    /// Whether F_p12 products and line products may also sum unreduced F_p6 products
    /// ([`Self::LAZY`] and [`TowerKernels::LAZY_UNBOUNDED_SUMS`]).
    pub const LAZY_FP12: bool = Self::LAZY && F::LAZY_UNBOUNDED_SUMS;

    /// self + b as a factor of [`Self::mul_wide`]: without the modular reduction where the base
    /// field allows unreduced factors ([`TowerKernels::LAZY_UNREDUCED_FACTORS`]; self and b reduced).
    #[inline(always)]
    pub(crate) fn add_as_factor(&self, b: &Self) -> Self {
        if F::LAZY_UNREDUCED_FACTORS {
            Fp2::new(self.c0.add_unreduced(&b.c0), self.c1.add_unreduced(&b.c1))
        } else {
            *self + *b
        }
    }

    /// The product before reduction (requires [`Self::LAZY`]): 3 double-width products. Out of
    /// line: in the F_p6 and F_p12 products this leaves the caller's registers to the caller
    /// (measured: the F_p6 product about 9% faster than with it inlined).
    #[inline(never)]
    pub(crate) fn mul_wide(&self, b: &Self) -> Fp2Wide<T, F> {
        self.mul_wide_inline(b)
    }

    /// The square before reduction, out of line (see [`Self::mul_wide`]).
    #[inline(never)]
    pub(crate) fn square_wide(&self) -> Fp2Wide<T, F> {
        self.square_wide_inline()
    }

    #[inline(always)]
    fn mul_wide_inline(&self, b: &Self) -> Fp2Wide<T, F> {
        assert!(
            Self::LAZY,
            "lazy reduction needs u^2 = -1 and two spare bits in p"
        );
        // Karatsuba by default ([`TowerKernels::fp2_mul_wide`]); a base field may override it.
        let (c0, c1) = F::fp2_mul_wide(&self.c0, &self.c1, &b.c0, &b.c1);
        Fp2Wide {
            c0,
            c1,
            _t: PhantomData,
        }
    }

    /// The square before reduction (requires [`Self::LAZY`]): [`TowerKernels::fp2_square_wide`],
    /// by default (a0 + a1)(a0 - a1 + p) and 2 a0 a1.
    #[inline(always)]
    fn square_wide_inline(&self) -> Fp2Wide<T, F> {
        assert!(
            Self::LAZY,
            "lazy reduction needs u^2 = -1 and two spare bits in p"
        );
        let (c0, c1) = F::fp2_square_wide(&self.c0, &self.c1);
        Fp2Wide {
            c0,
            c1,
            _t: PhantomData,
        }
    }
}

crate::field::impl_assign_ops!(Fp2);

impl<T: TowerParams> Field for Fp2<T> {
    const ZERO: Self = Fp2::ZERO;
    const ONE: Self = Fp2::ONE;
    #[inline(always)]
    fn is_zero(&self) -> bool {
        Fp2::is_zero(self)
    }
    #[inline(always)]
    fn square(&self) -> Self {
        Fp2::square(self)
    }
    #[inline(always)]
    fn double(&self) -> Self {
        Fp2::double(self)
    }
    #[inline(always)]
    fn half(&self) -> Self {
        Fp2::half(self)
    }
    #[inline(always)]
    fn mul_small(&self, k: u64) -> Self {
        Fp2::mul_small(self, k)
    }
    fn inv(&self) -> Self {
        Fp2::inv(self)
    }
    fn inv_vartime(&self) -> Option<Self> {
        Fp2::inv_vartime(self)
    }
    fn sqrt_vartime(&self) -> Option<Self> {
        Fp2::sqrt_vartime(self)
    }
    #[inline(always)]
    fn select(&self, other: &Self, mask: u64) -> Self {
        Fp2::select(self, other, mask)
    }
    #[inline(always)]
    fn ct_eq_mask(&self, other: &Self) -> u64 {
        Fp2::ct_eq_mask(self, other)
    }
    /// c1 decides, and c0 when c1 = 0 (ZCash BLS12-381 serialization).
    fn is_lexicographically_largest(&self) -> bool {
        if self.c1.is_zero() {
            self.c0.is_lexicographically_largest()
        } else {
            self.c1.is_lexicographically_largest()
        }
    }
}
