"""Noun phrases of the 經: lists of roles, places, the things an act handles.

Each reader takes the token list and a position and returns what it found and
the position after it, or ``None`` where there is no such phrase. Place
phrases are read in :mod:`kg.extract.places`, lists of roles in
:mod:`kg.extract.role_lists`, and the helpers that look at the token list are
in :mod:`kg.extract.tokens`; all are named here too, as the readers' one place
to import from.
"""
from __future__ import annotations

from kg.extract.places import (PlacePhrase, hand_before_act, named_place, read_place, split_facing,
                               thing_named_place, written_place)
from kg.extract.role_lists import read_roles
from kg.extract.tokens import at, direction_at, genitive, is_head, particle, past_pause, text_at
from kg.extract.vocab import Token, labels_of_class, things_of_class, vocabulary

__all__ = ["PlacePhrase", "at", "direction_at", "genitive", "hand_before_act", "is_head", "is_setting_down",
           "labels_of_class", "named_place", "particle", "past_pause", "read_place", "read_roles", "read_things", "split_facing",
           "text_at", "thing_named_place", "things_of_class", "written_place"]


STANDS = {"俎", "肵俎"}  # the meat stands, of the Food class (classes.tsv) but holding food as vessels do


def _vessel(tok: Token | None) -> bool:
    """A vessel of the tables (classes.tsv Vessel and below), not a role."""
    return tok is not None and tok.is_("object") and not tok.is_("role") \
        and tok.label("object") in things_of_class("Vessel")


def _list_goes_on(tokens: list[Token], k: int, last: bool = False) -> bool:
    """From k, more things and then 于/於 and a place: still a list. With
    ``last``, no more things is enough (奠纚笄櫛于筵南端: the comb is the last
    of three things set down, not an act)."""
    more = 0
    while (tok := at(tokens, k)) is not None and tok.is_("object") and not tok.is_("action") and not tok.is_("role"):
        more, k = more + 1, k + 1
    return (more > 0 or last) and particle(at(tokens, k), "preposition")


def _no_act_on(tokens: list[Token], k: int) -> bool:
    """The word at k is also an act, but one that takes no thing, and a thing
    follows it at once: in a list, it is a thing too (徹皮弁冠櫛筵入于房: the cap
    and the comb are cleared away; 冠 "to cap someone" takes no thing)."""
    tok, nxt = at(tokens, k), at(tokens, k + 1)
    return tok is not None and tok.is_("action") and "thing" not in vocabulary().flags(tok.label("action")) \
        and nxt is not None and nxt.is_("object") and not nxt.is_("role")


def is_setting_down(tok: Token | None) -> bool:
    """The word is an act of setting down (flag set-down: 奠)."""
    return tok is not None and tok.is_("action") and "set-down" in vocabulary().flags(tok.label("action"))


# A portion named whole, whose cuts the text then counts one by one
# (載右體，肩、臂、肫、骼、臑、正脊一…): the cuts are no further things of the act.
WHOLE_PORTIONS = {"體"}


def _cut(tok: Token | None) -> bool:
    return tok is not None and tok.is_("object") and not tok.is_("action") \
        and tok.label("object") in things_of_class("MeatCut")


def _counted_cut(tokens: list[Token], k: int) -> bool:
    """A number at k, a word the tables lack, then a thing of the victim
    (一切肺: one cut lung)."""
    tok = at(tokens, k + 2)
    return particle(at(tokens, k), "numeral") and at(tokens, k + 1) is not None and not tokens[k + 1].readings \
        and tok is not None and tok.is_("object") and not tok.is_("role") \
        and tok.label("object") in things_of_class("MeatCut") | things_of_class("Food")


def _past_cuts(tokens: list[Token], k: int) -> int:
    """After the cuts (and their counts) listed from k."""
    while _cut(at(tokens, k)) or particle(at(tokens, k), "numeral") \
            or (at(tokens, k) is not None and not at(tokens, k).readings and _cut(at(tokens, k + 1))):
        k += 1  # (橫脊: a modifier the tables lack, then the cut)
    return k


def _pronoun_ends(tokens: list[Token], k: int) -> bool:
    """之 at k stands for what was named, its clause ending after it (奠之, 洗之):
    not the genitive of a thing or place that follows."""
    tok, nxt = at(tokens, k), at(tokens, k + 1)
    return getattr(tok, "text", "") == "之" and (nxt is None or nxt.punct or (nxt.is_("action") and not nxt.is_("object")))


def _fronted_list_ends(tokens: list[Token], k: int) -> bool:
    """A list of things written before its act ends at k with that act, one
    that handles things (巾柶鬊蚤埋于坎: 蚤, the nail parings, is the last thing
    buried, not the act of trimming)."""
    tok = at(tokens, k)
    if tok is not None and tok.is_("object") and not tok.is_("action") and not tok.is_("role"):
        return _fronted_list_ends(tokens, k + 1) or _subject_of_act(tokens, k)  # 茵苞器序從: 苞 is listed
    return tok is not None and tok.is_("action") and not tok.is_("object") and not tok.is_("role") \
        and "thing" in vocabulary().flags(tok.label("action"))


def _subject_of_act(tokens: list[Token], k: int) -> bool:
    """The thing at k is followed at once by an act (not a thing too): it
    opens a clause of what is done with it (庭實設)."""
    # an adverb that reads so only before an act may stand between (茵苞器序從: they follow in order;
    # not 五魚橫載之, where 橫 "crosswise" is how the fish are laid by the one who loads them)
    n = k + 2 if vocabulary().particle_has(text_at(tokens, k + 1), "act-next") else k + 1
    nxt = at(tokens, n)
    return nxt is not None and nxt.is_("action") and not nxt.is_("object")


def _subject_of_next_word(tokens: list[Token], k: int) -> bool:
    """The thing at k is followed by a word the tables lack (or 繼, below) and
    之, the thing it acts on: the thing is that word's subject, a clause of its own (以馬出授人，
    九馬隨之: the nine horses follow); so too a thing counted before 繼之
    (particles.tsv flag follows-on: 屈六簋繼之, the six tureens come next), not
    one uncounted (陳衣繼之: the clothes are set out, next to the others)."""
    word, it = at(tokens, k + 1), at(tokens, k + 2)
    if word is None or getattr(it, "text", "") != "之":
        return False
    return word.unknown or (vocabulary().particle_has(word.text, "follows-on") and particle(at(tokens, k - 1), "numeral"))


def done_with(tokens: list[Token], k: int) -> bool:
    """A thing at k, then 用 and a thing: what a noun-act word before k is
    done to, and with what (冪奠用功布)."""
    tok, used = at(tokens, k), at(tokens, k + 2)
    return tok is not None and tok.is_("object") and not tok.is_("role") and text_at(tokens, k + 1) == "用" \
        and used is not None and used.is_("object")


def read_things(tokens: list[Token], k: int, of_act: bool = False, vessels_hold: bool = True) -> tuple[list[str], int]:
    """The things an act handles, right after it: 取弓, 說決拾, 挾一个,
    取豐上之觶 (the head after 之), 搢三 (a bare numeral names nothing)."""
    vocab = vocabulary()
    things: list[str] = []
    start = k
    joined = False  # the last word was 、/及/與: a word that is also an act is a thing here
    counted: list[str] = []  # vessels written with their number (二敦)
    opens = k == 0 or getattr(at(tokens, k - 1), "punct", False)  # the list opens its clause
    linked = False  # a 、/及/與 joined the list somewhere
    while True:
        tok = at(tokens, k)
        if tok is None:
            break
        if not things and tok.is_("role") and vocab.particle_has(text_at(tokens, k + 1), "relative"):
            n = k + 3 if at(tokens, k + 2) is not None and at(tokens, k + 2).is_("action") else k + 2
            if at(tokens, n) is not None and at(tokens, n).is_("object"):
                k = n  # 取大夫所媵觶: the cup the 大夫 presented
                continue
        nxt = at(tokens, k + 1)
        sets_down = is_setting_down(tok) and _vessel(nxt)
        if not things and sets_down and not nxt.is_("action"):
            k += 1  # 取奠觶: the cup that was set down (徹奠巾席: the offering, then the cloth and mat)
            continue
        # A word that is also an act (洗, 決) ends the list — unless the list an
        # act takes goes on after it to a place (摡豆籩…几洗篚于東堂下: the basin
        # is a thing; in 絰帶布席于室中, with no act before, 布 is "spread").
        # (祭脯醢奠爵于薦右: 奠 sets the cup down, it is no thing of the list)
        # (受爵奠于篚, 啟二尊之蓋冪奠于棜上: an act that sets down ends any list)
        last = len(things) > 1 and not is_setting_down(tok)
        listed = joined or (of_act and (_list_goes_on(tokens, k + 1, last) or _no_act_on(tokens, k)) and not sets_down) \
            or (not of_act and opens and _fronted_list_ends(tokens, k + 1))
        if not things and k == start and is_setting_down(tok) and particle(nxt, "preposition"):
            break  # 遂飲奠於豐上: he drinks, then sets the cup down on the stand (not "drinks the offering")
        if tok.is_("object") and tok.is_("action") and not joined and _pronoun_ends(tokens, k + 1) and (
                tok.label("object") in vocab.also_verb or "noun-act" in vocab.flags(tok.label("action"))):
            break  # 姑受奠之: she receives it and sets it down (not "receives the offering"); 鼏之: covers it
        if things and not linked and tok.is_("action") and "noun-act" in vocab.flags(tok.label("action")) \
                and (particle(nxt, "preposition") or done_with(tokens, k + 1)):
            # 車各從其馬駕于門外: they follow, then are yoked there (not 盤匜與簞巾于西階東, a list);
            # 脯醢醴酒冪奠用功布: the offering is covered with the cloth
            break
        if things and tok.is_("object") and particle(nxt, "state"):
            k += 1  # 皆加勺篚在其南: the basket is where it stands, no thing of 加 (nor an act: 醴在服北)
            break
        if tok.is_("object") and not (things and not listed and tok.label("object") in vocab.also_verb):
            joined_before, joined = joined, False
            if tok.is_("role") or (of_act and _subject_of_next_word(tokens, k)):
                break
            one = k > start and particle(at(tokens, k - 1), "numeral")  # 實一貝左中: one cowrie, a thing
            place = None if one else read_place(tokens, k, heads=("object",), need_direction=True)
            if place is not None:
                after = place[1]
                if genitive(at(tokens, after)):
                    things, k = [], after + 1  # 豐上之觶
                    continue
                break  # 奠爵 … 豐上: a place, not a thing
            if tok.label("object") in things_of_class("VesselPart") and things and k > start \
                    and getattr(at(tokens, k - 1), "readings", {}).get("object") == things[-1]:
                things.pop()  # 執匕枋: the handle of the spoon (GUIDELINES 5: the head noun)
            if tok.label("object") in things and (text_at(tokens, k - 1) == tok.text or not linked and any(
                    written.text == tok.text for written in tokens[start:k])):
                break  # 槃匜，匜實于槃中, 升魚腊膚魚用鮒: the thing written again opens a clause (not 脡脊、橫脊)
            if tok.label("object") not in things:  # 設扃鼏: each thing once
                things.append(tok.label("object"))
            k += 1
            nxt = at(tokens, k)
            if things[-1] in WHOLE_PORTIONS and _cut(nxt):
                return things, _past_cuts(tokens, k)  # 載右體肩臂肫…: the cuts say what the side is
            victims = things_of_class("Victim")
            lone = len(things) < 2 or things[-2] not in victims or joined_before
            whose = _whose_stand(tokens, k - 1, things)
            if whose:
                things = things[:-1 - whose] + things[-1:]  # 舉魚腊俎, 執魚腊膚俎: the stand for them
            elif things[-1] in victims and lone and (nxt is not None and nxt.is_("object") and not nxt.is_("role")
                                                     and nxt.label("object") not in victims or _counted_cut(tokens, k)):
                things.pop()  # 羊俎, 羊肉湆: the victim says whose; 牢一切肺: the lung, one cut of the victims
            elif len(things) > 1 and not joined_before and things[-2] in things_of_class("WashVessel") \
                    and things[-1] in things_of_class("Food"):
                things.pop()  # 匜水, 罍水: the water the vessel holds (GUIDELINES 5: the head noun)
            elif of_act and len(things) > 1 and not joined_before and _contents(tokens, k - 1, things):
                things.pop()  # 執一金敦黍, 兩籩棗栗, 兩豆菹醢: what the vessel holds (the head noun)
            elif len(things) > 1 and not joined_before and tokens[k - 1].text == "服" \
                    and things[-2] in things_of_class("Dress") \
                    and getattr(at(tokens, k - 2), "readings", {}).get("object") == things[-2]:
                del things[-2]  # 爵弁服, 皮弁服: the dress of that rank (GUIDELINES 5: the head noun)
            if genitive(nxt) and _thing_follows(tokens, k + 1):
                things, k = [], k + 1  # 中之八算
            elif particle(nxt, "join") and _thing_follows(tokens, k + 1):
                k += 1
                joined = linked = True
            continue
        if things and tok.is_("action") and not tok.is_("object") and "measure" in vocab.flags(tok.label("action")):
            k += 1  # 玄纁束馬兩: the bundle the silk comes in; the list goes on
            continue
        if things and vocab.particle_has(tok.text, "counts-each"):
            n = k + 1
            while particle(at(tokens, n), "numeral"):
                n += 1
            if n > k + 1 and getattr(at(tokens, n), "readings", {}).get("object") in things_of_class("Vessel"):
                k = n + 1  # 黍稷各二筐: two baskets of each, what they fill, no thing of the list
                continue
        if things and vocab.particle_has(tok.text, "existential") and at(tokens, k + 1) is not None \
                and at(tokens, k + 1).is_("object") and not at(tokens, k + 1).is_("role") \
                and at(tokens, k + 1).label("object") in things_of_class("Food"):
            k += 1  # 熬黍稷各二筐有魚腊: there are fish and dried meat too, the list goes on (一金敦黍有蓋: its lid)
            continue
        if particle(tok, "numeral"):
            nxt = at(tokens, k + 1)
            if things and of_act and nxt is not None and nxt.is_("object") and not nxt.is_("action") \
                    and _subject_of_act(tokens, k + 1):
                k += 1  # 祭醴三，庭實設: the count ends the act's things; the gifts are set out
                break
            if nxt is not None and nxt.is_("object") and nxt.label("object") in things_of_class("Vessel"):
                counted.append(nxt.label("object"))
            k += 1
            continue
        if vocab.particle_has(tok.text, "phrase"):
            nxt = at(tokens, k + 1)
            if not things and nxt is not None and nxt.is_("object") and not nxt.is_("role") \
                    and read_place(tokens, k + 1, heads=("object",), need_direction=True) is None:
                k += 1  # 辭其贄: the thing is written, 其 only says whose
                continue
            if not things and nxt is not None and nxt.is_("role") and genitive(at(tokens, k + 2)) \
                    and _thing_follows(tokens, k + 3):
                k += 3  # 奉其君之旂: the banner of his lord
                continue
            if acted_by_pronoun(tokens, k) or text_at(tokens, k + 1) == "實":
                return things, k  # 升豕，其載如羊: 其 opens the next act's clause; 其實: what the vessel holds
            return things, min(k + 2, len(tokens))  # 其餘: a pronoun names no thing
        if not things and not tok.readings and _thing_follows(tokens, k + 1, skip=1):
            k += 1  # a modifier the tables do not know (賢獲, 右獲)
            continue
        if not things and not tok.readings and text_at(tokens, k + 1) == "、" \
                and _thing_follows(tokens, k + 2):
            k += 2  # 薦韭、菹、醢: the plain text's pause inside 韭菹, a word the tables lack first
            continue
        if things and not tok.readings and _vessel(nxt) and nxt.label("object") not in vocab.also_verb:
            k += 1  # in a list, the next vessel's modifier (盆槃瓶廢敦重鬲: 廢敦, 重鬲)
            continue
        if not things and particle(tok, "direction") and _thing_follows(tokens, k + 1, skip=1):
            k += 1  # 左下綱
            continue
        if not things and tok.is_("action") and "qualifier" in vocab.flags(tok.label("action")) \
                and nxt is not None and nxt.is_("object") and not nxt.is_("role"):
            k += 1  # 設對醬: the facing sauce
            continue
        break
    if vessels_hold and counted and len(things) > len(counted):
        # 饌黍稷二敦, 饌兩豆菹醢: the counted vessels are what is set out, the
        # food named beside them is what they hold
        food = things_of_class("Food")
        things = [t for t in things if t not in food] or things
    return things, (k if things else start)


def _thing_follows(tokens: list[Token], k: int, skip: int = 0) -> bool:
    for offset in range(skip + 3):
        tok = at(tokens, k + offset)
        if tok is None:
            return False
        if tok.is_("object"):
            return True
        if not (particle(tok, "numeral", "direction") or not tok.readings):
            return False
    return False


def acted_by_pronoun(tokens: list[Token], k: int) -> bool:
    """其 at k says whose the act after it is, an act word that is no thing
    with 于 or 如 after it, and no act right before 其: the act is read
    (升豕，其載如羊; 勿沒，其載于肵: he loads it), not 其實 (the contents), nor
    what an act before it handles (加其奉於左皮上: what is held)."""
    act, then, before = at(tokens, k + 1), at(tokens, k + 2), at(tokens, k - 1)
    return act is not None and act.is_("action") and not act.is_("object") \
        and (particle(then, "preposition") or particle(then, "like")) \
        and not (before is not None and before.is_("action"))


def _contents(tokens: list[Token], k: int, things: list[str]) -> bool:
    """The food at k, the last of ``things``, is what the food vessel before
    it holds: written right after a counted vessel, or after other food it
    holds (一金敦黍, 兩籩棗栗, 兩豆菹醢), or the one food written after a vessel
    with no more things after it (執敦稷以授, 爾上敦黍于筵上); not a list of
    things offered (祭豆黍肺), a stand (豆籩俎), nor food that is also an act (薦, 奠)."""
    if not _contents_word(tokens[k]):
        return False
    n = k - 1
    while n >= 0 and _contents_word(tokens[n]) and tokens[n].label("object") in things:
        n -= 1  # (兩籩棗栗: 棗 too is what the 籩 hold)
    if not (n >= 0 and tokens[n].is_("object") and not tokens[n].is_("role")
            and tokens[n].label("object") in things_of_class("FoodVessel")):
        return False
    nxt = at(tokens, k + 1)
    alone = n == k - 1 and not (nxt is not None and nxt.is_("object") and not nxt.is_("role"))
    return particle(at(tokens, n - 1), "numeral") or alone


def _contents_word(tok: Token) -> bool:
    return tok.is_("object") and not tok.is_("action") and not tok.is_("role") \
        and tok.label("object") in things_of_class("Food") and tok.label("object") not in STANDS


def _whose_stand(tokens: list[Token], k: int, things: list[str]) -> int:
    """The thing at k is a stand (俎) or vessel with two or more victims or cuts
    written right before it, no pause or 及 between: how many of the list's last
    things only say what the stand holds (舉魚腊俎, 執魚腊膚俎 → 俎; GUIDELINES
    5: the head noun). A single victim before a vessel is read by the caller."""
    meat = things_of_class("Victim") | things_of_class("MeatCut")
    if not (_vessel(tokens[k]) or tokens[k].label("object") in STANDS):
        return 0
    n, whose = k - 1, 0
    while n >= 0 and tokens[n].is_("object") and not tokens[n].is_("role") \
            and tokens[n].label("object") in meat and len(things) - 2 - whose >= 0 \
            and things[len(things) - 2 - whose] == tokens[n].label("object"):
        whose, n = whose + 1, n - 1
    return whose if whose >= 2 else 0
