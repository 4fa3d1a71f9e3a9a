"""``kg serve`` attacked as in issue 10, on loopback: SERVICE (SSRF), headers,
overload, worker memory, bad input, and the shipped abuse script. Each test
starts the real server process; the "clients" are 127.0.0.x source addresses."""
from __future__ import annotations

import threading
import time
from urllib.parse import quote

import pytest
import requests

from kg.publish.abuse import Listener, call, query_path, run
from tests.conftest import kg
from tests.test_server import SISHE, start_server

SLOW = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"
ASK = 'ASK { ?r <http://www.w3.org/2004/02/skos/core#prefLabel> "司射"@zh-Hant }'


# One worker runs this module: its server and store are made once (pytest-xdist
# --dist loadgroup), not once per worker.
pytestmark = pytest.mark.xdist_group("test_hardening")


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return tmp_path_factory.mktemp("hardening") / "store"



@pytest.fixture(scope="module")
def built(built_small):
    """One chapter of the work (four editions of 鄉射禮): the attacks need a
    store, not the whole work's 1.5 million triples."""
    return built_small

@pytest.fixture(scope="module")
def server(built, store):
    with start_server(built, store, "--timeout", "2", "--max-result-bytes", "3000000") as (url, _):
        yield url


def get(url: str, query: str, **headers) -> requests.Response:
    return requests.get(url + "/sparql", params={"query": query}, headers=headers, timeout=30)


# --- 1. SERVICE ----------------------------------------------------------------------

def test_service_is_refused_and_nothing_is_fetched(server):
    port = int(server.rsplit(":", 1)[1])
    with Listener() as listener:
        here = f"http://127.0.0.1:{listener.port}/sparql"
        for query in (f"SELECT * WHERE {{ SERVICE <{here}> {{ ?s ?p ?o }} }}",
                      f"SELECT * WHERE {{ service silent <{here}> {{ ?s ?p ?o }} }}",
                      f"PREFIX l: <http://127.0.0.1:{listener.port}/> SELECT * WHERE {{ SERVICE l:sparql {{ ?s ?p ?o }} }}",
                      f"SELECT * WHERE {{ BIND(<{here}> AS ?x) SERVICE ?x {{ ?s ?p ?o }} }}",
                      f"SELECT * WHERE {{ SERVICE <http://127.0.0.1:{port}/sparql> {{ ?s ?p ?o }} }} LIMIT 1",
                      "SELECT * WHERE { SERVICE <file:///etc/passwd> { ?s ?p ?o } }"):
            answer = get(server, query)
            assert answer.status_code == 400, (query, answer.status_code, answer.text)
            assert "SERVICE" in answer.text and "refused" in answer.text
            assert "root:" not in answer.text
        time.sleep(0.3)
        assert listener.connections == 0


def test_the_word_service_in_a_literal_or_comment_is_no_service(server):
    query = ('# SERVICE <http://127.0.0.1:9/> { }\n'
             'SELECT ?x WHERE { BIND("SERVICE <http://127.0.0.1:9/> { }" AS ?x) '
             'FILTER(?x != <http://example.org/SERVICE>) }')
    answer = get(server, query, Accept="application/sparql-results+json")
    assert answer.status_code == 200, answer.text
    assert answer.json()["results"]["bindings"][0]["x"]["value"].startswith("SERVICE")


def test_allow_service_opens_only_the_named_hosts(built, store):
    with Listener() as listener, start_server(built, store, "--timeout", "5", "--allow-service", "127.0.0.1") \
            as (url, _):
        allowed = get(url, f"SELECT * WHERE {{ SERVICE <http://127.0.0.1:{listener.port}/sparql> {{ ?s ?p ?o }} }}")
        assert allowed.status_code == 200, allowed.text
        assert listener.connections == 1
        other = get(url, f"SELECT * WHERE {{ SERVICE <http://localhost:{listener.port}/sparql> {{ ?s ?p ?o }} }}")
        assert other.status_code == 400 and "only to 127.0.0.1" in other.text
        variable = get(url, f"SELECT * WHERE {{ BIND(<http://127.0.0.1:{listener.port}/> AS ?x) "
                            "SERVICE ?x { ?s ?p ?o } }")
        assert variable.status_code == 400
        time.sleep(0.3)
        assert listener.connections == 1


# --- 2 and 13. Headers ----------------------------------------------------------------

PATHS = [("/", "text/html"), ("/query", "text/html"), ("/nothing", "*/*"), ("/void", "text/turtle"),
         ("/ontology", "application/n-triples"), ("/ontology", "application/ld+json"), (SISHE, "text/turtle"),
         ("/data/role/%E5%8F%B8%E5%B0%84.nt", "*/*"), ("/data/role/%E5%8F%B8%E5%B0%84.jsonld", "*/*"),
         ("/page/role/%E5%8F%B8%E5%B0%84", "text/html"), (query_path(ASK), "application/sparql-results+json"),
         (query_path(ASK), "application/sparql-results+xml"), (query_path("SELECT * WHERE {"), "*/*"),
         (query_path("DESCRIBE <http://localhost:8000/id/role/司射>"), "application/n-triples")]


@pytest.mark.parametrize("path, accept", PATHS)
def test_nosniff_everywhere_and_charset_on_every_text_response(server, path, accept):
    answer = requests.get(server + path, headers={"Accept": accept}, allow_redirects=False, timeout=30)
    assert answer.headers.get("X-Content-Type-Options") == "nosniff"
    media = answer.headers.get("Content-Type", "")
    kind = media.split(";")[0].strip()
    if kind.startswith("text/") or kind.endswith(("+json", "+xml", "n-triples", "/json", "/xml")):
        assert "charset=utf-8" in media.lower(), (path, media)


def test_requests_decodes_ntriples_as_utf8(server):
    answer = get(server, "DESCRIBE <http://localhost:8000/id/role/司射>", Accept="application/n-triples")
    assert answer.encoding and answer.encoding.lower() == "utf-8"
    assert "司射" in answer.text


@pytest.mark.parametrize("path, accept", [(query_path(ASK), "text/csv"), (SISHE, "text/turtle"),
                                          (SISHE, "text/html"), ("/ontology", "text/turtle"),
                                          ("/void", "text/turtle")])
def test_negotiated_answers_and_303s_vary_on_accept(server, path, accept):
    answer = requests.get(server + path, headers={"Accept": accept}, allow_redirects=False, timeout=30)
    assert "accept" in answer.headers.get("Vary", "").lower(), (path, answer.headers)


# --- 5. Bad input is 4xx --------------------------------------------------------------

@pytest.mark.parametrize("path", ["/id/role/%00", "/id/a%00", "/page/role/%FF%FE", "/id/role/%C3",
                                  "/page/role/%00", "/data/role/%C3.ttl", "/graph/%00", "/page/%E5%8F"])
def test_bad_bytes_in_paths_are_client_errors(server, path):
    answer = requests.get(server + path, timeout=30)
    assert 400 <= answer.status_code < 500, (path, answer.status_code, answer.text)


@pytest.mark.parametrize("query", [
    "SELECT * WHERE " + "{ " * 5000 + "?s ?p ?o " + "} " * 5000,
    "SELECT * WHERE { ?s ?p ?o FILTER(" + "(" * 5000 + "?o" + ")" * 5000 + ") }",
    "SELECT * WHERE { ?s ?p ?o FILTER(" + "+".join(["?o"] * 60_000) + ") }",
], ids=["groups", "parentheses", "operators"])
def test_too_deep_or_long_queries_are_refused_and_the_workers_live(server, query):
    answer = requests.post(server + "/sparql", data=query.encode(), timeout=30,
                           headers={"Content-Type": "application/sparql-query"})
    assert answer.status_code == 400, answer.text[:300]
    assert "refuses" in answer.text
    started = time.monotonic()
    assert get(server, ASK).status_code == 200
    assert time.monotonic() - started < 2


def test_a_deep_but_reasonable_query_still_runs(server):
    query = "SELECT * WHERE " + "{ " * 60 + "?s ?p ?o " + "} " * 60 + " LIMIT 1"
    assert get(server, query).status_code == 200


# --- 3. Overload ---------------------------------------------------------------------------

def slow_then_trivial(server, sources: list[str], other: str, pause: float):
    """Slow queries sent at once from ``sources``, then, ``pause`` seconds
    later, a trivial ASK from ``other``: the slow replies and the ASK's."""
    replies: list = []
    threads = [threading.Thread(target=lambda source=source: replies.append(
        call(server, "GET", query_path(SLOW), source=source, timeout=30))) for source in sources]
    for thread in threads:
        thread.start()
    time.sleep(pause)
    trivial = call(server, "GET", query_path(ASK), source=other, timeout=30)
    for thread in threads:
        thread.join(timeout=60)
    return replies, trivial


def test_slow_queries_do_not_lock_out_a_trivial_one(server):
    """16 slow queries from 16 clients, then an ASK from another: its answer
    (200, or 503 with Retry-After) comes at once, not after the slow ones
    (before the fix: 116 s); no query is answered much later than the
    timeout (2 s). The margins here are wide so that a busy CI machine does
    not fail them; the 1 s goal itself is measured by `kg abuse`."""
    replies, trivial = slow_then_trivial(server, [f"127.0.0.{10 + i}" for i in range(16)], "127.0.0.99", 0.5)
    assert trivial.seconds < 5.0, trivial
    assert trivial.status == 200 or (trivial.status == 503 and "Retry-After" in trivial.headers)
    assert len(replies) == 16 and {r.status for r in replies} <= {503}
    assert max(r.seconds for r in replies) < 2 + 3, sorted(r.seconds for r in replies)
    assert sum("Retry-After" in r.headers for r in replies) >= 10  # most refused at once, not timed out


def test_one_client_cannot_fill_the_queue(server):
    replies, other = slow_then_trivial(server, ["127.0.0.50"] * 6, "127.0.0.51", 0.3)
    refused = [r for r in replies if r.status == 503 and b"your queries" in r.body]
    assert len(refused) >= 4 and all(r.seconds < 3 and r.headers.get("Retry-After") for r in refused)
    assert other.status == 200 and other.seconds < 5.0, other


def test_a_single_slow_query_ends_at_the_timeout(server):
    reply = call(server, "GET", query_path(SLOW), source="127.0.0.60", timeout=30)
    assert reply.status == 503 and 1.5 < reply.seconds < 2 + 3, reply


# --- 4. Worker memory --------------------------------------------------------------------

def test_a_query_over_the_memory_cap_stops_its_worker_not_the_server(built, store):
    with start_server(built, store, "--timeout", "20", "--max-worker-memory", "300") as (url, pid):
        import psutil

        started = time.monotonic()
        hungry = get(url, "SELECT * WHERE { ?a ?b ?c . ?d ?e ?f } ORDER BY ?c ?f")
        assert hungry.status_code == 503 and "MB a worker may use" in hungry.text, hungry.text
        assert time.monotonic() - started < 15  # stopped by the cap, not by the 20 s timeout
        workers = psutil.Process(pid).children(recursive=True)
        assert workers and all(w.memory_info().rss < 600 * 2**20 for w in workers)
        assert get(url, ASK).status_code == 200


def test_help_says_the_memory_cap():
    result = kg("serve", "--help")
    assert "--max-worker-memory" in result.stdout and "1024" in result.stdout


# --- the abuse script ----------------------------------------------------------------------------

def test_abuse_script_short_run_meets_the_goals(built, store):
    report = run(built, store, count=1000, threads=16, seconds=120, timeout=2)
    print("\n".join(report.lines()))
    assert report.requests >= 1000
    assert report.other_5xx == [] and report.leaks == []
    # The goal (no answer later than timeout + 1 s) is the full run's, in the
    # README; a CI machine busy with other tests gets a wider margin here.
    assert all(float(late.split(" s ")[0]) < 2 + 5 for late in report.over_time), report.over_time
    assert report.outbound == 0
    assert report.end_server_mb - report.start_server_mb < 50  # the main process does not keep growing
    assert report.by_status[400] > 0 and report.by_status[403] > 0 and report.by_status[200] > 0
    # The well-behaved client is answered, or refused at once with 503 and Retry-After while both
    # workers are busy (README, "mostly gets a quick 503": 4 of 88 answered in the full run). In a
    # short run on a machine busy with other tests all 16 or so of its tries may be refused, so
    # the test asks for no other status (lateness is checked above), not for one answer.
    probe = report.by_kind.get("probe", {})
    assert sum(probe.values()) > 0 and set(probe) <= {200, 503}, probe
    assert report.valid_alone


def test_paths_with_chinese_still_work(server):
    answer = requests.get(server + "/page/role/" + quote("司射"), timeout=30)
    assert answer.status_code == 200 and "射官" in answer.text


def test_kg_abuse_command_runs_and_stops_by_itself(built):
    started = time.monotonic()
    result = kg("abuse", "--dist", built, "--requests", "200", "--threads", "8", "--seconds", "30", "--timeout", "2")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5xx other than 503, or no answer: 0" in result.stdout and "outbound connections" in result.stdout
    assert time.monotonic() - started < 120


def test_servers_started_for_tests_get_a_port_outside_the_ephemeral_range():
    """Regression (CI, 2026-11-23): a port taken by bind(0) is an ephemeral
    port, which the polls waiting for a loading server can take by
    connecting to themselves; kg serve then failed with 'Address already in
    use'. free_port picks below Linux's ephemeral range and checks it is free."""
    import socket

    from kg.publish.abuse import free_port

    low, high = map(int, open("/proc/sys/net/ipv4/ip_local_port_range").read().split())
    ports = {free_port() for _ in range(20)}
    assert all(p < low or p > high for p in ports) and len(ports) > 1
    port = ports.pop()
    with socket.socket() as s:
        s.bind(("127.0.0.1", port))  # it was free
