"""Normalised text for matching and search.

The normalised form has exactly one character per character of the reading
text, so the offsets computed for the reading text serve it too. Three
steps, each driven by data:

1. NFKC for the CJK compatibility block (U+F900…) and full-width forms,
   where it yields a single character;
2. characters that are simplified (not encodable in Big5, the traditional
   character set, and changed by OpenCC's ``s2t``) become traditional. Whole
   passages are never converted: ``s2t`` would turn 于 into 於;
3. the variant table ``mappings/variants.tsv`` (賔→賓, 𤣥→玄 …) and the
   context-dependent repairs of machine conversion in ``mappings/repairs.tsv``
   (北麵→北面, 雲→云 before a quotation …).
"""
from __future__ import annotations

import functools
import re
import unicodedata

from kg.mappings import load_table

# Punctuation keeps its original form: NFKC would turn ASCII-looking
# full-width commas into ASCII and change nothing a reader searches for.
_KEEP = set("，。：；、？！“”‘’「」『』（）《》〈〉　")


@functools.lru_cache(maxsize=1)
def _s2t():
    import opencc

    return opencc.OpenCC("s2t")


def _is_traditional(char: str) -> bool:
    try:
        char.encode("big5")
    except UnicodeEncodeError:
        return False
    return True


@functools.lru_cache(maxsize=None)
def fold_char(char: str) -> str:
    """The standard traditional form of one character (itself if none)."""
    if char in _KEEP or char.isascii():
        return char
    folded = unicodedata.normalize("NFKC", char)
    if len(folded) != 1:
        folded = char
    variants = _variant_table()
    if folded in variants:
        return variants[folded]
    if "\u4e00" <= folded <= "\u9fff" and not _is_traditional(folded):
        converted = _s2t().convert(folded)
        if len(converted) == 1:
            folded = converted
    return variants.get(folded, folded)


@functools.lru_cache(maxsize=1)
def _variant_table() -> dict[str, str]:
    table = {}
    for row in load_table("variants"):
        if len(row["variant"]) != 1 or len(row["standard"]) != 1:
            raise ValueError(f"variants.tsv: {row['variant']}→{row['standard']} is not one character each")
        table[row["variant"]] = row["standard"]
    return table


@functools.lru_cache(maxsize=1)
def _repairs() -> list[tuple[str, re.Pattern, str]]:
    repairs = []
    for row in load_table("repairs"):
        wrong, right = row["wrong"], row["right"]
        if len(wrong) != len(right):
            raise ValueError(f"repairs.tsv: {wrong}→{right} changes the length")
        pattern = re.escape(wrong)
        after = row["followed_by"]
        if after.startswith("^"):  # only where the next character is none of these (or the text ends)
            pattern += "(?![" + re.escape(after[1:]) + "])"
        elif after:
            pattern += "(?=[" + re.escape(after) + "])"
        repairs.append((wrong, re.compile(pattern), right))
    return repairs


class _Folds(dict):
    """Code point → its folded character, for ``str.translate``: each
    character is folded once (:func:`fold_char`), then looked up in C."""

    def __missing__(self, code: int) -> str:
        folded = self[code] = fold_char(chr(code))
        return folded


_FOLDS = _Folds()


def normalise(text: str) -> str:
    """Normalised form of ``text``, of the same length."""
    folded = text.translate(_FOLDS)
    for wrong, pattern, right in _repairs():
        if wrong in folded:  # a substring test first: most texts need none of the repairs
            folded = pattern.sub(right, folded)
    return folded
