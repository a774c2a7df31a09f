"""Both BLS variants (minpk, minsig) and both schemes (pop, basic) through `variant=` and
`scheme=`. Ethereum's vectors cover minpk/pop only (test_bls_vectors.py, and once more here with
the keywords spelled out); the other suites are checked against the group API, which computes
the same signatures from RFC 9380 hashing, scalar multiplication and the pairing, and by round
trips."""

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
    if variant == "minpk":
        pk_point, sig_point = k * G1.generator(CURVE), k * tripair.hash_to_g2(b"message", TAGS[variant, scheme])
    else:
        pk_point, sig_point = k * G2.generator(CURVE), k * tripair.hash_to_g1(b"message", TAGS[variant, scheme])
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
    with pytest.raises(tripair.TripairError, match="unknown BLS scheme 'aug'"):
        tripair.bls_sign(sk, b"m", scheme="aug")
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
    # Repeated messages: fine in the pop scheme, INVALID in the basic one (section 3.1.1).
    same = tripair.bls_aggregate([tripair.bls_sign(sk, b"s", **kw) for sk in sks], variant=variant)
    assert tripair.bls_aggregate_verify(pks, [b"s"] * 3, same, **kw) is (scheme == "pop")


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
