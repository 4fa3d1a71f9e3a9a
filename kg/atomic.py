"""Files replaced whole or not at all: written to a temporary name beside
the target, then renamed, so an interrupted write never leaves half a file.
gzip output has no timestamp, so the same input gives the same bytes."""
from __future__ import annotations

import gzip
import os
import tempfile
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
