//! The limb backends against each other and against a big-integer reference, for every N in
//! 4..=10: Montgomery products, squares and reductions, full products, modular additions and the
//! small linear combinations of the towers, on each modulus of `tripair_testkit::limbs::moduli`
//! with its edge values and random values. The library's unit tests (`arith::tests`) check the
//! inversions on the same inputs. Here at opt-level 1: as unit tests at opt-level 3 these checks
//! were a third of the library's test harness, the last unit of the README build
//! (docs/build-timings.md).
//!
//! Montgomery results are checked without a modular inverse: r is the unique value with r < p and
//! r * 2^(64N) = a*b (mod p).

use num_bigint::BigUint;
use num_traits::{One, Zero};
use tripair::arith::{limbs, Backend, Portable};
use tripair_testkit::limbs::{big, check_mont, edges, limbs_of, moduli, rand_limbs, wide_operands};
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
    let mut rng = TestRng::new(seed);
    // mul_wide on arbitrary (not reduced) operands, including all-ones.
    for (a, b) in wide_operands::<N>(&mut rng, 200) {
        let (lo, hi) = Portable::mul_wide(&a, &b);
        assert_eq!(
            big(&lo) + (big(&hi) << (64 * N as u32)),
            big(&a) * big(&b),
            "N={N}: portable mul_wide"
        );
        if let Some(w) = adx_wide(&a, &b) {
            assert_eq!(
                w,
                (lo, hi),
                "N={N}: adx mul_wide != portable on unreduced inputs"
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
                check_small_ops(a, b, &p);
            }
        }
        for _ in 0..random_pairs {
            let a: [u64; N] = limbs_of(&(big(&rand_limbs::<N>(&mut rng)) % &pb));
            let b: [u64; N] = limbs_of(&(big(&rand_limbs::<N>(&mut rng)) % &pb));
            check_pair(&a, &b, &p, inv);
            // Random pair against an edge value.
            let k = (rng.next_u64() % e.len() as u64) as usize;
            check_pair(&a, &e[k], &p, inv);
            check_small_ops(&a, &b, &p);
        }
        let pr = &pb << (64 * N as u32);
        let mut ts = vec![
            BigUint::zero(),
            BigUint::one(),
            &pr - 1u32,
            &pr - &pb,
            &pr >> 1u32,
            (&pb - 1u32) * (&pb - 1u32),
        ];
        for _ in 0..random_pairs {
            let t = (big(&rand_limbs::<N>(&mut rng)) << (64 * N as u32))
                + big(&rand_limbs::<N>(&mut rng));
            ts.push(t % &pr);
        }
        for t in &ts {
            check_reduce(t, &p, inv);
        }
    }
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
