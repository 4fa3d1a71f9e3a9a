"""注疏 edition in one paragraph per 經+注 (seed 001, 《儀禮注疏》).

經 and 鄭注 run together in a paragraph with no mark between them; ``[疏]``
paragraphs follow. A 疏 opens with the stretch it explains: ``“A”至“B”`` (the
first and last characters of the 經) and ``注“C”至“D”`` (the 注). So the 經
of the paragraph before a 疏 ends at B, or where C begins. Where no 疏
header tells, sentences are read one by one with
:func:`kg.text.clauses.looks_like_commentary`: 經 sentences make a passage,
the commentary sentences after them its 鄭注.
"""
from __future__ import annotations

import re

from kg.readers import register
from kg.readers.base import DocumentBuilder
from kg.text.clauses import looks_like_commentary, sentences
from kg.text.normalise import normalise

PARAGRAPH = re.compile(r"[^\n]+(?:\n(?!\s*\n)[^\n]+)*")
SHU = "[疏]"
HEADER = re.compile(r"\[疏\]\s*(?:“([^”]+)”(?:至“([^”]+)”)?。?)?\s*(?:注“([^”]+)”(?:至“([^”]+)”)?。?)?")
PUNCT = "。,，:：;；、“”？！ "


def detect(text: str, name: str) -> float:
    count = text.count(SHU)
    return 0.9 if count >= 2 else (0.6 if count == 1 else 0.0)


def read(text: str, name: str):
    builder = DocumentBuilder(text, name, "zhushu", "KR1d0028")
    group: list[tuple[int, int]] = []  # 經+注 paragraphs waiting for their 疏
    for para in PARAGRAPH.finditer(text):
        if not para.group().strip():
            continue
        if para.group().lstrip().startswith(SHU):
            header = HEADER.match(text, para.start() + len(para.group()) - len(para.group().lstrip()))
            targets = _read_group(builder, text, group, header)
            builder.note(para.start(), para.end(), "jia-shu", targets)
            group = []
        else:
            group.append((para.start(), para.end()))
    _read_group(builder, text, group, None)
    return builder.finish()


def _read_group(builder: DocumentBuilder, text: str, group: list[tuple[int, int]], header) -> list[int]:
    passages: list[int] = []
    for k, (s, e) in enumerate(group):
        split = _split_by_header(text, s, e, header) if k == len(group) - 1 and header else None
        if split is None:
            passages += _read_by_sentences(builder, text, s, e)
            continue
        p = builder.passage(s, split)
        if p is not None:
            passages.append(p)
        builder.note(split, e, "zheng-zhu", [p] if p is not None else [])
    return passages


def _split_by_header(text: str, s: int, e: int, header) -> int | None:
    """Where the 注 begins in paragraph [s, e), from the 疏 header.

    With the 經's last characters (B) the 經 ends after B. With only the
    注's first characters (C), which the 疏 may quote from the middle of the
    注, the 注 begins no later than the sentence holding C, and earlier if a
    sentence before that reads as commentary.
    """
    first, last, zhu_first, _ = header.groups()
    norm = normalise(text[s:e])
    if first and not last and not zhu_first:
        last = first  # “二筭為純”: the whole 經 is quoted
    if last:
        at, end = _find_loose(norm, normalise(last), len(first) if first and first != last else 0)
        if at >= 0:
            while end < len(norm) and norm[end] in PUNCT:
                end += 1
            return s + end if end < len(norm) else None
    if zhu_first:
        at, _ = _find_loose(norm, normalise(zhu_first), 1)
        if at > 0:
            for k, (a, b) in enumerate(sentences(text, s, e)):
                if b > s + at or (k > 0 and looks_like_commentary(text[a:b])):
                    return a if a > s else s + at
    return None


def _find_loose(norm: str, quote: str, start: int) -> tuple[int, int]:
    """[start, end) of a quoted stretch in ``norm``. The 疏 quotes without
    punctuation and sometimes miscopies its last character (“握馬” for 握焉),
    so punctuation is skipped and, failing an exact match, the quote's head
    followed by one character and a full stop will do."""
    keep = [i for i, c in enumerate(norm) if c not in PUNCT]
    bare = "".join(norm[i] for i in keep)
    first = next((k for k, i in enumerate(keep) if i >= start), len(keep))
    at = bare.find(quote, first)
    n = len(quote)
    if at < 0 and n >= 2:
        for m in re.finditer(re.escape(quote[:-1]), bare[first:]):
            k = first + m.start() + n - 1
            if k < len(bare) and keep[k] + 1 < len(norm) and norm[keep[k] + 1] == "。":
                at = first + m.start()
                break
    if at < 0:
        return -1, -1
    return keep[at], keep[at + n - 1] + 1


def _read_by_sentences(builder: DocumentBuilder, text: str, s: int, e: int) -> list[int]:
    passages = []
    runs: list[tuple[bool, int, int]] = []
    for k, (a, b) in enumerate(sentences(text, s, e)):
        is_note = k > 0 and looks_like_commentary(text[a:b])
        if runs and runs[-1][0] == is_note:
            runs[-1] = (is_note, runs[-1][1], b)
        else:
            runs.append((is_note, a, b))
    passage = None
    for is_note, a, b in runs:
        if is_note:
            builder.note(a, b, "zheng-zhu", [passage] if passage is not None else [])
        else:
            passage = builder.passage(a, b)
            if passage is not None:
                passages.append(passage)
    return passages


register("zhushu", "注疏 text: 經 and 注 in one paragraph, [疏] paragraphs after (seed 001)", detect, read)
