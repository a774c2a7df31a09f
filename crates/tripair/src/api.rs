//! Curves by name: the dynamic entry points the CLI and bindings use (decode, pair, describe).

use crate::curve::{CurveGroup, Family, PairingCurve, Twist, G1, G2};
use crate::curve::{G1Affine, G2Affine};
use crate::encoding::{decode_g1, decode_g2, encode_g1, encode_g2};
use crate::error::{Error, Result};
use crate::field::FpParams;
#[cfg(feature = "parallel")]
use crate::pairing::pairing_split_loop;
use crate::pairing::{pairing, pairing_check, Gt};
use crate::prelude::*;
use hex::encode as hex_encode;

/// The one list of prime-field curves: `for_each_prime_curve!(m)` (or `(m; extra tokens)`) calls
/// `m! { (extra tokens) module_name: Type = "label", ... }` with every curve, in the order the CLI
/// lists them. [`PRIME_CURVES`], [`with_prime_curve!`](crate::with_prime_curve), the CLI and the tests that run on every
/// curve are all built from it.
#[macro_export]
macro_rules! for_each_prime_curve {
    ($($m:ident)::+ $(; $($extra:tt)*)?) => {
        $($m)::+! {
            ($($($extra)*)?)
            bn254: $crate::curve::curves::Bn254 = "bn254",
            bn254n: $crate::curve::curves::Bn254n = "bn254n",
            bn256d: $crate::curve::curves::Bn256d = "bn256d",
            dclxvi: $crate::curve::curves::Dclxvi = "dclxvi",
            bn446: $crate::curve::curves::Bn446 = "bn446",
            bn638: $crate::curve::curves::Bn638 = "bn638",
            bls12_381: $crate::curve::curves::Bls12_381 = "bls12-381",
        }
    };
}

macro_rules! curve_labels {
    (() $($m:ident: $c:ty = $label:literal),* $(,)?) => {
        /// The prime-field pairing curves by name, in the order the CLI lists them.
        pub const PRIME_CURVES: &[&str] = &[$($label),*];
    };
}
for_each_prime_curve!(curve_labels);

/// Calls `$f::<C>($args)` for the prime-field curve named `$name`, or evaluates `$other` (an
/// expression) when the name is not one of them.
#[macro_export]
macro_rules! with_prime_curve {
    ($name:expr, $f:ident ( $($arg:expr),* ), $other:expr) => {
        $crate::for_each_prime_curve!($crate::__tripair_dispatch_prime_curve; $name, $f ( $($arg),* ), $other)
    };
}

/// The match behind [`with_prime_curve!`](crate::with_prime_curve) (one arm per curve of
/// [`for_each_prime_curve!`](crate::for_each_prime_curve)).
#[doc(hidden)]
#[macro_export]
macro_rules! __tripair_dispatch_prime_curve {
    (($name:expr, $f:ident $args:tt, $other:expr) $($m:ident: $c:ty = $label:literal),* $(,)?) => {
        match $name {
            $($label => $f::<$c> $args,)*
            _ => $other,
        }
    };
}

fn decode_pair<C: PairingCurve>(
    g1_hex: &str,
    g2_hex: &str,
    pair: Option<usize>,
) -> Result<(G1Affine<C>, G2Affine<C>)> {
    let name = |g: &str| match pair {
        Some(i) => format!("{g} of pair {i}"),
        None => g.to_string(),
    };
    let p = hex_decode(g1_hex)
        .and_then(|b| decode_g1::<C>(&b))
        .map_err(|e| e.in_point(name("G1")))?;
    let q = hex_decode(g2_hex)
        .and_then(|b| decode_g2::<C>(&b))
        .map_err(|e| e.in_point(name("G2")))?;
    Ok((p, q))
}

/// Bytes from hex text (upper or lower case, no prefix, even length).
fn hex_decode(s: &str) -> Result<Vec<u8>> {
    hex::decode(s).map_err(|_| Error::NotHex)
}

fn pair_prime<C: PairingCurve>(
    g1_hex: &str,
    g2_hex: &str,
    pair: impl Fn(&G1Affine<C>, &G2Affine<C>) -> Gt<C>,
) -> Result<String> {
    let (p, q) = decode_pair::<C>(g1_hex, g2_hex, None)?;
    Ok(hex_encode(pair(&p, &q).to_bytes()))
}

fn check_prime<C: PairingCurve>(pairs: &[(&str, &str)]) -> Result<bool> {
    let points = pairs
        .iter()
        .enumerate()
        .map(|(i, (a, b))| decode_pair::<C>(a, b, Some(i + 1)))
        .collect::<Result<Vec<_>>>()?;
    Ok(pairing_check::<C>(&points))
}

/// GT hex of e(G1, G2) on the named prime-field curve, from the curve's hex point encodings, or the
/// error naming the point and what is wrong with it (`G1: point not on curve`; `UnknownCurve` for
/// a name that is not a prime-field curve).
pub fn pair_hex(curve: &str, g1_hex: &str, g2_hex: &str) -> Result<String> {
    with_prime_curve!(
        curve,
        pair_prime(g1_hex, g2_hex, pairing),
        Err(Error::UnknownCurve(curve.to_string()))
    )
}

/// As [`pair_hex`], with the Miller loop split over two threads
/// ([`pairing_split_loop`]): lower latency where a second core is idle, same value.
#[cfg(feature = "parallel")]
pub fn pair_hex_split(curve: &str, g1_hex: &str, g2_hex: &str) -> Result<String> {
    with_prime_curve!(
        curve,
        pair_prime(g1_hex, g2_hex, pairing_split_loop),
        Err(Error::UnknownCurve(curve.to_string()))
    )
}

/// Whether the product of the pairings e(G1_i, G2_i) of the given hex pairs is one (an EIP-197 /
/// EIP-2537 style check), by [`pairing_check`]; or the error naming the first wrong point
/// (`G2 of pair 3: point not in subgroup of order r`). An empty list is rejected as malformed.
pub fn check_hex(curve: &str, pairs: &[(&str, &str)]) -> Result<bool> {
    if pairs.is_empty() {
        return Err(Error::Malformed(
            "a pairing check needs at least one pair 'G1HEX G2HEX'".into(),
        ));
    }
    with_prime_curve!(
        curve,
        check_prime(pairs),
        Err(Error::UnknownCurve(curve.to_string()))
    )
}

/// What `tripair curves` prints for one curve.
#[derive(Clone, Debug)]
pub struct CurveSummary {
    /// The curve's name, as the CLI accepts it (e.g. `bn254`, `bls12-381`).
    pub name: String,
    /// The family: `BN` or `BLS12` for the prime-field curves; the small-characteristic ones say
    /// their characteristic (`supersingular, characteristic 3`).
    pub family: String,
    /// The family's parameter u (decimal or 0x-hex, with sign); `None` off the BN/BLS12 families.
    pub u: Option<String>,
    /// The base field: the prime p in decimal for the prime-field curves, the defining polynomial
    /// for the small-characteristic ones.
    pub field: String,
    /// The curve equation, e.g. `y^2 = x^3 + 3`.
    pub equation: String,
    /// The sextic twist carrying G2 (`D-type` or `M-type`), `None` where there is no twist.
    pub twist: Option<String>,
    /// The twist's coefficient b', `None` where there is no twist.
    pub twist_b: Option<String>,
    /// The non-residues defining the extension tower, by name: `beta` (F_p2 = F_p\[u\]/(u^2 -
    /// beta)) and `xi` (F_p6 = F_p2\[v\]/(v^3 - xi), F_p12 = F_p6\[w\]/(w^2 - v)); empty for the
    /// small-characteristic curves.
    pub non_residues: Vec<(String, String)>,
    /// The prime order r of the pairing groups, in decimal.
    pub r: String,
    /// The cofactor #E / r of G1, in decimal.
    pub cofactor: String,
    /// Hex encoding of the G1 generator, in the curve's point format.
    pub g1: String,
    /// Hex encoding of the G2 generator, in the curve's point format (for the symmetric
    /// small-characteristic pairings the same point as `g1`).
    pub g2: String,
    /// Whether the parameters are broken (the small-characteristic curves: research only).
    pub broken: bool,
    /// The estimated security level in bits; `None` for broken curves.
    pub security_bits: Option<u32>,
    /// One more line for the text listing (bit sizes, tower and origin for the prime-field curves,
    /// why they are broken for the others).
    pub details: String,
}

fn summary_prime<C: PairingCurve>() -> CurveSummary {
    let k = C::consts();
    let b2 = <G2<C> as CurveGroup>::coeff_b();
    let twist = match C::TWIST {
        Twist::D => "D-type",
        Twist::M => "M-type",
    };
    let fam = match C::FAMILY {
        Family::Bn => "BN",
        Family::Bls12 => "BLS12",
    };
    let xi = match C::XI {
        (x0, 0) => format!("{x0}"),
        (0, x1) => format!("{x1}u"),
        (x0, x1) if x1 < 0 => format!("{x0} - {}u", -x1),
        (x0, x1) => format!("{x0} + {x1}u"),
    };
    CurveSummary {
        name: C::NAME.to_string(),
        family: fam.to_string(),
        u: Some(C::U.to_string()),
        field: format!("{}", k.p),
        equation: format!("y^2 = x^3 + {}", C::B),
        twist: Some(twist.to_string()),
        twist_b: Some(format!("{b2:?}")),
        non_residues: vec![
            ("beta".to_string(), C::BETA.to_string()),
            ("xi".to_string(), xi),
        ],
        r: format!("{}", k.r_big),
        cofactor: format!("{}", k.h1),
        g1: hex_encode(encode_g1::<C>(&<G1<C> as CurveGroup>::generator())),
        g2: hex_encode(encode_g2::<C>(&<G2<C> as CurveGroup>::generator())),
        broken: false,
        security_bits: Some(C::SECURITY_BITS),
        details: format!(
            "{fam}, u = {}, p {} bits, r {} bits; {}",
            C::U,
            <C::Fp as FpParams>::BITS,
            <C::Fr as FpParams>::BITS,
            C::ORIGIN
        ),
    }
}

/// The prime-field curves, in the order of [`PRIME_CURVES`].
pub fn prime_curves() -> Vec<CurveSummary> {
    PRIME_CURVES
        .iter()
        .map(|n| with_prime_curve!(*n, summary_prime(), unreachable!()))
        .collect()
}
