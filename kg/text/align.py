"""Align every edition's passages with the canonical passages of the work.

Classical editions are compared character by character: the 經 of a
document (its passages, in order, punctuation dropped, variants folded by
:func:`key_of`) against the canonical passages of the same chapter, by their
longest common subsequence (rapidfuzz's bit-parallel Indel alignment: a
chapter against a chapter in a tenth of a second). Matched runs of three characters
or more anchor the alignment; short differences between two anchors are
**variant readings** (which characters this edition has where the reference
has others); longer unmatched stretches are text the other side lacks (a
注 run into the 經, a passage the edition leaves out).

A modern translation shares few characters with the classic, so its
sentences are placed by a monotone dynamic programme over the chapter's
passages that maximises the weight of shared characters (rare ones, names
of roles and things, weigh most).

Only passages of the same chapter are aligned: parallel passages of other
chapters (大射儀 and 鄉射禮 share dozens of sentences) are found among the
canonical passages (:func:`parallels`) and linked, never merged.
"""
from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import NamedTuple
from difflib import SequenceMatcher

from rapidfuzz import fuzz
from rapidfuzz.distance import Indel

from kg.model import Document, Span
from kg.text.canon import CanonPassage

# Differences the witnesses make by machine conversion or habit, which must
# not break an alignment (they are still recorded as variant readings).
FOLD = str.maketrans({"於": "于", "后": "後", "複": "復", "餘": "余"})
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\U00020000-\U0003ffff\uf900-\ufaff&●■]")
ANCHOR = 3  # shortest matched run that anchors the alignment
SURE = 8  # a run this long is trusted wherever it lies
SECOND_SHARE = 0.1  # share of a translated sentence's weight only a second passage explains
PARTIAL = 70  # least rapidfuzz partial-alignment score for a passage placed on its own
VARIANT_GAP = 4  # longest stretch between two anchors read as a variant


def key_of(norm: str) -> tuple[str, list[int]]:
    """The comparison key of a normalised text (characters of the text only,
    folded) and, for each key character, its index in the text."""
    chars, where = [], []
    for i, c in enumerate(norm):
        if CJK.match(c):
            chars.append(c.translate(FOLD))
            where.append(i)
    return "".join(chars), where


@dataclass
class Variant:
    start: int  # [start, end) in the edition's file (empty for an omission)
    end: int
    reading: str  # what the edition has (normalised)
    canonical: str  # what the reference has there
    canon_offset: int  # index in the canonical passage's text


@dataclass
class Alignment:
    """One edition passage (or translation note) read as one canonical passage."""

    item: int  # passage index (note index for a translation)
    locator: str
    score: float  # 0–1: agreement of the two aligned stretches
    start: int  # the aligned stretch in the edition's file
    end: int
    variants: list[Variant] = field(default_factory=list)
    is_note: bool = False


def align_document(doc: Document, canon: list[CanonPassage]) -> list[Alignment]:
    """Alignments of a document's passages, or of its translation notes."""
    if not canon:
        return []
    if not doc.passages and doc.notes and all(n.layer == "translation" for n in doc.notes):
        return align_translation(doc, canon)
    return align_passages(doc, canon)


def align_passages(doc: Document, canon: list[CanonPassage]) -> list[Alignment]:
    edition, e_where = _concat([p.span.norm for p in doc.passages])
    reference, c_where = _concat([c.norm for c in canon])
    blocks = _anchors(edition, reference)
    blocks = sorted(blocks + _unanchored_passages(doc, edition, e_where, reference, blocks))
    matched: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)  # (passage, canon) -> pairs
    for b in blocks:
        for k in range(b.size):
            matched[(e_where[b.a + k][0], c_where[b.b + k][0])].append((b.a + k, b.b + k))
    gaps = _variant_gaps(blocks, edition, reference)
    out = []
    for (p, c), pairs in sorted(matched.items()):
        passage, target = doc.passages[p], canon[c]
        if len(pairs) < 2 and len(_key(passage.span)) > 2:
            continue  # a stray character, not a reading
        a0, a1 = pairs[0][0], pairs[-1][0]
        b0, b1 = pairs[0][1], pairs[-1][1]
        score = 2 * len(pairs) / ((a1 - a0 + 1) + (b1 - b0 + 1))
        start, end = passage.span.original_range(e_where[a0][1], e_where[a1][1] + 1)
        variants = [_variant(doc, canon, v, e_where, c_where) for v in gaps
                    if a0 <= v[0] <= a1 + 1 and e_where[min(v[0], len(e_where) - 1)][0] == p]
        variants += _folded_variants(passage.span, target, pairs, e_where, c_where)
        out.append(Alignment(p, target.locator, round(score, 3), start, end, sorted(variants, key=lambda v: v.start)))
    return out + _placed_by_neighbours(doc, canon, out)


def _placed_by_neighbours(doc: Document, canon: list[CanonPassage], found: list[Alignment]) -> list[Alignment]:
    """A passage none of whose characters agree with the reference (a gloss
    the edition runs into its 經) is placed where its neighbours put it, with
    score 0: where it stands is known, what it reads is not."""
    aligned = sorted({a.item: a for a in found}.items())
    if not aligned:
        return []
    order = {c.locator: i for i, c in enumerate(canon)}
    placed = []
    for passage in doc.passages:
        if any(item == passage.index for item, _ in aligned):
            continue
        before = [a for item, a in aligned if item < passage.index]
        after = [a for item, a in aligned if item > passage.index]
        near = max(before, key=lambda a: order[a.locator]) if before else min(after, key=lambda a: order[a.locator])
        placed.append(Alignment(passage.index, near.locator, 0.0, passage.span.start, passage.span.end))
    return placed


class Block(NamedTuple):
    a: int  # start in the edition's key
    b: int  # start in the reference's key
    size: int


def _anchors(edition: str, reference: str, offset_a: int = 0, offset_b: int = 0) -> list[Block]:
    """Matched runs of the longest common subsequence that can be trusted: a
    short run far ahead of the one before it is the subsequence scattering an
    edition's extra text (a 注 run in) over the reference, and is dropped."""
    out: list[Block] = []
    for m in Indel.editops(edition, reference).as_matching_blocks():
        if m.size < ANCHOR:
            continue
        if out and m.size < SURE:
            last = out[-1]
            gap_a = m.a + offset_a - (last.a + last.size)
            gap_b = m.b + offset_b - (last.b + last.size)
            if gap_b > 3 * gap_a + 30:
                continue
        out.append(Block(m.a + offset_a, m.b + offset_b, m.size))
    return out


def _unanchored_passages(doc: Document, edition: str, e_where, reference: str, blocks: list[Block]) -> list[Block]:
    """Passages with no anchor at all are looked for where they should be:
    between the reference positions of their anchored neighbours, as the best
    contiguous match there (rapidfuzz's partial alignment)."""
    anchored = bytearray(len(edition))
    for blk in blocks:
        anchored[blk.a:blk.a + blk.size] = b"\x01" * blk.size
    starts: dict[int, list[int]] = defaultdict(list)
    for k, (p, _) in enumerate(e_where):
        starts[p].append(k)
    found: list[Block] = []
    for p, ks in sorted(starts.items()):
        a0, a1 = ks[0], ks[-1] + 1
        if any(anchored[a0:a1]) or a1 - a0 < 2:
            continue
        before = [blk.b + blk.size for blk in blocks if blk.a + blk.size <= a0]
        after = [blk.b for blk in blocks if blk.a >= a1]
        lo = max(before) if before else 0
        hi = min(after) if after else min(len(reference), lo + 4 * (a1 - a0) + 100)
        if hi - lo < 2:
            continue
        hit = fuzz.partial_ratio_alignment(edition[a0:a1], reference[lo:hi])
        if hit is None or hit.score < PARTIAL:
            continue
        src = (hit.src_start, hit.src_end) if a1 - a0 <= hi - lo else (hit.dest_start, hit.dest_end)
        dest = (hit.dest_start, hit.dest_end) if a1 - a0 <= hi - lo else (hit.src_start, hit.src_end)
        found += [blk for blk in _anchors(edition[a0 + src[0]:a0 + src[1]], reference[lo + dest[0]:lo + dest[1]],
                                          a0 + src[0], lo + dest[0])]
    return found


def _key(span: Span) -> str:
    return key_of(span.norm)[0]


def _concat(norms: list[str]) -> tuple[str, list[tuple[int, int]]]:
    """The keys of several texts joined, and for each key character its
    (text index, character index in that text)."""
    parts, where = [], []
    for i, norm in enumerate(norms):
        key, pos = key_of(norm)
        parts.append(key)
        where += [(i, j) for j in pos]
    return "".join(parts), where


def _variant_gaps(blocks, edition: str, reference: str) -> list[tuple[int, int, int, int]]:
    """Short stretches between two anchors: (a0, a1, b0, b1) in the keys."""
    gaps = []
    for before, after in zip(blocks, blocks[1:]):
        a0, a1 = before.a + before.size, after.a
        b0, b1 = before.b + before.size, after.b
        if (a1 - a0) <= VARIANT_GAP and (b1 - b0) <= VARIANT_GAP and (a1 > a0 or b1 > b0) \
                and edition[a0:a1] != reference[b0:b1]:
            gaps.append((a0, a1, b0, b1))
    return gaps


def _variant(doc: Document, canon: list[CanonPassage], gap, e_where, c_where) -> Variant:
    a0, a1, b0, b1 = gap
    anchor = e_where[min(a0, len(e_where) - 1)]
    passage = doc.passages[anchor[0]]
    if a1 > a0:
        start, end = passage.span.original_range(e_where[a0][1], e_where[a1 - 1][1] + 1)
        reading = "".join(passage.span.norm[e_where[k][1]] for k in range(a0, a1))
    else:  # the edition lacks what the reference has: an empty stretch where it would be
        start = end = passage.span.original_range(e_where[a0][1], e_where[a0][1] + 1)[0]
        reading = ""
    c_char = c_where[min(b0, len(c_where) - 1)][1]
    canonical = "".join(canon[c_where[k][0]].norm[c_where[k][1]] for k in range(b0, b1))
    return Variant(start, end, reading, canonical, c_char)


def _folded_variants(span: Span, target: CanonPassage, pairs, e_where, c_where) -> list[Variant]:
    """Characters that matched only after folding (於 for 于): variants too."""
    out = []
    for a, b in pairs:
        mine, theirs = span.norm[e_where[a][1]], target.norm[c_where[b][1]]
        if mine != theirs:
            start, end = span.original_range(e_where[a][1], e_where[a][1] + 1)
            out.append(Variant(start, end, mine, theirs, c_where[b][1]))
    return out


# --- translations ----------------------------------------------------------------

def align_translation(doc: Document, canon: list[CanonPassage], jump_cost: float = 0.002) -> list[Alignment]:
    """Each translation note to one canonical passage, in order: the path
    through the chapter's passages that maximises the summed similarity."""
    notes = doc.notes
    if not notes:
        return []
    df = Counter(ch for c in canon for ch in set(key_of(c.norm)[0]))
    idf = {ch: math.log((len(canon) + 1) / (n + 0.5)) for ch, n in df.items()}
    holders: dict[str, list[int]] = defaultdict(list)  # character -> passages that have it
    c_weights, c_sets = [], []
    for j, c in enumerate(canon):
        chars = set(key_of(c.norm)[0])
        c_sets.append(chars)
        c_weights.append(sum(idf[ch] for ch in chars))
        for ch in chars:
            holders[ch].append(j)
    n, m = len(notes), len(canon)
    sims = []
    for note in notes:  # weighted Dice of the character sets, through the inverted index
        chars = set(key_of(note.span.norm)[0])
        weight = sum(idf.get(ch, 0.0) for ch in chars)
        shared = [0.0] * m
        for ch in chars:
            for j in holders.get(ch, ()):
                shared[j] += idf[ch]
        sims.append([2 * shared[j] / (weight + c_weights[j]) if weight + c_weights[j] else 0.0 for j in range(m)])
    # best[i][j]: the best path for notes[:i+1] with note i on passage j. A
    # note stays on the passage of the one before it or moves on; moving past
    # passages no note translates costs jump_cost for each one skipped.
    best = [sims[0][:]] + [[0.0] * m for _ in range(n - 1)]
    back = [[0] * m for _ in range(n)]
    for i in range(1, n):
        prev = best[i - 1]
        run_value, run_index = -math.inf, 0  # max over j' < j of prev[j'] + jump_cost * j'
        for j in range(m):
            jump = run_value - jump_cost * (j - 1)
            if prev[j] >= jump:
                best[i][j], back[i][j] = sims[i][j] + prev[j], j
            else:
                best[i][j], back[i][j] = sims[i][j] + jump, run_index
            if prev[j] + jump_cost * j > run_value:
                run_value, run_index = prev[j] + jump_cost * j, j
    j = max(range(m), key=lambda k: best[n - 1][k])
    path = [0] * n
    for i in range(n - 1, -1, -1):
        path[i] = j
        j = back[i][j]
    out = []
    for i, j in enumerate(path):
        note = notes[i]
        out.append(Alignment(i, canon[j].locator, round(sims[i][j], 3), note.span.start, note.span.end,
                             is_note=True))
        # A sentence that renders two passages: a tenth of its weight is in
        # characters only the neighbouring passage has.
        chars = set(key_of(note.span.norm)[0])
        mine = sum(idf.get(ch, 0.0) for ch in chars)
        for k in (j - 1, j + 1):
            if not 0 <= k < m:
                continue
            gained = sum(idf.get(ch, 0.0) for ch in chars & (c_sets[k] - c_sets[j])) / mine if mine else 0
            if gained >= SECOND_SHARE:
                out.append(Alignment(i, canon[k].locator, round(sims[i][k], 3), note.span.start, note.span.end,
                                     is_note=True))
    return out


# --- parallels across chapters ------------------------------------------------------

SHINGLE = 4


def parallels(canon: dict[int, list[CanonPassage]], threshold: float = 0.8,
              shortest: int = 8) -> list[tuple[str, str, float]]:
    """Pairs of canonical passages of different chapters that say (nearly)
    the same words: (locator, locator, similarity), each pair once."""
    passages = [p for chapter in sorted(canon) for p in canon[chapter]]
    keys = [key_of(p.norm)[0] for p in passages]
    index: dict[str, set[int]] = defaultdict(set)
    for i, key in enumerate(keys):
        if len(key) >= shortest:
            for k in range(len(key) - SHINGLE + 1):
                index[key[k:k + SHINGLE]].add(i)
    shared: Counter = Counter()
    for holders in index.values():
        if len(holders) > 60:  # a formula found everywhere (再拜稽首…) says nothing
            continue
        for i in holders:
            for j in holders:
                if i < j and passages[i].chapter != passages[j].chapter:
                    shared[(i, j)] += 1
    out = []
    for (i, j), count in shared.items():
        if count < 2:
            continue
        ratio = SequenceMatcher(None, keys[i], keys[j], autojunk=False).ratio()
        if ratio >= threshold:
            out.append((passages[i].locator, passages[j].locator, round(ratio, 3)))
    return sorted(out)
