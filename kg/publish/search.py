"""Search over the 經, the notes and the terms, in memory.

Everything searchable is normalised once, when the server starts, with the
project's normaliser (simplified characters become traditional, variants
fold: 觯 finds 觶, 賔 finds 賓), and joined into one string with a separator
no text contains; a query is normalised the same way and found with
``str.find``, which scans the few million characters in milliseconds. The
normalised form has one character per character of the text, so a hit's
offsets highlight the text as printed.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from kg.text.normalise import normalise

SEPARATOR = "\x00"
MAX_QUERY = 100  # characters: what a person types, not a document
SNIPPET = 24  # characters of context each side of a hit


def fold(text: str) -> str:
    """The search form: normalised, ASCII lower-cased (English labels), same length."""
    return "".join(c.lower() if c.isascii() else c for c in normalise(text))


@dataclass(eq=False)
class Entry:
    kind: str  # "passage" (經), "note", "term"
    iri: str  # what it is
    page: str  # the IRI of the page that shows it (a note: its passage)
    title: str
    text: str
    layer: str = ""


class SearchIndex:
    def __init__(self, room):
        self.entries: list[Entry] = []
        for passage in room.passages.values():
            self.entries.append(Entry("passage", passage.iri, passage.iri, passage.citation, passage.text))
            for note in passage.notes:
                self.entries.append(Entry("note", note["iri"], passage.iri, passage.citation, note["text"],
                                          f"{note['layer']} · {note['edition']}"))
        for iri, labels in room.labels.items():
            if room.kind(iri) in ("role", "object", "place", "facing", "action"):
                text = " / ".join(dict.fromkeys(labels.get(lang, "") for lang in ("zh-hant", "zh-hans", "en")))
                self.entries.append(Entry("term", iri, iri, room.kind(iri), text.strip(" /")))
        order = {"term": 0, "passage": 1, "note": 2}  # terms first, then the 經, then notes
        self.entries.sort(key=lambda e: order[e.kind])
        self.starts: list[int] = []
        parts, at = [], 0
        for entry in self.entries:
            self.starts.append(at)
            parts.append(fold(entry.text.replace(SEPARATOR, " ")))
            at += len(parts[-1]) + 1
        self.blob = SEPARATOR.join(parts)

    def search(self, query: str, limit: int = 100, start: int = 0) -> dict:
        """Hits of ``query`` (one per entry, the first in it), at most ``limit`` from the
        ``start``-th, and how many there are."""
        wanted = fold("".join(c for c in query if c.isprintable()).strip())
        found: list[dict] = []
        if not wanted:
            return {"query": query, "normalised": wanted, "total": 0, "start": start, "results": found}
        total, at, last = 0, self.blob.find(wanted), -1
        while at >= 0:
            index = bisect_right(self.starts, at) - 1
            if index != last:
                total += 1
                last = index
                if start < total <= start + limit:
                    offset = at - self.starts[index]
                    found.append(self._hit(self.entries[index], offset, offset + len(wanted)))
            # Go on from the next entry: the count is of entries, and long texts stay one step.
            nxt = self.starts[index + 1] if index + 1 < len(self.starts) else len(self.blob)
            at = self.blob.find(wanted, nxt)
        return {"query": query, "normalised": wanted, "total": total, "start": start, "results": found}

    @staticmethod
    def _hit(entry: Entry, start: int, end: int) -> dict:
        left = max(0, start - SNIPPET)
        return {"kind": entry.kind, "iri": entry.iri, "page": entry.page, "title": entry.title,
                "layer": entry.layer, "start": start, "end": end,
                "before": ("…" if left else "") + entry.text[left:start], "hit": entry.text[start:end],
                "after": entry.text[end:end + SNIPPET] + ("…" if end + SNIPPET < len(entry.text) else "")}
