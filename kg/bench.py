"""``kg bench``: the one place where speed and memory are measured.

Each stage runs on the default corpus, then on the corpus repeated N times
(documents renamed so that their IRIs differ). Peak memory is the peak of
Python allocations during a second, traced run of the stage (tracemalloc);
0.0 where not traced.
"""
from __future__ import annotations

import importlib
import platform
import statistics
import tempfile
import time
import tracemalloc
from dataclasses import replace
from pathlib import Path

from pyoxigraph import RdfFormat, serialize

from kg.paths import QUERIES
from kg.build import default_corpus, extract, graph_quads, graph_triples, read_documents
from kg.publish.dump import write_ntriples, write_turtle
from kg.text.normalise import normalise
from kg.validate import DEFAULT_ENGINE, rdflib_graph, shapes_graph, validate, validate_quads


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
        copies, t, peak = _measure(lambda: [read_documents(items) for _ in range(n)])
        # Each copy under a witness of its own, so that its IRIs differ.
        docs = [replace(d, witness=f"{k}-{d.key.split('/')[0]}" if k else d.witness)
                for k, copy in enumerate(copies) for d in copy]
        chars = sum(len(d.source) for d in docs)
        yield _row("read", t, peak, chars, None)
        texts = [p.span.text for d in docs for p in d.passages] + [x.span.text for d in docs for x in d.notes]
        _, t, peak = _measure(lambda: [normalise(x) for x in texts])
        yield _row("normalise", t, peak, chars, None)
        events, t, peak = _measure(lambda: extract(docs))
        yield _row("extract", t, peak, chars, None) + f"   {sum(map(len, events.values())):,} events"
        triples, t, peak = _measure(lambda: graph_triples(docs, events=events))
        yield _row("graph", t, peak, chars, len(triples))
        # SHACL validation, as kg build runs it: the default engine on the
        # quads, one named graph at a time (kg.parts). Memory is traced on the
        # corpus x1 only; the Rust engine's own memory is not a Python
        # allocation, so tracemalloc does not see it.
        quads = graph_quads(docs, events=events)
        report, t, peak = _measure(lambda: validate_quads(quads), trace=n == 1)
        yield _row("validate", t, peak, chars, len(triples)) + ("" if report.conforms else "   DOES NOT CONFORM")
        yield from compare_engines(quads, triples, repeats=3 if n == 1 else 1)
        with tempfile.TemporaryDirectory() as tmp:
            _, t, peak = _measure(lambda: (write_ntriples(triples, Path(tmp) / "g.nt"),
                                           write_turtle(triples, Path(tmp) / "g.ttl")))
        yield _row("serialise", t, peak, chars, len(triples))


def compare_engines(quads, triples, repeats: int = 3):
    """The default engine beside pyshacl (the reference) and pyrudof (an
    anchor, timed only when it is installed: it is not a dependency), on
    the same graph (``triples`` is the union of ``quads``) and the same
    shapes, each timed from the data in memory to its verdict. The fast
    ones run ``repeats`` times, interleaved, and report medians, so that a
    busy machine slows them alike."""
    runs = {
        "build": lambda: validate_quads(quads).conforms,  # what kg build runs
        "whole": lambda: validate(triples).conforms,  # the same engine on the union at once
        "rudof": _rudof_runner(triples),
    }
    times: dict[str, list[float]] = {name: [] for name in runs}
    verdicts = {}
    for _ in range(repeats):
        for name, fn in runs.items():
            if fn is not None:
                verdicts[name], t = _timed(fn)
                times[name].append(t)
    started = time.perf_counter()
    graph = rdflib_graph(triples)
    converted = time.perf_counter() - started
    verdicts["pyshacl"], t_ref = _timed(lambda: validate(graph, engine="pyshacl").conforms)
    median = {name: statistics.median(t) for name, t in times.items() if t}
    yield (f"  SHACL engines on the same {len(triples):,} triples and shapes, data in memory to verdict"
           + (f" (medians of {repeats} interleaved runs):" if repeats > 1 else ":"))
    yield f"    {DEFAULT_ENGINE + ', by graph (kg build)':<32} {median['build']:>8.3f} s"
    yield f"    {DEFAULT_ENGINE + ', whole graph at once':<32} {median['whole']:>8.3f} s"
    yield f"    {'pyshacl (reference)':<32} {converted + t_ref:>8.3f} s   ({converted:.3f} s of it building the rdflib graph)"
    if runs["rudof"] is None:
        yield f"    {'pyrudof':<32} {'':>8}     not installed (pip install pyrudof to compare)"
    else:
        rudof = runs["rudof"]
        yield (f"    {'pyrudof':<32} {median['rudof']:>8.3f} s   (load {statistics.median(rudof.load):.3f} s "
               f"+ validate {statistics.median(rudof.check):.3f} s)")
        ratio = median["build"] / median["rudof"]
        yield (f"    {DEFAULT_ENGINE}/pyrudof {ratio:.2f}: target ≤ 0.80 {'met' if ratio <= 0.8 else 'NOT MET'} "
               f"({median['build'] / statistics.median(rudof.check):.2f} against pyrudof's validation alone)")
    yield ("    verdicts agree: " + ("yes" if len(set(verdicts.values())) == 1 else "NO") + " ("
           + ", ".join(f"{k} {'conforms' if v else 'violations'}" for k, v in verdicts.items()) + ")")


def _timed(fn):
    started = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - started


def _rudof_runner(triples):
    """pyrudof from the same triples: N-Triples text in, its verdict out."""
    try:
        # importlib, not an import statement: pyrudof is an optional anchor,
        # never a dependency of the commands (tests/test_install.py).
        pyrudof = importlib.import_module("pyrudof")
    except ImportError:
        return None
    shapes = shapes_graph().serialize(format="turtle")

    def run():
        rudof = pyrudof.Rudof(pyrudof.RudofConfig())
        started = time.perf_counter()
        rudof.read_data(serialize(triples, format=RdfFormat.N_TRIPLES).decode("utf-8"),
                        format=pyrudof.RDFFormat.NTriples)
        rudof.read_shacl(shapes)
        loaded = time.perf_counter()
        conforms = rudof.validate_shacl().conforms
        run.load.append(loaded - started)
        run.check.append(time.perf_counter() - loaded)
        return conforms

    run.load, run.check = [], []
    return run


def run_http_bench(dist: Path, repeats: int = 20):
    """Latency of the queries/ set through ``kg serve`` (SPARQL JSON over
    HTTP, a real server process) next to the same queries on the same store
    in this process, with the same JSON serialisation."""
    import socket
    import statistics
    import subprocess
    import sys

    import requests
    from pyoxigraph import QueryResultsFormat, Store

    from kg.publish.sparql import ensure_store

    queries = {p.stem: p.read_text(encoding="utf-8") for p in sorted(QUERIES.glob("*.rq"))}
    with tempfile.TemporaryDirectory() as tmp:
        store_dir = ensure_store(dist / "yili.nq", Path(tmp) / "store")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = subprocess.Popen([sys.executable, "-m", "kg.cli", "serve", "--port", str(port), "--dist", str(dist),
                                   "--store", str(store_dir)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}/sparql"
        try:
            for _ in range(300):
                try:
                    requests.get(f"http://127.0.0.1:{port}/", timeout=1)
                    break
                except requests.ConnectionError:
                    time.sleep(0.1)
            store = Store.read_only(str(store_dir))
            session = requests.Session()
            yield f"{'query':<20} {'direct p50':>10} {'p95':>8} {'HTTP p50':>10} {'p95':>8} {'ratio':>6}  (ms, {repeats} runs)"
            ratios = []
            for name, text in queries.items():
                direct = _latencies(lambda: store.query(text, use_default_graph_as_union=True).serialize(
                    format=QueryResultsFormat.JSON), repeats)
                http = _latencies(lambda: session.post(url, data={"query": text}, headers={
                    "Accept": "application/sparql-results+json"}).raise_for_status(), repeats)
                d50, h50 = statistics.median(direct), statistics.median(http)
                ratios.append(h50 / d50)
                yield (f"{name:<20} {d50:>10.1f} {_p95(direct):>8.1f} {h50:>10.1f} {_p95(http):>8.1f} "
                       f"{h50 / d50:>6.2f}")
            yield f"median ratio HTTP/direct: {statistics.median(ratios):.2f}"
        finally:
            server.terminate()
            server.wait(timeout=10)


def _latencies(fn, repeats: int) -> list[float]:
    fn()  # warm up
    out = []
    for _ in range(repeats):
        started = time.perf_counter()
        fn()
        out.append((time.perf_counter() - started) * 1000)
    return out


def _p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(round(0.95 * len(values))) - 1)]
