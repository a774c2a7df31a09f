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
use tripair::field::{BaseField, Fp, FpParams};
use tripair::Scalar;
use tripair_research::field::generic_primes::*;
use tripair_smallchar::gf2::{self, Backend2, Gf2, Pentanomial2};
use tripair_smallchar::gf3::{self, Backend3, Gf3, Trinomial3};
use tripair_testkit::TestRng;
use tripair_vpg::costmodel;
use tripair_vpg::counting::{count_pairing, OpCounts};

use crate::measure::{measure, measure_interleaved, Measurement};
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
    let mut lanes = x0;
    // Both closures run LANES operations per call, so the call and black_box overheads match.
    let mut lat = || {
        for _ in 0..LANES {
            one = f(one);
        }
        black_box(&one);
    };
    let mut thr = || {
        for x in lanes.iter_mut() {
            *x = f(*x);
        }
        black_box(&lanes);
    };
    // Interleaved batches: drift of the shared machine affects both alike.
    let m = measure_interleaved(&mut [&mut lat, &mut thr], samples, BATCH_NS);
    LatThr {
        latency: m[0].per(LANES as f64),
        throughput: m[1].per(LANES as f64),
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
/// ticks: (latency of a dependent chain, throughput of independent chains) for each.
#[derive(Clone, Copy, Debug)]
pub struct Bn254Costs {
    /// Multiplication.
    pub mul: LatThr,
    /// Squaring.
    pub sqr: LatThr,
    /// Double-width product followed by its Montgomery reduction.
    pub wide_then_reduce: LatThr,
    /// Double-width product alone.
    pub wide: LatThr,
    /// Addition.
    pub add: LatThr,
    /// Inversion.
    pub inv: LatThr,
}

fn bn254_costs(samples: usize) -> Bn254Costs {
    type F = Fp<Bn254Fq>;
    type W = <F as BaseField>::Wide;
    let mut rng = TestRng::new(0x254);
    let x0: [F; LANES] = core::array::from_fn(|_| F::random(&mut rng));
    let b = F::random(&mut rng);
    let w0: [W; LANES] = core::array::from_fn(|i| {
        let mut w = <F as BaseField>::WIDE_ZERO;
        x0[i].mul_wide_into(&b, &mut w);
        w
    });
    Bn254Costs {
        mul: lat_thr(x0, samples, |x| x * b),
        sqr: lat_thr(x0, samples, |x| x.square()),
        wide_then_reduce: lat_thr(w0, samples, |w| {
            let mut o = <F as BaseField>::WIDE_ZERO;
            <F as BaseField>::reduce_wide(&w).mul_wide_into(&b, &mut o);
            o
        }),
        // A wide product has no F_p result to chain on: both columns time independent
        // products (the reduction's share is the chain's cost minus this).
        wide: lat_thr(x0, samples, |x| {
            let mut o = <F as BaseField>::WIDE_ZERO;
            black_box(x).mul_wide_into(&b, &mut o);
            black_box(&o);
            x
        }),
        add: lat_thr(x0, samples, |x| x + b),
        inv: lat_thr(x0, samples, |x| x.inv()),
    }
}

/// Estimated cycles of counted operations, at latency (`thr` false) or throughput costs.
fn estimate(c: &OpCounts, k: &Bn254Costs, thr: bool) -> f64 {
    let g = |x: &LatThr| {
        if thr {
            x.throughput.cycles
        } else {
            x.latency.cycles
        }
    };
    let wide = g(&k.wide);
    let reduce = (g(&k.wide_then_reduce) - wide).max(0.0);
    c.mul as f64 * g(&k.mul)
        + c.sqr as f64 * g(&k.sqr)
        + c.mul_wide as f64 * wide
        + c.reduce as f64 * reduce
        + c.add as f64 * g(&k.add)
        + c.inv as f64 * g(&k.inv)
}

fn write_x86_table(out: &mut dyn Write, rows: &[X86Row]) -> io::Result<()> {
    writeln!(
        out,
        "\ntripair on x86 at the paper's sizes (TSC ticks per operation; lat = one dependent chain of {LANES}, thr = {LANES} independent chains)"
    )?;
    writeln!(
        out,
        "{:<14} {:>8} {:>8} | {:>8} {:>8} | {:>8} {:>8} | {:>9} {:>9}",
        "field",
        "add lat",
        "add thr",
        "mul lat",
        "mul thr",
        "pow lat",
        "pow thr",
        "inv lat",
        "inv thr"
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
         tripair_research::field::generic_primes (3 limbs for 160/192, 4 for 224/256, 6 for 384, 8 for 512 bits)."
    )?;
    writeln!(
        out,
        "Odd rows: F_2^163, F_2^283, F_2^557 reduce by pentanomials (four read-modify-writes per 64-bit chunk on the same \
         two words in memory, chained through store-to-load forwarding), F_2^233/353/457 by trinomials (two), hence \
         F_2^163 slower than F_2^233 in mul and sqr alike; add thr >= add lat: the 8 chains live in memory, the single \
         chain in registers (crates/tripair-vpg/README.md)."
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
        "\nAppendix A on x86: counts x tripair's measured field costs vs tripair's measured pairing (TSC ticks)"
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
            black_box(tripair::pairing::final_exponentiation::<Bn254>(black_box(
                &mo,
            )));
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
    let lt = |x: &LatThr| format!("{:.0}/{:.0}", x.latency.cycles, x.throughput.cycles);
    writeln!(
        out,
        "bn254 Fq costs (latency/throughput): mul {}, sqr {}, wide product {}, wide product + reduction {}, add {}, inv {}",
        lt(&k.mul),
        lt(&k.sqr),
        lt(&k.wide),
        lt(&k.wide_then_reduce),
        lt(&k.add),
        lt(&k.inv)
    )?;
    writeln!(
        out,
        "{:<20} {:>5} {:>3} {:>6} {:>6} {:>6} {:>2} {:>7} | {:>9} {:>9} {:>9} | {:>5} {:>5}",
        "bn254 (CountingFp)",
        "M",
        "S",
        "Mwide",
        "R",
        "A",
        "I",
        "M-eq",
        "est(lat)",
        "est(thr)",
        "measured",
        "r lat",
        "r thr"
    )?;
    let mut total = OpCounts::default();
    let rows = [
        ("Miller loop", miller, ml.cycles),
        ("final exp", fe, fem.cycles),
        ("pairing", OpCounts::default(), full.cycles),
    ];
    for (name, c, meas) in rows {
        let c = if name == "pairing" { total } else { c };
        let (el, et) = (estimate(&c, &k, false), estimate(&c, &k, true));
        writeln!(
            out,
            "{:<20} {:>5} {:>3} {:>6} {:>6} {:>6} {:>2} {:>7.0} | {:>9.0} {:>9.0} {:>9.0} | {:>5.2} {:>5.2}",
            name,
            c.mul,
            c.sqr,
            c.mul_wide,
            c.reduce,
            c.add,
            c.inv,
            c.mul_equivalents(),
            el,
            et,
            meas,
            el / meas,
            et / meas
        )?;
        if name == "pairing" {
            break;
        }
        total = OpCounts {
            mul: total.mul + c.mul,
            sqr: total.sqr + c.sqr,
            mul_wide: total.mul_wide + c.mul_wide,
            reduce: total.reduce + c.reduce,
            add: total.add + c.add,
            inv: total.inv + c.inv,
        };
    }
    writeln!(
        out,
        "paper's ate count, 9120 M x bn254 mul latency: {:.0} ({:.2} of the measured pairing)",
        9120.0 * k.mul.latency.cycles,
        9120.0 * k.mul.latency.cycles / full.cycles
    )?;

    // eta_T: tripair-smallchar's own counts (instrumented backends, see
    // tripair_vpg::counting_smallchar) and the paper's Appendix A counts, times tripair's
    // measured costs; roots and Frobenius maps (linear maps) at the measured root cost.
    let eta =
        smallchar_bench::bench_pairings_where(samples, &|c| c == "eta2-233" || c == "eta3-97");
    let cost_of = |field: &str, op: usize, thr: bool| {
        x86.iter()
            .find(|r| r.field == field)
            .map(|r| {
                if thr {
                    r.ops[op].throughput.cycles
                } else {
                    r.ops[op].latency.cycles
                }
            })
            .unwrap_or(f64::NAN)
    };
    let root2 = {
        let mut rng = TestRng::new(0x5a);
        let x0: [Gf2<4, gf2::P233>; LANES] = core::array::from_fn(|_| Gf2::random(&mut rng));
        tripair_smallchar::with_best_backend2!(be => lat_thr(x0, samples, |x| be.sqrt(&x)))
    };
    let root3 = {
        let mut rng = TestRng::new(0x5b);
        let x0: [Gf3<2, gf3::T97>; LANES] = core::array::from_fn(|_| Gf3::random(&mut rng));
        tripair_smallchar::with_best_backend3!(be => lat_thr(x0, samples, |x| be.cube_root(&x)))
    };
    // Per-product costs inside the fused F_3^6m products: the loop's product with its line
    // value (13 products) and the general F_3^6m product (18), measured whole.
    let (fused_line, fused_sigma) = {
        use tripair_smallchar::gf3_tower::{Gf33, Gf36};
        type E = Gf3<2, gf3::T97>;
        type X = Gf36<2, gf3::T97, 1>;
        let mut rng = TestRng::new(0x5c);
        let mut e = || E::random(&mut rng);
        let g33 = |e: &mut dyn FnMut() -> E| Gf33::<2, gf3::T97, 1>::new(e(), e(), e());
        let x0: [X; LANES] = core::array::from_fn(|_| Gf36::new(g33(&mut e), g33(&mut e)));
        let y = Gf36::new(g33(&mut e), g33(&mut e));
        let (t, ya, yb) = (e(), e(), e());
        tripair_smallchar::with_best_backend3!(be => (
            lat_thr(x0, samples, |x| {
                let mut a = x;
                be.mul_line_t(&mut a, &t, &ya, &yb);
                a
            }),
            lat_thr(x0, samples, |x| be.mul_sigma(&x, &y)),
        ))
    };
    let lane_cube = {
        use tripair_smallchar::gf3_lanes::Lanes3;
        let mut rng = TestRng::new(0x5d);
        let x0: [Lanes3<2, gf3::T97>; LANES] = core::array::from_fn(|_| {
            Lanes3::from_elems(&core::array::from_fn(|_| Gf3::random(&mut rng)))
        });
        tripair_smallchar::with_best_backend3!(be => lat_thr(x0, samples, |x| be.cube_lanes(&x)))
    };
    let (l2, f2, ok2) = tripair_vpg::counting_smallchar::count_eta2_233();
    let (l3, f3, ok3) = tripair_vpg::counting_smallchar::count_eta3_97();
    if !(ok2 && ok3) {
        return Err(io::Error::other(
            "an instrumented eta_T pairing differs from the library's",
        ));
    }
    writeln!(
        out,
        "{:<20} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} | {:>9} {:>9} {:>9} | {:>5} {:>5}",
        "eta_T (instrumented)",
        "M",
        "fused",
        "S/C",
        "root",
        "frob",
        "lanes",
        "est(lat)",
        "est(thr)",
        "measured",
        "r lat",
        "r thr"
    )?;
    for (curve, field, lp, fe, root) in [
        ("eta2-233", "F_2^233", l2, f2, root2),
        ("eta3-97", "F_3^97", l3, f3, root3),
    ] {
        let meas = eta
            .iter()
            .find(|r| r.curve == curve)
            .map(|r| r.one_core.cycles)
            .unwrap_or(f64::NAN);
        let pick = |x: &LatThr, thr: bool| {
            if thr {
                x.throughput.cycles
            } else {
                x.latency.cycles
            }
        };
        // Fused products at their measured per-product cost (loop: by the line, 13; final
        // exponentiation: the F_3^6m product, 18); the others at the standalone costs.
        let est_part =
            |c: &tripair_vpg::counting_smallchar::SmallCounts, thr: bool, in_loop: bool| {
                let fused = if in_loop {
                    pick(&fused_line, thr) / 13.0
                } else {
                    pick(&fused_sigma, thr) / 18.0
                };
                (c.mul - c.fused_mul) as f64 * cost_of(field, 1, thr)
                    + c.fused_mul as f64 * fused
                    + c.power as f64 * cost_of(field, 2, thr)
                    + (c.root + c.frob) as f64 * pick(&root, thr)
                    + c.lanes as f64 * pick(&lane_cube, thr)
            };
        let est = |c: &tripair_vpg::counting_smallchar::SmallCounts, thr: bool| {
            if c == &lp {
                est_part(c, thr, true)
            } else if c == &fe {
                est_part(c, thr, false)
            } else {
                est_part(&lp, thr, true) + est_part(&fe, thr, false)
            }
        };
        let sum = tripair_vpg::counting_smallchar::SmallCounts {
            mul: lp.mul + fe.mul,
            fused_mul: lp.fused_mul + fe.fused_mul,
            power: lp.power + fe.power,
            root: lp.root + fe.root,
            frob: lp.frob + fe.frob,
            lanes: lp.lanes + fe.lanes,
        };
        for (part, c) in [("loop", lp), ("final exp", fe), ("pairing", sum)] {
            let (el, et) = (est(&c, false), est(&c, true));
            let tail = if part == "pairing" {
                format!(" {:>9.0} | {:>5.2} {:>5.2}", meas, el / meas, et / meas)
            } else {
                String::new()
            };
            writeln!(
                out,
                "{:<20} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} | {:>9.0} {:>9.0}{}",
                format!("{curve} {part}"),
                c.mul,
                c.fused_mul,
                c.power,
                c.root,
                c.frob,
                c.lanes,
                el,
                et,
                tail
            )?;
        }
        let pc = if curve == "eta2-233" {
            costmodel::eta2(233)
        } else {
            costmodel::eta3(97)
        };
        let (pl, pt) = (
            pc.cost(cost_of(field, 1, false), cost_of(field, 2, false)),
            pc.cost(cost_of(field, 1, true), cost_of(field, 2, true)),
        );
        writeln!(
            out,
            "{:<20} paper's counts {:.2} M + {:.0} S/C: {:.0} (lat) {:.0} (thr), {:.2} / {:.2} of measured",
            "",
            pc.mul,
            pc.power,
            pl,
            pt,
            pl / meas,
            pt / meas
        )?;
    }
    writeln!(
        out,
        "costs: mul/pow from the x86 table above; roots and Frobenius maps at the root's cost: sqrt {} (F_2^233), \
         cube root {} (F_3^97); lane cubing (8 at once) {}; fused F_3^97 products: by the line {} / 13, \
         F_3^6m product {} / 18 (latency/throughput); measured: one-thread pairing (loop + final exponentiation), median",
        lt(&root2),
        lt(&root3),
        lt(&lane_cube),
        lt(&fused_line),
        lt(&fused_sigma)
    )?;
    Ok(())
}

/// `--table vpg`: one fixed text table, with no curve to choose. It is measured as it is written
/// (each part printed as soon as it is measured), so its [`measure`](super::Table::measure)
/// only keeps the sample count for [`text`](super::Table::text).
pub struct Vpg;

/// What [`Vpg`]'s text measures: `samples` timed batches per figure.
#[derive(Clone, Copy, Debug)]
pub struct VpgRun {
    /// Timed batches per figure.
    pub samples: usize,
}

impl super::Table for Vpg {
    type Measured = VpgRun;

    fn name(&self) -> &'static str {
        "vpg"
    }

    fn about(&self) -> &'static str {
        "Vejda-Page-Grossschaedl 2007: Tables 3 and 4 on the model of the tri-field MAC unit \
         (tripair-vpg) beside the paper's, Appendix A (the paper's estimates recomputed, the \
         model's), tripair's x86 field table (F_p, F_2^m, F_3^m latency and throughput) at the \
         same sizes and Appendix A on x86 (text only: no --json, --plot or --curve)"
    }

    fn default_curves(&self) -> &'static [&'static str] {
        &[]
    }

    fn refuses(&self, options: &super::Options) -> Option<String> {
        (options.json || options.plot.is_some() || !options.curves.is_empty()).then(|| {
            "--table vpg prints one fixed text table: no --json, --plot or --curve".to_string()
        })
    }

    fn steps_per_curve(&self) -> u64 {
        0
    }

    fn measure(
        &self,
        _curve: &str,
        samples: usize,
        _progress: &mut dyn FnMut(&str),
    ) -> Result<VpgRun, String> {
        Ok(VpgRun { samples })
    }

    fn text(&self, out: &mut dyn Write, run: &VpgRun) -> io::Result<()> {
        write_table(out, run.samples)
    }

    /// None: `--json` is refused.
    fn json_rows(&self, _run: &VpgRun) -> Vec<serde_json::Value> {
        Vec::new()
    }
}
