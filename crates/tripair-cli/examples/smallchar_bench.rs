//! Timings of the small-characteristic fields and pairings, beyond `tripair bench`'s rows:
//! `cargo run --release -p tripair-cli --features examples --example smallchar_bench [WHAT]`,
//! WHAT one of `parts` (the default: loop, final exponentiation and pairing of eta3-97 and
//! eta3-193 in parts), `print` (every field and eta_T curve) or `profile` (eta3-97 pairings for
//! two seconds, for a profiler). A measurement harness, not a test: as a test crate it was
//! compiled by every `cargo test --workspace --release` (docs/build-timings.md).

use tripair_cli::smallchar_bench as smallchar;

fn smallchar_bench_print() {
    println!("field      backend       add(ns/cyc)      mul(ns/cyc)     pow(ns/cyc)      root(ns/cyc)      inv(ns/cyc)");
    for r in smallchar::bench_fields(15) {
        println!(
            "{:<10} {:<12} {:>7.1}/{:<7.0} {:>8.1}/{:<8.0} {:>7.1}/{:<7.0} {:>8.1}/{:<8.0} {:>9.1}/{:<9.0}",
            r.field,
            r.backend,
            r.add.median_ns,
            r.add.cycles,
            r.mul.median_ns,
            r.mul.cycles,
            r.power.median_ns,
            r.power.cycles,
            r.root.median_ns,
            r.root.cycles,
            r.inv.median_ns,
            r.inv.cycles
        );
    }
    let r = tripair_cli::measure::core_cycles_per_tick().unwrap_or(f64::NAN);
    println!("cycles are rdtsc ticks; core cycles per tick (dependent imul chain): {r:.2}");
    println!("curve       one core (us / cycles)     two cores (us / cycles)");
    for r in smallchar::bench_pairings(11) {
        println!(
            "{:<11} {:>9.1} / {:<12.0} {:>9.1} / {:<12.0}",
            r.curve,
            r.one_core.median_ns / 1000.0,
            r.one_core.cycles,
            r.two_cores.median_ns / 1000.0,
            r.two_cores.cycles
        );
    }
}

/// Runs eta3-97 pairings for about two seconds (for a profiler).
fn smallchar_profile_eta3_97() {
    use num_bigint::BigUint;
    use tripair_smallchar::eta3::{eta_t_pairing, Eta3_97};
    let g = Eta3_97::generator();
    let p = g.mul_vartime(&BigUint::from(5u32));
    let t = std::time::Instant::now();
    let mut n = 0u64;
    while t.elapsed().as_secs_f64() < 2.0 {
        std::hint::black_box(eta_t_pairing(&p, &g, tripair_smallchar::Threads::One));
        n += 1;
    }
    println!("{n} pairings in 2 s");
}

fn eta3_parts<const N: usize, P: tripair_smallchar::gf3::Trinomial3, const B: i8, const H: u64>(
    name: &str,
) {
    use num_bigint::BigUint;
    use tripair_cli::measure::measure;
    use tripair_smallchar::eta3::{self, Curve3};
    use tripair_smallchar::gf3::{Avx512Bmi2, Backend3, Gf3, Portable3};
    use tripair_smallchar::Threads;
    let g = Curve3::<N, P, B, H>::generator();
    let p = g.mul_vartime(&BigUint::from(0x1234_5678u64));
    let q = g.mul_vartime(&BigUint::from(0x9abc_def1u64));
    let (s, batch) = (11, 10_000_000);
    println!(
        "{name:<9} rdtsc ticks; core cycles at the core's clock per tick, measured (dependent \
         imul chain) right after each row, in the last column"
    );
    // The shared machine's clock drifts during a run: each row gets its own ratio.
    let row = |what: &str, c: f64| {
        let ratio = tripair_cli::measure::core_cycles_per_tick().unwrap_or(f64::NAN);
        println!(
            "{name:<9} {what:<28} {c:>10.0} {:>10.0}   ({ratio:.2})",
            c * ratio
        )
    };
    macro_rules! parts {
        ($be:expr) => {{
            let be = $be;
            let mut rng = tripair_testkit::TestRng::new(1);
            let (a, b) = (Gf3::<N, P>::random(&mut rng), Gf3::<N, P>::random(&mut rng));
            row(
                &format!("F mul [{}]", be.name()),
                measure(
                    || {
                        std::hint::black_box(be.mul(std::hint::black_box(&a), &b));
                    },
                    s,
                    batch,
                )
                .cycles,
            );
            let f = eta3::eta_t_loop(&p, &q, be);
            let f2 = f.cube(be);
            let l = tripair_smallchar::gf3_tower::Line3 {
                c0: a,
                c1: b,
                y: a.add(&b),
            };
            row(
                "F_3^6m mul, fused",
                measure(
                    || {
                        std::hint::black_box(std::hint::black_box(&f).mul(&f2, be));
                    },
                    s,
                    batch,
                )
                .cycles,
            );
            row(
                "F_3^6m mul, plain",
                measure(
                    || {
                        std::hint::black_box(std::hint::black_box(&f).mul_plain(&f2, be));
                    },
                    s,
                    batch,
                )
                .cycles,
            );
            row(
                "line product, fused",
                measure(
                    || {
                        std::hint::black_box(std::hint::black_box(&f).mul_by_line(&l, be));
                    },
                    s,
                    batch,
                )
                .cycles,
            );
            row(
                "line product, plain",
                measure(
                    || {
                        std::hint::black_box(std::hint::black_box(&f).mul_by_line_plain(&l, be));
                    },
                    s,
                    batch,
                )
                .cycles,
            );
            row(
                "loop, one core",
                measure(
                    || {
                        std::hint::black_box(eta3::eta_t_loop(&p, &q, be));
                    },
                    s,
                    batch,
                )
                .cycles,
            );
            row(
                "loop, two cores",
                measure(
                    || {
                        std::hint::black_box(eta3::eta_t_loop_parallel(&p, &q, be));
                    },
                    s,
                    batch,
                )
                .cycles,
            );
            row(
                "final exp (maps, const time)",
                measure(
                    || {
                        std::hint::black_box(eta3::final_exp(std::hint::black_box(&f), be));
                    },
                    s,
                    batch,
                )
                .cycles,
            );
            row(
                "final exp (table, vartime)",
                measure(
                    || {
                        std::hint::black_box(eta3::final_exp_vartime(std::hint::black_box(&f), be));
                    },
                    s,
                    batch,
                )
                .cycles,
            );
            row(
                "pairing, one core",
                measure(
                    || {
                        std::hint::black_box(eta3::eta_t_with(&p, &q, Threads::One, be));
                    },
                    s,
                    batch,
                )
                .cycles,
            );
            row(
                "pairing, two cores",
                measure(
                    || {
                        std::hint::black_box(eta3::eta_t_with(&p, &q, Threads::Two, be));
                    },
                    s,
                    batch,
                )
                .cycles,
            );
        }};
    }
    match Avx512Bmi2::detect() {
        Some(be) => parts!(be),
        None => parts!(Portable3),
    }
}

/// Loop, final exponentiation and whole pairing of eta3-97 and eta3-193 (cycles, medians).
fn smallchar_bench_eta3_parts() {
    eta3_parts::<2, tripair_smallchar::gf3::T97, 1, 7>("eta3-97");
    eta3_parts::<4, tripair_smallchar::gf3::T193, -1, 1>("eta3-193");
}

fn main() {
    match std::env::args().nth(1).as_deref().unwrap_or("parts") {
        "parts" => smallchar_bench_eta3_parts(),
        "print" => smallchar_bench_print(),
        "profile" => smallchar_profile_eta3_97(),
        other => {
            eprintln!("smallchar_bench: '{other}' is not one of parts, print, profile");
            std::process::exit(2);
        }
    }
}
