from __future__ import annotations

import json
import subprocess
import sys
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


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """dist/ of one ``kg build`` of the default corpus, shared by the tests."""
    out = tmp_path_factory.mktemp("dist")
    result = kg("build", "--out", out)
    assert result.returncode == 0, result.stderr
    return out


# 鄉射禮 in four editions: a build of one chapter of the work, for the tests
# that start servers and load stores (the whole work is 1.5 million triples).
CHAPTER_FIVE = ["001_*.txt", "003_*.txt", "KR1d0038/KR1d0038_005.txt", "KR1d0026/KR1d0026_005.txt"]


@pytest.fixture(scope="session")
def built_small(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist-small")
    files = [next(CORPUS.glob(pattern)) for pattern in CHAPTER_FIVE]
    result = kg("build", *files, "--chapter", "5", "--out", out)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="session")
def built_tiny(tmp_path_factory):
    """One short chapter (士相見禮) in the reference edition: every named graph
    a build writes (edition, work, ontology, links), small enough for the
    tests that load a store several times and compare every query's answers."""
    out = tmp_path_factory.mktemp("dist-tiny")
    result = kg("build", CORPUS / "KR1d0038" / "KR1d0038_003.txt", "--out", out)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="session")
def built_store(built):
    from pyoxigraph import RdfFormat, Store

    store = Store()
    store.bulk_load(path=str(built / "yili.nt"), format=RdfFormat.N_TRIPLES)
    return store
