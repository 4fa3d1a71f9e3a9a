"""Sentences of punctuated text, and a reading of which ones are commentary.

Used where an edition runs 經 and 注 together with no mark between them
(注疏 editions). The signs of commentary are those of the 注's glossing
style: a gloss ending in 也/耳/矣, the gloss words 猶/謂/嫌/今文/古文/所以,
or a topic ``X者,`` that the sentence goes on to explain.
"""
from __future__ import annotations

import re

SENTENCE_END = "。？！?!"
GLOSS = re.compile(r"(猶|謂|嫌|今文|古文|所以|蓋|者[,，:：])")


def sentences(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """[start, end) of each sentence of ``text[start:end]``; a full stop
    inside a quotation does not end the sentence, the closing quote does."""
    end = len(text) if end is None else end
    out = []
    depth = 0
    s = start
    i = start
    while i < end:
        c = text[i]
        if c in "“「『":
            depth += 1
        elif c in "”」』":
            depth = max(0, depth - 1)
            if depth == 0 and i > s and text[i - 1] in SENTENCE_END and (i + 1 >= end or text[i + 1] not in ",，:："):
                out.append((s, i + 1))
                s = i + 1
        elif c in SENTENCE_END and depth == 0:
            out.append((s, i + 1))
            s = i + 1
        i += 1
    if text[s:end].strip():
        out.append((s, end))
    return [(a, b) for a, b in out if text[a:b].strip()]


def looks_like_commentary(sentence: str) -> bool:
    body = sentence.rstrip("。？！?!”」 \n")
    return body.endswith(("也", "耳", "矣")) or bool(GLOSS.search(body))
