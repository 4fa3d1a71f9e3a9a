"""What every reader shares: decoding a file, and a builder that turns
offsets into the text model."""
from __future__ import annotations

import bisect
import re
from pathlib import Path

from kg.mappings import load_table
from kg.model import Document, Locator, Note, Passage, Section
from kg.text.normalise import normalise
from kg.text.spans import make_span, trim


class InputError(ValueError):
    """A file that cannot be read as an edition; the message names it."""


# A file larger than this is refused unless the caller raises the cap: the
# largest edition file of the whole work is under 1 MB, and an endless file
# (/dev/zero, a pipe that never ends) must not take the machine's memory.
MAX_INPUT_BYTES = 32 * 2**20


def read_bytes(path: Path, name: str, max_bytes: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of ``path``, refusing a file over ``max_bytes`` after reading
    at most one byte more than that."""
    with open(path, "rb") as handle:
        data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise InputError(f"{name}: larger than {max_bytes:,} bytes, the input cap "
                         "(raise it with --max-input-bytes)")
    return data


def decode(data: bytes, name: str) -> str:
    """The text of a file: UTF-8, or GB18030/Big5 when detected."""
    if not data.strip():
        raise InputError(f"{name}: the file is empty")
    if b"\x00" in data:
        raise InputError(f"{name}: binary file (it contains NUL bytes), not a text edition")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if _is_utf8_before(data, exc):
            where = "it ends in the middle of a character" if exc.end >= len(data) else exc.reason
            raise InputError(f"{name}: broken UTF-8 at byte {exc.start:,} of {len(data):,} ({where}); "
                             "the file is cut or damaged there") from None
    from charset_normalizer import from_bytes

    best = from_bytes(data, cp_isolation=["gb18030", "big5"]).best()
    if best is None:
        raise InputError(f"{name}: not UTF-8, GB18030 or Big5 text")
    text = str(best)
    controls = sum(1 for c in text if ord(c) < 32 and c not in "\n\r\t")
    if controls > len(text) / 100:
        raise InputError(f"{name}: binary file (control characters), not a text edition")
    return text


def _is_utf8_before(data: bytes, exc: UnicodeDecodeError) -> bool:
    """Whether the bytes before a UTF-8 error are evidently UTF-8 text, so that
    the error is damage, not another encoding. A GB18030 or Big5 file fails
    at its first or second Chinese character; one cut at its end fails there."""
    multibyte = sum(1 for b in data[:exc.start] if b >= 0xC0)  # lead bytes of valid sequences
    return multibyte >= (1 if exc.end >= len(data) else 16)


def line_spans(text: str) -> list[tuple[int, int]]:
    """[start, end) of every line of ``text``, line breaks excluded."""
    spans, pos = [], 0
    for line in text.split("\n"):
        spans.append((pos, pos + len(line)))
        pos += len(line) + 1
    return spans


def chapter_titles(variants: bool = True) -> list[tuple[str, int]]:
    """Every spelling of every chapter title (mappings/chapters.tsv: the
    title and its variants, 士昬禮, 大射, 䘮服 …), longest first."""
    forms = []
    for row in load_table("chapters"):
        forms.append((row["title"], int(row["number"])))
        if variants:
            forms += [(form, int(row["number"])) for form in row.get("variants", "").split("|") if form]
    return sorted(forms, key=lambda f: -len(f[0]))


def chapter_of_title(line: str) -> int | None:
    """The chapter a title line names (``鄉射禮``, ``大射``, ``鄉射禮第五``)."""
    line = normalise(line.strip().strip("《》"))
    for form, number in chapter_titles():
        if re.fullmatch(re.escape(normalise(form)) + r"(第[一二三四五六七八九十]+)?", line):
            return number
    return None


def detect_chapter(text: str) -> int | None:
    """The chapter whose title appears first in the text (``None`` if none).
    A short variant spelling (大射, 有司) counts only before 第, since 有司
    is also a role."""
    best: tuple[int, int] | None = None
    text = normalise(text)  # 鄕飮酒禮 is 鄉飲酒禮
    titles = set(chapter_titles(variants=False))
    for form, number in chapter_titles():
        strict = (form, number) not in titles and len(form) <= 2
        form = normalise(form)
        match = re.search(re.escape(form) + ("第" if strict else ""), text)
        if match and (best is None or match.start() < best[0]):
            best = (match.start(), number)
    return best[1] if best else None


class DocumentBuilder:
    """Collects passages, notes, sections and locators by offset.

    Sections follow the editions' convention: a ``右…`` heading closes a
    section, so it takes every passage since the previous heading.
    """

    def __init__(self, source: str, path: str | Path, fmt: str, edition: str):
        self.source = source
        self.doc = Document(path=Path(path).name, source=source, format=fmt, edition=edition)
        self._line_starts = [0] + [m.end() for m in re.finditer("\n", source)]
        self._open_passages: list[int] = []

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self._line_starts, offset)

    def page_at(self, offset: int) -> str | None:
        page = None
        for loc in self.doc.locators:
            if loc.offset > offset:
                break
            page = loc.label
        return page

    def locator(self, label: str, offset: int) -> None:
        self.doc.locators.append(Locator(label, offset))

    def _span(self, start: int, end: int, drop: re.Pattern | None):
        """The trimmed span, or None where no text is left."""
        start, end = trim(self.source, start, end)
        span = make_span(self.source, start, end, drop)
        return span if span.text else None

    def passage(self, start: int, end: int, drop: re.Pattern | None = None) -> int | None:
        span = self._span(start, end, drop)
        if span is None:
            return None
        start = span.start
        index = len(self.doc.passages)
        self.doc.passages.append(Passage(index, span, None, self.line_of(start), self.page_at(start)))
        self._open_passages.append(index)
        return index

    def extend_passage(self, index: int, end: int, drop: re.Pattern | None = None) -> None:
        """Let passage ``index`` run on to ``end`` (over a line or page break)."""
        item = self.doc.passages[index]
        item.span = self._span(item.span.start, end, drop) or item.span

    def extend_note(self, index: int, end: int, drop: re.Pattern | None = None) -> None:
        """Let note ``index`` run on to ``end`` (over a line or page break)."""
        item = self.doc.notes[index]
        item.span = self._span(item.span.start, end, drop) or item.span

    def note(self, start: int, end: int, layer: str, targets: list[int] | None = None,
             drop: re.Pattern | None = None) -> int | None:
        span = self._span(start, end, drop)
        if span is None:
            return None
        start = span.start
        index = len(self.doc.notes)
        clean_targets = [t for t in (targets or []) if t is not None]
        self.doc.notes.append(Note(index, span, layer, clean_targets, self.line_of(start), self.page_at(start)))
        return index

    def section(self, start: int, end: int, drop: re.Pattern | None = None) -> int | None:
        span = self._span(start, end, drop)
        if span is None:
            return None
        index = len(self.doc.sections)
        self.doc.sections.append(Section(index, span, list(self._open_passages)))
        for p in self._open_passages:
            self.doc.passages[p].section = index
        self._open_passages = []
        return index

    def finish(self, chapter: int | None = None, title: str | None = None) -> Document:
        self.doc.chapter = chapter if chapter is not None else detect_chapter(self.source[:300])
        self.doc.title = title
        self.doc.locators.sort(key=lambda loc: loc.offset)
        return self.doc


def add_circled_notes(builder: DocumentBuilder, s: int, e: int, passage: int | None,
                      drop: re.Pattern | None, first_layer: str, rest_layer: str) -> None:
    """A note whose first part is one layer and whose ``○``-opened parts are
    another (句讀: 鄭注, then 張爾岐's remarks)."""
    text = builder.source
    bounds = [s] + [s + m.start() for m in re.finditer("○", text[s:e])] + [e]
    targets = [passage] if passage is not None else []
    for i in range(len(bounds) - 1):
        a, b = bounds[i], bounds[i + 1]
        layer = first_layer if i == 0 else rest_layer
        builder.note(a if i == 0 else a + 1, b, layer, targets, drop)
