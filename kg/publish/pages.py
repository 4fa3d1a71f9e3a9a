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
    # The chapter as the work has it: the canonical passages in order, each
    # with the notes of every edition whose passage reads it (through the
    # alignment), then the editions of the chapter.
    passages = service.select(PREFIXES + f"""SELECT ?passage ?seq ?locator ?citation ?text ?section ?heading WHERE {{
        ?passage dcterms:isPartOf <{iri}> ; a yili:CanonicalPassage ; yili:sequence ?seq ; yili:locator ?locator ;
                 yili:citation ?citation ; yili:readingText ?text ; yili:inSection ?section .
        OPTIONAL {{ ?section yili:heading ?heading }}
        }} ORDER BY ?seq""")
    notes = service.select(PREFIXES + f"""SELECT DISTINCT ?passage ?note ?layer ?witness ?text ?seq WHERE {{
        ?passage dcterms:isPartOf <{iri}> ; a yili:CanonicalPassage .
        {{ ?edition yili:reads ?passage . ?note oa:hasTarget ?edition }} UNION {{ ?note oa:hasTarget ?passage }}
        ?note a yili:Note ; yili:sequence ?seq ; yili:layer/skos:prefLabel ?layer ;
              oa:hasBody ?body . ?body rdf:value ?text ; oa:hasSource/yili:witness ?witness .
        {_zh('?layer')} }} ORDER BY ?witness ?seq""")
    editions = service.select(PREFIXES + f"""SELECT ?doc ?file ?edition ?witness WHERE {{
        ?doc yili:chapter <{iri}> ; yili:sourceFile ?file ; yili:witness ?witness ; yili:edition/dcterms:title ?edition .
        }} ORDER BY ?witness""")
    by_passage = defaultdict(list)
    for note in notes:
        by_passage[note["passage"]].append({"layer": f"{note['layer']} · {note['witness']}", "text": note["text"]})
    rows = []
    for row in passages:
        row["notes"] = by_passage.get(row["passage"], [])
        row["seq"] = row["locator"]
        rows.append(row)
    for this, nxt in zip(rows, rows[1:] + [None]):  # a 右… heading closes its section: after its last passage
        this["closes"] = this.get("heading") if this.get("heading") and (
            nxt is None or nxt.get("section") != this.get("section")) else None
    work = {"iri": iri, "file": "canonical passages (張爾岐《儀禮鄭註句讀》)", "edition": "儀禮", "passages": rows}
    documents = [work] + [{"iri": e["doc"], "file": f"{e['witness']} · {e['file']}", "edition": e["edition"],
                           "passages": []} for e in editions]
    return {"iri": iri, "title": head[0]["title"], "en": head[0]["en"], "documents": documents}


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
        VALUES ?role {{ yili:agent yili:recipient yili:object yili:place yili:facing yili:action }}
        ?event ?role <{iri}> . ?event a yili:RitualEvent ; yili:sequence ?seq ; yili:passage ?passage ;
               yili:action/skos:prefLabel ?action ; yili:evidence ?evidence .
        {_zh('?action')}
        ?evidence oa:hasSelector ?q . ?q oa:exact ?exact .
        ?passage yili:readingText ?text ; yili:citation ?file ; yili:sequence ?order ;
                 dcterms:isPartOf/yili:chapterNumber ?chapter .
        OPTIONAL {{ ?event yili:agent/skos:prefLabel ?agentLabel {_zh('?agentLabel')} }}
        }} GROUP BY ?event ?role ?file ?seq ?action ?exact ?passage ?text ?chapter ?order
        ORDER BY ?chapter ?order ?seq LIMIT {limit + 1}""")
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
