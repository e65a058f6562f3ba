"""Every kind of source, and misuse: clear exceptions for the caller's mistakes, never for bad
PGN."""
import io
import os
import subprocess
import sys

import pgnkit
import pytest

from conftest import SAMPLE, SOURCE


def numbers(source, **kw):
    return [(g.number, g.plies, g.file) for g in pgnkit.read_games(source, **kw)]


def test_path_kinds_give_the_same_games(tmp_path):
    by_str = numbers(str(SAMPLE))
    assert len(by_str) == 315
    assert [n[:2] for n in numbers(SAMPLE)] == [n[:2] for n in by_str]  # os.PathLike
    assert [n[:2] for n in numbers(SAMPLE.read_bytes())] == [n[:2] for n in by_str]
    with open(SAMPLE, "rb") as f:
        assert numbers(f) == [(a, b, str(SAMPLE)) for a, b, _ in by_str]
    assert {n[2] for n in numbers(SAMPLE.read_bytes())} == {"<bytes>"}
    assert {n[2] for n in numbers(io.BytesIO(SAMPLE.read_bytes()))} == {"<stream>"}


def test_zstd_path_and_bytes(tmp_path):
    packed = tmp_path / "sample.pgn.zst"
    subprocess.run(["zstd", "-q", "-o", str(packed), str(SAMPLE)], check=True)
    assert [n[:2] for n in numbers(packed)] == [n[:2] for n in numbers(SAMPLE)]
    assert [n[:2] for n in numbers(packed.read_bytes(), threads=2)] == [n[:2] for n in numbers(SAMPLE)]


def test_stdin_buffer():
    code = ("import pgnkit, sys; print(sum(g.plies for g in pgnkit.read_games(sys.stdin.buffer)))")
    with open(SAMPLE, "rb") as f:
        out = subprocess.run([sys.executable, "-c", code], stdin=f, capture_output=True,
                             check=True, env=os.environ)
    assert int(out.stdout) == sum(g.plies for g in pgnkit.read_games(SAMPLE))


def test_missing_file_names_the_path(tmp_path):
    missing = tmp_path / "nope.pgn"
    with pytest.raises(FileNotFoundError) as e:
        pgnkit.read_games(missing)
    assert e.value.filename == str(missing)
    with pytest.raises(FileNotFoundError):
        pgnkit.games_table(missing)


def test_directory_and_archives_read_like_the_command_line(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / ".git").mkdir()
    (tmp_path / "sub" / "b.pgn").write_bytes(SAMPLE.read_bytes())
    (tmp_path / ".git" / "hidden.pgn").write_bytes(SAMPLE.read_bytes())
    subprocess.run(["gzip", "-c", str(SAMPLE)], stdout=open(tmp_path / "a.pgn.gz", "wb"),
                   check=True)
    games = numbers(tmp_path, threads=2)
    assert len(games) == 630
    assert games[0][2] == str(tmp_path / "a.pgn.gz")
    assert games[-1][2] == str(tmp_path / "sub" / "b.pgn")
    assert [g[:2] for g in games] == [g[:2] for g in numbers(tmp_path, threads=1)]
    subprocess.run(["zip", "-q", "-j", str(tmp_path / "t.zip"), str(SAMPLE)], check=True)
    in_zip = numbers(tmp_path / "t.zip")
    assert {g[2] for g in in_zip} == {str(tmp_path / "t.zip") + ":sample.pgn"}
    assert [g[:2] for g in in_zip] == [g[:2] for g in numbers(SAMPLE)]
    assert len(pgnkit.games_table(tmp_path)) == 630 + 315  # t.zip now lies under it too
    with pytest.raises(IsADirectoryError):
        pgnkit.check(SAMPLE, config=tmp_path)


def test_closed_file():
    f = open(SAMPLE, "rb")
    f.close()
    with pytest.raises(ValueError, match="source: the file object is closed"):
        pgnkit.read_games(f)


def test_text_mode_file():
    with open(SAMPLE) as f, pytest.raises(TypeError, match="binary mode"):
        pgnkit.read_games(f)


def test_wrong_type():
    with pytest.raises(TypeError, match="source: expected a path"):
        pgnkit.read_games(42)


def test_bad_options():
    with pytest.raises(ValueError, match="laws: expected one of by-date, current, pre-2014"):
        pgnkit.read_games(SAMPLE, laws="1997")
    with pytest.raises(TypeError, match="threads"):
        pgnkit.read_games(SAMPLE, threads="2")
    with pytest.raises(TypeError, match="variations"):
        pgnkit.read_games(SAMPLE, variations=1)
    with pytest.raises(ValueError, match="errors"):
        pgnkit.games_table(SAMPLE, errors="ignore")


def test_empty_file(tmp_path):
    empty = tmp_path / "empty.pgn"
    empty.write_bytes(b"")
    assert list(pgnkit.read_games(empty)) == []
    assert len(pgnkit.games_table(empty)) == 0
    assert len(pgnkit.moves_table(b"")) == 0


def test_truncated_zstd(tmp_path):
    packed = tmp_path / "sample.pgn.zst"
    subprocess.run(["zstd", "-q", "-o", str(packed), str(SAMPLE)], check=True)
    cut = tmp_path / "cut.pgn.zst"
    cut.write_bytes(packed.read_bytes()[: packed.stat().st_size // 2])
    games = []
    with pytest.raises(pgnkit.ReadError, match="cut.pgn.zst"):
        for g in pgnkit.read_games(cut):
            games.append(g)
    # The games before the cut were given.
    assert 0 < len(games) < 315
    with pytest.warns(pgnkit.ReadWarning):
        table = pgnkit.games_table(cut, errors="warn")
    assert 0 < len(table) < 315


def test_binary_junk_gives_problems_not_exceptions():
    games = list(pgnkit.read_games(bytes(range(256)) * 64))
    assert all(isinstance(p, pgnkit.Problem) for g in games for p in g.problems)


@pytest.mark.parametrize("call", ["check", "status", "read_games", "games_table", "moves_table"])
def test_interrupt_stops_an_endless_read(call):
    # The games of the sample over and over, without end: only Ctrl-C ends the call, and it
    # must do so promptly (signals are looked for between chunks).
    code = (
        "import io, os, pgnkit, signal, sys, threading, time\n"
        "class Endless(io.RawIOBase):\n"
        "    data = open(sys.argv[1], 'rb').read()\n"
        "    at = 0\n"
        "    def readable(self): return True\n"
        "    def readinto(self, b):\n"
        "        n = min(len(b), len(self.data) - self.at)\n"
        "        b[:n] = self.data[self.at:self.at + n]\n"
        "        self.at = (self.at + n) % len(self.data)\n"
        "        return n\n"
        "threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT)).start()\n"
        "t = time.monotonic()\n"
        "try:\n"
        "    r = getattr(pgnkit, sys.argv[2])(Endless(), threads=int(sys.argv[3]))\n"
        "    for g in r if sys.argv[2] == 'read_games' else (): pass\n"
        "    print('finished')\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', time.monotonic() - t < 5)\n")
    for threads in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", code, str(SAMPLE), call, threads],
                             capture_output=True, env=os.environ, timeout=120)
        assert out.stdout.decode().split() == ["interrupted", "True"], (threads, out.stderr)
