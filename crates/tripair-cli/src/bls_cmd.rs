//! The per-line work of `tripair bls keygen | derive | sign | verify | aggregate` (BLS signatures
//! on BLS12-381 by `tripair-bls`): hex tokens in, hex or `true`/`false` out, every bad token named.

use crate::tokens::{bytes, tokens};
use hex::encode as hex_encode;
use tripair_bls::{
    aug, basic, derive, pop, MinPk, MinSig, PublicKey, SecretKey, Signature, Variant,
};

/// What a `tripair bls` run does with each line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlsOp {
    /// `IKMHEX [KEYINFOHEX]` -> `SKHEX PKHEX` (KeyGen, SkToPk).
    Keygen,
    /// `SEEDHEX PATH` -> `SKHEX PKHEX` (EIP-2333 derivation along a path like
    /// `m/12381/3600/0/0/0`, SkToPk).
    Derive,
    /// `SKHEX MSGHEX` -> `SIGHEX`.
    Sign,
    /// `PKHEX MSGHEX SIGHEX` -> `true` or `false`.
    Verify,
    /// `SIGHEX [SIGHEX ...]` -> the aggregate `SIGHEX`.
    Aggregate,
}

/// Which ciphersuite: the variant and the scheme of draft-irtf-cfrg-bls-signature-05.
#[derive(Clone, Copy, Debug)]
pub struct Suite {
    /// Public keys in G2 and signatures in G1 (else public keys in G1, Ethereum's choice).
    pub min_sig: bool,
    /// The signature scheme.
    pub scheme: Scheme,
}

/// The schemes of section 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// Proof of possession (`_POP_` tags), Ethereum's.
    Pop,
    /// Basic (`_NUL_` tags).
    Basic,
    /// Message augmentation (`_AUG_` tags: the signer's public key prefixed to the message).
    Aug,
}

/// One line of `tripair bls <op>`: the answer, or the error naming the token and what is wrong.
pub fn bls_line(op: BlsOp, suite: Suite, line: &str) -> Result<String, String> {
    if suite.min_sig {
        line_in::<MinSig>(op, suite.scheme, line)
    } else {
        line_in::<MinPk>(op, suite.scheme, line)
    }
}

fn line_in<V: Variant>(op: BlsOp, scheme: Scheme, line: &str) -> Result<String, String> {
    // tripair-bls's errors name their input already ("invalid public key: ...").
    let said = |e: tripair_bls::Error| e.to_string();
    match op {
        BlsOp::Keygen => {
            let t = tokens(line, "IKMHEX [KEYINFOHEX]", 1..=2)?;
            let ikm = bytes(t[0], "IKM")?;
            let info = t
                .get(1)
                .map(|k| bytes(k, "key info"))
                .transpose()?
                .unwrap_or_default();
            let sk = SecretKey::key_gen(&ikm, &info).map_err(said)?;
            Ok(key_pair::<V>(&sk))
        }
        BlsOp::Derive => {
            let t = tokens(line, "SEEDHEX PATH", 2..=2)?;
            let seed = bytes(t[0], "seed")?;
            let sk = derive::derive_path(&seed, t[1]).map_err(said)?;
            Ok(key_pair::<V>(&sk))
        }
        BlsOp::Sign => {
            let t = tokens(line, "SKHEX MSGHEX", 2..=2)?;
            let sk = SecretKey::from_bytes(&bytes(t[0], "secret key")?).map_err(said)?;
            let msg = bytes(t[1], "message")?;
            let sig: Signature<V> = match scheme {
                Scheme::Pop => pop::sign(&sk, &msg),
                Scheme::Basic => basic::sign(&sk, &msg),
                Scheme::Aug => aug::sign(&sk, &msg),
            };
            Ok(hex_encode(sig.to_bytes()))
        }
        BlsOp::Verify => {
            let t = tokens(line, "PKHEX MSGHEX SIGHEX", 3..=3)?;
            let pk =
                PublicKey::<V>::from_bytes_validated(&bytes(t[0], "public key")?).map_err(said)?;
            let msg = bytes(t[1], "message")?;
            let sig = Signature::<V>::from_bytes(&bytes(t[2], "signature")?).map_err(said)?;
            let ok = match scheme {
                Scheme::Pop => pop::verify(&pk, &msg, &sig),
                Scheme::Basic => basic::verify(&pk, &msg, &sig),
                Scheme::Aug => aug::verify(&pk, &msg, &sig),
            };
            Ok(ok.to_string())
        }
        BlsOp::Aggregate => {
            let t = tokens(line, "SIGHEX [SIGHEX ...]", 1..=usize::MAX)?;
            let sigs = t
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let what = format!("signature {}", i + 1);
                    Signature::<V>::from_bytes(&bytes(s, &what)?)
                        .map_err(|e| format!("{what}: {e}"))
                })
                .collect::<Result<Vec<_>, String>>()?;
            let agg = Signature::aggregate(&sigs).map_err(said)?;
            Ok(hex_encode(agg.to_bytes()))
        }
    }
}

/// `SKHEX PKHEX` for a secret key.
fn key_pair<V: Variant>(sk: &SecretKey) -> String {
    format!(
        "{} {}",
        hex_encode(sk.to_bytes()),
        hex_encode(sk.public_key::<V>().to_bytes())
    )
}
