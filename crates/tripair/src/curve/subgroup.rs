//! Subgroup checks of many G1 points at once: Scott's test for BLS12 curves, phi(P) = -[u^2] P
//! with phi(x, y) = (omega x, y) (eprint 2021/1130, as `G1::is_in_subgroup_vartime`), on eight
//! points side by side in the SIMD lanes of [`Lanes`]: the double-and-add by the public u^2 runs
//! the Jacobian formulas of scalar multiplication in every lane, their exceptional cases (points
//! of small order meeting +-P or the identity on the way) taken by per-lane selects.

use super::group::{Affine, G1Affine, G1};
use super::jacobian::Jacobian;
use super::params::PairingCurve;
use super::scalar_mul::{bit_of, top_bit};
use crate::field::lanes::{Lanes, LANES};
use crate::field::{BaseField, Fp};
use crate::prelude::*;

/// u^2 from |u| (little-endian limbs), by schoolbook multiplication.
fn square_limbs(u: &[u64]) -> Vec<u64> {
    let mut out = vec![0u64; 2 * u.len()];
    for (i, &a) in u.iter().enumerate() {
        let mut carry = 0u128;
        for (j, &b) in u.iter().enumerate() {
            let t = out[i + j] as u128 + a as u128 * b as u128 + carry;
            out[i + j] = t as u64;
            carry = t >> 64;
        }
        out[i + u.len()] = carry as u64;
    }
    out
}

/// Whether each point (on the curve, or the identity) lies in G1: eight at a time in the lanes
/// (`lanes` true, where the test applies: BLS12 curves, `PairingCurve::FAST_SUBGROUP_CHECKS` and
/// G1 of order > r) or one by one (`G1::is_in_subgroup_vartime`); `None` takes the strategy
/// layer's choice. Variable time (public points). The strategy table and the tests force a path.
pub fn g1_in_subgroup_batch_with<C: PairingCurve>(
    points: &[G1Affine<C>],
    lanes: Option<bool>,
) -> Vec<bool> {
    let applies = C::FAST_SUBGROUP_CHECKS && !C::consts().h1_is_one;
    let lanes = lanes.unwrap_or_else(|| crate::strategy::subgroup_checks_in_lanes(points.len()));
    if applies && lanes {
        lanes_vartime::<C>(points)
    } else {
        points.iter().map(Affine::is_in_subgroup_vartime).collect()
    }
}

/// The lane path of [`g1_in_subgroup_batch_with`]: eight points per pass, a short last pass
/// filled with the generator. Variable time in the public points only through their number and
/// which are the identity.
fn lanes_vartime<C: PairingCurve>(points: &[G1Affine<C>]) -> Vec<bool> {
    let k = C::consts();
    let u2 = square_limbs(&k.u_abs);
    let Some(top) = top_bit(&u2) else {
        return points.iter().map(|p| p.infinity).collect();
    };
    let omega = Lanes::<C::Fp>::splat(&Fp::from_mont(k.omega));
    let fill = Affine::<G1<C>>::generator();
    let mut out = Vec::with_capacity(points.len());
    for chunk in points.chunks(LANES) {
        let lane = |i: usize| chunk.get(i).filter(|p| !p.infinity).unwrap_or(&fill);
        let x = Lanes::from_lanes(&core::array::from_fn(|i| lane(i).x));
        let y = Lanes::from_lanes(&core::array::from_fn(|i| lane(i).y));
        let mut acc = Jacobian::from_affine(x, y);
        for i in (0..top).rev() {
            acc = acc.double();
            if bit_of(&u2, i) {
                acc = acc.add_affine_xy(&x, &y);
            }
        }
        // -[u^2] P = (X / Z^2, Y / Z^3) against phi(P) = (omega x, y): X = omega x Z^2,
        // -Y = y Z^3, and Z != 0 ([u^2] P is not the identity for a finite P of G1).
        let zz = acc.z.square();
        let same_x = acc.x.ct_eq_mask(&(omega * x * zz));
        let same_y = (-acc.y).ct_eq_mask(&(y * zz * acc.z));
        let zero_z = acc.z.ct_eq_mask(&Lanes::ZERO);
        for (i, p) in chunk.iter().enumerate() {
            out.push(p.infinity || (same_x.0[i] & same_y.0[i] & !zero_z.0[i]) != 0);
        }
    }
    out
}
