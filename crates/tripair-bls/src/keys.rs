//! Secret keys (KeyGen, section 2.3), public keys (SkToPk and KeyValidate, sections 2.4-2.5) and
//! signatures, with their byte encodings and aggregation (section 2.8).

use crate::error::{Error, Result};
use crate::variant::{Curve, Variant};
use core::fmt;
use hkdf::Hkdf;
use sha2::{Digest, Sha256};
use tripair::curve::{Affine, Projective};
use tripair::Scalar;
use zeroize::{DefaultIsZeroes, Zeroize, ZeroizeOnDrop};

/// Length of an encoded secret key: a 32-byte big-endian integer in [1, r).
pub const SECRET_KEY_BYTES: usize = 32;

/// The initial KeyGen salt (section 2.3).
const KEYGEN_SALT: &[u8] = b"BLS-SIG-KEYGEN-SALT-";
/// L = ceil((3 * ceil(log2(r))) / 16) = 48 for BLS12-381 (section 2.3): 128 bits more than r has,
/// so that OS2IP(OKM) mod r is statistically close to uniform.
const KEYGEN_L: usize = 48;

/// The scalar inside a [`SecretKey`], as its own type so that `zeroize` can wipe it: F_r elements
/// are `Copy` and their zero (the `Default`) is all-zero limbs in Montgomery form.
#[derive(Clone, Copy, Default)]
struct SecretScalar(Scalar<Curve>);

impl DefaultIsZeroes for SecretScalar {}

/// A secret key SK in [1, r). Wiped from memory when dropped; its `Debug` shows nothing secret.
/// Not `Copy`: each copy would be one more place to wipe.
///
/// The scalar multiplications with SK (SkToPk, Sign, PopProve) are tripair's constant-time ones
/// (fixed windows, masked table reads, complete formulas). Temporaries inside those routines live
/// on the stack and are not wiped.
#[derive(Clone)]
pub struct SecretKey {
    scalar: SecretScalar,
}

impl Drop for SecretKey {
    fn drop(&mut self) {
        self.scalar.zeroize();
    }
}

impl ZeroizeOnDrop for SecretKey {}

impl fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretKey(..)")
    }
}

impl SecretKey {
    /// KeyGen(IKM, key_info) of section 2.3: HKDF-SHA256 with the salt "BLS-SIG-KEYGEN-SALT-",
    /// hashed with SHA-256 at the start of every attempt, and L = 48 output bytes reduced mod r,
    /// repeated until the result is not zero. `ikm` must be at least 32 bytes of secret,
    /// uniformly random keying material (else [`Error::IkmTooShort`]); `key_info` may be empty.
    pub fn key_gen(ikm: &[u8], key_info: &[u8]) -> Result<SecretKey> {
        if ikm.len() < 32 {
            return Err(Error::IkmTooShort { got: ikm.len() });
        }
        // HKDF-Extract input: IKM || I2OSP(0, 1).
        let mut ikm0 = Vec::with_capacity(ikm.len() + 1);
        ikm0.extend_from_slice(ikm);
        ikm0.push(0);
        // HKDF-Expand info: key_info || I2OSP(L, 2).
        let l_bytes = (KEYGEN_L as u16).to_be_bytes();
        let mut salt: [u8; 32] = Sha256::digest(KEYGEN_SALT).into();
        let mut okm = [0u8; KEYGEN_L];
        let scalar = loop {
            let hk = Hkdf::<Sha256>::new(Some(&salt), &ikm0);
            // Cannot fail: 48 bytes is far below HKDF's limit of 255 * 32.
            let expanded = hk.expand_multi_info(&[key_info, &l_bytes], &mut okm);
            debug_assert!(expanded.is_ok());
            // OS2IP(OKM) mod r, with a reduction whose operations depend only on the length.
            let sk = Scalar::<Curve>::from_be_bytes_mod_order(&okm);
            if !sk.is_zero() {
                break sk;
            }
            // Section 2.3, step 2 of the next attempt: salt = H(salt).
            salt = Sha256::digest(salt).into();
        };
        okm.zeroize();
        ikm0.zeroize();
        Ok(SecretKey {
            scalar: SecretScalar(scalar),
        })
    }

    /// Decodes a 32-byte big-endian secret key, rejecting a wrong length, zero and values >= r.
    pub fn from_bytes(bytes: &[u8]) -> Result<SecretKey> {
        if bytes.len() != SECRET_KEY_BYTES {
            return Err(Error::WrongLength {
                what: "secret key",
                expected: SECRET_KEY_BYTES,
                got: bytes.len(),
            });
        }
        let s = Scalar::<Curve>::from_be_bytes(bytes).map_err(|_| Error::SecretKeyOutOfRange)?;
        if s.is_zero() {
            return Err(Error::ZeroSecretKey);
        }
        Ok(SecretKey {
            scalar: SecretScalar(s),
        })
    }

    /// The 32-byte big-endian encoding. The caller owns the copy and should wipe it
    /// (e.g. with `zeroize`) when done.
    pub fn to_bytes(&self) -> [u8; SECRET_KEY_BYTES] {
        let mut v = self.scalar.0.to_be_bytes();
        let mut out = [0u8; SECRET_KEY_BYTES];
        out.copy_from_slice(&v);
        v.zeroize();
        out
    }

    /// SkToPk (section 2.4): SK * P for the generator P of the variant's public-key group,
    /// computed in constant time from the generator's fixed-base table
    /// ([`Projective::mul_generator`], built once at first use).
    pub fn public_key<V: Variant>(&self) -> PublicKey<V> {
        PublicKey(Projective::<V::PkGroup>::mul_generator(&self.scalar.0).to_affine())
    }

    /// SK * Q in constant time (the heart of CoreSign and PopProve).
    pub(crate) fn mul<G: tripair::curve::CurveGroup<Curve = Curve>>(
        &self,
        q: &Affine<G>,
    ) -> Affine<G> {
        (*q * self.scalar.0).to_affine()
    }
}

fn decode_checked<T>(
    bytes: &[u8],
    what: &'static str,
    expected: usize,
    decode: impl FnOnce(&[u8]) -> tripair::Result<T>,
) -> Result<T> {
    // Only the compressed form (the draft's point_to_pubkey / point_to_signature) is accepted.
    if bytes.len() != expected {
        return Err(Error::WrongLength {
            what,
            expected,
            got: bytes.len(),
        });
    }
    decode(bytes).map_err(|error| Error::InvalidPoint { what, error })
}

/// A public key of variant `V`: a point of `V::PkGroup`, on the curve and in the order-r subgroup.
///
/// A decoded key may still be the identity; KeyValidate ([`PublicKey::validate`], section 2.5)
/// rejects it, and every verification function of this crate applies it to each key.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PublicKey<V: Variant>(pub(crate) Affine<V::PkGroup>);

impl<V: Variant> fmt::Debug for PublicKey<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PublicKey(0x{})", hex::encode(self.to_bytes()))
    }
}

impl<V: Variant> PublicKey<V> {
    /// Decodes a compressed public key (48 bytes for [`crate::MinPk`], 96 for
    /// [`crate::MinSig`]), fully validated as a point: flags, coordinates below p, on the curve,
    /// in the subgroup. The identity is accepted here, as a point of the group (the Ethereum
    /// deserialization vectors expect that); use [`PublicKey::from_bytes_validated`] to reject it
    /// too.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self> {
        decode_checked(bytes, "public key", V::PK_BYTES, V::decode_pk).map(PublicKey)
    }

    /// Decoding followed by KeyValidate (section 2.5): also rejects the identity
    /// ([`Error::IdentityPublicKey`]).
    pub fn from_bytes_validated(bytes: &[u8]) -> Result<Self> {
        let pk = Self::from_bytes(bytes)?;
        pk.validate()?;
        Ok(pk)
    }

    /// KeyValidate (section 2.5) of a decoded key: the subgroup check already happened in
    /// decoding (and keys built by this crate are in the group), so what is left is that the key
    /// is not the identity, whose signatures would verify for anyone.
    pub fn validate(&self) -> Result<()> {
        if self.0.is_identity() {
            return Err(Error::IdentityPublicKey);
        }
        Ok(())
    }

    /// The compressed encoding (point_to_pubkey).
    pub fn to_bytes(&self) -> Vec<u8> {
        V::encode_pk(&self.0)
    }

    /// The point.
    pub fn as_point(&self) -> &Affine<V::PkGroup> {
        &self.0
    }

    /// The sum of public keys, for FastAggregateVerify (section 3.3.4). Every key must pass
    /// KeyValidate ([`Error::IdentityPublicKey`] otherwise) and the list must not be empty
    /// ([`Error::EmptyAggregate`]). The sum itself may be the identity (keys that cancel); the
    /// verification functions reject that.
    pub fn aggregate(keys: &[PublicKey<V>]) -> Result<PublicKey<V>> {
        if keys.is_empty() {
            return Err(Error::EmptyAggregate {
                what: "public keys",
            });
        }
        let mut acc = Projective::<V::PkGroup>::identity();
        for k in keys {
            k.validate()?;
            acc += k.0.to_projective();
        }
        Ok(PublicKey(acc.to_affine_vartime()))
    }
}

/// A signature of variant `V`: a point of `V::SigGroup` in the order-r subgroup. The identity is
/// a valid encoding (the aggregate of no contribution); it verifies under no valid key.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Signature<V: Variant>(pub(crate) Affine<V::SigGroup>);

impl<V: Variant> fmt::Debug for Signature<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Signature(0x{})", hex::encode(self.to_bytes()))
    }
}

impl<V: Variant> Signature<V> {
    /// Decodes a compressed signature (96 bytes for [`crate::MinPk`], 48 for [`crate::MinSig`]),
    /// fully validated: signature_to_point with the subgroup check of section 2.7 step 3.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self> {
        decode_checked(bytes, "signature", V::SIG_BYTES, V::decode_sig).map(Signature)
    }

    /// The compressed encoding (point_to_signature).
    pub fn to_bytes(&self) -> Vec<u8> {
        V::encode_sig(&self.0)
    }

    /// The point.
    pub fn as_point(&self) -> &Affine<V::SigGroup> {
        &self.0
    }

    /// Aggregate (section 2.8): the sum of the signatures; [`Error::EmptyAggregate`] for none.
    pub fn aggregate(signatures: &[Signature<V>]) -> Result<Signature<V>> {
        if signatures.is_empty() {
            return Err(Error::EmptyAggregate { what: "signatures" });
        }
        let mut acc = Projective::<V::SigGroup>::identity();
        for s in signatures {
            acc += s.0.to_projective();
        }
        Ok(Signature(acc.to_affine_vartime()))
    }
}
