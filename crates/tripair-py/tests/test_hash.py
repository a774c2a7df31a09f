"""RFC 9380 vectors (Appendix J.9.1 and J.10.1, as in crates/tripair-tests-unoptimised/tests/pairings/hash_to_curve/vectors.rs)
through tripair.hash_to_g1 / hash_to_g2."""

import re
from pathlib import Path

import pytest

import tripair


def fp(h):
    return bytes.fromhex(h[2:]).rjust(48, b"\0")


def fp2(c0c1):
    c0, c1 = c0c1.split(",")
    return fp(c1) + fp(c0)  # ZCash / EIP-197 order: c1 || c0


G1_DST = b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_"
G2_DST = b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_"


@pytest.mark.parametrize(
    "msg, x, y",
    [
        (
            b"",
            "0x052926add2207b76ca4fa57a8734416c8dc95e24501772c814278700eed6d1e4e8cf62d9c09db0fac349612b759e79a1",
            "0x08ba738453bfed09cb546dbb0783dbb3a5f1f566ed67bb6be0e8c67e2e81a4cc68ee29813bb7994998f3eae0c9c6a265",
        ),
        (
            b"abc",
            "0x03567bc5ef9c690c2ab2ecdf6a96ef1c139cc0b2f284dca0a9a7943388a49a3aee664ba5379a7655d3c68900be2f6903",
            "0x0b9c15f3fe6e5cf4211f346271d7b01c8f3b28be689c8429c85b67af215533311f0b8dfaaa154fa6b88176c229f2885d",
        ),
    ],
)
def test_hash_to_g1(msg, x, y):
    p = tripair.hash_to_g1(msg, G1_DST)
    assert p.curve == "bls12-381"
    assert p.to_bytes() == fp(x) + fp(y)
    assert p == tripair.G1.from_bytes("bls12-381", fp(x) + fp(y))


def test_hash_to_g2():
    q = tripair.hash_to_g2(b"", G2_DST)
    x = "0x0141ebfbdca40eb85b87142e130ab689c673cf60f1a3e98d69335266f30d9b8d4ac44c1038e9dcdd5393faf5c41fb78a,0x05cb8437535e20ecffaef7752baddf98034139c38452458baeefab379ba13dff5bf5dd71b72418717047f5b0f37da03d"
    y = "0x0503921d7f6a12805e72940b963c0cf3471c7b2a524950ca195d11062ee75ec076daf2d4bc358c4b190c0c98064fdd92,0x12424ac32561493f3fe3c260708a12b7c620e7be00099a974e259ddc7d1f6395c3c811cdd19f1e8dbf3e9ecfdcbab8d6"
    assert q.to_bytes() == fp2(x) + fp2(y)


def test_hash_to_g2_is_the_bls_message_point():
    # A BLS (MinPk, PoP) signature is [sk] hash_to_g2(msg, the suite's DST).
    dst = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"
    sk = tripair.bls_keygen(b"\x2a" * 32)
    sig = tripair.bls_signature_point(tripair.bls_sign(sk, b"hello"))
    assert sig == tripair.hash_to_g2(b"hello", dst) * int.from_bytes(sk, "big")
    pk = tripair.bls_public_key_point(tripair.bls_sk_to_pk(sk))
    assert pk == tripair.G1.generator("bls12-381") * int.from_bytes(sk, "big")


def test_dst_too_long():
    with pytest.raises(tripair.TripairError, match="domain separation tag of 256 bytes"):
        tripair.hash_to_g1(b"abc", b"x" * 256)


BN254_VECTORS = (
    Path(__file__).resolve().parents[2]
    / "tripair-tests-unoptimised" / "tests" / "pairings" / "hash_to_curve" / "bn254_vectors.rs"
)


def bn254_ro_vectors():
    """(msg, x, y) of the BN254G1_XMD:SHA-256_SVDW_RO_ vectors (gnark-crypto's, transcribed in
    the Rust tests' bn254_vectors.rs): the messages and final points of the RO block."""
    text = BN254_VECTORS.read_text()
    ro = text[text.index("pub const RO:"):text.index("pub const NU:")]
    msgs = re.findall(r"msg: (\"[^\"]*\"|Q128)", ro)
    points = re.findall(r"p: \[\s*\"(0x[0-9a-f]+)\",\s*\"(0x[0-9a-f]+)\"", ro)
    q128 = re.search(r'const Q128: &str = "([^"]*)"', text).group(1)
    out = []
    for m, (x, y) in zip(msgs, points):
        msg = q128 if m == "Q128" else m.strip('"')
        msg = "a512_" + "a" * 512 if msg == "A512" else msg
        out.append((msg.encode(), x, y))
    assert len(out) == len(msgs) == len(points) == 5
    return out


@pytest.mark.parametrize("msg, x, y", bn254_ro_vectors())
def test_hash_to_bn254_g1(msg, x, y):
    dst = b"QUUX-V01-CS02-with-BN254G1_XMD:SHA-256_SVDW_RO_"
    p = tripair.hash_to_bn254_g1(msg, dst)
    assert p.curve == "bn254"
    to32 = lambda h: bytes.fromhex(h[2:].rjust(64, "0"))  # noqa: E731
    assert p.to_bytes() == to32(x) + to32(y)
    with pytest.raises(tripair.TripairError):
        tripair.hash_to_bn254_g1(msg, b"")
