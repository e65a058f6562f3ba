#!/usr/bin/python3
"""pgnkit-dask's command line from pgnkit's JSON model (pgnkit __generate --json -), without
a cluster (dask.distributed is not needed):
  - for every command pgnkit-dask runs, the options that take a value and the flags are
    exactly the sets the driver got from scraping --help before the model, but for --laws:
    --help shows its value as "by-date|current|pre-2014", which the scraper's pattern (a
    value type in capitals) missed, so it took --laws for a flag and its value for a file;
  - how split_arguments() reads a command line with them (values, --name=VALUE, short
    options run together, -o taken over, unknown and refused options);
  - which of the driver's shard options a Plan uses, from the model;
  - a pgnkit too old to print the model, one that is not pgnkit, and a model of another
    schema version: a ModelError with a message, and from the driver a message and status 2
    (no traceback).
An option added to one of these commands fails the exact sets below until they list it.

    command_line_test.py --pgnkit PATH --source DIR
"""

import argparse
import io
import json
import os
import stat
import subprocess
import sys
import tempfile
import unittest
from contextlib import redirect_stderr

ARGS = None
SHARDS = {"--base-game", "--base-line", "--range", "--zstd-frame"}

# What options_with_values() (the --help scraper) gave for each command, and the flags (every
# other option --help listed), with --laws moved from the flags to the values.
EXPECTED_VALUES = {
    "check": SHARDS | {
        "--base-errors", "--baseline", "--color", "--config", "--error", "--format",
        "--ignore", "--laws", "--max-errors", "--sarif-root", "--select", "--summary-format",
        "--threads", "--warn", "--write-baseline", "-j"},
    "status": SHARDS | {"--eco-file", "--format", "--laws", "--threads", "-j"},
    "convert": SHARDS | {
        "--base-id", "--columns", "--from", "--laws", "--line-length", "--on-error",
        "--output", "--summary-format", "--tags", "--threads", "--to", "-j", "-o"},
    "select": SHARDS | {
        "--base-id", "--black", "--date", "--eco", "--eco-file", "--elo", "--ends", "--fen",
        "--imbalance", "--imbalance-plies", "--limit", "--material", "--output", "--player",
        "--plies", "--position-pattern", "--result", "--skip", "--summary-format", "--tag",
        "--termination", "--threads", "--to", "--tree", "--variant", "--white", "-j", "-o"},
    "annotate": SHARDS | {
        "--eco-file", "--laws", "--line-length", "--on-error", "--output", "--summary-format",
        "--threads", "-j", "-o"},
    "analyse": SHARDS | {
        "--depth", "--engine", "--engine-option", "--laws", "--line-length", "--movetime",
        "--nodes", "--on-error", "--output", "--summary-format", "--threads", "--timeout",
        "--variations", "-j", "-o"},
}
EXPECTED_FLAGS = {
    "check": {
        "--allow-null", "--help", "--list-codes", "--no-config", "--no-progress",
        "--no-strict", "--no-variations", "--progress", "--quiet", "--strict", "-h", "-q"},
    "status": {
        "--accuracy", "--eco", "--help", "--no-header", "--no-variations", "--summary", "-h"},
    "convert": {
        "--help", "--include-start", "--moves-only", "--no-comments", "--no-header",
        "--no-nags", "--no-variations", "-h"},
    "select": {
        "--consistent", "--count", "--eco-classify", "--fen-placement", "--help", "--illegal",
        "--imbalance-any-pawns", "--inconsistent", "--invert", "--legal", "--material-final",
        "--no-header", "--no-progress", "--progress", "--verbose", "-h"},
    "annotate": {
        "--accuracy", "--claim-comments", "--eco", "--eco-keep", "--end-tags", "--fen-comments",
        "--fix-results", "--help", "--in-place", "-h"},
    "analyse": {"--force", "--help", "--no-progress", "--progress", "-h"},
}


def command_line():
    sys.path.insert(0, os.path.join(ARGS.source, "tools"))
    sys.dont_write_bytecode = True
    from pgnkit_dask import command_line as module  # noqa: E402
    return module


class Classification(unittest.TestCase):
    def test_every_command_exactly(self):
        cl = command_line()
        models = cl.read_model(ARGS.pgnkit)
        self.assertEqual(set(EXPECTED_VALUES), set(cl.COMMANDS))
        for command in cl.COMMANDS:
            with self.subTest(command=command):
                model = cl.command_model(ARGS.pgnkit, command)
                self.assertEqual(model.takes_value, EXPECTED_VALUES[command])
                self.assertEqual(model.flags, EXPECTED_FLAGS[command])
        self.assertIn("__generate", models)  # hidden commands are in the model too

    def test_aliases(self):
        model = command_line().command_model(ARGS.pgnkit, "select")
        self.assertEqual(model.names("--threads"), ("-j", "--threads"))
        self.assertEqual(model.names("-o"), ("-o", "--output"))
        self.assertEqual(model.names("--nope"), ())


class SplitArguments(unittest.TestCase):
    def split(self, command, rest):
        cl = command_line()
        return cl.split_arguments(cl.command_model(ARGS.pgnkit, command), command, rest)

    def refused(self, command, rest):
        err = io.StringIO()
        with redirect_stderr(err), self.assertRaises(SystemExit) as exit_:
            self.split(command, rest)
        self.assertEqual(exit_.exception.code, 2)
        return err.getvalue()

    def test_values_and_flags(self):
        self.assertEqual(self.split("check", ["--laws", "current", "-q", "a.pgn"]),
                         (["--laws", "current", "-q", "--threads", "1"], ["a.pgn"], None))
        self.assertEqual(self.split("check", ["--format=ndjson", "--strict", "a.pgn", "b.pgn"]),
                         (["--format=ndjson", "--strict", "--threads", "1"],
                          ["a.pgn", "b.pgn"], None))
        self.assertEqual(self.split("status", ["-j", "3", "a.pgn", "--", "-b.pgn"]),
                         (["-j", "3"], ["a.pgn", "-b.pgn"], None))

    def test_short_options_run_together(self):
        self.assertEqual(self.split("check", ["-qj2", "a.pgn"]), (["-qj2"], ["a.pgn"], None))
        self.assertEqual(self.split("check", ["-j2", "a.pgn"]), (["-j2"], ["a.pgn"], None))
        self.assertEqual(self.split("check", ["-qj", "2", "a.pgn"]),
                         (["-qj", "2"], ["a.pgn"], None))

    def test_output_taken_over(self):
        threads = ["--threads", "1"]
        for rest in (["-o", "out.pgn", "a.pgn"], ["--output", "out.pgn", "a.pgn"],
                     ["--output=out.pgn", "a.pgn"], ["-oout.pgn", "a.pgn"]):
            with self.subTest(rest=rest):
                self.assertEqual(self.split("select", rest), (threads, ["a.pgn"], "out.pgn"))
        self.assertEqual(self.split("convert", ["-j1", "-o", "-", "a.pgn"]),
                         (["-j1"], ["a.pgn"], "-"))

    def test_refused(self):
        self.assertIn("--range is set by pgnkit-dask itself",
                      self.refused("check", ["--range", "0:10", "a.pgn"]))
        self.assertIn("--no-header is set by pgnkit-dask itself",
                      self.refused("convert", ["--no-header", "a.pgn"]))
        self.assertIn("--in-place cannot be used", self.refused("annotate", ["--in-place", "a"]))
        self.assertIn("pgnkit check has no option --nope",
                      self.refused("check", ["--nope", "a.pgn"]))
        self.assertIn("pgnkit check has no option -x", self.refused("check", ["-qx", "a.pgn"]))
        self.assertIn("pgnkit status has no option --count",
                      self.refused("status", ["--count", "a.pgn"]))
        self.assertIn("--max-errors needs a value", self.refused("check", ["--max-errors"]))
        self.assertIn("give the input files", self.refused("check", ["-q"]))


class PlanFromModel(unittest.TestCase):
    def plan(self, command, options):
        cl = command_line()
        return cl.Plan(command, options, cl.command_model(ARGS.pgnkit, command))

    def test_shard_options(self):
        for command in ("check", "convert", "select", "annotate", "analyse"):
            self.assertTrue(self.plan(command, []).summary, command)
        self.assertFalse(self.plan("status", []).summary)  # status prints no summary
        self.assertTrue(self.plan("status", []).header)
        self.assertFalse(self.plan("status", ["--summary"]).header)
        self.assertTrue(self.plan("convert", ["--to", "csv"]).header)
        self.assertFalse(self.plan("select", ["--to", "csv", "--count"]).header)
        self.assertTrue(self.plan("select", ["--to", "epd"]).ids)
        self.assertFalse(self.plan("convert", ["--to", "ndjson"]).ids)


def fake_pgnkit(directory, script):
    path = os.path.join(directory, "pgnkit")
    with open(path, "w", encoding="ascii") as f:
        f.write("#!/bin/sh\n" + script)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return path


class NoModel(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()  # pylint: disable=consider-using-with

    def tearDown(self):
        self.dir.cleanup()

    def model_error(self, pgnkit):
        cl = command_line()
        with self.assertRaises(cl.ModelError) as raised:
            cl.command_model(pgnkit, "check")
        return str(raised.exception)

    def test_too_old(self):
        # What a pgnkit from before --json says (CLI11's message, status 2).
        old = fake_pgnkit(self.dir.name, "echo 'The following arguments were not expected: "
                                         "- --json' >&2\nexit 2\n")
        message = self.model_error(old)
        self.assertIn("cannot print its command-line model", message)
        self.assertIn("older than this pgnkit-dask", message)
        self.assertIn("not expected", message)
        # From the driver: the message and status 2, no traceback, before any Dask import.
        r = subprocess.run([sys.executable, os.path.join(ARGS.source, "tools/pgnkit-dask"),
                            "--pgnkit", old, "--local", "1", "check", "a.pgn"],
                           capture_output=True, text=True, check=False)
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertTrue(r.stderr.startswith("pgnkit-dask: "), r.stderr)
        self.assertIn("older than this pgnkit-dask", r.stderr)
        self.assertNotIn("Traceback", r.stderr)

    def test_not_pgnkit(self):
        self.assertIn("printed no JSON", self.model_error(fake_pgnkit(self.dir.name, "echo hi\n")))
        self.assertIn("cannot run", self.model_error(os.path.join(self.dir.name, "missing")))
        other = json.dumps({"schema": "something-else", "version": 1})
        self.assertIn("no pgnkit command-line model",
                      self.model_error(fake_pgnkit(self.dir.name, f"echo '{other}'\n")))

    def test_other_schema_version(self):
        model = json.loads(subprocess.run([ARGS.pgnkit, "__generate", "--json", "-"],
                                          capture_output=True, check=True).stdout)
        model["version"] = 2
        saved = os.path.join(self.dir.name, "model.json")
        with open(saved, "w", encoding="utf-8") as f:
            json.dump(model, f)
        message = self.model_error(fake_pgnkit(self.dir.name, f"cat '{saved}'\n"))
        self.assertIn("version 2 of the schema; this pgnkit-dask reads version 1", message)

    def test_command_without_shard_options(self):
        model = {"schema": "pgnkit-cli-model", "version": 1, "program": {"subcommands": [
            {"name": "check", "options": [{"names": ["-q"], "positional": None,
                                           "takes_value": False}]}]}}
        saved = os.path.join(self.dir.name, "model.json")
        with open(saved, "w", encoding="utf-8") as f:
            json.dump(model, f)
        message = self.model_error(fake_pgnkit(self.dir.name, f"cat '{saved}'\n"))
        self.assertIn("check has no --range, --base-game, --base-line", message)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--pgnkit", required=True)
    parser.add_argument("--source", required=True)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0], *rest], verbosity=2)
