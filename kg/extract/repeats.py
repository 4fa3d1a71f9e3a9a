"""如初, 亦如之, 如X之禮: acts the classic says are done "as before", linked
to the earlier acts they repeat (``Event.repeats``), where the text allows.

The parser (:mod:`kg.extract.events`) notes what each phrase asks: the acts
of its clause (since the last pause or written subject; where 如之 stands
alone after a pause, the clause before: 宿贊冠者一人，亦如之) and which
earlier acts they point to. Once a document's events are known they are
resolved here:

- **如初** (``repeats=first`` in particles.tsv): the first occurrence in the
  chapter of the clause's sequence of acts (the same acts in order, at most
  :data:`GAP` other acts between two of them), on things of the same class
  where the first act has things (objects.tsv), by the same agents where there
  is one, else by anyone (the text has named a new agent); if the whole
  sequence never occurred, the longest tail of it that did (the act right
  before 如初 first);
- **如之 / 亦如之** (``repeats=last``): the latest such occurrence, within
  the :data:`NEAR` passages before (the immediately preceding acts, whoever
  did them: 三耦拾取矢亦如之);
- **如X之禮/儀** (``rite=`` on 如): X names an earlier act (賓酬主人: the 賓's
  酬 to the 主人), or only its agent (如主人之禮): each act of the clause is
  linked to the act of the same kind done then.

An act with no earlier act to point to points to nothing. Where the text
names no agent for a repeating act (its agent was carried across a sentence
or passage, a guess), it takes the agents of the act it repeats (宿贊冠者一人，
亦如之: the host invites, as he invited the 賓; 筮卦占如初: each by whoever
did it at first; where that agent was a guess too, the act stays flagged
for review; so too, in a clause that opens with no subject right after
another that repeats, two acts or more on the very things done then: 賓奠幣如初，
舉幣、受馬如初, the 宰 and the 士); an agent the text names is kept (三耦拾取矢亦如之), and an act
on things with no agent at all (set out by officers no one names: 設床笫于兩楹之間，
衽如初) takes none.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from kg.extract.event import Event
from kg.extract.vocab import object_classes, vocabulary

# Agent rules whose guess a scholar should review (a subject no text writes,
# carried across a sentence or a passage), with the reason: an individual of
# yili:Uncertainty in ontology/yili.ttl. (kg.extract.rules.UNCERTAIN_AGENT;
# defined here, which imports no rule, so that the table can import the parser.)
GUESSED = {"carried-sentence": "AgentCarriedAcrossSentences", "carried-passage": "AgentCarriedAcrossPassages",
           "told-acts-next": "AgentCarriedAcrossPassages", "left-inside": "AgentCarriedAcrossPassages",
           "clearing-aside": "AgentCarriedAcrossPassages",
           "mourners-act": "AgentFromActKind", "performers-play": "AgentFromActKind",
           "asked-answers": "AgentFromExchange", "gift-answered": "AgentFromExchange", "bow-pair": "AgentFromExchange",
           "counted-exchange": "AgentFromExchange", "invited-answers": "AgentFromExchange",
           "bow-declined": "AgentFromExchange", "waits-for-other": "AgentFromExchange",
           "not-ones-own": "AgentFromExchange", "commanded-does": "AgentFromExchange",
           "holders-act": "AgentFromHeldThing", "again": "AgentFromActKind",
           "one-of-them": "AgentFromExchange", "asker-again": "AgentFromExchange",
           "all-served": "AgentFromExchange", "giver-lays": "AgentFromExchange", "giver-leaves": "AgentFromExchange",
           "principal-withdraws": "AgentFromExchange", "presenter-again": "AgentFromExchange",
           "mourners-aside": "AgentCarriedAcrossSentences", "rite-opens": "AgentFromRite",
           "named-for-deed": "AgentCarriedAcrossPassages", "receiver-not-sender": "AgentFromExchange",
           "leader-and-followers": "AgentFromHeldThing"}

GAP = 3  # at most this many other acts between two acts of a repeated sequence
NEAR = 3  # 亦如之 looks back this many passages at most
AROUND = 12  # 如X之禮: the acts of X's rite are among this many acts from X's act

RULE = {"first": "repeats-first", "last": "repeats-last", "named": "repeats-named"}


@dataclass
class RepeatAsk:
    how: str  # first (如初), last (如之), named (如X之禮)
    events: list[Event]  # the acts of the clause that say they repeat
    agents: list[str] = field(default_factory=list)  # named: who did X
    action: str | None = None  # named: X's act
    recipients: list[str] = field(default_factory=list)  # named: to whom
    after_repeat: bool = False  # the clause opens right after another that said it repeats (奠幣如初，舉幣受馬如初)


def resolve(events: list[Event], asks: list[RepeatAsk]) -> None:
    """Link the acts of each ask to the earlier events of ``events`` (a
    document's, in order) they repeat."""
    index = {id(e): n for n, e in enumerate(events)}
    for ask in asks:
        clause = [e for e in ask.events if id(e) in index]  # events with no agent are no events
        if not clause:
            continue
        if ask.how == "named":
            pairs = _named(events[:index[id(clause[0])]], clause, ask)
        else:
            pairs = _sequence(events, index, clause, ask)
        for event, earlier in pairs:
            event.repeats = [earlier]
            event.mark("repeats", RULE[ask.how])
            if ask.how == "named" or not _left_open(event, earlier, ask, len(pairs)) \
                    or (not event.agents and event.objects):
                continue  # a written agent is kept, and no agent given to things set out by no one
            done_by = _in_turn(events, index, earlier, event)
            if done_by and done_by != event.agents:
                event.agents = done_by  # 宿贊冠者一人亦如之: the one who invited the 賓
                event.mark("agent", RULE[ask.how], replace=True)
                # a guess taken from a guess stays one to review
                event.uncertain = list(earlier.uncertain) or [GUESSED[r] for r in [earlier.rule_for("agent")]
                                                              if r in GUESSED]


def _in_turn(events: list[Event], index: dict[int, int], earlier: Event, event: Event) -> list[str]:
    """Who did the earlier act: with, for an act of the mourners (flag
    mourners), the others written doing it right after, in its passage
    (丈夫踊…婦人踊 | 踊如初: the men and the women leap) — not the act that
    repeats it, nor one whose agent is not written."""
    agents = list(earlier.agents)
    if "mourners" not in vocabulary().flags(earlier.action):
        return agents
    n = index[id(earlier)]
    for later in events[n + 1:n + 2 + GAP]:
        if later.passage != earlier.passage or later is event:
            break
        if later.action == earlier.action and not later.negated and later.rule_for("agent") == "written-subject":
            agents += [a for a in later.agents if a not in agents]
    return agents


# Guesses from the act's own exchange, which an earlier act it repeats does not
# override (朋友…主人拜，委衣如初: the friend lays the clothes, as the messenger did)
FROM_EXCHANGE = {"giver-lays"}


def _guessed(event: Event) -> bool:
    """No subject is written for the act in its sentence (its agent was carried)."""
    return event.rule_for("agent") in GUESSED and event.rule_for("agent") not in FROM_EXCHANGE


def _left_open(event: Event, earlier: Event, ask: RepeatAsk, acts: int) -> bool:
    """Who does ``event`` is not written where it is: no subject in its
    sentence, or none in its clause, which opens right after another that
    repeats, and repeats two acts or more on the very things they were done on
    (賓奠幣如初，舉幣、受馬如初: the 宰 lifts the silk and the 士 takes the
    horses, as they did; not 主人…即位如初, one act, nor acts on nothing)."""
    return _guessed(event) or (ask.after_repeat and acts > 1 and event.rule_for("agent") == "carried-clause"
                               and bool(event.objects) and sorted(event.objects) == sorted(earlier.objects))


def _sequence(events: list[Event], index: dict[int, int], clause: list[Event], ask: RepeatAsk) -> list[tuple[Event, Event]]:
    """The longest tail of the clause that was done before it (before the
    tail's first act: 見於兄弟…見贊者…亦如之 repeats acts of the same passage)."""
    for start in range(len(clause)):
        tail = clause[start:]
        before = events[:index[id(tail[0])]]
        if ask.how == "last":
            before = [e for e in before if tail[0].passage - e.passage <= NEAR]
        found = _occurrences(before, tail)
        if not found:
            continue
        if ask.how == "first":  # on things of the same kind, by the same agents where the text names them
            found = _alike(found, tail[0]) or found
            same = [o for o in found if all(a.agents == b.agents or _left_open(a, b, ask, len(tail))
                                            for a, b in zip(tail, o))]
            chosen = (same or found)[0]
        else:
            chosen = found[-1]
        return list(zip(tail, chosen))
    return []


def _alike(found: list[list[Event]], act: Event) -> list[list[Event]]:
    """The runs whose first act handles a thing of a class the act's things
    have (舉骼…如初: the 佐食 lifting the lung and spine for the 尸, not the
    宗人 lifting the tripod's cover when the victims were shown)."""
    classes = object_classes()
    kinds = {classes.get(t) for t in act.objects} - {None}
    return [run for run in found if kinds & {classes.get(t) for t in run[0].objects}] if kinds else []


def _occurrences(before: list[Event], acts: list[Event]) -> list[list[Event]]:
    """Every run of ``before`` that does the acts of ``acts`` in order, at most
    GAP other acts between two of them."""
    out = []
    for i, event in enumerate(before):
        if not _same_act(acts[0], event):
            continue
        run, j = [event], i
        for act in acts[1:]:
            nxt = next((m for m in range(j + 1, min(j + 2 + GAP, len(before))) if _same_act(act, before[m])), None)
            if nxt is None:
                break
            run.append(before[nxt])
            j = nxt
        if len(run) == len(acts):
            out.append(run)
    return out


def _same_act(event: Event, earlier: Event) -> bool:
    """The same act word, not used the other way: one with a thing and no
    place is not one with a place and no thing (升魚, putting the fish in the
    tripod, does not repeat 升自阼階, going up), nor a movement leading
    someone one alone."""
    if event.action != earlier.action:
        return False
    if (event.rule_for("recipients") == "led-with") != (earlier.rule_for("recipients") == "led-with") \
            and vocabulary().action_class.get(event.action) == "Movement":
        return False  # 以賓入, leading the 賓 in, does not repeat going in alone (主人入)
    return not (bool(event.objects) != bool(earlier.objects)
                and (event.place is None) != (earlier.place is None))


def _named(before: list[Event], clause: list[Event], ask: RepeatAsk) -> list[tuple[Event, Event]]:
    def done_by(e: Event) -> bool:
        return set(ask.agents) <= set(e.agents) and set(ask.recipients) <= set(e.recipients)

    if ask.action is None:
        if not ask.agents:
            return []  # 如鄉射之禮: another rite, not an act of this chapter
        pairs = []
        for event in clause:  # 如主人之禮: the act of the same kind by the 主人
            earlier = next((e for e in reversed(before) if e.action == event.action and done_by(e)), None)
            if earlier is not None:
                pairs.append((event, earlier))
        return pairs
    anchor = next((n for n in range(len(before) - 1, -1, -1)
                   if before[n].action == ask.action and done_by(before[n])), None)
    if anchor is None:
        return []
    rite = before[anchor:anchor + AROUND]
    pairs = []
    for event in clause:  # 拜興飲皆如賓酬主人之禮: the 拜, 興, 飲 of that 酬
        earlier = next((e for e in rite if e.action == event.action), None)
        if earlier is not None:
            pairs.append((event, earlier))
    return pairs
