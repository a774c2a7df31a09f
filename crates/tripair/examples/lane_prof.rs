use std::hint::black_box;
use tripair::curve::{G1Projective, G2Projective, PairingCurve};
use tripair::field::lanes::{IfmaLanes, LANES};
use tripair::field::Fp;
use tripair::pairing::pairings_in_lanes;
fn run<C: PairingCurve>(n: usize) {
    let pairs: Vec<_> = (0..LANES)
        .map(|i| {
            let k = Fp::from_u64(i as u64 + 2);
            (
                (G1Projective::<C>::generator() * k).to_affine(),
                (G2Projective::<C>::generator() * k).to_affine(),
            )
        })
        .collect();
    for _ in 0..n {
        black_box(pairings_in_lanes::<C, IfmaLanes>(black_box(&pairs)));
    }
}
fn main() {
    if std::env::args().nth(1).as_deref() == Some("bn") {
        run::<tripair::curve::curves::Bn254>(400)
    } else {
        run::<tripair::curve::curves::Bls12_381>(300)
    }
}
