"""tripair.py_ecc against py_ecc.bls itself and against Ethereum's BLS vectors.

These tests import py_ecc, so they run in a pytest process of their own (scripts/python-test.sh):
importing py_ecc's dependencies into the main suite's process breaks distributed's pickler.

- Ethereum's vectors (crates/tripair-bls/tests/vectors, from ethereum/bls12-381-tests), read as
  the consensus specs' test generators read them, through G2ProofOfPossession: `null` outputs are
  a ValidationError (sign, aggregate) or False (the verifications).
- The same calls on py_ecc and on tripair.py_ecc, valid and malformed, in all three schemes: the
  same answer, or the same exception class (py_ecc's ValueError where tripair raises
  TripairError, its subclass), except where tripair.py_ecc's docstring says it refuses more.
"""

import sys
from pathlib import Path

import pytest
from eth_utils import ValidationError

import py_ecc.bls as ref
import tripair
import tripair.py_ecc as ours
from py_ecc.bls.g2_primitives import G1_to_pubkey, G2_to_signature
from py_ecc.optimized_bls12_381 import G1, Z1, Z2, multiply

# The vector reader of the main suite (crates/tripair-py/tests/bls_vectors.py).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from bls_vectors import cases, unhex  # noqa: E402

POP = ours.G2ProofOfPossession
SCHEMES = ["G2Basic", "G2MessageAugmentation", "G2ProofOfPossession"]


def test_validation_error_is_eth_utils_class():
    assert ours.ValidationError is ValidationError


@pytest.mark.parametrize("case", cases("sign", 10))
def test_vectors_sign(case):
    sk = int.from_bytes(unhex(case["input"]["privkey"]), "big")
    msg = unhex(case["input"]["message"])
    if case["output"] is None:
        with pytest.raises(ValidationError):
            POP.Sign(sk, msg)
        return
    sig = POP.Sign(sk, msg)
    assert sig == unhex(case["output"])
    assert POP.Verify(POP.SkToPk(sk), msg, sig)


@pytest.mark.parametrize("case", cases("verify", 29))
def test_vectors_verify(case):
    i = case["input"]
    got = POP.Verify(unhex(i["pubkey"]), unhex(i["message"]), unhex(i["signature"]))
    assert got is case["output"]


@pytest.mark.parametrize("case", cases("aggregate", 6))
def test_vectors_aggregate(case):
    sigs = [unhex(s) for s in case["input"]]
    if case["output"] is None:
        with pytest.raises((ValidationError, ValueError)):
            POP.Aggregate(sigs)
    else:
        assert POP.Aggregate(sigs) == unhex(case["output"])


@pytest.mark.parametrize("case", cases("fast_aggregate_verify", 12))
def test_vectors_fast_aggregate_verify(case):
    i = case["input"]
    pks = [unhex(p) for p in i["pubkeys"]]
    got = POP.FastAggregateVerify(pks, unhex(i["message"]), unhex(i["signature"]))
    assert got is case["output"]


@pytest.mark.parametrize("case", cases("aggregate_verify", 5))
def test_vectors_aggregate_verify(case):
    i = case["input"]
    pks = [unhex(p) for p in i["pubkeys"]]
    msgs = [unhex(m) for m in i["messages"]]
    assert POP.AggregateVerify(pks, msgs, unhex(i["signature"])) is case["output"]


def outcome(f, *args):
    """What a call does: ("value", v) or ("raises", the exception's class as py_ecc names it)."""
    try:
        return ("value", f(*args))
    except tripair.TripairError:
        return ("raises", ValueError)
    except (ValidationError, ValueError, TypeError, AssertionError) as e:
        return ("raises", type(e))


def same(scheme, method, *args):
    mine = outcome(getattr(getattr(ours, scheme), method), *args)
    theirs = outcome(getattr(getattr(ref, scheme), method), *args)
    assert mine == theirs, f"{scheme}.{method}{args!r}"
    return mine


SK = [1, 7, 2**200 + 11, ref.G2Basic.KeyGen(b"\x05" * 32)]
PK = [ref.G2Basic.SkToPk(sk) for sk in SK]
Z1_PK = G1_to_pubkey(Z1)
Z2_SIG = G2_to_signature(Z2)
# An encoding whose x is not on the curve (flags of a compressed, non-infinity point).
OFF_CURVE_PK = bytes([0x80 | 0x1F]) + b"\xff" * 47
BAD_FLAGS_PK = bytes([0x00]) + PK[0][1:]


@pytest.mark.parametrize("scheme", SCHEMES)
def test_keys_and_signatures_match_py_ecc(scheme):
    for sk in SK + [0, -1, 2**255, ref.G2Basic.KeyGen(b"\x05" * 32) + 0, "1", None, True]:
        same(scheme, "SkToPk", sk)
    for sk in SK[:2]:
        for msg in [b"", b"abc", b"\x00" * 100, bytearray(b"abc"), 123, None]:
            same(scheme, "Sign", sk, msg)
    same(scheme, "Sign", 0, b"abc")
    same(scheme, "KeyGen", b"\x01" * 32)
    same(scheme, "KeyGen", b"\x02" * 40, b"info")
    for pk in PK[:2] + [Z1_PK, OFF_CURVE_PK, BAD_FLAGS_PK, b"\x11" * 48, bytearray(PK[0])]:
        same(scheme, "KeyValidate", pk)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_verify_matches_py_ecc(scheme):
    s = getattr(ref, scheme)
    msg = b"the message"
    sig = s.Sign(SK[1], msg)
    for args in [
        (PK[1], msg, sig),
        (PK[0], msg, sig),
        (PK[1], b"another", sig),
        (PK[1], msg, Z2_SIG),
        (Z1_PK, msg, Z2_SIG),
        (Z1_PK, msg, sig),
        (OFF_CURVE_PK, msg, sig),
        (PK[1], msg, sig[:95]),
        (PK[1], msg, bytearray(sig)),
        (PK[1], bytearray(msg), sig),
        (PK[1], msg, b"\xc0" + b"\x00" * 94 + b"\x01"),
    ]:
        same(scheme, "Verify", *args)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_aggregation_matches_py_ecc(scheme):
    s = getattr(ref, scheme)
    msgs = [b"m0", b"m1"]
    sigs = [s.Sign(sk, m) for sk, m in zip(SK, msgs)]
    same(scheme, "Aggregate", sigs)
    same(scheme, "Aggregate", [Z2_SIG])
    same(scheme, "Aggregate", [])
    same(scheme, "Aggregate", ["hello"])
    agg = s.Aggregate(sigs)
    same(scheme, "AggregateVerify", PK[:2], msgs, agg)
    same(scheme, "AggregateVerify", PK[:2], msgs[::-1], agg)
    same(scheme, "AggregateVerify", PK[:2], msgs[:1], agg)
    same(scheme, "AggregateVerify", [], [], Z2_SIG)
    same(scheme, "AggregateVerify", PK[:1] + [Z1_PK], msgs, agg)
    # Equal messages: the basic scheme refuses them, the other two verify.
    same_msg = [b"m", b"m"]
    agg2 = s.Aggregate([s.Sign(sk, b"m") for sk in SK[:2]])
    same(scheme, "AggregateVerify", PK[:2], same_msg, agg2)


def test_core_operations_with_a_tag_of_ones_own_match_py_ecc():
    tag = b"TRIPAIR-PY-ECC-TEST-TAG"
    # The core operations are the base class's in every scheme but the proof-of-possession one
    # (whose key check adds KeyValidate): those two.
    for scheme in ["G2Basic", "G2ProofOfPossession"]:
        sig = same(scheme, "_CoreSign", SK[2], b"msg", tag)[1]
        same(scheme, "_CoreVerify", PK[2], b"msg", sig, tag)
        same(scheme, "_CoreVerify", PK[2], b"other", sig, tag)
        sigs = [getattr(ref, scheme)._CoreSign(sk, b"same", tag) for sk in SK[:2]]
        agg = ref.G2Basic.Aggregate(sigs)
        # No distinctness condition in the core operation, whatever the tag.
        same(scheme, "_CoreAggregateVerify", PK[:2], [b"same", b"same"], agg, tag)
        agg_basic = ref.G2Basic.Aggregate([ref.G2Basic.Sign(sk, b"same") for sk in SK[:2]])
        same(scheme, "_CoreAggregateVerify", PK[:2], [b"same"] * 2, agg_basic, ref.G2Basic.DST)


def test_proof_of_possession_matches_py_ecc():
    p = "G2ProofOfPossession"
    for sk in SK[:2]:
        proof = same(p, "PopProve", sk)[1]
        same(p, "PopVerify", ref.G2Basic.SkToPk(sk), proof)
        same(p, "PopVerify", PK[3], proof)
    same(p, "PopVerify", Z1_PK, Z2_SIG)
    msg = b"\x12" * 32
    sigs = [ref.G2ProofOfPossession.Sign(sk, msg) for sk in SK[:3]]
    agg = ref.G2ProofOfPossession.Aggregate(sigs)
    same(p, "FastAggregateVerify", PK[:3], msg, agg)
    same(p, "FastAggregateVerify", PK[:3], b"other", agg)
    same(p, "FastAggregateVerify", PK[:2] + [Z1_PK], msg, agg)
    same(p, "FastAggregateVerify", [], msg, Z2_SIG)
    # Keys that sum to the identity: the aggregate key is refused.
    neg = G1_to_pubkey(multiply(G1, ours._R - 7))  # -PK[1]
    same(p, "FastAggregateVerify", [PK[1], neg], msg, Z2_SIG)
    same(p, "_AggregatePKs", PK[:3])
    same(p, "_AggregatePKs", [PK[1], neg])
    same(p, "_AggregatePKs", [])


def test_refusals_documented_in_the_module():
    # Key material under 32 bytes: py_ecc derives a key, tripair.py_ecc refuses.
    assert isinstance(ref.G2Basic.KeyGen(b"short"), int)
    with pytest.raises(ValidationError, match="at least 32"):
        ours.G2Basic.KeyGen(b"short")
    # A signature on the curve but outside G2: py_ecc adds it, tripair refuses it.
    from py_ecc.bls.point_compression import modular_squareroot_in_FQ2
    from py_ecc.optimized_bls12_381 import FQ2, b2, is_on_curve

    x = FQ2([1, 0])
    while (y := modular_squareroot_in_FQ2(x**3 + b2)) is None:
        x += FQ2([1, 0])
    point = (x, y, FQ2([1, 0]))
    assert is_on_curve(point, b2)
    outside = G2_to_signature(point)
    if multiply(point, ours._R) != Z2:  # almost surely: the cofactor of G2 is large
        assert isinstance(ref.G2Basic.Aggregate([outside]), bytes)
        with pytest.raises(ValueError):
            ours.G2Basic.Aggregate([outside])
        assert ours.G2Basic.Verify(PK[0], b"m", outside) is False
    # A 49-byte key: py_ecc reads it as an integer, tripair refuses its length.
    assert ours.G2Basic.KeyValidate(b"\x01" + PK[0]) is False


def test_schemes_answer_py_ecc_types():
    sig = ours.G2ProofOfPossession.Sign(5, b"x")
    assert type(sig) is bytes and len(sig) == 96
    assert type(ours.G2ProofOfPossession.SkToPk(5)) is bytes
    assert type(ours.G2ProofOfPossession.KeyGen(b"\x09" * 32)) is int


def test_readme_example_runs():
    """The example under "A drop-in for py_ecc" in crates/tripair-py/README.md, as written."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    section = readme.split("## A drop-in for py_ecc", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    assert "tripair.py_ecc" in code
    exec(compile(code, "README.md", "exec"), {})
