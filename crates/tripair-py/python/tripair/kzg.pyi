"""KZG for blobs and cells with ckzg's names (see kzg.py)."""

from typing import List, Sequence, Tuple, final

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
def blob_to_kzg_commitment(blob: bytes, ts: KZGSettings) -> bytes: ...
def compute_kzg_proof(blob: bytes, z: bytes, ts: KZGSettings) -> Tuple[bytes, bytes]: ...
def compute_blob_kzg_proof(blob: bytes, commitment: bytes, ts: KZGSettings) -> bytes: ...
def verify_kzg_proof(
    commitment: bytes, z: bytes, y: bytes, proof: bytes, ts: KZGSettings
) -> bool: ...
def verify_blob_kzg_proof(
    blob: bytes, commitment: bytes, proof: bytes, ts: KZGSettings
) -> bool: ...
def verify_blob_kzg_proof_batch(
    blobs: bytes, commitments: bytes, proofs: bytes, ts: KZGSettings
) -> bool: ...
def compute_cells(blob: bytes, ts: KZGSettings) -> List[bytes]: ...
def compute_cells_and_kzg_proofs(
    blob: bytes, ts: KZGSettings
) -> Tuple[List[bytes], List[bytes]]: ...
def recover_cells_and_kzg_proofs(
    cell_indices: Sequence[int], cells: Sequence[bytes], ts: KZGSettings
) -> Tuple[List[bytes], List[bytes]]: ...
def verify_cell_kzg_proof_batch(
    commitments: Sequence[bytes],
    cell_indices: Sequence[int],
    cells: Sequence[bytes],
    proofs: Sequence[bytes],
    ts: KZGSettings,
) -> bool: ...
