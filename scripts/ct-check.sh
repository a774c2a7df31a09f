#!/usr/bin/env bash
# Constant-time evidence by the ctgrind method: every case of examples/ct_valgrind.rs runs under
# valgrind's memcheck with its secrets marked undefined; memcheck reports any branch or memory
# index that depends on them. The constant-time cases must come out clean, and the `leak` case
# (a variable-time inversion on a secret, run on purpose) must be reported, or the method is not
# seeing what it should. Then the dudect-style timing test (examples/ct_timing.rs): Welch's t on
# fixed-vs-random secrets must stay below 4.5 for the constant-time functions and exceed it for
# the deliberately variable-time one. Needs valgrind. Usage: scripts/ct-check.sh [--no-timing]
set -euo pipefail
cd "$(dirname "$0")/.."
CARGO_PROFILE_RELEASE_DEBUG=1 cargo build --release -p tripair-cli --features examples --example ct_valgrind
bin=target/release/examples/ct_valgrind
status=0
for case in scalar-mul fp-inv fp12-inv batch-inv gt-pow pairing product-affine prepared prepared-lanes sliced-squares hash-to-curve bls-sign; do
    if valgrind --error-exitcode=1 -q "$bin" "$case" > "/tmp/ct-$case.log" 2>&1; then
        echo "clean    $case"
    else
        echo "REPORTED $case (see /tmp/ct-$case.log)"
        status=1
    fi
done
if valgrind --error-exitcode=1 -q "$bin" leak > /tmp/ct-leak.log 2>&1; then
    echo "MISSED   leak: memcheck did not report the deliberate variable-time inversion"
    status=1
else
    echo "reported leak (expected: the deliberate variable-time inversion)"
fi
if [ "${1:-}" != "--no-timing" ]; then
    cargo build --release -p tripair-cli --features examples --example ct_timing
    t=target/release/examples/ct_timing
    # Measurements per class: 10^6 (the bar of the evidence in docs/constant-time.md; about 1.5 hours
    # on one core for the group and GT operations, 45 minutes more for the pairings), 10^5 for
    # hashing and signing (a millisecond a call). CT_N and CT_N_PROTOCOLS change them for a
    # quicker look.
    n="${CT_N:-1000000}"
    np="${CT_N_PROTOCOLS:-100000}"
    { "$t" "$n" fp-inv fp-inv-vartime fp12-inv g1-mul g2-mul gt-pow pairing prepared product;
      "$t" "$np" hash-to-g2 bls-sign; } | tee /tmp/ct-timing.log
    if grep -qE " LEAK$|not detected" /tmp/ct-timing.log; then
        status=1
    fi
fi
exit $status
