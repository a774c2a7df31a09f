"""Speed check (not a test): one tripair.pairing call from Python against the Rust pairing.

The Rust time is that of `pairing_batch` on one thread over chunks of 7 pairs: each call is one
Rust loop of the single `pairing` over its 7 pairs (fewer than 8, so no SIMD-lane pass, which
would compute eight at once and time a different algorithm), so the ratio is the cost of the
Python binding per pairing. With `--py-ecc` (pip install py_ecc), one py_ecc optimized pairing too.

    python crates/tripair-py/bench_pairing.py [--curve bls12-381] [--n 200] [--py-ecc]
"""

import argparse
import time

import tripair


def best(f, repeats=5):
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--curve", default="bls12-381")
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--py-ecc", action="store_true")
    args = ap.parse_args()
    p, q = tripair.G1.generator(args.curve), tripair.G2.generator(args.curve)
    pairs = [(k * p, q) for k in range(1, args.n + 1)]

    def python_loop():
        for a, b in pairs:
            tripair.pairing(a, b)

    py = best(python_loop) / args.n
    # Chunks of 7: below the 8 pairs of a lane pass, so each is a Rust loop of single pairings.
    chunks = [pairs[i:i + 7] for i in range(0, len(pairs), 7)]

    def rust_loop():
        for c in chunks:
            tripair.pairing_batch(c, threads=1)

    rust = best(rust_loop) / args.n
    print(f"{args.curve}: tripair.pairing from Python {py * 1e6:.1f} us, "
          f"Rust pairing {rust * 1e6:.1f} us, ratio {py / rust:.3f}")
    if args.py_ecc:
        from py_ecc.optimized_bls12_381 import G1, G2, pairing

        t = time.perf_counter()
        pairing(G2, G1)
        ecc = time.perf_counter() - t
        print(f"py_ecc optimized_bls12_381.pairing {ecc * 1e3:.0f} ms, "
              f"{ecc / py:.0f} x tripair.pairing")


if __name__ == "__main__":
    main()
