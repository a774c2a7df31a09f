//! Writes `tests/data/pairing_checks.txt`, the test set of `tests/check.rs`: on every prime curve,
//! lines of pairs whose `check` answer follows from bilinearity and non-degeneracy (true/false),
//! and pairs with a bad point (error). The answers come from how the points were made, not from
//! running a pairing. Run: `cargo run --release -p tripair-cli --features examples --example
//! pairing_check_vectors`.
//!
//! The test reads the file instead of building the cases itself: that instantiated scalar
//! multiplication, square roots and encodings of all seven curves in the test crate at
//! opt-level 3 (25 s of its compile, docs/build-timings.md).

use tripair::curve::{
    Affine, CurveGroup, G1Projective, G2Projective, PairingCurve, Scalar, G1, G2,
};
use tripair::encoding::{encode_g1, encode_g2};
use tripair::field::Fp2;
use tripair_testkit::TestRng;

/// A point of the twist outside G2 (found by trial from x = 1 + u): on the curve, wrong order.
fn g2_outside_subgroup<C: PairingCurve>() -> Affine<G2<C>> {
    let b = <G2<C> as CurveGroup>::coeff_b();
    let mut x = Fp2::<C>::from_i64s(1, 1);
    loop {
        if let Some(y) = (x.square() * x + b).sqrt_vartime() {
            let p = Affine::<G2<C>>::new_unchecked(x, y);
            if !p.is_in_subgroup_vartime() {
                return p;
            }
        }
        x += Fp2::ONE;
    }
}

/// Hex of a G1 point with the lowest bit of y flipped: y +- 1 is still a field element, and the
/// point is off the curve.
fn g1_off_curve<C: PairingCurve>(p: &Affine<G1<C>>) -> String {
    let mut b = encode_g1::<C>(p);
    *b.last_mut().unwrap() ^= 1;
    hex::encode(&b)
}

type PointPair<C> = (Affine<G1<C>>, Affine<G2<C>>);

struct Case {
    pairs: Vec<(String, String)>,
    /// The answer by construction: Some(true/false) for valid input, None for an error.
    expect: Option<bool>,
}

fn g1<C: PairingCurve>(k: &Scalar<C>) -> Affine<G1<C>> {
    G1Projective::<C>::generator().mul(k).to_affine()
}

fn g2<C: PairingCurve>(k: &Scalar<C>) -> Affine<G2<C>> {
    G2Projective::<C>::generator().mul(k).to_affine()
}

fn hex_pair<C: PairingCurve>(p: &Affine<G1<C>>, q: &Affine<G2<C>>) -> (String, String) {
    (
        hex::encode(encode_g1::<C>(p)),
        hex::encode(encode_g2::<C>(q)),
    )
}

/// Checks whose answers follow from bilinearity: e(aP, bQ) e(-abP, Q) = 1; with ab + 1 instead
/// it is e(P, Q)^-1 != 1 (non-degeneracy); pairs with the point at infinity contribute 1.
fn cases<C: PairingCurve>(seed: u64) -> Vec<Case> {
    let mut rng = TestRng::new(seed);
    let one = Scalar::<C>::ONE;
    let (a, b, c, d) = (
        Scalar::<C>::random(&mut rng),
        Scalar::<C>::random(&mut rng),
        Scalar::<C>::random(&mut rng),
        Scalar::<C>::random(&mut rng),
    );
    let (p, q) = (g1::<C>(&one), g2::<C>(&one));
    let inf1 = Affine::<G1<C>>::identity();
    let inf2 = Affine::<G2<C>>::identity();
    let ab = a * b;
    let cd = c * d;
    let valid = |pairs: Vec<PointPair<C>>, expect: bool| Case {
        pairs: pairs.iter().map(|(p, q)| hex_pair::<C>(p, q)).collect(),
        expect: Some(expect),
    };
    let mut v = vec![
        valid(vec![(p, q), (p.neg(), q)], true),
        valid(vec![(g1::<C>(&a), g2::<C>(&b)), (g1::<C>(&-ab), q)], true),
        valid(
            vec![(g1::<C>(&a), g2::<C>(&b)), (g1::<C>(&-(ab + one)), q)],
            false,
        ),
        valid(
            vec![(g1::<C>(&a), g2::<C>(&b)), (g1::<C>(&b), g2::<C>(&-a))],
            true,
        ),
        // Groth16-like: e(aP, bQ) e(cP, dQ) e(-(ab + cd)P, Q) = 1.
        valid(
            vec![
                (g1::<C>(&a), g2::<C>(&b)),
                (g1::<C>(&c), g2::<C>(&d)),
                (g1::<C>(&-(ab + cd)), q),
            ],
            true,
        ),
        valid(
            vec![
                (g1::<C>(&a), g2::<C>(&b)),
                (g1::<C>(&c), g2::<C>(&d)),
                (g1::<C>(&-(ab + cd)), g2::<C>(&(one + one))),
            ],
            false,
        ),
        valid(vec![(p, q)], false),
        valid(vec![(g1::<C>(&a), q)], false),
        valid(vec![(inf1, q)], true),
        valid(vec![(p, inf2)], true),
        valid(vec![(inf1, inf2)], true),
        valid(vec![(inf1, q), (p, q)], false),
    ];
    let bad = |pairs: Vec<(String, String)>| Case {
        pairs,
        expect: None,
    };
    let (hp, hq) = hex_pair::<C>(&p, &q);
    let outside = hex::encode(encode_g2::<C>(&g2_outside_subgroup::<C>()));
    let p_bytes = hp.len() / 2;
    v.extend([
        bad(vec![(g1_off_curve::<C>(&p), hq.clone())]),
        bad(vec![(hp.clone(), hq.clone()), (hp.clone(), outside)]),
        bad(vec![
            (hp.clone(), hq.clone()),
            (hp[..hp.len() - 2].to_string(), hq.clone()),
        ]),
        bad(vec![(hp.clone(), format!("{}zz", &hq[..hq.len() - 2]))]),
        // x = 2^(8 * len) - 1 is not below p.
        bad(vec![(
            format!("{}{}", "ff".repeat(p_bytes / 2), &hp[p_bytes..]),
            hq.clone(),
        )]),
    ]);
    v
}

fn line_of(case: &Case) -> String {
    case.pairs
        .iter()
        .map(|(a, b)| format!("{a} {b}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn vector_lines<C: PairingCurve>(seed: u64) -> Vec<String> {
    cases::<C>(seed)
        .iter()
        .map(|c| {
            let expect = match c.expect {
                Some(e) => e.to_string(),
                None => "error".to_string(),
            };
            format!("{}\t{expect}\t{}", C::NAME, line_of(c))
        })
        .collect()
}

macro_rules! all_curves {
    (($lines:ident) $($m:ident: $c:ty = $label:literal),* $(,)?) => {
        // bn254 and bls12-381 keep the seeds of the first version of the file (EIP-197, EIP-2537).
        $($lines.extend(vector_lines::<$c>(match $label {
            "bn254" => 197,
            "bls12-381" => 2537,
            _ => 0xc4ec + <$c as PairingCurve>::U.len() as u64,
        }));)*
    };
}

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pairing_checks.txt");
    let mut lines = vec![
        "# curve<TAB>expected<TAB>G1HEX G2HEX ... (the CLI's encoding of each curve: EIP-197 for bn254,".to_string(),
        "# ZCash for bls12-381); expected is true/false by bilinearity and non-degeneracy, or error for".to_string(),
        "# a bad point. Written by examples/pairing_check_vectors.rs.".to_string(),
    ];
    tripair::for_each_prime_curve!(all_curves; lines);
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
    println!("{path}: {} lines", lines.len());
}
