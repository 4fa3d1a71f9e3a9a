"""Score extracted events against the hand-annotated gold set.

The scores are those of ``shared/eval/README.md``: a predicted event belongs
to the gold passage of the same document whose [start, end) contains it;
per passage the multisets of (agent, action), (action, object) and
(action, place) pairs and of whole events are intersected, and micro
precision, recall and F1 are summed over passages. A negated act is another
action than the act done (不拜 never matches 拜).
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from kg.paths import CHECKOUT, SHARED
from kg.text.normalise import normalise

MEASURES = ("agent-action", "action-object", "action-place", "event")
DEFAULT_GOLD = SHARED / "eval" / "events-gold.jsonl"


@dataclass
class Score:
    tp: int = 0
    predicted: int = 0
    gold: int = 0

    @property
    def precision(self) -> float:
        return self.tp / self.predicted if self.predicted else 0.0

    @property
    def recall(self) -> float:
        return self.tp / self.gold if self.gold else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


def _labels(value) -> tuple[str, ...]:
    if not value:
        return ()
    if isinstance(value, str):
        value = [v for v in value.split("|") if v]
    return tuple(sorted({normalise(v) for v in value}))


def _act(event: dict) -> str:
    negated = event.get("negated") in (True, "true")
    return ("不" if negated else "") + normalise(event["action"])


def units(event: dict) -> dict[str, list]:
    """The scored pieces of one event (gold or predicted, same keys)."""
    act = _act(event)
    agents = _labels(event.get("agent") or event.get("agents"))
    objects = _labels(event.get("objects"))
    place = normalise(event["place"]) if event.get("place") else None
    whole = (agents, act, objects, place, _labels(event.get("recipient") or event.get("recipients")),
             normalise(event["facing"]) if event.get("facing") else None)
    return {
        "agent-action": [(a, act) for a in agents],
        "action-object": [(act, o) for o in objects],
        "action-place": [(act, place)] if place else [],
        "event": [whole],
    }


def load_gold(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def _by_passage(predicted: Iterable[dict], gold: list[dict]) -> list[list[dict]]:
    """The predicted events that lie inside each gold passage, by offsets."""
    found: list[list[dict]] = [[] for _ in gold]
    by_doc: dict[str, list[tuple[int, int, int]]] = {}
    for n, passage in enumerate(gold):
        by_doc.setdefault(passage["doc"], []).append((passage["start"], passage["end"], n))
    for event in predicted:
        for start, end, n in by_doc.get(event["doc"], []):
            if start <= int(event["start"]) and int(event["end"]) <= end:
                found[n].append(event)
                break
    return found


def _count(events: Iterable[dict], into: dict[str, Counter] | None = None) -> dict[str, Counter]:
    """The scored pieces of ``events``, by measure (added to ``into``)."""
    counts = into if into is not None else {m: Counter() for m in MEASURES}
    for event in events:
        for measure, items in units(event).items():
            counts[measure].update(items)
    return counts


def _tally(scores: dict[str, Score], predicted: dict[str, Counter], gold: dict[str, Counter]) -> None:
    """Add one passage's (or pool's) multiset intersections to ``scores``."""
    for m in MEASURES:
        scores[m].tp += sum((predicted[m] & gold[m]).values())
        scores[m].predicted += sum(predicted[m].values())
        scores[m].gold += sum(gold[m].values())


def score(predicted: Iterable[dict], gold: list[dict]) -> dict[str, Score]:
    """Micro scores of ``predicted`` (dicts with doc, start, end and the event
    fields) against the gold passages."""
    scores = {m: Score() for m in MEASURES}
    for passage, events in zip(gold, _by_passage(predicted, gold)):
        _tally(scores, _count(events), _count(passage["events"]))
    return scores


def misses(predicted: Iterable[dict], gold: list[dict]) -> list[tuple[dict, list, list]]:
    """Per gold passage whose whole events differ: (passage, the gold events
    not predicted, the predicted events not in the gold), each event as the
    tuple :func:`units` scores, so a rule writer sees what to change."""
    predicted_by_passage = _by_passage(predicted, gold)
    found = []
    for n, passage in enumerate(gold):
        want = Counter(units(e)["event"][0] for e in passage["events"])
        got = Counter(units(e)["event"][0] for e in predicted_by_passage[n])
        if want != got:
            found.append((passage, sorted((want - got).elements(), key=str), sorted((got - want).elements(), key=str)))
    return found


def format_event(whole: tuple) -> str:
    agents, act, objects, place, recipients, facing = whole
    text = f"{'、'.join(agents) or '—'} {act}"
    text += f" {'、'.join(objects)}" if objects else ""
    text += f" @{place}" if place else ""
    text += f" →{'、'.join(recipients)}" if recipients else ""
    return text + (f" ({facing})" if facing else "")


def format_misses(found: list[tuple[dict, list, list]]) -> list[str]:
    lines = []
    for passage, missing, extra in found:
        lines.append(f"{passage['doc']} {passage['start']}-{passage['end']} {passage['text'][:40]!r}".replace("\\n", ""))
        lines += [f"  - {format_event(e)}" for e in missing] + [f"  + {format_event(e)}" for e in extra]
    return lines


def format_scores(scores: dict[str, Score]) -> list[str]:
    lines = [f"{'measure':<15}{'P':>7}{'R':>7}{'F1':>7}{'TP':>6}{'pred':>6}{'gold':>6}"]
    for m, s in scores.items():
        lines.append(f"{m:<15}{s.precision:7.3f}{s.recall:7.3f}{s.f1:7.3f}{s.tp:6d}{s.predicted:6d}{s.gold:6d}")
    return lines


# --- the same gold, every edition ----------------------------------------------------

def score_editions(predicted: Iterable[dict], stretches: Iterable[dict],
                   gold: list[dict]) -> dict[str, dict[str, Score]]:
    """Score every edition of a build against gold annotated on one of them,
    through the canonical passages both read: the gold passages and each
    edition's events are placed by the aligned stretches (queries/stretches.rq:
    doc, start, end, locator). A canonical passage counts only where the gold
    covers all of it; gold passages reading several are pooled with them; an
    edition is scored on the pools it reads whole. Same measures as
    :func:`score`. Returns the scores by document (file name)."""
    by_doc: dict[str, list[tuple[int, int, str]]] = {}
    for row in stretches:
        by_doc.setdefault(row["doc"], []).append((int(row["start"]), int(row["end"]), row["locator"]))
    spans: dict[str, list[tuple[int, int]]] = {}
    for passage in gold:
        spans.setdefault(passage["doc"], []).append((passage["start"], passage["end"]))

    def inside_gold(doc: str, start: int, end: int) -> bool:
        return any(a <= start and end <= b for a, b in spans[doc])

    pool: dict[str, str] = {}  # locator → the first locator of its pool

    def root(locator: str) -> str:
        while pool[locator] != locator:
            locator = pool[locator]
        return locator

    gold_units: dict[str, dict[str, Counter]] = {}
    placed = []
    for passage in gold:
        found = [loc for s, e, loc in by_doc.get(passage["doc"], []) if s < passage["end"] and passage["start"] < e]
        if not found or not all(inside_gold(passage["doc"], s, e) for s, e, loc in by_doc[passage["doc"]]
                                if loc in found):
            continue  # a canonical passage the gold covers only in part
        for loc in found:
            pool.setdefault(loc, loc)
        for loc in found[1:]:
            pool[root(loc)] = root(found[0])
        placed.append((found[0], passage))
    for first, passage in placed:
        _count(passage["events"], gold_units.setdefault(root(first), {m: Counter() for m in MEASURES}))
    members: dict[str, set[str]] = {}
    for loc in pool:
        members.setdefault(root(loc), set()).add(loc)
    events_by_doc: dict[str, list[dict]] = {}
    for event in predicted:
        events_by_doc.setdefault(event["doc"], []).append(event)
    scores: dict[str, dict[str, Score]] = {}
    for doc, found in sorted(by_doc.items()):
        read = {loc for _, _, loc in found}
        pools = [r for r, locs in members.items() if locs <= read and r in gold_units]
        if not pools:
            continue
        mine = {r: {m: Counter() for m in MEASURES} for r in pools}
        for event in events_by_doc.get(doc, []):
            start = int(event["start"])
            loc = next((loc for s, e, loc in found if s <= start < e), None)
            if loc in pool and root(loc) in mine:
                _count([event], mine[root(loc)])
        scores[doc] = {m: Score() for m in MEASURES}
        for r in pools:
            _tally(scores[doc], mine[r], gold_units[r])
    return scores


def format_edition_scores(scores: dict[str, dict[str, Score]]) -> list[str]:
    lines = [f"{'document':<28}" + "".join(f"{m:>15}" for m in MEASURES) + f"{'gold':>6}"]
    for doc, by_measure in scores.items():
        lines.append(f"{doc:<28}" + "".join(f"{s.f1:15.3f}" for s in by_measure.values())
                     + f"{by_measure['event'].gold:6d}")
    return lines


# --- alignment ----------------------------------------------------------------------

ALIGNMENT_GOLD = CHECKOUT / "tests" / "data" / "alignment-gold.tsv"


def load_alignment_gold(path: Path) -> list[dict]:
    """Hand-checked pairs: doc, start, end of an edition unit and the
    locators it reads (``-``: none)."""
    import csv

    with open(path, encoding="utf-8") as handle:
        rows = csv.DictReader((line for line in handle if not line.startswith("#")), delimiter="\t",
                              quoting=csv.QUOTE_NONE)
        return [{"doc": r["doc"], "start": int(r["start"]), "end": int(r["end"]), "kind": r.get("kind", ""),
                 "locators": set() if r["locators"].strip() == "-" else set(r["locators"].split("|"))}
                for r in rows]


def score_alignment(predicted: Iterable[dict], gold: list[dict]) -> dict[str, Score]:
    """Precision and recall of the (unit, locator) pairs of the units in the
    gold set, overall and by kind of unit."""
    found: dict[tuple[str, int, int], set[str]] = {}
    for row in predicted:
        found.setdefault((row["doc"], int(row["start"]), int(row["end"])), set()).add(row["locator"])
    scores: dict[str, Score] = {"all": Score()}
    for unit in gold:
        mine = found.get((unit["doc"], unit["start"], unit["end"]), set())
        for key in ("all", unit["kind"] or "other"):
            s = scores.setdefault(key, Score())
            s.tp += len(mine & unit["locators"])
            s.predicted += len(mine)
            s.gold += len(unit["locators"])
    return scores
