//! The Miller loop output and the target group GT: different types, so that no one compares or
//! serializes a value before its final exponentiation.

use crate::curve::PairingCurve;
use crate::error::{Error, Result};
use crate::field::{Fp, Fp12, FpParams};
use crate::prelude::*;
use core::ops::{Mul, MulAssign};

/// f_{s,Q}(P) before the final exponentiation: defined only up to factors that the final
/// exponentiation removes. Multiply outputs to combine Miller loops, then call `final_exponentiation`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MillerLoopOutput<C: PairingCurve>(pub(crate) Fp12<C>);

impl<C: PairingCurve> MillerLoopOutput<C> {
    /// The F_p12 value of the loop (meaningful only up to the factors the final exponentiation removes).
    pub fn as_fp12(&self) -> &Fp12<C> {
        &self.0
    }
}

impl<C: PairingCurve> Mul for MillerLoopOutput<C> {
    type Output = Self;
    fn mul(self, r: Self) -> Self {
        MillerLoopOutput(self.0 * r.0)
    }
}

/// An element of GT, the order-r subgroup of F_p12^*, written multiplicatively.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gt<C: PairingCurve>(Fp12<C>);

impl<C: PairingCurve> Gt<C> {
    /// The identity element 1 of GT.
    pub fn identity() -> Self {
        Gt(Fp12::ONE)
    }

    /// Wraps a value known to be in GT (output of a final exponentiation). Hidden: for the
    /// research crate's pairings, which run the final exponentiation on other base fields.
    #[doc(hidden)]
    pub fn from_fp12_unchecked(f: Fp12<C>) -> Self {
        Gt(f)
    }

    /// The F_p12 value of the element.
    pub fn into_fp12(self) -> Fp12<C> {
        self.0
    }

    /// A reference to the F_p12 value of the element.
    pub fn as_fp12(&self) -> &Fp12<C> {
        &self.0
    }

    /// Whether this is the identity element 1.
    pub fn is_identity(&self) -> bool {
        self.0.is_one()
    }

    /// The inverse (the conjugate, since GT lies in the cyclotomic subgroup).
    pub fn inverse(&self) -> Self {
        Gt(self.0.conjugate())
    }

    /// self^e for a public exponent (little-endian limbs), with cyclotomic squarings over the
    /// width-w NAF of e (w in 2..=5) that needs the fewest operations with its table of odd powers.
    pub fn pow_vartime(&self, e: &[u64]) -> Self {
        Gt(self.0.cyclotomic_exp_naf_with(
            &crate::field::cheapest_wnaf_msb_first(e),
            &crate::strategy::ChosenChains,
        ))
    }

    /// self^k for a scalar of F_r (square-and-multiply always: constant time in k).
    pub fn pow(&self, k: &Fp<C::Fr>) -> Self {
        let e = k.to_canonical_limbs();
        let e = e.as_ref();
        let mut r = Fp12::ONE;
        for i in (0..<C::Fr as FpParams>::BITS as usize).rev() {
            r = r.cyclotomic_square();
            let m = r * self.0;
            let bit = (e[i / 64] >> (i % 64)) & 1;
            r = r.select(&m, 0u64.wrapping_sub(bit));
        }
        Gt(r)
    }

    /// The 12 coefficients in tower order (c0.c0.c0, c0.c0.c1, ..., c1.c2.c1), big-endian, fixed width.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.0
            .coefficients()
            .iter()
            .flat_map(|c| c.to_be_bytes())
            .collect()
    }

    /// Decodes and checks membership in GT (f^r = 1, f != 0); rejects non-canonical coefficients.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self> {
        let w = <C::Fp as FpParams>::BYTES;
        if bytes.len() != 12 * w {
            return Err(Error::WrongLength {
                what: "GT element",
                expected: 12 * w,
                got: bytes.len(),
            });
        }
        let mut c = [Fp::ZERO; 12];
        for (i, ci) in c.iter_mut().enumerate() {
            *ci = Fp::from_be_bytes(&bytes[i * w..(i + 1) * w])?;
        }
        let f = Fp12::from_coefficients(&c);
        if f.is_zero() || !f.pow_vartime(&C::consts().r).is_one() {
            return Err(Error::NotInSubgroup);
        }
        Ok(Gt(f))
    }
}

impl<C: PairingCurve> Mul for Gt<C> {
    type Output = Self;
    fn mul(self, r: Self) -> Self {
        Gt(self.0 * r.0)
    }
}

impl<C: PairingCurve> MulAssign for Gt<C> {
    fn mul_assign(&mut self, r: Self) {
        self.0 *= r.0;
    }
}
