#!/usr/bin/env bash
# Constant-time evidence by the ctgrind method: every case of examples/ct_valgrind.rs runs under
# valgrind's memcheck with its secrets marked undefined; memcheck reports any branch or memory
# index that depends on them. The constant-time cases must come out clean, and the `leak` case
# (a variable-time inversion on a secret, run on purpose) must be reported, or the method is not
# seeing what it should. Needs valgrind. Usage: scripts/ct-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
CARGO_PROFILE_RELEASE_DEBUG=1 cargo build --release --example ct_valgrind
bin=target/release/examples/ct_valgrind
status=0
for case in scalar-mul fp-inv fp12-inv batch-inv gt-pow pairing product-affine prepared; do
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
exit $status
