"""What a vessel holds: 其實 "its contents" and the description after it.
A mixin of :class:`kg.extract.events.PassageParser`, whose word rule it adds
(before the others: the words after 其實 would otherwise be read as acts)."""
from __future__ import annotations

from kg.extract.phrases import at, text_at
from kg.extract.rules import word_rule
from kg.extract.vocab import SENTENCE_END


class ContentsRules:
    @word_rule("contents", "其實 (its contents) and the words after it say what the vessel just named holds "
               "and how it was made ready (特豚合升，去蹄; 栗不擇): no act, up to a role, the end of the sentence, "
               "an act of setting out (設扃鼏: actions.tsv flag sets-out) or an act done to 之 (兼執之以進); a "
               "facing still waiting is the act's before (陳一鼎于寢門外…西面，其實…).",
               "陳一鼎于寢門外當東塾少南西面其實特豚四鬄去蹄兩胉脊肺設扃鼏")
    def rule_contents(self, k, tok, kind):
        if tok.text != "其" or text_at(self.t, k + 1) != "實":
            return None
        self.flush()
        n = k + 2
        while (word := at(self.t, n)) is not None and not word.is_("role") and word.text not in SENTENCE_END:
            if word.is_("action") and ("sets-out" in self.vocab.flags(word.label("action"))
                                       or text_at(self.t, n + 1) == "之"):
                break
            n += 1
        return n
