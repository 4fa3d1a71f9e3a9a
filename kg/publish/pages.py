"""What the HTML pages show, read from the store with SPARQL."""
from __future__ import annotations

from collections import defaultdict

from kg.publish.sparql import SparqlService

PREFIXES = """PREFIX yili: <http://localhost:8000/ontology#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX oa: <http://www.w3.org/ns/oa#>
PREFIX dcterms: <http://purl.org/dc/terms/>
"""
TERM_KINDS = ("role", "object", "place", "facing", "action")
# The hash IRIs that come with a passage, note or event (selectors, body, evidence).
PARTS = ("position", "quote", "body", "body-position", "body-quote", "text", "text-position", "text-quote")


def with_parts(iri: str) -> str:
    """A VALUES list of ``iri`` and its hash parts, for describing it."""
    return "VALUES ?s { " + " ".join([f"<{iri}>", *(f"<{iri}#{part}>" for part in PARTS)]) + " }"


def _zh(var: str) -> str:
    return f'FILTER(langMatches(lang({var}), "zh-Hant"))'


def home(service: SparqlService) -> dict:
    counts = service.select(PREFIXES + """SELECT
        (COUNT(DISTINCT ?e) AS ?events) (COUNT(DISTINCT ?p) AS ?passages) (COUNT(DISTINCT ?n) AS ?notes)
        WHERE { { ?e a yili:RitualEvent } UNION { ?p a yili:Passage } UNION { ?n a yili:Note } }""")[0]
    chapters = service.select(PREFIXES + f"""SELECT ?chapter ?number ?title ?en (COUNT(DISTINCT ?doc) AS ?documents)
        WHERE {{ ?chapter a yili:Chapter ; yili:chapterNumber ?number ; dcterms:title ?title , ?en .
                 {_zh('?title')} FILTER(langMatches(lang(?en), "en"))
                 OPTIONAL {{ ?doc yili:chapter ?chapter }} }}
        GROUP BY ?chapter ?number ?title ?en ORDER BY xsd:integer(?number)""".replace(
        "xsd:integer", "<http://www.w3.org/2001/XMLSchema#integer>"))
    return {"counts": counts, "chapters": chapters}


def chapter(service: SparqlService, iri: str) -> dict | None:
    head = service.select(PREFIXES + f"""SELECT ?title ?en WHERE {{ <{iri}> a yili:Chapter ; dcterms:title ?title , ?en .
        {_zh('?title')} FILTER(langMatches(lang(?en), "en")) }}""")
    if not head:
        return None
    passages = service.select(PREFIXES + f"""SELECT ?doc ?file ?edition ?passage ?seq ?text ?section ?heading WHERE {{
        ?doc yili:chapter <{iri}> ; yili:sourceFile ?file ; yili:edition/dcterms:title ?edition .
        ?passage oa:hasSource ?doc ; a yili:Passage ; yili:sequence ?seq ; yili:readingText ?text .
        OPTIONAL {{ ?passage yili:inSection ?section . ?section rdfs:label ?heading }}
        }} ORDER BY ?file ?seq""")
    notes = service.select(PREFIXES + f"""SELECT ?passage ?layer ?text ?seq WHERE {{
        ?passage oa:hasSource/yili:chapter <{iri}> ; a yili:Passage .
        ?note oa:hasTarget ?passage ; yili:sequence ?seq ; yili:layer/skos:prefLabel ?layer ; oa:hasBody/rdf:value ?text .
        {_zh('?layer')} }} ORDER BY ?seq""")
    by_passage = defaultdict(list)
    for note in notes:
        by_passage[note["passage"]].append(note)
    documents: dict[str, dict] = {}
    for row in passages:
        doc = documents.setdefault(row["doc"], {"iri": row["doc"], "file": row["file"], "edition": row["edition"],
                                                "passages": []})
        row["notes"] = by_passage.get(row["passage"], [])
        doc["passages"].append(row)
    for doc in documents.values():  # a 右… heading closes the section: show it after its last passage
        for this, nxt in zip(doc["passages"], doc["passages"][1:] + [None]):
            this["closes"] = this.get("heading") if this.get("section") and (
                nxt is None or nxt.get("section") != this.get("section")) else None
    return {"iri": iri, "title": head[0]["title"], "en": head[0]["en"], "documents": list(documents.values())}


def term(service: SparqlService, iri: str, limit: int = 300) -> dict | None:
    labels = service.select(PREFIXES + f"""SELECT ?label (LANG(?label) AS ?lang) WHERE {{
        <{iri}> skos:prefLabel ?label }}""")
    if not labels:
        return None
    by_lang = {row["lang"].lower(): row["label"] for row in labels}
    extra = service.select(PREFIXES + f"""SELECT ?p ?o WHERE {{ <{iri}> ?p ?o
        VALUES ?p {{ skos:definition skos:altLabel yili:sameFunctionAs yili:relativeTo yili:direction skos:editorialNote }} }}""")
    steps = service.select(PREFIXES + f"""SELECT ?class ?parent ?label WHERE {{ <{iri}> rdfs:subClassOf* ?class .
        ?class rdfs:subClassOf ?parent . OPTIONAL {{ ?parent skos:prefLabel ?label {_zh('?label')} }} }}""")
    parent_of = {row["class"]: row for row in steps}
    supers, node = [], iri
    while node in parent_of and len(supers) < 20:  # walk up: 司射 ⊑ 射官 ⊑ 有司 ⊑ 禮中人物
        row = parent_of[node]
        supers.append({"class": row["parent"], "label": row.get("label")})
        node = row["parent"]
    subs = service.select(PREFIXES + f"""SELECT ?term ?label WHERE {{ ?term rdfs:subClassOf <{iri}> ;
        skos:prefLabel ?label {_zh('?label')} }} ORDER BY ?label""")
    related = service.select(PREFIXES + f"""SELECT ?term ?label WHERE {{
        {{ <{iri}> yili:sameFunctionAs ?term }} UNION {{ ?term yili:sameFunctionAs <{iri}> }}
        ?term skos:prefLabel ?label {_zh('?label')} }}""")
    events = service.select(PREFIXES + f"""SELECT ?event ?role ?file ?seq ?action ?exact ?passage ?text
        (GROUP_CONCAT(DISTINCT ?agentLabel; separator="、") AS ?agents) WHERE {{
        ?event ?role <{iri}> ; a yili:RitualEvent ; yili:sequence ?seq ; yili:passage ?passage ;
               yili:action/skos:prefLabel ?action ; yili:evidence ?evidence .
        {_zh('?action')}
        ?evidence oa:hasSource/yili:sourceFile ?file ; oa:hasSelector ?q . ?q oa:exact ?exact .
        ?passage yili:readingText ?text .
        OPTIONAL {{ ?event yili:agent/skos:prefLabel ?agentLabel {_zh('?agentLabel')} }}
        }} GROUP BY ?event ?role ?file ?seq ?action ?exact ?passage ?text ORDER BY ?file ?seq LIMIT {limit + 1}""")
    kind = iri.rstrip("/").split("/")[-2]
    return {"iri": iri, "kind": kind, "labels": by_lang, "extra": extra, "supers": supers, "subs": subs,
            "related": related, "events": events[:limit], "more": len(events) > limit}


def resource(service: SparqlService, iri: str) -> dict | None:
    """Any IRI the project mints: its statements (and those of its #parts)."""
    rows = service.select(PREFIXES + f"""SELECT ?s ?p ?o WHERE {{ {with_parts(iri)} ?s ?p ?o }} ORDER BY ?s ?p""")
    if not rows:
        return None
    incoming = service.select(PREFIXES + f"""SELECT ?s ?p WHERE {{ ?s ?p <{iri}> }} ORDER BY ?p ?s LIMIT 200""")
    text = next((r["o"] for r in rows if r["s"] == iri and r["p"].endswith(("#readingText", "#value"))), None)
    notes = service.select(PREFIXES + f"""SELECT ?layer ?text WHERE {{ ?note oa:hasTarget <{iri}> ;
        yili:sequence ?seq ; yili:layer/skos:prefLabel ?layer ; oa:hasBody/rdf:value ?text . {_zh('?layer')} }}
        ORDER BY ?seq""")
    return {"iri": iri, "rows": rows, "incoming": incoming, "text": text, "notes": notes}
