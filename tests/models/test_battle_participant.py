"""One participant's changes: damage and healing that the system's rules settle (a line reached),
a value the GM sets, status, side and secrecy, conditions counted at someone's turn; each one undo
step and one log line, and the note that tells the GM what a resource is."""

from __future__ import annotations

import pytest

from gmtool.models.battle_model import BattleModel
from gmtool.rules.battle_types import BattleRefused, Side, Status


@pytest.fixture
def battle(campaign_model):
    model = BattleModel(campaign_model)
    model.new_encounter("fourcard", "乱闘")
    return model


def last_log(campaign_model) -> str:
    return campaign_model.log_entries()[-1].payload["summary"]["inputs"]


def test_damage_is_settled_by_the_rules_and_healing_never_undoes_death(battle, campaign_model):
    (thug,) = battle.roster.add_quick("ならず者", {"st": 4, "wp": 6, "vt": 5})  # 昏倒 at 25, 死亡 at 35
    edit = battle.edit
    edit.damage(thug, "injury", 25)
    assert battle.state().get(thug).status is Status.DEFEATED
    assert last_log(campaign_model) == "ならず者の負傷: 0 → 25（戦闘不能）"
    edit.damage(thug, "injury", 10)
    assert battle.state().get(thug).status is Status.DEAD
    edit.damage(thug, "injury", -10)
    assert battle.state().get(thug).status is Status.DEAD
    campaign_model.undo_stack.undo()
    assert battle.state().get(thug).resource("injury").value == 35


def test_the_gm_sets_a_value_the_rules_leave_open_and_the_note_says_so(campaign_model):
    battle = BattleModel(campaign_model)
    battle.new_encounter("sengensho", "")
    (ghost,) = battle.roster.add_quick("怨霊", {})
    edit = battle.edit
    assert "ルールに決まっていません" in edit.resource_note(ghost, "hp")
    assert edit.resource(ghost, "nothing") is None and edit.resource_note(ghost, "nothing") == ""
    assert edit.resource(None, "hp") is None
    edit.set_resource(ghost, "hp", 15, 15)
    assert (edit.resource(ghost, "hp").value, edit.resource(ghost, "hp").maximum) == (15, 15)
    assert edit.resource_note(ghost, "hp") == ""
    with pytest.raises(BattleRefused, match="0 以上"):
        edit.set_resource(ghost, "hp", -1)


def test_a_track_is_said_to_count_damage_taken(battle):
    (thug,) = battle.roster.add_quick("ならず者", {"st": 4, "wp": 6, "vt": 5})
    assert "受けたダメージを数える値" in battle.edit.resource_note(thug, "injury")


def test_status_side_and_secrecy_are_each_one_logged_step(battle, campaign_model):
    (thug,) = battle.roster.add_quick("ならず者", {"st": 4, "wp": 6, "vt": 5})
    edit, stack = battle.edit, campaign_model.undo_stack
    steps = stack.count()
    edit.set_status(thug, Status.FLED)
    edit.set_status(thug, Status.FLED)  # unchanged: no step
    assert last_log(campaign_model) == "ならず者: 逃走" and stack.count() == steps + 1
    edit.set_side(thug, Side.ALLY)
    assert battle.state().get(thug).side is Side.ALLY and last_log(campaign_model) == "ならず者: 味方"
    edit.set_hidden(thug, True)
    assert battle.state().get(thug).hidden and last_log(campaign_model) == "ならず者を非公開に"
    assert stack.count() == steps + 3


def test_conditions_are_added_counted_on_someones_turn_and_removed(battle, campaign_model):
    (a,) = battle.roster.add_quick("甲", {"st": 4, "wp": 6, "vt": 5})
    (b,) = battle.roster.add_quick("乙", {"st": 4, "wp": 6, "vt": 5})
    edit = battle.edit
    with pytest.raises(BattleRefused, match="状態の名前"):
        edit.add_condition(a, "  ", None, None)
    edit.add_condition(a, "金縛り", 2, b)
    assert last_log(campaign_model) == "甲: 状態「金縛り」2ラウンド（乙で数える）"
    edit.add_condition(a, "毒", 1, None)
    assert last_log(campaign_model) == "甲: 状態「毒」1ラウンド（ラウンド終了で数える）"
    edit.remove_condition(a, "金縛り")
    assert [c.name for c in battle.state().get(a).conditions] == ["毒"]
    with pytest.raises(BattleRefused, match="ありません"):
        edit.remove_condition(a, "金縛り")
