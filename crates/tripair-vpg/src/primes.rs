//! Generic primes of the paper's F_p sizes (160 to 512 bits), derived deterministically: the
//! first prime at or above a fixed pseudo-random odd value with the top bit set (Miller-Rabin with
//! 32 fixed bases; an error probability far below anything measurable here).

use num_bigint::BigUint;
use num_traits::One;

/// The F_p sizes of Tables 3 and 4.
pub const FP_BITS: [usize; 6] = [160, 192, 224, 256, 384, 512];

fn is_probable_prime(n: &BigUint) -> bool {
    let one = BigUint::one();
    let two = &one + &one;
    if n < &two {
        return false;
    }
    for sp in [2u32, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        let sp = BigUint::from(sp);
        if n == &sp {
            return true;
        }
        if (n % &sp) == BigUint::from(0u32) {
            return false;
        }
    }
    let nm1 = n - &one;
    let s = nm1.trailing_zeros().unwrap_or(0);
    let d = &nm1 >> s;
    'base: for k in 0..32u32 {
        let a = BigUint::from(2u32 + 3 * k);
        let mut x = a.modpow(&d, n);
        if x == one || x == nm1 {
            continue;
        }
        for _ in 1..s {
            x = (&x * &x) % n;
            if x == nm1 {
                continue 'base;
            }
        }
        return false;
    }
    true
}

/// The prime of `bits` bits used for the F_p rows: the first prime at or above
/// 2^(bits-1) + (a splitmix64 stream seeded by `bits`, truncated), made odd.
pub fn generic_prime(bits: usize) -> BigUint {
    let mut state = 0x9e37_79b9_7f4a_7c15u64 ^ bits as u64;
    let mut next = || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut words: Vec<u64> = (0..bits.div_ceil(64)).map(|_| next()).collect();
    let top = bits - 64 * (words.len() - 1);
    let last = words.last_mut().expect("at least one word");
    if top < 64 {
        *last &= (1u64 << top) - 1;
    }
    *last |= 1u64 << (top - 1);
    words[0] |= 1;
    let mut p = BigUint::from_slice(
        &words
            .iter()
            .flat_map(|w| [*w as u32, (w >> 32) as u32])
            .collect::<Vec<u32>>(),
    );
    while !is_probable_prime(&p) {
        p += 2u32;
    }
    p
}
