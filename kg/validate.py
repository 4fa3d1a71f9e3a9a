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

import json
import os
import warnings
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Union

import rdflib
from pyoxigraph import BlankNode, Literal, NamedNode, Quad, Store, Triple
from rdflib.namespace import RDF, SH

from kg.parts import dataset_parts, partition, splittable
from kg.paths import ONTOLOGY
from kg.rdf.iris import ONTOLOGY as ONTOLOGY_IRI
from kg.rdf.namespaces import OA as OA_IRI
from kg.rdf.io import Dataset, GraphError, load_quads  # noqa: F401  (load_quads: kg validate reads files)
from kg.shaclcore import Unsupported
from kg.shacl import (ENGINES, Lookup, core_program, prepare_turbo, quads_lookup, rdflib_lookup, run_core, run_pyshacl,
                      run_turbo)

DEFAULT_ENGINE = "core"
Y = rdflib.Namespace(ONTOLOGY_IRI)
OA = rdflib.Namespace(OA_IRI)

# What validate() accepts: an rdflib graph (old callers), an Oxigraph store,
# the built dataset, or the quads (or triples) themselves.
Data = Union[rdflib.Graph, Store, Dataset, Iterable[Quad], Iterable[Triple]]


def shapes_files() -> list[Path]:
    """Every ``ontology/shapes*.ttl``: one file per part of the model, all
    of them applied together."""
    return sorted(ONTOLOGY.glob("shapes*.ttl"))


@dataclass
class Violation:
    focus: str
    shape: str  # the node shape the failing constraint belongs to
    constraint: str  # the SHACL constraint component (sh:MinCountConstraintComponent …)
    message: str
    path: str | None = None
    value: str | None = None
    text: str | None = None  # the passage text the focus node comes from, if any


@dataclass
class Report:
    conforms: bool
    violations: list[Violation] = field(default_factory=list)
    graph: rdflib.Graph | None = None  # the sh:ValidationReport
    nodes: list = field(default_factory=list, repr=False)  # each violation's sh:ValidationResult in graph

    def by_shape(self) -> Counter:
        return Counter(v.shape for v in self.violations)


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
            return _report(conforms, results, shapes, data)
        except Unsupported as exc:  # a shape beyond what core checks: the Rust engine checks everything
            warnings.warn(f"{exc}; validating with pyshacl-turbo instead", stacklevel=2)
            engine = "turbo"
    if isinstance(data, Dataset) and engine == "turbo":
        conforms, results = run_turbo(data.union(), shapes)
    elif engine == "pyshacl":
        data = data if isinstance(data, rdflib.Graph) else rdflib_graph(_quads_of(data))
        conforms, results = run_pyshacl(data, shapes)
    else:
        conforms, results = run_turbo(data, shapes)
    return _report(conforms, results, shapes, data)


def _quads_of(data: Store | Dataset | list) -> Iterable[Quad | Triple]:
    if isinstance(data, Dataset):
        return data.quads()
    return data.quads_for_pattern(None, None, None) if isinstance(data, Store) else data


def _lookup(data: rdflib.Graph | Store | list) -> Lookup:
    if isinstance(data, rdflib.Graph):
        return rdflib_lookup(data)
    return quads_lookup(_quads_of(data), _QUOTED)


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
    _owners(shapes)
    with ThreadPoolExecutor(jobs) as pool:
        reports = list(pool.map(lambda part: validate(part, shapes, engine), parts))
    return _merge(reports)


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
    _owners(shapes)

    context = NamedNode("urn:x-kg:validation-part")  # graph names do not matter: shapes see the union

    def run(pieces):
        part = Dataset.of((g or context, ts) for g, ts in pieces)
        conforms, results = run_turbo(part.union(), shapes)
        return _report(conforms, results, shapes, part)

    with ThreadPoolExecutor(jobs) as pool:
        return _merge(list(pool.map(run, parts)))


def validate_cached(dataset: Dataset, cache: Path | None, engine: str = DEFAULT_ENGINE) -> tuple[Report, bool]:
    """Validate the built dataset once per content: a dataset whose union's
    N-Triples, shapes and engine are those of an earlier conforming build is not
    validated again (the verdict is a function of exactly these). Returns
    the report and whether it came from ``cache`` (a folder of markers
    named by that digest)."""
    import hashlib

    return _once(hashlib.sha256(dataset.ntriples()), cache, engine, lambda: validate_dataset(dataset, engine))


def validate_file(path: Path, cache: Path | None = None, engine: str = DEFAULT_ENGINE,
                  ready: int | None = None) -> tuple[Report, bool]:
    """:func:`validate_cached` of the N-Triples file of a union (each triple
    once), as ``kg build`` writes it for a validator in a process of its own
    (:mod:`kg.forked`). The core engine reads the file a line at a time; the
    statements are parsed only to quote the passages of failing nodes.

    ``ready``: the read end of a pipe to wait on before the file is read.
    kg build starts its validator before it makes the graph, so that the
    validator's start (an interpreter, rdflib, the shapes read and
    compiled) is over by the time the file is written; a byte on the pipe
    says the file is complete, its end without one that the build stopped."""
    import hashlib

    path = Path(path)
    if ready is not None:
        _compiled(engine)
        with os.fdopen(ready, "rb") as signal:
            if signal.read(1) != b"1":
                raise RuntimeError("the build stopped before the graph to validate was written")
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)

    def run() -> Report:
        if engine == "core":
            try:
                with open(path, "rb") as lines:
                    conforms, results = run_core(lines, shapes_graph())
                return _report(conforms, results, shapes_graph(), [] if conforms else load_quads(path))
            except Unsupported:
                pass  # validate() falls back to the Rust engine, with the warning
        return validate(load_quads(path), engine=engine)

    return _once(digest, cache, engine, run)


def _compiled(engine: str) -> None:
    """The shapes read, and compiled for the core engine (a shape it does not
    check is left for the fallback to deal with)."""
    shapes = shapes_graph()
    if engine == "core":
        try:
            core_program(shapes)
        except Unsupported:
            pass


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


def _key(v: Violation) -> tuple:
    return v.focus, v.shape, v.constraint, v.path, v.value, v.message


def _merge(reports: list[Report]) -> Report:
    """One report of the parts' reports. A shared node is validated in
    every part: its violations are reported once."""
    seen, violations, nodes = set(), [], []
    graph = rdflib.Graph()
    report = rdflib.BNode()
    conforms = all(r.conforms for r in reports)
    graph.add((report, RDF.type, SH.ValidationReport))
    graph.add((report, SH.conforms, rdflib.Literal(conforms)))
    for part in reports:
        fresh: dict = {}  # blank node labels restart in each part's report
        for v, result in zip(part.violations, part.nodes):
            if _key(v) in seen:
                continue
            seen.add(_key(v))
            violations.append(v)
            nodes.append(_copy_result(part.graph, result, graph, fresh))
            graph.add((report, SH.result, nodes[-1]))
    for prefix, namespace in reports[0].graph.namespaces():
        graph.bind(prefix, namespace)
    found = sorted(zip(violations, nodes), key=lambda pair: _order(pair[0]))
    return Report(conforms, [v for v, _ in found], graph, [r for _, r in found])


def _copy_result(source: rdflib.Graph, result, target: rdflib.Graph, fresh: dict):
    """Copy one result (and its sh:detail results) with new blank nodes. The
    shapes it names are left as references: rdflib's cbd() would copy each
    shape again for every result, several times the cost of the rest."""
    def renamed(node):
        if not isinstance(node, rdflib.BNode):
            return node
        if node not in fresh:
            fresh[node] = rdflib.BNode()
        return fresh[node]

    pending, done = [result], set()
    while pending:
        node = pending.pop()
        done.add(node)
        for _, p, o in source.triples((node, None, None)):
            if isinstance(o, rdflib.BNode) and p != SH.sourceShape and o not in done:
                pending.append(o)
            target.add((renamed(node), p, o if p == SH.sourceShape else renamed(o)))
    return renamed(result)


def _order(v: Violation) -> tuple:
    return v.shape, v.focus, v.message, v.constraint, v.path or "", v.value or ""


def _report(conforms: bool, results: rdflib.Graph, shapes: rdflib.Graph, data) -> Report:
    nodes = list(results.subjects(RDF.type, SH.ValidationResult))
    # The passage texts are looked up only when something failed: indexing
    # the data costs time a conforming graph should not pay.
    data = _lookup(data) if nodes else None
    owners = _owners(shapes)
    found = sorted(((_violation(results, r, owners, data), r) for r in nodes), key=lambda pair: _order(pair[0]))
    return Report(bool(conforms), [v for v, _ in found], results, [r for _, r in found])


def _short(node) -> str:
    text = str(node)
    for prefix, ns in (("yili:", str(Y)), ("ys:", "http://localhost:8000/shapes#"), ("sh:", str(SH))):
        if text.startswith(ns):
            return prefix + text[len(ns):]
    return text


def _violation(results: rdflib.Graph, result, owners: dict, data: Lookup) -> Violation:
    focus = results.value(result, SH.focusNode)
    source = results.value(result, SH.sourceShape)
    path = results.value(result, SH.resultPath)
    value = results.value(result, SH.value)
    return Violation(
        focus=str(focus), shape=_short(owners.get(source, source)),
        constraint=_short(results.value(result, SH.sourceConstraintComponent)),
        message=str(results.value(result, SH.resultMessage) or ""), path=_short(path) if path is not None else None,
        value=str(value) if value is not None else None, text=_text_of(data, str(focus)))


_OWNERS: dict = {}


def _owners(shapes: rdflib.Graph) -> dict:
    """A property shape is a blank node: report the named node shape that
    holds it (ys:EventShape), or the shape itself when it is named."""
    key = id(shapes)
    if key not in _OWNERS:
        _OWNERS.clear()
        # The graph is kept with its table so that its id is not reused.
        _OWNERS[key] = (shapes, {prop: owner for owner, prop in shapes.subject_objects(SH.property)})
    return _OWNERS[key][1]


_TEXT_OF = (str(Y.passage), str(Y.evidence), str(OA.hasBody))
_QUOTED = _TEXT_OF + (str(Y.readingText), str(RDF.value), str(OA.hasSelector), str(OA.exact))


def _text_of(data: Lookup, focus: str) -> str | None:
    """The passage text (or exact characters) a focus node comes from."""
    for node in [focus] + [data.value(focus, p) for p in _TEXT_OF]:
        if node is None:
            continue
        text = data.value(node, str(Y.readingText)) or data.value(node, str(RDF.value))
        if text is not None:
            return text
        for selector in data.objects(node, str(OA.hasSelector)):
            exact = data.value(selector, str(OA.exact))
            if exact is not None:
                return exact
    return None


def format_text(report: Report) -> list[str]:
    if report.conforms:
        return ["conforms: no violations"]
    lines = []
    for v in report.violations:
        lines.append(f"✗ {v.focus}")
        lines.append(f"    shape: {v.shape}   constraint: {v.constraint}" + (f"   path: {v.path}" if v.path else ""))
        lines.append(f"    message: {v.message}" + (f"   value: {v.value}" if v.value else ""))
        if v.text:
            lines.append(f"    text: {v.text[:80]}")
    lines.append(f"{len(report.violations)} violations:")
    for shape, count in sorted(report.by_shape().items()):
        lines.append(f"  {count:6d}  {shape}")
    return lines


def format_json(report: Report) -> str:
    return json.dumps({"conforms": report.conforms, "violations": [v.__dict__ for v in report.violations],
                       "by_shape": dict(sorted(report.by_shape().items()))}, ensure_ascii=False, indent=1)


def format_turtle(report: Report) -> str:
    return report.graph.serialize(format="turtle")
