//! F_p as twelve doubles (dclxvi, Naehrig–Niederhagen–Schwabe 2010) against the Montgomery field:
//! - the constants: p(v^3) is the dclxvi prime, v^3 the curve's u, each fold of the polynomial
//!   reduction is a multiple of p;
//! - conversions round-trip for random values, 0, 1 and p - 1;
//! - every base-field operation, wide ones included, equals the Montgomery field's on random and
//!   edge inputs, and on inputs at the largest coefficients a reduced element can have;
//! - the SIMD products (AVX-512F, AVX2+FMA) equal the portable one where the CPU has them;
//! - the one-kernel D-type line product, F_p12 square, product and cyclotomic squares equal the tower's formula on the F_p2 kernels;
//! - the one-kernel F_p6 product equals the tower's formula on the F_p2 kernels;
//! - the one-kernel F_p4 square equals the tower's schedule on the portable kernels;
//! - F_p2 products and squares, and pairings (GT bytes) for random pairs and the point at infinity,
//!   equal the Montgomery engine's;
//! - the bounds-tracking coefficient (CheckDouble) runs a whole pairing without reaching 2^53,
//!   and catches a removed coefficient reduction.

use std::panic::{catch_unwind, AssertUnwindSafe};
use tripair::curve::curves::{Dclxvi as Curve, DclxviFq};
use tripair::curve::{G1Affine, G1Projective, G2Affine, G2Projective, PairingCurve};
use tripair::field::{BaseField, Fp, Fp2, TowerKernels};
use tripair::pairing::pairing;
use tripair_research::field::dclxvi::{
    fp2_mul_wide_portable, fp2_mul_wide_with, fp2_square_wide_portable, poly_mul_portable,
    reduce_wide_portable, simd, Coeff, CubeBnParams, Dclxvi, FOLD, N, NW,
};
use tripair_research::field::dclxvi_bounds::CheckedCoeff;
use tripair_research::pairing::dclxvi::{
    fp2_from_montgomery, fp2_to_montgomery, pairing_float, pairing_in, DclxviCube, DclxviFp,
};
use tripair_testkit::TestRng;

type M = Fp<DclxviFq>;
type D = DclxviFp<f64>;
type K = DclxviFp<CheckedCoeff>;

fn edge_values() -> Vec<M> {
    vec![
        M::ZERO,
        M::ONE,
        -M::ONE,
        M::from_u64(2),
        -M::from_u64(DclxviCube::V),
    ]
}

fn test_values(rng: &mut TestRng, n: usize) -> Vec<M> {
    let mut v = edge_values();
    v.extend((0..n).map(|_| M::random(rng)));
    v
}

/// The element with every coefficient at its extreme after a coefficient reduction (about half
/// a radix, sign alternating): the largest operands the multiplication sees from reduced values.
fn extreme(sign: f64) -> D {
    let v = DclxviCube::V as f64;
    let c: [f64; N] = core::array::from_fn(|i| {
        let r = if i == 0 || i == 6 { 6.0 * v } else { v };
        let s = if i % 2 == 0 { sign } else { -sign };
        s * ((r / 2.0).floor() + 2.0)
    });
    Dclxvi::from_coeffs(c)
}

#[test]
fn constants_match_the_curve() {
    let v = DclxviCube::V as u128;
    let u = v * v * v;
    assert_eq!(u, 6518589491078791937, "v^3 is the dclxvi u");
    let uf = M::from_u64(u as u64);
    let p_of_u = uf.square().square().mul_small(36)
        + uf.square() * uf * M::from_u64(36)
        + uf.square() * M::from_u64(24)
        + uf * M::from_u64(6)
        + M::ONE;
    assert_eq!(p_of_u, M::ZERO, "p(v^3) = 0 in the dclxvi field");
    // Each fold: W_(12+k) + sum f * W_target = 0 mod p, W_k = 6^class v^k.
    let vf = M::from_u64(DclxviCube::V);
    let wide_class = |k: usize| match k {
        0 => 0,
        1..=6 => 1,
        7..=12 => 2,
        13..=17 => 3,
        _ => 4,
    };
    let w = |k: usize| vf.pow_vartime(&[k as u64]) * M::from_u64(6u64.pow(wide_class(k)));
    for (k, fold) in FOLD.iter().enumerate() {
        let mut s = w(12 + k);
        for &(t, f) in fold {
            s += w(t) * M::from_u64(f);
        }
        assert_eq!(s, M::ZERO, "fold of coefficient {}", 12 + k);
    }
    // The carry out of the top product coefficient: W_23 = 1296 v^23.
    let w23 = vf.pow_vartime(&[23]) * M::from_u64(1296);
    assert_eq!(w23 + w(20) + w(17).mul_small(4) + w(14) + w(11), M::ZERO);
}

#[test]
fn conversions_round_trip() {
    let mut rng = TestRng::new(0xd1);
    for x in test_values(&mut rng, 200) {
        let d = D::from_fp(&x);
        assert_eq!(d.to_fp(), x);
        assert_eq!(d.to_canonical_limbs(), x.to_canonical_limbs());
        for c in d.c {
            assert!(c >= 0.0 && c < 2.0 * 6.0 * DclxviCube::V as f64 && c == c.trunc());
        }
        assert_eq!(K::from_fp(&x).to_fp(), x);
    }
}

#[test]
fn operations_equal_montgomery() {
    let mut rng = TestRng::new(0xd2);
    let xs = test_values(&mut rng, 40);
    let (e1, e2) = (extreme(1.0), extreme(-1.0));
    let (m1, m2) = (e1.to_fp(), e2.to_fp());
    assert_eq!((e1 * e2).to_fp(), m1 * m2, "extreme operands");
    assert_eq!((e1 * e1).to_fp(), m1 * m1, "extreme operands");
    for (i, &a) in xs.iter().enumerate() {
        let b = xs[(i * 7 + 3) % xs.len()];
        let (da, db) = (D::from_fp(&a), D::from_fp(&b));
        // A non-canonical representative of a: a product result.
        let da2 = da * D::ONE;
        assert_eq!((da + db).to_fp(), a + b);
        assert_eq!((da - db).to_fp(), a - b);
        assert_eq!((-da).to_fp(), -a);
        assert_eq!((da * db).to_fp(), a * b);
        assert_eq!((da2 * db).to_fp(), a * b);
        assert_eq!(BaseField::square(&da).to_fp(), a.square());
        assert_eq!(BaseField::double(&da).to_fp(), a.double());
        assert_eq!(BaseField::half(&da).to_fp(), a.half());
        for k in [0u64, 1, 3, 8, 65535, 65536, u64::MAX] {
            assert_eq!(
                BaseField::mul_small(&da, k).to_fp(),
                a.mul_small(k),
                "k = {k}"
            );
        }
        assert_eq!(
            D::small_lincomb(&da, 3, &db, -1).to_fp(),
            M::small_lincomb(&a, 3, &b, -1)
        );
        assert_eq!(BaseField::inv(&da).to_fp(), a.inv());
        assert_eq!(
            BaseField::inv_vartime(&da).map(|x| x.to_fp()),
            a.inv_vartime()
        );
        assert_eq!(BaseField::ct_eq_mask(&da, &db), a.ct_eq_mask(&b));
        assert_eq!(BaseField::ct_eq_mask(&da2, &da), u64::MAX);
        assert_eq!(BaseField::select(&da, &db, 0).to_fp(), a);
        assert_eq!(BaseField::select(&da, &db, u64::MAX).to_fp(), b);
        assert!(da2 == da, "a product by 1 is the same element");
        // The wide operations, against the same formulas in F_p.
        let (mut w1, mut w2) = (D::WIDE_ZERO, D::WIDE_ZERO);
        da.add_unreduced(&db)
            .mul_wide_into(&da.sub_unreduced(&db), &mut w1);
        db.mul_wide_into(&da2, &mut w2);
        let (s1, s2) = ((a + b) * (a - b), b * a);
        assert_eq!(D::reduce_wide(&w1).to_fp(), s1);
        assert_eq!(D::reduce_wide(&D::wide_add(&w1, &w2)).to_fp(), s1 + s2);
        assert_eq!(D::reduce_wide(&D::wide_sub(&w1, &w2)).to_fp(), s1 - s2);
        assert_eq!(
            D::reduce_wide(&D::wide_sub_nonneg(&w1, &w2)).to_fp(),
            s1 - s2
        );
        assert_eq!(
            D::reduce_wide(&D::wide_lincomb(&w1, 3, &w2, -1)).to_fp(),
            s1.mul_small(3) - s2
        );
    }
}

#[test]
fn simd_products_equal_portable() {
    let mut rng = TestRng::new(0xd3);
    // Integers up to 2^24 in magnitude: every product sum stays exact, so all kernels must agree
    // bit for bit.
    let coeffs = |rng: &mut TestRng| -> [f64; N] {
        core::array::from_fn(|_| (rng.next_u64() % (1 << 25)) as f64 - (1 << 24) as f64)
    };
    let mut cases: Vec<([f64; N], [f64; N])> = (0..200)
        .map(|_| (coeffs(&mut rng), coeffs(&mut rng)))
        .collect();
    cases.push((extreme(1.0).c, extreme(-1.0).c));
    cases.push(([0.0; N], extreme(1.0).c));
    let mut tried = 0;
    for (a, b) in &cases {
        let want = poly_mul_portable(a, b);
        assert_eq!(simd::poly_mul_dispatch(a, b), want);
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(p) = tripair::cpu::Avx512F::detect() {
                assert_eq!(simd::poly_mul_avx512(p, a, b), want, "avx512");
                tried += 1;
            }
            if let Some(p) = tripair::cpu::Avx2Fma::detect() {
                assert_eq!(simd::poly_mul_avx2(p, a, b), want, "avx2");
                tried += 1;
            }
        }
    }
    // Carries, carried products and reductions: SIMD against portable on large exact values.
    let k = D::radices();
    let big = |rng: &mut TestRng, bits: u32| -> f64 {
        (rng.next_u64() % (1u64 << bits)) as f64 - (1u64 << (bits - 1)) as f64
    };
    for n in 0..300 {
        let bits = 20 + (n % 30) as u32;
        let a: [f64; N] = core::array::from_fn(|_| big(&mut rng, bits));
        let b: [f64; N] = core::array::from_fn(|_| big(&mut rng, bits));
        let mut w: [f64; NW] = core::array::from_fn(|_| big(&mut rng, 40 + (n % 12) as u32));
        w[NW - 1] = 0.0;
        let mut ca = a;
        tripair_research::field::dclxvi::carry_round_portable(&mut ca, k);
        let want_mul = tripair_research::field::dclxvi::mul_wide_portable(&a, &b, k);
        let want_red = tripair_research::field::dclxvi::reduce_wide_portable(&w, k);
        let mut got = a;
        simd::carry_round_dispatch(&mut got, k);
        assert_eq!(got, ca);
        assert_eq!(simd::mul_wide_dispatch(&a, &b, k), want_mul);
        assert_eq!(simd::reduce_wide_dispatch(&w, k), want_red);
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(p) = tripair::cpu::Avx512F::detect() {
                let mut got = a;
                simd::carry_round_avx512(p, &mut got, k);
                assert_eq!(got, ca, "avx512 carry");
                assert_eq!(simd::mul_wide_avx512(p, &a, &b, k), want_mul, "avx512 mul");
                assert_eq!(
                    simd::reduce_wide_avx512(p, &w, k),
                    want_red,
                    "avx512 reduce"
                );
                tried += 1;
            }
            if let Some(p) = tripair::cpu::Avx2Fma::detect() {
                let mut got = a;
                simd::carry_round_avx2(p, &mut got, k);
                assert_eq!(got, ca, "avx2 carry");
                assert_eq!(simd::mul_wide_avx2(p, &a, &b, k), want_mul, "avx2 mul");
                assert_eq!(simd::reduce_wide_avx2(p, &w, k), want_red, "avx2 reduce");
                tried += 1;
            }
        }
    }
    eprintln!(
        "SIMD kernels compared: {tried} cases ({})",
        tripair::cpu::describe()
    );
    // The padding coefficient stays zero.
    assert_eq!(
        poly_mul_portable(&extreme(1.0).c, &extreme(1.0).c)[NW - 1],
        0.0
    );
}

#[test]
fn fp2_products_equal_montgomery() {
    let mut rng = TestRng::new(0xd4);
    for _ in 0..50 {
        let a = Fp2::<Curve>::new(M::random(&mut rng), M::random(&mut rng));
        let b = Fp2::<Curve>::new(M::random(&mut rng), M::random(&mut rng));
        let (da, db) = (
            fp2_from_montgomery::<f64>(&a),
            fp2_from_montgomery::<f64>(&b),
        );
        assert_eq!(fp2_to_montgomery(&(da * db)), a * b);
        assert_eq!(fp2_to_montgomery(&da.square()), a.square());
        assert_eq!(fp2_to_montgomery(&(da * db).square()), (a * b).square());
        assert_eq!(fp2_to_montgomery(&da.mul_by_xi()), a.mul_by_xi());
    }
}

/// The one-kernel F_p2 products and squares (AVX-512 or AVX2 where the CPU has them, else the
/// portable kernels) equal the portable F_p2 schedule bit for bit, on reduced values, on sums of up to
/// eight of them (the largest operands the tower passes), on extreme and zero elements, and on
/// random coefficients up to 2^30; and the reduced results equal reductions of the portable wide
/// ones.
#[test]
fn fp2_kernels_equal_portable() {
    let mut rng = TestRng::new(0xd8);
    let k = D::radices();
    let big = |rng: &mut TestRng, bits: u32| -> f64 {
        (rng.next_u64() % (1u64 << bits)) as f64 - (1u64 << (bits - 1)) as f64
    };
    let mut elems: Vec<[f64; N]> = vec![[0.0; N], extreme(1.0).c, extreme(-1.0).c];
    for n in 0..60 {
        let x = D::from_fp(&M::random(&mut rng));
        let y = D::from_fp(&M::random(&mut rng)) * x;
        let mut s = y;
        for _ in 0..(n % 8) {
            s += y;
        }
        elems.push(s.c);
        let bits = 20 + (n % 11) as u32;
        elems.push(core::array::from_fn(|_| big(&mut rng, bits)));
    }
    let mut tried = 0;
    for i in 0..elems.len() {
        let (a0, a1) = (&elems[i], &elems[(i * 5 + 1) % elems.len()]);
        let (b0, b1) = (
            &elems[(i * 7 + 2) % elems.len()],
            &elems[(i * 3 + 3) % elems.len()],
        );
        let want = fp2_mul_wide_portable([a0, a1], [b0, b1], k);
        let want_sq = fp2_square_wide_portable([a0, a1], k);
        let red = |w: &[[f64; NW]; 2]| {
            [
                reduce_wide_portable(&w[0], k),
                reduce_wide_portable(&w[1], k),
            ]
        };
        assert_eq!(simd::fp2_mul_wide_dispatch([a0, a1], [b0, b1], k), want);
        assert_eq!(simd::fp2_square_wide_dispatch([a0, a1], k), want_sq);
        assert_eq!(simd::fp2_mul_dispatch([a0, a1], [b0, b1], k), red(&want));
        assert_eq!(simd::fp2_square_dispatch([a0, a1], k), red(&want_sq));
        #[cfg(target_arch = "x86_64")]
        if let Some(p) = tripair::cpu::Avx512F::detect() {
            assert_eq!(simd::fp2_mul_wide_avx512(p, [a0, a1], [b0, b1], k), want);
            assert_eq!(simd::fp2_square_wide_avx512(p, [a0, a1], k), want_sq);
            assert_eq!(simd::fp2_mul_avx512(p, [a0, a1], [b0, b1], k), red(&want));
            assert_eq!(simd::fp2_square_avx512(p, [a0, a1], k), red(&want_sq));
            tried += 1;
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(p) = tripair::cpu::Avx2Fma::detect() {
            assert_eq!(simd::fp2_mul_wide_avx2(p, [a0, a1], [b0, b1], k), want);
            assert_eq!(simd::fp2_square_wide_avx2(p, [a0, a1], k), want_sq);
            assert_eq!(simd::fp2_mul_avx2(p, [a0, a1], [b0, b1], k), red(&want));
            assert_eq!(simd::fp2_square_avx2(p, [a0, a1], k), red(&want_sq));
            tried += 1;
        }
        // The portable schedule is the F_p2 product: against the Montgomery field.
        let m = |c: &[f64; N]| Dclxvi::<DclxviCube, f64>::from_coeffs(*c).to_fp();
        let w = |c: &[f64; NW]| {
            D::reduce_wide(&tripair_research::field::dclxvi::DclxviWide(*c)).to_fp()
        };
        let (ma0, ma1, mb0, mb1) = (m(a0), m(a1), m(b0), m(b1));
        assert_eq!(w(&want[0]), ma0 * mb0 - ma1 * mb1);
        assert_eq!(w(&want[1]), ma0 * mb1 + ma1 * mb0);
        assert_eq!(w(&want_sq[0]), ma0.square() - ma1.square());
        assert_eq!(w(&want_sq[1]), (ma0 * ma1).double());
    }
    eprintln!("AVX-512 and AVX2 F_p2 kernels compared: {tried} cases");
}

/// The one-kernel F_p4 square (the core of the cyclotomic square) equals the tower's lazy schedule
/// on the portable kernels bit for bit (three unreduced F_p2 squares, c0 = t0 + xi t1,
/// c1 = (a0 + a1)^2 - t0 - t1, four reductions), on reduced values and on sums of up to three of
/// them (what the cyclotomic square passes), and its value is (a0 + a1 s)^2 in the Montgomery tower.
#[test]
fn fp4_square_kernel_equals_portable() {
    let mut rng = TestRng::new(0xf4);
    let k = D::radices();
    let xi = <Curve as tripair::field::TowerParams>::XI;
    let mut elems: Vec<[f64; N]> = vec![[0.0; N], extreme(1.0).c, extreme(-1.0).c];
    for n in 0..40 {
        let x = D::from_fp(&M::random(&mut rng)) * D::from_fp(&M::random(&mut rng));
        let mut s = x;
        for _ in 0..(n % 3) {
            s += x;
        }
        elems.push(s.c);
    }
    let len = elems.len();
    let add = |a: &[f64; N], b: &[f64; N]| -> [f64; N] { core::array::from_fn(|i| a[i] + b[i]) };
    let mut tried = 0;
    for i in 0..len {
        let a0 = [&elems[i], &elems[(i * 5 + 1) % len]];
        let a1 = [&elems[(i * 7 + 2) % len], &elems[(i * 3 + 3) % len]];
        let t0 = fp2_square_wide_portable(a0, k);
        let t1 = fp2_square_wide_portable(a1, k);
        let (s0, s1) = (add(a0[0], a1[0]), add(a0[1], a1[1]));
        let s = fp2_square_wide_portable([&s0, &s1], k);
        let (x0, x1) = (xi.0 as f64, xi.1 as f64);
        let c00: [f64; NW] = core::array::from_fn(|j| t0[0][j] + (t1[0][j] * x0 - t1[1][j] * x1));
        let c01: [f64; NW] = core::array::from_fn(|j| t0[1][j] + (t1[1][j] * x0 + t1[0][j] * x1));
        let c10: [f64; NW] = core::array::from_fn(|j| s[0][j] - t0[0][j] - t1[0][j]);
        let c11: [f64; NW] = core::array::from_fn(|j| s[1][j] - t0[1][j] - t1[1][j]);
        let want = [c00, c01, c10, c11].map(|w| reduce_wide_portable(&w, k));
        let run = |f: &dyn Fn([&mut [f64; N]; 4]) -> bool| -> Option<[[f64; N]; 4]> {
            let mut out = [[0.0; N]; 4];
            let [o0, o1, o2, o3] = &mut out;
            f([o0, o1, o2, o3]).then_some(out)
        };
        if let Some(got) = run(&|o| simd::fp4_square_dispatch(a0, a1, xi, k, o)) {
            assert_eq!(got, want);
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(p) = tripair::cpu::Avx512F::detect() {
            let got = run(&|o| {
                simd::fp4_square_avx512(p, a0, a1, xi, k, o);
                true
            });
            assert_eq!(got, Some(want));
            tried += 1;
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(p) = tripair::cpu::Avx2Fma::detect() {
            let got = run(&|o| {
                simd::fp4_square_avx2(p, a0, a1, xi, k, o);
                true
            });
            assert_eq!(got, Some(want));
            tried += 1;
        }
        // The schedule is the F_p4 square: against the Montgomery tower.
        let m2 = |c: [&[f64; N]; 2]| {
            Fp2::<Curve>::new(D::from_coeffs(*c[0]).to_fp(), D::from_coeffs(*c[1]).to_fp())
        };
        let (ma0, ma1) = (m2(a0), m2(a1));
        assert_eq!(
            m2([&want[0], &want[1]]),
            ma0.square() + ma1.square() * Fp2::<Curve>::xi()
        );
        assert_eq!(m2([&want[2], &want[3]]), (ma0 * ma1).double());
    }
    eprintln!("AVX-512 and AVX2 F_p4 square kernels compared: {tried} cases");
}

/// The one-kernel F_p6 product (AVX-512 where the CPU has it) equals the tower's lazy Karatsuba on
/// the F_p2 kernels bit for bit, on reduced values and on sums of two and three of them (what
/// F_p12 products and squares pass), and equals the Montgomery tower's product.
#[test]
fn fp6_mul_kernel_equals_formula() {
    use tripair::field::Fp6;
    let mut rng = TestRng::new(0xf6);
    let d2 = |rng: &mut TestRng| {
        Fp2::<Curve, D>::new(D::from_fp(&M::random(rng)), D::from_fp(&M::random(rng)))
    };
    let d6 = |rng: &mut TestRng| Fp6::<Curve, D>::new(d2(rng), d2(rng), d2(rng));
    let bits = |x: &Fp6<Curve, D>| [x.c0, x.c1, x.c2].map(|y| [y.c0.c, y.c1.c]);
    let to_m = |x: &Fp6<Curve, D>| {
        Fp6::<Curve>::new(
            fp2_to_montgomery(&x.c0),
            fp2_to_montgomery(&x.c1),
            fp2_to_montgomery(&x.c2),
        )
    };
    let kernel = simd::fp6_mul_dispatch(
        [&[0.0; N]; 6],
        [&[0.0; N]; 6],
        (1, 1),
        D::radices(),
        [
            &mut [0.0; N],
            &mut [0.0; N],
            &mut [0.0; N],
            &mut [0.0; N],
            &mut [0.0; N],
            &mut [0.0; N],
        ],
    );
    for n in 0..40 {
        let (mut a, mut b) = (d6(&mut rng), d6(&mut rng));
        for _ in 0..(n % 3) {
            a += d6(&mut rng);
            b += d6(&mut rng);
        }
        let got = a * b;
        let want = a.mul_formula(&b);
        assert_eq!(bits(&got), bits(&want));
        assert_eq!(to_m(&got), to_m(&a) * to_m(&b));
    }
    eprintln!("F_p6 kernel present on this CPU: {kernel}");
}

/// The one-kernel D-type line product, F_p12 square and product and cyclotomic squares (AVX-512
/// where the CPU has it) equal the tower's formulas on the F_p2 kernels bit for bit, on random F_p12 values and lines (with a
/// line coefficient that is a sum of two reduced values), and equal the Montgomery tower's.
#[test]
fn fp12_kernels_equal_formulas() {
    use tripair::field::{Fp12, Fp6};
    let mut rng = TestRng::new(0x11e);
    let d2 = |rng: &mut TestRng| {
        Fp2::<Curve, D>::new(D::from_fp(&M::random(rng)), D::from_fp(&M::random(rng)))
    };
    let d6 = |rng: &mut TestRng| Fp6::<Curve, D>::new(d2(rng), d2(rng), d2(rng));
    let bits = |x: &Fp12<Curve, D>| {
        [x.c0.c0, x.c0.c1, x.c0.c2, x.c1.c0, x.c1.c1, x.c1.c2].map(|y| [y.c0.c, y.c1.c])
    };
    let m6 = |x: &Fp6<Curve, D>| {
        Fp6::<Curve>::new(
            fp2_to_montgomery(&x.c0),
            fp2_to_montgomery(&x.c1),
            fp2_to_montgomery(&x.c2),
        )
    };
    let m12 = |x: &Fp12<Curve, D>| Fp12::<Curve>::new(m6(&x.c0), m6(&x.c1));
    for n in 0..30 {
        let f = Fp12::<Curve, D>::new(d6(&mut rng), d6(&mut rng));
        let (mut a, b, c) = (d2(&mut rng), d2(&mut rng), d2(&mut rng));
        if n % 2 == 1 {
            a += d2(&mut rng);
        }
        let mut got = f;
        got.mul_by_line_d_assign(&a, &b, &c);
        let want = f.mul_by_line_d(&a, &b, &c);
        assert_eq!(bits(&got), bits(&want));
        // The one-kernel F_p12 square, product and cyclotomic squares (one, and a run of n
        // through the chain hook), likewise.
        let mut sq = f;
        sq.square_assign();
        assert_eq!(bits(&sq), bits(&f.square_formula()));
        assert_eq!(m12(&sq), m12(&f).square());
        let g = Fp12::<Curve, D>::new(d6(&mut rng), d6(&mut rng));
        assert_eq!(bits(&(f * g)), bits(&f.mul_formula(&g)));
        assert_eq!(m12(&(f * g)), m12(&f) * m12(&g));
        let cs = f.cyclotomic_square();
        assert_eq!(bits(&cs), bits(&f.cyclotomic_square_formula()));
        assert_eq!(m12(&cs), m12(&f).cyclotomic_square_formula());
        let n = 2 + n % 5;
        let mut run = f;
        for _ in 0..n {
            run = run.cyclotomic_square_formula();
        }
        assert_eq!(bits(&f.cyclotomic_square_n(n)), bits(&run));
        let (ma, mb, mc) = (
            fp2_to_montgomery(&a),
            fp2_to_montgomery(&b),
            fp2_to_montgomery(&c),
        );
        assert_eq!(m12(&got), m12(&f).mul_by_line_d(&ma, &mb, &mc));
    }
}

/// The F_p2 kernel carries each operand once; without those carries, the product of F_p12
/// Karatsuba sums (eight reduced values per coefficient) passes 2^53: the checker says so.
#[test]
fn removed_fp2_operand_carry_is_caught() {
    let x = K::from_fp(&-M::ONE) * K::from_fp(&-M::from_u64(3));
    let mut s = x;
    for _ in 0..7 {
        s += x;
    }
    let k = K::radices();
    let wide = K::fp2_mul_wide(&s, &s, &s, &s);
    let with = (K::reduce_wide(&wide.0), K::reduce_wide(&wide.1));
    let s8 = x.to_fp() * M::from_u64(8);
    assert_eq!(with.0.to_fp(), M::ZERO);
    assert_eq!(with.1.to_fp(), s8.square().double());
    let without = catch_unwind(AssertUnwindSafe(|| {
        fp2_mul_wide_with([&s.c, &s.c], [&s.c, &s.c], k, |_, _| {}, poly_mul_portable)
    }));
    assert!(
        without.is_err(),
        "the checker must reject F_p2 products of unreduced sums"
    );
}

fn random_pair(rng: &mut TestRng) -> (G1Affine<Curve>, G2Affine<Curve>) {
    let a = Fp::<<Curve as PairingCurve>::Fr>::random(rng);
    let b = Fp::<<Curve as PairingCurve>::Fr>::random(rng);
    (
        (G1Projective::<Curve>::generator() * a).to_affine(),
        (G2Projective::<Curve>::generator() * b).to_affine(),
    )
}

#[test]
fn pairings_equal_montgomery() {
    let mut rng = TestRng::new(0xd5);
    for _ in 0..3 {
        let (p, q) = random_pair(&mut rng);
        assert_eq!(pairing_float(&p, &q).to_bytes(), pairing(&p, &q).to_bytes());
    }
    let (p, q) = random_pair(&mut rng);
    let (p0, q0) = (G1Affine::<Curve>::identity(), G2Affine::<Curve>::identity());
    for (a, b) in [(p0, q), (p, q0), (p0, q0)] {
        let g = pairing_float(&a, &b);
        assert!(g.is_identity());
        assert_eq!(g.to_bytes(), pairing(&a, &b).to_bytes());
    }
}

/// One whole pairing (Miller loop and final exponentiation, every tower operation) on the
/// bounds-tracking coefficient: no coefficient can reach 2^53 for any input, since the starting
/// bounds (digits of the canonical integer) hold for every element and the sequence of operations
/// does not depend on the input.
#[test]
fn bounds_hold_through_a_whole_pairing() {
    let mut rng = TestRng::new(0xd6);
    let (p, q) = random_pair(&mut rng);
    assert_eq!(
        pairing_in::<CheckedCoeff>(&p, &q).to_bytes(),
        pairing(&p, &q).to_bytes()
    );
}

/// Without the carry round on the 23 product coefficients, the polynomial reduction of an F_p6
/// lazy sum (Karatsuba over F_p2 times xi = 3 + i: up to about 40 products of reduced values per
/// coefficient) could pass 2^53: the checker says so; with the carry round it passes.
#[test]
fn removed_wide_carry_is_caught() {
    let x = K::from_fp(&-M::ONE) * K::from_fp(&-M::from_u64(3));
    let mut p = K::WIDE_ZERO;
    x.mul_wide_into(&x, &mut p);
    let mut sum = p;
    for _ in 0..39 {
        sum = K::wide_add(&sum, &p);
    }
    assert_eq!(
        K::reduce_wide(&sum).to_fp(),
        (x.to_fp().square()).mul_small(40)
    );
    let without = catch_unwind(AssertUnwindSafe(|| {
        let mut c = Dclxvi::<DclxviCube, CheckedCoeff>::poly_reduce(&sum.0);
        Dclxvi::<DclxviCube, CheckedCoeff>::carry_round(&mut c);
    }));
    assert!(
        without.is_err(),
        "the checker must reject the reduction without the wide carry"
    );
}

/// Without the carry round on each operand, a product of tower sums (an F_p12 Karatsuba sum
/// of F_p6 sums of F_p2 sums: eight reduced values per coefficient) feeds the F_p2 middle
/// term past 2^53: the checker says so; with it the same product passes.
#[test]
fn removed_operand_carry_is_caught() {
    let x = K::from_fp(&-M::ONE) * K::from_fp(&-M::from_u64(3));
    let mut s = x;
    for _ in 0..7 {
        s += x;
    }
    let karatsuba_c1 = |mul: &dyn Fn(&K, &K) -> [CheckedCoeff; NW]| {
        let t0 = mul(&s, &s);
        let t2 = mul(&(s + s), &(s + s));
        let c: [CheckedCoeff; NW] = core::array::from_fn(|k| t2[k] - t0[k] - t0[k]);
        K::reduce_wide_coeffs(&c)
    };
    let with = karatsuba_c1(&|a, b| K::mul_wide_coeffs(&a.c, &b.c));
    assert_eq!(
        with.to_fp(),
        (x.to_fp() * M::from_u64(8)).square().mul_small(2)
    );
    let without = catch_unwind(AssertUnwindSafe(|| {
        karatsuba_c1(&|a, b| poly_mul_portable(&a.c, &b.c))
    }));
    assert!(
        without.is_err(),
        "the checker must reject products of unreduced sums"
    );
}

/// The bounds are worst cases, not samples: the checked product of extreme operands carries a
/// bound at least as large as its value, and every element's canonical form agrees with f64.
#[test]
fn checked_and_plain_agree() {
    let mut rng = TestRng::new(0xd7);
    for x in test_values(&mut rng, 20) {
        let (d, k) = (D::from_fp(&x), K::from_fp(&x));
        let (dd, kk) = (d * d * d, k * k * k);
        for i in 0..N {
            assert_eq!(dd.c[i], kk.c[i].value());
            assert!(kk.c[i].value().abs() <= kk.c[i].bound());
        }
    }
    let _ = <CheckedCoeff as Coeff>::ZERO;
}
