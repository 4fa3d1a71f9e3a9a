"""The extraction rules as named units: one table, name → rule, with what
each rule does and an example from the 經.

Two kinds of rule are in the table:

- **word rules** (``kind == "word"``) are the handlers of the passage
  parser's walk (:mod:`kg.extract.events`): for each word, the first rule
  whose handler takes it reads it (``PassageParser.step`` is the dispatch, in
  the order of :data:`WORD_RULES`);
- **field rules** say where one part of an event came from: who acts (a
  written subject, the agent carried from the last act, across a sentence,
  across passages, the party an exchange implies), and what gave its things,
  place, facing, recipients.

Every event records the names of the rules that made it (``Event.how``), and
the graph gives them as ``yili:rule`` values (kg/rdf/events.py), so a scholar
can read which rule made an event and a query can leave out the guesses.
Each rule has a test in ``tests/test_rules.py`` (a test checks that none is
missing).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kg.extract.repeats import GUESSED

# Raise when a rule changes what the extractor finds (the graph says which
# version made each event).
EXTRACTOR_VERSION = "2.214.0"


@dataclass(frozen=True)
class Rule:
    name: str
    kind: str  # word, agent, objects, place, facing, recipients, repeats
    description: str
    example: str  # words of the 經 the rule reads
    handler: str | None = None  # the parser method of a word rule


RULES: dict[str, Rule] = {}
WORD_RULES: list[str] = []  # dispatch order of the word rules

UNCERTAIN_AGENT = GUESSED  # agent rules whose guess a scholar should review, with the reason


def define(name: str, kind: str, description: str, example: str, handler: str | None = None) -> Rule:
    if name in RULES:
        raise ValueError(f"rule {name!r} is defined twice")
    rule = RULES[name] = Rule(name, kind, description, example, handler)
    if kind == "word":
        WORD_RULES.append(name)
    return rule


def word_rule(name: str, description: str, example: str) -> Callable:
    """Register a parser method as the word rule ``name`` (in definition order)."""
    def register(method: Callable) -> Callable:
        define(name, "word", description, example, method.__name__)
        method.rule = name
        return method
    return register


def rule(name: str) -> Rule:
    return RULES[name]


# --- field rules: where the parts of an event come from ---------------------

define("written-subject", "agent",
       "The agent is the subject written before the act (a role followed by an act); a role after it that "
       "only narrows it (衆賓勝者: roles.tsv qualifier), or a participant X者 the tables lack, X an act and "
       "perhaps its thing, written right after it, says which of them (賓賵者將命: the guests bringing gifts; "
       "士受皮者), not a second party (退者與進者).",
       "司馬正命退楅")
define("rite-opens", "agent",
       "Where a chapter opens with acts and names no one, they are the acts of the party the chapters table "
       "names as opening that rite (mappings/chapters.tsv, opens: from 鄭注, or the title itself: 有司徹, "
       "公食大夫之禮) until someone is written (a guess to review).",
       "覲禮至于郊")
define("principal-withdraws", "agent",
       "乃退 with no subject written, carried from an officer who has just given a command or a report (class "
       "Speech), is that of the principal party (roles of class Host) who acted last before in the passage, written "
       "there or carried in: he withdraws once "
       "his officers are done (宗人告備，乃退: the 主人); not where no principal acted in the passage (a guess to "
       "review).",
       "明日主人朝服即位于廟門之外東方南面宰宗人西面北上牲北首東上司馬刲羊司士擊豕宗人告備乃退")
define("joined-subject", "agent",
       "與 + a role after a pause or an act joins that role to the one acting; so too after the role an act "
       "was directed at, where that same act follows (主人揖贊者與賓揖: he bows to the 贊者, then with the 賓).",
       "與介入北鄉哭")
define("carried-clause", "agent",
       "No subject written: the agent of the last act of the same sentence.",
       "司射適堂西袒決遂")
define("parallel-subjects", "agent",
       "Subjects written in a row doing the same act (a movement or an act on things, not a receiving, no one "
       "acted on, the earlier ones with no place or facing of their own): the next act of the sentence with no "
       "subject, a movement, is theirs together, and so are the acts after it; not when a later subject was named twice "
       "since (射人升賓，賓升: made to go up) nor before 之 (從之: follows the other).",
       "司馬舉羊鼎司士舉豕鼎舉魚鼎以入")
define("carried-sentence", "agent",
       "No subject written: the agent of an act of an earlier sentence of the passage (a guess to review).",
       "賓出，主人送於外門外，再拜；歸賓俎。")
define("carried-passage", "agent",
       "No subject written in the passage: the agent carried from the passage before (a guess to review); "
       "into a new section of the rite only a principal party (roles of class Host) is carried: the last "
       "written, unless the passage opens by setting things out (an act of class Handling), an unnamed "
       "officer's work (no agent); so too a passage that opens with a time of day or a day (厥明, 質明, "
       "期初昏: grammar flag stage), or with 卒 and the act or thing done (卒燅, 卒脀: flag ends-act; not 卒，北面搢三, "
       "done, he goes on), and then sets things out; and no principal party, nor one named by his deed (X者), "
       "is carried into a passage that opens with an act of setting out (actions.tsv flag sets-out: 陳, 設, 饌, "
       "亨, 布席) a thing he did not just handle (熬黍稷…饌于西坫南: no one named; 賓以几辟 | 北面設几: the 賓's), "
       "not one done for someone (為之洗, 為衆子), though mats spread for someone are (乃席賓); those named for "
       "clearing away (徹者: flag clears) are carried into no offering set out (flag offers-dead: 徹者…降自西階 | "
       "乃奠如初, no one named).",
       "升自西階")
define("thing-subject", "agent",
       "A clause that opens with a thing carried in, set, kept waiting or following (the thing, counted or "
       "with modifiers the tables lack, perhaps 皆, 先 (路先設: set out first) or a facing — after a comma of the "
       "punctuated text too where the things are counted or measured or 皆 follows (貝三，實于笲) — then a movement, "
       "waiting (俟, 待: flag waits; no thing sits or rises) or an act that handles things; not 為, what it counts as) names no one who acts: its acts have no agent, none is carried. "
       "A clause opens at a pause or after an act that names where one goes (復位, flag placed); a food word "
       "that is also an act (奠), opening its clause before a movement or waiting, is such a thing (奠俟于下); an "
       "arrangement phrase (北上, flag closes) ends its clause too (陳于阼階南西面北上匕俎從設). A bow "
       "right after that clause is the parties' again: no thing bows (庭實設，揖讓如初).",
       "燭入")
define("holders-act", "agent",
       "A clause that opens with a thing and what is done with it (as in thing-subject), where someone took "
       "that thing up in the passage (an act of grammar flag holds: 執, 奉, 舉), else in the two before: "
       "those who hold it do it (a guess to review), whoever acted last (二俎設于羊鼎西: the two who carried "
       "the stands, not fronted-thing). A thing followed by 皆 and an act that handles it, right "
       "after a movement, opens such a clause (not where the movement goes).",
       "雍正執一匕以從雍府執二匕以從司士合執二俎以從司士贊者亦合執二俎以從匕皆加于鼎")
define("one-of-them", "agent",
       "一人 right after an act directed at a role (a pause may come between), then an act with no subject "
       "written: one of those it was directed at does it, and the acts after it (a guess to review).",
       "獻笙于西階上一人拜盡階不升堂受爵")
define("again", "agent",
       "又 + an act with no subject written: the one who did that act last does it again: in the sentence "
       "(坐祭之又祭酒), else on the same thing (又設洗), else the same act in the passage or the ones before; "
       "the acts after it keep the agent carried (a guess to review); where it ends its passage and is no "
       "salutation, the next passage is his (士受羊如受馬，又請 | 若賻 | 入告: the 擯者; not 祝告，又再拜 | 釋幣: the 祝).",
       "尸又食食胾上佐食舉尸一魚尸受振祭嚌之佐食受加於肵橫之又食")
define("fronted-thing", "agent",
       "A clause that opens with a thing, then an act of class Handling, in the sentence where a participant "
       "was written: the thing is fronted (what he handles), not a subject; he goes on acting "
       "(not thing-subject).",
       "商祝掩，瑱，設幎目，乃屨，綦結於跗")
define("bow-pair", "agent",
       "A bow in sending (拜送: class Salutation, takes things, receives none) with no subject written, right "
       "after a bow in receiving (拜受) by the one carried: the other party sends (a guess to review).",
       "母拜受子拜送")
define("commanded-does", "agent",
       "After a command to someone named (命X…, flag command), whose words are its content and no acts, the "
       "act it commands is done by the ones commanded where the text then says it is done with no subject "
       "written, in the passage or the next one; the acts after it are theirs too, until a "
       "subject is written (GUIDELINES 4; a guess to review).",
       "命弟子納射器乃納射器")
define("note-names-agent", "agent",
       "A passage that opens with an act and names no role, whose first note opens by naming one role (X也, "
       "謂X也): that role is the agent, as the commentary says (入復位 — 鄭注 主人也); where the note names "
       "a thing (升自西階 — 柩也: the coffin goes up), no participant is. A passage with no act hands no one "
       "on to the next.",
       "入復位")
define("told-acts-next", "agent",
       "A passage that ends with a report to someone (告, flag report): the next passage's acts with no "
       "subject are the one told's (a guess to review); not where that passage opens with another report "
       "(告兄弟及有司 | 告事畢: the one who told reports on), with words said and nothing else (告于賓 | "
       "若右勝則曰右賢於左: his report's words) or by setting things out.",
       "以告于主人占曰從")
define("clearing-aside", "agent",
       "In the rites before burial, a passage that opens with an offering set out (flag offers-dead), after "
       "a passage in which someone's first act, his name written, clears something away (flag clears) and "
       "every act after it is his: the offering is laid by the party who acted before him there, mourners' "
       "acts passed over (甸人徹鼎，巾待于阼階下 | 奠于尸東: the 夏祝 "
       "and the 執事 who brought it up; a guess to review).",
       "甸人徹鼎巾待于阼階下")
define("left-inside", "agent",
       "A passage that ends with someone going out (出) one passage after others came in (入), in the same "
       "section: the next passage's acts with no subject are theirs, who are left inside (a guess to review); "
       "so too a sentence of a punctuated text after the sentence in which they came in "
       "(外御受沐入。主人皆出，戶外北面。乃沐).",
       "外御受沐入")
define("asked-answers", "agent",
       "A passage that ends with an officer's request naming no one asked (請, flag content): a passage "
       "that opens with words said is the answer of the principal party last written (a guess to review).",
       "有司請祖期")
define("mourners-act", "agent",
       "A mourner's act (踊, 哭; flag mourners) with no subject written, where the agent carried is an "
       "officer or no one (設熬旁一筐，乃塗，踊無算: things set out by no one named), is the last principal party's "
       "written (a guess to review), and so is a dress act right after "
       "it (乃祖踊襲: the 主人 covers his arm again); the officer goes on after them.",
       "御者執策立于馬後哭成踊右還出")
define("mourners-aside", "agent",
       "An act on things (class Handling) with no subject written, right after a mourners' act (踊, 哭; flag "
       "mourners) whose subject is written, is done by the one who acted before that aside (徹者入，丈夫踊，"
       "設于西北: the removers set the things down; the men only leap as they pass), or by no one where no one "
       "acted before it (酒、豆、籩、俎序從，降自西階。婦人踴。設於序西南).",
       "徹者入丈夫踊設于西北婦人踊")
define("in-turns", "agent",
       "An act right after 代 (particles.tsv flag in-turns) with no subject written is done by relays no one "
       "names (乃代哭: the wailing is kept up in turns): it has no agent, neither the one carried nor the mourners.",
       "乃代哭不以官")
define("not-used", "agent",
       "An act of using denied (用 after a negation: actions.tsv flag negated-only) with no subject and no thing "
       "after it written is said of the things: no one is named (不必盡用: not all need be used; 庶襚繼陳，不用; "
       "摯不用死: the gift is no dead game); whoever acted before goes on (not 賓不用, 不用爵).",
       "不必盡用")
define("mourner-apart", "agent",
       "In the rites before burial (士喪禮, 既夕禮), an offering set out, served or loaded (奠, 薦, 設, 陳, 饌, 載: "
       "flag offers-dead) with no subject written is no act of the chief mourner, his brothers or his wife "
       "(主人, 衆主人, 主婦) carried into it: "
       "officers no one names do it (乃奠: 祝與執事為之, 鄭注).",
       "薦車直東榮北輈")
define("giver-leaves", "agent",
       "Withdrawing (退) with no subject written right after the giver laid his gift (rule giver-lays) is the "
       "giver's; the acts after it stay the carried one's (朋友襚…主人拜，委衣如初，退，哭，不踊: the friend "
       "withdraws, the 主人 wails).",
       "朋友襚親以進主人拜委衣如初退哭不踊")
define("seen-off", "agent",
       "An act of seeing off (送, 拜送: flag sees-off) with no subject written, right after the one carried "
       "withdrew (退, its subject written), is the other party's, who stays, and so are the acts after it "
       "(士見於大夫…賓退，送，再拜: the 大夫 sees him off and bows); not after going out (主人出，拜送: he goes out "
       "to see the guest off).",
       "士見於大夫終辭其贄於其入也一拜其辱也賓退送再拜")
define("gift-declined", "agent",
       "A declining (辭, flag declines) of 其 + a gift (class Gift: 贄, 幣) by the one carried from earlier in the "
       "passage is the other party's: no one declines the gift he brings (士見於大夫，終辭其贄: the 大夫).",
       "士見於大夫終辭其贄")
define("victims-officer", "agent",
       "An act done by the officer of a victim (載, flag by-victim) with no subject written, in a clause that names "
       "one victim, is done by the one who ladled that victim out of its tripod (朼, flag ladles) in this passage "
       "or those just before (司馬朼羊…司士朼豕… | 侑俎羊左肩…載于一俎: the 司馬 loads the sheep's cuts).",
       "司士朼豕，亦司士載，亦右體：肩、臂、肫、胳、臑，正脊一、脡脊一、橫脊一，短脅一、正脅一、代脅一，膚五、嚌肺一，"
       "載於一俎。侑俎：羊左肩、左肫、正脊一、脅一、腸一、胃一、切肺一，載於一俎。侑俎：豕左肩折、正脊一、脅一、膚三、切肺一，"
       "載於一俎。")
define("performers-play", "agent",
       "An act of the musicians (歌, 奏; flag performers) with no subject written, where the agent carried is "
       "no musician (class Musician), is the musicians' written last in the passage, else no one's (a guess "
       "to review).", "小樂正立於西階東乃歌鹿鳴三終")
define("both-after-all", "agent",
       "皆 after two alternating subjects means both (主人…賓…皆揖; 主人…賓亦如之，皆…); not after a role that "
       "names many (三耦拾取矢，皆袒: all the pairs), nor right after counted things (正脅一、代脅一，皆二骨以並: the cuts).",
       "主人阼階上再拜賓西階上答再拜皆揖")
define("all-served", "agent",
       "皆 right before an act with no subject written, after the carried agent made offerings of one kind "
       "(class Offering) to two or more parties in turn, in this passage or the four before: those served do "
       "it (a guess to review); not 皆 before a manner (皆如初).",
       "贊洗爵酌酳主人主人拜受贊戶內北面答拜酳婦亦如之皆祭")
define("not-to-oneself", "agent",
       "Nobody invites or bows to himself, nor divines about himself: an act whose recipient is the carried "
       "agent, or whose matter he is (筮尸: flag matter), is the other party's (尸送揖 | 若不吉則遂改筮尸: the 主人).",
       "乃宿賓")
define("initiator-again", "agent",
       "After an answered bow, a bow with no subject to a third party is the initiator's again; so too "
       "after a bow directed at no one written (主人再拜賓答再拜三拜衆賓: the host bows to the others), and "
       "across a passage's end (…再拜，賓答再拜 | 揖衆賓).",
       "主人一相迎于門外再拜賓賓答拜拜介介答拜")
define("giver-lays", "agent",
       "Laying a gift down (flag gift-laid: 委) with no subject written, right after the bow of the one given "
       "to, is done by the giver: the one who gave in the passage (an act taking a thing and a person: 襚), or "
       "the one he sent with it (rule sent-by-errand); the acts after it stay the carried agent's (a guess to "
       "review).",
       "朋友襚親以進主人拜委衣如初")
define("asker-again", "agent",
       "A request (flag content) answered by another's report (flag report, its subject written): the next "
       "act with no subject, a movement or a bow, is the asker's again (a guess to review); not another "
       "report (宰告曰質明行事，告兄弟及有司: the 宰 tells on).",
       "擯者出請賓告事畢入告出請醴賓")
define("counted-exchange", "agent",
       "Bows and yieldings counted (三揖, 三讓: flag mutual) are exchanged: the one acting and the party "
       "written last before him both do them, and the acts after them, until a subject is written "
       "(a guess to review); a bow and a yielding written together (揖讓) are exchanged too, they alone.",
       "主人揖入賓執鴈從至于廟門揖入三揖至于階三讓")
define("gift-answered", "agent",
       "After a gift to someone (賜, 獻, 致: class Offering; or 授, any act that hands a thing to a person) "
       "right before it (in its sentence or, where the punctuated text ends one after the gift, the sentence "
       "before: 天子賜侯氏以車服。迎於外門外), the next act of "
       "receiving with no subject written (迎, 拜受, 受: flag receives) is the one given to's, where it is "
       "not directed at him (a guess to review).",
       "天子賜侯氏以車服迎于外門外再拜")
define("invited-answers", "agent",
       "An act that invites an answer (延, 勞: flag invites) hands the acts after it with no subject written "
       "to the one invited: its recipient, or the other party where it is directed at 之; a bow that beckons "
       "(揖: flag beckons) in that case only (賓揖之適房: the one capped goes to the room) (a guess to review).",
       "侯氏再拜稽首出自屏南適門西遂入門左北面立王勞之再拜稽首")
define("waits-for-other", "agent",
       "然後 (flag back) after another's act: the act that follows is the one's who waited for it, the "
       "subject before the other was named (a guess to review).",
       "受賜爵者以爵就席坐公卒爵然後飲")
define("not-ones-own", "agent",
       "No one declines his own going down or washing (辭降, 辭洗: flag answers-other): with no subject "
       "written the act is the other party's, and the one who acted goes on (a guess to review).",
       "賓降取爵于篚辭降如初卒洗升酌")
define("bow-declined", "agent",
       "One who declines (辭, flag declines) a bow or a going down by another hands the acts after it with no "
       "subject written back to the one who bowed: he goes up and completes the bow (a guess to review).",
       "下拜小臣辭升成拜")
define("material", "objects",
       "A thing opening its clause before 用 is described by what follows (冪用絺布: the cover is of fine cloth): it "
       "is the thing of the act after it only where that act has no thing of its own written (冪用絺布，加勺: the "
       "ladle alone is put on).",
       "冪用絺布，加勺")
define("thing-after-act", "objects",
       "The things right after an act that takes things (the `thing` flag of actions.tsv); beside vessels "
       "written with their number (二敦, 兩豆) the food named is what they hold, not a thing of its own; "
       "after an act that takes no person, a role right before the thing says whose it is (徹公俎), and "
       "after any such act so does a role with 之 (受夫人之聘璋); a word the tables lack that opens the "
       "list, before 、, is passed over (the plain text's 薦韭、菹、醢 for 韭菹醢); 其, a role and 之 before a "
       "thing say whose it is (奉其君之旂); a word that is also an act, last of two things or more before 于, "
       "is a thing (奠纚笄櫛于筵南端); a thing counted is a thing even before a side (實一貝左中: one cowrie, "
       "not a place by it); a thing before a word the tables lack and 之 is that word's subject, no thing of the "
       "act (以馬出授人九馬隨之: the horses follow); a thing written twice in a row ends the list before the "
       "second, which opens a clause of its own (槃匜匜實于槃中, 祭服祭服不倒).",
       "取弓于階西")
define("thing-not-done", "objects",
       "A thing written right before 不 + an act that takes things is what is not handled (髀不升: the thigh "
       "is not put in); the things after the act are not its objects.",
       "髀不升")
define("used-after-act", "objects",
       "用X closing an act's clause (only its things, place, facing and words the tables lack between) "
       "gives that act X too: "
       "what it is done with (GUIDELINES 5, as 以X V).",
       "商祝拂柩用功布")
define("things-after-place", "objects",
       "Things counted right after the 于 place of an act of setting out (flag sets-out) that took no thing (only 當 and a place or a pause "
       "between, no act right after them) are what that act sets there (尊于室中北墉下，當戶，兩甒: the two "
       "jars; not 几在南, 亦折一膚).",
       "尊于室中北墉下當戶兩甒醴酒酒在東無禁")
define("place-after-act", "place",
       "A place right after an act: where it is done, or the goal of a movement (`goal` flag; 其 before it "
       "says whose: 就其旂; after 即 and 就, an act that names where its things lie, last in its clause, is "
       "that place: 以即陳). After the "
       "act's things, a place followed by (a facing and) another act is that act's (祭醴三西階上北面坐); so too "
       "right after an act of posture, salutation, offering or speech, or one that names the place it leaves "
       "(flag from: 降席西階上北面坐), not a movement that goes there (出門左西面再拜). Not a quarter in a list of "
       "the quarters and what goes there (設六色東方青南方赤: which colour is where).",
       "適堂西")
define("place-after-act-wins", "place",
       "A 于/於 phrase right after an act and its things is where the act is done, over a 于 place the act "
       "took from before it: that one belongs to a word the tables do not read as an act (放于西方).",
       "饌豆籩與篚于房中放于西方設洗于阼階東南")
define("recipient-after-act", "recipients",
       "The roles right after an act directed at a person (`person`, `person?` flags) are its recipients "
       "(with `person?`, also where the act after them takes 之 for them: 君揖使者進之, unless he is the one acting: 侯氏…再拜侯氏遂從之); "
       "之 after it stands for the role written after 有 (有賓則拜之: the 賓); after an act of receiving, a "
       "role and then what he gives is the one it is received from, not the subject of the act after "
       "(尸受侑爵降洗: the 尸 goes down). Where an answering bow (答拜) comes among the acts after the role, "
       "before a pause or another role, the role is their subject too (主人拜尸奠觶答拜: the 尸 sets the cup down "
       "and answers), and so where the gift is laid down there (flag gift-laid: 主人拜賓坐委之, the 賓). Not, with `person?`, roles set side by side where each stands (揖賓序西主人序東: subjects). "
       "Two speech acts written together, the first with nothing after it, share the role after the second "
       "(宿戒尸: he notifies and charges the 尸). 人 right after an act directed at a person (so that no number "
       "counts it) is someone the text does not name, the recipient as written (以馬出授人, 降授人脯).",
       "獻工")
define("led-with", "recipients",
       "以 + a role, then a movement or a bow (class Movement, Salutation), where someone acts already: the one "
       "acting leads the role in it (以 'with, leading'); the role is no subject, and a movement (擯者以賓入: "
       "leads him in; it does not repeat a movement alone, 如初) or a bow directed at a person (揖: flag person) is "
       "directed at it; counted bows (以賓三揖) "
       "are exchanged with it. Not 以君命使, 以公賜告 (a warrant, a gift).",
       "主人以賓揖先入")
define("command-recipient", "recipients",
       "The role after a command (命) or request (請) answered by that role is the one commanded or asked; "
       "its content (no events) ends at a pause, at 乃, or at a role that goes on to act, one after 辭 (flag "
       "person?) too (公命小臣辭賓升成拜: the 賓 goes up); of two roles written one after the other after an "
       "act, the last (請立司正公許: the 公 assents), unless 皆 makes them one party.",
       "擯者命賓賓少進")
define("sent-by-errand", "recipients",
       "使人 or 命人 + an act (or 以 + an act): the one sent is named by his errand, the participant X者 of that "
       "act (君使人弔: the 弔者 the passages after name; 使人以將命: 將命者); the act is the command's content. "
       "Where what he wears or carries comes first (王使人皮弁用璧勞侯氏), he is the 使者, the envoy. The errand "
       "is one act: another right after it is not commanded (君使人弔徹帷).",
       "君使人弔")
define("reported-ready", "recipients",
       "A report (告, flag report) of one or two words and 具 (particles.tsv flag ready) says what is ready: "
       "the words are the report's, no one told and no act (宗人告有司具: not told to the 有司; 宰告饌具: no 饌).",
       "宗人告有司具")
define("sender-away", "agent",
       "The lord (君, 公) who sends someone on an errand (使人 + an act: sent-by-errand) is not where it is done: "
       "the acts after it with no subject written are no acts of his, and no one named does them (君使人弔徹帷: "
       "the curtain is taken down at the house, not by the lord); others who send someone go on (獲者…使人執其薦與俎"
       "從之，適右個).",
       "君使人弔徹帷")
define("vassal", "agent",
       "An audience with the lord (見于君; actions.tsv flag audience) where the passage writes no subject: the one "
       "who presents himself is the lord's 臣, any vassal, and he does the acts after it (始見于君執摯: not "
       "the one who acted last in the passage before); not where the passage opens with 乃, going on with the "
       "story (乃易服…奠摯見於君: the one just capped).",
       "始見于君執摯")
define("content-recipient", "recipients",
       "于 + role inside the content of a request is the one asked (請射于賓).",
       "司射請射于賓")
define("facing-after-act", "facing",
       "A facing with no act after it in its clause goes to the act before; so does a facing right after "
       "that act's place where a thing opens the next clause (重止于門外之西，東面 | 柩入: the effigy faces east).",
       "賓出立于門外北面公揖")
define("facing-before-arrangement", "facing",
       "A facing right before an arrangement phrase (北上, 右几: particles.tsv manner), a comma between or "
       "not, is the act's before: the phrase closes the clause (GUIDELINES 7).",
       "陳三鼎于門外之右北面北上")
define("facing-before-negation", "facing",
       "A facing right before an act that is not done (東面不踊) is the act's before: one faces while "
       "one does something, not while one does not (GUIDELINES 7).",
       "即位于西階下東面不踊")
define("answer-ends-words", "quote",
       "In an unpunctuated text, words said end before a bow (actions.tsv flag answer) followed only by "
       "acts to the end of the sentence: the bows answer the words.",
       "賔對曰君不有其外臣臣不敢辭再拜稽首受")
define("reach-not-and", "agent",
       "X及PLACE: 及 is the act 'reach' and X its subject, not 'X and …' (a place follows, not a role).",
       "尸及階祝延尸")
define("repeats-first", "repeats",
       "如初 (as at first): the acts of the clause repeat the first occurrence of the same acts in the chapter "
       "(on things of the same class where it has things: 舉骼如初 repeats the lifting of meat, not of a cover; "
       "by the same agents where there is one), the same act used the same way: one with a thing and no "
       "place does not repeat one with a place and no thing (升魚 is not 升自阼階); an act of the mourners "
       "with no subject written takes all written doing it in turn then (丈夫踊…婦人踊 | 踊如初: both); an act on "
       "things with no agent at all takes none (設床笫于兩楹之間，衽如初); two acts or more on the very things "
       "done on before, in a clause with no subject right after another that repeats, are done by whoever did "
       "them then (賓奠幣如初，舉幣、受馬如初: the 宰 and the 士).",
       "司射作射如初")
define("repeats-last", "repeats",
       "如之, 亦如之 (also so): the acts of the clause repeat the same acts just before, whoever did them "
       "(宿贊冠者一人，亦如之: invited as the 賓 was).",
       "宿贊冠者一人亦如之")
define("repeats-named", "repeats",
       "如X之禮 (as in the rite of X): each act of the clause repeats the act of the same kind done in X "
       "(賓酬主人: the 賓's 酬 to the 主人), or by X where X is a role (如主人之禮).",
       "衆受酬者拜興飲皆如賓酬主人之禮")

# The word rules are the parser's methods: importing the parser registers them,
# so that the table is whole whoever reads it first.
import kg.extract.events  # noqa: F401
