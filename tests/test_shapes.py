"""Each SHACL constraint of ontology/shapes.ttl, both ways: a small valid
graph conforms, and the same graph broken in exactly one way fails with
that constraint's message (pySHACL-style: data inline). Every case runs on
every engine, and they must agree (a differential test): pyshacl, the
reference, on an rdflib graph; core, the default, and turbo on Oxigraph
quads, as ``kg build`` feeds them."""
from __future__ import annotations

import json

import pytest
import rdflib
from pyoxigraph import NamedNode, Quad, RdfFormat, Store, parse
from rdflib.namespace import RDF, SH

import kg.validate as validation
from kg.parts import partition, splittable
from kg.shacl import ENGINES
from kg.parts import dataset_parts
from kg.rdf.io import Dataset
from kg.rdf.iris import Minter
from kg.validate import format_text, validate, validate_cached, validate_dataset, validate_quads
from tests.conftest import kg

VALID = """
@prefix yili: <http://localhost:8000/ontology#> .
@prefix oa: <http://www.w3.org/ns/oa#> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix id: <http://localhost:8000/id/> .
@prefix d: <http://localhost:8000/id/doc/x/> .

id:work a yili:Work ; dcterms:title "儀禮"@zh-Hant, "Yili"@en .
id:edition-e a yili:Edition ; dcterms:isVersionOf id:work ; yili:kanripoId "KR1d0028" .
id:chapter-5 a yili:Chapter ; yili:chapterNumber 5 ; dcterms:isPartOf id:work ; dcterms:title "鄉射禮"@zh-Hant .
id:zheng a <http://xmlns.com/foaf/0.1/Person> ; <http://xmlns.com/foaf/0.1/name> "鄭玄"@zh-Hant .
id:layer-z a yili:CommentaryLayer ; skos:prefLabel "鄭注"@zh-Hant ; dcterms:creator id:zheng .
id:doc a yili:Document ; yili:sourceFile "x.txt" ; yili:length 40 ; yili:edition id:edition-e ;
    yili:chapter id:chapter-5 ;
    yili:sha256 "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef" .

d:section a yili:Section ; rdfs:label "右三耦射" ; dcterms:isPartOf id:doc ; yili:sequence 1 ;
    oa:hasSelector d:section-position, d:section-quote .
d:section-position a oa:TextPositionSelector ; oa:start 30 ; oa:end 34 .
d:section-quote a oa:TextQuoteSelector ; oa:exact "右三耦射" .

d:passage a yili:Passage, oa:SpecificResource ; oa:hasSource id:doc ; yili:sequence 1 ;
    yili:readingText "司射適堂西" ; yili:inSection d:section ;
    oa:hasSelector d:passage-position, d:passage-quote .
d:passage-position a oa:TextPositionSelector ; oa:start 0 ; oa:end 5 .
d:passage-quote a oa:TextQuoteSelector ; oa:exact "司射適堂西" .

d:note a yili:Note, oa:Annotation ; oa:hasTarget d:passage ; oa:hasBody d:body ;
    yili:layer id:layer-z ; oa:motivatedBy oa:commenting .
d:body a oa:SpecificResource ; oa:hasSource id:doc ; rdf:value "適，往也" ;
    oa:hasSelector d:body-position, d:body-quote .
d:body-position a oa:TextPositionSelector ; oa:start 5 ; oa:end 9 .
d:body-quote a oa:TextQuoteSelector ; oa:exact "適，往也" .

yili:Role a owl:Class . yili:Officer rdfs:subClassOf yili:Role .
yili:Action a owl:Class . yili:Movement rdfs:subClassOf yili:Action .
yili:RitualObject a owl:Class . yili:ArcheryGear rdfs:subClassOf yili:RitualObject .
yili:Place a owl:Class . yili:HallPlace rdfs:subClassOf yili:Place .
yili:Facing a owl:Class .

id:role-sishe a owl:Class, skos:Concept ; skos:inScheme id:roles ; rdfs:subClassOf yili:Officer ;
    skos:prefLabel "司射"@zh-Hant, "司射"@zh-Hans, "director of archery"@en .
id:role-bin a owl:Class, skos:Concept ; skos:inScheme id:roles ; rdfs:subClassOf yili:Role ;
    skos:prefLabel "賓"@zh-Hant, "宾"@zh-Hans .
id:action-shi a owl:Class, skos:Concept ; skos:inScheme id:actions ; rdfs:subClassOf yili:Movement ;
    skos:prefLabel "適"@zh-Hant, "适"@zh-Hans .
id:object-gong a owl:Class, skos:Concept ; skos:inScheme id:objects ; rdfs:subClassOf yili:ArcheryGear ;
    skos:prefLabel "弓"@zh-Hant, "弓"@zh-Hans .
id:place-tangxi a owl:Class, skos:Concept ; skos:inScheme id:places ; rdfs:subClassOf yili:HallPlace ;
    skos:prefLabel "堂西"@zh-Hant, "堂西"@zh-Hans .
id:facing-bei a owl:Class, skos:Concept ; skos:inScheme id:facings ; rdfs:subClassOf yili:Facing ;
    skos:prefLabel "北面"@zh-Hant, "北面"@zh-Hans .

id:canon a yili:CanonicalPassage ; yili:locator "5.14.2" ; yili:citation "儀禮·鄉射禮·司射請射 2"@zh-Hant ;
    dcterms:isPartOf id:chapter-5 ; yili:inSection id:wsection ; yili:sequence 1 ;
    yili:readingText "司射適堂西" ; yili:referenceReading id:canon-reading .
id:canon-reading a oa:SpecificResource ; oa:hasSource id:doc ; oa:hasSelector id:canon-position, id:canon-quote .
id:canon-position a oa:TextPositionSelector ; oa:start 0 ; oa:end 5 .
id:canon-quote a oa:TextQuoteSelector ; oa:exact "司射適堂西" .
id:wsection a yili:WorkSection ; dcterms:isPartOf id:chapter-5 ; rdfs:label "司射請射"@zh-Hant .

d:event a yili:RitualEvent ; yili:action id:action-shi ; yili:agent id:role-sishe ;
    yili:recipient id:role-bin ; yili:object id:object-gong ; yili:place id:place-tangxi ;
    yili:facing id:facing-bei ; yili:sequence 1 ; yili:negated false ; yili:quote "弓矢既具" ;
    yili:passage id:canon ; yili:evidence d:event-text .
d:event-text a oa:SpecificResource ; oa:hasSource id:doc ; oa:hasSelector d:event-position, d:event-quote .
d:event-position a oa:TextPositionSelector ; oa:start 2 ; oa:end 5 .
d:event-quote a oa:TextQuoteSelector ; oa:exact "適堂西" .

d:att a yili:EventAttestation ; yili:action id:action-shi ; yili:agent id:role-sishe ; yili:sequence 1 ;
    yili:negated false ; yili:passage d:passage ; yili:attests d:event ; yili:evidence d:event-text .
d:align a yili:Alignment ; yili:editionText d:passage ; yili:canonicalPassage id:canon ; yili:score 1.000 ;
    oa:hasSource id:doc ; oa:hasSelector d:passage-position, d:passage-quote .
d:variant a yili:VariantReading ; yili:canonicalPassage id:canon ; yili:reading "適" ; yili:canonicalReading "適" ;
    oa:hasSource id:doc .

id:edition-e skos:exactMatch <https://www.kanripo.org/text/KR1d0028/> .
"""

PREFIXES = VALID[:VALID.index("id:work a")]


def graph(turtle: str) -> rdflib.Graph:
    return rdflib.Graph().parse(data=turtle, format="turtle")


def broken(remove: str = "", add: str = "") -> rdflib.Graph:
    """The valid graph less the triples of ``remove`` plus those of ``add``."""
    g = graph(VALID)
    for triple in graph(PREFIXES + remove):
        g.remove(triple)
    for triple in graph(PREFIXES + add):
        g.add(triple)
    return g


def quads(g: rdflib.Graph) -> list:
    return list(parse(g.serialize(format="nt", encoding="utf-8"), format=RdfFormat.N_TRIPLES))


def every_engine(g: rdflib.Graph) -> dict:
    """The report of each engine, each on the input it is given in use."""
    return {"pyshacl": validate(g, engine="pyshacl"), "turbo": validate(quads(g), engine="turbo"),
            "core": validate(quads(g), engine="core")}


def agree(reports: dict) -> None:
    """Every engine's verdict, and the passage texts quoted, are the reference's."""
    for engine, report in reports.items():
        assert verdict(report) == verdict(reports["pyshacl"]), \
            "\n".join(["pyshacl:", *format_text(reports["pyshacl"]), f"{engine}:", *format_text(report)])
        assert {(v.focus, v.text) for v in report.violations} == \
            {(v.focus, v.text) for v in reports["pyshacl"].violations}, engine


def verdict(report) -> tuple[bool, set]:
    """What the engines must agree on. Messages are left out: the shapes'
    own sh:message texts are the same, but the engines word their default
    messages differently (Shape ys:X against Shape 'ys:X')."""
    return report.conforms, {(v.focus, v.shape, v.constraint, v.path, v.value) for v in report.violations}


def test_the_valid_graph_conforms():
    reports = every_engine(graph(VALID))
    for engine, report in reports.items():
        assert report.conforms, (engine, "\n".join(format_text(report)))
    assert validate(graph(VALID)).conforms  # an rdflib graph, as old callers give it


def test_an_oxigraph_store_validates_on_every_engine():
    store = Store()
    store.extend(quads(broken("d:event yili:agent id:role-sishe .")))
    reports = {engine: validate(store, engine=engine) for engine in ENGINES}
    agree(reports)
    for report in reports.values():
        assert [(v.shape, v.text) for v in report.violations] == [("ys:EventAgentShape", "司射適堂西")]


# (what is broken, triples removed, triples added, the shape and message expected)
CASES = [
    ("work without title", 'id:work dcterms:title "儀禮"@zh-Hant, "Yili"@en .', "", "ys:WorkShape", "has a title"),
    ("work with two English titles", "", 'id:work dcterms:title "Etiquette"@en .', "ys:WorkShape",
     "one per language"),
    ("chapter 18", "id:chapter-5 yili:chapterNumber 5 .", "id:chapter-5 yili:chapterNumber 18 .", "ys:ChapterShape",
     "1 to 17"),
    ("chapter outside the work", "id:chapter-5 dcterms:isPartOf id:work .", "", "ys:ChapterShape",
     "part of the work"),
    ("chapter without title", 'id:chapter-5 dcterms:title "鄉射禮"@zh-Hant .', "", "ys:ChapterShape", "has a title"),
    ("edition of no work", "id:edition-e dcterms:isVersionOf id:work .", "", "ys:EditionShape", "version of the work"),
    ("bad Kanripo ID", 'id:edition-e yili:kanripoId "KR1d0028" .', 'id:edition-e yili:kanripoId "kr-28" .',
     "ys:EditionShape", "Kanripo text ID"),
    ("layer without label", 'id:layer-z skos:prefLabel "鄭注"@zh-Hant .', "", "ys:LayerShape", "has a label"),
    ("layer by a non-person", "id:layer-z dcterms:creator id:zheng .", "id:layer-z dcterms:creator id:doc .",
     "ys:LayerShape", "a person"),
    ("person without name", 'id:zheng <http://xmlns.com/foaf/0.1/name> "鄭玄"@zh-Hant .', "", "ys:PersonShape",
     "has a name"),
    ("document without file name", 'id:doc yili:sourceFile "x.txt" .', "", "ys:DocumentShape", "one source file name"),
    ("bad sha256", "", 'id:doc yili:sha256 "xyz" .', "ys:DocumentShape", "SHA-256"),
    ("negative length", "id:doc yili:length 40 .", "id:doc yili:length -1 .", "ys:DocumentShape", "length"),
    ("document without edition", "id:doc yili:edition id:edition-e .", "", "ys:DocumentShape", "one edition"),
    ("chapter not a chapter", "id:doc yili:chapter id:chapter-5 .", "id:doc yili:chapter id:doc .",
     "ys:DocumentShape", "at most one chapter"),
    ("passage without source", "d:passage oa:hasSource id:doc .", "", "ys:PassageShape", "lies in one document"),
    ("passage sequence 0", "d:passage yili:sequence 1 .", "d:passage yili:sequence 0 .", "ys:PassageShape",
     "sequence number"),
    ("passage sequence not an integer", "d:passage yili:sequence 1 .", 'd:passage yili:sequence "1" .',
     "ys:PassageShape", "sequence number"),
    ("passage without text", 'd:passage yili:readingText "司射適堂西" .', "", "ys:PassageShape", "reading text"),
    ("passage in two sections", "", "d:passage yili:inSection d:note .", "ys:PassageShape", "at most one section"),
    ("passage without quote selector", "d:passage oa:hasSelector d:passage-quote .", "", "ys:SelectedShape",
     "two selectors"),
    ("passage with two position selectors", "d:passage oa:hasSelector d:passage-quote .",
     "d:passage oa:hasSelector d:section-position .", "ys:SelectedShape", "TextQuoteSelector"),
    ("passage without position selector", "d:passage oa:hasSelector d:passage-position .",
     "d:passage oa:hasSelector d:section-quote .", "ys:SelectedShape", "TextPositionSelector"),
    ("selector start after end", "d:passage-position oa:start 0 .", "d:passage-position oa:start 7 .",
     "ys:PositionSelectorShape", "start is before its end"),
    ("selector start equals end", "d:passage-position oa:start 0 .", "d:passage-position oa:start 5 .",
     "ys:PositionSelectorShape", "start is before its end"),
    ("selector without start", "d:passage-position oa:start 0 .", "", "ys:PositionSelectorShape", "one start"),
    ("selector start negative", "d:passage-position oa:start 0 .", "d:passage-position oa:start -2 .",
     "ys:PositionSelectorShape", "one start"),
    ("selector end a string", "d:passage-position oa:end 5 .", 'd:passage-position oa:end "5" .',
     "ys:PositionSelectorShape", "one end"),
    ("quote selector without exact", 'd:passage-quote oa:exact "司射適堂西" .', "", "ys:QuoteSelectorShape",
     "exact text"),
    ("quote selector empty", 'd:passage-quote oa:exact "司射適堂西" .', 'd:passage-quote oa:exact "" .',
     "ys:QuoteSelectorShape", "exact text"),
    ("note without target", "d:note oa:hasTarget d:passage .", "", "ys:NoteShape", "targets the passage"),
    ("note targeting a section", "d:note oa:hasTarget d:passage .", "d:note oa:hasTarget d:section .",
     "ys:NoteTargetShape", "passage of the classic or a document"),
    ("note without body", "d:note oa:hasBody d:body .", "", "ys:NoteShape", "one body"),
    ("note without layer", "d:note yili:layer id:layer-z .", "", "ys:NoteShape", "one commentary layer"),
    ("note without motivation", "d:note oa:motivatedBy oa:commenting .", "", "ys:NoteShape", "says why"),
    ("note not an annotation", "d:note a oa:Annotation .", "", "ys:NoteShape", ""),
    ("note body without text", 'd:body rdf:value "適，往也" .', "", "ys:NoteBodyShape", "has its text"),
    ("note body without source", "d:body oa:hasSource id:doc .", "", "ys:NoteBodyShape", "lies in one document"),
    ("section without heading", 'd:section rdfs:label "右三耦射" .', "", "ys:SectionShape", "heading as label"),
    ("section of no document", "d:section dcterms:isPartOf id:doc .", "", "ys:SectionShape", "part of one document"),
    ("section without sequence", "d:section yili:sequence 1 .", "", "ys:SectionShape", "sequence number"),
    ("event with two actions", "", "d:event yili:action id:facing-bei .", "ys:EventShape", "exactly one action"),
    ("event without action", "d:event yili:action id:action-shi .", "", "ys:EventShape", "exactly one action"),
    ("action not an action", "d:event yili:action id:action-shi .", "d:event yili:action id:object-gong .",
     "ys:ActionTermShape", "under yili:Action"),
    ("event without agent", "d:event yili:agent id:role-sishe .", "", "ys:EventAgentShape", "at least one agent"),
    ("agent not a role", "d:event yili:agent id:role-sishe .", "d:event yili:agent id:place-tangxi .",
     "ys:RoleTermShape", "under yili:Role"),
    ("recipient not a role", "d:event yili:recipient id:role-bin .", "d:event yili:recipient id:object-gong .",
     "ys:RoleTermShape", "under yili:Role"),
    ("object not a ritual object", "d:event yili:object id:object-gong .", "d:event yili:object id:role-bin .",
     "ys:ObjectTermShape", "under yili:RitualObject"),
    ("place not a place", "d:event yili:place id:place-tangxi .", "d:event yili:place id:role-bin .",
     "ys:PlaceTermShape", "under yili:Place"),
    ("two places", "", "d:event yili:place id:facing-bei .", "ys:EventShape", "at most one place"),
    ("facing not a facing", "d:event yili:facing id:facing-bei .", "d:event yili:facing id:place-tangxi .",
     "ys:FacingTermShape", "under yili:Facing"),
    ("event without sequence", "d:event yili:sequence 1 .", "", "ys:EventShape", "sequence number"),
    ("negated not a boolean", "d:event yili:negated false .", 'd:event yili:negated "no" .', "ys:EventShape",
     "negated"),
    ("two quotations", "", 'd:event yili:quote "有司請射" .', "ys:EventShape", "at most one quotation"),
    ("event without passage", "d:event yili:passage id:canon .", "", "ys:EventShape", "one canonical passage"),
    ("event in an edition's passage", "d:event yili:passage id:canon .", "d:event yili:passage d:passage .",
     "ys:EventShape", "one canonical passage"),
    ("canonical passage without locator", 'id:canon yili:locator "5.14.2" .', "", "ys:CanonicalPassageShape",
     "one locator"),
    ("canonical passage with a bad locator", 'id:canon yili:locator "5.14.2" .', 'id:canon yili:locator "5-14" .',
     "ys:CanonicalPassageShape", "CHAPTER.SECTION.NUMBER"),
    ("attestation without passage", "d:att yili:passage d:passage .", "", "ys:AttestationShape",
     "one passage of an edition"),
    ("attestation of a passage", "d:att yili:attests d:event .", "d:att yili:attests d:passage .",
     "ys:AttestationShape", "at most one event of the work"),
    ("alignment scored above 1", "d:align yili:score 1.000 .", "d:align yili:score 1.5 .", "ys:AlignmentShape",
     "between 0 and 1"),
    ("alignment to an edition passage", "d:align yili:canonicalPassage id:canon .",
     "d:align yili:canonicalPassage d:passage .", "ys:AlignmentShape", "one canonical passage"),
    ("variant without its reading", 'd:variant yili:reading "適" .', "", "ys:VariantShape", "what the edition reads"),
    ("canonical passage outside a chapter", "id:canon dcterms:isPartOf id:chapter-5 .", "",
     "ys:CanonicalPassageShape", "one chapter"),
    ("event without evidence", "d:event yili:evidence d:event-text .", "", "ys:EventShape", "its characters"),
    ("evidence without source", "d:event-text oa:hasSource id:doc .", "", "ys:EvidenceShape", "one document"),
    ("evidence without selectors", "d:event-text oa:hasSelector d:event-position .", "", "ys:SelectedShape",
     "two selectors"),
    ("term without zh-Hant label", 'id:role-bin skos:prefLabel "賓"@zh-Hant .', "", "ys:TermShape",
     "zh-Hant preferred label"),
    ("term without zh-Hans label", 'id:role-bin skos:prefLabel "宾"@zh-Hans .', "", "ys:TermShape",
     "zh-Hans preferred label"),
    ("term with two English labels", "", 'id:role-sishe skos:prefLabel "archery master"@en .', "ys:TermShape",
     "one preferred label per language"),
    ("term outside any hierarchy", "id:role-bin rdfs:subClassOf yili:Role .", "", "ys:TermShape",
     "class hierarchy"),
    ("term not a concept", "id:role-bin a skos:Concept .", "", "ys:TermShape", ""),
    ("link that is not http", "", 'id:edition-e skos:exactMatch <urn:kanripo:KR1d0028> .', "ys:LinkShape",
     "well-formed http(s) IRI"),
    ("link that is a literal", "", 'id:edition-e owl:sameAs "https://www.wikidata.org/wiki/Q1" .',
     "ys:LinkShape", "well-formed http(s) IRI"),
]


@pytest.mark.parametrize("what, remove, add, shape, message", CASES, ids=[c[0] for c in CASES])
def test_each_constraint_fails_where_broken_on_every_engine_alike(what, remove, add, shape, message):
    reports = every_engine(broken(remove, add))
    assert set(reports) == set(ENGINES)
    for engine, report in reports.items():
        assert not report.conforms, (engine, what)
        assert any(v.shape == shape and message in v.message for v in report.violations), \
            (engine, "\n".join(format_text(report)))
    agree(reports)  # the passage text too is quoted from the quads as from the rdflib graph


def test_every_shapes_file_applies(tmp_path, monkeypatch):
    """ontology/shapes*.ttl: a second file's shapes apply with the first's."""
    (tmp_path / "shapes.ttl").write_bytes((validation.ONTOLOGY / "shapes.ttl").read_bytes())
    (tmp_path / "shapes-extra.ttl").write_text("""
@prefix sh: <http://www.w3.org/ns/shacl#> .
@prefix ys: <http://localhost:8000/shapes#> .
ys:ExtraShape a sh:NodeShape ; sh:targetClass <http://localhost:8000/ontology#Work> ;
    sh:property [ sh:path <http://localhost:8000/ontology#extra> ; sh:minCount 1 ; sh:message "extra" ] .
""", encoding="utf-8")
    monkeypatch.setattr(validation, "ONTOLOGY", tmp_path)
    monkeypatch.setattr(validation, "_SHAPES_GRAPH", [])
    assert [p.name for p in validation.shapes_files()] == ["shapes-extra.ttl", "shapes.ttl"]
    for engine, report in every_engine(broken("id:work dcterms:title \"儀禮\"@zh-Hant, \"Yili\"@en .")).items():
        assert {v.shape for v in report.violations} == {"ys:ExtraShape", "ys:WorkShape"}, engine


def test_validate_command_exit_codes_and_formats(tmp_path):
    good, bad, garbage = tmp_path / "good.ttl", tmp_path / "bad.ttl", tmp_path / "garbage.ttl"
    good.write_text(VALID, encoding="utf-8")
    bad.write_text(broken("d:event yili:agent id:role-sishe .").serialize(format="turtle"), encoding="utf-8")
    garbage.write_text("@prefix : <x> . :a :b", encoding="utf-8")
    assert kg("validate", good).returncode == 0
    for engine in ENGINES:
        result = kg("validate", bad, "--engine", engine)
        assert result.returncode == 1, engine
        assert "ys:EventAgentShape" in result.stdout and "司射適堂西" in result.stdout  # the passage's text
        assert "1 violations" in result.stdout
    as_json = kg("validate", bad, "--format", "json")
    assert json.loads(as_json.stdout)["conforms"] is False  # progress lines kept out of the JSON
    assert "kg validate: validate (core)" in as_json.stderr and "kg validate: read" in as_json.stderr
    ttl = kg("validate", bad, "--format", "turtle").stdout
    assert "ValidationReport" in ttl
    errored = kg("validate", garbage)
    assert errored.returncode == 2 and errored.stderr.startswith("kg: error:")
    assert kg("validate", tmp_path / "missing.nt").returncode == 2


def test_build_refuses_an_invalid_graph_and_leaves_dist(tmp_path, monkeypatch):
    """A graph that violates the shapes is not published: the report goes to
    stderr, the previous dist/ stays as it was, exit status 1."""
    from click.testing import CliRunner

    import kg.build
    from kg.cli import main
    from tests.conftest import seed

    out = tmp_path / "dist"
    out.mkdir()
    (out / "yili.nt").write_text("previous build\n", encoding="utf-8")
    real = kg.build.build_dataset

    def dropped(triples):
        return [t for t in triples if not t.predicate.value.endswith("#agent")]

    def without_agents(docs, events, work, sink=None, keep=None):  # what the validator reads, as it is made
        built = real(docs, events, work, sink=lambda graph, triples: sink(graph, dropped(triples)), keep=keep)
        return Dataset({g: dropped(ts) for g, ts in built.graphs.items()}, distinct=True)

    monkeypatch.setattr(kg.build, "build_dataset", without_agents)
    result = CliRunner().invoke(main, ["build", str(seed("003")), "--out", str(out)])
    assert result.exit_code == 1
    assert "at least one agent" in result.output and "does not conform" in result.output
    assert (out / "yili.nt").read_text(encoding="utf-8") == "previous build\n"
    assert not (out / "yili.ttl").exists() and not (out / "void.ttl").exists()


# --- Validation by parts (kg.parts): the verdict of the whole ------------------

ID, D = "http://localhost:8000/id/", "http://localhost:8000/id/doc/x/"
EDITION_A, EDITION_B, ONTOLOGY_GRAPH = (NamedNode(f"http://localhost:8000/graph/{name}")
                                        for name in ("edition/a", "edition/b", "ontology"))


def dataset(g: rdflib.Graph) -> list[Quad]:
    """``g`` laid out as kg build lays out a dataset: the texts (d:) in one
    edition graph and a copy of them (d2:) in another; the rest in the
    ontology graph, except one place term that lives in the first edition
    graph, as terms first met in a text do, and that the copy uses too."""
    def copy(term):
        return NamedNode(term.value.replace(D, D[:-1] + "2/")) if isinstance(term, NamedNode) else term

    out = []
    for q in quads(g):
        own = q.subject.value.startswith(D) or q.subject.value == ID + "place-tangxi"
        out.append(Quad(q.subject, q.predicate, q.object, EDITION_A if own else ONTOLOGY_GRAPH))
        if q.subject.value.startswith(D):
            out.append(Quad(copy(q.subject), q.predicate, copy(q.object), EDITION_B))
    return out


def test_the_dataset_splits_into_parts_that_conform():
    data = dataset(graph(VALID))
    parts = partition(data)
    assert len(parts) >= 2 and all(len(p) < len(data) for p in parts)
    report = validate_quads(data, engine="turbo")
    assert report.conforms, "\n".join(format_text(report))


@pytest.mark.parametrize("what, remove, add, shape, message", CASES, ids=[c[0] for c in CASES])
def test_validation_by_parts_finds_what_the_whole_does(what, remove, add, shape, message):
    data = dataset(broken(remove, add))
    whole, by_parts = validate(data, engine="turbo"), validate_quads(data, engine="turbo", jobs=2)
    assert not by_parts.conforms
    assert [(v.focus, v.shape, v.constraint, v.path, v.value, v.message, v.text) for v in by_parts.violations] == \
        [(v.focus, v.shape, v.constraint, v.path, v.value, v.message, v.text) for v in whole.violations]
    assert len(list(by_parts.graph.subjects(RDF.type, SH.ValidationResult))) == len(by_parts.violations)


def test_shapes_that_look_beyond_a_node_are_not_split():
    assert splittable(validation.shapes_graph())
    for feature in ("sh:path [ sh:inversePath yili:passage ] ; sh:minCount 1", "sh:targetNode id:work"):
        shapes = graph(PREFIXES + "@prefix sh: <http://www.w3.org/ns/shacl#> .\n"
                       f"id:S a sh:NodeShape ; sh:property [ {feature} ] .")
        assert not splittable(shapes), feature


@pytest.mark.parametrize("what, remove, add, shape, message", CASES, ids=[c[0] for c in CASES])
def test_built_dataset_in_parts_finds_what_the_whole_does(what, remove, add, shape, message):
    """The Rust engine on more cores: a Dataset split by kg.parts.dataset_parts, two parts at once."""
    data = Dataset.from_quads(dataset(broken(remove, add)))
    assert len(dataset_parts(data.graphs, 2, [NamedNode(Minter().graph("ontology"))])) == 2
    whole, by_parts = validate(data, engine="turbo"), validate_dataset(data, engine="turbo", jobs=2)
    assert not by_parts.conforms
    assert [(v.focus, v.shape, v.constraint, v.path, v.value, v.message, v.text) for v in by_parts.violations] == \
        [(v.focus, v.shape, v.constraint, v.path, v.value, v.message, v.text) for v in whole.violations]


def test_built_dataset_in_parts_conforms_when_valid():
    data = Dataset.from_quads(dataset(graph(VALID)))
    report = validate_dataset(data, engine="turbo", jobs=2)
    assert report.conforms, "\n".join(format_text(report))
    assert validate_cached(data, None)[0].conforms


def test_the_rust_engine_is_given_only_what_the_shapes_can_see():
    """kg.shacl.relevant_triples: statements under predicates no shape names
    are left out, and type statements of classes under no class a shape
    names; a type under a named class through rdfs:subClassOf stays (a
    subclass instance is an instance of the class sh:class asks for)."""
    from kg.shacl import relevant_triples

    data = quads(graph(PREFIXES + """
        @prefix ex: <http://example.org/> .
        id:ev a yili:RitualEvent, ex:Unnamed ; yili:rule "act" ; yili:action id:bow .
        ex:SubDocument rdfs:subClassOf yili:Document .
        id:doc2 a ex:SubDocument .
    """))
    kept = {(t.subject.value.rsplit("/", 1)[-1], t.predicate.value.rsplit("#", 1)[-1], t.object.value.rsplit("/", 1)[-1])
            for t in relevant_triples(data, validation.shapes_graph())}
    assert ("ev", "type", "Unnamed") not in kept and not any(p == "rule" for _, p, _ in kept)
    assert ("doc2", "type", "SubDocument") in kept and ("ev", "action", "bow") in kept
    assert any(o.endswith("RitualEvent") for s, p, o in kept if s == "ev")
    # A shape that closes its nodes looks at every property: nothing may be left out.
    closed = validation.shapes_graph() + graph(PREFIXES + "@prefix sh: <http://www.w3.org/ns/shacl#> .\n"
                                                "<urn:x:shape> a sh:NodeShape ; sh:closed true .")
    assert relevant_triples(data, closed) is None


def test_a_violation_on_a_left_out_kind_of_statement_is_still_found_by_every_engine():
    """The filter keeps what a constraint reads even when the predicate is
    rare: a second sequence number on an event is caught by every engine."""
    g = broken(add="d:event yili:sequence 2 .")
    reports = every_engine(g)
    assert not reports["turbo"].conforms and not reports["core"].conforms
    agree(reports)


def test_the_validate_command_offers_every_engine_and_the_default():
    """kg validate keeps its engine list literal (kg.shacl loads rdflib, the
    command line does not): it must stay the registry's."""
    from kg.cli import validate_command

    option = next(p for p in validate_command.params if p.name == "engine")
    assert list(option.type.choices) == list(ENGINES) and option.default == validation.DEFAULT_ENGINE


def test_the_dump_command_offers_the_format_registry():
    from kg.cli import dump
    from kg.rdf.formats import FORMATS

    option = next(p for p in dump.params if p.name == "fmt")
    assert list(option.type.choices) == list(FORMATS)


@pytest.mark.parametrize("what, remove, add, shape, message", CASES[::7], ids=[c[0] for c in CASES[::7]])
def test_a_file_of_n_triples_validates_as_the_graph_does(tmp_path, what, remove, add, shape, message):
    """kg build's validator reads the union's N-Triples from a file in a
    process of its own (kg.validate.validate_file): the same violations,
    passage texts included, as pySHACL on the graph, and the verdict is
    kept only for a conforming file."""
    from pyoxigraph import serialize

    from kg.validate import validate_file

    g = broken(remove, add)
    path = tmp_path / "union.nt"
    path.write_bytes(serialize(quads(g), format=RdfFormat.N_TRIPLES))
    report, cached = validate_file(path, tmp_path / "cache")
    reference = validate(g, engine="pyshacl")
    assert not cached and not report.conforms and verdict(report) == verdict(reference)
    assert {(v.focus, v.text) for v in report.violations} == {(v.focus, v.text) for v in reference.violations}
    assert not (tmp_path / "cache").exists() or not any((tmp_path / "cache").iterdir())
    path.write_bytes(serialize(quads(graph(VALID)), format=RdfFormat.N_TRIPLES))
    first, again = validate_file(path, tmp_path / "cache"), validate_file(path, tmp_path / "cache")
    assert first[0].conforms and not first[1]
    assert again[0].conforms and again[1]  # the second time, from the cache
