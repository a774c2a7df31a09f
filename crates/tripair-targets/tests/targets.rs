//! The library as a user's crate sees it, on whatever target this runs on (x86-64 with its ADX
//! and IFMA backends, aarch64 and wasm32 with the portable one), with debug assertions on:
//! - per curve: F_p arithmetic, G1 and G2 group laws and scalar multiplication, encodings (and
//!   their rejection of a point off the curve), bilinearity, products, checks, prepared G2, and
//!   the GT bytes of one pairing against `gt_vectors.txt` (written on x86-64, where the library's
//!   values are also checked against arkworks);
//! - the README example (the crate documentation's example), RFC 9380's hash-to-curve vectors
//!   for BLS12-381 and a BN254 hash against the vector file;
//! - the threaded forms (products, batches, checks), which fall back to the caller's thread where
//!   the target has no threads (wasm32-wasip1).
//!
//! `TRIPAIR_WRITE_VECTORS=1 cargo test --test targets` (on x86-64 only) rewrites the vector file
//! from this machine's values.

#[path = "../../tripair-tests-unoptimised/tests/pairings/hash_to_curve/vectors.rs"]
#[allow(dead_code)]
mod rfc9380;

use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use tripair::curve::curves::{Bls12_381, Bn254, Bn254n, Bn256d, Bn446, Bn638, Dclxvi};
use tripair::encoding::{decode_g1, decode_g2, encode_g1, encode_g2};
use tripair::field::{Fp, TowerParams};
use tripair::{
    hash_to_g1, hash_to_g2, multi_pairing, pairing, pairing_check, pairing_prepared, G1Affine,
    G2Affine, G2Prepared, Gt, PairingCurve, Scalar,
};

/// The vector file: one `curve what hex` line per value (see `vector_lines`).
const VECTORS: &str = include_str!("gt_vectors.txt");

/// Deterministic test bytes: SHA-256 of a label and a counter, 64 bytes (for wide reductions).
fn bytes64(label: &str, i: u32) -> [u8; 64] {
    let mut out = [0u8; 64];
    for (half, chunk) in out.chunks_mut(32).enumerate() {
        let mut h = Sha256::new();
        h.update(label.as_bytes());
        h.update(i.to_be_bytes());
        h.update([half as u8]);
        chunk.copy_from_slice(&h.finalize());
    }
    out
}

fn scalar<C: PairingCurve>(label: &str, i: u32) -> Scalar<C> {
    Scalar::<C>::from_be_bytes_mod_order(&bytes64(label, i))
}

type Base<C> = Fp<<C as TowerParams>::Fp>;

/// F_p: the ring laws on derived elements, the three inversions, square roots, and the byte
/// encoding with its rejection of a value not below p.
fn field<C: PairingCurve>() {
    for i in 0..8 {
        let a = Base::<C>::from_be_bytes_mod_order(&bytes64("fp a", i));
        let b = Base::<C>::from_be_bytes_mod_order(&bytes64("fp b", i));
        assert_eq!((a + b) * (a - b), a.square() - b.square(), "{}", C::NAME);
        assert_eq!(a * b * b.inv(), a, "{}", C::NAME);
        assert_eq!(b.inv(), b.inv_fermat(), "{}", C::NAME);
        assert_eq!(Some(b.inv()), b.inv_vartime(), "{}", C::NAME);
        let root = a.square().sqrt_vartime().expect("a square has a root");
        assert!(root == a || root == -a, "{}", C::NAME);
        assert_eq!(Base::<C>::from_be_bytes(&a.to_be_bytes()), Ok(a));
    }
    let too_big = vec![0xff; Base::<C>::ZERO.to_be_bytes().len()];
    assert!(Base::<C>::from_be_bytes(&too_big).is_err(), "{}", C::NAME);
}

/// G1 and G2: scalar multiplication against the group law, encodings both ways, and an
/// encoding moved off the curve rejected with an error.
fn groups<C: PairingCurve>() {
    let (g1, g2) = (G1Affine::<C>::generator(), G2Affine::<C>::generator());
    let (a, b) = (scalar::<C>("group a", 0), scalar::<C>("group b", 0));
    assert_eq!((g1 * a) * b, g1 * (a * b), "{}", C::NAME);
    assert_eq!((g2 * a) * b, g2 * (a * b), "{}", C::NAME);
    assert_eq!(g1 * a + g1 * b, g1 * (a + b), "{}", C::NAME);
    assert_eq!(g2 * a + g2 * b, g2 * (a + b), "{}", C::NAME);
    let (p, q) = ((g1 * a).to_affine(), (g2 * b).to_affine());
    assert_eq!(decode_g1::<C>(&encode_g1::<C>(&p)), Ok(p), "{}", C::NAME);
    assert_eq!(decode_g2::<C>(&encode_g2::<C>(&q)), Ok(q), "{}", C::NAME);
    for mut bytes in [encode_g1::<C>(&p), encode_g2::<C>(&q)] {
        // The last byte belongs to y's last coordinate: the point leaves the curve.
        *bytes.last_mut().unwrap() ^= 1;
        let is_g1 = bytes.len() == encode_g1::<C>(&p).len();
        let err = if is_g1 {
            decode_g1::<C>(&bytes).err()
        } else {
            decode_g2::<C>(&bytes).err()
        };
        assert!(err.is_some(), "{}: a point off the curve decoded", C::NAME);
    }
}

/// Bilinearity, a product of pairings, a check that holds and one that fails, prepared G2.
fn pairings<C: PairingCurve>() {
    let (g1, g2) = (G1Affine::<C>::generator(), G2Affine::<C>::generator());
    let (a, b) = (scalar::<C>("pairing a", 0), scalar::<C>("pairing b", 0));
    let (pa, qb) = ((g1 * a).to_affine(), (g2 * b).to_affine());
    let e = pairing(&g1, &g2);
    assert!(!e.is_identity(), "{}", C::NAME);
    assert_eq!(pairing(&pa, &qb), e.pow(&(a * b)), "{}", C::NAME);
    assert_eq!(
        multi_pairing(&[(pa, g2), (g1, qb)]),
        pairing(&pa, &g2) * pairing(&g1, &qb),
        "{}",
        C::NAME
    );
    let neg_ab = -(g1 * (a * b)).to_affine();
    assert!(pairing_check::<C>(&[(pa, qb), (neg_ab, g2)]), "{}", C::NAME);
    assert!(!pairing_check::<C>(&[(pa, qb), (g1, g2)]), "{}", C::NAME);
    assert_eq!(
        pairing_prepared(&pa, &G2Prepared::new(&qb)),
        pairing(&pa, &qb),
        "{}",
        C::NAME
    );
    assert_eq!(Gt::<C>::from_bytes(&e.to_bytes()), Ok(e), "{}", C::NAME);
}

/// The threaded forms against the single-thread ones: a product and a check of 20 pairs, and a
/// batch of 9 pairings (on a target without threads they run on the caller's thread).
fn threaded_forms<C: PairingCurve>() {
    use tripair::pairing::{multi_pairing_threads, pairing_batch, pairing_check_threads};
    let pairs: Vec<(G1Affine<C>, G2Affine<C>)> = (0..20)
        .map(|i| {
            let p = G1Affine::<C>::generator() * scalar::<C>("threads p", i);
            let q = G2Affine::<C>::generator() * scalar::<C>("threads q", i);
            (p.to_affine(), q.to_affine())
        })
        .collect();
    let singles: Vec<Gt<C>> = pairs.iter().map(|(p, q)| pairing(p, q)).collect();
    let product = singles.iter().fold(Gt::identity(), |acc, e| acc * *e);
    assert_eq!(multi_pairing_threads(&pairs, 2), product, "{}", C::NAME);
    assert_eq!(multi_pairing(&pairs), product, "{}", C::NAME);
    assert_eq!(pairing_batch(&pairs[..9], 2), singles[..9], "{}", C::NAME);
    assert!(!pairing_check_threads(&pairs, 2), "{}", C::NAME);
}

/// This target's lines of the vector file for curve `C`: the GT bytes of e([a] G1, [b] G2) and
/// the encodings of [a] G1 and [b] G2, each as SHA-256 of the bytes (GT of bn638 has 960 bytes).
fn vector_lines<C: PairingCurve>() -> String {
    let (a, b) = (scalar::<C>("vector a", 0), scalar::<C>("vector b", 0));
    let p = (G1Affine::<C>::generator() * a).to_affine();
    let q = (G2Affine::<C>::generator() * b).to_affine();
    let digest = |bytes: &[u8]| hex::encode(Sha256::digest(bytes));
    let mut s = String::new();
    writeln!(s, "{} g1 {}", C::NAME, digest(&encode_g1::<C>(&p))).unwrap();
    writeln!(s, "{} g2 {}", C::NAME, digest(&encode_g2::<C>(&q))).unwrap();
    writeln!(s, "{} gt {}", C::NAME, digest(&pairing(&p, &q).to_bytes())).unwrap();
    s
}

/// Every check of one curve, and its vector lines.
fn curve<C: PairingCurve>() -> String {
    field::<C>();
    groups::<C>();
    pairings::<C>();
    threaded_forms::<C>();
    vector_lines::<C>()
}

fn check_vectors(computed: &str) {
    if std::env::var_os("TRIPAIR_WRITE_VECTORS").is_some() {
        if !cfg!(target_arch = "x86_64") {
            panic!("the vector file holds the x86-64 values: write it there");
        }
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/gt_vectors.txt");
        let header = "# SHA-256 of the encodings of [a] G1, [b] G2 and of the GT bytes of e([a] G1, [b] G2),\n\
                      # a and b from tests/targets.rs; written on x86-64 by TRIPAIR_WRITE_VECTORS=1.\n";
        std::fs::write(path, format!("{header}{computed}")).unwrap();
        return;
    }
    let expected: Vec<&str> = VECTORS.lines().filter(|l| !l.starts_with('#')).collect();
    let got: Vec<&str> = computed.lines().collect();
    for line in &got {
        let key: Vec<&str> = line.split(' ').take(2).collect();
        let want = expected
            .iter()
            .find(|l| l.split(' ').take(2).eq(key.iter().copied()))
            .unwrap_or_else(|| panic!("no vector for {key:?}"));
        assert_eq!(line, want, "this target's value differs from x86-64's");
    }
    assert_eq!(got.len(), expected.len(), "vector lines: {got:?}");
}

#[test]
fn every_curve_and_its_vectors() {
    let mut lines = String::new();
    lines += &curve::<Bn254>();
    lines += &curve::<Bn254n>();
    lines += &curve::<Bn446>();
    lines += &curve::<Bn638>();
    lines += &curve::<Bn256d>();
    lines += &curve::<Dclxvi>();
    lines += &curve::<Bls12_381>();
    // Hash to BN254 G1 (Shallue-van de Woestijne): no published vectors; the x86-64 value.
    let h = tripair::hash_to_curve::hash_to_bn254_g1(b"abc", b"TRIPAIR-TARGETS-V01").unwrap();
    writeln!(
        lines,
        "bn254 hash {}",
        hex::encode(Sha256::digest(encode_g1::<Bn254>(&h)))
    )
    .unwrap();
    check_vectors(&lines);
}

/// RFC 9380, appendix J.9.1 and J.10.1: the final points of hashing to G1 and G2 of BLS12-381.
#[test]
fn rfc9380_hash_to_bls12_381() {
    type C = Bls12_381;
    let fp = |s: &str| {
        let h = s.strip_prefix("0x").unwrap();
        Base::<C>::from_be_bytes(&hex::decode(format!("{h:0>96}")).unwrap()).unwrap()
    };
    let fp2 = |s: &str| {
        let (c0, c1) = s.split_once(',').unwrap();
        tripair::field::Fp2::<C>::new(fp(c0), fp(c1))
    };
    for v in rfc9380::G1_RO.vectors {
        let p = hash_to_g1(v.msg.as_bytes(), rfc9380::G1_RO.dst.as_bytes()).unwrap();
        assert_eq!((p.x(), p.y()), (fp(v.p[0]), fp(v.p[1])), "{:?}", v.msg);
    }
    for v in rfc9380::G2_RO.vectors {
        let q = hash_to_g2(v.msg.as_bytes(), rfc9380::G2_RO.dst.as_bytes()).unwrap();
        assert_eq!((q.x(), q.y()), (fp2(v.p[0]), fp2(v.p[1])), "{:?}", v.msg);
    }
}

/// The crate documentation's example, as the README shows it.
#[test]
fn readme_example() {
    use tripair::curve::curves::Bls12_381 as C;
    let a = Scalar::<C>::from_be_bytes_mod_order(&[7u8; 64]);
    let b = Scalar::<C>::from_be_bytes_mod_order(&[9u8; 64]);
    let (p, q) = (G1Affine::<C>::generator(), G2Affine::<C>::generator());
    let (pa, qb) = ((p * a).to_affine(), (q * b).to_affine());
    assert_eq!(pairing(&pa, &qb), pairing(&p, &q).pow(&(a * b)));
    let neg_abp = -(p * (a * b)).to_affine();
    assert!(pairing_check::<C>(&[(pa, qb), (neg_abp, q)]));
    assert!(!pairing_check::<C>(&[(pa, qb), (p, q)]));
    let q_prepared = G2Prepared::new(&qb);
    assert_eq!(pairing_prepared(&pa, &q_prepared), pairing(&pa, &qb));
}

/// BLS signatures (tripair-bls), both variants: sign, verify, reject a wrong message.
#[test]
fn bls_sign_verify() {
    use tripair_bls::{pop, MinPk, MinSig, SecretKey};
    let sk = SecretKey::key_gen(&[42u8; 32], b"").unwrap();
    let pk = sk.public_key::<MinPk>();
    let sig = pop::sign::<MinPk>(&sk, b"message");
    assert!(pop::verify(&pk, b"message", &sig));
    assert!(!pop::verify(&pk, b"massage", &sig));
    let pk = sk.public_key::<MinSig>();
    let sig = pop::sign::<MinSig>(&sk, b"message");
    assert!(pop::verify(&pk, b"message", &sig));
    assert!(!pop::verify(&pk, b"massage", &sig));
}
