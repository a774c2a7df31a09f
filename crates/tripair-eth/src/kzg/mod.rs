//! KZG commitments to blobs (EIP-4844; the consensus specs' deneb polynomial-commitments.md),
//! with c-kzg-4844's names: [`TrustedSetup::blob_to_kzg_commitment`],
//! [`TrustedSetup::compute_kzg_proof`], [`TrustedSetup::compute_blob_kzg_proof`],
//! [`TrustedSetup::verify_kzg_proof`], [`TrustedSetup::verify_blob_kzg_proof`] and
//! [`TrustedSetup::verify_blob_kzg_proof_batch`]; and cells (EIP-7594, PeerDAS; the specs' fulu
//! polynomial-commitments-sampling.md): [`TrustedSetup::compute_cells`],
//! [`TrustedSetup::compute_cells_and_kzg_proofs`] (FK20 over the setup's monomial points),
//! [`TrustedSetup::recover_cells_and_kzg_proofs`] and [`TrustedSetup::verify_cell_kzg_proof_batch`],
//! on FFTs over F_r and G1 written for them.
//!
//! A blob is 4096 field elements of F_r, 32 big-endian bytes each and each below r; commitments
//! and proofs are compressed G1 points (48 bytes, ZCash encoding), checked for the subgroup
//! (the point at infinity is allowed). Commitments and proofs are sums over the setup's Lagrange
//! points with fixed-base tables built on first use (variable time: blobs are public).
//!
//! ```no_run
//! use tripair_eth::kzg::{TrustedSetup, BYTES_PER_BLOB};
//!
//! let setup = TrustedSetup::mainnet()?;
//! let mut blob = vec![0u8; BYTES_PER_BLOB];
//! blob[31] = 1; // the constant polynomial 1
//! let commitment = setup.blob_to_kzg_commitment(&blob)?;
//! let proof = setup.compute_blob_kzg_proof(&blob, &commitment)?;
//! assert!(setup.verify_blob_kzg_proof(&blob, &commitment, &proof)?);
//! # Ok::<(), tripair_eth::kzg::Error>(())
//! ```

mod cells;
mod fft;
mod poly;
mod setup;

use core::fmt;
use sha2::{Digest, Sha256};
use tripair::curve::curves::Bls12_381;
use tripair::curve::{Affine, CurveGroup, FixedBaseMsm, G1Affine, G1Projective, Scalar, G1};
use tripair::encoding::{decode_point, decode_points, encode_point_compressed, CoordinateBytes};
use tripair::pairing::G2Prepared;

pub use cells::{
    Cell, BYTES_PER_CELL, CELLS_PER_EXT_BLOB, FIELD_ELEMENTS_PER_CELL, FIELD_ELEMENTS_PER_EXT_BLOB,
};
pub use setup::{TrustedSetup, G2_POINTS};

/// Field elements in a blob.
pub const FIELD_ELEMENTS_PER_BLOB: usize = 4096;
/// Bytes of one field element.
pub const BYTES_PER_FIELD_ELEMENT: usize = 32;
/// Bytes of a blob.
pub const BYTES_PER_BLOB: usize = FIELD_ELEMENTS_PER_BLOB * BYTES_PER_FIELD_ELEMENT;
/// Bytes of a commitment or a proof (a compressed G1 point).
pub const BYTES_PER_COMMITMENT: usize = 48;

const FIAT_SHAMIR_PROTOCOL_DOMAIN: &[u8; 16] = b"FSBLOBVERIFY_V1_";
const RANDOM_CHALLENGE_KZG_BATCH_DOMAIN: &[u8; 16] = b"RCKZGBATCH___V1_";

pub(crate) type Fr = Scalar<Bls12_381>;
pub(crate) type G1Point = G1Affine<Bls12_381>;

/// A compressed G1 point: a commitment or a proof.
pub type Bytes48 = [u8; 48];
/// A field element (big-endian, below r).
pub type Bytes32 = [u8; 32];

/// Why a KZG function rejected its input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The blob is not [`BYTES_PER_BLOB`] bytes.
    BlobLength(usize),
    /// A field element (of the blob, or z or y) is not below r: `what` says which.
    NotAFieldElement(String),
    /// A commitment or proof is not a valid compressed point of G1: `what` says which and why.
    Point(String),
    /// The batch's lists differ in length.
    BatchLengths {
        /// The number of blobs.
        blobs: usize,
        /// The number of commitments.
        commitments: usize,
        /// The number of proofs.
        proofs: usize,
    },
    /// The trusted setup is malformed or inconsistent: what is wrong with it.
    TrustedSetup(String),
    /// A cell index is not below [`CELLS_PER_EXT_BLOB`].
    CellIndex(u64),
    /// The cell indices given for recovery are not strictly ascending (as the specs require;
    /// a repeated index is one such case).
    CellIndicesNotAscending {
        /// The position in the list of the first index not above its predecessor.
        position: usize,
        /// That index.
        index: u64,
        /// The index before it.
        previous: u64,
    },
    /// Recovery needs at least half of the cells (64 to 128); the number given.
    CellCount(usize),
    /// The lists of a cell function differ in length (the commitments and proofs where the
    /// function takes them).
    CellLists {
        /// The number of commitments.
        commitments: Option<usize>,
        /// The number of cell indices.
        cell_indices: usize,
        /// The number of cells.
        cells: usize,
        /// The number of proofs.
        proofs: Option<usize>,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::BlobLength(n) => write!(f, "a blob is {BYTES_PER_BLOB} bytes, got {n}"),
            Error::NotAFieldElement(what) => {
                write!(f, "{what} is not below the BLS12-381 group order r")
            }
            Error::Point(what) => f.write_str(what),
            Error::BatchLengths {
                blobs,
                commitments,
                proofs,
            } => write!(
                f,
                "{blobs} blobs, {commitments} commitments and {proofs} proofs: one each per blob"
            ),
            Error::TrustedSetup(what) => write!(f, "trusted setup: {what}"),
            Error::CellIndex(i) => {
                write!(f, "cell index {i} is not below {CELLS_PER_EXT_BLOB}")
            }
            Error::CellIndicesNotAscending {
                position,
                index,
                previous,
            } => write!(
                f,
                "cell indices must be strictly ascending: index {position} is {index}, after {previous}"
            ),
            Error::CellCount(n) => write!(
                f,
                "recovery needs {} to {CELLS_PER_EXT_BLOB} cells, got {n}",
                CELLS_PER_EXT_BLOB / 2
            ),
            Error::CellLists {
                commitments,
                cell_indices,
                cells,
                proofs,
            } => {
                if let Some(c) = commitments {
                    write!(f, "{c} commitments, ")?;
                }
                write!(f, "{cell_indices} cell indices, {cells} cells")?;
                if let Some(p) = proofs {
                    write!(f, " and {p} proofs")?;
                }
                f.write_str(": one each per cell")
            }
        }
    }
}

impl std::error::Error for Error {}

fn field_element(bytes: &[u8], what: impl FnOnce() -> String) -> Result<Fr, Error> {
    Fr::from_be_bytes(bytes).map_err(|_| Error::NotAFieldElement(what()))
}

/// The 4096 evaluations of a blob (blob_to_polynomial).
fn polynomial(blob: &[u8]) -> Result<Vec<Fr>, Error> {
    if blob.len() != BYTES_PER_BLOB {
        return Err(Error::BlobLength(blob.len()));
    }
    blob.chunks_exact(BYTES_PER_FIELD_ELEMENT)
        .enumerate()
        .map(|(i, c)| field_element(c, || format!("field element {i} of the blob")))
        .collect()
}

/// A commitment or proof: a compressed point of G1 in the subgroup, or infinity
/// (validate_kzg_g1).
fn point(bytes: &Bytes48, what: &str) -> Result<G1Point, Error> {
    decode_point(bytes).map_err(|e| Error::Point(format!("{what}: {e}")))
}

/// `f(item)` for every item, in order, on at most `threads` threads (and the library's budget).
pub(crate) fn map_on_threads<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    tripair::pairing::map_chunks(items, threads, |chunk| {
        chunk.iter().map(&f).collect::<Vec<R>>()
    })
    .into_iter()
    .flatten()
    .collect()
}

/// `f` on each thread's share of the indices `0..n` (a range), on the library's thread budget:
/// the shares' results in order, and the first error in share order, whatever the split (for
/// decoding and checking lists of points: the first bad one in list order is the one named).
pub(crate) fn shares_on_threads<P: Send>(
    n: usize,
    f: impl Fn(core::ops::Range<usize>) -> Result<Vec<P>, Error> + Sync,
) -> Result<Vec<P>, Error> {
    let idx: Vec<usize> = (0..n).collect();
    let parts =
        tripair::pairing::map_chunks(&idx, tripair::pairing::available_threads(), |chunk| {
            // An empty list is one empty chunk.
            let start = chunk.first().copied().unwrap_or(0);
            f(start..start + chunk.len())
        });
    let mut out = Vec::with_capacity(n);
    for part in parts {
        out.extend(part?);
    }
    Ok(out)
}

/// Each input decoded and checked as a point of G (on the curve, in the subgroup), the subgroup
/// checks of all of them made together (`decode_points`: those of G1 eight at a time in SIMD
/// lanes where they run); `name(i)` names input i in its error.
pub(crate) fn decode_together<G: CurveGroup>(
    inputs: &[&[u8]],
    name: impl Fn(usize) -> String,
) -> Vec<Result<Affine<G>, String>>
where
    G::F: CoordinateBytes,
{
    decode_points::<G>(inputs)
        .into_iter()
        .enumerate()
        .map(|(i, r)| r.map_err(|e| format!("{}: {e}", name(i))))
        .collect()
}

/// [`point`] of every item, on the library's thread budget, each thread's share decoded together
/// ([`decode_together`]); the error names the first bad item (`what` and its index).
fn points_on_threads(items: &[Bytes48], what: &str) -> Result<Vec<G1Point>, Error> {
    shares_on_threads(items.len(), |share| {
        let start = share.start;
        let inputs: Vec<&[u8]> = items[share].iter().map(|b| &b[..]).collect();
        decode_together::<G1<Bls12_381>>(&inputs, |i| format!("{what} {}", start + i))
            .into_iter()
            .map(|r| r.map_err(Error::Point))
            .collect()
    })
}

fn compress(p: &G1Projective<Bls12_381>) -> Bytes48 {
    let v = encode_point_compressed(&p.to_affine_vartime());
    let mut out = [0u8; 48];
    out.copy_from_slice(&v);
    out
}

/// hash_to_bls_field: SHA-256 of the data, as a big-endian integer modulo r.
fn hash_to_field(data: &[u8]) -> Fr {
    Fr::from_be_bytes_mod_order(&Sha256::digest(data))
}

/// compute_challenge: the Fiat-Shamir evaluation point of a blob and its commitment.
fn challenge(blob: &[u8], commitment: &Bytes48) -> Fr {
    let mut h = Sha256::new();
    h.update(FIAT_SHAMIR_PROTOCOL_DOMAIN);
    h.update((FIELD_ELEMENTS_PER_BLOB as u128).to_be_bytes());
    h.update(blob);
    h.update(commitment);
    Fr::from_be_bytes_mod_order(&h.finalize())
}

impl TrustedSetup {
    /// The commitment [f(s)]G1 to the blob's polynomial f.
    pub fn blob_to_kzg_commitment(&self, blob: &[u8]) -> Result<Bytes48, Error> {
        let f = polynomial(blob)?;
        Ok(compress(&self.lincomb(&f)))
    }

    fn lincomb(&self, scalars: &[Fr]) -> G1Projective<Bls12_381> {
        self.lagrange_msm
            .get_or_init(|| FixedBaseMsm::new(&self.g1_lagrange_brp))
            .msm_vartime(scalars)
    }

    /// The proof that f(z) = y, with y: the commitment to (f(X) - y)/(X - z).
    pub fn compute_kzg_proof(&self, blob: &[u8], z: &Bytes32) -> Result<(Bytes48, Bytes32), Error> {
        let f = polynomial(blob)?;
        let z = field_element(z, || "z".to_string())?;
        let (proof, y) = self.proof_at(&f, &z);
        Ok((proof, to_bytes(&y)))
    }

    fn proof_at(&self, f: &[Fr], z: &Fr) -> (Bytes48, Fr) {
        let y = self.domain.evaluate(f, z);
        let q = self.domain.quotient(f, z, &y);
        (compress(&self.lincomb(&q)), y)
    }

    /// The proof of the blob's value at the Fiat-Shamir challenge of the blob and `commitment`
    /// (which must be a valid point; it is not recomputed).
    pub fn compute_blob_kzg_proof(
        &self,
        blob: &[u8],
        commitment: &Bytes48,
    ) -> Result<Bytes48, Error> {
        let f = polynomial(blob)?;
        point(commitment, "commitment")?;
        let z = challenge(blob, commitment);
        Ok(self.proof_at(&f, &z).0)
    }

    /// Whether `proof` shows that the polynomial committed to takes the value y at z:
    /// e(C - \[y\]G1, -G2) e(proof, \[s - z\]G2) = 1.
    pub fn verify_kzg_proof(
        &self,
        commitment: &Bytes48,
        z: &Bytes32,
        y: &Bytes32,
        proof: &Bytes48,
    ) -> Result<bool, Error> {
        let c = point(commitment, "commitment")?;
        let z = field_element(z, || "z".to_string())?;
        let y = field_element(y, || "y".to_string())?;
        let pi = point(proof, "proof")?;
        Ok(self.check(&c, &z, &y, &pi))
    }

    /// e(C - [y]G1 + [z] proof, -G2) e(proof, [s]G2) = 1, the verification equation
    /// e(C - [y]G1, G2) = e(proof, [s - z]G2) with the multiplication moved to G1 and both G2
    /// points prepared.
    fn check(&self, c: &G1Point, z: &Fr, y: &Fr, proof: &G1Point) -> bool {
        let p = (c.to_projective() - G1Projective::mul_generator(y)
            + proof.to_projective().mul_scalar_vartime(z))
        .to_affine_vartime();
        self.pairs_to_one(&p, &self.neg_g2, proof, &self.s_g2)
    }

    /// Whether e(a, A) e(b, B) = 1.
    pub(crate) fn pairs_to_one(
        &self,
        a: &G1Point,
        aa: &G2Prepared<Bls12_381>,
        b: &G1Point,
        bb: &G2Prepared<Bls12_381>,
    ) -> bool {
        tripair::pairing::multi_pairing_prepared(&[(a, aa), (b, bb)]).is_identity()
    }

    /// Whether `proof` is a valid proof for the blob and its commitment at their challenge.
    pub fn verify_blob_kzg_proof(
        &self,
        blob: &[u8],
        commitment: &Bytes48,
        proof: &Bytes48,
    ) -> Result<bool, Error> {
        let f = polynomial(blob)?;
        let c = point(commitment, "commitment")?;
        let pi = point(proof, "proof")?;
        let z = challenge(blob, commitment);
        let y = self.domain.evaluate(&f, &z);
        Ok(self.check(&c, &z, &y, &pi))
    }

    /// Whether every proof is valid for its blob and commitment: one pairing check over a random
    /// linear combination (verify_kzg_proof_batch, the coefficients the powers of a hash of
    /// the whole batch). True for the empty batch. The blobs' evaluations run on the library's
    /// thread budget ([`tripair::pairing::set_max_threads`]).
    pub fn verify_blob_kzg_proof_batch(
        &self,
        blobs: &[&[u8]],
        commitments: &[Bytes48],
        proofs: &[Bytes48],
    ) -> Result<bool, Error> {
        if blobs.len() != commitments.len() || blobs.len() != proofs.len() {
            return Err(Error::BatchLengths {
                blobs: blobs.len(),
                commitments: commitments.len(),
                proofs: proofs.len(),
            });
        }
        let n = blobs.len();
        // Each blob's checks, challenge and evaluation, on the library's thread budget (the
        // first error in blob order is the one reported, whatever the split).
        // Each share's commitments and proofs are decoded together (their subgroup checks side
        // by side, see `decode_together`), then each blob's errors are taken in the order above.
        let per_blob = shares_on_threads(n, |share| {
            let start = share.start;
            let inputs: Vec<&[u8]> = share
                .clone()
                .flat_map(|i| [&commitments[i][..], &proofs[i][..]])
                .collect();
            let mut points = decode_together::<G1<Bls12_381>>(&inputs, |k| {
                let what = if k % 2 == 0 { "commitment" } else { "proof" };
                format!("{what} {}", start + k / 2)
            })
            .into_iter();
            share
                .map(|i| {
                    let f = polynomial(blobs[i]).map_err(|e| match e {
                        Error::NotAFieldElement(w) => Error::NotAFieldElement(
                            w.replace("of the blob", &format!("of blob {i}")),
                        ),
                        e => e,
                    })?;
                    let c = points
                        .next()
                        .expect("one per input")
                        .map_err(Error::Point)?;
                    let pi = points
                        .next()
                        .expect("one per input")
                        .map_err(Error::Point)?;
                    let z = challenge(blobs[i], &commitments[i]);
                    let y = self.domain.evaluate(&f, &z);
                    Ok((c, pi, z, y))
                })
                .collect()
        })?;
        let mut cs = Vec::with_capacity(n);
        let mut pis = Vec::with_capacity(n);
        let mut zs = Vec::with_capacity(n);
        let mut ys = Vec::with_capacity(n);
        for (c, pi, z, y) in per_blob {
            cs.push(c);
            pis.push(pi);
            zs.push(z);
            ys.push(y);
        }
        if n == 0 {
            return Ok(true);
        }
        if n == 1 {
            return Ok(self.check(&cs[0], &zs[0], &ys[0], &pis[0]));
        }
        // compute_r_powers: r = hash(domain || 4096 (8 bytes) || n (8 bytes) || (C, z, y, proof)*).
        let mut data = Vec::with_capacity(32 + n * (48 + 32 + 32 + 48));
        data.extend(RANDOM_CHALLENGE_KZG_BATCH_DOMAIN);
        data.extend((FIELD_ELEMENTS_PER_BLOB as u64).to_be_bytes());
        data.extend((n as u64).to_be_bytes());
        for i in 0..n {
            data.extend(commitments[i]);
            data.extend(to_bytes(&zs[i]));
            data.extend(to_bytes(&ys[i]));
            data.extend(proofs[i]);
        }
        let powers = powers(&hash_to_field(&data), n);
        // sum r^i proof_i; sum r^i (C_i - [y_i]G1 + [z_i] proof_i).
        let proof_lincomb = G1Projective::msm_vartime(&pis, &powers);
        let mut points = cs.clone();
        points.extend(&pis);
        points.push(G1Point::generator());
        let mut scalars = powers.clone();
        scalars.extend(powers.iter().zip(&zs).map(|(p, z)| *p * *z));
        scalars.push(
            -powers
                .iter()
                .zip(&ys)
                .fold(Fr::ZERO, |s, (p, y)| s + *p * *y),
        );
        let rhs = G1Projective::msm_vartime(&points, &scalars);
        Ok(self.pairs_to_one(
            &rhs.to_affine_vartime(),
            &self.neg_g2,
            &proof_lincomb.to_affine_vartime(),
            &self.s_g2,
        ))
    }
}

/// 1, r, r^2, ..., r^(n-1): a batch's random coefficients.
pub(crate) fn powers(r: &Fr, n: usize) -> Vec<Fr> {
    let mut v = Vec::with_capacity(n);
    let mut acc = Fr::ONE;
    for _ in 0..n {
        v.push(acc);
        acc *= *r;
    }
    v
}

pub(crate) fn to_bytes(x: &Fr) -> Bytes32 {
    let mut out = [0u8; 32];
    out.copy_from_slice(&x.to_be_bytes());
    out
}
