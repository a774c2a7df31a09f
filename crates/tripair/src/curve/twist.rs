//! The twist helpers of the Miller loop and G2: the twist coefficient 3b' (with its small-integer
//! form on M-type twists) and the untwist-Frobenius-twist endomorphism psi on coordinates.

use super::params::PairingCurve;
use crate::field::{Fp, Fp2, TowerKernels};

/// 3b' = (a + c u) as small integers where the twist is M-type (b' = b xi) and every constant of
/// `G2::mul_by_3b`'s two small linear combinations stays below their 2^16 limit; else `None`.
#[inline(always)]
fn m_twist_b3_small<C: PairingCurve>() -> Option<(i64, i64)> {
    if C::TWIST != super::params::Twist::M {
        return None;
    }
    let (a, c) = (3 * C::B * C::XI.0, 3 * C::B * C::XI.1);
    let small = |x: i64, y: i64| x.unsigned_abs() + y.unsigned_abs() < 1 << 16;
    (small(a, C::BETA * c) && small(c, a)).then_some((a, c))
}

/// x * 3b' on the twist. On an M-type twist 3b' = 3b xi has small integer coordinates
/// (12 + 12u on BLS12-381): two small linear combinations instead of a full F_p2 product. Public
/// curve constants choose the branch.
#[inline(always)]
pub(crate) fn mul_by_twist_b3<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(
    x: &Fp2<C, F>,
) -> Fp2<C, F> {
    TwistB3::<C, F>::new().mul(x)
}

/// 3b' converted into the base field once, for loops that multiply by it at every step: a base
/// field whose constants cost a conversion (F_p as twelve doubles) then converts it once per
/// loop instead of once per step.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TwistB3<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(Fp2<C, F>);

impl<C: PairingCurve, F: TowerKernels<Params = C::Fp>> TwistB3<C, F> {
    /// The constant in this base field.
    #[inline(always)]
    pub(crate) fn new() -> Self {
        TwistB3(twist_b3::<C, F>())
    }

    /// x * 3b' ([`mul_by_twist_b3`]): small linear combinations on an M-type twist whose 3b' has
    /// small coordinates, else one F_p2 product by the stored constant.
    #[inline(always)]
    pub(crate) fn mul(&self, x: &Fp2<C, F>) -> Fp2<C, F> {
        if let Some((a, c)) = m_twist_b3_small::<C>() {
            let beta_c = C::BETA * c;
            return Fp2::new(
                F::small_lincomb(&x.c0, a, &x.c1, beta_c),
                F::small_lincomb(&x.c0, c, &x.c1, a),
            );
        }
        *x * self.0
    }
}

/// The twist coefficient 3b' in the base field.
#[inline]
pub(crate) fn twist_b3<C: PairingCurve, F: TowerKernels<Params = C::Fp>>() -> Fp2<C, F> {
    let (c0, c1) = C::consts().twist_b3;
    Fp2::new(F::splat(&Fp::from_mont(c0)), F::splat(&Fp::from_mont(c1)))
}

/// The untwist-Frobenius-twist endomorphism psi on coordinates: (conj(x) cx, conj(y) cy).
pub(crate) fn psi_coords<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(
    q: &(Fp2<C, F>, Fp2<C, F>),
) -> (Fp2<C, F>, Fp2<C, F>) {
    let [(a0, a1), (b0, b1)] = C::consts().psi;
    let cx = Fp2::new(F::splat(&Fp::from_mont(a0)), F::splat(&Fp::from_mont(a1)));
    let cy = Fp2::new(F::splat(&Fp::from_mont(b0)), F::splat(&Fp::from_mont(b1)));
    (q.0.conjugate() * cx, q.1.conjugate() * cy)
}
