"""Noun phrases of the 經: lists of roles, places, the things an act handles.

Each reader takes the token list and a position and returns what it found and
the position after it, or ``None`` where there is no such phrase.
"""
from __future__ import annotations

import functools

from dataclasses import dataclass

from kg.extract.tokens import Token, vocabulary


def particle(tok: Token | None, *kinds: str) -> bool:
    return tok is not None and tok.readings.get("particle") in kinds


def at(tokens: list[Token], k: int) -> Token | None:
    return tokens[k] if 0 <= k < len(tokens) else None


def is_head(tok: Token | None) -> bool:
    """A word that can head a place: a place, a thing or a role."""
    return tok is not None and any(tok.is_(kind) for kind in ("place", "object", "role"))


def genitive(tok: Token | None) -> bool:
    """之 between two nouns (particles.tsv flag genitive)."""
    return tok is not None and vocabulary().particle_has(tok.text, "genitive")


def direction_at(tokens: list[Token], k: int) -> bool:
    return particle(at(tokens, k), "direction")


@dataclass
class PlacePhrase:
    label: str
    head_kind: str  # place, object or role
    head: str  # canonical label of the head word
    relative: bool  # a direction was added to the head (三耦南)


def read_roles(tokens: list[Token], k: int) -> tuple[list[str], int]:
    """A list of roles (卿大夫, 賓、主人、大夫, 三耦及衆賓勝者, 勝者之弟子)."""
    vocab = vocabulary()
    roles: list[str] = []
    before = at(tokens, k - 1) if k > 0 else None
    opens = before is None or before.punct or not before.is_("action")  # the list is no act's recipients
    while (tok := at(tokens, k)) is not None and tok.is_("role"):
        label = tok.label("role")
        if not (roles and label in vocab.qualifiers):
            roles.append(label)
        k += 1
        while particle(at(tokens, k), "numeral"):  # 下大夫二人, 笙一人
            k += 1
        nxt = at(tokens, k)
        if particle(nxt, "join") and _role_continues(tokens, k + 1, roles):
            k += 1
        elif genitive(nxt) and at(tokens, k + 1) is not None and at(tokens, k + 1).is_("role"):
            roles = []  # 勝者之弟子: the role after 之 is the one meant
            k += 1
        elif not _role_continues(tokens, k, roles, opens):
            break
    return roles, k


def _role_continues(tokens: list[Token], k: int, roles: list[str], opens: bool = False) -> bool:
    """The role at k belongs to the same list: not a repeat of the last
    (納賓賓入: the second 賓 starts a clause), not a topic before 則, not
    the head of a place (主人介右北面拜送爵)."""
    tok = at(tokens, k)
    if tok is None or not tok.is_("role"):
        return False
    if roles and tok.label("role") == roles[-1]:
        return False
    if direction_at(tokens, k + 1):
        return False
    place = read_place(tokens, k + 1, heads=("place",))
    if place is not None:
        n = place[1]
        while at(tokens, n) is not None and at(tokens, n).is_("facing"):
            n += 1
        if at(tokens, n) is not None and at(tokens, n).is_("action"):
            return False  # 赴于君主人西階東南面命赴者: the 主人, at his place, gives the order
    # 獻工大師則為之洗: the 大師 is a topic; 士大夫則奠摯: a list that opens the clause is the topic whole
    return not particle(at(tokens, k + 1), "topic") or (opens and at(tokens, k - 1) is not None
                                                        and at(tokens, k - 1).is_("role"))


def read_place(tokens: list[Token], k: int, heads: tuple[str, ...] = ("place", "object", "role"),
               need_direction: bool = False) -> tuple[PlacePhrase, int] | None:
    """A place phrase: a head word and the directions after it
    (西階上, 三耦之南, 門內霤, 豐上); 之 and spaces are dropped from the label."""
    between = _between(tokens, k, heads)
    if between is not None:
        return between
    head = at(tokens, k)
    start = k
    lead = ""
    if particle(head, "direction") and at(tokens, k + 1) is not None and at(tokens, k + 1).is_("place"):
        lead, k, head = head.text, k + 1, at(tokens, k + 1)  # 外門, 北堂 written apart
    elif particle(head, "direction") and "object" in heads and at(tokens, k + 1) is not None \
            and at(tokens, k + 1).is_("object") \
            and (not direction_at(tokens, k + 2) or _on_or_under(at(tokens, k + 2))):
        # 載于南俎: the southern stand, a stand (GUIDELINES 5: the head noun); 加于左皮上: on
        # the left skin (not 適左個中: the target's arm, no arrow)
        k, head = k + 1, at(tokens, k + 1)
    owner = _victim_of_vessel(tokens, k) if "object" in heads else None
    if owner is not None:
        lead, k = owner
        head = tokens[k]  # 羊俎西, 羊湆俎南: the victim (and its part) say whose vessel
    kind = next((h for h in heads if head is not None and head.is_(h)), None)
    if kind is None:
        return None
    if kind == "object" and head.label(kind) in things_of_class("Dress") \
            and not (particle(at(tokens, start - 1), "preposition") or particle(at(tokens, start - 1), "state")):
        return None  # 主人冠端玄: what he wears (冠, 玄端), not a place by the cap
    label = lead + head.label(kind)
    k += 1
    directions = ""
    facing = at(tokens, k)
    if kind == "place" and facing is not None and facing.is_("facing") and len(facing.text) == 3 \
            and (facing.text[0] == label[0] or particle(at(tokens, start - 1), "preposition")
                 or getattr(at(tokens, start - 1), "readings", {}).get("role") is not None):
        # 東楹東北面, 于門東北面, 主人阼階東南面辭洗 (where the subject stands): the place's
        # direction, then the facing (東楹東 + 北面; the punctuated text writes 阼階東，南面);
        # 降階東北面 faces north-east
        split_facing(tokens, k)
    if genitive(at(tokens, k)):
        split_facing(tokens, k + 1)
        after = at(tokens, k + 1)
        if after is not None and after.is_("place") and not after.is_("role") and kind != "place":
            return PlacePhrase(label + after.label("place"), kind, label, True), k + 2  # 賓之席前
        if direction_at(tokens, k + 1):
            k += 1  # 阼階之東: the first word after 之 is a direction even before 南面
            directions += tokens[k].text
            k += 1
    while direction_at(tokens, k) and not set(tokens[k].text) & set(directions) & CARDINAL \
            and not (kind != "place" and _goes_down_to_bow(tokens, k)):
        directions += tokens[k].text  # 阼階東南, but 東南南北以堂深: the second 南 begins other words
        k += 1
    if directions and genitive(at(tokens, k)) and direction_at(tokens, k + 1):
        directions += tokens[k + 1].text  # 廟門外之右: 廟門外右
        k += 2
    if directions and at(tokens, k) is not None and at(tokens, k).is_("place") and not at(tokens, k).is_("role"):
        directions += tokens[k].label("place")  # 門內霤
        k += 1
        if direction_at(tokens, k) and _on_or_under(tokens[k]) and not direction_at(tokens, k + 1):
            directions += tokens[k].text  # 室中北墉下: below the north wall of the room
            k += 1
    elif directions and _thing_with_side(tokens, k):
        directions += tokens[k].label("object") + tokens[k + 1].text  # 几東席上: east of the armrest, on the mat
        k += 2
    cut = at(tokens, k)
    if kind == "object" and directions and head.label(kind) in things_of_class("Victim") and cut is not None \
            and cut.is_("object") and cut.label("object") in things_of_class("MeatCut"):
        return None  # 羊左臑: the sheep's left shoulder, a joint, no place
    if need_direction and not directions:
        return None
    if owner is not None and not directions:
        label = head.label(kind)  # 加于羊俎: the stand itself (GUIDELINES 5: the head noun)
    if kind == "object" and hand_before_act(tokens, k, directions) \
            and not particle(at(tokens, start - 1), "preposition"):
        return None  # 左執觶右祭脯醢: 右 is the right hand, not a place by the 觶
    head_label = head.label(kind) if owner is not None else label  # 羊俎西 is named from the 俎
    return PlacePhrase(label + directions, kind, head_label, bool(directions)), k


CARDINAL = set("東西南北")


def thing_named_place(tokens: list[Token], k: int) -> tuple[PlacePhrase, int] | None:
    """于舍門之外: a thing written right before a gate names it (the gate of
    the lodging), all of it the place (GUIDELINES 6)."""
    thing, nxt = at(tokens, k), at(tokens, k + 1)
    if thing is None or nxt is None or not thing.is_("object") or thing.is_("role") \
            or not nxt.is_("place") or nxt.is_("role") or nxt.is_("object") \
            or nxt.label("place") not in labels_of_class("places", "GatePlace"):
        return None  # (奠于篚階西: the basket, then where he stands)
    found = read_place(tokens, k + 1, heads=("place",))
    if found is None:
        return None
    phrase, after = found
    return PlacePhrase(thing.label("object") + phrase.label, "place", phrase.head, True), after


def written_place(tokens: list[Token], k: int) -> tuple[PlacePhrase, int] | None:
    """遷于祖, 受于手間: after a preposition, one word the tables do not know
    (and the directions after it) is the place, as written (GUIDELINES 6);
    not where a word it may qualify follows (見於鄉大夫: a person)."""
    first = at(tokens, k)
    if first is None or first.readings or first.text == "〓":
        return None
    n, label = k + 1, first.text
    while (tok := at(tokens, n)) is not None and (particle(tok, "direction", "between") or genitive(tok)):
        label += "" if genitive(tok) else tok.text
        n += 1
    nxt = at(tokens, n)
    if nxt is not None and not nxt.punct and (not nxt.readings or nxt.is_("role") or nxt.is_("object")):
        return None  # (於鄉大夫: it says which 大夫)
    return PlacePhrase(label, "place", label, True), n


def named_place(tokens: list[Token], k: int) -> tuple[PlacePhrase, int] | None:
    """于殯門外, 于祖廟門外: a place of the tables with a name the tables
    lack written before it (at most two words), all of it the place
    (GUIDELINES 6: the written phrase)."""
    n = k
    while n < k + 2 and at(tokens, n) is not None and not tokens[n].readings and tokens[n].text != "〓":
        n += 1  # (not 〓, the mark of a lost character; anything else unread is a character of the text)
    if n == k or at(tokens, n) is None or not tokens[n].is_("place") or tokens[n].is_("role"):
        return None
    found = read_place(tokens, n, heads=("place",))
    if found is None:
        return None
    phrase, after = found
    written = "".join(tok.text for tok in tokens[k:n])
    return PlacePhrase(written + phrase.label, "place", phrase.head, True), after


def _thing_with_side(tokens: list[Token], k: int) -> bool:
    """A thing and one direction word at k, then no more direction: the
    second half of a place named from two things (几東席上, 尸東牀上)."""
    thing, side = at(tokens, k), at(tokens, k + 1)
    vocab = vocabulary()
    noun = thing is not None and thing.is_("object") and not thing.is_("role") \
        and thing.label("object") not in things_of_class("MeatCut") and (  # (羊左肩左肫: joints, no place)
        not thing.is_("action") or thing.label("object") in vocab.also_verb
        or "noun-act" in vocab.flags(thing.label("action")))  # 席上: the mat, though 席 is also "spread"
    return noun and side is not None and particle(side, "direction") and len(side.text) == 1 \
        and not direction_at(tokens, k + 2)


def _victim_of_vessel(tokens: list[Token], k: int) -> tuple[str, int] | None:
    """A victim (and at most one word for what of it: 羊湆俎) written before
    the vessel or stand it is in (not before another victim or a joint): the
    written words before the vessel and the vessel's position."""
    tok = at(tokens, k)
    if tok is None or tok.is_("role") or not tok.is_("object") or tok.label("object") not in things_of_class("Victim"):
        return None

    def holder(n: int) -> bool:
        tok = at(tokens, n)
        return tok is not None and not tok.is_("role") and tok.is_("object") \
            and tok.label("object") not in things_of_class("Victim") | things_of_class("MeatCut")

    n = k + 1
    part = at(tokens, n)
    if part is not None and holder(n + 1) and (not part.readings or (
            part.is_("object") and not part.is_("role") and part.label("object") in things_of_class("Food"))):
        n += 1  # 羊湆俎: the broth of the sheep, in its stand
    return ("".join(t.text for t in tokens[k:n]), n) if holder(n) else None


def _goes_down_to_bow(tokens: list[Token], k: int) -> bool:
    """賓下拜, 酌膳觶下拜: 下 before a bow is "go down" (GUIDELINES 2: 下拜 →
    下, 拜), no direction of the role or thing before (坐奠于篚下盥 is below the
    basket; 阼階下拜 bows at the foot of the steps)."""
    nxt = at(tokens, k + 1)
    return tokens[k].is_("action") and nxt is not None and nxt.is_("action") \
        and vocabulary().action_class.get(nxt.label("action")) == "Salutation"


def hand_before_act(tokens: list[Token], k: int, directions: str) -> bool:
    """``directions`` (左, 右) name a hand: an act follows at k (右兼執韇)."""
    act = k + 1 if particle(at(tokens, k), "adverb") else k
    return vocabulary().particle_has(directions, "hand") and at(tokens, act) is not None \
        and at(tokens, act).is_("action")


def _between(tokens: list[Token], k: int, heads: tuple[str, ...]) -> tuple[PlacePhrase, int] | None:
    """X Y (之)間, 兩X(之)間: the place between two things (房戶之間 → 房戶間,
    兩階之間 → 階間, as 兩楹間 → 楹間: GUIDELINES 6)."""
    def head_at(n: int) -> tuple[str, str] | None:
        tok = at(tokens, n)
        if tok is None or tok.is_("role"):
            return None
        kind = next((h for h in heads if h != "role" and tok.is_(h)), None)
        return (kind, tok.label(kind)) if kind else None

    first = at(tokens, k)
    pair = particle(first, "numeral") and vocabulary().particle_has(first.text, "pair")
    one, two = (head_at(k + 1), None) if pair else (head_at(k), head_at(k + 1))
    if one is None or (two is None and not pair) or (two is not None and two[1] in one[1]):
        return None  # (降自西階階間北面坐: 西階, then 階間, between the two stairs)
    kind, label, m = one[0], one[1], k + 2
    if genitive(at(tokens, m)):
        m += 1
    end = at(tokens, m)
    if end is None or not vocabulary().particle_has(end.text, "between"):
        return None
    other = two[1] if two is not None else ""
    # named from the first of the two things (relativeTo it); the other is in the label
    return PlacePhrase(label + other + "間", kind, label, True), m + 1


def split_facing(tokens: list[Token], k: int) -> None:
    """Cut a three-character facing (東南面) into a direction and a facing
    (東 + 南面) where a place's direction must come first."""
    tok = at(tokens, k)
    if tok is None or not tok.is_("facing") or len(tok.text) != 3:
        return
    vocab = vocabulary()
    first, rest = tok.text[:1], tok.text[1:]
    tokens[k:k + 1] = [Token(tok.i, tok.i + 1, first, {"particle": "direction"}),
                       Token(tok.i + 1, tok.j, rest, dict(vocab.forms.get(rest, {})))]


def _on_or_under(tok: Token | None) -> bool:
    """上 or 下 (particles.tsv flag surface): on or under the thing before it."""
    return tok is not None and vocabulary().particle_has(tok.text, "surface")


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


def _fronted_list_ends(tokens: list[Token], k: int) -> bool:
    """A list of things written before its act ends at k with that act, one
    that handles things (巾柶鬊蚤埋于坎: 蚤, the nail parings, is the last thing
    buried, not the act of trimming)."""
    tok = at(tokens, k)
    return tok is not None and tok.is_("action") and not tok.is_("object") and not tok.is_("role") \
        and "thing" in vocabulary().flags(tok.label("action"))


def read_things(tokens: list[Token], k: int, of_act: bool = False, vessels_hold: bool = True) -> tuple[list[str], int]:
    """The things an act handles, right after it: 取弓, 說決拾, 挾一个,
    取豐上之觶 (the head after 之), 搢三 (a bare numeral names nothing)."""
    vocab = vocabulary()
    things: list[str] = []
    start = k
    joined = False  # the last word was 、/及/與: a word that is also an act is a thing here
    counted: list[str] = []  # vessels written with their number (二敦)
    opens = k == 0 or getattr(at(tokens, k - 1), "punct", False)  # the list opens its clause
    while True:
        tok = at(tokens, k)
        if tok is None:
            break
        if not things and tok.is_("role") and vocab.particle_has(getattr(at(tokens, k + 1), "text", ""), "relative"):
            n = k + 3 if at(tokens, k + 2) is not None and at(tokens, k + 2).is_("action") else k + 2
            if at(tokens, n) is not None and at(tokens, n).is_("object"):
                k = n  # 取大夫所媵觶: the cup the 大夫 presented
                continue
        nxt = at(tokens, k + 1)
        sets_down = tok.is_("action") and "set-down" in vocab.flags(tok.label("action")) and _vessel(nxt)
        if not things and sets_down and not nxt.is_("action"):
            k += 1  # 取奠觶: the cup that was set down (徹奠巾席: the offering, then the cloth and mat)
            continue
        # A word that is also an act (洗, 決) ends the list — unless the list an
        # act takes goes on after it to a place (摡豆籩…几洗篚于東堂下: the basin
        # is a thing; in 絰帶布席于室中, with no act before, 布 is "spread").
        # (祭脯醢奠爵于薦右: 奠 sets the cup down, it is no thing of the list)
        # (受爵奠于篚, 啟二尊之蓋冪奠于棜上: an act that sets down ends any list)
        last = len(things) > 1 and not (tok.is_("action") and "set-down" in vocab.flags(tok.label("action")))
        listed = joined or (of_act and _list_goes_on(tokens, k + 1, last) and not sets_down) \
            or (not of_act and opens and _fronted_list_ends(tokens, k + 1))
        if tok.is_("object") and not (things and not listed and tok.label("object") in vocab.also_verb):
            joined_before, joined = joined, False
            if tok.is_("role"):
                break
            place = read_place(tokens, k, heads=("object",), need_direction=True)
            if place is not None:
                after = place[1]
                if genitive(at(tokens, after)):
                    things, k = [], after + 1  # 豐上之觶
                    continue
                break  # 奠爵 … 豐上: a place, not a thing
            if tok.label("object") in things_of_class("VesselPart") and things and k > start \
                    and getattr(at(tokens, k - 1), "readings", {}).get("object") == things[-1]:
                things.pop()  # 執匕枋: the handle of the spoon (GUIDELINES 5: the head noun)
            if tok.label("object") not in things:  # 設扃鼏: each thing once
                things.append(tok.label("object"))
            k += 1
            nxt = at(tokens, k)
            victims = things_of_class("Victim")
            lone = len(things) < 2 or things[-2] not in victims or joined_before
            if things[-1] in victims and lone and nxt is not None and nxt.is_("object") \
                    and not nxt.is_("role") and nxt.label("object") not in victims:
                things.pop()  # 羊俎, 羊肉湆: the victim says whose; 舉魚腊俎 stays a list
            elif len(things) > 1 and not joined_before and things[-2] in things_of_class("WashVessel") \
                    and things[-1] in things_of_class("Food"):
                things.pop()  # 匜水, 罍水: the water the vessel holds (GUIDELINES 5: the head noun)
            if genitive(nxt) and _thing_follows(tokens, k + 1):
                things, k = [], k + 1  # 中之八算
            elif particle(nxt, "join") and _thing_follows(tokens, k + 1):
                k += 1
                joined = True
            continue
        if particle(tok, "numeral"):
            nxt = at(tokens, k + 1)
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
            return things, min(k + 2, len(tokens))  # 其餘: a pronoun names no thing
        if not things and not tok.readings and _thing_follows(tokens, k + 1, skip=1):
            k += 1  # a modifier the tables do not know (賢獲, 右獲)
            continue
        if not things and not tok.readings and getattr(at(tokens, k + 1), "text", "") == "、" \
                and _thing_follows(tokens, k + 2):
            k += 2  # 薦韭、菹、醢: the plain text's pause inside 韭菹, a word the tables lack first
            continue
        if things and not tok.readings and _vessel(nxt) and nxt.label("object") not in vocab.also_verb:
            k += 1  # in a list, the next vessel's modifier (盆槃瓶廢敦重鬲: 廢敦, 重鬲)
            continue
        if not things and particle(tok, "direction") and _thing_follows(tokens, k + 1, skip=1):
            k += 1  # 左下綱
            continue
        break
    if vessels_hold and counted and len(things) > len(counted):
        # 饌黍稷二敦, 饌兩豆菹醢: the counted vessels are what is set out, the
        # food named beside them is what they hold
        food = things_of_class("Food")
        things = [t for t in things if t not in food] or things
    return things, (k if things else start)


def things_of_class(root: str) -> frozenset[str]:
    """The objects (objects.tsv) whose class is ``root`` or descends from it (classes.tsv)."""
    return labels_of_class("objects", root)


@functools.lru_cache(maxsize=None)
def labels_of_class(table: str, root: str) -> frozenset[str]:
    """The terms of ``table`` whose class is ``root`` or descends from it (classes.tsv)."""
    from kg.mappings import load_table

    parents = {row["key"]: row["parent"] for row in load_table("classes")}

    def under(cls: str | None, depth: int = 0) -> bool:
        return cls == root or (cls is not None and depth < 20 and under(parents.get(cls), depth + 1))

    return frozenset(row["label"] for row in load_table(table) if under(row["class"]))


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
