"""check(), status() and stats(): the command line's answers, as values."""

import json

import pgnkit
import pytest

from conftest import BROKEN, SAMPLE, cli, cli_ndjson


def test_check_problems_equal_the_cli():
    result = pgnkit.check(BROKEN)
    assert [p.__dict__ for p in result.problems] == cli_ndjson("check", "--format", "ndjson", BROKEN)
    s = result.summary
    assert (s["games"], s["errors"], s["warnings"], s["games_with_errors"]) == (39, 24, 16, 24)
    assert s["exit_status"] == 1 and not result.ok


def test_check_sample_is_clean():
    result = pgnkit.check(SAMPLE)
    assert result.ok and result.problems == [] and result.summary["games"] == 315


def test_check_options():
    strict = pgnkit.check(BROKEN, strict=True, threads=2)
    assert strict.summary["errors"] == 24 and strict.summary["warnings"] == 16
    ignored = pgnkit.check(BROKEN, ignore=["missing_tag"])
    assert all(p.code != "missing_tag" for p in ignored.problems)
    assert ignored.problems == [pgnkit.Problem(**d) for d in cli_ndjson(
        "check", "--format", "ndjson", "--no-config", "--ignore", "missing_tag", BROKEN)]
    first = pgnkit.check(BROKEN, max_errors=3)
    assert first.summary["stopped"] and sum(p.severity == "error" for p in first.problems) == 3
    with pytest.raises(ValueError, match="max_errors"):
        pgnkit.check(BROKEN, max_errors=-1)
    with pytest.raises(ValueError, match="nonsense"):
        pgnkit.check(BROKEN, select=["nonsense"])


def test_check_names_bytes_as_bytes():
    result = pgnkit.check(BROKEN.read_bytes())
    assert {p.file for p in result.problems} == {"<bytes>"}


def test_read_games_problems_equal_check():
    from_games = [p for g in pgnkit.read_games(BROKEN, variations=True) for p in g.problems]
    assert from_games == pgnkit.check(BROKEN).problems


def test_status_equals_the_cli():
    result = pgnkit.status(BROKEN)
    assert result.games == cli_ndjson("status", "--format", "ndjson", BROKEN)
    assert result.summary["games"] == 39
    assert sum(result.summary["by_status"].values()) == 39
    assert result.summary["by_status"]["illegal"] == sum(g["status"] == "illegal" for g in result.games)


def test_truncated_zstd_is_a_read_error(tmp_path):
    import subprocess
    packed = tmp_path / "sample.pgn.zst"
    subprocess.run(["zstd", "-q", "-o", str(packed), str(SAMPLE)], check=True)
    cut = tmp_path / "cut.pgn.zst"
    cut.write_bytes(packed.read_bytes()[: packed.stat().st_size // 2])
    with pytest.raises(pgnkit.ReadError, match="cut.pgn.zst"):
        pgnkit.check(cut)
    with pytest.raises(pgnkit.ReadError, match="cut.pgn.zst"):
        pgnkit.status(cut)
    with pytest.warns(pgnkit.ReadWarning):
        kept = pgnkit.status(cut, errors="warn")
    assert kept.summary["io_failed"] and 0 < len(kept.games) < 315


def test_rules_as_any_iterable():
    by_list = pgnkit.check(BROKEN, ignore=["missing_tag"]).problems
    assert pgnkit.check(BROKEN, ignore=(c for c in ["missing_tag"])).problems == by_list


def test_status_accuracy_equals_the_cli():
    # The sample's analysed games carry [%eval]s: the four figures as status --accuracy gives.
    result = pgnkit.status(SAMPLE, accuracy=True)
    cli = cli_ndjson("status", "--accuracy", "--format", "ndjson", SAMPLE)
    assert result.games == cli and len(cli) == 315
    measured = [g for g in result.games if g["white_accuracy"] is not None]
    assert len(measured) == sum(1 for g in cli if g["white_acpl"] is not None) > 0
    assert "white_accuracy" not in pgnkit.status(SAMPLE).games[0]
    with pytest.raises(TypeError, match="accuracy"):
        pgnkit.status(SAMPLE, accuracy="yes")


def test_stats_equals_the_cli_and_status():
    counts = pgnkit.stats(BROKEN, top=3, threads=2)
    assert counts == json.loads(cli("stats", "--format", "json", "--top", "3", BROKEN))
    assert counts["totals"]["games"] == 39
    by_status = pgnkit.status(BROKEN).summary["by_status"]
    assert counts["totals"]["status"] == {k: v for k, v in by_status.items() if v}
    grouped = pgnkit.stats(SAMPLE, by=["Result"], top=0)
    assert sum(g["counts"]["games"] for g in grouped["groups"]) == 315
    assert {g["values"]["Result"] for g in grouped["groups"]} == {"1-0", "0-1", "1/2-1/2"}
    named = pgnkit.stats(BROKEN.read_bytes(), top=1)
    assert [g["file"] for g in named["most_problems"]] == ["<bytes>"]
    with pytest.raises(TypeError, match="by"):
        pgnkit.stats(BROKEN, by="Event")
    with pytest.raises(ValueError, match="top"):
        pgnkit.stats(BROKEN, top=-1)
