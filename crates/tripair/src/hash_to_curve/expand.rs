//! From bytes to field elements: expand_message_xmd with SHA-256 (RFC 9380, section 5.3.1) and
//! hash_to_field (section 5.2).

use crate::error::{Error, Result};
use crate::field::{Field, Fp, Fp2, FpParams, TowerParams};
use crate::prelude::*;
use sha2::{Digest, Sha256};

/// SHA-256's output size b_in_bytes (section 5.3.1).
const B_IN_BYTES: usize = 32;
/// SHA-256's input block size s_in_bytes (section 5.3.1).
const S_IN_BYTES: usize = 64;
/// The longest output expand_message_xmd with SHA-256 produces: 255 blocks (section 5.3.1).
pub const MAX_EXPAND_LEN: usize = 255 * B_IN_BYTES;
/// The longest domain separation tag expand_message_xmd takes (section 5.3.1).
pub const MAX_DST_LEN: usize = 255;

/// expand_message_xmd with H = SHA-256 (RFC 9380, section 5.3.1): `len_in_bytes` uniform bytes
/// from `msg` under the domain separation tag `dst`. Errors for an empty tag ([`Error::EmptyDst`],
/// section 3.1), a tag over 255 bytes ([`Error::DstTooLong`]; see [`oversize_dst`]) and for more
/// than 255 * 32 bytes
/// ([`Error::ExpandLengthTooLarge`]). The work depends only on the lengths.
pub fn expand_message_xmd(msg: &[u8], dst: &[u8], len_in_bytes: usize) -> Result<Vec<u8>> {
    // Step 2: ell <= 255 and len_in_bytes <= 65535 (the first bound implies the second for SHA-256).
    let ell = len_in_bytes.div_ceil(B_IN_BYTES);
    if ell > 255 || len_in_bytes > 65535 {
        return Err(Error::ExpandLengthTooLarge {
            requested: len_in_bytes,
            max: MAX_EXPAND_LEN,
        });
    }
    if dst.is_empty() {
        return Err(Error::EmptyDst);
    }
    if dst.len() > MAX_DST_LEN {
        return Err(Error::DstTooLong { len: dst.len() });
    }
    // Step 3: DST_prime = DST || I2OSP(len(DST), 1).
    let dst_len = [dst.len() as u8];
    // Steps 6-7: b_0 = H(Z_pad || msg || I2OSP(len_in_bytes, 2) || I2OSP(0, 1) || DST_prime).
    let b0 = Sha256::new()
        .chain_update([0u8; S_IN_BYTES])
        .chain_update(msg)
        .chain_update((len_in_bytes as u16).to_be_bytes())
        .chain_update([0u8])
        .chain_update(dst)
        .chain_update(dst_len)
        .finalize();
    // Steps 8-10: b_i = H(strxor(b_0, b_(i-1)) || I2OSP(i, 1) || DST_prime), with b_0 xor b_0 = 0
    // standing in for the missing b_(0) of b_1.
    let mut out = Vec::with_capacity(ell * B_IN_BYTES);
    let mut prev = [0u8; B_IN_BYTES];
    for i in 1..=ell {
        let mut x = [0u8; B_IN_BYTES];
        for (xj, (a, b)) in x.iter_mut().zip(b0.iter().zip(&prev)) {
            *xj = a ^ b;
        }
        let bi = Sha256::new()
            .chain_update(x)
            .chain_update([i as u8])
            .chain_update(dst)
            .chain_update(dst_len)
            .finalize();
        prev.copy_from_slice(&bi);
        out.extend_from_slice(&bi);
    }
    // Steps 11-12.
    out.truncate(len_in_bytes);
    Ok(out)
}

/// The short tag that stands for a domain separation tag longer than 255 bytes (RFC 9380,
/// section 5.3.3): SHA-256("H2C-OVERSIZE-DST-" || long_dst).
pub fn oversize_dst(long_dst: &[u8]) -> [u8; 32] {
    Sha256::new()
        .chain_update(b"H2C-OVERSIZE-DST-")
        .chain_update(long_dst)
        .finalize()
        .into()
}

/// A field that hash_to_field (RFC 9380, section 5.2) outputs elements of, with the sign
/// function sgn0 (section 4.1) the mappings use.
pub trait HashToField: Field {
    /// The extension degree m over F_p.
    const M: usize;
    /// L = ceil((ceil(log2(p)) + k) / 8) for the security level k = 128: the bytes per F_p
    /// coefficient (64 for BLS12-381).
    const L: usize;
    /// The element whose coefficients are the M consecutive L-byte big-endian integers of `bytes`
    /// reduced modulo p (section 5.2, steps 4-8), in constant time.
    fn from_uniform_bytes(bytes: &[u8]) -> Self;
    /// sgn0 (section 4.1), constant time: 1 if the element is "negative", else 0.
    fn sgn0(&self) -> u64;
    /// The p-power Frobenius map x -> x^p (the identity on F_p, conjugation on F_p2): lets an
    /// exponent below p^2 be split as a p + b, halving the squarings of an exponentiation.
    fn frobenius(&self) -> Self;
    /// The prime field F_p under this field (F_p itself for m = 1).
    type Base: HashToField;
    /// The coordinates (c0, c1) over F_p of c0 + c1 I for m = 2; (self, 0) for m = 1.
    fn to_base_pair(&self) -> (Self::Base, Self::Base);
    /// c0 + c1 I for m = 2; c0 for m = 1 (where c1 must be 0).
    fn from_base_pair(c0: Self::Base, c1: Self::Base) -> Self;
}

/// L for a prime field of `bits` bits at security level k = 128 (section 5).
const fn l_for_bits(bits: u32) -> usize {
    (bits as usize + 128).div_ceil(8)
}

impl<F: FpParams> HashToField for Fp<F> {
    const M: usize = 1;
    const L: usize = l_for_bits(F::BITS);
    fn from_uniform_bytes(bytes: &[u8]) -> Self {
        Fp::from_be_bytes_mod_order(bytes)
    }
    /// sgn0 for m = 1: x mod 2 (the canonical value's parity; one Montgomery product).
    fn sgn0(&self) -> u64 {
        self.to_canonical_limbs().as_ref()[0] & 1
    }
    fn frobenius(&self) -> Self {
        *self
    }
    type Base = Self;
    fn to_base_pair(&self) -> (Self, Self) {
        (*self, Self::ZERO)
    }
    fn from_base_pair(c0: Self, c1: Self) -> Self {
        debug_assert!(c1.is_zero());
        c0
    }
}

impl<T: TowerParams> HashToField for Fp2<T> {
    const M: usize = 2;
    const L: usize = l_for_bits(<T::Fp as FpParams>::BITS);
    fn from_uniform_bytes(bytes: &[u8]) -> Self {
        let (e0, e1) = bytes.split_at(Self::L);
        Fp2::new(
            Fp::from_be_bytes_mod_order(e0),
            Fp::from_be_bytes_mod_order(e1),
        )
    }
    /// sgn0 for m = 2: sign_0 OR (zero_0 AND sign_1), without short-circuit logic.
    fn sgn0(&self) -> u64 {
        let zero0 = self.c0.ct_eq_mask(&Fp::ZERO) & 1;
        self.c0.sgn0() | (zero0 & self.c1.sgn0())
    }
    fn frobenius(&self) -> Self {
        self.conjugate()
    }
    type Base = Fp<T::Fp>;
    fn to_base_pair(&self) -> (Self::Base, Self::Base) {
        (self.c0, self.c1)
    }
    fn from_base_pair(c0: Self::Base, c1: Self::Base) -> Self {
        Fp2::new(c0, c1)
    }
}

/// hash_to_field (RFC 9380, section 5.2) with expand_message_xmd over SHA-256: `count` elements
/// of `F` from `msg` under the domain separation tag `dst`. Errors as [`expand_message_xmd`].
pub fn hash_to_field<F: HashToField>(msg: &[u8], dst: &[u8], count: usize) -> Result<Vec<F>> {
    let per_element = F::M * F::L;
    let uniform = expand_message_xmd(msg, dst, count.saturating_mul(per_element))?;
    Ok(uniform
        .chunks_exact(per_element)
        .map(F::from_uniform_bytes)
        .collect())
}
