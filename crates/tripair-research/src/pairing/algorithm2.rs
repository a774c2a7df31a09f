//! Row F of Grabher–Großschädl–Page (SAC 2008): their Algorithm 2, one pairing whose Miller loop
//! is split by the bits of the loop parameter s. A precomputation walks the doublings once and
//! tabulates `tau_f[i] = f_{2^i,Q}(P)` and `tau_T[i] = [2^i]Q` (lines 1-5); then two threads take
//! the set bits of even and of odd position, each multiplying its f_j by `tau_f[i]` and by the
//! line through its T_j and `tau_T[i]` (lines 8-14); last f = f_0 f_1 l_{T_0,T_1}(P) (line 15).
//! This rests on `f_{a+b} = f_a f_b l_{[a]Q,[b]Q} / v_{[a+b]Q}`, whose verticals the final
//! exponentiation removes on these curves.
//!
//! As in the paper the additions cost more than the serial loop's: each set bit costs a full
//! F_p12 product (by `tau_f[i]`) on top of the line's sparse one, and the precomputation is the
//! serial loop's doublings. One difference: the paper's additions were projective; here the
//! table's T's are brought to affine coordinates with one shared inversion, so that each
//! addition is the mixed one of the serial loop.
//!
//! The loop parameter is written in binary as in the paper (the serial loops use its NAF); a
//! negative parameter is handled as the serial loop does (conjugation at the end), and the BN
//! correction lines of the optimal ate loop follow from T = T_0 + T_1 = `[|s|]Q`.

use num_bigint::BigInt;
use num_traits::Signed;
use tripair::curve::{G1Affine, G2Affine, PairingCurve};
use tripair::field::{batch_inv, Fp, Fp12, Fp2};
use tripair::pairing::{
    final_exponentiation_in, finish, join, Gt, LineSource, MillerSchedule, PreparedG1,
    ProjectiveLines, TwistCoords,
};

use super::plain_ate_schedule;

/// The optimal ate pairing by Algorithm 2 (the loop parameter of [`tripair::pairing::pairing`]
/// and its BN correction lines). Equal to [`tripair::pairing::pairing`].
pub fn pairing_algorithm2<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> Gt<C> {
    with_final_exponentiation(&MillerSchedule::optimal_ate::<C>(), p, q)
}

/// The plain ate pairing by Algorithm 2 as the paper wrote it (s = t - 1, no correction lines).
/// Equal to [`super::ate_pairing`].
pub fn ate_pairing_algorithm2<C: PairingCurve>(p: &G1Affine<C>, q: &G2Affine<C>) -> Gt<C> {
    with_final_exponentiation(&plain_ate_schedule::<C>(), p, q)
}

fn with_final_exponentiation<C: PairingCurve>(
    schedule: &MillerSchedule,
    p: &G1Affine<C>,
    q: &G2Affine<C>,
) -> Gt<C> {
    Gt::from_fp12_unchecked(final_exponentiation_in(&miller_loop_algorithm2(
        schedule, p, q,
    )))
}

/// The bits of |s| for the schedule's s (its NAF's value), least significant first.
fn loop_bits(schedule: &MillerSchedule) -> Vec<bool> {
    let s = schedule
        .naf
        .iter()
        .fold(BigInt::from(0), |acc, &d| acc * 2 + d)
        .abs();
    (0..s.bits()).map(|i| s.bit(i)).collect()
}

/// A twist point's affine coordinates on the default field.
type Point<C> = TwistCoords<C, Fp<<C as tripair::field::TowerParams>::Fp>>;
/// One set bit's table entry: (`tau_f[i]`, `tau_T[i]`).
type Term<C> = (Fp12<C>, Point<C>);
/// A thread's f_j and the line source holding its T_j.
type Share<C> = (
    Fp12<C>,
    ProjectiveLines<C, Fp<<C as tripair::field::TowerParams>::Fp>>,
);

/// One thread's share of Algorithm 2 (lines 9-11 or 12-14): f_j and T_j over the set bits it
/// was given, as (`tau_f[i]`, `tau_T[i]`) in increasing i; `None` when it was given none (f_j = 1,
/// T_j = O).
fn accumulate<C: PairingCurve>(
    p: PreparedG1<Fp<C::Fp>>,
    q: Point<C>,
    terms: &[Term<C>],
) -> Option<Share<C>> {
    let ((f0, t0), rest) = terms.split_first()?;
    // T_j = O before the first bit: l_{O, tau_T[i]} is 1 and T_j becomes tau_T[i]. The source
    // keeps Q as its pair's point for the BN correction lines at the end.
    let mut source = ProjectiveLines::new([(p, q)]).with_start(&[*t0]);
    let mut f = *f0;
    for (tf, tt) in rest {
        f *= *tf;
        source.addition_step_with(&[*tt], &mut f);
    }
    Some((f, source))
}

/// f_{s,Q}(P) of the schedule by Algorithm 2 (conjugated for a negative s, and with the BN
/// correction lines where the schedule has them, as the serial loop ends); 1 when either point
/// is the point at infinity or s = 0. For 0 < |s| < r (every curve's loop parameters) no
/// addition meets its own point or its negative. The additions of even bit positions run on the caller's thread,
/// those of odd positions on a pool worker (both on the caller's where threads are off).
pub fn miller_loop_algorithm2<C: PairingCurve>(
    schedule: &MillerSchedule,
    p: &G1Affine<C>,
    q: &G2Affine<C>,
) -> Fp12<C> {
    if p.is_identity() || q.is_identity() {
        return Fp12::ONE;
    }
    let bits = loop_bits(schedule);
    if bits.is_empty() {
        return Fp12::ONE;
    }
    let pp = PreparedG1::new(p.x(), p.y());
    let qa = (q.x(), q.y());
    // Lines 1-5: tau_f[i] = tau_f[i-1]^2 l_{T,T}(P), tau_T[i] = 2 tau_T[i-1] (T projective).
    let mut tau_f = Vec::with_capacity(bits.len());
    let mut tau_t = Vec::with_capacity(bits.len());
    tau_f.push(Fp12::<C>::ONE);
    tau_t.push([qa.0, qa.1, Fp2::ONE]);
    let mut doubling = ProjectiveLines::new([(pp, qa)]);
    let mut f = Fp12::<C>::ONE;
    for i in 1..bits.len() {
        if i > 1 {
            f.square_assign();
        }
        doubling.doubling_step(&mut f);
        tau_f.push(f);
        tau_t.extend(doubling.projective_points());
    }
    // The table's T's to affine coordinates with one shared inversion (x = X/Z, y = Y/Z).
    let mut z_inv: Vec<Fp2<C>> = tau_t.iter().map(|t| t[2]).collect();
    batch_inv(&mut z_inv);
    let affine = |i: usize| (tau_t[i][0] * z_inv[i], tau_t[i][1] * z_inv[i]);
    // Lines 8-14: the set bits by parity, each thread its own.
    let terms = |parity: usize| -> Vec<Term<C>> {
        (parity..bits.len())
            .step_by(2)
            .filter(|&i| bits[i])
            .map(|i| (tau_f[i], affine(i)))
            .collect()
    };
    let (even, odd) = (terms(0), terms(1));
    let (first, second) = join(
        || accumulate::<C>(pp, qa, &even),
        move || accumulate::<C>(pp, qa, &odd),
    );
    // Line 15: f = f_0 f_1 l_{T_0,T_1}(P); T_0 + T_1 = [|s|]Q with T_0 != +-T_1 (their bits are
    // disjoint and |s| < r), so the line is an addition's.
    let (f, mut source) = match (first, second) {
        (Some((f0, mut s0)), Some((f1, s1))) => {
            let t1: Vec<_> = s1
                .projective_points()
                .map(|[x, y, z]| {
                    let z_inv = z.inv();
                    (x * z_inv, y * z_inv)
                })
                .collect();
            let mut f = f0 * f1;
            s0.addition_step_with(&t1, &mut f);
            (f, s0)
        }
        (Some(only), None) | (None, Some(only)) => only,
        // s != 0 has a set bit, so one of the threads had one.
        (None, None) => unreachable!("the loop parameter is not zero"),
    };
    finish(schedule, f, &mut source)
}

#[cfg(test)]
mod tests {
    use super::loop_bits;
    use tripair::curve::curves::Bn254;
    use tripair::pairing::MillerSchedule;

    #[test]
    fn loop_bits_are_the_binary_digits_of_the_naf_value() {
        // 6u + 2 for bn254, u = 4965661367192848881: 29793968203157093288.
        let bits = loop_bits(&MillerSchedule::optimal_ate::<Bn254>());
        let v = bits
            .iter()
            .rev()
            .fold(0u128, |acc, &b| acc * 2 + u128::from(b));
        assert_eq!(v, 29_793_968_203_157_093_288);
    }
}
