"""Files replaced whole or not at all: written to a temporary name beside
the target, then renamed, so an interrupted write never leaves half a file.
gzip output has no timestamp, so the same input gives the same bytes."""
from __future__ import annotations

import gzip
import os
import tempfile
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def atomic_write(path: Path, gz: bool = False):
    """Yield a binary file whose content replaces ``path`` only on success."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            if gz:
                with gzip.GzipFile(fileobj=handle, mode="wb", mtime=0, filename="") as zipped:
                    yield zipped
            else:
                yield handle
        os.chmod(tmp, 0o644)  # mkstemp makes files private; dumps are for publishing
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def sync_file(path: Path) -> None:
    """Flush ``path``'s bytes to disk (``fsync``; the interpreter is free
    meanwhile, so a thread can do it while the next file is written)."""
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())


class Syncer:
    """Files sent to disk (``fsync``) in a thread of their own, one after
    another, while the caller writes the next: the interpreter is free
    while the disk works. :meth:`wait` waits for them all and raises what
    an ``fsync`` raised; a file must stay open until then."""

    def __init__(self):
        self._pool: ThreadPoolExecutor | None = None
        self._pending: list[Future] = []

    def file(self, handle) -> None:
        """An open file, written to its end."""
        handle.flush()
        self._submit(os.fsync, handle.fileno())

    def path(self, path: Path) -> None:
        """A closed file, by its name."""
        self._submit(sync_file, Path(path))

    def _submit(self, function, argument) -> None:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="fsync")
        self._pending.append(self._pool.submit(function, argument))

    def wait(self) -> None:
        pending, self._pending = self._pending, []
        try:
            for job in pending:
                job.result()
        finally:
            if self._pool is not None:
                self._pool.shutdown()  # waits for every file, if one failed
                self._pool = None
