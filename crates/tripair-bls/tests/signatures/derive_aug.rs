//! EIP-2333 key derivation against the EIP's four test cases, its paths (EIP-2334), and the
//! message-augmentation scheme: signatures verify, bind the signer's key, differ from the other
//! schemes', and aggregate over repeated messages.

use tripair_bls::{
    aug, basic, derive, pop, MinPk, MinSig, PublicKey, SecretKey, Signature, Variant,
};
use tripair_testkit::TestRng;

/// A decimal integer below 2^256 as 32 big-endian bytes.
fn decimal_to_be32(s: &str) -> [u8; 32] {
    let mut out = [0u8; 32];
    for digit in s.bytes() {
        let mut carry = u32::from(digit - b'0');
        for byte in out.iter_mut().rev() {
            let v = u32::from(*byte) * 10 + carry;
            *byte = v as u8;
            carry = v >> 8;
        }
        assert_eq!(carry, 0, "{s} exceeds 256 bits");
    }
    out
}

/// EIP-2333, "Test Cases" 0 to 3: seed, master_SK, child_index, child_SK.
const EIP2333: [(&str, &str, u32, &str); 4] = [
    (
        "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04",
        "6083874454709270928345386274498605044986640685124978867557563392430687146096",
        0,
        "20397789859736650942317412262472558107875392172444076792671091975210932703118",
    ),
    (
        "3141592653589793238462643383279502884197169399375105820974944592",
        "29757020647961307431480504535336562678282505419141012933316116377660817309383",
        3141592653,
        "25457201688850691947727629385191704516744796114925897962676248250929345014287",
    ),
    (
        "0099FF991111002299DD7744EE3355BBDD8844115566CC55663355668888CC00",
        "27580842291869792442942448775674722299803720648445448686099262467207037398656",
        4294967295,
        "29358610794459428860402234341874281240803786294062035874021252734817515685787",
    ),
    (
        "d4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3",
        "19022158461524446591288038168518313374041767046816487870552872741050760015818",
        42,
        "31372231650479070279774297061823572166496564838472787488249775572789064611981",
    ),
];

#[test]
fn eip2333_test_cases() {
    for (seed, master, index, child) in EIP2333 {
        let seed = hex::decode(seed).unwrap();
        let m = derive::derive_master_sk(&seed).unwrap();
        assert_eq!(
            m.to_bytes(),
            decimal_to_be32(master),
            "master of {seed:02x?}"
        );
        let c = derive::derive_child_sk(&m, index);
        assert_eq!(c.to_bytes(), decimal_to_be32(child), "child {index}");
        let path = derive::derive_path(&seed, &format!("m/{index}")).unwrap();
        assert_eq!(path.to_bytes(), c.to_bytes());
    }
}

#[test]
fn eip2334_paths_and_their_errors() {
    let seed = [7u8; 32];
    let step_by_step = [12381, 3600, 5, 0, 0]
        .iter()
        .fold(derive::derive_master_sk(&seed).unwrap(), |sk, &i| {
            derive::derive_child_sk(&sk, i)
        });
    let by_path = derive::derive_path(&seed, "m/12381/3600/5/0/0").unwrap();
    assert_eq!(by_path.to_bytes(), step_by_step.to_bytes());
    assert_eq!(
        derive::derive_path(&seed, "m").unwrap().to_bytes(),
        derive::derive_master_sk(&seed).unwrap().to_bytes()
    );
    for (path, fragment) in [
        ("", "does not start with \"m\""),
        ("12381/3600", "does not start with \"m\""),
        ("m/12381//0", "step 2 is \"\""),
        ("m/4294967296", "step 1 is \"4294967296\""),
        ("m/-1", "step 1 is \"-1\""),
        ("m/+1", "step 1 is \"+1\""),
        ("m/12381/x", "step 2 is \"x\""),
    ] {
        let err = derive::derive_path(&seed, path).unwrap_err().to_string();
        assert!(err.starts_with("invalid key path: "), "{path}: {err}");
        assert!(err.contains(fragment), "{path}: {err}");
    }
    let err = derive::derive_master_sk(&[1u8; 31])
        .unwrap_err()
        .to_string();
    assert!(err.contains("31 bytes"), "{err}");
}

fn aug_scheme<V: Variant>() {
    let mut rng = TestRng::new(2333);
    let keys: Vec<SecretKey> = (0..3u8)
        .map(|i| SecretKey::key_gen(&[i + 1; 32], b"").unwrap())
        .collect();
    let pks: Vec<PublicKey<V>> = keys.iter().map(|k| k.public_key()).collect();
    let msg = b"same message";
    let sigs: Vec<Signature<V>> = keys.iter().map(|k| aug::sign(k, msg)).collect();
    for (pk, sig) in pks.iter().zip(&sigs) {
        assert!(aug::verify(pk, msg, sig));
        assert!(!aug::verify(pk, b"other message", sig));
    }
    // The key is part of the signed message: another key's signature of the same message differs,
    // and so do the other schemes' signatures.
    assert!(!aug::verify(&pks[1], msg, &sigs[0]));
    assert_ne!(sigs[0], basic::sign::<V>(&keys[0], msg));
    assert_ne!(sigs[0], pop::sign::<V>(&keys[0], msg));
    // Repeated messages aggregate (the basic scheme refuses them).
    let agg = Signature::aggregate(&sigs).unwrap();
    let msgs = [msg; 3];
    assert!(aug::aggregate_verify(&pks, &msgs, &agg));
    assert!(!basic::aggregate_verify(&pks, &msgs, &agg));
    assert!(!aug::aggregate_verify(&pks[..2], &msgs[..2], &agg));
    assert!(!aug::aggregate_verify(&pks, &msgs[..2], &agg));
    let items: Vec<_> = pks
        .iter()
        .zip(&sigs)
        .map(|(pk, s)| (*pk, msg, *s))
        .collect();
    assert!(aug::batch_verify(&items, &mut rng));
    let mut bad = items.clone();
    bad[1].2 = sigs[2];
    assert_eq!(
        aug::batch_verify_each(&bad, &mut rng),
        vec![true, false, true]
    );
}

#[test]
fn aug_scheme_min_pk() {
    aug_scheme::<MinPk>();
}

#[test]
fn aug_scheme_min_sig() {
    aug_scheme::<MinSig>();
}
