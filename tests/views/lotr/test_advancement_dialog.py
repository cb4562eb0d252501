"""The LotR XP and advancement dialog: what the GM sees before clicking, and what a click writes."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gmtool.models.lotr.advancement_model import UNSET_COST, LotRAdvancementModel
from gmtool.views.lotr.advancement_dialog import LotRAdvancementDialog
from tests.models.lotr.test_advancement_model import TODAY, make_model, stored
from tests.qt_fixtures import sample_lotr_character


def make_dialog(qtbot, campaign_model, xp: int = 0) -> LotRAdvancementDialog:
    dialog = LotRAdvancementDialog(make_model(campaign_model, xp=xp))
    qtbot.addWidget(dialog)
    return dialog


def choose(combo, data: str) -> None:
    combo.setCurrentIndex(combo.findData(data))


def add_pick(dialog: LotRAdvancementDialog, kind: str, target: str = "", cost: int | None = None) -> None:
    """Fills the builder as the GM would and presses 加える."""
    choose(dialog.kind_combo, kind)
    if kind in ("skill_rank", "specialisation"):
        skill, _, field = target.partition("/")
        dialog.skill_combo.setCurrentText(skill)
        dialog.field_edit.setText(field)
    elif kind in ("attribute", "reaction"):
        choose(dialog.attribute_combo if kind == "attribute" else dialog.reaction_combo, target)
    elif kind != "health":
        dialog.text_edit.setText(target)
    if cost is not None:
        dialog.cost_spin.setValue(cost)
    dialog.add_pick_button.click()


def column(table, index: int) -> list[str]:
    return [table.item(r, index).text() for r in range(table.rowCount())]


def test_the_status_shows_xp_and_advancements(qtbot, campaign_model):
    dialog = make_dialog(qtbot, campaign_model, xp=999)
    assert not dialog.isModal()
    assert "ナール" in dialog.windowTitle()
    text = dialog.status_label.text()
    assert "経験点 999" in text and "可能 0" in text and "次の成長まで 1 点" in text
    dialog.other_xp_spin.setValue(1)
    dialog.other_reason_edit.setText("見事なロールプレイ")
    dialog.add_other_button.click()
    assert "獲得 1" in dialog.status_label.text() and "可能 1" in dialog.status_label.text()
    assert column(dialog.xp_table, 1) == ["前のシナリオ", "見事なロールプレイ"]
    assert column(dialog.xp_table, 2) == ["+999", "+1"]


def test_a_successful_test_gives_its_tn(qtbot, campaign_model):
    dialog = make_dialog(qtbot, campaign_model)
    dialog.tn_spin.setValue(15)
    assert "+15" in dialog.add_test_button.text()  # the XP is shown before pressing
    dialog.test_reason_edit.setText("橋の見張りを欺いた")
    dialog.add_test_button.click()
    assert stored(dialog.model).xp_log[-1].xp == 15
    assert column(dialog.xp_table, 2) == ["+15"]


def test_an_objective_is_shared_among_the_ticked_characters(qtbot, empty_campaign_model):
    ids = [
        empty_campaign_model.insert_character("lotr", sample_lotr_character(n), "追加")
        for n in ("ピピン", "メリー", "サム")
    ]
    dialog = LotRAdvancementDialog(LotRAdvancementModel(empty_campaign_model, ids[0], today=lambda: TODAY))
    qtbot.addWidget(dialog)
    assert dialog.recipients() == [ids[0]]  # this character is ticked at first
    choose(dialog.objective_combo, "secondary")
    assert "500 点" in dialog.objective_combo.currentText()
    for row in (1, 2):
        dialog.recipient_list.item(row).setCheckState(Qt.CheckState.Checked)
    assert dialog.sharers_spin.value() == 3
    assert "1 人あたり 167 点" in dialog.add_objective_button.text()
    dialog.add_objective_button.click()
    assert [empty_campaign_model.character(i).xp_total for i in ids] == [167, 167, 167]
    assert dialog.recipients() == ids  # the ticks survive the refresh


def test_refusals_are_explained(qtbot, campaign_model, refusals):
    dialog = make_dialog(qtbot, campaign_model)
    dialog.other_reason_edit.setText("")
    dialog.add_other_button.click()
    assert refusals == ["経験点の理由を入力してください"]
    dialog.remove_xp_button.click()  # nothing selected
    assert "行を選んで" in refusals[-1]
    add_pick(dialog, "specialisation", "Observe/")
    assert "分野" in refusals[-1]


def test_the_cost_comes_from_the_table_or_the_gm_types_it(qtbot, campaign_model):
    dialog = make_dialog(qtbot, campaign_model)
    choose(dialog.kind_combo, "skill_rank")
    assert not dialog.cost_spin.isEnabled() and dialog.cost_spin.value() == 1
    assert dialog.skill_combo.isVisibleTo(dialog) and not dialog.attribute_combo.isVisibleTo(dialog)
    choose(dialog.kind_combo, "flaw")
    assert dialog.cost_spin.value() == -6 and "6 点獲得" in dialog.cost_label.text()
    assert dialog.text_edit.isVisibleTo(dialog)
    choose(dialog.kind_combo, "attribute")
    assert dialog.cost_spin.isEnabled() and dialog.cost_label.text() == UNSET_COST
    assert dialog.cost_spin.value() == 1  # the flaw's −6 is not carried over
    assert dialog.attribute_combo.isVisibleTo(dialog) and not dialog.skill_combo.isVisibleTo(dialog)


def test_building_and_taking_an_advancement(qtbot, campaign_model, refusals):
    dialog = make_dialog(qtbot, campaign_model, xp=1000)
    assert dialog.order_combo.currentData() == "warrior"
    assert dialog.order_combo.currentText() == "Warrior（戦士）"
    form = dialog.order_combo.parentWidget().layout()
    assert form.labelForField(dialog.order_combo).text() == "この成長を数える職業（上級職の条件 1.6.3）"
    assert dialog.picks_left_label.text() == "成長ポイント: 使用 0 / 5 点"
    assert not dialog.take_button.isEnabled()
    add_pick(dialog, "skill_rank", "Healing")
    add_pick(dialog, "skill_rank", "Healing")  # not an order skill: +1 only
    add_pick(dialog, "skill_rank", "Observe")
    add_pick(dialog, "reaction", "stamina", cost=1)
    assert column(dialog.picks_table, 1) == ["Healing", "Healing", "Observe", "Stamina"]
    assert dialog.picks_left_label.text() == "成長ポイント: 使用 4 / 5 点"
    problems = dialog.problems_label.text()
    assert (
        "Healing: 1 回の成長で職業スキル以外は 1 ランクまでです" in problems
        and "（使用 4 / 5 点、" in problems
    )
    assert not dialog.take_button.isEnabled()

    dialog.picks_table.selectRow(1)
    dialog.remove_pick_button.click()
    add_pick(dialog, "skill_rank", "Observe")
    add_pick(dialog, "health", cost=1)
    assert dialog.problems_label.text() == ""
    assert dialog.take_button.isEnabled()
    dialog.take_button.click()
    assert refusals == []
    after = stored(dialog.model)
    assert after.skill("Healing").ranks == 3 and after.skill("Observe").ranks == 7
    assert after.reactions.stamina == 5 and after.health == 18
    assert dialog.picks_table.rowCount() == 0 and "済み 1" in dialog.status_label.text()


def test_the_override_checkbox_lets_the_gm_advance_and_it_is_recorded(qtbot, campaign_model):
    dialog = make_dialog(qtbot, campaign_model, xp=500)
    for name in ("Observe", "Observe", "Climb", "Climb", "Appraise"):
        add_pick(dialog, "skill_rank", name)
    assert "次の成長まで 500 点" in dialog.problems_label.text()
    assert not dialog.take_button.isEnabled()
    dialog.override_check.setChecked(True)
    assert (
        dialog.take_button.isEnabled() and "GM オーバーライドで成長できます" in dialog.problems_label.text()
    )
    dialog.take_button.click()
    assert stored(dialog.model).overrides[-1].startswith("成長時の GM 許可: 成長できません")


def test_removing_an_xp_row_and_undo_refresh_the_dialog(qtbot, campaign_model):
    dialog = make_dialog(qtbot, campaign_model, xp=300)
    dialog.xp_table.selectRow(0)
    dialog.remove_xp_button.click()
    assert dialog.xp_table.rowCount() == 0 and "経験点 0" in dialog.status_label.text()
    campaign_model.undo_stack.undo()
    assert dialog.xp_table.rowCount() == 1 and "経験点 300" in dialog.status_label.text()
    campaign_model.delete_character(dialog.model.character_id)
    assert not dialog.content.isEnabled() and "削除されました" in dialog.problem_label.text()


def test_xp_spent_on_an_advancement_is_not_removed_without_the_override(qtbot, campaign_model, refusals):
    dialog = make_dialog(qtbot, campaign_model, xp=1000)
    for name in ("Observe", "Observe", "Climb", "Climb", "Appraise"):
        add_pick(dialog, "skill_rank", name)
    dialog.take_button.click()
    dialog.xp_table.selectRow(0)
    dialog.remove_xp_button.click()
    assert "済んだ成長 1 回に使った 1000 点を下回ります" in refusals[-1]
    assert column(dialog.xp_table, 2) == ["+1000"] and "経験点 1000" in dialog.status_label.text()
    dialog.override_check.setChecked(True)
    dialog.xp_table.selectRow(0)
    dialog.remove_xp_button.click()
    assert dialog.xp_table.rowCount() == 0 and len(refusals) == 1
    assert stored(dialog.model).overrides[-1].startswith("経験点の GM 許可: ")


def test_every_problem_line_and_the_orders_read_in_english(qtbot, campaign_model, tmp_path):
    from dataclasses import replace

    from tests.qt_fixtures import english_ui

    model = make_model(campaign_model)
    character = campaign_model.character(model.character_id)
    campaign_model.update_character(
        model.character_id, replace(character, other_orders=("barbarian", "craftsman")), "兼業"
    )
    with english_ui(tmp_path):
        dialog = LotRAdvancementDialog(model)
        qtbot.addWidget(dialog)
        add_pick(dialog, "skill_rank", "Appraise", 1)
        lines = dialog.problems_label.text().splitlines()
        assert not [line for line in lines if any("\u3040" <= ch <= "\u30ff" for ch in line)], lines
        assert any("Warrior, Barbarian, Craftsman" in line for line in lines), lines  # names, not ids
