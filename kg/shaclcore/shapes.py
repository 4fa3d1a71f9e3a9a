"""Shapes compiled into checks: each constraint of a shape becomes a
function of (index, focus node, value nodes) that yields what fails — a
value node, or None for a constraint on the values as a whole (counts,
sh:hasValue, sh:uniqueLang)."""
from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass, field
from typing import Callable, Iterable

import rdflib
from rdflib.collection import Collection
from rdflib.namespace import OWL, RDF, RDFS, SH

from kg.shaclcore.index import Index, Path, Unsupported, compile_path
from kg.shaclcore.terms import (LANG_STRING, WELL_FORMED, XSD_STRING, comparable, from_rdflib, is_blank, is_iri, is_literal, lang_matches,
                                less, literal_parts, string_of)

Check = Callable[[Index, bytes, list], Iterable]


@dataclass(eq=False)
class Shape:
    node: object  # the shape in the shapes graph, as the report names it
    path: Path | None = None
    path_node: object = None
    predicate: bytes | None = None  # the path, when it is one IRI: looked up directly
    checks: list[tuple[rdflib.URIRef, Check]] = field(default_factory=list)
    nested: dict = field(default_factory=dict)  # sh:node's check → the shape it checks values against
    properties: list["Shape"] = field(default_factory=list)
    messages: list = field(default_factory=list)
    severity: rdflib.URIRef = SH.Violation
    deactivated: bool = False
    min_count: int = 0  # sh:minCount (0: none)
    max_count: int | None = None  # sh:maxCount
    # targets: classes (an implicit class target included), nodes, and the
    # predicates whose subjects or objects are focus nodes
    target_classes: list[bytes] = field(default_factory=list)
    target_nodes: list[bytes] = field(default_factory=list)
    target_subjects_of: list[bytes] = field(default_factory=list)
    target_objects_of: list[bytes] = field(default_factory=list)

    @property
    def targeted(self) -> bool:
        return bool(self.target_classes or self.target_nodes or self.target_subjects_of or self.target_objects_of)


@dataclass
class Result:
    focus: bytes
    shape: Shape
    component: rdflib.URIRef
    value: bytes | None
    details: list["Result"] = field(default_factory=list)  # sh:node: why the value fails the other shape


# Predicates of a shape that constrain nothing themselves (targets, wording,
# parameters read with their component).
_QUIET = {SH.targetClass, SH.targetNode, SH.targetObjectsOf, SH.targetSubjectsOf, SH.message, SH.severity,
          SH.deactivated, SH.name, SH.description, SH.order, SH.group, SH.defaultValue, SH.path, SH.property,
          SH.flags, SH.qualifiedMinCount, SH.qualifiedMaxCount, SH.qualifiedValueShapesDisjoint}

_NODE_KINDS = {
    SH.IRI: is_iri, SH.BlankNode: is_blank, SH.Literal: is_literal,
    SH.BlankNodeOrIRI: lambda t: not is_literal(t), SH.BlankNodeOrLiteral: lambda t: not is_iri(t),
    SH.IRIOrLiteral: lambda t: not is_blank(t),
}


# The SHACL Core parameters checked, each by the Compiler method of its name.
PARAMETERS = {"minCount", "maxCount", "datatype", "nodeKind", "class", "minLength", "maxLength", "pattern",
              "minInclusive", "maxInclusive", "minExclusive", "maxExclusive", "in", "hasValue", "uniqueLang",
              "languageIn", "lessThan", "lessThanOrEquals", "equals", "disjoint", "node", "not", "or", "and",
              "xone", "qualifiedValueShape"}


MIN_COUNT, MAX_COUNT = SH.MinCountConstraintComponent, SH.MaxCountConstraintComponent


def component(parameter: rdflib.URIRef) -> rdflib.URIRef:
    name = str(parameter)[len(str(SH)):]
    return SH[name[0].upper() + name[1:] + "ConstraintComponent"]


class Compiler:
    """Every shape of a shapes graph, compiled once; ``predicates`` gathers
    the IRIs the data index must hold."""

    def __init__(self, shapes: rdflib.Graph):
        self.graph = shapes
        self.shapes: dict = {}
        self.predicates: set[bytes] = set()

    def shape(self, node) -> Shape:
        if node not in self.shapes:
            shape = self.shapes[node] = Shape(node)  # registered first: shapes may refer to each other
            self._fill(shape)
        return self.shapes[node]

    def _fill(self, shape: Shape) -> None:
        g, node = self.graph, shape.node
        path = g.value(node, SH.path)
        if path is not None:
            shape.path_node, shape.path = path, compile_path(g, path, self.predicates)
            if isinstance(path, rdflib.URIRef):
                shape.predicate = from_rdflib(path)
        shape.messages = list(g.objects(node, SH.message))
        shape.severity = g.value(node, SH.severity) or SH.Violation
        shape.deactivated = g.value(node, SH.deactivated) == rdflib.Literal(True)
        shape.properties = [self.shape(p) for p in g.objects(node, SH.property)]
        classes = list(g.objects(node, SH.targetClass))
        if (node, RDF.type, RDFS.Class) in g or (node, RDF.type, OWL.Class) in g:
            classes.append(node)  # an implicit class target
        shape.target_classes = [from_rdflib(c) for c in classes]
        shape.target_nodes = [from_rdflib(n) for n in g.objects(node, SH.targetNode)]
        shape.target_subjects_of = [from_rdflib(p) for p in g.objects(node, SH.targetSubjectsOf)]
        shape.target_objects_of = [from_rdflib(p) for p in g.objects(node, SH.targetObjectsOf)]
        self.predicates.update(shape.target_subjects_of, shape.target_objects_of)
        for parameter, value in sorted(g.predicate_objects(node)):
            if parameter in _QUIET or parameter in (RDF.type, RDFS.label, RDFS.comment, RDFS.seeAlso):
                continue
            if not str(parameter).startswith(str(SH)):
                continue  # annotations of other vocabularies
            name = str(parameter)[len(str(SH)):]
            make = getattr(self, "_" + name, None) if name in PARAMETERS else None
            if make is None:
                raise Unsupported(f"shape {node}: {parameter} is not checked by the core engine")
            check = make(node, value)
            if check is not None:
                shape.checks.append((component(parameter), check))

    def _list(self, value) -> list:
        return list(Collection(self.graph, value))

    # --- one method per parameter: returns the check ------------------------------

    # Counts are no checks of their own: evaluate() and conforms() compare
    # them inline (two calls fewer for each of a million value sets).
    def _minCount(self, node, value) -> None:
        self.shapes[node].min_count = int(value)

    def _maxCount(self, node, value) -> None:
        self.shapes[node].max_count = int(value)

    def _datatype(self, node, value) -> Check:
        datatype = str(value).encode()
        well_formed = WELL_FORMED.get(datatype, lambda s: True)
        # Oxigraph writes a literal of any datatype but xsd:string (bare) and
        # rdf:langString (@tag) with the datatype after the quote: there the
        # ending says the datatype.
        ending = None if datatype in (XSD_STRING, LANG_STRING) else b'"^^<' + datatype + b">"

        @lru_cache(maxsize=1 << 16)  # a function of the term alone: many literals recur (0, 1, true)
        def fails(t):
            if t[:1] != b'"':
                return True
            if ending is not None:
                return not t.endswith(ending) or not well_formed(literal_parts(t)[0])
            lexical, actual, _ = literal_parts(t)
            return actual != datatype or not well_formed(lexical)
        return lambda index, focus, values: [v for v in values if fails(v)]

    def _nodeKind(self, node, value) -> Check:
        if value not in _NODE_KINDS:
            raise Unsupported(f"shape {node}: unknown sh:nodeKind {value}")
        test = _NODE_KINDS[value]
        return lambda index, focus, values: [v for v in values if not test(v)]

    def _class(self, node, value) -> Check:
        cls = from_rdflib(value)
        return lambda index, focus, values: [v for v in values if is_literal(v) or not index.is_instance(v, cls)]

    def _minLength(self, node, value) -> Check:
        n = int(value)
        return lambda index, focus, values: [v for v in values if (s := string_of(v)) is None or len(s) < n]

    def _maxLength(self, node, value) -> Check:
        n = int(value)
        return lambda index, focus, values: [v for v in values if (s := string_of(v)) is None or len(s) > n]

    def _pattern(self, node, value) -> Check:
        flags = 0
        for letter in str(self.graph.value(node, SH.flags) or ""):
            flags |= {"i": re.I, "m": re.M, "s": re.S, "x": re.X}.get(letter, 0)
        regex = re.compile(str(value), flags)
        return lambda index, focus, values: [v for v in values if (s := string_of(v)) is None or not regex.search(s)]

    def _range(self, value, holds) -> Check:
        bound = comparable(from_rdflib(value))
        return lambda index, focus, values: [v for v in values if not holds(bound, comparable(v))]

    def _minInclusive(self, node, value) -> Check:
        return self._range(value, lambda b, v: less(b, v, or_equal=True))

    def _maxInclusive(self, node, value) -> Check:
        return self._range(value, lambda b, v: less(v, b, or_equal=True))

    def _minExclusive(self, node, value) -> Check:
        return self._range(value, lambda b, v: less(b, v))

    def _maxExclusive(self, node, value) -> Check:
        return self._range(value, lambda b, v: less(v, b))

    def _in(self, node, value) -> Check:
        allowed = {from_rdflib(item) for item in self._list(value)}
        return lambda index, focus, values: [v for v in values if v not in allowed]

    def _hasValue(self, node, value) -> Check:
        wanted = from_rdflib(value)
        return lambda index, focus, values: () if wanted in values else [None]

    def _uniqueLang(self, node, value) -> Check | None:
        if value != rdflib.Literal(True):
            return None

        def duplicates(index, focus, values):
            seen: dict = {}
            for v in values:
                if is_literal(v) and (lang := literal_parts(v)[2]):
                    seen[lang.lower()] = seen.get(lang.lower(), 0) + 1
            return [None for n in seen.values() if n > 1]
        return duplicates

    def _languageIn(self, node, value) -> Check:
        ranges = [str(item) for item in self._list(value)]
        return lambda index, focus, values: [
            v for v in values if not (is_literal(v) and any(lang_matches(literal_parts(v)[2], r) for r in ranges))]

    def _compare(self, value, or_equal: bool) -> Check:
        other = from_rdflib(value)
        self.predicates.add(other)
        return lambda index, focus, values: [
            v for v in values for w in index.values(focus, other) if not less(comparable(v), comparable(w), or_equal)]

    def _lessThan(self, node, value) -> Check:
        return self._compare(value, False)

    def _lessThanOrEquals(self, node, value) -> Check:
        return self._compare(value, True)

    def _equals(self, node, value) -> Check:
        other = from_rdflib(value)
        self.predicates.add(other)

        def unequal(index, focus, values):
            theirs = index.values(focus, other)
            return [v for v in values if v not in theirs] + [w for w in theirs if w not in values]
        return unequal

    def _disjoint(self, node, value) -> Check:
        other = from_rdflib(value)
        self.predicates.add(other)
        return lambda index, focus, values: [v for v in values if v in index.values(focus, other)]

    def _node(self, node, value) -> Check:
        shape = self.shape(value)

        def check(index, focus, values):
            return [v for v in values if not conforms(shape, index, v)]
        self.shapes[node].nested[check] = shape
        return check

    def _not(self, node, value) -> Check:
        shape = self.shape(value)
        return lambda index, focus, values: [v for v in values if conforms(shape, index, v)]

    def _logical(self, value, holds: Callable[[int, int], bool]) -> Check:
        members = [self.shape(item) for item in self._list(value)]
        return lambda index, focus, values: [
            v for v in values if not holds(sum(conforms(m, index, v) for m in members), len(members))]

    def _or(self, node, value) -> Check:
        return self._logical(value, lambda passed, total: passed >= 1)

    def _and(self, node, value) -> Check:
        return self._logical(value, lambda passed, total: passed == total)

    def _xone(self, node, value) -> Check:
        return self._logical(value, lambda passed, total: passed == 1)

    def _qualifiedValueShape(self, node, value) -> None:
        if self.graph.value(node, SH.qualifiedValueShapesDisjoint) == rdflib.Literal(True):
            raise Unsupported(f"shape {node}: sh:qualifiedValueShapesDisjoint is not checked by the core engine")
        shape = self.shape(value)
        low, high = self.graph.value(node, SH.qualifiedMinCount), self.graph.value(node, SH.qualifiedMaxCount)
        owner = self.shapes[node]

        def count(index, values):
            return sum(conforms(shape, index, v) for v in values)
        if low is not None:
            owner.checks.append((SH.QualifiedMinCountConstraintComponent,
                                 lambda index, focus, values: [None] if count(index, values) < int(low) else ()))
        if high is not None:
            owner.checks.append((SH.QualifiedMaxCountConstraintComponent,
                                 lambda index, focus, values: [None] if count(index, values) > int(high) else ()))
        return None


def evaluate(shape: Shape, index: Index, focus: bytes, out: list[Result]) -> None:
    """Add to ``out`` what fails when ``focus`` is checked against ``shape``."""
    if shape.deactivated:
        return
    if shape.predicate is not None:  # _values, inlined: this runs a million times on the whole work
        table = index.tables.get(shape.predicate)
        values = table.get(focus, _NONE) if table else _NONE
    else:
        values = _values(shape, index, focus)
    if len(values) < shape.min_count:
        out.append(Result(focus, shape, MIN_COUNT, None))
    if shape.max_count is not None and len(values) > shape.max_count:
        out.append(Result(focus, shape, MAX_COUNT, None))
    for parameter, check in shape.checks:
        failed = check(index, focus, values)
        if failed:
            other = shape.nested.get(check)
            for value in failed:
                details: list[Result] = []
                if other is not None:  # as pySHACL does, say why (sh:detail)
                    evaluate(other, index, value, details)
                out.append(Result(focus, shape, parameter, value, details))
    for prop in shape.properties:
        for node in values:
            evaluate(prop, index, node, out)


def _values(shape: Shape, index: Index, focus: bytes) -> list[bytes]:
    if shape.predicate is not None:  # the common case, without the path's two calls
        table = index.tables.get(shape.predicate)
        return table.get(focus, _NONE) if table else _NONE
    return shape.path(index, focus) if shape.path is not None else [focus]


_NONE: list = []


def conforms(shape: Shape, index: Index, focus: bytes) -> bool:
    """Whether ``focus`` conforms to ``shape``: :func:`evaluate` that stops at
    the first failure and reports nothing (sh:node, sh:or, qualified shapes)."""
    if shape.deactivated:
        return True
    values = _values(shape, index, focus)
    if len(values) < shape.min_count or shape.max_count is not None and len(values) > shape.max_count:
        return False
    for _, check in shape.checks:
        if check(index, focus, values):
            return False
    for prop in shape.properties:  # loops, not all() over a generator: this runs for every text and note
        for node in values:
            if not conforms(prop, index, node):
                return False
    return True


def targets(shape: Shape, index: Index) -> list[bytes]:
    """The focus nodes of a shape, each once."""
    found: dict[bytes, None] = {}
    for cls in shape.target_classes:
        found.update(dict.fromkeys(index.instances(cls)))
    found.update(dict.fromkeys(shape.target_nodes))
    for p in shape.target_subjects_of:
        found.update(dict.fromkeys(index.subjects_of(p)))
    for p in shape.target_objects_of:
        found.update(dict.fromkeys(index.objects_of(p)))
    return list(found)
