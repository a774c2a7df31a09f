//! serde for public keys and signatures (feature `serde`) in their compressed encodings, and for
//! secret keys only under the separate feature `serde-secret-key` (a secret key that a format
//! writes is a copy this crate cannot wipe). Hex text in human-readable formats, bytes otherwise;
//! deserializing validates as the decoders do: public keys with KeyValidate (the identity is
//! rejected), signatures with the subgroup check, secret keys in 1..r.

use crate::keys::{PublicKey, Signature};
use crate::variant::Variant;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tripair::serde_impls::{put, take};

impl<V: Variant> Serialize for PublicKey<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        put(&self.to_bytes(), s)
    }
}

impl<'de, V: Variant> Deserialize<'de> for PublicKey<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        take(d, "public key", PublicKey::from_bytes_validated)
    }
}

impl<V: Variant> Serialize for Signature<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        put(&self.to_bytes(), s)
    }
}

impl<'de, V: Variant> Deserialize<'de> for Signature<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        take(d, "signature", Signature::from_bytes)
    }
}

#[cfg(feature = "serde-secret-key")]
mod secret {
    use crate::keys::SecretKey;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use tripair::serde_impls::{put, take};
    use zeroize::Zeroize;

    impl Serialize for SecretKey {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut bytes = self.to_bytes();
            let out = put(&bytes, s);
            bytes.zeroize();
            out
        }
    }

    impl<'de> Deserialize<'de> for SecretKey {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            take(d, "secret key", SecretKey::from_bytes)
        }
    }
}
