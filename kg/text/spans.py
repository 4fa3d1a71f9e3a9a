"""Cut a reading text out of the original file, remembering where each
character came from."""
from __future__ import annotations

import functools
import re
from array import array

from kg.mappings import load_table
from kg.model import Span
from kg.text.normalise import normalise

# Line breaks, indentation (ASCII and full-width spaces) and Kanripo's
# end-of-line mark are layout, never text.
LAYOUT = re.compile(r"[\s\u3000¶]+")
# A Kanripo-style entity stands for one character with no code point; the
# reading text keeps one geta mark 〓 for it so that character counts hold.
ENTITY = re.compile(r"&[A-Za-z]+\d+;")
GETA = "〓"


@functools.lru_cache(maxsize=1)
def entity_readings() -> dict[str, str]:
    """The character the normalised text reads for an entity
    (``&KR0221;`` → 袒: mappings/entities.tsv); the reading text keeps 〓."""
    return {f"&{row['entity']};": row["standard"] for row in load_table("entities")}


def make_span(source: str, start: int, end: int, drop: re.Pattern | None = None) -> Span:
    """The span ``source[start:end]``; text matched by ``drop`` and layout
    are left out of its reading text."""
    removed: list[tuple[int, int]] = []
    piece = source[start:end]
    if drop is not None:
        removed += [(m.start(), m.end()) for m in drop.finditer(piece) if m.end() > m.start()]
    removed += [(m.start(), m.end()) for m in LAYOUT.finditer(piece)]
    entities = {m.start(): m.end() for m in ENTITY.finditer(piece)}
    removed.sort()
    chars: list[str] = []
    readings: list[tuple[int, str]] = []  # (index in chars, what an entity there reads as)
    offsets = array("I")
    i = 0
    k = 0
    while i < len(piece):
        while k < len(removed) and removed[k][1] <= i:
            k += 1
        if k < len(removed) and removed[k][0] <= i:
            i = removed[k][1]
            continue
        if i in entities:
            reading = entity_readings().get(piece[i:entities[i]])
            if reading:
                readings.append((len(chars), reading))
            chars.append(GETA)
            offsets.append(start + i)
            i = entities[i]
            continue
        chars.append(piece[i])
        offsets.append(start + i)
        i += 1
    text = "".join(chars)
    for k, reading in readings:
        chars[k] = reading
    return Span(start, end, text, normalise("".join(chars) if readings else text), offsets)


def trim(source: str, start: int, end: int) -> tuple[int, int]:
    """Narrow [start, end) so that it neither starts nor ends with layout."""
    while start < end and (source[start].isspace() or source[start] in "\u3000¶"):
        start += 1
    while end > start and (source[end - 1].isspace() or source[end - 1] in "\u3000¶"):
        end -= 1
    return start, end
