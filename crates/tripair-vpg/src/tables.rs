//! Tables 2, 3 and 4 of the paper, and the model's measurements of the same operations.
//!
//! Each row: the model's cycles (native and ISE, multiplier latency 2 as in the paper's
//! (32x16) unit), the paper's cycles, the model/paper ratio and the ISE speed-up; for
//! multiplication also the cycles with the (32x8) units (latency 4) and the time of one
//! multiplication on each of the four MAC units of Table 2 at its maximum clock frequency.

use num_bigint::BigUint;
use tripair_smallchar::gf2::{self as sgf2, Gf2, Pentanomial2};
use tripair_smallchar::gf3::{self as sgf3, Gf3, Trinomial3};

use crate::fields::{self, FpModel, Op, Routine};
use crate::fp::Isa;
use crate::machine::{RunStats, MAC_UNITS};
use crate::primes::{generic_prime, FP_BITS};
use crate::VpgError;

/// The kind of field of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// F_2^m.
    Binary,
    /// F_3^m.
    Ternary,
    /// F_p.
    Prime,
}

/// The paper's numbers for one field: (addition, multiplication, squaring or cubing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaperRow {
    /// The kind of field.
    pub kind: Kind,
    /// m, or the bit length of p.
    pub size: usize,
    /// Table 3 (native SPARC V8).
    pub native: [u64; 3],
    /// Table 4 (extended instruction set).
    pub ise: [u64; 3],
}

const fn row(kind: Kind, size: usize, native: [u64; 3], ise: [u64; 3]) -> PaperRow {
    PaperRow {
        kind,
        size,
        native,
        ise,
    }
}

/// Tables 3 and 4 of Vejda-Page-Großschädl 2007, cycles on the LEON-2.
pub const PAPER: [PaperRow; 18] = [
    row(Kind::Binary, 163, [162, 4978, 1468], [65, 415, 166]),
    row(Kind::Binary, 233, [197, 7010, 1463], [81, 634, 207]),
    row(Kind::Binary, 283, [215, 14531, 1861], [89, 778, 244]),
    row(Kind::Binary, 353, [275, 14154, 2359], [113, 1238, 311]),
    row(Kind::Binary, 457, [323, 21496, 2840], [137, 1806, 378]),
    row(Kind::Binary, 557, [413, 42863, 3264], [161, 2545, 508]),
    row(Kind::Ternary, 79, [96, 8992, 1360], [65, 422, 475]),
    row(Kind::Ternary, 97, [116, 13460, 1448], [85, 637, 593]),
    row(Kind::Ternary, 163, [156, 26779, 1996], [125, 1257, 927]),
    row(Kind::Ternary, 193, [176, 35690, 2251], [125, 1295, 984]),
    row(Kind::Ternary, 239, [196, 39855, 2448], [165, 2069, 1261]),
    row(Kind::Ternary, 353, [276, 79195, 3650], [245, 4247, 1896]),
    row(Kind::Prime, 160, [69, 1183, 1183], [68, 498, 498]),
    row(Kind::Prime, 192, [80, 1334, 1334], [80, 574, 574]),
    row(Kind::Prime, 224, [92, 1618, 1618], [92, 759, 759]),
    row(Kind::Prime, 256, [104, 1907, 1907], [104, 913, 913]),
    row(Kind::Prime, 384, [152, 3866, 3866], [152, 1883, 1883]),
    row(Kind::Prime, 512, [200, 6254, 6089], [200, 3094, 3094]),
];

/// The model's cycles for one operation of one field.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OpCycles {
    /// Mean cycles, native, latency 2.
    pub native: f64,
    /// Mean cycles, ISE, latency 2.
    pub ise: f64,
    /// Mean cycles, native, latency 4.
    pub native_l4: f64,
    /// Mean cycles, ISE, latency 4.
    pub ise_l4: f64,
}

/// One field as the model measures it.
#[derive(Clone, Debug)]
pub struct ModelRow {
    /// The paper's row.
    pub paper: PaperRow,
    /// Addition, multiplication, squaring/cubing.
    pub ops: [OpCycles; 3],
}

impl ModelRow {
    /// The field's name, e.g. "F_2^163", "F_p (160 bits)".
    pub fn name(&self) -> String {
        match self.paper.kind {
            Kind::Binary => format!("F_2^{}", self.paper.size),
            Kind::Ternary => format!("F_3^{}", self.paper.size),
            Kind::Prime => format!("F_p {}-bit", self.paper.size),
        }
    }
}

const OPS: [Op; 3] = [Op::Add, Op::Mul, Op::Power];

/// Mean cycles of `run` over `samples` input pairs.
fn mean(
    samples: usize,
    mut run: impl FnMut(usize) -> Result<RunStats, VpgError>,
) -> Result<f64, VpgError> {
    let mut total = 0u64;
    for s in 0..samples {
        total += run(s)?.cycles;
    }
    Ok(total as f64 / samples as f64)
}

/// A deterministic input stream (splitmix64).
struct Stream(u64);

impl Stream {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn measure_gf2<const N: usize, P: Pentanomial2>(
    samples: usize,
    paper: PaperRow,
) -> Result<ModelRow, VpgError> {
    let mut rng = Stream(P::M as u64);
    let inputs: Vec<(Gf2<N, P>, Gf2<N, P>)> = (0..samples)
        .map(|_| {
            let bits = |s: &mut Stream| {
                (0..P::M)
                    .filter(|_| s.next() & 1 == 1)
                    .fold(Gf2::<N, P>::zero(), |x, i| x.add(&Gf2::monomial(i)))
            };
            (bits(&mut rng), bits(&mut rng))
        })
        .collect();
    let mut ops = [OpCycles {
        native: 0.0,
        ise: 0.0,
        native_l4: 0.0,
        ise_l4: 0.0,
    }; 3];
    for (k, op) in OPS.iter().enumerate() {
        let rn: Routine = fields::gf2_routine::<P>(*op, Isa::Native)?;
        let ri: Routine = fields::gf2_routine::<P>(*op, Isa::Ise)?;
        let go = |r: &Routine, l: u64| {
            mean(samples, |s| {
                Ok(fields::run_gf2(r, &inputs[s].0, &inputs[s].1, l)?.1)
            })
        };
        ops[k] = OpCycles {
            native: go(&rn, 2)?,
            ise: go(&ri, 2)?,
            native_l4: go(&rn, 4)?,
            ise_l4: go(&ri, 4)?,
        };
    }
    Ok(ModelRow { paper, ops })
}

fn measure_gf3<const N: usize, P: Trinomial3>(
    samples: usize,
    paper: PaperRow,
) -> Result<ModelRow, VpgError> {
    let mut rng = Stream(P::M as u64 + 1000);
    let inputs: Vec<(Gf3<N, P>, Gf3<N, P>)> = (0..samples)
        .map(|_| {
            let trits = |s: &mut Stream| {
                let t: Vec<u8> = (0..P::M).map(|_| (s.next() % 3) as u8).collect();
                Gf3::<N, P>::from_trits(&t)
            };
            (trits(&mut rng), trits(&mut rng))
        })
        .collect();
    let mut ops = [OpCycles {
        native: 0.0,
        ise: 0.0,
        native_l4: 0.0,
        ise_l4: 0.0,
    }; 3];
    for (k, op) in OPS.iter().enumerate() {
        let rn = fields::gf3_routine::<P>(*op, Isa::Native)?;
        let ri = fields::gf3_routine::<P>(*op, Isa::Ise)?;
        let go = |r: &Routine, isa: Isa, l: u64| {
            mean(samples, |s| {
                Ok(fields::run_gf3(r, isa, &inputs[s].0, &inputs[s].1, l)?.1)
            })
        };
        ops[k] = OpCycles {
            native: go(&rn, Isa::Native, 2)?,
            ise: go(&ri, Isa::Ise, 2)?,
            native_l4: go(&rn, Isa::Native, 4)?,
            ise_l4: go(&ri, Isa::Ise, 4)?,
        };
    }
    Ok(ModelRow { paper, ops })
}

fn measure_fp(samples: usize, paper: PaperRow) -> Result<ModelRow, VpgError> {
    let p = generic_prime(paper.size);
    let model = FpModel::new(&p)?;
    let mut rng = Stream(paper.size as u64 + 2000);
    let below = |s: &mut Stream| {
        let v: Vec<u32> = (0..model.t + 2).map(|_| s.next() as u32).collect();
        BigUint::from_slice(&v) % &p
    };
    let inputs: Vec<(BigUint, BigUint)> = (0..samples)
        .map(|_| (below(&mut rng), below(&mut rng)))
        .collect();
    let mut ops = [OpCycles {
        native: 0.0,
        ise: 0.0,
        native_l4: 0.0,
        ise_l4: 0.0,
    }; 3];
    for (k, op) in OPS.iter().enumerate() {
        let rn = model.routine(*op, Isa::Native)?;
        let ri = model.routine(*op, Isa::Ise)?;
        let go = |r: &Routine, l: u64| {
            mean(samples, |s| {
                let b = if *op == Op::Power {
                    &inputs[s].0
                } else {
                    &inputs[s].1
                };
                Ok(model.run(r, &inputs[s].0, b, l)?.1)
            })
        };
        ops[k] = OpCycles {
            native: go(&rn, 2)?,
            ise: go(&ri, 2)?,
            native_l4: go(&rn, 4)?,
            ise_l4: go(&ri, 4)?,
        };
    }
    Ok(ModelRow { paper, ops })
}

/// Runs every routine at every size of Tables 3 and 4 on `samples` random input pairs.
pub fn measure(samples: usize) -> Result<Vec<ModelRow>, VpgError> {
    let samples = samples.max(1);
    let mut rows = Vec::new();
    for paper in PAPER {
        rows.push(match (paper.kind, paper.size) {
            (Kind::Binary, 163) => measure_gf2::<3, sgf2::P163>(samples, paper)?,
            (Kind::Binary, 233) => measure_gf2::<4, sgf2::P233>(samples, paper)?,
            (Kind::Binary, 283) => measure_gf2::<5, sgf2::P283>(samples, paper)?,
            (Kind::Binary, 353) => measure_gf2::<6, sgf2::P353>(samples, paper)?,
            (Kind::Binary, 457) => measure_gf2::<8, sgf2::P457>(samples, paper)?,
            (Kind::Binary, 557) => measure_gf2::<9, sgf2::P557>(samples, paper)?,
            (Kind::Ternary, 79) => measure_gf3::<2, sgf3::T79>(samples, paper)?,
            (Kind::Ternary, 97) => measure_gf3::<2, sgf3::T97>(samples, paper)?,
            (Kind::Ternary, 163) => measure_gf3::<3, sgf3::T163>(samples, paper)?,
            (Kind::Ternary, 193) => measure_gf3::<4, sgf3::T193>(samples, paper)?,
            (Kind::Ternary, 239) => measure_gf3::<4, sgf3::T239>(samples, paper)?,
            (Kind::Ternary, 353) => measure_gf3::<6, sgf3::T353>(samples, paper)?,
            (Kind::Prime, _) => measure_fp(samples, paper)?,
            (k, s) => {
                return Err(VpgError::Input(format!("no field for {k:?} of size {s}")));
            }
        });
    }
    debug_assert!(FP_BITS.iter().all(|b| PAPER.iter().any(|r| r.size == *b)));
    Ok(rows)
}

/// Tables 3 and 4 side by side with the paper, then the multiplication variants of Table 2.
pub fn render(rows: &[ModelRow]) -> String {
    let mut s = String::new();
    s += "Vejda-Page-Grossschadl 2007, Tables 3 and 4, on the model (cycles; L = 2, the (32x16) MAC unit)\n";
    s += "op: add / mul / sqr (F_2^m, F_p) or cube (F_3^m); ratio = model / paper; speed-up = native / ISE\n\n";
    s += &format!(
        "{:<14} {:<4} {:>9} {:>9} {:>6} | {:>9} {:>9} {:>6} | {:>8} {:>8}\n",
        "field", "op", "native", "paper", "ratio", "ISE", "paper", "ratio", "speedup", "paper"
    );
    let names = ["add", "mul", "pow"];
    for row in rows {
        for (k, c) in row.ops.iter().enumerate() {
            let (pn, pi) = (row.paper.native[k] as f64, row.paper.ise[k] as f64);
            let name = if k == 2 {
                if row.paper.kind == Kind::Ternary {
                    "cube"
                } else {
                    "sqr"
                }
            } else {
                names[k]
            };
            s += &format!(
                "{:<14} {:<4} {:>9.0} {:>9} {:>6.2} | {:>9.0} {:>9} {:>6.2} | {:>7.1}x {:>7.1}x\n",
                if k == 0 { row.name() } else { String::new() },
                name,
                c.native,
                pn,
                c.native / pn,
                c.ise,
                pi,
                c.ise / pi,
                c.native / c.ise,
                pn / pi
            );
        }
    }
    s += "\nMultiplication on the four MAC units of Table 2 (cycles at latency L; microseconds at the unit's maximum clock)\n";
    s += &format!(
        "{:<14} {:>8} {:>8} {:>8} {:>8}",
        "field", "nat L=2", "ISE L=2", "nat L=4", "ISE L=4"
    );
    for u in MAC_UNITS {
        s += &format!(" {:>15}", format!("{} us", u.name));
    }
    s += "\n";
    for row in rows {
        let c = row.ops[1];
        s += &format!(
            "{:<14} {:>8.0} {:>8.0} {:>8.0} {:>8.0}",
            row.name(),
            c.native,
            c.ise,
            c.native_l4,
            c.ise_l4
        );
        for u in MAC_UNITS {
            let cyc = if u.latency == 2 { c.ise } else { c.ise_l4 };
            s += &format!(" {:>15.2}", cyc / u.mhz);
        }
        s += "\n";
    }
    s += "Table 2 (paper): ";
    for u in MAC_UNITS {
        s += &format!("{} {} GE {} MHz L={}; ", u.name, u.gates, u.mhz, u.latency);
    }
    s += "\n";
    s
}
