//! GT bytes against blst and mcl (feature `peers`): on random pairs of bn254 (mcl) and bls12-381
//! (blst, mcl), tripair's pairing value equals each peer's coefficient for coefficient, and
//! `pairing_check` answers as the peers' product of pairings does.
//!
//! `TRIPAIR_PEER_GT_PAIRS` sets the number of random pairs per curve (default 64):
//! `TRIPAIR_PEER_GT_PAIRS=10000 cargo test --release -p tripair-cli --features peers --test peers_gt`.
#![cfg(feature = "peers")]

use num_bigint::BigUint;
use std::sync::Mutex;
use tripair::curve::curves::{Bls12_381, Bn254};
use tripair::curve::{G1Affine, G1Projective, G2Affine, G2Projective, PairingCurve, Scalar};
use tripair::field::Fp;
use tripair::pairing::{pairing, pairing_check};
use tripair_testkit::TestRng;

/// mcl holds one curve at a time in global state.
static MCL: Mutex<()> = Mutex::new(());

fn pairs_count() -> usize {
    std::env::var("TRIPAIR_PEER_GT_PAIRS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(64)
}

fn random_pair<C: PairingCurve>(rng: &mut TestRng) -> (G1Affine<C>, G2Affine<C>) {
    let a: Scalar<C> = Fp::random(rng);
    let b: Scalar<C> = Fp::random(rng);
    (
        (G1Projective::<C>::generator() * a).to_affine(),
        (G2Projective::<C>::generator() * b).to_affine(),
    )
}

/// tripair's GT value as its 12 coefficients in tower order.
fn ours<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> Vec<BigUint> {
    pairing::<C>(p, q)
        .into_fp12()
        .coefficients()
        .iter()
        .map(|c| BigUint::from_bytes_be(&c.to_be_bytes()))
        .collect()
}

fn hex<F: tripair::field::FpParams>(x: &Fp<F>) -> String {
    hex::encode(x.to_be_bytes())
}

mod mcl {
    use super::*;
    use mcl_rust::{CurveType, G1, G2, GT};

    fn point_g1<C: PairingCurve>(p: &G1Affine<C>) -> G1 {
        let s = format!("1 {} {}", hex(&p.x()), hex(&p.y()));
        G1::from_str(&s, 16).expect("mcl G1 from coordinates")
    }

    fn point_g2<C: PairingCurve>(q: &G2Affine<C>) -> G2 {
        let (x, y) = (q.x(), q.y());
        let s = format!(
            "1 {} {} {} {}",
            hex(&x.c0),
            hex(&x.c1),
            hex(&y.c0),
            hex(&y.c1)
        );
        G2::from_str(&s, 16).expect("mcl G2 from coordinates")
    }

    fn gt_coefficients(e: &GT) -> Vec<BigUint> {
        e.get_str(16)
            .split_whitespace()
            .map(|h| BigUint::parse_bytes(h.as_bytes(), 16).expect("hex"))
            .collect()
    }

    pub fn check<C: PairingCurve>(curve: CurveType, seed: u64) {
        let _guard = MCL.lock().unwrap_or_else(|e| e.into_inner());
        assert!(mcl_rust::init(curve));
        let mut rng = TestRng::new(seed);
        let mut mismatches = 0;
        let n = pairs_count();
        for i in 0..n {
            let (p, q) = random_pair::<C>(&mut rng);
            let mut e = GT::zero();
            mcl_rust::pairing(&mut e, &point_g1(&p), &point_g2(&q));
            if gt_coefficients(&e) != ours(&p, &q) {
                mismatches += 1;
                eprintln!("{}: mismatch at pair {i}", C::NAME);
            }
        }
        assert_eq!(
            mismatches,
            0,
            "{}: GT mismatches against mcl in {n} pairs",
            C::NAME
        );
        // pairing_check against mcl's product: e(aP, Q) e(-P, aQ) = 1, and a perturbed one.
        let (p, q) = random_pair::<C>(&mut rng);
        let a: Scalar<C> = Fp::random(&mut rng);
        let pa = (p.to_projective() * a).to_affine();
        let qa = (q.to_projective() * a).to_affine();
        for (pairs, want) in [
            (vec![(pa, q), (-p, qa)], true),
            (vec![(pa, q), (p, qa)], false),
        ] {
            let mut acc = GT::zero();
            acc.set_int(1);
            for (p, q) in &pairs {
                let mut e = GT::zero();
                mcl_rust::pairing(&mut e, &point_g1(p), &point_g2(q));
                acc = &acc * &e;
            }
            assert_eq!(acc.is_one(), want, "{}: mcl's product", C::NAME);
            assert_eq!(
                pairing_check::<C>(&pairs),
                want,
                "{}: pairing_check",
                C::NAME
            );
        }
    }
}

#[test]
fn bn254_gt_equals_mcl() {
    mcl::check::<Bn254>(mcl_rust::CurveType::SNARK, 0x9e1);
}

#[test]
fn bls12_381_gt_equals_mcl() {
    mcl::check::<Bls12_381>(mcl_rust::CurveType::BLS12_381, 0x9e2);
}

#[test]
fn bls12_381_gt_equals_blst() {
    use blst::*;
    use tripair::encoding::{encode_g1, encode_g2};
    type C = Bls12_381;
    let mut rng = TestRng::new(0x9e3);
    let n = pairs_count();
    let mut mismatches = 0;
    let blst_pair = |p: &G1Affine<C>, q: &G2Affine<C>| -> blst_fp12 {
        let (mut pa, mut qa) = (blst_p1_affine::default(), blst_p2_affine::default());
        let (pb, qb) = (encode_g1::<C>(p), encode_g2::<C>(q));
        // SAFETY: pb/qb are the 96/192-byte ZCash serializations blst reads; outputs are valid.
        unsafe {
            assert_eq!(
                blst_p1_deserialize(&mut pa, pb.as_ptr()),
                BLST_ERROR::BLST_SUCCESS
            );
            assert_eq!(
                blst_p2_deserialize(&mut qa, qb.as_ptr()),
                BLST_ERROR::BLST_SUCCESS
            );
        }
        let mut f = blst_fp12::default();
        let mut e = blst_fp12::default();
        // SAFETY: all pointers come from live values of the right types.
        unsafe {
            blst_miller_loop(&mut f, &qa, &pa);
            blst_final_exp(&mut e, &f);
        }
        e
    };
    for i in 0..n {
        let (p, q) = random_pair::<C>(&mut rng);
        let e = blst_pair(&p, &q);
        // blst's F_p12 is F_p6[w] over F_p2[v] over F_p[u], as tripair's: the same tower order.
        let mut theirs = Vec::with_capacity(12);
        for c6 in &e.fp6 {
            for c2 in &c6.fp2 {
                for c in &c2.fp {
                    let mut out = [0u8; 48];
                    // SAFETY: out holds the 48 bytes blst writes; c is a live field element.
                    unsafe { blst_bendian_from_fp(out.as_mut_ptr(), c) };
                    theirs.push(BigUint::from_bytes_be(&out));
                }
            }
        }
        if theirs != ours(&p, &q) {
            mismatches += 1;
            eprintln!("bls12-381: blst mismatch at pair {i}");
        }
    }
    assert_eq!(mismatches, 0, "GT mismatches against blst in {n} pairs");
}
