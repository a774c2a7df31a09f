//! The basic scheme (section 3.1): signatures over the `_NUL_` ciphersuite tag, with
//! AggregateVerify requiring distinct messages (the defence of this scheme against rogue-key
//! attacks).

use crate::core_ops;
use crate::keys::{PublicKey, SecretKey, Signature};
use crate::variant::Variant;
use rand_core::RngCore;

/// Sign (CoreSign with `V::DST_BASIC`).
pub fn sign<V: Variant>(sk: &SecretKey, msg: &[u8]) -> Signature<V> {
    core_ops::sign_with_suite_tag(sk, msg, V::DST_BASIC)
}

/// Verify (CoreVerify with `V::DST_BASIC`): VALID (`true`) or INVALID.
pub fn verify<V: Variant>(pk: &PublicKey<V>, msg: &[u8], sig: &Signature<V>) -> bool {
    core_ops::core_verify(pk, msg, sig, V::DST_BASIC)
}

/// AggregateVerify (section 3.1.1): INVALID if any two messages are equal, else
/// CoreAggregateVerify. Also INVALID for no pairs or for lists of different lengths.
pub fn aggregate_verify<V: Variant, M: AsRef<[u8]> + Sync>(
    pks: &[PublicKey<V>],
    msgs: &[M],
    sig: &Signature<V>,
) -> bool {
    // Section 3.1.1 step 1: all messages distinct (sorted, then neighbours compared).
    let mut sorted: Vec<&[u8]> = msgs.iter().map(|m| m.as_ref()).collect();
    sorted.sort_unstable();
    if sorted.windows(2).any(|w| w[0] == w[1]) {
        return false;
    }
    core_ops::core_aggregate_verify(pks, msgs, sig, V::DST_BASIC)
}

/// Randomized batch verification of independent basic-scheme signatures
/// ([`core_ops::batch_verify`]): messages need not be distinct, since every signature is checked
/// on its own. An empty batch is INVALID.
pub fn batch_verify<V: Variant, M: AsRef<[u8]> + Sync, R: RngCore + ?Sized>(
    items: &[(PublicKey<V>, M, Signature<V>)],
    rng: &mut R,
) -> bool {
    core_ops::batch_verify(items, V::DST_BASIC, rng)
}

/// The verdict on each triple ([`core_ops::batch_verify_each`]): one batch verification, and
/// only if it fails one verification per triple, reusing the hashes.
pub fn batch_verify_each<V: Variant, M: AsRef<[u8]> + Sync, R: RngCore + ?Sized>(
    items: &[(PublicKey<V>, M, Signature<V>)],
    rng: &mut R,
) -> Vec<bool> {
    core_ops::batch_verify_each(items, V::DST_BASIC, rng)
}
