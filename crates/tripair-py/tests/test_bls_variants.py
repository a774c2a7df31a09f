"""Both BLS variants (minpk, minsig) and the three schemes (pop, basic, aug) through `variant=` and
`scheme=`. Ethereum's vectors cover minpk/pop only (test_bls_vectors.py, and once more here with
the keywords spelled out); the other suites are checked against the group API, which computes
the same signatures from RFC 9380 hashing, scalar multiplication and the pairing, and by round
trips."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import tripair
from tripair import G1, G2

CURVE = "bls12-381"
VECTORS = Path(__file__).resolve().parents[2] / "tripair-bls" / "tests" / "vectors"
# The ciphersuite IDs of draft-irtf-cfrg-bls-signature-05 section 4.2 (the hash-to-curve tags).
TAGS = {
    ("minpk", "pop"): b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_",
    ("minpk", "basic"): b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_",
    ("minsig", "pop"): b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_",
    ("minsig", "basic"): b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_",
    ("minpk", "aug"): b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_AUG_",
    ("minsig", "aug"): b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_AUG_",
}
SUITES = sorted(TAGS)
SIZES = {"minpk": (48, 96), "minsig": (96, 48)}


def secret_keys(n):
    return [tripair.bls_keygen(bytes([i]) * 32, b"variants") for i in range(1, n + 1)]


@pytest.mark.parametrize("variant,scheme", SUITES)
def test_sign_equals_group_api(variant, scheme):
    """pk = [sk] P and sig = [sk] H(msg) with the suite's tag, in the right groups."""
    sk = secret_keys(1)[0]
    k = int.from_bytes(sk, "big")
    pk = tripair.bls_sk_to_pk(sk, variant=variant)
    sig = tripair.bls_sign(sk, b"message", variant=variant, scheme=scheme)
    assert (len(pk), len(sig)) == SIZES[variant]
    # Message augmentation signs PK || message (section 3.2).
    signed = pk + b"message" if scheme == "aug" else b"message"
    if variant == "minpk":
        pk_point, sig_point = k * G1.generator(CURVE), k * tripair.hash_to_g2(signed, TAGS[variant, scheme])
    else:
        pk_point, sig_point = k * G2.generator(CURVE), k * tripair.hash_to_g1(signed, TAGS[variant, scheme])
    assert pk == pk_point.to_bytes(compressed=True)
    assert sig == sig_point.to_bytes(compressed=True)
    assert tripair.bls_public_key_point(pk, variant=variant) == pk_point
    assert tripair.bls_signature_point(sig, variant=variant) == sig_point


def test_minsig_pairing_equation():
    """e(sig, P2) == e(H(m), pk) for a minsig signature, checked with the pairing alone."""
    sk = secret_keys(1)[0]
    pk = tripair.bls_public_key_point(tripair.bls_sk_to_pk(sk, variant="minsig"), variant="minsig")
    sig = tripair.bls_signature_point(tripair.bls_sign(sk, b"m", variant="minsig"), variant="minsig")
    h = tripair.hash_to_g1(b"m", TAGS["minsig", "pop"])
    assert isinstance(pk, G2) and isinstance(sig, G1)
    assert tripair.pairing(sig, G2.generator(CURVE)) == tripair.pairing(h, pk)


@pytest.mark.parametrize("variant,scheme", SUITES)
def test_verify_round_trip(variant, scheme):
    sks = secret_keys(2)
    pk = tripair.bls_sk_to_pk(sks[0], variant=variant)
    sig = tripair.bls_sign(sks[0], b"hello", variant=variant, scheme=scheme)
    kw = {"variant": variant, "scheme": scheme}
    assert tripair.bls_verify(pk, b"hello", sig, **kw)
    assert not tripair.bls_verify(pk, b"hellO", sig, **kw)
    other = tripair.bls_sk_to_pk(sks[1], variant=variant)
    assert not tripair.bls_verify(other, b"hello", sig, **kw)
    # The other scheme's tag: a different hash, so INVALID.
    other_scheme = "basic" if scheme == "pop" else "pop"
    assert not tripair.bls_verify(pk, b"hello", sig, variant=variant, scheme=other_scheme)


def test_variants_reject_each_others_encodings():
    sk = secret_keys(1)[0]
    pk_minpk, sig_minpk = tripair.bls_sk_to_pk(sk), tripair.bls_sign(sk, b"x")
    pk_minsig = tripair.bls_sk_to_pk(sk, variant="minsig")
    sig_minsig = tripair.bls_sign(sk, b"x", variant="minsig")
    with pytest.raises(tripair.TripairError, match="wrong length for public key: expected 96 bytes, got 48"):
        tripair.bls_verify(pk_minpk, b"x", sig_minsig, variant="minsig")
    with pytest.raises(tripair.TripairError, match="wrong length for signature: expected 48 bytes, got 96"):
        tripair.bls_verify(pk_minsig, b"x", sig_minpk, variant="minsig")
    with pytest.raises(tripair.TripairError, match="wrong length for public key: expected 48 bytes, got 96"):
        tripair.bls_verify(pk_minsig, b"x", sig_minpk)
    assert tripair.bls_verify(pk_minsig, b"x", sig_minsig, variant="minsig")


def test_unknown_names():
    sk = secret_keys(1)[0]
    with pytest.raises(tripair.TripairError, match="unknown BLS variant 'minPK'"):
        tripair.bls_sk_to_pk(sk, variant="minPK")
    with pytest.raises(tripair.TripairError, match="unknown BLS scheme 'AUG'"):
        tripair.bls_sign(sk, b"m", scheme="AUG")
    with pytest.raises(tripair.TripairError, match="unknown BLS variant"):
        tripair.bls_public_key_point(tripair.bls_sk_to_pk(sk), variant="g1")
    with pytest.raises(TypeError):
        tripair.bls_sign(sk, b"m", "minsig")  # keyword-only


@pytest.mark.parametrize("variant", ["minpk", "minsig"])
def test_pop_and_fast_aggregate(variant):
    sks = secret_keys(3)
    pks = [tripair.bls_sk_to_pk(sk, variant=variant) for sk in sks]
    for sk, pk in zip(sks, pks):
        assert tripair.bls_pop_verify(pk, tripair.bls_pop_prove(sk, variant=variant), variant=variant)
    assert not tripair.bls_pop_verify(pks[0], tripair.bls_pop_prove(sks[1], variant=variant), variant=variant)
    sigs = [tripair.bls_sign(sk, b"block", variant=variant) for sk in sks]
    agg = tripair.bls_aggregate(sigs, variant=variant)
    assert len(agg) == SIZES[variant][1]
    assert tripair.bls_fast_aggregate_verify(pks, b"block", agg, variant=variant)
    assert not tripair.bls_fast_aggregate_verify(pks[:2], b"block", agg, variant=variant)
    with pytest.raises(tripair.TripairError, match="empty list of signatures"):
        tripair.bls_aggregate([], variant=variant)


@pytest.mark.parametrize("variant,scheme", SUITES)
def test_aggregate_verify(variant, scheme):
    sks = secret_keys(3)
    pks = [tripair.bls_sk_to_pk(sk, variant=variant) for sk in sks]
    kw = {"variant": variant, "scheme": scheme}
    msgs = [b"a", b"b", b"c"]
    agg = tripair.bls_aggregate([tripair.bls_sign(sk, m, **kw) for sk, m in zip(sks, msgs)], variant=variant)
    assert tripair.bls_aggregate_verify(pks, msgs, agg, **kw)
    assert not tripair.bls_aggregate_verify(pks, msgs[::-1], agg, **kw)
    # Repeated messages: fine in the pop and aug schemes, INVALID in the basic one (section 3.1.1).
    same = tripair.bls_aggregate([tripair.bls_sign(sk, b"s", **kw) for sk in sks], variant=variant)
    assert tripair.bls_aggregate_verify(pks, [b"s"] * 3, same, **kw) is (scheme != "basic")


@pytest.mark.parametrize("variant,scheme", SUITES)
def test_batch_verify_and_each(variant, scheme):
    sks = secret_keys(5)
    kw = {"variant": variant, "scheme": scheme}
    items = [
        (tripair.bls_sk_to_pk(sk, variant=variant), b"m%d" % i, tripair.bls_sign(sk, b"m%d" % i, **kw))
        for i, sk in enumerate(sks)
    ]
    assert tripair.bls_batch_verify(items, **kw)
    assert tripair.bls_batch_verify_each(items, **kw) == [(True, None)] * 5
    # Two signatures swapped: their sum is unchanged, yet both are named INVALID.
    swapped = items[:3] + [items[3][:2] + items[4][2:], items[4][:2] + items[3][2:]]
    assert not tripair.bls_batch_verify(swapped, **kw)
    assert tripair.bls_batch_verify_each(swapped, **kw) == [(True, None)] * 3 + [(False, None)] * 2
    short = items[:2] + [(items[2][0][:-1],) + items[2][1:]]
    n_pk = SIZES[variant][0]
    assert tripair.bls_batch_verify_each(short, **kw) == [(True, None)] * 2 + [
        (False, f"wrong length for public key: expected {n_pk} bytes, got {n_pk - 1}")
    ]
    with pytest.raises(tripair.TripairError, match="wrong length for public key"):
        tripair.bls_batch_verify(short, **kw)
    assert tripair.bls_batch_verify_each([], **kw) == []


def test_ethereum_verify_vectors_with_explicit_suite():
    files = sorted((VECTORS / "verify").glob("*.yaml"))
    assert len(files) == 29
    for f in files:
        case = yaml.safe_load(f.read_text())
        i = case["input"]
        args = [bytes.fromhex(i[k][2:] if i[k].startswith("0x") else i[k]) for k in ("pubkey", "message", "signature")]
        try:
            got = tripair.bls_verify(*args, variant="minpk", scheme="pop")
        except tripair.TripairError:
            got = False
        assert got is case["output"], f.stem


# EIP-2333 "Test Cases" 0 to 3: seed, master_SK, child_index, child_SK.
EIP2333 = [
    (
        "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04",
        6083874454709270928345386274498605044986640685124978867557563392430687146096,
        0,
        20397789859736650942317412262472558107875392172444076792671091975210932703118,
    ),
    (
        "3141592653589793238462643383279502884197169399375105820974944592",
        29757020647961307431480504535336562678282505419141012933316116377660817309383,
        3141592653,
        25457201688850691947727629385191704516744796114925897962676248250929345014287,
    ),
    (
        "0099FF991111002299DD7744EE3355BBDD8844115566CC55663355668888CC00",
        27580842291869792442942448775674722299803720648445448686099262467207037398656,
        4294967295,
        29358610794459428860402234341874281240803786294062035874021252734817515685787,
    ),
    (
        "d4e56740f876aef8c010b86a40d5f56745a118d0906a34e69aec8c0db1cb8fa3",
        19022158461524446591288038168518313374041767046816487870552872741050760015818,
        42,
        31372231650479070279774297061823572166496564838472787488249775572789064611981,
    ),
]


@pytest.mark.parametrize("seed,master,index,child", EIP2333)
def test_eip2333_vectors(seed, master, index, child):
    seed = bytes.fromhex(seed)
    m = tripair.bls_derive_master_sk(seed)
    assert int.from_bytes(m, "big") == master
    c = tripair.bls_derive_child_sk(m, index)
    assert int.from_bytes(c, "big") == child
    assert tripair.bls_derive_path(seed, f"m/{index}") == c


def test_eip2333_errors():
    with pytest.raises(tripair.TripairError, match="at least 32"):
        tripair.bls_derive_master_sk(b"\x01" * 31)
    with pytest.raises(tripair.TripairError, match='invalid key path: "m/12381/x": step 2 is "x"'):
        tripair.bls_derive_path(b"\x01" * 32, "m/12381/x")
    with pytest.raises(OverflowError):
        tripair.bls_derive_child_sk(b"\x01" * 32, 2**32)


# Run in a child process: importing py_ecc (its eth_utils dependencies) into the test process
# makes distributed's pickler crash later on memoryviews (seen with py_ecc 8 and distributed
# 2025: `import py_ecc.bls` then `distributed.protocol.pickle.dumps([memoryview(b"c")])`
# segfaults, tripair not involved), which would take the Dask tests down with it.
PY_ECC_CHECK = """
import sys
import py_ecc.bls as b
import tripair
sk = bytes.fromhex(sys.argv[1])
k = int.from_bytes(sk, "big")
pk = tripair.bls_sk_to_pk(sk)
for scheme, theirs in [("basic", b.G2Basic), ("aug", b.G2MessageAugmentation),
                       ("pop", b.G2ProofOfPossession)]:
    assert theirs.SkToPk(k) == pk, scheme
    sig = tripair.bls_sign(sk, b"abc", scheme=scheme)
    assert sig == theirs.Sign(k, b"abc"), scheme
    assert theirs.Verify(pk, b"abc", sig), scheme
    print(scheme, "equal")
"""


def test_all_three_schemes_match_py_ecc():
    """Signatures byte for byte those of py_ecc (an independent, pure-Python implementation):
    G2Basic, G2MessageAugmentation and G2ProofOfPossession, Ethereum's variant."""
    # Looked up, not imported (see above).
    if importlib.util.find_spec("py_ecc") is None:
        if os.environ.get("TRIPAIR_REQUIRE_PY_ECC"):
            pytest.fail("py_ecc is not installed (TRIPAIR_REQUIRE_PY_ECC is set)")
        pytest.skip("py_ecc is not installed")
    sk = secret_keys(1)[0]
    out = subprocess.run(
        [sys.executable, "-c", PY_ECC_CHECK, sk.hex()], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["basic", "equal", "aug", "equal", "pop", "equal"]
