//! Tests of the characteristic-2 part of the small-characteristic module: fields F_{2^m}, towers,
//! the eta_T pairing and its string interface. Run with `cargo test --release smallchar`.

use num_bigint::BigUint;

use tripair::util::is_probable_prime;
use tripair::Error;
use tripair_smallchar::eta2::{self, Curve2, Eta2_1223, Eta2_233, Eta2_271, Point2};
use tripair_smallchar::gf2::*;
use tripair_smallchar::irreducible::poly2_is_irreducible;
use tripair_smallchar::{self as sc, Threads};
use tripair_testkit::TestRng;

#[test]
fn smallchar2_moduli_are_irreducible() {
    fn check<P: Pentanomial2>() {
        assert!(poly2_is_irreducible(P::M, P::TERMS), "{}", P::describe());
    }
    check::<P163>();
    check::<P233>();
    check::<P271>();
    check::<P283>();
    check::<P353>();
    check::<P457>();
    check::<P557>();
    check::<P1223>();
    assert_eq!(P271::describe(), "x^271 + x^201 + 1 over F_2");
    // sqrt(x) for the trinomials with odd middle exponent: x^((m+1)/2) + x^((k+1)/2) (notes).
    assert_eq!(*P271::sqrt_x_terms(), vec![101, 136]);
    assert_eq!(*P1223::sqrt_x_terms(), vec![128, 612]);
}

fn check_field2<const N: usize, P: Pentanomial2>(samples: usize) {
    let mut rng = TestRng::new(2000 + P::M as u64);
    let m = P::M;
    let mut elems = vec![
        Gf2::<N, P>::zero(),
        Gf2::one(),
        Gf2::monomial(1),
        Gf2::monomial(m - 1),
    ];
    let mut all = Gf2::<N, P>::zero();
    for i in 0..m {
        all = all.add(&Gf2::monomial(i));
    }
    elems.push(all);
    for _ in 0..samples {
        elems.push(Gf2::random(&mut rng));
    }
    let fast = Clmul::detect();
    let one = Gf2::<N, P>::one();
    for (i, a) in elems.iter().enumerate() {
        let b = &elems[(i * 7 + 3) % elems.len()];
        let c = &elems[(i * 5 + 1) % elems.len()];
        assert!(a.is_canonical());
        assert_eq!(a.add(b), b.add(a));
        assert_eq!(a.add(a), Gf2::zero());
        assert_eq!(a.add(b).add(c), a.add(&b.add(c)));
        let ab = a.mul_schoolbook_slow(b);
        assert!(ab.is_canonical());
        assert_eq!(a.mul_comb(b), ab, "comb, m = {m}");
        if let Some(be) = fast {
            assert_eq!(be.mul(a, b), ab, "pclmul, m = {m}");
            assert_eq!(be.square(a), a.square_portable(), "bmi2 square");
            assert_eq!(be.sqrt(a), a.sqrt_portable(), "bmi2 sqrt");
        }
        assert_eq!(a.mul_comb(&b.mul_comb(c)), ab.mul_comb(c));
        assert_eq!(a.mul_comb(&b.add(c)), ab.add(&a.mul_comb(c)));
        assert_eq!(a.mul_comb(&one), *a);
        let a2 = a.square_portable();
        assert_eq!(a2, a.mul_comb(a));
        assert_eq!(a2.sqrt_portable(), *a);
        assert_eq!(a.sqrt_portable().square_portable(), *a);
        if !a.is_zero() {
            let ai = a.inv_with(Portable2);
            assert_eq!(a.mul_comb(&ai), one);
            if let Some(be) = fast {
                assert_eq!(a.inv_with(be), ai);
            }
        }
        let bytes = a.to_bytes();
        assert_eq!(bytes.len(), m.div_ceil(8));
        assert_eq!(Gf2::<N, P>::from_bytes(&bytes).unwrap(), *a);
    }
    // Values >= 2^m are rejected.
    if m % 8 != 0 {
        let mut big = vec![0u8; m.div_ceil(8)];
        big[0] = 1 << (m % 8);
        assert_eq!(Gf2::<N, P>::from_bytes(&big), Err(Error::NotAFieldElement));
    }
    // Trace is linear and half-trace solves z^2 + z = c for trace-0 c.
    let (a, b) = (elems[5], elems[6]);
    assert_eq!(a.add(&b).trace(), a.trace() ^ b.trace());
    let c = if a.trace() == 0 { a } else { a.add(&one) };
    if m % 2 == 1 && c.trace() == 0 {
        let z = c.half_trace();
        assert_eq!(z.square_portable().add(&z), c);
    }
}

#[test]
fn smallchar2_fields() {
    check_field2::<3, P163>(30);
    check_field2::<4, P233>(30);
    check_field2::<5, P271>(30);
    check_field2::<5, P283>(20);
    check_field2::<6, P353>(20);
    check_field2::<8, P457>(12);
    check_field2::<9, P557>(10);
    check_field2::<20, P1223>(6);
}

fn check_params<const N: usize, P: Pentanomial2, const B: u8, const H: u64>(r_bits: u64) {
    let n = Curve2::<N, P, B, H>::order();
    let r = Curve2::<N, P, B, H>::r();
    assert_eq!(&r * H, n);
    assert_eq!(r.bits(), r_bits);
    assert!(is_probable_prime(&r));
    let g = Curve2::<N, P, B, H>::generator();
    assert!(g.is_on_curve() && !g.inf);
    assert!(Curve2::<N, P, B, H>::in_subgroup(&g));
    let mut rng = TestRng::new(11);
    let p = loop {
        if let Some(p) = Point2::<N, P, B>::from_x_vartime(&Gf2::random(&mut rng)) {
            break p;
        }
    };
    assert!(p.mul_vartime(&n).inf);
}

#[test]
fn smallchar2_curve_parameters() {
    check_params::<5, P271, 0, 487805>(253);
    // m = 233, b = 0: #E = 5 * 3108221 * r with r prime of 210 bits.
    check_params::<4, P233, 0, { eta2::COFACTOR_233 }>(210);
    assert_eq!(Eta2_1223::r().bits(), 1221);
    assert!(is_probable_prime(&Eta2_1223::r()));
}

type P271pt = Point2<5, P271, 0>;

fn points271() -> (P271pt, P271pt) {
    let g = Eta2_271::generator();
    (
        g.mul_vartime(&BigUint::from(1234567u64)),
        g.mul_vartime(&BigUint::from(7654321987u64)),
    )
}

#[test]
fn smallchar2_eta2_271_pairing_properties() {
    let (p, q) = points271();
    let r = Eta2_271::r();
    let e = eta2::eta_t_pairing(&p, &q, Threads::One);
    assert!(!e.is_one());
    assert!(e.pow_vartime(&r, Portable2).is_one());
    let (a, b) = (
        BigUint::from(0xabcdef12345u64),
        BigUint::from(0x1357_9bdfu64),
    );
    let lhs = eta2::eta_t_pairing(&p.mul_vartime(&a), &q.mul_vartime(&b), Threads::One);
    assert_eq!(lhs, e.pow_vartime(&(&a * &b), Portable2));
    assert_eq!(eta2::eta_t_pairing(&p, &q, Threads::Two), e);
    assert_eq!(eta2::eta_t_with(&p, &q, Threads::One, Portable2), e);
    assert_eq!(eta2::eta_t_with(&p, &q, Threads::Two, Portable2), e);
    let f = eta2::eta_t_loop(&p, &q, Portable2);
    assert_eq!(
        eta2::final_exp::<5, P271, 0, _>(&f, Portable2),
        eta2::final_exp_slow::<5, P271, 0>(&f)
    );
    assert!(eta2::eta_t_pairing(&P271pt::infinity(), &q, Threads::One).is_one());
}

#[test]
fn smallchar2_eta2_agrees_with_tate() {
    // eta_T^W = e(P, psi(Q))^((-2^m) mod r).
    let g = Eta2_271::generator();
    let r = Eta2_271::r();
    let k = &r - ((BigUint::from(1u32) << 271usize) % &r);
    for (a, b) in [(1u64, 1u64), (77, 1234567)] {
        let p = g.mul_vartime(&BigUint::from(a));
        let q = g.mul_vartime(&BigUint::from(b));
        let eta = eta2::eta_t_pairing(&p, &q, Threads::One);
        let tate = eta2::tate_reference(&p, &q, &r);
        assert!(!tate.is_one());
        assert_eq!(eta, tate.pow_vartime(&k, Portable2));
    }
}

#[test]
fn smallchar2_eta2_233_and_1223() {
    let g = Eta2_233::generator();
    let p = g.mul_vartime(&BigUint::from(99u32));
    let e = eta2::eta_t_pairing(&p, &g, Threads::One);
    assert_eq!(eta2::eta_t_pairing(&p, &g, Threads::Two), e);
    assert!(e.pow_vartime(&Eta2_233::r(), Portable2).is_one() && !e.is_one());
    let e1 = eta2::eta_t_pairing(&g, &g, Threads::One);
    assert_eq!(e, e1.pow_vartime(&BigUint::from(99u32), Portable2));
    let g = Eta2_1223::generator();
    let p = g.add_vartime(&g);
    let e = eta2::eta_t_pairing(&p, &g, Threads::One);
    assert_eq!(eta2::eta_t_pairing(&p, &g, Threads::Two), e);
    let e1 = eta2::eta_t_pairing(&g, &g, Threads::One);
    assert_eq!(e, e1.mul(&e1, Portable2));
    assert!(!e1.is_one());
}

#[test]
fn smallchar2_api() {
    let info = sc::curve_info("eta2-271").unwrap();
    assert!(info.broken);
    assert_eq!(info.field, "x^271 + x^201 + 1 over F_2");
    assert_eq!(info.coefficients, "y^2 + y = x^3 + x");
    assert_eq!(info.cofactor, "487805");
    let g = &info.g1;
    let n = 271usize.div_ceil(8);
    let e = sc::pair_hex("eta2-271", g, g, false).unwrap();
    assert_eq!(e.len(), 8 * n);
    assert_eq!(sc::pair_hex("eta2-271", g, g, true).unwrap(), e);
    let one = sc::pair_hex("eta2-271", "inf", g, false).unwrap();
    let mut expect = vec![0u8; 4 * n];
    expect[n - 1] = 1;
    assert_eq!(one, hex::encode(&expect));
    assert_eq!(
        sc::pair_hex("eta2-271", "0g", g, false),
        Err(Error::NotHex.in_point("P"))
    );
    assert!(matches!(
        sc::pair_hex("eta2-271", &g[..g.len() - 2], g, false),
        Err(Error::Point { point, error }) if point == "P" && matches!(*error, Error::WrongLength { .. })
    ));
    let mut bad = vec![0u8; 2 * n];
    bad[0] = 0x80; // bit 271 + ... set in x
    assert_eq!(
        sc::pair_hex("eta2-271", &hex::encode(&bad), g, false),
        Err(Error::NotAFieldElement.in_point("P"))
    );
    let gp = Eta2_271::generator();
    let off = Point2::<5, P271, 0>::new_unchecked(gp.x, gp.y.add(&Gf2::monomial(3)));
    assert_eq!(
        sc::pair_hex("eta2-271", g, &hex::encode(off.to_bytes().unwrap()), false),
        Err(Error::NotOnCurve.in_point("Q"))
    );
    let mut rng = TestRng::new(5);
    let outside = loop {
        if let Some(p) = Point2::<5, P271, 0>::from_x_vartime(&Gf2::random(&mut rng)) {
            if !Eta2_271::in_subgroup(&p) {
                break p;
            }
        }
    };
    assert_eq!(
        sc::pair_hex(
            "eta2-271",
            &hex::encode(outside.to_bytes().unwrap()),
            g,
            false
        ),
        Err(Error::NotInSubgroup.in_point("P"))
    );
}
