"""Event extraction: the scores on the gold set (the issue's floors), the
held-out annotations of an unseen chapter, and one regression test per rule
with the text inline."""
from __future__ import annotations

import re

import pytest

from kg.extract.event import Event
from kg.extract.events import PassageParser
from kg.text.normalise import normalise
from tests.conftest import CORPUS, GOLD, ROOT, kg, sample


def compact(e) -> str:
    """One event as a compact string: agents, 不+act, fields."""
    s = "|".join(e.agents) + " " + ("不" if e.negated else "") + e.action
    if e.objects:
        s += " obj=" + "|".join(e.objects)
    if e.place:
        s += " at=" + e.place.label
    if e.recipients:
        s += " to=" + "|".join(e.recipients)
    if e.facing:
        s += " " + e.facing
    if e.quote:
        s += " 曰" + e.quote
    return s


def events(text: str, agent: list[str] | None = None, chapter: int | None = None) -> list[str]:
    """The events of one passage as compact strings (in ``chapter``'s senses of words)."""
    return [compact(e) for e in PassageParser(text, agent or [], chapter=chapter).run()]


def scores(output: str) -> dict[str, float]:
    """F1 by measure from ``kg eval``'s table."""
    return {m.group(1): float(m.group(2))
            for m in re.finditer(r"^(\S+)\s+[\d.]+\s+[\d.]+\s+([\d.]+)", output, re.M)}


def test_gold_scores_hold_the_floors(built):
    if not GOLD.exists():
        pytest.skip("../shared/eval is not beside the repository")
    result = kg("eval", "--graph", built / "yili.nt")
    assert result.returncode == 0, result.stderr
    f1 = scores(result.stdout)
    assert f1["agent-action"] >= 0.95
    assert f1["action-object"] >= 0.95
    assert f1["action-place"] >= 0.90
    assert f1["event"] >= 0.90


@pytest.mark.parametrize("gold_file, sample_name, floor", [
    ("heldout-shiguanli.jsonl", "plain-punctuated", 0.85),
    ("heldout-shiguanli-kanripo.jsonl", "KR1d0038", 0.70),
])
def test_unseen_chapter_scores(tmp_path, gold_file, sample_name, floor):
    """士冠禮, a chapter the rules were not written on, annotated by hand
    (tests/data); the Kanripo set was scored blind first (0.753 whole events)."""
    source = sample(sample_name)
    assert kg("build", source, "--out", tmp_path).returncode == 0
    result = kg("eval", "--graph", tmp_path / "yili.nt", "--gold", ROOT / "tests" / "data" / gold_file)
    assert result.returncode == 0, result.stderr
    assert scores(result.stdout)["event"] >= floor


# --- one test per rule of GUIDELINES.md, on text of the classic ------------------

def test_dropped_subject_is_carried_and_a_command_content_is_no_event():
    assert events("司馬正命退楅解綱小臣師退楅巾車量人解左下綱") == [
        "司馬正 命", "小臣師 退 obj=楅", "巾車|量人 解 obj=綱"]


def test_subject_is_carried_into_the_next_passage():
    assert events("升自西階", agent=["司射"]) == ["司射 升 at=西階"]


def test_command_has_its_recipient_and_the_next_role_resumes():
    assert events("擯者命賓賓少進禮辭") == ["擯者 命 to=賓", "賓 少進", "賓 禮辭"]


def test_negation_of_jue_sui_covers_both_and_not_tan():
    assert events("司馬適堂西不決遂袒執弓") == [
        "司馬 適 at=堂西", "司馬 不決", "司馬 不遂", "司馬 袒", "司馬 執 obj=弓"]


def test_bu_that_negates_no_act_makes_no_event():
    assert events("獲者執旌許諾聲不絶以至于乏") == ["獲者 執 obj=旌", "獲者 許諾", "獲者 至 at=乏"]


def test_zhong_the_tally_holder_and_its_other_senses():
    assert events("大史實八算于中橫委其餘于中西") == ["大史 實 obj=算 at=中", "大史 委 at=中西"]
    assert events("若中則釋獲者坐而釋獲") == ["釋獲者 坐", "釋獲者 釋獲"]
    assert events("獲者坐取旌倚于侯中乃退") == ["獲者 坐", "獲者 取 obj=旌", "獲者 倚 at=侯中", "獲者 退"]


def test_quote_ends_where_the_narrative_resumes():
    assert events("司射自西階上北面告于大夫曰請降司射先降搢扑反位") == [
        "司射 告 at=西階上 to=大夫 北面 曰請降", "司射 降", "司射 搢 obj=扑", "司射 反位"]


def test_unpunctuated_and_punctuated_text_give_the_same_events():
    bare = "司射適堂西袒決遂取弓于階西兼挾乘矢升自西階階上北面告于賓"
    punctuated = "司射適堂西，袒、決、遂，取弓于階西，兼挾乘矢，升自西階，階上北面告于賓。"
    expected = ["司射 適 at=堂西", "司射 袒", "司射 決", "司射 遂", "司射 取 obj=弓 at=階西",
                "司射 挾 obj=矢", "司射 升 at=西階", "司射 告 at=階上 to=賓 北面"]
    assert events(bare) == expected
    assert events(punctuated) == expected


def test_jie_after_two_alternating_subjects_means_both():
    assert events("主人阼階上再拜賓西階上答再拜皆揖就席")[-2:] == ["主人|賓 揖", "主人|賓 就席"]


def test_a_thing_where_one_goes_or_puts_something_is_the_place():
    assert events("主人坐取爵興適洗南面坐奠爵于篚下盥洗") == [
        "主人 坐", "主人 取 obj=爵", "主人 興", "主人 適 at=洗", "主人 坐 南面",
        "主人 奠 obj=爵 at=篚下", "主人 盥", "主人 洗"]


def test_facing_before_a_new_subject_goes_to_the_act_before():
    assert events("賓出立于門外北面公揖")[:2] == ["賓 出", "賓 立 at=門外 北面"]


def test_yi_x_makes_x_the_object_of_the_next_act():
    assert events("獲者許諾以旌負侯") == ["獲者 許諾", "獲者 負 obj=旌|侯"]


def test_a_participant_written_with_zhe_is_a_role_but_not_after_suo():
    assert events("執冠者升一等東面授賓") == ["執冠者 升", "執冠者 授 to=賓 東面"]
    assert all("卦者" not in e for e in events("筮與席所卦者具饌于西塾", agent=["主人"]))


def test_ren_he_ming_for_a_person_named_by_position():
    # 下大夫二人 is the 大夫; 媵爵者 resumes after the command's content.
    assert events("小臣作下大夫二人媵爵媵爵者阼階下皆北面再拜稽首") == [
        "小臣 作 to=大夫", "媵爵者 再拜 at=阼階下 北面", "媵爵者 稽首"]


def test_nobody_invites_himself():
    # 主人…賓拜送。乃宿賓: the 賓 does not invite himself; the host does.
    got = PassageParser("乃宿賓", ["賓"], [["主人"], ["賓"]]).run()
    assert [e.agents for e in got] == [["主人"]]


def test_the_one_asked_who_answers_is_the_recipient_of_a_request():
    # 鄉飲酒禮 乃請賓 (GUIDELINES rule 4); 擯者請賓公曰… stays content.
    assert events("乃請賓賓禮辭許", agent=["主人"]) == ["主人 請 to=賓", "賓 禮辭", "賓 許"]
    assert events("擯者請賓公曰命某為賓")[0] == "擯者 請"


def test_after_an_answered_bow_the_initiator_bows_to_the_next():
    # GUIDELINES rule 3: 主人…再拜賓賓答拜拜介 — the host bows to the 介.
    assert events("主人再拜賓賓答拜拜介介答拜") == [
        "主人 再拜 to=賓", "賓 答拜", "主人 拜 to=介", "介 答拜"]
    # but the one who answered may go on to act himself
    assert events("冠者見於兄弟兄弟再拜冠者答拜見贊者")[-1] == "冠者 見 to=贊者"


def test_dang_after_an_act_gives_its_place_and_x_zhi_place():
    assert events("賓復位當西序東面") == ["賓 復位 at=西序 東面"]
    assert events("主人坐取爵實之賓之席前西北面獻賓")[-1] == "主人 獻 at=賓席前 to=賓 西北面"


def test_a_negated_act_of_a_thing_is_no_event():
    assert events("坐弗繚右絕末", agent=["賓"]) == ["賓 坐", "賓 不繚", "賓 絕"]
    assert "不絕" not in " ".join(events("獲者許諾聲不絕以至于乏"))


def test_a_role_before_a_direction_is_a_place_not_a_second_agent():
    assert events("主人介右北面拜送爵") == ["主人 拜送 obj=爵 at=介右 北面"]


def test_a_place_and_facing_before_an_act_go_forward():
    assert events("主人實爵介之席前西南面獻介") == ["主人 實 obj=爵", "主人 獻 at=介席前 to=介 西南面"]


def test_fu_before_a_place_is_the_act_of_returning():
    assert events("主人復阼階揖降")[:2] == ["主人 復 at=阼階", "主人 揖"]


def test_counted_answers_and_doers_of_an_act():
    assert events("主人西南面三拜衆賓衆賓皆答壹拜") == ["主人 拜 to=衆賓 西南面", "衆賓 答拜"]
    assert events("衆賓之長升拜受者三人", agent=["主人"]) == ["衆賓 升", "衆賓 拜受"]


# --- GUIDELINES rule 13 and the head of a chapter (regressions, on text of the 經) ---------

def test_the_chapter_title_names_no_participant():
    """士虞禮特豕饋食…: the 士 of the rite's name is not who acts (it was carried
    into every act of the setting-out); the acts before anyone is named are
    kept, with no agent, and flagged."""
    from kg.extract.passages import chapter_title, extract_events, without_title

    from kg.text.normalise import normalise

    assert without_title(normalise("士虞禮特豕饋食"), chapter_title(14)).startswith("\u3000" * 3 + "特")
    assert without_title(normalise("特牲饋食之禮不諏日"), chapter_title(15)).startswith("\u3000" * 6)
    from kg.readers import read_text

    doc = read_text("士虞禮特豕饋食，側亨于廟門外之右，東面。設洗于西階西南。\n", "shiyu.txt", "plain", 14)
    found = [e for e in extract_events(doc) if e.action in ("亨", "設")]  # (特豕饋食 describes the rite)
    assert [(e.agents, e.action) for e in found] == [([], "亨"), ([], "設")]
    assert all("AgentNotWritten" in e.uncertain for e in found)
    assert found[1].objects == ["洗"] and found[1].place.label == "西階西南"


def test_ji_wei_is_ji_at_the_place_written():
    """GUIDELINES 13: 即X → 即 with place X; 即位于門外: the place is 門外."""
    assert events("主人及兄弟即位于門外") == ["主人|兄弟 即 at=門外"]
    assert events("賓即席") == ["賓 即 at=席"]
    assert events("衆賓即位") == ["衆賓 即 at=位"]


def test_a_command_naming_the_lord_before_yue_relays_his_words():
    assert events("司正升受命皆命君曰無不醉") == ["司正 升", "司正 受命", "司正 命"]
    assert events("司射命上射曰某御于子") == ["司射 命 to=上射 曰某御于子"]


def test_a_facing_before_participants_who_do_not_act_is_the_last_acts():
    """GUIDELINES 7 (a new subject follows: the facing is the act's before);
    宰宗人西面北上 only says where they stand."""
    assert events("主人朝服即位于廟門之外東方南面宰宗人西面北上司馬刲羊") == [
        "主人 即 at=廟門外東方 南面", "司馬 刲 obj=羊"]


def test_a_comma_does_not_part_a_facing_from_the_arrangement_after_it():
    """士虞禮 in the punctuated plain text: the mat is laid facing east, the
    armrest on its right (as the unpunctuated KR1d0038 reads it); the 祝
    then goes down, facing nowhere written."""
    assert events("祝布席於室中，東面，右几，降，出。") == ["祝 布 obj=席 at=室中 東面", "祝 降", "祝 出"]
    assert events("祝布席于室中東面右几降出") == ["祝 布 obj=席 at=室中 東面", "祝 降", "祝 出"]


def test_a_word_the_tables_lack_opening_a_list_is_passed_over():
    """有司徹 in the punctuated plain text writes 韭菹 (pickled leeks) as
    韭、菹: the dishes are still the 菹 and the 醢, as in KR1d0038."""
    assert events("主婦自東房薦韭、菹、醢，坐奠於筵前")[0] == "主婦 薦 obj=菹|醢 at=東房"
    assert events("主婦自東房薦韭菹醢坐奠于筵前")[0] == "主婦 薦 obj=菹|醢 at=東房"


def test_a_way_after_a_comma_is_the_movements_before_it():
    """覲禮 in the punctuated plain text: 出，自屏南 — he goes out by way of the
    south of the screen, then to the west of the gate, into the gate: each
    place stays with its own act, as KR1d0038 (no commas) reads it."""
    want = ["侯氏 出 at=屏南", "侯氏 適 at=門西", "侯氏 入 at=門左", "侯氏 立 北面"]
    assert events("侯氏出，自屏南適門西，遂入門左，北面立。") == want
    assert events("侯氏出自屏南適門西遂入門左北面立") == want
    assert events("挾一个，由堂西進")[-1] == " 進 at=堂西"  # no movement before: the next act's way


def test_those_left_inside_act_next_in_a_punctuated_passage():
    """士喪禮 in the plain text, one passage: the 外御 came in, the 主人 went
    out; the washing that follows is the 外御's (rule left-inside, which
    reads passages in KR1d0038, reads the sentences here)."""
    found = PassageParser("外御受沐入。主人皆出，戶外北面。乃沐，櫛，挋用巾。", []).run()
    assert [compact(e) for e in found][2:] == ["主人 出 at=戶外 北面", "外御 沐", "外御 櫛", "外御 挋 obj=巾"]
    assert found[3].rule_for("agent") == "left-inside"
    assert events("主人入。賓出。乃沐。")[-1] == "主人 沐"
    assert events("賓入。賓出。乃沐。")[-1] == "賓 沐"  # (the one who came in went out: he goes on)


def test_the_zither_carried_on_the_left_shoulder():
    """鄉飲酒禮, 燕禮, 大射儀: 何 (carry on the shoulder) and 挎 (hook the
    fingers into) are acts; 後首, 面鼓, 內弦 say how the zither is held, no
    place; after a subject who has not acted yet (工四人二瑟), a role and a hand
    before an act that puts nothing anywhere is the one who acts, while before
    奠 it is still where the thing is set (主人賓右奠觚)."""
    assert events("相者皆左何瑟後首內弦挎越右手相") == ["相者 何 obj=瑟", "相者 挎"]
    assert events("工四人二瑟小臣左何瑟面鼓執越")[0] == "小臣 何 obj=瑟"
    assert events("主人賓右奠觚") == ["主人 奠 obj=觚 at=賓右"]
    assert [e for e in events("斬者何不緝也苴絰者麻之有蕡者也") if " 何" in e] == []  # (喪服's 傳: "what is…?")


def test_funeral_acts_the_tables_lacked():
    """士喪禮: 帷 (a curtain, also to curtain off), 鬻 (boil), 麗 (fasten)."""
    assert events("帷堂", ["婦人"]) == ["婦人 帷 at=堂"]
    assert events("夏祝鬻餘飯")[0] == "夏祝 鬻 obj=飯"  # the grain left over (飯, also a thing: 2.144.0)
    assert events("設決麗于掔", ["商祝"]) == ["商祝 設 obj=決", "商祝 麗 at=掔"]
    assert events("卒斂徹帷", ["主人"])[-1] == "主人 徹 obj=帷"


def test_ji_after_a_facing_joins_the_role_to_the_one_acting():
    """既夕禮, 士喪禮: 先入門右北面及衆主人袒 — he goes in to the right of the
    gate facing north, then he and the other sons bare an arm (及 joins;
    it is not "to reach")."""
    assert events("先入門右北面及衆主人袒", ["主人"]) == ["主人 入 at=門右 北面", "主人|衆主人 袒"]


def test_a_bare_site_right_after_a_movement_is_where_it_goes():
    """GUIDELINES 6 (the goal of 降, 退 …): 婦降階受笲 — she goes down the steps,
    then receives the basket; 出門哭: out of the gate. A place with a side
    stays with the act after it (不降階上答再拜: he answers at the top of the steps)."""
    assert events("婦降階受笲") == ["婦 降 at=階", "婦 受 obj=笲"]
    assert events("衆主人出門哭止")[0] == "衆主人 出 at=門"
    assert events("賓不降階上答再拜稽首")[:2] == ["賓 不降", "賓 答再拜 at=階上"]


def test_a_stair_and_the_space_between_the_stairs_are_two_places():
    """鄉飲酒禮: 降自西階，階間北面坐 — down by the western stair, then he
    sits between the stairs (not one place 西階階間)."""
    assert events("司正降自西階階間北面坐取觶")[:2] == ["司正 降 at=西階", "司正 坐 at=階間 北面"]
    assert events("主人坐奠爵于房戶之間")[-1] == "主人 奠 obj=爵 at=房戶間"


def test_a_bare_place_after_a_comma_is_the_acts_before():
    """GUIDELINES 6's own example: 賓升，西楹西，東面 → 升 at 西楹西 (鄉飲酒禮
    in the plain text: 主人降席，阼階上北面)."""
    assert events("賓升，西楹西，東面。") == ["賓 升 at=西楹西 東面"]
    assert events("主人降席，阼階上北面。介降席，西階上北面。") == ["主人 降席 at=阼階上 北面", "介 降席 at=西階上 北面"]
    assert events("賓升，西楹西，東面，坐奠爵。")[0] == events("賓升西楹西東面坐奠爵")[0] == "賓 升 at=西楹西"
    assert events("賓升，主人阼階上拜。")[0] == "賓 升"  # (the place of the 主人's bow)


def test_the_thing_of_a_role_after_qi():
    """覲禮: 上介皆奉其君之旂 — the banner of his lord is what he carries (其, a
    role and 之 before a thing say whose it is), not a thing of the next act."""
    assert events("上介皆奉其君之旂置于宮") == ["上介 奉 obj=旂", "上介 置 at=宮"]


def test_a_side_alone_after_yu_is_the_place():
    """士喪禮: 實于右 (he fills the right side of the mouth), 降衣于前 (down in
    front); a side after 自 is the way, not a place (宰自右少退: the 士冠禮
    held-out gold), and after a role it says where that role is (上射於左)."""
    assert events("主人實于右三", ["主人"])[0] == "主人 實 at=右"
    assert events("降衣于前", ["復者"]) == ["復者 降 obj=衣 at=前"]
    assert events("宰自右少退贊命")[0] == "宰 少退"
    assert events("下射少右從之中等並行上射於左")[-1] == "下射 從"


def test_the_last_of_a_list_before_yu_is_a_thing():
    """士冠禮: 贊者奠纚笄櫛于筵南端 — the comb (櫛, also "to comb") is the last
    of three things set down; after one thing, or as an act that sets down,
    it is still an act (受爵奠于篚). 莢 is KR1d0038's 筴."""
    assert events("贊者奠纚笄櫛于筵南端") == ["贊者 奠 obj=纚|笄|櫛 at=筵南端"]
    assert events("司馬受爵奠于篚") == ["司馬 受 obj=爵", "司馬 奠 at=篚"]
    assert events("筮人執莢抽上韇")[0] == "筮人 執 obj=筴"


def test_leaning_over_the_dead_and_rolling_up_mats():
    """士喪禮 (chapter 12) 馮尸 (the mourner leans over the body, a thing
    there: senses.tsv), 燕禮 卷重席 (the double mat rolled up); 卷耳 is still
    an ode. After 既 + an act, the role after it acts (既馮尸主人袒)."""
    assert events("主人西面馮尸踊無算", chapter=12)[:2] == ["主人 馮 obj=尸 西面", "主人 踊"]
    assert events("司宮兼卷重席設于賓左")[0] == "司宮 卷 obj=席"
    assert [e for e in events("乃合樂周南關雎葛覃卷耳", ["工"]) if " 卷" in e] == []
    assert events("既馮尸主人袒髺髮絞帶", chapter=12)[0] == "主人 袒"
    assert events("西面馮尸，不當君所，踊。", ["主人"], chapter=12)[-1] == "主人 踊"  # (不當X: where he is not, no place)


def test_things_of_the_rites_of_offering():
    """Rows added for the sacrifices: 摡 and 擊 take things, 迎 a thing or a
    person, 筮 is also the milfoil held."""
    assert events("司宮摡豆籩勺爵觚觶")[0] == "司宮 摡 obj=豆|籩|勺|爵|觚|觶"
    assert events("主人出迎鼎除鼏") == ["主人 出", "主人 迎 obj=鼎", "主人 除 obj=鼏"]
    assert events("主人迎賓于門外")[0] == "主人 迎 at=門外 to=賓"


def test_with_what_an_act_is_done_after_it():
    """V之以X (飾之以布), V以X at a pause: X is what the act is done with, its
    object (GUIDELINES 5); where an act follows X at once, 以X V is that act's
    (以旌負侯, also when 相見以鴈飾… is read so)."""
    assert events("下大夫相見以鴈，飾之以布") == ["大夫 見 obj=鴈", "大夫 飾 obj=布"]
    assert events("獲者許諾以旌負侯") == ["獲者 許諾", "獲者 負 obj=旌|侯"]


def test_ming_in_words_said_is_no_act():
    """命 inside a reply (不得命, 以命命某見) is a word of the speech; the
    narrative takes up again only with a command to someone named."""
    assert events("主人對曰某也固辭不得命將走見") == ["主人 對 曰某也固辭不得命將走見"]


def test_a_word_that_is_also_an_act_stays_in_a_list_that_goes_on_to_a_place():
    assert events("司宮摡豆籩勺爵觚觶几洗篚于東堂下") == [
        "司宮 摡 obj=豆|籩|勺|爵|觚|觶|几|洗|篚 at=東堂下"]
    assert events("主人坐取爵洗") == ["主人 坐", "主人 取 obj=爵", "主人 洗"]


def test_x_zhi_direction_after_a_direction_is_one_place():
    """GUIDELINES 6: the written phrase, 之 dropped — 廟門外之右 → 廟門外右."""
    assert events("陳三鼎于門外之右北面北上") == [" 陳 obj=鼎 at=門外右 北面"]


def test_ji_joins_a_role_that_acts_after_an_act():
    """及 + a role that acts, after an act: the role joins (降出及宗人即位);
    with no act before, the first role and 及 read as a list (主人及兄弟)."""
    assert events("祝降出及宗人即位于門西東面")[-1] == "祝|宗人 即 at=門西 東面"
    assert events("主人及兄弟即位于門外") == ["主人|兄弟 即 at=門外"]


def test_entering_takes_its_goal_and_a_counted_party_is_no_object():
    assert events("尸入戶踊") == ["尸 入 at=戶", "尸 踊"]
    assert events("祝迎尸一人衰絰奉篚")[0] == "祝 迎 to=尸"


@pytest.fixture(scope="module")
def rites_built(request):
    """士相見禮, 覲禮, 士喪禮, 既夕禮, 士虞禮, 少牢饋食禮 and 有司徹 of the
    reference edition: the rites of the blind sets (tests/data/blind-README.md)."""
    from tests.conftest import _finished_build

    files = [ROOT / "corpus" / "KR1d0038" / f"KR1d0038_{n:03d}.txt" for n in (3, 10, 12, 13, 14, 16, 17)]
    return _finished_build(request.config, "dist-blind-rites", *files)


@pytest.mark.parametrize("gold_file, floor", [
    ("blind-shixiangjian.jsonl", 0.94), ("blind-shiyu.jsonl", 0.91), ("blind-shaolao.jsonl", 0.92),
    ("blind-jinli.jsonl", 0.90), ("blind-yousiche.jsonl", 0.935),
    ("blind-shisang.jsonl", 0.90), ("blind-jixi.jsonl", 0.91),
    ("blind-shisang-2.jsonl", 0.90), ("blind-jixi-2.jsonl", 0.90),
    ("blind-shaolao-2.jsonl", 0.90), ("blind-shiyu-2.jsonl", 0.92)])
def test_blind_sets_hold_their_floors(rites_built, gold_file, floor):
    """Floors just under the scores of 2026-11-27, extractor 2.157.0 (0.844,
    0.900, 0.844, 0.805, 0.919, 0.814; first blind: 0.505, 0.439, 0.371,
    0.554, 0.575, 0.400 whole-event F1) and 2.163.0 (既夕禮 0.768, first blind
    0.375; the second parts of 士喪禮 and 既夕禮 0.495 and 0.554, first blind
    0.446 and 0.492; 0.636 and 0.685 at 2.174.0; 覲禮 0.874 at 2.177.0; 少牢 0.875 and 有司徹 0.931 at 2.178.0; 士相見禮 0.906 at
    2.180.0) and 2.186.0 (士相見禮 0.923, 少牢 0.901, 覲禮 0.876, 有司徹 0.940, 士喪禮 0.835, 既夕禮 0.795,
    the second parts 0.655 and 0.714) and 2.196.0 (士相見禮 0.944, 士虞禮 0.918, 少牢 0.921, 覲禮 0.900,
    有司徹 0.944, 士喪禮 0.844, 既夕禮 0.819 (0.852 at 2.199.0), the second parts 0.655 and 0.738) and 2.200.0
    (士喪禮 0.852, 既夕禮 II 0.763) and 2.202.0 (士喪禮 II 0.671) and 2.205.0 (既夕禮 II 0.806) and 2.213.0
    (既夕禮 0.870, 士喪禮 II 0.678, 既夕禮 II 0.849); the second parts of 少牢 and 士虞禮, annotated
    on 2026-11-28, stood at 0.615 and 0.807 when first scored blind (2.215.0; 0.797 and 0.826 at
    2.217.0), so that a rule change
    that loses ground fails. Since 2.242.0 every set is at or over issue 13's 0.90 on whole events
    and on (action, object), and the floors hold that (覲禮 is at 0.900 exactly: 153 of 168 and 172)."""
    result = kg("eval", "--graph", rites_built / "yili.nt", "--gold", ROOT / "tests" / "data" / gold_file)
    assert result.returncode == 0, result.stderr
    assert scores(result.stdout)["event"] >= floor
    assert scores(result.stdout)["action-object"] >= 0.90


# Whole-event F1 of each edition of the whole work on the blind sets, through the
# canonical passages (kg eval --editions), 2026-11-27, extractor 2.157.0: floors just
# under, so that a rule that helps one edition and harms another fails. (The SBCK's
# 士相見禮 writes 摯 where KR1d0038 and the gold write 贄: its objects score low.)
EDITION_FLOORS = {  # SBCK (KR1d0026) and punctuated: just under the figures of 2.196.0 (2.200.0; 2.213.0)
    "blind-shixiangjian.jsonl": {"KR1d0026_003.txt": 0.82, "yili-punctuated.txt": 0.86},
    "blind-jinli.jsonl": {"KR1d0026_010.txt": 0.89, "yili-punctuated.txt": 0.88},
    "blind-shisang.jsonl": {"KR1d0026_012.txt": 0.81, "yili-punctuated.txt": 0.80},
    "blind-jixi.jsonl": {"KR1d0026_013.txt": 0.85, "yili-punctuated.txt": 0.76},
    "blind-shiyu.jsonl": {"KR1d0026_014.txt": 0.91, "yili-punctuated.txt": 0.87},
    "blind-shaolao.jsonl": {"KR1d0026_016.txt": 0.90, "yili-punctuated.txt": 0.86},
    "blind-yousiche.jsonl": {"KR1d0026_017.txt": 0.93, "yili-punctuated.txt": 0.90},
    "blind-shisang-2.jsonl": {"KR1d0026_012.txt": 0.62, "yili-punctuated.txt": 0.58},
    "blind-jixi-2.jsonl": {"KR1d0026_013.txt": 0.83, "yili-punctuated.txt": 0.79},
    "blind-shaolao-2.jsonl": {"KR1d0026_016.txt": 0.87, "yili-punctuated.txt": 0.89},  # 2.222.0
    "blind-shiyu-2.jsonl": {"KR1d0026_014.txt": 0.87, "yili-punctuated.txt": 0.85},  # 2.222.0
}


def test_blind_sets_hold_their_floors_in_the_other_editions(built_store):
    """The blind gold, annotated on KR1d0038, scored on the SBCK and the
    punctuated plain text of the default build through the canonical passages
    (kg.eval.score_editions); the reference edition scores as kg eval does."""
    from kg.eval import load_gold, score, score_editions
    from kg.publish.store import select

    def rows(name):
        return select(built_store, (ROOT / "queries" / name).read_text(encoding="utf-8"))[1]

    events, stretches = rows("events.rq"), rows("stretches.rq")
    for gold_file, floors in EDITION_FLOORS.items():
        gold = load_gold(ROOT / "tests" / "data" / gold_file)
        found = score_editions(events, stretches, gold)
        for doc, floor in floors.items():
            assert found[doc]["event"].f1 >= floor, (gold_file, doc, found[doc]["event"].f1)
        reference = gold[0]["doc"]
        assert abs(found[reference]["event"].f1 - score(events, gold)["event"].f1) < 0.02, gold_file


def test_the_check_set_holds_its_first_blind_score(built_store):
    """特牲饋食禮 (tests/data/check-tesheng-README.md): annotated by a separate
    session and scored once, blind, at extractor 2.151.0 (0.745 whole events,
    the same at 2.157.0; 0.818 at 2.166.0, whose rule came from the blind
    sets); no rule is taken from it, and none may lose it ground."""
    from kg.eval import load_gold, score
    from kg.publish.store import select

    events = select(built_store, (ROOT / "queries" / "events.rq").read_text(encoding="utf-8"))[1]
    assert score(events, load_gold(ROOT / "tests" / "data" / "check-tesheng.jsonl"))["event"].f1 >= 0.80


def test_the_marriage_check_holds_its_first_blind_score(built_store):
    """士昏禮 (tests/data/check-shihun-README.md): annotated by a separate session
    on 2026-11-28 and scored once, blind, at extractor 2.244.0 (0.732 whole
    events, 108 of 144 found and 151 in the set); no rule is taken from it."""
    from kg.eval import load_gold, score
    from kg.publish.store import select

    events = select(built_store, (ROOT / "queries" / "events.rq").read_text(encoding="utf-8"))[1]
    found = score(events, load_gold(ROOT / "tests" / "data" / "check-shihun.jsonl"))
    assert found["event"].f1 >= 0.72 and found["action-object"].f1 >= 0.81


def test_kg_eval_editions_prints_a_line_per_edition(built_tiny):
    gold = ROOT / "tests" / "data" / "blind-shixiangjian.jsonl"
    result = kg("eval", "--graph", built_tiny / "yili.nt", "--gold", gold, "--editions")
    assert result.returncode == 0, result.stderr
    header, line = result.stdout.splitlines()
    assert header.split()[:2] == ["document", "agent-action"]
    assert line.split()[0] == "KR1d0038_003.txt" and line.split()[-1] == "97"
    refused = kg("eval", "--graph", built_tiny / "yili.nt", "--gold", gold, "--editions", "--misses")
    assert refused.returncode == 1 and "without --editions" in refused.stderr


def test_scoring_every_edition_through_the_canonical_passages():
    """kg eval --editions on made-up data: gold annotated on a.txt; b.txt reads
    the same canonical passages elsewhere in its file, c.txt only the first.
    A canonical passage the gold covers only in part (1.1.3) is not scored."""
    from kg.eval import format_edition_scores, score_editions

    gold = [{"doc": "a.txt", "start": 0, "end": 20, "text": "…",
             "events": [{"agent": ["賓"], "action": "升"}, {"agent": ["賓"], "action": "拜"}]},
            {"doc": "a.txt", "start": 20, "end": 30, "text": "…", "events": [{"agent": ["主人"], "action": "答拜"}]},
            {"doc": "a.txt", "start": 30, "end": 35, "text": "…", "events": [{"agent": ["主人"], "action": "降"}]}]
    stretches = [{"doc": "a.txt", "start": "0", "end": "12", "locator": "1.1.1"},
                 {"doc": "a.txt", "start": "12", "end": "20", "locator": "1.1.2"},  # pooled with 1.1.1
                 {"doc": "a.txt", "start": "20", "end": "30", "locator": "1.2.1"},
                 {"doc": "a.txt", "start": "30", "end": "40", "locator": "1.1.3"},  # gold covers half
                 {"doc": "b.txt", "start": "100", "end": "110", "locator": "1.1.1"},
                 {"doc": "b.txt", "start": "110", "end": "118", "locator": "1.1.2"},
                 {"doc": "b.txt", "start": "118", "end": "130", "locator": "1.2.1"},
                 {"doc": "b.txt", "start": "130", "end": "140", "locator": "1.1.3"},
                 {"doc": "c.txt", "start": "0", "end": "9", "locator": "1.2.1"}]
    predicted = [{"doc": "b.txt", "start": "101", "end": "102", "agents": "賓", "action": "升"},
                 {"doc": "b.txt", "start": "112", "end": "113", "agents": "賓", "action": "拜"},
                 {"doc": "b.txt", "start": "120", "end": "121", "agents": "賓", "action": "答拜"},
                 {"doc": "b.txt", "start": "131", "end": "132", "agents": "主人", "action": "降"},
                 {"doc": "c.txt", "start": "1", "end": "2", "agents": "主人", "action": "答拜"}]
    found = score_editions(predicted, stretches, gold)
    assert sorted(found) == ["a.txt", "b.txt", "c.txt"]
    assert (found["b.txt"]["event"].tp, found["b.txt"]["event"].predicted, found["b.txt"]["event"].gold) == (2, 3, 3)
    assert (found["c.txt"]["event"].tp, found["c.txt"]["event"].gold) == (1, 1)  # only the pool it reads
    assert found["a.txt"]["event"].predicted == 0 and found["a.txt"]["event"].recall == 0.0
    assert format_edition_scores(found)[2].split() == ["b.txt", "0.667", "0.000", "0.000", "0.667", "3"]


def test_a_movement_carries_the_victim_it_is_written_with():
    """升羊右胖, 又升魚腊: the meat put up into the tripod is the object (a
    thing whose class descends from Food), not where one goes (升筵: the mat
    is still the place)."""
    assert events("司馬升羊右胖")[0] == "司馬 升 obj=羊"
    assert events("司士又升魚腊") == ["司士 升 obj=魚|腊"]
    assert events("主人升席") == ["主人 升 at=席"]


def test_eval_lists_the_events_that_differ_per_passage():
    """kg eval --misses: per gold passage, what the gold has and the build
    lacks (-) and what the build found beyond the gold (+)."""
    from kg.eval import format_misses, misses

    gold = [{"doc": "d.txt", "start": 0, "end": 10, "text": "尸及階祝延尸",
             "events": [{"agent": ["尸"], "action": "及", "place": "階"}, {"agent": ["祝"], "action": "延", "recipient": ["尸"]}]},
            {"doc": "d.txt", "start": 10, "end": 20, "text": "尸升", "events": [{"agent": ["尸"], "action": "升"}]}]
    predicted = [{"doc": "d.txt", "start": "0", "end": "3", "agents": "宗人", "action": "及", "place": "階"},
                 {"doc": "d.txt", "start": "3", "end": "6", "agents": "祝", "action": "延", "recipients": "尸"},
                 {"doc": "d.txt", "start": "10", "end": "12", "agents": "尸", "action": "升"}]
    found = misses(predicted, gold)
    assert [p["text"] for p, _, _ in found] == ["尸及階祝延尸"]
    lines = format_misses(found)
    assert lines[1:] == ["  - 尸 及 @階", "  + 宗人 及 @階"]
def test_an_act_before_a_participant_in_zhe_is_not_part_of_it():
    """特牲饋食禮記 執匜者西面淳沃執巾者在匜北: 沃 (pour) is an act and 執巾者
    the one who holds the towel, not a participant '沃執巾者'."""
    from kg.extract.tokens import tokenize

    tokens = tokenize("執匜者西面淳沃執巾者在匜北")
    assert [t.text for t in tokens if t.is_("role")] == ["執匜者", "執巾者"]
    assert [t.text for t in tokens if t.is_("action")][:2] == ["淳", "沃"]


@pytest.mark.parametrize("text, expected", [
    ("饌黍稷二敦于階間西上", ["主人 饌 obj=敦 at=階間"]),  # 士虞禮: two 敦 of millet
    ("饌兩豆菹醢于西楹之東", ["主人 饌 obj=豆 at=西楹東"]),  # two 豆 of pickles and sauce
    ("薦脯醢", ["主人 薦 obj=脯醢"]),  # no vessel counted: the food is the thing
])
def test_counted_vessels_hold_the_food_named_beside_them(text, expected):
    assert [compact(e) for e in PassageParser(text, ["主人"], None).run()] == expected


# --- 2026-11-25: patterns from the blind sets (tests/data/blind-README.md) ----------

def test_the_gift_is_kept_as_written():
    """贄 and 摯 are the same gift, each kept as the text writes it (as roles are)."""
    assert events("賓奉贄入門左") == ["賓 奉 obj=贄", "賓 入 at=門左"]
    assert events("執摯至下", ["臣"])[0] == "臣 執 obj=摯"


def test_a_thing_used_as_a_verb_before_a_place_phrase():
    """筵于奧, 尊兩甒于房戶之間: the mat and the wine jar as acts (flag noun-act);
    升筵 still goes to the mat."""
    assert events("司宮筵于奧") == ["司宮 筵 at=奧"]
    assert events("司宮尊兩甒于房戶之間") == ["司宮 尊 obj=甒 at=房戶間"]
    assert events("主人升筵") == ["主人 升 at=筵"]  # as written (GUIDELINES 13: 即筵)


def test_stopping_and_ended_acts():
    """哭止: the wailing has ended, no event; 止哭 is 止 (what is stopped is no
    act); 止于堂西 stops at a place; 不盡 (does not drain it) is no act of going."""
    assert events("祝入哭止") == ["祝 入"]
    assert events("祝升止哭") == ["祝 升", "祝 止"]
    assert events("司射遂止于堂西") == ["司射 止 at=堂西"]
    assert events("祝取奠觶祭亦如之不盡益反奠之") == ["祝 取 obj=觶", "祝 祭", "祝 奠"]  # the cup set down
    assert events("升自西階盡階", ["釋獲者"]) == ["釋獲者 升 at=西階", "釋獲者 盡 at=階"]


def test_a_thing_after_qi_is_the_object():
    """辭其贄: 其 says whose; the gift is written. 其餘 still names nothing."""
    assert events("大夫終辭其贄") == ["大夫 辭 obj=贄"]
    assert events("主人復見之以其贄") == ["主人 見 obj=贄"]
    assert events("公取其餘") == ["公 取"]


def test_each_act_keeps_its_own_instrument():
    """相見以鴈飾之以布維之以索: the goose is what one visits with, the cloth
    what it is wrapped in, the cord what ties it."""
    assert events("下大夫相見以鴈飾之以布維之以索") == ["大夫 見 obj=鴈", "大夫 飾 obj=布", "大夫 維 obj=索"]
    assert events("史兼執筮以擊筮") == ["史 執 obj=筮", "史 擊 obj=筮"]


def test_a_hand_after_a_role_is_no_place():
    """史左執筮: the 史 holds it in his left hand; 坐于賓右 is a place."""
    assert events("史左執筮右抽上韇") == ["史 執 obj=筮", "史 抽 obj=韇"]
    assert events("主人坐于賓右奠爵")[0] == "主人 坐 at=賓右"


def test_an_assent_ends_at_a_facing_and_an_act():
    assert events("史曰諾西面于門西抽下韇") == ["史 曰 曰諾", "史 抽 obj=韇 at=門西 西面"]


def test_places_between_two_things_and_counted_vessels():
    assert events("主人坐奠爵于兩階之間") == ["主人 坐", "主人 奠 obj=爵 at=階間"]
    assert events("雍人倫膚九實于一鼎") == ["雍人 倫 obj=膚", "雍人 實 at=鼎"]


def test_the_assistant_of_a_role_is_one_participant():
    assert events("司士贊者亦合執二俎以從") == ["司士贊者 執 obj=俎", "司士贊者 從"]
    assert events("婦贊者執昌菹醢以授主婦") == ["婦贊者 執 obj=菹|醢", "婦贊者 授 to=主婦"]


def test_a_place_direction_before_a_facing():
    """東楹東北面: east of the east pillar, facing north (the direction repeats
    the place's); 降階東北面: down the steps, facing north-east."""
    assert events("主人東楹東北面拜至") == ["主人 拜 at=東楹東 北面"]
    assert events("侯氏降階東北面再拜") == ["侯氏 降 at=階", "侯氏 再拜 東北面"]
    assert events("再拜至于階", ["使者"]) == ["使者 再拜", "使者 至 at=階"]


def test_a_form_of_address_names_no_one():
    assert events("天子曰伯父女順命于王所") == ["天子 曰 曰伯父女順命于王所"]


def test_yong_as_an_instrument_only_before_an_act():
    assert events("侯氏用束帛乘馬儐使者") == ["侯氏 儐 obj=帛|馬 to=使者"]
    assert events("贄冬用雉夏用腒左頭奉之", ["賓"]) == ["賓 奉"]


def test_a_victim_before_a_thing_says_whose_it_is():
    """羊俎, 羊肉湆, 羊燔: the head is the stand, the broth, the roast; a list
    of victims (升羊豕魚) is a list, and the tripods they go into are where."""
    assert events("賓長設羊俎于豆南") == ["賓長 設 obj=俎 at=豆南"]
    assert events("司馬羞羊肉湆") == ["司馬 羞 obj=肉湆"]
    assert events("乃升羊豕魚三鼎", ["司馬"]) == ["司馬 升 obj=羊|豕|魚 at=鼎"]


def test_lengthwise_is_an_act_or_a_manner():
    """縮一燔于俎上: lays it lengthwise; 縮執俎: holds it lengthwise (flag manner-before-act)."""
    assert events("次賓縮執俎縮一燔于俎上") == ["次賓 執 obj=俎", "次賓 縮 obj=燔 at=俎上"]


def test_the_far_end_of_the_mat():
    assert events("尸席末坐啐酒")[0] == "尸 坐 at=席末"


def test_zhu_is_it_to():
    """謁諸天子: 諸 (之於) — the one after it is told."""
    assert events("擯者謁諸天子") == ["擯者 謁 to=天子"]


def test_what_is_given_to_him():
    """儐之束帛乘馬, 授之爵: 之 is the one given to, the things are given;
    公設之 and 賓受之 name nothing; 禰 (the father's temple) is a place."""
    assert events("儐之束帛乘馬", ["侯氏"]) == ["侯氏 儐 obj=帛|馬"]
    assert events("授之爵", ["主人"]) == ["主人 授 obj=爵"]
    assert events("公設之") == ["公 設"]
    assert events("賓受之") == ["賓 受"]
    assert events("侯氏裨冕釋幣于禰") == ["侯氏 釋 obj=幣 at=禰"]


def test_a_completed_act_is_a_time_clause():
    """卒洗: when the washing is done (GUIDELINES 1); 卒爵, 卒射 are acts; 卒受者 a participant."""
    assert events("主人卒洗賓揖乃升") == ["賓 揖", "賓 升"]
    assert events("三耦卒射") == ["三耦 卒射"]
    assert events("卒受者以虛觶降") == ["卒受者 降 obj=觶"]


def test_a_role_beside_another_is_a_place_once_a_subject_is_written():
    """主人賓右奠觚: the 主人, at the 賓's right (not the 賓 with his right hand)."""
    assert events("主人賓右奠觚答拜降盥") == ["主人 奠 obj=觚 at=賓右", "主人 答拜", "主人 降", "主人 盥"]


def test_what_a_bow_is_for():
    """拜告旨, 再拜崇酒: one bow; 主人不崇酒 is an act; 再拜告于賓 tells."""
    assert events("坐奠爵拜告旨執爵興", ["賓"]) == ["賓 坐", "賓 奠 obj=爵", "賓 拜", "賓 執 obj=爵", "賓 興"]
    assert events("賓答拜主人不崇酒") == ["賓 答拜", "主人 不崇 obj=酒"]
    assert events("主人再拜告于賓") == ["主人 再拜", "主人 告 to=賓"]


def test_a_mat_that_is_a_thing_is_no_act_and_directions_do_not_run_on():
    """衆賓之席皆不屬焉: the mats of the guests (no act, so 衆賓 is no subject);
    阼階東南南北以堂深: the place is 阼階東南; 南陳, 南肆 are arrangements."""
    assert events("衆賓之席皆不屬焉", ["主人"]) == []
    assert events("設洗于阼階東南南北以堂深", ["主人"]) == ["主人 設 obj=洗 at=阼階東南"]
    assert events("設于豆南南陳", ["主人"]) == ["主人 設 at=豆南"]


def test_with_him_and_detaining_him():
    """侯氏與之讓: the 侯氏 and the one just named (the 使者) yield to each
    other; 止使者: he detains the envoy."""
    got = [compact(e) for e in PassageParser("侯氏乃止使者使者乃入侯氏與之讓", []).run()]
    assert got == ["侯氏 止 to=使者", "使者 入", "侯氏|使者 讓"]


def test_what_the_dress_is_like_is_no_subject_and_there_is_none_who_holds():
    """公如賓服迎賓: the lord, dressed as the 賓, goes to meet him; 無執: there
    is none who holds (no act); 讀 is an act that takes things."""
    assert events("公如賓服迎賓于大門內") == ["公 迎 at=大門內 to=賓"]
    assert events("朝服無主無執也", ["司馬"]) == []
    assert events("史讀書") == ["史 讀 obj=書"]


def test_a_thing_written_first_is_what_the_act_handles():
    """匜水錯于槃中, 俎入設于豆東: the thing opens the clause, the acts handle it,
    and no one is named, so no one is carried (blind-README decision 10, rule
    thing-subject); 遣X: a command, what X is sent to do is its content."""
    assert events("俎入設于豆東", ["佐食"]) == [" 入 obj=俎", " 設 obj=俎 at=豆東"]
    assert events("宗人遣佐食及執事盥出") == ["宗人 遣 to=佐食|執事者"]
    assert events("主人及賓兄弟群執事即位于門外") == ["主人|賓|兄弟|執事者 即 at=門外"]


def test_the_one_who_acts_is_a_participant():
    """弔者, 赴者: the one who does one act (GUIDELINES 13: a rule, not rows);
    升拜受者三人 is still acts; 中庭弔者 is a place, then the condoler."""
    assert events("弔者入升自西階東面主人進中庭弔者致命") == [
        "弔者 入", "弔者 升 at=西階 東面", "主人 進 at=中庭", "弔者 致命"]
    assert events("主人命赴者拜送") == ["主人 命 to=赴者"]


def test_a_participant_in_zhe_is_glossed_from_its_act():
    from kg.rdf.terms import english

    assert english("role", "受者") == "the one who receives"
    assert english("role", "拜受者") == "the one who bows in receiving"


def test_a_list_of_roles_that_opens_a_clause_is_the_topic_whole():
    """士大夫則奠摯: both; 獻工大師則為之洗: the 大師 alone is the topic."""
    assert events("士大夫則奠摯再拜稽首") == ["士|大夫 奠 obj=摯", "士|大夫 再拜", "士|大夫 稽首"]
    assert events("主人取爵于上篚獻工大師則為之洗")[1:] == ["主人 獻 to=工", "主人 洗"]


def test_archery_and_banquet_patterns_of_the_day():
    """大師及少師上工: three parties (上工 a role); 拜送爵薦脯醢: 薦 is the act
    of serving here (the offerings are also a thing: 奠爵于薦右); 命賓…公曰:
    the lord's words relayed to them, not a command to the lord."""
    assert events("大師及少師上工皆降立于鼓北")[0] == "大師|少師|上工 降"
    assert events("主人西階上拜送爵薦脯醢") == ["主人 拜送 obj=爵 at=西階上", "主人 薦 obj=脯醢"]
    assert events("奠爵于薦右", ["賓"]) == ["賓 奠 obj=爵 at=薦右"]
    assert events("司正西階上北面命賓諸公卿大夫公曰以我安") == [
        "司正 命 at=西階上 to=賓|諸公|卿|大夫 北面 曰以我安"]


def test_what_someone_presented_and_going_down_to_bow():
    """取大夫所媵觶: the cup the 大夫 presented (he is no subject); 賓下拜:
    the 賓 goes down and bows (GUIDELINES 2), 阼階下拜 bows at the foot of
    the steps; 媵爵者…皆再拜: all the cup-bearers, not the lord with them."""
    assert events("公坐取大夫所媵觶興以酬賓") == ["公 坐", "公 取 obj=觶", "公 興", "公 酬 to=賓"]
    assert events("公卒觶賓下拜") == ["公 卒觶", "賓 下", "賓 拜"]
    assert events("阼階下拜", ["主人"]) == ["主人 拜 at=阼階下"]
    got = events("公答再拜媵爵者洗象觶升實之序進坐奠于薦南北上降阼階下皆再拜稽首送觶")
    assert got[-3:] == ["媵爵者 再拜", "媵爵者 稽首", "媵爵者 送 obj=觶"]


def test_regressions_found_in_review():
    """設公席于阼階上: the lord's mat is set (席 is no act after 設 and a role);
    上餕止主人受上餕爵: 止 names no one who acts next; 舉魚腊俎: the stand (the
    victims only say what it holds: 2.217.0, as two blind sets read it)."""
    assert events("小臣設公席于阼階上") == ["小臣 設 obj=席 at=阼階上"]  # the lord's mat (GUIDELINES 5)
    assert events("上餕止主人受上餕爵") == ["主人 受 obj=爵 to=上餕"]  # received from him (受宰几)
    assert events("舉魚腊俎", ["佐食"]) == ["佐食 舉 obj=俎"]


def test_a_new_section_carries_only_a_principal_party():
    """張爾岐's sections are the rite's stages: the 復者 who called back the
    soul (士喪禮 section 2) does not announce the death that opens section 3,
    while the 侯氏 of 覲禮 goes on acting into the next section."""
    from kg.build import Source, extract, read_documents

    def first_events(chapter: int, text: str) -> list:
        docs = read_documents([Source(ROOT / "corpus" / "KR1d0038" / f"KR1d0038_{chapter:03d}.txt", None, None, None)])
        doc = docs[0]
        events = extract(docs)[doc.key]
        passage = next(p for p in doc.passages if p.span.norm.startswith(text))
        return [e for e in events if e.passage == passage.index]

    death = first_events(12, "乃赴于君")
    assert death[0].action == "赴" and death[0].agents == []
    assert death[0].rule_for("agent") == "carried-passage"
    lord = first_events(10, "乃右肉袒")
    assert lord[0].action == "袒" and lord[0].agents == ["侯氏"]


def test_who_hands_over_and_who_receives():
    """宰授几主人受: the one handed to, who then receives, is 授's recipient;
    受宰几: the one received from; 拜尸答拜 (有司徹): 拜，尸答拜 since 2.242.0, the 尸
    written once answers and is no recipient (as the 士虞禮 II, 既夕禮 II and public gold read it)."""
    assert events("宰授几主人受") == ["宰 授 obj=几 to=主人", "主人 受"]
    assert events("主人降受宰几尸侑降", chapter=17) == ["主人 降", "主人 受 obj=几 to=宰", "尸|侑 降"]
    assert events("主人拜尸答拜", chapter=17) == ["主人 拜", "尸 答拜"]
    assert events("王受之玉") == ["王 受 obj=玉"]  # 受之X: received from him, the thing is X (覲禮)
    assert events("主人薦脯醢賓升席") == ["主人 薦 obj=脯醢", "賓 升 at=席"]  # 升: no receiving
    assert events("有賓則拜之", ["主人"]) == ["主人 拜 to=賓"]  # 有X: what there is, no subject; 之 is he


def test_a_one_word_order_obeyed_at_once_ends_the_words():
    """延之曰升升成拜: the words said are 升, the 升 after them is the one
    invited going up (覲禮), and 延 says them (flag speech)."""
    assert events("侯氏再拜稽首擯者延之曰升升成拜乃出") == [
        "侯氏 再拜", "侯氏 稽首", "擯者 延 曰升", "侯氏 升", "侯氏 成拜", "侯氏 出"]


def test_the_last_of_roles_written_one_after_another_acts():
    """迎尸宗人擯: with no 及 between them, the last role acts (the 宗人 ushers),
    the ones before are met; with 及 they are all met (迎賓及介)."""
    assert events("主人出迎尸宗人擯") == ["主人 出", "主人 迎 to=尸", "宗人 擯"]
    assert events("主人迎賓及介入") == ["主人 迎 to=賓|介", "主人 入"]


def test_an_assent_said_alone_ends_the_words():
    """主人曰諾乃退: 諾 is all that is said, the 主人 then withdraws (少牢饋食禮);
    杖 after 復位 is the act of taking up the staff again (既夕禮)."""
    assert events("宗人曰旦明行事主人曰諾乃退") == ["宗人 曰 曰旦明行事", "主人 曰 曰諾", "主人 退"]
    assert events("主人入復位杖") == ["主人 入", "主人 復位", "主人 杖"]
    assert events("主人釋杖") == ["主人 釋 obj=杖"]


def test_counted_lists_and_a_direction_before_a_thing():
    """胃一嚌肺一: in a counted list of joints, 嚌肺 is the lung for tasting,
    no act; 載于南俎: the place is the stand (the head noun), the 南 says
    which (有司徹)."""
    assert events("羊肉湆臑折正脊一正脅一腸一胃一嚌肺一載于南俎", ["司馬"]) == ["司馬 載 at=俎"]
    assert events("尸取肺坐祭嚌之") == ["尸 取 obj=肺", "尸 坐", "尸 祭", "尸 嚌"]
    assert events("降奠當前束", ["主人"]) == ["主人 降", "主人 奠 at=前束"]  # 當前束: a place, no act of binding


def test_asking_goes_no_further_than_the_report():
    """擯者出請入告主人釋杖: the 擯者 asks, goes in and reports to the 主人, who
    then puts down his staff (既夕禮): a request's words end at a report to
    someone named, and the one told is told and then acts."""
    assert events("擯者出請入告主人釋杖迎于廟門外") == [
        "擯者 出", "擯者 請", "擯者 入", "擯者 告 to=主人", "主人 釋 obj=杖", "主人 迎 at=廟門外"]
    assert events("司射請射于賓") == ["司射 請 to=賓"]


def test_a_role_at_his_place_before_an_act_starts_a_clause():
    """乃赴于君主人西階東南面命赴者: the death is announced to the lord; the
    主人, at the west stair, gives the order (士喪禮) — 君主人 is no list."""
    assert events("乃赴于君主人西階東南面命赴者", ["主人"])[0] == "主人 赴 to=君"
    assert events("賓主人皆升") == ["賓|主人 升"]


def test_the_one_sent_is_named_by_his_errand():
    """君使人弔 → 弔者; 使人以將命 → 將命者 (士喪禮): rule sent-by-errand."""
    assert events("君使人弔") == ["君 使 to=弔者"]
    assert events("庶兄弟襚使人以將命于室")[1] == "庶兄弟 使 to=將命者"


def test_things_counted_or_modified_then_an_act_name_no_one_who_acts():
    """二燭俟于殯門外, 新盆槃瓶廢敦重鬲皆濯 (既夕禮, 士喪禮): the things, counted
    or with modifiers the tables lack, then 皆 and an act or a posture; no one
    acts (rule thing-subject). 一算為奇: a tally counts as odd, no act on it."""
    assert events(normalise("二燭俟于殯門外"), ["主人"]) == [" 俟 obj=燭 at=殯門外"]
    assert events(normalise("新盆槃瓶廢敦重鬲皆濯造于西階下"), ["主人"])[0] == " 濯 obj=盆|盤|瓶|敦|鬲"
    assert events("一算為奇奇則又縮諸純下", ["釋獲者"]) == ["釋獲者 為", "釋獲者 縮 at=純下"]


def test_what_an_act_is_done_with_after_words_the_tables_lack():
    """綴足用燕几 (足 a word the tables lack), 遷于祖用軸 (士喪禮, 既夕禮):
    用X still closes the act's clause (rule used-after-act); 幠用斂衾: the
    shroud, not 斂 "to dress". 楔齒: the teeth, then what props them open."""
    assert events("綴足用燕几", ["商祝"]) == ["商祝 綴 obj=几"]
    assert events("楔齒用角柶", ["商祝"]) == ["商祝 楔 obj=齒|柶"]
    assert events("遷于祖用軸", ["主人"]) == ["主人 遷 obj=軸 at=祖"]
    assert events("幠用斂衾", ["主人"]) == ["主人 幠 obj=衾"]


def test_places_named_from_a_victims_stand_and_from_names_the_tables_lack():
    """陳于羊俎西, 奠俎于羊湆俎南 (有司徹): the victim says whose stand; 加于羊俎:
    the stand itself (GUIDELINES 5, 6). 于殯門外: the written phrase."""
    assert events("雍人合執二俎陳于羊俎西")[-1] == "雍人 陳 at=羊俎西"
    assert events("司馬縮奠俎于羊湆俎南") == ["司馬 奠 obj=俎 at=羊湆俎南"]
    assert events("尸加于羊俎") == ["尸 加 at=俎"]
    assert events("獻材于殯門外西面北上", ["主人"]) == ["主人 獻 at=殯門外 西面"]
    assert events("至于〓門外", ["主人"]) == ["主人 至"]  # 〓, a lost character, names no place


def test_the_offering_set_out_for_the_dead():
    """奠 is also the offering (徹奠, 奠俟于下), the act where a thing or a 于
    phrase follows (入奠贄, 入奠于牖下); 取奠觶 takes the cup set down."""
    assert events("徹奠巾席俟于西方", ["祝"])[0] == "祝 徹 obj=奠"  # (2.240.0: the cloth and mat wait)
    assert events("賓入奠贄再拜") == ["賓 入", "賓 奠 obj=贄", "賓 再拜"]
    assert events("祝入奠于牖下") == ["祝 入", "祝 奠 at=牖下"]
    assert events("祝取奠觶祭", ["祝"])[0] == "祝 取 obj=觶"
    # a word that is a thing and an act still makes a participant in 者 (奠者, 筮者) …
    assert events("筮者許諾還即席西面坐", ["宰"])[0] == "筮者 許諾"
    # … but not when an act and a participant follow one another (奠, then 執燭者)
    assert events("甸人徹鼎奠執燭者滅燭出")[1:] == ["甸人 奠", "執燭者 滅 obj=燭", "執燭者 出"]


def test_the_one_handed_to_receives():
    """雍人授次賓疏匕與俎受于鼎西 (有司徹): after 授 (a thing handed to a person),
    受 with no subject is the one handed to's (rule gift-answered), and so are
    the acts after it."""
    assert events("雍人授次賓疏匕與俎受于鼎西左手執俎") == [
        "雍人 授 obj=匕|俎 to=次賓", "次賓 受 at=鼎西", "次賓 執 obj=俎"]


def test_the_spirit_tablet_and_the_spout():
    """重 is the spirit tablet of the mourning rites (甸人置重于中庭, 縣于重),
    but 重席 is a mat and 重鬲 a cauldron (GUIDELINES 5: the head noun); 南流
    says where a spout points, it is no part of the place (匜實于槃中南流)."""
    assert events("甸人置重于中庭", chapter=12) == ["甸人 置 obj=重 at=中庭"]  # (only there: senses.tsv)
    assert events("司宮設重席") == ["司宮 設 obj=席"]
    assert events("煮于垼用重鬲", ["管人"]) == ["管人 煮 obj=鬲 at=垼"]
    assert events(normalise("匜實于槃中南流"), ["主人"]) == [" 實 obj=匜 at=盤中"]


def test_all_after_two_parties_described_with_no_act():
    """GUIDELINES 3, 皆 after two alternating subjects: also where each was
    only described (主人及兄弟如葬服，賓執事者如弔服，皆即位, 士虞禮) or placed
    (主人堂東賓堂西皆袒, 鄉射禮) before it (rule both-after-all)."""
    # (賓執事者, the guests' attendants, is 執事者: the blind sets' decision 11)
    assert events("主人及兄弟如葬服賓執事者如弔服皆即位于門外") == ["主人|兄弟|執事者 即 at=門外"]
    assert events("主人堂東賓堂西皆袒")[0].startswith("主人|賓 袒")


def test_a_role_before_a_thing_says_whose_thing():
    """徹公俎, 載尸俎, 壻御婦車 (燕禮, 有司徹, 士昏禮): after an act that takes
    things and no person, the role names whose thing it is, not who acts next;
    授主人爵 and 受宰几 keep their person."""
    assert events("膳宰徹公俎降自阼階以東") == ["膳宰 徹 obj=俎", "膳宰 降 at=阼階", "膳宰 東"]  # (goes-that-way)
    assert events("乃燅尸俎", ["司宮"]) == ["司宮 燅 obj=俎"]
    assert events("壻御婦車授綏") == ["壻 御 obj=車", "壻 授"]
    assert events("授主人爵", ["賓"]) == ["賓 授 obj=爵 to=主人"]


def test_a_place_named_from_two_things():
    """設于几東席上 (士虞禮), 委衣于尸東牀上 (士喪禮): a side of one thing and a
    side of another, one place (GUIDELINES 6: the written phrase); its English
    is composed from both."""
    from kg.rdf.terms import place_english

    assert events("祝入設于几東席上東縮") == ["祝 入", "祝 設 at=几東席上"]
    assert events(normalise("委衣于尸東牀上"), ["主人"]) == ["主人 委 obj=衣 at=尸東床上"]
    assert place_english("几東席上", "object", "几") == "east of the armrest, above the mat"
    assert "羊左肩左" not in events("侑俎羊左肩左肫正脊一載于一俎")[0]  # joints of a victim, no place
    assert events("記几俟于東箱", ["侯氏"]) == [" 俟 obj=几 at=東箱"]  # 東箱: a side chamber
    assert events("奠圭于繅上", ["侯氏"]) == ["侯氏 奠 obj=圭 at=繅上"]


def test_what_a_participant_wears_is_no_place():
    """特牲饋食禮 主人冠端玄即位於門外西面: 冠 (the cap) and 端 are what he
    wears, not a place by the cap; he takes his place outside the gate."""
    assert events("主人冠端玄即位於門外西面") == ["主人 即 at=門外 西面"]
    # after 在 (where a thing is) dress still names a place, north of the garments, where
    # the jar stands: no place of the act after it
    assert events("側尊一甒醴在服北有篚實勺觶角柶脯醢南上") == [" 實 obj=勺|觶|柶|脯醢"]


def test_the_one_invited_is_the_last_who_acted_not_the_last_named():
    """覲禮 …王勞之再拜稽首擯者延之曰升升成拜降出: the 侯氏 bowed last (no
    subject written), so the 擯者 invites him, not the 王 named before."""
    found = events("侯氏再拜稽首出自屏南適門西遂入門左北面立王勞之再拜稽首擯者延之曰升升成拜降出")
    assert found[-4:] == ["侯氏 升", "侯氏 成拜", "侯氏 降", "侯氏 出"]


def test_a_request_ends_at_the_report_that_closes_its_clause():
    """士昏禮 擯者出請事入告: what is asked (事) ends where the asker goes in and
    reports, though no one told is named; 入告出 too."""
    assert events("擯者出請事入告") == ["擯者 出", "擯者 請", "擯者 入", "擯者 告"]
    assert events("上介出請入告") == ["上介 出", "上介 請", "上介 入", "上介 告"]


def test_a_quotation_inside_words_said_does_not_end_them():
    """士昏禮 (punctuated) 曰：「…占曰『吉』。使某也敢告。」: the inner 』 closes
    the diviner's word, not the messenger's speech, which has no acts."""
    found = events("納吉，曰：「吾子有貺命，某加諸卜，占曰『吉』。使某也敢告。」對曰：「某之子不教。」", ["使者"])
    assert [e.split(" ")[1] for e in found] == ["納", "曰", "對"]


def test_rising_early_is_a_time_not_an_act():
    """夙興設盥于祖廟門外: 夙興 says when (GUIDELINES 1), no act of rising."""
    assert events("夙興設盥于祖廟門外") == [" 設 obj=盥 at=祖廟門外"]


def test_a_place_after_an_acts_things_and_before_the_next_act_is_the_next_acts():
    """士昏禮 以柶祭醴三西階上北面坐啐醴: 西階上 comes after what 祭 handles and
    before 北面坐: it is where he sits (GUIDELINES 6: a place word just before
    the verb), not where he offered; 適堂西 keeps its goal."""
    found = events("賓即筵坐左執觶祭脯醢以柶祭醴三西階上北面坐啐醴", ["賓"])
    assert "賓 祭 obj=柶|醴" in found and "賓 坐 at=西階上 北面" in found
    assert events("賓坐取觶阼階前北面酬長兄弟")[-1] == "賓 酬 at=阼階前 to=長兄弟 北面"


def test_a_thing_used_as_a_verb_acts_on_the_pronoun_after_it():
    """既夕禮 奠設如初巾之升降自西階: 巾之 covers it with a cloth (巾, flag noun-act,
    is an act where 之 stands for what it handles); 奠 before 設 is the offering
    set out, not an act of its own; 巾 elsewhere is still the cloth (宗人授巾)."""
    assert events("奠設如初巾之升降自西階") == [" 設 obj=奠", " 巾", " 升 at=西階", " 降 at=西階"]
    assert events("宗人授巾") == ["宗人 授 obj=巾"]
    assert events("設冒櫜之幠用衾", ["商祝"]) == ["商祝 設 obj=冒", "商祝 櫜", "商祝 幠 obj=衾"]


def test_acts_before_a_participant_in_zhe_that_moves_are_acts():
    """公食大夫禮 序進盥退者與進者交于前: 進 and 盥 are acts; the participants
    are 退者 and 進者 (those withdrawing, those advancing); 受酬者 stays one."""
    from kg.extract.tokens import tokenize

    assert [t.text for t in tokenize("序進盥退者與進者交于前") if t.is_("role")] == ["退者", "進者"]
    assert [t.text for t in tokenize("衆受酬者拜興飲") if t.is_("role")] == ["衆受酬者"]
    assert events("雍人以俎入陳于鼎南旅人南面加匕于鼎退")[-2:] == ["旅人 加 obj=匕 at=鼎 南面", "旅人 退"]


def test_a_command_ends_where_someone_bows_at_a_place_facing_a_way():
    """公食大夫禮 命之成拜階上北面再拜稽首: 成拜 is what is commanded; 階上北面再拜
    稽首 is told of the one commanded, not more of the command. A place and an
    act with no facing between stay in the words (命三耦…執弓序出取矢)."""
    found = events("命之成拜階上北面再拜稽首", ["公"])
    assert [e.split(" ", 1)[1] for e in found] == ["命", "再拜 at=階上 北面", "稽首"]  # (who bows: not read here)
    assert events("司射命三耦皆袒決遂執弓序出取矢") == ["司射 命 to=三耦"]


def test_the_attendants_of_the_marriage_rite_act_where_they_stand_as_subjects():
    """士昏禮 媵布席于奧…媵御沃盥交: 媵 and 御 are the bride's and the groom's
    attendants where they stand as subjects (roles.tsv ~媵, ~御); elsewhere
    still the acts (壻御婦車: drives; 媵觚于賓: presents the cup)."""
    found = events("媵布席于奧夫入于室即席婦尊西南面媵御沃盥交")
    assert found[0] == "媵 布 obj=席 at=奧" and found[-3:] == ["媵|御 沃", "媵|御 盥", "媵|御 交"]
    assert events("壻御婦車")[0] == "壻 御 obj=車"
    assert events("小臣媵觚于賓")[0].startswith("小臣 媵 obj=觚")


def test_after_returning_to_ones_place_a_thing_opens_a_clause():
    """特牲饋食禮 主人升入復位俎入設于豆東: 復位 (flag placed) names where he
    goes, so 俎 is no load he carries nor his goal: the stand comes in and is
    set east of the 豆, by no one the clause names (thing-subject)."""
    assert events("主人升入復位俎入設于豆東") == ["主人 升", "主人 入", "主人 復位", " 入 obj=俎", " 設 obj=俎 at=豆東"]


def test_what_a_clause_opens_with_goes_to_each_act_of_it():
    """士喪禮 新盆槃瓶廢敦重鬲皆濯造于西階下: the vessels are rinsed, then
    brought below the west steps; no one is named for either act."""
    # (normalised text: 槃 is written 盤)
    assert events("新盆盤瓶廢敦重鬲皆濯造于西階下") == [" 濯 obj=盆|盤|瓶|敦|鬲", " 造 obj=盆|盤|瓶|敦|鬲 at=西階下"]


def test_changing_the_cup_is_an_act_and_changing_dress_is_none():
    """燕禮 更爵洗升酌膳酒, 少牢 易爵洗酌授尸: 更/易 change the cup (not a cup
    that opens a clause with no one acting); 乃易服 is words of dress (GUIDELINES 1)."""
    assert events("更爵洗升酌膳酒", ["主人"])[:2] == ["主人 更 obj=爵", "主人 洗"]
    assert events("尸易爵于篚盥洗爵")[:2] == ["尸 易 obj=爵 at=篚", "尸 盥"]
    assert events("乃易服服玄冠玄端爵韠奠摯見於君", ["冠者"])[0] == "冠者 奠 obj=摯"


def test_whose_thing_an_act_handles_is_said_with_zhi():
    """聘禮 受夫人之聘璋: 夫人 is whose jade is received, not who offers after it;
    有司徹 司士歸尸侑之俎: the stands are sent back, the personators are no recipients."""
    assert events("受夫人之聘璋享玄纁束帛加琮", ["使者"])[:1] == ["使者 受 obj=璋"]
    assert events("司士歸尸侑之俎", chapter=17) == ["司士 歸 obj=俎"]


def test_which_way_a_victim_lies_is_no_place():
    """聘禮 官陳幣皮北首西上, 士虞禮 陳牲于廟門外北首西上: 北首 (head to the
    north) says how the skins and the victim lie; 皮北 is no place."""
    assert events("管人陳幣皮北首西上") == ["管人 陳 obj=幣|皮"]
    assert events("陳牲于廟門外北首西上", ["主人"]) == ["主人 陳 obj=牲 at=廟門外"]


def test_a_side_before_a_thing_with_on_or_under_is_a_place_on_the_thing():
    """聘禮 加于左皮上: on the left skin (皮上, GUIDELINES 5: the head noun); the
    target's arm in 適左個中 still names no arrow."""
    assert events("上介加幣于左皮上") == ["上介 加 obj=幣 at=皮上"]
    assert events("獲者興適左個中") == ["獲者 興", "獲者 適"]


def test_the_screen_wall_and_the_court_wall_are_places():
    """覲禮 出自屏南, 士喪禮 為垼于西牆下: 屏 and 牆 (places.tsv)."""
    assert events("侯氏出自屏南") == ["侯氏 出 at=屏南"]
    assert events("甸人為垼于西牆下東鄉")[0].startswith("甸人 為 obj=垼 at=西牆下")


def test_setting_down_the_cup_ends_the_list_of_what_is_offered():
    """燕禮 右祭脯醢奠爵于薦右: 奠 (flag set-down) before a vessel sets it down;
    it is no thing of the list 祭 takes, though the list would go on to a place."""
    assert events("賓坐左執爵右祭脯醢奠爵于薦右興") == [
        "賓 坐", "賓 執 obj=爵", "賓 祭 obj=脯醢", "賓 奠 obj=爵 at=薦右", "賓 興"]


def test_where_a_thing_is_gives_no_place_to_the_act_after_it():
    """有司徹 …昌在東方興取籩于房: 在東方 says where the 昌 is (在, state);
    the one who rises does so with no place written; 君在大夫射: a role after
    在 is still a participant."""
    assert events("主婦不興受陪設于南昌在東方興取籩于房")[-2:] == ["主婦 興", "主婦 取 obj=籩 at=房"]
    assert events("君在大夫射則肉袒")[0] == "大夫 射"


def test_the_part_of_a_vessel_is_the_thing_handled():
    """有司徹 執匕枋: the handle of the spoon (枋, class VesselPart; GUIDELINES 5:
    the head noun); 尸取䵄蕡: 䵄 is 麷."""
    assert events("次賓執匕枋縮于俎上")[0] == "次賓 執 obj=枋"
    assert events("尸取䵄蕡") == ["尸 取 obj=麷|蕡"]


def test_an_act_done_already_is_a_time_clause():
    """少牢 既宿尸反為期: 既 + act says when (GUIDELINES 1: time clauses), no
    event, and the one it was for is no subject; 既獻衆賓一人舉觶: one of them,
    counted, acts."""
    assert events("既宿尸反為期于廟門之外", ["主人"]) == ["主人 為 at=廟門外"]
    assert events("既獻衆賓一人舉觶") == ["衆賓 舉 obj=觶"]


def test_dang_before_a_facing_and_an_act_is_that_acts_place():
    """士喪禮 商祝執巾從入當牖北面徹枕: level with the window he faces north and
    takes the pillow away; 鄉射禮 揖進當階北面揖: the bow by the steps. Right
    after an act with no act after it, 當X is still that act's (賓復位當西序東面)."""
    assert events("商祝執巾從入當牖北面徹枕")[-2:] == ["商祝 入", "商祝 徹 obj=枕 at=牖 北面"]
    assert events("上耦揖進當階北面揖") == ["上耦 揖", "上耦 進", "上耦 揖 at=階 北面"]
    assert events("賓復位當西序東面") == ["賓 復位 at=西序 東面"]


def test_a_thing_after_a_movement_with_a_place_after_it_is_carried():
    """士喪禮 降衣于前: the robe is carried down, to the place named after it;
    升筵 (no place after) still goes up onto the mat."""
    assert events("復者降衣于前")[0].startswith("復者 降 obj=衣")
    assert events("賓升筵") == ["賓 升 at=筵"]


def test_a_place_named_from_two_places_keeps_its_side_below():
    """士虞禮 尊于室中北墉下: below the north wall of the room (室中北墉下), the
    written phrase whole (GUIDELINES 6); the two jars after it are what is set
    there (rule things-after-place)."""
    assert events("尊于室中北墉下當戶兩甒醴酒") == [" 尊 obj=甒 at=室中北墉下"]


def test_where_a_subject_stands_takes_the_direction_before_the_facing():
    """鄉飲酒禮 主人阼階東南面辭洗: east of the east steps, facing south (the
    public gold, and the punctuated text's 主人阼階東，南面); 士喪禮 主人西階東南面
    命赴者 likewise; 降階東北面 after an act still faces north-east."""
    assert events("主人阼階東南面辭洗") == ["主人 辭洗 at=阼階東 南面"]
    assert events("主人西階東南面命赴者")[0] == "主人 命 at=西階東 to=赴者 南面"
    assert events("賓降階東北面拜") == ["賓 降 at=階", "賓 拜 東北面"]


def test_the_one_divined_about_is_no_subject():
    """少牢饋食禮 明日朝服筮尸如筮日之儀命曰: the 尸 is whom the milfoil is
    consulted about (筮, flag matter), neither the one who gives the charge nor
    a recipient (GUIDELINES 8); 若不吉則遂改筮尸: the host divines again."""
    found = events("明日朝服筮尸如筮日之儀命曰孝孫某", ["主人"])
    assert found[0] == "主人 筮" and found[1].startswith("主人 命")


def test_a_subject_in_dress_before_the_act_ends_the_words_of_a_request():
    """聘禮 擯者出請事大夫朝服迎于外門外再拜: 大夫 acts (朝服 is what he wears
    before 迎), so the 擯者's request ends before him and the welcome is told."""
    found = events("擯者出請事大夫朝服迎于外門外再拜")
    assert found == ["擯者 出", "擯者 請", "大夫 迎 at=外門外", "大夫 再拜"]


def test_pickles_of_leeks_are_pickles():
    """有司徹 主婦自東房薦韭菹醢: the head noun 菹 (GUIDELINES 5); 韭菹 and 葵菹 are
    retired terms whose IRIs keep resolving (mappings/retired.tsv)."""
    assert events("主婦自東房薦韭菹醢")[0] == "主婦 薦 obj=菹|醢 at=東房"


def test_ni_before_a_movement_is_in_reverse_order():
    """士虞禮 卒朼者逆退復位, 聘禮 介逆出: 逆 (flag manner-before-act) right before
    another act is the order they go in, no act; 逆女 is still to go and meet."""
    assert events("卒朼者逆退復位") == ["卒朼者 退", "卒朼者 復位"]
    assert events("壻逆女")[0] == "壻 逆 to=女"


def test_a_counted_list_of_cuts_names_no_act_and_no_place():
    """有司徹 主婦俎羊左臑脊一脅一腸一胃一膚一嚌羊肺一載于一俎: 嚌肺 is the lung for
    tasting, one more counted cut, no act of tasting; 羊左臑 is the sheep's left
    shoulder, no place; what is done is 載 on one stand."""
    found = events("主婦俎羊左臑脊一脅一腸一胃一膚一嚌羊肺一載于一俎", ["司馬"])
    assert [e.split(" ", 1)[1] for e in found] == ["載 at=俎"]  # (who loads it: not read here)


def test_the_things_of_the_mourning_rites_are_objects_not_acts():
    # 士喪禮, 既夕禮: the water for washing is received (沐 is no act here), the
    # driver holds a whip (策, not the milfoil stalks 筴), the lord gives silks
    assert events("外御受沐入") == ["外御 受 obj=沐", "外御 入"]
    assert events("御者執策立于馬後") == ["御者 執 obj=策", "御者 立 at=馬後"]
    assert events("筮人執筴抽上韇") == ["筮人 執 obj=筴", "筮人 抽 obj=韇"]
    assert events("設握乃連掔", ["商祝"])[0] == "商祝 設 obj=握"
    assert events("公賵玄纁束馬兩")[0] == "公 賵 obj=玄纁|馬"  # the silk and the horses (束: their bundle)


def test_into_a_new_section_the_principal_goes_on_and_setting_out_is_nobodys():
    from kg.extract.passages import extract_events
    from kg.readers import read_file

    def first_acts(file: str, words: str) -> list[str]:
        doc = read_file(CORPUS / "KR1d0038" / file, None, None)
        got = extract_events(doc)
        passage = next(p.index for p in doc.passages if p.span.norm.startswith(words))
        assert doc.passages[passage].section != doc.passages[passage - 1].section
        return [compact(e) for e in got if e.passage == passage]

    # 少牢饋食禮: the 宰 closed the divination of the day; in the next stage the 主人 invites
    assert first_acts("KR1d0038_016.txt", "宿") == ["主人 宿"]
    # 士喪禮: the clothes are laid out at dawn by officers the text does not name
    assert first_acts("KR1d0038_012.txt", "厥明陳衣于房")[0] == " 陳 obj=衣 at=房"  # 南領: collars south


def test_a_role_written_twice_is_the_role_then_its_act():
    # 士虞禮: the 祝 pronounces the blessing; 特牲饋食禮: the first 祝 is the one
    # offered to, the second bows
    assert events("祝祝卒主人拜如初") == ["祝 祝", "主人 拜"]
    assert events("主人酌獻祝祝拜受角")[-1] == "祝 拜受 obj=角"


def test_what_is_followed_is_an_object_not_a_place():
    # 既夕禮: the procession, each part following the one before; 特牲饋食禮: the
    # 賓 follows the 尸's stand out of the temple gate
    assert events("從燭從柩") == [" 從 obj=燭", " 從 obj=柩"]
    assert events("賓從尸俎出廟門") == ["賓 從 obj=俎", "賓 出 at=廟門"]


def test_what_there_is_none_of_and_where_a_handle_points_are_no_objects_or_places():
    # 士虞禮: there is no stand (無禁), the cover is of fine cloth, the ladle is
    # put on with its handle to the south (南枋: a manner, not "south of the ladle")
    got = events("尊于室中北墉下兩甒醴酒酒在東無禁冪用絺布加勺南枋")
    assert got[-1] == " 加 obj=勺"
    assert events("尊于房戶之間兩甒有禁玄酒在西加勺南枋", ["主人"])[-1] == "主人 加 obj=勺"


def test_an_act_named_to_count_days_before_it_is_a_time():
    # 少牢饋食禮: a day before the invitation, the 尸 is invited and charged (both to him: 2.146.0)
    assert events("前宿一日宿戒尸", ["主人"]) == ["主人 宿 to=尸", "主人 戒 to=尸"]
    # 大射: three days before the archery, the 宰夫 charges the 宰 and the 司馬
    assert events("前射三日宰夫戒宰及司馬")[0] == "宰夫 戒 to=宰|司馬"


def test_the_reading_of_a_divination_reported_is_the_reports_words():
    # 少牢饋食禮: the 史 tells the 主人 the reading, "favourable"
    assert events("史兼執筮與卦以告于主人占曰從") == ["史 執 obj=筮|卦", "史 告 to=主人 曰從"]


def test_a_list_of_things_before_its_act_takes_a_word_that_is_also_an_act():
    # 士喪禮: the cloth, the spoon, the hair and the nail parings are buried (蚤 is
    # the parings here, not the act of trimming); 士昏禮: 主婦薦，奠酬 keeps its act 奠
    assert events("巾柶鬊蚤埋于坎", ["商祝"]) == [" 埋 obj=巾|柶|鬊|蚤 at=坎"]
    assert "主婦 奠" in events("主婦薦奠酬無幣")  # (a list only where it opens the clause)


def test_a_role_before_a_stand_and_its_cuts_says_whose_stand_it_is():
    # 有司徹: the 主婦's stand is loaded with the sheep's left upper foreleg…, by
    # the officer at work (carried), not by the 主婦
    assert events("主婦俎羊左臑脊一脅一腸一胃一膚一嚌羊肺一載于一俎", ["司士"]) == ["司士 載 at=俎"]


def test_things_written_inside_a_clause_before_the_act_that_handles_them_are_its_objects():
    # 少牢饋食禮: the 司宮 rinses the vessels in the eastern hall, then puts the
    # ladle and the cups in the basket
    assert events("司宮摡豆籩勺爵觚觶几洗篚于東堂下勺爵觚觶實于篚")[-1] == "司宮 實 obj=勺|爵|觚|觶 at=篚"
    # but not the dress worn before an act with its own thing, nor a pronoun's referent
    assert events("冠者玄端爵韠奠摯見於君")[0] == "冠者 奠 obj=摯"
    assert events("有乾肉折俎嚌之", ["冠者"]) == ["冠者 嚌"]


def test_the_lodging_granted_is_a_thing_and_its_gate_a_place():
    # 覲禮: the king grants a lodging; 聘禮: the guest meets him outside the lodging's gate
    assert events("天子賜舍") == ["天子 賜 obj=舍"]
    assert events("迎于舍門之外再拜", ["賓"]) == ["賓 迎 at=舍門外", "賓 再拜"]
    assert events("降奠于篚階西東面立", ["賓"])[1] == "賓 奠 at=篚"  # a basket is no gate's owner


def test_the_water_a_washing_vessel_holds_is_no_thing_of_its_own():
    # 士虞禮: the ewer (with its water) is set in the basin; 少牢饋食禮: the water jar
    assert events("匜水錯于盤中南流") == [" 錯 obj=匜 at=盤中"]
    assert events("司宮設罍水于洗")[0] == "司宮 設 obj=罍 at=洗"


def test_a_thing_that_opens_a_clause_is_a_topic_where_the_act_takes_its_own_things():
    # 士虞禮: the mat (苴) is made of thatch cut five inches long; 既夕禮: the
    # carriage carries the court robes
    assert events("苴刌茅長五寸") == [" 刌 obj=茅"]
    assert events("道車載朝服") == [" 載 obj=朝服"]


def test_a_word_the_tables_lack_after_a_preposition_is_the_place_as_written():
    # 既夕禮: the coffin is moved to the ancestral temple; 有司徹: the 尸 receives
    # it between his hands; 士冠禮: but 見於鄉大夫 is a person, not a place 鄉
    assert events("遷于祖用軸") == [" 遷 obj=軸 at=祖"]
    assert events("尸進二手受于手間") == ["尸 進", "尸 受 at=手間"]
    assert not any("at=" in e for e in events("以摯見於鄉大夫", ["冠者"]))


def test_the_title_of_an_ode_is_no_thing_or_place():
    # 鄉飲酒禮: the singers and the mouth-organs alternate, 魚麗 sung, 由庚 played
    found = events("乃間歌魚麗笙由庚歌南有嘉魚", ["主人"])
    assert found and found[0].endswith(" 歌") and not any("obj=" in e or "at=" in e for e in found)


def test_only_at_the_lords_command_is_a_condition_and_up_and_down_share_the_stair():
    # 士喪禮: the 主人 goes out only for the lord's message, up and down by the western stair
    found = events("唯君命出升降自西階遂拜賓", ["主人"])
    assert found == ["主人 出", "主人 升 at=西階", "主人 降 at=西階", "主人 拜 to=賓"]
    assert events("降即位于階間", ["婦人"])[0] == "婦人 降"  # (a 于 place is the last act's alone)


def test_a_principal_exchanges_counted_bows_with_a_principal_not_an_officer():
    # 鄉飲酒禮 (punctuated edition): the water-pourer is named last, yet the host
    # bows and yields once each with the 賓
    found = events("賓復位，當西序，東面。主人坐取爵，沃洗者西北面。卒洗，主人壹揖，壹讓。升。")
    assert found[-2:] == ["賓|主人 讓", "賓|主人 升"]


def test_whom_there_is_is_whom_the_act_on_zhi_is_for():
    # 士喪禮: if there is a guest, the host bows to him (之 is the 賓 there is)
    assert events("有賓則拜之", ["主人"]) == ["主人 拜 to=賓"]


def test_a_request_ends_at_a_report_to_someone_and_the_one_told_sets_nothing_out():
    # 既夕禮: the officer asks the time of opening the grave and tells the 賓
    assert events("請啓期告于賓", ["有司"]) == ["有司 請", "有司 告 to=賓"]


def test_the_carriages_of_the_funeral_procession_are_things():
    # 既夕禮: the spirit-articles are set out west of the riding carriage (乘車, no act 乘)
    assert events("陳明器於乘車之西") == [" 陳 obj=器 at=乘車西"]


def test_dang_right_after_an_acts_place_refines_it_and_waits_for_no_later_act():
    # 士虞禮: the jars stand by the door of the chamber; the ladle is put on them later, not "at the door"
    assert events("尊于室中北墉下當戶兩甒醴酒酒在東無禁冪用絺布加勺南枋")[-1] == " 加 obj=勺"
    assert events("從入當牖北面徹枕", ["主人"])[-1] == "主人 徹 obj=枕 at=牖 北面"  # (a facing and an act follow)


def test_after_a_facing_a_role_and_a_direction_before_an_act_is_who_goes_that_way():
    # 既夕禮: the women go up facing east; the 衆主人 take their places on the east
    assert events("主人從升婦人升東面衆主人東即位")[-2:] == ["婦人 升 東面", "衆主人 即 at=東"]
    assert events("主人介右北面拜送爵")[0] == "主人 拜送 obj=爵 at=介右 北面"  # (a place: at the 介's right)


def test_a_joint_and_its_side_in_a_list_of_cuts_is_no_place():
    # 有司徹: the 侑's stand gets the sheep's left shoulder and left thigh…, laid on one stand
    assert events("侑俎羊左肩左肫正脊一脅一腸一胃一切肺一載于一俎", ["司士"], chapter=17) == ["司士 載 at=俎"]


def test_zi_right_after_an_act_that_goes_onto_a_thing_is_that_acts_way():
    # 有司徹: the 尸 goes up onto the mat from its west side, then sits (not "sits at the west")
    assert events("尸升筵自西方坐左執爵") == ["尸 升 at=筵", "尸 坐", "尸 執 obj=爵"]


def test_a_place_after_an_act_the_tables_lack_is_that_acts():
    # 士喪禮: he died in the principal chamber; the shroud is no act "at the chamber"
    assert events("死於適室幠用斂衾") == [" 幠 obj=衾"]
    # 士喪禮: the host bares his arm; the kinsmen 免 (an act the tables lack) in the room
    assert events("主人髺髮袒衆主人免于房")[-1] == "主人 袒"
    # 士喪禮: the sacrificial robes (祭服: head noun 服) are no act of offering 祭
    assert not any(" 祭" in e for e in events("商祝襲祭服褖衣次"))


def test_a_role_written_twice_in_one_list_is_an_agent_or_recipient_once():
    """賓弟子及兄弟弟子 are two groups both called 弟子; 納諸公卿大夫諸公卿大夫
    names each role twice: an event lists each role once (the graph had
    each such statement twice before it was made a set)."""
    washes = PassageParser("賓弟子及兄弟弟子洗各酌于其尊", []).run()[0]
    assert washes.action == "洗" and washes.agents.count("弟子") == 1
    leads_in = PassageParser("小臣師納諸公卿大夫諸公卿大夫皆入門右北面東上", []).run()
    assert [(e.action, e.recipients) for e in leads_in][:1] == [("納", ["諸公", "卿", "大夫"])]
    assert all(len(e.agents) == len(set(e.agents)) for e in leads_in)


def test_zan_before_a_place_or_yi_is_the_assistant():
    # 士昏禮: 贊 before a place and a facing, or before 以 and a thing, is the 贊者 (GUIDELINES 13),
    # not the act "assist" done by the one before
    assert events("主人拜受贊戶內北面答拜") == ["主人 拜受", "贊者 答拜 at=戶內 北面"]
    assert events("贊以肝從", agent=["主人"]) == ["贊者 從 obj=肝"]
    assert events("婦東面拜受贊西階上北面拜送")[-1] == "贊者 拜送 at=西階上 北面"


def test_er_draws_a_dish_near_but_is_you_in_words_said():
    assert events("贊爾黍授肺脊") == ["贊者 爾 obj=黍", "贊者 授 obj=肺|脊"]
    assert events("上佐食爾上敦黍于筵上") == ["上佐食 爾 obj=敦 at=筵上"]  # what the vessel holds (2.217.0)
    # words said, in a passage of their own (the quotation began in the passage before): 爾 is "you"
    assert not [e for e in events("棄爾幼志順爾成德壽考惟祺介爾景福", agent=["祝"]) if "爾" in e or "介" in e]
    assert events("隮祔爾于爾皇祖某甫", agent=["主人"]) == []


def test_dress_before_yi_is_worn_not_the_thing_of_the_act():
    # 鄉射禮, 聘禮, 士昏禮: what one wears to go and bow is no object of the bow
    assert events("明日賓朝服以拜賜于門外")[0] == "賓 拜"
    assert events("夙興婦沐浴纚笄宵衣以俟見") == ["婦 沐", "婦 浴", "婦 俟", "婦 見"]
    assert events("所執脯以賜", agent=["賓"]) == ["賓 賜 obj=脯"]  # food held is still the thing


def test_shu_after_a_thing_is_its_bundle_not_an_act():
    # 束 right after a thing is the bundle it comes in: 說矢束 (大射儀), 公賵玄纁束馬兩 (既夕禮)
    assert events("大夫進坐說矢束") == ["大夫 進", "大夫 坐", "大夫 說 obj=矢"]
    assert events("公賵玄纁束馬兩") == ["公 賵 obj=玄纁|馬"]
    assert events("釋幣制玄纁束奠于几下出", agent=["祝"])[1] == "祝 奠 obj=玄纁 at=几下"
    assert "束" in [e.split()[-1] for e in events("苴刌茅長五寸束之實于篚")]  # binds it: an act


def test_chui_lets_the_cords_hang_but_a_hanging_girdle_is_no_act():
    # 聘禮: the jade's silk cords are let hang (垂繅) before it is handed over; a girdle
    # that hangs loose (散帶垂) is dress, no act (既夕禮)
    assert events("賈人西面坐啟櫝取圭垂繅不起而授宰")[3:] == ["賈人 垂 obj=繅", "賈人 授 to=宰"]
    assert events("丈夫髽散帶垂即位如初") == ["丈夫 即 at=位"]


def test_district_officers_and_gentlemen_are_roles_not_the_lord():
    # 士冠禮: the capped man visits the district's 大夫 (GUIDELINES 3: 鄉大夫 → 大夫) and its
    # retired officers (鄉先生); 鄉射禮 記: 君子 is a gentleman, not 君 the lord
    assert events("遂以摯見於鄉大夫鄉先生", agent=["冠者"]) == ["冠者 見 obj=摯 to=大夫|鄉先生"]
    assert events("以告于鄉先生君子可也", agent=["主人"]) == ["主人 告 to=鄉先生|君子"]


def test_zan_ming_is_assisting_with_the_charge():
    # 士冠禮, 特牲: the 宰 assists with the charge (贊命); no 贊者 commands anyone
    assert events("宰自右少退，贊命。筮人許諾", agent=["主人"]) == ["宰 少退", "宰 贊", "筮人 許諾"]
    assert events("宰自主人之左贊命，命曰：孝孫某筮來日某")[:2] == ["宰 贊 at=主人左", "宰 命 曰孝孫某筮來日某"]


def test_ji_reaches_a_goal_and_no_day():
    # 及 "reach" is an act only with its goal (GUIDELINES 6: 及階); 及筮日, 及遠日, 及期 say
    # when, and 及 joining two acts or things is no act (少牢, 特牲, 聘禮)
    assert events("尸及階祝延尸") == ["尸 及 at=階", "祝 延 to=尸"]
    assert events("及筮日主人冠端玄即位於門外西面") == ["主人 即 at=門外 西面"]
    assert events("若不吉則及遠日又筮日如初", agent=["史"]) == ["史 筮"]
    assert [e for e in events("獻祝及二佐食", agent=["尸"]) if " 及" in e] == []


def test_an_act_and_its_thing_before_a_participant_in_zhe_are_not_his_name():
    # 特牲: 寫卦筮者執 is "(the 卦者) writes the hexagram; the 筮者 holds it", not a
    # participant "the one who writes the hexagram and divines"; 執散爵者 stays one
    assert events("卦者在左卒筮寫卦筮者執以示主人") == ["卦者 寫 obj=卦", "筮者 執", "筮者 示 to=主人"]
    assert events("執散爵者酌以之公")[0].startswith("執散爵者 酌")


def test_a_role_before_a_place_after_yu_says_whose_place_for_an_act_at_no_one():
    # 特牲: the 主人 stands outside the 尸's outer gate (no one is stood to); 受命于公西階上
    # (大射儀) is still a command received from the lord (GUIDELINES 8)
    assert events("主人立于尸外門外") == ["主人 立 at=外門外"]
    assert events("受命于公西階上北面", agent=["司正"])[0].startswith("司正 受命 to=公")


def test_a_role_zhi_and_an_act_word_is_whose_thing_not_an_act():
    # 士昏禮: the bride eats the mother-in-law's food (姑之饌); 士相見禮: one waits for the
    # lord's eating; but 賓之受如初禮 (聘禮) is the 賓 receiving as before
    assert events("婦餕姑之饌御贊祭豆黍肺") == ["婦 餕", "御 贊", "御 祭 obj=豆|黍|肺"]
    assert events("若有將食者則俟君之食然後食", agent=["士"]) == ["士 俟", "士 食"]
    assert events("賓之受如初禮") == ["賓 受"]
    assert events("賓之受，如初禮") == ["賓 受"]


def test_a_word_joined_by_yu_to_a_thing_is_a_thing():
    # 士冠禮 筮與席…具饌于西塾: the stalks and the mat are set out, no one divines;
    # 既夕禮 書與算執之: the list and the tallies are held, nothing is written
    assert events("筮與席所卦者具饌于西塾", agent=["有司"]) == ["有司 饌 at=西塾"]
    assert "書" not in [e.split()[-1] for e in events("卒命哭滅燭書與算執之以逆出", agent=["史"])]


def test_a_bow_to_zhi_beckons_the_other_party():
    # 士冠禮: the 賓 bows to him (揖之) and the one capped goes to the room and comes out;
    # 燕禮 公降一等揖之公升: a subject written after the bow acts as written
    assert events("冠者興賓揖之適房服玄端爵韠出房南面") == [
        "冠者 興", "賓 揖", "冠者 適 at=房", "冠者 出 at=房 南面"]
    assert events("及庭公降一等揖之公升就席", agent=["賓"])[2:] == ["公 揖", "公 升", "公 就席"]


def test_one_received_from_is_no_subject_even_where_an_act_follows():
    # 有司徹 尸受侑爵降洗: the 尸 receives the cup from the 侑 and goes down to wash it;
    # 少牢 主人受上餕爵酌以醋: the 主人 pours; 特牲/少牢 主婦…受贊者敦黍坐設: she sits and sets
    assert events("尸受侑爵降洗", chapter=17) == ["尸 受 obj=爵 to=侑", "尸 降", "尸 洗"]
    assert events("主人受上餕爵酌以醋于戶內西面")[:2] == ["主人 受 obj=爵 to=上餕", "主人 酌"]
    assert events("又興受贊者敦黍坐設于稷南", agent=["主婦"])[2:] == ["主婦 坐", "主婦 設 at=稷南"]


def test_things_after_a_zi_place_and_a_roles_thing_with_a_side_as_place():
    # 少牢: the 主婦 brings the pickles and sauce from the east room (薦自東房韭菹醓醢);
    # 有司徹: north of the 主人's mat is where she bows (主人之席北), she is the subject
    assert events("主婦被錫衣侈袂薦自東房韭菹醓醢坐奠于筵前")[0] == "主婦 薦 obj=菹|醢 at=東房"
    assert events("主婦西面于主人之席北拜送爵", agent=["尸"]) == ["主婦 拜送 obj=爵 at=主人席北 西面"]
    assert events("又設洗于獲者之尊西北", agent=["司宮"]) == ["司宮 設 obj=洗 at=獲者尊西北"]


def test_an_act_before_a_participant_that_opens_with_zu():
    # 燕禮 不祭，卒受者以虛觶降: the 大夫 pour no libation; the last to receive goes down
    assert events("不祭卒受者以虛觶降", agent=["大夫"]) == ["大夫 不祭", "卒受者 降 obj=觶"]


def test_a_rank_before_fu_is_the_dress_and_a_hand_before_he_is_no_side():
    # 士喪禮: the robe of the 爵弁 rank (head noun 服), the skirt pinned to the robe, which he
    # carries on his left shoulder (左何: the hand, not the robe's left side); 散衣祭服: two things
    assert events("復者一人以爵弁服簪裳于衣左何之")[0] == "復者 簪 obj=服|裳 at=衣"
    assert events("商祝布絞衾散衣祭服")[0] == "商祝 布 obj=絞|衾|衣|服"  # (散衣: the loose garments, 衣)


def test_the_middle_of_the_roof_is_a_place_of_its_own():
    # 士喪禮: up by the front east eave-end; at the middle of the roof, facing north, he calls
    assert events("升自前東榮中屋北面招以衣", agent=["復者"]) == ["復者 升 at=前東榮", "復者 招 obj=衣 at=中屋 北面"]


def test_zou_runs():
    # 士相見禮: the commoner, before the lord, advances and withdraws at a run
    assert events("庶人見於君不為容進退走")[-3:] == ["庶人 進", "庶人 退", "庶人 走"]


def test_zhi_before_wei_opens_a_clause_not_a_noun():
    # 喪服 昆弟之為父後者: the brother who is the father's heir; no place "behind the father"
    assert "at=父後" not in " ".join(events("女子子適人者為其父母昆弟之為父後者傳曰為父何以期也"))


def test_the_guests_attendants_and_the_kinswomen_are_roles():
    # 士虞禮 (blind README decision 11: 賓執事者 → 執事者); 內兄弟 stay as written (GUIDELINES 13)
    got = events("主人及兄弟如葬服賓執事者如弔服皆即位于門外如朝夕臨位婦人及內兄弟服即位于堂亦如之")
    assert got[:2] == ["主人|兄弟|執事者 即 at=門外", "婦人|內兄弟 即 at=堂"]


def test_gua_draws_the_hexagram_with_wood():
    # 少牢: the 卦者 sits and draws the lines with a stick (卦以木: blind README decision 16);
    # 書卦于木 writes the hexagram (a thing); 寫卦筮者執 is still the 筮者 holding it
    assert events("卦者在左坐卦以木卒筮乃書卦于木", chapter=16)[:2] == ["卦者 坐", "卦者 卦 obj=木"]
    assert "卦者 書 obj=卦 at=木" in events("卦者在左坐卦以木卒筮乃書卦于木", chapter=16)
    assert events("卦者在左卒筮寫卦筮者執以示主人") == ["卦者 寫 obj=卦", "筮者 執", "筮者 示 to=主人"]


def test_du_puts_the_stalks_in_their_case():
    # 少牢: if the reading is good the 史 puts the stalks back in their case (韇筮);
    # 抽上韇 still draws out the upper case, a thing
    assert events("吉則史韇筮")[-1] == "史 韇 obj=筮"
    assert events("史朝服左執筮右抽上韇")[-1] == "史 抽 obj=韇"


def test_a_you_way_before_a_facing_goes_to_the_act_after():
    # 大射儀: the 釋獲者 holds the tallies and, by way of the foot of the east stair,
    # facing north, reports to the lord (由 + place, then a facing, then the act)
    assert events("釋獲者遂進取賢獲執之由阼階下北面告于公")[-2:] == [
        "釋獲者 執", "釋獲者 告 at=阼階下 to=公 北面"]


def test_the_soul_is_called_with_the_robe_three_times():
    # 士喪禮: the one who calls the soul back beckons with the robe, calling "Ho, so-and-so,
    # come back!" three times, then goes down with the robe (以衣 before words said is the
    # beckoning's; 復三 is the call counted, not the narrative taking up again)
    assert events("升自前東榮中屋北面招以衣曰臯某復三降衣于前", ["復者"]) == [
        "復者 升 at=前東榮", "復者 招 obj=衣 at=中屋 北面 曰臯某復", "復者 降 obj=衣 at=前"]


def test_as_before_does_not_take_a_homonym_for_the_act_it_repeats():
    # 士喪禮: 升魚 puts the fish into the tripod (a thing, no place); 升自阼階, going up a
    # stair (a place, no thing), is not what 其他皆如初 repeats, and its agent is not taken
    from kg.extract.event import Event
    from kg.extract.phrases import PlacePhrase
    from kg.extract.repeats import RepeatAsk, resolve

    up = Event("升", ["復者"], place=PlacePhrase("阼階", "place", "阼階", False), passage=3)
    fish = Event("升", ["主人"], objects=["魚"], passage=130, how=[("agent", "carried-passage")])
    resolve([up, fish], [RepeatAsk("first", [fish])])
    assert fish.repeats == [] and fish.agents == ["主人"]
    cup = Event("升", ["主人"], passage=131, how=[("agent", "carried-passage")])  # going up again: it repeats
    resolve([up, cup], [RepeatAsk("first", [cup])])
    assert cup.repeats == [up]


def test_the_food_of_a_place_is_no_act():
    # 既夕禮: the tripods are set out as at the encoffining, and the food on the east side
    # likewise (東方之饌: a place does nothing; its 饌 is what is laid out there), and the
    # place is not the next act's; 聘禮: 羞鼎, the tripods of delicacies, are tripods
    assert events("陳鼎皆如殯東方之饌亦如之") == [" 陳 obj=鼎"]
    assert all("at=東方" not in e for e in events("東方之饌兩瓦甒其實醴酒", ["主人"]))
    assert "宰夫 羞 obj=鼎" not in events("宰夫朝服設飧飪一牢在西鼎九羞鼎三堂上之饌八")
    assert events("婦餕姑之饌")[0].startswith("婦 餕")  # a role's food, as before


def test_grave_clothes_laid_out_with_their_collars_to_the_west():
    # 士喪禮: the clothes for dressing the dead (襲事, a thing) are set out in the room, collars
    # to the west (西領: how they lie, not a side of the room); the banner's words are what
    # is written (書…曰: no act of saying)
    assert events("陳襲事于房中西領南上不綪") == [" 陳 obj=襲事 at=房中"]
    assert events("陳衣于房南領西上") == [" 陳 obj=衣 at=房"]
    written = events("書銘于末曰某氏某之柩")
    assert len(written) == 1 and written[0].startswith(" 書 obj=銘") and written[0].endswith("曰某氏某之柩")


def test_lengthwise_is_an_act_only_where_something_is_laid_so():
    # 有司徹: 縮 "lay lengthwise" is an act with 之 or a 于 phrase after it (縮之, 縮一燔于俎上);
    # 皆西縮, 皆縮 and 橫三縮二 say how things lie (blind README decision 13), no event
    got = events("雍人合執二俎陳于羊俎西竝皆西縮覆二疏匕于其上皆縮俎西枋")
    assert [e.split()[1] for e in got] == ["執", "陳", "覆"] and got[2].startswith("雍人 覆 obj=匕")
    assert events("主人西面左手執几縮之")[-1] == "主人 縮"
    assert events("次賓羞羊燔縮執俎縮一燔于俎上")[-1] == "次賓 縮 obj=燔 at=俎上"
    assert [e for e in events("抗木橫三縮二") if " 縮" in e] == []


def test_bowing_to_seat_the_corpse_at_ease_is_a_bow_to_him():
    # 士虞禮, 特牲, 少牢: 拜妥尸 — they bow to the 尸 so that he sits at ease (妥: the bow's
    # purpose, flag purpose, no event; the 尸 is the one bowed to), then the 尸 bows back
    assert events("主人及祝拜妥尸尸拜遂坐") == ["主人|祝 拜 to=尸", "尸 拜", "尸 坐"]
    assert events("祝主人皆拜妥尸尸不言尸答拜遂坐")[0] == "祝|主人 拜 to=尸"


def test_the_body_is_a_thing_in_the_rites_before_burial_and_the_personator_elsewhere():
    # senses.tsv: in 士喪禮 (12) and 既夕禮 (13) 尸 is the body (在牀曰尸): moved, leant over,
    # carried, never one who acts; in the sacrifices (少牢, 16; 士虞, 14) the personator
    assert events("士舉遷尸反位", chapter=12)[1:] == ["士 遷 obj=尸", "士 反位"]
    assert events("士舉遷尸反位", chapter=16)[1:] == ["士 遷", "尸 反位"]
    assert events("主人西面馮尸踊無算", chapter=13) == ["主人 馮 obj=尸 西面", "主人 踊"]
    assert events("祝迎尸于門外", chapter=14) == ["祝 迎 at=門外 to=尸"]


def test_a_sense_of_a_chapter_no_title_names_or_of_no_term_is_refused():
    from kg.extract.senses import read_senses
    from kg.mappings import MappingError

    with pytest.raises(MappingError, match="no chapter named"):
        read_senses([{"form": "尸", "kind": "object", "label": "尸", "chapters": ""}])
    with pytest.raises(MappingError, match="士葬禮"):
        read_senses([{"form": "尸", "kind": "object", "label": "尸", "chapters": "士葬禮"}])
    with pytest.raises(MappingError, match="no row"):
        read_senses([{"form": "尸", "kind": "object", "label": "屍", "chapters": "士喪禮"}])
    assert read_senses([{"form": "尸", "kind": "object", "label": "尸", "chapters": "士喪禮|既夕"}])[0][3] == {12, 13}


def test_a_command_to_decline_ends_where_the_one_declined_to_acts():
    # 燕禮, unpunctuated: the lord has the 小臣 decline (the command's content), then the 賓 goes
    # up and completes the bow; the lord returns the bow and the 大夫 step aside (a role after 辭,
    # flag person?, acts where an act follows it, in a command's content as in the narrative)
    got = events("公坐取大夫所媵觶興以酬賓賓降西階下再拜稽首公命小臣辭賓升成拜")
    assert got[-3:] == ["公 命 to=小臣", "賓 升", "賓 成拜"]
    got = events("公有命徹冪則卿大夫皆降西階下北面東上再拜稽首公命小臣辭公答再拜大夫皆辟")
    assert got[-3:] == ["公 命 to=小臣", "公 答再拜", "大夫 辟"]
    # a role after a command (flag command) is still the one commanded
    assert events("司射命弟子設豐")[0] == "司射 命 to=弟子"


def test_the_handle_laid_to_a_side_is_how_it_lies():
    # 士喪禮: the spoon is laid upside down, handle to the east (東柄: an arrangement, not a
    # place east of the spoon); 加勺南枋 likewise
    assert events("覆匕東柄", ["祝"]) == ["祝 覆 obj=匕"]
    assert events("加勺南枋", ["司宮"]) == ["司宮 加 obj=勺"]


def test_the_handle_turned_to_the_guest_is_no_thing():
    # 士昏禮: the host takes the cup of sweet wine, turns its handle (面枋: how he holds it, no
    # thing handled) and stands before the mat facing north-west (the place is still his)
    assert events("主人受醴面枋筵前西北面賓拜受醴復位")[0] == "主人 受 obj=醴 at=筵前 西北面"
    assert events("贊者酌醴加角柶面葉出于房")[:2] == ["贊者 酌 obj=醴", "贊者 加 obj=柶"]


def test_the_host_bows_to_the_others_after_the_guest_answers():
    # 特牲饋食禮: the host bows twice, the 賓 answers, and the host bows three times to the
    # other guests (an undirected bow answered: the next bow to a third party is the host's);
    # 士冠禮: the brothers bow, the capped one answers and goes on to visit the 贊者 (no bow)
    assert events("主人再拜賓答再拜三拜衆賓衆賓答再拜")[2] == "主人 拜 to=衆賓"
    assert events("冠者見於兄弟兄弟再拜冠者答拜見贊者西面拜亦如之")[3].startswith("冠者 見")


def test_the_embassy_rehearses_and_sets_out_the_courtyard_gifts():
    # 聘禮: 習享 is a rehearsal of the presentation (習: its content is no act), the 士 hold the
    # courtyard gifts (庭實, a thing, not 實 "fill" at the court); after 庭實設 (set out by no
    # one named) the bows that follow are the parties' (no thing bows); 祭醴三 ends at its count
    assert events("習享士執庭實", ["賓"]) == ["賓 習", "士 執 obj=庭實"]
    assert events("庭實設揖讓如初", ["賓"]) == [" 設 obj=庭實", "賓 揖", "賓 讓"]
    assert events("賓祭脯醢以柶祭醴三庭實設")[1] == "賓 祭 obj=柶|醴"
    assert events("佐食羞庶羞四豆設于左南上有醢")[:2] == ["佐食 羞 obj=庶羞", "佐食 設 obj=豆 at=左"]


def test_a_bow_and_a_yielding_written_together_are_exchanged():
    # 鄉飲酒禮: when the washing is done, host and guest bow and yield to each other, then
    # the guest goes up (揖讓 together: both parties, as 三揖 三讓 are; they alone)
    got = events("賓降主人辭降賓對卒洗揖讓升", ["主人"])
    assert got[-3:] == ["主人|賓 揖", "主人|賓 讓", "賓 升"]


def test_a_direction_and_its_opposite_measure_a_span():
    # 士冠禮: the basin is set in line with the east eave-end, and north-south as deep as the hall
    # (南北: a span, no side of the eave-end); 特牲: 設洗南北以堂深 sets the basin, no place 洗南北
    assert events("夙興設洗直于東榮南北以堂深水在洗東")[0] == " 設 obj=洗 at=東榮"
    assert events("設洗南北以堂深東西當東榮")[0] == " 設 obj=洗"
    assert events("主人阼階東南面辭洗")[0] == "主人 辭洗 at=阼階東 南面"  # 東, then 南面: not a span


def test_the_victims_tripod_is_a_tripod():
    # 特牲饋食禮: the 佐食 lifts the victim's tripod (牲, class Victim: it says whose vessel,
    # as 羊 in 羊俎); the fish-and-game tripod stays a list, as 舉魚腊俎 does
    assert events("佐食舉牲鼎") == ["佐食 舉 obj=鼎"]


def test_the_tripods_are_set_down_by_those_who_lifted_them():
    # 特牲饋食禮: the 佐食 and the officers lift the tripods in; the 宗人 goes in first; the
    # tripods are set down facing west (a thing, a facing, then its act) by those holding them
    from kg.extract.passages import extract_events
    from kg.readers import read_file

    doc = read_file(CORPUS / "KR1d0038" / "KR1d0038_015.txt", None, None)
    got = extract_events(doc)
    passage = next(p.index for p in doc.passages if p.span.norm.startswith("鼎西面錯"))
    first = next(e for e in got if e.passage == passage)
    assert compact(first) == "佐食|執事者 錯 obj=鼎 西面"
    assert first.rule_for("agent") == "holders-act"


def test_again_is_the_one_who_did_it_before():
    # 少牢饋食禮: after the 佐食 has served, 又食 is the 尸 eating again; 坐祭之又祭酒: he who
    # made the offering goes on (the same act earlier in the sentence)
    assert events("又食上佐食舉尸腊肩", ["佐食"])[0] == "佐食 食"  # nothing to go by in one passage
    got = events("尸又食食胾上佐食舉尸一魚尸受振祭嚌之佐食受加于肵又食")
    assert got[-1] == "尸 食" and "again" in PassageParser(
        "尸又食食胾上佐食舉尸一魚尸受振祭嚌之佐食受加于肵又食", []).run()[-1].rules
    earlier = PassageParser("尸祭酒", []).run()  # the 尸 offered wine in an earlier passage
    got = PassageParser("主人左執爵，右受佐食，坐祭之，又祭酒。", ["尸"], None, earlier).run()
    assert compact(got[-1]) == "主人 祭 obj=酒"


def test_a_negation_before_a_subject_is_not_the_subjects():
    # 士虞禮: the 祝 receives the cup and does not 相爵; then the 主人 bows (the 不 was the
    # 祝's clause, not the bow's); a 不 after the subject is still his (主人不拜). The 祝 has
    # acted in the passages before (rule act-not-participant: else 祝 might be "to invoke")
    parsed = PassageParser("尸卒爵祝受不相爵主人拜尸答拜", [], [["祝"]]).run()
    assert compact(parsed[2]) == "主人 拜"  # (拜，尸答拜: 2.242.0)
    assert events("賓不拜受爵")[0] == "賓 不拜受 obj=爵"


def test_the_pipers_stand_among_the_hung_instruments():
    # 鄉射禮, 燕禮: the pipers come in and stand among the hung bells and chimes (縣中, a place;
    # not 縣 "hang" and a thing 中, the tally holder)
    assert events("笙入立于縣中西面") == ["笙 入", "笙 立 at=縣中 西面"]


def test_looking_again_for_the_arrows():
    # 大射儀: if arrows are missing, the 司馬正 orders them fetched; they look for the arrows again
    # (復 before 求 is dropped, GUIDELINES 2: 求 "seek" is the act, 矢 its thing)
    got = events("若矢不備則司馬正又袒執弓升命取矢如初曰取矢不索乃復求矢加于楅")
    assert "司馬正 求 obj=矢" in got and all(" 復" not in e for e in got)


def test_words_said_end_where_the_narrative_takes_up_again():
    # 鄉飲酒禮: the host says "請安于賓" (the 賓 after 于 is said), then the 司正 tells the 賓;
    # 大射儀: "子與某子射", then a new saying to the 大夫 (告於大夫曰…) is the narrative's;
    # 燕禮: the 樂正 goes by way of 楹內 (inside the pillars, a place) to report to the lord
    assert events("主人曰請安于賓司正告于賓賓禮辭許", ["司正"])[1] == "司正 告 to=賓"
    assert events("司射命大夫之耦曰子與某子射告於大夫曰某御於子")[1] == "司射 告 to=大夫 曰某御於子"
    assert events("大師告于樂正曰正歌備樂正由楹內東楹之東告于公乃降復位")[1:] == [
        "樂正 告 at=東楹東 to=公", "樂正 降", "樂正 復位"]


def test_the_offerings_wait_below():
    # 既夕禮: the offerings (奠, a thing as well as the act "set down") wait below the hall,
    # facing east (a food word opening its clause before a movement or posture is the thing
    # carried or waiting); 洗升 is still washing, then going up
    assert events("奠俟于下東面北上", ["主人"]) == [" 俟 obj=奠 at=堂下 東面"]
    assert events("主人洗升酌", ["賓"])[:2] == ["主人 洗", "主人 升"]


def test_in_line_with_gives_the_place():
    # 既夕禮: the carriage is presented in line with the east eave-end, shaft to the north (直 as
    # 當: the place where nothing else gives one; 北輈 how it stands); 士冠禮: 賓降直西序東面
    assert events("薦車直東榮北輈", ["主人"]) == ["主人 薦 obj=車 at=東榮"]
    assert events("賓降直西序東面") == ["賓 降 at=西序 東面"]


def test_an_arrangement_phrase_ends_its_clause():
    # 士昏禮, unpunctuated: the tripods are set out facing west, north the head of the row
    # (北上 ends the clause); the ladles and stands that come after open a clause of their own,
    # not the things of the act before; then the ladlers (匕者) withdraw
    got = events("舉者盥出除鼏舉鼎入陳于阼階南西面北上匕俎從設")
    assert got[-3:] == ["舉者 陳 at=阼階南 西面", " 從 obj=匕|俎", " 設 obj=匕|俎"]
    assert events("匕者逆退復位于門東北面西上", ["舉者"]) == ["匕者 退", "匕者 復位 at=門東 北面"]


def test_the_stands_are_set_by_those_who_carried_them():
    # 有司徹: the ladles are laid on by the two who held them; the two stands are set down by
    # the 司士 and his assistant, who carried them (not by whoever laid on the ladles)
    got = events("雍正執一匕以從雍府執二匕以從司士合執二俎以從司士贊者亦合執二俎以從匕皆加于鼎東枋二俎設于羊鼎西")
    assert got[-2:] == ["雍正|雍府 加 obj=匕 at=鼎", "司士|司士贊者 設 obj=俎 at=羊鼎西"]


def test_going_back_to_ones_place_takes_no_thing():
    # 士喪禮: the wine is set down; he who set it goes back to his place (the clause that opened
    # with the wine gives 錯 its thing, not 復位)
    assert events("酒錯復位") == [" 錯 obj=酒", " 復位"]


def test_a_facing_before_a_described_role_is_the_act_befores():
    # 士冠禮, unpunctuated: the host stands at the end of the east wall facing west; the 賓, at
    # the west wall facing east, is described, no act: 西面 is the host's
    assert events("主人升立于序端西面賓西序東面") == ["主人 升", "主人 立 at=序端 西面"]


def test_the_one_bowed_to_answers_after_what_he_does():
    # 特牲饋食禮, unpunctuated: the host bows, the 尸 sets the cup down and answers the bow
    # (答拜 is not the host's right after his own bow); 燕禮: 拜賓降筵北面答拜. The one who
    # answers, written once, is no recipient of the bow (2.242.0: 主人拜，尸奠觶答拜)
    assert events("主人拜尸奠觶答拜") == ["主人 拜", "尸 奠 obj=觶", "尸 答拜"]
    assert events("坐奠爵拜賓降筵北面答拜", ["主人"])[2:] == ["主人 拜", "賓 降席", "賓 答拜 北面"]


def test_to_each_in_turn_is_no_part_of_who_acts():
    # 鄉飲酒禮, unpunctuated: when the cup has gone round (辯), the last to receive (卒受者)
    # takes it down (辯 is no event, GUIDELINES 13, and not the start of a role in 者)
    assert events("辯卒受者以觶降坐奠于篚", ["衆賓"]) == ["卒受者 降 obj=觶", "卒受者 坐", "卒受者 奠 at=篚"]


def test_a_request_ends_where_the_one_asked_reports():
    # 既夕禮 and 士昏禮, unpunctuated: 請 asks (what the business is); the 賓 tells that it is
    # done (a role, then a report: not the words of the request); the one who asked bows him off
    assert events("又請賓告事畢拜送入", ["主人"]) == ["主人 請", "賓 告", "主人 拜送", "主人 入"]


def test_like_his_partner_is_no_subject():
    # 大射儀, unpunctuated: the 大夫 takes his arrows as his partner did (如其耦), then he
    # thrusts three into his belt facing north; 士虞禮: set out as before (如其設也): no second act
    got = events("大夫進坐亦兼取乘矢如其耦北面搢三挾一个揖進")
    assert got[3:] == ["大夫 搢 北面", "大夫 挾", "大夫 揖", "大夫 進"]
    assert events("祝反入徹設於西北隅如其設也") == ["祝 入", "祝 徹", "祝 設 at=西北隅"]


def test_a_word_that_takes_no_thing_is_a_thing_in_a_list():
    # 士冠禮, unpunctuated: the 賓 clears away the deerskin cap, the cap, the comb and the mat
    # (冠 "to cap someone" and 櫛 "to comb" take no thing: before a thing they are things)
    assert events("賓徹皮弁冠櫛筵入于房") == ["賓 徹 obj=皮弁|冠|櫛|筵", "賓 入 at=房"]


def test_an_offering_word_before_it_is_the_act():
    # 士昏禮: the mother-in-law receives the cup and sets it down (奠之: 奠 "set down", with 之
    # ending the clause, is no offering received)
    assert events("卒爵姑受奠之", ["婦"])[-2:] == ["姑 受", "姑 奠"]


def test_when_the_offering_is_done_the_sweeper_acts():
    # 既夕禮 記: 卒奠 is a time clause (GUIDELINES 1), then the sweeper (埽者) holds the broom
    # (not a participant 卒奠埽者; 卒受者, the last to receive, stays one)
    assert events("卒奠埽者執帚垂末內鬛從執燭者而東")[:2] == ["埽者 執", "埽者 從"]
    assert events("卒受者以觶降", ["衆賓"]) == ["卒受者 降 obj=觶"]


def test_when_the_invocation_is_done_the_host_bows():
    # 特牲饋食禮: 卒祝 is a time clause (the invoking done), not the 祝 joined to the 主人;
    # the 佐食 carries up the 尸's stand and covers it (鼏之: 鼏 "cover", 之 the stand)
    assert events("卒祝主人再拜稽首", ["祝"]) == ["主人 再拜", "主人 稽首"]
    assert events("佐食升肵俎鼏之設于阼階西") == ["佐食 升 obj=俎", "佐食 冪 obj=俎", "佐食 設 at=阼階西"]


def test_as_at_first_is_the_first_act_on_things_of_that_kind():
    # 特牲饋食禮: 舉骼及獸魚如初 — lifting the hind leg repeats the 佐食's lifting of the meat
    # for the 尸, not the 宗人's lifting of a tripod's cover when the victims were shown
    from kg.extract.passages import extract_events
    from kg.readers import read_file

    doc = read_file(CORPUS / "KR1d0038" / "KR1d0038_015.txt", None, None)
    got = extract_events(doc)
    leg = next(e for e in got if e.action == "舉" and e.objects == ["胳"])
    assert leg.agents == ["佐食"] and leg.repeats and leg.repeats[0].agents == ["佐食"]


def test_in_order_is_no_side_wall():
    # 公食大夫禮: the 大夫 go forward in order (序進), no place; 鄉射禮: the host, east of the
    # side wall (序東), unloosens his bow
    assert events("序進盥退者與進者交于前", ["大夫"])[:2] == ["大夫 進", "大夫 盥"]
    assert events("賓序西主人序東皆釋弓")[-1] == "賓|主人 釋 obj=弓 at=序東"


def test_he_drinks_then_sets_the_cup_down():
    # 公食大夫禮, unpunctuated: 奠 right after an act and before 於 sets the cup down on the
    # stand (no offering drunk); the 宰 holds the pottery dish (鐙) of the great broth
    assert events("賓坐祭遂飲奠於豐上")[-2:] == ["賓 飲", "賓 奠 at=豐上"]
    assert events("宰右執鐙左執蓋")[0] == "宰 執 obj=鐙"
    # (既夕禮: 祖奠 is the offering set out, 奠 after a word that is no act)
    assert events("祝饌祖奠于主人之南")[0] == "祝 饌 obj=奠 at=主人南"


def test_he_bows_to_one_then_with_the_other():
    # 士冠禮, unpunctuated: the host bows to the assistant, then bows with the 賓 and goes in
    # first (not the assistant and the 賓 bowing together), as the plain text punctuates it
    assert events("主人揖贊者與賓揖先入") == ["主人 揖 to=贊者", "主人|賓 揖", "主人|賓 入"]


def test_the_lord_greeted_also_greets():
    # 覲禮, unpunctuated: the king sends an envoy (使者: his cap and jade come before his
    # errand) to greet the lord (侯氏); the lord, also in the deerskin cap, meets him outside
    # the tent gate and bows (亦 after the one greeted: he acts too)
    assert events("王使人皮弁用璧勞侯氏亦皮弁迎于帷門之外再拜") == [
        "王 使 to=使者", "侯氏 迎 at=帷門外", "侯氏 再拜"]
    # (聘禮: 贈上介亦如之 — 亦 before a manner: the 上介 does nothing here)
    assert events("使下大夫贈上介亦如之使士贈衆介", ["公"])[0] == "公 使 to=大夫"


def test_the_guest_in_turn_sees_him():
    # 士相見禮, unpunctuated: the host asks to see the guest; the guest in turn (反) sees him and
    # withdraws (a role after the act that governs it, then 反 and an act, acts itself)
    assert events("主人請見賓反見退主人送于門外再拜")[:3] == ["主人 請", "賓 見", "賓 退"]


def test_the_errand_is_one_act():
    # 士喪禮, unpunctuated: the lord sends someone to condole (弔: the 弔者); the curtain is then
    # taken down (徹帷 is no part of the errand); the host meets him outside the chamber door
    got = events("君使人弔徹帷主人迎于寢門外")
    assert got[0] == "君 使 to=弔者" and " 徹 obj=帷" in " ".join(got) and got[-1] == "主人 迎 at=寢門外"
    # (使人以將命于室: the errand goes on to its place)
    assert events("庶兄弟襚使人以將命于室主人拜于位")[1] == "庶兄弟 使 to=將命者"


def test_each_ones_portion_is_no_subject():
    # 有司徹, unpunctuated: the 司士 lays five fish on the 尸's stand, one on each of the 侑's and
    # the host's (侑主人皆一魚: their portions, not who acts), and puts the large slices on top;
    # punctuated, 尸俎五魚 is whose stand (a count between the stand and the fish)
    got = events("司士朼魚亦司士載尸俎五魚横載之侑主人皆一魚亦横載之皆加膴祭于其上")
    assert {e.split(" ")[0] for e in got} == {"司士"} and "司士 加 obj=膴" in got
    got = events("司士朼魚，亦司士載。尸俎五魚，橫載之；侑、主人皆一魚，亦橫載之；皆加膴祭于其上。")
    assert {e.split(" ")[0] for e in got} == {"司士"}


def test_the_cuts_of_the_side_are_no_further_things():
    # 有司徹: the 司馬 lays the right side (右體) on the stand; the cuts counted after it say what
    # the side is (GUIDELINES 5: the head noun), no things of the act of their own
    got = events("司馬朼羊亦司馬載載右體肩臂肫骼臑正脊一脡脊一横脊一短脅一正脅一代脅一腸一胃一祭肺一載于一俎")
    assert got[2] == "司馬 載 obj=體" and got[-1] == "司馬 載 at=俎"


def test_a_facing_before_a_comparison_is_the_act_befores():
    # 少牢饋食禮: the dishes are set out again in the room, facing south, as they were set for
    # the meal (如饋之設 closes the clause; the facing is not the filling's after it)
    got = events("改饌豆籩于房中南面如饋之設實豆籩之實", ["司宮"])
    assert got[0] == "司宮 饌 obj=豆|籩 at=房中 南面" and got[1] == "司宮 實 obj=豆|籩"


def test_a_position_named_by_an_act_is_compared_whole():
    # 士虞禮: they take their places west, as at the position of the return wailing (如反哭位: no
    # wailing now); 有司如主人服即位: the dress is compared, then they take their position
    assert events("主人即位于堂衆主人及兄弟賓即位于西方如反哭位")[-1] == "衆主人|兄弟|賓 即 at=西方"
    assert events("有司如主人服即位于西方東面北上")[0] == "有司 即 at=西方 東面"


def test_a_place_before_a_facing_and_an_act_is_that_acts():
    # 燕禮, unpunctuated: the minister leaves the mat; at the top of the west stair, facing north,
    # he kneels (降席 names the place left); 有司徹: the host presents the cup, then east of the
    # east pillar, facing north, returns the bow; but 出門左西面再拜: he goes out to the gate's left
    assert events("卿降席西階上北面坐卒爵興")[:2] == ["卿 降席", "卿 坐 at=西階上 北面"]
    assert events("主人獻東楹東北面答拜")[1] == "主人 答拜 at=東楹東 北面"
    assert events("主人迎出門左西面再拜")[1:] == ["主人 出 at=門左", "主人 再拜 西面"]


def test_the_top_of_the_stair_then_the_next_role():
    # 燕禮, unpunctuated: the host presents the cup to the 大夫 at the top of the west stair; the
    # 大夫 goes up (not 上大夫, the senior grandee); 鄉射禮: 司射反位上耦揖進 keeps the first pair
    got = events("主人洗升獻大夫于西階上大夫升拜受觚")
    assert got[2] == "主人 獻 at=西階上 to=大夫" and got[3] == "大夫 升"
    assert events("司射反位上耦揖進")[1] == "上耦 揖"


def test_a_roles_mat_is_a_place_and_a_thing_that_stands_is_none_of_the_acts():
    # 鄉射禮, unpunctuated: the jars are set east of the 賓's mat (於賓席之東: a place, no one the
    # act is directed at), two of them (兩壺: rule things-after-place); ladles are put on them all; the basket stands south of them (篚在其南:
    # a thing described, not one 加 handles); 士冠禮: 醴在服北 is no act of serving sweet wine
    got = events("尊於賓席之東兩壺斯禁左玄酒皆加勺篚在其南東肆", ["賓"])
    assert got[0] == "賓 尊 obj=尊 at=賓席東" and got[1].startswith("賓 加 obj=勺 ")
    assert events("側尊一甒醴在服北有篚實勺觶角柶脯醢南上") == [" 實 obj=勺|觶|柶|脯醢"]


def test_the_hand_that_holds_is_no_side_of_the_place():
    # 大射儀, unpunctuated: the 司馬正 stands between the shooting marks, holding the grip in his
    # left hand (左執弣: the hand, not 物間左, the left of the marks)
    assert events("司馬正適下物立于物間左執弣")[1:] == ["司馬正 立 at=物間", "司馬正 執 obj=弣"]


def test_the_stand_written_as_in_the_siku_copy():
    # 公食大夫禮 in KR1d0038 writes the forfeit-cup stand 豊: it is 豐 (objects.tsv variant)
    assert events("宰夫右執觶左執豊進設于豆東")[:2] == ["宰夫 執 obj=觶", "宰夫 執 obj=豐"]


def test_the_wailing_stops_then_the_gate_is_closed():
    # 既夕禮, unpunctuated: the brothers go out of the gate; the wailing stops (哭止: 哭, flag
    # ceases); the gate is closed; 士虞禮: the 祝 goes up and stops the wailing (升止哭)
    assert events("衆主人出門哭止闔門") == ["衆主人 出 at=門", "衆主人 闔 at=門"]
    assert events("祝降洗觶升止哭")[-2:] == ["祝 升", "祝 止"]


def test_one_of_them_across_a_pause():
    # 燕禮, the punctuated plain text: the host presents the cup to the pipers; a full stop, then
    # one of them bows, comes up the stair and receives it (as in KR1d0038, unpunctuated)
    got = events("主人洗升獻笙于西階上。一人拜，盡階，不升堂，受爵，降。主人拜送爵。")
    assert got[3:7] == ["笙 拜", "笙 盡 at=階", "笙 不升堂", "笙 受 obj=爵"]


def test_the_one_asked_for_is_not_the_one_who_assents():
    # 燕禮, unpunctuated: the 射人 asks (the lord) to appoint a 司正; the lord assents (two roles
    # written one after the other after an act: the first is asked for, the last acts); but
    # 既夕禮: 命毋哭主人主婦皆不哭 — 皆 makes the host and his wife one party
    assert events("射人自阼階下請立司正公許射人遂為司正")[1] == "公 許"
    assert events("公史自西方東面命毋哭主人主婦皆不哭")[-1] == "主人|主婦 不哭"


def test_a_participant_already_named_and_one_acted_on():
    # 聘禮, unpunctuated: the 勞者 named at the passage's start follows (勞者 after 入 is the
    # participant again, not 勞 + 者); the lord bows to the envoy and brings him forward (進之: the
    # envoy is acted on, not the one who goes forward); 覲禮: 侯氏…再拜，侯氏遂從之 stays his
    assert events("勞者禮辭賓揖先入勞者從之乘皮設")[3] == "勞者 從"
    assert events("君揖使者進之上介立于其左")[:2] == ["君 揖 to=使者", "君 進"]
    assert events("侯氏送于門外再拜侯氏遂從之")[-1] == "侯氏 從"


def test_stepping_aside_answers_a_bow():
    # 聘禮, unpunctuated: the usher bows to the guest, who steps aside (辟, flag response: a role
    # before it is its subject even right after a bow); the 士介 are one party, the seconds of 士 rank
    assert events("擯者立于閾外以相拜賓辟")[-1] == "賓 辟"
    assert events("擯者執上幣出禮請受賓固辭公荅再拜擯者出立于門中以相拜士介皆辟")[-1] == "士介 辟"


def test_the_spoon_stood_upright_as_kr_writes_it():
    # 士冠禮 in KR1d0038: 啐醴捷柶 — 捷 is 建, he stands the spoon upright (actions.tsv variant)
    assert events("坐啐醴捷柶興", ["冠者"])[1:3] == ["冠者 啐 obj=醴", "冠者 建 obj=柶"]


def test_a_passage_read_again_gives_its_words_afresh():
    """A passage's words are kept for the next reading of the same text
    (kg.extract.tokens.tokenize): each reading gets a list of its own, since
    a reader may cut a facing in two (東南面) in its list; the words kept
    are bounded."""
    from kg.extract.tokens import TOKENIZED_KEPT, tokenize
    from kg.extract.vocab import vocabulary

    first = tokenize("司射東南面揖")
    words = [t.text for t in first]
    first[1:2] = []
    again = tokenize("司射東南面揖")
    assert again is not first and [t.text for t in again] == words and len(words) == 3
    for n in range(TOKENIZED_KEPT + 10):
        tokenize("司射" + "揖" * (n % 7) + str(n))
    assert len(vocabulary().tokenized) == TOKENIZED_KEPT


def test_a_way_before_a_when_phrase_and_a_facing_is_the_next_acts_place():
    """自/由 + place after an act and its thing, then 當X and a facing, then an
    act: the way to where that act is done (既夕禮), not the first act's
    place; and 當X gives no place where the way does (GUIDELINES 6)."""
    assert events("賓奉幣由馬西當前輅北面致命", ["賓"]) == ["賓 奉 obj=幣", "賓 致命 at=馬西 北面"]


def test_garments_are_what_the_dead_are_dressed_in_and_next_after_one_is_no_tent():
    """襲 takes the garments written after it (士喪禮: 商祝襲祭服褖衣次), and
    次 right after a garment is "next in order" (particles.tsv flag
    after-dress), not the changing tent it is elsewhere (司射適次)."""
    assert events("商祝襲祭服褖衣次") == ["商祝 襲 obj=服|衣"]
    assert events("司射適次袒決遂") == ["司射 適 at=次", "司射 袒", "司射 決", "司射 遂"]


def test_a_when_phrase_the_tables_lack_is_the_place_of_the_act_right_before_it():
    """當前束 (where the front binding is) right after an act with no place
    is that act's place as written (既夕禮; GUIDELINES 6); after other
    words (少南, slightly south) it is no act's."""
    assert events("降奠當前束", ["主人"]) == ["主人 降", "主人 奠 at=前束"]
    assert events("踊襲少南當前束", ["主人"]) == ["主人 踊", "主人 襲"]


def test_a_way_after_a_role_that_does_nothing_more_is_no_earlier_acts_place():
    """踊襲主婦及親者由足西面 (既夕禮): the 主婦 and kin stand by the foot of
    the bier facing west, with no act; 由足 is not where the 主人 put his
    garment back on. With an act after it the way is that act's, as before
    (小臣自阼階下，北面請執冪)."""
    assert events("踊襲主婦及親者由足西面", ["主人"]) == ["主人 踊", "主人 襲"]
    assert events("小臣自阼階下，北面請執冪") == ["小臣 請 at=阼階下 北面"]


def test_whoever_sees_the_lord_is_his_vassal_unless_the_story_goes_on():
    """始見于君執摯 (士相見禮) states a rule for any vassal: rule vassal, not the
    大夫 of the passage before. 乃易服…奠摯見於君 (士冠禮) goes on with the one
    just capped, and 庶人見於君 writes its subject."""
    assert events("始見于君執摯", ["大夫"]) == ["臣 見 to=君", "臣 執 obj=摯"]
    assert events("乃易服服玄冠玄端爵韠奠摯見於君", ["冠者"]) == ["冠者 奠 obj=摯", "冠者 見 to=君"]
    assert events("庶人見於君不為容", ["大夫"])[0] == "庶人 見 to=君"


def test_one_act_however_the_edition_writes_it():
    """KR1d0038 writes 佐食許諾啓㑹郤于敦南 where the punctuated text writes
    佐食許諾，啟會，卻於敦南 (士虞禮): 郤 is 卻 written otherwise
    (mappings/variants.tsv), one act; the term 郤 is retired to 卻."""
    assert events(normalise("佐食許諾啓㑹郤于敦南"))[-1] == events(normalise("佐食許諾，啟會，卻於敦南"))[-1] \
        == "佐食 卻 at=敦南"


def test_the_one_given_to_answers_the_gift_after_a_full_stop():
    """The punctuated text ends the sentence after the gift (覲禮 天子賜侯氏以車服。
    迎於外門外，再拜; 有司徹 主人洗，獻內賓於房中。南面拜受爵): the one given to
    answers it still (rule gift-answered), as in the unpunctuated editions."""
    assert events(normalise("天子賜侯氏以車服。迎於外門外，再拜。"))[1:] == ["侯氏 迎 at=外門外", "侯氏 再拜"]
    assert events(normalise("主人洗，獻內賓於房中。南面拜受爵，主人南面於其右答拜。"))[2] \
        == "內賓 拜受 obj=爵 南面"


def test_a_when_phrase_after_a_pause_in_the_punctuated_text():
    """The punctuated text sets 當X/直X off with commas (既夕禮): 薦車，直東榮，北輈
    — no act follows in the sentence, so it is where the carriages are presented,
    as 薦車直東榮北輈 reads in KR1d0038 (GUIDELINES 6; blind-README 既夕 decision
    24); 由馬西當前輅，北面致命 — the way is that of the act after the pause."""
    assert events(normalise("薦車，直東榮，北輈。"), ["主人"]) == ["主人 薦 obj=車 at=東榮"]
    assert events(normalise("賓奉幣，由馬西當前輅，北面致命。")) == ["賓 奉 obj=幣", "賓 致命 at=馬西 北面"]
    assert events("薦車直東榮北輈", ["主人"]) == ["主人 薦 obj=車 at=東榮"]


def test_counted_things_set_off_by_a_comma_still_open_their_clause():
    """士喪禮 in the punctuated text: 竹杠長三尺，置于宇西階上 and 貝三，實于笲 are
    what is put there, by no one named (rule thing-subject), as in KR1d0038's
    unpunctuated 竹杠長三尺置于宇西階上. Things not counted before a comma are
    no such topic: 主人玄冠，朝服，緇帶，素韠，即位於門東 (士冠禮) is what the 主人 wears."""
    assert events(normalise("竹杠長三尺，置于宇西階上。"), ["甸人"]) == [" 置 obj=杠 at=宇西階上"]
    assert events(normalise("貝三，實于笲。"), ["甸人"]) == [" 實 obj=貝 at=笲"]
    assert events(normalise("主人玄冠，朝服，緇帶，素韠，即位於門東，西面。")) == ["主人 即 at=門東 西面"]


def test_all_after_counted_cuts_is_the_cuts_not_the_parties():
    """少牢饋食禮 in the punctuated text: in …正脅一、代脅一，皆二骨以並 the 皆 is
    the cuts' (two ribs each), so the 司馬 alone puts them in the tripod, not
    the 雍人 written before with him (rule both-after-all does not apply)."""
    text = normalise("羹定，雍人陳鼎五，三鼎在羊鑊之西，二鼎在豕鑊之西。司馬升羊右胖。髀不升，肩、臂、臑、䏝、骼，"
                     "正脊一、橫脊短脅一、正脅一、代脅一，皆二骨以並，腸三、胃三、舉肺一、祭肺三，實於一鼎。")
    assert events(text)[-1].startswith("司馬 實 ")


def test_variant_characters_of_the_other_editions_read_as_the_reference():
    """Characters the SBCK and the punctuated text write otherwise (士喪禮):
    煑 is 煮 (受潘煑于垼: the act of boiling), 腕 is 掔 (麗於腕: the place as
    KR1d0038 writes it, 麗于掔); mappings/variants.tsv."""
    assert events(normalise("管人盡階不升堂受潘煑于垼用重鬲"), ["管人"])[-1] == "管人 煮 obj=鬲 at=垼"
    assert events(normalise("設決，麗於腕，自飯持之"), ["商祝"])[1] == "商祝 麗 at=掔"


def test_the_invoker_is_a_participant_only_once_named():
    """祝 is the invoker and "to invoke" (士冠禮 進祝加之: the 賓 invokes, then
    caps; rule act-not-participant); once a 祝 has acted in the rite it is
    that participant (士虞禮 尸卒爵祝受: the 祝 receives the cup)."""
    assert events("右執項左執前進祝加之如初", ["賓"])[3:] == ["賓 祝", "賓 加"]
    parser = PassageParser("尸卒爵祝受不相爵", ["尸"], [["祝"]])
    assert [compact(e) for e in parser.run()] == ["尸 卒爵", "祝 受"]


def test_the_words_after_a_sending_are_its_message():
    """使X…，曰「…」 (士相見禮 in the punctuated text; 覲禮 天子使大夫戒，曰): one
    使 event whose quote is the message, as the unpunctuated text reads it
    (blind-README 士相見 decision 2), not a second saying after the pause."""
    got = events(normalise("賓出。使擯者還其摯於門外，曰：「某也使某還摯。」"), ["主人"])
    assert got[1:] == ["賓 使 to=擯者 曰某也使某還摯"]


def test_things_wait_but_do_not_kneel():
    """有司徹 in the punctuated text: 取籩於房，麷、蕡坐設於豆西 — the 主婦 kneels
    and sets the dishes (no thing sits: flag waits is on 俟 and 待 only); 二燭俟于殯門外
    is still the candles waiting (rule thing-subject); 拾踴三: they leap in turn."""
    got = events(normalise("興，取籩於房，麷、蕡坐設於豆西，當外列，麷在東方。"), ["主婦"])
    assert got[2:] == ["主婦 坐", "主婦 設 at=豆西"]
    assert events(normalise("二燭俟于殯門外"), ["主人"]) == [" 俟 obj=燭 at=殯門外"]
    assert events(normalise("即位，拾踴三，襲。"), ["主婦"]) == ["主婦 即 at=位", "主婦 踊", "主婦 襲"]


def test_guards_of_this_sessions_rules_on_real_text():
    """The guards of 2.151.0–2.160.0, each on the text it keeps right:
    a 當 phrase set off by commas before another act in the sentence is no
    place of the act before it (士喪禮 商祝執巾從入，當牖北面，徹枕: 入 has none);
    things listed and then ，皆 open their clause (新盆、槃…，皆濯); 以齒 is "by age",
    no thing (皆薦以齒); 臣 is a role only as a subject (請旅諸臣: no act of a 臣);
    夷槃 is the basin 盤."""
    from kg.extract.tokens import tokenize

    mourning = events(normalise("商祝執巾從入，當牖北面，徹枕，設巾。"))
    assert mourning[2] == "商祝 入"
    assert events(normalise("新盆、槃、瓶、廢敦、重鬲，皆濯，造于西階下。"), ["甸人"])[0] == " 濯 obj=盆|盤|瓶|敦|鬲"
    assert events(normalise("樂正與立者，皆薦以齒。"), ["主人"]) == ["主人 薦"]
    assert "臣" not in {a for e in events(normalise("賓告于擯者，請旅諸臣。擯者告于公，公許。"), ["賓"])
                        for a in e.split(" ")[0].split("|")}
    assert [t.readings for t in tokenize(normalise("士有冰用夷槃可也")) if t.text == "夷盤"] == [{"object": "盤"}]


def test_a_role_and_a_side_after_a_facing_and_a_full_stop_acts():
    """既夕禮 in the punctuated text: 婦人升，東面。眾主人東即位 — the 衆主人 go east
    and take their places, as KR1d0038's 婦人升東面衆主人東即位 reads; not a place
    "east of the 衆主人" where the 婦人 stand."""
    assert events(normalise("主人從，升。婦人升，東面。眾主人東即位。"), ["主人"])[-1] == "衆主人 即 at=東"


def test_the_food_set_out_the_court_fire_and_the_road_are_things_and_places():
    """2.162.0, from the second blind sets (士喪禮 12.16–25, 既夕禮 13.10–12):
    饌 is the food set out where a thing or a place is expected (徹饌, 乃適饌,
    饌東) and the act of setting it out before a 于 phrase (饋饌于室中西北隅, and
    after 具 "ready": 具饌于西塾; 婦席薦饌于房: the 于 phrase is no place of 席); 燎 is the fire lit in the court (為燎, 滅燎);
    道 is the road (出自道, 道左)."""
    assert events(normalise("徹饌先取醴酒北面"), ["祝"]) == ["祝 徹 obj=饌", "祝 取 obj=醴|酒 北面"]
    assert events(normalise("乃適饌"), ["執事者"]) == ["執事者 適 at=饌"]
    assert events(normalise("燭俟于饌東")) == [" 俟 obj=燭 at=饌東"]
    assert events(normalise("卒餕有司官徹饋饌于室中西北隅南面"))[-1] == "有司 饌 at=室中西北隅 南面"
    assert events(normalise("筮與席所卦者具饌于西塾"), ["有司"]) == ["有司 饌 at=西塾"]
    # 士昏禮 記: the 于 phrase is where the food is set out; 席 is no act "lays the mat" there
    assert events(normalise("婦席薦饌于房"))[0] == "婦 饌 obj=薦 at=房"
    assert events(normalise("宵為燎于門內之右")) == [" 為 obj=燎 at=門內右"]
    assert events(normalise("滅燎執燭俠輅北面"))[0] == " 滅 obj=燎"
    assert events(normalise("甸人抗重出自道道左倚之"), chapter=13) == ["甸人 抗 obj=重", "甸人 出 at=道", "甸人 倚 at=道左"]


def test_a_request_again_is_made_by_the_one_who_asked_before():
    """既夕禮 13.10: 擯者出請 | 入告，出，以賓入，將命如初，士受羊如受馬，又請 — the
    擯者 asks again, not the 士 written last in the run (rule again, now also
    for requests and commands)."""
    from kg.extract.passages import extract_events
    from kg.readers import read_file

    doc = read_file(CORPUS / "KR1d0038" / "KR1d0038_013.txt")
    passage = next(p.index for p in doc.passages if p.span.norm.endswith("士受羊如受馬又請"))
    again = [e for e in extract_events(doc) if e.passage == passage and e.action == "請"]
    assert [(e.agents, e.rule_for("agent")) for e in again] == [(["擯者"], "again")]


def test_one_named_by_what_he_does_acts_after_there_is():
    """2.163.0, 士喪禮 12.25 (second blind set): 有襚者則將命 — if there is one who
    brings grave clothes, he conveys his message (it was the 主人); but 有賓則拜之
    keeps the 賓 as the one bowed to, and 有奇者則曰奇 (an odd tally: 奇 is no
    act) names no one."""
    assert events(normalise("有襚者則將命擯者出請入告主人待于位"), ["主人"])[:2] == ["襚者 將命", "擯者 出"]
    assert events(normalise("有賓則拜之"), ["主人"]) == ["主人 拜 to=賓"]
    assert events(normalise("有奇者則曰奇"), ["釋獲者"]) == ["釋獲者 曰 曰奇"]


def test_the_men_and_women_and_a_position_compared_by_its_place():
    """2.163.0, 士喪禮 12.22: 男女 is one party (it was 女 alone), and 如室位 — as
    their places in the chamber — is a comparison, no place of the leaping."""
    got = events(normalise("士舉男女奉尸侇于堂幠用夷衾男女如室位踊無算"))
    assert got[1] == "男女 奉" and got[-1] == "男女 踊"


def test_the_mourners_leap_as_before_the_men_and_the_women():
    """士虞禮 14: 尸入門丈夫踊婦人踊 … 尸入戶踊如初 — as at first, the men leap
    and the women leap (鄭注 on 及大門內踊如初: 男女); an act of the mourners
    repeated takes all who did it in turn then, not only the first."""
    from kg.extract.passages import extract_events
    from kg.readers import read_file

    doc = read_file(CORPUS / "KR1d0038" / "KR1d0038_014.txt")
    passage = next(p.index for p in doc.passages if p.span.norm.startswith("尸入戶踊如初"))
    leap = next(e for e in extract_events(doc) if e.passage == passage and e.action == "踊")
    assert (leap.agents, leap.rule_for("agent")) == (["丈夫", "婦人"], "repeats-first")
    assert compact(leap.repeats[0]) == "丈夫 踊"


def test_no_principal_is_carried_into_setting_things_out_unless_he_holds_the_thing():
    """士喪禮 12: …主人拜送 | 熬黍稷各二筐，有魚腊，饌于西坫南 — officers no one
    names set the food out (actions.tsv flag sets-out), not the 主人 carried from
    before; but 聘禮 8: 賓以几辟 | 北面設几，不降 — the 賓 sets down the armrest
    he was just seen to hold."""
    from kg.extract.passages import extract_events
    from kg.readers import read_file

    doc = read_file(CORPUS / "KR1d0038" / "KR1d0038_012.txt")
    passage = next(p.index for p in doc.passages if p.span.norm.startswith("熬黍稷各二筐"))
    setting = [e for e in extract_events(doc) if e.passage == passage]
    assert [(e.action, e.agents) for e in setting][-1] == ("饌", [])
    doc = read_file(CORPUS / "KR1d0038" / "KR1d0038_008.txt")
    passage = next(p.index for p in doc.passages if p.span.norm.startswith("北面設几不降"))
    first = next(e for e in extract_events(doc) if e.passage == passage)
    assert (compact(first), first.rule_for("agent")) == ("賓 設 obj=几 北面", "carried-passage")


def test_the_gifts_and_the_list_of_grave_goods_are_written_things():
    """既夕禮 13: 書賵於方, 書遣於策 — what is written is the list of the funeral
    gifts (賵) and of the things to be buried (遣): things after an act that
    takes them (objects.tsv also_verb); 公賵玄纁束馬兩 is still the lord's gift."""
    assert events("書賵於方若九若七若五", chapter=13) == [" 書 obj=賵 at=方"]
    assert events("書遣於策", chapter=13) == [" 書 obj=遣 at=策"]
    assert events("公賵玄纁束馬兩", chapter=13) == ["公 賵 obj=玄纁|馬"]
    assert events("兄弟賵奠可也", chapter=13) == ["兄弟 奠"]  # (the gift the offering sets out; the gold: two acts)


def test_one_led_in_is_the_movements_recipient_and_a_deed_after_a_role_narrows_it():
    """士喪禮 12: 擯者出告須，以賓入 — the 擯者 leads the 賓 in (rule led-with); 既夕禮
    13: 賓賵者將命 — the guests who bring gifts, one party (a subject narrowed); 大射儀
    退者與進者 stay two parties; 士昏禮 壻饗婦送者丈夫婦人 — those feasted are the
    bride's escorts, not narrowed to the bride."""
    assert events("擯者出告須以賓入", chapter=12)[-1] == "擯者 入 to=賓"
    assert events("賓賵者將命", chapter=13) == ["賓 將命"]
    assert events("退者與進者揖")[0] == "退者|進者 揖"
    assert events("壻饗婦送者丈夫婦人", chapter=2)[0] == "壻 饗 to=婦|送者|丈夫|婦人"


def test_leading_someone_in_as_before_does_not_repeat_going_in_alone():
    """既夕禮 13.10: 擯者出請 | 入告，出，以賓入，將命如初 — the 擯者 goes in, out and
    leads the 賓 in; only 將命 repeats the first gift (the 士 went out and the 主人
    in alone then)."""
    from kg.extract.passages import extract_events
    from kg.readers import read_file

    doc = read_file(CORPUS / "KR1d0038" / "KR1d0038_013.txt")
    passage = next(p.index for p in doc.passages if p.span.norm.startswith("入告出以賓入將"))
    got = [e for e in extract_events(doc) if e.passage == passage]
    assert [compact(e) for e in got[:4]] == ["擯者 入", "擯者 告", "擯者 出", "擯者 入 to=賓"]
    assert [e.action for e in got if e.repeats] == ["將命"]


def test_an_act_no_one_is_named_for_takes_no_agent_from_the_act_it_repeats():
    """士喪禮 12: 設床笫于兩楹之間，衽如初 — officers no one names set the bed out
    (it had been the 商祝 of the first bed); 陳三鼎…髀不升 — the thigh is not put
    in, by no one (it had been the 襚者 of an earlier 不升)."""
    from kg.extract.passages import extract_events
    from kg.readers import read_file

    doc = read_file(CORPUS / "KR1d0038" / "KR1d0038_012.txt")
    got = extract_events(doc)
    bed = next(p.index for p in doc.passages if p.span.norm.startswith("設床笫于兩楹之間"))
    first = next(e for e in got if e.passage == bed)
    assert (compact(first), first.repeats[0].agents) == (" 設 obj=床|笫 at=楹間", ["商祝"])
    tripods = next(p.index for p in doc.passages if p.span.norm.startswith("陳三鼎于門外"))
    set_out = [e for e in got if e.passage == tripods]
    assert [e.action for e in set_out][:2] == ["陳", "升"] and all(e.agents == [] for e in set_out)


def test_the_grave_clothes_and_the_pit_are_things():
    """士喪禮 12: 商祝布絞衾散衣祭服 — the binding strips, the shroud, the loose
    garments and the sacrificial robes (散衣 is 衣, not the cup 散); 掘肂 — the pit
    for the coffin is what is dug."""
    assert events("商祝布絞衾散衣祭服", chapter=12) == ["商祝 布 obj=絞|衾|衣|服"]
    assert events("掘肂見衽", chapter=12)[0] == " 掘 obj=肂"


def test_where_one_goes_may_be_his_own_and_the_rank_of_the_left_is_no_place():
    """覲禮 10: 上介皆奉其君之旂，置于宮，尚左 — set up in the enclosure, the left
    ranking first (尚左: an arrangement, so 宮 is the place as written); 皆就其旂
    — each goes to his banner (其 before the goal of 就)."""
    got = events("上介皆奉其君之旂置于宮尚左公侯伯子男皆就其旂而立", chapter=10)
    assert got[1:3] == ["上介 置 at=宮", "公|侯|伯|子|男 就 at=旂"]  # (the five ranks: 2.177.0)
    assert events("釋獲者就其薦坐")[0] == "釋獲者 就 at=薦"


def test_mourners_leaping_as_before_take_those_written_and_not_the_repeating_guess():
    """The repeat of 踊 (如初) takes the men and the women written leaping in
    turn, even where the guess carried was the first of them (丈夫), and
    neither itself nor another guess joins them."""
    from kg.extract.repeats import RepeatAsk, resolve

    def leap(agents, rule, passage):
        event = Event("踊", list(agents), passage=passage)
        event.mark("agent", rule)
        return event

    men, women = leap(["丈夫"], "written-subject", 1), leap(["婦人"], "written-subject", 1)
    guessed = leap(["主人"], "carried-clause", 1)
    again = leap(["丈夫"], "carried-passage", 2)
    resolve([men, women, guessed, again], [RepeatAsk("first", [again])])
    assert again.agents == ["丈夫", "婦人"] and again.repeats == [men]


def test_a_host_is_kept_for_an_act_done_for_someone_and_mourners_with_no_one_carried_are_the_hosts():
    """為之洗 (the host washes for him) and 為衆子 are no setting out; in 士喪禮
    設熬旁一筐，乃塗，踊無算 (no one named sets the baskets out) the leaping is
    the principal party's, not no one's (rule mourners-act)."""
    from kg.extract.carry import sets_out_afresh
    from kg.extract.passages import extract_events
    from kg.readers import read_file

    assert not sets_out_afresh(normalise("為之洗"), 4, [])
    assert sets_out_afresh(normalise("為燎于門內之右"), 13, [])
    doc = read_file(CORPUS / "KR1d0038" / "KR1d0038_012.txt")
    passage = next(p.index for p in doc.passages if p.span.norm.startswith("設熬旁一筐"))
    got = [e for e in extract_events(doc) if e.passage == passage]
    assert got[0].agents == [] and [(e.agents, e.rule_for("agent")) for e in got if e.action == "踊"] \
        == [(["衆主人"], "mourners-act")]


def test_a_thing_written_again_after_the_acts_things_is_no_place_of_the_act():
    """士喪禮 12: 設扃鼏，鼏西末 — the bar and the cover are set on; the cover's
    fringe lies to the west, no place of 設; but 主人洗，洗南 (燕禮): the act, then
    the basin's south, the place."""
    assert events("設扃鼏鼏西末素俎在鼎西", chapter=12)[0] == " 設 obj=扃|鼏"
    assert events("主人坐取觚洗洗南西北面")[-1] == "主人 洗 at=洗南 西北面"


def test_what_each_vessel_holds_and_what_there_is_too_are_the_things_set_out():
    """2.174.0, 士喪禮 12: 熬黍稷各二筐，有魚腊，饌于西坫南 — the grain, two baskets
    of each (particles.tsv flag counts-each: the baskets are no thing of the
    list), and the fish and dried meat there are too, are what is set out; but
    少牢 16: 執一金敦黍有蓋 — the lid the vessel has is no thing of its own."""
    assert events("熬黍稷各二筐有魚腊饌于西坫南", chapter=12) == [" 饌 obj=黍|稷|魚|腊 at=西坫南"]
    assert events("主婦自東房執一金敦黍有蓋坐設于羊俎之南")[0] == "主婦 執 obj=敦 at=東房"  # 2.217.0: what it holds
    assert events(normalise("侇牀饌于階間"), chapter=13) == [" 饌 obj=床 at=階間"]  # the bed for the body (夷牀)


def test_where_one_stands_before_a_facing_and_what_a_comparison_names_is_no_place():
    """2.174.0, 士喪禮 12: 朋友親襚如初儀西階東北面哭 — east of the west stair,
    facing north (after a word the tables lack as after a subject); 覲禮 10:
    侯氏降階，東北面再拜 — the steps gone down, then the facing north-east;
    如於室禮 — as the rite in the chamber — gives the act after it no place."""
    assert "朋友 哭 at=西階東 北面" in events("朋友親襚如初儀西階東北面哭踊三降")
    assert events("侯氏降階，東北面再拜稽首")[:2] == ["侯氏 降 at=階", "侯氏 再拜 東北面"]
    assert events(normalise("賔升自西階出于足西面委衣如於室禮降出"))[-2] == "賓 降"


def test_a_role_and_a_side_after_a_place_gone_by_acts_and_two_named_by_deeds_each_act():
    """2.174.0, 士喪禮 12: 主人出于足降自西階衆主人東即位 — the 衆主人 go east to
    their places (the role acts, going that way), not the 主人 by their east;
    既夕禮 13: 知死者贈知生者賻 — the act of the one just named by his deed, then
    another so named (not 贈知生者, one who gives)."""
    assert events("主人出于足降自西階衆主人東即位")[-1] == "衆主人 即 at=東"
    assert events("知死者贈知生者賻", chapter=13) == ["知死者 贈", "知生者 賻"]
    from kg.extract.tokens import tokenize

    words = [tok.text for tok in tokenize("有執膳爵者有執散爵者執膳爵者酌以進公")]
    assert words[4:6] == ["執膳爵者", "酌"]  # 燕禮: the one named before, not 執 + 膳爵者


def test_a_passage_that_is_a_condition_alone_is_no_event_and_a_place_is_no_mat_spread():
    """2.174.0: 既夕禮 13 若奠 | 若賻 and 聘禮 8 若君不見 | 使大夫受 — a condition
    alone names what the next passage does in that case: no event; the lord
    written in it is who sends. 燕禮 6 筵前獻賓 opens with a place (before the
    mat), no mat spread: the one carried is kept."""
    from kg.extract.carry import sets_out_afresh
    from kg.extract.passages import extract_events
    from kg.readers import read_file

    assert events("若奠", ["擯者"]) == [] and events("若賻", ["士"]) == []
    assert events(normalise("又請。若賻，入告。"), ["擯者"], chapter=13) == ["擯者 請", "擯者 入", "擯者 告"]
    doc = read_file(CORPUS / "KR1d0038" / "KR1d0038_008.txt")
    passage = next(p.index for p in doc.passages if p.span.norm.startswith("若君不見"))
    got = [e for e in extract_events(doc) if e.passage in (passage, passage + 1)]
    assert got[0].passage == passage + 1 and compact(got[0]) == "君 使 to=大夫"
    assert not sets_out_afresh(normalise("筵前獻賓"), 6, []) and sets_out_afresh(normalise("筵于戶西"), 6, [])
    assert not sets_out_afresh(normalise("其設于外如于室"), 12, [])  # how they are set out: a description


def test_things_each_opening_a_clause_of_the_same_act_and_foods_fronted_are_things():
    """2.175.0, 士喪禮 12: 豆錯，俎錯于豆東 — the dishes are set down, then the
    stand, each thing opening its own clause of the same act (not 錯 the stand
    twice); 醴酒錯于豆南 — the sweet wine and the wine are set down, and 醴酒位如初
    (where they stand, as at first) is no act: 醴 serves someone sweet wine only
    where it takes no foods after it (not 薦脯醢, serving the dried meat)."""
    got = events("豆錯俎錯于豆東立于俎北西上醴酒錯于豆南", ["執事者"], chapter=12)
    assert got[:2] == [" 錯 obj=豆", " 錯 obj=俎 at=豆東"] and got[-1] == " 錯 obj=醴|酒 at=豆南"
    assert events("醴酒位如初執事豆北南面東上", ["執事者"], chapter=12) == []
    assert events("乃醴賓以一獻之禮", ["主人"], chapter=1)[0] == "主人 醴 to=賓"  # (士冠禮: 醴 the act)
    # (敦啓會郤諸其南醴酒位如初: where the wine stands is as at first; 卻 repeats nothing)
    assert not any(e.repeats for e in PassageParser("敦啓會郤諸其南醴酒位如初", ["甸人"], chapter=12).run())


def test_the_deities_of_the_court_rite_are_offered_to_and_only_there():
    """2.176.0, 覲禮 10 記: 禮日於南門外，禮月與四瀆於北門外 — the king honours the
    sun, the moon and the four rivers with a rite (senses.tsv: 禮 an act, the
    deities roles of class Deity, only in 覲禮; 四瀆 and 丘陵 joined from their
    characters); 象日月升龍降龍 — the sun and moon painted on the banner do
    nothing, and the rising and falling dragons are painted too. Elsewhere 日 is
    a day: 右前射三日戒宰… stays a heading (大射, seed 000), 禮 no act."""
    from kg.text.headings import heading_length

    got = events(normalise("禮日於南門外禮月與四瀆於北門外禮山川丘陵於西門外"), ["天子"], chapter=10)
    assert got == ["天子 禮 at=南門外 to=日", "天子 禮 at=北門外 to=月|四瀆", "天子 禮 at=西門外 to=山|川|丘陵"]
    assert events(normalise("天子乘龍載大旂象日月升龍降龍出拜日於東門之外"), chapter=10) == [
        "天子 乘 obj=龍", "天子 載 obj=旂", "天子 出", "天子 拜 at=東門外 to=日"]
    assert events(normalise("禮日於南門外"), ["天子"], chapter=7) == []
    assert events("饗禮乃歸", ["天子"], chapter=10) == ["天子 饗", "天子 禮", "天子 歸"]  # (the gold: 饗, 禮)
    assert heading_length("右前射三日戒宰視滌量道張侯樂人宿縣于阼階東") == len("右前射三日戒宰視滌量道張侯")


def test_the_five_ranks_of_lords_and_subjects_set_off_by_a_pause_before_all():
    """2.177.0, 覲禮 10 記: 公侯伯子男皆就其旂而立 — the five ranks go each to his
    banner (senses.tsv: 侯, 伯, 子, 男 are ranks only in 覲禮; elsewhere 侯 is the
    target); the punctuated text's 公、侯、伯、子、男，皆就其旂 too, and 既夕禮's
    御者四人，皆坐持體: the subjects before the pause and 皆 act."""
    assert events(normalise("公侯伯子男皆就其旂而立"), ["上介"], chapter=10) == [
        "公|侯|伯|子|男 就 at=旂", "公|侯|伯|子|男 立"]
    assert events(normalise("公、侯、伯、子、男，皆就其旂而立。"), ["上介"], chapter=10)[0] == "公|侯|伯|子|男 就 at=旂"
    assert events(normalise("御者四人，皆坐持體，屬纊以俟絕氣。"), ["養者"], chapter=13)[0] == "御者 坐"
    assert events(normalise("司射適堂西設侯"), chapter=5)[-1] == "司射 設 obj=侯"


def test_a_passage_opening_when_an_act_is_done_and_then_setting_out_carries_no_one():
    """2.178.0, 有司徹 17: …司宮 | 卒燅，乃升羊豕魚三鼎…乃設扃鼏，陳鼎于門外 and 少牢 16
    卒脀，皆設扃冪，乃舉，陳鼎 — when the warming (the loading) is done, officers no
    one names put the meat in and set the tripods out (carried-passage: 卒 and
    the act or thing done is a time clause, as 厥明); but 鄉射禮 5 卒，北面搢三挾一个:
    done, the two who shot go on."""
    from kg.extract.carry import opens_at_a_time
    from kg.extract.passages import extract_events
    from kg.readers import read_file

    assert opens_at_a_time(normalise("卒燅乃升羊豕魚三鼎"), 17) and opens_at_a_time(normalise("卒脀皆設扃冪"), 16)
    assert not opens_at_a_time(normalise("卒北面搢三挾一个"), 5)
    doc = read_file(CORPUS / "KR1d0038" / "KR1d0038_017.txt")
    passage = next(p.index for p in doc.passages if p.span.norm.startswith("卒燅乃升"))
    got = [e for e in extract_events(doc) if e.passage == passage]
    assert [(e.action, e.agents) for e in got][:3] == [("升", []), ("設", []), ("陳", [])]


def test_the_grave_goods_listed_before_they_follow_and_counted():
    """2.181.0, 既夕禮 13: 茵苞器序從 — the mat, the reed wrappings and the
    vessels follow in order (a list written before its act goes on past 苞,
    also "to wrap", and 序 "in order" may stand between); 苞二筲三, 葦苞長三尺:
    counted or measured, 苞 is the thing; 徹巾苞牲取下體: wrapping the victim;
    藏苞筲於旁: stored beside the coffin."""
    assert events("茵苞器序從", ["徹者"], chapter=13) == [" 從 obj=茵|苞|器"]
    assert events("苞二筲三黍稷麥", ["徹者"], chapter=13) == []
    assert events("葦苞長三尺一編", ["徹者"], chapter=13) == []
    assert events("徹巾苞牲取下體", ["徹者"], chapter=13) == [
        "徹者 徹 obj=巾", "徹者 苞 obj=牲", "徹者 取 obj=體"]
    assert events("藏苞筲於旁", ["賓"], chapter=13) == ["賓 藏 obj=苞|筲 at=旁"]
    assert events("士盥二人以竝東面立于西階下", chapter=12)[0] == "士 盥"  # (two men: no thing counted)


def test_the_piglet_put_in_whole_and_the_mats_laid_in_layers():
    """2.181.0, 士喪禮 12: 陳三鼎于門外北上豚合升魚鱄鮒九 — the piglet (豚, new in
    the tables) goes in whole (合 "together" between a thing and its act), and
    the fish after it are the next thing listed, not where the piglet goes;
    布席于戸内下莞上簟: the mats laid rush below, bamboo above, no side of the
    door; 設盆盥于饌東: the basin and its water (盆盥) are the washing water;
    豚解 is one act, the cutting up (the piglet is no thing of it)."""
    assert events("陳三鼎于門外北上豚合升魚鱄鮒九腊左胖髀不升", chapter=12)[:2] == [
        " 陳 obj=鼎 at=門外", " 升 obj=豚"]
    assert events(normalise("布席于戸内下莞上簟"), ["有司"], chapter=12) == ["有司 布 obj=席 at=戶內"]
    assert events("設盆盥于饌東有巾", chapter=12) == [" 設 obj=盥 at=饌東"]
    assert events("豕亦如之豚解無腸胃", chapter=13) == [" 解"]


def test_the_lung_for_raising_counted_after_bones_side_by_side_and_clothing_the_body():
    """2.182.0, 少牢 16: …皆二骨以竝，舉肺一，祭肺三，實于一鼎 — 舉肺 is the
    lung for raising, one counted cut after the bones laid side by side (以竝),
    no act 舉, and the bones are no thing of 實 (how they lie); 佐食舉肺脊 is
    still the act. 士喪禮 12: 升自阼階以衣尸, 襚者入衣尸出 — 衣 is the act of
    clothing the body only right before what it takes (flag thing-only);
    降衣于前 and 布絞衾散衣祭服 keep the robe a thing."""
    got = events(normalise("司士升豕右胖髀不升肩臂臑膊胳正脊一脡脊一横脊一短脅一正脅一代脅一皆二骨以竝舉肺一祭肺三實于一鼎"),
                 chapter=16)
    assert [e for e in got if " 舉" in e] == [] and got[-1] == "司士 實 at=鼎"
    assert events("佐食舉肺脊授尸", chapter=14)[0] == "佐食 舉 obj=肺|脊"
    assert events("皆二骨以並，舉肺一，祭肺三，實于一鼎。", ["司士"], chapter=16) == ["司士 實 at=鼎"]
    assert events("受用篚升自阼階以衣尸", ["復者"], chapter=12)[-1] == "復者 衣 obj=尸"
    assert events(normalise("禭者入衣尸出"), chapter=12) == ["襚者 入", "襚者 衣 obj=尸", "襚者 出"]
    assert events("降衣于前", ["復者"], chapter=12) == ["復者 降 obj=衣 at=前"]
    assert events("商祝布絞衾散衣祭服", chapter=12) == ["商祝 布 obj=絞|衾|衣|服"]


def test_making_out_where_the_lord_faces_and_not_facing_him_askew():
    """2.183.0, 士相見禮 3: 必辯君之南面，若不得則正方，不疑君 — 辯 before the lord
    and 之 is the act of setting oneself square to where he faces (辯猶正也),
    正方 is one act, and 疑 before the lord an act (疑，度之) he is the one of;
    elsewhere 辯 and 疑 are adverbs, no event (辯獻, 爵辯卒受者興, 疑立: stands
    composed). 有司徹 17: 婦贊者執白黑 — the parched rice and millet (senses.tsv:
    白 and 黑 are foods there only)."""
    assert events("凡燕見于君必辯君之南面若不得則正方不疑君", ["臣"], chapter=3) == [
        "臣 見 to=君", "臣 辯", "臣 正", "臣 不疑 to=君"]
    assert events("主人辯獻衆賓", chapter=4) == ["主人 獻 to=衆賓"]
    assert events("爵辯卒受者興", ["主人"], chapter=4) == ["卒受者 興"]
    assert events("主人西階上疑立", chapter=4) == ["主人 立 at=西階上"]
    assert events("婦贊者執白黑以授主婦", chapter=17)[0] == "婦贊者 執 obj=白|黑"
    assert not [e for e in events(normalise("設六色東方青南方赤西方白北方黑"), chapter=10) if "白" in e or "黑" in e]


def test_things_joined_by_yu_before_an_act_on_zhi_are_held_together():
    """2.184.0, 少牢 16: 史…左執筮，右抽上韇，兼與筮執之 — he holds the case with
    the stalks (與 + a thing, then an act on 之: the thing is its object too, and
    筮 after 與 is the stalks, not "divine"); 既夕禮 13 記 滅燭，書與算執之:
    the document and the tallies held."""
    assert events("史朝服左執筮右抽上韇兼與筮執之東面受命于主人", chapter=16)[2] == "史 執 obj=筮"
    assert events("滅燭書與算執之以逆出", ["釋獲者"], chapter=13)[1] == "釋獲者 執 obj=書|算"
    assert events("嚌之", ["賓"], chapter=4) == ["賓 嚌"]  # (a pronoun alone stays no thing)


def test_the_chief_mourner_does_not_set_out_the_offerings_before_burial():
    """2.185.0, rule mourner-apart: 既夕禮 薦車直東榮北輈, 主人入袒乃載 — the
    carriages offered and the coffin loaded by officers no one names, not the
    主人 carried into them (乃奠: 祝與執事為之, 鄭注); in the other rites the
    one carried sets out (鄉射禮 chapter 5), and a written 主人 stays."""
    assert events("薦車直東榮北輈", ["主人"], chapter=13) == [" 薦 obj=車 at=東榮"]
    assert events("主人入袒乃載踊無算", chapter=13)[:3] == ["主人 入", "主人 袒", " 載"]
    assert events("薦車直東榮北輈", ["主人"], chapter=5) == ["主人 薦 obj=車 at=東榮"]
    assert events("主人奠爵于篚", chapter=13) == ["主人 奠 obj=爵 at=篚"]


def test_though_the_great_officer_does_not_decline():
    """2.186.0, 士喪禮 12: 大夫雖不辭，入也 — 雖 "although" is a word the tables
    know now (particles.tsv), so 不辭 after it is the 大夫's act not done (after
    a word the tables lack, 聲不絕, a negated act is no event)."""
    assert events("不踊大夫雖不辭入也", ["主人"], chapter=12)[:2] == ["主人 不踊", "大夫 不辭"]


def test_mends_after_the_review_of_the_seventeenth_session():
    """2.187.0: only an adverb that reads so before an act stands between a
    thing and its act (五魚橫載之: the fish, crosswise, are still what 載
    loads); 葦苞，長三尺 with a pause is measured too (no act 苞); 讓升 makes no
    event only where the role after it goes first (壹揖壹讓升，主人升: both go up);
    the women who leap are not carried into setting out after acts no one did
    (士喪禮, punctuated); 朔月奠用特豚 is no act of the 衆主人 either."""
    assert events("司士朼魚亦司士載尸俎五魚横載之", chapter=17)[1] == "司士 載 obj=俎|魚"
    assert events(normalise("葦苞，長三尺，一編。"), ["徹者"], chapter=13) == []
    assert "賓 升" in events("賓盥卒壹揖壹讓升主人升復初位", chapter=1)
    got = events(normalise("祝先出，酒、豆、籩、俎序従，降自西階。婦人踴。設於序西南，當西榮，如設於堂。"), chapter=12)
    # (2.220.0: the 祝 who leads them out goes on after the things that follow — rule things-follow — and
    # sets them down past the women's leaping, as the blind 士喪禮 II gold names him in 其餘取先設者出于足，降自西階，
    # 婦人踊，設于序西南)
    assert got[-2:] == ["婦人 踊", "祝 設 at=序西南"]
    assert events("朔月奠用特豚魚腊", ["衆主人"], chapter=12) == [" 奠 obj=豚|魚|腊"]


def test_raising_and_flanking_are_acts_and_the_grave_boards_things():
    """2.190.0, 既夕禮 13 and 士喪禮 12: 甸人抗重, 御者四人抗衾而浴 — 抗 "to raise"
    (new in the tables) takes the effigy, the coverlet; 執燭俠輅北面 and 圉人夾牽之 — 俠/夾 "to flank" (new), a movement
    whose place is the thing flanked (the facing is the flanking's, not the
    holding's); 加抗席, 加抗木: the mats (席, GUIDELINES 5: the head noun) and
    the boards laid over the grave are things, no act 抗."""
    assert events("御者四人抗衾而浴", chapter=12) == ["御者 抗 obj=衾", "御者 浴"]
    assert events("滅燎執燭俠輅北面", chapter=13) == [" 滅 obj=燎", " 執 obj=燭", " 俠 at=輅 北面"]
    assert events("轡圉人夾牽之", chapter=13)[0] == "圉人 夾"
    assert events("加抗席三", chapter=13) == [" 加 obj=席"]
    assert events("覆之加抗木", ["徹者"], chapter=13) == ["徹者 覆", "徹者 加 obj=抗木"]
    # 燕禮, 鄉射禮 記: 若飲君如燕則夾爵 — one act, drinking before and after the lord (no place 爵)
    assert events("若飲君如燕則夾爵", ["賓"], chapter=6)[-1] == "賓 夾爵"


def test_dress_handled_where_it_is_put_and_the_robe_held_by_its_waist():
    """2.192.0, 士喪禮 12: 乃屨綦結于跗 — the shoe-ties (dress) written before an
    act that puts them somewhere (于) are what it ties; 主婦被錫衣侈袂薦自東房
    (少牢): the sleeves are worn, no thing of 薦. 左執領右執要: the waist of the
    robe (要, new in the tables) is held; 要絰 is the waist band (絰)."""
    assert events("乃屨綦結于跗", ["商祝"], chapter=12) == ["商祝 屨", "商祝 結 obj=綦 at=跗"]
    assert events("主婦被錫衣侈袂薦自東房韭菹醓醢", chapter=16)[-1] == "主婦 薦 obj=菹|醢 at=東房"
    assert events("襚者左執領右執要入升", chapter=12)[:2] == ["襚者 執 obj=領", "襚者 執 obj=要"]
    assert events("取要絰", ["主人"], chapter=12) == ["主人 取 obj=絰"]


def test_the_quarters_and_what_goes_there_are_no_place_of_setting_out():
    """2.193.0, 覲禮 記: 設六色，東方青，南方赤… and 設六玉…南方璋，西方琥: which colour
    and which jade go on which side of the 方明 — the quarters in such a list are
    no place of 設 (it had 東方, and 北方 waiting for the next 設); a quarter
    alone after an act still is (適東方)."""
    got = events("方明者木也方四尺設六色東方青南方赤西方白北方黑上玄下黃設六玉上圭下璧南方璋西方琥北方璜東方圭",
                 chapter=10)
    assert got == [" 設 obj=色", " 設 obj=玉"]
    assert events("主人適東方", chapter=4) == ["主人 適 at=東方"]


def test_handed_to_someone_the_text_does_not_name():
    """2.194.0, 覲禮 10: 以馬出授人 — he goes out with the horses and hands them
    to someone (人, the recipient as written, GUIDELINES 3); 士昏禮 降授人脯:
    the dried meat is still what is handed."""
    assert events("賓降授人脯出", chapter=2)[1] == "賓 授 obj=脯 to=人"  # (以馬出授人: test_rules.py)
    assert events("宰授几主人受", chapter=17)[0] == "宰 授 obj=几 to=主人"


def test_those_who_cleared_away_lay_no_new_offering():
    """2.195.0, 既夕禮 13.5: 徹者升自阼階，降自西階 | 乃奠如初，升降自西階 — the
    new offering is laid by officers no one names, not by the 徹者 carried in
    (actions.tsv flag clears on 徹, offers-dead on 奠); a 奠者 carried into 奠
    stays (his own deed)."""
    from kg.extract.carry import named_for_another_deed
    from kg.extract.passages import extract_events
    from kg.readers import read_file

    doc = read_file(CORPUS / "KR1d0038" / "KR1d0038_013.txt")
    passage = next(p.index for p in doc.passages if p.span.norm.startswith("乃奠如初升降自西階"))
    got = [e for e in extract_events(doc) if e.passage == passage]
    assert [compact(e) for e in got] == [" 奠", " 升 at=西階", " 降 at=西階"]
    assert not named_for_another_deed(["奠者"], "奠") and not named_for_another_deed(["徹者"], "升")


def test_a_thing_written_twice_opens_a_clause_of_its_own():
    """2.197.0, 既夕禮 13: 用器弓矢耒耜兩敦兩杅槃匜匜實于槃中 — the list of vessels
    ends before the ewer written again, which opens its clause: the ewer is put
    in the basin; 聘禮 米禾視死牢牢十車: the carts count the 牢, no thing of 視;
    two words of one label written side by side are no repeat (短脅代脅)."""
    assert events(normalise("用器弓矢耒耜兩敦兩杅槃匜匜實于槃中南流"), chapter=13) == [" 實 obj=匜 at=盤中"]
    assert events("門外米禾視死牢牢十車", ["賓"], chapter=8) == ["賓 視 obj=米|禾|牢 at=門外"]
    assert events(normalise("乃盛俎臑臂肫脡脊横脊短脅代脅皆牢"), ["尸"], chapter=17)[0].endswith("脊|脅")


def test_people_counted_at_a_passages_opening_act_as_written():
    """2.198.0, rule counted-people: 既夕禮 二人還重，左還 — two men turn the
    effigy (人, not the 祝 carried in); not 一人 (大射儀 下大夫二人媵爵 | 一人待于
    洗南: one of the two), nor a count within a passage (士盥，二人以竝…立: the 士)."""
    assert events("二人還重左還", ["祝"], chapter=13) == ["人 還 obj=重", "人 還"]
    assert events("一人待于洗南", ["媵爵者"], chapter=7) == ["媵爵者 待 at=洗南"]
    assert events("士盥二人以竝東面立于西階下", chapter=12)[-1] == "士 立 at=西階下 東面"


def test_the_robes_not_laid_upside_down():
    """2.199.0, 士喪禮 12: 商祝布絞衾散衣祭服，祭服不倒，美者在中 — 倒 (new in the
    tables) is the act not done on the robes written again (thing-not-done,
    though 布 took them just before); 不倒美者 is no participant 倒美者 (a
    word X者 of three right after 不 whose first is an act), while 不勝者 stays
    the losers and 不使賤者 is the act 使 not done to the 賤者."""
    assert events("商祝布絞衾散衣祭服祭服不倒美者在中", chapter=12) == [
        "商祝 布 obj=絞|衾|衣|服", "商祝 不倒 obj=服"]
    from kg.extract.tokens import tokenize
    assert [t.text for t in tokenize("不勝者", 5)] == ["不勝者"]
    assert events("必使異姓，不使賤者。", ["宗人"], chapter=14)[-1] == "宗人 不使 to=賤者"


def test_men_the_text_does_not_name_are_carried_nowhere():
    """2.199.0 (review of 2.198.0): 既夕禮 二人還重，左還 | 布席，乃奠如初 — the two men
    who turned the effigy are no one to carry into the next passage: the mat
    and the offering are laid by officers no one names (the blind gold)."""
    from kg.extract.passages import extract_events
    from kg.readers import read_file

    doc = read_file(CORPUS / "KR1d0038" / "KR1d0038_013.txt")
    turned = next(p.index for p in doc.passages if p.span.norm.startswith("二人還重"))
    got = extract_events(doc)
    assert [compact(e) for e in got if e.passage == turned] == ["人 還 obj=重", "人 還"]
    assert [compact(e) for e in got if e.passage == turned + 1][:2] == [" 布 obj=席", " 奠"]
