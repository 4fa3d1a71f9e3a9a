"""Write dumps atomically: to a temporary file beside the target, then
rename, so that a failed or interrupted build never leaves half a file.
N-Triples and N-Quads are sorted so that the same input gives the same
bytes; gzip output has no timestamp for the same reason."""
from __future__ import annotations

import gzip
from pathlib import Path
from typing import Iterable

from pyoxigraph import Quad, RdfFormat, Triple, serialize

from kg.atomic import atomic_write  # noqa: F401  (kg dump and build write through it)
from kg.rdf.graph import PREFIXES

FORMATS = {"turtle": (RdfFormat.TURTLE, ".ttl"), "ntriples": (RdfFormat.N_TRIPLES, ".nt"),
           "nquads": (RdfFormat.N_QUADS, ".nq"), "jsonld": (RdfFormat.JSON_LD, ".jsonld")}


def _write_sorted(statements, fmt: RdfFormat, path: Path, gz: bool) -> int:
    lines = sorted(set(serialize(statements, format=fmt).splitlines()))
    with atomic_write(path, gz) as out:
        for line in lines:
            out.write(line + b"\n")
    return len(lines)


def write_ntriples(triples: Iterable[Triple], path: Path, gz: bool = False) -> int:
    """Sorted, de-duplicated N-Triples. Returns the number of triples."""
    return _write_sorted(triples, RdfFormat.N_TRIPLES, path, gz)


def write_nquads(quads: Iterable[Quad], path: Path, gz: bool = False) -> int:
    """Sorted, de-duplicated N-Quads. Returns the number of quads."""
    return _write_sorted(quads, RdfFormat.N_QUADS, path, gz)


def prefixes_for(base: str | None = None) -> dict[str, str]:
    """The Turtle prefixes, ``yili:`` under the base the data is published at."""
    from kg.rdf.iris import Minter

    return {**PREFIXES, "yili": Minter(base).vocabulary()} if base else PREFIXES


def write_turtle(triples: Iterable[Triple], path: Path, gz: bool = False, base: str | None = None) -> None:
    with atomic_write(path, gz) as out:
        serialize(triples, out, RdfFormat.TURTLE, prefixes=prefixes_for(base))


def write_jsonld(triples: Iterable[Triple], path: Path, gz: bool = False) -> None:
    """JSON-LD (expanded form, streamed)."""
    with atomic_write(path, gz) as out:
        serialize(triples, out, RdfFormat.JSON_LD)


def union_triples(quads: Iterable[Quad]) -> list[Triple]:
    """The triples of all graphs, each once, in first-seen order."""
    return list(dict.fromkeys(q.triple for q in quads))


def write_dump(quads: list[Quad], fmt: str, path: Path, gz: bool = False, base: str | None = None) -> int:
    """One dump of the dataset: N-Quads keep the named graphs; the other
    formats hold their union. Returns the number of statements written."""
    if fmt == "nquads":
        return write_nquads(quads, path, gz)
    triples = union_triples(quads)
    if fmt == "ntriples":
        return write_ntriples(triples, path, gz)
    if fmt == "turtle":
        write_turtle(triples, path, gz, base)
    elif fmt == "jsonld":
        write_jsonld(triples, path, gz)
    else:
        raise ValueError(f"unknown dump format {fmt!r}")
    return len(triples)


def stream_dump(source: Path, fmt: str, output, gz: bool = False) -> int:
    """Re-serialise the N-Quads dump ``source`` as ``fmt`` into the binary
    file ``output``, statement by statement (the union formats drop repeats
    as they go). Returns the number of statements written."""
    from pyoxigraph import parse

    count = 0

    def statements():
        nonlocal count
        seen: set = set()
        for quad in parse(path=str(source), format=RdfFormat.N_QUADS):
            item = quad if fmt == "nquads" else quad.triple
            if fmt != "nquads":
                if item in seen:
                    continue
                seen.add(item)
            count += 1
            yield item

    rdf_format = FORMATS[fmt][0]
    if gz:
        with gzip.GzipFile(fileobj=output, mode="wb", mtime=0, filename="") as zipped:
            serialize(statements(), zipped, rdf_format, **({"prefixes": PREFIXES} if fmt == "turtle" else {}))
    else:
        serialize(statements(), output, rdf_format, **({"prefixes": PREFIXES} if fmt == "turtle" else {}))
    return count
