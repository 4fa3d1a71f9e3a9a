"""``kg abuse``: attack a ``kg serve`` on loopback and report how it held.

It starts its own ``kg serve`` on 127.0.0.1 (and a listener on 127.0.0.1 that
every SERVICE query names), sends a bounded number of mixed requests — valid
queries, syntax errors, updates, SERVICE, huge bodies and URLs, deep nesting,
slow and memory-hungry queries, bad bytes in paths — from many threads and
loopback source addresses (127.0.0.x, so that the per-client limit sees
several clients), stops after the count or the time limit, and prints:
requests by status, 5xx other than 503, responses that leak a traceback or a
filesystem path, connections that reached the listener, peak RSS of the server
and of its workers, and the latency of a valid query under the load and alone.
Nothing leaves the machine: every address used is on loopback.
"""
from __future__ import annotations

import contextlib
import http.client
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, urlencode

ROOT = Path(__file__).resolve().parent.parent.parent
VALID = ("PREFIX yili: <http://localhost:8000/ontology#> "
         "SELECT (COUNT(?e) AS ?n) WHERE { ?e a yili:RitualEvent }")
LEAKS = ("Traceback", 'File "', "/site-packages/", "/usr/lib/", "/root/", "/home/", "/tmp/", str(ROOT))


class Listener:
    """A TCP listener on 127.0.0.1 that counts the connections reaching it and
    answers each with an empty SPARQL result (so an allowed SERVICE succeeds)."""

    BODY = b'{"head":{"vars":[]},"results":{"bindings":[]}}'
    ANSWER = (b"HTTP/1.1 200 OK\r\nContent-Type: application/sparql-results+json\r\nConnection: close\r\n"
              b"Content-Length: %d\r\n\r\n%s" % (len(BODY), BODY))

    def __init__(self):
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.socket.settimeout(0.2)
        self.port = self.socket.getsockname()[1]
        self.connections = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def __enter__(self) -> "Listener":
        self._thread.start()
        return self

    def __exit__(self, *_) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self.socket.close()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.socket.accept()
            except OSError:
                continue
            self.connections += 1
            with conn:
                conn.settimeout(1)
                with contextlib.suppress(OSError):
                    conn.recv(65536)
                    conn.sendall(self.ANSWER)


@dataclass
class Reply:
    status: int
    seconds: float
    headers: dict
    body: bytes


def call(base: str, method: str, path: str, body: bytes | None = None, headers: dict | None = None,
         source: str = "127.0.0.1", timeout: float = 30.0) -> Reply:
    """One HTTP request from loopback address ``source``; status 0 if the
    connection failed or timed out."""
    host, port = base.split("//", 1)[1].split(":")
    started = time.monotonic()
    conn = http.client.HTTPConnection(host, int(port), timeout=timeout, source_address=(source, 0))
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        data = response.read()
        return Reply(response.status, time.monotonic() - started, dict(response.getheaders()), data)
    except (OSError, http.client.HTTPException):
        return Reply(0, time.monotonic() - started, {}, b"")
    finally:
        conn.close()


def query_path(query: str, **params) -> str:
    return "/sparql?" + urlencode({"query": query, **params})


def mix(listener_port: int, own: str) -> list[tuple[str, dict]]:
    """The kinds of request sent, each as (name, arguments of ``call``), in
    the proportions they are drawn."""
    listener = f"http://127.0.0.1:{listener_port}/sparql"
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    direct = {"Content-Type": "application/sparql-query"}
    deep = "SELECT * WHERE " + "{ " * 5000 + "?s ?p ?o " + "} " * 5000
    chain = "SELECT * WHERE { ?s ?p ?o FILTER(" + "+".join(["?o"] * 60_000) + ") }"
    return [
        ("valid", dict(method="GET", path=query_path(VALID))),
        ("valid-post", dict(method="POST", path="/sparql", body=VALID.encode(), headers=direct)),
        ("ask", dict(method="GET", path=query_path("ASK { ?s ?p ?o }"))),
        ("page", dict(method="GET", path="/page/role/%E5%8F%B8%E5%B0%84")),
        ("id", dict(method="GET", path="/id/role/%E5%8F%B8%E5%B0%84", headers={"Accept": "text/turtle"})),
        ("syntax", dict(method="GET", path=query_path("SELECT * WHERE { ?s ?p "))),
        ("update", dict(method="POST", path="/sparql", body=b"CLEAR ALL",
                        headers={"Content-Type": "application/sparql-update"})),
        ("update-form", dict(method="POST", path="/sparql", body=urlencode({"update": "DROP ALL"}).encode(),
                             headers=form)),
        ("service", dict(method="GET", path=query_path(f"SELECT * WHERE {{ SERVICE <{listener}> {{ ?s ?p ?o }} }}"))),
        ("service-own", dict(method="GET", path=query_path(
            f"SELECT * WHERE {{ SERVICE SILENT <{own}/sparql> {{ ?s ?p ?o }} }}"))),
        ("service-var", dict(method="GET", path=query_path(
            f"SELECT * WHERE {{ BIND(<{listener}> AS ?x) SERVICE ?x {{ ?s ?p ?o }} }}"))),
        ("service-file", dict(method="GET", path=query_path("SELECT * WHERE { SERVICE <file:///etc/passwd> {} }"))),
        ("huge-body", dict(method="POST", path="/sparql", body=b"#" * 2_000_000, headers=direct)),
        ("huge-url", dict(method="GET", path=query_path("ASK {}" + " " * 100_000))),
        ("huger-url", dict(method="GET", path=query_path("ASK {}" + " " * 300_000))),
        ("deep", dict(method="POST", path="/sparql", body=deep.encode(), headers=direct)),
        ("chain", dict(method="POST", path="/sparql", body=chain.encode(), headers=direct)),
        ("slow", dict(method="GET", path=query_path(
            "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }"))),
        ("memory", dict(method="GET", path=query_path("SELECT * WHERE { ?a ?b ?c . ?d ?e ?f } ORDER BY ?c ?f"))),
        *[("bad-bytes", dict(method="GET", path=path)) for path in (
            "/id/role/%00", "/id/a%00", "/page/role/%FF%FE", "/id/role/%C3", "/data/role/%00.ttl",
            "/graph/%FF", "/page/%C3%28", "/id/role/" + quote("司") + "%0A", "/dumps/..%2f..%2fetc%2fpasswd")],
        ("not-found", dict(method="GET", path="/nothing/here")),
        ("bad-accept", dict(method="GET", path=query_path(VALID), headers={"Accept": "image/png"})),
        ("bad-type", dict(method="POST", path="/sparql", body=b"x", headers={"Content-Type": "image/png"})),
    ]


@dataclass
class Report:
    requests: int = 0
    seconds: float = 0.0
    by_status: Counter = field(default_factory=Counter)
    by_kind: dict = field(default_factory=dict)
    other_5xx: list = field(default_factory=list)
    leaks: list = field(default_factory=list)
    over_time: list = field(default_factory=list)
    outbound: int = 0
    peak_server_mb: float = 0.0
    peak_worker_mb: float = 0.0
    start_server_mb: float = 0.0
    end_server_mb: float = 0.0
    valid_under_load: list = field(default_factory=list)
    valid_alone: list = field(default_factory=list)
    valid_refused: int = 0
    closed_uploads: int = 0

    def lines(self) -> list[str]:
        def pct(values, q):
            if not values:
                return float("nan")
            return statistics.quantiles(values, n=100, method="inclusive")[q - 1] * 1000 if len(values) > 1 \
                else values[0] * 1000
        return [
            f"{self.requests} requests in {self.seconds:.1f} s",
            "by status: " + ", ".join(f"{k}: {v}" for k, v in sorted(self.by_status.items())),
            f"5xx other than 503, or no answer: {len(self.other_5xx)}" + (f" {self.other_5xx[:5]}" if self.other_5xx else ""),
            f"over-limit uploads cut off by the server's early 413 (status 0): {self.closed_uploads}",
            f"responses leaking a traceback or a path: {len(self.leaks)}" + (f" {self.leaks[:3]}" if self.leaks else ""),
            f"answers later than timeout + 1 s: {len(self.over_time)}" + (f" {self.over_time[:5]}" if self.over_time else ""),
            f"outbound connections (reached the loopback listener): {self.outbound}",
            f"server RSS: {self.start_server_mb:.0f} MB at start, peak {self.peak_server_mb:.0f} MB, "
            f"{self.end_server_mb:.0f} MB at the end; peak of one worker {self.peak_worker_mb:.0f} MB",
            f"valid query under load: p50 {pct(self.valid_under_load, 50):.0f} ms, "
            f"p99 {pct(self.valid_under_load, 99):.0f} ms (one client asking every 0.1 s: "
            f"{len(self.valid_under_load)} answered 200, {self.valid_refused} 503)",
            f"valid query alone: p50 {pct(self.valid_alone, 50):.0f} ms, p99 {pct(self.valid_alone, 99):.0f} ms",
        ]


class Sampler:
    """Peak RSS of the server's main process and of its largest worker,
    sampled every 50 ms."""

    def __init__(self, pid: int):
        import psutil

        self.process = psutil.Process(pid)
        self.peak_main = self.peak_worker = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def rss(self) -> int:
        return self.process.memory_info().rss

    def __enter__(self) -> "Sampler":
        self._thread.start()
        return self

    def __exit__(self, *_) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        import psutil

        while not self._stop.wait(0.05):
            with contextlib.suppress(psutil.Error):
                self.peak_main = max(self.peak_main, self.rss())
                for child in self.process.children(recursive=True):
                    with contextlib.suppress(psutil.Error):
                        self.peak_worker = max(self.peak_worker, child.memory_info().rss)


def free_port() -> int:
    """A free port of 127.0.0.1 below Linux's ephemeral range (32768–60999).

    A port the kernel hands out (bind to 0) is one of the ephemeral ports,
    which outgoing connections also take: while a server loads its store,
    the polls that wait for it can connect from that very port to itself
    (TCP self-connect) and hold it, and the server's bind then fails with
    "Address already in use" (seen once in CI)."""
    rng = random.SystemRandom()
    for _ in range(200):
        port = rng.randrange(20000, 32000)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port of 127.0.0.1 between 20000 and 32000")


@contextlib.contextmanager
def served(dist: Path, store: Path, options: list[str]):
    """``kg serve`` on a free port of 127.0.0.1; yields (url, pid)."""
    port = free_port()
    log = tempfile.TemporaryFile()
    process = subprocess.Popen([sys.executable, "-m", "kg.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
                                "--dist", str(dist), "--store", str(store), *options],
                               cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        # A first start loads the dump into the store: the whole work (1.8
        # million quads) took 28–65 s here and over 120 s on a busy CI
        # machine. A server that dies is reported at once; the deadline only
        # guards against one that hangs.
        deadline = time.monotonic() + 900
        while call(url, "GET", "/", timeout=2).status != 200:
            if process.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                raise RuntimeError("kg serve did not start: " + log.read().decode(errors="replace")[-2000:])
            time.sleep(0.2)
        yield url, process.pid
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def run(dist: Path, store: Path, count: int = 5000, threads: int = 24, seconds: float = 300.0,
        timeout: float = 2.0, clients: int = 16, options: tuple[str, ...] = ()) -> Report:
    """Send ``count`` mixed requests (at most for ``seconds``) from ``threads``
    threads against a ``kg serve`` started here, and measure."""
    report = Report()
    rng = random.Random(10)
    with Listener() as listener, served(dist, store, ["--timeout", str(timeout), *options]) as (url, pid):
        kinds = mix(listener.port, url)
        for _ in range(20):  # the valid query alone, before the load
            reply = call(url, "GET", query_path(VALID))
            if reply.status == 200:
                report.valid_alone.append(reply.seconds)
        with Sampler(pid) as sampler:
            report.start_server_mb = sampler.rss() / 2**20
            plan = [rng.choice(kinds) for _ in range(count)]
            lock, stop_at = threading.Lock(), time.monotonic() + seconds
            started = time.monotonic()

            def worker(index: int) -> None:
                source = f"127.0.0.{2 + index % clients}"
                while time.monotonic() < stop_at:
                    with lock:
                        if not plan:
                            return
                        name, args = plan.pop()
                    reply = call(url, source=source, timeout=timeout + 30, **args)
                    with lock:
                        _record(report, name, args, reply, timeout)

            def probe() -> None:
                # One well-behaved client asking the valid query every 0.1 s during the load.
                while any(thread.is_alive() for thread in pool):
                    reply = call(url, "GET", query_path(VALID), source="127.0.0.254", timeout=timeout + 30)
                    with lock:
                        _record(report, "probe", {"method": "GET", "path": "(valid query)"}, reply, timeout)
                    time.sleep(0.1)

            pool = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(threads)]
            for thread in pool:
                thread.start()
            prober = threading.Thread(target=probe, daemon=True)
            prober.start()
            for thread in pool:
                thread.join(timeout=max(0.0, stop_at - time.monotonic()) + timeout + 35)
            prober.join(timeout=timeout + 35)
            report.seconds = time.monotonic() - started
            report.end_server_mb = sampler.rss() / 2**20
        report.peak_server_mb = sampler.peak_main / 2**20
        report.peak_worker_mb = sampler.peak_worker / 2**20
        report.outbound = listener.connections
    return report


def _record(report: Report, name: str, args: dict, reply: Reply, timeout: float) -> None:
    report.requests += 1
    report.by_status[reply.status] += 1
    report.by_kind.setdefault(name, Counter())[reply.status] += 1
    where = f"{name} {args['method']} {args['path'][:60]}"
    if reply.status == 0 and name == "huge-body":
        # Waitress answers 413 from the Content-Length and closes: a client still
        # uploading may see the connection reset before it reads the answer.
        report.closed_uploads += 1
    elif reply.status >= 500 and reply.status != 503 or reply.status == 0:
        report.other_5xx.append(f"{reply.status} {where}")
    if any(marker.encode() in reply.body for marker in LEAKS):
        report.leaks.append(f"{reply.status} {where}: {reply.body[:120]!r}")
    if reply.seconds > timeout + 1:
        report.over_time.append(f"{reply.seconds:.1f} s {where}")
    if name == "probe":
        if reply.status == 200:
            report.valid_under_load.append(reply.seconds)
        else:
            report.valid_refused += 1
