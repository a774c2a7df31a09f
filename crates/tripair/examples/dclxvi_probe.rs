use std::hint::black_box;
use tripair::field::dclxvi::{simd, Dclxvi, poly_mul_portable};
fn t(name: &str, mut f: impl FnMut()) {
    let n = 20_000;
    let mut best = f64::MAX;
    for _ in 0..30 {
    let t0 = unsafe { core::arch::x86_64::_rdtsc() };
    for _ in 0..n { f(); }
    let t1 = unsafe { core::arch::x86_64::_rdtsc() };
    best = best.min((t1 - t0) as f64 / n as f64);
    }
    println!("{name}: {:.1}", best);
}
fn main() {
    if std::env::args().nth(1).as_deref() == Some("pairing") { pairing_loop(); return; }
    use tripair::pairing::dclxvi::*;
    use tripair::field::{Fp, Fp2};
    use tripair::curve::curves::Dclxvi as C;
    let mut rng = tripair_testkit::TestRng::new(1);
    let x = Fp2::<C>::new(Fp::random(&mut rng), Fp::random(&mut rng));
    let y = Fp2::<C>::new(Fp::random(&mut rng), Fp::random(&mut rng));
    let (fx, fy) = (fp2_from_montgomery::<f64>(&x), fp2_from_montgomery::<f64>(&y));
    t("fp2 mul mont", || { black_box(black_box(x) * black_box(y)); });
    t("fp2 mul float", || { black_box(black_box(fx) * black_box(fy)); });
    t("fp2 sqr float", || { black_box(black_box(fx).square()); });
    let (m1, m2) = (fx.c0, fy.c0);
    t("fp mul float", || { black_box(black_box(m1) * black_box(m2)); });
    t("fp add float", || { black_box(black_box(m1) + black_box(m2)); });
    let k = Dclxvi::<tripair::pairing::dclxvi::DclxviCube, f64>::radices();
    let a: [f64; 12] = core::array::from_fn(|i| (i as f64) * 12345.0 - 50000.0);
    let b: [f64; 12] = core::array::from_fn(|i| (i as f64) * 54321.0 - 70000.0);
    let w = poly_mul_portable(&a, &b);
    t("poly_mul_dispatch", || { black_box(simd::poly_mul_dispatch(black_box(&a), black_box(&b))); });
    t("poly_mul_portable", || { black_box(poly_mul_portable(black_box(&a), black_box(&b))); });
    t("mul_wide_dispatch", || { black_box(simd::mul_wide_dispatch(black_box(&a), black_box(&b), k)); });
    t("reduce_wide_dispatch", || { black_box(simd::reduce_wide_dispatch(black_box(&w), k)); });
    t("carry_round_dispatch", || { let mut c = black_box(a); simd::carry_round_dispatch(&mut c, k); black_box(c); });
    t("reduce_wide_portable", || { black_box(tripair::field::dclxvi::reduce_wide_portable(black_box(&w), k)); });
}
#[allow(dead_code)]
fn pairing_loop() {
    use tripair::curve::curves::Dclxvi as C;
    use tripair::curve::{G1Projective, G2Projective};
    use tripair::field::Fp;
    let mut rng = tripair_testkit::TestRng::new(1);
    let p = (G1Projective::<C>::generator() * Fp::random(&mut rng)).to_affine();
    let q = (G2Projective::<C>::generator() * Fp::random(&mut rng)).to_affine();
    for _ in 0..300 {
        black_box(tripair::pairing::dclxvi::pairing_float(black_box(&p), black_box(&q)));
    }
}
