//! Compile-time derivation of p and r from a curve's parameter (`const fn`, so no modulus is typed
//! in by hand). Formulas: BN (Barreto–Naehrig 2005), BLS12 (Barreto–Lynn–Scott 2002).

use crate::arith::limbs::{add, from_u64, mul_small, mul_trunc, sub};

const fn mul_checked<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    let (r, overflow) = mul_trunc(a, b);
    assert!(!overflow, "curve constant overflows its limbs");
    r
}

const fn mul_k<const N: usize>(a: &[u64; N], k: u64) -> [u64; N] {
    let (r, c) = mul_small(a, k);
    assert!(c == 0, "curve constant overflows its limbs");
    r
}

const fn add_k<const N: usize>(a: &[u64; N], k: u64) -> [u64; N] {
    let (r, c) = add(a, &from_u64(k));
    assert!(c == 0);
    r
}

const fn sub_k<const N: usize>(a: &[u64; N], k: u64) -> [u64; N] {
    let (r, b) = sub(a, &from_u64(k));
    assert!(b == 0);
    r
}

/// Evaluates c4 u^4 + c3 u^3 + c2 u^2 + c1 u + 1 by Horner's rule for a signed u = (neg, a),
/// where for negative u the odd coefficients change sign; every intermediate stays positive for
/// the BN polynomials and |u| >= 1.
const fn bn_poly<const N: usize>(neg: bool, a: &[u64; N], c2: u64) -> [u64; N] {
    // ((36a ± 36) a + c2) a ± 6) a + 1
    let mut acc = mul_k(a, 36);
    acc = if neg {
        sub_k(&acc, 36)
    } else {
        add_k(&acc, 36)
    };
    acc = mul_checked(&acc, a);
    acc = add_k(&acc, c2);
    acc = mul_checked(&acc, a);
    acc = if neg { sub_k(&acc, 6) } else { add_k(&acc, 6) };
    acc = mul_checked(&acc, a);
    add_k(&acc, 1)
}

/// BN prime p = 36u^4 + 36u^3 + 24u^2 + 6u + 1.
pub const fn bn_p<const N: usize>(u: (bool, [u64; N])) -> [u64; N] {
    bn_poly(u.0, &u.1, 24)
}

/// BN group order r = 36u^4 + 36u^3 + 18u^2 + 6u + 1.
pub const fn bn_r<const N: usize>(u: (bool, [u64; N])) -> [u64; N] {
    bn_poly(u.0, &u.1, 18)
}

/// BLS12 group order r = u^4 - u^2 + 1 (even in u, so the sign does not matter).
pub const fn bls12_r<const N: usize>(u: (bool, [u64; N])) -> [u64; N] {
    let a2 = mul_checked(&u.1, &u.1);
    let a4 = mul_checked(&a2, &a2);
    add_k(&sub(&a4, &a2).0, 1)
}

/// BLS12 prime p = (u - 1)^2 (u^4 - u^2 + 1) / 3 + u.
pub const fn bls12_p<const N: usize>(u: (bool, [u64; N])) -> [u64; N] {
    let r = bls12_r(u);
    // (u - 1)^2 = (|u| + 1)^2 for negative u, (|u| - 1)^2 otherwise.
    let m = if u.0 { add_k(&u.1, 1) } else { sub_k(&u.1, 1) };
    let m2 = mul_checked(&m, &m);
    let q = crate::arith::limbs::div_small_exact(&mul_checked(&m2, &r), 3);
    if u.0 {
        sub(&q, &u.1).0
    } else {
        add(&q, &u.1).0
    }
}
