//! rdtsc ticks of the final exponentiation on bls12-381 and bn254 (medians of interleaved runs):
//! the default backend (on bls12-381 with IFMA its compressed squares run digit-sliced in the
//! lanes, `field::lanes::compressed_square_chain`) beside the digit-sliced backend D (every F_p6
//! and F_p12 operation's products batched into the lanes), checking that both give the same value,
//! and the final exponentiation on two threads (`final_exponentiation_two_threads`, each timed
//! call right after another so that the pool's worker is awake).
//! `cargo run --release -p tripair --features examples --example final_exp_cycles`
use std::hint::black_box;
use tripair::arith::Sliced;
use tripair::curve::curves::{Bls12_381, Bn254};
use tripair::curve::{G1Affine, G2Affine, PairingCurve};
use tripair::field::lanes::LaneChains;
use tripair::field::{Fp, Fp12, TowerParams};
use tripair::pairing::final_exp::{final_exponentiation_in, final_exponentiation_with};
use tripair::pairing::{final_exponentiation, final_exponentiation_two_threads, miller_loop};

fn rdtsc() -> u64 {
    // SAFETY: rdtsc has no preconditions on x86_64.
    unsafe { core::arch::x86_64::_rdtsc() }
}

fn run<C: PairingCurve>(name: &str, n: usize) {
    type W<C> = <C as PairingCurve>::WithBackend<Sliced>;
    let (p, q) = (G1Affine::<C>::generator(), G2Affine::<C>::generator());
    let f = *miller_loop::<C>(&[(p, q)]).as_fp12();
    let back = f.coefficients().map(|c| {
        Fp::<<W<C> as TowerParams>::Fp>::from_canonical_limbs(&c.to_canonical_limbs()).unwrap()
    });
    let g = Fp12::<W<C>>::from_coefficients(&back);
    let (mut ta, mut tb, mut tc) = (vec![], vec![], vec![]);
    let m = miller_loop::<C>(&[(p, q)]);
    for _ in 0..n {
        let want = final_exponentiation(&m);
        // An untimed call first: the worker sleeps after 50 us without work.
        black_box(final_exponentiation_two_threads(black_box(&m)));
        let s = rdtsc();
        let two = black_box(final_exponentiation_two_threads(black_box(&m)));
        tc.push(rdtsc() - s);
        assert_eq!(two, want);
        let s = rdtsc();
        let a = black_box(final_exponentiation_with(black_box(&f), &LaneChains));
        ta.push(rdtsc() - s);
        let s = rdtsc();
        let b = black_box(final_exponentiation_in(black_box(&g)));
        tb.push(rdtsc() - s);
        let bb = b.coefficients().map(|c| c.to_canonical_limbs());
        let aa = a.coefficients().map(|c| c.to_canonical_limbs());
        assert_eq!(aa, bb);
    }
    ta.sort_unstable();
    tb.sort_unstable();
    tc.sort_unstable();
    println!(
        "{name:10} final exponentiation: default {:8}, digit-sliced backend {:8} ({:.3}x), two threads {:8} ({:.3}x)",
        ta[n / 2],
        tb[n / 2],
        tb[n / 2] as f64 / ta[n / 2] as f64,
        tc[n / 2],
        tc[n / 2] as f64 / ta[n / 2] as f64
    );
}

fn main() {
    run::<Bls12_381>("bls12-381", 200);
    run::<Bn254>("bn254", 200);
}
