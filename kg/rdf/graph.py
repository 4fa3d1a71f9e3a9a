"""The text model as RDF triples (pyoxigraph terms).

Passages are ``oa:SpecificResource``s of their document; notes are
``oa:Annotation``s whose target is the passage they explain and whose body is
the note's own stretch of the document. Both carry an
``oa:TextPositionSelector`` (code-point offsets) and an
``oa:TextQuoteSelector`` (the exact original characters).
"""
from __future__ import annotations

import hashlib
from typing import Iterator

from pyoxigraph import Literal, NamedNode, Triple

from kg.mappings import load_table, table_by
from kg.model import Document, Span
from kg.rdf.iris import ONTOLOGY, Minter

from kg.rdf.namespaces import DCT, FOAF, OA, RDF, RDFS, REUSED_PREFIXES, SKOS, XSD

Y = ONTOLOGY
PREFIXES = {**REUSED_PREFIXES, "yili": Y}

A = NamedNode(RDF + "type")
INTEGER = NamedNode(XSD + "integer")
CLASSICAL = "lzh"  # ISO 639-3 Literary Chinese
MODERN = "zh"


_VOCABULARY: dict[str, NamedNode] = {}


def vocab(iri: str) -> NamedNode:
    """A class or property IRI, made once: the graph names each of them
    hundreds of thousands of times."""
    node = _VOCABULARY.get(iri)
    if node is None:
        node = _VOCABULARY[iri] = NamedNode(iri)
    return node


def _n(iri: str) -> NamedNode:
    return NamedNode(iri)


def _int(value: int) -> Literal:
    return Literal(str(value), datatype=INTEGER)


class GraphBuilder:
    def __init__(self, base: str | None = None):
        self.mint = Minter(base) if base else Minter()

    def shared_triples(self, editions: set[str], chapters: set[int]) -> Iterator[Triple]:
        m = self.mint
        work = _n(m.work())
        yield Triple(work, A, vocab(Y + "Work"))
        yield Triple(work, vocab(DCT + "title"), Literal("儀禮", language="zh-Hant"))
        yield Triple(work, vocab(DCT + "title"), Literal("仪礼", language="zh-Hans"))
        yield Triple(work, vocab(DCT + "title"), Literal("Yili (Book of Etiquette and Ceremonial)", language="en"))
        for row in load_table("chapters"):
            if int(row["number"]) not in chapters:
                continue
            ch = _n(m.chapter(int(row["number"])))
            yield Triple(ch, A, vocab(Y + "Chapter"))
            yield Triple(ch, vocab(DCT + "isPartOf"), work)
            yield Triple(ch, vocab(Y + "chapterNumber"), _int(int(row["number"])))
            yield Triple(ch, vocab(DCT + "title"), Literal(row["title"], language="zh-Hant"))
            yield Triple(ch, vocab(DCT + "title"), Literal(row["title_en"], language="en"))
        people = table_by("commentators", "key")
        for row in load_table("layers"):
            layer = _n(m.layer(row["key"]))
            yield Triple(layer, A, vocab(Y + "CommentaryLayer"))
            yield Triple(layer, vocab(SKOS + "prefLabel"), Literal(row["label_zh"], language="zh-Hant"))
            yield Triple(layer, vocab(SKOS + "prefLabel"), Literal(row["label_en"], language="en"))
            if row["commentator"]:
                yield Triple(layer, vocab(DCT + "creator"), _n(m.person(row["commentator"])))
        for key, row in people.items():
            person = _n(m.person(key))
            yield Triple(person, A, vocab(FOAF + "Person"))
            yield Triple(person, vocab(FOAF + "name"), Literal(row["name_zh"], language="zh-Hant"))
            yield Triple(person, vocab(FOAF + "name"), Literal(row["name_en"], language="en"))
        known = table_by("editions", "key")
        for key in sorted(editions):
            ed = _n(m.edition(key))
            yield Triple(ed, A, vocab(Y + "Edition"))
            yield Triple(ed, vocab(DCT + "isVersionOf"), work)
            row = known.get(key)
            if row is None:
                continue
            yield Triple(ed, vocab(DCT + "title"), Literal(row["title"], language="zh-Hant"))
            if row["author"]:
                yield Triple(ed, vocab(DCT + "creator"), _n(m.person(row["author"])))
            if row["kanripo"]:
                yield Triple(ed, vocab(Y + "kanripoId"), Literal(row["kanripo"]))

    def document_triples(self, doc: Document) -> Iterator[Triple]:
        m = self.mint
        d = _n(m.document(doc.key))
        yield Triple(d, A, vocab(Y + "Document"))
        yield Triple(d, vocab(Y + "sourceFile"), Literal(doc.path))
        yield Triple(d, vocab(Y + "witness"), Literal(doc.key.split("/")[0]))
        yield Triple(d, vocab(Y + "format"), Literal(doc.format))
        yield Triple(d, vocab(Y + "sha256"), Literal(hashlib.sha256(doc.source.encode("utf-8")).hexdigest()))
        yield Triple(d, vocab(Y + "length"), _int(len(doc.source)))
        yield Triple(d, vocab(Y + "edition"), _n(m.edition(doc.edition)))
        if doc.chapter:
            yield Triple(d, vocab(Y + "chapter"), _n(m.chapter(doc.chapter)))
        if doc.title:
            yield Triple(d, vocab(DCT + "title"), Literal(doc.title, language=CLASSICAL))
        for sec in doc.sections:
            s = _n(m.section(doc.key, sec.index))
            yield Triple(s, A, vocab(Y + "Section"))
            yield Triple(s, vocab(DCT + "isPartOf"), d)
            yield Triple(s, vocab(RDFS + "label"), Literal(sec.span.text, language=CLASSICAL))
            yield Triple(s, vocab(Y + "sequence"), _int(sec.index + 1))
            yield from self._selectors(s, d, doc, sec.span)
        layers = table_by("layers", "key")
        for p in doc.passages:
            node = _n(m.passage(doc.key, p.index))
            yield Triple(node, A, vocab(Y + "Passage"))
            yield Triple(node, A, vocab(OA + "SpecificResource"))
            yield Triple(node, vocab(OA + "hasSource"), d)
            yield Triple(node, vocab(Y + "sequence"), _int(p.index + 1))
            yield Triple(node, vocab(Y + "readingText"), Literal(p.span.text, language=CLASSICAL))
            yield Triple(node, vocab(Y + "normalisedText"), Literal(p.span.norm, language=CLASSICAL))
            yield Triple(node, vocab(Y + "startLine"), _int(p.line))
            if p.page:
                yield Triple(node, vocab(Y + "page"), Literal(p.page))
            if p.section is not None:
                yield Triple(node, vocab(Y + "inSection"), _n(m.section(doc.key, p.section)))
            yield from self._selectors(node, d, doc, p.span)
        for note in doc.notes:
            node = _n(m.note(doc.key, note.index))
            body = _n(m.note(doc.key, note.index) + "#body")
            layer = layers.get(note.layer, {})
            lang = MODERN if note.layer == "translation" else CLASSICAL
            yield Triple(node, A, vocab(OA + "Annotation"))
            yield Triple(node, A, vocab(Y + "Note"))
            motivation = "describing" if note.layer == "translation" else "commenting"
            yield Triple(node, vocab(OA + "motivatedBy"), _n(OA + motivation))
            yield Triple(node, vocab(Y + "layer"), _n(m.layer(note.layer)))
            yield Triple(node, vocab(Y + "sequence"), _int(note.index + 1))
            if layer.get("commentator"):
                yield Triple(node, vocab(DCT + "creator"), _n(m.person(layer["commentator"])))
            for t in note.targets or [None]:
                target = d if t is None else _n(m.passage(doc.key, t))
                yield Triple(node, vocab(OA + "hasTarget"), target)
            yield Triple(node, vocab(OA + "hasBody"), body)
            yield Triple(body, A, vocab(OA + "SpecificResource"))
            yield Triple(body, vocab(OA + "hasSource"), d)
            yield Triple(body, vocab(RDF + "value"), Literal(note.span.text, language=lang))
            yield Triple(body, vocab(Y + "normalisedText"), Literal(note.span.norm, language=lang))
            yield Triple(body, vocab(Y + "startLine"), _int(note.line))
            if note.page:
                yield Triple(body, vocab(Y + "page"), Literal(note.page))
            yield from self._selectors(body, d, doc, note.span)

    def _selectors(self, node: NamedNode, d: NamedNode, doc: Document, span: Span) -> Iterator[Triple]:
        yield from selector_triples(node, doc.source, span.start, span.end)


def selector_triples(node: NamedNode, source: str, start: int, end: int) -> Iterator[Triple]:
    """A position and a quote selector for ``source[start:end]``, as hash
    IRIs of ``node`` (…/passage/3#position; …/note/3#body-position)."""
    iri = node.value.split("#")[0]
    tag = "" if "#" not in node.value else node.value.split("#")[1] + "-"
    pos = _n(f"{iri}#{tag}position")
    quote = _n(f"{iri}#{tag}quote")
    yield Triple(node, vocab(OA + "hasSelector"), pos)
    yield Triple(node, vocab(OA + "hasSelector"), quote)
    yield Triple(pos, A, vocab(OA + "TextPositionSelector"))
    yield Triple(pos, vocab(OA + "start"), _int(start))
    yield Triple(pos, vocab(OA + "end"), _int(end))
    yield Triple(quote, A, vocab(OA + "TextQuoteSelector"))
    yield Triple(quote, vocab(OA + "exact"), Literal(source[start:end]))
