"""Ethereum's pairing precompiles: EIP-196/197 on BN254, EIP-4844's point evaluation and the
seven EIP-2537 operations on BLS12-381 (tripair-eth).

``run(op, input)`` returns the precompile's output bytes or raises ``tripair.TripairError``
naming what is wrong with the input; ``gas(op, input)`` is the call's gas; ``precompiles()``
lists the names (``"bn254-add"``, ..., ``"bls12-map-fp2-to-g2"``).
"""

from ._tripair import _eth

run = _eth.run
gas = _eth.gas
precompiles = _eth.precompiles

__all__ = ["run", "gas", "precompiles"]
