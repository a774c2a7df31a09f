"""tripair: pairings on BN and BLS12 curves, RFC 9380 hashing and BLS signatures (Rust).

Curves are named as in ``curves()`` (``"bn254"``, ``"bls12-381"``, ...). Every rejected input
raises ``TripairError`` (a ``ValueError``) whose message says what is wrong. The submodule
``tripair.dask`` (``pip install tripair[dask]``) verifies many signatures on a Dask cluster.
"""

from typing import List, Literal, Optional, Sequence, Tuple, Union, final, overload

# Byte arguments: bytes, bytearray or memoryview (the last two are copied before use).
_BytesLike = Union[bytes, bytearray, memoryview]
# The BLS variants and schemes by name (any other name raises TripairError).
_Variant = Literal["minpk", "minsig"]
_Scheme = Literal["pop", "basic", "aug"]

__all__ = [
    "TripairError",
    "G1",
    "G2",
    "GT",
    "curves",
    "pairing",
    "multi_pairing",
    "pairing_check",
    "pairing_batch",
    "set_max_threads",
    "max_threads",
    "hash_to_g1",
    "hash_to_g2",
    "hash_to_bn254_g1",
    "bls_keygen",
    "bls_sk_to_pk",
    "bls_derive_master_sk",
    "bls_derive_child_sk",
    "bls_derive_path",
    "bls_sign",
    "bls_verify",
    "bls_aggregate",
    "bls_fast_aggregate_verify",
    "bls_aggregate_verify",
    "bls_batch_verify",
    "bls_batch_verify_each",
    "bls_pop_prove",
    "bls_pop_verify",
    "bls_public_key_point",
    "bls_signature_point",
]

class TripairError(ValueError):
    """An input tripair rejects (wrong length, bad flags, not on the curve, not in the
    subgroup, unknown curve, identity public key, empty aggregate, ...)."""

def curves() -> List[str]:
    """The names of the prime-field pairing curves."""

@final
class G1:
    """A point of G1 (order r) of a named curve, written additively."""

    def __new__(cls, curve: str, data: _BytesLike) -> "G1":
        """The element of the named curve with this encoding, validated (as from_bytes)."""
    def __reduce__(self) -> Tuple[type, Tuple[str, bytes]]: ...
    @staticmethod
    def from_bytes(curve: str, data: _BytesLike) -> "G1":
        """Decodes and fully validates a point in the curve's encoding, compressed or not
        (BLS12 curves: ZCash format; BN curves: gnark-crypto's flags)."""
    @staticmethod
    def generator(curve: str) -> "G1": ...
    @staticmethod
    def identity(curve: str) -> "G1": ...
    def to_bytes(self, compressed: bool = False) -> bytes: ...
    @property
    def curve(self) -> str: ...
    def is_identity(self) -> bool: ...
    def __bytes__(self) -> bytes: ...
    def __add__(self, other: "G1", /) -> "G1": ...
    def __sub__(self, other: "G1", /) -> "G1": ...
    def __neg__(self) -> "G1": ...
    def __mul__(self, k: int, /) -> "G1":
        """[k] self, k reduced modulo r (constant time in k mod r)."""
    def __rmul__(self, k: int, /) -> "G1": ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class G2:
    """A point of G2 (order r, on the twist) of a named curve, written additively."""

    def __new__(cls, curve: str, data: _BytesLike) -> "G2":
        """The element of the named curve with this encoding, validated (as from_bytes)."""
    def __reduce__(self) -> Tuple[type, Tuple[str, bytes]]: ...
    @staticmethod
    def from_bytes(curve: str, data: _BytesLike) -> "G2": ...
    @staticmethod
    def generator(curve: str) -> "G2": ...
    @staticmethod
    def identity(curve: str) -> "G2": ...
    def to_bytes(self, compressed: bool = False) -> bytes: ...
    @property
    def curve(self) -> str: ...
    def is_identity(self) -> bool: ...
    def __bytes__(self) -> bytes: ...
    def __add__(self, other: "G2", /) -> "G2": ...
    def __sub__(self, other: "G2", /) -> "G2": ...
    def __neg__(self) -> "G2": ...
    def __mul__(self, k: int, /) -> "G2": ...
    def __rmul__(self, k: int, /) -> "G2": ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class GT:
    """An element of GT (order r in F_p12^*), written multiplicatively; encoded as its 12
    coefficients in tower order, big-endian."""

    def __new__(cls, curve: str, data: _BytesLike) -> "GT":
        """The element of the named curve with this encoding, validated (as from_bytes)."""
    def __reduce__(self) -> Tuple[type, Tuple[str, bytes]]: ...
    @staticmethod
    def from_bytes(curve: str, data: _BytesLike) -> "GT":
        """Decodes and checks membership in GT."""
    @staticmethod
    def generator(curve: str) -> "GT":
        """e(G1.generator(curve), G2.generator(curve))."""
    @staticmethod
    def identity(curve: str) -> "GT": ...
    def to_bytes(self, compressed: bool = False) -> bytes: ...
    @property
    def curve(self) -> str: ...
    def is_identity(self) -> bool: ...
    def __bytes__(self) -> bytes: ...
    def __mul__(self, other: "GT", /) -> "GT": ...
    def __truediv__(self, other: "GT", /) -> "GT": ...
    def __invert__(self) -> "GT": ...
    def __pow__(self, k: int, modulo: None = None, /) -> "GT":
        """self^k, k reduced modulo r (constant time in k mod r)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

def pairing(p: G1, q: G2) -> GT:
    """The optimal ate pairing e(p, q) (points of one curve)."""

def multi_pairing(pairs: Sequence[Tuple[G1, G2]]) -> GT:
    """prod_i e(p_i, q_i) (at least one pair; the GIL is released)."""

def pairing_check(pairs: Sequence[Tuple[G1, G2]]) -> bool:
    """Whether prod_i e(p_i, q_i) = 1 (at least one pair; the GIL is released)."""

def pairing_batch(pairs: Sequence[Tuple[G1, G2]], threads: Optional[int] = None) -> List[GT]:
    """[e(p_i, q_i) for each pair] on `threads` threads (default: all the machine offers)."""

def set_max_threads(n: int) -> None:
    """The most threads any call uses from now on (over TRIPAIR_THREADS); at least 1."""

def max_threads() -> int:
    """The most threads a call uses now: the budget, at most the process's cores."""

def hash_to_g1(msg: _BytesLike, dst: _BytesLike) -> G1:
    """RFC 9380 BLS12381G1_XMD:SHA-256_SSWU_RO_ with domain separation tag `dst`."""

def hash_to_g2(msg: _BytesLike, dst: _BytesLike) -> G2:
    """RFC 9380 BLS12381G2_XMD:SHA-256_SSWU_RO_ with domain separation tag `dst`."""

def hash_to_bn254_g1(msg: _BytesLike, dst: _BytesLike) -> G1:
    """BN254G1_XMD:SHA-256_SVDW_RO_ (RFC 9380's construction with the Shallue-van de Woestijne
    map; gnark-crypto's suite) with domain separation tag `dst`: a point of G1 of "bn254"."""

# BLS signatures on BLS12-381 (draft-irtf-cfrg-bls-signature-05). `variant`: "minpk" (public
# keys in G1, 48 bytes; signatures in G2, 96 bytes) or "minsig" (keys in G2, 96 bytes; signatures
# in G1, 48 bytes). `scheme`: "pop" (proof of possession), "basic" or "aug" (message augmentation:
# the signer's public key prefixed to the message). The defaults, "minpk" with
# "pop", are Ethereum's BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_. An unknown variant or scheme
# raises TripairError.

def bls_keygen(ikm: _BytesLike, key_info: _BytesLike = b"") -> bytes:
    """KeyGen (HKDF-SHA256) from at least 32 bytes of secret keying material: 32-byte key."""

def bls_sk_to_pk(sk: _BytesLike, *, variant: _Variant = "minpk") -> bytes: ...
def bls_derive_master_sk(seed: _BytesLike) -> bytes:
    """EIP-2333 derive_master_SK from a seed of at least 32 bytes: 32-byte key."""

def bls_derive_child_sk(sk: _BytesLike, index: int) -> bytes:
    """EIP-2333 derive_child_SK: the key of child `index` (below 2**32)."""

def bls_derive_path(seed: _BytesLike, path: str) -> bytes:
    """EIP-2333 derivation along a path such as "m/12381/3600/0/0/0" (EIP-2334)."""

def bls_sign(
    sk: _BytesLike, msg: _BytesLike, *, variant: _Variant = "minpk", scheme: _Scheme = "pop"
) -> bytes: ...
def bls_verify(
    pk: _BytesLike, msg: _BytesLike, sig: _BytesLike, *, variant: _Variant = "minpk", scheme: _Scheme = "pop"
) -> bool: ...
def bls_aggregate(sigs: Sequence[_BytesLike], *, variant: _Variant = "minpk") -> bytes: ...
def bls_fast_aggregate_verify(
    pks: Sequence[_BytesLike], msg: _BytesLike, sig: _BytesLike, *, variant: _Variant = "minpk"
) -> bool:
    """FastAggregateVerify (proof-of-possession scheme only)."""

def bls_aggregate_verify(
    pks: Sequence[_BytesLike],
    msgs: Sequence[_BytesLike],
    sig: _BytesLike,
    *,
    variant: _Variant = "minpk",
    scheme: _Scheme = "pop",
) -> bool:
    """AggregateVerify (the basic scheme also requires distinct messages)."""

def bls_batch_verify(
    items: Sequence[Tuple[_BytesLike, _BytesLike, _BytesLike]],
    *,
    variant: _Variant = "minpk",
    scheme: _Scheme = "pop",
) -> bool:
    """Randomized batch verification (OS RNG coefficients; the GIL is released). A malformed
    item raises; an empty batch is False."""

def bls_batch_verify_each(
    items: Sequence[Tuple[_BytesLike, _BytesLike, _BytesLike]],
    *,
    variant: _Variant = "minpk",
    scheme: _Scheme = "pop",
) -> List[Tuple[bool, Optional[str]]]:
    """(valid, error) for each item: error names what is wrong with a malformed item and is None
    otherwise. One batch verification of the well-formed items, then, only if it fails, one
    verification each (the GIL is released)."""

def bls_pop_prove(sk: _BytesLike, *, variant: _Variant = "minpk") -> bytes: ...
def bls_pop_verify(pk: _BytesLike, proof: _BytesLike, *, variant: _Variant = "minpk") -> bool: ...
@overload
def bls_public_key_point(pk: _BytesLike, *, variant: Literal["minpk"] = "minpk") -> G1:
    """The public key's point (validated; the identity is accepted): G1 for minpk, G2 for
    minsig."""
@overload
def bls_public_key_point(pk: _BytesLike, *, variant: Literal["minsig"]) -> G2: ...
@overload
def bls_signature_point(sig: _BytesLike, *, variant: Literal["minpk"] = "minpk") -> G2:
    """The signature's point (validated; the identity is accepted): G2 for minpk, G1 for
    minsig."""
@overload
def bls_signature_point(sig: _BytesLike, *, variant: Literal["minsig"]) -> G1: ...
