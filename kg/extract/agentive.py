"""Participants written X者 that the tables need not list (冠者, 執冠者 "the
one who holds the cap"), told apart from acts and things that end in 者
(升拜受者: those who go up and receive, acts; 取先設者: what was set out first)."""
from __future__ import annotations

from kg.extract.vocab import Token, Vocabulary, vocabulary

# A noun phrase in 者 before an act names a participant the tables may not
# know (冠者, 卦者, 執冠者 "the one who holds the cap"); not after 所 (所卦者
# is a thing) and not in a definition (…者也).
NOT_AGENTIVE_START = set("所凡其是此若則不之而以也美")  # (衣美者在外: the finer of the clothes, no one)


def after_one_named_by_deed(tokens: list[Token], norm: str, i: int, n: int) -> bool:
    """An act, then a participant X者, right after another X者 (知死者贈知生者),
    where the whole word of n characters at i is not one named before (not
    有執膳爵者有執散爵者執膳爵者酌)."""
    return bool(tokens) and tokens[-1].text.endswith("者") and tokens[-1].is_("role") and _an_act(norm[i]) \
        and agentive_noun(norm, i + 1) == n - 1 and not any(t.readings.get("role") == norm[i:i + n] for t in tokens)


def thing_done_before(norm: str, i: int) -> int | None:
    """Length of 設者 at i in 取先設者: an act that takes things, an adverb,
    then an act in 者 names the things done to first (the dishes set out
    first), not a person; not a role of the tables (主人獻徧擯者乃升: the 擯者)
    nor after an act of going (先入勞者: 先入, then the 勞者)."""
    vocab = vocabulary()
    taking = vocab.match_at(norm, i - 2)[1].get("action") if i >= 2 else None
    if taking is None or "thing" not in vocab.flags(taking) or not _adverb(norm[i - 1]):
        return None
    if norm[i + 1:i + 2] != "者" or not only_acts(norm[i]) or "role" in vocab.forms.get(norm[i:i + 2], {}):
        return None
    return 2


def after_relative(norm: str, i: int, words: str) -> bool:
    """One of ``words`` (所, 之) stands right before i, not 其所 "its place"
    (反奠于其所舉觶者降: then the one who lifted the cup)."""
    return i > 0 and norm[i - 1] in words and norm[max(0, i - 2):i] != "其所"


def agentive_noun(norm: str, i: int) -> int | None:
    """Length of a participant word X者 (2–4 characters) starting at i, if any."""
    if after_relative(norm, i, "所之"):
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
            if only_acts(chunk[:-1]) and _words(chunk[:-1]) > 1:
                return None  # 升拜受者三人: those who go up and 拜受, acts, not a role name (弔者 is one)
            if _words(chunk[:-1]) >= 2 and _all_acts(chunk[:-1]) and _moves(chunk[-2]):
                return None  # 序進盥退者與進者交: acts (盥 is also the water), then 退者 (受酬者 is one)
            if n >= 4 and _an_act(chunk[0]) and (only_acts(chunk[1]) or vocabulary().particle_has(chunk[1], "noun-start")) \
                    and agentive_noun(norm, i + 1) == n - 1:
                return None  # 淳沃執巾者: the act 沃, then the one who holds the towel (奠執燭者: 奠 too;
                # 不祭卒受者: 祭, then 卒受者, the last to receive)
            if n >= 3 and _an_act(chunk[0]) and "mourners" in vocabulary().flags(chunk[0]) \
                    and agentive_noun(norm, i + 1) == n - 1:
                return None  # 婦人踊奠者由重南東: the women leap, then the one who offered goes (no 踊奠者)
            if n >= 4 and _an_act(chunk[0]) and _a_thing(chunk[1]) and _an_act(chunk[2:-1]) \
                    and agentive_noun(norm, i + 2) == n - 2:
                return None  # 寫卦筮者: an act and its thing (writes the hexagram), then the 筮者 (not 執散爵者)
            if n >= 4 and vocabulary().particle_has(chunk[0], "noun-start") and _an_act(chunk[1]) \
                    and only_acts(chunk[2:-1]) and agentive_noun(norm, i + 2) == n - 2:
                return None  # 卒奠埽者: when the offering is done (a time clause), the sweeper
            if n >= 3 and i > 0 and vocabulary().particle_has(norm[i - 1], "noun-start") and _an_act(chunk[0]) \
                    and only_acts(chunk[1:-1]) and agentive_noun(norm, i + 1) == n - 1:
                return None  # (奠埽者 after 卒: the act the time clause names, then the sweeper)
            if only_acts(chunk[-2]) and _only_thing(chunk[-3] if n >= 3 else ""):
                return None  # 徹帷襚者, 帷襚者: an act done to a thing, then the one who V (襚者)
            if n == 4 and thing_done_before(norm, i + 2) == 2:
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


def only_acts(text: str) -> bool:
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


def ends_a_verb_phrase(tok: Token, vocab: Vocabulary) -> bool:
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


def role_inside(norm: str, i: int, n: int) -> bool:
    """A known role starts inside norm[i:i+n] (命獲者 is 命 + 獲者)."""
    vocab = vocabulary()
    return any("role" in vocab.match_at(norm, m)[1] for m in range(i + 1, i + n))


def stands_as_subject(norm: str, after: int) -> bool:
    """A subject-only role variant must be followed by an act or 皆/亦/乃."""
    if after >= len(norm):
        return False
    n, readings = vocabulary().match_at(norm, after)
    return "action" in readings or readings.get("particle") in ("adverb", "negation")
