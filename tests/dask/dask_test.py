#!/usr/bin/python3
"""pgnkit-dask on a LocalCluster of 2 worker processes against pgnkit on one machine.

Each case runs the same command both ways and compares stdout byte for byte, stderr with
the summary's seconds and MB/s taken out, and the exit status:
  - check --format ndjson, check (text), status --format ndjson / csv / text, convert
    --to ndjson / epd (ids across inputs) / csv (one header), select (raw bytes, --count,
    --to epd), annotate and analyse (the fake UCI engine) on the project's fixtures, as several
    files and as one concatenated file, with a missing file among them (same message, status 2);
  - the tricky corpus, and the three big corpora (decompressed) when ../shared is present,
    as three files and as one concatenated file: check and convert --to ndjson (written with
    -o by both, compared as files);
  - a worker killed in the middle of a shard (PGNKIT_DASK_KILL_ONCE): the shard runs again
    on another worker and the output is still exact;
  - the cluster's close cut short (PGNKIT_DASK_SHUTDOWN_SECONDS=0: the path taken when Dask's
    LocalCluster.close() hangs): exact output and status, and after both of these runs no
    process of theirs is left behind;
  - the options whose state crosses shards, each exact: status --summary (text, NDJSON),
    check --max-errors (reached in one input of several, so later ones are not opened; at
    once; with --strict; never reached), select --skip/--limit (limit only, both, skip only
    with a missing file, with --count, past every game, with --to epd), and, where the
    case needs it, that a shard was run again with its true share (--timings says so);
  - annotate --in-place is refused with a message, and so is a --scheduler address where no
    scheduler listens (status 2, no traceback);
  - .zst files of many frames (with and without content sizes), whose shards start at frame
    starts and decode from their own frame (--zstd-frame).
Most cases share one LocalCluster started here (--scheduler); a few, the big corpora and the
killed worker run with --local 2, which starts its own.
Exits 77 (CTest: skipped) with a message where dask.distributed is not installed.
"""

import argparse
import filecmp
import glob
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

try:
    import distributed  # noqa: F401  (Debian: python3-distributed)
except ImportError:
    print("SKIP: dask.distributed is not installed (Debian package python3-distributed)")
    sys.exit(77)

TIMING = re.compile(rb", [0-9.]+ s, [0-9.]+ MB/s|^pgnkit-dask timings: .*\n", re.M)
RERUNS = re.compile(rb"shard runs \(([0-9]+) again\)")
SHARD_RUNS = re.compile(rb"([0-9]+) shard runs \(")
failures = []


# One run's bound: a hang fails its own case, named, long before CTest's timeout.
RUN_SECONDS = 300


def run(args, env=None, keep_timings=False):
    try:
        r = subprocess.run(args, capture_output=True, env=env, check=False, timeout=RUN_SECONDS)
    except subprocess.TimeoutExpired:
        return -1, b"", f"timed out after {RUN_SECONDS} s: {args}".encode()
    return r.returncode, r.stdout, r.stderr if keep_timings else TIMING.sub(b"", r.stderr)


def left_behind(tag):
    """The processes still alive that carry PGNKIT_DASK_TEST_RUN=tag in their environment:
    the driver's workers, nannies and helpers inherit it."""
    import psutil  # a dependency of distributed
    found = []
    for p in psutil.process_iter(["pid", "environ", "cmdline"]):
        if (p.info["environ"] or {}).get("PGNKIT_DASK_TEST_RUN") == tag:
            found.append(f"{p.info['pid']} {' '.join(p.info['cmdline'] or [])[:120]}")
    return found


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


def expect_none_left(tag):
    """Fails when a process of the run tagged `tag` is still alive a few seconds after it."""
    for _ in range(50):
        left = left_behind(tag)
        if not left:
            return
        time.sleep(0.1)
    print(f"FAILED processes left behind by the '{tag}' run:", *left, sep="\n       ")
    failures.append(f"processes left ({tag})")


def compare_files(name, one, dask, one_path, dask_path):
    """As compare(), for runs that wrote their output to files (-o)."""
    same = os.path.getsize(one_path) == os.path.getsize(dask_path) and \
        filecmp.cmp(one_path, dask_path, shallow=False)
    compare(name, (one[0], b"same" if same else b"one", one[2]),
            (dask[0], b"same" if same else b"dask", dask[2]))
    print(f"       ({os.path.getsize(one_path)} bytes written)")


def main():
    sys.stdout.reconfigure(line_buffering=True)  # a timed-out run still shows how far it got
    ap = argparse.ArgumentParser()
    ap.add_argument("--pgnkit", required=True)
    ap.add_argument("--driver", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--shared", required=True)
    ap.add_argument("--fake-uci", dest="fake_uci", required=True)
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="pgnkit-dask-test.")
    try:
        return run_all(a, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)  # the decompressed corpora are big


def multi_frame_zst(tmp, source, part_size, flag, name):
    """TMP/NAME: SOURCE cut every PART_SIZE bytes (`split -b`, mid-game or mid-line), each part
    compressed alone by zstd with FLAG (--content-size or --no-content-size), concatenated."""
    parts = tempfile.mkdtemp(prefix="parts.", dir=tmp)
    subprocess.run(["split", "-b", str(part_size), source, os.path.join(parts, "p.")],
                   check=True)
    zst = os.path.join(tmp, name)
    with open(zst, "wb") as out:
        for part in sorted(glob.glob(os.path.join(parts, "p.*"))):
            out.write(subprocess.run(["zstd", "-q", "-c", flag, part], capture_output=True,
                                     check=True).stdout)
    return zst


def run_all(a, tmp):
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
        ("convert ndjson, fixtures + a missing file", ["convert", "--to", "ndjson"], files, 3),
        ("convert epd, fixtures (ids across inputs)", ["convert", "--to", "epd"], files, 3),
        ("convert csv, fixtures (one header)", ["convert", "--to", "csv", "--columns", "ECO"],
         files, 3),
        ("convert pgn, joined", ["convert", "--to", "pgn", "--on-error", "skip"], [joined], 5),
        ("select, fixtures + a missing file", ["select", "--result", "1-0"], files, 3),
        ("select --count, fixtures", ["select", "--result", "1/2-1/2", "--count"], files, 3),
        ("select --to epd, fixtures", ["select", "--result", "0-1", "--to", "epd"], files, 3),
        ("select, none selected", ["select", "--player", "Nobody Atall"], [joined], 3),
        ("annotate, fixtures", ["annotate", "--end-tags", "--fix-results"], files, 3),
        # A deterministic engine (tests/analysis/fake_uci.cpp): the shards' engines give the
        # one machine's bytes, and their summaries add up to its line.
        ("analyse, fixtures (fake engine)", ["analyse", "--engine", a.fake_uci], files, 3),
    ]
    # Multi-frame .zst of the joined fixtures (frames every 200 kB, mid-game too), with and
    # without content sizes: shards start at frames, and run from their own (--zstd-frame).
    for flag, kind in (("--no-content-size", "unsized"), ("--content-size", "sized")):
        zst = multi_frame_zst(tmp, joined, 200000, flag, f"joined.{kind}.pgn.zst")
        cases.append((f"check ndjson, a .zst of many frames ({kind})",
                      ["check", "--format", "ndjson"], [zst], 5))
        cases.append((f"convert ndjson, a .zst of many frames ({kind})",
                      ["convert", "--to", "ndjson"], [zst, joined], 4))
    # NDJSON input (convert --from ndjson): the fixtures as NDJSON, lichess's export and bad
    # lines, planned at line starts; as a .zst of many frames cut mid-line too.
    joined_ndjson = os.path.join(tmp, "joined.ndjson")
    with open(joined_ndjson, "wb") as out:
        out.write(subprocess.run([a.pgnkit, "convert", "--to", "ndjson", joined],
                                 capture_output=True, check=False).stdout)
    ndjson_inputs = [joined_ndjson, missing] + [os.path.join(a.source, "tests/data/convert", f)
                                                for f in ("broken.ndjson", "lichess.ndjson")]
    ndjson_zst = multi_frame_zst(tmp, joined_ndjson, 150000, "--no-content-size",
                                 "joined.ndjson.zst")
    cases += [
        ("convert --from ndjson to pgn, NDJSON files + a missing file",
         ["convert", "--from", "ndjson", "--to", "pgn"], ndjson_inputs, 4),
        ("convert --from ndjson to epd (ids across inputs)",
         ["convert", "--from", "ndjson", "--to", "epd"], ndjson_inputs, 3),
        ("convert --from ndjson to ndjson, a .zst of many frames",
         ["convert", "--from", "ndjson", "--to", "ndjson"], [ndjson_zst], 5),
    ]
    tricky = sorted(glob.glob(os.path.join(a.shared, "corpus/tricky/**/*.pgn"), recursive=True))
    if tricky:
        cases.append(("check ndjson, tricky corpus", ["check", "--format", "ndjson"], tricky, 2))
        cases.append(("convert ndjson, tricky corpus", ["convert", "--to", "ndjson"], tricky, 2))
    else:
        print("SKIP-PART: no tricky corpus at", os.path.join(a.shared, "corpus/tricky"))
    big = []
    for name in ("lichess", "otb", "engine"):
        zst = os.path.join(a.shared, "corpus", name + ".pgn.zst")
        if os.path.exists(zst):
            pgn = os.path.join(tmp, name + ".pgn")
            subprocess.run(["zstd", "-qdf", zst, "-o", pgn], check=True)
            big.append(pgn)
    written = []  # (name, command, inputs, shards): output too big to hold, written with -o
    if big:
        big_joined = os.path.join(tmp, "big_joined.pgn")
        with open(big_joined, "wb") as out:
            for p in big:
                with open(p, "rb") as src:
                    shutil.copyfileobj(src, out)
        cases.append(("check ndjson, big corpora", ["check", "--format", "ndjson"], big, 4))
        cases.append(("status ndjson, otb", ["status", "--format", "ndjson"],
                      [p for p in big if p.endswith("otb.pgn")], 4))
        written.append(("convert ndjson, big corpora (three files)", ["convert", "--to", "ndjson"],
                        big, 4))
        written.append(("convert ndjson, big corpora (one file)", ["convert", "--to", "ndjson"],
                        [big_joined], 8))
    else:
        print("SKIP-PART: no big corpora in", os.path.join(a.shared, "corpus"))

    # Most cases share one LocalCluster of 2 processes (--scheduler: the cluster starts once,
    # and the index pass runs on the workers); the --local ones start their own.
    from dask.distributed import LocalCluster
    import logging
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                           dashboard_address=":0", scheduler_kwargs={"dashboard": False},
                           silence_logs=logging.CRITICAL)
    shared = [sys.executable, a.driver, "--scheduler", cluster.scheduler_address,
              "--pgnkit", a.pgnkit]
    local_cases = {"check ndjson, fixtures + a missing file", "status csv, joined"}
    for name, command, inputs, shards in cases:
        one = run([a.pgnkit, *command, *inputs])
        driver = dask if name in local_cases else shared
        spread = run([*driver, "--timings", "--shards", str(shards), *command, *inputs],
                     keep_timings=True)
        compare(name, one, (spread[0], spread[1], TIMING.sub(b"", spread[2])))
        # The files were cut: more shard runs than inputs (a plan that could not cut, as
        # PGN's of an NDJSON file, would compare equal but prove nothing).
        runs = SHARD_RUNS.search(spread[2])
        if runs is None or int(runs.group(1)) <= len(inputs):
            print(f"FAILED {name}: the inputs were not cut into shards:", spread[2][-300:])
            failures.append(name + " (shards)")

    # Options whose state crosses shards: each case is exact, and the rerun path (a shard
    # run again with its true share) is taken where the case says so.
    few = fixtures[:3]  # none of them reaches 40 errors: the later inputs are read too
    crossing = [
        # (name, command, inputs, shards per file, reruns expected)
        ("status --summary, fixtures + a missing file", ["status", "--summary"], files, 3, 0),
        ("status --summary ndjson, joined", ["status", "--summary", "--format", "ndjson"],
         [joined], 5, 0),
        ("check --max-errors 5, fixtures (stops in an input, later ones not opened)",
         ["check", "--format", "ndjson", "--max-errors", "5"], files, 4, 1),
        ("check --max-errors 1, joined", ["check", "--max-errors", "1", "--color", "never"],
         [joined], 6, 0),
        ("check --max-errors 30 --strict, joined (warnings count)",
         ["check", "--strict", "--format", "ndjson", "--max-errors", "30"], [joined], 6, 1),
        ("check --max-errors 40, three fixtures (not reached)",
         ["check", "--format", "ndjson", "--max-errors", "40"], few, 3, 0),
        ("select --limit 3, fixtures", ["select", "--limit", "3"], files, 3, 0),
        ("select --skip 40 --limit 25, joined", ["select", "--skip", "40", "--limit", "25"],
         [joined], 8, 1),
        ("select --skip 7, fixtures + a missing file", ["select", "--skip", "7"], files, 3, 1),
        ("select --skip 30 --count, joined", ["select", "--skip", "30", "--count"], [joined], 6,
         1),
        ("select --skip 100000, joined (none left)", ["select", "--skip", "100000"], [joined],
         4, 1),
        ("select --result 1-0 --skip 3 --limit 9 --to epd, fixtures",
         ["select", "--result", "1-0", "--skip", "3", "--limit", "9", "--to", "epd"], files, 3,
         1),
    ]
    for name, command, inputs, shards, reruns in crossing:
        one = run([a.pgnkit, *command, *inputs])
        r = subprocess.run([*shared, "--timings", "--shards", str(shards), *command, *inputs],
                           capture_output=True, check=False)
        m = RERUNS.search(r.stderr)
        compare(name, one, (r.returncode, r.stdout, TIMING.sub(b"", r.stderr)))
        if reruns and (not m or int(m.group(1)) == 0):
            print(f"FAILED {name}: no shard was run again (the exact path was not tested)")
            failures.append(name + " (reruns)")
    cases += [c[:4] for c in crossing]
    cluster.close()
    for name, command, inputs, shards in written:
        one_path, dask_path = os.path.join(tmp, "one.out"), os.path.join(tmp, "dask.out")
        one = run([a.pgnkit, *command, "-o", one_path, *inputs])
        spread = run([*dask, "--shards", str(shards), *command, "-o", dask_path, *inputs])
        compare_files(name, one, spread, one_path, dask_path)
        os.unlink(one_path)
        os.unlink(dask_path)

    # A worker dies in the middle of shard 1 of the joined file: dask runs it again.
    marker = os.path.join(tmp, "killed")
    env = dict(os.environ, PGNKIT_DASK_KILL_ONCE=f"{joined}#1:{marker}",
               PGNKIT_DASK_TEST_RUN="killed")
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
    expect_none_left("killed")

    # The cluster's close cut short (as when Dask's LocalCluster.close() hangs, which a
    # killed worker can cause): the workers are killed, the output and status are exact,
    # the driver says so in --timings, and no process of the run is left behind.
    env = dict(os.environ, PGNKIT_DASK_SHUTDOWN_SECONDS="0", PGNKIT_DASK_TEST_RUN="cut")
    spread = run([*dask, "--timings", "--shards", "3", "check", "--format", "ndjson", joined],
                 env=env, keep_timings=True)
    compare("check ndjson with the shutdown cut short", one,
            (spread[0], spread[1], TIMING.sub(b"", spread[2])))
    if b"shutdown (cut short)" not in spread[2]:
        print("FAILED the shutdown was not cut short:", spread[2][-300:])
        failures.append("shutdown cut short")
    expect_none_left("cut")

    # A scheduler that is not there: a message and status 2, not a traceback.
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT="2s")
    absent = run([sys.executable, a.driver, "--scheduler", f"tcp://127.0.0.1:{port}", "--pgnkit",
                  a.pgnkit, "check", joined], env=env)
    said = absent[2].startswith(b"pgnkit-dask: cannot reach the Dask scheduler:")
    if absent[0] != 2 or not said or b"Traceback" in absent[2]:
        print("FAILED an absent scheduler:", absent[0], absent[2][-300:])
        failures.append("absent scheduler")

    refused = run([*dask, "annotate", "--in-place", joined])
    if refused[0] != 2 or b"--in-place cannot be used" not in refused[2]:
        print("FAILED annotate --in-place is not refused:", refused[0], refused[2][-300:])
        failures.append("annotate --in-place refused")
    print(f"{len(cases) + len(written) + 4 - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
