//! The digit-serial IFMA backend ([`tripair_research::arith::IfmaSerial`]) against the portable
//! backend and a big-integer reference, on the moduli, edge values and random inputs of the
//! library's backend tests (tripair-tests' `arith`: tripair-testkit's cases, the same seeds and counts),
//! where this CPU has AVX-512 IFMA.
//!
//! Montgomery results are checked without a modular inverse: r is the unique value with r < p and
//! r * 2^(64N) = a*b (mod p).

use tripair::arith::{Backend, Portable};
use tripair_research::arith::IfmaSerial;
use tripair_testkit::limbs::{big, check_mont, limb_cases, unreduced_factor_cases, LimbChecks};

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

/// The library backends' cases (tripair-testkit's `limb_cases`) with the serial backend's checks.
fn check_n<const N: usize>(seed: u64, random_pairs: usize) {
    limb_cases::<N>(
        seed,
        random_pairs,
        LimbChecks {
            // The wide product takes any N-limb operands (the tower feeds it unreduced sums).
            wide: &mut |a, b| {
                if let Some(w) = serial_wide(a, b) {
                    assert_eq!(
                        w,
                        Portable::mul_wide(a, b),
                        "N={N}: ifma-serial mul_wide != portable on unreduced inputs"
                    );
                }
            },
            pair: &mut |a, b, p, inv| check_pair(a, b, p, inv),
            small_ops: &mut |_, _, _| {},
            reduce: &mut |_, _, _| {},
        },
    );
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

/// Factors below 2p where p < 2^(64N-2), as the F_p2 square feeds them (a0 + a1 and a0 - a1 + p):
/// the serial backend's product is still a*b/R mod p, fully reduced.
fn check_unreduced_factors<const N: usize>(seed: u64) {
    unreduced_factor_cases::<N>(seed, &mut |x, y, a, b, p, inv| {
        if let Some((r, _)) = serial_mont(a, b, p, inv) {
            let what = "ifma-serial mont_mul, factors < 2p";
            check_mont(what, x, y, &big(p), &big(&r), N);
        }
    });
}

#[test]
fn ifma_serial_takes_factors_below_2p_with_two_spare_bits() {
    check_unreduced_factors::<4>(41);
    check_unreduced_factors::<6>(61);
}
