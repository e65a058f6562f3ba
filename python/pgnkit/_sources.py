"""Turns what a caller passes as a source into a path the C++ side reads.

A path is read as it is. Bytes and binary file objects are fed through a pipe by a thread of
this module, so that memory stays bounded and the reader sees a stream, as it sees stdin.
"""

import contextlib
import errno
import io
import os
import stat
import threading

_FEED_SIZE = 1 << 20


class _Feeder:
    """Writes `chunks` (an iterator of bytes) into a pipe; the reader gets /dev/fd/N."""

    def __init__(self, chunks):
        self._read_fd, self._write_fd = os.pipe()
        self.path = f"/dev/fd/{self._read_fd}"
        self.error = None
        self._thread = threading.Thread(target=self._run, args=(chunks,), daemon=True)
        self._thread.start()

    def _run(self, chunks):
        try:
            for chunk in chunks:
                view = memoryview(chunk)
                while view:
                    view = view[os.write(self._write_fd, view):]
        except BrokenPipeError:
            pass  # the reader stopped early (the caller closed the iterator)
        except BaseException as e:  # re-raised on the caller's thread by close()
            self.error = e
        finally:
            os.close(self._write_fd)

    def close(self):
        os.close(self._read_fd)  # a writer still blocked gets EPIPE
        self._thread.join()
        if self.error is not None:
            raise self.error


def _file_chunks(f):
    while True:
        chunk = f.read(_FEED_SIZE)
        if not chunk:
            return
        yield chunk


def path_of(source, directory_ok=False):
    """A path argument as a str: FileNotFoundError (and the like) naming it, IsADirectoryError
    for a directory unless directory_ok (games are read from every PGN file under one)."""
    path = os.fsdecode(os.fspath(source))
    st = os.stat(path)  # FileNotFoundError, PermissionError: with the path
    if stat.S_ISDIR(st.st_mode) and not directory_ok:
        raise IsADirectoryError(errno.EISDIR, "is a directory, not a file of games", path)
    return path


@contextlib.contextmanager
def opened(source, argument="source"):
    """Yields (path, name) for `source`: a path (str or os.PathLike), bytes, or a binary file
    object. Raises TypeError, ValueError or OSError for a source that cannot be read."""
    if isinstance(source, (str, os.PathLike)):
        path = path_of(source, directory_ok=True)
        yield path, path
        return
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source) if isinstance(source, memoryview) else source
        feeder = _Feeder(iter((data,)))
        name = "<bytes>"
    elif hasattr(source, "read"):
        if getattr(source, "closed", False):
            raise ValueError(f"{argument}: the file object is closed")
        if isinstance(source, io.TextIOBase) or isinstance(source.read(0), str):
            raise TypeError(
                f"{argument}: a text-mode file object; open the file in binary mode "
                "(open(path, 'rb'), sys.stdin.buffer)")
        feeder = _Feeder(_file_chunks(source))
        name = getattr(source, "name", None)
        name = name if isinstance(name, str) else "<stream>"
    else:
        raise TypeError(
            f"{argument}: expected a path (str or os.PathLike), bytes or a binary file object, "
            f"not {type(source).__name__}")
    try:
        yield feeder.path, name
    finally:
        feeder.close()
