#!/usr/bin/env python3
"""Coprocess latency and pipeline throughput of `tripair pair` (issue 14's measurement).

Usage: scripts/cli_stream_bench.py BINARY [BINARY...] [--curve bn254] [--lines 2000] [--rounds 5]
       [--extra "--threads 1"]

For each binary, alternated over the rounds (so drift of the shared machine hits all alike):
- throughput: LINES lines of the curve's generator pair piped in at once; wall time to EOF;
  pairs per second, median over the rounds;
- latency: one line written, the answer awaited, 50 times over one process (a coprocess); the
  median round trip. A binary that holds its answers in a buffer never answers before EOF: it is
  reported as 'no answer before EOF' after a 5 s wait.
The input comes from the first binary's `curves --json` (its generators).
"""
import json, os, select, statistics, subprocess, sys, time

def args():
    a = sys.argv[1:]
    opts = {"--curve": "bn254", "--lines": "2000", "--rounds": "5", "--extra": ""}
    bins = []
    i = 0
    while i < len(a):
        if a[i] in opts:
            opts[a[i]] = a[i + 1]
            i += 2
        else:
            bins.append(a[i])
            i += 1
    return bins, opts

def line_for(binary, curve):
    out = subprocess.run([binary, "curves", "--json"], capture_output=True, check=True).stdout
    g = next(c for c in json.loads(out) if c["name"] == curve)["generators"]
    return f'{g["g1"]} {g["g2"]}\n'

def throughput(binary, curve, extra, data, n):
    t = time.perf_counter()
    r = subprocess.run([binary, "pair", "--curve", curve, *extra], input=data, capture_output=True)
    dt = time.perf_counter() - t
    assert r.returncode == 0 and r.stdout.count(b"\n") == n, (binary, r.returncode, r.stderr[-300:])
    return n / dt

def latency(binary, curve, extra, line, k=50):
    p = subprocess.Popen([binary, "pair", "--curve", curve, *extra], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, bufsize=0)
    times = []
    try:
        for _ in range(k):
            t = time.perf_counter()
            p.stdin.write(line)
            got = b""
            while not got.endswith(b"\n"):
                ready, _, _ = select.select([p.stdout], [], [], 5.0)
                if not ready:
                    return None
                got += os.read(p.stdout.fileno(), 1 << 16)
            times.append(time.perf_counter() - t)
    finally:
        p.kill()
        p.wait()
    return statistics.median(times)

def main():
    bins, o = args()
    curve, n, rounds, extra = o["--curve"], int(o["--lines"]), int(o["--rounds"]), o["--extra"].split()
    line = line_for(bins[0], curve).encode()
    data = line * n
    tp = {b: [] for b in bins}
    lat = {b: [] for b in bins}
    for _ in range(rounds):
        for b in bins:
            tp[b].append(throughput(b, curve, extra, data, n))
            lat[b].append(latency(b, curve, extra, line))
    print(f"curve {curve}, {n} lines, {rounds} rounds alternated, extra flags: {' '.join(extra) or '-'}")
    for b in bins:
        ls = [x for x in lat[b] if x is not None]
        l = f"{statistics.median(ls) * 1e6:.0f} us" if len(ls) == len(lat[b]) else "no answer before EOF"
        print(f"{b}: throughput {statistics.median(tp[b]):.1f} pairs/s (median), "
              f"coprocess round trip {l}")

main()
