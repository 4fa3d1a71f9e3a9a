"""Words whose sense is the rite's (``mappings/senses.tsv``).

尸 is the personator of the dead in the sacrifices, and the body itself in
the rites before burial (士喪禮, 既夕禮: 遷尸, 馮尸). A term a sense names is
read only in its chapters: the tokenizer's vocabulary leaves its row out
(label and variants: the form senses.tsv gives is the one way it is read;
where that form is a variant, only the variant is left out: 个 is 矢 only in
the archery),
and :func:`kg.extract.tokens.tokenize` puts it in, after the words are cut,
where the chapter is one of them, in place of whatever else the written
form is (the words of a form written with more than one, 丘陵, joined).
"""
from __future__ import annotations

import functools

from kg.mappings import TERM_TABLES, MappingError, load_table, split_variants
from kg.readers.base import chapter_titles
from kg.text.lexicon import lexicon, variant_sense
from kg.text.normalise import normalise


def clear_caches() -> None:
    """Forget the tables read (after ``mappings/`` changed: tests), and the
    heading lexicon, which leaves out the terms of the senses."""
    for cached in (_senses, senses_in, lexicon):
        cached.cache_clear()


def read_senses(rows) -> tuple[tuple[str, str, str, frozenset[int]], ...]:
    """(form, kind, label, chapter numbers) of each row of senses.tsv; a
    chapter no title names, or a term its table lacks, is an error."""
    titles = dict(chapter_titles())
    senses = []
    for row in rows:
        named = split_variants(row["chapters"])
        if not named:
            raise MappingError(f"senses.tsv: {row['form']}: no chapter named")
        unknown = [t for t in named if t not in titles]
        if unknown:
            raise MappingError(f"senses.tsv: {row['form']}: no chapter is titled {'|'.join(unknown)} (chapters.tsv)")
        table = TERM_TABLES.get(row["kind"])
        if table is None or row["label"] not in {r["label"] for r in load_table(table)}:
            raise MappingError(f"senses.tsv: {row['form']}: {row['kind']} {row['label']} is no row of a term table")
        chapters = frozenset(titles[t] for t in named)
        senses.append((normalise(row["form"]), row["kind"], row["label"], chapters))
    return tuple(senses)


@functools.lru_cache(maxsize=1)
def _senses() -> tuple[tuple[str, str, str, frozenset[int]], ...]:
    return read_senses(load_table("senses"))


def sensed_terms() -> frozenset[tuple[str, str]]:
    """(kind, label) of every term read only in the chapters of its sense
    (the sense's form is the label: 尸)."""
    return frozenset((kind, label) for form, kind, label, _ in _senses() if not variant_sense(form, label))


def sensed_variants() -> frozenset[tuple[str, str]]:
    """(kind, form) of each variant read as its term only in the chapters of
    its sense, the rest of the term read everywhere (个: an arrow only in the
    archery; 俎釋三个, three pieces of meat)."""
    return frozenset((kind, form) for form, kind, label, _ in _senses() if variant_sense(form, label))


@functools.lru_cache(maxsize=None)
def senses_in(chapter: int | None) -> dict[str, dict[str, str]]:
    """Written form -> its only reading, in this chapter."""
    return {form: {kind: label} for form, kind, label, chapters in _senses() if chapter in chapters}


def before_burial(chapter: int | None) -> bool:
    """The chapter is a rite before burial: 尸 is the body there (士喪禮, 既夕禮)."""
    return senses_in(chapter).get("尸") == {"object": "尸"}


def read_with_senses(tokens: list, senses: dict[str, dict[str, str]]) -> list:
    """``tokens`` with each written form of ``senses`` read as its term only;
    a form cut into several words (丘陵: 丘, 陵; 四瀆: a number and a word the
    tables lack) is joined back into one."""
    longest = max((len(form) for form in senses), default=0)
    read, n = [], 0
    while n < len(tokens):
        for m in range(min(len(tokens), n + longest), n, -1):
            run = tokens[n:m]
            form = "".join(tok.text for tok in run)
            if form in senses and all(a.j == b.i for a, b in zip(run, run[1:])):
                read.append(type(run[0])(run[0].i, run[-1].j, form, dict(senses[form])))
                n = m
                break
        else:
            read.append(tokens[n])
            n += 1
    return read
