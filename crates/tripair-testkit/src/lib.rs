//! A reproducible generator for tripair's tests and benchmarks: xoshiro256** seeded by SplitMix64.
//!
//! It is NOT a cryptographic generator: never use it for secrets. It implements
//! [`rand_core::RngCore`] (and deliberately not `CryptoRng`), so it plugs into the same `random`
//! functions that take a real CSPRNG in applications.

pub mod limbs;

use rand_core::{impls, Error, RngCore};

/// xoshiro256** seeded by SplitMix64: the same seed gives the same stream on every machine.
#[derive(Clone, Debug)]
pub struct TestRng {
    s: [u64; 4],
}

impl TestRng {
    /// A generator whose whole stream is fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        let mut z = seed;
        let mut s = [0u64; 4];
        for w in s.iter_mut() {
            z = z.wrapping_add(0x9e3779b97f4a7c15);
            let mut x = z;
            x = (x ^ (x >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94d049bb133111eb);
            *w = x ^ (x >> 31);
        }
        TestRng { s }
    }

    /// The next 64 bits of the stream.
    pub fn next_u64(&mut self) -> u64 {
        let r = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        r
    }

    /// Fills `out` with the next bytes of the stream (8 per word, little-endian).
    pub fn fill_bytes(&mut self, out: &mut [u8]) {
        for chunk in out.chunks_mut(8) {
            let v = TestRng::next_u64(self).to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }
}

impl RngCore for TestRng {
    fn next_u32(&mut self) -> u32 {
        TestRng::next_u64(self) as u32
    }
    fn next_u64(&mut self) -> u64 {
        TestRng::next_u64(self)
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        TestRng::fill_bytes(self, dest)
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), Error> {
        impls::fill_bytes_via_next(self, dest);
        Ok(())
    }
}

/// Runs `f` on a thread with a 32 MiB stack, passing on its panic. For tests built at
/// `opt-level = 0` (crates/tripair-tests-unoptimised), where the lane pairings overflowed the test
/// harness's 2 MiB thread stack (presumably each unoptimised 8-lane temporary takes a stack slot
/// of its own).
pub fn on_big_stack(f: fn()) {
    std::thread::Builder::new()
        .stack_size(32 << 20)
        .spawn(f)
        .expect("test thread")
        .join()
        .unwrap_or_else(|e| std::panic::resume_unwind(e));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stream_is_fixed_by_the_seed() {
        let (mut a, mut b, mut c) = (TestRng::new(7), TestRng::new(7), TestRng::new(8));
        let xa: Vec<u64> = (0..4).map(|_| a.next_u64()).collect();
        let xb: Vec<u64> = (0..4).map(|_| b.next_u64()).collect();
        let xc: Vec<u64> = (0..4).map(|_| c.next_u64()).collect();
        assert_eq!(xa, xb);
        assert_ne!(xa, xc);
        // fill_bytes continues the same stream, little-endian per word.
        let mut d = TestRng::new(7);
        let mut buf = [0u8; 12];
        d.fill_bytes(&mut buf);
        assert_eq!(buf[..8], xa[0].to_le_bytes());
        assert_eq!(buf[8..], xa[1].to_le_bytes()[..4]);
    }
}
