"""SPARQL over the on-disk store, in worker processes that can be stopped.

Oxigraph cannot interrupt a running query, so queries run in a pool of
worker processes (pebble), each with the store opened read-only; a query
past the timeout has its worker killed and replaced, and the server goes on
answering. Results are serialised in the worker and come back as bytes.
The default graph of a query is the union of the named graphs (one per
edition, the ontology, the links), as with ``oxigraph serve --union-default-graph``.
"""
from __future__ import annotations

import hashlib
import json
import shutil
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from pathlib import Path

from pyoxigraph import (QueryBoolean, QueryResultsFormat, QuerySolutions, RdfFormat, Store, serialize)

from kg.publish.store import one_line

RESULT_TYPES = {  # media type -> (format name, pyoxigraph format)
    "application/sparql-results+json": ("json", QueryResultsFormat.JSON),
    "application/json": ("json", QueryResultsFormat.JSON),
    "application/sparql-results+xml": ("xml", QueryResultsFormat.XML),
    "application/xml": ("xml", QueryResultsFormat.XML),
    "text/csv": ("csv", QueryResultsFormat.CSV),
    "text/tab-separated-values": ("tsv", QueryResultsFormat.TSV),
}
GRAPH_TYPES = {
    "text/turtle": ("turtle", RdfFormat.TURTLE),
    "application/n-triples": ("ntriples", RdfFormat.N_TRIPLES),
    "application/ld+json": ("jsonld", RdfFormat.JSON_LD),
}
BY_NAME = {name: media for media, (name, _) in {**RESULT_TYPES, **GRAPH_TYPES}.items()}
BY_NAME["json"] = "application/sparql-results+json"
BY_NAME["xml"] = "application/sparql-results+xml"
# Other names clients send in format= (SPARQLWrapper sends json-ld, n3 …).
BY_NAME.update({"json-ld": "application/ld+json", "ttl": "text/turtle", "nt": "application/n-triples",
                "n-triples": "application/n-triples", "srj": "application/sparql-results+json",
                "srx": "application/sparql-results+xml"})


class QueryFailed(Exception):
    """A query the server answers with an error status (it crosses process
    boundaries, so its arguments are all it has)."""

    def __init__(self, status: int, message: str):
        super().__init__(status, message)
        self.status = status
        self.message = message

    def __str__(self) -> str:
        return self.message


@dataclass
class Answer:
    media_type: str
    body: bytes


# --- the store on disk ----------------------------------------------------------

def ensure_store(dataset: Path, directory: Path) -> Path:
    """The on-disk store in ``directory``, (re)built from the N-Quads dump
    ``dataset`` when it is missing or the dump has changed since."""
    dataset, directory = Path(dataset), Path(directory)
    if not dataset.is_file():
        raise FileNotFoundError(f"{dataset}: no dataset to serve (run `kg build` first)")
    stamp = _stamp(dataset)
    marker = directory / "yili-kg-source"
    if marker.is_file() and marker.read_text() == stamp:
        return directory
    if directory.exists():
        shutil.rmtree(directory)
    building = directory.with_name(directory.name + ".building")
    shutil.rmtree(building, ignore_errors=True)
    store = Store(str(building))
    store.bulk_load(path=str(dataset), format=RdfFormat.N_QUADS)
    store.flush()
    del store
    (building / "yili-kg-source").write_text(stamp)
    building.rename(directory)  # a half-built store never takes the place of a whole one
    return directory


def _stamp(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# --- in the worker ----------------------------------------------------------------

_STORE: list = []


def open_worker_store(directory: str) -> None:
    _STORE.clear()
    _STORE.append(Store.read_only(directory))


class CappedBuffer:
    """A binary sink that refuses to grow past ``cap`` bytes, so that a huge
    result is stopped while it is written, not after."""

    def __init__(self, cap: int):
        self.cap = cap
        self.parts: list[bytes] = []
        self.size = 0
        self.overflow = False

    def write(self, data) -> int:
        self.size += len(data)
        if self.size > self.cap:
            self.overflow = True
            raise OSError("result size cap reached")
        self.parts.append(bytes(data))
        return len(data)

    def flush(self) -> None:
        pass

    def getvalue(self) -> bytes:
        return b"".join(self.parts)


def run_in_worker(query: str, result_type: str, graph_type: str, cap: int) -> tuple[str, bytes]:
    """Evaluate and serialise one query; raises QueryFailed for the client's errors."""
    store = _STORE[0]
    sink = CappedBuffer(cap)
    try:
        results = store.query(query, use_default_graph_as_union=True)
        if isinstance(results, (QueryBoolean, QuerySolutions)):
            results.serialize(sink, RESULT_TYPES[result_type][1])
            return result_type, sink.getvalue()
        rdf_format = GRAPH_TYPES[graph_type][1]
        if rdf_format == RdfFormat.TURTLE:
            from kg.rdf.graph import PREFIXES

            serialize(results, sink, rdf_format, prefixes=PREFIXES)
        else:
            serialize(results, sink, rdf_format)
        return graph_type, sink.getvalue()
    except SyntaxError as exc:
        raise QueryFailed(400, "bad SPARQL query: " + one_line(exc, 500)) from None
    except OSError as exc:
        if sink.overflow:
            raise QueryFailed(400, f"the result is larger than {cap:,} bytes, the cap of this server: "
                                   "add a LIMIT") from None
        raise QueryFailed(500, "the store could not be read: " + str(exc)) from None


# --- in the server ----------------------------------------------------------------

class SparqlService:
    """A pool of worker processes answering queries with a timeout."""

    def __init__(self, directory: Path, workers: int = 2, timeout: float = 10.0, cap: int = 50_000_000):
        from pebble import ProcessPool

        self.directory = str(directory)
        self.timeout = timeout
        self.cap = cap
        self.pool = ProcessPool(max_workers=workers, initializer=open_worker_store, initargs=(self.directory,))

    def run(self, query: str, result_type: str = "application/sparql-results+json",
            graph_type: str = "text/turtle") -> Answer:
        future = self.pool.schedule(run_in_worker, args=(query, result_type, graph_type, self.cap),
                                    timeout=self.timeout)
        try:
            media, body = future.result()
        except FutureTimeout:
            raise QueryFailed(503, f"the query ran past this server's {self.timeout:g} s timeout") from None
        except QueryFailed:
            raise
        return Answer(media, body)

    def select(self, query: str) -> list[dict[str, str]]:
        """Rows of a SELECT query as dicts of plain values (for the HTML pages)."""
        answer = self.run(query, "application/sparql-results+json")
        data = json.loads(answer.body)
        return [{k: v["value"] for k, v in b.items()} for b in data["results"]["bindings"]]

    def close(self) -> None:
        self.pool.stop()
        self.pool.join()
