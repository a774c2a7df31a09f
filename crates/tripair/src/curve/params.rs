//! A pairing-friendly curve as data: its family, parameter u, coefficient b, tower non-residues and
//! twist type. Everything else (p, r, t, loop parameters, Frobenius and twist constants, cofactors,
//! generators where no standard one is fixed) is derived by the code.

use crate::arith::Backend;
use crate::field::{FpParams, TowerParams};
use num_bigint::{BigInt, BigUint};

/// The family a curve belongs to; it fixes the polynomials p(u), r(u), t(u) and the loop shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Barreto–Naehrig (embedding degree 12): p = 36u^4+36u^3+24u^2+6u+1, t = 6u^2+1.
    Bn,
    /// Barreto–Lynn–Scott, k = 12: p = (u-1)^2 (u^4-u^2+1)/3 + u, t = u + 1.
    Bls12,
}

/// Which sextic twist carries G2: D-type E': y^2 = x^3 + b/xi, M-type E': y^2 = x^3 + b*xi.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Twist {
    /// D-type: E': y^2 = x^3 + b/xi.
    D,
    /// M-type: E': y^2 = x^3 + b*xi.
    M,
}

/// A pairing-friendly curve E: y^2 = x^3 + b over F_p with a sextic twist over F_p2.
/// The type is also the parameter set of its F_p12 tower.
pub trait PairingCurve: TowerParams {
    /// The scalar field F_r.
    type Fr: FpParams;
    /// The same curve on another arithmetic backend (identical representations).
    type WithBackend<B2: Backend>: PairingCurve<
        Fp = <Self::Fp as FpParams>::WithBackend<B2>,
        Fr = <Self::Fr as FpParams>::WithBackend<B2>,
    >;
    /// The curve's label, by which the CLI and [`crate::api`] name it (e.g. `"bn254"`).
    const NAME: &'static str;
    /// Where the curve comes from, one line.
    const ORIGIN: &'static str;
    /// The family (BN or BLS12), which fixes p(u), r(u), t(u) and the loop shapes.
    const FAMILY: Family;
    /// The curve parameter (decimal or 0x-hex, with sign).
    const U: &'static str;
    /// The coefficient b of E: y^2 = x^3 + b.
    const B: i64;
    /// Which sextic twist carries G2.
    const TWIST: Twist;
    /// Approximate security level in bits (current estimates, including the tower-NFS attacks).
    const SECURITY_BITS: u32;
    /// Fixed generator of G1 (canonical big-endian hex x, y) where a standard exists.
    const G1_GENERATOR: Option<[&'static str; 2]>;
    /// Fixed generator of G2 (hex x.c0, x.c1, y.c0, y.c1) where a standard exists.
    const G2_GENERATOR: Option<[&'static str; 4]>;
    /// Whether the endomorphism-based subgroup checks are proven for this curve (otherwise the
    /// checks multiply by r).
    const FAST_SUBGROUP_CHECKS: bool;
    /// The derived constants, computed once and shared by every backend.
    fn consts() -> &'static crate::curve::consts::CurveConsts<<Self::Fp as FpParams>::Limbs>;
}

/// Helper for `define_curve!`: the p(u) / r(u) functions of a family.
#[doc(hidden)]
#[macro_export]
macro_rules! __family_fns {
    (Bn, p) => {
        $crate::curve::derive::bn_p
    };
    (Bn, r) => {
        $crate::curve::derive::bn_r
    };
    (Bls12, p) => {
        $crate::curve::derive::bls12_p
    };
    (Bls12, r) => {
        $crate::curve::derive::bls12_r
    };
}

/// Declares a pairing-friendly curve from its defining data. Crate-internal, like `define_fp!`: the
/// curve list lives in `curve::curves`.
#[doc(hidden)]
#[macro_export]
macro_rules! define_curve {
    (
        $(#[$m:meta])*
        $name:ident { label: $label:expr, origin: $origin:expr, family: $fam:ident, u: $u:expr,
        fq: $fq:ident [$n:literal], fr: $fr:ident [$rn:literal], b: $b:expr, beta: $beta:expr,
        xi: ($x0:expr, $x1:expr), twist: $tw:ident, security: $sec:expr, fast_checks: $fast:expr,
        g1: $g1:expr, g2: $g2:expr $(,)? }
    ) => {
        $crate::define_fp!(
            /// The base field of the curve (named through `Fp<C::Fp>`; hidden from the docs).
            #[doc(hidden)]
            $fq, $n, concat!($label, " Fq"),
            $crate::__family_fns!($fam, p)($crate::arith::limbs::parse_signed::<$n>($u))
        );
        $crate::define_fp!(
            /// The scalar field F_r of the curve (named through `Scalar<C>`; hidden from the docs).
            #[doc(hidden)]
            $fr, $rn, concat!($label, " Fr"),
            $crate::__family_fns!($fam, r)($crate::arith::limbs::parse_signed::<$rn>($u))
        );

        $(#[$m])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name<B = $crate::arith::DefaultBackend>(core::marker::PhantomData<B>);

        impl<B: $crate::arith::Backend> $crate::field::TowerParams for $name<B> {
            type Fp = $fq<B>;
            const BETA: i64 = $beta;
            const XI: (i64, i64) = ($x0, $x1);
            fn frobenius_coeffs() -> &'static $crate::field::FrobeniusCoeffs<[u64; $n]> {
                // A nested item is not generic over B: the derivation is compiled once, here,
                // not again in each crate that names the curve on some backend.
                fn derived() -> &'static $crate::field::FrobeniusCoeffs<[u64; $n]> {
                    static C: $crate::sync::Once<$crate::field::FrobeniusCoeffs<[u64; $n]>> = $crate::sync::Once::new();
                    C.get_or_init(|| $crate::field::FrobeniusCoeffs::derive::<$name<$crate::arith::Portable>>())
                }
                derived()
            }
        }

        impl<B: $crate::arith::Backend> $crate::curve::PairingCurve for $name<B> {
            type Fr = $fr<B>;
            type WithBackend<B2: $crate::arith::Backend> = $name<B2>;
            const NAME: &'static str = $label;
            const ORIGIN: &'static str = $origin;
            const FAMILY: $crate::curve::Family = $crate::curve::Family::$fam;
            const U: &'static str = $u;
            const B: i64 = $b;
            const TWIST: $crate::curve::Twist = $crate::curve::Twist::$tw;
            const SECURITY_BITS: u32 = $sec;
            const G1_GENERATOR: Option<[&'static str; 2]> = $g1;
            const G2_GENERATOR: Option<[&'static str; 4]> = $g2;
            const FAST_SUBGROUP_CHECKS: bool = $fast;
            fn consts() -> &'static $crate::curve::consts::CurveConsts<[u64; $n]> {
                // Not generic over B, as `frobenius_coeffs` above: the derivation (5-8k lines of
                // IR per curve) was compiled into every crate that used a curve.
                fn derived() -> &'static $crate::curve::consts::CurveConsts<[u64; $n]> {
                    static C: $crate::sync::Once<$crate::curve::consts::CurveConsts<[u64; $n]>> = $crate::sync::Once::new();
                    C.get_or_init(|| $crate::curve::consts::CurveConsts::derive::<$name<$crate::arith::Portable>>())
                }
                derived()
            }
        }
    };
}

/// Parses a signed decimal or 0x-hex integer (curve data) at run time.
#[doc(hidden)]
pub fn parse_bigint(s: &str) -> BigInt {
    let (neg, body) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let body = body.replace('_', "");
    let mag = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        BigUint::parse_bytes(h.as_bytes(), 16)
    } else {
        BigUint::parse_bytes(body.as_bytes(), 10)
    }
    .expect("curve constant is a valid integer");
    let v = BigInt::from(mag);
    if neg {
        -v
    } else {
        v
    }
}
