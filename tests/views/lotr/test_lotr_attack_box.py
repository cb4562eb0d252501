"""The tracker's LotR box: an attack chosen, its odds shown, rolled and its damage applied."""

from __future__ import annotations

import random

from gmtool.app.lotr.hooks import HOOKS
from gmtool.models.battle_model import BattleModel
from gmtool.rules.systems.lotr.exploding import roll_test
from gmtool.views.lotr.attack_box import LotRTrackerBox


def seed_where(predicate) -> int:
    return next(s for s in range(100_000) if predicate(roll_test(random.Random(s))))


def test_an_attack_from_start_to_finish_in_the_box(qtbot, campaign_model):
    seed = seed_where(lambda f: len(f) == 2 and sum(f) == 11)  # 11 + 10 = 21 vs 10: Extraordinary
    battle = BattleModel(campaign_model, seed_source=lambda: seed)
    battle.new_encounter("lotr", "")
    (hero,) = battle.add_quick("ボロミア", {"swiftness": 2, "defence": 11, "health": 10})
    (orc,) = battle.add_quick("オーク", {"swiftness": 0, "defence": 10, "health": 6})
    box = LotRTrackerBox(battle, lambda *_: True)
    qtbot.addWidget(box)
    battle.changed.connect(box.sync)
    box.sync()
    assert box.who_combo.count() == 2  # the actions box is still there
    ab = box.attack_box
    ab.attacker_combo.setCurrentIndex(ab.attacker_combo.findData(hero))
    ab.target_combo.setCurrentIndex(ab.target_combo.findData(orc))
    ab.bonus_spin.setValue(10)
    assert "目標値 10" in ab.odds_label.text() and "命中" in ab.odds_label.text()
    ab.ranged_check.setChecked(True)
    ab.range_spin.setValue(2)
    assert "目標値 14" in ab.odds_label.text()
    assert not ab.parry_check.isEnabled()  # no parry against missiles
    ab.ranged_check.setChecked(False)
    assert not ab.apply_button.isEnabled()
    ab.roll_button.click()
    assert "Extraordinary" in ab.result_label.text()
    assert ab.max_button.isEnabled() and ab.break_button.isEnabled()
    ab.damage_edit.setText("2d6")
    ab.str_spin.setValue(1)
    ab.max_button.click()  # 12 + 1
    assert battle.participant(orc).resource("wounds").value == 13
    assert not ab.apply_button.isEnabled()  # applied: the next needs a new roll
    campaign_model.undo_stack.undo()
    assert battle.participant(orc).resource("wounds").value == 0
    assert ab.apply_button.isEnabled()


def test_the_hook_gives_the_tracker_box():
    assert HOOKS.tracker_box is not None
