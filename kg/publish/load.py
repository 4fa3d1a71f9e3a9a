"""Load the dataset into an existing triplestore.

Two ways in, both replacing the target graph rather than adding to it, so
that loading twice leaves one copy:

- **gsp**, the SPARQL 1.1 Graph Store Protocol: one ``PUT`` of N-Triples per
  graph (Oxigraph ``/store``, Virtuoso ``/sparql-graph-crud-auth``, Fuseki
  ``/DATASET/data``). Each PUT replaces its graph at once; if one fails, the
  graphs before it are written and the report says which.
- **update**, SPARQL 1.1 Update through SPARQLWrapper: ``INSERT DATA`` in
  batches into a scratch graph, then one request that drops the target and
  copies the scratch graph into it. A failed batch drops the scratch graph and
  the target is left as it was.

Credentials go to the HTTP client only; no message prints them.
"""
from __future__ import annotations

import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit, urlunsplit

from pyoxigraph import RdfFormat, parse, serialize


class LoadError(Exception):
    """A load that failed; the message says what was written before."""


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


@dataclass
class LoadReport:
    graphs: dict[str, int] = field(default_factory=dict)  # graph IRI -> triples written
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


def load(dataset: Path, target: Target, progress: Callable | None = None) -> LoadReport:
    """Put the dataset (an N-Quads dump) into the store at ``target``."""
    graphs = graphs_of(Path(dataset), target.graph)
    total = sum(map(len, graphs.values()))
    bar = progress(total) if progress else None
    report = LoadReport()
    started = time.perf_counter()
    try:
        for iri, triples in sorted(graphs.items()):
            if target.method == "gsp":
                _put_graph(target, iri, triples)
                if bar:
                    bar.update(len(triples))
            else:
                _update_graph(target, iri, triples, bar)
            report.graphs[iri] = len(triples)
    except LoadError as exc:
        written = ", ".join(f"{g} ({n} triples)" for g, n in report.graphs.items()) or "nothing"
        raise LoadError(f"{exc}; written before the failure: {written}") from None
    finally:
        if bar:
            bar.close()
    report.seconds = time.perf_counter() - started
    return report


def _auth(target: Target):
    if not target.user:
        return None
    import requests.auth

    cls = requests.auth.HTTPDigestAuth if target.auth == "digest" else requests.auth.HTTPBasicAuth
    return cls(target.user, target.password or "")


def _put_graph(target: Target, iri: str, triples: list) -> None:
    import requests

    param = target.graph_param or ("graph-uri" if "sparql-graph-crud" in target.endpoint else "graph")
    body = serialize(triples, format=RdfFormat.N_TRIPLES)
    try:
        response = requests.put(target.endpoint, params={param: iri}, data=body, auth=_auth(target),
                                headers={"Content-Type": "application/n-triples"}, timeout=600)
    except requests.RequestException as exc:
        raise LoadError(f"graph {iri}: {safe_url(target.endpoint)} did not answer ({exc.__class__.__name__})") from None
    if response.status_code not in (200, 201, 204):
        raise LoadError(f"graph {iri}: {safe_url(target.endpoint)} answered HTTP {response.status_code} "
                        f"{response.text.strip()[:200]}")


def _update_graph(target: Target, iri: str, triples: list, bar) -> None:
    scratch = f"{iri}-loading-{uuid.uuid4().hex}"
    batches = [triples[i:i + target.batch] for i in range(0, len(triples), target.batch)]
    for number, batch in enumerate(batches, start=1):
        data = serialize(batch, format=RdfFormat.N_TRIPLES).decode("utf-8")
        try:
            _update(target, f"INSERT DATA {{ GRAPH <{scratch}> {{\n{data}}} }}")
        except LoadError as exc:
            try:
                _update(target, f"DROP SILENT GRAPH <{scratch}>")
            except LoadError:
                pass
            raise LoadError(f"graph {iri}: batch {number} of {len(batches)} failed ({exc}); "
                            f"the graph was left as it was") from None
        if bar:
            bar.update(len(batch))
    _update(target, f"DROP SILENT GRAPH <{iri}> ;\n"
                    f"INSERT {{ GRAPH <{iri}> {{ ?s ?p ?o }} }} WHERE {{ GRAPH <{scratch}> {{ ?s ?p ?o }} }} ;\n"
                    f"DROP SILENT GRAPH <{scratch}>")


def _update(target: Target, text: str) -> None:
    from urllib.error import HTTPError, URLError

    from SPARQLWrapper import BASIC, DIGEST, POST, POSTDIRECTLY, SPARQLWrapper
    from SPARQLWrapper.SPARQLExceptions import SPARQLWrapperException

    client = SPARQLWrapper(target.endpoint)
    client.setMethod(POST)
    client.setRequestMethod(POSTDIRECTLY)
    client.setTimeout(600)
    if target.user:
        client.setHTTPAuth(DIGEST if target.auth == "digest" else BASIC)
        client.setCredentials(target.user, target.password or "")
    client.setQuery(text)
    try:
        client.query()
    except HTTPError as exc:
        raise LoadError(f"{safe_url(target.endpoint)} answered HTTP {exc.code}") from None
    except (URLError, OSError) as exc:
        raise LoadError(f"{safe_url(target.endpoint)} did not answer ({exc.__class__.__name__})") from None
    except SPARQLWrapperException as exc:
        raise LoadError(f"{safe_url(target.endpoint)} refused the update: {str(exc).splitlines()[0][:200]}") from None
