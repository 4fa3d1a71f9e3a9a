"""Which of the parties does which act, where the commentary says so (rule
note-splits-doers). The 經 writes one party for acts that two men share out,
or carries one on: 舉者盥，右執匕，郤之；左執俎，橫攝之 — 鄭注: 右人以右手執匕，
左人以左手執俎; 乃朼，載 — 注: 乃朼…右人也，載…左人也. The note names who does
each act; the acts after it with no subject written are his too, until the
party moves as one (入阼階前: the two carry the tripod in), and what he took up
is his to set down (錯俎: the 左人, who holds the stand).
"""
from __future__ import annotations

from dataclasses import dataclass

from kg.extract.event import Event
from kg.extract.tokens import tokenize
from kg.extract.vocab import vocabulary
from kg.model import Document

HANDS = ("右手", "左手")
CARRIED = ("carried-clause", "carried-sentence", "carried-passage")  # agent rules of a subject not written


@dataclass(frozen=True)
class NoteDoer:
    role: str
    act: str
    thing: str | None = None  # the thing the note says he does it with, if any


def doers_in_notes(doc: Document) -> dict[int, list[NoteDoer]]:
    """The doers each passage's notes name for its acts, by passage index."""
    found: dict[int, list[NoteDoer]] = {}
    for note in doc.notes:
        for target in note.targets:
            if target < len(doc.passages):
                passage = doc.passages[target].span.norm
                found.setdefault(target, []).extend(doers_in_note(note.span.norm, passage, doc.chapter))
    return found


def doers_in_note(text: str, passage: str, chapter: int | None) -> list[NoteDoer]:
    """A role of the tables, 以 and the hand he uses, then an act and the thing
    after it, where the passage writes that hand and act (右人以右手執匕 — 右執匕); or
    a stretch up to 也 that opens with an act and ends with a role (載受而載於俎左人也)."""
    vocab = vocabulary()
    listed = vocab.forms
    if not any("以" + hand in text for hand in HANDS) and not any(vocab.role_ends_at(text, stop) for stop in _stops(text)):
        return []  # (no hand named, no role right before 也: most notes; tokenizing them all costs a second)
    words = tokenize(text, chapter)

    def role(k: int) -> str | None:
        w = words[k]
        return w.label("role") if w.is_("role") and "role" in listed.get(w.text, {}) else None

    found: list[NoteDoer] = []
    for k in range(len(words)):
        if role(k) is None:
            continue
        n = k + 3  # (以右手: the hand he uses, which the passage writes alone: 右執匕)
        if n < len(words) and words[k + 1].text == "以" and words[k + 2].text in HANDS \
                and words[k + 2].text[0] + words[n].text in passage and words[n].is_("action"):
            thing = words[n + 1] if n + 1 < len(words) and words[n + 1].is_("object") else None
            found.append(NoteDoer(role(k), words[n].label("action"), thing.label("object") if thing else None))
    start = 0
    for k in range(len(words) + 1):
        if k < len(words) and words[k].text != "也":
            continue
        lead = words[start + (start < k and words[start].text == "乃"):k]
        if len(lead) >= 2 and role(k - 1) and lead[0].is_("action") and not lead[0].is_("role"):
            found.append(NoteDoer(role(k - 1), lead[0].label("action")))
        start = k + 1
    return found


def _stops(text: str):
    """Where 也 stands in ``text``."""
    at = text.find("也")
    while at >= 0:
        yield at
        at = text.find("也", at + 1)


def split_by_notes(events: list[Event], doers: list[NoteDoer], norm: str, chapter: int | None) -> None:
    """Give the acts of one passage whose agent the text does not write to
    the doer its notes name for them, and the acts after each with no subject
    written, until the party they were carried from moves (an act of class
    Movement); then an act on a thing such a doer took up is his."""
    acts = {e.action for e in events}
    doers = [d for d in doers if d.act in acts]
    if len({d.role for d in doers}) < 2:
        return
    written = {w.label("role") for w in tokenize(norm, chapter) if w.is_("role")}
    doers = [d for d in doers if d.role not in written]  # (not 主人…賓 the passage names)
    if len({d.role for d in doers}) < 2:
        return  # the note shares the acts out between two or more (右人…左人), or is about something else
    classes = vocabulary().action_class
    taken: dict[str, str] = {}
    party: list[str] | None = None  # the agent carried, that the note splits
    doer: str | None = None
    for event in events:
        if event.rule_for("agent") not in CARRIED:
            party = doer = None  # (a subject written: the split is over)
            continue
        named = next((d for d in doers if d.act == event.action and (d.thing is None or d.thing in event.objects)),
                     None)
        if named is not None and event.agents and event.agents != [named.role]:
            party, doer = list(event.agents), named.role
            if named.thing:
                taken[named.thing] = doer
            given = doer
        elif doer and event.agents == party and classes.get(event.action) != "Movement":
            given = doer  # (郤之, 橫攝之: he goes on)
        else:
            doer = None  # (入阼階前: the party moves as one; then 錯俎, by the one who holds the stand)
            given = next((taken[t] for t in event.objects if t in taken), None) if event.agents == party else None
        if given:
            event.agents = [given]
            event.mark("agent", "note-splits-doers", replace=True)
