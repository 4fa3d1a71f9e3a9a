"""The agent rules of the rule table (:mod:`kg.extract.rules`, kind
``agent``): who does an act where the text writes no subject, or how a
written one is read — each with what it does and an example from the 經. Data
only: :mod:`kg.extract.rules` defines them, in this order, where the table
of field rules begins; the parser's mixins (kg/extract/agents.py and the
others) do what they say."""
from __future__ import annotations

AGENT_RULES: tuple[tuple[str, str, str], ...] = (
    ("written-subject",
     "The agent is the subject written before the act (a role followed by an act); a role after it that "
     "only narrows it (衆賓勝者: roles.tsv qualifier), or a participant X者 the tables lack, X an act and "
     "perhaps its thing, written right after it, says which of them (賓賵者將命: the guests bringing gifts; "
     "士受皮者), not a second party (退者與進者).",
     "司馬正命退楅"),
    ("rite-opens",
     "Where a chapter opens with acts and names no one, they are the acts of the party the chapters table "
     "names as opening that rite (mappings/chapters.tsv, opens: from 鄭注, or the title itself: 有司徹, "
     "公食大夫之禮) until someone is written (a guess to review).",
     "覲禮至于郊"),
    ("principal-withdraws",
     "乃退 with no subject written, carried from an officer who has just given a command or a report (class "
     "Speech), is that of the principal party (roles of class Host) who acted last before in the passage, written "
     "there or carried in: he withdraws once "
     "his officers are done (宗人告備，乃退: the 主人); not where no principal acted in the passage (a guess to "
     "review).",
     "明日主人朝服即位于廟門之外東方南面宰宗人西面北上牲北首東上司馬刲羊司士擊豕宗人告備乃退"),
    ("joined-subject",
     "與 + a role after a pause or an act joins that role to the one acting; so too after the role an act "
     "was directed at, where that same act follows (主人揖贊者與賓揖: he bows to the 贊者, then with the 賓).",
     "與介入北鄉哭"),
    ("carried-clause",
     "No subject written: the agent of the last act of the same sentence.",
     "司射適堂西袒決遂"),
    ("parallel-subjects",
     "Subjects written in a row doing the same act (a movement or an act on things, not a receiving, no one "
     "acted on, the earlier ones with no place or facing of their own): the next act of the sentence with no "
     "subject, a movement, is theirs together, and so are the acts after it; not when a later subject was named twice "
     "since (射人升賓，賓升: made to go up) nor before 之 (從之: follows the other).",
     "司馬舉羊鼎司士舉豕鼎舉魚鼎以入"),
    ("carried-sentence",
     "No subject written: the agent of an act of an earlier sentence of the passage (a guess to review).",
     "賓出，主人送於外門外，再拜；歸賓俎。"),
    ("carried-passage",
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
     "升自西階"),
    ("receiver-not-sender",
     "A passage with no subject that opens by receiving (flag receives), after a passage that ended with the one "
     "carried carrying a thing somewhere (a movement) to no one named: someone the text does not name receives "
     "it (a guess to review; 復者…降衣于前 | 受用篚，升自阼階，以衣尸: the one below takes the robe in a basket, goes up and lays it on the body); not after "
     "a receiving (宰自公左受玉 | 受上介璋: he receives again).",
     "三降衣于前"),
    ("named-for-deed",
     "A passage with no subject that opens with an act X: the party among the last three subjects written "
     "that names those who do X (X者) does it (a guess to review), not the one carried (祝徹盥于門外…祝徹巾授執事者以待 | 徹饌先取醴酒: "
     "the 祝 and those who clear, 鄭注 祝與有司當徹小斂之奠者); not where the act opens a time clause (卒筮, "
     "執卦以示命筮者: when the divining is done, the 筮人 goes on), nor an act named before 之 (冠之日: a time).",
     "祝徹巾授執事者以待"),
    ("thing-subject",
     "A clause that opens with a thing carried in, set, kept waiting or following (the thing, counted or "
     "with modifiers the tables lack, perhaps 皆, 先 (路先設: set out first) or a facing — after a comma of the "
     "punctuated text too where the things are counted or measured or 皆 follows (貝三，實于笲) — then a movement, "
     "waiting (俟, 待: flag waits; no thing sits or rises) or an act that handles things; not 為, what it counts as) names no one who acts: its acts have no agent, none is carried. "
     "A 自/由 place may come before the movement (泰羹湆自門入). "
     "A clause opens at a pause, after an act that names where one goes (復位, flag placed) or where a thing "
     "ranks (膚為下, flag ranks), or, where the things are counted, after the 于 place of the act before "
     "(設于鉶南胾四豆設于左) or 皆 or 各 follows them (馬出自道車各從其馬: each carriage follows its horse, 其馬 "
     "what it follows, no thing of it), and a thing written twice opens a clause with the second (薦馬馬出); one word "
     "the tables lack may stand between the thing and acts that end with 之 (重木刊鑿之); a food word "
     "that is also an act (奠), opening its clause before a movement or waiting, is such a thing (奠俟于下); an "
     "arrangement phrase (北上, flag closes) ends its clause too (陳于阼階南西面北上匕俎從設). A bow "
     "right after that clause is the parties' again: no thing bows (庭實設，揖讓如初).",
     "燭入"),
    ("things-follow",
     "Things written right after an act and right before 從 (flag follows), with no thing after it, are "
     "what follows (三獻燔從, 酌獻祝籩燔從, 嘗之肝從): they are no objects of that act (of two or more, with no "
     "one it is directed at, the first stays its own: 啐酒肝牢從), nor of an act that holds its things "
     "(執巾席從); no one is named for following, and the one who acted before goes on after them (…籩燔從獻佐食: "
     "the 主婦 presents the cup again; so too after a comma: 祝先出，酒、豆、籩、俎序從，降自西階, the 祝 leading; not "
     "into a new sentence (肝従。左執爵), nor "
     "where an act done to them follows at once: 匕俎從設). So too the things after the first that an act of "
     "clearing away (flag clears) takes, right before an act of waiting (flag waits): they wait, by no one named "
     "(甸人徹鼎，巾待于阼階下; 徹奠，巾席俟于西方; not 取弓矢，俟射).",
     "酌獻祝籩燔從獻佐食"),
    ("leader-and-followers",
     "Parties written together who go on with an act and 先, then things and 從 (flag follows) with no one "
     "written: the first named goes first, the others carry the things that follow (a guess to review), and all "
     "of them do the acts after it with no subject written (夏祝及執事盥，執醴先，酒、脯醢、俎從，升自阼階).",
     "夏祝及執事盥執醴先酒脯醢俎從升自阼階"),
    ("served-act",
     "An act done for another's act (flag serves: 沃尸盥, pours the water for the 尸 to wash): the role right "
     "after it is its recipient and does that act; once 卒 says that act is done (卒盥), the one who served goes "
     "on with no subject written (坐奠簞，取巾: the 宗人). Not 沃尸盥者, the one who pours, a participant.",
     "乃沃尸盥于槃上卒盥坐奠簞取巾"),
    ("presenter-again",
     "An act of pouring or presenting a cup (flag presents: 酌, 獻, 酳) with no subject written, right after the "
     "one carried drained his cup (卒爵): the one who last presented a cup to the drinker (獻, 酳; not a cup returned, "
     "酢), in the passage or the three before, pours and presents next (a guess to review).",
     "主婦洗足爵於房中，酌，亞獻尸，如主人儀。自反兩籩棗、慄，設於會南，棗在西。尸祭籩，祭酒，如初。賓以燔従，如初。尸祭燔，卒爵，如初。酌獻祝"),
    ("holders-act",
     "A clause that opens with a thing and what is done with it (as in thing-subject), where someone took "
     "that thing up in the passage (an act of grammar flag holds: 執, 奉, 舉), else in the two before: "
     "those who hold it do it (a guess to review), and so do those named carrying what follows (rule "
     "leader-and-followers: …俎從 | 俎錯于豆東), whoever acted last (二俎設于羊鼎西: the two who carried "
     "the stands, not fronted-thing). A thing followed by 皆 and an act that handles it, right "
     "after a movement, opens such a clause (not where the movement goes).",
     "雍正執一匕以從雍府執二匕以從司士合執二俎以從司士贊者亦合執二俎以從匕皆加于鼎"),
    ("one-of-them",
     "一人 right after an act directed at a role (a pause may come between), then an act with no subject "
     "written: one of those it was directed at does it, and the acts after it (a guess to review).",
     "獻笙于西階上一人拜盡階不升堂受爵"),
    ("again",
     "又 + an act with no subject written: the one who did that act last does it again: in the sentence "
     "(坐祭之又祭酒), else on the same thing (又設洗), else the same act in the passage or the ones before; "
     "the acts after it keep the agent carried (a guess to review); where it ends its passage and is no "
     "salutation, the next passage is his (士受羊如受馬，又請 | 若賻 | 入告: the 擯者; not 祝告，又再拜 | 釋幣: the 祝).",
     "尸又食食胾上佐食舉尸一魚尸受振祭嚌之佐食受加於肵橫之又食"),
    ("fronted-thing",
     "A clause that opens with a thing, then an act of class Handling, in the sentence where a participant "
     "was written: the thing is fronted (what he handles), not a subject; he goes on acting "
     "(not thing-subject).",
     "商祝掩，瑱，設幎目，乃屨，綦結於跗"),
    ("bow-pair",
     "A bow in sending (拜送: class Salutation, takes things, receives none) with no subject written, right "
     "after a bow in receiving (拜受) by the one carried: the other party sends (a guess to review).",
     "母拜受子拜送"),
    ("commanded-does",
     "After a command to someone named (命X…, flag command), whose words are its content and no acts, the "
     "act it commands is done by the ones commanded where the text then says it is done with no subject "
     "written, in the passage or the next one, and so is an act right after the content and 皆 (遣賓就主人，"
     "皆盥于洗: the guests sent all wash; a role after an act of going, 就, is where they go, not who acts); "
     "the acts after it are theirs too, until a subject is written (GUIDELINES 4; a guess to review).",
     "命弟子納射器乃納射器"),
    ("note-names-agent",
     "A passage that opens with an act and names no role, whose first note opens by naming one role (X也, "
     "謂X也): that role is the agent, as the commentary says (入復位 — 鄭注 主人也); where the note names "
     "a thing (升自西階 — 柩也: the coffin goes up), no participant is. So too where the note opens with roles "
     "of the tables and then the passage's own first act or 為之 (布席于戶內 — 有司布斂席也; 乃奠 — 祝與執事為之), "
     "not a participant named for that act itself (受用篚 — 受者受之於庭也); where the first note names no one, "
     "a later commentator's note may, in that way (乃適饌 — 鄭注 東方之新饌; 張爾岐 執事者適新饌處). A passage with "
     "no act hands no one on to the next.",
     "入復位"),
    ("note-splits-doers",
     "Acts whose agent the text does not write (one party written for two men, 舉者; or one carried on), "
     "where a note of the passage names who does that act: a role of the tables, 以 and the hand, then the act "
     "and its thing, as the passage writes the hand and the act (右人以右手執匕 — 右執匕); or a stretch up to 也 that opens with "
     "the act and ends with the role (載受而載於俎左人也). That role does it, and the acts after it with no "
     "subject written, until the party moves as one (入: the two carry the tripod in); an act on a thing he "
     "took up is his (錯俎: the 左人 who holds the stand). Only where the note names two or more roles the "
     "passage does not write for its acts: it shares them out (乃朼，載 — 注 …右人也，載…左人也).",
     "舉者盥右執匕郤之左執俎横攝之入阼階前西面錯錯俎北面"),
    ("told-acts-next",
     "A passage that ends with a report to someone (告, flag report): the next passage's acts with no "
     "subject are the one told's (a guess to review); not where that passage opens with another report "
     "(告兄弟及有司 | 告事畢: the one who told reports on), with words said and nothing else (告于賓 | "
     "若右勝則曰右賢於左: his report's words) or by setting things out.",
     "以告于主人占曰從"),
    ("clearing-aside",
     "In the rites before burial, a passage that opens with an offering set out (flag offers-dead), after "
     "a passage in which someone's first act, his name written, clears something away (flag clears) and "
     "every act after it is his or no one's (巾待: the cloth waits): the offering is laid by the party who acted "
     "before him there, mourners' "
     "acts passed over (甸人徹鼎，巾待于阼階下 | 奠于尸東: the 夏祝 "
     "and the 執事 who brought it up; a guess to review).",
     "甸人徹鼎巾待于阼階下"),
    ("left-inside",
     "A passage that ends with someone going out (出) one passage after others came in (入), in the same "
     "section: the next passage's acts with no subject are theirs, who are left inside (a guess to review); "
     "so too a sentence of a punctuated text after the sentence in which they came in "
     "(外御受沐入。主人皆出，戶外北面。乃沐).",
     "外御受沐入"),
    ("asked-answers",
     "A passage that ends with an officer's request naming no one asked (請, flag content): a passage "
     "that opens with words said is the answer of the principal party last written (a guess to review).",
     "有司請祖期"),
    ("mourners-act",
     "A mourner's act (踊, 哭; flag mourners) with no subject written, where the agent carried is an "
     "officer or no one (設熬旁一筐，乃塗，踊無算: things set out by no one named), is the last principal party's "
     "written (a guess to review), and so is a dress act right after "
     "it (乃祖踊襲: the 主人 covers his arm again); the officer goes on after them.",
     "御者執策立于馬後哭成踊右還出"),
    ("mourners-aside",
     "An act on things (class Handling) with no subject written, right after a mourners' act (踊, 哭; flag "
     "mourners) whose subject is written, is done by the one who acted before that aside (徹者入，丈夫踊，"
     "設于西北: the removers set the things down; the men only leap as they pass), or by no one where no one "
     "acted before it (酒、豆、籩、俎序從，降自西階。婦人踴。設於序西南).",
     "徹者入丈夫踊設于西北婦人踊"),
    ("in-turns",
     "An act right after 代 (particles.tsv flag in-turns) with no subject written is done by relays no one "
     "names (乃代哭: the wailing is kept up in turns): it has no agent, neither the one carried nor the mourners.",
     "乃代哭不以官"),
    ("not-used",
     "An act of using denied (用 after a negation: actions.tsv flag negated-only) with no subject and no thing "
     "after it written is said of the things: no one is named (不必盡用: not all need be used; 庶襚繼陳，不用; "
     "摯不用死: the gift is no dead game); whoever acted before goes on (not 賓不用, 不用爵).",
     "不必盡用"),
    ("mourner-apart",
     "In the rites before burial (士喪禮, 既夕禮), an offering set out, served or loaded (奠, 薦, 設, 陳, 饌, 載: "
     "flag offers-dead) with no subject written is no act of the chief mourner, his brothers, his wife or the "
     "women (主人, 衆主人, 主婦, 婦人) carried into it, nor is an act on the coffin, what bears it or a carriage "
     "(classes Bier, Carriage: 正柩于兩楹間, 祖還車): "
     "officers no one names do it (乃奠: 祝與執事為之, 鄭注).",
     "薦車直東榮北輈"),
    ("giver-leaves",
     "Withdrawing (退) with no subject written right after the giver laid his gift (rule giver-lays) is the "
     "giver's; the acts after it stay the carried one's (朋友襚…主人拜，委衣如初，退，哭，不踊: the friend "
     "withdraws, the 主人 wails).",
     "朋友襚親以進主人拜委衣如初退哭不踊"),
    ("seen-off",
     "An act of seeing off (送, 拜送: flag sees-off) with no subject written, right after the one carried "
     "withdrew (退, its subject written), is the other party's, who stays, and so are the acts after it "
     "(士見於大夫…賓退，送，再拜: the 大夫 sees him off and bows); not after going out (主人出，拜送: he goes out "
     "to see the guest off).",
     "士見於大夫終辭其贄於其入也一拜其辱也賓退送再拜"),
    ("gift-declined",
     "A declining (辭, flag declines) of 其 + a gift (class Gift: 贄, 幣) by the one carried from earlier in the "
     "passage is the other party's: no one declines the gift he brings (士見於大夫，終辭其贄: the 大夫).",
     "士見於大夫終辭其贄"),
    ("victims-officer",
     "An act done by the officer of a victim (載, flag by-victim) with no subject written, in a clause that names "
     "one victim, is done by the one who ladled that victim out of its tripod (朼, flag ladles) in this passage "
     "or those just before (司馬朼羊…司士朼豕… | 侑俎羊左肩…載于一俎: the 司馬 loads the sheep's cuts).",
     "司士朼豕，亦司士載，亦右體：肩、臂、肫、胳、臑，正脊一、脡脊一、橫脊一，短脅一、正脅一、代脅一，膚五、嚌肺一，"
     "載於一俎。侑俎：羊左肩、左肫、正脊一、脅一、腸一、胃一、切肺一，載於一俎。侑俎：豕左肩折、正脊一、脅一、膚三、切肺一，"
     "載於一俎。"),
    ("performers-play",
     "An act of the musicians (歌, 奏; flag performers) with no subject written, where the agent carried is "
     "no musician (class Musician), is the musicians' written last in the passage, else no one's (a guess "
     "to review).", "小樂正立於西階東乃歌鹿鳴三終"),
    ("both-after-all",
     "皆 after two alternating subjects means both (主人…賓…皆揖; 主人…賓亦如之，皆…); not after a role that "
     "names many (三耦拾取矢，皆袒: all the pairs), nor right after counted things (正脅一、代脅一，皆二骨以並: the cuts).",
     "主人阼階上再拜賓西階上答再拜皆揖"),
    ("all-served",
     "皆 right before an act with no subject written, after the carried agent made offerings of one kind "
     "(class Offering) to two or more parties in turn, in this passage or the four before: those served do "
     "it (a guess to review); not 皆 before a manner (皆如初).",
     "贊洗爵酌酳主人主人拜受贊戶內北面答拜酳婦亦如之皆祭"),
    ("not-to-oneself",
     "Nobody invites or bows to himself, nor divines about himself: an act whose recipient is the carried "
     "agent, or whose matter he is (筮尸: flag matter), is the other party's (尸送揖 | 若不吉則遂改筮尸: the 主人).",
     "乃宿賓"),
    ("initiator-again",
     "After an answered bow, a bow with no subject to a third party is the initiator's again; so too "
     "after a bow directed at no one written (主人再拜賓答再拜三拜衆賓: the host bows to the others), and "
     "across a passage's end (…再拜，賓答再拜 | 揖衆賓).",
     "主人一相迎于門外再拜賓賓答拜拜介介答拜"),
    ("giver-lays",
     "Laying a gift down (flag gift-laid: 委) with no subject written, right after the bow of the one given "
     "to, is done by the giver: the one who gave in the passage (an act taking a thing and a person: 襚), or "
     "the one he sent with it (rule sent-by-errand); the acts after it stay the carried agent's (a guess to "
     "review).",
     "朋友襚親以進主人拜委衣如初"),
    ("asker-again",
     "A request (flag content) answered by another's report (flag report, its subject written): the next "
     "act with no subject, a movement or a bow, is the asker's again (a guess to review); a bow, where the "
     "asker is no principal party, is the principal's he asked for, the last written but the one who reported "
     "(又請賓告事畢拜送: the 主人); not another report (宰告曰質明行事，告兄弟及有司: the 宰 tells on).",
     "擯者出請賓告事畢入告出請醴賓"),
    ("counted-exchange",
     "Bows and yieldings counted (三揖, 三讓: flag mutual) are exchanged: the one acting and the party "
     "written last before him both do them, and the acts after them, until a subject is written "
     "(a guess to review); a bow and a yielding written together (揖讓) are exchanged too, they alone.",
     "主人揖入賓執鴈從至于廟門揖入三揖至于階三讓"),
    ("gift-answered",
     "After a gift to someone (賜, 獻, 致: class Offering; or 授, any act that hands a thing to a person) "
     "right before it (in its sentence or, where the punctuated text ends one after the gift, the sentence "
     "before: 天子賜侯氏以車服。迎於外門外), the next act of "
     "receiving with no subject written (迎, 拜受, 受: flag receives) is the one given to's, where it is "
     "not directed at him (a guess to review).",
     "天子賜侯氏以車服迎于外門外再拜"),
    ("invited-answers",
     "An act that invites an answer (延, 勞: flag invites) hands the acts after it with no subject written "
     "to the one invited: its recipient, or the other party where it is directed at 之; a bow that beckons "
     "(揖: flag beckons) in that case only (賓揖之適房: the one capped goes to the room) (a guess to review).",
     "侯氏再拜稽首出自屏南適門西遂入門左北面立王勞之再拜稽首"),
    ("waits-for-other",
     "然後 (flag back) after another's act: the act that follows is the one's who waited for it, the "
     "subject before the other was named (a guess to review).",
     "受賜爵者以爵就席坐公卒爵然後飲"),
    ("not-ones-own",
     "No one declines his own going down or washing (辭降, 辭洗: flag answers-other): with no subject "
     "written the act is the other party's, and the one who acted goes on (a guess to review).",
     "賓降取爵于篚辭降如初卒洗升酌"),
    ("bow-declined",
     "One who declines (辭, flag declines) a bow or a going down by another hands the acts after it with no "
     "subject written back to the one who bowed: he goes up and completes the bow (a guess to review).",
     "下拜小臣辭升成拜"),
)
