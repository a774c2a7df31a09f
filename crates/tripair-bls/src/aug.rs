//! The message-augmentation scheme (section 3.2): each message is signed and verified prefixed
//! by the signer's compressed public key (PK || message), under the `_AUG_` ciphersuite tag, so
//! that AggregateVerify needs neither distinct messages nor proofs of possession.

use crate::core_ops;
use crate::keys::{PublicKey, SecretKey, Signature};
use crate::variant::Variant;
use rand_core::RngCore;

/// PK || message, the augmented message.
fn augmented<V: Variant>(pk: &PublicKey<V>, msg: &[u8]) -> Vec<u8> {
    let mut m = pk.to_bytes();
    m.extend_from_slice(msg);
    m
}

/// Sign (section 3.2.1): CoreSign(SK, SkToPk(SK) || message) with `V::DST_AUG`.
pub fn sign<V: Variant>(sk: &SecretKey, msg: &[u8]) -> Signature<V> {
    let pk = sk.public_key::<V>();
    core_ops::sign_with_suite_tag(sk, &augmented(&pk, msg), V::DST_AUG)
}

/// Verify (section 3.2.2): CoreVerify(PK, PK || message, signature) with `V::DST_AUG`.
pub fn verify<V: Variant>(pk: &PublicKey<V>, msg: &[u8], sig: &Signature<V>) -> bool {
    core_ops::core_verify(pk, &augmented(pk, msg), sig, V::DST_AUG)
}

/// AggregateVerify (section 3.2.3): CoreAggregateVerify over the pairs (PK_i, PK_i || m_i);
/// repeated messages are allowed. INVALID for no pairs or lists of different lengths.
pub fn aggregate_verify<V: Variant, M: AsRef<[u8]> + Sync>(
    pks: &[PublicKey<V>],
    msgs: &[M],
    sig: &Signature<V>,
) -> bool {
    if pks.len() != msgs.len() {
        return false;
    }
    let msgs: Vec<Vec<u8>> = pks
        .iter()
        .zip(msgs)
        .map(|(pk, m)| augmented(pk, m.as_ref()))
        .collect();
    core_ops::core_aggregate_verify(pks, &msgs, sig, V::DST_AUG)
}

/// Randomized batch verification of independent augmented-scheme signatures
/// ([`core_ops::batch_verify`] over PK || message). An empty batch is INVALID.
pub fn batch_verify<V: Variant, M: AsRef<[u8]> + Sync, R: RngCore + ?Sized>(
    items: &[(PublicKey<V>, M, Signature<V>)],
    rng: &mut R,
) -> bool {
    core_ops::batch_verify(&augment_items(items), V::DST_AUG, rng)
}

/// The verdict on each triple ([`core_ops::batch_verify_each`] over PK || message).
pub fn batch_verify_each<V: Variant, M: AsRef<[u8]> + Sync, R: RngCore + ?Sized>(
    items: &[(PublicKey<V>, M, Signature<V>)],
    rng: &mut R,
) -> Vec<bool> {
    core_ops::batch_verify_each(&augment_items(items), V::DST_AUG, rng)
}

fn augment_items<V: Variant, M: AsRef<[u8]>>(
    items: &[(PublicKey<V>, M, Signature<V>)],
) -> Vec<(PublicKey<V>, Vec<u8>, Signature<V>)> {
    items
        .iter()
        .map(|(pk, m, sig)| (*pk, augmented(pk, m.as_ref()), *sig))
        .collect()
}
