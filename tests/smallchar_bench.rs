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
