"""Every bad input raises TripairError (a ValueError) with a message naming what is wrong."""

import pytest

import tripair
from tripair import G1, G2, GT, TripairError

SK = tripair.bls_keygen(b"\x07" * 32)
PK = tripair.bls_sk_to_pk(SK)
SIG = tripair.bls_sign(SK, b"msg")
INFINITY_G1 = b"\xc0" + b"\0" * 47
INFINITY_G2 = b"\xc0" + b"\0" * 95
# On the curve, not in the order-r subgroup (Ethereum deserialization vectors).
NOT_IN_G1 = bytes.fromhex(
    "8123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
)


def raises(match):
    return pytest.raises(TripairError, match=match)


def test_error_class():
    assert issubclass(TripairError, ValueError)


def test_unknown_curve():
    for f in (G1.generator, G2.identity, GT.generator):
        with raises("unknown curve 'nope'"):
            f("nope")
    with pytest.raises(ValueError, match="unknown curve 'secp256k1'"):
        G1.from_bytes("secp256k1", b"")


def test_wrong_length():
    with raises("wrong length for G1 point: expected 64 bytes, got 63"):
        G1.from_bytes("bn254", b"\0" * 63)
    with raises("wrong length for G2 point: expected 192 bytes, got 3"):
        G2.from_bytes("bls12-381", b"\0" * 3)
    with raises("wrong length for GT element: expected 384 bytes"):
        GT.from_bytes("bn254", b"\0" * 10)
    with raises("wrong length for public key: expected 48 bytes, got 47"):
        tripair.bls_verify(PK[:-1], b"msg", SIG)
    with raises("wrong length for signature: expected 96 bytes, got 97"):
        tripair.bls_verify(PK, b"msg", SIG + b"\0")
    with raises("wrong length for secret key: expected 32 bytes, got 31"):
        tripair.bls_sign(SK[:-1], b"msg")


def test_bad_flags():
    with raises("bad flag bits: compression flag missing"):
        G1.from_bytes("bls12-381", bytes([PK[0] & 0x7F]) + PK[1:])
    with raises("invalid signature: bad flag bits: infinity with the sort flag"):
        tripair.bls_verify(PK, b"msg", b"\xe0" + b"\0" * 95)
    with raises("bad encoding of the point at infinity"):
        G1.from_bytes("bls12-381", b"\xc0" + b"\0" * 46 + b"\x01")


def test_not_on_curve_not_in_subgroup():
    bad = (1).to_bytes(32, "big") + (3).to_bytes(32, "big")
    with raises("point not on curve"):
        G1.from_bytes("bn254", bad)
    with raises("point not in subgroup of order r"):
        G1.from_bytes("bls12-381", NOT_IN_G1)
    with raises("invalid public key: point not in subgroup of order r"):
        tripair.bls_verify(NOT_IN_G1, b"msg", SIG)
    with raises("not a field element"):
        G1.from_bytes("bn254", b"\xff" * 64)
    with raises("point not in subgroup of order r"):
        GT.from_bytes("bn254", b"\0" * 384)
    with raises("compressed x-coordinate is not on the curve"):
        G1.from_bytes("bls12-381", b"\x80" + b"\0" * 46 + b"\x01")


def test_identity_public_key():
    msg = b"msg"
    with raises("public key is the identity"):
        tripair.bls_verify(INFINITY_G1, msg, INFINITY_G2)
    with raises("public key is the identity"):
        tripair.bls_fast_aggregate_verify([PK, INFINITY_G1], msg, SIG)
    with raises("public key is the identity"):
        tripair.bls_aggregate_verify([INFINITY_G1], [msg], SIG)
    with raises("public key is the identity"):
        tripair.bls_batch_verify([(INFINITY_G1, msg, INFINITY_G2)])
    with raises("public key is the identity"):
        tripair.bls_pop_verify(INFINITY_G1, SIG)


def test_empty_aggregate_and_lists():
    with raises("cannot aggregate an empty list of signatures"):
        tripair.bls_aggregate([])
    with raises("cannot aggregate an empty list of public keys"):
        tripair.bls_fast_aggregate_verify([], b"msg", SIG)
    with raises("1 public keys but 2 messages"):
        tripair.bls_aggregate_verify([PK], [b"a", b"b"], SIG)
    assert tripair.bls_aggregate_verify([], [], SIG) is False
    assert tripair.bls_batch_verify([]) is False
    with raises("no pairs"):
        tripair.pairing_check([])
    with raises("no pairs"):
        tripair.multi_pairing([])


def test_secret_keys():
    with raises("secret key is zero"):
        tripair.bls_sk_to_pk(b"\0" * 32)
    with raises("secret key is not below the group order r"):
        tripair.bls_sign(b"\xff" * 32, b"msg")
    with raises("input keying material too short: 31 bytes"):
        tripair.bls_keygen(b"\0" * 31)


def test_mixed_curves():
    p, q = G1.generator("bn254"), G2.generator("bls12-381")
    with raises("pair 1: G2 point of curve bls12-381, expected bn254"):
        tripair.pairing(p, q)
    with raises("pair 2: G1 point of curve bn254, expected bls12-381"):
        tripair.pairing_batch([(G1.generator("bls12-381"), q), (p, q)])
    with raises("G1 elements of different curves: bn254 and bls12-381"):
        p + G1.generator("bls12-381")
    assert p != G1.generator("bls12-381")


def test_type_errors():
    g = G1.generator("bn254")
    with pytest.raises(TypeError):
        g + G2.generator("bn254")
    with pytest.raises(TypeError):
        g * 1.5
    with pytest.raises(TypeError):
        tripair.pairing(G2.generator("bn254"), g)
    with raises("no compressed encoding of GT on bn254"):
        tripair.GT.generator("bn254").to_bytes(compressed=True)
    with pytest.raises(ValueError, match="threads must be at least 1"):
        tripair.pairing_batch([(g, G2.generator("bn254"))], threads=0)


def test_thread_counts_and_the_thread_budget():
    import os
    import subprocess
    import sys

    pairs = [(G1.generator("bn254") * k, G2.generator("bn254")) for k in range(1, 10)]
    one = tripair.pairing_batch(pairs, threads=1)
    # Far more threads than cores: the same values, no panic (threads the system refuses are
    # done without).
    assert tripair.pairing_batch(pairs, threads=5000) == one
    with pytest.raises(ValueError, match="at least 1"):
        tripair.set_max_threads(0)
    try:
        tripair.set_max_threads(1)
        assert tripair.pairing_batch(pairs, threads=4) == one
    finally:
        tripair.set_max_threads(os.cpu_count() or 1)
    # A bad TRIPAIR_THREADS stops the import, naming it.
    r = subprocess.run(
        [sys.executable, "-c", "import tripair"],
        env={**os.environ, "TRIPAIR_THREADS": "lots"},
        capture_output=True,
        text=True,
    )
    assert r.returncode != 0 and "TRIPAIR_THREADS" in r.stderr, r.stderr
