"""The driver: plans the shards, runs them in order on the cluster, writes their outputs and
the summary added up, and gives pgnkit's exit status."""

import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

from . import cluster as cluster_
from . import command_line, crossing, tasks


def take_spooled(stdout):
    """A shard's stdout as bytes (reading and removing its spool file, if it has one)."""
    if not isinstance(stdout, str):
        return stdout
    with open(stdout, "rb") as f:
        data = f.read()
    os.unlink(stdout)
    return data


def check_summary_line(totals, seconds, stopped):
    """The summary line of `pgnkit check` (tools/cmd_check.cpp), for the added-up totals."""
    mbs = totals["bytes"] / 1e6 / seconds if seconds > 0 else 0.0
    return (f"{totals['games']} games, {totals['plies']} plies, {totals['errors']} errors, "
            f"{totals['warnings']} warnings, {totals['games_with_errors']} games with errors, "
            f"{totals['unsupported']} unsupported-variant games, {seconds:.2f} s, "
            f"{mbs:.1f} MB/s{' (stopped at --max-errors)' if stopped else ''}\n")


def move_errors_line(totals, bad_lines):
    """The summary line of `pgnkit convert` and `pgnkit annotate`, added up; with bad_lines
    (convert --from ndjson) the count of bad NDJSON lines too."""
    return (f"{totals['games']} games, {totals['bad_games']} with move errors "
            f"({'see above' if totals['bad_games'] else 'none'}), {totals['dropped']} dropped"
            f"{', ' + str(totals['bad_lines']) + ' bad lines' if bad_lines else ''}\n")


def analyse_summary_line(totals, engine):
    """The summary line of `pgnkit analyse` (lib/commands/analyse.cpp), added up."""
    return (f"{totals['games']} games, {totals['positions']} positions searched by "
            f"{engine or 'the engine'}, {totals['bad_games']} with move errors, "
            f"{totals['dropped']} dropped\n")


def status_summary_text(fmt, counts):
    """`pgnkit status --summary` (tools/cmd_status.cpp) for the added-up counts."""
    by_status, by_consistency = counts["by_status"], counts["by_consistency"]
    if fmt == "ndjson":
        join = lambda m: ",".join(f"{json.dumps(k)}:{m[k]}" for k in sorted(m))  # noqa: E731
        return (f'{{"summary":true,"by_status":{{{join(by_status)}}},'
                f'"by_consistency":{{{join(by_consistency)}}}}}\n')
    return "".join([f"status {k}: {by_status[k]}\n" for k in sorted(by_status)] +
                   [f"{k}: {by_consistency[k]}\n" for k in sorted(by_consistency)])


SUMMARY_KEYS = {
    "check": ("games", "plies", "errors", "warnings", "games_with_errors", "unsupported", "bytes"),
    "convert": ("games", "bad_games", "dropped", "bad_lines"),
    "annotate": ("games", "bad_games", "dropped"),
    "analyse": ("games", "positions", "bad_games", "dropped"),
    "select": ("selected",),
}


class Output:
    """stdout, or a temporary file renamed to OUT at the end (never half-written)."""

    def __init__(self, path):
        self.path = path
        if path:
            d = os.path.dirname(os.path.abspath(path))
            fd, self.tmp = tempfile.mkstemp(prefix=".pgnkit-dask.", dir=d)
            self.stream = os.fdopen(fd, "wb")
        else:
            self.stream = sys.stdout.buffer
        self.seconds = 0.0  # spent writing (--timings)

    def write(self, data):
        began = time.monotonic()
        self.stream.write(data)
        self.seconds += time.monotonic() - began

    def copy_spooled(self, path):
        """Appends a spooled shard output (then removes it), in the kernel where it can."""
        began = time.monotonic()
        self.stream.flush()
        with open(path, "rb") as f:
            size, offset = os.fstat(f.fileno()).st_size, 0
            try:
                while offset < size:
                    sent = os.sendfile(self.stream.fileno(), f.fileno(), offset, size - offset)
                    if sent == 0:
                        break
                    offset += sent
            except OSError:  # an output sendfile cannot write to: copy the rest in user space
                f.seek(offset)
                shutil.copyfileobj(f, self.stream)
        os.unlink(path)
        self.seconds += time.monotonic() - began

    def close(self, keep):
        self.stream.flush()
        if self.path:
            self.stream.close()
            if keep:
                os.replace(self.tmp, self.path)
            else:
                os.unlink(self.tmp)


class Timings:
    """--timings: where the driver's seconds go, printed to stderr at the end."""

    def __init__(self):
        self.parts = collections.OrderedDict()
        self.shard_seconds = 0.0
        self.shards = 0
        self.reruns = 0
        self.index_seconds = None  # the index processes' own seconds, when run here

    def add(self, name, seconds):
        self.parts[name] = self.parts.get(name, 0.0) + seconds

    def line(self, total, output_seconds):
        parts = ", ".join(f"{k} {v:.2f} s" for k, v in self.parts.items())
        if self.index_seconds is not None:
            parts += f" (index processes {self.index_seconds:.2f} s, run during the start)"
        cpu = os.times()
        return (f"pgnkit-dask timings: {parts}; output writes {output_seconds:.2f} s; "
                f"{self.shards} shard runs ({self.reruns} again), {self.shard_seconds:.2f} s "
                f"of pgnkit in them; total {total:.2f} s, driver CPU "
                f"{cpu.user + cpu.system:.2f} s\n")


def process_start_seconds(started):
    """Seconds from this process's start to `started` (the interpreter's own start-up)."""
    try:
        with open("/proc/self/stat") as f:
            ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        return time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK") - \
            (time.monotonic() - started)
    except (OSError, ValueError, IndexError):
        return 0.0


def planned_entries(indexes):
    """Every shard of every input in output order as an Entry, and an input that cannot be
    read at all as (input index, pgnkit's message). An input that fails part way has a plan
    for the bytes read: its last shard reports the error as one machine does."""
    games_before = 0
    for i, index in enumerate(indexes):
        rc, shards, err = index.result()
        if rc != 0 and not shards:
            yield i, err
            continue
        for k, shard in enumerate(shards):
            yield crossing.Entry(shard, games_before, i, k + 1 == len(shards))
        games_before += sum(shard["games"] for shard in shards)


class Run:
    """The shards of one command line on a cluster, written in order."""

    def __init__(self, args, options, plan, client, out, timings):
        self.args, self.plan, self.client, self.out = args, plan, client, out
        self.timings = timings
        self.cross = crossing.cross_shard_state(args.command, plan, options)
        self.keys = SUMMARY_KEYS.get(args.command, ())
        self.totals = dict.fromkeys(self.keys, 0)
        self.status_counts = {"by_status": collections.Counter(),
                              "by_consistency": collections.Counter()}
        self.counted = 0  # select --count: the shards' counts
        self.engine = ""  # analyse: the engine's name, as a shard's summary gives it
        # Shard outputs through files on this machine (LocalCluster), else through Dask.
        self.spool_dir = tempfile.mkdtemp(prefix="pgnkit-dask.") if args.local else None
        self.status = 0

    def submit(self, entry, extra):
        entry.extra = extra
        shard = entry.shard
        argv = self.plan.shard_args(self.args.pgnkit, self.args.command, shard,
                                    entry.games_before, extra)
        key = f"{shard['file']}#{shard['shard']}"
        entry.future = self.client.submit(tasks.shard_task, argv, key, self.spool_dir, pure=False,
                                          retries=self.args.retries)

    def result(self, entry):
        rc, stdout, stderr, seconds = entry.future.result()
        self.timings.shards += 1
        self.timings.shard_seconds += seconds
        summary = {}
        if self.plan.summary:
            lines = stderr.splitlines(keepends=True)
            summary = json.loads(lines.pop()) if lines else {}
            stderr = b"".join(lines)
        return rc, stdout, stderr, summary

    def exact_result(self, entry):
        """The shard's result as one machine would have it, run again if need be."""
        first = result = self.result(entry)
        if self.cross is None:
            return result
        first_extra = entry.extra
        if not self.cross.exact(entry, first[0], first[3]):
            take_spooled(first[1])  # not written: its spool file goes
            self.submit(entry, self.cross.rerun_extra(entry))
            self.timings.reruns += 1
            result = self.result(entry)
        self.cross.took(first_extra, first[3], result[3], entry)
        return result

    def emit(self, rc, stdout, stderr, summary):
        if isinstance(stdout, str) and not (self.plan.count or self.plan.status_summary):
            self.out.copy_spooled(stdout)
            stdout = b""
        stdout = take_spooled(stdout)
        if self.plan.count:
            self.counted += int(stdout or b"0")
        elif self.plan.status_summary:
            for line in stdout.splitlines():
                counts = json.loads(line)
                for part in ("by_status", "by_consistency"):
                    self.status_counts[part].update(counts[part])
        elif stdout:
            self.out.write(stdout)
        for key in self.keys:
            self.totals[key] += summary.get(key, 0)
        self.engine = summary.get("engine") or self.engine
        self.diagnostics(stderr)
        if rc == 2 or self.args.command != "select":  # select: 1 means none *in this shard*
            self.status = max(self.status, rc)

    def diagnostics(self, data):
        if data:
            self.out.stream.flush()
            sys.stderr.buffer.write(data)
            sys.stderr.flush()

    def run(self, planned):
        workers = self.args.local or len(self.client.scheduler_info()["workers"])
        window = max(2, 2 * workers)
        queue = collections.deque()  # in output order: Entries, and messages
        more = True
        while more or queue:
            while more and len(queue) < window:
                item = next(planned, None)
                if item is None:
                    more = False
                elif isinstance(item, crossing.Entry):
                    self.submit(item, self.cross.extra(item) if self.cross else [])
                    queue.append(item)
                else:
                    queue.append(item)
            if not queue:
                break
            item = queue.popleft()
            index = item.input_index if isinstance(item, crossing.Entry) else item[0]
            if self.cross is not None and self.cross.skips(index):
                if isinstance(item, crossing.Entry):
                    item.future.cancel()
                continue
            if not isinstance(item, crossing.Entry):  # unreadable: pgnkit's own message, in place
                self.diagnostics(item[1])
                self.status = 2
                continue
            self.emit(*self.exact_result(item))
            if self.cross is not None and self.cross.finished(item):
                for rest in queue:
                    if isinstance(rest, crossing.Entry):
                        rest.future.cancel()
                break

    def summary_text(self, seconds):
        if self.args.command == "check":
            stopped = isinstance(self.cross, crossing.MaxErrors) and self.cross.stopped()
            return check_summary_line(self.totals, seconds, stopped)
        if self.args.command in ("convert", "annotate"):
            return move_errors_line(self.totals, self.plan.ndjson_input)
        if self.args.command == "analyse":
            return analyse_summary_line(self.totals, self.engine)
        return ""


def main(argv, parser, started):
    """Runs the command line `argv` (parsed by `parser`); pgnkit's exit status. `started`: the
    script's first monotonic time, before its imports (--timings)."""
    timings = Timings()
    timings.add("python start", process_start_seconds(started))
    timings.add("imports", time.monotonic() - started)
    args = parser.parse_args(argv)
    if args.local is None and not args.scheduler:
        args.local = len(os.sched_getaffinity(0))
    try:
        model = command_line.command_model(args.pgnkit, args.command)
    except command_line.ModelError as error:
        command_line.fail(str(error))
    options, files, output = command_line.split_arguments(model, args.command, args.rest)
    if output is not None:
        if args.output is not None:
            command_line.fail("-o is given twice (before and after the command)")
        args.output = output if output != "-" else None
    if args.output and args.output.endswith(".zst"):
        command_line.fail("-o: pgnkit-dask writes plain output; pipe it through zstd for a .zst")
    shard_args = []
    if args.shards:
        shard_args = ["--shards", str(args.shards)]
    elif args.shard_size:
        shard_args = ["--shard-size", str(args.shard_size)]
    plan = command_line.Plan(args.command, options, model)

    out = Output(args.output)
    if plan.header:
        # The heading or header row exactly as pgnkit prints it, before any input.
        head = subprocess.run([args.pgnkit, args.command, *options, os.devnull],
                              capture_output=True, check=False)
        out.write(head.stdout)
    def index_args(workers):
        """`pgnkit index`'s options: the shard size or count, and the input format."""
        return (shard_args or cluster_.default_shard_args(files, workers)) + plan.index_options

    began = time.monotonic()
    indexes = None
    if not args.scheduler:  # index here while the cluster starts
        local_index = cluster_.LocalIndex(args.pgnkit, files, index_args(args.local), args.local)
        indexes = local_index.futures()
    cluster_.quiet_dask()
    now = time.monotonic()
    try:
        client, cluster = cluster_.start_client(args, timings)
    except OSError as error:  # no scheduler there (Dask's connect timeout: 30 s by default)
        command_line.fail(f"cannot reach the Dask scheduler: {error}")
    timings.add("cluster start", time.monotonic() - now - timings.parts["import distributed"])
    if indexes is None:
        workers = len(client.scheduler_info()["workers"])
        # Only the workers may see the files.
        indexes = [client.submit(tasks.index_task, args.pgnkit, f, index_args(workers),
                                 pure=False, retries=args.retries) for f in files]
    now = time.monotonic()
    for index in indexes:
        index.result()
    timings.add("waiting for index", time.monotonic() - now)
    if not args.scheduler:
        timings.index_seconds = local_index.seconds
    run = Run(args, options, plan, client, out, timings)
    now = time.monotonic()
    try:
        run.run(planned_entries(indexes))
        timings.add("shards", time.monotonic() - now)
    except BaseException as error:
        if not cluster_.shut_down(client, cluster, run.spool_dir):
            if not isinstance(error, SystemExit):
                traceback.print_exc()
            sys.stderr.flush()
            code = error.code if isinstance(error, SystemExit) else None
            os._exit(code if isinstance(code, int) else 2)  # see cluster.shut_down()
        raise
    # Every byte of output is written before the cluster is shut down: the shutdown may have
    # to be cut short, and then nothing of the run is waiting on it. The summary comes after
    # it, last on stderr, which the workers share: Dask 2022.12's workers may print a
    # traceback there as they close after one of them died.
    if plan.count:
        out.write(f"{run.counted}\n".encode())
    if plan.status_summary:
        out.write(status_summary_text(plan.summary_format, run.status_counts).encode())
    out.close(keep=True)
    now = time.monotonic()
    clean = cluster_.shut_down(client, cluster, run.spool_dir)
    timings.add("shutdown" if clean else "shutdown (cut short)", time.monotonic() - now)
    status = run.status
    sys.stderr.write(run.summary_text(time.monotonic() - began))
    if args.command == "select" and status != 2:
        status = 0 if run.totals["selected"] > 0 else 1  # as grep: 0 a game was selected
    if args.timings:
        sys.stderr.write(timings.line(time.monotonic() - started + timings.parts["python start"],
                                      out.seconds))
    if not clean:  # see cluster.shut_down()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)  # pylint: disable=protected-access
    return status
