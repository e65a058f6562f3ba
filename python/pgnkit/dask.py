"""pgnkit past one machine: games_table's rows as a Dask DataFrame, one partition per shard of
`pgnkit index` (Debian's python3-dask; a dask.distributed cluster runs them on its workers).

    import pgnkit.dask
    frame = pgnkit.dask.read_games(["2024-01.pgn.zst", "2024-02.pgn.zst"],
                                   columns=["WhiteElo", "BlackElo", "plies"])
    frame.compute()  # the rows of pgnkit.games_table on each file, in the same order

The files must be readable at the same path on every worker (a shared file system).
"""

import json
import os

import pgnkit
from pgnkit import _pgnkit
from pgnkit._sources import path_of


def plan(path, *, shards=0, shard_size=64 << 20):
    """`pgnkit index` on one file: a list of shards (dicts with start, end, first_game,
    first_line, games, and frame_offset and frame_start in a zstd file of many frames)."""
    path = path_of(path)
    got = _pgnkit.index(path, shards, shard_size)
    if got["error"]:
        raise pgnkit.ReadError(got["error"])
    return [json.loads(line) for line in got["ndjson"].splitlines() if line]


def _shard_frame(path, shard, columns, laws):
    import pandas as pd
    tags = [c for c in columns if c not in pgnkit.GAME_COLUMNS]
    frame = None
    if "frame_offset" in shard:
        frame = (shard["frame_offset"], shard["frame_start"])
    got = _pgnkit.games_columns([path], 1, laws, tags, (shard["start"], shard["end"]),
                                shard["first_game"], shard["first_line"], frame)
    if got["io_failed"]:
        raise pgnkit.ReadError("; ".join(got["messages"]))
    data = {}
    for c in columns:
        value = got["columns"][c] if c in pgnkit.GAME_COLUMNS else got["tags"][c]
        data[c] = pgnkit._object_array(value) if isinstance(value, list) else value
    return pd.DataFrame(data)


def read_games(paths, *, columns=None, laws="by-date", shards=0, shard_size=64 << 20):
    """A Dask DataFrame of pgnkit.games_table's rows for each path in turn, one partition per
    shard: the same rows, in the same order, as games_table on one machine (its index is
    per partition: reset it after compute() to compare). Plans the shards here (reading each
    file once, without replaying); the partitions replay on the workers."""
    import dask
    import dask.dataframe as dd
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    columns = pgnkit._names("columns", columns)
    if columns is None:
        columns = ["game", *pgnkit.ROSTER, "plies", "status", "problems"]
    laws = pgnkit._laws(laws)
    parts = []
    for path in paths:
        path = os.path.abspath(os.fsdecode(os.fspath(path)))
        for shard in plan(path, shards=shards, shard_size=shard_size):
            parts.append(dask.delayed(_shard_frame)(path, shard, columns, laws))
    meta = _shard_frame_meta(columns)
    if not parts:
        return dd.from_pandas(meta, npartitions=1)
    return dd.from_delayed(parts, meta=meta)


def _shard_frame_meta(columns):
    import numpy as np
    import pandas as pd
    dtypes = {"game": np.uint64, "offset": np.uint64, "plies": np.uint32, "problems": np.uint32,
              "errors": np.uint32, "warnings": np.uint32}
    return pd.DataFrame({c: pd.Series(dtype=dtypes.get(c, object)) for c in columns})
