# py_ecc 8.0.0's tests/bls/ciphersuites/test_g2_message_augmentation.py (github.com/ethereum/py_ecc, commit 04151f0, MIT
# license, Copyright (c) 2015 Vitalik Buterin), unchanged but for the import of the schemes:
# they are tripair.py_ecc's here, checked by py_ecc's own tests. py_ecc still builds the
# fixtures (points, encodings).
import pytest

from tripair.py_ecc import (
    G2MessageAugmentation,
)


@pytest.mark.parametrize(
    "privkey",
    [
        (1),
        (5),
        (124),
        (735),
        (127409812145),
        (90768492698215092512159),
    ],
)
def test_sign_verify(privkey):
    msg = str(privkey).encode("utf-8")
    pub = G2MessageAugmentation.SkToPk(privkey)
    sig = G2MessageAugmentation.Sign(privkey, msg)
    assert G2MessageAugmentation.Verify(pub, msg, sig)


@pytest.mark.parametrize("SKs,messages", [(list(range(1, 11)), list(range(1, 11)))])
def test_aggregate_verify(SKs, messages):
    PKs = [G2MessageAugmentation.SkToPk(SK) for SK in SKs]
    messages = [bytes(msg) + PK for msg, PK in zip(messages, PKs)]
    signatures = [G2MessageAugmentation.Sign(SK, msg) for SK, msg in zip(SKs, messages)]
    aggregate_signature = G2MessageAugmentation.Aggregate(signatures)
    assert G2MessageAugmentation.AggregateVerify(PKs, messages, aggregate_signature)
