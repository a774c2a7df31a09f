//! The Ethereum consensus BLS test vectors (see `vectors/README.md`), minimal-pubkey-size with
//! the proof-of-possession ciphersuite. Every case must give exactly its expected output:
//! `null` where the input is an error, `false` for an invalid signature.

use std::fs;
use std::path::{Path, PathBuf};
use tripair_bls::{pop, MinPk, PublicKey, SecretKey, Signature};
use tripair_testkit::TestRng;

/// A value of the vectors' small YAML subset.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    Str(String),
    List(Vec<String>),
    Bool(bool),
    Null,
    Map(Vec<(String, Value)>),
}

fn scalar(s: &str) -> Value {
    match s {
        "[]" => Value::List(vec![]),
        "null" => Value::Null,
        "true" => Value::Bool(true),
        "false" => Value::Bool(false),
        _ => Value::Str(s.trim_matches('\'').to_string()),
    }
}

/// Parses the two-level layout the generator writes: top-level keys whose value is a scalar, a
/// list of `- 'item'` lines, or a map of two-space-indented keys (scalars or lists).
fn parse_yaml(text: &str) -> Vec<(String, Value)> {
    let mut top: Vec<(String, Value)> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let indent = line.len() - line.trim_start().len();
        let body = line.trim_start();
        if let Some(item) = body.strip_prefix("- ") {
            let item = item.trim_matches('\'').to_string();
            let last = top.last_mut().expect("list item before any key");
            match &mut last.1 {
                Value::List(v) if indent == 0 => v.push(item),
                Value::Map(m) => match &mut m.last_mut().expect("item before a map key").1 {
                    Value::List(v) => v.push(item),
                    other => panic!("list item under {other:?}"),
                },
                other => panic!("list item under {other:?}"),
            }
            continue;
        }
        let (key, rest) = body.split_once(':').expect("key: value");
        let rest = rest.trim();
        if indent == 0 {
            // An empty value opens a list or a map, decided by the next line; start as a list and
            // turn into a map at the first nested key.
            let v = if rest.is_empty() {
                Value::List(vec![])
            } else {
                scalar(rest)
            };
            top.push((key.to_string(), v));
        } else {
            let last = top.last_mut().expect("nested key before any key");
            if matches!(&last.1, Value::List(v) if v.is_empty()) {
                last.1 = Value::Map(vec![]);
            }
            let Value::Map(m) = &mut last.1 else {
                panic!("nested key under a scalar")
            };
            let v = if rest.is_empty() {
                Value::List(vec![])
            } else {
                scalar(rest)
            };
            m.push((key.to_string(), v));
        }
    }
    top
}

fn get<'a>(m: &'a [(String, Value)], k: &str) -> &'a Value {
    &m.iter()
        .find(|(key, _)| key == k)
        .unwrap_or_else(|| panic!("no key {k}"))
        .1
}

fn map(v: &Value) -> &[(String, Value)] {
    match v {
        Value::Map(m) => m,
        other => panic!("expected a map, got {other:?}"),
    }
}

fn list(v: &Value) -> &[String] {
    match v {
        Value::List(l) => l,
        other => panic!("expected a list, got {other:?}"),
    }
}

fn string(v: &Value) -> &str {
    match v {
        Value::Str(s) => s,
        other => panic!("expected a string, got {other:?}"),
    }
}

fn boolean(v: &Value) -> bool {
    match v {
        Value::Bool(b) => *b,
        other => panic!("expected a bool, got {other:?}"),
    }
}

fn unhex(s: &str) -> Vec<u8> {
    let s = s.strip_prefix("0x").unwrap_or(s);
    assert!(s.len().is_multiple_of(2), "odd hex length");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

fn hex(b: &[u8]) -> String {
    let digits: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!("0x{digits}")
}

fn pks(v: &Value) -> Option<Vec<PublicKey<MinPk>>> {
    list(v)
        .iter()
        .map(|s| PublicKey::<MinPk>::from_bytes(&unhex(s)).ok())
        .collect()
}

fn sig(v: &Value) -> Option<Signature<MinPk>> {
    Signature::<MinPk>::from_bytes(&unhex(string(v))).ok()
}

/// Runs `case` on every file of `tests/vectors/<handler>`, checks there are `expected_files`,
/// and reports every failing case at once.
fn run(handler: &str, expected_files: usize, case: impl Fn(&Value, &Value) -> Result<(), String>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/vectors")
        .join(handler);
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    assert_eq!(files.len(), expected_files, "number of {handler} vectors");
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let doc = parse_yaml(&fs::read_to_string(f).unwrap());
            case(get(&doc, "input"), get(&doc, "output"))
                .err()
                .map(|e| format!("{}: {e}", f.file_name().unwrap().to_string_lossy()))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{handler} failures:\n{}",
        failures.join("\n")
    );
}

fn expect_bool(got: bool, want: &Value) -> Result<(), String> {
    if got == boolean(want) {
        Ok(())
    } else {
        Err(format!("got {got}, expected {want:?}"))
    }
}

#[test]
fn yaml_subset_parser() {
    let doc = parse_yaml(
        "input:\n  pubkeys: []\n  messages:\n  - '0x01'\n  signature: '0x02'\noutput: null\n",
    );
    let input = map(get(&doc, "input"));
    assert_eq!(get(input, "pubkeys"), &Value::List(vec![]));
    assert_eq!(get(input, "messages"), &Value::List(vec!["0x01".into()]));
    assert_eq!(get(input, "signature"), &Value::Str("0x02".into()));
    assert_eq!(get(&doc, "output"), &Value::Null);
    let doc = parse_yaml("input:\n- '0xaa'\n- '0xbb'\noutput: true\n");
    assert_eq!(list(get(&doc, "input")).len(), 2);
    assert_eq!(get(&doc, "output"), &Value::Bool(true));
}

#[test]
fn sign() {
    run("sign", 10, |input, output| {
        let input = map(input);
        let msg = unhex(string(get(input, "message")));
        match (
            SecretKey::from_bytes(&unhex(string(get(input, "privkey")))),
            output,
        ) {
            (Err(_), Value::Null) => Ok(()),
            (Err(e), _) => Err(format!("secret key rejected: {e}")),
            (Ok(_), Value::Null) => Err("secret key accepted, expected null".into()),
            (Ok(sk), out) => {
                let s = hex(&pop::sign::<MinPk>(&sk, &msg).to_bytes());
                if s == string(out) {
                    Ok(())
                } else {
                    Err(format!("signature {s}"))
                }
            }
        }
    });
}

#[test]
fn verify() {
    run("verify", 29, |input, output| {
        let input = map(input);
        let msg = unhex(string(get(input, "message")));
        let pk = PublicKey::<MinPk>::from_bytes(&unhex(string(get(input, "pubkey"))));
        let got = match (pk, sig(get(input, "signature"))) {
            (Ok(pk), Some(s)) => pop::verify(&pk, &msg, &s),
            _ => false,
        };
        expect_bool(got, output)
    });
}

#[test]
fn aggregate() {
    run("aggregate", 6, |input, output| {
        let sigs: Option<Vec<_>> = list(input)
            .iter()
            .map(|s| Signature::<MinPk>::from_bytes(&unhex(s)).ok())
            .collect();
        let got = sigs.and_then(|s| Signature::aggregate(&s).ok());
        match (got, output) {
            (None, Value::Null) => Ok(()),
            (Some(a), Value::Str(want)) if hex(&a.to_bytes()) == *want => Ok(()),
            (got, want) => Err(format!("got {got:?}, expected {want:?}")),
        }
    });
}

#[test]
fn fast_aggregate_verify() {
    run("fast_aggregate_verify", 12, |input, output| {
        let input = map(input);
        let msg = unhex(string(get(input, "message")));
        let got = match (pks(get(input, "pubkeys")), sig(get(input, "signature"))) {
            (Some(pks), Some(s)) => pop::fast_aggregate_verify(&pks, &msg, &s),
            _ => false,
        };
        expect_bool(got, output)
    });
}

#[test]
fn aggregate_verify() {
    run("aggregate_verify", 5, |input, output| {
        let input = map(input);
        let msgs: Vec<Vec<u8>> = list(get(input, "messages"))
            .iter()
            .map(|m| unhex(m))
            .collect();
        let got = match (pks(get(input, "pubkeys")), sig(get(input, "signature"))) {
            (Some(pks), Some(s)) => pop::aggregate_verify(&pks, &msgs, &s),
            _ => false,
        };
        expect_bool(got, output)
    });
}

#[test]
fn batch_verify() {
    run("batch_verify", 4, |input, output| {
        let input = map(input);
        let msgs: Vec<Vec<u8>> = list(get(input, "messages"))
            .iter()
            .map(|m| unhex(m))
            .collect();
        let sigs: Option<Vec<_>> = list(get(input, "signatures"))
            .iter()
            .map(|s| Signature::<MinPk>::from_bytes(&unhex(s)).ok())
            .collect();
        let (Some(pks), Some(sigs)) = (pks(get(input, "pubkeys")), sigs) else {
            return expect_bool(false, output);
        };
        let items: Vec<_> = pks
            .into_iter()
            .zip(msgs)
            .zip(sigs)
            .map(|((p, m), s)| (p, m, s))
            .collect();
        // The answer must not depend on the coefficients drawn.
        for seed in 0..3 {
            expect_bool(pop::batch_verify(&items, &mut TestRng::new(seed)), output)?;
        }
        Ok(())
    });
}

#[test]
fn deserialization_g1() {
    run("deserialization_G1", 16, |input, output| {
        let bytes = unhex(string(get(map(input), "pubkey")));
        expect_bool(PublicKey::<MinPk>::from_bytes(&bytes).is_ok(), output)
    });
}

#[test]
fn deserialization_g2() {
    run("deserialization_G2", 18, |input, output| {
        let bytes = unhex(string(get(map(input), "signature")));
        expect_bool(Signature::<MinPk>::from_bytes(&bytes).is_ok(), output)
    });
}
