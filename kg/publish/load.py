"""Load the dataset into an existing triplestore, all or nothing.

A load stages every graph first and then switches all of them in one SPARQL
Update request, so that the store holds the whole old dataset or the whole new
one, never some graphs of each:

1. **Clean.** Staging graphs left by a load that was interrupted (named
   ``<graph>-kg-staging``, or ``<graph>-loading-<uuid>`` by the kg load before
   this one) are listed with a query and dropped; the caller is told.
2. **Stage.** Each graph ``<g>`` is written to ``<g>-kg-staging``, by one of
   two ways in:

   - **gsp**, the SPARQL 1.1 Graph Store Protocol: one ``PUT`` of N-Triples
     per graph (Oxigraph ``/store``, Virtuoso ``/sparql-graph-crud-auth``,
     Fuseki ``/DATASET/data``);
   - **update**, SPARQL 1.1 Update: ``INSERT DATA`` in batches.

   The staging name is fixed rather than random so that the next load finds
   what a killed one left; it keeps the graph's IRI as its start so that a
   store granting rights by graph IRI lets the same user write it.
3. **Switch.** One update request holds, for every graph, a ``DELETE … WHERE``
   of the target's triples not in its staging graph, an ``INSERT … WHERE`` of
   the staging graph's triples not in the target (so a reload writes only what
   changed), and ``DROP SILENT`` of the staging graph. With gsp this needs the
   store's update endpoint too, found from the Graph Store one for the stores
   below or given.

What the switch guarantees is the store's (README, "Load into your
triplestore", has the sources):

- **Oxigraph** runs an update request as one transaction, all or nothing;
  ``tests/test_load.py`` kills the server at random moments of loads and finds
  the whole old dataset or the whole new one each time.
- **Virtuoso** runs the request as one statement and commits once at its end,
  so a crash before that loses the whole switch (``tests/test_load.py`` kills
  it mid-load too). It is not all or nothing
  on an *error*: it commits the operations before a failing one. The switch
  uses only operations that do not fail on well-formed input, so an error
  there would come from a limit of the server, and the message says to load
  again. Under ``log_enable(2)`` (row autocommit) nothing of this holds.

If a load fails before the switch, the target graphs are as they were: the
staging graphs are not the dataset (the load drops them if it can, else the
next load does). Staging graphs are visible while a load runs, to queries over
all graphs (a union default graph counts their triples too); run one load at a
time, since a load removes staging graphs it finds.

One HTTP client (requests) for the Graph Store, update and query requests, so
that every refusal is reported the same way, on one line. Credentials go to
the client only; no message prints them.
"""
from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit, urlunsplit

from pyoxigraph import RdfFormat, parse, serialize

from kg.progress import QUIET, Phases
from kg.publish.store import one_line

STAGING = "-kg-staging"
# Staging graphs of this load, and the scratch graphs of the kg load before it.
STALE = f'STRENDS(STR(?g), "{STAGING}") || REGEX(STR(?g), "-loading-[0-9a-f]{{32}}$")'

# The paths of a store's Graph Store, update and query endpoints, to find the
# others from the one given: Oxigraph, Virtuoso (with and without
# authentication), Fuseki.
ENDPOINTS = [("/store", "/update", "/query"),
             ("/sparql-graph-crud-auth", "/sparql-auth", "/sparql-auth"),
             ("/sparql-graph-crud", "/sparql", "/sparql"),
             ("/data", "/update", "/query")]


class LoadError(Exception):
    """A load that failed; the message says what was written and where the target stands."""


@dataclass
class Target:
    endpoint: str
    graph: str | None = None  # load the union into this graph; None: each named graph as it is
    user: str | None = None
    password: str | None = None
    method: str = "gsp"
    auth: str = "digest"
    graph_param: str | None = None  # query parameter naming the graph in GSP (graph, or graph-uri for Virtuoso)
    batch: int = 2000
    update_endpoint: str | None = None  # for the switch; found from endpoint if None
    query_endpoint: str | None = None  # to find stale staging graphs; found from endpoint if None


@dataclass
class LoadReport:
    graphs: dict[str, int] = field(default_factory=dict)  # graph IRI -> triples written
    stale: dict[str, int] = field(default_factory=dict)  # stale staging graph -> triples, removed first
    seconds: float = 0.0

    @property
    def triples(self) -> int:
        return sum(self.graphs.values())


def safe_url(url: str) -> str:
    """The URL without any user:password in it, for messages."""
    parts = urlsplit(url)
    if parts.username or parts.password:
        host = parts.hostname + (f":{parts.port}" if parts.port else "")
        return urlunsplit((parts.scheme, host, parts.path, parts.query, parts.fragment))
    return url


def graphs_of(dataset: Path, into: str | None) -> dict[str, list]:
    """The triples of the dataset by target graph."""
    out: dict[str, list] = defaultdict(list)
    seen: set = set()
    for quad in parse(path=str(dataset), format=RdfFormat.N_QUADS):
        if into is None:
            out[quad.graph_name.value].append(quad.triple)
        elif quad.triple not in seen:
            seen.add(quad.triple)
            out[into].append(quad.triple)
    return dict(out)


def sibling(endpoint: str, kind: int) -> str | None:
    """The endpoint of ``kind`` (0 Graph Store, 1 update, 2 query) of the store
    whose Graph Store (gsp) or update endpoint is ``endpoint``."""
    parts = urlsplit(endpoint)
    path = parts.path.rstrip("/")
    for paths in ENDPOINTS:
        for given in paths[:2]:
            if path.endswith(given):
                return urlunsplit(parts._replace(path=path[:-len(given)] + paths[kind]))
    return None


def endpoints(target: Target) -> tuple[str, str]:
    """The update and query endpoints of the target."""
    update = target.endpoint if target.method == "update" else target.update_endpoint or sibling(target.endpoint, 1)
    query = target.query_endpoint or sibling(target.endpoint, 2)
    if update is None:
        raise LoadError(f"no SPARQL Update endpoint known beside {safe_url(target.endpoint)} for the switch; "
                        f"give --update-endpoint; nothing was written")
    if query is None:
        raise LoadError(f"no query endpoint known beside {safe_url(target.endpoint)} to find stale staging graphs; "
                        f"give --query-endpoint; nothing was written")
    return update, query


def load(dataset: Path, target: Target, phases: Phases = QUIET,
         notice: Callable[[str], None] | None = None) -> LoadReport:
    """Put the dataset (an N-Quads dump) into the store at ``target``,
    reporting its phases (read, stage, switch) to ``phases``; ``notice``
    hears of stale staging graphs removed first."""
    with phases.phase("read", unit="statements") as step:
        graphs = graphs_of(Path(dataset), target.graph)
        step.advance(sum(map(len, graphs.values())))
    update_url, query_url = endpoints(target)
    report = LoadReport()
    started = time.perf_counter()
    try:
        report.stale = _remove_stale(target, update_url, query_url)
    except LoadError as exc:
        raise LoadError(f"{exc}; nothing was written; the target was left as it was") from None
    if report.stale and notice:
        notice(f"removed {len(report.stale)} staging graph(s) left by an interrupted load "
               f"({sum(report.stale.values())} triples): " + ", ".join(f"<{g}>" for g in sorted(report.stale)))
    total = sum(map(len, graphs.values()))
    staged: dict[str, int] = {}
    try:
        with phases.phase("stage", total, "triples") as step:
            for iri, triples in sorted(graphs.items()):
                if target.method == "gsp":
                    _put_graph(target, iri, triples)
                    step.advance(len(triples))
                else:
                    _insert_batches(target, iri, triples, step.advance)
                staged[iri] = len(triples)
    except LoadError as exc:
        raise LoadError(f"{exc}; staged {len(staged)} of {len(graphs)} graph(s){_written(staged)}; the target "
                        f"was left as it was (staging graphs are not the dataset); "
                        f"{_drop_staging(target, update_url, graphs)}") from None
    try:
        with phases.phase("switch"):
            _update(target, update_url, switch(list(graphs)))
    except LoadError as exc:
        raise LoadError(f"the switch to the {len(graphs)} staged graph(s){_written(staged)} failed: {exc}; a "
                        f"store that runs an update request as one transaction (Oxigraph) holds the whole old or "
                        f"the whole new dataset, others may hold part of the switch (Virtuoso on an error): load "
                        f"again, which also removes the staging graphs") from None
    report.graphs = staged
    report.seconds = time.perf_counter() - started
    return report


def switch(graphs: list[str]) -> str:
    """One update request making every graph equal to its staging graph, then
    dropping the staging graphs. It removes and adds only the triples that
    differ, so reloading a dataset that changed little writes little."""
    return " ;\n".join(
        f"DELETE {{ GRAPH <{g}> {{ ?s ?p ?o }} }} WHERE {{ GRAPH <{g}> {{ ?s ?p ?o }} "
        f"FILTER NOT EXISTS {{ GRAPH <{g}{STAGING}> {{ ?s ?p ?o }} }} }} ;\n"
        f"INSERT {{ GRAPH <{g}> {{ ?s ?p ?o }} }} WHERE {{ GRAPH <{g}{STAGING}> {{ ?s ?p ?o }} "
        f"FILTER NOT EXISTS {{ GRAPH <{g}> {{ ?s ?p ?o }} }} }} ;\n"
        f"DROP SILENT GRAPH <{g}{STAGING}>" for g in sorted(graphs))


def _written(graphs: dict[str, int]) -> str:
    """The graphs and their triples, in parentheses, for a message."""
    return " (" + ", ".join(f"<{g}> {n} triples" for g, n in graphs.items()) + ")" if graphs else ""


def _remove_stale(target: Target, update_url: str, query_url: str) -> dict[str, int]:
    rows = _select(target, query_url, "SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } "
                                      f"FILTER({STALE}) }} GROUP BY ?g")
    stale = {row["g"]["value"]: int(row["n"]["value"]) for row in rows}
    if stale:
        _update(target, update_url, " ;\n".join(f"DROP SILENT GRAPH <{g}>" for g in sorted(stale)))
    return stale


def _drop_staging(target: Target, update_url: str, graphs) -> str:
    """Drop this load's staging graphs if the store still answers; what became of them."""
    try:  # all of them: the one being written when the load failed may hold part of its triples
        _update(target, update_url, " ;\n".join(f"DROP SILENT GRAPH <{g}{STAGING}>" for g in sorted(graphs)))
        return "its staging graphs were dropped"
    except LoadError:
        return "the next load removes its staging graphs"


def _auth(target: Target):
    if not target.user:
        return None
    import requests.auth

    cls = requests.auth.HTTPDigestAuth if target.auth == "digest" else requests.auth.HTTPBasicAuth
    return cls(target.user, target.password or "")


def _send(target: Target, method: str, url: str, **kwargs):
    """An HTTP request to the store; any failure as a one-line LoadError."""
    import requests

    try:
        response = requests.request(method, url, auth=_auth(target), timeout=600, **kwargs)
    except requests.RequestException as exc:
        raise LoadError(f"{safe_url(url)} did not answer ({exc.__class__.__name__})") from None
    if response.status_code not in (200, 201, 204):
        body = one_line(response.text) if response.text.strip() else "(no body)"
        raise LoadError(f"{safe_url(url)} answered HTTP {response.status_code}: {body}")
    return response


def _put_graph(target: Target, iri: str, triples: list) -> None:
    """Write the triples of graph ``iri`` to its staging graph with one PUT."""
    param = target.graph_param or ("graph-uri" if "sparql-graph-crud" in target.endpoint else "graph")
    try:
        _send(target, "PUT", target.endpoint, params={param: iri + STAGING},
              data=serialize(triples, format=RdfFormat.N_TRIPLES), headers={"Content-Type": "application/n-triples"})
    except LoadError as exc:
        raise LoadError(f"staging graph <{iri}>: {exc}") from None


def _insert_batches(target: Target, iri: str, triples: list, advance: Callable[[int], None]) -> None:
    """Write the triples of graph ``iri`` to its staging graph with INSERT DATA
    in batches, telling ``advance`` of each batch written."""
    batches = [triples[i:i + target.batch] for i in range(0, len(triples), target.batch)]
    for number, batch in enumerate(batches, start=1):
        data = serialize(batch, format=RdfFormat.N_TRIPLES).decode("utf-8")
        try:
            _update(target, target.endpoint, f"INSERT DATA {{ GRAPH <{iri}{STAGING}> {{\n{data}}} }}")
        except LoadError as exc:
            raise LoadError(f"staging graph <{iri}>: batch {number} of {len(batches)} failed ({exc})") from None
        advance(len(batch))


def _update(target: Target, url: str, text: str) -> None:
    _send(target, "POST", url, data=text.encode("utf-8"),
          headers={"Content-Type": "application/sparql-update; charset=utf-8"})


def _select(target: Target, url: str, text: str) -> list[dict]:
    response = _send(target, "POST", url, data={"query": text},
                     headers={"Accept": "application/sparql-results+json"})
    try:
        return response.json()["results"]["bindings"]
    except (ValueError, KeyError, TypeError):
        raise LoadError(f"{safe_url(url)} did not answer the query with SPARQL JSON results "
                        f"(is it a query endpoint? give --query-endpoint)") from None
