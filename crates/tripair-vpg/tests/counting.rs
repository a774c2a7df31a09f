//! The counting base field runs tripair's unchanged engine: the counted pairing equals the
//! library's pairing, the projective Miller loop inverts nothing, the final exponentiation inverts
//! once (one F_p12 inversion down to one F_p inversion), and the counts do not depend on the input.

use tripair::curve::curves::Bn254;
use tripair::curve::{G1Projective, G2Projective};
use tripair::field::Fp;
use tripair::pairing::pairing;
use tripair::Scalar;
use tripair_testkit::TestRng;
use tripair_vpg::counting::count_pairing;

#[test]
fn counted_bn254_pairing_is_the_pairing() {
    let mut rng = TestRng::new(19);
    let mut seen = None;
    for _ in 0..2 {
        let a: Scalar<Bn254> = Fp::random(&mut rng);
        let b: Scalar<Bn254> = Fp::random(&mut rng);
        let p = (G1Projective::<Bn254>::generator() * a).to_affine();
        let q = (G2Projective::<Bn254>::generator() * b).to_affine();
        let (g, miller, fe) = count_pairing::<Bn254>(&p, &q);
        assert_eq!(g, pairing::<Bn254>(&p, &q).into_fp12());
        assert_eq!(miller.inv, 0);
        assert_eq!(fe.inv, 1);
        assert!(miller.mul_equivalents() > 1000.0 && fe.mul_equivalents() > 1000.0);
        if let Some(s) = seen {
            assert_eq!(s, (miller, fe));
        }
        seen = Some((miller, fe));
    }
}

#[test]
fn counted_eta_pairings_are_the_pairings() {
    use tripair_vpg::counting_smallchar::{count_eta2_233, count_eta3_97};
    let (lp, fe, same) = count_eta2_233();
    assert!(same);
    // The loop runs (m - 1)/2 = 116 steps, each with at least one F_2^m product.
    assert!(lp.mul >= 116 && lp.power > 0 && fe.mul > 0, "{lp:?} {fe:?}");
    let (lp, fe, same) = count_eta3_97();
    assert!(same);
    // (m - 1)/2 = 48 steps, each multiplying by a line (11 or 13 products).
    assert!(lp.fused_mul >= 48 * 11 && fe.mul > 0, "{lp:?} {fe:?}");
}
