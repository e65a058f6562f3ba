"""The cluster: a LocalCluster or a scheduler's, its bounded shutdown, the local index runs."""

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time

from . import tasks

# Shards per worker when neither --shards nor --shard-size is given: enough that the last
# shards leave no worker idle for long, few enough that a shard's fixed cost (a process, a
# task round trip: milliseconds) stays small against its seconds of work.
SHARDS_PER_WORKER = 8
# How long closing the client, then a local cluster, may take before the workers are killed.
# (PGNKIT_DASK_SHUTDOWN_SECONDS sets it: the tests take the cut-short path on purpose.)
SHUTDOWN_SECONDS = float(os.environ.get("PGNKIT_DASK_SHUTDOWN_SECONDS", "20"))
MIN_SHARD_SIZE = 1 << 20
MAX_SHARD_SIZE = 64 << 20


def quiet_dask():
    # Quiet: the cluster's own log lines would mix with pgnkit's diagnostics on stderr. Set in
    # the environment, so that the worker processes inherit it too. Local workers start the
    # way Dask starts them by default (spawn: each imports Dask again). Forking them from the
    # driver (DASK_DISTRIBUTED__WORKER__MULTIPROCESSING_METHOD=fork) starts them faster, but
    # the driver has threads by then, and workers a nanny forks after a cut-short shutdown
    # outlive the driver, each holding the others' parent-alive pipe (docs/scale-out.md).
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "critical")
    # Workers killed by shut_down() can leave semaphores registered with multiprocessing's
    # resource tracker, a process of its own that would warn of them on stderr after the
    # summary. It takes its warning filters from ours when it starts (with the cluster).
    sys.warnoptions.append("ignore::UserWarning:multiprocessing.resource_tracker")
    os.environ.setdefault("DASK_DISTRIBUTED__WORKER__DAEMON", "False")


def start_client(args, timings):
    import logging
    logging.getLogger("distributed").setLevel(logging.CRITICAL)
    # Dask's own event loop may leave a timed-out internal future behind when the client
    # closes under load; asyncio would log it to stderr, among pgnkit's diagnostics.
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    now = time.monotonic()
    from dask.distributed import Client, LocalCluster
    timings.add("import distributed", time.monotonic() - now)
    import cloudpickle  # a dependency of distributed
    cloudpickle.register_pickle_by_value(tasks)  # see tasks.py
    if args.scheduler:
        return Client(args.scheduler), None
    # No dashboard, and the scheduler's HTTP server on a free port: the default (8787) may be
    # taken by another cluster, and Dask then warns on stderr.
    # The workers start in the background (scale(), not n_workers): the first shards are
    # submitted at once and run on the first worker that is up.
    cluster = LocalCluster(n_workers=0, threads_per_worker=1, processes=True,
                           dashboard_address=":0", scheduler_kwargs={"dashboard": False},
                           silence_logs=logging.CRITICAL)
    client = Client(cluster)
    cluster.scale(args.local)
    return client, cluster


def shut_down(client, cluster, spool_dir):
    """Closes the client, then a local cluster, each within its bound; True when both closed.

    Debian 12's distributed (2022.12) can wait for ever in LocalCluster.close() when a worker
    died during the run and its nanny was starting a new one (about one run in four of the
    killed-worker test on a loaded machine). The run's output is complete by then, so a close
    that does not finish in SHUTDOWN_SECONDS kills the local worker processes instead, and
    the caller must then leave with os._exit(): the nannies, left running in this process,
    would start new workers, and Dask's exit hook would wait on them again."""
    if spool_dir:  # the outputs of cancelled shards
        shutil.rmtree(spool_dir, ignore_errors=True)
    try:
        client.close(timeout=SHUTDOWN_SECONDS)
        if cluster is not None:
            cluster.close(timeout=SHUTDOWN_SECONDS)
        return True
    except TimeoutError:
        pass
    import psutil  # a dependency of distributed
    from multiprocessing import resource_tracker
    # Not multiprocessing's resource tracker: it ends by itself when this process does, and
    # frees the semaphores the workers leave. A worker spawned after this loop finds this
    # process gone and ends at once (distributed's monitor_parent); a forked one may not
    # (docs/scale-out.md), one reason fork is not the default.
    keep = resource_tracker._resource_tracker._pid  # pylint: disable=protected-access
    for _ in range(2):
        for child in psutil.Process().children(recursive=True):
            if child.pid != keep:
                with contextlib.suppress(psutil.NoSuchProcess):
                    child.kill()
        time.sleep(0.05)
    return False


def default_shard_args(files, workers):
    """index options for about SHARDS_PER_WORKER shards per worker over all the inputs."""
    total = sum(os.path.getsize(f) for f in files if os.path.isfile(f))
    size = total // max(1, workers * SHARDS_PER_WORKER)
    return ["--shard-size", str(min(MAX_SHARD_SIZE, max(MIN_SHARD_SIZE, size)))]


class LocalIndex:
    """`pgnkit index` of each input run on this machine, at most `jobs` at a time, started
    at once so that they run while Dask is imported and the cluster starts. Plain processes
    writing to temporary files: no thread of the driver is busy when the workers are forked."""

    class Pending:
        def __init__(self, owner, i):
            self.owner, self.i = owner, i

        def result(self):
            return self.owner.result(self.i)

    def __init__(self, pgnkit, files, shard_args, jobs):
        self.argv = [[pgnkit, "index", *shard_args, f] for f in files]
        self.jobs, self.running, self.done, self.next = max(1, jobs), {}, {}, 0
        self.seconds = 0.0
        self._top_up()

    def _top_up(self):
        while self.next < len(self.argv) and len(self.running) < self.jobs:
            out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
            proc = subprocess.Popen(self.argv[self.next], stdout=out, stderr=err)
            self.running[self.next] = (proc, out, err, time.monotonic())
            self.next += 1

    def result(self, i):
        while i not in self.done:
            if i not in self.running:
                self._top_up()
                continue
            proc, out, err, began = self.running.pop(i)
            proc.wait()
            self.seconds += time.monotonic() - began
            out.seek(0)
            err.seek(0)
            self.done[i] = (proc.returncode, tasks.index_shards(out.read()), err.read())
            out.close()
            err.close()
            self._top_up()
        return self.done[i]

    def futures(self):
        return [LocalIndex.Pending(self, i) for i in range(len(self.argv))]
