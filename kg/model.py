"""The text model every reader produces: a document of 經 passages, notes,
sections and locators, each tied to exact offsets in the original file.

Offsets are Unicode code points, 0-based, end-exclusive, so that
``document.source[span.start:span.end]`` gives the original characters back
(the convention of the W3C Web Annotation ``TextPositionSelector``).
"""
from __future__ import annotations

import functools
from array import array
from dataclasses import dataclass, field


@dataclass
class Span:
    """A stretch of the original file with its clean and normalised readings.

    ``offsets[i]`` is the position in the original file of ``text[i]``, so a
    match found in the clean text can be traced back to its characters.
    """

    start: int
    end: int
    text: str  # reading text: markup, line breaks, page markers removed
    norm: str  # normalised form of ``text`` (same length, same offsets)
    offsets: array = field(repr=False, default_factory=lambda: array("I"))

    def original_range(self, i: int, j: int) -> tuple[int, int]:
        """Original [start, end) of the clean characters ``text[i:j]``."""
        return self.offsets[i], self.offsets[j - 1] + 1


@dataclass
class Passage:
    """A stretch of the classic (經) explained by one note or run of notes."""

    index: int
    span: Span
    section: int | None = None  # index into Document.sections
    line: int = 1  # line of the original file where the passage starts
    page: str | None = None  # page marker in force at the start, if any


@dataclass
class Note:
    """A commentary note; ``layer`` is a key of mappings/layers.tsv."""

    index: int
    span: Span
    layer: str
    targets: list[int] = field(default_factory=list)  # passage indices
    line: int = 1
    page: str | None = None


@dataclass
class Section:
    """A section of the rite, named by the edition's closing ``右…`` heading."""

    index: int
    span: Span  # the heading itself
    passages: list[int] = field(default_factory=list)


@dataclass
class Locator:
    """A page marker (``[005-1a]``, ``<pb:…>``) at an offset of the file."""

    label: str
    offset: int


# Editions a reader cannot tell apart (any punctuated text is "plain"): their
# documents are named by file instead.
GENERIC_EDITIONS = ("plain", "unknown")


@dataclass
class Document:
    path: str  # file name, as the document is known in the graph
    source: str  # the decoded file, exactly
    format: str  # reader name
    edition: str  # key of mappings/editions.tsv
    chapter: int | None = None  # chapter number of the 儀禮 (1–17)
    title: str | None = None
    passages: list[Passage] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    locators: list[Locator] = field(default_factory=list)
    # The witness the document belongs to: an edition as one digital copy has
    # it (KR1d0038-WYG, KR1d0026-SBCK; else the edition, KR1d0044). It names
    # the document in IRIs with the chapter, so that neither the order of
    # files nor how a file is built enters an identifier.
    witness: str | None = None

    @functools.cached_property
    def key(self) -> str:
        """``WITNESS/CHAPTER``: the document's name in IRIs (``KR1d0038-WYG/5``)."""
        stem = self.path.rsplit(".", 1)[0]
        witness = self.witness or (self.edition if self.edition not in GENERIC_EDITIONS else stem)
        return f"{witness}/{self.chapter or stem}"
