//! The fields F_{3^m} = F_3\[x\]/(x^m + a*x^k + c) in bit-sliced representation.
//!
//! An element with coefficients a_0..a_{m-1} (each in {0, 1, 2}) is stored as two bit-vectors
//! `hi` and `lo` of `N` u64 words each, with the encoding 0 -> (hi, lo) = (0, 0), 1 -> (0, 1),
//! 2 -> (1, 1) (the "6-operation" encoding of the project notes): `lo` marks the non-zero
//! coefficients and `hi` the coefficients equal to 2. Every element is kept canonical: bits at
//! positions >= m are zero and `hi` is a subset of `lo`, so equality is equality of the words.
//!
//! Addition takes 6 logical operations per word; negation swaps 1 and 2 (`hi ^= lo`).
//! Multiplication: a left-to-right comb with 2-trit windows (Hankerson–Menezes–Vanstone,
//! Algorithm 2.36, carried over to trits as in Mitsunari 2009, Algorithm 1), a Karatsuba variant
//! on top of it, and (module `gf3_avx512`) a transposed comb on 512-bit registers with VPTERNLOGQ
//! trit additions. Cubing is the linear map a_i x^i -> a_i x^{3i} followed by reduction;
//! the cube root gathers the coefficients at positions 0, 1, 2 (mod 3) and combines them with the
//! precomputed x^(1/3), x^(2/3) (Ahmadi–Hankerson–Menezes). Inversion is Itoh–Tsujii.
//!
//! These fields underlie the eta_T pairings of [`super::eta3`]; those parameters are broken
//! (quasi-polynomial discrete logarithms in small characteristic) and exist for research only.

use core::marker::PhantomData;
use std::sync::OnceLock;

use num_bigint::BigUint;
use num_traits::Zero;

use rand_core::RngCore;
use tripair::error::{Error, Result};

use super::gf3_tower::{self, Gf33, Gf36, Line3};

/// Runs `$body` with `$be` bound to the best char-3 backend of this CPU.
#[macro_export]
macro_rules! with_best_backend3 {
    ($be:ident => $body:expr) => {{
        match $crate::gf3::Avx512Bmi2::detect() {
            Some($be) => $body,
            None => {
                let $be = $crate::gf3::Portable3;
                $body
            }
        }
    }};
}

/// Largest number of words per bit-vector (m = 509 needs 8).
pub const MAX_WORDS: usize = 8;
/// Words of the widest intermediate (a cube before reduction: 3 * MAX_WORDS).
const WIDE: usize = 3 * MAX_WORDS;

// ---------------------------------------------------------------------------------------------
// Trit-vector primitives
// ---------------------------------------------------------------------------------------------

/// Adds two bit-sliced trit vectors (one word each): 6 logical operations (project notes,
/// encoding 0 -> (0,0), 1 -> (0,1), 2 -> (1,1)).
#[inline(always)]
pub fn trit_add(ah: u64, al: u64, bh: u64, bl: u64) -> (u64, u64) {
    let t0 = ah ^ bl;
    let t1 = al ^ bh;
    let t2 = ah ^ t1;
    let t3 = al ^ bl;
    (t0 & t1, t2 | t3)
}

/// Negates a bit-sliced trit word: 1 <-> 2.
#[inline(always)]
pub fn trit_neg(h: u64, l: u64) -> (u64, u64) {
    (h ^ l, l)
}

/// a - b on trit words.
#[inline(always)]
pub fn trit_sub(ah: u64, al: u64, bh: u64, bl: u64) -> (u64, u64) {
    let (nh, nl) = trit_neg(bh, bl);
    trit_add(ah, al, nh, nl)
}

/// Multiplies a trit word by the constant c in {1, 2}.
#[inline(always)]
fn trit_scale(h: u64, l: u64, c: u8) -> (u64, u64) {
    if c == 1 {
        (h, l)
    } else {
        trit_neg(h, l)
    }
}

/// Adds the trit chunk (vh, vl) (at most 64 trits) at trit position `pos` of a wide vector.
#[inline(always)]
fn add_at(h: &mut [u64], l: &mut [u64], pos: usize, len: usize, vh: u64, vl: u64) {
    let w = pos / 64;
    let s = pos % 64;
    let (nh, nl) = trit_add(h[w], l[w], vh << s, vl << s);
    h[w] = nh;
    l[w] = nl;
    // `len` bounds the chunk, so the second word is touched only when the chunk reaches it.
    if s != 0 && s + len > 64 {
        let (rh, rl) = (vh >> (64 - s), vl >> (64 - s));
        let (nh, nl) = trit_add(h[w + 1], l[w + 1], rh, rl);
        h[w + 1] = nh;
        l[w + 1] = nl;
    }
}

/// Reads `len` (1..=64) trits starting at trit position `pos`.
#[inline(always)]
fn get_chunk(v: &[u64], pos: usize, len: usize) -> u64 {
    let w = pos / 64;
    let s = pos % 64;
    let mut x = v[w] >> s;
    if s != 0 && s + len > 64 {
        x |= v[w + 1] << (64 - s);
    }
    if len < 64 {
        x &= (1u64 << len) - 1;
    }
    x
}

/// Clears `len` (1..=64) bits starting at position `pos`.
#[inline(always)]
fn clear_chunk(v: &mut [u64], pos: usize, len: usize) {
    let w = pos / 64;
    let s = pos % 64;
    let mask = if len == 64 {
        u64::MAX
    } else {
        (1u64 << len) - 1
    };
    v[w] &= !(mask << s);
    if s != 0 && s + len > 64 {
        v[w + 1] &= !(mask >> (64 - s));
    }
}

/// Adds the trit vector (sh, sl) shifted up by `shift` positions into (h, l); the shifted vector
/// must fit in h.len() words.
#[inline(always)]
fn add_shifted(h: &mut [u64], l: &mut [u64], sh: &[u64], sl: &[u64], shift: usize) {
    let (q, r) = (shift / 64, shift % 64);
    let word = |v: &[u64], i: usize| if i < v.len() { v[i] } else { 0 };
    for w in q..h.len() {
        let i = w - q;
        let (mut xh, mut xl) = (word(sh, i) << r, word(sl, i) << r);
        if r != 0 && i > 0 {
            xh |= word(sh, i - 1) >> (64 - r);
            xl |= word(sl, i - 1) >> (64 - r);
        }
        (h[w], l[w]) = trit_add(h[w], l[w], xh, xl);
    }
}

/// Spreads trits [from, to) of v to positions off, off + 3, ... (off < 3) of an N-word vector
/// (the positions must lie below 64N). `spread(x, q)` is word q (0, 1, 2) of the bits of x taken
/// to every third position of three words; only the words that receive bits are asked for.
#[inline(always)]
fn spread_slice<const N: usize>(
    v: &[u64; N],
    from: usize,
    to: usize,
    off: usize,
    spread: &impl Fn(u64, usize) -> u64,
) -> [u64; N] {
    let mut out = [0u64; N];
    let len = to - from;
    for t in 0..len.div_ceil(64) {
        let n = if len - 64 * t < 64 { len - 64 * t } else { 64 };
        let x = get_chunk(v, from + 64 * t, n);
        // Word q of the spread holds source bits 0..22, 22..43, 43..64.
        for (q, first) in [0usize, 22, 43].into_iter().enumerate() {
            let w = 3 * t + q;
            if first >= n || w >= N {
                continue;
            }
            let y = spread(x, q);
            out[w] |= y << off;
            if off != 0 && w + 1 < N {
                out[w + 1] |= y >> (64 - off);
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Moduli
// ---------------------------------------------------------------------------------------------

/// Which portable multiplication kernel a field uses by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MulKernel3 {
    /// Left-to-right comb with 2-trit windows.
    Comb,
    /// One Karatsuba level over word halves, comb below.
    Karatsuba,
}

/// x^(1/3) and x^(2/3) modulo the field polynomial, as sparse lists (exponent, coefficient).
#[derive(Clone, Debug)]
pub struct CubeRootConsts {
    /// x^(1/3) as (exponent, coefficient) pairs of its non-zero terms.
    pub x13: Vec<(usize, u8)>,
    /// x^(2/3) as (exponent, coefficient) pairs of its non-zero terms.
    pub x23: Vec<(usize, u8)>,
    /// The `hi` bit-vector of x^(1/3) (the bit-vectors are used when the sparse lists are long).
    pub x13_hi: [u64; MAX_WORDS],
    /// The `lo` bit-vector of x^(1/3).
    pub x13_lo: [u64; MAX_WORDS],
}

/// An irreducible trinomial x^M + A x^K + C over F_3 (A, C in {1, 2}), with M - K >= 2.
pub trait Trinomial3:
    'static + Copy + Default + Send + Sync + core::fmt::Debug + PartialEq + Eq
{
    /// The degree m of the trinomial (the extension degree of the field).
    const M: usize;
    /// The exponent k of the middle term (m - k >= 2).
    const K: usize;
    /// The coefficient a of x^k, 1 or 2.
    const A: u8;
    /// The constant term c, 1 or 2.
    const C: u8;
    /// Default portable multiplication kernel (the faster one, measured).
    const KERNEL: MulKernel3;
    /// Whether the AVX-512 kernel beats the portable default at this size (measured).
    const USE_AVX512: bool;
    /// The modulus as text, e.g. "x^97 + x^12 + 2 over F_3".
    fn describe() -> String {
        let a = if Self::A == 1 {
            String::new()
        } else {
            "2".to_string()
        };
        format!("x^{} + {}x^{} + {} over F_3", Self::M, a, Self::K, Self::C)
    }
    /// x^(1/3), x^(2/3) (computed once).
    fn cube_root_consts() -> &'static CubeRootConsts;
    /// The table of x -> x^(3^((m+1)/2)) (built once; its lookups are variable time, see
    /// [`super::gf3_powtable`]).
    fn half_power_table_vartime() -> &'static super::gf3_powtable::PowTable3Words;
    /// Tables of x -> x^(3^k) for the long cubing chains (k >= 8) of the Itoh–Tsujii inversion
    /// (built once; lookups are variable time).
    fn inv_tables_vartime() -> &'static [super::gf3_powtable::PowTable3Words];
    /// The constant-time maps x -> x^(3^k) for the exponents of
    /// [`super::gf3_frobmap::frob_map_exponents`] (built once).
    fn frob_maps() -> &'static [super::gf3_frobmap::FrobMap3Words];
}

macro_rules! trinomial3 {
    ($name:ident, $n:expr, $m:expr, $k:expr, $a:expr, $c:expr, $kern:expr, $avx:expr) => {
        #[doc = concat!("The modulus x^", stringify!($m), " + ", stringify!($a), "*x^", stringify!($k), " + ",
                        stringify!($c), " of F_{3^", stringify!($m), "} (irreducibility proven by a test).")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;
        impl Trinomial3 for $name {
            const M: usize = $m;
            const K: usize = $k;
            const A: u8 = $a;
            const C: u8 = $c;
            const KERNEL: MulKernel3 = $kern;
            const USE_AVX512: bool = $avx;
            fn cube_root_consts() -> &'static CubeRootConsts {
                static S: OnceLock<CubeRootConsts> = OnceLock::new();
                S.get_or_init(compute_cube_root_consts::<$n, $name>)
            }
            fn half_power_table_vartime() -> &'static super::gf3_powtable::PowTable3Words {
                static S: OnceLock<super::gf3_powtable::PowTable3Words> = OnceLock::new();
                S.get_or_init(|| super::gf3_powtable::PowTable3Words::new::<$n, $name>(($m as usize).div_ceil(2)))
            }
            fn frob_maps() -> &'static [super::gf3_frobmap::FrobMap3Words] {
                static S: OnceLock<Vec<super::gf3_frobmap::FrobMap3Words>> = OnceLock::new();
                S.get_or_init(|| {
                    super::gf3_frobmap::frob_map_exponents($m)
                        .into_iter()
                        .map(super::gf3_frobmap::FrobMap3Words::new::<$n, $name>)
                        .collect()
                })
            }
            fn inv_tables_vartime() -> &'static [super::gf3_powtable::PowTable3Words] {
                static S: OnceLock<Vec<super::gf3_powtable::PowTable3Words>> = OnceLock::new();
                S.get_or_init(|| {
                    inv_chain_lengths($m)
                        .into_iter()
                        .filter(|&k| k >= INV_TABLE_MIN)
                        .map(super::gf3_powtable::PowTable3Words::new::<$n, $name>)
                        .collect()
                })
            }
        }
    };
}

trinomial3!(T79, 2, 79, 26, 1, 2, MulKernel3::Comb, true);
trinomial3!(T97, 2, 97, 12, 1, 2, MulKernel3::Comb, true);
trinomial3!(T163, 3, 163, 59, 2, 1, MulKernel3::Comb, true);
trinomial3!(T193, 4, 193, 12, 1, 2, MulKernel3::Comb, true);
trinomial3!(T239, 4, 239, 5, 2, 1, MulKernel3::Comb, true);
trinomial3!(T353, 6, 353, 142, 1, 2, MulKernel3::Karatsuba, true);
trinomial3!(T509, 8, 509, 151, 2, 1, MulKernel3::Karatsuba, true);

/// F_{3^79} modulo [`T79`], 2 words per bit-vector.
pub type F3_79 = Gf3<2, T79>;
/// F_{3^97} modulo [`T97`], 2 words per bit-vector.
pub type F3_97 = Gf3<2, T97>;
/// F_{3^163} modulo [`T163`], 3 words per bit-vector.
pub type F3_163 = Gf3<3, T163>;
/// F_{3^193} modulo [`T193`], 4 words per bit-vector.
pub type F3_193 = Gf3<4, T193>;
/// F_{3^239} modulo [`T239`], 4 words per bit-vector.
pub type F3_239 = Gf3<4, T239>;
/// F_{3^353} modulo [`T353`], 6 words per bit-vector.
pub type F3_353 = Gf3<6, T353>;
/// F_{3^509} modulo [`T509`], 8 words per bit-vector.
pub type F3_509 = Gf3<8, T509>;

/// Shortest cubing chain that gets a table in the variable-time inversion.
const INV_TABLE_MIN: usize = 8;

/// The lengths k of the cubing chains e_k^(3^k) of the Itoh–Tsujii inversion for degree m.
pub(crate) fn inv_chain_lengths(m: usize) -> Vec<usize> {
    let target = m - 1;
    let bits = usize::BITS - target.leading_zeros();
    let mut k = 1usize;
    let mut out = Vec::new();
    for i in (0..bits - 1).rev() {
        out.push(k);
        k *= 2;
        if (target >> i) & 1 == 1 {
            k += 1;
        }
    }
    out
}

fn compute_cube_root_consts<const N: usize, P: Trinomial3>() -> CubeRootConsts {
    // x^(1/3) = x^(3^(m-1)): m-1 cubings of x.
    let mut t = Gf3::<N, P>::monomial(1, 1);
    for _ in 0..P::M - 1 {
        t = t.cube_portable();
    }
    let t2 = t.mul_comb(&t);
    let sparse = |e: &Gf3<N, P>| -> Vec<(usize, u8)> {
        e.to_trits()
            .iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .map(|(i, &c)| (i, c))
            .collect()
    };
    let mut x13_hi = [0u64; MAX_WORDS];
    let mut x13_lo = [0u64; MAX_WORDS];
    x13_hi[..N].copy_from_slice(&t.hi);
    x13_lo[..N].copy_from_slice(&t.lo);
    CubeRootConsts {
        x13: sparse(&t),
        x23: sparse(&t2),
        x13_hi,
        x13_lo,
    }
}

// ---------------------------------------------------------------------------------------------
// Elements
// ---------------------------------------------------------------------------------------------

/// An element of F_{3^m}, m = P::M, in N words per bit-vector (N = ceil(m / 64)).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Gf3<const N: usize, P: Trinomial3> {
    pub(crate) hi: [u64; N],
    pub(crate) lo: [u64; N],
    _p: PhantomData<P>,
}

impl<const N: usize, P: Trinomial3> core::fmt::Debug for Gf3<N, P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Gf3<{}>({})", P::M, hex::encode(self.to_bytes()))
    }
}

impl<const N: usize, P: Trinomial3> Default for Gf3<N, P> {
    fn default() -> Self {
        Self::zero()
    }
}

/// Mask of the valid bits of word `w` (positions < m).
#[inline(always)]
const fn word_mask(m: usize, w: usize) -> u64 {
    if (w + 1) * 64 <= m {
        u64::MAX
    } else if w * 64 >= m {
        0
    } else {
        (1u64 << (m - w * 64)) - 1
    }
}

impl<const N: usize, P: Trinomial3> Gf3<N, P> {
    /// Checked at compile time for every instantiation: N words hold m trits, and x*(degree m-1) fits.
    const SHAPE_OK: () =
        assert!(N * 64 > P::M && (N - 1) * 64 < P::M && N <= MAX_WORDS && P::K < P::M);

    /// The extension degree m.
    pub const M: usize = P::M;

    #[inline(always)]
    pub(crate) fn from_words(hi: [u64; N], lo: [u64; N]) -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::SHAPE_OK;
        Gf3 {
            hi,
            lo,
            _p: PhantomData,
        }
    }

    /// The zero element.
    pub fn zero() -> Self {
        Self::from_words([0; N], [0; N])
    }

    /// The multiplicative identity 1.
    pub fn one() -> Self {
        Self::monomial(0, 1)
    }

    /// c * x^i (i < m, c in {0,1,2}).
    pub fn monomial(i: usize, c: u8) -> Self {
        let mut e = Self::zero();
        e.set_trit(i, c);
        e
    }

    /// The constant c mod 3 (c may be negative).
    pub fn from_i64(c: i64) -> Self {
        Self::monomial(0, c.rem_euclid(3) as u8)
    }

    /// Whether this is 0.
    pub fn is_zero(&self) -> bool {
        self.lo.iter().all(|&w| w == 0)
    }

    /// Whether this is 1.
    pub fn is_one(&self) -> bool {
        *self == Self::one()
    }

    /// Coefficient of x^i.
    pub fn trit(&self, i: usize) -> u8 {
        let (w, s) = (i / 64, i % 64);
        (((self.lo[w] >> s) & 1) + ((self.hi[w] >> s) & 1)) as u8
    }

    fn set_trit(&mut self, i: usize, c: u8) {
        assert!(i < P::M && c < 3);
        let (w, s) = (i / 64, i % 64);
        self.hi[w] &= !(1 << s);
        self.lo[w] &= !(1 << s);
        if c >= 1 {
            self.lo[w] |= 1 << s;
        }
        if c == 2 {
            self.hi[w] |= 1 << s;
        }
    }

    /// The m coefficients, constant term first.
    pub fn to_trits(&self) -> Vec<u8> {
        (0..P::M).map(|i| self.trit(i)).collect()
    }

    /// From coefficients (constant term first); at most m of them, each reduced mod 3.
    pub fn from_trits(t: &[u8]) -> Self {
        assert!(t.len() <= P::M);
        let mut e = Self::zero();
        for (i, &c) in t.iter().enumerate() {
            e.set_trit(i, c % 3);
        }
        e
    }

    /// A uniformly random element (for tests and benchmarks; not a secure generator).
    pub fn random<R: RngCore + ?Sized>(rng: &mut R) -> Self {
        let mut t = Vec::with_capacity(P::M);
        while t.len() < P::M {
            let mut x = rng.next_u64() % 12157665459056928801; // 3^40
            for _ in 0..40 {
                t.push((x % 3) as u8);
                x /= 3;
            }
        }
        t.truncate(P::M);
        Self::from_trits(&t)
    }

    /// Checks the representation invariants (bits beyond m zero, hi subset of lo).
    pub fn is_canonical(&self) -> bool {
        (0..N).all(|w| self.hi[w] & !self.lo[w] == 0 && self.lo[w] & !word_mask(P::M, w) == 0)
    }

    // ----- addition -----

    /// The sum self + o (coefficient-wise mod 3).
    #[inline]
    pub fn add(&self, o: &Self) -> Self {
        let mut r = *self;
        for w in 0..N {
            (r.hi[w], r.lo[w]) = trit_add(self.hi[w], self.lo[w], o.hi[w], o.lo[w]);
        }
        r
    }

    /// The difference self - o (coefficient-wise mod 3).
    #[inline]
    pub fn sub(&self, o: &Self) -> Self {
        let mut r = *self;
        for w in 0..N {
            (r.hi[w], r.lo[w]) = trit_sub(self.hi[w], self.lo[w], o.hi[w], o.lo[w]);
        }
        r
    }

    /// The negation -self (swaps the coefficients 1 and 2).
    #[inline]
    pub fn neg(&self) -> Self {
        let mut r = *self;
        for w in 0..N {
            r.hi[w] ^= r.lo[w];
        }
        r
    }

    /// 2 * self = -self, 1 * self = self, 0 * self = 0.
    #[inline]
    pub fn mul_trit(&self, c: u8) -> Self {
        match c % 3 {
            0 => Self::zero(),
            1 => *self,
            _ => self.neg(),
        }
    }

    /// self * c for a small integer c (reduced mod 3).
    #[inline]
    pub fn mul_i64(&self, c: i64) -> Self {
        self.mul_trit(c.rem_euclid(3) as u8)
    }

    // ----- reduction -----

    /// Reduces a wide vector whose trits lie below position `top` modulo the trinomial.
    /// Works top-down in chunks of min(64, m - k) trits, so that the images of a chunk
    /// (positions shifted down by m and by m - k) land strictly below it.
    #[inline(always)]
    pub(crate) fn reduce_wide(h: &mut [u64], l: &mut [u64], top: usize) -> Self {
        let m = P::M;
        let s = if m - P::K < 64 { m - P::K } else { 64 };
        let neg_a = 3 - P::A;
        let neg_c = 3 - P::C;
        let mut p = top;
        while p > m {
            let start = if p - m > s { p - s } else { m };
            let len = p - start;
            let vh = get_chunk(h, start, len);
            let vl = get_chunk(l, start, len);
            clear_chunk(h, start, len);
            clear_chunk(l, start, len);
            // x^start = x^(start-m) * x^m = x^(start-m) * (-a x^k - c)
            let (ah, al) = trit_scale(vh, vl, neg_a);
            add_at(h, l, start - m + P::K, len, ah, al);
            let (ch, cl) = trit_scale(vh, vl, neg_c);
            add_at(h, l, start - m, len, ch, cl);
            p = start;
        }
        let mut r = Self::zero();
        r.hi.copy_from_slice(&h[..N]);
        r.lo.copy_from_slice(&l[..N]);
        r
    }

    // ----- multiplication -----

    /// Multiplication by the default portable kernel of this field.
    #[inline]
    pub fn mul_portable(&self, o: &Self) -> Self {
        match P::KERNEL {
            MulKernel3::Comb => self.mul_comb(o),
            MulKernel3::Karatsuba => self.mul_karatsuba(o),
        }
    }

    /// The unreduced product by the default portable kernel.
    #[inline]
    pub fn mul_wide_portable(&self, o: &Self) -> Wide3<N, P> {
        let mut h = [0u64; 2 * MAX_WORDS];
        let mut l = [0u64; 2 * MAX_WORDS];
        match P::KERNEL {
            MulKernel3::Comb => comb_core(
                &self.hi,
                &self.lo,
                &o.hi,
                &o.lo,
                &mut h[..2 * N],
                &mut l[..2 * N],
            ),
            MulKernel3::Karatsuba => self.karatsuba_core(o, &mut h, &mut l),
        }
        Wide3::from_bufs(&h, &l)
    }

    /// Left-to-right comb with 2-trit windows (Hankerson et al. Alg. 2.36; Mitsunari 2009 Alg. 1).
    pub fn mul_comb(&self, o: &Self) -> Self {
        let mut h = [0u64; 2 * MAX_WORDS];
        let mut l = [0u64; 2 * MAX_WORDS];
        comb_core(
            &self.hi,
            &self.lo,
            &o.hi,
            &o.lo,
            &mut h[..2 * N],
            &mut l[..2 * N],
        );
        Self::reduce_wide(&mut h[..2 * N], &mut l[..2 * N], 2 * P::M - 1)
    }

    /// One level of Karatsuba over word halves with the comb below:
    /// A*B = A0B0 + ((A0+A1)(B0+B1) - A0B0 - A1B1) x^(64h) + A1B1 x^(128h).
    pub fn mul_karatsuba(&self, o: &Self) -> Self {
        let mut h = [0u64; 2 * MAX_WORDS];
        let mut l = [0u64; 2 * MAX_WORDS];
        self.karatsuba_core(o, &mut h, &mut l);
        Self::reduce_wide(&mut h[..2 * N], &mut l[..2 * N], 2 * P::M - 1)
    }

    /// The unreduced Karatsuba product into h, l (2N words used).
    #[inline(always)]
    fn karatsuba_core(&self, o: &Self, h: &mut [u64; 2 * MAX_WORDS], l: &mut [u64; 2 * MAX_WORDS]) {
        let hw = N.div_ceil(2);
        let hw1 = N - hw;
        // Low product into h/l[0..2hw], high product into [2hw..2N].
        {
            let (h0, h1) = h.split_at_mut(2 * hw);
            let (l0, l1) = l.split_at_mut(2 * hw);
            comb_core(
                &self.hi[..hw],
                &self.lo[..hw],
                &o.hi[..hw],
                &o.lo[..hw],
                h0,
                l0,
            );
            if hw1 > 0 {
                comb_core(
                    &self.hi[hw..],
                    &self.lo[hw..],
                    &o.hi[hw..],
                    &o.lo[hw..],
                    &mut h1[..2 * hw1],
                    &mut l1[..2 * hw1],
                );
            }
        }
        let mut sa = ([0u64; MAX_WORDS], [0u64; MAX_WORDS]);
        let mut sb = ([0u64; MAX_WORDS], [0u64; MAX_WORDS]);
        for w in 0..hw {
            let (ah1, al1) = if w < hw1 {
                (self.hi[hw + w], self.lo[hw + w])
            } else {
                (0, 0)
            };
            let (bh1, bl1) = if w < hw1 {
                (o.hi[hw + w], o.lo[hw + w])
            } else {
                (0, 0)
            };
            (sa.0[w], sa.1[w]) = trit_add(self.hi[w], self.lo[w], ah1, al1);
            (sb.0[w], sb.1[w]) = trit_add(o.hi[w], o.lo[w], bh1, bl1);
        }
        let mut mh = [0u64; 2 * MAX_WORDS];
        let mut ml = [0u64; 2 * MAX_WORDS];
        comb_core(
            &sa.0[..hw],
            &sa.1[..hw],
            &sb.0[..hw],
            &sb.1[..hw],
            &mut mh[..2 * hw],
            &mut ml[..2 * hw],
        );
        for w in 0..2 * hw {
            let (p0h, p0l) = (h[w], l[w]);
            let (p1h, p1l) = if w < 2 * hw1 {
                (h[2 * hw + w], l[2 * hw + w])
            } else {
                (0, 0)
            };
            let (x, y) = trit_sub(mh[w], ml[w], p0h, p0l);
            (mh[w], ml[w]) = trit_sub(x, y, p1h, p1l);
        }
        for w in 0..2 * hw {
            if hw + w < 2 * N {
                (h[hw + w], l[hw + w]) = trit_add(h[hw + w], l[hw + w], mh[w], ml[w]);
            }
        }
    }

    /// Reference multiplication: schoolbook on coefficients, reduction by the polynomial's
    /// definition. Slow; for tests only.
    pub fn mul_schoolbook_slow(&self, o: &Self) -> Self {
        let (a, b) = (self.to_trits(), o.to_trits());
        let m = P::M;
        let mut c = vec![0u32; 2 * m];
        for i in 0..m {
            for j in 0..m {
                c[i + j] += a[i] as u32 * b[j] as u32;
            }
        }
        for i in (m..2 * m).rev() {
            let v = c[i] % 3;
            c[i] = 0;
            // x^i = x^(i-m) (-A x^K - C)
            c[i - m + P::K] += v * (3 - P::A as u32);
            c[i - m] += v * (3 - P::C as u32);
        }
        let t: Vec<u8> = c[..m].iter().map(|&v| (v % 3) as u8).collect();
        Self::from_trits(&t)
    }

    /// Squaring (a multiplication; there is no cheaper squaring in characteristic 3).
    #[inline]
    pub fn square_portable(&self) -> Self {
        self.mul_portable(self)
    }

    // ----- cubing and cube roots -----

    /// Cubing: sum a_i x^i -> sum a_i x^(3i), then reduction. Bit spreading by shifts and masks.
    pub fn cube_portable(&self) -> Self {
        self.cube_sliced(|x, q| spread3_word(x)[q])
    }

    /// Cubing from the three slices of the input, given `spread` as in [`spread_slice`].
    ///
    /// With i_r = ceil(r m / 3), the terms a_i x^(3i), i_r <= i < i_(r+1), are x^(3i - rm) (x^m)^r
    /// with 0 <= 3i - rm < m; their sums S_r (r = 0, 1, 2) sit at positions = -rm (mod 3), so
    /// they are disjoint bit-vectors of m trits. With x^m = -c - a x^k and c^2 = a^2 = 1:
    /// a^3 = S0 + (-c) S1 + S2 + x^k ((-a) S1 + 2ac S2) + x^(2k) S2,
    /// where S0 + (-c) S1 + S2 and the bracket are ORs of disjoint vectors (scaling by 2 is a
    /// negation). What remains has degree < m + 2k and needs one short reduction.
    #[inline(always)]
    fn cube_sliced(&self, spread: impl Fn(u64, usize) -> u64) -> Self {
        let (m, k) = (P::M, P::K);
        // Reduction steps of the whole spread vector (chunks of min(64, m - k) trits): with three
        // or fewer (m = 79, 97) it measured as fast as the slices, and 2k >= m has no slices.
        let steps = (2 * m - 2).div_ceil(if m - k < 64 { m - k } else { 64 });
        if 2 * k >= m || steps <= 3 {
            let mut h = [0u64; WIDE];
            let mut l = [0u64; WIDE];
            for w in 0..N {
                for (src, dst) in [(self.hi[w], &mut h), (self.lo[w], &mut l)] {
                    for q in 0..3 {
                        dst[3 * w + q] = spread(src, q);
                    }
                }
            }
            return Self::reduce_wide(&mut h[..3 * N], &mut l[..3 * N], 3 * (m - 1) + 1);
        }
        let i1 = m.div_ceil(3);
        let i2 = (2 * m).div_ceil(3);
        // No closures here: they would not inherit the caller's target features (BMI2), and
        // `spread` could not be inlined into them.
        let (o1, o2) = (3 * i1 - m, 3 * i2 - 2 * m);
        let sh = [
            spread_slice(&self.hi, 0, i1, 0, &spread),
            spread_slice(&self.hi, i1, i2, o1, &spread),
            spread_slice(&self.hi, i2, m, o2, &spread),
        ];
        let sl = [
            spread_slice(&self.lo, 0, i1, 0, &spread),
            spread_slice(&self.lo, i1, i2, o1, &spread),
            spread_slice(&self.lo, i2, m, o2, &spread),
        ];
        let neg_a = 3 - P::A;
        let neg_c = 3 - P::C;
        let two_ac = (2 * P::A * P::C) % 3;
        let mut h = [0u64; 2 * MAX_WORDS];
        let mut l = [0u64; 2 * MAX_WORDS];
        let mut vh = [0u64; N];
        let mut vl = [0u64; N];
        for w in 0..N {
            let (h1, l1) = trit_scale(sh[1][w], sl[1][w], neg_c);
            h[w] = sh[0][w] | h1 | sh[2][w];
            l[w] = sl[0][w] | l1 | sl[2][w];
            let (h1, l1) = trit_scale(sh[1][w], sl[1][w], neg_a);
            let (h2, l2) = trit_scale(sh[2][w], sl[2][w], two_ac);
            vh[w] = h1 | h2;
            vl[w] = l1 | l2;
        }
        let words = (m + 2 * k).div_ceil(64);
        add_shifted(&mut h[..words], &mut l[..words], &vh, &vl, k);
        add_shifted(&mut h[..words], &mut l[..words], &sh[2], &sl[2], 2 * k);
        Self::reduce_wide(&mut h[..words], &mut l[..words], m + 2 * k)
    }

    /// The three "thirds" e_r = sum_i a_(3i+r) x^i, r = 0, 1, 2 (portable bit gathering).
    fn thirds_portable(&self) -> [([u64; N], [u64; N]); 3] {
        let mut out = [([0u64; N], [0u64; N]); 3];
        for t in 0..N.div_ceil(3) {
            let get = |v: &[u64; N], q: usize| if 3 * t + q < N { v[3 * t + q] } else { 0 };
            let hw = [get(&self.hi, 0), get(&self.hi, 1), get(&self.hi, 2)];
            let lw = [get(&self.lo, 0), get(&self.lo, 1), get(&self.lo, 2)];
            for (r, o) in out.iter_mut().enumerate() {
                if t < N {
                    o.0[t] = gather3_block(&hw, r);
                    o.1[t] = gather3_block(&lw, r);
                }
            }
        }
        out
    }

    /// Combines the thirds: a^(1/3) = e0 + x^(1/3) e1 + x^(2/3) e2, by shifted additions when
    /// the constants are sparse, else as e0 + x^(1/3) (e1 + x^(1/3) e2) with two products.
    #[inline(always)]
    pub(crate) fn combine_thirds(
        th: &[([u64; N], [u64; N]); 3],
        mul: impl Fn(&Self, &Self) -> Self,
    ) -> Self {
        let cst = P::cube_root_consts();
        let words = P::M.div_ceil(3).div_ceil(64);
        if (cst.x13.len() + cst.x23.len()) * words > 40 {
            let mut x13 = Self::zero();
            x13.hi.copy_from_slice(&cst.x13_hi[..N]);
            x13.lo.copy_from_slice(&cst.x13_lo[..N]);
            let e = |i: usize| Self::from_words(th[i].0, th[i].1);
            return e(0).add(&mul(&x13, &e(1).add(&mul(&x13, &e(2)))));
        }
        let mut h = [0u64; 2 * MAX_WORDS + 1];
        let mut l = [0u64; 2 * MAX_WORDS + 1];
        h[..N].copy_from_slice(&th[0].0);
        l[..N].copy_from_slice(&th[0].1);
        for (r, terms) in [(1usize, &cst.x13), (2usize, &cst.x23)] {
            for &(e, c) in terms.iter() {
                for w in 0..words {
                    let (vh, vl) = trit_scale(th[r].0[w], th[r].1[w], c);
                    if vl != 0 {
                        add_at(
                            &mut h[..2 * N + 1],
                            &mut l[..2 * N + 1],
                            e + 64 * w,
                            64,
                            vh,
                            vl,
                        );
                    }
                }
            }
        }
        Self::reduce_wide(
            &mut h[..2 * N + 1],
            &mut l[..2 * N + 1],
            P::M + P::M.div_ceil(3) + 1,
        )
    }

    /// Cube root, portable.
    pub fn cube_root_portable(&self) -> Self {
        Self::combine_thirds(&self.thirds_portable(), |x, y| x.mul_portable(y))
    }

    // ----- BMI2 (PDEP/PEXT) versions of cubing and cube root -----

    /// Cubing with PDEP (callers must know that the CPU has BMI2).
    ///
    /// # Safety
    /// Calling it is sound only on a CPU with BMI2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    pub fn cube_bmi2(&self) -> Self {
        use core::arch::x86_64::_pdep_u64;
        self.cube_sliced(|x, q| _pdep_u64(x >> [0, 22, 43][q], SPREAD_MASK[q]))
    }

    /// Cube root with PEXT (callers must know that the CPU has BMI2).
    ///
    /// # Safety
    /// Calling it is sound only on a CPU with BMI2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    pub fn cube_root_bmi2(&self) -> Self {
        Self::combine_thirds(&self.thirds_bmi2(), |x, y| x.mul_portable(y))
    }

    /// The thirds of [`Self::cube_root_bmi2`] by PEXT (callers must know that the CPU has BMI2).
    ///
    /// # Safety
    /// Calling it is sound only on a CPU with BMI2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2")]
    pub(crate) fn thirds_bmi2(&self) -> [([u64; N], [u64; N]); 3] {
        use core::arch::x86_64::_pext_u64;
        let mut th = [([0u64; N], [0u64; N]); 3];
        for t in 0..N.div_ceil(3) {
            let get = |v: &[u64; N], q: usize| if 3 * t + q < N { v[3 * t + q] } else { 0 };
            for r in 0..3 {
                let (m0, m1, m2) = GATHER_MASK[r];
                let (c0, c1) = (m0.count_ones(), m1.count_ones());
                let g = |v: &[u64; N]| {
                    _pext_u64(get(v, 0), m0)
                        | _pext_u64(get(v, 1), m1) << c0
                        | _pext_u64(get(v, 2), m2) << (c0 + c1)
                };
                if t < N {
                    th[r].0[t] = g(&self.hi);
                    th[r].1[t] = g(&self.lo);
                }
            }
        }
        th
    }

    // ----- generic operations over a backend -----

    /// The images (x^i)^(3^k) = g^i, i = 0, 1, 2, ..., of the monomials under x -> x^(3^k),
    /// with g = x^(3^k) by k cubings: the columns of that F_3-linear map (portable, for building
    /// its tables).
    pub(crate) fn frobenius_images(k: usize) -> impl Iterator<Item = Self> {
        let mut g = Self::monomial(1, 1);
        for _ in 0..k {
            g = g.cube_portable();
        }
        core::iter::successors(Some(Self::one()), move |img| Some(img.mul_portable(&g)))
    }

    /// Multiplicative inverse (Itoh–Tsujii: a^(3^m - 2) = ((a^((3^(m-1)-1)/2))^2)^3 * a);
    /// zero maps to zero. The long cubing chains by constant-time linear maps
    /// ([`Backend3::pow3k`]).
    pub fn inv_with<B: Backend3>(&self, be: B) -> Self {
        self.inv_by_chain(be, |e, k| be.pow3k(e, k))
    }

    /// [`Self::inv_with`] with the cubing chains of length >= 8 read from tables
    /// ([`Trinomial3::inv_tables_vartime`]). **Variable time:** the lookups index memory by bits
    /// of intermediate values.
    pub fn inv_vartime_with<B: Backend3>(&self, be: B) -> Self {
        let tables = P::inv_tables_vartime();
        self.inv_by_chain(be, |e, k| match tables.iter().find(|t| t.k() == k) {
            Some(tab) => tab.view::<N, P>().pow_vartime(e),
            None => be.pow3k(e, k),
        })
    }

    /// The Itoh–Tsujii chain of [`Self::inv_with`], with x -> x^(3^k) by `pow3k`.
    #[inline(always)]
    fn inv_by_chain<B: Backend3>(&self, be: B, pow3k: impl Fn(&Self, usize) -> Self) -> Self {
        // e_k = a^((3^k - 1)/2); e_(i+j) = e_i^(3^j) * e_j.
        let target = P::M - 1;
        let bits = usize::BITS - target.leading_zeros();
        let mut e = *self; // e_1
        let mut k = 1usize;
        for i in (0..bits - 1).rev() {
            // k -> 2k
            e = be.mul(&pow3k(&e, k), &e);
            k *= 2;
            if (target >> i) & 1 == 1 {
                e = be.mul(&be.cube(&e), self);
                k += 1;
            }
        }
        debug_assert_eq!(k, target);
        let sq = be.mul(&e, &e);
        be.mul(&be.cube(&sq), self)
    }

    /// Inverse with the best backend of this CPU.
    pub fn inv(&self) -> Self {
        with_best_backend3!(be => self.inv_with(be))
    }

    /// self^e (square-and-multiply, variable time in e).
    pub fn pow_vartime(&self, e: &BigUint) -> Self {
        let mut r = Self::one();
        for i in (0..e.bits()).rev() {
            r = r.mul_portable(&r);
            if e.bit(i) {
                r = r.mul_portable(self);
            }
        }
        r
    }

    /// A square root if one exists (3^m = 3 mod 4: sqrt(a) = a^((3^m+1)/4)); variable time.
    pub fn sqrt_vartime(&self) -> Option<Self> {
        let e = (BigUint::from(3u32).pow(P::M as u32) + 1u32) >> 2;
        let s = self.pow_vartime(&e);
        if s.mul_portable(&s) == *self {
            Some(s)
        } else {
            None
        }
    }

    // ----- encoding -----

    /// Bytes of the encoding: ceil(log2(3^m) / 8).
    pub fn byte_len() -> usize {
        (BigUint::from(3u32).pow(P::M as u32).bits() as usize).div_ceil(8)
    }

    /// The integer sum a_i 3^i.
    pub fn to_biguint(&self) -> BigUint {
        let t = self.to_trits();
        let mut acc = BigUint::zero();
        for chunk in t.chunks(40).rev() {
            let mut v = 0u64;
            for &c in chunk.iter().rev() {
                v = v * 3 + c as u64;
            }
            // The top chunk may be shorter than 40 trits: scale acc by 3^len.
            acc = acc * BigUint::from(3u64.pow(chunk.len() as u32)) + v;
        }
        acc
    }

    /// From the integer sum a_i 3^i; NotAFieldElement if it is >= 3^m.
    pub fn from_biguint(v: &BigUint) -> Result<Self> {
        if *v >= BigUint::from(3u32).pow(P::M as u32) {
            return Err(Error::NotAFieldElement);
        }
        let mut t = Vec::with_capacity(P::M);
        let base = BigUint::from(3u64.pow(40));
        let mut x = v.clone();
        while t.len() < P::M {
            let r = (&x % &base).to_u64_digits().first().copied().unwrap_or(0);
            x /= &base;
            let mut r = r;
            for _ in 0..40 {
                t.push((r % 3) as u8);
                r /= 3;
            }
        }
        t.truncate(P::M);
        Ok(Self::from_trits(&t))
    }

    /// Big-endian encoding of sum a_i 3^i in [`Self::byte_len`] bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let b = self.to_biguint().to_bytes_be();
        let n = Self::byte_len();
        let mut out = vec![0u8; n - b.len()];
        out.extend_from_slice(&b);
        out
    }

    /// Decodes [`Self::to_bytes`]: WrongLength, or NotAFieldElement when the integer is >= 3^m.
    pub fn from_bytes(b: &[u8]) -> Result<Self> {
        let n = Self::byte_len();
        if b.len() != n {
            return Err(Error::WrongLength {
                what: "F_{3^m} element",
                expected: n,
                got: b.len(),
            });
        }
        Self::from_biguint(&BigUint::from_bytes_be(b))
    }
}

impl<const N: usize, P: Trinomial3> core::ops::Add for Gf3<N, P> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        Gf3::add(&self, &o)
    }
}
impl<const N: usize, P: Trinomial3> core::ops::Sub for Gf3<N, P> {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        Gf3::sub(&self, &o)
    }
}
impl<const N: usize, P: Trinomial3> core::ops::Neg for Gf3<N, P> {
    type Output = Self;
    fn neg(self) -> Self {
        Gf3::neg(&self)
    }
}
/// `*` uses the best backend of this CPU (detected per call; the pairing chooses once instead).
impl<const N: usize, P: Trinomial3> core::ops::Mul for Gf3<N, P> {
    type Output = Self;
    fn mul(self, o: Self) -> Self {
        with_best_backend3!(be => be.mul(&self, &o))
    }
}

// ---------------------------------------------------------------------------------------------
// Unreduced products
// ---------------------------------------------------------------------------------------------

/// An unreduced product (degree < 2m, 2N words used): sums and differences of products are
/// reduced once, by [`Wide3::reduce`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wide3<const N: usize, P: Trinomial3> {
    /// Words 0..N and N..2N of the hi and lo bit-vectors.
    pub(crate) h: [[u64; N]; 2],
    pub(crate) l: [[u64; N]; 2],
    _p: PhantomData<P>,
}

impl<const N: usize, P: Trinomial3> Wide3<N, P> {
    /// The zero polynomial.
    #[inline(always)]
    pub fn zero() -> Self {
        Wide3 {
            h: [[0; N]; 2],
            l: [[0; N]; 2],
            _p: PhantomData,
        }
    }
    /// From 2N-word buffers.
    #[inline(always)]
    pub(crate) fn from_bufs(h: &[u64], l: &[u64]) -> Self {
        let mut r = Self::zero();
        r.h[0][..N].copy_from_slice(&h[..N]);
        r.h[1][..N].copy_from_slice(&h[N..2 * N]);
        r.l[0][..N].copy_from_slice(&l[..N]);
        r.l[1][..N].copy_from_slice(&l[N..2 * N]);
        r
    }
    /// The sum of two unreduced products (coefficient-wise mod 3, no reduction).
    #[inline(always)]
    pub fn add(&self, o: &Self) -> Self {
        let mut r = *self;
        for k in 0..2 {
            for w in 0..N {
                (r.h[k][w], r.l[k][w]) = trit_add(self.h[k][w], self.l[k][w], o.h[k][w], o.l[k][w]);
            }
        }
        r
    }
    /// The difference of two unreduced products (coefficient-wise mod 3, no reduction).
    #[inline(always)]
    pub fn sub(&self, o: &Self) -> Self {
        let mut r = *self;
        for k in 0..2 {
            for w in 0..N {
                (r.h[k][w], r.l[k][w]) = trit_sub(self.h[k][w], self.l[k][w], o.h[k][w], o.l[k][w]);
            }
        }
        r
    }
    /// The negation of an unreduced product (no reduction).
    #[inline(always)]
    pub fn neg(&self) -> Self {
        let mut r = *self;
        for k in 0..2 {
            for w in 0..N {
                r.h[k][w] ^= r.l[k][w];
            }
        }
        r
    }
    /// The element of F_{3^m} it stands for.
    #[inline(always)]
    pub fn reduce(&self) -> Gf3<N, P> {
        let mut h = [0u64; 2 * MAX_WORDS];
        let mut l = [0u64; 2 * MAX_WORDS];
        h[..N].copy_from_slice(&self.h[0][..N]);
        h[N..2 * N].copy_from_slice(&self.h[1][..N]);
        l[..N].copy_from_slice(&self.l[0][..N]);
        l[N..2 * N].copy_from_slice(&self.l[1][..N]);
        Gf3::reduce_wide(&mut h[..2 * N], &mut l[..2 * N], 2 * P::M - 1)
    }
}

// ---------------------------------------------------------------------------------------------
// The comb core (shared by the default comb and Karatsuba)
// ---------------------------------------------------------------------------------------------

/// Product of two n-word trit polynomials into 2n words (out must have length 2n).
/// Table of A*u for all 2-trit u, indexed by (h1 h0 l1 l0) of the window of B.
#[inline(always)]
fn comb_core(ah: &[u64], al: &[u64], bh: &[u64], bl: &[u64], out_h: &mut [u64], out_l: &mut [u64]) {
    let n = ah.len();
    debug_assert!(out_h.len() == 2 * n && n <= MAX_WORDS);
    // T[u] for u = t0 + t1 x; entries have at most n+1 words (n words for all our m, but the
    // Karatsuba halves can carry a trit into word n).
    let e = n + 1;
    let mut th = [[0u64; MAX_WORDS + 1]; 16];
    let mut tl = [[0u64; MAX_WORDS + 1]; 16];
    // x*A
    let mut xh = [0u64; MAX_WORDS + 1];
    let mut xl = [0u64; MAX_WORDS + 1];
    let mut ch = 0;
    let mut cl = 0;
    for w in 0..n {
        xh[w] = ah[w] << 1 | ch;
        xl[w] = al[w] << 1 | cl;
        ch = ah[w] >> 63;
        cl = al[w] >> 63;
    }
    xh[n] = ch;
    xl[n] = cl;
    for u in 0..16usize {
        let (l0, l1, h0, h1) = (u & 1, (u >> 1) & 1, (u >> 2) & 1, (u >> 3) & 1);
        if (h0 == 1 && l0 == 0) || (h1 == 1 && l1 == 0) {
            continue;
        }
        for w in 0..e {
            let (a_h, a_l) = if w < n { (ah[w], al[w]) } else { (0, 0) };
            let (mut vh, mut vl) = (0u64, 0u64);
            if l0 == 1 {
                (vh, vl) = if h0 == 1 {
                    trit_neg(a_h, a_l)
                } else {
                    (a_h, a_l)
                };
            }
            if l1 == 1 {
                let (qh, ql) = if h1 == 1 {
                    trit_neg(xh[w], xl[w])
                } else {
                    (xh[w], xl[w])
                };
                (vh, vl) = trit_add(vh, vl, qh, ql);
            }
            th[u][w] = vh;
            tl[u][w] = vl;
        }
    }
    for w in 0..2 * n {
        out_h[w] = 0;
        out_l[w] = 0;
    }
    let mut s = 62i32;
    loop {
        for j in 0..n {
            let u = (((bh[j] >> s) & 3) << 2 | ((bl[j] >> s) & 3)) as usize;
            for w in 0..e {
                if j + w < 2 * n {
                    (out_h[j + w], out_l[j + w]) =
                        trit_add(out_h[j + w], out_l[j + w], th[u][w], tl[u][w]);
                }
            }
        }
        if s == 0 {
            break;
        }
        for w in (1..2 * n).rev() {
            out_h[w] = out_h[w] << 2 | out_h[w - 1] >> 62;
            out_l[w] = out_l[w] << 2 | out_l[w - 1] >> 62;
        }
        out_h[0] <<= 2;
        out_l[0] <<= 2;
        s -= 2;
    }
}

// ---------------------------------------------------------------------------------------------
// Bit spreading / gathering for cubing and cube roots
// ---------------------------------------------------------------------------------------------

/// PDEP masks: bits 0..21 of a word go to positions 0,3,..,63 of the first output word,
/// bits 22..42 to 2,5,..,62 of the second, bits 43..63 to 1,4,..,61 of the third.
const SPREAD_MASK: [u64; 3] = [0x9249249249249249, 0x4924924924924924, 0x2492492492492492];

/// Bits at positions p = off (mod 3) of a word, off = 0, 1, 2.
const THIRD_MASK: [u64; 3] = [0x9249249249249249, 0x2492492492492492, 0x4924924924924924];

/// PEXT masks per residue r: in word q of a 192-bit block the positions = r (mod 3) are those at
/// offsets = r + 2q (mod 3) (because 64 = 1 mod 3).
const GATHER_MASK: [(u64, u64, u64); 3] = [
    (THIRD_MASK[0], THIRD_MASK[2], THIRD_MASK[1]),
    (THIRD_MASK[1], THIRD_MASK[0], THIRD_MASK[2]),
    (THIRD_MASK[2], THIRD_MASK[1], THIRD_MASK[0]),
];

/// Spreads the low 22 bits of x to positions 0, 3, 6, ..., 63.
#[inline(always)]
fn spread3_22(x: u64) -> u64 {
    let top = (x >> 21) & 1;
    let mut x = x & 0x1f_ffff;
    x = (x | x << 32) & 0x001f_0000_0000_ffff;
    x = (x | x << 16) & 0x001f_0000_ff00_00ff;
    x = (x | x << 8) & 0x100f_00f0_0f00_f00f;
    x = (x | x << 4) & 0x10c3_0c30_c30c_30c3;
    x = (x | x << 2) & 0x1249_2492_4924_9249;
    x | top << 63
}

/// Spreads the 64 bits of a word to every third position of three words.
#[inline(always)]
pub(crate) fn spread3_word(x: u64) -> [u64; 3] {
    [
        spread3_22(x),
        spread3_22((x >> 22) & 0x1f_ffff) << 2,
        spread3_22(x >> 43) << 1,
    ]
}

/// Gathers bits 0, 3, 6, ... (up to 22 of them) of x into the low bits.
#[inline(always)]
fn gather3(x: u64) -> u64 {
    let top = (x >> 63) & 1;
    let mut x = x & 0x1249_2492_4924_9249;
    x = (x | x >> 2) & 0x10c3_0c30_c30c_30c3;
    x = (x | x >> 4) & 0x100f_00f0_0f00_f00f;
    x = (x | x >> 8) & 0x001f_0000_ff00_00ff;
    x = (x | x >> 16) & 0x001f_0000_0000_ffff;
    x = (x | x >> 32) & 0x1f_ffff;
    x | top << 21
}

/// From a 192-bit block, the bits at positions p = r (mod 3), in order (64 of them).
#[inline(always)]
fn gather3_block(v: &[u64; 3], r: usize) -> u64 {
    // Word q holds positions 64q..64q+63; the first position = r (mod 3) in word q is at offset
    // (r - 64q) mod 3 = (r + 2q) mod 3.
    let mut out = 0u64;
    let mut filled = 0u32;
    for (q, &w) in v.iter().enumerate() {
        let off = (r + 2 * q) % 3;
        let cnt = (64 - off as u32).div_ceil(3);
        let g = gather3(w >> off);
        out |= g << filled;
        filled += cnt;
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Backends
// ---------------------------------------------------------------------------------------------

/// The arithmetic kernels a pairing runs on; chosen once per top-level call.
pub trait Backend3: Copy + Send + Sync + 'static {
    /// The product a b in F_{3^m}.
    fn mul<const N: usize, P: Trinomial3>(self, a: &Gf3<N, P>, b: &Gf3<N, P>) -> Gf3<N, P>;
    /// The cube a^3.
    fn cube<const N: usize, P: Trinomial3>(self, a: &Gf3<N, P>) -> Gf3<N, P>;
    /// The cube root a^(1/3) (unique: cubing is a field automorphism).
    fn cube_root<const N: usize, P: Trinomial3>(self, a: &Gf3<N, P>) -> Gf3<N, P>;
    /// A short name of the backend ("portable", "avx512+bmi2").
    fn name(self) -> &'static str;
    /// a^(3^k) by the constant-time linear map of x -> x^(3^k) (portable unless overridden).
    #[inline]
    fn frob<const N: usize, P: Trinomial3>(
        self,
        map: &super::gf3_frobmap::FrobMap3<'_, N, P>,
        a: &Gf3<N, P>,
    ) -> Gf3<N, P> {
        map.apply_portable(a)
    }
    /// a^(3^k): by the map of P for k if it has one ([`super::gf3_frobmap::frob_map`]), else
    /// by k cubings; constant time either way.
    #[inline]
    fn pow3k<const N: usize, P: Trinomial3>(self, a: &Gf3<N, P>, k: usize) -> Gf3<N, P> {
        match super::gf3_frobmap::frob_map::<N, P>(k) {
            Some(map) => self.frob(&map, a),
            None => {
                let mut r = *a;
                for _ in 0..k {
                    r = self.cube(&r);
                }
                r
            }
        }
    }
    /// The cubes of eight elements side by side (one at a time unless overridden).
    #[inline]
    fn cube_lanes<const N: usize, P: Trinomial3>(
        self,
        x: &super::gf3_lanes::Lanes3<N, P>,
    ) -> super::gf3_lanes::Lanes3<N, P> {
        x.cube_each(self)
    }
    /// F_{3^3m} product, each coefficient reduced once (portable unless overridden).
    #[inline]
    fn mul_rho3<const N: usize, P: Trinomial3, const B: i8>(
        self,
        a: &Gf33<N, P, B>,
        b: &Gf33<N, P, B>,
    ) -> Gf33<N, P, B> {
        gf3_tower::mul33_fused(gf3_tower::PortableWide, a, b)
    }
    /// The constant coefficient of the F_{3^3m} product a b (portable unless overridden).
    #[inline]
    fn mul_rho3_const<const N: usize, P: Trinomial3, const B: i8>(
        self,
        a: &Gf33<N, P, B>,
        b: &Gf33<N, P, B>,
    ) -> Gf3<N, P> {
        gf3_tower::mul33_const_fused(gf3_tower::PortableWide, a, b)
    }
    /// a s for a in F_{3^3m} and s in F_{3^m} (portable unless overridden).
    #[inline]
    fn mul_rho3_base<const N: usize, P: Trinomial3, const B: i8>(
        self,
        a: &Gf33<N, P, B>,
        s: &Gf3<N, P>,
    ) -> Gf33<N, P, B> {
        gf3_tower::mul33_base_fused(gf3_tower::PortableWide, a, s)
    }
    /// Two F_{3^3m} products a b0, a b1 sharing the operand a (portable unless overridden).
    #[inline]
    fn mul_rho3_two<const N: usize, P: Trinomial3, const B: i8>(
        self,
        a: &Gf33<N, P, B>,
        b0: &Gf33<N, P, B>,
        b1: &Gf33<N, P, B>,
    ) -> (Gf33<N, P, B>, Gf33<N, P, B>) {
        gf3_tower::mul33_two_fused(gf3_tower::PortableWide, a, b0, b1)
    }
    /// F_{3^6m} product, each coefficient reduced once (portable unless overridden).
    #[inline]
    fn mul_sigma<const N: usize, P: Trinomial3, const B: i8>(
        self,
        a: &Gf36<N, P, B>,
        b: &Gf36<N, P, B>,
    ) -> Gf36<N, P, B> {
        gf3_tower::mul36_fused(gf3_tower::PortableWide, a, b)
    }
    /// frob(a) a for a unitary a (see [`Gf36::frob_mul_unitary`]; portable unless overridden).
    #[inline]
    fn frob_mul_unitary<const N: usize, P: Trinomial3, const B: i8>(
        self,
        a: &Gf36<N, P, B>,
    ) -> Gf36<N, P, B> {
        gf3_tower::frob_mul_unitary_fused(gf3_tower::PortableWide, a)
    }
    /// Product with a sparse line value, each coefficient reduced once (portable unless
    /// overridden).
    #[inline]
    fn mul_line<const N: usize, P: Trinomial3, const B: i8>(
        self,
        a: &Gf36<N, P, B>,
        l: &Line3<N, P>,
    ) -> Gf36<N, P, B> {
        gf3_tower::mul_line_fused(gf3_tower::PortableWide, a, l)
    }
    /// Product (in place) with the loop's line value -t^2 - t rho - rho^2 + y sigma from t and
    /// y = ya yb, t^2 and y included (portable unless overridden).
    #[inline]
    fn mul_line_t<const N: usize, P: Trinomial3, const B: i8>(
        self,
        a: &mut Gf36<N, P, B>,
        t: &Gf3<N, P>,
        ya: &Gf3<N, P>,
        yb: &Gf3<N, P>,
    ) {
        *a = gf3_tower::mul_line_t_fused(gf3_tower::PortableWide, a, t, ya, yb)
    }
}

/// Plain Rust, any CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Portable3;

impl Backend3 for Portable3 {
    #[inline]
    fn mul<const N: usize, P: Trinomial3>(self, a: &Gf3<N, P>, b: &Gf3<N, P>) -> Gf3<N, P> {
        a.mul_portable(b)
    }
    #[inline]
    fn cube<const N: usize, P: Trinomial3>(self, a: &Gf3<N, P>) -> Gf3<N, P> {
        a.cube_portable()
    }
    #[inline]
    fn cube_root<const N: usize, P: Trinomial3>(self, a: &Gf3<N, P>) -> Gf3<N, P> {
        a.cube_root_portable()
    }
    fn name(self) -> &'static str {
        "portable"
    }
}

/// AVX-512 (F, VL, BW, VBMI, VBMI2) multiplication and BMI2 cubing / cube roots. A value of this
/// type holds the proof from [`tripair::cpu`] that the CPU supports all of them.
#[derive(Clone, Copy, Debug)]
pub struct Avx512Bmi2 {
    _proof: tripair::cpu::Avx512Vbmi2Bmi2,
}

impl Avx512Bmi2 {
    /// Some(backend) when this CPU has the features (none under `TRIPAIR_BACKEND=portable`).
    #[inline]
    pub fn detect() -> Option<Self> {
        tripair::cpu::Avx512Vbmi2Bmi2::detect().map(|_proof| Avx512Bmi2 { _proof })
    }
}

#[cfg(target_arch = "x86_64")]
impl Backend3 for Avx512Bmi2 {
    #[inline]
    fn mul<const N: usize, P: Trinomial3>(self, a: &Gf3<N, P>, b: &Gf3<N, P>) -> Gf3<N, P> {
        if P::USE_AVX512 {
            // SAFETY: an Avx512Bmi2 value exists only when detect() found the features.
            unsafe { super::gf3_avx512::mul_avx512(a, b) }
        } else {
            a.mul_portable(b)
        }
    }
    #[inline]
    fn cube<const N: usize, P: Trinomial3>(self, a: &Gf3<N, P>) -> Gf3<N, P> {
        // SAFETY: an Avx512Bmi2 value exists only when detect() found BMI2.
        unsafe { a.cube_bmi2() }
    }
    #[inline]
    fn cube_root<const N: usize, P: Trinomial3>(self, a: &Gf3<N, P>) -> Gf3<N, P> {
        // SAFETY: an Avx512Bmi2 value exists only when detect() found BMI2.
        let th = unsafe { a.thirds_bmi2() };
        Gf3::combine_thirds(&th, |x, y| self.mul(x, y))
    }
    fn name(self) -> &'static str {
        "avx512+bmi2"
    }
    #[inline]
    fn frob<const N: usize, P: Trinomial3>(
        self,
        map: &super::gf3_frobmap::FrobMap3<'_, N, P>,
        a: &Gf3<N, P>,
    ) -> Gf3<N, P> {
        // SAFETY: an Avx512Bmi2 value exists only when detect() found the features.
        unsafe { super::gf3_avx512::frob_avx512(map, a) }
    }
    #[inline]
    fn cube_lanes<const N: usize, P: Trinomial3>(
        self,
        x: &super::gf3_lanes::Lanes3<N, P>,
    ) -> super::gf3_lanes::Lanes3<N, P> {
        // SAFETY: an Avx512Bmi2 value exists only when detect() found the features.
        unsafe { super::gf3_lanes::avx512::cube_lanes_avx512(x) }
    }
    #[inline]
    fn mul_rho3<const N: usize, P: Trinomial3, const B: i8>(
        self,
        a: &Gf33<N, P, B>,
        b: &Gf33<N, P, B>,
    ) -> Gf33<N, P, B> {
        // SAFETY: an Avx512Bmi2 value exists only when detect() found the features.
        unsafe { super::gf3_avx512::mul_rho3_avx512(a, b) }
    }
    #[inline]
    fn mul_rho3_const<const N: usize, P: Trinomial3, const B: i8>(
        self,
        a: &Gf33<N, P, B>,
        b: &Gf33<N, P, B>,
    ) -> Gf3<N, P> {
        // SAFETY: an Avx512Bmi2 value exists only when detect() found the features.
        unsafe { super::gf3_avx512::mul_rho3_const_avx512(a, b) }
    }
    #[inline]
    fn mul_rho3_base<const N: usize, P: Trinomial3, const B: i8>(
        self,
        a: &Gf33<N, P, B>,
        s: &Gf3<N, P>,
    ) -> Gf33<N, P, B> {
        // SAFETY: an Avx512Bmi2 value exists only when detect() found the features.
        unsafe { super::gf3_avx512::mul_rho3_base_avx512(a, s) }
    }
    #[inline]
    fn mul_rho3_two<const N: usize, P: Trinomial3, const B: i8>(
        self,
        a: &Gf33<N, P, B>,
        b0: &Gf33<N, P, B>,
        b1: &Gf33<N, P, B>,
    ) -> (Gf33<N, P, B>, Gf33<N, P, B>) {
        // SAFETY: an Avx512Bmi2 value exists only when detect() found the features.
        unsafe { super::gf3_avx512::mul_rho3_two_avx512(a, b0, b1) }
    }
    #[inline]
    fn mul_sigma<const N: usize, P: Trinomial3, const B: i8>(
        self,
        a: &Gf36<N, P, B>,
        b: &Gf36<N, P, B>,
    ) -> Gf36<N, P, B> {
        // SAFETY: an Avx512Bmi2 value exists only when detect() found the features.
        unsafe { super::gf3_avx512::mul_sigma_avx512(a, b) }
    }
    #[inline]
    fn frob_mul_unitary<const N: usize, P: Trinomial3, const B: i8>(
        self,
        a: &Gf36<N, P, B>,
    ) -> Gf36<N, P, B> {
        // SAFETY: an Avx512Bmi2 value exists only when detect() found the features.
        unsafe { super::gf3_avx512::frob_mul_unitary_avx512(a) }
    }
    #[inline]
    fn mul_line<const N: usize, P: Trinomial3, const B: i8>(
        self,
        a: &Gf36<N, P, B>,
        l: &Line3<N, P>,
    ) -> Gf36<N, P, B> {
        // SAFETY: an Avx512Bmi2 value exists only when detect() found the features.
        unsafe { super::gf3_avx512::mul_line_avx512(a, l) }
    }
    #[inline]
    fn mul_line_t<const N: usize, P: Trinomial3, const B: i8>(
        self,
        a: &mut Gf36<N, P, B>,
        t: &Gf3<N, P>,
        ya: &Gf3<N, P>,
        yb: &Gf3<N, P>,
    ) {
        // SAFETY: an Avx512Bmi2 value exists only when detect() found the features.
        unsafe { super::gf3_avx512::mul_line_t_avx512(a, t, ya, yb) }
    }
}

#[cfg(not(target_arch = "x86_64"))]
impl Backend3 for Avx512Bmi2 {
    fn mul<const N: usize, P: Trinomial3>(self, a: &Gf3<N, P>, b: &Gf3<N, P>) -> Gf3<N, P> {
        a.mul_portable(b)
    }
    fn cube<const N: usize, P: Trinomial3>(self, a: &Gf3<N, P>) -> Gf3<N, P> {
        a.cube_portable()
    }
    fn cube_root<const N: usize, P: Trinomial3>(self, a: &Gf3<N, P>) -> Gf3<N, P> {
        a.cube_root_portable()
    }
    fn name(self) -> &'static str {
        "portable"
    }
}

/// Whether this CPU runs the SIMD backend.
pub fn simd_available() -> bool {
    Avx512Bmi2::detect().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tripair_testkit::TestRng;

    #[test]
    fn trit_add_table() {
        let enc = |v: u8| -> (u64, u64) {
            match v {
                0 => (0, 0),
                1 => (0, 1),
                _ => (1, 1),
            }
        };
        for a in 0..3u8 {
            for b in 0..3u8 {
                let (ah, al) = enc(a);
                let (bh, bl) = enc(b);
                assert_eq!(trit_add(ah, al, bh, bl), enc((a + b) % 3));
                assert_eq!(trit_sub(ah, al, bh, bl), enc((a + 3 - b) % 3));
                assert_eq!(trit_neg(ah, al), enc((3 - a) % 3));
            }
        }
    }

    #[test]
    fn spread_and_gather() {
        let mut rng = TestRng::new(5);
        for _ in 0..200 {
            let x = rng.next_u64();
            let s = spread3_word(x);
            for i in 0..64 {
                let p = 3 * i;
                assert_eq!((s[p / 64] >> (p % 64)) & 1, (x >> i) & 1);
            }
            let v = [rng.next_u64(), rng.next_u64(), rng.next_u64()];
            for r in 0..3 {
                let g = gather3_block(&v, r);
                for i in 0..64 {
                    let p = 3 * i + r;
                    let bit = if p < 192 {
                        (v[p / 64] >> (p % 64)) & 1
                    } else {
                        0
                    };
                    assert_eq!((g >> i) & 1, bit, "r={r} i={i}");
                }
            }
        }
    }
}
