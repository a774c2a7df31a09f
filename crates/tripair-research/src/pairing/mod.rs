//! Pairings outside the library: the dclxvi pairing on F_p as twelve doubles, the plain ate
//! pairing, one pairing with its F_p12 operations in halves on two threads (row E of
//! Grabher–Großschädl–Page), their Algorithm 2 (row F), and the slow final exponentiation that
//! the tests take as their oracle.

pub mod algorithm2;
pub mod dclxvi;
pub mod halves;

use num_bigint::BigUint;
use num_traits::{Signed, Zero};
use tripair::curve::{G1Affine, G2Affine, PairingCurve};
use tripair::field::{Fp, Fp12};
use tripair::pairing::{
    drive, final_exponentiation_in, hard_part_exponent, Gt, MillerLoopOutput, MillerSchedule,
    PreparedG1, ProjectiveLines,
};

/// The plain ate loop of Grabher–Großschädl–Page (2008), Algorithm 1: s = t - 1, no Frobenius lines.
pub fn plain_ate_schedule<C: PairingCurve>() -> MillerSchedule {
    let k = C::consts();
    MillerSchedule {
        naf: &k.ate_naf,
        negative: k.ate_neg,
        frobenius_lines: false,
    }
}

/// The Miller loop of the plain ate pairing (Grabher–Großschädl–Page 2008, Algorithm 1):
/// f_{s,Q}(P) with s = t - 1 and no Frobenius lines; 1 when either point is the point at infinity.
pub fn ate_miller_loop<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> Fp12<C> {
    let finite = !p.is_identity() && !q.is_identity();
    let pair = finite.then(|| (PreparedG1::new(p.x(), p.y()), (q.x(), q.y())));
    let mut source = ProjectiveLines::<C, Fp<C::Fp>>::new(pair);
    drive(&plain_ate_schedule::<C>(), &mut source)
}

/// The plain ate pairing of Grabher–Großschädl–Page (2008), Algorithm 1: the Miller loop runs over
/// s = t - 1 with no Frobenius lines, then the same final exponentiation. A different, also
/// bilinear and non-degenerate, pairing (a fixed power of the optimal ate); kept for comparisons.
pub fn ate_pairing<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> Gt<C> {
    Gt::from_fp12_unchecked(final_exponentiation_in(&ate_miller_loop::<C>(p, q)))
}

/// Up to eight plain ate pairings in one pass of the SIMD lanes of `B` (row G of
/// Grabher–Großschädl–Page's table with Algorithm 1's loop).
pub fn ate_pairings_in_lanes<C: PairingCurve, B: tripair::field::lanes::LaneBackend>(
    pairs: &[(G1Affine<C>, G2Affine<C>)],
) -> Vec<Gt<C>> {
    tripair::pairing::lanes::pairings_in_lanes_on::<C, B>(&plain_ate_schedule::<C>(), pairs)
}

/// The obviously-right oracle: f^((p^12 - 1)/r) by plain square-and-multiply in F_p12, then
/// raised to `hard_part_exponent` (inverted when negative). Slow; for tests.
pub fn final_exponentiation_slow<C: PairingCurve>(m: &MillerLoopOutput<C>) -> Fp12<C> {
    let k = C::consts();
    let p = &k.p;
    let p12: BigUint = p.pow(12u32);
    let e = (p12 - 1u32) / &k.r_big;
    let d = hard_part_exponent::<C>();
    let exp = e * d.abs().to_biguint().unwrap();
    assert!(!exp.is_zero());
    let v = m.as_fp12().pow_vartime(&exp.to_u64_digits());
    if d.is_negative() {
        v.inv_vartime().expect("non-zero")
    } else {
        v
    }
}
