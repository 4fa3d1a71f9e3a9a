"""The ontology is consistent with what it reuses, under an OWL reasoner.

HermiT (through owlready2, which ships it; it needs java) reads
ontology/yili.ttl and ontology/terms.ttl with the official PROV-O
(tests/data/prov-o-20130430.ttl) and the CIDOC-CRM terms the ontology reuses
(tests/data/cidoc-crm-subset.ttl; see tests/data/README.md for both). The
ontology alone must be consistent and have no unsatisfiable class; with a
sample of the built data it must stay consistent, which catches a property
used on the wrong kind of thing (a text property on an event makes the event
a text, and events and texts are disjoint). The whole dataset is not
reasoned over here: HermiT takes minutes on it (see docs/events.md).
"""
from __future__ import annotations

import shutil

import pytest
from pyoxigraph import NamedNode, RdfFormat, parse, serialize

from tests.conftest import ROOT

owlready2 = pytest.importorskip("owlready2")
if shutil.which("java") is None:
    pytest.skip("HermiT needs java", allow_module_level=True)

DATA = ROOT / "tests" / "data"
Y = "http://localhost:8000/ontology#"
FILES = [ROOT / "ontology" / "yili.ttl", ROOT / "ontology" / "work.ttl", ROOT / "ontology" / "terms.ttl",
         DATA / "prov-o-20130430.ttl", DATA / "cidoc-crm-subset.ttl"]
EVENTS_PER_DOCUMENT = 20


def ontology_triples() -> list:
    return [q.triple for path in FILES for q in parse(path=str(path), format=RdfFormat.TURTLE)]


def hermit(triples, tmp_path) -> tuple[bool, list[str]]:
    """(consistent?, unsatisfiable classes) of the triples, by HermiT."""
    path = tmp_path / "all.nt"
    serialize(triples, output=str(path), format=RdfFormat.N_TRIPLES)
    world = owlready2.World()
    world.get_ontology(path.as_uri()).load(format="ntriples")
    try:
        owlready2.sync_reasoner_hermit(world, infer_property_values=False, debug=0)
    except owlready2.OwlReadyInconsistentOntologyError:
        return False, []
    return True, sorted(c.iri for c in world.inconsistent_classes())


def sample(nq) -> list:
    """The ontology graph of a build and the first events of every
    document with all they point to in the texts: the events, their
    evidence and selectors, their passages and sections, the documents."""
    quads = list(parse(path=str(nq), format=RdfFormat.N_QUADS))
    by_node: dict[str, list] = {}
    for q in quads:
        by_node.setdefault(q.subject.value.split("#")[0], []).append(q.triple)
    # an edition's reports of acts (the first of each document) and the
    # events of the work of the chapter's first sections, which they attest
    events = {q.subject.value for q in quads if q.predicate.value == Y + "sequence" and "/event/" in q.subject.value
              and ("/id/doc/" in q.subject.value and int(q.object.value) <= EVENTS_PER_DOCUMENT
                   or "/id/passage/5.1." in q.subject.value or "/id/passage/5.2." in q.subject.value)}
    nodes = set(events)
    for event in events:
        nodes |= {t.object.value.split("#")[0] for t in by_node[event]
                  if isinstance(t.object, NamedNode) and ("/id/doc/" in t.object.value
                                                          or "/id/passage/" in t.object.value
                                                          or "/id/section/" in t.object.value)}
    ontology = [q.triple for q in quads if q.graph_name.value.endswith("/graph/ontology")]
    return ontology + [t for node in sorted(nodes) for t in by_node.get(node, [])]


@pytest.fixture(scope="module")
def data_sample(built_small):
    triples = sample(built_small / "yili.nq")
    types = {t.object.value for t in triples if t.predicate.value.endswith("#type")}
    assert {Y + "RitualEvent", Y + "EventAttestation", Y + "Passage", Y + "CanonicalPassage", Y + "Section",
            Y + "WorkSection", Y + "Document"} <= types
    return triples


def test_ontology_with_prov_and_crm_is_consistent(tmp_path):
    consistent, unsatisfiable = hermit(ontology_triples(), tmp_path)
    assert consistent
    assert unsatisfiable == []


def test_a_sample_of_the_data_is_consistent_with_the_ontology(data_sample, tmp_path):
    assert len(data_sample) > 2000
    consistent, unsatisfiable = hermit(ontology_triples() + data_sample, tmp_path)
    assert consistent
    assert unsatisfiable == []


def _event(triples) -> NamedNode:
    return next(t.subject for t in triples
                if t.predicate.value.endswith("#type") and t.object.value == Y + "RitualEvent")


@pytest.mark.parametrize("wrong", [
    # the model this replaced: events as PROV activities derived from passages
    lambda e: [(NamedNode(Y + "RitualEvent"), "http://www.w3.org/2000/01/rdf-schema#subClassOf",
                NamedNode("http://www.w3.org/ns/prov#Activity")),
               (e, "http://www.w3.org/ns/prov#wasDerivedFrom", NamedNode(e.value + "-passage"))],
    # a property of documents on an event
    lambda e: [(e, Y + "chapter", NamedNode("http://localhost:8000/id/chapter/5"))],
    # a term used as the wrong kind: one role as agent and as place
    lambda e: [(e, Y + "agent", NamedNode("http://localhost:8000/id/role/司射")),
               (e, Y + "place", NamedNode("http://localhost:8000/id/role/司射"))],
], ids=["event-as-prov-activity", "document-property-on-event", "role-as-place"])
def test_the_reasoner_catches_misuse(data_sample, tmp_path, wrong):
    from pyoxigraph import Triple

    added = [Triple(s, NamedNode(p), o) for s, p, o in wrong(_event(data_sample))]
    consistent, _ = hermit(ontology_triples() + data_sample + added, tmp_path)
    assert not consistent
