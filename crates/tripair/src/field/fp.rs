//! The prime field F_p in Montgomery form, for moduli of 160 to 640 bits.

use super::traits::Field;
use crate::arith::limbs;
use crate::arith::radix52::Radix52;
use crate::arith::{Backend, Limbs};
use crate::error::{Error, Result};
use crate::prelude::*;
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

/// The constants of one prime field. Implementations come from `define_fp!`,
/// which derives every constant below from the modulus at compile time.
pub trait FpParams:
    'static + Copy + Clone + fmt::Debug + Default + PartialEq + Eq + core::hash::Hash + Send + Sync
{
    /// The limbs of one element, `[u64; N]` (with the radix-2^52 shape of N limbs, from which the
    /// lane module derives its constants).
    type Limbs: Limbs + Radix52;
    /// The backend that runs the Montgomery products.
    type Backend: Backend;
    /// The same field on another backend (identical representation).
    type WithBackend<B2: Backend>: FpParams<Limbs = Self::Limbs, Backend = B2>;
    /// The field's label, e.g. `"bn254 Fq"`.
    const NAME: &'static str;
    /// The prime p, as little-endian limbs.
    const MODULUS: Self::Limbs;
    /// -p^{-1} mod 2^64.
    const INV: u64;
    /// 2^(64N) mod p: one in Montgomery form.
    const R: Self::Limbs;
    /// 2^(128N) mod p: converts into Montgomery form.
    const R2: Self::Limbs;
    /// 2^(192N) mod p: one Montgomery product by it turns (xR)^{-1} into x^{-1} R.
    const R3: Self::Limbs;
    /// The bit length of p.
    const BITS: u32;
    /// Bytes of the canonical big-endian encoding: ceil(BITS / 8).
    const BYTES: usize;
    /// p - 2, the exponent of the Fermat inverse.
    const P_MINUS_2: Self::Limbs;
    /// (p - 1) / 2, for the Legendre symbol.
    const P_MINUS_1_HALF: Self::Limbs;
    /// p - 1 = 2^S * T with T odd.
    const S: u32;
    /// The odd part T of p - 1 = 2^S * T.
    const T: Self::Limbs;
    /// (T - 1) / 2, for Tonelli–Shanks.
    const T_MINUS_1_HALF: Self::Limbs;
}

/// Defines a zero-sized type implementing [`FpParams`] for a modulus given as a `[u64; N]` constant
/// expression (usually derived from a curve parameter by a `const fn`). Crate-internal: it expands to
/// the crate-private limb helpers (exported only so that `curve::curves` can name it by path).
#[doc(hidden)]
#[macro_export]
macro_rules! define_fp {
    ($(#[$m:meta])* $name:ident, $n:literal, $label:expr, $modulus:expr) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name<B = $crate::arith::DefaultBackend>(core::marker::PhantomData<B>);

        impl<B: $crate::arith::Backend> $crate::field::FpParams for $name<B> {
            type Limbs = [u64; $n];
            type Backend = B;
            type WithBackend<B2: $crate::arith::Backend> = $name<B2>;
            const NAME: &'static str = $label;
            const MODULUS: [u64; $n] = $modulus;
            const INV: u64 = $crate::arith::limbs::mont_neg_inv(Self::MODULUS[0]);
            const R: [u64; $n] = $crate::arith::limbs::pow2_mod(64 * $n, &Self::MODULUS);
            const R2: [u64; $n] = $crate::arith::limbs::pow2_mod(128 * $n, &Self::MODULUS);
            const R3: [u64; $n] = $crate::arith::limbs::pow2_mod(192 * $n, &Self::MODULUS);
            const BITS: u32 = $crate::arith::limbs::bit_length(&Self::MODULUS);
            const BYTES: usize = (Self::BITS as usize).div_ceil(8);
            const P_MINUS_2: [u64; $n] = $crate::arith::limbs::sub(&Self::MODULUS, &$crate::arith::limbs::from_u64(2)).0;
            const P_MINUS_1_HALF: [u64; $n] = $crate::arith::limbs::shr1(&Self::MODULUS);
            const S: u32 = (Self::MODULUS[0] - 1).trailing_zeros();
            const T: [u64; $n] = $crate::arith::limbs::shr(&Self::MODULUS, Self::S);
            const T_MINUS_1_HALF: [u64; $n] = $crate::arith::limbs::shr1(&Self::T);
        }
    };
}

/// The longest table of odd powers [`Fp::pow_windows`] takes (width-6 windows).
const POW_TABLE_MAX: usize = 32;

/// An element of F_p, stored in Montgomery form (a * 2^(64N) mod p), always fully reduced.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fp<F: FpParams> {
    pub(crate) mont: F::Limbs,
    _f: PhantomData<F>,
}

impl<F: FpParams> Default for Fp<F> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<F: FpParams> fmt::Debug for Fp<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x{}", hex::encode(self.to_be_bytes()))
    }
}

impl<F: FpParams> Fp<F> {
    /// The additive identity 0.
    pub const ZERO: Self = Fp {
        mont: <F::Limbs as Limbs>::ZERO,
        _f: PhantomData,
    };
    /// The multiplicative identity 1 (R mod p in Montgomery form).
    pub const ONE: Self = Fp {
        mont: F::R,
        _f: PhantomData,
    };

    #[inline(always)]
    pub(crate) const fn from_mont(mont: F::Limbs) -> Self {
        Fp {
            mont,
            _f: PhantomData,
        }
    }

    /// The Montgomery-form limbs (a * 2^(64N) mod p).
    #[inline(always)]
    pub fn mont_limbs(&self) -> &F::Limbs {
        &self.mont
    }

    /// From a canonical little-endian limb value; `None` if it is not below p.
    pub fn from_canonical_limbs(v: &F::Limbs) -> Option<Self> {
        if cmp_slices(v.as_ref(), F::MODULUS.as_ref()) >= 0 {
            return None;
        }
        Some(Self::from_mont(v.mont_mul::<F::Backend>(
            &F::R2,
            &F::MODULUS,
            F::INV,
        )))
    }

    /// From canonical limbs already known to be below p, in constant time (no comparison: one
    /// Montgomery product); for values computed by other representations of F_p.
    pub(crate) fn from_reduced_limbs(v: &F::Limbs) -> Self {
        debug_assert!(cmp_slices(v.as_ref(), F::MODULUS.as_ref()) < 0);
        Self::from_mont(v.mont_mul::<F::Backend>(&F::R2, &F::MODULUS, F::INV))
    }

    /// The canonical (non-Montgomery) little-endian limbs.
    pub fn to_canonical_limbs(&self) -> F::Limbs {
        let mut one = <F::Limbs as Limbs>::zero();
        one.as_mut()[0] = 1;
        self.mont.mont_mul::<F::Backend>(&one, &F::MODULUS, F::INV)
    }

    /// The integer x as a field element (x < p: every supported p exceeds 2^159), by one
    /// Montgomery product with no comparison, so the time does not depend on x.
    #[inline]
    pub fn from_u64(x: u64) -> Self {
        let mut v = <F::Limbs as Limbs>::zero();
        v.as_mut()[0] = x;
        Self::from_mont(v.mont_mul::<F::Backend>(&F::R2, &F::MODULUS, F::INV))
    }

    /// The signed integer x as a field element (p - |x| for negative x).
    pub fn from_i64(x: i64) -> Self {
        let a = Self::from_u64(x.unsigned_abs());
        if x < 0 {
            -a
        } else {
            a
        }
    }

    /// Decodes the canonical big-endian encoding of exactly `F::BYTES` bytes; rejects values >= p.
    pub fn from_be_bytes(bytes: &[u8]) -> Result<Self> {
        if bytes.len() != F::BYTES {
            return Err(Error::WrongLength {
                what: "field element",
                expected: F::BYTES,
                got: bytes.len(),
            });
        }
        let mut v = <F::Limbs as Limbs>::zero();
        let n = <F::Limbs as Limbs>::N;
        for (i, &b) in bytes.iter().rev().enumerate() {
            let limb = i / 8;
            if limb >= n {
                if b != 0 {
                    return Err(Error::NotAFieldElement);
                }
                continue;
            }
            v.as_mut()[limb] |= (b as u64) << (8 * (i % 8));
        }
        Self::from_canonical_limbs(&v).ok_or(Error::NotAFieldElement)
    }

    /// The integer with big-endian bytes `bytes` (any length) reduced modulo p: a uniform element
    /// from 64 uniform bytes for fields of up to 256 bits (bias below 2^-256; use 96 bytes for
    /// larger ones), as hash-to-field and scalar derivation need ("wide reduction"). The sequence
    /// of operations depends only on the length, not on the byte values.
    pub fn from_be_bytes_mod_order(bytes: &[u8]) -> Self {
        let n = <F::Limbs as Limbs>::N;
        if 8 * bytes.len() < 64 * n + F::BITS as usize {
            // A value x < 2^(8 len) <= p 2^(64N) is a valid input of a Montgomery reduction,
            // which gives x R^-1; a product by R^3 then gives the Montgomery form x R: two
            // products where Horner's rule below takes two per word (hash_to_field's 64 bytes).
            let (mut lo, mut hi) = (<F::Limbs as Limbs>::zero(), <F::Limbs as Limbs>::zero());
            for (i, &b) in bytes.iter().rev().enumerate() {
                let (half, limb) = if i < 8 * n {
                    (&mut lo, i / 8)
                } else {
                    (&mut hi, i / 8 - n)
                };
                half.as_mut()[limb] |= (b as u64) << (8 * (i % 8));
            }
            let r = F::Limbs::reduce_wide::<F::Backend>(&lo, &hi, &F::MODULUS, F::INV);
            return Self::from_mont(r.mont_mul::<F::Backend>(&F::R3, &F::MODULUS, F::INV));
        }
        // Horner over 64-bit words: acc = acc * 2^64 + word (2^64 = (2^32)^2 mod p).
        let two64 = Self::from_u64(1 << 32).square();
        let word_of = |chunk: &[u8]| chunk.iter().fold(0u64, |w, &b| (w << 8) | b as u64);
        let head = bytes.len() % 8;
        let mut acc = Self::from_u64(word_of(&bytes[..head]));
        for chunk in bytes[head..].chunks(8) {
            acc = acc * two64 + Self::from_u64(word_of(chunk));
        }
        acc
    }

    /// Canonical big-endian encoding, `F::BYTES` bytes.
    pub fn to_be_bytes(&self) -> Vec<u8> {
        let v = self.to_canonical_limbs();
        let mut out = vec![0u8; F::BYTES];
        for (i, o) in out.iter_mut().rev().enumerate() {
            *o = (v.as_ref()[i / 8] >> (8 * (i % 8))) as u8;
        }
        out
    }

    /// Writes the canonical big-endian encoding into `out` (exactly `F::BYTES` long).
    pub fn write_be_bytes(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.to_be_bytes());
    }

    /// Whether the element is 0 (constant time).
    #[inline(always)]
    pub fn is_zero(&self) -> bool {
        // Constant time over the limbs.
        self.mont.as_ref().iter().fold(0u64, |acc, &l| acc | l) == 0
    }

    /// Whether the element is 1.
    #[inline(always)]
    pub fn is_one(&self) -> bool {
        *self == Self::ONE
    }

    /// Constant-time equality as a mask (!0 if equal).
    #[inline(always)]
    pub fn ct_eq_mask(&self, other: &Self) -> u64 {
        let d = self
            .mont
            .as_ref()
            .iter()
            .zip(other.mont.as_ref())
            .fold(0u64, |acc, (a, b)| acc | (a ^ b));
        // d == 0 -> all ones.
        ((d | d.wrapping_neg()) >> 63).wrapping_sub(1)
    }

    /// `self` where mask = 0, `other` where mask = !0.
    #[inline(always)]
    pub fn select(&self, other: &Self, mask: u64) -> Self {
        Self::from_mont(self.mont.select(&other.mont, mask))
    }

    /// 2 * self mod p.
    #[inline(always)]
    pub fn double(&self) -> Self {
        Self::from_mont(self.mont.add_mod(&self.mont, &F::MODULUS))
    }

    /// self / 2.
    #[inline(always)]
    pub fn half(&self) -> Self {
        // Add p if odd (masked), then shift right by one including the carry.
        let a = self.mont.as_ref();
        let mask = limbs::ct::barrier(0u64.wrapping_sub(a[0] & 1));
        let mut out = <F::Limbs as Limbs>::zero();
        let o = out.as_mut();
        let p = F::MODULUS;
        let p = p.as_ref();
        let mut carry = 0u64;
        for i in 0..o.len() {
            let (s, c) = limbs::adc(a[i], p[i] & mask, carry);
            o[i] = s;
            carry = c;
        }
        for i in 0..o.len() {
            let next = if i + 1 < o.len() { o[i + 1] } else { carry };
            o[i] = (o[i] >> 1) | (next << 63);
        }
        Self::from_mont(out)
    }

    /// self^2 mod p, by the backend's Montgomery squaring.
    #[inline(always)]
    pub fn square(&self) -> Self {
        Self::from_mont(self.mont.mont_sqr::<F::Backend>(&F::MODULUS, F::INV))
    }

    /// self^(2^n) by n squarings as one chain ([`crate::arith::Backend::mont_sqr_n`]: the ADX
    /// backend skips the final subtraction between squares). The operation sequence depends
    /// only on n.
    pub fn square_n(&self, n: u32) -> Self {
        Self::from_mont(self.mont.mont_sqr_n::<F::Backend>(n, &F::MODULUS, F::INV))
    }

    /// The limbs of a window schedule's table of odd powers, on the stack (such tables are short).
    fn table_limbs(table: &[Self]) -> [F::Limbs; POW_TABLE_MAX] {
        assert!(
            table.len() <= POW_TABLE_MAX,
            "odd-power tables of at most {POW_TABLE_MAX}"
        );
        let mut limbs = [<F::Limbs as Limbs>::ZERO; POW_TABLE_MAX];
        for (d, s) in limbs.iter_mut().zip(table) {
            *d = s.mont;
        }
        limbs
    }

    /// x^e by a window schedule of e (as [`crate::arith::Backend::mont_pow_windows`]) over the
    /// base's table of odd powers (entry i = base^(2i + 1)): the ADX backend keeps the value below
    /// 2p from the first square to the last product. The operation sequence depends only on the
    /// schedule.
    pub fn pow_windows(table: &[Self], first: usize, steps: &[(u32, usize)]) -> Self {
        let limbs = Self::table_limbs(table);
        Self::from_mont(<F::Limbs as Limbs>::mont_pow_windows::<F::Backend>(
            &limbs[..table.len()],
            first,
            steps,
            &F::MODULUS,
            F::INV,
        ))
    }

    /// (x^e, y^e) by a window schedule of e (as [`crate::arith::Backend::mont_pow_windows_x2`])
    /// over the two bases' tables of odd powers (entry i = base^(2i + 1)): the ADX backend keeps
    /// both values below 2p from the first square to the last product. The operation sequence
    /// depends only on the schedule.
    pub fn pow_windows_pair(
        tables: [&[Self]; 2],
        first: usize,
        steps: &[(u32, usize)],
    ) -> (Self, Self) {
        let [ta, tb] = tables;
        assert_eq!(ta.len(), tb.len(), "odd-power tables of one length");
        let (la, lb) = (Self::table_limbs(ta), Self::table_limbs(tb));
        let n = ta.len();
        let (x, y) = <F::Limbs as Limbs>::mont_pow_windows_x2::<F::Backend>(
            [&la[..n], &lb[..n]],
            first,
            steps,
            &F::MODULUS,
            F::INV,
        );
        (Self::from_mont(x), Self::from_mont(y))
    }

    /// Multiplies by a small constant (constant in `k`, not secret).
    #[inline(always)]
    pub fn mul_small(&self, k: u64) -> Self {
        match k {
            0 => Self::ZERO,
            1 => *self,
            2 => self.double(),
            k if k < 1 << 16 => Self::small_lincomb(self, k as i64, &Self::ZERO, 0),
            _ => {
                let mut acc = Self::ZERO;
                let mut base = *self;
                let mut k = k;
                while k > 0 {
                    if k & 1 == 1 {
                        acc += base;
                    }
                    base = base.double();
                    k >>= 1;
                }
                acc
            }
        }
    }

    /// ka * a + kb * b for small signed constants with one reduction. The constants are the
    /// caller's (curve data, not input): |ka| + |kb| must be below 2^16, or this panics.
    #[inline(always)]
    pub fn small_lincomb(a: &Self, ka: i64, b: &Self, kb: i64) -> Self {
        Self::from_mont(a.mont.small_lincomb_mod(ka, &b.mont, kb, &F::MODULUS))
    }

    /// self^e for a public exponent given as little-endian limbs (variable time in `e`).
    pub fn pow_vartime(&self, e: &[u64]) -> Self {
        super::traits::pow_sliding_windows(self, e)
    }

    /// self^e with a fixed square-and-multiply-always schedule (constant time in `self`).
    pub fn pow_ct(&self, e: &[u64]) -> Self {
        let mut r = Self::ONE;
        for i in (0..e.len() * 64).rev() {
            r = r.square();
            let m = r * *self;
            let bit = (e[i / 64] >> (i % 64)) & 1;
            r = r.select(&m, 0u64.wrapping_sub(bit));
        }
        r
    }

    /// self^e for a public exponent with fixed 4-bit windows: the sequence of operations depends
    /// only on e, so the time is independent of self (constant time for a secret base).
    pub fn pow_public_exponent(&self, e: &[u64]) -> Self {
        super::traits::pow_public_exponent(self, e)
    }

    /// Constant-time inverse by Pornin's binary GCD (see `arith::bingcd`); the
    /// inverse of 0 is 0. The binary GCD inverts the Montgomery value xR; one Montgomery product by
    /// R^3 gives x^{-1} R. Fields wider than its signed limbs support (over 1024 bits) use Fermat.
    pub fn inv(&self) -> Self {
        if !crate::arith::safegcd::supports_limbs(<F::Limbs as Limbs>::N) {
            return self.inv_fermat();
        }
        let r = self.mont.inv_mod(&F::MODULUS, F::BITS);
        Self::from_mont(r.mont_mul::<F::Backend>(&F::R3, &F::MODULUS, F::INV))
    }

    /// Constant-time inverse by Fermat's little theorem, a^(p-2): the slow, obviously right
    /// oracle that tests hold [`Fp::inv`] to.
    pub fn inv_fermat(&self) -> Self {
        self.pow_public_exponent(F::P_MINUS_2.as_ref())
    }

    /// Variable-time inverse (divsteps that stop at the gcd); `None` for 0.
    /// Only for public values: its running time depends on the input.
    pub fn inv_vartime(&self) -> Option<Self> {
        if self.is_zero() {
            return None;
        }
        if !crate::arith::safegcd::supports_limbs(<F::Limbs as Limbs>::N) {
            return Some(self.inv_fermat());
        }
        let r = self.mont.inv_mod_vartime(&F::MODULUS, F::BITS);
        Some(Self::from_mont(r.mont_mul::<F::Backend>(
            &F::R3,
            &F::MODULUS,
            F::INV,
        )))
    }

    /// Legendre symbol: 1 for a non-zero square, -1 for a non-square, 0 for zero.
    pub fn legendre(&self) -> i32 {
        let l = self.pow_vartime(F::P_MINUS_1_HALF.as_ref());
        if l.is_zero() {
            0
        } else if l.is_one() {
            1
        } else {
            -1
        }
    }

    /// A square root (Tonelli–Shanks; one exponentiation when p = 3 mod 4), or `None` for non-squares.
    /// Variable time: for public values (decompression, hashing to test points).
    pub fn sqrt_vartime(&self) -> Option<Self> {
        if self.is_zero() {
            return Some(Self::ZERO);
        }
        // w = a^((T-1)/2); x = a*w = a^((T+1)/2); b = x*w = a^T. For p = 3 mod 4 (S = 1) that
        // one exponentiation is all: b = 1 or a is a non-square, and z below is never needed.
        let w = self.pow_vartime(F::T_MINUS_1_HALF.as_ref());
        let mut x = *self * w;
        let mut b = x * w;
        let mut z = Self::ONE;
        if F::S > 1 && !b.is_one() {
            z = non_residue::<F>().pow_vartime(F::T.as_ref());
        }
        let mut m = F::S;
        while !b.is_one() {
            let mut k = 0;
            let mut b2k = b;
            while !b2k.is_one() {
                b2k = b2k.square();
                k += 1;
                if k == m {
                    return None;
                }
            }
            let mut w = z;
            for _ in 0..(m - k - 1) {
                w = w.square();
            }
            z = w.square();
            b *= z;
            x *= w;
            m = k;
        }
        Some(x)
    }

    /// A uniformly random element (rejection sampling on BITS-bit strings). For secrets `rng`
    /// must be a cryptographically secure generator (e.g. `rand::rngs::OsRng`).
    pub fn random<R: rand_core::RngCore + ?Sized>(rng: &mut R) -> Self {
        let mut b = vec![0u8; F::BYTES];
        loop {
            rng.fill_bytes(&mut b);
            b[0] >>= (8 * F::BYTES as u32 - F::BITS) as u8;
            if let Ok(x) = Self::from_be_bytes(&b) {
                return x;
            }
        }
    }

    /// Whether the canonical value is odd ("sign" used by some encodings).
    pub fn is_odd(&self) -> bool {
        self.to_canonical_limbs().as_ref()[0] & 1 == 1
    }

    /// Whether the canonical value is greater than (p-1)/2 (the ZCash "lexicographically largest").
    pub fn is_lexicographically_largest(&self) -> bool {
        cmp_slices(
            self.to_canonical_limbs().as_ref(),
            F::P_MINUS_1_HALF.as_ref(),
        ) > 0
    }
}

/// The smallest quadratic non-residue 2, 3, 5, ... (for Tonelli–Shanks).
fn non_residue<F: FpParams>() -> Fp<F> {
    let mut k = 2;
    loop {
        let c = Fp::<F>::from_u64(k);
        if c.legendre() == -1 {
            return c;
        }
        k += 1;
    }
}

fn cmp_slices(a: &[u64], b: &[u64]) -> i32 {
    for i in (0..a.len()).rev() {
        if a[i] != b[i] {
            return if a[i] < b[i] { -1 } else { 1 };
        }
    }
    0
}

impl<F: FpParams> Add for Fp<F> {
    type Output = Self;
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        Self::from_mont(self.mont.add_mod(&rhs.mont, &F::MODULUS))
    }
}

impl<F: FpParams> Sub for Fp<F> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        Self::from_mont(self.mont.sub_mod(&rhs.mont, &F::MODULUS))
    }
}

impl<F: FpParams> Mul for Fp<F> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        Self::from_mont(
            self.mont
                .mont_mul::<F::Backend>(&rhs.mont, &F::MODULUS, F::INV),
        )
    }
}

impl<F: FpParams> Neg for Fp<F> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        // p - a, but 0 stays 0: subtract from zero modulo p.
        Self::ZERO - self
    }
}

impl<F: FpParams> AddAssign for Fp<F> {
    #[inline(always)]
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}
impl<F: FpParams> SubAssign for Fp<F> {
    #[inline(always)]
    fn sub_assign(&mut self, rhs: Self) {
        *self = *self - rhs;
    }
}
impl<F: FpParams> MulAssign for Fp<F> {
    #[inline(always)]
    fn mul_assign(&mut self, rhs: Self) {
        *self = *self * rhs;
    }
}

impl<F: FpParams> Field for Fp<F> {
    const ZERO: Self = Fp::ZERO;
    const ONE: Self = Fp::ONE;
    #[inline(always)]
    fn is_zero(&self) -> bool {
        Fp::is_zero(self)
    }
    #[inline(always)]
    fn square(&self) -> Self {
        Fp::square(self)
    }
    #[inline(always)]
    fn double(&self) -> Self {
        Fp::double(self)
    }
    #[inline(always)]
    fn half(&self) -> Self {
        Fp::half(self)
    }
    #[inline(always)]
    fn mul_small(&self, k: u64) -> Self {
        Fp::mul_small(self, k)
    }
    fn inv(&self) -> Self {
        Fp::inv(self)
    }
    fn inv_vartime(&self) -> Option<Self> {
        Fp::inv_vartime(self)
    }
    fn sqrt_vartime(&self) -> Option<Self> {
        Fp::sqrt_vartime(self)
    }
    fn square_n(&self, n: u32) -> Self {
        Fp::square_n(self, n)
    }
    fn pow_windows(table: &[Self], first: usize, steps: &[(u32, usize)]) -> Self {
        Fp::pow_windows(table, first, steps)
    }
    fn pow_windows_pair(
        tables: [&[Self]; 2],
        first: usize,
        steps: &[(u32, usize)],
    ) -> (Self, Self) {
        Fp::pow_windows_pair(tables, first, steps)
    }
    #[inline(always)]
    fn select(&self, other: &Self, mask: u64) -> Self {
        Fp::select(self, other, mask)
    }
    #[inline(always)]
    fn ct_eq_mask(&self, other: &Self) -> u64 {
        Fp::ct_eq_mask(self, other)
    }
    fn is_lexicographically_largest(&self) -> bool {
        Fp::is_lexicographically_largest(self)
    }
}
