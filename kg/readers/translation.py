"""Modern vernacular translation scraped from a web page (seed 002).

The page's menu residue (``關燈``, ``小``, ``中``, ``大``) is dropped; the body,
which the page holds twice, is read once; a quotation split across lines
(``說：“右賢于左。`` / ``”如左勝``) is rejoined by giving the closing quote to
the line it closes. Each line is one translation note; ``[記]`` starts the
appendix and is kept as a locator.
"""
from __future__ import annotations

import re

from kg.readers import register
from kg.readers.base import DocumentBuilder, line_spans

MENU_WORDS = {"關燈", "关灯", "開燈", "开灯", "小", "中", "大", "上一章", "下一章", "目錄", "目录"}
APPENDIX = re.compile(r"\s*\[記\]\s*")
CLOSING = "”」』"
VERNACULAR = re.compile(r"[的了們们說说這这]")


def detect(text: str, name: str) -> float:
    head = text[:3000]
    lines = head.splitlines()
    hits = len(VERNACULAR.findall(head))
    if any(line.strip() in {"關燈", "关灯"} for line in lines[:8]):
        return 0.9
    return 0.6 if hits > len(head) / 60 else 0.0


def read(text: str, name: str):
    builder = DocumentBuilder(text, name, "translation", "baihua")
    lines = line_spans(text)
    body = [(s, e) for s, e in lines[1:] if text[s:e].strip()]
    while body and text[body[0][0]:body[0][1]].strip() in MENU_WORDS:
        body.pop(0)
    body = body[:_first_repeat(text, body)]
    units: list[list[int]] = []
    for s, e in body:
        if units and text[s] in CLOSING:
            units[-1][1] = s + 1  # the closing quote ends the previous line's quotation
            s += 1
        m = APPENDIX.match(text, s, e)
        if m:
            builder.locator("記", s)
            s = m.end()
        if s < e:
            units.append([s, e])
    for s, e in units:
        builder.note(s, e, "translation")
    return builder.finish(title=text[lines[0][0]:lines[0][1]].strip() if lines else None)



def _first_repeat(text: str, body: list[tuple[int, int]]) -> int:
    """Index where a second copy of the body starts (len(body) if none): the
    smallest j such that body[j:] repeats an earlier stretch line for line."""
    keys = [text[s:e] for s, e in body]
    n = len(keys)
    for j in range(1, n):
        tail = keys[j:]
        if len(tail) > j or len(tail) < 3:
            continue
        for i in range(0, j - len(tail) + 1):
            if keys[i] == tail[0] and keys[i:i + len(tail)] == tail:
                return j
    return n


register("translation", "modern vernacular translation scraped from a web page (seed 002)", detect, read)
