//! The optimal ate pairing on the dclxvi curve with F_p as twelve doubles
//! ([`crate::field::dclxvi`]): the engine's tower, Miller-loop driver and final exponentiation,
//! unchanged, over that base field (Naehrig–Niederhagen–Schwabe, Latincrypt 2010).

use crate::field::dclxvi::{Coeff, CubeBnParams, Dclxvi};
use tripair::curve::curves::{Dclxvi as DclxviCurve, DclxviFq};
use tripair::curve::{G1Affine, G2Affine};
use tripair::field::{Fp, Fp12, Fp2, Fp6, TowerKernels};
use tripair::pairing::{
    drive, final_exponentiation_in, Gt, MillerSchedule, PreparedG1, ProjectiveLines,
};

/// The dclxvi prime as a cube-parameter BN field: u = 1868033^3.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DclxviCube;

impl CubeBnParams for DclxviCube {
    type Fp = DclxviFq;
    const V: u64 = 1868033;
    fn half_cache() -> &'static std::sync::OnceLock<[f64; 12]> {
        static HALF: std::sync::OnceLock<[f64; 12]> = std::sync::OnceLock::new();
        &HALF
    }
    fn weights_cache() -> &'static std::sync::OnceLock<[Fp<DclxviFq>; 12]> {
        static WEIGHTS: std::sync::OnceLock<[Fp<DclxviFq>; 12]> = std::sync::OnceLock::new();
        &WEIGHTS
    }
}

/// An element of the dclxvi F_p as twelve coefficients of type `C`.
pub type DclxviFp<C = f64> = Dclxvi<DclxviCube, C>;

/// An F_p2 element of the dclxvi tower over twelve-coefficient F_p.
pub type DclxviFp2<C = f64> = Fp2<DclxviCurve, DclxviFp<C>>;

/// An F_p12 element of the dclxvi tower over twelve-coefficient F_p.
pub type DclxviFp12<C = f64> = Fp12<DclxviCurve, DclxviFp<C>>;

/// An F_p2 element of the Montgomery tower in the twelve-coefficient representation.
pub fn fp2_from_montgomery<C: Coeff>(x: &Fp2<DclxviCurve>) -> DclxviFp2<C> {
    Fp2::new(Dclxvi::from_fp(&x.c0), Dclxvi::from_fp(&x.c1))
}

/// An F_p2 element back in the Montgomery tower.
pub fn fp2_to_montgomery<C: Coeff>(x: &DclxviFp2<C>) -> Fp2<DclxviCurve> {
    Fp2::new(x.c0.to_fp(), x.c1.to_fp())
}

/// An F_p12 element back in the Montgomery tower (canonical coefficients).
pub fn fp12_to_montgomery<C: Coeff>(x: &DclxviFp12<C>) -> Fp12<DclxviCurve> {
    let f6 = |y: &Fp6<DclxviCurve, DclxviFp<C>>| {
        Fp6::new(
            fp2_to_montgomery(&y.c0),
            fp2_to_montgomery(&y.c1),
            fp2_to_montgomery(&y.c2),
        )
    };
    Fp12::new(f6(&x.c0), f6(&x.c1))
}

/// The Miller loop value (before the final exponentiation) with coefficients of type `C`; 1 when
/// either point is the point at infinity.
pub fn miller_loop_in<C: Coeff>(
    p: &G1Affine<DclxviCurve>,
    q: &G2Affine<DclxviCurve>,
) -> DclxviFp12<C>
where
    DclxviFp<C>: TowerKernels<Params = DclxviFq>,
{
    if p.is_identity() || q.is_identity() {
        return Fp12::ONE;
    }
    let pp = PreparedG1::new(Dclxvi::from_fp(&p.x()), Dclxvi::from_fp(&p.y()));
    let qq = (fp2_from_montgomery(&q.x()), fp2_from_montgomery(&q.y()));
    let mut source = ProjectiveLines::<DclxviCurve, DclxviFp<C>>::new([(pp, qq)]);
    drive(&MillerSchedule::optimal_ate::<DclxviCurve>(), &mut source)
}

/// The optimal ate pairing computed with coefficients of type `C` (`f64` for speed,
/// [`crate::field::dclxvi_bounds::CheckedCoeff`] to prove that no coefficient can reach 2^53).
/// The same value as [`tripair::pairing::pairing`] on the dclxvi curve.
pub fn pairing_in<C: Coeff>(
    p: &G1Affine<DclxviCurve>,
    q: &G2Affine<DclxviCurve>,
) -> Gt<DclxviCurve> {
    let f = miller_loop_in::<C>(p, q);
    let g = final_exponentiation_in(&f);
    Gt::from_fp12_unchecked(fp12_to_montgomery(&g))
}

/// The optimal ate pairing on the dclxvi curve with F_p as twelve doubles (SIMD products where the
/// CPU has AVX-512F or AVX2 with FMA).
pub fn pairing_float(p: &G1Affine<DclxviCurve>, q: &G2Affine<DclxviCurve>) -> Gt<DclxviCurve> {
    pairing_in::<f64>(p, q)
}
