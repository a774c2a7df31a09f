//! Why a precompile rejected its input.

use core::fmt;
use tripair::curve::{Affine, CurveGroup};
use tripair::field::Field;

/// A rejected precompile input. Every variant names the operation and, for a bad element, which
/// one and where it starts in the input, so that a caller can report the fault without decoding
/// the input again. The EVM treats every error alike (the call fails and consumes its gas).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The input's length is not one the operation accepts.
    InputLength {
        /// The operation, e.g. `"BLS12_G1ADD"`.
        op: &'static str,
        /// The lengths it accepts, e.g. `"256 bytes"`.
        expected: &'static str,
        /// The input's length in bytes.
        got: usize,
    },
    /// One element of the input (a point or a field element) is invalid.
    Element {
        /// The operation, e.g. `"BLS12_PAIRING_CHECK"`.
        op: &'static str,
        /// Which element: `"G1 point"`, `"G2 point"` or `"field element"`.
        what: &'static str,
        /// Its position among the operation's items (the pair of a pairing check, the term of
        /// a multi-scalar multiplication, the operand of an addition), from 0.
        index: usize,
        /// The offset of its first byte in the input.
        offset: usize,
        /// What is wrong with it.
        fault: Fault,
    },
    /// POINT_EVALUATION: the versioned hash is not 0x01 || SHA-256(commitment)[1..].
    VersionedHash {
        /// The operation.
        op: &'static str,
    },
    /// POINT_EVALUATION: a commitment, proof or field element is malformed.
    Kzg {
        /// The operation.
        op: &'static str,
        /// What is wrong.
        error: crate::kzg::Error,
    },
    /// POINT_EVALUATION: the proof does not show p(z) = y.
    ProofInvalid {
        /// The operation.
        op: &'static str,
    },
}

/// What is wrong with one element of a precompile's input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// EIP-2537: the top 16 bytes of a 64-byte field element are not zero.
    TopBytesNotZero,
    /// A coordinate is not below the field's modulus p.
    NotBelowModulus,
    /// The point does not satisfy the curve equation (and is not the all-zero infinity).
    NotOnCurve,
    /// The point is on the curve but not in the prime-order subgroup.
    NotInSubgroup,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Fault::TopBytesNotZero => "the top 16 bytes of a field element are not zero",
            Fault::NotBelowModulus => "a coordinate is not below the field modulus",
            Fault::NotOnCurve => "not on the curve",
            Fault::NotInSubgroup => "not in the prime-order subgroup",
        })
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InputLength { op, expected, got } => {
                write!(
                    f,
                    "{op}: invalid input length: expected {expected}, got {got} bytes"
                )
            }
            Error::Element {
                op,
                what,
                index,
                offset,
                fault,
            } => write!(f, "{op}: {what} {index} (input bytes {offset}..): {fault}"),
            Error::VersionedHash { op } => write!(
                f,
                "{op}: the versioned hash does not match the commitment (0x01 || SHA-256(commitment)[1..])"
            ),
            Error::Kzg { op, error } => write!(f, "{op}: {error}"),
            Error::ProofInvalid { op } => write!(f, "{op}: the proof does not show p(z) = y"),
        }
    }
}

impl std::error::Error for Error {}

/// The point (x, y) of the curve, or infinity when both coordinates are zero (the encoding every
/// precompile uses for it); the element's error if (x, y) is not on the curve. Not checked for
/// the subgroup: the callers that need it check.
pub(crate) fn curve_point<G: CurveGroup>(x: G::F, y: G::F, at: At) -> Result<Affine<G>, Error> {
    if x.is_zero() && y.is_zero() {
        return Ok(Affine::identity());
    }
    // Checked on the next line (points outside the subgroup are valid operands of the
    // additions: the complete formulas add them correctly, the curves having odd order).
    let p = Affine::<G>::new_unchecked(x, y);
    if !p.is_on_curve() {
        return Err(at.err(Fault::NotOnCurve));
    }
    Ok(p)
}

/// Where an element sits: the operation, what it is, its index and its offset in the input.
#[derive(Clone, Copy)]
pub(crate) struct At {
    pub op: &'static str,
    pub what: &'static str,
    pub index: usize,
    pub offset: usize,
}

/// The element `what` (its `index` among the operation's items) at byte `offset` of `op`'s input.
pub(crate) fn at(op: &'static str, what: &'static str, index: usize, offset: usize) -> At {
    At {
        op,
        what,
        index,
        offset,
    }
}

impl At {
    /// The error of this element with `fault`.
    pub fn err(self, fault: Fault) -> Error {
        Error::Element {
            op: self.op,
            what: self.what,
            index: self.index,
            offset: self.offset,
            fault,
        }
    }
}
