"""Cut a 經 passage into the words of the term tables.

The passage's normalised text is matched longest-first against every table in
``mappings/`` (roles, objects, places, facings, actions, grammar words). A
written form that several tables know (洗 the basin and 洗 "to wash", 及 the
join and 及 "to reach") keeps all its readings; the parser chooses.
"""
from __future__ import annotations

from kg.extract.agentive import (after_one_named_by_deed, after_relative, agentive_noun, ends_a_verb_phrase,
                                 only_acts, role_inside, stands_as_subject, thing_done_before)
from kg.extract.senses import read_with_senses, senses_in
from kg.extract.vocab import Token, Vocabulary, things_of_class, vocabulary

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


def is_text_char(char: str) -> bool:
    """A character of the text: a Chinese character or 〓, the mark of a lost
    one; anything else (punctuation, marks) is no word."""
    return "\u3400" <= char <= "\u9fff" or char >= "\U00020000" or char == "〓"


def _tokenize(norm: str, vocab: Vocabulary) -> list[Token]:
    tokens: list[Token] = []
    i = 0
    while i < len(norm):
        char = norm[i]
        if char in "、":
            tokens.append(Token(i, i + 1, char, {"particle": "join"}))
            i += 1
            continue
        if not is_text_char(char):
            tokens.append(Token(i, i + 1, char, {"punct": char}))
            i += 1
            continue
        done = thing_done_before(norm, i)
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
        if agentive and tokens and ends_a_verb_phrase(tokens[-1], vocab) and only_acts(norm[i:i + agentive - 1]) \
                and not any(t.readings.get("role") == norm[i:i + agentive] for t in tokens):
            agentive = None  # 升拜受者三人: 者 takes the acts before it too (命赴者: a command to him; 沃執巾者)
            # (but 勞者禮辭賓揖先入勞者從之: the 勞者 already named in the passage)
        if agentive and agentive >= 4 and after_one_named_by_deed(tokens, norm, i, agentive):
            agentive = None  # 知死者贈知生者賻: the act of the one just named, then 知生者
        if agentive and agentive > n and not role_inside(norm, i, agentive):
            n, readings = agentive, {"role": norm[i:i + agentive]}
        form = norm[i:i + n]
        if "role" in readings and after_relative(norm, i, "所"):
            n, readings = vocab.match_at(norm, i, roles=False)  # 所卦者: what is used, not who
            form = norm[i:i + n]
        elif form in vocab.subject_only and not stands_as_subject(norm, i + n):
            n, readings = vocab.match_at(norm, i, roles=False)
            form = norm[i:i + n]
        elif "place" not in readings and tokens and vocab.particle_has(tokens[-1].text, "forward"):
            n, readings = place_after_way(norm, i, n, readings, vocab)  # 馬出自道車各從其馬: by the road; the carriages
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
        elif "particle" in tok.readings and len(tok.readings) > 1 and vocab.particle_has(tok.text, "after-negation"):
            if after_negation(tokens, n, vocab):  # 不用, 不必盡用: the act, not used
                del tok.readings["particle"]
            else:  # 用X V, 冪用絺布: the instrument word only
                tok.readings = {"particle": tok.readings["particle"]}
        elif tok.is_("action") and "negated-only" in vocab.flags(tok.label("action")) \
                and not after_negation(tokens, n, vocab):
            del tok.readings["action"]  # 與君言: speaking of it, no act (尸不言: he says nothing)
    return tokens


def place_after_way(norm: str, i: int, n: int, readings: dict, vocab: Vocabulary) -> tuple[int, dict]:
    """After 自/由 (the way or the source: particles.tsv forward) a word that
    is no place but begins with one, the rest a word of its own, is read as
    that place and the word after it (自道車各從其馬: 自道, then 車, not the
    carriage 道車)."""
    for length in range(n - 1, 0, -1):
        head = vocab.forms.get(norm[i:i + length], {})
        if "place" in head and vocab.match_at(norm, i + length)[0] == n - length:
            return length, head
    return n, readings


def after_negation(tokens: list[Token], n: int, vocab: Vocabulary) -> bool:
    """Token n follows a negation, past adverbs and an act word that is one
    only before its goal (不必盡用: 盡 "all")."""
    n -= 1
    while n >= 0 and (tokens[n].readings.get("particle") == "adverb"
                      or (tokens[n].is_("action") and "goal-only" in vocab.flags(tokens[n].label("action")))):
        n -= 1
    return n >= 0 and tokens[n].readings.get("particle") == "negation"


# --- looking at the token list ------------------------------------------------------

def particle(tok: Token | None, *kinds: str) -> bool:
    return tok is not None and tok.readings.get("particle") in kinds


def at(tokens: list[Token], k: int) -> Token | None:
    return tokens[k] if 0 <= k < len(tokens) else None


def past_pause(tokens: list[Token], k: int, step: int = 1) -> int:
    """k, or the next position ``step`` away where k is a punctuation mark:
    the word on the far side of a pause (侑俎：羊左肩, 讓，升)."""
    return k + step if getattr(at(tokens, k), "punct", False) else k


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
