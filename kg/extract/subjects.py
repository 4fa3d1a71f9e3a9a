"""Who acts, as the text writes it: a role read as the subject of the acts
that follow (or as a place, a stand's owner, what the act before governs),
and 皆 after two alternating subjects. A mixin of the passage parser
(:class:`kg.extract.events.PassageParser`): it reads the parser's tokens
and state; what is carried when no subject is written is
:mod:`kg.extract.agents`."""
from __future__ import annotations

from kg.extract.phrases import (PlacePhrase, at, genitive, hand_before_act, particle, past_pause, read_place,
                                read_roles, text_at, things_of_class)
from kg.extract.speech import CLAUSE_PUNCT
from kg.extract.vocab import SENTENCE_END, THE_LORD

VASSAL = "臣"  # the role of whoever has an audience with the lord (rule vassal)
from kg.text.normalise import normalise


class SubjectReading:
    def with_role(self, k: int) -> bool:
        """與賓揖: 與 after a pause or an act, before a role that acts."""
        prev, nxt = at(self.t, k - 1), at(self.t, k + 1)
        return (nxt is not None and nxt.is_("role") and self.agent != []
                and (prev is None or prev.punct or prev.is_("action") or prev.is_("facing")))

    def act_as_noun(self, k: int) -> int | None:
        """After a role and 之, an act word (no thing, place or role too) is a
        noun, "the role's V", where another act takes it (婦餕姑之饌, 俟君之食,
        以父母之命): the index after it, else None. Not where a comparison
        follows: 賓之受如初禮 is the 賓 receiving as before; not 為 (flag
        complement), which opens a clause (昆弟之為父後者)."""
        tok, nxt = at(self.t, k), at(self.t, k + 1)
        if tok is None or not tok.is_("action") or tok.is_("object") or tok.is_("place") or tok.is_("role"):
            return None
        if "complement" in self.vocab.flags(tok.label("action")):
            return None  # 昆弟之為父後者: the brother who is the father's heir, 之 before a clause
        if nxt is not None and nxt.punct:
            nxt = at(self.t, k + 2)  # 賓之受，如初禮
        if nxt is not None and (particle(nxt, "like") or self.vocab.particle_value(nxt.text, "repeats")):
            return None
        return k + 1

    def on_role(self, k: int, joining: bool = False) -> int:
        if self.t[k].is_("action") and k > 0 and (self.vocab.particle_has(self.t[k - 1].text, "then")
                                                   or particle(self.t[k - 1], "not-done")) \
                or self.doubled(k):
            return self.on_action(k)  # 乃祝, 祝祝: the act of invoking, not the 祝; 卒祝: when it is done
        if not joining and self.joins_in_same_act(k):
            self.clause.recipients = [self.t[k].label("role")]  # 主人揖贊者與賓揖: he bows to the
            self.clause.mark("recipients", "recipient-after-act")  # 贊者, then bows with the 賓
            self.extend(self.clause, k + 1)
            return self.on_role(k + 2, joining=True)
        roles, after = read_roles(self.t, k)
        place = read_place(self.t, k, heads=("role",), need_direction=True)
        if place is not None and place[1] == k + 2 and self.vocab.particle_has(self.t[k + 1].text, "leads") \
                and not particle(at(self.t, k - 1), "preposition"):
            place = None  # 祝前尸出戶: the 祝 leads the way; 司射前戒之: goes forward (not 于賓前)
        if place is not None and not particle(at(self.t, k - 1), "preposition") \
                and hand_before_act(self.t, place[1], place[0].label[len(place[0].head):]) \
                and not genitive(at(self.t, k + 1)) and not self.no_hand_in(place[1]) \
                and (not self.fresh or not self.puts_somewhere(place[1])):
            # 史左執筮: the 史 holds it in his left hand; 工四人二瑟小臣左何瑟: the 小臣
            # carries the zither on his left shoulder (主人賓右奠觚, 主人賓右拜送爵,
            # 賓大夫之右坐: at the 賓's, the 大夫's right; no one bows or sits with a hand)
            place = None
        side = place[0].label[len(place[0].head):] if place is not None else ""
        if place is not None and len(roles) <= 1 and not self.fresh and len(side) == 1 and after + 1 == place[1] \
                and self.act_at(place[1]) and self.after_facing_or_way(k):
            # 婦人升東面衆主人東即位 (降自西階衆主人東即位): after an act and its facing or place, a role and one direction
            # right before an act: the role acts, going that way (not 主人介右北面拜: a place);
            # a pause may follow the facing (the punctuated text's 婦人升，東面。眾主人東即位)
            self.flush()
            self.take_subject(roles, "written-subject")
            self.wait_place(PlacePhrase(side, "place", side, False), "bare-place")
            return place[1]
        if place is not None and len(roles) <= 1:
            return self.on_bare_place(k, place)  # 賓之席前, 三耦之南: a place, no participant
        if self.received_from(k, roles, after):
            return self.verb_end
        if self.stand_owner(k, after):
            return after  # 侑俎羊左肩…載于一俎: whose stand is loaded, not who loads it
        portion = self.portion_of(k, after)
        if portion is not None:
            return portion  # 侑主人皆一魚: each has one fish laid on his stand; they lay nothing
        nxt = at(self.t, after)
        named = self.act_as_noun(after + 1) if getattr(nxt, "text", "") == "之" else None
        if named is not None:
            return named  # 姑之饌, 君之食, 父母之命: whose food, meal, command; no act, no subject
        owned = at(self.t, after + 1) if getattr(nxt, "text", "") == "之" else None
        if owned is not None and owned.is_("object") and not owned.is_("role"):
            return after + 1  # 衆賓之席繼而西: whose mats; the role is no subject
        self.role_since = True
        if nxt is not None and self.vocab.particle_has(nxt.text, "relative"):
            return after  # 取大夫所媵觶: what the 大夫 presented, he is no subject here
        if k > 0 and self.vocab.particle_has(self.t[k - 1].text, "existential") and not self.named_by_deed(roles):
            self.there_is = roles
            return after  # 有賓則拜之: if there is a guest, one bows to him
        # (有遵者則入門左, 有襚者則將命: one named by what he does is the one who does it)
        if particle(nxt, "topic") and particle(at(self.t, after + 1), "benefactive"):
            return after + 2  # 大師則為之洗: someone else acts for the 大師
        nxt_tok = at(self.t, after)
        if not self.acts_later(after) or (nxt_tok is not None and nxt_tok.punct and nxt_tok.text in CLAUSE_PUNCT
                                          and not self.topic_then_act(k, after)):
            # 上射于右, 乃祝，: no act of its own. A facing waiting before them is
            # the last act's (即位…南面，宰宗人西面: GUIDELINES 7, a new subject
            # follows); a facing right after them is where they stand, no act's.
            # (立于序端西面賓西序東面: the facing read ended the clause, but no role came between)
            last = self.clause or (self.sentence_last() if not self.facing_after_role else None)
            if self.facing and last is not None and last.facing is None:
                last.facing, self.facing = self.facing, None
                last.mark("facing", "facing")
            self.standing = (roles, len(self.events))  # 主人及兄弟如葬服: described, for a 皆 to come
            if nxt_tok is not None and nxt_tok.is_("facing") and not self.acts_later(after + 1):
                return after + 1
            return after
        self.flush()
        self.handed_to(k, roles, after)
        if joining:
            roles = self.agent + [r for r in roles if r not in self.agent]
        self.take_subject(roles, "joined-subject" if joining else "written-subject")
        return after

    def named_by_deed(self, roles: list[str]) -> bool:
        """Every role is a participant named X者 by what he does: in the tables
        (遵者) or X an act (襚者); not 奇者, an odd tally (若有奇者則曰奇)."""
        return all(role.endswith("者") and ("role" in self.vocab.forms.get(role, {})
                                            or role[:-1] in self.vocab.action_grammar) for role in roles)

    def washers_named(self, k: int) -> int | None:
        """An act on things (class Handling) right after the role just written and
        right before the washing that readies a task (盥, flag readies) names more
        who act: those who will do it, X者 (祝徹盥于門外: 祝與有司當徹小斂之奠者, 鄭注; the punctuated
        text writes 祝、徹、盥). They join the role; the index after the word, else None."""
        before = k - 2 if text_at(self.t, k - 1) == "、" else k - 1
        after = k + 2 if text_at(self.t, k + 1) == "、" else k + 1
        role, washing, act = at(self.t, before), at(self.t, after), self.t[k].readings.get("action")
        if not (self.fresh and self.agent and role is not None and role.is_("role") and act is not None
                and not self.t[k].is_("role") and self.act_at(after)
                and "readies" in self.vocab.flags(washing.label("action"))
                and self.vocab.action_class.get(act) == "Handling"):
            return None  # (賓降盥: he goes down and washes; 媵御沃盥: pouring the water is part of the washing)
        self.take_subject(self.agent + [act + "者"], "written-subject")
        return after

    def take_subject(self, roles: list[str], origin: str) -> None:
        """``roles`` act from here on: the subject written for the acts that follow."""
        self.subject_at = len(self.events)
        self.agent = roles
        self.set_origin(origin)
        self.subjects.append(roles)
        if not self.history or self.history[-1] != roles:
            self.history.append(roles)
        self.fresh = True
        self.clause = None
        self.commanded = None  # someone else is written as acting now
        self.neg = False  # a 不 before the subject was another clause's (祝受不相爵主人拜: the 主人 bows)

    def no_hand_in(self, k: int) -> bool:
        """The act at k is a bow or a posture: nothing done with a hand (but
        使者左還: he turns to the left, a movement's way)."""
        return self.act_at(k) and self.vocab.action_class.get(self.t[k].label("action")) in ("Salutation", "Posture")

    def topic_then_act(self, k: int, after: int) -> bool:
        """The roles k..after open their clause (only words the tables lack
        before them: 凡) and a pause, then an act (or a place, a facing and
        the act; a negation, an adverb or 則 before it) follow: they are its
        subject (the punctuated 凡執幣者，不趨; 賓，西階東，北面答拜; 所知，則賵: as the
        unpunctuated text reads it)."""
        j = k - 1
        while j >= 0 and not self.t[j].punct and not self.t[j].readings:
            j -= 1
        n = after + 1
        adverbs = n
        while particle(at(self.t, n), "negation", "adverb", "topic"):
            n += 1  # (執幣者，不趨; 公、侯、伯、子、男，皆就其旂而立; 所知，則賵)
        if any(particle(at(self.t, m), "adverb") for m in range(adverbs, n)) and self.act_at(n) \
                and self.vocab.action_class.get(self.t[n].label("action")) == "Offering":
            return False  # 樂正與立者，皆薦以齒: they are served, by age
        place = read_place(self.t, n, heads=("place",)) if not self.act_at(n) else None
        if place is not None:  # (賓，西階東，北面答拜: where he stands, then the act)
            n = place[1]
            while at(self.t, n) is not None and (at(self.t, n).is_("facing") or at(self.t, n).text in CLAUSE_PUNCT):
                n += 1
        return (j < 0 or self.t[j].punct) and self.act_at(n)

    def is_group(self, role: str) -> bool:
        """The role names many (三耦, 諸公): its first word counts
        (particles.tsv numeral, or flag group). Not 衆賓 yet: 衆 made a
        grammar word broke participants in 者 (衆射者), so it is none."""
        first = normalise(role[0])
        return self.vocab.forms.get(first, {}).get("particle") == "numeral" or self.vocab.particle_has(first, "group")

    def did_the_same(self, k: int) -> None:
        """A role written with a place of its own and 亦如之 (at k) for its
        acts has acted: it is the subject carried on, and a 皆 after it means
        the last two parties (主人…袒決遂執弓，賓於堂西亦如之，皆由其階: both;
        rule both-after-all). Not a role with no place (介亦如之: the 介 is
        invited the same way) nor one that owns a thing (婦車亦如之)."""
        between = []
        for tok in reversed(self.t[:k]):
            if tok.is_("role"):
                break
            between.append(tok)
        if not any(tok.is_("place") for tok in between) \
                or any(tok.is_("object") or tok.text == "之" for tok in between):
            return
        if self.standing is not None and self.standing[1] == len(self.events) and not self.fresh:
            self.take_subject(self.standing[0], "written-subject")
            self.standing = None
        elif not self.fresh:
            return
        self.set_origin("written-subject", pending=False)
        self.fresh = False

    def acts_later(self, k: int) -> bool:
        """An act follows before the next subject, condition or sentence end."""
        while (tok := at(self.t, k)) is not None:
            if tok.punct and tok.text in SENTENCE_END or particle(tok, "condition"):
                return False
            if particle(tok, "like") and self.rite_end(k, tok) is None:
                k = self.compared_end(k + 1)  # 公如賓服迎賓: the 賓 is what the dress is like
                continue
            if self.doubled(k):
                return True
            if self.led_after(k) is not None:
                return True  # 主人以賓揖: he acts, leading the 賓
            if tok.is_("role"):
                if read_place(self.t, k, heads=("role",), need_direction=True) is None:
                    return False
            elif self.act_at(k):
                return True
            elif tok.is_("action") and particle(tok, "join") and self.reaches_place(k):
                return True  # 尸及階: 及 "reach", not "and"
            k += 1
        return False

    def days_before(self, k: int) -> bool:
        """The act at k is named only to count days before it (前宿一日: a day
        before the invitation; 前射三日): a time, no event."""
        before, count, days = at(self.t, k - 1), at(self.t, k + 1), at(self.t, k + 2)
        return before is not None and self.vocab.particle_has(before.text, "days-before") \
            and particle(count, "numeral") and days is not None and days.text == "日"

    def stand_owner(self, k: int, after: int) -> bool:
        """Roles that open a clause right before a stand and the cuts laid on it
        (侑俎羊左肩左肫…, 主婦俎羊左臑…; 侑俎：羊左肩… where the text is
        punctuated) say whose stand it is: no subject."""
        stand, n = at(self.t, after), past_pause(self.t, after + 1)  # 侑俎：羊左肩… (the punctuated text)
        if particle(at(self.t, n), "numeral"):
            n += 1  # 尸俎五魚: five fish on the 尸's stand
        nxt = at(self.t, n)
        prev = at(self.t, k - 1)
        return (prev is None or prev.punct or not prev.is_("action")) and stand is not None \
            and stand.is_("object") and not stand.is_("action") and stand.label("object") == "俎" \
            and nxt is not None and nxt.is_("object") \
            and (nxt.label("object") in things_of_class("Victim") or nxt.label("object") in things_of_class("MeatCut"))

    def portion_of(self, k: int, after: int) -> int | None:
        """Roles that open a clause, then (皆 and) a count of a victim or a
        cut: each one's portion, no subject (司士…載尸俎五魚…侑主人皆一魚亦橫載之:
        the 司士 lays one fish for each). The position after the thing, else None."""
        prev = at(self.t, k - 1)
        if prev is not None and prev.is_("action") and not particle(prev, "pronoun"):
            return None
        n = after + 1 if text_at(self.t, after) == "皆" else after
        count, thing = at(self.t, n), at(self.t, n + 1)
        if not particle(count, "numeral") or thing is None or not thing.is_("object") or thing.is_("action"):
            return None
        cuts = things_of_class("Victim") | things_of_class("MeatCut")
        return n + 2 if thing.label("object") in cuts else None

    def doubled(self, k: int) -> bool:
        """A word that names a role and an act, written twice: the role, then
        its act (祝祝: the 祝 invokes; not 獻祝祝拜, where the first is whom the
        act before is for) — after an act too where words said, another role
        or a pause follow (再拜稽首祝祝曰…, 尸祭之祝祝主人拜: no act is the second's)."""
        tok, before = at(self.t, k), at(self.t, k - 2)
        return k > 0 and tok is not None and tok.is_("role") and tok.is_("action") and self.t[k - 1].text == tok.text \
            and (before is None or before.punct or not before.is_("action") or self.acts_alone(k))

    def acts_alone(self, k: int) -> bool:
        """The act word at k has nothing after it that it could be the
        subject of: words said, another role, a pause or the end."""
        after = at(self.t, k + 1)
        return after is None or after.punct or particle(after, "quote") or after.is_("role")

    def joins_in_same_act(self, k: int) -> bool:
        """The role at k right after an act directed at a person, then 與, a
        role and that same act again: the first role is whom the act was
        directed at; the one acting does it again with the second."""
        last = self.clause
        if last is None or self.verb_token != k - 1 or last.recipients or self.fresh \
                or not self.vocab.flags(last.action) & {"person", "person?"}:
            return False
        joined, other = at(self.t, k + 1), at(self.t, k + 2)
        return getattr(joined, "text", "") == "與" and other is not None and other.is_("role") \
            and self.act_at(k + 3) and self.t[k + 3].label("action") == last.action

    def served_by(self, server: list[str]) -> list[str]:
        """Those the carried agent last served, each in turn, with an
        offering (class Offering) of the same kind: two or more, none the
        server himself (贊…酳主人…酳婦亦如之). Looked for in this passage and
        the four before, back to an offering of another kind; else []."""
        served: list[str] = []
        kind = None
        for event in reversed(self.earlier_passage(4) + self.events):
            if event.agents != server or self.vocab.action_class.get(event.action) != "Offering" \
                    or not event.recipients:
                continue
            if kind is not None and event.action != kind:
                break
            kind = event.action
            served[:0] = [r for r in event.recipients if r not in served]
        return served if len(served) > 1 and not set(served) & set(server) else []

    def reaches_place(self, k: int) -> bool:
        """及 at k is the act "reach" (尸及階), not "and": a place follows, not a role."""
        nxt = at(self.t, k + 1)
        return nxt is not None and not nxt.is_("role") and read_place(self.t, k + 1) is not None

    def on_all(self, act_next: bool = True) -> None:
        """皆 after two alternating subjects (主人…賓…皆揖) means both; right
        before an act, after offerings to two parties in turn, those served
        (rule all-served; not 皆如初, a manner)."""
        if self.fresh and self.standing is not None and self.standing[1] == len(self.events) \
                and self.subjects and self.standing[0] != self.subjects[-1]:
            # 主人及兄弟如葬服，賓執事者如弔服，皆即位: two parties described, then 皆
            first, second = self.standing[0], self.subjects[-1]
            self.agent = first + [r for r in second if r not in first]
            self.set_origin("both-after-all")
            return
        if self.fresh:
            return
        served = self.served_by(self.agent) if act_next else []
        if served:
            self.agent = served  # 酳主人…酳婦亦如之，皆祭: the two served offer, not the server
            self.set_origin("all-served")
            return
        if len(self.subjects) < 2:
            return
        first, second = self.subjects[-2], self.subjects[-1]
        acted = len(self.events) - self.subject_at  # acts of the second party since he was written
        # 主人…再拜，賓…答再拜，皆揖: an exchange just made; not after the second party's
        # own round of acts (媵爵者洗…升…降…皆再拜: all of them)
        if first != second and self.agent == second and len(second) == 1 and acted <= 2 \
                and not self.is_group(second[0]):  # (三耦拾取矢，皆袒: all the pairs)
            self.agent = first + [r for r in second if r not in first]
            self.set_origin("both-after-all")

    def vassal(self, event) -> None:
        """An audience (flag audience) with the lord, no subject written in
        its passage: whoever presents himself to the lord is his 臣, the
        vassal (始見于君執摯: any vassal, not the one acting last), unless the
        passage opens by going on with the story (乃)."""
        if "audience" not in self.vocab.flags(event.action) or not set(event.recipients) & THE_LORD \
                or event.rule_for("agent") not in (None, "carried-passage"):
            return
        opens = next((tok for tok in self.t if not tok.punct), None)
        if opens is not None and self.vocab.particle_has(opens.text, "then"):
            return  # 乃易服…奠摯見於君: the one capped, whose story goes on
        self.hand_to(event, [VASSAL], "vassal")

    def after_facing_or_way(self, k: int) -> bool:
        """Token k follows a facing or the place an act went by (降自西階), or a
        pause right after one."""
        n = past_pause(self.t, k - 1, -1)
        before = at(self.t, n)
        return before is not None and (before.is_("facing") or (
            before.is_("place") and particle(at(self.t, n - 1), "preposition")))
