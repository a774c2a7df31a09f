use super::{LaneBackend, PortableLanes, Row};

#[cold]
#[inline(never)]
pub(super) fn mont_mul<const M: usize>(
    a: &[Row; M],
    b: &[Row; M],
    p: &[Row; M],
    inv: u64,
) -> [Row; M] {
    PortableLanes::mont_mul(a, b, p, inv)
}
#[cold]
#[inline(never)]
pub(super) fn add_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p2: &[Row; M]) -> [Row; M] {
    PortableLanes::add_mod(a, b, p2)
}
#[cold]
#[inline(never)]
pub(super) fn sub_mod<const M: usize>(a: &[Row; M], b: &[Row; M], p2: &[Row; M]) -> [Row; M] {
    PortableLanes::sub_mod(a, b, p2)
}
#[cold]
#[inline(never)]
pub(super) fn half_mod<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
    PortableLanes::half_mod(a, p)
}
#[cold]
#[inline(never)]
pub(super) fn canonical<const M: usize>(a: &[Row; M], p: &[Row; M]) -> [Row; M] {
    PortableLanes::canonical(a, p)
}
#[cold]
#[inline(never)]
pub(super) fn lincomb<const M: usize>(
    a: &[Row; M],
    ka: i64,
    b: &[Row; M],
    kb: i64,
    p2: &[Row; M],
) -> [Row; M] {
    PortableLanes::lincomb(a, ka, b, kb, p2)
}
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub(super) fn fp2_mul<const M: usize>(
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
#[cold]
#[inline(never)]
pub(super) fn fp2_square<const M: usize>(
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
#[cold]
#[inline(never)]
pub(super) fn compressed_squares<const M: usize>(
    s: &[Row; M],
    count: usize,
    p: &[Row; M],
    p2: &[Row; M],
    inv: u64,
) -> [Row; M] {
    PortableLanes::compressed_squares(s, count, p, p2, inv)
}
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub(super) fn cyclotomic_squares<const M: usize>(
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
