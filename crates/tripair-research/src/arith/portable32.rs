//! Row A32 of Grabher–Großschädl–Page's table: portable Montgomery arithmetic on 32-bit digits
//! (32 x 32 -> 64-bit products), as their implementation A ran on a 32-bit Core 2 Duo, beside the
//! library's 64-bit digits (row A). The same R = 2^(64N) as every backend, so the same results:
//! a u64 limb is two digits, low first.

use tripair::arith::limbs::ct::final_sub;
use tripair::arith::Backend;

/// The most 32-bit digits of a modulus here (2N for the library's largest N, bn638's 10 limbs,
/// with room to spare).
const MAX_DIGITS: usize = 24;

/// Montgomery arithmetic on 32-bit digits (Koç–Acar–Kaliski 1996, CIOS), portable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Portable32;

/// The 2N digits of N limbs, low first, in a buffer of [`MAX_DIGITS`] (a larger N does not
/// compile).
#[inline(always)]
fn digits<const N: usize>(a: &[u64; N]) -> [u32; MAX_DIGITS] {
    const {
        assert!(
            2 * N <= MAX_DIGITS,
            "Portable32 takes moduli of at most 12 limbs"
        )
    };
    let mut d = [0u32; MAX_DIGITS];
    for (i, &w) in a.iter().enumerate() {
        d[2 * i] = w as u32;
        d[2 * i + 1] = (w >> 32) as u32;
    }
    d
}

/// N limbs from 2N digits starting at `at`.
#[inline(always)]
fn limbs<const N: usize>(d: &[u32], at: usize) -> [u64; N] {
    core::array::from_fn(|i| u64::from(d[at + 2 * i]) | (u64::from(d[at + 2 * i + 1]) << 32))
}

impl Backend for Portable32 {
    const NAME: &'static str = "portable-32";
    type Route = tripair::arith::route::Generic;
    fn available() -> bool {
        true
    }

    /// CIOS: per digit of b, t += a b_i, then t += m p with m = t_0 (-p^-1) mod 2^32 and one
    /// digit shifted out. For a, b < 2p with p < R/4 (the tower's unreduced factors) or a, b < p,
    /// t stays below 2p, so one subtraction reduces it fully.
    #[inline(always)]
    fn mont_mul<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N], inv: u64) -> [u64; N] {
        let n = 2 * N;
        let (a, b, pd) = (digits(a), digits(b), digits(p));
        let inv = u64::from(inv as u32);
        let mut t = [0u32; MAX_DIGITS + 2];
        for &bi in &b[..n] {
            let bi = u64::from(bi);
            let mut c = 0u64;
            for j in 0..n {
                let v = u64::from(t[j]) + u64::from(a[j]) * bi + c;
                t[j] = v as u32;
                c = v >> 32;
            }
            let v = u64::from(t[n]) + c;
            t[n] = v as u32;
            t[n + 1] = (v >> 32) as u32;
            let m = (u64::from(t[0]) * inv) as u32 as u64;
            let mut c = (u64::from(t[0]) + m * u64::from(pd[0])) >> 32;
            for j in 1..n {
                let v = u64::from(t[j]) + m * u64::from(pd[j]) + c;
                t[j - 1] = v as u32;
                c = v >> 32;
            }
            let v = u64::from(t[n]) + c;
            t[n - 1] = v as u32;
            t[n] = t[n + 1] + (v >> 32) as u32;
        }
        // The final subtraction is the library's (on 64-bit words; the same result).
        final_sub(&limbs(&t, 0), u64::from(t[n]), p)
    }

    /// Schoolbook on 32-bit digits, any operands.
    #[inline(always)]
    fn mul_wide_into<const N: usize>(
        a: &[u64; N],
        b: &[u64; N],
        lo: &mut [u64; N],
        hi: &mut [u64; N],
    ) {
        let n = 2 * N;
        let (a, b) = (digits(a), digits(b));
        let mut t = [0u32; 2 * MAX_DIGITS];
        for i in 0..n {
            let bi = u64::from(b[i]);
            let mut c = 0u64;
            for j in 0..n {
                let v = u64::from(t[i + j]) + u64::from(a[j]) * bi + c;
                t[i + j] = v as u32;
                c = v >> 32;
            }
            t[i + n] = c as u32;
        }
        *lo = limbs(&t, 0);
        *hi = limbs(&t, n);
    }

    /// T / 2^(64N) mod p for T = lo + hi 2^(64N) < p 2^(64N): per digit, T += m p 2^(32 i) with m
    /// = T_i (-p^-1) mod 2^32, carries run to the top; the upper half is then below 2p.
    #[inline(always)]
    fn mont_reduce_wide<const N: usize>(
        lo: &[u64; N],
        hi: &[u64; N],
        p: &[u64; N],
        inv: u64,
    ) -> [u64; N] {
        let n = 2 * N;
        let (l, h, pd) = (digits(lo), digits(hi), digits(p));
        let inv = u64::from(inv as u32);
        let mut t = [0u32; 2 * MAX_DIGITS];
        t[..n].copy_from_slice(&l[..n]);
        t[n..2 * n].copy_from_slice(&h[..n]);
        // `top`: the carry out of digit i + n, added into digit i + n + 1 by the next round.
        let mut top = 0u64;
        for i in 0..n {
            let m = (u64::from(t[i]) * inv) as u32 as u64;
            let mut c = 0u64;
            for j in 0..n {
                let v = u64::from(t[i + j]) + m * u64::from(pd[j]) + c;
                t[i + j] = v as u32;
                c = v >> 32;
            }
            let v = u64::from(t[i + n]) + c + top;
            t[i + n] = v as u32;
            top = v >> 32;
        }
        final_sub(&limbs(&t, n), top, p)
    }
}
