"""Ritual events from the 經: who does what, with what, where, facing where,
towards whom (``GUIDELINES.md`` of the gold set).

The parser walks a passage's words once, left to right. It keeps the agent
of the last act (classical Chinese drops the subject, so an act with none
written takes it, across passages too), and what is waiting for the next
act: a negation, a facing, a place written before the verb, things named
before it (以旌負侯). What each act takes after it (things, a recipient, a
goal, the content of a command) is read from the ``grammar`` flags of
``mappings/actions.tsv``; the grammar words are in ``mappings/particles.tsv``.
"""
from __future__ import annotations

from kg.extract.event import Event
from kg.extract.phrases import PlacePhrase, at, is_head, particle, read_place, read_roles, read_things
from kg.extract.context import Surroundings
from kg.extract.speech import CLAUSE_PUNCT, SpeechReading
from kg.extract.tokens import OPEN_QUOTE, SENTENCE_END, tokenize, vocabulary
from kg.model import Document



class PassageParser(SpeechReading, Surroundings):
    """Events of one passage; ``agent`` is carried in from the passage before."""

    def __init__(self, norm: str, agent: list[str], history: list[list[str]] | None = None):
        self.norm = norm
        self.history = history if history is not None else []  # subjects written so far in the document
        self.t = tokenize(norm)
        self.vocab = vocabulary()
        self.agent = list(agent)
        self.events: list[Event] = []
        self.subjects: list[list[str]] = []
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

    # --- the walk ---------------------------------------------------------

    def run(self) -> list[Event]:
        k = 0
        while k < len(self.t):
            k = self.step(k)
        self.flush()
        return self.events

    def step(self, k: int) -> int:  # noqa: C901 - one branch per kind of word
        tok = self.t[k]
        kind = tok.readings.get("particle")
        if tok.punct:
            if tok.text in SENTENCE_END:
                self.flush()
                self.neg = self.skip = False
                self.clause = None
                self.sentence_from = len(self.events)
            if tok.text in OPEN_QUOTE:
                return self.quote_end(k + 1)[1]  # a quotation with no 曰: content, no events
            return k + 1
        if tok.is_("role"):
            return self.on_role(k)
        if kind == "join" and not tok.is_("action") and self.with_role(k):
            return self.on_role(k + 1, joining=True)
        if tok.is_("facing"):
            self.facing = tok.label("facing")
            self.facing_after_role = self.role_since
            self.clause = None
            return k + 1
        if kind == "preposition":
            return self.on_preposition(k)
        if kind == "fallback":
            found = read_place(self.t, k + 1)
            if found is None:
                return k + 1
            last = self.clause
            if k == self.verb_end and last is not None and last.place is None:
                last.place = found[0]  # 賓復位當西序
            else:
                self.fallback = found[0]
            return found[1]
        if kind == "condition":
            return self.condition_end(k)
        if kind == "negation":
            prev = at(self.t, k - 1)
            if prev is not None and not prev.readings:
                self.skip = self.act_at(k + 1)  # 聲不絕: the subject is a thing the tables do not know
            self.neg = True
            return k + 1
        if kind == "not-done":
            self.skip = self.act_at(k + 1)
            return k + 1
        if kind in ("manner", "benefactive", "numeral", "topic", "link", "state", "rite"):
            return k + 1
        if kind == "like":
            return self.compared_end(k + 1)
        if kind == "each":
            return read_things(self.t, k + 1)[1]
        if kind == "instrument":
            return self.on_instrument(k)
        if kind == "quote":
            return self.on_quote(k)
        if tok.text == "遂" and not self.after_jue(k):
            return k + 1
        if kind == "adverb":
            if tok.text == "皆":
                self.on_all()
            if not tok.is_("action"):
                return k + 1
        if kind in ("redo", "reach") and self.act_at(k + 1):
            return k + 1  # 反奠 is 奠; 至再拜 is 再拜
        if kind == "pronoun":
            if tok.text == "其":
                return k + 2
            if not (tok.is_("action") and self.goes_to(k)):
                return k + 1
        if kind == "direction" and tok.is_("action") and not self.act_at(k + 1):
            return k + 1  # 下 is the act "go down" only before another act (下拜)
        if tok.is_("object") and not (tok.is_("action") and not self.noun_here(k)):
            return self.on_thing(k)
        if tok.is_("place"):
            return self.on_bare_place(k)
        if tok.is_("action") and kind not in ("join", "direction") or (kind == "join" and tok.is_("action")):
            return self.on_action(k)
        if kind == "direction" and tok.is_("action"):
            return self.on_action(k)
        if not tok.readings:
            self.neg = False
        return k + 1

    # --- roles ------------------------------------------------------------

    def with_role(self, k: int) -> bool:
        """與賓揖: 與 after a pause or an act, before a role that acts."""
        prev, nxt = at(self.t, k - 1), at(self.t, k + 1)
        return (nxt is not None and nxt.is_("role") and self.agent != []
                and (prev is None or prev.punct or prev.is_("action")))

    def on_role(self, k: int, joining: bool = False) -> int:
        if self.t[k].is_("action") and k > 0 and self.t[k - 1].text == "乃":
            return self.on_action(k)  # 乃祝: the act of invoking, not the 祝
        roles, after = read_roles(self.t, k)
        place = read_place(self.t, k, heads=("role",), need_direction=True)
        if place is not None and len(roles) <= 1:
            return self.on_bare_place(k, place)  # 賓之席前, 三耦之南: a place, no participant
        self.role_since = True
        nxt = at(self.t, after)
        if particle(nxt, "topic") and particle(at(self.t, after + 1), "benefactive"):
            return after + 2  # 大師則為之洗: someone else acts for the 大師
        nxt_tok = at(self.t, after)
        if not self.acts_later(after) or (nxt_tok is not None and nxt_tok.punct and nxt_tok.text in CLAUSE_PUNCT):
            return after  # 上射于右, 乃祝，: no act of its own
        self.flush()
        if joining:
            roles = self.agent + [r for r in roles if r not in self.agent]
        self.agent = roles
        self.subjects.append(roles)
        if not self.history or self.history[-1] != roles:
            self.history.append(roles)
        self.fresh = True
        self.clause = None
        return after

    def acts_later(self, k: int) -> bool:
        """An act follows before the next subject, condition or sentence end."""
        while (tok := at(self.t, k)) is not None:
            if tok.punct and tok.text in SENTENCE_END or particle(tok, "condition"):
                return False
            if tok.is_("role"):
                if read_place(self.t, k, heads=("role",), need_direction=True) is None:
                    return False
            elif tok.is_("action") and not particle(tok, "direction", "pronoun", "join"):
                return True
            k += 1
        return False

    def on_all(self) -> None:
        """皆 after two alternating subjects (主人…賓…皆揖) means both."""
        if self.fresh or len(self.subjects) < 2:
            return
        first, second = self.subjects[-2], self.subjects[-1]
        if first != second and self.agent == second and len(second) == 1:
            self.agent = first + [r for r in second if r not in first]

    # --- places, things ---------------------------------------------------

    def on_preposition(self, k: int) -> int:
        prep = self.t[k].text
        self.prep_at = k
        nxt = at(self.t, k + 1)
        if nxt is not None and nxt.text == "其":
            return k + 3  # 於其上: a pronoun names no place
        if nxt is not None and nxt.text == "下" and not is_head(at(self.t, k + 2)):
            self.attach_place(PlacePhrase("堂下", "place", "堂下", False), prep, k + 2)
            return k + 2
        found = read_place(self.t, k + 1)
        if found is None:
            return k + 1
        phrase, after = found
        if phrase.head_kind == "role" and not phrase.relative:
            roles, after = read_roles(self.t, k + 1)
            if at(self.t, after) is not None and at(self.t, after).text == "之":
                return after + 2  # 於賓之家: a place the tables do not know
            if self.clause is not None:  # 告于賓, 獻獲者於侯
                self.clause.recipients += [r for r in roles if r not in self.clause.recipients]
                self.extend(self.clause, after)
            return after
        self.attach_place(phrase, prep, after)
        return after

    def attach_place(self, phrase: PlacePhrase, prep: str, after: int) -> None:
        """于/於 phrases follow their act (奠于中庭). 自/由 phrases follow the
        verb they stand right after (升自西階, 進由堂下北面) and otherwise precede
        the act that follows at once (挾一个由堂西進)."""
        last = self.clause
        right_after_verb = last is not None and self.t[self.verb_token].j == self.t[self.prep_at].i
        if prep in "自由" and self.act_at(after) and not right_after_verb:
            self.place = phrase
        elif last is not None and last.place is None:
            last.place = phrase
            self.extend(last, after)
        else:
            self.place = phrase

    def on_bare_place(self, k: int, found: tuple[PlacePhrase, int] | None = None) -> int:
        found = found or read_place(self.t, k)
        if found is None:
            return k + 1
        phrase, after = found
        last = self.clause
        if k == self.verb_end and last is not None and last.place is None and self.act_index(after) is None:
            last.place = phrase  # 賓升，西楹西，東面
            self.extend(last, after)
        else:
            self.place = phrase
        return after

    def on_thing(self, k: int) -> int:
        tok = self.t[k]
        if tok.label("object") == "中" and k > 0 and self.t[k - 1].text in ("若", "不", "射"):
            return k + 1  # 若中: a hit, not the tally holder
        place = read_place(self.t, k, heads=("object",), need_direction=True)
        if place is not None:
            return self.on_bare_place(k, place)
        things, after = read_things(self.t, k)
        if not things:
            return k + 1
        last = self.clause
        if (k == self.verb_end and last is not None and last.place is None
                and self.vocab.action_class.get(last.action) == "Movement"):
            last.place = PlacePhrase(things[0], "object", things[0], False)  # 升筵: where one goes
            self.extend(last, after)
        elif particle(at(self.t, after), "instrument"):
            self.things += things  # 所執脯以賜: the thing of the act after 以
        return after

    def on_instrument(self, k: int) -> int:
        """以X V: X is the object of V where X is a thing (以旌負侯); 以命升賓:
        a warrant, no act."""
        nxt = at(self.t, k + 1)
        if particle(nxt, "not-done") and self.act_at(k + 2):
            k, nxt = k + 2, at(self.t, k + 3)  # 以所執餘獲: the thing held
        if nxt is not None and not nxt.punct:
            things, after = read_things(self.t, k + 1)
            if things:
                self.things += things
                return after
        if nxt is not None and nxt.is_("action") and self.act_at(k + 2):
            return k + 2
        return k + 1

    # --- acts ---------------------------------------------------------------

    def on_action(self, k: int) -> int:
        tok = self.t[k]
        label = tok.label("action")
        if self.skip:
            self.skip = self.neg = False
            return k + 1
        flags = self.vocab.flags(label)
        event = Event(label, list(self.agent), self.neg, list(self.things), self.place, self.facing,
                      i=tok.i, j=tok.j)
        if label == "遂" and self.events and self.events[-1].action == "決":
            event.negated = self.events[-1].negated  # 不決遂: both are not done
        self.neg = False
        self.things, self.place, self.facing = [], None, None
        if event.place is None and self.fallback is not None:
            event.place = self.fallback
        self.fallback = None
        self.events.append(event)
        written_subject, self.fresh = self.fresh, False
        self.role_since = False
        self.clause = event
        self.verb_token = k
        after = k + 1
        if "command" in flags or "content" in flags:
            if at(self.t, after) is not None and at(self.t, after).is_("role"):
                roles, past = read_roles(self.t, after)
                nxt = at(self.t, past)
                answered = nxt is not None and nxt.is_("role") and nxt.label("role") == roles[-1]
                if "command" in flags or answered:  # 乃請賓賓禮辭: the 賓 is asked, and answers
                    event.recipients, after = roles, past
            self.finish(event, after)  # the event's words: the verb and whom it commands
            if not particle(at(self.t, after), "quote"):
                self.verb_end = after = self.content_end(after, event, bool(event.recipients))
            return after
        if at(self.t, after) is not None and at(self.t, after).is_("role"):
            after = self.read_recipients(event, flags, after)
        if "thing" in flags:
            things, after = read_things(self.t, after)
            event.objects += [t for t in things if t not in event.objects]
        if event.place is None:
            heads = ("place", "object") if "goal" in flags else ("place",)
            found = read_place(self.t, after, heads=heads)
            if found and ("goal" in flags or not self.act_at(found[1])):
                event.place, after = found
        if not written_subject:
            self.not_to_oneself(event)
            self.initiator_again(event)
        return self.finish(event, after)

    def not_to_oneself(self, event: Event) -> None:
        """An act with no written subject whose recipient is the carried agent
        (乃宿賓 after 賓拜送) is done by the other party: the subject before."""
        if not event.recipients or not set(event.recipients) & set(event.agents):
            return
        for earlier in reversed(self.history):
            if not set(earlier) & set(event.recipients):
                event.agents = list(earlier)
                self.agent = list(earlier)
                return

    def initiator_again(self, event: Event) -> None:
        """A response (答拜) closes an exchange: the next salutation with no
        subject, directed at someone else, is the initiator's again
        (主人…再拜賓賓答拜拜介: the host bows to the 介)."""
        if len(self.events) < 3 or not event.recipients or len(self.history) < 2:
            return
        opening, before = self.events[-3], self.events[-2]
        if ("response" not in self.vocab.flags(before.action) or before.agents != event.agents
                or self.vocab.action_class.get(event.action) != "Salutation"):
            return
        initiator = self.history[-2]
        # only where the initiator's act was directed at the one who answered (再拜賓, 賓答拜)
        if opening.agents != initiator or not set(opening.recipients) & set(before.agents):
            return
        if not set(initiator) & set(event.recipients) and initiator != event.agents:
            event.agents = list(initiator)
            self.agent = list(initiator)

    def read_recipients(self, event: Event, flags: set[str], k: int) -> int:
        roles, after = read_roles(self.t, k)
        nxt = at(self.t, after)
        doubled = nxt is not None and nxt.is_("role") and nxt.label("role") == roles[-1]
        act = self.act_index(after)
        responds = act is not None and "response" in self.vocab.flags(self.t[act].label("action"))
        if "complement" in flags:
            return after
        if doubled or ("person" in flags and not responds) or ("person?" in flags and act is None):
            event.recipients = roles
            return after
        return k

    def finish(self, event: Event, after: int) -> int:
        self.extend(event, after)
        self.verb_end = after
        return after

    def extend(self, event: Event, after: int) -> None:
        if after > 0 and self.t[after - 1].j > event.j and not self.t[after - 1].punct:
            event.j = self.t[after - 1].j

    def flush(self) -> None:
        """A facing with no act after it in its clause goes to the act before,
        unless another participant was named since (將冠者…在房中，南面). A
        place written before no act is dropped."""
        last = self.events[-1] if len(self.events) > self.sentence_from else None
        if last is not None and self.facing and last.facing is None and not self.facing_after_role:
            last.facing = self.facing
        self.facing = self.place = self.fallback = None
        self.things = []


def extract_events(doc: Document) -> list[Event]:
    """The events of every 經 passage of a document, in order."""
    agent: list[str] = []
    history: list[list[str]] = []
    events: list[Event] = []
    for passage in doc.passages:
        parser = PassageParser(passage.span.norm, agent, history)
        for event in parser.run():
            if not event.agents:
                continue  # an act before any participant is named (大射之儀…): no one to give it to
            event.passage = passage.index
            event.section = passage.section
            event.start, event.end = passage.span.original_range(event.i, event.j)
            event.seq = len(events) + 1
            events.append(event)
        agent = parser.agent
    return events
