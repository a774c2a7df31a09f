//! Instrumented counts of tripair-smallchar's eta_T pairings: backends that count every call the
//! pairing code makes through `Backend2` / `Backend3` and delegate it to a real backend.
//!
//! - Characteristic 2: `Backend2` has only multiplication, squaring and square root, so every
//!   F_2^m multiplication and squaring of the loop, the final exponentiation and the inversion
//!   (Itoh-Tsujii through the backend) is counted exactly.
//! - Characteristic 3: the tower products are fused methods of `Backend3` (products left
//!   unreduced and reduced once per coefficient); each call is counted and weighted by its number
//!   of F_3^m products as tripair-smallchar's `gf3_tower` documents them (F_3^3m product 6,
//!   constant coefficient 3, by a base element 3, two at once 12, F_3^6m product 18, frob(U) U 12,
//!   by a line 11, by the loop's line 13). `pow3k(k)` counts k cubings, `frob` one linear map,
//!   `cube_lanes` (8 elements cubed side by side) one lane cubing.

use core::cell::Cell;

use tripair_smallchar::eta2::{self, Eta2_233};
use tripair_smallchar::eta3::{self, Eta3_97};
use tripair_smallchar::gf2::{Backend2, Gf2, Pentanomial2};
use tripair_smallchar::gf3::{Backend3, Gf3, Trinomial3};
use tripair_smallchar::gf3_frobmap::FrobMap3;
use tripair_smallchar::gf3_lanes::Lanes3;
use tripair_smallchar::gf3_tower::{Gf33, Gf36, Line3};
use tripair_smallchar::Threads;

/// Counts of one eta_T pairing in its base field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SmallCounts {
    /// Multiplications (direct calls plus the weighted fused tower products).
    pub mul: u64,
    /// Of `mul`, those inside fused tower products.
    pub fused_mul: u64,
    /// Squarings (char 2) or cubings (char 3).
    pub power: u64,
    /// Square or cube roots.
    pub root: u64,
    /// Frobenius maps x -> x^(3^k) applied as one linear map (char 3).
    pub frob: u64,
    /// Lane cubings: 8 elements cubed side by side (char 3, `Backend3::cube_lanes`).
    pub lanes: u64,
}

thread_local! {
    static SMALL: Cell<SmallCounts> = const { Cell::new(SmallCounts { mul: 0, fused_mul: 0, power: 0, root: 0, frob: 0, lanes: 0 }) };
}

fn bump(f: impl FnOnce(&mut SmallCounts)) {
    SMALL.with(|c| {
        let mut v = c.get();
        f(&mut v);
        c.set(v);
    });
}

fn fused(k: u64) {
    bump(|c| {
        c.mul += k;
        c.fused_mul += k;
    });
}

/// A `Backend2` that counts and delegates.
#[derive(Clone, Copy, Debug)]
pub struct Counting2<B: Backend2>(pub B);

impl<B: Backend2> Backend2 for Counting2<B> {
    fn mul<const N: usize, P: Pentanomial2>(self, a: &Gf2<N, P>, b: &Gf2<N, P>) -> Gf2<N, P> {
        bump(|c| c.mul += 1);
        self.0.mul(a, b)
    }
    fn square<const N: usize, P: Pentanomial2>(self, a: &Gf2<N, P>) -> Gf2<N, P> {
        bump(|c| c.power += 1);
        self.0.square(a)
    }
    fn sqrt<const N: usize, P: Pentanomial2>(self, a: &Gf2<N, P>) -> Gf2<N, P> {
        bump(|c| c.root += 1);
        self.0.sqrt(a)
    }
    fn name(self) -> &'static str {
        "counting"
    }
}

/// A `Backend3` that counts and delegates.
#[derive(Clone, Copy, Debug)]
pub struct Counting3<B: Backend3>(pub B);

impl<B: Backend3> Backend3 for Counting3<B> {
    fn mul<const N: usize, P: Trinomial3>(self, a: &Gf3<N, P>, b: &Gf3<N, P>) -> Gf3<N, P> {
        bump(|c| c.mul += 1);
        self.0.mul(a, b)
    }
    fn cube<const N: usize, P: Trinomial3>(self, a: &Gf3<N, P>) -> Gf3<N, P> {
        bump(|c| c.power += 1);
        self.0.cube(a)
    }
    fn cube_root<const N: usize, P: Trinomial3>(self, a: &Gf3<N, P>) -> Gf3<N, P> {
        bump(|c| c.root += 1);
        self.0.cube_root(a)
    }
    fn name(self) -> &'static str {
        "counting"
    }
    fn frob<const N: usize, P: Trinomial3>(
        self,
        map: &FrobMap3<'_, N, P>,
        a: &Gf3<N, P>,
    ) -> Gf3<N, P> {
        bump(|c| c.frob += 1);
        self.0.frob(map, a)
    }
    fn pow3k<const N: usize, P: Trinomial3>(self, a: &Gf3<N, P>, k: usize) -> Gf3<N, P> {
        bump(|c| c.power += k as u64);
        self.0.pow3k(a, k)
    }
    fn cube_lanes<const N: usize, P: Trinomial3>(self, x: &Lanes3<N, P>) -> Lanes3<N, P> {
        bump(|c| c.lanes += 1);
        self.0.cube_lanes(x)
    }
    fn mul_rho3<const N: usize, P: Trinomial3, const B3: i8>(
        self,
        a: &Gf33<N, P, B3>,
        b: &Gf33<N, P, B3>,
    ) -> Gf33<N, P, B3> {
        fused(6);
        self.0.mul_rho3(a, b)
    }
    fn mul_rho3_const<const N: usize, P: Trinomial3, const B3: i8>(
        self,
        a: &Gf33<N, P, B3>,
        b: &Gf33<N, P, B3>,
    ) -> Gf3<N, P> {
        fused(3);
        self.0.mul_rho3_const(a, b)
    }
    fn mul_rho3_base<const N: usize, P: Trinomial3, const B3: i8>(
        self,
        a: &Gf33<N, P, B3>,
        s: &Gf3<N, P>,
    ) -> Gf33<N, P, B3> {
        fused(3);
        self.0.mul_rho3_base(a, s)
    }
    fn mul_rho3_two<const N: usize, P: Trinomial3, const B3: i8>(
        self,
        a: &Gf33<N, P, B3>,
        b0: &Gf33<N, P, B3>,
        b1: &Gf33<N, P, B3>,
    ) -> (Gf33<N, P, B3>, Gf33<N, P, B3>) {
        fused(12);
        self.0.mul_rho3_two(a, b0, b1)
    }
    fn mul_sigma<const N: usize, P: Trinomial3, const B3: i8>(
        self,
        a: &Gf36<N, P, B3>,
        b: &Gf36<N, P, B3>,
    ) -> Gf36<N, P, B3> {
        fused(18);
        self.0.mul_sigma(a, b)
    }
    fn frob_mul_unitary<const N: usize, P: Trinomial3, const B3: i8>(
        self,
        a: &Gf36<N, P, B3>,
    ) -> Gf36<N, P, B3> {
        fused(12);
        self.0.frob_mul_unitary(a)
    }
    fn mul_line<const N: usize, P: Trinomial3, const B3: i8>(
        self,
        a: &Gf36<N, P, B3>,
        l: &Line3<N, P>,
    ) -> Gf36<N, P, B3> {
        fused(11);
        self.0.mul_line(a, l)
    }
    fn mul_line_t<const N: usize, P: Trinomial3, const B3: i8>(
        self,
        a: &mut Gf36<N, P, B3>,
        t: &Gf3<N, P>,
        ya: &Gf3<N, P>,
        yb: &Gf3<N, P>,
    ) {
        fused(13);
        self.0.mul_line_t(a, t, ya, yb)
    }
}

fn take() -> SmallCounts {
    SMALL.with(|c| c.replace(SmallCounts::default()))
}

/// Counts of eta2-233 (loop, final exponentiation) on the counting backend around the portable
/// one; also returns whether the counted pairing equals the library's.
pub fn count_eta2_233() -> (SmallCounts, SmallCounts, bool) {
    let g = Eta2_233::generator();
    let q = g.mul_vartime(&num_bigint::BigUint::from(12345u32));
    let be = Counting2(tripair_smallchar::gf2::Portable2);
    take();
    let f = eta2::eta_t_loop(&g, &q, be);
    let lp = take();
    let out = eta2::final_exp::<4, tripair_smallchar::gf2::P233, 0, _>(&f, be);
    let fe = take();
    let same = out == eta2::eta_t_pairing(&g, &q, Threads::One);
    (lp, fe, same)
}

/// Counts of eta3-97 (loop, final exponentiation) on the counting backend around the portable
/// one; also returns whether the counted pairing equals the library's.
pub fn count_eta3_97() -> (SmallCounts, SmallCounts, bool) {
    let g = Eta3_97::generator();
    let q = g.mul_vartime(&num_bigint::BigUint::from(12345u32));
    let be = Counting3(tripair_smallchar::gf3::Portable3);
    take();
    let f = eta3::eta_t_loop(&g, &q, be);
    let lp = take();
    let out = eta3::final_exp(&f, be);
    let fe = take();
    let same = out == eta3::eta_t_pairing(&g, &q, Threads::One);
    (lp, fe, same)
}
