"""Section headings ``右…`` ("the above is …").

Editions close each section of the rite with a heading that starts with 右.
Some files glue the heading to the 經 that opens the next section with no
mark between them (``右前射三日戒宰視滌量道張侯樂人宿縣于阼階東…``). The 經
that follows a heading opens with its acting subject, so the heading is taken
to end just before a role name (mappings/roles.tsv) that

- stands at least two and at most ``MAX_HEADING`` characters after 右,
- is not joined to what precedes (及, 與, 之, 為, 以, 、, another role), and
- is followed by an act (mappings/actions.tsv), an adverb that opens one, or
  a preposition (自, 由, 于, 於) that opens its place phrase.

Of these candidates the first one not preceded by a verb wins (in
``…戒宰視滌量道張侯樂人宿縣`` 宰 is what 戒 governs, 樂人 the subject); where
every candidate follows a verb (``…酬賓遂旅酬主人洗觚``), the last one does
that opens an act itself with at least three characters of 經 after it (a
role between a verb and 于 is that verb's object; ``右主人受公酢`` is all
heading).

The rule is a heuristic; tests/test_readers.py measures it on the headings
of seed 000.
"""
from __future__ import annotations

from kg.text.lexicon import lexicon
from kg.text.normalise import normalise

ADVERBS = set("遂乃又皆先猶亦復反既則各俱少乘")
PREPOSITIONS = set("自由于於")
LINKS = set("及與之為以、，,")
# Headings in the editions run to a dozen characters; a role further on
# belongs to the 經.
MAX_HEADING = 20


def heading_length(text: str) -> int:
    """How many characters of ``text`` (which starts with 右) are heading."""
    norm = normalise(text)
    roles, actions = lexicon("roles"), lexicon("actions")
    after_verb: list[int] = []
    for i in range(3, min(len(norm), MAX_HEADING + 1)):
        role = roles.match_at(norm, i)
        if role is None or norm[i - 1] in LINKS or roles.match_at(norm, i - 1):
            continue
        after = i + len(role)
        if after >= len(norm):
            continue
        opens_act = norm[after] in ADVERBS or actions.match_at(norm, after)
        # 士及旅食賓降: 食 ends the role 旅食 here, it is no verb governing 賓
        if not actions.match_at(norm, i - 1) or _role_ends_at(roles, norm, i):
            if opens_act or norm[after] in PREPOSITIONS:
                return i
        elif opens_act and len(norm) - after >= 3:  # not 獻卿于西階上, nor 受公酢
            after_verb.append(i)
    return after_verb[-1] if after_verb else len(text)


def _role_ends_at(roles, norm: str, i: int) -> bool:
    for j in range(max(0, i - roles.longest), i):
        found = roles.match_at(norm, j)
        if found and j + len(found) == i:
            return True
    return False


NOT_BEFORE_HEADING = set("左之於于少還")


def trailing_heading(text: str, start: int, end: int) -> int:
    """Offset of a heading that ends the 經 run ``text[start:end]``, or -1.

    A 右 there is a direction, not a heading, where it is joined to what
    precedes (左右, 之右, 於右, 少右, 還右, 賓右).
    """
    norm = normalise(text[start:end])
    roles = lexicon("roles")
    for i in range(len(norm) - 1, 0, -1):
        if norm[i] != "右" or norm[i - 1] in NOT_BEFORE_HEADING:
            continue
        if any(norm[max(0, i - n):i] in roles.canonical for n in range(1, roles.longest + 1)):
            continue
        if heading_length(norm[i:]) <= MAX_HEADING:
            return start + i
        break
    return -1
