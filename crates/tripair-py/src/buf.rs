//! Byte arguments as Python users pass them: `bytes`, `bytearray` or `memoryview` (of bytes).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyMemoryView};
use std::ops::Deref;
use zeroize::Zeroize;

/// The bytes of a bytes-like argument, copied out of the Python object (so that calls which
/// release the GIL read a value no other thread can change). Zeroed when dropped: secret keys
/// pass through here too.
#[derive(Default)]
pub(crate) struct Buf(Vec<u8>);

impl Deref for Buf {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl AsRef<[u8]> for Buf {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl Drop for Buf {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl<'py> FromPyObject<'py> for Buf {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Self> {
        if let Ok(b) = ob.downcast::<PyBytes>() {
            return Ok(Buf(b.as_bytes().to_vec()));
        }
        if let Ok(b) = ob.downcast::<PyByteArray>() {
            return Ok(Buf(b.to_vec()));
        }
        if ob.is_instance_of::<PyMemoryView>() {
            // tobytes() copies the view's bytes in C order; a view of other than bytes (e.g.
            // of 32-bit ints) still gives its raw bytes, as bytes(view) would.
            let copy = ob.call_method0("tobytes")?;
            return Ok(Buf(copy.downcast::<PyBytes>()?.as_bytes().to_vec()));
        }
        Err(PyTypeError::new_err(format!(
            "expected bytes, bytearray or memoryview, not {}",
            ob.get_type().name()?
        )))
    }
}
