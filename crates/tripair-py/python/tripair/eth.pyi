"""Ethereum's pairing precompiles (see eth.py)."""

from typing import List, Union

# Byte arguments: bytes, bytearray or memoryview (the last two are copied before use).
_BytesLike = Union[bytes, bytearray, memoryview]

__all__ = ["run", "gas", "precompiles"]

def run(op: str, input: _BytesLike) -> bytes:
    """Runs the named precompile on its input bytes; its output bytes."""

def gas(op: str, input: _BytesLike) -> int:
    """The gas a call of the named precompile with this input costs."""

def precompiles() -> List[str]:
    """The names of the precompiles, in address order."""
