#!/usr/bin/env python3
"""Packs c-kzg-4844's reference tests (tests/<function>/kzg-mainnet/<case>/data.yaml) into
crates/tripair-eth/tests/vectors/ckzg: cases.json (every case, long hex values replaced by "@N")
and values.bin (the distinct long values, raw bytes, each once; their offsets and lengths in
cases.json). The 91 MB of YAML hold 470 distinct blobs and cells: 2.4 MB packed.

Usage: scripts/kzg-vectors.py PATH-TO-C-KZG-4844-CHECKOUT COMMIT
"""
import json
import os
import sys

import yaml

LONG = 2 + 2 * 1024  # hex values of at least 1 KiB go to values.bin


def main():
    src, commit = sys.argv[1], sys.argv[2]
    out = os.path.join(os.path.dirname(__file__), "..", "crates", "tripair-eth", "tests", "vectors", "ckzg")
    os.makedirs(out, exist_ok=True)
    values, index, spans = bytearray(), {}, []

    def pack(v):
        if isinstance(v, str) and v.startswith("0x") and len(v) >= LONG:
            if v not in index:
                raw = bytes.fromhex(v[2:])
                index[v] = len(spans)
                spans.append([len(values), len(raw)])
                values.extend(raw)
            return "@%d" % index[v]
        if isinstance(v, list):
            return [pack(x) for x in v]
        if isinstance(v, dict):
            return {k: pack(x) for k, x in v.items()}
        return v

    cases = []
    tests = os.path.join(src, "tests")
    for function in sorted(os.listdir(tests)):
        suite = os.path.join(tests, function, "kzg-mainnet")
        for case in sorted(os.listdir(suite)):
            with open(os.path.join(suite, case, "data.yaml")) as f:
                data = yaml.safe_load(f)
            cases.append({"function": function, "name": case,
                          "input": pack(data["input"]), "output": pack(data["output"])})
    with open(os.path.join(out, "values.bin"), "wb") as f:
        f.write(values)
    with open(os.path.join(out, "cases.json"), "w") as f:
        json.dump({"source": "https://github.com/ethereum/c-kzg-4844 tests/, commit " + commit,
                   "values": spans, "cases": cases}, f, separators=(",", ":"))
        f.write("\n")
    print("%d cases, %d distinct long values (%d bytes)" % (len(cases), len(spans), len(values)))


if __name__ == "__main__":
    main()
