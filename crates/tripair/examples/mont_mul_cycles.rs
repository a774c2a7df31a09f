//! rdtsc ticks per Montgomery multiplication on the default backend for the bn254 and bls12-381
//! moduli: latency (one dependency chain) and throughput (four independent chains), and the same
//! for a double-width product followed by a Montgomery reduction (the lazy tower's pieces).
//! `cargo run --release -p tripair --features examples --example mont_mul_cycles`
use std::hint::black_box;
use tripair::arith::{Backend, DefaultBackend as B};
use tripair::curve::curves::{Bls12_381, Bn254};
use tripair::field::{FpParams, TowerParams};

fn rdtsc() -> u64 {
    // SAFETY: rdtsc has no preconditions on x86_64.
    unsafe { core::arch::x86_64::_rdtsc() }
}
const K: usize = 2000;

fn median(mut v: Vec<u64>) -> f64 {
    v.sort_unstable();
    v[v.len() / 2] as f64 / K as f64
}

fn limbs<const N: usize>(seed: u64, p: &[u64; N]) -> [u64; N] {
    let mut x = [0u64; N];
    let mut s = seed;
    for w in x.iter_mut() {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *w = s;
    }
    x[N - 1] %= p[N - 1];
    x
}

#[inline(never)]
fn mm<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N], inv: u64) -> [u64; N] {
    B::mont_mul(a, b, p, inv)
}

fn run<const N: usize>(name: &str, p: [u64; N], inv: u64) {
    let p = black_box(p);
    let y = limbs(7, &p);
    let mut x: [[u64; N]; 4] = core::array::from_fn(|i| limbs(i as u64, &p));
    let (mut lat, mut thr, mut wide, mut ool, mut wide_lat) =
        (vec![], vec![], vec![], vec![], vec![]);
    for _ in 0..201 {
        let s = rdtsc();
        let mut a = black_box(x[0]);
        for _ in 0..K {
            a = B::mont_mul(&a, &y, &p, inv);
        }
        x[0] = black_box(a);
        lat.push(rdtsc() - s);
        let s = rdtsc();
        let [mut a, mut b, mut c, mut d] = black_box(x);
        for _ in 0..K {
            a = B::mont_mul(&a, &y, &p, inv);
            b = B::mont_mul(&b, &y, &p, inv);
            c = B::mont_mul(&c, &y, &p, inv);
            d = B::mont_mul(&d, &y, &p, inv);
        }
        x = black_box([a, b, c, d]);
        thr.push(rdtsc() - s);
        let s = rdtsc();
        let [mut a, mut b, mut c, mut d] = black_box(x);
        for _ in 0..K {
            a = mm(&a, &y, &p, inv);
            b = mm(&b, &y, &p, inv);
            c = mm(&c, &y, &p, inv);
            d = mm(&d, &y, &p, inv);
        }
        x = black_box([a, b, c, d]);
        ool.push(rdtsc() - s);
        let s = rdtsc();
        let mut a = black_box(x[0]);
        let (mut lo, mut hi) = ([0u64; N], [0u64; N]);
        for _ in 0..K {
            B::mul_wide_into(&a, &y, &mut lo, &mut hi);
            a = B::mont_reduce_wide(&lo, &hi, &p, inv);
        }
        x[0] = black_box(a);
        wide_lat.push(rdtsc() - s);
        let s = rdtsc();
        let [mut a, mut b, mut c, mut d] = black_box(x);
        for _ in 0..K {
            for v in [&mut a, &mut b, &mut c, &mut d] {
                B::mul_wide_into(v, &y, &mut lo, &mut hi);
                *v = B::mont_reduce_wide(&lo, &hi, &p, inv);
            }
        }
        x = black_box([a, b, c, d]);
        wide.push(rdtsc() - s);
    }
    println!(
        "{name:10} mont_mul latency {:6.1}  throughput {:6.1} (out of line {:6.1});  mul_wide+reduce latency {:6.1}  throughput {:6.1}",
        median(lat),
        median(thr) / 4.0,
        median(ool) / 4.0,
        median(wide_lat),
        median(wide) / 4.0
    );
}

fn main() {
    type P4 = <Bn254 as TowerParams>::Fp;
    type P6 = <Bls12_381 as TowerParams>::Fp;
    run::<4>("bn254", P4::MODULUS, P4::INV);
    run::<6>("bls12-381", P6::MODULUS, P6::INV);
}
