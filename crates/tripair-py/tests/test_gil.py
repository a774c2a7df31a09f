"""The batch and product calls, signing, hashing and decoding release the GIL: another Python
thread keeps running meanwhile (signing and hashing a long message, aggregating 100 signatures,
so that one call takes long enough)."""

import threading
import time

import pytest

import tripair
from tripair import G1, G2


LONG = b"\x5a" * (48 << 20)  # hashing 48 MiB takes tens of milliseconds


@pytest.mark.parametrize(
    "call",
    ["pairing_batch", "multi_pairing", "bls_batch_verify", "bls_sign", "hash_to_g2",
     "hash_to_bn254_g1", "bls_aggregate"],
)
def test_gil_released(call):
    p, q = G1.generator("bn254"), G2.generator("bn254")
    pairs = [(k * p, q) for k in range(1, 301)]
    sk = tripair.bls_keygen(b"\x01" * 32)
    pk = tripair.bls_sk_to_pk(sk)
    items = [(pk, b"m%d" % i, tripair.bls_sign(sk, b"m%d" % i)) for i in range(100)]
    run = {
        "pairing_batch": lambda: tripair.pairing_batch(pairs, threads=1),
        # On all cores: 3000 pairs, so that the call (~0.15 s) is long beside a scheduler's time
        # slice, which can take this polling thread off a core while the call's threads run.
        "multi_pairing": lambda: tripair.multi_pairing(pairs * 10),
        "bls_batch_verify": lambda: tripair.bls_batch_verify(items),
        "bls_sign": lambda: tripair.bls_sign(sk, LONG),
        "hash_to_g2": lambda: tripair.hash_to_g2(LONG, b"DST"),
        "hash_to_bn254_g1": lambda: tripair.hash_to_bn254_g1(LONG, b"DST"),
        # Decoding 100 signatures: a subgroup check each.
        "bls_aggregate": lambda: tripair.bls_aggregate([sig for _, _, sig in items]),
    }[call]
    done = threading.Event()
    span = []

    def worker():
        t = time.perf_counter()
        run()
        span.append(time.perf_counter() - t)
        done.set()

    thread = threading.Thread(target=worker)
    ticks = []
    thread.start()
    while not done.is_set():
        ticks.append(time.perf_counter())
    thread.join()
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    # Holding the GIL would stop this loop for (nearly) the whole call.
    assert len(ticks) > 10 and max(gaps) < 0.5 * span[0], (max(gaps), span[0])
