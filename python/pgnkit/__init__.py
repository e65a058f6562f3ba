"""pgnkit for Python: chess games in PGN, replayed under the FIDE rules, at C++ speed.

    import pgnkit
    for game in pgnkit.read_games("lichess_2024-01.pgn.zst"):
        print(game.tags.get("White"), game.result, game.status, len(game.moves))

    games = pgnkit.games_table("games.pgn", columns=["WhiteElo", "BlackElo", "plies"])
    df = games.to_pandas()

A source is a path (str or os.PathLike; plain or zstd), bytes, or a binary file object
(sys.stdin.buffer, open(path, "rb")). Malformed PGN never raises: it gives problems, as the
command line does (Game.problems, check()). docs/python.md has the whole guide.
"""

import dataclasses
import warnings

from . import _pgnkit
from ._pgnkit import Game, Move, MoveList
from ._sources import opened, path_of

__all__ = [
    "Game", "Move", "MoveList", "Problem", "GameReader", "Table", "CheckResult", "StatusResult",
    "ReadError", "ReadWarning", "read_games", "games_table", "moves_table", "check", "status",
    "stats",
    "GAME_COLUMNS", "MOVE_COLUMNS", "ROSTER",
]
__version__ = "0.1.0"

LAWS = ("by-date", "current", "pre-2014")
ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
# games_table's own columns; any other name asked for is a tag.
GAME_COLUMNS = ("file", "game", "offset", "plies", "result", "status", "rules_result",
                "final_fen", "problems", "errors", "warnings")
MOVE_COLUMNS = ("game", "ply", "uci", "san", "token", "clock", "emt", "eval_cp", "eval_mate")


@dataclasses.dataclass(frozen=True)
class Problem:
    """A problem in a game: the fields of `pgnkit check --format ndjson`."""
    file: str
    game: "int | None"  # None: between games (check's junk outside any game)
    line: int
    column: int
    offset: int
    ply: "int | None"
    in_variation: bool
    severity: str  # "error" or "warning"
    code: str      # a stable snake_case name (docs/check.md#codes)
    san: "str | None"
    message: str
    fen: "str | None"


_pgnkit._set_problem_type(Problem)


class ReadError(OSError):
    """An input could not be read to its end (a truncated .zst, a read failure)."""


class ReadWarning(UserWarning):
    """As ReadError, with errors="warn": the games read before it are kept."""


def _threads(threads):
    if threads is None:
        return 0
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads: expected an int or None, not {type(threads).__name__}")
    if threads < 1:
        raise ValueError(f"threads: expected 1 or more, got {threads}")
    return threads


def _laws(laws):
    if not isinstance(laws, str):
        raise TypeError(f"laws: expected a str, not {type(laws).__name__}")
    if laws not in LAWS:
        raise ValueError(f"laws: expected one of {', '.join(LAWS)}, got {laws!r}")
    return laws


def _errors(errors):
    if errors not in ("raise", "warn"):
        raise ValueError(f"errors: expected 'raise' or 'warn', got {errors!r}")
    return errors


def _bool(name, value):
    if not isinstance(value, bool):
        raise TypeError(f"{name}: expected a bool, not {type(value).__name__}")
    return value


def _names(name, value, allowed=None):
    if value is None:
        return None
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name}: expected a list of str, not a single {type(value).__name__}")
    try:
        value = list(value)
    except TypeError:
        raise TypeError(f"{name}: expected a list of str, not {type(value).__name__}") from None
    if not all(isinstance(v, str) for v in value):
        raise TypeError(f"{name}: expected a list of str")
    if allowed is not None:
        for v in value:
            if v not in allowed:
                raise ValueError(f"{name}: unknown column {v!r} (one of {', '.join(allowed)})")
    return value


def _read_failed(messages, errors, real_path, name, stacklevel=3):
    text = "; ".join(m.replace(real_path, name) for m in messages) or f"{name}: read failed"
    if errors == "raise":
        raise ReadError(text)
    warnings.warn(text, ReadWarning, stacklevel=stacklevel)


class GameReader:
    """The games of a source, one by one (from read_games). Iterate it, or use it in a `with`
    block to stop the read early; close() ends the read and frees its thread."""

    def __init__(self, source, threads, laws, variations, comments, errors):
        self._opened = opened(source)
        self._path, self._name = self._opened.__enter__()
        self._errors = errors
        self._it = _pgnkit.GameIterator([self._path], threads, laws, variations, comments,
                                        self._name)
        self._done = False

    def __iter__(self):
        return self

    def __next__(self):
        if self._done:
            raise StopIteration
        game = self._it.next()
        if game is None:
            self._finish(check=True)
            raise StopIteration
        return game

    def close(self):
        """Ends the read: the rest of the source is not read."""
        self._finish(check=False)

    def _finish(self, check):
        if self._done:
            return
        self._done = True
        self._it.close()
        self._opened.__exit__(None, None, None)
        if check and self._it.io_failed:
            # The warning names the caller's line: caller -> __next__ -> _finish -> here.
            _read_failed(self._it.messages, self._errors, self._path, self._name, stacklevel=4)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass


def read_games(source, *, threads=None, laws="by-date", variations=False, comments=True,
               errors="raise"):
    """The games of `source`, replayed, one `Game` at a time, in file order.

    source: a path (str or os.PathLike; plain or zstd), bytes, or a binary file object.
    threads: readers (None: every core); the games come in the same order for every number.
    laws: "by-date" (the FIDE Laws in force at each game's date), "current" or "pre-2014".
    variations: keep and replay variations (Move.variations).
    comments: keep comments, clocks and evals (False is faster).
    errors: "raise" (ReadError after the last game read) or "warn" (a ReadWarning) when the
        source cannot be read to its end.

    A Game has: file, number (1-based), offset and line of its first token, tags (a dict;
    a duplicated tag's last value), start_fen (None: the standard start), moves (a MoveList,
    a read-only sequence of Move: san, written, uci, token, nags, comments, clock, emt, eval_cp, eval_mate),
    result, final_fen, status ("checkmate", "stalemate", "insufficient_material",
    "fivefold_repetition", "seventy_five_move_rule", "ongoing", "illegal",
    "unsupported_variant"), rules_result, plies, consistent, and problems (Problem).
    Malformed PGN never raises. Raises FileNotFoundError, TypeError or ValueError for misuse.
    Memory stays bounded: a Game is a value, kept only as long as the caller keeps it.
    """
    return GameReader(source, _threads(threads), _laws(laws), _bool("variations", variations),
                      _bool("comments", comments), _errors(errors))


class Table:
    """Columns of equal length: NumPy arrays by name (`table["plies"]`), in order."""

    def __init__(self, columns):
        self._columns = columns

    @property
    def columns(self):
        return list(self._columns)

    def __getitem__(self, name):
        return self._columns[name]

    def __contains__(self, name):
        return name in self._columns

    def __len__(self):
        return len(next(iter(self._columns.values()))) if self._columns else 0

    def __repr__(self):
        return f"<pgnkit.Table: {len(self)} rows; {', '.join(self._columns)}>"

    def to_dict(self):
        return dict(self._columns)

    def to_pandas(self):
        """A pandas DataFrame (needs pandas: Debian's python3-pandas). Byte columns (uci,
        san) become str."""
        import numpy as np
        import pandas as pd
        frame = {}
        for name, column in self._columns.items():
            if column.dtype.kind == "S":
                column = np.char.decode(column, "ascii").astype(object)
            frame[name] = column
        return pd.DataFrame(frame)


def _object_array(values):
    import numpy as np
    out = np.empty(len(values), dtype=object)
    out[:] = values
    return out


def games_table(source, *, columns=None, threads=None, laws="by-date", errors="raise"):
    """One row per game of `source`, as a Table.

    columns: names in order. games_table's own are GAME_COLUMNS (file, game, offset, plies,
        result, status, rules_result, final_fen, problems, errors, warnings); any other name
        is a tag ("WhiteElo", "TimeControl"), a str or None where the game lacks it. Default:
        game, the Seven Tag Roster, plies, status, problems.
    Numbers are NumPy integer arrays; texts are object arrays of str (None where absent).
    """
    columns = _names("columns", columns)
    if columns is None:
        columns = ["game", *ROSTER, "plies", "status", "problems"]
    if len(set(columns)) != len(columns):
        raise ValueError("columns: a name is given twice")
    tags = [c for c in columns if c not in GAME_COLUMNS]
    threads, laws, errors = _threads(threads), _laws(laws), _errors(errors)
    with opened(source) as (path, name):
        got = _pgnkit.games_columns([path], threads, laws, tags)
    if got["io_failed"]:
        _read_failed(got["messages"], errors, path, name)
    out = {}
    for c in columns:
        if c in GAME_COLUMNS:
            value = got["columns"][c]
            if c == "file" and name != path:  # a pipe the package feeds: the caller's name
                value = [name if f == path else f for f in value]
            out[c] = value if hasattr(value, "dtype") else _object_array(value)
        else:
            out[c] = _object_array(got["tags"][c])
    return Table(out)


def moves_table(source, *, columns=None, threads=None, laws="by-date", errors="raise"):
    """One row per played move of each game's main line, as a Table.

    columns: a subset of MOVE_COLUMNS, in order (default: all): game (the game's number),
        ply (1-based), uci and san (NumPy bytes, "S5" and "S8"; to_pandas() makes them str),
        token (uint16: from | to << 6 | promotion << 12, squares a1 = 0 to h8 = 63,
        promotion 1 knight to 4 queen), clock and emt (seconds), eval_cp and eval_mate
        (float64; NaN where the move has none).
    """
    columns = _names("columns", columns, MOVE_COLUMNS)
    if columns is None:
        columns = list(MOVE_COLUMNS)
    threads, laws, errors = _threads(threads), _laws(laws), _errors(errors)
    with opened(source) as (path, name):
        got = _pgnkit.moves_columns([path], threads, laws)
    if got["io_failed"]:
        _read_failed(got["messages"], errors, path, name)
    return Table({c: got["columns"][c] for c in columns})


@dataclasses.dataclass(frozen=True)
class CheckResult:
    """check()'s answer: the problems reported, and the counts of `pgnkit check`'s summary
    line (games, plies, errors, warnings, games_with_errors, unsupported, bytes, stopped,
    io_failed, exit_status as the command line exits)."""
    problems: list
    summary: dict

    @property
    def ok(self):
        return self.summary["exit_status"] == 0


@dataclasses.dataclass(frozen=True)
class StatusResult:
    """status()'s answer: one dict per game (the keys of `pgnkit status --format ndjson`),
    and the counts (games, by_status, inconsistent, io_failed, exit_status)."""
    games: list
    summary: dict


def _lines(ndjson):
    import json
    return [json.loads(line) for line in ndjson.splitlines() if line]


def _fix_file(record, path, name):
    if record.get("file") == path:
        record["file"] = name
    return record


def check(source, *, threads=None, laws="by-date", strict=False, variations=True,
          allow_null=False, max_errors=0, select=None, ignore=None, error=None, warn=None,
          config=None, errors="raise"):
    """`pgnkit check` on `source`: every problem, as Problem values, and the summary.

    strict: warnings count as errors. variations: check variations too. allow_null: accept
    null moves ("--", "Z0"). max_errors: stop after N errors (0: no limit).
    select, ignore, error, warn: lists of codes or groups, as the command line's --select,
    --ignore, --error, --warn (docs/check.md#codes). config: a pgnkit.toml to read (default: none).
    errors: "raise" (ReadError) or "warn" (ReadWarning) when the source cannot be read to its
    end; the problems found before it are kept with "warn".
    """
    threads, laws, errors = _threads(threads), _laws(laws), _errors(errors)
    for n, v in (("strict", strict), ("variations", variations), ("allow_null", allow_null)):
        _bool(n, v)
    if isinstance(max_errors, bool) or not isinstance(max_errors, int) or max_errors < 0:
        raise ValueError(f"max_errors: expected an int >= 0, got {max_errors!r}")
    rules = [_names(n, v) for n, v in
             (("select", select), ("ignore", ignore), ("error", error), ("warn", warn))]
    if config is not None:
        config = path_of(config)
    with opened(source) as (path, name):
        got = _pgnkit.check([path], threads, laws, strict, variations, allow_null, max_errors,
                            *rules, config)
    if got["summary"]["io_failed"]:
        _read_failed(got["messages"], errors, path, name)
    elif got["summary"]["exit_status"] == 2 and got["messages"]:
        raise ValueError("; ".join(got["messages"]))  # a rule or pgnkit.toml the CLI refuses
    problems = [Problem(**_fix_file(p, path, name)) for p in _lines(got["ndjson"])]
    return CheckResult(problems, got["summary"])


def status(source, *, threads=None, laws="by-date", variations=True, accuracy=False,
           errors="raise"):
    """`pgnkit status` on `source`: how each game ended under the rules and whether its result
    tells the truth, one dict per game (file, game, white, black, result_tag, plies, status,
    result, auto_draw_ply, threefold_ply, fifty_ply, final_fen, consistent, problems, laws).
    accuracy: also white_accuracy, black_accuracy, white_acpl, black_acpl from the games'
    [%eval]s (docs/analyse.md; None for a side with no measured move).
    errors: as check()'s."""
    threads, laws, errors = _threads(threads), _laws(laws), _errors(errors)
    _bool("variations", variations)
    _bool("accuracy", accuracy)
    with opened(source) as (path, name):
        got = _pgnkit.status([path], threads, laws, variations, accuracy)
    if got["summary"]["io_failed"]:
        _read_failed(got["messages"], errors, path, name)
    games = [_fix_file(r, path, name) for r in _lines(got["ndjson"])]
    return StatusResult(games, got["summary"])


def stats(source, *, threads=None, by=(), top=10, variations=True, errors="raise"):
    """`pgnkit stats --format json` on `source`, as a dict: {"by": [...], "totals": {...},
    "groups": [...], ...}, the keys of docs/stats.md. by: tag names to group every count by
    (`--by`); top: the longest lists and the games with the most problems are cut to this
    many (0: all). errors: as check()'s."""
    import json
    threads, errors = _threads(threads), _errors(errors)
    _bool("variations", variations)
    by = _names("by", by) or []
    if isinstance(top, bool) or not isinstance(top, int) or top < 0:
        raise ValueError(f"top: expected an int >= 0, got {top!r}")
    with opened(source) as (path, name):
        got = _pgnkit.stats([path], threads, by, top, variations)
    if got["summary"]["io_failed"]:
        _read_failed(got["messages"], errors, path, name)
    counts = json.loads(got["json"])
    for game in counts.get("most_problems", []):
        _fix_file(game, path, name)
    return counts
