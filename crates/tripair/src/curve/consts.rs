//! Constants derived from a curve's data at first use (big-integer arithmetic on p, r, t and the
//! twist; field arithmetic for the twist, Frobenius and endomorphism constants; generators).

use super::endo::{cube_roots_of_unity, Decomposition};
use super::group::{Affine, G1, G2};
use super::params::{parse_bigint, Family, PairingCurve, Twist};
use crate::arith::Limbs;
use crate::field::{
    cheapest_wnaf_msb_first, frobenius_gamma, naf_msb_first, uncompressed_exp_cost, Field, Fp, Fp2,
    FpParams,
};
use crate::prelude::*;
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Signed, Zero};

/// Everything a curve's few defining numbers imply, shared by every backend (limbs are Montgomery
/// form, identical for all backends).
#[derive(Clone, Debug)]
pub struct CurveConsts<L: Limbs> {
    /// The curve parameter u.
    pub u: BigInt,
    /// The base-field prime p.
    pub p: BigUint,
    /// The prime group order r (its limbs are [`CurveConsts::r`]).
    pub r_big: BigUint,
    /// Trace of Frobenius: #E(F_p) = p + 1 - t.
    pub t: BigInt,
    /// The G1 cofactor: #E(F_p) = h1 r.
    pub h1: BigUint,
    /// The G2 cofactor: #E'(F_p2) = h2 r, for the sextic twist E' with a subgroup of order r.
    pub h2: BigUint,
    /// Whether h1 = 1, so that every point of E(F_p) is in G1 (as on BN curves).
    pub h1_is_one: bool,
    /// r as little-endian 64-bit limbs.
    pub r: Vec<u64>,
    /// h1 as little-endian 64-bit limbs.
    pub h1_limbs: Vec<u64>,
    /// h2 as little-endian 64-bit limbs.
    pub h2_limbs: Vec<u64>,
    /// |u| as little-endian 64-bit limbs, for multiplications by u.
    pub u_abs: Vec<u64>,
    /// Whether u is negative.
    pub u_neg: bool,
    /// The NAF of |u| (most significant digit first), for exponentiations by u.
    pub u_naf: Vec<i8>,
    /// The width-w NAF of |u| (w in 2..=5) whose exponentiation by full cyclotomic squarings
    /// costs least ([`cheapest_wnaf_msb_first`]), most significant digit first.
    pub u_wnaf: Vec<i8>,
    /// Where |u| = v^k for k = 2 or 3 and k exponentiations by v cost less in full cyclotomic
    /// squarings than one by u ([`uncompressed_exp_cost`]): k and the cheapest width-w NAF of v
    /// (the dclxvi curve's u = 1868033^3: 60 squarings and 12 products instead of 63 and 15).
    pub u_root: Option<(u32, Vec<i8>)>,
    /// The optimal ate loop: NAF of |6u+2| (BN) or |u| (BLS12), most significant digit first.
    pub miller_naf: Vec<i8>,
    /// Whether the optimal ate loop parameter (6u+2 or u) is negative.
    pub miller_neg: bool,
    /// The plain ate loop over s = t - 1 (Grabher–Großschädl–Page 2008, Algorithm 1): NAF of |s|,
    /// most significant digit first.
    pub ate_naf: Vec<i8>,
    /// Whether s = t - 1 is negative.
    pub ate_neg: bool,
    /// psi acts on G2 as multiplication by t - 1: |t - 1| as little-endian 64-bit limbs.
    pub psi_eigen_abs: Vec<u64>,
    /// Whether t - 1 is negative.
    pub psi_eigen_neg: bool,
    /// The twist coefficient b' (b/xi for a D-type twist, b*xi for M-type) as Montgomery limbs
    /// (c0, c1).
    pub twist_b: (L, L),
    /// 3b' as Montgomery limbs (c0, c1).
    pub twist_b3: (L, L),
    /// `psi(x, y) = (conj(x) * psi[0], conj(y) * psi[1])`, each an F_p2 constant as Montgomery
    /// limbs (c0, c1).
    pub psi: [(L, L); 2],
    /// A cube root of unity with `(omega x, y) = [-u^2](x, y)` on G1.
    pub omega: L,
    /// GLV decomposition of scalars for phi(x, y) = (omega x, y) on G1.
    pub glv: Decomposition,
    /// GLS decomposition of scalars for psi on G2.
    pub gls: Decomposition,
    /// The G1 generator (x, y) as Montgomery limbs: the standard one where the curve fixes it,
    /// else h1 times the first point found at a small x.
    pub g1: (L, L),
    /// The G2 generator (x, y), each as Montgomery limbs (c0, c1): the standard one where the
    /// curve fixes it, else h2 times the first point found at x = k + u for small k.
    pub g2: [(L, L); 2],
}

/// [`CurveConsts::u_root`]: the k-th root v of |u| (k = 3, then 2) whose chain of k
/// exponentiations by v costs less than u's own, with v's cheapest width-w NAF.
fn cheaper_root_chain(u: &BigInt) -> Option<(u32, Vec<i8>)> {
    let u_abs = u.magnitude();
    let own = uncompressed_exp_cost(&cheapest_wnaf_msb_first(&limbs_of(u_abs)));
    [3u32, 2]
        .into_iter()
        .filter_map(|k| {
            let v = u_abs.nth_root(k);
            (v > BigUint::one() && v.pow(k) == *u_abs).then(|| {
                let d = cheapest_wnaf_msb_first(&limbs_of(&v));
                (k as usize * uncompressed_exp_cost(&d), k, d)
            })
        })
        .filter(|(cost, _, _)| *cost < own)
        .min_by_key(|(cost, _, _)| *cost)
        .map(|(_, k, d)| (k, d))
}

fn limbs_of(v: &BigUint) -> Vec<u64> {
    let d = v.to_u64_digits();
    if d.is_empty() {
        vec![0]
    } else {
        d
    }
}

fn fp2_limbs<C: PairingCurve>(
    a: &Fp2<C>,
) -> (<C::Fp as FpParams>::Limbs, <C::Fp as FpParams>::Limbs) {
    (*a.c0.mont_limbs(), *a.c1.mont_limbs())
}

fn fp_from_hex<F: FpParams>(h: &str) -> Fp<F> {
    let padded = if h.len() % 2 == 1 {
        format!("0{h}")
    } else {
        h.to_string()
    };
    let mut bytes = hex::decode(&padded).expect("generator constant is hex");
    while bytes.len() < F::BYTES {
        bytes.insert(0, 0);
    }
    Fp::from_be_bytes(&bytes).expect("generator coordinate is a field element")
}

/// The order of the sextic twist of E over F_p2 that has a subgroup of order r (not E itself).
fn twist_order(p: &BigInt, t: &BigInt, r: &BigInt) -> BigInt {
    let p2 = p * p;
    let t2 = t * t - p * 2u32;
    // t^2 - 4p = -3 f^2.
    let f = ((p * 4u32 - t * t) / 3u32).sqrt();
    let tf3 = t * &f * 3u32;
    let candidates = [
        (&t2 + &tf3) / 2,
        (&t2 - &tf3) / 2,
        (-&t2 + &tf3) / 2,
        (-&t2 - &tf3) / 2,
        -t2.clone(),
    ];
    for trace in candidates.iter() {
        let n = &p2 + 1u32 - trace;
        if (&n % r).is_zero() {
            return n;
        }
    }
    panic!("no sextic twist with a subgroup of order r: check the curve data");
}

impl<L: Limbs> CurveConsts<L> {
    /// Derives every constant from the data of curve `C`; panics if the data is inconsistent (r not
    /// dividing #E(F_p), no twist with a subgroup of order r, no generator found).
    pub fn derive<C: PairingCurve>() -> Self
    where
        C::Fp: FpParams<Limbs = L>,
    {
        let u = parse_bigint(C::U);
        let p = BigInt::from_biguint(
            Sign::Plus,
            BigUint::from_slice(
                &C::Fp::MODULUS
                    .as_ref()
                    .iter()
                    .flat_map(|&l| [l as u32, (l >> 32) as u32])
                    .collect::<Vec<_>>(),
            ),
        );
        let (r, t) = match C::FAMILY {
            Family::Bn => {
                let u2 = &u * &u;
                let r = &u2 * &u2 * 36u32 + &u2 * &u * 36u32 + &u2 * 18u32 + &u * 6u32 + 1u32;
                (r, &u2 * 6u32 + 1u32)
            }
            Family::Bls12 => {
                let u2 = &u * &u;
                (&u2 * &u2 - &u2 + 1u32, &u + 1u32)
            }
        };
        let n1 = &p + 1u32 - &t;
        assert!(
            (&n1 % &r).is_zero(),
            "r does not divide #E(F_p): check the curve data"
        );
        let h1 = (&n1 / &r).to_biguint().unwrap();
        let n2 = twist_order(&p, &t, &r);
        let h2 = (&n2 / &r).to_biguint().unwrap();
        let r_u = r.to_biguint().unwrap();

        let abs_limbs = |v: &BigInt| limbs_of(&v.abs().to_biguint().unwrap());
        let naf_of = |v: &BigInt| naf_msb_first(&abs_limbs(v));
        let miller = match C::FAMILY {
            Family::Bn => &u * 6u32 + 2u32,
            Family::Bls12 => u.clone(),
        };
        let ate = &t - 1u32;
        let r_i = BigInt::from(r_u.clone());
        let mu = (((&ate % &r_i) + &r_i) % &r_i).to_biguint().unwrap();

        // Twist coefficient and psi constants.
        let b = Fp2::<C>::from_i64s(C::B, 0);
        let xi = Fp2::<C>::xi();
        let twist_b = match C::TWIST {
            Twist::D => b * xi.inv_vartime().expect("xi is non-zero"),
            Twist::M => b * xi,
        };
        let g12 = frobenius_gamma::<C>(1, 2);
        let g13 = frobenius_gamma::<C>(1, 3);
        let (px, py) = match C::TWIST {
            Twist::D => (g12, g13),
            Twist::M => (g12.inv_vartime().unwrap(), g13.inv_vartime().unwrap()),
        };

        let mut k = CurveConsts {
            u: u.clone(),
            p: p.to_biguint().unwrap(),
            r_big: r_u.clone(),
            t: t.clone(),
            h1_is_one: h1.is_one(),
            h1_limbs: limbs_of(&h1),
            h2_limbs: limbs_of(&h2),
            h1,
            h2,
            r: limbs_of(&r_u),
            u_abs: abs_limbs(&u),
            u_neg: u.is_negative(),
            u_naf: naf_of(&u),
            u_wnaf: cheapest_wnaf_msb_first(&abs_limbs(&u)),
            u_root: cheaper_root_chain(&u),
            miller_naf: naf_of(&miller),
            miller_neg: miller.is_negative(),
            ate_naf: naf_of(&ate),
            ate_neg: ate.is_negative(),
            psi_eigen_abs: abs_limbs(&ate),
            psi_eigen_neg: ate.is_negative(),
            twist_b: fp2_limbs(&twist_b),
            twist_b3: fp2_limbs(&twist_b.mul_small(3)),
            psi: [fp2_limbs(&px), fp2_limbs(&py)],
            omega: L::ZERO,
            glv: Decomposition::empty(),
            gls: Decomposition::gls(&r_u, &mu, &u, C::FAMILY),
            g1: (L::ZERO, L::ZERO),
            g2: [(L::ZERO, L::ZERO); 2],
        };
        // The generators need the group law, which reads the constants above; derive them with a
        // temporary copy in place (the group code only reads twist_b3, h1, h2, u and psi).
        let g1 = derive_g1::<C>(&k);
        k.g1 = (*g1.x.mont_limbs(), *g1.y.mont_limbs());
        let g2 = derive_g2::<C>(&k);
        k.g2 = [fp2_limbs(&g2.x), fp2_limbs(&g2.y)];
        k.omega = derive_omega::<C>(&k, &g1);
        // phi acts on G1 as one of the two cube roots of unity mod r: the one with
        // [lambda] G1 = (omega x, y).
        let [l1, l2] = cube_roots_of_unity(&u, &r_u, C::FAMILY);
        let phi_g1 = (g1.x * Fp::from_mont(k.omega), g1.y);
        let lambda = if affine_mul((g1.x, g1.y), &limbs_of(&l1)) == Some(phi_g1) {
            l1
        } else {
            assert_eq!(affine_mul((g1.x, g1.y), &limbs_of(&l2)), Some(phi_g1));
            l2
        };
        k.glv = Decomposition::glv(&r_u, &lambda);
        k
    }
}

/// y^2 = x^3 + b with the smaller root (not lexicographically largest), if x is on the curve.
fn lift_x<F: Field>(x: F, b: F) -> Option<(F, F)> {
    let y = (x.square() * x + b).sqrt_vartime()?;
    Some((
        x,
        if y.is_lexicographically_largest() {
            -y
        } else {
            y
        },
    ))
}

/// Plain double-and-add over affine points for use before the constants exist (variable time).
fn affine_mul<F: Field>(p: (F, F), k: &[u64]) -> Option<(F, F)> {
    let add = |a: Option<(F, F)>, b: Option<(F, F)>| -> Option<(F, F)> {
        match (a, b) {
            (None, q) | (q, None) => q,
            (Some((x1, y1)), Some((x2, y2))) => {
                let lambda = if x1 == x2 {
                    if y1 != y2 || y1.is_zero() {
                        return None;
                    }
                    x1.square().mul_small(3) * y1.double().inv_vartime()?
                } else {
                    (y2 - y1) * (x2 - x1).inv_vartime()?
                };
                let x3 = lambda.square() - x1 - x2;
                Some((x3, lambda * (x1 - x3) - y1))
            }
        }
    };
    let mut acc = None;
    for i in (0..k.len() * 64).rev() {
        acc = add(acc, acc);
        if (k[i / 64] >> (i % 64)) & 1 == 1 {
            acc = add(acc, Some(p));
        }
    }
    acc
}

fn derive_g1<C: PairingCurve>(k: &CurveConsts<<C::Fp as FpParams>::Limbs>) -> Affine<G1<C>> {
    if let Some([x, y]) = C::G1_GENERATOR {
        return Affine::new_unchecked(fp_from_hex(x), fp_from_hex(y));
    }
    let b = Fp::<C::Fp>::from_i64(C::B);
    for x in [-1i64, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] {
        if let Some(pt) = lift_x(Fp::from_i64(x), b) {
            if let Some((x, y)) = affine_mul(pt, &k.h1_limbs) {
                return Affine::new_unchecked(x, y);
            }
        }
    }
    panic!("no G1 generator found among small x");
}

fn derive_g2<C: PairingCurve>(k: &CurveConsts<<C::Fp as FpParams>::Limbs>) -> Affine<G2<C>> {
    if let Some([x0, x1, y0, y1]) = C::G2_GENERATOR {
        return Affine::new_unchecked(
            Fp2::new(fp_from_hex(x0), fp_from_hex(x1)),
            Fp2::new(fp_from_hex(y0), fp_from_hex(y1)),
        );
    }
    let b = Fp2::<C>::new(Fp::from_mont(k.twist_b.0), Fp::from_mont(k.twist_b.1));
    for x in 0..64i64 {
        if let Some(pt) = lift_x(Fp2::<C>::from_i64s(x, 1), b) {
            if let Some((x, y)) = affine_mul(pt, &k.h2_limbs) {
                return Affine::new_unchecked(x, y);
            }
        }
    }
    panic!("no G2 generator found among small x");
}

/// The primitive cube root of unity omega for which (omega x, y) = [-u^2](x, y) on G1.
fn derive_omega<C: PairingCurve>(
    k: &CurveConsts<<C::Fp as FpParams>::Limbs>,
    g1: &Affine<G1<C>>,
) -> <C::Fp as FpParams>::Limbs {
    let e = limbs_of(&((&k.p - 1u32) / 3u32));
    let mut w = Fp::<C::Fp>::ONE;
    for c in 2u64.. {
        w = Fp::from_u64(c).pow_vartime(&e);
        if !w.is_one() {
            break;
        }
    }
    // [-u^2] G1 has the x-coordinate of [u^2] G1: compare x only.
    let u2 = affine_mul((g1.x, g1.y), &k.u_abs).and_then(|q| affine_mul(q, &k.u_abs));
    if u2.map(|(x, _)| x) == Some(g1.x * w) {
        *w.mont_limbs()
    } else {
        *w.square().mont_limbs()
    }
}
