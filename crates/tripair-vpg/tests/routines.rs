//! Every routine of the model, on both instruction sets, gives the field element tripair (or
//! integer arithmetic, for generic primes) gives, on random and edge inputs, at every size of the
//! paper's Tables 3 and 4; and with the slower multiplier (L = 4) too.

use num_bigint::BigUint;
use num_traits::{One, Zero};
use tripair::curve::curves::{Bls12_381Fq, Bn254Fq};
use tripair::field::{Fp, FpParams};
use tripair_smallchar::gf2::{self, Gf2, Pentanomial2};
use tripair_smallchar::gf3::{self, Gf3, Trinomial3};
use tripair_testkit::TestRng;
use tripair_vpg::fields::{self, FpModel, Op};
use tripair_vpg::fp::Isa;
use tripair_vpg::primes::{generic_prime, FP_BITS};

const ISAS: [Isa; 2] = [Isa::Native, Isa::Ise];

fn random_below(rng: &mut TestRng, p: &BigUint) -> BigUint {
    let words = (p.bits() as usize).div_ceil(32) + 2;
    let v: Vec<u32> = (0..words).map(|_| rng.next_u64() as u32).collect();
    BigUint::from_slice(&v) % p
}

fn fp_inputs(rng: &mut TestRng, p: &BigUint) -> Vec<(BigUint, BigUint)> {
    let pm1 = p - 1u32;
    let mut v = vec![
        (BigUint::zero(), pm1.clone()),
        (BigUint::one(), BigUint::one()),
        (pm1.clone(), pm1.clone()),
        (pm1.clone(), BigUint::one()),
        (p >> 1, p - 2u32),
    ];
    for _ in 0..4 {
        v.push((random_below(rng, p), random_below(rng, p)));
    }
    v
}

fn check_fp(model: &FpModel, rng: &mut TestRng, latency: u64) {
    let p = &model.p;
    for isa in ISAS {
        let mul = model.routine(Op::Mul, isa).unwrap();
        let sqr = model.routine(Op::Power, isa).unwrap();
        let add = model.routine(Op::Add, isa).unwrap();
        for (a, b) in fp_inputs(rng, p) {
            let want = fields::mont_mul_reference(p, model.t, &a, &b);
            let (got, _) = model.run(&mul, &a, &b, latency).unwrap();
            assert_eq!(got, want, "{} bits {isa:?} mul", p.bits());
            let want = fields::mont_mul_reference(p, model.t, &a, &a);
            let (got, _) = model.run(&sqr, &a, &a, latency).unwrap();
            assert_eq!(got, want, "{} bits {isa:?} square", p.bits());
            let (got, _) = model.run(&add, &a, &b, latency).unwrap();
            assert_eq!(got, (&a + &b) % p, "{} bits {isa:?} add", p.bits());
        }
    }
}

#[test]
fn fp_routines_match_integer_arithmetic_at_every_size() {
    let mut rng = TestRng::new(19);
    for bits in FP_BITS {
        let p = generic_prime(bits);
        assert_eq!(p.bits() as usize, bits);
        check_fp(&FpModel::new(&p).unwrap(), &mut rng, 2);
    }
    // The slower (32x8) multiplier changes cycles, not results.
    check_fp(&FpModel::new(&generic_prime(256)).unwrap(), &mut rng, 4);
}

fn limbs_to_biguint(l: &[u64]) -> BigUint {
    BigUint::from_slice(
        &l.iter()
            .flat_map(|w| [*w as u32, (w >> 32) as u32])
            .collect::<Vec<u32>>(),
    )
}

/// tripair's F_p (Montgomery form with R = 2^(64N) = 2^(32t) at these sizes) and the model's
/// Montgomery product agree limb for limb.
fn check_tripair_fp<F: FpParams>(rng: &mut TestRng) {
    let p = limbs_to_biguint(F::MODULUS.as_ref());
    let model = FpModel::new(&p).unwrap();
    assert_eq!(
        model.r(),
        BigUint::one() << (64 * F::MODULUS.as_ref().len())
    );
    for isa in ISAS {
        let mul = model.routine(Op::Mul, isa).unwrap();
        let sqr = model.routine(Op::Power, isa).unwrap();
        let add = model.routine(Op::Add, isa).unwrap();
        for k in 0..6 {
            let x = if k == 0 {
                -Fp::<F>::ONE
            } else {
                Fp::<F>::random(rng)
            };
            let y = Fp::<F>::random(rng);
            let (xm, ym) = (
                limbs_to_biguint(x.mont_limbs().as_ref()),
                limbs_to_biguint(y.mont_limbs().as_ref()),
            );
            let (got, _) = model.run(&mul, &xm, &ym, 2).unwrap();
            assert_eq!(
                got,
                limbs_to_biguint((x * y).mont_limbs().as_ref()),
                "{isa:?}"
            );
            let (got, _) = model.run(&sqr, &xm, &xm, 2).unwrap();
            assert_eq!(
                got,
                limbs_to_biguint((x * x).mont_limbs().as_ref()),
                "{isa:?}"
            );
            let (got, _) = model.run(&add, &xm, &ym, 2).unwrap();
            assert_eq!(
                got,
                limbs_to_biguint((x + y).mont_limbs().as_ref()),
                "{isa:?}"
            );
        }
    }
}

/// At the generic primes tripair's R = 2^(64N) may differ from the model's 2^(32t) (160 and 224
/// bits): both sides work on canonical values, converted into each Montgomery domain.
fn check_tripair_generic<F: FpParams>(rng: &mut TestRng) {
    let p = limbs_to_biguint(F::MODULUS.as_ref());
    assert_eq!(
        p,
        generic_prime(F::BITS as usize),
        "tripair's constant is the generator's prime"
    );
    let model = FpModel::new(&p).unwrap();
    let (r, rinv) = (model.r() % &p, model.r().modinv(&p).unwrap());
    let canon = |x: &Fp<F>| BigUint::from_bytes_be(&x.to_be_bytes());
    for isa in ISAS {
        let mul = model.routine(Op::Mul, isa).unwrap();
        let sqr = model.routine(Op::Power, isa).unwrap();
        for _ in 0..4 {
            let (x, y) = (Fp::<F>::random(rng), Fp::<F>::random(rng));
            let (xm, ym) = (canon(&x) * &r % &p, canon(&y) * &r % &p);
            let (got, _) = model.run(&mul, &xm, &ym, 2).unwrap();
            assert_eq!(got * &rinv % &p, canon(&(x * y)), "{} {isa:?}", F::NAME);
            let (got, _) = model.run(&sqr, &xm, &xm, 2).unwrap();
            assert_eq!(got * &rinv % &p, canon(&(x * x)), "{} {isa:?}", F::NAME);
        }
    }
}

#[test]
fn fp_routines_match_tripair_fp_on_the_generic_primes() {
    use tripair_research::field::generic_primes::*;
    let mut rng = TestRng::new(160);
    check_tripair_generic::<Generic160>(&mut rng);
    check_tripair_generic::<Generic192>(&mut rng);
    check_tripair_generic::<Generic224>(&mut rng);
    check_tripair_generic::<Generic256>(&mut rng);
    check_tripair_generic::<Generic384>(&mut rng);
    check_tripair_generic::<Generic512>(&mut rng);
}

#[test]
fn fp_routines_match_tripair_fp_on_bn254_and_bls12_381() {
    let mut rng = TestRng::new(254);
    check_tripair_fp::<Bn254Fq>(&mut rng);
    check_tripair_fp::<Bls12_381Fq>(&mut rng);
}

fn gf2_ones<const N: usize, P: Pentanomial2>() -> Gf2<N, P> {
    (0..P::M).fold(Gf2::zero(), |s, i| s.add(&Gf2::monomial(i)))
}

fn check_gf2<const N: usize, P: Pentanomial2>(rng: &mut TestRng, latency: u64) {
    let mut inputs = vec![
        (Gf2::<N, P>::zero(), gf2_ones()),
        (Gf2::one(), Gf2::one()),
        (gf2_ones(), gf2_ones()),
        (Gf2::monomial(P::M - 1), Gf2::monomial(P::M - 1)),
    ];
    for _ in 0..3 {
        inputs.push((Gf2::random(rng), Gf2::random(rng)));
    }
    for isa in ISAS {
        let mul = fields::gf2_routine::<P>(Op::Mul, isa).unwrap();
        let sqr = fields::gf2_routine::<P>(Op::Power, isa).unwrap();
        let add = fields::gf2_routine::<P>(Op::Add, isa).unwrap();
        for (a, b) in &inputs {
            let (got, _) = fields::run_gf2(&mul, a, b, latency).unwrap();
            assert_eq!(got, *a * *b, "F_2^{} {isa:?} mul", P::M);
            let (got, _) = fields::run_gf2(&sqr, a, a, latency).unwrap();
            assert_eq!(got, a.square_portable(), "F_2^{} {isa:?} square", P::M);
            let (got, _) = fields::run_gf2(&add, a, b, latency).unwrap();
            assert_eq!(got, a.add(b), "F_2^{} {isa:?} add", P::M);
        }
    }
}

#[test]
fn gf2_routines_match_tripair_smallchar_at_every_size() {
    let mut rng = TestRng::new(2);
    check_gf2::<3, gf2::P163>(&mut rng, 2);
    check_gf2::<4, gf2::P233>(&mut rng, 2);
    check_gf2::<5, gf2::P283>(&mut rng, 2);
    check_gf2::<6, gf2::P353>(&mut rng, 2);
    check_gf2::<8, gf2::P457>(&mut rng, 2);
    check_gf2::<9, gf2::P557>(&mut rng, 2);
    check_gf2::<4, gf2::P233>(&mut rng, 4);
}

fn gf3_const<const N: usize, P: Trinomial3>(c: u8) -> Gf3<N, P> {
    Gf3::from_trits(&vec![c; P::M])
}

fn check_gf3<const N: usize, P: Trinomial3>(rng: &mut TestRng, latency: u64) {
    let mut inputs = vec![
        (Gf3::<N, P>::zero(), gf3_const(2)),
        (Gf3::one(), Gf3::one()),
        (gf3_const(2), gf3_const(2)),
        (gf3_const(1), gf3_const(2)),
        (Gf3::monomial(P::M - 1, 2), Gf3::monomial(P::M - 1, 1)),
    ];
    for _ in 0..3 {
        inputs.push((Gf3::random(rng), Gf3::random(rng)));
    }
    for isa in ISAS {
        let mul = fields::gf3_routine::<P>(Op::Mul, isa).unwrap();
        let cube = fields::gf3_routine::<P>(Op::Power, isa).unwrap();
        let add = fields::gf3_routine::<P>(Op::Add, isa).unwrap();
        for (a, b) in &inputs {
            let (got, _) = fields::run_gf3(&mul, isa, a, b, latency).unwrap();
            assert_eq!(got, *a * *b, "F_3^{} {isa:?} mul", P::M);
            let (got, _) = fields::run_gf3(&cube, isa, a, a, latency).unwrap();
            assert_eq!(got, a.cube_portable(), "F_3^{} {isa:?} cube", P::M);
            let (got, _) = fields::run_gf3(&add, isa, a, b, latency).unwrap();
            assert_eq!(got, a.add(b), "F_3^{} {isa:?} add", P::M);
        }
    }
}

#[test]
fn gf3_routines_match_tripair_smallchar_at_every_size() {
    let mut rng = TestRng::new(3);
    check_gf3::<2, gf3::T79>(&mut rng, 2);
    check_gf3::<2, gf3::T97>(&mut rng, 2);
    check_gf3::<3, gf3::T163>(&mut rng, 2);
    check_gf3::<4, gf3::T193>(&mut rng, 2);
    check_gf3::<4, gf3::T239>(&mut rng, 2);
    check_gf3::<6, gf3::T353>(&mut rng, 2);
    check_gf3::<2, gf3::T97>(&mut rng, 4);
}
