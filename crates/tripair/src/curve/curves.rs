//! The curves tripair knows, each as its defining data. Security levels are current estimates
//! (after the exTNFS attacks: Kim–Barbulescu 2016, Barbulescu–Duquesne 2019).

use crate::define_curve;

define_curve! {
    /// BN254 as used by Ethereum (EIP-196/197), alt_bn128: u = 4965661367192848881, b = 3, xi = 9 + u.
    Bn254 { label: "bn254", origin: "Ethereum alt_bn128 (EIP-197)", family: Bn, u: "4965661367192848881",
        fq: Bn254Fq[4], fr: Bn254Fr[4], b: 3, beta: -1, xi: (9, 1), twist: D, security: 100, fast_checks: true,
        g1: Some(["1", "2"]),
        g2: Some([
            "1800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed",
            "198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c2",
            "12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa",
            "090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b",
        ]) }
}

define_curve! {
    /// bn254 of Pereira–Simplício–Naehrig–Barreto (JSS 2011): u = -(2^62 + 2^55 + 1), b = 2.
    Bn254n { label: "bn254n", origin: "Pereira-Simplicio-Naehrig-Barreto 2011, implementation-friendly BN",
        family: Bn, u: "-0x4080000000000001",
        fq: Bn254nFq[4], fr: Bn254nFr[4], b: 2, beta: -1, xi: (1, 1), twist: D, security: 100, fast_checks: false,
        g1: None, g2: None }
}

define_curve! {
    /// bn446 of Pereira et al. 2011: u = 2^110 + 2^36 + 1, b = 257. Here p = 7 mod 8 makes 1 + i a
    /// square, so the tower uses the smallest valid xi = 5 + i, whose r-torsion twist is the M-type.
    Bn446 { label: "bn446", origin: "Pereira-Simplicio-Naehrig-Barreto 2011, implementation-friendly BN",
        family: Bn, u: "0x4000000000000000001000000001",
        fq: Bn446Fq[7], fr: Bn446Fr[7], b: 257, beta: -1, xi: (5, 1), twist: M, security: 125, fast_checks: false,
        g1: None, g2: None }
}

define_curve! {
    /// bn638 of Pereira et al. 2011: u = 2^158 - 2^128 - 2^68 + 1, b = 257. As for bn446, 1 + i is a
    /// square (p = 7 mod 8); the smallest valid xi is 2 + i (D-type twist).
    Bn638 { label: "bn638", origin: "Pereira-Simplicio-Naehrig-Barreto 2011, implementation-friendly BN",
        family: Bn, u: "0x3ffffffefffffffffffffff00000000000000001",
        fq: Bn638Fq[10], fr: Bn638Fr[10], b: 257, beta: -1, xi: (2, 1), twist: D, security: 160, fast_checks: false,
        g1: None, g2: None }
}

define_curve! {
    /// The 256-bit BN curve of Devegili–Scott–Dahab (Pairing 2007), b = 3, with their tower
    /// beta = -2, xi = -1 - sqrt(beta). They write p = 36x^4 - 36x^3 + 24x^2 - 6x + 1 with
    /// x = -0x6000000000001F2D; in the usual p(u) = 36u^4 + 36u^3 + ... that is u = -x.
    Bn256d { label: "bn256d", origin: "Devegili-Scott-Dahab 2007 (used by Grabher-Grosschaedl-Page 2008)",
        family: Bn, u: "0x6000000000001F2D",
        fq: Bn256dFq[4], fr: Bn256dFr[4], b: 3, beta: -2, xi: (-1, -1), twist: D, security: 100, fast_checks: false,
        g1: None, g2: None }
}

define_curve! {
    /// The BN curve of the dclxvi software (Naehrig–Niederhagen–Schwabe 2010) and Go's old bn256:
    /// u = 1868033^3, b = 3, xi = 3 + u.
    Dclxvi { label: "dclxvi", origin: "Naehrig-Niederhagen-Schwabe 2010 (dclxvi), Go bn256",
        family: Bn, u: "6518589491078791937",
        fq: DclxviFq[4], fr: DclxviFr[4], b: 3, beta: -1, xi: (3, 1), twist: D, security: 100, fast_checks: false,
        g1: Some(["1", "2"]), g2: None }
}

define_curve! {
    /// BLS12-381 (Bowe 2017, ZCash; IETF pairing-friendly-curves draft): u = -0xd201000000010000, b = 4.
    Bls12_381 { label: "bls12-381", origin: "Bowe 2017 (ZCash), draft-irtf-cfrg-pairing-friendly-curves",
        family: Bls12, u: "-0xd201000000010000",
        fq: Bls12_381Fq[6], fr: Bls12_381Fr[4], b: 4, beta: -1, xi: (1, 1), twist: M, security: 117, fast_checks: true,
        g1: Some([
            "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb",
            "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1",
        ]),
        g2: Some([
            "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8",
            "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e",
            "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801",
            "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be",
        ]) }
}
