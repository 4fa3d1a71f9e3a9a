"""The built graph in an Oxigraph store, and SPARQL over it.

``open_store`` loads dump files into an in-memory store (or opens an
on-disk one); ``run_query`` runs a query and writes its results in a
standard format. A malformed query raises ``QueryError`` with the parser's
message, so the command line can print it on one line.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

from pyoxigraph import QueryBoolean, QueryResultsFormat, QuerySolutions, Store

from kg.rdf.formats import FORMATS
from kg.rdf.io import GraphError, one_line, rdf_format  # noqa: F401  (re-exported: kg.cli, kg.publish)

RESULT_FORMATS = {"csv": QueryResultsFormat.CSV, "tsv": QueryResultsFormat.TSV,
                  "json": QueryResultsFormat.JSON, "xml": QueryResultsFormat.XML}
GRAPH_FORMATS = {f.name: f.rdf_format for f in FORMATS.values()}


class QueryError(ValueError):
    """A query that does not parse or cannot be evaluated."""


def open_store(paths: Iterable[Path], directory: Path | None = None) -> Store:
    """A store holding the graphs in ``paths`` (in memory unless ``directory``)."""
    store = Store(str(directory)) if directory else Store()
    for path in paths:
        path = Path(path)
        if not path.is_file():
            raise GraphError(f"{path}: no such graph file (run `kg build` first)")
        try:
            if path.name.endswith(".gz"):
                import gzip

                with gzip.open(path, "rb") as handle:
                    store.bulk_load(handle, rdf_format(path))
            else:
                store.bulk_load(path=str(path), format=rdf_format(path))
        except (SyntaxError, ValueError, OSError) as exc:
            raise GraphError(f"{path}: {one_line(exc)}") from exc
    return store


def query(store: Store, text: str):
    try:
        return store.query(text, use_default_graph_as_union=True)  # the dataset's graphs, as one
    except (SyntaxError, ValueError, OSError) as exc:
        raise QueryError(f"bad SPARQL query: {one_line(exc)}") from exc


def run_query(store: Store, text: str, fmt: str = "csv") -> bytes:
    """The results of a SELECT or ASK query as CSV, TSV, JSON or XML bytes;
    of a CONSTRUCT or DESCRIBE query as Turtle, N-Triples, N-Quads or JSON-LD."""
    results = query(store, text)
    if isinstance(results, (QuerySolutions, QueryBoolean)):
        if fmt not in RESULT_FORMATS:
            raise QueryError(f"format {fmt} is for graphs; a SELECT or ASK query gives csv, tsv, json or xml")
        return results.serialize(format=RESULT_FORMATS[fmt])
    if fmt not in GRAPH_FORMATS:
        fmt = "turtle"
    from pyoxigraph import serialize

    return serialize(results, format=GRAPH_FORMATS[fmt])


def solutions(store: Store, text: str) -> list[dict[str, str]]:
    """Rows of a SELECT query as dicts of plain strings (unbound left out)."""
    return select(store, text)[1]


def select(store: Store, text: str) -> tuple[list[str], list[dict[str, str]]]:
    """The variables of a SELECT query and its rows as dicts of plain strings."""
    rows = []
    results = query(store, text)
    if not isinstance(results, QuerySolutions):
        raise QueryError("not a SELECT query: use --format with a SPARQL results or RDF format")
    names = [v.value for v in results.variables]
    for solution in results:
        row = {}
        for name in names:
            term = solution[name]
            if term is not None:
                row[name] = term.value
        rows.append(row)
    return names, rows
