//! `ff::Field`, `ff::PrimeField` and `ff::PrimeFieldBits` for the scalar fields of BN254 and
//! BLS12-381 (`Scalar<Bn254>`, `Scalar<Bls12_381>`). The representation (`Repr`) is the 32-byte
//! little-endian canonical value, as in zkcrypto's `bls12_381` crate; the constants that ff asks
//! for are derived from the modulus at compile time (Montgomery products in `const fn`), from the
//! multiplicative generator that each field names.

use crate::arith::limbs;
use crate::curve::curves::{Bls12_381Fr, Bn254Fr};
use crate::field::{Fp, FpParams};
use ff::{Field, FieldBits, PrimeField, PrimeFieldBits};
use rand_core::RngCore;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// A scalar field with the zkcrypto traits: four limbs, and what ff needs beyond the modulus.
pub trait ZkScalar: FpParams<Limbs = [u64; 4]> {
    /// The modulus as "0x" and big-endian hex digits (ff's `MODULUS`).
    const MODULUS_HEX: &'static str;
    /// A generator of the multiplicative group, a quadratic non-residue.
    const GENERATOR: u64;
}

impl<B: crate::arith::Backend> ZkScalar for Bls12_381Fr<B> {
    const MODULUS_HEX: &'static str =
        "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";
    // As in zkcrypto's bls12_381 and arkworks.
    const GENERATOR: u64 = 7;
}

impl<B: crate::arith::Backend> ZkScalar for Bn254Fr<B> {
    const MODULUS_HEX: &'static str =
        "0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001";
    // As in arkworks' ark-bn254.
    const GENERATOR: u64 = 5;
}

/// a * b * 2^-256 mod p, fully reduced (compile time).
const fn mont_mul<P: ZkScalar>(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (t, hi) = limbs::mont_mul_unreduced(a, b, &P::MODULUS, P::INV);
    let (s, borrow) = limbs::sub(&t, &P::MODULUS);
    if hi == 1 || borrow == 0 {
        s
    } else {
        t
    }
}

/// The Montgomery form of the integer x < p (compile time).
const fn to_mont<P: ZkScalar>(x: &[u64; 4]) -> [u64; 4] {
    mont_mul::<P>(x, &P::R2)
}

/// base^e for a base in Montgomery form and an exponent of little-endian limbs (compile time).
const fn pow<P: ZkScalar>(base: &[u64; 4], e: &[u64; 4]) -> [u64; 4] {
    let mut acc = P::R;
    let mut i = 256;
    while i > 0 {
        i -= 1;
        acc = mont_mul::<P>(&acc, &acc);
        if (e[i / 64] >> (i % 64)) & 1 == 1 {
            acc = mont_mul::<P>(&acc, base);
        }
    }
    acc
}

/// base^(2^k) (compile time).
const fn square_n<P: ZkScalar>(base: &[u64; 4], k: u32) -> [u64; 4] {
    let mut acc = *base;
    let mut i = 0;
    while i < k {
        acc = mont_mul::<P>(&acc, &acc);
        i += 1;
    }
    acc
}

const fn generator<P: ZkScalar>() -> [u64; 4] {
    to_mont::<P>(&limbs::from_u64(P::GENERATOR))
}

/// 2^S - 1 as limbs: the exponent that inverts an element of order 2^S.
const fn two_adic_inverse_exponent(s: u32) -> [u64; 4] {
    let mut e = [0u64; 4];
    let mut i = 0;
    while i < s as usize {
        e[i / 64] |= 1 << (i % 64);
        i += 1;
    }
    e
}

impl<P: ZkScalar> ConstantTimeEq for Fp<P> {
    fn ct_eq(&self, other: &Self) -> Choice {
        Choice::from((self.ct_eq_mask(other) & 1) as u8)
    }
}

impl<P: ZkScalar> ConditionallySelectable for Fp<P> {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        a.select(b, (choice.unwrap_u8() as u64).wrapping_neg())
    }
}

impl<P: ZkScalar> Field for Fp<P> {
    const ZERO: Self = Fp::ZERO;
    const ONE: Self = Fp::ONE;

    fn random(mut rng: impl RngCore) -> Self {
        Fp::random(&mut rng)
    }

    fn square(&self) -> Self {
        Fp::square(self)
    }

    fn double(&self) -> Self {
        Fp::double(self)
    }

    /// The constant-time inverse (binary GCD); none for zero.
    fn invert(&self) -> CtOption<Self> {
        CtOption::new(self.inv(), !Field::is_zero(self))
    }

    fn sqrt_ratio(num: &Self, div: &Self) -> (Choice, Self) {
        ff::helpers::sqrt_ratio_generic(num, div)
    }

    /// Constant-time Tonelli–Shanks (ff's helper, Sarkar's variant).
    fn sqrt(&self) -> CtOption<Self> {
        ff::helpers::sqrt_tonelli_shanks(self, P::T_MINUS_1_HALF)
    }
}

impl<P: ZkScalar> From<u64> for Fp<P> {
    fn from(x: u64) -> Self {
        Fp::from_u64(x)
    }
}

impl<P: ZkScalar> PrimeField for Fp<P> {
    type Repr = [u8; 32];

    /// Little-endian canonical bytes; none for a value not below r.
    fn from_repr(repr: [u8; 32]) -> CtOption<Self> {
        let mut v = [0u64; 4];
        for (limb, chunk) in v.iter_mut().zip(repr.chunks_exact(8)) {
            *limb = u64::from_le_bytes(chunk.try_into().expect("8-byte chunk"));
        }
        match Fp::from_canonical_limbs(&v) {
            Some(x) => CtOption::new(x, Choice::from(1)),
            None => CtOption::new(Fp::ZERO, Choice::from(0)),
        }
    }

    fn to_repr(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for (chunk, limb) in out.chunks_exact_mut(8).zip(self.to_canonical_limbs()) {
            chunk.copy_from_slice(&limb.to_le_bytes());
        }
        out
    }

    fn is_odd(&self) -> Choice {
        Choice::from((self.to_canonical_limbs()[0] & 1) as u8)
    }

    const MODULUS: &'static str = P::MODULUS_HEX;
    const NUM_BITS: u32 = P::BITS;
    const CAPACITY: u32 = P::BITS - 1;
    /// (p + 1) / 2.
    const TWO_INV: Self = Fp::from_mont(to_mont::<P>(
        &limbs::add(&limbs::shr1(&P::MODULUS), &limbs::from_u64(1)).0,
    ));
    const MULTIPLICATIVE_GENERATOR: Self = Fp::from_mont(generator::<P>());
    const S: u32 = P::S;
    /// g^T: of order 2^S.
    const ROOT_OF_UNITY: Self = Fp::from_mont(pow::<P>(&generator::<P>(), &P::T));
    const ROOT_OF_UNITY_INV: Self = Fp::from_mont(pow::<P>(
        &pow::<P>(&generator::<P>(), &P::T),
        &two_adic_inverse_exponent(P::S),
    ));
    /// g^(2^S): of order T.
    const DELTA: Self = Fp::from_mont(square_n::<P>(&generator::<P>(), P::S));
}

/// The bit view's words: bitvec stores u64 only where the target has 64-bit words.
#[cfg(target_pointer_width = "64")]
type Words = [u64; 4];
#[cfg(not(target_pointer_width = "64"))]
type Words = [u32; 8];

fn words(limbs: &[u64; 4]) -> Words {
    #[cfg(target_pointer_width = "64")]
    {
        *limbs
    }
    #[cfg(not(target_pointer_width = "64"))]
    {
        let mut w = [0u32; 8];
        for (i, l) in limbs.iter().enumerate() {
            w[2 * i] = *l as u32;
            w[2 * i + 1] = (*l >> 32) as u32;
        }
        w
    }
}

impl<P: ZkScalar> PrimeFieldBits for Fp<P> {
    type ReprBits = Words;

    fn to_le_bits(&self) -> FieldBits<Words> {
        FieldBits::new(words(&self.to_canonical_limbs()))
    }

    fn char_le_bits() -> FieldBits<Words> {
        FieldBits::new(words(&P::MODULUS))
    }
}
