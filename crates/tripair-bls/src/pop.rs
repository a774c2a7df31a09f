//! The proof-of-possession scheme (section 3.3): signatures over the `_POP_` ciphersuite tag,
//! proofs of possession over the `BLS_POP_` tag, and FastAggregateVerify for one message signed
//! by keys whose proofs of possession have been checked. This is the scheme of Ethereum's
//! consensus layer (`BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_` with [`crate::MinPk`]).

use crate::core_ops;
use crate::keys::{PublicKey, SecretKey, Signature};
use crate::variant::Variant;
use rand_core::RngCore;

/// Sign (CoreSign with `V::DST_POP`).
pub fn sign<V: Variant>(sk: &SecretKey, msg: &[u8]) -> Signature<V> {
    core_ops::sign_with_suite_tag(sk, msg, V::DST_POP)
}

/// Verify (CoreVerify with `V::DST_POP`): VALID (`true`) or INVALID.
pub fn verify<V: Variant>(pk: &PublicKey<V>, msg: &[u8], sig: &Signature<V>) -> bool {
    core_ops::core_verify(pk, msg, sig, V::DST_POP)
}

/// AggregateVerify (section 3.3: CoreAggregateVerify, any messages, repeated ones included).
/// INVALID for no pairs, lists of different lengths or a key failing KeyValidate.
pub fn aggregate_verify<V: Variant, M: AsRef<[u8]> + Sync>(
    pks: &[PublicKey<V>],
    msgs: &[M],
    sig: &Signature<V>,
) -> bool {
    core_ops::core_aggregate_verify(pks, msgs, sig, V::DST_POP)
}

/// PopProve (section 3.3.2): SK * hash_pubkey_to_point(SkToPk(SK)), the hash taken with
/// `V::DST_POP_PROVE` over the compressed public key; constant time in SK.
pub fn pop_prove<V: Variant>(sk: &SecretKey) -> Signature<V> {
    let pk = sk.public_key::<V>();
    core_ops::sign_with_suite_tag(sk, &pk.to_bytes(), V::DST_POP_PROVE)
}

/// PopVerify (section 3.3.3): KeyValidate(PK), then e(PK, hash_pubkey_to_point(PK)) == e(P, proof).
pub fn pop_verify<V: Variant>(pk: &PublicKey<V>, proof: &Signature<V>) -> bool {
    core_ops::core_verify(pk, &pk.to_bytes(), proof, V::DST_POP_PROVE)
}

/// FastAggregateVerify (section 3.3.4): the keys (each with a verified proof of possession) are
/// summed and the signature checked against the sum with CoreVerify. INVALID for no keys, and,
/// stricter than the draft's text and as Ethereum requires, if any key is the identity: a
/// committee containing the identity key would otherwise verify without it.
pub fn fast_aggregate_verify<V: Variant>(
    pks: &[PublicKey<V>],
    msg: &[u8],
    sig: &Signature<V>,
) -> bool {
    match PublicKey::aggregate(pks) {
        Ok(agg) => core_ops::core_verify(&agg, msg, sig, V::DST_POP),
        Err(_) => false,
    }
}

/// Randomized batch verification of independent PoP-scheme signatures
/// ([`core_ops::batch_verify`]). An empty batch is INVALID.
pub fn batch_verify<V: Variant, M: AsRef<[u8]> + Sync, R: RngCore + ?Sized>(
    items: &[(PublicKey<V>, M, Signature<V>)],
    rng: &mut R,
) -> bool {
    core_ops::batch_verify(items, V::DST_POP, rng)
}

/// The verdict on each triple ([`core_ops::batch_verify_each`]): one batch verification, and
/// only if it fails one verification per triple, reusing the hashes.
pub fn batch_verify_each<V: Variant, M: AsRef<[u8]> + Sync, R: RngCore + ?Sized>(
    items: &[(PublicKey<V>, M, Signature<V>)],
    rng: &mut R,
) -> Vec<bool> {
    core_ops::batch_verify_each(items, V::DST_POP, rng)
}
