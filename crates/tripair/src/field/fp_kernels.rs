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

    /// The three Karatsuba products in one backend call where the backend has that form
    /// ([`crate::arith::Backend::mul_wide_3`]; ADX, 4 limbs: one frame instead of three calls
    /// with their zeroed buffers and copies), the tower's Karatsuba otherwise.
    #[inline(always)]
    fn fp2_mul_wide(a0: &Self, a1: &Self, b0: &Self, b1: &Self) -> (Self::Wide, Self::Wide) {
        use super::base::BaseField;
        use super::kernels::{fp2_karatsuba_combine, fp2_mul_wide_karatsuba};
        let (sa, sb) = (a0.add_unreduced(a1), b0.add_unreduced(b1));
        let pairs = [
            [&a0.mont, &b0.mont],
            [&a1.mont, &b1.mont],
            [&sa.mont, &sb.mont],
        ];
        match F::Limbs::mul_wide_3::<F::Backend>(pairs) {
            Some([l0, h0, l1, h1, l2, h2]) => {
                fp2_karatsuba_combine::<Self>(&(l0, h0), &(l1, h1), &(l2, h2))
            }
            None => fp2_mul_wide_karatsuba(a0, a1, b0, b1),
        }
    }

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
