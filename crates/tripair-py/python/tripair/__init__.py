"""tripair: pairings on BN and BLS12 curves, RFC 9380 hashing and BLS signatures (Rust).

Everything is compiled in ``tripair._tripair`` and re-exported here; ``tripair.dask`` (an
optional extra, ``pip install tripair[dask]``) verifies many signatures on a Dask cluster and is
imported only on request, so ``import tripair`` needs nothing but the wheel.
"""

from . import _tripair
from ._tripair import *  # noqa: F401,F403 (the whole compiled API is the package's API)

__all__ = [name for name in dir(_tripair) if not name.startswith("_")]
