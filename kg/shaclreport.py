"""The report of a validation, as people and tools read it: each
violation with the node shape it belongs to and the passage text its focus
node comes from; the parts' reports merged into one; the report as text,
JSON or the standard ``sh:ValidationReport`` in Turtle. Below
:mod:`kg.validate`, which runs the engines."""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

import rdflib
from pyoxigraph import Quad, Store, Triple
from rdflib.namespace import RDF, SH

from kg.rdf.io import Dataset
from kg.rdf.iris import ONTOLOGY as ONTOLOGY_IRI
from kg.rdf.namespaces import OA as OA_IRI
from kg.shacl import Lookup, quads_lookup, rdflib_lookup

Y = rdflib.Namespace(ONTOLOGY_IRI)
OA = rdflib.Namespace(OA_IRI)


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


def quads_of(data: Store | Dataset | list) -> Iterable[Quad | Triple]:
    if isinstance(data, Dataset):
        return data.quads()
    return data.quads_for_pattern(None, None, None) if isinstance(data, Store) else data


def _lookup(data: rdflib.Graph | Store | list) -> Lookup:
    if isinstance(data, rdflib.Graph):
        return rdflib_lookup(data)
    return quads_lookup(quads_of(data), _QUOTED)


def _key(v: Violation) -> tuple:
    return v.focus, v.shape, v.constraint, v.path, v.value, v.message


def merge_reports(reports: list[Report]) -> Report:
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


def report_of(conforms: bool, results: rdflib.Graph, shapes: rdflib.Graph, data) -> Report:
    nodes = list(results.subjects(RDF.type, SH.ValidationResult))
    # The passage texts are looked up only when something failed: indexing
    # the data costs time a conforming graph should not pay.
    data = _lookup(data) if nodes else None
    owners = shape_owners(shapes)
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


def shape_owners(shapes: rdflib.Graph) -> dict:
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
