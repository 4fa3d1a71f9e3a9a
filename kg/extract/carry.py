"""Who is carried from one passage of the 經 into the next, and where the
rite says otherwise: the tests :func:`kg.extract.passages.extract_events`
asks of the passage just read and the one about to be read (a report, a
request, someone left inside, things set out afresh, an offering after a
clearing, an act done again)."""
from __future__ import annotations

from collections.abc import Sequence
from itertools import takewhile

from kg.extract.agents import comes_in, goes_out, last_principal
from kg.extract.event import Event
from kg.extract.events import PassageParser
from kg.extract.phrases import particle, text_at
from kg.extract.tokens import tokenize
from kg.extract.vocab import Token, vocabulary


def reports_on(act: str | None) -> bool:
    """The act opening a passage after a report goes on with it: another
    report (flag report), words said and nothing else (flags: speech
    only; 曰 after 告于賓, the words of the report — not a reply, a request
    or a command), or going back to one's place (flag returns: 告於公曰「左右卒射。」
    | 反位, the one who reported goes back)."""
    flags = vocabulary().flags(act or "")
    return "report" in flags or flags == {"speech"} or "returns" in flags


def came_in_last(events: list[Event], passage: int, stage_of) -> list[str]:
    """Those who came in, where a passage ends with someone going out (出)
    one passage after others came in (入), in the same section: they are
    the ones left inside, who do the next passage's acts with no subject
    (外御受沐入 | 主人皆出戶外北面 | 乃沐櫛挋用巾: the 外御 washes the body)."""
    last = events[-1] if events and events[-1].passage == passage else None
    if last is None or not goes_out(last):
        return []
    for event in reversed(events[:-1]):
        if stage_of(event.passage) != stage_of(last.passage) or event.passage < last.passage - 1:
            return []
        if comes_in(event) and not set(event.agents) & set(last.agents):
            return list(event.agents)
    return []


def _opening(norm: str, chapter: int | None = None) -> tuple[list[Token], Token | None]:
    """The words of the passage before its first role or act, and that word
    (None where there is neither)."""
    lead: list[Token] = []
    for tok in tokenize(norm, chapter):
        if tok.is_("role") or tok.is_("action"):
            return lead, tok
        lead.append(tok)
    return lead, None


def sets_out_afresh(norm: str, chapter: int | None, recent: list[Event]) -> bool:
    """The passage opens, before any role, with an act of setting out
    (actions.tsv flag sets-out: 陳, 設, 饌, 亨, 布席), and the thing right after
    it is none the ``recent`` events handled (賓以几辟 | 北面設几: the 賓 sets
    down the armrest he holds). Not an act done for someone, a role or 之
    after it (為之洗, 為衆子), but a mat spread for someone (flag noun-act: 乃席賓)
    is an officer's work too."""
    vocab = vocabulary()
    lead, tok = _opening(norm, chapter)
    if tok is None or tok.is_("role") or "sets-out" not in vocab.flags(tok.label("action")) \
            or (lead and lead[-1].text == "其"):
        return False  # (其設于外如于室: how they are set out, a description, no act done afresh)
    tokens = tokenize(norm, chapter)
    nxt = tokens[len(lead) + 1] if len(lead) + 1 < len(tokens) else None
    if nxt is not None and (particle(nxt, "pronoun") or nxt.is_("role") and "noun-act" not in vocab.flags(tok.label("action"))
                            or particle(nxt, "direction")):
        return False  # (筵前獻賓: before the mat, a place; no mat is spread)
    return nxt is None or not (nxt.is_("object") and any(nxt.label("object") in e.objects for e in recent))


def named_for_another_deed(roles: list[str], act: str | None) -> bool:
    """Each of ``roles`` is named for clearing away (徹者: X者, X an act of
    flag clears), and ``act``, the first act of a passage with no subject,
    is an offering set out (flag offers-dead): those who cleared the old
    offering away lay no new one (徹者…降自西階 | 乃奠如初: officers no one
    names)."""
    vocab = vocabulary()
    if act is None or "offers-dead" not in vocab.flags(act):
        return False
    return all(role.endswith("者") and "clears" in vocab.flags(role[:-1]) for role in roles)


def sent_down_before(events: list[Event], agent: list[str], act: str | None) -> bool:
    """``act``, the first act of a passage with no subject, receives (flag
    receives), and the passage before ended with ``agent`` carrying a thing
    somewhere (a movement), to no one named: the one who sent it is not the one
    who receives it (復者…降衣于前 | 受用篚，升自阼階，以衣尸: someone below takes the
    robe in a basket; rule receiver-not-sender). Not after a receiving (宰自公左受玉 |
    受上介璋: he receives again)."""
    vocab, last = vocabulary(), events[-1] if events else None
    return act is not None and "receives" in vocab.flags(act) and last is not None and bool(agent) \
        and last.agents == agent and bool(last.objects) and not last.recipients and last.place is not None \
        and vocab.action_class.get(last.action) == "Movement"


DEED_NAMED_BACK = 3  # how many subjects back a party named for a deed is still the one to do it


def named_for_this_deed(history: list[list[str]], norm: str, chapter: int | None = None,
                        events: Sequence[Event] = ()) -> list[str]:
    """Where an act opens the passage ``norm`` with no subject: the party among
    the last subjects written that names those who do it (X者, X the act: rule
    named-for-deed), else none (祝徹盥于門外…祝徹巾授執事者以待 | 徹饌: the 祝 and
    those who clear, 鄭注 祝與有司當徹小斂之奠者); not an act named before 之, a
    time or a thing (冠之日: the day of the capping). Parties that only wailed or
    leapt among ``events``, the acts just before, are asides and not counted
    (丈夫踊 between 祝徹 and 授執事者)."""
    lead, tok = _opening(norm, chapter)
    if tok is None or tok.is_("role") or text_at(tokenize(norm, chapter), len(lead) + 1) == "之":
        return []
    vocab = vocabulary()
    kinds: dict[tuple[str, ...], set[bool]] = {}
    for event in events:
        kinds.setdefault(tuple(event.agents), set()).add("mourners" in vocab.flags(event.action))
    counted = [h for h in history if kinds.get(tuple(h)) != {True}]
    return next((list(h) for h in reversed(counted[-DEED_NAMED_BACK:]) if tok.label("action") + "者" in h), [])


def before_clearing(events: list[Event], agent: list[str], act: str | None) -> list[str] | None:
    """Where ``act``, the first act of a passage with no subject, is an
    offering set out (flag offers-dead, as for named_for_another_deed): the
    party that acted in the last passage before ``agent``, where
    ``agent``'s first act there, his name written, clears something away
    (flag clears) and every act after it is his or done by no one named
    (夏祝及執事盥…升自阼階，丈夫踊，甸人徹鼎，巾待于阼階下 | 奠于尸東: the 甸人 took
    the tripods away, the cloth waits; the offering is the 夏祝's and 執事's;
    ``agent`` is then none, or the 甸人). Mourners' acts (踊, 哭) are passed over;
    a party that went out before the clearing is no longer there (行朼者逆出，甸人徹鼎: no one)."""
    vocab = vocabulary()
    if act is None or "offers-dead" not in vocab.flags(act) or not events:
        return None
    last = list(takewhile(lambda e: e.passage == events[-1].passage, reversed(events)))[::-1]
    clearer = agent or next((e.agents for e in reversed(last) if e.agents), [])
    cleared = next((n for n, e in enumerate(last) if e.agents == clearer and e.rule_for("agent") == "written-subject"),
                   None)
    if not clearer or cleared is None or "clears" not in vocab.flags(last[cleared].action) \
            or any(e.agents and e.agents != clearer for e in last[cleared + 1:]):
        return None
    earlier = [e for e in last[:cleared] if e.agents and "mourners" not in vocab.flags(e.action)]
    if not earlier or set(earlier[-1].agents) & set(clearer) or goes_out(earlier[-1]):
        return None
    return list(earlier[-1].agents)


def again_last(events: list[Event]) -> bool:
    """The passage ends with an act done again (又V, rule again), no
    salutation (class Salutation: 拜, 揖…): the one who did it acts on in the
    next passage (士受羊如受馬，又請 | 若賻 | 入告: the 擯者 who asked goes in and
    reports). After a bow done again the one carried goes on (祝告，又再拜 |
    釋幣…: the 祝 lays the silk; 鄭注 祝釋之)."""
    last = events[-1] if events else None
    return last is not None and last.rule_for("agent") == "again" and bool(last.agents) \
        and vocabulary().action_class.get(last.action) != "Salutation"


def unlisted_deed_names(roles: list[str]) -> set[str]:
    """The roles of ``roles`` written X者 that roles.tsv lacks, minted from
    what they did (知生者: those who knew the living; agentive.agentive_noun)."""
    return {role for role in roles if role.endswith("者") and "role" not in vocabulary().forms.get(role, {})}


def first_act(norm: str, chapter: int | None = None) -> str | None:
    """The first act of the passage, where no role comes before it."""
    _, tok = _opening(norm, chapter)
    return tok.label("action") if tok is not None and not tok.is_("role") else None


def opens_with_preparation(norm: str, chapter: int | None = None) -> bool:
    """The first act of the passage, before any role, sets things out (class
    Handling, not receiving): 陳三鼎于門外, 厥明陳衣于房."""
    vocab, act = vocabulary(), first_act(norm, chapter)
    return act is not None and vocab.action_class.get(act) == "Handling" and "receives" not in vocab.flags(act)


def opens_at_a_time(norm: str, chapter: int | None = None) -> bool:
    """The passage opens with a time of day or a day (厥明, 質明, 期初昏:
    grammar flag stage), before any role or act, or with the end of an act
    (or the thing) written right after 卒 (卒燅, 卒脀: grammar flag ends-act), a
    time clause."""
    lead, first = _opening(norm, chapter)
    vocab = vocabulary()
    done = lead[1] if len(lead) > 1 else first  # the act 卒 says is done (not 卒，北面搢三: done, he goes on)
    return any(vocab.particle_has(tok.text, "stage") for tok in lead) \
        or (bool(lead) and vocab.particle_has(lead[0].text, "ends-act") and done is not None
            and (done.is_("action") or done.is_("object") or done.unknown))


def asked_last(parser: PassageParser, history: list[list[str]]) -> list[str]:
    """The principal party last written, where a passage ends with an
    officer's request naming no one asked (有司請祖期): he is asked, and a
    passage that opens with words said is his answer (曰日側)."""
    vocab = parser.vocab
    last = parser.events[-1] if parser.events else None
    if last is None or "content" not in vocab.flags(last.action) or last.recipients or not last.agents \
            or set(last.agents) <= vocab.principals:
        return []
    return last_principal(history)


def answers(norm: str) -> bool:
    """The passage opens with words said (曰日側): an answer."""
    tokens = tokenize(norm)
    return bool(tokens) and particle(tokens[0], "quote")


def told_last(parser: PassageParser) -> list[str]:
    """The ones told, where a passage ends with a report to them (告, flag
    report) and whoever reports does nothing else after it but say the words
    (…以告于主人占曰從): they act next."""
    reports = [n for n, e in enumerate(parser.events) if e.recipients and "report" in parser.vocab.flags(e.action)]
    if not reports:
        return []
    report = parser.events[reports[-1]]
    after = parser.events[reports[-1] + 1:]
    if set(report.recipients) & set(report.agents) or any(e.agents != report.agents for e in after):
        return []
    if any(e.action not in ("曰", "占") and "speech" not in parser.vocab.flags(e.action) for e in after):
        return []
    return list(report.recipients)
