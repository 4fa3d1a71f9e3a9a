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
    # A reader of files that may hold several chapters (the whole work in one
    # plain file) gives one document per chapter.
    read_all: Callable[[str, str], list[Document]] | None = None


_READERS: dict[str, Reader] = {}


def register(name: str, description: str, detect, read, read_all=None) -> None:
    _READERS[name] = Reader(name, description, detect, read, read_all)


def readers() -> dict[str, Reader]:
    # Every module, whatever was imported before (one reader module imported
    # directly registers only itself).
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


def read_text_all(text: str, name: str, fmt: str | None = None, chapter: int | None = None,
                  witness: str | None = None) -> list[Document]:
    """The documents of one file: one, or one per chapter where the file
    holds several and its reader can tell them apart."""
    table = readers()
    if fmt is None:
        fmt = detect_format(text, name)
    elif fmt not in table:
        raise InputError(f"unknown format {fmt!r}: choose one of {', '.join(sorted(table))}")
    reader = table[fmt]
    docs = reader.read_all(text, name) if reader.read_all and chapter is None else [reader.read(text, name)]
    for doc in docs:
        if chapter is not None:
            doc.chapter = chapter
        if witness:
            doc.witness = witness
    docs = [d for d in docs if d.passages or d.notes]
    if not docs:
        raise InputError(f"{name}: read as {fmt}, but no text of the classic or commentary was found")
    return docs


def read_text(text: str, name: str, fmt: str | None = None, chapter: int | None = None) -> Document:
    return read_text_all(text, name, fmt, chapter)[0]


def read_file_all(path: str | Path, fmt: str | None = None, chapter: int | None = None,
                  max_bytes: int = MAX_INPUT_BYTES, witness: str | None = None) -> list[Document]:
    path = Path(path)
    try:
        data = read_bytes(path, path.name, max_bytes)
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from exc
    return read_text_all(decode(data, path.name), path.name, fmt, chapter, witness)


def read_file(path: str | Path, fmt: str | None = None, chapter: int | None = None,
              max_bytes: int = MAX_INPUT_BYTES) -> Document:
    """The (first) document of a file."""
    return read_file_all(path, fmt, chapter, max_bytes)[0]


__all__ = ["MAX_INPUT_BYTES", "InputError", "Reader", "detect_format", "read_file", "read_file_all", "read_text", "read_text_all", "readers", "register"]
