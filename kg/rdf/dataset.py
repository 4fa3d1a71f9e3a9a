"""The whole dataset as quads in named graphs.

- the work graph: chapters, canonical passages, events of the work;
- one graph per edition: its documents' passages, notes, sections, events
  and alignment;
- the ontology graph: the schema (ontology/yili.ttl), the vocabulary of
  mappings/ (terms, classes), the work, chapters, commentary layers,
  commentators and editions, and the terms found only in the text
  (composed places among them);
- the links graph: mappings/links.tsv.

in that order, each made whole before the next. No triple is in two
graphs, so the Turtle and N-Triples dumps, their union, are the graphs one
after the other.
"""
from __future__ import annotations

from typing import Callable, Iterable, Iterator

from pyoxigraph import NamedNode, Quad, RdfFormat, Triple, parse

from kg.paths import ONTOLOGY
from kg.mappings import load_table
from kg.extract.work import Work
from kg.model import Document
from kg.rdf.events import EventGraph
from kg.rdf.graph import GraphBuilder
from kg.rdf.io import Dataset
from kg.rdf.iris import DEFAULT_BASE, Minter
from kg.rdf.work import WorkGraph
from kg.rdf.terms import TermGraph

ONTOLOGY_FILES = (ONTOLOGY / "yili.ttl", ONTOLOGY / "work.ttl")
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


def build_dataset(docs: list[Document], events: dict[str, list], work: Work,
                  sink: Callable[[NamedNode, list[Triple]], None] | None = None,
                  keep: Callable[[NamedNode], bool] | None = None) -> Dataset:
    """Every graph of the dataset, minted under the default base (the one the
    shapes are written for); :func:`rebase` moves it. ``sink``: given each
    piece (graph, triples) as it is made; ``keep``: the graphs the dataset
    returned holds (all by default; :meth:`Dataset.stated`)."""
    return Dataset.stated(_pieces(docs, events, work), sink, keep)


def _pieces(docs: list[Document], events: dict[str, list], work: Work) -> Iterator[tuple[NamedNode, Iterable[Triple]]]:
    """(graph, triples) pieces, a graph's together: the work, each edition
    (its documents in the order given), the ontology — last, because the
    terms met only in the text are known once every event is made — and
    the links."""
    mint = Minter()
    builder = GraphBuilder()
    event_graph = EventGraph(mint)
    for doc in docs:
        event_graph.number_attestations(doc, events.get(doc.key, []))
    work_graph = WorkGraph(mint, event_graph)
    titles = {int(row["number"]): row["title"] for row in load_table("chapters")}
    in_work = NamedNode(mint.graph("work"))
    built = {doc.key for doc in docs}
    for chapter, passages in sorted(work.canon.items()):
        yield in_work, work_graph.chapter_triples(chapter, titles[chapter], passages, work.references[chapter],
                                                  work.events[chapter],
                                                  describe_reference=work.references[chapter].key not in built)
    yield in_work, work_graph.parallel_triples(work.parallels)
    editions: dict[str, list[Document]] = {}
    for doc in docs:
        editions.setdefault(doc.edition, []).append(doc)
    for edition_key, edition_docs in editions.items():
        edition = NamedNode(mint.graph("edition", edition_key))
        for doc in edition_docs:
            attested = {seq: mint.work_event(w.locator, w.anchor) for seq, w in work.attested.get(doc.key, {}).items()}
            yield edition, builder.document_triples(doc)
            yield edition, event_graph.document_events(doc, events.get(doc.key, []), attested)
            yield edition, work_graph.alignment_triples(doc, work.alignments.get(doc.key, []))
    ontology = NamedNode(mint.graph("ontology"))
    yield ontology, ontology_triples()
    chapters = {d.chapter for d in docs if d.chapter} | set(work.canon)
    yield ontology, builder.shared_triples({d.edition for d in docs} | {"KR1d0038"}, chapters)
    yield ontology, TermGraph(mint).triples()
    yield ontology, event_graph.new_terms()
    yield NamedNode(mint.graph("links")), link_triples(mint)


def dataset_quads(docs: list[Document], events: dict[str, list], work: Work, base: str | None = None) -> list[Quad]:
    """Every quad of the dataset, moved to ``base`` as a whole (:func:`rebase`)."""
    return list(rebase(build_dataset(docs, events, work), base).quads())


def moves_base(base: str | None) -> bool:
    """Whether ``base`` names a base other than the default (``--base``)."""
    return bool(base) and Minter(base).base != DEFAULT_BASE


def rebase(data, base: str | None):
    """The dataset (or quads) with every IRI under the default base moved
    under ``base``: one ``--base`` moves the data, the graphs and the
    vocabulary, so that a release build names no ``localhost`` at all."""
    if not moves_base(base):
        return data
    if isinstance(data, Dataset):
        return data.moved(DEFAULT_BASE, Minter(base).base)
    return list(Dataset.from_quads(data).moved(DEFAULT_BASE, Minter(base).base).quads())
