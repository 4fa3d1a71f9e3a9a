"""Read the term tables in ``mappings/``: plain TSV a scholar can edit.

Lines starting with ``#`` are comments; the first other line names the
columns. Tables are read once per process.
"""
from __future__ import annotations

import csv
import functools
from pathlib import Path
from kg.paths import MAPPINGS

MAPPINGS_DIR = MAPPINGS

# The table of each kind of term (senses.tsv names its terms by kind).
TERM_TABLES = {"role": "roles", "object": "objects", "place": "places", "action": "actions"}


class MappingError(ValueError):
    """A mappings table is missing or malformed."""


@functools.lru_cache(maxsize=None)
def load_table(name: str, directory: str | None = None) -> tuple[dict[str, str], ...]:
    """Rows of ``mappings/<name>.tsv`` as dicts keyed by column name."""
    path = Path(directory or MAPPINGS_DIR) / f"{name}.tsv"
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise MappingError(f"cannot read mappings table {path}: {exc.strerror}") from exc
    lines = [line for line in lines if line.strip() and not line.startswith("#")]
    rows = list(csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE))
    for number, row in enumerate(rows, start=2):
        if None in row or any(value is None for value in row.values()):
            raise MappingError(f"{path}: row {number} does not have the header's columns")
    return tuple(rows)


def table_by(name: str, key: str) -> dict[str, dict[str, str]]:
    """The rows of a table indexed by one column."""
    return {row[key]: row for row in load_table(name)}


def split_variants(cell: str) -> list[str]:
    return [v for v in cell.split("|") if v]
