//! x -> x^(3^k) on F_{3^m} as an F_3-linear map, in constant time.
//!
//! The Frobenius power is F_3-linear, so a^(3^k) = sum_i a_i (x^i)^(3^k): the map stores the
//! images of the m monomials and sums them with masks made from the trits of a (a_i = 0, 1 or
//! -1 = 2: masked out, added, or negated by hi ^= lo and added). Every image is read for every
//! input, so no address and no branch depends on a (unlike the lookups of
//! [`super::gf3_powtable`]). The images are stored in groups of 8 monomials, one monomial per
//! 64-bit lane, so that the AVX-512 backend sums 8 of them per masked load and trit addition,
//! with the masks read directly off a's bit-vectors. It replaces long cubing chains: at m = 97
//! one map costs about as much as three cubings. Broken parameters (small characteristic):
//! research use only.

use super::gf3::{trit_add, Gf3, Trinomial3};

/// The images (x^i)^(3^k), i < m, of one map: monomial 8g + j, word w, hi (p = 0) or lo (p = 1)
/// at `((g * N + w) * 2 + p) * 8 + j`; monomials at or above m are zero.
#[derive(Clone, Debug)]
pub struct FrobMap3Words {
    k: usize,
    n: usize,
    words: Vec<u64>,
}

impl FrobMap3Words {
    /// The map x -> x^(3^k) of F_{3^m} (m = P::M): the images of the monomials
    /// (`Gf3::frobenius_images`).
    pub fn new<const N: usize, P: Trinomial3>(k: usize) -> Self {
        let groups = P::M.div_ceil(8);
        let mut words = vec![0u64; groups * N * 16];
        for (i, img) in Gf3::<N, P>::frobenius_images(k).take(P::M).enumerate() {
            let (grp, j) = (i / 8, i % 8);
            for w in 0..N {
                words[((grp * N + w) * 2) * 8 + j] = img.hi[w];
                words[((grp * N + w) * 2 + 1) * 8 + j] = img.lo[w];
            }
        }
        FrobMap3Words { k, n: N, words }
    }

    /// The exponent k (the map is x -> x^(3^k)).
    pub fn k(&self) -> usize {
        self.k
    }

    /// The typed view (panics if the map was built for another word count).
    pub fn view<const N: usize, P: Trinomial3>(&self) -> FrobMap3<'_, N, P> {
        assert_eq!(self.n, N, "map built for another field");
        FrobMap3 {
            t: self,
            _p: core::marker::PhantomData,
        }
    }
}

/// A typed view of a [`FrobMap3Words`] for F_{3^m}, m = P::M, in N words.
#[derive(Clone, Copy, Debug)]
pub struct FrobMap3<'a, const N: usize, P: Trinomial3> {
    t: &'a FrobMap3Words,
    _p: core::marker::PhantomData<P>,
}

impl<const N: usize, P: Trinomial3> FrobMap3<'_, N, P> {
    /// The exponent k.
    pub fn k(&self) -> usize {
        self.t.k
    }

    /// The image words (layout of [`FrobMap3Words`]).
    pub(crate) fn words(&self) -> &[u64] {
        &self.t.words
    }

    /// a^(3^k) by masked sums of the monomial images, one monomial at a time (constant time).
    pub fn apply_portable(&self, a: &Gf3<N, P>) -> Gf3<N, P> {
        let w = &self.t.words;
        let mut acc_h = [0u64; N];
        let mut acc_l = [0u64; N];
        for i in 0..P::M {
            let (q, s, grp, j) = (i / 64, i % 64, i / 8, i % 8);
            // All ones where the trit is nonzero / equal to -1 (hi set implies lo set).
            let nz = 0u64.wrapping_sub((a.lo[q] >> s) & 1);
            let ng = 0u64.wrapping_sub((a.hi[q] >> s) & 1);
            for x in 0..N {
                let ih = w[((grp * N + x) * 2) * 8 + j];
                let il = w[((grp * N + x) * 2 + 1) * 8 + j];
                let (eh, el) = ((ih ^ (il & ng)) & nz, il & nz);
                (acc_h[x], acc_l[x]) = trit_add(acc_h[x], acc_l[x], eh, el);
            }
        }
        Gf3::from_words(acc_h, acc_l)
    }

    /// a^(3^k) by k cubings (the plain reference of the map).
    pub fn apply_by_cubings(&self, a: &Gf3<N, P>) -> Gf3<N, P> {
        let mut r = *a;
        for _ in 0..self.t.k {
            r = r.cube_portable();
        }
        r
    }
}

/// The split of the eta_T loop over F_{3^m} into two chunks or threads
/// (`eta3::eta_t_loop`, `eta3::eta_t_loop_parallel`): (total, h), total = L + 1 factors,
/// L = (m - 1)/2, the first part [0, h) with h = total / 2. Defined here so that the maps of
/// [`frob_map_exponents`] match the chunks' start powers.
pub fn eta_loop_split(m: usize) -> (usize, usize) {
    let total = (m - 1) / 2 + 1;
    (total, total / 2)
}

/// The exponents k whose maps the eta_T pairing on F_{3^m} uses: the loop's start powers
/// (L and L + h on the Q side, L + 1 - h on the P side, with L = (m - 1)/2 and h = (L + 1)/2 the
/// split into two chunks or threads), the final exponentiation's (m + 1)/2, and the long cubing chains (k >= 8)
/// of the Itoh–Tsujii inversion.
pub fn frob_map_exponents(m: usize) -> Vec<usize> {
    let l = (m - 1) / 2;
    let (_, h) = eta_loop_split(m);
    let mut ks = vec![l, l + h, l + 1 - h, m.div_ceil(2)];
    ks.extend(
        super::gf3::inv_chain_lengths(m)
            .into_iter()
            .filter(|&k| k >= 8),
    );
    ks.sort_unstable();
    ks.dedup();
    ks
}

/// The map for exponent k among P's maps ([`Trinomial3::frob_maps`]), if it has one.
pub fn frob_map<const N: usize, P: Trinomial3>(k: usize) -> Option<FrobMap3<'static, N, P>> {
    P::frob_maps()
        .iter()
        .find(|t| t.k() == k)
        .map(|t| t.view::<N, P>())
}
