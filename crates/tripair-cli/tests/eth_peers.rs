//! tripair-eth's EIP-2537 precompiles against blst (and arkworks, with `peers`) on random inputs:
//! byte-identical outputs of G1MSM, G2MSM and PAIRING_CHECK, including identity points, scalars
//! at and above r, terms that cancel, and pairs with the point at infinity; and bad inputs (a
//! point off the curve, a coordinate not below p, non-zero top bytes) refused by every side.
//! Behind the feature `peers-blst` (part of `peers`):
//! `cargo test --release -p tripair-cli --features peers --test eth_peers`.
#![cfg(feature = "peers-blst")]

use tripair::curve::curves::Bls12_381;
use tripair::curve::Scalar;
use tripair_cli::tables::eth::{g1_points, g2_points, negate_g1, peers, Call};
use tripair_eth::bls12;
use tripair_testkit::TestRng;

/// r, big-endian.
const R: [u8; 32] = [
    0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05,
    0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01,
];

/// A scalar: random, or one of the edge values (0, 1, r - 1, r, r + 1, 2^256 - 1).
fn scalar(rng: &mut TestRng) -> [u8; 32] {
    let mut k = [0u8; 32];
    let pick = rng.next_u64() % 10;
    match pick {
        0 => {}
        1 => k[31] = 1,
        2..=4 => {
            k = R;
            // r - 1, r, r + 1 (r ends in 0x01).
            k[31] = (pick - 2) as u8;
        }
        5 => k = [0xff; 32],
        _ => rng.fill_bytes(&mut k),
    }
    k
}

/// Every peer's answer to `input` equals tripair-eth's (both `Ok` and the same bytes, or both
/// an error).
fn agree(op: &str, ours: Call, input: &[u8], what: &str) {
    let want = ours(input);
    for (name, theirs) in peers(op) {
        let got = theirs(input);
        match (&want, &got) {
            (Ok(w), Ok(g)) => assert_eq!(
                hex::encode(g),
                hex::encode(w),
                "{name} {op} {what}: outputs differ"
            ),
            (Err(_), Err(_)) => {}
            _ => panic!("{name} {op} {what}: tripair-eth {want:?}, {name} {got:?}"),
        }
    }
}

fn g1_msm(i: &[u8]) -> Result<Vec<u8>, String> {
    bls12::g1_msm(i).map_err(|e| e.to_string())
}
fn g2_msm(i: &[u8]) -> Result<Vec<u8>, String> {
    bls12::g2_msm(i).map_err(|e| e.to_string())
}
fn check(i: &[u8]) -> Result<Vec<u8>, String> {
    bls12::pairing_check(i).map_err(|e| e.to_string())
}

#[test]
fn msms_match_the_peers() {
    let mut rng = TestRng::new(0xe7e7);
    let (g1, g2) = (g1_points(&mut rng, 40), g2_points(&mut rng, 40));
    for (op, ours, points) in [
        ("g1_msm", g1_msm as Call, &g1),
        ("g2_msm", g2_msm as Call, &g2),
    ] {
        for n in [1usize, 2, 3, 7, 16, 33, 40] {
            for round in 0..3 {
                let mut input = Vec::new();
                for i in 0..n {
                    let p = &points[(i * 7 + round) % points.len()];
                    // Every fifth term (after the first round) the point at infinity.
                    if round > 0 && i % 5 == 4 {
                        input.extend(vec![0u8; p.len()]);
                    } else {
                        input.extend(p);
                    }
                    input.extend(scalar(&mut rng));
                }
                agree(op, ours, &input, &format!("of {n}, round {round}"));
            }
        }
        // Terms that cancel: [k]P + [-k]P is the point at infinity (all-zero output).
        let k = scalar(&mut rng);
        let minus_k: [u8; 32] = (-Scalar::<Bls12_381>::from_be_bytes_mod_order(&k))
            .to_be_bytes()
            .try_into()
            .expect("32 bytes");
        let mut input = Vec::new();
        for s in [k, minus_k] {
            input.extend(&points[0]);
            input.extend(s);
        }
        agree(op, ours, &input, "of two cancelling terms");
        assert!(
            ours(&input).unwrap().iter().all(|&b| b == 0),
            "{op} of two cancelling terms: not the point at infinity"
        );
    }
}

#[test]
fn pairing_checks_match_the_peers() {
    let mut rng = TestRng::new(0xe7e8);
    let (g1, g2) = (g1_points(&mut rng, 8), g2_points(&mut rng, 8));
    for n in [1usize, 2, 3, 4, 8] {
        // Random pairs (the check answers 0), then pairs that cancel (it answers 1), then both with
        // a pair at infinity inserted.
        let random: Vec<u8> = (0..n)
            .flat_map(|i| [g1[i].clone(), g2[i].clone()].concat())
            .collect();
        let cancelling: Vec<u8> = (0..n)
            .flat_map(|i| {
                let j = i / 2;
                let p = if i % 2 == 1 {
                    negate_g1(&g1[j])
                } else {
                    g1[j].clone()
                };
                [p, g2[j].clone()].concat()
            })
            .collect();
        if n % 2 == 0 {
            assert_eq!(check(&cancelling).unwrap()[31], 1, "cancelling {n}");
        }
        for (what, input) in [("random", random), ("cancelling", cancelling)] {
            agree("pairing_check", check, &input, &format!("{what} {n}"));
            let mut with_infinity = input.clone();
            with_infinity.extend(vec![0u8; 128]);
            with_infinity.extend(&g2[0]);
            agree(
                "pairing_check",
                check,
                &with_infinity,
                &format!("{what} {n} + (O, Q)"),
            );
        }
    }
}

#[test]
fn bad_inputs_are_refused_by_every_side() {
    let mut rng = TestRng::new(0xe7e9);
    let (g1, g2) = (g1_points(&mut rng, 2), g2_points(&mut rng, 2));
    let p_bytes: [u8; 48] = {
        let mut p = [0u8; 48];
        hex::decode_to_slice(
            "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
            &mut p,
        )
        .unwrap();
        p
    };
    for (op, ours, point) in [
        ("g1_msm", g1_msm as Call, &g1[0]),
        ("g2_msm", g2_msm as Call, &g2[0]),
    ] {
        let good = [point.clone(), vec![1u8; 32]].concat();
        agree(op, ours, &good, "valid");
        assert!(ours(&good).is_ok());
        // y + 1: off the curve.
        let mut off = good.clone();
        off[point.len() - 1] ^= 1;
        // x = p: not below p.
        let mut big = good.clone();
        big[16..64].copy_from_slice(&p_bytes);
        // A non-zero byte among the 16 top bytes of x.
        let mut top = good.clone();
        top[3] = 1;
        for (what, input) in [("off the curve", off), ("x = p", big), ("top bytes", top)] {
            assert!(
                ours(&input).is_err(),
                "{op} {what}: tripair-eth accepted it"
            );
            agree(op, ours, &input, what);
        }
    }
}
