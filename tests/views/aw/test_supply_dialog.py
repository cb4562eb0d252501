"""The 供給・生命力の増減 dialog: what the GM sees before 「振る」, and what a click changes."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from gmtool.models.aw.session_model import AWSessionModel
from gmtool.models.aw.supply_model import AWSupplyModel
from gmtool.rules.dice import sum_distribution
from gmtool.rules.systems.aw.supply import SupplyKind
from gmtool.views.appearance import tone_colour
from gmtool.views.aw.supply_dialog import CHOSEN, MEAN_HP, MEAN_MP, RECOVERS, AWSupplyDialog

SEED = 99


@pytest.fixture
def dialog(qtbot, campaign_model):
    widget = AWSupplyDialog(AWSupplyModel(campaign_model, seed_source=lambda: SEED))
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitUntil(widget.isVisible)
    return widget


def row_of(dialog, name):
    return next(r for r in range(dialog.table.rowCount()) if dialog.table.item(r, 0).text() == name)


def tick(dialog, name, column=CHOSEN, on=True):
    item = dialog.table.item(row_of(dialog, name), column)
    item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)


def test_opens_non_modal_with_the_aw_characters(dialog):
    assert not dialog.isModal()
    assert dialog.windowTitle() == "供給・生命力の増減"
    names = [dialog.table.item(r, 0).text() for r in range(dialog.table.rowCount())]
    assert names == ["朝霧 透", "ミナ・クローデル", "影の使徒"]
    assert not dialog.roll_button.isEnabled()
    assert dialog.problem_label.text() == "対象のキャラクターを選んでください"


def test_the_dice_spin_offers_only_the_texts_range(dialog):
    assert (dialog.dice_spin.minimum(), dialog.dice_spin.maximum()) == (1, 5)
    assert "1〜5D6" in dialog.range_label.text()
    dialog.kind_buttons.buttons[SupplyKind.SUPPLY].click()
    assert (dialog.dice_spin.minimum(), dialog.dice_spin.maximum()) == (1, 2)
    assert not dialog.table.isColumnHidden(RECOVERS)


def test_the_distribution_and_means_are_shown_before_rolling(dialog):
    dialog.dice_spin.setValue(3)
    tick(dialog, "朝霧 透")
    drawn = dialog.plot.bar_heights()
    expected = sum_distribution(3, 6)
    assert drawn == pytest.approx({t: float(expected[t]) * 100 for t in range(3, 19)})
    assert dialog.plot.mean_line.value() == pytest.approx(10.5)
    assert "3D6 の期待値 −10.5" in dialog.expected_label.text()
    row = row_of(dialog, "朝霧 透")
    assert dialog.table.item(row, MEAN_HP).text() == "17.5"  # 28 − 10.5
    assert dialog.table.item(row, MEAN_MP).text() == "7.5"  # 18 − 10.5
    assert dialog.table.item(row_of(dialog, "影の使徒"), MEAN_HP).text() == "—"


def test_a_contracted_pair_gets_three_to_four_dice_and_is_explained(dialog, campaign_model):
    toru, mina, _ = (s.id for s in campaign_model.characters_of("aw"))
    AWSessionModel(campaign_model).contracts.form_contract(toru, mina)
    dialog.kind_buttons.buttons[SupplyKind.SUPPLY].click()
    tick(dialog, "朝霧 透")
    assert "2人以上" in dialog.problem_label.text()
    tick(dialog, "ミナ・クローデル")
    assert (dialog.dice_spin.minimum(), dialog.dice_spin.maximum()) == (3, 4)
    assert "朝霧 透（マスター）とミナ・クローデル（サーヴァント）" in dialog.range_label.text()
    assert dialog.roll_button.isEnabled()


def test_rolling_changes_hp_and_mp_shows_the_result_and_warns_at_zero(dialog, campaign_model):
    toru = campaign_model.characters_of("aw")[0].id
    character = campaign_model.character(toru)
    campaign_model.update_character(toru, replace(character, hp=3, mp=2), "test")
    depth = campaign_model.undo_stack.count()
    dialog.dice_spin.setValue(5)  # 5D6 ≥ 5: both pools end at 0 or below
    tick(dialog, "朝霧 透")
    dialog.roll_button.click()
    after = campaign_model.character(toru)
    amount = 3 - after.hp
    assert amount >= 5 and after.mp == 2 - amount
    text = dialog.result_label.text()
    assert f"HP 3 → {after.hp}、MP 2 → {after.mp}" in text
    assert f"⚠ 朝霧 透のHPが {after.hp} です" in text and "下限はありません" in text
    assert dialog.table.item(row_of(dialog, "朝霧 透"), 1).text() == f"{after.hp} / 28"
    assert campaign_model.undo_stack.count() == depth + 1
    campaign_model.undo_stack.undo()
    assert campaign_model.character(toru).hp == 3


def test_skill_recovery_fields_appear_and_refuse_until_filled(dialog, campaign_model):
    dialog.kind_buttons.buttons[SupplyKind.SKILL].click()
    assert dialog.skill_edit.isVisible() and dialog.bonus_spin.isVisible()
    assert dialog.dice_spin.minimum() == 0
    tick(dialog, "ミナ・クローデル")
    assert dialog.problem_label.text() == "特技名を入力してください"
    dialog.skill_edit.setText("ヒーリング")
    dialog.pool_combo.setCurrentIndex(dialog.pool_combo.findData("mp"))
    dialog.dice_spin.setValue(1)
    dialog.bonus_spin.setValue(2)
    assert "1D6+2 の期待値 +5.5" in dialog.expected_label.text()
    assert dialog.table.item(row_of(dialog, "ミナ・クローデル"), MEAN_MP).text() == "30.0"  # already full
    dialog.roll_button.click()
    assert "全員が最大値" in dialog.result_label.text()
    assert "《ヒーリング》" in campaign_model.log_entries()[-1].payload["summary"]["inputs"]


def test_a_refused_roll_is_explained_and_changes_nothing(dialog, refusals, campaign_model):
    dialog.kind_buttons.buttons[SupplyKind.SUPPLY].click()
    tick(dialog, "影の使徒")
    dialog.roll()  # as a shortcut would, with the button disabled
    assert refusals == ["供給は2人以上のキャラクターの間で行ないます（参加者を2人以上選んでください）"]
    assert campaign_model.log_entries() == []
    assert dialog.result_label.text() == "まだ振っていません"


def test_a_skill_name_typed_with_brackets_is_not_doubled(dialog, campaign_model):
    dialog.kind_buttons.buttons[SupplyKind.SKILL].click()
    assert dialog.skill_edit.placeholderText() == "例: ヒーリング"
    tick(dialog, "ミナ・クローデル")
    dialog.skill_edit.setText("《ヒーリング》")
    assert dialog.skill_edit.text() == "《ヒーリング》"  # what the GM typed stays in the box
    assert dialog.model.skill_name == "ヒーリング"
    dialog.dice_spin.setValue(1)
    dialog.roll_button.click()
    inputs = campaign_model.log_entries()[-1].payload["summary"]["inputs"]
    assert inputs.startswith("特技《ヒーリング》による回復") and "《《" not in inputs


def test_a_loss_shows_its_sign_on_the_fraction_too(dialog):
    dialog.dice_spin.setValue(1)
    assert dialog.expected_label.text() == "1D6 の期待値 −3.5（= −7/2）"
    dialog.kind_buttons.buttons[SupplyKind.SUPPLY].click()
    assert dialog.expected_label.text() == "1D6 の期待値 +3.5（= +7/2）"


def test_the_result_says_when_the_roll_was_undone(dialog, campaign_model):
    toru = campaign_model.characters_of("aw")[0].id
    tick(dialog, "朝霧 透")
    dialog.roll_button.click()
    assert dialog.result_label.text().endswith("（Ctrl+Z でまとめて元に戻せます）")
    assert dialog.result_label.styleSheet() == ""
    rolled = dialog.result_label.text().splitlines()[0]
    campaign_model.undo_stack.undo()
    assert campaign_model.character(toru).hp == 28
    lines = dialog.result_label.text().splitlines()
    assert lines[0] == rolled and lines[-1] == "（元に戻しました）"
    assert tone_colour("muted").name() in dialog.result_label.styleSheet()  # greyed: it no longer stands
    campaign_model.undo_stack.redo()
    assert dialog.result_label.text().endswith("（Ctrl+Z でまとめて元に戻せます）")
    assert dialog.result_label.styleSheet() == ""
    character = campaign_model.character(toru)
    campaign_model.update_character(toru, replace(character, hp=character.hp + 1), "シートで編集")
    assert dialog.result_label.text().endswith("（この後 HP・MP が変更されています）")


def test_the_wording_says_whether_the_amount_is_lost_or_recovered(dialog):
    headers = [dialog.table.horizontalHeaderItem(c).text() for c in (MEAN_HP, MEAN_MP)]
    assert headers == ["振った後のHP（平均）", "振った後のMP（平均）"]
    header = dialog.table.horizontalHeader()
    for column, text in zip((MEAN_HP, MEAN_MP), headers, strict=True):
        assert header.sectionSize(column) >= header.fontMetrics().horizontalAdvance(text)  # not cut off
    form_labels = [w.text() for w in dialog.findChildren(QLabel)]
    assert "減る・回復する値" in form_labels and "増減する値" not in form_labels
    assert dialog.plot.getAxis("bottom").labelText == "減る量"
    assert dialog.odds_box.title() == "減る量の分布（厳密計算）"
    dialog.kind_buttons.buttons[SupplyKind.SUPPLY].click()
    assert dialog.plot.getAxis("bottom").labelText == "回復する量"
    assert dialog.odds_box.title() == "回復する量の分布（厳密計算）"


def test_roll_is_in_view_at_a_laptops_size_and_its_result_reads_whole(dialog, qtbot, campaign_model):
    """At 1366×768 the dialog is 700 px tall: 振る was below the bottom edge of the scrolling part
    (with an empty table as much as a full one) and its result lines were clipped.  振る stays under
    the scrolling part, whole; the result gets the lines it needs (scrolling past six)."""
    dialog.resize(720, 700)
    qtbot.waitUntil(lambda: dialog.height() == 700)
    button = dialog.roll_button

    def whole(widget) -> bool:
        QApplication.processEvents()
        return widget.visibleRegion().boundingRect() == widget.rect()

    assert whole(button)
    for name in ("朝霧 透", "ミナ・クローデル", "影の使徒"):
        tick(dialog, name)
    assert whole(button)
    top = button.mapTo(dialog, button.rect().topLeft()).y()
    button.click()
    label, area = dialog.result_label, dialog.result_area
    assert label.text().count("\n") == 3  # a line per character and whether the roll stands
    QApplication.processEvents()
    assert label.height() >= label.heightForWidth(label.width())
    assert area.viewport().height() >= label.height()  # four lines: all in view, no scrolling
    assert button.mapTo(dialog, button.rect().topLeft()).y() == top  # the result moved nothing
    assert whole(button)
