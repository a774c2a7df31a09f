//! The lane field (eight F_p elements in 52-bit digits, `field::lanes`) and the pairings in it.
//! Both parts instantiate the lane tower and the scalar pairing of each curve they test: they
//! are modules of the package's one test crate (`tests/unoptimised.rs`), which compiles those
//! once.
//!
//! The field level, where a prime's own constants matter, runs on every prime curve. Above it, the
//! lane code depends on a curve through its limb count, its twist type and the sign of u; the
//! representative curves below cover every combination the curves have (bn256d and dclxvi
//! have bn254's: four limbs, a D-type twist, u > 0), each a full instantiation of the lane stack
//! less. The scalar pairing of every curve is checked in the `pairings` test crate.

/// Calls `$m` with the curves the lane tower and pairing tests run on, in
/// `tripair::for_each_prime_curve!`'s form.
#[macro_export]
macro_rules! representative_curves {
    ($m:ident) => {
        $m! {
            ()
            bn254: tripair::curve::curves::Bn254 = "bn254",
            bn254n: tripair::curve::curves::Bn254n = "bn254n",
            bn446: tripair::curve::curves::Bn446 = "bn446",
            bn638: tripair::curve::curves::Bn638 = "bn638",
            bls12_381: tripair::curve::curves::Bls12_381 = "bls12-381",
        }
    };
}

mod kernels;
mod pairings;
