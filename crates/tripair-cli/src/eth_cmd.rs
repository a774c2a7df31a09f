//! The per-line work of `tripair eth OPERATION` (Ethereum's precompiles, by tripair-eth) and
//! `tripair kzg OPERATION` (KZG for blobs and cells): hex tokens in, hex or `true`/`false` out,
//! every bad token named.

use crate::tokens::{bytes, tokens};
use hex::encode as hex_encode;
use tripair_eth::kzg::{Bytes32, Bytes48, Cell, TrustedSetup, BYTES_PER_CELL};
use tripair_eth::Precompile;

/// The precompile named by `s`: its short name (`bls12-g1msm`) or its address (`0x0c`, `12`).
pub fn precompile(s: &str) -> Result<Precompile, String> {
    let by_address = s
        .strip_prefix("0x")
        .map(|h| u8::from_str_radix(h, 16))
        .unwrap_or_else(|| s.parse::<u8>())
        .ok()
        .and_then(Precompile::from_address);
    Precompile::from_name(s).or(by_address).ok_or_else(|| {
        let names: Vec<&str> = Precompile::ALL.iter().map(|p| p.name()).collect();
        format!(
            "unknown precompile '{s}': one of {} (or its address)",
            names.join(", ")
        )
    })
}

/// One line of `tripair eth OP`: the input in hex (`0x` alone: the empty input) -> the output
/// in hex, followed by the gas with `gas`.
pub fn eth_line(op: Precompile, gas: bool, line: &str) -> Result<String, String> {
    let t = tokens(line, "INPUTHEX", 1..=1)?;
    let input = bytes(t[0], "input")?;
    let out = op.run(&input).map_err(|e| e.to_string())?;
    Ok(if gas {
        format!("{} {}", hex_encode(out), op.gas(&input))
    } else {
        hex_encode(out)
    })
}

/// What a `tripair kzg` run does with each line (the command's OPERATION).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum KzgOp {
    /// blob_to_kzg_commitment: 'BLOB' -> 'COMMITMENT'.
    Commit,
    /// compute_kzg_proof: 'BLOB Z' -> 'PROOF Y'.
    Proof,
    /// compute_blob_kzg_proof: 'BLOB COMMITMENT' -> 'PROOF' (at the blob's challenge).
    BlobProof,
    /// verify_kzg_proof: 'COMMITMENT Z Y PROOF' -> 'true' or 'false'.
    Verify,
    /// verify_blob_kzg_proof_batch: 'BLOB COMMITMENT PROOF ...' -> 'true' or 'false'.
    VerifyBlobs,
    /// compute_cells_and_kzg_proofs: 'BLOB' -> 128 cells, then 128 proofs.
    Cells,
    /// recover_cells_and_kzg_proofs: 'INDEX:CELL ...' (at least 64, ascending) -> 128 cells,
    /// then 128 proofs.
    Recover,
    /// verify_cell_kzg_proof_batch: 'COMMITMENT INDEX:CELL PROOF ...' -> 'true' or 'false'.
    VerifyCells,
}

fn fixed<const N: usize>(token: &str, what: &str) -> Result<[u8; N], String> {
    let b = bytes(token, what)?;
    let n = b.len();
    b.try_into()
        .map_err(|_| format!("{what}: expected {N} bytes, got {n}"))
}

/// `INDEX:CELLHEX`.
fn indexed_cell(token: &str, k: usize) -> Result<(u64, Cell), String> {
    let (i, c) = token
        .split_once(':')
        .ok_or_else(|| format!("cell {k}: expected INDEX:CELLHEX"))?;
    let i = i
        .parse::<u64>()
        .map_err(|_| format!("cell {k}: the index '{i}' is not a number"))?;
    Ok((i, fixed::<BYTES_PER_CELL>(c, &format!("cell {k}"))?))
}

fn cells_and_proofs(cells: &[Cell], proofs: &[Bytes48]) -> String {
    let mut out: Vec<String> = cells.iter().map(hex_encode).collect();
    out.extend(proofs.iter().map(hex_encode));
    out.join(" ")
}

/// One line of `tripair kzg OP` on `setup`.
pub fn kzg_line(setup: &TrustedSetup, op: KzgOp, line: &str) -> Result<String, String> {
    let said = |e: tripair_eth::kzg::Error| e.to_string();
    let bool_str = |b: bool| if b { "true" } else { "false" }.to_string();
    match op {
        KzgOp::Commit => {
            let t = tokens(line, "BLOBHEX", 1..=1)?;
            let c = setup
                .blob_to_kzg_commitment(&bytes(t[0], "blob")?)
                .map_err(said)?;
            Ok(hex_encode(c))
        }
        KzgOp::Proof => {
            let t = tokens(line, "BLOBHEX ZHEX", 2..=2)?;
            let z: Bytes32 = fixed(t[1], "z")?;
            let (proof, y) = setup
                .compute_kzg_proof(&bytes(t[0], "blob")?, &z)
                .map_err(said)?;
            Ok(format!("{} {}", hex_encode(proof), hex_encode(y)))
        }
        KzgOp::BlobProof => {
            let t = tokens(line, "BLOBHEX COMMITMENTHEX", 2..=2)?;
            let c: Bytes48 = fixed(t[1], "commitment")?;
            let proof = setup
                .compute_blob_kzg_proof(&bytes(t[0], "blob")?, &c)
                .map_err(said)?;
            Ok(hex_encode(proof))
        }
        KzgOp::Verify => {
            let t = tokens(line, "COMMITMENTHEX ZHEX YHEX PROOFHEX", 4..=4)?;
            let ok = setup
                .verify_kzg_proof(
                    &fixed(t[0], "commitment")?,
                    &fixed(t[1], "z")?,
                    &fixed(t[2], "y")?,
                    &fixed(t[3], "proof")?,
                )
                .map_err(said)?;
            Ok(bool_str(ok))
        }
        KzgOp::VerifyBlobs => {
            let t = tokens(line, "BLOBHEX COMMITMENTHEX PROOFHEX ...", 3..=usize::MAX)?;
            if t.len() % 3 != 0 {
                return Err(format!(
                    "malformed input: expected triples 'BLOBHEX COMMITMENTHEX PROOFHEX', got {} tokens",
                    t.len()
                ));
            }
            let mut blobs = Vec::new();
            let mut cs = Vec::new();
            let mut ps = Vec::new();
            for (k, x) in t.chunks_exact(3).enumerate() {
                blobs.push(bytes(x[0], &format!("blob {k}"))?);
                cs.push(fixed(x[1], &format!("commitment {k}"))?);
                ps.push(fixed(x[2], &format!("proof {k}"))?);
            }
            let blobs: Vec<&[u8]> = blobs.iter().map(|b| b.as_slice()).collect();
            let ok = setup
                .verify_blob_kzg_proof_batch(&blobs, &cs, &ps)
                .map_err(said)?;
            Ok(bool_str(ok))
        }
        KzgOp::Cells => {
            let t = tokens(line, "BLOBHEX", 1..=1)?;
            let (cells, proofs) = setup
                .compute_cells_and_kzg_proofs(&bytes(t[0], "blob")?)
                .map_err(said)?;
            Ok(cells_and_proofs(&cells, &proofs))
        }
        KzgOp::Recover => {
            let t = tokens(line, "INDEX:CELLHEX ...", 1..=usize::MAX)?;
            let (indices, cells): (Vec<u64>, Vec<Cell>) = t
                .iter()
                .enumerate()
                .map(|(k, x)| indexed_cell(x, k))
                .collect::<Result<Vec<_>, String>>()?
                .into_iter()
                .unzip();
            let (cells, proofs) = setup
                .recover_cells_and_kzg_proofs(&indices, &cells)
                .map_err(said)?;
            Ok(cells_and_proofs(&cells, &proofs))
        }
        KzgOp::VerifyCells => {
            let t = tokens(
                line,
                "COMMITMENTHEX INDEX:CELLHEX PROOFHEX ...",
                3..=usize::MAX,
            )?;
            if t.len() % 3 != 0 {
                return Err(format!(
                    "malformed input: expected triples 'COMMITMENTHEX INDEX:CELLHEX PROOFHEX', got {} tokens",
                    t.len()
                ));
            }
            let mut cs = Vec::new();
            let mut indices = Vec::new();
            let mut cells = Vec::new();
            let mut ps = Vec::new();
            for (k, x) in t.chunks_exact(3).enumerate() {
                cs.push(fixed(x[0], &format!("commitment {k}"))?);
                let (i, c) = indexed_cell(x[1], k)?;
                indices.push(i);
                cells.push(c);
                ps.push(fixed(x[2], &format!("proof {k}"))?);
            }
            let ok = setup
                .verify_cell_kzg_proof_batch(&cs, &indices, &cells, &ps)
                .map_err(said)?;
            Ok(bool_str(ok))
        }
    }
}
