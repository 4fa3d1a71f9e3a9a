"""The main job: read editions, build the graph, write ``dist/``."""
from __future__ import annotations

import csv
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from pyoxigraph import Quad, Triple

from kg.paths import CORPUS
from kg.extract.events import Event, extract_events
from kg.model import Document
from kg.publish.dist import clean_leftovers, new_build
from kg.publish.dump import FORMATS, union_triples, write_dump, write_turtle
from kg.rdf.dataset import dataset_quads
from kg.readers import MAX_INPUT_BYTES, InputError, read_file
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
    events: int
    triples: int
    seconds: float
    validation_seconds: float
    outputs: list[Path]
    cleaned: list[Path]

    def __str__(self) -> str:
        return (f"{self.documents} documents, {self.passages} passages, {self.notes} commentary notes, "
                f"{self.sections} sections, {self.events} ritual events, {self.triples} triples in {self.seconds:.2f} s "
                f"(SHACL validation {self.validation_seconds:.2f} s, conforms) → "
                + ", ".join(str(p) for p in self.outputs)
                + (f" (removed {len(self.cleaned)} leftover(s) of an interrupted build)" if self.cleaned else ""))


def default_corpus() -> list[tuple[Path, str | None, int | None]]:
    """The files of ``corpus/manifest.tsv`` with their format and chapter."""
    with open(CORPUS / "manifest.tsv", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return [(CORPUS / r["file"], r["format"] or None, int(r["chapter"]) if r["chapter"] else None) for r in rows]


def read_documents(items: Iterable[tuple[Path, str | None, int | None]],
                   progress: Callable[[Iterable], Iterable] | None = None,
                   max_bytes: int = MAX_INPUT_BYTES) -> list[Document]:
    """Every file read by its reader; refuses input with no passage of the
    classic at all (commentary alone, or text nobody recognises as the 經)."""
    items = list(items)
    seq = progress(items) if progress else items
    docs = [read_file(path, fmt, chapter, max_bytes) for path, fmt, chapter in seq]
    if not any(doc.passages for doc in docs):
        names = ", ".join(doc.path for doc in docs)
        raise InputError(f"{names}: no passage of the classic (經) was found, so nothing was built")
    return docs


def extract(docs: list[Document]) -> dict[str, list[Event]]:
    """The ritual events of every document's 經, by file name."""
    return {doc.path: extract_events(doc) for doc in docs}


def graph_quads(docs: list[Document], base: str | None = None,
                events: dict[str, list[Event]] | None = None) -> list[Quad]:
    """The dataset: one named graph per edition, the ontology, the links."""
    events = extract(docs) if events is None else events
    return dataset_quads(docs, events, base)


def graph_triples(docs: list[Document], base: str | None = None,
                  events: dict[str, list[Event]] | None = None) -> list[Triple]:
    """The union of the dataset's graphs, each triple once."""
    return union_triples(graph_quads(docs, base, events))


def build(items: Iterable[tuple[Path, str | None, int | None]], out_dir: Path, base: str | None = None,
          progress: Callable[[Iterable], Iterable] | None = None, gz: bool = False,
          max_bytes: int = MAX_INPUT_BYTES) -> BuildSummary:
    """Read, extract, validate, then publish ``out_dir`` as one unit: its
    readers see the previous build or this one, never a mix
    (:mod:`kg.publish.dist`); on any failure it is left as it was."""
    started = time.perf_counter()
    docs = read_documents(items, progress, max_bytes)
    events = extract(docs)
    quads = graph_quads(docs, base, events)
    triples = union_triples(quads)
    validation_started = time.perf_counter()
    report = validate_quads(quads)
    validation_seconds = time.perf_counter() - validation_started
    if not report.conforms:
        raise InvalidGraph(report)
    outputs, cleaned = publish_dist(quads, Path(out_dir), base, gz)
    return BuildSummary(
        documents=len(docs),
        passages=sum(len(d.passages) for d in docs),
        notes=sum(len(d.notes) for d in docs),
        sections=sum(len(d.sections) for d in docs),
        events=sum(map(len, events.values())),
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
        counts[path] = write_dump(quads, fmt, path, gz)
    void = out_dir / "void.ttl"
    write_turtle(describe(quads, counts, Minter(base) if base else Minter()), void)
    return [*counts, void]


def write_vocabulary(path: Path, base: str | None = None) -> int:
    """The ritual vocabulary of mappings/ (classes and terms) as Turtle, for
    people who want the ontology without the texts. Returns the triple count."""
    from kg.rdf.iris import Minter
    from kg.rdf.terms import TermGraph

    triples = sorted(set(TermGraph(Minter(base) if base else Minter()).triples()), key=str)
    write_turtle(triples, Path(path))
    return len(triples)
