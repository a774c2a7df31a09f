"""KZG for blobs and cells with ckzg's names (see kzg.py)."""

from typing import List, Sequence, Tuple, Union, final

# Byte arguments: bytes, bytearray or memoryview (the last two are copied before use).
_BytesLike = Union[bytes, bytearray, memoryview]

__all__ = [
    "KZGSettings",
    "load_trusted_setup",
    "mainnet_trusted_setup",
    "blob_to_kzg_commitment",
    "compute_kzg_proof",
    "compute_blob_kzg_proof",
    "verify_kzg_proof",
    "verify_blob_kzg_proof",
    "verify_blob_kzg_proof_batch",
    "compute_cells",
    "compute_cells_and_kzg_proofs",
    "recover_cells_and_kzg_proofs",
    "verify_cell_kzg_proof_batch",
]

@final
class KZGSettings:
    """A loaded trusted setup."""

def load_trusted_setup(file: str, precompute: int = 0) -> KZGSettings: ...
def mainnet_trusted_setup() -> KZGSettings: ...
def blob_to_kzg_commitment(blob: _BytesLike, ts: KZGSettings) -> bytes: ...
def compute_kzg_proof(blob: _BytesLike, z: _BytesLike, ts: KZGSettings) -> Tuple[bytes, bytes]: ...
def compute_blob_kzg_proof(blob: _BytesLike, commitment: _BytesLike, ts: KZGSettings) -> bytes: ...
def verify_kzg_proof(
    commitment: _BytesLike, z: _BytesLike, y: _BytesLike, proof: _BytesLike, ts: KZGSettings
) -> bool: ...
def verify_blob_kzg_proof(
    blob: _BytesLike, commitment: _BytesLike, proof: _BytesLike, ts: KZGSettings
) -> bool: ...
def verify_blob_kzg_proof_batch(
    blobs: _BytesLike, commitments: _BytesLike, proofs: _BytesLike, ts: KZGSettings
) -> bool: ...
def compute_cells(blob: _BytesLike, ts: KZGSettings) -> List[bytes]: ...
def compute_cells_and_kzg_proofs(
    blob: _BytesLike, ts: KZGSettings
) -> Tuple[List[bytes], List[bytes]]: ...
def recover_cells_and_kzg_proofs(
    cell_indices: Sequence[int], cells: Sequence[_BytesLike], ts: KZGSettings
) -> Tuple[List[bytes], List[bytes]]: ...
def verify_cell_kzg_proof_batch(
    commitments: Sequence[_BytesLike],
    cell_indices: Sequence[int],
    cells: Sequence[_BytesLike],
    proofs: Sequence[_BytesLike],
    ts: KZGSettings,
) -> bool: ...
