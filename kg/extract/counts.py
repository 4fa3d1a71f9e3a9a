"""Things counted or measured in a list (腸一胃一嚌肺一, 苞二筲三, 竹杠長三尺,
皆二骨以竝), and a word both thing and act read as the act before what it
takes (以衣尸): a part of :class:`kg.extract.events.PassageParser`."""
from __future__ import annotations

from kg.extract.phrases import at, particle, text_at


class CountedThings:
    """Counts and measures that make a word a thing, not an act."""

    def counted_thing_named(self, k: int) -> bool:
        """The act word at k names a thing of a counted list (腸一胃一嚌肺一: the
        lung for tasting): a count before it (or 以竝, the bones counted and laid
        side by side: 皆二骨以竝，舉肺一), and things then a count after it; a
        pause of the list may stand before it and after the things (羊肺一、祭肺一，)."""
        before = k - 2 if text_at(self.t, k - 1) in ("、", "，") else k - 1
        if self.counted_things_end(k + 1) is None:
            return False
        return particle(at(self.t, before), "numeral") \
            or (text_at(self.t, before) in ("竝", "並") and text_at(self.t, before - 1) == "以")

    def counted_things_end(self, k: int) -> int | None:
        """Things from k then a numeral: the numeral's index (肺一; 祭肺三, the
        lung for the offering, 祭 written as a word of its own)."""
        n = k + 1 if self.act_at(k) and getattr(at(self.t, k + 1), "readings", {}).get("object") else k
        while at(self.t, n) is not None and self.t[n].is_("object") and not self.t[n].is_("action"):
            n += 1
        return n if n > k and particle(at(self.t, n), "numeral") else None

    def counted_here(self, k: int) -> bool:
        """The word at k is counted by a bare numeral (苞二, 苞二筲三: at the
        end, or before the next thing counted), or measured by a dimension
        the tables lack, a numeral and a unit (葦苞長三尺, 葦苞，長三尺): a thing. Not before
        a thing or person the numeral counts (洗二爵, 盥二人), nor a measure
        with no dimension (冠六升: the cloth of the cap)."""
        nxt, after = at(self.t, k + 1), at(self.t, k + 2)
        if particle(nxt, "numeral"):
            return after is None or after.punct or (
                after.is_("object") and not after.is_("action") and particle(at(self.t, k + 3), "numeral"))
        j = k + 2 if text_at(self.t, k + 1) == "，" else k + 1  # (葦苞，長三尺: a pause between)
        return getattr(at(self.t, j), "readings", None) == {} and self.past_measure(j) != j

    def past_measure(self, k: int) -> int:
        """After a measure at k (長三尺, 廣三寸: a number and a unit of kind
        measure, with a word the tables lack before it, the dimension), the
        index past it; else k."""
        j = k + 1 if getattr(at(self.t, k), "readings", None) == {} else k
        counted = j
        while particle(at(self.t, j), "numeral"):
            j += 1
        if j == counted or not particle(at(self.t, j), "measure"):
            return k
        return j + 1

    def side_by_side(self, k: int) -> bool:
        """以 at k and an adverb with no act after it (皆二骨以竝，舉肺一: the
        two bones side by side, then the next cut counted): how the things lie."""
        n = k + 1
        if not particle(at(self.t, n), "adverb"):
            return False
        return not self.act_at(n + 1) or self.counted_thing_named(n + 1)

    def act_on_what_follows(self, k: int) -> bool:
        """The word at k is a thing and an act only before what it takes (flag
        thing-only), and a thing or role follows it: the act."""
        tok = at(self.t, k)
        return tok is not None and tok.is_("object") and tok.is_("action") \
            and "thing-only" in self.vocab.flags(tok.label("action")) and not self.noun_here(k)

    def after_counted_things(self, k: int) -> bool:
        """皆 at k follows a thing and its count, a pause between or not (…正脅一、
        代脅一，皆二骨以並: all the cuts, not the parties written before)."""
        n = k - 2 if text_at(self.t, k - 1) == "，" else k - 1
        thing = at(self.t, n - 1)
        return particle(at(self.t, n), "numeral") and thing is not None and thing.is_("object") \
            and not thing.is_("role")
