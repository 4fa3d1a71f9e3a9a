"""The mourners' asides: 丈夫踊, 婦人踊 written between the acts of another
party, wailing by relays (代哭), the chief mourner apart from the offerings
before burial. A mixin of
:class:`kg.extract.events.PassageParser`."""
from __future__ import annotations

from kg.extract.event import Event
from kg.extract.phrases import at, read_roles, text_at, things_of_class
from kg.extract.senses import before_burial


# the dead's own family, who mourn and are served, not the officers who set out (朔月奠用特豚: not the 衆主人)
MOURNING_FAMILY = {"主人", "衆主人", "主婦", "婦人"}


class AsideRules:
    def resumes_after_aside(self, event: Event) -> None:
        """An act on things (class Handling) with no subject written, right
        after a mourners' act (踊, 哭: flag mourners) whose subject is written
        and who would otherwise be carried into it, is done by the one who
        acted before that aside (徹者入，丈夫踊，設于西北: the removers set the things down, not the
        men, who only leap as they pass); by no one, where no one is named before the aside
        (酒、豆、籩、俎序從，降自西階。婦人踴。設於序西南: not the women)."""
        if len(self.events) < 3 or self.vocab.action_class.get(event.action) != "Handling":
            return
        aside, before = self.events[-2], self.events[-3]
        if "mourners" not in self.vocab.flags(aside.action) or aside.rule_for("agent") != "written-subject" \
                or event.agents != aside.agents or set(before.agents) & set(aside.agents):
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

    def mourner_apart(self, event: Event) -> None:
        """In the rites before burial, an offering set out, served or loaded
        (flag offers-dead) with no subject written, or an act on the coffin,
        what bears it or a carriage (classes Bier, Carriage), is no act of the
        dead's family carried into it: officers no one names do it (乃奠:
        祝與執事為之, 鄭注; 薦車直東榮北輈; 主人入袒，乃載; 正柩于兩楹間; 祖還車)."""
        apparatus = things_of_class("Bier") | things_of_class("Carriage")
        if event.agents and set(event.agents) <= MOURNING_FAMILY and before_burial(self.chapter) \
                and ("offers-dead" in self.vocab.flags(event.action) or set(event.objects) & apparatus):
            event.agents = []
            event.mark("agent", "mourner-apart", replace=True)
            self.agent = []

    def served_act(self, event: Event, k: int) -> None:
        """沃尸盥: an act done for another's act (flag serves) — the role right
        after it is its recipient and does that act (the 尸 washes); the one
        who served is kept, to go on once 卒 says the act is done (rule
        served-act). Not 沃尸盥者, the one who pours, a participant."""
        if "serves" not in self.vocab.flags(event.action) or event.recipients \
                or not (at(self.t, k + 1) is not None and at(self.t, k + 1).is_("role")):
            return
        served, past = read_roles(self.t, k + 1)
        past += text_at(self.t, past) == "，"  # (the punctuated text: 乃沃尸，盥於槃上)
        if not self.act_at(past) or text_at(self.t, past + 1) == "者":
            return
        event.recipients = served
        event.mark("recipients", "served-act")
        self.served = (list(event.agents), self.t[past].label("action"))
        self.agent = list(served)
        self.set_origin("served-act")

    def served_done(self, k: int) -> None:
        """卒盥 after 沃尸盥: the act served is done; the one who served goes on
        (宗人…乃沃尸盥于槃上，卒盥，坐奠簞，取巾: the 宗人)."""
        if self.served is not None and self.t[k].label("action") == self.served[1] \
                and self.vocab.particle_has(text_at(self.t, k - 1), "ends-act"):
            self.agent = self.served[0]
            self.set_origin("served-act")
        self.served = None
