"""The cup's round (獻, 酢, 酬): who pours and presents next once a party
served has drained the cup. A mixin of
:class:`kg.extract.events.PassageParser`, whose agent rule (called where no
subject is written) it adds."""
from __future__ import annotations

from kg.extract.event import Event

DRAINED = "卒爵"  # the act of draining the cup, after which the cup goes back to the one who presented it


class ExchangeRules:
    def presenter_again(self, event: Event) -> None:
        """An act of pouring or presenting a cup (flag presents: 酌, 獻, 酳) with
        no subject written, right after the one carried drained his cup (卒爵):
        not the drinker's, but the one who last presented a cup to him (獻, 酳;
        not a cup returned, 酢), in the passage or the three before
        (主婦…亞獻尸…尸祭燔，卒爵，如初。酌獻祝: the 主婦 pours for the 祝)."""
        if "presents" not in self.vocab.flags(event.action) or len(self.events) < 2:
            return
        drained = self.events[-2]
        if drained.action != DRAINED or not drained.agents or set(drained.agents) != set(event.agents):
            return
        for earlier in reversed(self.earlier_passage(3) + self.events[:-2]):
            if "presents" in self.vocab.flags(earlier.action) and set(earlier.recipients) & set(drained.agents) \
                    and earlier.agents and not set(earlier.agents) & set(drained.agents):
                self.hand_to(event, list(earlier.agents), "presenter-again")
                return
