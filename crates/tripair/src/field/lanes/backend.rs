//! The lane backends: portable u64 arithmetic, and AVX-512 IFMA with the portable kernels as its
//! fallback.

#[cfg(target_arch = "x86_64")]
use super::{cold, ifma};
use super::{kernels, LaneBackend, Row, Scalar8, TowerConsts};
#[cfg(target_arch = "x86_64")]
use crate::cpu::Avx512Ifma;

/// Plain u64 arithmetic lane by lane (u128 products): runs everywhere, the reference.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PortableLanes;

impl LaneBackend for PortableLanes {
    const NAME: &'static str = "portable";
    fn active() -> bool {
        true
    }
    #[inline(always)]
    fn mont_mul<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M], inv: u64) -> [Row; M] {
        kernels::mont_mul::<Scalar8, M>(a, b, p, inv)
    }
    #[inline(always)]
    fn add_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M]) -> [Row; M] {
        kernels::add_mod::<Scalar8, M>(a, b, p)
    }
    #[inline(always)]
    fn sub_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M]) -> [Row; M] {
        kernels::sub_mod::<Scalar8, M>(a, b, p)
    }
    #[inline(always)]
    fn half_mod<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
        kernels::half_mod::<Scalar8, M>(a, p)
    }
    #[inline(always)]
    fn canonical<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
        kernels::canonical::<Scalar8, M>(a, p)
    }
    #[inline(always)]
    fn lincomb<const M: usize>(
        a: &[Row; M],
        ka: i64,
        b: &[Row; M],
        kb: i64,
        p2: &[Row; M],
    ) -> [Row; M] {
        kernels::lincomb::<Scalar8, M>(a, ka, b, kb, p2)
    }
    #[inline(always)]
    fn fp2_mul<const M: usize>(
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
        kernels::fp2_mul::<Scalar8, M>(a, b, beta, lazy, p, p2, inv, c0, c1)
    }
    #[inline(always)]
    fn fp2_square<const M: usize>(
        a: [&[Row; M]; 2],
        beta: i64,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        c0: &mut [Row; M],
        c1: &mut [Row; M],
    ) {
        kernels::fp2_square::<Scalar8, M>(a, beta, p, p2, inv, c0, c1)
    }
    #[inline(always)]
    fn fp6_mul<const M: usize>(
        _a: [&[Row; M]; 6],
        _b: [&[Row; M]; 6],
        _k: &TowerConsts<'_, [Row; M]>,
        _c: [&mut [Row; M]; 6],
    ) -> bool {
        false
    }
    #[inline(always)]
    fn fp12_mul_by_line<const M: usize, const M_TYPE: bool>(
        _f: [&mut [Row; M]; 12],
        _l: [&[Row; M]; 6],
        _k: &TowerConsts<'_, [Row; M]>,
    ) -> bool {
        false
    }
    #[inline(always)]
    fn fp12_square<const M: usize>(
        _f: [&mut [Row; M]; 12],
        _k: &TowerConsts<'_, [Row; M]>,
    ) -> bool {
        false
    }
    #[inline(always)]
    fn cyclotomic_square<const M: usize, const K: usize>(
        _e: [&[Row; M]; K],
        _k: &TowerConsts<'_, [Row; M]>,
        _c: [&mut [Row; M]; K],
    ) -> bool {
        false
    }
    #[inline(always)]
    fn compressed_squares<const M: usize>(
        s: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
    ) -> [Row; M] {
        kernels::compressed_squares::<Scalar8, M>(s, count, p, p2, inv)
    }
    #[inline(always)]
    fn cyclotomic_squares<const M: usize>(
        x: &[Row; M],
        y: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        xi: (u64, u64),
    ) -> ([Row; M], [Row; M]) {
        kernels::cyclotomic_squares::<Scalar8, M>(x, y, count, p, p2, inv, xi)
    }
}

/// AVX-512 IFMA kernels when the CPU has them (the [`crate::cpu::Avx512Ifma`] proof, one cached load per
/// operation), the portable kernels otherwise (other CPUs, or `TRIPAIR_BACKEND=portable`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct IfmaLanes;

#[cfg(target_arch = "x86_64")]
impl LaneBackend for IfmaLanes {
    const NAME: &'static str = "avx512ifma";
    fn active() -> bool {
        Avx512Ifma::detect().is_some()
    }
    #[inline(always)]
    fn mont_mul<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M], inv: u64) -> [Row; M] {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::mont_mul(cpu, a, b, p, inv),
            None => cold::mont_mul(a, b, p, inv),
        }
    }
    #[inline(always)]
    fn add_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p2: &[Row; M]) -> [Row; M] {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::add_mod(cpu, a, b, p2),
            None => cold::add_mod(a, b, p2),
        }
    }
    #[inline(always)]
    fn sub_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p2: &[Row; M]) -> [Row; M] {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::sub_mod(cpu, a, b, p2),
            None => cold::sub_mod(a, b, p2),
        }
    }
    #[inline(always)]
    fn half_mod<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::half_mod(cpu, a, p),
            None => cold::half_mod(a, p),
        }
    }
    #[inline(always)]
    fn canonical<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::canonical(cpu, a, p),
            None => cold::canonical(a, p),
        }
    }
    #[inline(always)]
    fn lincomb<const M: usize>(
        a: &[Row; M],
        ka: i64,
        b: &[Row; M],
        kb: i64,
        p2: &[Row; M],
    ) -> [Row; M] {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::lincomb(cpu, a, ka, b, kb, p2),
            None => cold::lincomb(a, ka, b, kb, p2),
        }
    }
    #[inline(always)]
    fn fp2_mul<const M: usize>(
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
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::fp2_mul(cpu, a, b, beta, lazy, p, p2, inv, c0, c1),
            None => cold::fp2_mul(a, b, beta, lazy, p, p2, inv, c0, c1),
        }
    }
    #[inline(always)]
    fn fp2_square<const M: usize>(
        a: [&[Row; M]; 2],
        beta: i64,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        c0: &mut [Row; M],
        c1: &mut [Row; M],
    ) {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::fp2_square(cpu, a, beta, p, p2, inv, c0, c1),
            None => cold::fp2_square(a, beta, p, p2, inv, c0, c1),
        }
    }
    #[inline(always)]
    fn fp6_mul<const M: usize>(
        a: [&[Row; M]; 6],
        b: [&[Row; M]; 6],
        k: &TowerConsts<'_, [Row; M]>,
        c: [&mut [Row; M]; 6],
    ) -> bool {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::fp6_mul(cpu, a, b, k, c),
            None => false,
        }
    }
    #[inline(always)]
    fn fp12_mul_by_line<const M: usize, const M_TYPE: bool>(
        f: [&mut [Row; M]; 12],
        l: [&[Row; M]; 6],
        k: &TowerConsts<'_, [Row; M]>,
    ) -> bool {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::fp12_mul_by_line::<M, M_TYPE>(cpu, f, l, k),
            None => false,
        }
    }
    #[inline(always)]
    fn fp12_square<const M: usize>(f: [&mut [Row; M]; 12], k: &TowerConsts<'_, [Row; M]>) -> bool {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::fp12_square(cpu, f, k),
            None => false,
        }
    }
    #[inline(always)]
    fn cyclotomic_square<const M: usize, const K: usize>(
        e: [&[Row; M]; K],
        k: &TowerConsts<'_, [Row; M]>,
        c: [&mut [Row; M]; K],
    ) -> bool {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::cyclotomic_square(cpu, e, k, c),
            None => false,
        }
    }
    #[inline(always)]
    fn compressed_squares<const M: usize>(
        s: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
    ) -> [Row; M] {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::compressed_squares(cpu, s, count, p, p2, inv),
            None => cold::compressed_squares(s, count, p, p2, inv),
        }
    }
    #[inline(always)]
    fn cyclotomic_squares<const M: usize>(
        x: &[Row; M],
        y: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        xi: (u64, u64),
    ) -> ([Row; M], [Row; M]) {
        match Avx512Ifma::detect() {
            Some(cpu) => ifma::cyclotomic_squares(cpu, x, y, count, p, p2, inv, xi),
            None => cold::cyclotomic_squares(x, y, count, p, p2, inv, xi),
        }
    }
}

/// Off x86-64 the IFMA backend is the portable one.
#[cfg(not(target_arch = "x86_64"))]
impl LaneBackend for IfmaLanes {
    const NAME: &'static str = "avx512ifma";
    fn active() -> bool {
        false
    }
    fn mont_mul<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M], inv: u64) -> [Row; M] {
        PortableLanes::mont_mul(a, b, p, inv)
    }
    fn add_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M]) -> [Row; M] {
        PortableLanes::add_mod(a, b, p)
    }
    fn sub_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p: &[Row; M]) -> [Row; M] {
        PortableLanes::sub_mod(a, b, p)
    }
    fn half_mod<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
        PortableLanes::half_mod(a, p)
    }
    fn canonical<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
        PortableLanes::canonical(a, p)
    }
    fn lincomb<const M: usize>(
        a: &[Row; M],
        ka: i64,
        b: &[Row; M],
        kb: i64,
        p2: &[Row; M],
    ) -> [Row; M] {
        PortableLanes::lincomb(a, ka, b, kb, p2)
    }
    fn fp2_mul<const M: usize>(
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
        PortableLanes::fp2_mul(a, b, beta, lazy, p, p2, inv, c0, c1)
    }
    fn fp2_square<const M: usize>(
        a: [&[Row; M]; 2],
        beta: i64,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        c0: &mut [Row; M],
        c1: &mut [Row; M],
    ) {
        PortableLanes::fp2_square(a, beta, p, p2, inv, c0, c1)
    }
    fn fp6_mul<const M: usize>(
        a: [&[Row; M]; 6],
        b: [&[Row; M]; 6],
        k: &TowerConsts<'_, [Row; M]>,
        c: [&mut [Row; M]; 6],
    ) -> bool {
        PortableLanes::fp6_mul(a, b, k, c)
    }
    fn fp12_mul_by_line<const M: usize, const M_TYPE: bool>(
        f: [&mut [Row; M]; 12],
        l: [&[Row; M]; 6],
        k: &TowerConsts<'_, [Row; M]>,
    ) -> bool {
        PortableLanes::fp12_mul_by_line::<M, M_TYPE>(f, l, k)
    }
    fn fp12_square<const M: usize>(f: [&mut [Row; M]; 12], k: &TowerConsts<'_, [Row; M]>) -> bool {
        PortableLanes::fp12_square(f, k)
    }
    fn cyclotomic_square<const M: usize, const K: usize>(
        e: [&[Row; M]; K],
        k: &TowerConsts<'_, [Row; M]>,
        c: [&mut [Row; M]; K],
    ) -> bool {
        PortableLanes::cyclotomic_square(e, k, c)
    }
    fn compressed_squares<const M: usize>(
        s: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
    ) -> [Row; M] {
        PortableLanes::compressed_squares(s, count, p, p2, inv)
    }
    fn cyclotomic_squares<const M: usize>(
        x: &[Row; M],
        y: &[Row; M],
        count: usize,
        p: &[Row; M],
        p2: &[Row; M],
        inv: u64,
        xi: (u64, u64),
    ) -> ([Row; M], [Row; M]) {
        PortableLanes::cyclotomic_squares(x, y, count, p, p2, inv, xi)
    }
}
