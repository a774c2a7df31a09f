//! `tripair bench --table eth`: EIP-2537's BLS12-381 precompiles as an execution client calls
//! them (issue "Ethereum's pairing workloads"): BLS12_G1MSM and BLS12_G2MSM of 8, 64 and 128
//! terms and BLS12_PAIRING_CHECK of 2 and 8 pairs, from the precompile's input bytes to its
//! output bytes, tripair-eth beside blst (`peers-blst`) and arkworks (`peers`), one thread each.
//!
//! Conventions, so every side does the same work: each side decodes the EIP-2537 input (coordinates
//! below p, points on the curve), checks every point's subgroup, computes, and encodes the output
//! in EIP-2537's layout; the inputs are random subgroup points (hashed to the curve by
//! MAP_FP_TO_G1 / MAP_FP2_TO_G2) and 32-byte scalars. blst's side calls its C functions directly
//! (`blst_p1s_mult_pippenger`, `blst_miller_loop_n` and `blst_final_exp`): its Rust binding's
//! `mult` would spread an MSM over a thread pool. The pairing checks' pairs cancel in halves, so
//! every check answers 1. Before timing, each peer's output bytes must equal tripair-eth's (a
//! random-input cross-check of the precompiles), or the run stops with an error.

use crate::measure::{measure_interleaved, Measurement};
use std::hint::black_box;
use tripair::curve::curves::Bls12_381;
use tripair::field::{Fp, TowerParams};
use tripair_eth::bls12;
use tripair_testkit::TestRng;

/// Points per MSM row and pairs per pairing-check row.
const MSM_SIZES: [usize; 3] = [8, 64, 128];
const CHECK_SIZES: [usize; 2] = [2, 8];

/// One row: tripair-eth's time per call and each peer's, where built.
#[derive(Clone, Debug)]
pub struct EthRow {
    /// The op name (JSON): `g1_msm`, `g2_msm` or `pairing_check`.
    pub op: &'static str,
    /// Terms of the MSM or pairs of the check.
    pub size: usize,
    /// tripair-eth per call.
    pub tripair: Measurement,
    /// blst per call, when built with `peers-blst`.
    pub blst: Option<Measurement>,
    /// arkworks per call, when built with `peers`.
    pub arkworks: Option<Measurement>,
}

impl EthRow {
    /// The fastest peer's median, if any peer was measured.
    pub fn best_peer_ns(&self) -> Option<f64> {
        [self.blst, self.arkworks]
            .into_iter()
            .flatten()
            .map(|m| m.median_ns)
            .reduce(f64::min)
    }
}

/// A precompile: its input to its output, or an error message.
pub type Call = fn(&[u8]) -> Result<Vec<u8>, String>;

/// Random G1 points in EIP-2537's encoding (128 bytes each), hashed to the curve.
pub fn g1_points(rng: &mut TestRng, n: usize) -> Vec<Vec<u8>> {
    (0..n)
        .map(|_| {
            let mut u = [0u8; 64];
            rng.fill_bytes(&mut u[17..]);
            bls12::map_fp_to_g1(&u).expect("a field element below p")
        })
        .collect()
}

/// Random G2 points in EIP-2537's encoding (256 bytes each), hashed to the curve.
pub fn g2_points(rng: &mut TestRng, n: usize) -> Vec<Vec<u8>> {
    (0..n)
        .map(|_| {
            let mut u = [0u8; 128];
            rng.fill_bytes(&mut u[17..64]);
            rng.fill_bytes(&mut u[81..]);
            bls12::map_fp2_to_g2(&u).expect("field elements below p")
        })
        .collect()
}

/// An MSM input: each point followed by a random 32-byte scalar.
fn msm_input(rng: &mut TestRng, points: &[Vec<u8>]) -> Vec<u8> {
    let mut input = Vec::new();
    for p in points {
        input.extend(p);
        let mut k = [0u8; 32];
        rng.fill_bytes(&mut k);
        input.extend(k);
    }
    input
}

/// A pairing-check input of `n` (even) pairs whose product is 1: (P_i, Q_i) and (-P_i, Q_i).
fn check_input(rng: &mut TestRng, n: usize) -> Vec<u8> {
    let (ps, qs) = (g1_points(rng, n / 2), g2_points(rng, n / 2));
    let mut input = Vec::new();
    for (p, q) in ps.iter().zip(&qs) {
        input.extend(p);
        input.extend(q);
    }
    for (p, q) in ps.iter().zip(&qs) {
        input.extend(negate_g1(p));
        input.extend(q);
    }
    input
}

/// -P in EIP-2537's encoding: y replaced by -y (P finite, as hashed points are).
pub fn negate_g1(p: &[u8]) -> Vec<u8> {
    type Base = Fp<<Bls12_381 as TowerParams>::Fp>;
    let y = Base::from_be_bytes(&p[80..128]).expect("a coordinate below p");
    let mut out = p.to_vec();
    out[80..128].copy_from_slice(&(-y).to_be_bytes());
    out
}

/// tripair-eth's precompile, errors as text.
fn ours(op: &str) -> Call {
    match op {
        "g1_msm" => |i| bls12::g1_msm(i).map_err(|e| e.to_string()),
        "g2_msm" => |i| bls12::g2_msm(i).map_err(|e| e.to_string()),
        _ => |i| bls12::pairing_check(i).map_err(|e| e.to_string()),
    }
}

/// Measures every row: tripair-eth and the peers interleaved, `samples` batches each.
pub fn table(samples: usize, progress: &mut dyn FnMut(&str)) -> Result<Vec<EthRow>, String> {
    let mut rng = TestRng::new(0xe7);
    let g1 = g1_points(&mut rng, *MSM_SIZES.iter().max().unwrap_or(&0));
    let g2 = g2_points(&mut rng, g1.len());
    let mut inputs: Vec<(&'static str, usize, Vec<u8>)> = Vec::new();
    for n in MSM_SIZES {
        inputs.push(("g1_msm", n, msm_input(&mut rng, &g1[..n])));
    }
    for n in MSM_SIZES {
        inputs.push(("g2_msm", n, msm_input(&mut rng, &g2[..n])));
    }
    for n in CHECK_SIZES {
        inputs.push(("pairing_check", n, check_input(&mut rng, n)));
    }
    let mut rows = Vec::new();
    for (op, size, input) in inputs {
        progress(&format!("{op} of {size}"));
        let ours = ours(op);
        let want = ours(&input).map_err(|e| format!("tripair-eth {op} of {size}: {e}"))?;
        if op == "pairing_check" && want[31] != 1 {
            return Err(format!(
                "tripair-eth: pairing check of {size} cancelling pairs is not 1"
            ));
        }
        let peers = peers(op);
        for (name, call) in &peers {
            let got = call(&input).map_err(|e| format!("{name} {op} of {size}: {e}"))?;
            if got != want {
                return Err(format!(
                    "{name} and tripair-eth differ on {op} of {size} (seed 0xe7): {} vs {}",
                    hex::encode(&got),
                    hex::encode(&want)
                ));
            }
        }
        let mut fs: Vec<Box<dyn FnMut()>> = vec![{
            let input = input.clone();
            Box::new(move || {
                black_box(ours(black_box(&input)).ok());
            })
        }];
        for &(_, call) in &peers {
            let input = input.clone();
            fs.push(Box::new(move || {
                black_box(call(black_box(&input)).ok());
            }));
        }
        let mut refs: Vec<&mut dyn FnMut()> = fs.iter_mut().map(|f| &mut **f as _).collect();
        let m = measure_interleaved(&mut refs, samples, 20_000_000);
        let peer = |name: &str| {
            let i = peers.iter().position(|(n, _)| *n == name)?;
            Some(m[i + 1])
        };
        let (blst, arkworks) = (peer("blst"), peer("arkworks"));
        rows.push(EthRow {
            op,
            size,
            tripair: m[0],
            blst,
            arkworks,
        });
    }
    Ok(rows)
}

/// The table as text: per row tripair-eth and each peer (time and cycles) and the ratio to the
/// fastest peer.
pub fn write_table(out: &mut dyn std::io::Write, rows: &[EthRow]) -> std::io::Result<()> {
    use crate::report::fmt_ns;
    writeln!(
        out,
        "EIP-2537 precompiles on bls12-381, input bytes to output bytes, one thread; medians, interleaved"
    )?;
    writeln!(
        out,
        "{:<24} {:>11} {:>10} {:>11} {:>10} {:>11} {:>10} {:>9}",
        "operation", "tripair", "cycles", "blst", "cycles", "arkworks", "cycles", "vs best"
    )?;
    let cell = |m: &Option<Measurement>| match m {
        Some(m) => (fmt_ns(m.median_ns), format!("{:.0}", m.cycles)),
        None => ("-".into(), "-".into()),
    };
    for r in rows {
        let (b, bc) = cell(&r.blst);
        let (a, ac) = cell(&r.arkworks);
        let ratio = r.best_peer_ns().map_or("-".into(), |best| {
            format!("{:.2}x", r.tripair.median_ns / best)
        });
        writeln!(
            out,
            "{:<24} {:>11} {:>10.0} {:>11} {:>10} {:>11} {:>10} {:>9}",
            format!("{} of {}", r.op, r.size),
            fmt_ns(r.tripair.median_ns),
            r.tripair.cycles,
            b,
            bc,
            a,
            ac,
            ratio
        )?;
    }
    if rows
        .iter()
        .all(|r| r.blst.is_none() && r.arkworks.is_none())
    {
        writeln!(out, "(peers not built: --features peers)")?;
    }
    Ok(())
}

/// The rows as JSON in the keys of every `bench --json` row, one per row and implementation
/// (`tripair`, `blst`, `arkworks`), with the table's own: `table` (`eth`), `size` (terms or
/// pairs) and, on tripair's rows beside a peer, `ratio_to_best_peer`.
pub fn rows_json(rows: &[EthRow]) -> Vec<serde_json::Value> {
    use crate::report::{keyed, measurement_json};
    use serde_json::json;
    let mut v = Vec::new();
    for r in rows {
        for (implementation, m) in [
            ("tripair", Some(r.tripair)),
            ("blst", r.blst),
            ("arkworks", r.arkworks),
        ] {
            let Some(m) = m else { continue };
            let mut row = keyed("curve", "bls12-381", r.op, implementation);
            row.insert("table".into(), json!("eth"));
            row.insert("size".into(), json!(r.size));
            if let (Some(best), "tripair") = (r.best_peer_ns(), implementation) {
                row.insert(
                    "ratio_to_best_peer".into(),
                    json!(r.tripair.median_ns / best),
                );
            }
            v.push(measurement_json(row, &m));
        }
    }
    v
}

/// The peers built into this binary (blst with `peers-blst`, arkworks with `peers`), each with
/// its implementation of `op` (`g1_msm`, `g2_msm`, `pairing_check`): for the table and for
/// `tests/eth_peers.rs`.
pub fn peers(op: &str) -> Vec<(&'static str, Call)> {
    [("blst", blst_call(op)), ("arkworks", ark_call(op))]
        .into_iter()
        .filter_map(|(name, call)| Some((name, call?)))
        .collect()
}

#[cfg(feature = "peers-blst")]
fn blst_call(op: &str) -> Option<Call> {
    Some(match op {
        "g1_msm" => blst_side::g1_msm,
        "g2_msm" => blst_side::g2_msm,
        _ => blst_side::pairing_check,
    })
}

#[cfg(not(feature = "peers-blst"))]
fn blst_call(_op: &str) -> Option<Call> {
    None
}

#[cfg(feature = "peers")]
fn ark_call(op: &str) -> Option<Call> {
    Some(match op {
        "g1_msm" => ark_side::g1_msm,
        "g2_msm" => ark_side::g2_msm,
        _ => ark_side::pairing_check,
    })
}

#[cfg(not(feature = "peers"))]
fn ark_call(_op: &str) -> Option<Call> {
    None
}

#[cfg(any(feature = "peers", feature = "peers-blst"))]
/// EIP-2537's field element: 16 zero bytes, then 48 big-endian bytes (below p: the decoder
/// checks).
fn fp_bytes(b: &[u8]) -> Result<&[u8], String> {
    if b[..16].iter().any(|&x| x != 0) {
        return Err("top 16 bytes of a field element not zero".into());
    }
    Ok(&b[16..64])
}

#[cfg(any(feature = "peers", feature = "peers-blst"))]
/// Splits an input into items of `w` bytes, refusing other lengths.
fn items(input: &[u8], w: usize) -> Result<std::slice::ChunksExact<'_, u8>, String> {
    if input.is_empty() || !input.len().is_multiple_of(w) {
        return Err(format!(
            "input of {} bytes, not a multiple of {w}",
            input.len()
        ));
    }
    Ok(input.chunks_exact(w))
}

/// blst's side: its C functions, one thread.
#[cfg(feature = "peers-blst")]
mod blst_side {
    use super::{fp_bytes, items};
    use blst::{
        blst_final_exp, blst_fp12_is_one, blst_fp12_mul, blst_fp12_one, blst_miller_loop_n,
        blst_p1, blst_p1_affine, blst_p1_affine_in_g1, blst_p1_deserialize, blst_p1_is_inf,
        blst_p1_serialize, blst_p1s_mult_pippenger, blst_p1s_mult_pippenger_scratch_sizeof,
        blst_p2, blst_p2_affine, blst_p2_affine_in_g2, blst_p2_deserialize, blst_p2_is_inf,
        blst_p2_serialize, blst_p2s_mult_pippenger, blst_p2s_mult_pippenger_scratch_sizeof,
        BLST_ERROR,
    };

    /// A G1 point of EIP-2537 (all zero: infinity), on the curve and in the subgroup.
    fn g1(b: &[u8]) -> Result<blst_p1_affine, String> {
        let mut a = blst_p1_affine::default();
        if b.iter().all(|&x| x == 0) {
            return Ok(a);
        }
        let mut ser = [0u8; 96];
        ser[..48].copy_from_slice(fp_bytes(&b[..64])?);
        ser[48..].copy_from_slice(fp_bytes(&b[64..128])?);
        // SAFETY: ser holds the 96 bytes blst reads; a is a valid output.
        let r = unsafe { blst_p1_deserialize(&mut a, ser.as_ptr()) };
        if r != BLST_ERROR::BLST_SUCCESS {
            return Err(format!("G1 point: {r:?}"));
        }
        // SAFETY: a is an initialised affine point.
        if !unsafe { blst_p1_affine_in_g1(&a) } {
            return Err("G1 point not in the subgroup".into());
        }
        Ok(a)
    }

    /// A G2 point of EIP-2537 (c0 before c1; blst's serialization puts c1 first).
    fn g2(b: &[u8]) -> Result<blst_p2_affine, String> {
        let mut a = blst_p2_affine::default();
        if b.iter().all(|&x| x == 0) {
            return Ok(a);
        }
        let mut ser = [0u8; 192];
        for (k, off) in [64, 0, 192, 128].into_iter().enumerate() {
            ser[48 * k..48 * (k + 1)].copy_from_slice(fp_bytes(&b[off..off + 64])?);
        }
        // SAFETY: ser holds the 192 bytes blst reads; a is a valid output.
        let r = unsafe { blst_p2_deserialize(&mut a, ser.as_ptr()) };
        if r != BLST_ERROR::BLST_SUCCESS {
            return Err(format!("G2 point: {r:?}"));
        }
        // SAFETY: a is an initialised affine point.
        if !unsafe { blst_p2_affine_in_g2(&a) } {
            return Err("G2 point not in the subgroup".into());
        }
        Ok(a)
    }

    /// Scalars of EIP-2537 (32 bytes, big-endian) as blst's little-endian bytes, concatenated.
    fn scalar_le(b: &[u8], out: &mut Vec<u8>) {
        out.extend(b.iter().rev());
    }

    /// blst's uncompressed serialization (`n` coordinates of 48 bytes, in `order`) in EIP-2537's
    /// layout.
    fn eip(ser: &[u8], order: &[usize]) -> Vec<u8> {
        let mut out = vec![0u8; 64 * order.len()];
        for (k, &src) in order.iter().enumerate() {
            out[64 * k + 16..64 * (k + 1)].copy_from_slice(&ser[48 * src..48 * (src + 1)]);
        }
        out
    }

    pub(super) fn g1_msm(input: &[u8]) -> Result<Vec<u8>, String> {
        let (mut points, mut scalars) = (Vec::new(), Vec::new());
        for item in items(input, 160)? {
            points.push(g1(&item[..128])?);
            scalar_le(&item[128..], &mut scalars);
        }
        let n = points.len();
        // SAFETY: the size query has no preconditions.
        let mut scratch = vec![0u64; unsafe { blst_p1s_mult_pippenger_scratch_sizeof(n) } / 8 + 1];
        let mut sum = blst_p1::default();
        let p = [points.as_ptr(), std::ptr::null()];
        let s = [scalars.as_ptr(), std::ptr::null()];
        // SAFETY: n points and n 32-byte scalars, contiguous (blst's [ptr, null] convention), and
        // the scratch size blst asked for.
        unsafe {
            blst_p1s_mult_pippenger(
                &mut sum,
                p.as_ptr(),
                n,
                s.as_ptr(),
                256,
                scratch.as_mut_ptr(),
            )
        };
        // SAFETY: sum is an initialised point.
        if unsafe { blst_p1_is_inf(&sum) } {
            return Ok(vec![0u8; 128]);
        }
        let mut ser = [0u8; 96];
        // SAFETY: ser has the 96 bytes blst writes.
        unsafe { blst_p1_serialize(ser.as_mut_ptr(), &sum) };
        Ok(eip(&ser, &[0, 1]))
    }

    pub(super) fn g2_msm(input: &[u8]) -> Result<Vec<u8>, String> {
        let (mut points, mut scalars) = (Vec::new(), Vec::new());
        for item in items(input, 288)? {
            points.push(g2(&item[..256])?);
            scalar_le(&item[256..], &mut scalars);
        }
        let n = points.len();
        // SAFETY: the size query has no preconditions.
        let mut scratch = vec![0u64; unsafe { blst_p2s_mult_pippenger_scratch_sizeof(n) } / 8 + 1];
        let mut sum = blst_p2::default();
        let p = [points.as_ptr(), std::ptr::null()];
        let s = [scalars.as_ptr(), std::ptr::null()];
        // SAFETY: as in g1_msm.
        unsafe {
            blst_p2s_mult_pippenger(
                &mut sum,
                p.as_ptr(),
                n,
                s.as_ptr(),
                256,
                scratch.as_mut_ptr(),
            )
        };
        // SAFETY: sum is an initialised point.
        if unsafe { blst_p2_is_inf(&sum) } {
            return Ok(vec![0u8; 256]);
        }
        let mut ser = [0u8; 192];
        // SAFETY: ser has the 192 bytes blst writes.
        unsafe { blst_p2_serialize(ser.as_mut_ptr(), &sum) };
        Ok(eip(&ser, &[1, 0, 3, 2]))
    }

    pub(super) fn pairing_check(input: &[u8]) -> Result<Vec<u8>, String> {
        let (mut ps, mut qs) = (Vec::new(), Vec::new());
        for item in items(input, 384)? {
            ps.push(g1(&item[..128])?);
            qs.push(g2(&item[128..])?);
        }
        // SAFETY: blst returns a pointer to its static one of F_p12.
        let one = unsafe { *blst_fp12_one() };
        let mut acc = one;
        // blst_miller_loop_n takes at most 16 pairs a call; the checks here have 2 and 8.
        for (p, q) in ps.chunks(16).zip(qs.chunks(16)) {
            let pp: Vec<*const blst_p1_affine> = p.iter().map(|x| x as *const _).collect();
            let qq: Vec<*const blst_p2_affine> = q.iter().map(|x| x as *const _).collect();
            let (mut f, mut m) = (one, one);
            // SAFETY: pp and qq hold p.len() <= 16 pointers to live affine points; f, m, acc are
            // initialised F_p12 values.
            unsafe {
                blst_miller_loop_n(&mut f, qq.as_ptr(), pp.as_ptr(), p.len());
                blst_fp12_mul(&mut m, &acc, &f);
            }
            acc = m;
        }
        let mut e = one;
        // SAFETY: acc and e are initialised F_p12 values.
        unsafe { blst_final_exp(&mut e, &acc) };
        let mut out = vec![0u8; 32];
        // SAFETY: e is an initialised F_p12 value.
        out[31] = unsafe { blst_fp12_is_one(&e) } as u8;
        Ok(out)
    }
}

/// arkworks' side (ark-bls12-381 0.5, one thread).
#[cfg(feature = "peers")]
mod ark_side {
    use super::{fp_bytes, items};
    use ark_bls12_381::{Bls12_381, Fq, Fq2, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
    use ark_ec::pairing::Pairing;
    use ark_ec::{AffineRepr, CurveGroup, VariableBaseMSM};
    use ark_ff::{BigInt, BigInteger, Field, PrimeField};

    fn fq(b: &[u8]) -> Result<Fq, String> {
        let b = fp_bytes(b)?;
        let limbs: [u64; 6] = core::array::from_fn(|i| {
            u64::from_be_bytes(b[40 - 8 * i..48 - 8 * i].try_into().expect("8 bytes"))
        });
        Fq::from_bigint(BigInt(limbs)).ok_or_else(|| "field element not below p".to_string())
    }

    fn fq_out(x: &Fq, out: &mut Vec<u8>) {
        out.extend([0u8; 16]);
        out.extend(x.into_bigint().to_bytes_be());
    }

    fn g1(b: &[u8]) -> Result<G1Affine, String> {
        if b.iter().all(|&x| x == 0) {
            return Ok(G1Affine::identity());
        }
        let p = G1Affine::new_unchecked(fq(&b[..64])?, fq(&b[64..128])?);
        if !p.is_on_curve() || !p.is_in_correct_subgroup_assuming_on_curve() {
            return Err("G1 point not on the curve or not in the subgroup".into());
        }
        Ok(p)
    }

    fn g2(b: &[u8]) -> Result<G2Affine, String> {
        if b.iter().all(|&x| x == 0) {
            return Ok(G2Affine::identity());
        }
        let x = Fq2::new(fq(&b[..64])?, fq(&b[64..128])?);
        let y = Fq2::new(fq(&b[128..192])?, fq(&b[192..256])?);
        let p = G2Affine::new_unchecked(x, y);
        if !p.is_on_curve() || !p.is_in_correct_subgroup_assuming_on_curve() {
            return Err("G2 point not on the curve or not in the subgroup".into());
        }
        Ok(p)
    }

    pub(super) fn g1_msm(input: &[u8]) -> Result<Vec<u8>, String> {
        let (mut points, mut scalars) = (Vec::new(), Vec::new());
        for item in items(input, 160)? {
            points.push(g1(&item[..128])?);
            scalars.push(Fr::from_be_bytes_mod_order(&item[128..]));
        }
        let sum = G1Projective::msm(&points, &scalars)
            .map_err(|n| format!("msm: {n} points"))?
            .into_affine();
        let mut out = Vec::with_capacity(128);
        match sum.xy() {
            None => out.resize(128, 0),
            Some((x, y)) => {
                fq_out(&x, &mut out);
                fq_out(&y, &mut out);
            }
        }
        Ok(out)
    }

    pub(super) fn g2_msm(input: &[u8]) -> Result<Vec<u8>, String> {
        let (mut points, mut scalars) = (Vec::new(), Vec::new());
        for item in items(input, 288)? {
            points.push(g2(&item[..256])?);
            scalars.push(Fr::from_be_bytes_mod_order(&item[256..]));
        }
        let sum = G2Projective::msm(&points, &scalars)
            .map_err(|n| format!("msm: {n} points"))?
            .into_affine();
        let mut out = Vec::with_capacity(256);
        match sum.xy() {
            None => out.resize(256, 0),
            Some((x, y)) => {
                for c in [x.c0, x.c1, y.c0, y.c1] {
                    fq_out(&c, &mut out);
                }
            }
        }
        Ok(out)
    }

    pub(super) fn pairing_check(input: &[u8]) -> Result<Vec<u8>, String> {
        let (mut ps, mut qs) = (Vec::new(), Vec::new());
        for item in items(input, 384)? {
            ps.push(g1(&item[..128])?);
            qs.push(g2(&item[128..])?);
        }
        let e = Bls12_381::multi_pairing(ps, qs);
        let mut out = vec![0u8; 32];
        out[31] = (e.0 == <Bls12_381 as Pairing>::TargetField::ONE) as u8;
        Ok(out)
    }
}

/// `--table eth`.
pub struct Eth;

impl super::Table for Eth {
    type Measured = Vec<EthRow>;

    fn name(&self) -> &'static str {
        "eth"
    }

    fn about(&self) -> &'static str {
        "EIP-2537 precompiles on bls12-381 from input to output bytes, one thread: G1MSM and \
         G2MSM of 8, 64 and 128 terms, PAIRING_CHECK of 2 and 8 pairs, beside blst and arkworks \
         (--features peers), whose outputs are checked against tripair-eth's first"
    }

    fn default_curves(&self) -> &'static [&'static str] {
        &["bls12-381"]
    }

    fn refuses(&self, options: &super::Options) -> Option<String> {
        super::refuse_unless_bls12_381(&options.curves, "eth", "EIP-2537")
    }

    fn steps_per_curve(&self) -> u64 {
        (MSM_SIZES.len() * 2 + CHECK_SIZES.len()) as u64
    }

    fn measure(
        &self,
        _curve: &str,
        samples: usize,
        progress: &mut dyn FnMut(&str),
    ) -> Result<Vec<EthRow>, String> {
        table(samples, progress)
    }

    fn text(&self, out: &mut dyn std::io::Write, t: &Vec<EthRow>) -> std::io::Result<()> {
        write_table(out, t)
    }

    fn json_rows(&self, t: &Vec<EthRow>) -> Vec<serde_json::Value> {
        rows_json(t)
    }
}
