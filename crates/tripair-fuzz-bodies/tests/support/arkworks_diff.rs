//! The `arkworks` fuzz target's body, shared by the fuzz crate (`fuzz/fuzz_targets/arkworks.rs`
//! includes this file) and the corpus replay test: a differential test of tripair's point decoders
//! and pairing against arkworks 0.5, an independent implementation.
//!
//! - bls12-381: the same bytes go to tripair's ZCash decoder and to arkworks' (which implements the
//!   same ZCash format): both accept or both reject, and accepted points are the same point.
//! - bn254: arkworks has no EIP-197 decoder, so the bytes are read as big-endian coordinates by
//!   hand here and arkworks answers whether they are below p, on the curve and in the subgroup;
//!   tripair's EIP-197 decoder must agree (all zeros is the point at infinity in EIP-197).
//! - Where both sides accept a G1 and a G2 point, the GT bytes of their pairings are equal.

use ark_ec::pairing::Pairing;
use ark_ec::short_weierstrass::{Affine as ArkAffine, SWCurveConfig};
use ark_ec::AffineRepr;
use ark_ff::{BigInteger, Field as _, PrimeField};
use ark_serialize::{CanonicalDeserialize, Compress, Validate};
use tripair::curve::curves::{Bls12_381, Bn254};
use tripair::curve::{G1Affine, G2Affine, PairingCurve};
use tripair::encoding::{decode_g1, decode_g2};
use tripair::pairing::pairing;

/// The first byte picks the curve (bit 0) and, for bls12-381, the compressed or uncompressed length
/// of each point (bits 1 and 2); the rest is the G1 encoding followed by the G2 encoding.
pub fn arkworks(data: &[u8]) {
    let Some((&k, rest)) = data.split_first() else {
        return;
    };
    if k & 1 == 0 {
        bn254(rest);
    } else {
        bls12_381(rest, k & 2 != 0, k & 4 != 0);
    }
}

/// GT in tripair's byte order (tower order c0.c0.c0, c0.c0.c1, ..., c1.c2.c1, each big-endian),
/// which is arkworks' base-prime-field iteration order.
fn ark_gt_bytes<E: Pairing>(gt: &ark_ec::pairing::PairingOutput<E>) -> Vec<u8> {
    gt.0.to_base_prime_field_elements()
        .flat_map(|c| c.into_bigint().to_bytes_be())
        .collect()
}

/// The affine coordinates' big-endian bytes (x then y, F_p2 as c1 || c0), empty for infinity.
fn ark_point_bytes<P: SWCurveConfig>(p: &ArkAffine<P>) -> Vec<u8> {
    let Some((x, y)) = p.xy() else {
        return Vec::new();
    };
    [x, y]
        .iter()
        .flat_map(|c| {
            let mut limbs: Vec<_> = c.to_base_prime_field_elements().collect();
            limbs.reverse();
            limbs
                .into_iter()
                .flat_map(|e| e.into_bigint().to_bytes_be())
                .collect::<Vec<u8>>()
        })
        .collect()
}

fn tripair_point_bytes<F: tripair::encoding::CoordinateBytes>(
    p: &tripair::curve::Affine<impl tripair::curve::CurveGroup<F = F>>,
) -> Vec<u8> {
    if p.is_identity() {
        return Vec::new();
    }
    [p.x().write(), p.y().write()].concat()
}

/// Both decoders agree on acceptance and, where both accept, on the point; returns the points.
fn agree<T, A>(what: &str, ours: Result<T, tripair::Error>, theirs: Option<A>) -> Option<(T, A)> {
    match (ours, theirs) {
        (Ok(a), Some(b)) => Some((a, b)),
        (Err(_), None) => None,
        (Ok(_), None) => panic!("{what}: tripair accepts what arkworks rejects"),
        (Err(e), Some(_)) => panic!("{what}: tripair rejects ({e}) what arkworks accepts"),
    }
}

fn bls12_381(rest: &[u8], g1_compressed: bool, g2_compressed: bool) {
    type E = ark_bls12_381::Bls12_381;
    let w1 = if g1_compressed { 48 } else { 96 };
    let w2 = if g2_compressed { 96 } else { 192 };
    if rest.len() < w1 + w2 {
        return;
    }
    let (a, b) = (&rest[..w1], &rest[w1..w1 + w2]);
    let mode = |compressed: bool| {
        if compressed {
            Compress::Yes
        } else {
            Compress::No
        }
    };
    let p = agree(
        "G1",
        decode_g1::<Bls12_381>(a),
        ark_bls12_381::G1Affine::deserialize_with_mode(a, mode(g1_compressed), Validate::Yes).ok(),
    );
    let q = agree(
        "G2",
        decode_g2::<Bls12_381>(b),
        ark_bls12_381::G2Affine::deserialize_with_mode(b, mode(g2_compressed), Validate::Yes).ok(),
    );
    compare_pairing::<Bls12_381, E>(p, q);
}

/// An F_p element from big-endian bytes, `None` unless below p.
fn ark_fp<F: PrimeField>(bytes: &[u8]) -> Option<F> {
    let mut le = bytes.to_vec();
    le.reverse();
    let mut big = F::BigInt::default();
    let limbs = big.as_mut();
    if le.len() > limbs.len() * 8 {
        return None;
    }
    for (i, byte) in le.iter().enumerate() {
        limbs[i / 8] |= u64::from(*byte) << (8 * (i % 8));
    }
    F::from_bigint(big)
}

/// A point from EIP-197 coordinates, as arkworks judges it: `None` unless every coordinate is below
/// p and the point is on the curve and in the order-r subgroup; all zeros is infinity.
fn ark_eip197<P: SWCurveConfig>(
    bytes: &[u8],
    coord: impl Fn(&[u8]) -> Option<P::BaseField>,
) -> Option<ArkAffine<P>> {
    if bytes.iter().all(|&b| b == 0) {
        return Some(ArkAffine::identity());
    }
    let h = bytes.len() / 2;
    let p = ArkAffine::<P>::new_unchecked(coord(&bytes[..h])?, coord(&bytes[h..])?);
    (p.is_on_curve() && p.is_in_correct_subgroup_assuming_on_curve()).then_some(p)
}

fn bn254(rest: &[u8]) {
    type E = ark_bn254::Bn254;
    if rest.len() < 64 + 128 {
        return;
    }
    let (a, b) = (&rest[..64], &rest[64..192]);
    let p = agree(
        "G1",
        decode_g1::<Bn254>(a),
        ark_eip197::<ark_bn254::g1::Config>(a, ark_fp::<ark_bn254::Fq>),
    );
    // F_p2 as c1 || c0.
    let fq2 = |x: &[u8]| {
        Some(ark_bn254::Fq2::new(
            ark_fp::<ark_bn254::Fq>(&x[32..])?,
            ark_fp::<ark_bn254::Fq>(&x[..32])?,
        ))
    };
    let q = agree(
        "G2",
        decode_g2::<Bn254>(b),
        ark_eip197::<ark_bn254::g2::Config>(b, fq2),
    );
    compare_pairing::<Bn254, E>(p, q);
}

/// The decoded points are the same on both sides, and so are their pairings' GT bytes.
fn compare_pairing<C: PairingCurve, E: Pairing>(
    p: Option<(G1Affine<C>, E::G1Affine)>,
    q: Option<(G2Affine<C>, E::G2Affine)>,
) where
    E::G1Affine: AsSw,
    E::G2Affine: AsSw,
{
    if let Some((ours, theirs)) = &p {
        assert_eq!(
            tripair_point_bytes(ours),
            theirs.bytes(),
            "G1 decoded differently"
        );
    }
    if let Some((ours, theirs)) = &q {
        assert_eq!(
            tripair_point_bytes(ours),
            theirs.bytes(),
            "G2 decoded differently"
        );
    }
    if let (Some((p, ap)), Some((q, aq))) = (p, q) {
        assert_eq!(
            pairing::<C>(&p, &q).to_bytes(),
            ark_gt_bytes(&E::pairing(ap, aq)),
            "GT differs from arkworks"
        );
    }
}

/// An arkworks short-Weierstrass affine point's coordinate bytes (see [`ark_point_bytes`]).
trait AsSw {
    fn bytes(&self) -> Vec<u8>;
}
impl<P: SWCurveConfig> AsSw for ArkAffine<P> {
    fn bytes(&self) -> Vec<u8> {
        ark_point_bytes(self)
    }
}

/// Inputs that reach the pairing comparison: generators, small multiples and infinity, each
/// format, for a corpus to start from.
pub fn seeds() -> Vec<Vec<u8>> {
    use tripair::curve::{G1Projective, G2Projective, Scalar, G1, G2};
    use tripair::encoding::{encode_g1, encode_g2, encode_point_compressed};
    fn points<C: PairingCurve>() -> Vec<(G1Affine<C>, G2Affine<C>)> {
        let (g1, g2) = (
            G1Projective::<C>::generator(),
            G2Projective::<C>::generator(),
        );
        let mut v: Vec<_> = [1u64, 2, 7, 1 << 40]
            .iter()
            .map(|&k| {
                let s = Scalar::<C>::from_u64(k);
                ((g1 * s).to_affine(), (g2 * s).to_affine())
            })
            .collect();
        v.push((G1Affine::<C>::identity(), g2.to_affine()));
        v.push((g1.to_affine(), G2Affine::<C>::identity()));
        v
    }
    let mut out = Vec::new();
    for (p, q) in points::<Bn254>() {
        out.push([vec![0], encode_g1::<Bn254>(&p), encode_g2::<Bn254>(&q)].concat());
    }
    for (p, q) in points::<Bls12_381>() {
        for k in [1u8, 3, 5, 7] {
            let a = if k & 2 != 0 {
                encode_point_compressed::<G1<Bls12_381>>(&p)
            } else {
                encode_g1::<Bls12_381>(&p)
            };
            let b = if k & 4 != 0 {
                encode_point_compressed::<G2<Bls12_381>>(&q)
            } else {
                encode_g2::<Bls12_381>(&q)
            };
            out.push([vec![k], a, b].concat());
        }
    }
    out
}
