//! Running the routines on field elements: conversions between tripair's types (and integers
//! for F_p) and the model's memory layouts, and one runner per field.

use num_bigint::BigUint;
use num_traits::{One, Zero};
use tripair_smallchar::gf2::{Gf2, Pentanomial2};
use tripair_smallchar::gf3::{Gf3, Trinomial3};

use crate::fp::{self, Isa};
use crate::harness::{self, MODN, OPA, OPB, RES, TAB};
use crate::machine::{Insn, RunStats};
use crate::{gf2, gf3, VpgError};

/// The three operations of the paper's tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Addition.
    Add,
    /// Multiplication.
    Mul,
    /// Squaring (F_p, F_2^m) or cubing (F_3^m).
    Power,
}

/// An assembled routine and the table it expects at `r13`, if any.
#[derive(Clone, Debug)]
pub struct Routine {
    /// The code.
    pub prog: Vec<Insn>,
    /// The lookup table.
    pub table: Option<Vec<u32>>,
}

// ----- F_p -----------------------------------------------------------------------------------

/// F_p on the model: the prime, its word count and Montgomery constant.
#[derive(Clone, Debug)]
pub struct FpModel {
    /// The odd modulus.
    pub p: BigUint,
    /// Words of 32 bits.
    pub t: usize,
    n0p: u32,
}

fn to_words(x: &BigUint, t: usize) -> Vec<u32> {
    let mut w = x.to_u32_digits();
    w.resize(t, 0);
    w
}

impl FpModel {
    /// The model of F_p; `p` must be odd and above 2^32.
    pub fn new(p: &BigUint) -> Result<Self, VpgError> {
        if p.bits() <= 32 || !p.bit(0) {
            return Err(VpgError::Input(format!(
                "the modulus must be odd and above 2^32, got {p}"
            )));
        }
        let t = (p.bits() as usize).div_ceil(32);
        // n0' = -p^-1 mod 2^32 by Newton iteration.
        let p0 = p.to_u32_digits()[0];
        let mut inv: u32 = 1;
        for _ in 0..5 {
            inv = inv.wrapping_mul(2u32.wrapping_sub(p0.wrapping_mul(inv)));
        }
        Ok(FpModel {
            p: p.clone(),
            t,
            n0p: inv.wrapping_neg(),
        })
    }

    /// R = 2^(32t).
    pub fn r(&self) -> BigUint {
        BigUint::one() << (32 * self.t)
    }

    /// The routine for `op` (squaring for [`Op::Power`]) on `isa`; addition is the same code on
    /// both.
    pub fn routine(&self, op: Op, isa: Isa) -> Result<Routine, VpgError> {
        let prog = match op {
            Op::Add => fp::add(self.t)?,
            Op::Mul => fp::mont_mul(self.t, isa, false)?,
            Op::Power => fp::mont_mul(self.t, isa, true)?,
        };
        Ok(Routine { prog, table: None })
    }

    /// Runs `r` on a and b (both below p); returns the result word vector as an integer.
    pub fn run(
        &self,
        r: &Routine,
        a: &BigUint,
        b: &BigUint,
        latency: u64,
    ) -> Result<(BigUint, RunStats), VpgError> {
        if a >= &self.p || b >= &self.p {
            return Err(VpgError::Input("F_p operand not below p".into()));
        }
        let mut n = to_words(&self.p, self.t);
        n.push(self.n0p);
        let (wa, wb) = (to_words(a, self.t), to_words(b, self.t));
        let (m, st) = harness::run(&r.prog, latency, &[(OPA, &wa), (OPB, &wb), (MODN, &n)])?;
        let out = m.load_words(RES, self.t)?;
        Ok((BigUint::from_slice(&out), st))
    }
}

// ----- F_2^m ---------------------------------------------------------------------------------

/// The words of a binary field element, 32 bits each, t = ceil(m/32).
pub fn gf2_words<const N: usize, P: Pentanomial2>(x: &Gf2<N, P>) -> Vec<u32> {
    let mut w = vec![0u32; gf2::words(P::M)];
    for i in 0..P::M {
        if x.bit(i) {
            w[i / 32] |= 1 << (i % 32);
        }
    }
    w
}

/// The element with these words; bits at m and above must be zero.
pub fn gf2_from_words<const N: usize, P: Pentanomial2>(w: &[u32]) -> Result<Gf2<N, P>, VpgError> {
    let mut x = Gf2::<N, P>::zero();
    for (j, &word) in w.iter().enumerate() {
        for b in 0..32 {
            if (word >> b) & 1 == 1 {
                let i = 32 * j + b;
                if i >= P::M {
                    return Err(VpgError::Output(format!(
                        "bit {i} set at or above m = {}",
                        P::M
                    )));
                }
                x = x.add(&Gf2::monomial(i));
            }
        }
    }
    Ok(x)
}

/// The F_2^m routine for `op` on `isa` (addition: the same XOR code on both).
pub fn gf2_routine<P: Pentanomial2>(op: Op, isa: Isa) -> Result<Routine, VpgError> {
    let (m, terms) = (P::M, P::TERMS);
    Ok(match (op, isa) {
        (Op::Add, _) => Routine {
            prog: gf2::add(m)?,
            table: None,
        },
        (Op::Mul, Isa::Native) => Routine {
            prog: gf2::mul_native_vartime(m, terms)?,
            table: None,
        },
        (Op::Mul, Isa::Ise) => Routine {
            prog: gf2::mul_ise(m, terms)?,
            table: None,
        },
        (Op::Power, Isa::Native) => Routine {
            prog: gf2::square(m, terms, false)?,
            table: Some(gf2::square_table()),
        },
        (Op::Power, Isa::Ise) => Routine {
            prog: gf2::square(m, terms, true)?,
            table: None,
        },
    })
}

/// Runs an F_2^m routine on a and b.
pub fn run_gf2<const N: usize, P: Pentanomial2>(
    r: &Routine,
    a: &Gf2<N, P>,
    b: &Gf2<N, P>,
    latency: u64,
) -> Result<(Gf2<N, P>, RunStats), VpgError> {
    let (wa, wb) = (gf2_words(a), gf2_words(b));
    let tab = r.table.clone().unwrap_or_default();
    let (m, st) = harness::run(&r.prog, latency, &[(OPA, &wa), (OPB, &wb), (TAB, &tab)])?;
    let out = m.load_words(RES, gf2::words(P::M))?;
    Ok((gf2_from_words(&out)?, st))
}

// ----- F_3^m ---------------------------------------------------------------------------------

/// The trinomial of a tripair-smallchar field.
pub fn trinomial<P: Trinomial3>() -> gf3::Trinomial {
    gf3::Trinomial {
        m: P::M,
        k: P::K,
        a: P::A,
        c: P::C,
    }
}

/// Bit-sliced words (lo vector, then hi vector; 1 -> (0,1), 2 -> (1,1)).
pub fn gf3_sliced<const N: usize, P: Trinomial3>(x: &Gf3<N, P>) -> Vec<u32> {
    let t3 = gf3::words_sliced(P::M);
    let mut w = vec![0u32; 2 * t3];
    for (i, c) in x.to_trits().into_iter().enumerate() {
        if c != 0 {
            w[i / 32] |= 1 << (i % 32);
        }
        if c == 2 {
            w[t3 + i / 32] |= 1 << (i % 32);
        }
    }
    w
}

/// Packed words (2 bits per coefficient).
pub fn gf3_packed<const N: usize, P: Trinomial3>(x: &Gf3<N, P>) -> Vec<u32> {
    let mut w = vec![0u32; gf3::words_packed(P::M)];
    for (i, c) in x.to_trits().into_iter().enumerate() {
        w[i / 16] |= (c as u32) << (2 * (i % 16));
    }
    w
}

fn gf3_from_trits<const N: usize, P: Trinomial3>(
    t: impl Fn(usize) -> Result<u8, VpgError>,
    beyond: impl Fn(usize) -> Result<u8, VpgError>,
    total: usize,
) -> Result<Gf3<N, P>, VpgError> {
    let trits = (0..P::M).map(&t).collect::<Result<Vec<u8>, _>>()?;
    for i in P::M..total {
        if beyond(i)? != 0 {
            return Err(VpgError::Output(format!(
                "coefficient {i} nonzero at or above m"
            )));
        }
    }
    Ok(Gf3::from_trits(&trits))
}

/// The element with these bit-sliced words; a hi bit without its lo bit is an error.
pub fn gf3_from_sliced<const N: usize, P: Trinomial3>(w: &[u32]) -> Result<Gf3<N, P>, VpgError> {
    let t3 = gf3::words_sliced(P::M);
    let trit = |i: usize| {
        let lo = (w[i / 32] >> (i % 32)) & 1;
        let hi = (w[t3 + i / 32] >> (i % 32)) & 1;
        match (hi, lo) {
            (0, 0) => Ok(0),
            (0, 1) => Ok(1),
            (1, 1) => Ok(2),
            _ => Err(VpgError::Output(format!(
                "coefficient {i}: invalid encoding (1, 0)"
            ))),
        }
    };
    gf3_from_trits(trit, trit, 32 * t3)
}

/// The element with these packed words; the pattern 3 is an error.
pub fn gf3_from_packed<const N: usize, P: Trinomial3>(w: &[u32]) -> Result<Gf3<N, P>, VpgError> {
    let trit = |i: usize| match (w[i / 16] >> (2 * (i % 16))) & 3 {
        3 => Err(VpgError::Output(format!(
            "coefficient {i}: invalid pattern 3"
        ))),
        c => Ok(c as u8),
    };
    gf3_from_trits(trit, trit, 16 * w.len())
}

/// The F_3^m routine for `op` on `isa` (bit-sliced natively, packed on the ISE).
pub fn gf3_routine<P: Trinomial3>(op: Op, isa: Isa) -> Result<Routine, VpgError> {
    let f = trinomial::<P>();
    Ok(match (op, isa) {
        (Op::Add, Isa::Native) => Routine {
            prog: gf3::add_native(f.m)?,
            table: None,
        },
        (Op::Add, Isa::Ise) => Routine {
            prog: gf3::add_ise(f.m)?,
            table: None,
        },
        (Op::Mul, Isa::Native) => Routine {
            prog: gf3::mul_native(f)?,
            table: None,
        },
        (Op::Mul, Isa::Ise) => Routine {
            prog: gf3::mul_ise(f)?,
            table: None,
        },
        (Op::Power, Isa::Native) => Routine {
            prog: gf3::cube_native(f)?,
            table: Some(gf3::cube_table_sliced()),
        },
        (Op::Power, Isa::Ise) => Routine {
            prog: gf3::cube_ise(f)?,
            table: Some(gf3::cube_table_packed()),
        },
    })
}

/// Runs an F_3^m routine on a and b in the representation of `isa`.
pub fn run_gf3<const N: usize, P: Trinomial3>(
    r: &Routine,
    isa: Isa,
    a: &Gf3<N, P>,
    b: &Gf3<N, P>,
    latency: u64,
) -> Result<(Gf3<N, P>, RunStats), VpgError> {
    let tab = r.table.clone().unwrap_or_default();
    match isa {
        Isa::Native => {
            let (wa, wb) = (gf3_sliced(a), gf3_sliced(b));
            let (m, st) = harness::run(&r.prog, latency, &[(OPA, &wa), (OPB, &wb), (TAB, &tab)])?;
            let out = m.load_words(RES, 2 * gf3::words_sliced(P::M))?;
            Ok((gf3_from_sliced(&out)?, st))
        }
        Isa::Ise => {
            let (wa, wb) = (gf3_packed(a), gf3_packed(b));
            let (m, st) = harness::run(&r.prog, latency, &[(OPA, &wa), (OPB, &wb), (TAB, &tab)])?;
            let out = m.load_words(RES, gf3::words_packed(P::M))?;
            Ok((gf3_from_packed(&out)?, st))
        }
    }
}

/// The Montgomery product a b R^-1 mod p, the reference for the F_p routines.
pub fn mont_mul_reference(p: &BigUint, t: usize, a: &BigUint, b: &BigUint) -> BigUint {
    let r = BigUint::one() << (32 * t);
    let rinv = r.modinv(p).unwrap_or_else(BigUint::zero);
    (a * b * rinv) % p
}
