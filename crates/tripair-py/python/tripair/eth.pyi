"""Ethereum's pairing precompiles (see eth.py)."""

from typing import List

__all__ = ["run", "gas", "precompiles"]

def run(op: str, input: bytes) -> bytes:
    """Runs the named precompile on its input bytes; its output bytes."""

def gas(op: str, input: bytes) -> int:
    """The gas a call of the named precompile with this input costs."""

def precompiles() -> List[str]:
    """The names of the precompiles, in address order."""
