"""``kg bench``: the one place where speed and memory are measured.

Each stage runs on the default corpus, then on the corpus repeated N times
(documents renamed so that their IRIs differ). Peak memory is the peak of
Python allocations during a second, traced run of the stage (tracemalloc);
0.0 where not traced.
"""
from __future__ import annotations

import platform
import tempfile
import time
import tracemalloc
from dataclasses import replace
from pathlib import Path

from kg.build import default_corpus, extract, graph_triples, read_documents
from kg.publish.dump import write_ntriples, write_turtle
from kg.text.normalise import normalise
from kg.validate import rdflib_graph, validate


def _measure(fn, trace: bool = True):
    """Time one run, then trace the memory of a second one (tracing slows
    Python several times over, so it must not be in the timed run)."""
    started = time.perf_counter()
    result = fn()
    seconds = time.perf_counter() - started
    if not trace:
        return result, seconds, 0
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return result, seconds, peak


def _row(stage: str, seconds: float, peak: int, chars: int, triples: int | None) -> str:
    tps = f"{triples / seconds:>12,.0f}" if triples else f"{'':>12}"
    return f"{stage:<10} {seconds:>8.3f} {chars / seconds:>14,.0f} {tps} {peak / 2**20:>10.1f}"


def run_bench(scale: int = 1):
    yield f"machine: {platform.machine()}, {platform.python_implementation()} {platform.python_version()}"
    yield f"{'stage':<10} {'seconds':>8} {'chars/s':>14} {'triples/s':>12} {'peak MiB':>10}"
    for n in sorted({1, scale}):
        yield f"-- corpus x{n}"
        items = default_corpus()
        docs, t, peak = _measure(lambda: read_documents(items * n))
        docs = [replace(d, path=f"{i // len(items)}-{d.path}") for i, d in enumerate(docs)]
        chars = sum(len(d.source) for d in docs)
        yield _row("read", t, peak, chars, None)
        texts = [p.span.text for d in docs for p in d.passages] + [x.span.text for d in docs for x in d.notes]
        _, t, peak = _measure(lambda: [normalise(x) for x in texts])
        yield _row("normalise", t, peak, chars, None)
        events, t, peak = _measure(lambda: extract(docs))
        yield _row("extract", t, peak, chars, None) + f"   {sum(map(len, events.values())):,} events"
        triples, t, peak = _measure(lambda: graph_triples(docs, events=events))
        yield _row("graph", t, peak, chars, len(triples))
        # SHACL validation, as kg build runs it (conversion to rdflib included);
        # memory is traced on the corpus x1 only: tracing pyshacl takes minutes.
        report, t, peak = _measure(lambda: validate(rdflib_graph(triples)), trace=n == 1)
        yield _row("validate", t, peak, chars, len(triples)) + ("" if report.conforms else "   DOES NOT CONFORM")
        with tempfile.TemporaryDirectory() as tmp:
            _, t, peak = _measure(lambda: (write_ntriples(triples, Path(tmp) / "g.nt"),
                                           write_turtle(triples, Path(tmp) / "g.ttl")))
        yield _row("serialise", t, peak, chars, len(triples))
