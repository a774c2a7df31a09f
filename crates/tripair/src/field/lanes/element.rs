//! The `Lanes` type: eight elements of F_p, and its base-field and tower-kernel operations.

use super::{IfmaLanes, LaneBackend, LaneDigits, LaneParams, Row, TowerConsts, LANES};
use crate::arith::radix52::{digit_of, MASK52};
use crate::arith::Limbs;
use crate::field::base::BaseField;
use crate::field::fp::Fp;
use crate::field::fp12::Fp12;
use crate::field::fp2::{Fp2, TowerParams};
use crate::field::fp6::Fp6;
use crate::field::kernels::TowerKernels;
use crate::field::traits::pow_fixed_windows;
use crate::prelude::*;
use core::fmt;
use core::hash::Hash;
use core::marker::PhantomData;
use core::ops::{Add, AddAssign, BitAnd, Mul, MulAssign, Neg, Sub, SubAssign};

/// A selector per lane: all ones or all zeros.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaneMask(pub [u64; LANES]);

impl BitAnd for LaneMask {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, r: Self) -> Self {
        LaneMask(core::array::from_fn(|i| self.0[i] & r.0[i]))
    }
}

impl LaneMask {
    /// !0 in the lanes where `lanes[i]` holds, 0 elsewhere.
    pub fn from_bools(lanes: [bool; LANES]) -> Self {
        LaneMask(lanes.map(|b| 0u64.wrapping_sub(b as u64)))
    }
}

/// Eight elements of F_p (`P`), one per lane, in the lanes' Montgomery form (x 2^(52M) mod p,
/// 52-bit digits), each below 2p (not necessarily below p: products skip their final
/// subtraction, as 4p < 2^(52M)); every operation acts lane by lane. `B` picks the kernels.
/// Equality, hashing and the lane values look at the canonical values.
#[derive(Clone, Copy)]
pub struct Lanes<P: LaneParams, B: LaneBackend = IfmaLanes> {
    d: P::LaneDigits,
    _b: PhantomData<(P, B)>,
}

impl<P: LaneParams, B: LaneBackend> PartialEq for Lanes<P, B> {
    fn eq(&self, other: &Self) -> bool {
        self.canonical_digits() == other.canonical_digits()
    }
}

impl<P: LaneParams, B: LaneBackend> Eq for Lanes<P, B> {}

impl<P: LaneParams, B: LaneBackend> Hash for Lanes<P, B> {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.canonical_digits().hash(h);
    }
}

impl<P: LaneParams, B: LaneBackend> Default for Lanes<P, B> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<P: LaneParams, B: LaneBackend> fmt::Debug for Lanes<P, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.to_lanes()).finish()
    }
}

impl<P: LaneParams, B: LaneBackend> Lanes<P, B> {
    /// 0 in every lane.
    pub const ZERO: Self = Lanes {
        d: <P::LaneDigits as LaneDigits>::ZERO,
        _b: PhantomData,
    };
    /// 1 in every lane.
    pub const ONE: Self = Lanes {
        d: P::LANE_ONE,
        _b: PhantomData,
    };

    #[inline(always)]
    const fn from_digits(d: P::LaneDigits) -> Self {
        Lanes { d, _b: PhantomData }
    }

    /// The stored digits (below 2p, one representative of two): for comparing backends digit by
    /// digit.
    pub fn raw_digits(&self) -> &[Row] {
        self.d.as_ref()
    }

    /// The other representative (x + p instead of x, both below 2p) in the lanes where `mask` is
    /// set: for tests that every operation accepts either.
    pub fn with_other_representative(&self, mask: LaneMask) -> Self {
        let mut d = self.canonical_digits();
        let p = P::LANE_P;
        for i in 0..LANES {
            let mut c = 0u64;
            for (r, pr) in d.as_mut().iter_mut().zip(p.as_ref()) {
                let v = r.0[i] + (pr.0[i] & mask.0[i]) + c;
                r.0[i] = v & MASK52;
                c = v >> 52;
            }
            assert_eq!(c, 0, "2p fits the digits");
        }
        Self::from_digits(d)
    }

    /// The digits of the values reduced below p (still in Montgomery form).
    fn canonical_digits(&self) -> P::LaneDigits {
        LaneDigits::canonical::<B>(&self.d, P::LANE_P)
    }

    /// From canonical values (digits of x < p, not yet in Montgomery form): one product by R^2.
    fn from_canonical_digits(d: &P::LaneDigits) -> Self {
        Self::from_digits(LaneDigits::mont_mul::<B>(
            d,
            &P::LANE_R2,
            P::LANE_P,
            P::LANE_INV,
        ))
    }

    /// Lane i holds `xs[i]`.
    pub fn from_lanes(xs: &[Fp<P>; LANES]) -> Self {
        let mut d = <P::LaneDigits as LaneDigits>::ZERO;
        for (i, x) in xs.iter().enumerate() {
            let limbs = x.to_canonical_limbs();
            for (j, row) in d.as_mut().iter_mut().enumerate() {
                row.0[i] = digit_of(limbs.as_ref(), j);
            }
        }
        Self::from_canonical_digits(&d)
    }

    /// The element in lane `i` (i < 8).
    pub fn lane(&self, i: usize) -> Fp<P> {
        self.to_lanes()[i]
    }

    /// The eight elements, lane by lane.
    pub fn to_lanes(&self) -> [Fp<P>; LANES] {
        let mut one = <P::LaneDigits as LaneDigits>::ZERO;
        one.as_mut()[0] = Row([1; LANES]);
        // x 2^(52M) * 1 / 2^(52M) = x, at most p (x 2^(52M) < 2p < 2^(52M)), then below p.
        let c = LaneDigits::mont_mul::<B>(&self.d, &one, P::LANE_P, P::LANE_INV);
        let c = LaneDigits::canonical::<B>(&c, P::LANE_P);
        // Below p after `canonical`; converted without a comparison (the lanes may hold
        // secrets: ctgrind flagged the early-exit compare of `from_canonical_limbs`).
        core::array::from_fn(|i| Fp::from_reduced_limbs(&lane_limbs::<P>(c.as_ref(), i)))
    }

    /// The same lanes on another backend (identical representation).
    pub fn with_backend<B2: LaneBackend>(&self) -> Lanes<P, B2> {
        Lanes::from_digits(self.d)
    }

    /// ka * a + kb * b for small public constants (|ka|, |kb| < 2^63): one kernel call,
    /// a shared double-and-add in registers.
    #[inline(always)]
    fn lincomb(a: &Self, ka: i64, b: &Self, kb: i64) -> Self {
        Self::from_digits(LaneDigits::lincomb::<B>(&a.d, ka, &b.d, kb, P::LANE_P2))
    }

    #[inline(always)]
    fn double_lanes(&self) -> Self {
        *self + *self
    }

    /// Whether the F_p6 product and the cyclotomic squares run as whole kernels where the backend
    /// has them ([`TowerKernels::fp6_mul`], [`LaneBackend::fp6_mul`]): for fields of up to 8 digits (416 bits: bn254 and its family,
    /// bls12-381). Each kernel is one straight-line function of a few thousand vector instructions
    /// at M = 8 and grows with M^2; at 9 and 13 digits (bn446, bn638) compiling them cost more
    /// build time than the lanes of those research curves are worth, and they keep the formulas.
    const TOWER_KERNELS: bool = <P::LaneDigits as LaneDigits>::M <= 8;

    /// c = a * b in F_p6 by the backend's whole-F_p6 kernel where the field has the tower
    /// kernels ([`Self::TOWER_KERNELS`]) and the backend the kernel; whether it ran (otherwise c
    /// is untouched and the caller takes the formula).
    #[inline(always)]
    fn fp6_mul_kernel<T: TowerParams<Fp = P>>(
        a: &Fp6<T, Self>,
        b: &Fp6<T, Self>,
        c: &mut Fp6<T, Self>,
    ) -> bool {
        Self::TOWER_KERNELS
            && LaneDigits::fp6_mul::<B>(
                fp6_digits(a),
                fp6_digits(b),
                &Self::tower_consts::<T>(),
                fp6_digits_mut(c),
            )
    }

    /// Whether the lazy F_p2 product applies: its sums stay below p 2^(52M) with 3 spare bits.
    const LAZY_FP2: bool = 52 * <P::LaneDigits as LaneDigits>::M >= P::BITS as usize + 3;

    /// The field's and tower's constants for the whole-F_p6 and F_p12 kernels.
    #[inline(always)]
    fn tower_consts<T: TowerParams<Fp = P>>() -> TowerConsts<'static, P::LaneDigits> {
        TowerConsts {
            p: P::LANE_P,
            p2: P::LANE_P2,
            inv: P::LANE_INV,
            beta: T::BETA,
            xi: T::XI,
            lazy: Self::LAZY_FP2,
        }
    }
}

/// The six coefficients' digits of an F_p6 value, (c0.c0, c0.c1, c1.c0, c1.c1, c2.c0, c2.c1).
#[inline(always)]
fn fp6_digits<T: TowerParams<Fp = P>, P: LaneParams, B: LaneBackend>(
    a: &Fp6<T, Lanes<P, B>>,
) -> [&P::LaneDigits; 6] {
    [
        &a.c0.c0.d, &a.c0.c1.d, &a.c1.c0.d, &a.c1.c1.d, &a.c2.c0.d, &a.c2.c1.d,
    ]
}

/// [`fp6_digits`], to write.
#[inline(always)]
fn fp6_digits_mut<T: TowerParams<Fp = P>, P: LaneParams, B: LaneBackend>(
    a: &mut Fp6<T, Lanes<P, B>>,
) -> [&mut P::LaneDigits; 6] {
    let Fp6 { c0, c1, c2 } = a;
    [
        &mut c0.c0.d,
        &mut c0.c1.d,
        &mut c1.c0.d,
        &mut c1.c1.d,
        &mut c2.c0.d,
        &mut c2.c1.d,
    ]
}

/// The twelve coefficients' digits of an F_p12 value in tower order (c0's six as in
/// [`fp6_digits_mut`], then c1's), to read and write.
#[inline(always)]
fn fp12_digits_mut<T: TowerParams<Fp = P>, P: LaneParams, B: LaneBackend>(
    f: &mut Fp12<T, Lanes<P, B>>,
) -> [&mut P::LaneDigits; 12] {
    let Fp12 { c0, c1 } = f;
    let [a0, a1, a2, a3, a4, a5] = fp6_digits_mut(c0);
    let [b0, b1, b2, b3, b4, b5] = fp6_digits_mut(c1);
    [a0, a1, a2, a3, a4, a5, b0, b1, b2, b3, b4, b5]
}

/// The value in lane `i` of normalized digits (below 2^(64N)) as N limbs.
pub(super) fn lane_limbs<P: LaneParams>(digits: &[Row], i: usize) -> P::Limbs {
    let mut limbs = <P::Limbs as Limbs>::zero();
    let l = limbs.as_mut();
    for (j, row) in digits.iter().enumerate() {
        let (bit, d) = (52 * j, row.0[i] as u128);
        let (k, s) = (bit / 64, bit % 64);
        let v = d << s;
        l[k] |= v as u64;
        if k + 1 < l.len() {
            l[k + 1] |= (v >> 64) as u64;
        }
    }
    limbs
}

impl<P: LaneParams, B: LaneBackend> Add for Lanes<P, B> {
    type Output = Self;
    #[inline(always)]
    fn add(self, r: Self) -> Self {
        Self::from_digits(LaneDigits::add_mod::<B>(&self.d, &r.d, P::LANE_P2))
    }
}

impl<P: LaneParams, B: LaneBackend> Sub for Lanes<P, B> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, r: Self) -> Self {
        Self::from_digits(LaneDigits::sub_mod::<B>(&self.d, &r.d, P::LANE_P2))
    }
}

impl<P: LaneParams, B: LaneBackend> Mul for Lanes<P, B> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, r: Self) -> Self {
        // The products skip their final subtraction: that needs 4p < 2^(52M).
        const { assert!(52 * <P::LaneDigits as LaneDigits>::M >= P::BITS as usize + 2) };
        Self::from_digits(LaneDigits::mont_mul::<B>(
            &self.d,
            &r.d,
            P::LANE_P,
            P::LANE_INV,
        ))
    }
}

impl<P: LaneParams, B: LaneBackend> Neg for Lanes<P, B> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Self::ZERO - self
    }
}

impl<P: LaneParams, B: LaneBackend> AddAssign for Lanes<P, B> {
    #[inline(always)]
    fn add_assign(&mut self, r: Self) {
        *self = *self + r;
    }
}

impl<P: LaneParams, B: LaneBackend> SubAssign for Lanes<P, B> {
    #[inline(always)]
    fn sub_assign(&mut self, r: Self) {
        *self = *self - r;
    }
}

impl<P: LaneParams, B: LaneBackend> MulAssign for Lanes<P, B> {
    #[inline(always)]
    fn mul_assign(&mut self, r: Self) {
        *self = *self * r;
    }
}

/// The lazy-reduction operations reduce at once: a "wide" value is the reduced element
/// (a double-width product already divided by R), so sums and differences of them are taken
/// modulo p and `reduce_wide` is the identity. That keeps their contract (the tower only reads a
/// wide value through `reduce_wide`), and `LAZY = false` keeps the tower on the eager formulas,
/// which need no double-width arithmetic in the lanes.
impl<P: LaneParams, B: LaneBackend> BaseField for Lanes<P, B> {
    type Params = P;
    type Mask = LaneMask;
    type Wide = Self;
    const ZERO: Self = Self::ZERO;
    const ONE: Self = Self::ONE;
    const LAZY: bool = false;

    fn splat(x: &Fp<P>) -> Self {
        let limbs = x.to_canonical_limbs();
        let mut d = <P::LaneDigits as LaneDigits>::ZERO;
        for (j, row) in d.as_mut().iter_mut().enumerate() {
            *row = Row([digit_of(limbs.as_ref(), j); LANES]);
        }
        Self::from_canonical_digits(&d)
    }
    #[inline(always)]
    fn square(&self) -> Self {
        *self * *self
    }
    #[inline(always)]
    fn double(&self) -> Self {
        self.double_lanes()
    }
    #[inline(always)]
    fn half(&self) -> Self {
        Self::from_digits(LaneDigits::half_mod::<B>(&self.d, P::LANE_P))
    }
    fn mul_small(&self, k: u64) -> Self {
        match i64::try_from(k) {
            Ok(k) => Self::lincomb(self, k, &Self::ZERO, 0),
            // k = 2^63 + k': k' * self + 2^62 * (2 self).
            Err(_) => Self::lincomb(self, (k & (u64::MAX >> 1)) as i64, &self.double(), 1 << 62),
        }
    }
    fn small_lincomb(a: &Self, ka: i64, b: &Self, kb: i64) -> Self {
        Self::lincomb(a, ka, b, kb)
    }
    /// Constant time, 0 maps to 0: the eight values leave the lanes for one constant-time scalar
    /// inversion of their product (Montgomery's trick, 21 scalar products around it). Fermat's
    /// x^(p-2) in the lanes cost about 1.5 log p lane products, several times more.
    fn inv(&self) -> Self {
        let xs = self.to_lanes();
        // Zero lanes enter the product as 1 and leave as 0.
        let zero: [u64; LANES] = core::array::from_fn(|i| xs[i].ct_eq_mask(&Fp::ZERO));
        let ys: [Fp<P>; LANES] = core::array::from_fn(|i| xs[i].select(&Fp::ONE, zero[i]));
        let mut prefix = ys;
        for i in 1..LANES {
            prefix[i] = prefix[i - 1] * ys[i];
        }
        let mut t = prefix[LANES - 1].inv();
        let mut out = [Fp::ZERO; LANES];
        for i in (1..LANES).rev() {
            out[i] = t * prefix[i - 1];
            t *= ys[i];
        }
        out[0] = t;
        Self::from_lanes(&core::array::from_fn(|i| out[i].select(&Fp::ZERO, zero[i])))
    }
    fn inv_vartime(&self) -> Option<Self> {
        let zero = self.ct_eq_mask(&Self::ZERO);
        if zero.0.iter().any(|&m| m != 0) {
            None
        } else {
            Some(self.inv())
        }
    }
    fn ct_eq_mask(&self, other: &Self) -> LaneMask {
        let mut acc = [0u64; LANES];
        let (a, b) = (self.canonical_digits(), other.canonical_digits());
        for (x, y) in a.as_ref().iter().zip(b.as_ref()) {
            for (a, (xi, yi)) in acc.iter_mut().zip(x.0.iter().zip(&y.0)) {
                *a |= xi ^ yi;
            }
        }
        // (a | -a) has its top bit set exactly when a != 0 (a < 2^63 here).
        LaneMask(acc.map(|a| ((a | a.wrapping_neg()) >> 63).wrapping_sub(1)))
    }
    fn select(&self, other: &Self, mask: LaneMask) -> Self {
        let mut d = self.d;
        for (r, o) in d.as_mut().iter_mut().zip(other.d.as_ref()) {
            for ((ri, oi), m) in r.0.iter_mut().zip(&o.0).zip(&mask.0) {
                *ri ^= (*ri ^ oi) & m;
            }
        }
        Self::from_digits(d)
    }

    #[inline(always)]
    fn add_unreduced(&self, b: &Self) -> Self {
        *self + *b
    }
    #[inline(always)]
    fn sub_unreduced(&self, b: &Self) -> Self {
        *self - *b
    }
    const WIDE_ZERO: Self = Self::ZERO;
    #[inline(always)]
    fn mul_wide_into(&self, b: &Self, out: &mut Self) {
        *out = *self * *b;
    }
    #[inline(always)]
    fn reduce_wide(w: &Self) -> Self {
        *w
    }
    #[inline(always)]
    fn wide_add(a: &Self, b: &Self) -> Self {
        *a + *b
    }
    #[inline(always)]
    fn wide_sub(a: &Self, b: &Self) -> Self {
        *a - *b
    }
    #[inline(always)]
    fn wide_sub_nonneg(a: &Self, b: &Self) -> Self {
        *a - *b
    }
    fn wide_lincomb(a: &Self, ka: i64, b: &Self, kb: i64) -> Self {
        Self::small_lincomb(a, ka, b, kb)
    }
}

/// The whole F_p2, F_p6 and F_p12 operations as one kernel each where the backend has them
/// ([`LaneBackend`]): each call and each copy of an intermediate value is costly in the lanes.
impl<P: LaneParams, B: LaneBackend> TowerKernels for Lanes<P, B> {
    const FP2_KERNELS: bool = true;

    #[inline(always)]
    fn fp2_mul_into(a: [&Self; 2], b: [&Self; 2], beta: i64, c0: &mut Self, c1: &mut Self) {
        LaneDigits::fp2_mul::<B>(
            [&a[0].d, &a[1].d],
            [&b[0].d, &b[1].d],
            beta,
            Self::LAZY_FP2,
            P::LANE_P,
            P::LANE_P2,
            P::LANE_INV,
            &mut c0.d,
            &mut c1.d,
        )
    }
    #[inline(always)]
    fn fp6_mul<T: TowerParams<Fp = P>>(a: &Fp6<T, Self>, b: &Fp6<T, Self>) -> Fp6<T, Self> {
        // The formula where the field is too wide for the kernels or the backend has none.
        let mut c = Fp6::<T, Self>::ZERO;
        if Self::fp6_mul_kernel(a, b, &mut c) {
            return c;
        }
        a.mul_formula(b)
    }
    /// Karatsuba over F_p6 (c0 = t0 + v t1, c1 = (a0 + a1)(b0 + b1) - t0 - t1) with the three
    /// F_p6 products by the F_p6 kernel, each written into the memory it ends in and the sums and
    /// differences taken coefficient by coefficient in place: through the tower's formula
    /// ([`Fp12::mul_formula`]) each F_p6 value (6 rows per coefficient, 1.9 KB at 5 digits) was
    /// copied into and out of every operation. Measured on an AMD Zen 4 (`examples/lanes_bench`,
    /// six alternating runs, medians): 0.86x the formula's time on bn254, 0.87x on bls12-381.
    #[inline(always)]
    fn fp12_mul<T: TowerParams<Fp = P>>(
        a: &Fp12<T, Self>,
        b: &Fp12<T, Self>,
    ) -> Option<Fp12<T, Self>> {
        if !Self::TOWER_KERNELS {
            return None;
        }
        let p2 = P::LANE_P2;
        let mul = Self::fp6_mul_kernel::<T>;
        let (mut r, mut t1) = (Fp12::<T, Self>::ZERO, Fp6::<T, Self>::ZERO);
        let Fp12 { c0: r0, c1: r1 } = &mut r;
        // The first product answers for all three (the backend's answer depends on the CPU
        // only), before the sums are formed.
        if !mul(&a.c0, &b.c0, r0) {
            return None;
        }
        let (mut sa, mut sb) = (Fp6::<T, Self>::ZERO, Fp6::<T, Self>::ZERO);
        for (x, y, s) in [(&a.c0, &a.c1, &mut sa), (&b.c0, &b.c1, &mut sb)] {
            let (x, y) = (fp6_digits(x), fp6_digits(y));
            for (i, s) in fp6_digits_mut(s).into_iter().enumerate() {
                *s = LaneDigits::add_mod::<B>(x[i], y[i], p2);
            }
        }
        if !(mul(&a.c1, &b.c1, &mut t1) && mul(&sa, &sb, r1)) {
            return None;
        }
        let (t0, t1d) = (fp6_digits(r0), fp6_digits(&t1));
        for (i, c) in fp6_digits_mut(r1).into_iter().enumerate() {
            let s = LaneDigits::add_mod::<B>(t0[i], t1d[i], p2);
            *c = LaneDigits::sub_mod::<B>(c, &s, p2);
        }
        // v t1 = (xi t1.c2, t1.c0, t1.c1).
        r0.c0 += t1.c2.mul_by_xi();
        r0.c1 += t1.c0;
        r0.c2 += t1.c1;
        Some(r)
    }
    #[inline(always)]
    fn fp12_mul_by_line_assign<T: TowerParams<Fp = P>, const M_TYPE: bool>(
        f: &mut Fp12<T, Self>,
        line: [&Fp2<T, Self>; 3],
    ) {
        let l = [
            &line[0].c0.d,
            &line[0].c1.d,
            &line[1].c0.d,
            &line[1].c1.d,
            &line[2].c0.d,
            &line[2].c1.d,
        ];
        if !(Self::TOWER_KERNELS
            && LaneDigits::fp12_mul_by_line::<B, M_TYPE>(
                fp12_digits_mut(f),
                l,
                &Self::tower_consts::<T>(),
            ))
        {
            let [a, b, c] = line;
            *f = if M_TYPE {
                f.mul_by_line_m(a, b, c)
            } else {
                f.mul_by_line_d(a, b, c)
            };
        }
    }
    #[inline(always)]
    fn fp12_square_assign<T: TowerParams<Fp = P>>(f: &mut Fp12<T, Self>) {
        if !(Self::TOWER_KERNELS
            && LaneDigits::fp12_square::<B>(fp12_digits_mut(f), &Self::tower_consts::<T>()))
        {
            *f = f.square_formula();
        }
    }
    #[inline(always)]
    fn fp12_cyclotomic_square<T: TowerParams<Fp = P>>(f: &Fp12<T, Self>) -> Fp12<T, Self> {
        // A = (c0.c0, c1.c1), then [e1, e2, e4, e5] = (c1.c0, c0.c1, c0.c2, c1.c2).
        let mut r = Fp12::<T, Self>::ZERO;
        let (x, y) = (&f.c0, &f.c1);
        let Fp12 { c0: r0, c1: r1 } = &mut r;
        let done = Self::TOWER_KERNELS
            && LaneDigits::cyclotomic_square::<B, 12>(
                [
                    &x.c0.c0.d, &x.c0.c1.d, &y.c1.c0.d, &y.c1.c1.d, &y.c0.c0.d, &y.c0.c1.d,
                    &x.c1.c0.d, &x.c1.c1.d, &x.c2.c0.d, &x.c2.c1.d, &y.c2.c0.d, &y.c2.c1.d,
                ],
                &Self::tower_consts::<T>(),
                [
                    &mut r0.c0.c0.d,
                    &mut r0.c0.c1.d,
                    &mut r1.c1.c0.d,
                    &mut r1.c1.c1.d,
                    &mut r1.c0.c0.d,
                    &mut r1.c0.c1.d,
                    &mut r0.c1.c0.d,
                    &mut r0.c1.c1.d,
                    &mut r0.c2.c0.d,
                    &mut r0.c2.c1.d,
                    &mut r1.c2.c0.d,
                    &mut r1.c2.c1.d,
                ],
            );
        if done {
            r
        } else {
            f.cyclotomic_square_formula()
        }
    }
    #[inline(always)]
    fn compressed_cyclotomic_square<T: TowerParams<Fp = P>>(
        e: &[Fp2<T, Self>; 4],
    ) -> [Fp2<T, Self>; 4] {
        let mut r = [Fp2::<T, Self>::ZERO; 4];
        let [r1, r2, r4, r5] = &mut r;
        let done = Self::TOWER_KERNELS
            && LaneDigits::cyclotomic_square::<B, 8>(
                [
                    &e[0].c0.d, &e[0].c1.d, &e[1].c0.d, &e[1].c1.d, &e[2].c0.d, &e[2].c1.d,
                    &e[3].c0.d, &e[3].c1.d,
                ],
                &Self::tower_consts::<T>(),
                [
                    &mut r1.c0.d,
                    &mut r1.c1.d,
                    &mut r2.c0.d,
                    &mut r2.c1.d,
                    &mut r4.c0.d,
                    &mut r4.c1.d,
                    &mut r5.c0.d,
                    &mut r5.c1.d,
                ],
            );
        if done {
            r
        } else {
            crate::field::fp12::square_bc(e)
        }
    }
    #[inline(always)]
    fn fp2_square_into(a: [&Self; 2], beta: i64, c0: &mut Self, c1: &mut Self) {
        LaneDigits::fp2_square::<B>(
            [&a[0].d, &a[1].d],
            beta,
            P::LANE_P,
            P::LANE_P2,
            P::LANE_INV,
            &mut c0.d,
            &mut c1.d,
        )
    }
}

/// [`Fp::sqrt_vartime`] of each element: for p = 3 mod 4 eight at a time in the lanes (`lanes`
/// true) or one by one; `None` takes the strategy layer's choice. In the lanes, w = a^((p-3)/4)
/// by fixed 4-bit windows, x = a w is a root where x w = a^((p-1)/2) is 1, as the first step of
/// `Fp::sqrt_vartime`, which for p = 3 mod 4 is all of it (the same root); 0 for 0, `None` for a
/// non-square. A short last pass is filled with ones. Variable time (public inputs).
pub fn sqrt_batch_with<P: LaneParams>(xs: &[Fp<P>], lanes: Option<bool>) -> Vec<Option<Fp<P>>> {
    let lanes = lanes.unwrap_or_else(|| crate::strategy::square_roots_in_lanes(xs.len()));
    if P::S != 1 || !lanes {
        return xs.iter().map(Fp::sqrt_vartime).collect();
    }
    let mut out = Vec::with_capacity(xs.len());
    for chunk in xs.chunks(LANES) {
        let a = Lanes::<P>::from_lanes(&core::array::from_fn(|i| {
            chunk.get(i).copied().unwrap_or(Fp::ONE)
        }));
        let w = pow_fixed_windows(&a, Lanes::ONE, P::T_MINUS_1_HALF.as_ref(), |x| x.square());
        let x = a * w;
        let (roots, legendre) = (x.to_lanes(), (x * w).to_lanes());
        for (i, v) in chunk.iter().enumerate() {
            out.push(if v.is_zero() {
                Some(Fp::ZERO)
            } else {
                legendre[i].is_one().then_some(roots[i])
            });
        }
    }
    out
}
