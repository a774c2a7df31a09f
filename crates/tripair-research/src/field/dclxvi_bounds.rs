//! A coefficient that carries a proven bound beside its value: the CheckDouble idea of the dclxvi
//! slides (Naehrig–Niederhagen–Schwabe 2010). Every operation computes the value as `f64` does and,
//! in parallel, the worst case over all inputs within the operands' bounds; an operation whose
//! worst case could reach 2^53 (where doubles stop being exact integers) panics, naming the
//! operation. Running the tower, the Miller loop and the final exponentiation on
//! `Dclxvi<P, CheckedCoeff>` proves that the reductions of [`super::dclxvi`] suffice for every
//! input, not only for the inputs tried.

use super::dclxvi::{round_mul, Coeff};
use core::ops::{Add, Mul, Neg, Sub};

/// 2^53: the first magnitude at which doubles stop representing every integer.
pub const LIMIT: f64 = 9007199254740992.0;

/// A coefficient value with a bound on its magnitude that holds for every input within the
/// bounds the computation started from.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CheckedCoeff {
    value: f64,
    bound: f64,
}

impl CheckedCoeff {
    /// The value.
    pub fn value(&self) -> f64 {
        self.value
    }

    /// The proven bound on the magnitude.
    pub fn bound(&self) -> f64 {
        self.bound
    }

    /// Checks the bound of a result (bounds below 2^53 are exact integers or halves in f64, and a
    /// bound at or above 2^53 stays there after rounding, so the comparison is sound).
    #[inline]
    #[track_caller]
    fn checked(value: f64, bound: f64, op: &str) -> Self {
        // A NaN bound (impossible from finite operands) fails too.
        if bound >= LIMIT || bound.is_nan() {
            panic!("dclxvi coefficient overflow: {op} could reach {bound:e} >= 2^53");
        }
        assert!(
            value.abs() <= bound && value == value.trunc(),
            "dclxvi coefficient {value} outside its proven bound {bound} after {op}"
        );
        CheckedCoeff { value, bound }
    }
}

impl Add for CheckedCoeff {
    type Output = Self;
    #[track_caller]
    fn add(self, r: Self) -> Self {
        Self::checked(self.value + r.value, self.bound + r.bound, "an addition")
    }
}
impl Sub for CheckedCoeff {
    type Output = Self;
    #[track_caller]
    fn sub(self, r: Self) -> Self {
        Self::checked(self.value - r.value, self.bound + r.bound, "a subtraction")
    }
}
impl Mul for CheckedCoeff {
    type Output = Self;
    #[track_caller]
    fn mul(self, r: Self) -> Self {
        Self::checked(self.value * r.value, self.bound * r.bound, "a product")
    }
}
impl Neg for CheckedCoeff {
    type Output = Self;
    fn neg(self) -> Self {
        CheckedCoeff {
            value: -self.value,
            bound: self.bound,
        }
    }
}

impl Coeff for CheckedCoeff {
    const ZERO: Self = CheckedCoeff {
        value: 0.0,
        bound: 0.0,
    };
    const ONE: Self = CheckedCoeff {
        value: 1.0,
        bound: 1.0,
    };
    #[track_caller]
    fn with_bound(x: f64, bound: f64) -> Self {
        Self::checked(x, bound, "a conversion")
    }
    fn value(self) -> f64 {
        self.value
    }
    #[track_caller]
    fn scale(self, k: f64) -> Self {
        Self::checked(self.value * k, self.bound * k.abs(), "a small multiple")
    }
    /// c = round(x * fl(1/r)) (the exact product, rounded once) differs from x/r by at most
    /// 1/2 + |x/r| 2^-53 < 1/2 + 1/r for |x| < 2^53, so |c| <= bound/r + 1 and
    /// |x - c r| <= r/2 + 2.
    #[track_caller]
    fn carry(self, radix: f64, radix_inv: f64) -> (Self, Self) {
        let c = round_mul(self.value, radix_inv);
        let rem = self.value - c * radix;
        let c_bound = (self.bound / radix).floor() + 1.0;
        let rem_bound = (radix / 2.0).floor() + 2.0;
        (
            Self::checked(rem, rem_bound, "a carry"),
            Self::checked(c, c_bound, "a carry"),
        )
    }
    fn select(self, other: Self, mask: u64) -> Self {
        CheckedCoeff {
            value: f64::from_bits((self.value.to_bits() & !mask) | (other.value.to_bits() & mask)),
            bound: self.bound.max(other.bound),
        }
    }
}
