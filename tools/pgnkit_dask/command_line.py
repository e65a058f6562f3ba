"""pgnkit-dask's command line: its parser, and the pgnkit command's options and files."""

import argparse
import json
import os
import shutil
import subprocess
import sys

from . import cluster

COMMANDS = ("check", "status", "convert", "select", "annotate", "analyse")
# Options pgnkit-dask sets itself.
OWN_OPTIONS = ("--range", "--base-game", "--base-line", "--base-id", "--base-errors",
               "--zstd-frame", "--summary-format", "--no-header")
# What every shard is run with: a command without them cannot be sharded.
SHARD_OPTIONS = ("--range", "--base-game", "--base-line")
REFUSED = {
    "check": {},
    "status": {},
    "convert": {},
    "select": {},
    "annotate": {"--in-place": "--in-place rewrites each whole file: give -o"},
    "analyse": {},
}
# pgnkit prints its command line as JSON (lib/clidoc/json_model.h, docs/install.md): the
# driver reads the options from it, not from --help. It reads this schema version only: the
# version changes when a key changes meaning or goes away.
MODEL_ARGS = ("__generate", "--json", "-")
MODEL_SCHEMA = "pgnkit-cli-model"
MODEL_VERSION = 1


class ModelError(Exception):
    """The pgnkit binary cannot say what its command line is: too old, or not pgnkit."""


class CommandModel:
    """One pgnkit command's options from the model: which take a value, which are flags."""

    def __init__(self, command):
        self.name = command["name"]
        self.takes_value, self.flags = set(), set()
        self._names = {}  # each name: all the names of its option
        for option in command["options"]:
            if option["positional"] is not None:
                continue
            names = tuple(option["names"])
            (self.takes_value if option["takes_value"] else self.flags).update(names)
            self._names.update(dict.fromkeys(names, names))

    def has(self, name):
        return name in self._names

    def names(self, name):
        """Every name of the option called `name` (("-j", "--threads")); () if there is none."""
        return self._names.get(name, ())


def read_model(pgnkit):
    """{command: CommandModel} for every command of `pgnkit` (hidden ones too), from its
    `__generate --json -`. Raises ModelError when it cannot print it."""
    shown = " ".join([pgnkit, *MODEL_ARGS])
    try:
        r = subprocess.run([pgnkit, *MODEL_ARGS], capture_output=True, check=False)
    except OSError as error:
        raise ModelError(f"cannot run {pgnkit}: {error.strerror}") from error
    if r.returncode != 0:
        said = r.stderr.decode(errors="replace").strip().splitlines()
        raise ModelError(
            f"{pgnkit} cannot print its command-line model ('{shown}' failed"
            f"{': ' + said[0] if said else ''}): it is older than this pgnkit-dask; "
            f"give the pgnkit of the same release (--pgnkit)")
    try:
        model = json.loads(r.stdout)
    except ValueError as error:
        raise ModelError(f"'{shown}' printed no JSON ({error})") from error
    if not isinstance(model, dict) or model.get("schema") != MODEL_SCHEMA:
        raise ModelError(f"'{shown}' printed no pgnkit command-line model")
    if model.get("version") != MODEL_VERSION:
        raise ModelError(
            f"{pgnkit} prints its command-line model in version {model.get('version')} of the "
            f"schema; this pgnkit-dask reads version {MODEL_VERSION}: use the pgnkit-dask of "
            f"the same release")
    try:
        return {c["name"]: CommandModel(c) for c in model["program"]["subcommands"]}
    except (KeyError, TypeError) as error:
        raise ModelError(f"'{shown}' printed a model without {error}") from error


def command_model(pgnkit, command):
    """The model of `pgnkit COMMAND`, which must have the shard options. Raises ModelError."""
    commands = read_model(pgnkit)
    if command not in commands:
        raise ModelError(f"{pgnkit} has no command '{command}': it is older than this "
                         f"pgnkit-dask")
    missing = [name for name in SHARD_OPTIONS if not commands[command].has(name)]
    if missing:
        raise ModelError(f"{pgnkit} {command} has no {', '.join(missing)}: it is older than "
                         f"this pgnkit-dask")
    return commands[command]


def fail(message):
    print(f"pgnkit-dask: {message}", file=sys.stderr)
    sys.exit(2)


def default_pgnkit(script_dir):
    """The pgnkit beside pgnkit-dask (installed, or a build tree's), else the one on PATH."""
    beside = os.path.join(script_dir, "pgnkit")
    if os.access(beside, os.X_OK):
        return beside
    return shutil.which("pgnkit") or "pgnkit"


def option_word(model, arg):
    """The options in one word as CLI11 reads it, [(NAME, VALUE or None)]: --name or
    --name=VALUE; -x, -xVALUE for a short option that takes a value, or short flags run
    together (-qj2: -q, then -j 2). Stops at a name the command does not have."""
    if arg.startswith("--"):
        name, eq, value = arg.partition("=")
        return [(name, value if eq else None)]
    found = []
    for k in range(1, len(arg)):
        name = "-" + arg[k]
        if name in model.takes_value:
            found.append((name, arg[k + 1:] or None))
            break
        found.append((name, None))
        if name not in model.flags:
            break
    return found


def split_arguments(model, command, rest):
    """The command's options (kept in order), its input files, and its -o OUT (taken over by
    the driver: the shards write to stdout). `model`: the command's CommandModel."""
    output_names = model.names("--output")  # a command that writes its output to a file
    threads_names = model.names("--threads")
    threads_given = False
    options, files, output = [], [], None
    i = 0
    while i < len(rest):
        arg = rest[i]
        if arg == "--":
            files.extend(rest[i + 1:])
            break
        if not arg.startswith("-") or arg == "-":
            files.append(arg)
            i += 1
            continue
        word = [arg]
        found = option_word(model, arg)
        for name, _ in found:
            if name in OWN_OPTIONS:
                fail(f"{name} is set by pgnkit-dask itself")
            if not model.has(name):
                fail(f"pgnkit {command} has no option {name} (see pgnkit {command} --help)")
            if name in REFUSED[command]:
                fail(f"{name} cannot be used: {REFUSED[command][name]}")
            threads_given = threads_given or name in threads_names
        name, value = found[-1]
        if name in model.takes_value and value is None:
            if i + 1 >= len(rest):
                fail(f"{name} needs a value")
            i += 1
            value = rest[i]
            word.append(value)
        if name in output_names:
            output = value
            # Short flags run together before it stay ("-qoOUT": "-q").
            flags = "".join(n[1] for n, _ in found[:-1]) if not arg.startswith("--") else ""
            word = ["-" + flags] if flags else []
        options += word
        i += 1
    if threads_names and not threads_given:
        # One worker process runs one shard on one core: the cluster provides the parallelism.
        options += ["--threads", "1"]
    if not files:
        fail("give the input files (stdin cannot be sharded)")
    if "-" in files:
        fail("'-' (stdin) cannot be sharded: give files")
    return options, files, output


def option_value(options, names):
    """The last value given to one of `names` in `options` (None if not given)."""
    value = None
    for i, arg in enumerate(options):
        name, _, inline = arg.partition("=")
        if name in names:
            value = inline if inline else (options[i + 1] if i + 1 < len(options) else None)
    return value


def without_option(options, name):
    """`options` without `name` and its value (NAME VALUE or NAME=VALUE)."""
    kept, i = [], 0
    while i < len(options):
        if options[i] == name:
            i += 2
            continue
        if not options[i].startswith(name + "="):
            kept.append(options[i])
        i += 1
    return kept


class Plan:
    """What the command needs from the driver beyond --range, --base-game, --base-line.
    Which of the driver's options the command takes comes from its model."""

    def __init__(self, command, options, model):
        to = option_value(options, ("--to",))
        self.count = command == "select" and "--count" in options
        # status --summary: the shards print their counts as NDJSON, the driver adds them up
        # and prints them in the format asked for.
        self.status_summary = command == "status" and "--summary" in options
        self.summary_format = option_value(options, ("--format",)) or "text"
        # A header row (or heading line) printed once, before any input: the shards leave
        # theirs out.
        prints_header = (command == "status" and not self.status_summary) or \
            (to == "csv" and not self.count)
        self.header = prints_header and model.has("--no-header")
        # FEN and EPD ids count games across inputs: the shard's first id.
        self.ids = to in ("fen", "epd") and model.has("--base-id")
        # The shards' summaries, as NDJSON, to add up (status prints none).
        self.summary = model.has("--summary-format")
        # NDJSON input (convert --from ndjson) is planned at its line starts.
        self.ndjson_input = command == "convert" and option_value(options, ("--from",)) == "ndjson"
        self.index_options = ["--from", "ndjson"] if self.ndjson_input else []
        self.options = options
        if self.status_summary:
            self.options = without_option(options, "--format") + ["--format", "ndjson"]

    def shard_args(self, pgnkit, command, shard, games_before, extra):
        args = [pgnkit, command, *self.options, *extra,
                "--range", f"{shard['start']}:{shard['end']}",
                "--base-game", str(shard["first_game"]),
                "--base-line", str(shard["first_line"])]
        if self.summary:
            args += ["--summary-format", "ndjson"]
        if self.header:
            args.append("--no-header")
        if self.ids:
            args += ["--base-id", str(games_before + shard["first_game"])]
        if shard.get("frame_start"):  # a .zst of many frames: decode from the shard's frame
            args += ["--zstd-frame", f"{shard['frame_offset']}:{shard['frame_start']}"]
        return [*args, shard["file"]]


EPILOG = """\
Examples:
  pgnkit-dask --local 2 check --format ndjson games-*.pgn -o problems.ndjson
  pgnkit-dask --scheduler tcp://head:8786 status --format csv archive/*.pgn -o status.csv
  pgnkit-dask --local 2 select --player Carlsen --skip 100 --limit 10 archive/*.pgn
  pgnkit-dask --local 2 convert --from ndjson --to pgn export.ndjson -o games.pgn
  pgnkit-dask --local 2 --timings check --quiet games.pgn
Exit status: as pgnkit COMMAND on one machine (0, 1, 2); 2 also for a usage error of
  pgnkit-dask itself. See docs/scale-out.md (share/doc/pgnkit/docs/scale-out.md).
Environment: PGNKIT_DASK_SHUTDOWN_SECONDS, how long closing the client and then a local
  cluster may take each (default 20) before the driver kills its workers; the output is
  complete before either is closed.
"""


def version_text(version, pgnkit):
    """pgnkit-dask's version, the pgnkit it runs (its own --version) and dask.distributed's."""
    version = "(source tree)" if version.startswith("@") else version
    lines = [f"pgnkit-dask {version}"]
    try:
        r = subprocess.run([pgnkit, "--version"], capture_output=True, text=True, check=False)
        found = r.stdout.strip() if r.returncode == 0 else ""
    except OSError:
        found = ""
    lines.append(f"runs {pgnkit}: " + (found.replace("\n", "; ") if found else "not found"))
    try:
        import distributed
        lines.append(f"dask.distributed {distributed.__version__}")
    except ImportError:
        lines.append("dask.distributed not installed (Debian package python3-distributed)")
    return "\n".join(lines)


class VersionAction(argparse.Action):
    """--version, worked out when asked for (it runs pgnkit --version)."""

    def __init__(self, option_strings, dest, version, default_pgnkit, **kwargs):
        self.version, self.default_pgnkit = version, default_pgnkit
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="print the versions of pgnkit-dask, of the pgnkit it runs and of "
                              "dask.distributed, and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        print(version_text(self.version, getattr(namespace, "pgnkit", None) or
                           self.default_pgnkit))
        parser.exit()


def build_parser(description, version, default_pgnkit):
    """The command line (also read by cmake/generate_dask_docs.py for the man page and the
    bash completion)."""
    parser = argparse.ArgumentParser(
        prog="pgnkit-dask", description=description, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=VersionAction, version=version,
                        default_pgnkit=default_pgnkit)
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDRESS", help="an existing Dask scheduler")
    where.add_argument("--local", metavar="N", type=int, default=None,
                       help="start a LocalCluster of N worker processes (default: the CPUs)")
    plan = parser.add_mutually_exclusive_group()
    plan.add_argument("--shards", metavar="N", type=int, help="shards per plain file")
    plan.add_argument("--shard-size", metavar="BYTES", type=int,
                      help=f"bytes per shard (default: the inputs' bytes over "
                           f"{cluster.SHARDS_PER_WORKER} per worker, from 1 to 64 MiB)")
    parser.add_argument("--pgnkit", metavar="PATH", default=default_pgnkit,
                        help="the pgnkit binary, at the same path on every worker")
    parser.add_argument("--retries", metavar="N", type=int, default=2,
                        help="runs of a failed shard after the first (default 2)")
    parser.add_argument("--timings", action="store_true",
                        help="print where the seconds went (imports, cluster start, index, "
                             "shards, shutdown) to stderr at the end")
    parser.add_argument("-o", "--output", metavar="OUT", help="write the output here, not stdout")
    parser.add_argument("command", metavar="COMMAND", choices=COMMANDS,
                        help="the pgnkit command to run: " + ", ".join(COMMANDS))
    parser.add_argument("rest", nargs=argparse.REMAINDER, help="the command's options and files")
    return parser
