#!/usr/bin/env bash
# Builds the Python package `tripair` (crates/tripair-py, an abi3 wheel for CPython >= 3.8) with
# maturin in a virtual environment and runs its pytest suite.
#
#   scripts/python-test.sh            # venv in .venv-py, wheel in target/wheels
#   PYTHON=python3.12 VENV=/tmp/venv scripts/python-test.sh
#
# Needs a Python >= 3.8 with venv, Rust (cargo), and on the first run network access to PyPI for
# maturin, pytest, PyYAML (the vectors), mypy (stubtest) and the extra `tripair[dask]` (Dask with
# its distributed scheduler and dataframes, for tripair.dask's tests on a 2-process
# LocalCluster); later runs reuse the venv.
# CARGO_TARGET_DIR is honoured; arguments go to pytest (e.g. `-k bls -x`).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
python="${PYTHON:-python3}"
venv="${VENV:-$root/.venv-py}"
target="${CARGO_TARGET_DIR:-$root/target}"
# crates/tripair-py is a workspace of its own (root Cargo.toml); it shares the root's target
# directory, where its own feature set of the library builds beside the workspace's.
export CARGO_TARGET_DIR="$target"
wheels="$target/wheels"
start=$(date +%s)

if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --upgrade pip
# maturin[zig]: zig links the extension against glibc 2.17's symbols, so that the wheel carries
# the manylinux2014 tag (CentOS 7, Ubuntu 18.04, Debian 10, Amazon Linux 2 and later install it).
"$venv/bin/python" -m pip install --quiet "maturin>=1.5,<2" "ziglang==0.17.1"
# The test tools and the `dask` extra's requirements (read from pyproject.toml where the Python
# has tomllib) install while the wheel builds: the build is mostly one chain of crates on one
# core, and these installs took about 20 s of it in a row. The wheel's own `[dask]` install
# below still resolves the extra from the wheel's metadata; it finds them installed.
(
  extra=$("$venv/bin/python" - crates/tripair-py/pyproject.toml <<'PY' 2>/dev/null || true
import sys, tomllib
with open(sys.argv[1], "rb") as f:
    print("\n".join(tomllib.load(f)["project"]["optional-dependencies"]["dask"]))
PY
)
  if [ -n "$extra" ]; then mapfile -t extra <<<"$extra"; else extra=(); fi
  "$venv/bin/python" -m pip install --quiet pytest pyyaml mypy py_ecc ${extra[@]+"${extra[@]}"}
) &
installs=$!

rm -f "$wheels"/tripair-*.whl
# The venv first on PATH: maturin runs zig as `python -m ziglang` with the python it finds there.
PATH="$venv/bin:$PATH" "$venv/bin/maturin" build --release --zig --compatibility manylinux2014 \
  -m crates/tripair-py/Cargo.toml -o "$wheels"
wait "$installs"
wheel=$(ls "$wheels"/tripair-*.whl)
case "$wheel" in
  *manylinux2014_x86_64*|*manylinux_2_17_x86_64*) ;;
  *) echo "python-test: the wheel $wheel is not tagged manylinux2014" >&2; exit 1 ;;
esac
"$venv/bin/python" -m pip install --quiet --force-reinstall --no-deps "$wheel"
# The optional extra `tripair[dask]`: its dependencies come from the wheel's own metadata.
"$venv/bin/python" -m pip install --quiet "$wheel[dask]"
built=$(date +%s)

# test_groups.py compares GT bytes with the `tripair` binary where TRIPAIR_CLI names one: the
# workspace's release build (the README's commands, and .ci/run before this script) leaves it in
# the target directory.
if [ -z "${TRIPAIR_CLI:-}" ] && [ -x "$target/release/tripair" ]; then
    export TRIPAIR_CLI="$target/release/tripair"
fi
echo "python-test: TRIPAIR_CLI=${TRIPAIR_CLI:-(not set: the comparison with the binary is skipped)}"
# Run from the tests' directory so that `import tripair` is the installed wheel.
# TRIPAIR_REQUIRE_DASK, TRIPAIR_REQUIRE_PY_ECC: the Dask tests and the comparison with py_ecc
# (an independent implementation of the BLS schemes) fail rather than skip if those are missing.
(cd crates/tripair-py/tests && TRIPAIR_REQUIRE_DASK=1 TRIPAIR_REQUIRE_PY_ECC=1 "$venv/bin/python" -m pytest -q "$@")
# tripair.py_ecc (the drop-in for py_ecc.bls) under py_ecc's own BLS tests and against py_ecc
# call by call: a pytest process of its own, since these tests import py_ecc, whose
# dependencies break distributed's pickler in the process above.
(cd crates/tripair-py/tests_py_ecc && "$venv/bin/python" -m pytest -q "$@") || [ $? -eq 5 ]  # 5: "-k" left none here
end=$(date +%s)
echo "python-test: build and install $((built - start)) s, tests $((end - built)) s, total $((end - start)) s"
