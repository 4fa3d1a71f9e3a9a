"""Events of the work, and which edition events attest them.

A ritual act is one event of the work: the extractor reads the canonical
passages of a chapter (the reference text, :mod:`kg.text.canon`) and each
event it finds is named by its passage's locator and the character of the
frozen passage text where its act is written (``5.1.2`` event ``c17``: the
act's word begins at the 17th character). An extractor that finds one more
event, or one fewer, changes the name of that event alone; the others keep
theirs (their order among the passage's events is ``number``, no name).

Every edition is read as well (its characters are its own: variants,
punctuation, a 注 run in), and each event found there is an **attestation**:
it is matched, through the alignment of its passage, to the event of the
work it reports — same act by the same agents, in order — so that counting
acts counts the work, while each copy keeps its own evidence.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from kg.extract.event import Event
from kg.extract.passages import extract_events
from kg.extract.tokens import is_text_char
from kg.extract.vocab import CLOSE_QUOTE, OPEN_QUOTE, vocabulary
from kg.model import Document, Note, Passage
from kg.text.align import Alignment
from kg.text.canon import REFERENCE_WITNESS, CanonPassage, reference_file
from kg.text.spans import make_span


@dataclass
class WorkEvent:
    locator: str
    number: int  # order among the passage's events, from 1
    event: Event  # as read from the reference text (offsets in the reference file)
    attestations: list[tuple[str, int]] = field(default_factory=list)  # (document key, event seq)
    anchor: str = ""  # the name within the passage: where its act is written (event_anchors)


def event_anchors(events: list[Event]) -> list[str]:
    """The name of each event within its passage: ``c`` and the character,
    from 1, of the passage's reading text where its act's word begins
    (``c17``); a second event read from the same word (none is, in the 17
    chapters at 2.240.0) adds its count (``c17-2``). Not the event's place
    among the passage's events, which moves when an event is found before it."""
    seen: dict[tuple[int, int], int] = {}
    out = []
    for event in events:
        key = (event.passage, event.i)
        seen[key] = seen.get(key, 0) + 1
        out.append(f"c{event.i + 1}" + (f"-{seen[key]}" if seen[key] > 1 else ""))
    return out


def reference_document(chapter: int, passages: list[CanonPassage], read: Document | None = None) -> Document:
    """The chapter's canonical passages as a document of the reference file,
    so that events of the work point to the reference's own characters, with
    the reference's notes on them (the extractor reads who acts from a note:
    rule note-names-agent) — from ``read``, the reference file as the build
    read it, else read here."""
    from kg.readers.base import decode
    from kg.readers.mandoku import JING_MARKUP

    path = reference_file(chapter)
    source = decode(path.read_bytes(), path.name)
    doc = Document(path=path.name, source=source, format="mandoku", edition="KR1d0038", chapter=chapter,
                   witness=REFERENCE_WITNESS)
    for i, p in enumerate(passages):
        span = make_span(source, p.start, p.end, JING_MARKUP)
        if span.text != p.text:
            raise ValueError(f"{p.locator}: the reference file no longer reads {p.text[:20]}… at {p.start}")
        # The reference's own sections (section 0 is outside any): a new
        # section is a new stage of the rite for the extractor, as in the
        # edition the passages come from.
        doc.passages.append(Passage(i, span, p.section - 1 if p.section else None))
    if read is None or read.source != source:
        from kg.readers import read_file

        read = read_file(path, None, chapter)
    starts = [p.span.start for p in doc.passages]

    def canonical(target: int) -> int | None:
        """The canonical passage that holds the start of the reader's passage
        ``target`` (the canon is frozen; a reader may cut passages otherwise)."""
        start = read.passages[target].span.start
        n = bisect_right(starts, start) - 1
        return n if n >= 0 and start < doc.passages[n].span.end else None

    for note in read.notes:
        targets = sorted({n for n in map(canonical, note.targets) if n is not None})
        if targets:
            doc.notes.append(Note(len(doc.notes), note.span, note.layer, targets, note.line, note.page))
    return doc


def work_events(chapter: int, passages: list[CanonPassage],
                docs: list[Document] = ()) -> tuple[Document, list[WorkEvent]]:
    """The events of the work in a chapter; ``docs``: the documents of the
    build, the reference file among them if it is read."""
    read = next((d for d in docs if d.witness == REFERENCE_WITNESS and d.chapter == chapter), None)
    doc = reference_document(chapter, passages, read)
    out, counts = [], {}
    found = extract_events(doc)
    for event, anchor in zip(found, event_anchors(found)):
        locator = passages[event.passage].locator
        counts[locator] = counts.get(locator, 0) + 1
        out.append(WorkEvent(locator, counts[locator], event, anchor=anchor))
    return doc, out


def _signature(event: Event, strict: bool) -> tuple:
    return (event.action, event.negated, tuple(sorted(event.agents))) if strict else (event.action, event.negated)


def attest(doc: Document, events: list[Event], alignments: list[Alignment],
           work: dict[str, list[WorkEvent]]) -> dict[int, WorkEvent]:
    """The work event each of a document's events attests, by event seq."""
    by_passage: dict[int, list[Alignment]] = {}
    for a in alignments:
        if not a.is_note:
            by_passage.setdefault(a.item, []).append(a)
    grouped: dict[str, list[Event]] = {}
    for event in events:
        found = by_passage.get(event.passage)
        if not found:
            continue
        inside = [a for a in found if a.start <= event.start < a.end]
        best = inside[0] if inside else min(found, key=lambda a: min(abs(a.start - event.start),
                                                                     abs(a.end - event.start)))
        grouped.setdefault(best.locator, []).append(event)
    matched: dict[int, WorkEvent] = {}
    for locator, mine in grouped.items():
        theirs = work.get(locator, [])
        free_mine, free_theirs = list(range(len(mine))), list(range(len(theirs)))
        for strict in (True, False):  # same act by the same agents first, then the same act
            a = [_signature(mine[i], strict) for i in free_mine]
            b = [_signature(theirs[j].event, strict) for j in free_theirs]
            pairs = [(free_mine[blk.a + k], free_theirs[blk.b + k])
                     for blk in SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()
                     for k in range(blk.size)]
            for i, j in pairs:
                matched[mine[i].seq] = theirs[j]
                theirs[j].attestations.append((doc.key, mine[i].seq))
            used_mine, used_theirs = {i for i, _ in pairs}, {j for _, j in pairs}
            free_mine = [i for i in free_mine if i not in used_mine]
            free_theirs = [j for j in free_theirs if j not in used_theirs]
    return matched


@dataclass
class Work:
    """Everything that ties the editions of a build to the work."""

    canon: dict[int, list[CanonPassage]]  # the chapters built, by number
    references: dict[int, Document]  # the reference text of each chapter, as a document
    events: dict[int, list[WorkEvent]]  # events of the work, by chapter
    alignments: dict[str, list[Alignment]]  # by document key
    attested: dict[str, dict[int, WorkEvent]]  # document key -> event seq -> event of the work
    parallels: list[tuple[str, str, float]]


def align_documents(docs: list[Document],
                    canon: dict[int, list[CanonPassage]] | None = None) -> dict[str, list[Alignment]]:
    """Every document aligned with the canonical passages of its chapter, by
    document key (documents of no chapter the reference divides are left out)."""
    from kg.text import canon as canon_table
    from kg.text.align import align_document

    everything = canon if canon is not None else canon_table.load()
    return {doc.key: align_document(doc, everything[doc.chapter]) for doc in docs if doc.chapter in everything}


def stages_of(doc: Document, alignments: list[Alignment]) -> dict[int, list[tuple[int, int | None]]] | None:
    """The stages of the rite each passage belongs to, for an edition that
    marks no sections of its own: the reference's sections (張爾岐's 右…) of
    the canonical passages it reads (None outside any), each with the index
    in the passage's text where it begins — a passage that runs across
    張爾岐's division (擯者告期于賓之家 | 夙興設洗…) is read as two. Inside a
    section, a passage is cut where a canonical passage begins too, so that
    each edition reads the rite in the units the reference does (質明，滅燭
    opens a passage there: no one carried into it) — where the edition
    writes the canonical passage's first word, at the aligned place or a word
    or two from it (司馬|又命獲者: before 司馬).
    None for an edition with its own sections: they are its stages."""
    if doc.sections:
        return None
    from kg.text import canon

    opening = {p.locator: next((c for c in p.norm if is_text_char(c)), None)
               for p in canon.load().get(doc.chapter, [])}
    stages: dict[int, list[tuple[int, int | None]]] = {}
    for a in sorted(alignments, key=lambda a: a.start):
        if a.is_note:
            continue
        section = int(a.locator.split(".")[1]) or None
        begun = stages.setdefault(a.item, [])
        if not begun:
            begun.append((0, section))
            continue
        passage = doc.passages[a.item]
        cut = bisect_left(passage.span.offsets, a.start)
        if begun[-1][1] != section:
            if cut > begun[-1][0]:
                begun.append((cut, section))
            else:  # the stretch begins where the last one did: its section is the passage's from there
                begun[-1] = (begun[-1][0], section)
        else:
            cut = _snapped(passage.span.norm, cut, opening.get(a.locator))
            if cut is not None and cut > begun[-1][0] and _may_cut(passage.span.norm, cut):
                begun.append((cut, section))
    return stages


def _may_cut(norm: str, cut: int) -> bool:
    """A canonical passage may begin a piece of an edition's passage at
    ``cut``: not inside words said (「…」: the piece would read them as acts),
    nor right before 皆 (flag both), which reaches back to the subjects before
    it (上射…下射…皆當其物北面揖)."""
    opened = sum(norm.count(q, 0, cut) for q in OPEN_QUOTE) - sum(norm.count(q, 0, cut) for q in CLOSE_QUOTE)
    return opened <= 0 and not vocabulary().particle_has(norm[cut], "both")


def _snapped(norm: str, cut: int, first: str | None, reach: int = 3) -> int | None:
    """Where in ``norm`` a canonical passage beginning with ``first`` begins,
    the aligned ``cut`` or the nearest place within ``reach`` characters
    where that word is written (an alignment can be a word or two off:
    司馬|又命獲者); None where it is not."""
    if not first:
        return None
    for shift in sorted(range(-reach, reach + 1), key=abs):
        if 0 < cut + shift < len(norm) and norm[cut + shift] == first:
            return cut + shift
    return None


def read_work(docs: list[Document], events: dict[str, list[Event]],
              canon: dict[int, list[CanonPassage]] | None = None,
              alignments: dict[str, list[Alignment]] | None = None,
              reference_events: dict[int, tuple[Document, list[WorkEvent]]] | None = None) -> Work:
    """Align every document with the canonical passages of its chapter
    (unless ``alignments`` are given), read the events of the work (unless
    ``reference_events`` gives a chapter's: :func:`work_events`), and match each
    document's events to them."""
    from kg.text import canon as canon_table
    from kg.text.align import parallels

    everything = canon if canon is not None else canon_table.load()
    chapters = sorted({d.chapter for d in docs if d.chapter in everything})
    built = {c: everything[c] for c in chapters}
    if alignments is None:
        alignments = align_documents(docs, built)
    references, by_chapter = {}, {}
    for chapter in chapters:
        given = (reference_events or {}).get(chapter)
        references[chapter], by_chapter[chapter] = given if given is not None \
            else work_events(chapter, built[chapter], docs)
    for doc in docs:  # the reference file under another name is the same document; another text is not
        reference = references.get(doc.chapter)
        if reference is not None and doc.key == reference.key and doc.source != reference.source:
            from kg.readers import InputError

            raise InputError(f"{doc.path}: it is {doc.key}, the reference text, but differs from "
                             f"{reference.path} of the corpus; give it another witness name")
    by_locator: dict[str, list[WorkEvent]] = {}
    for found in by_chapter.values():
        for w in found:
            by_locator.setdefault(w.locator, []).append(w)
    attested = {}
    for doc in docs:
        if doc.chapter in built:
            attested[doc.key] = attest(doc, events.get(doc.key, []), alignments[doc.key], by_locator)
    return Work(built, references, by_chapter, alignments, attested, parallels(built))
