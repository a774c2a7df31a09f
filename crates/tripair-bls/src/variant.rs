//! The two variants of the draft (section 2.1): which group holds public keys and which holds
//! signatures. Everything else in the crate is written once, generic over [`Variant`].

use tripair::curve::curves::Bls12_381;
use tripair::curve::{Affine, CurveGroup, G1, G2};
use tripair::encoding::{decode_g1, decode_g2, encode_point_compressed};
use tripair::hash_to_curve::{hash_to_g1, hash_to_g2};
use tripair::{G1Affine, G2Affine};

/// The curve of every ciphersuite of this crate.
pub type Curve = Bls12_381;

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::MinPk {}
    impl Sealed for super::MinSig {}
}

/// A variant of the signature scheme (draft section 2.1): the groups of public keys and
/// signatures, their encodings, and the ciphersuite tags (section 4.2). Sealed: implemented by
/// [`MinPk`] and [`MinSig`] only.
pub trait Variant:
    sealed::Sealed + Copy + Clone + core::fmt::Debug + Default + PartialEq + Eq + Send + Sync + 'static
{
    /// The group of public keys (and of the generator P of section 2.2).
    type PkGroup: CurveGroup<Curve = Curve>;
    /// The group of signatures and message hashes.
    type SigGroup: CurveGroup<Curve = Curve>;
    /// A short name for messages: `"minimal-pubkey-size"` or `"minimal-signature-size"`.
    const NAME: &'static str;
    /// Length of a compressed public key, in bytes.
    const PK_BYTES: usize;
    /// Length of a compressed signature, in bytes.
    const SIG_BYTES: usize;
    /// The ciphersuite ID of the basic scheme (section 4.2.1), used as the hash-to-curve tag.
    const DST_BASIC: &'static [u8];
    /// The ciphersuite ID of the proof-of-possession scheme (section 4.2.3), for signatures.
    const DST_POP: &'static [u8];
    /// The tag of PopProve / PopVerify in the proof-of-possession scheme (section 4.2.3).
    const DST_POP_PROVE: &'static [u8];
    /// The ciphersuite ID of the message-augmentation scheme (section 4.2.2).
    const DST_AUG: &'static [u8];

    /// hash_to_point (section 1.3): the RFC 9380 `_RO_` suite of the signature group.
    fn hash_to_point(msg: &[u8], dst: &[u8]) -> tripair::Result<Affine<Self::SigGroup>>;
    /// point_to_pubkey: the compressed ZCash encoding (Appendix A of the draft).
    fn encode_pk(p: &Affine<Self::PkGroup>) -> Vec<u8>;
    /// point_to_signature: the compressed ZCash encoding.
    fn encode_sig(p: &Affine<Self::SigGroup>) -> Vec<u8>;
    /// pubkey_to_point with the subgroup check: fully validating decoder (any length accepted by
    /// tripair; the callers check the compressed length first).
    fn decode_pk(bytes: &[u8]) -> tripair::Result<Affine<Self::PkGroup>>;
    /// signature_to_point with the subgroup check.
    fn decode_sig(bytes: &[u8]) -> tripair::Result<Affine<Self::SigGroup>>;
    /// The pairing argument order: e(pk-group point, sig-group point) as (G1, G2).
    fn pair(
        pk: &Affine<Self::PkGroup>,
        sig: &Affine<Self::SigGroup>,
    ) -> (G1Affine<Curve>, G2Affine<Curve>);
}

/// Minimal-pubkey-size: public keys in G1 (48 bytes), signatures in G2 (96 bytes). The variant of
/// Ethereum's consensus layer (`BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MinPk;

/// Minimal-signature-size: public keys in G2 (96 bytes), signatures in G1 (48 bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MinSig;

impl Variant for MinPk {
    type PkGroup = G1<Curve>;
    type SigGroup = G2<Curve>;
    const NAME: &'static str = "minimal-pubkey-size";
    const PK_BYTES: usize = 48;
    const SIG_BYTES: usize = 96;
    const DST_BASIC: &'static [u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_";
    const DST_POP: &'static [u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
    const DST_POP_PROVE: &'static [u8] = b"BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
    const DST_AUG: &'static [u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_AUG_";

    fn hash_to_point(msg: &[u8], dst: &[u8]) -> tripair::Result<G2Affine<Curve>> {
        hash_to_g2(msg, dst)
    }
    fn encode_pk(p: &G1Affine<Curve>) -> Vec<u8> {
        encode_point_compressed(p)
    }
    fn encode_sig(p: &G2Affine<Curve>) -> Vec<u8> {
        encode_point_compressed(p)
    }
    fn decode_pk(bytes: &[u8]) -> tripair::Result<G1Affine<Curve>> {
        decode_g1::<Curve>(bytes)
    }
    fn decode_sig(bytes: &[u8]) -> tripair::Result<G2Affine<Curve>> {
        decode_g2::<Curve>(bytes)
    }
    fn pair(pk: &G1Affine<Curve>, sig: &G2Affine<Curve>) -> (G1Affine<Curve>, G2Affine<Curve>) {
        (*pk, *sig)
    }
}

impl Variant for MinSig {
    type PkGroup = G2<Curve>;
    type SigGroup = G1<Curve>;
    const NAME: &'static str = "minimal-signature-size";
    const PK_BYTES: usize = 96;
    const SIG_BYTES: usize = 48;
    const DST_BASIC: &'static [u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";
    const DST_POP: &'static [u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_";
    const DST_POP_PROVE: &'static [u8] = b"BLS_POP_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_";
    const DST_AUG: &'static [u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_AUG_";

    fn hash_to_point(msg: &[u8], dst: &[u8]) -> tripair::Result<G1Affine<Curve>> {
        hash_to_g1(msg, dst)
    }
    fn encode_pk(p: &G2Affine<Curve>) -> Vec<u8> {
        encode_point_compressed(p)
    }
    fn encode_sig(p: &G1Affine<Curve>) -> Vec<u8> {
        encode_point_compressed(p)
    }
    fn decode_pk(bytes: &[u8]) -> tripair::Result<G2Affine<Curve>> {
        decode_g2::<Curve>(bytes)
    }
    fn decode_sig(bytes: &[u8]) -> tripair::Result<G1Affine<Curve>> {
        decode_g1::<Curve>(bytes)
    }
    fn pair(pk: &G2Affine<Curve>, sig: &G1Affine<Curve>) -> (G1Affine<Curve>, G2Affine<Curve>) {
        (*sig, *pk)
    }
}
