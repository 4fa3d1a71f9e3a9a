"""One work, many editions: canonical passages with lasting locators, every
edition aligned to them, events of the work attested by the editions, and
IRIs that do not move when something else changes."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from kg.build import Source, default_corpus, extract, graph_quads, read_documents
from kg.extract.work import read_work, reference_document
from kg.publish.store import select
from kg.text import canon
from tests.conftest import ROOT, SAMPLES, kg

QUERIES = ROOT / "queries"


def rows(store, name: str) -> list[dict[str, str]]:
    return select(store, (QUERIES / name).read_text(encoding="utf-8"))[1]


# --- the canonical passages ---------------------------------------------------------

def test_the_frozen_table_still_reads_the_reference_file():
    """Every locator's characters are where the table says, in all 17 chapters;
    locators are unique, parse, and number each section from 1 without gaps."""
    table = canon.load()
    assert sorted(table) == list(range(1, 18))
    seen = set()
    for chapter, passages in table.items():
        reference_document(chapter, passages)  # raises if any row no longer reads its text
        numbers: dict[int, list[int]] = {}
        for p in passages:
            assert canon.parse_locator(p.locator) == (chapter, p.section, p.number)
            assert p.locator not in seen
            seen.add(p.locator)
            numbers.setdefault(p.section, []).append(p.number)
        for section, found in numbers.items():
            assert found == list(range(1, len(found) + 1)), (chapter, section)
    assert canon.load()[5][0].citation("鄉射禮") == "儀禮·鄉射禮·戒賓 1"


def test_kg_canon_refuses_to_overwrite_published_locators(tmp_path):
    result = kg("canon")
    assert result.returncode == 1 and "--force" in result.stderr
    out = tmp_path / "passages.tsv"
    assert kg("canon", "--out", out).returncode == 0
    assert out.read_text(encoding="utf-8") == canon.TABLE.read_text(encoding="utf-8")


def test_bad_locators_are_refused():
    for bad in ("5.1", "5.1.x", "05.1.2.3", ""):
        with pytest.raises(ValueError):
            canon.parse_locator(bad)


# --- the default build ----------------------------------------------------------------

def test_passages_query_gives_the_seventeen_chapters_in_order(built_store):
    found = rows(built_store, "passages.rq")
    assert sorted({int(r["chapter"]) for r in found}) == list(range(1, 18))
    assert len(found) == sum(map(len, canon.load().values()))
    keys = [tuple(map(int, r["locator"].split("."))) for r in found]
    assert [k[0] for k in keys] == sorted(k[0] for k in keys)
    first = found[0]
    assert first["locator"] == "1.1.1" and first["citation"].startswith("儀禮·士冠禮·") and first["text"]


def test_every_passage_of_the_seeds_is_aligned(built_store):
    aligned = {(r["doc"], int(r["start"])) for r in rows(built_store, "alignment.rq")}
    docs = {d.path: d for d in read_documents([s for s in default_corpus() if s.path.parent.name == "corpus"])}
    for doc in docs.values():
        units = doc.passages or doc.notes  # the translation (002) is aligned sentence by sentence
        missing = [u.span.text for u in units if (doc.path, u.span.start) not in aligned]
        assert not missing, (doc.path, missing[:3])


def test_stretches_lie_inside_the_passages_they_are_aligned_with(built_store):
    """queries/stretches.rq: the characters of an edition passage that read
    one canonical passage; a passage reading several has one stretch each."""
    passages: dict = {}  # (doc, locator) → the edition passages aligned with it
    for r in rows(built_store, "alignment.rq"):
        passages.setdefault((r["doc"], r["locator"]), []).append((int(r["start"]), int(r["end"])))
    stretches = rows(built_store, "stretches.rq")
    assert len(stretches) > 10000
    split: dict = {}
    for r in stretches:
        within = [(s, e) for s, e in passages[(r["doc"], r["locator"])] if s <= int(r["start"]) < int(r["end"]) <= e]
        assert len(within) == 1, r
        split.setdefault((r["doc"], within[0]), []).append(r["locator"])
    assert any(len(locators) > 1 for locators in split.values())


def test_counting_acts_counts_the_work_not_the_copies(built_store):
    """鄉射禮 is built from four witnesses; the 獲者's acts are counted once."""
    query = """PREFIX yili: <http://localhost:8000/ontology#> PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
      SELECT (COUNT(DISTINCT ?e) AS ?work) (COUNT(DISTINCT ?att) AS ?copies) WHERE {
        ?e a yili:RitualEvent ; yili:agent/skos:prefLabel ?r ; yili:passage ?p .
        FILTER(STR(?r) = "獲者") FILTER(STRSTARTS(STR(?p), "http://localhost:8000/id/passage/5."))
        OPTIONAL { ?e yili:attestedBy ?att } }"""
    found = select(built_store, query)[1][0]
    work, copies = int(found["work"]), int(found["copies"])
    assert 10 < work < copies  # each act once, reported by several editions


def test_work_events_have_witnesses_and_parallels_are_linked(built_store):
    found = rows(built_store, "work-events.rq")
    assert found and all(r["locator"] and r["action"] for r in found)
    five = [r for r in found if r["locator"].startswith("5.")]
    witnesses = {w for r in five for w in r["witnesses"].split("|") if w}
    assert {"KR1d0038-WYG", "KR1d0026-SBCK", "yili-punctuated", "KR1d0028", "KR1d0030"} <= witnesses
    query = """PREFIX yili: <http://localhost:8000/ontology#>
      SELECT ?a ?b WHERE { ?x a yili:Parallel ; yili:between ?a, ?b . FILTER(STR(?a) < STR(?b)) }"""
    pairs = {(r["a"].rsplit("/", 1)[1], r["b"].rsplit("/", 1)[1]) for r in select(built_store, query)[1]}
    chapters = {(a.split(".")[0], b.split(".")[0]) for a, b in pairs}
    assert ("5", "7") in chapters and all(x != y for x, y in chapters)  # 鄉射禮 ~ 大射儀, never within one chapter


def test_variant_readings_are_data(built_store):
    query = """PREFIX yili: <http://localhost:8000/ontology#> PREFIX oa: <http://www.w3.org/ns/oa#>
      SELECT ?reading ?canonical ?file ?start ?end WHERE {
        ?v a yili:VariantReading ; yili:reading ?reading ; yili:canonicalReading ?canonical ;
           oa:hasSource/yili:sourceFile ?file ; oa:hasSelector ?s .
        ?s a oa:TextPositionSelector ; oa:start ?start ; oa:end ?end .
        FILTER(STR(?reading) = "於" && STR(?canonical) = "于") } LIMIT 50"""
    found = select(built_store, query)[1]
    assert found
    for r in found:  # the edition's own characters are where the variant says
        path = next(ROOT.glob(f"corpus/**/{r['file']}"))
        text = path.read_bytes().decode("utf-8")  # offsets count a CR LF as two code points
        assert text[int(r["start"]):int(r["end"])] == "於"


# --- stages of the rite in every edition ----------------------------------------------

def _set_out_robes(doc, events):
    """The 陳 of 陳服于房中西墉下 (士冠禮): the first act of 張爾岐's section
    of the things set out, with no one written to do it."""
    return next(e for e in events if e.action == "陳" and "服于房中西墉下" in doc.passages[e.passage].span.norm)


def test_an_edition_without_sections_takes_the_references_stages():
    """KR1d0026 marks no sections; through its alignment it takes those of the
    reference (stages_of), so a new stage opens where 張爾岐's does: 陳服…
    sets things out and no officer of the last stage (擯者) is carried into it,
    as in KR1d0038 itself."""
    from kg.extract.passages import extract_events
    from kg.extract.work import align_documents, stages_of

    sbck, wyg = read_documents([Source(ROOT / "corpus/KR1d0026/KR1d0026_001.txt"),
                                Source(ROOT / "corpus/KR1d0038/KR1d0038_001.txt")])
    assert not sbck.sections and wyg.sections
    stages = stages_of(sbck, align_documents([sbck])[sbck.key])
    assert stages_of(wyg, align_documents([wyg])[wyg.key]) is None  # its own sections are its stages
    assert _set_out_robes(sbck, extract_events(sbck)).agents == ["擯者"]  # unstaged: carried
    events = extract(read_documents([Source(ROOT / "corpus/KR1d0026/KR1d0026_001.txt")]))
    assert _set_out_robes(sbck, extract_events(sbck, stages)).agents == []
    assert next(iter(events.values())) == extract_events(sbck, stages)  # extract() stages by itself
    assert _set_out_robes(wyg, extract_events(wyg)).agents == []


def test_a_passage_that_runs_across_a_section_is_read_as_two():
    """KR1d0026's passage 司射先立…搢三而挾一个 runs across 張爾岐's division
    (右三耦…; 司射東面立于三耦之北 opens the 司射's demonstration): the new
    stage begins inside it, so the 司射 written there goes on into 揖進當階…
    as in KR1d0038, and no principal party is put back at the next passage."""
    from kg.extract.work import align_documents, stages_of

    sbck, = read_documents([Source(ROOT / "corpus/KR1d0026/KR1d0026_005.txt")])
    stages = stages_of(sbck, align_documents([sbck])[sbck.key])
    across = next(p for p in sbck.passages if "司射東面立于三耦之北" in p.span.norm)
    (_, before), (cut, after) = next((was, now) for was, now in zip(stages[across.index], stages[across.index][1:])
                                     if now[1] != was[1])
    assert after == before + 1 and across.span.norm[cut:].startswith("司射東面立于三耦之北")
    events = extract(read_documents([Source(ROOT / "corpus/KR1d0026/KR1d0026_005.txt")]))[sbck.key]
    bows = [e for e in events if e.passage == across.index + 1]
    assert bows and {tuple(e.agents) for e in bows} == {("司射",)}
    assert [e.start for e in events] == sorted(e.start for e in events)


def test_a_passage_is_cut_where_a_canonical_passage_begins():
    """The punctuated text runs 既夕禮's 薦車，直東榮，北輈。質明，滅燭。徹者升自阼階，
    降自西階。乃奠如初 as one passage; the reference opens a passage at 質明 (a new
    stage of the day: no one carried into putting out the torches) and at 乃奠, and so,
    through its alignment, does the punctuated text: 奠 has no agent, as in KR1d0038
    (rule carried-passage: those who cleared lay no offering), where the whole
    paragraph read as one gives it the 徹者 written before."""
    from kg.extract.passages import extract_events
    from kg.extract.work import align_documents, stages_of

    plain = next(d for d in read_documents([Source(ROOT / "corpus/plain/yili-punctuated.txt")])
                 if d.chapter == 13)
    stages = stages_of(plain, align_documents([plain])[plain.key])
    holding = next(p for p in plain.passages if "薦車，直東榮，北輈。質明，滅燭。" in p.span.norm)
    cuts = [cut for cut, _ in stages[holding.index]]
    assert holding.span.norm.index("質明") in cuts
    assert holding.span.norm.index("乃奠") in cuts
    put_out = [e for e in extract_events(plain, stages) if e.action in ("滅", "奠") and e.passage == holding.index]
    assert [e.agents for e in put_out] == [[], []]
    whole = [e for e in extract_events(plain, {holding.index: [(0, stages[holding.index][0][1])]})
             if e.action == "奠" and e.passage == holding.index]
    assert [e.agents for e in whole] == [["徹者"]]  # read as one passage, those who cleared are carried in


def test_a_cut_at_a_canonical_passage_lands_on_its_first_word():
    """The alignment of seed 003 (鄉射禮) begins the canonical 司馬又命獲者倚旌于侯中
    at 又命, two characters late; the cut is made before 司馬, where the edition
    writes the passage's first word, so 司馬 stays the one who commands."""
    from kg.extract.passages import extract_events
    from kg.extract.work import align_documents, stages_of

    seed, = read_documents([Source(next(ROOT.glob("corpus/003_*.txt")))])
    alignments = align_documents([seed])[seed.key]
    late = next(a for a in alignments if a.locator == "5.17.3")
    passage = seed.passages[late.item]
    assert passage.span.norm[passage.span.offsets.index(late.start):].startswith("又命獲者")
    assert passage.span.norm.index("司馬又命") in [cut for cut, _ in stages_of(seed, alignments)[late.item]]
    commands = [e for e in extract_events(seed, stages_of(seed, alignments))
                if e.passage == late.item and e.action == "命"]
    assert [(e.agents, e.recipients) for e in commands] == [(["司馬"], ["獲者"])]


def test_no_cut_inside_words_said_nor_before_jie():
    """2.218.0, from a review of 2.216.0: a canonical passage that begins inside
    「…」 is no cut (the piece after it would read the words said as acts: 鄉射禮's
    command 不勝者皆襲…), nor one that begins with 皆, which reaches back to the two
    subjects before it (上射…下射…皆當其物北面揖: both bow, in the punctuated text
    as in KR1d0038); nor does the one told act next where an edition's passage
    runs on past a canonical one (大射儀 告於公，曰：「左右卒射。」反位: the 釋獲者 goes back,
    not the lord)."""
    from kg.extract.passages import extract_events
    from kg.extract.work import _may_cut, align_documents, stages_of

    assert not _may_cut("司射命曰「不勝者皆襲", 9) and _may_cut("曰「諾。」反位", 5)
    assert not _may_cut("上射下射皆當其物", 4)
    plain = {d.chapter: d for d in read_documents([Source(ROOT / "corpus/plain/yili-punctuated.txt")])
             if d.chapter in (5, 7)}
    archery = plain[5]
    stages = stages_of(archery, align_documents([archery])[archery.key])
    holding = next(p for p in archery.passages if "皆當其物，北面揖" in p.span.norm)
    assert holding.span.norm.index("皆當其物") not in [cut for cut, _ in stages[holding.index]]
    bows = [e for e in extract_events(archery, stages) if e.passage == holding.index and e.action == "揖"
            and e.start > holding.span.original_range(holding.span.norm.index("皆當其物"), 0)[0]]
    assert bows and all(set(e.agents) == {"上射", "下射"} for e in bows[:1])
    great = plain[7]
    stages = stages_of(great, align_documents([great])[great.key])
    told = next(p for p in great.passages if "告於公，曰：「左右卒射。」反位" in p.span.norm)
    back = [e for e in extract_events(great, stages) if e.passage == told.index and e.action == "反位"]
    assert back and back[0].agents != ["公"]


def test_events_of_the_work_read_the_references_sections():
    """The reference document built from the canonical passages keeps their
    sections, so an event of the work is read as its edition reads it."""
    docs = read_documents([Source(ROOT / "corpus/KR1d0038/KR1d0038_001.txt")])
    events = extract(docs)
    work = read_work(docs, events)
    wyg = docs[0]
    found = _set_out_robes(wyg, events[wyg.key])
    assert found.agents == [] and work.attested[wyg.key][found.seq].event.agents == []
    differ = [(e.action, e.agents, w.event.agents) for e in events[wyg.key]
              for w in [work.attested[wyg.key].get(e.seq)] if w is not None and w.event.agents != e.agents]
    assert differ == []


# --- identifiers that last (library calls on a small build) ------------------------------

def small_corpus() -> list[Source]:
    return [s for s in default_corpus() if s.chapter == 6]  # 燕禮: seed 004, KR1d0038, KR1d0026


def iris(quads, pattern: str) -> set[str]:
    rx = re.compile(pattern)
    return {t.value for q in quads for t in (q.subject, q.object) if hasattr(t, "value") and rx.search(t.value)}


def test_one_more_edition_adds_alignments_and_moves_no_locator():
    docs = read_documents(small_corpus())
    before = graph_quads(docs)
    sample = next(SAMPLES.glob("kanripo-KR1d0028-*"))
    more = read_documents([*small_corpus(), Source(Path(sample))])
    after = graph_quads(more)
    passages = r"/id/passage/\d+\.\d+\.\d+$"
    assert iris(before, passages) <= iris(after, passages)
    old_docs = {d.key for d in docs}
    kept = {i for i in iris(before, r"/id/doc/") if i.split("/id/doc/")[1].rsplit("/passage", 1)[0] in old_docs}
    assert kept <= iris(after, r"/id/doc/")
    assert len(iris(after, r"#align-")) > len(iris(before, r"#align-"))
    assert any("/id/passage/1." in i for i in iris(after, passages))  # the sample is 士冠禮: its chapter joins


def _acts(quads, passage: str) -> dict[str, str]:
    """Each event IRI of a canonical passage and the act it names."""
    return {q.subject.value: q.object.value for q in quads if q.predicate.value.endswith("#action")
            and f"/id/passage/{passage}/event/" in q.subject.value}


def test_changing_one_passage_changes_only_its_event_iris(monkeypatch):
    import kg.extract.work as work_module

    docs = read_documents(small_corpus())
    events = extract(docs)
    quads = graph_quads(docs, events=events, work=read_work(docs, events))
    before = iris(quads, r"/id/passage/.*/event/")
    real = work_module.extract_events
    target = "6.3.5"  # (four events: the three after the first keep their IRIs)

    def drop_first_event_of_one_passage(doc):
        found = real(doc)
        index = next(i for i, p in enumerate(canon.load()[6]) if p.locator == target)
        first = next(e for e in found if e.passage == index)
        return [e for e in found if e is not first]

    monkeypatch.setattr(work_module, "extract_events", drop_first_event_of_one_passage)
    quads_after = graph_quads(docs, events=events, work=read_work(docs, events))
    after = iris(quads_after, r"/id/passage/.*/event/")
    changed = before ^ after
    assert changed and all(f"/id/passage/{target}/event/" in i for i in changed)
    # only the dropped event's IRI (and its text selectors) went, and every IRI left names
    # the act it named before: an event is named by where its act is written, not by its
    # place among the passage's events (which moved: the first is gone)
    assert changed <= before and len({i.split("#")[0] for i in changed}) == 1
    acts_before, acts_after = _acts(quads, target), _acts(quads_after, target)
    assert len(acts_after) == len(acts_before) - 1 >= 2
    assert all(acts_before[iri] == act for iri, act in acts_after.items())


def test_the_same_document_twice_is_refused():
    from kg.readers import InputError

    one = small_corpus()[1]
    with pytest.raises(InputError, match="again"):
        read_documents([one, one])


def test_base_moves_everything_including_the_vocabulary(tmp_path):
    from kg.publish.dump import publish_dist

    docs = read_documents(small_corpus())
    quads = graph_quads(docs, base="https://example.org/yili/")
    outputs, _ = publish_dist(quads, tmp_path / "dist", base="https://example.org/yili/")
    for path in outputs:
        text = path.read_text(encoding="utf-8")
        assert "localhost" not in text, path.name
    assert "https://example.org/yili/ontology#RitualEvent" in (tmp_path / "dist" / "yili.nt").read_text(
        encoding="utf-8")


def test_add_builds_the_default_corpus_plus_the_file(tmp_path):
    from kg.build import sources

    sample = next(SAMPLES.glob("kanripo-KR1d0028-*"))
    items = sources(added=[sample])
    assert items[:-1] == default_corpus() and items[-1].path == sample
    assert sources([sample]) == [Source(sample)]
    refused = kg("build", sample, "--add", sample, "--out", tmp_path)
    assert refused.returncode == 1 and "not both" in refused.stderr and refused.stderr.count("\n") == 1


def test_a_release_build_names_no_localhost(tmp_path):
    """kg build --base: every dump and the VoID, the vocabulary included."""
    out = tmp_path / "dist"
    result = kg("build", ROOT / "corpus" / "004_e628e307c812ee51.txt", "--chapter", "6",
                "--base", "https://example.org/yili/", "--out", out)
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in out.iterdir() if p.is_symlink() and p.name != "current")
    assert names == ["void.ttl", "yili.jsonld", "yili.nq", "yili.nt", "yili.ttl"]
    for name in names:
        assert "localhost" not in (out / name).read_text(encoding="utf-8"), name
    assert "<https://example.org/yili/ontology#CanonicalPassage>" in (out / "yili.nt").read_text(encoding="utf-8")
