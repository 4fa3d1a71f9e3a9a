"""The mourners' asides: 丈夫踊, 婦人踊 written between the acts of another
party, and wailing by relays (代哭). A mixin of
:class:`kg.extract.events.PassageParser`."""
from __future__ import annotations

from kg.extract.event import Event
from kg.extract.phrases import at


class AsideRules:
    def resumes_after_aside(self, event: Event) -> None:
        """An act on things (class Handling) with no subject written, right
        after a mourners' act (踊, 哭: flag mourners) whose subject is written
        and who would otherwise be carried into it, is done by the one who
        acted before that aside (徹者入，丈夫踊，設于西北: the removers set the things down, not the
        men, who only leap as they pass)."""
        if len(self.events) < 3 or self.vocab.action_class.get(event.action) != "Handling":
            return
        aside, before = self.events[-2], self.events[-3]
        if "mourners" not in self.vocab.flags(aside.action) or aside.rule_for("agent") != "written-subject" \
                or event.agents != aside.agents or not before.agents or set(before.agents) & set(aside.agents):
            return
        event.agents = list(before.agents)
        event.mark("agent", "mourners-aside", replace=True)
        self.agent = list(before.agents)

    def in_turns(self, event: Event, k: int) -> None:
        """An act right after 代 (particles.tsv flag in-turns) with no subject
        written is done by relays of people no one names (乃代哭: the wailing
        is kept up in turns): no agent, whoever was carried or would wail."""
        before = at(self.t, k - 1)
        if before is None or not self.vocab.particle_has(before.text, "in-turns"):
            return
        event.agents = []
        event.mark("agent", "in-turns", replace=True)
