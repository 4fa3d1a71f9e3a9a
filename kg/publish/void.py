"""The dataset description: VoID + DCAT (``dist/void.ttl``), with what a
DCAT-AP catalogue expects.

Title, licence, publisher, version and dates come from
``mappings/dataset.tsv`` (never the clock: two builds of the same input give
the same bytes); the datasets linked to from ``mappings/link_targets.tsv``;
the figures (triples, class and property partitions, link sets, each dump's
size and triple count) and example resources are taken from the graph and
the files just written.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from pyoxigraph import Literal, NamedNode, Triple

from kg.mappings import load_table, split_variants
from kg.rdf.formats import UnknownFormat, format_of
from kg.rdf.io import Dataset
from kg.rdf.iris import Minter

from kg.rdf.namespaces import DCAT, DCT, FILE_TYPE, FOAF, IANA, OWL, RDF, SKOS, VOID, XSD

A = NamedNode(RDF + "type")

# Vocabularies the data may use besides its own; void:vocabulary lists those it does use.
OTHER_VOCABULARIES = ["http://www.w3.org/ns/oa#", SKOS, "http://www.cidoc-crm.org/cidoc-crm/",
                "http://semanticweb.cs.vu.nl/2009/11/sem/", "http://www.w3.org/ns/prov#", "http://purl.org/dc/terms/",
                "http://xmlns.com/foaf/0.1/", OWL, "http://www.w3.org/2000/01/rdf-schema#"]


def _int(n: int) -> Literal:
    return Literal(str(n), datatype=NamedNode(XSD + "integer"))


def _date(value: str) -> Literal:
    return Literal(value, datatype=NamedNode(XSD + "date"))


def _n(iri: str) -> NamedNode:
    return NamedNode(iri)


def describe(dataset: Dataset, dumps: dict[Path, int], mint: Minter,
             stats: "Statistics | None" = None) -> list[Triple]:
    """VoID/DCAT triples for ``dataset`` and the dump files written (path ->
    number of statements in it). The figures are ``stats`` (kg build's
    validator counts them as it reads the graph), or come from one pass over
    the union of the graphs."""
    info = {row["field"]: row["value"] for row in load_table("dataset")}
    ds = _n(mint.base + "void#dataset")
    out = [Triple(ds, A, _n(VOID + "Dataset")), Triple(ds, A, _n(DCAT + "Dataset")),
           Triple(ds, _n(DCT + "title"), Literal(info["title_en"], language="en")),
           Triple(ds, _n(DCT + "title"), Literal(info["title_zh"], language="zh-Hant")),
           Triple(ds, _n(DCT + "description"), Literal(info["description"], language="en")),
           Triple(ds, _n(DCT + "license"), _n(info["license"])),
           Triple(ds, _n(VOID + "sparqlEndpoint"), _n(mint.base + "sparql")),
           Triple(ds, _n(VOID + "uriSpace"), Literal(mint.base + "id/")),
           Triple(ds, _n(FOAF + "homepage"), _n(info["homepage"])),
           Triple(ds, _n(DCAT + "landingPage"), _n(info["homepage"])),
           Triple(ds, _n(DCT + "issued"), _date(info["issued"])),
           Triple(ds, _n(DCT + "modified"), _date(info["modified"])),
           Triple(ds, _n(DCAT + "version"), Literal(info["version"])),
           Triple(ds, _n(OWL + "versionInfo"), Literal(info["version"]))]
    publisher = _n(mint.base + "void#publisher")
    out += [Triple(ds, _n(DCT + "publisher"), publisher), Triple(publisher, A, _n(FOAF + "Organization")),
            Triple(publisher, _n(FOAF + "name"), Literal(info["publisher"]))]
    stats = stats if stats is not None else Statistics(dataset.union(), mint)
    out += [Triple(ds, _n(VOID + "triples"), _int(stats.triples)),
            Triple(ds, _n(VOID + "entities"), _int(stats.entities))]
    used = set(stats.properties) | set(stats.classes)
    for vocabulary in [mint.vocabulary(), *OTHER_VOCABULARIES]:
        if any(iri.startswith(vocabulary) for iri in used):
            out.append(Triple(ds, _n(VOID + "vocabulary"), _n(vocabulary)))
    out += [Triple(ds, _n(VOID + "exampleResource"), example) for example in stats.examples()]
    for path, count in sorted(dumps.items()):
        url = _n(mint.base + "dumps/" + path.name)
        dist = _n(mint.base + "void#dump-" + path.name)
        media_type, file_type = _media_type(path)
        # The file is the access point as well as the download: DCAT-AP
        # requires an accessURL on every distribution, and a direct download
        # repeats its downloadURL there.
        out += [Triple(ds, _n(VOID + "dataDump"), url), Triple(ds, _n(DCAT + "distribution"), dist),
                Triple(dist, A, _n(DCAT + "Distribution")), Triple(dist, _n(DCAT + "downloadURL"), url),
                Triple(dist, _n(DCAT + "accessURL"), url),
                Triple(dist, _n(DCAT + "mediaType"), _n(IANA + media_type)),
                Triple(dist, _n(DCT + "format"), _n(FILE_TYPE + file_type)),
                Triple(dist, _n(DCT + "license"), _n(info["license"])),
                Triple(dist, _n(DCT + "issued"), _date(info["issued"])),
                Triple(dist, _n(DCT + "modified"), _date(info["modified"])),
                Triple(dist, _n(DCAT + "byteSize"), _int(path.stat().st_size)),
                Triple(dist, _n(VOID + "triples"), _int(count))]
        if path.name.endswith(".gz"):
            out.append(Triple(dist, _n(DCAT + "compressFormat"), _n(IANA + "application/gzip")))
    out += _sparql_distribution(ds, mint, info)
    out += _partitions(ds, stats)
    out += _linksets(ds, dataset, mint)
    return out


def _media_type(path: Path) -> tuple[str, str]:
    try:
        fmt = format_of(path)
    except UnknownFormat:
        return "application/octet-stream", "BIN"
    return fmt.media_type, fmt.file_type


def _sparql_distribution(ds: NamedNode, mint: Minter, info: dict[str, str]) -> list[Triple]:
    """The SPARQL endpoint as a DCAT data service and the distribution it
    gives access to (an accessURL with no downloadURL)."""
    endpoint = _n(mint.base + "sparql")
    service = _n(mint.base + "void#sparql-service")
    dist = _n(mint.base + "void#sparql")
    return [Triple(service, A, _n(DCAT + "DataService")), Triple(service, _n(DCAT + "endpointURL"), endpoint),
            Triple(service, _n(DCAT + "servesDataset"), ds),
            Triple(service, _n(DCT + "title"), Literal("SPARQL endpoint", language="en")),
            Triple(ds, _n(DCAT + "distribution"), dist), Triple(dist, A, _n(DCAT + "Distribution")),
            Triple(dist, _n(DCAT + "accessURL"), endpoint), Triple(dist, _n(DCAT + "accessService"), service),
            Triple(dist, _n(DCT + "title"), Literal("SPARQL endpoint", language="en")),
            Triple(dist, _n(DCT + "license"), _n(info["license"]))]


def examples_asked(mint: Minter) -> dict[str, tuple[str, str]]:
    """VoID's example resources, each the least IRI with a (predicate, object):
    the work, the first chapter, ritual event and role term."""
    return {"work": (A.value, mint.vocabulary() + "Work"), "chapter": (A.value, mint.vocabulary() + "Chapter"),
            "event": (A.value, mint.vocabulary() + "RitualEvent"), "role": (SKOS + "inScheme", mint.scheme("role"))}


class Statistics:
    """What VoID says of the triples: triples, entities (named subjects),
    class and property partitions, and a few resources a newcomer can look
    up — the work, the first chapter, ritual event and role term by IRI, so
    that the choice is stable. Counted in one pass over the triples, or
    taken from the figures the validator counted (:meth:`from_figures`)."""

    def __init__(self, triples: list[Triple], mint: Minter):
        self.mint = mint
        self.triples = len(triples)
        self.properties: Counter = Counter()
        self.classes: Counter = Counter()
        entities: set[str] = set()
        self.firsts: dict[str, str] = {}
        kinds = {mint.vocabulary() + "Chapter": "chapter", mint.vocabulary() + "RitualEvent": "event"}
        in_scheme, role = SKOS + "inScheme", mint.scheme("role")
        for t in triples:
            predicate = t.predicate.value
            self.properties[predicate] += 1
            subject = t.subject
            named = isinstance(subject, NamedNode)
            if named:
                entities.add(subject.value)
            kind = None
            if predicate == A.value:
                if isinstance(t.object, NamedNode):
                    self.classes[t.object.value] += 1
                kind = kinds.get(t.object.value)
            elif predicate == in_scheme and t.object.value == role:
                kind = "role"
            if kind and named and subject.value < self.firsts.get(kind, "\U0010ffff"):
                self.firsts[kind] = subject.value
        self.entities = len(entities)
        if mint.work() in entities:
            self.firsts["work"] = mint.work()

    @classmethod
    def from_figures(cls, figures: dict, mint: Minter, moved: tuple[str, str] | None = None) -> "Statistics":
        """The statistics of :class:`kg.shaclcore.Census` figures, counted on
        the graph under the default base with :func:`examples_asked`;
        ``moved``: (that base, the base the data is published at)."""
        def move(iri: str) -> str:
            return moved[1] + iri[len(moved[0]):] if moved and iri.startswith(moved[0]) else iri

        stats = cls.__new__(cls)
        stats.mint, stats.triples, stats.entities = mint, figures["triples"], figures["entities"]
        stats.properties = Counter({move(p): n for p, n in figures["properties"].items()})
        stats.classes = Counter({move(c): n for c, n in figures["classes"].items()})
        least = figures["least"]
        stats.firsts = {kind: move(least[f"{p} {o}"]) for kind, (p, o) in examples_asked(Minter()).items()
                        if f"{p} {o}" in least}
        return stats

    def examples(self) -> list[NamedNode]:
        return [_n(self.firsts[k]) for k in ("work", "chapter", "event", "role") if k in self.firsts]


def _partitions(ds: NamedNode, stats: Statistics) -> list[Triple]:
    out = []
    for n, (cls, count) in enumerate(sorted(stats.classes.items())):
        part = _n(ds.value.replace("#dataset", f"#class-{n}"))
        out += [Triple(ds, _n(VOID + "classPartition"), part), Triple(part, _n(VOID + "class"), _n(cls)),
                Triple(part, _n(VOID + "entities"), _int(count))]
    for n, (prop, count) in enumerate(sorted(stats.properties.items())):
        part = _n(ds.value.replace("#dataset", f"#property-{n}"))
        out += [Triple(ds, _n(VOID + "propertyPartition"), part), Triple(part, _n(VOID + "property"), _n(prop)),
                Triple(part, _n(VOID + "triples"), _int(count))]
    return out


def _linksets(ds: NamedNode, dataset: Dataset, mint: Minter) -> list[Triple]:
    """One void:Linkset per target dataset and link predicate. A linkset's
    objectsTarget is a void:Dataset (VoID: a linkset links two datasets),
    described here with its home page, not the home page itself."""
    links = _n(mint.graph("links"))
    targets = {row["key"]: row for row in load_table("link_targets")}
    spaces = [(prefix, key) for key, row in targets.items() for prefix in split_variants(row["uri_space"])]
    counts: Counter = Counter()
    for q in dataset.graphs.get(links, ()):
        target = next((key for prefix, key in spaces if q.object.value.startswith(prefix)), None)
        if target is None:
            raise ValueError(f"links.tsv: {q.object.value} is in none of the datasets of link_targets.tsv")
        counts[(target, q.predicate.value)] += 1
    out = []
    # every dataset of the table is described, linked to yet or not, so
    # that a catalogue sees the same neighbours whatever links are accepted
    for key in sorted(targets):
        row, node = targets[key], _target(ds, key)
        out += [Triple(node, A, _n(VOID + "Dataset")), Triple(node, _n(DCT + "title"), Literal(row["title"])),
                Triple(node, _n(FOAF + "homepage"), _n(row["homepage"]))]
        out += [Triple(node, _n(VOID + "uriSpace"), Literal(prefix)) for prefix in split_variants(row["uri_space"])]
    for (target, predicate), count in sorted(counts.items()):
        linkset = _n(ds.value.replace("#dataset", f"#links-{target}-{predicate.rsplit('#', 1)[-1]}"))
        out += [Triple(linkset, A, _n(VOID + "Linkset")), Triple(ds, _n(VOID + "subset"), linkset),
                Triple(linkset, _n(VOID + "subjectsTarget"), ds),
                Triple(linkset, _n(VOID + "objectsTarget"), _target(ds, target)),
                Triple(linkset, _n(VOID + "linkPredicate"), _n(predicate)),
                Triple(linkset, _n(VOID + "triples"), _int(count))]
    return out


def _target(ds: NamedNode, key: str) -> NamedNode:
    return _n(ds.value.replace("#dataset", f"#dataset-{key}"))
