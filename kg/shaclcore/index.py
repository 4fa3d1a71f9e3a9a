"""The data as SHACL Core sees it: for each predicate the shapes name, a
table of subject → values, terms kept as their N-Triples bytes; and the
SHACL property paths over it."""
from __future__ import annotations

from typing import Callable, Iterable

import rdflib
from rdflib.collection import Collection
from rdflib.namespace import SH

from kg.shaclcore.terms import RDF_TYPE, SUBCLASS_OF, from_rdflib


class Unsupported(ValueError):
    """The shapes use something this engine does not check."""


class Index:
    """Subject → values for each predicate in ``predicates`` (None: all),
    from the lines of N-Triples text as Oxigraph writes them, read one at a
    time (a file is never held whole); a triple written twice is there
    once. Objects come out in the order of the text."""

    def __init__(self, lines: Iterable[bytes], predicates: set[bytes] | None = None,
                 census: "Census | None" = None):
        """``census``: also counts every line's predicate and subject (what
        VoID reports of the graph), on this one reading of the lines."""
        tables: dict[bytes, dict[bytes, list[bytes]]] = {}
        if predicates is not None:
            tables = {p: {} for p in predicates}
        get = tables.get
        counts, subjects = (census.predicates, census.subjects) if census is not None else (None, None)
        # One bytes object per distinct term, however many lines name it: a
        # subject is a key of several tables, a class or a term the object of
        # thousands of lines (the whole work's index 457 -> 254 MiB).
        terms: dict[bytes, bytes] = {}
        term = terms.setdefault
        for line in lines:
            # "<s> <p> object ." — neither a subject nor a predicate holds a
            # space; the object may, so it is the rest before the last " .".
            try:
                s, p, rest = line.split(b" ", 2)
            except ValueError:
                continue  # a blank line
            s = term(s, s)
            if counts is not None and s[:1] != b"#":
                counts[p] = counts.get(p, 0) + 1
                subjects.add(s)
            table = get(p)
            if table is None:
                if predicates is not None or s.startswith(b"#"):
                    continue
                table = tables[p] = {}
            elif s.startswith(b"#"):
                continue  # a comment
            # Oxigraph ends every line with " .\n": cut it without a search
            o = rest[:-3] if rest[-3:] == b" .\n" else rest[:rest.rindex(b" .")]
            o = term(o, o)
            values = table.get(s)
            if values is None:
                table[s] = [o]
            else:
                values.append(o)
        # A triple the text states twice is in the graph once: (kg build's
        # union is its graphs one after another, which share no triple, but
        # a repeat must not count twice for sh:maxCount).
        for table in tables.values():
            for s, values in table.items():
                if len(values) > 1 and len(set(values)) < len(values):
                    table[s] = list(dict.fromkeys(values))
        self.tables = tables
        self._inverse: dict[bytes, dict[bytes, list[bytes]]] = {}
        self._ancestors: dict[bytes, frozenset[bytes]] = {}
        self._instance: dict[tuple[bytes, bytes], bool] = {}

    def values(self, node: bytes, predicate: bytes) -> list[bytes]:
        table = self.tables.get(predicate)
        return table.get(node, []) if table else []

    def subjects_of(self, predicate: bytes) -> Iterable[bytes]:
        return self.tables.get(predicate, {}).keys()

    def objects_of(self, predicate: bytes) -> Iterable[bytes]:
        return (o for values in self.tables.get(predicate, {}).values() for o in values)

    def inverse(self, predicate: bytes) -> dict[bytes, list[bytes]]:
        """Object → subjects of ``predicate`` (made on first use)."""
        if predicate not in self._inverse:
            inverse: dict[bytes, list[bytes]] = {}
            for s, values in self.tables.get(predicate, {}).items():
                for o in values:
                    inverse.setdefault(o, []).append(s)
            self._inverse[predicate] = inverse
        return self._inverse[predicate]

    def ancestors(self, cls: bytes) -> frozenset[bytes]:
        """``cls`` and every class above it through rdfs:subClassOf."""
        found = self._ancestors.get(cls)
        if found is None:
            seen, pending = {cls}, [cls]
            while pending:
                for parent in self.values(pending.pop(), SUBCLASS_OF):
                    if parent not in seen:
                        seen.add(parent)
                        pending.append(parent)
            found = self._ancestors[cls] = frozenset(seen)
        return found

    def is_instance(self, node: bytes, cls: bytes) -> bool:
        """SHACL's "SHACL instance": a type of ``node`` is ``cls`` or below it."""
        found = self._instance.get((node, cls))
        if found is None:  # the same few documents and passages are asked about again and again
            found = self._instance[node, cls] = any(cls in self.ancestors(t) for t in self.values(node, RDF_TYPE))
        return found

    def instances(self, cls: bytes) -> list[bytes]:
        """Every SHACL instance of ``cls``, each once, in the text's order."""
        found: dict[bytes, None] = {}
        for t, subjects in self.inverse(RDF_TYPE).items():
            if cls in self.ancestors(t):
                found.update(dict.fromkeys(subjects))
        return list(found)


class Census:
    """What VoID says of a graph, counted as the core engine's index reads
    its lines (kg build's validator reads every statement anyway): the
    statements per predicate and the distinct subjects; the classes from the
    index's rdf:type table; and, for each (predicate, object) of
    ``examples``, the least subject IRI that has it (VoID's example
    resources: the first chapter, the first event…)."""

    def __init__(self, examples: Iterable[tuple[str, str]] = ()):
        self.examples = list(examples)
        self.predicates: dict[bytes, int] = {}
        self.subjects: set[bytes] = set()

    def tables(self) -> set[bytes]:
        """The predicates whose tables :meth:`figures` reads: rdf:type and
        those of the examples."""
        return {RDF_TYPE} | {_term(p) for p, _ in self.examples}

    def figures(self, index: Index) -> dict:
        """The counts as plain data (IRIs as text), to send to another process."""
        least = {}
        for predicate, obj in self.examples:
            found = index.inverse(_term(predicate)).get(_term(obj), ())
            named = [s[1:-1] for s in found if s[:1] == b"<"]  # without "<>": "…/1" before "…/10"
            if named:
                least[f"{predicate} {obj}"] = min(named).decode("utf-8")
        return {"triples": sum(self.predicates.values()),
                "entities": len(self.subjects) - sum(1 for s in self.subjects if s[:1] != b"<"),
                "properties": {_iri(p): n for p, n in self.predicates.items()},
                "classes": {_iri(o): len(subjects) for o, subjects in index.inverse(RDF_TYPE).items() if o[:1] == b"<"},
                "least": least}


def census_of(path, examples: Iterable[tuple[str, str]] = ()) -> dict:
    """The figures (:meth:`Census.figures`) of an N-Triples file as Oxigraph
    writes it, counted alone: for a build whose validator sent none."""
    census = Census(examples)
    with open(path, "rb") as lines:
        index = Index(lines, census.tables(), census)
    return census.figures(index)


def _iri(term: bytes) -> str:
    return term[1:-1].decode("utf-8")


def _term(iri: str) -> bytes:
    return b"<" + iri.encode("utf-8") + b">"


# --- property paths -----------------------------------------------------------------

Path = Callable[[Index, bytes], list[bytes]]  # a focus node's value nodes, each once


def _unique(nodes: Iterable[bytes]) -> list[bytes]:
    return list(dict.fromkeys(nodes))


def compile_path(shapes: rdflib.Graph, node, predicates: set[bytes]) -> Path:
    """A SHACL property path as a function of (index, focus node); the IRIs
    it walks are added to ``predicates`` (what the index must hold)."""
    if isinstance(node, rdflib.URIRef):
        predicate = from_rdflib(node)
        predicates.add(predicate)
        return lambda index, focus: index.values(focus, predicate)
    if (node, rdflib.RDF.first, None) in shapes:  # a sequence path
        items = list(Collection(shapes, node))
        steps = [compile_path(shapes, item, predicates) for item in items]
        if all(isinstance(item, rdflib.URIRef) for item in items):
            return _predicate_sequence([from_rdflib(item) for item in items])

        def sequence(index, focus):
            nodes = [focus]
            for step in steps:
                nodes = _unique(v for n in nodes for v in step(index, n))
            return nodes
        return sequence
    kinds = {p: o for p, o in shapes.predicate_objects(node)}
    if SH.inversePath in kinds and isinstance(kinds[SH.inversePath], rdflib.URIRef):
        predicate = from_rdflib(kinds[SH.inversePath])
        predicates.add(predicate)
        return lambda index, focus: index.inverse(predicate).get(focus, [])
    if SH.alternativePath in kinds:
        options = [compile_path(shapes, item, predicates) for item in Collection(shapes, kinds[SH.alternativePath])]
        return lambda index, focus: _unique(v for option in options for v in option(index, focus))
    for kind, start, more in ((SH.zeroOrMorePath, True, True), (SH.oneOrMorePath, False, True),
                              (SH.zeroOrOnePath, True, False)):
        if kind in kinds:
            return _repeat(compile_path(shapes, kinds[kind], predicates), start, more)
    raise Unsupported(f"property path {node!r} of a kind this engine does not walk")


def _predicate_sequence(predicates: list[bytes]) -> Path:
    """A sequence of plain predicates ((oa:hasSelector rdf:type) on a
    hundred thousand texts), walked table by table without a call per step."""
    def sequence(index, focus):
        nodes = [focus]
        for predicate in predicates:
            table = index.tables.get(predicate)
            if not table:
                return []
            found: dict[bytes, None] = {}
            for n in nodes:
                values = table.get(n)
                if values:
                    found.update(dict.fromkeys(values))
            nodes = list(found)
        return nodes
    return sequence


def _repeat(step: Path, with_focus: bool, more: bool) -> Path:
    def walk(index, focus):
        found = {focus: None} if with_focus else {}
        frontier = [focus]
        while frontier:
            following = []
            for n in frontier:
                for v in step(index, n):
                    if v not in found:
                        found[v] = None
                        following.append(v)
            frontier = following if more else []
        return list(found)
    return walk
