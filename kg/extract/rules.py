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

The agent rules' words are kept in :mod:`kg.extract.agent_table` (data, defined
here in their place in the table).

Every event records the names of the rules that made it (``Event.how``), and
the graph gives them as ``yili:rule`` values (kg/rdf/events.py), so a scholar
can read which rule made an event and a query can leave out the guesses.
Each rule has a test in ``tests/test_rules.py`` (a test checks that none is
missing).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kg.extract.agent_table import AGENT_RULES
from kg.extract.repeats import GUESSED

# Raise when a rule changes what the extractor finds (the graph says which
# version made each event).
EXTRACTOR_VERSION = "2.244.0"


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

for _name, _description, _example in AGENT_RULES:  # (kg/extract/agent_table.py)
    define(_name, "agent", _description, _example)

define("material", "objects",
       "A thing opening its clause before 用 is described by what follows (冪用絺布: the cover is of fine cloth): it "
       "is the thing of the act after it only where that act has no thing of its own written (冪用絺布，加勺: the "
       "ladle alone is put on); not where an officer acts (冪用疏布: the 夏祝 covers it, actions.tsv noun-act). "
       "A thing the list of the act before ended with, written again, opens its clause "
       "(升魚腊膚魚用鮒，十有五而俎，縮載: the fish are loaded).",
       "冪用絺布，加勺")
define("thing-after-act", "objects",
       "The things right after an act that takes things (the `thing` flag of actions.tsv); beside vessels "
       "written with their number (二敦, 兩豆) the food named is what they hold, not a thing of its own; a "
       "victim before a number, a word the tables lack and a part of it says which part (牢一切肺: the lung); "
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
       "is not put in); the things after the act are not its objects. Where it ends the list of things the act "
       "before took, it is taken out of that list (載右胖髀不升, 徹薦爵筵尊不徹: the same act written again); a "
       "thing that is also an act (noun-act) is such a thing only opening its clause (偏駕不入王門).",
       "髀不升")
define("used-after-act", "objects",
       "用X closing an act's clause (only its things, place, facing and words the tables lack between) "
       "gives that act X too: "
       "what it is done with (GUIDELINES 5, as 以X V).",
       "商祝拂柩用功布")
define("things-after-place", "objects",
       "Things counted right after the 于 place of an act of setting out (flag sets-out) that took no thing (only 當 and a place or a pause "
       "between, no act right after them) are what that act sets there (尊于室中北墉下，當戶，兩甒: the two "
       "jars; not 几在南, 亦折一膚); so too things not counted, where the act right after them has a thing of "
       "its own (饌于東堂下，脯醢醴酒，冪奠用功布: what is set out; the offering is what is covered).",
       "尊于室中北墉下當戶兩甒醴酒酒在東無禁")
define("place-after-act", "place",
       "A place right after an act: where it is done, or the goal of a movement (`goal` flag; 其 before it "
       "says whose: 就其旂; after 即 and 就, an act that names where its things lie, last in its clause, is "
       "that place: 以即陳). After the "
       "act's things, a place followed by (a facing and) another act is that act's (祭醴三西階上北面坐); so too "
       "right after an act of posture, salutation, offering or speech, or one that names the place it leaves "
       "(flag from: 降席西階上北面坐), not a movement that goes there (出門左西面再拜). Not a quarter in a list of "
       "the quarters and what goes there (設六色東方青南方赤: which colour is where). After 諸 (之於) a word the "
       "tables lack, with its directions, is the place as written (扱諸面之右).",
       "適堂西")
define("place-after-act-wins", "place",
       "A 于/於 phrase right after an act and its things is where the act is done, over a 于 place the act "
       "took from before it, which belongs to a word the tables do not read as an act (放于西方), or a place "
       "written bare before it (女次…立于房中, 堂上八豆設于戶西); so too a "
       "自/由 phrase right after a movement over the way written before it (由足降自西階: the stair it goes down by).",
       "饌豆籩與篚于房中放于西方設洗于阼階東南")
define("recipient-after-act", "recipients",
       "The roles right after an act directed at a person (`person`, `person?` flags) are its recipients "
       "(with `person?`, also where the act after them takes 之 for them: 君揖使者進之, unless he is the one acting: 侯氏…再拜侯氏遂從之); "
       "之 after it stands for the role written after 有 (有賓則拜之: the 賓); after an act of receiving, a "
       "role and then what he gives is the one it is received from, not the subject of the act after "
       "(尸受侑爵降洗: the 尸 goes down). Where an answering bow (答拜) comes among the acts after the role, "
       "before a pause or another role, the role is their subject and not the one bowed to, as the unpunctuated "
       "text is read (主人拜尸答拜: 主人拜，尸答拜; 主人拜尸奠觶答拜: the 尸 sets the cup down and answers), and so where "
       "the gift is laid down there (flag gift-laid: 主人拜，賓坐委之). A role right after an act directed at a "
       "person, then 以 and an act, is its recipient and does that act (授執事者以待: the 執事者 waits with it, as "
       "授弟子，弟子以降). Not, with `person?`, roles set side by side where each stands (揖賓序西主人序東: subjects). "
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
