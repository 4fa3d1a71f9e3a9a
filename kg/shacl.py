"""The SHACL engines behind :func:`kg.validate.validate`, each reduced to
one call: data and shapes in, (conforms, sh:ValidationReport graph) out.

Also the small read-only view of the data that the report needs to quote
a failing node's passage text, over an rdflib graph or over Oxigraph quads.
"""
from __future__ import annotations

from collections import defaultdict
from typing import BinaryIO, Iterable, Protocol

import rdflib
from pyoxigraph import NamedNode, Quad, RdfFormat, Store, Triple, parse, serialize

from kg import collector

ENGINES = ("core", "turbo", "pyshacl")


def run_pyshacl(data: rdflib.Graph, shapes: rdflib.Graph) -> tuple[bool, rdflib.Graph]:
    """The reference engine (pySHACL), on an rdflib graph."""
    import pyshacl

    conforms, results, _ = pyshacl.validate(data, shacl_graph=shapes, inference="none", advanced=False,
                                            allow_warnings=False)
    return bool(conforms), results


_PROGRAMS: dict = {}


def run_core(data: rdflib.Graph | Store | bytes | BinaryIO | list[Quad | Triple],
             shapes: rdflib.Graph) -> tuple[bool, rdflib.Graph]:
    """The core engine (:mod:`kg.shaclcore`), on the N-Triples of the union
    of the data's graphs (``bytes`` or an open binary file: that text
    already written, each triple once)."""
    if not isinstance(data, bytes) and not hasattr(data, "readline"):  # not N-Triples text or an open file of it
        with collector.paused():
            data = serialize(union_triples(data), format=RdfFormat.N_TRIPLES)
    return core_program(shapes).validate(data)


def core_program(shapes: rdflib.Graph):
    """The shapes compiled for the core engine, once per shapes graph
    (:class:`kg.shaclcore.Unsupported` for a shape it does not check)."""
    from kg.shaclcore import Program

    key = id(shapes)
    if key not in _PROGRAMS:
        _PROGRAMS.clear()
        _PROGRAMS[key] = (shapes, Program(shapes))  # the graph is kept so that its id is not reused
    return _PROGRAMS[key][1]


def union_triples(data: rdflib.Graph | Store | Iterable[Quad | Triple]) -> list[Triple]:
    """Each triple of ``data`` once, whatever graphs it is in."""
    if isinstance(data, rdflib.Graph):  # through N-Triples, so that terms come out as Oxigraph writes them
        data = parse(data.serialize(format="nt", encoding="utf-8"), format=RdfFormat.N_TRIPLES)
    elif isinstance(data, Store):
        data = data.quads_for_pattern(None, None, None)
    return list(dict.fromkeys(t.triple if isinstance(t, Quad) else t for t in data))


_COMPILED: dict = {}


def _compiled(shapes: rdflib.Graph):
    """The shapes compiled once per graph object (compiling re-reads every
    shape triple). The compiled program keeps ``shapes`` itself, so the
    report's blank property shapes are the very nodes of ``shapes``."""
    import pyshacl_turbo

    key = id(shapes)
    if key not in _COMPILED:
        _COMPILED.clear()
        _COMPILED[key] = (shapes, pyshacl_turbo.compile_shapes(shapes))
    return _COMPILED[key][1]


def prepare_turbo(shapes: rdflib.Graph) -> None:
    """Compile ``shapes`` now, before threads share the program."""
    _compiled(shapes)


def run_turbo(data: rdflib.Graph | Store | str | list[Quad | Triple], shapes: rdflib.Graph) -> tuple[bool, rdflib.Graph]:
    """pyshacl-turbo (Rust). Quads go in as the N-Quads text Oxigraph writes,
    the very input pyshacl-turbo makes of a pyoxigraph Store itself (see its
    ``rdf.input_graph``), minus the store: no rdflib graph of the data, no
    index built only to be dumped again. Core validation sees the union of
    the named graphs, as pyshacl does for our rdflib union graph.
    ``Input`` is pyshacl-turbo's own (not in its documented API): hence the
    version pinned below 0.7 in pyproject.toml, and the tests feed quads."""
    from pyshacl_turbo import ValidationFailure
    from pyshacl_turbo.rdf import Input

    if isinstance(data, (rdflib.Graph, Store)):
        source = data
    elif isinstance(data, str):  # N-Quads text already written
        source = Input(data, "oxigraph-nquads", None, {}, preserve_ids=True)
    else:
        data = list(data)
        kept = relevant_triples(data, shapes)
        text = serialize(data if kept is None else kept,
                         format=RdfFormat.N_QUADS if kept is None else RdfFormat.N_TRIPLES).decode("utf-8")
        source = Input(text, "oxigraph-nquads", None, {}, preserve_ids=True)
    try:
        conforms, results, _ = _compiled(shapes).validate(source, allow_warnings=False)
    except ValidationFailure as exc:  # the shapes themselves are wrong
        raise RuntimeError(f"SHACL shapes rejected by pyshacl-turbo: {exc}") from exc
    return bool(conforms), results


RDF_TYPE = NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")
SUBCLASS_OF = NamedNode("http://www.w3.org/2000/01/rdf-schema#subClassOf")
# Constraints that look at every property of a node, or run queries that may
# name anything: with these no statement can be left out.
_WHOLE_NODE = ("closed", "sparql", "select", "ask", "SPARQLConstraint")


def relevant_triples(statements: Iterable[Quad | Triple], shapes: rdflib.Graph) -> list[Triple] | None:
    """The statements the shapes can see, as one union of triples; None when
    they may see anything.

    SHACL Core reaches data only through the IRIs the shapes name: the
    predicates of paths and targets, and the classes of ``sh:class`` and
    ``sh:targetClass`` (with their subclasses, through ``rdfs:subClassOf``).
    A statement whose predicate the shapes never name, or a type statement
    whose class is under no class they name, cannot change a verdict; about
    a quarter of the built graph is such (yili:rule, prov links, the
    SpecificResource types…), and the Rust engine's time goes mostly into
    loading statements. tests/test_shapes.py holds this filtered run to the
    unfiltered pySHACL verdict on every constraint."""
    SH = "http://www.w3.org/ns/shacl#"
    used = {str(n) for triple in shapes for n in triple if isinstance(n, rdflib.URIRef)}
    if any(SH + name in used for name in _WHOLE_NODE):
        return None
    named = {NamedNode(iri) for iri in used}
    named |= {RDF_TYPE, SUBCLASS_OF}
    statements = statements if isinstance(statements, list) else list(statements)
    triples = statements if not statements or isinstance(statements[0], Triple) else \
        list(dict.fromkeys(s.triple for s in statements))  # quads: a triple of several graphs once
    parents: dict = defaultdict(list)
    for t in triples:
        if t.predicate == SUBCLASS_OF:
            parents[t.subject].append(t.object)
    seen: dict = {}

    def under_named(cls) -> bool:  # cls or one of its superclasses is named by the shapes
        if cls not in seen:
            seen[cls] = False  # a cycle in the data ends here
            seen[cls] = cls in named or any(under_named(p) for p in parents.get(cls, ()))
        return seen[cls]

    return [t for t in triples if t.predicate in named and (t.predicate != RDF_TYPE or under_named(t.object))]


class Lookup(Protocol):
    """Nodes and predicates by their IRI (or blank node label) strings."""

    def value(self, node: str, predicate: str) -> str | None: ...

    def objects(self, node: str, predicate: str) -> list[str]: ...


class _GraphLookup:
    def __init__(self, graph: rdflib.Graph):
        self.graph = graph

    def objects(self, node: str, predicate: str) -> list[str]:
        # A string does not say whether it names an IRI or a blank node: try both.
        for term in (rdflib.URIRef(node), rdflib.BNode(node)):
            found = [str(o) for o in self.graph.objects(term, rdflib.URIRef(predicate))]
            if found:
                return found
        return []

    def value(self, node: str, predicate: str) -> str | None:
        found = self.objects(node, predicate)
        return found[0] if found else None


class _IndexLookup:
    def __init__(self, index: dict):
        self.index = index

    def objects(self, node: str, predicate: str) -> list[str]:
        return self.index.get((node, predicate), [])

    def value(self, node: str, predicate: str) -> str | None:
        found = self.objects(node, predicate)
        return found[0] if found else None


def rdflib_lookup(graph: rdflib.Graph) -> Lookup:
    return _GraphLookup(graph)


def quads_lookup(quads: Iterable[Quad | Triple], predicates: Iterable[str]) -> Lookup:
    """An index of the few ``predicates`` a report quotes, in one pass."""
    wanted = set(predicates)
    index: dict = defaultdict(list)
    for q in quads:
        if q.predicate.value in wanted:
            index[(q.subject.value, q.predicate.value)].append(q.object.value)
    return _IndexLookup(dict(index))
