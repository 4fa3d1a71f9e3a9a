"""Commands, requests, quotations, conditions and comparisons: the stretches
of the 經 that are said, asked or supposed rather than done (GUIDELINES rules
1, 4 and 9). A mixin of the passage parser: it reads the parser's tokens and
state."""
from __future__ import annotations

from kg.extract.event import Event
from kg.extract.phrases import at, text_at, particle, read_place, read_roles
from kg.extract.vocab import CLOSE_QUOTE, OPEN_QUOTE, SENTENCE_END, Token, things_of_class

POSITIONS = {"位"}  # a position named by what is done there (反哭位: where one stands to wail on return)

CLAUSE_PUNCT = set("，,：:") | SENTENCE_END
PERSON_FLAGS = {"person", "person?", "command", "complement"}
CONDITION_WORDS = 8  # at most this many words between 若 and its 則 in an unpunctuated quotation


class SpeechReading:
    def content_end(self, k: int, event: Event, commanded: bool) -> int:
        """Skip the content of a command or request (命弟子設豐): it ends at a
        pause, at a role that goes on to act, or at 乃. The content of a
        request may start with roles (請執冪者與羞膳者); after the one
        commanded, the next role may already act (命賓賓少進)."""
        first = k
        while (tok := at(self.t, k)) is not None:
            if tok.punct and tok.text in CLAUSE_PUNCT:
                return k
            if k > first and self.placed_act(k) and self.act_before(first, k):
                return k  # 命之成拜階上北面再拜稽首: 成拜 is commanded, then he bows where he stands
            if tok.punct and tok.text in OPEN_QUOTE:
                return self.quote_end(k + 1)[1]
            if (commanded or k > first) and self.resumes(k, quoted=False):
                return k
            if commanded and k > first and self.vocab.particle_has(tok.text, "both") and self.act_at(k + 1) \
                    and self.act_before(first, k):
                return k  # 遣賓就主人皆盥于洗: they all wash, those sent (rule commanded-does)
            if tok.is_("role"):
                if not commanded and self.act_at(k + 1) and "report" in self.vocab.flags(self.t[k + 1].label("action")):
                    return k  # 擯者出請賓告事畢: he asks; the 賓 tells him the business is done
                k += 1  # a role of the content and those joined to it (執冪者與羞膳者)
                while particle(at(self.t, k), "join") and at(self.t, k + 1) is not None and at(self.t, k + 1).is_("role"):
                    k += 2
                continue
            if self.vocab.particle_has(tok.text, "then") and self.act_at(k + 1):
                return k
            if not commanded and k > first and self.act_at(k) and "report" in self.vocab.flags(tok.label("action")) \
                    and self.reported_to_end(k + 1):
                # 擯者出請入告主人, 擯者出請事入告: asking goes no further than the report to
                # someone named, or a report that ends its clause; the one who asked goes in and reports
                return self.content_start_of(first, k)
            if particle(tok, "preposition") and at(self.t, k + 1) is not None and at(self.t, k + 1).is_("role"):
                roles, after = read_roles(self.t, k + 1)  # 請射于賓
                if not particle(at(self.t, after), "direction"):
                    event.recipients += roles
                    event.mark("recipients", "content-recipient")
            k += 1
        return k

    def errand_end(self, event: Event, errand: int, end: int) -> int:
        """Where a command's content ends (``end``), unless the one sent is
        named by his errand and another act follows it at once: that act is
        no part of the errand (君使人弔徹帷: the curtain is removed after)."""
        if event.rule_for("recipients") == "sent-by-errand" and self.act_at(errand) \
                and errand + 1 < end and self.act_at(errand + 1):
            return errand + 1
        return end

    def all_told(self, k: int) -> bool:
        """The act at k comes right after a command's content and 皆 (a pause
        between or not): those commanded all do it (遣賓就主人，皆盥于洗)."""
        between = [tok for tok in self.t[self.verb_end:k] if not tok.punct]
        told = self.events[-1] if self.events else None
        return len(between) == 1 and self.vocab.particle_has(between[0].text, "both") and told is not None \
            and told.recipients == self.commanded[0] and "command" in self.vocab.flags(told.action)

    def act_before(self, first: int, k: int) -> bool:
        return any(self.act_at(n) for n in range(first, k))

    def placed_act(self, k: int) -> bool:
        """A place with no preposition at k, a facing, then an act: a clause
        of its own (階上北面再拜), as a command's words seldom say where to face."""
        if particle(at(self.t, k - 1), "preposition") or not self.t[k].is_("place"):
            return False
        found = read_place(self.t, k, heads=("place",))
        return found is not None and getattr(at(self.t, found[1]), "readings", {}).get("facing") is not None \
            and self.act_after_facings(found[1])

    def reported_to_end(self, k: int) -> bool:
        """What follows a report at k-1 leaves it no content of its own: the
        one told (告主人, 告于賓), the end of the clause, or the next act (入告出)."""
        tok = at(self.t, k)
        told = particle(tok, "preposition") and at(self.t, k + 1) is not None and at(self.t, k + 1).is_("role")
        return tok is None or tok.punct or tok.is_("role") or self.act_at(k) or told

    def content_start_of(self, first: int, k: int) -> int:
        """Where the acts that lead to the report at k begin: the movement
        right before it (入告, 反告) is the asker's too."""
        prev = k - 1
        if prev >= first and self.act_at(prev) and self.vocab.action_class.get(self.t[prev].label("action")) == "Movement":
            return prev
        return k

    def on_quote(self, k: int) -> int:
        start, end, after = self.quote_span(k + 1)
        text = "".join(c for c in self.norm[start:end] if c.isalnum() and c != "〓") or None
        answered = self.bows_to_end(after)  # the words end where the bows answering them begin
        last = self.clause
        if (last is not None and last is self.events[-1] and last.quote is None
                and "speech" in self.vocab.flags(last.action)):
            last.quote = text
            last.mark("quote", "quote")
            if answered:
                last.mark("quote", "answer-ends-words")
            return after
        if self.skip:
            self.skip = False
            return after
        things, self.things = self.things, []
        event = self.new_event("曰", self.t[k], "quote", quote=text)
        self.things = things  # things waiting are for an act, not for 曰
        event.objects = []
        if answered:
            event.mark("quote", "answer-ends-words")
        self.events.append(event)
        self.fresh = False
        self.clause = event
        self.verb_end = after
        return after

    def quote_span(self, k: int) -> tuple[int, int, int]:
        """[start, end) of the quotation after 曰 in the normalised text, and
        the token after it."""
        while (tok := at(self.t, k)) is not None and tok.punct and tok.text in "：:，,":
            k += 1
        if at(self.t, k) is None:
            return len(self.norm), len(self.norm), k
        if self.t[k].punct and self.t[k].text in OPEN_QUOTE:
            end, after = self.quote_end(k + 1)
            return self.t[k].j, end, after
        first = self.t[k].i
        m = k
        while (tok := at(self.t, m)) is not None:
            if tok.punct and (tok.text in SENTENCE_END or tok.text in CLOSE_QUOTE):
                return first, tok.i, m + 1
            if tok.i >= first + self.shortest_words(k) and (self.resumes(m, quoted=True) or self.bows_to_end(m)
                                                              or self.bows_again(m)):
                return first, tok.i, m
            if tok.i > first and particle(tok, "numeral") and self.act_at(m + 1) and particle(self.t[m - 1], "redo"):
                return first, tok.i, m + 1  # 曰臯某復三降衣于前: the call, three times; then he goes down
            if m == k + 1 and tok.is_("action") and self.t[k].is_("action") \
                    and tok.label("action") == self.t[k].label("action"):
                return first, tok.i, m  # 延之曰升升: the order of one word, obeyed at once
            if tok.i > first and tok.is_("facing") and self.act_index(m) is not None:
                return first, tok.i, m  # 史曰諾西面于門西抽下韇: a facing and an act are told, not said
            m += 1
        return first, len(self.norm), m

    def shortest_words(self, k: int) -> int:
        """How many characters the unpunctuated words said from token k take at
        least before the narrative may take up again: one for an assent said
        alone (主人曰諾乃退: 諾, then he withdraws), else two."""
        tok = self.t[k]
        assent = tok.is_("action") and "response" in self.vocab.flags(tok.label("action")) \
            and self.vocab.action_class.get(tok.label("action")) == "Speech"
        return 1 if assent else 2

    def bows_to_end(self, k: int) -> bool:
        """In an unpunctuated text the words said run on into the bows that
        answer them (賓對曰…臣不敢辭再拜稽首受): a bow (再拜, 拜; class
        Salutation) followed only by acts to the end of the sentence, two acts
        at least, is the narrative again, not speech. A lone 再拜 at the end
        stays in the words (…敢不再拜). The bows are those flagged ``answer``
        in actions.tsv."""
        first = at(self.t, k)
        if first is None or not first.is_("action") or "answer" not in self.vocab.flags(first.label("action")):
            return False
        m = k
        while (tok := at(self.t, m)) is not None and not (tok.punct and tok.text in SENTENCE_END | CLOSE_QUOTE):
            if tok.punct or not tok.is_("action"):
                return False
            m += 1
        return m - k >= 2

    def bows_again(self, k: int) -> bool:
        """A role at k, adverbs (又, 乃), then the bows that answer the words
        (bows_to_end): the narrative takes up again with that role (…尚饗。
        主人又再拜稽首, unpunctuated)."""
        if not self.t[k].is_("role"):
            return False
        n = read_roles(self.t, k)[1]
        if not particle(at(self.t, n), "adverb"):
            return False
        while particle(at(self.t, n), "adverb"):
            n += 1
        return self.bows_to_end(n)

    def quote_end(self, k: int) -> tuple[int, int]:
        """Position of the closing quotation mark from token k, and the token
        after it; quotations inside it (占曰『吉』) are passed over."""
        depth = 0
        while (tok := at(self.t, k)) is not None:
            if tok.punct and tok.text in OPEN_QUOTE:
                depth += 1
            elif tok.punct and tok.text in CLOSE_QUOTE:
                if depth == 0:
                    return tok.i, k + 1
                depth -= 1
            k += 1
        return len(self.norm), k

    def resumes(self, k: int, quoted: bool) -> bool:
        """The narrative takes up again at token k: a role that acts (not one
        governed by the act before it), or in a quotation 反/皆/乃 + act, or 命."""
        tok = self.t[k]
        prev = at(self.t, k - 1)
        if tok.is_("role"):
            if quoted and particle(prev, "preposition"):
                return False  # 曰請安于賓司正告于賓: the 賓 after 于 is said; the 司正 takes up the narrative
            governing = self.vocab.flags(prev.label("action")) if prev is not None and prev.is_("action") else set()
            roles, roles_end = read_roles(self.t, k)
            if not quoted and prev is not None and prev.is_("action") and len(roles) > 1 and roles_end - k == len(roles) \
                    and not self.vocab.particle_has(text_at(self.t, roles_end), "both"):
                return False  # 請立司正公許: the 司正 is what is asked for; the 公, written next, assents
                # (not 命毋哭主人主婦皆不哭: 皆 makes them one party)
            if not quoted and self.vocab.particle_has(text_at(self.t, roles_end), "also") \
                    and not particle(at(self.t, roles_end + 1), "manner") and self.acts_later(roles_end):
                return True  # 使人…勞侯氏亦皮弁迎于帷門之外: the one greeted also greets
            if "goal" in governing and not quoted and not particle(prev, "pronoun") and not particle(prev, "join"):
                return False  # 遣賓就主人: where the one sent goes (not 又命之賓再拜: 之 is the one told)
            if PERSON_FLAGS & governing and not (not quoted and governing & PERSON_FLAGS == {"person?"}):
                return False  # (a role after 辭, flag person?, is its subject where it acts: 命小臣辭，賓升成拜)
            act = self.act_index(roles_end)
            return act is not None and not (quoted and "quoted" in self.vocab.flags(self.t[act].label("action")))
        if not quoted:
            return False
        told = at(self.t, k + 2)
        if tok.is_("action") and "speech" in self.vocab.flags(tok.label("action")) \
                and particle(at(self.t, k + 1), "preposition") and told is not None and told.is_("role") \
                and particle(at(self.t, read_roles(self.t, k + 2)[1]), "quote"):
            return True  # …曰子與某子射，告於大夫曰…: a new saying to someone named is the narrative's
        if particle(tok, "condition") and self.then_follows(k):
            return True  # 若右勝則曰右賢於左，若左勝則曰…: another case, told as the narrative tells it
        if particle(tok, "redo") and particle(at(self.t, k + 1), "numeral"):
            return False  # 曰臯某復三: "come back", called three times, is the words said
        if particle(tok, "redo") or self.vocab.particle_has(tok.text, "resumes"):
            return self.act_index(k + 1) is not None
        # 命 takes up the narrative only as a command to someone named (…曰…命獲者…);
        # in 不得命, 以命命某見, 辱命 it is a word of the speech.
        nxt = at(self.t, k + 1)
        return tok.is_("action") and "command" in self.vocab.flags(tok.label("action")) \
            and nxt is not None and nxt.is_("role") and not (prev is not None and prev.readings.get("action"))

    def then_follows(self, k: int) -> bool:
        """若 at k opens a condition whose 則 follows before a pause or a
        quotation, and then 曰: another case and another saying, told by the
        narrative (若左勝則曰; not 間若一 "as one", nor a condition inside the words,
        君若降送之則不敢顧辭, 若是則繼父之道也)."""
        for m in range(k + 1, min(k + 1 + CONDITION_WORDS, len(self.t))):
            tok = self.t[m]
            if tok.punct or particle(tok, "quote"):
                return False
            if particle(tok, "topic") and tok.text == "則":
                return particle(at(self.t, m + 1), "quote")
        return False

    def compared_end(self, k: int) -> int:
        """如X: skip what is compared (如主人服, 如初儀, 如加皮弁之儀): the
        words up to a pause or the next act that is not part of it; a
        position named by an act or a place (如反哭位, 如朝夕哭位, 如室位) is
        compared whole."""
        for n in range(k, min(k + 4, len(self.t))):
            if self.t[n].punct:
                break
            if self.t[n].is_("role"):
                break  # (如主人服即位: the dress compared, then he takes his position)
            if self.t[n].is_("place") and self.t[n].label("place") in POSITIONS and n > k \
                    and (self.t[n - 1].is_("action") or self.t[n - 1].is_("place")):
                return n + 1
        tok = at(self.t, k)
        if tok is not None and tok.is_("role"):
            k = read_roles(self.t, k)[1]
        elif particle(tok, "preposition") and at(self.t, k + 1) is not None and at(self.t, k + 1).is_("place"):
            k += 2  # 如於室禮: as the rite in the chamber, no place of the act after it
        elif tok is not None and not tok.punct:
            k += 1
        while (tok := at(self.t, k)) is not None and not tok.punct and not tok.readings and k < len(self.t):
            k += 1  # 服, 儀, 禮
        named = at(self.t, k)
        if named is not None and named.is_("object") and named.label("object") in self.vocab.also_verb \
                and named.label("object") in things_of_class("Food") and compared_whole(at(self.t, k + 1)):
            k += 1  # 如小斂奠, 如朔奠: the offering compared to (奠 the offering), no act
        if at(self.t, k) is not None and self.vocab.particle_has(at(self.t, k).text, "genitive"):
            k += 2
        return k

    def condition_end(self, k: int) -> int:
        """若…則: the condition is no event; go on after 則, or, with no 則, after
        a pause that ends a condition of one act where an act follows (若賻，入告).
        A passage that is a condition alone, one act with no 則 (若奠, 若賻,
        若君不見), names what the next passage does in that case: no event."""
        m = k + 1
        while (tok := at(self.t, m)) is not None and not (tok.punct and tok.text in SENTENCE_END):
            if particle(tok, "topic"):
                return m + 1
            m += 1
        pause = next((n for n in range(k + 1, m) if self.t[n].text in CLAUSE_PUNCT), None)
        if pause is not None and sum(self.act_at(n) for n in range(k + 1, pause)) == 1 \
                and self.act_at(pause + 1):
            return self.condition_alone(k, pause) + 1  # the punctuated 若賻，入告: the condition runs to the pause
        acts = [n for n in range(k + 1, len(self.t)) if self.act_at(n)]
        if len(acts) == 1 and all(tok.punct for tok in self.t[acts[0] + 1:]):
            return self.condition_alone(k, len(self.t))
        return k + 1

    def condition_alone(self, k: int, end: int) -> int:
        """The condition k..end names no act done; a role written in it is who
        the acts after it go on with (若君不見 | 使大夫受, 若君不見，使大夫受: the lord)."""
        roles = [tok.label("role") for tok in self.t[k + 1:end] if tok.is_("role")]
        if roles:
            self.agent = roles
        return end


def compared_whole(after: Token | None) -> bool:
    """Nothing, a pause or an adverb that opens the next act (乃) after the
    words compared: they end there (如小斂奠，乃啓: the offering, no act)."""
    return after is None or after.punct or particle(after, "adverb")
