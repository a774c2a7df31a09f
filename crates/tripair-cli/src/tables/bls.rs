//! `tripair bench --table bls`: what BLS signatures cost on bls12-381, tripair beside blst in one
//! run (issue "what users build on pairings"): sign and verify in Ethereum's ciphersuite (MinPk,
//! proof of possession), G1 and G2 multiplication by a secret 255-bit scalar, hash to G2
//! (`BLS12381G2_XMD:SHA-256_SSWU_RO_`), and randomized batch verification of 64 signatures per
//! signature, and the multiplication of the G1 and G2 generators by a secret key (SkToPk in the
//! MinPk and MinSig variants), and the decoding of a compressed public key (with KeyValidate)
//! and signature (with its subgroup check). blst's columns need the `peers-blst` feature (part of `peers`);
//! without it the table has tripair's rows only.
//!
//! The generator rows: tripair's `SecretKey::public_key`, which multiplies with the generator's
//! fixed-base table (`Projective::mul_generator`) and converts to affine, beside blst's
//! `SecretKey::sk_to_pk` of `min_pk` (G1) and `min_sig` (G2), which also returns an affine point.
//! blst has no fixed-base table a user could build, so its side is its general multiplication.
//!
//! Conventions, so both sides do the same work: verification checks the signature's subgroup and
//! validates the public key on every call (blst: `sig_groupcheck` and `pk_validate` set); the
//! batch uses 64-bit random coefficients on both sides (blst: `rand_bits = 64`) and every core on
//! both sides (blst's Rust binding spreads it over its thread pool; tripair-bls splits the Miller
//! loops of long products over threads with its default `parallel` feature); hashing ends in
//! affine coordinates on both sides (tripair's `hash_to_g2` returns an affine point; blst's
//! `blst_hash_to_g2` a Jacobian one, so its row adds `blst_p2_to_affine`, the conversion a
//! user of blst's point API makes before serializing or pairing it).

use crate::measure::{measure_interleaved, Measurement};
use std::hint::black_box;
use tripair::curve::curves::Bls12_381 as C;
use tripair::curve::{G1Projective, G2Projective, Scalar};
use tripair::field::Fp;
use tripair::hash_to_curve::hash_to_g2;
use tripair_bls::{pop, MinPk, MinSig, PublicKey, SecretKey, Signature};
use tripair_testkit::TestRng;

/// Ethereum's signature tag (draft-irtf-cfrg-bls-signature-05, MinPk with proof of possession).
const DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
/// Signatures in the batch row.
pub const BATCH: usize = 64;

/// One row: tripair's time, blst's where built, and what the issue asks of their ratio.
#[derive(Clone, Debug)]
pub struct BlsRow {
    /// The op name (JSON).
    pub op: &'static str,
    /// What the row computes.
    pub label: &'static str,
    /// tripair per operation (per signature in the batch row).
    pub tripair: Measurement,
    /// blst per operation, when built with `peers-blst`.
    pub blst: Option<Measurement>,
    /// The largest tripair/blst ratio the issue accepts.
    pub target: f64,
}

/// The batch row against tripair's own single verify (the second check).
#[derive(Clone, Debug)]
pub struct BlsTable {
    /// Rows in table order.
    pub rows: Vec<BlsRow>,
    /// tripair's batch of 64 per signature over its single verify (asked: at most 0.5).
    pub batch_over_verify: f64,
    /// blst's, for comparison, when built.
    pub blst_batch_over_verify: Option<f64>,
}

/// One row to time: op, label, target ratio, operations per call, tripair's closure.
type RowClosures = (&'static str, &'static str, f64, usize, Box<dyn FnMut()>);

fn random_bytes<const N: usize>(rng: &mut TestRng) -> [u8; N] {
    let mut b = [0u8; N];
    rng.fill_bytes(&mut b);
    b
}

/// Measures the table: every row's closures interleaved with each other, `samples` batches each.
pub fn table(samples: usize) -> BlsTable {
    let mut rng = TestRng::new(0xb15);
    let sk = SecretKey::key_gen(&random_bytes::<32>(&mut rng), b"").expect("32-byte IKM");
    let pk: PublicKey<MinPk> = sk.public_key();
    let msg = random_bytes::<32>(&mut rng);
    let sig: Signature<MinPk> = pop::sign(&sk, &msg);
    let k: Scalar<C> = Fp::random(&mut rng);
    let p1 = (G1Projective::<C>::generator() * Fp::random(&mut rng)).to_affine();
    let p2 = (G2Projective::<C>::generator() * Fp::random(&mut rng)).to_affine();
    let batch: Vec<(PublicKey<MinPk>, [u8; 32], Signature<MinPk>)> = (0..BATCH)
        .map(|_| {
            let sk = SecretKey::key_gen(&random_bytes::<32>(&mut rng), b"").expect("IKM");
            let m = random_bytes::<32>(&mut rng);
            (sk.public_key(), m, pop::sign(&sk, &m))
        })
        .collect();

    // blst's closures in row order, or none where it is not built.
    #[cfg(feature = "peers-blst")]
    let theirs: Vec<Option<Box<dyn FnMut()>>> = {
        let p = blst_side::Peer::new(&mut rng);
        [
            p.sign(),
            p.verify(),
            p.g1_mul(),
            p.g2_mul(),
            p.hash_to_g2(),
            p.batch_verify(),
            p.g1_sk_to_pk(),
            p.g2_sk_to_pk(),
            p.pk_from_bytes(),
            p.sig_from_bytes(),
        ]
        .into_iter()
        .map(Some)
        .collect()
    };
    #[cfg(not(feature = "peers-blst"))]
    let theirs: Vec<Option<Box<dyn FnMut()>>> = (0..10).map(|_| None).collect();

    let (pk_bytes, sig_bytes) = (pk.to_bytes(), sig.to_bytes());
    let sk_sign = sk.clone();
    let (sk_pk1, sk_pk2) = (sk.clone(), sk.clone());
    let mut batch_rng = TestRng::new(0xba7c);
    let rows: Vec<RowClosures> = vec![
        (
            "bls_sign",
            "sign (hash to G2, G2 mul)",
            1.1,
            1,
            Box::new(move || {
                black_box(pop::sign::<MinPk>(black_box(&sk_sign), black_box(&msg)));
            }),
        ),
        (
            "bls_verify",
            "verify (2 Miller loops, 1 final exp.)",
            1.1,
            1,
            Box::new(move || {
                assert!(pop::verify(
                    black_box(&pk),
                    black_box(&msg),
                    black_box(&sig)
                ));
            }),
        ),
        (
            "g1_mul",
            "G1 mul, secret 255-bit scalar",
            1.1,
            1,
            Box::new(move || {
                black_box(p1.to_projective() * black_box(k));
            }),
        ),
        (
            "g2_mul",
            "G2 mul, secret 255-bit scalar",
            1.1,
            1,
            Box::new(move || {
                black_box(p2.to_projective() * black_box(k));
            }),
        ),
        (
            "hash_to_g2",
            "hash to G2 (32-byte message, affine)",
            1.1,
            1,
            Box::new(move || {
                black_box(hash_to_g2(black_box(&msg), DST).expect("short tag"));
            }),
        ),
        (
            "bls_batch_verify_64",
            "batch verify of 64, per signature",
            1.1,
            BATCH,
            Box::new(move || {
                assert!(pop::batch_verify(black_box(&batch), &mut batch_rng));
            }),
        ),
        (
            "g1_mul_generator",
            "G1 mul by generator (fixed-base table)",
            1.1,
            1,
            Box::new(move || {
                black_box(black_box(&sk_pk1).public_key::<MinPk>());
            }),
        ),
        (
            "g2_mul_generator",
            "G2 mul by generator (fixed-base table)",
            1.1,
            1,
            Box::new(move || {
                black_box(black_box(&sk_pk2).public_key::<MinSig>());
            }),
        ),
        (
            "pk_from_bytes",
            "public key from 48 bytes (KeyValidate)",
            1.1,
            1,
            Box::new(move || {
                black_box(
                    PublicKey::<MinPk>::from_bytes_validated(black_box(&pk_bytes)).expect("valid"),
                );
            }),
        ),
        (
            "sig_from_bytes",
            "signature from 96 bytes (subgroup check)",
            1.1,
            1,
            Box::new(move || {
                black_box(Signature::<MinPk>::from_bytes(black_box(&sig_bytes)).expect("valid"));
            }),
        ),
    ];

    let mut out = Vec::new();
    for ((op, label, target, per, mut ours), mut theirs) in rows.into_iter().zip(theirs) {
        let mut fs: Vec<&mut dyn FnMut()> = vec![&mut ours];
        if let Some(t) = theirs.as_mut() {
            fs.push(t);
        }
        let m = measure_interleaved(&mut fs, samples, 20_000_000);
        out.push(BlsRow {
            op,
            label,
            tripair: m[0].per(per as f64),
            blst: m.get(1).map(|b| b.per(per as f64)),
            target,
        });
    }
    let ratio = |f: fn(&BlsRow) -> Option<Measurement>| {
        let verify = f(&out[1])?;
        let batch = f(&out[5])?;
        Some(batch.median_ns / verify.median_ns)
    };
    BlsTable {
        batch_over_verify: ratio(|r| Some(r.tripair)).expect("tripair rows"),
        blst_batch_over_verify: ratio(|r| r.blst),
        rows: out,
    }
}

/// The table as text: per row tripair and blst (time and cycles), their ratio and the target.
pub fn write_table(out: &mut dyn std::io::Write, t: &BlsTable) -> std::io::Result<()> {
    use crate::report::fmt_ns;
    writeln!(
        out,
        "BLS signatures on bls12-381 (MinPk, Ethereum's ciphersuite); medians, interleaved"
    )?;
    writeln!(
        out,
        "{:<40} {:>12} {:>12} {:>12} {:>12} {:>10} {:>8}",
        "operation", "tripair", "cycles", "blst", "cycles", "tripair/blst", "asked"
    )?;
    for r in &t.rows {
        let (b, bc, ratio) = match &r.blst {
            Some(b) => (
                fmt_ns(b.median_ns),
                format!("{:.0}", b.cycles),
                format!("{:.2}", r.tripair.median_ns / b.median_ns),
            ),
            None => ("-".into(), "-".into(), "-".into()),
        };
        writeln!(
            out,
            "{:<40} {:>12} {:>12.0} {:>12} {:>12} {:>12} {:>8}",
            r.label,
            fmt_ns(r.tripair.median_ns),
            r.tripair.cycles,
            b,
            bc,
            ratio,
            format!("<= {:.1}", r.target)
        )?;
    }
    write!(
        out,
        "batch of {BATCH} per signature / single verify: tripair {:.3} (asked <= 0.5)",
        t.batch_over_verify
    )?;
    match t.blst_batch_over_verify {
        Some(b) => writeln!(out, ", blst {b:.3}")?,
        None => writeln!(out, " (blst not built: --features peers)")?,
    }
    writeln!(
        out,
        "generator rows: tripair SecretKey::public_key (fixed-base table, affine result) beside \
         blst's sk_to_pk (min_pk / min_sig, affine result; blst has no fixed-base table)"
    )
}

/// The table as JSON rows in the keys of every `bench --json` row (`curve`, `op`, `impl`, the
/// times, `samples`, `cycles`), one per row and implementation (`tripair`, and `blst` where built),
/// with the table's own: `table`, `label`, `target_ratio` (the largest tripair/blst ratio asked)
/// and, on tripair's rows beside a blst row, `ratio_to_blst`.
pub fn rows_json(t: &BlsTable) -> Vec<serde_json::Value> {
    use crate::report::{keyed, measurement_json};
    use serde_json::json;
    let mut v = Vec::new();
    for r in &t.rows {
        for (implementation, m) in [("tripair", Some(r.tripair)), ("blst", r.blst)] {
            let Some(m) = m else { continue };
            let mut row = keyed("curve", "bls12-381", r.op, implementation);
            row.insert("table".into(), json!("bls"));
            row.insert("label".into(), json!(r.label));
            row.insert("target_ratio".into(), json!(r.target));
            if let (Some(b), "tripair") = (r.blst, implementation) {
                row.insert(
                    "ratio_to_blst".into(),
                    json!(r.tripair.median_ns / b.median_ns),
                );
            }
            v.push(measurement_json(row, &m));
        }
    }
    v
}

/// blst's side of each row (Rust bindings of the blst C library).
#[cfg(feature = "peers-blst")]
pub mod blst_side {
    use super::{black_box, random_bytes, BATCH, DST};
    use blst::min_pk::{PublicKey, SecretKey, Signature};
    use blst::min_sig::SecretKey as SecretKeyMinSig;
    use blst::{
        blst_hash_to_g2, blst_p1, blst_p1_affine, blst_p1_from_affine, blst_p1_generator,
        blst_p1_mult, blst_p1_to_affine, blst_p2, blst_p2_affine, blst_p2_from_affine,
        blst_p2_generator, blst_p2_mult, blst_p2_to_affine, blst_scalar, BLST_ERROR,
    };
    use tripair_testkit::TestRng;

    /// Keys, messages, signatures and points fixed for the run.
    pub struct Peer {
        sk: SecretKey,
        sk_min_sig: SecretKeyMinSig,
        pk: PublicKey,
        msg: [u8; 32],
        sig: Signature,
        scalar: [u8; 32],
        p1: blst_p1_affine,
        p2: blst_p2_affine,
        batch: Vec<(PublicKey, [u8; 32], Signature)>,
    }

    /// A 255-bit scalar, little-endian as blst reads it.
    fn scalar(rng: &mut TestRng) -> [u8; 32] {
        let mut s = random_bytes::<32>(rng);
        s[31] &= 0x3f;
        s
    }

    impl Peer {
        /// Everything the rows use, from `rng`.
        pub fn new(rng: &mut TestRng) -> Self {
            let sk = SecretKey::key_gen(&random_bytes::<32>(rng), &[]).expect("32-byte IKM");
            let msg = random_bytes::<32>(rng);
            let (a, b) = (scalar(rng), scalar(rng));
            let (mut p, mut q) = (blst_p1::default(), blst_p2::default());
            let (mut p1, mut p2) = (blst_p1_affine::default(), blst_p2_affine::default());
            // SAFETY: generators are static constants; scalars hold 32 bytes >= 255 bits; outputs are valid.
            unsafe {
                blst_p1_mult(&mut p, blst_p1_generator(), a.as_ptr(), 255);
                blst_p2_mult(&mut q, blst_p2_generator(), b.as_ptr(), 255);
                blst_p1_to_affine(&mut p1, &p);
                blst_p2_to_affine(&mut p2, &q);
            }
            let batch = (0..BATCH)
                .map(|_| {
                    let sk = SecretKey::key_gen(&random_bytes::<32>(rng), &[]).expect("IKM");
                    let m = random_bytes::<32>(rng);
                    let s = sk.sign(&m, DST, &[]);
                    (sk.sk_to_pk(), m, s)
                })
                .collect();
            let ikm = random_bytes::<32>(rng);
            Peer {
                sk_min_sig: SecretKeyMinSig::key_gen(&ikm, &[]).expect("32-byte IKM"),
                pk: sk.sk_to_pk(),
                sig: sk.sign(&msg, DST, &[]),
                sk,
                msg,
                scalar: scalar(rng),
                p1,
                p2,
                batch,
            }
        }

        /// Sign.
        pub fn sign(&self) -> Box<dyn FnMut()> {
            let (sk, msg) = (self.sk.clone(), self.msg);
            Box::new(move || {
                black_box(black_box(&sk).sign(black_box(&msg), DST, &[]));
            })
        }

        /// Verify with the signature's subgroup check and the key's validation.
        pub fn verify(&self) -> Box<dyn FnMut()> {
            let (pk, msg, sig) = (self.pk, self.msg, self.sig);
            Box::new(move || {
                let r = black_box(&sig).verify(true, black_box(&msg), DST, &[], &pk, true);
                assert_eq!(r, BLST_ERROR::BLST_SUCCESS);
            })
        }

        /// G1 multiplication by the fixed scalar.
        pub fn g1_mul(&self) -> Box<dyn FnMut()> {
            let (p, k) = (self.p1, self.scalar);
            Box::new(move || {
                let mut a = blst_p1::default();
                let mut out = blst_p1::default();
                // SAFETY: all pointers are to live, initialised values; k holds 32 bytes >= 255 bits.
                unsafe {
                    blst_p1_from_affine(&mut a, black_box(&p));
                    blst_p1_mult(&mut out, &a, black_box(&k).as_ptr(), 255);
                }
                black_box(out);
            })
        }

        /// G2 multiplication by the fixed scalar.
        pub fn g2_mul(&self) -> Box<dyn FnMut()> {
            let (p, k) = (self.p2, self.scalar);
            Box::new(move || {
                let mut a = blst_p2::default();
                let mut out = blst_p2::default();
                // SAFETY: all pointers are to live, initialised values; k holds 32 bytes >= 255 bits.
                unsafe {
                    blst_p2_from_affine(&mut a, black_box(&p));
                    blst_p2_mult(&mut out, &a, black_box(&k).as_ptr(), 255);
                }
                black_box(out);
            })
        }

        /// SkToPk in G1 (min_pk): the generator times the key, affine.
        pub fn g1_sk_to_pk(&self) -> Box<dyn FnMut()> {
            let sk = self.sk.clone();
            Box::new(move || {
                black_box(black_box(&sk).sk_to_pk());
            })
        }

        /// SkToPk in G2 (min_sig): the generator times the key, affine.
        pub fn g2_sk_to_pk(&self) -> Box<dyn FnMut()> {
            let sk = self.sk_min_sig.clone();
            Box::new(move || {
                black_box(black_box(&sk).sk_to_pk());
            })
        }

        /// Public key from its 48 compressed bytes with KeyValidate (subgroup, not identity).
        pub fn pk_from_bytes(&self) -> Box<dyn FnMut()> {
            let bytes = self.pk.compress();
            Box::new(move || {
                black_box(PublicKey::key_validate(black_box(&bytes)).expect("valid key"));
            })
        }

        /// Signature from its 96 compressed bytes with the subgroup check (the identity
        /// accepted, as tripair's `Signature::from_bytes` does).
        pub fn sig_from_bytes(&self) -> Box<dyn FnMut()> {
            let bytes = self.sig.compress();
            Box::new(move || {
                black_box(Signature::sig_validate(black_box(&bytes), false).expect("valid"));
            })
        }

        /// Hash to G2 under Ethereum's tag, to affine coordinates (as tripair's result).
        pub fn hash_to_g2(&self) -> Box<dyn FnMut()> {
            let msg = self.msg;
            Box::new(move || {
                let mut out = blst_p2::default();
                let mut affine = blst_p2_affine::default();
                let m = black_box(&msg);
                // SAFETY: message and tag pointers with their lengths; no augmentation (null, 0);
                // out and affine are live, initialised values.
                unsafe {
                    blst_hash_to_g2(
                        &mut out,
                        m.as_ptr(),
                        m.len(),
                        DST.as_ptr(),
                        DST.len(),
                        core::ptr::null(),
                        0,
                    );
                    blst_p2_to_affine(&mut affine, &out);
                };
                black_box(affine);
            })
        }

        /// Batch verification of the 64 signatures with fresh 64-bit coefficients per call.
        pub fn batch_verify(&self) -> Box<dyn FnMut()> {
            let batch = self.batch.clone();
            let mut rng = TestRng::new(0xb157);
            Box::new(move || {
                let msgs: Vec<&[u8]> = batch.iter().map(|(_, m, _)| &m[..]).collect();
                let pks: Vec<&PublicKey> = batch.iter().map(|(p, _, _)| p).collect();
                let sigs: Vec<&Signature> = batch.iter().map(|(_, _, s)| s).collect();
                let rands: Vec<blst_scalar> = (0..BATCH)
                    .map(|_| {
                        let mut b = [0u8; 32];
                        b[..8].copy_from_slice(&(rng.next_u64() | 1).to_le_bytes());
                        blst_scalar { b }
                    })
                    .collect();
                let r = Signature::verify_multiple_aggregate_signatures(
                    &msgs, DST, &pks, true, &sigs, true, &rands, 64,
                );
                assert_eq!(r, BLST_ERROR::BLST_SUCCESS);
            })
        }
    }
}

/// `--table bls`.
pub struct Bls;

impl super::Table for Bls {
    type Measured = BlsTable;

    fn name(&self) -> &'static str {
        "bls"
    }

    fn about(&self) -> &'static str {
        "BLS signatures on bls12-381: sign, verify, G1/G2 mul by a secret scalar, hash to G2, \
         batch verify of 64 per signature, G1/G2 mul by the generator, public key and signature \
         from bytes, beside blst (built with `--features peers` or `peers-blst`)"
    }

    fn default_curves(&self) -> &'static [&'static str] {
        &["bls12-381"]
    }

    fn refuses(&self, options: &super::Options) -> Option<String> {
        super::refuse_unless_bls12_381(&options.curves, "bls", "BLS signatures")
    }

    fn measure(
        &self,
        _curve: &str,
        samples: usize,
        progress: &mut dyn FnMut(&str),
    ) -> Result<BlsTable, String> {
        progress("bls12-381 signatures");
        let t = table(samples);
        progress("bls12-381 done");
        Ok(t)
    }

    fn text(&self, out: &mut dyn std::io::Write, t: &BlsTable) -> std::io::Result<()> {
        write_table(out, t)
    }

    fn json_rows(&self, t: &BlsTable) -> Vec<serde_json::Value> {
        rows_json(t)
    }
}
