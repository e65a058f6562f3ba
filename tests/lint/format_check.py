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

from checkout import SKIP, tracked_sources, why_skipped


def main():
    if len(sys.argv) not in (2, 3):
        print("usage: format_check.py SOURCE_DIR [CLANG_FORMAT]", file=sys.stderr)
        return 2
    source_dir = sys.argv[1]
    clang_format = shutil.which(sys.argv[2] if len(sys.argv) == 3 else "clang-format")
    skipped = why_skipped(source_dir, "clang-format", clang_format)
    if skipped:
        print(skipped)
        return SKIP
    # A file deleted but not yet committed is still listed.
    files = [f for f in tracked_sources(source_dir)
             if os.path.isfile(os.path.join(source_dir, f))]
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
