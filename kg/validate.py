"""Validate a graph with the SHACL shapes of ``ontology/shapes*.ttl``.

Three engines give the same verdict (tests/test_shapes.py runs every
constraint test with each):

- ``core`` (the default): :mod:`kg.shaclcore`, SHACL Core checked with
  dictionary lookups over an index of the N-Triples Oxigraph writes; it
  refuses shapes it cannot check. Several times faster than the others on
  the whole work (README, Benchmark).
- ``turbo``: pyshacl-turbo, a Rust SHACL engine with pySHACL's interface,
  fed the quads as Oxigraph serialises them (no rdflib graph of the data).
- ``pyshacl``: the reference engine, on an rdflib graph.

Inference is off: with 'rdfs' pyshacl is several times slower and range
inference re-types wrongly used nodes, which hides the very ``sh:class``
violations the shapes are there to find. The shapes are SHACL Core, so no
SPARQL runs per focus node.
"""
from __future__ import annotations

import contextlib
import gc
import json
import os
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Iterable, Union

import rdflib
from pyoxigraph import BlankNode, Literal, NamedNode, Quad, Store, Triple

from kg.parts import dataset_parts, partition, splittable
from kg.forked import keep
from kg.paths import ONTOLOGY
from kg.rdf.io import Dataset, load_quads
from kg.rdf.stream import follow_statements
from kg.shaclcore import Census, Unsupported
from kg.shacl import ENGINES, core_program, prepare_turbo, run_core, run_pyshacl, run_turbo
from kg.shaclreport import (Report, Violation, format_json, format_text, format_turtle, merge_reports, quads_of,
                            report_of, shape_owners)

__all__ = ["DEFAULT_ENGINE", "ENGINES", "Report", "Violation", "format_json", "format_text", "format_turtle",
           "load_graph", "load_quads", "rdflib_graph", "shapes_files", "shapes_graph", "validate", "validate_cached",
           "validate_dataset", "validate_file", "validate_quads"]

DEFAULT_ENGINE = "core"

# What validate() accepts: an rdflib graph (old callers), an Oxigraph store,
# the built dataset, or the quads (or triples) themselves.
Data = Union[rdflib.Graph, Store, Dataset, Iterable[Quad], Iterable[Triple]]


def shapes_files() -> list[Path]:
    """Every ``ontology/shapes*.ttl``: one file per part of the model, all
    of them applied together."""
    return sorted(ONTOLOGY.glob("shapes*.ttl"))


def _term(term):
    if isinstance(term, NamedNode):
        return rdflib.URIRef(term.value)
    if isinstance(term, BlankNode):
        return rdflib.BNode(term.value)
    if isinstance(term, Literal):
        if term.language:
            return rdflib.Literal(term.value, lang=term.language)
        return rdflib.Literal(term.value, datatype=rdflib.URIRef(term.datatype.value))
    raise TypeError(f"unexpected RDF term {term!r}")


def rdflib_graph(triples: Iterable[Triple | Quad]) -> rdflib.Graph:
    """The union of ``triples`` (or quads) as an rdflib graph: what the
    pyshacl engine needs, and only it."""
    graph = rdflib.Graph()
    for t in triples:
        graph.add((_term(t.subject), _term(t.predicate), _term(t.object)))
    return graph


def load_graph(path: Path) -> rdflib.Graph:
    """A Turtle, N-Triples, N-Quads or JSON-LD file as an rdflib graph."""
    return rdflib_graph(load_quads(path))


_SHAPES_GRAPH: list = []


def shapes_graph() -> rdflib.Graph:
    """All shapes files as one graph, parsed once per process."""
    if not _SHAPES_GRAPH:
        graph = rdflib.Graph()
        for path in shapes_files():
            graph.parse(path, format="turtle")
        _SHAPES_GRAPH.append(graph)
    return _SHAPES_GRAPH[0]


def validate(data: Data, shapes: rdflib.Graph | None = None, engine: str = DEFAULT_ENGINE) -> Report:
    """Validate ``data`` with ``shapes`` (default: every ontology/shapes*.ttl)
    on ``engine`` (one of :data:`kg.shacl.ENGINES`)."""
    if engine not in ENGINES:
        raise ValueError(f"unknown SHACL engine {engine!r} (use {', '.join(ENGINES)})")
    shapes = shapes if shapes is not None else shapes_graph()
    if not isinstance(data, (rdflib.Graph, Store, Dataset)):
        data = list(data)
    if engine == "core":
        try:
            conforms, results = run_core(data.ntriples() if isinstance(data, Dataset) else data, shapes)
            return report_of(conforms, results, shapes, data)
        except Unsupported as exc:  # a shape beyond what core checks: the Rust engine checks everything
            warnings.warn(f"{exc}; validating with pyshacl-turbo instead", stacklevel=2)
            engine = "turbo"
    if isinstance(data, Dataset) and engine == "turbo":
        conforms, results = run_turbo(data.union(), shapes)
    elif engine == "pyshacl":
        data = data if isinstance(data, rdflib.Graph) else rdflib_graph(quads_of(data))
        conforms, results = run_pyshacl(data, shapes)
    else:
        conforms, results = run_turbo(data, shapes)
    return report_of(conforms, results, shapes, data)


def validate_quads(quads: Iterable[Quad | Triple], engine: str = DEFAULT_ENGINE, jobs: int | None = None) -> Report:
    """What ``kg build`` calls: the built quads, straight from Oxigraph,
    validated one named graph at a time with the nodes the graphs share
    (:mod:`kg.parts`), ``jobs`` parts at once (default: one per core, at
    most 2). Same verdict as :func:`validate` on the whole; the engine holds
    one part (and its N-Quads text) per job, not the whole dataset."""
    shapes = shapes_graph()
    quads = list(quads)
    if engine != "turbo":  # the Python engines hold the GIL: parts would only take turns
        return validate(quads, shapes, engine)
    parts = partition(quads) if splittable(shapes) else [quads]
    # Where the graphs share most of what they point to (every edition points
    # into the work graph), each part is nearly the whole: then validating
    # parts repeats the work, and the whole is validated once instead.
    if len(parts) == 1 or sum(map(len, parts)) > 1.5 * len(quads):
        return validate(quads, shapes, engine)
    jobs = jobs or min(2, os.cpu_count() or 1)
    prepare_turbo(shapes)  # compiled once, before the threads share it
    shape_owners(shapes)
    with ThreadPoolExecutor(jobs) as pool:
        reports = list(pool.map(lambda part: validate(part, shapes, engine), parts))
    return merge_reports(reports)


def validate_dataset(dataset: Dataset, engine: str = DEFAULT_ENGINE, jobs: int | None = None) -> Report:
    """The built dataset validated; on the Rust engine, in ``jobs`` parts at
    once, each with all its focus nodes reach (:func:`kg.parts.dataset_parts`),
    so that it works on several cores and holds part of the data each; same
    verdict as the whole at once (tests/test_shapes.py). By default one core
    is left to ``kg build``, which writes the dumps meanwhile: on this
    2-core machine parts beside the dumps measured slower than the whole
    graph in one thread."""
    shapes = shapes_graph()
    if jobs is None:
        jobs = min(2, (os.cpu_count() or 1) - 1)
    jobs = max(1, jobs) if engine == "turbo" else 1
    if jobs < 2 or not splittable(shapes):
        return validate(dataset, shapes, engine)
    from kg.rdf.iris import Minter

    vocabulary = [NamedNode(Minter().graph("ontology"))]
    parts = dataset_parts(dataset.graphs, jobs, always=vocabulary)
    if len(parts) == 1:
        return validate(dataset, shapes, engine)
    prepare_turbo(shapes)
    shape_owners(shapes)

    context = NamedNode("urn:x-kg:validation-part")  # graph names do not matter: shapes see the union

    def run(pieces):
        part = Dataset.of((g or context, ts) for g, ts in pieces)
        conforms, results = run_turbo(part.union(), shapes)
        return report_of(conforms, results, shapes, part)

    with ThreadPoolExecutor(jobs) as pool:
        return merge_reports(list(pool.map(run, parts)))


def validate_cached(dataset: Dataset, cache: Path | None, engine: str = DEFAULT_ENGINE) -> tuple[Report, bool]:
    """Validate the built dataset once per content: a dataset whose union's
    N-Triples, shapes and engine are those of an earlier conforming build is not
    validated again (the verdict is a function of exactly these). Returns
    the report and whether it came from ``cache`` (a folder of markers
    named by that digest)."""
    import hashlib

    return _once(hashlib.sha256(dataset.ntriples()), cache, engine, lambda: validate_dataset(dataset, engine))


def validate_file(path: Path, cache: Path | None = None, engine: str = DEFAULT_ENGINE,
                  ready: int | None = None, census: int | None = None,
                  examples: list[tuple[str, str]] = ()) -> tuple[Report, bool]:
    """:func:`validate_cached` of the N-Triples file of a union, as ``kg
    build`` writes it for a validator in a process of its own
    (:mod:`kg.forked`). The core engine reads the file a line at a time; the
    statements are parsed only to quote the passages of failing nodes.

    ``ready``: the read end of the pipe of the :class:`~kg.rdf.stream.StatementStream`
    that is writing the file. kg build starts its validator before it makes
    the graph, so that the validator's start (an interpreter, rdflib, the
    shapes read and compiled) is over by the time the first statements are
    written, and the core engine indexes them while the rest are made.

    ``census``: a pipe's write end, where the core engine sends what VoID
    reports of the graph (:class:`kg.shaclcore.Census`, as JSON) as soon as
    it has read it all, before it checks, with the least subject of each
    (predicate, object) of ``examples``; it is closed without a word when
    another engine reads the file."""
    import hashlib

    path = Path(path)
    digest = hashlib.sha256()
    counted = os.fdopen(census, "wb") if census is not None else contextlib.nullcontext()
    with counted:
        if ready is not None:
            # The build's validator, a process of its own that ends when the verdict
            # is in: its millions of objects hold no cycles, so the collector is
            # off for good, not run once at the end (after the index, again after
            # the check).
            gc.disable()
            lines = follow_statements(path, ready, digest.update)
            program = _compiled(engine)
            if program is not None:
                figures = Census(examples) if census is not None else None
                index = program.index(lines, figures)
                if figures is not None:
                    counted.write(json.dumps(figures.figures(index)).encode("utf-8"))
                    counted.close()
                keep(index)  # a spawned validator ends without freeing it
                # one process: the build's dumps take the other core meanwhile (two,
                # a forked child checking every other node, measured slower)
                return _once(digest, cache, engine, lambda: _file_report(*program.validate(index), path))
            for _ in lines:
                pass  # the whole file, for an engine that reads it at once
        else:
            with open(path, "rb") as handle:
                for block in iter(lambda: handle.read(1 << 20), b""):
                    digest.update(block)

    def run() -> Report:
        if engine == "core":
            try:
                with open(path, "rb") as lines:
                    return _file_report(*run_core(lines, shapes_graph()), path)
            except Unsupported:
                pass  # validate() falls back to the Rust engine, with the warning
        return validate(load_quads(path), engine=engine)

    return _once(digest, cache, engine, run)


def _file_report(conforms: bool, results: rdflib.Graph, path: Path) -> Report:
    """The report of the core engine on the file at ``path``, whose
    statements are read only to quote the passages of failing nodes."""
    return report_of(conforms, results, shapes_graph(), [] if conforms else load_quads(path))


def _compiled(engine: str):
    """The shapes read, and for the core engine compiled: its program, or
    None (another engine, or a shape it does not check, left for the
    fallback to deal with)."""
    shapes = shapes_graph()
    if engine == "core":
        try:
            return core_program(shapes)
        except Unsupported:
            pass
    return None


def _once(digest, cache: Path | None, engine: str, run) -> tuple[Report, bool]:
    """``run()``'s report, or a conforming one from ``cache`` when the
    N-Triples ``digest`` was fed (the shapes see the union: the verdict
    depends on those bytes alone), the shapes and the engine conformed before."""
    for path in shapes_files():
        digest.update(path.read_bytes())
    digest.update(engine_version(engine).encode())
    marker = Path(cache) / digest.hexdigest() if cache else None
    if marker is not None and marker.exists():
        return Report(True), True
    report = run()
    if report.conforms and marker is not None:
        from kg.atomic import atomic_write

        with atomic_write(marker) as out:
            out.write(b"conforms\n")
    return report, False


def engine_version(engine: str) -> str:
    """What a verdict depends on besides data and shapes: the engine's
    release, or for the core engine its own code."""
    if engine == "core":
        import hashlib

        import kg.shaclcore

        digest = hashlib.sha256()
        for path in sorted(Path(kg.shaclcore.__file__).parent.glob("*.py")):
            digest.update(path.read_bytes())
        return f"core {digest.hexdigest()}"
    from importlib.metadata import version

    return f"{engine} {version('pyshacl-turbo' if engine == 'turbo' else 'pyshacl')}"


