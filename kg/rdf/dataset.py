"""The whole dataset as quads in named graphs.

- one graph per edition: its documents' passages, notes, sections and events;
- the ontology graph: the schema (ontology/yili.ttl), the vocabulary of
  mappings/ (terms, classes), the work, chapters, commentary layers,
  commentators and editions, and the terms found only in the text;
- the links graph: mappings/links.tsv.

Turtle and N-Triples dumps are the union of these graphs.
"""
from __future__ import annotations

from typing import Iterable, Iterator

from pyoxigraph import NamedNode, Quad, RdfFormat, Triple, parse

from kg.paths import ONTOLOGY
from kg.mappings import load_table
from kg.model import Document
from kg.rdf.events import EventGraph
from kg.rdf.graph import GraphBuilder
from kg.rdf.iris import Minter
from kg.rdf.terms import TermGraph

ONTOLOGY_FILES = (ONTOLOGY / "yili.ttl",)
PREDICATES = {
    "rdfs:seeAlso": "http://www.w3.org/2000/01/rdf-schema#seeAlso",
    "skos:exactMatch": "http://www.w3.org/2004/02/skos/core#exactMatch",
    "skos:closeMatch": "http://www.w3.org/2004/02/skos/core#closeMatch",
    "owl:sameAs": "http://www.w3.org/2002/07/owl#sameAs",
}


def ontology_triples() -> list[Triple]:
    triples = []
    for path in ONTOLOGY_FILES:
        triples += [q.triple for q in parse(path=str(path), format=RdfFormat.TURTLE)]
    return triples


def link_subject(mint: Minter, subject: str) -> str:
    kind, _, key = subject.partition(":")
    makers = {"work": lambda k: mint.work(), "edition": mint.edition, "person": mint.person,
              "chapter": lambda k: mint.chapter(int(k))}
    if kind not in makers or not key:
        raise ValueError(f"links.tsv: subject {subject!r} is not work:, edition:, person: or chapter:KEY")
    return makers[kind](key)


def link_triples(mint: Minter) -> Iterator[Triple]:
    for row in load_table("links"):
        predicate = PREDICATES.get(row["predicate"])
        if predicate is None:
            raise ValueError(f"links.tsv: unknown predicate {row['predicate']!r} (use {', '.join(PREDICATES)})")
        yield Triple(NamedNode(link_subject(mint, row["subject"])), NamedNode(predicate), NamedNode(row["target"]))


def _in(graph: NamedNode, triples: Iterable[Triple]) -> Iterator[Quad]:
    for t in triples:
        yield Quad(t.subject, t.predicate, t.object, graph)


def dataset_quads(docs: list[Document], events: dict[str, list], base: str | None = None) -> list[Quad]:
    mint = Minter(base) if base else Minter()
    builder = GraphBuilder(base)
    ontology = NamedNode(mint.graph("ontology"))
    quads = list(_in(ontology, ontology_triples()))
    quads += _in(ontology, builder.shared_triples({d.edition for d in docs}, {d.chapter for d in docs if d.chapter}))
    quads += _in(ontology, TermGraph(mint).triples())
    event_graph = EventGraph(mint)
    for doc in docs:
        edition = NamedNode(mint.graph("edition", doc.edition))
        quads += _in(edition, builder.document_triples(doc))
        quads += _in(edition, event_graph.document_events(doc, events.get(doc.path, [])))
    quads += _in(ontology, event_graph.new_terms())
    quads += _in(NamedNode(mint.graph("links")), link_triples(mint))
    return quads
