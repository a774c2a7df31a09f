//! Small helpers shared by every layer: hex text and a probable-prime test for derived parameters.

use crate::error::{Error, Result};
use num_bigint::BigUint;

/// Decodes hex text (upper or lower case, no prefix, even length).
pub fn hex_decode(s: &str) -> Result<Vec<u8>> {
    let b = s.as_bytes();
    if !b.len().is_multiple_of(2) {
        return Err(Error::NotHex);
    }
    fn nibble(c: u8) -> Result<u8> {
        match c {
            b'0'..=b'9' => Ok(c - b'0'),
            b'a'..=b'f' => Ok(c - b'a' + 10),
            b'A'..=b'F' => Ok(c - b'A' + 10),
            _ => Err(Error::NotHex),
        }
    }
    b.chunks(2)
        .map(|p| Ok(nibble(p[0])? << 4 | nibble(p[1])?))
        .collect()
}

/// Encodes bytes as lower-case hex.
pub fn hex_encode(bytes: &[u8]) -> String {
    const D: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for &x in bytes {
        s.push(D[(x >> 4) as usize] as char);
        s.push(D[(x & 15) as usize] as char);
    }
    s
}

/// Miller–Rabin with the first 16 prime bases, after trial division by them: used to check derived
/// curve parameters (p, r), which are public. Deterministic for n < 3.3e24 and a probable-prime
/// test beyond.
pub fn is_probable_prime(n: &BigUint) -> bool {
    const BASES: [u32; 16] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53];
    let one = BigUint::from(1u32);
    let two = BigUint::from(2u32);
    if *n < two {
        return false;
    }
    for p in BASES {
        if (n % p) == BigUint::from(0u32) {
            return *n == BigUint::from(p);
        }
    }
    let nm1 = n - &one;
    let s = nm1.trailing_zeros().expect("n > 2");
    let d = &nm1 >> s;
    'witness: for a in BASES {
        let mut x = BigUint::from(a).modpow(&d, n);
        if x == one || x == nm1 {
            continue;
        }
        for _ in 1..s {
            x = x.modpow(&two, n);
            if x == nm1 {
                continue 'witness;
            }
        }
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trip_and_rejects() {
        assert_eq!(hex_decode("00ff10Ab").unwrap(), vec![0, 255, 16, 0xab]);
        assert_eq!(hex_encode(&[0, 255, 16, 0xab]), "00ff10ab");
        assert_eq!(hex_decode("abc"), Err(Error::NotHex));
        assert_eq!(hex_decode("zz"), Err(Error::NotHex));
    }

    #[test]
    fn miller_rabin_separates_primes_from_composites() {
        let p = |v: u64| is_probable_prime(&BigUint::from(v));
        assert!(p(2) && p(3) && p(53) && p(59) && p(1_000_000_007) && p(18446744073709551557));
        assert!(!p(0) && !p(1) && !p(4) && !p(561) && !p(3215031751) && !p(1_000_000_007 * 3));
        // 2^127 - 1 is prime, 2^128 + 1 is not.
        assert!(is_probable_prime(&((BigUint::from(1u32) << 127) - 1u32)));
        assert!(!is_probable_prime(&((BigUint::from(1u32) << 128) + 1u32)));
    }
}
