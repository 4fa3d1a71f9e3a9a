"""Every import the commands make is a declared dependency: checked from the
source, and by running the commands after a plain ``pip install .`` in a
fresh virtual environment (no test extras)."""
from __future__ import annotations

import ast
import importlib.metadata
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.conftest import ROOT


def imported_modules() -> dict[str, Path]:
    """Top-level modules imported anywhere in kg/, with a file importing each."""
    found: dict[str, Path] = {}
    for path in sorted((ROOT / "kg").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                found.setdefault(name.split(".")[0], path)
    return found


def declared() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return {re.split(r"[<>=!~\[; ]", req, maxsplit=1)[0].lower().replace("_", "-")
            for req in project["dependencies"]}


def test_every_third_party_import_is_a_declared_dependency():
    distributions = importlib.metadata.packages_distributions()
    missing = []
    for module, path in imported_modules().items():
        if module in sys.stdlib_module_names or module == "kg":
            continue
        names = {d.lower().replace("_", "-") for d in distributions.get(module, [module])}
        if not names & declared():
            missing.append(f"{module} (imported by {path.relative_to(ROOT)})")
    assert not missing, "imported but not in [project] dependencies: " + ", ".join(missing)


def test_the_commands_run_after_a_plain_install(tmp_path):
    """A fresh venv, ``pip install .`` and nothing else: each command imports
    what it needs (a missing one ends in ModuleNotFoundError)."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = subprocess.run([venv / "bin" / "python", "-m", "pip", "install", "-q", str(ROOT)],
                         capture_output=True, text=True, timeout=900)
    assert pip.returncode == 0, pip.stderr[-2000:]
    out = tmp_path / "dist"

    def run(*args):
        return subprocess.run([venv / "bin" / "kg", *map(str, args)], capture_output=True, text=True,
                              cwd=tmp_path, timeout=600)

    seed = next((ROOT / "corpus").glob("004_*"))
    build = run("build", seed, "--out", out)
    assert build.returncode == 0, build.stderr
    for args in (["query", ROOT / "queries" / "events.rq", "--graph", out / "yili.nt", "--format", "csv"],
                 ["dump", "--format", "jsonld", "--source", out / "yili.nq", "--out", tmp_path / "x.jsonld"],
                 ["validate", out / "yili.nt"],
                 ["read", seed], ["formats"], ["serve", "--help"], ["bench", "--help"], ["link", "--help"]):
        result = run(*args)
        assert result.returncode == 0 and "Traceback" not in result.stderr, (args, result.stderr[-2000:])
    # Run in a checkout, the scoring commands find their gold there and in ../shared
    # beside it, as with an editable install.
    if (ROOT.parent / "shared" / "eval" / "events-gold.jsonl").is_file():
        for args in (["eval", "--graph", out / "yili.nt"], ["eval-alignment", "--graph", out / "yili.nt"]):
            result = subprocess.run([venv / "bin" / "kg", *map(str, args)], capture_output=True, text=True,
                                    cwd=ROOT, timeout=600)
            assert result.returncode == 0 and "F1" in result.stdout, (args, result.stderr[-2000:])
    # Commands that fail for the user's reason fail with one line, not an import error.
    load = run("load", "--endpoint", "http://127.0.0.1:9/store", "--source", out / "yili.nq")
    assert load.returncode == 1 and "did not answer" in load.stderr and "Traceback" not in load.stderr, load.stderr
    link = run("link", "--endpoint", "http://127.0.0.1:9/sparql", "--out", tmp_path / "review.tsv")
    assert link.returncode == 1 and "Traceback" not in link.stderr, link.stderr
