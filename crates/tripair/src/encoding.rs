//! Byte encodings shared by the library and the CLI.
//!
//! - Field elements: big-endian, fixed width ceil(bits/8).
//! - BN curves: G1 = x || y, G2 = x.c1 || x.c0 || y.c1 || y.c0 (EIP-197 order); the point at
//!   infinity is all zero bytes. Compressed: x with gnark-crypto's flags in its top two bits
//!   (0x80 = y is the lexicographically smaller root, 0xc0 = the larger, 0x40 = infinity, then
//!   zeros), where p leaves those bits free (bn254, bn254n, bn446, bn638); on the curves whose p
//!   fills its bytes (bn256d, dclxvi: 256 bits) the same flags sit in one byte before x.
//! - BLS12 curves: the ZCash serialization (compressed and uncompressed; flag bits 0x80 =
//!   compressed, 0x40 = infinity, 0x20 = y is the lexicographically largest root; F_p2 as c1 || c0;
//!   uncompressed infinity = 0x40 then zeros).
//! - GT: the 12 F_p coefficients in tower order c0.c0.c0, c0.c0.c1, c0.c1.c0, ..., c1.c2.c1.
//!
//! Decoding rejects, each with its own error: wrong length, coordinates not below p, points off
//! the curve, points outside the order-r subgroup, inconsistent flags, non-zero bytes in an
//! encoding of infinity.

use crate::curve::{Affine, CurveGroup, Family, G1Affine, G2Affine, PairingCurve, G1, G2};
use crate::error::{Error, Result};
use crate::field::{Field, Fp, Fp2, FpParams};
use crate::prelude::*;

/// How a coordinate field reads and writes its elements.
pub trait CoordinateBytes: Field {
    /// The length of one encoded element, in bytes.
    const BYTES: usize;
    /// The bits above p's bit length in the first byte of an encoding (0 to 7).
    const FREE_TOP_BITS: u32;
    /// Decodes one element from its [`Self::BYTES`] bytes, rejecting values not below p.
    fn read(bytes: &[u8]) -> Result<Self>;
    /// The element's encoding, [`Self::BYTES`] bytes.
    fn write(&self) -> Vec<u8>;
    /// [`Field::sqrt_vartime`] of each element, for many at once (F_p: eight at a time in SIMD
    /// lanes where the strategy layer runs them).
    #[doc(hidden)]
    fn sqrt_batch_vartime(xs: &[Self]) -> Vec<Option<Self>> {
        xs.iter().map(Field::sqrt_vartime).collect()
    }
}

impl<F: FpParams> CoordinateBytes for Fp<F> {
    const BYTES: usize = F::BYTES;
    const FREE_TOP_BITS: u32 = 8 * F::BYTES as u32 - F::BITS;
    fn read(bytes: &[u8]) -> Result<Self> {
        Fp::from_be_bytes(bytes)
    }
    fn write(&self) -> Vec<u8> {
        self.to_be_bytes()
    }
    fn sqrt_batch_vartime(xs: &[Self]) -> Vec<Option<Self>> {
        crate::field::lanes::sqrt_batch_with(xs, None)
    }
}

/// F_p2 as c1 || c0 (EIP-197 and ZCash order).
impl<C: PairingCurve> CoordinateBytes for Fp2<C> {
    const BYTES: usize = 2 * <C::Fp as FpParams>::BYTES;
    const FREE_TOP_BITS: u32 = <Fp<C::Fp> as CoordinateBytes>::FREE_TOP_BITS;
    fn read(bytes: &[u8]) -> Result<Self> {
        let w = <C::Fp as FpParams>::BYTES;
        Ok(Fp2::new(
            Fp::from_be_bytes(&bytes[w..])?,
            Fp::from_be_bytes(&bytes[..w])?,
        ))
    }
    fn write(&self) -> Vec<u8> {
        let mut v = self.c1.to_be_bytes();
        v.extend(self.c0.to_be_bytes());
        v
    }
}

fn uses_zcash_format<C: PairingCurve>() -> bool {
    C::FAMILY == Family::Bls12
}

/// The uncompressed encoding of a point (x || y; all zeros or the ZCash infinity flag for infinity).
pub fn encode_point<G: CurveGroup>(p: &Affine<G>) -> Vec<u8>
where
    G::F: CoordinateBytes,
{
    let w = <G::F as CoordinateBytes>::BYTES;
    let mut out = vec![0u8; 2 * w];
    if p.infinity {
        if uses_zcash_format::<G::Curve>() {
            out[0] = 0x40;
        }
        return out;
    }
    out[..w].copy_from_slice(&p.x.write());
    out[w..].copy_from_slice(&p.y.write());
    out
}

/// The compressed encoding of a point: x with flag bits. BLS12 curves: the ZCash format (0x80
/// compressed, 0x40 infinity, 0x20 the larger y). BN curves: gnark-crypto's flags (0x80 the
/// smaller y, 0xc0 the larger, 0x40 infinity) in x's top two bits, or in one byte before x where p
/// leaves fewer than two bits free (see the module documentation).
pub fn encode_point_compressed<G: CurveGroup>(p: &Affine<G>) -> Vec<u8>
where
    G::F: CoordinateBytes,
{
    let w = <G::F as CoordinateBytes>::BYTES;
    let zcash = uses_zcash_format::<G::Curve>();
    let mut out = vec![0u8; w];
    let flags = if p.infinity {
        if zcash {
            0xc0
        } else {
            0x40
        }
    } else {
        out.copy_from_slice(&p.x.write());
        match (zcash, p.y.is_lexicographically_largest()) {
            (true, largest) => 0x80 | if largest { 0x20 } else { 0 },
            (false, true) => 0xc0,
            (false, false) => 0x80,
        }
    };
    if !zcash && <G::F as CoordinateBytes>::FREE_TOP_BITS < 2 {
        out.insert(0, flags);
    } else {
        out[0] |= flags;
    }
    out
}

/// Decodes and fully validates a point of G1 or G2 in the curve's format.
pub fn decode_point<G: CurveGroup>(bytes: &[u8]) -> Result<Affine<G>>
where
    G::F: CoordinateBytes,
{
    decode_on_curve(bytes).and_then(in_subgroup)
}

/// [`decode_point`] of each input, the square roots of the compressed ones
/// ([`CoordinateBytes::sqrt_batch_vartime`]) and the subgroup checks of the decoded points
/// ([`CurveGroup::in_subgroup_batch_vartime`]) made together, those of G1 eight at a time in SIMD
/// lanes where they run: the same points and the same errors as one [`decode_point`] per input.
#[doc(hidden)]
pub fn decode_points<G: CurveGroup>(inputs: &[&[u8]]) -> Vec<Result<Affine<G>>>
where
    G::F: CoordinateBytes,
{
    let parsed: Vec<Result<Parsed<G>>> = inputs.iter().map(|b| parse(b)).collect();
    // The compressed points' square roots together (those of F_p eight at a time in SIMD lanes
    // where they run).
    let rhss: Vec<G::F> = parsed
        .iter()
        .filter_map(|r| match r {
            Ok(Parsed::Compressed(x, _)) => Some(rhs::<G>(x)),
            _ => None,
        })
        .collect();
    let mut roots = G::F::sqrt_batch_vartime(&rhss).into_iter();
    let mut out: Vec<Result<Affine<G>>> = parsed
        .into_iter()
        .map(|r| match r? {
            Parsed::Point(p) => Ok(p),
            Parsed::Compressed(x, largest) => {
                decompressed(x, largest, roots.next().expect("one root per input"))
            }
        })
        .collect();
    let decoded: Vec<Affine<G>> = out
        .iter()
        .filter_map(|r| r.as_ref().ok().copied())
        .collect();
    let mut checks = G::in_subgroup_batch_vartime(&decoded).into_iter();
    for r in out.iter_mut().filter(|r| r.is_ok()) {
        if checks.next() != Some(true) {
            *r = Err(Error::NotInSubgroup);
        }
    }
    out
}

/// The point if it lies in the order-r subgroup.
fn in_subgroup<G: CurveGroup>(p: Affine<G>) -> Result<Affine<G>> {
    if p.is_in_subgroup_vartime() {
        Ok(p)
    } else {
        Err(Error::NotInSubgroup)
    }
}

/// A point of G1 or G2 in the curve's format, decoded and checked for the curve equation (not
/// for the subgroup).
fn decode_on_curve<G: CurveGroup>(bytes: &[u8]) -> Result<Affine<G>>
where
    G::F: CoordinateBytes,
{
    match parse::<G>(bytes)? {
        Parsed::Point(p) => Ok(p),
        Parsed::Compressed(x, largest) => {
            let y = rhs::<G>(&x).sqrt_vartime();
            decompressed(x, largest, y)
        }
    }
}

/// An input read up to its square root: a point (checked for the curve equation), or a
/// compressed point's x and whether its y is the lexicographically larger.
enum Parsed<G: CurveGroup> {
    Point(Affine<G>),
    Compressed(G::F, bool),
}

/// x^3 + b.
fn rhs<G: CurveGroup>(x: &G::F) -> G::F {
    x.square() * *x + G::coeff_b()
}

/// The point with x-coordinate `x`, given a square root `y` of x^3 + b (`None`: not a square), and
/// the lexicographically larger y (`largest`) or the smaller.
fn decompressed<G: CurveGroup>(x: G::F, largest: bool, y: Option<G::F>) -> Result<Affine<G>> {
    let y = y.ok_or(Error::NotASquare)?;
    let y = if y.is_lexicographically_largest() == largest {
        y
    } else {
        -y
    };
    on_curve(x, y)
}

/// The input's fields and flags, up to the square root of a compressed point.
fn parse<G: CurveGroup>(bytes: &[u8]) -> Result<Parsed<G>>
where
    G::F: CoordinateBytes,
{
    let w = <G::F as CoordinateBytes>::BYTES;
    let what = if G::NAME == "G1" {
        "G1 point"
    } else {
        "G2 point"
    };
    if uses_zcash_format::<G::Curve>() {
        return decode_zcash::<G>(bytes, w, what);
    }
    let flag_byte = <G::F as CoordinateBytes>::FREE_TOP_BITS < 2;
    let compressed_len = if flag_byte { w + 1 } else { w };
    // A compressed-length encoding without a compression flag is a wrong-length uncompressed one.
    if bytes.len() == compressed_len && bytes[0] & 0xc0 != 0 {
        return decode_bn_compressed::<G>(bytes, flag_byte);
    }
    if bytes.len() != 2 * w {
        return Err(Error::WrongLength {
            what,
            expected: 2 * w,
            got: bytes.len(),
        });
    }
    if bytes.iter().all(|&b| b == 0) {
        return Ok(Parsed::Point(Affine::identity()));
    }
    let x = G::F::read(&bytes[..w])?;
    let y = G::F::read(&bytes[w..])?;
    on_curve(x, y).map(Parsed::Point)
}

/// The point (x, y) if it lies on the curve.
fn on_curve<G: CurveGroup>(x: G::F, y: G::F) -> Result<Affine<G>> {
    let p = Affine::new_unchecked(x, y);
    if p.is_on_curve() {
        Ok(p)
    } else {
        Err(Error::NotOnCurve)
    }
}

/// A BN curve's compressed encoding: gnark-crypto's flags in x's top two bits, or in a byte of
/// their own before x (`flag_byte`).
fn decode_bn_compressed<G: CurveGroup>(bytes: &[u8], flag_byte: bool) -> Result<Parsed<G>>
where
    G::F: CoordinateBytes,
{
    let flags = bytes[0] & 0xc0;
    let mut body = bytes.to_vec();
    if flag_byte {
        if bytes[0] & 0x3f != 0 {
            return Err(Error::BadFlags(
                "bits other than the flags set in the flag byte",
            ));
        }
        body.remove(0);
    } else {
        body[0] &= 0x3f;
    }
    match flags {
        0x40 if body.iter().all(|&b| b == 0) => Ok(Parsed::Point(Affine::identity())),
        0x40 => Err(Error::BadInfinity),
        _ => Ok(Parsed::Compressed(G::F::read(&body)?, flags == 0xc0)),
    }
}

fn decode_zcash<G: CurveGroup>(bytes: &[u8], w: usize, what: &'static str) -> Result<Parsed<G>>
where
    G::F: CoordinateBytes,
{
    if bytes.len() != w && bytes.len() != 2 * w {
        return Err(Error::WrongLength {
            what,
            expected: 2 * w,
            got: bytes.len(),
        });
    }
    let flags = bytes[0] & 0xe0;
    let compressed = flags & 0x80 != 0;
    let infinity = flags & 0x40 != 0;
    let sort = flags & 0x20 != 0;
    if compressed != (bytes.len() == w) {
        return Err(Error::BadFlags(if compressed {
            "compression flag set on an uncompressed-length encoding"
        } else {
            "compression flag missing on a compressed-length encoding"
        }));
    }
    let mut body = bytes.to_vec();
    body[0] &= 0x1f;
    if infinity {
        if sort {
            return Err(Error::BadFlags("infinity with the sort flag"));
        }
        if body.iter().any(|&b| b != 0) {
            return Err(Error::BadInfinity);
        }
        return Ok(Parsed::Point(Affine::identity()));
    }
    if !compressed {
        if sort {
            return Err(Error::BadFlags("sort flag on an uncompressed encoding"));
        }
        let x = G::F::read(&body[..w])?;
        let y = G::F::read(&body[w..])?;
        return on_curve(x, y).map(Parsed::Point);
    }
    Ok(Parsed::Compressed(G::F::read(&body)?, sort))
}

/// Decodes and fully validates a G1 point in the curve's format (see [`decode_point`]).
pub fn decode_g1<C: PairingCurve>(bytes: &[u8]) -> Result<G1Affine<C>> {
    decode_point::<G1<C>>(bytes)
}

/// Decodes and fully validates a G2 point in the curve's format (see [`decode_point`]).
pub fn decode_g2<C: PairingCurve>(bytes: &[u8]) -> Result<G2Affine<C>> {
    decode_point::<G2<C>>(bytes)
}

/// The uncompressed encoding of a G1 point (see [`encode_point`]).
pub fn encode_g1<C: PairingCurve>(p: &G1Affine<C>) -> Vec<u8> {
    encode_point(p)
}

/// The uncompressed encoding of a G2 point (see [`encode_point`]).
pub fn encode_g2<C: PairingCurve>(p: &G2Affine<C>) -> Vec<u8> {
    encode_point(p)
}
