"""The dataset description: VoID + DCAT (``dist/void.ttl``).

Title, licence and publisher come from ``mappings/dataset.tsv``; the figures
(triples, class and property partitions, link sets, each dump's size and
triple count) are counted from the graph and the files just written.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Iterable

from pyoxigraph import Literal, NamedNode, Quad, Triple

from kg.mappings import load_table
from kg.rdf.iris import Minter

RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
VOID = "http://rdfs.org/ns/void#"
DCAT = "http://www.w3.org/ns/dcat#"
DCT = "http://purl.org/dc/terms/"
FOAF = "http://xmlns.com/foaf/0.1/"
XSD = "http://www.w3.org/2001/XMLSchema#"
A = NamedNode(RDF + "type")
MEDIA_TYPES = {".ttl": "text/turtle", ".nt": "application/n-triples", ".nq": "application/n-quads",
               ".jsonld": "application/ld+json"}
VOCABULARIES = ["http://localhost:8000/ontology#", "http://www.w3.org/ns/oa#", "http://www.w3.org/2004/02/skos/core#",
                "http://www.cidoc-crm.org/cidoc-crm/", "http://semanticweb.cs.vu.nl/2009/11/sem/",
                "http://www.w3.org/ns/prov#", "http://purl.org/dc/terms/", "http://xmlns.com/foaf/0.1/"]
TARGETS = {"kanripo": "https://www.kanripo.org/", "ctext": "https://ctext.org/",
           "wikidata": "http://www.wikidata.org/", "cbdb": "https://cbdb.fas.harvard.edu/"}


def _int(n: int) -> Literal:
    return Literal(str(n), datatype=NamedNode(XSD + "integer"))


def _n(iri: str) -> NamedNode:
    return NamedNode(iri)


def describe(quads: list[Quad], dumps: dict[Path, int], mint: Minter) -> list[Triple]:
    """VoID/DCAT triples for the dataset in ``quads`` and the dump files
    written (path -> number of statements in it)."""
    info = {row["field"]: row["value"] for row in load_table("dataset")}
    ds = _n(mint.base + "void#dataset")
    out = [Triple(ds, A, _n(VOID + "Dataset")), Triple(ds, A, _n(DCAT + "Dataset")),
           Triple(ds, _n(DCT + "title"), Literal(info["title_en"], language="en")),
           Triple(ds, _n(DCT + "title"), Literal(info["title_zh"], language="zh-Hant")),
           Triple(ds, _n(DCT + "description"), Literal(info["description"], language="en")),
           Triple(ds, _n(DCT + "license"), _n(info["license"])),
           Triple(ds, _n(VOID + "sparqlEndpoint"), _n(mint.base + "sparql")),
           Triple(ds, _n(VOID + "uriSpace"), Literal(mint.base + "id/")),
           Triple(ds, _n(FOAF + "homepage"), _n(info["homepage"]))]
    publisher = _n(mint.base + "void#publisher")
    out += [Triple(ds, _n(DCT + "publisher"), publisher), Triple(publisher, A, _n(FOAF + "Organization")),
            Triple(publisher, _n(FOAF + "name"), Literal(info["publisher"]))]
    triples = {q.triple for q in quads}
    out += [Triple(ds, _n(VOID + "triples"), _int(len(triples))),
            Triple(ds, _n(VOID + "entities"), _int(len({t.subject for t in triples if isinstance(t.subject, NamedNode)})))]
    for vocabulary in VOCABULARIES:
        out.append(Triple(ds, _n(VOID + "vocabulary"), _n(vocabulary)))
    for path, count in sorted(dumps.items()):
        url = _n(mint.base + "dumps/" + path.name)
        dist = _n(mint.base + "void#dump-" + path.name)
        out += [Triple(ds, _n(VOID + "dataDump"), url), Triple(ds, _n(DCAT + "distribution"), dist),
                Triple(dist, A, _n(DCAT + "Distribution")), Triple(dist, _n(DCAT + "downloadURL"), url),
                Triple(dist, _n(DCAT + "mediaType"), Literal(_media_type(path))),
                Triple(dist, _n(DCAT + "byteSize"), _int(path.stat().st_size)),
                Triple(dist, _n(VOID + "triples"), _int(count))]
        if path.name.endswith(".gz"):
            out.append(Triple(dist, _n(DCAT + "compressFormat"), Literal("application/gzip")))
    out += _partitions(ds, triples)
    out += _linksets(ds, quads, mint)
    return out


def _media_type(path: Path) -> str:
    name = path.name[:-3] if path.name.endswith(".gz") else path.name
    return MEDIA_TYPES.get(Path(name).suffix, "application/octet-stream")


def _partitions(ds: NamedNode, triples: Iterable[Triple]) -> list[Triple]:
    classes: Counter = Counter()
    properties: Counter = Counter()
    for t in triples:
        properties[t.predicate.value] += 1
        if t.predicate == A and isinstance(t.object, NamedNode):
            classes[t.object.value] += 1
    out = []
    for n, (cls, count) in enumerate(sorted(classes.items())):
        part = _n(ds.value.replace("#dataset", f"#class-{n}"))
        out += [Triple(ds, _n(VOID + "classPartition"), part), Triple(part, _n(VOID + "class"), _n(cls)),
                Triple(part, _n(VOID + "entities"), _int(count))]
    for n, (prop, count) in enumerate(sorted(properties.items())):
        part = _n(ds.value.replace("#dataset", f"#property-{n}"))
        out += [Triple(ds, _n(VOID + "propertyPartition"), part), Triple(part, _n(VOID + "property"), _n(prop)),
                Triple(part, _n(VOID + "triples"), _int(count))]
    return out


def _linksets(ds: NamedNode, quads: list[Quad], mint: Minter) -> list[Triple]:
    """One void:Linkset per target dataset and link predicate."""
    links = _n(mint.graph("links"))
    counts: Counter = Counter()
    for q in quads:
        if q.graph_name == links:
            target = next((name for name, prefix in TARGETS.items() if q.object.value.startswith(prefix)), None)
            if target is None and "github.com/kanripo/" in q.object.value:
                target = "kanripo"
            counts[(target or "other", q.predicate.value)] += 1
    out = []
    for (target, predicate), count in sorted(counts.items()):
        linkset = _n(ds.value.replace("#dataset", f"#links-{target}-{predicate.rsplit('#', 1)[-1]}"))
        out += [Triple(linkset, A, _n(VOID + "Linkset")), Triple(ds, _n(VOID + "subset"), linkset),
                Triple(linkset, _n(VOID + "subjectsTarget"), ds),
                Triple(linkset, _n(VOID + "objectsTarget"), _n(TARGETS.get(target, "http://example.org/"))),
                Triple(linkset, _n(VOID + "linkPredicate"), _n(predicate)),
                Triple(linkset, _n(VOID + "triples"), _int(count))]
    return out
