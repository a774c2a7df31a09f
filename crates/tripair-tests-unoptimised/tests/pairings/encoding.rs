//! Every class of bad input is rejected with its own error by the library's decoders; good
//! encodings round-trip (BN: EIP-197 order, BLS12-381: ZCash compressed and uncompressed).

use tripair::curve::curves::{Bls12_381, Bn254};
use tripair::curve::{Affine, CurveGroup, G1Projective, G2Projective, Scalar, G1, G2};
use tripair::encoding::{decode_g1, decode_g2, encode_g1, encode_g2, encode_point_compressed};
use tripair::field::{Fp, FpParams};
use tripair::Error;

fn scalar<C: tripair::curve::PairingCurve>(k: u64) -> Scalar<C> {
    Fp::from_u64(k)
}

#[test]
fn bn254_round_trip_and_errors() {
    type C = Bn254;
    let p = G1Projective::<C>::generator()
        .mul(&scalar::<C>(12345))
        .to_affine();
    let q = G2Projective::<C>::generator()
        .mul(&scalar::<C>(777))
        .to_affine();
    let pb = encode_g1::<C>(&p);
    let qb = encode_g2::<C>(&q);
    assert_eq!(decode_g1::<C>(&pb).unwrap(), p);
    assert_eq!(decode_g2::<C>(&qb).unwrap(), q);
    // Infinity is all zeros.
    assert!(decode_g1::<C>(&[0u8; 64]).unwrap().is_identity());
    assert!(decode_g2::<C>(&[0u8; 128]).unwrap().is_identity());
    // Wrong length.
    assert!(matches!(
        decode_g1::<C>(&pb[..63]),
        Err(Error::WrongLength {
            expected: 64,
            got: 63,
            ..
        })
    ));
    // Coordinate not reduced: x = p.
    let mut bad = pb.clone();
    bad[..32].copy_from_slice(&Fp::<<C as tripair::field::TowerParams>::Fp>::ZERO.to_be_bytes());
    let pbytes: Vec<u8> = {
        let m = <<C as tripair::field::TowerParams>::Fp as FpParams>::MODULUS;
        let mut v = Vec::new();
        for l in m.iter().rev() {
            v.extend(l.to_be_bytes());
        }
        v
    };
    bad[..32].copy_from_slice(&pbytes);
    assert_eq!(decode_g1::<C>(&bad), Err(Error::NotAFieldElement));
    // Not on the curve.
    let mut off = pb.clone();
    off[63] ^= 1;
    assert_eq!(decode_g1::<C>(&off), Err(Error::NotOnCurve));
    // On the twist but not in G2: a twist point with x = 1 + u... find one by trial.
    let b = <G2<C> as CurveGroup>::coeff_b();
    let mut x = tripair::field::Fp2::<C>::from_i64s(1, 1);
    let pt = loop {
        if let Some(y) = (x.square() * x + b).sqrt_vartime() {
            break Affine::<G2<C>>::new_unchecked(x, y);
        }
        x += tripair::field::Fp2::ONE;
    };
    assert_eq!(
        decode_g2::<C>(&encode_g2::<C>(&pt)),
        Err(Error::NotInSubgroup)
    );
}

#[test]
fn bls12_381_zcash_format_and_errors() {
    type C = Bls12_381;
    let p = G1Projective::<C>::generator()
        .mul(&scalar::<C>(99))
        .to_affine();
    let q = G2Projective::<C>::generator()
        .mul(&scalar::<C>(5))
        .to_affine();
    let pu = encode_g1::<C>(&p);
    let pc = encode_point_compressed::<G1<C>>(&p);
    let qc = encode_point_compressed::<G2<C>>(&q);
    assert_eq!(pu.len(), 96);
    assert_eq!(pc.len(), 48);
    assert_eq!(decode_g1::<C>(&pu).unwrap(), p);
    assert_eq!(decode_g1::<C>(&pc).unwrap(), p);
    assert_eq!(decode_g2::<C>(&qc).unwrap(), q);
    // Known compressed generator of G1 (ZCash): 0x97f1d3a7...
    let g = encode_point_compressed::<G1<C>>(&<G1<C> as CurveGroup>::generator());
    assert_eq!(&hex::encode(&g)[..8], "97f1d3a7");
    // Infinity: 0x40 uncompressed, 0xc0 compressed; stray bytes are rejected.
    let mut inf = vec![0u8; 96];
    inf[0] = 0x40;
    assert!(decode_g1::<C>(&inf).unwrap().is_identity());
    inf[50] = 1;
    assert_eq!(decode_g1::<C>(&inf), Err(Error::BadInfinity));
    // Compression flag inconsistent with length.
    let mut bad = pu.clone();
    bad[0] |= 0x80;
    assert!(matches!(decode_g1::<C>(&bad), Err(Error::BadFlags(_))));
    // A G1 point of E(F_p) outside the subgroup: (x, y) with x small, not cofactor-cleared.
    let bcoef = <G1<C> as CurveGroup>::coeff_b();
    let mut x = Fp::from_u64(1);
    let pt = loop {
        if let Some(y) = (x.square() * x + bcoef).sqrt_vartime() {
            break Affine::<G1<C>>::new_unchecked(x, y);
        }
        x += Fp::ONE;
    };
    assert_eq!(
        decode_g1::<C>(&encode_g1::<C>(&pt)),
        Err(Error::NotInSubgroup)
    );
    // A compressed x with no point on the curve.
    let mut x = Fp::<<C as tripair::field::TowerParams>::Fp>::from_u64(1);
    let nx = loop {
        if (x.square() * x + bcoef).sqrt_vartime().is_none() {
            break x;
        }
        x += Fp::ONE;
    };
    let mut enc = nx.to_be_bytes();
    enc[0] |= 0x80;
    assert_eq!(decode_g1::<C>(&enc), Err(Error::NotASquare));
}

/// BN compressed encodings (gnark-crypto's flags) round-trip on every BN curve, in x's free top
/// bits (bn254: 32 and 64 bytes) or in a byte of their own (dclxvi, p of 256 bits: 33 and 65).
fn bn_compressed_round_trip<C: tripair::curve::PairingCurve>(g1_len: usize, g2_len: usize) {
    for k in [1u64, 2, 3, 1000, 123_456_789] {
        let p = G1Projective::<C>::generator()
            .mul(&scalar::<C>(k))
            .to_affine();
        let q = G2Projective::<C>::generator()
            .mul(&scalar::<C>(k + 7))
            .to_affine();
        let pc = encode_point_compressed::<G1<C>>(&p);
        let qc = encode_point_compressed::<G2<C>>(&q);
        assert_eq!((pc.len(), qc.len()), (g1_len, g2_len));
        assert_eq!(decode_g1::<C>(&pc).unwrap(), p);
        assert_eq!(decode_g2::<C>(&qc).unwrap(), q);
        // The other root: the flag says which y; flipping 0x40 picks -P.
        let mut neg = pc.clone();
        neg[0] ^= 0x40;
        assert_eq!(
            decode_g1::<C>(&neg).unwrap(),
            (-p.to_projective()).to_affine()
        );
        // Without a compression flag, a compressed length is a wrong uncompressed one.
        let mut bare = pc.clone();
        bare[0] &= 0x3f;
        assert!(matches!(
            decode_g1::<C>(&bare),
            Err(Error::WrongLength { .. })
        ));
    }
    let inf1 = encode_point_compressed::<G1<C>>(&Affine::identity());
    assert_eq!(inf1[0], 0x40);
    assert!(decode_g1::<C>(&inf1).unwrap().is_identity());
    let mut bad = inf1.clone();
    *bad.last_mut().unwrap() = 1;
    assert_eq!(decode_g1::<C>(&bad), Err(Error::BadInfinity));
    assert!(
        decode_g2::<C>(&encode_point_compressed::<G2<C>>(&Affine::identity()))
            .unwrap()
            .is_identity()
    );
}

#[test]
fn bn_compressed_encodings() {
    bn_compressed_round_trip::<Bn254>(32, 64);
    bn_compressed_round_trip::<tripair::curve::curves::Bn446>(56, 112);
    bn_compressed_round_trip::<tripair::curve::curves::Dclxvi>(33, 65);
    // gnark-crypto's compressed bn254 generator: (1, 2), 2 the smaller root.
    let g = encode_point_compressed::<G1<Bn254>>(&<G1<Bn254> as CurveGroup>::generator());
    assert_eq!(hex::encode(&g), format!("80{}01", "00".repeat(30)));
    // dclxvi's flag byte takes no other bits.
    let mut g = encode_point_compressed::<G1<tripair::curve::curves::Dclxvi>>(&<G1<
        tripair::curve::curves::Dclxvi,
    > as CurveGroup>::generator(
    ));
    g[0] |= 1;
    assert!(matches!(
        decode_g1::<tripair::curve::curves::Dclxvi>(&g),
        Err(Error::BadFlags(_))
    ));
}

/// Points of E(F_p) for the batched subgroup checks: multiples of the generator (in G1), points
/// from successive x (outside G1 unless h1 = 1), the point (0, 2) of order 3 on y^2 = x^3 + 4
/// and a point of G1 plus it (BLS12-381), and the identity, interleaved.
fn mixed_g1_points<C: tripair::curve::PairingCurve>(n: usize) -> Vec<Affine<G1<C>>> {
    let b = <G1<C> as CurveGroup>::coeff_b();
    let mut x = Fp::<C::Fp>::from_u64(1);
    let mut off = Vec::new();
    while off.len() < 3 {
        if let Some(y) = (x.square() * x + b).sqrt_vartime() {
            off.push(Affine::<G1<C>>::new_unchecked(x, y));
        }
        x += Fp::from_u64(1);
    }
    if C::NAME == "bls12-381" {
        let t3 = Affine::<G1<C>>::new_unchecked(Fp::from_u64(0), Fp::from_u64(2));
        assert!(t3.is_on_curve());
        let g = G1Projective::<C>::generator().mul(&scalar::<C>(5));
        off.push(t3);
        off.push((g + t3).to_affine());
        off.push((g - t3).to_affine());
    }
    (0..n)
        .map(|i| match i % 5 {
            0 | 3 => G1Projective::<C>::generator()
                .mul(&scalar::<C>(i as u64 + 2))
                .to_affine(),
            1 => off[i % off.len()],
            2 if i % 3 == 2 => Affine::identity(),
            _ => off[(i / 5) % off.len()],
        })
        .collect()
}

fn batch_subgroup_checks_on<C: tripair::curve::PairingCurve>() {
    use tripair::curve::g1_in_subgroup_batch_with;
    use tripair::encoding::{decode_point, decode_points};
    use tripair::field::lanes::sqrt_batch_with;
    for n in [0, 1, 5, 8, 9, 17, 40] {
        let points = mixed_g1_points::<C>(n);
        let want: Vec<bool> = points.iter().map(|p| p.is_in_subgroup_vartime()).collect();
        if C::NAME == "bls12-381" && n >= 5 {
            assert!(want.contains(&true) && want.contains(&false), "{n}");
        }
        for lanes in [Some(true), Some(false), None] {
            assert_eq!(
                g1_in_subgroup_batch_with::<C>(&points, lanes),
                want,
                "{} n = {n}, lanes {lanes:?}",
                C::NAME
            );
        }
        // The decoder over many inputs: the same points and errors as one decode per input,
        // with undecodable and off-curve encodings among them.
        let mut encodings: Vec<Vec<u8>> = points
            .iter()
            .map(encode_point_compressed::<G1<C>>)
            .collect();
        if n > 3 {
            encodings[1] = vec![0xff; encodings[0].len()];
            encodings[2].truncate(3);
            // A compressed x whose x^3 + b is not a square.
            let b = <G1<C> as CurveGroup>::coeff_b();
            let mut x = Fp::<C::Fp>::from_u64(1);
            while (x.square() * x + b).sqrt_vartime().is_some() {
                x += Fp::from_u64(1);
            }
            encodings[3] = x.to_be_bytes();
            encodings[3][0] |= 0x80;
        }
        let inputs: Vec<&[u8]> = encodings.iter().map(Vec::as_slice).collect();
        let one_by_one: Vec<_> = inputs.iter().map(|b| decode_point::<G1<C>>(b)).collect();
        if n > 3 {
            assert_eq!(one_by_one[3], Err(Error::NotASquare));
        }
        assert_eq!(
            decode_points::<G1<C>>(&inputs),
            one_by_one,
            "{} n = {n}",
            C::NAME
        );
        // Square roots of many elements (0, squares, non-squares) by both paths.
        let xs: Vec<Fp<C::Fp>> = (0..n as u64).map(|i| Fp::from_u64(i * i + i)).collect();
        let want: Vec<_> = xs.iter().map(|x| x.sqrt_vartime()).collect();
        for lanes in [Some(true), Some(false), None] {
            assert_eq!(sqrt_batch_with(&xs, lanes), want, "{} n = {n}", C::NAME);
        }
    }
}

/// The subgroup checks of many G1 points and the square roots of many elements of F_p at once
/// (the lanes' path, the one-by-one path, the strategy layer's choice and the batch decoder)
/// answer as one check, one root, one decode per input.
#[test]
fn batch_subgroup_checks_agree() {
    tripair_testkit::on_big_stack(|| {
        batch_subgroup_checks_on::<Bls12_381>();
        batch_subgroup_checks_on::<Bn254>();
    });
}
