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

from kg.rdf.namespaces import OA, RDF, REUSED_PREFIXES, XSD, Terms, dct, foaf, oa, rdf, rdfs, skos

Y = ONTOLOGY
PREFIXES = {**REUSED_PREFIXES, "yili": Y}

A = NamedNode(RDF + "type")
INTEGER = NamedNode(XSD + "integer")
CLASSICAL = "lzh"  # ISO 639-3 Literary Chinese
MODERN = "zh"


yili = Terms(Y)  # the project's classes and properties, under the default base


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
        yield Triple(work, A, yili.Work)
        yield Triple(work, dct.title, Literal("儀禮", language="zh-Hant"))
        yield Triple(work, dct.title, Literal("仪礼", language="zh-Hans"))
        yield Triple(work, dct.title, Literal("Yili (Book of Etiquette and Ceremonial)", language="en"))
        for row in load_table("chapters"):
            if int(row["number"]) not in chapters:
                continue
            ch = _n(m.chapter(int(row["number"])))
            yield Triple(ch, A, yili.Chapter)
            yield Triple(ch, dct.isPartOf, work)
            yield Triple(ch, yili.chapterNumber, _int(int(row["number"])))
            yield Triple(ch, dct.title, Literal(row["title"], language="zh-Hant"))
            yield Triple(ch, dct.title, Literal(row["title_en"], language="en"))
        people = table_by("commentators", "key")
        for row in load_table("layers"):
            layer = _n(m.layer(row["key"]))
            yield Triple(layer, A, yili.CommentaryLayer)
            yield Triple(layer, skos.prefLabel, Literal(row["label_zh"], language="zh-Hant"))
            yield Triple(layer, skos.prefLabel, Literal(row["label_en"], language="en"))
            if row["commentator"]:
                yield Triple(layer, dct.creator, _n(m.person(row["commentator"])))
        for key, row in people.items():
            person = _n(m.person(key))
            yield Triple(person, A, foaf.Person)
            yield Triple(person, foaf.name, Literal(row["name_zh"], language="zh-Hant"))
            yield Triple(person, foaf.name, Literal(row["name_en"], language="en"))
        known = table_by("editions", "key")
        for key in sorted(editions):
            ed = _n(m.edition(key))
            yield Triple(ed, A, yili.Edition)
            yield Triple(ed, dct.isVersionOf, work)
            row = known.get(key)
            if row is None:
                continue
            yield Triple(ed, dct.title, Literal(row["title"], language="zh-Hant"))
            if row["author"]:
                yield Triple(ed, dct.creator, _n(m.person(row["author"])))
            if row["kanripo"]:
                yield Triple(ed, yili.kanripoId, Literal(row["kanripo"]))

    def document_triples(self, doc: Document) -> Iterator[Triple]:
        m = self.mint
        d = _n(m.document(doc.key))
        yield Triple(d, A, yili.Document)
        yield Triple(d, yili.sourceFile, Literal(doc.path))
        yield Triple(d, yili.witness, Literal(doc.key.split("/")[0]))
        yield Triple(d, yili.format, Literal(doc.format))
        yield Triple(d, yili.sha256, Literal(hashlib.sha256(doc.source.encode("utf-8")).hexdigest()))
        yield Triple(d, yili.length, _int(len(doc.source)))
        yield Triple(d, yili.edition, _n(m.edition(doc.edition)))
        if doc.chapter:
            yield Triple(d, yili.chapter, _n(m.chapter(doc.chapter)))
        if doc.title:
            yield Triple(d, dct.title, Literal(doc.title, language=CLASSICAL))
        for sec in doc.sections:
            s = _n(m.section(doc.key, sec.index))
            yield Triple(s, A, yili.Section)
            yield Triple(s, dct.isPartOf, d)
            yield Triple(s, rdfs.label, Literal(sec.span.text, language=CLASSICAL))
            yield Triple(s, yili.sequence, _int(sec.index + 1))
            yield from self._selectors(s, d, doc, sec.span)
        layers = table_by("layers", "key")
        for p in doc.passages:
            node = _n(m.passage(doc.key, p.index))
            yield Triple(node, A, yili.Passage)
            yield Triple(node, A, oa.SpecificResource)
            yield Triple(node, oa.hasSource, d)
            yield Triple(node, yili.sequence, _int(p.index + 1))
            yield Triple(node, yili.readingText, Literal(p.span.text, language=CLASSICAL))
            yield Triple(node, yili.normalisedText, Literal(p.span.norm, language=CLASSICAL))
            yield Triple(node, yili.startLine, _int(p.line))
            if p.page:
                yield Triple(node, yili.page, Literal(p.page))
            if p.section is not None:
                yield Triple(node, yili.inSection, _n(m.section(doc.key, p.section)))
            yield from self._selectors(node, d, doc, p.span)
        for note in doc.notes:
            node = _n(m.note(doc.key, note.index))
            body = _n(m.note(doc.key, note.index) + "#body")
            layer = layers.get(note.layer, {})
            lang = MODERN if note.layer == "translation" else CLASSICAL
            yield Triple(node, A, oa.Annotation)
            yield Triple(node, A, yili.Note)
            motivation = "describing" if note.layer == "translation" else "commenting"
            yield Triple(node, oa.motivatedBy, _n(OA + motivation))
            yield Triple(node, yili.layer, _n(m.layer(note.layer)))
            yield Triple(node, yili.sequence, _int(note.index + 1))
            if layer.get("commentator"):
                yield Triple(node, dct.creator, _n(m.person(layer["commentator"])))
            for t in note.targets or [None]:
                target = d if t is None else _n(m.passage(doc.key, t))
                yield Triple(node, oa.hasTarget, target)
            yield Triple(node, oa.hasBody, body)
            yield Triple(body, A, oa.SpecificResource)
            yield Triple(body, oa.hasSource, d)
            yield Triple(body, rdf.value, Literal(note.span.text, language=lang))
            yield Triple(body, yili.normalisedText, Literal(note.span.norm, language=lang))
            yield Triple(body, yili.startLine, _int(note.line))
            if note.page:
                yield Triple(body, yili.page, Literal(note.page))
            yield from self._selectors(body, d, doc, note.span)

    def _selectors(self, node: NamedNode, d: NamedNode, doc: Document, span: Span) -> Iterator[Triple]:
        yield from selector_triples(node, doc.source, span.start, span.end)


def selector_triples(node: NamedNode, source: str, start: int, end: int) -> tuple[Triple, ...]:
    """A position and a quote selector for ``source[start:end]``, as hash
    IRIs of ``node`` (…/passage/3#position; …/note/3#body-position)."""
    iri, _, fragment = node.value.partition("#")  # (a node's value is a new string each time it is read)
    tag = fragment + "-" if fragment else ""
    pos = NamedNode(f"{iri}#{tag}position")
    quote = NamedNode(f"{iri}#{tag}quote")
    return (Triple(node, oa.hasSelector, pos), Triple(node, oa.hasSelector, quote),
            Triple(pos, A, oa.TextPositionSelector), Triple(pos, oa.start, _int(start)),
            Triple(pos, oa.end, _int(end)), Triple(quote, A, oa.TextQuoteSelector),
            Triple(quote, oa.exact, Literal(source[start:end])))
