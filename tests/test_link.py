"""``kg link`` against a local endpoint shaped like Wikidata (an Oxigraph
server loaded with tests/data/wikidata-fixture.ttl)."""
from __future__ import annotations

import csv

import requests

from tests.conftest import ROOT, kg
from tests.stores import oxigraph_server

FIXTURE = ROOT / "tests" / "data" / "wikidata-fixture.ttl"


def review_rows(path):
    lines = [l for l in path.read_text(encoding="utf-8").splitlines() if not l.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


def test_propose_review_accept(tmp_path):
    links = tmp_path / "links.tsv"
    links.write_text((ROOT / "mappings" / "links.tsv").read_text(encoding="utf-8"), encoding="utf-8")
    before = (ROOT / "mappings" / "links.tsv").read_text(encoding="utf-8")
    review = tmp_path / "review.tsv"
    with oxigraph_server(tmp_path / "wikidata") as url:
        requests.post(url + "/store?default", data=FIXTURE.read_bytes(),
                      headers={"Content-Type": "text/turtle"}).raise_for_status()
        result = kg("link", "--endpoint", url + "/query", "--out", review)
    assert result.returncode == 0, result.stderr
    rows = review_rows(review)
    zheng = [r for r in rows if r["subject"] == "person:zheng-xuan"]
    assert {(r["dataset"], r["candidate"]) for r in zheng} == {
        ("wikidata", "http://www.wikidata.org/entity/Q9000001"),
        ("cbdb", "https://cbdb.fas.harvard.edu/cbdbapi/person.php?id=90001")}
    assert zheng[0]["birth"] == "0127-08-09" and zheng[0]["death"] == "0200-07-01" and zheng[0]["description"]
    li = [r for r in rows if r["subject"] == "person:li-rugui"]
    assert len(li) == 2 and {r["status"] for r in li} == {"ambiguous"}
    assert not [r for r in rows if r["subject"] == "person:jia-gongyan"]  # no candidate, no row
    assert all(r["accept"] == "" for r in rows)  # nothing is accepted by the machine
    assert (ROOT / "mappings" / "links.tsv").read_text(encoding="utf-8") == before

    # A reviewer accepts 鄭玄's two rows and leaves the ambiguous ones.
    text = review.read_text(encoding="utf-8").splitlines()
    text = [line + "yes" if line.startswith("person:zheng-xuan\t") else line for line in text]
    review.write_text("\n".join(text) + "\n", encoding="utf-8")
    moved = kg("link", "--accept", review, "--links", links)
    assert moved.returncode == 0 and moved.stdout.startswith("2 accepted")
    table = links.read_text(encoding="utf-8")
    assert "person:zheng-xuan\tskos:exactMatch\thttp://www.wikidata.org/entity/Q9000001\twikidata" in table
    assert "Q9000002" not in table and "Q9000003" not in table
    assert {r["subject"] for r in review_rows(review)} >= {"person:li-rugui"}
    assert not [r for r in review_rows(review) if r["subject"] == "person:zheng-xuan"]


def test_offline_says_so_and_changes_nothing(tmp_path):
    review = tmp_path / "review.tsv"
    result = kg("link", "--endpoint", "http://127.0.0.1:9/sparql", "--out", review)
    assert result.returncode == 1
    assert "offline" in result.stderr and "nothing was changed" in result.stderr
    assert not review.exists()
