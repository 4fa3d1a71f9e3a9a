"""Every query in queries/ answers its question on the built graph."""
from __future__ import annotations

import csv
import io

import pytest

from kg.publish.store import select
from tests.conftest import ROOT, kg

QUERIES = ROOT / "queries"


def rows(store, name: str) -> list[dict[str, str]]:
    return select(store, (QUERIES / name).read_text(encoding="utf-8"))[1]


def test_every_query_file_has_a_test():
    tested = {"events.rq", "sishe-acts.rq", "shihuozhe-objects.rq", "fu-zhong-places.rq",
              "shared-roles.rq", "section-acts.rq",
              "passages.rq", "alignment.rq", "work-events.rq", "review.rq",  # these: tests/test_work.py
              "stretches.rq"}  # tests/test_work.py and tests/test_extract.py (kg eval --editions)
    assert {p.name for p in QUERIES.glob("*.rq")} == tested


def test_events_query_is_the_eval_contract_in_csv(built_small):
    result = kg("query", QUERIES / "events.rq", "--graph", built_small / "yili.nt", "--format", "csv")
    assert result.returncode == 0, result.stderr
    table = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(table[0]) == ["doc", "seq", "start", "end", "agents", "action", "objects", "recipients",
                              "place", "facing", "negated"]
    assert {r["negated"] for r in table} == {"true", "false"}
    source = next(ROOT.glob(f"corpus/**/{table[0]['doc']}")).read_text(encoding="utf-8")
    for r in table[:200]:
        assert int(r["start"]) < int(r["end"])
    # The act 告 of 司射 with its quote's speaker's facing, read back from the file.
    hit = [r for r in table if r["doc"].startswith("003") and r["action"] == "告" and r["place"] == "階上"]
    assert hit and hit[0]["agents"] == "司射" and hit[0]["recipients"] == "賓" and hit[0]["facing"] == "北面"
    doc3 = (ROOT / "corpus" / hit[0]["doc"]).read_text(encoding="utf-8")
    assert doc3[int(hit[0]["start"]):int(hit[0]["end"])].startswith("告")
    assert source


def test_sishe_acts_in_order_with_zheng_xuan(built_store):
    acts = rows(built_store, "sishe-acts.rq")
    assert len(acts) > 30 and all(r["locator"].startswith("5.") for r in acts)
    order = [tuple(map(int, r["locator"].split("."))) for r in acts]
    sections = [o[1] if o[1] else 10**6 for o in order]  # section 0 (the 記) comes last
    assert sections == sorted(sections)  # the order of the rite
    assert any(r["action"] == "適" and r.get("place") == "堂西" for r in acts)
    assert all(r["text"] and r["citation"].startswith("儀禮·鄉射禮") for r in acts)
    # 張爾岐's edition carries 鄭注 on the canonical passages.
    assert sum(1 for r in acts if r.get("zhengZhu")) > 20


def test_objects_the_shihuozhe_handles(built_store):
    found = rows(built_store, "shihuozhe-objects.rq")
    by_role = {(r["role"], r["object"], r["action"]) for r in found}
    assert ("釋獲者", "算", "實") in by_role and ("釋獲者", "算", "取") in by_role
    assert ("大史", "算", "實") in by_role  # 大射儀: the 大史 does the 釋獲者's work
    own = [r for r in found if r["role"] == "釋獲者"]
    assert own[0]["object"] == "算"  # the tallies, most often


def test_where_fu_and_zhong_are_set(built_store):
    found = rows(built_store, "fu-zhong-places.rq")
    assert {"object": "楅", "action": "設", "place": "中庭南"}.items() <= next(
        r for r in found if r["action"] == "設").items()
    assert {r["object"] for r in found} <= {"楅", "中"}


def test_roles_shared_by_xiangshe_and_dashe(built_store):
    found = {(r["xiangshe"], r["dashe"], r["relation"]) for r in rows(built_store, "shared-roles.rq")}
    assert ("獲者", "負侯者", "same function") in found
    assert ("獲者", "服不", "same function") in found
    assert ("釋獲者", "大史", "same function") in found
    assert ("司射", "司射", "same role") in found


def test_acts_of_one_section(built_store):
    found = rows(built_store, "section-acts.rq")
    assert found and {r["locator"].split(".")[0] for r in found} == {"7"}  # 大射儀 only
    assert found[0]["agents"] and found[0]["action"]
    assert ("負侯者", "適") in {(r["agents"], r["action"]) for r in found}


def test_bad_query_is_one_line_and_exit_1(built_small):
    result = kg("query", "-", "--graph", built_small / "yili.nt", input="SELECT * WHERE {")
    assert result.returncode == 1
    assert result.stderr.startswith("kg: error: bad SPARQL query") and result.stderr.count("\n") == 1


@pytest.mark.parametrize("fmt", ["tsv", "json", "xml"])
def test_query_result_formats(built_small, fmt):
    """The command's formats (on one chapter: the whole work is not what is tested)."""
    result = kg("query", QUERIES / "sishe-acts.rq", "--graph", built_small / "yili.nt", "--format", fmt)
    assert result.returncode == 0 and "司射" in result.stdout and "堂西" in result.stdout


def test_review_lists_the_flagged_guesses_with_why(built_small):
    """queries/review.rq on 鄉射禮: the events whose agent was carried across a
    sentence or passage, read from an exchange (or is not written) are listed
    with the reason; an event whose subject is written is never there for its
    agent."""
    from kg.publish.store import open_store, solutions

    found = solutions(open_store([built_small / "yili.nq"]), (QUERIES / "review.rq").read_text(encoding="utf-8"))
    assert len(found) > 20 and all(r["reasons"] and r["locator"].startswith("5.") for r in found)
    about_agents = [r for r in found if "agent" in r["reasons"]]
    guesses = {"carried-passage", "carried-sentence", "told-acts-next", "counted-exchange", "gift-answered",
               "commanded-does"}
    assert about_agents and all(guesses & set(r["rules"].split("|"))
                                or "not written" in r["reasons"] for r in about_agents)
    assert not any("written-subject" in r["rules"].split("|") and "carried" in r["reasons"] for r in found)
