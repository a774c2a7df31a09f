//! Limb-level test inputs shared by the backend tests of `tripair` (tripair-tests' `arith`) and of
//! `tripair-research` (the digit-serial IFMA backend): conversions to and from big integers, the
//! moduli and edge values every backend is checked on, and the Montgomery check against a
//! big-integer reference. One copy, so that both crates test their backends on the same inputs.

use crate::TestRng;
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// The value of little-endian limbs.
pub fn big<const N: usize>(a: &[u64; N]) -> BigUint {
    let mut r = BigUint::zero();
    for &w in a.iter().rev() {
        r = (r << 64u32) + BigUint::from(w);
    }
    r
}

/// The little-endian limbs of `x` (which must fit N limbs).
pub fn limbs_of<const N: usize>(x: &BigUint) -> [u64; N] {
    let d = x.to_u64_digits();
    assert!(d.len() <= N, "value too wide");
    let mut r = [0u64; N];
    r[..d.len()].copy_from_slice(&d);
    r
}

/// N uniformly random limbs.
pub fn rand_limbs<const N: usize>(rng: &mut TestRng) -> [u64; N] {
    let mut r = [0u64; N];
    for w in r.iter_mut() {
        *w = rng.next_u64();
    }
    r
}

/// `count` operand pairs of a wide product, not reduced: (all ones, all ones), (random, all
/// ones), then random pairs, drawn in that order (the backends' tests compare their wide
/// products on the same pairs).
pub fn wide_operands<const N: usize>(rng: &mut TestRng, count: usize) -> Vec<([u64; N], [u64; N])> {
    (0..count)
        .map(|k| {
            let a = if k == 0 {
                [u64::MAX; N]
            } else {
                rand_limbs(rng)
            };
            let b = if k < 2 {
                [u64::MAX; N]
            } else {
                rand_limbs(rng)
            };
            (a, b)
        })
        .collect()
}

/// The limbs of a hexadecimal constant.
pub fn hex<const N: usize>(s: &str) -> [u64; N] {
    limbs_of(&BigUint::parse_bytes(s.as_bytes(), 16).unwrap())
}

/// Moduli for N limbs: random full width (top bit set), all-ones top limbs (the carry word of CIOS
/// is needed most there), 1, 2 and 3 spare top bits, 2^(64N)-1, and the real curve moduli of this size.
pub fn moduli<const N: usize>(rng: &mut TestRng) -> Vec<[u64; N]> {
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

/// The moduli of [`moduli`] with two spare top bits (p < 2^(64N-2)), where the ADX lazy loops and
/// unreduced factors apply; there is at least one.
pub fn two_spare_bit_moduli<const N: usize>(rng: &mut TestRng) -> Vec<[u64; N]> {
    let ps: Vec<[u64; N]> = moduli::<N>(rng)
        .into_iter()
        .filter(|p| p[N - 1] >> 62 == 0)
        .collect();
    assert!(!ps.is_empty(), "N={N}: moduli with two spare bits");
    ps
}

/// Edge inputs below p: 0, 1, 2, p-1, p-2, (p-1)/2, high Hamming weight, runs of zeros and ones.
pub fn edges<const N: usize>(p: &[u64; N]) -> Vec<[u64; N]> {
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

/// Checks a Montgomery result r of a*b modulo p for N = n limbs: r < p and r * 2^(64n) = a*b
/// (mod p); `name` says which backend and operation in the panic message.
pub fn check_mont(name: &str, a: &BigUint, b: &BigUint, p: &BigUint, r: &BigUint, n: usize) {
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

/// -p0^-1 mod 2^64 for odd p0 (Montgomery's constant), by Newton's iteration x <- x (2 - p0 x),
/// each step doubling the bits that are right (1 from x = 1).
fn neg_inv_mod_2_64(p0: u64) -> u64 {
    let mut x = 1u64;
    for _ in 0..6 {
        x = x.wrapping_mul(2u64.wrapping_sub(p0.wrapping_mul(x)));
    }
    x.wrapping_neg()
}

/// A check of a pair below p: (a, b, p, -p^-1 mod 2^64).
pub type PairCheck<'a, const N: usize> = &'a mut dyn FnMut(&[u64; N], &[u64; N], &[u64; N], u64);
/// A check of a pair below p without the Montgomery constant: (a, b, p).
pub type SmallOpsCheck<'a, const N: usize> = &'a mut dyn FnMut(&[u64; N], &[u64; N], &[u64; N]);
/// A check of a wide value below pR: (t, p, -p^-1 mod 2^64).
pub type ReduceCheck<'a, const N: usize> = &'a mut dyn FnMut(&BigUint, &[u64; N], u64);

/// The checks that [`limb_cases`] feeds, one closure per kind of case.
pub struct LimbChecks<'a, const N: usize> {
    /// The wide product of arbitrary (unreduced) operands a, b.
    pub wide: &'a mut dyn FnMut(&[u64; N], &[u64; N]),
    /// Montgomery arithmetic on a, b below p (with -p^-1 mod 2^64).
    pub pair: PairCheck<'a, N>,
    /// Additions, subtractions and small multiples of a, b below p.
    pub small_ops: SmallOpsCheck<'a, N>,
    /// Montgomery reduction of a wide value t below pR.
    pub reduce: ReduceCheck<'a, N>,
}

/// The cases on which every limb backend is checked, drawn from `seed` in one fixed order (so
/// that each backend's test meets the same ones): 200 wide products of [`wide_operands`], then
/// for every modulus of [`moduli`] the pairs of its [`edges`], `random_pairs` random pairs below p
/// (each also against an edge), and wide values below pR for the reduction (its edges and
/// `random_pairs` random ones).
pub fn limb_cases<const N: usize>(seed: u64, random_pairs: usize, checks: LimbChecks<'_, N>) {
    let mut rng = TestRng::new(seed);
    for (a, b) in wide_operands::<N>(&mut rng, 200) {
        (checks.wide)(&a, &b);
    }
    for p in moduli::<N>(&mut rng) {
        let inv = neg_inv_mod_2_64(p[0]);
        let pb = big(&p);
        let e = edges(&p);
        for a in &e {
            for b in &e {
                (checks.pair)(a, b, &p, inv);
                (checks.small_ops)(a, b, &p);
            }
        }
        for _ in 0..random_pairs {
            let a: [u64; N] = limbs_of(&(big(&rand_limbs::<N>(&mut rng)) % &pb));
            let b: [u64; N] = limbs_of(&(big(&rand_limbs::<N>(&mut rng)) % &pb));
            (checks.pair)(&a, &b, &p, inv);
            let k = (rng.next_u64() % e.len() as u64) as usize;
            (checks.pair)(&a, &e[k], &p, inv);
            (checks.small_ops)(&a, &b, &p);
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
            (checks.reduce)(t, &p, inv);
        }
    }
}

/// A check of factors below 2p: (x, y, their limbs, p, -p^-1 mod 2^64).
pub type FactorCheck<'a, const N: usize> =
    &'a mut dyn FnMut(&BigUint, &BigUint, &[u64; N], &[u64; N], &[u64; N], u64);

/// Factor pairs below 2p for the moduli of [`two_spare_bit_moduli`], as the F_p2 square feeds
/// them (a0 + a1 and a0 - a1 + p): the edges below p, the same plus p, 2p - 1, p, p + 1 and 40
/// random values, each against every third of them. `check` gets (x, y, their limbs, p, -p^-1
/// mod 2^64).
pub fn unreduced_factor_cases<const N: usize>(seed: u64, check: FactorCheck<'_, N>) {
    let mut rng = TestRng::new(seed);
    for p in two_spare_bit_moduli::<N>(&mut rng) {
        let inv = neg_inv_mod_2_64(p[0]);
        let pb = big(&p);
        let mut vals: Vec<BigUint> = edges(&p).iter().map(big).collect();
        vals.extend(edges(&p).iter().map(|e| big(e) + &pb));
        vals.extend([(&pb << 1u32) - 1u32, pb.clone(), &pb + 1u32]);
        for _ in 0..40 {
            vals.push(big(&rand_limbs::<N>(&mut rng)) % (&pb << 1u32));
        }
        for x in &vals {
            for y in vals.iter().step_by(3) {
                check(x, y, &limbs_of(x), &limbs_of(y), &p, inv);
            }
        }
    }
}
