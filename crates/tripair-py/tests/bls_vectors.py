"""Ethereum's BLS vectors of tripair-bls (crates/tripair-bls/tests/vectors), read for pytest:
shared by test_bls_vectors.py and tests_py_ecc/test_drop_in.py."""

from pathlib import Path

import pytest
import yaml

VECTORS = Path(__file__).resolve().parents[2] / "tripair-bls" / "tests" / "vectors"


def cases(handler, expected_count):
    """One pytest parameter per vector file of `handler` (there must be `expected_count`)."""
    files = sorted((VECTORS / handler).glob("*.yaml"))
    assert len(files) == expected_count, f"number of {handler} vectors"
    return [pytest.param(yaml.safe_load(f.read_text()), id=f.stem) for f in files]


def unhex(s):
    return bytes.fromhex(s[2:] if s.startswith("0x") else s)
