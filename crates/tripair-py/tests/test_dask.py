"""tripair.dask on a real distributed cluster: a LocalCluster of 2 worker processes with one thread
each (started once for the module, about 2 s), bags and dataframes, equal to the serial answer
of tripair.bls_verify item by item, with invalid signatures and malformed items of every kind
(the Ethereum deserialization vectors' bad keys and signatures, wrong types) in the same
partitions as valid ones."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import tripair

if os.environ.get("TRIPAIR_REQUIRE_DASK"):  # scripts/python-test.sh: never skip silently
    import dask  # noqa: F401
    import distributed  # noqa: F401
    import pandas  # noqa: F401
else:
    pytest.importorskip("distributed")
    pytest.importorskip("pandas")

import dask.bag as db  # noqa: E402
import dask.dataframe as dd  # noqa: E402
import pandas as pd  # noqa: E402
import pyarrow as pa  # noqa: E402
from distributed import Client, LocalCluster  # noqa: E402

import tripair.dask as td  # noqa: E402
from tripair.dask import Verdict  # noqa: E402

VECTORS = Path(__file__).resolve().parents[2] / "tripair-bls" / "tests" / "vectors"


@pytest.fixture(scope="module")
def client():
    # Worker processes, as on a real cluster: partitions and results are pickled between
    # processes, and each worker imports tripair.dask itself.
    cluster = LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    c = Client(cluster)
    yield c
    c.close()
    cluster.close()


def unhex(s):
    return bytes.fromhex(s[2:] if s.startswith("0x") else s)


def bad_encodings(folder, field):
    """The inputs the Ethereum deserialization vectors reject (bad flags, not on the curve,
    not in the subgroup, coordinates too large, wrong lengths, ...)."""
    out = []
    for f in sorted((VECTORS / folder).glob("*.yaml")):
        case = yaml.safe_load(f.read_text())
        if not case["output"]:
            out.append(unhex(case["input"][field]))
    assert len(out) >= 8
    return out


def serial(items, variant="minpk", scheme="pop"):
    """The reference answer: tripair.bls_verify on each item, its TripairError as the error."""
    out = []
    for pk, msg, sig in items:
        try:
            out.append(Verdict(tripair.bls_verify(pk, msg, sig, variant=variant, scheme=scheme), None))
        except tripair.TripairError as err:
            out.append(Verdict(False, str(err)))
    return out


def signed(n, variant="minpk", scheme="pop", tag=b""):
    sks = [tripair.bls_keygen(bytes([i % 251 + 1]) * 32, b"dask" + tag) for i in range(n)]
    return [
        (
            tripair.bls_sk_to_pk(sk, variant=variant),
            b"msg %d" % i + tag,
            tripair.bls_sign(sk, b"msg %d" % i + tag, variant=variant, scheme=scheme),
        )
        for i, sk in enumerate(sks)
    ]


@pytest.fixture(scope="module")
def mixed():
    """Valid items, with invalid and malformed ones spread among them."""
    items = signed(40)
    pk, msg, sig = items[0]
    items[3] = (items[3][0], b"another message", items[3][2])  # wrong message
    items[10], items[11] = items[10][:2] + items[11][2:], items[11][:2] + items[10][2:]  # swapped
    bad_pks = bad_encodings("deserialization_G1", "pubkey")
    bad_sigs = bad_encodings("deserialization_G2", "signature")
    items += [(b, msg, sig) for b in bad_pks]
    items += [(pk, msg, b) for b in bad_sigs]
    items.append((b"\xc0" + bytes(47), msg, sig))  # the identity public key (KeyValidate)
    items += signed(12, tag=b" tail")
    return items


def test_bag_equals_serial(client, mixed):
    expected = serial(mixed)
    # The reference itself has all kinds of answers, each named.
    assert sum(v.valid for v in expected) == 40 - 3 + 12
    errors = [v.error for v in expected if v.error]
    for word in ("public key", "signature", "subgroup", "identity", "wrong length", "flag"):
        assert any(word in e for e in errors), word
    bag = db.from_sequence(mixed, npartitions=5)
    assert td.verify(bag).compute() == expected
    assert td.verify_items(mixed) == expected
    assert not td.all_valid(bag).compute()


def test_all_valid(client):
    items = signed(24)
    assert td.verify(db.from_sequence(items, npartitions=3)).compute() == [Verdict(True, None)] * 24
    assert td.all_valid(db.from_sequence(items, npartitions=3)).compute()
    # One wrong message in one partition; one malformed item.
    wrong = items[:20] + [(items[20][0], b"x", items[20][2])] + items[21:]
    assert not td.all_valid(db.from_sequence(wrong, npartitions=3)).compute()
    malformed = items[:5] + [(items[5][0][:40],) + items[5][1:]] + items[6:]
    assert not td.all_valid(db.from_sequence(malformed, npartitions=3)).compute()
    # Nothing verified is not a success; empty partitions among full ones are fine.
    assert not td.all_valid(db.from_sequence([], npartitions=1)).compute()
    assert td.all_valid(db.from_sequence(items[:2], npartitions=2).filter(lambda it: it != items[0])).compute()


def test_wrong_types_are_named_per_item(client):
    pk, msg, sig = signed(1)[0]
    items = [
        (pk, msg, sig),
        None,
        (pk, msg),
        b"not a triple",
        (pk, "text message", sig),
        (pk.hex(), msg, sig),
        (bytearray(pk), memoryview(msg), bytearray(sig)),
        [pk, msg, sig],
    ]
    expected = [
        Verdict(True, None),
        Verdict(False, "item is not a (pk, msg, sig) triple: got NoneType"),
        Verdict(False, "item is not a (pk, msg, sig) triple: got tuple of length 2"),
        Verdict(False, "item is not a (pk, msg, sig) triple: got bytes"),
        Verdict(False, "msg is not bytes: got str"),
        Verdict(False, "pk is not bytes: got str"),
        Verdict(True, None),
        Verdict(True, None),
    ]
    assert td.verify_items(items) == expected
    assert td.verify(db.from_sequence(items, npartitions=3)).compute() == expected


def binary_frame(items, names=("pk", "msg", "sig"), start=0):
    """A pandas frame of Arrow binary columns (object columns of bytes would be turned into
    strings by dask's default `dataframe.convert-string`)."""
    cols = {n: pd.Series([it[k] for it in items], dtype=pd.ArrowDtype(pa.binary())) for k, n in enumerate(names)}
    frame = pd.DataFrame(cols)
    frame.index = range(start, start + len(items))
    return frame


def test_dataframe_equals_serial(client, mixed):
    names = ("public_key", "message", "signature")
    frame = dd.from_pandas(binary_frame(mixed, names, start=1000), npartitions=4)
    out = td.verify(frame, columns=names).compute()
    assert list(out.columns) == ["valid", "error"]
    assert list(out.index) == list(range(1000, 1000 + len(mixed)))
    got = [Verdict(bool(v), e) for v, e in zip(out["valid"], out["error"])]
    assert got == serial(mixed)
    assert not td.all_valid(frame, columns=names).compute()
    good = dd.from_pandas(binary_frame(signed(10)), npartitions=2)
    assert td.all_valid(good).compute()
    assert bool(td.verify(good).compute()["valid"].all())


def test_minsig_basic_on_cluster(client):
    items = signed(16, variant="minsig", scheme="basic")
    items[4] = (items[4][0], b"changed", items[4][2])
    items[9] = signed(1)[0]  # a minpk item: wrong lengths for minsig
    expected = serial(items, "minsig", "basic")
    assert expected[9] == Verdict(False, "wrong length for public key: expected 96 bytes, got 48")
    assert [v.valid for v in expected].count(False) == 2
    bag = db.from_sequence(items, npartitions=2)
    assert td.verify(bag, variant="minsig", scheme="basic").compute() == expected
    # The same items under the pop scheme's tag are all INVALID.
    assert not any(v.valid for v in td.verify(bag, variant="minsig").compute())


def test_bad_arguments(client):
    bag = db.from_sequence(signed(2), npartitions=1)
    with pytest.raises(tripair.TripairError, match="unknown BLS variant 'min_pk'"):
        td.verify(bag, variant="min_pk")
    with pytest.raises(tripair.TripairError, match="unknown BLS scheme"):
        td.all_valid(bag, scheme="AUG")
    with pytest.raises(TypeError, match="expected a dask.bag.Bag"):
        td.verify(signed(2))
    frame = dd.from_pandas(binary_frame(signed(2)), npartitions=1)
    with pytest.raises(tripair.TripairError, match="dataframe has no column 'signature'"):
        td.verify(frame, columns=("pk", "msg", "signature"))


def test_tripair_imports_without_dask():
    """`import tripair` needs no Dask; `import tripair.dask` without it says what to install."""
    code = (
        "import sys\n"
        "sys.modules['dask'] = None\n"  # makes `import dask` fail as if it were not installed
        "import tripair\n"
        "assert tripair.bls_verify\n"
        "try:\n"
        "    import tripair.dask\n"
        "except ImportError as err:\n"
        "    print(err)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'tripair[dask]'" in out.stdout


def test_each_task_runs_on_its_workers_thread_budget(client):
    # threads=1 (the default) sets the budget of the process running the task to 1, so a worker
    # uses exactly its threads_per_worker; threads=2 sets 2 (at most the cores); threads=None
    # leaves the budget as it is.
    items = signed(8)
    cores = min(2, os.cpu_count() or 1)
    workers = sorted(client.scheduler_info()["workers"])

    def budgets():
        return sorted(client.run(tripair.max_threads).values())

    # Each worker in turn, deterministically: the task that verifies a partition.
    for threads, want in ((2, cores), (1, 1)):
        for w in workers:
            f = client.submit(td._verify_bag_partition, items[:2], "minpk", "pop", threads,
                              workers=[w], pure=False)
            assert f.result() == [Verdict(True, None)] * 2
        assert budgets() == [want] * len(workers)
    # Through the public calls: the workers that ran a task hold its budget.
    client.run(tripair.set_max_threads, 2)
    assert td.all_valid(db.from_sequence(items, npartitions=8), threads=None).compute()
    assert budgets() == [cores] * len(workers)
    assert td.verify(db.from_sequence(items, npartitions=8)).compute() == [Verdict(True, None)] * 8
    assert 1 in budgets()
    for bad in (0, -1, 1.5, "2", True):
        with pytest.raises(tripair.TripairError, match="threads must be a whole number"):
            td.verify(db.from_sequence(items, npartitions=1), threads=bad)
