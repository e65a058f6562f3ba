"""pgnkit.dask.read_games on a LocalCluster against games_table on one machine."""
import pgnkit
import pytest

from conftest import BROKEN, SAMPLE

COLUMNS = ["game", "offset", "White", "Black", "plies", "status", "problems"]


def one_machine(paths):
    rows = []
    for p in paths:
        t = pgnkit.games_table(p, columns=COLUMNS)
        rows += list(zip(*[t[c].tolist() for c in COLUMNS]))
    return rows


def dask_rows(frame):
    pdf = frame.compute().reset_index(drop=True)
    return list(zip(*[pdf[c].tolist() for c in COLUMNS]))


def test_shards_on_one_process_equal_one_machine():
    import pgnkit.dask
    frame = pgnkit.dask.read_games([SAMPLE], columns=COLUMNS, shards=4)
    assert frame.npartitions == 4
    import dask
    with dask.config.set(scheduler="synchronous"):
        assert dask_rows(frame) == one_machine([SAMPLE])


def test_local_cluster_equals_one_machine():
    distributed = pytest.importorskip("distributed", reason="python3-distributed is not installed")
    import pgnkit.dask
    paths = [SAMPLE, BROKEN]
    frame = pgnkit.dask.read_games(paths, columns=COLUMNS, shards=3)
    assert frame.npartitions == 6
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster):
        assert dask_rows(frame) == one_machine(paths)


def test_plan_errors():
    import pgnkit.dask
    with pytest.raises(FileNotFoundError):
        pgnkit.dask.plan("/nonexistent.pgn")
