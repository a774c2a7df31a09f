//! Timings of the small-characteristic fields and pairings (not run by default):
//! `cargo test --release --test smallchar_bench -- --ignored --nocapture`.

use tripair::smallchar;

#[test]
#[ignore]
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

/// Runs eta3-97 pairings for about two seconds (for a profiler):
/// `cargo test --release --test smallchar_bench smallchar_profile -- --ignored`.
#[test]
#[ignore]
fn smallchar_profile_eta3_97() {
    use num_bigint::BigUint;
    use tripair::smallchar::eta3::{eta_t_pairing, Eta3_97};
    let g = Eta3_97::generator();
    let p = g.mul_vartime(&BigUint::from(5u32));
    let t = std::time::Instant::now();
    let mut n = 0u64;
    while t.elapsed().as_secs_f64() < 2.0 {
        std::hint::black_box(eta_t_pairing(&p, &g, smallchar::Threads::One));
        n += 1;
    }
    println!("{n} pairings in 2 s");
}
