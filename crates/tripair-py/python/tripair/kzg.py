"""KZG commitments for blobs (EIP-4844) and cells (EIP-7594) with c-kzg-4844's Python names and
argument order (``ckzg``): the trusted setup is the last argument of every function.

``load_trusted_setup(file, precompute)`` loads a setup in the standard text format (every point
checked; ``precompute`` is accepted for ckzg's signature and has no effect);
``mainnet_trusted_setup()`` is the mainnet setup shipped with tripair. Rejected inputs raise
``tripair.TripairError`` (a ``ValueError``) naming what is wrong.
"""

from ._tripair import _kzg

KZGSettings = _kzg.KZGSettings
load_trusted_setup = _kzg.load_trusted_setup
mainnet_trusted_setup = _kzg.mainnet_trusted_setup
blob_to_kzg_commitment = _kzg.blob_to_kzg_commitment
compute_kzg_proof = _kzg.compute_kzg_proof
compute_blob_kzg_proof = _kzg.compute_blob_kzg_proof
verify_kzg_proof = _kzg.verify_kzg_proof
verify_blob_kzg_proof = _kzg.verify_blob_kzg_proof
verify_blob_kzg_proof_batch = _kzg.verify_blob_kzg_proof_batch
compute_cells = _kzg.compute_cells
compute_cells_and_kzg_proofs = _kzg.compute_cells_and_kzg_proofs
recover_cells_and_kzg_proofs = _kzg.recover_cells_and_kzg_proofs
verify_cell_kzg_proof_batch = _kzg.verify_cell_kzg_proof_batch

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
