//! The towers F_{3^3m} = F_{3^m}\[rho\]/(rho^3 - rho - b) and F_{3^6m} = F_{3^3m}\[sigma\]/(sigma^2 + 1)
//! of the eta_T pairing on y^2 = x^3 - x + b (b = +-1, a const parameter `B`).
//!
//! Multiplication in F_{3^3m} uses the 6-multiplication Karatsuba formulas, F_{3^6m} the 3-product
//! Karatsuba over F_{3^3m} (18 F_{3^m} products); the Miller loop multiplies by its sparse line
//! values -t^2 + y*sigma - t*rho - rho^2 in 13 F_{3^m} products (Beuchat et al., IEEE TC 57(11),
//! 2008, Section 4); the fused version needs 11 (Toom-Cook at 0, 1, -1, infinity for the products
//! by c0 + c1 rho, see `sparse_w`), and 13 with the square of t and y = ya yb included
//! (`mul_line_t_fused`), on comb tables of which 4 are built and 5 are sums of those. The
//! backend's fused kernels (`Backend3::mul_rho3`, `mul_sigma`, `mul_line`, `mul_line_t`) keep
//! the F_{3^m} products unreduced and reduce once per output coefficient (in pairs, where the
//! backend can); the `*_plain` methods reduce every product and are their reference. Every
//! operation that multiplies takes the backend it runs on.
//! Broken parameters (small characteristic): research use only.

use num_bigint::BigUint;

use super::gf3::{Backend3, Gf3, Trinomial3, Wide3};
use super::gf3_powtable::PowTable3;

/// a0 + a1 rho + a2 rho^2 with rho^3 = rho + B.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gf33<const N: usize, P: Trinomial3, const B: i8> {
    /// The coefficients a0, a1, a2 of 1, rho, rho^2.
    pub c: [Gf3<N, P>; 3],
}

/// c0 + c1 sigma with sigma^2 = -1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gf36<const N: usize, P: Trinomial3, const B: i8> {
    /// The coefficient c0 of 1.
    pub c0: Gf33<N, P, B>,
    /// The coefficient c1 of sigma.
    pub c1: Gf33<N, P, B>,
}

/// The sparse line value (c0 + c1 rho - rho^2) + y sigma of the eta_T loop.
#[derive(Clone, Copy, Debug)]
pub struct Line3<const N: usize, P: Trinomial3> {
    /// The coefficient c0 of 1.
    pub c0: Gf3<N, P>,
    /// The coefficient c1 of rho.
    pub c1: Gf3<N, P>,
    /// The coefficient y of sigma.
    pub y: Gf3<N, P>,
}

#[inline(always)]
fn times_b<const N: usize, P: Trinomial3, const B: i8>(x: &Gf3<N, P>) -> Gf3<N, P> {
    if B == 1 {
        *x
    } else {
        x.neg()
    }
}

impl<const N: usize, P: Trinomial3, const B: i8> Gf33<N, P, B> {
    const B_OK: () = assert!(B == 1 || B == -1);

    /// c0 + c1 rho + c2 rho^2.
    pub fn new(c0: Gf3<N, P>, c1: Gf3<N, P>, c2: Gf3<N, P>) -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::B_OK;
        Gf33 { c: [c0, c1, c2] }
    }
    /// The zero element.
    pub fn zero() -> Self {
        Self::new(Gf3::zero(), Gf3::zero(), Gf3::zero())
    }
    /// The multiplicative identity 1.
    pub fn one() -> Self {
        Self::new(Gf3::one(), Gf3::zero(), Gf3::zero())
    }
    /// The element a of F_{3^m} as an element of F_{3^3m}.
    pub fn from_base(a: Gf3<N, P>) -> Self {
        Self::new(a, Gf3::zero(), Gf3::zero())
    }
    /// rho itself.
    pub fn rho() -> Self {
        Self::new(Gf3::zero(), Gf3::one(), Gf3::zero())
    }
    /// Whether this is 0.
    pub fn is_zero(&self) -> bool {
        self.c.iter().all(|x| x.is_zero())
    }
    /// The sum self + o (coefficient-wise).
    pub fn add(&self, o: &Self) -> Self {
        Self::new(
            self.c[0].add(&o.c[0]),
            self.c[1].add(&o.c[1]),
            self.c[2].add(&o.c[2]),
        )
    }
    /// The difference self - o (coefficient-wise).
    pub fn sub(&self, o: &Self) -> Self {
        Self::new(
            self.c[0].sub(&o.c[0]),
            self.c[1].sub(&o.c[1]),
            self.c[2].sub(&o.c[2]),
        )
    }
    /// The negation -self (coefficient-wise).
    pub fn neg(&self) -> Self {
        Self::new(self.c[0].neg(), self.c[1].neg(), self.c[2].neg())
    }
    /// Product with an element of F_{3^m} ([`Backend3::mul_rho3_base`]).
    pub fn mul_base<Bk: Backend3>(&self, a: &Gf3<N, P>, be: Bk) -> Self {
        be.mul_rho3_base(self, a)
    }

    /// Folds d0 + d1 rho + ... + d4 rho^4 with rho^3 = rho + b, rho^4 = rho^2 + b rho.
    #[inline(always)]
    pub(crate) fn fold(d: [Gf3<N, P>; 5]) -> Self {
        let c0 = d[0].add(&times_b::<N, P, B>(&d[3]));
        let c1 = d[1].add(&d[3]).add(&times_b::<N, P, B>(&d[4]));
        let c2 = d[2].add(&d[4]);
        Self::new(c0, c1, c2)
    }

    /// Product on the backend's fused kernel ([`Backend3::mul_rho3`]).
    #[inline]
    pub fn mul<Bk: Backend3>(&self, o: &Self, be: Bk) -> Self {
        be.mul_rho3(self, o)
    }

    /// (self b0, self b1) on the backend's fused kernel, sharing the tables of self
    /// ([`Backend3::mul_rho3_two`]).
    #[inline]
    pub fn mul_two<Bk: Backend3>(&self, b0: &Self, b1: &Self, be: Bk) -> (Self, Self) {
        be.mul_rho3_two(self, b0, b1)
    }

    /// Product in 6 F_{3^m} multiplications (Karatsuba over the three coefficients), each
    /// reduced: the plain reference of the fused kernels.
    pub fn mul_plain<Bk: Backend3>(&self, o: &Self, be: Bk) -> Self {
        let (a, b) = (&self.c, &o.c);
        let p00 = be.mul(&a[0], &b[0]);
        let p11 = be.mul(&a[1], &b[1]);
        let p22 = be.mul(&a[2], &b[2]);
        let s01 = be
            .mul(&a[0].add(&a[1]), &b[0].add(&b[1]))
            .sub(&p00)
            .sub(&p11);
        let s02 = be
            .mul(&a[0].add(&a[2]), &b[0].add(&b[2]))
            .sub(&p00)
            .sub(&p22);
        let s12 = be
            .mul(&a[1].add(&a[2]), &b[1].add(&b[2]))
            .sub(&p11)
            .sub(&p22);
        Self::fold([p00, s01, s02.add(&p11), s12, p22])
    }

    /// Product with (c0 + c1 rho - rho^2) in 5 multiplications.
    #[inline(always)]
    fn mul_by_sparse<Bk: Backend3>(&self, c0: &Gf3<N, P>, c1: &Gf3<N, P>, be: Bk) -> Self {
        let a = &self.c;
        let p00 = be.mul(&a[0], c0);
        let p11 = be.mul(&a[1], c1);
        let p22 = a[2].neg();
        let s01 = be.mul(&a[0].add(&a[1]), &c0.add(c1)).sub(&p00).sub(&p11);
        let s02 = be.mul(&a[2], c0).sub(&a[0]);
        let s12 = be.mul(&a[2], c1).sub(&a[1]);
        Self::fold([p00, s01, s02.add(&p11), s12, p22])
    }

    /// Cube: a0^3 + b a1^3 + a2^3 + (a1^3 - b a2^3) rho + a2^3 rho^2.
    pub fn cube<Bk: Backend3>(&self, be: Bk) -> Self {
        let a0 = be.cube(&self.c[0]);
        let a1 = be.cube(&self.c[1]);
        let a2 = be.cube(&self.c[2]);
        Self::new(
            a0.add(&times_b::<N, P, B>(&a1)).add(&a2),
            a1.sub(&times_b::<N, P, B>(&a2)),
            a2,
        )
    }

    /// The automorphism rho -> rho + c (c mod 3): a0 + c a1 + c^2 a2 + (a1 + 2c a2) rho + a2 rho^2.
    pub fn shift_rho(&self, c: i64) -> Self {
        let c = c.rem_euclid(3);
        let a = &self.c;
        Self::new(
            a[0].add(&a[1].mul_i64(c)).add(&a[2].mul_i64(c * c)),
            a[1].add(&a[2].mul_i64(2 * c)),
            a[2],
        )
    }

    /// Frobenius x -> x^(3^m): rho^(3^m) = rho + m b.
    pub fn frobenius(&self) -> Self {
        self.shift_rho((P::M as i64) * B as i64)
    }

    /// Inverse through the norm: A^-1 = A^q A^(q^2) / (A A^q A^(q^2)); zero maps to zero.
    pub fn inv<Bk: Backend3>(&self, be: Bk) -> Self {
        self.inv_by(be, |n| n.inv_with(be))
    }

    /// [`Self::inv`] with the F_{3^m} inversion by [`Gf3::inv_vartime_with`].
    /// **Variable time** (table lookups).
    pub fn inv_vartime<Bk: Backend3>(&self, be: Bk) -> Self {
        self.inv_by(be, |n| n.inv_vartime_with(be))
    }

    #[inline(always)]
    fn inv_by<Bk: Backend3>(&self, be: Bk, base_inv: impl Fn(&Gf3<N, P>) -> Gf3<N, P>) -> Self {
        let f1 = self.frobenius();
        let f2 = f1.frobenius();
        let adj = f1.mul(&f2, be);
        // The norm lies in F_{3^m}: the constant coefficient of self * adj.
        let norm = be.mul_rho3_const(self, &adj);
        let ni = base_inv(&norm);
        adj.mul_base(&ni, be)
    }
}

impl<const N: usize, P: Trinomial3, const B: i8> Gf36<N, P, B> {
    /// c0 + c1 sigma.
    pub fn new(c0: Gf33<N, P, B>, c1: Gf33<N, P, B>) -> Self {
        Gf36 { c0, c1 }
    }
    /// The zero element.
    pub fn zero() -> Self {
        Self::new(Gf33::zero(), Gf33::zero())
    }
    /// The multiplicative identity 1.
    pub fn one() -> Self {
        Self::new(Gf33::one(), Gf33::zero())
    }
    /// Whether this is 1.
    pub fn is_one(&self) -> bool {
        *self == Self::one()
    }
    /// Whether this is 0.
    pub fn is_zero(&self) -> bool {
        self.c0.is_zero() && self.c1.is_zero()
    }
    /// The sum self + o (coefficient-wise).
    pub fn add(&self, o: &Self) -> Self {
        Self::new(self.c0.add(&o.c0), self.c1.add(&o.c1))
    }
    /// The difference self - o (coefficient-wise).
    pub fn sub(&self, o: &Self) -> Self {
        Self::new(self.c0.sub(&o.c0), self.c1.sub(&o.c1))
    }
    /// The negation -self (coefficient-wise).
    pub fn neg(&self) -> Self {
        Self::new(self.c0.neg(), self.c1.neg())
    }
    /// The six F_{3^m} coefficients in tower order c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2.
    pub fn coeffs(&self) -> [Gf3<N, P>; 6] {
        [
            self.c0.c[0],
            self.c0.c[1],
            self.c0.c[2],
            self.c1.c[0],
            self.c1.c[1],
            self.c1.c[2],
        ]
    }
    /// From the six F_{3^m} coefficients in the tower order of [`Self::coeffs`].
    pub fn from_coeffs(c: [Gf3<N, P>; 6]) -> Self {
        Self::new(Gf33::new(c[0], c[1], c[2]), Gf33::new(c[3], c[4], c[5]))
    }

    /// Product on the backend's fused kernel ([`Backend3::mul_sigma`]).
    #[inline]
    pub fn mul<Bk: Backend3>(&self, o: &Self, be: Bk) -> Self {
        be.mul_sigma(self, o)
    }

    /// Product: 3 F_{3^3m} products (Karatsuba over sigma), every F_{3^m} product reduced: the
    /// plain reference of the fused kernels.
    pub fn mul_plain<Bk: Backend3>(&self, o: &Self, be: Bk) -> Self {
        let p0 = self.c0.mul_plain(&o.c0, be);
        let p1 = self.c1.mul_plain(&o.c1, be);
        let s = self.c0.add(&self.c1).mul_plain(&o.c0.add(&o.c1), be);
        Self::new(p0.sub(&p1), s.sub(&p0).sub(&p1))
    }

    /// Product with a line value on the backend's fused kernel ([`Backend3::mul_line`]).
    #[inline]
    pub fn mul_by_line<Bk: Backend3>(&self, l: &Line3<N, P>, be: Bk) -> Self {
        be.mul_line(self, l)
    }

    /// Product with the loop's line value -t^2 - t rho - rho^2 + y sigma from t and the factors
    /// of y = ya yb, on the backend's fused kernel ([`Backend3::mul_line_t`]; t^2 and y
    /// included).
    #[inline]
    pub fn mul_by_line_t<Bk: Backend3>(
        &self,
        t: &Gf3<N, P>,
        ya: &Gf3<N, P>,
        yb: &Gf3<N, P>,
        be: Bk,
    ) -> Self {
        let mut r = *self;
        be.mul_line_t(&mut r, t, ya, yb);
        r
    }

    /// [`Self::mul_by_line_t`] in place (the loop's form: no copy of the result).
    #[inline]
    pub fn mul_assign_line_t<Bk: Backend3>(
        &mut self,
        t: &Gf3<N, P>,
        ya: &Gf3<N, P>,
        yb: &Gf3<N, P>,
        be: Bk,
    ) {
        be.mul_line_t(self, t, ya, yb)
    }

    /// Product with a line value (c0 + c1 rho - rho^2) + y sigma: 13 F_{3^m} products, each
    /// reduced: the plain reference of the fused kernels.
    pub fn mul_by_line_plain<Bk: Backend3>(&self, l: &Line3<N, P>, be: Bk) -> Self {
        let r0g0 = self.c0.mul_by_sparse(&l.c0, &l.c1, be);
        let r1g1 = self.c1.mul_base(&l.y, be);
        let s = self
            .c0
            .add(&self.c1)
            .mul_by_sparse(&l.c0.add(&l.y), &l.c1, be);
        Self::new(r0g0.sub(&r1g1), s.sub(&r0g0).sub(&r1g1))
    }

    /// Cube: (c0 + c1 sigma)^3 = c0^3 - c1^3 sigma.
    pub fn cube<Bk: Backend3>(&self, be: Bk) -> Self {
        Self::new(self.c0.cube(be), self.c1.cube(be).neg())
    }

    /// x^(3^(3m)): sigma -> -sigma (rho is fixed since rho^(3^(3m)) = rho + 3mb).
    pub fn conjugate(&self) -> Self {
        Self::new(self.c0, self.c1.neg())
    }

    /// x^(3^m): rho -> rho + mb, sigma -> -sigma (m odd: sigma^(3^m) = sigma * (-1)^((3^m-1)/2)).
    pub fn frobenius(&self) -> Self {
        Self::new(self.c0.frobenius(), self.c1.frobenius().neg())
    }

    /// frob(self) * self for a unitary self (self * conj(self) = 1), in 12 F_{3^m} products
    /// instead of 18 ([`Backend3::frob_mul_unitary`]). **Only for unitary elements**: for
    /// others the value is not frob(self) * self.
    pub fn frob_mul_unitary<Bk: Backend3>(&self, be: Bk) -> Self {
        be.frob_mul_unitary(self)
    }

    /// Inverse: (c0 - c1 sigma) / (c0^2 + c1^2).
    pub fn inv<Bk: Backend3>(&self, be: Bk) -> Self {
        let n = self.c0.mul(&self.c0, be).add(&self.c1.mul(&self.c1, be));
        let ni = n.inv(be);
        Self::new(self.c0.mul(&ni, be), self.c1.mul(&ni, be).neg())
    }

    /// self^(3^k): each F_{3^m} coefficient by [`Backend3::pow3k`] (a constant-time linear map
    /// where P has one for k, else cubings), then rho -> rho + k b and sigma -> (-1)^k sigma.
    pub fn pow3k<Bk: Backend3>(&self, k: usize, be: Bk) -> Self {
        Self::from_powered_coeffs(k, self.coeffs().map(|x| be.pow3k(&x, k)))
    }

    /// self^(3^k) from its coefficients already raised to 3^k: rho^(3^k) = rho + k b,
    /// sigma^(3^k) = (-1)^k sigma.
    fn from_powered_coeffs(k: usize, c: [Gf3<N, P>; 6]) -> Self {
        let c0 = Gf33::new(c[0], c[1], c[2]).shift_rho(k as i64 * B as i64);
        let c1 = Gf33::new(c[3], c[4], c[5]).shift_rho(k as i64 * B as i64);
        Self::new(c0, if k % 2 == 1 { c1.neg() } else { c1 })
    }

    /// self^(3^k) for the k of the table: each F_{3^m} coefficient by table lookup, then
    /// rho -> rho^(3^k) = rho + k b and sigma -> sigma^(3^k) = (-1)^k sigma.
    /// **Variable time** (table lookups indexed by the coefficients' bits).
    pub fn pow3k_vartime(&self, t: &PowTable3<'_, N, P>) -> Self {
        Self::from_powered_coeffs(t.k(), self.coeffs().map(|x| t.pow_vartime(&x)))
    }

    /// self^e by square-and-multiply (variable time in e; for tests and the slow reference).
    pub fn pow_vartime<Bk: Backend3>(&self, e: &BigUint, be: Bk) -> Self {
        let mut r = Self::one();
        for i in (0..e.bits()).rev() {
            r = r.mul(&r, be);
            if e.bit(i) {
                r = r.mul(self, be);
            }
        }
        r
    }
}

// ---------------------------------------------------------------------------------------------
// Fused products: every F_{3^m} product left unreduced, combined, and reduced once per output
// coefficient (Karatsuba over the tower as above; Beuchat et al. 2008, Section 4).
// ---------------------------------------------------------------------------------------------

/// Arithmetic on unreduced products that the fused tower products run on (the portable one on
/// [`Wide3`], the AVX-512 one on the comb's accumulator registers).
pub(crate) trait WideAlg<const N: usize, P: Trinomial3>: Copy {
    type W: Copy;
    /// A left operand prepared for several products (the comb's table on AVX-512).
    type T: Copy;
    /// The prepared operand a.
    fn table(self, a: &Gf3<N, P>) -> Self::T;
    /// The prepared operand of -a.
    fn negt(self, t: &Self::T) -> Self::T;
    /// The prepared operand of a + b (or a - b if `sub`) from those of a and b: preparing is
    /// linear, and this is cheaper than preparing a + b.
    fn addt(self, a: &Self::T, b: &Self::T, sub: bool) -> Self::T;
    /// The unreduced product of the prepared operand and b.
    fn mult(self, t: &Self::T, b: &Gf3<N, P>) -> Self::W;
    fn addw(self, a: &Self::W, b: &Self::W) -> Self::W;
    fn subw(self, a: &Self::W, b: &Self::W) -> Self::W;
    fn negw(self, a: &Self::W) -> Self::W;
    /// The reduced element.
    fn finish(self, a: &Self::W) -> Gf3<N, P>;
    /// Two reduced results (the AVX-512 accumulators of two-word operands reduce a pair at once).
    #[inline(always)]
    fn finish2(self, a: &Self::W, b: &Self::W) -> (Gf3<N, P>, Gf3<N, P>) {
        (self.finish(a), self.finish(b))
    }
    /// [`Self::finish2`] for results used only as table operands ([`Self::table`]): a backend
    /// may leave them partly reduced (degree below m + k, not canonical) where its tables and
    /// products allow it. Never for values that leave the kernel.
    #[inline(always)]
    fn finish2_loose(self, a: &Self::W, b: &Self::W) -> (Gf3<N, P>, Gf3<N, P>) {
        self.finish2(a, b)
    }
}

/// Unreduced portable products.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PortableWide;

impl<const N: usize, P: Trinomial3> WideAlg<N, P> for PortableWide {
    type W = Wide3<N, P>;
    type T = Gf3<N, P>;
    #[inline(always)]
    fn table(self, a: &Gf3<N, P>) -> Self::T {
        *a
    }
    #[inline(always)]
    fn negt(self, t: &Self::T) -> Self::T {
        t.neg()
    }
    #[inline(always)]
    fn addt(self, a: &Self::T, b: &Self::T, sub: bool) -> Self::T {
        if sub {
            a.sub(b)
        } else {
            a.add(b)
        }
    }
    #[inline(always)]
    fn mult(self, t: &Self::T, b: &Gf3<N, P>) -> Self::W {
        t.mul_wide_portable(b)
    }
    #[inline(always)]
    fn addw(self, a: &Self::W, b: &Self::W) -> Self::W {
        a.add(b)
    }
    #[inline(always)]
    fn subw(self, a: &Self::W, b: &Self::W) -> Self::W {
        a.sub(b)
    }
    #[inline(always)]
    fn negw(self, a: &Self::W) -> Self::W {
        a.neg()
    }
    #[inline(always)]
    fn finish(self, a: &Self::W) -> Gf3<N, P> {
        a.reduce()
    }
}

/// Folds d0 + ... + d4 rho^4 (rho^3 = rho + b) on unreduced values.
#[inline(always)]
fn fold_w<const N: usize, P: Trinomial3, const B: i8, A: WideAlg<N, P>>(
    al: A,
    d: [A::W; 5],
) -> [A::W; 3] {
    let tb = |x: &A::W| if B == 1 { *x } else { al.negw(x) };
    [
        al.addw(&d[0], &tb(&d[3])),
        al.addw(&al.addw(&d[1], &d[3]), &tb(&d[4])),
        al.addw(&d[2], &d[4]),
    ]
}

/// Unreduced F_{3^3m} product (6 products, Karatsuba).
#[inline(always)]
fn mul33_w<const N: usize, P: Trinomial3, const B: i8, A: WideAlg<N, P>>(
    al: A,
    a: &Gf33<N, P, B>,
    b: &Gf33<N, P, B>,
) -> [A::W; 3] {
    mul33_wt(al, &tables33(al, a), b)
}

/// The prepared operands (tables) of an F_{3^3m} element's coefficients.
#[inline(always)]
fn tables33<const N: usize, P: Trinomial3, const B: i8, A: WideAlg<N, P>>(
    al: A,
    a: &Gf33<N, P, B>,
) -> [A::T; 3] {
    core::array::from_fn(|i| al.table(&a.c[i]))
}

/// [`mul33_w`] from the tables of a's coefficients: those of the Karatsuba sums a_i + a_j are
/// derived (tables are linear in their operand), 3 tables built instead of 6.
#[inline(always)]
fn mul33_wt<const N: usize, P: Trinomial3, const B: i8, A: WideAlg<N, P>>(
    al: A,
    ta: &[A::T; 3],
    b: &Gf33<N, P, B>,
) -> [A::W; 3] {
    let b = &b.c;
    let p00 = al.mult(&ta[0], &b[0]);
    let p11 = al.mult(&ta[1], &b[1]);
    let p22 = al.mult(&ta[2], &b[2]);
    let m01 = al.mult(&al.addt(&ta[0], &ta[1], false), &b[0].add(&b[1]));
    let m02 = al.mult(&al.addt(&ta[0], &ta[2], false), &b[0].add(&b[2]));
    let m12 = al.mult(&al.addt(&ta[1], &ta[2], false), &b[1].add(&b[2]));
    let s01 = al.subw(&al.subw(&m01, &p00), &p11);
    // d2 = m02 - p00 - p22 + p11
    let d2 = al.addw(&al.subw(&al.subw(&m02, &p00), &p22), &p11);
    let s12 = al.subw(&al.subw(&m12, &p11), &p22);
    fold_w::<N, P, B, A>(al, [p00, s01, d2, s12, p22])
}

#[inline(always)]
fn finish33<const N: usize, P: Trinomial3, const B: i8, A: WideAlg<N, P>>(
    al: A,
    w: &[A::W; 3],
) -> Gf33<N, P, B> {
    let (c0, c1) = al.finish2(&w[0], &w[1]);
    Gf33::new(c0, c1, al.finish(&w[2]))
}

/// The six coefficients of an F_{3^6m} result, reduced in pairs.
#[inline(always)]
fn finish36<const N: usize, P: Trinomial3, const B: i8, A: WideAlg<N, P>>(
    al: A,
    x0: &[A::W; 3],
    x1: &[A::W; 3],
) -> (Gf33<N, P, B>, Gf33<N, P, B>) {
    let (a0, a1) = al.finish2(&x0[0], &x0[1]);
    let (a2, b0) = al.finish2(&x0[2], &x1[0]);
    let (b1, b2) = al.finish2(&x1[1], &x1[2]);
    (Gf33::new(a0, a1, a2), Gf33::new(b0, b1, b2))
}

/// Karatsuba over sigma from unreduced F_{3^3m} products p0 = x0 y0, p1 = x1 y1 and
/// ps = (x0 + x1)(y0 + y1): (x0 + x1 sigma)(y0 + y1 sigma) = (p0 - p1) + (ps - p0 - p1) sigma
/// (sigma^2 = -1), each coefficient reduced once.
#[inline(always)]
fn karatsuba_sigma<const N: usize, P: Trinomial3, const B: i8, A: WideAlg<N, P>>(
    al: A,
    p0: &[A::W; 3],
    p1: &[A::W; 3],
    ps: &[A::W; 3],
) -> (Gf33<N, P, B>, Gf33<N, P, B>) {
    let r0: [A::W; 3] = core::array::from_fn(|i| al.subw(&p0[i], &p1[i]));
    let r1: [A::W; 3] = core::array::from_fn(|i| al.subw(&al.subw(&ps[i], &p0[i]), &p1[i]));
    finish36(al, &r0, &r1)
}

/// F_{3^3m} product, reduced once per coefficient.
#[inline(always)]
pub(crate) fn mul33_fused<const N: usize, P: Trinomial3, const B: i8, A: WideAlg<N, P>>(
    al: A,
    a: &Gf33<N, P, B>,
    b: &Gf33<N, P, B>,
) -> Gf33<N, P, B> {
    finish33(al, &mul33_w(al, a, b))
}

/// The constant coefficient of the F_{3^3m} product a b, a0 b0 + b (a1 b2 + a2 b1)
/// (rho^3 = rho + b), its three products summed before one reduction.
#[inline(always)]
pub(crate) fn mul33_const_fused<const N: usize, P: Trinomial3, const B: i8, A: WideAlg<N, P>>(
    al: A,
    a: &Gf33<N, P, B>,
    b: &Gf33<N, P, B>,
) -> Gf3<N, P> {
    let (a, b) = (&a.c, &b.c);
    let d0 = al.mult(&al.table(&a[0]), &b[0]);
    let d3 = al.addw(
        &al.mult(&al.table(&a[1]), &b[2]),
        &al.mult(&al.table(&a[2]), &b[1]),
    );
    al.finish(&if B == 1 {
        al.addw(&d0, &d3)
    } else {
        al.subw(&d0, &d3)
    })
}

/// a s for a in F_{3^3m}, s in F_{3^m}: three products on one table of s.
#[inline(always)]
pub(crate) fn mul33_base_fused<const N: usize, P: Trinomial3, const B: i8, A: WideAlg<N, P>>(
    al: A,
    a: &Gf33<N, P, B>,
    s: &Gf3<N, P>,
) -> Gf33<N, P, B> {
    let ts = al.table(s);
    finish33(al, &core::array::from_fn(|i| al.mult(&ts, &a.c[i])))
}

/// The two F_{3^3m} products a b0 and a b1 on one set of tables of a, their six coefficients
/// reduced in pairs.
#[inline(always)]
pub(crate) fn mul33_two_fused<const N: usize, P: Trinomial3, const B: i8, A: WideAlg<N, P>>(
    al: A,
    a: &Gf33<N, P, B>,
    b0: &Gf33<N, P, B>,
    b1: &Gf33<N, P, B>,
) -> (Gf33<N, P, B>, Gf33<N, P, B>) {
    let ta = tables33(al, a);
    finish36(al, &mul33_wt(al, &ta, b0), &mul33_wt(al, &ta, b1))
}

/// F_{3^6m} product (Karatsuba over sigma, 18 products), reduced once per coefficient.
#[inline(always)]
pub(crate) fn mul36_fused<const N: usize, P: Trinomial3, const B: i8, A: WideAlg<N, P>>(
    al: A,
    a: &Gf36<N, P, B>,
    b: &Gf36<N, P, B>,
) -> Gf36<N, P, B> {
    // The tables of a.c0 + a.c1 are the sums of those of a.c0 and a.c1.
    let (t0, t1) = (tables33(al, &a.c0), tables33(al, &a.c1));
    let ts: [A::T; 3] = core::array::from_fn(|i| al.addt(&t0[i], &t1[i], false));
    let p0 = mul33_wt(al, &t0, &b.c0);
    let p1 = mul33_wt(al, &t1, &b.c1);
    let s = mul33_wt(al, &ts, &b.c0.add(&b.c1));
    let (c0, c1) = karatsuba_sigma(al, &p0, &p1, &s);
    Gf36::new(c0, c1)
}

/// Product with (c0 + c1 rho) in 4 products, unreduced and folded; the (c0 + c1 rho) side is
/// the prepared (table) operand, given as the tables of c0 and c1; those of c0 +- c1 are derived
/// from them.
///
/// (a0 + a1 r + a2 r^2)(c0 + c1 r) = d0 + d1 r + d2 r^2 + d3 r^3 by evaluation at the four points
/// 0, 1, -1, infinity of P^1(F_3) (Toom-Cook): v0 = a0 c0, v1 = (a0 + a1 + a2)(c0 + c1),
/// vm = (a0 - a1 + a2)(c0 - c1), vi = a2 c1; d0 = v0, d3 = vi, and since 1/2 = -1 in F_3,
/// d0 + d2 = -(v1 + vm), d1 + d3 = vm - v1. Folded with r^3 = r + b:
/// c0 = v0 + b vi, c1 = d1 + d3 = vm - v1, c2 = d2 = -(v0 + v1 + vm).
#[inline(always)]
fn mul_by_linear_w<const N: usize, P: Trinomial3, const B: i8, A: WideAlg<N, P>>(
    al: A,
    a: &Gf33<N, P, B>,
    tc0: &A::T,
    tc1: &A::T,
) -> [A::W; 3] {
    let a = &a.c;
    let a02 = a[0].add(&a[2]);
    let v0 = al.mult(tc0, &a[0]);
    let v1 = al.mult(&al.addt(tc0, tc1, false), &a02.add(&a[1]));
    let vm = al.mult(&al.addt(tc0, tc1, true), &a02.sub(&a[1]));
    let vi = al.mult(tc1, &a[2]);
    [
        if B == 1 {
            al.addw(&v0, &vi)
        } else {
            al.subw(&v0, &vi)
        },
        al.subw(&vm, &v1),
        al.negw(&al.addw(&al.addw(&v0, &v1), &vm)),
    ]
}

/// Product with (c0 + c1 rho - rho^2) in 4 products: the unreduced folded product with
/// c0 + c1 rho ([`mul_by_linear_w`]) and the part without products (-a0 rho^2 - a1 rho^3 -
/// a2 rho^4, folded).
#[inline(always)]
fn sparse_w<const N: usize, P: Trinomial3, const B: i8, A: WideAlg<N, P>>(
    al: A,
    a: &Gf33<N, P, B>,
    tc0: &A::T,
    tc1: &A::T,
) -> ([A::W; 3], Gf33<N, P, B>) {
    let w = mul_by_linear_w(al, a, tc0, tc1);
    let a = &a.c;
    let plain = Gf33::fold([Gf3::zero(), Gf3::zero(), a[0].neg(), a[1].neg(), a[2].neg()]);
    (w, plain)
}

/// frob(U) U for a unitary U = u0 + u1 sigma (u0^2 + u1^2 = 1, as every value of the final
/// exponentiation after its first factor): with frob(u) = u + D(u) on F_{3^3m}, where
/// D(a0 + a1 rho + a2 rho^2) = (s a1 + a2) - s a2 rho (rho -> rho + s, s = m b), frob(U) =
/// conj(U) + (D(u0) - D(u1) sigma), so frob(U) U = 1 + (D(u0) - D(u1) sigma) U: three products of
/// a two-coefficient element by an F_{3^3m} element (Karatsuba over sigma), 12 products instead
/// of 18.
#[inline(always)]
pub(crate) fn frob_mul_unitary_fused<
    const N: usize,
    P: Trinomial3,
    const B: i8,
    A: WideAlg<N, P>,
>(
    al: A,
    u: &Gf36<N, P, B>,
) -> Gf36<N, P, B> {
    // E = D(u0) and F = -D(u1), from the Frobenius itself (their rho^2 coefficients are 0).
    let e = u.c0.frobenius().sub(&u.c0);
    let f = u.c1.sub(&u.c1.frobenius());
    let (te0, te1) = (al.table(&e.c[0]), al.table(&e.c[1]));
    let (tf0, tf1) = (al.table(&f.c[0]), al.table(&f.c[1]));
    // (E + F sigma)(u0 + u1 sigma) by Karatsuba over sigma.
    let p0 = mul_by_linear_w(al, &u.c0, &te0, &te1);
    let p1 = mul_by_linear_w(al, &u.c1, &tf0, &tf1);
    let ps = mul_by_linear_w(
        al,
        &u.c0.add(&u.c1),
        &al.addt(&te0, &tf0, false),
        &al.addt(&te1, &tf1, false),
    );
    let (c0, c1) = karatsuba_sigma(al, &p0, &p1, &ps);
    Gf36::new(c0.add(&Gf33::one()), c1)
}

/// Product with a line value (c0 + c1 rho - rho^2) + y sigma: 11 products (Karatsuba over sigma,
/// 4 + 3 + 4), 6 reductions. Takes the tables of c0, c1 and y; the other five (c0 +- c1,
/// c0 + y, c0 + y +- c1) are sums of these.
#[inline(always)]
fn mul_line_tab<const N: usize, P: Trinomial3, const B: i8, A: WideAlg<N, P>>(
    al: A,
    r: &Gf36<N, P, B>,
    tc0: &A::T,
    tc1: &A::T,
    ty: &A::T,
) -> Gf36<N, P, B> {
    let (r0g0, q0) = sparse_w(al, &r.c0, tc0, tc1);
    let r1g1: [A::W; 3] = core::array::from_fn(|i| al.mult(ty, &r.c1.c[i]));
    let (s, qs) = sparse_w(al, &r.c0.add(&r.c1), &al.addt(tc0, ty, false), tc1);
    let (c0, c1) = karatsuba_sigma(al, &r0g0, &r1g1, &s);
    Gf36::new(c0.add(&q0), c1.add(&qs.sub(&q0)))
}

/// Product with a line value, reduced once per coefficient.
#[inline(always)]
pub(crate) fn mul_line_fused<const N: usize, P: Trinomial3, const B: i8, A: WideAlg<N, P>>(
    al: A,
    r: &Gf36<N, P, B>,
    l: &Line3<N, P>,
) -> Gf36<N, P, B> {
    mul_line_tab(al, r, &al.table(&l.c0), &al.table(&l.c1), &al.table(&l.y))
}

/// Product with the loop's line value -t^2 - t rho - rho^2 + y sigma, given t and y = ya yb:
/// t^2 is computed here, on the table of t, whose negation serves as the table of c1 = -t, and
/// reduced together with y (13 products; 4 tables built, 5 derived by sums).
#[inline(always)]
pub(crate) fn mul_line_t_fused<const N: usize, P: Trinomial3, const B: i8, A: WideAlg<N, P>>(
    al: A,
    r: &Gf36<N, P, B>,
    t: &Gf3<N, P>,
    ya: &Gf3<N, P>,
    yb: &Gf3<N, P>,
) -> Gf36<N, P, B> {
    let tt = al.table(t);
    // t^2 and y serve only as table operands: they may stay partly reduced.
    let (t2, y) = al.finish2_loose(&al.mult(&tt, t), &al.mult(&al.table(ya), yb));
    let tc0 = al.negt(&al.table(&t2));
    mul_line_tab(al, r, &tc0, &al.negt(&tt), &al.table(&y))
}
