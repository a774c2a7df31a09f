"""Group laws, encodings and pairings of every prime-field curve through the Python API."""

import copy
import os
import pickle
import subprocess

import pytest

import tripair
from tripair import G1, G2, GT

CURVES = tripair.curves()


def test_curves():
    assert CURVES == ["bn254", "bn254n", "bn256d", "dclxvi", "bn446", "bn638", "bls12-381"]


@pytest.mark.parametrize("curve", CURVES)
@pytest.mark.parametrize("cls", [G1, G2])
def test_group_laws_and_encoding(curve, cls):
    g = cls.generator(curve)
    o = cls.identity(curve)
    assert g.curve == curve and not g.is_identity() and o.is_identity()
    assert g + o == g and g - g == o and -g + g == o
    assert g + g == 2 * g == g * 2
    assert (-3) * g == -(3 * g)
    a, b = 2**300 + 12345, -(7**90)
    assert (a + b) * g == a * g + b * g
    assert (a * b) * g == a * (b * g)
    for p in (g, o, 5 * g):
        assert cls.from_bytes(curve, p.to_bytes()) == p
        assert bytes(p) == p.to_bytes()
        assert hash(cls.from_bytes(curve, p.to_bytes())) == hash(p)
    assert g != o and (g == 5) is False
    assert repr(o) == f"{cls.__name__}('{curve}', identity)"
    assert repr(g).startswith(f"{cls.__name__}('{curve}', 0x")


@pytest.mark.parametrize("curve", CURVES)
def test_pickle_copy_and_constructor(curve):
    """G1, G2 and GT travel through pickle (multiprocessing, Dask) and copy; the class called
    with a curve and an encoding is from_bytes, which validates."""
    g1, g2 = 3 * G1.generator(curve), 5 * G2.generator(curve)
    elements = [g1, g2, G1.identity(curve), tripair.pairing(g1, g2)]
    for e in elements:
        for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(e, protocol=protocol))
            assert back == e and type(back) is type(e) and back.curve == curve
        assert copy.copy(e) == e and copy.deepcopy(e) == e
        assert type(e)(curve, e.to_bytes()) == e
    with pytest.raises(tripair.TripairError):
        G1(curve, b"\x01" * len(g1.to_bytes()))


@pytest.mark.parametrize("curve", CURVES)
def test_bilinearity(curve):
    p, q = G1.generator(curve), G2.generator(curve)
    e = tripair.pairing(p, q)
    assert e == GT.generator(curve) and not e.is_identity()
    a, b = 0x1234567890ABCDEF1234567890, 0xFEDCBA0987654321
    assert tripair.pairing(a * p, b * q) == e ** (a * b)
    assert tripair.pairing(a * p, q) * tripair.pairing(p, b * q) == e ** (a + b)
    assert tripair.pairing(-p, q) == ~e == GT.identity(curve) / e
    assert tripair.pairing(G1.identity(curve), q).is_identity()
    assert GT.from_bytes(curve, (e**a).to_bytes()) == e**a
    assert tripair.pairing_check([(a * p, b * q), (-(a * b) * p, q)])
    assert not tripair.pairing_check([(a * p, b * q), (p, q)])
    assert tripair.multi_pairing([(a * p, q), (p, b * q)]) == e ** (a + b)


@pytest.mark.parametrize("curve", ["bn254", "bls12-381"])
def test_pairing_batch_equals_loop(curve):
    p, q = G1.generator(curve), G2.generator(curve)
    pairs = [(k * p, (k * k + 1) * q) for k in range(1, 8)] + [(G1.identity(curve), q)]
    loop = [tripair.pairing(a, b) for a, b in pairs]
    assert tripair.pairing_batch(pairs) == loop
    assert tripair.pairing_batch(pairs, threads=1) == loop
    assert tripair.pairing_batch(pairs, threads=3) == loop
    assert tripair.pairing_batch([]) == []


# e(G1, G2) on BLS12-381: the bytes `tripair pair --curve bls12-381` prints for the generators,
# the value of arkworks, blst, gnark-crypto and mcl (12 coefficients in tower order).
BLS12_381_E_G1_G2 = (
    "1250ebd871fc0a92a7b2d83168d0d727272d441befa15c503dd8e90ce98db3e7b6d194f60839c508a84305aaca1789b6"
    "089a1c5b46e5110b86750ec6a532348868a84045483c92b7af5af689452eafabf1a8943e50439f1d59882a98eaa0170f"
    "1368bb445c7c2d209703f239689ce34c0378a68e72a6b3b216da0e22a5031b54ddff57309396b38c881c4c849ec23e87"
    "193502b86edb8857c273fa075a50512937e0794e1e65a7617c90d8bd66065b1fffe51d7a579973b1315021ec3c19934f"
    "01b2f522473d171391125ba84dc4007cfbf2f8da752f7c74185203fcca589ac719c34dffbbaad8431dad1c1fb597aaa5"
    "018107154f25a764bd3c79937a45b84546da634b8f6be14a8061e55cceba478b23f7dacaa35c8ca78beae9624045b4b6"
    "19f26337d205fb469cd6bd15c3d5a04dc88784fbb3d0b2dbdea54d43b2b73f2cbb12d58386a8703e0f948226e47ee89d"
    "06fba23eb7c5af0d9f80940ca771b6ffd5857baaf222eb95a7d2809d61bfe02e1bfd1b68ff02f0b8102ae1c2d5d5ab1a"
    "11b8b424cd48bf38fcef68083b0b0ec5c81a93b330ee1a677d0d15ff7b984e8978ef48881e32fac91b93b47333e2ba57"
    "03350f55a7aefcd3c31b4fcb6ce5771cc6a0e9786ab5973320c806ad360829107ba810c5a09ffdd9be2291a0c25a99a2"
    "04c581234d086a9902249b64728ffd21a189e87935a954051c7cdba7b3872629a4fafc05066245cb9108f0242d0fe3ef"
    "0f41e58663bf08cf068672cbd01a7ec73baca4d72ca93544deff686bfd6df543d48eaa24afe47e1efde449383b676631"
)


def test_gt_known_value_bls12_381():
    e = tripair.pairing(G1.generator("bls12-381"), G2.generator("bls12-381"))
    assert e.to_bytes().hex() == BLS12_381_E_G1_G2
    assert len(e.to_bytes()) == 12 * 48


@pytest.mark.skipif(not os.environ.get("TRIPAIR_CLI"), reason="TRIPAIR_CLI (a tripair binary) not set")
@pytest.mark.parametrize("curve", CURVES)
def test_gt_equals_cli_pair(curve):
    # `TRIPAIR_CLI=target/release/tripair`: GT bytes equal to `tripair pair` on the same points.
    pairs = [(k * G1.generator(curve), (k + 1) * G2.generator(curve)) for k in (1, 5, 2**70)]
    lines = "".join(f"{p.to_bytes().hex()} {q.to_bytes().hex()}\n" for p, q in pairs)
    out = subprocess.run(
        [os.environ["TRIPAIR_CLI"], "pair", "--curve", curve],
        input=lines, capture_output=True, text=True, check=True,
    ).stdout.split()
    assert out == [tripair.pairing(p, q).to_bytes().hex() for p, q in pairs]


@pytest.mark.parametrize("cls, size", [(G1, 48), (G2, 96)])
def test_compressed_bls12_381(cls, size):
    g = cls.generator("bls12-381")
    for p in (g, 7 * g, cls.identity("bls12-381"), -g):
        c = p.to_bytes(compressed=True)
        assert len(c) == size and cls.from_bytes("bls12-381", c) == p


BN_CURVES = ["bn254", "bn254n", "bn446", "bn638", "bn256d", "dclxvi"]


@pytest.mark.parametrize("curve", BN_CURVES)
@pytest.mark.parametrize("cls", [G1, G2])
def test_compressed_bn(cls, curve):
    # x and a flag for y (gnark-crypto's flags in x's top bits, or in a byte before x where p
    # fills 256 bits): about half the uncompressed length, read back by from_bytes.
    g = cls.generator(curve)
    full = len(g.to_bytes())
    for p in (g, 7 * g, -(7 * g), cls.identity(curve)):
        c = p.to_bytes(compressed=True)
        assert len(c) in (full // 2, full // 2 + 1)
        assert cls.from_bytes(curve, c) == p
    assert (7 * g).to_bytes(compressed=True) != (-(7 * g)).to_bytes(compressed=True)


def test_bn254_compressed_generator_is_gnark_crypto_encoding():
    # gnark-crypto's compressed G1 generator (1, 2) of BN254: x = 1, flag 0x80 (the smaller y).
    assert G1.generator("bn254").to_bytes(compressed=True) == bytes([0x80]) + bytes(30) + b"\x01"


def test_generators_bls12_381_known_encoding():
    # The standard compressed generators (ZCash format).
    assert G1.generator("bls12-381").to_bytes(compressed=True).hex() == (
        "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb"
    )
