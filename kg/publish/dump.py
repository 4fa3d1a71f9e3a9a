"""Write dumps atomically: to a temporary file beside the target, then
rename, so that a failed or interrupted build never leaves half a file."""
from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterable

from pyoxigraph import RdfFormat, Triple, serialize

from kg.rdf.graph import PREFIXES


@contextmanager
def atomic_write(path: Path):
    """Yield a binary file whose content replaces ``path`` only on success."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
        os.chmod(tmp, 0o644)  # mkstemp makes files private; dumps are for publishing
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_ntriples(triples: Iterable[Triple], path: Path) -> int:
    """Sorted, de-duplicated N-Triples, so that the same input gives the same
    bytes. Returns the number of triples."""
    data = serialize(triples, format=RdfFormat.N_TRIPLES)
    lines = sorted(set(data.splitlines()))
    with atomic_write(path) as out:
        for line in lines:
            out.write(line + b"\n")
    return len(lines)


def write_turtle(triples: Iterable[Triple], path: Path) -> None:
    with atomic_write(path) as out:
        serialize(triples, out, RdfFormat.TURTLE, prefixes=PREFIXES)
