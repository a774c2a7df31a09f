"""The Ethereum BLS vectors of tripair-bls (crates/tripair-bls/tests/vectors), through the
Python API: every case must give exactly its expected output (`null` where the input is an
error, `false` for an invalid signature)."""

import pytest

import tripair
from bls_vectors import cases, unhex


def verdict(f, *args):
    """The verification's answer, INVALID (False) where tripair rejects an input."""
    try:
        return f(*args)
    except tripair.TripairError:
        return False


@pytest.mark.parametrize("case", cases("sign", 10))
def test_sign(case):
    sk, msg = unhex(case["input"]["privkey"]), unhex(case["input"]["message"])
    if case["output"] is None:
        with pytest.raises(tripair.TripairError, match="secret key"):
            tripair.bls_sign(sk, msg)
        return
    sig = tripair.bls_sign(sk, msg)
    assert sig == unhex(case["output"])
    assert tripair.bls_verify(tripair.bls_sk_to_pk(sk), msg, sig)


@pytest.mark.parametrize("case", cases("verify", 29))
def test_verify(case):
    i = case["input"]
    got = verdict(tripair.bls_verify, unhex(i["pubkey"]), unhex(i["message"]), unhex(i["signature"]))
    assert got is case["output"]


@pytest.mark.parametrize("case", cases("aggregate", 6))
def test_aggregate(case):
    sigs = [unhex(s) for s in case["input"]]
    if case["output"] is None:
        with pytest.raises(tripair.TripairError):
            tripair.bls_aggregate(sigs)
    else:
        assert tripair.bls_aggregate(sigs) == unhex(case["output"])


@pytest.mark.parametrize("case", cases("fast_aggregate_verify", 12))
def test_fast_aggregate_verify(case):
    i = case["input"]
    pks = [unhex(p) for p in i["pubkeys"]]
    got = verdict(tripair.bls_fast_aggregate_verify, pks, unhex(i["message"]), unhex(i["signature"]))
    assert got is case["output"]


@pytest.mark.parametrize("case", cases("aggregate_verify", 5))
def test_aggregate_verify(case):
    i = case["input"]
    pks = [unhex(p) for p in i["pubkeys"]]
    msgs = [unhex(m) for m in i["messages"]]
    got = verdict(tripair.bls_aggregate_verify, pks, msgs, unhex(i["signature"]))
    assert got is case["output"]


@pytest.mark.parametrize("case", cases("batch_verify", 4))
def test_batch_verify(case):
    i = case["input"]
    items = [
        (unhex(p), unhex(m), unhex(s))
        for p, m, s in zip(i["pubkeys"], i["messages"], i["signatures"])
    ]
    # The answer must not depend on the coefficients drawn.
    for _ in range(3):
        assert verdict(tripair.bls_batch_verify, items) is case["output"]


@pytest.mark.parametrize("case", cases("deserialization_G1", 16))
def test_deserialization_g1(case):
    data = unhex(case["input"]["pubkey"])
    if case["output"]:
        point = tripair.bls_public_key_point(data)
        assert point.to_bytes(compressed=True) == data
        assert tripair.G1.from_bytes("bls12-381", data) == point
    else:
        with pytest.raises(tripair.TripairError, match="public key"):
            tripair.bls_public_key_point(data)


@pytest.mark.parametrize("case", cases("deserialization_G2", 18))
def test_deserialization_g2(case):
    data = unhex(case["input"]["signature"])
    if case["output"]:
        point = tripair.bls_signature_point(data)
        assert point.to_bytes(compressed=True) == data
        assert tripair.G2.from_bytes("bls12-381", data) == point
    else:
        with pytest.raises(tripair.TripairError, match="signature"):
            tripair.bls_signature_point(data)
