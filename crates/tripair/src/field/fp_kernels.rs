//! [`TowerKernels`] for the scalar field [`Fp`]: the tower's formulas, with lazy reduction where
//! the modulus leaves room for it, and on the digit-sliced backend (`arith::Sliced`) the
//! independent F_p products of each tower operation computed eight at a time in SIMD lanes.

use super::base::lazy_reduction_applies;
use super::fp::{Fp, FpParams};
use super::fp12::Fp12;
use super::fp2::{Fp2, TowerParams};
use super::kernels::TowerKernels;
use crate::arith::Limbs;

impl<F: FpParams> TowerKernels for Fp<F> {
    const LAZY_UNBOUNDED_SUMS: bool = true;
    const LAZY_UNREDUCED_FACTORS: bool =
        lazy_reduction_applies::<F>() && F::BITS as usize + 3 <= 64 * <F::Limbs as Limbs>::N;
    const SLICED: bool = <F::Backend as crate::arith::Backend>::SLICED;

    /// Digit-sliced in AVX-512 IFMA lanes ([`super::lanes::compressed_square_chain`]: two lane
    /// products per square instead of twelve scalar ones) on the default backend where the CPU
    /// has IFMA, for u^2 = -1 and xi = 1 + u (bls12-381); None elsewhere, so the portable rows
    /// and other backends stay scalar.
    fn compressed_square_chain<T: TowerParams<Fp = F>>(
        c: &[Fp2<T, Self>; 4],
        at: &[usize],
        emit: &mut dyn FnMut(usize, [Fp2<T, Self>; 4]),
    ) -> bool {
        use super::lanes::LaneBackend;
        use super::lanes::{
            compressed_square_chain_with, sliced_compressed_squares_apply, IfmaLanes,
        };
        let default_backend = crate::arith::is_default_backend::<F::Backend>();
        if T::BETA != -1
            || T::XI != (1, 1)
            || !default_backend
            || !IfmaLanes::active()
            || !sliced_compressed_squares_apply::<F>()
        {
            return false;
        }
        let coeffs = c.map(|x| [x.c0, x.c1]);
        compressed_square_chain_with::<F, IfmaLanes>(&coeffs, at, |k, v| {
            emit(k, v.map(|[a, b]| Fp2::new(a, b)));
        });
        true
    }

    /// Digit-sliced in AVX-512 IFMA lanes ([`super::lanes::cyclotomic_square_chain`]: three lane
    /// products per square instead of eighteen scalar F_p2 products' worth) on the default backend
    /// where the CPU has IFMA, for u^2 = -1 and xi = xi0 + xi1 u with xi0, xi1 >= 0 (bn254's 9 + u
    /// among them); false elsewhere.
    fn cyclotomic_square_chain<T: TowerParams<Fp = F>>(
        f: &Fp12<T, Self>,
        at: &[usize],
        emit: &mut dyn FnMut(usize, Fp12<T, Self>),
    ) -> bool {
        use super::fp6::Fp6;
        use super::lanes::LaneBackend;
        use super::lanes::{cyclotomic_square_chain, sliced_cyclotomic_squares_apply, IfmaLanes};
        let default_backend = crate::arith::is_default_backend::<F::Backend>();
        if T::BETA != -1
            || !default_backend
            || !IfmaLanes::active()
            || !sliced_cyclotomic_squares_apply::<F>(T::XI)
        {
            return false;
        }
        let e = [f.c0.c0, f.c1.c0, f.c0.c1, f.c1.c1, f.c0.c2, f.c1.c2].map(|x| [x.c0, x.c1]);
        cyclotomic_square_chain::<F, IfmaLanes>(&e, at, T::XI, |k, v| {
            let [e0, e1, e2, e3, e4, e5] = v.map(|[a, b]| Fp2::new(a, b));
            emit(k, Fp12::new(Fp6::new(e0, e2, e4), Fp6::new(e1, e3, e5)));
        });
        true
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
