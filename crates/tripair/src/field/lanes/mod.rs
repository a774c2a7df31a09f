//! Eight independent elements of F_p side by side ("lanes"), in radix 2^52: the base field that
//! lets the unchanged tower, Miller loop and final exponentiation compute eight pairings at once
//! (implementation G of Grabher–Großschädl–Page 2008, with the wide multiplier they asked for).
//!
//! An element of F_p is M = ceil(64N / 52) digits of 52 bits; digit j of the eight elements is one
//! [`Row`] of eight u64 (one AVX-512 register). Products use AVX-512 IFMA (`vpmadd52luq/huq`:
//! the low and high 52 bits of a 52x52-bit product added to a 64-bit lane), so the partial products
//! accumulate without carries and the carries are propagated once per multiplication. Reduction
//! is Montgomery's with R = 2^(52M), operand scanning (Koç–Acar–Kaliski 1996, CIOS), in the
//! 52-bit-digit form of Gueron–Krasnov ("Accelerating big integer arithmetic using Intel IFMA
//! extensions", ARITH 2016). Every element has digits < 2^52 and a value below 2p, not p: as
//! 4p < 2^(52M) for every supported prime (at least 2 spare bits in the top digit), the Montgomery
//! product of values below 2p is below 2p without its final subtraction, and additions subtract
//! 2p where needed; equality, masks and the lane values reduce below p first.
//!
//! The kernels are written once over a vector of eight u64 (`V8`) and run on two backends:
//! [`PortableLanes`] (plain u64 arithmetic per lane, any CPU) and [`IfmaLanes`] (AVX-512 F + IFMA,
//! which asks [`crate::cpu`] for the [`crate::cpu::Avx512Ifma`] proof, one cached load per operation, and runs
//! the portable kernels without it or under `TRIPAIR_BACKEND=portable`).

use super::fp::FpParams;
pub use crate::arith::radix52::{
    splat_digits, splat_digits_double, LaneBackend, LaneDigits, Row, TowerConsts, LANES,
};
use crate::arith::radix52::{LaneConsts, Modulus, Radix52, MASK52};
use core::marker::PhantomData;

/// The lane constants of a prime field, derived from its modulus at compile time
/// ([`crate::arith::radix52::DigitConsts`], keyed on the limb count by [`Radix52`]): every [`FpParams`] has them.
pub trait LaneParams: FpParams {
    /// Eight elements in radix 2^52: `[Row; M]`, M = ceil(64N / 52).
    type LaneDigits: LaneDigits;
    /// p in every lane, in 52-bit digits. A reference to one static copy: naming a constant of
    /// this size by value made every lane operation copy it to the stack first (a `memcpy` call).
    const LANE_P: &'static Self::LaneDigits;
    /// 2p in every lane, in 52-bit digits (the lane values stay below it); static like `LANE_P`.
    const LANE_P2: &'static Self::LaneDigits;
    /// 2^(52M) mod p in every lane: one in the lanes' Montgomery form.
    const LANE_ONE: Self::LaneDigits;
    /// 2^(104M) mod p in every lane: converts into the lanes' Montgomery form.
    const LANE_R2: Self::LaneDigits;
    /// -p^{-1} mod 2^52.
    const LANE_INV: u64;
}

/// The modulus of `P`, for [`crate::arith::radix52::DigitConsts`].
pub struct ModulusOf<P>(PhantomData<P>);

impl<P: FpParams> Modulus<P::Limbs> for ModulusOf<P> {
    const MODULUS: P::Limbs = P::MODULUS;
}

/// The constants of `P`'s lane shape.
type ConstsOf<P> = <<P as FpParams>::Limbs as Radix52>::Consts<ModulusOf<P>>;

impl<P: FpParams> LaneParams for P {
    type LaneDigits = <P::Limbs as Radix52>::Digits;
    const LANE_P: &'static Self::LaneDigits = <ConstsOf<P> as LaneConsts>::P;
    const LANE_P2: &'static Self::LaneDigits = <ConstsOf<P> as LaneConsts>::P2;
    const LANE_ONE: Self::LaneDigits = <ConstsOf<P> as LaneConsts>::ONE;
    const LANE_R2: Self::LaneDigits = <ConstsOf<P> as LaneConsts>::R2;
    const LANE_INV: u64 = <ConstsOf<P> as LaneConsts>::INV;
}

mod backend;
mod chains;
/// The portable kernels as the IFMA backend's fallback, out of line: inlined at every operation
/// they made the callers several times larger (and their frames, and their copies).
#[cfg(target_arch = "x86_64")]
mod cold;
mod element;
/// The AVX-512 IFMA backend: the kernels on 512-bit registers, each entered through one
/// `#[target_feature]` function that takes the CPU proof.
#[cfg(target_arch = "x86_64")]
mod ifma;
/// The kernels, once for every [`V8`]: inputs fully reduced (digits < 2^52, value < p), outputs too.
#[allow(clippy::needless_range_loop)] // digit loops index several arrays, as the formulas do
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // the tower kernels serve IFMA only
mod kernels;
mod vector;

pub use backend::{IfmaLanes, PortableLanes};
pub use chains::{
    compressed_square_chain, compressed_square_chain_with, cyclotomic_square_chain,
    cyclotomic_square_run, mul_sliced, sliced_compressed_squares_apply,
    sliced_cyclotomic_squares_apply, LaneChains,
};
pub use element::{sqrt_batch_with, LaneMask, Lanes};
#[cfg(target_arch = "x86_64")]
#[doc(hidden)]
pub use ifma::compiled_kernel_widths;
use vector::{Scalar8, V8};
