"""Who acts: the field rules that give an event its agent beyond a written
subject (kg/extract/rules.py, kind ``agent``): the agent carried from the
last act, sentence or passage, and the other party of an exchange
(not-to-oneself, initiator-again, counted-exchange, gift-answered). A mixin
of :class:`kg.extract.events.PassageParser`, whose state it reads and sets."""
from __future__ import annotations

from kg.extract.event import Event
from kg.extract.phrases import at, text_at, particle
from kg.extract.vocab import labels_of_class, things_of_class, vocabulary


def last_principal(history: list[list[str]], besides: tuple[str, ...] | list[str] = ()) -> list[str]:
    """The principal party (roles of class Host) written last as a subject,
    none of ``besides``, else none: who goes on where an officer's part has ended."""
    principals = vocabulary().principals
    return next((list(h) for h in reversed(history) if h and set(h) <= principals and not set(h) & set(besides)), [])


def goes_out(event: Event) -> bool:
    """Someone written goes out (出, not negated): rule left-inside."""
    return event.action == "出" and not event.negated and bool(event.agents)


def comes_in(event: Event) -> bool:
    """Someone written comes in (入, not negated): rule left-inside."""
    return event.action == "入" and not event.negated and bool(event.agents)


class AgentRules:
    def set_origin(self, rule: str, pending: bool = True) -> None:
        """``agent`` was just set by ``rule``, in this sentence; ``pending``:
        the next act is the one the rule gives its agent to."""
        self.origin, self.origin_sentence, self.origin_pending = rule, self.sentence, pending

    def hand_to(self, event: Event, roles: list[str], rule: str) -> None:
        """``roles`` do the event and the acts after it with no subject written (``rule``)."""
        event.agents = list(roles)
        self.agent = list(roles)
        self.set_origin(rule, pending=False)
        event.mark("agent", rule, replace=True)

    def agent_rule(self) -> str:
        """The rule that gives the agent of an act here: the one that just set
        it (a subject written or joined, 皆), else the agent is carried from
        the last act of the same sentence, of an earlier sentence, or of the
        passage before."""
        if self.origin_pending:
            self.origin_pending = False
            return self.origin
        if self.origin_sentence < 0:
            return self.origin  # carried-passage, or told-acts-next (kg.extract.passages)
        if self.origin_sentence == self.sentence:
            return "carried-clause"
        return "carried-sentence"

    def left_inside(self, ended: list[Event], before: list[Event]) -> None:
        """A sentence that ends with someone going out (出), after a sentence
        in which others came in (入): they are left inside, and the next
        sentence's acts with no subject are theirs (the punctuated text's
        外御受沐入。主人皆出，戶外北面。乃沐: the 外御 washes; across
        passages, kg.extract.passages.came_in_last)."""
        last = ended[-1] if ended else None
        if last is None or not goes_out(last):
            return
        came = next((e for e in reversed(before) if comes_in(e)), None)
        if came is not None and not set(came.agents) & set(last.agents):
            self.agent = list(came.agents)
            self.set_origin("left-inside")

    def not_to_oneself(self, event: Event, about: list[str] | None = None) -> None:
        """An act with no written subject whose recipient is the carried agent
        (乃宿賓 after 賓拜送), or that is about him (``about``: 遂改筮尸 after
        尸送), is done by the other party: the subject before."""
        others = about if about is not None else event.recipients
        if not others or not set(others) & set(event.agents):
            return
        for earlier in reversed(self.history):
            if not set(earlier) & set(others):
                self.hand_to(event, earlier, "not-to-oneself")
                return

    def one_of_them(self, k: int) -> None:
        """一人 right after an act directed at a role, and then the act at k
        with no subject written: one of those it was directed at acts
        (主人…獻笙于西階上，一人拜，盡階: a piper bows and comes up)."""
        one, person = at(self.t, k - 2), at(self.t, k - 1)
        last = self.clause or (self.events[-1] if self.events else None)
        if self.fresh or getattr(one, "text", "") != "一" or getattr(person, "text", "") != "人" \
                or last is None or not last.recipients \
                or any(not t.punct for t in self.t if last.j <= t.i < one.i):
            return  # (a pause may come between: 獻笙于西階上。一人拜，盡階)
        self.agent = list(last.recipients)
        self.set_origin("one-of-them")

    def again(self, event: Event, k: int) -> None:
        """又V (particles.tsv flag again) with no subject written: the one who did V last does it again
        (尸又食食胾… | 又食上佐食舉尸腊肩: the 尸 eats again, not the 佐食 who acted
        last; 又筵于西序: the 司宮 who laid the mat before)."""
        if not self.vocab.particle_has(text_at(self.t, k - 1), "again"):
            return
        # the same act earlier in the sentence (坐祭之又祭酒: he goes on), else the same act on
        # the same thing where one is written (又設洗: who set the basin before), else the same act
        done = next((e for e in reversed(self.events[self.sentence_from:-1]) if e.action == event.action), None)
        before = [e for e in reversed(self.earlier + self.events[:-1]) if e.action == event.action]
        if done is None and event.objects:
            done = next((e for e in before if set(e.objects) & set(event.objects)), None)
        done = done or next(iter(before), None)
        if done is None or not done.agents or done.agents == event.agents:
            return  # (又設洗 after a 設洗 no one was named for: nothing to go by)
        event.agents = list(done.agents)  # (the acts after it keep the agent carried: 祝告又再拜釋幣…)
        event.mark("agent", "again", replace=True)

    def bow_goes_on(self, event: Event) -> None:
        """A salutation written right after one done again (rule again), no
        pause between, is the same party's (主人又再拜稽首: he bows and kowtows
        again; the agent carried on past 又 is not his: 祝告又再拜釋幣)."""
        before = self.previous_event
        kinds = self.vocab.action_class
        if before is None or before.j != event.i or before.rule_for("agent") != "again" \
                or kinds.get(before.action) != "Salutation" or kinds.get(event.action) != "Salutation":
            return
        event.agents = list(before.agents)
        event.mark("agent", "again", replace=True)

    def parallel_subjects(self, event: Event) -> None:
        """Subjects written in a row doing the same act (司馬舉羊鼎司士舉豕鼎舉魚鼎,
        主人升尸侑升): the next act of the sentence with no subject, a
        movement, is theirs together, and so are the acts after it (以入陳鼎:
        both bring in and set out the tripods; 復位: all three)."""
        kinds = self.vocab.action_class
        if event.rule_for("agent") != "carried-clause" or kinds.get(event.action) != "Movement":
            return  # going in or back together (主人升…賓升…再拜, 宗人曰…主人曰諾乃退: the last one acts on)
        run: list[Event] = []
        for done in reversed(self.events[self.sentence_from:-1]):
            if run and done.action != run[0].action:
                break
            run.append(done)
        moving = ("Movement", "Handling", "Offering")  # not bows or words, exchanged (主人及祝拜妥尸尸拜遂坐)
        if not run or run[0].action == event.action or kinds.get(run[0].action) not in moving \
                or "receives" in self.vocab.flags(run[0].action) \
                or any(done.recipients for done in run) or any(done.place or done.facing for done in run[1:]) \
                or self.norm[event.j:event.j + 1] == "之":
            return  # (賓降直西序東面主人降復初位: the 賓 has stopped; 庶子執俎從之: follows the other;
            # 大射正受弓小射正以笥受決拾退: each receives from the lord, in an exchange of his)
        written = [done for done in reversed(run) if done.rule_for("agent") == "written-subject"]
        if len({tuple(done.agents) for done in written}) < 2 or any(
                self.norm[one.j:other.i].count(role) > 1 for one, other in zip(written, written[1:])
                for role in other.agents):
            return  # (射人升賓，賓升立: the one made to go up, named twice, then goes on alone)
        self.agent = list(dict.fromkeys(role for done in written for role in done.agents))
        event.agents = list(self.agent)
        event.mark("agent", "parallel-subjects", replace=True)

    def mourners_act(self, event: Event) -> None:
        """A mourner's act (踊, flag mourners) with no subject written, where
        the agent carried is an officer (商祝, 御者) or no one, is the principal party's
        last written (踊無算, 御者執策立于馬後哭成踊: the 主人 wails and
        stamps), and so is a dress act right after it (乃祖踊襲: he covers his
        arm again); the officer goes on after them."""
        last = self.previous_event
        if "mourners" not in self.vocab.flags(event.action) and not (
                self.vocab.action_class.get(event.action) == "Dressing" and last is not None
                and last.rule_for("agent") == "mourners-act"):
            return  # neither a mourner's act nor a dress act right after one: the one carried keeps it
        if event.agents and set(event.agents) <= self.vocab.principals:
            return  # (and where no one is carried, things set out: 設熬旁一筐，乃塗，踊無算)
        mourners = last_principal(self.history)
        if mourners:
            event.agents = mourners
            event.mark("agent", "mourners-act", replace=True)

    def victims_officer(self, event: Event, k: int) -> None:
        """乃升司馬朼羊亦司馬載… 司士朼豕亦司士載… | 侑俎羊左肩…載于一俎: an act
        done by the officer of a victim (flag by-victim: 載) with no subject
        written, in a clause that names one victim, is done by the one who
        ladled that victim out of its tripod (flag ladles: 朼), in this passage
        or the ones just before: the 司馬 loads the sheep, the 司士 the pig."""
        if "by-victim" not in self.vocab.flags(event.action):
            return
        before = self.previous_event
        start = before.j if before is not None else 0
        victims = things_of_class("Victim")
        named = {tok.label("object") for tok in self.t[:k] if tok.i >= start and tok.is_("object")
                 and tok.label("object") in victims}
        if len(named) != 1:
            return  # (no victim named, or more than one: the one carried goes on)
        victim = named.pop()
        ladled = next((e for e in reversed(self.earlier + self.events[:-1]) if victim in e.objects and e.agents
                       and "ladles" in self.vocab.flags(e.action)), None)
        if ladled is not None:
            self.hand_to(event, ladled.agents, "victims-officer")

    def performers_play(self, event: Event) -> None:
        """An act of the musicians (歌, 奏; flag performers) with no subject
        written, where the agent carried is no musician (class Musician), is
        the musicians' written last in the passage, else no one's (賓出奏陔: the
        陔 is played, by no one the text names; 小樂正立于西階東 | 乃歌鹿鳴三終:
        not the director; which musicians sing the text does not say here)."""
        if "performers" not in self.vocab.flags(event.action):
            return
        musicians = labels_of_class("roles", "Musician")
        if event.agents and set(event.agents) <= musicians:
            return
        event.agents = next((list(h) for h in reversed(self.subjects) if set(h) <= musicians), [])
        event.mark("agent", "performers-play", replace=True)

    def initiator_again(self, event: Event) -> None:
        """A response (答拜) closes an exchange: the next salutation with no
        subject, directed at someone else, is the initiator's again
        (主人…再拜賓賓答拜拜介: the host bows to the 介)."""
        seen = (self.earlier + self.events)[-3:]  # the passage's own, or the last before it
        if len(seen) < 3 or not event.recipients or len(self.history) < 2:
            return  # (…再拜賓答再拜 | 揖衆賓: the exchange may end the passage before)
        opening, before = seen[-3], seen[-2]
        if ("response" not in self.vocab.flags(before.action) or before.agents != event.agents
                or self.vocab.action_class.get(event.action) != "Salutation"):
            return
        initiator = opening.agents  # (拜介介答拜 | 揖衆賓: the host, though the text last wrote him before)
        # only where the initiator's act was directed at the one who answered (再拜賓, 賓答拜),
        # or at no one written (主人再拜，賓答再拜，三拜衆賓: the host bows to the others next)
        if not initiator or initiator == before.agents or initiator not in self.history[-3:]:
            return
        if opening.recipients and not set(opening.recipients) & set(before.agents):
            return
        if not opening.recipients and not ("拜" in opening.action and ("拜" in event.action or event.action == "揖")):
            return  # (兄弟再拜，冠者答拜，見贊者: the one who answered goes on visiting; but …再拜，賓答再拜 | 揖衆賓)
        if not set(initiator) & set(event.recipients) and initiator != event.agents:
            self.hand_to(event, initiator, "initiator-again")

    def giver_lays(self, event: Event) -> None:
        """Laying a gift down (flag gift-laid: 委) with no subject written,
        right after the bow of the one given to: the giver lays it, the one
        who presented it in the passage, or the one he sent (庶兄弟襚，使人以將命
        于室，主人拜于位，委衣于尸東牀上: the messenger; 朋友襚，親以進，主人拜，
        委衣如初: the friend). The acts after it stay the carried agent's."""
        bow = self.previous_event
        if bow is None or "gift-laid" not in self.vocab.flags(event.action) or bow.agents != event.agents \
                or self.vocab.action_class.get(bow.action) != "Salutation":
            return
        for earlier in reversed(self.events[:-2]):
            if earlier.agents == bow.agents:
                continue
            if earlier.rule_for("recipients") == "sent-by-errand":
                giver = earlier.recipients  # the one sent with the gift
            elif {"thing", "person"} <= self.vocab.flags(earlier.action):
                giver = earlier.agents  # 襚, 贈, 賵: the one who gives
            else:
                continue
            event.agents = list(giver)
            event.mark("agent", "giver-lays", replace=True)
            return

    def asker_again(self, event: Event) -> None:
        """A request (flag content) answered by another's report (flag report)
        with its subject written: the next act with no subject, a movement or
        a bow, is the asker's again (擯者出請賓告事畢入告: the 擯者 goes in and
        reports); a bow, where the asker is no principal party (an officer),
        is that of the principal written last but the one who reported, for
        whom he asked (又請賓告事畢拜送: the 主人 bows him off, not his usher)."""
        if len(self.events) < 3:
            return
        asked, answer = self.events[-3], self.events[-2]
        if answer.rule_for("agent") != "written-subject" or "report" not in self.vocab.flags(answer.action) \
                or "content" not in self.vocab.flags(asked.action) or not asked.agents \
                or set(asked.agents) & set(answer.agents) or event.agents != answer.agents \
                or self.vocab.action_class.get(event.action) not in ("Movement", "Salutation"):
            return  # (擯者請期，宰告曰質明行事，告兄弟及有司: the 宰 tells on)
        asker = asked.agents
        if self.vocab.action_class.get(event.action) == "Salutation" and not set(asker) <= self.vocab.principals:
            asker = last_principal(self.history, besides=answer.agents) or asker
        self.hand_to(event, asker, "asker-again")

    def counted_exchange(self, event: Event, k: int) -> None:
        """三揖, 三讓 (flag mutual): bows and yieldings counted are exchanged,
        so the one acting and the party last written before him both do them
        (…執鴈從至于廟門…三揖至于階三讓: 主人 and 賓)."""
        counted = particle(at(self.t, k - 1), "numeral") and not particle(at(self.t, k - 2), "numeral")
        # 揖讓 written together: a bow and a yielding, exchanged as counted ones are (those two only)
        paired = not counted and any(
            tok is not None and tok.is_("action") and tok.label("action") != event.action
            and "mutual" in self.vocab.flags(tok.label("action")) for tok in (at(self.t, k - 1), at(self.t, k + 1)))
        if "mutual" not in self.vocab.flags(event.action) or not (counted or paired) or len(event.agents) != 1:
            return  # (降一等揖之: a measure)
        principals = self.vocab.principals
        # a principal party exchanges with a principal (主人…沃洗者西北面。卒洗，主人壹揖壹讓: the 賓)
        other = (self.other_party(event.agents, k, among=principals) if set(event.agents) <= principals else None) \
            or self.other_party(event.agents, k)
        if other is None:
            return
        event.agents = list(other) + event.agents
        event.mark("agent", "counted-exchange", replace=True)
        if not paired:  # counted ones go on to the acts after them (三揖至于階三讓)
            self.agent = list(event.agents)
            self.set_origin("counted-exchange", pending=False)

    def other_party(self, agents: list[str], k: int, among: set[str] | None = None) -> list[str] | None:
        """The party other than ``agents`` written last before token k in the
        passage (止使者…侯氏與之讓; 主人以賓三揖), else the last one of the
        passage before, as subject or as the one acted on. One who acted
        since, unnamed, is later than the name written (王勞之再拜稽首擯者延之:
        the 侯氏 bowed last, not the 王 written before). ``among``: only
        parties of these roles."""
        def fits(roles) -> bool:
            return bool(roles) and not set(roles) & set(agents) and (among is None or set(roles) <= among)

        acted = next((e for e in reversed(self.events) if e.i < self.t[k].i and fits(e.agents)), None)
        for n in range(k - 1, -1, -1):
            if acted is not None and self.t[n].i < acted.i:
                return list(acted.agents)
            tok = self.t[n]
            if tok.is_("role") and fits([tok.label("role")]):
                return [tok.label("role")]
        named = [r for e in self.earlier[-5:] for r in e.agents + e.recipients]
        found = next(([r] for r in reversed(named) if fits([r])), None)
        return found or next((list(h) for h in reversed(self.history) if fits(h)), None)

    def invited_answers(self, event: Event, k: int) -> None:
        """王勞之再拜稽首, 擯者延之曰升升成拜: an act that invites an answer
        (actions.tsv flag invites) hands the acts after it with no subject
        written to the one invited: its recipient, or the other party where
        it is directed at 之; a bow that beckons (flag beckons) only in the
        latter case (賓揖之適房: the one capped goes to the room)."""
        flags = self.vocab.flags(event.action)
        if not flags & {"invites", "beckons"}:
            return
        nxt = at(self.t, k + 1)
        other = self.other_party(event.agents, k) if nxt is not None and nxt.text == "之" else None
        invited = (event.recipients or other) if "invites" in flags else other  # (beckons: 揖之 only)
        if invited and not set(invited) & set(event.agents):
            self.agent = list(invited)
            self.set_origin("invited-answers")

    def not_ones_own(self, event: Event, k: int) -> None:
        """賓降取爵于篚辭降如初卒洗升酌: no one declines his own going down
        (flag answers-other): with no subject written the act is the other
        party's, and the one who went down goes on (the carried agent stays)."""
        declined = next((f.split("=", 1)[1] for f in self.vocab.flags(event.action)
                         if f.startswith("answers-other=")), None)  # what is declined: his 降, his 洗
        if declined is None or len(self.events) < 2 or not event.agents:
            return
        last = next((e for e in reversed(self.events[-4:-1]) if e.action == declined), None)
        if last is None or last.agents != event.agents:
            return  # (賓少進辭洗: the 主人 washes, the 賓 declines it; 賓降主人奠觶辭降)
        other = self.other_party(event.agents, k)
        if other:
            event.agents = list(other)
            event.mark("agent", "not-ones-own", replace=True)

    def bow_declined(self, event: Event) -> None:
        """賓下拜小臣辭升成拜: one who declines (flag declines) a bow or a
        going down by another hands the acts after it with no subject written
        back to the one who bowed (he goes up and completes the bow)."""
        if "declines" not in self.vocab.flags(event.action) or len(self.events) < 2 or event.objects:
            return  # (終辭其贄: a gift declined, no bow)
        bowed = self.events[-2]
        if bowed.agents and not set(bowed.agents) & set(event.agents) and (
                self.vocab.action_class.get(bowed.action) == "Salutation" or bowed.action == "下"):
            self.agent = list(bowed.agents)
            self.set_origin("bow-declined")

    def waits_for_other(self) -> None:
        """受賜爵者…坐公卒爵然後飲: 然後 (flag back) after another's act hands
        the act that follows back to the one who waited for it, the subject
        of the sentence before the other was named."""
        if len(self.events) < 2 or len(self.history) < 2 or len(self.events) - 1 <= self.sentence_from:
            return
        other, waited = self.history[-1], self.history[-2]
        if self.events[-1].agents == other and any(e.agents == waited for e in self.events[self.sentence_from:-1]):
            self.agent = list(waited)
            self.set_origin("waits-for-other")

    def bow_pair(self, event: Event, k: int) -> None:
        """母拜受子拜送 (子, no role of the tables): a bow in sending (拜送:
        class Salutation, takes things, receives none) with no subject, right
        after a bow in receiving (拜受, flag receives) by the one carried: the
        one who received does not send; the other party does."""
        last = self.previous_event  # (the event itself is the last)
        flags = self.vocab.flags(event.action)
        if last is None or last.agents != event.agents or not event.agents \
                or self.vocab.action_class.get(last.action) != "Salutation" or "receives" not in self.vocab.flags(last.action) \
                or self.vocab.action_class.get(event.action) != "Salutation" or "thing" not in flags or "receives" in flags:
            return
        other = self.other_party(event.agents, k)
        if other:
            self.hand_to(event, other, "bow-pair")

    def gift_answered(self, event: Event) -> None:
        """天子賜侯氏以車服，迎于外門外，再拜: after a gift, the one given to
        answers it (goes to meet, bows, receives) where no subject is written."""
        # The gift is the event right before, in this sentence or ending the one before (the
        # punctuated text's 雍人授次賓疏匕與俎。受於鼎西).
        if len(self.events) < 2:
            return
        gift = self.events[-2]
        gives = self.vocab.flags(gift.action)
        # an offering, or any act that hands a thing to a person (授)
        if ("thing" not in gives or not (self.vocab.action_class.get(gift.action) == "Offering" or "person" in gives)
                or not gift.recipients
                or "receives" not in self.vocab.flags(event.action)
                or gift.agents != event.agents or set(gift.recipients) & set(event.agents)
                or set(event.recipients) & set(gift.recipients)):
            return
        self.hand_to(event, gift.recipients, "gift-answered")
