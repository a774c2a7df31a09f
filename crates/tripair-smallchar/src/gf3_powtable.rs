//! x -> x^(3^k) on F_{3^m} by table lookup: the variable-time alternative to the constant-time
//! maps of [`super::gf3_frobmap`] (measured as fast there), kept for [`super::eta3::final_exp_vartime`]
//! and [`super::gf3::Gf3::inv_vartime_with`].
//!
//! The map is F_3-linear. An element is a = L + H, with L and H the 0/1 polynomials of its `lo`
//! and `hi` bit-vectors (a coefficient 2 has both bits set), so a^(3^k) = L^(3^k) + H^(3^k), and
//! each of those is the sum of the images of its 4-bit chunks, read from a table of 16 entries per
//! chunk position. **Variable time:** the lookups index memory by the bits of the input (a cache
//! side channel); every function here says so with `_vartime`. Broken parameters (small
//! characteristic): research use only.

use super::gf3::{Backend3, Gf3, Trinomial3};

/// Bits per chunk.
const CHUNK: usize = 4;

/// The table of x -> x^(3^k) for one k: words of entry (chunk c, value v) at
/// `(c * 16 + v) * 2N`, hi words then lo words.
#[derive(Clone, Debug)]
pub struct PowTable3Words {
    k: usize,
    n: usize,
    words: Vec<u64>,
}

/// A typed view of a [`PowTable3Words`] for F_{3^m}, m = P::M, in N words.
#[derive(Clone, Copy, Debug)]
pub struct PowTable3<'a, const N: usize, P: Trinomial3> {
    t: &'a PowTable3Words,
    _p: core::marker::PhantomData<P>,
}

impl PowTable3Words {
    /// Builds the table of x -> x^(3^k): each entry is the sum of the images of the monomials
    /// of its set bits (`Gf3::frobenius_images`).
    pub fn new<const N: usize, P: Trinomial3>(k: usize) -> Self {
        let chunks = P::M.div_ceil(CHUNK);
        let stride = 2 * N;
        let mut words = vec![0u64; chunks * 16 * stride];
        let mut images = Gf3::<N, P>::frobenius_images(k);
        for c in 0..chunks {
            let mut basis = [Gf3::<N, P>::zero(); CHUNK];
            for (b, img) in basis.iter_mut().zip(images.by_ref()) {
                *b = img;
            }
            let mut entries = [Gf3::<N, P>::zero(); 16];
            for v in 1..16usize {
                let low = v.trailing_zeros() as usize;
                entries[v] = entries[v & (v - 1)].add(&basis[low]);
            }
            for (v, e) in entries.iter().enumerate() {
                let o = (c * 16 + v) * stride;
                words[o..o + N].copy_from_slice(&e.hi);
                words[o + N..o + 2 * N].copy_from_slice(&e.lo);
            }
        }
        PowTable3Words { k, n: N, words }
    }

    /// The exponent k of this table (it maps x to x^(3^k)).
    pub fn k(&self) -> usize {
        self.k
    }

    /// The typed view (panics if the table was built for another word count).
    pub fn view<const N: usize, P: Trinomial3>(&self) -> PowTable3<'_, N, P> {
        assert_eq!(self.n, N, "table built for another field");
        PowTable3 {
            t: self,
            _p: core::marker::PhantomData,
        }
    }
}

impl<const N: usize, P: Trinomial3> PowTable3<'_, N, P> {
    /// The exponent k (the map is x -> x^(3^k)).
    pub fn k(&self) -> usize {
        self.t.k
    }

    /// a^(3^k) by 2 * ceil(m/4) table lookups. **Variable time** (memory access depends on a).
    #[inline]
    pub fn pow_vartime(&self, a: &Gf3<N, P>) -> Gf3<N, P> {
        let stride = 2 * N;
        let w = &self.t.words;
        let mut acc_h = [0u64; N];
        let mut acc_l = [0u64; N];
        let mut add_entry = |o: usize| {
            let e = &w[o..o + stride];
            for i in 0..N {
                (acc_h[i], acc_l[i]) = super::gf3::trit_add(acc_h[i], acc_l[i], e[i], e[N + i]);
            }
        };
        for (wi, (&h, &l)) in a.hi.iter().zip(a.lo.iter()).enumerate() {
            let first = wi * (64 / CHUNK);
            let last = (P::M.div_ceil(CHUNK)).min(first + 64 / CHUNK);
            for c in first..last {
                let s = (c - first) * CHUNK;
                let vl = ((l >> s) & 15) as usize;
                let vh = ((h >> s) & 15) as usize;
                add_entry((c * 16 + vl) * stride);
                add_entry((c * 16 + vh) * stride);
            }
        }
        Gf3::from_words(acc_h, acc_l)
    }

    /// a^(3^k) by k cubings on the backend (the plain reference of [`Self::pow_vartime`]).
    pub fn pow_by_cubings<Bk: Backend3>(&self, a: &Gf3<N, P>, be: Bk) -> Gf3<N, P> {
        let mut r = *a;
        for _ in 0..self.t.k {
            r = be.cube(&r);
        }
        r
    }
}
