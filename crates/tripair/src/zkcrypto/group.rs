//! group's traits for G1 and G2: `Group` and `Curve` for projective points of any curve whose
//! scalar field has ff's traits, the encodings (`GroupEncoding`, `UncompressedEncoding`) and the
//! prime-order traits for BN254 and BLS12-381. Encodings are the library's: ZCash compressed and
//! uncompressed for BLS12-381 (byte for byte those of zkcrypto's `bls12_381`), x || y for BN254
//! (EIP-196/197; the library has no compressed BN form, so both encodings are that one). Decoding
//! validates fully, the "unchecked" forms included.

use super::PointBytes;
use crate::arith::Backend;
use crate::curve::curves::{Bls12_381, Bn254};
use crate::curve::{Affine, CurveGroup, Projective, Scalar, G1, G2};
use crate::encoding::{decode_point, encode_point, encode_point_compressed};
use ff::PrimeField;
use group::prime::{PrimeCurve, PrimeCurveAffine, PrimeGroup};
use group::{Curve, Group, GroupEncoding, UncompressedEncoding, WnafGroup};
use rand_core::RngCore;
use subtle::{Choice, CtOption};

impl<G: CurveGroup> Group for Projective<G>
where
    Scalar<G::Curve>: PrimeField,
{
    type Scalar = Scalar<G::Curve>;

    fn random(mut rng: impl RngCore) -> Self {
        Projective::random(&mut rng)
    }

    fn identity() -> Self {
        Projective::identity()
    }

    fn generator() -> Self {
        Projective::generator()
    }

    fn is_identity(&self) -> Choice {
        Choice::from(Projective::is_identity(self) as u8)
    }

    fn double(&self) -> Self {
        Projective::double(self)
    }
}

impl<G: CurveGroup> Curve for Projective<G>
where
    Scalar<G::Curve>: PrimeField,
{
    type AffineRepr = Affine<G>;

    /// Constant time ([`Projective::to_affine`]).
    fn to_affine(&self) -> Affine<G> {
        Projective::to_affine(self)
    }
}

impl<G: CurveGroup> WnafGroup for Projective<G>
where
    Scalar<G::Curve>: PrimeField,
{
    /// The window w (2 to 22) that minimises the table's 2^(w-2) odd multiples plus about
    /// bits / (w + 1) additions for each scalar.
    fn recommended_wnaf_for_num_scalars(num_scalars: usize) -> usize {
        let bits = <Scalar<G::Curve> as PrimeField>::NUM_BITS as usize;
        (2..=22)
            .min_by_key(|&w| (1usize << (w - 2)) + num_scalars.saturating_mul(bits / (w + 1)))
            .expect("a non-empty range")
    }
}

/// A decoder's answer as subtle's `CtOption` (the identity where it failed).
fn decoded<G: CurveGroup>(r: crate::Result<Affine<G>>) -> CtOption<Affine<G>> {
    match r {
        Ok(p) => CtOption::new(p, Choice::from(1)),
        Err(_) => CtOption::new(Affine::identity(), Choice::from(0)),
    }
}

/// The same for a projective point.
fn decoded_projective<G: CurveGroup>(r: crate::Result<Affine<G>>) -> CtOption<Projective<G>> {
    match r {
        Ok(p) => CtOption::new(p.to_projective(), Choice::from(1)),
        Err(_) => CtOption::new(Projective::identity(), Choice::from(0)),
    }
}

/// The fixed-size bytes of an encoding the library wrote.
fn bytes<const N: usize>(v: alloc::vec::Vec<u8>) -> PointBytes<N> {
    PointBytes(
        v.try_into()
            .expect("the encoding of this group has N bytes"),
    )
}

/// The encodings and prime-order traits of group `$g` of `$curve`: `$repr` bytes written by
/// `$encode` for `GroupEncoding`, `$unc` bytes for `UncompressedEncoding`.
macro_rules! prime_group {
    ($curve:ident, $g:ident, $repr:literal, $encode:path, $unc:literal) => {
        impl<B: Backend> GroupEncoding for Affine<$g<$curve<B>>> {
            type Repr = PointBytes<$repr>;
            fn from_bytes(b: &Self::Repr) -> CtOption<Self> {
                decoded(decode_point::<$g<$curve<B>>>(&b.0))
            }
            fn from_bytes_unchecked(b: &Self::Repr) -> CtOption<Self> {
                Self::from_bytes(b)
            }
            fn to_bytes(&self) -> Self::Repr {
                bytes($encode(self))
            }
        }

        impl<B: Backend> GroupEncoding for Projective<$g<$curve<B>>> {
            type Repr = PointBytes<$repr>;
            fn from_bytes(b: &Self::Repr) -> CtOption<Self> {
                decoded_projective(decode_point::<$g<$curve<B>>>(&b.0))
            }
            fn from_bytes_unchecked(b: &Self::Repr) -> CtOption<Self> {
                Self::from_bytes(b)
            }
            fn to_bytes(&self) -> Self::Repr {
                GroupEncoding::to_bytes(&Projective::to_affine(self))
            }
        }

        impl<B: Backend> UncompressedEncoding for Affine<$g<$curve<B>>> {
            type Uncompressed = PointBytes<$unc>;
            fn from_uncompressed(b: &Self::Uncompressed) -> CtOption<Self> {
                decoded(decode_point::<$g<$curve<B>>>(&b.0))
            }
            fn from_uncompressed_unchecked(b: &Self::Uncompressed) -> CtOption<Self> {
                Self::from_uncompressed(b)
            }
            fn to_uncompressed(&self) -> Self::Uncompressed {
                bytes(encode_point(self))
            }
        }

        impl<B: Backend> PrimeGroup for Projective<$g<$curve<B>>> {}

        impl<B: Backend> PrimeCurve for Projective<$g<$curve<B>>> {
            type Affine = Affine<$g<$curve<B>>>;
        }

        impl<B: Backend> PrimeCurveAffine for Affine<$g<$curve<B>>> {
            type Scalar = Scalar<$curve<B>>;
            type Curve = Projective<$g<$curve<B>>>;
            fn identity() -> Self {
                Affine::identity()
            }
            fn generator() -> Self {
                Affine::generator()
            }
            fn is_identity(&self) -> Choice {
                Choice::from(Affine::is_identity(self) as u8)
            }
            fn to_curve(&self) -> Self::Curve {
                self.to_projective()
            }
        }
    };
}

prime_group!(Bls12_381, G1, 48, encode_point_compressed, 96);
prime_group!(Bls12_381, G2, 96, encode_point_compressed, 192);
prime_group!(Bn254, G1, 64, encode_point, 64);
prime_group!(Bn254, G2, 128, encode_point, 128);
