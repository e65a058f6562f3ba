#!/usr/bin/env python3
"""Checks that every tracked C++ file is formatted by the repository's .clang-format.

Runs `clang-format --dry-run --Werror` on each file of `git ls-files '*.cpp' '*.h'`; its
messages name the file, line and column of each change it would make.

Usage: format_check.py SOURCE_DIR [CLANG_FORMAT]. Exit 0 when every file is formatted, 1
when one is not, 77 (a CTest skip, with a message) when git or clang-format is missing or
SOURCE_DIR is not a git checkout.
"""
import os
import shutil
import subprocess
import sys

SKIP = 77


def tracked_sources(source_dir):
    """The tracked .cpp and .h files that exist, or None when this is not a git checkout."""
    top = subprocess.run(["git", "-C", source_dir, "rev-parse", "--show-toplevel"],
                         capture_output=True, text=True, check=False)
    if top.returncode != 0 or os.path.realpath(top.stdout.strip()) != os.path.realpath(source_dir):
        return None
    listed = subprocess.run(["git", "-C", source_dir, "ls-files", "-z", "*.cpp", "*.h"],
                            capture_output=True, text=True, check=True).stdout
    # A file deleted but not yet committed is still listed.
    return [f for f in listed.split("\0") if f and os.path.isfile(os.path.join(source_dir, f))]


def main():
    if len(sys.argv) not in (2, 3):
        print("usage: format_check.py SOURCE_DIR [CLANG_FORMAT]", file=sys.stderr)
        return 2
    source_dir = sys.argv[1]
    clang_format = shutil.which(sys.argv[2] if len(sys.argv) == 3 else "clang-format")
    if not shutil.which("git"):
        print("skipped: git is not installed")
        return SKIP
    if not clang_format:
        print("skipped: clang-format is not installed (bash cmake/deps.sh installs it)")
        return SKIP
    files = tracked_sources(source_dir)
    if files is None:
        print(f"skipped: {source_dir} is not a git checkout, so it has no list of tracked files")
        return SKIP
    # In batches, so that no command line grows past the system's limit.
    failed = False
    for start in range(0, len(files), 200):
        run = subprocess.run([clang_format, "--dry-run", "--Werror", *files[start:start + 200]],
                             cwd=source_dir, check=False)
        failed = failed or run.returncode != 0
    if failed:
        print("clang-format would change the files above; run: clang-format -i FILE")
        return 1
    print(f"{len(files)} files formatted as .clang-format says")
    return 0


if __name__ == "__main__":
    sys.exit(main())
