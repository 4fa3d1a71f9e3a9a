"""``kg serve`` started for real on 127.0.0.1, used by real clients:
SPARQLWrapper, plain HTTP, and headless Chromium (Debian's chromium,
driven by Playwright) for the pages a reader sees."""
from __future__ import annotations

import contextlib
import shutil
import time

import pytest
import requests
from pyoxigraph import RdfFormat, parse
from SPARQLWrapper import CSV, JSON, JSONLD, TSV, TURTLE, XML, SPARQLWrapper

from kg.publish.abuse import served
from tests.conftest import ROOT

ARTIFACTS = ROOT / "test-artifacts"
SISHE = "/id/role/%E5%8F%B8%E5%B0%84"  # 司射


@contextlib.contextmanager
def start_server(dist, store, *options):
    """``kg serve`` on a free port of 127.0.0.1 with ``options`` (started and
    stopped as `kg abuse` does); yields its URL and process id."""
    with served(dist, store, [str(o) for o in options]) as (url, pid):
        yield url, pid


# One worker runs this module: its server and store are made once (pytest-xdist
# --dist loadgroup), not once per worker.
pytestmark = pytest.mark.xdist_group("test_server")


@pytest.fixture(scope="module")
def server(built, tmp_path_factory):
    store = tmp_path_factory.mktemp("store") / "store"
    with start_server(built, store, "--timeout", "2", "--max-result-bytes", "3000000") as (url, _):
        yield url


def endpoint(url: str) -> SPARQLWrapper:
    return SPARQLWrapper(url + "/sparql")


COUNT_EVENTS = """PREFIX yili: <http://localhost:8000/ontology#>
SELECT (COUNT(?e) AS ?n) WHERE { ?e a yili:RitualEvent }"""


@pytest.mark.parametrize("fmt", [JSON, XML, CSV, TSV])
def test_select_in_every_result_format(server, fmt):
    client = endpoint(server)
    client.setQuery(COUNT_EVENTS)
    client.setReturnFormat(fmt)
    result = client.query()
    body = result.convert()
    if fmt == JSON:
        assert int(body["results"]["bindings"][0]["n"]["value"]) > 3000
    elif fmt == XML:
        assert int(body.getElementsByTagName("literal")[0].firstChild.data) > 3000
    else:
        text = body.decode() if isinstance(body, bytes) else body
        assert text.splitlines()[0].strip() in ("n", "?n") and int(text.splitlines()[1].split("^^")[0].strip('"')) > 3000


@pytest.mark.parametrize("fmt", [JSON, XML])
def test_ask(server, fmt):
    client = endpoint(server)
    client.setQuery('ASK { ?r <http://www.w3.org/2004/02/skos/core#prefLabel> "司射"@zh-Hant }')
    client.setReturnFormat(fmt)
    body = client.query().convert()
    assert (body["boolean"] if fmt == JSON else body.getElementsByTagName("boolean")[0].firstChild.data == "true")


@pytest.mark.parametrize("fmt", [TURTLE, JSONLD])
def test_construct(server, fmt):
    client = endpoint(server)
    client.setQuery("""CONSTRUCT { ?r <http://www.w3.org/2004/02/skos/core#prefLabel> ?l } WHERE {
        ?r <http://localhost:8000/ontology#sameFunctionAs> ?x ; <http://www.w3.org/2004/02/skos/core#prefLabel> ?l }""")
    client.setReturnFormat(fmt)
    body = client.query().convert()
    if isinstance(body, bytes):
        import rdflib

        body = rdflib.Graph().parse(data=body, format="turtle")
    labels = {str(o) for o in body.objects()}
    assert {"負侯者", "大史", "服不"} <= labels


def test_post_direct_and_form_and_format_parameter(server):
    direct = requests.post(server + "/sparql", data=COUNT_EVENTS.encode(),
                           headers={"Content-Type": "application/sparql-query", "Accept": "text/csv"})
    assert direct.status_code == 200 and direct.headers["Content-Type"].startswith("text/csv")
    form = requests.post(server + "/sparql", data={"query": COUNT_EVENTS},
                         headers={"Accept": "application/sparql-results+json"})
    assert form.json()["results"]["bindings"][0]["n"]["value"] == direct.text.splitlines()[1]
    tsv = requests.get(server + "/sparql", params={"query": COUNT_EVENTS, "format": "tsv"})
    assert tsv.headers["Content-Type"].startswith("text/tab-separated-values")
    nt = requests.get(server + "/sparql", params={"query": "DESCRIBE <http://localhost:8000/id/role/司射>"},
                      headers={"Accept": "application/n-triples"})
    assert nt.headers["Content-Type"].startswith("application/n-triples") and "司射" in nt.text


@pytest.mark.parametrize("accept, media", [("text/turtle", "text/turtle"), ("application/n-triples",
                         "application/n-triples"), ("application/ld+json", "application/ld+json")])
def test_entity_iris_dereference_with_content_negotiation(server, accept, media):
    first = requests.get(server + SISHE, headers={"Accept": accept}, allow_redirects=False)
    assert first.status_code == 303
    data = requests.get(server + first.headers["Location"], headers={"Accept": accept})
    assert data.status_code == 200 and data.headers["Content-Type"].startswith(media)
    fmt = {"text/turtle": RdfFormat.TURTLE, "application/n-triples": RdfFormat.N_TRIPLES,
           "application/ld+json": RdfFormat.JSON_LD}[media]
    labels = {q.object.value for q in parse(data.content, format=fmt) if q.predicate.value.endswith("prefLabel")}
    assert {"司射", "director of archery"} <= labels


def test_html_for_people_and_404_for_unknown(server):
    first = requests.get(server + SISHE, headers={"Accept": "text/html"}, allow_redirects=False)
    assert first.status_code == 303 and first.headers["Location"].endswith("/page/role/%E5%8F%B8%E5%B0%84")
    page = requests.get(server + first.headers["Location"])
    assert "text/html" in page.headers["Content-Type"] and "射官" in page.text
    passage = requests.get(server + "/id/doc/KR1d0030/5/passage/3", allow_redirects=True)
    assert passage.status_code == 200 and "鄭注" in passage.text  # the passage with its commentary
    assert requests.get(server + "/id/role/nobody").status_code == 404
    assert requests.get(server + "/id/role/a>b").status_code == 404


def test_void_and_dumps(server):
    for path in ("/void", "/.well-known/void"):
        response = requests.get(server + path)
        assert response.status_code == 200 and "void:Dataset" in response.text
    dump = requests.get(server + "/dumps/yili.nq", stream=True)
    assert dump.status_code == 200
    assert requests.get(server + "/ontology", headers={"Accept": "application/n-triples"}).status_code == 200


def test_errors_get_the_right_status_and_the_server_goes_on(server):
    bad = requests.get(server + "/sparql", params={"query": "SELECT * WHERE {"})
    assert bad.status_code == 400 and "error at" in bad.text
    update = requests.post(server + "/sparql", data="INSERT DATA { <a:b> <a:c> <a:d> }",
                           headers={"Content-Type": "application/sparql-update"})
    assert update.status_code == 403
    assert requests.post(server + "/sparql", data={"update": "CLEAR ALL"}).status_code == 403
    huge = requests.post(server + "/sparql", data=b"#" * 2_000_000, headers={"Content-Type": "application/sparql-query"})
    assert huge.status_code == 413
    too_big = requests.get(server + "/sparql", params={"query": "SELECT * WHERE { ?s ?p ?o }"})
    assert too_big.status_code == 400 and "cap" in too_big.text
    started = time.monotonic()
    slow = requests.get(server + "/sparql", params={
        "query": "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"}, timeout=60)
    assert slow.status_code == 503 and "timeout" in slow.text
    assert time.monotonic() - started < 30
    unacceptable = requests.get(server + "/sparql", params={"query": COUNT_EVENTS}, headers={"Accept": "image/png"})
    assert unacceptable.status_code == 406
    again = requests.get(server + "/sparql", params={"query": COUNT_EVENTS, "format": "json"})
    assert again.status_code == 200


def test_cors(server):
    response = requests.get(server + "/sparql", params={"query": COUNT_EVENTS},
                            headers={"Origin": "https://editor.example"})
    assert response.headers.get("Access-Control-Allow-Origin") in ("*", "https://editor.example")


@pytest.fixture(scope="module")
def browser():
    chromium = shutil.which("chromium")
    playwright = pytest.importorskip("playwright.sync_api")
    if chromium is None:
        pytest.skip("Debian's chromium is not installed (.ci/run installs it)")
    with playwright.sync_playwright() as p:
        instance = p.chromium.launch(executable_path=chromium, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run"])
        yield instance
        instance.close()


def test_pages_in_a_real_browser(server, browser):
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(server + "/")
    assert page.locator("h1").inner_text() == "儀禮知識圖譜"
    assert "鄉射禮" in page.locator("#chapters").inner_text()
    page.screenshot(path=str(ARTIFACTS / "home.png"))
    page.click("text=鄉射禮")
    page.wait_for_load_state()  # the chapter is 1.4 MB of HTML: count its passages once it is all parsed
    assert page.locator("h1").inner_text() == "鄉射禮"
    assert page.locator(".jing").count() > 100 and page.locator(".note").count() > 100
    page.screenshot(path=str(ARTIFACTS / "chapter-xiangshe.png"))
    page.goto(server + SISHE)
    assert page.locator("h1").inner_text() == "司射"
    assert "射官" in page.locator("#hierarchy").inner_text()
    assert page.locator("#events tr").count() == 51  # 50 events a page, and the header
    assert "page 1 of" in page.locator("#pages").inner_text()
    # The Chinese text is drawn with a CJK font, not boxes.
    assert page.evaluate("document.fonts.check('20px \"Noto Serif CJK TC\"')") or \
        page.evaluate("document.fonts.check('20px serif', '司射')")
    page.screenshot(path=str(ARTIFACTS / "role-sishe.png"))
    page.goto(server + "/query")
    page.select_option("#examples", "shared-roles")
    page.click("#run")  # YASGUI: its result table
    page.wait_for_function("document.querySelectorAll('.yasr table tbody tr').length > 3", timeout=20000)
    assert "負侯者" in page.locator(".yasr table").inner_text()
    page.screenshot(path=str(ARTIFACTS / "query.png"))
    for name in ("home", "chapter-xiangshe", "role-sishe", "query"):
        assert (ARTIFACTS / f"{name}.png").stat().st_size > 10_000
