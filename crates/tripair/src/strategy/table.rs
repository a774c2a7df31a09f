//! The tuned values, one row per CPU family, each value with the measurement that set it.
//!
//! A value that was never measured on a family says so in its source and names the family it was
//! taken from; `tripair bench --table strategy` on a machine of that family shows whether it fits.
//! Lane values only matter where the lanes run (AVX-512 IFMA): on the other families they are
//! carried for completeness and never read.

use crate::cpu::CpuFamily;

/// A tuned value and where it came from (the report, table or harness run that measured it).
#[derive(Clone, Copy, Debug)]
pub struct Tuned<T> {
    /// The value.
    pub value: T,
    /// The measurement that set it.
    pub source: &'static str,
}

const fn tuned<T>(value: T, source: &'static str) -> Tuned<T> {
    Tuned { value, source }
}

/// Costs in quarters of a cyclotomic square of an exponentiation's chain, for dealing its powers
/// between two threads: an F_p12 product, taking a power out of the chain, handing it over.
#[derive(Clone, Copy, Debug)]
pub struct ShareCosts {
    /// An F_p12 product.
    pub product: usize,
    /// Taking a power out of the chain.
    pub exit: usize,
    /// Handing a power to the worker.
    pub handover: usize,
}

/// Costs in compressed squares of the two-thread compressed chain: an F_p12 product, and a batch
/// decompression (its shared inversion, then each element).
#[derive(Clone, Copy, Debug)]
pub struct CompressedCosts {
    /// An F_p12 product.
    pub product: usize,
    /// The shared F_p2 inversion of a batch decompression.
    pub decompress_base: usize,
    /// Each element decompressed.
    pub decompress_each: usize,
}

/// Costs of a recorded product's replayed loop steps, in eighths of a sparse line product in the
/// lanes with its evaluation at P, and the bounds of the recorded form.
#[derive(Clone, Copy, Debug)]
pub struct RecordedCosts {
    /// A line replayed (evaluated and multiplied in).
    pub product: usize,
    /// A lane F_p12 square.
    pub square: usize,
    /// A cyclotomic square of the merged value.
    pub merged_square: usize,
    /// The fewest loop steps one replayed segment gets.
    pub min_steps: usize,
    /// The most lane rows (of eight pairs) recorded: each row's lines take about 170 KB on bn254
    /// and 210 KB on bls12-381.
    pub max_rows: usize,
}

/// Every tuned value of one CPU family.
#[derive(Clone, Copy, Debug)]
pub struct Tuning {
    /// The family of this row.
    pub family: CpuFamily,
    /// Curves (by name) whose single pairing runs digit-sliced in the lanes.
    pub sliced_single_pairing: Tuned<&'static [&'static str]>,
    /// From this many finite pairs on, a product's scalar Miller loop uses affine lines (fields of
    /// up to 6 limbs).
    pub affine_min_pairs: Tuned<usize>,
    /// The same for fields of 7 limbs and more.
    pub affine_min_pairs_7_limbs: Tuned<usize>,
    /// Whether the scalar field's exponentiations square in the IFMA lanes (where the lane
    /// kernels apply to the curve's tower).
    pub square_chains_in_lanes: Tuned<bool>,
    /// From this many points (after the GLV/GLS split) on, a multi-scalar multiplication fills
    /// its buckets with batch-affine additions instead of projective ones.
    pub msm_batch_affine_min: Tuned<usize>,
    /// From this many points after the GLV/GLS split on, a multi-scalar multiplication uses
    /// buckets (Pippenger) rather than interleaved NAFs (Straus).
    pub msm_buckets_min: Tuned<usize>,
    /// From this many finite pairs on, a product's Miller loop runs in the lanes.
    pub lanes_min_product: Tuned<usize>,
    /// The smallest group of G1 points with one prepared G2 point worth a lane pass.
    pub lanes_min_prepared: Tuned<usize>,
    /// From this many G1 points on, their subgroup checks run eight at a time in the lanes.
    pub lanes_min_subgroup_checks: Tuned<usize>,
    /// From this many elements of F_p on (p = 3 mod 4), their square roots run eight at a time in
    /// the lanes.
    pub lanes_min_square_roots: Tuned<usize>,
    /// One lane pass (eight pairings) in scalar pairings, for dealing a batch over threads.
    pub lane_pass_cost: Tuned<usize>,
    /// The cut (hundredths of the loop) of one scalar pairing's Miller loop split over two threads.
    pub scalar_loop_split: Tuned<usize>,
    /// The cut (hundredths of the loop) of a product's one lane row split over two threads.
    pub product_lane_split: Tuned<usize>,
    /// The cut of a batch's one lane pass split over two threads.
    pub batch_lane_split: Tuned<usize>,
    /// The scalar field's chain costs for the two-thread exponentiation by u.
    pub scalar_chain: Tuned<ShareCosts>,
    /// A lane field's chain costs for the two-thread exponentiation by u.
    pub lane_chain: Tuned<ShareCosts>,
    /// The compressed chain's costs (bls12-381) for the two-thread exponentiation by u.
    pub compressed_chain: Tuned<CompressedCosts>,
    /// The recorded product's step costs and bounds.
    pub recorded: Tuned<RecordedCosts>,
}

/// The curves whose digit-sliced single pairing the library compiles beside the scalar one: every
/// curve a row's `sliced_single_pairing` names (the unit tests check the rows) and those
/// `tripair bench --table strategy` measures it on (bn254, bls12-381), so that a new row can be
/// set from that table. For the others (bn254n, bn446, bn638) it was 9% of the library's IR that
/// no call reached; `pairing::pairing_sliced` instantiates it in the caller's crate for them.
pub(crate) const SLICED_CANDIDATES: &[&str] = &["bn254", "bls12-381", "bn256d", "dclxvi"];

/// Whether `name` is one of [`SLICED_CANDIDATES`] (a `const fn`: the choice is made at compile
/// time, so that the library instantiates the digit-sliced pairing only for them).
pub(crate) const fn sliced_candidate(name: &str) -> bool {
    let mut i = 0;
    while i < SLICED_CANDIDATES.len() {
        let (a, b) = (SLICED_CANDIDATES[i].as_bytes(), name.as_bytes());
        if a.len() == b.len() {
            let mut k = 0;
            while k < a.len() && a[k] == b[k] {
                k += 1;
            }
            if k == a.len() {
                return true;
            }
        }
        i += 1;
    }
    false
}

const SLICED_XEON: Tuned<&[&str]> = tuned(
    &["bn256d", "dclxvi"],
    "Intel Xeon with IFMA, docs/ggp-table.txt: row D over row B's single pairing 0.92x (bn256d) and \
     0.88x (dclxvi, 920,952 against 1,044,358 rdtsc ticks); p has no spare bit, so the scalar tower \
     has no lazy reduction to gain from",
);
const AFFINE_EPYC: Tuned<usize> = tuned(
    8,
    "AMD EPYC with AVX-512 (generation not recorded), affine over projective product loop: bn254 1.11 at 4 pairs, 1.01 at 6, \
     0.96 at 8, 0.85 at 20; bls12-381 1.09 / 1.00 / 0.96 / 0.86",
);
const AFFINE_7_LIMBS_EPYC: Tuned<usize> = tuned(
    5,
    "AMD EPYC with AVX-512 (generation not recorded), affine over projective loop: bn638 1.00 at 4 pairs, 0.91 at 8",
);
const MSM_BATCH_AFFINE_ZEN4: Tuned<usize> = tuned(
    16,
    "AMD EPYC Zen 4, crates/tripair-eth/examples/msm_fill.rs (load 1.1), batch-affine over projective \
     buckets on bls12-381: G1 1.04 at 12 parts (6 points), 1.00 at 16, 0.84 at 32, 0.69 at 128; \
     G2 0.74 at 16 parts (4 points), 0.63 at 64, 0.59 at 1024",
);
const MSM_BUCKETS_ZEN4: Tuned<usize> = tuned(
    48,
    "AMD EPYC Zen 4, crates/tripair-eth/examples/msm_fill.rs (load 1.0), buckets (the faster filling) \
     over interleaved NAFs on bls12-381: G1 3.14 at 2 parts (1 point), 1.98 at 16, 1.10 at 48, 1.00 \
     at 64, 0.74 at 128; G2 1.58 at 16 parts (4 points), 1.09 at 32, 0.89 at 48, 0.53 at 256 (one \
     value for both groups: from 48 parts G2 gains 11% and G1 loses 10% until 64)",
);
const SUBGROUP_LANES_XEON: Tuned<usize> = tuned(
    4,
    "Intel Xeon with IFMA, bench --table strategy on bls12-381 (taskset -c 1, load 1.0): one lane \
     pass 148 us against one by one 40 us for 1 point, 80 us for 2, 160 us for 4, 320 us for 8; \
     64 points 1.18 ms against 2.56 ms",
);
const SQRT_LANES_XEON: Tuned<usize> = tuned(
    4,
    "Intel Xeon with IFMA, bench --table strategy (taskset -c 1, a fuzzer beside it at nice 10): \
     one lane pass 21.6 us (bn254) and 54-55 us (bls12-381) against one root 5.8 us and 14.9 us: \
     3.7 roots break even",
);
const SUBGROUP_LANES_ZEN4: Tuned<usize> = tuned(
    6,
    "AMD EPYC Zen 4, bench --table strategy on bls12-381 (load 1.0, quiet): one lane pass \
     292-298 us against one by one 56 us for 1 point, 113 us for 2, 228 us for 4, 462 us for 8 \
     (5.2 checks break even; the Xeon's 4 was 1.31x slower at 4); 64 points 2.13 ms against 3.65 ms",
);
const SQRT_LANES_ZEN4: Tuned<usize> = tuned(
    5,
    "AMD EPYC Zen 4, bench --table strategy (load 1.0, quiet): one lane pass 34-37 us (bn254) \
     and 85-94 us (bls12-381) against one root 6.4-7.3 us and 18-20 us: 5.1 and 4.7 roots break \
     even (the Xeon's 4 was 1.26x and 1.23x slower at 4)",
);
const LANES_MIN_PRODUCT_XEON: Tuned<usize> = tuned(
    5,
    "Intel Xeon with IFMA, examples/lanes_bench.rs (two runs, product with its final \
     exponentiation, lanes over the scalar affine product): 1.01-1.13x at 4 pairs, 0.87-0.94x at \
     5, 0.78-0.82x at 6, 0.57-0.63x at 8, bn254 and bls12-381 alike",
);
const CHAINS_XEON: Tuned<bool> = tuned(
    true,
    "Intel Xeon with IFMA, docs/bench-peers.txt era: the final exponentiation's squares in lanes \
     (compressed squares in two lane products each instead of twelve scalar ones; cyclotomic \
     squares in three) made the single pairing faster on bn254 and bls12-381",
);
const LANES_MIN_PREPARED_ALL: Tuned<usize> = tuned(
    5,
    "bench --table ggp, rows G and B: one prepared lane pass costs 0.5-0.7 of eight scalar \
     pairings (Intel Xeon with IFMA, AMD EPYC Zen 4)",
);
const LANE_PASS_ZEN4: Tuned<usize> = tuned(
    4,
    "bench --table ggp, time per pairing lanes over scalar: 0.50-0.56 on AMD EPYC Zen 4 \
     (docs/ggp-table.txt); a pass = 8 x 0.5 = 4 scalar pairings",
);
const SCALAR_SPLIT_MODEL: Tuned<usize> = tuned(
    52,
    "cost model, not a CPU measurement: with a loop step costing 1, a squaring about 0.3 and a G2 \
     doubling about 0.35, both threads finish together near 0.52 of the loop",
);
const PRODUCT_SPLIT_ZEN5: Tuned<usize> = tuned(
    56,
    "AMD EPYC Zen 5, products of 8 on two threads with their final exponentiation, medians of 25 \
     interleaved calls, cuts 48-66, two runs: bn254 0.629-0.632 at 56 (0.624-0.627 at 58), \
     bls12-381 0.654-0.657 at 54-56",
);
const BATCH_SPLIT_XEON: Tuned<usize> = tuned(
    52,
    "Intel Xeon with IFMA, batches of 8 on two threads against one, medians of 25 interleaved \
     calls, cuts 46-66: best near 50-54 (0.87-0.89 of one thread's time)",
);
const SCALAR_CHAIN_ZEN5: Tuned<ShareCosts> = tuned(
    ShareCosts {
        product: 21,
        exit: 6,
        handover: 1,
    },
    "AMD EPYC Zen 5, bn254 rdtsc medians: a cyclotomic square about 450 ticks, a product 2,350, a \
     power taken out of the lanes 650; the model then gives every cut's timeline within 1.5K ticks",
);
const LANE_CHAIN_ZEN5: Tuned<ShareCosts> = tuned(
    ShareCosts {
        product: 9,
        exit: 0,
        handover: 2,
    },
    "AMD EPYC Zen 5, batch of 8 on two threads, cuts 12-24 scanned, medians of 21: 0.78x one \
     thread's time at the model's cut (22 of 24 powers handed over on bn254)",
);
const COMPRESSED_XEON: Tuned<CompressedCosts> = tuned(
    CompressedCosts {
        product: 5,
        decompress_base: 15,
        decompress_each: 3,
    },
    "Intel Xeon with IFMA, bls12-381: a compressed square in the lanes about 650 rdtsc ticks, an \
     F_p12 product 3,400, a batch decompression's inversion 10,000 and 2,000 per element",
);
const RECORDED_ZEN5: Tuned<RecordedCosts> = tuned(
    RecordedCosts {
        product: 8,
        square: 8,
        merged_square: 1,
        min_steps: 8,
        max_rows: 16,
    },
    "AMD EPYC Zen 5, bn254 rdtsc: about 3.9K per line replayed, 3.9K per lane square, 0.5K per \
     cyclotomic square of the merged value; segments within 3% of each other at these costs",
);

/// The row of the Intel Xeons with AVX-512 IFMA (Ice Lake and later).
const INTEL_IFMA: Tuning = Tuning {
    family: CpuFamily::IntelIfma,
    sliced_single_pairing: SLICED_XEON,
    affine_min_pairs: tuned(
        8,
        "Intel Xeon with IFMA, docs/strategy-table-xeon.txt (load 0.9), affine over projective \
         product loop: bn254 1.02 at 8 pairs, 0.92 at 20, 0.87 at 64; bls12-381 1.04 / 0.95 / \
         0.89 (the AMD EPYC figure kept: the crossing lies between 8 and 20 pairs, and from 5 \
         pairs on these curves' products run in the lanes here)",
    ),
    affine_min_pairs_7_limbs: tuned(5, "not measured on this family: the AMD EPYC figure"),
    msm_batch_affine_min: tuned(
        MSM_BATCH_AFFINE_ZEN4.value,
        "the AMD EPYC Zen 4 crossing; on this family docs/strategy-table-xeon.txt shows the \
         filling it chooses fastest at 8 points (interleaved NAFs) and 64 (batch-affine buckets: \
         0.73x projective buckets in G1, 0.60x in G2, bls12-381)",
    ),
    msm_buckets_min: tuned(
        MSM_BUCKETS_ZEN4.value,
        "the AMD EPYC Zen 4 crossing; on this family docs/strategy-table-xeon.txt shows \
         interleaved NAFs fastest at 8 points (0.47x the best buckets in G1, 0.90x in G2, \
         bls12-381) and buckets at 64 (0.82x NAFs in G1, 0.57x in G2)",
    ),
    square_chains_in_lanes: CHAINS_XEON,
    lanes_min_product: LANES_MIN_PRODUCT_XEON,
    lanes_min_prepared: LANES_MIN_PREPARED_ALL,
    lanes_min_subgroup_checks: SUBGROUP_LANES_XEON,
    lanes_min_square_roots: SQRT_LANES_XEON,
    lane_pass_cost: tuned(
        4,
        "bench --table ggp on the Xeon: lanes over scalar 0.30-0.36 per pairing (a pass = 2.6 \
         scalar pairings); 4 kept from Zen 4, the leftovers' dealing not re-measured here",
    ),
    scalar_loop_split: SCALAR_SPLIT_MODEL,
    product_lane_split: tuned(56, "not re-measured on this family: the Zen 5 figure"),
    batch_lane_split: BATCH_SPLIT_XEON,
    scalar_chain: tuned(
        SCALAR_CHAIN_ZEN5.value,
        "not re-measured on this family: Zen 5's",
    ),
    lane_chain: tuned(
        LANE_CHAIN_ZEN5.value,
        "not re-measured on this family: Zen 5's",
    ),
    compressed_chain: COMPRESSED_XEON,
    recorded: tuned(
        RECORDED_ZEN5.value,
        "not re-measured on this family: Zen 5's",
    ),
};

/// The row of AMD Zen 4 (family 19h with AVX-512).
const AMD_ZEN4: Tuning = Tuning {
    family: CpuFamily::AmdZen4,
    sliced_single_pairing: tuned(
        SLICED_XEON.value,
        "not re-measured on this family: the Xeon's",
    ),
    affine_min_pairs: AFFINE_EPYC,
    affine_min_pairs_7_limbs: AFFINE_7_LIMBS_EPYC,
    msm_batch_affine_min: MSM_BATCH_AFFINE_ZEN4,
    msm_buckets_min: MSM_BUCKETS_ZEN4,
    square_chains_in_lanes: tuned(
        true,
        "not re-measured on this family: the Xeon's; bench --table strategy shows it",
    ),
    lanes_min_product: tuned(5, "not re-measured on this family: the Xeon's"),
    lanes_min_prepared: LANES_MIN_PREPARED_ALL,
    lanes_min_subgroup_checks: SUBGROUP_LANES_ZEN4,
    lanes_min_square_roots: SQRT_LANES_ZEN4,
    lane_pass_cost: LANE_PASS_ZEN4,
    scalar_loop_split: SCALAR_SPLIT_MODEL,
    product_lane_split: tuned(56, "not re-measured on this family: the Zen 5 figure"),
    batch_lane_split: tuned(52, "not re-measured on this family: the Xeon's"),
    scalar_chain: tuned(
        SCALAR_CHAIN_ZEN5.value,
        "not re-measured on this family: Zen 5's",
    ),
    lane_chain: tuned(
        LANE_CHAIN_ZEN5.value,
        "not re-measured on this family: Zen 5's",
    ),
    compressed_chain: tuned(
        COMPRESSED_XEON.value,
        "not re-measured on this family: the Xeon's",
    ),
    recorded: tuned(
        RECORDED_ZEN5.value,
        "not re-measured on this family: Zen 5's",
    ),
};

/// The row of AMD Zen 5 (family 1Ah).
const AMD_ZEN5: Tuning = Tuning {
    family: CpuFamily::AmdZen5,
    sliced_single_pairing: tuned(
        SLICED_XEON.value,
        "not re-measured on this family: the Xeon's",
    ),
    affine_min_pairs: AFFINE_EPYC,
    affine_min_pairs_7_limbs: AFFINE_7_LIMBS_EPYC,
    msm_batch_affine_min: tuned(
        MSM_BATCH_AFFINE_ZEN4.value,
        "not measured on this family: the AMD EPYC Zen 4 figure",
    ),
    msm_buckets_min: tuned(
        MSM_BUCKETS_ZEN4.value,
        "not measured on this family: the AMD EPYC Zen 4 figure",
    ),
    square_chains_in_lanes: tuned(true, "not re-measured on this family: the Xeon's; the Zen 5 chain costs below were measured with it on"),
    lanes_min_product: tuned(5, "not re-measured on this family: the Xeon's"),
    lanes_min_prepared: LANES_MIN_PREPARED_ALL,
    lanes_min_subgroup_checks: tuned(SUBGROUP_LANES_XEON.value, "not measured on this family: the Xeon's"),
    lanes_min_square_roots: tuned(SQRT_LANES_XEON.value, "not measured on this family: the Xeon's"),
    lane_pass_cost: tuned(4, "not re-measured on this family: Zen 4's"),
    scalar_loop_split: SCALAR_SPLIT_MODEL,
    product_lane_split: PRODUCT_SPLIT_ZEN5,
    batch_lane_split: tuned(52, "not re-measured on this family: the Xeon's"),
    scalar_chain: SCALAR_CHAIN_ZEN5,
    lane_chain: LANE_CHAIN_ZEN5,
    compressed_chain: tuned(
        COMPRESSED_XEON.value,
        "not re-measured on this family: the Xeon's",
    ),
    recorded: RECORDED_ZEN5,
};

/// The row of x86-64 CPUs without AVX-512 IFMA: no lanes, so only the scalar choices are read.
/// Its choices were timed on an AMD EPYC Zen 3 (docs/strategy-table-zen3.txt, and the splits in
/// docs/threads-contended-zen3.txt) and re-timed on a Zen 1 (docs/strategy-table-zen1.txt: all
/// but bls12-381's product of 8 fastest there); the values not named below come from other rows.
const X86_64: Tuning = Tuning {
    family: CpuFamily::X86_64,
    affine_min_pairs: tuned(
        8,
        "AMD EPYC Zen 3 (no AVX-512), bench --table strategy (load 0.3), affine over projective \
         product loop: bn254 1.26 at 2 pairs, 1.01 at 8, 0.91 at 20, 0.84 at 64; bls12-381 1.21 / \
         1.01 / 0.91 / 0.86",
    ),
    affine_min_pairs_7_limbs: tuned(5, "not measured on this family: the AMD EPYC figure"),
    msm_batch_affine_min: tuned(
        MSM_BATCH_AFFINE_ZEN4.value,
        "the AMD EPYC Zen 4 figure; on Zen 3 bench --table strategy finds the choice fastest at 8 \
         and 64 points on bn254 and bls12-381 (batch-affine over projective buckets at 64 points: \
         G1 0.67-0.78, G2 0.55)",
    ),
    msm_buckets_min: tuned(
        MSM_BUCKETS_ZEN4.value,
        "the AMD EPYC Zen 4 figure; on Zen 3 bench --table strategy finds the choice fastest at 8 \
         and 64 points on bn254 and bls12-381 (interleaved NAFs over the best buckets at 8 points: \
         G1 0.50-0.53, G2 0.89-0.95)",
    ),
    scalar_loop_split: tuned(
        SCALAR_SPLIT_MODEL.value,
        "the cost model's cut; on Zen 3 the split loop ran at 1.34x one thread (bn254) and 1.20x \
         (bls12-381) on a quiet machine, bench --table threads",
    ),
    ..AMD_ZEN4
};

/// The row of every other target (aarch64, wasm32, ...): the portable backend, no lanes.
const OTHER: Tuning = Tuning {
    family: CpuFamily::Other,
    ..X86_64
};

/// The row of a family.
pub(crate) fn for_family(family: CpuFamily) -> &'static Tuning {
    match family {
        CpuFamily::IntelIfma => &INTEL_IFMA,
        CpuFamily::AmdZen4 => &AMD_ZEN4,
        CpuFamily::AmdZen5 => &AMD_ZEN5,
        CpuFamily::X86_64 => &X86_64,
        CpuFamily::Other => &OTHER,
    }
}
