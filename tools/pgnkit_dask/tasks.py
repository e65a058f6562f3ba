"""The functions the workers run. Dask sends them by value (cluster.start_client registers
this module with cloudpickle), so a worker needs pgnkit and the files, not this package."""

import json
import os
import signal
import subprocess
import tempfile
import time


def index_shards(stdout):
    """The shard plan `pgnkit index` printed: one JSON object a line."""
    return [json.loads(line) for line in stdout.splitlines() if line.strip()]


def index_task(pgnkit, path, shard_args):
    r = subprocess.run([pgnkit, "index", *shard_args, path], capture_output=True, check=False)
    return r.returncode, index_shards(r.stdout), r.stderr


def shard_task(args, key, spool_dir=None):
    """Runs one shard's pgnkit; (status, stdout, stderr, seconds). With spool_dir (a
    LocalCluster: the driver sees the same files), stdout is written to a file there and its
    path returned instead of the bytes, which the driver then copies in the kernel
    (os.sendfile) rather than receiving them through the scheduler's connection."""
    # Test hook (PGNKIT_DASK_KILL_ONCE=FILE#SHARD:MARKER): the first attempt at that shard kills
    # its own worker process, as a crash would; the marker file makes it once.
    hook = os.environ.get("PGNKIT_DASK_KILL_ONCE")
    if hook:
        target, marker = hook.rsplit(":", 1)
        if target == key and not os.path.exists(marker):
            open(marker, "w").close()
            os.kill(os.getpid(), signal.SIGKILL)
    began = time.monotonic()
    if spool_dir is None:
        r = subprocess.run(args, capture_output=True, check=False)
        stdout = r.stdout
    else:
        fd, stdout = tempfile.mkstemp(prefix="shard.", dir=spool_dir)
        with os.fdopen(fd, "wb") as spool:
            r = subprocess.run(args, stdout=spool, stderr=subprocess.PIPE, check=False)
    if r.returncode not in (0, 1, 2):
        raise RuntimeError(f"pgnkit ended with status {r.returncode} on shard {key}: "
                           f"{r.stderr[-500:].decode(errors='replace')}")
    return r.returncode, stdout, r.stderr, time.monotonic() - began
