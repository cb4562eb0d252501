"""The Hero Combat box in the mass battle tab: while PRESS or Hero Combat is empty it says which
table to fill in and the roll stays off; filled in, it shows each result's exact chance and a
click records the hero's hour (one undo step)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtCore import Qt

from gmtool.models.lotr.mass_battle_model import LotRMassBattleModel
from gmtool.rules.systems.lotr import reference_catalog as catalog
from gmtool.views.lotr.army.mass_battle_tab import MassBattleTab
from tests.models.lotr.test_hero_combat_model import fill
from tests.rules.lotr.test_hero_combat import HERO_ROWS, PRESS_ROWS


@pytest.fixture
def tab(qtbot, campaign_model) -> MassBattleTab:
    seeds = iter(range(500, 10_000))
    tab = MassBattleTab(LotRMassBattleModel(campaign_model, seed_source=lambda: next(seeds)))
    qtbot.addWidget(tab)
    tab.show()
    qtbot.waitExposed(tab)
    return tab


def test_empty_tables_are_named_and_the_roll_is_off(tab):
    box = tab.hero_combat
    assert not box.roll_button.isEnabled()
    assert "PRESS" in box.problem_label.text() and "ルール表 → 参照表" in box.problem_label.text()
    fill(tab.model.campaign_model, catalog.PRESS, PRESS_ROWS)
    assert "Hero Combat" in box.problem_label.text() and not box.roll_button.isEnabled()


def test_filled_tables_show_the_odds_and_a_click_records_the_hour(tab, qtbot):
    fill(tab.model.campaign_model, catalog.PRESS, PRESS_ROWS)
    fill(tab.model.campaign_model, catalog.HERO_COMBAT, HERO_ROWS)
    tab.roll_button.click()
    box = tab.hero_combat
    assert box.roll_button.isEnabled() and box.problem_label.isHidden()
    places = [tab.hero_position_combo.itemText(i) for i in range(tab.hero_position_combo.count())]
    assert places == ["", "Rear", "Thick of Battle", "Heart of Battle"]  # PRESS's rows for a typed record
    assert "Thick of Battle 55.6%" in box.odds_label.text()  # 20 of 36
    box.place_combo.setCurrentIndex(box.place_combo.findData("Heart of Battle"))
    # 2d6 + 2 ≥ 13 on 11 or 12: 3 of 36.
    assert f"英雄的な活躍 {float(Fraction(3, 36)) * 100:.1f}%" in box.odds_label.text()
    assert "場所（2d6）" not in box.odds_label.text()
    assert "英雄的な活躍: 1/12" in box.odds_label.toolTip()  # the exact fraction
    tab.hero_combo.setEditText("ナール")
    qtbot.mouseClick(box.roll_button, Qt.MouseButton.LeftButton)
    hero = tab.model.state().heroes[-1]
    assert hero.hero == "ナール" and hero.position == "Heart of Battle" and hero.hour == 1
    assert tab.heroes_table.item(0, 2).text() == "Heart of Battle"
    assert box.place() == "Heart of Battle"  # the choice survives the re-sync
    tab.model.campaign_model.undo_stack.undo()
    assert tab.heroes_table.rowCount() == 0
