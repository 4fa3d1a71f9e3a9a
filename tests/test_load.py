"""``kg load`` into real Oxigraph and Virtuoso servers; the queries/ set then
gives the same answers there as on the embedded store."""
from __future__ import annotations

import pytest
import requests
from pyoxigraph import RdfFormat, parse

from kg.publish.store import open_store, select
from tests.conftest import ROOT, kg
from tests.stores import oxigraph_server, virtuoso_server

SECRET = "s3cret-Pass"


def remote_select(url: str, query: str) -> list[dict[str, str]]:
    response = requests.post(url, data={"query": query}, headers={"Accept": "application/sparql-results+json"},
                             timeout=300)
    response.raise_for_status()
    return [{k: v["value"] for k, v in b.items()} for b in response.json()["results"]["bindings"]]


def normalised(rows: list[dict[str, str]], names: list[str]) -> list[tuple]:
    """Rows as sorted tuples; lists joined by GROUP_CONCAT compared as sets
    (their order is the store's choice)."""
    return sorted(tuple("|".join(sorted(r.get(n, "").split("|"))) for n in names) for r in rows)


def assert_same_answers(built, query_url: str) -> None:
    store = open_store([built / "yili.nq"])
    for path in sorted((ROOT / "queries").glob("*.rq")):
        text = path.read_text(encoding="utf-8")
        names, expected = select(store, text)
        assert normalised(remote_select(query_url, text), names) == normalised(expected, names), path.name


def graph_counts(query_url: str) -> dict[str, int]:
    rows = remote_select(query_url, """SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o }
        FILTER(STRSTARTS(STR(?g), "http://localhost:8000/graph/")) } GROUP BY ?g""")
    return {r["g"]: int(r["n"]) for r in rows}


def expected_counts(built) -> dict[str, int]:
    counts: dict[str, int] = {}
    for quad in parse(path=str(built / "yili.nq"), format=RdfFormat.N_QUADS):
        counts[quad.graph_name.value] = counts.get(quad.graph_name.value, 0) + 1
    return counts


def test_oxigraph_gsp_twice_then_update(built, tmp_path):
    with oxigraph_server(tmp_path / "oxigraph") as url:
        for _ in range(2):  # loading twice leaves one copy
            result = kg("load", "--endpoint", url + "/store", "--source", built / "yili.nq")
            assert result.returncode == 0, result.stderr
            assert graph_counts(url + "/query") == expected_counts(built)
        assert_same_answers(built, url + "/query")
        result = kg("load", "--endpoint", url + "/update", "--method", "update", "--source", built / "yili.nq")
        assert result.returncode == 0, result.stderr
        assert "triples/s" in result.stdout
        assert graph_counts(url + "/query") == expected_counts(built)


def test_virtuoso_gsp_and_update_with_digest_auth(built, tmp_path):
    with virtuoso_server(tmp_path / "virtuoso") as url:
        result = kg("load", "--endpoint", url + "/sparql-graph-crud-auth", "--user", "dba", "--password", "dba",
                    "--source", built / "yili.nq")
        assert result.returncode == 0, result.stderr
        assert graph_counts(url + "/sparql") == expected_counts(built)
        assert_same_answers(built, url + "/sparql")
        result = kg("load", "--endpoint", url + "/sparql-auth", "--method", "update", "--user", "dba",
                    "--password", "dba", "--source", built / "yili.nq")
        assert result.returncode == 0, result.stderr
        assert graph_counts(url + "/sparql") == expected_counts(built)
        # A refused load says which batch failed, leaves the graphs as they were, prints no password.
        failed = kg("load", "--endpoint", url + "/sparql-auth", "--method", "update", "--user", "dba",
                    "--password", SECRET, "--source", built / "yili.nq")
        assert failed.returncode == 1
        assert "batch 1 of" in failed.stderr and "left as it was" in failed.stderr
        assert SECRET not in failed.stderr + failed.stdout
        assert graph_counts(url + "/sparql") == expected_counts(built)


def test_unreachable_endpoint_is_one_line_without_credentials(built):
    result = kg("load", "--endpoint", f"http://dba:{SECRET}@127.0.0.1:9/store", "--source", built / "yili.nq")
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert SECRET not in result.stderr and "did not answer" in result.stderr


@pytest.mark.parametrize("method", ["gsp", "update"])
def test_missing_dataset(tmp_path, method):
    result = kg("load", "--endpoint", "http://127.0.0.1:9/x", "--method", method, "--source", tmp_path / "none.nq")
    assert result.returncode == 1 and "kg build" in result.stderr
