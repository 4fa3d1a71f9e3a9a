"""One reader per edition format, behind one small interface.

A reader is a module that calls :func:`register` with a name, a ``detect``
function (text, file name → confidence between 0 and 1) and a ``read``
function (text, file name → :class:`kg.model.Document`). Adding a format is
adding one module to ``FORMAT_MODULES``.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from kg.model import Document
from kg.readers.base import MAX_INPUT_BYTES, InputError, decode, read_bytes

FORMAT_MODULES = ("hugo", "zhushu", "translation", "jishi", "siku", "mandoku", "plain")


@dataclass(frozen=True)
class Reader:
    name: str
    description: str
    detect: Callable[[str, str], float]
    read: Callable[[str, str], Document]


_READERS: dict[str, Reader] = {}


def register(name: str, description: str, detect, read) -> None:
    _READERS[name] = Reader(name, description, detect, read)


def readers() -> dict[str, Reader]:
    if not _READERS:
        for module in FORMAT_MODULES:
            importlib.import_module(f"kg.readers.{module}")
    return dict(_READERS)


def detect_format(text: str, name: str) -> str:
    """The name of the reader most confident it can read ``text``."""
    scores = sorted(((r.detect(text, name), r.name) for r in readers().values()), reverse=True)
    score, best = scores[0]
    if score < 0.5:
        raise InputError(f"{name}: unknown format (none of {', '.join(sorted(readers()))} recognises it)")
    return best


def read_text(text: str, name: str, fmt: str | None = None, chapter: int | None = None) -> Document:
    table = readers()
    if fmt is None:
        fmt = detect_format(text, name)
    elif fmt not in table:
        raise InputError(f"unknown format {fmt!r}: choose one of {', '.join(sorted(table))}")
    doc = table[fmt].read(text, name)
    if chapter is not None:
        doc.chapter = chapter
    if not doc.passages and not doc.notes:
        raise InputError(f"{name}: read as {fmt}, but no text of the classic or commentary was found")
    return doc


def read_file(path: str | Path, fmt: str | None = None, chapter: int | None = None,
              max_bytes: int = MAX_INPUT_BYTES) -> Document:
    path = Path(path)
    try:
        data = read_bytes(path, path.name, max_bytes)
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from exc
    return read_text(decode(data, path.name), path.name, fmt, chapter)


__all__ = ["MAX_INPUT_BYTES", "InputError", "Reader", "detect_format", "read_file", "read_text", "readers", "register"]
