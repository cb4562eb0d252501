"""The growth dialog: the award shown before 付与, costs and reasons before clicking, the history."""

from __future__ import annotations

from PySide6.QtCore import QDate, Qt

from gmtool.views.fourcard.growth_dialog import FourCardGrowthDialog
from tests.models.fourcard.test_growth_model import TODAY, make_growth, stored, with_extra_xp


def make_dialog(qtbot, campaign_model, character=None) -> FourCardGrowthDialog:
    dialog = FourCardGrowthDialog(make_growth(campaign_model, character))
    qtbot.addWidget(dialog)
    return dialog


def row_texts(table, first: str) -> list[str]:
    """The cells of the row whose first column shows `first`."""
    for row in range(table.rowCount()):
        if table.item(row, 0).text() == first:
            return [
                table.item(row, c).text() if table.item(row, c) else "" for c in range(table.columnCount())
            ]
    raise AssertionError(f"no row {first}")


def test_award_is_shown_before_pressing_and_lands_in_the_history(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    assert "幕間" in dialog.note_label.text()
    assert dialog.date_edit.date() == QDate.fromString(TODAY, Qt.DateFormat.ISODate)
    dialog.scenario_edit.setText("古城の謎")

    dialog.success_check.setChecked(True)
    assert not dialog.partial_spin.isEnabled()
    assert "付与する経験点: 5" in dialog.award_label.text()
    dialog.both_check.setChecked(True)
    assert "付与する経験点: 6" in dialog.award_label.text()
    assert not dialog.unnatural_check.isEnabled()  # 両立 and the −1s exclude each other
    dialog.both_check.setChecked(False)

    dialog.success_check.setChecked(False)
    dialog.partial_spin.setValue(1)
    dialog.unnatural_check.setChecked(True)
    dialog.uncooperative_check.setChecked(True)
    assert "付与する経験点: 1" in dialog.award_label.text() and "最低 1 点" in dialog.award_label.text()
    dialog.award_button.click()

    assert stored(dialog.model).growth[-1].xp == 1
    assert stored(dialog.model).growth[-1].scenario == "古城の謎"
    assert "残り経験点: 1" in dialog.xp_label.text()
    history = dialog.history_model
    assert history.rowCount() == len(dialog.model.character.growth) == 4
    assert [history.index(3, c).data() for c in range(5)] == [TODAY, "古城の謎", "1", "", ""]


def test_award_without_a_scenario_name_is_refused(qtbot, empty_campaign_model, refusals):
    dialog = make_dialog(qtbot, empty_campaign_model)
    dialog.success_check.setChecked(True)
    dialog.award_button.click()
    assert refusals and "シナリオの名前" in refusals[0]
    assert len(stored(dialog.model).growth) == 3


def test_skill_rows_show_cost_and_reason_before_clicking(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    melee = row_texts(dialog.skill_table, "【接近戦】")
    assert melee[1:5] == ["DX", "2", "2", "6（2×3TP）"]
    assert "経験点が足りません（必要 6、残り 0）" in melee[5]
    assert not dialog.skill_buttons["接近戦"].isEnabled()
    assert "前提スキル【魔術理論】" in row_texts(dialog.skill_table, "【魔法】")[5]
    cooking = row_texts(dialog.skill_table, "【料理】")
    assert cooking[2] == "未設定" and cooking[4] == "—" and "専門性が未設定" in cooking[5]

    dialog.scenario_edit.setText("竜の巣")
    dialog.success_check.setChecked(True)
    dialog.both_check.setChecked(True)
    dialog.award_button.click()
    assert dialog.skill_buttons["接近戦"].isEnabled()
    assert row_texts(dialog.skill_table, "【接近戦】")[5] == ""
    dialog.skill_buttons["接近戦"].click()

    assert stored(dialog.model).tp("接近戦") == 3
    melee = row_texts(dialog.skill_table, "【接近戦】")
    assert melee[3] == "3" and melee[4] == "8（2×4TP）"
    assert "残り経験点: 0" in dialog.xp_label.text()
    history = dialog.history_model
    ledger = dialog.model.character.growth
    assert history.rowCount() == len(ledger)
    assert [history.index(r, 3).data() for r in range(history.rowCount())] == [e.bought for e in ledger]
    assert history.index(history.rowCount() - 1, 4).data() == "6"

    empty_campaign_model.undo_stack.undo()
    assert row_texts(dialog.skill_table, "【接近戦】")[3] == "2"
    assert history.rowCount() == len(ledger) - 1


def test_override_checkbox_unlocks_capped_rows_and_records_it(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    assert not dialog.skill_buttons["魔法"].isEnabled()
    assert not dialog.skill_buttons["料理"].isEnabled()
    dialog.override_check.setChecked(True)
    assert dialog.model.override
    assert dialog.skill_buttons["魔法"].isEnabled()
    assert "GM オーバーライドで購入可" in row_texts(dialog.skill_table, "【魔法】")[5]
    assert not dialog.skill_buttons["料理"].isEnabled()  # 専門性 未設定: no override passes that
    dialog.skill_buttons["魔法"].click()
    after = stored(dialog.model)
    assert after.tp("魔法") == 1 and after.xp_unspent == -3
    assert "前提スキル【魔術理論】" in after.overrides[0] and "経験点が足りません" in after.overrides[0]


def test_specialisation_and_attribute_rows(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model, with_extra_xp(40))
    table = dialog.specialisation_table
    assert [table.item(r, 1).text() for r in range(table.rowCount())] == ["【剣】", "【斧】"]
    assert dialog.specialisation_buttons[("接近戦", "剣")].text() == "特化済み"
    assert table.item(1, 2).text() == "3"
    dialog.specialisation_buttons[("接近戦", "斧")].click()
    assert stored(dialog.model).skill("接近戦").specialisations == ("剣", "斧")
    assert dialog.specialisation_buttons[("接近戦", "斧")].text() == "特化済み"
    assert not dialog.specialisation_buttons[("接近戦", "斧")].isEnabled()

    st = row_texts(dialog.attribute_table, "ST")
    assert st[1:6] == ["6", "+0", "", "6", "10"]
    assert row_texts(dialog.attribute_table, "IQ")[5] == "15"
    dialog.attribute_buttons["st"].click()
    st = row_texts(dialog.attribute_table, "ST")
    assert st[2] == "+1" and st[4] == "7" and st[5] == "20"
    assert st[6] == ""
    dialog.attribute_buttons["st"].click()
    st = row_texts(dialog.attribute_table, "ST")
    assert st[4] == "8" and st[5] == "—" and "+2 が上限" in st[6]
    assert not dialog.attribute_buttons["st"].isEnabled()
    assert stored(dialog.model).gains.st == 2
    assert "残り経験点: 7" in dialog.xp_label.text()


def test_deleting_the_character_disables_the_dialog_until_undo(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    empty_campaign_model.delete_character(dialog.model.character_id)
    assert not dialog.content.isEnabled()
    assert "削除されました" in dialog.catalog_problem_label.text()
    empty_campaign_model.undo_stack.undo()
    assert dialog.content.isEnabled()
    assert not dialog.catalog_problem_label.text()
