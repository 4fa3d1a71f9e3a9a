"""Dumps in four formats, named graphs, gzip, and the VoID/DCAT description."""
from __future__ import annotations

import gzip
import re

from pyoxigraph import RdfFormat, Store, parse

from kg.mappings import load_table
from tests.conftest import ROOT, kg, seed

BASE = "http://localhost:8000/"
VOID = "http://rdfs.org/ns/void#"
DCAT = "http://www.w3.org/ns/dcat#"
DCT = "http://purl.org/dc/terms/"
FOAF = "http://xmlns.com/foaf/0.1/"
XSD = "http://www.w3.org/2001/XMLSchema#"
IANA = "https://www.iana.org/assignments/media-types/"


def test_nquads_has_a_graph_per_edition_and_ontology_and_links(built):
    graphs = {q.graph_name.value for q in parse(path=str(built / "yili.nq"), format=RdfFormat.N_QUADS)}
    assert graphs == {BASE + "graph/ontology", BASE + "graph/links", BASE + "graph/work",
                      *(BASE + f"graph/edition/{e}" for e in ("KR1d0038", "KR1d0028", "baihua", "KR1d0030",
                                                               "KR1d0044", "KR1d0026", "plain"))}


def test_every_format_holds_the_same_graph(built_small):
    """On one chapter in four editions (the formats, not the size, are tested)."""
    nt = {q.triple for q in parse(path=str(built_small / "yili.nt"), format=RdfFormat.N_TRIPLES)}
    union = {q.triple for q in parse(path=str(built_small / "yili.nq"), format=RdfFormat.N_QUADS)}
    assert union == nt and len(nt) > 50_000
    for name, fmt in (("yili.ttl", RdfFormat.TURTLE), ("yili.jsonld", RdfFormat.JSON_LD)):
        assert {q.triple for q in parse(path=str(built_small / name), format=fmt)} == nt, name


def test_void_lists_each_dump_with_size_and_count(built):
    store = Store()
    store.load(path=str(built / "void.ttl"), format=RdfFormat.TURTLE)
    nt_lines = sum(1 for _ in open(built / "yili.nt", "rb"))
    query = f"""SELECT ?url ?size ?n WHERE {{ ?d a <{DCAT}Distribution> ; <{DCAT}downloadURL> ?url ;
                <{DCAT}byteSize> ?size ; <{VOID}triples> ?n }}"""
    rows = {r["url"].value.rsplit("/", 1)[-1]: (int(r["size"].value), int(r["n"].value)) for r in store.query(query)}
    assert set(rows) == {"yili.ttl", "yili.nt", "yili.nq", "yili.jsonld"}
    for name, (size, _) in rows.items():
        assert size == (built / name).stat().st_size
    assert rows["yili.nt"][1] == nt_lines
    ask = lambda q: bool(store.query(q))  # noqa: E731
    assert ask(f"ASK {{ ?d <{VOID}triples> {nt_lines} ; <{VOID}sparqlEndpoint> <{BASE}sparql> ; "
               f"<http://purl.org/dc/terms/license> ?l ; <http://purl.org/dc/terms/publisher> ?p }}")
    assert ask(f"ASK {{ ?d <{VOID}classPartition> [ <{VOID}class> <{BASE}ontology#RitualEvent> ; <{VOID}entities> ?n ] "
               f"FILTER(?n > 3000) }}")
    assert ask(f"ASK {{ ?d <{VOID}propertyPartition> [ <{VOID}property> <{BASE}ontology#agent> ] }}")
    assert ask(f"ASK {{ ?l a <{VOID}Linkset> ; <{VOID}objectsTarget> [ <{FOAF}homepage> <https://ctext.org/> ] ; "
               f"<{VOID}triples> 2 }}")
    assert ask(f"ASK {{ ?d <{VOID}vocabulary> <http://www.w3.org/ns/oa#> }}")


def test_gzip_on_request_and_deterministic(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    for out in (first, second):
        assert kg("build", seed("004"), "--out", out, "--gzip").returncode == 0
    for name in ("yili.nt.gz", "yili.nq.gz", "yili.ttl.gz", "yili.jsonld.gz"):
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
    lines = gzip.decompress((first / "yili.nt.gz").read_bytes()).splitlines()
    assert len(set(lines)) == len(lines) > 1000
    assert (first / "void.ttl").read_bytes() == (second / "void.ttl").read_bytes()


def test_kg_dump_streams_each_format(built_small, tmp_path):
    built = built_small
    for fmt, rdf in (("ntriples", RdfFormat.N_TRIPLES), ("nquads", RdfFormat.N_QUADS),
                     ("turtle", RdfFormat.TURTLE), ("jsonld", RdfFormat.JSON_LD)):
        out = tmp_path / f"x.{fmt}"
        result = kg("dump", "--format", fmt, "--out", out, "--source", built / "yili.nq")
        assert result.returncode == 0, result.stderr
        assert sum(1 for _ in parse(path=str(out), format=rdf)) > 50_000
    to_stdout = kg("dump", "--format", "nquads", "--source", built / "yili.nq")
    statements = sum(1 for _ in open(built / "yili.nq", "rb"))
    assert to_stdout.stdout.count("\n") == statements
    # Progress goes to stderr (stdout is the dump): one line for the phase, all statements counted.
    assert f"kg dump: dump {statements} statements" in to_stdout.stderr
    missing = kg("dump", "--format", "turtle", "--out", tmp_path / "y.ttl", "--source", tmp_path / "none.nq")
    assert missing.returncode == 1 and not (tmp_path / "y.ttl").exists()


def test_void_is_what_a_dcat_ap_catalogue_expects(built):
    """accessURL beside every downloadURL, issued/modified dates and a
    version from the data, IANA media-type IRIs, example resources that
    exist, linksets whose targets are datasets (with home pages)."""
    store = Store()
    store.load(path=str(built / "void.ttl"), format=RdfFormat.TURTLE)
    rows = lambda q: list(store.query(q))  # noqa: E731

    dists = rows(f"""SELECT ?d ?download ?access ?type WHERE {{ ?ds <{DCAT}distribution> ?d .
        OPTIONAL {{ ?d <{DCAT}downloadURL> ?download }} OPTIONAL {{ ?d <{DCAT}accessURL> ?access }}
        OPTIONAL {{ ?d <{DCAT}mediaType> ?type }} }}""")
    assert len(dists) >= 4
    assert all(r["access"] is not None for r in dists)
    media = {"ttl": "text/turtle", "nt": "application/n-triples", "nq": "application/n-quads",
             "jsonld": "application/ld+json"}
    for r in dists:
        if r["download"] is None:
            continue
        assert r["access"] == r["download"]
        assert r["type"].value == IANA + media[r["download"].value.rsplit(".", 1)[-1]], r["download"]

    info = {row["field"]: row["value"] for row in load_table("dataset")}
    version = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)[1]
    assert info["version"] == version
    ds = rows(f"""SELECT ?issued ?modified ?v ?vi WHERE {{ ?ds a <{DCAT}Dataset> ; <{DCT}issued> ?issued ;
        <{DCT}modified> ?modified ; <{DCAT}version> ?v ; <http://www.w3.org/2002/07/owl#versionInfo> ?vi }}""")
    assert len(ds) == 1
    assert (ds[0]["issued"].value, ds[0]["modified"].value) == (info["issued"], info["modified"])
    assert ds[0]["issued"].datatype.value == XSD + "date" and ds[0]["issued"].value <= ds[0]["modified"].value
    assert ds[0]["v"].value == ds[0]["vi"].value == version

    examples = {r["x"].value for r in rows(f"SELECT ?x WHERE {{ ?ds <{VOID}exampleResource> ?x }}")}
    assert len(examples) >= 3
    subjects = {q.subject.value for q in parse(path=str(built / "yili.nt"), format=RdfFormat.N_TRIPLES)}
    assert examples <= subjects

    targets = rows(f"""SELECT ?t ?home WHERE {{ ?l a <{VOID}Linkset> ; <{VOID}objectsTarget> ?t .
        OPTIONAL {{ ?t a ?kind ; <{FOAF}homepage> ?home FILTER(?kind = <{VOID}Dataset>) }} }}""")
    assert targets
    for r in targets:
        assert r["home"] is not None and r["home"] != r["t"], r["t"]


def test_nquads_writer_names_the_graph_on_every_line_whatever_the_literals():
    """Regression: the N-Quads dump puts the graph name before each
    N-Triples line's final " ." as Oxigraph writes it in pieces of a few
    kilobytes, gathered in batches; a literal holding " .", a line break or
    a language tag, and lines cut across pieces and batches, must come out
    as Oxigraph's own N-Quads."""
    import io

    from pyoxigraph import Literal, NamedNode, Quad, Triple, serialize

    from kg.rdf.io import _GraphNamer, write_graph_nquads

    graph = NamedNode("http://example.org/graph/edition/KR1d0038")
    texts = ["獲者坐而獲 .", "a .\nb", "end .\n", " . .", "右 .\r\n", "x"]
    triples = [Triple(NamedNode(f"http://example.org/id/{n}"), NamedNode("http://example.org/p"),
                      Literal(texts[n % len(texts)] * (1 + n % 7), language="zh-Hant" if n % 2 else None))
               for n in range(20000)]
    out = io.BytesIO()
    write_graph_nquads(out, graph, triples)
    assert len(out.getvalue()) > 4 * _GraphNamer.BATCH  # several batches of many pieces
    expected = serialize([Quad(t.subject, t.predicate, t.object, graph) for t in triples], format=RdfFormat.N_QUADS)
    assert out.getvalue() == expected
    # batches cut anywhere, inside a line's " .\n" too
    text = serialize(triples[:500], format=RdfFormat.N_TRIPLES)
    for size in (1, 2, 3, 7):
        out = io.BytesIO()
        namer = _GraphNamer(out, graph)
        namer.BATCH = size
        for start in range(0, len(text), 2):
            namer.write(text[start:start + 2])
        assert namer.close() == b""
        assert out.getvalue() == serialize([Quad(t.subject, t.predicate, t.object, graph) for t in triples[:500]],
                                           format=RdfFormat.N_QUADS)


def test_void_figures_counted_by_the_validator_are_those_of_the_triples(docs, tmp_path):
    """kg build's validator counts what VoID says (kg.shaclcore.Census) on
    its one reading of the N-Triples; the figures, and the description made
    from them, are those of a pass over the triples — under the default
    base and moved to another."""
    from pyoxigraph import RdfFormat, serialize

    from kg.build import align_and_extract
    from kg.extract.work import read_work
    from kg.publish.void import Statistics, describe, examples_asked
    from kg.rdf.dataset import build_dataset, rebase
    from kg.rdf.iris import Minter
    from kg.shaclcore import Census, census_of
    from kg.validate import shapes_graph
    from kg.shacl import core_program

    chosen = [docs["001"], docs["003"]]
    alignments, events = align_and_extract(chosen)
    dataset = build_dataset(chosen, events, read_work(chosen, events, alignments=alignments))
    census = Census(examples_asked(Minter()).values())
    index = core_program(shapes_graph()).index(serialize(dataset.union(), format=RdfFormat.N_TRIPLES), census)
    figures = census.figures(index)
    # what kg build counts itself when its validator sent no figures
    (tmp_path / "union.nt").write_bytes(serialize(dataset.union(), format=RdfFormat.N_TRIPLES))
    assert census_of(tmp_path / "union.nt", examples_asked(Minter()).values()) == figures
    for base in (None, "https://example.org/yili/"):
        mint = Minter(base) if base else Minter()
        published = rebase(dataset, base)
        counted = Statistics(published.union(), mint)
        told = Statistics.from_figures(figures, mint, (Minter().base, mint.base))
        assert (told.triples, told.entities, told.properties, told.classes, told.firsts) == (
            counted.triples, counted.entities, counted.properties, counted.classes, counted.firsts)
        assert set(told.firsts) == {"work", "chapter", "event", "role"}
        assert set(describe(published, {}, mint, told)) == set(describe(published, {}, mint))
