#!/usr/bin/env bash
# The library on every target and build (crates/tripair-targets, a crate outside the workspace
# that uses the public API as a user's crate does; its tests include tripair-bls's own, and
# natively serde and zkcrypto's traits with bellman's Groth16):
#   1. natively with debug assertions, at opt-level 0 (every debug_assert! of the paths the tests
#      reach);
#   2. aarch64-unknown-linux-gnu, cross-linked with Debian's gcc-aarch64-linux-gnu and run under
#      qemu-user (the portable backend);
#   3. wasm32-wasip1, run in Node.js's WASI (no threads: the threaded forms run on the caller);
#   4. builds without tests: wasm32-unknown-unknown, and no_std with alloc (and the serde and
#      zkcrypto features) for thumbv7em-none-eabi (a Cortex-M4), which has no operating system.
# The three test runs build and run at the same time, each in a target directory of its own (a
# cargo build leaves a core idle for long stretches: one crate compiles at a time), and their
# logs are printed one after the other. Installs what is missing: the rustup targets, and (as
# root, with apt-get) qemu-user and the cross toolchain. Arguments go to every test binary.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
manifest=crates/tripair-targets/Cargo.toml
step() { echo "== targets-test +${SECONDS}s: $*" >&2; }

installed="$(rustup target list --installed)"
for t in aarch64-unknown-linux-gnu wasm32-wasip1 wasm32-unknown-unknown thumbv7em-none-eabi; do
  grep -qx "$t" <<<"$installed" || rustup target add "$t"
done
if ! command -v qemu-aarch64 >/dev/null || ! command -v aarch64-linux-gnu-gcc >/dev/null; then
  apt-get update -qq && apt-get install -y -qq qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross >/dev/null
fi
command -v node >/dev/null || { echo "node not found: the wasm32 tests run in Node.js's WASI" >&2; exit 1; }

logs="$(mktemp -d)"
step "native (debug assertions, with serde and zkcrypto's traits), aarch64 under qemu-user, wasm32-wasip1 in Node.js, at once"
# Natively at opt-level 0: the build a user's own `cargo test` makes. On a Zen 3 it compiled in
# about 100 s of CPU instead of 460 s at the profile's opt-level 1 (most of that LLVM's work on
# the library), and its tests ran in about 45 s instead of a few.
CARGO_PROFILE_DEV_OPT_LEVEL=0 CARGO_TARGET_DIR="$target" \
  cargo test --manifest-path "$manifest" --features ecosystem -- "$@" >"$logs/native" 2>&1 &
native=$!
CARGO_TARGET_DIR="$target/targets-aarch64" \
CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc \
CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu" \
  cargo test --manifest-path "$manifest" --target aarch64-unknown-linux-gnu -- "$@" >"$logs/aarch64" 2>&1 &
aarch64=$!
CARGO_TARGET_DIR="$target/targets-wasm32" \
CARGO_TARGET_WASM32_WASIP1_RUNNER="node --no-warnings $root/scripts/wasi-run.mjs" \
  cargo test --manifest-path "$manifest" --target wasm32-wasip1 -- "$@" >"$logs/wasm32" 2>&1 &
wasm32=$!
failed=""
for job in native aarch64 wasm32; do
  if wait "${!job}"; then status=passed; else status=FAILED; failed="$failed $job"; fi
  echo "---- $job: $status" >&2
  cat "$logs/$job" >&2
done
rm -rf "$logs"
step "test runs done"
[ -z "$failed" ] || { echo "targets-test: failed:$failed" >&2; exit 1; }

step "builds: wasm32-unknown-unknown, thumbv7em-none-eabi (no_std, with serde and zkcrypto)"
# Both at once, in target directories of their own (cargo locks one per build), without debug
# information (nothing runs them): one after the other with it they took 68 s and 66 s.
CARGO_PROFILE_DEV_DEBUG=0 CARGO_TARGET_DIR="$target/targets-wasm32" \
  cargo build -p tripair --target wasm32-unknown-unknown &
wasm=$!
CARGO_PROFILE_DEV_DEBUG=0 CARGO_TARGET_DIR="$target" \
  cargo build -p tripair --target thumbv7em-none-eabi --no-default-features --features serde,zkcrypto
wait "$wasm"
step "done"
