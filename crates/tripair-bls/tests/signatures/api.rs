//! Round trips, negative cases, KeyGen, encodings and batch verification, for both variants.

use tripair_bls::{basic, pop, Error, MinPk, MinSig, PublicKey, SecretKey, Signature, Variant};
use tripair_testkit::TestRng;

/// r, the order of G1 and G2, big-endian.
const R: &str = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

fn key(i: u8) -> SecretKey {
    SecretKey::key_gen(&[i; 32], b"tripair-bls tests").unwrap()
}

#[test]
fn key_gen_eip2333_master_keys() {
    // EIP-2333's derive_master_SK(seed) is KeyGen(seed, "") of the draft (sections 2.3 of
    // draft-04 and later): its four published master keys, converted to hex.
    let cases = [
        (
            "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04",
            "0d7359d57963ab8fbbde1852dcf553fedbc31f464d80ee7d40ae683122b45070",
        ),
        (
            "3141592653589793238462643383279502884197169399375105820974944592",
            "41c9e07822b092a93fd6797396338c3ada4170cc81829fdfce6b5d34bd5e7ec7",
        ),
        (
            "0099ff991111002299dd7744ee3355bbdd8844115566cc55663355668888cc00",
            "3cfa341ab3910a7d00d933d8f7c4fe87c91798a0397421d6b19fd5b815132e80",
        ),
        (
            "d4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3",
            "2a0e28ffa5fbbe2f8e7aad4ed94f745d6bf755c51182e119bb1694fe61d3afca",
        ),
    ];
    for (seed, sk) in cases {
        let got = SecretKey::key_gen(&unhex(seed), b"").unwrap();
        assert_eq!(got.to_bytes().to_vec(), unhex(sk), "seed {seed}");
    }
}

#[test]
fn key_gen_rules() {
    // Deterministic, in [1, r) (the strict decoder accepts the encoding), and key_info matters.
    for ikm in [[0u8; 32], [0xffu8; 32], [0x5au8; 32]] {
        let a = SecretKey::key_gen(&ikm, b"").unwrap();
        let b = SecretKey::key_gen(&ikm, b"").unwrap();
        assert_eq!(a.to_bytes(), b.to_bytes());
        assert!(SecretKey::from_bytes(&a.to_bytes()).is_ok());
        let c = SecretKey::key_gen(&ikm, b"other key_info").unwrap();
        assert_ne!(a.to_bytes(), c.to_bytes());
    }
    let long = SecretKey::key_gen(&[1u8; 100], b"").unwrap();
    assert!(SecretKey::from_bytes(&long.to_bytes()).is_ok());
    assert_eq!(
        SecretKey::key_gen(&[1u8; 31], b"").unwrap_err(),
        Error::IkmTooShort { got: 31 }
    );
    assert_eq!(
        SecretKey::key_gen(&[], b"").unwrap_err(),
        Error::IkmTooShort { got: 0 }
    );
}

#[test]
fn secret_key_encoding() {
    let r = unhex(R);
    assert_eq!(
        SecretKey::from_bytes(&r).unwrap_err(),
        Error::SecretKeyOutOfRange
    );
    assert_eq!(
        SecretKey::from_bytes(&[0xff; 32]).unwrap_err(),
        Error::SecretKeyOutOfRange
    );
    assert_eq!(
        SecretKey::from_bytes(&[0; 32]).unwrap_err(),
        Error::ZeroSecretKey
    );
    assert_eq!(
        SecretKey::from_bytes(&[1; 31]).unwrap_err(),
        Error::WrongLength {
            what: "secret key",
            expected: 32,
            got: 31
        }
    );
    let mut r_minus_1 = r.clone();
    r_minus_1[31] -= 1;
    let sk = SecretKey::from_bytes(&r_minus_1).unwrap();
    assert_eq!(sk.to_bytes().to_vec(), r_minus_1);
    let mut one = [0u8; 32];
    one[31] = 1;
    // SK = 1: the public key is the generator.
    let sk1 = SecretKey::from_bytes(&one).unwrap();
    assert_eq!(
        sk1.public_key::<MinPk>().as_point(),
        &tripair::G1Affine::generator()
    );
    // SK = r - 1: the public key is minus the generator, in both groups (fixed-base tables).
    let sk_m1 = SecretKey::from_bytes(&r_minus_1).unwrap();
    assert_eq!(
        sk_m1.public_key::<MinPk>().as_point(),
        &tripair::G1Affine::generator().neg()
    );
    assert_eq!(
        sk_m1.public_key::<MinSig>().as_point(),
        &tripair::G2Affine::generator().neg()
    );
    // Debug shows nothing secret.
    assert_eq!(format!("{sk:?}"), "SecretKey(..)");
    assert_eq!(Error::ZeroSecretKey.to_string(), "secret key is zero");
}

fn round_trips<V: Variant>() {
    let (sk, sk2) = (key(1), key(2));
    let pk = sk.public_key::<V>();
    let pk2 = sk2.public_key::<V>();
    assert_eq!(pk.to_bytes().len(), V::PK_BYTES);
    assert_eq!(
        PublicKey::<V>::from_bytes_validated(&pk.to_bytes()).unwrap(),
        pk
    );

    for (sign, verify) in [
        (
            pop::sign::<V> as fn(&SecretKey, &[u8]) -> Signature<V>,
            pop::verify::<V> as fn(&PublicKey<V>, &[u8], &Signature<V>) -> bool,
        ),
        (basic::sign::<V>, basic::verify::<V>),
    ] {
        let sig = sign(&sk, b"message");
        assert_eq!(sig.to_bytes().len(), V::SIG_BYTES);
        assert_eq!(Signature::<V>::from_bytes(&sig.to_bytes()).unwrap(), sig);
        assert!(verify(&pk, b"message", &sig));
        // Deterministic.
        assert_eq!(sign(&sk, b"message"), sig);
        // Wrong message, wrong key, tampered (another message's) signature.
        assert!(!verify(&pk, b"messagf", &sig));
        assert!(!verify(&pk2, b"message", &sig));
        assert!(!verify(&pk, b"message", &sign(&sk, b"other")));
        assert!(!verify(&pk, b"message", &sign(&sk2, b"message")));
        // The identity signature decodes, and verifies under no valid key.
        let inf = Signature::<V>::from_bytes(&infinity(V::SIG_BYTES)).unwrap();
        assert!(!verify(&pk, b"message", &inf));
    }
    // Basic and PoP signatures are domain-separated.
    assert!(!pop::verify(&pk, b"m", &basic::sign(&sk, b"m")));
    assert!(!basic::verify(&pk, b"m", &pop::sign(&sk, b"m")));
}

fn infinity(len: usize) -> Vec<u8> {
    let mut b = vec![0u8; len];
    b[0] = 0xc0;
    b
}

#[test]
fn round_trips_min_pk() {
    round_trips::<MinPk>();
}

#[test]
fn round_trips_min_sig() {
    round_trips::<MinSig>();
}

fn identity_public_key<V: Variant>() {
    let pk = PublicKey::<V>::from_bytes(&infinity(V::PK_BYTES)).unwrap();
    assert_eq!(pk.validate().unwrap_err(), Error::IdentityPublicKey);
    assert_eq!(
        PublicKey::<V>::from_bytes_validated(&infinity(V::PK_BYTES)).unwrap_err(),
        Error::IdentityPublicKey
    );
    let inf_sig = Signature::<V>::from_bytes(&infinity(V::SIG_BYTES)).unwrap();
    // e(O, H(m)) = e(P, O) = 1: without KeyValidate this pair would verify for every message.
    assert!(!pop::verify(&pk, b"anything", &inf_sig));
    assert!(!basic::verify(&pk, b"anything", &inf_sig));
    assert!(!pop::aggregate_verify(&[pk], &[b"anything"], &inf_sig));
    assert!(!pop::fast_aggregate_verify(&[pk], b"anything", &inf_sig));
    assert!(!pop::pop_verify(&pk, &inf_sig));
    assert_eq!(
        PublicKey::aggregate(&[key(1).public_key::<V>(), pk]).unwrap_err(),
        Error::IdentityPublicKey
    );
    // Keys that cancel: the aggregate is the identity, and FastAggregateVerify rejects it.
    let a = key(3).public_key::<V>();
    let neg_a = PublicKey::<V>::from_bytes(&{
        let mut b = a.to_bytes();
        b[0] ^= 0x20; // the other square root: -A
        b
    })
    .unwrap();
    assert!(!pop::fast_aggregate_verify(&[a, neg_a], b"m", &inf_sig));
}

#[test]
fn identity_public_key_min_pk() {
    identity_public_key::<MinPk>();
}

#[test]
fn identity_public_key_min_sig() {
    identity_public_key::<MinSig>();
}

fn decoding_errors<V: Variant>() {
    let pk = key(1).public_key::<V>().to_bytes();
    let e = PublicKey::<V>::from_bytes(&pk[1..]).unwrap_err();
    assert_eq!(
        e,
        Error::WrongLength {
            what: "public key",
            expected: V::PK_BYTES,
            got: V::PK_BYTES - 1
        }
    );
    let e = Signature::<V>::from_bytes(&[0u8; 3]).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "wrong length for signature: expected {} bytes, got 3",
            V::SIG_BYTES
        )
    );
    // Missing compression flag, all zero: rejected by the decoder, named.
    let e = Signature::<V>::from_bytes(&vec![0u8; V::SIG_BYTES]).unwrap_err();
    assert!(
        matches!(
            e,
            Error::InvalidPoint {
                what: "signature",
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().starts_with("invalid signature: "), "{e}");
}

#[test]
fn decoding_errors_min_pk() {
    decoding_errors::<MinPk>();
    // From the Ethereum vectors: a G1 x-coordinate on the curve outside the subgroup, and one off
    // the curve; each error says which.
    let not_in_g1 = unhex("8123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
    let e = PublicKey::<MinPk>::from_bytes(&not_in_g1).unwrap_err();
    assert_eq!(
        e,
        Error::InvalidPoint {
            what: "public key",
            error: tripair::Error::NotInSubgroup
        }
    );
    assert_eq!(
        e.to_string(),
        "invalid public key: point not in subgroup of order r"
    );
    let not_on_curve = unhex("8123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde0");
    let e = PublicKey::<MinPk>::from_bytes(&not_on_curve).unwrap_err();
    assert!(e.to_string().contains("not on the curve"), "{e}");
}

#[test]
fn decoding_errors_min_sig() {
    decoding_errors::<MinSig>();
}

fn aggregation<V: Variant>() {
    // 18 signers: from 16 pairs on the messages are hashed on threads (parallel feature).
    let sks: Vec<SecretKey> = (1..=18).map(key).collect();
    let pks: Vec<PublicKey<V>> = sks.iter().map(|s| s.public_key()).collect();
    let msgs: Vec<Vec<u8>> = (0..18u8).map(|i| vec![i; 5]).collect();

    // AggregateVerify, distinct messages, both schemes.
    let sigs: Vec<Signature<V>> = sks
        .iter()
        .zip(&msgs)
        .map(|(s, m)| pop::sign(s, m))
        .collect();
    let agg = Signature::aggregate(&sigs).unwrap();
    assert!(pop::aggregate_verify(&pks, &msgs, &agg));
    assert!(!pop::aggregate_verify(&pks[1..], &msgs[1..], &agg));
    assert!(!pop::aggregate_verify(&pks, &msgs[..3], &agg));
    let mut swapped = msgs.clone();
    swapped.swap(0, 1);
    assert!(!pop::aggregate_verify(&pks, &swapped, &agg));
    // A key failing KeyValidate (the identity) among those hashed on threads.
    let mut identity = vec![0u8; V::PK_BYTES];
    identity[0] = 0xc0;
    let mut bad = pks.clone();
    bad[17] = PublicKey::from_bytes(&identity).unwrap();
    assert!(!pop::aggregate_verify(&bad, &msgs, &agg));
    let empty: [&[u8]; 0] = [];
    assert!(!pop::aggregate_verify::<V, &[u8]>(&[], &empty, &agg));

    let bsigs: Vec<Signature<V>> = sks
        .iter()
        .zip(&msgs)
        .map(|(s, m)| basic::sign(s, m))
        .collect();
    let bagg = Signature::aggregate(&bsigs).unwrap();
    assert!(basic::aggregate_verify(&pks, &msgs, &bagg));

    // Repeated messages: INVALID in the basic scheme (section 3.1.1), fine with PoP.
    let same = vec![b"same".to_vec(); sks.len()];
    let bsame = Signature::aggregate(
        &sks.iter()
            .map(|s| basic::sign::<V>(s, b"same"))
            .collect::<Vec<_>>(),
    )
    .unwrap();
    assert!(!basic::aggregate_verify(&pks, &same, &bsame));
    let psame: Vec<Signature<V>> = sks.iter().map(|s| pop::sign(s, b"same")).collect();
    let psame = Signature::aggregate(&psame).unwrap();
    assert!(pop::aggregate_verify(&pks, &same, &psame));

    // FastAggregateVerify and the aggregate public key.
    assert!(pop::fast_aggregate_verify(&pks, b"same", &psame));
    assert!(!pop::fast_aggregate_verify(&pks[..3], b"same", &psame));
    assert!(!pop::fast_aggregate_verify(&pks, b"other", &psame));
    assert!(!pop::fast_aggregate_verify::<V>(&[], b"same", &psame));
    let apk = PublicKey::aggregate(&pks).unwrap();
    assert!(pop::verify(&apk, b"same", &psame));

    // Empty aggregates are errors.
    assert_eq!(
        Signature::<V>::aggregate(&[]).unwrap_err(),
        Error::EmptyAggregate { what: "signatures" }
    );
    assert_eq!(
        PublicKey::<V>::aggregate(&[]).unwrap_err(),
        Error::EmptyAggregate {
            what: "public keys"
        }
    );
}

#[test]
fn aggregation_min_pk() {
    aggregation::<MinPk>();
}

#[test]
fn aggregation_min_sig() {
    aggregation::<MinSig>();
}

fn proof_of_possession<V: Variant>() {
    let (sk, sk2) = (key(5), key(6));
    let (pk, pk2) = (sk.public_key::<V>(), sk2.public_key::<V>());
    let proof = pop::pop_prove::<V>(&sk);
    assert!(pop::pop_verify(&pk, &proof));
    assert!(!pop::pop_verify(&pk2, &proof));
    assert!(!pop::pop_verify(&pk, &pop::pop_prove::<V>(&sk2)));
    // The proof is domain-separated from a signature on the key's bytes.
    assert!(!pop::verify(&pk, &pk.to_bytes(), &proof));
    assert!(!pop::pop_verify(&pk, &pop::sign(&sk, &pk.to_bytes())));
}

#[test]
fn proof_of_possession_min_pk() {
    proof_of_possession::<MinPk>();
}

#[test]
fn proof_of_possession_min_sig() {
    proof_of_possession::<MinSig>();
}

type Batch<V> = Vec<(PublicKey<V>, Vec<u8>, Signature<V>)>;

fn batch<V: Variant>(n: usize) -> Batch<V> {
    (0..n)
        .map(|i| {
            let sk = key(i as u8 + 10);
            let msg = format!("message {}", i % 3).into_bytes(); // some repeated messages
            let sig = pop::sign(&sk, &msg);
            (sk.public_key(), msg, sig)
        })
        .collect()
}

fn batch_verification<V: Variant>() {
    let mut rng = TestRng::new(7);
    // 3 triples: the single-threaded check; 20: over the parallel threshold.
    for n in [1, 3, 20] {
        let items = batch::<V>(n);
        assert!(pop::batch_verify(&items, &mut rng), "n = {n}");

        // One bad signature (signed over another message) anywhere rejects the batch.
        for bad in [0, n - 1] {
            let mut items = items.clone();
            items[bad].2 = pop::sign(&key(bad as u8 + 10), b"not the message");
            assert!(!pop::batch_verify(&items, &mut rng), "n = {n}, bad = {bad}");
        }
        // A wrong key.
        let mut wrong_key = items.clone();
        wrong_key[0].0 = key(99).public_key();
        assert!(!pop::batch_verify(&wrong_key, &mut rng));
        // The basic-scheme tag does not accept PoP signatures.
        assert!(!basic::batch_verify(&items, &mut rng));
    }
    // Signatures exchanged between two triples: their sum is unchanged, so an unweighted check
    // would pass; the random coefficients reject it.
    let mut items = batch::<V>(2);
    let (s0, s1) = (items[0].2, items[1].2);
    items[0].2 = s1;
    items[1].2 = s0;
    assert!(!pop::batch_verify(&items, &mut rng));
    // The basic scheme's batch verification, with repeated messages (independent signatures).
    let basic_items: Batch<V> = (0..4)
        .map(|i| {
            let sk = key(i + 40);
            (sk.public_key(), b"same".to_vec(), basic::sign(&sk, b"same"))
        })
        .collect();
    assert!(basic::batch_verify(&basic_items, &mut rng));
    // An identity public key (with the identity signature) is rejected.
    let mut with_identity = batch::<V>(2);
    with_identity[1].0 = PublicKey::from_bytes(&infinity(V::PK_BYTES)).unwrap();
    with_identity[1].2 = Signature::from_bytes(&infinity(V::SIG_BYTES)).unwrap();
    assert!(!pop::batch_verify(&with_identity, &mut rng));
    // Documented: the empty batch is INVALID.
    let empty: Batch<V> = Vec::new();
    assert!(!pop::batch_verify(&empty, &mut rng));
    assert!(!basic::batch_verify(&empty, &mut rng));
}

#[test]
fn batch_verification_min_pk() {
    batch_verification::<MinPk>();
}

#[test]
fn batch_verification_min_sig() {
    batch_verification::<MinSig>();
}

#[test]
fn forged_signature_set_min_pk() {
    // S1 + X and S2 - X: the aggregate is S1 + S2, so AggregateVerify accepts it, but each
    // signature is invalid and batch verification must say so.
    let (sk1, sk2) = (key(20), key(21));
    let (m1, m2) = (b"m1".as_slice(), b"m2".as_slice());
    let (s1, s2) = (pop::sign::<MinPk>(&sk1, m1), pop::sign::<MinPk>(&sk2, m2));
    let x = pop::sign::<MinPk>(&key(22), b"x");
    let neg_x = Signature::<MinPk>::from_bytes(&{
        let mut b = x.to_bytes();
        b[0] ^= 0x20;
        b
    })
    .unwrap();
    let f1 = Signature::aggregate(&[s1, x]).unwrap();
    let f2 = Signature::aggregate(&[s2, neg_x]).unwrap();
    let (pk1, pk2) = (sk1.public_key(), sk2.public_key());
    assert!(pop::aggregate_verify(
        &[pk1, pk2],
        &[m1, m2],
        &Signature::aggregate(&[f1, f2]).unwrap()
    ));
    assert!(!pop::verify(&pk1, m1, &f1));
    let items = vec![(pk1, m1, f1), (pk2, m2, f2)];
    for seed in 0..4 {
        assert!(!pop::batch_verify(&items, &mut TestRng::new(seed)));
    }
}
