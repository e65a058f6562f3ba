#!/usr/bin/env python3
"""Checks that the CMake files build the include paths they mean.

Reads the build tree's compile_commands.json and fails, naming the source file and the flag,
for an include directory (-I, -isystem, -iquote, -idirafter) that does not exist, is `/`, or
is the repository root itself. A formatter that splits `${PROJECT_SOURCE_DIR}/lib` into
`${PROJECT_SOURCE_DIR} / lib` gives all three, and the build still compiles.

Usage: include_paths_check.py BUILD_DIR SOURCE_DIR. Exit 0 when every path is right, 1 when
one is not, 77 (a CTest skip) when the build tree has no compile_commands.json.
"""
import json
import os
import shlex
import sys

SKIP = 77
INCLUDE_FLAGS = ("-isystem", "-iquote", "-idirafter", "-I")  # longest first: "-I" is a prefix


def include_dirs(arguments):
    """Yields (flag as written, directory) for each include flag of one command line."""
    i = 0
    while i < len(arguments):
        arg = arguments[i]
        for flag in INCLUDE_FLAGS:
            if arg == flag and i + 1 < len(arguments):
                yield f"{flag} {arguments[i + 1]}", arguments[i + 1]
                i += 1
                break
            if arg.startswith(flag) and len(arg) > len(flag):
                yield arg, arg[len(flag):]
                break
        i += 1


def problem(directory, source_root):
    """Why an include directory is wrong, or None."""
    if directory == os.path.sep:
        return "is the file system root"
    if directory == source_root:
        return "is the repository root (a path meant below it?)"
    if not os.path.isdir(directory):
        return "does not exist"
    return None


def main():
    if len(sys.argv) != 3:
        print("usage: include_paths_check.py BUILD_DIR SOURCE_DIR", file=sys.stderr)
        return 2
    build_dir, source_dir = sys.argv[1], sys.argv[2]
    database = os.path.join(build_dir, "compile_commands.json")
    if not os.path.exists(database):
        print(f"skipped: no {database} (a generator that does not write it)")
        return SKIP
    source_root = os.path.realpath(source_dir)
    with open(database, encoding="utf-8") as f:
        entries = json.load(f)
    # One line per wrong flag, with the first file that has it and how many others do.
    found = {}
    for entry in entries:
        arguments = entry.get("arguments") or shlex.split(entry["command"])
        for flag, directory in include_dirs(arguments):
            absolute = os.path.normpath(os.path.join(entry["directory"], directory))
            why = problem(os.path.realpath(absolute), source_root)
            if why:
                files = found.setdefault((flag, why), [])
                files.append(os.path.relpath(entry["file"], source_root))
    for (flag, why), files in sorted(found.items()):
        others = f" (and {len(files) - 1} more files)" if len(files) > 1 else ""
        print(f"{files[0]}{others}: {flag}: {why}")
    if found:
        print(f"{len(found)} wrong include flags in {database}")
        return 1
    print(f"every include directory of the {len(entries)} compile commands exists")
    return 0


if __name__ == "__main__":
    sys.exit(main())
