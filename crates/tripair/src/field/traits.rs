//! One trait over F_p and F_p2, so that a single curve-group implementation serves G1 and G2.

use crate::prelude::*;
use core::fmt::Debug;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

/// The value traits and arithmetic operators every field type here carries (a bound alias with a
/// blanket implementation): shared by [`Field`] and [`super::BaseField`].
pub trait FieldOps:
    Copy
    + Clone
    + Debug
    + Default
    + PartialEq
    + Eq
    + Send
    + Sync
    + 'static
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
    + AddAssign
    + SubAssign
    + MulAssign
{
}

impl<T> FieldOps for T where
    T: Copy
        + Clone
        + Debug
        + Default
        + PartialEq
        + Eq
        + Send
        + Sync
        + 'static
        + Add<Output = Self>
        + Sub<Output = Self>
        + Mul<Output = Self>
        + Neg<Output = Self>
        + AddAssign
        + SubAssign
        + MulAssign
{
}

/// The base field of a curve group: F_p for G1, F_p2 for the twist carrying G2.
pub trait Field: FieldOps {
    /// The additive identity 0.
    const ZERO: Self;
    /// The multiplicative identity 1.
    const ONE: Self;
    /// Whether the element is 0.
    fn is_zero(&self) -> bool;
    /// self * self.
    fn square(&self) -> Self;
    /// self^(2^n), by n squarings (a field may run them as one chain, as F_p does).
    fn square_n(&self, n: u32) -> Self {
        (0..n).fold(*self, |x, _| x.square())
    }
    /// x^e by a window schedule of e over the base's table of odd powers (entry i =
    /// base^(2i + 1)): from entry first / 2, then for each (squarings, value) that many squares
    /// and, where value != 0, a product by entry value / 2. F_p runs it with lazy reduction.
    fn pow_windows(table: &[Self], first: usize, steps: &[(u32, usize)]) -> Self {
        let mut x = table[first / 2];
        for &(squarings, value) in steps {
            x = x.square_n(squarings);
            if value != 0 {
                x *= table[value / 2];
            }
        }
        x
    }
    /// (x^e, y^e) by a window schedule of e over the two bases' tables of odd powers (entry i
    /// = base^(2i + 1)): from entry first / 2, then for each (squarings, value) that many
    /// squares and, where value != 0, a product by entry value / 2. A field may run both
    /// chains side by side (F_p does, with lazy reduction). Sequence fixed by the schedule.
    fn pow_windows_pair(
        tables: [&[Self]; 2],
        first: usize,
        steps: &[(u32, usize)],
    ) -> (Self, Self) {
        let [ta, tb] = tables;
        (
            Self::pow_windows(ta, first, steps),
            Self::pow_windows(tb, first, steps),
        )
    }
    /// self + self.
    fn double(&self) -> Self;
    /// self / 2.
    fn half(&self) -> Self;
    /// self * k for a small public constant k.
    fn mul_small(&self, k: u64) -> Self;
    /// Constant-time inverse; the inverse of 0 is 0.
    fn inv(&self) -> Self;
    /// Variable-time inverse (public values); `None` for 0.
    fn inv_vartime(&self) -> Option<Self>;
    /// A square root, or `None` for a non-square (variable time: public values).
    fn sqrt_vartime(&self) -> Option<Self>;
    /// `self` where mask = 0, `other` where mask = !0.
    fn select(&self, other: &Self, mask: u64) -> Self;
    /// Constant-time equality as a mask: !0 if equal, 0 otherwise.
    fn ct_eq_mask(&self, other: &Self) -> u64;
    /// The ZCash "sign": whether the element is lexicographically larger than its negation.
    fn is_lexicographically_largest(&self) -> bool;
}

/// x^e for a public exponent (little-endian limbs) with fixed 4-bit windows: the sequence of
/// operations depends only on e, so the time is independent of x (constant time for a secret base).
#[doc(hidden)]
pub fn pow_public_exponent<T: Field>(x: &T, e: &[u64]) -> T {
    pow_fixed_windows(x, T::ONE, e, T::square)
}

/// The left-to-right sliding-window schedule of the exponent e (little-endian limbs) with windows
/// of at most `width` bits, each ending in a set bit (Handbook of Applied Cryptography,
/// Algorithm 14.85): `step(s, v)` means "square s times, then multiply by x^v" (v odd, or 0 for
/// squarings only); the first call is the leading window, r = x^v (its s is to be ignored). No
/// calls for e = 0. About one product per width + 1 bits, against one per width for fixed
/// windows; the schedule depends only on e.
pub(crate) fn sliding_windows(e: &[u64], width: usize, mut step: impl FnMut(u32, usize)) {
    let bit = |i: usize| (e[i / 64] >> (i % 64)) & 1 == 1;
    let Some(top) = (0..64 * e.len()).rev().find(|&i| bit(i)) else {
        return;
    };
    let mut pending = 0u32;
    let mut i = top as isize;
    while i >= 0 {
        if !bit(i as usize) {
            pending += 1;
            i -= 1;
            continue;
        }
        // The window [j, i]: at most `width` bits, ending in a set bit.
        let mut j = (i - width as isize + 1).max(0) as usize;
        while !bit(j) {
            j += 1;
        }
        let value = (j..=i as usize)
            .rev()
            .fold(0, |v, k| 2 * v + bit(k) as usize);
        step(pending + (i as usize - j + 1) as u32, value);
        pending = 0;
        i = j as isize - 1;
    }
    if pending > 0 {
        step(pending, 0);
    }
}

/// `sliding_windows` as data, in the form [`Field::pow_windows`] takes: the leading window's
/// value and the (squarings, value) steps after it; `None` for e = 0.
#[doc(hidden)]
pub fn window_schedule(e: &[u64], width: usize) -> Option<(usize, Vec<(u32, usize)>)> {
    let (mut first, mut steps) = (None, Vec::new());
    sliding_windows(e, width, |squarings, v| match first {
        None => first = Some(v),
        Some(_) => steps.push((squarings, v)),
    });
    first.map(|f| (f, steps))
}

/// x^e for a public exponent by sliding windows (`sliding_windows`, widths 3 to 5 by the
/// length of e): the operation sequence depends only on e.
#[doc(hidden)]
pub fn pow_sliding_windows<T: Field>(x: &T, e: &[u64]) -> T {
    let bits = e
        .iter()
        .rposition(|&l| l != 0)
        .map_or(0, |i| 64 * i + 64 - e[i].leading_zeros() as usize);
    let width = match bits {
        0..=24 => 3,
        25..=80 => 4,
        _ => 5,
    };
    let x2 = x.square();
    let mut odd = [*x; 16];
    for k in 1..1 << (width - 1) {
        odd[k] = odd[k - 1] * x2;
    }
    match window_schedule(e, width) {
        Some((first, steps)) => T::pow_windows(&odd[..1 << (width - 1)], first, &steps),
        None => T::ONE,
    }
}

/// x^e with fixed 4-bit windows over a public exponent, for any type with a product, its 1 and a
/// squaring (fields, and base fields holding several elements side by side).
#[doc(hidden)]
pub fn pow_fixed_windows<T: Copy + Mul<Output = T>>(
    x: &T,
    one: T,
    e: &[u64],
    square: impl Fn(&T) -> T,
) -> T {
    let mut table = [one; 16];
    for i in 1..16 {
        table[i] = table[i - 1] * *x;
    }
    let mut r = one;
    for i in (0..e.len() * 16).rev() {
        for _ in 0..4 {
            r = square(&r);
        }
        let w = (e[i / 16] >> (4 * (i % 16))) & 15;
        if w != 0 {
            r = r * table[w as usize];
        }
    }
    r
}

/// Montgomery's trick: every element inverted with one inversion (`inv`) and 3(n - 1)
/// multiplications. Zeros are skipped and stay zero.
#[inline]
fn batch_inv_with<T: Field>(xs: &mut [T], inv: impl Fn(&T) -> T) {
    let mut prefix = Vec::with_capacity(xs.len());
    let mut acc = T::ONE;
    for x in xs.iter() {
        prefix.push(acc);
        if !x.is_zero() {
            acc *= *x;
        }
    }
    // acc is a product of non-zero field elements, so it is invertible.
    let mut inv_acc = inv(&acc);
    for (x, pre) in xs.iter_mut().zip(prefix).rev() {
        if x.is_zero() {
            continue;
        }
        let xi = inv_acc * pre;
        inv_acc *= *x;
        *x = xi;
    }
}

/// Inverts every element in place with one constant-time inversion and 3(n - 1) multiplications
/// (Montgomery's trick). Zeros stay zero, without a branch on any value: each zero is replaced by
/// one under a mask before the products and its result masked back to zero.
pub fn batch_inv<T: Field>(xs: &mut [T]) {
    let zero: Vec<u64> = xs.iter().map(|x| x.ct_eq_mask(&T::ZERO)).collect();
    let mut prefix = Vec::with_capacity(xs.len());
    let mut acc = T::ONE;
    for (x, &z) in xs.iter_mut().zip(&zero) {
        *x = x.select(&T::ONE, z);
        prefix.push(acc);
        acc *= *x;
    }
    let mut inv_acc = acc.inv();
    for ((x, pre), &z) in xs.iter_mut().zip(prefix).zip(&zero).rev() {
        let xi = inv_acc * pre;
        inv_acc *= *x;
        *x = xi.select(&T::ZERO, z);
    }
}

/// As [`batch_inv`] with a variable-time inversion: only for public values.
pub fn batch_inv_vartime<T: Field>(xs: &mut [T]) {
    batch_inv_with(xs, |a| a.inv_vartime().unwrap_or(T::ONE));
}
