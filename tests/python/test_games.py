"""read_games on the repository's files: every field against the command line, and the
Game's own contracts (values that outlive the iterator, written SAN, tokens)."""
import gc

import pgnkit
import pytest

from compare import assert_matches_cli
from conftest import BROKEN, SAMPLE, SOURCE


def test_sample_matches_cli():
    assert assert_matches_cli(SAMPLE) == 315


def test_broken_matches_cli():
    assert assert_matches_cli(BROKEN) == 39


@pytest.mark.parametrize("name", sorted(p.name for p in (SOURCE / "tests/data/convert").glob("*.pgn")))
def test_convert_fixtures_match_cli(name):
    assert assert_matches_cli(SOURCE / "tests/data/convert" / name) > 0


def test_first_game_fields():
    game = next(iter(pgnkit.read_games(SAMPLE)))
    assert game.number == 1 and game.offset == 0 and game.line == 1
    assert game.file == str(SAMPLE)
    assert game.tags["White"] and game.result in ("1-0", "0-1", "1/2-1/2", "*")
    assert len(game.moves) == game.plies
    first = game.moves[0]
    assert first.played and first.uci and len(first.uci) in (4, 5)
    # The token is from | to << 6 | promotion << 12 of the UCI text.
    square = lambda s: (ord(s[0]) - 97) + 8 * (ord(s[1]) - 49)  # noqa: E731
    assert first.token == square(first.uci[:2]) | square(first.uci[2:4]) << 6


def test_games_outlive_the_iterator():
    reader = pgnkit.read_games(SAMPLE)
    kept = [g for g in reader]
    del reader
    gc.collect()
    # Values, not views: every game still reads whole.
    assert sum(len(g.moves) for g in kept) == sum(g.plies for g in kept)
    assert [g.number for g in kept] == list(range(1, 316))


def test_written_san_and_comments():
    pgn = (b'[Event "x"]\n[Result "*"]\n\n1. e2-e4 {[%clk 0:03:00]} e5 $1 {[%eval -0.5] [%clk 0:02:59.5]}'
           b' 2. Ng1f3 {A comment.} {Two.} Nc6 (2... Nf6 {inside}) *\n')
    game = next(iter(pgnkit.read_games(pgn, variations=True)))
    e4, e5, nf3, nc6 = game.moves
    assert (e4.san, e4.written, e4.uci) == ("e4", "e2-e4", "e2e4")
    assert e4.clock == 180.0 and e4.comments == []
    assert e5.nags == [1] and e5.eval_cp == -50 and e5.clock == 179.5
    assert (nf3.san, nf3.written) == ("Nf3", "Ng1f3")
    assert nf3.comments == ["A comment.", "Two."]
    assert [[m.san for m in line] for line in nc6.variations] == [["Nf6"]]
    assert nc6.variations[0][0].comments == ["inside"]


def test_variations_off_keeps_the_main_line():
    with_lines = list(pgnkit.read_games(SAMPLE, variations=True))
    without = list(pgnkit.read_games(SAMPLE))
    assert [[m.san for m in g.moves] for g in with_lines] == [[m.san for m in g.moves] for g in without]
    assert all(not m.variations for g in without for m in g.moves)


def test_comments_off():
    games = list(pgnkit.read_games(SAMPLE, comments=False))
    assert all(not m.comments and m.clock is None for g in games for m in g.moves)


def test_close_early_and_with_block():
    with pgnkit.read_games(SAMPLE, threads=2) as reader:
        first = [next(reader) for _ in range(3)]
    assert [g.number for g in first] == [1, 2, 3]
    with pytest.raises(StopIteration):
        next(reader)


def test_malformed_pgn_never_raises():
    games = list(pgnkit.read_games(b"1. e4 e5 2. Qxf7 {unclosed\n\n[Event \"b\"]\n1. Zz9 *\n"))
    assert len(games) >= 1
    assert any(p.severity == "error" for g in games for p in g.problems)


def test_move_list_is_a_read_only_sequence():
    game = next(iter(pgnkit.read_games(SAMPLE)))
    moves = game.moves
    assert isinstance(moves, pgnkit.MoveList) and len(moves) == game.plies == 33
    assert moves[-1].san == moves[32].san and [m.san for m in moves[:3]] == ["e4", "e5", "Nf3"]
    assert [m.uci for m in moves[::16]] == [moves[0].uci, moves[16].uci, moves[32].uci]
    with pytest.raises(IndexError):
        moves[33]
    with pytest.raises(TypeError):
        moves[0] = moves[1]
    last = moves[-1]
    del game, moves
    gc.collect()
    assert last.played and last.san.endswith("#")  # the move keeps its game alive
