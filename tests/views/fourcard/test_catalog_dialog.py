"""The GM's skill-catalog editor: edits saved with the campaign, undoable, validated before saving."""

from __future__ import annotations

from PySide6.QtWidgets import QTableWidgetItem

from gmtool.models.fourcard.catalog_model import FourCardCatalogModel
from gmtool.models.fourcard.growth_model import FourCardGrowthModel
from gmtool.models.fourcard.skill_catalog import CATALOG_KEY, campaign_catalog
from gmtool.rules.systems.fourcard.catalog import shipped_catalog
from gmtool.views.fourcard.catalog_dialog import SkillCatalogDialog
from tests.qt_fixtures import sample_fourcard_character, stored_session


def make_dialog(qtbot, campaign_model) -> SkillCatalogDialog:
    dialog = SkillCatalogDialog(FourCardCatalogModel(campaign_model))
    qtbot.addWidget(dialog)
    return dialog


def stored_catalog(campaign_model):
    """The catalog document a second program opening the campaign file would read."""
    return stored_session(campaign_model.campaign.path, CATALOG_KEY)


def type_into(edit, text: str) -> None:
    edit.setText(text)
    edit.editingFinished.emit()


def add_skill(dialog, name: str, base: str = "iq", expertise: int = 0, prerequisites: str = "") -> None:
    dialog.add_button.click()
    type_into(dialog.name_edit, name)
    dialog.base_combo.setCurrentIndex(dialog.base_combo.findData(base))
    dialog.expertise_spin.setValue(expertise)
    type_into(dialog.prerequisites_edit, prerequisites)


def test_shipped_catalog_shows_unset_values_and_says_why(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    assert "未設定" in dialog.note_label.text() and "専門性" in dialog.note_label.text()
    model = dialog.table_model
    assert model.rowCount() == 1
    assert [model.index(0, c).data() for c in range(3)] == ["接近戦", "DX", "未設定"]
    assert model.index(0, 6).data() == "剣（未設定）, 斧（未設定）"
    assert dialog.expertise_spin.text() == "未設定"


def test_added_skill_is_saved_with_the_campaign_and_undo_restores(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    add_skill(dialog, "魔術理論", "iq", 2)
    assert dialog.dirty and "保存していない変更" in dialog.status_label.text()
    assert stored_catalog(empty_campaign_model) is None  # nothing written before 保存

    assert dialog.save()
    assert not dialog.dirty
    document = stored_catalog(empty_campaign_model)
    assert [s["name"] for s in document["skills"]] == ["接近戦", "魔術理論"]
    assert document["skills"][1]["base"] == "iq" and document["skills"][1]["expertise"] == 2
    assert empty_campaign_model.undo_stack.undoText() == "スキルカタログの編集"

    empty_campaign_model.undo_stack.undo()
    assert stored_catalog(empty_campaign_model) is None
    assert campaign_catalog(empty_campaign_model) == shipped_catalog()
    assert dialog.table_model.rowCount() == 1  # the open editor follows the undo
    empty_campaign_model.undo_stack.redo()
    assert campaign_catalog(empty_campaign_model).get("魔術理論").expertise == 2
    assert dialog.table_model.rowCount() == 2


def test_filling_in_expertise_and_specialisation_costs_makes_the_skill_learnable(qtbot, empty_campaign_model):
    character_id = empty_campaign_model.insert_character("fourcard", sample_fourcard_character(), "追加")
    growth = FourCardGrowthModel(empty_campaign_model, character_id)
    assert growth.skill_preview("接近戦").cost is None

    dialog = make_dialog(qtbot, empty_campaign_model)
    dialog.select_row(0)
    dialog.expertise_spin.setValue(2)
    dialog.specialisation_table.setItem(1, 1, QTableWidgetItem("3"))
    assert dialog.table_model.index(0, 6).data() == "剣（未設定）, 斧（3）"
    dialog.save_button.click()

    melee = stored_catalog(empty_campaign_model)["skills"][0]
    assert melee["expertise"] == 2 and melee["specialisations"][1] == {"name": "斧", "cost": 3}
    assert growth.skill_preview("接近戦").cost == 6
    assert growth.specialisation_preview("接近戦", "斧").cost == 3


def test_bad_specialisation_cost_is_refused_in_the_form(qtbot, empty_campaign_model, refusals):
    dialog = make_dialog(qtbot, empty_campaign_model)
    dialog.select_row(0)
    dialog.specialisation_table.setItem(0, 1, QTableWidgetItem("たくさん"))
    assert refusals and "1〜99 の整数か、空欄" in refusals[0]
    assert dialog.specialisation_table.item(0, 1).text() == ""
    assert dialog.table_model.skill(0).specialisations[0].cost is None


def test_duplicate_name_is_refused_and_nothing_is_saved(qtbot, empty_campaign_model, refusals):
    dialog = make_dialog(qtbot, empty_campaign_model)
    add_skill(dialog, "接近戦", "dx", 1)
    assert not dialog.save()
    assert refusals == ["スキルカタログを保存できません: スキル名が重複しています: 接近戦"]
    assert stored_catalog(empty_campaign_model) is None
    assert empty_campaign_model.undo_stack.count() == 0
    assert dialog.dirty  # the edits stay for the GM to fix


def test_unknown_prerequisite_is_refused_with_its_name(qtbot, empty_campaign_model, refusals):
    dialog = make_dialog(qtbot, empty_campaign_model)
    add_skill(dialog, "魔法", "iq", 3, prerequisites="魔術理論、古代語")
    assert dialog.table_model.skill(1).prerequisites == ("魔術理論", "古代語")
    dialog.save_button.click()
    assert len(refusals) == 1
    assert "【魔法】が参照するスキルがカタログにありません: 魔術理論, 古代語" in refusals[0]
    assert stored_catalog(empty_campaign_model) is None

    add_skill(dialog, "魔術理論", "iq", 1)
    add_skill(dialog, "古代語", "iq", 2)
    assert dialog.save()
    assert campaign_catalog(empty_campaign_model).get("魔法").prerequisites == ("魔術理論", "古代語")


def test_empty_name_and_too_long_name_are_refused(qtbot, empty_campaign_model, refusals):
    dialog = make_dialog(qtbot, empty_campaign_model)
    add_skill(dialog, "  ")
    dialog.save_button.click()
    assert "2 行目のスキル名が空です" in refusals[-1]
    type_into(dialog.name_edit, "長" * 61)
    dialog.save_button.click()
    assert "文字列が長すぎます" in refusals[-1]
    assert stored_catalog(empty_campaign_model) is None


def test_remove_and_reset_to_shipped(qtbot, empty_campaign_model, refusals):
    dialog = make_dialog(qtbot, empty_campaign_model)
    add_skill(dialog, "隠密", "dx", 1)
    dialog.level_cap_check.setChecked(True)
    assert dialog.save()
    assert campaign_catalog(empty_campaign_model).get("隠密").level_cap

    dialog.select_row(0)
    dialog.remove_button.click()
    assert [s.name for s in dialog.table_model.skills()] == ["隠密"]
    asked = []
    dialog.ask = lambda question: asked.append(question) or False
    dialog.reset_button.click()
    assert asked and "破棄" in asked[0]
    assert dialog.table_model.rowCount() == 1  # the GM said no: edits kept

    dialog.ask = lambda question: True
    dialog.reset_button.click()
    assert campaign_catalog(empty_campaign_model) == shipped_catalog()
    assert stored_catalog(empty_campaign_model) is None
    assert [s.name for s in dialog.table_model.skills()] == ["接近戦"]
    assert empty_campaign_model.undo_stack.undoText() == "スキルカタログを既定に戻す"
    empty_campaign_model.undo_stack.undo()
    assert campaign_catalog(empty_campaign_model).get("隠密") is not None


def test_switching_rows_keeps_what_was_typed(qtbot, empty_campaign_model):
    dialog = make_dialog(qtbot, empty_campaign_model)
    dialog.add_button.click()
    dialog.name_edit.setText("料理")  # no editingFinished: the GM clicks another row straight away
    dialog.select_row(0)
    assert [s.name for s in dialog.table_model.skills()] == ["接近戦", "料理"]
    assert dialog.name_edit.text() == "接近戦"
