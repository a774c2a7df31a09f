//! The one error type of the library: every rejection names what is wrong with the input.

use crate::prelude::*;
use core::fmt;

/// Why an input was rejected. Every decoder and every checked constructor returns one of these;
/// nothing in the library panics on bad input or silently repairs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The text is not hexadecimal (odd number of digits or a non-hex character).
    NotHex,
    /// The byte string has the wrong length for what it should encode.
    WrongLength {
        /// What was being decoded, e.g. `"G1 point"` or `"field element"`.
        what: &'static str,
        /// The required length in bytes.
        expected: usize,
        /// The length received, in bytes.
        got: usize,
    },
    /// A coordinate or field element is not smaller than the modulus (not a canonical field element).
    NotAFieldElement,
    /// The point does not satisfy the curve equation.
    NotOnCurve,
    /// The point is on the curve but not in the prime-order subgroup the pairing is defined on.
    NotInSubgroup,
    /// The curve name is not one this library knows.
    UnknownCurve(String),
    /// Flag bits of a compressed/uncompressed encoding are inconsistent (the ZCash format of the
    /// BLS12 curves, or the flag byte of a compressed point on bn256d and dclxvi).
    BadFlags(&'static str),
    /// A compressed x-coordinate has no square root on the curve.
    NotASquare,
    /// The encoding of the point at infinity has non-zero bytes where zeros are required.
    BadInfinity,
    /// The input line does not have the expected shape (e.g. not two tokens `G1HEX G2HEX`).
    Malformed(String),
    /// One of several points of an input is wrong: `point` names which (`"G1"`, `"G2 of pair 3"`),
    /// `error` says what is wrong with it.
    Point {
        /// Which point of the input, e.g. `"G1"` or `"G2 of pair 3"`.
        point: String,
        /// What is wrong with that point.
        error: Box<Error>,
    },
    /// A hash-to-curve domain separation tag is longer than the 255 bytes expand_message_xmd
    /// accepts (RFC 9380, section 5.3.1); longer tags are first hashed with
    /// [`crate::hash_to_curve::oversize_dst`] (section 5.3.3).
    DstTooLong {
        /// The length of the tag, in bytes.
        len: usize,
    },
    /// A hash-to-curve domain separation tag is empty, which RFC 9380 forbids (section 3.1: "Tags
    /// MUST have nonzero length"). blst accepts one; this library follows the RFC.
    EmptyDst,
    /// expand_message_xmd was asked for more bytes than it can produce (RFC 9380, section 5.3.1:
    /// at most 255 hash blocks and at most 65535 bytes).
    ExpandLengthTooLarge {
        /// The requested length, in bytes.
        requested: usize,
        /// The largest length it can produce, in bytes.
        max: usize,
    },
}

impl Error {
    /// This error, said of the named point (`"G1"`, `"G2 of pair 3"`, ...).
    pub fn in_point(self, point: impl Into<String>) -> Error {
        Error::Point {
            point: point.into(),
            error: Box::new(self),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NotHex => write!(f, "not hex"),
            Error::WrongLength {
                what,
                expected,
                got,
            } => {
                write!(
                    f,
                    "wrong length for {what}: expected {expected} bytes, got {got}"
                )
            }
            Error::NotAFieldElement => write!(
                f,
                "coordinate not reduced: not a field element (>= modulus)"
            ),
            Error::NotOnCurve => write!(f, "point not on curve"),
            Error::NotInSubgroup => write!(f, "point not in subgroup of order r"),
            Error::UnknownCurve(name) => write!(f, "unknown curve '{name}' (see `tripair curves`)"),
            Error::BadFlags(why) => write!(f, "bad flag bits: {why}"),
            Error::NotASquare => write!(
                f,
                "compressed x-coordinate is not on the curve (no square root)"
            ),
            Error::BadInfinity => {
                write!(f, "bad encoding of the point at infinity (non-zero bytes)")
            }
            Error::Malformed(why) => write!(f, "malformed input: {why}"),
            Error::Point { point, error } => write!(f, "{point}: {error}"),
            Error::DstTooLong { len } => write!(
                f,
                "domain separation tag of {len} bytes: at most 255 (hash a longer one with oversize_dst)"
            ),
            Error::EmptyDst => write!(
                f,
                "empty domain separation tag: RFC 9380 (section 3.1) requires a nonzero length"
            ),
            Error::ExpandLengthTooLarge { requested, max } => write!(
                f,
                "expand_message_xmd cannot produce {requested} bytes: at most {max}"
            ),
        }
    }
}

impl core::error::Error for Error {}

/// The library's result type: the value, or the [`Error`] naming what is wrong with the input.
pub type Result<T> = core::result::Result<T, Error>;
