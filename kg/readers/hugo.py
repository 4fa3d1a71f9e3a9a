"""Hugo/markdown edition (seed 000, 張爾岐《儀禮鄭註句讀》).

YAML front matter, ``{{<subtitle>}}`` shortcodes, paragraphs separated by
blank lines. 經 is the text outside ``<small>``; each ``<small>`` note holds
鄭注 and then, after ``○``, 張爾岐's own remarks. Section headings ``右…``
stand alone, end a paragraph, or open one glued to the next 經
(see :mod:`kg.text.headings`).
"""
from __future__ import annotations

import re

from kg.readers import register
from kg.readers.base import DocumentBuilder, add_circled_notes
from kg.text.spans import trim
from kg.text.headings import heading_length, trailing_heading

FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.S)
SHORTCODE = re.compile(r"\{\{<\s*(\w+)[^>]*>\}\}.*?\{\{<\s*/\s*\1\s*>\}\}", re.S)
SMALL = re.compile(r"<small>(.*?)</small>", re.S)
PARAGRAPH = re.compile(r"(?:[^\n]|\n(?!\s*\n))+")
TAG = re.compile(r"<[^>]*>")
EDITIONS = {"張爾岐": "KR1d0038"}


def detect(text: str, name: str) -> float:
    score = 0.0
    if FRONT_MATTER.match(text):
        score += 0.5
    if "<small>" in text:
        score += 0.4
    return score


def read(text: str, name: str):
    front = FRONT_MATTER.match(text)
    title = None
    body_start = 0
    if front:
        body_start = front.end()
        found = re.search(r"^title:\s*(.+)$", front.group(1), re.M)
        title = found.group(1).strip().strip("\"'") if found else None
    edition = next((key for who, key in EDITIONS.items() if who in text[:2000]), "KR1d0038")
    builder = DocumentBuilder(text, name, "hugo", edition)
    hidden = [(m.start(), m.end()) for m in SHORTCODE.finditer(text, body_start)]
    for para in PARAGRAPH.finditer(text, body_start):
        inside = [(s, e) for s, e in hidden if s < para.end() and para.start() < e]
        if not TAG.sub("", SHORTCODE.sub("", para.group())).strip():
            continue
        _read_paragraph(builder, text, para.start(), para.end(), title, inside)
    return builder.finish(title=title)


def _read_paragraph(builder: DocumentBuilder, text: str, start: int, end: int,
                    title: str | None, hidden: list[tuple[int, int]]) -> None:
    # Runs of 經 alternate with <small> notes.
    pieces: list[tuple[str, int, int]] = []
    pos = start
    for m in SMALL.finditer(text, start, end):
        pieces.append(("jing", pos, m.start()))
        pieces.append(("note", m.start(1), m.end(1)))
        pos = m.end()
    pieces.append(("jing", pos, end))
    pieces = [p for p in pieces if text[p[1]:p[2]].strip()
              and not any(s <= p[1] and p[2] <= e for s, e in hidden)]
    passage = None
    for k, (kind, s, e) in enumerate(pieces):
        if kind == "note":
            _read_note(builder, text, s, e, passage)
            continue
        s, e = trim(text, s, e)
        run = text[s:e]
        if title and run == title:
            passage = None  # the chapter title: its note (鄭目錄) is on the document
            continue
        heading_at = s if run.startswith("右") else -1
        if heading_at < 0 and 0 < k == len(pieces) - 1:
            # A run that closes a paragraph with no note after it may end
            # with the heading of the section it closes (…而俟右獻獲者).
            heading_at = trailing_heading(text, s, e)
        if heading_at < 0:
            passage = builder.passage(s, e, TAG)
            continue
        if heading_at > s:
            passage = builder.passage(s, heading_at, TAG)
        n = heading_length(text[heading_at:e])
        builder.section(heading_at, heading_at + n, TAG)
        if heading_at + n < e:
            passage = builder.passage(heading_at + n, e, TAG)


def _read_note(builder: DocumentBuilder, text: str, s: int, e: int, passage: int | None) -> None:
    first = "zheng-zhu" if passage is not None else "zheng-mulu"
    add_circled_notes(builder, s, e, passage, TAG, first, "zhang-judou")


register("hugo", "Hugo/markdown edition with <small> notes (張爾岐 句讀, seed 000)", detect, read)
