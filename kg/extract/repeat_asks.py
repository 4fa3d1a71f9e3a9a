"""如初, 亦如之, 如X之禮 as the parser reads them: the acts of the clause
that says it repeats, noted as a :class:`kg.extract.repeats.RepeatAsk` and
resolved once the document's events are known (:func:`kg.extract.repeats.resolve`).
A mixin of :class:`kg.extract.events.PassageParser`, whose ``clause_from``,
``prev_clause_from``, ``repeat_asks`` and ``repeated_to`` it keeps."""
from __future__ import annotations

from kg.extract.phrases import at, particle, read_roles
from kg.extract.repeats import RepeatAsk

RITE_WORDS = 8  # 如X之禮: at most this many words in X


class RepeatAsking:
    def new_clause(self) -> None:
        if len(self.events) > self.clause_from:
            self.prev_clause_from = self.clause_from
        self.clause_from = len(self.events)

    def ask_repeat(self, ask: RepeatAsk) -> None:
        """The acts of this clause, or where it has none yet (宿贊冠者一人，亦如之)
        the clause before, repeat earlier acts: resolved once the document's
        events are known (kg/extract/repeats.py)."""
        ask.events = self.events[self.clause_from:] or self.events[self.prev_clause_from:self.clause_from]
        ask.after_repeat = self.clause_from == self.repeated_to  # (-1 until a clause has repeated)
        if ask.events:
            self.repeated_to = len(self.events)
            self.repeat_asks.append(ask)
        self.new_clause()

    def repeat_in_content(self, start: int, end: int) -> None:
        """命取矢如初: 如初 inside what is commanded says the command is given as before."""
        for tok in self.t[start:end]:
            how = self.vocab.particle_value(tok.text, "repeats")
            if how is not None:
                self.trace.append((self.t.index(tok), "repeat"))
                self.ask_repeat(RepeatAsk(how, []))
                return

    def named_rite(self, k: int, end: int) -> RepeatAsk:
        """如X之禮: X's agents, act and recipients (賓酬主人, 加皮弁, 主人)."""
        ask = RepeatAsk("named", [])
        if at(self.t, k) is not None and self.t[k].is_("role"):
            ask.agents, k = read_roles(self.t, k)
        while k < end and not self.act_at(k):
            k += 1
        if k < end:
            ask.action = self.t[k].label("action")
            if at(self.t, k + 1) is not None and self.t[k + 1].is_("role") and k + 1 < end:
                ask.recipients = read_roles(self.t, k + 1)[0]
        return ask

    def rite_end(self, k: int, tok, like: str | None = None) -> int | None:
        """如X之禮 (particles.tsv rite= on 如; ``like``: the word whose rite=
        words count, for 如初X之禮), X a few words with no pause: the index
        after 禮, else None."""
        rite = (self.vocab.particle_value(like or tok.text, "rite") or "").split(",")
        for m in range(k + 2, min(k + 2 + RITE_WORDS, len(self.t) - 1)):
            word = self.t[m]
            if word.punct or particle(word, "like", "condition", "quote"):
                return None
            if self.vocab.particle_has(word.text, "genitive") and self.t[m + 1].text in rite:
                return m + 2
        return None
