//! [`TowerKernels`] for the scalar field [`Fp`]: the tower's formulas, with lazy reduction where
//! the modulus leaves room for it, and on the digit-sliced backend (`arith::Sliced`) the
//! independent F_p products of each tower operation computed eight at a time in SIMD lanes.

use super::base::lazy_reduction_applies;
use super::fp::{Fp, FpParams};
use super::kernels::TowerKernels;
use crate::arith::Limbs;

impl<F: FpParams> TowerKernels for Fp<F> {
    const LAZY_UNBOUNDED_SUMS: bool = true;
    const LAZY_UNREDUCED_FACTORS: bool =
        lazy_reduction_applies::<F>() && F::BITS as usize + 3 <= 64 * <F::Limbs as Limbs>::N;
    const SLICED: bool = <F::Backend as crate::arith::Backend>::SLICED;

    #[inline(always)]
    fn mul_batch(a: &[Self], b: &[Self], out: &mut [Self]) {
        if Self::SLICED {
            super::lanes::mul_sliced::<F, super::lanes::IfmaLanes>(a, b, out);
        } else {
            for ((x, y), o) in a.iter().zip(b).zip(out.iter_mut()) {
                *o = *x * *y;
            }
        }
    }
}
