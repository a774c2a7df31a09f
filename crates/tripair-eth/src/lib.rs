//! Ethereum's pairing workloads over [`tripair`]:
//! - the precompiles: the BN254 set of EIP-196 and EIP-197 (with EIP-1108's gas), EIP-4844's
//!   point evaluation and the seven BLS12-381 operations of EIP-2537 (Prague), each taking the
//!   precompile's input bytes and returning its output bytes, or an [`Error`] that names what is
//!   wrong and where; the gas of each call from its input beside it ([`Precompile`]);
//! - KZG commitments to blobs (EIP-4844) with c-kzg-4844's names ([`kzg`]).
//!
//! Every operation checks what its EIP asks: exact or padded input lengths, coordinates below p
//! (and EIP-2537's 16 zero top bytes), points on their curves, the order-r subgroup where the
//! EIP requires it (the BN254 pairing's G2 points, EIP-2537's MSMs and pairing check; not its
//! additions). Inputs are public: the operations run in variable time.
//!
//! ```
//! use tripair_eth::Precompile;
//!
//! // ECADD of the generator (1, 2) with itself: [2]G.
//! let mut input = vec![0u8; 128];
//! input[31] = 1;
//! input[63] = 2;
//! input[95] = 1;
//! input[127] = 2;
//! let out = Precompile::Bn254Add.run(&input)?;
//! assert_eq!(out.len(), 64);
//! assert_eq!(Precompile::Bn254Add.gas(&input), 150);
//!
//! // A point off the curve is an error that says which and why.
//! input[127] = 3;
//! let err = Precompile::Bn254Add.run(&input).unwrap_err();
//! assert_eq!(err.to_string(), "BN254_ADD: G1 point 1 (input bytes 64..): not on the curve");
//!
//! // Precompiles by name or address, as the EIPs number them.
//! assert_eq!(Precompile::from_name("bls12-pairing-check"), Some(Precompile::Bls12PairingCheck));
//! assert_eq!(Precompile::from_address(0x0f), Some(Precompile::Bls12PairingCheck));
//! # Ok::<(), tripair_eth::Error>(())
//! ```

#![warn(missing_docs)]

pub mod bls12;
pub mod bn254;
mod error;
pub mod kzg;
pub mod point_evaluation;

pub use error::{Error, Fault};

/// One of Ethereum's pairing-curve precompiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Precompile {
    /// ECADD, address 0x06 (EIP-196).
    Bn254Add,
    /// ECMUL, address 0x07 (EIP-196).
    Bn254Mul,
    /// ECPAIRING, address 0x08 (EIP-197).
    Bn254Pairing,
    /// POINT_EVALUATION, address 0x0a (EIP-4844; the mainnet trusted setup, loaded on first
    /// use).
    PointEvaluation,
    /// BLS12_G1ADD, address 0x0b (EIP-2537).
    Bls12G1Add,
    /// BLS12_G1MSM, address 0x0c (EIP-2537).
    Bls12G1Msm,
    /// BLS12_G2ADD, address 0x0d (EIP-2537).
    Bls12G2Add,
    /// BLS12_G2MSM, address 0x0e (EIP-2537).
    Bls12G2Msm,
    /// BLS12_PAIRING_CHECK, address 0x0f (EIP-2537).
    Bls12PairingCheck,
    /// BLS12_MAP_FP_TO_G1, address 0x10 (EIP-2537).
    Bls12MapFpToG1,
    /// BLS12_MAP_FP2_TO_G2, address 0x11 (EIP-2537).
    Bls12MapFp2ToG2,
}

type Run = fn(&[u8]) -> Result<Vec<u8>, Error>;
type Gas = fn(&[u8]) -> u64;

/// (precompile, short name, address, operation, gas)
const TABLE: [(Precompile, &str, u8, Run, Gas); 11] = [
    (
        Precompile::Bn254Add,
        "bn254-add",
        0x06,
        bn254::add,
        bn254::add_gas,
    ),
    (
        Precompile::Bn254Mul,
        "bn254-mul",
        0x07,
        bn254::mul,
        bn254::mul_gas,
    ),
    (
        Precompile::Bn254Pairing,
        "bn254-pairing",
        0x08,
        bn254::pairing,
        bn254::pairing_gas,
    ),
    (
        Precompile::PointEvaluation,
        "point-evaluation",
        0x0a,
        point_evaluation::point_evaluation,
        point_evaluation::point_evaluation_gas,
    ),
    (
        Precompile::Bls12G1Add,
        "bls12-g1add",
        0x0b,
        bls12::g1_add,
        bls12::g1_add_gas,
    ),
    (
        Precompile::Bls12G1Msm,
        "bls12-g1msm",
        0x0c,
        bls12::g1_msm,
        bls12::g1_msm_gas,
    ),
    (
        Precompile::Bls12G2Add,
        "bls12-g2add",
        0x0d,
        bls12::g2_add,
        bls12::g2_add_gas,
    ),
    (
        Precompile::Bls12G2Msm,
        "bls12-g2msm",
        0x0e,
        bls12::g2_msm,
        bls12::g2_msm_gas,
    ),
    (
        Precompile::Bls12PairingCheck,
        "bls12-pairing-check",
        0x0f,
        bls12::pairing_check,
        bls12::pairing_check_gas,
    ),
    (
        Precompile::Bls12MapFpToG1,
        "bls12-map-fp-to-g1",
        0x10,
        bls12::map_fp_to_g1,
        bls12::map_fp_to_g1_gas,
    ),
    (
        Precompile::Bls12MapFp2ToG2,
        "bls12-map-fp2-to-g2",
        0x11,
        bls12::map_fp2_to_g2,
        bls12::map_fp2_to_g2_gas,
    ),
];

impl Precompile {
    /// Every precompile, in address order.
    pub const ALL: [Precompile; 11] = [
        Precompile::Bn254Add,
        Precompile::Bn254Mul,
        Precompile::Bn254Pairing,
        Precompile::PointEvaluation,
        Precompile::Bls12G1Add,
        Precompile::Bls12G1Msm,
        Precompile::Bls12G2Add,
        Precompile::Bls12G2Msm,
        Precompile::Bls12PairingCheck,
        Precompile::Bls12MapFpToG1,
        Precompile::Bls12MapFp2ToG2,
    ];

    fn entry(self) -> &'static (Precompile, &'static str, u8, Run, Gas) {
        // TABLE lists the variants in declaration order.
        &TABLE[self as usize]
    }

    /// Runs the precompile on its input: the output bytes, or what is wrong with the input.
    pub fn run(self, input: &[u8]) -> Result<Vec<u8>, Error> {
        (self.entry().3)(input)
    }

    /// The gas the call costs (charged whether or not the input is valid).
    pub fn gas(self, input: &[u8]) -> u64 {
        (self.entry().4)(input)
    }

    /// The precompile's address (its last byte; the other 19 are zero).
    pub fn address(self) -> u8 {
        self.entry().2
    }

    /// The short name the command line uses, e.g. `"bls12-g1msm"`.
    pub fn name(self) -> &'static str {
        self.entry().1
    }

    /// The precompile with this short name (see [`Precompile::name`]).
    pub fn from_name(name: &str) -> Option<Precompile> {
        TABLE.iter().find(|e| e.1 == name).map(|e| e.0)
    }

    /// The precompile at this address (its last byte).
    pub fn from_address(address: u8) -> Option<Precompile> {
        TABLE.iter().find(|e| e.2 == address).map(|e| e.0)
    }
}
