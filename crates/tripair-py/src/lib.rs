//! Python bindings of tripair: the compiled module `tripair._tripair`, re-exported by the
//! package `tripair` (built with maturin, an abi3 wheel for CPython >= 3.8; the package adds the
//! pure-Python `tripair.dask`).
//!
//! - Curves by name (`tripair.curves()`), elements `G1`, `G2`, `GT` of any prime-field curve
//!   with their encodings and group operations (scalars are Python ints, reduced modulo r, and
//!   multiplied in constant time);
//! - `pairing`, `multi_pairing`, `pairing_check`, `pairing_batch` (the products and batches run
//!   without the GIL);
//! - RFC 9380 `hash_to_g1`, `hash_to_g2` (BLS12-381);
//! - BLS signatures (tripair-bls): both variants (`MinPk`, Ethereum's, and `MinSig`) and both
//!   schemes (proof of possession, basic), and per-item batch verdicts for `tripair.dask`;
//! - Ethereum's precompiles (`tripair.eth`) and KZG for blobs and cells (`tripair.kzg`, with
//!   c-kzg-4844's names), by tripair-eth.
//!
//! Every rejected input raises `tripair.TripairError` (a `ValueError`) with the library's message.

#![warn(missing_docs)]

mod bls;
mod buf;
mod eth;
mod groups;

use buf::Buf;
use groups::{curve_ops, CurveOps, Elem, Group};
use num_bigint::BigInt;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyType};
use std::hash::{DefaultHasher, Hash, Hasher};
use tripair::api::PRIME_CURVES;

create_exception!(
    tripair,
    TripairError,
    PyValueError,
    "An input tripair rejects: the message says what is wrong (wrong length, bad flags, not on \
     the curve, not in the subgroup, unknown curve, ...)."
);

/// The Python exception of a library error (its message is the error's text).
pub(crate) fn error(e: impl std::fmt::Display) -> PyErr {
    TripairError::new_err(e.to_string())
}

/// The operations of the named curve, or `TripairError` naming it.
fn ops(curve: &str) -> PyResult<&'static dyn CurveOps> {
    curve_ops(curve).ok_or_else(|| {
        error(format!(
            "unknown curve '{curve}' (tripair.curves() lists them: {})",
            PRIME_CURVES.join(", ")
        ))
    })
}

/// `bytes` of a byte slice.
pub(crate) fn py_bytes<'py>(py: Python<'py>, b: &[u8]) -> Bound<'py, PyBytes> {
    PyBytes::new(py, b)
}

/// The Python class of one group: the constructors by curve name, the encodings, equality,
/// hashing and `repr`, plus the class's own operators (`$($ops)*`).
macro_rules! group_class {
    ($ty:ident, $name:literal, $group:expr, $doc:literal, { $($ops:tt)* }) => {
        #[doc = $doc]
        #[pyclass(frozen, module = "tripair", name = $name)]
        pub struct $ty(pub(crate) Elem);

        #[pymethods]
        impl $ty {
            /// The element of the named curve with this encoding, validated (as `from_bytes`).
            #[new]
            fn new(py: Python<'_>, curve: &str, data: Buf) -> PyResult<Self> {
                Self::from_bytes(py, curve, data)
            }

            /// Decodes and fully validates an element in the curve's encoding (the subgroup
            /// check without the GIL).
            #[staticmethod]
            fn from_bytes(py: Python<'_>, curve: &str, data: Buf) -> PyResult<Self> {
                let ops = ops(curve)?;
                let elem = py.allow_threads(|| ops.decode($group, &data));
                Ok($ty(elem.map_err(error)?))
            }

            /// Pickling, `copy` and `deepcopy`: the class, the curve's name and the encoding
            /// (validated again when the element is rebuilt).
            fn __reduce__<'py>(
                slf: &Bound<'py, Self>,
            ) -> (Bound<'py, PyType>, (&'static str, Bound<'py, PyBytes>)) {
                let me = slf.get();
                (slf.get_type(), (me.0.ops().name(), py_bytes(slf.py(), &me.0.encode())))
            }

            /// The fixed generator of the group on the named curve.
            #[staticmethod]
            fn generator(curve: &str) -> PyResult<Self> {
                Ok($ty(ops(curve)?.generator($group)))
            }

            /// The neutral element of the group on the named curve.
            #[staticmethod]
            fn identity(curve: &str) -> PyResult<Self> {
                Ok($ty(ops(curve)?.identity($group)))
            }

            /// The curve's encoding; `compressed=True` gives a point's compressed form (BLS12
            /// curves: ZCash's; BN curves: x with gnark-crypto's flags, in a byte before x where p
            /// fills 256 bits); GT has none.
            #[pyo3(signature = (compressed = false))]
            fn to_bytes<'py>(&self, py: Python<'py>, compressed: bool) -> PyResult<Bound<'py, PyBytes>> {
                if !compressed {
                    return Ok(py_bytes(py, &self.0.encode()));
                }
                match self.0.encode_compressed() {
                    Some(b) => Ok(py_bytes(py, &b)),
                    None => Err(error(format!(
                        "no compressed encoding of {} on {} (only points have one)",
                        $name,
                        self.0.ops().name()
                    ))),
                }
            }

            /// The name of the element's curve.
            #[getter]
            fn curve(&self) -> &'static str {
                self.0.ops().name()
            }

            /// Whether this is the neutral element.
            fn is_identity(&self) -> bool {
                self.0.is_identity()
            }

            fn __eq__(&self, other: PyRef<'_, $ty>) -> bool {
                self.0.equals(other.0.as_ref())
            }

            fn __ne__(&self, other: PyRef<'_, $ty>) -> bool {
                !self.0.equals(other.0.as_ref())
            }

            fn __hash__(&self) -> u64 {
                let mut h = DefaultHasher::new();
                (self.0.ops().name(), self.0.encode()).hash(&mut h);
                h.finish()
            }

            fn __repr__(&self) -> String {
                let value = if self.0.is_identity() {
                    "identity".to_string()
                } else {
                    format!("0x{}", hex::encode(self.0.encode()))
                };
                format!("{}('{}', {value})", $name, self.0.ops().name())
            }

            fn __bytes__<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                py_bytes(py, &self.0.encode())
            }

            $($ops)*
        }

        impl $ty {
            /// The group operation, or `ValueError` for elements of different curves.
            fn combine(&self, other: &$ty) -> PyResult<Self> {
                self.0.op(other.0.as_ref()).map($ty).ok_or_else(|| {
                    error(format!(
                        "{} elements of different curves: {} and {}",
                        $name,
                        self.0.ops().name(),
                        other.0.ops().name()
                    ))
                })
            }
        }
    };
}

group_class!(
    PyG1,
    "G1",
    Group::G1,
    "A point of G1 (order r) of a named curve, written additively: `+`, `-`, `* int`.",
    {
        fn __add__(&self, other: PyRef<'_, PyG1>) -> PyResult<Self> {
            self.combine(&other)
        }
        fn __sub__(&self, other: PyRef<'_, PyG1>) -> PyResult<Self> {
            self.combine(&PyG1(other.0.inverse()))
        }
        fn __neg__(&self) -> Self {
            PyG1(self.0.inverse())
        }
        fn __mul__(&self, py: Python<'_>, k: BigInt) -> Self {
            PyG1(py.allow_threads(|| self.0.scale(&k)))
        }
        fn __rmul__(&self, py: Python<'_>, k: BigInt) -> Self {
            PyG1(py.allow_threads(|| self.0.scale(&k)))
        }
    }
);

group_class!(
    PyG2,
    "G2",
    Group::G2,
    "A point of G2 (order r, on the twist) of a named curve, written additively: `+`, `-`, `* int`.",
    {
        fn __add__(&self, other: PyRef<'_, PyG2>) -> PyResult<Self> {
            self.combine(&other)
        }
        fn __sub__(&self, other: PyRef<'_, PyG2>) -> PyResult<Self> {
            self.combine(&PyG2(other.0.inverse()))
        }
        fn __neg__(&self) -> Self {
            PyG2(self.0.inverse())
        }
        fn __mul__(&self, py: Python<'_>, k: BigInt) -> Self {
            PyG2(py.allow_threads(|| self.0.scale(&k)))
        }
        fn __rmul__(&self, py: Python<'_>, k: BigInt) -> Self {
            PyG2(py.allow_threads(|| self.0.scale(&k)))
        }
    }
);

group_class!(
    PyGt,
    "GT",
    Group::Gt,
    "An element of GT (the order-r subgroup of F_p12^*) of a named curve, written \
     multiplicatively: `*`, `/`, `** int`, `~` (inverse).",
    {
        fn __mul__(&self, other: PyRef<'_, PyGt>) -> PyResult<Self> {
            self.combine(&other)
        }
        fn __truediv__(&self, other: PyRef<'_, PyGt>) -> PyResult<Self> {
            self.combine(&PyGt(other.0.inverse()))
        }
        fn __invert__(&self) -> Self {
            PyGt(self.0.inverse())
        }
        fn __pow__(&self, py: Python<'_>, k: BigInt, modulo: Option<PyObject>) -> PyResult<Self> {
            if modulo.is_some() {
                return Err(PyValueError::new_err("GT power takes no modulus"));
            }
            Ok(PyGt(py.allow_threads(|| self.0.scale(&k))))
        }
    }
);

/// The names of the prime-field pairing curves.
#[pyfunction]
fn curves() -> Vec<&'static str> {
    PRIME_CURVES.to_vec()
}

/// Runs `f` on the pairs' curve without the GIL; a point of another curve is a `TripairError`.
fn on_pairs<T: Send>(
    py: Python<'_>,
    pairs: Vec<(PyRef<'_, PyG1>, PyRef<'_, PyG2>)>,
    f: impl FnOnce(&'static dyn CurveOps, &[(Elem, Elem)]) -> Result<T, String> + Send,
) -> PyResult<T> {
    let elems: Vec<(Elem, Elem)> = pairs
        .iter()
        .map(|(p, q)| (p.0.clone(), q.0.clone()))
        .collect();
    drop(pairs);
    let Some((p, _)) = elems.first() else {
        return Err(error("no pairs: at least one pair (G1, G2) is needed"));
    };
    let ops = p.ops();
    py.allow_threads(|| f(ops, &elems)).map_err(error)
}

/// The optimal ate pairing e(p, q) of two points of the same curve.
#[pyfunction]
fn pairing(py: Python<'_>, p: PyRef<'_, PyG1>, q: PyRef<'_, PyG2>) -> PyResult<PyGt> {
    let mut values = on_pairs(py, vec![(p, q)], |ops, pairs| ops.pairing_batch(pairs, 1))?;
    Ok(PyGt(values.remove(0)))
}

/// prod_i e(p_i, q_i), with one shared Miller loop and final exponentiation (without the GIL).
#[pyfunction]
fn multi_pairing(py: Python<'_>, pairs: Vec<(PyRef<'_, PyG1>, PyRef<'_, PyG2>)>) -> PyResult<PyGt> {
    Ok(PyGt(on_pairs(py, pairs, |ops, pairs| {
        ops.multi_pairing(pairs)
    })?))
}

/// Whether prod_i e(p_i, q_i) = 1 (an EIP-197 / EIP-2537 style check; without the GIL).
#[pyfunction]
fn pairing_check(py: Python<'_>, pairs: Vec<(PyRef<'_, PyG1>, PyRef<'_, PyG2>)>) -> PyResult<bool> {
    on_pairs(py, pairs, |ops, pairs| ops.pairing_check(pairs))
}

/// e(p_i, q_i) for every pair, spread over `threads` threads (default: the machine's), without
/// the GIL. An empty list gives an empty list.
#[pyfunction]
#[pyo3(signature = (pairs, threads = None))]
fn pairing_batch(
    py: Python<'_>,
    pairs: Vec<(PyRef<'_, PyG1>, PyRef<'_, PyG2>)>,
    threads: Option<usize>,
) -> PyResult<Vec<PyGt>> {
    let threads = threads.unwrap_or_else(tripair::pairing::available_threads);
    if threads == 0 {
        return Err(PyValueError::new_err("threads must be at least 1"));
    }
    if pairs.is_empty() {
        return Ok(Vec::new());
    }
    let values = on_pairs(py, pairs, |ops, pairs| ops.pairing_batch(pairs, threads))?;
    Ok(values.into_iter().map(PyGt).collect())
}

/// Sets the process's thread budget: the most threads any call uses (pairing_batch's `threads`,
/// BLS batch verification, the products), over the TRIPAIR_THREADS environment variable. For
/// Dask or multiprocessing workers, 1 keeps each worker on its own core.
#[pyfunction]
fn set_max_threads(n: usize) -> PyResult<()> {
    tripair::pairing::set_max_threads(n).map_err(PyValueError::new_err)
}

/// The most threads a call uses now: the thread budget (set_max_threads, else TRIPAIR_THREADS),
/// at most the cores the process may use.
#[pyfunction]
fn max_threads() -> usize {
    tripair::pairing::available_threads()
}

/// RFC 9380 hash to G1 of BLS12-381 (suite BLS12381G1_XMD:SHA-256_SSWU_RO_ with the given DST;
/// without the GIL).
#[pyfunction]
fn hash_to_g1(py: Python<'_>, msg: Buf, dst: Buf) -> PyResult<PyG1> {
    let p = py
        .allow_threads(|| tripair::hash_to_g1(&msg, &dst))
        .map_err(error)?;
    Ok(PyG1(groups::bls12_381_g1(p)))
}

/// RFC 9380 hash to G2 of BLS12-381 (suite BLS12381G2_XMD:SHA-256_SSWU_RO_ with the given DST;
/// without the GIL).
#[pyfunction]
fn hash_to_g2(py: Python<'_>, msg: Buf, dst: Buf) -> PyResult<PyG2> {
    let q = py
        .allow_threads(|| tripair::hash_to_g2(&msg, &dst))
        .map_err(error)?;
    Ok(PyG2(groups::bls12_381_g2(q)))
}

/// Hash to G1 of BN254 (RFC 9380's hash_to_curve with expand_message_xmd over SHA-256 and the
/// Shallue-van de Woestijne map of section 6.6.1; suite BN254G1_XMD:SHA-256_SVDW_RO_ with the
/// given DST; without the GIL).
#[pyfunction]
fn hash_to_bn254_g1(py: Python<'_>, msg: Buf, dst: Buf) -> PyResult<PyG1> {
    let p = py
        .allow_threads(|| tripair::hash_to_curve::hash_to_bn254_g1(&msg, &dst))
        .map_err(error)?;
    Ok(PyG1(groups::bn254_g1(p)))
}

/// The compiled module `tripair._tripair`, re-exported whole by the package `tripair`
/// (`python/tripair/__init__.py`).
#[pymodule]
#[pyo3(name = "_tripair")]
fn tripair_py(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // A bad TRIPAIR_THREADS stops the import with its name rather than run on another count.
    tripair::pairing::threads_from_env().map_err(PyValueError::new_err)?;
    m.add("TripairError", m.py().get_type::<TripairError>())?;
    m.add_class::<PyG1>()?;
    m.add_class::<PyG2>()?;
    m.add_class::<PyGt>()?;
    m.add_function(wrap_pyfunction!(curves, m)?)?;
    m.add_function(wrap_pyfunction!(pairing, m)?)?;
    m.add_function(wrap_pyfunction!(multi_pairing, m)?)?;
    m.add_function(wrap_pyfunction!(pairing_check, m)?)?;
    m.add_function(wrap_pyfunction!(pairing_batch, m)?)?;
    m.add_function(wrap_pyfunction!(set_max_threads, m)?)?;
    m.add_function(wrap_pyfunction!(max_threads, m)?)?;
    m.add_function(wrap_pyfunction!(hash_to_bn254_g1, m)?)?;
    m.add_function(wrap_pyfunction!(hash_to_g1, m)?)?;
    m.add_function(wrap_pyfunction!(hash_to_g2, m)?)?;
    bls::register(m)?;
    eth::register(m)?;
    Ok(())
}
