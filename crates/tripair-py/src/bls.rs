//! BLS signatures of Ethereum's suite (`BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`: public
//! keys in G1, 48 bytes; signatures in G2, 96 bytes; the proof-of-possession scheme), over
//! `tripair_bls`. Keys and signatures travel as their compressed bytes; every decoding error,
//! public keys that are the identity included, raises `TripairError` with the crate's message.

use crate::{error, py_bytes, PyG1, PyG2};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rand_core::OsRng;
use tripair_bls::{pop, MinPk, PublicKey, SecretKey, Signature};

type Pk = PublicKey<MinPk>;
type Sig = Signature<MinPk>;

fn secret_key(sk: &[u8]) -> PyResult<SecretKey> {
    SecretKey::from_bytes(sk).map_err(error)
}

/// A public key that passes KeyValidate (decoded, in the subgroup, not the identity).
fn public_key(pk: &[u8]) -> PyResult<Pk> {
    Pk::from_bytes_validated(pk).map_err(error)
}

fn public_keys(pks: &[Bound<'_, PyBytes>]) -> PyResult<Vec<Pk>> {
    pks.iter().map(|pk| public_key(pk.as_bytes())).collect()
}

fn signature(sig: &[u8]) -> PyResult<Sig> {
    Sig::from_bytes(sig).map_err(error)
}

/// KeyGen (HKDF-SHA256) from at least 32 bytes of secret keying material: the 32-byte secret key.
#[pyfunction]
#[pyo3(signature = (ikm, key_info = b"".as_slice()), text_signature = "(ikm, key_info=b'')")]
fn bls_keygen<'py>(py: Python<'py>, ikm: &[u8], key_info: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    let sk = SecretKey::key_gen(ikm, key_info).map_err(error)?;
    Ok(py_bytes(py, &sk.to_bytes()))
}

/// SkToPk: the 48-byte compressed public key of a 32-byte secret key.
#[pyfunction]
fn bls_sk_to_pk<'py>(py: Python<'py>, sk: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    Ok(py_bytes(
        py,
        &secret_key(sk)?.public_key::<MinPk>().to_bytes(),
    ))
}

/// Sign: the 96-byte compressed signature of `msg` (constant time in the secret key).
#[pyfunction]
fn bls_sign<'py>(py: Python<'py>, sk: &[u8], msg: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    let sig: Sig = pop::sign(&secret_key(sk)?, msg);
    Ok(py_bytes(py, &sig.to_bytes()))
}

/// Verify: whether `sig` is a valid signature of `msg` under `pk`.
#[pyfunction]
fn bls_verify(py: Python<'_>, pk: &[u8], msg: &[u8], sig: &[u8]) -> PyResult<bool> {
    let (pk, sig) = (public_key(pk)?, signature(sig)?);
    Ok(py.allow_threads(|| pop::verify(&pk, msg, &sig)))
}

/// Aggregate: the sum of the signatures (at least one), compressed.
#[pyfunction]
fn bls_aggregate<'py>(
    py: Python<'py>,
    sigs: Vec<Bound<'py, PyBytes>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let sigs = sigs
        .iter()
        .map(|s| signature(s.as_bytes()))
        .collect::<PyResult<Vec<_>>>()?;
    let agg = Sig::aggregate(&sigs).map_err(error)?;
    Ok(py_bytes(py, &agg.to_bytes()))
}

/// FastAggregateVerify: whether `sig` is the aggregate signature of `msg` by all the keys (at
/// least one; their proofs of possession checked beforehand).
#[pyfunction]
fn bls_fast_aggregate_verify(
    py: Python<'_>,
    pks: Vec<Bound<'_, PyBytes>>,
    msg: &[u8],
    sig: &[u8],
) -> PyResult<bool> {
    let (pks, sig) = (public_keys(&pks)?, signature(sig)?);
    Pk::aggregate(&pks).map_err(error)?;
    Ok(py.allow_threads(|| pop::fast_aggregate_verify(&pks, msg, &sig)))
}

/// AggregateVerify: whether `sig` is the aggregate of the signatures of `msgs[i]` by `pks[i]`.
/// The lists must have the same length; an empty list is INVALID (`False`).
#[pyfunction]
fn bls_aggregate_verify(
    py: Python<'_>,
    pks: Vec<Bound<'_, PyBytes>>,
    msgs: Vec<Bound<'_, PyBytes>>,
    sig: &[u8],
) -> PyResult<bool> {
    if pks.len() != msgs.len() {
        return Err(error(format!(
            "{} public keys but {} messages",
            pks.len(),
            msgs.len()
        )));
    }
    let (pks, sig) = (public_keys(&pks)?, signature(sig)?);
    let msgs: Vec<Vec<u8>> = msgs.iter().map(|m| m.as_bytes().to_vec()).collect();
    Ok(py.allow_threads(|| pop::aggregate_verify(&pks, &msgs, &sig)))
}

/// Randomized batch verification of independent signatures `(pk, msg, sig)` with one
/// multi-pairing (coefficients from the OS RNG; without the GIL). An empty batch is INVALID.
#[pyfunction]
fn bls_batch_verify(
    py: Python<'_>,
    items: Vec<(Bound<'_, PyBytes>, Bound<'_, PyBytes>, Bound<'_, PyBytes>)>,
) -> PyResult<bool> {
    let items = items
        .iter()
        .map(|(pk, msg, sig)| {
            Ok((
                public_key(pk.as_bytes())?,
                msg.as_bytes().to_vec(),
                signature(sig.as_bytes())?,
            ))
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok(py.allow_threads(|| pop::batch_verify(&items, &mut OsRng)))
}

/// PopProve: the 96-byte proof of possession of the secret key.
#[pyfunction]
fn bls_pop_prove<'py>(py: Python<'py>, sk: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    let proof: Sig = pop::pop_prove(&secret_key(sk)?);
    Ok(py_bytes(py, &proof.to_bytes()))
}

/// PopVerify: whether `proof` is a valid proof of possession for `pk`.
#[pyfunction]
fn bls_pop_verify(pk: &[u8], proof: &[u8]) -> PyResult<bool> {
    Ok(pop::pop_verify(&public_key(pk)?, &signature(proof)?))
}

/// The public key's point (decoded and validated as a point; the identity is accepted).
#[pyfunction]
fn bls_public_key_point(pk: &[u8]) -> PyResult<PyG1> {
    let pk = Pk::from_bytes(pk).map_err(error)?;
    Ok(PyG1(crate::groups::bls12_381_g1(*pk.as_point())))
}

/// The signature's point (decoded and validated; the identity is accepted).
#[pyfunction]
fn bls_signature_point(sig: &[u8]) -> PyResult<PyG2> {
    let sig = signature(sig)?;
    Ok(PyG2(crate::groups::bls12_381_g2(*sig.as_point())))
}

/// Adds the `bls_*` functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(bls_keygen, m)?)?;
    m.add_function(wrap_pyfunction!(bls_sk_to_pk, m)?)?;
    m.add_function(wrap_pyfunction!(bls_sign, m)?)?;
    m.add_function(wrap_pyfunction!(bls_verify, m)?)?;
    m.add_function(wrap_pyfunction!(bls_aggregate, m)?)?;
    m.add_function(wrap_pyfunction!(bls_fast_aggregate_verify, m)?)?;
    m.add_function(wrap_pyfunction!(bls_aggregate_verify, m)?)?;
    m.add_function(wrap_pyfunction!(bls_batch_verify, m)?)?;
    m.add_function(wrap_pyfunction!(bls_pop_prove, m)?)?;
    m.add_function(wrap_pyfunction!(bls_pop_verify, m)?)?;
    m.add_function(wrap_pyfunction!(bls_public_key_point, m)?)?;
    m.add_function(wrap_pyfunction!(bls_signature_point, m)?)?;
    Ok(())
}
