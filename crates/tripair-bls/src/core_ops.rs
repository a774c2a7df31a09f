//! The core operations of section 2 (CoreSign, CoreVerify, CoreAggregateVerify) with an explicit
//! domain separation tag, and randomized batch verification. The schemes ([`crate::basic`],
//! [`crate::pop`]) fix the tag and add their rules.

use crate::keys::{PublicKey, SecretKey, Signature};
use crate::variant::{Curve, Variant};
use rand_core::RngCore;
use tripair::curve::{Affine, Projective, Scalar};
use tripair::{G1Affine, G2Affine};

/// Pairs from this many on are checked with the Miller loops split over the available threads,
/// and their messages hashed on those threads.
#[cfg(feature = "parallel")]
const PARALLEL_MIN_PAIRS: usize = 16;

/// The threads to spread n pairs (or their messages) over: from PARALLEL_MIN_PAIRS on, where the
/// machine offers more than one.
#[cfg(feature = "parallel")]
fn split_threads(n: usize) -> Option<usize> {
    if n < PARALLEL_MIN_PAIRS {
        return None;
    }
    Some(tripair::pairing::available_threads()).filter(|&t| t > 1)
}

/// `f` on every item, in order; on the available threads for PARALLEL_MIN_PAIRS items or more.
/// Hashing to G2 costs about a third of a pairing, so a batch's hashes are a large share of its
/// work and gain as much from the threads as its Miller loops do.
fn map_items<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    #[cfg(feature = "parallel")]
    if let Some(threads) = split_threads(items.len()) {
        return tripair::pairing::map_chunks(items, threads, |chunk| {
            chunk.iter().map(&f).collect::<Vec<R>>()
        })
        .into_iter()
        .flatten()
        .collect();
    }
    items.iter().map(f).collect()
}

/// prod e(P_i, Q_i) == 1 with one shared Miller loop and final exponentiation; split over threads
/// for long products when the `parallel` feature is on.
pub(crate) fn check(pairs: &[(G1Affine<Curve>, G2Affine<Curve>)]) -> bool {
    #[cfg(feature = "parallel")]
    if let Some(threads) = split_threads(pairs.len()) {
        return tripair::pairing::pairing_check_threads::<Curve>(pairs, threads);
    }
    tripair::pairing_check::<Curve>(pairs)
}

/// The constant hash tags of this crate are all shorter than 255 bytes, the only way hashing can
/// fail; callers with their own tags get `None` for a tag that is too long.
fn hash<V: Variant>(msg: &[u8], dst: &[u8]) -> Option<Affine<V::SigGroup>> {
    V::hash_to_point(msg, dst).ok()
}

/// CoreSign (section 2.6): SK * hash_to_point(message), constant time in SK.
pub fn core_sign<V: Variant>(
    sk: &SecretKey,
    msg: &[u8],
    dst: &[u8],
) -> crate::Result<Signature<V>> {
    let q = V::hash_to_point(msg, dst).map_err(crate::Error::HashToCurve)?;
    Ok(Signature(sk.mul(&q)))
}

/// CoreSign under one of the ciphersuites' own tags (43 bytes), for which hashing cannot fail:
/// it fails only for tags over 255 bytes.
pub(crate) fn sign_with_suite_tag<V: Variant>(
    sk: &SecretKey,
    msg: &[u8],
    suite_tag: &[u8],
) -> Signature<V> {
    match core_sign(sk, msg, suite_tag) {
        Ok(s) => s,
        Err(_) => unreachable!("a ciphersuite tag is a valid hash-to-curve tag"),
    }
}

/// The pair (-P, signature) that closes every verification equation: e(pk, H(m)) = e(P, sig)
/// becomes e(pk, H(m)) * e(-P, sig) = 1, one multi-pairing.
fn closing_pair<V: Variant>(sig: &Affine<V::SigGroup>) -> (G1Affine<Curve>, G2Affine<Curve>) {
    V::pair(&-Affine::<V::PkGroup>::generator(), sig)
}

/// CoreVerify (section 2.7): KeyValidate(PK), then e(PK, H(m)) == e(P, signature). The signature
/// is a decoded, hence subgroup-checked, point (step 3).
pub fn core_verify<V: Variant>(
    pk: &PublicKey<V>,
    msg: &[u8],
    sig: &Signature<V>,
    dst: &[u8],
) -> bool {
    if pk.validate().is_err() {
        return false;
    }
    let Some(h) = hash::<V>(msg, dst) else {
        return false;
    };
    check(&[V::pair(&pk.0, &h), closing_pair::<V>(&sig.0)])
}

/// CoreAggregateVerify (section 2.9): n >= 1 pairs, every key passes KeyValidate, and
/// prod e(PK_i, H(m_i)) == e(P, signature), as one multi-pairing.
pub fn core_aggregate_verify<V: Variant, M: AsRef<[u8]> + Sync>(
    pks: &[PublicKey<V>],
    msgs: &[M],
    sig: &Signature<V>,
    dst: &[u8],
) -> bool {
    if pks.is_empty() || pks.len() != msgs.len() {
        return false;
    }
    let items: Vec<(&PublicKey<V>, &M)> = pks.iter().zip(msgs).collect();
    let pairs: Option<Vec<_>> = map_items(&items, |(pk, m)| {
        pk.validate().ok()?;
        Some(V::pair(&pk.0, &hash::<V>(m.as_ref(), dst)?))
    })
    .into_iter()
    .collect();
    let Some(mut pairs) = pairs else {
        return false;
    };
    pairs.push(closing_pair::<V>(&sig.0));
    check(&pairs)
}

/// Batch verification of independent (public key, message, signature) triples, all under `dst`:
/// VALID only if every signature verifies (with overwhelming probability).
///
/// Each triple gets a random nonzero 64-bit coefficient r_i drawn from `rng`, and the single
/// equation prod e(r_i PK_i, H(m_i)) * e(-P, sum r_i sig_i) = 1 is checked with one
/// multi-pairing (for minimal-signature-size r_i scales H(m_i) instead, the G1 side, which is the
/// cheaper one), and sum r_i sig_i is one multi-scalar multiplication
/// ([`Projective::msm_vartime`], Pippenger). Without the coefficients, errors that cancel between
/// signatures would pass (the "forged signature set" attack); with them a batch containing an
/// invalid signature passes with probability at most 2^-64 over the choice of the r_i. The
/// coefficients are public, so their scalar multiplications are variable time. `rng` should be a cryptographically secure generator
/// unpredictable to whoever supplied the signatures.
///
/// Every key must pass KeyValidate. **An empty batch is INVALID** (`false`): as with the draft's
/// AggregateVerify and FastAggregateVerify, which require n >= 1, nothing verified is not a
/// success.
pub fn batch_verify<V: Variant, M: AsRef<[u8]> + Sync, R: RngCore + ?Sized>(
    items: &[(PublicKey<V>, M, Signature<V>)],
    dst: &[u8],
    rng: &mut R,
) -> bool {
    if items.is_empty() {
        return false;
    }
    let hashed: Option<Vec<Hashed<V>>> =
        map_items(items, |(pk, m, sig)| hashed_item(pk, m.as_ref(), sig, dst))
            .into_iter()
            .collect();
    match hashed {
        Some(hashed) => batch_check_hashed::<V, R>(&hashed, rng),
        None => false,
    }
}

/// The verdict on each triple, all under `dst`: `true` exactly where the signature verifies
/// (CoreVerify). The triples are first checked together as in [`batch_verify`] (one
/// multi-pairing); only if that fails is each checked on its own, reusing its hash H(m_i), so
/// that the invalid ones are named. A key failing KeyValidate makes its own triple INVALID only.
/// An empty list gives an empty list.
pub fn batch_verify_each<V: Variant, M: AsRef<[u8]> + Sync, R: RngCore + ?Sized>(
    items: &[(PublicKey<V>, M, Signature<V>)],
    dst: &[u8],
    rng: &mut R,
) -> Vec<bool> {
    let hashed: Vec<Option<Hashed<V>>> =
        map_items(items, |(pk, m, sig)| hashed_item(pk, m.as_ref(), sig, dst));
    let candidates: Vec<Hashed<V>> = hashed.iter().flatten().copied().collect();
    let all_valid = !candidates.is_empty() && batch_check_hashed::<V, R>(&candidates, rng);
    hashed
        .iter()
        .map(|t| match t {
            None => false,
            Some(_) if all_valid => true,
            Some((pk, h, sig)) => check(&[V::pair(pk, h), closing_pair::<V>(sig)]),
        })
        .collect()
}

/// A triple ready for the pairing check: (PK, H(m), signature).
type Hashed<V> = (
    Affine<<V as Variant>::PkGroup>,
    Affine<<V as Variant>::SigGroup>,
    Affine<<V as Variant>::SigGroup>,
);

/// KeyValidate and hashing of one triple; `None` if either fails.
fn hashed_item<V: Variant>(
    pk: &PublicKey<V>,
    msg: &[u8],
    sig: &Signature<V>,
    dst: &[u8],
) -> Option<Hashed<V>> {
    pk.validate().ok()?;
    Some((pk.0, hash::<V>(msg, dst)?, sig.0))
}

/// prod e(r_i PK_i, H(m_i)) * e(-P, sum r_i sig_i) == 1 for at least one hashed triple, the
/// nonzero 64-bit r_i drawn from `rng` ([`batch_verify`]).
fn batch_check_hashed<V: Variant, R: RngCore + ?Sized>(items: &[Hashed<V>], rng: &mut R) -> bool {
    let rs: Vec<u64> = items
        .iter()
        .map(|_| loop {
            let r = rng.next_u64();
            if r != 0 {
                break r;
            }
        })
        .collect();
    // r_i times the G1 member of each pair, on the threads for large batches.
    let scaled: Vec<_> = items.iter().zip(&rs).collect();
    let (g1s, g2s): (Vec<_>, Vec<_>) = map_items(&scaled, |((pk, h, _), r)| {
        let (p, q) = V::pair(pk, h);
        (p.to_projective().mul_vartime(&[**r]), q)
    })
    .into_iter()
    .unzip();
    let sigs: Vec<_> = items.iter().map(|(_, _, sig)| *sig).collect();
    let coeffs: Vec<_> = rs.iter().map(|&r| Scalar::<Curve>::from_u64(r)).collect();
    // sum r_i sig_i with one multi-scalar multiplication (Pippenger's buckets over the GLV/GLS
    // halves or quarters): the doublings are shared by all terms instead of done per signature.
    let sig_sum = Projective::<V::SigGroup>::msm_vartime(&sigs, &coeffs);
    let (neg_g, s) = closing_pair::<V>(&sig_sum.to_affine_vartime());
    let mut pairs: Vec<_> = Projective::batch_to_affine_vartime(&g1s)
        .into_iter()
        .zip(g2s)
        .collect();
    pairs.push((neg_g, s));
    check(&pairs)
}
