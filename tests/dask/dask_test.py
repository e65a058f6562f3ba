#!/usr/bin/python3
"""pgnkit-dask on a LocalCluster of 2 worker processes against pgnkit on one machine.

Each case runs the same command both ways and compares stdout byte for byte, stderr with
the summary's seconds and MB/s taken out, and the exit status:
  - check --format ndjson, check (text), status --format ndjson / csv / text on the
    project's fixtures, as several files and as one concatenated file, with a missing file
    among them (same message, status 2);
  - the tricky corpus and the three big corpora (decompressed) when ../shared is present;
  - a worker killed in the middle of a shard (PGNKIT_DASK_KILL_ONCE): the shard runs again
    on another worker and the output is still exact.
Exits 77 (CTest: skipped) with a message where dask.distributed is not installed.
"""

import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

try:
    import distributed  # noqa: F401  (Debian: python3-distributed)
except ImportError:
    print("SKIP: dask.distributed is not installed (Debian package python3-distributed)")
    sys.exit(77)

TIMING = re.compile(rb", [0-9.]+ s, [0-9.]+ MB/s")
failures = []


def run(args, env=None):
    r = subprocess.run(args, capture_output=True, env=env, check=False)
    return r.returncode, r.stdout, TIMING.sub(b"", r.stderr)


def compare(name, one, dask):
    problems = []
    if one[0] != dask[0]:
        problems.append(f"exit status {one[0]} (one machine) vs {dask[0]} (dask)")
    if one[1] != dask[1]:
        problems.append(f"stdout differs: {len(one[1])} vs {len(dask[1])} bytes")
    if one[2] != dask[2]:
        problems.append(f"stderr differs:\n--- one machine\n{one[2][-800:]!r}\n--- dask\n"
                        f"{dask[2][-800:]!r}")
    status = "ok" if not problems else "FAILED"
    print(f"{status:6} {name} (status {one[0]}, {len(one[1])} bytes out)")
    for p in problems:
        print("       " + p)
    if problems:
        failures.append(name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pgnkit", required=True)
    ap.add_argument("--driver", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--shared", required=True)
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="pgnkit-dask-test.")
    fixtures = sorted(glob.glob(os.path.join(a.source, "tests/data/check/*.pgn")) +
                      glob.glob(os.path.join(a.source, "data/*.pgn")))
    joined = os.path.join(tmp, "joined.pgn")
    with open(joined, "wb") as out:
        for f in fixtures:
            with open(f, "rb") as src:
                out.write(src.read())
    missing = os.path.join(tmp, "missing.pgn")
    files = fixtures[:2] + [missing] + fixtures[2:] + [joined]
    dask = [sys.executable, a.driver, "--local", "2", "--pgnkit", a.pgnkit]

    cases = [
        ("check ndjson, fixtures + a missing file", ["check", "--format", "ndjson"], files, 3),
        ("check text, fixtures", ["check", "--color", "never"], files, 4),
        ("status ndjson, fixtures", ["status", "--format", "ndjson"], files, 3),
        ("status csv, joined", ["status", "--format", "csv"], [joined, missing], 5),
        ("status text, joined", ["status"], [joined], 2),
    ]
    tricky = sorted(glob.glob(os.path.join(a.shared, "corpus/tricky/**/*.pgn"), recursive=True))
    if tricky:
        cases.append(("check ndjson, tricky corpus", ["check", "--format", "ndjson"], tricky, 2))
    else:
        print("SKIP-PART: no tricky corpus at", os.path.join(a.shared, "corpus/tricky"))
    big = []
    for name in ("lichess", "otb", "engine"):
        zst = os.path.join(a.shared, "corpus", name + ".pgn.zst")
        if os.path.exists(zst):
            pgn = os.path.join(tmp, name + ".pgn")
            subprocess.run(["zstd", "-qdf", zst, "-o", pgn], check=True)
            big.append(pgn)
    if big:
        cases.append(("check ndjson, big corpora", ["check", "--format", "ndjson"], big, 4))
        cases.append(("status ndjson, otb", ["status", "--format", "ndjson"],
                      [p for p in big if p.endswith("otb.pgn")], 4))
    else:
        print("SKIP-PART: no big corpora in", os.path.join(a.shared, "corpus"))

    for name, command, inputs, shards in cases:
        one = run([a.pgnkit, *command, *inputs])
        spread = run([*dask, "--shards", str(shards), *command, *inputs])
        compare(name, one, spread)

    # A worker dies in the middle of shard 1 of the joined file: dask runs it again.
    marker = os.path.join(tmp, "killed")
    env = dict(os.environ, PGNKIT_DASK_KILL_ONCE=f"{joined}#1:{marker}")
    one = run([a.pgnkit, "check", "--format", "ndjson", joined])
    spread = run([*dask, "--shards", "3", "check", "--format", "ndjson", joined], env=env)
    # A dying worker process may print Dask's own teardown traceback to the stderr it shares
    # with the driver: compare pgnkit's part of stderr, its last line (the summary).
    last_line = lambda err: err.rstrip(b"\n").rsplit(b"\n", 1)[-1]
    compare("check ndjson with a worker killed mid-shard", (one[0], one[1], last_line(one[2])),
            (spread[0], spread[1], last_line(spread[2])))
    if not os.path.exists(marker):
        print("FAILED the kill hook did not run")
        failures.append("kill hook")

    print(f"{len(cases) + 1 - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
