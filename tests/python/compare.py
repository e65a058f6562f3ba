"""Two ways to one answer: a Game of read_games against the command line's records of the same
game (`pgnkit convert --to ndjson --on-error keep` and `pgnkit status --format ndjson`)."""
import pgnkit

from conftest import cli, cli_ndjson

STATUS_FIELDS = ("plies", "status", "auto_draw_ply", "threefold_ply", "fifty_ply", "final_fen",
                 "consistent")


def _texts(obj, one, many, texts):
    if len(texts) == 1:
        obj[one] = texts[0]
    elif texts:
        obj[many] = list(texts)


def move_object(m):
    """A Move as convert --to ndjson writes its object."""
    obj = {"san": m.san or None, "uci": m.uci}
    _texts(obj, "comment_before", "comments_before", m.comments_before)
    if m.nags:
        obj["nags"] = list(m.nags)
    if m.clock is not None:
        obj["clock"] = m.clock
    if m.emt is not None:
        obj["emt"] = m.emt
    if m.eval_cp is not None:
        obj["eval"] = {"cp": m.eval_cp}
    if m.eval_mate is not None:
        obj["eval"] = {"mate": m.eval_mate}
    _texts(obj, "comment", "comments", m.comments)
    if m.variations:
        obj["variations"] = [[move_object(v) for v in line] for line in m.variations]
    return obj


def problem_object(p):
    return {"code": p.code, "severity": p.severity, "message": p.message, "line": p.line,
            "column": p.column, "ply": p.ply, "in_variation": p.in_variation, "san": p.san,
            "fen": p.fen}


def game_object(g, with_moves=True):
    """A Game as convert --to ndjson writes it."""
    obj = {"tags": g.tags, "fen": g.start_fen, "result": g.result, "final_fen": g.final_fen,
           "problems": [problem_object(p) for p in g.problems]}
    if with_moves:
        obj["moves"] = [move_object(m) for m in g.moves]
    return obj


def has_errors(g):
    """convert --on-error keep comments at a game's bad move or where the reader cut it."""
    return g.errors > 0 or g.status == "illegal"


def assert_matches_cli(path, threads=None):
    """Every field of every game equals the command line's; returns the number of games."""
    games = list(pgnkit.read_games(path, variations=True, threads=threads))
    converted = cli_ndjson("convert", "--to", "ndjson", "--on-error", "keep", "-j1", path)
    statuses = cli_ndjson("status", "--format", "ndjson", "-j1", path)
    assert len(games) == len(converted) == len(statuses), path
    for number, (g, line, record) in enumerate(zip(games, converted, statuses), 1):
        assert g.number == number == record["game"]
        # A game with errors: convert --on-error keep adds a comment at the bad move.
        errors = has_errors(g)
        if errors:
            line.pop("moves")
        assert game_object(g, with_moves=not errors) == line, (path, number)
        for field in STATUS_FIELDS:
            assert getattr(g, field) == record[field], (path, number, field)
        assert g.rules_result == record["result"], (path, number)
    return len(games)
