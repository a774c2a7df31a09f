//! Pairings in characteristic 3 and 2: the eta_T pairing on supersingular curves over F_{3^m}
//! and F_{2^m}.
//!
//! # These parameters are broken
//! Small-characteristic pairings fall to quasi-polynomial discrete-logarithm algorithms
//! (Barbulescu–Gaudry–Joux–Thomé 2014); discrete logarithms have been computed in F_{3^(6*97)} and
//! F_{3^(6*509)} (Adj et al. 2016–2018), the curve over F_{2^1223} has about 59 bits of security
//! (Granger–Kleinjung–Zumbrägel 2014). Nothing here is fit to protect anything: the module exists
//! for research, for comparison with published implementations, and for teaching. Every curve
//! descriptor says `broken: true`.
//!
//! # Contents
//! - [`gf3`]: F_{3^m}, m in {79, 97, 163, 193, 239, 353, 509}, bit-sliced, generic over the number
//!   of words; [`gf3_avx512`] its AVX-512 multiplication and fused tower products; [`gf3_tower`]
//!   F_{3^3m}, F_{3^6m}; [`gf3_powtable`] x -> x^(3^k) by (variable-time) table lookups;
//!   [`gf3_frobmap`] the same by constant-time linear maps; [`gf3_lanes`] eight elements side by
//!   side and their cubes at once (the loop's Frobenius sequences).
//! - [`gf2`]: F_{2^m}, m in {163, 233, 271, 283, 353, 457, 557, 1223}, with PCLMULQDQ and a portable
//!   comb; [`gf2_tower`] F_{2^2m}, F_{2^4m}.
//! - [`eta3`], [`eta2`]: curves, points, subgroup checks, the eta_T loops (serial and two-thread),
//!   fast and slow final exponentiations, and a plain reduced Tate pairing used as a reference.
//! - [`irreducible`]: independent irreducibility proofs of every field polynomial (run by tests).
//! - This file: the interface for the command line (curves by name, hex in and out).

#![warn(missing_docs)]

pub mod eta2;
pub mod eta3;
pub mod gf2;
pub mod gf2_tower;
pub mod gf3;
#[cfg(target_arch = "x86_64")]
pub mod gf3_avx512;
pub mod gf3_frobmap;
pub mod gf3_lanes;
pub mod gf3_powtable;
pub mod gf3_tower;
pub mod irreducible;

use std::sync::OnceLock;

use hex::encode as hex_encode;
use tripair::error::{Error, Result};

use eta2::{Curve2, Eta2_1223, Eta2_233, Eta2_271, Point2};
use eta3::{Curve3, Eta3_193, Eta3_509, Eta3_97, Point3};
use gf2::Pentanomial2;
use gf3::Trinomial3;

/// How many threads the Miller loop runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threads {
    /// The whole loop on the calling thread.
    One,
    /// The loop split in two halves (Mitsunari 2009, Algorithm 4) on two threads.
    Two,
}

const SECURITY_NOTE3: &str = "BROKEN: small-characteristic pairing; discrete logarithms in F_{3^(6m)} fall to \
quasi-polynomial algorithms (Barbulescu-Gaudry-Joux-Thome 2014) and were computed for m = 97 and m = 509 \
(Adj et al. 2016-2018). Research and comparison only.";
const SECURITY_NOTE2: &str = "BROKEN: small-characteristic pairing; discrete logarithms in F_{2^(4m)} fall to \
quasi-polynomial algorithms (Barbulescu-Gaudry-Joux-Thome 2014); the curve over F_{2^1223} has about 59 bits \
of security (Granger-Kleinjung-Zumbragel 2014). Research and comparison only.";

/// The curve names, in the order of [`all_curve_info`].
pub fn curve_names() -> &'static [&'static str] {
    &[
        "eta3-97",
        "eta3-193",
        "eta3-509",
        "eta2-233",
        "eta2-271",
        "eta2-1223",
    ]
}

/// What the CLI prints about a curve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CurveInfo {
    /// The curve's name, e.g. "eta3-97" (one of [`curve_names`]).
    pub name: &'static str,
    /// The field modulus, e.g. "x^97 + x^12 + 2 over F_3".
    pub field: String,
    /// The curve equation, e.g. "y^2 = x^3 - x + 1".
    pub coefficients: String,
    /// The prime order r of the pairing groups, decimal.
    pub r: String,
    /// #E / r, decimal.
    pub cofactor: String,
    /// Hex x||y of a generator of the order-r subgroup.
    pub g1: String,
    /// The same as g1 (eta_T is symmetric: both arguments come from E(F_q)\[r\]).
    pub g2: String,
    /// Always true: these parameters are broken.
    pub broken: bool,
    /// Why the parameters are broken, with references (one text per characteristic).
    pub security_note: &'static str,
}

fn generator3_hex<const N: usize, P: Trinomial3, const B: i8, const H: u64>(
    cache: &'static OnceLock<String>,
) -> String {
    cache
        .get_or_init(|| {
            hex_encode(
                Curve3::<N, P, B, H>::generator()
                    .to_bytes()
                    .expect("generator is finite"),
            )
        })
        .clone()
}

fn generator2_hex<const N: usize, P: Pentanomial2, const B: u8, const H: u64>(
    cache: &'static OnceLock<String>,
) -> String {
    cache
        .get_or_init(|| {
            hex_encode(
                Curve2::<N, P, B, H>::generator()
                    .to_bytes()
                    .expect("generator is finite"),
            )
        })
        .clone()
}

fn info3<const N: usize, P: Trinomial3, const B: i8, const H: u64>(
    name: &'static str,
    cache: &'static OnceLock<String>,
) -> CurveInfo {
    let g = generator3_hex::<N, P, B, H>(cache);
    CurveInfo {
        name,
        field: P::describe(),
        coefficients: format!("y^2 = x^3 - x {} 1", if B == 1 { "+" } else { "-" }),
        r: Curve3::<N, P, B, H>::r().to_string(),
        cofactor: H.to_string(),
        g1: g.clone(),
        g2: g,
        broken: true,
        security_note: SECURITY_NOTE3,
    }
}

fn info2<const N: usize, P: Pentanomial2, const B: u8, const H: u64>(
    name: &'static str,
    cache: &'static OnceLock<String>,
) -> CurveInfo {
    let g = generator2_hex::<N, P, B, H>(cache);
    CurveInfo {
        name,
        field: P::describe(),
        coefficients: format!("y^2 + y = x^3 + x{}", if B == 1 { " + 1" } else { "" }),
        r: Curve2::<N, P, B, H>::r().to_string(),
        cofactor: H.to_string(),
        g1: g.clone(),
        g2: g,
        broken: true,
        security_note: SECURITY_NOTE2,
    }
}

static GEN: [OnceLock<String>; 6] = [
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
];

/// Runs `$body3` with the curve type bound to `$three` (char 3) or `$body2` with it bound to
/// `$two` (char 2), and `$idx` to the curve's index in [`curve_names`]; other names give
/// `Error::UnknownCurve`.
macro_rules! with_curve {
    ($name:expr, $idx:ident, $three:ident => $body3:expr, $two:ident => $body2:expr) => {
        match $name {
            "eta3-97" => {
                let $idx = 0usize;
                type $three = Eta3_97;
                $body3
            }
            "eta3-193" => {
                let $idx = 1usize;
                type $three = Eta3_193;
                $body3
            }
            "eta3-509" => {
                let $idx = 2usize;
                type $three = Eta3_509;
                $body3
            }
            "eta2-233" => {
                let $idx = 3usize;
                type $two = Eta2_233;
                $body2
            }
            "eta2-271" => {
                let $idx = 4usize;
                type $two = Eta2_271;
                $body2
            }
            "eta2-1223" => {
                let $idx = 5usize;
                type $two = Eta2_1223;
                $body2
            }
            other => Err(Error::UnknownCurve(other.to_string())),
        }
    };
}

/// Parameters of a named curve; `Error::UnknownCurve` for other names.
pub fn curve_info(name: &str) -> Result<CurveInfo> {
    let Some(name) = curve_names().iter().find(|n| **n == name).copied() else {
        return Err(Error::UnknownCurve(name.to_string()));
    };
    with_curve!(name, i,
        C3 => Ok(C3::info(name, &GEN[i])),
        C2 => Ok(C2::info(name, &GEN[i])))
}

/// Parameters of every curve, in the order of [`curve_names`].
pub fn all_curve_info() -> Vec<CurveInfo> {
    curve_names()
        .iter()
        .map(|n| curve_info(n).expect("known curve"))
        .collect()
}

impl<const N: usize, P: Trinomial3, const B: i8, const H: u64> Curve3<N, P, B, H> {
    fn info(name: &'static str, cache: &'static OnceLock<String>) -> CurveInfo {
        info3::<N, P, B, H>(name, cache)
    }
    fn parse_point(s: &str) -> Result<Point3<N, P, B>> {
        let s = s.trim();
        if s == "inf" {
            return Ok(Point3::infinity());
        }
        Self::decode_point(&hex::decode(s).map_err(|_| Error::NotHex)?)
    }
    fn pair_hex(p: &str, q: &str, parallel: bool) -> Result<String> {
        let p = Self::parse_point(p).map_err(|e| e.in_point("P"))?;
        let q = Self::parse_point(q).map_err(|e| e.in_point("Q"))?;
        let t = if parallel { Threads::Two } else { Threads::One };
        Ok(hex_encode(eta3::gt_to_bytes(&eta3::eta_t_pairing(
            &p, &q, t,
        ))))
    }
}

impl<const N: usize, P: Pentanomial2, const B: u8, const H: u64> Curve2<N, P, B, H> {
    fn info(name: &'static str, cache: &'static OnceLock<String>) -> CurveInfo {
        info2::<N, P, B, H>(name, cache)
    }
    fn parse_point(s: &str) -> Result<Point2<N, P, B>> {
        let s = s.trim();
        if s == "inf" {
            return Ok(Point2::infinity());
        }
        Self::decode_point(&hex::decode(s).map_err(|_| Error::NotHex)?)
    }
    fn pair_hex(p: &str, q: &str, parallel: bool) -> Result<String> {
        let p = Self::parse_point(p).map_err(|e| e.in_point("P"))?;
        let q = Self::parse_point(q).map_err(|e| e.in_point("Q"))?;
        let t = if parallel { Threads::Two } else { Threads::One };
        Ok(hex_encode(eta2::gt_to_bytes(&eta2::eta_t_pairing(
            &p, &q, t,
        ))))
    }
}

/// The reduced eta_T pairing of two points given as hex x||y (or `inf`), as hex GT coefficients
/// (tower order, base-field encoding each). Errors: UnknownCurve, or NotHex, WrongLength,
/// NotAFieldElement, NotOnCurve, NotInSubgroup said of the point ("P" or "Q"). The curves are broken: research use only.
pub fn pair_hex(curve: &str, p_hex: &str, q_hex: &str, parallel: bool) -> Result<String> {
    with_curve!(curve, _i,
        C3 => C3::pair_hex(p_hex, q_hex, parallel),
        C2 => C2::pair_hex(p_hex, q_hex, parallel))
}
