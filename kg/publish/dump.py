"""The dumps of ``dist/``: every format of the registry
(:mod:`kg.rdf.formats`) written from the built dataset with their VoID
description, the vocabulary alone, and ``kg dump`` re-serialising the
published N-Quads in another format.

Files are replaced whole (:mod:`kg.atomic`); gzip output has no timestamp,
so the same input gives the same bytes."""
from __future__ import annotations

import gzip
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable, Iterable

from pyoxigraph import Quad, RdfFormat, Triple, parse, serialize

from kg.atomic import atomic_write, sync_file  # noqa: F401  (kg dump writes through atomic_write)
from kg.rdf.formats import FORMATS
from kg.rdf.graph import PREFIXES
from kg.progress import QUIET, Phases
from kg.publish.dist import clean_leftovers, new_build
from kg.rdf.io import Dataset, write_statements
from kg.rdf.stream import DumpWriter


def prefixes_for(base: str | None = None) -> dict[str, str]:
    """The Turtle prefixes, ``yili:`` under the base the data is published at."""
    from kg.rdf.iris import Minter

    return {**PREFIXES, "yili": Minter(base).vocabulary()} if base else PREFIXES


def dump_name(fmt: str, gz: bool = False) -> str:
    return "yili" + FORMATS[fmt].extension + (".gz" if gz else "")


def write_dumps(dataset: Dataset, folder: Path, base: str | None = None, gz: bool = False,
                progress=None, done: dict[Path, int] | None = None) -> dict[Path, int]:
    """Every dump of the registry into ``folder`` (:class:`DumpWriter`, the
    one writer of dumps), but those ``done`` already (path → statements).
    Returns each file with its number of statements."""
    done = done or {}
    paths = {fmt.name: Path(folder) / dump_name(fmt.name, gz) for fmt in FORMATS.values()}
    pending = {name: path for name, path in paths.items() if path not in done}
    counts = dict(done)
    if pending:
        with DumpWriter(pending, gz, prefixes_for(base), distinct=dataset.distinct) as writer:
            for graph, triples in dataset.graphs.items():
                writer(graph, triples)
        counts.update(writer.counts)
    for path in paths.values():
        if progress:
            progress(path.name)
    return {path: counts[path] for path in paths.values()}


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


def publish_dist(data: Dataset | list[Quad], out_dir: Path, base: str | None = None,
                 gz: bool = False) -> tuple[list[Path], list[Path]]:
    """Write every dump of ``data`` (already under ``base``) into a new build
    folder and publish it as ``out_dir``'s current build in one step.
    Returns the published paths and the leftovers of interrupted builds that
    were removed first."""
    cleaned = clean_leftovers(out_dir)
    dataset = data if isinstance(data, Dataset) else Dataset.from_quads(data)
    with new_build(out_dir) as folder:
        written = write_dist(dataset, folder, base, gz)
    return [out_dir / path.name for path in written], cleaned


def write_dist(dataset: Dataset, out_dir: Path, base: str | None = None, gz: bool = False,
               phases: Phases = QUIET, done: dict[Path, int] | None = None,
               figures: Callable[[], dict | None] | None = None) -> list[Path]:
    """Every dump (Turtle, N-Triples, N-Quads, JSON-LD), then their VoID/DCAT
    description, into ``out_dir`` (a fresh build folder); ``done``: dumps
    written already, with their statement counts; ``figures``: gives what
    the validator counted of the graph under the default base
    (:class:`kg.shaclcore.Census`), or None, and VoID counts it here.
    Returns the files written."""
    from kg.publish.void import Statistics, describe
    from kg.rdf.iris import Minter

    with phases.phase("union"):
        dataset.union()
    # Each dump goes to disk (fsync) in a thread while the next is written,
    # so that publishing, which syncs the folder, does not wait for them all.
    step_name = "sync" if done and len(done) >= len(FORMATS) else "dump"  # kg build writes them all before
    with ThreadPoolExecutor(1) as syncing, phases.phase(step_name, len(FORMATS), "files") as step:
        def written(name: str) -> None:
            step.advance()
            syncing.submit(sync_file, Path(out_dir) / name)

        counts = write_dumps(dataset, out_dir, base, gz, progress=written, done=done)
    with phases.phase("void"):
        void = out_dir / "void.ttl"
        mint = Minter(base) if base else Minter()
        counted = figures() if figures is not None else None
        stats = Statistics.from_figures(counted, mint, (Minter().base, mint.base)) if counted else None
        description = describe(dataset, counts, mint, stats)
        write_turtle(list(dict.fromkeys(description)), void, base=base)
    return [*counts, void]


def write_vocabulary(path: Path, base: str | None = None) -> int:
    """The ritual vocabulary of mappings/ (classes and terms) as Turtle, for
    people who want the ontology without the texts. Returns the triple count."""
    from kg.rdf.iris import Minter
    from kg.rdf.terms import TermGraph

    triples = sorted(set(TermGraph(Minter(base) if base else Minter()).triples()), key=str)
    write_turtle(triples, Path(path))
    return len(triples)
