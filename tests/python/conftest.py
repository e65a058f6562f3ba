"""What the Python tests share: where pgnkit's binary, sources and the shared corpora are,
and the command line's answers to compare with."""
import json
import os
import pathlib
import subprocess

import pytest

SOURCE = pathlib.Path(os.environ.get("PGNKIT_SOURCE_DIR", pathlib.Path(__file__).parents[2]))
BINARY = os.environ.get("PGNKIT_BINARY", str(SOURCE / "build/tools/pgnkit"))
SHARED = pathlib.Path(os.environ.get("PGNKIT_SHARED_DIR", SOURCE.parent / "shared"))
SAMPLE = SOURCE / "data/sample.pgn"
BROKEN = SOURCE / "data/broken.pgn"


def cli(*args, check=True):
    """pgnkit's stdout for args (exit status 0 or 1 expected)."""
    done = subprocess.run([BINARY, *map(str, args)], capture_output=True)
    if check and done.returncode not in (0, 1):
        raise AssertionError(f"pgnkit {args}: exit {done.returncode}: {done.stderr.decode()}")
    return done.stdout


def cli_ndjson(*args):
    return [json.loads(line) for line in cli(*args).splitlines() if line]


def shared(path):
    """A file of ../shared, or a skip that says what is missing."""
    p = SHARED / path
    if not p.exists():
        pytest.skip(f"{p} is absent (the shared corpora are not beside this checkout)")
    return p
