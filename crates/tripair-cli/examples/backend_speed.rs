//! Median ns and rdtsc cycles per Montgomery multiplication (and squaring), portable vs ADX,
//! measured interleaved. Run: `cargo run --release -p tripair-cli --features examples --example backend_speed`.

use core::hint::black_box;
use tripair::arith::{Backend, Portable};
use tripair_cli::measure::{measure_interleaved, Measurement};
use tripair_testkit::TestRng;

#[cfg(target_arch = "x86_64")]
use tripair::arith::Adx;

const SAMPLES: usize = 41;
const BATCH_NS: u64 = 2_000_000;

fn rand_below<const N: usize>(rng: &mut TestRng, p: &[u64; N]) -> [u64; N] {
    let mut r = [0u64; N];
    for w in r.iter_mut() {
        *w = rng.next_u64();
    }
    r[N - 1] %= p[N - 1]; // below p
    r
}

fn modulus<const N: usize>(rng: &mut TestRng) -> [u64; N] {
    let mut p = [0u64; N];
    for w in p.iter_mut() {
        *w = rng.next_u64();
    }
    p[0] |= 1;
    p[N - 1] |= 1 << 63; // full width: the hardest case for the carry handling
    p
}

/// One op per call; the result feeds the next call's input, so calls form a dependency chain
/// (latency, as in exponentiation and Miller loops) and nothing can be hoisted or removed.
fn bench<const N: usize>(label: &str, rng: &mut TestRng) {
    let p = modulus::<N>(rng);
    let inv = mont_neg_inv(p[0]);
    let b = rand_below(rng, &p);
    let mut x_port = rand_below(rng, &p);
    let mut x_adx = x_port;
    let mut s_port = x_port;
    let mut s_adx = x_port;
    let mut f_port = || {
        x_port = Portable::mont_mul(
            black_box(&x_port),
            black_box(&b),
            black_box(&p),
            black_box(inv),
        )
    };
    #[cfg(target_arch = "x86_64")]
    let mut f_adx = || {
        x_adx = Adx::mont_mul(
            black_box(&x_adx),
            black_box(&b),
            black_box(&p),
            black_box(inv),
        )
    };
    let mut g_port =
        || s_port = Portable::mont_sqr(black_box(&s_port), black_box(&p), black_box(inv));
    #[cfg(target_arch = "x86_64")]
    let mut g_adx = || s_adx = Adx::mont_sqr(black_box(&s_adx), black_box(&p), black_box(inv));
    #[cfg(target_arch = "x86_64")]
    let r: Vec<Measurement> = measure_interleaved(
        &mut [&mut f_port, &mut f_adx, &mut g_port, &mut g_adx],
        SAMPLES,
        BATCH_NS,
    );
    #[cfg(not(target_arch = "x86_64"))]
    let r: Vec<Measurement> =
        measure_interleaved(&mut [&mut f_port, &mut g_port], SAMPLES, BATCH_NS);
    let show = |what: &str, m: &Measurement| {
        println!(
            "N={N:<2} ({label:<8}) {what:<16} {:>7.2} ns {:>7.1} cycles",
            m.median_ns, m.cycles
        )
    };
    show("portable mul", &r[0]);
    #[cfg(target_arch = "x86_64")]
    {
        show("adx mul", &r[1]);
        show("portable sqr", &r[2]);
        show("adx sqr", &r[3]);
        println!(
            "N={N:<2} mul speedup adx/portable: {:.2}x",
            r[0].median_ns / r[1].median_ns
        );
    }
    black_box((x_port, x_adx, s_port, s_adx));
}

fn main() {
    #[cfg(target_arch = "x86_64")]
    if !Adx::available() {
        println!("NOTE: this CPU lacks ADX/BMI2; the 'adx' rows run the portable fallback");
    }
    let mut rng = TestRng::new(2024);
    bench::<4>("256-bit", &mut rng);
    bench::<6>("381-bit", &mut rng);
    bench::<7>("446-bit", &mut rng);
    bench::<10>("638-bit", &mut rng);
}

/// -p^{-1} mod 2^64 by Newton's iteration (each step doubles the correct low bits).
fn mont_neg_inv(p0: u64) -> u64 {
    let mut x: u64 = 1;
    for _ in 0..6 {
        x = x.wrapping_mul(2u64.wrapping_sub(p0.wrapping_mul(x)));
    }
    x.wrapping_neg()
}
