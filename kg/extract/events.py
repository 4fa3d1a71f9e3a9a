"""Ritual events from the 經: who does what, with what, where, facing where,
towards whom (``GUIDELINES.md`` of the gold set).

The parser walks a passage's words once, left to right. It keeps the agent
of the last act (classical Chinese drops the subject, so an act with none
written takes it, across passages too), and what is waiting for the next
act: a negation, a facing, a place written before the verb, things named
before it (以旌負侯). What each act takes after it (things, a recipient, a
goal, the content of a command) is read from the ``grammar`` flags of
``mappings/actions.tsv``; the grammar words are in ``mappings/particles.tsv``.

Each kind of word is read by one named **word rule** (a method registered
with :func:`kg.extract.rules.word_rule`, in the order the walk tries them),
and every event records the rules that made it and its parts
(``Event.how``): the rule table is :mod:`kg.extract.rules`. The walk over a
document's passages, and what carries from one to the next, is
:mod:`kg.extract.passages`.
"""
from __future__ import annotations

from kg.extract.agents import AgentRules
from kg.extract.asides import AsideRules
from kg.extract.conditional import ConditionalActs
from kg.extract.context import Surroundings
from kg.extract.counts import CountedThings
from kg.extract.recipients import RecipientRules
from kg.extract.event import Event
from kg.extract.exchange import ExchangeRules
from kg.extract.motion import MotionRules  # before word_rules: their rules are tried first (motion's first)
from kg.extract.contents import ContentsRules
from kg.extract.deities import DeityRules  # before word_rules: a deity is read before any subject
from kg.extract.people import PeopleRules  # before word_rules: before numerals are passed over
from kg.extract.places import GOING_TO_A_PLACE, among_correspondences, display_place
from kg.extract.phrases import PlacePhrase, at, particle, read_place, read_roles, read_things, text_at
from kg.extract.place_rules import PlaceRules
from kg.extract.repeat_asks import RepeatAsking
from kg.extract.repeats import RepeatAsk
from kg.extract.rules import RULES, WORD_RULES
from kg.extract.speech import SpeechReading
from kg.extract.subjects import SubjectReading
from kg.extract.things import ThingRules
from kg.extract.visits import VisitRules
from kg.extract.topics import ThingTopics
from kg.extract.tokens import tokenize
from kg.extract.vocab import THE_LORD, vocabulary
from kg.extract.word_rules import WordRules


class PassageParser(MotionRules, ContentsRules, DeityRules, PeopleRules, WordRules, SubjectReading, AgentRules,
                    AsideRules, RecipientRules, SpeechReading, PlaceRules, ThingRules, ThingTopics, VisitRules,
                    Surroundings, CountedThings, ConditionalActs, RepeatAsking, ExchangeRules):
    """Events of one passage; ``agent`` is carried in from the passage before."""

    def __init__(self, norm: str, agent: list[str], history: list[list[str]] | None = None,
                 earlier: list[Event] | None = None, chapter: int | None = None):
        self.norm = norm
        self.history = history if history is not None else []  # subjects written so far in the document
        self.earlier = earlier if earlier is not None else []  # the document's events before this passage
        self.chapter = chapter
        self.t = tokenize(norm, chapter)  # in the chapter's senses (尸: the body, in 士喪禮)
        self.vocab = vocabulary()
        self.mark_turns()
        self.agent = list(agent)
        self.events: list[Event] = []
        self.subjects: list[list[str]] = []
        self.subject_at = 0  # index of the first event of the subject written last
        # a subject written with no act of its own (主人及兄弟如葬服), and how many events there were then
        self.standing: tuple[list[str], int] | None = None
        self.fresh = False  # a subject was just written and has not acted yet
        self.neg = False
        self.skip = False  # the next act is no event (將射, 所執)
        self.facing: str | None = None
        self.place: PlacePhrase | None = None
        self.fallback: PlacePhrase | None = None
        self.things: list[str] = []
        self.clause: Event | None = None  # last act since the last subject or facing
        self.verb_end = -1  # token index right after the last act and what it took
        self.verb_token = 0  # token index of the last act's verb
        self.prep_at = 0
        self.role_since = False  # a role was written after the last act
        self.facing_after_role = False
        self.sentence_from = 0  # events before this index belong to earlier sentences
        self.previous_from = 0  # where the sentence before the current one began
        # provenance: which rule gave what is waiting, and where the agent comes from
        self.trace: list[tuple[int, str]] = []  # (token index, word rule) of the walk
        self.sentence = 0  # sentences ended so far in the passage
        self.origin = "carried-passage"  # the rule that set ``agent``
        self.origin_sentence = -1  # the sentence it was set in (-1: an earlier passage)
        self.origin_pending = False  # the next act takes the agent from ``origin`` itself
        self.place_rule: str | None = None
        self.place_forward = False  # the place waiting came with 自/由 (the way), not 于 (where)
        self.placed_before: dict[int, bool] = {}  # events whose place is written before them: 由 (True) or not
        # 如初, 亦如之: the acts of the clause (since a pause or a written subject) and what they repeat
        self.clause_from = 0
        self.prev_clause_from = 0
        self.repeat_asks: list[RepeatAsk] = []
        self.repeated_to = -1  # the events up to here are in a clause that said it repeats
        self.things_rule: str | None = None
        self.there_is: list[str] = []  # roles after 有 (有賓則拜之: whom 之 stands for)
        # the ones commanded and the first act of what they were told to do (命弟子納射器):
        # they do it when the text says it is done, with no subject (乃納射器)
        self.commanded: tuple[list[str], str] | None = None
        self.led: list[str] = []  # roles after 以 that the one acting leads (主人以賓揖: rule led-with)
        self.before_thing: list[str] = []  # who acted before a clause that opened with a thing (rule thing-subject)
        self.followers_at: tuple[int, int] | None = None  # where things that follow begin, and their 從 (things-follow)
        self.served: tuple[list[str], str] | None = None  # who served whose act, and the act (rule served-act)
        self.answered_bows: list[Event] = []  # bows whose role written after them answers (主人拜尸答拜)

    # --- the walk ---------------------------------------------------------

    def run(self) -> list[Event]:
        k = 0
        while k < len(self.t):
            k = self.step(k)
        self.flush()
        self.unbow_answerers()
        for event in self.events:  # each role once (賓弟子及兄弟弟子: 弟子; 納諸公卿大夫諸公卿大夫)
            event.agents = list(dict.fromkeys(event.agents))
            event.recipients = list(dict.fromkeys(event.recipients))
        return self.events

    def step(self, k: int) -> int:
        """Read the word at k by the first word rule that takes it (the rule
        table, kg/extract/rules.py); return the index of the next word."""
        tok = self.t[k]
        kind = tok.readings.get("particle")
        for handler in self.dispatch:
            after = handler(self, k, tok, kind)
            if after is not None:
                self.trace.append((k, handler.rule))
                return after
        raise AssertionError("the last word rule takes every word")

    # --- acts (roles are read in kg.extract.subjects) ----------------------------

    def on_action(self, k: int, rule: str = "act") -> int:
        tok = self.t[k]
        label = tok.label("action")
        if self.skip:
            self.skip = self.neg = False
            self.served_done(k)
            nxt = at(self.t, k + 1)
            if nxt is not None and nxt.is_("role") and "person" in self.vocab.flags(label) \
                    and self.vocab.particle_has(text_at(self.t, k - 1), "time"):
                roles, past = read_roles(self.t, k + 1)
                if len(roles) > 1 and self.act_at(past) and at(self.t, k + 2).is_("role"):
                    past = k + 2  # 既馮尸主人袒: the 尸 was leaned over; the 主人 is who acts next
                if not any(particle(at(self.t, n), "numeral") for n in range(k + 1, past + 1)):
                    # (既獻衆賓一人舉觶: one of them, counted, acts)
                    return past  # 既宿尸反為期: whom the act not told was for
            return k + 1
        if self.thing_that_moves(k):
            return self.on_thing(k)  # 奠俟于下: the offerings wait below (奠 the thing, not "set down")
        if self.days_before(k):
            return k + 3  # 前宿一日宿戒尸: a day before the invitation, a time; then the acts
        if self.place_owns(k):
            self.place = None  # the place is the noun's, not the next act's
            return k + 1  # 東方之饌亦如之: the food set out on the east side, no act
        if self.counted_thing_named(k):
            return k + 1  # 胃一嚌肺一: the lung for tasting, one more cut counted in the list
        flags = self.vocab.flags(label)
        if "reported" in flags and self.clause is not None and "report" in self.vocab.flags(self.clause.action) \
                and particle(at(self.t, k + 1), "quote"):
            return k + 1  # 以告于主人占曰從: the reading is what is reported, the words are the report's
        ended = self.ends_here(k, flags)
        if ended is not None:
            if not ("goal-only" in flags and self.vocab.particle_has(text_at(self.t, ended), "after-negation")):
                self.neg = False  # (不必盡用: 盡 "all" before 用, which the negation is for)
            return ended
        if self.commanded is not None and not self.fresh and (self.commanded[1] == label or self.all_told(k)):
            self.agent = list(self.commanded[0])  # 命弟子納射器 | 乃納射器: the 弟子 do it
            self.set_origin("commanded-does")
            self.commanded = None
        self.one_of_them(k)
        event = self.new_event(label, tok, rule)
        if self.led:
            if "mutual" in flags and particle(at(self.t, k - 1), "numeral"):
                event.agents += [r for r in self.led if r not in event.agents]  # 主人以賓三揖: bows exchanged
                self.agent = list(event.agents)
                event.mark("agent", "counted-exchange", replace=True)
            elif flags & {"person", "person?"} or self.vocab.action_class.get(label) == "Movement":
                # 主人以賓揖: to the 賓; 擯者…以賓入: the 賓 is the one he leads in
                event.recipients += [r for r in self.led if r not in event.recipients]
                event.mark("recipients", "led-with")
            self.led = []
        before = self.vocab.particle_value(tok.text, "act-after")
        if before is not None and self.events and self.events[-1].action == before:
            event.negated = self.events[-1].negated  # 不決遂: both are not done
            if event.negated:
                event.mark("negated", "conditional-act")
        if particle(tok, "join") and self.reaches_place(k):
            event.mark("act", "reach-not-and")
        self.things = []
        if event.place is None and self.fallback is not None:
            event.place = self.fallback
            event.mark("place", "fallback")
        self.fallback = None
        self.events.append(event)
        written_subject, self.fresh = self.fresh, False
        self.role_since = False
        self.clause = event
        self.verb_token = k
        after = k + 1
        ready = self.reported_ready(after) if "report" in flags else None
        if ready is not None:
            event.mark("recipients", "reported-ready")  # (no one told: the words are what is ready)
            after = ready
        if "command" in flags or "content" in flags:
            errand = after + 2 if particle(at(self.t, after + 1), "instrument") else after + 1  # 使人(以)V
            if at(self.t, after) is not None and at(self.t, after).is_("role"):
                roles, past = read_roles(self.t, after)
                nxt = at(self.t, past)
                answered = nxt is not None and nxt.is_("role") and nxt.label("role") == roles[-1]
                # 皆命君曰無不醉: no one commands the lord; a command that names him
                # before 曰 relays his words (命上射曰…: the 上射 is told).
                relays = particle(nxt, "quote") and set(roles) <= THE_LORD
                if particle(nxt, "quote") and len(roles) > 1 and roles[-1] in THE_LORD:
                    roles = roles[:-1]  # 命賓諸公卿大夫公曰以我安: they are told what the lord says
                if ("command" in flags or answered) and not relays:  # 乃請賓賓禮辭: the 賓 is asked, and answers
                    event.recipients, after = roles, past
                    event.mark("recipients", "command-recipient")
                    self.shared_recipients(event)
            elif "command" in flags and text_at(self.t, after) == "人":
                after = self.sent_by_errand(event, after, errand)
            if not written_subject:
                self.again(event, k)  # (士受羊如受馬又請: the 擯者 who asked before asks again)
            self.finish(event, after)  # the event's words: the verb and whom it commands
            if not particle(at(self.t, after), "quote"):
                start = after
                self.verb_end = after = self.errand_end(event, errand, self.content_end(after, event, bool(event.recipients)))
                self.repeat_in_content(start, after)
                acts = [n for n in range(start, after) if self.act_at(n)]
                if "command" in flags and event.recipients and acts:
                    self.commanded = (list(event.recipients), self.t[acts[0]].label("action"))
            return after
        if "stops" in flags and self.act_at(after):  # 止哭: what is stopped is no act of its own
            return self.finish(event, after + 1)
        if self.vocab.particle_has(text_at(self.t, after), "to-after-act"):
            return self.finish(event, self.to_after_act(event, after))
        if flags & {"person", "person?"} and self.there_is and text_at(self.t, after) == "之" \
                and not event.recipients:
            event.recipients = list(self.there_is)  # 有大夫則特拜之: 之 is the 大夫 there is
            event.mark("recipients", "recipient-after-act")
        if flags & {"person", "receives"} and particle(at(self.t, after), "pronoun"):
            given, past = read_things(self.t, after + 1)
            if given:  # 儐之束帛乘馬: 之 is the one given to; 受之玉: the one received from
                event.objects += [t for t in given if t not in event.objects]
                event.mark("objects", "thing-after-act")
                return self.finish(event, past)
        if "follows" in flags and self.vocab.particle_has(text_at(self.t, after), "phrase"):
            return self.finish(event, read_things(self.t, after)[1])  # 車各從其馬: what it follows, no thing of it
        if self.thing_not_acted_on(event, k):
            # 羊右胖髀不升肩臂臑…: the thigh is not put in; the joints listed after it are
            self.not_used(event)  # (摯不用死: the gift is not of dead game, by no one)
            return self.finish(event, read_things(self.t, after, of_act=True)[1])
        owned = self.owned_thing(after, flags)
        done_for = owned is not None and "for-person" in flags and text_at(self.t, owned - 1) != "之"
        if done_for:
            event.recipients = read_roles(self.t, after)[0]  # 舉尸牢肺: lifted for the 尸, who takes it
            event.mark("recipients", "recipient-after-act")
        if owned is not None:
            after = owned  # 徹主人俎, 載尸俎: the role says whose thing it is
        elif at(self.t, after) is not None and at(self.t, after).is_("role") and ready is None:
            after = self.read_recipients(event, flags, after)  # (告事具主人北面: the 主人 acts next)
        after, someone = self.to_someone(event, flags, after)  # (以馬出授人: to someone unnamed)
        # 迎尸一人衰絰: a numeral after the recipient counts a new party, whose dress follows
        counted = event.recipients and not someone and not done_for \
            and (particle(at(self.t, after), "numeral") or particle(at(self.t, after - 1), "numeral"))
        takes_things = "thing" in flags and not counted
        things, past = read_things(self.t, after, of_act=True) if takes_things else ([], after)
        if takes_things and not self.topic_of_all(past) and not self.chain_of_things(event, past):
            # (匕皆加: the ladles open a clause of their own; 三獻燔從: the roast meat follows)
            things, after = self.things_that_follow(event, things, after, past) or (things, past)
            if things and (event.rule_for("agent") == "thing-subject" or event.rule_for("objects") == "material"):
                event.objects = []  # 苴刌茅: the mat is what the thatch cut is made into, a topic; 冪用絺布，加勺
            event.objects += [t for t in things if t not in event.objects]
            if things:
                event.mark("objects", "thing-after-act")
        if not event.objects and not written_subject and self.carried_things_go_on(event, flags):
            event.objects = list(self.previous_event.objects)  # 俎入設于豆東: what is carried in is set down
            event.mark("objects", "thing")
        if event.place is None:
            heads = ("place", "object") if "goal" in flags else ("place",)
            whose = "goal" in flags and self.vocab.particle_has(text_at(self.t, after), "phrase")  # 就其旂: his banner
            found = read_place(self.t, after + whose, heads=heads)
            if found is None and event.action in GOING_TO_A_PLACE:
                found = display_place(self.t, after)  # 以即陳: the display
            if found and found[0].head_kind == "object" and self.acts_on_thing(after):
                found = None  # 入奠贄: an act with its thing, not where one goes
            if found and (after > k + 1 or (self.leaves_place(event.action) and "goal" not in flags)) \
                    and self.act_after_facings(found[1]):
                found = None  # 祭醴三西階上北面坐, 降席西階上北面坐: the place of the next act (not 擩鹽振祭)
            if found and among_correspondences(self.t, after + whose, found[1]):
                found = None  # 設六色東方青南方赤: which colour goes where, no place of 設
            if found and ("goal" in flags or not self.act_at(found[1])):
                event.place, after = found
                event.mark("place", "place-after-act")
        self.followers_went(event)
        if not written_subject:
            self.parallel_subjects(event)
            self.not_to_oneself(event)
            self.initiator_again(event)
            self.asker_again(event)
            self.giver_lays(event)
            self.gift_answered(event)
            self.bow_pair(event, k)
            self.counted_exchange(event, k)
            self.presenter_again(event)
            self.not_ones_own(event, k)
            self.again(event, k)
            self.bow_goes_on(event)
            self.victims_officer(event, k)
            self.mourners_act(event)
            self.resumes_after_aside(event)
            self.in_turns(event, k)
            self.not_used(event)
            self.mourner_apart(event)
            self.visit_agents(event, k)
            self.performers_play(event)
            self.leader_and_followers(event)
        self.invited_answers(event, k)
        self.served_act(event, k)
        self.bow_declined(event)
        return self.finish(event, after)

    def new_event(self, action: str, tok, rule: str, quote: str | None = None) -> Event:
        """An event of the act at ``tok`` with what is waiting (agent, negation,
        things, place, facing), each marked with the rule that gave it; what
        was waiting is used up."""
        if not self.agent and self.origin == "thing-subject" and not self.origin_pending and self.before_thing \
                and self.vocab.action_class.get(action) == "Salutation" and len(self.events) > self.sentence_from \
                and self.events[-1].rule_for("agent") == "thing-subject":
            # 庭實設，揖讓如初: the gifts are set out; no thing bows, those who acted before do
            self.agent = list(self.before_thing)
            self.set_origin("carried-clause", pending=False)
        event = Event(action, list(self.agent), self.neg, list(self.things), self.place, self.facing,
                      quote=quote, i=tok.i, j=tok.j)
        event.mark("act", rule)
        event.mark("agent", self.agent_rule())
        if self.neg:
            event.mark("negated", "negation")
        if self.things:
            event.mark("objects", self.things_rule)
        if self.place is not None:
            event.mark("place", self.place_rule)
            if self.place_rule in ("preposition", "bare-place"):
                self.placed_before[id(event)] = self.place_forward
        if self.facing:
            event.mark("facing", "facing")
        if quote is not None:
            event.mark("quote", "quote")
        self.neg, self.place, self.facing = False, None, None
        return event

    # --- what waits for the next act ------------------------------------------

    def wait_place(self, phrase: PlacePhrase, rule: str, forward: bool = False) -> None:
        self.place, self.place_rule, self.place_forward = phrase, rule, forward

    def wait_things(self, things: list[str], rule: str) -> None:
        if not self.things:
            self.things_rule = rule
        self.things += things

    def finish(self, event: Event, after: int) -> int:
        self.extend(event, after)
        self.verb_end = after
        return after

    def extend(self, event: Event, after: int) -> None:
        if after > 0 and self.t[after - 1].j > event.j and not self.t[after - 1].punct:
            event.j = self.t[after - 1].j

    def sentence_last(self) -> Event | None:
        """The last event of the sentence being read, if it has one."""
        return self.events[-1] if len(self.events) > self.sentence_from else None

    def flush(self) -> None:
        """A facing with no act after it in its clause goes to the act before,
        unless another participant was named since (將冠者…在房中，南面), and
        so does a 于 place written after that facing where the act has none
        (宗人奉槃東面于庭南，一宗人…: GUIDELINES 6, 7). Any other place written
        before no act is dropped."""
        last = self.sentence_last()
        if last is not None and self.facing and last.facing is None and not self.facing_after_role:
            last.facing = self.facing
            last.mark("facing", "facing-after-act")
            if self.place is not None and last.place is None and self.place_rule == "preposition" \
                    and not self.place_forward:
                last.place = self.place
                last.mark("place", "preposition")
        self.facing = self.place = self.fallback = None
        self.things = []


# The walk's dispatch: the word rules' handlers, in the order they are tried.
PassageParser.dispatch = [getattr(PassageParser, RULES[name].handler) for name in WORD_RULES]
