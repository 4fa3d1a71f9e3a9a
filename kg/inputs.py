"""The incremental build: a build whose inputs (files, tables, ontology,
code, options) are those of the published one does nothing. The published
build folder records what it was made from (``.inputs.json``)."""
from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

from kg.paths import MAPPINGS, ONTOLOGY, PACKAGE
from kg.publish.dist import current_build

if TYPE_CHECKING:
    from kg.build import BuildSummary, Source

INPUTS = ".inputs.json"  # in the build folder: what it was made from, and its summary


def inputs_digest(items: list[Source], base: str | None, gz: bool, max_bytes: int) -> str:
    """A digest of everything a build depends on: the input files (name,
    bytes, and what the command says of them), the tables, ontology and
    shapes, the code of ``kg`` itself (the extractor's version is its
    code), and the options that change the output."""
    digest = hashlib.sha256(json.dumps([base, gz, max_bytes]).encode())
    for item in items:
        digest.update(json.dumps([Path(item.path).name, item.format, item.chapter, item.witness]).encode())
        path = Path(item.path)
        digest.update(path.read_bytes() if path.is_file() and path.stat().st_size <= max_bytes else b"?")
    for folder, pattern in ((MAPPINGS, "*"), (ONTOLOGY, "*.ttl"), (PACKAGE, "**/*.py")):
        for path in sorted(folder.glob(pattern)):
            if path.is_file():
                digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def up_to_date(out_dir: Path, inputs: str) -> dict | None:
    """The published build's summary (the fields of a :class:`BuildSummary`)
    when it was made from exactly these inputs and all its files are still
    there; None otherwise."""
    folder = current_build(out_dir)
    try:
        record = json.loads((folder / INPUTS).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if record.get("inputs") != inputs or folder == Path(out_dir):
        return None
    summary = record["summary"]
    outputs = [Path(out_dir) / name for name in summary.pop("outputs")]
    if not all((folder / p.name).is_file() for p in outputs):
        return None
    return {**summary, "outputs": outputs}


def record_inputs(folder: Path, inputs: str, summary: BuildSummary) -> None:
    fields = {k: v for k, v in asdict(summary).items() if k not in ("cleaned", "up_to_date")}
    fields["outputs"] = [p.name for p in summary.outputs]
    (Path(folder) / INPUTS).write_text(json.dumps({"inputs": inputs, "summary": fields}), encoding="utf-8")
