//! A probable-prime test for derived curve parameters.

use num_bigint::BigUint;

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
    fn miller_rabin_separates_primes_from_composites() {
        let p = |v: u64| is_probable_prime(&BigUint::from(v));
        assert!(p(2) && p(3) && p(53) && p(59) && p(1_000_000_007) && p(18446744073709551557));
        assert!(!p(0) && !p(1) && !p(4) && !p(561) && !p(3215031751) && !p(1_000_000_007 * 3));
        // 2^127 - 1 is prime, 2^128 + 1 is not.
        assert!(is_probable_prime(&((BigUint::from(1u32) << 127) - 1u32)));
        assert!(!is_probable_prime(&((BigUint::from(1u32) << 128) + 1u32)));
    }
}
