"""kg bench's progress: a line per step on stderr (its builds take a
minute and more), the figures alone on stdout. The builds and anchors are
replaced by stand-ins here: timing them is the bench's job, not the tests'
(the guide: speed is checked by the command, never by timed tests)."""
from __future__ import annotations

import io

import kg.bench as bench
from kg.progress import Phases


def test_the_bench_reports_each_step_apart_from_its_figures(monkeypatch):
    monkeypatch.setattr(bench, "run_build_child", lambda corpus, out, cache=False: (1.0, 100.0, {"read": 0.1}, 1000))
    monkeypatch.setattr(bench, "read_documents", lambda items: [])
    monkeypatch.setattr(bench, "graph_dataset", lambda docs: None)
    monkeypatch.setattr(bench, "compare_dumps", lambda dataset: iter(["  dumps"]))
    monkeypatch.setattr(bench, "compare_engines", lambda dataset, repeats=1: iter(["  engines"]))
    progress = io.StringIO()
    figures = list(bench.run_bench(1, Phases("kg bench", stream=progress)))
    assert figures[-2:] == ["  dumps", "  engines"] and not any(line.startswith("kg bench:") for line in figures)
    steps = [line.rsplit(" ", 2)[0] for line in progress.getvalue().splitlines()]
    assert steps == ["kg bench: build seeds cold", "kg bench: build seeds unchanged", "kg bench: build work cold",
                     "kg bench: build work unchanged", "kg bench: graph of the whole work",
                     "kg bench: dumps against raw", "kg bench: SHACL engines"]


def test_the_dump_anchors_time_each_format_as_kg_build_writes_it(tmp_path):
    """compare_dumps on a real graph (one seed): a line per format, kg's
    time beside raw pyoxigraph's and their ratio (the figures themselves
    are the bench's to judge, not the test's)."""
    import re

    from kg.build import graph_dataset, read_documents
    from tests.conftest import seed

    dataset = graph_dataset(read_documents([(seed("003"),)]))
    lines = list(bench.compare_dumps(dataset, rounds=1))
    rows = [re.match(r"  (\w+) +([\d.]+) +([\d.]+) +([\d.]+) [✓✗]$", line) for line in lines[1:]]
    assert [row.group(1) for row in rows if row] == ["turtle", "ntriples", "nquads", "jsonld"]
    assert all(float(row.group(2)) > 0 and float(row.group(3)) > 0 for row in rows)


def test_the_scale_run_prints_its_time_and_memory_targets_with_verdicts(monkeypatch):
    """×10: time against the seeds' per statement (≤ 1.1× linear) and peak
    RSS (≤ 1 GB), each with its verdict (the builds stood in for)."""
    runs = {"seeds": (2.0, 200.0, {}, 1000), "work": (9.0, 900.0, {}, 7000), "x10": (13.0, 1100.0, {}, 5500)}
    monkeypatch.setattr(bench, "run_build_child", lambda corpus, out, cache=False: runs[corpus])
    monkeypatch.setattr(bench, "read_documents", lambda items: [])
    monkeypatch.setattr(bench, "graph_dataset", lambda docs: None)
    monkeypatch.setattr(bench, "compare_dumps", lambda dataset: iter([]))
    monkeypatch.setattr(bench, "compare_engines", lambda dataset, repeats=1: iter([]))
    figures = list(bench.run_bench(10, Phases("kg bench", stream=io.StringIO())))
    assert "scale ×10: 5.5× the triples in 6.50× the time (1.18× linear; target ≤ 1.1 ✗)" in figures
    assert "peak RSS at ×10: 1100 MiB (target ≤ 1024 MiB ✗)" in figures
    runs["x10"] = (10.0, 700.0, {}, 5500)
    figures = list(bench.run_bench(10, Phases("kg bench", stream=io.StringIO())))
    assert "scale ×10: 5.5× the triples in 5.00× the time (0.91× linear; target ≤ 1.1 ✓)" in figures
    assert "peak RSS at ×10: 700 MiB (target ≤ 1024 MiB ✓)" in figures
