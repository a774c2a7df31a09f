//! Hash to curve for BLS12-381 (RFC 9380): every test vector of Appendix J.9 and J.10 (u, the
//! map_to_curve outputs Q, the final P) and of Appendix K.1 and K.2 (expand_message_xmd with
//! SHA-256); outputs on the curve and in the subgroup; the fast G2 cofactor clearing against
//! multiplication by h_eff; the errors for bad lengths.

#[path = "hash_to_curve/vectors.rs"]
mod vectors;

use tripair::curve::curves::Bls12_381 as C;
use tripair::curve::{Affine, CurveGroup, Projective, G1, G2};
use tripair::field::{Field, Fp, Fp2, FpParams, TowerParams};
use tripair::hash_to_curve::{
    encode_to_curve, expand_message_xmd, hash_to_curve, hash_to_field, oversize_dst,
    HashToCurveGroup, HashToField, BLS12381G1_XMD_SHA256_SSWU_NU, BLS12381G1_XMD_SHA256_SSWU_RO,
    BLS12381G2_XMD_SHA256_SSWU_NU, BLS12381G2_XMD_SHA256_SSWU_RO,
};
use tripair::{encode_to_g1, encode_to_g2, hash_to_g1, hash_to_g2, Error};
use tripair_testkit::TestRng;
use vectors::{Expand, Suite};

type BaseFp = Fp<<C as TowerParams>::Fp>;

/// h_eff of the G2 suites (RFC 9380, section 8.8.2).
const G2_H_EFF: &str = "bc69f08f2ee75b3584c6a0ea91b352888e2a8e9145ad7689986ff031508ffe1329c2f178731db956d82bf015d1212b02ec0ec69d7477c1ae954cbc06689f6a359894c0adebbf6b4e8020005aaa95551";

/// A field element of the vectors: "0x..." for F_p, "0x...,0x..." for F_p2.
trait FromVector: Sized {
    fn from_vector(s: &str) -> Self;
}

fn fp_from_hex(s: &str) -> BaseFp {
    let h = s
        .strip_prefix("0x")
        .expect("vector field elements start with 0x");
    let width = 2 * <<C as TowerParams>::Fp as FpParams>::BYTES;
    Fp::from_be_bytes(&hex::decode(format!("{h:0>width$}")).unwrap()).unwrap()
}

impl FromVector for BaseFp {
    fn from_vector(s: &str) -> Self {
        fp_from_hex(s)
    }
}

impl FromVector for Fp2<C> {
    fn from_vector(s: &str) -> Self {
        let (c0, c1) = s.split_once(',').expect("F_p2 vector element is c0,c1");
        Fp2::new(fp_from_hex(c0), fp_from_hex(c1))
    }
}

/// The affine point (x, y) of a vector.
fn point<G: CurveGroup<F: FromVector>>([x, y]: [&str; 2]) -> Affine<G> {
    Affine::new_unchecked(G::F::from_vector(x), G::F::from_vector(y))
}

/// Checks every vector of a suite: u, each Q, and P from the suite's own function, which must be on
/// the curve and in the subgroup.
fn check_suite<G>(suite: &Suite, ro: bool, hash: fn(&[u8], &[u8]) -> tripair::Result<Affine<G>>)
where
    G: HashToCurveGroup<F: FromVector>,
{
    for v in suite.vectors {
        let msg = v.msg.as_bytes();
        let ctx = format!("{} msg {:?}", suite.id, v.msg);
        let count = if ro { 2 } else { 1 };
        let u = hash_to_field::<G::F>(msg, suite.dst.as_bytes(), count).unwrap();
        let expected_u: Vec<G::F> = v.u.iter().map(|s| G::F::from_vector(s)).collect();
        assert_eq!(u, expected_u, "u of {ctx}");
        assert_eq!(v.q.len(), count, "{ctx}");
        for (ui, &q) in u.iter().zip(v.q) {
            assert_eq!(G::map_to_curve(ui).to_affine(), point::<G>(q), "Q of {ctx}");
        }
        let p = hash(msg, suite.dst.as_bytes()).unwrap();
        assert_eq!(p, point::<G>(v.p), "P of {ctx}");
        assert!(p.is_on_curve() && p.is_in_subgroup_vartime(), "{ctx}");
        // The generic entry points agree with the named ones.
        let generic = if ro {
            hash_to_curve::<G>(msg, suite.dst.as_bytes())
        } else {
            encode_to_curve::<G>(msg, suite.dst.as_bytes())
        };
        assert_eq!(generic.unwrap(), p, "{ctx}");
    }
}

#[test]
fn suite_ids() {
    assert_eq!(vectors::G1_RO.id, BLS12381G1_XMD_SHA256_SSWU_RO);
    assert_eq!(vectors::G1_NU.id, BLS12381G1_XMD_SHA256_SSWU_NU);
    assert_eq!(vectors::G2_RO.id, BLS12381G2_XMD_SHA256_SSWU_RO);
    assert_eq!(vectors::G2_NU.id, BLS12381G2_XMD_SHA256_SSWU_NU);
}

#[test]
fn rfc9380_j9_1_g1_ro() {
    check_suite::<G1<C>>(&vectors::G1_RO, true, hash_to_g1);
}

#[test]
fn rfc9380_j9_2_g1_nu() {
    check_suite::<G1<C>>(&vectors::G1_NU, false, encode_to_g1);
}

#[test]
fn rfc9380_j10_1_g2_ro() {
    check_suite::<G2<C>>(&vectors::G2_RO, true, hash_to_g2);
}

#[test]
fn rfc9380_j10_2_g2_nu() {
    check_suite::<G2<C>>(&vectors::G2_NU, false, encode_to_g2);
}

fn check_expand(dst: &[u8], vectors: &[Expand]) {
    for v in vectors {
        let out = expand_message_xmd(v.msg.as_bytes(), dst, v.len_in_bytes).unwrap();
        assert_eq!(
            hex::encode(&out),
            v.uniform_bytes,
            "msg {:?}, len {}",
            v.msg,
            v.len_in_bytes
        );
    }
}

#[test]
fn rfc9380_k1_expand_message_xmd_sha256() {
    check_expand(vectors::XMD_SHA256_DST.as_bytes(), vectors::XMD_SHA256);
}

#[test]
fn rfc9380_k2_expand_message_xmd_sha256_long_dst() {
    let long = vectors::XMD_SHA256_LONG_DST_DST.as_bytes();
    assert!(long.len() > 255);
    check_expand(&oversize_dst(long), vectors::XMD_SHA256_LONG_DST);
}

#[test]
fn length_errors() {
    let dst = [b'D'; 256];
    assert_eq!(
        expand_message_xmd(b"msg", &dst, 32),
        Err(Error::DstTooLong { len: 256 })
    );
    assert_eq!(
        hash_to_g1(b"msg", &dst),
        Err(Error::DstTooLong { len: 256 })
    );
    assert_eq!(
        encode_to_g2(b"msg", &dst),
        Err(Error::DstTooLong { len: 256 })
    );
    // An empty tag is refused (RFC 9380, section 3.1), on every suite.
    assert_eq!(expand_message_xmd(b"msg", b"", 32), Err(Error::EmptyDst));
    assert_eq!(hash_to_g1(b"msg", b""), Err(Error::EmptyDst));
    assert_eq!(encode_to_g2(b"msg", b""), Err(Error::EmptyDst));
    assert_eq!(
        tripair::hash_to_curve::hash_to_bn254_g1(b"msg", b""),
        Err(Error::EmptyDst)
    );
    // 255 bytes of tag are fine; so are 255 * 32 bytes of output, but not one more.
    assert!(hash_to_g2(b"msg", &dst[..255]).is_ok());
    assert_eq!(
        expand_message_xmd(b"msg", b"DST", 255 * 32).unwrap().len(),
        255 * 32
    );
    assert_eq!(
        expand_message_xmd(b"msg", b"DST", 255 * 32 + 1),
        Err(Error::ExpandLengthTooLarge {
            requested: 255 * 32 + 1,
            max: 255 * 32
        })
    );
    assert!(hash_to_field::<BaseFp>(b"msg", b"DST", 128).is_err());
    assert_eq!(<BaseFp as HashToField>::L, 64);
    assert_eq!(<Fp2<C> as HashToField>::L, 64);
}

/// A random point of E2 (y^2 = x^3 + 4(1 + I)), almost surely outside G2.
fn random_e2_point(rng: &mut TestRng) -> Projective<G2<C>> {
    loop {
        let x = Fp2::<C>::new(Fp::random(rng), Fp::random(rng));
        if let Some(y) = (x.square() * x + G2::<C>::coeff_b()).sqrt_vartime() {
            let p = Affine::<G2<C>>::new_unchecked(x, y);
            assert!(p.is_on_curve());
            return p.to_projective();
        }
    }
}

#[test]
fn g2_fast_cofactor_clearing_is_h_eff() {
    let h_eff = num_bigint::BigUint::parse_bytes(G2_H_EFF.as_bytes(), 16)
        .unwrap()
        .to_u64_digits();
    let mut rng = TestRng::new(20);
    for _ in 0..8 {
        let p = random_e2_point(&mut rng);
        assert!(!p.to_affine().is_in_subgroup_vartime());
        let fast = G2::<C>::clear_cofactor(&p);
        assert_eq!(fast, p.mul_vartime(&h_eff));
        assert!(fast.to_affine().is_in_subgroup_vartime());
    }
}

#[test]
fn outputs_in_subgroup_for_many_messages() {
    let mut rng = TestRng::new(9380);
    for len in 0..24 {
        let mut msg = vec![0u8; len * 7];
        rng.fill_bytes(&mut msg);
        for p in [
            hash_to_g1(&msg, b"DST-G1").unwrap(),
            encode_to_g1(&msg, b"DST-G1").unwrap(),
        ] {
            assert!(p.is_on_curve() && p.is_in_subgroup_vartime() && !p.is_identity());
        }
        for q in [
            hash_to_g2(&msg, b"DST-G2").unwrap(),
            encode_to_g2(&msg, b"DST-G2").unwrap(),
        ] {
            assert!(q.is_on_curve() && q.is_in_subgroup_vartime() && !q.is_identity());
        }
    }
}

/// u = 0 is the exceptional case of the simplified SWU map (section 6.6.2: x1 = B' / (Z A')); the
/// point must still be on the curve and clear to the subgroup.
#[test]
fn map_to_curve_exceptional_input() {
    fn check<G: HashToCurveGroup>() {
        let q = G::map_to_curve(&<G::F as Field>::ZERO);
        assert!(q.to_affine().is_on_curve(), "{}", G::NAME);
        let p = G::clear_cofactor(&q).to_affine();
        assert!(p.is_on_curve() && p.is_in_subgroup_vartime(), "{}", G::NAME);
    }
    check::<G1<C>>();
    check::<G2<C>>();
}
