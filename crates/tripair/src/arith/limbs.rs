//! Little-endian arrays of 64-bit limbs: carry primitives and `const fn` big-integer helpers.
//!
//! Everything here is `const fn` so that field constants (p from the curve parameter, Montgomery
//! constants, exponents) are derived at compile time from a curve's few defining numbers.

/// a + b + carry, returning (sum, carry out).
#[inline(always)]
pub const fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    // The two-step form is the one LLVM turns into a single `adc`.
    let (s, c1) = a.overflowing_add(b);
    let (s, c2) = s.overflowing_add(carry);
    (s, (c1 | c2) as u64)
}

/// a - b - borrow, returning (difference, borrow out as 0 or 1).
#[inline(always)]
pub const fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    // The two-step form is the one LLVM turns into a single `sbb`.
    let (d, b1) = a.overflowing_sub(b);
    let (d, b2) = d.overflowing_sub(borrow);
    (d, (b1 | b2) as u64)
}

/// a + b * c + carry, returning (low, high).
#[inline(always)]
pub const fn mac(a: u64, b: u64, c: u64, carry: u64) -> (u64, u64) {
    let t = a as u128 + (b as u128) * (c as u128) + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// a + b, returning the carry out.
#[inline(always)]
pub const fn add<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut c = 0;
    let mut i = 0;
    while i < N {
        let (s, c1) = adc(a[i], b[i], c);
        r[i] = s;
        c = c1;
        i += 1;
    }
    (r, c)
}

/// a - b, returning the borrow out (0 or 1).
#[inline(always)]
pub const fn sub<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut bw = 0;
    let mut i = 0;
    while i < N {
        let (s, b1) = sbb(a[i], b[i], bw);
        r[i] = s;
        bw = b1;
        i += 1;
    }
    (r, bw)
}

/// Number of significant bits.
pub const fn bit_length<const N: usize>(a: &[u64; N]) -> u32 {
    let mut i = N;
    while i > 0 {
        i -= 1;
        if a[i] != 0 {
            return 64 * i as u32 + 64 - a[i].leading_zeros();
        }
    }
    0
}

/// The N-limb value of the single word x.
pub const fn from_u64<const N: usize>(x: u64) -> [u64; N] {
    let mut r = [0u64; N];
    r[0] = x;
    r
}

/// a * k + c (truncated to N limbs), with the carry limb out.
pub const fn mul_small<const N: usize>(a: &[u64; N], k: u64) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut c = 0;
    let mut i = 0;
    while i < N {
        let (lo, hi) = mac(0, a[i], k, c);
        r[i] = lo;
        c = hi;
        i += 1;
    }
    (r, c)
}

/// Full product truncated to N limbs; `overflow` is true if the true product needs more.
pub const fn mul_trunc<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], bool) {
    let mut r = [0u64; N];
    let mut overflow = false;
    let mut i = 0;
    while i < N {
        let mut c = 0;
        let mut j = 0;
        while j < N {
            if i + j < N {
                let (lo, hi) = mac(r[i + j], a[i], b[j], c);
                r[i + j] = lo;
                c = hi;
            } else if a[i] != 0 && b[j] != 0 {
                overflow = true;
            }
            j += 1;
        }
        if c != 0 {
            overflow = true;
        }
        i += 1;
    }
    (r, overflow)
}

/// Exact division by a small number; panics at compile time (const) if not exact.
pub const fn div_small_exact<const N: usize>(a: &[u64; N], d: u64) -> [u64; N] {
    let mut r = [0u64; N];
    let mut rem: u128 = 0;
    let mut i = N;
    while i > 0 {
        i -= 1;
        let cur = (rem << 64) | a[i] as u128;
        r[i] = (cur / d as u128) as u64;
        rem = cur % d as u128;
    }
    assert!(rem == 0, "inexact division");
    r
}

/// a >> 1: a logical shift right by one bit across the limbs.
pub const fn shr1<const N: usize>(a: &[u64; N]) -> [u64; N] {
    let mut r = [0u64; N];
    let mut i = 0;
    while i < N {
        r[i] = a[i] >> 1;
        if i + 1 < N {
            r[i] |= a[i + 1] << 63;
        }
        i += 1;
    }
    r
}

/// a >> k, as k shifts by one bit (compile-time use).
pub const fn shr<const N: usize>(a: &[u64; N], k: u32) -> [u64; N] {
    let mut r = *a;
    let mut i = 0;
    while i < k {
        r = shr1(&r);
        i += 1;
    }
    r
}

/// A signed big integer literal, `-0xd201000000010000` or `4965661367192848881`, parsed at compile
/// time into (is_negative, magnitude). Decimal and `0x` hex are accepted.
pub const fn parse_signed<const N: usize>(s: &str) -> (bool, [u64; N]) {
    let b = s.as_bytes();
    let mut i = 0;
    let mut neg = false;
    if b[0] == b'-' {
        neg = true;
        i = 1;
    }
    let mut radix = 10u64;
    if b.len() > i + 1 && b[i] == b'0' && (b[i + 1] == b'x' || b[i + 1] == b'X') {
        radix = 16;
        i += 2;
    }
    let mut r = [0u64; N];
    while i < b.len() {
        let c = b[i];
        i += 1;
        if c == b'_' {
            continue;
        }
        let d = match c {
            b'0'..=b'9' => (c - b'0') as u64,
            b'a'..=b'f' => (c - b'a' + 10) as u64,
            b'A'..=b'F' => (c - b'A' + 10) as u64,
            _ => panic!("bad digit in constant"),
        };
        assert!(d < radix, "bad digit in constant");
        let (m, carry) = mul_small(&r, radix);
        assert!(carry == 0, "constant too large");
        let (s, c2) = add(&m, &from_u64(d));
        assert!(c2 == 0, "constant too large");
        r = s;
    }
    (neg, r)
}

/// -p^{-1} mod 2^64 for odd p (Newton iteration), the Montgomery constant.
pub const fn mont_neg_inv(p0: u64) -> u64 {
    let mut inv = 1u64;
    let mut i = 0;
    while i < 6 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(p0.wrapping_mul(inv)));
        i += 1;
    }
    inv.wrapping_neg()
}

/// 2^k mod p for k up to 64*N*2, by doubling (compile-time use only).
pub const fn pow2_mod<const N: usize>(k: u32, p: &[u64; N]) -> [u64; N] {
    let mut r = from_u64::<N>(1);
    let mut i = 0;
    while i < k {
        let (d, carry) = add(&r, &r);
        let (s, borrow) = sub(&d, p);
        r = if carry == 1 || borrow == 0 { s } else { d };
        i += 1;
    }
    r
}

/// The CIOS rows of [`ct::mont_mul`] without the final subtraction: t + t_hi*2^(64N) < 2p.
#[inline(always)]
pub const fn mont_mul_unreduced<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    p: &[u64; N],
    inv: u64,
) -> ([u64; N], u64) {
    let mut t = [0u64; N];
    let mut t_hi = 0u64;
    let mut i = 0;
    while i < N {
        let mut c = 0u64;
        let mut j = 0;
        while j < N {
            let (lo, hi) = mac(t[j], a[i], b[j], c);
            t[j] = lo;
            c = hi;
            j += 1;
        }
        let (s, extra) = adc(t_hi, c, 0);
        let m = t[0].wrapping_mul(inv);
        let (_, mut c) = mac(t[0], m, p[0], 0);
        let mut j = 1;
        while j < N {
            let (lo, hi) = mac(t[j], m, p[j], c);
            t[j - 1] = lo;
            c = hi;
            j += 1;
        }
        let (s2, c2) = adc(s, c, 0);
        t[N - 1] = s2;
        t_hi = extra + c2;
        i += 1;
    }
    (t, t_hi)
}

/// Full product a*b as 2N limbs: (low N limbs, high N limbs). Any a, b < 2^(64N).
#[inline(always)]
pub const fn mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    let mut i = 0;
    while i < N {
        let mut c = 0u64;
        let mut j = 0;
        while j < N {
            let k = i + j;
            let w = if k < N { lo[k] } else { hi[k - N] };
            let (l, h) = mac(w, a[i], b[j], c);
            if k < N {
                lo[k] = l;
            } else {
                hi[k - N] = l;
            }
            c = h;
            j += 1;
        }
        // Word i+N has not been written yet by earlier rows.
        hi[i] = c;
        i += 1;
    }
    (lo, hi)
}

/// The passes of [`ct::mont_reduce_wide`] without the final subtraction: t + t_hi*2^(64N) < 2p.
#[inline(always)]
pub const fn mont_reduce_wide_unreduced<const N: usize>(
    lo: &[u64; N],
    hi: &[u64; N],
    p: &[u64; N],
    inv: u64,
) -> ([u64; N], u64) {
    let mut lo = *lo;
    let mut hi = *hi;
    // Carry into word i+N left by pass i-1 (0 or 1).
    let mut carry = 0u64;
    let mut i = 0;
    while i < N {
        let m = lo[i].wrapping_mul(inv);
        let mut c = 0u64;
        let mut j = 0;
        while j < N {
            let k = i + j;
            let w = if k < N { lo[k] } else { hi[k - N] };
            let (l, h) = mac(w, m, p[j], c);
            if k < N {
                lo[k] = l;
            } else {
                hi[k - N] = l;
            }
            c = h;
            j += 1;
        }
        let (s, c2) = adc(hi[i], c, carry);
        hi[i] = s;
        carry = c2;
        i += 1;
    }
    (hi, carry)
}

/// t + top*2^(64N) minus p * 2^s where that does not go negative, in constant time.
#[inline(always)]
fn cond_sub_p_shifted<const N: usize>(t: &mut [u64; N], top: &mut u64, p: &[u64; N], s: u32) {
    let mut d = [0u64; N];
    let mut borrow = 0u64;
    for i in 0..N {
        let lower = if i == 0 || s == 0 {
            0
        } else {
            p[i - 1] >> (64 - s)
        };
        let (x, bo) = ct::sbb(t[i], (p[i] << s) | lower, borrow);
        d[i] = x;
        borrow = bo;
    }
    let ptop = if s == 0 { 0 } else { p[N - 1] >> (64 - s) };
    let (dtop, bo) = ct::sbb(*top, ptop, borrow);
    // Keep the difference where it did not go negative.
    let keep = ct::barrier(bo.wrapping_sub(1));
    for i in 0..N {
        t[i] = (d[i] & keep) | (t[i] & !keep);
    }
    *top = (dtop & keep) | (*top & !keep);
}

/// Reduces t + top*2^(64N) < k*p (k < 2^16) below p. k < 2^(jmax + 1), so t < 2^(jmax + 1) p
/// and each conditional subtraction of p * 2^s halves the bound. The steps are written out with
/// literal shifts so that p * 2^s folds to constants.
#[inline(always)]
fn reduce_small_multiple<const N: usize>(t: &mut [u64; N], top: u64, k: u64, p: &[u64; N]) {
    let mut top = top;
    let jmax = 63 - k.leading_zeros();
    macro_rules! steps {
        ($($s:literal)*) => { $( if jmax + 1 > $s { cond_sub_p_shifted(t, &mut top, p, $s); } )* };
    }
    steps!(15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0);
}

/// |ka|, |kb| and their sum k, which the reductions below need under 2^16.
#[inline(always)]
fn small_factors(ka: i64, kb: i64) -> (u64, u64, u64) {
    let (ua, ub) = (ka.unsigned_abs(), kb.unsigned_abs());
    let k = ua + ub;
    assert!(
        k < 1 << 16,
        "small linear combination: |ka| + |kb| must be below 2^16"
    );
    (ua, ub, k)
}

/// ua * a + ub * b + carry_in, returning the word above.
#[inline(always)]
fn small_mul_add<const N: usize>(
    a: &[u64; N],
    ua: u64,
    b: &[u64; N],
    ub: u64,
    carry_in: u64,
) -> ([u64; N], u64) {
    let mut t = [0u64; N];
    let mut c = carry_in;
    for i in 0..N {
        let w = (a[i] as u128) * (ua as u128) + (b[i] as u128) * (ub as u128) + c as u128;
        t[i] = w as u64;
        c = (w >> 64) as u64;
    }
    (t, c)
}

/// floor(x / 2^s) for x < 2^(s+64) (the caller guarantees the bound), read from at most two words.
#[inline(always)]
fn shr_to_word<const N: usize>(x: &[u64; N], s: u32) -> u64 {
    let (w, r) = ((s / 64) as usize, s % 64);
    let lo = if w < N { x[w] >> r } else { 0 };
    let hi = if r != 0 && w + 1 < N {
        x[w + 1] << (64 - r)
    } else {
        0
    };
    lo | hi
}

/// The quotient estimate of [`small_lincomb_mod`]: for t = ua*a + ub*b with a, b <= p and
/// ua + ub < 2^16, q = floor(T m / 2^103) where T = ua*floor(a/2^s) + ub*floor(b/2^s),
/// s = bits(p) - 40 and m = floor(2^127 / (floor(p / 2^(bits(p)-64)) + 1)).
/// Every rounding is down, so q <= t/p; the roundings lose less than (ua+ub) 2^s / p + 2^-40 < 1,
/// so q >= floor(t/p) - 1 and t - q p lies in [0, 2p). With p a compile-time constant, s and m
/// fold to constants (the division included).
#[inline(always)]
fn lincomb_quotient<const N: usize>(
    a: &[u64; N],
    ua: u64,
    b: &[u64; N],
    ub: u64,
    p: &[u64; N],
) -> u64 {
    let bits = bit_length(p);
    let s = bits - 40;
    let ptop = shr_to_word(p, bits - 64);
    let m = ((1u128 << 127) / (ptop as u128 + 1)) as u64;
    let t = ua * shr_to_word(a, s) + ub * shr_to_word(b, s);
    ((t as u128 * m as u128) >> 103) as u64
}

/// t + q * (2^(64N) - p) over N words plus the word above (t = ua*a + ub*b + carry_in, the top
/// word of t minus q): t - q p in N + 1 words, which is in [0, 2p) when q is
/// [`lincomb_quotient`]'s. One pass of word products; the constants fold where p is known.
#[inline(always)]
fn lincomb_minus_qp<const N: usize>(
    a: &[u64; N],
    ua: u64,
    b: &[u64; N],
    ub: u64,
    carry_in: u64,
    q: u64,
    p: &[u64; N],
) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut c = carry_in as u128;
    // 2^(64N) - p word by word: the two's complement of p.
    let mut borrow = 1u64;
    for i in 0..N {
        let (pbar, b2) = (!p[i]).overflowing_add(borrow);
        borrow = b2 as u64;
        let w = (a[i] as u128) * (ua as u128)
            + (b[i] as u128) * (ub as u128)
            + (q as u128) * (pbar as u128)
            + c;
        r[i] = w as u64;
        c = w >> 64;
    }
    // The word above: (carries of t and q*(2^(64N) - p)) - q*2^(64N) / 2^(64N), 0 or 1.
    (r, (c as u64).wrapping_sub(q))
}

/// ka * a + kb * b mod p for reduced a, b and small signed constants (|ka| + |kb| < 2^16), in
/// constant time: a negative factor multiplies p - a; the quotient q of t = |ka| a' + |kb| b' by p
/// is estimated from the top bits ([`lincomb_quotient`], off by at most one), t - q p is formed in
/// one pass of word products ([`lincomb_minus_qp`]), and one conditional subtraction of p
/// finishes. With the constants known at compile time this is a handful of instructions per word
/// (it is how F_p2 multiplies by xi = 9 + u); it replaced one conditional subtraction of p 2^j per
/// bit of |ka| + |kb| (F_p2 times 9 + u on bn254: 53 -> 32 ticks, `tower_cycles xi`; the bn254
/// pairing 5% faster, `pairing_profile`).
#[inline(always)]
pub fn small_lincomb_mod<const N: usize>(
    a: &[u64; N],
    ka: i64,
    b: &[u64; N],
    kb: i64,
    p: &[u64; N],
) -> [u64; N] {
    let (ua, ub, k) = small_factors(ka, kb);
    if k == 0 {
        return [0u64; N];
    }
    let a = if ka < 0 {
        ct::sub_borrow(p, a, 0).0
    } else {
        *a
    };
    let b = if kb < 0 {
        ct::sub_borrow(p, b, 0).0
    } else {
        *b
    };
    if bit_length(p) < 104 {
        // Too short for the 64-bit quotient window: one conditional subtraction per bit of k.
        let (mut t, c) = small_mul_add(&a, ua, &b, ub, 0);
        reduce_small_multiple(&mut t, c, k, p);
        return t;
    }
    let q = lincomb_quotient(&a, ua, &b, ub, p);
    let (mut t, mut top) = lincomb_minus_qp(&a, ua, &b, ub, 0, q, p);
    cond_sub_p_shifted(&mut t, &mut top, p, 0);
    t
}

/// ka * A + kb * B modulo p*2^(64N) for double-width A, B in [0, p*2^(64N)) (given as low and
/// high halves) and small signed constants: [`small_lincomb_mod`] one level up, for multiplying
/// lazily reduced F_p2 values by xi. The low half is the plain sum; the quotient by p*2^(64N)
/// comes from the high halves (the carry out of the low half is within the estimate's slack).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub fn small_lincomb_wide_mod<const N: usize>(
    a: (&[u64; N], &[u64; N]),
    ka: i64,
    b: (&[u64; N], &[u64; N]),
    kb: i64,
    p: &[u64; N],
) -> ([u64; N], [u64; N]) {
    let (ua, ub, k) = small_factors(ka, kb);
    if k == 0 {
        return ([0u64; N], [0u64; N]);
    }
    // p*2^(64N) - x in (0, p*2^(64N)] for a negative factor.
    let neg = |lo: &[u64; N], hi: &[u64; N]| {
        let (l, bw) = ct::sub_borrow(&[0u64; N], lo, 0);
        (l, ct::sub_borrow(p, hi, bw).0)
    };
    let (alo, ahi) = if ka < 0 { neg(a.0, a.1) } else { (*a.0, *a.1) };
    let (blo, bhi) = if kb < 0 { neg(b.0, b.1) } else { (*b.0, *b.1) };
    let (lo, c) = small_mul_add(&alo, ua, &blo, ub, 0);
    if bit_length(p) < 104 {
        let (mut hi, c) = small_mul_add(&ahi, ua, &bhi, ub, c);
        reduce_small_multiple(&mut hi, c, k, p);
        return (lo, hi);
    }
    // The high halves are at most p (p itself only for a negated zero), as small_lincomb_mod needs.
    let q = lincomb_quotient(&ahi, ua, &bhi, ub, p);
    let (mut hi, mut top) = lincomb_minus_qp(&ahi, ua, &bhi, ub, c, q, p);
    cond_sub_p_shifted(&mut hi, &mut top, p, 0);
    (lo, hi)
}

/// Runtime counterparts of the modular helpers above, for field arithmetic. Their masks pass
/// through [`ct::barrier`]: without it LLVM turned the 0/!0 mask of a 6-limb select into a branch
/// on secret data (slower on random inputs, and not constant time). The `const fn` versions stay
/// for compile-time constants, where asm is not allowed.
pub mod ct {
    use super::{mont_mul_unreduced, mont_reduce_wide_unreduced};
    #[cfg(target_arch = "x86_64")]
    use core::arch::x86_64::{_addcarry_u64, _subborrow_u64};

    /// a + b + carry with the carry flag (LLVM's pattern matching of the portable form breaks
    /// down when one operand is a constant such as a word of p).
    #[inline(always)]
    pub fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let mut s = 0;
            let c = _addcarry_u64(carry as u8, a, b, &mut s);
            (s, c as u64)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            super::adc(a, b, carry)
        }
    }

    /// a - b - borrow with the carry flag.
    #[inline(always)]
    pub fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let mut d = 0;
            let c = _subborrow_u64(borrow as u8, a, b, &mut d);
            (d, c as u64)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            super::sbb(a, b, borrow)
        }
    }

    /// a + b + carry_in, returning the carry out.
    #[inline(always)]
    pub fn add_carry<const N: usize>(a: &[u64; N], b: &[u64; N], carry_in: u64) -> ([u64; N], u64) {
        let mut r = [0u64; N];
        let mut c = carry_in;
        for i in 0..N {
            (r[i], c) = adc(a[i], b[i], c);
        }
        (r, c)
    }

    /// a - b - borrow_in, returning the borrow out.
    #[inline(always)]
    pub fn sub_borrow<const N: usize>(
        a: &[u64; N],
        b: &[u64; N],
        borrow_in: u64,
    ) -> ([u64; N], u64) {
        let mut r = [0u64; N];
        let mut c = borrow_in;
        for i in 0..N {
            (r[i], c) = sbb(a[i], b[i], c);
        }
        (r, c)
    }

    /// `x`, opaque to the optimiser (no instruction is emitted).
    #[inline(always)]
    pub fn barrier(x: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            let mut x = x;
            // SAFETY: an empty asm block that only claims to modify a register; no memory access.
            unsafe {
                core::arch::asm!("/* {0} */", inlateout(reg) x, options(pure, nomem, nostack, preserves_flags));
            }
            x
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            core::hint::black_box(x)
        }
    }

    /// `a` where mask = 0, `b` where mask = !0, branch-free (one `cmov` per word on x86-64).
    #[inline(always)]
    pub fn select<const N: usize>(a: &[u64; N], b: &[u64; N], mask: u64) -> [u64; N] {
        #[cfg(target_arch = "x86_64")]
        {
            let mut r = *a;
            for i in 0..N {
                // SAFETY: register-only conditional move; no memory access, no stack.
                unsafe {
                    core::arch::asm!("test {m}, {m}", "cmovnz {r}, {b}", m = in(reg) mask,
                        r = inout(reg) r[i], b = in(reg) b[i], options(pure, nomem, nostack));
                }
            }
            r
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            // The mask goes through the barrier so that the optimiser cannot turn the blend back
            // into a branch on it.
            let m = barrier(mask);
            core::array::from_fn(|i| a[i] ^ ((a[i] ^ b[i]) & m))
        }
    }

    /// p where bit = 1, 0 where bit = 0: one AND per word behind the barrier.
    #[inline(always)]
    fn masked_p<const N: usize>(p: &[u64; N], bit: u64) -> [u64; N] {
        let mask = barrier(0u64.wrapping_sub(bit));
        core::array::from_fn(|i| p[i] & mask)
    }

    /// Given t + t_hi*2^(64N) < 2p, returns it reduced below p.
    #[inline(always)]
    pub fn final_sub<const N: usize>(t: &[u64; N], t_hi: u64, p: &[u64; N]) -> [u64; N] {
        let (d, borrow) = sub_borrow(t, p, 0);
        let (_, keep) = sbb(t_hi, 0, borrow);
        select(&d, t, 0u64.wrapping_sub(keep))
    }

    /// (a + b) mod p for a, b < p.
    #[inline(always)]
    pub fn add_mod<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
        add_mod_carry(a, b, 0, p)
    }

    /// (a + b + carry_in) mod p for a, b < p.
    #[inline(always)]
    pub fn add_mod_carry<const N: usize>(
        a: &[u64; N],
        b: &[u64; N],
        carry_in: u64,
        p: &[u64; N],
    ) -> [u64; N] {
        let (s, carry) = add_carry(a, b, carry_in);
        final_sub(&s, carry, p)
    }

    /// (a - b - borrow_in) mod p for a, b < p.
    #[inline(always)]
    pub fn sub_mod_borrow<const N: usize>(
        a: &[u64; N],
        b: &[u64; N],
        borrow_in: u64,
        p: &[u64; N],
    ) -> [u64; N] {
        let (d, borrow) = sub_borrow(a, b, borrow_in);
        add_carry(&d, &masked_p(p, borrow), 0).0
    }

    /// (a - b) mod p for a, b < p.
    #[inline(always)]
    pub fn sub_mod<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
        sub_mod_borrow(a, b, 0, p)
    }

    /// The Montgomery product a*b/2^(64N) mod p by CIOS, fully reduced (the portable backend's).
    #[inline(always)]
    pub fn mont_mul<const N: usize>(
        a: &[u64; N],
        b: &[u64; N],
        p: &[u64; N],
        inv: u64,
    ) -> [u64; N] {
        let (t, t_hi) = mont_mul_unreduced(a, b, p, inv);
        final_sub(&t, t_hi, p)
    }

    /// Montgomery reduction of T = lo + hi*2^(64N) < p*2^(64N): T/2^(64N) mod p, fully reduced.
    #[inline(always)]
    pub fn mont_reduce_wide<const N: usize>(
        lo: &[u64; N],
        hi: &[u64; N],
        p: &[u64; N],
        inv: u64,
    ) -> [u64; N] {
        let (t, t_hi) = mont_reduce_wide_unreduced(lo, hi, p, inv);
        final_sub(&t, t_hi, p)
    }
}
