"""The main job: read editions, build the graph, write ``dist/``."""
from __future__ import annotations

import csv
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, NamedTuple

from pyoxigraph import Quad, Triple

from kg.paths import CORPUS
from kg.extract.events import Event, extract_events
from kg.extract.work import Work, read_work
from kg.model import Document
from kg.publish.dist import clean_leftovers, new_build
from kg.publish.dump import FORMATS, union_triples, write_dump, write_turtle
from kg.rdf.dataset import dataset_quads, rebase
from kg.readers import MAX_INPUT_BYTES, InputError, read_file_all
from kg.validate import validate_quads


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

    def __str__(self) -> str:
        return (f"{self.documents} documents, {self.passages} passages, {self.notes} commentary notes, "
                f"{self.sections} sections; {self.canonical} canonical passages, {self.events} ritual events "
                f"of the work attested {self.attestations} times; {self.triples} triples in {self.seconds:.2f} s "
                f"(SHACL validation {self.validation_seconds:.2f} s, conforms) → "
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


def read_documents(items: Iterable[Source | tuple], progress: Callable[[Iterable], Iterable] | None = None,
                   max_bytes: int = MAX_INPUT_BYTES) -> list[Document]:
    """Every file read by its reader (a file of several chapters gives one
    document each); refuses input with no passage of the classic at all
    (commentary alone, or text nobody recognises as the 經), and two files
    that are the same document (``KR1d0038-WYG/5`` twice)."""
    items = [Source(*item) for item in items]
    seq = progress(items) if progress else items
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


def extract(docs: list[Document]) -> dict[str, list[Event]]:
    """The ritual events of every document's 經, by document key."""
    return {doc.key: extract_events(doc) for doc in docs}


def graph_quads(docs: list[Document], base: str | None = None,
                events: dict[str, list[Event]] | None = None, work: Work | None = None) -> list[Quad]:
    """The dataset: one named graph per edition, the work, the ontology, the links."""
    events = extract(docs) if events is None else events
    work = read_work(docs, events) if work is None else work
    return dataset_quads(docs, events, work, base)


def graph_triples(docs: list[Document], base: str | None = None,
                  events: dict[str, list[Event]] | None = None) -> list[Triple]:
    """The union of the dataset's graphs, each triple once."""
    return union_triples(graph_quads(docs, base, events))


def build(items: Iterable[Source | tuple], out_dir: Path, base: str | None = None,
          progress: Callable[[Iterable], Iterable] | None = None, gz: bool = False,
          max_bytes: int = MAX_INPUT_BYTES) -> BuildSummary:
    """Read, extract, validate, then publish ``out_dir`` as one unit: its
    readers see the previous build or this one, never a mix
    (:mod:`kg.publish.dist`); on any failure it is left as it was."""
    started = time.perf_counter()
    docs = read_documents(items, progress, max_bytes)
    events = extract(docs)
    work = read_work(docs, events)
    quads = graph_quads(docs, None, events, work)  # validated under the base the shapes are written for
    triples = union_triples(quads)
    validation_started = time.perf_counter()
    report = validate_quads(quads)
    validation_seconds = time.perf_counter() - validation_started
    if not report.conforms:
        raise InvalidGraph(report)
    outputs, cleaned = publish_dist(rebase(quads, base), Path(out_dir), base, gz)
    return BuildSummary(
        documents=len(docs),
        passages=sum(len(d.passages) for d in docs),
        notes=sum(len(d.notes) for d in docs),
        sections=sum(len(d.sections) for d in docs),
        events=sum(map(len, work.events.values())),
        attestations=sum(map(len, events.values())),
        canonical=sum(map(len, work.canon.values())),
        triples=len(triples),
        seconds=time.perf_counter() - started,
        validation_seconds=validation_seconds,
        outputs=outputs,
        cleaned=cleaned,
    )


def publish_dist(quads: list[Quad], out_dir: Path, base: str | None = None,
                 gz: bool = False) -> tuple[list[Path], list[Path]]:
    """Write every dump into a new build folder and publish it as ``out_dir``'s
    current build in one step. Returns the published paths and the leftovers
    of interrupted builds that were removed first."""
    cleaned = clean_leftovers(out_dir)
    with new_build(out_dir) as folder:
        written = write_dist(quads, folder, base, gz)
    return [out_dir / path.name for path in written], cleaned


def write_dist(quads: list[Quad], out_dir: Path, base: str | None = None, gz: bool = False) -> list[Path]:
    """Every dump (Turtle, N-Triples, N-Quads, JSON-LD), then their VoID/DCAT
    description, into ``out_dir`` (a fresh build folder). Returns the files written."""
    from kg.publish.void import describe
    from kg.rdf.iris import Minter

    counts = {}
    for fmt, (_, suffix) in FORMATS.items():
        path = out_dir / ("yili" + suffix + (".gz" if gz else ""))
        counts[path] = write_dump(quads, fmt, path, gz, base)
    void = out_dir / "void.ttl"
    description = [Quad(t.subject, t.predicate, t.object) for t in describe(quads, counts, Minter())]
    write_turtle([q.triple for q in rebase(description, base)], void, base=base)
    return [*counts, void]


def write_vocabulary(path: Path, base: str | None = None) -> int:
    """The ritual vocabulary of mappings/ (classes and terms) as Turtle, for
    people who want the ontology without the texts. Returns the triple count."""
    from kg.rdf.iris import Minter
    from kg.rdf.terms import TermGraph

    triples = sorted(set(TermGraph(Minter(base) if base else Minter()).triples()), key=str)
    write_turtle(triples, Path(path))
    return len(triples)
