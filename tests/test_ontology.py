"""The ontology: hierarchies a scholar recognises, labels in three forms,
related roles, term tables that are consistent, and a terms.ttl that is
what the tables say."""
from __future__ import annotations

from collections import Counter

import pytest
from pyoxigraph import RdfFormat, Store, parse

from kg.publish.dump import write_vocabulary
from kg.mappings import load_table, split_variants
from kg.rdf.terms import simplified
from kg.text.normalise import normalise
from tests.conftest import ROOT

Y = "http://localhost:8000/ontology#"
ID = "http://localhost:8000/id/"
PREFIXES = f"""PREFIX yili: <{Y}> PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#> """


def ask(store, query: str) -> bool:
    return bool(store.query(PREFIXES + query))


@pytest.mark.parametrize("term, chain", [
    ("object/觶", ["DrinkVessel", "Vessel", "RitualObject"]),
    ("role/司射", ["ArcheryOfficer", "Officer", "Role"]),
    ("action/揖", ["Salutation", "Action"]),
    ("action/升", ["Movement", "Action"]),
    ("place/西階", ["StairPlace", "Place"]),
])
def test_hierarchies(built_store, term, chain):
    node = f"<{ID}{term}>"
    for cls in chain:
        assert ask(built_store, f"ASK {{ {node} rdfs:subClassOf+ yili:{cls} }}"), (term, cls)


def test_roles_of_the_same_function_are_related_not_merged(built_store):
    assert ask(built_store, f"ASK {{ <{ID}role/負侯者> yili:sameFunctionAs <{ID}role/獲者> }}")
    assert ask(built_store, f"ASK {{ <{ID}role/服不> yili:sameFunctionAs <{ID}role/獲者> }}")
    assert ask(built_store, f"ASK {{ <{ID}role/大史> yili:sameFunctionAs <{ID}role/釋獲者> }}")
    assert not ask(built_store, f"ASK {{ <{ID}role/大史> skos:prefLabel \"釋獲者\"@zh-Hant }}")


def test_every_table_term_has_one_label_per_language(built_store):
    query = PREFIXES + """SELECT ?t ?lang (COUNT(?l) AS ?n) WHERE {
        ?t skos:inScheme ?s ; skos:prefLabel ?l BIND(LANG(?l) AS ?lang) } GROUP BY ?t ?lang"""
    counts = {(s["t"].value, s["lang"].value): int(s["n"].value) for s in built_store.query(query)}
    assert counts and set(counts.values()) == {1}
    langs = Counter(lang for _, lang in counts)
    assert langs["zh-hant"] == langs["zh-hans"]
    assert built_store.query(PREFIXES + f"""SELECT ?l WHERE {{ <{ID}role/釋獲者> skos:prefLabel ?l
        FILTER(langMatches(lang(?l), "zh-Hans")) }}""").__next__()["l"].value == "释获者"


def test_definitions_from_the_commentary(built_store):
    assert ask(built_store, f'ASK {{ <{ID}object/楅> skos:definition ?d FILTER(CONTAINS(?d, "承笴齊矢")) }}')


def test_term_tables_are_consistent():
    keys = [row["key"] for row in load_table("classes")]
    assert len(keys) == len(set(keys)), [k for k, n in Counter(keys).items() if n > 1]
    classes = set(keys)
    assert {row["parent"] for row in load_table("classes") if row["parent"]} <= classes
    flags = {"thing", "person", "person?", "agent-noun", "goal", "command", "content", "speech", "response",
             "quoted", "complement", "answer", "report", "noun-act", "goal-only", "stops", "purpose",
             "manner-before-act", "receives", "mutual", "invites", "set-down", "placed", "declines", "answers-other",
             "reported", "mourners", "matter", "paired", "hand-only", "audience", "waits", "thing-only", "measure", "beckons", "holds", "lies",
             "gift-laid", "from", "ceases", "qualifier", "place-only", "performers",
             "by-victim", "ladles", "side", "sets-out", "sees-off", "offers-dead", "clears", "names-place",
             "count-only", "count-unit", "negated-only", "for-person", "ranks", "returns", "follows", "serves", "presents", "readies"}
    header = (ROOT / "mappings" / "actions.tsv").read_text(encoding="utf-8").split("\nlabel\t")[0]
    assert all(f"#   {flag} " in header for flag in flags), "every grammar flag is documented in actions.tsv"
    particles = (ROOT / "mappings" / "particles.tsv").read_text(encoding="utf-8")
    documented = particles.split("\nword\t")[0]
    used = {flag.split("=")[0] for row in load_table("particles") for flag in (row.get("flags") or "").split()}
    assert [f for f in used if f"#   {f} " not in documented and f"#   {f}=" not in documented] == [], \
        "every flag of particles.tsv is documented in its header"
    for table in ("roles", "objects", "places", "actions"):
        rows = load_table(table)
        assert {row["class"] for row in rows} <= classes, table
        labels = [normalise(row["label"]) for row in rows]  # 啓 and 啟 are one act
        assert len(labels) == len(set(labels)), [l for l, n in Counter(labels).items() if n > 1]
        for row in rows:
            for form in [row["label"], *split_variants(row.get("variants", ""))]:
                assert normalise(form.lstrip("~")) == normalise(form.lstrip("~")).strip()
    for row in load_table("actions"):
        assert {flag.split("=")[0] for flag in row["grammar"].split()} <= flags, row["label"]  # answers-other=降
    roles = {row["label"] for row in load_table("roles")}
    for row in load_table("roles"):
        assert set(split_variants(row["same_function"])) <= roles


def test_no_table_names_a_term_twice():
    """A second row for a term (杠 written twice in objects.tsv, with two
    glosses) is merged silently into one IRI with two English labels: refuse."""
    for table in ("actions", "objects", "places", "roles", "facings", "particles", "variants", "repairs",
                  "entities", "glosses", "senses"):
        rows = load_table(table)
        first = list(rows[0])[:2] if table == "glosses" else list(rows[0])[:1]
        keys = [tuple(row[c] for c in first) for row in rows]
        assert [k for k, n in Counter(keys).items() if n > 1] == [], table


def test_terms_ttl_is_what_the_tables_say(tmp_path):
    fresh = tmp_path / "terms.ttl"
    write_vocabulary(fresh)
    committed = {str(q.triple) for q in parse(path=str(ROOT / "ontology" / "terms.ttl"), format=RdfFormat.TURTLE)}
    regenerated = {str(q.triple) for q in parse(path=str(fresh), format=RdfFormat.TURTLE)}
    assert committed == regenerated, "run `kg ontology` after editing mappings/"


def test_ontology_files_parse():
    store = Store()
    for name in ("yili.ttl", "terms.ttl"):
        store.load(path=str(ROOT / "ontology" / name), format=RdfFormat.TURTLE)
    assert ask(store, "ASK { yili:RitualEvent rdfs:subClassOf <http://www.cidoc-crm.org/cidoc-crm/E7_Activity> }")


ONTOLOGY_IRI = Y.rstrip("#")
OWL = "http://www.w3.org/2002/07/owl#"


@pytest.fixture(scope="module")
def ontology_store():
    store = Store()
    for name in ("yili.ttl", "terms.ttl"):
        store.load(path=str(ROOT / "ontology" / name), format=RdfFormat.TURTLE)
    return store


def test_ontology_has_a_version_and_a_licence(ontology_store):
    row = ontology_store.query(PREFIXES + f"""PREFIX owl: <{OWL}> PREFIX dcterms: <http://purl.org/dc/terms/>
        SELECT ?v ?iri ?l WHERE {{ <{ONTOLOGY_IRI}> a owl:Ontology ; owl:versionInfo ?v ;
        owl:versionIRI ?iri ; dcterms:license ?l }}""").__next__()
    assert row["iri"].value == f"{ONTOLOGY_IRI}/{row['v'].value}"
    licence = {r["field"]: r["value"] for r in load_table("dataset")}["license"]
    assert row["l"].value == licence


def test_every_class_and_property_is_defined_by_the_ontology(ontology_store):
    query = PREFIXES + f"""PREFIX owl: <{OWL}> SELECT ?x WHERE {{
        VALUES ?kind {{ owl:Class owl:ObjectProperty owl:DatatypeProperty }}
        ?x a ?kind FILTER(isIRI(?x))
        FILTER NOT EXISTS {{ ?x rdfs:isDefinedBy <{ONTOLOGY_IRI}> }} }}"""
    undefined = [r["x"].value for r in ontology_store.query(query)]
    assert undefined == []
    defined = ontology_store.query(PREFIXES + f"SELECT (COUNT(?x) AS ?n) WHERE {{ ?x rdfs:isDefinedBy <{ONTOLOGY_IRI}> }}")
    assert int(next(defined)["n"].value) > 400


def test_every_property_is_labelled_in_three_forms(ontology_store):
    query = PREFIXES + f"""PREFIX owl: <{OWL}> SELECT ?p ?l WHERE {{
        VALUES ?kind {{ owl:ObjectProperty owl:DatatypeProperty }} ?p a ?kind OPTIONAL {{ ?p rdfs:label ?l }} }}"""
    labels: dict[str, dict[str, str]] = {}
    for r in ontology_store.query(query):
        forms = labels.setdefault(r["p"].value, {})
        if r["l"] is not None:
            forms[r["l"].language.lower()] = r["l"].value
    assert len(labels) >= 25
    for prop, forms in labels.items():
        assert set(forms) == {"en", "zh-hant", "zh-hans"}, prop
        assert forms["zh-hans"] == simplified(forms["zh-hant"]), prop


def test_every_concept_has_an_english_label(built_store):
    """Terms of the tables and those minted from the text (participants in
    者, composed places: mappings/glosses.tsv)."""
    query = PREFIXES + """SELECT ?t WHERE { ?t skos:inScheme ?s
        FILTER NOT EXISTS { ?t skos:prefLabel ?l FILTER(langMatches(lang(?l), "en")) } }"""
    assert [r["t"].value for r in built_store.query(query)] == []
    label = built_store.query(PREFIXES + f"""SELECT ?l WHERE {{ <{ID}place/三耦南> skos:prefLabel ?l
        FILTER(langMatches(lang(?l), "en")) }}""").__next__()["l"].value
    assert label == "south of the three pairs"


def test_events_are_documented_in_passages_not_derived_from_them(built_store):
    assert ask(built_store, "ASK { ?e a yili:RitualEvent ; yili:passage ?p . ?p a yili:CanonicalPassage }")
    assert ask(built_store, "ASK { ?e a yili:EventAttestation ; yili:passage ?p ; yili:attests ?w . ?p a yili:Passage }")
    assert not ask(built_store, "ASK { ?e a yili:RitualEvent ; <http://www.w3.org/ns/prov#wasDerivedFrom> ?p }")
    assert not ask(built_store, "ASK { yili:RitualEvent rdfs:subClassOf* <http://www.w3.org/ns/prov#Activity> }")


def test_the_schema_has_no_blank_nodes():
    """`kg load` sends graphs as batches of SPARQL Update: a blank node is
    one per request there, and Virtuoso refuses them in INSERT DATA. So the
    OWL axioms are written without lists (pairwise owl:disjointWith)."""
    from pyoxigraph import BlankNode

    for name in ("yili.ttl", "terms.ttl"):
        triples = [q.triple for q in parse(path=str(ROOT / "ontology" / name), format=RdfFormat.TURTLE)]
        assert triples
        assert not [t for t in triples if isinstance(t.subject, BlankNode) or isinstance(t.object, BlankNode)], name


def test_a_retired_term_keeps_its_iri_and_names_its_successor():
    """mappings/retired.tsv: 束帛 became 帛 (GUIDELINES 5), 執事 became 執事者;
    the old IRIs still resolve to a deprecated term that says which replaced it,
    and the text is read with the new term."""
    store = Store()
    store.load(path=str(ROOT / "ontology" / "terms.ttl"), format=RdfFormat.TURTLE)
    for old, new in (("object/束帛", "object/帛"), ("role/執事", "role/執事者")):
        assert ask(store, f"""PREFIX owl: <http://www.w3.org/2002/07/owl#> PREFIX dcterms: <http://purl.org/dc/terms/>
            ASK {{ <{ID}{old}> owl:deprecated true ; dcterms:isReplacedBy <{ID}{new}> ;
            skos:prefLabel ?l . <{ID}{new}> skos:inScheme ?s FILTER NOT EXISTS {{ <{ID}{new}> owl:deprecated ?d }} }}""")
    from tests.test_extract import events
    assert events("儐之束帛乘馬", ["侯氏"]) == ["侯氏 儐 obj=帛|馬"]
