"""A SHACL Core engine over an index of N-Triples lines: the ``core``
engine of :func:`kg.validate.validate`, the one ``kg build`` uses.

Why one more engine: pyshacl-turbo loads every statement into a B-tree
dataset of its own (perf: most of its time is oxrdf's index inserts), at
8–10 µs a statement whatever the shapes — 23–31 s for the 1.39 million
statements of the whole work the shapes can see; pySHACL is slower still.
The shapes here are SHACL Core and look at a node and what it points to,
so no store is needed: a table per predicate of subject → values, made by
splitting the N-Triples lines Oxigraph writes (terms stay N-Triples bytes),
answers every constraint with dictionary lookups.

It checks the SHACL Core constraint components (one method each in
:class:`~kg.shaclcore.shapes.Compiler`) and refuses shapes that use
anything else (sh:closed, SPARQL, …) with :class:`Unsupported`, so a
constraint it does not know is never passed in silence. pySHACL stays the
reference: every constraint case of tests/test_shapes.py runs on this
engine, pySHACL and pyshacl-turbo, and all three must report the same
violations.
"""
from __future__ import annotations

import io
from typing import Iterable

import rdflib
from rdflib.namespace import RDF, SH

from kg import collector
from kg.shaclcore.index import Census, Index, Unsupported, census_of
from kg.shaclcore.shapes import Compiler, Result, evaluate, targets
from kg.shaclcore.terms import RDF_TYPE, SUBCLASS_OF, to_rdflib

__all__ = ["Census", "Program", "Unsupported", "census_of"]


class Program:
    """A shapes graph compiled once; :meth:`validate` runs it on data."""

    def __init__(self, shapes: rdflib.Graph):
        self.graph = shapes
        compiler = Compiler(shapes)
        targeted = {s for p in (SH.targetClass, SH.targetNode, SH.targetObjectsOf, SH.targetSubjectsOf)
                    for s in shapes.subjects(p, None)}
        for node in [*shapes.subjects(RDF.type, SH.NodeShape), *targeted]:
            compiler.shape(node)  # every declared shape compiled: an unsupported one is refused even unused
        self.roots = sorted((s for s in compiler.shapes.values() if s.targeted), key=lambda s: str(s.node))
        self.compiler = compiler
        self.predicates = compiler.predicates | {RDF_TYPE, SUBCLASS_OF}

    def index(self, ntriples: bytes | Iterable[bytes], census: Census | None = None) -> Index:
        """The data as the shapes see it: N-Triples as text or as its lines
        (an open binary file, or lines as they are written elsewhere);
        ``census`` counts what VoID reports on the way."""
        lines = io.BytesIO(ntriples) if isinstance(ntriples, bytes) else ntriples
        predicates = self.predicates
        if census is not None:
            predicates = predicates | census.tables()
        with collector.paused():  # the index is millions of objects, no cycles
            return Index(lines, predicates, census)

    def results(self, ntriples: bytes | Iterable[bytes] | Index) -> list[Result]:
        """Every result of the data (N-Triples as :meth:`index` takes it, or its index)."""
        with collector.paused():  # one collection at the end, not one after the index and one after the check
            index = ntriples if isinstance(ntriples, Index) else self.index(ntriples)
            found: list[Result] = []
            for shape in self.roots:
                for focus in targets(shape, index):
                    evaluate(shape, index, focus, found)
            return found

    def validate(self, ntriples: bytes | Iterable[bytes] | Index) -> tuple[bool, rdflib.Graph]:
        """pySHACL's (conforms, sh:ValidationReport graph)."""
        found = self.results(ntriples)
        return not found, report_graph(found)


def report_graph(results: list[Result]) -> rdflib.Graph:
    graph = rdflib.Graph()
    graph.bind("sh", SH)
    report = rdflib.BNode()
    graph.add((report, RDF.type, SH.ValidationReport))
    graph.add((report, SH.conforms, rdflib.Literal(not results)))
    for r in results:
        graph.add((report, SH.result, _add_result(graph, r)))
    return graph


def _add_result(graph: rdflib.Graph, r: Result) -> rdflib.BNode:
    node = rdflib.BNode()
    graph.add((node, RDF.type, SH.ValidationResult))
    graph.add((node, SH.focusNode, to_rdflib(r.focus)))
    graph.add((node, SH.resultSeverity, r.shape.severity))
    graph.add((node, SH.sourceShape, r.shape.node))
    graph.add((node, SH.sourceConstraintComponent, r.component))
    if r.shape.path_node is not None:
        graph.add((node, SH.resultPath, r.shape.path_node))
    if r.value is not None:
        graph.add((node, SH.value, to_rdflib(r.value)))
    for message in r.shape.messages or [rdflib.Literal(f"not met: {r.component.split('#')[-1]}")]:
        graph.add((node, SH.resultMessage, message))
    for detail in r.details:
        graph.add((node, SH.detail, _add_result(graph, detail)))
    return node
