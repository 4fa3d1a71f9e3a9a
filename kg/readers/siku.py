"""四庫 text with page markers and indented notes (seed 004, 蔡德晉《禮經本義》).

``[005-1a]`` lines are page markers; 經 lines stand at column 0 and run on
over line and page breaks until a note; notes are indented one space and
written as double-column small text where ``/`` marks the column break;
section headings ``右…`` are indented three spaces and may carry a note after
a space, continued on the following three-space lines. ``句/`` is a reading
mark in the 經, not text. Lines before the chapter title are the book's
front matter.
"""
from __future__ import annotations

import re

from kg.readers import register
from kg.readers.base import DocumentBuilder, detect_chapter, line_spans

PAGE = re.compile(r"^\[(\d{3}-\d+[a-z])\]\s*$", re.M)
MARKUP = re.compile(r"\[\d{3}-\d+[a-z]\]|句/|/")
KR_ID = re.compile(r"\bKR\d[a-z]\d{4}\b")
JUAN = re.compile(r"卷[一二三四五六七八九十百]+\s*$")


def detect(text: str, name: str) -> float:
    pages = len(PAGE.findall(text[:20000]))
    indented = len(re.findall(r"^ \S", text[:20000], re.M))
    return 0.9 if pages >= 2 and indented >= 3 else 0.0


def read(text: str, name: str):
    kr = KR_ID.search(text[:500])
    builder = DocumentBuilder(text, name, "siku", kr.group() if kr else "KR1d0044")
    for m in PAGE.finditer(text):
        builder.locator(m.group(1), m.start())
    lines = _classify(text)
    chapter_at = next((k for k, (kind, _, _) in enumerate(lines) if kind == "title"), None)
    title = None
    if chapter_at is not None:
        s, e = lines[chapter_at][1:]
        title = text[s:e].strip()
    passage = None
    prev_kind = None
    for k, (kind, s, e) in enumerate(lines):
        if chapter_at is not None and k <= chapter_at or kind in ("page", "blank", "juan"):
            continue
        if kind == "jing":
            if prev_kind == "jing" and passage is not None:
                builder.extend_passage(passage, e, MARKUP)
            else:
                passage = builder.passage(s, e, MARKUP)
        elif kind == "heading":
            body = text[s:e].strip()
            head_end = s + len(text[s:e]) - len(text[s:e].lstrip()) + len(body.split(" ")[0])
            builder.section(s, head_end, MARKUP)
            _note(builder, text, head_end, e, passage)
            kind = "deep"  # three-space lines that follow continue its note
        elif (kind, prev_kind) in (("note", "note"), ("deep", "deep")):
            builder.extend_note(len(builder.doc.notes) - 1, e, MARKUP)  # the note runs on over lines and pages
        else:
            _note(builder, text, s, e, passage)
        prev_kind = kind
    return builder.finish(chapter=detect_chapter(title) if title else None, title=title)


def _note(builder, text, s, e, passage):
    # builder.note trims the span and skips it when no text is left.
    builder.note(s, e, "cai-benyi", [passage] if passage is not None else [], MARKUP)


def _classify(text: str) -> list[tuple[str, int, int]]:
    out = []
    for s, e in line_spans(text):
        line = text[s:e]
        stripped = line.strip()
        indent = len(line) - len(line.lstrip(" \u3000"))
        if not stripped:
            kind = "blank"
        elif PAGE.match(line):
            kind = "page"
        elif JUAN.search(stripped) or stripped.endswith("撰") or KR_ID.match(stripped) or stripped == "欽定四庫全書":
            kind = "juan"
        elif indent == 0:
            kind = "jing"
        elif indent == 1:
            kind = "note"
        elif indent == 2 and detect_chapter(stripped) is not None and len(stripped) <= 8:
            kind = "title"
        elif stripped.startswith("右"):
            kind = "heading"
        else:
            kind = "deep"
        out.append((kind, s, e))
    return out


register("siku", "四庫 text with [005-1a] page markers and indented notes (蔡德晉 本義, seed 004)", detect, read)
