"""The public API of kg/__init__.py: every name resolves to what the
commands use, and importing the package loads nothing heavy."""
from __future__ import annotations

import subprocess
import sys

import kg
from kg.bench import seeds_corpus
from tests.conftest import GOLD


def test_every_public_name_resolves():
    import kg.build
    import kg.validate

    assert set(dir(kg)) >= set(kg.__all__)
    assert kg.build_dist is kg.build.build and kg.validate_graph is kg.validate.validate
    for name in kg.__all__:
        assert getattr(kg, name) is not None, name


def test_importing_kg_loads_no_rdf_library():
    code = "import sys, kg; print(sorted(m for m in ('rdflib', 'pyoxigraph', 'kg.build') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_api_reads_extracts_graphs_validates_and_scores_the_seeds():
    """The docstring's own example, on the seed editions."""
    docs = kg.read_documents(seeds_corpus())
    alignments, events = kg.align_and_extract(docs)
    dataset = kg.graph_dataset(docs, events)
    assert isinstance(dataset, kg.Dataset) and len(dataset) > 200_000
    assert kg.validate_graph(dataset).conforms
    predicted = [{"doc": d.path, "start": e.start, "end": e.end, "agents": e.agents, "action": e.action,
                  "negated": e.negated, "objects": e.objects, "place": e.place.label if e.place else None,
                  "recipients": e.recipients, "facing": e.facing}
                 for d in docs for e in events[d.key]]
    scores = kg.score(predicted, kg.load_gold(GOLD))
    assert scores["event"].f1 > 0.95
