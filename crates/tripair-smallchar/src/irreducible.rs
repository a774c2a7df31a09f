//! Irreducibility proofs for the field polynomials, independent of the field code: plain dense
//! polynomials (one byte or one bit per coefficient) and Rabin's test
//! (Rabin 1980; Ben-Or 1981): f of degree m over F_p is irreducible iff x^(p^m) = x (mod f) and
//! gcd(x^(p^(m/l)) - x, f) = 1 for every prime l dividing m.

/// Prime divisors of m.
fn prime_divisors(mut m: usize) -> Vec<usize> {
    let mut v = Vec::new();
    let mut d = 2;
    while d * d <= m {
        if m.is_multiple_of(d) {
            v.push(d);
            while m.is_multiple_of(d) {
                m /= d;
            }
        }
        d += 1;
    }
    if m > 1 {
        v.push(m);
    }
    v
}

/// Polynomials over F_p (p = 2 or 3) as coefficient vectors, constant term first.
fn trim(a: &mut Vec<u8>) {
    while a.last() == Some(&0) {
        a.pop();
    }
}

fn poly_mod(a: &[u8], f: &[u8], p: u8) -> Vec<u8> {
    let mut r = a.to_vec();
    trim(&mut r);
    let df = f.len() - 1;
    let lead_inv = if f[df] == 1 { 1 } else { 2 }; // 2^-1 = 2 mod 3
                                                   // Only the non-zero coefficients of f matter (the moduli are sparse).
    let nz: Vec<(usize, u8)> = f
        .iter()
        .enumerate()
        .filter(|(_, &c)| c != 0)
        .map(|(i, &c)| (i, c))
        .collect();
    while r.len() > df {
        let d = r.len() - 1;
        let c = (r[d] * lead_inv) % p;
        for &(i, fi) in &nz {
            r[d - df + i] =
                ((r[d - df + i] as u32 + (p as u32 - c as u32) * fi as u32) % p as u32) as u8;
        }
        trim(&mut r);
    }
    r
}

fn poly_gcd(a: &[u8], b: &[u8], p: u8) -> Vec<u8> {
    let mut a = a.to_vec();
    let mut b = b.to_vec();
    trim(&mut a);
    trim(&mut b);
    while !b.is_empty() {
        let r = poly_mod(&a, &b, p);
        a = b;
        b = r;
    }
    a
}

/// x^(p^k) mod f by k applications of the Frobenius map (a(x)^p = a(x^p) over F_p).
fn x_pow_p_k(f: &[u8], p: u8, k: usize) -> Vec<u8> {
    let mut a = vec![0u8, 1u8];
    for _ in 0..k {
        let mut b = vec![0u8; (a.len().max(1) - 1) * p as usize + 1];
        for (i, &c) in a.iter().enumerate() {
            b[i * p as usize] = c;
        }
        a = poly_mod(&b, f, p);
    }
    a
}

/// Rabin's irreducibility test for a monic f over F_p given by its coefficients.
pub fn is_irreducible(f: &[u8], p: u8) -> bool {
    let m = f.len() - 1;
    assert!(m >= 2 && f[m] == 1);
    let x = vec![0u8, 1u8];
    let mut xm = x_pow_p_k(f, p, m);
    trim(&mut xm);
    if xm != x {
        return false;
    }
    for l in prime_divisors(m) {
        let mut t = x_pow_p_k(f, p, m / l);
        t.resize(t.len().max(2), 0);
        t[1] = (t[1] + p - 1) % p; // minus x
        trim(&mut t);
        let g = poly_gcd(f, &t, p);
        if g.len() != 1 {
            return false;
        }
    }
    true
}

/// x^m + a x^k + c over F_3.
pub fn trinomial3_is_irreducible(m: usize, k: usize, a: u8, c: u8) -> bool {
    let mut f = vec![0u8; m + 1];
    f[m] = 1;
    f[k] = a % 3;
    f[0] = c % 3;
    is_irreducible(&f, 3)
}

/// x^m + sum of x^t for t in `terms` + 1 over F_2.
pub fn poly2_is_irreducible(m: usize, terms: &[usize]) -> bool {
    let mut f = vec![0u8; m + 1];
    f[m] = 1;
    f[0] = 1;
    for &t in terms {
        f[t] ^= 1;
    }
    is_irreducible(&f, 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_cases() {
        // x^2 + 1 is irreducible over F_3, x^2 + 2 = (x+1)(x+2) is not; x^2+x+1 over F_2 is.
        assert!(is_irreducible(&[1, 0, 1], 3));
        assert!(!is_irreducible(&[2, 0, 1], 3));
        assert!(is_irreducible(&[1, 1, 1], 2));
        assert!(!is_irreducible(&[1, 0, 1], 2));
        // x^4 + x + 1 irreducible over F_2; x^4 + x^2 + 1 = (x^2+x+1)^2 is not (passes no root test).
        assert!(poly2_is_irreducible(4, &[1]));
        assert!(!poly2_is_irreducible(4, &[2]));
        // x^509 + x^477 + 2 is not irreducible (project notes).
        assert!(!trinomial3_is_irreducible(509, 477, 1, 2));
    }
}
