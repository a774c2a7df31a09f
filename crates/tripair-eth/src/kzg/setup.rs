//! The trusted setup: loading its standard text file (the format of c-kzg-4844's
//! `trusted_setup.txt` and the consensus specs), checking every point, and the domain it serves.

use super::cells::CellContext;
use super::poly::Domain;
use super::{decode_together, shares_on_threads, Error, G1Point, FIELD_ELEMENTS_PER_BLOB};
use tripair::curve::curves::Bls12_381;
use tripair::curve::{Affine, CurveGroup};
use tripair::curve::{FixedBaseMsm, G1Affine, G2Affine, G1};
use tripair::encoding::CoordinateBytes;
use tripair::pairing::G2Prepared;

/// The number of G2 points of the mainnet setup ([s^i]G2 for i < 65).
pub const G2_POINTS: usize = 65;

/// A KZG trusted setup for blobs of [`FIELD_ELEMENTS_PER_BLOB`] field elements: the Lagrange
/// points [L_i(s)]G1 in bit-reversed order, the monomial points [s^i]G1, and of the [s^i]G2 the
/// ones the checks pair with; every point decoded, on the curve and in the order-r subgroup.
pub struct TrustedSetup {
    /// [L_i(s)]G1 over the blob's domain, in bit-reversed order (as the blob's evaluations are).
    pub(crate) g1_lagrange_brp: Vec<G1Point>,
    /// Their fixed-base tables (commitments and proofs), built on first use.
    pub(crate) lagrange_msm: std::sync::OnceLock<FixedBaseMsm<G1<Bls12_381>>>,
    /// [s^i]G1.
    pub(crate) g1_monomial: Vec<G1Point>,
    pub(crate) domain: Domain,
    /// -G2, [s]G2 and [s^64]G2 with their Miller-loop lines precomputed: every check pairs
    /// against two of them.
    pub(crate) neg_g2: G2Prepared<Bls12_381>,
    pub(crate) s_g2: G2Prepared<Bls12_381>,
    pub(crate) s64_g2: G2Prepared<Bls12_381>,
    /// What the cell functions (EIP-7594) need: the twiddles built on their first call, FK20's
    /// precomputation on the first call that computes proofs.
    pub(crate) cells: std::sync::OnceLock<CellContext>,
}

/// The mainnet setup of EIP-4844 (the KZG ceremony's output), as c-kzg-4844 ships it.
const MAINNET: &str = include_str!("trusted_setup.txt");

fn setup_error(what: String) -> Error {
    Error::TrustedSetup(what)
}

impl TrustedSetup {
    /// The mainnet trusted setup of EIP-4844, loaded from the copy of c-kzg-4844's
    /// `trusted_setup.txt` in this crate (loaded and checked once per call: keep the value).
    pub fn mainnet() -> Result<TrustedSetup, Error> {
        TrustedSetup::from_text(MAINNET)
    }

    /// A setup from the standard text format: the number of G1 points (4096) and of G2 points,
    /// then the G1 Lagrange points, the G2 monomial points and the G1 monomial points, each as
    /// compressed hex (ZCash encoding), separated by any whitespace.
    pub fn from_text(text: &str) -> Result<TrustedSetup, Error> {
        let mut words = text.split_ascii_whitespace();
        let mut count = |what: &str| -> Result<usize, Error> {
            let w = words
                .next()
                .ok_or_else(|| setup_error(format!("missing the number of {what} points")))?;
            w.parse::<usize>().map_err(|_| {
                setup_error(format!(
                    "the number of {what} points is not a number: {w:?}"
                ))
            })
        };
        let n1 = count("G1")?;
        let n2 = count("G2")?;
        if n1 != FIELD_ELEMENTS_PER_BLOB {
            return Err(setup_error(format!(
                "{n1} G1 points; blobs need {FIELD_ELEMENTS_PER_BLOB}"
            )));
        }
        if n2 < 2 {
            return Err(setup_error(format!(
                "{n2} G2 points; at least 2 are needed"
            )));
        }
        // The words of each list first (a short file fails here, naming the missing point),
        // then the points decoded and checked on the library's thread budget.
        let mut take = |what: &str, n: usize| -> Result<Vec<&str>, Error> {
            (0..n)
                .map(|i| {
                    words.next().ok_or_else(|| {
                        setup_error(format!("the file ends before {what} point {i}"))
                    })
                })
                .collect()
        };
        let lagrange_words = take("G1 Lagrange", n1)?;
        let g2_words = take("G2", n2)?;
        let monomial_words = take("G1 monomial", n1)?;
        let lagrange = decode_all(&lagrange_words, "G1 Lagrange")?;
        let g2s = decode_all(&g2_words, "G2")?;
        let monomial = decode_all(&monomial_words, "G1 monomial")?;
        if words.next().is_some() {
            return Err(setup_error("text after the last point".to_string()));
        }
        check_consistent(&lagrange, &monomial, &g2s)?;
        let domain = Domain::new(FIELD_ELEMENTS_PER_BLOB);
        let g1_lagrange_brp = domain.bit_reversed(&lagrange);
        Ok(TrustedSetup {
            g1_lagrange_brp,
            lagrange_msm: std::sync::OnceLock::new(),
            g1_monomial: monomial,
            domain,
            neg_g2: G2Prepared::new_affine_vartime(&-g2s[0]),
            s_g2: G2Prepared::new_affine_vartime(&g2s[1]),
            s64_g2: G2Prepared::new_affine_vartime(&g2s[64]),
            cells: std::sync::OnceLock::new(),
        })
    }
}

/// The points of one list, each hex word decoded and checked (on the curve, in the subgroup),
/// split over the library's thread budget; the error names the first bad point of the list.
fn decode_all<G: CurveGroup>(words: &[&str], what: &str) -> Result<Vec<Affine<G>>, Error>
where
    G::F: CoordinateBytes,
{
    shares_on_threads(words.len(), |share| {
        let start = share.start;
        let bytes: Vec<Option<Vec<u8>>> = words[share]
            .iter()
            .map(|w| hex::decode(w.strip_prefix("0x").unwrap_or(w)).ok())
            .collect();
        // The share's points decoded together (their subgroup checks side by side).
        let hex_ok: Vec<usize> = (0..bytes.len()).filter(|&k| bytes[k].is_some()).collect();
        let inputs: Vec<&[u8]> = bytes.iter().flatten().map(Vec::as_slice).collect();
        let mut points =
            decode_together::<G>(&inputs, |j| format!("{what} point {}", start + hex_ok[j]))
                .into_iter();
        bytes
            .iter()
            .enumerate()
            .map(|(k, b)| match b {
                None => Err(setup_error(format!(
                    "{what} point {} is not hex",
                    start + k
                ))),
                Some(_) => points.next().expect("one per input").map_err(setup_error),
            })
            .collect()
    })
}

/// The points come from one secret s: [s]G1 and [s]G2 match (e([s]G1, G2) = e(G1, [s]G2)),
/// the G1 and G2 generators start the monomial lists, and the Lagrange points sum to G1 (sum
/// L_i = 1), which a setup in monomial form or another order fails.
fn check_consistent(
    lagrange: &[G1Affine<Bls12_381>],
    monomial: &[G1Affine<Bls12_381>],
    g2s: &[G2Affine<Bls12_381>],
) -> Result<(), Error> {
    if monomial[0] != G1Affine::generator() || g2s[0] != G2Affine::generator() {
        return Err(setup_error(
            "the first monomial points are not the generators".to_string(),
        ));
    }
    let sum = lagrange
        .iter()
        .fold(tripair::G1Projective::<Bls12_381>::identity(), |acc, p| {
            acc + *p
        });
    if sum.to_affine_vartime() != G1Affine::generator() {
        return Err(setup_error(
            "the G1 Lagrange points do not sum to the generator (not in Lagrange form?)"
                .to_string(),
        ));
    }
    if !tripair::pairing_check(&[(monomial[1], -g2s[0]), (monomial[0], g2s[1])]) {
        return Err(setup_error(
            "[s]G1 and [s]G2 belong to different secrets".to_string(),
        ));
    }
    Ok(())
}
