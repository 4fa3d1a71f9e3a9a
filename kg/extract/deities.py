"""The powers a rite is offered to (roles.tsv class Deity: 日, 月, 天, 地, 山,
川 …, read so only where senses.tsv names the rite). A mixin of
:class:`kg.extract.events.PassageParser`, whose word rule it adds before the
subject rule: a deity is offered to, it never acts."""
from __future__ import annotations

from kg.extract.phrases import at, particle
from kg.extract.rules import word_rule
from kg.extract.vocab import labels_of_class


class DeityRules:
    @word_rule("offered-to", "A deity (roles.tsv class Deity, read so only in the rites senses.tsv names: 日, 月, "
               "四瀆, 山, 川, 丘陵, 天, 地 in 覲禮) is never a subject: the deities written right after an act, "
               "joined by 與 or not, are what it is offered to, its recipients (祭天燔柴, 禮月與四瀆於北門外); "
               "elsewhere they name no one who acts (象日月升龍降龍: the sun and moon painted on the banner).",
               "祭天燔柴祭山丘陵升祭川沈祭地瘞")
    def rule_offered_to(self, k, tok, kind):
        if not self.deity_at(k):
            return None
        gods, n = [], k
        while self.deity_at(n) or (particle(at(self.t, n), "join") and self.deity_at(n + 1)):
            if self.deity_at(n):
                gods.append(self.t[n].label("role"))
            n += 1
        last = self.clause
        if last is not None and not last.recipients and self.right_after_act(k):
            last.recipients = gods
            last.mark("recipients", "offered-to")
            self.extend(last, n)
        return n

    def deity_at(self, k: int) -> bool:
        tok = at(self.t, k)
        return tok is not None and tok.is_("role") and tok.label("role") in labels_of_class("roles", "Deity")
