//! `tripair bench --table vpg`: Vejda-Page-Großschädl 2007 (tri-field MAC unit for a LEON-2
//! SPARC V8 core). Prints
//! 1. the paper's Tables 3 and 4 as the model of `tripair-vpg` measures them, with the paper's
//!    numbers, ratios, speed-ups and the Table 2 MAC variants for multiplication;
//! 2. Appendix A on the model (the paper's six estimates recomputed, and the model's);
//! 3. tripair's x86 field table at the same sizes (F_2^m, F_3^m and F_p on generic primes): each
//!    operation as the latency of one dependent chain and as the throughput of 8 independent
//!    chains;
//! 4. Appendix A on x86: operation counts times tripair's measured field costs beside tripair's
//!    measured pairings (bn254 counted by the counting base field through the engine; eta_T by
//!    the paper's counts).

use std::hint::black_box;
use std::io::{self, Write};

use tripair::curve::curves::{Bn254, Bn254Fq};
use tripair::curve::{G1Projective, G2Projective};
use tripair::field::generic_primes::*;
use tripair::field::{BaseField, Fp, FpParams};
use tripair::Scalar;
use tripair_smallchar::gf2::{self, Backend2, Gf2, Pentanomial2};
use tripair_smallchar::gf3::{self, Backend3, Gf3, Trinomial3};
use tripair_testkit::TestRng;
use tripair_vpg::costmodel;
use tripair_vpg::counting::{count_pairing, OpCounts};

use crate::measure::{measure, Measurement};
use crate::smallchar_bench;

/// Independent chains of the throughput measurement.
const LANES: usize = 8;
/// Target time of one timed batch.
const BATCH_NS: u64 = 2_000_000;

/// Latency and throughput of one operation, in TSC ticks per operation.
#[derive(Clone, Copy, Debug)]
pub struct LatThr {
    /// One dependent chain (each result the next operand).
    pub latency: Measurement,
    /// `LANES` independent chains, per operation.
    pub throughput: Measurement,
}

/// One field of the x86 table: add, mul, square or cube, inversion.
#[derive(Clone, Debug)]
pub struct X86Row {
    /// e.g. "F_2^233", "F_p 160-bit".
    pub field: String,
    /// The operations in table order.
    pub ops: [LatThr; 4],
}

fn lat_thr<T: Copy>(x0: [T; LANES], samples: usize, f: impl Fn(T) -> T) -> LatThr {
    let mut one = x0[0];
    let latency = measure(
        || {
            one = f(black_box(one));
        },
        samples,
        BATCH_NS,
    );
    let mut lanes = x0;
    let throughput = measure(
        || {
            for x in lanes.iter_mut() {
                *x = f(*x);
            }
            black_box(&lanes);
        },
        samples,
        BATCH_NS,
    )
    .per(LANES as f64);
    LatThr {
        latency,
        throughput,
    }
}

fn x86_gf2<const N: usize, P: Pentanomial2>(samples: usize) -> X86Row {
    let mut rng = TestRng::new(0x2f + P::M as u64);
    let x0: [Gf2<N, P>; LANES] = core::array::from_fn(|_| Gf2::random(&mut rng));
    let b = Gf2::<N, P>::random(&mut rng);
    tripair_smallchar::with_best_backend2!(be => {
        X86Row {
            field: format!("F_2^{}", P::M),
            ops: [
                lat_thr(x0, samples, |x| x.add(&b)),
                lat_thr(x0, samples, |x| be.mul(&x, &b)),
                lat_thr(x0, samples, |x| be.square(&x)),
                lat_thr(x0, samples, |x| x.inv_with(be)),
            ],
        }
    })
}

fn x86_gf3<const N: usize, P: Trinomial3>(samples: usize) -> X86Row {
    let mut rng = TestRng::new(0x3f + P::M as u64);
    let x0: [Gf3<N, P>; LANES] = core::array::from_fn(|_| Gf3::random(&mut rng));
    let b = Gf3::<N, P>::random(&mut rng);
    tripair_smallchar::with_best_backend3!(be => {
        X86Row {
            field: format!("F_3^{}", P::M),
            ops: [
                lat_thr(x0, samples, |x| x.add(&b)),
                lat_thr(x0, samples, |x| be.mul(&x, &b)),
                lat_thr(x0, samples, |x| be.cube(&x)),
                lat_thr(x0, samples, |x| x.inv_with(be)),
            ],
        }
    })
}

fn x86_fp<F: FpParams>(label: &str, samples: usize) -> X86Row {
    let mut rng = TestRng::new(0x9f + F::BITS as u64);
    let x0: [Fp<F>; LANES] = core::array::from_fn(|_| Fp::random(&mut rng));
    let b = Fp::<F>::random(&mut rng);
    X86Row {
        field: label.to_string(),
        ops: [
            lat_thr(x0, samples, |x| x + b),
            lat_thr(x0, samples, |x| x * b),
            lat_thr(x0, samples, |x| x.square()),
            lat_thr(x0, samples, |x| x.inv()),
        ],
    }
}

/// tripair's x86 field table at the paper's sizes.
pub fn x86_rows(samples: usize) -> Vec<X86Row> {
    use gf2::*;
    use gf3::*;
    vec![
        x86_gf2::<3, P163>(samples),
        x86_gf2::<4, P233>(samples),
        x86_gf2::<5, P283>(samples),
        x86_gf2::<6, P353>(samples),
        x86_gf2::<8, P457>(samples),
        x86_gf2::<9, P557>(samples),
        x86_gf3::<2, T79>(samples),
        x86_gf3::<2, T97>(samples),
        x86_gf3::<3, T163>(samples),
        x86_gf3::<4, T193>(samples),
        x86_gf3::<4, T239>(samples),
        x86_gf3::<6, T353>(samples),
        x86_fp::<Generic160>("F_p 160-bit", samples),
        x86_fp::<Generic192>("F_p 192-bit", samples),
        x86_fp::<Generic224>("F_p 224-bit", samples),
        x86_fp::<Generic256>("F_p 256-bit", samples),
        x86_fp::<Generic384>("F_p 384-bit", samples),
        x86_fp::<Generic512>("F_p 512-bit", samples),
    ]
}

/// x86 costs of the base-field operations the counting field distinguishes (bn254 Fq), TSC
/// ticks, latency of a dependent chain.
#[derive(Clone, Copy, Debug)]
pub struct Bn254Costs {
    /// Multiplication.
    pub mul: f64,
    /// Squaring.
    pub sqr: f64,
    /// Double-width product.
    pub mul_wide: f64,
    /// Montgomery reduction of a double-width value.
    pub reduce: f64,
    /// Addition.
    pub add: f64,
    /// Inversion.
    pub inv: f64,
}

fn bn254_costs(samples: usize) -> Bn254Costs {
    type F = Fp<Bn254Fq>;
    let mut rng = TestRng::new(0x254);
    let x0: [F; LANES] = core::array::from_fn(|_| F::random(&mut rng));
    let b = F::random(&mut rng);
    let lat = |f: &dyn Fn(F) -> F| lat_thr(x0, samples, f).latency.cycles;
    let mut wide = <F as BaseField>::WIDE_ZERO;
    let mut a = x0[0];
    let mul_wide = measure(
        || {
            black_box(a).mul_wide_into(&b, &mut wide);
            black_box(&wide);
        },
        samples,
        BATCH_NS,
    )
    .cycles;
    b.mul_wide_into(&b, &mut wide);
    let reduce = measure(
        || {
            a = <F as BaseField>::reduce_wide(black_box(&wide));
            black_box(a);
        },
        samples,
        BATCH_NS,
    )
    .cycles;
    Bn254Costs {
        mul: lat(&|x| x * b),
        sqr: lat(&|x| x.square()),
        mul_wide,
        reduce,
        add: lat(&|x| x + b),
        inv: lat(&|x| x.inv()),
    }
}

fn estimate(c: &OpCounts, k: &Bn254Costs) -> f64 {
    c.mul as f64 * k.mul
        + c.sqr as f64 * k.sqr
        + c.mul_wide as f64 * k.mul_wide
        + c.reduce as f64 * k.reduce
        + c.add as f64 * k.add
        + c.inv as f64 * k.inv
}

fn write_x86_table(out: &mut dyn Write, rows: &[X86Row]) -> io::Result<()> {
    writeln!(
        out,
        "\ntripair on x86 at the paper's sizes (TSC ticks per operation; lat = one dependent chain, thr = {LANES} independent chains)"
    )?;
    writeln!(
        out,
        "{:<14} {:>8} {:>8} | {:>8} {:>8} | {:>8} {:>8} | {:>9} {:>9}",
        "field", "add lat", "add thr", "mul lat", "mul thr", "pow lat", "pow thr", "inv lat", "inv thr"
    )?;
    for r in rows {
        write!(out, "{:<14}", r.field)?;
        for (k, o) in r.ops.iter().enumerate() {
            let w = if k == 3 { 9 } else { 8 };
            write!(
                out,
                " {:>w$.0} {:>w$.0}{}",
                o.latency.cycles,
                o.throughput.cycles,
                if k < 3 { " |" } else { "" }
            )?;
        }
        writeln!(out)?;
    }
    writeln!(
        out,
        "pow: squaring (F_2^m, F_p) or cubing (F_3^m). F_p: Montgomery form, tripair's Fp on the generic primes of \
         tripair::field::generic_primes (3 limbs for 160/192, 4 for 224/256, 6 for 384, 8 for 512 bits)."
    )?;
    Ok(())
}

/// Prints the whole table.
pub fn write_table(out: &mut dyn Write, samples: usize) -> io::Result<()> {
    let rows = tripair_vpg::tables::measure(8).map_err(io::Error::other)?;
    write!(out, "{}", tripair_vpg::tables::render(&rows))?;
    writeln!(out)?;
    write!(out, "{}", costmodel::render(&rows))?;
    out.flush()?;

    let x86 = x86_rows(samples);
    write_x86_table(out, &x86)?;
    out.flush()?;

    // Appendix A on x86.
    writeln!(
        out,
        "\nAppendix A on x86: counts x tripair's measured field costs (latency column) vs tripair's measured pairing (TSC ticks)"
    )?;
    let mut rng = TestRng::new(0xa9);
    let a: Scalar<Bn254> = Fp::random(&mut rng);
    let b: Scalar<Bn254> = Fp::random(&mut rng);
    let p = (G1Projective::<Bn254>::generator() * a).to_affine();
    let q = (G2Projective::<Bn254>::generator() * b).to_affine();
    let (_, miller, fe) = count_pairing::<Bn254>(&p, &q);
    let k = bn254_costs(samples);
    let ml = measure(
        || {
            black_box(tripair::pairing::miller_loop::<Bn254>(&[(black_box(p), q)]));
        },
        samples,
        BATCH_NS * 5,
    );
    let mo = tripair::pairing::miller_loop::<Bn254>(&[(p, q)]);
    let fem = measure(
        || {
            black_box(tripair::pairing::final_exponentiation::<Bn254>(black_box(&mo)));
        },
        samples,
        BATCH_NS * 5,
    );
    let full = measure(
        || {
            black_box(tripair::pairing::pairing::<Bn254>(black_box(&p), &q));
        },
        samples,
        BATCH_NS * 5,
    );
    writeln!(
        out,
        "bn254 Fq costs: mul {:.0}, sqr {:.0}, wide product {:.0}, reduction {:.0}, add {:.0}, inv {:.0}",
        k.mul, k.sqr, k.mul_wide, k.reduce, k.add, k.inv
    )?;
    writeln!(
        out,
        "{:<28} {:>6} {:>6} {:>7} {:>7} {:>7} {:>4} {:>9} | {:>10} {:>10} {:>6}",
        "part (counted on CountingFp)", "M", "S", "Mwide", "R", "A", "I", "M-equiv", "estimate", "measured", "ratio"
    )?;
    let mut total = OpCounts::default();
    for (name, c, m) in [("bn254 Miller loop", miller, ml), ("bn254 final exp", fe, fem)] {
        let e = estimate(&c, &k);
        writeln!(
            out,
            "{:<28} {:>6} {:>6} {:>7} {:>7} {:>7} {:>4} {:>9.0} | {:>10.0} {:>10.0} {:>6.2}",
            name,
            c.mul,
            c.sqr,
            c.mul_wide,
            c.reduce,
            c.add,
            c.inv,
            c.mul_equivalents(),
            e,
            m.cycles,
            e / m.cycles
        )?;
        total = OpCounts {
            mul: total.mul + c.mul,
            sqr: total.sqr + c.sqr,
            mul_wide: total.mul_wide + c.mul_wide,
            reduce: total.reduce + c.reduce,
            add: total.add + c.add,
            inv: total.inv + c.inv,
        };
    }
    let e = estimate(&total, &k);
    writeln!(
        out,
        "{:<28} {:>6} {:>6} {:>7} {:>7} {:>7} {:>4} {:>9.0} | {:>10.0} {:>10.0} {:>6.2}",
        "bn254 pairing",
        total.mul,
        total.sqr,
        total.mul_wide,
        total.reduce,
        total.add,
        total.inv,
        total.mul_equivalents(),
        e,
        full.cycles,
        e / full.cycles
    )?;
    writeln!(
        out,
        "paper's ate count, 9120 M x bn254 mul: {:.0} ({:.2} of the measured pairing)",
        9120.0 * k.mul,
        9120.0 * k.mul / full.cycles
    )?;

    // eta_T: the paper's Appendix A counts (not counted from tripair-smallchar's code) times
    // tripair's measured costs.
    let eta = smallchar_bench::bench_pairings_where(samples, |c| c == "eta2-233" || c == "eta3-97");
    let cost_of = |field: &str, op: usize| {
        x86.iter()
            .find(|r| r.field == field)
            .map(|r| r.ops[op].latency.cycles)
            .unwrap_or(f64::NAN)
    };
    for (curve, pc, field) in [
        ("eta2-233", costmodel::eta2(233), "F_2^233"),
        ("eta3-97", costmodel::eta3(97), "F_3^97"),
    ] {
        let est = pc.cost(cost_of(field, 1), cost_of(field, 2));
        let meas = eta
            .iter()
            .find(|r| r.curve == curve)
            .map(|r| r.one_core.cycles)
            .unwrap_or(f64::NAN);
        writeln!(
            out,
            "{curve:<10} paper's counts {:.2} M + {:.0} S/C x {field} costs: {:.0} | measured {:.0} | ratio {:.2}",
            pc.mul,
            pc.power,
            est,
            meas,
            est / meas
        )?;
    }
    Ok(())
}
