"""AWSessionModel.combat (AWSessionCombat): the battle tracker's running AW fight as the session
pages describe it."""

from __future__ import annotations

from gmtool.models.battle_model import BattleModel
from tests.models.aw.test_session_model import people


def test_the_combat_summary_follows_the_tracker(model, campaign_model, qtbot):
    tracker = BattleModel(campaign_model, seed_source=lambda: 7)
    tracker.new_encounter("aw", " ")  # the tracker names it 「戦闘」
    tracker.roster.add_character(people(model)[0])
    with qtbot.waitSignal(model.combat_changed):
        tracker.round.start()
    assert model.combat.summary() == "戦闘中: 戦闘 ラウンド 1・セットアップ"
    tracker.rename("森の遭遇")
    tracker.round.next_turn()
    assert model.combat.summary() == "戦闘中: 森の遭遇 ラウンド 1・朝霧 透の手番"
    tracker.round.next_turn()
    tracker.round.next_turn()
    assert model.combat.summary() == "戦闘中: 森の遭遇 ラウンド 2・セットアップ"
    tracker.round.end()
    assert model.combat.summary() is None
