"""yili-kg: the 儀禮 (Yili) and its commentaries as a linked-data knowledge graph.

The public API, what ``kg build`` and ``kg eval`` are made of::

    import kg

    docs = kg.read_documents(kg.default_corpus())     # every edition file, read
    alignments, events = kg.align_and_extract(docs)   # canonical passages, ritual events
    dataset = kg.graph_dataset(docs, events)          # the named graphs, as pyoxigraph triples
    report = kg.validate_graph(dataset)               # SHACL: report.conforms, report.violations
    summary = kg.build_dist(kg.default_corpus(), "dist")  # all of it, published as dist/

    kg.read_file("KR1d0038_005.txt")                  # one file as the text model (format detected)
    kg.score(predicted, kg.load_gold("gold.jsonl"))   # precision/recall/F1 against a gold file

The names are loaded when first used, so that ``import kg`` (and every
``kg`` command) does not pay for rdflib and pyoxigraph until it needs them.
``build_dist`` and ``validate_graph`` are ``kg.build.build`` and
``kg.validate.validate``: ``kg.build`` and ``kg.validate`` name the modules.
"""
from __future__ import annotations

import importlib

# name → (the module that defines it, its name there)
_WHERE = {
    "Source": ("kg.build", "Source"),
    "default_corpus": ("kg.build", "default_corpus"),
    "read_documents": ("kg.build", "read_documents"),
    "align_and_extract": ("kg.build", "align_and_extract"),
    "graph_dataset": ("kg.build", "graph_dataset"),
    "build_dist": ("kg.build", "build"),
    "read_file": ("kg.readers", "read_file"),
    "validate_graph": ("kg.validate", "validate"),
    "Dataset": ("kg.rdf.io", "Dataset"),
    "load_gold": ("kg.eval", "load_gold"),
    "score": ("kg.eval", "score"),
}

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module 'kg' has no attribute {name!r}")
    module, attribute = _WHERE[name]
    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value  # found directly from now on
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
