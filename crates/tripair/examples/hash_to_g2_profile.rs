//! Runs hash_to_g2 in a loop, for a profiler (`perf record`): where hashing to G2 spends its time.
use tripair::hash_to_curve::hash_to_g2;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let mut msg = [0u8; 32];
    for i in 0..n {
        msg[0] = i as u8;
        msg[1] = (i >> 8) as u8;
        std::hint::black_box(
            hash_to_g2(&msg, b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_").unwrap(),
        );
    }
}
