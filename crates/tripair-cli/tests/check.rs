//! `tripair check` against the library and against `tripair pair`: on every prime curve its
//! answer equals the library's `pairing_check` on the decoded points (`api::check_hex`) and
//! whether the product of the `pair` outputs is one; bad points are named.
//! `tests/data/pairing_checks.txt` is an EIP-197 / EIP-2537 style test set whose answers follow
//! from bilinearity, not from running a pairing.

mod common;

use tripair::curve::{
    Affine, CurveGroup, G1Projective, G2Projective, PairingCurve, Scalar, G1, G2,
};
use tripair::encoding::{encode_g1, encode_g2};
use tripair::field::Fp2;
use tripair::pairing::Gt;
use tripair_testkit::TestRng;

/// The binary's answer lines and exit status.
fn run_cli(args: &[&str], input: &str) -> (Vec<String>, i32) {
    let (out, _, code) = common::run_cli(args, input);
    (out.lines().map(str::to_string).collect(), code)
}

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

/// `check` agrees with `pairing_check`, with the product of `pair` outputs and with the answer
/// by construction; errors name the same point as the library's `check_hex`.
fn check_agrees<C: PairingCurve>() {
    let name = C::NAME;
    let cases = cases::<C>(0xc4ec + C::U.len() as u64);
    let input: String = cases.iter().map(|c| line_of(c) + "\n").collect();
    let (check, code) = run_cli(&["check", "--curve", name], &input);
    assert_eq!(code, 1, "{name}: bad lines fail the run");
    assert_eq!(check.len(), cases.len(), "{name}");
    // Every pair of every valid case through `pair`, in one run.
    let pair_input: String = cases
        .iter()
        .filter(|c| c.expect.is_some())
        .flat_map(|c| c.pairs.iter().map(|(a, b)| format!("{a} {b}\n")))
        .collect();
    let (pairs_out, code) = run_cli(&["pair", "--curve", name, "--threads", "2"], &pair_input);
    assert_eq!(code, 0, "{name}");
    let mut gts = pairs_out.iter();
    for (case, answer) in cases.iter().zip(&check) {
        let refs: Vec<(&str, &str)> = case
            .pairs
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        match case.expect {
            Some(expect) => {
                let product = case.pairs.iter().fold(Gt::<C>::identity(), |acc, _| {
                    let gt = hex::decode(gts.next().unwrap()).unwrap();
                    acc * Gt::<C>::from_bytes(&gt).unwrap()
                });
                assert_eq!(answer, &expect.to_string(), "{name}: {}", line_of(case));
                // The library's check by curve name (its pairing code is compiled once, in the
                // library: a generic `pairing_check::<C>` here would build the pairing stack of
                // every curve again into this test crate).
                assert_eq!(
                    tripair::api::check_hex(name, &refs).unwrap(),
                    expect,
                    "{name}"
                );
                assert_eq!(
                    product.is_identity(),
                    expect,
                    "{name}: product of pair outputs"
                );
            }
            None => {
                let err = tripair::api::check_hex(name, &refs).unwrap_err();
                assert_eq!(answer, &format!("error: {err}"), "{name}");
                assert!(
                    answer.starts_with("error: G1 of pair ")
                        || answer.starts_with("error: G2 of pair "),
                    "{name}: the error names the point: {answer}"
                );
            }
        }
    }
}

macro_rules! check_tests {
    (() $($m:ident: $c:ty = $label:literal),* $(,)?) => {
        $(mod $m {
            #[test] fn check_agrees_with_pairing_check_and_pair() { super::check_agrees::<$c>(); }
        })*
    };
}
tripair::for_each_prime_curve!(check_tests);

const VECTORS: &str = "tests/data/pairing_checks.txt";

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

/// Writes the test set (run with `--ignored` to regenerate; the answers come from `cases`).
#[test]
#[ignore]
fn regenerate_pairing_check_vectors() {
    use tripair::curve::curves::{Bls12_381, Bn254};
    let mut lines = vec![
        "# curve<TAB>expected<TAB>G1HEX G2HEX ... (EIP-197 encoding for bn254, ZCash for bls12-381);"
            .to_string(),
        "# expected is true/false by bilinearity and non-degeneracy, or error for a bad point."
            .to_string(),
    ];
    lines.extend(vector_lines::<Bn254>(197));
    lines.extend(vector_lines::<Bls12_381>(2537));
    std::fs::write(VECTORS, lines.join("\n") + "\n").unwrap();
}

#[test]
fn eip197_style_vectors_pass() {
    let text = std::fs::read_to_string(VECTORS).unwrap();
    let mut by_curve: Vec<(&str, Vec<(&str, &str)>)> = Vec::new();
    for l in text.lines().filter(|l| !l.starts_with('#')) {
        let mut f = l.splitn(3, '\t');
        let (curve, expect, input) = (f.next().unwrap(), f.next().unwrap(), f.next().unwrap());
        match by_curve.iter_mut().find(|(c, _)| *c == curve) {
            Some((_, v)) => v.push((expect, input)),
            None => by_curve.push((curve, vec![(expect, input)])),
        }
    }
    assert_eq!(by_curve.len(), 2);
    for (curve, cases) in by_curve {
        let input: String = cases.iter().map(|(_, i)| format!("{i}\n")).collect();
        let (out, _) = run_cli(&["check", "--curve", curve], &input);
        assert_eq!(out.len(), cases.len());
        for ((expect, input), got) in cases.iter().zip(&out) {
            if *expect == "error" {
                assert!(got.starts_with("error: G"), "{curve}: {got} for {input}");
            } else {
                assert_eq!(got, expect, "{curve}: {input}");
            }
        }
    }
}
