"""A drop-in for ``py_ecc.bls``: ``G2Basic``, ``G2MessageAugmentation`` and
``G2ProofOfPossession`` with py_ecc's names, argument types and answers, computed by tripair.

Replace ``from py_ecc.bls import G2ProofOfPossession as bls`` by
``from tripair.py_ecc import G2ProofOfPossession as bls``: secret keys are ``int``, public keys
(48 bytes) and signatures (96 bytes) are ``bytes`` in the ZCash compressed encoding, and the
verifications answer ``False``, never raise, on malformed input, as py_ecc's do. The checks on
argument types are py_ecc's (``isinstance(x, bytes)``, ``isinstance(sk, int)``), so a
``bytearray`` message is refused here exactly as there. ``SkToPk``, ``Sign``, ``Aggregate`` and
``_AggregatePKs`` raise ``ValidationError`` (eth_utils' class when eth_utils is installed, as
py_ecc's; a class of this module otherwise) where py_ecc does, and a ``ValueError`` (here
``tripair.TripairError``, a subclass) on an encoding that is not a point, where py_ecc's
decompression raises one.

Where this module answers differently from py_ecc 8.0.0, it refuses what py_ecc accepts:

- ``KeyGen`` refuses key material shorter than 32 bytes (``ValidationError``), which the BLS
  draft forbids (draft-irtf-cfrg-bls-signature-05, section 2.3) and py_ecc accepts;
- ``Aggregate`` and ``_AggregatePKs`` refuse (``TripairError``) a point that is on the curve but
  not in the order-r subgroup, which py_ecc adds without a check;
- ``KeyValidate`` answers ``False`` for a key that is not 48 bytes long (py_ecc reads any length
  as an integer, so a 49-byte key with a leading byte is accepted there).

Every verification calls tripair's Rust code with the GIL released; ``_CoreSign``,
``_CoreVerify`` and ``_CoreAggregateVerify`` with a tag of the caller's own are computed from
tripair's hashing and pairing check.
"""

from typing import Dict, List, Literal, Optional, Sequence, Tuple, Type

import tripair as _t


class _ValidationError(Exception):
    """An argument that py_ecc's validation refuses (eth_utils.ValidationError there)."""


def _validation_error_class() -> Type[Exception]:
    # eth_utils' class where it is installed (py_ecc depends on it), so that code written for
    # py_ecc catches tripair.py_ecc's errors unchanged; this module's own otherwise.
    try:
        from eth_utils.exceptions import ValidationError as theirs
    except ImportError:
        return _ValidationError
    return theirs


ValidationError = _validation_error_class()

__all__ = [
    "BaseG2Ciphersuite",
    "G2Basic",
    "G2MessageAugmentation",
    "G2ProofOfPossession",
    "ValidationError",
]

_CURVE = "bls12-381"
# The order r of G1, G2 and GT.
_R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
_DST_BASIC = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_"
_DST_AUG = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_AUG_"
_DST_POP = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"
_POP_TAG = b"BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"
# The tags whose schemes tripair's BLS functions implement, by name.
_SCHEME_OF_DST: Dict[bytes, Literal["pop", "basic", "aug"]] = {
    _DST_BASIC: "basic",
    _DST_AUG: "aug",
    _DST_POP: "pop",
}


def _sk_bytes(sk: int) -> bytes:
    return sk.to_bytes(32, "big")


def _distinct(messages: Sequence[bytes]) -> bool:
    return len(messages) == len(set(messages))


def _key_point(pk: bytes) -> Optional[_t.G1]:
    """KeyValidate's point: the decoded key (TripairError where it does not decode to a point of
    G1), None for the identity."""
    point = _t.bls_public_key_point(pk)
    return None if point.is_identity() else point


class BaseG2Ciphersuite:
    """What the three schemes share (py_ecc's ``BaseG2Ciphersuite``): keys in G1, signatures
    in G2, hashing with SHA-256. ``DST`` is the scheme's tag."""

    DST = b""

    # Input validation, py_ecc's rules.
    @staticmethod
    def _is_valid_privkey(privkey: int) -> bool:
        return isinstance(privkey, int) and 0 < privkey < _R

    @staticmethod
    def _is_valid_pubkey(pubkey: bytes) -> bool:
        return isinstance(pubkey, bytes) and len(pubkey) == 48

    @staticmethod
    def _is_valid_message(message: bytes) -> bool:
        return isinstance(message, bytes)

    @staticmethod
    def _is_valid_signature(signature: bytes) -> bool:
        return isinstance(signature, bytes) and len(signature) == 96

    @classmethod
    def SkToPk(cls, privkey: int) -> bytes:
        """The public key of a secret key in 1..r-1 (``ValidationError`` otherwise)."""
        if not cls._is_valid_privkey(privkey):
            raise ValidationError("Invalid private key")
        return _t.bls_sk_to_pk(_sk_bytes(privkey))

    @classmethod
    def KeyGen(cls, IKM: bytes, key_info: bytes = b"") -> int:
        """KeyGen of the BLS draft (HKDF-SHA256) from at least 32 bytes of key material."""
        if len(IKM) < 32:
            raise ValidationError(
                f"IKM is {len(IKM)} bytes; KeyGen needs at least 32 "
                "(draft-irtf-cfrg-bls-signature-05, section 2.3)"
            )
        return int.from_bytes(_t.bls_keygen(bytes(IKM), bytes(key_info)), "big")

    @staticmethod
    def KeyValidate(PK: bytes) -> bool:
        """Whether PK encodes a point of G1 other than the identity."""
        try:
            return _key_point(bytes(PK)) is not None
        except (_t.TripairError, TypeError):
            return False

    @classmethod
    def _CoreSign(cls, SK: int, message: bytes, DST: bytes) -> bytes:
        """[SK] H(message), hashed to G2 with the tag DST."""
        if not cls._is_valid_privkey(SK):
            raise ValidationError("Invalid secret key")
        if not cls._is_valid_message(message):
            raise ValidationError("Invalid message")
        if DST in (_DST_BASIC, _DST_POP):
            return _t.bls_sign(_sk_bytes(SK), message, scheme=_SCHEME_OF_DST[DST])
        # Any other tag (the aug scheme's and the proof of possession's messages already carry
        # the key): hash and multiply here (G2 * int is tripair's scalar multiplication,
        # constant time in the scalar).
        return (_t.hash_to_g2(message, DST) * SK).to_bytes(compressed=True)

    @classmethod
    def _CoreVerify(cls, PK: bytes, message: bytes, signature: bytes, DST: bytes) -> bool:
        """Whether signature is [sk] H(message) for PK's secret key; False on any bad input."""
        if not (
            cls._is_valid_pubkey(PK)
            and cls._is_valid_message(message)
            and cls._is_valid_signature(signature)
        ):
            return False
        try:
            if DST in (_DST_BASIC, _DST_POP):
                return _t.bls_verify(PK, message, signature, scheme=_SCHEME_OF_DST[DST])
            if DST == _DST_AUG and message[:48] == PK:
                return _t.bls_verify(PK, message[48:], signature, scheme="aug")
            if DST == _POP_TAG and message == PK:
                return _t.bls_pop_verify(PK, signature)
            pk = _key_point(PK)
            if pk is None:
                return False
            sig = _t.bls_signature_point(signature)
            g1 = _t.G1.generator(_CURVE)
            # e(PK, H(m)) e(-g1, sig) = 1.
            return _t.pairing_check([(pk, _t.hash_to_g2(message, DST)), (-g1, sig)])
        except _t.TripairError:
            return False

    @classmethod
    def Aggregate(cls, signatures: Sequence[bytes]) -> bytes:
        """The sum of the signatures (at least one), compressed."""
        if len(signatures) < 1:
            raise ValidationError("Insufficient number of signatures. (n < 1)")
        for signature in signatures:
            if not cls._is_valid_signature(signature):
                raise ValidationError("Invalid signature")
        return _t.bls_aggregate(list(signatures))

    @classmethod
    def _CoreAggregateVerify(
        cls,
        PKs: Sequence[bytes],
        messages: Sequence[bytes],
        signature: bytes,
        DST: bytes,
    ) -> bool:
        """Whether signature aggregates [sk_i] H(m_i) (no condition on the messages)."""
        if not (
            all(cls._is_valid_pubkey(pk) for pk in PKs)
            and all(cls._is_valid_message(m) for m in messages)
            and len(PKs) == len(messages)
            and cls._is_valid_signature(signature)
            and len(PKs) >= 1
        ):
            return False
        try:
            if DST == _DST_POP or (DST == _DST_BASIC and _distinct(messages)):
                return _t.bls_aggregate_verify(
                    list(PKs), list(messages), signature, scheme=_SCHEME_OF_DST[DST]
                )
            if DST == _DST_AUG and all(m[:48] == pk for pk, m in zip(PKs, messages)):
                return _t.bls_aggregate_verify(
                    list(PKs), [m[48:] for m in messages], signature, scheme="aug"
                )
            pairs: List[Tuple[_t.G1, _t.G2]] = []
            for pk, m in zip(PKs, messages):
                point = _key_point(pk)
                if point is None:
                    return False
                pairs.append((point, _t.hash_to_g2(m, DST)))
            sig = _t.bls_signature_point(signature)
            pairs.append((-_t.G1.generator(_CURVE), sig))
            return _t.pairing_check(pairs)
        except _t.TripairError:
            return False

    @classmethod
    def Sign(cls, SK: int, message: bytes) -> bytes:
        return cls._CoreSign(SK, message, cls.DST)

    @classmethod
    def Verify(cls, PK: bytes, message: bytes, signature: bytes) -> bool:
        return cls._CoreVerify(PK, message, signature, cls.DST)

    @classmethod
    def AggregateVerify(
        cls, PKs: Sequence[bytes], messages: Sequence[bytes], signature: bytes
    ) -> bool:
        raise NotImplementedError("each scheme defines AggregateVerify")


class G2Basic(BaseG2Ciphersuite):
    """The basic scheme: aggregate verification needs distinct messages."""

    DST = _DST_BASIC

    @classmethod
    def AggregateVerify(
        cls, PKs: Sequence[bytes], messages: Sequence[bytes], signature: bytes
    ) -> bool:
        if not _distinct(messages):
            return False
        return cls._CoreAggregateVerify(PKs, messages, signature, cls.DST)


class G2MessageAugmentation(BaseG2Ciphersuite):
    """The message-augmentation scheme: each message is signed prefixed with its public key."""

    DST = _DST_AUG

    @classmethod
    def Sign(cls, SK: int, message: bytes) -> bytes:
        PK = cls.SkToPk(SK)
        return cls._CoreSign(SK, PK + message, cls.DST)

    @classmethod
    def Verify(cls, PK: bytes, message: bytes, signature: bytes) -> bool:
        return cls._CoreVerify(PK, PK + message, signature, cls.DST)

    @classmethod
    def AggregateVerify(
        cls, PKs: Sequence[bytes], messages: Sequence[bytes], signature: bytes
    ) -> bool:
        if len(PKs) != len(messages):
            return False
        augmented = [pk + msg for pk, msg in zip(PKs, messages)]
        return cls._CoreAggregateVerify(PKs, augmented, signature, cls.DST)


class G2ProofOfPossession(BaseG2Ciphersuite):
    """The proof-of-possession scheme (Ethereum's): a key is valid only if KeyValidate holds,
    and keys with proofs of possession may be aggregated for one message."""

    DST = _DST_POP
    POP_TAG = _POP_TAG

    @classmethod
    def _is_valid_pubkey(cls, pubkey: bytes) -> bool:
        return BaseG2Ciphersuite._is_valid_pubkey(pubkey) and cls.KeyValidate(pubkey)

    @classmethod
    def AggregateVerify(
        cls, PKs: Sequence[bytes], messages: Sequence[bytes], signature: bytes
    ) -> bool:
        return cls._CoreAggregateVerify(PKs, messages, signature, cls.DST)

    @classmethod
    def PopProve(cls, SK: int) -> bytes:
        """The proof of possession of SK: its public key signed with POP_TAG."""
        return cls._CoreSign(SK, cls.SkToPk(SK), cls.POP_TAG)

    @classmethod
    def PopVerify(cls, PK: bytes, proof: bytes) -> bool:
        return cls._CoreVerify(PK, PK, proof, cls.POP_TAG)

    @staticmethod
    def _AggregatePKs(PKs: Sequence[bytes]) -> bytes:
        """The sum of the public keys (at least one), compressed."""
        if len(PKs) < 1:
            raise ValidationError("Insufficient number of PKs. (n < 1)")
        total = _t.G1.identity(_CURVE)
        for pk in PKs:
            total = total + _t.bls_public_key_point(bytes(pk))
        return total.to_bytes(compressed=True)

    @classmethod
    def FastAggregateVerify(
        cls, PKs: Sequence[bytes], message: bytes, signature: bytes
    ) -> bool:
        """Whether signature aggregates the signatures of message by all PKs (at least one)."""
        if not (
            all(cls._is_valid_pubkey(pk) for pk in PKs)
            and cls._is_valid_message(message)
            and cls._is_valid_signature(signature)
            and len(PKs) >= 1
        ):
            return False
        try:
            return _t.bls_fast_aggregate_verify(list(PKs), message, signature)
        except _t.TripairError:
            return False
