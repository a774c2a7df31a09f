//! The towers F_{2^2m} = F_{2^m}\[s\]/(s^2 + s + 1) and F_{2^4m} = F_{2^2m}\[t\]/(t^2 + t + s)
//! of the characteristic-2 eta_T pairing (project notes; Barreto et al. 2007, Section 6).
//! Karatsuba products (3 and 9 F_{2^m} multiplications), linear squaring, Frobenius maps,
//! inversion through norms, and the loop's sparse products (Beuchat et al. 2008 / Shirase et al.).
//! Broken parameters (small characteristic): research use only.

use num_bigint::BigUint;

use super::gf2::{Backend2, Gf2, Pentanomial2};

/// a0 + a1 s, s^2 = s + 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gf22<const N: usize, P: Pentanomial2> {
    /// The coefficient a0 of 1.
    pub c0: Gf2<N, P>,
    /// The coefficient a1 of s.
    pub c1: Gf2<N, P>,
}

/// A0 + A1 t, t^2 = t + s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gf24<const N: usize, P: Pentanomial2> {
    /// The coefficient A0 of 1.
    pub c0: Gf22<N, P>,
    /// The coefficient A1 of t.
    pub c1: Gf22<N, P>,
}

impl<const N: usize, P: Pentanomial2> Gf22<N, P> {
    /// c0 + c1 s.
    pub fn new(c0: Gf2<N, P>, c1: Gf2<N, P>) -> Self {
        Gf22 { c0, c1 }
    }
    /// The zero element.
    pub fn zero() -> Self {
        Self::new(Gf2::zero(), Gf2::zero())
    }
    /// The multiplicative identity 1.
    pub fn one() -> Self {
        Self::new(Gf2::one(), Gf2::zero())
    }
    /// Whether this is 0.
    pub fn is_zero(&self) -> bool {
        self.c0.is_zero() && self.c1.is_zero()
    }
    /// The sum self + o (coefficient-wise).
    pub fn add(&self, o: &Self) -> Self {
        Self::new(self.c0.add(&o.c0), self.c1.add(&o.c1))
    }
    /// (a0 + a1 s)(b0 + b1 s) = (p0 + p1) + (p2 + p0) s, p2 = (a0 + a1)(b0 + b1).
    pub fn mul<B: Backend2>(&self, o: &Self, be: B) -> Self {
        let p0 = be.mul(&self.c0, &o.c0);
        let p1 = be.mul(&self.c1, &o.c1);
        let p2 = be.mul(&self.c0.add(&self.c1), &o.c0.add(&o.c1));
        Self::new(p0.add(&p1), p2.add(&p0))
    }
    /// The product with a in F_{2^m}: a0 a + a1 a s (2 F_{2^m} products).
    pub fn mul_base<B: Backend2>(&self, a: &Gf2<N, P>, be: B) -> Self {
        Self::new(be.mul(&self.c0, a), be.mul(&self.c1, a))
    }
    /// (a0 + a1 s)^2 = a0^2 + a1^2 + a1^2 s.
    pub fn square<B: Backend2>(&self, be: B) -> Self {
        let a0 = be.square(&self.c0);
        let a1 = be.square(&self.c1);
        Self::new(a0.add(&a1), a1)
    }
    /// s (x0 + x1 s) = x1 + (x0 + x1) s.
    pub fn mul_by_s(&self) -> Self {
        Self::new(self.c1, self.c0.add(&self.c1))
    }
    /// s -> s + 1 (the non-trivial automorphism, x -> x^(2^m) for m odd).
    pub fn conjugate(&self) -> Self {
        Self::new(self.c0.add(&self.c1), self.c1)
    }
    /// Inverse: conj(a) / (a0^2 + a0 a1 + a1^2).
    pub fn inv<B: Backend2>(&self, be: B) -> Self {
        let n = be
            .square(&self.c0)
            .add(&be.mul(&self.c0, &self.c1))
            .add(&be.square(&self.c1));
        self.conjugate().mul_base(&n.inv_with(be), be)
    }
}

impl<const N: usize, P: Pentanomial2> Gf24<N, P> {
    /// c0 + c1 t.
    pub fn new(c0: Gf22<N, P>, c1: Gf22<N, P>) -> Self {
        Gf24 { c0, c1 }
    }
    /// The zero element.
    pub fn zero() -> Self {
        Self::new(Gf22::zero(), Gf22::zero())
    }
    /// The multiplicative identity 1.
    pub fn one() -> Self {
        Self::new(Gf22::one(), Gf22::zero())
    }
    /// Whether this is 1.
    pub fn is_one(&self) -> bool {
        *self == Self::one()
    }
    /// The sum self + o (coefficient-wise).
    pub fn add(&self, o: &Self) -> Self {
        Self::new(self.c0.add(&o.c0), self.c1.add(&o.c1))
    }
    /// The four F_{2^m} coefficients in tower order c0.c0, c0.c1, c1.c0, c1.c1.
    pub fn coeffs(&self) -> [Gf2<N, P>; 4] {
        [self.c0.c0, self.c0.c1, self.c1.c0, self.c1.c1]
    }
    /// (A0 + A1 t)(B0 + B1 t) = (P0 + s P1) + (P2 + P0) t: 9 F_{2^m} products.
    pub fn mul<B: Backend2>(&self, o: &Self, be: B) -> Self {
        let p0 = self.c0.mul(&o.c0, be);
        let p1 = self.c1.mul(&o.c1, be);
        let p2 = self.c0.add(&self.c1).mul(&o.c0.add(&o.c1), be);
        Self::new(p0.add(&p1.mul_by_s()), p2.add(&p0))
    }
    /// (A0 + A1 t)(G + t) = (A0 G + s A1) + (A0 + A1 G + A1) t: 6 F_{2^m} products.
    pub fn mul_by_sparse<B: Backend2>(&self, g: &Gf22<N, P>, be: B) -> Self {
        let a0g = self.c0.mul(g, be);
        let a1g = self.c1.mul(g, be);
        Self::new(
            a0g.add(&self.c1.mul_by_s()),
            self.c0.add(&a1g).add(&self.c1),
        )
    }
    /// (a + t)(b + t) = (ab + s) + (a + b + 1) t: 3 F_{2^m} products.
    pub fn from_two_sparse<B: Backend2>(a: &Gf22<N, P>, b: &Gf22<N, P>, be: B) -> Self {
        let ab = a.mul(b, be);
        Self::new(
            ab.add(&Gf22::new(Gf2::zero(), Gf2::one())),
            a.add(b).add(&Gf22::one()),
        )
    }
    /// (A0 + A1 t)^2 = (A0^2 + s A1^2) + A1^2 t.
    pub fn square<B: Backend2>(&self, be: B) -> Self {
        let a0 = self.c0.square(be);
        let a1 = self.c1.square(be);
        Self::new(a0.add(&a1.mul_by_s()), a1)
    }
    /// x -> x^(2^(2m)): t -> t + 1.
    pub fn conjugate(&self) -> Self {
        Self::new(self.c0.add(&self.c1), self.c1)
    }
    /// x -> x^(2^m) for m odd: s -> s + 1, t -> t + s + e with e = 0 if m = 1 (mod 4), 1 if m = 3.
    pub fn frobenius(&self) -> Self {
        let a0 = self.c0.conjugate();
        let a1 = self.c1.conjugate();
        // A0' + A1' (t + s + e) = (A0' + A1' (s + e)) + A1' t
        let mut shift = a1.mul_by_s();
        if P::M % 4 == 3 {
            shift = shift.add(&a1);
        }
        Self::new(a0.add(&shift), a1)
    }
    /// Inverse through the norm to F_{2^2m}: x^-1 = conj(x) / (x conj(x)).
    pub fn inv<B: Backend2>(&self, be: B) -> Self {
        let c = self.conjugate();
        let n = self.mul(&c, be);
        debug_assert!(n.c1.is_zero());
        let ni = n.c0.inv(be);
        Self::new(c.c0.mul(&ni, be), c.c1.mul(&ni, be))
    }
    /// self^e (square-and-multiply, variable time in e).
    pub fn pow_vartime<B: Backend2>(&self, e: &BigUint, be: B) -> Self {
        let mut r = Self::one();
        for i in (0..e.bits()).rev() {
            r = r.square(be);
            if e.bit(i) {
                r = r.mul(self, be);
            }
        }
        r
    }
}
