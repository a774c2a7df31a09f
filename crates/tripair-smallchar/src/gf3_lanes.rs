//! Eight F_{3^m} elements side by side, one per 64-bit lane ("transposed": word w of all eight
//! elements forms one 512-bit row), and their cubes computed together.
//!
//! The eta_T loop needs four Frobenius sequences (x^(3^s) of the P and Q coordinates), about
//! 4 (m + 1) / 2 cubes in all: one at a time (BMI2 PDEP spreading) they took about 11% of the
//! eta3-97 pairing. Cubing is F_3-linear, so one lane-parallel cube serves eight sequences.
//!
//! The cube a^3 = sum a_i x^(3i) splits the trits in thirds (as the scalar `cube_sliced`):
//! region j = 0, 1, 2 holds trits i_j <= i < i_(j+1), i_j = ceil(j m / 3), placed at
//! 3 (i - i_j) + o_j with o_j = 3 i_j - j m in {0, 1, 2}: S_j = sum a_i x^(3i - jm). With
//! x^m = -a x^k - c and x^(2m) = x^(2k) + 2ac x^k + 1 (a^2 = c^2 = 1),
//! a^3 = [S0 - c S1 + S2] + x^k [-a S1 + 2ac S2] + x^(2k) S2; the S_j sit on different residues
//! of the position mod 3 (m is not a multiple of 3), so both brackets are ORs, and what remains
//! above x^m is folded back. On AVX-512 the spreading of one output row takes three
//! instructions: VPMULTISHIFTQB brings to each output byte the (at most three) input bits it
//! needs, together with their first position d in {0, 1, 2} in bits 3..4 (one VPTERNLOGQ), and
//! one VPERMB looks the byte up.

use super::gf3::{Backend3, Gf3, Trinomial3, MAX_WORDS};

/// Eight elements of F_{3^m}, transposed: `hi[w][e]` and `lo[w][e]` are word w of element e.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Lanes3<const N: usize, P: Trinomial3> {
    pub(crate) hi: [[u64; 8]; N],
    pub(crate) lo: [[u64; 8]; N],
    _p: core::marker::PhantomData<P>,
}

impl<const N: usize, P: Trinomial3> Lanes3<N, P> {
    pub(crate) fn zero() -> Self {
        Lanes3 {
            hi: [[0; 8]; N],
            lo: [[0; 8]; N],
            _p: core::marker::PhantomData,
        }
    }

    /// The eight elements in lanes 0..8.
    pub fn from_elems(e: &[Gf3<N, P>; 8]) -> Self {
        let mut r = Self::zero();
        for (k, x) in e.iter().enumerate() {
            for w in 0..N {
                r.hi[w][k] = x.hi[w];
                r.lo[w][k] = x.lo[w];
            }
        }
        r
    }

    /// The element in lane k.
    #[inline(always)]
    pub fn get(&self, k: usize) -> Gf3<N, P> {
        Gf3::from_words(
            core::array::from_fn(|w| self.hi[w][k]),
            core::array::from_fn(|w| self.lo[w][k]),
        )
    }

    /// The cubes of the lanes, one at a time by `be.cube` (the reference the lane kernels are
    /// tested against, and the fallback of backends without one).
    pub fn cube_each<Bk: Backend3>(&self, be: Bk) -> Self {
        Self::from_elems(&core::array::from_fn(|k| be.cube(&self.get(k))))
    }
}

/// The Frobenius sequences x_k^(3^s), 0 <= s < n, of up to eight elements x_k (unused lanes
/// zero): n - 1 lane-parallel cubes ([`Backend3::cube_lanes`]).
pub struct FrobSeq3<const N: usize, P: Trinomial3> {
    steps: Vec<Lanes3<N, P>>,
}

impl<const N: usize, P: Trinomial3> FrobSeq3<N, P> {
    /// The sequences of the eight `start` elements up to s = n - 1 (n - 1 lane-parallel cubes
    /// on `be`).
    pub fn new<Bk: Backend3>(start: &[Gf3<N, P>; 8], n: usize, be: Bk) -> Self {
        let mut steps = Vec::with_capacity(n);
        steps.push(Lanes3::from_elems(start));
        for s in 1..n {
            let next = be.cube_lanes(&steps[s - 1]);
            steps.push(next);
        }
        FrobSeq3 { steps }
    }

    /// x_k^(3^s).
    #[inline(always)]
    pub fn get(&self, k: usize, s: usize) -> Gf3<N, P> {
        self.steps[s].get(k)
    }
}

/// The first trit of each third of the cube (i_j = ceil(j m / 3), i_3 = m).
const fn third_start(m: usize, j: usize) -> usize {
    (j * m).div_ceil(3)
}

/// The lookup of the spreading step: entry 8d + v (d < 3, v < 8) has bit d + 3s set for each
/// bit s of v with d + 3s < 8.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const SPREAD_LUT: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut d = 0;
    while d < 3 {
        let mut v = 0;
        while v < 8 {
            let mut s = 0;
            let mut e = 0u8;
            while s < 3 {
                if (v >> s) & 1 == 1 && d + 3 * s < 8 {
                    e |= 1 << (d + 3 * s);
                }
                s += 1;
            }
            t[8 * d + v] = e;
            v += 1;
        }
        d += 1;
    }
    t
};

/// For output word q of a spreading with offset o (input bit i to position 3i + o): byte b of
/// the VPMULTISHIFTQB control (the first input bit the byte needs, within input word q / 3)
/// and byte b of the lookup's high index bits (8 d, d = the byte's first output position).
/// Output byte B = 3j + r draws only on input byte j (for every o < 3).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const fn spread_ctrl(o: usize, q: usize) -> (u64, u64) {
    let (mut ctrl, mut dhi) = (0u64, 0u64);
    let mut b = 0;
    while b < 8 {
        let big_b = 8 * q + b;
        let first = (8 * big_b + 2 - o) / 3;
        let d = 3 * first + o - 8 * big_b;
        ctrl |= ((first - 64 * (q / 3)) as u64) << (8 * b);
        dhi |= ((8 * d) as u64) << (8 * b);
        b += 1;
    }
    (ctrl, dhi)
}

/// [`spread_ctrl`] for every offset and output row (evaluated at compile time).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const SPREAD_CTRL: [[(u64, u64); MAX_WORDS]; 3] = {
    let mut t = [[(0u64, 0u64); MAX_WORDS]; 3];
    let mut o = 0;
    while o < 3 {
        let mut q = 0;
        while q < MAX_WORDS {
            t[o][q] = spread_ctrl(o, q);
            q += 1;
        }
        o += 1;
    }
    t
};

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512 {
    use core::arch::x86_64::*;

    use super::super::gf3::{Trinomial3, MAX_WORDS};
    use super::super::gf3_avx512::vtadd;
    use super::{third_start, Lanes3, SPREAD_CTRL, SPREAD_LUT};

    /// Rows of the working value: a^3 before the fold has degree < m + 2k < 3m <= 64 * 3N.
    const ROWS: usize = 2 * MAX_WORDS;

    type Rows = [__m512i; ROWS];

    /// Rows shifted down by s bits (rows beyond `n` read as zero).
    ///
    /// # Safety
    /// Only for [`cube_lanes_avx512`], whose target features it runs under.
    #[inline(always)]
    unsafe fn shr_rows(x: &Rows, n: usize, s: usize) -> Rows {
        // SAFETY: the caller runs on a CPU with AVX-512 F and VBMI2.
        unsafe {
            let (q, r) = (s / 64, (s % 64) as i64);
            let cnt = _mm512_set1_epi64(r);
            let mut out = [_mm512_setzero_si512(); ROWS];
            for w in 0..n {
                if w + q >= n {
                    break;
                }
                let lo = x[w + q];
                let hi = if w + q + 1 < n {
                    x[w + q + 1]
                } else {
                    _mm512_setzero_si512()
                };
                out[w] = if r == 0 {
                    lo
                } else {
                    _mm512_shrdv_epi64(lo, hi, cnt)
                };
            }
            out
        }
    }

    /// Rows 0..n shifted up by s bits into rows 0..n_out.
    ///
    /// # Safety
    /// Only for [`cube_lanes_avx512`], whose target features it runs under.
    #[inline(always)]
    unsafe fn shl_rows(x: &Rows, n: usize, s: usize, n_out: usize) -> Rows {
        // SAFETY: the caller runs on a CPU with AVX-512 F and VBMI2.
        unsafe {
            let (q, r) = (s / 64, (s % 64) as i64);
            let cnt = _mm512_set1_epi64(r);
            let zero = _mm512_setzero_si512();
            let row = |i: usize| if i < n { x[i] } else { zero };
            let mut out = [zero; ROWS];
            // Index loops: iterator adapters (skip, take) were left as calls here.
            #[allow(clippy::needless_range_loop)]
            for w in q..n_out {
                let i = w - q;
                out[w] = if r == 0 {
                    row(i)
                } else if i == 0 {
                    _mm512_sllv_epi64(row(0), cnt)
                } else {
                    _mm512_shldv_epi64(row(i), row(i - 1), cnt)
                };
            }
            out
        }
    }

    /// Mask of the bits below `bits` in row w.
    #[inline(always)]
    fn low_mask(bits: usize, w: usize) -> i64 {
        if bits >= 64 * (w + 1) {
            -1
        } else if bits <= 64 * w {
            0
        } else {
            ((1u64 << (bits - 64 * w)) - 1) as i64
        }
    }

    /// Third j of one plane spread: trits i_j..i_(j+1) of x at positions 3 (i - i_j) + o_j.
    ///
    /// # Safety
    /// Only for [`cube_lanes_avx512`], whose target features it runs under.
    #[inline(always)]
    unsafe fn spread_third<const N: usize, P: Trinomial3>(
        x: &Rows,
        j: usize,
        lut: __m512i,
    ) -> Rows {
        let m = P::M;
        let (i0, i1) = (third_start(m, j), third_start(m, j + 1));
        let n = i1 - i0;
        let o = 3 * i0 - j * m;
        // SAFETY (all intrinsics below): the caller runs on a CPU with AVX-512 F, BW, VBMI and
        // VBMI2.
        unsafe {
            let mut src = shr_rows(x, N, i0);
            // Rows past the third's last are cleared too (a spread row may read one of them).
            #[allow(clippy::needless_range_loop)]
            for w in 0..N {
                let mk = low_mask(n, w);
                if mk != -1 {
                    src[w] = _mm512_and_si512(src[w], _mm512_set1_epi64(mk));
                }
            }
            let low3 = _mm512_set1_epi8(0x07);
            let mut out = [_mm512_setzero_si512(); ROWS];
            for q in 0..(3 * n + o).div_ceil(64) {
                let (ctrl, dhi) = SPREAD_CTRL[o][q];
                let bits = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(ctrl as i64), src[q / 3]);
                // (bits & 7) | 8d: the lookup index.
                let idx =
                    _mm512_ternarylogic_epi64::<0xf8>(_mm512_set1_epi64(dhi as i64), bits, low3);
                out[q] = _mm512_permutexvar_epi8(idx, lut);
            }
            out
        }
    }

    /// (h, l) scaled by f in {1, 2} (2 negates: hi ^= lo).
    ///
    /// # Safety
    /// Only for [`cube_lanes_avx512`], whose target features it runs under.
    #[inline(always)]
    unsafe fn scale(h: __m512i, l: __m512i, f: u8) -> __m512i {
        // SAFETY: the caller runs on a CPU with AVX-512 F.
        unsafe {
            if f == 1 {
                h
            } else {
                _mm512_xor_si512(h, l)
            }
        }
    }

    /// The cubes of the eight lanes (see the module documentation).
    ///
    /// # Safety
    /// Calling it is sound only on a CPU with AVX-512 F, BW, VBMI and VBMI2.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2")]
    pub unsafe fn cube_lanes_avx512<const N: usize, P: Trinomial3>(
        x: &Lanes3<N, P>,
    ) -> Lanes3<N, P> {
        let (m, k) = (P::M, P::K);
        let neg_c = 3 - P::C;
        let neg_a = 3 - P::A;
        let two_ac = (2 * P::A * P::C) % 3;
        // SAFETY (all intrinsics below): this function's target features; the loads and stores
        // read and write the N rows of 8 u64 (64 bytes, 64-byte aligned) of each plane, and
        // SPREAD_LUT is 64 bytes.
        unsafe {
            let lut = _mm512_loadu_si512(SPREAD_LUT.as_ptr() as *const _);
            let mut xh = [_mm512_setzero_si512(); ROWS];
            let mut xl = [_mm512_setzero_si512(); ROWS];
            for w in 0..N {
                xh[w] = _mm512_load_si512(x.hi[w].as_ptr() as *const _);
                xl[w] = _mm512_load_si512(x.lo[w].as_ptr() as *const _);
            }
            // No closures here: they would not inherit this function's target features.
            let (s0h, s0l) = (
                spread_third::<N, P>(&xh, 0, lut),
                spread_third::<N, P>(&xl, 0, lut),
            );
            let (s1h, s1l) = (
                spread_third::<N, P>(&xh, 1, lut),
                spread_third::<N, P>(&xl, 1, lut),
            );
            let (s2h, s2l) = (
                spread_third::<N, P>(&xh, 2, lut),
                spread_third::<N, P>(&xl, 2, lut),
            );
            // Rows of the result before the fold: degree < m + 2k.
            let rows = (m + 2 * k).div_ceil(64);
            let mut b1h = [_mm512_setzero_si512(); ROWS];
            let mut b1l = [_mm512_setzero_si512(); ROWS];
            let mut wh = [_mm512_setzero_si512(); ROWS];
            let mut wl = [_mm512_setzero_si512(); ROWS];
            for w in 0..N {
                // Disjoint supports: sums are ORs.
                let lo = _mm512_ternarylogic_epi64::<0xfe>(s0l[w], s1l[w], s2l[w]);
                wh[w] =
                    _mm512_ternarylogic_epi64::<0xfe>(s0h[w], scale(s1h[w], s1l[w], neg_c), s2h[w]);
                wl[w] = lo;
                b1h[w] =
                    _mm512_or_si512(scale(s1h[w], s1l[w], neg_a), scale(s2h[w], s2l[w], two_ac));
                b1l[w] = _mm512_or_si512(s1l[w], s2l[w]);
            }
            let (th, tl) = (shl_rows(&b1h, N, k, rows), shl_rows(&b1l, N, k, rows));
            let (uh, ul) = (
                shl_rows(&s2h, N, 2 * k, rows),
                shl_rows(&s2l, N, 2 * k, rows),
            );
            for w in 0..rows {
                (wh[w], wl[w]) = vtadd(wh[w], wl[w], th[w], tl[w]);
                (wh[w], wl[w]) = vtadd(wh[w], wl[w], uh[w], ul[w]);
            }
            // Fold the part at or above x^m: H x^m = -c H - a x^k H.
            let mut top = m + 2 * k;
            while top > m {
                let n = top.div_ceil(64);
                let (hh, hl) = (shr_rows(&wh, n, m), shr_rows(&wl, n, m));
                for w in m / 64..n {
                    let mk = _mm512_set1_epi64(low_mask(m, w));
                    wh[w] = _mm512_and_si512(wh[w], mk);
                    wl[w] = _mm512_and_si512(wl[w], mk);
                }
                let hn = (top - m).div_ceil(64);
                let new_top = (top - m + k).max(m);
                let n2 = new_top.div_ceil(64);
                for w in 0..hn {
                    let h = scale(hh[w], hl[w], neg_c);
                    (wh[w], wl[w]) = vtadd(wh[w], wl[w], h, hl[w]);
                }
                let (kh, kl) = (shl_rows(&hh, hn, k, n2), shl_rows(&hl, hn, k, n2));
                for w in 0..n2 {
                    let h = scale(kh[w], kl[w], neg_a);
                    (wh[w], wl[w]) = vtadd(wh[w], wl[w], h, kl[w]);
                }
                top = if top - m + k > m { top - m + k } else { m };
            }
            let mut out = Lanes3::<N, P>::zero();
            for w in 0..N {
                _mm512_store_si512(out.hi[w].as_mut_ptr() as *mut _, wh[w]);
                _mm512_store_si512(out.lo[w].as_mut_ptr() as *mut _, wl[w]);
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spreading constants: every output position 3i + o of an input bit i is produced by
    /// exactly one byte, from the right bit.
    #[test]
    fn spread_ctrl_covers_every_position() {
        for o in 0..3 {
            for q in 0..8 {
                let (ctrl, dhi) = spread_ctrl(o, q);
                for b in 0..8 {
                    let big_b = 8 * q + b;
                    let first = ((ctrl >> (8 * b)) & 0xff) as usize + 64 * (q / 3);
                    let d = ((dhi >> (8 * b)) & 0xff) as usize / 8;
                    assert!(d < 3);
                    for r in 0..8 {
                        let p = 8 * big_b + r;
                        // Which input bit lands at p, if any.
                        let want = (p >= o && (p - o).is_multiple_of(3)).then(|| (p - o) / 3);
                        let got =
                            (r >= d && (r - d).is_multiple_of(3)).then(|| first + (r - d) / 3);
                        assert_eq!(want, got, "o {o} q {q} b {b} r {r}");
                        // The bit read lies within the input byte floor(B / 3).
                        if let Some(i) = got {
                            assert_eq!(i / 8, big_b / 3);
                        }
                    }
                }
            }
        }
    }
}
