"""What the HTML pages show, read from the store with SPARQL."""
from __future__ import annotations


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


def prefixes(base: str) -> str:
    """PREFIXES for a dataset minted under ``base`` (its ontology moves with it)."""
    return PREFIXES.replace("http://localhost:8000/", base)


def with_parts(iri: str) -> str:
    """A VALUES list of ``iri`` and its hash parts, for describing it."""
    return "VALUES ?s { " + " ".join([f"<{iri}>", *(f"<{iri}#{part}>" for part in PARTS)]) + " }"


def _zh(var: str) -> str:
    return f'FILTER(langMatches(lang({var}), "zh-Hant"))'


def home(room) -> dict:
    """The counts and chapters, from the room (no query: the home page is what
    load balancers and `kg abuse` poll)."""
    notes = {n["iri"] for p in room.passages.values() for n in p.notes}
    counts = {"events": f"{len(room.events):,}", "passages": f"{len(room.passages):,}", "notes": f"{len(notes):,}"}
    chapters = [{"chapter": c.iri, "title": c.title, "en": c.en, "sections": len(c.sections),
                 "documents": len({r["witness"] for s in c.sections for p in s.passages for r in p.readings})}
                for c in sorted(room.chapters.values(), key=lambda c: c.number)]
    return {"counts": counts, "chapters": chapters}


def segments(passage, hl: tuple[int, int] | None = None) -> list[tuple[str, str, bool, str]]:
    """The passage's text cut where what covers it changes: the events whose
    words these are, a search hit ``hl`` (start, end), the editions that read
    other characters here. (text, "1 3", in the hit, "儀禮集釋: 荅") tuples, so
    that hovering an event lights its words and a variant shows its readings."""
    cover = [[] for _ in passage.text]
    for event in passage.events:
        for at in range(max(event.start, 0), max(event.end, 0)):
            cover[at].append(str(event.seq))
    variants = [[] for _ in passage.text]
    for variant in passage.variants:
        for at in range(variant["start"], min(variant["end"], len(passage.text))):
            variants[at].append(f"{variant['edition']}: {variant['reading']}")
    out: list[tuple[str, str, bool, str]] = []
    for at, char in enumerate(passage.text):
        key, hit = " ".join(cover[at]), bool(hl) and hl[0] <= at < hl[1]
        title = "; ".join(variants[at])
        if out and out[-1][1:] == (key, hit, title):
            out[-1] = (out[-1][0] + char, key, hit, title)
        else:
            out.append((char, key, hit, title))
    return out


def highlight(value: str) -> tuple[int, int] | None:
    """``hl=START-END`` of a search result link, or None if absent or malformed."""
    start, _, end = value.partition("-")
    return (int(start), int(end)) if start.isdigit() and end.isdigit() else None


def chapter(room, iri: str) -> dict | None:
    found = room.chapters.get(iri)
    if found is None:
        return None
    chapters = sorted(room.chapters.values(), key=lambda c: c.number)
    at = chapters.index(found)
    return {"iri": iri, "chapter": found, "title": found.title, "en": found.en,
            "prev": chapters[at - 1] if at else None, "next": chapters[at + 1] if at + 1 < len(chapters) else None}


def passage(room, iri: str, hl: str = "", note: str = "") -> dict | None:
    found = room.passages.get(iri)
    if found is None:
        return None
    span = highlight(hl)
    return {"iri": iri, "p": found, "hl": None if note else span, "hl_note": note, "note_hl": span if note else None, "section": room.sections.get(found.section),
            "chapter": room.chapters[found.chapter]}


def section(room, iri: str, local) -> dict | None:
    from kg.publish import diagrams

    found = room.sections.get(iri)
    if found is None or found.chapter not in room.chapters:
        return None
    chapter = room.chapters[found.chapter]
    at = chapter.sections.index(found) if found in chapter.sections else -1
    return {"iri": iri, "s": found, "chapter": chapter,
            "prev": chapter.sections[at - 1] if at > 0 else None,
            "next": chapter.sections[at + 1] if 0 <= at < len(chapter.sections) - 1 else None,
            "floorplan": diagrams.floorplan(room, found, local), "swimlane": diagrams.swimlane(room, found, local)}


def event(room, iri: str) -> dict | None:
    found = room.events.get(iri)
    if found is None:
        return None
    return {"iri": iri, "e": found, "p": room.passages[found.passage]}


PAGE_SIZE = 50


def term(service: SparqlService, room, iri: str, base: str, page: int = 1, chapter: int | None = None) -> dict | None:
    head = prefixes(base)
    labels = service.select(head + f"""SELECT ?label (LANG(?label) AS ?lang)
        WHERE {{ <{iri}> skos:prefLabel ?label }}""")
    if not labels:
        return None
    by_lang = {row["lang"].lower(): row["label"] for row in labels}
    extra = service.select(head + f"""SELECT ?p ?o WHERE {{ <{iri}> ?p ?o
        VALUES ?p {{ skos:definition skos:altLabel yili:sameFunctionAs yili:relativeTo yili:direction skos:editorialNote }} }}""")
    steps = service.select(head + f"""SELECT ?class ?parent WHERE {{ <{iri}> rdfs:subClassOf* ?class .
        ?class rdfs:subClassOf ?parent }}""")
    parent_of = {row["class"]: row["parent"] for row in steps}
    supers, node = [], iri
    while node in parent_of and len(supers) < 20:  # walk up: 司射 ⊑ 射官 ⊑ 有司 ⊑ 禮中人物
        node = parent_of[node]
        supers.append(node)
    subs = service.select(head + f"""SELECT ?term WHERE {{ ?term rdfs:subClassOf <{iri}> }}""")
    related = service.select(head + f"""SELECT ?term WHERE {{
        {{ <{iri}> yili:sameFunctionAs ?term }} UNION {{ ?term yili:sameFunctionAs <{iri}> }} }}""")
    every = room.term_events(iri)
    chapters = sorted({room.chapters[room.passages[e.passage].chapter] for e in every}, key=lambda c: c.number)
    shown = room.term_events(iri, chapter)
    pages = max(1, -(-len(shown) // PAGE_SIZE))
    page = min(max(page, 1), pages)
    return {"iri": iri, "kind": room.kind(iri), "labels": by_lang, "extra": extra, "supers": supers,
            "subs": sorted((r["term"] for r in subs), key=room.label),
            "related": [r["term"] for r in related], "events": shown[(page - 1) * PAGE_SIZE:page * PAGE_SIZE],
            "total": len(every), "count": len(shown), "page": page, "pages": pages, "chapters": chapters,
            "chapter": chapter}


def resource(service: SparqlService, iri: str, base: str) -> dict | None:
    """Any IRI the project mints: its statements (and those of its #parts)."""
    head = prefixes(base)
    rows = service.select(head + f"""SELECT ?s ?p ?o WHERE {{ {with_parts(iri)} ?s ?p ?o }} ORDER BY ?s ?p""")
    if not rows:
        return None
    incoming = service.select(head + f"""SELECT ?s ?p WHERE {{ ?s ?p <{iri}> }} ORDER BY ?p ?s LIMIT 200""")
    text = next((r["o"] for r in rows if r["s"] == iri and r["p"].endswith(("#readingText", "#value"))), None)
    notes = service.select(head + f"""SELECT ?layer ?text WHERE {{ ?note oa:hasTarget <{iri}> ;
        yili:sequence ?seq ; yili:layer/skos:prefLabel ?layer ; oa:hasBody/rdf:value ?text . {_zh('?layer')} }}
        ORDER BY ?seq""")
    return {"iri": iri, "rows": rows, "incoming": incoming, "text": text, "notes": notes}
