"""The dumps of ``dist/``: every format of the registry
(:mod:`kg.rdf.formats`) written from the built dataset, and ``kg dump``
re-serialising the published N-Quads in another format.

Files are replaced whole (:mod:`kg.atomic`); gzip output has no timestamp,
so the same input gives the same bytes."""
from __future__ import annotations

import gzip
from pathlib import Path
from typing import Iterable

from pyoxigraph import RdfFormat, Triple, parse, serialize

from kg.atomic import atomic_write  # noqa: F401  (kg dump writes through it)
from kg.rdf.formats import FORMATS
from kg.rdf.graph import PREFIXES
from kg.rdf.io import Dataset, write_format, write_statements


def prefixes_for(base: str | None = None) -> dict[str, str]:
    """The Turtle prefixes, ``yili:`` under the base the data is published at."""
    from kg.rdf.iris import Minter

    return {**PREFIXES, "yili": Minter(base).vocabulary()} if base else PREFIXES


def dump_name(fmt: str, gz: bool = False) -> str:
    return "yili" + FORMATS[fmt].extension + (".gz" if gz else "")


def write_dumps(dataset: Dataset, folder: Path, base: str | None = None, gz: bool = False,
                progress=None, done: dict[Path, int] | None = None) -> dict[Path, int]:
    """Every dump of the registry into ``folder``, but those ``done``
    already (path → statements). Returns each file with its number of
    statements."""
    counts = {}
    for fmt in FORMATS.values():
        path = Path(folder) / dump_name(fmt.name, gz)
        if done and path in done:
            counts[path] = done[path]
        else:
            counts[path] = write_format(dataset, fmt, path, gz, prefixes_for(base))
        if progress:
            progress(path.name)
    return counts


def write_turtle(triples: Iterable[Triple], path: Path, gz: bool = False, base: str | None = None) -> None:
    write_statements(triples, path, gz, prefixes_for(base))


def stream_dump(source: Path, fmt: str, output, gz: bool = False, progress=None) -> int:
    """Re-serialise the N-Quads dump ``source`` as ``fmt`` into the binary
    file ``output``, statement by statement (the union formats drop repeats
    as they go). ``progress(n)`` is told of every 100,000 statements
    written. Returns the number of statements written."""
    count = 0
    keeps_graphs = FORMATS[fmt].datasets

    def statements():
        nonlocal count
        seen: set = set()
        for quad in parse(path=str(source), format=RdfFormat.N_QUADS):
            item = quad if keeps_graphs else quad.triple
            if not keeps_graphs:
                if item in seen:
                    continue
                seen.add(item)
            count += 1
            if progress is not None and count % 100_000 == 0:
                progress(100_000)
            yield item

    rdf_format = FORMATS[fmt].rdf_format
    options = {"prefixes": PREFIXES} if rdf_format == RdfFormat.TURTLE else {}
    if gz:
        with gzip.GzipFile(fileobj=output, mode="wb", mtime=0, filename="") as zipped:
            serialize(statements(), zipped, rdf_format, **options)
    else:
        serialize(statements(), output, rdf_format, **options)
    if progress is not None and count % 100_000:
        progress(count % 100_000)
    return count
