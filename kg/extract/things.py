"""With what: the parser's handlers of things (a thing after or before an
act, 以X and 用X; the places are :mod:`kg.extract.place_rules`).
A mixin of :class:`kg.extract.events.PassageParser`, whose state it reads and
sets; the word rules that call these handlers are in
:mod:`kg.extract.word_rules`."""
from __future__ import annotations

from kg.extract.event import Event
from kg.extract.phrases import (STANDS, PlacePhrase, at, particle, past_pause, read_place, read_roles, read_things,
                                text_at, things_of_class)
from kg.extract.vocab import SENTENCE_END, Token


class ThingRules:

    def thing_not_acted_on(self, event: Event, k: int) -> bool:
        """A thing written right before 不 + this act, no role between: what is
        not handled is that thing, where the act takes things and none follows
        (飧不致) or it carries things up or in (髀不升); the things after the
        act are no objects of it (the list of what is handled goes on)."""
        neg, thing = at(self.t, k - 1), at(self.t, k - 2)
        if not event.negated or not particle(neg, "negation") or thing is None \
                or not thing.is_("object") or thing.is_("role"):
            return False
        before = self.previous_event
        tail = self.list_tail(before, k - 2) if self.verb_end == k - 1 else []
        if thing.is_("action") and not tail and not (self.noun_not_act(k - 2) and self.opens_clause(k - 2)):
            return False  # (筵尊不徹: 尊 is what the list of 徹 ended with, no act; but 偏駕不入: the carriage)
        flags = self.vocab.flags(event.action)
        follows = at(self.t, k + 1)
        if not ("thing" in flags and not (follows is not None and follows.is_("object"))
                or "thing" not in flags and self.vocab.action_class.get(event.action) == "Movement"):
            return False  # 有脀不嚌肺: the lung is what he does not taste; 不坐: no thing at all
        written = past_pause(self.t, k - 3, -1)
        again = text_at(self.t, written) == thing.text  # 祭服。祭服不倒: written again, it opens its clause
        label = thing.label("object")
        # 載右胖髀不升, 徹薦爵筵尊不徹: the last of the list the act before took opens the clause of what is not done
        if before is not None and not tail and ((label in before.objects and not again) or self.verb_end > k - 2):
            return False  # 還車不還器: the carriage was what the act before took
        if tail:
            del before.objects[-len(tail):]
        event.objects = tail or [label]
        event.mark("objects", "thing-not-done")
        return True

    def list_tail(self, before: Event | None, k: int) -> list[str]:
        """The things written up to k (one, or more side by side) that end the
        list of things the act before took, with at least one of its things
        before them; else []."""
        n = k
        while n > 0 and self.t[n - 1].is_("object") and not self.t[n - 1].is_("role") \
                and self.t[n - 1].j == self.t[n].i:
            n -= 1
        for m in range(k, n - 1, -1):  # the shortest tail first
            tail = [tok.label("object") for tok in self.t[m:k + 1]]
            if before is not None and len(before.objects) > len(tail) and before.objects[-len(tail):] == tail:
                return tail
        return []

    def on_thing(self, k: int) -> int:
        tok = self.t[k]
        if tok.label("object") == "中" and k > 0 and self.t[k - 1].text in ("若", "不", "射"):
            return k + 1  # 若中: a hit, not the tally holder
        if self.per_vessel(k):
            return k + 1  # 魚十有五而俎: fifteen fish to a stand, no stand handled
        followers = self.read_followers(k)
        if followers is not None:
            return self.open_thing_clause(*followers)  # 三獻燔從: the roast meat follows
        last = self.clause
        if k == self.verb_end and last is not None and not last.objects and tok.label("object") in carried_things() \
                and self.goes_somewhere(last):
            things, after = read_things(self.t, k, vessels_hold=False)  # 升羊右胖, 又升魚腊: what is carried up
            side = read_place(self.t, k, heads=("object",), need_direction=True)
            if not things and side is not None:
                things, after = [tok.label("object")], side[1]  # 羊右(胖): the victim's right side
            carried = [t for t in things if t in carried_things()]
            if carried and carried != things and last.place is None:
                # 升羊豕魚三鼎: the victims go up into the tripods (counted vessels)
                vessel = next(t for t in things if t not in carried)
                last.place = PlacePhrase(vessel, "object", vessel, False)
                last.mark("place", "thing")
                things = carried
            if things and after > k:
                last.objects = things
                last.mark("objects", "thing")
                self.extend(last, after)
                return after
        place = read_place(self.t, k, heads=("object",), need_direction=True)
        if place is not None and last is not None and last.objects and last.objects[-1] == tok.label("object") \
                and last.j == self.t[k - 1].j:
            return place[1]  # 設扃鼏，鼏西末: the thing written again opens its own clause, how it lies, no place
        if place is not None and tok.label("object") not in things_of_class("MeatCut"):
            return self.on_bare_place(k, place)  # (羊左肩左肫: the left shoulder, the left thigh; no place)
        things, after = read_things(self.t, k)
        if not things:
            return k + 1
        if k == self.verb_end and self.topic_of_all(after):
            return self.open_thing_clause(things, after)  # 執二俎以從，匕皆加于鼎: the ladles are put on
        if last is not None and not last.objects and "thing" in self.vocab.flags(last.action) \
                and last.place is not None and last.j == self.t[k - 1].j and self.t[self.prep_at].i > last.i \
                and self.vocab.particle_has(self.t[self.prep_at].text, "forward"):  # (its own 自 phrase)
            last.objects = things  # 薦自東房韭菹醓醢: what is brought from the room
            last.mark("objects", "thing")
            self.extend(last, after)
            return after
        measured = self.past_measure(after)  # (竹杠長三尺置于宇西階上: how long it is, then where it is put)
        if k == self.verb_end and last is not None and last.place is None and self.goes_somewhere(last) \
                and not last.objects:  # (豚合升，魚鱄鮒九: the next thing put in, not where the piglet goes)
            if self.place_phrase_follows(after, 0) or text_at(self.t, after) == "用":
                last.objects = things  # 降衣于前: what he carries down, to the place named after it; 升棺用軸:
                # what is raised, and with what
                last.mark("objects", "thing")
            else:
                last.place = PlacePhrase(things[0], "object", things[0], False)  # 升筵: where one goes
                last.mark("place", "thing")
            self.extend(last, after)
        elif particle(at(self.t, after), "instrument"):
            # (纚笄宵衣以俟見, 賓朝服以拜賜: worn, not handled; 皆二骨以竝: how the bones lie)
            if not set(things) <= things_of_class("Dress") and not self.side_by_side(after):
                # 所執脯以賜: the thing of the act after 以; 冪用絺布，加勺: what the cover is made of
                described = self.t[after].text == "用" and self.opens_clause(k)
                self.wait_things(things, "material" if described else "thing")
        elif self.act_at(after) and self.set_at_its_place(last, k, after):
            last.objects = things  # 饌于東堂下，脯醢醴酒，冪奠用功布: what is set out there, not what is covered
            last.mark("objects", "things-after-place")
        elif self.opens_clause(k) and self.handled_at(self.topic_act(k, measured)):
            # 匜水錯于槃中, 鼎入, 二燭俟于殯門外, 新盆槃瓶…皆濯: the thing written first, then what
            # is done with it (carried in, set down, kept waiting), by no one the clause names;
            # a facing may come between (鼎西面錯: the tripods are set down facing west)
            if self.facing_closes_clause(k - 1):
                self.flush()  # (重止于門外之西東面柩入: the effigy's facing, then the coffin comes in)
            return self.open_thing_clause(things, measured)
        elif self.handles_before(k, things, after):
            self.wait_things(things, "thing")  # …于東堂下勺爵觚觶實于篚: what the act then handles
        elif self.set_at_its_place(last, k, after):
            last.objects = read_things(self.t, k - 1, of_act=True)[0]  # 尊于室中北墉下當戶兩甒: the two jars
            last.mark("objects", "things-after-place")
        return after

    def per_vessel(self, k: int) -> bool:
        """The vessel at k comes right after a number and 而 (魚十有五而鼎, 腊一純而俎,
        膚九而俎): how many go to each, a measure, not a thing handled."""
        return k >= 2 and self.t[k - 1].text == "而" and self.t[k].is_("object") \
            and self.t[k].label("object") in things_of_class("Vessel") | STANDS \
            and any(particle(tok, "numeral") for tok in self.t[max(0, k - 3):k - 1])

    def set_at_its_place(self, last, k: int, after: int) -> bool:
        """Things counted (兩甒) at k, after the 于 place of the clause's act
        of setting out (flag sets-out) that took no thing, with only that
        place, 當 and a place or a pause between and no act right after them,
        are what the act puts there; so are things not counted, where the act
        right after them has a thing of its own and no act follows that thing
        (饌于東堂下，脯醢醴酒，冪奠用功布).
        (Not 几在南, 右鹽, 亦折一膚: where a thing is, how it lies, a cut;
        nor 退于物一笴, a distance.)"""
        if last is None or last is not self.sentence_last() or last.objects or last.place is None \
                or last.rule_for("place") != "preposition" or "sets-out" not in self.vocab.flags(last.action):
            return False
        own = at(self.t, after + 1)
        if not (particle(at(self.t, k - 1), "numeral") and not self.act_at(after)) and not (
                self.act_at(after) and own is not None and own.is_("object") and not own.is_("role")
                and not self.act_at(after + 2)):
            # (饌于東堂下，脯醢醴酒，冪奠用功布: the act after them has a thing of its own; not 設于室，豆錯，
            # 俎錯: a thing and its act, then the next)
            return False
        between = [tok for tok in self.t[:k - 1] if tok.i >= last.j]
        return all(tok.punct or tok.is_("place") or tok.readings.get("particle") in ("direction", "fallback")
                   for tok in between)

    def handles_before(self, k: int, things: list[str], after: int) -> bool:
        """The things at k..after, inside a clause, are what the act right after
        them handles: it takes things and has none of its own after it (not
        玄端爵韠奠摯: dress worn, then an act with its thing; not 嚌之, a pronoun;
        dress only where a 于 place follows the act: 屨綦結于跗, the shoe-ties
        are tied at the instep, but 被錫衣侈袂薦自東房 is worn),
        and the things are no count of cuts (羊肺一祭肺一載于一俎) nor the thing of 以."""
        before = at(self.t, k - 1)
        if not self.act_at(after) or (before is not None and before.is_("role")):
            return False  # (主婦薦奠酬: after a subject, a word that is also an act is his act)
        act = self.t[after].label("action")
        flags = self.vocab.flags(act)
        own = at(self.t, after + 1)
        # (書與算執之, 兼與筮執之: the things joined by 與 and 之 both held)
        joined = any(text_at(self.t, n) == "與" for n in range(k - 1, after))
        return "thing" in flags and "complement" not in flags \
            and self.vocab.action_class.get(act) not in ("Salutation", "Speech") \
            and (not set(things) & things_of_class("Dress") or text_at(self.t, after + 1) in ("于", "於")) \
            and not particle(before, "instrument") \
            and not (own is not None and own.is_("object") and not own.is_("role") and not own.is_("action")) \
            and (joined or not particle(own, "pronoun")) and not any(particle(self.t[n], "numeral") for n in range(k, after))

    def puts_somewhere(self, k: int) -> bool:
        """The act at token k takes a place: a movement, or setting a thing
        down (奠, flag set-down)."""
        act = self.t[k].label("action")
        return self.vocab.action_class.get(act) == "Movement" or "set-down" in self.vocab.flags(act)

    def goes_somewhere(self, event) -> bool:
        """A movement whose goal is not in its own word (not 復位, flag placed):
        a thing right after it is what it carries or where it goes."""
        return self.vocab.action_class.get(event.action) == "Movement" and "placed" not in self.vocab.flags(event.action)

    def clause_starts(self, k: int) -> bool:
        """Token k begins a clause: the passage's start, after a pause or
        after an arrangement phrase, which ends its clause (…陳于阼階南西面北上匕俎從設:
        the ladles and stands come after)."""
        prev = at(self.t, k - 1)
        return prev is None or prev.punct or self.vocab.particle_has(prev.text, "closes")

    def on_instrument(self, k: int) -> int:
        """以X V: X is the object of V where X is a thing (以旌負侯); 以命升賓:
        a warrant, no act."""
        nxt = at(self.t, k + 1)
        if particle(nxt, "not-done") and self.act_at(k + 2):
            k, nxt = k + 2, at(self.t, k + 3)  # 以所執餘獲: the thing held
        led = self.led_with(k)
        if led is not None:
            return led
        if self.act_on_what_follows(k + 1):
            return k + 1  # 升自阼階以衣尸: to clothe the body (衣, an act only before what it takes)
        if nxt is not None and not nxt.punct:
            things, after = read_things(self.t, k + 1)
            prev = at(self.t, k - 1)
            if things and self.vocab.particle_has(self.t[k].text, "next-act") and (
                    not self.act_at(after) or not (prev is None or prev.punct or prev.is_("role"))):
                if self.uses_after_act(k):
                    # 拂柩用功布, 煮于垼用重鬲: what the act before is done with
                    used = self.sentence_last()
                    used.objects += [x for x in things if x not in used.objects]
                    used.mark("objects", "used-after-act")
                    if used.rule_for("agent") != "written-subject":
                        self.mourner_apart(used)  # 升棺用軸: what it is done with is the bier's, moved by officers
                    self.extend(used, after)
                return after  # 冬用雉, 冪用絺布: what is used, for no act here
            last = self.clause
            # V之以X, V+person+以X (賜侯氏以車服): X is V's even where an act follows
            after_pronoun = prev is not None and (prev.text == "之" or (last is not None and among_recipients(prev, last)))
            # V+its things+各+以X with no act after it: X is V's too (為銘各以其物: each with his banner)
            each = last is not None and last.objects and prev is not None and prev.text == "各" \
                and at(self.t, k - 2) is not None and self.t[k - 2].j <= last.j and not self.act_at(after)
            if things and last is not None and (not last.objects or each) and (each or self.right_after_act(k)) \
                    and (after_pronoun or not self.act_at(after) or self.own_instrument(after)
                         or particle(at(self.t, after), "quote")):
                # V之以X belongs to V even where an act follows (飾之以布維之以索); so
                # does V以X where the act after has its own 以 (相見以鴈飾之以布), or
                # where words said follow (招以衣曰…: he calls with the robe)
                last.objects += [t for t in things if t not in last.objects]  # 飾之以布: what it is done with
                last.mark("objects", "instrument")
                self.extend(last, after)
                return after
            if things:
                self.wait_things(things, "instrument")
                return after
        if nxt is not None and nxt.is_("action") and self.act_at(k + 2) \
                and self.vocab.flags(nxt.label("action")) & {"command", "content"}:
            return k + 2  # 以命升賓: the command is a warrant, no act (以擊筮: strikes it)
        return k + 1

    def led_with(self, k: int) -> int | None:
        """以 + a role, then a movement or a bow, where someone acts already
        (主人以賓揖先入, 主人以介揖讓升, 擯者出告須以賓入): the one who acts
        leads the role in it; the role is no subject. A bow directed at a
        person (揖) is directed at the one led. Returns the index after the
        roles."""
        found = self.led_after(k)
        if not self.agent or found is None:
            return None
        self.led, after = found
        self.trace.append((k, "led-with"))
        return after

    def led_after(self, k: int) -> tuple[list[str], int] | None:
        """Token k is 以 + roles (+ a count) + a movement or a bow: the roles
        and the index after them (not 以君命使, 以公賜告, 以耦告: a warrant, a
        gift, a subject matter; not 以辯卒受者實: a manner)."""
        if not particle(at(self.t, k), "instrument") or at(self.t, k + 1) is None or not self.t[k + 1].is_("role") \
                or read_place(self.t, k + 1, heads=("role",), need_direction=True) is not None:
            return None
        roles, after = read_roles(self.t, k + 1)
        n = after
        while particle(at(self.t, n), "numeral"):
            n += 1  # 主人以賓三揖: the bows counted
        if not self.act_at(n) or self.vocab.action_class.get(self.t[n].label("action")) not in ("Movement", "Salutation"):
            return None
        return roles, after

    def uses_after_act(self, k: int) -> bool:
        """用 at k closes the last act's clause: only its things, place and
        facing lie between (拂柩用功布, 淅米于堂南面用盆), no role, act,
        arrangement phrase or sentence end (藉用葦席 after 西上: how it lies)."""
        last = self.sentence_last()
        if last is None or last.i != self.t[self.verb_token].i or self.verb_token >= k:
            return False
        return all(t.is_("object") or t.is_("place") or t.is_("facing") or particle(t, "preposition")
                   or not t.readings  # 楔齒用角柶, 遷于祖用軸: a word the tables lack, in the act's clause
                   or (t.punct and t.text not in SENTENCE_END) for t in self.t[self.verb_token + 1:k])

    def own_instrument(self, k: int) -> bool:
        """The act at k takes its own 以 phrase (飾之以布, 飾以布)."""
        n = k + 1
        if at(self.t, n) is not None and at(self.t, n).text == "之":
            n += 1
        return self.act_at(k) and particle(at(self.t, n), "instrument")

    def right_after_act(self, k: int) -> bool:
        """Token k follows the last act at once, or after its pronoun 之, or
        after the ones it is directed at (賜侯氏以車服)."""
        prev = at(self.t, k - 1)
        if prev is not None and prev.text == "之" and not prev.readings.get("action"):
            k -= 1
        before = at(self.t, k - 1)
        if self.clause is None or before is None or before.punct or self.verb_token >= k:
            return False
        recipients = among_recipients(before, self.clause)
        return before.i <= self.t[self.verb_token].j or (recipients and before.j <= self.clause.j)


def among_recipients(tok: Token, event: Event) -> bool:
    """The role at ``tok`` is one the event is directed at (賜侯氏以車服)."""
    return tok.is_("role") and tok.label("role") in event.recipients


def carried_things() -> frozenset[str]:
    """Things whose class descends from Food (牲, 牲體 …: classes.tsv): a
    movement right before them carries them (升羊), it does not go to them."""
    return things_of_class("Food")
