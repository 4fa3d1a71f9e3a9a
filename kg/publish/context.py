"""The JSON-LD ``@context`` of the dataset, and compaction with it.

One context, published at ``<base>ns/context.jsonld`` (a stable IRI the
dumps can name) and inlined in every ``/data/….jsonld`` answer, so that a
client needs to fetch nothing to read one. Compaction is done here, not by a
general JSON-LD processor: the graph uses a small fixed vocabulary, and each
value is written in a form whose expansion under this context is exactly the
triple it came from (checked by parsing it back in the tests); a predicate or
value the context has no term for is written out in full.
"""
from __future__ import annotations

from collections import defaultdict

from kg.rdf.namespaces import REUSED_PREFIXES as PREFIXES, XSD
# term: (prefixed name, kind) — "@id" for links, a datatype, or "@language" for a map of labels.
TERMS = {
    "action": ("yili:action", "@id"), "agent": ("yili:agent", "@id"), "object": ("yili:object", "@id"),
    "place": ("yili:place", "@id"), "facing": ("yili:facing", "@id"), "recipient": ("yili:recipient", "@id"),
    "passage": ("yili:passage", "@id"), "inSection": ("yili:inSection", "@id"), "evidence": ("yili:evidence", "@id"),
    "attestedBy": ("yili:attestedBy", "@id"), "attests": ("yili:attests", "@id"), "reads": ("yili:reads", "@id"),
    "layer": ("yili:layer", "@id"), "chapter": ("yili:chapter", "@id"), "edition": ("yili:edition", "@id"),
    "referenceReading": ("yili:referenceReading", "@id"), "sameFunctionAs": ("yili:sameFunctionAs", "@id"),
    "hasTarget": ("oa:hasTarget", "@id"), "hasBody": ("oa:hasBody", "@id"), "hasSource": ("oa:hasSource", "@id"),
    "hasSelector": ("oa:hasSelector", "@id"), "motivatedBy": ("oa:motivatedBy", "@id"),
    "isPartOf": ("dcterms:isPartOf", "@id"), "creator": ("dcterms:creator", "@id"),
    "subClassOf": ("rdfs:subClassOf", "@id"), "broader": ("skos:broader", "@id"),
    "inScheme": ("skos:inScheme", "@id"),
    "sequence": ("yili:sequence", XSD + "integer"), "start": ("oa:start", XSD + "integer"),
    "end": ("oa:end", XSD + "integer"), "negated": ("yili:negated", XSD + "boolean"),
    "chapterNumber": ("yili:chapterNumber", XSD + "integer"),
    "locator": ("yili:locator", XSD + "string"), "exact": ("oa:exact", XSD + "string"),
    "witness": ("yili:witness", XSD + "string"), "sourceFile": ("yili:sourceFile", XSD + "string"),
    "prefLabel": ("skos:prefLabel", "@language"), "altLabel": ("skos:altLabel", "@language"),
    "label": ("rdfs:label", "@language"), "title": ("dcterms:title", "@language"),
    "citation": ("yili:citation", "@language"), "readingText": ("yili:readingText", "@language"),
    "normalisedText": ("yili:normalisedText", "@language"), "heading": ("yili:heading", "@language"),
    "value": ("rdf:value", "@language"), "definition": ("skos:definition", "@language"),
}


def _expand(name: str, base: str) -> str:
    prefix, local = name.split(":", 1)
    return (base + "ontology#" if prefix == "yili" else PREFIXES[prefix]) + local


def context(base: str) -> dict:
    """The ``@context`` object for a dataset minted under ``base``."""
    out: dict = {"id": "@id", "type": "@type", "graph": "@graph", "yili": base + "ontology#", "kg": base + "id/"}
    out.update(PREFIXES)
    for term, (name, kind) in TERMS.items():
        out[term] = {"@id": name, "@container": "@language"} if kind == "@language" else {"@id": name, "@type": kind}
    return out


def document(base: str) -> dict:
    return {"@context": context(base)}


def compact(triples, base: str) -> dict:
    """A compacted JSON-LD document of pyoxigraph ``triples`` (subjects IRIs or blank nodes)."""
    from pyoxigraph import BlankNode, Literal, NamedNode

    terms = {_expand(name, base): (term, kind) for term, (name, kind) in TERMS.items()}
    prefixes = sorted([(base + "id/", "kg"), (base + "ontology#", "yili"), *((v, k) for k, v in PREFIXES.items())],
                      key=lambda pair: -len(pair[0]))

    def short(iri: str) -> str:
        # A compact IRI only where the rest cannot be read as an IRI of its own ("//", a scheme).
        for namespace, prefix in prefixes:
            if iri.startswith(namespace) and not iri[len(namespace):].startswith("//"):
                return f"{prefix}:{iri[len(namespace):]}"
        return iri

    def node(term) -> str:
        return f"_:{term.value}" if isinstance(term, BlankNode) else short(term.value)

    nodes: dict[str, dict] = {}
    for triple in triples:
        subject = node(triple.subject)
        entry = nodes.setdefault(subject, {"id": subject})
        predicate, value = triple.predicate.value, triple.object
        if predicate == PREFIXES["rdf"] + "type" and isinstance(value, NamedNode):
            entry.setdefault("type", []).append(short(value.value))
            continue
        term, kind = terms.get(predicate, (None, None))
        if isinstance(value, (NamedNode, BlankNode)):
            if kind == "@id":
                entry.setdefault(term, []).append(node(value))
            else:
                entry.setdefault(short(predicate), []).append({"@id": node(value)})
        elif isinstance(value, Literal):
            if kind == "@language" and value.language:
                labels = entry.setdefault(term, defaultdict(list))
                labels[value.language].append(value.value)
            elif kind and kind not in ("@id", "@language") and not value.language and value.datatype.value == kind:
                entry.setdefault(term, []).append(value.value)
            else:
                full = {"@value": value.value}
                if value.language:
                    full["@language"] = value.language
                elif value.datatype.value != XSD + "string":
                    full["@type"] = value.datatype.value
                entry.setdefault(short(predicate), []).append(full)
    graph = []
    for entry in nodes.values():
        for key, values in entry.items():
            if isinstance(values, defaultdict):
                entry[key] = {lang: v[0] if len(v) == 1 else v for lang, v in sorted(values.items())}
            elif isinstance(values, list) and len(values) == 1:
                entry[key] = values[0]
        graph.append(entry)
    return {"@context": context(base), "graph": sorted(graph, key=lambda e: e["id"])}
