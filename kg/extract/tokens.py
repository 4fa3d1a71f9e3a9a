"""Cut a 經 passage into the words of the term tables.

The passage's normalised text is matched longest-first against every table in
``mappings/`` (roles, objects, places, facings, actions, grammar words). A
written form that several tables know (洗 the basin and 洗 "to wash", 及 the
join and 及 "to reach") keeps all its readings; the parser chooses.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

from kg.extract.senses import read_with_senses, sensed_terms, senses_in
from kg.mappings import load_table, split_variants
from kg.text.normalise import normalise

# Kinds of word, in the order that breaks a tie between readings of the same length.
KINDS = ("facing", "role", "place", "object", "action", "particle")
SENTENCE_END = set("。；！？;!?")
OPEN_QUOTE = set("“「『")
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


TOKENIZED_KEPT = 4096  # passages whose words are kept (a chapter's, in three editions)


def tokenize(norm: str, chapter: int | None = None) -> list[Token]:
    """The words of a normalised passage, left to right, longest match
    first: a new list each call, of tokens no reader changes. In
    ``chapter``, a word with a sense of the rite's (senses.tsv) is read as that."""
    vocab = vocabulary()
    known = vocab.tokenized.get(norm)
    if known is None:
        known = vocab.tokenized[norm] = tuple(_tokenize(norm, vocab))
        if len(vocab.tokenized) > TOKENIZED_KEPT:
            del vocab.tokenized[next(iter(vocab.tokenized))]  # the oldest
    senses = senses_in(chapter)
    return read_with_senses(list(known), senses) if senses else list(known)


def _tokenize(norm: str, vocab: Vocabulary) -> list[Token]:
    tokens: list[Token] = []
    i = 0
    while i < len(norm):
        char = norm[i]
        if char in "、":
            tokens.append(Token(i, i + 1, char, {"particle": "join"}))
            i += 1
            continue
        if not ("\u3400" <= char <= "\u9fff" or char >= "\U00020000" or char == "〓"):
            tokens.append(Token(i, i + 1, char, {"punct": char}))
            i += 1
            continue
        done = _thing_done_before(norm, i)
        if done:
            tokens.append(Token(i, i + done, norm[i:i + done], {}))  # 取先設者: what was set, no act, no one
            i += done
            continue
        n, readings = vocab.match_at(norm, i)
        if "role" in readings and n > 1 and vocab.particle_has(norm[i], "surface") and len(tokens) > 1 \
                and (tokens[-1].is_("place") or tokens[-1].is_("object")) and tokens[-2].readings.get("particle") == "preposition" \
                and "role" in vocab.match_at(norm, i + 1)[1]:
            n, readings = 1, vocab.forms.get(norm[i], {})  # 獻大夫于西階上大夫升: the top of the stair, then the 大夫
        # 卒受者 "the last to receive" though 卒 alone is a particle (卒洗: when the washing is done)
        nouny = not ({"role", "object", "particle", "place"} & set(readings)) \
            or vocab.particle_has(norm[i:i + n], "noun-start") \
            or ("action" in readings and readings.get("object") in vocab.also_verb
                and vocab.match_at(norm, i + n)[1].get("particle") != "direction")
        # (not 中庭弔者: the place, then the one; 奠者 though 奠 is also the offering, not 立于洗南者: a place)
        agentive = agentive_noun(norm, i) if nouny else None
        if agentive and tokens and _ends_a_verb_phrase(tokens[-1], vocab) and _only_acts(norm[i:i + agentive - 1]) \
                and not any(t.readings.get("role") == norm[i:i + agentive] for t in tokens):
            agentive = None  # 升拜受者三人: 者 takes the acts before it too (命赴者: a command to him; 沃執巾者)
            # (but 勞者禮辭賓揖先入勞者從之: the 勞者 already named in the passage)
        if agentive and agentive >= 4 and _after_one_named_by_deed(tokens, norm, i, agentive):
            agentive = None  # 知死者贈知生者賻: the act of the one just named, then 知生者
        if agentive and agentive > n and not _role_inside(norm, i, agentive):
            n, readings = agentive, {"role": norm[i:i + agentive]}
        form = norm[i:i + n]
        if "role" in readings and _after_relative(norm, i, "所"):
            n, readings = vocab.match_at(norm, i, roles=False)  # 所卦者: what is used, not who
            form = norm[i:i + n]
        elif form in vocab.subject_only and not _stands_as_subject(norm, i + n):
            n, readings = vocab.match_at(norm, i, roles=False)
            form = norm[i:i + n]
        tokens.append(Token(i, i + n, form, dict(readings), form in vocab.subject_only))
        i += n
    for n, tok in enumerate(tokens):  # 序進: in order; 主人序東: east of the side wall
        if "particle" in tok.readings and len(tok.readings) > 1 and vocab.particle_has(tok.text, "act-next") \
                and not (n + 1 < len(tokens) and tokens[n + 1].is_("action")):
            del tok.readings["particle"]
        elif "particle" in tok.readings and len(tok.readings) > 1 and vocab.particle_has(tok.text, "after-dress"):
            before = tokens[n - 1] if n else None  # 褖衣次: next in order; 適次: the tent
            if before is not None and before.is_("object") and before.label("object") in things_of_class("Dress"):
                tok.readings = {"particle": tok.readings["particle"]}
            else:
                del tok.readings["particle"]
    return tokens


# A noun phrase in 者 before an act names a participant the tables may not
# know (冠者, 卦者, 執冠者 "the one who holds the cap"); not after 所 (所卦者
# is a thing) and not in a definition (…者也).
NOT_AGENTIVE_START = set("所凡其是此若則不之而以也")


def _after_one_named_by_deed(tokens: list[Token], norm: str, i: int, n: int) -> bool:
    """An act, then a participant X者, right after another X者 (知死者贈知生者),
    where the whole word of n characters at i is not one named before (not
    有執膳爵者有執散爵者執膳爵者酌)."""
    return bool(tokens) and tokens[-1].text.endswith("者") and tokens[-1].is_("role") and _an_act(norm[i]) \
        and agentive_noun(norm, i + 1) == n - 1 and not any(t.readings.get("role") == norm[i:i + n] for t in tokens)


def _thing_done_before(norm: str, i: int) -> int | None:
    """Length of 設者 at i in 取先設者: an act, an adverb, then an act in 者
    names the things done to first (the dishes set out first), not a person."""
    if i < 2 or not _an_act(norm[i - 2]) or not _adverb(norm[i - 1]):
        return None
    return 2 if norm[i + 1:i + 2] == "者" and _only_acts(norm[i]) else None  # (not 先入勞者: 先入, then 勞者)


def _after_relative(norm: str, i: int, words: str) -> bool:
    """One of ``words`` (所, 之) stands right before i, not 其所 "its place"
    (反奠于其所舉觶者降: then the one who lifted the cup)."""
    return i > 0 and norm[i - 1] in words and norm[max(0, i - 2):i] != "其所"


def agentive_noun(norm: str, i: int) -> int | None:
    """Length of a participant word X者 (2–4 characters) starting at i, if any."""
    if _after_relative(norm, i, "所之"):
        return None
    if norm[i] in NOT_AGENTIVE_START:
        return None
    for n in range(2, 5):
        end = i + n
        if end > len(norm):
            return None
        chunk = norm[i:end]
        if not all("\u3400" <= c <= "\u9fff" for c in chunk):
            return None
        if chunk[-1] == "者":
            if "者" in chunk[:-1] or any(c in chunk for c in "之曰也") or (end < len(norm) and norm[end] in "也乎矣"):
                return None
            if _only_acts(chunk[:-1]) and _words(chunk[:-1]) > 1:
                return None  # 升拜受者三人: those who go up and 拜受, acts, not a role name (弔者 is one)
            if _words(chunk[:-1]) >= 2 and _all_acts(chunk[:-1]) and _moves(chunk[-2]):
                return None  # 序進盥退者與進者交: acts (盥 is also the water), then 退者 (受酬者 is one)
            if n >= 4 and _an_act(chunk[0]) and (_only_acts(chunk[1]) or vocabulary().particle_has(chunk[1], "noun-start")) \
                    and agentive_noun(norm, i + 1) == n - 1:
                return None  # 淳沃執巾者: the act 沃, then the one who holds the towel (奠執燭者: 奠 too;
                # 不祭卒受者: 祭, then 卒受者, the last to receive)
            if n >= 4 and _an_act(chunk[0]) and _a_thing(chunk[1]) and _an_act(chunk[2:-1]) \
                    and agentive_noun(norm, i + 2) == n - 2:
                return None  # 寫卦筮者: an act and its thing (writes the hexagram), then the 筮者 (not 執散爵者)
            if n >= 4 and vocabulary().particle_has(chunk[0], "noun-start") and _an_act(chunk[1]) \
                    and _only_acts(chunk[2:-1]) and agentive_noun(norm, i + 2) == n - 2:
                return None  # 卒奠埽者: when the offering is done (a time clause), the sweeper
            if n >= 3 and i > 0 and vocabulary().particle_has(norm[i - 1], "noun-start") and _an_act(chunk[0]) \
                    and _only_acts(chunk[1:-1]) and agentive_noun(norm, i + 1) == n - 1:
                return None  # (奠埽者 after 卒: the act the time clause names, then the sweeper)
            if _only_acts(chunk[-2]) and _only_thing(chunk[-3] if n >= 3 else ""):
                return None  # 徹帷襚者, 帷襚者: an act done to a thing, then the one who V (襚者)
            if n == 4 and _an_act(chunk[0]) and _adverb(chunk[1]) and _only_acts(chunk[2]):
                return None  # 取先設者: takes what was set out first (things), no one named 取先設者
            if n == 3 and i > 0 and norm[i - 1] == "不" and _an_act(chunk[0]):
                return None  # 祭服不倒，美者在中: the act not done, then the fine ones (not 不勝者, a role)
            return n
    return None


def _adverb(text: str) -> bool:
    return vocabulary().match_at(text, 0)[1].get("particle") == "adverb"


def _every_word(text: str, test) -> bool:
    """``text`` cut into words of the tables, each word's readings passing ``test``."""
    vocab, i = vocabulary(), 0
    while i < len(text):
        n, readings = vocab.match_at(text, i)
        if not test(readings):
            return False
        i += n
    return True


def _only_acts(text: str) -> bool:
    """``text`` is a run of words that are acts and nothing else (升拜受),
    unlike 執冠 (冠 is also the cap), 卦 (unknown) or 侍射 (侍 is an act
    only before a 于 phrase: flag place-only; 侍射者 is one participant)."""
    flags = vocabulary().flags
    return _every_word(text, lambda readings: set(readings) == {"action"}
                       and "place-only" not in flags(readings["action"]))


def _an_act(text: str) -> bool:
    """``text`` is one word that is an act, perhaps also a thing (沃, 奠)."""
    n, readings = vocabulary().match_at(text, 0)
    return n == len(text) and "action" in readings


def _all_acts(text: str) -> bool:
    """Every word of ``text`` can be an act, though some are also things (進盥退)."""
    return _every_word(text, lambda readings: "action" in readings)


def _moves(text: str) -> bool:
    """``text`` is one word, an act of moving and nothing else (退, 進)."""
    vocab = vocabulary()
    n, readings = vocab.match_at(text, 0)
    return n == len(text) and set(readings) == {"action"} and vocab.action_class.get(readings["action"]) == "Movement"


def _a_thing(text: str) -> bool:
    """``text`` is one word that is a thing, perhaps an act too (卦: the
    hexagram, and drawing it)."""
    n, readings = vocabulary().match_at(text, 0)
    return n == len(text) and "object" in readings


def _only_thing(text: str) -> bool:
    """``text`` is one word that is a thing and nothing else (帷, not 冠 or 爵弁)."""
    if not text:
        return False
    n, readings = vocabulary().match_at(text, 0)
    return n == len(text) and set(readings) == {"object"}


def _ends_a_verb_phrase(tok: Token, vocab: Vocabulary) -> bool:
    """An act right before X者 that takes no person or thing: X者 goes on its phrase."""
    return tok.is_("action") and not ({"role", "object", "particle"} & set(tok.readings)) \
        and not vocab.flags(tok.label("action")) & {"person", "person?", "command", "content", "thing"}


def _words(text: str) -> int:
    """How many words of the tables ``text`` is cut into."""
    vocab, i, n = vocabulary(), 0, 0
    while i < len(text):
        i += vocab.match_at(text, i)[0]
        n += 1
    return n


def _role_inside(norm: str, i: int, n: int) -> bool:
    """A known role starts inside norm[i:i+n] (命獲者 is 命 + 獲者)."""
    vocab = vocabulary()
    return any("role" in vocab.match_at(norm, m)[1] for m in range(i + 1, i + n))


def _stands_as_subject(norm: str, after: int) -> bool:
    """A subject-only role variant must be followed by an act or 皆/亦/乃."""
    if after >= len(norm):
        return False
    n, readings = vocabulary().match_at(norm, after)
    return "action" in readings or readings.get("particle") in ("adverb", "negation")


# --- looking at the token list ------------------------------------------------------

def particle(tok: Token | None, *kinds: str) -> bool:
    return tok is not None and tok.readings.get("particle") in kinds


def at(tokens: list[Token], k: int) -> Token | None:
    return tokens[k] if 0 <= k < len(tokens) else None


def text_at(tokens: list[Token], k: int) -> str:
    """The written word at k, or "" past either end of the passage."""
    return tokens[k].text if 0 <= k < len(tokens) else ""


def is_head(tok: Token | None) -> bool:
    """A word that can head a place: a place, a thing or a role."""
    return tok is not None and any(tok.is_(kind) for kind in ("place", "object", "role"))


def genitive(tok: Token | None) -> bool:
    """之 between two nouns (particles.tsv flag genitive)."""
    return tok is not None and vocabulary().particle_has(tok.text, "genitive")


def direction_at(tokens: list[Token], k: int) -> bool:
    return particle(at(tokens, k), "direction")


def things_of_class(root: str) -> frozenset[str]:
    """The objects (objects.tsv) whose class is ``root`` or descends from it (classes.tsv)."""
    return labels_of_class("objects", root)


@functools.lru_cache(maxsize=None)
def object_classes() -> dict[str, str]:
    """Each object's class (objects.tsv)."""
    from kg.mappings import load_table

    return {row["label"]: row["class"] for row in load_table("objects")}


@functools.lru_cache(maxsize=None)
def labels_of_class(table: str, root: str) -> frozenset[str]:
    """The terms of ``table`` whose class is ``root`` or descends from it (classes.tsv)."""
    from kg.mappings import load_table

    parents = {row["key"]: row["parent"] for row in load_table("classes")}

    def under(cls: str | None, depth: int = 0) -> bool:
        return cls == root or (cls is not None and depth < 20 and under(parents.get(cls), depth + 1))

    return frozenset(row["label"] for row in load_table(table) if under(row["class"]))
