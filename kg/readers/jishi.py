"""Hard-wrapped 四庫 text of 李如圭《儀禮集釋》 (seed 003).

Lines are wrapped at a fixed width, so a line that fills the width runs on
into the next one (a word can be split: ``反\\n位``). Blocks that start with
``鄭注`` are commentary; ``鄭目錄`` opens the chapter's 目錄 note; other
blocks are 經. Collation notes ``(案…)`` are written small, two characters to
a cell, and may be cut into ``(…)`` pieces on consecutive lines; they are
notes of the 四庫 editors and are left out of the text they interrupt.
"""
from __future__ import annotations

import collections
import re

from kg.readers import register
from kg.readers.base import DocumentBuilder, line_spans
from kg.text.spans import ENTITY

SMALL = re.compile(r"\([^()\n]*\)?|^[^()\n]*\)", re.M)
ZHU = "鄭注"
MULU = "鄭目錄"
JUAN = re.compile(r"卷[一二三四五六七八九十百]+.*撰\s*$")


def detect(text: str, name: str) -> float:
    lines = text.splitlines()
    zhu = sum(1 for line in lines if line.startswith(ZHU))
    return 0.85 if zhu >= 3 and "<small>" not in text else 0.0


def line_width(line: str) -> float:
    small = sum(len(m.group()) - 2 for m in SMALL.finditer(line))
    big = len(ENTITY.sub("X", SMALL.sub("", line)))
    return big + small / 2


def read(text: str, name: str):
    builder = DocumentBuilder(text, name, "jishi", "KR1d0030")
    lines = line_spans(text)
    widths = [line_width(text[s:e]) for s, e in lines]
    full = _full_width(widths)
    # 經 is written one cell wider than the commentary, so a line wider than
    # any 鄭注 line cannot continue a 鄭注 block.
    zhu_widths = [w for (s, _), w in zip(lines, widths) if text.startswith(ZHU, s)]
    zhu_full = _full_width(zhu_widths) + 0.5
    blocks: list[list[int]] = []  # [start, end] of wrapped blocks
    open_block = False
    in_zhu = False
    for (s, e), width in zip(lines, widths):
        if s == e:
            open_block = False
            continue
        starts_new = text.startswith((ZHU, MULU), s) or (in_zhu and width > zhu_full)
        if not (open_block and not starts_new):
            in_zhu = text.startswith(ZHU, s)
        if open_block and not starts_new:
            blocks[-1][1] = e
        else:
            blocks.append([s, e])
        open_block = width >= full
    passage = None
    previous_kind = None
    title = None
    for s, e in blocks:
        block = text[s:e]
        if JUAN.search(block) or (builder.doc.chapter is None and _is_chapter_title(block)):
            if _is_chapter_title(block):
                builder.doc.chapter = _chapter_number(block)
                title = block.strip()
            continue
        if block.startswith(MULU):
            _note_with_collations(builder, text, s, e, "zheng-mulu", None)
        elif block.startswith(ZHU):
            _note_with_collations(builder, text, s + len(ZHU), e, "zheng-zhu", passage)
        elif previous_kind == "jing" and passage is not None:
            builder.extend_passage(passage, e, SMALL)
            _collations(builder, text, s, e, passage)
        else:
            passage = builder.passage(s, e, SMALL)
            _collations(builder, text, s, e, passage)
        previous_kind = "jing" if not block.startswith((ZHU, MULU)) else "note"
    return builder.finish(chapter=builder.doc.chapter, title=title)


def _full_width(widths: list[float]) -> float:
    """The wrap width: the most common width among the longer lines, less
    half a cell (a line may end on a half-filled small-text cell)."""
    counts = collections.Counter(round(w) for w in widths if w >= 10)
    if not counts:
        return float("inf")
    top = max(counts.items(), key=lambda kv: (kv[1], kv[0]))[0]
    widest = max(w for w, n in counts.items() if n >= counts[top] / 3)
    return min(top, widest) - 0.5


def _note_with_collations(builder, text, s, e, layer, passage):
    targets = [passage] if passage is not None else []
    builder.note(s, e, layer, targets, SMALL)
    _collations(builder, text, s, e, passage)


def _collations(builder: DocumentBuilder, text: str, s: int, e: int, passage: int | None) -> None:
    """One 案 note for each run of ``(…)`` pieces split only by line breaks."""
    pieces = [[m.start(), m.end()] for m in SMALL.finditer(text, s, e) if m.end() > m.start()]
    runs: list[list[int]] = []
    for a, b in pieces:
        if runs and not text[runs[-1][1]:a].strip():
            runs[-1][1] = b
        else:
            runs.append([a, b])
    for a, b in runs:
        builder.note(a, b, "siku-an", [passage] if passage is not None else [], re.compile(r"[()]"))


def _is_chapter_title(block: str) -> bool:
    return _chapter_number(block) is not None


def _chapter_number(block: str) -> int | None:
    from kg.mappings import load_table

    for row in load_table("chapters"):
        if re.fullmatch(re.escape(row["title"]) + r"(第[一二三四五六七八九十]+)?", block.strip()):
            return int(row["number"])
    return None


register("jishi", "hard-wrapped 四庫 text with 鄭注 lines and (案…) notes (李如圭 集釋, seed 003)", detect, read)
