"""dist/ is published as one unit: a build killed at any moment of its write
phase leaves the whole previous build or the whole new one, never a mix, and
the next build removes what the killed one left."""
from __future__ import annotations

import hashlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pyoxigraph import RdfFormat, parse

from kg.publish.dist import BUILDS, CURRENT, current_build
from tests.conftest import ROOT, kg

NAMES = ["void.ttl", "yili.jsonld", "yili.nq", "yili.nt", "yili.ttl"]

# The write phase of `kg build`, run on quads read from an N-Quads file, so
# that each try of the kill test pays for the writing only.
DRIVER = """
import sys, time
from pathlib import Path
from pyoxigraph import RdfFormat, parse
from kg.publish.dump import publish_dist
quads = list(parse(path=sys.argv[1], format=RdfFormat.N_QUADS))
print("writing", flush=True)
started = time.perf_counter()
outputs, cleaned = publish_dist(quads, Path(sys.argv[2]))
print(f"done {time.perf_counter() - started:.3f} cleaned {len(cleaned)}", flush=True)
"""


def publish(source: Path, dist: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", DRIVER, str(source), str(dist)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def published(dist: Path) -> tuple[str, str]:
    """The (N-Quads, N-Triples) digests readers of dist/ see; fails on a mix."""
    folders = {(dist / name).resolve().parent for name in NAMES}
    assert folders == {current_build(dist)}, f"files of different builds: {folders}"
    assert sorted(p.name for p in current_build(dist).iterdir() if not p.name.startswith(".")) == NAMES
    return digest(dist / "yili.nq"), digest(dist / "yili.nt")


@pytest.fixture(scope="module")
def two_datasets(built, tmp_path_factory):
    """Two different datasets to publish in turn: one edition's graph plus
    the ontology, and the same without one graph, so a mix is visible."""
    here = tmp_path_factory.mktemp("datasets")
    quads = list(parse(path=str(built / "yili.nq"), format=RdfFormat.N_QUADS))
    graphs = sorted({q.graph_name.value for q in quads})
    edition = next(g for g in graphs if "004" in g)
    keep_a = {edition, *(g for g in graphs if g.endswith(("ontology", "links")))}
    keep_b = keep_a - {next(g for g in graphs if g.endswith("links"))}
    paths = []
    for name, keep in (("a.nq", keep_a), ("b.nq", keep_b)):
        from pyoxigraph import serialize

        path = here / name
        path.write_bytes(serialize([q for q in quads if q.graph_name.value in keep], format=RdfFormat.N_QUADS))
        paths.append(path)
    return paths


def test_kill_during_the_write_phase_never_leaves_a_mix(two_datasets, tmp_path):
    dist = tmp_path / "dist"
    expected = {}
    durations = []
    for source in two_datasets:  # uninterrupted: what each whole build looks like, and how long writing takes
        process = publish(source, dist)
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        durations.append(float(out.split()[2]))
        expected[source.name] = published(dist)
    assert expected["a.nq"] != expected["b.nq"]
    rng = random.Random(20261123)
    kills = 0
    attempt = 0
    while kills < 20 and attempt < 40:  # killed during writing ≥ 20 times; bounded if the machine is slow
        attempt += 1
        now = next(name for name, seen in expected.items() if seen == published(dist))
        source = next(p for p in two_datasets if p.name != now)
        process = publish(source, dist)
        assert process.stdout.readline().strip() == "writing"
        time.sleep(rng.uniform(0, min(durations) * 0.9))
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
            kills += 1
        process.wait(timeout=60)
        assert published(dist) in expected.values(), f"try {attempt}: a mix or a half-written file"
    assert kills >= 20, f"only {kills} of {attempt} tries were killed while writing"
    # The next build removes what the killed ones left, and says so.
    process = publish(two_datasets[0], dist)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert published(dist) == expected["a.nq"]
    assert not [p for p in (dist / BUILDS).iterdir() if p.name.endswith(".partial")]
    assert len(list((dist / BUILDS).iterdir())) <= 2  # this build and the one it replaced
    assert not [p for p in dist.iterdir() if p.name.startswith(".")]


def test_a_killed_build_is_cleaned_and_reported_by_the_next(tmp_path):
    dist = tmp_path / "dist"
    (dist / BUILDS / ".20260101T000000-999999999-abcdef.partial").mkdir(parents=True)  # no such process
    (dist / ".yili.nt.x1y2.tmp").write_text("half", encoding="utf-8")
    result = kg("build", ROOT / "corpus" / next(p.name for p in (ROOT / "corpus").glob("004_*")), "--out", dist)
    assert result.returncode == 0, result.stderr
    assert "removed 2 leftover(s) of an interrupted build" in result.stdout
    assert sorted(p.name for p in dist.iterdir()) == sorted([".cache", BUILDS, CURRENT, *NAMES])
    assert (dist / CURRENT).is_symlink() and (dist / "yili.nq").is_symlink()


def test_builds_in_turn_keep_the_current_and_the_previous_only(two_datasets, tmp_path):
    dist = tmp_path / "dist"
    seen = []
    for source in [*two_datasets, two_datasets[0]]:
        process = publish(source, dist)
        assert process.wait(timeout=120) == 0
        seen.append(current_build(dist))
    assert len(set(seen)) == 3
    assert sorted((dist / BUILDS).iterdir()) == sorted(seen[1:])


def test_serve_reads_one_build_whatever_is_published_later(built):
    """kg serve pins the build it starts with (current_build resolves once)."""
    assert current_build(built) == (built / "yili.nq").resolve().parent
    assert current_build(built).parent.name == BUILDS
