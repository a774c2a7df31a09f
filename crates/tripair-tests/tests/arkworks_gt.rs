//! Exact GT bytes against arkworks 0.5 (an independent implementation) for bn254 and bls12-381,
//! on random pairs and on pairs with the point at infinity; also G1/G2 points byte-for-byte.

use ark_ec::pairing::Pairing;
use ark_ec::{AffineRepr, CurveGroup as _, PrimeGroup};
use ark_ff::{BigInteger, Field as _, PrimeField};
use tripair::curve::curves::{Bls12_381, Bn254};
use tripair::curve::{G1Projective, G2Projective, PairingCurve, Scalar};
use tripair::field::FpParams;
use tripair::pairing::{multi_pairing, pairing};
use tripair_testkit::TestRng;

fn random_scalar<C: PairingCurve>(rng: &mut TestRng) -> (Scalar<C>, Vec<u8>) {
    loop {
        let mut b = vec![0u8; <C::Fr as FpParams>::BYTES];
        rng.fill_bytes(&mut b);
        b[0] &= 0x7f;
        if let Ok(s) = Scalar::<C>::from_be_bytes(&b) {
            return (s, b);
        }
    }
}

fn ark_fp_bytes<F: PrimeField>(x: &F) -> Vec<u8> {
    x.into_bigint().to_bytes_be()
}

fn ark_gt_bytes<E: Pairing>(gt: &ark_ec::pairing::PairingOutput<E>) -> Vec<u8>
where
    E::TargetField: ark_ff::Field,
{
    // Tower order c0.c0.c0, c0.c0.c1, ..., c1.c2.c1 = arkworks' base-prime-field iteration order.
    gt.0.to_base_prime_field_elements()
        .flat_map(|c| ark_fp_bytes(&c))
        .collect()
}

macro_rules! gt_test {
    ($(#[$attr:meta])* $name:ident, $curve:ty, $ark:ty, $pairs:expr) => {
        #[test]
        $(#[$attr])*
        fn $name() {
            type C = $curve;
            type E = $ark;
            type ArkFr = <E as Pairing>::ScalarField;
            let mut rng = TestRng::new(0x5eed ^ $pairs);
            let g1 = G1Projective::<C>::generator();
            let g2 = G2Projective::<C>::generator();
            let ag1 = <E as Pairing>::G1::generator();
            let ag2 = <E as Pairing>::G2::generator();
            // Generators agree coordinate by coordinate.
            let ga = g1.to_affine();
            let aga = ag1.into_affine();
            assert_eq!(ga.x().to_be_bytes(), ark_fp_bytes(&aga.x().unwrap()));
            assert_eq!(ga.y().to_be_bytes(), ark_fp_bytes(&aga.y().unwrap()));
            let mut batch = Vec::new();
            let mut ark_batch = (Vec::new(), Vec::new());
            for i in 0..$pairs {
                let (a, ab) = random_scalar::<C>(&mut rng);
                let (b, bb) = random_scalar::<C>(&mut rng);
                let mut p = g1.mul(&a).to_affine();
                let mut q = g2.mul(&b).to_affine();
                let mut ap = (ag1 * ArkFr::from_be_bytes_mod_order(&ab)).into_affine();
                let mut aq = (ag2 * ArkFr::from_be_bytes_mod_order(&bb)).into_affine();
                if i % 97 == 5 {
                    p = tripair::curve::G1Affine::<C>::identity();
                    ap = <E as Pairing>::G1Affine::zero();
                }
                if i % 89 == 7 {
                    q = tripair::curve::G2Affine::<C>::identity();
                    aq = <E as Pairing>::G2Affine::zero();
                }
                if !p.is_identity() {
                    assert_eq!(
                        p.x().to_be_bytes(),
                        ark_fp_bytes(&ap.x().unwrap()),
                        "G1 x differs"
                    );
                }
                let ours = pairing::<C>(&p, &q).to_bytes();
                let theirs = ark_gt_bytes(&E::pairing(ap, aq));
                assert_eq!(ours, theirs, "GT differs at pair {i}");
                if i < 8 {
                    batch.push((p, q));
                    ark_batch.0.push(ap);
                    ark_batch.1.push(aq);
                }
            }
            let ours = multi_pairing::<C>(&batch).to_bytes();
            let theirs = ark_gt_bytes(&E::multi_pairing(ark_batch.0, ark_batch.1));
            assert_eq!(ours, theirs, "product of 8 pairings differs");
            let _ = ArkFr::ONE;
        }
    };
}

gt_test!(bn254_gt_bytes_equal_arkworks, Bn254, ark_bn254::Bn254, 1000);
gt_test!(
    bls12_381_gt_bytes_equal_arkworks,
    Bls12_381,
    ark_bls12_381::Bls12_381,
    1000
);

// At scale (about three minutes on two cores):
// `cargo test --release -p tripair-tests --test arkworks_gt -- --ignored`.
gt_test!(
    #[ignore = "100,000 pairs per curve; run with --ignored"]
    bn254_gt_bytes_equal_arkworks_100k,
    Bn254,
    ark_bn254::Bn254,
    100_000
);
gt_test!(
    #[ignore = "100,000 pairs per curve; run with --ignored"]
    bls12_381_gt_bytes_equal_arkworks_100k,
    Bls12_381,
    ark_bls12_381::Bls12_381,
    100_000
);
