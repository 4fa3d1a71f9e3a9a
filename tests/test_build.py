"""``kg build`` as a user runs it: outputs, selectors, determinism, stable IRIs."""
from __future__ import annotations


import pytest
from pyoxigraph import RdfFormat, parse

from tests.conftest import ROOT, kg, seed

OA = "http://www.w3.org/ns/oa#"


@pytest.fixture(scope="module")
def dist(built):
    return built


@pytest.fixture(scope="module")
def store(built_store):
    return built_store


def test_build_writes_turtle_and_ntriples(dist):
    # Parsed as a stream (each dump holds each triple once): no store is
    # built for 1.8 million triples only to count them.
    turtle = sum(1 for _ in parse(path=str(dist / "yili.ttl"), format=RdfFormat.TURTLE))
    nt_lines = (dist / "yili.nt").read_text(encoding="utf-8").splitlines()
    assert turtle == len(nt_lines) > 20000
    assert len(set(nt_lines)) == len(nt_lines)  # each triple once (in build order, not sorted)


def test_every_selector_gives_back_its_exact_text(store):
    rows = store.query(f"""
        PREFIX oa: <{OA}>
        PREFIX yili: <http://localhost:8000/ontology#>
        SELECT ?file ?start ?end ?exact WHERE {{
          ?thing oa:hasSource ?doc ; oa:hasSelector ?pos, ?quote .
          ?doc yili:sourceFile ?file .
          ?pos a oa:TextPositionSelector ; oa:start ?start ; oa:end ?end .
          ?quote a oa:TextQuoteSelector ; oa:exact ?exact .
        }}""")
    files = {}
    count = 0
    for row in rows:
        name = row["file"].value
        if name not in files:
            files[name] = next(ROOT.glob(f"corpus/**/{name}")).read_bytes().decode("utf-8")  # CR LF kept
        start, end = int(row["start"].value), int(row["end"].value)
        assert start < end
        assert files[name][start:end] == row["exact"].value
        count += 1
    assert count > 1500 and len(files) == 5 + 17 + 17 + 1  # seeds, KR1d0038, KR1d0026, the plain text


def test_notes_are_annotations_on_passages(store):
    query = f"""PREFIX oa: <{OA}> PREFIX yili: <http://localhost:8000/ontology#>
        SELECT ?text WHERE {{
          ?note a oa:Annotation ; yili:layer ?layer ; oa:hasTarget ?p ; oa:hasBody ?body .
          ?p yili:readingText "眾賓繼射,釋獲皆如初。司射所作,唯上耦。"@lzh .
          ?body <http://www.w3.org/1999/02/22-rdf-syntax-ns#value> ?text .
        }}"""
    texts = sorted(row["text"].value for row in store.query(query))
    assert texts[0].startswith("[疏]“眾賓”至“上耦”") and texts[1].startswith("於是言唯上耦者")


def test_each_triple_is_stated_once_and_in_one_graph(dist):
    """The builders state each triple once and in one graph only, so the
    dataset is made without hashing repeats away (Dataset.stated): the
    N-Quads of the whole work have as many lines as the union's N-Triples,
    each of which is there once (above)."""
    with open(dist / "yili.nt", "rb") as nt, open(dist / "yili.nq", "rb") as nq:
        assert sum(1 for _ in nq) == sum(1 for _ in nt) > 1_000_000


def test_a_composed_place_is_described_in_the_vocabulary_whatever_edition_names_it_first(docs):
    """三耦南, 豐上 …: a place the text composes is a term of the ontology
    graph, not of the first edition to use it, so adding or reordering
    editions moves none of its statements between graphs."""
    from kg.build import align_and_extract
    from kg.extract.work import read_work
    from kg.rdf.dataset import build_dataset

    def graphs(order):
        chosen = [docs[key] for key in order]
        alignments, events = align_and_extract(chosen)
        dataset = build_dataset(chosen, events, read_work(chosen, events, alignments=alignments))
        return {g.value.rsplit("/", 1)[-1]: set(ts) for g, ts in dataset.graphs.items()}

    one, other = graphs(["001", "003"]), graphs(["003", "001"])
    assert one == other
    relative = {g: {t for t in ts if t.predicate.value.endswith("#relativeTo")} for g, ts in one.items()}
    assert len(relative.pop("ontology")) > 20 and not any(relative.values())


def test_the_pieces_of_a_graph_come_together():
    from pyoxigraph import Literal, NamedNode, Triple

    from kg.rdf.io import Dataset

    a, b = NamedNode("http://example.org/a"), NamedNode("http://example.org/b")
    t = [Triple(a, a, Literal(str(n))) for n in range(3)]
    pieces = []
    dataset = Dataset.stated([(a, t[:1]), (a, t[1:2]), (b, t[2:])], sink=lambda g, ts: pieces.append((g, ts)))
    assert pieces == [(a, t[:1]), (a, t[1:2]), (b, t[2:])] and dataset.union() == t and len(dataset) == 3
    with pytest.raises(ValueError, match="not together"):
        Dataset.stated([(a, t[:1]), (b, t[1:2]), (a, t[2:])])
    # kg build keeps only the graph it describes afterwards; the sink sees them all
    pieces.clear()
    kept = Dataset.stated([(a, t[:1]), (a, t[1:2]), (b, t[2:])], sink=lambda g, ts: pieces.append(g), keep=b.__eq__)
    assert kept.graphs == {b: t[2:]} and pieces == [a, a, b]
    with pytest.raises(ValueError, match="not together"):
        Dataset.stated([(a, t[:1]), (b, t[1:2]), (a, t[2:])], keep=b.__eq__)


def test_the_nquads_kg_build_writes_are_those_pyoxigraph_writes_of_the_dataset(tmp_path):
    """kg build's N-Quads are the N-Triples its stream wrote, read back and
    each line named with its graph (kg.rdf.io.copy_ntriples_as_nquads):
    the bytes pyoxigraph writes of the dataset's quads."""
    from pyoxigraph import serialize

    import kg.build

    source = [kg.build.Source(seed("003"))]
    kg.build.build(source, tmp_path / "dist", cache=False)
    dataset = kg.build.graph_dataset(kg.build.read_documents(source))
    written = (tmp_path / "dist" / "yili.nq").read_bytes()
    assert written == serialize(list(dataset.quads()), format=RdfFormat.N_QUADS)
    assert written.count(b"\n") > 50_000


def test_two_builds_are_byte_identical(tmp_path):
    """Three editions of 燕禮 (several documents, alignments, a chapter of the
    work), built twice: the same bytes in every dump."""
    files = [seed("004"), ROOT / "corpus" / "KR1d0038" / "KR1d0038_006.txt", ROOT / "corpus" / "KR1d0026" /
             "KR1d0026_006.txt"]
    for out in ("a", "b"):
        result = kg("build", *files, "--chapter", "6", "--out", tmp_path / out)
        assert result.returncode == 0, result.stderr
    for name in ("yili.nt", "yili.nq", "yili.ttl", "yili.jsonld", "void.ttl"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_iris_do_not_depend_on_the_rest_of_the_corpus(dist, tmp_path):
    """The seed 004 built alone says the same of its passages and notes as in
    the whole work (its events' links to the work aside, which need the rest)."""
    result = kg("build", seed("004"), "--chapter", "6", "--out", tmp_path)
    assert result.returncode == 0, result.stderr

    def own(path):
        return {line for line in (path / "yili.nt").read_text(encoding="utf-8").splitlines()
                if "/id/doc/KR1d0044/6/" in line.split(" ")[0] and "/event/" not in line.split(" ")[0]}
    alone, full = own(tmp_path), own(dist)
    assert alone and alone == full


def test_format_option_overrides_detection(tmp_path):
    result = kg("build", seed("004"), "--format", "plain", "--out", tmp_path)
    assert result.returncode == 0, result.stderr
    assert '"plain"' in (tmp_path / "yili.nt").read_text(encoding="utf-8")


def test_read_prints_the_text_model():
    result = kg("read", seed("001"))
    assert result.returncode == 0
    assert '"passages": 35' in result.stdout.splitlines()[0]


def test_align_and_extract_in_two_processes_gives_what_one_does():
    """kg build shares the documents, and the chapters whose events of the
    work it reads from the reference text, between itself and a forked
    child: each must come out as the plain sequential calls give it, in
    the same order."""
    from kg.build import align_and_extract, extract, prepare, read_documents
    from kg.bench import seeds_corpus
    from kg.extract.work import align_documents, work_events
    from kg.text import canon

    docs = read_documents(seeds_corpus())
    alignments, events = align_and_extract(docs)
    assert list(events) == [d.key for d in docs]
    assert alignments == align_documents(docs)
    assert events == extract(docs, alignments=alignments)
    assert sum(map(len, events.values())) > 3000
    _, _, references = prepare(docs)
    assert list(references) == [5, 6, 7]  # 鄉射禮, 燕禮, 大射儀: the seeds' chapters
    for chapter, (reference, work) in references.items():
        alone, expected = work_events(chapter, canon.load()[chapter])
        assert reference.source == alone.source and reference.passages == alone.passages
        assert [(w.locator, w.number, w.event) for w in work] == [(w.locator, w.number, w.event) for w in expected]
        assert len(work) > 100


def build_failing_at(step: str, error: BaseException, tmp_path, monkeypatch, within=None):
    """Build seed 003 with ``kg.build.<step>`` (or ``within.<step>``) raising
    ``error``: the validator processes the build started, and the output
    folder."""
    import kg.build
    from kg.forked import Forked

    started: list = []

    class Recorded(Forked):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            started.append(self)

    def fails(*args, **kwargs):
        raise error

    monkeypatch.setattr(kg.build, "Forked", Recorded)
    monkeypatch.setattr(within or kg.build, step, fails)
    out = tmp_path / "dist"
    with pytest.raises(type(error), match=str(error)):
        kg.build.build([kg.build.Source(seed("003"))], out, cache=False)
    return [job for job in started if job.process is not None], out


def test_a_failed_write_stops_the_validator_and_leaves_no_build(tmp_path, monkeypatch):
    """The validator runs in a process of its own while the dumps are
    written (the held pieces of the graph, kg.rdf.stream.DumpWriter.finish);
    when writing fails, the validator is stopped (not waited for) and
    nothing is published or left behind."""
    from kg.rdf.stream import DumpWriter

    validator, out = build_failing_at("finish", OSError("No space left on device"), tmp_path, monkeypatch,
                                      within=DumpWriter)
    assert len(validator) == 1 and validator[0].process.poll() is not None
    assert validator[0].process.returncode < 0  # killed by a signal: stopped, not waited for
    assert not (out / "yili.nt").exists()
    assert [p.name for p in (out / "builds").iterdir()] == []  # the partial build was removed


def test_a_build_that_fails_while_making_its_graph_stops_the_waiting_validator(tmp_path, monkeypatch):
    """The validator is started before the graph is made and waits for it;
    when making the graph fails, the validator does not outlive the build
    and nothing is published or left behind."""
    validator, out = build_failing_at("build_dataset", MemoryError("no room for the graph"), tmp_path, monkeypatch)
    assert len(validator) == 1 and validator[0].process.poll() is not None
    assert not (out / "yili.nt").exists()
    assert [p.name for p in (out / "builds").iterdir()] == []


def test_a_validator_that_dies_fails_the_build_in_one_line(tmp_path, monkeypatch):
    """The validator is killed as soon as it starts (out of memory, a user's
    kill): the build does not take the broken pipe for a closed stdout (click
    would end it silently with status 1) but says what happened in one line,
    publishes nothing and leaves nothing behind."""
    from click.testing import CliRunner

    import kg.build
    from kg.cli import main
    from kg.forked import Forked

    class Killed(Forked):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            if self.process is not None:  # the spawned validator, not the forked extraction
                self.process.kill()
                self.process.wait()

    monkeypatch.setattr(kg.build, "Forked", Killed)
    out = tmp_path / "dist"
    result = CliRunner().invoke(main, ["build", str(seed("003")), "--out", str(out)])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.startswith("kg: error:")]
    assert lines == [f"kg: error: the validator stopped before the graph was made (the child process ended "
                     f"without a result (exit code -9)); {out}/ left as it was"]
    assert not (out / "yili.nt").exists() and [p.name for p in (out / "builds").iterdir()] == []


@pytest.mark.parametrize("where", ["write_dist", "DumpWriter._write"])
def test_a_full_disk_fails_the_build_in_one_line(tmp_path, monkeypatch, where):
    """The disk fills up while VoID is written (write_dist), or while the
    dumps are (DumpWriter, with --gzip so that it writes them all, the
    N-Triples too): one line, status 1, nothing published, no file left."""
    from click.testing import CliRunner

    import kg.build
    from kg.cli import main
    from kg.rdf.stream import DumpWriter

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    if where == "write_dist":
        monkeypatch.setattr(kg.build, "write_dist", full)
    else:
        monkeypatch.setattr(DumpWriter, "_write", full)
    out = tmp_path / "dist"
    result = CliRunner().invoke(main, ["build", str(seed("003")), "--out", str(out), "--gzip"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"kg: error: [Errno 28] No space left on device; {out}/ left as it was" in result.output.splitlines()
    assert not (out / "yili.nt.gz").exists() and [p.name for p in (out / "builds").iterdir()] == []
    # nothing but the validator's cache of verdicts (a graph's digest → conforms), which holds for any build
    assert not [p for p in out.rglob("*") if p.is_file() and ".cache" not in p.parts]
