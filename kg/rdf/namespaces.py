"""The vocabularies the graph reuses, in one place, and the prefixes its
Turtle and JSON-LD write them with. The project's own vocabulary (``yili:``)
lives under the build's base: :data:`kg.rdf.iris.ONTOLOGY` by default,
``Minter(base).vocabulary()`` under ``--base``."""
from __future__ import annotations

from pyoxigraph import NamedNode

RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
RDFS = "http://www.w3.org/2000/01/rdf-schema#"
XSD = "http://www.w3.org/2001/XMLSchema#"
OWL = "http://www.w3.org/2002/07/owl#"
OA = "http://www.w3.org/ns/oa#"
DCT = "http://purl.org/dc/terms/"
PROV = "http://www.w3.org/ns/prov#"
SKOS = "http://www.w3.org/2004/02/skos/core#"
FOAF = "http://xmlns.com/foaf/0.1/"
CRM = "http://www.cidoc-crm.org/cidoc-crm/"
SEM = "http://semanticweb.cs.vu.nl/2009/11/sem/"
VOID = "http://rdfs.org/ns/void#"
DCAT = "http://www.w3.org/ns/dcat#"
# Media types as IANA's IRIs (DCAT-AP: dcat:mediaType is an IRI of the IANA
# register), and the EU file-type authority for dcterms:format.
IANA = "https://www.iana.org/assignments/media-types/"
FILE_TYPE = "http://publications.europa.eu/resource/authority/file-type/"

# The prefixes of the reused vocabularies (yili: is added under the base).
REUSED_PREFIXES = {"rdf": RDF, "rdfs": RDFS, "xsd": XSD, "owl": OWL, "oa": OA, "dcterms": DCT, "prov": PROV,
                   "skos": SKOS, "foaf": FOAF, "crm": CRM, "sem": SEM, "void": VOID, "dcat": DCAT}


class Terms:
    """The IRIs of one namespace as pyoxigraph ``NamedNode`` attributes
    (``oa.hasSelector``), each made on first use and then an attribute like
    any other: the builders name the same few properties millions of
    times, and a concatenated string looked up each time cost them about a
    third of a second on the whole work."""

    def __init__(self, namespace: str):
        self._namespace = namespace

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        node = NamedNode(self._namespace + name)
        setattr(self, name, node)
        return node


rdf, rdfs, xsd, owl, oa, dct = Terms(RDF), Terms(RDFS), Terms(XSD), Terms(OWL), Terms(OA), Terms(DCT)
skos, foaf, crm, sem = Terms(SKOS), Terms(FOAF), Terms(CRM), Terms(SEM)
