//! Benchmarks of the small-characteristic fields and eta_T pairings (BROKEN parameters, research
//! only): the field table of Vejda–Page–Großschädl and the pairing rows of Mitsunari.

use crate::measure::{measure, Measurement};
use num_bigint::BigUint;
use tripair_smallchar::eta2::{self, Curve2};
use tripair_smallchar::eta3::{self, Curve3};
use tripair_smallchar::gf2::{self, Pentanomial2};
use tripair_smallchar::gf3::{self, Trinomial3};
use tripair_smallchar::Threads;
use tripair_testkit::TestRng;

/// One row of the field table (Vejda–Page–Großschädl 2007, Tables 3 and 4): median time and
/// cycles per operation. `power` is cubing (characteristic 3) or squaring (characteristic 2),
/// `root` the cube or square root.
#[derive(Clone, Debug)]
pub struct FieldBenchRow {
    /// The field, e.g. "F_3^97".
    pub field: String,
    /// 2 or 3.
    pub characteristic: u32,
    /// The extension degree m.
    pub m: usize,
    /// The kernels measured (e.g. "avx512+bmi2" or "portable").
    pub backend: &'static str,
    /// Addition.
    pub add: Measurement,
    /// Multiplication.
    pub mul: Measurement,
    /// Cubing (characteristic 3) or squaring (characteristic 2).
    pub power: Measurement,
    /// Cube root or square root.
    pub root: Measurement,
    /// Inversion (constant time).
    pub inv: Measurement,
}

impl FieldBenchRow {
    /// The five operations by name: `add`, `mul`, `power` (cube or square), `root`, `inv`.
    pub fn ops(&self) -> [(&'static str, Measurement); 5] {
        [
            ("add", self.add),
            ("mul", self.mul),
            ("power", self.power),
            ("root", self.root),
            ("inv", self.inv),
        ]
    }
}

/// One row of the pairing table: eta_T (loop and final exponentiation) on one and on two cores.
#[derive(Clone, Debug)]
pub struct PairingBenchRow {
    /// The curve, e.g. "eta3-97".
    pub curve: &'static str,
    /// The pairing with its Miller loop on one thread.
    pub one_core: Measurement,
    /// The pairing with its Miller loop split over two threads (Mitsunari 2009, Algorithm 4).
    pub two_cores: Measurement,
}

fn bench_field3<const N: usize, P: Trinomial3>(samples: usize) -> FieldBenchRow {
    let mut rng = TestRng::new(0xf3 + P::M as u64);
    let a = gf3::Gf3::<N, P>::random(&mut rng);
    let b = gf3::Gf3::<N, P>::random(&mut rng);
    let batch = 200_000;
    tripair_smallchar::with_best_backend3!(be => {
        use gf3::Backend3;
        let add = measure(|| { std::hint::black_box(std::hint::black_box(&a).add(std::hint::black_box(&b))); }, samples, batch);
        let mul = measure(|| { std::hint::black_box(be.mul(std::hint::black_box(&a), std::hint::black_box(&b))); }, samples, batch);
        let power = measure(|| { std::hint::black_box(be.cube(std::hint::black_box(&a))); }, samples, batch);
        let root = measure(|| { std::hint::black_box(be.cube_root(std::hint::black_box(&a))); }, samples, batch);
        let inv = measure(|| { std::hint::black_box(std::hint::black_box(&a).inv_with(be)); }, samples, batch);
        FieldBenchRow { field: format!("F_3^{}", P::M), characteristic: 3, m: P::M, backend: be.name(), add, mul, power, root, inv }
    })
}

fn bench_field2<const N: usize, P: Pentanomial2>(samples: usize) -> FieldBenchRow {
    let mut rng = TestRng::new(0xf2 + P::M as u64);
    let a = gf2::Gf2::<N, P>::random(&mut rng);
    let b = gf2::Gf2::<N, P>::random(&mut rng);
    let batch = 200_000;
    tripair_smallchar::with_best_backend2!(be => {
        use gf2::Backend2;
        let add = measure(|| { std::hint::black_box(std::hint::black_box(&a).add(std::hint::black_box(&b))); }, samples, batch);
        let mul = measure(|| { std::hint::black_box(be.mul(std::hint::black_box(&a), std::hint::black_box(&b))); }, samples, batch);
        let power = measure(|| { std::hint::black_box(be.square(std::hint::black_box(&a))); }, samples, batch);
        let root = measure(|| { std::hint::black_box(be.sqrt(std::hint::black_box(&a))); }, samples, batch);
        let inv = measure(|| { std::hint::black_box(std::hint::black_box(&a).inv_with(be)); }, samples, batch);
        FieldBenchRow { field: format!("F_2^{}", P::M), characteristic: 2, m: P::M, backend: be.name(), add, mul, power, root, inv }
    })
}

type FieldBench = fn(usize) -> FieldBenchRow;

/// Every field of the table, by name, in table order.
static FIELDS: &[(&str, FieldBench)] = {
    use gf2::*;
    use gf3::*;
    &[
        ("F_3^79", bench_field3::<2, T79>),
        ("F_3^97", bench_field3::<2, T97>),
        ("F_3^163", bench_field3::<3, T163>),
        ("F_3^193", bench_field3::<4, T193>),
        ("F_3^239", bench_field3::<4, T239>),
        ("F_3^353", bench_field3::<6, T353>),
        ("F_3^509", bench_field3::<8, T509>),
        ("F_2^163", bench_field2::<3, P163>),
        ("F_2^233", bench_field2::<4, P233>),
        ("F_2^271", bench_field2::<5, P271>),
        ("F_2^283", bench_field2::<5, P283>),
        ("F_2^353", bench_field2::<6, P353>),
        ("F_2^457", bench_field2::<8, P457>),
        ("F_2^557", bench_field2::<9, P557>),
        ("F_2^1223", bench_field2::<20, P1223>),
    ]
};

/// The base field of an eta_T curve by its name: `eta3-97` is over F_3^97, `eta2-271` over F_2^271.
pub fn field_of_curve(curve: &str) -> Option<String> {
    let (c, m) = curve.strip_prefix("eta")?.split_once('-')?;
    Some(format!("F_{c}^{m}"))
}

/// Field-operation timings for every field size of both characteristics.
pub fn bench_fields(samples: usize) -> Vec<FieldBenchRow> {
    bench_fields_where(samples, &|_| true)
}

/// Field-operation timings for the fields whose name (`F_3^97`) `keep` accepts, in table order.
pub fn bench_fields_where(samples: usize, keep: &dyn Fn(&str) -> bool) -> Vec<FieldBenchRow> {
    FIELDS
        .iter()
        .filter(|(name, _)| keep(name))
        .map(|(_, bench)| bench(samples))
        .collect()
}

/// One pairing row: `pair` run on one and on two threads, measured alike.
fn pairing_row(
    name: &'static str,
    samples: usize,
    mut pair: impl FnMut(Threads),
) -> PairingBenchRow {
    let batch = 20_000_000;
    let one_core = measure(|| pair(Threads::One), samples, batch);
    let two_cores = measure(|| pair(Threads::Two), samples, batch);
    PairingBenchRow {
        curve: name,
        one_core,
        two_cores,
    }
}

fn bench_pair3<const N: usize, P: Trinomial3, const B: i8, const H: u64>(
    name: &'static str,
    samples: usize,
) -> PairingBenchRow {
    let g = Curve3::<N, P, B, H>::generator();
    let p = g.mul_vartime(&BigUint::from(0x1234_5678u64));
    let q = g.mul_vartime(&BigUint::from(0x9abc_def1u64));
    pairing_row(name, samples, |t| {
        std::hint::black_box(eta3::eta_t_pairing(&p, &q, t));
    })
}

fn bench_pair2<const N: usize, P: Pentanomial2, const B: u8, const H: u64>(
    name: &'static str,
    samples: usize,
) -> PairingBenchRow {
    let g = Curve2::<N, P, B, H>::generator();
    let p = g.mul_vartime(&BigUint::from(0x1234_5678u64));
    let q = g.mul_vartime(&BigUint::from(0x9abc_def1u64));
    pairing_row(name, samples, |t| {
        std::hint::black_box(eta2::eta_t_pairing(&p, &q, t));
    })
}

type PairingBench = fn(&'static str, usize) -> PairingBenchRow;

/// Every eta_T curve's benchmark, by name, with whether it is one of the largest (fewer samples).
static PAIRINGS: &[(&str, PairingBench, bool)] = &[
    ("eta3-97", bench_pair3::<2, gf3::T97, 1, 7>, false),
    ("eta3-193", bench_pair3::<4, gf3::T193, -1, 1>, false),
    ("eta3-509", bench_pair3::<8, gf3::T509, 1, 7>, true),
    (
        "eta2-233",
        bench_pair2::<4, gf2::P233, 0, { eta2::COFACTOR_233 }>,
        false,
    ),
    ("eta2-271", bench_pair2::<5, gf2::P271, 0, 487805>, false),
    ("eta2-1223", bench_pair2::<20, gf2::P1223, 0, 5>, true),
];

/// eta_T timings for every curve, one and two cores (fewer samples for the largest curves).
pub fn bench_pairings(samples: usize) -> Vec<PairingBenchRow> {
    bench_pairings_where(samples, &|_| true)
}

/// eta_T timings for the curves `keep` accepts, in table order.
pub fn bench_pairings_where(samples: usize, keep: &dyn Fn(&str) -> bool) -> Vec<PairingBenchRow> {
    let few = samples.div_ceil(4).max(3);
    PAIRINGS
        .iter()
        .filter(|(name, _, _)| keep(name))
        .map(|&(name, bench, large)| bench(name, if large { few } else { samples }))
        .collect()
}
