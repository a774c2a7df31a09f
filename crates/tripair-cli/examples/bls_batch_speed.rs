//! BLS batch verification against single verification, measured interleaved in one run: one
//! `pop::verify`, and `pop::batch_verify` of 64 signatures per signature; and the batch's
//! signature sum sum r_i sig_i as 64 separate variable-time multiplications (the former code)
//! against one Pippenger `msm_vartime` (the current code), per signature; and two parts of each
//! batch item, hashing the message and the G1 multiplication by the coefficient. Both variants.
//! The batch's pairing check uses the threads `available_parallelism` allows (`taskset -c 0`
//! for one). Run: `cargo run --release -p tripair-cli --features examples --example bls_batch_speed [samples]`.

use core::hint::black_box;
use tripair::curve::{Projective, Scalar};
use tripair_bls::variant::Curve;
use tripair_bls::{pop, MinPk, MinSig, PublicKey, SecretKey, Signature, Variant};
use tripair_cli::measure::{cpu_model, measure_interleaved};
use tripair_testkit::TestRng;

const N: usize = 64;

fn compare<V: Variant>(samples: usize, rng: &mut TestRng) {
    let items: Vec<(PublicKey<V>, Vec<u8>, Signature<V>)> = (0..N)
        .map(|i| {
            let sk = SecretKey::key_gen(&[i as u8 + 1; 32], b"bench").unwrap();
            let msg = format!("message {i}").into_bytes();
            let sig = pop::sign(&sk, &msg);
            (sk.public_key(), msg, sig)
        })
        .collect();
    assert!(pop::batch_verify(&items, rng));
    let sigs: Vec<_> = items.iter().map(|(_, _, s)| *s.as_point()).collect();
    let rs: Vec<u64> = (0..N).map(|_| rng.next_u64() | 1).collect();
    let coeffs: Vec<_> = rs.iter().map(|&r| Scalar::<Curve>::from_u64(r)).collect();
    let (pk, msg, sig) = &items[0];

    let g1 = tripair::G1Projective::<Curve>::generator().mul_vartime(&[rs[0], rs[1]]);
    let mut bench_rng = TestRng::new(99);
    let mut single = || {
        black_box(pop::verify(black_box(pk), black_box(msg), black_box(sig)));
    };
    let mut batch = || {
        black_box(pop::batch_verify(black_box(&items), &mut bench_rng));
    };
    let mut sum_separate = || {
        let mut acc = Projective::<V::SigGroup>::identity();
        for (s, r) in sigs.iter().zip(&rs) {
            acc += s.to_projective().mul_vartime(&[*r]);
        }
        black_box(acc);
    };
    let mut sum_msm = || {
        black_box(Projective::<V::SigGroup>::msm_vartime(
            black_box(&sigs),
            black_box(&coeffs),
        ));
    };
    // Two parts of each batch item: hashing the message, and the G1 multiplication by r_i.
    let mut hash = || {
        black_box(V::hash_to_point(black_box(msg), V::DST_POP).ok());
    };
    let mut g1_mul = || {
        black_box(black_box(g1).mul_vartime(&[black_box(rs[2])]));
    };
    let ms = measure_interleaved(
        &mut [
            &mut single,
            &mut batch,
            &mut sum_separate,
            &mut sum_msm,
            &mut hash,
            &mut g1_mul,
        ],
        samples,
        20_000_000,
    );
    let per = |i: usize| ms[i].per(N as f64);
    println!(
        "{:<22} verify {:>8.1} us {:>9.0}c | batch_verify of {N}, per signature {:>7.1} us {:>8.0}c = {:.3}x verify",
        V::NAME,
        ms[0].median_ns / 1e3,
        ms[0].cycles,
        per(1).median_ns / 1e3,
        per(1).cycles,
        per(1).median_ns / ms[0].median_ns,
    );
    println!(
        "{:<22} sum r_i sig_i per signature: separate mul_vartime {:>6.2} us {:>7.0}c | msm_vartime {:>6.2} us {:>7.0}c ({:.2}x faster)",
        "",
        per(2).median_ns / 1e3,
        per(2).cycles,
        per(3).median_ns / 1e3,
        per(3).cycles,
        ms[2].median_ns / ms[3].median_ns,
    );
    println!(
        "{:<22} parts of a batch item: hash to the signature group {:>7.1} us {:>8.0}c | G1 times 64-bit r_i {:>6.2} us {:>7.0}c",
        "",
        ms[4].median_ns / 1e3,
        ms[4].cycles,
        ms[5].median_ns / 1e3,
        ms[5].cycles,
    );
}

fn main() {
    let samples = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(15);
    println!(
        "CPU: {}; threads available: {}; {samples} interleaved samples, medians",
        cpu_model(),
        tripair::pairing::available_threads()
    );
    let mut rng = TestRng::new(1);
    compare::<MinPk>(samples, &mut rng);
    compare::<MinSig>(samples, &mut rng);
}
