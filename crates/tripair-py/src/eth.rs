//! `tripair.eth` (Ethereum's precompiles) and `tripair.kzg` (KZG for blobs and cells, with
//! c-kzg-4844's Python names and argument order, so that a user of `ckzg` can switch): the
//! compiled halves, registered as `_tripair._eth` and `_tripair._kzg` and re-exported by the
//! package's `eth.py` and `kzg.py`. Every heavy call runs without the GIL.

use crate::buf::Buf;
use crate::{error, py_bytes};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyModule};
use std::sync::Arc;
use tripair_eth::kzg::{
    Bytes48, Cell, TrustedSetup, BYTES_PER_BLOB, BYTES_PER_CELL, BYTES_PER_COMMITMENT,
};
use tripair_eth::Precompile;

fn precompile(op: &str) -> PyResult<Precompile> {
    Precompile::from_name(op).ok_or_else(|| {
        let names: Vec<&str> = Precompile::ALL.iter().map(|p| p.name()).collect();
        error(format!(
            "unknown precompile '{op}': one of {}",
            names.join(", ")
        ))
    })
}

/// Runs the named precompile (e.g. "bn254-pairing", "bls12-g1msm") on its input bytes and
/// returns its output bytes; raises TripairError naming what is wrong with a rejected input.
#[pyfunction]
fn run<'py>(py: Python<'py>, op: &str, input: Buf) -> PyResult<Bound<'py, PyBytes>> {
    let op = precompile(op)?;
    let out = py.allow_threads(|| op.run(&input)).map_err(error)?;
    Ok(py_bytes(py, &out))
}

/// The gas a call of the named precompile with this input costs.
#[pyfunction]
fn gas(op: &str, input: Buf) -> PyResult<u64> {
    Ok(precompile(op)?.gas(&input))
}

/// The names of the precompiles, in address order.
#[pyfunction]
fn precompiles() -> Vec<&'static str> {
    Precompile::ALL.iter().map(|p| p.name()).collect()
}

/// A loaded trusted setup (c-kzg's `KZGSettings`): pass it as the last argument of the KZG
/// functions.
#[pyclass(frozen, module = "tripair.kzg", name = "KZGSettings")]
pub struct PySetup(Arc<TrustedSetup>);

/// Loads a trusted setup in the standard text format (c-kzg-4844's trusted_setup.txt). Every
/// point is checked. `precompute` is accepted for ckzg's signature and has no effect: tripair
/// builds its fixed-base tables on first use whatever its value.
#[pyfunction]
#[pyo3(signature = (file, precompute = 0))]
fn load_trusted_setup(py: Python<'_>, file: &str, precompute: u64) -> PyResult<PySetup> {
    let _ = precompute;
    let text = std::fs::read_to_string(file).map_err(|e| error(format!("{file}: {e}")))?;
    let setup = py
        .allow_threads(|| TrustedSetup::from_text(&text))
        .map_err(|e| error(format!("{file}: {e}")))?;
    Ok(PySetup(Arc::new(setup)))
}

/// The mainnet trusted setup of EIP-4844 (shipped with tripair).
#[pyfunction]
fn mainnet_trusted_setup(py: Python<'_>) -> PyResult<PySetup> {
    let setup = py.allow_threads(TrustedSetup::mainnet).map_err(error)?;
    Ok(PySetup(Arc::new(setup)))
}

fn fixed<const N: usize>(b: &[u8], what: &str) -> PyResult<[u8; N]> {
    b.try_into()
        .map_err(|_| error(format!("{what}: expected {N} bytes, got {}", b.len())))
}

/// Splits concatenated items of `size` bytes (ckzg's batch arguments).
fn split<const N: usize>(b: &[u8], what: &str) -> PyResult<Vec<[u8; N]>> {
    if !b.len().is_multiple_of(N) {
        return Err(error(format!(
            "{what}: expected a multiple of {N} bytes, got {}",
            b.len()
        )));
    }
    Ok(b.chunks_exact(N)
        .map(|c| c.try_into().expect("N bytes"))
        .collect())
}

fn byte_list<'py>(py: Python<'py>, items: &[impl AsRef<[u8]>]) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, items.iter().map(|i| py_bytes(py, i.as_ref())))
}

fn cells_arg(cells: Vec<Vec<u8>>) -> PyResult<Vec<Cell>> {
    cells
        .iter()
        .enumerate()
        .map(|(k, c)| fixed::<BYTES_PER_CELL>(c, &format!("cell {k}")))
        .collect()
}

/// blob_to_kzg_commitment(&blob, ts) -> commitment (48 bytes).
#[pyfunction]
fn blob_to_kzg_commitment<'py>(
    py: Python<'py>,
    blob: Buf,
    ts: &PySetup,
) -> PyResult<Bound<'py, PyBytes>> {
    let c = py
        .allow_threads(|| ts.0.blob_to_kzg_commitment(&blob))
        .map_err(error)?;
    Ok(py_bytes(py, &c))
}

/// compute_kzg_proof(&blob, z, ts) -> (proof, y).
#[pyfunction]
fn compute_kzg_proof<'py>(
    py: Python<'py>,
    blob: Buf,
    z: Buf,
    ts: &PySetup,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
    let z = fixed::<32>(&z, "z")?;
    let (proof, y) = py
        .allow_threads(|| ts.0.compute_kzg_proof(&blob, &z))
        .map_err(error)?;
    Ok((py_bytes(py, &proof), py_bytes(py, &y)))
}

/// compute_blob_kzg_proof(&blob, commitment, ts) -> proof.
#[pyfunction]
fn compute_blob_kzg_proof<'py>(
    py: Python<'py>,
    blob: Buf,
    commitment: Buf,
    ts: &PySetup,
) -> PyResult<Bound<'py, PyBytes>> {
    let c = fixed::<BYTES_PER_COMMITMENT>(&commitment, "commitment")?;
    let proof = py
        .allow_threads(|| ts.0.compute_blob_kzg_proof(&blob, &c))
        .map_err(error)?;
    Ok(py_bytes(py, &proof))
}

/// verify_kzg_proof(commitment, z, y, proof, ts) -> bool.
#[pyfunction]
fn verify_kzg_proof(
    py: Python<'_>,
    commitment: Buf,
    z: Buf,
    y: Buf,
    proof: Buf,
    ts: &PySetup,
) -> PyResult<bool> {
    let (c, z, y, p) = (
        fixed(&commitment, "commitment")?,
        fixed(&z, "z")?,
        fixed(&y, "y")?,
        fixed(&proof, "proof")?,
    );
    py.allow_threads(|| ts.0.verify_kzg_proof(&c, &z, &y, &p))
        .map_err(error)
}

/// verify_blob_kzg_proof(&blob, commitment, proof, ts) -> bool.
#[pyfunction]
fn verify_blob_kzg_proof(
    py: Python<'_>,
    blob: Buf,
    commitment: Buf,
    proof: Buf,
    ts: &PySetup,
) -> PyResult<bool> {
    let (c, p) = (fixed(&commitment, "commitment")?, fixed(&proof, "proof")?);
    py.allow_threads(|| ts.0.verify_blob_kzg_proof(&blob, &c, &p))
        .map_err(error)
}

/// verify_blob_kzg_proof_batch(blobs, commitments, proofs, ts) -> bool; each argument the
/// items concatenated (as ckzg takes them).
#[pyfunction]
fn verify_blob_kzg_proof_batch(
    py: Python<'_>,
    blobs: Buf,
    commitments: Buf,
    proofs: Buf,
    ts: &PySetup,
) -> PyResult<bool> {
    if !blobs.len().is_multiple_of(BYTES_PER_BLOB) {
        return Err(error(format!(
            "blobs: expected a multiple of {BYTES_PER_BLOB} bytes, got {}",
            blobs.len()
        )));
    }
    let bs: Vec<&[u8]> = blobs.chunks_exact(BYTES_PER_BLOB).collect();
    let cs: Vec<Bytes48> = split(&commitments, "commitments")?;
    let ps: Vec<Bytes48> = split(&proofs, "proofs")?;
    py.allow_threads(|| ts.0.verify_blob_kzg_proof_batch(&bs, &cs, &ps))
        .map_err(error)
}

/// compute_cells(&blob, ts) -> list of 128 cells.
#[pyfunction]
fn compute_cells<'py>(py: Python<'py>, blob: Buf, ts: &PySetup) -> PyResult<Bound<'py, PyList>> {
    let cells = py
        .allow_threads(|| ts.0.compute_cells(&blob))
        .map_err(error)?;
    byte_list(py, &cells)
}

/// compute_cells_and_kzg_proofs(&blob, ts) -> (cells, proofs), 128 of each.
#[pyfunction]
fn compute_cells_and_kzg_proofs<'py>(
    py: Python<'py>,
    blob: Buf,
    ts: &PySetup,
) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyList>)> {
    let (cells, proofs) = py
        .allow_threads(|| ts.0.compute_cells_and_kzg_proofs(&blob))
        .map_err(error)?;
    Ok((byte_list(py, &cells)?, byte_list(py, &proofs)?))
}

/// recover_cells_and_kzg_proofs(cell_indices, cells, ts) -> (cells, proofs): all 128 from at
/// least 64 (indices strictly ascending).
#[pyfunction]
fn recover_cells_and_kzg_proofs<'py>(
    py: Python<'py>,
    cell_indices: Vec<u64>,
    cells: Vec<Vec<u8>>,
    ts: &PySetup,
) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyList>)> {
    let cells = cells_arg(cells)?;
    let (cells, proofs) = py
        .allow_threads(|| ts.0.recover_cells_and_kzg_proofs(&cell_indices, &cells))
        .map_err(error)?;
    Ok((byte_list(py, &cells)?, byte_list(py, &proofs)?))
}

/// verify_cell_kzg_proof_batch(commitments, cell_indices, cells, proofs, ts) -> bool.
#[pyfunction]
fn verify_cell_kzg_proof_batch(
    py: Python<'_>,
    commitments: Vec<Vec<u8>>,
    cell_indices: Vec<u64>,
    cells: Vec<Vec<u8>>,
    proofs: Vec<Vec<u8>>,
    ts: &PySetup,
) -> PyResult<bool> {
    let fixed_list = |v: Vec<Vec<u8>>, what: &str| -> PyResult<Vec<Bytes48>> {
        v.iter()
            .enumerate()
            .map(|(k, b)| fixed(b, &format!("{what} {k}")))
            .collect()
    };
    let cs = fixed_list(commitments, "commitment")?;
    let ps = fixed_list(proofs, "proof")?;
    let cells = cells_arg(cells)?;
    py.allow_threads(|| {
        ts.0.verify_cell_kzg_proof_batch(&cs, &cell_indices, &cells, &ps)
    })
    .map_err(error)
}

/// Adds `_eth` and `_kzg` to the compiled module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let eth = PyModule::new(m.py(), "_eth")?;
    eth.add_function(wrap_pyfunction!(run, &eth)?)?;
    eth.add_function(wrap_pyfunction!(gas, &eth)?)?;
    eth.add_function(wrap_pyfunction!(precompiles, &eth)?)?;
    m.add_submodule(&eth)?;
    let kzg = PyModule::new(m.py(), "_kzg")?;
    kzg.add_class::<PySetup>()?;
    kzg.add_function(wrap_pyfunction!(load_trusted_setup, &kzg)?)?;
    kzg.add_function(wrap_pyfunction!(mainnet_trusted_setup, &kzg)?)?;
    kzg.add_function(wrap_pyfunction!(blob_to_kzg_commitment, &kzg)?)?;
    kzg.add_function(wrap_pyfunction!(compute_kzg_proof, &kzg)?)?;
    kzg.add_function(wrap_pyfunction!(compute_blob_kzg_proof, &kzg)?)?;
    kzg.add_function(wrap_pyfunction!(verify_kzg_proof, &kzg)?)?;
    kzg.add_function(wrap_pyfunction!(verify_blob_kzg_proof, &kzg)?)?;
    kzg.add_function(wrap_pyfunction!(verify_blob_kzg_proof_batch, &kzg)?)?;
    kzg.add_function(wrap_pyfunction!(compute_cells, &kzg)?)?;
    kzg.add_function(wrap_pyfunction!(compute_cells_and_kzg_proofs, &kzg)?)?;
    kzg.add_function(wrap_pyfunction!(recover_cells_and_kzg_proofs, &kzg)?)?;
    kzg.add_function(wrap_pyfunction!(verify_cell_kzg_proof_batch, &kzg)?)?;
    m.add_submodule(&kzg)?;
    Ok(())
}
