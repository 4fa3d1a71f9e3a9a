"""Golden files: an input and the graph it must give, compared as sets of
statements (the graph has no blank nodes, so that is isomorphism).

``tests/data/golden/KR1d0038_005-opening.txt`` is the first 56 lines of
``corpus/KR1d0038/KR1d0038_005.txt`` (鄉射禮 to 右速賔: three sections, their
passages, 鄭注 and 張爾岐's notes), built alone under the witness
``golden``. Its edition graph — the document, passages, notes, sections,
the events as this edition reports them with their evidence, the
alignments to the canonical passages and the variant readings — is
``KR1d0038_005-opening.nq``. A change that means to change that graph
rewrites the file with ``KG_GOLDEN_UPDATE=1 python -m pytest
tests/test_golden.py`` and shows the difference in its commit.
"""
from __future__ import annotations

import os
from pathlib import Path

from pyoxigraph import RdfFormat, serialize

from kg.build import Source, align_and_extract, read_documents
from kg.extract.work import read_work
from kg.rdf.dataset import build_dataset
from kg.rdf.iris import Minter

GOLDEN = Path(__file__).parent / "data" / "golden"


def edition_graph_lines(source: Source) -> list[str]:
    docs = read_documents([source])
    alignments, events = align_and_extract(docs)
    dataset = build_dataset(docs, events, read_work(docs, events, alignments=alignments))
    graph = next(g for g in dataset.graphs if g.value == Minter().graph("edition", docs[0].edition))
    text = serialize(dataset.graphs[graph], format=RdfFormat.N_TRIPLES).decode("utf-8")
    return sorted(line[:-1] + f"<{graph.value}> ." for line in text.splitlines())  # "s p o <g> ."


def test_the_opening_of_the_xiangshe_li_gives_its_golden_edition_graph():
    expected_file = GOLDEN / "KR1d0038_005-opening.nq"
    got = edition_graph_lines(Source(GOLDEN / "KR1d0038_005-opening.txt", "mandoku", 5, "golden"))
    if os.environ.get("KG_GOLDEN_UPDATE"):
        expected_file.write_text("\n".join(got) + "\n", encoding="utf-8")
    expected = expected_file.read_text(encoding="utf-8").splitlines()
    missing, extra = sorted(set(expected) - set(got)), sorted(set(got) - set(expected))
    assert not missing and not extra, (f"{len(missing)} statements missing, {len(extra)} unexpected; first ones:\n"
                                       + "\n".join(["- " + s for s in missing[:10]] + ["+ " + s for s in extra[:10]]))
    assert len(got) == len(expected) > 500  # each statement once, and a graph worth the name
