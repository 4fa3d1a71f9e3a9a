"""Oxigraph's SPARQL parser errors, said so a person can act on them.

Oxigraph reports ``error at 1:10: expected CONSTRUCT`` for ``SELEC *`` (the
last alternative it tried), and for a missing bracket a list of Unicode
character classes. The message keeps its position as line and column, names
what was found there, keeps the words and punctuation it expected and drops
the character classes; an undeclared prefix is named as such.
"""
from __future__ import annotations

import re

_AT = re.compile(r"error at (\d+):(\d+): (.*)", re.S)
_FORMS = ("SELECT", "CONSTRUCT", "ASK", "DESCRIBE")


def explain(query: str, message: str) -> str:
    """A one-line message for the parser's ``message`` about ``query``."""
    match = _AT.match(" ".join(message.split()))
    if match is None:
        return " ".join(message.split())[:300]
    line, column, expected = int(match.group(1)), int(match.group(2)), match.group(3)
    lines = query.split("\n")
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    at_end = line >= len(lines) and not text[max(column - 1, 0):].strip()
    found = "at the end of the query" if at_end else f"in {text.strip()[:60]!r}"
    where = f"error at line {line}, column {column}"
    if "Prefix not found" in expected:
        name = re.findall(r"([A-Za-z][\w.-]*)?:\S*", text[:column])
        prefix = (name[-1] if name else "") + ":"
        return f"{where}: the prefix {prefix} is not declared (add PREFIX {prefix} <…> at the top)"
    words = re.findall(r'"[^"]*"|\b[A-Za-z_][A-Za-z0-9_]*\b', re.sub(r"\[[^\]]*\]", " ", expected))
    words = [w for w in dict.fromkeys(words) if w not in ("expected", "one", "of")]
    said = f"expected {' or '.join(words[:12])}" if words else "unexpected text"
    head = query.lstrip()
    while head.upper().startswith(("PREFIX", "BASE", "#")):  # the first word after the prologue
        head = head.split("\n", 1)[1].lstrip() if "\n" in head else ""
    first = head.split(None, 1)[0].upper() if head.split() else ""
    hint = "" if not first or first in _FORMS or not words or "CONSTRUCT" not in words else \
        f" — a query begins with {', '.join(_FORMS)}, not {head.split(None, 1)[0]}"
    return f"{where}: {said}, {found}{hint}"
