"""Every byte argument takes bytes, bytearray or memoryview with the same answer, and refuses
other types with a TypeError that names what it accepts."""

import pytest

import tripair
from tripair import G1, G2, eth, kzg

SK = tripair.bls_keygen(b"\x07" * 32)
PK = tripair.bls_sk_to_pk(SK)
SIG = tripair.bls_sign(SK, b"msg")


def forms(b):
    """The same bytes as bytes, bytearray, memoryview, and a memoryview of a slice."""
    padded = b"\xee" + b + b"\xee"
    return [b, bytearray(b), memoryview(b), memoryview(padded)[1:-1]]


def test_bls_functions_take_every_form():
    for sk in forms(SK):
        assert tripair.bls_sk_to_pk(sk) == PK
        assert tripair.bls_sign(sk, b"msg") == SIG
        assert tripair.bls_pop_prove(sk) == tripair.bls_pop_prove(SK)
        assert tripair.bls_derive_child_sk(sk, 3) == tripair.bls_derive_child_sk(SK, 3)
    for ikm in forms(b"\x07" * 32):
        assert tripair.bls_keygen(ikm) == SK
        assert tripair.bls_keygen(ikm, bytearray(b"info")) == tripair.bls_keygen(b"\x07" * 32, b"info")
        assert tripair.bls_derive_master_sk(ikm) == tripair.bls_derive_master_sk(b"\x07" * 32)
    for pk, msg, sig in zip(forms(PK), forms(b"msg"), forms(SIG)):
        assert tripair.bls_verify(pk, msg, sig)
        assert not tripair.bls_verify(pk, bytearray(b"other"), sig)
        assert tripair.bls_aggregate([sig]) == SIG
        assert tripair.bls_fast_aggregate_verify([pk], msg, sig)
        assert tripair.bls_aggregate_verify([pk], [msg], sig)
        assert tripair.bls_batch_verify([(pk, msg, sig)])
        assert tripair.bls_batch_verify_each([(pk, msg, sig)]) == [(True, None)]
        assert tripair.bls_public_key_point(pk) == tripair.bls_public_key_point(PK)
        assert tripair.bls_signature_point(sig) == tripair.bls_signature_point(SIG)


def test_points_and_hashing_take_every_form():
    for curve in ("bn254", "bls12-381"):
        for cls in (G1, G2):
            g = 5 * cls.generator(curve)
            for data in forms(g.to_bytes()):
                assert cls.from_bytes(curve, data) == g
                assert cls(curve, data) == g
    h = tripair.hash_to_g2(b"abc", b"DST")
    for msg, dst in zip(forms(b"abc"), forms(b"DST")):
        assert tripair.hash_to_g2(msg, dst) == h


def test_eth_and_kzg_take_every_form():
    g1 = G1.generator("bn254").to_bytes()
    out = eth.run("bn254-add", g1 + g1)
    for data in forms(g1 + g1):
        assert eth.run("bn254-add", data) == out
        assert eth.gas("bn254-add", data) == eth.gas("bn254-add", g1 + g1)
    ts = kzg.mainnet_trusted_setup()
    blob = bytes(131072)
    c = kzg.blob_to_kzg_commitment(blob, ts)
    for b in forms(blob):
        assert kzg.blob_to_kzg_commitment(b, ts) == c


@pytest.mark.parametrize("bad", ["text", 5, [1, 2], None, 1.5])
def test_other_types_are_refused_by_name(bad):
    with pytest.raises(TypeError, match="expected bytes, bytearray or memoryview"):
        tripair.bls_sign(SK, bad)
    with pytest.raises(TypeError):
        G1.from_bytes("bn254", bad)
