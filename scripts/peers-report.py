#!/usr/bin/env python3
"""A peers report (docs/bench-peers-*.txt) from three runs of `tripair bench --peers`.

Usage: python3 scripts/peers-report.py [RUNS] > docs/bench-peers-FAMILY.txt

Builds nothing: run `cargo build --release --features peers` first, on a quiet machine (no build
or fuzzer running). Each run is pinned to one core (taskset -c 1 where it exists). The header
names the CPU (family and model from /proc/cpuinfo), the date, the commit and the load average
before the runs, then each row's 'vs best peer' ratio in every run; the full table of the first
run follows.
"""
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CMD = ["bench", "--peers", "--curve", "bn254", "--curve", "bls12-381", "--quiet", "--samples", "9"]


sys.path.insert(0, os.path.join(ROOT, "crates", "tripair-py"))
from bench_cpu import cpu_fields, cpu_model  # noqa: E402  (the one /proc/cpuinfo reader)


def cpu_line():
    flags = set(cpu_fields().get("flags", "").split())
    have = [f for f in ("adx", "bmi2", "avx2", "avx512f", "avx512ifma") if f in flags]
    return f"{cpu_model()}; {', '.join(have)}; {os.cpu_count()} logical CPUs"


def ratios(text):
    cur, out = None, {}
    for line in text.splitlines():
        m = re.match(r"== (\S+)", line)
        if m:
            cur = m.group(1)
            continue
        parts = line.split()
        if cur and parts and re.fullmatch(r"[0-9.]+x", parts[-1]):
            out[(cur, parts[0])] = parts[-1]
    return out


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    binary = os.path.join(ROOT, "target", "release", "tripair")
    if not os.path.exists(binary):
        sys.exit("target/release/tripair is missing: cargo build --release --features peers")
    pin = ["taskset", "-c", "1"] if shutil.which("taskset") and (os.cpu_count() or 1) > 1 else []
    load = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else ["?"]
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    outs = []
    for _ in range(runs):
        r = subprocess.run(pin + [binary] + CMD, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"bench failed: {r.stderr}")
        outs.append(r.stdout)
    rs = [ratios(o) for o in outs]
    print(f"# Command: cargo run --release --features peers -- {' '.join(CMD)}"
          f"{', on one core (taskset -c 1)' if pin else ''}; {runs} runs by scripts/peers-report.py")
    print(f"# CPU: {cpu_line()}")
    print(f"# Date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, commit {commit}"
          f"{' (with uncommitted changes)' if dirty else ''}; load average before the runs: {' '.join(load)}")
    print("# 'vs best peer' (tripair / fastest peer; below 1 is faster) in each run:")
    for key in rs[0]:
        print(f"#   {key[0]} {key[1]}: {' '.join(r.get(key, '-') for r in rs)}")
    print("# The full table of the first run:")
    sys.stdout.write(outs[0])


if __name__ == "__main__":
    main()
