//! The digit-serial IFMA backend ([`tripair_research::arith::IfmaSerial`]) against the portable
//! backend and a big-integer reference, on the moduli, edge values and random inputs of the
//! library's backend tests (`arith::tests` of `tripair`: the same generators, seeds and counts),
//! where this CPU has AVX-512 IFMA.
//!
//! Montgomery results are checked without a modular inverse: r is the unique value with r < p and
//! r * 2^(64N) = a*b (mod p).

use num_bigint::BigUint;
use num_traits::{One, Zero};
use tripair::arith::{limbs, Backend, Portable};
use tripair_research::arith::IfmaSerial;
use tripair_testkit::TestRng;

fn big<const N: usize>(a: &[u64; N]) -> BigUint {
    let mut r = BigUint::zero();
    for &w in a.iter().rev() {
        r = (r << 64u32) + BigUint::from(w);
    }
    r
}

fn limbs_of<const N: usize>(x: &BigUint) -> [u64; N] {
    let d = x.to_u64_digits();
    assert!(d.len() <= N, "value too wide");
    let mut r = [0u64; N];
    r[..d.len()].copy_from_slice(&d);
    r
}

fn rand_limbs<const N: usize>(rng: &mut TestRng) -> [u64; N] {
    let mut r = [0u64; N];
    for w in r.iter_mut() {
        *w = rng.next_u64();
    }
    r
}

fn hex<const N: usize>(s: &str) -> [u64; N] {
    limbs_of(&BigUint::parse_bytes(s.as_bytes(), 16).unwrap())
}

/// Moduli for N limbs: random full width (top bit set), all-ones top limbs (the carry word of CIOS
/// is needed most there), 1, 2 and 3 spare top bits, 2^(64N)-1, and the real curve moduli of this size.
fn moduli<const N: usize>(rng: &mut TestRng) -> Vec<[u64; N]> {
    let mut v = Vec::new();
    for _ in 0..3 {
        let mut p = rand_limbs::<N>(rng);
        p[0] |= 1;
        p[N - 1] |= 1 << 63;
        v.push(p);
    }
    // Top limb(s) all ones, like 2^256 - 2^32 - 977.
    let mut p = rand_limbs::<N>(rng);
    p[0] |= 1;
    p[N - 1] = u64::MAX;
    p[N - 2] = u64::MAX;
    v.push(p);
    let mut q = [u64::MAX; N];
    q[0] = 0xFFFF_FFFE_FFFF_FC2F; // secp256k1-style low limb
    v.push(q);
    v.push([u64::MAX; N]);
    for spare in 1..=3 {
        let mut p = rand_limbs::<N>(rng);
        p[0] |= 1;
        p[N - 1] = (p[N - 1] | (1 << 63)) >> spare;
        v.push(p);
    }
    // A small top limb (many spare bits).
    let mut p = rand_limbs::<N>(rng);
    p[0] |= 1;
    p[N - 1] = 1;
    v.push(p);
    match N {
        4 => {
            v.push(hex("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47")); // BN254
            v.push(hex("FFFFFFFFFFFCF0CD46E5F25EEE71A49F0CDC65FB12980A82D3292DDBAED33013")); // BN-256 (top bit set)
            v.push(hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F")); // secp256k1
        }
        6 => v.push(hex(
            "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
        )), // BLS12-381
        _ => {}
    }
    v
}

/// Edge inputs below p: 0, 1, 2, p-1, p-2, (p-1)/2, high Hamming weight, runs of zeros and ones.
fn edges<const N: usize>(p: &[u64; N]) -> Vec<[u64; N]> {
    let pb = big(p);
    let one = BigUint::one();
    let mut v: Vec<BigUint> = vec![
        BigUint::zero(),
        one.clone(),
        BigUint::from(2u32),
        &pb - 1u32,
        &pb - 2u32,
        (&pb - 1u32) >> 1u32,
        ((&pb - 1u32) >> 1u32) + 1u32,
    ];
    let all_ones = (BigUint::one() << (64 * N as u32)) - 1u32;
    v.push(&all_ones % &pb);
    // p-1 with its low half cleared / set, alternating words, long runs.
    let patterns: [u64; 6] = [
        0xFFFF_FFFF_0000_0000,
        0x0000_0000_FFFF_FFFF,
        0xAAAA_AAAA_AAAA_AAAA,
        0x5555_5555_5555_5555,
        0xFFFF_FFFF_FFFF_FFFE,
        0x8000_0000_0000_0001,
    ];
    for &pat in &patterns {
        let mut w = [pat; N];
        w[N - 1] = pat >> 3;
        v.push(big(&w) % &pb);
        let mut runs = [0u64; N];
        for (i, x) in runs.iter_mut().enumerate() {
            *x = if i % 2 == 0 { u64::MAX } else { 0 };
        }
        v.push(big(&runs) % &pb);
    }
    let mut ones_low = [0u64; N];
    for x in ones_low.iter_mut().take(N / 2) {
        *x = u64::MAX;
    }
    v.push(big(&ones_low) % &pb);
    v.push(&pb - big(&ones_low) % &pb - 1u32);
    v.iter().map(limbs_of).collect()
}

fn check_mont(name: &str, a: &BigUint, b: &BigUint, p: &BigUint, r: &BigUint, n: usize) {
    let rr = BigUint::one() << (64 * n as u32);
    assert!(
        r < p,
        "{name}: result not reduced: a={a:x} b={b:x} p={p:x} r={r:x}"
    );
    assert_eq!(
        (r * rr) % p,
        (a * b) % p,
        "{name}: wrong product: a={a:x} b={b:x} p={p:x}"
    );
}

/// The digit-serial IFMA backend's wide product, where this CPU runs it.
fn serial_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> Option<([u64; N], [u64; N])> {
    IfmaSerial::available().then(|| IfmaSerial::mul_wide(a, b))
}

/// The digit-serial IFMA backend's Montgomery product and square, where this CPU runs it.
fn serial_mont<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    p: &[u64; N],
    inv: u64,
) -> Option<([u64; N], [u64; N])> {
    IfmaSerial::available().then(|| {
        (
            IfmaSerial::mont_mul(a, b, p, inv),
            IfmaSerial::mont_sqr(a, p, inv),
        )
    })
}

/// Checks one (a, b) pair under p: the serial backend's product, square and wide product equal
/// the portable backend's (which the library's tests check against the reference).
fn check_pair<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N], inv: u64) {
    let (ab, bb, pb) = (big(a), big(b), big(p));
    let port = Portable::mont_mul(a, b, p, inv);
    check_mont("portable mont_mul", &ab, &bb, &pb, &big(&port), N);
    let sq = Portable::mont_sqr(a, p, inv);
    check_mont("portable mont_sqr", &ab, &ab, &pb, &big(&sq), N);
    let (lo, hi) = Portable::mul_wide(a, b);
    if let Some(w) = serial_wide(a, b) {
        assert_eq!(
            w,
            (lo, hi),
            "N={N}: ifma-serial mul_wide != portable: a={ab:x} b={bb:x}"
        );
    }
    if let Some((m, s)) = serial_mont(a, b, p, inv) {
        assert_eq!(
            m, port,
            "N={N}: ifma-serial mont_mul != portable: a={ab:x} b={bb:x} p={pb:x}"
        );
        assert_eq!(
            s, sq,
            "N={N}: ifma-serial mont_sqr != portable: a={ab:x} p={pb:x}"
        );
    }
}

/// The library's `check_n` with the serial backend's checks only; the random draws of its other
/// checks are made too (and dropped), so that every pair is the one the library's test uses.
fn check_n<const N: usize>(seed: u64, random_pairs: usize) {
    let mut rng = TestRng::new(seed);
    // mul_wide on arbitrary (not reduced) operands, including all-ones.
    for k in 0..200 {
        let a: [u64; N] = if k == 0 {
            [u64::MAX; N]
        } else {
            rand_limbs(&mut rng)
        };
        let b: [u64; N] = if k < 2 {
            [u64::MAX; N]
        } else {
            rand_limbs(&mut rng)
        };
        let (lo, hi) = Portable::mul_wide(&a, &b);
        // The wide product takes any N-limb operands (the tower feeds it unreduced sums).
        if let Some(w) = serial_wide(&a, &b) {
            assert_eq!(
                w,
                (lo, hi),
                "N={N}: ifma-serial mul_wide != portable on unreduced inputs"
            );
        }
    }
    for p in moduli::<N>(&mut rng) {
        let inv = limbs::mont_neg_inv(p[0]);
        let pb = big(&p);
        let e = edges(&p);
        for a in &e {
            for b in &e {
                check_pair(a, b, &p, inv);
            }
        }
        for _ in 0..random_pairs {
            let a: [u64; N] = limbs_of(&(big(&rand_limbs::<N>(&mut rng)) % &pb));
            let b: [u64; N] = limbs_of(&(big(&rand_limbs::<N>(&mut rng)) % &pb));
            check_pair(&a, &b, &p, inv);
            // Random pair against an edge value.
            let k = (rng.next_u64() % e.len() as u64) as usize;
            check_pair(&a, &e[k], &p, inv);
        }
        // The library's reduction inputs and inversion inputs (not used here).
        for _ in 0..random_pairs {
            rand_limbs::<N>(&mut rng);
            rand_limbs::<N>(&mut rng);
        }
        for _ in 0..random_pairs / 10 {
            rand_limbs::<N>(&mut rng);
        }
    }
}

#[test]
fn ifma_serial_agrees_with_portable_and_reference() {
    if IfmaSerial::available() {
        println!("AVX-512 IFMA available: comparing the digit-serial backend against portable");
    } else {
        println!("NOTE: this CPU lacks AVX-512 IFMA: ifma-serial comparisons SKIPPED, portable checked only");
    }
    check_n::<4>(4, 1500);
    check_n::<5>(5, 800);
    check_n::<6>(6, 1500);
    check_n::<7>(7, 800);
    check_n::<8>(8, 500);
    check_n::<9>(9, 500);
    check_n::<10>(10, 800);
}

/// The moduli of [`moduli`] with two spare top bits (p < 2^(64N-2)), where the ADX lazy loops and
/// unreduced factors apply; there is at least one.
fn two_spare_bit_moduli<const N: usize>(rng: &mut TestRng) -> Vec<[u64; N]> {
    let ps: Vec<[u64; N]> = moduli::<N>(rng)
        .into_iter()
        .filter(|p| p[N - 1] >> 62 == 0)
        .collect();
    assert!(!ps.is_empty(), "N={N}: moduli with two spare bits");
    ps
}

/// Factors below 2p where p < 2^(64N-2), as the F_p2 square feeds them (a0 + a1 and a0 - a1 + p):
/// the serial backend's product is still a*b/R mod p, fully reduced.
fn check_unreduced_factors<const N: usize>(seed: u64) {
    let mut rng = TestRng::new(seed);
    for p in two_spare_bit_moduli::<N>(&mut rng) {
        let inv = limbs::mont_neg_inv(p[0]);
        let pb = big(&p);
        // Edges below p, the same plus p, and 2p - 1, p, p + 1.
        let mut vals: Vec<BigUint> = edges(&p).iter().map(big).collect();
        vals.extend(edges(&p).iter().map(|e| big(e) + &pb));
        vals.extend([(&pb << 1u32) - 1u32, pb.clone(), &pb + 1u32]);
        for _ in 0..40 {
            vals.push(big(&rand_limbs::<N>(&mut rng)) % (&pb << 1u32));
        }
        for x in &vals {
            for y in vals.iter().step_by(3) {
                let (a, b): ([u64; N], [u64; N]) = (limbs_of(x), limbs_of(y));
                if let Some((r, _)) = serial_mont(&a, &b, &p, inv) {
                    check_mont("ifma-serial mont_mul, factors < 2p", x, y, &pb, &big(&r), N);
                }
            }
        }
    }
}

#[test]
fn ifma_serial_takes_factors_below_2p_with_two_spare_bits() {
    check_unreduced_factors::<4>(41);
    check_unreduced_factors::<6>(61);
}
