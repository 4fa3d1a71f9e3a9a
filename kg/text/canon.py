"""The canonical passages of the work: what a scholar cites and every edition
is aligned to.

The reference text is 張爾岐《儀禮鄭註句讀》 as the 四庫 (WYG) copy has it
(Kanripo KR1d0038; ``docs/reference.md`` says why). A canonical passage is a
stretch of its 經 between two notes — the units 張爾岐 punctuated and 鄭玄
annotated — inside one of 張爾岐's sections (closed by a ``右…`` heading).

Its **locator** is ``CHAPTER.SECTION.NUMBER`` (``5.1.2``: 鄉射禮, first
section, second passage); section 0 holds what no ``右…`` heading closes
(most of the 記, all of 喪服). Locators are published, so they are frozen:
``kg canon`` derives the table once from the reference files into
``corpus/canon/passages.tsv`` and every build reads that table, never the
reader's current output — a better reader cannot move a locator.
"""
from __future__ import annotations

import csv
import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from kg.atomic import atomic_write
from kg.model import Document
from kg.paths import CORPUS
from kg.text.normalise import normalise

REFERENCE_WITNESS = "KR1d0038-WYG"
TABLE = CORPUS / "canon" / "passages.tsv"
COLUMNS = ["locator", "chapter", "section", "number", "heading", "start", "end", "text"]
LOCATOR = re.compile(r"^(\d{1,2})\.(\d{1,3})\.(\d{1,3})$")


@dataclass(frozen=True)
class CanonPassage:
    locator: str
    chapter: int
    section: int  # 0: outside any section the reference marks
    number: int  # order within its section, from 1
    heading: str  # the section's 右… heading as the reference writes it ("" for section 0)
    start: int  # [start, end) of the passage in the reference file
    end: int
    text: str  # the reference reading

    @functools.cached_property  # asked for again and again by the alignment (187,000 times for the whole work)
    def norm(self) -> str:
        return normalise(self.text)

    @property
    def section_name(self) -> str:
        """The heading without its 右, normalised: 右戒賔 → 戒賓."""
        return normalise(self.heading[1:] if self.heading.startswith("右") else self.heading)

    def citation(self, chapter_title: str) -> str:
        """``儀禮·鄉射禮·戒賓 1``; ``儀禮·喪服 12`` outside a section."""
        if self.section:
            return f"儀禮·{chapter_title}·{self.section_name} {self.number}"
        return f"儀禮·{chapter_title} {self.number}"


def parse_locator(locator: str) -> tuple[int, int, int]:
    match = LOCATOR.match(locator)
    if not match:
        raise ValueError(f"{locator!r} is not a locator (CHAPTER.SECTION.NUMBER, e.g. 5.1.2)")
    return int(match[1]), int(match[2]), int(match[3])


def derive(reference: Document) -> list[CanonPassage]:
    """The canonical passages of one chapter of the reference edition (for
    ``kg canon``; builds read the frozen table instead)."""
    out = []
    counters: dict[int, int] = {}
    for passage in reference.passages:
        section = passage.section + 1 if passage.section is not None else 0
        counters[section] = counters.get(section, 0) + 1
        heading = reference.sections[passage.section].span.text if passage.section is not None else ""
        out.append(CanonPassage(f"{reference.chapter}.{section}.{counters[section]}", reference.chapter, section,
                                counters[section], heading, passage.span.start, passage.span.end,
                                passage.span.text))
    return out


def write_table(passages: Iterable[CanonPassage], path: Path = TABLE) -> int:
    rows = list(passages)
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(path) as handle:
        lines = ["# Canonical passages of the 儀禮, derived by `kg canon` from 張爾岐《儀禮鄭註句讀》 (KR1d0038, WYG)",
                 "# and frozen: locators are published identifiers. start/end: code points in the reference file.",
                 "\t".join(COLUMNS)]
        for p in rows:
            lines.append("\t".join(str(getattr(p, c)) for c in COLUMNS))
        handle.write(("\n".join(lines) + "\n").encode("utf-8"))
    return len(rows)


@functools.lru_cache(maxsize=4)
def load(path: Path = TABLE) -> dict[int, list[CanonPassage]]:
    """The frozen canonical passages by chapter, in order."""
    by_chapter: dict[int, list[CanonPassage]] = {}
    with open(path, encoding="utf-8") as handle:
        rows = csv.DictReader((line for line in handle if not line.startswith("#")), delimiter="\t",
                              quoting=csv.QUOTE_NONE)
        for row in rows:
            p = CanonPassage(row["locator"], int(row["chapter"]), int(row["section"]), int(row["number"]),
                             row["heading"], int(row["start"]), int(row["end"]), row["text"])
            by_chapter.setdefault(p.chapter, []).append(p)
    return by_chapter


def reference_file(chapter: int) -> Path:
    return CORPUS / "KR1d0038" / f"KR1d0038_{chapter:03d}.txt"
