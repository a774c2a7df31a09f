//! Variable-time modular inversion by Bernstein–Yang divsteps ("Fast constant-time gcd
//! computation and modular inversion", TCHES 2019, Section 11) on signed radix-2^62 limbs (the
//! batching, the bounds on d, e and the variable-time shortcuts are those of Wuille's write-up of
//! libsecp256k1's safegcd), and the radix-2^62 arithmetic that the constant-time inverse
//! (`super::bingcd`) shares.
//!
//! Each batch runs 62 divsteps on the low 62 bits of f and g only, collecting a 2x2 transition
//! matrix with entries below 2^62 in absolute value; the matrix is then applied to the full f, g
//! (exact division by 2^62) and to the Bezout coefficients d, e (division by 2^62 modulo p). The
//! divsteps take fewer instructions than their constant-time form (a run of zero bits of g in one
//! shift, up to 4 additions of f in one step; Wuille's write-up, sections 5 and 6), the batches
//! apply to f and g only as long as they still are, and the loop stops at g = 0.

use super::limbs::ct::barrier;

const M62: u64 = u64::MAX >> 2;
/// Enough 62-bit limbs for N = 16 64-bit limbs (1026 bits with sign and slack).
const MAX_L: usize = 17;

/// Whether moduli of N 64-bit limbs are supported (N <= 16).
pub const fn supports_limbs(n: usize) -> bool {
    n >= 1 && limbs62(n) <= MAX_L
}

/// 62-bit limbs needed for an N-limb modulus: values in (-2p, p) plus a sign bit.
const fn limbs62(n: usize) -> usize {
    (64 * n + 2).div_ceil(62)
}

/// A signed integer in radix 2^62: limbs 0..L-1 in [0, 2^62), the top one signed.
pub(super) type S62 = [i64; MAX_L];

fn to_s62<const N: usize>(x: &[u64; N]) -> S62 {
    let l = limbs62(N);
    let mut r = [0i64; MAX_L];
    for (i, out) in r.iter_mut().enumerate().take(l) {
        let bit = 62 * i;
        let (w, s) = (bit / 64, bit % 64);
        let mut v = if w < N { x[w] >> s } else { 0 };
        if s > 2 && w + 1 < N {
            v |= x[w + 1] << (64 - s);
        }
        *out = (v & M62) as i64;
    }
    r
}

/// Back to 64-bit limbs, for a value in [0, 2^(64N)).
fn from_s62<const N: usize>(x: &S62) -> [u64; N] {
    let l = limbs62(N);
    let mut r = [0u64; N];
    for (i, &limb) in x.iter().enumerate().take(l) {
        let bit = 62 * i;
        let (w, s) = (bit / 64, bit % 64);
        let v = limb as u64;
        if w < N {
            r[w] |= v << s;
        }
        if s > 2 && w + 1 < N {
            r[w + 1] |= v >> (64 - s);
        }
    }
    r
}

/// p^{-1} mod 2^64 by Newton's iteration (p odd): each step doubles the correct low bits.
fn inv_mod_2_64(p0: u64) -> u64 {
    let mut x = p0; // correct to 3 bits for odd p0
    for _ in 0..5 {
        x = x.wrapping_mul(2u64.wrapping_sub(p0.wrapping_mul(x)));
    }
    x
}

/// (a, b) <- ((u a + v b) / 2^62, (q a + r b) / 2^62). With `MODULAR` false (f, g) the division
/// is exact. With `MODULAR` true (d, e) it is modulo p: multiples md p, me p are added so that the
/// low 62 bits vanish, and inputs in (-2p, p) give outputs in (-2p, p).
#[inline(always)]
pub(super) fn apply_transition<const N: usize, const MODULAR: bool>(
    a: &mut S62,
    b: &mut S62,
    t: &[i64; 4],
    p: &S62,
    p_inv62: u64,
) {
    let l = limbs62(N);
    let [u, v, q, r] = *t;
    let (mut ma, mut mb) = (0i64, 0i64);
    if MODULAR {
        // Start from the rows of the negative inputs, which keeps the results above -2p.
        let (sa, sb) = (a[l - 1] >> 63, b[l - 1] >> 63);
        ma = (u & sa) + (v & sb);
        mb = (q & sa) + (r & sb);
    }
    let (u, v, q, r) = (u as i128, v as i128, q as i128, r as i128);
    let mut ca = u * a[0] as i128 + v * b[0] as i128;
    let mut cb = q * a[0] as i128 + r * b[0] as i128;
    if MODULAR {
        // ma -= (p^{-1} ca + ma) mod 2^62, so that ca + p ma = 0 mod 2^62.
        ma =
            ma.wrapping_sub((p_inv62.wrapping_mul(ca as u64).wrapping_add(ma as u64) & M62) as i64);
        mb =
            mb.wrapping_sub((p_inv62.wrapping_mul(cb as u64).wrapping_add(mb as u64) & M62) as i64);
        ca += p[0] as i128 * ma as i128;
        cb += p[0] as i128 * mb as i128;
    }
    debug_assert!(ca as u64 & M62 == 0 && cb as u64 & M62 == 0);
    ca >>= 62;
    cb >>= 62;
    for i in 1..l {
        ca += u * a[i] as i128 + v * b[i] as i128;
        cb += q * a[i] as i128 + r * b[i] as i128;
        if MODULAR {
            ca += p[i] as i128 * ma as i128;
            cb += p[i] as i128 * mb as i128;
        }
        a[i - 1] = (ca as u64 & M62) as i64;
        b[i - 1] = (cb as u64 & M62) as i64;
        ca >>= 62;
        cb >>= 62;
    }
    a[l - 1] = ca as i64;
    b[l - 1] = cb as i64;
}

/// x + (p where mask = !0), then x negated where neg = !0; limbs renormalised. Branch-free.
#[inline(always)]
fn add_p_then_negate<const N: usize>(x: &mut S62, p: &S62, add_mask: i64, neg_mask: i64) {
    // Hidden from the optimiser: knowing a mask is 0 or -1, LLVM turned `p & mask` into a branch
    // on the mask (a secret-dependent jump that valgrind's ctgrind run reported).
    let add_mask = barrier(add_mask as u64) as i64;
    let neg_mask = barrier(neg_mask as u64) as i64;
    let l = limbs62(N);
    let mut c: i64 = 0;
    for i in 0..l {
        let s = x[i] + (p[i] & add_mask);
        let s = (s ^ neg_mask) - neg_mask + c;
        if i + 1 < l {
            x[i] = s & M62 as i64;
            c = s >> 62;
        } else {
            x[i] = s;
        }
    }
}

/// The set-up shared by the variable-time inverse and the binary GCD's (`super::bingcd`): p and x
/// in radix 2^62, p^{-1} mod 2^62.
pub(super) fn setup<const N: usize>(x: &[u64; N], p: &[u64; N]) -> (S62, S62, u64) {
    assert!(
        supports_limbs(N) && p[0] & 1 == 1,
        "safegcd needs an odd modulus of at most 16 limbs"
    );
    (to_s62(p), to_s62(x), inv_mod_2_64(p[0]) & M62)
}

/// The end shared by both variants: g = 0 and f = +-gcd(p, x) = +-1 (x invertible), with
/// d x = f mod p, so x^{-1} = sign(f) d. d is in (-2p, p): add p if negative, negate if f < 0,
/// add p if negative: [0, p). Branch-free.
pub(super) fn finish<const N: usize>(f_top: i64, mut d: S62, p62: &S62) -> [u64; N] {
    let l = limbs62(N);
    let f_neg = f_top >> 63;
    let d_neg = d[l - 1] >> 63;
    add_p_then_negate::<N>(&mut d, p62, d_neg, f_neg);
    let d_neg = d[l - 1] >> 63;
    add_p_then_negate::<N>(&mut d, p62, d_neg, 0);
    from_s62(&d)
}

/// x^{-1} mod p in time that depends on x (for public values; the constant-time inverse is
/// `super::bingcd`'s): the variable-time divsteps below, on f and g only
/// as long as they still are, stopping as soon as g = 0. `bits` is unused (kept for the contract
/// shared with the constant-time inverse).
pub fn inv_mod_vartime<const N: usize>(x: &[u64; N], p: &[u64; N], bits: u32) -> [u64; N] {
    let _ = bits;
    let (p62, mut g, p_inv62) = setup(x, p);
    let mut f = p62;
    let (mut d, mut e) = ([0i64; MAX_L], [0i64; MAX_L]);
    e[0] = 1;
    // The active length of f and g: limbs len.. are the sign extension of limb len-1.
    let mut len = limbs62(N);
    let mut eta = -1i64; // -delta, delta = 1
    loop {
        let (ne, t) = divsteps_62_vartime(eta, f[0] as u64, g[0] as u64);
        eta = ne;
        apply_transition_fg_vartime(&mut f, &mut g, &t, len);
        apply_transition::<N, true>(&mut d, &mut e, &t, &p62, p_inv62);
        if g[0] == 0 && g[1..len].iter().all(|&w| w == 0) {
            break;
        }
        // Fold the top limbs into the one below while both are a sign extension (0 or -1).
        let (ft, gt) = (f[len - 1], g[len - 1]);
        if len > 1 && ((ft ^ (ft >> 63)) | (gt ^ (gt >> 63))) == 0 {
            f[len - 2] |= ft << 62;
            g[len - 2] |= gt << 62;
            len -= 1;
        }
    }
    finish::<N>(f[len - 1], d, &p62)
}

/// The variable-time counterpart of [`divsteps_62`] (Bernstein–Yang, TCHES 2019, divsteps in
/// batches; the variable-time shortcuts are those of Wuille's "The safegcd implementation in
/// libsecp256k1 explained", sections 5 and 6): in the eta = -delta form, a run of zero low bits of
/// g is one shift (count trailing zeros), and the "add f while g is odd, then halve" steps that
/// follow a swap are done up to 4 or 6 at a time by adding w f with w = -g / f mod 2^k. Returns
/// the new eta and [[u, v], [q, r]] with f' 2^62 = u f + v g and g' 2^62 = q f + r g.
#[inline(always)]
fn divsteps_62_vartime(eta: i64, f0: u64, g0: u64) -> (i64, [i64; 4]) {
    let mut s = VarSteps {
        eta,
        f: f0,
        g: g0,
        u: 1,
        v: 0,
        q: 0,
        r: 1,
        i: 62,
    };
    // The first step, where eta may still be negative, in the general form.
    s.shift();
    if s.i == 0 {
        return s.result();
    }
    s.cancel_general();
    // From here on eta >= 0 at the top of each step: the fast form.
    loop {
        let (f, g) = (s.f, s.g);
        // Started before the shift, off the critical path: with F = g / 2^zeros (odd),
        // f F = (f g) / 2^zeros, the bit (F + 1) & 4 is bit zeros + 2 of g ^ 2g, and
        // 2^(zeros + 1) - 1 = g ^ (g - 1).
        let fg = f.wrapping_mul(g);
        let x = g ^ (g << 1);
        let low = g ^ g.wrapping_sub(1);
        let eta_top = s.eta;
        let zeros = s.shift();
        if s.i < 4 {
            // The last steps of the batch, where i limits the bits cancelled.
            while s.i != 0 {
                s.cancel_general();
                s.shift();
            }
            return s.result();
        }
        // g is odd. The next eta + 1 divsteps (until delta turns positive again) add f to g where
        // g is odd and halve g: cancel k = min(eta + 1, 4) low bits of g at once by adding w f.
        let (w, m) = if s.eta < 0 {
            // delta > 0: the divstep swaps, (f, g) <- (g, -f), then as above. The new g is -f,
            // so w = f / F = f F + 8 ((F + 1) / 4 mod 2) mod 2^4 (f odd), and eta + 1 is
            // zeros + 1 - eta_top, 0 <= eta_top < zeros.
            s.swap();
            let w = (fg >> zeros).wrapping_add(((x >> zeros) & 4) << 1);
            (w, low >> eta_top)
        } else {
            (
                neg_inv_16(s.f).wrapping_mul(s.g),
                (2u64 << s.eta.min(3)).wrapping_sub(1),
            )
        };
        s.add_f(w & m & 15);
    }
}

/// The state of [`divsteps_62_vartime`]: eta, the low bits of f and g, the matrix, and the
/// divsteps left in the batch. Invariant: f 2^(62-i) = u f0 + v g0, g 2^(62-i) = q f0 + r g0.
struct VarSteps {
    eta: i64,
    f: u64,
    g: u64,
    u: u64,
    v: u64,
    q: u64,
    r: u64,
    i: u32,
}

impl VarSteps {
    /// The run of zero low bits of g, at most i (the sentinel bit), as that many halvings of g.
    #[inline(always)]
    fn shift(&mut self) -> u32 {
        let zeros = (self.g | (u64::MAX << self.i)).trailing_zeros();
        self.g >>= zeros;
        self.u <<= zeros;
        self.v <<= zeros;
        self.eta -= zeros as i64;
        self.i -= zeros;
        zeros
    }

    /// delta > 0 and g odd: the divstep swaps, (f, g) <- (g, -f) (and eta <- -eta).
    #[inline(always)]
    fn swap(&mut self) {
        self.eta = -self.eta;
        (self.f, self.g) = (self.g, self.f.wrapping_neg());
        (self.u, self.q) = (self.q, self.u.wrapping_neg());
        (self.v, self.r) = (self.r, self.v.wrapping_neg());
    }

    /// g <- g + w f.
    #[inline(always)]
    fn add_f(&mut self, w: u64) {
        self.g = self.g.wrapping_add(self.f.wrapping_mul(w));
        self.q = self.q.wrapping_add(self.u.wrapping_mul(w));
        self.r = self.r.wrapping_add(self.v.wrapping_mul(w));
    }

    /// For odd g: the swap if delta > 0, then the next min(eta + 1, i, 4) divsteps' additions of
    /// f (those that do not swap: eta + 1 of them, and at most i left in the batch) at once.
    #[inline(always)]
    fn cancel_general(&mut self) {
        if self.eta < 0 {
            self.swap();
        }
        let limit = (self.eta as u32 + 1).min(self.i).min(4);
        self.add_f(neg_inv_16(self.f).wrapping_mul(self.g) & ((1u64 << limit) - 1));
    }

    #[inline(always)]
    fn result(&self) -> (i64, [i64; 4]) {
        (
            self.eta,
            [self.u as i64, self.v as i64, self.q as i64, self.r as i64],
        )
    }
}

/// -f^{-1} mod 2^4 for odd f: f^{-1} = f + 8 ((f + 1) / 4 mod 2), from f^2 = 1 mod 8.
#[inline(always)]
fn neg_inv_16(f: u64) -> u64 {
    f.wrapping_add((f.wrapping_add(1) & 4) << 1).wrapping_neg()
}

/// (f, g) <- ((u f + v g) / 2^62, (q f + r g) / 2^62) on the low `len` limbs, the rest being the
/// sign extension of limb len-1 (the division is exact).
#[inline(always)]
fn apply_transition_fg_vartime(f: &mut S62, g: &mut S62, t: &[i64; 4], len: usize) {
    let (u, v, q, r) = (t[0] as i128, t[1] as i128, t[2] as i128, t[3] as i128);
    let mut cf = u * f[0] as i128 + v * g[0] as i128;
    let mut cg = q * f[0] as i128 + r * g[0] as i128;
    debug_assert!(cf as u64 & M62 == 0 && cg as u64 & M62 == 0);
    cf >>= 62;
    cg >>= 62;
    for k in 1..len {
        cf += u * f[k] as i128 + v * g[k] as i128;
        cg += q * f[k] as i128 + r * g[k] as i128;
        f[k - 1] = (cf as u64 & M62) as i64;
        g[k - 1] = (cg as u64 & M62) as i64;
        cf >>= 62;
        cg >>= 62;
    }
    f[len - 1] = cf as i64;
    g[len - 1] = cg as i64;
}
