from __future__ import annotations

import json
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
    """The default corpus read by its readers, keyed by seed number."""
    from kg.build import default_corpus

    return {path.name[:3]: read_file(path, fmt, chapter) for path, fmt, chapter in default_corpus()}


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
