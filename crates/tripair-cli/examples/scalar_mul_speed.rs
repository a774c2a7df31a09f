//! Old vs new scalar multiplication, measured interleaved in one run: the plain fixed-window
//! ladder (`mul_ladder`) against GLV/GLS `mul` on G1 and G2, the variable-time
//! `mul_scalar_vartime`, and Pippenger's `msm_vartime` on 64 points (per point); and G2 mul
//! against one pairing. Run: `cargo run --release -p tripair-cli --features examples --example scalar_mul_speed [samples]`.

use core::hint::black_box;
use tripair::curve::curves::{Bls12_381, Bn254};
use tripair::curve::{CurveGroup, Projective, G1, G2};
use tripair::{pairing, G1Affine, G2Projective, PairingCurve, Scalar};
use tripair_cli::measure::measure_interleaved;
use tripair_testkit::TestRng;

fn compare<G: CurveGroup>(samples: usize, rng: &mut TestRng) {
    let p = Projective::<G>::generator().mul_ladder(&Scalar::<G::Curve>::random(rng));
    let k = Scalar::<G::Curve>::random(rng);
    let pts: Vec<_> = (0..64)
        .map(|_| {
            Projective::<G>::generator()
                .mul(&Scalar::<G::Curve>::random(rng))
                .to_affine()
        })
        .collect();
    let ks: Vec<_> = (0..64).map(|_| Scalar::<G::Curve>::random(rng)).collect();
    let mut ladder = || {
        black_box(black_box(p).mul_ladder(black_box(&k)));
    };
    let mut glv = || {
        black_box(black_box(p).mul(black_box(&k)));
    };
    let mut vt = || {
        black_box(black_box(p).mul_scalar_vartime(black_box(&k)));
    };
    let mut msm = || {
        black_box(Projective::<G>::msm_vartime(
            black_box(&pts),
            black_box(&ks),
        ));
    };
    let ms = measure_interleaved(
        &mut [&mut ladder, &mut glv, &mut msm, &mut vt],
        samples,
        4_000_000,
    );
    let name = format!("{} {}", G::Curve::NAME, G::NAME);
    println!(
        "{name:<14} ladder {:>9.0}c  mul {:>9.0}c  ratio {:.2}x  | mul_scalar_vartime {:>9.0}c | msm_64 per point {:>8.0}c ({:.2}x below mul)",
        ms[0].cycles,
        ms[1].cycles,
        ms[0].cycles / ms[1].cycles,
        ms[3].cycles,
        ms[2].cycles / 64.0,
        ms[1].cycles / (ms[2].cycles / 64.0)
    );
    println!(
        "{:<14} fastest batches: ladder {:>8.1} us  mul {:>8.1} us  ratio {:.2}x  | mul_scalar_vartime {:>8.1} us | msm_64 per point {:>7.1} us",
        "",
        ms[0].min_ns / 1e3,
        ms[1].min_ns / 1e3,
        ms[0].min_ns / ms[1].min_ns,
        ms[3].min_ns / 1e3,
        ms[2].min_ns / 64e3
    );
}

/// G2 `mul` (and the old ladder) against one pairing, interleaved.
fn versus_pairing<C: PairingCurve>(samples: usize, rng: &mut TestRng) {
    let q = G2Projective::<C>::generator().mul(&Scalar::<C>::random(rng));
    let pa = G1Affine::<C>::generator();
    let qa = q.to_affine();
    let k = Scalar::<C>::random(rng);
    let mut ladder = || {
        black_box(black_box(q).mul_ladder(black_box(&k)));
    };
    let mut glv = || {
        black_box(black_box(q).mul(black_box(&k)));
    };
    let mut e = || {
        black_box(pairing::<C>(black_box(&pa), black_box(&qa)));
    };
    let ms = measure_interleaved(&mut [&mut ladder, &mut glv, &mut e], samples, 300_000);
    println!(
        "{:<14} pairing {:>9.0}c; G2 ladder / pairing {:.2}, G2 mul / pairing {:.2} (fastest batches: {:.2}, {:.2})",
        C::NAME,
        ms[2].cycles,
        ms[0].cycles / ms[2].cycles,
        ms[1].cycles / ms[2].cycles,
        ms[0].min_ns / ms[2].min_ns,
        ms[1].min_ns / ms[2].min_ns
    );
}

fn main() {
    let samples = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(201);
    let mut rng = TestRng::new(0x5ca1);
    println!("median rdtsc cycles per call over {samples} interleaved batches");
    compare::<G1<Bn254>>(samples, &mut rng);
    compare::<G2<Bn254>>(samples, &mut rng);
    compare::<G1<Bls12_381>>(samples, &mut rng);
    compare::<G2<Bls12_381>>(samples, &mut rng);
    versus_pairing::<Bn254>(samples / 2, &mut rng);
    versus_pairing::<Bls12_381>(samples / 2, &mut rng);
}
