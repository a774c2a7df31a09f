"""Fuzzing of the Python package's argument conversions with atheris (libFuzzer for CPython).

The package `tripair` must be installed in the running Python (scripts/python-test.sh builds it
into .venv-py) and atheris beside it (`pip install atheris`). Each input picks one conversion:
bytes to G1, G2 or GT of any curve (what decodes re-encodes to itself), Python ints of any size
and sign to scalars (k P + (-k) P is the identity, k P == P k), ints as GT exponents, bytes to
hash_to_g1/g2 messages and tags, bytes and names to the precompiles, BLS byte arguments. The only
exception allowed is tripair.TripairError; any other (TypeError, OverflowError, a panic surfacing
as PanicException) fails the run.

    .venv-py/bin/python fuzz/python/fuzz_conversions.py -max_total_time=300 fuzz/corpus/python
"""

import sys

import atheris

with atheris.instrument_imports():
    import tripair
    import tripair.eth

CURVES = tripair.curves()
OPS = tripair.eth.precompiles()


# The harness's own branches are the coverage libFuzzer sees (the package is native code).
@atheris.instrument_func
def one(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    op = fdp.ConsumeIntInRange(0, 7)
    curve = CURVES[fdp.ConsumeIntInRange(0, len(CURVES) - 1)]
    try:
        if op in (0, 1, 2):
            cls = (tripair.G1, tripair.G2, tripair.GT)[op]
            raw = fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 800))
            x = cls(curve, raw)
            assert cls.from_bytes(curve, bytes(x)) == x
        elif op == 3:
            k = fdp.ConsumeInt(fdp.ConsumeIntInRange(0, 96))
            g = tripair.G1.generator(curve) if fdp.ConsumeBool() else tripair.G2.generator(curve)
            assert (g * k + g * (-k)).is_identity()
            assert g * k == k * g
        elif op == 4:
            k = fdp.ConsumeInt(fdp.ConsumeIntInRange(0, 96))
            e = tripair.GT.generator(curve)
            assert (e**k * e ** (-k)).is_identity()
        elif op == 5:
            dst = fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 300))
            msg = fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 300))
            h = tripair.hash_to_g1 if fdp.ConsumeBool() else tripair.hash_to_g2
            h(msg, dst)
            # RFC 9380: tags of 1 to 255 bytes only; the others must have raised TripairError.
            assert 1 <= len(dst) <= 255, f"a tag of {len(dst)} bytes was accepted"
        elif op == 6:
            name = OPS[fdp.ConsumeIntInRange(0, len(OPS) - 1)]
            raw = fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 1200))
            tripair.eth.gas(name, raw)
            tripair.eth.run(name, raw)
        else:
            sk = fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 40))
            msg = fdp.ConsumeBytes(16)
            sig = fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 100))
            pk = tripair.bls_sk_to_pk(sk)
            tripair.bls_verify(pk, msg, sig)
    except tripair.TripairError:
        pass


if __name__ == "__main__":
    atheris.Setup(sys.argv, one)
    atheris.Fuzz()
