"""Where: the parser's handlers of place phrases (a 于 phrase, a 自/由 way,
a place written bare) and how a place attaches to an act. A mixin of
:class:`kg.extract.events.PassageParser`, whose state it reads and sets; the
word rules that call these handlers are in :mod:`kg.extract.word_rules`."""
from __future__ import annotations

from kg.extract.event import Event
from kg.extract.places import among_correspondences
from kg.extract.phrases import (PlacePhrase, at, is_head, named_place, particle, read_place, read_roles,
                                text_at, thing_named_place, written_place)

# The numbers that count things (四門: 一 to 十, 兩), not 人 of 二人 nor a 人 miswritten for 入 (皆人門).
COUNTS = set("一二三四五六七八九十兩")

# A goal that says only "one's place" gives way to a 于 phrase that says where it is.
GENERIC_PLACES = {"位"}


class PlaceRules:
    def side_after_pause(self, k: int) -> int | None:
        """A side alone between pauses (左, 右: particles.tsv hand) right after
        the place a movement just went to is the side of it (the punctuated
        text's 祝入門，左，北面: 門左, as 入門左): the index after it, else None."""
        tok, last = self.t[k], self.sentence_last()
        if not (self.vocab.particle_has(tok.text, "hand") and particle(tok, "direction")) or last is None \
                or last.place is None or self.vocab.action_class.get(last.action) != "Movement" or k < 2 \
                or not self.t[k - 1].punct or self.t[k - 2].j != last.j \
                or not (at(self.t, k + 1) is None or self.t[k + 1].punct):
            return None
        last.place = PlacePhrase(last.place.label + tok.text, last.place.head_kind, last.place.head, True)
        return k + 1

    def on_preposition(self, k: int) -> int:
        prep = self.t[k].text
        self.prep_at = k
        nxt = at(self.t, k + 1)
        if nxt is not None and self.vocab.particle_has(nxt.text, "phrase"):
            return k + 3  # 於其上: a pronoun names no place
        below = self.vocab.particle_value(nxt.text, "alone") if nxt is not None else None
        before = at(self.t, k - 1)
        if below == getattr(nxt, "text", None) and (self.vocab.particle_has(prep, "forward")
                                                    or before is not None and before.is_("role")):
            below = None  # 實于右: a side alone is the place; not 宰自右少退 (the way), 上射於左 (where he is)
        if below is not None and not (is_head(at(self.t, k + 2)) and not particle(at(self.t, k + 3), "state")) \
                and not particle(at(self.t, k + 2), "direction"):
            # (設于西北隅: a corner, not the west; 設于東韭菹在南: the east, then where each dish is)
            self.attach_place(PlacePhrase(below, "place", below, False), prep, k + 2)
            return k + 2
        corner = text_at(self.t, k + 1) + text_at(self.t, k + 2)
        if len(corner) == 2 and corner[0] in "東西" and corner[1] in "南北" \
                and not (is_head(at(self.t, k + 3)) and not at(self.t, k + 3).is_("role")) \
                and not particle(at(self.t, k + 3), "direction"):
            # 設于西北，婦人踊: the north-west (of the room) as written; not 設于西北隅 (the corner)
            self.attach_place(PlacePhrase(corner, "place", corner, False), prep, k + 3)
            return k + 3
        found = thing_named_place(self.t, k + 1) or read_place(self.t, k + 1)
        if found is None and particle(nxt, "numeral") and at(self.t, k + 2) is not None \
                and at(self.t, k + 2).is_("object"):
            found = read_place(self.t, k + 2, heads=("object",))  # 實于一鼎: the vessel, counted
        if found is None:
            found = named_place(self.t, k + 1) or written_place(self.t, k + 1)
        if found is None:
            return k + 1
        phrase, after = found
        if phrase.head_kind == "role" and not phrase.relative:
            roles, after = read_roles(self.t, k + 1)
            if at(self.t, after) is not None and self.vocab.particle_has(at(self.t, after).text, "genitive"):
                return after + 2  # 於賓之家: a place the tables do not know
            directed = self.clause is not None and (self.vocab.flags(self.clause.action) & {"person", "person?"}
                                                    or self.vocab.action_class.get(self.clause.action) == "Speech")
            owned = read_place(self.t, after) if getattr(at(self.t, after), "readings", {}).get("place") else None
            if owned is not None and not directed:
                # 立于尸外門外: the 尸's outer gate, of an act directed at no one (醋于主人戶西,
                # 受命于公西階上: to him)
                self.attach_place(owned[0], prep, owned[1])
                return owned[1]
            if self.clause is not None:  # 告于賓, 獻獲者於侯
                self.clause.recipients += [r for r in roles if r not in self.clause.recipients]
                self.clause.mark("recipients", "preposition")
                self.vassal(self.clause)
                self.extend(self.clause, after)
            return after
        self.attach_place(phrase, prep, after)
        return after

    def after_comma_after_verb(self, k: int) -> bool:
        """Token k follows a comma written right after the act just read
        (出，自屏南; 賓升，西楹西), or an arrangement phrase right after the
        act's words, which is as good as a pause (受醴面枋筵前)."""
        pause = at(self.t, k - 1)
        if particle(pause, "manner") and not self.vocab.particle_value(pause.text, "repeats") \
                and self.clause is not None and pause.i == self.clause.j:
            return True  # 受醴面枋筵前西北面: how he holds it, then where he stands (not after 如初)
        return pause is not None and pause.text == "，" and pause.i == self.t[self.verb_token].j

    def way_after_pause(self, last: Event, after: int) -> bool:
        """出，自屏南適門西 (the punctuated plain text): a 自/由 phrase after a
        comma that follows a movement with no place, before an act that goes
        to a place of its own, is the way of the movement before."""
        if not self.after_comma_after_verb(self.prep_at) or last.place is not None:
            return False
        if self.vocab.action_class.get(last.action) != "Movement" or not self.act_at(after):
            return False
        return read_place(self.t, after + 1) is not None

    def named_standing_apart(self) -> bool:
        """The roles written last, then a facing, right before the 于 phrase
        say where those roles stand (尸告飽，祝西面于主人之南): not right after
        the last act's verb, whom it is directed at, and with no act of theirs
        since. (Not 乃薦司正與射人于觶南北面: to them, where they stand.)"""
        n = self.prep_at - 1
        if n <= self.verb_token or not self.t[n].is_("facing"):
            return False
        while n > self.verb_token and self.t[n].is_("facing"):
            n -= 1
        if n <= self.verb_token or not self.t[n].is_("role") or self.standing is None \
                or self.standing[1] != len(self.events):
            return False
        while n - 1 > self.verb_token and (self.t[n - 1].is_("role") or particle(self.t[n - 1], "join")):
            n -= 1
        return n > self.verb_token + 1

    def attach_place(self, phrase: PlacePhrase, prep: str, after: int) -> None:
        """于/於 phrases follow their act (奠于中庭). 自/由 phrases follow the
        verb they stand right after (升自西階, 進由堂下北面) and otherwise precede
        the act that follows at once (挾一个由堂西進)."""
        last = self.clause
        before = at(self.t, self.prep_at - 1)
        if before is not None and not before.readings and not before.punct and before.text != "〓" \
                and (last is None or last.j < before.i):
            return  # 死於適室: the place of an act the tables lack, no other act's
        right_after_verb = last is not None and (self.t[self.verb_token].j == self.t[self.prep_at].i
                                                 or last.j == self.t[self.prep_at].i and last.place is not None
                                                 and last.place.head_kind == "object"
                                                 or self.way_after_pause(last, after))
        forward = self.vocab.particle_has(prep, "forward")
        if (forward and self.role_since or self.named_standing_apart()) and not right_after_verb \
                and not any(self.act_at(n) for n in range(after, len(self.t))):
            return  # 踊襲主婦及親者由足西面, 尸告飽祝西面于主人之南: where the ones named last stand, acting no
            # more in the passage; no act before them
        if forward and (self.act_index(after) is not None or self.act_past_fallback(after)) and not right_after_verb:
            self.wait_place(phrase, "preposition", forward=True)
        elif self.vocab.particle_has(prep, "forward") and right_after_verb and last.place is not None \
                and last.place.head_kind == "object":
            self.extend(last, after)  # 升筵自西方: onto the mat from its west side, the act's own way
        elif last is not None and self.placed_before.get(id(last)) == forward and last.j == self.t[self.prep_at].i \
                and (not forward or self.vocab.action_class.get(last.action) == "Movement"):
            # 放于西方設洗于阼階東南: the 洗 is set at 阼階東南; 由足降自西階: the stair it goes down by
            last.place = phrase
            last.mark("place", "place-after-act-wins", replace=True)
            self.placed_before.pop(id(last))
            self.extend(last, after)
        elif last is not None and (last.place is None or last.place.label in GENERIC_PLACES):
            last.place = phrase  # 即位于門外: where the position is, not 位
            last.mark("place", "preposition")
            self.extend(last, after)
            pair = self.previous_event
            if pair is not None and pair.place is None and pair.j == self.t[self.verb_token].i \
                    and "paired" in self.vocab.flags(pair.action) and "paired" in self.vocab.flags(last.action) \
                    and self.vocab.particle_has(prep, "forward"):
                pair.place = phrase  # 升降自西階: up and down by the western stair, both
                pair.mark("place", "preposition")
        else:
            self.wait_place(phrase, "preposition", forward)

    def on_bare_place(self, k: int, found: tuple[PlacePhrase, int] | None = None) -> int:
        found = found or read_place(self.t, k)
        if found is None:
            return k + 1
        phrase, after = found
        if among_correspondences(self.t, k, after):
            return after  # 南方璋西方琥北方璜: which jade goes where, no act's place
        if text_at(self.t, k - 1) in COUNTS and self.verb_end not in (k - 1, k):
            return after  # 為宮方三百步，四門: how many gates it has, no act's place (祭醴三西階上: the act's
            # count, the place after it its own)
        last = self.clause
        nxt = at(self.t, after)
        # (東方之饌, 西方亦如之: the place says whose, or opens a clause of its own)
        topic = nxt is not None and nxt.text in ("之", "亦")
        right_after = k == self.verb_end or (self.after_comma_after_verb(k) and not topic)
        if right_after and last is not None and last.place is None \
                and (self.act_index(after) is None or len(phrase.label) == 1 and self.goes_somewhere(last)):
            # 賓升，西楹西，東面 (GUIDELINES 6: after a comma too); 婦降階受笲, 出門哭: the steps
            # gone down, the gate gone out of (a bare site, no side of it), not where the next
            # act is (不降階上答再拜: he answers there)
            last.place = phrase
            last.mark("place", "bare-place")
            self.extend(last, after)
        else:
            self.wait_place(phrase, "bare-place")
        return after
