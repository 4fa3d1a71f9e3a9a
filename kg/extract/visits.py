"""Visits and leave-taking: the one visited sees the visitor off and
declines his gift, the giver who laid his gift withdraws, the principal
withdraws once his officers are done, and the going up the two yield over. A
mixin of :class:`kg.extract.events.PassageParser`, whose agent rules (called
where no subject is written) and word rule it adds."""
from __future__ import annotations

from kg.extract.event import Event
from kg.extract.phrases import at, past_pause, read_roles
from kg.extract.rules import word_rule
from kg.extract.vocab import things_of_class


class VisitRules:
    def visit_agents(self, event: Event, k: int) -> None:
        """The agent rules of a visit, for an act with no subject written."""
        self.seen_off(event, k)
        self.giver_leaves(event)
        self.gift_declined(event, k)
        self.principal_withdraws(event, k)

    @word_rule("yielded-act", "An act right after 讓 that a role written next does first (侯氏與之讓升，侯氏先升): "
               "what the two yield over, no event; the going up is that role's, written after it. Not where the "
               "role does it after the other (壹揖壹讓升，主人升: both go up, the 主人 then returns to his place).",
               "侯氏與之讓升侯氏先升")
    def rule_yielded_act(self, k, tok, kind):
        before = at(self.t, k - 1)
        if not tok.is_("action") or before is None or not before.is_("action") or before.label("action") != "讓":
            return None
        n = past_pause(self.t, k + 1)
        roles, past = read_roles(self.t, n)
        first, again = at(self.t, past), at(self.t, past + 1)
        if roles and getattr(first, "text", "") == "先" and again is not None and again.is_("action") \
                and again.label("action") == tok.label("action"):
            return k + 1
        return None

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

    def giver_leaves(self, event: Event) -> None:
        """Withdrawing (退) with no subject written right after the giver laid
        his gift (rule giver-lays) is the giver's, and the acts after it stay
        the carried one's (朋友襚…主人拜，委衣如初，退，哭，不踊: the friend
        withdraws, the 主人 wails)."""
        laid = self.previous_event
        if event.action == "退" and laid is not None and laid.rule_for("agent") == "giver-lays" \
                and laid.agents != event.agents:
            event.agents = list(laid.agents)
            event.mark("agent", "giver-leaves", replace=True)

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

    def principal_withdraws(self, event: Event, k: int) -> None:
        """乃退 with no subject written, carried from an officer who has just
        given a command or a report (命, 告: class Speech), is that of the
        principal party (class Host) who acted last before in the passage,
        written there or carried in: he withdraws once his officers are done (乃官戒宗人，命滌，宰命為酒，乃退; 宗人告備，乃退:
        the 主人). Not where no principal acted in the passage (卦者…示主人，乃退)."""
        if event.action != "退" or getattr(at(self.t, k - 1), "text", "") != "乃" or not event.agents \
                or event.rule_for("agent") not in ("carried-clause", "carried-sentence"):
            return
        principals = self.vocab.principals
        last = self.previous_event
        if set(event.agents) <= principals or last is None or last.agents != event.agents \
                or self.vocab.action_class.get(last.action) != "Speech":
            return
        host = next((e.agents for e in reversed(self.events[:-1]) if e.agents and set(e.agents) <= principals), None)
        if host:
            self.hand_to(event, list(host), "principal-withdraws")
