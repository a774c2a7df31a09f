"""Speed check (not a test): N signatures verified one by one from Python (`bls_verify` in a
loop), in this process by partitions (`tripair.dask.verify_items`: one batch per partition; on
one thread and on all cores), and on a Dask LocalCluster of W worker processes with one thread
each (`tripair.dask.verify` and `all_valid` on a bag of P partitions, each task on one tripair
thread: `threads=1`). Medians of R interleaved runs, microseconds per signature; the cluster's
start-up is not timed. With `--bad K`, K signatures spread over the bag are invalid, so K
partitions fall back to one verification per signature.

    python crates/tripair-py/bench_dask.py [--n 4096] [--partitions 16] [--workers 2] [--bad 0]
"""

import argparse
import os
import statistics
import time

import dask.bag as db
from distributed import Client, LocalCluster, wait

import tripair
import tripair.dask as td
from bench_cpu import cpu_model


def interleaved_medians(fs, repeats):
    """Median seconds of each function, the runs interleaved round-robin so that the load of a
    shared machine drifts over all of them alike."""
    times = [[] for _ in fs]
    for _ in range(repeats):
        for f, ts in zip(fs, times):
            t = time.perf_counter()
            f()
            ts.append(time.perf_counter() - t)
    return [statistics.median(ts) for ts in times]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=4096)
    ap.add_argument("--partitions", type=int, default=16)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--bad", type=int, default=0)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    sks = [tripair.bls_keygen(i.to_bytes(32, "big"), b"bench") for i in range(1, args.n + 1)]
    items = [
        (tripair.bls_sk_to_pk(sk), b"msg %d" % i, tripair.bls_sign(sk, b"msg %d" % i))
        for i, sk in enumerate(sks)
    ]
    for k in range(args.bad):
        i = k * args.n // max(args.bad, 1)
        items[i] = (items[i][0], b"forged", items[i][2])
    chunk = -(-args.n // args.partitions)
    parts = [items[i : i + chunk] for i in range(0, args.n, chunk)]

    cluster = LocalCluster(
        n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None
    )
    client = Client(cluster)
    bag = db.from_sequence(items, npartitions=args.partitions)
    # The same partitions held by the workers, as data read on the cluster would be: its
    # computations ship no items from this process.
    held = bag.persist()
    wait(held)
    expected = td.verify_items(items)
    assert td.verify(bag).compute() == expected
    assert sum(not v.valid for v in expected) == args.bad

    cores = os.cpu_count() or 1

    def in_process(threads):
        # This process's thread budget for the row (set_max_threads is process-wide).
        tripair.set_max_threads(threads)
        return [td.verify_items(p) for p in parts]

    rows = [
        ("bls_verify loop", lambda: [tripair.bls_verify(*it) for it in items]),
        ("verify_items, 1 thread", lambda: in_process(1)),
        (f"verify_items, {cores} threads", lambda: in_process(cores)),
        ("dask verify", lambda: td.verify(bag).compute()),
        ("dask all_valid", lambda: td.all_valid(bag).compute()),
        ("dask verify, held by workers", lambda: td.verify(held).compute()),
        ("dask all_valid, held", lambda: td.all_valid(held).compute()),
    ]
    print(
        f"CPU: {cpu_model()}; n={args.n}, {args.partitions} "
        f"partitions, {args.workers} worker processes x 1 thread, {args.bad} invalid, "
        f"median of {args.repeats}"
    )
    medians = interleaved_medians([f for _, f in rows], args.repeats)
    for (name, _), m in zip(rows, medians):
        print(f"{name:<28} {m / args.n * 1e6:9.1f} us per signature")
    one = medians[1]
    print(
        f"on {args.workers} single-thread workers, over one single-thread process (verify_items, "
        f"1 thread): verify {one / medians[3]:.2f}x, all_valid {one / medians[4]:.2f}x; with the "
        f"bag held by the workers: verify {one / medians[5]:.2f}x, all_valid {one / medians[6]:.2f}x"
    )
    client.close()
    cluster.close()


if __name__ == "__main__":
    main()
