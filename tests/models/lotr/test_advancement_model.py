"""LotR experience and advancement: the XP log, the 5 picks, the limits, undo and the GM override."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gmtool.models.lotr.advancement_model import UNSET_COST, LotRAdvancementModel
from gmtool.models.lotr.rules_model import RULES_KEY
from gmtool.rules.systems.lotr.character import XpEntry
from tests.models.lotr.advancement_fixtures import (
    TODAY,
    assert_refused,
    five_picks,
    lotr_id,
    make_model,
    stored,
)


def test_999_xp_is_no_advancement_and_1000_is_one(campaign_model):
    model = make_model(campaign_model, xp=999)
    five_picks(model)
    assert model.standing() == {"xp_total": 999, "earned": 0, "taken": 0, "available": 0, "xp_to_next": 1}
    assert_refused(model, "次の成長まで 1 点")

    model.xp.add_other_xp(1, "ロールプレイ")
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


def test_undo_restores_xp_and_advancement(campaign_model):
    model = make_model(campaign_model, xp=1000)
    before = model.character
    model.xp.add_test_xp(20)
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
    model.xp.add_test_xp(10)
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
        model.xp.add_test_xp(10)
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
