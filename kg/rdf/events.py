"""Ritual events as RDF: each an ``yili:RitualEvent`` (⊑ CIDOC-CRM E7
Activity, SEM Event) pointing to the terms of its action, agents, objects,
place, facing and recipients, to the passage that documents it and its
section, and to the exact characters it comes from (a Web Annotation specific
resource with position and quote selectors).

An event is the act the classic prescribes, not a PROV activity, and it is
not derived from its passage in PROV's sense (that relates two entities):
``yili:passage`` (⊑ crm:P70i is documented in) is the one link to the text.
See the ontology part of docs/events.md."""
from __future__ import annotations

from typing import Iterator

from pyoxigraph import Literal, NamedNode, Triple

from kg.extract.events import Event
from kg.extract.rules import EXTRACTOR_VERSION, RULES
from kg.extract.work import event_anchors
from kg.model import Document
from kg.rdf.graph import selector_triples, yili
from kg.rdf.iris import ONTOLOGY, Minter
from kg.rdf.terms import TermGraph, known_terms

from kg.rdf.namespaces import CRM, RDF, SEM, XSD, oa, rdfs, skos, xsd

Y = ONTOLOGY
A = NamedNode(RDF + "type")
CLASSICAL = "lzh"


def _n(iri: str) -> NamedNode:
    return NamedNode(iri)


TRUE = Literal("true", datatype=NamedNode(XSD + "boolean"))


def _int(value: int) -> Literal:
    return Literal(str(value), datatype=xsd.integer)


class EventGraph:
    """Triples of the events of documents, and of the terms they use that
    the tables do not have (participants in 者, composed places)."""

    def __init__(self, mint: Minter):
        self.mint = mint
        self.terms = TermGraph(mint)
        self.seen: set[tuple[str, str]] = set()
        self.places: dict[str, object] = {}  # composed places met, by label: the first phrase read
        self._attestations: dict[tuple[str, int], str] = {}
        self.known = {kind: set(known_terms(kind)) for kind in ("role", "object", "place", "facing", "action")}
        self.extractor = _n(mint.term("extractor", EXTRACTOR_VERSION))
        self.rule_nodes = {name: _n(mint.term("rule", name)) for name in RULES}
        self.rules_used: set[str] = set()
        self.nodes: dict[int, tuple[Event, NamedNode]] = {}  # the IRI each event was given (yili:repeats)

    def document_events(self, doc: Document, events: list[Event],
                        attested: dict[int, str] | None = None) -> Iterator[Triple]:
        """The events of one edition document, as attestations: what this
        edition's passage says was done (``attested``: event seq → the IRI of
        the event of the work it reports)."""
        m = self.mint
        if events and (doc.key, events[0].seq) not in self._attestations:
            self.number_attestations(doc, events)  # once per document: the work graph may have asked first
        for ev in events:
            node = _n(self.attestation_iri(doc.key, ev.seq))
            yield Triple(node, A, yili.EventAttestation)
            yield from self.event_fields(node, ev, typed=False)
            yield Triple(node, yili.sequence, _int(ev.seq))
            yield Triple(node, yili.passage, _n(m.passage(doc.key, ev.passage)))
            if ev.section is not None:
                yield Triple(node, yili.inSection, _n(m.section(doc.key, ev.section)))
            yield from self.evidence(node, doc, ev)
            if attested and ev.seq in attested:
                yield Triple(node, yili.attests, _n(attested[ev.seq]))

    def number_attestations(self, doc: Document, events: list[Event]) -> None:
        """Each event's IRI, by seq: its passage and where its act is written there."""
        for ev, anchor in zip(events, event_anchors(events)):
            self._attestations[(doc.key, ev.seq)] = self.mint.attestation(doc.key, ev.passage, anchor)

    def attestation_iri(self, key: str, seq: int) -> str:
        return self._attestations[(key, seq)]

    def event_fields(self, node: NamedNode, ev: Event, typed: bool = True) -> Iterator[Triple]:
        """What was done, by whom, with what, where: the same for an event of
        the work and for an edition's report of it."""
        if typed:
            for cls in (Y + "RitualEvent", CRM + "E7_Activity", SEM + "Event"):
                yield Triple(node, A, _n(cls))
        yield Triple(node, yili.action, self.term("action", ev.action))
        yield Triple(node, yili.negated, Literal("true" if ev.negated else "false",
                                                    datatype=xsd.boolean))
        for role in ev.agents:
            yield Triple(node, yili.agent, self.term("role", role))
        for role in ev.recipients:
            yield Triple(node, yili.recipient, self.term("role", role))
        for thing in ev.objects:
            yield Triple(node, yili.object, self.term("object", thing))
        if ev.place is not None:
            yield Triple(node, yili.place, self.place(ev.place))
            self.note_place(ev.place)
        if ev.facing:
            yield Triple(node, yili.facing, self.term("facing", ev.facing))
        if ev.quote:
            yield Triple(node, yili.quote, Literal(ev.quote, language=CLASSICAL))
        yield from self.provenance(node, ev)
        self.nodes[id(ev)] = (ev, node)
        for earlier in ev.repeats:  # 如初, 亦如之: made before this one, so already named
            known = self.nodes.get(id(earlier))
            if known is not None:
                yield Triple(node, yili.repeats, known[1])

    def provenance(self, node: NamedNode, ev: Event) -> Iterator[Triple]:
        """Which rules made the event, which extractor, and whether a scholar
        should review it (an agent carried across a sentence or passage, an
        act or thing the tables do not know)."""
        yield Triple(node, yili.extractedBy, self.extractor)
        for name in ev.rules:
            yield Triple(node, yili.rule, self.rule(name))
        agent_rule = ev.rule_for("agent")
        if agent_rule:
            yield Triple(node, yili.agentRule, self.rule(agent_rule))
        reasons = list(ev.uncertain)
        if ev.action not in self.known["action"]:
            reasons.append("UnknownAct")
        if any(thing not in self.known["object"] for thing in ev.objects):
            reasons.append("UnknownObject")
        if reasons:
            yield Triple(node, yili.uncertain, TRUE)
            for reason in reasons:
                yield Triple(node, yili.uncertainty, getattr(yili, reason))

    def rule(self, name: str) -> NamedNode:
        self.rules_used.add(name)
        return self.rule_nodes[name]

    def rule_triples(self) -> Iterator[Triple]:
        """The extractor and every rule of its table (kg/extract/rules.py),
        for the ontology graph."""
        node = self.extractor
        yield Triple(node, A, yili.Extractor)
        yield Triple(node, yili.extractorVersion, Literal(EXTRACTOR_VERSION))
        yield Triple(node, rdfs.label, Literal(f"kg event extractor {EXTRACTOR_VERSION}", language="en"))
        for name, rule in RULES.items():
            r = self.rule_nodes[name]
            yield Triple(r, A, yili.ExtractionRule)
            yield Triple(r, rdfs.label, Literal(name, language="en"))
            yield Triple(r, rdfs.comment, Literal(rule.description, language="en"))
            yield Triple(r, skos.example, Literal(rule.example, language=CLASSICAL))
            yield Triple(r, yili.ruleKind, Literal(rule.kind))

    def evidence(self, node: NamedNode, doc: Document, ev: Event) -> Iterator[Triple]:
        """The characters the event is read from, in the document's file."""
        text = _n(node.value + "#text")
        yield Triple(node, yili.evidence, text)
        yield Triple(text, A, oa.SpecificResource)
        yield Triple(text, oa.hasSource, _n(self.mint.document(doc.key)))
        yield from selector_triples(text, doc.source, ev.start, ev.end)

    def term(self, kind: str, label: str) -> NamedNode:
        if label not in self.known[kind]:
            self.seen.add((kind, label))
        return _n(self.mint.term(kind, label))

    def place(self, phrase) -> NamedNode:
        return _n(self.mint.term("place", phrase.label))

    def note_place(self, phrase) -> None:
        """A place that is a thing (適洗, 奠于篚) or a composed one (三耦南)
        gets its own individual in the place scheme, related to its head:
        described with the other terms of the text (:meth:`new_terms`), in
        the vocabulary's graph, whichever edition names it first."""
        if phrase.label not in self.known["place"]:
            self.places.setdefault(phrase.label, phrase)

    def new_terms(self) -> Iterator[Triple]:
        """Call once, after every document's events."""
        yield from self.rule_triples()
        for kind, label in sorted(self.seen):
            if kind == "place":
                continue
            yield from self.terms.term_triples(kind, label, None)
        for label in sorted(self.places):
            phrase = self.places[label]
            yield from self.terms.relative_place(label, phrase.head_kind, phrase.head)
