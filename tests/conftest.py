from __future__ import annotations

import json
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kg.readers import read_file

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
SHARED = ROOT.parent / "shared"
SAMPLES = SHARED / "samples"
GOLD = SHARED / "eval" / "events-gold.jsonl"


def seed(prefix: str) -> Path:
    return next(CORPUS.glob(f"{prefix}_*.txt"))


@pytest.fixture(scope="session")
def docs():
    """The five seeds of the default corpus read by their readers, keyed by seed number."""
    from kg.build import default_corpus

    return {s.path.name[:3]: read_file(s.path, s.format, s.chapter) for s in default_corpus()
            if s.path.parent == CORPUS}


@pytest.fixture(scope="session")
def gold():
    if not GOLD.exists():
        pytest.skip("../shared/eval is not beside the repository")
    return [json.loads(line) for line in GOLD.read_text(encoding="utf-8").splitlines() if line.strip()]


def sample(name: str) -> Path:
    path = next(SAMPLES.glob(f"*{name}*"), None)
    if path is None:
        pytest.skip("../shared/samples is not beside the repository")
    return path


def kg(*args, cwd=None, input=None):
    """Run the ``kg`` command as a user does, in a fresh interpreter."""
    return subprocess.run([sys.executable, "-m", "kg.cli", *map(str, args)], cwd=cwd or ROOT,
                          capture_output=True, text=True, input=input)


# Builds the tests share are made once per run, whatever the number of
# pytest-xdist workers: the first worker to need one starts it, the others
# wait for it, all through the run's common temporary folder. The whole work
# takes a minute, the longest single step of the suite: it is started as soon
# as collection shows a test that needs it, so that other tests run meanwhile.

def _run_root(config) -> Path:
    """The temporary folder every worker of this run shares."""
    base = config._tmp_path_factory.getbasetemp()
    return base.parent if hasattr(config, "workerinput") else base


def _start_build(config, name: str, *args) -> Path:
    """Start ``kg build ARGS --out <name>`` unless a worker already has, and
    return its folder. The command writes its exit status last, so a status
    file means a finished build."""
    from filelock import FileLock

    root = _run_root(config)
    out, status = root / name, root / f"{name}.status"
    with FileLock(str(root / f"{name}.lock")):
        if not (root / f"{name}.started").exists():
            (root / f"{name}.started").touch()
            words = [sys.executable, "-m", "kg.cli", "build", *map(str, args), "--out", str(out)]
            command = (f"{shlex.join(words)} > {shlex.quote(str(root / name))}.log 2>&1;"
                       f" echo $? > {shlex.quote(str(status))}.tmp && mv {shlex.quote(str(status))}.tmp"
                       f" {shlex.quote(str(status))}")
            subprocess.Popen(["sh", "-c", command], cwd=ROOT, start_new_session=True)
    return out


def _finished_build(config, name: str, *args) -> Path:
    out = _start_build(config, name, *args)
    status = out.parent / f"{name}.status"
    deadline = time.monotonic() + 1200
    while not status.exists():
        assert time.monotonic() < deadline, f"the {name} build did not finish in 20 minutes"
        time.sleep(0.2)
    log = (out.parent / f"{name}.log").read_text(encoding="utf-8", errors="replace")
    assert status.read_text().strip() == "0", log[-2000:]
    return out


def pytest_collection_modifyitems(session, config, items):
    if any("built_whole" in item.fixturenames for item in items):
        _start_build(config, "dist-whole")
        # The tests that need the whole work go last (in their order), so
        # that the workers have the others to run while it builds.
        items.sort(key=lambda item: "built_whole" in item.fixturenames)


@pytest.fixture(scope="session")
def built_whole(request):
    """dist/ of one ``kg build`` of the default corpus (the whole work)."""
    return _finished_build(request.config, "dist-whole")


@pytest.fixture(scope="session")
def built(built_whole):
    """dist/ of one ``kg build`` of the default corpus, shared by the tests."""
    return built_whole


# 鄉射禮 in four editions: a build of one chapter of the work, for the tests
# that start servers and load stores (the whole work is 1.5 million triples).
CHAPTER_FIVE = ["001_*.txt", "003_*.txt", "KR1d0038/KR1d0038_005.txt", "KR1d0026/KR1d0026_005.txt"]


@pytest.fixture(scope="session")
def built_small(request):
    files = [next(CORPUS.glob(pattern)) for pattern in CHAPTER_FIVE]
    return _finished_build(request.config, "dist-small", *files, "--chapter", "5")


@pytest.fixture(scope="session")
def built_tiny(request):
    """One short chapter (士相見禮) in the reference edition: every named graph
    a build writes (edition, work, ontology, links), small enough for the
    tests that load a store several times and compare every query's answers."""
    return _finished_build(request.config, "dist-tiny", CORPUS / "KR1d0038" / "KR1d0038_003.txt")


@pytest.fixture(scope="session")
def built_store(built):
    from pyoxigraph import RdfFormat, Store

    store = Store()
    store.bulk_load(path=str(built / "yili.nt"), format=RdfFormat.N_TRIPLES)
    return store
