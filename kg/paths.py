"""Where the project's own data lives: the term tables (``mappings/``), the
ontology and shapes (``ontology/``), the user queries (``queries/``) and the
default corpus (``corpus/``).

In a source checkout (``pip install -e .``) they are the top-level folders
that scholars edit; a wheel (``pip install .``) carries copies of them as
``kg/_data/…`` (see ``package-dir`` in pyproject.toml), so every command
works after a plain install too.
"""
from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
_IN_CHECKOUT = (ROOT / "pyproject.toml").is_file() and (ROOT / "mappings").is_dir()


def _home(name: str) -> Path:
    return ROOT / name if _IN_CHECKOUT else PACKAGE / "_data" / name


MAPPINGS = _home("mappings")
ONTOLOGY = _home("ontology")
QUERIES = _home("queries")
CORPUS = _home("corpus")
# The checkout whose files a command reads besides the package's own data (the
# hand-checked alignment pairs in tests/data, the shared folder beside it): this
# one, or after a plain install the checkout the command runs in.
CHECKOUT = ROOT if _IN_CHECKOUT else Path.cwd()
# The steering repository's shared folder (texts, samples, gold), beside a checkout.
SHARED = CHECKOUT.parent / "shared"
