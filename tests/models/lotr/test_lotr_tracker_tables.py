"""The combat tracker plays LotR with the campaign's own tables: a wound penalty the GM enters in
ルール表 (the summary gives none) and the reading of an empty one (house rule
lotr.unset_wound_penalty) reach the tracker's penalties at once, as they reach the sheet, and the
tracker shows its fight again when they change."""

from __future__ import annotations

from gmtool.models.battle_model import BattleModel
from gmtool.models.house_rules_model import HouseRulesModel
from gmtool.models.lotr.rules_model import LotRRulesModel
from gmtool.rules.systems.lotr.house_rules import UNSET_WOUND_PENALTY, UNSET_ZERO


def test_the_gms_wound_penalty_and_the_reading_reach_the_tracker(qtbot, campaign_model):
    battle = BattleModel(campaign_model, seed_source=lambda: 1)
    battle.new_encounter("lotr")
    orc = battle.roster.add_quick("オーク", {"swiftness": 0, "defence": 10, "health": 5})[0]
    battle.edit.damage(orc, "wounds", 15)  # the fourth bucket: Wounded
    assert battle.rules().penalty(battle.participant(orc)) == 0  # nothing entered: 未設定
    rules = LotRRulesModel(campaign_model)
    with qtbot.waitSignal(battle.changed):
        rules.set_penalty("wound", "injured", -2)
    # Wounded is empty: by default it takes Injured's −2 (the lighter level's)
    assert battle.rules().penalty(battle.participant(orc)) == -2
    with qtbot.waitSignal(battle.changed):
        HouseRulesModel(campaign_model).set_reading(UNSET_WOUND_PENALTY, UNSET_ZERO)
    assert battle.rules().penalty(battle.participant(orc)) == 0  # the other reading: empty is 0
    campaign_model.undo_stack.undo()
    campaign_model.undo_stack.undo()
    assert battle.rules().penalty(battle.participant(orc)) == 0
