#!/usr/bin/env python3
"""Runs clang-tidy, with the repository's .clang-tidy, on pgnkit's C++ sources.

--all: every tracked .cpp file that the build compiles (in compile_commands.json).
--changed: the C++ files the current change touches: those that differ between HEAD's first
parent and HEAD (for a merge, all that it brought in), staged, unstaged or untracked; all of
them where HEAD has no parent at hand (a shallow clone). A changed header is checked on its
own, with the flags clang-tidy infers from a source beside it.

Every warning counts as an error. The compile commands are GCC's: clang is told not to warn
about GCC's own -W options.

Usage: tidy_check.py --all|--changed SOURCE_DIR BUILD_DIR [CLANG_TIDY]. Exit 0 when clang-tidy
finds nothing, 1 when it does, 77 (a CTest skip, with a message) when git or clang-tidy is
missing, SOURCE_DIR is not a git checkout, or BUILD_DIR has no compile_commands.json.
"""
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import time

from checkout import SKIP, git, tracked_sources, why_skipped

JOBS = 2  # the machine's cores (docs/testing.md has the time of --all)


def changed_files(source_dir, tracked):
    """The files the current change touches, or `tracked` without a parent to compare with."""
    against_parent = git(source_dir, "diff", "--name-only", "HEAD^1", "HEAD")
    if against_parent is None:
        print("HEAD has no parent here: checking every file")
        return tracked
    uncommitted = git(source_dir, "diff", "--name-only", "HEAD") or []
    untracked = git(source_dir, "ls-files", "--others", "--exclude-standard") or []
    return sorted(set(against_parent + uncommitted + untracked))


def tidy(clang_tidy, build_dir, source_dir, path):
    """(path, seconds, output, passed) of clang-tidy on one file."""
    start = time.monotonic()
    run = subprocess.run([clang_tidy, "-p", build_dir, "--quiet", "--warnings-as-errors=*",
                          "--extra-arg=-Wno-unknown-warning-option", path],
                         cwd=source_dir, capture_output=True, text=True, check=False)
    return path, time.monotonic() - start, run.stdout + run.stderr, run.returncode == 0


def main():
    if len(sys.argv) not in (4, 5) or sys.argv[1] not in ("--all", "--changed"):
        print("usage: tidy_check.py --all|--changed SOURCE_DIR BUILD_DIR [CLANG_TIDY]",
              file=sys.stderr)
        return 2
    mode, source_dir, build_dir = sys.argv[1:4]
    clang_tidy = shutil.which(sys.argv[4] if len(sys.argv) == 5 else "clang-tidy")
    database = os.path.join(build_dir, "compile_commands.json")
    skipped = why_skipped(source_dir, "clang-tidy", clang_tidy)
    if not skipped and not os.path.exists(database):
        skipped = f"skipped: no {database} (a generator that does not write it)"
    if skipped:
        print(skipped)
        return SKIP
    with open(database, encoding="utf-8") as f:
        compiled = {os.path.realpath(entry["file"]) for entry in json.load(f)}
    tracked = tracked_sources(source_dir)
    files = tracked if mode == "--all" else changed_files(source_dir, tracked)
    checked = []
    for path in files:
        absolute = os.path.realpath(os.path.join(source_dir, path))
        if not os.path.isfile(absolute):
            continue  # deleted by the change
        if path.endswith(".cpp") and absolute in compiled:
            checked.append(path)
        elif path.endswith(".h") and mode == "--changed":
            checked.append(path)
        # Else not C++, or a .cpp this tree does not build (the fuzz targets, the benchmarks),
        # or, with --all, a header: each is checked through the sources that include it.
    if not checked:
        print("no C++ file to check")
        return 0
    start = time.monotonic()
    failed = []
    with concurrent.futures.ThreadPoolExecutor(JOBS) as pool:
        for path, seconds, output, passed in pool.map(
                lambda p: tidy(clang_tidy, build_dir, source_dir, p), checked):
            if not passed:
                failed.append(path)
                print(output, end="" if output.endswith("\n") else "\n")
            print(f"{path}: {'FAILED' if not passed else 'ok'} ({seconds:.1f} s)")
    summary = f"{len(checked)} files in {time.monotonic() - start:.0f} s on {JOBS} jobs"
    if failed:
        print(f"clang-tidy found problems in {len(failed)} of {summary}: {' '.join(failed)}")
        return 1
    print(f"clang-tidy found nothing in {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
