"""People counted with no role named: 二人還重 — two men turn the effigy. A
mixin of :class:`kg.extract.events.PassageParser`, whose word rule it adds
before the numerals are passed over as words of no event."""
from __future__ import annotations

from kg.extract.phrases import particle, text_at
from kg.extract.rules import word_rule
from kg.extract.vocab import SOMEONE


class PeopleRules:
    @word_rule("counted-people", "A passage that opens with a count of people (二人, 三人) and an act, no role "
               "written before it, is the act of those people, written as they are (人, GUIDELINES 3): 二人還重，"
               "左還 — two men turn the effigy; being no one the text names, they are carried into no later "
               "passage. Not within a passage, where the count goes with a role written before it (士盥，二人以竝: "
               "two of the 士), nor 一人, one of those named last (下大夫二人媵爵 | 一人待于洗南).",
               "二人還重左還")
    def rule_counted_people(self, k, tok, kind):
        if not particle(tok, "numeral") or tok.text == "一" or text_at(self.t, k + 1) != "人" \
                or any(not self.t[n].punct for n in range(k)) or self.act_index(k + 2) is None:
            return None
        self.take_subject([SOMEONE], "written-subject")
        return k + 2
