//! The research crate's tests, one module per topic, in the package's one test crate (each test
//! crate instantiates the generic pairing stack again):
//! - `algorithm2`: row F of Grabher–Großschädl–Page (their Algorithm 2: tabulated doublings,
//!   the additions split by bit parity over two threads) against the serial pairings on every
//!   curve;
//! - `dclxvi`: F_p as twelve doubles against the Montgomery field, and its pairing;
//! - `halves`: row E of Grabher–Großschädl–Page (the F_p12 operations in halves on two threads)
//!   against the serial pairings on every curve;
//! - `oracles`: on every curve, the plain ate pairing (bilinear, non-degenerate) and the fast
//!   final exponentiation against the slow one;
//! - `portable32`: the 32-bit-digit backend (row A32) against the 64-bit one, and its pairings;
//! - `ifma_serial`: the digit-serial IFMA backend against the portable one and a big-integer
//!   reference (where the CPU has AVX-512 IFMA).

mod algorithm2;
mod dclxvi;
mod halves;
#[cfg(target_arch = "x86_64")]
mod ifma_serial;
mod oracles;
mod portable32;

use tripair::curve::{G1Affine, G1Projective, G2Affine, G2Projective, PairingCurve};
use tripair::field::Fp;
use tripair_testkit::TestRng;

/// A pair of points for a pairing.
type Pair<C> = (G1Affine<C>, G2Affine<C>);

/// The pairs a two-thread pairing is checked on: the generators, random multiples of them (also
/// returned alone, for the plain ate checks) and each multiple beside the point at infinity.
fn sample_pairs<C: PairingCurve>(seed: u64) -> (Pair<C>, [Pair<C>; 4]) {
    let mut rng = TestRng::new(seed);
    let (g1, g2) = (
        G1Projective::<C>::generator(),
        G2Projective::<C>::generator(),
    );
    let pa = g1.mul(&Fp::random(&mut rng)).to_affine();
    let qb = g2.mul(&Fp::random(&mut rng)).to_affine();
    (
        (pa, qb),
        [
            (g1.to_affine(), g2.to_affine()),
            (pa, qb),
            (G1Affine::identity(), qb),
            (pa, G2Affine::identity()),
        ],
    )
}
