//! Randomized batch verification (one multi-pairing, sum r_i sig_i by Pippenger's
//! `msm_vartime`) gives the same answer as verifying every signature on its own: VALID exactly
//! when every single verification is VALID, and `batch_verify_each` gives each one's verdict, over random batches with random corruptions (wrong
//! message, wrong key, swapped signatures, identity or negated signatures, signatures of the
//! other scheme), for both variants and both schemes, below and above the threaded threshold.

use tripair_bls::{basic, pop, MinPk, MinSig, PublicKey, SecretKey, Signature, Variant};
use tripair_testkit::TestRng;

type Items<V> = Vec<(PublicKey<V>, Vec<u8>, Signature<V>)>;

fn key(i: u64) -> SecretKey {
    let mut ikm = [0u8; 32];
    ikm[..8].copy_from_slice(&i.to_le_bytes());
    SecretKey::key_gen(&ikm, b"batch equals single").unwrap()
}

fn signed<V: Variant>(n: usize, first: u64, basic_scheme: bool) -> Items<V> {
    (0..n as u64)
        .map(|i| {
            let sk = key(first + i);
            let msg = format!("message {}", (first + i) % 5).into_bytes();
            let sig = if basic_scheme {
                basic::sign(&sk, &msg)
            } else {
                pop::sign(&sk, &msg)
            };
            (sk.public_key(), msg, sig)
        })
        .collect()
}

/// The signature with its y flipped (the compressed sign bit): -sig.
fn negated<V: Variant>(sig: &Signature<V>) -> Signature<V> {
    let mut b = sig.to_bytes();
    if b[0] & 0x40 == 0 {
        b[0] ^= 0x20;
    }
    Signature::from_bytes(&b).unwrap()
}

fn identity<V: Variant>() -> Signature<V> {
    let mut b = vec![0u8; V::SIG_BYTES];
    b[0] = 0xc0;
    Signature::from_bytes(&b).unwrap()
}

/// Applies corruption `kind` to item `i` (some kinds touch its neighbour too).
fn corrupt<V: Variant>(items: &mut Items<V>, i: usize, kind: u64, basic_scheme: bool) {
    let n = items.len();
    match kind {
        0 => items[i].1 = b"not the message".to_vec(),
        1 => items[i].0 = key(10_000 + i as u64).public_key(),
        2 => {
            let j = (i + 1) % n;
            let (a, b) = (items[i].2, items[j].2);
            items[i].2 = b;
            items[j].2 = a;
        }
        3 => items[i].2 = identity(),
        4 => items[i].2 = negated(&items[i].2),
        _ => {
            // The same message signed in the other scheme.
            let sk = key(20_000 + i as u64);
            items[i].0 = sk.public_key();
            items[i].2 = if basic_scheme {
                pop::sign(&sk, &items[i].1)
            } else {
                basic::sign(&sk, &items[i].1)
            };
        }
    }
}

fn batch_equals_single<V: Variant>(basic_scheme: bool, seed: u64) {
    let mut rng = TestRng::new(seed);
    let (mut valid, mut invalid) = (0, 0);
    // 1..=9 items: one thread; 18: the Miller loops split over threads (parallel feature).
    for (trial, n) in [1usize, 2, 3, 5, 9, 18, 4, 7, 2, 9, 3, 6]
        .into_iter()
        .enumerate()
    {
        let mut items = signed::<V>(n, 100 * trial as u64, basic_scheme);
        // Half the trials stay clean; the others get one to three corruptions.
        if trial % 2 == 1 {
            for _ in 0..1 + rng.next_u64() % 3 {
                let i = (rng.next_u64() % n as u64) as usize;
                corrupt(&mut items, i, rng.next_u64() % 6, basic_scheme);
            }
        }
        let singles: Vec<bool> = items
            .iter()
            .map(|(pk, m, s)| {
                if basic_scheme {
                    basic::verify(pk, m, s)
                } else {
                    pop::verify(pk, m, s)
                }
            })
            .collect();
        let single = singles.iter().all(|&v| v);
        for _ in 0..2 {
            let (batch, each) = if basic_scheme {
                (
                    basic::batch_verify(&items, &mut rng),
                    basic::batch_verify_each(&items, &mut rng),
                )
            } else {
                (
                    pop::batch_verify(&items, &mut rng),
                    pop::batch_verify_each(&items, &mut rng),
                )
            };
            assert_eq!(batch, single, "trial {trial}, n = {n}");
            assert_eq!(each, singles, "trial {trial}, n = {n}");
        }
        if single {
            valid += 1;
        } else {
            invalid += 1;
        }
    }
    // Both answers occur (a corruption can undo itself, e.g. swapping equal signatures).
    assert!(
        valid >= 6 && invalid >= 3,
        "valid {valid}, invalid {invalid}"
    );
}

#[test]
fn each_with_identity_keys_and_empty() {
    let mut rng = TestRng::new(5);
    let mut items = signed::<MinPk>(4, 900, false);
    let mut b = vec![0u8; MinPk::PK_BYTES];
    b[0] = 0xc0;
    items[2].0 = PublicKey::from_bytes(&b).unwrap(); // fails KeyValidate: that item alone
    assert_eq!(
        pop::batch_verify_each(&items, &mut rng),
        [true, true, false, true]
    );
    assert!(!pop::batch_verify(&items, &mut rng));
    let empty: Items<MinSig> = Vec::new();
    assert!(pop::batch_verify_each(&empty, &mut rng).is_empty());
}

#[test]
fn min_pk_pop() {
    batch_equals_single::<MinPk>(false, 1);
}

#[test]
fn min_pk_basic() {
    batch_equals_single::<MinPk>(true, 2);
}

#[test]
fn min_sig_pop() {
    batch_equals_single::<MinSig>(false, 3);
}

#[test]
fn min_sig_basic() {
    batch_equals_single::<MinSig>(true, 4);
}
