"""To whom an act is directed: the recipient rules of the passage parser
(kg/extract/rules.py, kind ``recipients``): the roles right after an act
directed at a person, the one handed to who receives, the one received
from, 諸 for 之於. A mixin of :class:`kg.extract.events.PassageParser`,
whose state it reads and sets."""
from __future__ import annotations

from kg.extract.event import Event
from kg.extract.phrases import at, read_place, read_roles, read_things, text_at, written_place
from kg.extract.vocab import SOMEONE, THE_LORD


class RecipientRules:
    def received_from(self, k: int, roles: list[str], after: int) -> bool:
        """受宰几: right after an act of receiving, a role and then what he
        gives is the one it is received from, even where an act follows: the
        things between say he is no subject (尸受侑爵降洗: the 尸 goes down)."""
        last = self.clause
        if last is None or last.recipients or last.objects or self.verb_token != k - 1:
            return False
        if "receives" not in self.vocab.flags(last.action) or not self.t[k - 1].is_("action"):
            return False
        things, past = read_things(self.t, after, of_act=True)
        if not things:
            return False
        last.recipients, last.objects = list(roles), things
        last.mark("recipients", "recipient-after-act")
        last.mark("objects", "thing-after-act")
        self.finish(last, past)
        return True

    def to_someone(self, event: Event, flags: set[str], after: int) -> tuple[int, bool]:
        """人 right after an act directed at a person (so that no number
        counts it: 二人) is someone the text does not name, the recipient as
        written (GUIDELINES 3): 以馬出授人, 降授人脯 — he hands the horses, the
        dried meat, to someone. The words after it are read on."""
        if "person" not in flags or event.recipients or text_at(self.t, after) != "人":
            return after, False
        event.recipients = [SOMEONE]
        event.mark("recipients", "recipient-after-act")
        return after + 1, True

    def handed_to(self, k: int, roles: list[str], after: int) -> None:
        """宰授几主人受: a role right after what an act directed at a person
        hands over, who then receives it, is that act's recipient too."""
        last = self.clause
        act = self.act_index(after)
        if last is None or last.recipients or not last.objects or self.verb_end != k or act is None:
            return
        if "person" in self.vocab.flags(last.action) and "receives" in self.vocab.flags(self.t[act].label("action")):
            last.recipients = list(roles)
            last.mark("recipients", "recipient-after-act")

    def read_recipients(self, event: Event, flags: set[str], k: int) -> int:
        roles, after = read_roles(self.t, k)
        nxt = at(self.t, after)
        doubled = nxt is not None and nxt.is_("role") and nxt.label("role") == roles[-1]
        if doubled and nxt.is_("action") and self.acts_alone(after):
            return k  # 主人再拜稽首祝祝曰: the 祝 invokes (the act 祝 and its words), no one bowed to
        act = self.act_index(after)
        responds = act is not None and "response" in self.vocab.flags(self.t[act].label("action"))
        if {"person", "thing"} <= flags and self.vocab.action_class.get(event.action) == "Handling" \
                and text_at(self.t, after) == "以" and self.act_at(after + 1) and not self.t[after + 1].is_("object"):
            event.recipients = roles  # 授執事者以待: the one handed to waits with it (授弟子，弟子以降)
            event.mark("recipients", "recipient-after-act")
            return k
        if "complement" in flags or "matter" in flags:
            if "matter" in flags:
                self.not_to_oneself(event, roles)  # (尸送揖 | 若不吉則遂改筮尸: the host divines again)
            return after  # 命某為賓: what he is made; 筮尸: whom the divination is about
        if "person?" in flags and self.stands_apart(after):
            return k  # 降階揖，賓序西，主人序東，皆釋弓: the 賓 goes to his place; no one bowed to
        if not responds and act is not None and {"person", "person?"} & flags and self.answered_later(act):
            responds = True  # 主人拜尸奠觶答拜 unpunctuated: the 尸 sets the cup down and answers
        if ("person" in flags and len(roles) > 1 and act is not None and not responds and after - k == len(roles)
                and all(self.t[n].is_("role") for n in range(k, after))):
            # 迎尸宗人擯, 宿尸祝擯: roles written one after the other with no 及 between,
            # the last one acting: the act is his; the ones before are the recipients
            event.recipients = roles[:-1]
            event.mark("recipients", "recipient-after-act")
            return after - 1
        acts_on_him = act is not None and text_at(self.t, act + 1) == "之" \
            and not set(roles) & set(event.agents)  # 君揖使者進之 (not 侯氏…再拜侯氏遂從之: he follows the envoy)
        if doubled or ("person" in flags and not responds) or ("person?" in flags and (act is None or acts_on_him)):
            event.recipients = roles
            event.mark("recipients", "recipient-after-act")
            self.shared_recipients(event)
            return after
        if ("person" in flags and responds) or ("report" in flags and act is not None):
            # 主人拜尸尸答拜 unpunctuated: 拜尸答拜, and he answers; 入告主人釋杖:
            # the one told, who then acts
            event.recipients = roles
            event.mark("recipients", "recipient-after-act")
            if "person" in flags and responds and self.vocab.action_class.get(event.action) == "Salutation":
                self.answered_bows.append(event)  # (主人拜，尸答拜: no recipient once the passage is read)
        return k

    def unbow_answerers(self) -> None:
        """Once the passage is read: 主人拜尸答拜 unpunctuated is 主人拜，尸答拜 — the 尸,
        written once, answers and is no recipient of the bow (the rules that read who
        bows next kept him as one while the passage was walked)."""
        for event in self.answered_bows:
            event.recipients = []
            event.how = [(part, rule) for part, rule in event.how if part != "recipients"]

    def shared_recipients(self, event: Event) -> None:
        """宿戒尸: two speech acts directed at a person written together, the
        first with nothing after it, are both directed at the role after the
        second (he notifies and charges the 尸)."""
        before = self.previous_event
        if before is None or before.j != event.i or before.recipients or before.objects or before.place \
                or before.negated != event.negated or "person" not in self.vocab.flags(before.action) \
                or before.agents != event.agents \
                or not self.vocab.action_class.get(before.action) == self.vocab.action_class.get(event.action) == "Speech":
            return  # (尸醋獻祝: he returns the toast to the one who gave it, then presents a cup to the 祝)
        before.recipients = list(event.recipients)
        before.mark("recipients", "recipient-after-act")

    def stands_apart(self, k: int) -> bool:
        """A place with no 于 at k, then another role and its place: roles set
        side by side where each stands (賓序西主人序東), subjects, not the
        ones an act before them was directed at."""
        place = read_place(self.t, k, heads=("place",))
        nxt = at(self.t, place[1]) if place is not None else None
        if nxt is None or not nxt.is_("role"):
            return False
        _, after = read_roles(self.t, place[1])
        return read_place(self.t, after, heads=("place",)) is not None

    def answered_later(self, act: int) -> bool:
        """An answering bow (flag response, a salutation) or a gift laid down
        (flag gift-laid) is among the acts from ``act`` on, before a pause or
        another role: the role written after the bow is the one who answers,
        or who lays down what he brought (主人拜，賓坐委之), and does the acts
        before it too."""
        k, acts = act, 0
        while (tok := at(self.t, k)) is not None and not tok.punct and not tok.is_("role") and acts < 4:
            if self.act_at(k):
                action = tok.label("action")
                if "response" in self.vocab.flags(action) and self.vocab.action_class.get(action) == "Salutation" \
                        or "gift-laid" in self.vocab.flags(action):
                    return True
                acts += 1
            k += 1
        return False

    def sent_by_errand(self, event: Event, k: int, errand: int) -> int:
        """人 at k after a command: the one sent is named by his errand, the
        act at ``errand`` (君使人弔, 使人以將命: the 弔者 of the passages after);
        where his dress or gifts come first (王使人皮弁用璧勞侯氏), he is the
        使者, the envoy. Returns where the command's words end."""
        dressed = getattr(at(self.t, k + 1), "readings", {}).get("object") is not None
        if not (self.act_at(errand) or dressed):
            return k
        event.recipients = [self.t[errand].label("action") + "者" if self.act_at(errand) else "使者"]
        event.mark("recipients", "sent-by-errand")
        if self.act_at(errand) and event.agents and set(event.agents) <= THE_LORD:
            # 君使人弔，徹帷: the lord who sends is not there; the next act with no subject is no
            # act of his (rule sender-away). Not others (獲者…使人執其薦與俎從之，適右個: he goes on)
            self.agent = []
            self.set_origin("sender-away")
        return k + 1

    def to_after_act(self, event: Event, k: int) -> int:
        """諸 (之於) at k after the act: the role after it is its recipient
        (謁諸天子), a place its place (投諸堂下)."""
        nxt = at(self.t, k + 1)
        if nxt is not None and nxt.is_("role") and read_place(self.t, k + 1, heads=("role",), need_direction=True) is None:
            roles, after = read_roles(self.t, k + 1)
            event.recipients += [r for r in roles if r not in event.recipients]
            event.mark("recipients", "recipient-after-act")
            return after
        found = read_place(self.t, k + 1) or written_place(self.t, k + 1, only_place=True)  # 扱諸面之右: as written
        if found is not None and event.place is None:
            event.place = found[0]
            event.mark("place", "place-after-act")
            return found[1]
        return k + 1
