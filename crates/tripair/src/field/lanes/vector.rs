//! The eight-lane vector the kernels are written over, and its portable implementation.

use super::{Row, LANES, MASK52};

/// Eight u64 lanes: the operations the kernels need, with the semantics of the AVX-512
/// instructions (shifts by constants, 52-bit multiply-accumulate).
pub(super) trait V8: Copy {
    /// The same value, hidden from the optimiser: a select mask passes through it so that the
    /// compiler, knowing the mask is 0 or !0, cannot turn the select into a branch (ctgrind
    /// caught that on the portable backend). SIMD registers need nothing.
    #[inline(always)]
    fn opaque(self) -> Self {
        self
    }
    fn zero() -> Self;
    fn splat(x: u64) -> Self;
    fn load(r: &Row) -> Self;
    fn store(self) -> Row;
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn xor(self, o: Self) -> Self;
    /// Logical shifts.
    fn shr52(self) -> Self;
    /// Arithmetic shift (the signed carry of a digit).
    fn sra52(self) -> Self;
    fn shr63(self) -> Self;
    fn shr1(self) -> Self;
    fn shl51(self) -> Self;
    /// self + the low 52 bits of (b mod 2^52)(c mod 2^52) (`vpmadd52luq`).
    fn madd_lo(self, b: Self, c: Self) -> Self;
    /// self + the high 52 bits of (b mod 2^52)(c mod 2^52) (`vpmadd52huq`).
    fn madd_hi(self, b: Self, c: Self) -> Self;
    /// Lane i: lane idx[i] of self (idx < 8) or lane idx[i] - 8 of o (8..16), 0 for idx = 0xFF
    /// (`vpermt2q` with a zeroing mask; idx is a public constant).
    fn perm2(self, o: Self, idx: [u8; LANES]) -> Self;
    /// Lane i: o where bit i of the public constant `mask` is set, self elsewhere (`vpblendmq`).
    fn blend(self, o: Self, mask: u8) -> Self;
    /// The kernels' F_p2 product ([`super::kernels::fp2_mul_v`]), inlined here; the IFMA
    /// vector calls one out-of-line copy per digit count instead where that costs no speed.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn fp2_mul<const M: usize>(
        a: &[[Self; M]; 2],
        b: &[[Self; M]; 2],
        beta: i64,
        lazy: bool,
        pv: &[Self; M],
        p2v: &[Self; M],
        inv: u64,
    ) -> [[Self; M]; 2] {
        super::kernels::fp2_mul_v(a, b, beta, lazy, pv, p2v, inv)
    }
}

/// The portable vector: eight u64, lane by lane.
#[derive(Clone, Copy)]
pub(super) struct Scalar8([u64; LANES]);

impl Scalar8 {
    #[inline(always)]
    fn map(self, f: impl Fn(u64) -> u64) -> Self {
        Scalar8(self.0.map(f))
    }
    #[inline(always)]
    fn zip(self, o: Self, f: impl Fn(u64, u64) -> u64) -> Self {
        Scalar8(core::array::from_fn(|i| f(self.0[i], o.0[i])))
    }
    #[inline(always)]
    fn product52(b: u64, c: u64) -> u128 {
        (b & MASK52) as u128 * (c & MASK52) as u128
    }
}

impl V8 for Scalar8 {
    #[inline(always)]
    fn opaque(self) -> Self {
        self.map(crate::arith::limbs::ct::barrier)
    }
    #[inline(always)]
    fn zero() -> Self {
        Scalar8([0; LANES])
    }
    #[inline(always)]
    fn splat(x: u64) -> Self {
        Scalar8([x; LANES])
    }
    #[inline(always)]
    fn load(r: &Row) -> Self {
        Scalar8(r.0)
    }
    #[inline(always)]
    fn store(self) -> Row {
        Row(self.0)
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        self.zip(o, u64::wrapping_add)
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self.zip(o, u64::wrapping_sub)
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        self.zip(o, |a, b| a & b)
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        self.zip(o, |a, b| a | b)
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        self.zip(o, |a, b| a ^ b)
    }
    #[inline(always)]
    fn shr52(self) -> Self {
        self.map(|a| a >> 52)
    }
    #[inline(always)]
    fn sra52(self) -> Self {
        self.map(|a| ((a as i64) >> 52) as u64)
    }
    #[inline(always)]
    fn shr63(self) -> Self {
        self.map(|a| a >> 63)
    }
    #[inline(always)]
    fn shr1(self) -> Self {
        self.map(|a| a >> 1)
    }
    #[inline(always)]
    fn shl51(self) -> Self {
        self.map(|a| a << 51)
    }
    #[inline(always)]
    fn madd_lo(self, b: Self, c: Self) -> Self {
        Scalar8(core::array::from_fn(|i| {
            let t = Self::product52(b.0[i], c.0[i]) as u64 & MASK52;
            self.0[i].wrapping_add(t)
        }))
    }
    #[inline(always)]
    fn madd_hi(self, b: Self, c: Self) -> Self {
        Scalar8(core::array::from_fn(|i| {
            let t = (Self::product52(b.0[i], c.0[i]) >> 52) as u64;
            self.0[i].wrapping_add(t)
        }))
    }
    #[inline(always)]
    fn perm2(self, o: Self, idx: [u8; LANES]) -> Self {
        Scalar8(core::array::from_fn(|i| match idx[i] {
            k @ 0..=7 => self.0[k as usize],
            k @ 8..=15 => o.0[k as usize - 8],
            _ => 0,
        }))
    }
    #[inline(always)]
    fn blend(self, o: Self, mask: u8) -> Self {
        Scalar8(core::array::from_fn(|i| {
            if (mask >> i) & 1 == 1 {
                o.0[i]
            } else {
                self.0[i]
            }
        }))
    }
}
