"""The units tab driven as the GM would, over a real army model with scripted dice."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gmtool.models.lotr.army_model import Commander, LotRArmyModel
from gmtool.models.lotr.units_table_model import column_of
from gmtool.models.outcome_text import percent
from gmtool.rules.systems.lotr.checks import LotRRoller
from gmtool.rules.systems.lotr.kinds import roller_for
from gmtool.rules.systems.lotr.rules_data import lotr_rules
from gmtool.rules.systems.lotr.units import (
    attack_spec,
    break_probability,
    hit_probability,
    morale_spec,
)
from gmtool.views.lotr.army.units_tab import UnitsTab


class Dice:
    def __init__(self) -> None:
        self.faces: list[int] = []

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6)
        return self.faces.pop(0)


@pytest.fixture
def dice() -> Dice:
    return Dice()


@pytest.fixture
def tab(qtbot, campaign_model, dice) -> UnitsTab:
    model = LotRArmyModel(campaign_model, seed_source=lambda: 7, rng_factory=lambda seed: dice)
    tab = UnitsTab(model)
    qtbot.addWidget(tab)
    tab.show()
    qtbot.waitExposed(tab)
    return tab


def cell(tab: UnitsTab, row: int, field: str) -> str:
    return tab.table_model.index(row, column_of(field)).data()


def edit(tab: UnitsTab, row: int, field: str, text: str) -> bool:
    """What the table's editor does when the GM types into a cell."""
    return tab.table_model.setData(tab.table_model.index(row, column_of(field)), text)


def add(tab: UnitsTab, name: str, **values: str) -> int:
    tab.add_button.click()
    row = tab.table_model.rowCount() - 1
    edit(tab, row, "name", name)
    for field, text in values.items():
        edit(tab, row, field, text)
    return row


def choose(combo, data) -> None:
    index = combo.findData(data)
    assert index >= 0, f"{data!r} is not offered"
    combo.setCurrentIndex(index)


def unit_id(tab: UnitsTab, row: int) -> str:
    return tab.table_model.unit(row).id


def setup_attack(tab: UnitsTab, bonus: int) -> None:
    choose(tab.attacker_combo, unit_id(tab, 0))
    choose(tab.target_combo, unit_id(tab, 1))
    tab.attack_commander.bonus_spin.setValue(bonus)


# ---- the table --------------------------------------------------------------------------------------
def test_units_are_added_edited_in_place_duplicated_and_deleted(tab, qtbot):
    row = add(tab, "オーク軍", side="敵", size="20", strength="6", mobility="5")
    assert [cell(tab, row, f) for f in ("name", "side", "size", "strength", "toughness")] == [
        "オーク軍",
        "敵",
        "20",
        "6",
        "",  # not entered
    ]
    index = tab.table_model.index(row, column_of("mounted"))
    tab.table_model.setData(index, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert cell(tab, row, "=mobility") == "10"  # doubled when mounted
    assert tab.selected_id() == unit_id(tab, row)  # the new unit stays selected through its edits
    tab.duplicate_button.click()
    assert tab.table_model.rowCount() == 2 and cell(tab, 1, "name") == "オーク軍のコピー"
    tab.units_table.selectRow(1)
    tab.units_table.setFocus()
    qtbot.keyClick(tab.units_table, Qt.Key.Key_Delete)
    assert tab.table_model.rowCount() == 1
    edit(tab, row, "size", "")  # emptied: not entered again
    assert cell(tab, row, "size") == "" and tab.model.unit(unit_id(tab, row)).size is None


def test_a_bad_cell_is_refused_with_the_reason(tab, refusals):
    row = add(tab, "近衛")
    assert not edit(tab, row, "size", "-3")
    assert not edit(tab, row, "toughness", "八")
    assert refusals == [
        "Size は 0 以上の整数です（空欄 = 未入力）",
        "Toughness は整数で入力してください（八）",
    ]
    assert cell(tab, row, "size") == ""


def test_delete_without_a_selection_is_explained(tab, refusals):
    tab.remove_button.click()
    assert refusals == ["部隊を表で選んでください"]


# ---- the attack -------------------------------------------------------------------------------------
def test_the_shown_p_hit_is_the_engines(tab):
    add(tab, "オーク軍", size="20", strength="12")
    add(tab, "近衛", size="30", toughness="8")
    setup_attack(tab, 4)
    tab.tn_modifier_spin.setValue(1)
    state = tab.model.state()
    spec = attack_spec(state.units[0], state.units[1], LotRRoller(rank=4), lotr_rules(), 1)
    assert tab.shown_p_hit == hit_probability(spec)
    assert tab.probability_label.text() == percent(float(hit_probability(spec)))
    assert "目標値 19" in tab.attack_odds_label.text() and "修正 +3" in tab.attack_odds_label.text()
    assert tab.damage_label.text() == "24 ダメージ（近衛 の Size 30 → 6）"


def test_an_attack_with_fixed_dice_lowers_size_in_the_table_and_destroys_at_zero(tab, dice):
    add(tab, "オーク軍", size="20", strength="6")
    add(tab, "近衛", size="30", toughness="8")
    setup_attack(tab, 2)  # 2 + dice vs 18
    dice.faces = [6, 6, 4]  # 16 + 2 = 18: a hit
    tab.attack_button.click()
    assert cell(tab, 1, "size") == "12" and cell(tab, 1, "=state") == ""
    assert "命中、18 ダメージ（Size 30 → 12）" in tab.attack_result_label.text()
    assert tab.damage_label.text() == "18 ダメージ（近衛 の Size 12 → 0）：消滅"
    dice.faces = [3, 4]  # 9: a miss changes nothing
    tab.attack_button.click()
    assert cell(tab, 1, "size") == "12" and tab.attack_result_label.text().endswith("外れ")
    dice.faces = [6, 6, 6, 1]
    tab.attack_button.click()
    assert cell(tab, 1, "size") == "0" and cell(tab, 1, "=state") == "消滅"
    assert "近衛 は消滅した" in tab.attack_result_label.text()
    assert tab.target_combo.currentText() == "近衛 ［消滅］"
    assert "消滅しています" in tab.attack_odds_label.text() and tab.shown_p_hit is None


def test_a_missing_value_is_said_where_the_odds_would_be(tab, refusals):
    add(tab, "オーク軍", size="20")
    add(tab, "近衛", size="30", toughness="8")
    setup_attack(tab, 2)
    assert tab.attack_odds_label.text() == "部隊「オーク軍」の Strength が未入力です"
    assert tab.probability_label.text() == "—"
    tab.attack_button.click()
    assert refusals == ["部隊「オーク軍」の Strength が未入力です"]


def test_a_campaign_character_commands_with_bearing_when_he_has_no_siegecraft(tab):
    add(tab, "ドワーフ隊", size="10", strength="8")
    add(tab, "オーク", size="15", toughness="6")
    setup_attack(tab, 0)
    picker = tab.attack_commander
    nar = next(i for i, name in tab.model.commanders.characters() if name == "ナール")
    choose(picker.character_combo, nar)
    assert picker.kind_combo.currentData() == "attribute:brg" and not picker.bonus_spin.isVisible()
    assert picker.value_label.text() == "ナール: Bearing +0"  # Bearing 7: modifier 0, no penalty
    character = tab.model.campaign_model.character(nar)
    roller = roller_for(character, "attribute:brg", lotr_rules())
    state = tab.model.state()
    assert tab.shown_p_hit == hit_probability(
        attack_spec(state.units[0], state.units[1], roller, lotr_rules())
    )
    assert tab.model.attack_spec(unit_id(tab, 0), unit_id(tab, 1), Commander(nar, "attribute:brg")).tn == 16


# ---- morale -----------------------------------------------------------------------------------------
def test_morale_odds_with_a_supporting_unit_and_a_break(tab, dice):
    add(tab, "オーク軍", size="13")  # 13 ÷ 5 = 2.6 → +3
    add(tab, "近衛", size="10", morale="18")
    choose(tab.morale_target_combo, unit_id(tab, 1))
    choose(tab.support_combo, unit_id(tab, 0))
    tab.morale_commander.bonus_spin.setValue(5)
    target, support = tab.model.state().units[1], tab.model.state().units[0]
    spec = morale_spec(target, LotRRoller(rank=5), lotr_rules().degree_bands(), support)
    assert tab.shown_p_break == break_probability(spec)
    assert tab.morale_probability_label.text() == percent(float(break_probability(spec)))
    assert "Size 13÷5 = +3" in tab.morale_odds_label.text()
    dice.faces = [5, 5]  # 10 + 8 = 18 ≥ Morale 18
    tab.morale_button.click()
    assert cell(tab, 1, "=state") == "崩壊" and "近衛 は崩壊した" in tab.morale_result_label.text()
    assert "既に崩壊しています" in tab.morale_odds_label.text()
    index = tab.table_model.index(1, column_of("broken"))
    tab.table_model.setData(index, Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)
    assert cell(tab, 1, "=state") == "" and tab.shown_p_break == break_probability(spec)


def test_a_damaged_document_is_shown(tab, campaign_model):
    campaign_model.set_session_value("lotr.army", {"units": "nope"}, "壊す")
    assert tab.problem_label.isVisible() and "正しくありません" in tab.problem_label.text()
    assert tab.table_model.rowCount() == 0
