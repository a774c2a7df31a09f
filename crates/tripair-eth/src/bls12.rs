//! The seven BLS12-381 precompiles of EIP-2537 (Prague): G1ADD (0x0b), G1MSM (0x0c), G2ADD
//! (0x0d), G2MSM (0x0e), PAIRING_CHECK (0x0f), MAP_FP_TO_G1 (0x10) and MAP_FP2_TO_G2 (0x11).
//!
//! Encodings (EIP-2537, "Fine points and encoding"): a field element of F_p is 64 big-endian
//! bytes, the top 16 zero and the value below p; an element of F_p2 is c0 || c1 (128 bytes); a
//! point is x || y (128 bytes in G1, 256 in G2), all zero for the point at infinity; a scalar is
//! 32 big-endian bytes, any value (it acts modulo r). The inputs have exact lengths (a non-zero
//! multiple of the item's length for MSM and the pairing check); every point must be on its
//! curve; the MSMs and the pairing check also require the order-r subgroup, the additions do not.

use crate::error::{at, curve_point, At, Error, Fault};
use tripair::curve::curves::Bls12_381;
use tripair::curve::{Affine, CurveGroup, Projective, Scalar, G1, G2};
use tripair::field::{Fp, Fp2, TowerParams};
use tripair::hash_to_curve::HashToCurveGroup;

type Base = Fp<<Bls12_381 as TowerParams>::Fp>;
type Ext = Fp2<Bls12_381>;

const G1ADD: &str = "BLS12_G1ADD";
const G1MSM: &str = "BLS12_G1MSM";
const G2ADD: &str = "BLS12_G2ADD";
const G2MSM: &str = "BLS12_G2MSM";
const PAIRING: &str = "BLS12_PAIRING_CHECK";
const MAP_G1: &str = "BLS12_MAP_FP_TO_G1";
const MAP_G2: &str = "BLS12_MAP_FP2_TO_G2";

/// One 64-byte field element: the top 16 bytes zero, the rest below p.
fn base(bytes: &[u8], at: At) -> Result<Base, Error> {
    if bytes[..16].iter().any(|&b| b != 0) {
        return Err(at.err(Fault::TopBytesNotZero));
    }
    Base::from_be_bytes(&bytes[16..64]).map_err(|_| at.err(Fault::NotBelowModulus))
}

fn write_base(x: &Base, out: &mut Vec<u8>) {
    out.extend([0u8; 16]);
    out.extend(x.to_be_bytes());
}

/// The coordinate fields of G1 and G2 in EIP-2537's encoding.
trait Coordinate: Sized {
    const BYTES: usize;
    fn read(bytes: &[u8], at: At) -> Result<Self, Error>;
    fn write(&self, out: &mut Vec<u8>);
}

impl Coordinate for Base {
    const BYTES: usize = 64;
    fn read(bytes: &[u8], at: At) -> Result<Self, Error> {
        base(bytes, at)
    }
    fn write(&self, out: &mut Vec<u8>) {
        write_base(self, out)
    }
}

impl Coordinate for Ext {
    const BYTES: usize = 128;
    fn read(bytes: &[u8], at: At) -> Result<Self, Error> {
        Ok(Fp2::new(base(&bytes[..64], at)?, base(&bytes[64..], at)?))
    }
    fn write(&self, out: &mut Vec<u8>) {
        write_base(&self.c0, out);
        write_base(&self.c1, out);
    }
}

/// A point of G1 or G2 of BLS12-381 as the precompiles read and write it.
trait Group: CurveGroup<Curve = Bls12_381, F: Coordinate> + HashToCurveGroup {
    /// The error name of a point of this group.
    const POINT: &'static str;
}

impl Group for G1<Bls12_381> {
    const POINT: &'static str = "G1 point";
}

impl Group for G2<Bls12_381> {
    const POINT: &'static str = "G2 point";
}

/// A point on the curve (all zero: infinity), not checked for the subgroup.
fn point<G: Group>(bytes: &[u8], at: At) -> Result<Affine<G>, Error> {
    let w = G::F::BYTES;
    curve_point(
        G::F::read(&bytes[..w], at)?,
        G::F::read(&bytes[w..2 * w], at)?,
        at,
    )
}

/// A point on the curve and in the order-r subgroup.
fn subgroup_point<G: Group>(bytes: &[u8], at: At) -> Result<Affine<G>, Error> {
    let p = point::<G>(bytes, at)?;
    if !p.is_in_subgroup_vartime() {
        return Err(at.err(Fault::NotInSubgroup));
    }
    Ok(p)
}

/// Decoded points (each `Ok` on the curve) with whether each lies in the subgroup, the checks of
/// all of them made together (those of G1 eight at a time in SIMD lanes where they run).
fn with_subgroup_flags<G: Group>(
    decoded: Vec<Result<Affine<G>, Error>>,
) -> impl Iterator<Item = Result<(Affine<G>, bool), Error>> {
    let on_curve: Vec<Affine<G>> = decoded.iter().filter_map(|r| r.clone().ok()).collect();
    let mut flags = G::in_subgroup_batch_vartime(&on_curve).into_iter();
    decoded
        .into_iter()
        .map(move |r| r.map(|p| (p, flags.next() == Some(true))))
}

fn encode<G: Group>(p: &Projective<G>) -> Vec<u8> {
    // Infinity is (0, 0) in affine form: all zero bytes.
    let a = p.to_affine_vartime();
    let mut out = Vec::with_capacity(4 * G::F::BYTES);
    a.x().write(&mut out);
    a.y().write(&mut out);
    out
}

/// The input's length when `ok`, else the operation's length error.
fn length(op: &'static str, expected: &'static str, input: &[u8], ok: bool) -> Result<(), Error> {
    if ok {
        Ok(())
    } else {
        Err(Error::InputLength {
            op,
            expected,
            got: input.len(),
        })
    }
}

fn add<G: Group>(op: &'static str, expected: &'static str, input: &[u8]) -> Result<Vec<u8>, Error> {
    let w = 2 * G::F::BYTES;
    length(op, expected, input, input.len() == 2 * w)?;
    let a = point::<G>(&input[..w], at(op, G::POINT, 0, 0))?;
    let b = point::<G>(&input[w..], at(op, G::POINT, 1, w))?;
    Ok(encode(&(a.to_projective() + b.to_projective())))
}

fn msm<G: Group>(op: &'static str, expected: &'static str, input: &[u8]) -> Result<Vec<u8>, Error> {
    let w = 2 * G::F::BYTES;
    length(
        op,
        expected,
        input,
        !input.is_empty() && input.len().is_multiple_of(w + 32),
    )?;
    // Every point decoded, then the subgroup checks of all of them together (those of G1 eight
    // at a time in SIMD lanes where they run); the first bad point in input order is reported.
    let terms = input.chunks_exact(w + 32);
    let decoded: Vec<Result<Affine<G>, Error>> = terms
        .clone()
        .enumerate()
        .map(|(i, term)| point::<G>(&term[..w], at(op, G::POINT, i, i * (w + 32))))
        .collect();
    let mut points = Vec::with_capacity(decoded.len());
    for (i, r) in with_subgroup_flags(decoded).enumerate() {
        let (p, in_subgroup) = r?;
        if !in_subgroup {
            return Err(at(op, G::POINT, i, i * (w + 32)).err(Fault::NotInSubgroup));
        }
        points.push(p);
    }
    let scalars: Vec<_> = terms
        .map(|term| Scalar::<Bls12_381>::from_be_bytes_mod_order(&term[w..]))
        .collect();
    let sum = if points.len() == 1 {
        points[0].to_projective().mul_scalar_vartime(&scalars[0])
    } else {
        Projective::msm_vartime(&points, &scalars)
    };
    Ok(encode(&sum))
}

/// BLS12_G1ADD (address 0x0b): the sum of two G1 points (on the curve, any subgroup), 128 bytes.
pub fn g1_add(input: &[u8]) -> Result<Vec<u8>, Error> {
    add::<G1<Bls12_381>>(G1ADD, "256 bytes", input)
}

/// BLS12_G2ADD (address 0x0d): the sum of two G2 points (on the curve, any subgroup), 256 bytes.
pub fn g2_add(input: &[u8]) -> Result<Vec<u8>, Error> {
    add::<G2<Bls12_381>>(G2ADD, "512 bytes", input)
}

/// BLS12_G1MSM (address 0x0c): sum \[k_i\] P_i over k = len/160 terms (a G1 point in the subgroup,
/// then a 32-byte scalar), 128 bytes.
pub fn g1_msm(input: &[u8]) -> Result<Vec<u8>, Error> {
    msm::<G1<Bls12_381>>(G1MSM, "a non-zero multiple of 160 bytes", input)
}

/// BLS12_G2MSM (address 0x0e): sum \[k_i\] Q_i over k = len/288 terms (a G2 point in the
/// subgroup, then a 32-byte scalar), 256 bytes.
pub fn g2_msm(input: &[u8]) -> Result<Vec<u8>, Error> {
    msm::<G2<Bls12_381>>(G2MSM, "a non-zero multiple of 288 bytes", input)
}

/// BLS12_PAIRING_CHECK (address 0x0f): whether prod e(P_i, Q_i) = 1 over k = len/384 pairs (a
/// G1 point, then a G2 point, both in their subgroups), 32 bytes (0 or 1).
pub fn pairing_check(input: &[u8]) -> Result<Vec<u8>, Error> {
    length(
        PAIRING,
        "a non-zero multiple of 384 bytes",
        input,
        !input.is_empty() && input.len().is_multiple_of(384),
    )?;
    // The G1 points' subgroup checks together (see `with_subgroup_flags`); each pair's errors
    // in the order G1 point, G2 point, the first bad pair reported.
    let g1: Vec<Result<Affine<G1<Bls12_381>>, Error>> = input
        .chunks_exact(384)
        .enumerate()
        .map(|(i, c)| point::<G1<Bls12_381>>(&c[..128], at(PAIRING, "G1 point", i, 384 * i)))
        .collect();
    let pairs = with_subgroup_flags(g1)
        .zip(input.chunks_exact(384))
        .enumerate()
        .map(|(i, (p, c))| {
            let (p, in_subgroup) = p?;
            if !in_subgroup {
                return Err(at(PAIRING, "G1 point", i, 384 * i).err(Fault::NotInSubgroup));
            }
            let q = subgroup_point::<G2<Bls12_381>>(
                &c[128..],
                at(PAIRING, "G2 point", i, 384 * i + 128),
            )?;
            Ok((p, q))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let mut out = vec![0u8; 32];
    out[31] = tripair::pairing_check(&pairs) as u8;
    Ok(out)
}

fn map<G: Group>(op: &'static str, expected: &'static str, input: &[u8]) -> Result<Vec<u8>, Error> {
    length(op, expected, input, input.len() == G::F::BYTES)?;
    let u = G::F::read(input, at(op, "field element", 0, 0))?;
    // RFC 9380: map_to_curve (simplified SWU and the isogeny), then clear_cofactor.
    Ok(encode(&G::clear_cofactor(&G::map_to_curve(&u))))
}

/// BLS12_MAP_FP_TO_G1 (address 0x10): RFC 9380's map_to_curve and clear_cofactor of one F_p
/// element, 128 bytes.
pub fn map_fp_to_g1(input: &[u8]) -> Result<Vec<u8>, Error> {
    map::<G1<Bls12_381>>(MAP_G1, "64 bytes", input)
}

/// BLS12_MAP_FP2_TO_G2 (address 0x11): RFC 9380's map_to_curve and clear_cofactor of one F_p2
/// element (c0 || c1), 256 bytes.
pub fn map_fp2_to_g2(input: &[u8]) -> Result<Vec<u8>, Error> {
    map::<G2<Bls12_381>>(MAP_G2, "128 bytes", input)
}

/// The MSM discounts of EIP-2537 (per mille, for k = 1..=128 terms; the last beyond).
const G1_DISCOUNT: [u16; 128] = [
    1000, 949, 848, 797, 764, 750, 738, 728, 719, 712, 705, 698, 692, 687, 682, 677, 673, 669, 665,
    661, 658, 654, 651, 648, 645, 642, 640, 637, 635, 632, 630, 627, 625, 623, 621, 619, 617, 615,
    613, 611, 609, 608, 606, 604, 603, 601, 599, 598, 596, 595, 593, 592, 591, 589, 588, 586, 585,
    584, 582, 581, 580, 579, 577, 576, 575, 574, 573, 572, 570, 569, 568, 567, 566, 565, 564, 563,
    562, 561, 560, 559, 558, 557, 556, 555, 554, 553, 552, 551, 550, 549, 548, 547, 547, 546, 545,
    544, 543, 542, 541, 540, 540, 539, 538, 537, 536, 536, 535, 534, 533, 532, 532, 531, 530, 529,
    528, 528, 527, 526, 525, 525, 524, 523, 522, 522, 521, 520, 520, 519,
];
const G2_DISCOUNT: [u16; 128] = [
    1000, 1000, 923, 884, 855, 832, 812, 796, 782, 770, 759, 749, 740, 732, 724, 717, 711, 704,
    699, 693, 688, 683, 679, 674, 670, 666, 663, 659, 655, 652, 649, 646, 643, 640, 637, 634, 632,
    629, 627, 624, 622, 620, 618, 615, 613, 611, 609, 607, 606, 604, 602, 600, 598, 597, 595, 593,
    592, 590, 589, 587, 586, 584, 583, 582, 580, 579, 578, 576, 575, 574, 573, 571, 570, 569, 568,
    567, 566, 565, 563, 562, 561, 560, 559, 558, 557, 556, 555, 554, 553, 552, 552, 551, 550, 549,
    548, 547, 546, 545, 545, 544, 543, 542, 541, 541, 540, 539, 538, 537, 537, 536, 535, 535, 534,
    533, 532, 532, 531, 530, 530, 529, 528, 528, 527, 526, 526, 525, 524, 524,
];

/// k * multiplication_cost * discount(k) / 1000 (EIP-2537, "Gas schedule"); 0 for k = 0.
fn msm_gas(k: usize, mul_cost: u64, table: &[u16; 128]) -> u64 {
    if k == 0 {
        return 0;
    }
    let discount = table[(k - 1).min(127)] as u64;
    (k as u64).saturating_mul(mul_cost).saturating_mul(discount) / 1000
}

/// Gas of BLS12_G1ADD.
pub fn g1_add_gas(_input: &[u8]) -> u64 {
    375
}

/// Gas of BLS12_G2ADD.
pub fn g2_add_gas(_input: &[u8]) -> u64 {
    600
}

/// Gas of BLS12_G1MSM: k = len/160 terms at 12,000 each, discounted.
pub fn g1_msm_gas(input: &[u8]) -> u64 {
    msm_gas(input.len() / 160, 12_000, &G1_DISCOUNT)
}

/// Gas of BLS12_G2MSM: k = len/288 terms at 22,500 each, discounted.
pub fn g2_msm_gas(input: &[u8]) -> u64 {
    msm_gas(input.len() / 288, 22_500, &G2_DISCOUNT)
}

/// Gas of BLS12_PAIRING_CHECK: 37,700 plus 32,600 per pair.
pub fn pairing_check_gas(input: &[u8]) -> u64 {
    37_700 + 32_600 * (input.len() / 384) as u64
}

/// Gas of BLS12_MAP_FP_TO_G1.
pub fn map_fp_to_g1_gas(_input: &[u8]) -> u64 {
    5_500
}

/// Gas of BLS12_MAP_FP2_TO_G2.
pub fn map_fp2_to_g2_gas(_input: &[u8]) -> u64 {
    23_800
}
