"""Plain punctuated text of the classic, one paragraph a line.

Every non-empty line is a passage of 經, except a first line that is the
chapter's title (or a first line that opens with it: ``士冠禮。筮於廟門。…``);
there is no commentary. A file of the whole work (a line ``士冠禮``, its
paragraphs, a line ``士昬禮`` …) is read as one document per chapter; a
title in ``《…》`` with no text after it (the book's title, a table of
contents) is no chapter.
"""
from __future__ import annotations

import re

from kg.mappings import load_table
from kg.readers import register
from kg.readers.base import DocumentBuilder, chapter_of_title, detect_chapter, line_spans

PUNCTUATION = re.compile(r"[。，、；：？！「」“”]")


def detect(text: str, name: str) -> float:
    head = text[:5000]
    if "<" in head or "[疏]" in head or head.startswith("---") or "#+" in head:
        return 0.0
    return 0.55 if len(PUNCTUATION.findall(head)) > len(head) / 25 else 0.0


def read(text: str, name: str):
    builder = DocumentBuilder(text, name, "plain", "plain")
    title = None
    for s, e in line_spans(text):
        stripped = text[s:e].strip()
        if not stripped:
            continue
        if title is None and not builder.doc.passages and not PUNCTUATION.search(stripped):
            title = stripped
            continue
        if not builder.doc.passages:
            lead = _leading_title(text[s:e])
            if lead:
                title, s = title or lead[0], s + lead[1]
        builder.passage(s, e)
    return builder.finish(chapter=detect_chapter(title) if title else None, title=title)


def read_all(text: str, name: str):
    """One document per chapter of a file that holds several."""
    starts = [(s, e, chapter_of_title(text[s:e])) for s, e in line_spans(text)
              if not PUNCTUATION.search(text[s:e]) and chapter_of_title(text[s:e])]
    if len(starts) < 2:
        return [read(text, name)]
    docs = []
    bounds = [s for s, _, _ in starts] + [len(text)]
    for (s, e, number), end in zip(starts, bounds[1:]):
        builder = DocumentBuilder(text, name, "plain", "plain")
        for ls, le in line_spans(text[e:end]):
            if text[e + ls:e + le].strip():
                builder.passage(e + ls, e + le)
        doc = builder.finish(chapter=number, title=text[s:e].strip())
        if doc.passages:
            docs.append(doc)
    return docs


def _leading_title(line: str) -> tuple[str, int] | None:
    """A chapter title that opens the first paragraph, and where the 經 begins."""
    body = line.lstrip()
    for row in load_table("chapters"):
        if body.startswith(row["title"]) and body[len(row["title"]):][:1] in ("。", "．", "."):
            skipped = len(line) - len(body) + len(row["title"]) + 1
            return row["title"], skipped
    return None


register("plain", "plain punctuated text, one paragraph a line (one chapter, or the whole work)", detect, read,
         read_all)
