//! The lane field (eight F_p elements in 52-bit digits, `field::lanes`):
//! - on every prime curve, every operation, lane by lane, equals the scalar `Fp` on random values
//!   and on edge values (0, 1, p - 1, values at the 2^52 digit borders), a different value in
//!   every lane, the AVX-512 IFMA kernels (where the CPU has them) give exactly the portable
//!   kernels' digits, and the digit-sliced F_p products equal the scalar ones;
//! - on the representative curves (`main.rs`), the whole-tower kernels and the digit-sliced
//!   squares equal the scalar formulas.

use tripair::arith::Sliced;
use tripair::cpu::Avx512Ifma;
use tripair::curve::{G1Affine, G1Projective, G2Affine, G2Projective, PairingCurve, Scalar};
use tripair::field::lanes::{
    compressed_square_chain, cyclotomic_square_run, mul_sliced, sliced_compressed_squares_apply,
    sliced_cyclotomic_squares_apply, IfmaLanes, LaneBackend, LaneMask, Lanes, PortableLanes, LANES,
};
use tripair::field::{
    BaseField, CompressedCyclotomic, Fp, Fp12, Fp2, Fp6, FpParams, TowerKernels, TowerParams,
};
use tripair::pairing::pairing;
use tripair_testkit::TestRng;

/// 2^k as a field element.
fn pow2<P: FpParams>(k: usize) -> Fp<P> {
    Fp::from_u64(2).pow_vartime(&[k as u64])
}

/// 0, 1, 2, p - 1, p - 2 and, at every digit border 2^(52k) below p, 2^(52k) - 1, 2^(52k),
/// 2^(52k) + 1 and p - 2^(52k).
fn edge_values<P: FpParams>() -> Vec<Fp<P>> {
    let one = Fp::<P>::ONE;
    let mut v = vec![Fp::ZERO, one, one + one, -one, -(one + one)];
    let mut k = 52;
    while k < P::BITS as usize {
        let t = pow2::<P>(k);
        v.extend([t - one, t, t + one, -t]);
        k += 52;
    }
    v
}

/// Round r's eight values: edge values rotated through the lanes, then random ones.
fn lane_values<P: FpParams>(rng: &mut TestRng, edges: &[Fp<P>], r: usize) -> [Fp<P>; LANES] {
    core::array::from_fn(|i| {
        let k = r * LANES + i;
        if k < 2 * edges.len() {
            edges[(k * 7 + r) % edges.len()]
        } else {
            Fp::random(rng)
        }
    })
}

/// Every operation on lanes holding xs and ys, with `alt_a` and `alt_b` selecting the lanes whose
/// input is stored as its other representative (x + p, below 2p).
fn check_ops<P: FpParams, B: LaneBackend>(
    xs: &[Fp<P>; LANES],
    ys: &[Fp<P>; LANES],
    alt_a: LaneMask,
    alt_b: LaneMask,
) {
    type L<P, B> = Lanes<P, B>;
    let a = L::<P, B>::from_lanes(xs).with_other_representative(alt_a);
    let b = L::<P, B>::from_lanes(ys).with_other_representative(alt_b);
    assert_eq!(a, L::<P, B>::from_lanes(xs), "{}: representatives", P::NAME);
    let each = |got: L<P, B>, want: &dyn Fn(usize) -> Fp<P>, what: &str| {
        for (i, lane) in got.to_lanes().iter().enumerate() {
            assert_eq!(*lane, want(i), "{} {} lane {i}: {what}", P::NAME, B::NAME);
        }
    };
    each(a, &|i| xs[i], "round trip");
    each(a + b, &|i| xs[i] + ys[i], "add");
    each(a - b, &|i| xs[i] - ys[i], "sub");
    each(b - a, &|i| ys[i] - xs[i], "sub");
    each(a * b, &|i| xs[i] * ys[i], "mul");
    each(a.square(), &|i| xs[i].square(), "square");
    each(-a, &|i| -xs[i], "neg");
    each(a.double(), &|i| xs[i].double(), "double");
    each(a.half(), &|i| xs[i].half(), "half");
    for k in [0u64, 1, 2, 3, 9, 65535, 1 << 63, u64::MAX] {
        each(a.mul_small(k), &|i| xs[i].mul_small(k), "mul_small");
    }
    for (ka, kb) in [(1i64, 1i64), (3, -2), (-5, 7), (-1, -4), (0, 9)] {
        each(
            L::<P, B>::small_lincomb(&a, ka, &b, kb),
            &|i| Fp::small_lincomb(&xs[i], ka, &ys[i], kb),
            "small_lincomb",
        );
        each(
            L::<P, B>::wide_lincomb(&a, ka, &b, kb),
            &|i| Fp::small_lincomb(&xs[i], ka, &ys[i], kb),
            "wide_lincomb",
        );
    }
    each(a.inv(), &|i| xs[i].inv(), "inv");
    let any_zero = xs.contains(&Fp::ZERO);
    match a.inv_vartime() {
        None => assert!(any_zero, "{}: inv_vartime refused without a zero", P::NAME),
        Some(v) => {
            assert!(!any_zero, "{}: inv_vartime of a zero lane", P::NAME);
            each(v, &|i| xs[i].inv(), "inv_vartime");
        }
    }
    each(L::<P, B>::splat(&xs[3]), &|_| xs[3], "splat");
    // Whole-F_p2 kernels, for several u^2 = beta, against the formulas lane by lane (and the
    // trait's default on the scalar field).
    let (c, d) = (a * b + a, b.square() - a);
    let (cs, ds): (Vec<_>, Vec<_>) = (0..LANES)
        .map(|i| (xs[i] * ys[i] + xs[i], ys[i].square() - xs[i]))
        .unzip();
    for beta in [-1i64, -2, 1, 3, -5] {
        let k = Fp::<P>::from_i64(beta);
        let (mut m0, mut m1, mut s0, mut s1) = (L::<P, B>::ZERO, L::ZERO, L::ZERO, L::ZERO);
        L::<P, B>::fp2_mul_into([&a, &b], [&c, &d], beta, &mut m0, &mut m1);
        L::<P, B>::fp2_square_into([&a, &b], beta, &mut s0, &mut s1);
        let mul0 = |i: usize| xs[i] * cs[i] + k * ys[i] * ds[i];
        let mul1 = |i: usize| xs[i] * ds[i] + ys[i] * cs[i];
        let sq0 = |i: usize| xs[i].square() + k * ys[i].square();
        let sq1 = |i: usize| (xs[i] * ys[i]).double();
        each(m0, &mul0, "fp2_mul_into c0");
        each(m1, &mul1, "fp2_mul_into c1");
        each(s0, &sq0, "fp2_square_into c0");
        each(s1, &sq1, "fp2_square_into c1");
        let (mut f0, mut f1) = (Fp::<P>::ZERO, Fp::ZERO);
        Fp::fp2_mul_into([&xs[0], &ys[0]], [&cs[0], &ds[0]], beta, &mut f0, &mut f1);
        assert_eq!(
            (f0, f1),
            (mul0(0), mul1(0)),
            "{}: default fp2_mul_into",
            P::NAME
        );
        Fp::fp2_square_into([&xs[0], &ys[0]], beta, &mut f0, &mut f1);
        assert_eq!(
            (f0, f1),
            (sq0(0), sq1(0)),
            "{}: default fp2_square_into",
            P::NAME
        );
    }
    // Masks: equality per lane, and selection by it.
    let eq = a.ct_eq_mask(&b);
    for ((m, x), y) in eq.0.iter().zip(xs).zip(ys) {
        assert_eq!(*m, x.ct_eq_mask(y), "{}: ct_eq_mask", P::NAME);
    }
    assert_eq!(a.ct_eq_mask(&a), LaneMask([!0; LANES]));
    let pick = LaneMask::from_bools(core::array::from_fn(|i| i % 3 == 1));
    each(
        a.select(&b, pick),
        &|i| if i % 3 == 1 { ys[i] } else { xs[i] },
        "select",
    );
    each(
        a.select(&b, eq & pick),
        &|i| xs[i],
        "select under a combined mask",
    );
    // The "wide" operations (reduced at once in the lanes) keep the lazy-reduction contract.
    let mut w1 = <L<P, B> as BaseField>::WIDE_ZERO;
    let mut w2 = <L<P, B> as BaseField>::WIDE_ZERO;
    a.add_unreduced(&b)
        .mul_wide_into(&a.sub_unreduced(&b), &mut w1);
    b.mul_wide_into(&b, &mut w2);
    let want = |i: usize| (xs[i] + ys[i]) * (xs[i] - ys[i]);
    each(L::<P, B>::reduce_wide(&w1), &want, "mul_wide");
    each(
        L::<P, B>::reduce_wide(&L::<P, B>::wide_add(&w1, &w2)),
        &|i| want(i) + ys[i].square(),
        "wide_add",
    );
    each(
        L::<P, B>::reduce_wide(&L::<P, B>::wide_sub(&w1, &w2)),
        &|i| want(i) - ys[i].square(),
        "wide_sub",
    );
    each(
        L::<P, B>::reduce_wide(&L::<P, B>::wide_sub_nonneg(&w1, &w2)),
        &|i| want(i) - ys[i].square(),
        "wide_sub_nonneg",
    );
}

/// The AVX-512 kernels and the portable ones give the same digits.
fn check_backends_agree<P: FpParams>(xs: &[Fp<P>; LANES], ys: &[Fp<P>; LANES]) {
    let a = Lanes::<P, IfmaLanes>::from_lanes(xs);
    let b = Lanes::<P, IfmaLanes>::from_lanes(ys);
    let pa = Lanes::<P, PortableLanes>::from_lanes(xs);
    let pb = Lanes::<P, PortableLanes>::from_lanes(ys);
    assert_eq!(
        a.with_backend::<PortableLanes>().raw_digits(),
        pa.raw_digits()
    );
    // Also on the other representatives (x + p) in some lanes.
    let odd = LaneMask::from_bools(core::array::from_fn(|i| i % 2 == 1));
    let (a2, pa2) = (
        a.with_other_representative(odd),
        pa.with_other_representative(odd),
    );
    let pairs = [
        (a * b, pa * pb),
        (a + b, pa + pb),
        (a - b, pa - pb),
        (b - a, pb - pa),
        (a.half(), pa.half()),
        (a.square() * b + a, pa.square() * pb + pa),
        (a2 * b, pa2 * pb),
        (a2 + a2, pa2 + pa2),
        (b - a2, pb - pa2),
        (a2 - b, pa2 - pb),
        (a2.half(), pa2.half()),
    ];
    for (x, y) in pairs {
        assert_eq!(
            x.with_backend::<PortableLanes>().raw_digits(),
            y.raw_digits(),
            "{}",
            P::NAME
        );
    }
}

fn check_lane_field<C: PairingCurve>() {
    if !IfmaLanes::active() {
        eprintln!("no AVX-512 IFMA here (or TRIPAIR_BACKEND=portable): the IFMA lanes run the portable kernels");
    }
    let mut rng = TestRng::new(0x1a9e5);
    let edges = edge_values::<C::Fp>();
    for r in 0..(2 * edges.len()).div_ceil(LANES) + 3 {
        let xs = lane_values(&mut rng, &edges, r);
        let ys = lane_values(&mut rng, &edges, r + 1);
        let none = LaneMask([0; LANES]);
        let some = LaneMask::from_bools(core::array::from_fn(|i| (i + r) % 3 != 0));
        let other = LaneMask::from_bools(core::array::from_fn(|i| (i + r) % 2 == 0));
        check_ops::<C::Fp, PortableLanes>(&xs, &ys, none, none);
        check_ops::<C::Fp, IfmaLanes>(&xs, &ys, none, none);
        check_ops::<C::Fp, PortableLanes>(&xs, &ys, some, other);
        check_ops::<C::Fp, IfmaLanes>(&xs, &ys, some, other);
        check_backends_agree(&xs, &ys);
    }
}

/// The digit-sliced products (implementation D, `mul_sliced`): batches of every length from 0 to
/// 19 (partly filled last rounds), edge and random values in every lane position, equal to the
/// scalar products on both lane backends; and the field's `mul_batch` on the sliced backend.
fn check_sliced_products<C: PairingCurve>() {
    type SlicedFp<C> = <<C as TowerParams>::Fp as FpParams>::WithBackend<Sliced>;
    let mut rng = TestRng::new(0x511ce);
    let edges = edge_values::<C::Fp>();
    let mut xs: Vec<Fp<C::Fp>> = edges.iter().chain(edges.iter().rev()).copied().collect();
    xs.extend((0..19).map(|_| Fp::random(&mut rng)));
    let ys: Vec<Fp<C::Fp>> = xs.iter().rev().copied().collect();
    for len in (0..20).chain([xs.len()]) {
        for start in [0, 3] {
            let n = len.min(xs.len() - start);
            let (a, b) = (&xs[start..start + n], &ys[..n]);
            let want: Vec<_> = a.iter().zip(b).map(|(x, y)| *x * *y).collect();
            let mut got = vec![Fp::ZERO; a.len()];
            mul_sliced::<C::Fp, PortableLanes>(a, b, &mut got);
            assert_eq!(got, want, "{}: portable lanes, {len} products", C::NAME);
            mul_sliced::<C::Fp, IfmaLanes>(a, b, &mut got);
            assert_eq!(got, want, "{}: IFMA lanes, {len} products", C::NAME);
            // The same through the base-field trait on the sliced backend (same Montgomery form).
            let to_s = |v: &[Fp<C::Fp>]| -> Vec<Fp<SlicedFp<C>>> {
                v.iter()
                    .map(|x| Fp::from_be_bytes(&x.to_be_bytes()).unwrap())
                    .collect()
            };
            let mut got_s = vec![Fp::ZERO; a.len()];
            TowerKernels::mul_batch(&to_s(a), &to_s(b), &mut got_s);
            assert_eq!(got_s, to_s(&want), "{}: mul_batch, {len} products", C::NAME);
        }
    }
}

fn random_pair<C: PairingCurve>(rng: &mut TestRng) -> (G1Affine<C>, G2Affine<C>) {
    let a: Scalar<C> = Fp::random(rng);
    let b: Scalar<C> = Fp::random(rng);
    (
        (G1Projective::<C>::generator() * a).to_affine(),
        (G2Projective::<C>::generator() * b).to_affine(),
    )
}

/// Eight scalar F_p12 values as one lane value, with the coefficients selected by `alt` stored
/// as their other representatives (x + p) in the odd lanes.
fn lane_fp12<C: PairingCurve, B: LaneBackend>(
    fs: &[Fp12<C>; LANES],
    alt: u16,
) -> Fp12<C, Lanes<C::Fp, B>> {
    let odd = LaneMask::from_bools(core::array::from_fn(|i| i % 2 == 1));
    let none = LaneMask([0; LANES]);
    let coeff = |k: usize| {
        let xs: [Fp<C::Fp>; LANES] = core::array::from_fn(|i| fs[i].coefficients()[k]);
        let mask = if alt >> k & 1 == 1 { odd } else { none };
        Lanes::<C::Fp, B>::from_lanes(&xs).with_other_representative(mask)
    };
    let fp2 = |k: usize| Fp2::new(coeff(2 * k), coeff(2 * k + 1));
    Fp12::new(
        Fp6::new(fp2(0), fp2(1), fp2(2)),
        Fp6::new(fp2(3), fp2(4), fp2(5)),
    )
}

/// The lane value's eight F_p12 values, lane by lane (coefficients in `coefficients` order).
fn unlane_coefficients<C: PairingCurve, B: LaneBackend>(
    f: &Fp12<C, Lanes<C::Fp, B>>,
) -> [[Fp<C::Fp>; 12]; LANES] {
    let cs = [
        f.c0.c0.c0, f.c0.c0.c1, f.c0.c1.c0, f.c0.c1.c1, f.c0.c2.c0, f.c0.c2.c1, f.c1.c0.c0,
        f.c1.c0.c1, f.c1.c1.c0, f.c1.c1.c1, f.c1.c2.c0, f.c1.c2.c1,
    ]
    .map(|c| c.to_lanes());
    core::array::from_fn(|i| core::array::from_fn(|k| cs[k][i]))
}

/// The lane field's whole-tower kernels (the F_p6 product, the cyclotomic square of F_p12 and of
/// Karabina's compressed form, the F_p12 square and its products by sparse lines) equal the tower's formulas on the scalar field lane by lane, on
/// random values (the formulas hold as polynomials, so inputs need not be cyclotomic), with some
/// inputs stored as their other representatives, on both backends, which agree digit for digit;
/// and on cyclotomic values (pairings) the compressed square decompresses to the full square.
fn check_tower_kernels<C: PairingCurve>() {
    let mut rng = TestRng::new(0x70e4);
    for alt in [0u16, 0x0a5b, 0x0fff] {
        let fs: [Fp12<C>; LANES] = core::array::from_fn(|_| random_fp12(&mut rng));
        let gs: [Fp12<C>; LANES] = core::array::from_fn(|_| random_fp12(&mut rng));
        let mut raws = Vec::new();
        for portable in [true, false] {
            let (prod, cyc, cmp, whole, raw) = if portable {
                tower_ops::<C, PortableLanes>(&fs, &gs, alt)
            } else {
                tower_ops::<C, IfmaLanes>(&fs, &gs, alt)
            };
            for i in 0..LANES {
                let name = (C::NAME, portable, alt, i);
                let (f, g) = (&fs[i], &gs[i]);
                let want = Fp12::new(f.c0 * g.c1, f.c1 * g.c0).coefficients();
                assert_eq!(prod[i], want, "{name:?}: F_p6 products");
                let want = f.cyclotomic_square().coefficients();
                assert_eq!(cyc[i], want, "{name:?}: cyclotomic square");
                let e = *f.compress_cyclotomic().square().parts();
                let want: [Fp<C::Fp>; 8] =
                    core::array::from_fn(|k| if k % 2 == 0 { e[k / 2].c0 } else { e[k / 2].c1 });
                assert_eq!(cmp[i], want, "{name:?}: compressed square");
                let (a, b, c) = (g.c0.c0, g.c0.c1, g.c0.c2);
                let want = [
                    f.square_formula().coefficients(),
                    f.mul_by_line_d(&a, &b, &c).coefficients(),
                    f.mul_by_line_m(&a, &b, &c).coefficients(),
                ];
                let got = [whole[0][i], whole[1][i], whole[2][i]];
                assert_eq!(got, want, "{name:?}: F_p12 square, D and M line products");
            }
            raws.push(raw);
        }
        assert_eq!(raws[0], raws[1], "{}: backends' digits", C::NAME);
    }
    // Cyclotomic values: compressed squares, decompressed, are the full squares.
    let pairs: Vec<_> = (0..LANES).map(|_| random_pair::<C>(&mut rng)).collect();
    let gts: [Fp12<C>; LANES] =
        core::array::from_fn(|i| *pairing::<C>(&pairs[i].0, &pairs[i].1).as_fp12());
    let f = lane_fp12::<C, IfmaLanes>(&gts, 0);
    let c = f.compress_cyclotomic().square().square();
    let back = CompressedCyclotomic::decompress_batch(&[c]);
    let want = f.cyclotomic_square().cyclotomic_square();
    assert_eq!(
        unlane_coefficients::<C, IfmaLanes>(&back[0]),
        unlane_coefficients::<C, IfmaLanes>(&want),
        "{}: decompressed lane squares",
        C::NAME
    );
}

/// A random F_p12 value.
fn random_fp12<C: PairingCurve>(rng: &mut TestRng) -> Fp12<C> {
    let mut fp2 = || Fp2::new(Fp::random(rng), Fp::random(rng));
    let (a, b, c) = (fp2(), fp2(), fp2());
    let (d, e, f) = (fp2(), fp2(), fp2());
    Fp12::new(Fp6::new(a, b, c), Fp6::new(d, e, f))
}

/// Lane results of [`check_tower_kernels`], lane by lane: the F_p6 products f.c0 g.c1 and
/// f.c1 g.c0 and the cyclotomic square as F_p12 coefficients, the compressed square's
/// coefficients; f's square and its products with the D- and M-type lines of coefficients
/// g.c0 (each in place, as the Miller loop computes them); and the raw digits of the compressed
/// square's first coefficient and of those three values.
#[allow(clippy::type_complexity)]
fn tower_ops<C: PairingCurve, B: LaneBackend>(
    fs: &[Fp12<C>; LANES],
    gs: &[Fp12<C>; LANES],
    alt: u16,
) -> (
    [[Fp<C::Fp>; 12]; LANES],
    [[Fp<C::Fp>; 12]; LANES],
    [[Fp<C::Fp>; 8]; LANES],
    [[[Fp<C::Fp>; 12]; LANES]; 3],
    Vec<u64>,
) {
    let (f, g) = (
        lane_fp12::<C, B>(fs, alt),
        lane_fp12::<C, B>(gs, alt.rotate_left(5)),
    );
    let prod = unlane_coefficients::<C, B>(&Fp12::new(f.c0 * g.c1, f.c1 * g.c0));
    let cyc = unlane_coefficients::<C, B>(&f.cyclotomic_square());
    let sq = f.compress_cyclotomic().square();
    let cs = sq.parts().map(|e| [e.c0.to_lanes(), e.c1.to_lanes()]);
    let cmp = core::array::from_fn(|i| core::array::from_fn(|k| cs[k / 2][k % 2][i]));
    let mut squared = f;
    squared.square_assign();
    let (a, b, c) = (g.c0.c0, g.c0.c1, g.c0.c2);
    let (mut by_d, mut by_m) = (f, f);
    by_d.mul_by_line_d_assign(&a, &b, &c);
    by_m.mul_by_line_m_assign(&a, &b, &c);
    let whole = [squared, by_d, by_m];
    let mut raw: Vec<u64> = sq.parts()[0]
        .c0
        .raw_digits()
        .iter()
        .flat_map(|r| r.0)
        .collect();
    for w in &whole {
        for x in [w.c0.c0.c0, w.c0.c2.c1, w.c1.c1.c0, w.c1.c2.c1] {
            raw.extend(x.raw_digits().iter().flat_map(|r| r.0));
        }
    }
    let whole = whole.map(|w| unlane_coefficients::<C, B>(&w));
    (prod, cyc, cmp, whole, raw)
}

/// The compressed cyclotomic squares of one element digit-sliced across the lanes (what the final
/// exponentiation uses on bls12-381) against the scalar chain, on both lane backends: the identity
/// and random elements of the cyclotomic subgroup, powers at every count from 1 to 8, at the
/// positions of u's non-zero digits, and a long run. Curves outside its conditions (u^2 = -1,
/// xi = 1 + u, 8 spare bits) are skipped: the final exponentiation never calls it there.
fn check_sliced_compressed_squares<C: PairingCurve>() {
    if <C as TowerParams>::BETA != -1
        || <C as TowerParams>::XI != (1, 1)
        || !sliced_compressed_squares_apply::<C::Fp>()
    {
        return;
    }
    let mut rng = TestRng::new(0x5c5);
    let into_cyclotomic = |f: Fp12<C>| {
        let f1 = f.conjugate() * f.inv();
        f1.frobenius_map(2) * f1
    };
    let mut elements = vec![Fp12::<C>::ONE];
    for _ in 0..4 {
        elements.push(into_cyclotomic(random_fp12::<C>(&mut rng)));
    }
    let runs: [&[usize]; 3] = [&[1, 2, 3, 4, 5, 6, 7, 8], &[16, 48, 57, 60, 62, 63], &[200]];
    for f in &elements {
        let c = f.compress_cyclotomic();
        let coeffs = c.parts().map(|e| [e.c0, e.c1]);
        for at in runs {
            let mut want = Vec::new();
            let (mut x, mut done) = (c, 0);
            for &k in at {
                for _ in done..k {
                    x = x.square();
                }
                done = k;
                want.push(x.parts().map(|e| [e.c0, e.c1]));
            }
            assert_eq!(
                compressed_square_chain::<C::Fp, PortableLanes>(&coeffs, at),
                want,
                "{}: portable lanes, powers at {at:?}",
                C::NAME
            );
            assert_eq!(
                compressed_square_chain::<C::Fp, IfmaLanes>(&coeffs, at),
                want,
                "{}: IFMA lanes, powers at {at:?}",
                C::NAME
            );
        }
    }
}

/// The Granger–Scott cyclotomic squares of one element digit-sliced across the lanes (what the
/// final exponentiation's exponentiations by u use on bn254) against the scalar squares, on both
/// lane backends: the identity and random elements of the cyclotomic subgroup, runs of 1, 2, 3,
/// 7 and 64 squares. Curves outside its conditions (u^2 = -1, xi0, xi1 >= 0, sums that fit) are
/// skipped: the final exponentiation never calls it there.
fn check_sliced_cyclotomic_squares<C: PairingCurve>() {
    let xi = <C as TowerParams>::XI;
    if <C as TowerParams>::BETA != -1 || !sliced_cyclotomic_squares_apply::<C::Fp>(xi) {
        return;
    }
    let mut rng = TestRng::new(0x6c5);
    let mut elements = vec![Fp12::<C>::ONE];
    for _ in 0..4 {
        let f = random_fp12::<C>(&mut rng);
        let f1 = f.conjugate() * f.inv();
        elements.push(f1.frobenius_map(2) * f1);
    }
    let parts =
        |f: &Fp12<C>| [f.c0.c0, f.c1.c0, f.c0.c1, f.c1.c1, f.c0.c2, f.c1.c2].map(|x| [x.c0, x.c1]);
    for f in &elements {
        for n in [1, 2, 3, 7, 64] {
            let mut want = *f;
            for _ in 0..n {
                want = want.cyclotomic_square();
            }
            let want = parts(&want);
            assert_eq!(
                cyclotomic_square_run::<C::Fp, PortableLanes>(&parts(f), n, xi),
                want,
                "{}: portable lanes, {n} squares",
                C::NAME
            );
            assert_eq!(
                cyclotomic_square_run::<C::Fp, IfmaLanes>(&parts(f), n, xi),
                want,
                "{}: IFMA lanes, {n} squares",
                C::NAME
            );
        }
    }
}

macro_rules! lane_field_tests {
    (() $($m:ident: $c:ty = $label:literal),* $(,)?) => { $(
        mod $m {
            use super::*;
            #[test] fn lane_field() { check_lane_field::<$c>(); }
            #[test] fn sliced_products() { check_sliced_products::<$c>(); }
        }
    )* };
}

// The field level (where a prime's own constants matter) on every curve.
tripair::for_each_prime_curve!(lane_field_tests);

macro_rules! lane_tower_tests {
    (() $($m:ident: $c:ty = $label:literal),* $(,)?) => { $(
        mod $m {
            use super::*;
            #[test] fn tower_kernels() { check_tower_kernels::<$c>(); }
            #[test] fn sliced_compressed_squares() { check_sliced_compressed_squares::<$c>(); }
            #[test] fn sliced_cyclotomic_squares() { check_sliced_cyclotomic_squares::<$c>(); }
        }
    )* };
}

mod tower {
    use super::*;
    crate::representative_curves!(lane_tower_tests);
}

/// The IFMA tower kernels exist, compiled in the library, for the lane width and twist type of
/// every built-in curve whose width has them (M <= 8), and for no other width: a curve without
/// its entry would run the tower's formulas on an IFMA CPU with every result still right.
#[cfg(target_arch = "x86_64")]
#[test]
fn compiled_tower_kernels_cover_the_curves() {
    let widths = tripair::field::lanes::compiled_kernel_widths();
    let mut want = Vec::new();
    macro_rules! expect {
        (() $($m:ident: $c:ty = $label:literal),* $(,)?) => { $(
            let m = <<<$c as TowerParams>::Fp as tripair::field::lanes::LaneParams>::LaneDigits
                as tripair::field::lanes::LaneDigits>::M;
            if m <= 8 {
                want.push((m, matches!(<$c as PairingCurve>::TWIST, tripair::curve::Twist::M), true));
            }
        )* };
    }
    tripair::for_each_prime_curve!(expect);
    want.sort();
    want.dedup();
    assert_eq!(
        widths, want,
        "(width, M-type twist, cyclotomic squares found)"
    );
}

#[test]
fn detection_reported() {
    println!(
        "AVX-512 IFMA: {}",
        if Avx512Ifma::detect().is_some() {
            "yes"
        } else {
            "no"
        }
    );
}
