"""The same games in the same order for every number of threads."""
import pgnkit
import pytest

from compare import game_object
from conftest import SAMPLE, shared


def games(path, threads):
    return [game_object(g) | {"number": g.number, "status": g.status}
            for g in pgnkit.read_games(path, threads=threads, variations=True)]


def test_sample_one_thread_against_four():
    assert games(SAMPLE, 1) == games(SAMPLE, 4)


def test_lichess_tables_one_thread_against_four():
    path = shared("corpus/lichess.pgn.zst")
    one = pgnkit.moves_table(path, threads=1, columns=["game", "ply", "token", "clock"])
    four = pgnkit.moves_table(path, threads=4, columns=["game", "ply", "token", "clock"])
    for c in one.columns:
        assert (one[c] == four[c]).all() or c == "clock" and (
            (one[c] == four[c]) | ((one[c] != one[c]) & (four[c] != four[c]))).all()
    g1 = pgnkit.games_table(path, threads=1, columns=["game", "offset", "plies", "White"])
    g4 = pgnkit.games_table(path, threads=4, columns=["game", "offset", "plies", "White"])
    assert len(g1) > 10000
    for c in g1.columns:
        assert g1[c].tolist() == g4[c].tolist()


@pytest.mark.parametrize("threads", [0, -1])
def test_threads_must_be_positive(threads):
    with pytest.raises(ValueError, match="threads"):
        pgnkit.read_games(SAMPLE, threads=threads)
