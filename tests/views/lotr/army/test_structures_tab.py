"""The structures tab driven as the GM would, over a real army model."""

from __future__ import annotations

import pytest

from gmtool.models.lotr.army_model import LotRArmyModel
from gmtool.rules.systems.lotr.rules_data import Degree
from gmtool.views.lotr.army.structures_tab import COLUMNS, StructuresTab

COLUMN = {header: i for i, (_, header) in enumerate(COLUMNS)}


@pytest.fixture
def tab(qtbot, campaign_model) -> StructuresTab:
    tab = StructuresTab(LotRArmyModel(campaign_model))
    qtbot.addWidget(tab)
    tab.show()
    qtbot.waitExposed(tab)
    return tab


def cell(tab: StructuresTab, header: str, row: int = 0) -> str:
    return tab.structures_table.item(row, COLUMN[header]).text()


def type_into(tab: StructuresTab, header: str, text: str, row: int = 0) -> None:
    tab.structures_table.item(row, COLUMN[header]).setText(text)


def choose(combo, data) -> None:
    index = combo.findData(data)
    assert index >= 0, f"{data!r} is not offered"
    combo.setCurrentIndex(index)


def gate(tab: StructuresTab, protection: str = "8", structure: str = "20") -> None:
    tab.new_structure_edit.setText("城門")
    tab.add_structure_button.click()
    type_into(tab, "Protection（基本）", protection)
    type_into(tab, "Structure（基本）", structure)


def history(tab: StructuresTab) -> list[list[str]]:
    table = tab.improvements.history_table
    return [[table.item(r, c).text() for c in range(1, table.columnCount())] for r in range(table.rowCount())]


def test_a_new_structure_has_no_values_until_the_gm_enters_them(tab, refusals):
    tab.new_structure_edit.setText("城門")
    tab.add_structure_button.click()
    assert cell(tab, "名前") == "城門" and cell(tab, "Protection（基本）") == ""
    assert tab.siege_preview_label.text() == "Protection と Structure を入力してください（未入力）"
    tab.siege_button.click()
    assert refusals == ["「城門」の Protection が未入力です"]


def test_siege_damage_reduces_structure_and_zero_destroys(tab):
    gate(tab)
    assert (cell(tab, "Protection 合計"), cell(tab, "残り Structure")) == ("8", "20")
    tab.siege_damage_spin.setValue(15)
    assert tab.siege_preview_label.text() == "Protection 8 が吸収し、Structure へ 7（20 → 13）"
    tab.siege_button.click()
    assert cell(tab, "残り Structure") == "13" and cell(tab, "受けたダメージ") == "7"
    assert tab.siege_result_label.text() == "城門: 15 のうち Protection 8 が吸収、Structure 20 → 13"
    tab.siege_damage_spin.setValue(40)
    tab.siege_button.click()
    assert cell(tab, "残り Structure") == "0" and cell(tab, "状態") == "破壊"
    assert tab.siege_result_label.text().endswith("。破壊された")
    type_into(tab, "受けたダメージ", "0")  # the GM's repair
    assert cell(tab, "残り Structure") == "20" and cell(tab, "状態") == ""


def test_locks_add_protection_and_the_cap_is_refused_with_its_reason(tab, refusals):
    gate(tab)
    tab.lock_name_edit.setText("閂")
    tab.lock_protection_spin.setValue(4)
    tab.add_lock_button.click()
    assert cell(tab, "錠・閂") == "+4" and cell(tab, "Protection 合計") == "12"
    assert tab.lock_total_label.text().startswith("錠・閂の合計 +4／上限 +6")
    tab.lock_name_edit.setText("鉄の錠")
    tab.lock_protection_spin.setValue(3)
    tab.add_lock_button.click()
    assert len(refusals) == 1 and "合計 +6 まで" in refusals[0] and "追加すると +7" in refusals[0]
    assert tab.locks_table.rowCount() == 1 and cell(tab, "錠・閂") == "+4"
    tab.locks_table.selectRow(0)
    tab.remove_lock_button.click()
    assert tab.locks_table.rowCount() == 0 and cell(tab, "Protection 合計") == "8"


def test_a_bad_number_in_a_cell_is_refused_and_the_cell_shows_the_stored_value(tab, refusals):
    gate(tab)
    type_into(tab, "Structure（基本）", "-1")
    type_into(tab, "Protection（基本）", "厚い")
    assert refusals == [
        "Structure は 0 以上の整数です",
        "Protection（基本） は整数で入力してください（厚い）",
    ]
    assert cell(tab, "Structure（基本）") == "20" and cell(tab, "Protection（基本）") == "8"


def test_improvements_their_history_the_retry_rule_and_end_of_battle(tab, refusals):
    gate(tab)
    nar = next(i for i, name in tab.model.commanders.characters() if name == "ナール")
    choose(tab.improvements.who_combo, nar)
    assert tab.improvements.rank_spin.value() == 3 and not tab.improvements.who_edit.isVisible()
    choose(tab.improvements.degree_combo, str(Degree.SUPERIOR_SUCCESS))
    choose(tab.improvements.improve_target_combo, "structure")
    tab.improvements.improve_button.click()
    assert cell(tab, "強化（S）") == "+2" and cell(tab, "残り Structure") == "22"
    tab.improvements.improve_button.click()  # the same character at the same rank
    assert len(refusals) == 1 and "1 ランク伸ばしてから" in refusals[0]
    choose(tab.improvements.who_combo, "")
    tab.improvements.who_edit.setText("ギムリ")
    tab.improvements.rank_spin.setValue(6)
    choose(tab.improvements.improve_target_combo, "protection")
    choose(tab.improvements.degree_combo, str(Degree.MARGINAL_SUCCESS))
    tab.improvements.permanent_check.setChecked(False)
    tab.improvements.improve_button.click()
    assert cell(tab, "Protection 合計") == "9"
    assert history(tab) == [
        ["ナール", "Superior Success（見事な成功）", "Structure", "+2", "永続", "3"],
        ["ギムリ", "Marginal Success（最低限の成功）", "Protection", "+1", "この戦闘のみ", "6"],
    ]
    tab.improvements.end_battle_button.click()
    assert cell(tab, "Protection 合計") == "8" and history(tab)[1][4] == "終了"
    tab.improvements.end_battle_button.click()
    assert refusals[-1] == "この戦闘だけの強化はありません"


def test_removing_needs_a_selection_and_undo_brings_it_back(tab, refusals, campaign_model):
    tab.remove_structure_button.click()
    assert refusals == ["建造物を表で選んでください"]
    gate(tab)
    tab.remove_structure_button.click()
    assert tab.structures_table.rowCount() == 0
    campaign_model.undo_stack.undo()
    assert tab.structures_table.rowCount() == 1 and cell(tab, "名前") == "城門"
