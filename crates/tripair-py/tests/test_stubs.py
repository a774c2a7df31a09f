"""The type stubs (python/tripair/__init__.pyi) match the compiled module, and tripair.dask
type-checks (mypy's stubtest)."""

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")


def test_stubtest():
    here = Path(__file__).resolve().parents[1]
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "tripair", "--ignore-disjoint-bases",
         "--allowlist", str(here / "stubtest-allowlist.txt"),
         "--mypy-config-file", str(here / "stubtest-mypy.ini")],
        capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
