//! F_{3^m} multiplication on 512-bit registers: a transposed left-to-right comb.
//!
//! The comb (Hankerson–Menezes–Vanstone Alg. 2.36, in characteristic 3 as in Mitsunari 2009,
//! Alg. 1) adds table entries A*u, for the 3-trit windows u of B, into an accumulator that is
//! shifted by three trits per step. A window has 27 values, 14 up to sign (leading trit +1), so
//! the table holds those 14 multiples of A and a window's sign selects A*u or -A*u (hi ^= lo,
//! one masked XOR). Here the 8 lanes of a zmm register run 8 independent combs, each over a run
//! of WG windows of B (see `Layout`: either G = 8/NP groups per word of B padded to NP in
//! {2, 4, 8} words, or runs packed from any trit so that 8 WG covers m/3 windows with the least
//! padding). Word w of every lane's accumulator lives in register w ("transposed"), so the shift
//! by three trits is one VPSHLDQ per word with no lane crossing, the table lookup of 8 different
//! windows is one VPERMT2Q per entry word (the 16-slot table fits two registers), and a trit
//! addition is three VPTERNLOGQ (project notes: h = TL(ah, al, bh; 0x49), hi = TL(h, ah, bl;
//! 0x42), lo = TL(h, al, bl; 0x6e)). The window slots and signs are made in vector registers:
//! VPMULTISHIFTQB gathers each window's six bits into a byte and one VPERMB maps the byte to
//! slot and sign. At the end each lane is shifted by its offset within a word, the lanes that
//! start in the same word are summed, and the words are transposed back and reduced: in
//! registers (two folds with cross-lane shifts) when the product has at most 8 words, else by
//! the scalar trinomial reduction.
//! For m = 1 (mod 24) (m = 97, 193) the lanes are packed at 3 WG trits apart with WG = (m-1)/24
//! and the top trit m - 1 is a first one-trit window of lane 7 (its accumulator starts at
//! +-A or 0, by masks, before the first shift): 4 comb steps instead of 6 at m = 97, 8 instead of
//! 9 at m = 193. At m = 97 the lanes 0..4 and 4..8 then form two groups with the same offsets
//! (0, 12, 24, 36 from trits 0 and 48), which keeps the pair reduction
//! (`acc_reduce_pair_extra`); measured side by side, eta3-97 8% faster, eta3-193 3%.
//! Accumulators are linear in the product: the fused tower products add and subtract them and
//! combine and reduce once per output coefficient. Tables are linear in their operand too: a
//! table built once serves every product with that operand, and the table of a sum is the sum
//! of the tables (cheaper than building it: the line products build 3 of their 8 tables, the
//! F_{3^6m} product 6 of its 18).
//!
//! Tried and dropped (measured side by side on the AMD EPYC test machine): one level of
//! Karatsuba on 2-word halves for m = 193 (split at 112 trits so that the three 8-step half
//! combs keep 2-word accumulators; the sums and differences on the accumulators, three lane
//! combinations, then x^112 / x^224 shifts in one register). The comb work falls by a quarter,
//! but the extra tables, window vectors and lane combinations cost more: the F_{3^193} product
//! went from 384-388 to 492-512 cycles and eta3-193 (fused tower products) from 668k to 707k.
//! Also dropped: cubing the six F_{3^m} coefficients of an F_{3^6m} element at once in this
//! transposed layout (lane = coefficient; bit spreading by the shift-and-mask steps of the
//! scalar code, then the chunked reduction on all lanes). Six cubes took 262 cycles against 200
//! for six BMI2 (PDEP) cubes at m = 97, and 384 against 369 at m = 193: the shift-and-mask
//! spreading needs about 15 vector instructions per output word where PDEP needs one.
//! Also dropped: a second table of x^2 A so that the comb adds two windows per accumulator shift
//! (half the VPSHLDQ): the F_{3^6m} product gained 2-4%, but the eta3-193 loop, with twice the
//! table registers live, was 4-13% slower and eta3-97 unchanged. And the packed lane layout
//! for m = 97 (7 steps instead of 8, with 2-trit windows): about 20% slower there, the uneven
//! groups (5 and 3 lanes) costing a third round of lane sums and the vector window indices.
//! The 2-trit comb (9 window values, 16 slots indexed by the window's four bits, no sign
//! select) was replaced by the 3-trit one: eta3-193 14% faster, eta3-97 4-8%. With 3-trit
//! windows, the packed layout for m = 97 (5 steps instead of 6) makes the comb alone 10%
//! faster, but with its uneven groups (5 and 2 lanes) in the pair reduction (a general plan of
//! lane pairs, an empty lane taking a leftover) the eta3-97 loop was 6-11% slower.

#![cfg(target_arch = "x86_64")]

use core::arch::x86_64::*;

use super::gf3::{Gf3, Trinomial3, MAX_WORDS};
use super::gf3_frobmap::FrobMap3;
use super::gf3_tower::{
    frob_mul_unitary_fused, mul33_base_fused, mul33_const_fused, mul33_fused, mul33_two_fused,
    mul36_fused, mul_line_fused, mul_line_t_fused, Gf33, Gf36, Line3, PortableWide, WideAlg,
};

/// Trit addition of bit-sliced vectors in three VPTERNLOGQ (imm values checked exhaustively in
/// the tests against the scalar formula).
#[inline]
#[target_feature(enable = "avx512f")]
pub(crate) fn vtadd(ah: __m512i, al: __m512i, bh: __m512i, bl: __m512i) -> (__m512i, __m512i) {
    let h = _mm512_ternarylogic_epi64::<0x49>(ah, al, bh);
    let hi = _mm512_ternarylogic_epi64::<0x42>(h, ah, bl);
    let lo = _mm512_ternarylogic_epi64::<0x6e>(h, al, bl);
    (hi, lo)
}

/// Product of a and b in F_{3^m} (see the module documentation).
///
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F, VL, BW, VBMI, VBMI2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
pub fn mul_avx512<const N: usize, P: Trinomial3>(a: &Gf3<N, P>, b: &Gf3<N, P>) -> Gf3<N, P> {
    // SAFETY: this function has the features acc_reduce needs.
    unsafe { acc_reduce::<N, P>(&comb_acc_avx512::<N, P>(a, b), N <= 2) }
}

/// The comb's accumulators before the lanes are combined: a linear function of the product,
/// so sums and differences of products can be taken here and combined once
/// ([`acc_reduce`]). At most N + 1 words are used (word N in `ht`, `lt`); unused words are
/// zero. Sized by N so that values passed between the fused kernels' steps stay small.
#[derive(Clone, Copy)]
pub struct Acc<const N: usize> {
    h: [__m512i; N],
    l: [__m512i; N],
    ht: __m512i,
    lt: __m512i,
}

impl<const N: usize> Acc<N> {
    /// From word arrays (words at or above N + 1 are dropped; they are zero).
    #[inline(always)]
    fn from_words(h: &[__m512i; MAX_WORDS + 1], l: &[__m512i; MAX_WORDS + 1]) -> Self {
        Acc {
            h: core::array::from_fn(|w| h[w]),
            l: core::array::from_fn(|w| l[w]),
            ht: h[N],
            lt: l[N],
        }
    }
    /// Word w (w <= N) of the hi and lo accumulators.
    #[inline(always)]
    fn word(&self, w: usize) -> (__m512i, __m512i) {
        if w < N {
            (self.h[w], self.l[w])
        } else {
            (self.ht, self.lt)
        }
    }
    #[inline(always)]
    fn set_word(&mut self, w: usize, (h, l): (__m512i, __m512i)) {
        if w < N {
            self.h[w] = h;
            self.l[w] = l;
        } else {
            self.ht = h;
            self.lt = l;
        }
    }
}

/// Trit sum (or difference, `neg_b`) of two accumulators.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F.
#[inline]
#[target_feature(enable = "avx512f")]
pub fn acc_add<const N: usize, P: Trinomial3>(x: &Acc<N>, y: &Acc<N>, neg_b: bool) -> Acc<N> {
    let mut r = *x;
    for w in 0..Layout::<N, P>::AW {
        let ((xh, xl), (yh, yl)) = (x.word(w), y.word(w));
        let yh = if neg_b { _mm512_xor_si512(yh, yl) } else { yh };
        r.set_word(w, vtadd(xh, xl, yh, yl));
    }
    r
}

/// Negated accumulator.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F.
#[inline]
#[target_feature(enable = "avx512f")]
pub fn acc_neg<const N: usize, P: Trinomial3>(x: &Acc<N>) -> Acc<N> {
    let mut r = *x;
    for w in 0..Layout::<N, P>::AW {
        let (h, l) = x.word(w);
        r.set_word(w, (_mm512_xor_si512(h, l), l));
    }
    r
}

/// Trits per comb window: the 27 window values, 14 up to sign, fit the 16 table slots.
/// Measured against 2-trit windows (9 values, no sign select): the eta3-193 loop 14% faster,
/// the eta3-97 loop 4-8% faster (there with the sign select as one merge-masked VPXORQ).
const WT: usize = 3;
/// Window index vectors at most (8 windows, one byte each, per lane and vector): WG <= 24.
const MAX_IDX: usize = 3;

/// The comb's lane layout for F_{3^m}: lane k runs WG windows of WT = 3 trits of B from trit
/// off(k). Packed: WG = ceil(ceil(m/WT) / 8) and off(k) = WT WG k, so that the 8 lanes cover
/// the m trits with the least padding. Word-aligned: B padded to NP = 2, 4 or 8 words, G = 8 / NP
/// groups of SPAN = 64 / G trits per word, WG = ceil(SPAN / WT) windows (the trits of a lane's
/// last window beyond SPAN are masked off). Packed lanes straddle words and their groups (lanes
/// with the same first word Q) are uneven, which costs more in the lane combination; it is used
/// where it saves at least [`PACK_GAIN`] steps. Lane k's first trit is bit R[k] of word Q[k].
struct Layout<const N: usize, P: Trinomial3>(core::marker::PhantomData<P>);

/// Comb steps the packed layout must save to be used.
const PACK_GAIN: usize = 2;

impl<const N: usize, P: Trinomial3> Layout<N, P> {
    const NP: usize = if N <= 2 {
        2
    } else if N <= 4 {
        4
    } else {
        8
    };
    /// Groups per word of the word-aligned layout.
    const G: usize = 8 / Self::NP;
    const SPAN_ALIGNED: usize = 64 / Self::G;
    const WG_ALIGNED: usize = Self::SPAN_ALIGNED.div_ceil(WT);
    /// m = 1 (mod 24): the 8 lanes run (m - 1) / 24 windows each and trit m - 1 is one more
    /// window of lane 7, taken first (before the accumulator's first shift): at m = 97 four comb
    /// steps instead of six (word-aligned), at m = 193 eight instead of nine.
    const EXTRA: bool = (P::M - 1) % (8 * WT) == 0;
    const WG_PACKED: usize = if Self::EXTRA {
        (P::M - 1) / (8 * WT)
    } else {
        P::M.div_ceil(WT).div_ceil(8)
    };
    const PACKED: bool = Self::EXTRA || Self::WG_ALIGNED >= Self::WG_PACKED + PACK_GAIN;
    /// Comb steps (windows per lane).
    const WG: usize = if Self::PACKED {
        Self::WG_PACKED
    } else {
        Self::WG_ALIGNED
    };
    /// Trits per lane.
    const SPAN: usize = if Self::PACKED {
        WT * Self::WG
    } else {
        Self::SPAN_ALIGNED
    };
    /// Window index vectors.
    const NV: usize = Self::WG.div_ceil(8);
    /// The shape the comb relies on: at most MAX_IDX index vectors (read from two funnels), lanes
    /// of at most 64 trits (so that every word up to Q[7] starts a group), accumulators of at
    /// most N + 1 words, and table entries (up to x^2 A) within N words.
    const SHAPE_OK: () = assert!(
        Self::NV <= MAX_IDX && Self::SPAN <= 64 && Self::AW <= N + 1 && P::M + 2 <= 64 * N,
        "comb layout out of shape"
    );
    /// Accumulator words per lane: A (x^(WT-1) A) times WG windows has degree < m + WT WG - 1
    /// (one more with the extra trit).
    const AW: usize = (P::M + WT * Self::WG - 1 + Self::EXTRA as usize).div_ceil(64);
    /// First trit of lane k.
    const fn off(k: usize) -> usize {
        if Self::PACKED {
            WT * Self::WG * k
        } else {
            64 * (k / Self::G) + Self::SPAN_ALIGNED * (k % Self::G)
        }
    }
    const fn q(k: usize) -> usize {
        Self::off(k) / 64
    }
    /// Offset of lane k within its first word.
    const R: [i64; 8] = {
        let mut v = [0i64; 8];
        let mut k = 0;
        while k < 8 {
            v[k] = (Self::off(k) % 64) as i64;
            k += 1;
        }
        v
    };
    /// The 64-trit funnels the window indices are read from: funnel f starts at trit
    /// off(k) + 48 f (index vectors 2f and 2f + 1 read its trits 0..24 and 24..48). Per funnel:
    /// the first word, the next word, the bit offset, the span mask (trits of the lane), and the
    /// lane masks of the two words (words at or above N read as zero).
    const FUNNEL: [([[i64; 8]; 4], u8, u8); 2] = {
        let mut t = [([[0i64; 8]; 4], 0u8, 0u8); 2];
        let mut f = 0;
        while f < 2 {
            let mut k = 0;
            while k < 8 {
                let s = Self::off(k) + 48 * f;
                let rem = Self::SPAN as i64 - 48 * f as i64;
                // Words at or above N read lane N of the masked load (zero) where N < 8, so
                // that the word gathers need no mask.
                let (w0, w1) = (s / 64, s / 64 + 1);
                t[f].0[0][k] = if w0 >= N && N < 8 { N } else { w0 % 8 } as i64;
                t[f].0[1][k] = if w1 >= N && N < 8 { N } else { w1 % 8 } as i64;
                t[f].0[2][k] = (s % 64) as i64;
                t[f].0[3][k] = if rem >= 64 {
                    -1
                } else if rem <= 0 {
                    0
                } else {
                    ((1u64 << rem) - 1) as i64
                };
                if s / 64 < N {
                    t[f].1 |= 1 << k;
                }
                if s / 64 + 1 < N {
                    t[f].2 |= 1 << k;
                }
                k += 1;
            }
            f += 1;
        }
        t
    };
    /// Whether [`acc_reduce_pair`] applies: two groups of four lanes (two-word operands,
    /// word-aligned) and products of at most 4 words, reduced in registers.
    const PAIRS: bool = N == 2 && !Self::PACKED && Self::G == 4 && P::K < 64;
    /// Whether products whose results serve only as table operands may stop after the first
    /// fold ([`WideAlg::finish2_loose`]): with the pair reduction of this layout, such a
    /// "loose" A of degree < m + k still gives tables within N words (x^2 A), lane
    /// accumulators within AW words and within three words after the group shift, products of
    /// at most four words, and products that two folds reduce (3k <= m).
    const LOOSE_TABLES: bool = Self::PAIRS_EXTRA
        && P::M + P::K + 2 <= 64 * N
        && P::M + P::K + WT * Self::WG <= 64 * Self::AW
        && P::M + P::K + WT * Self::WG + 9 * Self::WG <= 192
        && 2 * P::M + P::K <= 256
        && 3 * P::K <= P::M;
    /// Whether the window indices take each lane's bits with one byte permute
    /// ([`window_indices`]): packed lanes, one index vector, and a lane span that fits one
    /// qword from the byte its first trit lies in (the bit offset within that byte, 0..8, goes
    /// into the VPMULTISHIFTQB controls); the element's 8N bytes lie below byte 56, so the bytes
    /// a lane reads past them are zero (masked load).
    const BYTE_LANES: bool =
        Self::PACKED && Self::NV == 1 && Self::SPAN + 7 <= 64 && 8 * N + 8 <= 64;
    /// [`Self::BYTE_LANES`]' byte permute: byte j of lane k reads byte off(k) / 8 + j.
    const BYTE_PERM: [u8; 64] = {
        let mut t = [0u8; 64];
        let mut k = 0;
        while k < 8 {
            let mut j = 0;
            while j < 8 {
                t[8 * k + j] = (Self::off(k) / 8 + j) as u8;
                j += 1;
            }
            k += 1;
        }
        t
    };
    /// Whether [`acc_reduce_pair_extra`] applies: the extra-trit layout of two-word operands,
    /// whose lanes 0..4 and 4..8 are two groups with the same offsets 3 WG (k % 4) from their
    /// first trits 0 and 12 WG < 64 (m = 97: lanes at 0, 12, 24, 36 and 48 + the same), lane
    /// accumulators that still fit three words after that shift, and in-register reduction.
    const PAIRS_EXTRA: bool = N == 2
        && Self::EXTRA
        && 12 * Self::WG < 64
        && P::M + WT * Self::WG + 9 * Self::WG <= 192
        && P::K < 64;
    /// [`acc_reduce_pair`]'s transposition from lane-summed word w: output lane c < 4 takes the
    /// group of word q = c - w of a (lane 2q), lane 4 + c that of b (lane 4 + 2q).
    const PAIR_TRANSPOSE: [([i64; 8], u8); MAX_WORDS + 2] = {
        let mut t = [([0i64; 8], 0u8); MAX_WORDS + 2];
        let mut w = 0;
        while w < MAX_WORDS + 2 {
            let mut c = 0;
            while c < 4 {
                if c >= w && c - w <= 1 && c < 2 * N {
                    let q = (c - w) as i64;
                    t[w].0[c] = 2 * q;
                    t[w].0[4 + c] = 4 + 2 * q;
                    t[w].1 |= (1 << c) | (1 << (4 + c));
                }
                c += 1;
            }
            w += 1;
        }
        t
    };
    /// Lanes in the largest group.
    const MAX_GROUP: usize = {
        let (mut best, mut run, mut k) = (1, 1, 1);
        while k < 8 {
            run = if Self::q(k) == Self::q(k - 1) {
                run + 1
            } else {
                1
            };
            if run > best {
                best = run;
            }
            k += 1;
        }
        best
    };
    /// Segmented sums, step d = 1, 2, 4: lane k adds lane k + d when both are in one group.
    const fn seg_mask(d: usize) -> u8 {
        let mut m = 0u8;
        let mut k = 0;
        while k + d < 8 {
            if Self::q(k + d) == Self::q(k) {
                m |= 1 << k;
            }
            k += 1;
        }
        m
    }
    /// [`Self::seg_mask`] for d = 1, 2, 4.
    const SEG: [u8; 3] = [Self::seg_mask(1), Self::seg_mask(2), Self::seg_mask(4)];
    /// [`Self::transpose`] for r = 0, 1 and w = 0..=MAX_WORDS + 1.
    const TRANSPOSE: [[([i64; 8], u8); MAX_WORDS + 2]; 2] = {
        let mut t = [[([0i64; 8], 0u8); MAX_WORDS + 2]; 2];
        let mut r = 0;
        while r < 2 {
            let mut w = 0;
            while w < MAX_WORDS + 2 {
                t[r][w] = Self::transpose(r, w);
                w += 1;
            }
            r += 1;
        }
        t
    };
    /// The first lane of the group with word q (every q up to Q[7] has one: lanes span at most
    /// 64 trits).
    const fn head(q: usize) -> usize {
        let mut k = 0;
        while Self::q(k) != q {
            k += 1;
        }
        k
    }
    /// Transposition of output register r from shifted word w: lane c of the output (word
    /// 8r + c) takes word w of the group with Q = 8r + c - w, read at its head lane.
    const fn transpose(r: usize, w: usize) -> ([i64; 8], u8) {
        let mut idx = [0i64; 8];
        let mut m = 0u8;
        let mut c = 0;
        while c < 8 {
            let oc = 8 * r + c;
            if oc >= w && oc - w <= Self::q(7) && oc < 2 * N {
                idx[c] = Self::head(oc - w) as i64;
                m |= 1 << c;
            }
            c += 1;
        }
        (idx, m)
    }
}

/// The comb's table of a left operand A: T_w\[s\] = u_s * A for the 14 window values u_s of
/// 3-trit windows up to sign (leading trit +1; `SLOT_OF_CODE`), word w in lane s & 7 of
/// register s >> 3. Register 0: 0, 1, x, x + 1, x - 1, x^2 (slots 0..5; 6 unused, 7 = 1 again
/// for the extra-trit start of lane 7, see [`comb_with_table`]);
/// register 1: x^2 + v for the 8 nonzero 2-trit v of `V8`. Built once, it serves every product
/// with A ([`comb_with_table`]).
#[derive(Clone, Copy)]
pub struct Table<const N: usize> {
    th: [[__m512i; 2]; N],
    tl: [[__m512i; 2]; N],
}

/// The nonzero 2-trit window values (c0, c1) = c0 + c1 x of table register 1, by lane.
const V8: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
    (-1, -1),
];

/// For a 3-trit window's code (bits 0..2: the lo bits l0 l1 l2, bits 3..5: the hi bits h0 h1 h2,
/// trit i = 0 if l_i = 0, else -1 if h_i else 1), its table slot and, in bit 4, whether the
/// window is the negated slot value. Read by one VPERMB per index vector.
const SLOT_OF_CODE: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut code = 0;
    while code < 64 {
        let mut u = [0i8; 3];
        let mut i = 0;
        while i < 3 {
            if code >> i & 1 == 1 {
                u[i] = if code >> (3 + i) & 1 == 1 { -1 } else { 1 };
            }
            i += 1;
        }
        let lead = if u[2] != 0 {
            2
        } else if u[1] != 0 {
            1
        } else {
            0
        };
        let neg = u[lead] < 0;
        if neg {
            u = [-u[0], -u[1], -u[2]];
        }
        let slot = if u[2] != 0 {
            if u[0] == 0 && u[1] == 0 {
                5
            } else {
                let mut j = 0;
                while V8[j].0 != u[0] || V8[j].1 != u[1] {
                    j += 1;
                }
                8 + j as u8
            }
        } else if u[1] != 0 {
            match u[0] {
                0 => 2,
                1 => 3,
                _ => 4,
            }
        } else if u[0] != 0 {
            1
        } else {
            0
        };
        t[code] = slot | (neg as u8) << 4;
        code += 1;
    }
    t
};

/// Lane masks of [`V8`]: (c0 != 0, c0 = -1, c1 != 0, c1 = -1).
const V8_MASKS: (u8, u8, u8, u8) = {
    let (mut nz0, mut neg0, mut nz1, mut neg1) = (0u8, 0u8, 0u8, 0u8);
    let mut j = 0;
    while j < 8 {
        nz0 |= ((V8[j].0 != 0) as u8) << j;
        neg0 |= ((V8[j].0 < 0) as u8) << j;
        nz1 |= ((V8[j].1 != 0) as u8) << j;
        neg1 |= ((V8[j].1 < 0) as u8) << j;
        j += 1;
    }
    (nz0, neg0, nz1, neg1)
};

/// The table of -A (every entry negated: hi ^= lo).
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F.
#[inline]
#[target_feature(enable = "avx512f")]
pub fn table_neg<const N: usize>(t: &Table<N>) -> Table<N> {
    let mut r = *t;
    for w in 0..N {
        for k in 0..2 {
            r.th[w][k] = _mm512_xor_si512(t.th[w][k], t.tl[w][k]);
        }
    }
    r
}

/// The table of A + B (or A - B if `sub`) from those of A and B: entries are linear in A.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F.
#[inline]
#[target_feature(enable = "avx512f")]
pub fn table_add<const N: usize>(a: &Table<N>, b: &Table<N>, sub: bool) -> Table<N> {
    let mut r = *a;
    for w in 0..N {
        for k in 0..2 {
            let (bh, bl) = (b.th[w][k], b.tl[w][k]);
            let bh = if sub { _mm512_xor_si512(bh, bl) } else { bh };
            (r.th[w][k], r.tl[w][k]) = vtadd(a.th[w][k], a.tl[w][k], bh, bl);
        }
    }
    r
}

/// The comb table of A (see [`Table`]).
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F, VL, BW, VBMI, VBMI2 and BMI2.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
pub fn comb_table<const N: usize, P: Trinomial3>(a: &Gf3<N, P>) -> Table<N> {
    // x A and x^2 A fit in N words because m + 2 <= 64 N (Layout::SHAPE_OK).
    let (nz0, neg0, nz1, neg1) = V8_MASKS;
    let neg0 = _mm512_maskz_set1_epi64(neg0, -1);
    let neg1 = _mm512_maskz_set1_epi64(neg1, -1);
    // Register 0 from P (register 1 before x^2 A is added) and x^2 A: slots 1 and 7 = P[0] (1),
    // 2 = P[2] (x), 3 = P[4] (x + 1), 4 = P[5] (x - 1), 5 = x^2 A (lane 0 of the second source).
    let r0_idx = _mm512_set_epi64(0, 0, 8, 5, 4, 2, 0, 0);
    let r0_mask: __mmask8 = 0b1011_1110;
    let mut th = [[_mm512_setzero_si512(); 2]; N];
    let mut tl = [[_mm512_setzero_si512(); 2]; N];
    for w in 0..N {
        let a_h = _mm512_set1_epi64(a.hi[w] as i64);
        let a_l = _mm512_set1_epi64(a.lo[w] as i64);
        let (p_h, p_l) = if w > 0 {
            (
                _mm512_set1_epi64(a.hi[w - 1] as i64),
                _mm512_set1_epi64(a.lo[w - 1] as i64),
            )
        } else {
            (_mm512_setzero_si512(), _mm512_setzero_si512())
        };
        let x_h = _mm512_shldi_epi64::<1>(a_h, p_h);
        let x_l = _mm512_shldi_epi64::<1>(a_l, p_l);
        let y_h = _mm512_shldi_epi64::<2>(a_h, p_h);
        let y_l = _mm512_shldi_epi64::<2>(a_l, p_l);
        // c0 A and c1 x A: zero where c = 0, negated (hi ^= lo) where c = -1.
        let p0h = maskz_xor_and(nz0, a_h, a_l, neg0);
        let p0l = maskz_mov(nz0, a_l);
        let p1h = maskz_xor_and(nz1, x_h, x_l, neg1);
        let p1l = maskz_mov(nz1, x_l);
        let (ph, pl) = vtadd(p0h, p0l, p1h, p1l);
        let (r1h, r1l) = vtadd(ph, pl, y_h, y_l);
        let r0h = maskz_permt2q(r0_mask, ph, r0_idx, y_h);
        let r0l = maskz_permt2q(r0_mask, pl, r0_idx, y_l);
        th[w] = [r0h, r1h];
        tl[w] = [r0l, r1l];
    }
    Table { th, tl }
}

/// The comb part of [`mul_avx512`] (see the module documentation).
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F, VL, BW, VBMI, VBMI2 and BMI2.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
pub fn comb_acc_avx512<const N: usize, P: Trinomial3>(a: &Gf3<N, P>, b: &Gf3<N, P>) -> Acc<N> {
    comb_with_table::<N, P>(&comb_table::<N, P>(a), b)
}

/// The window index vectors of B: byte b of lane k in vector j holds the table slot of window
/// 8j + b of lane k, and in bit 4 its sign ([`SLOT_OF_CODE`]). Built in vector registers:
/// VPERMQ brings words Q[k] and Q[k] + 1 to lane k, VPSHRDVQ shifts the lane's first trit to
/// bit 0 (or, in the [`Layout::BYTE_LANES`] layouts, one VPERMB brings the lane's bytes and the
/// shift within the first byte goes into the controls: measured about 1% faster on eta3-97), VPMULTISHIFTQB puts the three l bits of window b in bits 0..2 of byte b and its three
/// h bits in bits 3..5, and one VPERMB maps the 6-bit code to slot and sign.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
fn window_indices<const N: usize, P: Trinomial3>(b: &Gf3<N, P>) -> [__m512i; MAX_IDX] {
    let mask: __mmask8 = ((1u32 << N) - 1) as u8;
    // SAFETY: the masked loads read only the first N <= 8 words of hi and lo; SLOT_OF_CODE is
    // 64 bytes.
    let (bl, bh, lut) = unsafe {
        (
            _mm512_maskz_loadu_epi64(mask, b.lo.as_ptr() as *const _),
            _mm512_maskz_loadu_epi64(mask, b.hi.as_ptr() as *const _),
            _mm512_loadu_si512(SLOT_OF_CODE.as_ptr() as *const _),
        )
    };
    let low3 = _mm512_set1_epi8(0x07);
    let mut out = [_mm512_setzero_si512(); MAX_IDX];
    let nv = Layout::<N, P>::NV;
    for f in 0..nv.div_ceil(2) {
        let (v, m0, m1) = &Layout::<N, P>::FUNNEL[f];
        // SAFETY: the funnel vectors are 8 i64 (64 bytes).
        let [q, q1, r, span] = v.map(|x| unsafe { _mm512_loadu_si512(x.as_ptr() as *const _) });
        // Below 8 words the out-of-range words read a zero lane (FUNNEL), no mask needed.
        let gather = |m: u8, idx: __m512i, x: __m512i| {
            if N < 8 {
                _mm512_permutexvar_epi64(idx, x)
            } else {
                _mm512_maskz_permutexvar_epi64(m, idx, x)
            }
        };
        let lane = |x: __m512i| {
            let lo = gather(*m0, q, x);
            if Layout::<N, P>::PACKED {
                let hi = gather(*m1, q1, x);
                _mm512_shrdv_epi64(lo, hi, r)
            } else if f == 0 {
                // Word-aligned lanes lie within their first word.
                let s = _mm512_srlv_epi64(lo, r);
                if Layout::<N, P>::SPAN < 64 {
                    _mm512_and_si512(s, span)
                } else {
                    s
                }
            } else {
                let hi = gather(*m1, q1, x);
                _mm512_and_si512(_mm512_shrdv_epi64(lo, hi, r), span)
            }
        };
        if Layout::<N, P>::BYTE_LANES {
            // One VPERMB per plane brings each lane's bytes; the lane's bit offset within its
            // first byte is added to the controls (instead of two VPERMQ and a VPSHRDVQ).
            // SAFETY: BYTE_PERM is 64 bytes.
            let perm =
                unsafe { _mm512_loadu_si512(Layout::<N, P>::BYTE_PERM.as_ptr() as *const _) };
            let (vl, vh) = (
                _mm512_permutexvar_epi8(perm, bl),
                _mm512_permutexvar_epi8(perm, bh),
            );
            // Byte b reads 8 bits from bit o_k + 3b (l) and o_k + 3b - 3 (h) of lane k.
            let ctrl = |back: usize| {
                let mut c = [0i64; 8];
                for (k, ck) in c.iter_mut().enumerate() {
                    let o = Layout::<N, P>::off(k) % 8;
                    for byte in 0..8 {
                        *ck |= (((o + 64 + 3 * byte - back) % 64) as i64) << (8 * byte);
                    }
                }
                // SAFETY: c is 8 i64 (64 bytes).
                unsafe { _mm512_loadu_si512(c.as_ptr() as *const _) }
            };
            let ml = _mm512_multishift_epi64_epi8(ctrl(0), vl);
            let mh = _mm512_multishift_epi64_epi8(ctrl(3), vh);
            let c = _mm512_ternarylogic_epi64::<0xca>(low3, ml, mh);
            out[0] = _mm512_permutexvar_epi8(c, lut);
            break;
        }
        let (vl, vh) = (lane(bl), lane(bh));
        for half in 0..2 {
            let j = 2 * f + half;
            if j >= nv {
                break;
            }
            // Byte b reads 8 bits from trit 24 half + 3b (l) and 24 half + 3b - 3 (h).
            let ctrl = |first: usize| {
                let mut c = 0i64;
                for byte in 0..8 {
                    c |= (((first + 64 + 3 * byte) % 64) as i64) << (8 * byte);
                }
                _mm512_set1_epi64(c)
            };
            let (cl, ch) = (ctrl(24 * half), ctrl(24 * half + 61));
            let ml = _mm512_multishift_epi64_epi8(cl, vl);
            let mh = _mm512_multishift_epi64_epi8(ch, vh);
            // Low three bits from ml, the rest from mh (VPERMB reads the low six).
            let c = _mm512_ternarylogic_epi64::<0xca>(low3, ml, mh);
            out[j] = _mm512_permutexvar_epi8(c, lut);
        }
    }
    out
}

/// x ^ y in the lanes of k, x elsewhere, as one merge-masked VPXORQ (the compiler otherwise
/// emits an XOR and a masked move).
#[inline]
#[target_feature(enable = "avx512f")]
fn masked_xor(mut x: __m512i, k: __mmask8, y: __m512i) -> __m512i {
    // SAFETY: VPXORQ with merge masking reads and writes registers only (AVX-512 F, which this
    // function requires).
    unsafe {
        core::arch::asm!(
            "vpxorq {x}{{{k}}}, {x}, {y}",
            x = inout(zmm_reg) x,
            k = in(kreg) k,
            y = in(zmm_reg) y,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    x
}

/// Zero-masked `x ^ (y & z)` (VPTERNLOGQ 0x78) in the lanes of k, as one instruction (with a
/// constant mask the compiler otherwise emits the logic and a separate AND or insert).
#[inline]
#[target_feature(enable = "avx512f")]
fn maskz_xor_and(k: __mmask8, mut x: __m512i, y: __m512i, z: __m512i) -> __m512i {
    // SAFETY: VPTERNLOGQ with zero masking reads and writes registers only (AVX-512 F, which
    // this function requires).
    unsafe {
        core::arch::asm!(
            "vpternlogq {x}{{{k}}}{{z}}, {y}, {z}, 0x78",
            x = inout(zmm_reg) x,
            k = in(kreg) k,
            y = in(zmm_reg) y,
            z = in(zmm_reg) z,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    x
}

/// Zero-masked move of x to the lanes of k, as one instruction (see [`maskz_xor_and`]).
#[inline]
#[target_feature(enable = "avx512f")]
fn maskz_mov(k: __mmask8, x: __m512i) -> __m512i {
    let r: __m512i;
    // SAFETY: VMOVDQA64 between registers with zero masking (AVX-512 F, which this function
    // requires).
    unsafe {
        core::arch::asm!(
            "vmovdqa64 {r}{{{k}}}{{z}}, {x}",
            r = lateout(zmm_reg) r,
            k = in(kreg) k,
            x = in(zmm_reg) x,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    r
}

/// Zero-masked two-table permute (VPERMT2Q: lane i of the result is lane idx_i of the 16 lanes
/// of a and b) in the lanes of k, as one instruction (see [`maskz_xor_and`]).
#[inline]
#[target_feature(enable = "avx512f")]
fn maskz_permt2q(k: __mmask8, mut a: __m512i, idx: __m512i, b: __m512i) -> __m512i {
    // SAFETY: VPERMT2Q with zero masking reads and writes registers only (AVX-512 F, which this
    // function requires).
    unsafe {
        core::arch::asm!(
            "vpermt2q {a}{{{k}}}{{z}}, {idx}, {b}",
            a = inout(zmm_reg) a,
            k = in(kreg) k,
            idx = in(zmm_reg) idx,
            b = in(zmm_reg) b,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    a
}

/// The comb of B against the table of A: the accumulators of A*B.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F, VL, BW, VBMI, VBMI2 and BMI2.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
pub fn comb_with_table<const N: usize, P: Trinomial3>(tab: &Table<N>, b: &Gf3<N, P>) -> Acc<N> {
    #[allow(clippy::let_unit_value)]
    let () = Layout::<N, P>::SHAPE_OK;
    let wg = Layout::<N, P>::WG;
    let aw = Layout::<N, P>::AW;
    let (th, tl) = (&tab.th, &tab.tl);
    let iv = window_indices::<N, P>(b);

    // ---- the comb: wg steps, top window first ----
    let mut acc_h = [_mm512_setzero_si512(); MAX_WORDS + 1];
    let mut acc_l = [_mm512_setzero_si512(); MAX_WORDS + 1];
    let extra = Layout::<N, P>::EXTRA;
    if extra {
        // Lane 7 starts with b_(m-1) A (table slot 7 holds A too, in lane 7), every other lane
        // with 0; the masks come from the trit's bits without a branch.
        let (q, s) = ((P::M - 1) / 64, (P::M - 1) % 64);
        let l = (b.lo[q] >> s) & 1;
        let h = (b.hi[q] >> s) & 1;
        let (nz, ng) = ((l as u8) << 7, ((l & h) as u8) << 7);
        for w in 0..N {
            let el = maskz_mov(nz, tl[w][0]);
            let eh = maskz_mov(nz, th[w][0]);
            acc_h[w] = masked_xor(eh, ng, el);
            acc_l[w] = el;
        }
    }
    for t in 0..wg {
        let wi = wg - 1 - t;
        // Byte wi % 8 of vector wi / 8, with the sign in bit 4.
        let (v, sh) = (iv[wi / 8], 8 * (wi % 8) as i64);
        let idx = if sh == 0 {
            v
        } else {
            _mm512_srl_epi64(v, _mm_cvtsi64_si128(sh))
        };
        let neg = _mm512_test_epi64_mask(v, _mm512_set1_epi64(0x10 << sh));
        if t > 0 || extra {
            for w in (1..aw).rev() {
                acc_h[w] = _mm512_shldi_epi64::<3>(acc_h[w], acc_h[w - 1]);
                acc_l[w] = _mm512_shldi_epi64::<3>(acc_l[w], acc_l[w - 1]);
            }
            acc_h[0] = _mm512_slli_epi64::<3>(acc_h[0]);
            acc_l[0] = _mm512_slli_epi64::<3>(acc_l[0]);
        }
        for w in 0..N {
            let el = _mm512_permutex2var_epi64(tl[w][0], idx, tl[w][1]);
            let eh = _mm512_permutex2var_epi64(th[w][0], idx, th[w][1]);
            // Negative windows subtract the slot's entry (hi ^= lo). Measured: the merge-masked
            // XOR pays for two-word operands; with four words the intrinsic's form is faster.
            let eh = if N <= 2 {
                masked_xor(eh, neg, el)
            } else {
                _mm512_mask_xor_epi64(eh, neg, eh, el)
            };
            (acc_h[w], acc_l[w]) = if t == 0 && !extra {
                (eh, el)
            } else {
                vtadd(acc_h[w], acc_l[w], eh, el)
            };
        }
    }

    Acc::from_words(&acc_h, &acc_l)
}

/// The reduced element an accumulator stands for: its lanes combined (`acc_to_regs`) and
/// reduced, in registers if `in_regs` and the product fits one (2N <= 8 words), else by the
/// scalar reduction. Measured: the register reduction is faster inside the fused tower
/// products and for a single product of two-word operands (F_{3^97}: 140 against 148 cycles);
/// for wider single products the scalar one (it overlaps with the vector work there).
///
/// Not a target-feature function so that it can be always inlined (into the target-feature
/// kernels, which then inline its helpers): measured faster than a call per product's result.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F, VL, BW, VBMI, VBMI2 and BMI2.
#[inline(always)]
pub unsafe fn acc_reduce<const N: usize, P: Trinomial3>(acc: &Acc<N>, in_regs: bool) -> Gf3<N, P> {
    if in_regs && Layout::<N, P>::PAIRS_EXTRA {
        // The pair reduction with the product in both halves: its even lane groups cost less
        // than the segmented sums over the uneven ones (groups of 6 and 2 lanes at m = 97).
        // SAFETY: the caller runs on a CPU with the features (this function's contract).
        return unsafe { acc_reduce_pair_extra::<N, P, 2>(acc, acc).0 };
    }
    // SAFETY: the caller runs on a CPU with the features (this function's contract).
    let (rh, rl) = unsafe { acc_to_regs::<N, P>(acc) };
    if in_regs && 2 * N <= 8 && P::K < 64 {
        // SAFETY: as above.
        return unsafe { reduce_reg::<N, P>(rh[0], rl[0]) };
    }
    let mut h = [0u64; 2 * MAX_WORDS];
    let mut l = [0u64; 2 * MAX_WORDS];
    // SAFETY: h and l have 2 * MAX_WORDS = 16 words, two registers' worth; the CPU has AVX-512 F.
    unsafe {
        for r in 0..2 {
            _mm512_storeu_si512(h.as_mut_ptr().add(8 * r) as *mut _, rh[r]);
            _mm512_storeu_si512(l.as_mut_ptr().add(8 * r) as *mut _, rl[r]);
        }
    }
    Gf3::<N, P>::reduce_wide(&mut h[..2 * N], &mut l[..2 * N], 2 * P::M - 1)
}

/// The 8-word vector v shifted down by s bits (0 < s < 512; words beyond the top read as zero),
/// or, if PAIR, each 4-word half shifted on its own (s < 256).
#[inline]
#[target_feature(enable = "avx512f,avx512vbmi2")]
fn vshr<const PAIR: bool>(v: __m512i, s: usize) -> __m512i {
    let q = s / 64;
    let span = if PAIR { 4 } else { 8 };
    let mut i0 = [0i64; 8];
    let mut i1 = [0i64; 8];
    let (mut m0, mut m1) = (0u8, 0u8);
    for lane in 0..8 {
        if lane % span + q < span {
            i0[lane] = (lane + q) as i64;
            m0 |= 1 << lane;
        }
        if lane % span + q + 1 < span {
            i1[lane] = (lane + q + 1) as i64;
            m1 |= 1 << lane;
        }
    }
    // SAFETY: i0 and i1 are 8 i64 (64 bytes).
    let (i0, i1) = unsafe {
        (
            _mm512_loadu_si512(i0.as_ptr() as *const _),
            _mm512_loadu_si512(i1.as_ptr() as *const _),
        )
    };
    let lo = _mm512_maskz_permutexvar_epi64(m0, i0, v);
    let hi = _mm512_maskz_permutexvar_epi64(m1, i1, v);
    _mm512_shrdv_epi64(lo, hi, _mm512_set1_epi64((s % 64) as i64))
}

/// The 8-word vector v shifted up by s bits (0 < s < 64; bits leaving word 7 are dropped), or,
/// if PAIR, each 4-word half on its own.
#[inline]
#[target_feature(enable = "avx512f,avx512vbmi2")]
fn vshl<const PAIR: bool>(v: __m512i, s: usize) -> __m512i {
    let below = if PAIR {
        _mm512_maskz_alignr_epi64::<7>(0xee, v, _mm512_setzero_si512())
    } else {
        _mm512_alignr_epi64::<7>(v, _mm512_setzero_si512())
    };
    _mm512_shldv_epi64(v, below, _mm512_set1_epi64(s as i64))
}

/// One fold of [`reduce_reg`]: (h, l) mod x^m + (-c) H + (-a) x^k H with H = (h, l) div x^m
/// (`lowm` masks the positions below m).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
fn fold_reg<P: Trinomial3, const PAIR: bool>(
    h: __m512i,
    l: __m512i,
    lowm: __m512i,
) -> (__m512i, __m512i) {
    let (hh, hl) = (vshr::<PAIR>(h, P::M), vshr::<PAIR>(l, P::M));
    let (h0, l0) = (_mm512_and_si512(h, lowm), _mm512_and_si512(l, lowm));
    // -c H: c = 1 negates (hi ^= lo).
    let ch = if P::C == 1 {
        _mm512_xor_si512(hh, hl)
    } else {
        hh
    };
    let (h1, l1) = vtadd(h0, l0, ch, hl);
    let (kh, kl) = (vshl::<PAIR>(hh, P::K), vshl::<PAIR>(hl, P::K));
    let ah = if P::A == 1 {
        _mm512_xor_si512(kh, kl)
    } else {
        kh
    };
    vtadd(h1, l1, ah, kl)
}

/// Reduces the unreduced product (degree <= 2m - 2, words 0..2N of hi and lo, 2N <= 8) in
/// registers: with H = W div x^m and x^m = -c - a x^k, W = (W mod x^m) + (-c) H + (-a) x^k H,
/// whose part of degree >= m (at most k - 1 trits) is folded once more the same way. If PAIR,
/// two products (2N <= 4), one per 256-bit half. The reduced words are returned.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
fn reduce_reg_words<P: Trinomial3, const PAIR: bool, const FOLDS: usize>(
    h: __m512i,
    l: __m512i,
) -> ([u64; 8], [u64; 8]) {
    let m = P::M;
    let mut lowm = [0i64; 8];
    for (lane, x) in lowm.iter_mut().enumerate() {
        let w = if PAIR { lane % 4 } else { lane };
        *x = if 64 * (w + 1) <= m {
            -1
        } else if 64 * w >= m {
            0
        } else {
            ((1u64 << (m - 64 * w)) - 1) as i64
        };
    }
    // SAFETY: lowm is 8 i64 (64 bytes).
    let lowm = unsafe { _mm512_loadu_si512(lowm.as_ptr() as *const _) };
    let (mut h, mut l) = (h, l);
    for _ in 0..FOLDS {
        (h, l) = fold_reg::<P, PAIR>(h, l, lowm);
    }
    let mut hi = [0u64; 8];
    let mut lo = [0u64; 8];
    // SAFETY: hi and lo are 8 u64 (64 bytes).
    unsafe {
        _mm512_storeu_si512(hi.as_mut_ptr() as *mut _, h);
        _mm512_storeu_si512(lo.as_mut_ptr() as *mut _, l);
    }
    (hi, lo)
}

/// [`reduce_reg_words`] of one product.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
fn reduce_reg<const N: usize, P: Trinomial3>(h: __m512i, l: __m512i) -> Gf3<N, P> {
    let (hi, lo) = reduce_reg_words::<P, false, 2>(h, l);
    Gf3::from_words(
        core::array::from_fn(|w| hi[w]),
        core::array::from_fn(|w| lo[w]),
    )
}

/// [`reduce_reg_words`] of two products (words 0..4 and 4..8).
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
fn reduce_reg_pair<const N: usize, P: Trinomial3, const FOLDS: usize>(
    h: __m512i,
    l: __m512i,
) -> (Gf3<N, P>, Gf3<N, P>) {
    let (hi, lo) = reduce_reg_words::<P, true, FOLDS>(h, l);
    let half = |o: usize| {
        Gf3::from_words(
            core::array::from_fn(|w| hi[o + w]),
            core::array::from_fn(|w| lo[o + w]),
        )
    };
    (half(0), half(4))
}

/// Lane k of an accumulator shifted up by R[k] bits, its offset within its first word: aw + 1
/// words.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F and VBMI2.
#[inline(always)]
unsafe fn lane_shift<const N: usize, P: Trinomial3>(
    acc: &Acc<N>,
) -> ([__m512i; MAX_WORDS + 2], [__m512i; MAX_WORDS + 2]) {
    let aw = Layout::<N, P>::AW;
    let mut acc_h = [_mm512_setzero_si512(); MAX_WORDS + 1];
    let mut acc_l = [_mm512_setzero_si512(); MAX_WORDS + 1];
    for w in 0..aw {
        (acc_h[w], acc_l[w]) = acc.word(w);
    }
    // SAFETY (all intrinsics below): the caller runs on a CPU with the features; R is 8 i64.
    unsafe {
        let shv = _mm512_loadu_si512(Layout::<N, P>::R.as_ptr() as *const _);
        let inv = _mm512_sub_epi64(_mm512_set1_epi64(64), shv);
        let mut x_h = [_mm512_setzero_si512(); MAX_WORDS + 2];
        let mut x_l = [_mm512_setzero_si512(); MAX_WORDS + 2];
        x_h[0] = _mm512_sllv_epi64(acc_h[0], shv);
        x_l[0] = _mm512_sllv_epi64(acc_l[0], shv);
        for w in 1..aw {
            x_h[w] = _mm512_shldv_epi64(acc_h[w], acc_h[w - 1], shv);
            x_l[w] = _mm512_shldv_epi64(acc_l[w], acc_l[w - 1], shv);
        }
        // Top word: bits shifted out of word aw-1 (a shift by 64 gives 0).
        x_h[aw] = _mm512_srlv_epi64(acc_h[aw - 1], inv);
        x_l[aw] = _mm512_srlv_epi64(acc_l[aw - 1], inv);
        (x_h, x_l)
    }
}

/// Two products reduced together ([`acc_reduce`] with `in_regs`): where their lanes form two
/// groups of four (two-word operands, word-aligned layout), the first round of lane sums takes
/// lanes 2j, 2j + 1 of a to lane j and those of b to lane 4 + j, so that the second round, the
/// transposition and the reduction (in 256-bit halves) run once for both.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F, VL, BW, VBMI, VBMI2 and BMI2.
#[inline(always)]
pub unsafe fn acc_reduce_pair<const N: usize, P: Trinomial3>(
    a: &Acc<N>,
    b: &Acc<N>,
) -> (Gf3<N, P>, Gf3<N, P>) {
    // SAFETY (all calls below): the caller runs on a CPU with the features.
    unsafe {
        if Layout::<N, P>::PAIRS_EXTRA {
            return acc_reduce_pair_extra::<N, P, 2>(a, b);
        }
        if !Layout::<N, P>::PAIRS {
            return (acc_reduce::<N, P>(a, true), acc_reduce::<N, P>(b, true));
        }
        let (ah, al) = lane_shift::<N, P>(a);
        let (bh, bl) = lane_shift::<N, P>(b);
        let mut rh = _mm512_setzero_si512();
        let mut rl = _mm512_setzero_si512();
        for w in 0..=Layout::<N, P>::AW {
            // The group sums land in lanes 0, 2 (a's words q = 0, 1) and 4, 6 (b's).
            let (sh, sl) = pair_lane_sums(ah[w], al[w], bh[w], bl[w]);
            let (pi, mask) = &Layout::<N, P>::PAIR_TRANSPOSE[w];
            let piv = _mm512_loadu_si512(pi.as_ptr() as *const _);
            let ph = _mm512_maskz_permutexvar_epi64(*mask, piv, sh);
            let pl = _mm512_maskz_permutexvar_epi64(*mask, piv, sl);
            (rh, rl) = vtadd(rh, rl, ph, pl);
        }
        reduce_reg_pair::<N, P, 2>(rh, rl)
    }
}

/// Two rounds of lane sums on one word of two accumulators a and b: lanes 2j, 2j + 1 of a to
/// lane j and those of b to lane 4 + j, then lane j + 1 onto lane j, so that lanes 0 and 2 hold
/// the sums of a's lanes 0..4 and 4..8, lanes 4 and 6 those of b.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F.
#[inline(always)]
unsafe fn pair_lane_sums(ah: __m512i, al: __m512i, bh: __m512i, bl: __m512i) -> (__m512i, __m512i) {
    // SAFETY (all intrinsics below): the caller runs on a CPU with AVX-512 F.
    unsafe {
        let even = _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0);
        let odd = _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1);
        let up = _mm512_set_epi64(7, 7, 5, 5, 3, 3, 1, 1);
        let (xh, yh) = (
            _mm512_permutex2var_epi64(ah, even, bh),
            _mm512_permutex2var_epi64(ah, odd, bh),
        );
        let (xl, yl) = (
            _mm512_permutex2var_epi64(al, even, bl),
            _mm512_permutex2var_epi64(al, odd, bl),
        );
        let (sh, sl) = vtadd(xh, xl, yh, yl);
        vtadd(
            sh,
            sl,
            _mm512_permutexvar_epi64(up, sh),
            _mm512_permutexvar_epi64(up, sl),
        )
    }
}

/// [`acc_reduce_pair`] on the extra-trit layout of two-word operands
/// ([`Layout::PAIRS_EXTRA`]). Lane k is shifted by its offset 3 WG (k % 4) within its group
/// (three words); two rounds of lane sums leave the group sums G0, G1 of a in lanes 0, 2 and
/// those of b in lanes 4, 6 (the first round merges a and b as in [`acc_reduce_pair`]); the
/// product is G0 + x^(12 WG) G1, the second group's offset being a shift within a word pair.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F, VL, BW, VBMI, VBMI2 and BMI2.
#[inline(always)]
unsafe fn acc_reduce_pair_extra<const N: usize, P: Trinomial3, const FOLDS: usize>(
    a: &Acc<N>,
    b: &Acc<N>,
) -> (Gf3<N, P>, Gf3<N, P>) {
    let g = 3 * Layout::<N, P>::WG as i64;
    let base = 4 * g;
    // SAFETY (all intrinsics below): the caller runs on a CPU with the features.
    unsafe {
        let rel = _mm512_set_epi64(3 * g, 2 * g, g, 0, 3 * g, 2 * g, g, 0);
        let inv = _mm512_sub_epi64(_mm512_set1_epi64(64), rel);
        // Three words of each lane shifted by its offset in the group (a shift by 64 gives 0).
        let shift = |x0: __m512i, x1: __m512i| {
            [
                _mm512_sllv_epi64(x0, rel),
                _mm512_shldv_epi64(x1, x0, rel),
                _mm512_srlv_epi64(x1, inv),
            ]
        };
        let (a0, a1) = (a.word(0), a.word(1));
        let (b0, b1) = (b.word(0), b.word(1));
        let (ah, al) = (shift(a0.0, a1.0), shift(a0.1, a1.1));
        let (bh, bl) = (shift(b0.0, b1.0), shift(b0.1, b1.1));
        let mut zh = [_mm512_setzero_si512(); 3];
        let mut zl = [_mm512_setzero_si512(); 3];
        for w in 0..3 {
            (zh[w], zl[w]) = pair_lane_sums(ah[w], al[w], bh[w], bl[w]);
        }
        // x^base G1, word c = (G1_c << base) | (G1_(c-1) >> (64 - base)), in lanes 2 and 6.
        let bv = _mm512_set1_epi64(base);
        let s = |z: &[__m512i; 3]| {
            [
                _mm512_sllv_epi64(z[0], bv),
                _mm512_shldv_epi64(z[1], z[0], bv),
                _mm512_shldv_epi64(z[2], z[1], bv),
                _mm512_srlv_epi64(z[2], _mm512_set1_epi64(64 - base)),
            ]
        };
        let (sh, sl) = (s(&zh), s(&zl));
        // Word c of a's product to lane c, of b's to lane 4 + c, read at lanes src and 4 + src.
        let pick = |regs: &[__m512i], src: i64| {
            let idx = _mm512_set_epi64(src + 4, src + 4, src + 4, src + 4, src, src, src, src);
            let mut out = _mm512_setzero_si512();
            for (c, r) in regs.iter().enumerate() {
                out = _mm512_mask_permutexvar_epi64(out, (1 << c) | (1 << (4 + c)), idx, *r);
            }
            out
        };
        let (rh, rl) = vtadd(pick(&zh, 0), pick(&zl, 0), pick(&sh, 2), pick(&sl, 2));
        reduce_reg_pair::<N, P, FOLDS>(rh, rl)
    }
}

/// Combines the lanes of an accumulator into the unreduced product: words 8r..8r+8 of the hi and
/// lo vectors in register r (2N <= 16 words).
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F, VL, BW, VBMI, VBMI2 and BMI2.
#[inline]
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
fn acc_to_regs<const N: usize, P: Trinomial3>(acc: &Acc<N>) -> ([__m512i; 2], [__m512i; 2]) {
    let aw = Layout::<N, P>::AW;
    // SAFETY: this function has the features lane_shift needs.
    let (mut x_h, mut x_l) = unsafe { lane_shift::<N, P>(acc) };

    // ---- segmented sums: the head lane of each group gets the group's sum ----
    let mut d = 1;
    while d < Layout::<N, P>::MAX_GROUP {
        let piv = _mm512_set_epi64(
            ((7 + d) % 8) as i64,
            ((6 + d) % 8) as i64,
            ((5 + d) % 8) as i64,
            ((4 + d) % 8) as i64,
            ((3 + d) % 8) as i64,
            ((2 + d) % 8) as i64,
            ((1 + d) % 8) as i64,
            d as i64,
        );
        // Word-aligned groups are even: the wrapped-in lanes only reach lanes that are not
        // heads, so no mask is needed there.
        let mask = if Layout::<N, P>::PACKED {
            Layout::<N, P>::SEG[d.trailing_zeros() as usize]
        } else {
            0xff
        };
        for w in 0..=aw {
            let ph = _mm512_maskz_permutexvar_epi64(mask, piv, x_h[w]);
            let pl = _mm512_maskz_permutexvar_epi64(mask, piv, x_l[w]);
            (x_h[w], x_l[w]) = vtadd(x_h[w], x_l[w], ph, pl);
        }
        d *= 2;
    }

    // ---- transpose: output word c = sum over groups g of X_(c - Q_g)[head of g] ----
    let mut out_h = [_mm512_setzero_si512(); 2];
    let mut out_l = [_mm512_setzero_si512(); 2];
    let out_regs = (2 * N).div_ceil(8);
    for r in 0..out_regs {
        let mut rh = _mm512_setzero_si512();
        let mut rl = _mm512_setzero_si512();
        for w in 0..=aw {
            let (pi, mask) = &Layout::<N, P>::TRANSPOSE[r][w];
            let mask = *mask;
            if mask == 0 {
                continue;
            }
            // SAFETY: pi is 8 i64 (64 bytes).
            let piv = unsafe { _mm512_loadu_si512(pi.as_ptr() as *const _) };
            let ph = _mm512_maskz_permutexvar_epi64(mask, piv, x_h[w]);
            let pl = _mm512_maskz_permutexvar_epi64(mask, piv, x_l[w]);
            (rh, rl) = vtadd(rh, rl, ph, pl);
        }
        (out_h[r], out_l[r]) = (rh, rl);
    }
    (out_h, out_l)
}

/// AVX-512 products kept as comb accumulators: sums and differences are taken on the
/// accumulators, and the lanes are combined and reduced once per result (exists only on a CPU
/// with the features of [`mul_avx512`]).
#[derive(Clone, Copy)]
struct AvxAcc(());

impl<const N: usize, P: Trinomial3> WideAlg<N, P> for AvxAcc {
    type W = Acc<N>;
    type T = Table<N>;
    #[inline(always)]
    fn table(self, a: &Gf3<N, P>) -> Self::T {
        // SAFETY: an AvxAcc value is made only inside the target-feature functions below,
        // which callers may run only on a CPU with the features.
        unsafe { comb_table::<N, P>(a) }
    }
    #[inline(always)]
    fn negt(self, t: &Self::T) -> Self::T {
        // SAFETY: as in table.
        unsafe { table_neg(t) }
    }
    #[inline(always)]
    fn addt(self, a: &Self::T, b: &Self::T, sub: bool) -> Self::T {
        // SAFETY: as in table.
        unsafe { table_add(a, b, sub) }
    }
    #[inline(always)]
    fn mult(self, t: &Self::T, b: &Gf3<N, P>) -> Self::W {
        // SAFETY: as in table.
        unsafe { comb_with_table::<N, P>(t, b) }
    }
    #[inline(always)]
    fn addw(self, a: &Self::W, b: &Self::W) -> Self::W {
        // SAFETY: as in table.
        unsafe { acc_add::<N, P>(a, b, false) }
    }
    #[inline(always)]
    fn subw(self, a: &Self::W, b: &Self::W) -> Self::W {
        // SAFETY: as in table.
        unsafe { acc_add::<N, P>(a, b, true) }
    }
    #[inline(always)]
    fn negw(self, a: &Self::W) -> Self::W {
        // SAFETY: as in table.
        unsafe { acc_neg::<N, P>(a) }
    }
    #[inline(always)]
    fn finish(self, a: &Self::W) -> Gf3<N, P> {
        // SAFETY: as in table.
        unsafe { acc_reduce::<N, P>(a, true) }
    }
    #[inline(always)]
    fn finish2(self, a: &Self::W, b: &Self::W) -> (Gf3<N, P>, Gf3<N, P>) {
        // SAFETY: as in table.
        unsafe { acc_reduce_pair::<N, P>(a, b) }
    }
    #[inline(always)]
    fn finish2_loose(self, a: &Self::W, b: &Self::W) -> (Gf3<N, P>, Gf3<N, P>) {
        if Layout::<N, P>::LOOSE_TABLES {
            // SAFETY: as in table.
            unsafe { acc_reduce_pair_extra::<N, P, 1>(a, b) }
        } else {
            self.finish2(a, b)
        }
    }
}

/// a^(3^k) by the map's masked sums ([`super::gf3_frobmap`]), 8 monomials per step: lane j of
/// a step adds the image of monomial 8g + j, masked by trit 8g + j of a (the masks are a's bits,
/// the same loads for every input); the 8 lanes are summed at the end.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F.
#[target_feature(enable = "avx512f")]
pub fn frob_avx512<const N: usize, P: Trinomial3>(
    map: &FrobMap3<'_, N, P>,
    a: &Gf3<N, P>,
) -> Gf3<N, P> {
    let w = map.words();
    assert!(w.len() >= P::M.div_ceil(8) * N * 16, "map of another field");
    let mut acc_h = [_mm512_setzero_si512(); N];
    let mut acc_l = [_mm512_setzero_si512(); N];
    for g in 0..P::M.div_ceil(8) {
        let (q, s) = (8 * g / 64, 8 * g % 64);
        let nz = (a.lo[q] >> s) as u8;
        let ng = (a.hi[q] >> s) as u8;
        for x in 0..N {
            let o = (g * N + x) * 16;
            // SAFETY: o + 16 <= w.len() (asserted above); the loads read 8 u64 each.
            let (eh, el) = unsafe {
                (
                    _mm512_maskz_loadu_epi64(nz, w.as_ptr().add(o) as *const _),
                    _mm512_maskz_loadu_epi64(nz, w.as_ptr().add(o + 8) as *const _),
                )
            };
            let eh = _mm512_mask_xor_epi64(eh, ng, eh, el);
            (acc_h[x], acc_l[x]) = vtadd(acc_h[x], acc_l[x], eh, el);
        }
    }
    // Sum of the 8 lanes: lanes d apart, d = 4, 2, 1.
    for d in [4i64, 2, 1] {
        let idx = _mm512_set_epi64(7, 6, 5, 4, 3 + d, 2 + d, 1 + d, d);
        for x in 0..N {
            let ph = _mm512_permutexvar_epi64(idx, acc_h[x]);
            let pl = _mm512_permutexvar_epi64(idx, acc_l[x]);
            (acc_h[x], acc_l[x]) = vtadd(acc_h[x], acc_l[x], ph, pl);
        }
    }
    let lane0 = |v: __m512i| _mm_cvtsi128_si64(_mm512_castsi512_si128(v)) as u64;
    Gf3::from_words(
        core::array::from_fn(|x| lane0(acc_h[x])),
        core::array::from_fn(|x| lane0(acc_l[x])),
    )
}

/// F_{3^3m} product with AVX-512 products, reduced once per coefficient.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F, VL, BW, VBMI, VBMI2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
pub fn mul_rho3_avx512<const N: usize, P: Trinomial3, const B: i8>(
    a: &Gf33<N, P, B>,
    b: &Gf33<N, P, B>,
) -> Gf33<N, P, B> {
    if P::USE_AVX512 {
        mul33_fused(AvxAcc(()), a, b)
    } else {
        mul33_fused(PortableWide, a, b)
    }
}

/// The constant coefficient of the F_{3^3m} product a b with AVX-512 products, one reduction.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F, VL, BW, VBMI, VBMI2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
pub fn mul_rho3_const_avx512<const N: usize, P: Trinomial3, const B: i8>(
    a: &Gf33<N, P, B>,
    b: &Gf33<N, P, B>,
) -> Gf3<N, P> {
    if P::USE_AVX512 {
        mul33_const_fused(AvxAcc(()), a, b)
    } else {
        mul33_const_fused(PortableWide, a, b)
    }
}

/// a s for a in F_{3^3m}, s in F_{3^m}, with AVX-512 products on one table of s.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F, VL, BW, VBMI, VBMI2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
pub fn mul_rho3_base_avx512<const N: usize, P: Trinomial3, const B: i8>(
    a: &Gf33<N, P, B>,
    s: &Gf3<N, P>,
) -> Gf33<N, P, B> {
    if P::USE_AVX512 {
        mul33_base_fused(AvxAcc(()), a, s)
    } else {
        mul33_base_fused(PortableWide, a, s)
    }
}

/// Two F_{3^3m} products a b0, a b1 on one set of tables of a, with AVX-512 products.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F, VL, BW, VBMI, VBMI2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
pub fn mul_rho3_two_avx512<const N: usize, P: Trinomial3, const B: i8>(
    a: &Gf33<N, P, B>,
    b0: &Gf33<N, P, B>,
    b1: &Gf33<N, P, B>,
) -> (Gf33<N, P, B>, Gf33<N, P, B>) {
    if P::USE_AVX512 {
        mul33_two_fused(AvxAcc(()), a, b0, b1)
    } else {
        mul33_two_fused(PortableWide, a, b0, b1)
    }
}

/// F_{3^6m} product with AVX-512 products, reduced once per coefficient.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F, VL, BW, VBMI, VBMI2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
pub fn mul_sigma_avx512<const N: usize, P: Trinomial3, const B: i8>(
    a: &Gf36<N, P, B>,
    b: &Gf36<N, P, B>,
) -> Gf36<N, P, B> {
    if P::USE_AVX512 {
        mul36_fused(AvxAcc(()), a, b)
    } else {
        mul36_fused(PortableWide, a, b)
    }
}

/// frob(a) a for a unitary a (12 products, see [`Gf36::frob_mul_unitary`]) with AVX-512
/// products, reduced once per coefficient.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F, VL, BW, VBMI, VBMI2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
pub fn frob_mul_unitary_avx512<const N: usize, P: Trinomial3, const B: i8>(
    a: &Gf36<N, P, B>,
) -> Gf36<N, P, B> {
    if P::USE_AVX512 {
        frob_mul_unitary_fused(AvxAcc(()), a)
    } else {
        frob_mul_unitary_fused(PortableWide, a)
    }
}

/// Product with a sparse line value with AVX-512 products, reduced once per coefficient.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F, VL, BW, VBMI, VBMI2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
pub fn mul_line_avx512<const N: usize, P: Trinomial3, const B: i8>(
    a: &Gf36<N, P, B>,
    l: &Line3<N, P>,
) -> Gf36<N, P, B> {
    if P::USE_AVX512 {
        mul_line_fused(AvxAcc(()), a, l)
    } else {
        mul_line_fused(PortableWide, a, l)
    }
}

/// Product (in place) with the loop's line value from t and y = ya yb
/// ([`Backend3::mul_line_t`](crate::gf3::Backend3::mul_line_t))
/// with AVX-512 products.
///
/// # Safety
/// Calling it is sound only on a CPU with AVX-512 F, VL, BW, VBMI, VBMI2 and BMI2.
#[target_feature(enable = "avx512f,avx512vl,avx512bw,avx512vbmi,avx512vbmi2,bmi2")]
pub fn mul_line_t_avx512<const N: usize, P: Trinomial3, const B: i8>(
    a: &mut Gf36<N, P, B>,
    t: &Gf3<N, P>,
    ya: &Gf3<N, P>,
    yb: &Gf3<N, P>,
) {
    *a = if P::USE_AVX512 {
        mul_line_t_fused(AvxAcc(()), a, t, ya, yb)
    } else {
        mul_line_t_fused(PortableWide, a, t, ya, yb)
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gf3::trit_add;
    use tripair_testkit::TestRng;

    #[test]
    fn vtadd_matches_scalar() {
        if tripair::cpu::Avx512Vbmi2Bmi2::detect().is_none() {
            return;
        }
        let mut rng = TestRng::new(9);
        for _ in 0..100 {
            let mut v = [0u64; 4];
            for x in v.iter_mut() {
                *x = rng.next_u64();
            }
            let (ah, al, bh, bl) = (v[0] & v[1], v[1], v[2] & v[3], v[3]);
            // SAFETY: avx512f was detected above.
            let (h, l) = unsafe {
                let (h, l) = vtadd(
                    _mm512_set1_epi64(ah as i64),
                    _mm512_set1_epi64(al as i64),
                    _mm512_set1_epi64(bh as i64),
                    _mm512_set1_epi64(bl as i64),
                );
                (
                    _mm512_reduce_or_epi64(h) as u64,
                    _mm512_reduce_or_epi64(l) as u64,
                )
            };
            assert_eq!((h, l), trit_add(ah, al, bh, bl));
        }
    }
}
