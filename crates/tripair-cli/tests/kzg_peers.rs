//! tripair-eth's KZG against c-kzg-4844 (the `c-kzg` crate, C on blst) and rust_eth_kzg (Rust on
//! blst through blstrs) on random blobs: byte-identical commitments, proofs, cells and
//! recoveries, and the same verdicts. Behind the features `peers-ckzg` and `peers-ekzg` (both part
//! of `peers`): `cargo test --release -p tripair-cli --features peers --test kzg_peers`.
#![cfg(any(feature = "peers-ckzg", feature = "peers-ekzg"))]

use tripair_eth::kzg::{TrustedSetup, BYTES_PER_BLOB};
use tripair_testkit::TestRng;

fn random_blob(rng: &mut TestRng) -> Vec<u8> {
    let mut b = vec![0u8; BYTES_PER_BLOB];
    rng.fill_bytes(&mut b);
    for fe in b.chunks_exact_mut(32) {
        fe[0] &= 0x73; // below r for most elements; the others make an invalid blob
    }
    b
}

/// Rounds 0 to 3: a valid blob (every element below r: the top byte below 0x73); after them,
/// one that is most likely invalid.
fn round_blob(rng: &mut TestRng, round: usize) -> Vec<u8> {
    let mut blob = random_blob(rng);
    if round < 4 {
        for fe in blob.chunks_exact_mut(32) {
            fe[0] &= 0x3f;
        }
    }
    blob
}

/// 64 of the 128 cell indices at random, ascending.
fn random_half(rng: &mut TestRng) -> Vec<u64> {
    let mut idx: Vec<u64> = (0..128).collect();
    for i in (1..128).rev() {
        idx.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
    let mut half: Vec<u64> = idx[..64].to_vec();
    half.sort_unstable();
    half
}

#[cfg(feature = "peers-ckzg")]
#[test]
fn kzg_matches_c_kzg() {
    use c_kzg::{ethereum_kzg_settings, Blob, Bytes32, Bytes48, Cell as CCell};
    let ours = TrustedSetup::mainnet().unwrap();
    let theirs = ethereum_kzg_settings(0);
    let mut rng = TestRng::new(0xc4a9);
    for round in 0..6 {
        let blob = round_blob(&mut rng, round);
        let cblob = Blob::from_bytes(&blob).unwrap();
        let c = ours.blob_to_kzg_commitment(&blob);
        let cc = theirs.blob_to_kzg_commitment(&cblob);
        assert_eq!(c.is_ok(), cc.is_ok(), "round {round}: validity");
        let (Ok(c), Ok(cc)) = (c, cc) else { continue };
        assert_eq!(c[..], cc.to_bytes().into_inner()[..], "commitment");
        let mut z = [0u8; 32];
        rng.fill_bytes(&mut z);
        z[0] &= 0x3f;
        let (p, y) = ours.compute_kzg_proof(&blob, &z).unwrap();
        let (cp, cy) = theirs
            .compute_kzg_proof(&cblob, &Bytes32::from_bytes(&z).unwrap())
            .unwrap();
        assert_eq!(p[..], cp.to_bytes().into_inner()[..], "proof at z");
        assert_eq!(y[..], cy.as_ref()[..], "y");
        let bp = ours.compute_blob_kzg_proof(&blob, &c).unwrap();
        let cbp = theirs
            .compute_blob_kzg_proof(&cblob, &Bytes48::from_bytes(&c).unwrap())
            .unwrap();
        assert_eq!(bp[..], cbp.to_bytes().into_inner()[..], "blob proof");
        let (cells, proofs) = ours.compute_cells_and_kzg_proofs(&blob).unwrap();
        let (ccells, cproofs) = theirs.compute_cells_and_kzg_proofs(&cblob).unwrap();
        for i in 0..128 {
            assert_eq!(cells[i][..], ccells[i].to_bytes()[..], "cell {i}");
            assert_eq!(
                proofs[i][..],
                cproofs[i].to_bytes().into_inner()[..],
                "cell proof {i}"
            );
        }
        // Recovery from a random half (ascending indices).
        let half = random_half(&mut rng);
        let hc: Vec<_> = half.iter().map(|&i| cells[i as usize]).collect();
        let chc: Vec<CCell> = half.iter().map(|&i| ccells[i as usize]).collect();
        let (rc, rp) = ours.recover_cells_and_kzg_proofs(&half, &hc).unwrap();
        let (crc, crp) = theirs.recover_cells_and_kzg_proofs(&half, &chc).unwrap();
        assert_eq!(rc, cells);
        for i in 0..128 {
            assert_eq!(rc[i][..], crc[i].to_bytes()[..]);
            assert_eq!(rp[i][..], crp[i].to_bytes().into_inner()[..]);
        }
        // Verdicts on a good and a wrong proof.
        let cb = Bytes48::from_bytes(&c).unwrap();
        for (proof, want) in [(bp, true), (p, false)] {
            assert_eq!(ours.verify_blob_kzg_proof(&blob, &c, &proof).unwrap(), want);
            let theirs_ok = theirs
                .verify_blob_kzg_proof(&cblob, &cb, &Bytes48::from_bytes(&proof).unwrap())
                .unwrap();
            assert_eq!(theirs_ok, want);
        }
    }
}

#[cfg(feature = "peers-ekzg")]
#[test]
fn kzg_matches_rust_eth_kzg() {
    use rust_eth_kzg::{DASContext, TrustedSetup as EkzgSetup, UsePrecomp};
    let ours = TrustedSetup::mainnet().unwrap();
    let theirs = DASContext::new(&EkzgSetup::default(), UsePrecomp::No);
    let mut rng = TestRng::new(0xe4a9);
    for round in 0..6 {
        let blob = round_blob(&mut rng, round);
        let eblob: &[u8; BYTES_PER_BLOB] = blob.as_slice().try_into().unwrap();
        let c = ours.blob_to_kzg_commitment(&blob);
        let ec = theirs.blob_to_kzg_commitment(eblob);
        assert_eq!(c.is_ok(), ec.is_ok(), "round {round}: validity");
        let (Ok(c), Ok(ec)) = (c, ec) else { continue };
        assert_eq!(c, ec, "commitment");
        let mut z = [0u8; 32];
        rng.fill_bytes(&mut z);
        z[0] &= 0x3f;
        let (p, y) = ours.compute_kzg_proof(&blob, &z).unwrap();
        let (ep, ey) = theirs.compute_kzg_proof(eblob, z).unwrap();
        assert_eq!((p, y), (ep, ey), "proof and y at z");
        let bp = ours.compute_blob_kzg_proof(&blob, &c).unwrap();
        assert_eq!(
            bp,
            theirs.compute_blob_kzg_proof(eblob, &c).unwrap(),
            "blob proof"
        );
        let (cells, proofs) = ours.compute_cells_and_kzg_proofs(&blob).unwrap();
        let (ecells, eproofs) = theirs.compute_cells_and_kzg_proofs(eblob).unwrap();
        for i in 0..128 {
            assert_eq!(cells[i], *ecells[i], "cell {i}");
            assert_eq!(proofs[i], eproofs[i], "cell proof {i}");
        }
        // Recovery from a random half (ascending indices).
        let half = random_half(&mut rng);
        let hc: Vec<_> = half.iter().map(|&i| cells[i as usize]).collect();
        let (rc, rp) = ours.recover_cells_and_kzg_proofs(&half, &hc).unwrap();
        let (erc, erp) = theirs
            .recover_cells_and_kzg_proofs(half.clone(), hc.iter().collect())
            .unwrap();
        for i in 0..128 {
            assert_eq!(rc[i], *erc[i], "recovered cell {i}");
            assert_eq!(rp[i], erp[i], "recovered proof {i}");
        }
        // Verdicts on a good and a wrong proof, for a blob and for a batch of cells.
        for (proof, want) in [(bp, true), (p, false)] {
            assert_eq!(ours.verify_blob_kzg_proof(&blob, &c, &proof).unwrap(), want);
            assert_eq!(
                theirs.verify_blob_kzg_proof(eblob, &c, &proof).is_ok(),
                want
            );
        }
        let all: Vec<u64> = (0..128).collect();
        let mut bad = proofs.clone();
        bad.swap(0, 1);
        for (ps, want) in [(&proofs, true), (&bad, false)] {
            let ok = ours
                .verify_cell_kzg_proof_batch(&vec![c; 128], &all, &cells, ps)
                .unwrap();
            assert_eq!(ok, want);
            let eok = theirs.verify_cell_kzg_proof_batch(
                vec![&c; 128],
                &all,
                cells.iter().collect(),
                ps.iter().collect(),
            );
            assert_eq!(eok.is_ok(), want);
        }
    }
}
