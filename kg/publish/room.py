"""The reading room: the work as readers browse it, held in memory.

Chapter, passage, event and term pages, the diagrams and the search all read
the same few thousand passages and events. Asking the store for them on
every request (through the worker pool, as /sparql does) takes seconds for
a chapter of 300 passages; so they are read once, when the server starts,
with a handful of queries on the store opened read-only, and pages are
rendered from these objects. The served dataset does not change while the
server runs (a new build needs a restart), so nothing goes stale.
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

TERM_KINDS = ("role", "object", "place", "facing", "action")
# Markup the reference file's quote of an event carries and its reading text does not.
_MARKUP = re.compile(r"<[^>]*>|[¶/\s]|句/")


@dataclass(eq=False)
class Event:
    iri: str
    passage: str
    seq: int
    action: str = ""
    agents: list[str] = field(default_factory=list)
    objects: list[str] = field(default_factory=list)
    recipients: list[str] = field(default_factory=list)
    place: str = ""
    facing: str = ""
    negated: bool = False
    exact: str = ""
    start: int = -1  # where the event's words are in its passage's reading text
    end: int = -1
    witnesses: list[str] = field(default_factory=list)


@dataclass(eq=False)
class Passage:
    iri: str
    locator: str
    citation: str
    chapter: str
    section: str
    seq: int
    text: str
    norm: str
    events: list[Event] = field(default_factory=list)
    readings: list[dict] = field(default_factory=list)  # each edition's reading: edition, witness, text, iri
    notes: list[dict] = field(default_factory=list)  # notes printed after this passage
    variants: list[dict] = field(default_factory=list)  # where an edition reads other characters
    prev: "Passage | None" = None
    next: "Passage | None" = None


@dataclass(eq=False)
class Section:
    iri: str
    chapter: str
    seq: int
    label: str
    heading: str
    passages: list[Passage] = field(default_factory=list)

    @property
    def locator(self) -> str:
        return self.iri.rsplit("/", 1)[-1]

    @property
    def events(self) -> list[Event]:
        return [e for p in self.passages for e in p.events]


@dataclass(eq=False)
class Chapter:
    iri: str
    number: int
    title: str
    en: str
    sections: list[Section] = field(default_factory=list)


class Room:
    def __init__(self, base: str):
        self.base = base
        self.chapters: dict[str, Chapter] = {}
        self.sections: dict[str, Section] = {}
        self.passages: dict[str, Passage] = {}
        self.events: dict[str, Event] = {}
        self.labels: dict[str, dict[str, str]] = {}
        self.editions: dict[str, str] = {}  # witness -> edition title
        self.by_term: dict[str, list[Event]] = defaultdict(list)
        self.class_terms: dict[str, int] = {}  # ontology class -> terms under it (司射 ⊑ … ⊑ Role)
        self.names: dict[str, str] = {}  # a name for things with no label: edition passages, notes, documents

    # --- labels ---------------------------------------------------------------

    def label(self, iri: str, lang: str = "zh-hant") -> str:
        """The label of ``iri`` (zh-Hant first), else the last step of its path."""
        found = self.labels.get(iri)
        if found:
            return found.get(lang) or found.get("zh-hant") or next(iter(found.values()))
        if iri in self.passages:
            return self.passages[iri].citation
        if iri in self.names:
            return self.names[iri]
        if iri in self.chapters:
            return self.chapters[iri].title
        if iri in self.sections:
            return self.sections[iri].label
        if iri in self.events:
            event = self.events[iri]
            return f"{self.passages[event.passage].citation} · {event.seq}"
        return unquote(iri.rsplit("#", 1)[-1].rsplit("/", 1)[-1]) if iri.startswith("http") else iri

    def kind(self, iri: str) -> str:
        steps = iri[len(self.base):].split("/") if iri.startswith(self.base) else []
        return steps[1] if len(steps) > 2 and steps[0] == "id" else ""

    def chapter_of(self, iri: str) -> Chapter | None:
        return self.chapters.get(iri)

    def section_by_locator(self, locator: str) -> Section | None:
        return self.sections.get(f"{self.base}id/section/{locator}")

    def term_events(self, iri: str, chapter: int | None = None) -> list[Event]:
        found = self.by_term.get(iri, [])
        if chapter is not None:
            found = [e for e in found if self.chapters[self.passages[e.passage].chapter].number == chapter]
        return found

    # --- loading ------------------------------------------------------------------

    @classmethod
    def load(cls, directory: Path | str, base: str) -> "Room":
        from pyoxigraph import Store

        store = Store.read_only(str(directory))
        try:
            return cls.from_store(store, base)
        finally:
            del store

    @classmethod
    def from_store(cls, store, base: str) -> "Room":
        room = cls(base)
        prefixes = (f"PREFIX yili: <{base}ontology#>\nPREFIX skos: <http://www.w3.org/2004/02/skos/core#>\n"
                    "PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>\nPREFIX oa: <http://www.w3.org/ns/oa#>\n"
                    "PREFIX dcterms: <http://purl.org/dc/terms/>\n")

        def rows(query: str):
            for solution in store.query(prefixes + query, use_default_graph_as_union=True):
                yield [None if term is None else term.value for term in solution]

        for iri, label, lang in rows("SELECT ?t ?l (LANG(?l) AS ?lang) WHERE { ?t skos:prefLabel ?l }"):
            room.labels.setdefault(iri, {})[lang.lower()] = label
        for iri, number, title, lang in rows("""SELECT ?c ?n ?t (LANG(?t) AS ?lang) WHERE {
                ?c a yili:Chapter ; yili:chapterNumber ?n ; dcterms:title ?t }"""):
            chapter = room.chapters.setdefault(iri, Chapter(iri, int(number), "", ""))
            if lang.lower() == "en":
                chapter.en = title
            else:
                chapter.title = title
        for iri, chapter, seq, label, heading in rows("""SELECT ?s ?c ?seq ?l ?h WHERE {
                ?s a yili:WorkSection ; dcterms:isPartOf ?c ; yili:sequence ?seq .
                OPTIONAL { ?s <http://www.w3.org/2000/01/rdf-schema#label> ?l }
                OPTIONAL { ?s yili:heading ?h } }"""):
            room.sections[iri] = Section(iri, chapter, int(seq), label or "", heading or "")
        for iri, locator, citation, chapter, section, seq, text, norm in rows("""
                SELECT ?p ?loc ?cit ?c ?s ?seq ?t ?n WHERE { ?p a yili:CanonicalPassage ; yili:locator ?loc ;
                yili:citation ?cit ; dcterms:isPartOf ?c ; yili:inSection ?s ; yili:sequence ?seq ;
                yili:readingText ?t ; yili:normalisedText ?n }"""):
            room.passages[iri] = Passage(iri, locator, citation, chapter, section, int(seq), text, norm)
        # A build of files outside the work may have passages of no known chapter: not shown.
        room.passages = {iri: p for iri, p in room.passages.items() if p.chapter in room.chapters}
        room._link_passages()
        room._load_editions(rows)
        room._load_events(rows)
        room._load_variants(rows)
        for klass, n in rows(f"""SELECT ?c (COUNT(DISTINCT ?t) AS ?n) WHERE {{ ?t <http://www.w3.org/2000/01/rdf-schema#subClassOf>+ ?c
                FILTER(STRSTARTS(STR(?c), "{base}ontology#") && STRSTARTS(STR(?t), "{base}id/")) }} GROUP BY ?c"""):
            room.class_terms[klass] = int(n)
        return room

    def _link_passages(self) -> None:
        for passage in sorted(self.passages.values(), key=lambda p: (self.chapters[p.chapter].number, p.seq)):
            if passage.section in self.sections:
                self.sections[passage.section].passages.append(passage)
        for section in sorted(self.sections.values(), key=lambda s: s.seq):
            if section.passages and section.chapter in self.chapters:
                self.chapters[section.chapter].sections.append(section)
        for chapter in self.chapters.values():
            chapter.sections.sort(key=lambda s: s.passages[0].seq)
            ordered = [p for s in chapter.sections for p in s.passages]
            for before, after in zip(ordered, ordered[1:]):
                before.next, after.prev = after, before

    def _order(self, iri: str) -> tuple[int, int]:
        passage = self.passages[iri]
        return self.chapters[passage.chapter].number, passage.seq

    def _load_editions(self, rows) -> None:
        reads = defaultdict(list)  # an edition's passage -> the canonical passages it reads
        texts = {}
        for passage, canonical, text, seq, witness, title in rows("""SELECT ?p ?c ?t ?seq ?w ?title WHERE {
                ?p yili:reads ?c ; yili:readingText ?t ; yili:sequence ?seq ; oa:hasSource ?doc .
                ?doc yili:witness ?w ; yili:edition/dcterms:title ?title }"""):
            if canonical in self.passages:
                reads[passage].append(canonical)
                texts[passage] = (text, int(seq), witness, title)
                self.editions[witness] = title
        for passage, canonicals in reads.items():
            text, seq, witness, title = texts[passage]
            canonicals.sort(key=self._order)
            chapter = self.chapters[self.passages[canonicals[0]].chapter]
            self.names[passage] = f"{title} · {chapter.title} {seq}"
            self.names[passage.rsplit("/passage/", 1)[0]] = f"{title} · {chapter.title}"
            # An edition passage that reads several canonical ones is shown once, at the first.
            self.passages[canonicals[0]].readings.append({
                "iri": passage, "witness": witness, "edition": title, "text": text, "seq": seq,
                "covers": [self.passages[c].locator for c in canonicals]})
        notes = defaultdict(set)
        meta = {}
        for note, target, layer, witness, seq, text in rows("""SELECT ?note ?target ?layer ?w ?seq ?text WHERE {
                ?note a yili:Note ; oa:hasTarget ?target ; yili:sequence ?seq ; yili:layer/skos:prefLabel ?layer ;
                      oa:hasBody ?body . ?body rdf:value ?text ; oa:hasSource/yili:witness ?w .
                FILTER(LANGMATCHES(LANG(?layer), "zh-Hant")) }"""):
            covered = [target] if target in self.passages else reads.get(target, [])
            notes[note].update(covered)
            meta[note] = {"iri": note, "layer": layer, "witness": witness, "edition": self.editions.get(witness, witness),
                          "seq": int(seq), "text": text}
        for note, covered in notes.items():
            if not covered:
                continue
            ordered = sorted(covered, key=self._order)
            self.names[note] = f"{meta[note]['layer']} · {meta[note]['edition']} · {self.passages[ordered[0]].citation}"
            # A note (a 疏 on two passages) follows the last passage it explains, printed once.
            self.passages[ordered[-1]].notes.append({**meta[note], "covers": [self.passages[c].locator for c in ordered]})
        for passage in self.passages.values():
            passage.readings.sort(key=lambda r: (r["witness"], r["seq"]))
            passage.notes.sort(key=lambda n: (n["witness"], n["seq"]))

    def _load_variants(self, rows) -> None:
        for passage, offset, reading, canonical, witness in rows("""SELECT ?p ?off ?r ?c ?w WHERE {
                ?v a yili:VariantReading ; yili:canonicalPassage ?p ; yili:canonicalOffset ?off ;
                   yili:reading ?r ; yili:canonicalReading ?c ; oa:hasSource/yili:witness ?w }"""):
            if passage in self.passages:
                start = int(offset)
                self.passages[passage].variants.append({
                    "start": start, "end": start + max(len(canonical), 1), "reading": reading or "—",
                    "canonical": canonical, "edition": self.editions.get(witness, witness)})
        for passage in self.passages.values():
            passage.variants.sort(key=lambda v: (v["start"], v["edition"]))

    def _load_events(self, rows) -> None:
        fields = {"action": "action", "agent": "agents", "object": "objects", "recipient": "recipients",
                  "place": "place", "facing": "facing", "negated": "negated"}
        ontology = self.base + "ontology#"
        for iri, passage, seq in rows("""SELECT ?e ?p ?seq WHERE { ?e a yili:RitualEvent ; yili:passage ?p ;
                yili:sequence ?seq . ?p a yili:CanonicalPassage }"""):
            if passage in self.passages:
                self.events[iri] = Event(iri, passage, int(seq))
        for iri, prop, value in rows("""SELECT ?e ?prop ?v WHERE { ?e a yili:RitualEvent ; ?prop ?v .
                VALUES ?prop { yili:action yili:agent yili:object yili:recipient yili:place yili:facing yili:negated } }"""):
            event = self.events.get(iri)
            if event is None:
                continue
            name = fields[prop[len(ontology):]]
            if name == "negated":
                event.negated = value == "true"
            elif isinstance(getattr(event, name), list):
                getattr(event, name).append(value)
            else:
                setattr(event, name, value)
            if name != "negated":
                self.by_term[value].append(event)
        for iri, exact in rows("""SELECT ?e ?x WHERE { ?e a yili:RitualEvent ; yili:evidence/oa:hasSelector ?q .
                ?q oa:exact ?x }"""):
            if iri in self.events:
                self.events[iri].exact = _MARKUP.sub("", exact)
        for iri, attestation in rows("SELECT ?e ?a WHERE { ?e a yili:RitualEvent ; yili:attestedBy ?a }"):
            if iri in self.events:
                witness = attestation[len(self.base + "id/doc/"):].split("/", 1)[0]
                self.events[iri].witnesses.append(self.editions.get(witness, witness))
        for event in self.events.values():
            self.passages[event.passage].events.append(event)
        for passage in self.passages.values():
            passage.events.sort(key=lambda e: e.seq)
            at = 0
            for event in passage.events:  # the words of each act, found in order
                found = passage.text.find(event.exact, at) if event.exact else -1
                if found >= 0:
                    event.start, event.end = found, found + len(event.exact)
                    at = found
        for found in self.by_term.values():
            found.sort(key=lambda e: (*self._order(e.passage), e.seq))
            found[:] = list(dict.fromkeys(found))  # an event names a term once however many roles it has
