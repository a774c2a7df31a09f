//! Laws every curve must satisfy, run on every curve by one generic function: derived constants,
//! tower non-residues, field and tower arithmetic, group law and subgroup checks, and the pairing
//! (bilinearity, non-degeneracy, order r, products, every backend equal to the portable one). The
//! plain ate pairing and the slow final exponentiation (the oracle of the fast one) are checked on
//! every curve in the research crate (`tripair-research`, test `research`, module `oracles`).

use num_bigint::{BigInt, BigUint};
use num_traits::Zero;
use tripair::arith::{Adx, Backend, Portable, Sliced};
use tripair::curve::{
    psi, Affine, G1Affine, G1Projective, G2Affine, G2Projective, PairingCurve, Projective, Scalar,
    G2,
};
use tripair::encoding::{decode_g1, decode_g2, encode_g1, encode_g2};
use tripair::field::{Fp, Fp12, Fp2, Fp6, FpParams};
use tripair::pairing::{multi_pairing, pairing, pairing_scalar};
use tripair::util::is_probable_prime;
use tripair_testkit::TestRng;

fn limbs_to_big(l: &[u64]) -> BigUint {
    BigUint::from_slice(
        &l.iter()
            .flat_map(|&x| [x as u32, (x >> 32) as u32])
            .collect::<Vec<_>>(),
    )
}

fn random_fp<F: FpParams>(rng: &mut TestRng) -> Fp<F> {
    Fp::random(rng)
}

fn random_fp2<C: PairingCurve>(rng: &mut TestRng) -> Fp2<C> {
    Fp2::new(random_fp(rng), random_fp(rng))
}

fn random_fp12<C: PairingCurve>(rng: &mut TestRng) -> Fp12<C> {
    let c: [Fp<C::Fp>; 12] = core::array::from_fn(|_| random_fp(rng));
    Fp12::from_coefficients(&c)
}

fn random_scalar<C: PairingCurve>(rng: &mut TestRng) -> Scalar<C> {
    random_fp(rng)
}

/// A point of E'(F_p2) that is (almost surely) not in G2.
fn random_twist_point<C: PairingCurve>(rng: &mut TestRng) -> G2Affine<C> {
    let b = <G2<C> as tripair::curve::CurveGroup>::coeff_b();
    loop {
        let x = random_fp2::<C>(rng);
        if let Some(y) = (x.square() * x + b).sqrt_vartime() {
            return Affine::new_unchecked(x, y);
        }
    }
}

fn check_constants<C: PairingCurve>() {
    let k = C::consts();
    let p = limbs_to_big(<C::Fp as FpParams>::MODULUS.as_ref());
    let r = limbs_to_big(<C::Fr as FpParams>::MODULUS.as_ref());
    assert_eq!(
        p,
        k.p,
        "{}: const-derived p differs from the big-integer derivation",
        C::NAME
    );
    assert_eq!(r, k.r_big, "{}: const-derived r differs", C::NAME);
    assert!(is_probable_prime(&p), "{}: p is not prime", C::NAME);
    assert!(is_probable_prime(&r), "{}: r is not prime", C::NAME);
    // p + 1 - t = h1 r, and r | p^12 - 1 but not p^k - 1 for k < 12 (embedding degree 12).
    let n1 = BigInt::from(p.clone()) + 1 - &k.t;
    assert_eq!(n1, BigInt::from(&k.h1 * &r));
    for e in [1u32, 2, 3, 4, 6] {
        assert!(
            !((p.pow(e) - 1u32) % &r).is_zero(),
            "{}: embedding degree divides {e}",
            C::NAME
        );
    }
    assert!(((p.pow(12) - 1u32) % &r).is_zero());
    // beta is a non-residue in F_p; xi neither a square nor a cube in F_p2.
    assert_eq!(
        Fp::<C::Fp>::from_i64(C::BETA).legendre(),
        -1,
        "{}: beta is a square",
        C::NAME
    );
    let p2m1 = &p * &p - 1u32;
    let xi = Fp2::<C>::xi();
    for d in [2u32, 3] {
        let e = (&p2m1 / d).to_u64_digits();
        assert!(
            !xi.pow_vartime(&e).is_one_fp2(),
            "{}: xi is a {d}-th power",
            C::NAME
        );
    }
    // Generators: on the curve, of order r, not the identity.
    let g1 = G1Affine::<C>::identity().generator_or_self();
    let g2 = G2Affine::<C>::identity().generator_or_self();
    assert!(g1.is_on_curve() && !g1.is_identity());
    assert!(g2.is_on_curve() && !g2.is_identity());
    assert!(
        g1.to_projective().mul_vartime(&k.r).is_identity(),
        "{}: G1 generator order",
        C::NAME
    );
    assert!(
        g2.to_projective().mul_vartime(&k.r).is_identity(),
        "{}: G2 generator order",
        C::NAME
    );
    // The twist order: h2 r kills a random twist point.
    let mut rng = TestRng::new(11);
    let t = random_twist_point::<C>(&mut rng);
    let n2 = (&k.h2 * &r).to_u64_digits();
    assert!(
        t.to_projective().mul_vartime(&n2).is_identity(),
        "{}: #E'(F_p2) != h2 r",
        C::NAME
    );
}

trait Fp2Ext {
    fn is_one_fp2(&self) -> bool;
}
impl<C: PairingCurve> Fp2Ext for Fp2<C> {
    fn is_one_fp2(&self) -> bool {
        *self == Fp2::ONE
    }
}

trait GenExt: Sized {
    fn generator_or_self(&self) -> Self;
}
impl<G: tripair::curve::CurveGroup> GenExt for Affine<G> {
    fn generator_or_self(&self) -> Self {
        G::generator()
    }
}

fn check_fields<C: PairingCurve>() {
    let mut rng = TestRng::new(1);
    let p = limbs_to_big(<C::Fp as FpParams>::MODULUS.as_ref());
    // Divsteps inversion against Fermat on structured values: +-2^k and 2^k + 1 for every k (long
    // runs of zero bits), then 0 and -1.
    let mut pow2 = Fp::<C::Fp>::ONE;
    for _ in 0..<C::Fp as FpParams>::BITS + 2 {
        for x in [pow2, -pow2, pow2 + Fp::ONE] {
            assert_eq!(x.inv(), x.inv_fermat(), "{}: divsteps inverse", C::NAME);
            let xi = x.inv_vartime().expect("non-zero");
            assert_eq!(x * xi, Fp::ONE, "{}: variable-time inverse", C::NAME);
        }
        pow2 = pow2.double();
    }
    assert_eq!(Fp::<C::Fp>::ZERO.inv(), Fp::ZERO);
    assert_eq!((-Fp::<C::Fp>::ONE).inv(), -Fp::ONE);
    assert_eq!(Fp::<C::Fp>::ZERO.inv_vartime(), None);
    assert_eq!((-Fp::<C::Fp>::ONE).inv_vartime(), Some(-Fp::ONE));
    assert_eq!(Fp::<C::Fp>::ONE.inv_vartime(), Some(Fp::ONE));
    // The scalar field's variable-time inverse too (x * x^-1 = 1).
    for _ in 0..50 {
        let s = random_scalar::<C>(&mut rng);
        if !s.is_zero() {
            assert_eq!(
                s * s.inv_vartime().unwrap(),
                Fp::ONE,
                "{}: F_r inverse",
                C::NAME
            );
        }
    }
    for i in 0..200 {
        let a: Fp<C::Fp> = random_fp(&mut rng);
        let b: Fp<C::Fp> = random_fp(&mut rng);
        // Against big integers.
        let ab = limbs_to_big(a.to_canonical_limbs().as_ref())
            * limbs_to_big(b.to_canonical_limbs().as_ref())
            % &p;
        assert_eq!(limbs_to_big((a * b).to_canonical_limbs().as_ref()), ab);
        assert_eq!(a.square(), a * a);
        assert_eq!((a + b) - b, a);
        assert_eq!(a.half().double(), a);
        if !a.is_zero() {
            assert_eq!(a * a.inv(), Fp::ONE);
            assert_eq!(a.inv(), a.inv_fermat());
            assert_eq!(a.inv_vartime().unwrap(), a.inv());
        }
        let s = a.square();
        let r = s.sqrt_vartime().unwrap();
        assert_eq!(r.square(), s);
        assert_eq!(Fp::<C::Fp>::from_be_bytes(&a.to_be_bytes()).unwrap(), a);
        if i < 20 {
            let x = random_fp2::<C>(&mut rng);
            let y = random_fp2::<C>(&mut rng);
            assert_eq!(x.square(), x * x);
            // Schoolbook product, fully reduced at every step: the plain path for the lazy one.
            let bt = |v: Fp<C::Fp>| tripair::field::fp2::mul_by_beta::<C, _>(v);
            let plain = Fp2::new(x.c0 * y.c0 + bt(x.c1 * y.c1), x.c0 * y.c1 + x.c1 * y.c0);
            assert_eq!(x * y, plain, "{}: F_p2 product", C::NAME);
            assert_eq!(x * x.inv(), Fp2::ONE);
            assert_eq!(
                x.inv_vartime().unwrap(),
                x.inv(),
                "{}: F_p2 vartime inverse",
                C::NAME
            );
            assert_eq!(x.mul_by_xi(), x * Fp2::xi());
            let sq = x.square();
            assert_eq!(sq.sqrt_vartime().unwrap().square(), sq);
            assert_eq!(x * (y + x), x * y + x.square());
            let f = random_fp12::<C>(&mut rng);
            let g = random_fp12::<C>(&mut rng);
            assert_eq!(f.square(), f * f);
            assert_eq!(f * f.inv(), Fp12::ONE);
            assert_eq!(
                f.inv_vartime().unwrap(),
                f.inv(),
                "{}: F_p12 vartime inverse",
                C::NAME
            );
            assert_eq!(f * (g + f), f * g + f.square());
            assert_eq!(f.c0.square(), f.c0 * f.c0);
            // F_p6 products (lazily reduced where the tower allows) against the schoolbook
            // product over F_p2, on random values and on all coefficients p - 1 (the largest
            // double-width sums).
            let minus_one = Fp6::new(-Fp2::ONE, -Fp2::ONE, -Fp2::ONE);
            let (u, v) = if i == 0 {
                (minus_one, minus_one)
            } else {
                (f.c0, g.c1)
            };
            let xi = Fp2::<C>::xi();
            let plain6 = |a: &Fp6<C>, b: &Fp6<C>| {
                Fp6::new(
                    a.c0 * b.c0 + xi * (a.c1 * b.c2 + a.c2 * b.c1),
                    a.c0 * b.c1 + a.c1 * b.c0 + xi * (a.c2 * b.c2),
                    a.c0 * b.c2 + a.c1 * b.c1 + a.c2 * b.c0,
                )
            };
            assert_eq!(u * v, plain6(&u, &v), "{}: F_p6 product", C::NAME);
            assert_eq!(u.square(), plain6(&u, &u), "{}: F_p6 square", C::NAME);
            let sparse = Fp6::new(v.c0, v.c1, Fp2::ZERO);
            assert_eq!(
                u.mul_by_01(&v.c0, &v.c1),
                plain6(&u, &sparse),
                "{}: F_p6 sparse",
                C::NAME
            );
            if i == 0 {
                // The largest unreduced sums: coefficients 0, 1, p - 2 and p - 1 in F_p2 squares
                // (fused products with unreduced left factors) and in F_p12 and line products
                // (Karatsuba sums left unreduced where p leaves room), against the schoolbook.
                let m1 = -Fp::<C::Fp>::ONE;
                let edges = [Fp::ZERO, Fp::ONE, m1 - Fp::ONE, m1];
                for e0 in edges {
                    for e1 in edges {
                        let x = Fp2::<C>::new(e0, e1);
                        let plain = Fp2::new(e0 * e0 + bt(e1 * e1), (e0 * e1).double());
                        assert_eq!(x.square(), plain, "{}: F_p2 square at {x:?}", C::NAME);
                    }
                }
                let plain12 = |a: &Fp12<C>, b: &Fp12<C>| {
                    let t1 = plain6(&a.c1, &b.c1);
                    Fp12::new(
                        plain6(&a.c0, &b.c0) + Fp6::new(xi * t1.c2, t1.c0, t1.c1),
                        plain6(&a.c0, &b.c1) + plain6(&a.c1, &b.c0),
                    )
                };
                let all = Fp12::new(minus_one, minus_one);
                assert_eq!(all * all, plain12(&all, &all), "{}: F_p12 product", C::NAME);
                assert_eq!(
                    all.square(),
                    plain12(&all, &all),
                    "{}: F_p12 square",
                    C::NAME
                );
                let m = -Fp2::<C>::ONE;
                let z = Fp2::ZERO;
                let line_d = Fp12::new(Fp6::new(m, z, z), Fp6::new(m, m, z));
                let line_m = Fp12::new(Fp6::new(m, m, z), Fp6::new(z, m, z));
                assert_eq!(all.mul_by_line_d(&m, &m, &m), plain12(&all, &line_d));
                assert_eq!(all.mul_by_line_m(&m, &m, &m), plain12(&all, &line_m));
            }
            assert_eq!(f.c0 * f.c0.inv(), tripair::field::Fp6::ONE);
            if i < 3 {
                assert_eq!(
                    f.frobenius_map(1),
                    f.pow_vartime(&p.to_u64_digits()),
                    "{}: Frobenius",
                    C::NAME
                );
                assert_eq!(f.frobenius_map(2), f.frobenius_map(1).frobenius_map(1));
                assert_eq!(f.frobenius_map(3), f.frobenius_map(2).frobenius_map(1));
                assert_eq!(f.frobenius_map(6), f.conjugate());
            }
            // Cyclotomic squaring on an element of the cyclotomic subgroup.
            let c = tripair::pairing::final_exp::easy_part(&f);
            assert_eq!(
                c.cyclotomic_square(),
                c.square(),
                "{}: cyclotomic square",
                C::NAME
            );
            // Karabina: compressed squares decompress to the full squares; the compressed
            // exponentiation equals the plain one (the identity and short exponents included).
            let mut z = c.compress_cyclotomic();
            let mut full = c;
            let mut chain = Vec::new();
            for _ in 0..5 {
                z = z.square();
                full = full.cyclotomic_square();
                chain.push((z, full));
            }
            let zs: Vec<_> = chain.iter().map(|x| x.0).collect();
            let decompressed = tripair::field::CompressedCyclotomic::decompress_batch(&zs);
            for (d, (_, f)) in decompressed.iter().zip(&chain) {
                assert_eq!(d, f, "{}: Karabina decompression", C::NAME);
            }
            let one = Fp12::<C>::ONE;
            assert_eq!(
                tripair::field::CompressedCyclotomic::decompress_batch(
                    &[one.compress_cyclotomic()]
                ),
                vec![one]
            );
            let u_naf = &C::consts().u_naf;
            let naf_r =
                tripair::field::naf_msb_first(&[(rng.next_u64() >> 1) | 1, rng.next_u64() >> 60]);
            for naf in [u_naf.clone(), naf_r, vec![1], vec![-1, 0, 1], vec![0, 0]] {
                assert_eq!(
                    c.cyclotomic_exp_naf_compressed(&naf),
                    c.cyclotomic_exp_naf(&naf),
                    "{}: compressed exponentiation",
                    C::NAME
                );
                assert_eq!(one.cyclotomic_exp_naf_compressed(&naf), one);
                // The same chains in the IFMA lanes where they apply (the final exponentiation's
                // choice), in the tower elsewhere.
                let lanes = &tripair::field::lanes::LaneChains;
                assert_eq!(
                    c.cyclotomic_exp_naf_compressed_with(&naf, lanes),
                    c.cyclotomic_exp_naf(&naf),
                    "{}: compressed exponentiation, lane chains",
                    C::NAME
                );
                assert_eq!(
                    c.cyclotomic_exp_naf_with(&naf, lanes),
                    c.cyclotomic_exp_naf(&naf),
                    "{}: exponentiation, lane chains",
                    C::NAME
                );
            }
            // Width-w NAFs (table of odd powers) equal plain square-and-multiply, for u's chosen
            // digits and a random 68-bit exponent in every width.
            let e = [rng.next_u64(), rng.next_u64() >> 60];
            let u_abs = &C::consts().u_abs;
            assert_eq!(
                c.cyclotomic_exp_naf(&C::consts().u_wnaf),
                c.pow_vartime(u_abs),
                "{}: exponentiation by u's width-w NAF",
                C::NAME
            );
            // Where |u| = v^k (the dclxvi curve, u = 1868033^3), the chain of k exponentiations
            // by v that exp_by_u takes equals the exponentiation by u.
            assert_eq!(
                C::consts().u_root.is_some(),
                C::NAME == "dclxvi",
                "{}: u as a power",
                C::NAME
            );
            if let Some((k, v)) = &C::consts().u_root {
                let mut x = c;
                for _ in 0..*k {
                    x = x.cyclotomic_exp_naf(v);
                }
                assert_eq!(x, c.pow_vartime(u_abs), "{}: u's root chain", C::NAME);
            }
            for w in 2..=5 {
                assert_eq!(
                    c.cyclotomic_exp_naf(&tripair::field::wnaf_msb_first(&e, w)),
                    c.pow_vartime(&e),
                    "{}: width-{w} NAF exponentiation",
                    C::NAME
                );
            }
        }
    }
}

fn check_groups<C: PairingCurve>() {
    let mut rng = TestRng::new(2);
    let g1 = G1Projective::<C>::generator();
    let g2 = G2Projective::<C>::generator();
    for _ in 0..4 {
        let a = random_scalar::<C>(&mut rng);
        let b = random_scalar::<C>(&mut rng);
        // [a]G + [b]G = [a+b]G, constant-time ladder against double-and-add.
        assert_eq!(g1.mul(&a).add(&g1.mul(&b)), g1.mul(&(a + b)));
        assert_eq!(g2.mul(&a).add(&g2.mul(&b)), g2.mul(&(a + b)));
        let al = a.to_canonical_limbs();
        assert_eq!(g1.mul(&a), g1.mul_vartime(al.as_ref()));
        assert_eq!(g2.mul(&a), g2.mul_vartime(al.as_ref()));
        assert_eq!(g1.double(), g1.add(&g1));
        assert!(g1.mul(&a).to_affine().is_on_curve());
        let q = g2.mul(&a).to_affine();
        assert!(q.is_on_curve() && q.is_in_subgroup_vartime());
        // psi acts on G2 as [t - 1].
        let k = C::consts();
        let t1 = q.to_projective().mul_vartime(&k.psi_eigen_abs);
        let t1 = if k.psi_eigen_neg { -t1 } else { t1 };
        assert_eq!(psi(&q), t1.to_affine_vartime());
        // A random twist point is not in G2; the fast check agrees with [r]Q.
        let t = random_twist_point::<C>(&mut rng);
        assert!(!t.is_in_subgroup_vartime());
        assert!(!t.to_projective().mul_vartime(&k.r).is_identity());
        let cleared = t
            .to_projective()
            .mul_vartime(&k.h2_limbs)
            .to_affine_vartime();
        assert!(cleared.is_in_subgroup_vartime());
    }
    assert!(Projective::<tripair::curve::G1<C>>::identity().is_identity());
    assert!(g1.add(&Projective::identity()) == g1);
}

fn check_pairing<C: PairingCurve>() {
    let mut rng = TestRng::new(3);
    let g1 = G1Projective::<C>::generator();
    let g2 = G2Projective::<C>::generator();
    let (p, q) = (g1.to_affine(), g2.to_affine());
    let e = pairing::<C>(&p, &q);
    assert!(!e.is_identity(), "{}: degenerate", C::NAME);
    assert!(
        e.pow_vartime(&C::consts().r).is_identity(),
        "{}: e^r != 1",
        C::NAME
    );
    let a = random_scalar::<C>(&mut rng);
    let b = random_scalar::<C>(&mut rng);
    let pa = g1.mul(&a).to_affine();
    let qb = g2.mul(&b).to_affine();
    let eab = pairing::<C>(&pa, &qb);
    assert_eq!(eab, e.pow(&(a * b)), "{}: bilinearity", C::NAME);
    // The public-exponent power (width-w NAF) equals the constant-time one.
    let ab = a * b;
    assert_eq!(
        e.pow_vartime(ab.to_canonical_limbs().as_ref()),
        eab,
        "{}: pow_vartime",
        C::NAME
    );
    assert_eq!(
        pairing::<C>(&pa, &q),
        pairing::<C>(&p, &g2.mul(&a).to_affine())
    );
    // Products: equal to the product of single pairings; infinity contributes 1.
    let pairs = vec![
        (pa, qb),
        (p, q),
        (G1Affine::<C>::identity(), q),
        (pa, G2Affine::<C>::identity()),
        (p, qb),
    ];
    let prod = pairs
        .iter()
        .fold(tripair::pairing::Gt::<C>::identity(), |acc, (x, y)| {
            acc * pairing::<C>(x, y)
        });
    assert_eq!(multi_pairing::<C>(&pairs), prod, "{}: product", C::NAME);
    // e(P, Q) e(-P, Q) = 1.
    assert!(multi_pairing::<C>(&[(p, q), (p.neg(), q)]).is_identity());
}

/// The pairing on each backend equals the portable one.
fn check_backends<C: PairingCurve>() {
    // The points move to the other backend through their encodings (decoded with every check).
    fn on<C: PairingCurve, B: Backend>(p: &G1Affine<C>, q: &G2Affine<C>) -> Vec<u8> {
        type W<C, B> = <C as PairingCurve>::WithBackend<B>;
        let p2 = decode_g1::<W<C, B>>(&encode_g1::<C>(p)).unwrap();
        let q2 = decode_g2::<W<C, B>>(&encode_g2::<C>(q)).unwrap();
        // The backend's own pairing (`pairing` may hand a curve to the digit-sliced one).
        pairing_scalar::<W<C, B>>(&p2, &q2).to_bytes()
    }
    let mut rng = TestRng::new(4);
    let p = G1Projective::<C>::generator()
        .mul(&random_scalar::<C>(&mut rng))
        .to_affine();
    let q = G2Projective::<C>::generator()
        .mul(&random_scalar::<C>(&mut rng))
        .to_affine();
    let portable = on::<C, Portable>(&p, &q);
    assert_eq!(pairing::<C>(&p, &q).to_bytes(), portable);
    if Adx::available() {
        assert_eq!(
            on::<C, Adx>(&p, &q),
            portable,
            "{}: ADX differs from portable",
            C::NAME
        );
    } else {
        eprintln!("NOTE: CPU lacks ADX/BMI2: ADX backend not compared");
    }
    // Digit slicing (implementation D): the same pairing with every F_p6/F_p12 operation's F_p
    // products gathered eight at a time into lanes (AVX-512 IFMA here if the CPU has it, the
    // portable lane kernels otherwise), with a point at infinity on either side too.
    assert_eq!(
        on::<C, Sliced>(&p, &q),
        portable,
        "{}: digit-sliced differs from portable",
        C::NAME
    );
    let one = pairing::<C>(&G1Affine::identity(), &q).to_bytes();
    assert_eq!(one, tripair::pairing::Gt::<C>::identity().to_bytes());
    assert_eq!(pairing::<C>(&p, &G2Affine::identity()).to_bytes(), one);
    assert_eq!(on::<C, Sliced>(&G1Affine::identity(), &q), one);
    assert_eq!(on::<C, Sliced>(&p, &G2Affine::identity()), one);
}

/// Bilinearity at scale: for random P, Q and a, e(aP, Q) = e(P, aQ) = e(P, Q)^a and e(P, Q) != 1,
/// `TRIPAIR_TRIPLES` triples (default 10,000).
fn check_bilinearity_at_scale<C: PairingCurve>() {
    let n: usize = std::env::var("TRIPAIR_TRIPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    let mut rng = TestRng::new(0xb111);
    for i in 0..n {
        let p = G1Affine::<C>::random(&mut rng);
        let q = G2Affine::<C>::random(&mut rng);
        let a = random_scalar::<C>(&mut rng);
        let e = pairing::<C>(&p, &q);
        assert!(!e.is_identity(), "{}: degenerate at {i}", C::NAME);
        let left = pairing::<C>(&(p.to_projective() * a).to_affine(), &q);
        assert_eq!(left, e.pow(&a), "{}: e(aP, Q) at {i}", C::NAME);
        assert_eq!(
            left,
            pairing::<C>(&p, &(q.to_projective() * a).to_affine()),
            "{}: e(P, aQ) at {i}",
            C::NAME
        );
    }
}

/// Square roots and public-exponent powers: every non-square gets `None` and every square a root
/// (random elements, about half non-squares, and the edge values 0, 1, -1 and, in F_p2, elements
/// of F_p and of F_p u); the sliding-window power against the fixed-window one on exponents of
/// every window-width class.
fn check_roots_and_powers<C: PairingCurve>() {
    let mut rng = TestRng::new(0x5047);
    let mut fps: Vec<Fp<C::Fp>> = vec![
        Fp::ZERO,
        Fp::ONE,
        -Fp::ONE,
        Fp::from_u64(2),
        -Fp::from_u64(2),
    ];
    fps.extend((0..60).map(|_| random_fp::<C::Fp>(&mut rng)));
    for a in &fps {
        match (a.legendre(), a.sqrt_vartime()) {
            (-1, None) => {}
            (_, Some(r)) if a.legendre() != -1 => assert_eq!(r.square(), *a, "{}", C::NAME),
            (l, r) => panic!(
                "{}: F_p root {r:?} of an element with character {l}",
                C::NAME
            ),
        }
    }
    let mut fp2s: Vec<Fp2<C>> = vec![Fp2::ZERO, Fp2::ONE, -Fp2::ONE];
    for a in &fps[..12] {
        fp2s.push(Fp2::new(*a, Fp::ZERO));
        fp2s.push(Fp2::new(Fp::ZERO, *a));
    }
    fp2s.extend((0..60).map(|_| random_fp2::<C>(&mut rng)));
    for a in &fp2s {
        match (a.legendre(), a.sqrt_vartime()) {
            (-1, None) => {}
            (_, Some(r)) if a.legendre() != -1 => assert_eq!(r.square(), *a, "{}", C::NAME),
            (l, r) => panic!("{}: F_p2 root {r:?} of {a:?} with character {l}", C::NAME),
        }
    }
    for bits in [0u32, 1, 2, 3, 24, 25, 80, 81, 200, 64 * 6] {
        let mut e = vec![0u64; 6];
        for (i, l) in e.iter_mut().enumerate() {
            let take = bits.saturating_sub(64 * i as u32).min(64);
            *l = if take == 0 {
                0
            } else {
                rng.next_u64() >> (64 - take)
            };
        }
        let x = random_fp::<C::Fp>(&mut rng);
        assert_eq!(
            x.pow_vartime(&e),
            tripair::field::pow_public_exponent(&x, &e),
            "{}: {bits}-bit exponent",
            C::NAME
        );
    }
}

macro_rules! curve_tests {
    (() $($m:ident: $c:ty = $label:literal),* $(,)?) => { $(
        mod $m {
            use super::*;
            #[test] fn constants() { check_constants::<$c>(); }
            #[test] fn fields() { check_fields::<$c>(); }
            #[test] fn roots_and_powers() { check_roots_and_powers::<$c>(); }
            #[test] fn groups() { check_groups::<$c>(); }
            #[test] fn pairing_laws() { check_pairing::<$c>(); }
            /// `cargo test --release -p tripair-tests-unoptimised --test unoptimised bilinearity_at_scale -- --ignored`
            #[test] #[ignore = "10,000 triples per curve; run with --ignored"]
            fn bilinearity_at_scale() { check_bilinearity_at_scale::<$c>(); }
        }
    )* };
}

tripair::for_each_prime_curve!(curve_tests);

/// The portable, ADX and digit-sliced backends agree on every curve but bn254n. What the backends
/// run depends on the prime's limb count and spare bits and on whether the tower reduces lazily
/// (two spare bits, beta = -1, 4 or 6 limbs), and these curves cover every combination: bn254
/// (4 limbs, lazy), bn256d (4 limbs, no spare bit, beta = -2) and dclxvi (4 limbs, no spare bit,
/// beta = -1; both run the digit-sliced single pairing where the strategy table says so),
/// bls12-381 (6, lazy), bn446 (7), bn638 (10). bn254n's prime has bn254's shape (4 limbs, two
/// spare bits, beta = -1): it would instantiate the three stacks once more in this crate's build
/// (docs/build-timings.md) for no other code path, and its portable arithmetic runs in the aarch64
/// and wasm32 runs of scripts/targets-test.sh.
mod backends {
    test_on_curves! {
        backends_agree => check_backends;
        bn254: tripair::curve::curves::Bn254,
        bn256d: tripair::curve::curves::Bn256d,
        dclxvi: tripair::curve::curves::Dclxvi,
        bls12_381: tripair::curve::curves::Bls12_381,
        bn446: tripair::curve::curves::Bn446,
        bn638: tripair::curve::curves::Bn638,
    }
}
