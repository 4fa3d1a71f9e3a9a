"""The dumps written a piece at a time as the graph is made
(kg.rdf.stream.DumpWriter): held up to a size, then streamed; the same
graph as one serialisation of the whole, in every format."""
from __future__ import annotations

import gzip

import pytest
from pyoxigraph import Literal, NamedNode, Quad, RdfFormat, Triple, parse, serialize

from kg.rdf.formats import FORMATS
from kg.rdf.io import Dataset, IriMover
from kg.rdf.stream import DumpWriter
from tests.conftest import CORPUS

OLD, NEW = "http://localhost:8000/", "https://example.org/yili/"
PREFIXES = {"yili": OLD + "ontology#", "rdfs": "http://www.w3.org/2000/01/rdf-schema#"}


def pieces() -> list[tuple[NamedNode, list[Triple]]]:
    """Two graphs in four pieces; one subject's statements cross two pieces,
    literals hold what a writer must escape, one is a URL under the base."""
    work, edition = NamedNode(OLD + "graph/work"), NamedNode(OLD + "graph/edition/KR1d0038")
    label = NamedNode(PREFIXES["rdfs"] + "label")

    def t(n: int, text: str, **kind) -> Triple:
        return Triple(NamedNode(f"{OLD}id/passage/{n}"), label, Literal(text, **kind))

    return [(work, [t(1, "獲者坐而獲 .", language="zh-hant"), t(2, 'a "quote"\nand a line')]),
            (work, [t(2, "again, the same subject"), t(3, OLD + "id/doc/x")]),
            (edition, [t(4, "右 .\r\n", language="lzh")]),
            (edition, [Triple(NamedNode(OLD + "id/doc/KR1d0038/3"), NamedNode(OLD + "ontology#edition"),
                              NamedNode(OLD + "id/edition/KR1d0038"))])]


def read_back(path, fmt: str, gz: bool) -> set:
    data = gzip.decompress(path.read_bytes()) if gz else path.read_bytes()
    return set(parse(data, format=FORMATS[fmt].rdf_format))


@pytest.mark.parametrize("hold", [0, 3, 10**6])
@pytest.mark.parametrize("moved, gz", [(False, False), (True, True)])
def test_every_dump_written_in_pieces_is_the_graph_of_one_serialisation(tmp_path, hold, moved, gz):
    """Held (the whole work), streamed from the first piece, or streamed once
    the held pieces outgrow ``hold``: each file is the graph pyoxigraph
    writes of the whole dataset, under the base it is moved to."""
    dataset = Dataset.stated(pieces())
    move = IriMover(OLD, NEW) if moved else None
    expected = dataset.moved(OLD, NEW) if moved else dataset
    prefixes = {**PREFIXES, "yili": NEW + "ontology#"} if moved else PREFIXES
    paths = {name: tmp_path / ("pieces" + f.extension) for name, f in FORMATS.items()}
    with DumpWriter(paths, gz, prefixes, move, hold=hold) as writer:
        for graph, triples in pieces():
            writer(graph, triples)
        assert writer.wrote_early == (hold < 6)
    assert writer.counts == {path: 6 for path in paths.values()}
    for name, fmt in FORMATS.items():
        # pyoxigraph's one serialisation of the whole: the quads, or their union
        options = {"prefixes": prefixes} if fmt.rdf_format == RdfFormat.TURTLE else {}
        whole = serialize(list(expected.quads()) if fmt.datasets else expected.union(), format=fmt.rdf_format,
                          **options)
        written = paths[name].read_bytes()
        written = gzip.decompress(written) if gz else written
        assert set(parse(written, format=fmt.rdf_format)) == set(parse(whole, format=fmt.rdf_format)), name
        if fmt.rdf_format in (RdfFormat.N_TRIPLES, RdfFormat.N_QUADS):
            assert written == whole, name
    turtle = (gzip.decompress if gz else bytes)(paths["turtle"].read_bytes()).decode()
    assert turtle.count("@prefix yili:") == 1 and turtle.count("@prefix ") == len(prefixes)
    assert ("localhost" in turtle) != moved
    quads = read_back(paths["nquads"], "nquads", gz)
    assert {q.graph_name.value for q in quads} == {(NEW if moved else OLD) + g for g in
                                                   ("graph/work", "graph/edition/KR1d0038")}
    assert all(isinstance(q, Quad) for q in quads)


def test_graphs_that_share_triples_give_each_once_to_the_union_formats(tmp_path):
    """A dataset read back (kg.publish.dump.publish_dist of any quads) may
    hold a triple in two graphs: the N-Quads keep both, the union formats
    one."""
    from kg.publish.dump import write_dumps

    (a, first), (b, second) = pieces()[0], pieces()[2]
    shared = Dataset.from_quads([Quad(t.subject, t.predicate, t.object, g)
                                 for g, ts in ((a, first), (b, first + second)) for t in ts])
    counts = write_dumps(shared, tmp_path)
    assert {p.name: n for p, n in counts.items()} == {"yili.ttl": 3, "yili.nt": 3, "yili.nq": 5, "yili.jsonld": 3}
    assert len(read_back(tmp_path / "yili.nt", "ntriples", False)) == 3
    assert len((tmp_path / "yili.nt").read_bytes().splitlines()) == 3
    assert len(read_back(tmp_path / "yili.nq", "nquads", False)) == 5


def test_a_dump_writer_that_fails_leaves_no_file(tmp_path):
    paths = {name: tmp_path / ("yili" + f.extension) for name, f in FORMATS.items()}
    with pytest.raises(RuntimeError, match="the build stopped"):
        with DumpWriter(paths, hold=0) as writer:
            for graph, triples in pieces()[:2]:
                writer(graph, triples)
            raise RuntimeError("the build stopped")
    assert list(tmp_path.iterdir()) == []


def test_an_empty_graph_is_still_a_file_of_each_format(tmp_path):
    paths = {name: tmp_path / ("yili" + f.extension) for name, f in FORMATS.items()}
    with DumpWriter(paths):
        pass
    assert paths["jsonld"].read_bytes() == b"[]"
    assert all(not read_back(path, name, False) for name, path in paths.items())


def test_a_build_that_streams_its_dumps_writes_the_bytes_of_one_that_holds_them(tmp_path, monkeypatch):
    """kg build holds the graph's statements up to HOLD_STATEMENTS and writes
    the dumps while its validator checks; a bigger graph is written as it is
    made. Both give the same files, byte for byte, with --base and --gzip
    (every dump then written by the DumpWriter, the N-Triples too) and
    without (the N-Triples written for the validator)."""
    import kg.build

    source = [(CORPUS / "KR1d0038" / "KR1d0038_003.txt",)]
    holds = (kg.build.HOLD_STATEMENTS, 0)
    for options in ({}, {"base": NEW, "gz": True}):
        built = {}
        for hold in holds:
            monkeypatch.setattr(kg.build, "HOLD_STATEMENTS", hold)
            out = tmp_path / f"{len(options)}-{hold}"
            kg.build.build(source, out, cache=False, **options)
            built[hold] = {p.name: p.read_bytes() for p in sorted(out.iterdir()) if p.is_file()}
        held, streamed = built.values()
        assert held == streamed and len(held) == 5
        assert sum(len(data) for data in held.values()) > 500_000


def test_a_piece_is_trimmed_whatever_the_writes_it_comes_in():
    """pyoxigraph writes through an 8 KB buffer: the head to drop and the
    tail to hold back may be cut across writes, or be a write alone."""
    import io

    from kg.rdf.stream import _Trimmed

    text = b'@prefix a: <http://a/> .\n[{"@id":"x"},{"@id":"y"}]'
    head, tail = b"@prefix a: <http://a/> .\n[", b"]"
    for size in (1, 2, 3, 7, 26, 27, len(text)):
        out = io.BytesIO()
        trimmed = _Trimmed(out, head=head, tail=tail)
        for start in range(0, len(text), size):
            trimmed.write(text[start:start + size])
        trimmed.close()
        assert out.getvalue() == b'{"@id":"x"},{"@id":"y"}', size
    with pytest.raises(ValueError, match="does not begin with"):
        _Trimmed(io.BytesIO(), head=b"[").write(b'{"@id":"x"}')
    unfinished = _Trimmed(io.BytesIO(), head=b"[", tail=b"]")
    unfinished.write(b'[{"@id":"x"}')
    with pytest.raises(ValueError, match="does not end with"):
        unfinished.close()


def test_each_dump_is_finished_then_sent_to_disk_while_the_next_is_written(tmp_path):
    """DumpWriter.finish writes a file at a time and hands each, whole, to
    the syncer (kg build's fsync thread) before it writes the next; Turtle,
    the most compact, last. Not a gzip file, whose end is written when it
    is closed."""
    import os

    from kg.atomic import Syncer

    class Recording(Syncer):
        def __init__(self):
            super().__init__()
            self.seen = []

        def file(self, handle):
            handle.flush()
            self.seen.append(os.fstat(handle.fileno()).st_size)
            super().file(handle)

    for gz in (False, True):
        syncer = Recording()
        paths = {name: tmp_path / f"{gz}{f.extension}" for name, f in FORMATS.items()}
        with DumpWriter(paths, gz, PREFIXES, syncer=syncer) as writer:
            for graph, triples in pieces():
                writer(graph, triples)
            writer.finish()
            with pytest.raises(ValueError, match="after the dumps were finished"):
                writer(*pieces()[0])
        if gz:
            assert syncer.seen == []
        else:
            order = ["ntriples", "nquads", "jsonld", "turtle"]
            assert syncer.seen == [paths[name].stat().st_size for name in order]
            assert paths["jsonld"].read_bytes().endswith(b"]")


def test_a_file_that_cannot_go_to_disk_fails_the_wait(tmp_path):
    from kg.atomic import Syncer

    syncer = Syncer()
    syncer.path(tmp_path / "gone.nt")
    with pytest.raises(FileNotFoundError):
        syncer.wait()


def test_nquads_from_the_ntriples_the_stream_wrote_are_those_of_the_triples(tmp_path):
    """kg build writes each piece's N-Triples once (StatementStream, for its
    validator and as the N-Triples dump); the N-Quads are those lines read
    back and named with the piece's graph, byte for byte what pyoxigraph
    writes of the quads. A span past the file's end, or one given where
    the IRIs are moved, is refused."""
    import os

    from kg.rdf.stream import StatementStream

    data = tmp_path / "union.nt"
    wait, signal = os.pipe()
    stream = StatementStream(data, signal)
    spans = [stream(triples) for _, triples in pieces()]
    stream.finish()
    os.close(wait)
    assert spans[0][0] == 0 and all(a[1] == b[0] for a, b in zip(spans, spans[1:]))
    paths = {"nquads": tmp_path / "yili.nq", "turtle": tmp_path / "yili.ttl"}
    with DumpWriter(paths, prefixes=PREFIXES, ntriples=data) as writer:
        for (graph, triples), span in zip(pieces(), spans):
            writer(graph, triples, span)
    expected = serialize(list(Dataset.stated(pieces()).quads()), format=RdfFormat.N_QUADS)
    assert paths["nquads"].read_bytes() == expected
    with pytest.raises(ValueError, match="end before their last line"):
        with DumpWriter({"nquads": tmp_path / "cut.nq"}, ntriples=data) as writer:
            writer(pieces()[0][0], pieces()[0][1], (spans[-1][1] - 10, spans[-1][1] + 10))
    assert not (tmp_path / "cut.nq").exists()
    with pytest.raises(ValueError, match="N-Triples span"):
        with DumpWriter({"nquads": tmp_path / "moved.nq"}, move=IriMover(OLD, NEW), ntriples=data) as writer:
            writer(pieces()[0][0], pieces()[0][1], spans[0])


def test_a_piece_longer_than_a_batch_is_named_line_by_line_across_the_cuts(tmp_path):
    """The N-Quads are read back a batch at a time: lines cut at a batch's
    end, and literals that hold " ." themselves, come out whole."""
    from kg.rdf.io import _GraphNamer, copy_ntriples_as_nquads

    graph = NamedNode("http://example.org/g")
    triples = [Triple(NamedNode(f"http://example.org/s{i}"), NamedNode("http://example.org/p"),
                      Literal("獲" * (i % 97) + " .")) for i in range(20000)]
    data = serialize(triples, format=RdfFormat.N_TRIPLES)
    assert len(data) > 3 * _GraphNamer.BATCH
    source = tmp_path / "stream.nt"
    source.write_bytes(b"<a> <b> <c> .\n" + data)
    with open(source, "rb") as handle, open(tmp_path / "g.nq", "wb") as out:
        copy_ntriples_as_nquads(out, graph, handle.fileno(), 14, 14 + len(data))
    assert (tmp_path / "g.nq").read_bytes() == serialize([Quad(t.subject, t.predicate, t.object, graph)
                                                          for t in triples], format=RdfFormat.N_QUADS)


def test_a_dump_that_fails_after_another_went_to_disk_waits_for_it_then_leaves_no_file(tmp_path, monkeypatch):
    """The N-Triples are finished and handed to the fsync thread; the
    JSON-LD then fails (a full disk): the writer waits for the sync of the
    file still open before it removes them all, and the failure is the
    disk's, not a sync of a closed file."""
    import os
    import time

    from kg.atomic import Syncer

    class Slow(Syncer):
        def __init__(self):
            super().__init__()
            self.synced = []

        def file(self, handle):
            handle.flush()

            def sync(fd):
                time.sleep(0.3)
                os.fsync(fd)
                self.synced.append(fd)
            self._submit(sync, handle.fileno())

    def full(self, out, triples):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(DumpWriter, "_jsonld", full)
    syncer = Slow()
    paths = {"ntriples": tmp_path / "yili.nt", "jsonld": tmp_path / "yili.jsonld"}
    with pytest.raises(OSError, match="No space left"):
        with DumpWriter(paths, syncer=syncer, hold=10**6) as writer:  # held, written at the block's end
            for graph, triples in pieces():
                writer(graph, triples)
    assert len(syncer.synced) == 1 and list(tmp_path.iterdir()) == []
