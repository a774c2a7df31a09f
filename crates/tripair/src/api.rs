//! Curves by name: the dynamic entry points the CLI and bindings use (decode, pair, describe).

use crate::curve::{CurveGroup, Family, PairingCurve, Twist, G1, G2};
use crate::encoding::{decode_g1, decode_g2, encode_g1, encode_g2};
use crate::error::{Error, Result};
use crate::field::FpParams;
use crate::pairing::pairing;
use crate::util::{hex_decode, hex_encode};

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

fn pair_prime<C: PairingCurve>(g1_hex: &str, g2_hex: &str) -> Result<String> {
    let p = decode_g1::<C>(&hex_decode(g1_hex)?)?;
    let q = decode_g2::<C>(&hex_decode(g2_hex)?)?;
    Ok(hex_encode(&pairing::<C>(&p, &q).to_bytes()))
}

/// GT hex of e(G1, G2) on the named prime-field curve, from the curve's hex point encodings, or the
/// error naming what is wrong (`UnknownCurve` for a name that is not a prime-field curve).
pub fn pair_hex(curve: &str, g1_hex: &str, g2_hex: &str) -> Result<String> {
    with_prime_curve!(
        curve,
        pair_prime(g1_hex, g2_hex),
        Err(Error::UnknownCurve(curve.to_string()))
    )
}

/// What `tripair curves` prints for one curve.
#[derive(Clone, Debug)]
pub struct CurveSummary {
    /// The curve's name, as the CLI accepts it (e.g. `bn254`, `bls12-381`).
    pub name: String,
    /// The base field: the prime p in decimal for the prime-field curves.
    pub field: String,
    /// The curve equation; for the prime-field curves also the twist carrying G2 and its b'.
    pub coefficients: String,
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
    /// One more line for the text listing (family, u, bit sizes, tower and origin for the
    /// prime-field curves); not part of [`CurveSummary::to_json`].
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
    CurveSummary {
        name: C::NAME.to_string(),
        field: format!("{}", k.p),
        coefficients: format!(
            "y^2 = x^3 + {}; twist y^2 = x^3 + b' ({twist}), b' = {:?}",
            C::B,
            b2
        ),
        r: format!("{}", k.r_big),
        cofactor: format!("{}", k.h1),
        g1: hex_encode(&encode_g1::<C>(&<G1<C> as CurveGroup>::generator())),
        g2: hex_encode(&encode_g2::<C>(&<G2<C> as CurveGroup>::generator())),
        broken: false,
        security_bits: Some(C::SECURITY_BITS),
        details: format!(
            "{fam}, u = {}, p {} bits, r {} bits, F_p2 = F_p[u]/(u^2 - ({})), xi = {} + {}u; {}",
            C::U,
            <C::Fp as FpParams>::BITS,
            <C::Fr as FpParams>::BITS,
            C::BETA,
            C::XI.0,
            C::XI.1,
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

/// A minimal JSON string escaper for the CLI's JSON lines.
pub fn json_str(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 2);
    o.push('"');
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

impl CurveSummary {
    /// One JSON object (one line) with every field except `details`; `security_bits` is `null`
    /// when absent.
    pub fn to_json(&self) -> String {
        format!(
            "{{\"name\": {}, \"field\": {}, \"coefficients\": {}, \"r\": {}, \"cofactor\": {}, \"g1\": {}, \"g2\": {}, \"broken\": {}, \"security_bits\": {}}}",
            json_str(&self.name),
            json_str(&self.field),
            json_str(&self.coefficients),
            json_str(&self.r),
            json_str(&self.cofactor),
            json_str(&self.g1),
            json_str(&self.g2),
            self.broken,
            self.security_bits.map(|b| b.to_string()).unwrap_or_else(|| "null".into())
        )
    }
}
