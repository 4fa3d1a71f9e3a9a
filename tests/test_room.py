"""The reading room on a real ``kg serve`` of 鄉射禮 (four editions): events
on chapter and passage pages with labels, search, term pages paged and
filtered, diagrams, language tags as users write them, compact JSON-LD."""
from __future__ import annotations

import re
import time
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from urllib.parse import quote

import pytest
import requests
from pyoxigraph import RdfFormat, parse

from kg.publish.langtags import rewrite
from tests.test_server import ARTIFACTS, browser, start_server  # noqa: F401  (browser: the fixture, shared)

SISHE = "/page/role/" + quote("司射")
PREFIX = "PREFIX skos: <http://www.w3.org/2004/02/skos/core#>\n"


# One worker runs this module: its server and store are made once (pytest-xdist
# --dist loadgroup), not once per worker.
pytestmark = pytest.mark.xdist_group("test_room")


@pytest.fixture(scope="module")
def server(built_small, tmp_path_factory):
    store = tmp_path_factory.mktemp("room-store") / "store"
    with start_server(built_small, store, "--timeout", "5") as (url, _):
        yield url


class Links(HTMLParser):
    """Every <a>'s href and text."""

    def __init__(self):
        super().__init__()
        self.links, self._open = [], None

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self._open = [dict(attrs).get("href", ""), ""]

    def handle_data(self, data):
        if self._open is not None:
            self._open[1] += data

    def handle_endtag(self, tag):
        if tag == "a" and self._open is not None:
            self.links.append((self._open[0], self._open[1].strip()))
            self._open = None


def links(html: str) -> list[tuple[str, str]]:
    parser = Links()
    parser.feed(html)
    return parser.links


def sparql(server, query):
    response = requests.get(server + "/sparql", params={"query": query}, headers={"Accept": "application/json"})
    assert response.status_code == 200, response.text
    return response.json()["results"]["bindings"]


def test_passage_page_shows_its_events_with_labels_and_every_edition(server):
    page = requests.get(server + "/id/passage/5.1.2", headers={"Accept": "text/html"})
    assert page.status_code == 200
    # What the graph says of this passage's events, asked through SPARQL …
    rows = sparql(server, PREFIX + """PREFIX yili: <http://localhost:8000/ontology#>
        SELECT ?seq ?agent ?action WHERE { ?e yili:passage <http://localhost:8000/id/passage/5.1.2> ;
        yili:sequence ?seq ; yili:agent/skos:prefLabel ?agent ; yili:action/skos:prefLabel ?action .
        FILTER(lang(?agent) = "zh-Hant" && lang(?action) = "zh-Hant") } ORDER BY ?seq""")
    assert len(rows) >= 5
    # … is on the page, one readable line an event, each term a link with its label.
    lines = re.findall(r'<li class="event" data-e="(\d+)".*?</li>', page.text, re.S)
    assert len(lines) == len({r["seq"]["value"] for r in rows})
    anchors = links(page.text)
    for row in rows:
        for term, kind in ((row["agent"]["value"], "role"), (row["action"]["value"], "action")):
            assert (f"/id/{kind}/{quote(term)}", term) in anchors or (f"/id/{kind}/{term}", term) in anchors
    assert not [text for _, text in anchors if text.startswith(("http", "/id/"))]  # no bare IRI as a label
    # Every edition that reads the passage, by its name, and the 鄭注 after it.
    assert "edition reading" in page.text and "儀禮鄭氏注" in page.text and "鄭注" in page.text
    assert re.search(r'rel="next" href="/id/passage/5\.1\.3"', page.text)
    # The data about the passage, named for clients that read the page.
    for media in ("text/turtle", "application/ld+json"):
        href = re.search(rf'<link rel="alternate" type="{re.escape(media)}" href="([^"]+)">', page.text).group(1)
        assert requests.get(server + href).headers["Content-Type"].startswith(media)


def test_chapter_page_has_contents_events_and_each_note_once(server):
    page = requests.get(server + "/page/chapter/5")
    assert page.status_code == 200
    toc = re.search(r'<nav id="toc">(.*?)</nav>', page.text, re.S).group(1)
    sections = re.findall(r'href="#s([\d.]+)"', toc)
    assert len(sections) > 20 and all(f'id="s{s}"' in page.text for s in sections)
    assert page.text.count('class="event"') > 500
    assert not [text for _, text in links(page.text) if text.startswith(("http", "/id/"))]
    # A note on two passages (a 疏 quoting both) is printed once, marked with both.
    notes = re.findall(r'<div class="note" data-note="([^"]+)" data-covers="([^"]+)"', page.text)
    spanning = [note for note, covers in notes if " " in covers]
    assert spanning, "no note covers two passages in 鄉射禮"
    assert len(notes) > 500 and len(notes) == len(set(note for note, _ in notes))


def test_search_simplified_finds_traditional_with_hit_and_json(server):
    found = requests.get(server + "/search.json", params={"q": "觯"}).json()
    assert found["normalised"] == "觶" and found["total"] >= 10
    kinds = {hit["kind"] for hit in found["results"]}
    assert {"passage", "note", "term"} <= kinds
    passage = next(hit for hit in found["results"] if hit["kind"] == "passage")
    assert passage["hit"] == "觶" and passage["url"].startswith("/id/passage/5.")
    text = requests.get(server + passage["url"], headers={"Accept": "text/html"}).text
    assert "觶" in text
    html = requests.get(server + "/search", params={"q": "觯"}).text
    assert "<mark>觶</mark>" in html
    # The result link opens the passage with the hit marked.
    hrefs = re.findall(r'href="(/page/passage/[^"]+\?hl=\d+-\d+[^"]*)"', html)
    assert any("note=" in h for h in hrefs) and any("note=" not in h for h in hrefs)
    for href in hrefs[:8]:
        target = requests.get(server + href.replace("&amp;", "&"))
        assert target.status_code == 200 and re.search(r'<mark class="hit">(<span[^>]*>)?觶', target.text), href
    started = time.perf_counter()
    for _ in range(10):
        requests.get(server + "/search.json", params={"q": "主人"})
    assert (time.perf_counter() - started) / 10 < 0.1


def test_search_pages_through_every_hit(server):
    first = requests.get(server + "/search.json", params={"q": "主人"}).json()
    assert first["total"] > 150 and len(first["results"]) == 100
    seen = [(h["iri"], h["start"]) for h in first["results"]]
    at = 100
    while at < first["total"]:
        more = requests.get(server + "/search.json", params={"q": "主人", "start": at}).json()
        assert more["total"] == first["total"] and more["results"]
        seen += [(h["iri"], h["start"]) for h in more["results"]]
        at += 100
    assert len(seen) == len(set(seen)) == first["total"]  # every hit once, none twice
    html = requests.get(server + "/search", params={"q": "主人", "start": 100}).text
    assert 'rel="prev"' in html and '<ol id="results" start="101">' in html


@pytest.mark.parametrize("params", [{}, {"q": ""}, {"q": "觶" * 101}, {"q": "觶", "start": "x"}])
def test_search_refuses_what_is_no_query(server, params):
    response = requests.get(server + "/search.json", params=params)
    assert response.status_code == 400 and len(response.text.strip().splitlines()) == 1


def test_term_page_is_paged_filterable_with_object_and_place(server):
    first = requests.get(server + SISHE).text
    assert "<th>objects</th><th>place</th>" in first
    count = int(re.search(r"Events \((\d+)\)", first).group(1))
    rows = lambda html: re.findall(r'href="(/id/passage/[\d.]+/event/c\d+)"', html)  # noqa: E731
    assert count > 50 and len(rows(first)) == 50
    second = requests.get(server + SISHE, params={"page": 2}).text
    assert rows(second) and not set(rows(first)) & set(rows(second))
    only = requests.get(server + SISHE, params={"chapter": 5}).text
    assert all(r.startswith("/id/passage/5.") for r in rows(only))
    none = requests.get(server + SISHE, params={"chapter": 9}).text
    assert rows(none) == []
    assert requests.get(server + SISHE, params={"page": "x"}).status_code == 400


def test_diagrams_of_a_section(server):
    rows = sparql(server, """PREFIX yili: <http://localhost:8000/ontology#>
        SELECT ?section (COUNT(?e) AS ?n) WHERE { ?e yili:inSection ?section ; yili:place ?p ;
        yili:passage/a yili:CanonicalPassage } GROUP BY ?section ORDER BY DESC(?n) LIMIT 1""")
    locator = rows[0]["section"]["value"].rsplit("/", 1)[-1]
    placed = int(rows[0]["n"]["value"])
    plan = requests.get(server + f"/diagram/floorplan/{locator}")
    assert plan.status_code == 200 and plan.headers["Content-Type"].startswith("image/svg+xml")
    svg = ET.fromstring(plan.content)
    spots = svg.findall(".//{http://www.w3.org/2000/svg}a[@class='spot']")
    on_plan = int(re.search(r"(\d+) acts on the plan", plan.text).group(1))
    assert len(spots) == on_plan and on_plan + int(re.search(r"(\d+) at places", plan.text).group(1)) == placed
    lane = requests.get(server + f"/diagram/swimlane/{locator}")
    svg = ET.fromstring(lane.content)
    names = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "lane"]
    assert "司射" in names or "主人" in names
    assert requests.get(server + "/diagram/swimlane/99.9").status_code == 404
    assert requests.get(server + f"/diagram/pie/{locator}").status_code == 404


def test_language_tags_as_users_write_them(server):
    ask = PREFIX + 'SELECT ?t WHERE { ?t skos:prefLabel ?l FILTER(lang(?l) = "zh-Hant" && STR(?l) = "司射") }'
    assert len(sparql(server, ask)) == 1
    assert len(sparql(server, PREFIX + 'SELECT ?t WHERE { ?t skos:prefLabel "司射"@zh-Hant }')) == 1
    listed = PREFIX + 'SELECT ?l WHERE { ?t skos:prefLabel ?l FILTER(lang(?l) IN ("zh-Hans") && STR(?l) = "司射") }'
    assert len(sparql(server, listed)) == 1
    # Text that only looks like a comparison is left as it is.
    text = 'SELECT ?x WHERE { BIND("lang(?l) = \\"zh-Hant\\"" AS ?x) }'
    assert sparql(server, text)[0]["x"]["value"] == 'lang(?l) = "zh-Hant"'


@pytest.mark.parametrize("query, expected", [
    ('FILTER(lang(?o) = "zh-Hant")', 'FILTER(lang(?o) = "zh-hant")'),
    ('FILTER("EN" != LANG(?o))', 'FILTER("en" != LANG(?o))'),
    ('FILTER(lang(str(?o)) NOT IN ("zh-Hant", \'en-GB\'))', 'FILTER(lang(str(?o)) NOT IN ("zh-hant", \'en-gb\'))'),
    ('FILTER(sameTerm(lang(?o), """zh-Hans"""))', 'FILTER(sameTerm(lang(?o), """zh-hans"""))'),
    ('?s ?p "Hello"@en-GB', '?s ?p "Hello"@en-gb'),
    # Strings, long strings, IRIs and comments that contain the same text stay.
    ('FILTER(?o = "lang(?x) = \\"zh-Hant\\"")', None),
    ("?s ?p '''x \"@zh-Hant\" lang(?o)=\"zh-Hant\"''' # lang(?o) = \"zh-Hant\"", None),
    ('?s <http://e/lang(x)=zh-Hant> ?o', None),
    ('FILTER(lang(?o) = "Hello World" || ?o = "zh-Hant")', None),
    ('FILTER(lang(?o) = "zh-Hant"@en)', None),
])
def test_rewrite_touches_only_language_tags(query, expected):
    assert rewrite(query) == (query if expected is None else expected)


def test_rewrite_is_cheap_on_what_it_does_not_touch():
    # A long machine-made query is passed on as it is, and quickly, even if it is made to look like work.
    from kg.publish.langtags import MAX_REWRITE

    long = 'SELECT * WHERE { ?s ?p ?o FILTER(lang(?o) = "zh-Hant") }' + " " * MAX_REWRITE
    started = time.perf_counter()
    assert rewrite(long) == long and rewrite("{" * 1_000_000 + "@en") == "{" * 1_000_000 + "@en"
    worst = "ASK " + "{" * (MAX_REWRITE // 2 - 20) + " lang(?x) = 'EN' " + "}" * (MAX_REWRITE // 2 - 20)
    assert "'en'" in rewrite(worst)
    assert time.perf_counter() - started < 1.0


def test_jsonld_is_compact_and_means_the_same_triples(server):
    compact = requests.get(server + "/data/passage/5.1.2.jsonld")
    assert compact.status_code == 200
    doc = compact.json()
    assert isinstance(doc["@context"], dict) and doc["@context"]["kg"] == "http://localhost:8000/id/"
    node = next(n for n in doc["graph"] if n["id"] == "kg:passage/5.1.2")
    assert node["locator"] == "5.1.2" and node["isPartOf"] == "kg:chapter/5"
    as_ld = {(q.subject, q.predicate, q.object) for q in parse(compact.content, format=RdfFormat.JSON_LD)}
    nt = requests.get(server + "/data/passage/5.1.2.nt")
    as_nt = {(q.subject, q.predicate, q.object) for q in parse(nt.content, format=RdfFormat.N_TRIPLES)}
    assert as_ld == as_nt and len(as_nt) >= 8
    published = requests.get(server + "/ns/context.jsonld").json()
    assert published["@context"] == doc["@context"]


@pytest.mark.parametrize("query, says", [
    ("SELEC * WHERE { ?s ?p ?o }", ["line 1", "a query begins with SELECT", "not SELEC"]),
    ("SELECT * WHERE {\n  ?s foo:bar ?o }", ["line 2", "prefix foo: is not declared"]),
    ("SELECT * WHERE { ?s ?p ?o", ["line 1", 'expected', '"}"', "at the end of the query"]),
])
def test_parser_errors_say_where_and_what(server, query, says):
    response = requests.get(server + "/sparql", params={"query": query})
    assert response.status_code == 400 and len(response.text.strip().splitlines()) == 1
    assert all(s in response.text for s in says), response.text
    assert "\\u{" not in response.text  # no character classes of the parser's grammar


def test_query_page_uses_the_vendored_yasgui(server):
    page = requests.get(server + "/query").text
    scripts = re.findall(r'<script src="([^"]+)"', page) + re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
    assert scripts and all(s.startswith("/static/yasgui/") for s in scripts)
    for path in scripts:
        response = requests.get(server + path)
        assert response.status_code == 200 and len(response.content) > 10_000
    assert "roles-by-acts" in page and "sishe-acts" in page
    assert requests.get(server + "/static/../server.py").status_code == 404
    assert requests.get(server + "/static/yasgui/nothing.js").status_code == 404


BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


def test_vocabulary_iris_are_pages_for_browsers_and_rdf_for_machines(server):
    page = requests.get(server + "/ontology", headers=BROWSER)
    assert page.headers["Content-Type"].startswith("text/html")
    # Every class and property of the ontology has its anchor, so …/ontology#action lands on it.
    data = requests.get(server + "/ontology", headers={"Accept": "application/n-triples"})
    assert data.headers["Content-Type"].startswith("application/n-triples")
    ns = "http://localhost:8000/ontology#"
    defined = {q.subject.value[len(ns):] for q in parse(data.content, format=RdfFormat.N_TRIPLES)
               if q.subject.value.startswith(ns) and q.predicate.value.endswith("#label")}
    assert {"action", "agent", "RitualEvent", "CanonicalPassage"} <= defined
    assert all(f'id="{name}"' in page.text for name in defined)
    # With the number of instances the VoID counts.
    events = sparql(server, "SELECT (COUNT(?e) AS ?n) WHERE { ?e a <http://localhost:8000/ontology#RitualEvent> }")
    n = int(events[0]["n"]["value"])
    assert re.search(rf'id="RitualEvent".*?{n:,}', page.text, re.S)
    # And the classes of the vocabulary with the number of terms under them.
    roles = sparql(server, """SELECT (COUNT(DISTINCT ?t) AS ?n) WHERE { ?t <http://www.w3.org/2000/01/rdf-schema#subClassOf>+
        <http://localhost:8000/ontology#Role> FILTER(STRSTARTS(STR(?t), "http://localhost:8000/id/role/")) }""")
    assert re.search(rf'id="Role".*?{roles[0]["n"]["value"]} terms', page.text, re.S)
    assert requests.get(server + "/ontology").headers["Content-Type"].startswith("text/turtle")  # curl, no Accept
    assert requests.get(server + "/ontology", params={"format": "png"}).status_code == 400


def test_void_is_a_page_too(server):
    page = requests.get(server + "/void", headers=BROWSER)
    assert page.headers["Content-Type"].startswith("text/html")
    dumps = re.findall(r'<a href="(/dumps/yili\.\w+)">', page.text)
    assert {"/dumps/yili.nq", "/dumps/yili.ttl"} <= set(dumps)
    for dump in dumps:
        size = int(requests.head(server + dump).headers["Content-Length"])
        assert f"{size:,}" in page.text
    assert "void:Dataset" in requests.get(server + "/void", headers={"Accept": "text/turtle"}).text


def test_variant_readings_are_marked_and_edition_passages_named(server):
    rows = sparql(server, """PREFIX yili: <http://localhost:8000/ontology#>
        SELECT ?p (COUNT(?v) AS ?n) (GROUP_CONCAT(?r; separator="|") AS ?readings) WHERE { ?v a yili:VariantReading ;
        yili:canonicalPassage ?p ; yili:reading ?r } GROUP BY ?p ORDER BY DESC(?n) LIMIT 1""")
    iri, n, readings = rows[0]["p"]["value"], int(rows[0]["n"]["value"]), rows[0]["readings"]["value"].split("|")
    page = requests.get(server + "/page/" + iri.split("/id/", 1)[1]).text
    assert f"{n} variant(s)" in page and all(f"<b>{r or '—'}</b>" in page for r in readings)
    assert page.count('<span class="var" title=') >= 1
    doc = requests.get(server + "/page/doc/KR1d0030/5/passage/3").text
    assert re.search(r"<h1[^>]*>儀禮集釋 · 鄉射禮 3</h1>", doc)



def test_pages_and_search_meet_their_goals(server):
    from kg.publish.roombench import report, run

    rows = run(server, repeats=7)
    assert {r["name"] for r in rows} >= {"chapter (largest)", "passage", "term (busiest role)", "search 觯", "swimlane"}
    missed = [r for r in rows if not r["met"]]
    assert not missed, report(rows)



def test_no_page_shows_a_bare_iri_where_a_label_exists(server):
    """Crawl from a chapter: every kind of page it links to (terms, events,
    sections, passages, editions' passages, notes, the work), and check that
    no link reads as an IRI where the room knows a label."""
    seen, queue, kinds = set(), ["/page/chapter/5", "/page/passage/5.21.3", "/page/doc/KR1d0030/5/passage/3"], set()
    while queue and len(seen) < 60:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.add(path)
        response = requests.get(server + path, headers={"Accept": "text/html"})
        assert response.status_code == 200, path
        for href, text in links(response.text):
            assert not text.startswith(("http://localhost", "/id/", "/page/")), (path, href, text)
            if href.startswith(("/id/", "/page/")) and "?" not in href:
                kind = href.split("/")[2]
                if kind not in kinds or len(seen) < 20:
                    kinds.add(kind)
                    queue.append(href.replace("/id/", "/page/", 1))
    assert {"role", "action", "passage", "section"} <= kinds


# --- in a real browser (Debian's chromium, as tests/test_server.py) -------------------


def test_reading_room_in_a_browser(server, browser):  # noqa: F811
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    # A chapter page: the events of a passage, and hovering one lights its words.
    page.goto(server + "/page/chapter/5")
    passage = page.locator('[id="p5.1.2"]')
    acts = passage.locator("li.event")
    assert acts.count() >= 5 and "主人" in acts.nth(2).inner_text()
    acts.nth(0).hover()
    lit = passage.locator(".jing .w.lit")
    assert lit.count() >= 1 and lit.first.inner_text() in passage.locator(".jing").inner_text()
    passage.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "room-chapter-events.png"))
    # The search box of every page: simplified 觯 reaches a passage with 觶 marked.
    page.fill("form.search input[name=q]", "觯")
    page.press("form.search input[name=q]", "Enter")
    page.wait_for_selector("#results")
    assert "觶" in page.locator("#results").inner_text()
    page.screenshot(path=str(ARTIFACTS / "room-search.png"))
    page.locator(".hit-passage a").first.click()
    page.wait_for_selector("mark.hit")
    assert page.locator("mark.hit").first.inner_text() == "觶"
    page.screenshot(path=str(ARTIFACTS / "room-search-passage.png"))
    # The diagrams of a section with many placed acts.
    for kind in ("swimlane", "floorplan"):
        page.goto(server + f"/diagram/{kind}/5.21")
        marks = page.locator("a.act" if kind == "swimlane" else "a.spot")
        assert marks.count() > 10
        page.screenshot(path=str(ARTIFACTS / f"room-{kind}.png"))
    # A section page steps through its acts on the floor plan.
    page.goto(server + "/page/section/5.21")
    page.click("#step")
    page.click("#step")
    spots = page.locator("#floorplan a.spot")
    lit = [i for i in range(spots.count()) if spots.nth(i).evaluate("s => s.style.opacity") == "1"]
    assert len(lit) == 1 and page.locator("#step-at").inner_text().startswith(
        f"act {spots.nth(lit[0]).get_attribute('data-n')} (2 of {spots.count()}")
    page.screenshot(path=str(ARTIFACTS / "room-section-steps.png"))
    # YASGUI: an example query, then a result link to a page of this server.
    page.goto(server + "/query")
    page.select_option("#examples", "roles-by-acts")
    page.click("#run")
    page.wait_for_selector(".yasr table tbody tr a[href^='/page/']", timeout=20000)
    first = page.locator(".yasr table tbody tr a[href^='/page/']").first
    name = first.inner_text().rsplit("/", 1)[-1]
    page.screenshot(path=str(ARTIFACTS / "room-yasgui.png"))
    first.click()
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == name and page.locator("#events tr").count() > 10
    # A malformed query: YASGUI shows the server's message, with line and column.
    page.goto(server + "/query")
    page.evaluate("() => { yasgui.getTab().setQuery('SELEC * WHERE { ?s ?p ?o }'); }")
    page.click("#run")
    page.wait_for_function("document.querySelector('.yasr').innerText.includes('line 1, column')", timeout=20000)
    assert "not SELEC" in page.locator(".yasr").inner_text()
    for shot in ("chapter-events", "search", "search-passage", "swimlane", "floorplan", "section-steps", "yasgui"):
        assert (ARTIFACTS / f"room-{shot}.png").stat().st_size > 10_000
