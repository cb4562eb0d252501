"""The army dialog's 建造物 tab's demolition box and its 長距離移動 tab, driven as the GM would:
the odds shown are the engine's, the roll's result is said, the travel plan follows the tables."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtCore import Qt

from gmtool.models.lotr.army_model import LotRArmyModel
from gmtool.models.lotr.army_tracker import LotRArmyTrackerModel
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.rules.systems.lotr.structures import siegecraft_probability
from gmtool.views.lotr.army.army_dialog import ArmyDialog
from tests.models.lotr.test_demolition_travel_models import SPEEDS
from tests.models.lotr.test_hero_combat_model import fill
from tests.views.lotr.army.test_units_tab import Dice, choose


@pytest.fixture
def dialog(qtbot, campaign_model) -> ArmyDialog:
    dice = Dice()
    army = LotRArmyModel(campaign_model, seed_source=lambda: 7, rng_factory=lambda seed: dice)
    dialog = ArmyDialog(LotRArmyTrackerModel(campaign_model, army=army))
    dialog.dice = dice
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_demolition_odds_and_roll(dialog, qtbot):
    box = dialog.demolition_box
    box.stonecraft.bonus_spin.setValue(5)
    box.siegecraft.bonus_spin.setValue(3)
    box.siegecraft_tn.setValue(12)
    spec = dialog.army_model.structures.demolition_spec(
        box.stonecraft.commander(), 10, box.siegecraft.commander(), 12
    )
    assert box.shown_p == siegecraft_probability(spec)
    assert f"{float(box.shown_p) * 100:.2f}%" in box.odds_label.text() and "+3 " in box.odds_label.text()
    dialog.dice.faces = [6, 5, 4, 3]
    qtbot.mouseClick(box.roll_button, Qt.MouseButton.LeftButton)
    assert "Siegecraft +2" in box.result_label.text() and "達成値 12" in box.result_label.text()


def test_travel_tab_plans_at_the_slowest_pace(dialog, qtbot, refusals):
    tab = dialog.travel_tab
    assert "旅の速度" in tab.problem_label.text() and "ルール表 → 参照表" in tab.problem_label.text()
    assert not tab.log_button.isEnabled()
    fill(tab.model.campaign_model, catalog.TRAVEL_SPEEDS, SPEEDS)
    fill(tab.model.campaign_model, catalog.TRAVEL_DISTANCES, [{"name": "ブリーへ", "distance": "100"}])
    for name, mode in (("サム", "徒歩"), ("ビル", "Pony")):
        tab.name_combo.setEditText(name)
        choose(tab.mode_combo, mode)
        qtbot.mouseClick(tab.add_button, Qt.MouseButton.LeftButton)
    assert tab.members_table.rowCount() == 2 and tab.members_table.item(1, 3).text() == "4 1/2"
    choose(tab.route_combo, "ブリーへ")
    assert "1日 24（サム）" in tab.pace_label.text()
    assert tab.time_label.text() == f"4 1/6 日（≈{float(Fraction(100, 24)):.2f}）、33 1/3 時間（≈33.33）"
    assert tab.problem_label.isHidden() and tab.log_button.isEnabled()
    tab.members_table.selectRow(0)
    qtbot.mouseClick(tab.remove_button, Qt.MouseButton.LeftButton)
    choose(tab.route_combo, None)
    tab.distance_edit.setText("45")
    assert tab.time_label.text() == "1 1/2 日（≈1.50）、10 時間"
    tab.distance_edit.setText("遠い")
    assert "数で入れてください" in tab.problem_label.text() and tab.time_label.text() == "—"
