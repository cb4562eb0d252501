"""The tracker's actions box for an action that needs no test taken as an extra action (3. 戦闘,
「基本目標値を5とみなして判定」): the TN 5 odds and the GM's bonus show only then, and 行なう rolls it."""

from __future__ import annotations

from gmtool.models.battle_model import BattleModel
from gmtool.models.lotr.battle_actions import LotRBattleActions
from gmtool.rules.systems.lotr.checks import success_probability
from gmtool.rules.systems.lotr.no_test import no_test_spec
from gmtool.views.lotr.battle_actions_box import LotRActionsBox


def test_the_third_move_shows_its_tn_five_odds_and_rolls_them(qtbot, campaign_model):
    fight = BattleModel(campaign_model, seed_source=lambda: 5)
    fight.new_encounter("lotr")
    hero = fight.roster.add_quick("ベレゴンド", {"swiftness": 2, "defence": 11, "health": 10})[0]
    fight.round.start()
    box = LotRActionsBox(LotRBattleActions(fight), lambda *_: True)
    qtbot.addWidget(box)
    box.show()
    box.sync()
    box.who_combo.setCurrentIndex(box.who_combo.findData(hero))
    box.kind_combo.setCurrentIndex(box.kind_combo.findData("move"))
    assert not box.no_test_bonus.isEnabled()  # within the two actions: no test
    assert "成功" not in box.no_test_label.text()
    box.spend_button.click()
    box.spend_button.click()
    box.sync()  # the tracker syncs its boxes after each step
    assert box.no_test_bonus.isEnabled()  # the third: a test at TN 5, −5
    box.no_test_bonus.setValue(3)
    chance = success_probability(no_test_spec(3, 0, -5))
    assert f"{float(chance):.2%}" in box.no_test_label.text()
    box.kind_combo.setCurrentIndex(box.kind_combo.findData("dodge"))
    assert not box.no_test_bonus.isEnabled()  # a dodge has its own test
    assert box.no_test_row.isVisible()  # the row stays: nothing under it moves
    box.kind_combo.setCurrentIndex(box.kind_combo.findData("move"))
    box.spend_button.click()
    assert "判定のない行動を目標値 5 で判定" in fight.state().events[-1].text
