use super::{Row, TowerConsts, MASK52, V8};

// Plain loops throughout, no `core::array::from_fn`: its closure call is not always inlined,
// and out of line it would run the vector operations outside the target-feature functions.

#[inline(always)]
fn load_all<V: V8, const M: usize>(x: &[Row; M]) -> [V; M] {
    let mut v = [V::zero(); M];
    for j in 0..M {
        v[j] = V::load(&x[j]);
    }
    v
}

#[inline(always)]
fn store_all<V: V8, const M: usize>(x: [V; M]) -> [Row; M] {
    let mut r = [Row([0; super::LANES]); M];
    for j in 0..M {
        r[j] = x[j].store();
    }
    r
}

/// `a` where m = 0, `b` where m = !0.
#[inline(always)]
fn select<V: V8>(a: V, b: V, m: V) -> V {
    a.xor(a.xor(b).and(m.opaque()))
}

/// Carries up: every digit but the top one below 2^52 afterwards (the value is unchanged).
#[inline(always)]
fn carry<V: V8, const M: usize>(t: &mut [V; M]) {
    let mask = V::splat(MASK52);
    for j in 0..M - 1 {
        let c = t[j].shr52();
        t[j] = t[j].and(mask);
        t[j + 1] = t[j + 1].add(c);
    }
}

/// t - p where t >= p, t elsewhere, for carried t < 2p (only the top digit may exceed 52 bits).
#[inline(always)]
fn reduce_once<V: V8, const M: usize>(t: [V; M], p: &[V; M]) -> [V; M] {
    let mask = V::splat(MASK52);
    let mut d = [V::zero(); M];
    let mut borrow = V::zero();
    for j in 0..M {
        let x = t[j].sub(p[j]).sub(borrow);
        borrow = x.shr63();
        d[j] = x.and(mask);
    }
    // All ones where t < p (the subtraction borrowed out of the top digit).
    let keep = V::zero().sub(borrow);
    for j in 0..M {
        d[j] = select(d[j], t[j], keep);
    }
    d
}

/// Montgomery multiplication, operand scanning: per digit a_i, t += a_i b, then t += m p with
/// m = t_0 (-p^{-1}) mod 2^52 so that t_0 becomes divisible by 2^52, then t /= 2^52. The low and
/// high halves of the products go to neighbouring digits without carrying (each 64-bit digit
/// receives at most 4 terms of 52 bits per row, so M <= 13 rows cannot overflow it); one carry
/// pass and one conditional subtraction at the end (t < 2p for a, b < p < 2^(52M)).
#[inline(always)]
pub(super) fn mont_mul<V: V8, const M: usize>(
    a: &[Row; M],
    b: &[Row; M],
    p: &[Row; M],
    inv: u64,
) -> [Row; M] {
    store_all(mont_mul_v::<V, M>(
        &load_all(a),
        &load_all(b),
        &load_all(p),
        inv,
    ))
}

/// [`mont_mul`] on registers.
#[inline(always)]
fn mont_mul_v<V: V8, const M: usize>(a: &[V; M], b: &[V; M], pv: &[V; M], inv: u64) -> [V; M] {
    let inv = V::splat(inv);
    let mut t = [V::zero(); M];
    let mut top = V::zero();
    for &ai in a.iter() {
        for j in 0..M {
            t[j] = t[j].madd_lo(ai, b[j]);
            if j + 1 < M {
                t[j + 1] = t[j + 1].madd_hi(ai, b[j]);
            } else {
                top = top.madd_hi(ai, b[j]);
            }
        }
        let m = V::zero().madd_lo(t[0], inv);
        for j in 0..M {
            t[j] = t[j].madd_lo(m, pv[j]);
            if j + 1 < M {
                t[j + 1] = t[j + 1].madd_hi(m, pv[j]);
            } else {
                top = top.madd_hi(m, pv[j]);
            }
        }
        // t_0 = 0 mod 2^52 now: shift down one digit, keeping its carry.
        let c = t[0].shr52();
        for j in 0..M - 1 {
            t[j] = t[j + 1];
        }
        t[M - 1] = top;
        top = V::zero();
        t[0] = t[0].add(c);
    }
    // t < ab/2^(52M) + p < 4p^2/2^(52M) + p < 2p: no final subtraction (4p < 2^(52M)).
    carry(&mut t);
    t
}

/// a mod p for a < 2p (digits < 2^52): one conditional subtraction.
#[inline(always)]
pub(super) fn canonical<V: V8, const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
    store_all(reduce_once::<V, M>(load_all(a), &load_all(p)))
}

/// Signed carries up, every digit below 2^52 afterwards; returns all ones in the lanes where
/// the value is negative (the top digit's carry out), 0 elsewhere.
#[inline(always)]
fn carry_signed<V: V8, const M: usize>(t: &mut [V; M]) -> V {
    let mask = V::splat(MASK52);
    for j in 0..M - 1 {
        let c = t[j].sra52();
        t[j] = t[j].and(mask);
        t[j + 1] = t[j + 1].add(c);
    }
    let neg = t[M - 1].sra52();
    t[M - 1] = t[M - 1].and(mask);
    neg.sra52()
}

/// (a + b) mod p below 2p, for a, b < 2p, in registers: s = a + b and s - 2p digit by digit,
/// both carried at once (two independent chains), then s - 2p where it is not negative.
#[inline(always)]
fn add_v<V: V8, const M: usize>(a: &[V; M], b: &[V; M], p2: &[V; M]) -> [V; M] {
    let mut s = [V::zero(); M];
    let mut d = [V::zero(); M];
    for j in 0..M {
        s[j] = a[j].add(b[j]);
        d[j] = s[j].sub(p2[j]);
    }
    carry(&mut s);
    let neg = carry_signed(&mut d);
    for j in 0..M {
        d[j] = select(d[j], s[j], neg);
    }
    d
}

/// (a - b) mod p below 2p, for a, b < 2p, in registers: d = a - b and d + 2p digit by digit,
/// both carried at once, then d where it is not negative.
#[inline(always)]
fn sub_v<V: V8, const M: usize>(a: &[V; M], b: &[V; M], p2: &[V; M]) -> [V; M] {
    let mut d = [V::zero(); M];
    let mut e = [V::zero(); M];
    for j in 0..M {
        d[j] = a[j].sub(b[j]);
        e[j] = d[j].add(p2[j]);
    }
    let neg = carry_signed(&mut d);
    carry_signed(&mut e);
    for j in 0..M {
        d[j] = select(d[j], e[j], neg);
    }
    d
}

/// (a + b) mod p, below 2p.
#[inline(always)]
pub(super) fn add_mod<V: V8, const M: usize>(
    a: &[Row; M],
    b: &[Row; M],
    p2: &[Row; M],
) -> [Row; M] {
    store_all(add_v::<V, M>(&load_all(a), &load_all(b), &load_all(p2)))
}

/// (a - b) mod p, below 2p.
#[inline(always)]
pub(super) fn sub_mod<V: V8, const M: usize>(
    a: &[Row; M],
    b: &[Row; M],
    p2: &[Row; M],
) -> [Row; M] {
    store_all(sub_v::<V, M>(&load_all(a), &load_all(b), &load_all(p2)))
}

/// ka * a + kb * b mod p, below 2p, for public constants: negated operands where a constant
/// is negative, then one shared double-and-add over the bits of |ka| and |kb| from the top
/// (Straus–Shamir), all in registers. The sequence of operations depends only on ka and kb.
#[inline(always)]
pub(super) fn lincomb<V: V8, const M: usize>(
    a: &[Row; M],
    ka: i64,
    b: &[Row; M],
    kb: i64,
    p2: &[Row; M],
) -> [Row; M] {
    store_all(lincomb_v::<V, M>(
        &load_all(a),
        ka,
        &load_all(b),
        kb,
        &load_all(p2),
    ))
}

/// [`lincomb`] on registers.
#[inline(always)]
fn lincomb_v<V: V8, const M: usize>(
    a: &[V; M],
    ka: i64,
    b: &[V; M],
    kb: i64,
    p2: &[V; M],
) -> [V; M] {
    let zero = [V::zero(); M];
    let (mut av, mut bv) = (*a, *b);
    if ka < 0 {
        av = sub_v(&zero, &av, p2);
    }
    if kb < 0 {
        bv = sub_v(&zero, &bv, p2);
    }
    let (ua, ub) = (ka.unsigned_abs(), kb.unsigned_abs());
    let both = if ua & ub != 0 {
        add_v(&av, &bv, p2)
    } else {
        zero
    };
    let top = 64 - (ua | ub).leading_zeros();
    let mut r = zero;
    for bit in (0..top).rev() {
        if bit + 1 < top {
            r = add_v(&r, &r, p2);
        }
        let t = match ((ua >> bit) & 1, (ub >> bit) & 1) {
            (1, 1) => &both,
            (1, 0) => &av,
            (0, 1) => &bv,
            _ => continue,
        };
        r = if bit + 1 == top { *t } else { add_v(&r, t, p2) };
    }
    r
}

/// The F_p2 product (a0 + a1 u)(b0 + b1 u) with u^2 = beta, Karatsuba (3 products), in
/// registers: one call instead of eight, and no copies of the intermediate values.
#[allow(clippy::too_many_arguments)] // the two halves of three F_p2 values, and the field
#[inline(always)]
pub(super) fn fp2_mul<V: V8, const M: usize>(
    a: [&[Row; M]; 2],
    b: [&[Row; M]; 2],
    beta: i64,
    lazy: bool,
    p: &[Row; M],
    p2: &[Row; M],
    inv: u64,
    c0: &mut [Row; M],
    c1: &mut [Row; M],
) {
    let (pv, p2v): ([V; M], [V; M]) = (load_all(p), load_all(p2));
    let a = [load_all(a[0]), load_all(a[1])];
    let b = [load_all(b[0]), load_all(b[1])];
    let [r0, r1] = fp2_mul_v(&a, &b, beta, lazy, &pv, &p2v, inv);
    *c0 = store_all(r0);
    *c1 = store_all(r1);
}

/// [`fp2_mul`] on registers.
#[inline(always)]
pub(super) fn fp2_mul_v<V: V8, const M: usize>(
    a: &[[V; M]; 2],
    b: &[[V; M]; 2],
    beta: i64,
    lazy: bool,
    pv: &[V; M],
    p2v: &[V; M],
    inv: u64,
) -> [[V; M]; 2] {
    let [a0, a1] = a;
    let [b0, b1] = b;
    if beta == -1 && lazy {
        // Lazy reduction (Aranha–Karabina–Longa–Gebotys–López, EUROCRYPT 2011, Section 3):
        // three double-width products, two reductions. Unreduced sums (below 4p) make
        // t2 - t0 - t1 = a0 b1 + a1 b0 exactly (below 8p^2); t0 - t1 gets p 2^(52M-1) added
        // (at least 4p^2 > t1). Both stay below p 2^(52M), so each reduction ends below 2p.
        let t0 = wide_mul(a0, b0);
        let t1 = wide_mul(a1, b1);
        let t2 = wide_mul(&add_carried(a0, a1), &add_carried(b0, b1));
        let k = p_shl_52m_minus_1(pv);
        let mut w0 = [[V::zero(); M]; 2];
        let mut w1 = [[V::zero(); M]; 2];
        for h in 0..2 {
            for j in 0..M {
                w0[h][j] = t0[h][j].sub(t1[h][j]).add(k[h][j]);
                w1[h][j] = t2[h][j].sub(t0[h][j]).sub(t1[h][j]);
            }
        }
        return [mont_reduce_wide(w0, pv, inv), mont_reduce_wide(w1, pv, inv)];
    }
    let v0 = mont_mul_v(a0, b0, pv, inv);
    let v1 = mont_mul_v(a1, b1, pv, inv);
    let t = mont_mul_v(&add_v(a0, a1, p2v), &add_v(b0, b1, p2v), pv, inv);
    [
        times_beta_plus(&v0, &v1, beta, p2v),
        sub_v(&sub_v(&t, &v0, p2v), &v1, p2v),
    ]
}

/// a + b in F_p2, below 2p.
#[inline(always)]
fn fp2_add_v<V: V8, const M: usize>(a: &[[V; M]; 2], b: &[[V; M]; 2], p2v: &[V; M]) -> [[V; M]; 2] {
    [add_v(&a[0], &b[0], p2v), add_v(&a[1], &b[1], p2v)]
}

/// a - b in F_p2, below 2p.
#[inline(always)]
fn fp2_sub_v<V: V8, const M: usize>(a: &[[V; M]; 2], b: &[[V; M]; 2], p2v: &[V; M]) -> [[V; M]; 2] {
    [sub_v(&a[0], &b[0], p2v), sub_v(&a[1], &b[1], p2v)]
}

/// a xi in F_p2 for xi = xi0 + xi1 u: additions only for xi = 1 + u and u^2 = -1, otherwise
/// (xi0 a0 + beta xi1 a1) + (xi0 a1 + xi1 a0) u by two shared double-and-adds.
#[inline(always)]
fn fp2_mul_xi_v<V: V8, const M: usize>(
    a: &[[V; M]; 2],
    beta: i64,
    xi: (i64, i64),
    p2v: &[V; M],
) -> [[V; M]; 2] {
    let (x0, x1) = xi;
    if x0 == 1 && x1 == 1 && beta == -1 {
        return [sub_v(&a[0], &a[1], p2v), add_v(&a[0], &a[1], p2v)];
    }
    [
        lincomb_v(&a[0], x0, &a[1], beta * x1, p2v),
        lincomb_v(&a[1], x0, &a[0], x1, p2v),
    ]
}

/// An F_p2 value in registers: two coefficients of M digits.
type Fp2V<V, const M: usize> = [[V; M]; 2];
/// An F_p6 value in registers: (c0, c1, c2) over F_p2.
type Fp6V<V, const M: usize> = [Fp2V<V, M>; 3];

/// The tower's constants loaded once per kernel.
struct TowerV<V, const M: usize> {
    pv: [V; M],
    p2v: [V; M],
    inv: u64,
    beta: i64,
    xi: (i64, i64),
    lazy: bool,
}

impl<V: V8, const M: usize> TowerV<V, M> {
    #[inline(always)]
    fn load(k: &TowerConsts<'_, [Row; M]>) -> Self {
        TowerV {
            pv: load_all(k.p),
            p2v: load_all(k.p2),
            inv: k.inv,
            beta: k.beta,
            xi: k.xi,
            lazy: k.lazy,
        }
    }
    #[inline(always)]
    fn mul2(&self, a: &Fp2V<V, M>, b: &Fp2V<V, M>) -> Fp2V<V, M> {
        V::fp2_mul(a, b, self.beta, self.lazy, &self.pv, &self.p2v, self.inv)
    }
    #[inline(always)]
    fn add2(&self, a: &Fp2V<V, M>, b: &Fp2V<V, M>) -> Fp2V<V, M> {
        fp2_add_v(a, b, &self.p2v)
    }
    #[inline(always)]
    fn sub2(&self, a: &Fp2V<V, M>, b: &Fp2V<V, M>) -> Fp2V<V, M> {
        fp2_sub_v(a, b, &self.p2v)
    }
    #[inline(always)]
    fn xi2(&self, a: &Fp2V<V, M>) -> Fp2V<V, M> {
        fp2_mul_xi_v(a, self.beta, self.xi, &self.p2v)
    }
    #[inline(always)]
    fn add6(&self, a: &Fp6V<V, M>, b: &Fp6V<V, M>) -> Fp6V<V, M> {
        [
            self.add2(&a[0], &b[0]),
            self.add2(&a[1], &b[1]),
            self.add2(&a[2], &b[2]),
        ]
    }
    #[inline(always)]
    fn sub6(&self, a: &Fp6V<V, M>, b: &Fp6V<V, M>) -> Fp6V<V, M> {
        [
            self.sub2(&a[0], &b[0]),
            self.sub2(&a[1], &b[1]),
            self.sub2(&a[2], &b[2]),
        ]
    }
    /// a v = (xi a2, a0, a1).
    #[inline(always)]
    fn mul_by_v6(&self, a: &Fp6V<V, M>) -> Fp6V<V, M> {
        [self.xi2(&a[2]), a[0], a[1]]
    }
    /// The F_p6 product, Karatsuba (6 F_p2 products; Devegili–Ó hÉigeartaigh–Scott–Dahab 2006).
    #[inline(always)]
    fn mul6(&self, x: &Fp6V<V, M>, y: &Fp6V<V, M>) -> Fp6V<V, M> {
        let v0 = self.mul2(&x[0], &y[0]);
        let v1 = self.mul2(&x[1], &y[1]);
        let v2 = self.mul2(&x[2], &y[2]);
        // c0 = xi ((a1 + a2)(b1 + b2) - v1 - v2) + v0
        let t = self.mul2(&self.add2(&x[1], &x[2]), &self.add2(&y[1], &y[2]));
        let c0 = self.add2(&self.xi2(&self.sub2(&self.sub2(&t, &v1), &v2)), &v0);
        // c1 = (a0 + a1)(b0 + b1) - v0 - v1 + xi v2
        let t = self.mul2(&self.add2(&x[0], &x[1]), &self.add2(&y[0], &y[1]));
        let c1 = self.add2(&self.sub2(&self.sub2(&t, &v0), &v1), &self.xi2(&v2));
        // c2 = (a0 + a2)(b0 + b2) - v0 - v2 + v1
        let t = self.mul2(&self.add2(&x[0], &x[2]), &self.add2(&y[0], &y[2]));
        let c2 = self.add2(&self.sub2(&self.sub2(&t, &v0), &v2), &v1);
        [c0, c1, c2]
    }
    /// a (b0 + b1 v): 5 F_p2 products (Karatsuba with b2 = 0).
    #[inline(always)]
    fn mul_by_01_6(&self, a: &Fp6V<V, M>, b0: &Fp2V<V, M>, b1: &Fp2V<V, M>) -> Fp6V<V, M> {
        let v0 = self.mul2(&a[0], b0);
        let v1 = self.mul2(&a[1], b1);
        let t = self.mul2(&self.add2(&a[1], &a[2]), b1);
        let c0 = self.add2(&self.xi2(&self.sub2(&t, &v1)), &v0);
        let t = self.mul2(&self.add2(&a[0], &a[1]), &self.add2(b0, b1));
        let c1 = self.sub2(&self.sub2(&t, &v0), &v1);
        let t = self.mul2(&self.add2(&a[0], &a[2]), b0);
        let c2 = self.add2(&self.sub2(&t, &v0), &v1);
        [c0, c1, c2]
    }
    /// a (b1 v): 3 F_p2 products.
    #[inline(always)]
    fn mul_by_1_6(&self, a: &Fp6V<V, M>, b1: &Fp2V<V, M>) -> Fp6V<V, M> {
        [
            self.xi2(&self.mul2(&a[2], b1)),
            self.mul2(&a[0], b1),
            self.mul2(&a[1], b1),
        ]
    }
    /// a b0 for b0 in F_p2: 3 F_p2 products.
    #[inline(always)]
    fn mul_by_0_6(&self, a: &Fp6V<V, M>, b0: &Fp2V<V, M>) -> Fp6V<V, M> {
        [
            self.mul2(&a[0], b0),
            self.mul2(&a[1], b0),
            self.mul2(&a[2], b0),
        ]
    }
}

/// Six rows (c0.c0, c0.c1, c1.c0, c1.c1, c2.c0, c2.c1) into registers.
#[inline(always)]
fn load_fp6<V: V8, const M: usize>(a: [&[Row; M]; 6]) -> Fp6V<V, M> {
    let mut x = [[[V::zero(); M]; 2]; 3];
    for i in 0..3 {
        for h in 0..2 {
            x[i][h] = load_all(a[2 * i + h]);
        }
    }
    x
}

/// The F_p6 product over F_p2 with v^3 = xi (Karatsuba, [`TowerV::mul6`]), every
/// intermediate value in registers or this frame.
#[inline(always)]
pub(super) fn fp6_mul<V: V8, const M: usize>(
    a: [&[Row; M]; 6],
    b: [&[Row; M]; 6],
    k: &TowerConsts<'_, [Row; M]>,
    c: [&mut [Row; M]; 6],
) {
    let t = TowerV::<V, M>::load(k);
    let r = t.mul6(&load_fp6(a), &load_fp6(b));
    for (i, out) in c.into_iter().enumerate() {
        *out = store_all(r[i / 2][i % 2]);
    }
}

/// f <- f * l in F_p12 = F_p6[w]/(w^2 - v) for a sparse line l, in place: D-type
/// l = a + (b + c v) w, M-type l = (a + b v) + (c v) w. Karatsuba over F_p6 with the sparse
/// factors' products (13 F_p2 products for either type), all in registers: the tower's
/// formula as one kernel (`Fp12::mul_by_line_d`/`_m`).
#[inline(always)]
pub(super) fn fp12_mul_by_line<V: V8, const M: usize, const M_TYPE: bool>(
    f: [&mut [Row; M]; 12],
    l: [&[Row; M]; 6],
    k: &TowerConsts<'_, [Row; M]>,
) {
    let t = TowerV::<V, M>::load(k);
    let [f0, f1] = load_fp12(&f);
    let (a, b, c) = (
        [load_all(l[0]), load_all(l[1])],
        [load_all(l[2]), load_all(l[3])],
        [load_all(l[4]), load_all(l[5])],
    );
    let s = t.add6(&f0, &f1);
    let (t0, t1, x) = if M_TYPE {
        (
            t.mul_by_01_6(&f0, &a, &b),
            t.mul_by_1_6(&f1, &c),
            t.mul_by_01_6(&s, &a, &t.add2(&b, &c)),
        )
    } else {
        (
            t.mul_by_0_6(&f0, &a),
            t.mul_by_01_6(&f1, &b, &c),
            t.mul_by_01_6(&s, &t.add2(&a, &b), &c),
        )
    };
    // (t0 + t1 v) + (x - t0 - t1) w
    let c0 = t.add6(&t0, &t.mul_by_v6(&t1));
    let c1 = t.sub6(&t.sub6(&x, &t0), &t1);
    store_fp12(f, [c0, c1]);
}

/// f <- f^2 in F_p12, in place (complex squaring: 2 F_p6 products, `Fp12::square`).
#[inline(always)]
pub(super) fn fp12_square<V: V8, const M: usize>(
    f: [&mut [Row; M]; 12],
    k: &TowerConsts<'_, [Row; M]>,
) {
    let t = TowerV::<V, M>::load(k);
    let [f0, f1] = load_fp12(&f);
    let ab = t.mul6(&f0, &f1);
    let x = t.mul6(&t.add6(&f0, &f1), &t.add6(&f0, &t.mul_by_v6(&f1)));
    let c0 = t.sub6(&t.sub6(&x, &ab), &t.mul_by_v6(&ab));
    let c1 = t.add6(&ab, &ab);
    store_fp12(f, [c0, c1]);
}

/// Twelve rows (c0's six, then c1's) into registers.
#[inline(always)]
fn load_fp12<V: V8, const M: usize>(f: &[&mut [Row; M]; 12]) -> [Fp6V<V, M>; 2] {
    let mut x = [[[[V::zero(); M]; 2]; 3]; 2];
    for (i, row) in f.iter().enumerate() {
        x[i / 6][(i % 6) / 2][i % 2] = load_all(row);
    }
    x
}

/// [`load_fp12`]'s inverse.
#[inline(always)]
fn store_fp12<V: V8, const M: usize>(f: [&mut [Row; M]; 12], x: [Fp6V<V, M>; 2]) {
    for (i, row) in f.into_iter().enumerate() {
        *row = store_all(x[i / 6][(i % 6) / 2][i % 2]);
    }
}

/// a + b with carries but no reduction (below 4p < 2^(52M) for a, b < 2p).
#[inline(always)]
fn add_carried<V: V8, const M: usize>(a: &[V; M], b: &[V; M]) -> [V; M] {
    let mut s = [V::zero(); M];
    for j in 0..M {
        s[j] = a[j].add(b[j]);
    }
    carry(&mut s);
    s
}

/// The 2M-digit product a b (low half, high half), digits not carried: each digit sums at
/// most 2M halves of 52-bit products, below 2^58 for M <= 32.
#[inline(always)]
fn wide_mul<V: V8, const M: usize>(a: &[V; M], b: &[V; M]) -> [[V; M]; 2] {
    let mut t = [[V::zero(); M]; 2];
    for i in 0..M {
        for j in 0..M {
            let (lo, hi) = (i + j, i + j + 1);
            t[lo / M][lo % M] = t[lo / M][lo % M].madd_lo(a[i], b[j]);
            if hi < 2 * M {
                t[hi / M][hi % M] = t[hi / M][hi % M].madd_hi(a[i], b[j]);
            }
        }
    }
    t
}

/// p 2^(52M - 1) in 2M digits (p shifted up 51 bits, from digit M - 1 on); needs
/// p < 2^(52M - 3) so that nothing leaves the top digit.
#[inline(always)]
fn p_shl_52m_minus_1<V: V8, const M: usize>(p: &[V; M]) -> [[V; M]; 2] {
    let mask = V::splat(MASK52);
    let mut k = [[V::zero(); M]; 2];
    for i in 0..=M {
        let here = if i < M { p[i].shl51() } else { V::zero() };
        let below = if i > 0 { p[i - 1].shr1() } else { V::zero() };
        let d = M - 1 + i;
        k[d / M][d % M] = here.or(below).and(mask);
    }
    k
}

/// Montgomery reduction of a 2M-digit value w (digits signed and not carried, value in
/// [0, p 2^(52M))): w / 2^(52M) mod p, below 2p. Per digit i: m = w_i (-p^{-1}) mod 2^52
/// (IFMA reads the low 52 bits, right for negative digits too), w += m p 2^(52i), and w_i's
/// exact carry (arithmetic shift) moves up.
#[inline(always)]
fn mont_reduce_wide<V: V8, const M: usize>(w: [[V; M]; 2], p: &[V; M], inv: u64) -> [V; M] {
    const { assert!(M <= 31, "the reduction's scratch holds 64 digits") };
    let inv = V::splat(inv);
    let mut t = [V::zero(); 64];
    for h in 0..2 {
        for j in 0..M {
            t[h * M + j] = w[h][j];
        }
    }
    for i in 0..M {
        let m = V::zero().madd_lo(t[i], inv);
        for j in 0..M {
            t[i + j] = t[i + j].madd_lo(m, p[j]);
            t[i + j + 1] = t[i + j + 1].madd_hi(m, p[j]);
        }
        t[i + 1] = t[i + 1].add(t[i].sra52());
    }
    let mut r = [V::zero(); M];
    r.copy_from_slice(&t[M..2 * M]);
    carry_signed(&mut r);
    r
}

/// x + beta y.
#[inline(always)]
fn times_beta_plus<V: V8, const M: usize>(
    x: &[V; M],
    y: &[V; M],
    beta: i64,
    p2: &[V; M],
) -> [V; M] {
    match beta {
        -1 => sub_v(x, y, p2),
        1 => add_v(x, y, p2),
        _ => lincomb_v(x, 1, y, beta, p2),
    }
}

/// The F_p2 square of a0 + a1 u with u^2 = beta, in registers: (a0 + a1)(a0 - a1) and
/// 2 a0 a1 for beta = -1 (2 products), a0^2 + beta a1^2 and 2 a0 a1 otherwise (3).
#[inline(always)]
pub(super) fn fp2_square<V: V8, const M: usize>(
    a: [&[Row; M]; 2],
    beta: i64,
    p: &[Row; M],
    p2: &[Row; M],
    inv: u64,
    c0: &mut [Row; M],
    c1: &mut [Row; M],
) {
    let (pv, p2v): ([V; M], [V; M]) = (load_all(p), load_all(p2));
    let a = [load_all(a[0]), load_all(a[1])];
    let [r0, r1] = fp2_square_v(&a, beta, &pv, &p2v, inv);
    *c0 = store_all(r0);
    *c1 = store_all(r1);
}

/// [`fp2_square`] on registers.
#[inline(always)]
fn fp2_square_v<V: V8, const M: usize>(
    a: &[[V; M]; 2],
    beta: i64,
    pv: &[V; M],
    p2v: &[V; M],
    inv: u64,
) -> [[V; M]; 2] {
    let [a0, a1] = a;
    let c1 = mont_mul_v(&add_v(a0, a0, p2v), a1, pv, inv);
    let c0 = if beta == -1 {
        mont_mul_v(&add_v(a0, a1, p2v), &sub_v(a0, a1, p2v), pv, inv)
    } else {
        let (s0, s1) = (mont_mul_v(a0, a0, pv, inv), mont_mul_v(a1, a1, pv, inv));
        times_beta_plus(&s0, &s1, beta, p2v)
    };
    [c0, c1]
}

/// (a0 + a1 s)^2 in F_p4 = F_p2[s]/(s^2 - xi): (a0^2 + xi a1^2) + ((a0 + a1)^2 - a0^2 - a1^2) s,
/// three F_p2 squares.
#[inline(always)]
fn fp4_square_v<V: V8, const M: usize>(
    a0: &[[V; M]; 2],
    a1: &[[V; M]; 2],
    k: &TowerConsts<'_, [Row; M]>,
    pv: &[V; M],
    p2v: &[V; M],
) -> [[[V; M]; 2]; 2] {
    let t0 = fp2_square_v(a0, k.beta, pv, p2v, k.inv);
    let t1 = fp2_square_v(a1, k.beta, pv, p2v, k.inv);
    let s = fp2_square_v(&fp2_add_v(a0, a1, p2v), k.beta, pv, p2v, k.inv);
    [
        fp2_add_v(&t0, &fp2_mul_xi_v(&t1, k.beta, k.xi, p2v), p2v),
        fp2_sub_v(&fp2_sub_v(&s, &t0, p2v), &t1, p2v),
    ]
}

/// 3a - 2b = 2(a - b) + a in F_p2.
#[inline(always)]
fn three_minus_two_v<V: V8, const M: usize>(
    a: &[[V; M]; 2],
    b: &[[V; M]; 2],
    p2v: &[V; M],
) -> [[V; M]; 2] {
    let d = fp2_sub_v(a, b, p2v);
    fp2_add_v(&fp2_add_v(&d, &d, p2v), a, p2v)
}

/// 3a + 2b = 2(a + b) + a in F_p2.
#[inline(always)]
fn three_plus_two_v<V: V8, const M: usize>(
    a: &[[V; M]; 2],
    b: &[[V; M]; 2],
    p2v: &[V; M],
) -> [[V; M]; 2] {
    let d = fp2_add_v(a, b, p2v);
    fp2_add_v(&fp2_add_v(&d, &d, p2v), a, p2v)
}

/// The cyclotomic square of Granger–Scott (PKC 2010, Section 3.2) in registers: with K = 12,
/// A' = 3A^2 - 2 conj(A) from the first four coefficients (A = e0 + e3 s), then on the last
/// eight, [e1, e2, e4, e5]: B = e1 + e4 s, C = e2 + e5 s, B' = 3 s C^2 + 2 conj(B),
/// C' = 3 B^2 - 2 conj(C) (with K = 8 only these: Karabina's compressed square).
#[inline(always)]
pub(super) fn cyclotomic_square<V: V8, const M: usize, const K: usize>(
    e: [&[Row; M]; K],
    k: &TowerConsts<'_, [Row; M]>,
    c: [&mut [Row; M]; K],
) {
    const {
        assert!(
            K == 8 || K == 12,
            "a full or a compressed cyclotomic element"
        )
    };
    let (pv, p2v): ([V; M], [V; M]) = (load_all(k.p), load_all(k.p2));
    let mut x = [[[V::zero(); M]; 2]; 6];
    for i in 0..K / 2 {
        x[i] = [load_all(e[2 * i]), load_all(e[2 * i + 1])];
    }
    let mut y = [[[V::zero(); M]; 2]; 6];
    let o = K / 2 - 4;
    if K == 12 {
        let [a0, a1] = fp4_square_v(&x[0], &x[1], k, &pv, &p2v);
        y[0] = three_minus_two_v(&a0, &x[0], &p2v);
        y[1] = three_plus_two_v(&a1, &x[1], &p2v);
    }
    let (e1, e2, e4, e5) = (&x[o], &x[o + 1], &x[o + 2], &x[o + 3]);
    let [b0, b1] = fp4_square_v(e1, e4, k, &pv, &p2v);
    let [c0, c1] = fp4_square_v(e2, e5, k, &pv, &p2v);
    // s C^2 = xi c1 + c0 s
    let sc0 = fp2_mul_xi_v(&c1, k.beta, k.xi, &p2v);
    y[o] = three_plus_two_v(&sc0, e1, &p2v);
    y[o + 1] = three_minus_two_v(&b0, e2, &p2v);
    y[o + 2] = three_minus_two_v(&c0, e4, &p2v);
    y[o + 3] = three_plus_two_v(&b1, e5, &p2v);
    for (i, out) in c.into_iter().enumerate() {
        *out = store_all(y[i / 2][i % 2]);
    }
}

/// `count` compressed cyclotomic squares (Karabina, as [`cyclotomic_square`] with K = 8) of
/// ONE element, digit-sliced: its eight F_p coefficients [e1.0, e1.1, e4.0, e4.1, e2.0, e2.1,
/// e5.0, e5.1] sit in the eight lanes, so each square's twelve F_p products are two lane
/// products, and the sums between them are lane permutations and digit-wise additions. For
/// u^2 = -1, xi = 1 + u. The state stays below 2p with digits below 2^52 between squares;
/// needs sums below 88p to fit the reductions ([`super::sliced_compressed_squares_apply`]).
#[inline(always)]
pub(super) fn compressed_squares<V: V8, const M: usize>(
    s: &[Row; M],
    count: usize,
    p: &[Row; M],
    p2: &[Row; M],
    inv: u64,
) -> [Row; M] {
    let (pv, p2v): ([V; M], [V; M]) = (load_all(p), load_all(p2));
    let (mut p4v, mut p6v) = ([V::zero(); M], [V::zero(); M]);
    for j in 0..M {
        p4v[j] = p2v[j].add(p2v[j]);
        p6v[j] = p4v[j].add(p2v[j]);
    }
    // floor(2^52 / (top digit of p + 1)): the quotient estimate of the final reduction.
    let recip = V::splat((1u64 << 52) / (p[M - 1].0[0] + 1));
    let mut x: [V; M] = load_all(s);
    for _ in 0..count {
        x = compressed_square_v(&x, &pv, &p2v, &p4v, &p6v, recip, inv);
    }
    store_all(x)
}

/// One square of [`compressed_squares`]. With P1 = (e1^2, e4^2, e2^2, e5^2) as F_p2 values
/// ((x0 + x1)(x0 - x1) and 2 x0 x1 in each lane pair) and P2 = the four F_p products each of
/// e1 e4 and e2 e5, Karabina's formulas (B = e1 + e4 s, C = e2 + e5 s, as `square_bc_from`)
/// are, lane by lane:
///   e1' = 6(P2[4] - P2[5] - P2[6] - P2[7]) + 2 e1.0,  6(P2[4] - P2[5] + P2[6] + P2[7]) + 2 e1.1
///   e4' = 3(P1[4] + P1[6] - P1[7]) - 2 e4.0,          3(P1[5] + P1[6] + P1[7]) - 2 e4.1
///   e2' = 3(P1[0] + P1[2] - P1[3]) - 2 e2.0,          3(P1[1] + P1[2] + P1[3]) - 2 e2.1
///   e5' = 6(P2[0] - P2[1]) + 2 e5.0,                  6(P2[2] + P2[3]) + 2 e5.1
/// (3 xi C^2's u-part, 3 C^2, 3 B^2 and 3 B^2's u-part with xi = 1 + u). The positive and
/// negative terms are gathered by two-source lane permutations; the sum, below 88p, is
/// carried and reduced by one multiple of p estimated from its top digit.
#[inline(always)]
fn compressed_square_v<V: V8, const M: usize>(
    s: &[V; M],
    pv: &[V; M],
    p2v: &[V; M],
    p4v: &[V; M],
    p6v: &[V; M],
    recip: V,
    inv: u64,
) -> [V; M] {
    const Z: u8 = 0xFF;
    const ODD: u8 = 0b1010_1010;
    let (mut l, mut r) = ([V::zero(); M], [V::zero(); M]);
    let (mut l2, mut r2) = ([V::zero(); M], [V::zero(); M]);
    for j in 0..M {
        let sw = s[j].perm2(s[j], [1, 0, 3, 2, 5, 4, 7, 6]);
        // Even lanes: x0 + x1 and x0 - x1 + 2p (below 4p); odd lanes: 2 x0 and x1.
        l[j] = sw.add(s[j].blend(sw, ODD));
        r[j] = s[j].add(p2v[j]).sub(sw).blend(s[j], ODD);
        // e1.0 e4.0, e1.1 e4.1, e1.0 e4.1, e1.1 e4.0, and the same for e2, e5.
        l2[j] = s[j].perm2(s[j], [0, 1, 0, 1, 4, 5, 4, 5]);
        r2[j] = s[j].perm2(s[j], [2, 3, 3, 2, 6, 7, 7, 6]);
    }
    carry(&mut l);
    carry_signed(&mut r);
    // Factors below 4p: each product is below 16p^2/2^(52M) + p < 2p.
    let p1 = mont_mul_v(&l, &r, pv, inv);
    let p2 = mont_mul_v(&l2, &r2, pv, inv);
    let mut v = [V::zero(); M];
    for j in 0..M {
        let (a, b) = (p1[j], p2[j]);
        let pos = a
            .perm2(b, [12, 12, 4, 5, 0, 1, 8, 10])
            .add(a.perm2(b, [Z, Z, 6, 6, 2, 2, Z, 11]))
            .add(a.perm2(b, [Z, 14, Z, 7, Z, 3, Z, Z]))
            .add(a.perm2(b, [Z, 15, Z, Z, Z, Z, Z, Z]));
        let neg = a
            .perm2(b, [13, 13, Z, Z, Z, Z, 9, Z])
            .add(a.perm2(b, [14, Z, 7, Z, 3, Z, Z, Z]))
            .add(a.perm2(b, [15, Z, Z, Z, Z, Z, Z, Z]));
        // At most four positive and three negative terms, each below 2p: pos + 6p - neg is in
        // (0, 14p); 6 times it plus 2e in lanes 0, 1, 6, 7, 3 times it minus 2e elsewhere.
        v[j] = triple_or_six(pos, neg, p6v[j], s[j], p4v[j], 0b1100_0011);
    }
    // v < 6 * 14p + 4p = 88p.
    reduce_below_2p(&mut v, pv, recip);
    v
}

/// v (digits of any sign, value in [0, 88p)) reduced below 2p with digits below 2^52: carried,
/// then less q p, where with t the top digit, q = floor(t m / 2^52) for
/// m = floor(2^52 / (top digit of p + 1)) is at most v/p and at least floor(v/p) - 1 (the
/// estimate loses under 88 / 2^12 + 1 for a top digit of p of at least 2^12), so v - q p is in
/// [0, 2p).
#[inline(always)]
fn reduce_below_2p<V: V8, const M: usize>(v: &mut [V; M], pv: &[V; M], recip: V) {
    carry_signed(v);
    let q = V::zero().madd_hi(v[M - 1], recip);
    let mut qp = [V::zero(); M];
    for j in 0..M {
        qp[j] = qp[j].madd_lo(q, pv[j]);
        if j + 1 < M {
            qp[j + 1] = qp[j + 1].madd_hi(q, pv[j]);
        }
    }
    for j in 0..M {
        v[j] = v[j].sub(qp[j]);
    }
    carry_signed(v);
}

/// c * x digit by digit for a small public constant (double-and-add over its bits), digits
/// left uncarried.
#[inline(always)]
fn mul_small<V: V8>(x: V, c: u64) -> V {
    let mut acc = V::zero();
    let mut bit = 64 - c.leading_zeros();
    while bit > 0 {
        bit -= 1;
        acc = acc.add(acc);
        if (c >> bit) & 1 == 1 {
            acc = acc.add(x);
        }
    }
    acc
}

/// `count` Granger–Scott cyclotomic squares (as [`cyclotomic_square`] with K = 12) of ONE
/// element of F_p12, digit-sliced: x = [e0, e3, e1, e4] and y = [e2, e5, 0, 0] (each F_p2
/// value as two lanes; A = e0 + e3 s, B = e1 + e4 s, C = e2 + e5 s). For u^2 = -1 and
/// v^3 = xi = xi0 + xi1 u with small xi0, xi1 >= 0. Between squares both vectors stay below 2p
/// with digits below 2^52; needs (xi0 + xi1) 2p and 52p below 2^(52M) and a top digit of p of
/// at least 2^12 ([`super::sliced_cyclotomic_squares_apply`]).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn cyclotomic_squares<V: V8, const M: usize>(
    x: &[Row; M],
    y: &[Row; M],
    count: usize,
    p: &[Row; M],
    p2: &[Row; M],
    inv: u64,
    xi: (u64, u64),
) -> ([Row; M], [Row; M]) {
    let (pv, p2v): ([V; M], [V; M]) = (load_all(p), load_all(p2));
    let mut p4v = [V::zero(); M];
    for j in 0..M {
        p4v[j] = p2v[j].add(p2v[j]);
    }
    let recip = V::splat((1u64 << 52) / (p[M - 1].0[0] + 1));
    let (mut xv, mut yv): ([V; M], [V; M]) = (load_all(x), load_all(y));
    for _ in 0..count {
        (xv, yv) = cyclotomic_square_sliced_v(&xv, &yv, &pv, &p2v, &p4v, recip, inv, xi);
    }
    (store_all(xv), store_all(yv))
}

/// One square of [`cyclotomic_squares`]: 24 F_p products in three lane products. Squares
/// of e0, e1, e2 ((x0 + x1)(x0 - x1) and 2 x0 x1); Karatsuba products (x0 y0, x1 y1,
/// (x0 + x1)(y0 + y1)) of e0 e3, e1 e4 and, with z = xi [e3, e4, e5, e2] reduced first,
/// (xi e3) e3, (xi e4) e4, (xi e5) e5 and (xi e2) e5. Then, with A^2 = (e0^2 + xi e3^2,
/// 2 e0 e3) and so on (Granger–Scott, PKC 2010: A' = 3A^2 - 2 conj(A), B' = 3 s C^2 +
/// 2 conj(B), C' = 3 B^2 - 2 conj(C)), each output lane is 3 or 6 times a signed sum of at
/// most four products, plus or minus twice its input: below 52p, reduced below 2p.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn cyclotomic_square_sliced_v<V: V8, const M: usize>(
    x: &[V; M],
    y: &[V; M],
    pv: &[V; M],
    p2v: &[V; M],
    p4v: &[V; M],
    recip: V,
    inv: u64,
    xi: (u64, u64),
) -> ([V; M], [V; M]) {
    const Z: u8 = 0xFF;
    const ODD: u8 = 0b1010_1010;
    const SWAP: [u8; 8] = [1, 0, 3, 2, 5, 4, 7, 6];
    // z = xi [e3, e4, e5, e2]: (xi0 z0 - xi1 z1, xi0 z1 + xi1 z0), the minus as 2p - z1;
    // below (xi0 + xi1) 2p, then reduced.
    let mut z = [V::zero(); M];
    for j in 0..M {
        let zin = x[j].perm2(y[j], [2, 3, 6, 7, 10, 11, 8, 9]);
        let zsw = zin.perm2(zin, SWAP);
        let zt = p2v[j].sub(zsw).blend(zsw, ODD);
        z[j] = mul_small(zin, xi.0).add(mul_small(zt, xi.1));
    }
    reduce_below_2p(&mut z, pv, recip);
    // Pair sums (both lanes of a pair hold x0 + x1) and the square operands, below 4p.
    let (mut sx, mut sy, mut sz) = ([V::zero(); M], [V::zero(); M], [V::zero(); M]);
    let (mut qlx, mut qrx) = ([V::zero(); M], [V::zero(); M]);
    let (mut qly, mut qry) = ([V::zero(); M], [V::zero(); M]);
    for j in 0..M {
        let (xsw, ysw) = (x[j].perm2(x[j], SWAP), y[j].perm2(y[j], SWAP));
        sx[j] = x[j].add(xsw);
        sy[j] = y[j].add(ysw);
        sz[j] = z[j].add(z[j].perm2(z[j], SWAP));
        qlx[j] = xsw.add(x[j].blend(xsw, ODD));
        qrx[j] = x[j].add(p2v[j]).sub(xsw).blend(x[j], ODD);
        qly[j] = ysw.add(y[j].blend(ysw, ODD));
        qry[j] = y[j].add(p2v[j]).sub(ysw).blend(y[j], ODD);
    }
    for v in [&mut sx, &mut sy, &mut sz, &mut qlx, &mut qly] {
        carry(v);
    }
    carry_signed(&mut qrx);
    carry_signed(&mut qry);
    // Batch 1: e0^2 (lanes 0, 1), e2^2 (2, 3), e1^2 (4, 5), e0.0 e3.0 and e0.1 e3.1 (6, 7).
    // Batch 2: (e0.0 + e0.1)(e3.0 + e3.1); e1 e4's three; (xi e3) e3's three; (xi e4).0 e4.0.
    // Batch 3: the rest of (xi e4) e4; (xi e5) e5's three; (xi e2) e5's three.
    let mut l = [[V::zero(); M]; 3];
    let mut r = [[V::zero(); M]; 3];
    for j in 0..M {
        l[0][j] = qlx[j]
            .perm2(qly[j], [0, 1, 8, 9, 4, 5, Z, Z])
            .add(x[j].perm2(x[j], [Z, Z, Z, Z, Z, Z, 0, 1]));
        r[0][j] = qrx[j]
            .perm2(qry[j], [0, 1, 8, 9, 4, 5, Z, Z])
            .add(x[j].perm2(x[j], [Z, Z, Z, Z, Z, Z, 2, 3]));
        l[1][j] = sx[j]
            .perm2(x[j], [0, 12, 13, 4, Z, Z, Z, Z])
            .add(z[j].perm2(sz[j], [Z, Z, Z, Z, 0, 1, 8, 2]));
        r[1][j] = sx[j].perm2(x[j], [2, 14, 15, 6, 10, 11, 2, 14]);
        l[2][j] = z[j].perm2(sz[j], [3, 10, 4, 5, 12, 6, 7, 14]);
        r[2][j] = x[j]
            .perm2(sx[j], [7, 14, Z, Z, Z, Z, Z, Z])
            .add(y[j].perm2(sy[j], [Z, Z, 2, 3, 10, 2, 3, 10]));
    }
    // Factors below 4p: each product is below 16p^2/2^(52M) + p < 2p.
    let p1 = mont_mul_v(&l[0], &r[0], pv, inv);
    let p2 = mont_mul_v(&l[1], &r[1], pv, inv);
    let p3 = mont_mul_v(&l[2], &r[2], pv, inv);
    let (mut ox, mut oy) = ([V::zero(); M], [V::zero(); M]);
    for j in 0..M {
        let (a, b, c) = (p1[j], p2[j], p3[j]);
        // x' = [e0', e3', e1', e4']:
        //   e0' = 3(e0^2 + (xi e3) e3) - 2 e0, e3' = 6 e0 e3 + 2 e3,
        //   e1' = 6 (xi e2) e5 + 2 e1,         e4' = 3(e2^2 + (xi e5) e5) - 2 e4.
        let pos = a
            .perm2(b, [0, 1, 6, 8, Z, Z, 2, 3])
            .add(c.perm2(c, [Z, Z, Z, Z, 5, 7, Z, Z]))
            .add(b.perm2(c, [4, 6, Z, Z, Z, Z, 10, 12]));
        let neg = a
            .perm2(b, [13, 12, 7, 6, Z, Z, Z, Z])
            .add(c.perm2(c, [Z, Z, Z, Z, 6, 5, 3, 2]))
            .add(a.perm2(b, [Z, 13, Z, 7, Z, Z, Z, Z]))
            .add(c.perm2(c, [Z, Z, Z, Z, Z, 6, Z, 3]));
        // pos and neg below 4p each: below 52p.
        ox[j] = triple_or_six(pos, neg, p4v[j], x[j], p4v[j], 0b0011_1100);
        // y' = [e2', e5', 0, 0]: e2' = 3(e1^2 + (xi e4) e4) - 2 e2, e5' = 6 e1 e4 + 2 e5.
        let pos = a
            .perm2(b, [4, 5, 9, 11, Z, Z, Z, Z])
            .add(b.perm2(c, [7, 9, Z, Z, Z, Z, Z, Z]));
        let neg = b
            .perm2(c, [8, 7, 2, 1, Z, Z, Z, Z])
            .add(b.perm2(c, [Z, 8, Z, 2, Z, Z, Z, Z]));
        oy[j] = triple_or_six(pos, neg, p4v[j], y[j], p4v[j], 0b0000_1100);
    }
    reduce_below_2p(&mut ox, pv, recip);
    reduce_below_2p(&mut oy, pv, recip);
    for v in oy.iter_mut() {
        *v = v.blend(V::zero(), 0b1111_0000);
    }
    (ox, oy)
}

/// k (pos + offset - neg) + 2 e in the lanes of `six` (k = 6), k (pos + offset - neg) - 2 e
/// elsewhere (k = 3, the minus as 4p - 2 e); `offset`, a multiple of p above neg, keeps the
/// value positive (Karabina's and Granger–Scott's outputs both have this shape).
#[inline(always)]
fn triple_or_six<V: V8>(pos: V, neg: V, offset: V, e: V, p4: V, six: u8) -> V {
    let q = pos.add(offset).sub(neg);
    let q3 = q.add(q).add(q);
    let e2 = e.add(e);
    q3.blend(q3.add(q3), six).add(p4.sub(e2).blend(e2, six))
}

/// a / 2 mod p: (a + p) / 2 for odd a, a / 2 for even a (below 2p for a < 2p, as a + p < 3p).
#[inline(always)]
pub(super) fn half_mod<V: V8, const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
    let one = V::splat(1);
    let odd = V::zero().sub(V::load(&a[0]).and(one));
    let mut s = [V::zero(); M];
    for j in 0..M {
        s[j] = V::load(&a[j]).add(V::load(&p[j]).and(odd));
    }
    carry(&mut s);
    let mut h = [V::zero(); M];
    for j in 0..M - 1 {
        h[j] = s[j].shr1().or(s[j + 1].and(one).shl51());
    }
    h[M - 1] = s[M - 1].shr1();
    store_all(h)
}
