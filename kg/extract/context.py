"""What the words around a token are: whether an act follows, whether a
word is a noun or a verb here. A mixin of the passage parser (it reads the
parser's tokens)."""
from __future__ import annotations

from kg.extract.phrases import (at, done_with, is_setting_down, particle, read_place, read_roles, read_things, text_at,
                                things_of_class)
from kg.extract.places import place_after_preposition
from kg.extract.vocab import EACH_OR_ALL, SENTENCE_END


class Surroundings:
    @property
    def previous_event(self):
        """The event before the one just made (the last of ``events``), if any."""
        return self.events[-2] if len(self.events) > 1 else None

    def act_index(self, k: int) -> int | None:
        """Index of the act that token k leads up to, across adverbs, negation,
        a place and a facing (媵爵者阼階下皆北面再拜), else None."""
        while (tok := at(self.t, k)) is not None:
            kind = tok.readings.get("particle")
            if tok.is_("action") and kind not in ("direction", "pronoun", "join", "adverb", "redo", "reach") \
                    and not self.noun_not_act(k):
                return k
            if kind in ("adverb", "link", "negation", "topic", "numeral", "redo", "reach") or tok.is_("facing"):
                k += 1
            elif kind == "fallback":
                k += 2  # 當〓, 當楅
            elif self.vocab.particle_has(tok.text, "hand") and self.act_at(k + 1):
                k += 1  # 襚者左執領: with his left hand
            elif kind == "instrument" and (held := read_things(self.t, k + 1))[0]:
                k = held[1]  # 賓以几辟: what he acts with
            elif kind == "preposition" and read_place(self.t, k + 1):
                k = read_place(self.t, k + 1)[1]
            elif tok.is_("place") or (tok.is_("object") and read_place(self.t, k, heads=("object",), need_direction=True)):
                k = read_place(self.t, k)[1]
            elif tok.is_("object") and not tok.is_("action") and tok.label("object") in things_of_class("Dress"):
                k += 1  # 侯氏亦皮弁迎于帷門之外: what he wears, then his act
            else:
                return None
        return None

    def act_after_facings(self, k: int) -> bool:
        """An act at k, or after the facings there (北面坐)."""
        while at(self.t, k) is not None and self.t[k].is_("facing"):
            k += 1
        return self.act_at(k)

    def act_past_fallback(self, k: int) -> bool:
        """A 當 phrase at k, then the act (賓奉幣由馬西當前輅北面致命: the way
        to the place where he delivers the message)."""
        if not particle(at(self.t, k), "fallback"):
            return False
        found = read_place(self.t, k + 1)
        if found is None:
            return False
        after = found[1] + 1 if text_at(self.t, found[1]) == "，" else found[1]
        return self.act_index(after) is not None  # (由馬西當前輅，北面致命: the punctuated text)

    def act_in_sentence(self, k: int) -> bool:
        """An act from token k on, before the end of the sentence."""
        while (tok := at(self.t, k)) is not None and not (tok.punct and tok.text in SENTENCE_END):
            if self.act_at(k):
                return True
            k += 1
        return False

    def act_at(self, k: int) -> bool:
        tok = at(self.t, k)
        return tok is not None and tok.is_("action") \
            and (tok.readings.get("particle") not in ("pronoun", "direction", "join") or self.leads(k)) \
            and not self.noun_not_act(k) and not self.word_not_act(k)

    def sets_down_at(self, k: int) -> bool:
        """An act of setting down (flag set-down: 奠, 饌) at k."""
        return self.act_at(k) and is_setting_down(self.t[k])

    def noun_not_act(self, k: int) -> bool:
        """A thing used as a verb (筵, 尊, 席: flag noun-act) that is the thing
        here: no 于 phrase follows (衆賓之席皆不屬焉), or an act that takes
        things stands before it, with at most a role between (設公席于阼階上:
        the lord's mat is set). So too an act that must take a thing (爾,
        flag thing-only) with none after it: 爾 "you" (棄爾幼志), no act and
        so no act its subject leads up to (介爾景福: 介 is no one here)."""
        tok = self.t[k]
        flags = self.vocab.flags(tok.label("action"))
        if "thing-only" in flags:
            things = read_things(self.t, k + 1, of_act=True)[0]
            return not things or set(things) <= things_of_class("Dress")
        if "place-only" in flags:
            return not self.place_phrase_follows(k + 1, 0)  # 媵侍于戶外, but 侍坐, 侍臣
        if "qualifier" in flags:
            nxt = at(self.t, k + 1)
            return nxt is not None and nxt.is_("object") and not nxt.is_("role")  # 設對醬, 即對筵
        if "noun-act" not in flags:
            return False
        if self.vocab.particle_has(text_at(self.t, k - 1), "verb-next"):
            return False  # 改筵: he lays the mat again
        n = k - 2 if at(self.t, k - 1) is not None and at(self.t, k - 1).is_("role") else k - 1
        taker = at(self.t, n)
        taken = taker is not None and taker.is_("action") and "thing" in self.vocab.flags(taker.label("action")) \
            and not ("noun-act" in self.vocab.flags(taker.label("action")) and self.noun_not_act(n))  # 受巾巾之
        return taken or not (self.place_phrase_follows(k + 1) or self.pronoun_object(k + 1) or self.for_roles(k + 1)
                             or self.used_by_officer(k) or done_with(self.t, k + 1))

    def for_roles(self, k: int) -> bool:
        """Roles at k right after a word that is a thing and an act opening
        its clause (after a pause, 乃, 又 or nothing), with a 于 phrase, a
        facing or the end of the clause after them: the act is done for them
        (乃席賓主人介, 席工于西階上, 筵祝南面); not where the roles act next
        (筵對席佐食分簋), nor 衆賓之席繼而西席主人… (no clause opens there)."""
        before = at(self.t, k - 2)
        if before is not None and not before.punct and not particle(before, "adverb", "direction"):
            return False  # (衆賓之席, 卿席賓東: whose mat; 賓升筵主人…: where he goes; but …繼而西席主人于…)
        roles, after = read_roles(self.t, k)
        nxt = at(self.t, after)
        return bool(roles) and (nxt is None or nxt.punct or nxt.is_("facing") or (
            particle(nxt, "preposition") and not self.vocab.particle_has(nxt.text, "forward")))

    def pronoun_object(self, k: int) -> bool:
        """之 at k stands for what the act before it handles (巾之升, 冪之):
        an act, the way one goes (巾之由足降) or the end of the clause
        follows, so it is no genitive (尊之統)."""
        tok, nxt = at(self.t, k), at(self.t, k + 1)
        return tok is not None and tok.text == "之" and (nxt is None or nxt.punct or self.act_at(k + 1)
                                                        or self.vocab.particle_has(nxt.text, "forward"))

    def right_after(self, k: int, word: str) -> bool:
        """Token k follows the word ``word``, across punctuation and joins
        (遂 after 決: 袒決遂, 袒、決、遂)."""
        k -= 1
        while k >= 0 and (self.t[k].punct or particle(self.t[k], "join")):
            k -= 1
        return k >= 0 and self.t[k].text == word

    def goes_to(self, k: int) -> bool:
        """之 "go to" (之堂西): not after an act or a thing, nor after a word the
        tables lack, which 之 is the object of (九馬隨之中庭: the horses follow
        him), and a place follows."""
        prev = at(self.t, k - 1)
        if prev is not None and (prev.is_("action") or prev.is_("object") or prev.is_("role") or prev.unknown):
            return False
        return read_place(self.t, k + 1, heads=("place",)) is not None

    def set_out_next(self, k: int) -> bool:
        """The word at k, a thing that is also an act (奠), is the thing that
        the act right after it sets out or takes away (奠設, 奠徹): that act
        handles things and has none written after it."""
        nxt = at(self.t, k + 1)
        if nxt is None or not nxt.is_("action"):
            return False
        flags = self.vocab.flags(nxt.label("action"))
        if "noun-act" in flags:
            return False  # (醴尊于東廂: 尊 is as much a thing as 醴; neither says which is done)
        if not (self.vocab.action_class.get(nxt.label("action")) == "Handling" and "thing" in flags):
            return False
        after = at(self.t, k + 2)
        return after is None or not (after.is_("object") or after.is_("role"))

    def noun_here(self, k: int) -> bool:
        """洗, 決: the thing, not the act, before a direction (洗南) or after a
        preposition. A thing used as a verb (筵, 尊: flag noun-act) is the act
        only where a 于 phrase follows it, at once or after what it sets out
        (筵于奧, 尊兩甒于房戶之間); elsewhere it is the thing (升筵)."""
        prev = at(self.t, k - 1)
        if particle(prev, "preposition") or k == self.followers_start():
            return True  # (三獻燔從: the roast meat follows)
        if k >= 2 and self.vocab.particle_has(self.t[k - 2].text, "relative") and prev.is_("action"):
            return True  # 所受書以行: the document received (所V X: X is the thing)
        tok = self.t[k]
        if tok.is_("action") and "noun-act" in self.vocab.flags(tok.label("action")):
            return self.noun_not_act(k)
        if tok.is_("action") and "thing-only" in self.vocab.flags(tok.label("action")):
            what = at(self.t, k + 1)  # 降衣于前: the robe (衣尸: clothes the body)
            return what is None or not (what.is_("object") or what.is_("role")) or what.is_("action")
        if self.set_out_next(k):
            return True  # 奠設如初: the offering is set out as before
        nxt, after = at(self.t, k + 1), at(self.t, k + 2)
        if self.foods_fronted(k):
            return True  # 醴酒錯于豆南: the sweet wine and the wine are set down (not 醴 "serve sweet wine")
        if self.counted_here(k):
            return True  # 苞二筲三, 葦苞長三尺: the wrappings counted or measured
        if getattr(prev, "text", "") == "與" and self.act_at(k + 1):
            return True  # 兼與筮執之: holds it with the stalks (not 筮 "divine")
        if particle(nxt, "join") and nxt.text != "、" and after is not None and after.is_("object") \
                and not after.is_("role"):
            return True  # 筮與席: the stalks and the mat, a list of things (not 筮 "divine")
        return read_place(self.t, k, heads=("object",), need_direction=True) is not None or (
            particle(at(self.t, k + 1), "direction") and self.t[k].label("object") in things_of_class("Dress"))
        # (主人冠端玄: the cap he wears, though no place is named by a cap)

    def foods_fronted(self, k: int) -> bool:
        """Foods written in a row opening a clause, the first also an act that
        takes no things (醴: to serve sweet wine to someone; not 薦脯醢, serving
        the dried meat): a list of foods (醴酒錯于豆南, 醴酒位如初: where they stand,
        as at first)."""
        foods = things_of_class("Food")
        if not self.t[k].is_("action") or "thing" in self.vocab.flags(self.t[k].label("action")):
            return False
        n = k
        while at(self.t, n) is not None and at(self.t, n).readings.get("object") in foods and not at(self.t, n).is_("role"):
            n += 1
        before = at(self.t, k - 1)  # (…腊特于俎北醴酒在籩南: after a place, where no pause is written)
        opens = self.clause_starts(k) or (before is not None and (before.is_("place") or particle(before, "direction")))
        return n > k + 1 and opens and not at(self.t, k + 1).is_("action")

    def things_stand(self, k: int) -> bool:
        """Things, then 位 (their places), right before k: a phrase there says
        where the things stand (醴酒位如初), no act of its own."""
        place, thing = at(self.t, k - 1), at(self.t, k - 2)
        return place is not None and place.readings.get("place") == "位" and thing is not None \
            and thing.is_("object") and not thing.is_("action")

    def place_phrase_follows(self, k: int, within: int = 3) -> bool:
        """A 于/於 phrase at k, or after at most ``within`` numerals and things
        (not past an act of setting down: its 于 phrase is its own)."""
        for n in range(k, k + within + 1):
            tok = at(self.t, n)
            if tok is None or tok.punct:
                return False
            if particle(tok, "preposition") and not self.vocab.particle_has(tok.text, "forward"):
                return True  # 于, 於 (自, 由 say where from)
            if not (particle(tok, "numeral") or tok.is_("object")):  # 尊甒醴于房中: 醴 is also an act
                return False
            if n > k and self.sets_down_at(n):
                return False  # 婦席薦饌于房: the 于 phrase is where the food is set out, not the mat laid
        return False

    def handled_at(self, k: int) -> bool:
        """Token k is an act a thing written before it undergoes: one that
        handles things, a movement (it is carried) or waiting (flag waits: no thing sits or rises)."""
        if not self.act_at(k):
            return False
        label = self.t[k].label("action")
        flags = self.vocab.flags(label)
        if "complement" in flags:
            return False  # 一算為奇: the tally counts as odd, nothing is done to it
        return "thing" in flags or "waits" in flags or self.vocab.action_class.get(label) == "Movement"

    def leaves_place(self, action: str) -> bool:
        """The act has no place of its own right after it where a facing and
        another act follow: one of posture, salutation, offering or speech
        (興阼階上北面酬: he pledges there), or one that names the place it
        leaves (flag from: 降席西階上北面坐); not a movement that goes there
        (出門左西面再拜) nor one that handles what is there (負東房南面告)."""
        return "from" in self.vocab.flags(action) \
            or self.vocab.action_class.get(action) in ("Posture", "Salutation", "Offering", "Speech")

    def opens_clause(self, k: int) -> bool:
        """The thing at k opens its clause: only its number or modifiers the
        tables do not know stand before it (二燭, 新盆)."""
        j = k - 1
        while j >= 0 and not self.t[j].punct and (not self.t[j].readings or particle(self.t[j], "numeral")):
            j -= 1
        if j >= 0 and self.act_at(j) and "placed" in self.vocab.flags(self.t[j].label("action")):
            return True  # 主人升入復位俎入: back in his place, his clause is done
        if j > 0 and self.t[j - 1].is_("action") and "ranks" in self.vocab.flags(self.t[j - 1].label("action")) \
                and self.word_not_act(j - 1):
            return True  # 膚為下匕皆加于鼎: where the skin ranks, then the ladles
        if j == k - 1 and self.clause is not None and self.t[j].j == self.clause.j \
                and self.t[k].label("object") in self.clause.objects:
            return True  # 薦馬馬出, 升魚腊膚魚用鮒: a thing the list just ended with names again opens a clause
        if self.facing_closes_clause(j) or self.place_closes_clause(j, k):
            return True  # 重止于門外之西東面柩入: where it stood and which way it faced, then the coffin
        if j == k - 1 and self.clause is not None and self.act_at(j) \
                and self.chain_of_things(self.clause, read_things(self.t, k)[1]):
            return True  # 奠從燭從柩從: the torch follows in turn, no more of what the offering does
        return self.clause_starts(j + 1)

    def place_closes_clause(self, j: int, k: int) -> bool:
        """Token j ends the 于 (or 自) place of the sentence's last act and the
        things from k are counted, or 皆 or 各 follows them: that place closes
        its clause (設于鉶南胾四豆設于左: the cut meat in four dishes opens the next;
        馬出自道車各從其馬: the carriages follow; not 擩于俎鹽振祭 or 酌于戶外尊入戶,
        where the thing is part of the place or what is handled)."""
        last, end = self.sentence_last(), read_things(self.t, k)[1]
        return j >= 0 and last is not None and last.place is not None and last.rule_for("place") == "preposition" \
            and self.t[j].j == last.j and (any(particle(tok, "numeral") for tok in self.t[k:end])
                                            or text_at(self.t, end) in EACH_OR_ALL)

    def facing_closes_clause(self, j: int) -> bool:
        """The facing at j, waiting, comes right after the words of the act
        before, which has a place, with no one named since: it is that act's,
        and closes its clause."""
        last = self.sentence_last()
        return j > 0 and self.t[j].is_("facing") and self.facing == self.t[j].label("facing") \
            and not self.facing_after_role and last is not None and last.facing is None \
            and last.place is not None and self.t[j - 1].j == last.j

    def reported_ready(self, k: int) -> int | None:
        """告有司具, 宰告饌具: right after a report, one or two words and 具
        (particles.tsv flag ready) say what is reported ready; the index after
        具, else None. They are the words of the report: not whom it is told
        to, nor an act (rule reported-ready)."""
        first = at(self.t, k)
        if first is None or first.punct or particle(first, "preposition", "quote"):
            return None  # (告于賓具: the one told; 告曰具: words said)
        for n in (k + 1, k + 2):
            tok = at(self.t, n)
            if tok is None or tok.punct or particle(tok, "preposition", "quote"):
                return None
            if self.vocab.particle_has(tok.text, "ready"):
                return n + 1
        return None

    def owned_thing(self, k: int, flags: set[str]) -> int | None:
        """After an act that takes things and no person (徹, 載, 取), roles
        right before a thing say whose thing it is (徹主人俎, 取賓觶); after
        any act that takes things, roles and 之 do (受夫人之聘璋): the
        position of the thing, else None."""
        tok = at(self.t, k)
        if "thing" not in flags or tok is None or not tok.is_("role"):
            return None
        _, past = read_roles(self.t, k)
        owner = text_at(self.t, past) == "之"
        if owner:  # 受夫人之聘璋: the lady's jade, whatever the act; a name the tables lack may stand between
            past += 1
            while past < k + 5 and at(self.t, past) is not None and not self.t[past].readings:
                past += 1
        elif flags & {"person", "person?", "command", "content", "complement", "invites", "receives"}:
            return None  # (受宰几: the one received from)
        thing = at(self.t, past)
        if thing is None or thing.is_("role") or not thing.is_("object") or self.act_at(past):
            return None
        return past

    def acts_on_thing(self, k: int) -> bool:
        """The word at k, a thing that is also an act (奠), is the act here:
        a thing or a 于 phrase follows it at once (奠贄, 奠于牖下)."""
        nxt = at(self.t, k + 1)
        return self.act_at(k) and "thing" in self.vocab.flags(self.t[k].label("action")) and (
            (nxt is not None and nxt.is_("object") and not nxt.is_("role") and not nxt.is_("action"))
            or self.place_phrase_follows(k + 1, 0))  # (適洗洗角觶: the basin, then the act)

    def ends_here(self, k: int, flags: set[str]) -> int | None:
        """Where the act at k is no event, the index after what is skipped:
        an act that has ended (哭止: the act and 止, flag stops), 止 before no
        act and no place (爵止), an act that goes somewhere with no goal
        written (不盡, flag goal-only), 何 after no hand (斬者何, flag
        hand-only), 聲 with no count after it (聲不絕, flag count-only), 升
        after a number (大功八升, flag count-unit), the purpose of a bow (拜至, flag
        purpose), a manner word before an act (縮執, flag manner-before-act),
        a word of an item in a counted list (胃一嚌肺一), how a thing lies
        (皆縮, flag lies), a word that is an act only in some places where it
        is none (爾, 對醬, 侍坐: flags thing-only, qualifier, place-only);
        else None."""
        nxt = at(self.t, k + 1)
        if "stops" in flags:  # 止哭, 止于門外, 止使者: stopping something or someone, or at a place
            stops_someone = nxt is not None and nxt.is_("role") \
                and self.act_index(read_roles(self.t, k + 1)[1]) is None  # 上餕止主人受上餕爵: the 主人 acts
            return None if self.act_at(k + 1) or self.place_phrase_follows(k + 1, within=0) or stops_someone else k + 1
        if nxt is not None and nxt.is_("action") and "stops" in self.vocab.flags(nxt.label("action")) \
                and not self.place_phrase_follows(k + 2, within=0) \
                and (not self.act_at(k + 2) or "ceases" in flags):
            return k + 2  # 爵止; 哭止闔門, 哭止告事畢: the wailing stops, then a new act (not 升止哭: he stops it)
        if "manner-before-act" in flags and self.act_at(k + 1):
            return k + 1  # 縮執: holds it lengthwise
        if "lies" in flags and getattr(nxt, "text", "") not in ("之", "而", "諸") \
                and not self.place_phrase_follows(k + 1):
            return k + 1  # 皆西縮, 橫三縮二: how it lies (縮之, 縮一燔于俎上: laid so)
        if "goal-only" in flags:
            goal = read_place(self.t, k + 1, heads=("place", "object"))
            if goal is None:
                return k + 1  # 不盡, 及期
            if text_at(self.t, goal[1]) == "日":
                return goal[1] + 1  # 及筮日: when the day of the divination comes
        if {"thing-only", "qualifier", "place-only"} & flags and self.noun_not_act(k):
            # 棄爾幼志, 乃申爾服: "you", "your", in words said; 即對筵: the facing mat, no reply;
            # 侍坐: sitting in attendance
            if "thing-only" in flags and particle(nxt, "preposition") and (
                    found := place_after_preposition(self.t, k + 2)):
                return found[1]  # 腊兩髀屬于尻: joined at the rump, a place of no act (not where he sets the stand)
            return k + 1
        prev = at(self.t, k - 1)
        if "measure" in flags and prev is not None and prev.is_("object") and not prev.is_("role"):
            return k + 1  # 說矢束, 奉玉錦束: the bundle the thing comes in
        if {"count-only", "count-unit", "ranks"} & flags and self.word_not_act(k):
            return k + 1  # 聲不絕: the sound (聲三: he makes a sound thrice); 衰三升: the cloth's units; 膚為下
        if "hand-only" in flags and not (prev is not None and self.vocab.particle_has(prev.text, "hand")):
            return k + 1  # 斬者何: the question word (左何瑟: carries it on the left shoulder)
        if particle(prev, "numeral") and nxt is not None and nxt.is_("object") and particle(at(self.t, k + 2), "numeral"):
            return k + 1  # 胃一嚌肺一: an item of a counted list, the lung for tasting, no act
        if "purpose" in flags and prev is not None and prev.is_("action") \
                and self.vocab.action_class.get(prev.label("action")) == "Salutation" \
                and read_place(self.t, k + 1, heads=("place",)) is None and not self.place_phrase_follows(k + 1, 0) \
                and not particle(at(self.t, k + 1), "quote"):
            bow, whom = self.clause, at(self.t, k + 1)
            if "person" in flags and whom is not None and whom.is_("role") and bow is not None and not bow.recipients:
                roles, after = read_roles(self.t, k + 1)
                bow.recipients = roles  # 拜妥尸: he bows to the 尸, for him to sit at ease
                bow.mark("recipients", "recipient-after-act")
                self.extend(bow, after)
                return after
            return k + 1  # 拜至, 拜告旨, 再拜崇酒: what the bow is for
        return None

    def place_owns(self, k: int) -> bool:
        """A place, 之, then the act word at k: a noun, what is at the place
        (堂上之饌, 東方之饌): a place does nothing (a role's V is read in
        :meth:`act_as_noun`)."""
        before, owner = at(self.t, k - 1), at(self.t, k - 2)
        return getattr(before, "text", "") == "之" and owner is not None and owner.is_("place") \
            and not owner.is_("role") and not self.t[k].is_("place")
