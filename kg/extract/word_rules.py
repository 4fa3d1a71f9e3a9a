"""The word rules of the passage parser (:mod:`kg.extract.events`): one
method per kind of word, registered with :func:`kg.extract.rules.word_rule`
in the order the walk tries them. Each returns the index of the next word
to read, or None where the word is not its kind. A mixin of
:class:`kg.extract.events.PassageParser`, whose state and helpers
(``on_role``, ``on_action`` …) the rules use."""
from __future__ import annotations

from kg.extract.phrases import acted_by_pronoun, at, particle, read_place, read_roles, read_things, text_at
from kg.extract.places import PlacePhrase
from kg.extract.repeats import RepeatAsk
from kg.extract.rules import word_rule
from kg.extract.speech import CLAUSE_PUNCT
from kg.extract.vocab import OPEN_QUOTE, SENTENCE_END

# Particle kinds that are no event and take nothing (particles.tsv).
NO_EVENT_KINDS = ("manner", "benefactive", "numeral", "measure", "topic", "link", "state", "rite", "address", "song")


class WordRules:
    # --- the word rules, in dispatch order ----------------------------------

    @word_rule("punctuation", "A full stop ends the sentence (a facing waiting goes to the act before); "
               "a quotation mark with no 曰 opens words said: no events.", "司射適堂西，袒、決、遂，取弓于階西")
    def rule_punctuation(self, k, tok, kind):
        if not tok.punct:
            return None
        if tok.text in SENTENCE_END:
            self.flush()
            self.neg = self.skip = False
            self.clause = None
            ended = self.events[self.sentence_from:]
            before = self.events[self.previous_from:self.sentence_from]
            self.previous_from, self.sentence_from = self.sentence_from, len(self.events)
            self.sentence += 1
            self.left_inside(ended, before)
        if tok.text in CLAUSE_PUNCT:
            self.new_clause()
        if tok.text in OPEN_QUOTE:
            return self.quote_end(k + 1)[1]
        return k + 1

    @word_rule("act-not-participant", "A word that names a role and an act (祝: the invoker, to invoke), written "
               "between two acts with no pause, where the document has named no such participant before (no written "
               "subject of it so far, nor agent or recipient of its last twenty events), is the "
               "act of the one acting (進祝加之, 士冠禮: the 賓 invokes and caps; no 祝 takes part in the capping).",
               "右執項左執前進祝加之如初")
    def rule_act_not_participant(self, k, tok, kind):
        if not (tok.is_("role") and tok.is_("action")) or tok.subject_only or not self.act_at(k - 1) \
                or not self.act_at(k + 1) or self.leads(k + 1):
            return None  # (御, 媵: a role only as a subject, roles.tsv ~X)
        named = {r for h in self.history for r in h} \
            | {r for e in self.earlier + self.events for r in e.agents + e.recipients}
        return None if tok.label("role") in named else self.on_action(k, rule="act-not-participant")

    @word_rule("subject", "A role followed by an act before the next role, condition or sentence end is the "
               "subject of the acts that follow; a role before 之 and an act word another act takes says whose "
               "it is (婦餕姑之饌, 俟君之食: no act, no subject; but 賓之受如初禮); a role before a direction is "
               "a place (三耦之南), one before a "
               "stand and its cuts says whose stand it is (侑俎羊左肩…); after a facing, a role and one "
               "direction right before an act: the role acts, going that way (升東面衆主人東即位; a pause may follow "
               "the facing: 東面。眾主人東即位); a role and a "
               "hand (左, 右) right before an act that puts nothing anywhere: the role acts with that hand "
               "(史左執筮, 小臣左何瑟; but 主人賓右奠觚: where the goblet is set; before a bow or a posture, or after "
               "之, a place: 主人賓右拜送爵, 賓大夫之右坐); a role already in a list starts a clause "
               "(納諸公卿大夫諸公卿大夫皆入); a role before 之 and a thing owns it and is no subject (衆賓之席繼而西); a "
               "role opening its clause before a pause and an act (or a place, a facing and the act; or 則 and the act) "
               "is its subject (凡執幣者，不趨; 賓，西階東，北面答拜; 所知，則賵).",
               "司馬正命退楅解綱小臣師退楅")
    def rule_subject(self, k, tok, kind):
        return self.on_role(k) if tok.is_("role") else None

    @word_rule("act-word-as-person", "An act word that also names who does it (贊, flag agent-noun) standing "
               "right before another act, or before the place, facing or 以 and things that lead up to one, is "
               "that participant, X者 (GUIDELINES 13: a bare 贊 → 贊者; 贊戶內北面答拜, 贊以肝從); not after a count "
               "of people (二人贊: two men assist); so is an act on things right between the role just written and "
               "washing "
               "(盥, flag readies), who join that role (祝徹盥于門外: the 祝 and those who clear, 鄭注; not 媵御沃盥).",
               "贊薦菹醢")
    def rule_act_word_as_person(self, k, tok, kind):
        if not tok.is_("action") or "agent-noun" not in self.vocab.flags(tok.label("action")) or self.fresh:
            return self.washers_named(k) if tok.is_("action") else None
        nxt = at(self.t, k + 1)
        role = tok.label("action") + "者"
        if nxt is None or nxt.is_("role") or self.act_index(k + 1) is None \
                or self.vocab.forms.get(role, {}).get("role") != role:
            return None
        if k >= 2 and particle(self.t[k - 2], "numeral") and self.t[k - 1].text == "人":
            return None  # 總乘馬二人贊入門右: two men assist; the 賓 goes in (an act, not the 贊者)
        self.flush()
        self.take_subject([role], "written-subject")
        return k + 1

    @word_rule("with-role", "與 + a role after a pause, an act or an act's facing: the role joins the one "
               "acting (與賓揖; 入門右北面及衆主人袒).",
               "與介入北鄉哭")
    def rule_with_role(self, k, tok, kind):
        # 及 is also "reach" (尸及階): a conjunction only where a role that acts follows (降出及宗人即位)
        prev = at(self.t, k - 1)
        after_facing = self.facing is not None and self.sentence_last() is not None \
            and prev is not None and prev.is_("facing")
        if kind == "join" and (not tok.is_("action") or self.clause is not None or after_facing) \
                and self.with_role(k):
            if after_facing:
                self.flush()  # 先入門右北面及衆主人袒: he goes in facing north, then both bare an arm
            return self.on_role(k + 1, joining=True)
        nxt = at(self.t, k + 1)
        if kind == "join" and nxt is not None and nxt.text == "之" and self.act_at(k + 2) and self.agent:
            other = self.other_party(self.agent, k)  # 侯氏與之讓: with the one just named
            if other is not None:
                self.flush()
                self.take_subject(self.agent + other, "joined-subject")
                return k + 2
        return None

    @word_rule("facing", "A facing (北面) goes to the next act of its clause; before an arrangement phrase "
               "(北上, 右几) or a comparison (如饋之設), a comma between or not, to the act before.",
               "階上北面告于賓")
    def rule_facing(self, k, tok, kind):
        if not tok.is_("facing"):
            return None
        last = self.sentence_last()
        nxt = at(self.t, k + 1)
        if nxt is not None and nxt.punct and nxt.text in "，、":
            nxt = at(self.t, k + 2)  # 布席於室中，東面，右几: a comma changes nothing
        if (last is not None and last.facing is None and not self.role_since and particle(nxt, "manner", "like")
                and self.vocab.particle_value(nxt.text, "repeats") is None):
            # 陳三鼎于門外之右北面北上, 布席于室中東面右几: an arrangement phrase
            # closes the clause, the facing is the act's before (GUIDELINES 7)
            last.facing = tok.label("facing")
            last.mark("facing", "facing-before-arrangement")
            return k + 1
        if last is not None and last.facing is None and not self.role_since and particle(nxt, "negation") \
                and self.act_at(k + 2):
            # 即位于西階下東面不踊: he faces east where he stands, not in the leaping he does not do
            last.facing = tok.label("facing")
            last.mark("facing", "facing-before-negation")
            return k + 1
        self.facing = tok.label("facing")
        self.facing_after_role = self.role_since
        self.clause = None
        return k + 1

    @word_rule("preposition", "于/於 + place follows its act (奠于中庭); 自/由 + place follows the verb it stands "
               "right after (or after a comma, a movement's way where the next act goes to a place of its own: "
               "出，自屏南適門西), else precedes the next act, across a facing (執之由阼階下北面告于公) and a 當 phrase "
               "(賓奉幣由馬西當前輅北面致命: the way to where he delivers the message); after a role named "
               "since the last act, with no act after it, it is no act's (踊襲主婦及親者由足西面; a 于 phrase too after such a role and its facing: 告飽祝西面于主人之南); 于 + role "
               "after an act is its recipient (告于賓), or, before a "
               "place and after an act directed at no one, whose place it is (立于尸外門外). "
               "A victim before a stand says whose it is (羊俎西; 加于羊俎: the stand); a name the tables "
               "lack before a place is part of it (殯門外) or before a thing and its side (設于初籩之南), so is a "
               "thing before a gate (舍門外), and one word the "
               "tables lack, alone, is the place as written (遷于祖), and so is a side alone after 于 (實于右, "
               "降衣于前, 設對醬于東, 設于東韭菹在南; not 自右, the way, nor 上射於左, nor 西 of 西北隅), and two quarters alone "
               "after 于 are the corner as written (設于西北，婦人踊); after 自 a word that begins with a place and goes on "
               "with a word of its own is that place (自道車各從: by the road, then the carriages); an act that names "
               "where its things lie, last in its clause, is that place (flag names-place: 奠于陳, the display); 升降自西階: both go by the "
               "stair (flag paired); "
               "升筵自西方: 自 after an act onto a thing is that act's way, no later act's place; after a word the "
               "tables lack it is that word's (死於適室, 免于房), no other act's.",
               "升自西階")
    def rule_preposition(self, k, tok, kind):
        return self.on_preposition(k) if kind == "preposition" else None

    @word_rule("fallback", "當X gives the place X only where nothing else does; right after an act it is "
               "that act's place, unless a facing and another act follow (當牖北面徹枕), and so after the pause that "
               "ends the act's words where no act follows in the sentence (薦車，直東榮，北輈); right after an act's "
               "place it only refines it, no later act's (尊于室中北墉下當戶); 不當X says where one is not: no "
               "place; 當 + a side + a word the tables lack (當前束) is a place as written only right after an act "
               "that has none (降奠當前束).", "賓復位當西序東面")
    def rule_fallback(self, k, tok, kind):
        if kind != "fallback":
            return None
        found = read_place(self.t, k + 1)
        if found is None and particle(at(self.t, k + 1), "direction") and self.act_at(k + 2):
            # 當前束: where the front binding is, a place the tables do not know, no act; right
            # after an act with no place, that act's place as written (降奠當前束; GUIDELINES 6)
            last = self.clause
            if k == self.verb_end and last is not None and last.place is None and not self.neg:
                label = self.t[k + 1].text + self.t[k + 2].text
                last.place = PlacePhrase(label, "place", label, True)
                last.mark("place", "fallback")
            return k + 3
        if found is None:
            return k + 1
        if self.neg:
            self.neg = False  # 西面馮尸，不當君所，踊: where he is not, no place of any act
            return found[1]
        last = self.clause
        next_act_faces = at(self.t, found[1]) is not None and self.t[found[1]].is_("facing") \
            and self.act_after_facings(found[1])
        pause = at(self.t, k - 1)
        after_pause = getattr(pause, "text", "") == "，" and last is not None and last.j == pause.i \
            and not self.act_in_sentence(found[1])
        if (k == self.verb_end or after_pause) and last is not None and last.place is None and not next_act_faces:
            # 賓復位當西序 (not 從入當牖北面徹枕: where he faces north and takes the pillow away);
            # 薦車，直東榮，北輈 (the punctuated text): no act after it in the sentence
            last.place = found[0]  # 賓復位當西序
            last.mark("place", "fallback")
        elif last is not None and last.place is not None and k > 0 and self.t[k - 1].j == last.j \
                and not self.act_at(found[1]) and not next_act_faces:
            pass  # 尊于室中北墉下當戶兩甒: where the jars stand, refining the act's place; no later act's
        else:
            self.fallback = found[0]
        return found[1]

    @word_rule("condition", "若…則: the condition is no event; reading goes on after 則.", "若中則釋獲者坐而釋獲")
    def rule_condition(self, k, tok, kind):
        return self.condition_end(k) if kind == "condition" else None

    @word_rule("negation", "不/未/弗 before an act: it is not done; after a word the tables do not know "
               "(聲不絕) or a noun that is an act only before a count (聲: flag count-only), the negated act is no event; a subject written before the act ends it (祝受不相爵主人拜).",
               "不決遂")
    def rule_negation(self, k, tok, kind):
        if kind != "negation":
            return None
        prev = at(self.t, k - 1)
        if prev is not None and (not prev.readings or (
                prev.is_("action") and "count-only" in self.vocab.flags(prev.label("action")))):
            self.skip = self.act_at(k + 1)  # 聲不絕: the subject is a thing (聲 "the sound": no count after it)
        self.neg = True
        return k + 1

    @word_rule("not-done", "將, 所, 有, 既 before an act: the act is no event here (公將射, 所執, 有命; 既宿尸, a time "
               "clause whose person goes with it); 無 + a thing: there is none of it, no act's object (無禁); 卒 right "
               "after an act ends it, and the act after is done (長占卒告于主人).",
               "公將射")
    def rule_not_done(self, k, tok, kind):
        if kind != "not-done":
            return None
        nxt = at(self.t, k + 1)
        if self.vocab.particle_has(tok.text, "none") and nxt is not None and nxt.is_("object") \
                and not nxt.is_("action") and not nxt.is_("role"):
            return read_things(self.t, k + 1)[1]  # 無禁: there is no stand, a thing no act handles
        if self.vocab.particle_has(tok.text, "ends-act") and k > 0 and self.act_at(k - 1) and self.act_at(k + 1) \
                and not any(e.action == self.t[k + 1].label("action") for e in self.earlier + self.events):
            # 長占卒告于主人: the reading done, he reports; not an act begun before (主人對卒洗:
            # when the washing is done, a time clause)
            return k + 1
        self.skip = self.act_at(k + 1)
        return k + 1

    @word_rule("repeat", "如初, 如之, 亦如之: no act; the acts of the clause (or, after a pause, of the clause "
               "before) repeat earlier acts: the first of the chapter (如初, particles.tsv repeats=first) or the "
               "last (如之, repeats=last); 如初X之禮 names an earlier rite X; a role written with a place and no act "
               "before it (賓於堂西亦如之) "
               "has done the same: it acts on, and a 皆 after it means both parties.", "宿贊冠者一人亦如之")
    def rule_repeat(self, k, tok, kind):
        how = self.vocab.particle_value(tok.text, "repeats")
        if how is None:
            return None
        if self.things_stand(k):
            return k + 1  # 醴酒位如初: where the wine stands is as at first; no act is repeated
        rite = self.rite_end(k, tok, "如") if tok.text.startswith("如") else None
        if rite is not None:  # 如初受酬之禮: as the earlier receiving of a pledge, a named rite
            self.ask_repeat(self.named_rite(k + 1, rite - 2))
            return rite
        if self.role_since:
            self.new_clause()  # 賓於堂西亦如之: a role named with no act of its own does the same; no event to link
            self.did_the_same(k)
        else:
            self.ask_repeat(RepeatAsk(how, []))
        return k + 1

    @word_rule("no-event-word", "Manner phrases, numerals, 則, links, 在, 為之, rite names, titles of odes and "
               "forms of address: no event (北上, 如初, 大射之儀, 伯父); 唯 + a role + 命 is a condition, no "
               "subject and no event (唯君命出).", "大射之儀")
    def rule_no_event_word(self, k, tok, kind):
        if kind == "link" and self.vocab.particle_has(tok.text, "back"):
            self.waits_for_other()
        if self.vocab.particle_has(tok.text, "only-command"):
            roles, after = read_roles(self.t, k + 1)
            nxt = at(self.t, after)
            if roles and nxt is not None and nxt.is_("action") and "command" in self.vocab.flags(nxt.label("action")):
                return after + 1  # 唯君命出: only for the lord's message (does he go out)
        if kind == "state" and not self.sets_down_at(k + 1):  # (具饌于西塾: ready, then set out there)
            start = k + 1 + (text_at(self.t, k + 1) in ("于", "於"))  # (肺在於中)
            where = read_place(self.t, start, heads=("place", "object"))
            if where is not None:
                return where[1]  # 昌在東方興, 肺在於中皆覆: where the thing is, no place of the act after it
        return k + 1 if kind in NO_EVENT_KINDS else None

    @word_rule("comparison", "如X: what the act is compared to (如主人服, 如初儀; 如其耦, his partner; a position named "
               "by an act or a place, 如反哭位, 如室位; an offering named after an act, 如小斂奠, 如朔奠, where a "
               "pause, 乃 or the end follows) is no subject and no act.", "如主人服")
    def rule_comparison(self, k, tok, kind):
        if kind != "like":
            return None
        rite = self.rite_end(k, tok)
        if rite is not None:  # 如賓酬主人之禮: an earlier act, no act here
            self.ask_repeat(self.named_rite(k + 1, rite - 2))
            return rite
        return self.compared_end(k + 1)

    @word_rule("distributive", "每X: the distributive phrase names no object (每一个釋一算).", "每一个釋一算")
    def rule_distributive(self, k, tok, kind):
        return read_things(self.t, k + 1)[1] if kind == "each" else None

    @word_rule("instrument", "以X V: X is the object of V where X is a thing (以旌負侯); 以命升賓: a warrant; right after "
               "an act and before words said, X is that act's (招以衣曰…), and so after an act's things and 各 with "
               "no act after it (為銘各以其物: each with his banner).",
               "以旌負侯")
    def rule_instrument(self, k, tok, kind):
        return self.on_instrument(k) if kind == "instrument" else None

    @word_rule("quote", "曰: the words after it are said (an event 曰, or the quote of the act before); a count after "
               "a call (復三) ends them, an act following; so does a new saying to someone named (告於大夫曰), "
               "not a role after 于 (請安于賓), and another case with its saying (若左勝則曰). In a section of words said (heading in 辭: particles.tsv "
               "section-words) a passage with no 曰 goes on with the words, no act, and only the saying is one "
               "(始加祝曰…: the 祝 says).",
               "告于賓曰弓矢既具")
    def rule_quote(self, k, tok, kind):
        return self.on_quote(k) if kind == "quote" else None

    @word_rule("conditional-act", "A word that is an act only right after another act (particles.tsv "
               "act-after=X: 遂 after 決) or before a role with nothing, 之 or 所 after it (act-before-role: "
               "辯君之南面, 不疑君), or before who or what follows, then 從, nothing done between (act-before-followers: "
               "重先，奠從; 祝先，尸從: goes first), or right after its role before a role or a pause (leads: 祝前尸出戶, "
               "leading the way); elsewhere an adverb (遂 'then', 辯獻 'to each in turn', 先入, 司射前戒之).", "袒決遂")
    def rule_conditional_act(self, k, tok, kind):
        return self.on_conditional_act(k, tok)

    @word_rule("adverb", "An adverb (乃, 皆, 亦) is no act; 皆 after two alternating subjects makes both act "
               "(particles.tsv flag both), not 皆 right after counted things (代脅一，皆二骨以並: the cuts); 乃 "
               "(flag then) opens a new clause: a facing and place waiting go to the act before (奉簞巾南面于槃北，"
               "乃沃尸盥).",
               "主人阼階上再拜賓西階上答再拜皆揖")
    def rule_adverb(self, k, tok, kind):
        if kind != "adverb":
            return None
        if self.vocab.particle_has(tok.text, "then") and self.facing:
            self.flush()
        if self.vocab.particle_has(tok.text, "both") and not self.after_counted_things(k):
            self.on_all(self.act_at(k + 1))
        return None if tok.is_("action") else k + 1

    @word_rule("redo-reach", "反/復/至 before another act is no event (反奠 is 奠, 至再拜 is 再拜).",
               "反奠于豐上")
    def rule_redo_reach(self, k, tok, kind):
        return k + 1 if kind in ("redo", "reach") and self.act_at(k + 1) else None

    @word_rule("pronoun", "之, 其, 諸 stand for a thing or person: no object or place is read from them; "
               "之 before a place is the act 'go to' (之堂西), not after a word the tables lack, a verb it is the "
               "object of (九馬隨之中庭: the horses follow; the place is the next act's); 其 before an act "
               "word that is no thing, then 于 or 如, is the act's, which is read (其載于肵, 其載如羊: he loads "
               "it; not 其實: the contents).", "公設之")
    def rule_pronoun(self, k, tok, kind):
        if kind != "pronoun":
            return None
        if self.vocab.particle_has(tok.text, "phrase"):
            return k + 1 if acted_by_pronoun(self.t, k) else k + 2
        if not (tok.is_("action") and self.goes_to(k)):
            return k + 1
        return None

    @word_rule("direction-verb", "下 is the act 'go down' only before another act (下拜); else a direction.",
               "下舌半上舌")
    def rule_direction_verb(self, k, tok, kind):
        return k + 1 if kind == "direction" and tok.is_("action") and not self.act_at(k + 1) else None

    @word_rule("thing", "A thing not taken by an act (a word that is also an act is the thing before 與/及 and "
               "a thing: 筮與席): a place where one goes (升筵; what a movement carries where a place or 用 "
               "follows: 降衣于前, 升棺用軸), the things of an act right after its 自/由 "
               "place (薦自東房韭菹醓醢), the thing of the act after 以 (所執脯以賜; not dress, which is worn: 賓朝服以拜賜), of the act right after it "
               "(勺爵觚觶實于篚), or a place (洗南; not a thing written again right after the act's things: "
               "設扃鼏，鼏西末, how it lies); 若中 is a hit, not the tally holder; a vessel after a number and 而 is "
               "how many go to each (膚九而俎), no thing.", "所執脯以賜")
    def rule_thing(self, k, tok, kind):
        if tok.is_("object") and not (tok.is_("action") and not self.noun_here(k)):
            return self.on_thing(k)
        return None

    @word_rule("bare-place", "A place with no preposition: right after an act (a comma or an arrangement "
               "phrase between or not: 受醴面枋筵前; not a place before 之 or 亦), with no act after it, it is "
               "that act's place (賓升，西楹西), and so is a bare site (堂, 階, 門, 戶) right after a movement "
               "even with an act after it (降階受笲, 出門哭: GUIDELINES 6); else it waits for the next act "
               "(阼階下北面拜送爵; 不降階上答再拜); a quarter in a list of the quarters and what goes there is no "
               "act's place (南方璋西方琥), nor is a place counted after words that are no act (為宮方三百步，四門: "
               "how many gates); a side alone between pauses right after a movement's place is its side (祝入門，左: "
               "門左).", "阼階下北面拜送爵")
    def rule_bare_place(self, k, tok, kind):
        return self.on_bare_place(k) if tok.is_("place") else self.side_after_pause(k)

    @word_rule("act", "An act: an event with the agent, negation, things, place and facing waiting, and "
               "what the act takes after it (actions.tsv grammar); after a place and 之 the act word is what "
               "is at the place, no event (堂上之饌); a word that is an act only in some places is none "
               "elsewhere (設對醬: flag qualifier; 侍坐: flag place-only).", "司射適堂西")
    def rule_act(self, k, tok, kind):
        return self.on_action(k) if tok.is_("action") else None

    @word_rule("unknown-word", "A word the tables do not know: skipped (a negation waiting is dropped; 畢, "
               "the fork, in 宗人執畢先入).", "宗人執畢先入")
    def rule_unknown_word(self, k, tok, kind):
        if not tok.readings:
            self.neg = False
        return k + 1
