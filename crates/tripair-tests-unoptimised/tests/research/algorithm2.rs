//! Row F of Grabher–Großschädl–Page: on every curve, Algorithm 2 (tabulated doublings, the
//! additions of even and odd bit positions on two threads, the line through T_0 and T_1) equals
//! the serial pairing, optimal and plain ate, at the generators, at random multiples and with the
//! point at infinity; on short loop parameters whose set bits are all even, all odd or both, and
//! negative, its Miller loop equals the serial loop's after the final exponentiation.

use tripair::curve::{G1Affine, G2Affine, PairingCurve};
use tripair::field::{Fp, Fp12};
use tripair::pairing::{
    drive, final_exponentiation_in, pairing, MillerSchedule, PreparedG1, ProjectiveLines,
};
use tripair_research::pairing::algorithm2::{
    ate_pairing_algorithm2, miller_loop_algorithm2, pairing_algorithm2,
};
use tripair_research::pairing::ate_pairing;

/// The serial Miller loop of `schedule`, through the final exponentiation.
fn serial<C: PairingCurve>(schedule: &MillerSchedule, p: &G1Affine<C>, q: &G2Affine<C>) -> Fp12<C> {
    let mut source =
        ProjectiveLines::<C, Fp<C::Fp>>::new([(PreparedG1::new(p.x(), p.y()), (q.x(), q.y()))]);
    final_exponentiation_in(&drive(schedule, &mut source))
}

fn check_algorithm2<C: PairingCurve>() {
    let ((pa, qb), pairs) = super::sample_pairs::<C>(6);
    for (p, q) in pairs {
        assert_eq!(
            pairing_algorithm2::<C>(&p, &q),
            pairing::<C>(&p, &q),
            "{}: optimal ate",
            C::NAME
        );
    }
    assert_eq!(
        ate_pairing_algorithm2::<C>(&pa, &qb),
        ate_pairing::<C>(&pa, &qb),
        "{}: plain ate",
        C::NAME
    );
    // s = 8 (bit 3 only: the odd thread alone), 5 (bits 0 and 2: the even one alone, with an
    // addition), 6 (one bit each: the final line), 13 in NAF (1, 0, -1, 0, 1), negated.
    const SCHEDULES: [(&[i8], bool); 4] = [
        (&[1, 0, 0, 0], false),
        (&[1, 0, 1], false),
        (&[1, 1, 0], false),
        (&[1, 0, -1, 0, 1], true),
    ];
    for (naf, negative) in SCHEDULES {
        let schedule = MillerSchedule {
            naf,
            negative,
            frobenius_lines: false,
        };
        assert_eq!(
            final_exponentiation_in(&miller_loop_algorithm2::<C>(&schedule, &pa, &qb)),
            serial::<C>(&schedule, &pa, &qb),
            "{}: s = {naf:?}, negative {negative}",
            C::NAME
        );
    }
}

macro_rules! algorithm2_tests {
    (() $($m:ident: $c:ty = $label:literal),* $(,)?) => { $(
        mod $m {
            #[test] fn algorithm2() { super::check_algorithm2::<$c>(); }
        }
    )* };
}

tripair::for_each_prime_curve!(algorithm2_tests);
