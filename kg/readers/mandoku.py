"""Kanripo "mandoku" files: the format of nearly every classic on Kanripo.

``#`` lines are headers (``#+PROPERTY: ID KR1d0038``; ``# page missing``);
``<pb:KR1d0026_SBCK_001-3a>`` is a page break; ``¶`` ends each printed line;
``&KR0002;`` stands for a character with no code point; small double-column
commentary is written inside ``( … )`` with ``/`` at the column break, one
note often running over several groups on consecutive lines.

The 經 is the unbracketed text. Lines that open with a full-width space are
the edition's own furniture: titles (their note is the 鄭目錄) and, in
張爾岐's 句讀, section headings ``右…``. In 句讀 notes, 張爾岐's remarks
follow ``○`` after the 鄭注. In 注疏 editions (KR1d0028) the layers are marked
inline: ``注`` opens the 鄭注, ``音義(…)`` and ``疏(…)`` hold 陸德明's and
賈公彥's notes; where a 注 ends and the 經 resumes is not marked, so the 經
is taken to resume after the 音義 or 疏 that closes the 注.
"""
from __future__ import annotations

import functools
import re

from kg.mappings import load_table
from kg.readers import register
from kg.readers.base import DocumentBuilder, add_circled_notes

TOKEN = re.compile(r"<pb:([^>]+)>|\(([^()]*)\)?|^#[^\n]*|[^(<\n]+|[<\n]", re.M)
# Lines that are the edition's furniture, not 經, even at column 0.
FURNITURE = re.compile(r"^(欽定四庫全書|.*卷第?[一二三四五六七八九十百]+|\S+第[一二三四五六七八九十]+(\u3000.*)?)$")
MARKUP = re.compile(r"<pb:[^>]+>|[()/¶]|^#[^\n]*", re.M)
# ○ separates the layers in 注疏 editions; it is no character of the 經.
JING_MARKUP = re.compile(MARKUP.pattern + "|○", re.M)
TEXT_ID = re.compile(r"KR\d[a-z]\d{4}")
INLINE_LAYERS = {"音義": "lu-yinyi", "疏": "jia-shu"}


def detect(text: str, name: str) -> float:
    head = text[:5000]
    score = 0.0
    if "<pb:" in head:
        score += 0.5
    if re.search(r"^#\+(TITLE|PROPERTY)", head, re.M):
        score += 0.4
    if "¶" in head:
        score += 0.1
    return score


def read(text: str, name: str):
    prop = re.search(r"^#\+PROPERTY:\s*ID\s+(KR\w+)", text, re.M)
    any_id = TEXT_ID.search(text[:5000])
    edition = prop.group(1) if prop else (any_id.group() if any_id else "unknown")
    builder = DocumentBuilder(text, name, "mandoku", edition)
    for m in re.finditer(r"<pb:([^>]+)>", text):
        builder.locator(m.group(1), m.start())
    zhushu = edition == "KR1d0028" or bool(re.search(r"疏\(釋曰", text))
    circled = edition == "KR1d0038"
    reader = _Reader(builder, text, zhushu, circled)
    for m in TOKEN.finditer(text):
        reader.feed(m)
    reader.flush()
    title = re.search(r"^#\+TITLE:\s*(.+)$", text, re.M)
    doc = builder.finish(title=title.group(1).strip() if title else None)
    doc.witness = _witness(text, edition)
    return doc


def _witness(text: str, edition: str) -> str:
    """Text ID and base edition (``KR1d0038-WYG``): a Kanripo text has one
    branch per edition it was transcribed from, named in its header or in its
    page markers (``<pb:KR1d0026_SBCK_005-1a>``)."""
    base = re.search(r"^#\+PROPERTY:\s*BASEEDITION\s+(\w+)", text, re.M) or \
        re.search(r"<pb:" + re.escape(edition) + r"_([A-Za-z0-9]+)_", text[:20000])
    return f"{edition}-{base.group(1)}" if base else edition


@functools.lru_cache(maxsize=1)
def _chapter_titles() -> frozenset[str]:
    return frozenset(row["title"] for row in load_table("chapters"))


class _Reader:
    def __init__(self, builder: DocumentBuilder, text: str, zhushu: bool, circled: bool):
        self.b, self.text, self.zhushu, self.circled = builder, text, zhushu, circled
        self.run: list[int] | None = None  # open stretch of unbracketed text
        self.run_kind = "jing"
        self.note: list[int] | None = None  # open stretch of ( … ) groups
        self.note_layer = "zheng-zhu"
        self.passage: int | None = None
        self.pending_label: str | None = None

    def feed(self, m: re.Match) -> None:
        token = m.group()
        if token.startswith("<pb:") or token.startswith("#"):
            return  # transparent: a page break does not end a sentence or a note
        if token.startswith("("):
            self._close_run()
            if self.note is not None and not self._only_layout(self.note[1], m.start()):
                self._close_note()
            if self.note is None:
                self.note = [m.start(), m.end()]
                self.note_layer = self._layer_for_note()
            else:
                self.note[1] = m.end()
            return
        if self._only_layout(m.start(), m.end()):
            return
        self._close_note()
        self._text(m.start(), m.end())

    def _text(self, s: int, e: int) -> None:
        text = self.text
        line_start = text.rfind("\n", 0, s) + 1
        opens_line = not MARKUP.sub("", text[line_start:s]).strip()
        line = text[s:e].replace("¶", "").strip()
        if opens_line and (text.startswith("\u3000", s) or FURNITURE.match(line)):
            self._close_run()
            kind = "heading" if line.startswith("右") else "furniture"
            self.run, self.run_kind = [s, e], kind
            self._close_run()  # furniture is one line; 經 starts afresh after it
            return
        if not self.zhushu:
            self._append(s, e)
            return
        label = next((lab for lab in INLINE_LAYERS if text.startswith(lab + "(", e - len(lab))), None)
        body_end = e - len(label) if label else e
        cut = text.find("注", s, body_end) if self.run_kind != "zhu" else -1
        if cut >= 0:
            self._append(s, cut)
            self._close_run()
            self.run, self.run_kind = [cut + 1, body_end], "zhu"
        else:
            self._append(s, body_end)
        if label:
            self._close_run()
            self.pending_label = INLINE_LAYERS[label]

    def _append(self, s: int, e: int) -> None:
        if e <= s:
            return
        if self.run is None:
            self.run, self.run_kind = [s, e], "jing"
        else:
            self.run[1] = e

    def _close_run(self) -> None:
        if self.run is None:
            return
        s, e = self.run
        if self.run_kind == "jing" and JING_MARKUP.sub("", self.text[s:e]).strip() in _chapter_titles():
            self.passage = None  # the chapter's title (士冠禮音義(…)), not its 經
        elif self.run_kind == "jing":
            self.passage = self.b.passage(s, e, JING_MARKUP)
        elif self.run_kind == "heading":
            self.b.section(s, e, MARKUP)
        elif self.run_kind == "zhu":
            self.b.note(s, e, "zheng-zhu", self._targets(), MARKUP)
        elif self.run_kind == "furniture":
            self.passage = None
        self.run = None
        self.run_kind = "jing"

    def _layer_for_note(self) -> str:
        if self.pending_label:
            layer, self.pending_label = self.pending_label, None
            return layer
        return "zheng-zhu"

    def _close_note(self) -> None:
        if self.note is None:
            return
        s, e = self.note
        self.note = None
        if self.passage is None and self.text.startswith("(鄭目錄", s):
            self.b.note(s, e, "zheng-mulu", [], MARKUP)
        elif self.circled and self.note_layer == "zheng-zhu":
            add_circled_notes(self.b, s, e, self.passage, MARKUP, "zheng-zhu", "zhang-judou")
        else:
            self.b.note(s, e, self.note_layer, self._targets(), MARKUP)

    def _targets(self) -> list[int]:
        return [self.passage] if self.passage is not None else []

    def _only_layout(self, s: int, e: int) -> bool:
        return not MARKUP.sub("", self.text[s:e]).strip()

    def flush(self) -> None:
        self._close_run()
        self._close_note()


register("mandoku", "Kanripo mandoku text (#+ headers, <pb:…>, ¶, ( … ) notes)", detect, read)
