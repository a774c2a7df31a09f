//! The per-line work of `tripair bls keygen | sign | verify | aggregate` (BLS signatures on
//! BLS12-381 by `tripair-bls`): hex tokens in, hex or `true`/`false` out, every bad token named.

use hex::encode as hex_encode;
use tripair_bls::{basic, pop, MinPk, MinSig, PublicKey, SecretKey, Signature, Variant};

/// What a `tripair bls` run does with each line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlsOp {
    /// `IKMHEX [KEYINFOHEX]` -> `SKHEX PKHEX` (KeyGen, SkToPk).
    Keygen,
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
    /// The basic scheme (`_NUL_` tags) instead of proof of possession (`_POP_`).
    pub basic: bool,
}

/// One line of `tripair bls <op>`: the answer, or the error naming the token and what is wrong.
pub fn bls_line(op: BlsOp, suite: Suite, line: &str) -> Result<String, String> {
    if suite.min_sig {
        line_in::<MinSig>(op, suite.basic, line)
    } else {
        line_in::<MinPk>(op, suite.basic, line)
    }
}

/// A hex token (an optional `0x`; `0x` alone is the empty string), or the error naming it.
fn bytes(token: &str, what: &str) -> Result<Vec<u8>, String> {
    hex::decode(token.strip_prefix("0x").unwrap_or(token))
        .map_err(|_| format!("{what}: {}", tripair::Error::NotHex))
}

fn tokens<'a>(
    line: &'a str,
    shape: &str,
    n: std::ops::RangeInclusive<usize>,
) -> Result<Vec<&'a str>, String> {
    let t: Vec<&str> = line.split_whitespace().collect();
    if n.contains(&t.len()) {
        Ok(t)
    } else {
        Err(format!(
            "malformed input: expected '{shape}', got {} tokens",
            t.len()
        ))
    }
}

fn line_in<V: Variant>(op: BlsOp, basic_scheme: bool, line: &str) -> Result<String, String> {
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
            let pk = sk.public_key::<V>();
            Ok(format!(
                "{} {}",
                hex_encode(sk.to_bytes()),
                hex_encode(pk.to_bytes())
            ))
        }
        BlsOp::Sign => {
            let t = tokens(line, "SKHEX MSGHEX", 2..=2)?;
            let sk = SecretKey::from_bytes(&bytes(t[0], "secret key")?).map_err(said)?;
            let msg = bytes(t[1], "message")?;
            let sig: Signature<V> = if basic_scheme {
                basic::sign(&sk, &msg)
            } else {
                pop::sign(&sk, &msg)
            };
            Ok(hex_encode(sig.to_bytes()))
        }
        BlsOp::Verify => {
            let t = tokens(line, "PKHEX MSGHEX SIGHEX", 3..=3)?;
            let pk =
                PublicKey::<V>::from_bytes_validated(&bytes(t[0], "public key")?).map_err(said)?;
            let msg = bytes(t[1], "message")?;
            let sig = Signature::<V>::from_bytes(&bytes(t[2], "signature")?).map_err(said)?;
            let ok = if basic_scheme {
                basic::verify(&pk, &msg, &sig)
            } else {
                pop::verify(&pk, &msg, &sig)
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
