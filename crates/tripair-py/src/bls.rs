//! BLS signatures on BLS12-381 (draft-irtf-cfrg-bls-signature-05, over `tripair_bls`), both
//! variants and the three schemes, chosen per call by the keywords `variant=` and `scheme=`, and
//! EIP-2333 key derivation:
//!
//! - `variant="minpk"` (the default): public keys in G1 (48 bytes), signatures in G2 (96 bytes);
//!   with `scheme="pop"` (the default) this is Ethereum's
//!   `BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`. `variant="minsig"`: public keys in G2
//!   (96 bytes), signatures in G1 (48 bytes).
//! - `scheme="pop"`: the proof-of-possession scheme (`_POP_` tags; PopProve, PopVerify and
//!   FastAggregateVerify exist only there). `scheme="basic"`: the basic scheme (`_NUL_` tags;
//!   AggregateVerify requires distinct messages). `scheme="aug"`: message augmentation (`_AUG_`
//!   tags; the signer's compressed public key is prefixed to each message).
//!
//! Keys and signatures travel as their compressed bytes; every decoding error, public keys that
//! are the identity included, and every unknown variant or scheme name raises `TripairError`
//! with a message naming what is wrong.

use crate::buf::Buf;
use crate::groups::{bls12_381_g1, bls12_381_g2};
use crate::{error, py_bytes, PyG1, PyG2};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rand_core::OsRng;
use tripair_bls::{aug, basic, core_ops, derive, pop};
use tripair_bls::{MinPk, MinSig, PublicKey, SecretKey, Signature, Variant};

/// The variant named by `variant=`.
#[derive(Clone, Copy)]
enum VariantName {
    MinPk,
    MinSig,
}

fn variant_name(name: &str) -> PyResult<VariantName> {
    match name {
        "minpk" => Ok(VariantName::MinPk),
        "minsig" => Ok(VariantName::MinSig),
        _ => Err(error(format!(
            "unknown BLS variant '{name}': expected 'minpk' (public keys in G1, signatures in \
             G2) or 'minsig' (public keys in G2, signatures in G1)"
        ))),
    }
}

/// The scheme named by `scheme=`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scheme {
    Pop,
    Basic,
    Aug,
}

fn scheme_name(name: &str) -> PyResult<Scheme> {
    match name {
        "pop" => Ok(Scheme::Pop),
        "basic" => Ok(Scheme::Basic),
        "aug" => Ok(Scheme::Aug),
        _ => Err(error(format!(
            "unknown BLS scheme '{name}': expected 'pop' (proof of possession), 'basic' or 'aug' \
             (message augmentation)"
        ))),
    }
}

/// The signing tag (ciphersuite ID) of a scheme in variant `V`.
fn dst<V: Variant>(scheme: Scheme) -> &'static [u8] {
    match scheme {
        Scheme::Pop => V::DST_POP,
        Scheme::Basic => V::DST_BASIC,
        Scheme::Aug => V::DST_AUG,
    }
}

/// The message the core operations sign in `scheme`: the message itself, or for message
/// augmentation the signer's compressed public key followed by it (section 3.2).
fn signed_message(scheme: Scheme, pk: &[u8], msg: &[u8]) -> Vec<u8> {
    match scheme {
        Scheme::Aug => [pk, msg].concat(),
        Scheme::Pop | Scheme::Basic => msg.to_vec(),
    }
}

/// Evaluates `$body` with the type `$V` standing for the variant named by the string `$name`
/// (a `TripairError` for an unknown name).
macro_rules! with_variant {
    ($name:expr, $V:ident => $body:expr) => {
        match variant_name($name)? {
            VariantName::MinPk => {
                type $V = MinPk;
                $body
            }
            VariantName::MinSig => {
                type $V = MinSig;
                $body
            }
        }
    };
}

fn secret_key(sk: &[u8]) -> PyResult<SecretKey> {
    SecretKey::from_bytes(sk).map_err(error)
}

/// A public key that passes KeyValidate (decoded, in the subgroup, not the identity).
fn public_key<V: Variant>(pk: &[u8]) -> PyResult<PublicKey<V>> {
    PublicKey::from_bytes_validated(pk).map_err(error)
}

fn public_keys<V: Variant>(pks: &[Buf]) -> PyResult<Vec<PublicKey<V>>> {
    pks.iter().map(|pk| public_key(pk)).collect()
}

fn signature<V: Variant>(sig: &[u8]) -> PyResult<Signature<V>> {
    Signature::from_bytes(sig).map_err(error)
}

/// (pk, msg, sig) triples of bytes-like values, decoded: the first error raises.
type Items = Vec<(Buf, Buf, Buf)>;

/// Decoded triples, for the library's batch verification.
type Decoded<V> = Vec<(PublicKey<V>, Vec<u8>, Signature<V>)>;

/// The triples decoded, each message as `scheme` signs it ([`signed_message`]).
fn decoded_items<V: Variant>(items: &Items, scheme: Scheme) -> PyResult<Decoded<V>> {
    items
        .iter()
        .map(|(pk, msg, sig)| {
            Ok((
                public_key(pk)?,
                signed_message(scheme, pk, msg),
                signature(sig)?,
            ))
        })
        .collect()
}

/// KeyGen (HKDF-SHA256) from at least 32 bytes of secret keying material: the 32-byte secret key
/// (the same for both variants).
#[pyfunction]
#[pyo3(signature = (ikm, key_info = Buf::default()), text_signature = "(ikm, key_info=b'')")]
fn bls_keygen<'py>(py: Python<'py>, ikm: Buf, key_info: Buf) -> PyResult<Bound<'py, PyBytes>> {
    let sk = SecretKey::key_gen(&ikm, &key_info).map_err(error)?;
    Ok(py_bytes(py, &sk.to_bytes()))
}

/// EIP-2333 derive_master_SK: the 32-byte secret key of the master node of `seed` (at least 32
/// bytes, e.g. a BIP-39 seed).
#[pyfunction]
fn bls_derive_master_sk<'py>(py: Python<'py>, seed: Buf) -> PyResult<Bound<'py, PyBytes>> {
    let sk = derive::derive_master_sk(&seed).map_err(error)?;
    Ok(py_bytes(py, &sk.to_bytes()))
}

/// EIP-2333 derive_child_SK: the 32-byte secret key of child `index` (below 2^32) of `sk`.
#[pyfunction]
fn bls_derive_child_sk<'py>(py: Python<'py>, sk: Buf, index: u32) -> PyResult<Bound<'py, PyBytes>> {
    let child = derive::derive_child_sk(&secret_key(&sk)?, index);
    Ok(py_bytes(py, &child.to_bytes()))
}

/// EIP-2333 derivation along `path` ("m/12381/3600/0/0/0", EIP-2334's form) from `seed`: the
/// 32-byte secret key; a malformed path raises, naming the step.
#[pyfunction]
fn bls_derive_path<'py>(py: Python<'py>, seed: Buf, path: &str) -> PyResult<Bound<'py, PyBytes>> {
    let sk = derive::derive_path(&seed, path).map_err(error)?;
    Ok(py_bytes(py, &sk.to_bytes()))
}

/// SkToPk: the compressed public key of a 32-byte secret key (48 bytes for minpk, 96 for minsig).
#[pyfunction]
#[pyo3(signature = (sk, *, variant = "minpk"))]
fn bls_sk_to_pk<'py>(py: Python<'py>, sk: Buf, variant: &str) -> PyResult<Bound<'py, PyBytes>> {
    let sk = secret_key(&sk)?;
    let pk = with_variant!(variant, V => py.allow_threads(|| sk.public_key::<V>().to_bytes()));
    Ok(py_bytes(py, &pk))
}

/// Sign: the compressed signature of `msg` (constant time in the secret key).
#[pyfunction]
#[pyo3(signature = (sk, msg, *, variant = "minpk", scheme = "pop"))]
fn bls_sign<'py>(
    py: Python<'py>,
    sk: Buf,
    msg: Buf,
    variant: &str,
    scheme: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let (sk, scheme) = (secret_key(&sk)?, scheme_name(scheme)?);
    // Only message augmentation needs the public key (a scalar multiplication in G1): each
    // scheme's own sign, so that the other two do not compute it.
    let sig = with_variant!(variant, V => py.allow_threads(|| match scheme {
        Scheme::Pop => pop::sign::<V>(&sk, &msg),
        Scheme::Basic => basic::sign::<V>(&sk, &msg),
        Scheme::Aug => aug::sign::<V>(&sk, &msg),
    }.to_bytes()));
    Ok(py_bytes(py, &sig))
}

/// Verify: whether `sig` is a valid signature of `msg` under `pk`.
#[pyfunction]
#[pyo3(signature = (pk, msg, sig, *, variant = "minpk", scheme = "pop"))]
fn bls_verify(
    py: Python<'_>,
    pk: Buf,
    msg: Buf,
    sig: Buf,
    variant: &str,
    scheme: &str,
) -> PyResult<bool> {
    let scheme = scheme_name(scheme)?;
    // Decoding (subgroup checks) and verifying, all without the GIL.
    with_variant!(variant, V => py.allow_threads(|| {
        let (pk, sig) = (public_key::<V>(&pk)?, signature::<V>(&sig)?);
        Ok(match scheme {
            Scheme::Pop => pop::verify(&pk, &msg, &sig),
            Scheme::Basic => basic::verify(&pk, &msg, &sig),
            Scheme::Aug => aug::verify(&pk, &msg, &sig),
        })
    }))
}

/// Aggregate: the sum of the signatures (at least one), compressed.
#[pyfunction]
#[pyo3(signature = (sigs, *, variant = "minpk"))]
fn bls_aggregate<'py>(
    py: Python<'py>,
    sigs: Vec<Buf>,
    variant: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let agg = with_variant!(variant, V => py.allow_threads(|| {
        let sigs = sigs
            .iter()
            .map(|s| signature::<V>(s))
            .collect::<PyResult<Vec<_>>>()?;
        Ok::<_, PyErr>(Signature::aggregate(&sigs).map_err(error)?.to_bytes())
    })?);
    Ok(py_bytes(py, &agg))
}

/// FastAggregateVerify (proof-of-possession scheme): whether `sig` is the aggregate signature
/// of `msg` by all the keys (at least one; their proofs of possession checked beforehand).
#[pyfunction]
#[pyo3(signature = (pks, msg, sig, *, variant = "minpk"))]
fn bls_fast_aggregate_verify(
    py: Python<'_>,
    pks: Vec<Buf>,
    msg: Buf,
    sig: Buf,
    variant: &str,
) -> PyResult<bool> {
    with_variant!(variant, V => py.allow_threads(|| {
        let (pks, sig) = (public_keys::<V>(&pks)?, signature::<V>(&sig)?);
        PublicKey::aggregate(&pks).map_err(error)?;
        Ok(pop::fast_aggregate_verify(&pks, &msg, &sig))
    }))
}

/// AggregateVerify: whether `sig` is the aggregate of the signatures of `msgs[i]` by `pks[i]`.
/// The lists must have the same length; an empty list is INVALID (`False`), and so, in the basic
/// scheme, are repeated messages.
#[pyfunction]
#[pyo3(signature = (pks, msgs, sig, *, variant = "minpk", scheme = "pop"))]
fn bls_aggregate_verify(
    py: Python<'_>,
    pks: Vec<Buf>,
    msgs: Vec<Buf>,
    sig: Buf,
    variant: &str,
    scheme: &str,
) -> PyResult<bool> {
    if pks.len() != msgs.len() {
        return Err(error(format!(
            "{} public keys but {} messages",
            pks.len(),
            msgs.len()
        )));
    }
    let scheme = scheme_name(scheme)?;
    with_variant!(variant, V => py.allow_threads(|| {
        let (pks, sig) = (public_keys::<V>(&pks)?, signature::<V>(&sig)?);
        Ok(match scheme {
            Scheme::Pop => pop::aggregate_verify(&pks, &msgs, &sig),
            Scheme::Basic => basic::aggregate_verify(&pks, &msgs, &sig),
            Scheme::Aug => aug::aggregate_verify(&pks, &msgs, &sig),
        })
    }))
}

/// Randomized batch verification of independent signatures `(pk, msg, sig)` with one
/// multi-pairing (coefficients from the OS RNG; without the GIL). An empty batch is INVALID; a
/// malformed item raises.
#[pyfunction]
#[pyo3(signature = (items, *, variant = "minpk", scheme = "pop"))]
fn bls_batch_verify(py: Python<'_>, items: Items, variant: &str, scheme: &str) -> PyResult<bool> {
    let scheme = scheme_name(scheme)?;
    with_variant!(variant, V => py.allow_threads(|| {
        let items = decoded_items::<V>(&items, scheme)?;
        Ok(core_ops::batch_verify(&items, dst::<V>(scheme), &mut OsRng))
    }))
}

/// The verdict on each item of a batch: `(valid, error)`, `error` the decoding error's message
/// for a malformed item (then `valid` is false) and `None` otherwise.
type Verdicts = Vec<(bool, Option<String>)>;

/// Verdicts on every item: decoding errors by item, and for the well-formed ones
/// [`core_ops::batch_verify_each`] (one randomized batch verification and, only if it fails, one
/// verification each with the hashes reused, so that the invalid ones are named).
fn batch_verify_each_in<V: Variant>(items: &[(Vec<u8>, Vec<u8>, Vec<u8>)], dst: &[u8]) -> Verdicts {
    let decoded: Vec<Result<Decoded1<'_, V>, String>> = items
        .iter()
        .map(|(pk, msg, sig)| {
            let pk = PublicKey::<V>::from_bytes_validated(pk).map_err(|e| e.to_string())?;
            let sig = Signature::<V>::from_bytes(sig).map_err(|e| e.to_string())?;
            Ok((pk, msg.as_slice(), sig))
        })
        .collect();
    let well_formed: Vec<Decoded1<'_, V>> = decoded.iter().flatten().copied().collect();
    let mut valid = core_ops::batch_verify_each(&well_formed, dst, &mut OsRng).into_iter();
    decoded
        .into_iter()
        .map(|d| match d {
            Err(e) => (false, Some(e)),
            Ok(_) => (valid.next().unwrap_or(false), None),
        })
        .collect()
}

/// One decoded item, its message borrowed.
type Decoded1<'a, V> = (PublicKey<V>, &'a [u8], Signature<V>);

/// For each item `(pk, msg, sig)`, the pair `(valid, error)`: `(True, None)` for a valid
/// signature, `(False, None)` for an invalid one, `(False, message)` for a malformed item (the
/// message names what is wrong: wrong length, bad flags, not on the curve, not in the subgroup,
/// identity public key). The well-formed items are first checked together with one randomized
/// batch verification; only if that fails is each checked on its own. Without the GIL.
#[pyfunction]
#[pyo3(signature = (items, *, variant = "minpk", scheme = "pop"))]
fn bls_batch_verify_each(
    py: Python<'_>,
    items: Items,
    variant: &str,
    scheme: &str,
) -> PyResult<Verdicts> {
    let scheme = scheme_name(scheme)?;
    let items: Vec<(Vec<u8>, Vec<u8>, Vec<u8>)> = items
        .iter()
        .map(|(pk, msg, sig)| (pk.to_vec(), signed_message(scheme, pk, msg), sig.to_vec()))
        .collect();
    Ok(with_variant!(variant, V => {
        py.allow_threads(|| batch_verify_each_in::<V>(&items, dst::<V>(scheme)))
    }))
}

/// PopProve: the compressed proof of possession of the secret key.
#[pyfunction]
#[pyo3(signature = (sk, *, variant = "minpk"))]
fn bls_pop_prove<'py>(py: Python<'py>, sk: Buf, variant: &str) -> PyResult<Bound<'py, PyBytes>> {
    let sk = secret_key(&sk)?;
    let proof =
        with_variant!(variant, V => py.allow_threads(|| pop::pop_prove::<V>(&sk).to_bytes()));
    Ok(py_bytes(py, &proof))
}

/// PopVerify: whether `proof` is a valid proof of possession for `pk`.
#[pyfunction]
#[pyo3(signature = (pk, proof, *, variant = "minpk"))]
fn bls_pop_verify(py: Python<'_>, pk: Buf, proof: Buf, variant: &str) -> PyResult<bool> {
    with_variant!(variant, V => py.allow_threads(|| {
        Ok(pop::pop_verify(&public_key::<V>(&pk)?, &signature::<V>(&proof)?))
    }))
}

/// The public key's point (decoded and validated as a point; the identity is accepted): a `G1`
/// for minpk, a `G2` for minsig.
#[pyfunction]
#[pyo3(signature = (pk, *, variant = "minpk"))]
fn bls_public_key_point(py: Python<'_>, pk: Buf, variant: &str) -> PyResult<PyObject> {
    Ok(match variant_name(variant)? {
        VariantName::MinPk => {
            let pk = py
                .allow_threads(|| PublicKey::<MinPk>::from_bytes(&pk))
                .map_err(error)?;
            PyG1(bls12_381_g1(*pk.as_point()))
                .into_pyobject(py)?
                .into_any()
                .unbind()
        }
        VariantName::MinSig => {
            let pk = py
                .allow_threads(|| PublicKey::<MinSig>::from_bytes(&pk))
                .map_err(error)?;
            PyG2(bls12_381_g2(*pk.as_point()))
                .into_pyobject(py)?
                .into_any()
                .unbind()
        }
    })
}

/// The signature's point (decoded and validated; the identity is accepted): a `G2` for minpk, a
/// `G1` for minsig.
#[pyfunction]
#[pyo3(signature = (sig, *, variant = "minpk"))]
fn bls_signature_point(py: Python<'_>, sig: Buf, variant: &str) -> PyResult<PyObject> {
    Ok(match variant_name(variant)? {
        VariantName::MinPk => {
            let sig = py.allow_threads(|| signature::<MinPk>(&sig))?;
            PyG2(bls12_381_g2(*sig.as_point()))
                .into_pyobject(py)?
                .into_any()
                .unbind()
        }
        VariantName::MinSig => {
            let sig = py.allow_threads(|| signature::<MinSig>(&sig))?;
            PyG1(bls12_381_g1(*sig.as_point()))
                .into_pyobject(py)?
                .into_any()
                .unbind()
        }
    })
}

/// Adds the `bls_*` functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(bls_keygen, m)?)?;
    m.add_function(wrap_pyfunction!(bls_sk_to_pk, m)?)?;
    m.add_function(wrap_pyfunction!(bls_derive_master_sk, m)?)?;
    m.add_function(wrap_pyfunction!(bls_derive_child_sk, m)?)?;
    m.add_function(wrap_pyfunction!(bls_derive_path, m)?)?;
    m.add_function(wrap_pyfunction!(bls_sign, m)?)?;
    m.add_function(wrap_pyfunction!(bls_verify, m)?)?;
    m.add_function(wrap_pyfunction!(bls_aggregate, m)?)?;
    m.add_function(wrap_pyfunction!(bls_fast_aggregate_verify, m)?)?;
    m.add_function(wrap_pyfunction!(bls_aggregate_verify, m)?)?;
    m.add_function(wrap_pyfunction!(bls_batch_verify, m)?)?;
    m.add_function(wrap_pyfunction!(bls_batch_verify_each, m)?)?;
    m.add_function(wrap_pyfunction!(bls_pop_prove, m)?)?;
    m.add_function(wrap_pyfunction!(bls_pop_verify, m)?)?;
    m.add_function(wrap_pyfunction!(bls_public_key_point, m)?)?;
    m.add_function(wrap_pyfunction!(bls_signature_point, m)?)?;
    Ok(())
}
