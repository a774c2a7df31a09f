//! Tests of the small-characteristic module: fields F_{3^m}, the eta_T pairing in characteristic 3,
//! and the string interface. (Characteristic 2: char2.rs.)
//! Run with `cargo test --release smallchar`.

use num_bigint::BigUint;

use tripair::util::is_probable_prime;
use tripair::Error;
use tripair_smallchar::eta3::{self, Curve3, Eta3_193, Eta3_509, Eta3_97, Point3};
use tripair_smallchar::gf3::*;
use tripair_smallchar::gf3_tower::Gf36;
use tripair_smallchar::irreducible::trinomial3_is_irreducible;
use tripair_smallchar::{self as sc, Threads};
use tripair_testkit::TestRng;

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

#[test]
fn smallchar_f3_moduli_are_irreducible() {
    for (m, k, a, c) in [
        (79, 26, 1, 2),
        (97, 12, 1, 2),
        (163, 59, 2, 1),
        (193, 12, 1, 2),
        (239, 5, 2, 1),
        (353, 142, 1, 2),
        (509, 151, 2, 1),
    ] {
        assert!(trinomial3_is_irreducible(m, k, a, c), "m = {m}");
    }
    // The trait constants are the ones proven above.
    fn consts<P: Trinomial3>() -> (usize, usize, u8, u8) {
        (P::M, P::K, P::A, P::C)
    }
    assert_eq!(consts::<T97>(), (97, 12, 1, 2));
    assert_eq!(consts::<T193>(), (193, 12, 1, 2));
    for (m, k, a, c) in [
        consts::<T79>(),
        consts::<T163>(),
        consts::<T239>(),
        consts::<T353>(),
        consts::<T509>(),
    ] {
        assert!(
            trinomial3_is_irreducible(m, k, a, c),
            "trait constants of m = {m}"
        );
    }
    assert_eq!(T97::describe(), "x^97 + x^12 + 2 over F_3");
}

fn edge_elements<const N: usize, P: Trinomial3>() -> Vec<Gf3<N, P>> {
    let m = P::M;
    vec![
        Gf3::zero(),
        Gf3::one(),
        Gf3::from_i64(-1),
        Gf3::monomial(1, 1),
        Gf3::monomial(m - 1, 2),
        Gf3::monomial(m - 1, 1),
        Gf3::from_trits(&vec![2u8; m]),
        Gf3::from_trits(&vec![1u8; m]),
        Gf3::from_trits(&(0..m).map(|i| (i % 3) as u8).collect::<Vec<_>>()),
    ]
}

fn check_field3<const N: usize, P: Trinomial3>(samples: usize) {
    let mut rng = TestRng::new(1000 + P::M as u64);
    let mut elems = edge_elements::<N, P>();
    for _ in 0..samples {
        elems.push(Gf3::random(&mut rng));
    }
    let simd = Avx512Bmi2::detect();
    let one = Gf3::<N, P>::one();
    for (i, a) in elems.iter().enumerate() {
        let b = &elems[(i * 7 + 3) % elems.len()];
        let c = &elems[(i * 5 + 1) % elems.len()];
        assert!(a.is_canonical());
        // Additive group.
        assert_eq!(a.add(b), b.add(a));
        assert_eq!(a.add(b).add(c), a.add(&b.add(c)));
        assert_eq!(a.add(&Gf3::zero()), *a);
        assert_eq!(a.add(&a.neg()), Gf3::zero());
        assert_eq!(a.sub(b), a.add(&b.neg()));
        assert_eq!(a.add(a).add(a), Gf3::zero());
        assert_eq!(a.mul_trit(2), a.add(a));
        // Multiplication: every kernel equals the schoolbook reference.
        let ab = a.mul_schoolbook_slow(b);
        assert!(ab.is_canonical());
        assert_eq!(a.mul_comb(b), ab, "comb, m = {}", P::M);
        assert_eq!(a.mul_karatsuba(b), ab, "karatsuba, m = {}", P::M);
        assert_eq!(a.mul_portable(b), ab);
        if let Some(be) = simd {
            assert_eq!(be.mul(a, b), ab, "avx512, m = {}", P::M);
        }
        assert_eq!(a.mul_comb(b), b.mul_comb(a));
        assert_eq!(a.mul_comb(&b.mul_comb(c)), a.mul_comb(b).mul_comb(c));
        assert_eq!(a.mul_comb(&b.add(c)), ab.add(&a.mul_comb(c)));
        assert_eq!(a.mul_comb(&one), *a);
        // Cubes and cube roots.
        let a3 = a.cube_portable();
        assert_eq!(a3, a.mul_comb(a).mul_comb(a));
        assert_eq!(a3.cube_root_portable(), *a);
        let r = a.cube_root_portable();
        assert_eq!(r.cube_portable(), *a);
        if let Some(be) = simd {
            assert_eq!(be.cube(a), a3, "bmi2 cube");
            assert_eq!(be.cube_root(a), r, "bmi2 cube root");
        }
        // Inverse.
        if !a.is_zero() {
            let ai = a.inv_with(Portable3);
            assert_eq!(a.mul_comb(&ai), one);
            if let Some(be) = simd {
                assert_eq!(a.inv_with(be), ai);
            }
        } else {
            assert!(a.inv_with(Portable3).is_zero());
        }
        // Encoding.
        let bytes = a.to_bytes();
        assert_eq!(bytes.len(), Gf3::<N, P>::byte_len());
        assert_eq!(Gf3::<N, P>::from_bytes(&bytes).unwrap(), *a);
    }
    // Encoding bounds: 3^m - 1 is the largest element, 3^m is rejected.
    let q = BigUint::from(3u32).pow(P::M as u32);
    let top = Gf3::<N, P>::from_biguint(&(&q - 1u32)).unwrap();
    assert_eq!(top, Gf3::from_trits(&vec![2u8; P::M]));
    assert_eq!(Gf3::<N, P>::from_biguint(&q), Err(Error::NotAFieldElement));
    let n = Gf3::<N, P>::byte_len();
    assert_eq!(n, (P::M as f64 * 3f64.log2() / 8.0).ceil() as usize);
    let mut too_big = q.to_bytes_be();
    while too_big.len() < n {
        too_big.insert(0, 0);
    }
    assert_eq!(
        Gf3::<N, P>::from_bytes(&too_big),
        Err(Error::NotAFieldElement)
    );
    assert!(matches!(
        Gf3::<N, P>::from_bytes(&vec![0u8; n + 1]),
        Err(Error::WrongLength { .. })
    ));
    // x has integer value 3.
    assert_eq!(
        Gf3::<N, P>::monomial(1, 1).to_biguint(),
        BigUint::from(3u32)
    );
}

#[test]
fn smallchar_f3_fields() {
    check_field3::<2, T79>(40);
    check_field3::<2, T97>(40);
    check_field3::<3, T163>(25);
    check_field3::<4, T193>(25);
    check_field3::<4, T239>(20);
    check_field3::<6, T353>(12);
    check_field3::<8, T509>(8);
}

#[test]
fn smallchar_f3_cube_root_constants() {
    // x^(1/3) for x^97 + x^12 + 2 (project notes): 2x^93 + x^89 + 2x^81 + x^77 + 2x^69 + x^65 + 2x^8 + x^4.
    let c = T97::cube_root_consts();
    let mut got = c.x13.clone();
    got.sort();
    assert_eq!(
        got,
        vec![
            (4, 1),
            (8, 2),
            (65, 1),
            (69, 2),
            (77, 1),
            (81, 2),
            (89, 1),
            (93, 2)
        ]
    );
    assert_eq!(c.x23.len(), 19);
    assert_eq!(T193::cube_root_consts().x13.len(), 13);
    assert_eq!(T193::cube_root_consts().x23.len(), 35);
}

// ---------------------------------------------------------------------------------------------
// Curves and pairings
// ---------------------------------------------------------------------------------------------

fn check_curve_params<const N: usize, P: Trinomial3, const B: i8, const H: u64>() {
    let n = Curve3::<N, P, B, H>::order();
    let r = Curve3::<N, P, B, H>::r();
    assert_eq!(&r * H, n);
    assert!(is_probable_prime(&r), "r is prime");
    // #E kills random points; the generator has order r.
    let mut rng = TestRng::new(77);
    let mut found = 0;
    while found < 2 {
        if let Some(p) = Point3::<N, P, B>::from_x_vartime(&Gf3::random(&mut rng)) {
            assert!(p.is_on_curve());
            assert!(p.mul_vartime(&n).inf);
            found += 1;
        }
    }
    let g = Curve3::<N, P, B, H>::generator();
    assert!(!g.inf && g.is_on_curve());
    assert!(Curve3::<N, P, B, H>::in_subgroup(&g));
}

#[test]
fn smallchar_eta3_curve_parameters() {
    check_curve_params::<2, T97, 1, 7>();
    check_curve_params::<4, T193, -1, 1>();
    // m = 509: r has 804 bits.
    assert_eq!(Eta3_509::r().bits(), 804);
    assert!(is_probable_prime(&Eta3_509::r()));
    assert_eq!(Eta3_509::r() * 7u32, Eta3_509::order());
    assert_eq!(
        Eta3_97::r().to_string(),
        "2726865189058261010774960798134976187171462721"
    );
}

type P97 = Point3<2, T97, 1>;

fn points97() -> (P97, P97) {
    let g = Eta3_97::generator();
    (
        g.mul_vartime(&BigUint::from(123456789u64)),
        g.mul_vartime(&BigUint::from(987654321987u64)),
    )
}

#[test]
fn smallchar_eta3_97_bilinear_nondegenerate_order_r() {
    let (p, q) = points97();
    let r = Eta3_97::r();
    let e = eta3::eta_t_pairing(&p, &q, Threads::One);
    assert!(!e.is_one(), "non-degenerate");
    assert!(e.pow_vartime(&r, Portable3).is_one(), "e^r = 1");
    let (a, b) = (
        BigUint::from(0xdead_beef_1234u64),
        BigUint::from(0x5555_0001u64),
    );
    let lhs = eta3::eta_t_pairing(&p.mul_vartime(&a), &q.mul_vartime(&b), Threads::One);
    let rhs = e.pow_vartime(&(&a * &b), Portable3);
    assert_eq!(lhs, rhs, "e(aP, bQ) = e(P, Q)^(ab)");
    // Linearity in each argument separately and symmetry of eta_T's values under swapping.
    let p2 = p.add_vartime(&q);
    let e1 = eta3::eta_t_pairing(&p2, &q, Threads::One);
    let e2 = eta3::eta_t_pairing(&q, &q, Threads::One);
    assert_eq!(e1, e.mul(&e2, Portable3));
    // Infinity maps to 1.
    assert!(eta3::eta_t_pairing(&P97::infinity(), &q, Threads::One).is_one());
}

#[test]
fn smallchar_eta3_serial_equals_parallel_and_backends() {
    let (p, q) = points97();
    let s = eta3::eta_t_with(&p, &q, Threads::One, Portable3);
    assert_eq!(eta3::eta_t_with(&p, &q, Threads::Two, Portable3), s);
    assert_eq!(eta3::eta_t_pairing(&p, &q, Threads::Two), s);
    if let Some(be) = Avx512Bmi2::detect() {
        assert_eq!(eta3::eta_t_with(&p, &q, Threads::One, be), s);
        assert_eq!(
            eta3::eta_t_loop_parallel(&p, &q, be),
            eta3::eta_t_loop(&p, &q, Portable3)
        );
    }
    let g = Eta3_193::generator();
    let p = g.mul_vartime(&BigUint::from(31337u32));
    let q = g.mul_vartime(&BigUint::from(4242u32));
    let s = eta3::eta_t_pairing(&p, &q, Threads::One);
    assert_eq!(eta3::eta_t_pairing(&p, &q, Threads::Two), s);
    assert_eq!(eta3::eta_t_with(&p, &q, Threads::One, Portable3), s);
    assert!(s.pow_vartime(&Eta3_193::r(), Portable3).is_one());
    assert!(!s.is_one());
    let g = Eta3_509::generator();
    let p = g.add_vartime(&g);
    let s = eta3::eta_t_pairing(&p, &g, Threads::One);
    assert_eq!(eta3::eta_t_pairing(&p, &g, Threads::Two), s);
    let e1 = eta3::eta_t_pairing(&g, &g, Threads::One);
    assert_eq!(s, e1.mul(&e1, Portable3), "e(2G, G) = e(G, G)^2 at m = 509");
}

#[test]
fn smallchar_eta3_97_fast_final_exp_equals_plain() {
    let (p, q) = points97();
    for (a, b) in [(p, q), (q, p.add_vartime(&q))] {
        let f = eta3::eta_t_loop(&a, &b, Portable3);
        assert_eq!(eta3::final_exp(&f, Portable3), eta3::final_exp_slow(&f));
    }
}

/// eta_T(P, Q)^W = e(P, psi(Q))^((1 - 2*3^m) mod r) with e the reduced Tate pairing
/// computed by a plain Miller loop and a plain exponentiation.
fn check_against_tate<const N: usize, P: Trinomial3, const B: i8, const H: u64>(
    pairs: &[(u64, u64)],
) {
    let g = Curve3::<N, P, B, H>::generator();
    let r = Curve3::<N, P, B, H>::r();
    let q3 = BigUint::from(3u32).pow(P::M as u32);
    let k = (&r + 1u32 - ((q3 * 2u32) % &r)) % &r;
    for &(a, b) in pairs {
        let p = g.mul_vartime(&BigUint::from(a));
        let q = g.mul_vartime(&BigUint::from(b));
        let eta: Gf36<N, P, B> = eta3::eta_t_pairing(&p, &q, Threads::One);
        let tate = eta3::tate_reference(&p, &q, &r);
        assert!(!tate.is_one());
        assert_eq!(
            eta,
            tate.pow_vartime(&k, Portable3),
            "eta_T vs Tate, m = {}, ({a}, {b})",
            P::M
        );
    }
}

#[test]
fn smallchar_eta3_97_agrees_with_tate() {
    check_against_tate::<2, T97, 1, 7>(&[(1, 1), (5, 1234567), (99991, 7)]);
}

#[test]
fn smallchar_eta3_193_agrees_with_tate() {
    check_against_tate::<4, T193, -1, 1>(&[(3, 11)]);
}

// ---------------------------------------------------------------------------------------------
// String interface
// ---------------------------------------------------------------------------------------------

#[test]
fn smallchar_api_curve_info() {
    let names = sc::curve_names();
    assert!(
        names.contains(&"eta3-97") && names.contains(&"eta3-193") && names.contains(&"eta3-509")
    );
    for info in sc::all_curve_info() {
        assert!(info.broken, "{} must be marked broken", info.name);
        assert!(info.security_note.contains("BROKEN"));
        assert_eq!(info.g1, info.g2);
        // The generator decodes, lies in the subgroup, and pairs non-trivially with itself.
        let e = sc::pair_hex(info.name, &info.g1, &info.g2, false).unwrap();
        assert_eq!(
            sc::pair_hex(info.name, &info.g1, &info.g2, true).unwrap(),
            e
        );
        assert!(e.len() > 2);
    }
    let i = sc::curve_info("eta3-97").unwrap();
    assert_eq!(i.field, "x^97 + x^12 + 2 over F_3");
    assert_eq!(i.coefficients, "y^2 = x^3 - x + 1");
    assert_eq!(i.cofactor, "7");
    let i = sc::curve_info("eta3-193").unwrap();
    assert_eq!(i.coefficients, "y^2 = x^3 - x - 1");
    assert_eq!(i.cofactor, "1");
    assert_eq!(
        sc::curve_info("bn254"),
        Err(Error::UnknownCurve("bn254".into()))
    );
}

#[test]
fn smallchar_api_pair_hex_and_errors() {
    let info = sc::curve_info("eta3-97").unwrap();
    let g = &info.g1;
    let n = Gf3::<2, T97>::byte_len();
    // GT encoding: 6 coefficients; e(G, inf) = 1 = (1, 0, 0, 0, 0, 0).
    let one = sc::pair_hex("eta3-97", g, "inf", false).unwrap();
    let mut expect = vec![0u8; 6 * n];
    expect[n - 1] = 1;
    assert_eq!(one, hex::encode(&expect));
    let e = sc::pair_hex("eta3-97", g, g, false).unwrap();
    assert_eq!(e.len(), 12 * n);
    // The value matches the typed API.
    let gp = Eta3_97::generator();
    assert_eq!(
        e,
        hex::encode(eta3::gt_to_bytes(&eta3::eta_t_pairing(
            &gp,
            &gp,
            Threads::One
        )))
    );

    assert_eq!(
        sc::pair_hex("eta3-98", g, g, false),
        Err(Error::UnknownCurve("eta3-98".into()))
    );
    assert_eq!(
        sc::pair_hex("eta3-97", "zz", g, false),
        Err(Error::NotHex.in_point("P"))
    );
    assert_eq!(
        sc::pair_hex("eta3-97", &g[..g.len() - 1], g, false),
        Err(Error::NotHex.in_point("P"))
    );
    assert!(matches!(
        sc::pair_hex("eta3-97", &g[..g.len() - 2], g, false),
        Err(Error::Point { point, error }) if point == "P" && matches!(*error, Error::WrongLength { .. })
    ));
    // x = 3^97 (out of range), y anything.
    let mut big = BigUint::from(3u32).pow(97).to_bytes_be();
    while big.len() < n {
        big.insert(0, 0);
    }
    let bad = hex::encode([big.clone(), vec![0u8; n]].concat());
    assert_eq!(
        sc::pair_hex("eta3-97", &bad, g, false),
        Err(Error::NotAFieldElement.in_point("P"))
    );
    let bad_y = format!("{}{}", &g[..2 * n], hex::encode(&big));
    assert_eq!(
        sc::pair_hex("eta3-97", g, &bad_y, false),
        Err(Error::NotAFieldElement.in_point("Q"))
    );
    // Off the curve: change y.
    let gp = Eta3_97::generator();
    let off = Point3::<2, T97, 1>::new_unchecked(gp.x, gp.y.add(&Gf3::one()));
    let off_hex = hex::encode(off.to_bytes().unwrap());
    assert_eq!(
        sc::pair_hex("eta3-97", &off_hex, g, false),
        Err(Error::NotOnCurve.in_point("P"))
    );
    // On the curve but outside the order-r subgroup (cofactor 7).
    let mut rng = TestRng::new(3);
    let outside = loop {
        if let Some(p) = Point3::<2, T97, 1>::from_x_vartime(&Gf3::random(&mut rng)) {
            if !Eta3_97::in_subgroup(&p) {
                break p;
            }
        }
    };
    let out_hex = hex::encode(outside.to_bytes().unwrap());
    assert_eq!(
        sc::pair_hex("eta3-97", g, &out_hex, false),
        Err(Error::NotInSubgroup.in_point("Q"))
    );
    // The same point times 7 is accepted.
    let inside = outside.mul_vartime(&BigUint::from(7u32));
    assert!(sc::pair_hex("eta3-97", g, &hex::encode(inside.to_bytes().unwrap()), true).is_ok());
}

// ---------------------------------------------------------------------------------------------
// Fast paths against the plain ones
// ---------------------------------------------------------------------------------------------

fn check_pow_table<const N: usize, P: Trinomial3, const B: i8>(seed: u64) {
    use tripair_smallchar::gf3_powtable::PowTable3Words;
    let mut rng = TestRng::new(seed);
    let half = P::half_power_table_vartime().view::<N, P>();
    assert_eq!(half.k(), P::M.div_ceil(2));
    let small = PowTable3Words::new::<N, P>(5);
    let small = small.view::<N, P>();
    let mut xs = edge_elements::<N, P>();
    for _ in 0..20 {
        xs.push(Gf3::random(&mut rng));
    }
    for x in &xs {
        let y = half.pow_vartime(x);
        assert!(y.is_canonical());
        assert_eq!(y, half.pow_by_cubings(x, Portable3));
        assert_eq!(small.pow_vartime(x), small.pow_by_cubings(x, Portable3));
    }
    for _ in 0..3 {
        let c: [Gf3<N, P>; 6] = core::array::from_fn(|_| Gf3::random(&mut rng));
        let v = Gf36::<N, P, B>::from_coeffs(c);
        let mut w = v;
        for _ in 0..half.k() {
            w = w.cube(Portable3);
        }
        assert_eq!(v.pow3k_vartime(&half), w);
        let mut w = v;
        for _ in 0..5 {
            w = w.cube(Portable3);
        }
        assert_eq!(v.pow3k_vartime(&small), w);
    }
}

fn check_frob_maps<const N: usize, P: Trinomial3, const B: i8>(seed: u64) {
    use tripair_smallchar::gf3_frobmap::{frob_map, frob_map_exponents, FrobMap3Words};
    let mut rng = TestRng::new(seed);
    let mut xs = edge_elements::<N, P>();
    for _ in 0..20 {
        xs.push(Gf3::random(&mut rng));
    }
    let ks = frob_map_exponents(P::M);
    assert!(ks.contains(&P::M.div_ceil(2)) && ks.contains(&((P::M - 1) / 2)));
    let small = FrobMap3Words::new::<N, P>(5);
    let mut maps: Vec<_> = ks.iter().map(|&k| frob_map::<N, P>(k).unwrap()).collect();
    maps.push(small.view::<N, P>());
    for map in &maps {
        for x in &xs {
            let y = map.apply_by_cubings(x);
            assert_eq!(map.apply_portable(x), y, "k = {}", map.k());
            assert_eq!(Portable3.frob(map, x), y);
            assert_eq!(Portable3.pow3k(x, map.k()), y);
            if let Some(be) = Avx512Bmi2::detect() {
                let z = be.frob(map, x);
                assert!(z.is_canonical());
                assert_eq!(z, y, "avx512, k = {}", map.k());
                assert_eq!(be.pow3k(x, map.k()), y);
            }
        }
    }
    // An exponent without a map falls back to cubings.
    assert!(frob_map::<N, P>(3).is_none());
    let x = xs[xs.len() - 1];
    assert_eq!(
        Portable3.pow3k(&x, 3),
        x.cube_portable().cube_portable().cube_portable()
    );
    for _ in 0..3 {
        let c: [Gf3<N, P>; 6] = core::array::from_fn(|_| Gf3::random(&mut rng));
        let v = Gf36::<N, P, B>::from_coeffs(c);
        let k = P::M.div_ceil(2);
        let mut w = v;
        for _ in 0..k {
            w = w.cube(Portable3);
        }
        assert_eq!(v.pow3k(k, Portable3), w);
        if let Some(be) = Avx512Bmi2::detect() {
            assert_eq!(v.pow3k(k, be), w);
        }
    }
}

#[test]
fn smallchar_frob_maps_equal_cubings() {
    check_frob_maps::<2, T79, 1>(81);
    check_frob_maps::<2, T97, 1>(82);
    check_frob_maps::<3, T163, 1>(83);
    check_frob_maps::<4, T193, -1>(84);
    check_frob_maps::<4, T239, 1>(85);
    check_frob_maps::<6, T353, 1>(86);
    check_frob_maps::<8, T509, 1>(87);
}

#[test]
fn smallchar_pow_table_equals_cubings() {
    check_pow_table::<2, T97, 1>(71);
    check_pow_table::<4, T193, -1>(72);
    check_pow_table::<8, T509, 1>(73);
}

#[test]
fn smallchar_final_exp_vartime_equals_plain() {
    let (p, q) = points97();
    for (a, b) in [(p, q), (q, p.add_vartime(&q))] {
        let f = eta3::eta_t_loop(&a, &b, Portable3);
        let slow = eta3::final_exp_slow(&f);
        assert_eq!(eta3::final_exp_vartime(&f, Portable3), slow);
        assert_eq!(eta3::final_exp_cubing(&f, Portable3), slow);
        assert_eq!(eta3::final_exp(&f, Portable3), slow);
        if let Some(be) = Avx512Bmi2::detect() {
            assert_eq!(eta3::final_exp_cubing(&f, be), slow);
            assert_eq!(eta3::final_exp_vartime(&f, be), slow);
            assert_eq!(eta3::final_exp(&f, be), slow);
        }
    }
    let g = Eta3_193::generator();
    let f = eta3::eta_t_loop(&g, &g.add_vartime(&g), Portable3);
    assert_eq!(
        eta3::final_exp_vartime(&f, Portable3),
        eta3::final_exp(&f, Portable3)
    );
}

#[test]
fn smallchar_two_thread_loop_parallel_equals_serial() {
    // The two-thread loop runs on the library's pool even while the harness keeps the cores busy.
    tripair::pairing::set_contention_fallback(false);
    let (p, q) = points97();
    let s = eta3::eta_t_pairing(&p, &q, Threads::One);
    // Concurrent callers share the pool's workers; every result equals the serial one.
    std::thread::scope(|sc| {
        for _ in 0..3 {
            sc.spawn(|| {
                for _ in 0..20 {
                    assert_eq!(eta3::eta_t_pairing(&p, &q, Threads::Two), s);
                }
            });
        }
    });
    // After an idle pause (the pool worker sleeps) it still answers.
    std::thread::sleep(std::time::Duration::from_millis(5));
    assert_eq!(eta3::eta_t_pairing(&p, &q, Threads::Two), s);
    // A panic on the pool worker reaches the caller and leaves the pool usable.
    let r = std::panic::catch_unwind(|| tripair::pairing::join(|| 1, || -> u32 { panic!("boom") }));
    assert!(r.is_err());
    assert_eq!(tripair::pairing::join(|| 1u32, || 2u32), (1, 2));
}

fn check_fused_tower<const N: usize, P: Trinomial3, const B: i8, Bk: Backend3>(be: Bk, seed: u64) {
    use tripair_smallchar::gf3_tower::{Gf33, Line3};
    let mut rng = TestRng::new(seed);
    for _ in 0..10 {
        let mut r = || Gf3::<N, P>::random(&mut rng);
        let a = Gf36::<N, P, B>::from_coeffs([r(), r(), r(), r(), r(), r()]);
        let b = Gf36::<N, P, B>::from_coeffs([r(), r(), r(), r(), r(), r()]);
        let l = Line3 {
            c0: r(),
            c1: r(),
            y: r(),
        };
        let (x, y): (Gf33<N, P, B>, Gf33<N, P, B>) = (a.c0, b.c1);
        let xy = x.mul_plain(&y, Portable3);
        assert_eq!(be.mul_rho3_const(&x, &y), xy.c[0], "{}", be.name());
        let s = r();
        let want = Gf33::new(
            x.c[0].mul_portable(&s),
            x.c[1].mul_portable(&s),
            x.c[2].mul_portable(&s),
        );
        assert_eq!(be.mul_rho3_base(&x, &s), want, "{}", be.name());
        assert_eq!(
            be.mul_rho3_two(&x, &y, &b.c0),
            (x.mul_plain(&y, Portable3), x.mul_plain(&b.c0, Portable3)),
            "{}",
            be.name()
        );
        assert_eq!(
            be.mul_rho3(&x, &y),
            x.mul_plain(&y, Portable3),
            "{}",
            be.name()
        );
        assert_eq!(
            be.mul_sigma(&a, &b),
            a.mul_plain(&b, Portable3),
            "{}",
            be.name()
        );
        assert_eq!(
            be.mul_line(&a, &l),
            a.mul_by_line_plain(&l, Portable3),
            "{}",
            be.name()
        );
        assert_eq!(a.mul(&b, be), a.mul_plain(&b, Portable3));
        assert_eq!(a.mul_by_line(&l, be), a.mul_by_line_plain(&l, be));
        // The loop's line from t and y = ya yb (t^2 and y inside, the table of t shared with
        // c1 = -t).
        let (t, ya, yb) = (r(), r(), r());
        let lt = Line3 {
            c0: t.mul_portable(&t).neg(),
            c1: t.neg(),
            y: ya.mul_portable(&yb),
        };
        assert_eq!(
            a.mul_by_line_t(&t, &ya, &yb, be),
            a.mul_by_line_plain(&lt, Portable3),
            "{}",
            be.name()
        );
    }
}

/// The loop in Frobenius form (no cubing of R) equals the loop of Beuchat et al. as written,
/// serial and on two threads, on every backend.
fn check_loop_forms<const N: usize, P: Trinomial3, const B: i8, const H: u64>(ks: &[(u64, u64)]) {
    let g = Curve3::<N, P, B, H>::generator();
    for &(a, b) in ks {
        let p = g.mul_vartime(&BigUint::from(a));
        let q = g.mul_vartime(&BigUint::from(b));
        let want = eta3::eta_t_loop_cubing(&p, &q, Portable3);
        assert_eq!(eta3::eta_t_loop(&p, &q, Portable3), want, "m = {}", P::M);
        assert_eq!(eta3::eta_t_loop_parallel(&p, &q, Portable3), want);
        if let Some(be) = Avx512Bmi2::detect() {
            assert_eq!(eta3::eta_t_loop_cubing(&p, &q, be), want);
            assert_eq!(eta3::eta_t_loop(&p, &q, be), want);
            assert_eq!(eta3::eta_t_loop_parallel(&p, &q, be), want);
        }
    }
}

#[test]
fn smallchar_eta3_loop_frobenius_form_equals_cubing_loop() {
    check_loop_forms::<2, T97, 1, 7>(&[(1, 1), (3, 11), (0x1234_5678, 0x9abc_def1)]);
    check_loop_forms::<4, T193, -1, 1>(&[(2, 5), (77, 0xdead_beef)]);
    check_loop_forms::<8, T509, 1, 7>(&[(3, 4)]);
}

/// The fused tower kernels (portable and AVX-512) equal the plain tower products.
#[test]
fn smallchar_fused_tower_kernels_equal_plain() {
    check_fused_tower::<2, T97, 1, _>(Portable3, 81);
    check_fused_tower::<4, T193, -1, _>(Portable3, 82);
    check_fused_tower::<8, T509, 1, _>(Portable3, 83);
    check_fused_tower::<6, T353, -1, _>(Portable3, 84);
    if let Some(be) = Avx512Bmi2::detect() {
        check_fused_tower::<2, T97, 1, _>(be, 85);
        check_fused_tower::<4, T193, -1, _>(be, 86);
        check_fused_tower::<8, T509, 1, _>(be, 87);
        check_fused_tower::<6, T353, -1, _>(be, 88);
        check_fused_tower::<2, T79, 1, _>(be, 89);
        check_fused_tower::<3, T163, -1, _>(be, 90);
        check_fused_tower::<4, T239, 1, _>(be, 91);
    }
}

fn check_inv_vartime<const N: usize, P: Trinomial3>(seed: u64) {
    let mut rng = TestRng::new(seed);
    let mut xs = edge_elements::<N, P>();
    for _ in 0..10 {
        xs.push(Gf3::random(&mut rng));
    }
    for x in &xs {
        let i = x.inv_vartime_with(Portable3);
        assert_eq!(i, x.inv_with(Portable3));
        if let Some(be) = Avx512Bmi2::detect() {
            assert_eq!(x.inv_vartime_with(be), i);
        }
    }
}

#[test]
fn smallchar_inv_vartime_equals_itoh_tsujii() {
    check_inv_vartime::<2, T79>(61);
    check_inv_vartime::<2, T97>(62);
    check_inv_vartime::<3, T163>(63);
    check_inv_vartime::<4, T193>(64);
    check_inv_vartime::<4, T239>(65);
    check_inv_vartime::<6, T353>(66);
    check_inv_vartime::<8, T509>(67);
}

fn check_cube_lanes<const N: usize, P: Trinomial3>(seed: u64) {
    use tripair_smallchar::gf3_lanes::{FrobSeq3, Lanes3};
    let mut rng = TestRng::new(seed);
    let mut xs = edge_elements::<N, P>();
    // Every basis element x^i with coefficient 1 and 2 (the cube is F_3-linear).
    for i in 0..P::M {
        for c in [1u8, 2] {
            xs.push(Gf3::monomial(i, c));
        }
    }
    for _ in 0..24 {
        xs.push(Gf3::random(&mut rng));
    }
    while !xs.len().is_multiple_of(8) {
        xs.push(Gf3::random(&mut rng));
    }
    for chunk in xs.chunks(8) {
        let e: [Gf3<N, P>; 8] = core::array::from_fn(|k| chunk[k]);
        let lanes = Lanes3::from_elems(&e);
        let want = lanes.cube_each(Portable3);
        for (k, x) in e.iter().enumerate() {
            assert_eq!(want.get(k), x.cube_portable());
        }
        assert_eq!(Portable3.cube_lanes(&lanes), want);
        if let Some(be) = Avx512Bmi2::detect() {
            let got = be.cube_lanes(&lanes);
            for (k, x) in e.iter().enumerate() {
                assert!(got.get(k).is_canonical());
                assert_eq!(got.get(k), want.get(k), "m = {}, lane {k}, x = {x:?}", P::M);
            }
        }
    }
    // Frobenius sequences against repeated cubes.
    let e: [Gf3<N, P>; 8] = core::array::from_fn(|_| Gf3::random(&mut rng));
    let mut refs = e;
    let portable = FrobSeq3::new(&e, 7, Portable3);
    let simd = Avx512Bmi2::detect().map(|be| FrobSeq3::new(&e, 7, be));
    for s in 0..7 {
        for (k, r) in refs.iter_mut().enumerate() {
            assert_eq!(portable.get(k, s), *r);
            if let Some(v) = &simd {
                assert_eq!(v.get(k, s), *r);
            }
            *r = r.cube_portable();
        }
    }
}

#[test]
fn smallchar_cube_lanes_equal_cubes() {
    check_cube_lanes::<2, T79>(91);
    check_cube_lanes::<2, T97>(92);
    check_cube_lanes::<3, T163>(93);
    check_cube_lanes::<4, T193>(94);
    check_cube_lanes::<4, T239>(95);
    check_cube_lanes::<6, T353>(96);
    check_cube_lanes::<8, T509>(97);
}

/// frob(U) U by the unitary shortcut equals the plain product on unitary U (conj(f) / f), for
/// both char-3 backends and every eta_T field.
fn check_frob_mul_unitary<const N: usize, P: Trinomial3, const B: i8>(seed: u64) {
    let mut rng = TestRng::new(seed);
    for _ in 0..4 {
        let c: [Gf3<N, P>; 6] = core::array::from_fn(|_| Gf3::random(&mut rng));
        let f = Gf36::<N, P, B>::from_coeffs(c);
        let u = f.conjugate().mul(&f.inv(Portable3), Portable3);
        assert!(u.mul(&u.conjugate(), Portable3).is_one());
        let want = u.frobenius().mul_plain(&u, Portable3);
        assert_eq!(u.frob_mul_unitary(Portable3), want);
        if let Some(be) = Avx512Bmi2::detect() {
            assert_eq!(u.frob_mul_unitary(be), want);
        }
    }
}

#[test]
fn smallchar_frob_mul_unitary_equals_product() {
    check_frob_mul_unitary::<2, T97, 1>(61);
    check_frob_mul_unitary::<2, T97, -1>(62);
    check_frob_mul_unitary::<4, T193, -1>(63);
    check_frob_mul_unitary::<8, T509, 1>(64);
}
