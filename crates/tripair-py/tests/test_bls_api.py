"""BLS through the Python API beyond the vectors: round trips, aggregates, batches."""

import tripair


def keys(n):
    sks = [tripair.bls_keygen(bytes([i]) * 32, b"test") for i in range(1, n + 1)]
    return sks, [tripair.bls_sk_to_pk(sk) for sk in sks]


def test_keygen_sign_verify():
    (sk,), (pk,) = keys(1)
    assert len(sk) == 32 and len(pk) == 48
    sig = tripair.bls_sign(sk, b"hello")
    assert len(sig) == 96
    assert tripair.bls_verify(pk, b"hello", sig)
    assert not tripair.bls_verify(pk, b"goodbye", sig)
    assert tripair.bls_keygen(b"\1" * 32) != tripair.bls_keygen(b"\1" * 32, b"info")


def test_pop_and_fast_aggregate():
    sks, pks = keys(4)
    for sk, pk in zip(sks, pks):
        assert tripair.bls_pop_verify(pk, tripair.bls_pop_prove(sk))
    assert not tripair.bls_pop_verify(pks[0], tripair.bls_pop_prove(sks[1]))
    agg = tripair.bls_aggregate([tripair.bls_sign(sk, b"block") for sk in sks])
    assert tripair.bls_fast_aggregate_verify(pks, b"block", agg)
    assert not tripair.bls_fast_aggregate_verify(pks[:3], b"block", agg)


def test_aggregate_verify_and_batch():
    sks, pks = keys(6)
    msgs = [b"m%d" % i for i in range(6)]
    sigs = [tripair.bls_sign(sk, m) for sk, m in zip(sks, msgs)]
    assert tripair.bls_aggregate_verify(pks, msgs, tripair.bls_aggregate(sigs))
    assert not tripair.bls_aggregate_verify(pks, msgs[::-1], tripair.bls_aggregate(sigs))
    items = list(zip(pks, msgs, sigs))
    assert tripair.bls_batch_verify(items)
    swapped = items[:4] + [(pks[4], msgs[4], sigs[5]), (pks[5], msgs[5], sigs[4])]
    assert not tripair.bls_batch_verify(swapped)
    assert all(tripair.bls_verify(*it) for it in items)
