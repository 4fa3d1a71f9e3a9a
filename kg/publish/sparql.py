"""SPARQL over the on-disk store, in worker processes that can be stopped.

Oxigraph cannot interrupt a running query, so queries run in a pool of
worker processes (pebble), each with the store opened read-only; a query
past the timeout has its worker killed and replaced, and the server goes on
answering. Each worker's memory is capped, and every query is first checked
by guard.py (no SERVICE, no absurd nesting). Results are serialised in the worker and come back as bytes.
The default graph of a query is the union of the named graphs (one per
edition, the ontology, the links), as with ``oxigraph serve --union-default-graph``.
"""
from __future__ import annotations

import hashlib
import json
import shutil
import time
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from pathlib import Path

from pyoxigraph import (QueryBoolean, QueryResultsFormat, QuerySolutions, RdfFormat, Store, serialize)

from kg.publish.store import one_line
from kg.rdf.formats import FORMATS

RESULT_TYPES = {  # media type -> (format name, pyoxigraph format)
    "application/sparql-results+json": ("json", QueryResultsFormat.JSON),
    "application/json": ("json", QueryResultsFormat.JSON),
    "application/sparql-results+xml": ("xml", QueryResultsFormat.XML),
    "application/xml": ("xml", QueryResultsFormat.XML),
    "text/csv": ("csv", QueryResultsFormat.CSV),
    "text/tab-separated-values": ("tsv", QueryResultsFormat.TSV),
}
# CONSTRUCT and DESCRIBE give triples: the registry's formats without named graphs.
GRAPH_TYPES = {f.media_type: (f.name, f.rdf_format) for f in FORMATS.values() if not f.datasets}
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
    building.parent.mkdir(parents=True, exist_ok=True)  # (kg serve --dist elsewhere: its store beside it)
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

# Oxigraph's parser and evaluator recurse; in the main thread's 8 MB a query
# 5,000 brackets deep overflows the stack and kills the worker. Queries run in
# a thread with this much stack (address space only: pages are used as touched)
# and guard.py refuses what is deeper or longer than this has room for.
STACK_BYTES = 256 << 20
_WORKER: dict = {}


def start_worker(directory: str, max_memory: int, allowed_hosts: frozenset[str]) -> None:
    """Open the store read-only, start the query thread and cap the address
    space: a worker may take ``max_memory`` bytes beyond what it holds now,
    past that an allocation fails and Oxigraph aborts the process, which the
    pool replaces (the client gets 503)."""
    import resource
    import sys
    import threading
    from concurrent.futures import ThreadPoolExecutor

    import psutil

    sys.setrecursionlimit(20_000)  # rdflib's parser (SERVICE checks) recurses per bracket; the thread has room
    threading.stack_size(STACK_BYTES)
    runner = ThreadPoolExecutor(1)
    runner.submit(int).result()  # the thread and its stack exist before the cap is taken
    _WORKER.update(store=Store.read_only(directory), runner=runner, hosts=allowed_hosts)
    if allowed_hosts:  # rdflib checks SERVICE endpoints: import it now, not in a query's time
        import rdflib.plugins.sparql.algebra  # noqa: F401
    if max_memory:
        limit = psutil.Process().memory_info().vms + max_memory
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


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


def run_in_worker(query: str, result_type: str, graph_type: str, cap: int,
                  check_services: bool = False) -> tuple[str, bytes]:
    """Evaluate and serialise one query (first checking its SERVICE endpoints
    if asked); raises QueryFailed for the client's errors."""
    if check_services:
        from kg.publish import guard

        try:
            guard.check_services(query, _WORKER["hosts"])
        except guard.Refused as exc:
            raise QueryFailed(400, str(exc)) from None
    return _WORKER["runner"].submit(_evaluate, query, result_type, graph_type, cap).result()


def _evaluate(query: str, result_type: str, graph_type: str, cap: int) -> tuple[str, bytes]:
    store = _WORKER["store"]
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
        from kg.publish.explain import explain

        raise QueryFailed(400, "bad SPARQL query: " + one_line(explain(query, str(exc)), 500)) from None
    except (RuntimeError, ValueError) as exc:  # Oxigraph's evaluation errors: e.g. SERVICE ?unbound
        raise QueryFailed(400, "the query failed: " + one_line(exc, 500)) from None
    except MemoryError:
        raise QueryFailed(503, "the query needed more memory than a worker of this server may take") from None
    except OSError as exc:
        if sink.overflow:
            raise QueryFailed(400, f"the result is larger than {cap:,} bytes, the cap of this server: "
                                   "add a LIMIT") from None
        if _WORKER["hosts"]:  # only an allowed SERVICE reaches out: its endpoint failed
            raise QueryFailed(502, "a SERVICE endpoint failed: " + one_line(exc, 300)) from None
        raise QueryFailed(500, "the store could not be read: " + one_line(exc, 300)) from None


# --- in the server ----------------------------------------------------------------

class SparqlService:
    """A pool of worker processes answering queries with a timeout that counts
    from the query's arrival, behind a bounded queue (admission.py)."""

    def __init__(self, directory: Path, workers: int = 2, timeout: float = 10.0, cap: int = 50_000_000,
                 max_memory: int = 1 << 30, allowed_hosts=(), queue: int | None = None,
                 per_client: int | None = None, max_wait: float = 0.5):
        from pebble import ProcessPool

        from kg.publish.admission import Admission

        self.directory = str(directory)
        self.allowed_hosts = frozenset(h.lower() for h in allowed_hosts)
        self.timeout = timeout
        self.cap = cap
        self.max_memory = max_memory
        self.pool = ProcessPool(max_workers=workers, initializer=start_worker,
                                initargs=(self.directory, max_memory, self.allowed_hosts))
        # By default a client may hold half the workers, so others always find one free.
        self.admission = Admission(workers, 4 * workers if queue is None else queue,
                                   max(1, workers // 2) if per_client is None else per_client, max_wait)

    def run(self, query: str, result_type: str = "application/sparql-results+json",
            graph_type: str = "text/turtle", client: str = "", arrived: float | None = None) -> Answer:
        """Answer ``query``; raises QueryFailed (an error for the client) or
        admission.Busy (no worker now). The timeout counts from ``arrived``
        (time.monotonic(); default now), so time spent waiting counts too."""
        from pebble import ProcessExpired

        from kg.publish import guard

        deadline = (time.monotonic() if arrived is None else arrived) + self.timeout
        try:
            check_services = guard.check(query, self.allowed_hosts)
        except guard.Refused as exc:
            raise QueryFailed(400, str(exc)) from None
        with self.admission.slot(client, deadline):
            left = deadline - time.monotonic()
            if left <= 0:
                raise QueryFailed(503, f"the query waited past this server's {self.timeout:g} s timeout")
            future = self.pool.schedule(run_in_worker, timeout=left,
                                        args=(query, result_type, graph_type, self.cap, check_services))
            try:
                # The pool counts its timeout from when a worker takes the task; a
                # worker being replaced could delay that, so the caller waits no longer.
                media, body = future.result(timeout=left + 0.5)
            except FutureTimeout:
                future.cancel()  # stops (kills) the worker if the task is running
                raise QueryFailed(503, f"the query ran past this server's {self.timeout:g} s timeout") from None
            except ProcessExpired:
                raise QueryFailed(503, "the query's worker stopped: it took more than the "
                                       f"{self.max_memory >> 20:,} MB a worker may use, or crashed") from None
        return Answer(media, body)

    def select(self, query: str, client: str = "", arrived: float | None = None) -> list[dict[str, str]]:
        """Rows of a SELECT query as dicts of plain values (for the HTML pages)."""
        answer = self.run(query, "application/sparql-results+json", client=client, arrived=arrived)
        data = json.loads(answer.body)
        return [{k: v["value"] for k, v in b.items()} for b in data["results"]["bindings"]]

    def for_request(self, client: str, arrived: float) -> "RequestQueries":
        return RequestQueries(self, client, arrived)

    def close(self) -> None:
        self.pool.stop()
        self.pool.join()


@dataclass
class RequestQueries:
    """The service as one request sees it: its queries count against its
    client's share and its deadline (a page runs several queries)."""
    service: SparqlService
    client: str
    arrived: float

    def run(self, query: str, result_type: str = "application/sparql-results+json",
            graph_type: str = "text/turtle") -> Answer:
        return self.service.run(query, result_type, graph_type, self.client, self.arrived)

    def select(self, query: str) -> list[dict[str, str]]:
        return self.service.select(query, self.client, self.arrived)
