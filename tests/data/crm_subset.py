"""Write cidoc-crm-subset.ttl: the CIDOC-CRM terms ontology/yili.ttl reuses,
with what the official RDFS says of them, for the reasoner test.

Run once by hand when yili.ttl reuses another CRM term:

    python tests/data/crm_subset.py CIDOC_CRM_v7.1.3.rdf > tests/data/cidoc-crm-subset.ttl

The input is the official RDFS of CIDOC-CRM 7.1.3 (FORTH-ICS, 13 February
2024, approved by the 58th CRM-SIG meeting; CC BY 4.0). Every term yili.ttl
names in the crm: namespace is kept with its superclasses / superproperties
(transitively), each property's domain and range, and the labels in English.
The RDFS types properties as rdf:Property; here they are owl:ObjectProperty
so that an OWL 2 DL reasoner reads them as the object properties they are.
One axiom is added that the RDFS leaves to prose: the scope note of E2
Temporal Entity says "This class is disjoint from E77 Persistent Item".
"""
from __future__ import annotations

import sys
from pathlib import Path

import rdflib
from rdflib.namespace import OWL, RDF, RDFS

CRM = "http://www.cidoc-crm.org/cidoc-crm/"
ROOT = Path(__file__).resolve().parents[2]


def main(official: str) -> None:
    crm = rdflib.Graph()
    crm.parse(official, format="xml")
    used = set()
    for name in ("yili.ttl", "terms.ttl"):
        g = rdflib.Graph().parse(ROOT / "ontology" / name)
        used |= {t for triple in g for t in triple if isinstance(t, rdflib.URIRef) and str(t).startswith(CRM)}
    used |= {rdflib.URIRef(CRM + "E2_Temporal_Entity"), rdflib.URIRef(CRM + "E77_Persistent_Item")}
    out = rdflib.Graph()
    out.bind("crm", CRM)
    todo, seen = list(used), set()
    while todo:
        term = todo.pop()
        if term in seen or not str(term).startswith(CRM):
            continue
        seen.add(term)
        kind = next(crm.objects(term, RDF.type), None)
        if kind is None:
            raise SystemExit(f"{term} is not in {official}")
        out.add((term, RDF.type, OWL.Class if kind == RDFS.Class else OWL.ObjectProperty))
        for label in crm.objects(term, RDFS.label):
            if label.language == "en":
                out.add((term, RDFS.label, label))
        for p in (RDFS.subClassOf, RDFS.subPropertyOf, RDFS.domain, RDFS.range):
            for o in crm.objects(term, p):
                out.add((term, p, o))
                todo.append(o)
    out.add((rdflib.URIRef(CRM + "E2_Temporal_Entity"), OWL.disjointWith, rdflib.URIRef(CRM + "E77_Persistent_Item")))
    print(__doc__.replace("\n", "\n# ").join(["# ", ""]).rstrip("# \n"))
    print(f"# Terms: {len(seen)}.\n")
    print(out.serialize(format="turtle"))


if __name__ == "__main__":
    main(sys.argv[1])
