//! The fields F_{2^m} = F_2\[x\]/(f), f a trinomial or pentanomial, polynomial basis, N u64 words.
//!
//! Multiplication: PCLMULQDQ on 64-bit words (schoolbook, one Karatsuba level for 10 words and
//! more) and a portable left-to-right comb with 4-bit windows (Hankerson–Menezes–Vanstone,
//! Algorithm 2.36), tested equal. Squaring spreads bits (PDEP or shifts and masks) and reduces;
//! the square root is a_even + sqrt(x) a_odd (Fong–Hankerson–López–Menezes 2004), with sqrt(x)
//! sparse for trinomials with odd middle exponent; inversion is Itoh–Tsujii; trace and half-trace
//! give points from x-coordinates. Elements are canonical (bits >= m zero).
//!
//! These fields underlie the broken eta_T pairings of [`super::eta2`]: research use only.

use core::marker::PhantomData;
use std::sync::OnceLock;

use num_bigint::BigUint;

use rand_core::RngCore;
use tripair::error::{Error, Result};

/// Runs `$body` with `$be` bound to the best char-2 backend of this CPU.
#[macro_export]
macro_rules! with_best_backend2 {
    ($be:ident => $body:expr) => {{
        match $crate::gf2::Clmul::detect() {
            Some($be) => $body,
            None => {
                let $be = $crate::gf2::Portable2;
                $body
            }
        }
    }};
}

/// Largest number of words (m = 1223 needs 20).
pub const MAX_WORDS2: usize = 20;
const WIDE2: usize = 2 * MAX_WORDS2 + 1;

/// x^M + sum of x^t (t in TERMS) + 1, irreducible over F_2 (proven by a test).
pub trait Pentanomial2:
    'static + Copy + Default + Send + Sync + core::fmt::Debug + PartialEq + Eq
{
    /// The degree m of the polynomial (the extension degree of the field).
    const M: usize;
    /// The middle exponents, descending.
    const TERMS: &'static [usize];
    /// The modulus as text, e.g. "x^233 + x^159 + 1 over F_2".
    fn describe() -> String {
        let mut s = format!("x^{}", Self::M);
        for t in Self::TERMS {
            s += &format!(" + x^{t}");
        }
        s + " + 1 over F_2"
    }
    /// sqrt(x) = x^(2^(m-1)) mod f, as the list of its exponents (computed once).
    fn sqrt_x_terms() -> &'static Vec<usize>;
}

macro_rules! poly2 {
    ($name:ident, $n:expr, $m:expr, [$($t:expr),*]) => {
        #[doc = concat!("The modulus of F_{2^", stringify!($m), "}: x^", stringify!($m), " + middle terms ",
                        stringify!($($t),*), " + 1 (irreducibility proven by a test).")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;
        impl Pentanomial2 for $name {
            const M: usize = $m;
            const TERMS: &'static [usize] = &[$($t),*];
            fn sqrt_x_terms() -> &'static Vec<usize> {
                static S: OnceLock<Vec<usize>> = OnceLock::new();
                S.get_or_init(|| {
                    let mut t = Gf2::<$n, $name>::monomial(1);
                    for _ in 0..$m - 1 {
                        t = t.square_portable();
                    }
                    (0..$m).filter(|&i| t.bit(i)).collect()
                })
            }
        }
    };
}

poly2!(P163, 3, 163, [7, 6, 3]);
poly2!(P233, 4, 233, [159]);
poly2!(P271, 5, 271, [201]);
poly2!(P283, 5, 283, [12, 7, 5]);
poly2!(P353, 6, 353, [69]);
poly2!(P457, 8, 457, [16]);
poly2!(P557, 9, 557, [7, 6, 5]);
poly2!(P1223, 20, 1223, [255]);

/// F_{2^163} modulo [`P163`], 3 words.
pub type F2_163 = Gf2<3, P163>;
/// F_{2^233} modulo [`P233`], 4 words.
pub type F2_233 = Gf2<4, P233>;
/// F_{2^271} modulo [`P271`], 5 words.
pub type F2_271 = Gf2<5, P271>;
/// F_{2^283} modulo [`P283`], 5 words.
pub type F2_283 = Gf2<5, P283>;
/// F_{2^353} modulo [`P353`], 6 words.
pub type F2_353 = Gf2<6, P353>;
/// F_{2^457} modulo [`P457`], 8 words.
pub type F2_457 = Gf2<8, P457>;
/// F_{2^557} modulo [`P557`], 9 words.
pub type F2_557 = Gf2<9, P557>;
/// F_{2^1223} modulo [`P1223`], 20 words.
pub type F2_1223 = Gf2<20, P1223>;

/// An element of F_{2^m}.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Gf2<const N: usize, P: Pentanomial2> {
    pub(crate) w: [u64; N],
    _p: PhantomData<P>,
}

impl<const N: usize, P: Pentanomial2> core::fmt::Debug for Gf2<N, P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Gf2<{}>({})", P::M, hex::encode(self.to_bytes()))
    }
}

impl<const N: usize, P: Pentanomial2> Default for Gf2<N, P> {
    fn default() -> Self {
        Self::zero()
    }
}

#[inline(always)]
fn xor_at(v: &mut [u64], pos: usize, x: u64) {
    let (w, s) = (pos / 64, pos % 64);
    v[w] ^= x << s;
    if s != 0 {
        let r = x >> (64 - s);
        if r != 0 {
            v[w + 1] ^= r;
        }
    }
}

#[inline(always)]
fn get_bits(v: &[u64], pos: usize, len: usize) -> u64 {
    let (w, s) = (pos / 64, pos % 64);
    let mut x = v[w] >> s;
    if s != 0 && s + len > 64 {
        x |= v[w + 1] << (64 - s);
    }
    if len < 64 {
        x &= (1u64 << len) - 1;
    }
    x
}

/// Spreads the low 32 bits of x to the even positions.
#[inline(always)]
fn spread2(x: u64) -> u64 {
    let mut x = x & 0xffff_ffff;
    x = (x | x << 16) & 0x0000_ffff_0000_ffff;
    x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
    x = (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    (x | x << 1) & 0x5555_5555_5555_5555
}

/// Gathers the even bits of x into the low 32 bits.
#[inline(always)]
fn gather2(x: u64) -> u64 {
    let mut x = x & 0x5555_5555_5555_5555;
    x = (x | x >> 1) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
    x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
    (x | x >> 16) & 0xffff_ffff
}

impl<const N: usize, P: Pentanomial2> Gf2<N, P> {
    const SHAPE_OK: () = assert!(
        N * 64 >= P::M && (N - 1) * 64 < P::M && N <= MAX_WORDS2 && P::M - P::TERMS[0] >= 2
    );

    #[inline(always)]
    pub(crate) fn from_words(w: [u64; N]) -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::SHAPE_OK;
        Gf2 { w, _p: PhantomData }
    }
    /// The zero element.
    pub fn zero() -> Self {
        Self::from_words([0; N])
    }
    /// The multiplicative identity 1.
    pub fn one() -> Self {
        Self::monomial(0)
    }
    /// The monomial x^i (i < m).
    pub fn monomial(i: usize) -> Self {
        let mut e = Self::zero();
        e.w[i / 64] |= 1 << (i % 64);
        e
    }
    /// The constant b mod 2 (the low bit of b).
    pub fn from_bit(b: u8) -> Self {
        if b & 1 == 1 {
            Self::one()
        } else {
            Self::zero()
        }
    }
    /// Whether the coefficient of x^i is 1.
    pub fn bit(&self, i: usize) -> bool {
        (self.w[i / 64] >> (i % 64)) & 1 == 1
    }
    /// Whether this is 0.
    pub fn is_zero(&self) -> bool {
        self.w.iter().all(|&x| x == 0)
    }
    /// Checks the representation invariant (bits at positions >= m zero).
    pub fn is_canonical(&self) -> bool {
        let top = P::M % 64;
        top == 0 || self.w[N - 1] >> top == 0
    }
    /// A uniformly random element from `rng`'s words (for tests and benchmarks).
    pub fn random<R: RngCore + ?Sized>(rng: &mut R) -> Self {
        let mut e = Self::zero();
        for x in e.w.iter_mut() {
            *x = rng.next_u64();
        }
        if P::M % 64 != 0 {
            e.w[N - 1] &= (1u64 << (P::M % 64)) - 1;
        }
        e
    }
    /// The sum self + o (XOR of the words).
    #[inline]
    pub fn add(&self, o: &Self) -> Self {
        let mut r = *self;
        for i in 0..N {
            r.w[i] ^= o.w[i];
        }
        r
    }

    /// Reduces a wide vector with bits below `top`: top-down chunks of min(64, m - t1) bits.
    #[inline(always)]
    pub(crate) fn reduce_wide(v: &mut [u64], top: usize) -> Self {
        let m = P::M;
        let s = (m - P::TERMS[0]).min(64);
        let mut p = top;
        while p > m {
            let start = if p - m > s { p - s } else { m };
            let len = p - start;
            let x = get_bits(v, start, len);
            // clear
            let (w, sh) = (start / 64, start % 64);
            let mask = if len == 64 {
                u64::MAX
            } else {
                (1u64 << len) - 1
            };
            v[w] &= !(mask << sh);
            if sh != 0 && sh + len > 64 {
                v[w + 1] &= !(mask >> (64 - sh));
            }
            let base = start - m;
            xor_at(v, base, x);
            for &t in P::TERMS {
                xor_at(v, base + t, x);
            }
            p = start;
        }
        let mut r = Self::zero();
        r.w.copy_from_slice(&v[..N]);
        r
    }

    /// Left-to-right comb with 4-bit windows (Hankerson et al. Algorithm 2.36).
    pub fn mul_comb(&self, o: &Self) -> Self {
        let mut t = [[0u64; MAX_WORDS2 + 1]; 16];
        for u in 1..16usize {
            // T[u] = u(x) * A, built from T[u >> 1] * x and A.
            let prev = t[u >> 1];
            let mut carry = 0u64;
            for i in 0..=N {
                let x = prev[i];
                t[u][i] = x << 1 | carry;
                carry = x >> 63;
            }
            if u & 1 == 1 {
                for (x, &w) in t[u].iter_mut().zip(&self.w) {
                    *x ^= w;
                }
            }
        }
        let mut c = [0u64; WIDE2];
        for k in (0..16).rev() {
            for j in 0..N {
                let u = ((o.w[j] >> (4 * k)) & 15) as usize;
                for i in 0..=N {
                    c[i + j] ^= t[u][i];
                }
            }
            if k != 0 {
                for i in (1..2 * N + 1).rev() {
                    c[i] = c[i] << 4 | c[i - 1] >> 60;
                }
                c[0] <<= 4;
            }
        }
        Self::reduce_wide(&mut c[..2 * N + 1], 2 * P::M - 1)
    }

    /// Bit-by-bit reference multiplication (tests only).
    pub fn mul_schoolbook_slow(&self, o: &Self) -> Self {
        let mut c = [0u64; WIDE2];
        for i in 0..P::M {
            if self.bit(i) {
                for (j, &x) in o.w.iter().enumerate() {
                    xor_at(&mut c[..2 * N + 1], i + 64 * j, x);
                }
            }
        }
        // Reduce bit by bit from the top.
        for i in (P::M..2 * P::M).rev() {
            if (c[i / 64] >> (i % 64)) & 1 == 1 {
                c[i / 64] ^= 1 << (i % 64);
                let b = i - P::M;
                c[b / 64] ^= 1 << (b % 64);
                for &t in P::TERMS {
                    c[(b + t) / 64] ^= 1 << ((b + t) % 64);
                }
            }
        }
        let mut r = Self::zero();
        r.w.copy_from_slice(&c[..N]);
        r
    }

    /// Squaring: spread bits to even positions, reduce.
    pub fn square_portable(&self) -> Self {
        let mut c = [0u64; WIDE2];
        for i in 0..N {
            c[2 * i] = spread2(self.w[i]);
            c[2 * i + 1] = spread2(self.w[i] >> 32);
        }
        Self::reduce_wide(&mut c[..2 * N], 2 * P::M - 1)
    }

    /// a_even + sqrt(x) * a_odd.
    #[inline(always)]
    pub(crate) fn sqrt_combine(
        even: &[u64; N],
        odd: &[u64; N],
        mul: impl Fn(&Self, &Self) -> Self,
    ) -> Self {
        let terms = P::sqrt_x_terms();
        if terms.len() <= 4 {
            let mut c = [0u64; WIDE2];
            c[..N].copy_from_slice(even);
            let ow = P::M.div_ceil(2).div_ceil(64);
            for &t in terms {
                for (i, &x) in odd.iter().enumerate().take(ow) {
                    if x != 0 {
                        xor_at(&mut c[..2 * N + 1], t + 64 * i, x);
                    }
                }
            }
            Self::reduce_wide(&mut c[..2 * N + 1], P::M + P::M.div_ceil(2))
        } else {
            let mut sx = Self::zero();
            for &t in terms {
                sx.w[t / 64] |= 1 << (t % 64);
            }
            Self::from_words(*even).add(&mul(&Self::from_words(*odd), &sx))
        }
    }

    /// Square root, portable.
    pub fn sqrt_portable(&self) -> Self {
        let mut even = [0u64; N];
        let mut odd = [0u64; N];
        for i in 0..N {
            let (e, o) = (gather2(self.w[i]), gather2(self.w[i] >> 1));
            even[i / 2] |= e << (32 * (i % 2));
            odd[i / 2] |= o << (32 * (i % 2));
        }
        Self::sqrt_combine(&even, &odd, |x, y| x.mul_comb(y))
    }

    /// PCLMULQDQ multiplication (callers must know that the CPU has PCLMULQDQ).
    ///
    /// # Safety
    /// Calling it is sound only on a CPU with PCLMULQDQ.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "pclmulqdq,sse2,sse4.1")]
    pub fn mul_clmul(&self, o: &Self) -> Self {
        let mut c = [0u64; WIDE2];
        if N >= 10 {
            // One Karatsuba level: (A0 + A1 X)(B0 + B1 X), X = x^(64h).
            let h = N / 2;
            let h1 = N - h;
            let mut p0 = [0u64; WIDE2];
            let mut p1 = [0u64; WIDE2];
            let mut pm = [0u64; WIDE2];
            clmul_school(&self.w[..h], &o.w[..h], &mut p0);
            clmul_school(&self.w[h..], &o.w[h..], &mut p1);
            let mut sa = [0u64; MAX_WORDS2];
            let mut sb = [0u64; MAX_WORDS2];
            for i in 0..h1 {
                sa[i] = self.w[h + i] ^ if i < h { self.w[i] } else { 0 };
                sb[i] = o.w[h + i] ^ if i < h { o.w[i] } else { 0 };
            }
            clmul_school(&sa[..h1], &sb[..h1], &mut pm);
            for i in 0..2 * h1 {
                pm[i] ^= p0[i] ^ p1[i];
            }
            c[..2 * h].copy_from_slice(&p0[..2 * h]);
            for i in 0..2 * h1 {
                c[2 * h + i] ^= p1[i];
                c[h + i] ^= pm[i];
            }
        } else {
            clmul_school(&self.w, &o.w, &mut c);
        }
        Self::reduce_wide(&mut c[..2 * N], 2 * P::M - 1)
    }

    /// Squaring with PDEP (callers must know that the CPU has BMI2).
    ///
    /// # Safety
    /// Calling it is sound only on a CPU with BMI2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    pub fn square_bmi2(&self) -> Self {
        use core::arch::x86_64::_pdep_u64;
        let mut c = [0u64; WIDE2];
        for i in 0..N {
            c[2 * i] = _pdep_u64(self.w[i], 0x5555_5555_5555_5555);
            c[2 * i + 1] = _pdep_u64(self.w[i] >> 32, 0x5555_5555_5555_5555);
        }
        Self::reduce_wide(&mut c[..2 * N], 2 * P::M - 1)
    }

    /// Square root with PEXT (callers must know that the CPU has BMI2).
    ///
    /// # Safety
    /// Calling it is sound only on a CPU with BMI2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    pub fn sqrt_bmi2(&self) -> Self {
        let (even, odd) = self.halves_bmi2();
        Self::sqrt_combine(&even, &odd, |x, y| x.mul_comb(y))
    }

    /// Even and odd bits by PEXT (callers must know that the CPU has BMI2).
    ///
    /// # Safety
    /// Calling it is sound only on a CPU with BMI2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    pub(crate) fn halves_bmi2(&self) -> ([u64; N], [u64; N]) {
        use core::arch::x86_64::_pext_u64;
        let mut even = [0u64; N];
        let mut odd = [0u64; N];
        for i in 0..N {
            let e = _pext_u64(self.w[i], 0x5555_5555_5555_5555);
            let o = _pext_u64(self.w[i], 0xaaaa_aaaa_aaaa_aaaa);
            even[i / 2] |= e << (32 * (i % 2));
            odd[i / 2] |= o << (32 * (i % 2));
        }
        (even, odd)
    }

    /// Inverse by Itoh–Tsujii: a^-1 = (a^(2^(m-1) - 1))^2, with b_k = a^(2^k - 1),
    /// b_(i+j) = b_i^(2^j) b_j. Zero maps to zero.
    pub fn inv_with<B: Backend2>(&self, be: B) -> Self {
        let target = P::M - 1;
        let bits = usize::BITS - target.leading_zeros();
        let mut e = *self;
        let mut k = 1usize;
        for i in (0..bits - 1).rev() {
            let mut t = e;
            for _ in 0..k {
                t = be.square(&t);
            }
            e = be.mul(&t, &e);
            k *= 2;
            if (target >> i) & 1 == 1 {
                e = be.mul(&be.square(&e), self);
                k += 1;
            }
        }
        be.square(&e)
    }
    /// Inverse with the best backend of this CPU (zero maps to zero).
    pub fn inv(&self) -> Self {
        with_best_backend2!(be => self.inv_with(be))
    }

    /// Absolute trace Tr(a) = a + a^2 + ... + a^(2^(m-1)).
    pub fn trace(&self) -> u8 {
        let mut t = *self;
        let mut s = *self;
        for _ in 1..P::M {
            t = t.square_portable();
            s = s.add(&t);
        }
        debug_assert!(s == Self::zero() || s == Self::one());
        s.w[0] as u8 & 1
    }

    /// Half-trace H(c) = sum_(i=0)^((m-1)/2) c^(2^(2i)) (m odd): H(c)^2 + H(c) = c + Tr(c).
    pub fn half_trace(&self) -> Self {
        let mut t = *self;
        let mut s = *self;
        for _ in 0..(P::M - 1) / 2 {
            t = t.square_portable().square_portable();
            s = s.add(&t);
        }
        s
    }

    /// Bytes of the encoding: ceil(m / 8).
    pub fn byte_len() -> usize {
        P::M.div_ceil(8)
    }
    /// The integer sum a_i 2^i.
    pub fn to_biguint(&self) -> BigUint {
        BigUint::from_slice(
            &self
                .w
                .iter()
                .flat_map(|&x| [x as u32, (x >> 32) as u32])
                .collect::<Vec<_>>(),
        )
    }
    /// Big-endian sum a_i 2^i in ceil(m/8) bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let n = Self::byte_len();
        (0..n)
            .rev()
            .map(|i| (self.w[i / 8] >> (8 * (i % 8))) as u8)
            .collect()
    }
    /// Decodes [`Self::to_bytes`]: WrongLength, or NotAFieldElement when a bit >= m is set.
    pub fn from_bytes(b: &[u8]) -> Result<Self> {
        let n = Self::byte_len();
        if b.len() != n {
            return Err(Error::WrongLength {
                what: "F_{2^m} element",
                expected: n,
                got: b.len(),
            });
        }
        let mut e = Self::zero();
        for (i, &byte) in b.iter().rev().enumerate() {
            e.w[i / 8] |= (byte as u64) << (8 * (i % 8));
        }
        if !e.is_canonical() {
            return Err(Error::NotAFieldElement);
        }
        Ok(e)
    }
}

/// Schoolbook carry-less product of two n-word polynomials into 2n words (XORed into out).
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "pclmulqdq,sse2,sse4.1")]
fn clmul_school(a: &[u64], b: &[u64], out: &mut [u64]) {
    use core::arch::x86_64::*;
    for (i, &ai) in a.iter().enumerate() {
        let va = _mm_cvtsi64_si128(ai as i64);
        let mut carry = _mm_setzero_si128();
        // Products a_i * b_j land at words i+j (low) and i+j+1 (high); accumulate the highs.
        for (j, &bj) in b.iter().enumerate() {
            let p = _mm_clmulepi64_si128::<0x00>(va, _mm_cvtsi64_si128(bj as i64));
            let lo = _mm_xor_si128(p, carry);
            out[i + j] ^= _mm_cvtsi128_si64(lo) as u64;
            carry = _mm_srli_si128::<8>(p);
        }
        out[i + b.len()] ^= _mm_cvtsi128_si64(carry) as u64;
    }
}

impl<const N: usize, P: Pentanomial2> core::ops::Add for Gf2<N, P> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        Gf2::add(&self, &o)
    }
}
/// `*` uses the best backend of this CPU (detected per call; the pairing chooses once instead).
impl<const N: usize, P: Pentanomial2> core::ops::Mul for Gf2<N, P> {
    type Output = Self;
    fn mul(self, o: Self) -> Self {
        with_best_backend2!(be => be.mul(&self, &o))
    }
}

/// The kernels a characteristic-2 pairing runs on; chosen once per top-level call.
pub trait Backend2: Copy + Send + Sync + 'static {
    /// The product a b in F_{2^m}.
    fn mul<const N: usize, P: Pentanomial2>(self, a: &Gf2<N, P>, b: &Gf2<N, P>) -> Gf2<N, P>;
    /// The square a^2.
    fn square<const N: usize, P: Pentanomial2>(self, a: &Gf2<N, P>) -> Gf2<N, P>;
    /// The square root a^(1/2) (unique: squaring is a field automorphism).
    fn sqrt<const N: usize, P: Pentanomial2>(self, a: &Gf2<N, P>) -> Gf2<N, P>;
    /// A short name of the backend ("portable", "pclmul+bmi2").
    fn name(self) -> &'static str;
}

/// Plain Rust, any CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Portable2;

impl Backend2 for Portable2 {
    #[inline]
    fn mul<const N: usize, P: Pentanomial2>(self, a: &Gf2<N, P>, b: &Gf2<N, P>) -> Gf2<N, P> {
        a.mul_comb(b)
    }
    #[inline]
    fn square<const N: usize, P: Pentanomial2>(self, a: &Gf2<N, P>) -> Gf2<N, P> {
        a.square_portable()
    }
    #[inline]
    fn sqrt<const N: usize, P: Pentanomial2>(self, a: &Gf2<N, P>) -> Gf2<N, P> {
        a.sqrt_portable()
    }
    fn name(self) -> &'static str {
        "portable"
    }
}

/// PCLMULQDQ multiplication and BMI2 squaring / square roots: a value holds the proof from
/// [`tripair::cpu`] that the CPU has both.
#[derive(Clone, Copy, Debug)]
pub struct Clmul {
    _proof: tripair::cpu::ClmulBmi2,
}

impl Clmul {
    /// Some(backend) when this CPU has the features (none under `TRIPAIR_BACKEND=portable`).
    #[inline]
    pub fn detect() -> Option<Self> {
        tripair::cpu::ClmulBmi2::detect().map(|_proof| Clmul { _proof })
    }
}

impl Backend2 for Clmul {
    #[inline]
    fn mul<const N: usize, P: Pentanomial2>(self, a: &Gf2<N, P>, b: &Gf2<N, P>) -> Gf2<N, P> {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a Clmul value exists only when detect() found PCLMULQDQ and SSE4.1.
            unsafe { a.mul_clmul(b) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        a.mul_comb(b)
    }
    #[inline]
    fn square<const N: usize, P: Pentanomial2>(self, a: &Gf2<N, P>) -> Gf2<N, P> {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a Clmul value exists only when detect() found BMI2.
            unsafe { a.square_bmi2() }
        }
        #[cfg(not(target_arch = "x86_64"))]
        a.square_portable()
    }
    #[inline]
    fn sqrt<const N: usize, P: Pentanomial2>(self, a: &Gf2<N, P>) -> Gf2<N, P> {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a Clmul value exists only when detect() found BMI2.
            let (even, odd) = unsafe { a.halves_bmi2() };
            Gf2::sqrt_combine(&even, &odd, |x, y| self.mul(x, y))
        }
        #[cfg(not(target_arch = "x86_64"))]
        a.sqrt_portable()
    }
    fn name(self) -> &'static str {
        "pclmul+bmi2"
    }
}
