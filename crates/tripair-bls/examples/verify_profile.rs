//! Cycles of a BLS verification and of its parts (hash to G2, the two-pair pairing check), medians
//! of interleaved runs, for A/B runs and a profiler.
//! `cargo run --release -p tripair-bls --features examples --example verify_profile [rounds]`
use std::hint::black_box;
use tripair::curve::curves::Bls12_381;
use tripair::curve::{G1Affine, G2Affine};
use tripair_bls::{pop, MinPk, SecretKey, Variant};

fn rdtsc() -> u64 {
    // SAFETY: rdtsc has no preconditions on x86_64.
    unsafe { core::arch::x86_64::_rdtsc() }
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let sk = SecretKey::key_gen(&[7u8; 32], &[]).expect("ikm of 32 bytes");
    let pk = sk.public_key::<MinPk>();
    let msg = b"abc";
    let sig = pop::sign::<MinPk>(&sk, msg);
    let h = MinPk::hash_to_point(msg, MinPk::DST_POP).expect("short tag");
    let g1 = -G1Affine::<Bls12_381>::generator();
    let pairs: [(G1Affine<Bls12_381>, G2Affine<Bls12_381>); 2] =
        [(*pk.as_point(), h), (g1, *sig.as_point())];
    type Op<'a> = (&'a str, Box<dyn Fn() + 'a>);
    let ops: Vec<Op> = vec![
        (
            "verify",
            Box::new(|| assert!(pop::verify(black_box(&pk), black_box(msg), black_box(&sig)))),
        ),
        (
            "hash_to_g2",
            Box::new(|| {
                black_box(MinPk::hash_to_point(black_box(msg), MinPk::DST_POP).unwrap());
            }),
        ),
        (
            "pairing_check_2",
            Box::new(|| assert!(tripair::pairing_check::<Bls12_381>(black_box(&pairs)))),
        ),
    ];
    // OP=name runs that operation alone (for a profiler).
    let only = std::env::var("OP").unwrap_or_default();
    let ops: Vec<Op> = ops
        .into_iter()
        .filter(|(name, _)| only.is_empty() || *name == only)
        .collect();
    let mut samples = vec![Vec::with_capacity(rounds); ops.len()];
    for _ in 0..rounds {
        for (i, (_, f)) in ops.iter().enumerate() {
            let s = rdtsc();
            f();
            samples[i].push(rdtsc() - s);
        }
    }
    for (i, (name, _)) in ops.iter().enumerate() {
        samples[i].sort_unstable();
        // The minimum too: on a shared machine other tenants only ever add cycles.
        println!(
            "{name:16} {:10} median {:10} min",
            samples[i][rounds / 2],
            samples[i][0]
        );
    }
}
