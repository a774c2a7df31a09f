//! zkcrypto's traits (feature `zkcrypto`): `ff`, `group` and `pairing`, so that code written
//! against them (Groth16 in bellman, KZG and PLONK stacks) runs on tripair's BN254 and BLS12-381.
//!
//! - `Scalar<Bn254>` and `Scalar<Bls12_381>` are `ff::PrimeField` and `PrimeFieldBits`
//!   (32-byte little-endian `Repr`).
//! - `G1Projective`/`G2Projective` are `group::Curve` and `PrimeCurve`, `G1Affine`/`G2Affine`
//!   `PrimeCurveAffine`, `GroupEncoding` and `UncompressedEncoding`, all in the library's
//!   encodings (ZCash for BLS12-381, as zkcrypto's `bls12_381` writes them; x || y for BN254).
//! - The curve types themselves are the engines: `Bls12_381` and `Bn254` implement
//!   `pairing::Engine` and `MultiMillerLoop`, with [`Gt`] as the target group (written
//!   additively, as the traits want: `+` is the product in F_p12) and [`MillerLoopValue`] as the
//!   Miller loop's result. `G2Prepared` is the library's.
//!
//! ```
//! use group::{prime::PrimeCurveAffine, Group};
//! use pairing::Engine;
//! use tripair::curve::curves::Bls12_381;
//! use tripair::Scalar;
//!
//! // Generic code: e(a G1, G2) = a e(G1, G2) in the additive notation of the traits.
//! fn bilinear<E: Engine>(a: E::Fr) -> bool {
//!     let p = (E::G1Affine::generator() * a).into();
//!     E::pairing(&p, &E::G2Affine::generator()) == E::Gt::generator() * a
//! }
//! assert!(bilinear::<Bls12_381>(Scalar::<Bls12_381>::from_be_bytes_mod_order(&[7; 64])));
//! ```

mod field;
mod group;
mod ops;

#[doc(hidden)]
pub use field::ZkScalar;

use crate::arith::Backend;
use crate::curve::curves::{Bls12_381, Bn254};
use crate::curve::{G1Affine, G1Projective, G2Affine, G2Projective, PairingCurve, Scalar};
use crate::pairing::{final_exponentiation, multi_miller_loop, pairing, G2Prepared};
use crate::pairing::{Gt as LibraryGt, MillerLoopOutput};
use ::group::Group;
use core::iter::Sum;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use rand_core::RngCore;
use subtle::Choice;

/// The bytes of an encoded point (`GroupEncoding::Repr`, `UncompressedEncoding::Uncompressed`):
/// an array with the `Default` and `AsRef<[u8]>` that the traits ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointBytes<const N: usize>(pub [u8; N]);

impl<const N: usize> Default for PointBytes<N> {
    fn default() -> Self {
        PointBytes([0; N])
    }
}

impl<const N: usize> AsRef<[u8]> for PointBytes<N> {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl<const N: usize> AsMut<[u8]> for PointBytes<N> {
    fn as_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}

/// The target group GT as `group::Group` wants it, written additively: `a + b` is the product
/// of [`crate::Gt`] values, `-a` the inverse, `a * k` the power a^k, the identity is 1 and the
/// generator e(G1, G2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gt<C: PairingCurve>(pub LibraryGt<C>);

impl<C: PairingCurve> Add for Gt<C> {
    type Output = Self;
    #[allow(clippy::suspicious_arithmetic_impl)] // GT is written additively for the traits
    fn add(self, r: Self) -> Self {
        Gt(self.0 * r.0)
    }
}

impl<C: PairingCurve> Sub for Gt<C> {
    type Output = Self;
    #[allow(clippy::suspicious_arithmetic_impl)] // GT is written additively for the traits
    fn sub(self, r: Self) -> Self {
        Gt(self.0 * r.0.inverse())
    }
}

impl<C: PairingCurve> Neg for Gt<C> {
    type Output = Self;
    fn neg(self) -> Self {
        Gt(self.0.inverse())
    }
}

impl<C: PairingCurve> Mul<Scalar<C>> for Gt<C> {
    type Output = Self;
    /// Constant time in the scalar ([`crate::Gt::pow`]).
    fn mul(self, k: Scalar<C>) -> Self {
        Gt(self.0.pow(&k))
    }
}

macro_rules! gt_assign_and_by_reference {
    ($($tr:ident $m:ident $atr:ident $am:ident $rhs:ty),*) => { $(
        impl<C: PairingCurve> $atr<$rhs> for Gt<C> {
            fn $am(&mut self, r: $rhs) {
                *self = $tr::$m(*self, r);
            }
        }
        impl<'a, C: PairingCurve> $tr<&'a $rhs> for Gt<C> {
            type Output = Self;
            fn $m(self, r: &'a $rhs) -> Self {
                $tr::$m(self, *r)
            }
        }
        impl<'a, C: PairingCurve> $atr<&'a $rhs> for Gt<C> {
            fn $am(&mut self, r: &'a $rhs) {
                *self = $tr::$m(*self, *r);
            }
        }
    )* };
}
gt_assign_and_by_reference!(
    Add add AddAssign add_assign Gt<C>,
    Sub sub SubAssign sub_assign Gt<C>,
    Mul mul MulAssign mul_assign Scalar<C>
);

impl<C: PairingCurve> Sum for Gt<C> {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Gt(LibraryGt::identity()), |a, b| a + b)
    }
}

impl<'a, C: PairingCurve> Sum<&'a Gt<C>> for Gt<C> {
    fn sum<I: Iterator<Item = &'a Gt<C>>>(iter: I) -> Self {
        iter.fold(Gt(LibraryGt::identity()), |a, b| a + *b)
    }
}

/// The Miller loop's value as `pairing::MillerLoopResult` wants it: `+` combines loops (the
/// product in F_p12), and `final_exponentiation` gives the [`Gt`] element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MillerLoopValue<C: PairingCurve>(pub MillerLoopOutput<C>);

impl<C: PairingCurve> Default for MillerLoopValue<C> {
    /// The empty product 1.
    fn default() -> Self {
        MillerLoopValue(multi_miller_loop::<C>(&[]))
    }
}

impl<C: PairingCurve> Add for MillerLoopValue<C> {
    type Output = Self;
    #[allow(clippy::suspicious_arithmetic_impl)] // loops combine by their product
    fn add(self, r: Self) -> Self {
        MillerLoopValue(self.0 * r.0)
    }
}

impl<'a, C: PairingCurve> Add<&'a MillerLoopValue<C>> for MillerLoopValue<C> {
    type Output = Self;
    fn add(self, r: &'a Self) -> Self {
        self + *r
    }
}

impl<C: PairingCurve> AddAssign for MillerLoopValue<C> {
    fn add_assign(&mut self, r: Self) {
        *self = *self + r;
    }
}

impl<'a, C: PairingCurve> AddAssign<&'a MillerLoopValue<C>> for MillerLoopValue<C> {
    fn add_assign(&mut self, r: &'a Self) {
        *self = *self + *r;
    }
}

/// `Group`, `Engine`, `MultiMillerLoop` and the pairing-aware affine traits for one curve.
macro_rules! engine {
    ($curve:ident) => {
        impl<B: Backend> Group for Gt<$curve<B>> {
            type Scalar = Scalar<$curve<B>>;
            /// e(G1, G2)^k for a random k (uniform in GT).
            fn random(rng: impl RngCore) -> Self {
                Self::generator() * <Scalar<$curve<B>> as ff::Field>::random(rng)
            }
            fn identity() -> Self {
                Gt(LibraryGt::identity())
            }
            fn generator() -> Self {
                Gt(pairing(&G1Affine::generator(), &G2Affine::generator()))
            }
            fn is_identity(&self) -> Choice {
                Choice::from(self.0.is_identity() as u8)
            }
            fn double(&self) -> Self {
                *self + *self
            }
        }

        impl<B: Backend> pairing::MillerLoopResult for MillerLoopValue<$curve<B>> {
            type Gt = Gt<$curve<B>>;
            fn final_exponentiation(&self) -> Gt<$curve<B>> {
                Gt(final_exponentiation(&self.0))
            }
        }

        impl<B: Backend> pairing::PairingCurveAffine for G1Affine<$curve<B>> {
            type Pair = G2Affine<$curve<B>>;
            type PairingResult = Gt<$curve<B>>;
            fn pairing_with(&self, q: &G2Affine<$curve<B>>) -> Gt<$curve<B>> {
                Gt(pairing(self, q))
            }
        }

        impl<B: Backend> pairing::PairingCurveAffine for G2Affine<$curve<B>> {
            type Pair = G1Affine<$curve<B>>;
            type PairingResult = Gt<$curve<B>>;
            fn pairing_with(&self, p: &G1Affine<$curve<B>>) -> Gt<$curve<B>> {
                Gt(pairing(p, self))
            }
        }

        impl<B: Backend> pairing::Engine for $curve<B> {
            type Fr = Scalar<$curve<B>>;
            type G1 = G1Projective<$curve<B>>;
            type G1Affine = G1Affine<$curve<B>>;
            type G2 = G2Projective<$curve<B>>;
            type G2Affine = G2Affine<$curve<B>>;
            type Gt = Gt<$curve<B>>;
            fn pairing(p: &G1Affine<$curve<B>>, q: &G2Affine<$curve<B>>) -> Gt<$curve<B>> {
                Gt(pairing(p, q))
            }
        }

        impl<B: Backend> pairing::MultiMillerLoop for $curve<B> {
            type G2Prepared = G2Prepared<$curve<B>>;
            type Result = MillerLoopValue<$curve<B>>;
            fn multi_miller_loop(
                terms: &[(&G1Affine<$curve<B>>, &G2Prepared<$curve<B>>)],
            ) -> MillerLoopValue<$curve<B>> {
                MillerLoopValue(multi_miller_loop(terms))
            }
        }
    };
}

engine!(Bls12_381);
engine!(Bn254);
