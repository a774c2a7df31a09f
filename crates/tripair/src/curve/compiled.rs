//! G1 and G2 of every built-in curve on its default backend: scalar multiplication and
//! multi-scalar multiplication compiled once in this library, as the pairing stack is
//! (`pairing/compiled.rs`, `arith/route.rs`): the public generic functions call through one static
//! table per group, so a crate that multiplies a point of `G1<Bls12_381>` compiles a call.

use super::group::{CurveGroup, G1, G2};
use super::msm::MsmMethod;
use super::{Affine, Projective, Scalar};

/// The route of curve `C` ([`Compiled`](crate::arith::route::Compiled) on the default backend).
pub(crate) type RouteOf<C> =
    <<<C as crate::field::TowerParams>::Fp as crate::field::FpParams>::Backend as crate::arith::Backend>::Route;

/// `route!(G, entry(args), generic)`: the entry of group `G`'s compiled table, or `generic`.
macro_rules! route {
    ($g:ty, $($rest:tt)*) => {
        $crate::arith::route::route!(
            $crate::curve::compiled::RouteOf<<$g as $crate::curve::CurveGroup>::Curve>,
            $crate::curve::compiled::group_entries::<$g>(),
            $($rest)*
        )
    };
}
pub(crate) use route;

/// A multi-scalar multiplication: points, scalars, the method (or the strategy layer's).
type Msm<G> =
    fn(&[Affine<G>], &[Scalar<<G as CurveGroup>::Curve>], Option<MsmMethod>) -> Projective<G>;

/// One group's compiled entry points (the generic bodies, instantiated here for `G`).
pub(crate) struct GroupEntries<G: CurveGroup> {
    pub(crate) mul: fn(&Projective<G>, &Scalar<G::Curve>) -> Projective<G>,
    pub(crate) msm_vartime_with: Msm<G>,
}

impl<G: CurveGroup> GroupEntries<G> {
    const NEW: Self = Self {
        mul: Projective::<G>::mul_generic,
        msm_vartime_with: Projective::<G>::msm_vartime_with_generic,
    };
}

macro_rules! lookup {
    (() $($m:ident: $c:ty = $label:literal),* $(,)?) => {
        crate::arith::route::compiled_lookup! {
            /// The compiled table of `G`, G1 or G2 of a built-in curve on its default backend.
            fn group_entries<G: CurveGroup> -> GroupEntries [$(G1<$c>, G2<$c>),*]
        }
    };
}
crate::for_each_prime_curve!(lookup);
