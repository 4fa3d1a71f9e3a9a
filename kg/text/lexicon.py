"""Longest-match look-up of the terms of a mappings table."""
from __future__ import annotations

import functools

from kg.mappings import TERM_TABLES, load_table, split_variants
from kg.text.normalise import normalise


def variant_sense(form: str, label: str) -> bool:
    """A sense of senses.tsv whose written form is a variant of its term, not
    its label: only that variant is read in the sense's chapters (个 of 矢),
    the rest of the term everywhere; else the whole term is the sense's."""
    return normalise(form) != normalise(label)


class Lexicon:
    """Every label and variant of a table, matched on normalised text."""

    def __init__(self, table: str):
        self.canonical: dict[str, str] = {}
        # a term read only in the rites its sense names (senses.tsv) is left out here, where the
        # rite is not known (日 of 右前射三日 is a day, not the sun of 覲禮)
        senses = [row for row in load_table("senses") if TERM_TABLES.get(row["kind"]) == table]
        sensed = {row["label"] for row in senses if not variant_sense(row["form"], row["label"])}
        sensed_forms = {normalise(row["form"]) for row in senses if variant_sense(row["form"], row["label"])}
        for row in load_table(table):
            if row["label"] in sensed:
                continue
            for form in [row["label"], *split_variants(row.get("variants", ""))]:
                if normalise(form) not in sensed_forms:
                    self.canonical[normalise(form)] = row["label"]
        self.longest = max(map(len, self.canonical), default=0)

    def match_at(self, text: str, i: int) -> str | None:
        """The longest term starting at ``text[i]`` (its written form)."""
        for n in range(min(self.longest, len(text) - i), 0, -1):
            if text[i:i + n] in self.canonical:
                return text[i:i + n]
        return None


@functools.lru_cache(maxsize=None)
def lexicon(table: str) -> Lexicon:
    return Lexicon(table)
