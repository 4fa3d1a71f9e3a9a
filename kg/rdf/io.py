"""Graph I/O below validation and publishing: the dataset as built (named
graphs of triples), its dumps in every format of :mod:`kg.rdf.formats`, and
graph files read back.

The dumps are written by :class:`kg.rdf.stream.DumpWriter` from the
graphs' pieces, each a pyoxigraph serialisation streamed to its file: no
sorting, no second copy of the graph. The statements come in build order,
which depends only on the input (the builders iterate lists and sorted
keys, never hash order), so two builds of the same input give the same
bytes (tests/test_build.py).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Callable, Iterable, Iterator

from pyoxigraph import Literal, NamedNode, Quad, RdfFormat, Triple, parse, serialize

from kg.atomic import atomic_write
from kg.rdf.formats import FORMATS, UnknownFormat, format_of


class GraphError(ValueError):
    """A graph file that cannot be read."""


def one_line(exc: Exception | str, limit: int = 200) -> str:
    """A parser's (or a server's) message on one line, cut at ``limit`` characters."""
    text = " ".join(str(exc).split())
    return text if len(text) <= limit else text[:limit] + "…"


@dataclass
class Dataset:
    """Named graphs of triples, each triple once per graph, in build order."""

    graphs: dict[NamedNode, list[Triple]] = field(default_factory=dict)
    _union: list[Triple] | None = field(default=None, repr=False)
    _ntriples: bytes | None = field(default=None, repr=False)
    distinct: bool = False  # no triple in two graphs: the union is the graphs one after the other

    @classmethod
    def of(cls, parts: Iterable[tuple[NamedNode, Iterable[Triple]]]) -> "Dataset":
        """Graphs from (graph, triples) pieces; a graph named twice is extended."""
        graphs: dict[NamedNode, dict[Triple, None]] = {}
        for graph, triples in parts:
            graphs.setdefault(graph, {}).update(dict.fromkeys(triples))
        union: dict[Triple, None] = {}
        for triples in graphs.values():
            union.update(triples)  # reuses the hashes the graphs' dicts hold: half the time of hashing again
        return cls({g: list(ts) for g, ts in graphs.items()}, list(union))

    @classmethod
    def stated(cls, parts: Iterable[tuple[NamedNode, Iterable[Triple]]],
               sink: Callable[[NamedNode, list[Triple]], None] | None = None,
               keep: Callable[[NamedNode], bool] | None = None) -> "Dataset":
        """Graphs from (graph, triples) pieces made by builders that state
        each triple once and in one graph only (those of :mod:`kg.rdf`; the
        whole work's build is checked for it in tests/test_build.py), so
        nothing is hashed to drop repeats: that was 1.3 s of the whole work's
        4 s. A graph's pieces come one after another, so the union is the
        graphs in turn, and ``sink`` is given each piece (graph, triples) as
        soon as it is made: kg build writes it into every dump and streams
        it to its validator meanwhile, and holds (``keep``) only the graphs
        it describes afterwards."""
        graphs: dict[NamedNode, list[Triple]] = {}
        last = None
        seen: set[NamedNode] = set()
        for graph, triples in parts:
            if graph != last and graph in seen:
                raise ValueError(f"the pieces of graph {graph} are not together")
            last = graph
            seen.add(graph)
            triples = list(triples)
            if keep is None or keep(graph):
                graphs.setdefault(graph, []).extend(triples)
            if sink is not None:
                sink(graph, triples)
        return cls(graphs, distinct=True)

    @classmethod
    def from_quads(cls, quads: Iterable[Quad]) -> "Dataset":
        graphs: dict[NamedNode, dict[Triple, None]] = {}
        for q in quads:
            graphs.setdefault(q.graph_name, {})[q.triple] = None
        return cls({g: list(ts) for g, ts in graphs.items()})

    def __len__(self) -> int:
        return sum(map(len, self.graphs.values()))

    def quads(self) -> Iterator[Quad]:
        for graph, triples in self.graphs.items():
            for t in triples:
                yield Quad(t.subject, t.predicate, t.object, graph)

    def union(self) -> list[Triple]:
        """The triples of all graphs, each once (computed once)."""
        if self._union is None:
            if len(self.graphs) == 1:
                self._union = next(iter(self.graphs.values()))
            elif self.distinct:
                self._union = [t for ts in self.graphs.values() for t in ts]
            else:
                self._union = list(dict.fromkeys(t for ts in self.graphs.values() for t in ts))
        return self._union

    def ntriples(self) -> bytes:
        """The union's N-Triples, made once: what the core validator
        (:mod:`kg.shaclcore`) reads and the validation cache's digest."""
        if self._ntriples is None:
            self._ntriples = serialize(self.union(), format=RdfFormat.N_TRIPLES)
        return self._ntriples

    def moved(self, old: str, new: str) -> "Dataset":
        """The dataset with every IRI (and IRI-valued literal) under ``old``
        moved under ``new``."""
        move = IriMover(old, new)
        return Dataset({move.term(g): list(map(move, ts)) for g, ts in self.graphs.items()}, distinct=self.distinct)


class IriMover:
    """Moves a triple's IRIs (and IRI-valued literals: void:uriSpace, a URL
    as text) from under ``old`` to under ``new``."""

    def __init__(self, old: str, new: str):
        self.old, self.new = old, new

    def term(self, term):
        old = self.old
        if isinstance(term, NamedNode) and term.value.startswith(old):
            return NamedNode(self.new + term.value[len(old):])
        if isinstance(term, Literal) and term.value.startswith(old):
            moved = self.new + term.value[len(old):]
            return Literal(moved, language=term.language) if term.language else Literal(moved, datatype=term.datatype)
        return term

    def __call__(self, triple: Triple) -> Triple:
        move = self.term
        return Triple(move(triple.subject), move(triple.predicate), move(triple.object))


class _GraphNamer:
    """A binary file that turns the N-Triples written into it into N-Quads
    of ``graph``: each line's final " ." becomes " <graph> .". Oxigraph
    escapes line breaks inside literals, so " .\n" ends a line and nothing
    else. It writes in pieces of about 8 KB, cut anywhere: they are gathered
    to a quarter of a megabyte and named up to the last line break, the
    rest waiting for the next batch. Batches that size measured faster than
    replacing each piece (fewer calls into Python's file and bytes code),
    than one graph's whole text (and hold no copy of it), and than a Quad
    object per triple (the bench's raw N-Quads)."""

    BATCH = 1 << 18

    def __init__(self, out: BinaryIO, graph: NamedNode):
        self.out, self.pieces, self.size = out, [], 0
        self.suffix = b" <" + graph.value.encode("utf-8") + b"> .\n"

    def write(self, data: bytes) -> int:
        self.pieces.append(data)
        self.size += len(data)
        if self.size >= self.BATCH:
            self._pass_on()
        return len(data)

    def _pass_on(self) -> None:
        text = b"".join(self.pieces)
        cut = text.rfind(b"\n") + 1
        # split and join: a third faster than bytes.replace, which pays a search set-up per line
        self.out.write(self.suffix.join(text[:cut].split(b" .\n")))
        rest = text[cut:]
        self.pieces, self.size = ([rest] if rest else []), len(rest)

    def flush(self) -> None:
        pass  # the file underneath is flushed by whoever owns it

    def close(self) -> bytes:
        """Pass on what is held; returns what followed the last line break."""
        self._pass_on()
        return b"".join(self.pieces)


def write_graph_nquads(out: BinaryIO, graph: NamedNode, triples: Iterable[Triple]) -> None:
    """One graph's triples as N-Quads into the binary file ``out``."""
    namer = _GraphNamer(out, graph)
    serialize(triples, namer, RdfFormat.N_TRIPLES)
    if namer.close():  # Oxigraph ends its last line too: a rest would be a statement cut short
        raise ValueError(f"N-Triples of {graph} that do not end with a line break")


def copy_ntriples_as_nquads(out: BinaryIO, graph: NamedNode, source: int, start: int, end: int) -> None:
    """The N-Triples of one graph's triples, at ``start:end`` of the open
    file ``source`` (a descriptor; whole lines), as N-Quads of ``graph``
    into ``out``: the bytes :func:`write_graph_nquads` writes of the same
    triples, without serialising them again. Read a batch at a time (a
    piece's whole text at once measured slower)."""
    namer = _GraphNamer(out, graph)
    while start < end:
        block = os.pread(source, min(_GraphNamer.BATCH, end - start), start)
        if not block:
            raise ValueError(f"the N-Triples of {graph} end before their last line")
        start += len(block)
        namer.write(block)
    if namer.close():
        raise ValueError(f"N-Triples of {graph} that do not end with a line break")


def write_statements(statements: Iterable[Triple | Quad], path: Path, gz: bool = False,
                     prefixes: dict[str, str] | None = None) -> None:
    """Statements in the format ``path``'s extension names."""
    fmt = format_of(path)
    options = {"prefixes": prefixes} if prefixes and fmt.rdf_format == RdfFormat.TURTLE else {}
    with atomic_write(path, gz) as out:
        serialize(statements, out, fmt.rdf_format, **options)


def rdf_format(path: Path) -> RdfFormat:
    try:
        return format_of(path).rdf_format
    except UnknownFormat as exc:
        raise GraphError(str(exc)) from None


def load_quads(path: Path) -> list[Quad | Triple]:
    """A Turtle, N-Triples, N-Quads or JSON-LD file as Oxigraph quads."""
    path = Path(path)
    if not path.is_file():
        raise GraphError(f"{path}: no such graph file")
    try:
        return list(parse(path=str(path), format=rdf_format(path)))
    except (SyntaxError, ValueError, OSError) as exc:
        raise GraphError(f"{path}: {one_line(exc)}") from exc


__all__ = ["Dataset", "FORMATS", "GraphError", "IriMover", "load_quads", "one_line", "rdf_format",
           "write_graph_nquads", "write_statements"]
