//! serde for points, GT and scalars (feature `serde`), in the library's byte encodings: the
//! ZCash compressed form for BLS12 points, the uncompressed x || y (EIP-196/197) for BN points,
//! the 12 coefficients for GT, big-endian canonical bytes for scalars. Human-readable formats
//! (JSON, TOML) get the bytes as lower-case hex text, binary formats as bytes. Deserializing
//! validates as the decoders do (on the curve, in the order-r group, canonical coordinates) and
//! fails with the decoder's error text.

use crate::curve::{Affine, CurveGroup, Family, PairingCurve};
use crate::encoding::{decode_point, encode_point, encode_point_compressed, CoordinateBytes};
use crate::field::{Fp, FpParams};
use crate::pairing::Gt;
use crate::prelude::*;
use core::fmt;
use serde::de::{Error as _, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Writes an encoding: hex text for a human-readable format, bytes otherwise. (Hidden: for the
/// serde of tripair-bls's keys.)
#[doc(hidden)]
pub fn put<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
    if s.is_human_readable() {
        s.serialize_str(&hex::encode(bytes))
    } else {
        s.serialize_bytes(bytes)
    }
}

/// Reads an encoding (hex text or bytes, by the format) and hands it to `decode`, whose error
/// becomes the deserializer's, prefixed by `what`. (Hidden: for tripair-bls's keys.)
#[doc(hidden)]
pub fn take<'de, D: Deserializer<'de>, T, E: fmt::Display>(
    d: D,
    what: &'static str,
    decode: impl FnOnce(&[u8]) -> Result<T, E>,
) -> Result<T, D::Error> {
    struct Bytes(&'static str);
    impl<'de> Visitor<'de> for Bytes {
        type Value = Vec<u8>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "the encoding of a {} (hex text or bytes)", self.0)
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Vec<u8>, E> {
            hex::decode(v).map_err(|e| E::custom(format_args!("{}: not hex ({e})", self.0)))
        }
        fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<Vec<u8>, E> {
            Ok(v.to_vec())
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u8>, A::Error> {
            let mut v = Vec::new();
            while let Some(b) = seq.next_element::<u8>()? {
                v.push(b);
            }
            Ok(v)
        }
    }
    let bytes = if d.is_human_readable() {
        d.deserialize_str(Bytes(what))?
    } else {
        d.deserialize_bytes(Bytes(what))?
    };
    decode(&bytes).map_err(|e| D::Error::custom(format_args!("{what}: {e}")))
}

/// The standard encoding of the curve's points: compressed for BLS12 (ZCash), x || y for BN.
impl<G: CurveGroup> Serialize for Affine<G>
where
    G::F: CoordinateBytes,
{
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match <G::Curve as PairingCurve>::FAMILY {
            Family::Bls12 => put(&encode_point_compressed(self), s),
            Family::Bn => put(&encode_point(self), s),
        }
    }
}

/// Either encoding of the curve's format, fully validated ([`decode_point`]).
impl<'de, G: CurveGroup> Deserialize<'de> for Affine<G>
where
    G::F: CoordinateBytes,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        take(d, G::NAME, decode_point::<G>)
    }
}

/// The 12 coefficients ([`Gt::to_bytes`]).
impl<C: PairingCurve> Serialize for Gt<C> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        put(&self.to_bytes(), s)
    }
}

/// Checked for membership in GT ([`Gt::from_bytes`]).
impl<'de, C: PairingCurve> Deserialize<'de> for Gt<C> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        take(d, "GT element", Gt::from_bytes)
    }
}

/// Big-endian canonical bytes of the field's width ([`Fp::to_be_bytes`]): scalars, and base-field
/// elements.
impl<P: FpParams> Serialize for Fp<P> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        put(&self.to_be_bytes(), s)
    }
}

/// Canonical values only (below the modulus, the field's width): [`Fp::from_be_bytes`].
impl<'de, P: FpParams> Deserialize<'de> for Fp<P> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        take(d, "field element", Fp::from_be_bytes)
    }
}
