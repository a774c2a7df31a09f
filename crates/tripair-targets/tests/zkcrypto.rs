//! zkcrypto's traits (feature `tripair/zkcrypto`) on tripair's BN254 and BLS12-381:
//! - Groth16 from bellman, which knows only the traits, proves and verifies on both curves;
//! - a proof and verifying key made by bellman on zkcrypto's own `bls12_381` verify on tripair
//!   from their bytes, and tripair's proofs verify there (the encodings agree byte for byte);
//! - generic code over `pairing::Engine` agrees with the library's own pairing;
//! - the `PrimeField` constants equal zkcrypto's for BLS12-381 and have the orders ff requires
//!   on both curves.

use bellman::groth16;
use bellman::{Circuit, ConstraintSystem, SynthesisError};
use ff::PrimeField;
use group::prime::PrimeCurveAffine;
use group::{Curve, Group, GroupEncoding};
use pairing::{Engine, MillerLoopResult, MultiMillerLoop};
use tripair::curve::curves::{Bls12_381, Bn254};
use tripair::{G1Affine, G2Affine, Scalar};
use tripair_testkit::TestRng;

/// Knowledge of x with x^3 + x + 5 = out, out public.
struct Cubic<F> {
    x: Option<F>,
}

impl<F: PrimeField> Circuit<F> for Cubic<F> {
    fn synthesize<CS: ConstraintSystem<F>>(self, cs: &mut CS) -> Result<(), SynthesisError> {
        let missing = || SynthesisError::AssignmentMissing;
        let x = self.x;
        let x2 = x.map(|x| x.square());
        let x3 = x2.zip(x).map(|(a, b)| a * b);
        let out = x3.zip(x).map(|(a, b)| a + b + F::from(5));
        let xv = cs.alloc(|| "x", || x.ok_or_else(missing))?;
        let x2v = cs.alloc(|| "x^2", || x2.ok_or_else(missing))?;
        let x3v = cs.alloc(|| "x^3", || x3.ok_or_else(missing))?;
        let outv = cs.alloc_input(|| "out", || out.ok_or_else(missing))?;
        cs.enforce(|| "x * x = x^2", |lc| lc + xv, |lc| lc + xv, |lc| lc + x2v);
        cs.enforce(
            || "x^2 * x = x^3",
            |lc| lc + x2v,
            |lc| lc + xv,
            |lc| lc + x3v,
        );
        cs.enforce(
            || "(x^3 + x + 5) * 1 = out",
            |lc| lc + x3v + xv + (F::from(5), CS::one()),
            |lc| lc + CS::one(),
            |lc| lc + outv,
        );
        Ok(())
    }
}

/// Parameters and a proof of x = 3 (out = 35) on engine E.
fn prove<E>(seed: u64) -> (groth16::Parameters<E>, groth16::Proof<E>)
where
    E: MultiMillerLoop,
    E::Fr: ff::PrimeFieldBits,
    E::G1: group::WnafGroup,
    E::G2: group::WnafGroup,
{
    let mut rng = TestRng::new(seed);
    let params =
        groth16::generate_random_parameters::<E, _, _>(Cubic::<E::Fr> { x: None }, &mut rng)
            .unwrap();
    let circuit = Cubic {
        x: Some(E::Fr::from(3)),
    };
    let proof = groth16::create_random_proof(circuit, &params, &mut rng).unwrap();
    (params, proof)
}

fn verifies<E: MultiMillerLoop>(
    vk: &groth16::VerifyingKey<E>,
    proof: &groth16::Proof<E>,
    out: u64,
) -> bool {
    groth16::verify_proof(
        &groth16::prepare_verifying_key(vk),
        proof,
        &[E::Fr::from(out)],
    )
    .is_ok()
}

fn groth16_on<E>()
where
    E: MultiMillerLoop,
    E::Fr: ff::PrimeFieldBits,
    E::G1: group::WnafGroup,
    E::G2: group::WnafGroup,
{
    let (params, proof) = prove::<E>(1);
    assert!(verifies(&params.vk, &proof, 35));
    assert!(!verifies(&params.vk, &proof, 36));
    // Through bytes (bellman's own format, the curve's point encodings).
    let mut bytes = vec![];
    proof.write(&mut bytes).unwrap();
    let read = groth16::Proof::<E>::read(&bytes[..]).unwrap();
    assert!(read == proof);
    // A proof for other parameters does not verify.
    let (other, _) = prove::<E>(2);
    assert!(!verifies(&other.vk, &proof, 35));
}

#[test]
fn groth16_bls12_381() {
    groth16_on::<Bls12_381>();
}

#[test]
fn groth16_bn254() {
    groth16_on::<Bn254>();
}

/// Bytes of bellman's verifying key and proof, written on one engine and read on the other.
fn transfer<A: Engine, B: Engine>(
    vk: &groth16::VerifyingKey<A>,
    proof: &groth16::Proof<A>,
) -> (groth16::VerifyingKey<B>, groth16::Proof<B>) {
    let (mut vk_bytes, mut proof_bytes) = (vec![], vec![]);
    vk.write(&mut vk_bytes).unwrap();
    proof.write(&mut proof_bytes).unwrap();
    (
        groth16::VerifyingKey::read(&vk_bytes[..]).unwrap(),
        groth16::Proof::read(&proof_bytes[..]).unwrap(),
    )
}

#[test]
fn groth16_proofs_cross_between_zkcrypto_and_tripair() {
    let (params, proof) = prove::<bls12_381::Bls12>(3);
    let (vk, proof_here) = transfer::<bls12_381::Bls12, Bls12_381>(&params.vk, &proof);
    assert!(verifies(&vk, &proof_here, 35));
    assert!(!verifies(&vk, &proof_here, 34));
    let (params, proof) = prove::<Bls12_381>(4);
    let (vk, proof_there) = transfer::<Bls12_381, bls12_381::Bls12>(&params.vk, &proof);
    assert!(verifies(&vk, &proof_there, 35));
}

/// e(a G1, b G2) through the traits only: by `Engine::pairing`, by a Miller loop of prepared G2
/// and by (ab) e(G1, G2) in the traits' additive notation, which must agree.
fn generic_pairing<E: MultiMillerLoop>(a: E::Fr, b: E::Fr) -> E::Gt {
    let p = (E::G1Affine::generator() * a).to_affine();
    let q = (E::G2Affine::generator() * b).to_affine();
    let prepared = E::G2Prepared::from(q);
    let looped = E::multi_miller_loop(&[(&p, &prepared)]).final_exponentiation();
    let direct = E::pairing(&p, &q);
    assert!(looped == direct);
    assert!(direct == E::Gt::generator() * (a * b));
    assert!(bool::from((direct - looped).is_identity()));
    direct
}

macro_rules! agrees_with_library {
    ($c:ty) => {{
        let a = Scalar::<$c>::from_be_bytes_mod_order(&[11; 64]);
        let b = Scalar::<$c>::from_be_bytes_mod_order(&[13; 64]);
        let library = tripair::pairing(
            &(G1Affine::<$c>::generator() * a).to_affine(),
            &(G2Affine::<$c>::generator() * b).to_affine(),
        );
        assert_eq!(generic_pairing::<$c>(a, b).0, library);
    }};
}

#[test]
fn generic_engine_code_agrees_with_the_library() {
    agrees_with_library!(Bls12_381);
    agrees_with_library!(Bn254);
}

#[test]
fn encodings_agree_with_zkcrypto() {
    let k = 0x1234_5678_9abc_def0u64;
    let ours = (G1Affine::<Bls12_381>::generator() * Scalar::<Bls12_381>::from(k)).to_affine();
    let theirs = (bls12_381::G1Affine::generator() * bls12_381::Scalar::from(k)).to_affine();
    assert_eq!(
        GroupEncoding::to_bytes(&ours).as_ref(),
        theirs.to_compressed().as_ref()
    );
    let ours = (G2Affine::<Bls12_381>::generator() * Scalar::<Bls12_381>::from(k)).to_affine();
    let theirs = (bls12_381::G2Affine::generator() * bls12_381::Scalar::from(k)).to_affine();
    assert_eq!(
        GroupEncoding::to_bytes(&ours).as_ref(),
        theirs.to_compressed().as_ref()
    );
}

#[test]
fn prime_field_constants_equal_zkcrypto() {
    type S = Scalar<Bls12_381>;
    type Z = bls12_381::Scalar;
    assert_eq!(S::MODULUS, Z::MODULUS);
    assert_eq!(
        (S::NUM_BITS, S::CAPACITY, S::S),
        (Z::NUM_BITS, Z::CAPACITY, Z::S)
    );
    for (ours, theirs) in [
        (S::TWO_INV, Z::TWO_INV),
        (S::MULTIPLICATIVE_GENERATOR, Z::MULTIPLICATIVE_GENERATOR),
        (S::ROOT_OF_UNITY, Z::ROOT_OF_UNITY),
        (S::ROOT_OF_UNITY_INV, Z::ROOT_OF_UNITY_INV),
        (S::DELTA, Z::DELTA),
    ] {
        assert_eq!(ours.to_repr(), theirs.to_repr());
    }
    let x = S::from(123_456_789);
    assert_eq!(x.to_repr(), Z::from(123_456_789).to_repr());
    assert_eq!(S::from_repr(x.to_repr()).unwrap(), x);
    assert!(bool::from(S::from_repr([0xff; 32]).is_none()));
}

fn prime_field_constants_hold<F: PrimeField>() {
    assert_eq!(F::TWO_INV.double(), F::ONE);
    assert_eq!(F::ROOT_OF_UNITY * F::ROOT_OF_UNITY_INV, F::ONE);
    // ROOT_OF_UNITY has order exactly 2^S.
    let mut r = F::ROOT_OF_UNITY;
    for _ in 0..F::S - 1 {
        r = r.square();
    }
    assert_eq!(r, -F::ONE);
    // The generator is a non-residue, and DELTA = g^(2^S).
    assert!(bool::from(F::MULTIPLICATIVE_GENERATOR.sqrt().is_none()));
    let mut d = F::MULTIPLICATIVE_GENERATOR;
    for _ in 0..F::S {
        d = d.square();
    }
    assert_eq!(d, F::DELTA);
    // Square roots and inverses.
    let x = F::from(987_654_321);
    assert_eq!(x.square().sqrt().unwrap().square(), x.square());
    assert_eq!(x * x.invert().unwrap(), F::ONE);
    assert!(bool::from(F::ZERO.invert().is_none()));
    assert_eq!(F::from_str_vartime("987654321"), Some(x));
}

#[test]
fn prime_field_constants_have_their_orders() {
    prime_field_constants_hold::<Scalar<Bls12_381>>();
    prime_field_constants_hold::<Scalar<Bn254>>();
    assert_eq!(
        Scalar::<Bn254>::MODULUS,
        "0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001"
    );
    assert_eq!(
        Scalar::<Bn254>::from_repr(
            hex::decode(&Scalar::<Bn254>::MODULUS[2..])
                .unwrap()
                .iter()
                .rev()
                .copied()
                .collect::<Vec<u8>>()
                .try_into()
                .unwrap()
        )
        .is_none()
        .unwrap_u8(),
        1
    );
}
