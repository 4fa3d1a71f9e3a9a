"""The ontology and the VoID description as pages for people.

``…/ontology#action`` is a hash IRI: a browser asks for ``/ontology`` and
scrolls to ``#action``, so the page gives every class and property an
anchor of its local name. Class counts come from the VoID class partitions
the build wrote (no query over the whole graph at start)."""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from kg.rdf.namespaces import OWL, RDF, RDFS, VOID


def _graph(*paths: Path) -> dict[str, dict[str, list]]:
    """subject -> predicate -> objects (pyoxigraph terms) of Turtle files."""
    from pyoxigraph import RdfFormat, parse

    out: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    for path in paths:
        for quad in parse(path=str(path), format=RdfFormat.TURTLE):
            out[quad.subject.value][quad.predicate.value].append(quad.object)
    return out


def _langs(values) -> dict[str, str]:
    return {(v.language or "en").lower(): v.value for v in values if hasattr(v, "language")}


def ontology(paths: list[Path], void: Path, base: str, term_counts: dict[str, int] | None = None) -> dict:
    from kg.rdf.graph import Y  # the namespace the ontology source is written in

    graph, counts = _graph(*paths), class_counts(void)
    ns = base + "ontology#"

    def here(iri: str) -> str:
        return ns + iri[len(Y):] if iri.startswith(Y) else iri

    terms = []
    for subject, props in graph.items():
        if not subject.startswith(Y) or len(subject) == len(Y):
            continue
        types = {t.value for t in props.get(RDF + "type", [])}
        kind = "class" if OWL + "Class" in types or RDFS + "Class" in types else (
            "property" if any(t.endswith("Property") for t in types) else "other")
        terms.append({
            "iri": here(subject), "name": subject[len(Y):], "kind": kind,
            "labels": _langs(props.get(RDFS + "label", [])), "comment": _langs(props.get(RDFS + "comment", [])),
            "parents": [here(p.value) for p in props.get(RDFS + "subClassOf", []) + props.get(RDFS + "subPropertyOf", [])
                        if hasattr(p, "value") and p.value.startswith("http")],
            "domain": [here(d.value) for d in props.get(RDFS + "domain", []) if d.value.startswith("http")],
            "range": [here(r.value) for r in props.get(RDFS + "range", []) if r.value.startswith("http")],
            "types": sorted(t.rsplit("#", 1)[-1] for t in types), "count": counts.get(here(subject))})
    for term in terms:  # Role, Place …: their members are the terms of the vocabulary, not instances
        term["terms"] = (term_counts or {}).get(term["iri"], 0)
    terms.sort(key=lambda t: t["name"].lower())
    by_iri = {t["iri"]: t for t in terms}
    children = defaultdict(list)
    for term in terms:
        if term["kind"] == "class":
            local = [p for p in term["parents"] if p in by_iri]
            children[local[0] if local else None].append(term)
    # the reasons for review (yili:AgentNotWritten …) and other named individuals
    return {"classes": children, "properties": [t for t in terms if t["kind"] == "property"], "by_iri": by_iri,
            "individuals": [t for t in terms if t["kind"] == "other"], "ns": ns}


def class_counts(void: Path) -> dict[str, int]:
    if not void.is_file():
        return {}
    graph = _graph(void)
    return {props[VOID + "class"][0].value: int(props[VOID + "entities"][0].value)
            for props in graph.values() if VOID + "class" in props and VOID + "entities" in props}


def void_page(void: Path) -> dict:
    """The VoID/DCAT description: the dataset, its dumps, partitions and link sets."""
    graph = _graph(void)

    def values(subject: str, prop: str) -> list[str]:
        return [v.value for v in graph.get(subject, {}).get(prop, [])]

    def one(subject: str, prop: str) -> str:
        found = values(subject, prop)
        return found[0] if found else ""

    dataset = next((s for s, p in graph.items() if VOID + "sparqlEndpoint" in p), None)
    if dataset is None:
        return {}
    dcat, dct = "http://www.w3.org/ns/dcat#", "http://purl.org/dc/terms/"
    dumps = [{"url": one(d, dcat + "downloadURL"), "media": one(d, dcat + "mediaType").rsplit("/media-types/", 1)[-1],
              "bytes": one(d, dcat + "byteSize"), "triples": one(d, VOID + "triples")}
             for d in values(dataset, dcat + "distribution") if one(d, dcat + "downloadURL")]
    classes = sorted(((one(p, VOID + "class"), int(one(p, VOID + "entities") or 0))
                      for p in values(dataset, VOID + "classPartition")), key=lambda c: -c[1])
    properties = sorted(((one(p, VOID + "property"), int(one(p, VOID + "triples") or 0))
                         for p in values(dataset, VOID + "propertyPartition")), key=lambda c: -c[1])
    linksets = [{"iri": s, "target": one(one(s, VOID + "objectsTarget"), dct + "title") or one(s, VOID + "objectsTarget"),
                 "triples": one(s, VOID + "triples"), "predicate": one(s, VOID + "linkPredicate")}
                for s, p in graph.items() if any(t.value == VOID + "Linkset" for t in p.get(RDF + "type", []))]
    titles = _langs(graph[dataset].get(dct + "title", []))
    return {"dataset": dataset, "titles": titles, "description": one(dataset, dct + "description"),
            "license": one(dataset, dct + "license"), "endpoint": one(dataset, VOID + "sparqlEndpoint"),
            "version": one(dataset, dcat + "version"), "modified": one(dataset, dct + "modified"),
            "triples": one(dataset, VOID + "triples"), "entities": one(dataset, VOID + "entities"),
            "examples": values(dataset, VOID + "exampleResource"), "dumps": dumps, "classes": classes,
            "properties": properties, "linksets": linksets}
