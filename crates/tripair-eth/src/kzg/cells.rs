//! Cells and their proofs (EIP-7594, PeerDAS; the consensus specs' fulu
//! polynomial-commitments-sampling.md): the blob's polynomial extended to 8192 points in 128
//! cells of 64, a proof per cell by FK20 (Feist-Khovratovich, "Fast amortized KZG proofs",
//! eprint 2023/033), recovery from any half of the cells, and batch verification by the specs'
//! random linear combination (with 128-bit coefficients hashed from the specs' challenge).

use super::fft::{FftElement, Twiddles, G1};
use super::poly::reverse;
use super::{
    compress, field_element, hash_to_field, map_on_threads, point, points_on_threads, polynomial,
    to_bytes, Bytes48, Error, Fr, G1Point, TrustedSetup, FIELD_ELEMENTS_PER_BLOB,
};
use sha2::{Digest, Sha256};
use tripair::curve::{FixedBaseMsm, G1Projective};
use tripair::field::traits::batch_inv_vartime;

/// Field elements in a cell.
pub const FIELD_ELEMENTS_PER_CELL: usize = 64;
/// Bytes of a cell.
pub const BYTES_PER_CELL: usize = FIELD_ELEMENTS_PER_CELL * 32;
/// Field elements of the extended blob.
pub const FIELD_ELEMENTS_PER_EXT_BLOB: usize = 2 * FIELD_ELEMENTS_PER_BLOB;
/// Cells of the extended blob.
pub const CELLS_PER_EXT_BLOB: usize = FIELD_ELEMENTS_PER_EXT_BLOB / FIELD_ELEMENTS_PER_CELL;

/// A cell: 64 field elements, 32 big-endian bytes each.
pub type Cell = [u8; BYTES_PER_CELL];

const RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN: &[u8; 16] = b"RCKZGCBATCH__V1_";
/// The coset shift of the recovery's coset FFTs (PRIMITIVE_ROOT_OF_UNITY).
const COSET_SHIFT: u64 = 7;
/// l, the cell size; m = n/l coefficient blocks; FK20's circulant size 2m.
const L: usize = FIELD_ELEMENTS_PER_CELL;
const M: usize = FIELD_ELEMENTS_PER_BLOB / L;

fn bit_reversed<T: Copy>(v: &[T]) -> Vec<T> {
    let bits = v.len().trailing_zeros();
    (0..v.len()).map(|i| v[reverse(i, bits)]).collect()
}

type Fk20Tables = Vec<FixedBaseMsm<tripair::curve::G1<tripair::curve::curves::Bls12_381>>>;

/// What the cell functions share, built from the setup on first use: the twiddles at once (every
/// cell function needs them), FK20's tables when the first proof is computed (seconds of work
/// and megabytes that a verifier, which only interpolates, never needs).
pub(crate) struct CellContext {
    /// The powers of omega, a primitive 8192-th root of unity (every FFT here).
    tw: Twiddles,
    /// FK20's precomputation: for each k < 2m, the points FFT_2m(S^(b))[k] for b < l, where
    /// S^(b)_t = [s^(t l + b)]G1 (t < m - 1): the Toeplitz matrices' circulant embeddings.
    fk20: std::sync::OnceLock<Fk20Tables>,
}

impl CellContext {
    pub fn new(setup: &TrustedSetup) -> CellContext {
        let omega = setup.domain.omega_ext();
        CellContext {
            tw: Twiddles::new(omega, FIELD_ELEMENTS_PER_EXT_BLOB),
            fk20: std::sync::OnceLock::new(),
        }
    }

    /// FK20's tables, built on first use.
    fn fk20(&self, setup: &TrustedSetup) -> &Fk20Tables {
        self.fk20.get_or_init(|| self.fk20_tables(setup))
    }

    fn fk20_tables(&self, setup: &TrustedSetup) -> Fk20Tables {
        let tw = &self.tw;
        // Built once per setup, on the library's thread budget: 64 G1 FFTs, then 128 tables.
        let threads = tripair::pairing::available_threads();
        let bs: Vec<usize> = (0..L).collect();
        let columns: Vec<Vec<G1>> = map_on_threads(&bs, threads, |&b| {
            let mut s = vec![G1::zero(); 2 * M];
            for (t, x) in s.iter_mut().enumerate().take(M - 1) {
                *x = setup.g1_monomial[t * L + b].to_projective();
            }
            tw.fft(&mut s, false);
            s
        });
        let ks: Vec<usize> = (0..2 * M).collect();
        map_on_threads(&ks, threads, |&k| {
            let col: Vec<G1> = columns.iter().map(|c| c[k]).collect();
            FixedBaseMsm::new(&G1Projective::batch_to_affine_vartime(&col))
        })
    }

    /// The coefficients of the blob's polynomial (polynomial_eval_to_coeff).
    fn coefficients(&self, evals_brp: &[Fr]) -> Vec<Fr> {
        let mut c = bit_reversed(evals_brp);
        self.tw.fft(&mut c, true);
        c
    }

    /// The 128 cells of the polynomial with these 4096 coefficients.
    fn cells(&self, coeffs: &[Fr]) -> Vec<Cell> {
        let mut ext = coeffs.to_vec();
        ext.resize(FIELD_ELEMENTS_PER_EXT_BLOB, Fr::ZERO);
        self.tw.fft(&mut ext, false);
        bit_reversed(&ext)
            .chunks_exact(L)
            .map(|c| {
                let mut cell = [0u8; BYTES_PER_CELL];
                for (i, x) in c.iter().enumerate() {
                    cell[32 * i..32 * i + 32].copy_from_slice(&to_bytes(x));
                }
                cell
            })
            .collect()
    }

    /// FK20: the 128 proofs of the polynomial with these coefficients. Proof i is [q_i(s)] for
    /// q_i = f / (X^l - x_i), x_i = h_i^l the cell's coset shift to the l; q_i(s) =
    /// sum_j x_i^j h_j with h_j = sum_{a > j} sum_b f_{al+b} s^((a-1-j)l+b), a Toeplitz product
    /// per b (one circulant product of size 2m in the FFT domain), then one G1 FFT evaluates
    /// sum_j h_j x^j at all x_i.
    fn proofs(&self, setup: &TrustedSetup, f: &[Fr]) -> Vec<Bytes48> {
        let fk20 = self.fk20(setup);
        // The inverse G1 FFT's factor 1/2m below, folded into the scalars (linear in f): 4096
        // products in F_r instead of 128 G1 multiplications.
        let inv_2m = Fr::from_u64(2 * M as u64).inv_vartime().expect("2m < r");
        // u~^(b)_t = f_((m-1-t)l + b) / 2m, t < m - 1, in the FFT domain.
        let columns: Vec<Vec<Fr>> = (0..L)
            .map(|b| {
                let mut u = vec![Fr::ZERO; 2 * M];
                for (t, x) in u.iter_mut().enumerate().take(M - 1) {
                    *x = f[(M - 1 - t) * L + b] * inv_2m;
                }
                self.tw.fft(&mut u, false);
                u
            })
            .collect();
        // The 2m fixed-base MSMs (most of the work), on the library's thread budget.
        let ks: Vec<usize> = (0..2 * M).collect();
        let mut h = map_on_threads(&ks, tripair::pairing::available_threads(), |&k| {
            let scalars: Vec<Fr> = columns.iter().map(|c| c[k]).collect();
            fk20[k].msm_vartime(&scalars)
        });
        self.tw.fft_unscaled_on_threads(&mut h, true);
        // h_j = (u~ * S)_(m-2-j); the polynomial sum_j h_j x^j, evaluated at the 2m-th roots.
        let mut p = vec![G1::zero(); 2 * M];
        for j in 0..M - 1 {
            p[j] = h[M - 2 - j];
        }
        self.tw.fft_unscaled_on_threads(&mut p, false);
        bit_reversed(&p).iter().map(compress).collect()
    }

    /// h = omega^rev7(i): the shift of cell i's coset {h nu^rev6(k)}, nu = omega^128.
    fn coset_shift(&self, cell: usize) -> Fr {
        self.tw.roots()[reverse(cell, CELLS_PER_EXT_BLOB.trailing_zeros())]
    }

    /// The coefficients of the polynomial of degree < 64 through a cell's values
    /// (interpolate_polynomialcoeff over its coset): g(y) = I(h y) by an inverse FFT of size 64,
    /// then I_j = g_j h^-j.
    fn interpolate(&self, cell: usize, values: &[Fr]) -> Vec<Fr> {
        let mut g = bit_reversed(values);
        self.tw.fft(&mut g, true);
        let h_inv = self
            .coset_shift(cell)
            .inv_vartime()
            .expect("a root of unity");
        let mut s = Fr::ONE;
        for x in g.iter_mut() {
            *x *= s;
            s *= h_inv;
        }
        g
    }

    /// recover_polynomialcoeff: the 4096 coefficients from the cells at `indices` (at least
    /// half), by the vanishing polynomial of the missing cells and coset FFTs.
    fn recover(&self, indices: &[usize], cells: &[Vec<Fr>]) -> Vec<Fr> {
        let n = FIELD_ELEMENTS_PER_EXT_BLOB;
        let mut ext_brp = vec![Fr::ZERO; n];
        let mut present = [false; CELLS_PER_EXT_BLOB];
        for (&i, c) in indices.iter().zip(cells) {
            ext_brp[i * L..(i + 1) * L].copy_from_slice(c);
            present[i] = true;
        }
        let ext = bit_reversed(&ext_brp);
        // Z(X) = prod over missing cells (X^l - x_i), x_i = nu^rev7(i), nu = omega^l.
        let mut short = vec![Fr::ONE];
        for (i, _) in present.iter().enumerate().filter(|(_, &p)| !p) {
            let root = self.tw.roots()[L * reverse(i, CELLS_PER_EXT_BLOB.trailing_zeros())];
            short.push(Fr::ZERO);
            for j in (1..short.len()).rev() {
                short[j] = short[j - 1] - short[j] * root;
            }
            short[0] = -(short[0] * root);
        }
        let mut zero = vec![Fr::ZERO; n];
        for (i, c) in short.iter().enumerate() {
            zero[i * L] = *c;
        }
        let mut zero_eval = zero.clone();
        self.tw.fft(&mut zero_eval, false);
        let mut ez: Vec<Fr> = ext.iter().zip(&zero_eval).map(|(a, b)| *a * *b).collect();
        self.tw.fft(&mut ez, true);
        let shift = Fr::from_u64(COSET_SHIFT);
        let coset = |v: &mut Vec<Fr>| {
            let mut s = Fr::ONE;
            for x in v.iter_mut() {
                *x *= s;
                s *= shift;
            }
            self.tw.fft(v, false);
        };
        coset(&mut ez);
        coset(&mut zero);
        batch_inv_vartime(&mut zero); // never zero: the coset misses the roots of unity
        let mut q: Vec<Fr> = ez.iter().zip(&zero).map(|(a, b)| *a * *b).collect();
        self.tw.fft(&mut q, true);
        let shift_inv = shift.inv_vartime().expect("7 is not zero");
        let mut s = Fr::ONE;
        for x in q.iter_mut() {
            *x *= s;
            s *= shift_inv;
        }
        q.truncate(FIELD_ELEMENTS_PER_BLOB);
        q
    }
}

fn cell_values(cell: &Cell, what: impl Fn(usize) -> String) -> Result<Vec<Fr>, Error> {
    cell.chunks_exact(32)
        .enumerate()
        .map(|(k, c)| field_element(c, || what(k)))
        .collect()
}

fn cell_index(index: u64) -> Result<usize, Error> {
    if index < CELLS_PER_EXT_BLOB as u64 {
        Ok(index as usize)
    } else {
        Err(Error::CellIndex(index))
    }
}

impl TrustedSetup {
    fn cell_context(&self) -> &CellContext {
        self.cells.get_or_init(|| CellContext::new(self))
    }

    /// The 128 cells of the blob's extension (compute_cells).
    pub fn compute_cells(&self, blob: &[u8]) -> Result<Vec<Cell>, Error> {
        let ctx = self.cell_context();
        let f = ctx.coefficients(&polynomial(blob)?);
        Ok(ctx.cells(&f))
    }

    /// The 128 cells of the blob's extension and the proof of each (FK20).
    pub fn compute_cells_and_kzg_proofs(
        &self,
        blob: &[u8],
    ) -> Result<(Vec<Cell>, Vec<Bytes48>), Error> {
        let ctx = self.cell_context();
        let f = ctx.coefficients(&polynomial(blob)?);
        Ok((ctx.cells(&f), ctx.proofs(self, &f)))
    }

    /// Every cell and proof from at least half of the cells (their indices below 128 and
    /// strictly ascending).
    pub fn recover_cells_and_kzg_proofs(
        &self,
        cell_indices: &[u64],
        cells: &[Cell],
    ) -> Result<(Vec<Cell>, Vec<Bytes48>), Error> {
        if cell_indices.len() != cells.len() {
            return Err(Error::CellLists {
                commitments: None,
                cell_indices: cell_indices.len(),
                cells: cells.len(),
                proofs: None,
            });
        }
        if !(CELLS_PER_EXT_BLOB / 2..=CELLS_PER_EXT_BLOB).contains(&cells.len()) {
            return Err(Error::CellCount(cells.len()));
        }
        let mut indices = Vec::with_capacity(cells.len());
        for (position, &i) in cell_indices.iter().enumerate() {
            if position > 0 && i <= cell_indices[position - 1] {
                return Err(Error::CellIndicesNotAscending {
                    position,
                    index: i,
                    previous: cell_indices[position - 1],
                });
            }
            indices.push(cell_index(i)?);
        }
        let values = cells
            .iter()
            .zip(&indices)
            .map(|(c, i)| cell_values(c, |k| format!("field element {k} of cell {i}")))
            .collect::<Result<Vec<_>, Error>>()?;
        let ctx = self.cell_context();
        let f = ctx.recover(&indices, &values);
        Ok((ctx.cells(&f), ctx.proofs(self, &f)))
    }

    /// Whether every cell's proof is valid for its commitment and cell index: the specs'
    /// universal verification equation over a random linear combination, one pairing check.
    /// The combination's coefficients are 128-bit values hashed from the specs' challenge r
    /// (SHA-256 of r and the cell's position) where the specs take the powers of r: a batch with
    /// a wrong cell passes with probability 2^-128, within the curve's own security level, and
    /// the proofs' MSM takes half-length scalars. True for the empty batch. The proofs'
    /// decoding, the cells' interpolations and the two MSMs run on the library's thread budget
    /// ([`tripair::pairing::set_max_threads`]).
    pub fn verify_cell_kzg_proof_batch(
        &self,
        commitments: &[Bytes48],
        cell_indices: &[u64],
        cells: &[Cell],
        proofs: &[Bytes48],
    ) -> Result<bool, Error> {
        let n = cells.len();
        if commitments.len() != n || cell_indices.len() != n || proofs.len() != n {
            return Err(Error::CellLists {
                commitments: Some(commitments.len()),
                cell_indices: cell_indices.len(),
                cells: n,
                proofs: Some(proofs.len()),
            });
        }
        let indices = cell_indices
            .iter()
            .map(|&i| cell_index(i))
            .collect::<Result<Vec<_>, Error>>()?;
        // Distinct commitments, and each cell's commitment among them.
        let mut distinct: Vec<Bytes48> = Vec::new();
        let mut which = Vec::with_capacity(n);
        for c in commitments {
            let k = match distinct.iter().position(|d| d == c) {
                Some(k) => k,
                None => {
                    distinct.push(*c);
                    distinct.len() - 1
                }
            };
            which.push(k);
        }
        let cs = distinct
            .iter()
            .enumerate()
            .map(|(k, c)| point(c, &format!("commitment {k}")))
            .collect::<Result<Vec<_>, Error>>()?;
        // The cells' field elements (a 128-cell batch's 8192 range checks and conversions) on
        // the thread budget too; the first bad one in cell order is the error. The cells'
        // positions are shared out again for the interpolations below.
        let positions: Vec<usize> = (0..n).collect();
        let values = map_on_threads(&positions, tripair::pairing::available_threads(), |&j| {
            cell_values(&cells[j], |k| format!("field element {k} of cell {j}"))
        })
        .into_iter()
        .collect::<Result<Vec<_>, Error>>()?;
        // The proofs' decompression and subgroup checks (about half of a batch's time) on the
        // library's thread budget.
        let pis = points_on_threads(proofs, "proof")?;
        if n == 0 {
            return Ok(true);
        }
        // compute_verify_cell_kzg_proof_batch_challenge.
        let mut data =
            Vec::with_capacity(48 + 48 * distinct.len() + n * (16 + BYTES_PER_CELL + 48));
        data.extend(RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN);
        data.extend((FIELD_ELEMENTS_PER_BLOB as u64).to_be_bytes());
        data.extend((FIELD_ELEMENTS_PER_CELL as u64).to_be_bytes());
        data.extend((distinct.len() as u64).to_be_bytes());
        data.extend((n as u64).to_be_bytes());
        for c in &distinct {
            data.extend(c);
        }
        for j in 0..n {
            data.extend((which[j] as u64).to_be_bytes());
            data.extend((indices[j] as u64).to_be_bytes());
            data.extend(cells[j]);
            data.extend(proofs[j]);
        }
        let coefficients = batch_coefficients(&hash_to_field(&data), n);
        let ctx = self.cell_context();
        // RL = sum_k c_k C_k, by distinct commitment.
        let mut weights = vec![Fr::ZERO; cs.len()];
        for (j, p) in coefficients.iter().enumerate() {
            weights[which[j]] += *p;
        }
        // RLI = [sum_k c_k I_k(s)], I_k the interpolation polynomial of cell k.
        let partial = tripair::pairing::map_chunks(
            &positions,
            tripair::pairing::available_threads(),
            |chunk| {
                let mut acc = vec![Fr::ZERO; L];
                for &j in chunk {
                    for (a, c) in acc.iter_mut().zip(ctx.interpolate(indices[j], &values[j])) {
                        *a += c * coefficients[j];
                    }
                }
                acc
            },
        );
        let mut interp = vec![Fr::ZERO; L];
        for part in partial {
            for (a, c) in interp.iter_mut().zip(part) {
                *a += c;
            }
        }
        // RLP = sum_k c_k h_k^l proof_k.
        let shifted: Vec<Fr> = (0..n)
            .map(|j| coefficients[j] * ctx.coset_shift(indices[j]).pow_vartime(&[L as u64]))
            .collect();
        // e(RL - RLI + RLP, G2) = e(sum_k c_k proof_k, [s^l]G2): one MSM per side, each split
        // by its windows over the thread budget (one MSM per thread left the left side's 193
        // points of full scalars on one thread against the proofs' 128 half ones).
        let mut points: Vec<G1Point> = cs.clone();
        points.extend(&self.g1_monomial[..L]);
        points.extend(&pis);
        let mut scalars = weights;
        scalars.extend(interp.iter().map(|c| -*c));
        scalars.extend(shifted);
        let parts = tripair::pairing::available_threads();
        let shares: Vec<usize> = (0..parts).collect();
        let sums = map_on_threads(&shares, parts, |&part| {
            (
                G1Projective::msm_vartime_share(&points, &scalars, part, parts),
                G1Projective::msm_vartime_share(&pis, &coefficients, part, parts),
            )
        });
        let (mut lhs, mut rhs) = (G1Projective::identity(), G1Projective::identity());
        for (l, r) in sums {
            lhs += l;
            rhs += r;
        }
        Ok(self.pairs_to_one(
            &lhs.to_affine_vartime(),
            &self.neg_g2,
            &rhs.to_affine_vartime(),
            &self.s64_g2,
        ))
    }
}

/// The coefficients of the cell batch's linear combination: c_k = the first 16 bytes of
/// SHA-256(r || k) (r the specs' challenge, big-endian; k as 8 big-endian bytes) read as an
/// integer below 2^128, where the specs take r^k. The verification still answers whether every
/// cell equation holds: the proofs and commitments are subgroup-checked, so each equation's
/// discrepancy e_k lies in G1 of prime order, and a batch with some e_k != 0 passes only if
/// sum_k c_k e_k = 0, which for fixed other coefficients holds for at most one value of c_k mod r:
/// probability 2^-128 per challenge (the small-exponent test of Bellare–Garay–Rabin, EUROCRYPT
/// 1998), within bls12-381's own security level (about 2^120 against discrete logarithms),
/// against the specs' n/r. Every coefficient depends on all inputs through r, so an adversary
/// cannot choose inputs after seeing them. The proofs' side of the check is then a
/// multi-scalar multiplication with 128-bit scalars, half the windows' additions of full ones.
pub(crate) fn batch_coefficients(r: &Fr, n: usize) -> Vec<Fr> {
    let r = r.to_be_bytes();
    (0..n as u64)
        .map(|k| {
            let h = Sha256::new()
                .chain_update(&r)
                .chain_update(k.to_be_bytes())
                .finalize();
            Fr::from_be_bytes_mod_order(&h[..16])
        })
        .collect()
}
