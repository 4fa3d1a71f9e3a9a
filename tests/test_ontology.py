"""The ontology: hierarchies a scholar recognises, labels in three forms,
related roles, term tables that are consistent, and a terms.ttl that is
what the tables say."""
from __future__ import annotations

from collections import Counter

import pytest
from pyoxigraph import RdfFormat, Store, parse

from kg.build import write_vocabulary
from kg.mappings import load_table, split_variants
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
    classes = {row["key"] for row in load_table("classes")}
    assert {row["parent"] for row in load_table("classes") if row["parent"]} <= classes
    flags = {"thing", "person", "person?", "goal", "command", "content", "speech", "response",
             "quoted", "complement"}
    for table in ("roles", "objects", "places", "actions"):
        rows = load_table(table)
        assert {row["class"] for row in rows} <= classes, table
        labels = [row["label"] for row in rows]
        assert len(labels) == len(set(labels)), [l for l, n in Counter(labels).items() if n > 1]
        for row in rows:
            for form in [row["label"], *split_variants(row.get("variants", ""))]:
                assert normalise(form.lstrip("~")) == normalise(form.lstrip("~")).strip()
    for row in load_table("actions"):
        assert set(row["grammar"].split()) <= flags, row["label"]
    roles = {row["label"] for row in load_table("roles")}
    for row in load_table("roles"):
        assert set(split_variants(row["same_function"])) <= roles


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
