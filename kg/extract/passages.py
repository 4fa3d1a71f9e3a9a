"""The walk over a document's passages: what carries from one passage of
the 經 to the next. :class:`kg.extract.events.PassageParser` reads one
passage; here the agent it ends with is handed to the next passage, or
replaced where the rite says who acts next (a new section, someone gone
out, a report, a request), and the 如初 of every passage is resolved once
the whole document is read.
"""
from __future__ import annotations

import functools

from kg.extract.agents import last_principal
from kg.extract.carry import (again_last, answers, asked_last, before_clearing, came_in_last, first_act,
                              named_for_another_deed, named_for_this_deed, opens_at_a_time, opens_with_preparation,
                              reports_on, sent_down_before, sets_out_afresh, told_last, unlisted_deed_names)
from kg.extract.event import Event
from kg.extract.events import PassageParser
from kg.extract.note_doers import doers_in_notes, split_by_notes
from kg.extract.phrases import particle, read_roles
from kg.extract.repeats import RepeatAsk, resolve
from kg.extract.rules import UNCERTAIN_AGENT
from kg.extract.senses import before_burial
from kg.extract.tokens import tokenize
from kg.extract.vocab import SOMEONE, vocabulary
from kg.model import Document, Note, Passage
from kg.text.normalise import normalise


def chapter_row(chapter: int | None) -> dict[str, str] | None:
    """The chapter's row of mappings/chapters.tsv, if any."""
    from kg.mappings import load_table

    return next((r for r in load_table("chapters") if chapter is not None and int(r["number"]) == chapter), None)


def chapter_title(chapter: int | None) -> list[str]:
    """The ways a chapter's title is written at the head of its text
    (士虞禮, 特牲饋食之禮, 大射之儀), normalised."""
    from kg.mappings import split_variants

    row = chapter_row(chapter)
    if row is None:
        return []
    names = [row["title"], *split_variants(row.get("variants", ""))]
    spelled = {n for name in names for n in (name, name[:-1] + "之" + name[-1]) if name.endswith(("禮", "儀"))}
    spelled |= set(names)
    return sorted((normalise(n) for n in spelled), key=len, reverse=True)


@functools.cache
def opening_party(chapter: int | None) -> list[str]:
    """Who does the rite's first act where its opening names no one
    (mappings/chapters.tsv, column opens: 覲禮至于郊 — the 侯氏; 有司徹, the
    title itself: the 有司 sweep the hall)."""
    from kg.mappings import MappingError

    role = (chapter_row(chapter) or {}).get("opens", "").strip()
    if role and vocabulary().forms.get(role, {}).get("role") != role:
        raise MappingError(f"chapters.tsv: chapter {chapter} opens with {role!r}, which is no role of roles.tsv")
    return [role] if role else []


def opens_the_chapter(doc: Document) -> bool:
    """The document begins where its chapter does: its first eight words of
    text (titles and punctuation aside) are, but for one or two variant
    forms (摯/贄, 於/于, 掃/埽), the reference's first eight. Not an excerpt
    from further on (kg build --add of a passage or two)."""
    from kg.text import canon

    titles = chapter_title(doc.chapter)

    def opening(texts) -> str:
        words = ""
        for text in texts:
            words += "".join(ch for ch in without_title(text, titles) if ch.isalpha())
            if len(words) >= 8:
                break
        return words[:8]

    theirs = opening(normalise(p.text) for p in canon.load().get(doc.chapter, []))
    mine = opening(p.span.norm for p in doc.passages)
    return len(theirs) == len(mine) == 8 and sum(a == b for a, b in zip(theirs, mine)) >= 6


def without_title(norm: str, titles: list[str]) -> str:
    """A passage that opens with its chapter's title (士虞禮特豕饋食…): the
    title blanked out, offsets kept. A rite's name names no participant and
    no act (士 of 士虞禮 is not the one who acts). Not the first part of a
    longer word (大射正擯: the chief archery officer, in 大射儀), nor a title
    that opens with a word of time, the text's own (既夕哭: when the evening
    wailing is done, a time clause)."""
    for title in titles:
        if norm.startswith(title):
            if vocabulary().particle_has(title, "time"):
                return norm  # (既夕: the words, not a heading 既夕禮)
            first = tokenize(norm)[0]
            if len(first.text) > len(title) and (first.is_("role") or first.is_("action")):
                return norm
            return "\u3000" * len(title) + norm[len(title):]
    return norm


def extract_events(doc: Document, stages: dict[int, list[tuple[int, int | None]]] | None = None) -> list[Event]:
    """The events of every 經 passage of a document, in order.

    ``stages``: the section of the rite each passage (by index) belongs to,
    for an edition that marks none of its own (a plain text, the SBCK): the
    sections of the canonical passages it reads, each with where it begins in
    the passage (:func:`kg.extract.work.stages_of`), so that a new stage of the
    rite is one in every edition: a passage that runs across one is read as
    two. By default each passage's own section."""
    def pieces(passage: Passage) -> list[tuple[int, int, int | None]]:
        begun = stages.get(passage.index) if stages is not None else None
        if not begun:
            return [(0, len(passage.span.norm), stage_of(passage.index))]
        ends = [cut for cut, _ in begun[1:]] + [len(passage.span.norm)]
        return [(cut, end, section) for (cut, section), end in zip(begun, ends)]

    def stage_of(index: int) -> int | None:
        if stages is None:
            return doc.passages[index].section
        begun = stages.get(index)
        return begun[0][1] if begun else None

    agent = opening_party(doc.chapter) if opens_the_chapter(doc) else []  # (rule rite-opens)
    origin = "rite-opens" if agent else "carried-passage"
    history: list[list[str]] = []
    events: list[Event] = []
    asks: list[RepeatAsk] = []
    title, chapter = chapter_title(doc.chapter), doc.chapter
    section = None
    inside: list[str] = []  # who is left inside after someone went out (rule left-inside)
    reporter: list[str] = []  # who made the report that ended the passage before (rule told-acts-next)
    asked: list[str] = []  # who was asked, where a passage ends with a request (rule asked-answers)
    commanded = None  # who was told to do what, still undone (rule commanded-does)
    words = words_sections(doc, stages)
    glossed = named_by_notes(doc)
    noted = doers_in_notes(doc)
    for passage in doc.passages:
        whole = without_title(passage.span.norm, title)
        for cut, end, stage in pieces(passage):
            norm = whole[cut:end]
            opening_act = first_act(norm, chapter)
            if stage in words and not any(particle(tok, "quote") for tok in tokenize(norm)):
                continue  # 右加冠祝辭: 棄爾幼志… goes on with the words said, no act (GUIDELINES 1)
            if stage != section and section is not None and origin == "carried-passage" \
                    and not set(agent) <= vocabulary().principals:
                # A new section of the rite (張爾岐's 右…) is a new stage: an officer's task
                # ended with the last one (復者, 甸人, 宰); the principal party last written goes
                # on (宿: the 主人 invites), unless things are set out first, an officer's work.
                agent = [] if opens_with_preparation(norm, chapter) else last_principal(history)
            if origin == "carried-passage" and agent and opens_at_a_time(norm, chapter) \
                    and opens_with_preparation(norm, chapter):
                agent = []  # (質明滅燭, 厥明陳鼎五于門外: a new stage of the day; officers no one names set out)
            if origin == "carried-passage" and agent and set(agent) <= vocabulary().principals | unlisted_deed_names(agent) \
                    and sets_out_afresh(norm, chapter, events[-4:]):
                agent = []  # (主人…拜送 | 熬黍稷各二筐…饌于西坫南: no principal sets things out, nor 知生者 賻 | 書賵於方)
            if origin == "carried-passage" and agent and named_for_another_deed(agent, opening_act):
                agent = []  # (徹者升自阼階降自西階 | 乃奠如初: those who cleared away set out no offering)
            if origin == "carried-passage" and sent_down_before(events, agent, opening_act):
                agent, origin = [], "receiver-not-sender"
            deed_named = named_for_this_deed(history, norm, chapter, events[-20:]) \
                if origin == "carried-passage" and not opens_at_a_time(norm, chapter) else []  # (卒筮: when it is done)
            if deed_named and deed_named != agent:
                agent, origin = deed_named, "named-for-deed"
            resumed = before_clearing(events, agent, opening_act) \
                if origin == "carried-passage" and before_burial(chapter) else None
            if resumed:
                agent, origin = resumed, "clearing-aside"
            if origin == "told-acts-next" and opens_with_preparation(norm, chapter):
                agent, origin = [], "carried-passage"  # (…告于賓 | 夙興設盥: the one told sets nothing out)
            if origin == "told-acts-next" and reports_on(opening_act):
                # (告兄弟及有司 | 告事畢: the one who told reports on; 告于賓 | 若右勝則曰右賢於左: his words)
                agent, origin = reporter, "carried-passage"
            if inside and stage == section:
                agent, origin = inside, "left-inside"
            if asked and answers(norm):
                agent, origin = asked, "asked-answers"
            before_note = None
            if cut == 0 and passage.index in glossed and opening_act is not None \
                    and not any(tok.is_("role") for tok in tokenize(norm, chapter)):
                # (入復位 — 注: 主人也: the commentary names who acts; 升自西階 — 柩也: a thing, no one;
                # not where the passage names someone: the note may gloss a later clause)
                before_note = agent
                agent, origin = glossed[passage.index], "note-names-agent"
            section = stage
            parser = PassageParser(norm, agent, history, events[-20:], chapter)
            parser.origin = origin
            parser.commanded = commanded
            found = parser.run()
            split_by_notes(found, noted.get(passage.index, []), norm, chapter)
            for event in found:
                if stage in words and vocabulary().action_class.get(event.action) != "Speech":
                    continue  # 始加祝曰…, 再醮曰…: the occasion the words are for, no act done here
                if not event.agents:
                    # An act before any participant is named (陳三鼎于門外 as a rite
                    # begins): kept, with what it handles and where, and no agent
                    # rather than an invented one; flagged for review.
                    event.uncertain.append("AgentNotWritten")
                event.passage = passage.index
                event.section = passage.section
                event.i, event.j = event.i + cut, event.j + cut
                event.start, event.end = passage.span.original_range(event.i, event.j)
                event.seq = len(events) + 1
                events.append(event)
            agent, origin = parser.agent, "carried-passage"
            if found and found[-1].rule_for("agent") == "note-splits-doers":
                agent = list(found[-1].agents)  # (乃朼，載…執而俟: the 左人 the note names goes on)
            if again_last(parser.events):
                agent = list(parser.events[-1].agents)  # (士受羊…又請 | 若賻 | 入告: the 擯者 who asked again)
            if agent == [SOMEONE]:
                agent = []  # (二人還重，左還 | 布席乃奠如初: men the text does not name are carried nowhere)
            if before_note is not None and not parser.events:
                agent = before_note  # a note on a passage of no act names no one for the next
            # a command given in this passage and not yet done is carried into the next one only
            commanded = parser.commanded if parser.commanded is not commanded else None
            inside = came_in_last(events, passage.index, stage_of)
            told, reporter = told_last(parser), parser.agent
            if told:
                agent, origin = told, "told-acts-next"
            asked = asked_last(parser, history)
            asks += parser.repeat_asks
    resolve(events, asks)
    for event in events:
        reason = UNCERTAIN_AGENT.get(event.rule_for("agent"))
        if reason:
            event.uncertain.append(reason)
    return events


def named_by_notes(doc: Document) -> dict[int, list[str]]:
    """Passages whose first note opens by naming who or what does the act
    (X也, 謂X也; 入復位 — 主人也): the role, or [] for a thing (升自西階 —
    柩也: the coffin goes up, no participant). Only where X is one known
    term and nothing else; or the roles, then the passage's own first act
    or 為之 (布席于戶內 — 有司布斂席也; 乃奠 — 祝與執事為之), in the first note or,
    where it names no one so, a later one (乃適饌 — 張爾岐 執事者適新饌處)."""
    first: dict[int, Note] = {}
    later: dict[int, list[Note]] = {}
    for note in sorted(doc.notes, key=lambda n: n.span.start):
        for target in note.targets:
            if target not in first:
                first[target] = note
            else:
                later.setdefault(target, []).append(note)
    named: dict[int, list[str]] = {}
    for index, note in first.items():
        head = note.span.norm.lstrip("(（ ")
        head = head[1:] if head.startswith("謂") else head
        # (乃適饌 — 鄭注 東方之新饌 names no one; 張爾岐 執事者適新饌處: the later commentator does)
        later_doers = (doers_named(other.span.norm.lstrip("(（ "), doc, index) for other in later.get(index, []))
        doers = doers_named(head, doc, index) or next((found for found in later_doers if found), [])
        if doers:
            named[index] = doers
            continue
        stop = head.find("也")
        if not 0 < stop <= 5:
            continue
        words = tokenize(head[:stop], doc.chapter)
        if len(words) != 1:
            continue
        if words[0].is_("role"):
            named[index] = [words[0].label("role")]
        elif words[0].is_("object") and not words[0].is_("action"):
            named[index] = []
    return named


def doers_named(head: str, doc: Document, index: int) -> list[str]:
    """The roles a note opens with, where what follows them is the passage's
    own first act or 為之, "do it" (有司布斂席也, 祝與執事為之); none else."""
    if not vocabulary().role_begins(head):
        return []  # (most notes open with no role: a look at the first characters spares reading them)
    words = tokenize(head[:12], doc.chapter)
    roles, after = read_roles(words, 0)
    if not roles or after >= len(words) or index >= len(doc.passages):
        return []
    act = first_act(doc.passages[index].span.norm, doc.chapter)
    if act is not None and any(role == act + "者" for role in roles):
        return []  # 受用篚 — 受者受之於庭也: the one who receives, no one more than the act says
    if any(w.is_("role") and "role" not in vocabulary().forms.get(w.text, {}) for w in words[:after]):
        return []  # 入三揖者至內霤…: the note glosses the passage's own words, no one the tables know
    done = words[after].is_("action") and act is not None and words[after].label("action") == act
    return roles if done or head[len("".join(w.text for w in words[:after])):].startswith("為之") else []


def words_sections(doc: Document, stages: dict | None) -> set[int]:
    """The stages of the document that hold words said: sections whose
    heading ends with the word particles.tsv names (section-words= on 曰:
    右加冠祝辭, 右醴辭) — the document's own, or, for an edition staged by
    the reference, the reference's."""
    ending = vocabulary().particle_value("曰", "section-words")
    if not ending:
        return set()
    if stages is not None:
        headings = reference_headings(doc.chapter)
    elif doc.sections:
        headings = {s.index: s.span.text for s in doc.sections}
    else:  # the reference as a document of canonical passages (kg.extract.work): sections by index
        headings = {n - 1: heading for n, heading in reference_headings(doc.chapter).items()}
    return {n for n, heading in headings.items() if normalise(heading).rstrip().endswith(ending)}


@functools.lru_cache(maxsize=None)
def reference_headings(chapter: int | None) -> dict[int, str]:
    """The reference's section headings of a chapter, by section number."""
    from kg.text import canon

    return {p.section: p.heading for p in canon.load().get(chapter, []) if p.section}
