"""Words that are an act only in some places (rule conditional-act and the
checks that ask whether a word is an act where it stands): 辯, 疑 before the
one they look to, 先 before those who follow, 前 after who leads, 聲 before a count, 升 not after
a count of cloth, 用 after a negation, 冪 before 用 where an officer acts. A mixin of
:class:`kg.extract.events.PassageParser`."""
from __future__ import annotations

from kg.extract.event import Event
from kg.extract.phrases import at, particle, text_at
from kg.extract.vocab import SENTENCE_END, things_of_class

FOLLOWERS = 10  # at most this many words (who or what follows, 、，而) between 先 and 從


class ConditionalActs:
    def on_conditional_act(self, k: int, tok) -> int | None:
        """The word at k where it is an act only in some places (rule
        conditional-act): the next index, or None where it is no such word."""
        if self.vocab.particle_has(tok.text, "act-before-role") and tok.is_("action"):
            return self.act_before_role(k)
        if self.vocab.particle_has(tok.text, "act-before-followers") and tok.is_("action"):
            return self.on_action(k, rule="conditional-act") if self.goes_first(k) else k + 1
        if self.vocab.particle_has(tok.text, "leads") and tok.is_("action"):
            return self.on_action(k, rule="conditional-act") if self.leads(k) else k + 1
        before = self.vocab.particle_value(tok.text, "act-after")
        if before is None:
            return None
        if not self.right_after(k, before):
            return k + 1
        return self.on_action(k, rule="conditional-act") if tok.is_("action") else None

    def act_before_role(self, k: int) -> int:
        """辯, 疑 (particles.tsv flag act-before-role) right before a role with
        nothing, 之 or 所 after it: the act, on where that one faces or is
        (辯君之南面, 辯君所在: what is made out is no participant nor any act's
        facing); 不疑君: the lord is the one not faced askew. Elsewhere an
        adverb, no event (辯獻, 爵辯卒受者興, 疑立)."""
        role, after = at(self.t, k + 1), at(self.t, k + 2)
        if role is None or not role.is_("role") or not (after is None or after.punct or after.text in ("之", "所")):
            return k + 1
        past = self.on_action(k, rule="conditional-act")
        if after is not None and not after.punct and "person" not in self.vocab.flags(self.t[k].label("action")):
            return k + 4  # (辯君之南面: the lord, 之 and his facing are what is made out)
        return past

    def goes_first(self, k: int) -> bool:
        """先 (particles.tsv flag act-before-followers) with who or what follows
        written right after it, then 從, nothing done between (重先，奠從; 祝先，
        尸從; 執醴先，酒、脯醢、俎從; 使衆介先，衰而從之): the act of going first.
        Elsewhere an adverb, no event (先入, 先設, 先從)."""
        if not self.vocab.particle_has(self.t[k].text, "act-before-followers"):
            return False
        for m in range(k + 1, min(k + 2 + FOLLOWERS, len(self.t))):
            tok = self.t[m]
            if tok.is_("action") and tok.label("action") == "從" and not tok.is_("object"):
                return m > k + 1 and any(w.is_("role") or w.is_("object") for w in self.t[k + 1:m])
            if not (tok.text in ("，", "、") or tok.is_("role") or tok.is_("object") or particle(tok, "join")
                    or particle(tok, "link")):
                return False
        return False

    def leads(self, k: int) -> bool:
        """前 (particles.tsv flag leads) right after the role that does it and
        before a role, a pause, the end or a word the tables lack and a role:
        the act of leading the way (祝前尸出戶; 祝前鄉尸: 前道, 鄭注). Elsewhere a
        direction (席前, 自前適左) or, before an act or a time, no act (司射前戒之: goes
        forward; 諸侯前朝: before the audience)."""
        tok, before, after = self.t[k], at(self.t, k - 1), at(self.t, k + 1)
        if not (self.vocab.particle_has(tok.text, "leads") and tok.is_("action") and before is not None
                and before.is_("role")):
            return False
        if after is not None and not after.readings:
            after = at(self.t, k + 2)  # (鄉尸: turned towards the 尸)
            return after is not None and after.is_("role")
        return after is None or after.punct or after.is_("role")

    def used_by_officer(self, k: int) -> bool:
        """A thing used as a verb (冪: flag noun-act) right before 用 and what it
        is done with, in a sentence that names no one before it, where someone
        who is no principal party acts: the act, done with that thing (冪用疏布: the
        夏祝 covers the pots with coarse cloth). Where no one acts (冪用絺布，加勺), a
        role is written before it (公尊瓦大兩…冪用綌若錫) or the cloth is one of two (冪用錫若絺:
        the punctuated 大射儀, 司宮 in the sentence before), what the cover is made of."""
        if text_at(self.t, k + 1) != "用" or set(self.agent) <= self.vocab.principals \
                or "若" in (text_at(self.t, k + 3), text_at(self.t, k + 4)):
            return False
        n = k - 1
        while n >= 0 and not (self.t[n].punct and self.t[n].text in SENTENCE_END):
            if self.t[n].is_("role"):
                return False
            n -= 1
        return True

    def word_not_act(self, k: int) -> bool:
        """The act word at k is no act where it stands: 先 before no followers
        (先入: first; particles.tsv act-before-followers), 聲 before no count
        (聲不絕: the sound; flag count-only), 升 after a number of cloth (衰三升:
        the cloth's units; flag count-unit), 為 before 上 or 下 alone (膚為下: where
        it ranks; flag ranks). (用 has its act reading only after
        a negation: the tokenizer decides, particles.tsv after-negation.)"""
        tok = self.t[k]
        if self.vocab.particle_has(tok.text, "act-before-followers") and not self.goes_first(k):
            return True
        flags = self.vocab.flags(tok.label("action"))
        return ("count-only" in flags and not particle(at(self.t, k + 1), "numeral")) \
            or ("count-unit" in flags and self.counts_units(k)) \
            or ("ranks" in flags and particle(at(self.t, k + 1), "direction")
                and self.vocab.particle_has(text_at(self.t, k + 1), "surface"))

    def counts_units(self, k: int) -> bool:
        """The word at k comes right after the number of a cloth: a garment or
        cap before the number (衰三升, 其冠六升), or another such count (大功八升若九升,
        三升有半); not a number of people or of other things (司士三人升, 鼎三升)."""
        n = k - 1
        while n >= 0 and particle(self.t[n], "numeral"):
            if self.t[n].text == "人":
                return False
            n -= 1
        before = at(self.t, n) if n < k - 1 else None
        if before is not None and before.punct:
            before = at(self.t, n - 1)  # (the punctuated 衰三升，三升有半: the count goes on)
        if before is None:
            return False
        if before.is_("object") and not before.is_("role"):
            return before.label("object") in things_of_class("Dress")
        return before.text == "升" or particle(before, "condition")

    def not_used(self, event: Event) -> None:
        """An act read only after a negation (用, flag negated-only) with no
        subject written and no thing written after it is said of the things:
        they are not used, by no one named (庶襚繼陳不用, 不必盡用; rule not-used);
        whoever acted goes on. (Not 不用爵: someone does not use the cup.)"""
        if {"negated-only", "thing"} <= self.vocab.flags(event.action) and event.rule_for("objects") != "thing-after-act" \
                and event.rule_for("agent") != "written-subject":
            event.agents = []
            event.mark("agent", "not-used", replace=True)

    def leader_and_followers(self, event: Event) -> None:
        """Parties written together (夏祝及執事) who go on with 執X先 and then
        things and 從 (rule leader-and-followers): the first named leads, the
        others carry what follows, and all of them act on after it
        (夏祝及執事盥，執醴先，酒、脯醢、俎從，升自阼階: the 夏祝 holds the sweet
        wine and goes first, the 執事 follow with the rest, all go up)."""
        before = self.previous_event
        if event.action == "先" and event.rule_for("agent") == "carried-clause" and len(event.agents) > 1 \
                and before is not None and before.agents == event.agents and self.subject_at >= self.sentence_from:
            event.agents = event.agents[:1]
            event.mark("agent", "leader-and-followers", replace=True)
            if "holds" in self.vocab.flags(before.action) and before.j == event.i:
                before.agents = event.agents[:1]  # 執醴先: the one who goes first holds it
                before.mark("agent", "leader-and-followers", replace=True)
        elif "follows" in self.vocab.flags(event.action) and event.rule_for("agent") == "thing-subject" \
                and before is not None and before.action == "先" \
                and before.rule_for("agent") == "leader-and-followers" and before.agents[0] in self.before_thing:
            event.agents = [a for a in self.before_thing if a not in before.agents]
            event.mark("agent", "leader-and-followers", replace=True)
            self.agent = list(self.before_thing)
            self.set_origin("leader-and-followers", pending=False)
