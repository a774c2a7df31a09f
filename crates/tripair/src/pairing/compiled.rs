//! The pairing stack of every built-in curve on its default backend, compiled once in this
//! library: a table of entry points per curve, which the public generic functions call through
//! (`arith::route`). A crate that calls `pairing::<Bls12_381>` then links to this code instead of
//! instantiating the Miller loop, the final exponentiation and the threaded forms again: the
//! command line, the protocol crates, the bindings and every test crate did so, each at its own
//! optimisation level (docs/build-timings.md). Other backends (the portable and digit-sliced rows
//! of the tables, the research crate's) take the generic code, instantiated by their caller.
//! The groups' scalar and multi-scalar multiplications stay with their callers: through a table
//! like this one, bls12-381's G2 scalar multiplication measured 3-5% slower in `tripair bench`
//! (Zen 3, paired runs against the caller's own copy).

use crate::prelude::*;

use super::G2Prepared;
use super::{Gt, MillerLoopOutput};
use crate::curve::{G1Affine, G2Affine, PairingCurve};

/// The route of curve `C`: [`Compiled`](crate::arith::route::Compiled) on the default backend.
pub(crate) type RouteOf<C> =
    <<<C as crate::field::TowerParams>::Fp as crate::field::FpParams>::Backend as crate::arith::Backend>::Route;

/// `route!(C, entry(args), generic)`: the entry `entry` of `C`'s compiled table where `C` is a
/// built-in curve on its default backend, else the expression `generic` (instantiated only then).
macro_rules! route {
    ($c:ty, $entry:ident($($arg:expr),*), $generic:expr) => {
        <$crate::pairing::compiled::RouteOf<$c> as $crate::arith::route::Route>::route(
            || ($crate::pairing::compiled::entries::<$c>().$entry)($($arg),*),
            || $generic,
        )
    };
}
pub(crate) use route;

macro_rules! entries {
    ($($(#[$attr:meta])* $entry:ident: fn($($arg:ty),*) -> $ret:ty = $body:expr;)*) => {
        /// One curve's compiled entry points (the generic bodies, instantiated here for `C`).
        pub(crate) struct Entries<C: PairingCurve> {
            $($(#[$attr])* pub(crate) $entry: fn($($arg),*) -> $ret,)*
        }

        impl<C: PairingCurve> Entries<C> {
            const NEW: Self = Self { $($(#[$attr])* $entry: $body,)* };
        }
    };
}

type Pairs<C> = [(G1Affine<C>, G2Affine<C>)];
type PreparedPairs<'a, C> = [(&'a G1Affine<C>, &'a G2Prepared<C>)];

entries! {
    pairing: fn(&G1Affine<C>, &G2Affine<C>) -> Gt<C> = super::pairing_generic::<C>;
    miller_loop: fn(&Pairs<C>) -> MillerLoopOutput<C> = super::miller::miller_loop_generic::<C>;
    multi_miller_loop: fn(&PreparedPairs<'_, C>) -> MillerLoopOutput<C> =
        super::miller::multi_miller_loop_generic::<C>;
    miller_loop_affine_vartime: fn(&Pairs<C>) -> MillerLoopOutput<C> =
        super::miller::miller_loop_affine_vartime_generic::<C>;
    g2_prepared: fn(&G2Affine<C>) -> G2Prepared<C> = G2Prepared::<C>::new_generic;
    g2_prepared_affine_vartime: fn(&G2Affine<C>) -> G2Prepared<C> =
        G2Prepared::<C>::new_affine_vartime_generic;
    pairing_scalar: fn(&G1Affine<C>, &G2Affine<C>) -> Gt<C> = super::pairing_scalar_generic::<C>;
    // The digit-sliced pairing of the sliced candidates only (`strategy::SlicedCompiled`; the
    // constant's value holds one function, so the other is not compiled): `pairing_sliced` reads
    // this entry for them alone, and the scalar pairing fills it for the other curves.
    pairing_sliced: fn(&G1Affine<C>, &G2Affine<C>) -> Gt<C> =
        if crate::strategy::SlicedCompiled::<C>::YES {
            super::pairing_sliced_generic::<C>
        } else {
            super::pairing_scalar_generic::<C>
        };
    product_miller_loop: fn(&Pairs<C>) -> MillerLoopOutput<C> =
        super::miller::product_miller_loop_generic::<C>;
    miller_loop_affine: fn(&Pairs<C>) -> MillerLoopOutput<C> =
        super::miller::miller_loop_affine_generic::<C>;
    miller_loops_prepared: fn(&G2Prepared<C>, &[G1Affine<C>]) -> Vec<MillerLoopOutput<C>> =
        super::miller::miller_loops_prepared_generic::<C>;
    final_exponentiation: fn(&MillerLoopOutput<C>) -> Gt<C> =
        super::final_exp::final_exponentiation_generic::<C>;
    product_miller_loop_lanes: fn(&Pairs<C>) -> MillerLoopOutput<C> =
        super::lanes::product_miller_loop_lanes_generic::<C>;
    pairings_lanes: fn(&Pairs<C>) -> Vec<Gt<C>> = super::lanes::pairings_lanes_generic::<C>;
    pairings_prepared_lanes: fn(&G2Prepared<C>, &[G1Affine<C>]) -> Vec<Gt<C>> =
        super::lanes::pairings_prepared_lanes_generic::<C>;
    pairings_affine: fn(&Pairs<C>) -> Vec<Gt<C>> = super::pairings_affine_generic::<C>;
    pairings_affine_vartime: fn(&Pairs<C>) -> Vec<Gt<C>> =
        super::pairings_affine_vartime_generic::<C>;
    #[cfg(feature = "parallel")]
    pairing_batch: fn(&Pairs<C>, usize) -> Vec<Gt<C>> = super::parallel::pairing_batch_generic::<C>;
    #[cfg(feature = "parallel")]
    miller_loop_threads: fn(&Pairs<C>, usize) -> MillerLoopOutput<C> =
        super::parallel::miller_loop_threads_generic::<C>;
    #[cfg(feature = "parallel")]
    multi_pairing_threads: fn(&Pairs<C>, usize) -> Gt<C> =
        super::parallel::multi_pairing_threads_generic::<C>;
    #[cfg(feature = "parallel")]
    final_exponentiation_two_threads: fn(&MillerLoopOutput<C>) -> Gt<C> =
        super::parallel::final_exponentiation_two_threads_generic::<C>;
    #[cfg(feature = "parallel")]
    multi_miller_loop_threads: fn(&PreparedPairs<'_, C>, usize) -> MillerLoopOutput<C> =
        super::parallel::multi_miller_loop_threads_generic::<C>;
    #[cfg(feature = "parallel")]
    pairing_split_loop: fn(&G1Affine<C>, &G2Affine<C>) -> Gt<C> =
        super::parallel::pairing_split_loop_generic::<C>;
    #[cfg(feature = "parallel")]
    pairing_pipelined: fn(&G1Affine<C>, &G2Affine<C>) -> Gt<C> =
        super::parallel::pairing_pipelined_generic::<C>;
}

macro_rules! lookup {
    (() $($m:ident: $c:ty = $label:literal),* $(,)?) => {
        /// The compiled table of `C`, a built-in curve on its default backend (the only curves
        /// whose route is [`Compiled`](crate::arith::route::Compiled)): one static per curve,
        /// defined here; after monomorphization the type test folds to one of them, so a caller in
        /// another crate reads the table without instantiating what its entries point to.
        pub(crate) fn entries<C: PairingCurve>() -> &'static Entries<C> {
            $(
                {
                    static TABLE: Entries<$c> = Entries::NEW;
                    let table: &'static dyn core::any::Any = &TABLE;
                    if let Some(t) = table.downcast_ref::<Entries<C>>() {
                        return t;
                    }
                }
            )*
            unreachable!("{} on its default backend is not a built-in curve", C::NAME)
        }
    };
}
crate::for_each_prime_curve!(lookup);
