"""Speed check (not a test): tripair against blst's and chia's Python bindings on BLS12-381,
each called as its users call it, bytes in and bytes (or a bool) out, in one interleaved run.

- sign: a 32-byte secret key and a 32-byte message to the compressed signature (tripair
  `bls_sign`; pyblst: hash to G2, scalar multiplication, compression; blspy
  `PopSchemeMPL.sign` with the key parsed in the call);
- verify: compressed public key, message and signature to a bool, with the same checks on every
  side: both points decoded and checked in their subgroups, the identity key refused (tripair
  `bls_verify`; pyblst: `uncompress`, which checks the subgroup, an identity test, hashing and
  `final_verify` of two Miller loops; blspy: `from_bytes` of both points and
  `PopSchemeMPL.verify`);
- pairing: decoded points to an element of GT (tripair `pairing`; blspy `G1Element.pair`;
  py_arkworks_bls12381 `GT.pairing`; pyblst has no final exponentiation of its own).

All signatures and pairings are checked equal across the libraries first. Each round times a
block of calls of every function in turn (so that the load of a shared machine drifts over all
of them alike); the figure is the median over the rounds, in microseconds per call, and the
ratio is tripair's time over the fastest peer's. py_ecc is left out: its pure-Python calls evict
the caches of the others (time it apart with bench_pairing.py).

    pip install pyblst blspy py_arkworks_bls12381   # beside the tripair wheel
    python crates/tripair-py/bench_peers.py [--rounds 41] [--calls 20] [--out FILE]
"""

import argparse
import datetime
import os
import platform
import statistics
import sys
import time
from importlib import metadata

import tripair
from bench_cpu import cpu_model

DST = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"


def version(dist):
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def peers():
    """The peer libraries that are installed, as {name: module}."""
    found = {}
    for name in ("pyblst", "blspy", "py_arkworks_bls12381"):
        try:
            found[name] = __import__(name)
        except ImportError:
            pass
    return found


def calls(mods, sk, msg, pk, sig):
    """{operation: {library: zero-argument function}} on the same inputs."""
    sk_int = int.from_bytes(sk, "big")
    out = {"sign": {}, "verify": {}, "pairing": {}}
    out["sign"]["tripair"] = lambda: tripair.bls_sign(sk, msg)
    out["verify"]["tripair"] = lambda: tripair.bls_verify(pk, msg, sig)
    p_t = tripair.G1.generator("bls12-381") * 7
    q_t = tripair.G2.generator("bls12-381") * 11
    out["pairing"]["tripair"] = lambda: tripair.pairing(p_t, q_t)
    g1_bytes = tripair.G1.generator("bls12-381").to_bytes(compressed=True)
    if "pyblst" in mods:
        b = mods["pyblst"]
        g1 = b.BlstP1Element.uncompress(g1_bytes)
        identity = b.BlstP1Element()

        def blst_sign():
            return bytes(b.BlstP2Element.hash_to_group(msg, DST).scalar_mul(sk_int).compress())

        def blst_verify():
            try:
                p = b.BlstP1Element.uncompress(pk)
                s = b.BlstP2Element.uncompress(sig)
            except ValueError:
                return False
            if p == identity:
                return False
            h = b.BlstP2Element.hash_to_group(msg, DST)
            return b.final_verify(b.miller_loop(p, h), b.miller_loop(g1, s))

        out["sign"]["pyblst"] = blst_sign
        out["verify"]["pyblst"] = blst_verify
    if "blspy" in mods:
        c = mods["blspy"]
        scheme = c.PopSchemeMPL

        def chia_sign():
            return bytes(scheme.sign(c.PrivateKey.from_bytes(sk), msg))

        def chia_verify():
            try:
                p = c.G1Element.from_bytes(pk)
                s = c.G2Element.from_bytes(sig)
            except (ValueError, RuntimeError):
                return False
            return scheme.verify(p, msg, s)

        p_c = c.G1Element.from_bytes(p_t.to_bytes(compressed=True))
        q_c = c.G2Element.from_bytes(q_t.to_bytes(compressed=True))
        out["sign"]["blspy"] = chia_sign
        out["verify"]["blspy"] = chia_verify
        out["pairing"]["blspy"] = lambda: p_c.pair(q_c)
    if "py_arkworks_bls12381" in mods:
        a = mods["py_arkworks_bls12381"]
        p_a = a.G1Point.from_compressed_bytes(p_t.to_bytes(compressed=True))
        q_a = a.G2Point.from_compressed_bytes(q_t.to_bytes(compressed=True))
        out["pairing"]["py_arkworks"] = lambda: a.GT.pairing(p_a, q_a)
    return out


def check_agreement(table, sig):
    for name, f in table["sign"].items():
        assert f() == sig, f"{name}: another signature"
    for name, f in table["verify"].items():
        assert f() is True, f"{name}: the signature does not verify"
    e = table["pairing"]["tripair"]()
    g1, g2 = tripair.G1.generator("bls12-381"), tripair.G2.generator("bls12-381")
    assert e == tripair.pairing(g1, g2) ** 77


def measure(table, rounds, per_round):
    """Median microseconds per call of every function, the rounds interleaved."""
    fs = [(op, name, f) for op, libs in table.items() for name, f in libs.items()]
    samples = {(op, name): [] for op, name, _ in fs}
    for f in (f for _, _, f in fs):  # warm-up
        for _ in range(per_round):
            f()
    for _ in range(rounds):
        for op, name, f in fs:
            t = time.perf_counter()
            for _ in range(per_round):
                f()
            samples[(op, name)].append((time.perf_counter() - t) / per_round * 1e6)
    return {k: statistics.median(v) for k, v in samples.items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=41)
    ap.add_argument("--calls", type=int, default=20, help="calls per function and round")
    ap.add_argument("--out", help="also write the report to this file")
    args = ap.parse_args()
    load = os.getloadavg()
    # One thread for every library: tripair's single calls are single-threaded anyway.
    tripair.set_max_threads(1)
    mods = peers()
    sk = tripair.bls_keygen(b"\x2a" * 32)
    msg = b"\x5a" * 32
    pk, sig = tripair.bls_sk_to_pk(sk), tripair.bls_sign(sk, msg)
    table = calls(mods, sk, msg, pk, sig)
    check_agreement(table, sig)
    medians = measure(table, args.rounds, args.calls)

    lines = [
        f"# bench_peers.py, {datetime.date.today().isoformat()}",
        f"CPU: {cpu_model()}, {os.cpu_count()} logical CPUs; "
        f"load average before the run {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}",
        f"Python {platform.python_version()}; tripair {version('tripair')}, pyblst "
        f"{version('pyblst')}, blspy {version('blspy')}, py_arkworks_bls12381 "
        f"{version('py_arkworks_bls12381')}",
        f"median of {args.rounds} interleaved rounds of {args.calls} calls, microseconds per call",
        "",
        f"{'operation':<10} {'tripair':>9} {'pyblst':>9} {'blspy':>9} {'py_arkworks':>12}"
        f" {'tripair / fastest peer':>24}",
    ]
    for op, libs in table.items():
        cells = []
        for name in ("tripair", "pyblst", "blspy", "py_arkworks"):
            m = medians.get((op, name))
            cells.append(f"{m:.1f}" if m is not None else "-")
        peer_times = [medians[(op, n)] for n in libs if n != "tripair"]
        ratio = f"{medians[(op, 'tripair')] / min(peer_times):.3f}x" if peer_times else "-"
        lines.append(
            f"{op:<10} {cells[0]:>9} {cells[1]:>9} {cells[2]:>9} {cells[3]:>12} {ratio:>24}"
        )
    report = "\n".join(lines) + "\n"
    sys.stdout.write(report)
    if args.out:
        with open(args.out, "w") as f:
            f.write(report)


if __name__ == "__main__":
    main()
