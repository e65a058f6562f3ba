"""Every field of every game of the tricky corpus and the shared corpora against the command
line (skipped where ../shared is absent)."""
import pytest

from compare import assert_matches_cli
from conftest import SHARED, shared

TRICKY = sorted((SHARED / "corpus/tricky").rglob("*.pgn")) if (SHARED / "corpus/tricky").exists() else []


def test_tricky_corpus():
    if not TRICKY:
        pytest.skip(f"{SHARED}/corpus/tricky is absent")
    total = sum(assert_matches_cli(p) for p in TRICKY)
    assert total > 100


@pytest.mark.parametrize("name", ["lichess", "otb", "engine"])
def test_shared_corpus(name):
    assert assert_matches_cli(shared(f"corpus/{name}.pgn.zst"), threads=2) > 1000
