"""Beside the fear box's tie rule: the text's Marginal fear (−1) cannot happen when a tie is rolled
again (the default, 1.5.2) or given to the one resisting; the note says so, and goes when the GM
gives a tie to the attacker."""

from __future__ import annotations

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.fear_model import LotRFearModel
from gmtool.rules.systems.lotr.checks import TieRule
from gmtool.rules.systems.lotr.fear import FearEffect
from gmtool.views.lotr.fear_box import FearBox


def test_the_tie_rule_says_when_marginal_cannot_happen(qtbot, campaign_model):
    battle = BattleModel(campaign_model, seed_source=lambda: 1)
    battle.new_encounter("lotr", "")
    (rider,) = battle.roster.add_quick("黒の乗手", {"swiftness": 3, "defence": 12, "health": 12})
    naar = battle.roster.add_character(next(s.id for s in campaign_model.characters_of("lotr")))
    box = FearBox(LotRFearModel(battle))
    qtbot.addWidget(box)
    box.show()
    box.attacker_combo.setCurrentIndex(box.attacker_combo.findData(rider))
    box.target_combo.setCurrentIndex(box.target_combo.findData(naar))
    assert box.tie_combo.currentData() == TieRule.REROLL
    assert box.tie_note.isVisible()
    assert box.tie_note.text() == "同点は振り直すため、本文の Marginal（−1）は起こりません"
    plan = box.plan()
    assert plan is not None and FearEffect.PENALTY_1 not in box.model.odds(plan)

    box.tie_combo.setCurrentIndex(box.tie_combo.findData(TieRule.PARRY))
    assert box.tie_note.text() == "同点は抵抗した側の勝ちのため、Marginal（−1）は起こりません"
    box.tie_combo.setCurrentIndex(box.tie_combo.findData(TieRule.DODGE))
    assert not box.tie_note.isVisible()
    plan = box.plan()
    assert plan is not None and box.model.odds(plan)[FearEffect.PENALTY_1] > 0
