"""games_table and moves_table against the games iterated one by one."""
import math

import numpy as np
import pgnkit
import pytest

from conftest import BROKEN, SAMPLE


def table_rows_from_games(path, tags):
    rows = []
    for g in pgnkit.read_games(path, comments=False):
        rows.append((g.number, g.offset, g.plies, g.result, g.status, g.rules_result,
                     g.final_fen, len(g.problems), g.errors, g.warnings,
                     *[g.tags.get(t) for t in tags]))
    return rows


@pytest.mark.parametrize("path", [SAMPLE, BROKEN])
def test_games_table_equals_games(path):
    tags = ["White", "Black", "WhiteElo", "ECO"]
    columns = ["game", "offset", "plies", "result", "status", "rules_result", "final_fen",
               "problems", "errors", "warnings", *tags]
    table = pgnkit.games_table(path, columns=columns)
    assert table.columns == columns
    got = list(zip(*[table[c].tolist() for c in columns]))
    assert got == table_rows_from_games(path, tags)
    assert table["game"].dtype == np.uint64 and table["plies"].dtype == np.uint32


def test_games_table_default_columns_and_pandas():
    table = pgnkit.games_table(SAMPLE)
    assert table.columns == ["game", *pgnkit.ROSTER, "plies", "status", "problems"]
    assert len(table) == 315
    frame = table.to_pandas()
    assert list(frame.columns) == table.columns and len(frame) == 315
    assert frame["plies"].sum() == sum(g.plies for g in pgnkit.read_games(SAMPLE))


def test_games_table_file_column():
    table = pgnkit.games_table(SAMPLE.read_bytes(), columns=["file", "game"])
    assert set(table["file"]) == {"<bytes>"}


@pytest.mark.parametrize("path", [SAMPLE, BROKEN])
def test_moves_table_equals_games(path):
    table = pgnkit.moves_table(path)
    assert table.columns == list(pgnkit.MOVE_COLUMNS)
    rows = []
    for g in pgnkit.read_games(path):
        ply = 0
        for m in g.moves:
            if not m.played:
                continue
            ply += 1
            rows.append((g.number, ply, m.uci, m.san, m.token, m.clock, m.emt, m.eval_cp, m.eval_mate))
    assert len(table) == len(rows)
    nan = lambda v: None if isinstance(v, float) and math.isnan(v) else v  # noqa: E731
    got = [(int(a), int(b), c.decode(), d.decode(), int(e), nan(f), nan(h), nan(i), nan(j))
           for a, b, c, d, e, f, h, i, j in zip(*[table[c].tolist() for c in pgnkit.MOVE_COLUMNS])]
    assert got == rows


def test_moves_table_plies_sum_and_pandas():
    table = pgnkit.moves_table(SAMPLE, columns=["game", "uci", "token"])
    assert table.columns == ["game", "uci", "token"]
    assert len(table) == sum(g.plies for g in pgnkit.read_games(SAMPLE))
    frame = table.to_pandas()
    assert isinstance(frame["uci"].iloc[0], str) and frame["token"].dtype == np.uint16


def test_table_options_are_checked():
    with pytest.raises(ValueError, match="columns: unknown column 'nope'"):
        pgnkit.moves_table(SAMPLE, columns=["nope"])
    with pytest.raises(TypeError, match="columns"):
        pgnkit.games_table(SAMPLE, columns="White")
    with pytest.raises(ValueError, match="twice"):
        pgnkit.games_table(SAMPLE, columns=["game", "game"])
