"""Verify a large collection of BLS signatures on a Dask cluster.

The collection is a Dask bag of ``(pk, msg, sig)`` triples of ``bytes``, or a Dask dataframe
with one ``bytes`` column for each (named by ``columns=``). Each partition is verified by one
call into the Rust library, without the GIL: its well-formed items are checked together with
one randomized batch verification (random linear combinations, one multi-pairing); only in a
partition where that fails is each signature verified on its own, so that the invalid ones are
named. Malformed items (bytes of the wrong length, bad flags, not on the curve, not in the
subgroup, an identity public key, not bytes at all) do not stop the others: each gets its own
error message. Partitions are spread over the cluster's workers by Dask::

    import dask.bag as db
    from dask.distributed import Client
    import tripair.dask

    client = Client("tcp://scheduler:8786")     # any cluster; Client() starts a local one
    items = db.from_sequence(triples, npartitions=256)
    verdicts = tripair.dask.verify(items).compute()     # [Verdict(valid, error), ...]
    assert tripair.dask.all_valid(items).compute()      # one bool, batch checks only

``variant=`` and ``scheme=`` are those of the ``tripair.bls_*`` functions (default: Ethereum's
``"minpk"`` with ``"pop"``). The same verdicts without Dask, in this process:
``verify_items(triples)``. Needs ``pip install tripair[dask]``; ``import tripair`` does not.

Threads: Dask's workers are the parallelism. ``threads=`` (default 1) is the thread budget of
the process that runs a partition (``tripair.set_max_threads``, set by each task), so a worker of
``threads_per_worker=T`` runs T partitions at once on T cores and never more: without it, every
batch verification would start threads of its own and the workers would oversubscribe the
cores. ``threads=None`` leaves the process's budget as it is (``TRIPAIR_THREADS`` or the cores).
The budget is per process: where the tasks run in the client's own process (a cluster with
``processes=False``, or Dask's local schedulers without a ``Client``), they set the client's
budget too.
"""

from typing import Any, Iterable, List, Literal, NamedTuple, Optional, Sequence, Tuple

try:
    import dask
    import dask.bag
except ImportError as _err:  # pragma: no cover (the tests run with Dask installed)
    raise ImportError(
        "tripair.dask needs Dask: pip install 'tripair[dask]' (dask[distributed])"
    ) from _err

from . import TripairError, bls_batch_verify, bls_batch_verify_each, set_max_threads

__all__ = ["Verdict", "verify", "all_valid", "verify_items"]

#: The default dataframe columns of public keys, messages and signatures.
COLUMNS = ("pk", "msg", "sig")

_FIELDS = ("pk", "msg", "sig")


class Verdict(NamedTuple):
    """The verdict on one ``(pk, msg, sig)`` item."""

    #: Whether the signature is valid (``False`` also for a malformed item).
    valid: bool
    #: Why the item could not be checked (it names what is wrong), ``None`` if it could.
    error: Optional[str]


Triple = Tuple[bytes, bytes, bytes]
# The BLS variants and schemes by name, as for the ``tripair.bls_*`` functions.
_Variant = Literal["minpk", "minsig"]
_Scheme = Literal["pop", "basic", "aug"]


def _triple(item: Any) -> Triple:
    """The item as three ``bytes``, or ``ValueError`` naming what is wrong with it."""
    if isinstance(item, (bytes, str)) or not isinstance(item, (tuple, list)) or len(item) != 3:
        raise ValueError(
            f"item is not a (pk, msg, sig) triple: got {type(item).__name__}"
            + (f" of length {len(item)}" if isinstance(item, (tuple, list)) else "")
        )
    out = []
    for name, value in zip(_FIELDS, item):
        if isinstance(value, (bytearray, memoryview)):
            value = bytes(value)
        if not isinstance(value, bytes):
            raise ValueError(f"{name} is not bytes: got {type(value).__name__}")
        out.append(value)
    return out[0], out[1], out[2]


def _check_names(variant: _Variant, scheme: _Scheme) -> None:
    """TripairError now, at graph construction, for an unknown variant or scheme."""
    bls_batch_verify_each([], variant=variant, scheme=scheme)


def _check_threads(threads: Optional[int]) -> None:
    """TripairError now, at graph construction, for a thread budget below 1."""
    if threads is not None and (type(threads) is not int or threads < 1):
        raise TripairError(f"threads must be a whole number of at least 1 or None, got {threads!r}")


def _budget(threads: Optional[int]) -> None:
    """The thread budget of the process running this task (see the module's docstring)."""
    if threads is not None:
        set_max_threads(threads)


def verify_items(
    items: Iterable[Any], *, variant: _Variant = "minpk", scheme: _Scheme = "pop"
) -> List[Verdict]:
    """The verdict on each item, in this process: what every partition runs."""
    items = list(items)
    verdicts = [Verdict(False, None)] * len(items)  # every slot is set below
    well_typed: List[Tuple[int, Triple]] = []
    for i, item in enumerate(items):
        try:
            well_typed.append((i, _triple(item)))
        except ValueError as err:
            verdicts[i] = Verdict(False, str(err))
    if well_typed:
        answers = bls_batch_verify_each(
            [t for _, t in well_typed], variant=variant, scheme=scheme
        )
        for (i, _), (valid, error) in zip(well_typed, answers):
            verdicts[i] = Verdict(valid, error)
    return verdicts


def _items_all_valid(items: Sequence[Any], variant: _Variant, scheme: _Scheme) -> Tuple[int, bool]:
    """(number of items, whether all are valid) with one batch verification and no fallback."""
    try:
        triples = [_triple(item) for item in items]
    except ValueError:
        return len(items), False
    if not triples:
        return 0, True
    try:
        return len(triples), bls_batch_verify(triples, variant=variant, scheme=scheme)
    except TripairError:  # a malformed key or signature
        return len(triples), False


def _frame_items(frame: Any, columns: Sequence[str]) -> List[Tuple[Any, Any, Any]]:
    return list(zip(*(frame[c] for c in columns)))


def _verify_frame(
    frame: Any, columns: Sequence[str], variant: _Variant, scheme: _Scheme, threads: Optional[int]
) -> Any:
    import pandas  # type: ignore[import-untyped]

    _budget(threads)

    verdicts = verify_items(_frame_items(frame, columns), variant=variant, scheme=scheme)
    return pandas.DataFrame(
        {
            "valid": pandas.Series([v.valid for v in verdicts], index=frame.index, dtype=bool),
            "error": pandas.Series([v.error for v in verdicts], index=frame.index, dtype=object),
        }
    )


def _partition_all_valid(
    part: Any,
    kind: str,
    columns: Sequence[str],
    variant: _Variant,
    scheme: _Scheme,
    threads: Optional[int],
) -> Tuple[int, bool]:
    _budget(threads)
    items = list(part) if kind == "bag" else _frame_items(part, columns)
    return _items_all_valid(items, variant, scheme)


def _reduce_all_valid(summaries: Sequence[Tuple[int, bool]]) -> bool:
    # Nothing verified is not a success, as for tripair.bls_batch_verify.
    return sum(n for n, _ in summaries) > 0 and all(ok for _, ok in summaries)


def _is_frame(collection: Any) -> bool:
    try:
        from dask.dataframe import DataFrame
    except ImportError:  # Dask without its dataframe extra (pandas, pyarrow): bags only
        return False
    return isinstance(collection, DataFrame)


def _kind(collection: Any, columns: Sequence[str]) -> str:
    """'bag' or 'frame'; TypeError for anything else, TripairError for missing columns."""
    if isinstance(collection, dask.bag.Bag):
        return "bag"
    if _is_frame(collection):
        if len(columns) != 3:
            raise TripairError(f"columns must name 3 columns (pk, msg, sig), got {len(columns)}")
        missing = [c for c in columns if c not in collection.columns]
        if missing:
            raise TripairError(
                f"dataframe has no column {missing[0]!r} (it has {list(collection.columns)}); "
                "name the pk, msg and sig columns with columns=(...)"
            )
        return "frame"
    raise TypeError(
        "expected a dask.bag.Bag of (pk, msg, sig) triples or a dask.dataframe.DataFrame, "
        f"got {type(collection).__name__}"
    )


def verify(
    collection: Any,
    *,
    variant: _Variant = "minpk",
    scheme: _Scheme = "pop",
    columns: Sequence[str] = COLUMNS,
    threads: Optional[int] = 1,
) -> Any:
    """The lazy verdict on every item, partition by partition (batch first, then one by one
    where the batch fails).

    A bag gives a bag of :class:`Verdict` in the items' order; a dataframe gives a dataframe
    with the same index and the columns ``valid`` (bool) and ``error`` (the message naming what
    is wrong with a malformed row, else ``None``). Call ``.compute()`` on the result (it runs on
    the current ``dask.distributed.Client`` if there is one).
    """
    _check_names(variant, scheme)
    _check_threads(threads)
    columns = tuple(columns)
    if _kind(collection, columns) == "bag":
        return collection.map_partitions(_verify_bag_partition, variant, scheme, threads)
    import pandas  # type: ignore[import-untyped]

    meta = pandas.DataFrame(
        {"valid": pandas.Series(dtype=bool), "error": pandas.Series(dtype=object)}
    )
    return collection.map_partitions(_verify_frame, columns, variant, scheme, threads, meta=meta)


def _verify_bag_partition(
    part: Iterable[Any], variant: _Variant, scheme: _Scheme, threads: Optional[int]
) -> List[Verdict]:
    _budget(threads)
    return verify_items(part, variant=variant, scheme=scheme)


def all_valid(
    collection: Any,
    *,
    variant: _Variant = "minpk",
    scheme: _Scheme = "pop",
    columns: Sequence[str] = COLUMNS,
    threads: Optional[int] = 1,
) -> Any:
    """A lazy ``bool`` (a ``dask.delayed`` value): whether the collection has at least one item
    and every item is a valid signature. One batch verification per partition and no
    per-signature fallback, so this is the cheaper call when only the flag is wanted; a
    malformed item makes it ``False``, as an invalid signature does."""
    _check_names(variant, scheme)
    _check_threads(threads)
    columns = tuple(columns)
    kind = _kind(collection, columns)
    summaries = [
        dask.delayed(_partition_all_valid)(part, kind, columns, variant, scheme, threads)
        for part in collection.to_delayed()
    ]
    return dask.delayed(_reduce_all_valid)(summaries)
