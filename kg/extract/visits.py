"""Visits: the one visited sees the visitor off and declines his gift. A
mixin of :class:`kg.extract.events.PassageParser`, whose agent rules it adds
(called where no subject is written)."""
from __future__ import annotations

from kg.extract.event import Event
from kg.extract.phrases import at
from kg.extract.tokens import things_of_class


class VisitRules:
    def seen_off(self, event: Event, k: int) -> None:
        """An act of seeing off (送, 拜送: flag sees-off) right after the one
        carried withdrew (退) is the other party's, who stays, and the acts
        after it are his (士見於大夫…賓退，送，再拜: the 大夫). Not after going out
        (出): the host goes out to see the guest off (主人出，拜送)."""
        if "sees-off" not in self.vocab.flags(event.action) or len(self.events) < 2:
            return
        left = self.events[-2]
        if left.action != "退" or left.negated or left.agents != event.agents \
                or left.rule_for("agent") != "written-subject":
            return
        other = self.other_party(event.agents, k)
        if other:
            self.hand_to(event, other, "seen-off")

    def gift_declined(self, event: Event, k: int) -> None:
        """A declining (flag declines) of 其 + a gift (class Gift: 贄, 幣) by the
        one carried in the same passage is the other party's: no one declines
        the gift he brings (士見於大夫，終辭其贄: the 大夫)."""
        gift = at(self.t, k + 2)
        if "declines" not in self.vocab.flags(event.action) or event.rule_for("agent") != "carried-clause" \
                or getattr(at(self.t, k + 1), "text", "") != "其" or gift is None or not gift.is_("object") \
                or gift.label("object") not in things_of_class("Gift"):
            return
        other = self.other_party(event.agents, k)
        if other:
            self.hand_to(event, other, "gift-declined")
