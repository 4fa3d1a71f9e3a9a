"""The work as RDF: canonical passages and sections, parallels between
chapters, events of the work, and how each edition reads the work
(alignments with their scores, variant readings).

- ``id/passage/5.1.2`` a ``yili:CanonicalPassage``: locator, citation,
  chapter, section (``id/section/5.1``), the reference reading, and the
  reference file's characters (selectors);
- ``id/passage/5.1.2/event/3`` a ``yili:RitualEvent``: the act as the
  reference text writes it, attested by edition events (``yili:attestedBy``);
- ``…/passage/7#align-5.1.2`` a ``yili:Alignment`` of an edition passage (or
  a translation note) with a canonical passage, scored;
- ``…/passage/7#variant-1`` a ``yili:VariantReading``: what the edition reads
  where the reference reads otherwise, with its offsets in the edition file.
"""
from __future__ import annotations

import hashlib
from typing import Iterator

from pyoxigraph import Literal, NamedNode, Triple

from kg.extract.work import WorkEvent
from kg.model import Document
from kg.rdf.events import EventGraph
from kg.rdf.graph import A, CLASSICAL, _int, _n, selector_triples, yili
from kg.rdf.namespaces import dct, oa, rdfs
from kg.rdf.iris import Minter
from kg.text.align import Alignment
from kg.text.canon import CanonPassage

DECIMAL = NamedNode("http://www.w3.org/2001/XMLSchema#decimal")


def _score(value: float) -> Literal:
    # The lexical form stores keep (Oxigraph writes "1", not "1.000"), so that
    # a dump loaded and dumped again gives back the same triples.
    return Literal(f"{value:.3f}".rstrip("0").rstrip(".") or "0", datatype=DECIMAL)


class WorkGraph:
    def __init__(self, mint: Minter, events: EventGraph):
        self.mint = mint
        self.events = events

    def chapter_triples(self, chapter: int, title: str, passages: list[CanonPassage], reference: Document,
                        work: list[WorkEvent], describe_reference: bool = True) -> Iterator[Triple]:
        m = self.mint
        ch = _n(m.chapter(chapter))
        ref = _n(m.document(reference.key))
        if describe_reference:
            yield from self._reference_triples(ref, ch, reference)
        sections = {}
        for order, p in enumerate(passages, start=1):
            node = _n(m.canonical(p.locator))
            yield Triple(node, A, yili.CanonicalPassage)
            yield Triple(node, yili.locator, Literal(p.locator))
            yield Triple(node, yili.citation, Literal(p.citation(title), language="zh-Hant"))
            yield Triple(node, rdfs.label, Literal(p.citation(title), language="zh-Hant"))
            yield Triple(node, dct.isPartOf, ch)
            yield Triple(node, yili.sequence, _int(order))
            yield Triple(node, yili.readingText, Literal(p.text, language=CLASSICAL))
            yield Triple(node, yili.normalisedText, Literal(p.norm, language=CLASSICAL))
            section = _n(m.work_section(chapter, p.section))
            yield Triple(node, yili.inSection, section)
            sections[p.section] = p
            reading = _n(m.canonical(p.locator) + "#reference")
            yield Triple(node, yili.referenceReading, reading)
            yield Triple(reading, A, oa.SpecificResource)
            yield Triple(reading, oa.hasSource, ref)
            yield from selector_triples(reading, reference.source, p.start, p.end)
        for number, p in sorted(sections.items()):
            node = _n(m.work_section(chapter, number))
            yield Triple(node, A, yili.WorkSection)
            yield Triple(node, dct.isPartOf, ch)
            yield Triple(node, yili.sequence, _int(number + 1))  # section 0 (unmarked) first: 1
            label = p.section_name if number else "（無節）"
            yield Triple(node, rdfs.label, Literal(label, language="zh-Hant"))
            if p.heading:
                yield Triple(node, yili.heading, Literal(p.heading, language=CLASSICAL))
        for w in work:
            node = _n(m.work_event(w.locator, w.anchor))
            yield from self.events.event_fields(node, w.event)
            yield Triple(node, yili.sequence, _int(w.number))
            yield Triple(node, yili.passage, _n(m.canonical(w.locator)))
            chapter_no, section_no, _ = w.locator.split(".")
            yield Triple(node, yili.inSection, _n(m.work_section(chapter, int(section_no))))
            yield from self.events.evidence(node, reference, w.event)
            for key, seq in w.attestations:
                yield Triple(node, yili.attestedBy, _n(self.events.attestation_iri(key, seq)))

    def _reference_triples(self, ref: NamedNode, chapter: NamedNode, reference: Document) -> Iterator[Triple]:
        """The reference document, named here so that the work's evidence
        resolves when the reference edition is not among the inputs (when it
        is, its own graph describes it)."""
        yield Triple(ref, A, yili.Document)
        yield Triple(ref, yili.sourceFile, Literal(reference.path))
        yield Triple(ref, yili.witness, Literal(reference.key.split("/")[0]))
        yield Triple(ref, yili.edition, _n(self.mint.edition(reference.edition)))
        yield Triple(ref, yili.chapter, chapter)
        yield Triple(ref, yili.length, _int(len(reference.source)))
        yield Triple(ref, yili.sha256, Literal(hashlib.sha256(reference.source.encode("utf-8")).hexdigest()))

    def parallel_triples(self, pairs: list[tuple[str, str, float]]) -> Iterator[Triple]:
        m = self.mint
        for first, second, score in pairs:
            a, b = _n(m.canonical(first)), _n(m.canonical(second))
            node = _n(m.parallel(first, second))
            yield Triple(a, yili.parallel, b)
            yield Triple(b, yili.parallel, a)
            yield Triple(node, A, yili.Parallel)
            yield Triple(node, yili.between, a)
            yield Triple(node, yili.between, b)
            yield Triple(node, yili.score, _score(score))

    def alignment_triples(self, doc: Document, alignments: list[Alignment]) -> Iterator[Triple]:
        m = self.mint
        d = _n(m.document(doc.key))
        for a in alignments:
            item = _n(m.note(doc.key, a.item) if a.is_note else m.passage(doc.key, a.item))
            canonical = _n(m.canonical(a.locator))
            node = _n(f"{item.value}#align-{a.locator}")
            yield Triple(item, yili.reads, canonical)
            if a.is_note:  # a translation note explains the canonical passage it renders
                yield Triple(item, oa.hasTarget, canonical)
            yield Triple(node, A, yili.Alignment)
            yield Triple(node, yili.editionText, item)
            yield Triple(node, yili.canonicalPassage, canonical)
            yield Triple(node, yili.score, _score(a.score))
            yield Triple(node, oa.hasSource, d)
            yield from selector_triples(node, doc.source, a.start, a.end)
            for k, v in enumerate(a.variants, start=1):
                var = _n(f"{item.value}#variant-{a.locator}-{k}")
                yield Triple(item, yili.variant, var)
                yield Triple(var, A, yili.VariantReading)
                yield Triple(var, yili.canonicalPassage, canonical)
                yield Triple(var, yili.reading, Literal(v.reading, language=CLASSICAL))
                yield Triple(var, yili.canonicalReading, Literal(v.canonical, language=CLASSICAL))
                yield Triple(var, yili.canonicalOffset, _int(v.canon_offset))
                yield Triple(var, oa.hasSource, d)
                if v.end > v.start:
                    yield from selector_triples(var, doc.source, v.start, v.end)
                else:  # the edition lacks the reference's characters here: a point, not a stretch
                    yield Triple(var, yili.offset, _int(v.start))
