//! The crate's error type: every rejection says what is wrong with which input.

use core::fmt;

/// Why an input was rejected. Decoders, key generation and aggregation return one of these;
/// nothing in this crate panics on bad input. (The verification functions answer `bool`, VALID or
/// INVALID, as the draft's algorithms do.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// A byte string has the wrong length for what it encodes.
    WrongLength {
        /// What was being decoded: `"secret key"`, `"public key"` or `"signature"`.
        what: &'static str,
        /// The required length, in bytes.
        expected: usize,
        /// The length received, in bytes.
        got: usize,
    },
    /// A point encoding was rejected by the decoder of `tripair` (bad flags, coordinate not below
    /// p, not on the curve, not in the order-r subgroup, ...): `what` names the input.
    InvalidPoint {
        /// What was being decoded: `"public key"` or `"signature"`.
        what: &'static str,
        /// What the decoder found wrong with it.
        error: tripair::Error,
    },
    /// The public key is the point at infinity (KeyValidate, draft section 2.5).
    IdentityPublicKey,
    /// The secret key is zero (the draft requires SK in [1, r)).
    ZeroSecretKey,
    /// The secret key, read as a big-endian integer, is not below the group order r.
    SecretKeyOutOfRange,
    /// KeyGen's input keying material is shorter than the 32 bytes the draft requires (section 2.3).
    IkmTooShort {
        /// The length received, in bytes.
        got: usize,
    },
    /// Aggregation of an empty list (the draft's Aggregate needs n >= 1, section 2.8).
    EmptyAggregate {
        /// What was being aggregated: `"signatures"` or `"public keys"`.
        what: &'static str,
    },
    /// Hashing to the curve failed (only possible for domain separation tags over 255 bytes).
    HashToCurve(tripair::Error),
    /// An EIP-2333 key path that is not `m` followed by `/index` steps below 2^32: the path and
    /// the step at fault.
    KeyPath(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::WrongLength {
                what,
                expected,
                got,
            } => write!(
                f,
                "wrong length for {what}: expected {expected} bytes, got {got}"
            ),
            Error::InvalidPoint { what, error } => write!(f, "invalid {what}: {error}"),
            Error::IdentityPublicKey => write!(f, "public key is the identity (point at infinity)"),
            Error::ZeroSecretKey => write!(f, "secret key is zero"),
            Error::SecretKeyOutOfRange => {
                write!(f, "secret key is not below the group order r")
            }
            Error::IkmTooShort { got } => write!(
                f,
                "KeyGen input keying material too short: {got} bytes, at least 32 required"
            ),
            Error::EmptyAggregate { what } => write!(f, "cannot aggregate an empty list of {what}"),
            Error::HashToCurve(e) => write!(f, "hash to curve failed: {e}"),
            Error::KeyPath(why) => write!(f, "invalid key path: {why}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::InvalidPoint { error, .. } | Error::HashToCurve(error) => Some(error),
            _ => None,
        }
    }
}

/// The crate's result type.
pub type Result<T> = core::result::Result<T, Error>;
