#!/usr/bin/env bash
# Runs every fuzz target (cargo-fuzz, libFuzzer) for SECONDS each (default 60), then minimises its
# corpus into fuzz/corpus/<target>, which `cargo test` replays
# (crates/tripair-fuzz-bodies/tests/fuzz_corpus.rs). Installs what it needs on a fresh machine: the nightly
# toolchain (rustup) and cargo-fuzz (cargo install, pinned version). With FUZZ_RUNS=N each target
# stops after N executions or SECONDS, whichever comes first (the bar of docs/fuzzing.md: 10^7 or
# 30 minutes: FUZZ_RUNS=10000000 scripts/fuzz.sh 1800). Prints each target's executions.
# FUZZ_SANITIZER picks cargo-fuzz's sanitizer (default `address`; `none` runs about twice as many
# inputs per second, docs/fuzzing.md: it drops the memory checks of the intrinsics' loads and
# stores, the library's only unsafe code besides inline asm, which AddressSanitizer does not see;
# panics, failed properties and timeouts are caught either way).
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (the targets: the [[bin]]s of fuzz/Cargo.toml)
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
secs="${1:-60}"
sanitizer="${FUZZ_SANITIZER:-address}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -v '^tripair-fuzz$')
fi

if ! rustup toolchain list | grep -q '^nightly'; then
    rustup toolchain install nightly --profile minimal
fi
if ! cargo fuzz --version > /dev/null 2>&1; then
    cargo install cargo-fuzz --version 0.13.2 --locked
fi

status=0
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t"
    log="$(mktemp)"
    # `lines` starts detached worker threads that may still be exiting when a run returns:
    # LeakSanitizer counts their last allocations as leaks, after each input and at exit. A run
    # of 150,000 inputs left 174 bytes in all at exit (the last input's threads), not a leak per
    # input (docs/fuzzing.md); leak checks are off for that target.
    extra=()
    asan="${ASAN_OPTIONS:-}"
    if [ "$t" = lines ]; then
        extra=(-detect_leaks=0)
        asan="detect_leaks=0${asan:+:$asan}"
    fi
    # The log is kept whole: a crash's report and reproducer path are printed on failure.
    if ! ASAN_OPTIONS="$asan" cargo +nightly fuzz run -s "$sanitizer" "$t" "corpus/$t" -- -max_total_time="$secs" \
        ${FUZZ_RUNS:+-runs="$FUZZ_RUNS"} -print_final_stats=1 "${extra[@]}" > "$log" 2>&1; then
        echo "$t: FAILED (log below)"
        tail -n 60 "$log"
        status=1
    fi
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$log" | sed "s/^/$t: /" || true
    rm -f "$log"
    ASAN_OPTIONS="$asan" cargo +nightly fuzz cmin -s "$sanitizer" "$t" "corpus/$t" -- "${extra[@]}" > /dev/null 2>&1
done
exit $status
