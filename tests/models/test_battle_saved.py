"""Saved encounters: kept under a name (one undo step), called up as the current encounter with
fresh participants, deleted; an unreadable stored list reads as none."""

from __future__ import annotations

import pytest

from gmtool.models.battle_model import BattleModel
from gmtool.rules.battle_types import BattleRefused


def test_a_saved_encounter_comes_back_with_fresh_participants(campaign_model):
    battle = BattleModel(campaign_model)
    battle.new_encounter("aw", "山賊")
    first, second = battle.roster.add_quick("山賊", {"initiative": 5, "hp": 10}, count=2)
    battle.edit.add_condition(first, "放心", 2, second)
    saved = battle.saved
    saved.save()
    assert saved.names() == ["山賊"] and campaign_model.undo_stack.undoText() == "戦闘を保存"
    assert campaign_model.log_entries()[-1].payload["summary"]["inputs"] == "戦闘「山賊」を保存（2人）"
    battle.new_encounter("aw", "別の戦闘")
    saved.load("山賊")
    state = battle.state()
    assert [p.name for p in state.participants] == ["山賊 A", "山賊 B"] and state.name == "山賊"
    assert {p.id for p in state.participants}.isdisjoint({first, second})
    (condition,) = state.participants[0].conditions
    assert condition.counts_on == state.participants[1].id  # still counted on 山賊 B
    with pytest.raises(BattleRefused, match="ありません"):
        saved.load("山賊 2")


def test_saving_under_a_name_replaces_it_and_deleting_is_undone(campaign_model):
    battle = BattleModel(campaign_model)
    battle.new_encounter("aw", "山賊")
    battle.roster.add_quick("山賊", {"initiative": 5})
    saved = battle.saved
    saved.save("待ち伏せ")
    battle.roster.add_quick("頭目", {"initiative": 7})
    saved.save("待ち伏せ")
    assert saved.names() == ["待ち伏せ"] and len(saved.encounters()[0].participants) == 2
    saved.delete("待ち伏せ")
    assert saved.names() == []
    campaign_model.undo_stack.undo()
    assert saved.names() == ["待ち伏せ"]


def test_an_unreadable_saved_list_reads_as_none(campaign_model):
    campaign_model.set_session_value("battle.saved", [{"participants": "壊れた"}], "壊す")
    assert BattleModel(campaign_model).saved.encounters() == ()
