//! Digit-sliced work across the lanes: products of scalar elements eight at a time, and one
//! element's chains of cyclotomic squares.

use super::element::lane_limbs;
use super::{IfmaLanes, LaneBackend, LaneDigits, LaneParams, Row, LANES};
use crate::arith::radix52::{bits_at, digit_of, MASK52};
use crate::arith::Limbs;
use crate::field::fp::{Fp, FpParams};
use crate::field::fp12::{Fp12, SquareChains};
use crate::field::fp2::{Fp2, TowerParams};
use crate::field::fp6::Fp6;
use crate::prelude::*;

/// Bits 52j .. 52j + 52 of x 2^shift (shift < 52): digit j of `x` shifted up.
fn digit_of_shifted(x: &[u64], j: usize, shift: usize) -> u64 {
    if 52 * j < shift {
        (x[0] << (shift - 52 * j)) & MASK52
    } else {
        bits_at(x, 52 * j - shift)
    }
}

/// `out[k] = a[k] b[k]` for scalar elements, eight products at a time in lanes on backend `B`: the
/// digit-sliced products of implementation D of Grabher–Großschädl–Page 2008 (the independent F_p
/// products of one tower operation side by side), for
/// [`TowerKernels::mul_batch`](crate::field::kernels::TowerKernels::mul_batch).
///
/// The scalar elements are Montgomery forms xR mod p, R = 2^(64N), while the lanes' product
/// divides by R_L = 2^(52M); so b enters shifted up by s = 52M - 64N bits, and the lane product
/// aR bR 2^s / R_L = abR mod p is the scalar Montgomery form of ab with no conversion. The shifted
/// operand (below p 2^s < R_L) is above the lanes' usual operand bound of 2p, but what the product
/// kernel needs is digits below 2^52 and a result below 2p, and aR bR 2^s / R_L + p < p^2/R + p
/// < 2p. The digit conversions are data-independent (constant time).
pub fn mul_sliced<P: LaneParams, B: LaneBackend>(a: &[Fp<P>], b: &[Fp<P>], out: &mut [Fp<P>]) {
    assert!(a.len() == b.len() && b.len() == out.len());
    let n = <P::Limbs as Limbs>::N;
    let shift = 52 * (64 * n).div_ceil(52) - 64 * n;
    for ((ca, cb), co) in a
        .chunks(LANES)
        .zip(b.chunks(LANES))
        .zip(out.chunks_mut(LANES))
    {
        let mut da = <P::LaneDigits as LaneDigits>::ZERO;
        let mut db = da;
        for (i, (x, y)) in ca.iter().zip(cb).enumerate() {
            let (xl, yl) = (x.mont.as_ref(), y.mont.as_ref());
            for (j, (ra, rb)) in da.as_mut().iter_mut().zip(db.as_mut()).enumerate() {
                ra.0[i] = digit_of(xl, j);
                rb.0[i] = digit_of_shifted(yl, j, shift);
            }
        }
        let c = LaneDigits::mont_mul::<B>(&da, &db, P::LANE_P, P::LANE_INV);
        let c = LaneDigits::canonical::<B>(&c, P::LANE_P);
        for (i, o) in co.iter_mut().enumerate() {
            // Below p after `canonical`: a valid Montgomery form.
            *o = Fp::from_mont(lane_limbs::<P>(c.as_ref(), i));
        }
    }
}

/// The scalar field's chains of squares digit-sliced in AVX-512 IFMA lanes, for an
/// exponentiation in the cyclotomic subgroup that chooses them (the final exponentiation, GT
/// exponentiations): on the default backend where the CPU has IFMA and the tower and prime fit
/// the lane chains ([`compressed_square_chain`], [`cyclotomic_square_chain`]); elsewhere none
/// applies and the caller squares in the tower, so that the portable rows and other backends stay
/// scalar.
#[derive(Clone, Copy, Debug, Default)]
pub struct LaneChains;

impl<T: TowerParams> SquareChains<T, Fp<T::Fp>> for LaneChains {
    /// Two lane products per square instead of twelve scalar ones, for u^2 = -1 and xi = 1 + u
    /// (bls12-381).
    fn compressed(
        &self,
        c: &[Fp2<T>; 4],
        at: &[usize],
        emit: &mut dyn FnMut(usize, [Fp2<T>; 4]),
    ) -> bool {
        let default_backend = crate::arith::is_default_backend::<<T::Fp as FpParams>::Backend>();
        if T::BETA != -1
            || T::XI != (1, 1)
            || !default_backend
            || !IfmaLanes::active()
            || !sliced_compressed_squares_apply::<T::Fp>()
        {
            return false;
        }
        let coeffs = c.map(|x| [x.c0, x.c1]);
        compressed_square_chain_with::<T::Fp, IfmaLanes>(&coeffs, at, |k, v| {
            emit(k, v.map(|[a, b]| Fp2::new(a, b)));
        });
        true
    }

    /// Three lane products per square instead of eighteen scalar F_p2 products' worth, for
    /// u^2 = -1 and xi = xi0 + xi1 u with xi0, xi1 >= 0 (bn254's 9 + u among them).
    fn cyclotomic(&self, f: &Fp12<T>, at: &[usize], emit: &mut dyn FnMut(usize, Fp12<T>)) -> bool {
        let default_backend = crate::arith::is_default_backend::<<T::Fp as FpParams>::Backend>();
        if T::BETA != -1
            || !default_backend
            || !IfmaLanes::active()
            || !sliced_cyclotomic_squares_apply::<T::Fp>(T::XI)
        {
            return false;
        }
        let e = [f.c0.c0, f.c1.c0, f.c0.c1, f.c1.c1, f.c0.c2, f.c1.c2].map(|x| [x.c0, x.c1]);
        cyclotomic_square_chain::<T::Fp, IfmaLanes>(&e, at, T::XI, |k, v| {
            let [e0, e1, e2, e3, e4, e5] = v.map(|[a, b]| Fp2::new(a, b));
            emit(k, Fp12::new(Fp6::new(e0, e2, e4), Fp6::new(e1, e3, e5)));
        });
        true
    }
}

/// Whether [`compressed_square_chain`] applies to this prime: the sums between its products stay
/// below 88p, which must fit its reductions: 88 (t + 1) <= 2^52 for the top digit t >= 2^12 of p.
pub fn sliced_compressed_squares_apply<P: LaneParams>() -> bool {
    sums_fit::<P>(88)
}

/// Karabina's compressed cyclotomic squares of ONE element digit-sliced across the lanes: `c` is
/// [e1, e2, e4, e5] (each F_p2 value as its two coefficients), and the result holds c^(2^k)
/// for each k of `at` (ascending). Each square is two lane products and lane permutations
/// instead of twelve scalar products, with the state kept in the lanes between the powers asked
/// for; the final exponentiation's exponentiations by u use it where u has few non-zero digits
/// (bls12-381). For u^2 = -1, xi = 1 + u and primes where [`sliced_compressed_squares_apply`]
/// holds. Constant time: the lane code has no data-dependent branches.
pub fn compressed_square_chain<P: LaneParams, B: LaneBackend>(
    c: &[[Fp<P>; 2]; 4],
    at: &[usize],
) -> Vec<[[Fp<P>; 2]; 4]> {
    let mut out = Vec::with_capacity(at.len());
    compressed_square_chain_with::<P, B>(c, at, |_, v| out.push(v));
    out
}

/// [`compressed_square_chain`] handing each power to `emit(k, c^(2^k))` as the chain reaches it
/// (for a consumer on another thread that starts on the early powers).
pub fn compressed_square_chain_with<P: LaneParams, B: LaneBackend>(
    c: &[[Fp<P>; 2]; 4],
    at: &[usize],
    mut emit: impl FnMut(usize, [[Fp<P>; 2]; 4]),
) {
    assert!(
        sliced_compressed_squares_apply::<P>(),
        "the sliced compressed squares need sums below 88p to fit the lanes (sliced_compressed_squares_apply)"
    );
    // Lanes [e1.0, e1.1, e4.0, e4.1, e2.0, e2.1, e5.0, e5.1].
    let [e1, e2, e4, e5] = c;
    let entry = mont_entry_factor::<P, B>();
    let mut x = from_mont_limbs::<P, B>(
        &[e1[0], e1[1], e4[0], e4[1], e2[0], e2[1], e5[0], e5[1]],
        &entry,
    );
    let mut done = 0;
    for &k in at {
        assert!(k >= done, "powers in ascending order");
        x = LaneDigits::compressed_squares::<B>(&x, k - done, P::LANE_P, P::LANE_P2, P::LANE_INV);
        done = k;
        let v = to_mont_limbs::<P, B>(&x);
        emit(k, [[v[0], v[1]], [v[4], v[5]], [v[2], v[3]], [v[6], v[7]]]);
    }
}

/// The factor that takes scalar Montgomery limbs into the lanes' Montgomery form:
/// 2^(52M - 64N) 2^(52M) mod p (below 2p), one lane product of 2^(104M) by 2^(52M - 64N).
fn mont_entry_factor<P: LaneParams, B: LaneBackend>() -> P::LaneDigits {
    let m = <P::LaneDigits as LaneDigits>::M;
    let shift = 52 * m - 64 * <P::Limbs as Limbs>::N;
    let mut two_s = <P::LaneDigits as LaneDigits>::ZERO;
    two_s.as_mut()[0] = Row([1 << shift; LANES]);
    LaneDigits::mont_mul::<B>(&P::LANE_R2, &two_s, P::LANE_P, P::LANE_INV)
}

/// Lane i holds xs[i], entered from its scalar Montgomery limbs (x 2^(64N), below p) by one
/// lane product by [`mont_entry_factor`]: the lanes' form x 2^(52M), with no scalar work (unlike
/// [`Lanes::from_lanes`](super::Lanes::from_lanes), which goes through the canonical value). For the runs of squares that
/// enter and leave the lanes at every multiplication of an exponentiation.
fn from_mont_limbs<P: LaneParams, B: LaneBackend>(
    xs: &[Fp<P>; LANES],
    entry: &P::LaneDigits,
) -> P::LaneDigits {
    let mut d = <P::LaneDigits as LaneDigits>::ZERO;
    for (i, x) in xs.iter().enumerate() {
        for (j, row) in d.as_mut().iter_mut().enumerate() {
            row.0[i] = digit_of(x.mont.as_ref(), j);
        }
    }
    LaneDigits::mont_mul::<B>(&d, entry, P::LANE_P, P::LANE_INV)
}

/// The eight values back as scalar Montgomery limbs: one lane product by R = 2^(64N) mod p
/// (x 2^(52M) R / 2^(52M) = x R), reduced below p, read off with no scalar work.
fn to_mont_limbs<P: LaneParams, B: LaneBackend>(d: &P::LaneDigits) -> [Fp<P>; LANES] {
    let mut r = <P::LaneDigits as LaneDigits>::ZERO;
    for (j, row) in r.as_mut().iter_mut().enumerate() {
        *row = Row([digit_of(Fp::<P>::ONE.mont.as_ref(), j); LANES]);
    }
    let c = LaneDigits::mont_mul::<B>(d, &r, P::LANE_P, P::LANE_INV);
    let c = LaneDigits::canonical::<B>(&c, P::LANE_P);
    // Below p after `canonical`: valid Montgomery limbs.
    core::array::from_fn(|i| Fp::from_mont(lane_limbs::<P>(c.as_ref(), i)))
}

/// Whether sums below k p fit the lanes' reductions: with t the top digit of p (p below
/// (t + 1) 2^(52(M-1))), k (t + 1) <= 2^52 puts k p below 2^(52M) and keeps q t below 2^52 for the
/// quotients q < k of `kernels::reduce_below_2p`, whose estimate needs t >= 2^12.
fn sums_fit<P: LaneParams>(k: u64) -> bool {
    let m = <P::LaneDigits as LaneDigits>::M;
    let top = P::LANE_P.as_ref()[m - 1].0[0];
    top >= 1 << 12 && k.saturating_mul(top + 1) <= 1 << 52
}

/// Whether [`cyclotomic_square_run`] applies to this prime and v^3 = xi: xi0, xi1 >= 0, and its
/// sums (below 52p, and (xi0 + xi1) 2p for xi times an F_p2 value) fit its reductions: k (t + 1) <=
/// 2^52 for each such bound k p and the top digit t >= 2^12 of p.
pub fn sliced_cyclotomic_squares_apply<P: LaneParams>(xi: (i64, i64)) -> bool {
    xi.0 >= 0 && xi.1 >= 0 && sums_fit::<P>((2 * (xi.0 + xi.1) as u64).max(52))
}

/// `n` Granger–Scott cyclotomic squares of ONE element of F_p12 digit-sliced across the lanes
/// ([`cyclotomic_square_chain`] with one power asked for).
pub fn cyclotomic_square_run<P: LaneParams, B: LaneBackend>(
    e: &[[Fp<P>; 2]; 6],
    n: usize,
    xi: (i64, i64),
) -> [[Fp<P>; 2]; 6] {
    let mut out = *e;
    cyclotomic_square_chain::<P, B>(e, &[n], xi, |_, v| out = v);
    out
}

/// Granger–Scott cyclotomic squares of ONE element of F_p12 digit-sliced across the lanes, with
/// `emit(k, f^(2^k))` for each k of `at` (ascending; k = 0 emits f) as the chain reaches it:
/// `e` is [e0, e1, e2, e3, e4, e5] with f = (e0 + e2 v + e4 v^2) + (e1 + e3 v + e5 v^2) w (each
/// F_p2 value as its two coefficients), held as [e0, e3, e1, e4] and [e2, e5] in two lane values.
/// Each square is three lane products (24 F_p products) and lane permutations instead of 18
/// scalar F_p2 products' worth; the state enters the lanes once and leaves them only for the
/// powers asked for (an exponentiation's non-zero digits), staying in for the rest of the chain.
/// For u^2 = -1 and primes where [`sliced_cyclotomic_squares_apply`] holds. Constant time.
pub fn cyclotomic_square_chain<P: LaneParams, B: LaneBackend>(
    e: &[[Fp<P>; 2]; 6],
    at: &[usize],
    xi: (i64, i64),
    mut emit: impl FnMut(usize, [[Fp<P>; 2]; 6]),
) {
    assert!(
        sliced_cyclotomic_squares_apply::<P>(xi),
        "the sliced cyclotomic squares need xi0, xi1 >= 0 and their sums to fit the lanes (sliced_cyclotomic_squares_apply)"
    );
    let [e0, e1, e2, e3, e4, e5] = e;
    let z = Fp::ZERO;
    let entry = mont_entry_factor::<P, B>();
    let mut x = from_mont_limbs::<P, B>(
        &[e0[0], e0[1], e3[0], e3[1], e1[0], e1[1], e4[0], e4[1]],
        &entry,
    );
    let mut y = from_mont_limbs::<P, B>(&[e2[0], e2[1], e5[0], e5[1], z, z, z, z], &entry);
    let mut done = 0;
    for &k in at {
        assert!(k >= done, "powers in ascending order");
        (x, y) = LaneDigits::cyclotomic_squares::<B>(
            &x,
            &y,
            k - done,
            P::LANE_P,
            P::LANE_P2,
            P::LANE_INV,
            (xi.0 as u64, xi.1 as u64),
        );
        done = k;
        let (a, b) = (to_mont_limbs::<P, B>(&x), to_mont_limbs::<P, B>(&y));
        emit(
            k,
            [
                [a[0], a[1]],
                [a[4], a[5]],
                [b[0], b[1]],
                [a[2], a[3]],
                [a[6], a[7]],
                [b[2], b[3]],
            ],
        );
    }
}
