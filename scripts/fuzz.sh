#!/usr/bin/env bash
# Runs every fuzz target (cargo-fuzz, libFuzzer; needs the nightly toolchain and `cargo install
# cargo-fuzz`) for SECONDS each (default 60), then minimises its corpus into fuzz/corpus/<target>,
# which `cargo test` replays (crates/tripair-cli/tests/fuzz_corpus.rs). With FUZZ_RUNS=N each target
# stops after N executions or SECONDS, whichever comes first (the issue's bar: 10^7 or 30 minutes:
# FUZZ_RUNS=10000000 scripts/fuzz.sh 1800). Usage: scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
secs="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(points gt scalars smallchar cli_lines bilinear arkworks)
fi
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t"
    cargo +nightly fuzz run "$t" "corpus/$t" -- -max_total_time="$secs" ${FUZZ_RUNS:+-runs="$FUZZ_RUNS"} \
        -print_final_stats=1 2>&1 \
        | grep -E "stat::number_of_executed_units|stat::peak_rss|Done|ERROR|panicked" | sed "s/^/$t: /"
    cargo +nightly fuzz cmin "$t" "corpus/$t" > /dev/null 2>&1
done
