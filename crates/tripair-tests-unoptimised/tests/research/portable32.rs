//! The 32-bit-digit backend ([`tripair_research::arith::Portable32`], row A32 of
//! Grabher–Großschädl–Page) against the 64-bit portable backend: Montgomery products and squares
//! on the library's test moduli, their edge values and random values (and factors below 2p where
//! p has two spare bits, as the tower feeds them), wide products of any operands, the
//! reduction of wide values below p 2^(64N), and the pairing on three curves (4, 6 and 10 limbs).

use num_bigint::BigUint;
use tripair::arith::{limbs, Backend, Portable};
use tripair::curve::curves::{Bls12_381, Bn254, Bn638};
use tripair::curve::{G1Projective, G2Projective, PairingCurve};
use tripair::encoding::{decode_g1, decode_g2, encode_g1, encode_g2};
use tripair::field::Fp;
use tripair::pairing::{pairing, pairing_scalar};
use tripair_research::arith::Portable32;
use tripair_testkit::limbs::{big, check_mont, edges, limbs_of, moduli, rand_limbs, wide_operands};
use tripair_testkit::TestRng;

fn check_n<const N: usize>(seed: u64, random: usize) {
    let mut rng = TestRng::new(seed);
    for (a, b) in wide_operands::<N>(&mut rng, 100) {
        assert_eq!(
            Portable32::mul_wide(&a, &b),
            Portable::mul_wide(&a, &b),
            "N={N}: wide product"
        );
    }
    for p in moduli::<N>(&mut rng) {
        let inv = limbs::mont_neg_inv(p[0]);
        let pb = big(&p);
        let mut vals: Vec<BigUint> = edges(&p).iter().map(big).collect();
        for _ in 0..random {
            vals.push(big(&rand_limbs::<N>(&mut rng)) % &pb);
        }
        // Factors below 2p where p < 2^(64N - 2).
        if p[N - 1] >> 62 == 0 {
            vals.extend(edges(&p).iter().map(|e| big(e) + &pb));
            vals.push((&pb << 1u32) - 1u32);
        }
        for x in &vals {
            for y in vals.iter().step_by(5) {
                let (a, b): ([u64; N], [u64; N]) = (limbs_of(x), limbs_of(y));
                let r = Portable32::mont_mul(&a, &b, &p, inv);
                check_mont("portable-32 mont_mul", x, y, &pb, &big(&r), N);
                if x < &pb && y < &pb {
                    assert_eq!(r, Portable::mont_mul(&a, &b, &p, inv), "N={N}");
                    // A wide value below p 2^(64N): the product of two values below p.
                    let (lo, hi) = Portable::mul_wide(&a, &b);
                    assert_eq!(
                        Portable32::mont_reduce_wide(&lo, &hi, &p, inv),
                        Portable::mont_reduce_wide(&lo, &hi, &p, inv),
                        "N={N}: reduction"
                    );
                }
            }
        }
    }
}

#[test]
fn portable32_agrees_with_the_64_bit_backend() {
    check_n::<4>(32, 60);
    check_n::<5>(33, 30);
    check_n::<6>(34, 60);
    check_n::<8>(35, 20);
    check_n::<10>(36, 30);
}

fn check_pairing<C: PairingCurve>() {
    type W<C> = <C as PairingCurve>::WithBackend<Portable32>;
    let mut rng = TestRng::new(37);
    let p = G1Projective::<C>::generator()
        .mul(&Fp::random(&mut rng))
        .to_affine();
    let q = G2Projective::<C>::generator()
        .mul(&Fp::random(&mut rng))
        .to_affine();
    let p32 = decode_g1::<W<C>>(&encode_g1::<C>(&p)).unwrap();
    let q32 = decode_g2::<W<C>>(&encode_g2::<C>(&q)).unwrap();
    assert_eq!(
        pairing_scalar::<W<C>>(&p32, &q32).to_bytes(),
        pairing::<C>(&p, &q).to_bytes(),
        "{}",
        C::NAME
    );
}

#[test]
fn portable32_pairings_equal_the_default_ones() {
    check_pairing::<Bn254>();
    check_pairing::<Bls12_381>();
    check_pairing::<Bn638>();
}
