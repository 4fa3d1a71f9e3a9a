"""Validate a graph with the SHACL shapes of ``ontology/shapes.ttl`` (pyshacl).

The data graph is parsed by Oxigraph (fast) and handed to pyshacl as an
rdflib graph. Inference is off: with 'rdfs' pyshacl is several times slower
and range inference re-types wrongly used nodes, which hides the very
``sh:class`` violations the shapes are there to find. The shapes are SHACL
Core, so no SPARQL runs per focus node.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

import rdflib
from pyoxigraph import BlankNode, Literal, NamedNode, Triple, parse
from rdflib.namespace import RDF, SH

from kg.paths import ONTOLOGY
from kg.publish.store import GraphError, one_line, rdf_format

SHAPES = ONTOLOGY / "shapes.ttl"
Y = rdflib.Namespace("http://localhost:8000/ontology#")
OA = rdflib.Namespace("http://www.w3.org/ns/oa#")


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


def rdflib_graph(triples: Iterable[Triple]) -> rdflib.Graph:
    graph = rdflib.Graph()
    for t in triples:
        graph.add((_term(t.subject), _term(t.predicate), _term(t.object)))
    return graph


def load_graph(path: Path) -> rdflib.Graph:
    """A Turtle, N-Triples, N-Quads or JSON-LD file as an rdflib graph."""
    path = Path(path)
    if not path.is_file():
        raise GraphError(f"{path}: no such graph file")
    try:
        quads = list(parse(path=str(path), format=rdf_format(path)))
    except (SyntaxError, ValueError, OSError) as exc:
        raise GraphError(f"{path}: {one_line(exc)}") from exc
    return rdflib_graph(q.triple if hasattr(q, "triple") else q for q in quads)


_SHAPES_GRAPH: list = []


def _shapes() -> rdflib.Graph:
    if not _SHAPES_GRAPH:
        shapes = rdflib.Graph()
        for path in sorted(ONTOLOGY.glob("shapes*.ttl")):  # shapes.ttl, shapes-work.ttl …
            shapes.parse(path, format="turtle")
        _SHAPES_GRAPH.append(shapes)
    return _SHAPES_GRAPH[0]


def validate(data: rdflib.Graph, shapes: rdflib.Graph | None = None) -> Report:
    import pyshacl

    conforms, results, _ = pyshacl.validate(data, shacl_graph=shapes if shapes is not None else _shapes(),
                                            inference="none", advanced=False, allow_warnings=False)
    violations = [_violation(results, r, data) for r in results.subjects(RDF.type, SH.ValidationResult)]
    violations.sort(key=lambda v: (v.shape, v.focus, v.message))
    return Report(bool(conforms), violations, results)


def _short(node) -> str:
    text = str(node)
    for prefix, ns in (("yili:", str(Y)), ("ys:", "http://localhost:8000/shapes#"), ("sh:", str(SH))):
        if text.startswith(ns):
            return prefix + text[len(ns):]
    return text


def _violation(results: rdflib.Graph, result, data: rdflib.Graph) -> Violation:
    focus = results.value(result, SH.focusNode)
    source = results.value(result, SH.sourceShape)
    shape = _owner(source)
    path = results.value(result, SH.resultPath)
    value = results.value(result, SH.value)
    return Violation(
        focus=str(focus), shape=_short(shape), constraint=_short(results.value(result, SH.sourceConstraintComponent)),
        message=str(results.value(result, SH.resultMessage) or ""), path=_short(path) if path is not None else None,
        value=str(value) if value is not None else None, text=_text_of(data, focus))


_OWNERS: dict = {}


def _owner(source):
    """A property shape is a blank node: report the named node shape that
    holds it (ys:EventShape), or the shape itself when it is named."""
    if not _OWNERS:
        for owner, prop in _shapes().subject_objects(SH.property):
            _OWNERS[prop] = owner
    return _OWNERS.get(source, source)


def _text_of(data: rdflib.Graph, focus) -> str | None:
    """The passage text (or exact characters) a focus node comes from."""
    for node in (focus, data.value(focus, Y.passage), data.value(focus, Y.evidence), data.value(focus, OA.hasBody)):
        if node is None:
            continue
        text = data.value(node, Y.readingText) or data.value(node, RDF.value)
        if text is not None:
            return str(text)
        for selector in data.objects(node, OA.hasSelector):
            exact = data.value(selector, OA.exact)
            if exact is not None:
                return str(exact)
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
