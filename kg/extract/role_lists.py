"""Lists of roles in the 經 (卿大夫, 賓、主人、大夫, 三耦及衆賓勝者, 勝者之弟子): the
reader of :mod:`kg.extract.phrases`, which names it for the other readers."""
from __future__ import annotations

from kg.extract.places import read_place
from kg.extract.tokens import at, direction_at, genitive, particle
from kg.extract.vocab import Token, vocabulary


def read_roles(tokens: list[Token], k: int) -> tuple[list[str], int]:
    """A list of roles (卿大夫, 賓、主人、大夫, 三耦及衆賓勝者, 勝者之弟子)."""
    vocab = vocabulary()
    roles: list[str] = []
    before = at(tokens, k - 1) if k > 0 else None
    opens = before is None or before.punct or not before.is_("action")  # the list is no act's recipients
    while (tok := at(tokens, k)) is not None and tok.is_("role"):
        label = tok.label("role")
        # a subject's X者 says which of them (賓賵者將命); not after 與 (退者與進者: two parties), nor
        # among those an act is directed at (饗婦送者: the bride's escorts, not the bride)
        deed = opens and not particle(at(tokens, k - 1), "join") and _names_a_deed(tok)
        if roles and label in ("上" + roles[-1], "下" + roles[-1]):
            roles[-1] = label  # 佐食上利: the 佐食 who is the 上利, one man, the 上佐食
        elif not (roles and (label in vocab.qualifiers or deed)):
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


def _names_a_deed(tok: Token) -> bool:
    """A participant X者 the tables lack, X an act (and the thing it takes):
    after a role written as a subject it says which of them, it names no one
    else (賓賵者將命: the guests who bring the gifts; 士受皮者, 下大夫勞者)."""
    vocab = vocabulary()
    deed = tok.text[:-1]
    if not tok.text.endswith("者") or tok.text in vocab.forms or not 1 <= len(deed) <= 2:
        return False
    act, thing = vocab.forms.get(deed[0], {}), vocab.forms.get(deed[1:], {}) if len(deed) == 2 else {}
    return "action" in act and "role" not in act and (len(deed) == 1 or ("object" in thing and "action" not in thing))


def _role_continues(tokens: list[Token], k: int, roles: list[str], opens: bool = False) -> bool:
    """The role at k belongs to the same list: not a repeat of one in it
    (納賓賓入, 納諸公卿大夫諸公卿大夫皆入: the list written again starts a
    clause), not a topic before 則, not
    the head of a place (主人介右北面拜送爵)."""
    tok = at(tokens, k)
    if tok is None or not tok.is_("role"):
        return False
    if tok.label("role") in roles:
        return False
    if direction_at(tokens, k + 1) or genitive(at(tokens, k + 1)) and direction_at(tokens, k + 2):
        return False  # (賓主人之左拜送爵: at the 主人's left)
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
