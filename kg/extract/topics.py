"""Clauses that open with a thing: what is done with it, and by whom
(rules thing-subject, fronted-thing and holders-act of the rule table), and
the words that may stand between the thing and its act, a part of
:class:`kg.extract.events.PassageParser`."""
from __future__ import annotations

from kg.extract.phrases import at, particle, past_pause, read_place, read_things, text_at
from kg.extract.things import carried_things
from kg.extract.vocab import EACH_OR_ALL


class ThingTopics:
    """A thing written first, then what is done with it (鼎入, 匕皆加于鼎)."""

    def open_thing_clause(self, things: list[str], after: int) -> int:
        """The things open a clause of what is done with them (rule
        thing-subject, or fronted-thing in a participant's sentence)."""
        self.wait_things(things, "thing")
        holders = self.holders_of(things)
        if holders:  # (匕皆加于鼎，二俎設于羊鼎西: the stands are set by those who carried them)
            self.agent = holders
            self.set_origin("holders-act")
        elif self.fronted_by_agent(after):
            self.set_origin("fronted-thing")
        else:
            self.before_thing = self.agent or self.before_thing
            self.agent = []
            self.set_origin("thing-subject")
        return after

    def carried_things_go_on(self, event, flags: set[str]) -> bool:
        """The act right after another that carried its things (a movement) or
        whose clause opened with them (rule thing-subject), with no subject
        written, takes those things: 俎入設于豆東, what is carried in is set down;
        新盆…皆濯造于西階下, what the clause opened with is rinsed, then brought
        below the steps. So across a comma of the punctuated text (俎入，設于豆東),
        though not after things that follow (籩、燔從，獻佐食; 酒、脯、醢、俎從，升自阼階:
        those who went before go on) nor for a movement after a comma."""
        carried = self.previous_event
        if carried is None or carried.rule_for("objects") != "thing" or self.verb_token == 0 \
                or carried.rule_for("agent") == "things-follow":  # (…籩燔從，獻佐食: he presents the cup)
            return False
        topic = carried.rule_for("agent") == "thing-subject"
        movement = self.vocab.action_class.get(event.action) == "Movement"
        comma = text_at(self.t, self.verb_token - 1) == "，"
        if comma and (movement or "follows" in self.vocab.flags(carried.action)):
            return False
        return ("thing" in flags or (topic and movement and "placed" not in flags)) \
            and self.t[self.verb_token - 1 - comma].j == carried.j \
            and (topic or self.vocab.action_class.get(carried.action) == "Movement")  # (酒錯，復位: he goes back)

    def chain_of_things(self, event, past: int) -> bool:
        """The clause of ``event`` opened with its things and no one (rule
        thing-subject), and the things after it are followed at once by the
        same act: each thing opens its own clause (豆錯俎錯于豆東, 奠從燭從柩從:
        the stands are set down, the torch follows), not more of the first."""
        act = at(self.t, past)
        return event.rule_for("agent") == "thing-subject" and bool(event.objects) and act is not None \
            and act.is_("action") and act.label("action") == event.action

    def follows_at(self, end: int, waits: bool = False) -> int | None:
        """Past words that are things as well as acts (燔, roast meat, also
        "to burn"), where an act of flag follows (or, with ``waits``, of
        waiting) stands with no thing of its own after it (燔從; not 車各從其馬,
        從之): the index of that act."""
        while at(self.t, end) is not None and self.t[end].is_("object") and self.t[end].is_("action"):
            end += 1
        nxt, own = at(self.t, end), at(self.t, end + 1)
        flags = {"follows", "waits"} if waits else {"follows"}
        if nxt is None or not nxt.is_("action") or not flags & self.vocab.flags(nxt.label("action")) \
                or (own is not None and (own.is_("object") or particle(own, "pronoun"))):
            return None
        return end

    def things_that_follow(self, event, things: list[str], after: int, past: int) -> tuple[list[str], int] | None:
        """Things read after ``event``'s act (from ``after`` up to ``past``),
        right before an act of flag follows: those that follow (三獻燔從)
        are no objects of the act; of two or more, with no one the act is
        directed at, the first stays its own (啐酒肝牢從). Not after an act
        that holds its things (執巾席從). So too things after the first an act
        of clearing away takes, right before an act of waiting: they wait
        (徹鼎巾待于阼階下, 徹奠巾席俟于西方: the cloth waits; not 取弓矢俟, 設俎俟載).
        Returns the things the act keeps and where the ones that follow begin
        (rule things-follow), or None."""
        end = self.follows_at(past, waits="clears" in self.vocab.flags(event.action) and len(things) > 1)
        if end is None or end == after or "holds" in self.vocab.flags(event.action):
            return None
        things = things + [self.t[n].label("object") for n in range(past, end)]
        keep = 1 if len(things) > 1 and not event.recipients else 0
        starts = [n for n in range(after, end) if self.t[n].is_("object")]
        if keep >= len(starts):
            return None
        self.followers_at = (after if keep == 0 else starts[keep], end)
        return things[:keep], self.followers_at[0]

    def followers_start(self) -> int | None:
        """Where the things that follow begin, once an act has left them (rule things-follow)."""
        return self.followers_at[0] if self.followers_at is not None else None

    def read_followers(self, k: int) -> tuple[list[str], int] | None:
        """The things that follow, from k (where :meth:`things_that_follow`
        left them, or right after an act and the 之 it took: 嘗之肝從), and
        the act of following after them."""
        if k != self.followers_start() and not (particle(at(self.t, k - 1), "pronoun") and self.act_at(k - 2)):
            return None
        things, listed = read_things(self.t, k)
        end = self.follows_at(listed, waits=k == self.followers_start())
        if end is None:
            return None
        self.followers_at = (k, end)
        return things + [self.t[n].label("object") for n in range(listed, end)], end  # (…燔: also an act)

    def followers_went(self, event) -> None:
        """After the things that follow (rule things-follow), the one who
        acted before them goes on: the next act with no subject is his; where
        a comma ends them, too (籩、燔從，獻佐食; not a full stop: 啐酒，肝從。左執爵, where
        the sentence after names its own), not an act right after them,
        done to them (匕俎從設: set down, by no one named)."""
        split = self.followers_at is not None and self.followers_at[1] == self.verb_token  # (this very 從)
        if "follows" in self.vocab.flags(event.action) and event.rule_for("agent") == "thing-subject" \
                and self.before_thing and (split or text_at(self.t, self.verb_token + 1) in ("，", ",")):
            if split:
                event.mark("agent", "things-follow", replace=True)
            self.agent = list(self.before_thing)
            self.set_origin("things-follow")
            self.followers_at = None

    def holders_of(self, things: list[str]) -> list[str]:
        """Who took up one of the things (an act of grammar flag holds: 執,
        奉, 舉) in this passage or the two before, and has not been seen to
        put it down since (no other act on it after theirs): they do what the
        clause that opens with the thing says (雍正執一匕以從，雍府執二匕以從……匕皆加于鼎:
        the two who held the ladles put them on), and so do those named carrying what follows
        (rule leader-and-followers: …俎從 | 俎錯于豆東)."""
        holders: list[str] = []
        for event in reversed(self.earlier_passage() + self.events):
            if not set(event.objects) & set(things):
                continue
            if "holds" not in self.vocab.flags(event.action) \
                    and event.rule_for("agent") != "leader-and-followers":  # (those who carry what follows)
                break  # (左執俎…錯俎…俎從: set down, held by no one the text names)
            holders[:0] = [a for a in event.agents if a not in holders]
        return holders

    def earlier_passage(self, back: int = 2) -> list:
        """The events of the ``back`` passages before this one (舉鼎 | 宗人執畢先入 |
        鼎西面錯: the tripods are still in the hands that lifted them)."""
        passages = sorted({e.passage for e in self.earlier})[-back:]
        return [e for e in self.earlier if e.passage in passages]

    def topic_of_all(self, after: int) -> bool:
        """Things right after a movement (the last act), read up to ``after``,
        then 皆 and an act that handles a thing with none of its own after it:
        the things are what the new clause is about (執二俎以從，匕皆加于鼎: the
        ladles are all put on), not where the movement goes or what it takes.
        Not after an act that handles things (嚌肝，皆實于菹豆: the two who
        taste the liver put it in the dish), nor before a movement or a
        posture (實觶，皆立: 皆 is the people)."""
        last = self.clause
        if text_at(self.t, after) != "皆" or not self.act_at(after + 1) or last is None \
                or self.vocab.action_class.get(last.action) != "Movement":
            return False
        act = self.t[after + 1].label("action")
        own = at(self.t, after + 2)
        return self.vocab.action_class.get(act) == "Handling" and "thing" in self.vocab.flags(act) \
            and not (own is not None and own.is_("object") and not own.is_("action"))

    def fronted_by_agent(self, after: int) -> bool:
        """A thing opening a clause of the sentence whose participant is
        written, then an act that handles it (商祝掩，瑱，設幎目，乃屨，綦結於跗;
        …于東堂下，勺、爵、觚、觶實于篚): the thing is fronted, and he who
        acts goes on doing it. Not a movement (燭入: someone unnamed carries it)."""
        if not self.agent or self.origin_sentence != self.sentence or not self.act_at(after):
            return False
        return self.vocab.action_class.get(self.t[after].label("action")) == "Handling"

    def all_or_facing(self, k: int) -> bool:
        """Token k is 皆, 先, a facing or an adverb that reads so only before an
        act (序, 合: particles.tsv act-next), which may stand between a thing and
        the act it undergoes (新盆槃瓶…皆濯, 鼎西面錯, 路先設: the carriages are
        set out first; 茵苞器序從, 豚合升; not 重先，奠從, where 先 is the act of going
        first: kg.extract.conditional.goes_first)."""
        tok = at(self.t, k)
        first = tok is not None and self.vocab.particle_has(tok.text, "act-before-followers") and not self.goes_first(k)
        return tok is not None and (tok.text in EACH_OR_ALL or first or tok.is_("facing")
                                    or self.vocab.particle_has(tok.text, "act-next"))

    def topic_act(self, first: int, k: int) -> int:
        """Where the act that the things written first (from token ``first``)
        undergo stands, from k right after them and their measure: past a
        pause of the punctuated text where they are counted or measured (竹杠長三尺，
        置于宇西階上; 貝三，實于笲) or 皆 follows it (新盆、槃、瓶、廢敦、重鬲，皆濯),
        and past a 皆, 先 or facing, or one word the tables lack where the acts after
        it end with 之, the thing again (重木，刊鑿之: the wooden 重 is cut and hollowed;
        not 羹飪，升左肩: when the broth is cooked). (Not 主人玄冠，朝服，緇帶，素韠，
        即位於門東: what he wears, not counted; after it he acts.)"""
        counted = any(particle(self.t[n], "numeral") or particle(self.t[n], "measure") for n in range(first, k))
        act = past_pause(self.t, k + 1)
        if at(self.t, k) is not None and not self.t[k].readings and self.handled_at(act) \
                and "之" in (text_at(self.t, act + 1), text_at(self.t, act + 2)):
            k = act
        if text_at(self.t, k) == "，" and (counted or text_at(self.t, k + 1) == "皆"):
            k += 1
        source = self.source_before_movement(k)
        if source is not None:
            return source  # 泰羹湆自門入: the broth is carried in, from the gate
        k = self.past_per_vessel(k)
        return k + 1 if self.all_or_facing(k) else k

    def past_per_vessel(self, k: int) -> int:
        """Past a count to each vessel from k (九而俎, 一純而俎: 純, a pair) and
        the adverbs after it (膚九而俎亦橫載: nine to a stand, how they are
        laid, then the act); else k."""
        n = k
        while n < len(self.t) and not self.per_vessel(n) and (particle(self.t[n], "numeral") or not self.t[n].readings
                                                               or self.t[n].text == "而"):
            n += 1
        if n == len(self.t) or not self.per_vessel(n):
            return k
        n += 1
        while particle(at(self.t, n), "adverb"):
            n += 1
        return n

    def source_before_movement(self, k: int) -> int | None:
        """A 自/由 place phrase at k (particles.tsv flag forward) right before a
        movement: where that movement stands, else None."""
        tok = at(self.t, k)
        if tok is None or not particle(tok, "preposition") or not self.vocab.particle_has(tok.text, "forward"):
            return None
        place = read_place(self.t, k + 1)
        if place is None or not self.act_at(place[1]):
            return None
        return place[1] if self.vocab.action_class.get(self.t[place[1]].label("action")) == "Movement" else None

    def thing_that_moves(self, k: int) -> bool:
        """A word that is a thing as well as an act (奠, flag also_verb), opening
        its clause right before a movement or waiting (flag waits): the thing,
        which is carried or waits (奠俟于下, 奠從)."""
        tok, nxt = self.t[k], at(self.t, k + 1)
        if not tok.is_("object") or tok.label("object") not in self.vocab.also_verb or not self.opens_clause(k) \
                or tok.label("object") not in carried_things() or not self.act_at(k + 1):
            return False  # (洗升, 盥入: the washing, then going up; 洗 and 盥 are no food carried)
        flags = self.vocab.flags(nxt.label("action"))
        return (self.vocab.action_class.get(nxt.label("action")) == "Movement" or "waits" in flags) \
            and "placed" not in flags
