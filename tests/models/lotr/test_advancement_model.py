"""LotR experience and advancement: the XP log, the 5 picks, the limits, undo and the GM override."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.models.lotr.advancement_model import UNSET_COST, LotRAdvancementModel
from gmtool.models.lotr.rules_model import RULES_KEY
from gmtool.rules.systems.lotr.character import XpEntry
from tests.qt_fixtures import reopen_characters, sample_lotr_character

TODAY = "2026-12-01"


def lotr_id(campaign_model, name: str = "ナール") -> str:
    return next(s.id for s in campaign_model.characters_of("lotr") if s.character.name == name)


def make_model(campaign_model, xp: int = 0, name: str = "ナール") -> LotRAdvancementModel:
    """The model over a demo LotR character, with `xp` already in its log."""
    character_id = lotr_id(campaign_model, name)
    if xp:
        character = campaign_model.character(character_id)
        campaign_model.update_character(
            character_id, replace(character, xp_log=(XpEntry(TODAY, "前のシナリオ", xp),)), "準備"
        )
    return LotRAdvancementModel(campaign_model, character_id, today=lambda: TODAY)


def stored(model: LotRAdvancementModel):
    return reopen_characters(model.campaign_model.campaign.path)[model.character.name]


def five_picks(model: LotRAdvancementModel) -> None:
    """Observe +2 (an order skill), Appraise +1 (not), Health +1, Nimbleness +1: 5 picks."""
    model.add_pick("skill_rank", "Observe")
    model.add_pick("skill_rank", "Observe")
    model.add_pick("skill_rank", "Appraise")
    model.add_pick("health", cost=1)
    model.add_pick("attribute", "nim", cost=1)


def assert_refused(model: LotRAdvancementModel, fragment: str) -> None:
    """take() is refused naming the reason, and nothing is written."""
    before, steps = model.character, model.campaign_model.undo_stack.count()
    assert fragment in "\n".join(model.blocking() + model.problems())
    assert not model.can_take()
    with pytest.raises(ValueError, match=fragment):
        model.take()
    assert model.character == before
    assert model.campaign_model.undo_stack.count() == steps


def test_999_xp_is_no_advancement_and_1000_is_one(campaign_model):
    model = make_model(campaign_model, xp=999)
    five_picks(model)
    assert model.standing() == {"xp_total": 999, "earned": 0, "taken": 0, "available": 0, "xp_to_next": 1}
    assert_refused(model, "次の成長まで 1 点")

    model.add_other_xp(1, "ロールプレイ")
    assert model.standing()["available"] == 1
    assert model.problems() == [] and model.can_take()
    taken = model.take()
    assert taken.order == "warrior" and taken.date == TODAY and len(taken.picks) == 5
    assert model.picks == ()  # the builder starts over
    assert model.standing() == {"xp_total": 1000, "earned": 1, "taken": 1, "available": 0, "xp_to_next": 1000}
    assert stored(model).advancements == (taken,)


def test_taking_an_advancement_changes_the_sheet(campaign_model):
    model = make_model(campaign_model, xp=1000)
    before = model.character
    five_picks(model)
    model.take()
    after = stored(model)
    assert after.skill("Observe").ranks == before.skill("Observe").ranks + 2 == 7
    assert after.skill("Appraise").ranks == before.skill("Appraise").ranks + 1 == 4
    assert after.health == before.health + 1 == 18
    assert after.attributes.nim == before.attributes.nim + 1 == 10
    assert after.overrides == ()  # nothing was overridden


def test_a_reaction_grows_by_a_gm_typed_cost(campaign_model):
    model = make_model(campaign_model, xp=1000)
    with pytest.raises(ValueError, match=UNSET_COST):
        model.add_pick("reaction", "willpower")  # the summary gives no cost: the GM must type it
    pick = model.add_pick("reaction", "willpower", cost=3)
    assert pick.cost == 3 and "GM" in pick.note
    model.add_pick("skill_rank", "Climb")
    model.add_pick("skill_rank", "Climb")
    model.take()
    assert stored(model).reactions.willpower == 1
    assert stored(model).skill("Climb").ranks == 5


def test_picks_totalling_4_or_6_are_refused_with_the_reason(campaign_model):
    model = make_model(campaign_model, xp=1000)
    for _ in range(4):
        model.add_pick("skill_rank", "Observe" if _ < 2 else "Climb")
    assert model.picks_left == 1
    assert_refused(model, "使用 4 / 5 点")
    model.add_pick("health", cost=2)
    assert model.picks_left == -1
    assert_refused(model, "使用 6 / 5 点")
    model.remove_pick(4)
    model.add_pick("health", cost=1)
    assert model.can_take()


def test_an_order_skill_grows_2_ranks_but_another_skill_only_1(campaign_model):
    model = make_model(campaign_model, xp=1000)
    model.add_pick("skill_rank", "Ranged Combat")  # order skill
    model.add_pick("skill_rank", "Ranged Combat")
    model.add_pick("skill_rank", "Healing")  # not an order skill
    model.add_pick("skill_rank", "Healing")
    model.add_pick("skill_rank", "Climb")
    assert_refused(model, "Healing: 1 回の成長で職業スキル以外は 1 ランクまでです")
    assert not any("Ranged Combat" in p for p in model.problems())
    model.remove_pick(3)
    model.add_pick("skill_rank", "Unarmed Combat")
    model.take()
    assert stored(model).skill("Ranged Combat").ranks == 5
    assert stored(model).skill("Healing").ranks == 3


def test_a_rank_past_12_is_refused_even_with_the_override(campaign_model):
    character_id = lotr_id(campaign_model)
    character = campaign_model.character(character_id)
    skills = tuple(replace(s, ranks=11) if s.name == "Observe" else s for s in character.skills)
    campaign_model.update_character(
        character_id, replace(character, skills=skills, xp_log=(XpEntry(TODAY, "前", 1000),)), "準備"
    )
    model = LotRAdvancementModel(campaign_model, character_id, today=lambda: TODAY)
    model.add_pick("skill_rank", "Observe")
    model.add_pick("skill_rank", "Observe")
    model.add_pick("skill_rank", "Climb")
    model.add_pick("skill_rank", "Climb")
    model.add_pick("skill_rank", "Appraise")
    assert_refused(model, "Observe: 技能は 12 ランクまでです")
    model.override = True  # the sheet cannot hold rank 13: no override passes it
    assert "12 以下" in model.blocking()[0]
    assert_refused(model, "記録できない値になります")


def test_gm_override_takes_an_advancement_and_records_why(campaign_model):
    model = make_model(campaign_model, xp=400)
    five_picks(model)
    model.override = True
    assert model.can_take()
    model.take()
    after = stored(model)
    assert len(after.advancements) == 1
    assert after.overrides == ("成長時の GM 許可: 成長できません: 経験点 400、次の成長まで 600 点",)


def test_a_new_flaw_gives_6_picks(campaign_model):
    model = make_model(campaign_model, xp=1000)
    flaw = model.add_pick("flaw", "Arrogant")
    assert flaw.cost == -6
    assert model.picks_left == 11
    with pytest.raises(ValueError, match="ルール表で -6 点"):
        model.add_pick("flaw", "Proud", cost=-3)  # the table's value is the cost
    for name in ("Observe", "Observe", "Climb", "Climb", "Ranged Combat", "Ranged Combat"):
        model.add_pick("skill_rank", name)
    model.add_pick("health", cost=3)
    model.add_pick("attribute", "vit", cost=2)
    assert model.picks_left == 0
    model.take()
    after = stored(model)
    assert after.flaws[-1] == "Arrogant"
    assert after.attributes.vit == 14 and after.health == 18


def test_the_order_the_advancement_counts_for_is_recorded(campaign_model):
    character_id = lotr_id(campaign_model)
    character = campaign_model.character(character_id)
    campaign_model.update_character(
        character_id,
        replace(character, other_orders=("barbarian",), xp_log=(XpEntry(TODAY, "前", 1000),)),
        "兼業",
    )
    model = LotRAdvancementModel(campaign_model, character_id, today=lambda: TODAY)
    assert model.order_choices() == [("warrior", "Warrior（戦士）"), ("barbarian", "Barbarian（蛮族の戦士）")]
    model.order = "barbarian"
    five_picks(model)
    model.take()
    assert stored(model).advancements[-1].order == "barbarian"


def test_targets_are_checked_when_a_pick_is_added(campaign_model):
    model = make_model(campaign_model, xp=1000)
    with pytest.raises(ValueError, match="能力値を選んでください"):
        model.add_pick("attribute", "luck", cost=1)
    with pytest.raises(ValueError, match="名前"):
        model.add_pick("edge", "  ", cost=1)
    with pytest.raises(ValueError, match="分野"):
        model.add_pick("specialisation", "Observe/", cost=1)
    assert model.picks == ()


def test_a_specialisation_already_taken_cannot_be_taken_again(campaign_model):
    model = make_model(campaign_model, xp=1000)
    model.add_pick("specialisation", "Armed Combat: Axes / Battle-axe", cost=5)
    assert model.picks[0].target == "Armed Combat: Axes/Battle-axe"
    assert model.problems() == ["Armed Combat: Axes の特化「Battle-axe」はすでにあります"]
    assert_refused(model, "すでにあります")


def test_xp_for_a_tn_15_test_is_15(campaign_model):
    model = make_model(campaign_model)
    assert model.add_test_xp(15, "扉の謎を解いた") == 15
    entry = stored(model).xp_log[-1]
    assert (entry.xp, entry.date) == (15, TODAY)
    assert "目標値 15" in entry.reason and "扉の謎を解いた" in entry.reason
    with pytest.raises(ValueError, match="目標値"):
        model.add_test_xp(0)


def test_an_objective_of_500_shared_by_3_gives_167_each(campaign_model):
    model = make_model(campaign_model)
    assert model.objective_share("secondary", 3) == 167  # 166.67 rounded half up
    assert model.objective_share("primary", 3) == 333
    assert model.objective_share("scene", 8) == 13  # 12.5 → 13: halves round up
    assert model.add_objective_xp("secondary", sharers=3) == 167
    entry = stored(model).xp_log[-1]
    assert entry.xp == 167 and "シナリオの2番目の目的" in entry.reason and "3 人" in entry.reason


def test_an_objective_awarded_to_several_characters_is_one_undo_step(empty_campaign_model):
    ids = [
        empty_campaign_model.insert_character("lotr", sample_lotr_character(name), "追加")
        for name in ("ピピン", "メリー", "サム")
    ]
    model = LotRAdvancementModel(empty_campaign_model, ids[0], today=lambda: TODAY)
    assert [n for _, n in model.lotr_characters()] == ["ピピン", "メリー", "サム"]
    steps = empty_campaign_model.undo_stack.count()
    assert model.add_objective_xp("secondary", recipients=ids) == 167
    assert [empty_campaign_model.character(i).xp_total for i in ids] == [167, 167, 167]
    assert empty_campaign_model.undo_stack.count() == steps + 1
    empty_campaign_model.undo_stack.undo()
    assert [empty_campaign_model.character(i).xp_total for i in ids] == [0, 0, 0]

    with pytest.raises(ValueError, match="受け取る人数"):
        model.add_objective_xp("scene", sharers=2, recipients=ids)
    with pytest.raises(ValueError, match="受け取るキャラクターを選んで"):
        model.add_objective_xp("scene", sharers=2, recipients=[])


def test_a_non_lotr_character_cannot_receive_an_objective(campaign_model):
    model = make_model(campaign_model)
    other = next(s.id for s in campaign_model.characters() if s.system != "lotr")
    with pytest.raises(ValueError, match="指輪物語RPGのキャラクターではありません"):
        model.add_objective_xp("scene", recipients=[model.character_id, other])
    assert model.character.xp_log == ()


def test_other_xp_needs_a_reason_and_entries_can_be_removed(campaign_model):
    model = make_model(campaign_model)
    with pytest.raises(ValueError, match="理由"):
        model.add_other_xp(50, "  ")
    model.add_other_xp(50, "見事なロールプレイ")
    model.add_test_xp(12)
    assert model.standing()["xp_total"] == 62
    removed = model.remove_xp_entry(0)
    assert removed.reason == "見事なロールプレイ"
    assert [e.xp for e in stored(model).xp_log] == [12]
    with pytest.raises(ValueError, match="行を選んで"):
        model.remove_xp_entry(5)


def test_xp_that_paid_for_an_advancement_is_kept_unless_the_gm_overrides(campaign_model):
    model = make_model(campaign_model, xp=1000)
    model.add_other_xp(20, "ロールプレイ")
    five_picks(model)
    model.take()  # 1020 XP, one advancement
    steps = campaign_model.undo_stack.count()
    reason = "経験点の合計が 20 点になり、済んだ成長 1 回に使った 1000 点を下回ります"
    with pytest.raises(ValueError, match=reason) as refused:
        model.remove_xp_entry(0)
    assert "GM オーバーライドを有効にすると記録できます" in str(refused.value)
    with pytest.raises(ValueError, match="970 点になり、済んだ成長 1 回に使った 1000 点"):
        model.add_other_xp(-50, "訂正")
    assert campaign_model.undo_stack.count() == steps and stored(model).xp_total == 1020

    model.override = True
    model.remove_xp_entry(0)
    after = stored(model)
    assert after.xp_total == 20 and len(after.advancements) == 1
    assert after.overrides == (f"経験点の GM 許可: {reason}（成長に使った経験点は取り消せません）",)


def test_xp_below_zero_is_refused(campaign_model):
    model = make_model(campaign_model, xp=100)
    with pytest.raises(ValueError, match="経験点の合計が -50 点になります（0 未満にはできません）"):
        model.add_other_xp(-150, "減点")
    assert stored(model).xp_total == 100


def test_removing_a_negative_line_or_xp_not_yet_spent_needs_no_override(campaign_model):
    model = make_model(campaign_model, xp=1000)
    model.add_other_xp(-300, "減点")
    model.add_other_xp(400, "ロールプレイ")
    five_picks(model)
    model.take()  # 1100 XP, one advancement
    model.remove_xp_entry(1)  # -300 out: 1400
    model.add_other_xp(-400, "訂正")  # 1000: still pays for it
    assert stored(model).xp_total == 1000 and stored(model).overrides == ()


def test_undo_restores_xp_and_advancement(campaign_model):
    model = make_model(campaign_model, xp=1000)
    before = model.character
    model.add_test_xp(20)
    five_picks(model)
    model.take()
    stack = campaign_model.undo_stack
    assert stack.text(stack.index() - 1).startswith("成長（技能ランク +1: Observe")
    stack.undo()
    assert stored(model).advancements == () and stored(model).xp_total == 1020
    stack.undo()
    assert stored(model) == before


def test_every_action_is_logged(campaign_model):
    model = make_model(campaign_model, xp=1000)
    model.add_test_xp(10)
    five_picks(model)
    model.take()
    entries = [e for e in campaign_model.log_entries() if e.kind == "lotr-advancement"]
    assert [e.payload["action"] for e in entries] == ["test", "advancement"]
    summary = entries[-1].payload["summary"]
    assert summary["who"] == "ナール" and "成長 1 回目" in summary["result"]
    assert entries[-1].payload["picks"][3] == {
        "kind": "health",
        "target": "",
        "cost": 1,
        "note": "消費量は GM が入力",
    }


def test_the_model_follows_undo_and_deletion(campaign_model, qtbot):
    model = make_model(campaign_model)
    with qtbot.waitSignal(model.changed):
        model.add_test_xp(10)
    with qtbot.waitSignal(model.changed):
        campaign_model.undo_stack.undo()
    campaign_model.delete_character(model.character_id)
    assert not model.exists


def test_pick_costs_follow_the_campaigns_house_rules(campaign_model, qtbot):
    model = make_model(campaign_model, xp=1000)
    assert model.rule_cost("attribute", "per") is None  # the summary gives no cost
    with qtbot.waitSignal(model.changed):
        campaign_model.set_session_value(RULES_KEY, {"schema": 1, "picks": {"attribute": 3}}, "ハウスルール")
    assert model.rule_cost("attribute", "per") == 3
    assert model.rule_cost("attribute", "str") is None  # Strength is favoured: its own (unset) cost
    assert model.add_pick("attribute", "per").cost == 3
    campaign_model.set_session_value(RULES_KEY, {"schema": 1, "picks": {"attribute": "three"}}, "壊れた表")
    assert model.rule_cost("attribute", "per") is None and "picks" in model.rules_problem
