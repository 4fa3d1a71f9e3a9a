"""The main job: read editions, build the graph, write ``dist/``."""
from __future__ import annotations

import csv
import json
import os
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterable, Iterator, NamedTuple

from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

from pyoxigraph import NamedNode, Quad, Triple

from kg import collector
from kg.atomic import Syncer
from kg.paths import CORPUS
from kg.extract.event import Event
from kg.extract.passages import extract_events
from kg.extract.work import Work, WorkEvent, align_documents, read_work, stages_of, work_events
from kg.forked import Forked
from kg.text.align import Alignment
from kg.model import Document
from kg.progress import QUIET, Phases
from kg.inputs import inputs_digest, record_inputs, up_to_date
from kg.publish.dist import clean_leftovers, new_build
from kg.publish.dump import dump_name, prefixes_for, write_dist
from kg.publish.void import examples_asked
from kg.rdf.dataset import build_dataset, moves_base, rebase
from kg.rdf.formats import FORMATS
from kg.rdf.iris import DEFAULT_BASE, Minter
from kg.rdf.io import Dataset, IriMover, one_line
from kg.rdf.stream import DumpWriter, ReaderStopped, StatementStream
from kg.shaclcore import census_of
from kg.readers import MAX_INPUT_BYTES, InputError, read_file_all
from kg.validate import DEFAULT_ENGINE, validate_file


# The statements a build holds to write its dumps after the graph is made
# (while its validator checks it): the whole work's 1.85 million fit, about
# 700 MB as pyoxigraph triples; a bigger graph is written in batches that
# size as it is made.
HOLD_STATEMENTS = 2_000_000


class BuildFailed(Exception):
    """The build could not be finished (its validator ended, a disk filled
    up …); nothing was published."""


class InvalidGraph(Exception):
    """The built graph violates the shapes; nothing was written."""

    def __init__(self, report):
        super().__init__(f"the graph does not conform to ontology/shapes.ttl: {len(report.violations)} violations")
        self.report = report


@dataclass
class BuildSummary:
    documents: int
    passages: int
    notes: int
    sections: int
    events: int  # of the work
    attestations: int  # events as the editions report them
    canonical: int  # canonical passages of the chapters built
    triples: int
    seconds: float
    validation_seconds: float
    outputs: list[Path]
    cleaned: list[Path]
    validation_cached: bool = False
    up_to_date: bool = False  # nothing changed since the published build: nothing was done

    def __str__(self) -> str:
        if self.up_to_date:
            return (f"{self.outputs[0].parent}/ is up to date: its inputs (files, tables, ontology, code, "
                    f"options) are those of the published build ({self.triples} triples); nothing to do "
                    f"({self.seconds:.2f} s; --rebuild builds anyway)")
        return (f"{self.documents} documents, {self.passages} passages, {self.notes} commentary notes, "
                f"{self.sections} sections; {self.canonical} canonical passages, {self.events} ritual events "
                f"of the work attested {self.attestations} times; {self.triples} triples in {self.seconds:.2f} s "
                + ("(SHACL: conforms, as validated before) → " if self.validation_cached
                   else f"(SHACL validation {self.validation_seconds:.2f} s, conforms) → ")
                + ", ".join(str(p) for p in self.outputs)
                + (f" (removed {len(self.cleaned)} leftover(s) of an interrupted build)" if self.cleaned else ""))


class Source(NamedTuple):
    """One input file, with what it does not say about itself."""

    path: Path
    format: str | None = None
    chapter: int | None = None
    witness: str | None = None  # names its documents in IRIs (Kanripo files name themselves)


def default_corpus() -> list[Source]:
    """The files of ``corpus/manifest.tsv`` with their format, chapter and witness."""
    with open(CORPUS / "manifest.tsv", encoding="utf-8") as handle:
        rows = list(csv.DictReader((line for line in handle if not line.startswith("#")), delimiter="\t"))
    return [Source(CORPUS / r["file"], r["format"] or None, int(r["chapter"]) if r["chapter"] else None,
                   r.get("witness") or None) for r in rows]


def sources(files: Iterable[Path] = (), added: Iterable[Path] = (), fmt: str | None = None,
            chapter: int | None = None) -> list[Source]:
    """What ``kg build`` reads: FILES alone, or the default corpus plus the
    ``--add`` files (format and chapter given for the named files only)."""
    files, added = list(files), list(added)
    if files and added:
        raise InputError("give FILES or --add FILE, not both (--add builds the default corpus plus the file)")
    if files:
        return [Source(Path(f), fmt, chapter) for f in files]
    return [*default_corpus(), *(Source(Path(f), fmt, chapter) for f in added)]


def read_documents(items: Iterable[Source | tuple], phases: Phases = QUIET,
                   max_bytes: int = MAX_INPUT_BYTES) -> list[Document]:
    """Every file read by its reader (a file of several chapters gives one
    document each); refuses input with no passage of the classic at all
    (commentary alone, or text nobody recognises as the 經), and two files
    that are the same document (``KR1d0038-WYG/5`` twice)."""
    items = [Source(*item) for item in items]
    seq = phases.over("read", items, "files")
    docs = [doc for item in seq for doc in read_file_all(item.path, item.format, item.chapter, max_bytes,
                                                          item.witness)]
    if not any(doc.passages for doc in docs):
        names = ", ".join(sorted({doc.path for doc in docs}))
        raise InputError(f"{names}: no passage of the classic (經) was found, so nothing was built")
    seen: dict[str, str] = {}
    for doc in docs:
        if doc.key in seen:
            raise InputError(f"{doc.path}: it is document {doc.key} again ({seen[doc.key]} is too); "
                             "build each document once")
        seen[doc.key] = doc.path
    return docs


def extract(docs: list[Document], phases: Phases = QUIET,
            alignments: dict[str, list[Alignment]] | None = None) -> dict[str, list[Event]]:
    """The ritual events of every document's 經, by document key. An edition
    without sections of its own takes the reference's, through its
    alignment (``alignments``, made here when not given)."""
    if alignments is None:
        alignments = align_documents([doc for doc in docs if not doc.sections])
    return {doc.key: extract_events(doc, stages_of(doc, alignments[doc.key]) if doc.key in alignments else None)
            for doc in phases.over("extract", docs, "documents")}


def _align_extract(docs: list[Document], canon, chapters: Iterable[int] = (), every: list[Document] = ()) -> tuple[
        dict[str, list[Alignment]], dict[str, list[Event]], dict[int, tuple[Document, list[WorkEvent]]]]:
    """``every``: all the build's documents, where a chapter's reference file may be (its notes, read once)."""
    alignments = align_documents(docs, canon)
    return alignments, extract(docs, alignments=alignments), {c: work_events(c, canon[c], every or docs)
                                                              for c in chapters}


def align_and_extract(docs: list[Document], phases: Phases = QUIET
                      ) -> tuple[dict[str, list[Alignment]], dict[str, list[Event]]]:
    """Every document aligned to the canonical passages and its events
    extracted, as :func:`align_documents` then :func:`extract` give them
    (in the documents' order), in two processes (:func:`prepare`)."""
    alignments, events, _ = prepare(docs, phases, work=False)
    return alignments, events


def prepare(docs: list[Document], phases: Phases = QUIET, work: bool = True) -> tuple[
        dict[str, list[Alignment]], dict[str, list[Event]], dict[int, tuple[Document, list[WorkEvent]]]]:
    """:func:`align_and_extract`, and (``work``) the events of the work of
    every chapter the documents belong to (:func:`work_events`, read from the
    reference text), the work shared between this process and a forked child
    (:mod:`kg.forked`): each document's alignment and events depend on it
    and the canonical passages alone, each chapter's on the reference, and
    this is Python that holds the interpreter, so a thread would not help."""
    from kg.text import canon as canon_table

    canon = canon_table.load()
    chapters = sorted({d.chapter for d in docs if d.chapter in canon}) if work else []
    (mine, my_chapters), (theirs, their_chapters) = _halves(docs, chapters, canon)
    with phases.phase("align and extract", len(docs), "documents") as step:
        other = Forked(_align_extract, theirs, canon, their_chapters, docs) if theirs or their_chapters else None
        alignments, events, references = _align_extract(mine, canon, my_chapters, docs)
        step.advance(len(mine))
        if other is not None:
            more_alignments, more_events, more_references = other.result()
            alignments.update(more_alignments)
            events.update(more_events)
            references.update(more_references)
            step.advance(len(theirs))
    return ({d.key: alignments[d.key] for d in docs if d.key in alignments},
            {d.key: events[d.key] for d in docs}, dict(sorted(references.items())))


def _halves(docs: list[Document], chapters: list[int], canon) -> tuple[tuple[list[Document], list[int]], ...]:
    """Two groups of documents and chapters with about the same amount of
    text to read, largest first (a chapter's is its canonical passages')."""
    jobs = [(sum(len(p.span.text) for p in d.passages), n, d) for n, d in enumerate(docs)]
    jobs += [(sum(len(p.text) for p in canon[c]), len(docs) + c, c) for c in chapters]
    groups: tuple[tuple[list[Document], list[int]], ...] = (([], []), ([], []))
    sizes = [0, 0]
    for size, _, job in sorted(jobs, key=lambda job: (-job[0], job[1])):
        k = sizes.index(min(sizes))
        groups[k][isinstance(job, int)].append(job)
        sizes[k] += size
    return groups


def graph_dataset(docs: list[Document], events: dict[str, list[Event]] | None = None,
                  work: Work | None = None) -> Dataset:
    """The dataset under the default base: one named graph per edition, the
    work, the ontology, the links."""
    alignments = align_documents(docs) if events is None or work is None else None  # made once for both
    events = extract(docs, alignments=alignments) if events is None else events
    work = read_work(docs, events, alignments=alignments) if work is None else work
    return build_dataset(docs, events, work)


def graph_quads(docs: list[Document], base: str | None = None,
                events: dict[str, list[Event]] | None = None, work: Work | None = None) -> list[Quad]:
    """The dataset as quads, moved to ``base``."""
    return list(rebase(graph_dataset(docs, events, work), base).quads())


def graph_triples(docs: list[Document], base: str | None = None,
                  events: dict[str, list[Event]] | None = None) -> list[Triple]:
    """The union of the dataset's graphs, each triple once."""
    return rebase(graph_dataset(docs, events), base).union()


def build(items: Iterable[Source | tuple], out_dir: Path, base: str | None = None,
          phases: Phases = QUIET, gz: bool = False, max_bytes: int = MAX_INPUT_BYTES,
          cache: bool = True) -> BuildSummary:
    """Read, extract, validate, then publish ``out_dir`` as one unit: its
    readers see the previous build or this one, never a mix
    (:mod:`kg.publish.dist`); on any failure it is left as it was.

    Validation runs in a process of its own (:mod:`kg.forked`) on the
    union's N-Triples, while the dumps are written into the new build's
    folder; the folder is published only if the graph conforms. A graph
    identical to one validated before (the same union's N-Triples, shapes
    and engine) is not validated again: its verdict is kept in
    ``out_dir/.cache/validated`` (``cache=False`` ignores it)."""
    started = time.perf_counter()
    out_dir = Path(out_dir)
    items = [Source(*item) for item in items]
    with phases.phase("check inputs"):
        inputs = inputs_digest(items, base, gz, max_bytes)
        done = up_to_date(out_dir, inputs) if cache else None
    if done is not None:
        return BuildSummary(**{**done, "seconds": time.perf_counter() - started}, cleaned=[], up_to_date=True)
    with collector.paused():
        return _build(items, out_dir, base, phases, gz, max_bytes, cache, inputs, started)


def _build(items: list[Source], out_dir: Path, base: str | None, phases: Phases, gz: bool, max_bytes: int,
           cache: bool, inputs: str, started: float) -> BuildSummary:
    docs = read_documents(items, phases, max_bytes)
    alignments, events, references = prepare(docs, phases)
    cleaned = clean_leftovers(out_dir)
    with new_build(out_dir) as folder:
        # The verdict is reached in a process of its own (the validator holds
        # the GIL), started fresh so that it holds only the N-Triples it reads
        # and its index, not a copy of this process, while this one writes
        # the dumps into the new build's folder. It starts now, and indexes
        # the graph's statements as they are made (kg.rdf.stream.StatementStream):
        # the union under the default base, as the shapes are written, into
        # the N-Triples dump itself when it is that (no --base, no --gzip).
        as_dump = not moves_base(base) and not gz
        checked = folder / (dump_name("ntriples") if as_dump else ".validated.nt")
        # Every other dump is written by a DumpWriter (kg.rdf.stream) from the
        # pieces of the graph: after the graph is made, while the validator
        # checks it, or, for a graph bigger than HOLD_STATEMENTS, a batch that
        # size at a time as it is made, so that no copy of a big graph is
        # held. The dataset keeps the links graph alone, for VoID's linksets.
        dumps = {name: folder / dump_name(name, gz) for name in FORMATS if not (as_dump and name == "ntriples")}
        move = IriMover(DEFAULT_BASE, Minter(base).base) if moves_base(base) else None
        links = NamedNode(Minter().graph("links"))
        with _validator(checked, out_dir / ".cache" / "validated" if cache else None) as (verdict, stream, figures), \
                ThreadPoolExecutor(1) as pool:
            syncer = Syncer()  # the dumps go to disk each in turn as they are finished
            def check():
                with phases.phase("validate"):
                    return verdict.result()

            def counted() -> dict:
                # the validator's census, or (an engine that sent none) one made here
                return figures() or census_of(checked, list(examples_asked(Minter()).values()))

            try:
                with phases.phase("work"):
                    work = read_work(docs, events, alignments=alignments, reference_events=references)
                # (the N-Quads are the N-Triples the stream wrote, each line named
                # with its graph, where the stream is the dump: no --base, no --gzip)
                with DumpWriter(dumps, gz, prefixes_for(base), move, hold=HOLD_STATEMENTS, syncer=syncer,
                                ntriples=checked if as_dump else None) as writer:
                    with phases.phase("graph", unit="quads") as step:
                        def piece(graph: NamedNode, triples: list[Triple]) -> None:
                            span = stream(triples)  # under the base the shapes are written for
                            writer(graph, triples, span if as_dump else None)
                            step.advance(len(triples))

                        kept = build_dataset(docs, events, work, sink=piece, keep=links.__eq__)
                        statements = stream.finish()
                    waiting = pool.submit(check)
                    if as_dump:
                        syncer.path(checked)  # to disk while the other dumps are written
                    with phases.phase("dump"):
                        writer.finish()
                done = {**writer.counts, **({checked: statements} if as_dump else {})}
                written = write_dist(rebase(kept, base), folder, base, gz, phases, done, counted)
                summary = _summary(docs, events, work, statements, started, out_dir, written, cleaned)
                # Freed now, while the validator is still at work, not when this
                # function returns: 0.7 s for the whole work.
                del docs, alignments, events, references, work
                report, cached = waiting.result()
            except ReaderStopped:
                raise BuildFailed(f"the validator stopped before the graph was made ({_failure(verdict)})") from None
            finally:
                verdict.cancel()  # a failed write stops it before the pool waits for the thread that waits for it
        if not as_dump:
            checked.unlink()
        if not report.conforms:
            raise InvalidGraph(report)
        summary = replace(summary, seconds=time.perf_counter() - started,
                          validation_seconds=phases.seconds.get("validate", 0.0), validation_cached=cached)
        record_inputs(folder, inputs, summary)
    return summary


@contextmanager
def _validator(checked: Path, cache: Path | None) -> Iterator[tuple[Forked, StatementStream, Callable[[], dict | None]]]:
    """The build's validator: a fresh process (:mod:`kg.forked`), started
    now, that indexes ``checked`` as the stream writes it, so that its own
    start (an interpreter, rdflib, the shapes compiled) and its reading
    overlap the making of the graph. Having read it all, it sends back what
    VoID counts of the graph (the third thing yielded waits for that, and
    gives None if the validator sent nothing). Leaving the block stops it if
    it still runs: a failed build does not wait for it."""
    wait, signal = os.pipe()
    counted, count = os.pipe()
    try:
        verdict = Forked(validate_file, checked, cache, DEFAULT_ENGINE, wait, count,
                         list(examples_asked(Minter()).values()), start="spawn", pass_fds=(wait, count))
    except BaseException:
        os.close(signal)
        os.close(counted)
        raise
    finally:
        os.close(wait)  # the child's ends
        os.close(count)
    try:
        stream = StatementStream(checked, signal)
    except BaseException:
        os.close(counted)
        verdict.cancel()
        raise

    def figures() -> dict | None:
        with os.fdopen(counted, "rb", closefd=False) as pipe:
            data = pipe.read()
        return json.loads(data) if data else None

    try:
        yield verdict, stream, figures
    finally:
        stream.close()
        verdict.cancel()
        os.close(counted)


def _failure(verdict: Forked) -> str:
    """Why the validator ended, in one line."""
    try:
        verdict.result()
    except Exception as exc:  # noqa: BLE001 — its failure is the message
        return one_line(exc)
    return "it ended without a word"


def _summary(docs, events, work, triples, started, out_dir, written, cleaned) -> BuildSummary:
    """What the build made; its times and the validator's verdict are filled
    in when it is over."""
    return BuildSummary(
        documents=len(docs),
        passages=sum(len(d.passages) for d in docs),
        notes=sum(len(d.notes) for d in docs),
        sections=sum(len(d.sections) for d in docs),
        events=sum(map(len, work.events.values())),
        attestations=sum(map(len, events.values())),
        canonical=sum(map(len, work.canon.values())),
        triples=triples,
        seconds=time.perf_counter() - started,
        validation_seconds=0.0,
        outputs=[Path(out_dir) / path.name for path in written],
        cleaned=cleaned,
    )
