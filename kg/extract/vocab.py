"""The words of the term tables: every written form of ``mappings/`` with its
readings (roles, objects, places, facings, actions, grammar words), looked
up longest-first, and the classes of things and places (classes.tsv)."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

from kg.extract.senses import sensed_terms, sensed_variants
from kg.mappings import load_table, split_variants
from kg.text.normalise import normalise

# Kinds of word, in the order that breaks a tie between readings of the same length.
KINDS = ("facing", "role", "place", "object", "action", "particle")
SENTENCE_END = set("。；！？;!?")
OPEN_QUOTE = set("“「『")
EACH_OR_ALL = ("皆", "各")  # after things, before what is done to each of them (新盆…皆濯, 車各從其馬)
CLOSE_QUOTE = set("”」』")


@dataclass
class Token:
    i: int  # position in the passage's normalised text
    j: int
    text: str  # normalised written form
    readings: dict[str, str] = field(default_factory=dict)  # kind -> canonical label (or particle kind)
    subject_only: bool = False  # a role variant that is a role only as a subject (~負侯)

    def is_(self, kind: str, value: str | None = None) -> bool:
        if kind not in self.readings:
            return False
        return value is None or self.readings[kind] == value

    def label(self, kind: str) -> str:
        return self.readings[kind]

    @property
    def punct(self) -> bool:
        return "punct" in self.readings

    @property
    def unknown(self) -> bool:
        """A character of the text the tables lack (not 〓, the mark of one lost)."""
        return not self.readings and self.text != "〓"


# The lord of a state, by his two names: no one commands him, and he sends others from afar.
THE_LORD = {"君", "公"}

# Someone the text does not name, written 人 (GUIDELINES 3: as written): those counted (二人還重:
# rule counted-people), the one handed to (授人: recipient-after-act); carried into no later passage.
SOMEONE = "人"


@dataclass
class Vocabulary:
    """Every table's forms, normalised, with their canonical labels."""

    forms: dict[str, dict[str, str]]  # written form -> {kind: label}
    subject_only: set[str]
    action_grammar: dict[str, set[str]]  # action label -> grammar flags
    action_class: dict[str, str]
    qualifiers: set[str]  # role labels that only narrow a role before them
    also_verb: set[str]  # object labels that are also acts (洗, 決)
    principals: set[str]  # role labels of class Host: the parties whose acts span the rite's stages
    # the longest form that starts with each character: most start no form
    # longer than two, so a match tries two lengths, not the longest table word's
    longest_from: dict[str, int]
    particle_flags: dict[str, set[str]] = field(default_factory=dict)  # grammar word -> flags (particles.tsv)
    # passages tokenized lately (tokenize): a passage is read several times
    # (its opening, its words, the parser), so is a sentence that several
    # editions share; the words depend on the text and the tables alone
    tokenized: dict[str, tuple["Token", ...]] = field(default_factory=dict, repr=False)

    def match_at(self, text: str, i: int, roles: bool = True) -> tuple[int, dict[str, str]]:
        if i >= len(text):
            return 1, {}
        for n in range(min(self.longest_from.get(text[i], 1), len(text) - i), 0, -1):
            readings = self.forms.get(text[i:i + n])
            if readings and not roles and set(readings) == {"role"}:
                continue
            if readings:
                if not roles:
                    readings = {k: v for k, v in readings.items() if k != "role"}
                return n, readings
        return 1, {}

    def flags(self, action: str) -> set[str]:
        return self.action_grammar.get(action, set())

    @functools.cached_property
    def longest_role(self) -> int:
        """Characters in the longest written form of a role (主婦贊者: 4)."""
        return max((len(form) for form, readings in self.forms.items() if "role" in readings), default=0)

    def role_ends_at(self, text: str, end: int) -> bool:
        """A written form of a role of the tables ends right before ``end`` in
        ``text`` (a look at the characters before a note is read word by word)."""
        return any("role" in self.forms.get(text[max(0, end - n):end], {}) for n in range(1, self.longest_role + 1))

    def role_begins(self, text: str) -> bool:
        """``text`` opens with a written form of a role of the tables."""
        return any("role" in self.forms.get(text[:n], {}) for n in range(1, self.longest_role + 1))

    def particle_has(self, form: str, flag: str) -> bool:
        """The grammar word ``form`` has ``flag`` in particles.tsv."""
        return flag in self.particle_flags.get(form, ())

    def particle_value(self, form: str, key: str) -> str | None:
        """The value of a ``key=value`` flag of a grammar word (遂: act-after=決)."""
        for flag in self.particle_flags.get(form, ()):
            if flag.startswith(key + "="):
                return flag[len(key) + 1:]
        return None


def _add(forms: dict, form: str, kind: str, label: str) -> None:
    forms.setdefault(normalise(form), {}).setdefault(kind, label)


@functools.lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    forms: dict[str, dict[str, str]] = {}
    subject_only: set[str] = set()
    sensed = sensed_terms()  # read only in their chapters (tokenize)
    sensed_forms = sensed_variants()
    for kind, table in (("role", "roles"), ("object", "objects"), ("place", "places"),
                        ("facing", "facings"), ("action", "actions")):
        for row in load_table(table):
            if kind == "action" and "side" in row["grammar"].split():
                continue  # 東 "go east": named by a rule only, never read as a word (flag side)
            if (kind, row["label"]) in sensed:
                continue
            _add(forms, row["label"], kind, row["label"])
            for variant in split_variants(row.get("variants", "")):
                if variant.startswith("~"):
                    variant = variant[1:]
                    subject_only.add(normalise(variant))
                if (kind, normalise(variant)) not in sensed_forms:
                    _add(forms, variant, kind, row["label"])
    particle_flags: dict[str, set[str]] = {}
    for row in load_table("particles"):
        _add(forms, row["word"], "particle", row["kind"])
        if row.get("flags"):
            particle_flags[normalise(row["word"])] = set(row["flags"].split())
    grammar = {row["label"]: set(row["grammar"].split()) for row in load_table("actions")}
    qualifiers = {row["label"] for row in load_table("roles") if row["qualifier"] == "yes"}
    also_verb = {row["label"] for row in load_table("objects") if row["also_verb"] == "yes"}
    principals = {row["label"] for row in load_table("roles") if row["class"] == "Host"}
    # Order each form's readings by KINDS so that the first is the default.
    ordered = {f: {k: r[k] for k in KINDS if k in r} for f, r in forms.items()}
    classes = {row["label"]: row["class"] for row in load_table("actions")}
    longest_from: dict[str, int] = {}
    for form in forms:
        longest_from[form[0]] = max(len(form), longest_from.get(form[0], 0))
    return Vocabulary(ordered, subject_only, grammar, classes, qualifiers, also_verb, principals,
                      longest_from, particle_flags)


def things_of_class(root: str) -> frozenset[str]:
    """The objects (objects.tsv) whose class is ``root`` or descends from it (classes.tsv)."""
    return labels_of_class("objects", root)


@functools.lru_cache(maxsize=None)
def object_classes() -> dict[str, str]:
    """Each object's class (objects.tsv)."""
    return {row["label"]: row["class"] for row in load_table("objects")}


@functools.lru_cache(maxsize=None)
def labels_of_class(table: str, root: str) -> frozenset[str]:
    """The terms of ``table`` whose class is ``root`` or descends from it (classes.tsv)."""
    parents = {row["key"]: row["parent"] for row in load_table("classes")}

    def under(cls: str | None, depth: int = 0) -> bool:
        return cls == root or (cls is not None and depth < 20 and under(parents.get(cls), depth + 1))

    return frozenset(row["label"] for row in load_table(table) if under(row["class"]))
