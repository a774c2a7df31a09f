//! The final exponentiation f -> f^((p^12 - 1)/r * d): the easy part (p^6 - 1)(p^2 + 1) by
//! conjugation, one inversion and a Frobenius map; the hard part by a family-specific chain of
//! exponentiations by u in the cyclotomic subgroup.

use super::compiled::route;
use super::gt::{Gt, MillerLoopOutput};
use crate::curve::{Family, PairingCurve};
use crate::field::{uncompressed_exp_cost, Fp12, SquareChains, TowerChains, TowerKernels};
use crate::strategy::ChosenChains;
use num_bigint::BigInt;

/// f^u in the cyclotomic subgroup (u signed: a negative u conjugates), by whichever costs less
/// (in cyclotomic squarings): compressed squarings over the NAF, which save a third of each
/// squaring while each non-zero digit costs about 1.2 squarings to decompress plus 4.5 for the one
/// shared inversion (measured on bn254 and bls12-381), or full squarings over the width-w NAF with
/// a table of odd powers ([`uncompressed_exp_cost`]). bls12-381's u (6 non-zero NAF digits in 65)
/// takes the compressed form; bn254's (24 NAF digits, 14 in width 4) the width-4 one: 21 fewer
/// F_p12 products and 3 more squarings per final exponentiation than its NAF. Where |u| is a
/// cube or a square whose root's chain costs less ([`crate::curve::CurveConsts::u_root`], the
/// dclxvi curve), the full squarings run that chain instead. The chains of squares run where
/// `chains` puts them ([`SquareChains`]).
#[inline]
pub(crate) fn exp_by_u<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(
    f: &Fp12<C, F>,
    chains: &impl SquareChains<C, F>,
) -> Fp12<C, F> {
    let k = C::consts();
    let r = if exp_by_u_is_compressed::<C>() {
        f.cyclotomic_exp_naf_compressed_with(&k.u_naf, chains)
    } else if let Some((n, v)) = &k.u_root {
        // |u| = v^n: n exponentiations by v.
        let mut x = *f;
        for _ in 0..*n {
            x = x.cyclotomic_exp_naf_with(v, chains);
        }
        x
    } else {
        f.cyclotomic_exp_naf_with(&k.u_wnaf, chains)
    };
    if k.u_neg {
        r.conjugate()
    } else {
        r
    }
}

/// Whether [`exp_by_u`] takes compressed squarings over the NAF (see there).
pub(crate) fn exp_by_u_is_compressed<C: PairingCurve>() -> bool {
    let k = C::consts();
    let weight = k.u_naf.iter().filter(|&&d| d != 0).count();
    let compressed_cost =
        20 * k.u_naf.len().saturating_sub(1) / 3 + 12 * weight + 21 * weight.saturating_sub(1) + 45;
    let uncompressed = match &k.u_root {
        Some((n, v)) => *n as usize * uncompressed_exp_cost(v),
        None => uncompressed_exp_cost(&k.u_wnaf),
    };
    compressed_cost < uncompressed
}

/// f^((p^6 - 1)(p^2 + 1)): maps into the cyclotomic subgroup.
pub fn easy_part<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(f: &Fp12<C, F>) -> Fp12<C, F> {
    let f1 = f.conjugate() * f.inv();
    f1.frobenius_map(2) * f1
}

/// The final exponentiation (see the module documentation of `pairing` for the exact exponent).
/// Its chains of squares run where the strategy layer chooses ([`ChosenChains`]: digit-sliced in
/// the IFMA lanes where those run and apply, in the tower elsewhere).
pub fn final_exponentiation<C: PairingCurve>(m: &MillerLoopOutput<C>) -> Gt<C> {
    route!(C, final_exponentiation(m), final_exponentiation_generic(m))
}

/// The generic body of [`final_exponentiation`] (compiled once per built-in curve: `pairing::compiled`).
pub(crate) fn final_exponentiation_generic<C: PairingCurve>(m: &MillerLoopOutput<C>) -> Gt<C> {
    Gt::from_fp12_unchecked(hard_part_with(&easy_part(&m.0), &SerialPowU(ChosenChains)))
}

/// The final exponentiation on the tower over any base field `F` (the same code for F_p and for
/// other representations of it), its squares on the base field's own kernels ([`TowerChains`]).
pub fn final_exponentiation_in<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(
    f: &Fp12<C, F>,
) -> Fp12<C, F> {
    final_exponentiation_with(f, &TowerChains)
}

/// [`final_exponentiation_in`] with its chains of squares computed by `chains` (e.g. the scalar
/// field's as the strategy layer chooses, [`ChosenChains`], as [`final_exponentiation`] does).
pub fn final_exponentiation_with<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(
    f: &Fp12<C, F>,
    chains: &impl SquareChains<C, F>,
) -> Fp12<C, F> {
    hard_part_with(&easy_part(f), &SerialPowU(chains))
}

/// How the hard part raises to u: [`exp_by_u`] on the caller's thread ([`SerialPowU`]) or one
/// exponentiation split over two threads (`parallel`).
pub(crate) trait PowU<C: PairingCurve, F: TowerKernels<Params = C::Fp>> {
    /// x^u.
    fn pow_u(&self, x: &Fp12<C, F>) -> Fp12<C, F>;
    /// x^u * extra(), with `extra` free to run beside the exponentiation: the hard parts put
    /// every factor that does not depend on x^u there, so that a second thread computes it
    /// off the squaring chain (serially it is the same number of products).
    fn pow_u_times(
        &self,
        x: &Fp12<C, F>,
        extra: impl FnOnce() -> Fp12<C, F> + Send + 'static,
    ) -> Fp12<C, F> {
        self.pow_u_beside(x, 1, move || (extra(), Fp12::ONE)).0
    }
    /// (x^u * a, b) for (a, b) = extra(), which costs about `cost` F_p12 products and runs beside
    /// the exponentiation: b is a factor of the result that x^u's use does not wait for.
    fn pow_u_beside(
        &self,
        x: &Fp12<C, F>,
        cost: usize,
        extra: impl FnOnce() -> (Fp12<C, F>, Fp12<C, F>) + Send + 'static,
    ) -> (Fp12<C, F>, Fp12<C, F>);
}

/// [`exp_by_u`] with its chains of squares where `S` puts them, then the extra factors.
pub(crate) struct SerialPowU<S>(pub S);

impl<C: PairingCurve, F: TowerKernels<Params = C::Fp>, S: SquareChains<C, F>> PowU<C, F>
    for SerialPowU<S>
{
    fn pow_u(&self, x: &Fp12<C, F>) -> Fp12<C, F> {
        exp_by_u(x, &self.0)
    }
    fn pow_u_beside(
        &self,
        x: &Fp12<C, F>,
        _cost: usize,
        extra: impl FnOnce() -> (Fp12<C, F>, Fp12<C, F>) + Send + 'static,
    ) -> (Fp12<C, F>, Fp12<C, F>) {
        let (a, b) = extra();
        (exp_by_u(x, &self.0) * a, b)
    }
}

/// The hard part of the final exponentiation on an element of the cyclotomic subgroup, with
/// `e` computing each of its exponentiations by u (serially, or split over threads).
pub(crate) fn hard_part_with<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(
    f: &Fp12<C, F>,
    e: &impl PowU<C, F>,
) -> Fp12<C, F> {
    match C::FAMILY {
        Family::Bn => hard_part_bn(f, e),
        Family::Bls12 => hard_part_bls12(f, e),
    }
}

/// BN hard part, f^(2u(6u^2+3u+1)(p^4-p^2+1)/r), written as f^(l0 + l1 p + l2 p^2 + l3 p^3) with
/// l1 = 12u^3+6u^2+4u, l3 = l1 - 1, l2 = l1 + 2u, l0 = l1 + 6u^2 + 2u + 1
/// (Fuentes-Castañeda–Knapp–Rodríguez-Henríquez, SAC 2011). Three exponentiations by u.
/// Grouped as a^(1+p+p^2+p^3) K with a = f^l1 and K = f^(6u^2+2u+1) f^(2u p^2) f^(-p^3), the
/// power of a as y frob2(y) with y = a frob(a): ten products and four Frobenius maps (against
/// eleven and three for b0 frob(a) frob2(b2) frob3(b3) with b_i = f^l_i); the factor of a
/// besides f^(12u^3), and K, are computed beside the last exponentiation.
fn hard_part_bn<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(
    f: &Fp12<C, F>,
    e: &impl PowU<C, F>,
) -> Fp12<C, F> {
    let f = *f;
    let fu = e.pow_u(&f);
    let f2u = fu.cyclotomic_square();
    let f4u = f2u.cyclotomic_square();
    let f6u = f4u * f2u;
    let f6u2 = e.pow_u(&f6u);
    let f12u2 = f6u2.cyclotomic_square();
    // a = f^(12u^3) f^(6u^2) f^(4u) = f^l1, and K beside it (four products, two Frobenius maps).
    let (a, k) = e.pow_u_beside(&f12u2, 6, move || {
        (
            f6u2 * f4u,
            f6u2 * f2u * f * f2u.frobenius_map(2) * f.conjugate().frobenius_map(3),
        )
    });
    let y = a * a.frobenius_map(1);
    y * y.frobenius_map(2) * k
}

/// BLS12 hard part, f^(3(p^4-p^2+1)/r) = f^((u-1)^2 (u+p) (u^2+p^2-1) + 3)
/// (Hayashida–Hayasaka–Teruya, eprint 2020/875). Five exponentiations by u, every other
/// factor of each step beside its exponentiation ([`PowU::pow_u_times`]).
fn hard_part_bls12<C: PairingCurve, F: TowerKernels<Params = C::Fp>>(
    f: &Fp12<C, F>,
    e: &impl PowU<C, F>,
) -> Fp12<C, F> {
    let f = *f;
    let a = e.pow_u_times(&f, move || f.conjugate()); // f^(u-1)
    let a = e.pow_u_times(&a, move || a.conjugate()); // f^((u-1)^2)
    let b = e.pow_u_times(&a, move || a.frobenius_map(1)); // a^(u+p)
    let bu = e.pow_u(&b);
    // b^(u^2+p^2-1) f^3
    e.pow_u_times(&bu, move || {
        b.frobenius_map(2) * b.conjugate() * f.cyclotomic_square() * f
    })
}

/// The factor d with final_exponentiation(f) = f^((p^12-1)/r * d): 2u(6u^2+3u+1) for BN, 3 for BLS12.
pub fn hard_part_exponent<C: PairingCurve>() -> BigInt {
    let u = &C::consts().u;
    match C::FAMILY {
        Family::Bn => u * 2u32 * (u * u * 6u32 + u * 3u32 + 1u32),
        Family::Bls12 => BigInt::from(3u32),
    }
}
