//! Curve groups: G1 on E(F_p), G2 on the sextic twist, the curve data and what it implies.

#[doc(hidden)]
pub mod consts;
pub mod curves;
#[doc(hidden)]
pub mod derive;
#[doc(hidden)]
pub mod endo;
pub mod fixed_base;
pub mod group;
mod jacobian;
mod msm;
pub mod params;
mod scalar_mul;
mod subgroup;
pub(crate) mod twist;

pub use fixed_base::FixedBaseTable;
pub use group::{
    psi, Affine, CurveGroup, G1Affine, G1Projective, G2Affine, G2Projective, Projective, Scalar,
    G1, G2,
};
pub use msm::FixedBaseMsm;
#[doc(hidden)]
pub use msm::MsmMethod;
pub use params::{Family, PairingCurve, Twist};
#[doc(hidden)]
pub use subgroup::g1_in_subgroup_batch_with;
