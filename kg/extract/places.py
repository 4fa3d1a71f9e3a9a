"""Place phrases of the 經: a head word (a place, a thing or a role) and
the directions after it (西階上, 三耦之南, 門內霤, 豐上), places named from
two things (几東席上), a name the tables lack before a known place
(殯門外), one word after a preposition (遷于祖). Each reader takes the
token list and a position and returns the phrase and the position after
it, or ``None``."""
from __future__ import annotations

from dataclasses import dataclass

from kg.extract.tokens import at, direction_at, genitive, particle, past_pause, text_at
from kg.extract.vocab import Token, labels_of_class, things_of_class, vocabulary


@dataclass
class PlacePhrase:
    label: str
    head_kind: str  # place, object or role
    head: str  # canonical label of the head word
    relative: bool  # a direction was added to the head (三耦南)


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
    ends = at(tokens, k + 1)
    if getattr(head, "text", "") == "兩" and particle(at(tokens, k - 1), "preposition") \
            and particle(ends, "direction") and not set(ends.text) & (CARDINAL | RANKS) \
            and not any(at(tokens, k + 2) is not None and at(tokens, k + 2).is_(h) for h in heads):
        # 載兩髀于兩端: the two ends (of the stand; GUIDELINES 6, 兩 dropped as in 兩楹間); not what is
        # held (奉兩端以進) nor the two lower diners (進二豆湆于兩下)
        return PlacePhrase(ends.text, "place", ends.text, False), k + 2
    if particle(head, "direction") and particle(at(tokens, k + 1), "direction") and at(tokens, k + 2) is not None \
            and at(tokens, k + 2).is_("place") and set(head.text + tokens[k + 1].text) <= CARDINAL:
        lead, k, head = head.text + tokens[k + 1].text, k + 2, at(tokens, k + 2)  # 設于西北隅: the north-west corner
    elif particle(head, "direction") and at(tokens, k + 1) is not None and at(tokens, k + 1).is_("place"):
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
            and (facing.text[0] == label[0] or not _acted_on(tokens, start)):
        # 東楹東北面, 于門東北面, 主人阼階東南面辭洗, 如初儀西階東北面哭 (where one stands): the
        # place's direction, then the facing (東楹東 + 北面; the punctuated text writes 阼階東，南面);
        # 降階東北面 faces north-east: the steps are what the act goes down
        split_facing(tokens, k)
    if genitive(at(tokens, k)):
        split_facing(tokens, k + 1)
        after = at(tokens, k + 1)
        if after is not None and after.is_("place") and not after.is_("role") and kind != "place":
            return PlacePhrase(label + after.label("place"), kind, label, True), k + 2  # 賓之席前
        if kind == "role" and after is not None and after.is_("object") and not after.is_("role") \
                and direction_at(tokens, k + 2):
            return _side_of_owned(tokens, label, after, k + 2)  # 主人之席北, 獲者之尊西北
        if direction_at(tokens, k + 1):
            k += 1  # 阼階之東: the first word after 之 is a direction even before 南面
            directions += tokens[k].text
            k += 1
    owned_side = k + 2 if genitive(at(tokens, k + 1)) else k + 1
    if kind == "role" and not directions and particle(at(tokens, start - 1), "preposition") \
            and at(tokens, k) is not None and at(tokens, k).is_("object") \
            and not at(tokens, k).is_("role") and direction_at(tokens, owned_side):
        return _side_of_owned(tokens, label, tokens[k], owned_side)  # 於賓席之東, 于主人席北
    while direction_at(tokens, k) and not set(tokens[k].text) & set(directions) & CARDINAL \
            and not (directions in ("南", "北") and tokens[k].text in ("東", "西")) \
            and not (direction_at(tokens, k + 1) and OPPOSITE.get(tokens[k + 1].text) == tokens[k].text) \
            and not (kind != "place" and _goes_down_to_bow(tokens, k)) and not _hand_of(tokens, k) \
            and not _layers(tokens, k):
        directions += tokens[k].text  # 阼階東南, but 東南南北以堂深: the second 南 begins other words,
        # and east or west after south or north is where one goes next (由重南東: passes south of it, east)
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
    if kind == "object" and directions and head.text != head.label(kind) and len(head.text) > 1:
        # 設于韭菹之南: a side of a thing is the written phrase (GUIDELINES 6), 韭菹南; a character
        # written otherwise is standardised (設之于湇西 → 湆西: the term's own form)
        label = lead + head.text
    return PlacePhrase(label + directions, kind, head_label, bool(directions)), k


def _layers(tokens: list[Token], k: int) -> bool:
    """下 X 上 Y at k (布席于戶內，下莞上簟: the rush mat below, the bamboo mat
    above): how the mats are laid, no side of the place before it."""
    layer = {"下": "上", "上": "下"}.get(text_at(tokens, k))
    return layer is not None and at(tokens, k + 1) is not None and not direction_at(tokens, k + 1) \
        and text_at(tokens, k + 2) == layer


CARDINAL = set("東西南北")
RANKS = set("上下")  # (兩下: the two lower diners, people)
# a direction and its opposite written together measure a span (東榮南北以堂深: from
# south to north, the depth of the hall), they are no side of the place
OPPOSITE = {"南": "北", "北": "南", "東": "西", "西": "東"}


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


def place_after_preposition(tokens: list[Token], k: int) -> tuple[PlacePhrase, int] | None:
    """The place phrase at k, right after 于/於: a thing naming a gate, a
    place of the tables, a name the tables lack before one, or a word they
    lack alone."""
    return thing_named_place(tokens, k) or read_place(tokens, k) or named_place(tokens, k) \
        or written_place(tokens, k)


def written_place(tokens: list[Token], k: int, only_place: bool = False) -> tuple[PlacePhrase, int] | None:
    """遷于祖, 受于手間: after a preposition, one word the tables do not know
    (and the directions after it) is the place, as written (GUIDELINES 6);
    not where a word it may qualify follows (見於鄉大夫: a person; 受諸檷廟), nor
    a thing unless nothing but a place can stand there (``only_place``: after
    諸, 扱諸面之右盥).
    So is an act that names where its things lie (奠于陳: display_place)."""
    first = at(tokens, k)
    display = display_place(tokens, k)
    if display is not None:
        return display
    if first is None or first.readings or first.text == "〓":
        return None
    n, label = k + 1, first.text
    while (tok := at(tokens, n)) is not None and (particle(tok, "direction", "between") or genitive(tok)):
        label += "" if genitive(tok) else tok.text
        n += 1
    nxt = at(tokens, n)
    qualified = nxt is not None and (nxt.is_("place") if only_place else nxt.is_("object"))
    if nxt is not None and not nxt.punct and (not nxt.readings or nxt.is_("role") or qualified):
        return None  # (於鄉大夫: it says which 大夫)
    return PlacePhrase(label, "place", label, True), n


# acts of going that always name where (即位, 即席, 就器): an act word after them, last in
# its clause, is where (即陳); not 入 nor 至, which stand alone (有司入陳: they enter, set out)
GOING_TO_A_PLACE = ("即", "就")


def display_place(tokens: list[Token], k: int) -> tuple[PlacePhrase, int] | None:
    """奠于陳, 即陳: an act that also names where its things lie (flag
    names-place), last in its clause after 于 or a verb of going, is that
    place, as written."""
    word = at(tokens, k)
    if word is None or set(word.readings) != {"action"} or "names-place" not in vocabulary().flags(word.label("action")) \
            or not (at(tokens, k + 1) is None or tokens[k + 1].punct):
        return None
    return PlacePhrase(word.text, "place", word.text, True), k + 1


def named_place(tokens: list[Token], k: int) -> tuple[PlacePhrase, int] | None:
    """于殯門外, 于祖廟門外: a place of the tables with a name the tables
    lack written before it (at most two words), all of it the place
    (GUIDELINES 6: the written phrase); so too a thing and its side (于初籩之南)."""
    n = k
    while n < k + 2 and at(tokens, n) is not None and not tokens[n].readings and tokens[n].text != "〓":
        n += 1  # (not 〓, the mark of a lost character; anything else unread is a character of the text)
    if n == k or at(tokens, n) is None or tokens[n].is_("role"):
        return None
    if tokens[n].is_("place"):
        found = read_place(tokens, n, heads=("place",))
    elif tokens[n].is_("object"):  # 設于初籩之南: the first dish, by which side
        found = read_place(tokens, n, heads=("object",), need_direction=True)
    else:
        return None
    if found is None:
        return None
    phrase, after = found
    written = "".join(tok.text for tok in tokens[k:n])
    return PlacePhrase(written + phrase.label, phrase.head_kind, phrase.head, True), after


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


def _side_of_owned(tokens: list[Token], role: str, thing: Token, n: int) -> tuple[PlacePhrase, int]:
    """A role's thing and the sides (at most two directions) written from n:
    the place by it (主人之席北, 獲者之尊西北, 於賓席之東)."""
    sides = ""
    while direction_at(tokens, n) and len(sides) < 2:
        sides += tokens[n].text
        n += 1
    return PlacePhrase(role + thing.label("object") + sides, "role", role, True), n


def _hand_of(tokens: list[Token], k: int) -> bool:
    """The direction at k is the hand of an act that needs one (flag
    hand-only: 簪裳于衣左何之 — the skirt on the robe, carried on the left) or
    takes something up (flag holds: 立于物間右執簫)."""
    nxt = at(tokens, k + 1)
    return vocabulary().particle_has(tokens[k].text, "hand") and nxt is not None and nxt.is_("action") \
        and bool(vocabulary().flags(nxt.label("action")) & {"hand-only", "holds"})  # 立于物間右執簫: holds in the right


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


def _acted_on(tokens: list[Token], start: int) -> bool:
    """The word before the place at ``start`` (past a pause: 侯氏降階，東北面) is
    an act or a thing: the place is the act's goal or lies by the thing, not
    where someone stands."""
    before = at(tokens, start - 1)
    if before is not None and before.punct:
        before = at(tokens, start - 2)
    return before is not None and (before.is_("action") or before.is_("object"))


def among_correspondences(tokens: list[Token], k: int, end: int) -> bool:
    """The bare place at k..end is a quarter (東方, 南方…) in a list of the
    quarters, each followed by what belongs there (方明…設六色，東方青，南方赤，
    西方白…; 南方璋，西方琥): a word with no particle, role or act reading, then
    another quarter, right after it or right before it (a pause between or
    not). No act's place."""
    def belongs(n: int) -> bool:
        tok = at(tokens, n)
        return tok is not None and not tok.punct and not set(tok.readings) - {"object"}

    def quarter(n: int) -> bool:
        tok = at(tokens, n)
        return tok is not None and tok.is_("place") and len(tok.text) == 2 and tok.text[0] in CARDINAL \
            and tok.text[1] == "方"

    if not (end == k + 1 and quarter(k)):
        return False
    word = past_pause(tokens, k - 1, -1)
    return (belongs(end) and quarter(past_pause(tokens, end + 1))) or (belongs(word) and quarter(word - 1))
