//! The limb backends against each other and against a big-integer reference, for every N in
//! 4..=10: Montgomery products, squares and reductions, full products, modular additions and the
//! small linear combinations of the towers, on each modulus of `tripair_testkit::limbs::moduli`
//! with its edge values and random values; the inversions (binary GCD and safegcd), squaring runs,
//! windowed powers and the three-product kernel (the digit-serial IFMA backend of
//! `tripair-research` against the same inputs in its own tests). Here at opt-level 1: as the
//! library's unit tests at opt-level 3 these checks were half of its test harness, the last unit
//! of the README build (docs/build-timings.md).
//!
//! Montgomery results are checked without a modular inverse: r is the unique value with r < p and
//! r * 2^(64N) = a*b (mod p).

use num_bigint::BigUint;
use num_traits::{One, Zero};
use tripair::arith::{limbs, Backend, Portable};
use tripair_testkit::limbs::{
    big, check_mont, edges, hex, limb_cases, limbs_of, moduli, rand_limbs, two_spare_bit_moduli,
    unreduced_factor_cases, LimbChecks,
};
use tripair_testkit::TestRng;

#[cfg(target_arch = "x86_64")]
use tripair::arith::Adx;

fn adx_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        Adx::available()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

fn adx_mul<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N], inv: u64) -> Option<[u64; N]> {
    #[cfg(target_arch = "x86_64")]
    {
        adx_available().then(|| Adx::mont_mul(a, b, p, inv))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (a, b, p, inv);
        None
    }
}

fn adx_sqr<const N: usize>(a: &[u64; N], p: &[u64; N], inv: u64) -> Option<[u64; N]> {
    #[cfg(target_arch = "x86_64")]
    {
        adx_available().then(|| Adx::mont_sqr(a, p, inv))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (a, p, inv);
        None
    }
}

fn adx_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> Option<([u64; N], [u64; N])> {
    #[cfg(target_arch = "x86_64")]
    {
        adx_available().then(|| Adx::mul_wide(a, b))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (a, b);
        None
    }
}

fn adx_reduce<const N: usize>(
    lo: &[u64; N],
    hi: &[u64; N],
    p: &[u64; N],
    inv: u64,
) -> Option<[u64; N]> {
    #[cfg(target_arch = "x86_64")]
    {
        adx_available().then(|| Adx::mont_reduce_wide(lo, hi, p, inv))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (lo, hi, p, inv);
        None
    }
}

/// Checks one (a, b) pair under p with every operation; returns nothing, panics on a mismatch.
fn check_pair<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N], inv: u64) {
    let (ab, bb, pb) = (big(a), big(b), big(p));
    let port = Portable::mont_mul(a, b, p, inv);
    check_mont("portable mont_mul", &ab, &bb, &pb, &big(&port), N);
    if let Some(x) = adx_mul(a, b, p, inv) {
        assert_eq!(
            x, port,
            "N={N}: adx mont_mul != portable: a={ab:x} b={bb:x} p={pb:x}"
        );
    }
    let sq = Portable::mont_sqr(a, p, inv);
    check_mont("portable mont_sqr", &ab, &ab, &pb, &big(&sq), N);
    if let Some(x) = adx_sqr(a, p, inv) {
        assert_eq!(x, sq, "N={N}: adx mont_sqr != portable: a={ab:x} p={pb:x}");
    }
    // Full product, then reduction of it (a*b < p^2 < p*R).
    let (lo, hi) = Portable::mul_wide(a, b);
    let prod = &ab * &bb;
    assert_eq!(
        big(&lo) + (big(&hi) << (64 * N as u32)),
        prod,
        "N={N}: portable mul_wide"
    );
    if let Some(w) = adx_wide(a, b) {
        assert_eq!(
            w,
            (lo, hi),
            "N={N}: adx mul_wide != portable: a={ab:x} b={bb:x}"
        );
    }
    let red = Portable::mont_reduce_wide(&lo, &hi, p, inv);
    assert_eq!(
        red, port,
        "N={N}: portable mont_reduce_wide(a*b) != mont_mul"
    );
    if let Some(x) = adx_reduce(&lo, &hi, p, inv) {
        assert_eq!(
            x, port,
            "N={N}: adx mont_reduce_wide(a*b) != mont_mul: a={ab:x} b={bb:x} p={pb:x}"
        );
    }
}

/// Reduction of arbitrary T < p*R (not only products), including the extremes.
fn check_reduce<const N: usize>(t: &BigUint, p: &[u64; N], inv: u64) {
    let mask = (BigUint::one() << (64 * N as u32)) - 1u32;
    let lo: [u64; N] = limbs_of(&(t & &mask));
    let hi: [u64; N] = limbs_of(&(t >> (64 * N as u32)));
    let r = Portable::mont_reduce_wide(&lo, &hi, p, inv);
    let pb = big(p);
    let rb = big(&r);
    assert!(
        rb < pb,
        "N={N}: portable mont_reduce_wide not reduced: t={t:x} p={pb:x}"
    );
    assert_eq!(
        (&rb << (64 * N as u32)) % &pb,
        t % &pb,
        "N={N}: portable mont_reduce_wide: t={t:x} p={pb:x}"
    );
    if let Some(x) = adx_reduce(&lo, &hi, p, inv) {
        assert_eq!(
            x, r,
            "N={N}: adx mont_reduce_wide != portable: t={t:x} p={pb:x}"
        );
    }
}

/// Modular add/sub (the branch-free runtime versions) and ka*a + kb*b for the small signed
/// constants the towers use (xi = 9 + u, beta = -2, ...) against the big-integer reference.
fn check_small_ops<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N]) {
    let (ab, bb, pb) = (big(a), big(b), big(p));
    assert_eq!(
        big(&limbs::ct::add_mod(a, b, p)),
        (&ab + &bb) % &pb,
        "N={N}: add_mod"
    );
    assert_eq!(
        big(&limbs::ct::sub_mod(a, b, p)),
        (&ab + &pb - &bb) % &pb,
        "N={N}: sub_mod"
    );
    for (ka, kb) in [
        (9i64, -1i64),
        (9, 1),
        (1, 1),
        (-1, -1),
        (-1, 2),
        (2, -1),
        (5, 0),
        (0, 3),
        (0, 0),
        (-3, -7),
        (255, 256),
        (1 << 14, -(1 << 14) + 1),
    ] {
        let lift = |x: &BigUint, k: i64| -> BigUint {
            let m = (x * BigUint::from(k.unsigned_abs())) % &pb;
            if k < 0 {
                (&pb - m) % &pb
            } else {
                m
            }
        };
        let want = (lift(&ab, ka) + lift(&bb, kb)) % &pb;
        assert_eq!(
            big(&limbs::small_lincomb_mod(a, ka, b, kb, p)),
            want,
            "N={N}: {ka}*a + {kb}*b"
        );
        // One level up, modulo p*2^(64N): high halves a, b (below p), low halves b, a and the
        // extremes 0 and all ones.
        let shift = 64 * N as u32;
        let pw = &pb << shift;
        for (alo, blo) in [
            (*b, *a),
            ([0u64; N], [u64::MAX; N]),
            ([u64::MAX; N], [0u64; N]),
        ] {
            let (aw, bw) = (big(&alo) + (&ab << shift), big(&blo) + (&bb << shift));
            let liftw = |x: &BigUint, k: i64| -> BigUint {
                let m = (x * BigUint::from(k.unsigned_abs())) % &pw;
                if k < 0 {
                    (&pw - m) % &pw
                } else {
                    m
                }
            };
            let (lo, hi) = limbs::small_lincomb_wide_mod((&alo, a), ka, (&blo, b), kb, p);
            assert_eq!(
                big(&lo) + (big(&hi) << shift),
                (liftw(&aw, ka) + liftw(&bw, kb)) % &pw,
                "N={N}: {ka}*A + {kb}*B modulo p*2^(64N)"
            );
        }
    }
}

fn check_n<const N: usize>(seed: u64, random_pairs: usize) {
    limb_cases::<N>(
        seed,
        random_pairs,
        LimbChecks {
            wide: &mut |a, b| {
                let (lo, hi) = Portable::mul_wide(a, b);
                assert_eq!(
                    big(&lo) + (big(&hi) << (64 * N as u32)),
                    big(a) * big(b),
                    "N={N}: portable mul_wide"
                );
                if let Some(w) = adx_wide(a, b) {
                    assert_eq!(
                        w,
                        (lo, hi),
                        "N={N}: adx mul_wide != portable on unreduced inputs"
                    );
                }
            },
            pair: &mut |a, b, p, inv| {
                assert_eq!(inv, limbs::mont_neg_inv(p[0]), "N={N}: -p^-1 mod 2^64");
                check_pair(a, b, p, inv)
            },
            small_ops: &mut |a, b, p| check_small_ops(a, b, p),
            reduce: &mut |t, p, inv| check_reduce(t, p, inv),
        },
    );
}

/// The backends against the reference, one test per limb count (so that the test harness's
/// threads share them: together they are most of this crate's test time).
macro_rules! backends_agree_with_reference {
    ($($name:ident: $n:literal, $pairs:literal;)*) => {$(
        #[test]
        fn $name() {
            if adx_available() {
                println!("ADX backend available: comparing ADX against portable and the reference");
            } else {
                println!("NOTE: this CPU lacks ADX/BMI2 (or is not x86-64): ADX comparisons SKIPPED, portable checked only");
            }
            check_n::<$n>($n, $pairs);
        }
    )*};
}

backends_agree_with_reference! {
    backends_agree_with_reference_4: 4, 1500;
    backends_agree_with_reference_5: 5, 800;
    backends_agree_with_reference_6: 6, 1500;
    backends_agree_with_reference_7: 7, 800;
    backends_agree_with_reference_8: 8, 500;
    backends_agree_with_reference_9: 9, 500;
    backends_agree_with_reference_10: 10, 800;
}

/// The inverse of x modulo p, or None where there is none: `candidate` where x candidate = 1 and
/// candidate < p (the inverse is unique), num-bigint's `modinv` otherwise (an extended Euclid on
/// signed big integers: it took about two thirds of the `inverse_vartime_against_reference`
/// tests' time when it ran for every input; now it settles only the inputs that fail the product
/// check).
fn reference_inverse(x: &BigUint, candidate: &BigUint, p: &BigUint) -> Option<BigUint> {
    if candidate < p && (x * candidate) % p == BigUint::one() {
        Some(candidate.clone())
    } else {
        x.modinv(p)
    }
}

/// The constant-time inverse (binary GCD) and the variable-time one (safegcd) of x against
/// [`reference_inverse`] and each other, wherever x is invertible modulo the (not necessarily
/// prime) odd p; 0 maps to 0 in both. Whether x was invertible.
fn check_inverse<const N: usize>(x: &[u64; N], p: &[u64; N]) -> bool {
    let bits = limbs::bit_length(p);
    let ct = tripair::arith::inv_mod_binary_gcd(x, p, bits);
    let vt = tripair::arith::inv_mod_vartime(x, p, bits);
    match reference_inverse(&big(x), &big(&vt), &big(p)) {
        Some(r) => {
            assert_eq!(big(&vt), r, "N={N}: inv_mod_vartime of {x:x?} mod {p:x?}");
            assert_eq!(
                vt, ct,
                "N={N}: inv_mod_vartime != inv_mod for {x:x?} mod {p:x?}"
            );
            true
        }
        None if big(x).is_zero() => {
            assert_eq!(ct, [0u64; N], "N={N}: the inverse of 0 is 0");
            assert_eq!(vt, [0u64; N], "N={N}: the inverse of 0 is 0 (vartime)");
            false
        }
        None => false,
    }
}

/// The inverses of each limb count's edge values and random values modulo
/// `tripair_testkit::limbs::moduli` (the moduli of [`check_n`]'s products).
fn check_inverses<const N: usize>(seed: u64, randoms: usize) {
    let mut rng = TestRng::new(seed);
    for p in moduli::<N>(&mut rng) {
        let pb = big(&p);
        let randoms: Vec<[u64; N]> = (0..randoms)
            .map(|_| limbs_of(&(big(&rand_limbs::<N>(&mut rng)) % &pb)))
            .collect();
        for x in edges(&p).iter().chain(randoms.iter()) {
            check_inverse(x, &p);
        }
    }
}

#[test]
fn inverses_of_edges_and_randoms_4_to_6_limbs() {
    check_inverses::<4>(4, 150);
    check_inverses::<5>(5, 80);
    check_inverses::<6>(6, 150);
}

#[test]
fn inverses_of_edges_and_randoms_7_to_10_limbs() {
    check_inverses::<7>(7, 80);
    check_inverses::<8>(8, 50);
    check_inverses::<9>(9, 50);
    check_inverses::<10>(10, 80);
}

#[test]
fn default_backend_matches_portable() {
    let mut rng = TestRng::new(99);
    let p: [u64; 6] = hex("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab");
    let inv = limbs::mont_neg_inv(p[0]);
    let pb = big(&p);
    println!("detected: {}", tripair::cpu::describe());
    for _ in 0..200 {
        let a: [u64; 6] = limbs_of(&(big(&rand_limbs::<6>(&mut rng)) % &pb));
        let b: [u64; 6] = limbs_of(&(big(&rand_limbs::<6>(&mut rng)) % &pb));
        assert_eq!(
            tripair::arith::DefaultBackend::mont_mul(&a, &b, &p, inv),
            Portable::mont_mul(&a, &b, &p, inv)
        );
        assert_eq!(
            tripair::arith::DefaultBackend::mont_sqr(&a, &p, inv),
            Portable::mont_sqr(&a, &p, inv)
        );
    }
}

/// Edge inputs for the inversions: 1, 2, 3, p-1, p-2, (p-1)/2, (p+1)/2, every power of two below p
/// with its neighbours 2^k + 1 and p - 2^k (long runs of zero or one bits), two-bit values
/// 2^a + 2^b (runs of zeros in the middle), and the patterns of [`edges`].
fn inverse_edges<const N: usize>(p: &[u64; N]) -> Vec<[u64; N]> {
    let pb = big(p);
    let bits = pb.bits();
    let mut v: Vec<BigUint> = vec![
        BigUint::one(),
        BigUint::from(2u32),
        BigUint::from(3u32),
        &pb - 1u32,
        &pb - 2u32,
        (&pb - 1u32) >> 1u32,
        (&pb + 1u32) >> 1u32,
    ];
    for k in 0..bits {
        let t = BigUint::one() << k;
        v.push(&t % &pb);
        v.push((&t + 1u32) % &pb);
        v.push((&pb - &t % &pb) % &pb);
    }
    for a in (0..bits).step_by(7) {
        for b in (0..a).step_by(11) {
            v.push(((BigUint::one() << a) + (BigUint::one() << b)) % &pb);
        }
    }
    let mut out: Vec<[u64; N]> = v.iter().map(limbs_of).collect();
    if N >= 2 {
        out.extend(edges(p));
    }
    out
}

/// The variable-time inversion against num-bigint's modular inverse and against the constant-time
/// one, for odd moduli of N limbs (prime or not: non-invertible inputs are skipped), on
/// [`inverse_edges`] and `randoms` random values.
fn check_inverse_vartime<const N: usize>(p: &[u64; N], rng: &mut TestRng, randoms: usize) {
    assert!(p[0] & 1 == 1, "odd moduli only");
    let pb = big(p);
    let mut xs = inverse_edges(p);
    for k in 0..randoms {
        let mut x = rand_limbs::<N>(rng);
        // Every third random value gets long runs of zero bits: whole zero words, or a window
        // of zeros at a random place.
        if k % 3 == 1 {
            for w in x.iter_mut() {
                if rng.next_u64() & 1 == 0 {
                    *w = 0;
                }
            }
        } else if k % 3 == 2 {
            let at = (rng.next_u64() % (64 * N as u64)) as usize;
            let len = (rng.next_u64() % 200) as usize;
            for b in at..(at + len).min(64 * N) {
                x[b / 64] &= !(1u64 << (b % 64));
            }
        }
        xs.push(limbs_of(&(big(&x) % &pb)));
    }
    let checked = xs.iter().filter(|x| check_inverse(x, p)).count();
    // 2^(64N) - 1 has many small factors; elsewhere nearly every input is invertible.
    if *p != [u64::MAX; N] {
        assert!(
            checked > xs.len() / 2,
            "N={N}: too few invertible inputs for {p:x?}"
        );
    }
}

/// Odd moduli of N limbs for the inversion tests: random full-width ones, ones with spare top bits,
/// 2^(64N) - 1 (not prime: many inputs are not invertible), and the given primes.
fn inverse_moduli<const N: usize>(rng: &mut TestRng, primes: &[&str]) -> Vec<[u64; N]> {
    let mut v: Vec<[u64; N]> = primes.iter().map(|s| hex(s)).collect();
    for spare in [0, 1, 2, 5, 33] {
        let mut p = rand_limbs::<N>(rng);
        p[N - 1] = (p[N - 1] | (1 << 63)) >> spare;
        p[0] |= 1;
        v.push(p);
    }
    v.push([u64::MAX; N]);
    v
}

fn field_modulus<F: tripair::field::FpParams>() -> String {
    let mut s = String::new();
    for w in F::MODULUS.as_ref().iter().rev() {
        s.push_str(&format!("{w:016x}"));
    }
    s
}

// The variable-time inversion against the reference, in five tests by limb count so that the
// test harness's threads share them.

#[test]
fn inverse_vartime_against_reference_1_to_3_limbs() {
    let mut rng = TestRng::new(0x1a7e);
    // 1 limb: small and word-sized primes.
    for p in inverse_moduli::<1>(
        &mut rng,
        &[
            "3",
            "5",
            "d",
            "10001",
            "1fffffffffffffff",
            "ffffffffffffffc5",
        ],
    ) {
        check_inverse_vartime(&p, &mut rng, 300);
    }
    for p in inverse_moduli::<2>(&mut rng, &["7fffffffffffffffffffffffffffffff"]) {
        check_inverse_vartime(&p, &mut rng, 300);
    }
    for p in inverse_moduli::<3>(&mut rng, &[]) {
        check_inverse_vartime(&p, &mut rng, 200);
    }
}

#[test]
fn inverse_vartime_against_reference_4_limbs() {
    use tripair::curve::curves::*;
    let mut rng = TestRng::new(0x1a7f);
    let p4 = [
        field_modulus::<Bn254Fq>(),
        field_modulus::<Bn254Fr>(),
        field_modulus::<Bn254nFq>(),
        field_modulus::<Bn256dFq>(),
        field_modulus::<DclxviFq>(),
        field_modulus::<Bls12_381Fr>(),
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F".to_string(),
    ];
    let p4: Vec<&str> = p4.iter().map(|s| s.as_str()).collect();
    for p in inverse_moduli::<4>(&mut rng, &p4) {
        check_inverse_vartime(&p, &mut rng, 300);
    }
}

#[test]
fn inverse_vartime_against_reference_6_and_7_limbs() {
    use tripair::curve::curves::*;
    let mut rng = TestRng::new(0x1a80);
    let p6 = field_modulus::<Bls12_381Fq>();
    for p in inverse_moduli::<6>(&mut rng, &[&p6]) {
        check_inverse_vartime(&p, &mut rng, 300);
    }
    let p7 = field_modulus::<Bn446Fq>();
    for p in inverse_moduli::<7>(&mut rng, &[&p7]) {
        check_inverse_vartime(&p, &mut rng, 100);
    }
}

#[test]
fn inverse_vartime_against_reference_10_limbs() {
    use tripair::curve::curves::*;
    let mut rng = TestRng::new(0x1a81);
    let p10 = [field_modulus::<Bn638Fq>(), field_modulus::<Bn638Fr>()];
    for p in inverse_moduli::<10>(&mut rng, &[&p10[0], &p10[1]]) {
        check_inverse_vartime(&p, &mut rng, 200);
    }
}

#[test]
fn inverse_vartime_against_reference_16_limbs() {
    let mut rng = TestRng::new(0x1a82);
    for p in inverse_moduli::<16>(&mut rng, &[]) {
        check_inverse_vartime(&p, &mut rng, 50);
    }
}

/// Chains of Montgomery squarings: the ADX chain (no final subtraction between squares, one at
/// the end) equals the portable chain, for moduli with two spare bits, factors below p and up to
/// 2p - 1 (the chain's own range between squares), and chains of 1 to 70 squarings.
fn check_sqr_n<const N: usize>(seed: u64) {
    let mut rng = TestRng::new(seed);
    for p in two_spare_bit_moduli::<N>(&mut rng) {
        let inv = limbs::mont_neg_inv(p[0]);
        let pb = big(&p);
        let mut xs = edges(&p);
        xs.extend((0..10).map(|_| limbs_of(&(big(&rand_limbs::<N>(&mut rng)) % (&pb << 1u32)))));
        xs.push(limbs_of(&((&pb << 1u32) - 1u32)));
        for (k, x) in xs.iter().enumerate() {
            let n = [1u32, 2, 3, 5, 17, 70][k % 6];
            let reference = Portable::mont_sqr_n(&limbs_of(&(big(x) % &pb)), n, &p, inv);
            assert!(big(&reference) < pb, "N={N}: portable chain reduced");
            #[cfg(target_arch = "x86_64")]
            if adx_available() {
                assert_eq!(
                    Adx::mont_sqr_n(x, n, &p, inv),
                    reference,
                    "N={N}: adx chain of {n} from {x:x?} mod {p:x?}"
                );
            }
        }
    }
}

#[test]
fn sqr_n_backends_agree() {
    check_sqr_n::<4>(44);
    check_sqr_n::<6>(66);
}

/// Powers by a window schedule, one base and two: the ADX forms (below 2p from the first square
/// to the last product, lazy squares and products) equal the portable ones (reduced after every
/// operation), for moduli with two spare bits, bases including 0, 1 and p - 1, and the
/// sliding-window schedules of random exponents of one to six limbs.
fn check_pow_windows<const N: usize>(seed: u64) {
    let mut rng = TestRng::new(seed);
    for p in two_spare_bit_moduli::<N>(&mut rng) {
        let inv = limbs::mont_neg_inv(p[0]);
        let pb = big(&p);
        let mut bases = edges(&p);
        bases.retain(|x| big(x) < pb);
        bases.extend((0..6).map(|_| limbs_of(&(big(&rand_limbs::<N>(&mut rng)) % &pb))));
        for (k, x) in bases.iter().enumerate() {
            let y = &bases[(k * 3 + 1) % bases.len()];
            let width = 3 + k % 3;
            // Odd powers base^1, base^3, ..., base^(2^width - 1) in the Montgomery domain.
            let table = |b: &[u64; N]| {
                let b2 = Portable::mont_mul(b, b, &p, inv);
                let mut t = vec![*b; 1 << (width - 1)];
                for i in 1..t.len() {
                    t[i] = Portable::mont_mul(&t[i - 1], &b2, &p, inv);
                }
                t
            };
            let (ta, tb) = (table(x), table(y));
            let e: Vec<u64> = (0..1 + k % 6).map(|_| rng.next_u64()).collect();
            let Some((first, steps)) = tripair::field::window_schedule(&e, width) else {
                continue;
            };
            let reference =
                Portable::mont_pow_windows_x2([&ta[..], &tb[..]], first, &steps, &p, inv);
            assert!(big(&reference.0) < pb && big(&reference.1) < pb);
            let single = Portable::mont_pow_windows(&ta, first, &steps, &p, inv);
            assert_eq!(single, reference.0, "N={N}: one base and the pair agree");
            #[cfg(target_arch = "x86_64")]
            if adx_available() {
                assert_eq!(
                    Adx::mont_pow_windows_x2([&ta[..], &tb[..]], first, &steps, &p, inv),
                    reference,
                    "N={N}: bases {x:x?}, {y:x?}, exponent {e:x?} mod {p:x?}"
                );
                assert_eq!(
                    Adx::mont_pow_windows(&ta, first, &steps, &p, inv),
                    single,
                    "N={N}: base {x:x?}, exponent {e:x?} mod {p:x?}"
                );
            }
        }
    }
}

#[test]
fn pow_windows_backends_agree() {
    check_pow_windows::<4>(45);
    check_pow_windows::<6>(67);
}

/// Factors below 2p where p < 2^(64N-2), as the F_p2 square feeds them (a0 + a1 and a0 - a1 + p):
/// every backend's product is still a*b/R mod p, fully reduced.
fn check_unreduced_factors<const N: usize>(seed: u64) {
    unreduced_factor_cases::<N>(seed, &mut |x, y, a, b, p, inv| {
        let pb = big(p);
        let r = Portable::mont_mul(a, b, p, inv);
        check_mont("portable mont_mul, factors < 2p", x, y, &pb, &big(&r), N);
        if let Some(r) = adx_mul(a, b, p, inv) {
            check_mont("adx mont_mul, factors < 2p", x, y, &pb, &big(&r), N);
        }
    });
}

#[test]
fn mont_mul_takes_factors_below_2p_with_two_spare_bits() {
    check_unreduced_factors::<4>(41);
    check_unreduced_factors::<6>(61);
}

/// [`Backend::mul_wide_3`] against the big-integer products, for factors below p where p has
/// two spare bits and below 2p where it has three (the F_p2 Karatsuba product's factors, its sums
/// included). Only ADX with N = 4 has the form; every other backend and size answers `None`.
#[cfg(target_arch = "x86_64")]
fn check_mul_wide_3<const N: usize>(seed: u64) -> usize {
    let mut rng = TestRng::new(seed);
    let mut checked = 0;
    for p in two_spare_bit_moduli::<N>(&mut rng) {
        let pb = big(&p);
        let bound = if p[N - 1] >> 61 == 0 {
            &pb << 1u32
        } else {
            pb.clone()
        };
        let mut vals: Vec<BigUint> = edges(&p).iter().map(big).filter(|v| v < &bound).collect();
        vals.push(&bound - 1u32);
        vals.extend((0..12).map(|_| big(&rand_limbs::<N>(&mut rng)) % &bound));
        for (k, a0) in vals.iter().enumerate() {
            let (a1, b0, b1) = (
                &vals[(k * 7 + 1) % vals.len()],
                &vals[(k * 5 + 2) % vals.len()],
                &vals[(k * 3 + 3) % vals.len()],
            );
            // The Karatsuba sums, as the tower forms them (they fit in N words).
            let (sa, sb) = (a0 + a1, b0 + b1);
            let factors = [(a0, b0), (a1, b1), (&sa, &sb)];
            let limbs: Vec<([u64; N], [u64; N])> = factors
                .iter()
                .map(|(x, y)| (limbs_of(x), limbs_of(y)))
                .collect();
            let pairs = [0, 1, 2].map(|i| [&limbs[i].0, &limbs[i].1]);
            assert!(Portable::mul_wide_3(pairs).is_none());
            let fused = Adx::mul_wide_3(pairs);
            if N != 4 || !adx_available() {
                assert!(fused.is_none(), "N={N}: no fused form expected");
                continue;
            }
            let w = fused.expect("ADX with N = 4 has the fused form");
            for (i, (x, y)) in factors.iter().enumerate() {
                let got = big(&w[2 * i]) + (big(&w[2 * i + 1]) << (64 * N as u32));
                assert_eq!(got, *x * *y, "product {i} of N={N}: {x:x} * {y:x}");
            }
            checked += 1;
        }
    }
    checked
}

#[cfg(target_arch = "x86_64")]
#[test]
fn mul_wide_3_agrees_with_reference() {
    let checked = check_mul_wide_3::<4>(46);
    assert!(checked > 0 || !adx_available());
    assert_eq!(check_mul_wide_3::<6>(68), 0);
}
