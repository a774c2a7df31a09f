//! `tripair bench --table kzg`: KZG commitments for blobs (EIP-4844) and cells (EIP-7594) on the
//! mainnet trusted setup, tripair-eth beside c-kzg-4844 (the `c-kzg` crate, C on blst) and
//! rust_eth_kzg (crate-crypto's, Rust on blst through blstrs), both with their fixed-base
//! precomputation of width 8 (the setting Ethereum clients use), in one run, one thread.
//! c-kzg's column needs the feature `peers-ckzg`, rust_eth_kzg's `peers-ekzg` (both part of
//! `peers`).
//!
//! Inputs are random valid blobs (every field element below r), their commitments and proofs;
//! the batch row verifies 64 blobs (time per call), the cell batch the 128 cells of one blob, and
//! recovery starts from every other cell (half missing). The comparison runs on one thread
//! (tripair's thread budget set to 1; c-kzg has no threads); then the forms that split their work
//! over threads run again on two, tripair alone, beside its own one-thread time.

use crate::measure::{measure_interleaved, Measurement};
use crate::tables::{Options, Table};
use serde_json::Value;
use std::hint::black_box;
use std::io::{self, Write};
use tripair_eth::kzg::{Bytes48, Cell, TrustedSetup, BYTES_PER_BLOB};
use tripair_testkit::TestRng;

/// Blobs in the batch row.
pub const BATCH: usize = 64;

/// One row: tripair's time and each peer's where built.
pub struct KzgRow {
    /// The op name (JSON).
    pub op: &'static str,
    /// What the row computes.
    pub label: &'static str,
    /// tripair on one thread.
    pub tripair: Measurement,
    /// c-kzg, when built with `peers-ckzg`.
    pub ckzg: Option<Measurement>,
    /// rust_eth_kzg, when built with `peers-ekzg`.
    pub ekzg: Option<Measurement>,
}

impl KzgRow {
    /// The faster peer's median, where one was measured.
    fn best_peer_ns(&self) -> Option<f64> {
        [self.ckzg, self.ekzg]
            .into_iter()
            .flatten()
            .map(|m| m.median_ns)
            .reduce(f64::min)
    }
}

/// The measured table.
pub struct KzgTable {
    /// The rows on one thread, in table order.
    pub rows: Vec<KzgRow>,
    /// The batch forms again on two threads (tripair only): the row's op and label, the
    /// measurement, and its speedup over the same op on one thread.
    pub threaded: Vec<(&'static str, &'static str, Measurement, f64)>,
}

/// The rows measured again on two threads: the forms that split their work over the library's
/// thread budget.
const THREADED: [&str; 4] = [
    "verify_blob_kzg_proof_batch_64",
    "compute_cells_and_kzg_proofs",
    "recover_cells_and_kzg_proofs",
    "verify_cell_kzg_proof_batch_128",
];

/// A blob with every field element below r (the top byte of each below 0x73).
fn random_blob(rng: &mut TestRng) -> Vec<u8> {
    let mut b = vec![0u8; BYTES_PER_BLOB];
    rng.fill_bytes(&mut b);
    for fe in b.chunks_exact_mut(32) {
        fe[0] &= 0x3f;
    }
    b
}

/// The inputs both sides use.
struct Inputs {
    blobs: Vec<Vec<u8>>,
    commitments: Vec<Bytes48>,
    proofs: Vec<Bytes48>,
    z: [u8; 32],
    y: [u8; 32],
    z_proof: Bytes48,
    cells: Vec<Cell>,
    cell_proofs: Vec<Bytes48>,
}

impl Inputs {
    fn new(setup: &TrustedSetup) -> Inputs {
        let mut rng = TestRng::new(0x4844);
        let blobs: Vec<Vec<u8>> = (0..BATCH).map(|_| random_blob(&mut rng)).collect();
        let commitments: Vec<Bytes48> = blobs
            .iter()
            .map(|b| setup.blob_to_kzg_commitment(b).expect("valid blob"))
            .collect();
        let proofs = blobs
            .iter()
            .zip(&commitments)
            .map(|(b, c)| setup.compute_blob_kzg_proof(b, c).expect("valid"))
            .collect();
        let mut z = [0u8; 32];
        rng.fill_bytes(&mut z);
        z[0] &= 0x3f;
        let (z_proof, y) = setup.compute_kzg_proof(&blobs[0], &z).expect("valid");
        let (cells, cell_proofs) = setup
            .compute_cells_and_kzg_proofs(&blobs[0])
            .expect("valid");
        Inputs {
            blobs,
            commitments,
            proofs,
            z,
            y,
            z_proof,
            cells,
            cell_proofs,
        }
    }
}

type Row = (&'static str, &'static str, usize, Box<dyn FnMut()>);

fn tripair_rows(setup: &'static TrustedSetup, i: &'static Inputs) -> Vec<Row> {
    let blob = &i.blobs[0];
    let half: Vec<u64> = (0..128).step_by(2).collect();
    let half_cells: Vec<Cell> = half.iter().map(|&k| i.cells[k as usize]).collect();
    let all: Vec<u64> = (0..128).collect();
    let commitments_128 = vec![i.commitments[0]; 128];
    let blobs: Vec<&[u8]> = i.blobs.iter().map(|b| b.as_slice()).collect();
    vec![
        (
            "blob_to_kzg_commitment",
            "blob_to_kzg_commitment",
            1,
            Box::new(move || {
                black_box(setup.blob_to_kzg_commitment(black_box(blob)).unwrap());
            }),
        ),
        (
            "compute_kzg_proof",
            "compute_kzg_proof",
            1,
            Box::new(move || {
                black_box(setup.compute_kzg_proof(black_box(blob), &i.z).unwrap());
            }),
        ),
        (
            "compute_blob_kzg_proof",
            "compute_blob_kzg_proof",
            1,
            Box::new(move || {
                black_box(
                    setup
                        .compute_blob_kzg_proof(black_box(blob), &i.commitments[0])
                        .unwrap(),
                );
            }),
        ),
        (
            "verify_kzg_proof",
            "verify_kzg_proof",
            1,
            Box::new(move || {
                assert!(setup
                    .verify_kzg_proof(&i.commitments[0], &i.z, &i.y, &i.z_proof)
                    .unwrap());
            }),
        ),
        (
            "verify_blob_kzg_proof",
            "verify_blob_kzg_proof",
            1,
            Box::new(move || {
                assert!(setup
                    .verify_blob_kzg_proof(black_box(blob), &i.commitments[0], &i.proofs[0])
                    .unwrap());
            }),
        ),
        (
            "verify_blob_kzg_proof_batch_64",
            "verify_blob_kzg_proof_batch of 64",
            1,
            Box::new(move || {
                assert!(setup
                    .verify_blob_kzg_proof_batch(black_box(&blobs), &i.commitments, &i.proofs)
                    .unwrap());
            }),
        ),
        (
            "compute_cells",
            "compute_cells",
            1,
            Box::new(move || {
                black_box(setup.compute_cells(black_box(blob)).unwrap());
            }),
        ),
        (
            "compute_cells_and_kzg_proofs",
            "compute_cells_and_kzg_proofs",
            1,
            Box::new(move || {
                black_box(setup.compute_cells_and_kzg_proofs(black_box(blob)).unwrap());
            }),
        ),
        (
            "recover_cells_and_kzg_proofs",
            "recover_cells_and_kzg_proofs (half)",
            1,
            Box::new(move || {
                black_box(
                    setup
                        .recover_cells_and_kzg_proofs(&half, black_box(&half_cells))
                        .unwrap(),
                );
            }),
        ),
        (
            "verify_cell_kzg_proof_batch_128",
            "verify_cell_kzg_proof_batch of 128",
            1,
            Box::new(move || {
                assert!(setup
                    .verify_cell_kzg_proof_batch(
                        &commitments_128,
                        &all,
                        black_box(&i.cells),
                        &i.cell_proofs
                    )
                    .unwrap());
            }),
        ),
    ]
}

/// c-kzg's closures in row order, or none where it is not built.
#[cfg(feature = "peers-ckzg")]
fn ckzg_rows(i: &'static Inputs) -> Vec<Option<Box<dyn FnMut()>>> {
    use c_kzg::{ethereum_kzg_settings, Blob, Bytes32, Bytes48 as B48, Cell as CCell};
    let s = ethereum_kzg_settings(8);
    let blobs: Vec<Blob> = i
        .blobs
        .iter()
        .map(|b| Blob::from_bytes(b).unwrap())
        .collect();
    let blobs: &'static [Blob] = Box::leak(blobs.into_boxed_slice());
    let b48 = |v: &[Bytes48]| -> &'static [B48] {
        Box::leak(
            v.iter()
                .map(|x| B48::from_bytes(x).unwrap())
                .collect::<Vec<_>>()
                .into_boxed_slice(),
        )
    };
    let commitments = b48(&i.commitments);
    let proofs = b48(&i.proofs);
    let z_proof = b48(&[i.z_proof]);
    let cell_proofs = b48(&i.cell_proofs);
    let commitments_128 = b48(&vec![i.commitments[0]; 128]);
    let z = Bytes32::from_bytes(&i.z).unwrap();
    let y = Bytes32::from_bytes(&i.y).unwrap();
    let cells: Vec<CCell> = i
        .cells
        .iter()
        .map(|c| CCell::from_bytes(c).unwrap())
        .collect();
    let half: Vec<u64> = (0..128).step_by(2).collect();
    let half_cells: Vec<CCell> = half.iter().map(|&k| cells[k as usize]).collect();
    let all: Vec<u64> = (0..128).collect();
    let rows: Vec<Box<dyn FnMut()>> = vec![
        Box::new(move || {
            black_box(s.blob_to_kzg_commitment(black_box(&blobs[0])).unwrap());
        }),
        Box::new(move || {
            black_box(s.compute_kzg_proof(black_box(&blobs[0]), &z).unwrap());
        }),
        Box::new(move || {
            black_box(
                s.compute_blob_kzg_proof(black_box(&blobs[0]), &commitments[0])
                    .unwrap(),
            );
        }),
        Box::new(move || {
            assert!(s
                .verify_kzg_proof(&commitments[0], &z, &y, &z_proof[0])
                .unwrap());
        }),
        Box::new(move || {
            assert!(s
                .verify_blob_kzg_proof(black_box(&blobs[0]), &commitments[0], &proofs[0])
                .unwrap());
        }),
        Box::new(move || {
            assert!(s
                .verify_blob_kzg_proof_batch(black_box(blobs), commitments, proofs)
                .unwrap());
        }),
        Box::new(move || {
            black_box(s.compute_cells(black_box(&blobs[0])).unwrap());
        }),
        Box::new(move || {
            black_box(
                s.compute_cells_and_kzg_proofs(black_box(&blobs[0]))
                    .unwrap(),
            );
        }),
        Box::new(move || {
            black_box(
                s.recover_cells_and_kzg_proofs(&half, black_box(&half_cells))
                    .unwrap(),
            );
        }),
        Box::new(move || {
            assert!(s
                .verify_cell_kzg_proof_batch(commitments_128, &all, black_box(&cells), cell_proofs)
                .unwrap());
        }),
    ];
    rows.into_iter().map(Some).collect()
}

#[cfg(not(feature = "peers-ckzg"))]
fn ckzg_rows(_: &'static Inputs) -> Vec<Option<Box<dyn FnMut()>>> {
    (0..10).map(|_| None).collect()
}

/// rust_eth_kzg's closures in row order, or none where it is not built. Its calls take vectors
/// of references, built inside each closure (64 or 128 pointers: noise beside the work).
#[cfg(feature = "peers-ekzg")]
fn ekzg_rows(i: &'static Inputs) -> Vec<Option<Box<dyn FnMut()>>> {
    use rust_eth_kzg::{DASContext, TrustedSetup as EkzgSetup, UsePrecomp};
    let ctx: &'static DASContext = Box::leak(Box::new(DASContext::new(
        &EkzgSetup::default(),
        UsePrecomp::Yes { width: 8 },
    )));
    let blob = |k: usize| -> &'static [u8; BYTES_PER_BLOB] {
        i.blobs[k].as_slice().try_into().expect("blob size")
    };
    let half: Vec<u64> = (0..128).step_by(2).collect();
    let all: Vec<u64> = (0..128).collect();
    let rows: Vec<Box<dyn FnMut()>> = vec![
        Box::new(move || {
            black_box(ctx.blob_to_kzg_commitment(black_box(blob(0))).unwrap());
        }),
        Box::new(move || {
            black_box(ctx.compute_kzg_proof(black_box(blob(0)), i.z).unwrap());
        }),
        Box::new(move || {
            black_box(
                ctx.compute_blob_kzg_proof(black_box(blob(0)), &i.commitments[0])
                    .unwrap(),
            );
        }),
        Box::new(move || {
            ctx.verify_kzg_proof(&i.commitments[0], i.z, i.y, &i.z_proof)
                .unwrap();
        }),
        Box::new(move || {
            ctx.verify_blob_kzg_proof(black_box(blob(0)), &i.commitments[0], &i.proofs[0])
                .unwrap();
        }),
        Box::new(move || {
            let blobs = (0..BATCH).map(blob).collect();
            ctx.verify_blob_kzg_proof_batch(
                black_box(blobs),
                i.commitments.iter().collect(),
                i.proofs.iter().collect(),
            )
            .unwrap();
        }),
        Box::new(move || {
            black_box(ctx.compute_cells(black_box(blob(0))).unwrap());
        }),
        Box::new(move || {
            black_box(
                ctx.compute_cells_and_kzg_proofs(black_box(blob(0)))
                    .unwrap(),
            );
        }),
        Box::new(move || {
            let cells = half.iter().map(|&k| &i.cells[k as usize]).collect();
            black_box(
                ctx.recover_cells_and_kzg_proofs(half.clone(), black_box(cells))
                    .unwrap(),
            );
        }),
        Box::new(move || {
            ctx.verify_cell_kzg_proof_batch(
                vec![&i.commitments[0]; 128],
                &all,
                black_box(i.cells.iter().collect()),
                i.cell_proofs.iter().collect(),
            )
            .unwrap();
        }),
    ];
    rows.into_iter().map(Some).collect()
}

#[cfg(not(feature = "peers-ekzg"))]
fn ekzg_rows(_: &'static Inputs) -> Vec<Option<Box<dyn FnMut()>>> {
    (0..10).map(|_| None).collect()
}

/// The table `--table kzg`.
pub struct Kzg;

impl Table for Kzg {
    type Measured = KzgTable;

    fn name(&self) -> &'static str {
        "kzg"
    }

    fn about(&self) -> &'static str {
        "KZG for blobs and cells (EIP-4844, EIP-7594) on the mainnet setup: commitment, proofs, \
         verification, batch of 64, cells with FK20 proofs, recovery, cell batch of 128; beside \
         c-kzg-4844 and rust_eth_kzg (--features peers)"
    }

    fn default_curves(&self) -> &'static [&'static str] {
        &[]
    }

    fn refuses(&self, options: &Options) -> Option<String> {
        (!options.curves.is_empty())
            .then(|| "--table kzg is on bls12-381 only and takes no --curve".to_string())
    }

    fn steps_per_curve(&self) -> u64 {
        0
    }

    fn measure(
        &self,
        _curve: &str,
        samples: usize,
        _progress: &mut dyn FnMut(&str),
    ) -> Result<KzgTable, String> {
        // Leaked: the closures of both sides borrow them for the whole run.
        let setup: &'static TrustedSetup = Box::leak(Box::new(
            TrustedSetup::mainnet().map_err(|e| e.to_string())?,
        ));
        let inputs: &'static Inputs = Box::leak(Box::new(Inputs::new(setup)));
        let budget = tripair::pairing::available_threads();
        tripair::pairing::set_max_threads(1)?;
        let mut rows = Vec::new();
        for (((op, label, per, mut ours), mut ckzg), mut ekzg) in tripair_rows(setup, inputs)
            .into_iter()
            .zip(ckzg_rows(inputs))
            .zip(ekzg_rows(inputs))
        {
            let mut fs: Vec<&mut dyn FnMut()> = vec![&mut ours];
            fs.extend(ckzg.as_mut().map(|f| f as &mut dyn FnMut()));
            fs.extend(ekzg.as_mut().map(|f| f as &mut dyn FnMut()));
            let mut m = measure_interleaved(&mut fs, samples, 50_000_000)
                .into_iter()
                .map(|m| m.per(per as f64));
            rows.push(KzgRow {
                op,
                label,
                tripair: m.next().expect("tripair measured"),
                ckzg: ckzg.is_some().then(|| m.next()).flatten(),
                ekzg: ekzg.is_some().then(|| m.next()).flatten(),
            });
        }
        let mut threaded = Vec::new();
        if budget >= 2 {
            tripair::pairing::set_max_threads(2)?;
            for (op, label, per, mut ours) in tripair_rows(setup, inputs) {
                if !THREADED.contains(&op) {
                    continue;
                }
                let m =
                    measure_interleaved(&mut [&mut ours], samples, 50_000_000)[0].per(per as f64);
                let one = rows.iter().find(|r| r.op == op).expect("measured").tripair;
                threaded.push((op, label, m, one.median_ns / m.median_ns));
            }
        }
        tripair::pairing::set_max_threads(budget)?;
        Ok(KzgTable { rows, threaded })
    }

    fn text(&self, out: &mut dyn Write, t: &KzgTable) -> io::Result<()> {
        use crate::report::fmt_ns;
        writeln!(
            out,
            "KZG on bls12-381, mainnet trusted setup; one thread; medians, interleaved"
        )?;
        writeln!(
            out,
            "{:<36} {:>10} {:>11} {:>10} {:>11} {:>12} {:>11} {:>8}",
            "operation",
            "tripair",
            "cycles",
            "c-kzg",
            "cycles",
            "rust_eth_kzg",
            "cycles",
            "vs best"
        )?;
        let cell = |m: &Option<Measurement>| match m {
            Some(m) => (fmt_ns(m.median_ns), format!("{:.0}", m.cycles)),
            None => ("-".into(), "-".into()),
        };
        for r in &t.rows {
            let (c, cc) = cell(&r.ckzg);
            let (e, ec) = cell(&r.ekzg);
            let ratio = r.best_peer_ns().map_or("-".into(), |best| {
                format!("{:.2}x", r.tripair.median_ns / best)
            });
            writeln!(
                out,
                "{:<36} {:>10} {:>11.0} {:>10} {:>11} {:>12} {:>11} {:>8}",
                r.label,
                fmt_ns(r.tripair.median_ns),
                r.tripair.cycles,
                c,
                cc,
                e,
                ec,
                ratio
            )?;
        }
        if t.rows.iter().all(|r| r.best_peer_ns().is_none()) {
            writeln!(out, "(peers not built: --features peers)")?;
        }
        if !t.threaded.is_empty() {
            writeln!(
                out,
                "tripair on 2 threads (speedup over its 1-thread time above)"
            )?;
            for (_, label, m, speedup) in &t.threaded {
                writeln!(
                    out,
                    "{:<40} {:>12} {:>14.0} {:>12}",
                    label,
                    fmt_ns(m.median_ns),
                    m.cycles,
                    format!("{speedup:.2}x")
                )?;
            }
        }
        Ok(())
    }

    fn json_rows(&self, t: &KzgTable) -> Vec<Value> {
        use crate::report::{keyed, measurement_json};
        use serde_json::json;
        let mut v = Vec::new();
        for r in &t.rows {
            for (implementation, m) in [
                ("tripair", Some(r.tripair)),
                ("c-kzg", r.ckzg),
                ("rust_eth_kzg", r.ekzg),
            ] {
                let Some(m) = m else { continue };
                let mut row = keyed("curve", "bls12-381", r.op, implementation);
                row.insert("table".into(), json!("kzg"));
                row.insert("label".into(), json!(r.label));
                row.insert("threads".into(), json!(1));
                if let (Some(best), "tripair") = (r.best_peer_ns(), implementation) {
                    row.insert(
                        "ratio_to_best_peer".into(),
                        json!(r.tripair.median_ns / best),
                    );
                }
                v.push(measurement_json(row, &m));
            }
        }
        for (op, label, m, speedup) in &t.threaded {
            let mut row = keyed("curve", "bls12-381", op, "tripair");
            row.insert("table".into(), json!("kzg"));
            row.insert("label".into(), json!(label));
            row.insert("threads".into(), json!(2));
            row.insert("speedup_over_1_thread".into(), json!(speedup));
            v.push(measurement_json(row, m));
        }
        v
    }
}
