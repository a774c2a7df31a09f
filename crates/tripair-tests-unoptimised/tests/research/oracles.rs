//! On every curve: the plain ate pairing is bilinear and non-degenerate, and the fast final
//! exponentiation equals the plain exponentiation by (p^12 - 1)/r times the hard part's factor.
//! (Moved from the library's `pairings::curves` laws, with the same points and scalars.)

use tripair::curve::{G1Projective, G2Projective, PairingCurve, Scalar};
use tripair::field::Fp;
use tripair::pairing::{final_exponentiation, miller_loop};
use tripair_research::pairing::{ate_pairing, final_exponentiation_slow};
use tripair_testkit::TestRng;

fn random_scalar<C: PairingCurve>(rng: &mut TestRng) -> Scalar<C> {
    Fp::random(rng)
}

fn check_oracles<C: PairingCurve>() {
    let mut rng = TestRng::new(3);
    let g1 = G1Projective::<C>::generator();
    let g2 = G2Projective::<C>::generator();
    let (p, q) = (g1.to_affine(), g2.to_affine());
    let a = random_scalar::<C>(&mut rng);
    let b = random_scalar::<C>(&mut rng);
    let pa = g1.mul(&a).to_affine();
    let qb = g2.mul(&b).to_affine();
    // Plain ate: bilinear and non-degenerate too.
    let ea = ate_pairing::<C>(&p, &q);
    assert!(!ea.is_identity());
    assert!(ea.pow_vartime(&C::consts().r).is_identity());
    assert_eq!(
        ate_pairing::<C>(&pa, &qb),
        ea.pow(&(a * b)),
        "{}: ate bilinearity",
        C::NAME
    );
    // Fast final exponentiation equals the plain exponentiation.
    let m = miller_loop::<C>(&[(pa, qb)]);
    assert_eq!(
        *final_exponentiation::<C>(&m).as_fp12(),
        final_exponentiation_slow::<C>(&m),
        "{}: final exp",
        C::NAME
    );
}

macro_rules! oracle_tests {
    (() $($m:ident: $c:ty = $label:literal),* $(,)?) => { $(
        mod $m {
            #[test] fn oracles() { super::check_oracles::<$c>(); }
        }
    )* };
}

tripair::for_each_prime_curve!(oracle_tests);
