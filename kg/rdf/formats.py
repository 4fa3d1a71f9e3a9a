"""The one registry of RDF formats: name, file extension, media type and
what it can hold. The dumps, the stores, the server's content negotiation,
the VoID description and the command line all read it, so that a format is
added (or renamed) in one row."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pyoxigraph import RdfFormat


@dataclass(frozen=True)
class GraphFormat:
    name: str  # what --format says
    extension: str  # of the dump file, with the dot
    media_type: str  # IANA
    file_type: str  # the EU file-type authority's code (dcterms:format in DCAT-AP)
    rdf_format: RdfFormat
    datasets: bool  # keeps named graphs (otherwise the union of the graphs is written)


FORMATS: dict[str, GraphFormat] = {f.name: f for f in (
    GraphFormat("turtle", ".ttl", "text/turtle", "RDF_TURTLE", RdfFormat.TURTLE, False),
    GraphFormat("ntriples", ".nt", "application/n-triples", "RDF_N_TRIPLES", RdfFormat.N_TRIPLES, False),
    GraphFormat("nquads", ".nq", "application/n-quads", "RDF_N_QUADS", RdfFormat.N_QUADS, True),
    GraphFormat("jsonld", ".jsonld", "application/ld+json", "JSON_LD", RdfFormat.JSON_LD, False),
)}
BY_EXTENSION = {f.extension: f for f in FORMATS.values()}
BY_MEDIA_TYPE = {f.media_type: f for f in FORMATS.values()}


class UnknownFormat(ValueError):
    """A file name whose extension names no RDF format of the registry."""


def format_of(path: Path | str) -> GraphFormat:
    """The format of a dump file by its extension (``.gz`` set aside)."""
    name = Path(path).name
    name = name[:-3] if name.endswith(".gz") else name
    found = BY_EXTENSION.get(Path(name).suffix)
    if found is None:
        known = ", ".join(sorted(BY_EXTENSION))
        raise UnknownFormat(f"{path}: unknown RDF file extension (use {known}, optionally .gz)")
    return found
