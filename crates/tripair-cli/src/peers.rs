//! Peer pairing libraries, prepared for timing beside tripair (`tripair bench --peers`).
//!
//! Compiled only with the `peers` feature. Peers: arkworks 0.5 (bn254, bls12-381), blst (bls12-381)
//! and, with the `peers-mcl` sub-feature (on by default inside `peers`), mcl (bn254 = `BN_SNARK1`,
//! bls12-381 = `BLS12_381`).
//!
//! Every [`PeerOp::run`] performs exactly one operation on inputs fixed when [`peers_for`] built it;
//! inputs go in and results come out through [`core::hint::black_box`], so the optimiser can neither
//! hoist the work out of a timing loop nor delete it.
//!
//! Conventions, so that the numbers are comparable:
//! - Points are given in affine form; `miller_loop`, `pairing` and `product_*` include whatever the
//!   peer does to prepare them (arkworks' `G2Prepared` line precomputation, mcl's normalisation).
//! - `fp12_inv` is the inverse of a general (random) Fp12 element, not a conjugation, cycling
//!   through `FP12_INV_POOL` inputs as `fp_inv` cycles through `INV_POOL` (a branchy F_p inverse
//!   timed on one repeated input has its branches learnt by the predictor).
//! - `fp12_cyclotomic_sqr` squares an element of the cyclotomic subgroup (a pairing value); it is
//!   listed only for peers with a public API for it (blst, arkworks; not mcl).
//! - `product_2` / `product_8`: one multi-Miller loop over 2 / 8 pairs, then one final exponentiation.
//! - `product_8_prepared`: the product of 8 pairings with G2 points whose lines were precomputed
//!   beforehand (not timed): arkworks' `G2Prepared` in one multi-Miller loop; blst's
//!   `precompute_lines` with one `miller_loop_lines` per pair, multiplied; mcl's `precomputeG2`
//!   with `precomputedMillerLoop2` per two pairs, multiplied; then one final exponentiation.
//! - `batch_8_per_pairing`: one core's throughput on independent pairings, per pairing. No peer has
//!   a batch form (blst, mcl and arkworks compute one pairing at a time per core), so the peers'
//!   row is their single pairing and tripair's is its batch of 8 on one thread.
//!
//! mcl keeps its curve in process-global state and holds one curve at a time. [`peers_for`]
//! initialises mcl for the requested curve, and every mcl closure first checks (one relaxed atomic
//! load) that mcl is still on its curve and re-initialises it if not; so interleaving the two curves'
//! closures gives correct results, but each switch costs a full `mclBn_init`: a harness should
//! measure one curve at a time. mcl is not thread-safe: do not run mcl closures of different curves
//! on different threads at once.

use core::hint::black_box;

use crate::bench::{FP12_INV_POOL, INV_POOL};
use tripair_testkit::TestRng;

/// One prepared operation of a peer library: calling `run` performs it once.
pub struct PeerOp {
    /// The operation, one of `bench::OPS`.
    pub op: &'static str,
    /// Performs the operation once on inputs fixed when it was built.
    pub run: Box<dyn FnMut()>,
}

/// A peer library and the operations it offers for one curve.
pub struct PeerImpl {
    /// "mcl" | "blst" | "arkworks"
    pub name: &'static str,
    /// The operations this peer offers for the curve.
    pub ops: Vec<PeerOp>,
}

/// Prepared peer operations for one curve ("bn254" or "bls12-381"); empty Vec for other curves.
pub fn peers_for(curve: &str) -> Vec<PeerImpl> {
    let mut out = Vec::new();
    match curve {
        "bn254" => {
            #[cfg(feature = "peers-mcl")]
            out.push(mcl_peer::ops(mcl_rust::CurveType::SNARK, 0xb254_0001));
            out.push(ark_peer::ops::<ark_bn254::Bn254>(0xb254_0003));
        }
        "bls12-381" => {
            #[cfg(feature = "peers-mcl")]
            out.push(mcl_peer::ops(mcl_rust::CurveType::BLS12_381, 0xb381_0001));
            out.push(blst_peer::ops(0xb381_0002));
            out.push(ark_peer::ops::<ark_bls12_381::Bls12_381>(0xb381_0003));
        }
        _ => {}
    }
    out
}

fn op(op: &'static str, run: impl FnMut() + 'static) -> PeerOp {
    PeerOp {
        op,
        run: Box::new(run),
    }
}

fn random_bytes(rng: &mut TestRng, n: usize) -> Vec<u8> {
    let mut b = vec![0u8; n];
    rng.fill_bytes(&mut b);
    b
}

mod ark_peer {
    use super::{black_box, op, random_bytes, PeerImpl, FP12_INV_POOL, INV_POOL};
    use ark_ec::pairing::Pairing;
    use ark_ec::{AffineRepr, CurveGroup};
    use ark_ff::{CyclotomicMultSubgroup, Field, PrimeField};
    use tripair_testkit::TestRng;

    fn rand_field<F: Field>(rng: &mut TestRng) -> F {
        let elems: Vec<F::BasePrimeField> = (0..F::extension_degree())
            .map(|_| F::BasePrimeField::from_le_bytes_mod_order(&random_bytes(rng, 64)))
            .collect();
        F::from_base_prime_field_elems(elems).expect("extension degree matches")
    }

    fn rand_points<E: Pairing>(
        rng: &mut TestRng,
        n: usize,
    ) -> (Vec<E::G1Affine>, Vec<E::G2Affine>) {
        (0..n)
            .map(|_| {
                let a = E::ScalarField::from_le_bytes_mod_order(&random_bytes(rng, 64));
                let b = E::ScalarField::from_le_bytes_mod_order(&random_bytes(rng, 64));
                (
                    (E::G1Affine::generator() * a).into_affine(),
                    (E::G2Affine::generator() * b).into_affine(),
                )
            })
            .unzip()
    }

    fn product<E: Pairing>(rng: &mut TestRng, n: usize) -> impl FnMut() + 'static {
        let (ps, qs) = rand_points::<E>(rng, n);
        move || {
            let _ = black_box(E::multi_pairing(
                black_box(&ps).iter().copied(),
                black_box(&qs).iter().copied(),
            ));
        }
    }

    fn product_prepared<E: Pairing>(rng: &mut TestRng, n: usize) -> impl FnMut() + 'static {
        let (ps, qs) = rand_points::<E>(rng, n);
        let prepared: Vec<E::G2Prepared> = qs.into_iter().map(Into::into).collect();
        move || {
            let f = E::multi_miller_loop(
                black_box(&ps).iter().copied(),
                black_box(&prepared).iter().cloned(),
            );
            let _ = black_box(E::final_exponentiation(f));
        }
    }

    pub(super) fn ops<E: Pairing>(seed: u64) -> PeerImpl {
        type Fq2Of<E> = <<E as Pairing>::G2Affine as AffineRepr>::BaseField;
        let mut rng = TestRng::new(seed);
        let mut ops = Vec::new();

        let (a, b) = (
            rand_field::<E::BaseField>(&mut rng),
            rand_field::<E::BaseField>(&mut rng),
        );
        ops.push(op("fp_mul", move || {
            black_box(*black_box(&a) * *black_box(&b));
        }));
        ops.push(op("fp_sqr", move || {
            black_box(black_box(&a).square());
        }));
        let pool: Vec<E::BaseField> = (0..INV_POOL).map(|_| rand_field(&mut rng)).collect();
        let mut i = 0;
        ops.push(op("fp_inv", move || {
            i = (i + 1) % INV_POOL;
            black_box(black_box(&pool[i]).inverse());
        }));

        let (a, b) = (
            rand_field::<Fq2Of<E>>(&mut rng),
            rand_field::<Fq2Of<E>>(&mut rng),
        );
        ops.push(op("fp2_mul", move || {
            black_box(*black_box(&a) * *black_box(&b));
        }));
        ops.push(op("fp2_sqr", move || {
            black_box(black_box(&a).square());
        }));

        let (a, b) = (
            rand_field::<E::TargetField>(&mut rng),
            rand_field::<E::TargetField>(&mut rng),
        );
        ops.push(op("fp12_mul", move || {
            black_box(*black_box(&a) * *black_box(&b));
        }));
        ops.push(op("fp12_sqr", move || {
            black_box(black_box(&a).square());
        }));
        let (ps, qs) = rand_points::<E>(&mut rng, 1);
        let (p, q) = (ps[0], qs[0]);
        let g = E::pairing(p, q).0;
        ops.push(op("fp12_cyclotomic_sqr", move || {
            black_box(black_box(&g).cyclotomic_square());
        }));
        let pool: Vec<E::TargetField> = (0..FP12_INV_POOL).map(|_| rand_field(&mut rng)).collect();
        let mut i = 0;
        ops.push(op("fp12_inv", move || {
            i = (i + 1) % FP12_INV_POOL;
            black_box(black_box(&pool[i]).inverse());
        }));

        ops.push(op("miller_loop", move || {
            let _ = black_box(E::miller_loop(*black_box(&p), *black_box(&q)));
        }));
        let f = E::miller_loop(p, q);
        ops.push(op("final_exponentiation", move || {
            black_box(E::final_exponentiation(*black_box(&f)));
        }));
        let pairing = move || {
            let _ = black_box(E::pairing(*black_box(&p), *black_box(&q)));
        };
        ops.push(op("pairing", pairing));
        // No batch form: one core's pairings per second are those of the single pairing.
        ops.push(op("batch_8_per_pairing", pairing));
        ops.push(op("product_2", product::<E>(&mut rng, 2)));
        ops.push(op("product_8", product::<E>(&mut rng, 8)));
        ops.push(op("product_8_prepared", product_prepared::<E>(&mut rng, 8)));
        PeerImpl {
            name: "arkworks",
            ops,
        }
    }
}

mod blst_peer {
    use super::{black_box, op, PeerImpl, FP12_INV_POOL, INV_POOL};
    use blst::{
        blst_final_exp, blst_fp, blst_fp12, blst_fp12_cyclotomic_sqr, blst_fp12_inverse,
        blst_fp12_mul, blst_fp12_one, blst_fp12_sqr, blst_fp2, blst_fp2_mul, blst_fp2_sqr,
        blst_fp6, blst_fp_from_uint64, blst_fp_inverse, blst_fp_mul, blst_fp_sqr, blst_miller_loop,
        blst_miller_loop_lines, blst_miller_loop_n, blst_p1, blst_p1_affine, blst_p1_generator,
        blst_p1_mult, blst_p1_to_affine, blst_p2, blst_p2_affine, blst_p2_generator, blst_p2_mult,
        blst_p2_to_affine, blst_precompute_lines,
    };
    use tripair_testkit::TestRng;

    fn rand_fp(rng: &mut TestRng) -> blst_fp {
        let mut limbs: [u64; 6] = core::array::from_fn(|_| rng.next_u64());
        limbs[5] &= 0x0fff_ffff_ffff_ffff; // below p = 0x1a01...: a canonical residue
        let mut out = blst_fp::default();
        // SAFETY: `out` and `limbs` are valid, live and the sizes blst expects (6 limbs).
        unsafe { blst_fp_from_uint64(&mut out, limbs.as_ptr()) };
        out
    }

    fn rand_fp2(rng: &mut TestRng) -> blst_fp2 {
        blst_fp2 {
            fp: [rand_fp(rng), rand_fp(rng)],
        }
    }

    fn rand_fp12(rng: &mut TestRng) -> blst_fp12 {
        // SAFETY: blst_fp12_one returns a pointer to a static, initialised constant.
        let mut x = unsafe { *blst_fp12_one() };
        for c6 in x.fp6.iter_mut() {
            for c2 in c6.fp2.iter_mut() {
                *c2 = rand_fp2(rng);
            }
        }
        x
    }

    fn rand_scalar(rng: &mut TestRng) -> [u8; 32] {
        let mut s = [0u8; 32];
        rng.fill_bytes(&mut s);
        s[31] &= 0x3f; // 254 bits: blst reads exactly the bits it is told
        s
    }

    fn rand_points(rng: &mut TestRng) -> (blst_p1_affine, blst_p2_affine) {
        let (a, b) = (rand_scalar(rng), rand_scalar(rng));
        let (mut p, mut q) = (blst_p1::default(), blst_p2::default());
        let (mut pa, mut qa) = (blst_p1_affine::default(), blst_p2_affine::default());
        // SAFETY: generators are static constants; scalars hold 32 bytes >= 254 bits; outputs are valid.
        unsafe {
            blst_p1_mult(&mut p, blst_p1_generator(), a.as_ptr(), 254);
            blst_p2_mult(&mut q, blst_p2_generator(), b.as_ptr(), 254);
            blst_p1_to_affine(&mut pa, &p);
            blst_p2_to_affine(&mut qa, &q);
        }
        (pa, qa)
    }

    fn miller_loop(p: &blst_p1_affine, q: &blst_p2_affine) -> blst_fp12 {
        // SAFETY: blst_fp12 is plain limbs; any bit pattern is valid and it is overwritten below.
        let mut f: blst_fp12 = unsafe { core::mem::zeroed() };
        // SAFETY: all pointers come from live references of the right types.
        unsafe { blst_miller_loop(&mut f, q, p) };
        f
    }

    fn final_exp(f: &blst_fp12) -> blst_fp12 {
        let mut r = *f;
        // SAFETY: all pointers come from live references of the right types.
        unsafe { blst_final_exp(&mut r, f) };
        r
    }

    fn product<const N: usize>(rng: &mut TestRng) -> impl FnMut() + 'static {
        let pts: [(blst_p1_affine, blst_p2_affine); N] = core::array::from_fn(|_| rand_points(rng));
        move || {
            let pts = black_box(&pts);
            let ps: [*const blst_p1_affine; N] = core::array::from_fn(|i| &pts[i].0 as *const _);
            let qs: [*const blst_p2_affine; N] = core::array::from_fn(|i| &pts[i].1 as *const _);
            let mut f = fp12_zero();
            // SAFETY: ps/qs hold N (<= 16, blst's limit) non-null pointers to live affine points.
            unsafe { blst_miller_loop_n(&mut f, qs.as_ptr(), ps.as_ptr(), N) };
            black_box(final_exp(&f));
        }
    }

    /// blst's stored lines for one G2 point (68 F_p6 values on BLS12-381).
    const LINES: usize = 68;

    fn product_prepared<const N: usize>(rng: &mut TestRng) -> impl FnMut() + 'static {
        let pts: [(blst_p1_affine, blst_p2_affine); N] = core::array::from_fn(|_| rand_points(rng));
        let lines: Vec<Vec<blst_fp6>> = pts
            .iter()
            .map(|(_, q)| {
                let mut l = vec![blst_fp6::default(); LINES];
                // SAFETY: `l` holds the 68 F_p6 values blst_precompute_lines writes; q is valid.
                unsafe { blst_precompute_lines(l.as_mut_ptr(), q) };
                l
            })
            .collect();
        move || {
            let (pts, lines) = (black_box(&pts), black_box(&lines));
            let mut acc = fp12_zero();
            for (i, ((p, _), l)) in pts.iter().zip(lines).enumerate() {
                let mut f = fp12_zero();
                // SAFETY: l holds 68 precomputed lines; p is a valid affine point.
                unsafe { blst_miller_loop_lines(&mut f, l.as_ptr(), p) };
                if i == 0 {
                    acc = f;
                } else {
                    let prev = acc;
                    // SAFETY: all pointers come from live values of the right types.
                    unsafe { blst_fp12_mul(&mut acc, &prev, &f) };
                }
            }
            black_box(final_exp(&acc));
        }
    }

    fn fp12_zero() -> blst_fp12 {
        // SAFETY: blst_fp12 is plain limbs; all-zero is a valid value (the zero element).
        unsafe { core::mem::zeroed() }
    }

    pub(super) fn ops(seed: u64) -> PeerImpl {
        let mut rng = TestRng::new(seed);
        let mut ops = Vec::new();

        let (a, b) = (rand_fp(&mut rng), rand_fp(&mut rng));
        ops.push(op("fp_mul", move || {
            let mut r = blst_fp::default();
            // SAFETY: all pointers come from live references of the right types.
            unsafe { blst_fp_mul(&mut r, black_box(&a), black_box(&b)) };
            black_box(r);
        }));
        ops.push(op("fp_sqr", move || {
            let mut r = blst_fp::default();
            // SAFETY: all pointers come from live references of the right types.
            unsafe { blst_fp_sqr(&mut r, black_box(&a)) };
            black_box(r);
        }));
        let pool: Vec<blst_fp> = (0..INV_POOL).map(|_| rand_fp(&mut rng)).collect();
        let mut i = 0;
        ops.push(op("fp_inv", move || {
            i = (i + 1) % INV_POOL;
            let mut r = blst_fp::default();
            // SAFETY: all pointers come from live references of the right types.
            unsafe { blst_fp_inverse(&mut r, black_box(&pool[i])) };
            black_box(r);
        }));

        let (a, b) = (rand_fp2(&mut rng), rand_fp2(&mut rng));
        ops.push(op("fp2_mul", move || {
            let mut r = blst_fp2::default();
            // SAFETY: all pointers come from live references of the right types.
            unsafe { blst_fp2_mul(&mut r, black_box(&a), black_box(&b)) };
            black_box(r);
        }));
        ops.push(op("fp2_sqr", move || {
            let mut r = blst_fp2::default();
            // SAFETY: all pointers come from live references of the right types.
            unsafe { blst_fp2_sqr(&mut r, black_box(&a)) };
            black_box(r);
        }));

        let (a, b) = (rand_fp12(&mut rng), rand_fp12(&mut rng));
        ops.push(op("fp12_mul", move || {
            let mut r = fp12_zero();
            // SAFETY: all pointers come from live references of the right types.
            unsafe { blst_fp12_mul(&mut r, black_box(&a), black_box(&b)) };
            black_box(r);
        }));
        ops.push(op("fp12_sqr", move || {
            let mut r = fp12_zero();
            // SAFETY: all pointers come from live references of the right types.
            unsafe { blst_fp12_sqr(&mut r, black_box(&a)) };
            black_box(r);
        }));
        let (p, q) = rand_points(&mut rng);
        let f = miller_loop(&p, &q);
        let g = final_exp(&f);
        ops.push(op("fp12_cyclotomic_sqr", move || {
            let mut r = fp12_zero();
            // SAFETY: all pointers come from live references of the right types.
            unsafe { blst_fp12_cyclotomic_sqr(&mut r, black_box(&g)) };
            black_box(r);
        }));
        let pool: Vec<blst_fp12> = (0..FP12_INV_POOL).map(|_| rand_fp12(&mut rng)).collect();
        let mut i = 0;
        ops.push(op("fp12_inv", move || {
            i = (i + 1) % FP12_INV_POOL;
            let mut r = fp12_zero();
            // SAFETY: all pointers come from live references of the right types.
            unsafe { blst_fp12_inverse(&mut r, black_box(&pool[i])) };
            black_box(r);
        }));

        ops.push(op("miller_loop", move || {
            black_box(miller_loop(black_box(&p), black_box(&q)));
        }));
        ops.push(op("final_exponentiation", move || {
            black_box(final_exp(black_box(&f)));
        }));
        let pairing = move || {
            black_box(final_exp(&miller_loop(black_box(&p), black_box(&q))));
        };
        ops.push(op("pairing", pairing));
        // No batch form: one core's pairings per second are those of the single pairing.
        ops.push(op("batch_8_per_pairing", pairing));
        ops.push(op("product_2", product::<2>(&mut rng)));
        ops.push(op("product_8", product::<8>(&mut rng)));
        ops.push(op("product_8_prepared", product_prepared::<8>(&mut rng)));
        PeerImpl { name: "blst", ops }
    }
}

#[cfg(feature = "peers-mcl")]
mod mcl_peer {
    use super::{black_box, op, random_bytes, PeerImpl, FP12_INV_POOL, INV_POOL};
    use core::sync::atomic::{AtomicI32, Ordering};
    use mcl_rust::{CurveType, Fp, Fp2, G1, G2, GT};
    use tripair_testkit::TestRng;

    // Parts of mcl's C API that mcl_rust 1.2 does not wrap; the library it links provides them.
    extern "C" {
        /// z = prod_i millerLoop(x[i], y[i]).
        fn mclBn_millerLoopVec(z: *mut GT, x: *const G1, y: *const G2, n: usize);
        /// General Fp12 inverse (`GT::inv` is a conjugation, the inverse only inside GT).
        fn mclBnGT_invGeneric(y: *mut GT, x: *const GT);
        /// The number of u64 words `mclBn_precomputeG2` writes.
        fn mclBn_getUint64NumToPrecompute() -> i32;
        /// Stores the lines of Q's Miller loop.
        fn mclBn_precomputeG2(qbuf: *mut u64, q: *const G2);
        /// f = millerLoop(P1, Q1) millerLoop(P2, Q2) from stored lines, squarings shared.
        fn mclBn_precomputedMillerLoop2(
            f: *mut GT,
            p1: *const G1,
            q1buf: *const u64,
            p2: *const G1,
            q2buf: *const u64,
        );
    }

    fn product_prepared(curve: CurveType, rng: &mut TestRng, n: usize) -> impl FnMut() + 'static {
        assert!(n.is_multiple_of(2), "pairs of pairs");
        let (ps, qs) = rand_points(rng, n);
        // SAFETY: a plain query of mcl's initialised state.
        let words = unsafe { mclBn_getUint64NumToPrecompute() } as usize;
        let bufs: Vec<Vec<u64>> = qs
            .iter()
            .map(|q| {
                let mut b = vec![0u64; words];
                // SAFETY: b holds the number of words mcl says it writes; q is a valid point.
                unsafe { mclBn_precomputeG2(b.as_mut_ptr(), q) };
                b
            })
            .collect();
        move || {
            ensure(curve);
            let (ps, bufs) = (black_box(&ps), black_box(&bufs));
            let mut acc = GT::zero();
            for i in (0..ps.len()).step_by(2) {
                let mut f = GT::zero();
                // SAFETY: the points are initialised and each buffer was filled by precomputeG2.
                unsafe {
                    mclBn_precomputedMillerLoop2(
                        &mut f,
                        &ps[i],
                        bufs[i].as_ptr(),
                        &ps[i + 1],
                        bufs[i + 1].as_ptr(),
                    )
                };
                acc = if i == 0 { f } else { &acc * &f };
            }
            let mut e = GT::zero();
            mcl_rust::final_exp(&mut e, &acc);
            black_box(e);
        }
    }

    /// The curve mcl is initialised for (`CurveType as i32`), or -1.
    static CURRENT: AtomicI32 = AtomicI32::new(-1);

    /// Puts mcl's global state on `curve` if it is on another one. Cheap when it already is.
    #[inline(always)]
    fn ensure(curve: CurveType) {
        if CURRENT.load(Ordering::Relaxed) != curve as i32 {
            switch(curve);
        }
    }

    #[cold]
    #[inline(never)]
    fn switch(curve: CurveType) {
        assert!(mcl_rust::init(curve), "mclBn_init failed");
        CURRENT.store(curve as i32, Ordering::Relaxed);
    }

    fn rand_fp(rng: &mut TestRng) -> Fp {
        let mut x = Fp::zero();
        assert!(x.set_little_endian_mod(&random_bytes(rng, 64)));
        x
    }

    fn rand_fp2(rng: &mut TestRng) -> Fp2 {
        Fp2 {
            d: [rand_fp(rng), rand_fp(rng)],
        }
    }

    fn rand_gt(rng: &mut TestRng) -> GT {
        let bytes: Vec<u8> = (0..12).flat_map(|_| rand_fp(rng).serialize()).collect();
        let mut x = GT::zero();
        assert!(x.deserialize(&bytes), "mcl GT deserialize");
        x
    }

    fn rand_points(rng: &mut TestRng, n: usize) -> (Vec<G1>, Vec<G2>) {
        (0..n)
            .map(|_| {
                let (mut p, mut q) = (G1::zero(), G2::zero());
                assert!(p.set_hash_of(&random_bytes(rng, 32)));
                assert!(q.set_hash_of(&random_bytes(rng, 32)));
                let (mut pn, mut qn) = (G1::zero(), G2::zero());
                G1::normalize(&mut pn, &p);
                G2::normalize(&mut qn, &q);
                (pn, qn)
            })
            .unzip()
    }

    fn product(curve: CurveType, rng: &mut TestRng, n: usize) -> impl FnMut() + 'static {
        let (ps, qs) = rand_points(rng, n);
        move || {
            ensure(curve);
            let (ps, qs) = (black_box(&ps), black_box(&qs));
            let (mut f, mut e) = (GT::zero(), GT::zero());
            // SAFETY: ps and qs each hold n initialised points of mcl's layout; f is a valid output.
            unsafe { mclBn_millerLoopVec(&mut f, ps.as_ptr(), qs.as_ptr(), ps.len()) };
            mcl_rust::final_exp(&mut e, &f);
            black_box(e);
        }
    }

    pub(super) fn ops(curve: CurveType, seed: u64) -> PeerImpl {
        ensure(curve);
        let mut rng = TestRng::new(seed);
        let mut ops = Vec::new();

        let (a, b) = (rand_fp(&mut rng), rand_fp(&mut rng));
        let (a2, b2) = (a.clone(), b.clone());
        ops.push(op("fp_mul", move || {
            ensure(curve);
            let mut r = Fp::zero();
            Fp::mul(&mut r, black_box(&a2), black_box(&b2));
            black_box(r);
        }));
        let a2 = a.clone();
        ops.push(op("fp_sqr", move || {
            ensure(curve);
            let mut r = Fp::zero();
            Fp::sqr(&mut r, black_box(&a2));
            black_box(r);
        }));
        let pool: Vec<Fp> = (0..INV_POOL).map(|_| rand_fp(&mut rng)).collect();
        let mut i = 0;
        ops.push(op("fp_inv", move || {
            ensure(curve);
            i = (i + 1) % INV_POOL;
            let mut r = Fp::zero();
            Fp::inv(&mut r, black_box(&pool[i]));
            black_box(r);
        }));

        let (a, b) = (rand_fp2(&mut rng), rand_fp2(&mut rng));
        let a2 = a.clone();
        ops.push(op("fp2_mul", move || {
            ensure(curve);
            let mut r = Fp2::zero();
            Fp2::mul(&mut r, black_box(&a2), black_box(&b));
            black_box(r);
        }));
        ops.push(op("fp2_sqr", move || {
            ensure(curve);
            let mut r = Fp2::zero();
            Fp2::sqr(&mut r, black_box(&a));
            black_box(r);
        }));

        let (a, b) = (rand_gt(&mut rng), rand_gt(&mut rng));
        let a2 = a.clone();
        ops.push(op("fp12_mul", move || {
            ensure(curve);
            let mut r = GT::zero();
            GT::mul(&mut r, black_box(&a2), black_box(&b));
            black_box(r);
        }));
        let a2 = a.clone();
        ops.push(op("fp12_sqr", move || {
            ensure(curve);
            let mut r = GT::zero();
            GT::sqr(&mut r, black_box(&a2));
            black_box(r);
        }));
        let pool: Vec<GT> = (0..FP12_INV_POOL).map(|_| rand_gt(&mut rng)).collect();
        let mut i = 0;
        ops.push(op("fp12_inv", move || {
            ensure(curve);
            i = (i + 1) % FP12_INV_POOL;
            let mut r = GT::zero();
            // SAFETY: pool[i] is an initialised GT and r a valid output, both of mcl's layout.
            unsafe { mclBnGT_invGeneric(&mut r, black_box(&pool[i])) };
            black_box(r);
        }));

        let (ps, qs) = rand_points(&mut rng, 1);
        let (p, q) = (ps[0].clone(), qs[0].clone());
        let (p2, q2) = (p.clone(), q.clone());
        ops.push(op("miller_loop", move || {
            ensure(curve);
            let mut f = GT::zero();
            mcl_rust::miller_loop(&mut f, black_box(&p2), black_box(&q2));
            black_box(f);
        }));
        let mut f = GT::zero();
        mcl_rust::miller_loop(&mut f, &p, &q);
        ops.push(op("final_exponentiation", move || {
            ensure(curve);
            let mut e = GT::zero();
            mcl_rust::final_exp(&mut e, black_box(&f));
            black_box(e);
        }));
        let pairing = move || {
            ensure(curve);
            let mut e = GT::zero();
            mcl_rust::pairing(&mut e, black_box(&p), black_box(&q));
            black_box(e);
        };
        ops.push(op("pairing", pairing.clone()));
        // No batch form: one core's pairings per second are those of the single pairing.
        ops.push(op("batch_8_per_pairing", pairing));
        ops.push(op("product_2", product(curve, &mut rng, 2)));
        ops.push(op("product_8", product(curve, &mut rng, 8)));
        ops.push(op(
            "product_8_prepared",
            product_prepared(curve, &mut rng, 8),
        ));
        PeerImpl { name: "mcl", ops }
    }
}
