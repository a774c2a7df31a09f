//! Hashing to G1 and G2 of BLS12-381 by RFC 9380 ("Hashing to Elliptic Curves"): the suites
//! `BLS12381G1_XMD:SHA-256_SSWU_RO_`, `..._NU_` and their G2 counterparts (section 8.8); and
//! to G1 of BN254 with the Shallue-van de Woestijne map, `BN254G1_XMD:SHA-256_SVDW_RO_` and
//! `_NU_` (RFC 9380 defines no BN254 suite; these IDs follow its section 8.10 naming and are the
//! ones gnark-crypto uses, whose published vectors the tests check).
//!
//! The pipeline of section 3: [`hash_to_field`] (expand_message_xmd with SHA-256, section 5),
//! the simplified SWU map onto an isogenous curve followed by the isogeny (section 6.6.3) or the
//! Shallue-van de Woestijne map (section 6.6.1), and cofactor clearing (section 7;
//! [`HashToCurveGroup::clear_cofactor`]). The time depends on the
//! lengths of the message and the tag, never on their bytes: masks instead of branches,
//! constant-time inversion, exponentiations and scalar multiplications whose schedule depends only
//! on public constants.
//!
//! ```
//! use tripair::hash_to_curve::hash_to_g2;
//!
//! let q = hash_to_g2(b"message", b"MY-APP-V01-CS01-with-BLS12381G2_XMD:SHA-256_SSWU_RO_").unwrap();
//! assert!(q.is_on_curve() && q.is_in_subgroup_vartime());
//! ```

mod consts;
mod expand;
#[cfg(test)]
mod jacobian;
mod sswu;
mod svdw;

use crate::prelude::*;
pub use expand::{
    expand_message_xmd, hash_to_field, oversize_dst, HashToField, MAX_DST_LEN, MAX_EXPAND_LEN,
};

use crate::curve::curves::{Bls12_381, Bn254};
use crate::curve::twist::psi_coords;
use crate::curve::{Affine, CurveGroup, G1Affine, G2Affine, PairingCurve, Projective, G1, G2};
use crate::error::Result;
use crate::field::{Fp, Fp2, FpParams, TowerParams};
use crate::sync::Once;
use num_bigint::BigUint;
use sswu::Sswu;
use svdw::Svdw;

/// Suite ID of hashing to G1 of BLS12-381, random-oracle encoding (section 8.8.1).
pub const BLS12381G1_XMD_SHA256_SSWU_RO: &str = "BLS12381G1_XMD:SHA-256_SSWU_RO_";
/// Suite ID of encoding to G1 of BLS12-381, nonuniform encoding (section 8.8.1).
pub const BLS12381G1_XMD_SHA256_SSWU_NU: &str = "BLS12381G1_XMD:SHA-256_SSWU_NU_";
/// Suite ID of hashing to G2 of BLS12-381, random-oracle encoding (section 8.8.2).
pub const BLS12381G2_XMD_SHA256_SSWU_RO: &str = "BLS12381G2_XMD:SHA-256_SSWU_RO_";
/// Suite ID of encoding to G2 of BLS12-381, nonuniform encoding (section 8.8.2).
pub const BLS12381G2_XMD_SHA256_SSWU_NU: &str = "BLS12381G2_XMD:SHA-256_SSWU_NU_";

/// Suite ID of hashing to G1 of BN254 with the Shallue-van de Woestijne map, random oracle.
pub const BN254G1_XMD_SHA256_SVDW_RO: &str = "BN254G1_XMD:SHA-256_SVDW_RO_";
/// Suite ID of encoding to G1 of BN254 with the Shallue-van de Woestijne map, nonuniform.
pub const BN254G1_XMD_SHA256_SVDW_NU: &str = "BN254G1_XMD:SHA-256_SVDW_NU_";

/// A group with an RFC 9380 suite: its map_to_curve and clear_cofactor. Implemented for G1 and G2
/// of BLS12-381 and G1 of BN254.
pub trait HashToCurveGroup: CurveGroup<F: HashToField> {
    /// map_to_curve (section 6.6.3): simplified SWU onto the isogenous curve, then the isogeny.
    /// The result is a point of the curve E, not of the order-r subgroup: the input of
    /// [`HashToCurveGroup::clear_cofactor`], not a group element to pair. Constant time.
    fn map_to_curve(u: &Self::F) -> Projective<Self>;
    /// clear_cofactor (section 7): any point of the curve E to the order-r subgroup, constant time.
    fn clear_cofactor(p: &Projective<Self>) -> Projective<Self>;
    /// map_to_curve of two field elements, the two points of hash_to_curve. Equal to two calls
    /// of [`HashToCurveGroup::map_to_curve`]; a group may run the two side by side.
    fn map_to_curve_pair(u: &[Self::F; 2]) -> [Projective<Self>; 2] {
        [Self::map_to_curve(&u[0]), Self::map_to_curve(&u[1])]
    }
}

/// hash_to_curve (section 3): the random-oracle encoding of `msg` under the tag `dst`.
pub fn hash_to_curve<G: HashToCurveGroup>(msg: &[u8], dst: &[u8]) -> Result<Affine<G>> {
    let u = hash_to_field::<G::F>(msg, dst, 2)?;
    let [q0, q1] = G::map_to_curve_pair(&[u[0], u[1]]);
    let q = q0 + q1;
    Ok(G::clear_cofactor(&q).to_affine())
}

/// encode_to_curve (section 3): the nonuniform encoding of `msg` under the tag `dst`.
pub fn encode_to_curve<G: HashToCurveGroup>(msg: &[u8], dst: &[u8]) -> Result<Affine<G>> {
    let u = hash_to_field::<G::F>(msg, dst, 1)?;
    Ok(G::clear_cofactor(&G::map_to_curve(&u[0])).to_affine())
}

/// `BLS12381G1_XMD:SHA-256_SSWU_RO_` (section 8.8.1): `msg` hashed to G1 under the tag `dst`.
pub fn hash_to_g1(msg: &[u8], dst: &[u8]) -> Result<G1Affine<Bls12_381>> {
    hash_to_curve(msg, dst)
}

/// `BLS12381G1_XMD:SHA-256_SSWU_NU_` (section 8.8.1): `msg` encoded to G1 under the tag `dst`.
pub fn encode_to_g1(msg: &[u8], dst: &[u8]) -> Result<G1Affine<Bls12_381>> {
    encode_to_curve(msg, dst)
}

/// `BLS12381G2_XMD:SHA-256_SSWU_RO_` (section 8.8.2): `msg` hashed to G2 under the tag `dst`.
pub fn hash_to_g2(msg: &[u8], dst: &[u8]) -> Result<G2Affine<Bls12_381>> {
    hash_to_curve(msg, dst)
}

/// `BLS12381G2_XMD:SHA-256_SSWU_NU_` (section 8.8.2): `msg` encoded to G2 under the tag `dst`.
pub fn encode_to_g2(msg: &[u8], dst: &[u8]) -> Result<G2Affine<Bls12_381>> {
    encode_to_curve(msg, dst)
}

/// `BN254G1_XMD:SHA-256_SVDW_RO_`: `msg` hashed to G1 of BN254 under the tag `dst`.
pub fn hash_to_bn254_g1(msg: &[u8], dst: &[u8]) -> Result<G1Affine<Bn254>> {
    hash_to_curve(msg, dst)
}

/// `BN254G1_XMD:SHA-256_SVDW_NU_`: `msg` encoded to G1 of BN254 under the tag `dst`.
pub fn encode_to_bn254_g1(msg: &[u8], dst: &[u8]) -> Result<G1Affine<Bn254>> {
    encode_to_curve(msg, dst)
}

type Bls12Fp = Fp<<Bls12_381 as TowerParams>::Fp>;

/// An F_p constant from big-endian hex (the transcribed tables).
fn fp_hex(h: &str) -> Bls12Fp {
    let width = 2 * <<Bls12_381 as TowerParams>::Fp as FpParams>::BYTES;
    let bytes = hex::decode(format!("{h:0>width$}")).expect("constant table is hex");
    Fp::from_be_bytes(&bytes).expect("constant table entry is below p")
}

/// An F_p2 constant c0 + c1 I from hex.
fn fp2_hex([c0, c1]: [&str; 2]) -> Fp2<Bls12_381> {
    Fp2::new(fp_hex(c0), fp_hex(c1))
}

/// The suite data of `BLS12381G1_XMD:SHA-256_SSWU_*` (section 8.8.1), built once.
fn g1_sswu() -> &'static Sswu<Bls12Fp> {
    static S: Once<Sswu<Bls12Fp>> = Once::new();
    S.get_or_init(|| {
        let table = |t: &[&str]| t.iter().map(|h| fp_hex(h)).collect();
        let iso = [
            table(&consts::G1_ISO_X_NUM),
            table(&consts::G1_ISO_X_DEN),
            table(&consts::G1_ISO_Y_NUM),
            table(&consts::G1_ISO_Y_DEN),
        ];
        let (z, a, b) = (
            Fp::from_i64(consts::G1_Z),
            fp_hex(consts::G1_A),
            fp_hex(consts::G1_B),
        );
        Sswu::new(z, a, b, iso, &<Bls12_381 as PairingCurve>::consts().p)
    })
}

/// The suite data of `BLS12381G2_XMD:SHA-256_SSWU_*` (section 8.8.2), built once.
fn g2_sswu() -> &'static Sswu<Fp2<Bls12_381>> {
    static S: Once<Sswu<Fp2<Bls12_381>>> = Once::new();
    S.get_or_init(|| {
        let table = |t: &[[&str; 2]]| t.iter().map(|&h| fp2_hex(h)).collect();
        let iso = [
            table(&consts::G2_ISO_X_NUM),
            table(&consts::G2_ISO_X_DEN),
            table(&consts::G2_ISO_Y_NUM),
            table(&consts::G2_ISO_Y_DEN),
        ];
        let small = |(c0, c1)| Fp2::from_i64s(c0, c1);
        let (z, a, b) = (
            small(consts::G2_Z),
            small(consts::G2_A),
            small(consts::G2_B),
        );
        let p: &BigUint = &<Bls12_381 as PairingCurve>::consts().p;
        Sswu::new(z, a, b, iso, &(p * p))
    })
}

impl HashToCurveGroup for G1<Bls12_381> {
    fn map_to_curve(u: &Self::F) -> Projective<Self> {
        g1_sswu().map_to_curve(u)
    }

    fn map_to_curve_pair(u: &[Self::F; 2]) -> [Projective<Self>; 2] {
        g1_sswu().map_to_curve_lanes(u)
    }

    /// Multiplication by h_eff = 0xd201000000010001 (section 8.8.1), constant time: double-and-add
    /// over the public constant's bits (Jacobian doublings), an operation sequence independent of
    /// the point.
    fn clear_cofactor(p: &Projective<Self>) -> Projective<Self> {
        p.mul_vartime(&[consts::G1_H_EFF])
    }
}

impl HashToCurveGroup for G1<Bn254> {
    /// The Shallue-van de Woestijne map (section 6.6.1): y^2 = x^3 + 3 has no isogeny-friendly
    /// simplified-SWU form (A = 0), and Z = 1 by find_z_svdw.
    fn map_to_curve(u: &Self::F) -> Projective<Self> {
        static S: Once<Svdw<Fp<<Bn254 as TowerParams>::Fp>>> = Once::new();
        S.get_or_init(|| Svdw::new(Self::coeff_b(), &<Bn254 as PairingCurve>::consts().p))
            .map_to_curve(u)
    }

    /// G1 of a BN curve is the whole curve (cofactor 1): nothing to clear.
    fn clear_cofactor(p: &Projective<Self>) -> Projective<Self> {
        *p
    }
}

impl HashToCurveGroup for G2<Bls12_381> {
    fn map_to_curve(u: &Self::F) -> Projective<Self> {
        g2_sswu().map_to_curve(u)
    }

    fn map_to_curve_pair(u: &[Self::F; 2]) -> [Projective<Self>; 2] {
        g2_sswu().map_to_curve_lanes(u)
    }

    /// The fast method of Budroni–Pintore (Appendix G.3), equal to multiplication by the h_eff of
    /// section 8.8.2, constant time.
    fn clear_cofactor(p: &Projective<Self>) -> Projective<Self> {
        clear_cofactor_bls12_g2(p)
    }
}

/// Appendix G.3 for any BLS12 curve: h_eff P = [u^2 - u - 1] P + [u - 1] psi(P) + psi^2(2P), with
/// psi the untwist-Frobenius-twist endomorphism and u the curve parameter.
fn clear_cofactor_bls12_g2<C: PairingCurve>(p: &Projective<G2<C>>) -> Projective<G2<C>> {
    let k = C::consts();
    // [u] Q by double-and-add over the bits of the public |u| (constant time in Q; Jacobian
    // doublings, the 5 additions complete), then the sign.
    let mul_u = |q: &Projective<G2<C>>| {
        let m = q.mul_vartime(&k.u_abs);
        if k.u_neg {
            -m
        } else {
            m
        }
    };
    // Steps 1-10 of clear_cofactor_bls12381_g2.
    let t1 = mul_u(p);
    let t2 = psi_projective(p);
    let t3 = psi_projective(&psi_projective(&p.double())) - t2;
    let t2 = mul_u(&(t1 + t2));
    t3 + t2 - t1 - *p
}

/// psi on projective coordinates: psi(X : Y : Z) = (conj(X) c_x : conj(Y) c_y : conj(Z)), since
/// conjugation commutes with the division by Z.
fn psi_projective<C: PairingCurve>(p: &Projective<G2<C>>) -> Projective<G2<C>> {
    let (x, y) = psi_coords::<C, Fp<C::Fp>>(&(p.x, p.y));
    Projective {
        x,
        y,
        z: p.z.conjugate(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tripair_testkit::TestRng;

    /// Random field elements and the edge inputs u = 0, 1, -1.
    fn inputs<F: HashToField>(rng: &mut TestRng) -> Vec<F> {
        let mut v = vec![F::ZERO, F::ONE, -F::ONE];
        for _ in 0..24 {
            let mut bytes = [0u8; 128];
            rng.fill_bytes(&mut bytes);
            v.push(F::from_uniform_bytes(&bytes[..F::L * F::M]));
        }
        v
    }

    /// The inversion-free map (fraction x, homogeneous isogeny) equals the RFC's form.
    #[test]
    fn map_without_inversion_equals_rfc_form() {
        let mut rng = TestRng::new(25);
        for u in inputs::<Bls12Fp>(&mut rng) {
            let q: Projective<G1<Bls12_381>> = g1_sswu().map_to_curve(&u);
            assert_eq!(q, g1_sswu().map_to_curve_with_inversion(&u));
            assert!(q.to_affine().is_on_curve());
        }
        for u in inputs::<Fp2<Bls12_381>>(&mut rng) {
            let q: Projective<G2<Bls12_381>> = g2_sswu().map_to_curve(&u);
            assert_eq!(q, g2_sswu().map_to_curve_with_inversion(&u));
            assert!(q.to_affine().is_on_curve());
        }
    }

    /// The pair maps (side by side) equal two single maps, on random and edge inputs.
    #[test]
    fn map_pair_equals_two_maps() {
        fn check<G: HashToCurveGroup<F: HashToField>>(rng: &mut TestRng) {
            let us = inputs::<G::F>(rng);
            for (i, u0) in us.iter().enumerate() {
                let u1 = us[(i * 7 + 1) % us.len()];
                let [q0, q1] = G::map_to_curve_pair(&[*u0, u1]);
                assert_eq!(q0, G::map_to_curve(u0), "{}", G::NAME);
                assert_eq!(q1, G::map_to_curve(&u1), "{}", G::NAME);
            }
        }
        let mut rng = TestRng::new(2);
        check::<G1<Bls12_381>>(&mut rng);
        check::<G2<Bls12_381>>(&mut rng);
    }
}
