"""The type stubs (tripair.pyi) match the compiled module (mypy's stubtest)."""

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")


def test_stubtest():
    allowlist = Path(__file__).resolve().parents[1] / "stubtest-allowlist.txt"
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "tripair", "--ignore-disjoint-bases",
         "--allowlist", str(allowlist)],
        capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
