"""``kg bench``: the one place where speed and memory are measured.

Builds run as child processes (``python -m kg.bench``), so that each one's
peak resident memory is its own (``wait4``), and report their phases as
``kg build`` does. Beside them, the anchors on the same statements: raw
pyoxigraph serialisation of each dump, and the SHACL engines.
"""
from __future__ import annotations

import importlib
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pyoxigraph import RdfFormat, serialize

from kg.paths import QUERIES
from kg.build import Source, build, default_corpus, graph_dataset, read_documents
from kg.progress import Phases
from kg.rdf.formats import FORMATS
from kg.shacl import ENGINES
from kg.validate import DEFAULT_ENGINE, rdflib_graph, shapes_graph, validate, validate_dataset

TARGETS = {"seeds": 3.0, "work": 10.0}  # seconds for a whole kg build, validation included
PEAK_TARGETS = {10: 1024, 100: 2048}  # MiB of peak RSS for the seeds ×10 and ×100
LINEAR_TARGET = 1.1  # time at scale against the seeds', per statement


def seeds_corpus() -> list[Source]:
    return [s for s in default_corpus() if s.witness is None and s.path.parent.name == "corpus"]


def scaled_corpus(n: int) -> list[Source]:
    """The seeds ``n`` times, each copy under a witness of its own so that its IRIs differ."""
    seeds = seeds_corpus()
    return [s._replace(witness=f"copy{k}-{s.path.stem[:3]}") if k else s for k in range(n) for s in seeds]


def _child_build(corpus: str, out: str, cache: bool) -> None:
    """What a child process runs: one build, its phases on stdout."""
    items = {"seeds": seeds_corpus, "work": default_corpus}.get(corpus)
    items = items() if items else scaled_corpus(int(corpus.removeprefix("x")))
    summary = build(items, Path(out), phases=Phases("build", stream=sys.stdout), cache=cache)
    print(f"triples {summary.triples}")


def run_build_child(corpus: str, out: Path, cache: bool = False) -> tuple[float, float, dict[str, float], int]:
    """(wall seconds, peak RSS MiB, phase seconds, triples) of one build in a child process."""
    started = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "kg.bench", corpus, str(out), "cache" if cache else "fresh"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    out_text, err_text = child.stdout.read(), child.stderr.read()
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise RuntimeError(f"bench build of {corpus} failed: {err_text.strip().splitlines()[-1:]}")
    phases = {m.group(1): float(m.group(2)) for m in re.finditer(r"^build: (\w[\w ]*?)(?: \d+ \w+)? ([\d.]+) s$",
                                                                  out_text, re.M)}
    triples = int(re.search(r"^triples (\d+)", out_text, re.M).group(1))
    return wall, usage.ru_maxrss / 1024, phases, triples


def run_bench(scale: int = 1, phases: Phases | None = None):
    """The figures, a line at a time; ``phases`` hears of each step (the
    builds take a minute and more), on stderr by default so that the
    figures stay alone on stdout."""
    phases = phases or Phases("kg bench", stream=None if sys.stderr.isatty() else sys.stderr)
    yield (f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()} "
           f"{platform.python_version()}; load average {os.getloadavg()[0]:.2f} at start")
    yield "-- kg build, each in a child process (cold: no cache; unchanged: the same build again)"
    yield f"{'corpus':<8} {'triples':>10} {'cold s':>8} {'target':>7} {'unchanged s':>12} {'peak MiB':>9}  phases (cold)"
    rows = {}
    for corpus in ["seeds", "work"] + ([f"x{scale}"] if scale > 1 else []):
        with tempfile.TemporaryDirectory() as tmp:
            with phases.phase(f"build {corpus} cold"):
                wall, rss, steps, triples = run_build_child(corpus, Path(tmp) / "dist")
            with phases.phase(f"build {corpus} unchanged"):
                again, _, _, _ = run_build_child(corpus, Path(tmp) / "dist", cache=True)
        rows[corpus] = (wall, triples, rss)
        target = TARGETS.get(corpus)
        verdict = (f"{target:>5.0f} {'✓' if wall <= target else '✗'}" if target else f"{'':>7}")
        yield (f"{corpus:<8} {triples:>10,} {wall:>8.1f} {verdict} {again:>12.1f} {rss:>9.0f}  "
               + ", ".join(f"{k} {v:.1f}" for k, v in steps.items()))
    if scale > 1:
        wall1, triples1, _ = rows["seeds"]
        wall_n, triples_n, rss_n = rows[f"x{scale}"]
        linear = wall_n / wall1 / (triples_n / triples1)
        yield (f"scale ×{scale}: {triples_n / triples1:.1f}× the triples in {wall_n / wall1:.2f}× the time "
               f"({linear:.2f}× linear; target ≤ {LINEAR_TARGET} {'✓' if linear <= LINEAR_TARGET else '✗'})")
        peak = PEAK_TARGETS.get(scale)
        if peak is not None:
            yield f"peak RSS at ×{scale}: {rss_n:.0f} MiB (target ≤ {peak} MiB {'✓' if rss_n <= peak else '✗'})"
    yield "-- anchors on the whole work, in this process"
    with phases.phase("graph of the whole work"):
        dataset = graph_dataset(read_documents(default_corpus()))
    with phases.phase("dumps against raw"):
        lines = list(compare_dumps(dataset))
    yield from lines
    with phases.phase("SHACL engines"):
        lines = list(compare_engines(dataset, repeats=1))
    yield from lines


def compare_dumps(dataset, rounds: int = 3):
    """Each dump as kg build writes it (:class:`kg.rdf.stream.DumpWriter`,
    the graphs given as its pieces; the N-Quads from the N-Triples written
    already) beside raw pyoxigraph serialising the
    same statements (quads for N-Quads, the union for the others) to a file.
    The two are written in turn ``rounds`` times and each keeps its fastest:
    a single write of a few hundred megabytes varies by half with the page
    cache and the disk's write-back, whichever of the two comes first."""
    from kg.publish.dump import prefixes_for
    from kg.rdf.stream import DumpWriter

    union = dataset.union()
    quads = list(dataset.quads())
    yield f"  {'dump':<10} {'kg s':>7} {'raw s':>7} {'ratio':>6}  (target ≤ 1.10; fastest of {rounds} in turn)"
    with tempfile.TemporaryDirectory() as tmp:
        # kg build's N-Quads are the N-Triples it wrote already (the N-Triples
        # dump, timed on its own line), each line named with its graph
        written, spans = Path(tmp) / "stream.nt", {}
        with open(written, "wb") as out:
            for graph, triples in dataset.graphs.items():
                start = out.tell()
                serialize(triples, out, RdfFormat.N_TRIPLES)
                spans[graph] = (start, out.tell())
        for fmt in FORMATS.values():
            path = Path(tmp) / ("kg" + fmt.extension)
            raw_path = Path(tmp) / ("raw" + fmt.extension)
            options = {"prefixes": prefixes_for(None)} if fmt.name == "turtle" else {}

            def raw_dump():
                with open(raw_path, "wb") as out:
                    serialize(quads if fmt.datasets else union, out, fmt.rdf_format, **options)

            def our_dump():
                from_stream = fmt.name == "nquads"
                with DumpWriter({fmt.name: path}, prefixes=prefixes_for(None),
                                ntriples=written if from_stream else None) as writer:
                    for graph, triples in dataset.graphs.items():
                        writer(graph, triples, spans[graph] if from_stream else None)

            times = {"ours": [], "raw": []}
            for _ in range(rounds):
                times["ours"].append(_timed(our_dump)[1])
                times["raw"].append(_timed(raw_dump)[1])
            ours, raw = min(times["ours"]), min(times["raw"])
            yield f"  {fmt.name:<10} {ours:>7.2f} {raw:>7.2f} {ours / raw:>6.2f} {'✓' if ours <= 1.1 * raw else '✗'}"


def compare_engines(dataset, repeats: int = 1):
    """Each engine on the same graph and shapes, data in memory to verdict:
    the default one as kg build runs it (the union's N-Triples written to a
    file, then read by :func:`kg.validate.validate_file`), pyshacl-turbo,
    and pyrudof (an anchor, timed only when installed: it is not a
    dependency); pyshacl, the reference engine, on the seeds only (minutes
    on the whole work)."""
    from kg.rdf.io import write_statements
    from kg.validate import validate_file

    union = dataset.union()

    def default():
        with tempfile.TemporaryDirectory() as tmp:
            write_statements(union, Path(tmp) / "union.nt")
            return validate_file(Path(tmp) / "union.nt", engine=DEFAULT_ENGINE)[0].conforms

    runs = {DEFAULT_ENGINE: default, "turbo": lambda: validate_dataset(dataset, engine="turbo").conforms,
            "rudof": _rudof_runner(union)}
    times: dict[str, list[float]] = {name: [] for name in runs}
    verdicts = {}
    for _ in range(repeats):
        for name, fn in runs.items():
            if fn is not None:
                verdicts[name], t = _timed(fn)
                times[name].append(t)
    median = {name: statistics.median(t) for name, t in times.items() if t}
    yield f"  SHACL on the same {len(union):,} triples and shapes, data in memory to verdict:"
    yield f"    {DEFAULT_ENGINE + ' (kg build)':<24} {median[DEFAULT_ENGINE]:>8.2f} s"
    yield f"    {'turbo (pyshacl-turbo)':<24} {median['turbo']:>8.2f} s"
    if runs["rudof"] is None:
        yield f"    {'pyrudof':<24} {'':>8}     not installed (pip install pyrudof to compare)"
    else:
        rudof = runs["rudof"]
        ratio = median[DEFAULT_ENGINE] / median["rudof"]
        yield (f"    {'pyrudof':<24} {median['rudof']:>8.2f} s   (load {statistics.median(rudof.load):.2f} s "
               f"+ validate {statistics.median(rudof.check):.2f} s)")
        yield f"    {DEFAULT_ENGINE}/pyrudof {ratio:.2f}: target ≤ 0.80 {'✓' if ratio <= 0.8 else '✗'}"
    seeds = graph_dataset(read_documents(seeds_corpus()))
    graph = rdflib_graph(seeds.union())
    timed = {}
    for engine in ENGINES:
        data = graph if engine == "pyshacl" else seeds
        verdicts[f"{engine} (seeds)"], timed[engine] = _timed(lambda: validate(data, engine=engine).conforms)
    yield (f"    on the seeds ({len(seeds.union()):,} triples): "
           + ", ".join(f"{engine} {t:.2f} s" for engine, t in timed.items()))
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
            # The reading room on the same server: pages, search, diagrams.
            from kg.publish.roombench import report, run

            yield from report(run(f"http://127.0.0.1:{port}", repeats)).splitlines()
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


if __name__ == "__main__":  # a child build of run_build_child
    _child_build(sys.argv[1], sys.argv[2], sys.argv[3] == "cache")
