"""How much of the 經 the term tables know: per chapter, the share of its
characters that the extractor's tokenizer (``kg.extract.tokens.tokenize``)
reads as a known word — a role, object, place, facing or act of the tables in
``mappings/``, or a grammar word of ``particles.tsv``.

Measured on the canonical passages (``corpus/canon/passages.tsv``), each
normalised as the extractor sees it. A character counts once, inside the
token the tokenizer chose (longest match first). Participants the tokenizer
mints from the text (``X者`` that ``roles.tsv`` does not list) are not table
terms: they are counted apart (``minted``) and not in the coverage; the
enumeration comma 、 and punctuation are not characters of the text here.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from kg.extract.tokens import is_text_char, tokenize
from kg.extract.vocab import KINDS, vocabulary
from kg.mappings import load_table
from kg.text import canon


@dataclass
class Coverage:
    """Characters of some 經 text and how the tables read them."""

    chars: int = 0  # characters of the text (CJK, no punctuation)
    known: int = 0  # inside a table term or grammar word
    minted: int = 0  # inside a participant X者 the tables do not list
    unknown: Counter = field(default_factory=Counter)  # unknown runs of characters, with counts

    @property
    def share(self) -> float:
        return self.known / self.chars if self.chars else 0.0

    def add(self, other: "Coverage") -> None:
        self.chars += other.chars
        self.known += other.known
        self.minted += other.minted
        self.unknown.update(other.unknown)


def _table_roles() -> set[str]:
    return {row["label"] for row in load_table("roles")}


def measure(norm: str) -> Coverage:
    """The coverage of one normalised passage."""
    roles = _table_roles()
    vocabulary()  # the tables, loaded once
    result = Coverage()
    run = ""
    for token in tokenize(norm):
        chars = sum(1 for c in token.text if is_text_char(c))
        if not chars:  # punctuation
            if run:
                result.unknown[run] += 1
                run = ""
            continue
        result.chars += chars
        readings = {k for k in token.readings if k in KINDS}
        minted = readings == {"role"} and token.readings["role"] not in roles
        if readings and not minted:
            result.known += chars
        elif minted:
            result.minted += chars
        if readings:
            if run:
                result.unknown[run] += 1
                run = ""
        else:
            run += token.text
    if run:
        result.unknown[run] += 1
    return result


def by_chapter(chapters: set[int] | None = None) -> dict[int, Coverage]:
    """Coverage of the 經 of each chapter (all 17 unless ``chapters``)."""
    out: dict[int, Coverage] = {}
    for chapter, passages in sorted(canon.load().items()):
        if chapters and chapter not in chapters:
            continue
        total = Coverage()
        for passage in passages:
            total.add(measure(passage.norm))
        out[chapter] = total
    return out


def table(results: dict[int, Coverage], titles: dict[int, str] | None = None) -> str:
    """A plain-text table of the coverage per chapter and for the whole work."""
    titles = titles or {}
    lines = [f"{'ch':>3}  {'title':<12}{'chars':>7}{'known':>7}{'minted':>7}{'coverage':>10}"]
    whole = Coverage()
    for chapter, cov in results.items():
        whole.add(cov)
        title = titles.get(chapter, "")
        lines.append(f"{chapter:>3}  {title:<{12 - _wide(title)}}{cov.chars:>7}{cov.known:>7}{cov.minted:>7}"
                     f"{cov.share:>10.1%}")
    lines.append(f"{'all':>3}  {'':<12}{whole.chars:>7}{whole.known:>7}{whole.minted:>7}{whole.share:>10.1%}")
    return "\n".join(lines)


def _wide(text: str) -> int:
    return sum(1 for c in text if ord(c) > 0x2E80)


def chapter_titles() -> dict[int, str]:
    return {int(row["number"]): row["title"] for row in load_table("chapters")}
