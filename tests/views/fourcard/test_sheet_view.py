"""The フォーカード sheet: what it shows, what an edit or a button changes, undo/redo, refusals."""

from __future__ import annotations

import random
from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction

from gmtool.models.character_model import CharacterModel
from gmtool.models.fourcard.actions import LOG_KIND
from gmtool.models.fourcard.sheet_model import FourCardSheetModel
from gmtool.rules.dice import roll
from gmtool.rules.systems.fourcard.character import Equipment
from gmtool.views.fourcard.sheet_view import FourCardSheetView
from tests.qt_fixtures import reopen_characters, sample_fourcard_character

NAME = "ガルド"


def make_sheet(qtbot, campaign_model, seed=None, **changes):
    character = replace(sample_fourcard_character(NAME), **changes)
    character_id = campaign_model.insert_character("fourcard", character, "x")
    campaign_model.undo_stack.clear()
    model = CharacterModel(campaign_model, character_id)
    dice = {} if seed is None else {"seed_source": lambda: seed}
    view = FourCardSheetView(FourCardSheetModel(model, **dice))
    qtbot.addWidget(view)
    return view


def stored(campaign_model):
    return reopen_characters(campaign_model.campaign.path)[NAME]


def skill_rows(view):
    table = view.skill_table
    return {
        table.item(r, 0).text(): [table.item(r, c).text() for c in range(1, 4)]
        for r in range(table.rowCount())
    }


def test_sheet_shows_the_sample_character(qtbot, empty_campaign_model):
    view = make_sheet(qtbot, empty_campaign_model)
    assert view.name_edit.text() == NAME
    assert view.pc_check.isChecked()
    assert view.sex_combo.currentText() == "男性"
    assert view.level_label.text() == "1"
    assert [view.xp_earned_label.text(), view.xp_spent_label.text(), view.xp_unspent_label.text()] == [
        "15",
        "15",
        "0",
    ]
    assert {k: s.value() for k, s in view.initial_spins.items()} == {
        "iq": 4,
        "dx": 6,
        "st": 6,
        "wp": 5,
        "vt": 5,
    }
    assert view.current_labels["dx"].text() == "6"
    # 接近戦 2TP on DX 6: 8 with the specialisation 剣, 8 − 2 = 6 for every other weapon
    assert skill_rows(view) == {
        "【接近戦】（その他）": ["DX", "2", "6"],
        "【接近戦】特化【剣】": ["DX", "2", "8"],
    }
    # ST 6, WP 5, VT 5: 衰弱 6×2+5 = 17, 昏倒 17+5×2 = 27, 死亡 27+5×2 = 37
    assert view.hp_bar.lines == (17, 27, 37)
    assert (view.hp_bar.fatigue, view.hp_bar.injury) == (0, 0)
    assert view.condition_label.text() == "平常"
    assert view.movement_label.text() == "11"  # DX 6 + 5
    assert view.money_spin.value() == 1900
    assert view.handedness_combo.currentText() == "右"
    assert view.equipment_model.rowCount() == 0


def test_editing_an_attribute_updates_hp_lines_movement_and_skills_at_once(qtbot, empty_campaign_model):
    view = make_sheet(qtbot, empty_campaign_model)
    view.initial_spins["st"].setValue(7)
    assert view.hp_bar.lines == (19, 29, 39)
    assert view.current_labels["st"].text() == "7"
    view.gain_spins["dx"].setValue(1)
    assert view.movement_label.text() == "12"
    assert skill_rows(view)["【接近戦】特化【剣】"][2] == "9"
    assert view.current_labels["dx"].text() == "7"

    saved = stored(empty_campaign_model)
    assert saved.attributes.st == 7 and saved.gains.dx == 1

    stack = empty_campaign_model.undo_stack
    assert stack.count() == 2
    assert stack.undoText() == "DXの成長を変更"
    stack.undo()
    stack.undo()
    assert view.initial_spins["st"].value() == 6
    assert view.gain_spins["dx"].value() == 0
    assert view.hp_bar.lines == (17, 27, 37)
    assert view.movement_label.text() == "11"
    assert stored(empty_campaign_model).attributes.st == 6
    stack.redo()
    assert view.initial_spins["st"].value() == 7
    assert view.hp_bar.lines == (19, 29, 39)


def test_a_loss_larger_than_the_attribute_is_refused_and_the_file_unchanged(
    qtbot, empty_campaign_model, refusals
):
    view = make_sheet(qtbot, empty_campaign_model)
    view.loss_spins["vt"].setValue(6)  # VT 5 − 6 would be negative
    assert refusals and "VT" in refusals[0]
    assert view.loss_spins["vt"].value() == 0  # snapped back
    assert view.hp_bar.lines == (17, 27, 37)
    assert stored(empty_campaign_model).losses.vt == 0
    assert empty_campaign_model.undo_stack.count() == 0

    view.loss_spins["vt"].setValue(2)  # a real loss is fine: VT 3
    assert view.current_labels["vt"].text() == "3"
    assert view.hp_bar.lines == (15, 25, 31)


def test_damage_buttons_show_their_effect_and_undo(qtbot, empty_campaign_model):
    view = make_sheet(qtbot, empty_campaign_model)
    box = view.damage_box
    box.fatigue_amount.setValue(12)
    box.fatigue_button.click()
    box.injury_amount.setValue(6)
    box.injury_button.click()
    assert (view.fatigue_spin.value(), view.injury_spin.value()) == (12, 6)
    assert (view.hp_bar.fatigue, view.hp_bar.injury) == (12, 6)
    assert view.damage_label.text() == "18"
    assert view.condition_label.text() == "衰弱: 全ての判定 −2"  # 18 ≥ 衰弱 17
    assert "負傷を 6 点受けました" in box.status

    box.sleep_hours.setValue(8)
    box.sleep_button.click()  # 6×2 + 2 = 14 would come back; 12 is all there is
    assert (view.fatigue_spin.value(), view.injury_spin.value()) == (0, 5)
    assert "疲労 12 点回復" in box.status and "負傷 1 点回復" in box.status
    assert view.condition_label.text() == "平常"
    assert (stored(empty_campaign_model).fatigue, stored(empty_campaign_model).injury) == (0, 5)

    empty_campaign_model.undo_stack.undo()
    assert (view.fatigue_spin.value(), view.injury_spin.value()) == (12, 6)
    assert view.hp_bar.fatigue == 12
    assert len([e for e in empty_campaign_model.log_entries() if e.kind == LOG_KIND]) == 3


def test_hunger_is_shown_and_blocks_rest_until_a_meal(qtbot, empty_campaign_model):
    view = make_sheet(qtbot, empty_campaign_model, fatigue=3)
    box = view.damage_box
    assert box.hunger_label.isHidden()
    box.missed_meals.setValue(2)
    box.missed_button.click()
    assert view.fatigue_spin.value() == 5
    assert view.hungry_check.isChecked()
    assert not box.hunger_label.isHidden()
    assert "疲労は回復しません" in box.hunger_label.text()

    box.rest_hours.setValue(2)
    box.rest_button.click()
    assert view.fatigue_spin.value() == 5
    assert "空腹のため疲労は回復しません" in box.status

    box.meal_button.click()
    assert view.fatigue_spin.value() == 4
    assert not view.hungry_check.isChecked()
    assert box.hunger_label.isHidden()
    box.rest_button.click()
    assert view.fatigue_spin.value() == 2


def test_day_recovery_chance_follows_the_state_and_the_roll_applies(qtbot, empty_campaign_model):
    # A seed whose 2D6 (as the engine rolls them) is a plain success at 2D6 + 6 ≥ 10.
    seed = next(s for s in range(10_000) if 4 <= sum(roll(random.Random(s), 2, 6)) <= 11)
    view = make_sheet(qtbot, empty_campaign_model, seed=seed, fatigue=4, injury=6)
    box = view.damage_box
    # VT 5 + LV 1 vs 累積 10: natural 4–12 when resting = 33/36; 8–12 when not = 15/36
    assert "36通り中 33通り" in box.day_label.text()
    box.resting_check.setChecked(False)
    assert "36通り中 15通り" in box.day_label.text() and "安静でない −4" in box.day_label.text()
    box.resting_check.setChecked(True)

    view.fatigue_spin.setValue(11)  # 累積 17 reaches 衰弱: −2, only a natural 12 succeeds
    assert "36通り中 1通り" in box.day_label.text() and "衰弱 −2" in box.day_label.text()
    view.fatigue_spin.setValue(4)

    box.day_button.click()
    faces = roll(random.Random(seed), 2, 6)
    assert view.injury_spin.value() == 5
    assert f"[{faces[0]},{faces[1]}]" in box.status and "負傷 1 点回復" in box.status
    assert empty_campaign_model.undo_stack.undoText() == "1日の経過"
    empty_campaign_model.undo_stack.undo()
    assert view.injury_spin.value() == 6


def test_fatigue_and_injury_can_be_corrected_directly(qtbot, empty_campaign_model):
    view = make_sheet(qtbot, empty_campaign_model)
    view.injury_spin.setValue(27)
    assert view.condition_label.text() == "昏倒"
    assert view.hp_bar.injury == 27
    assert stored(empty_campaign_model).injury == 27
    assert empty_campaign_model.undo_stack.undoText() == "負傷を変更"
    view.fatigue_spin.setValue(13)  # 累積 40, past 死亡 37: the bar's scale stretches to show it
    assert view.condition_label.text() == "死亡"
    assert view.hp_bar.damage == 40 and view.hp_bar.maximum == 40
    view.resize(900, 900)
    assert not view.hp_bar.grab().isNull()  # paints (pytest-qt fails the test on a paintEvent error)
    view.hungry_check.setChecked(True)
    assert stored(empty_campaign_model).hungry
    assert not view.damage_box.hunger_label.isHidden()


def test_equipment_rows_change_movement_and_are_undoable(qtbot, empty_campaign_model, refusals):
    view = make_sheet(qtbot, empty_campaign_model)
    model = view.equipment_model
    view.add_equipment_button.click()
    assert model.rowCount() == 1
    model.setData(model.index(0, 0), "板金鎧", Qt.ItemDataRole.EditRole)
    model.setData(model.index(0, 1), 4, Qt.ItemDataRole.EditRole)
    assert view.movement_label.text() == "7"  # DX 6 + 5 − 4
    assert stored(empty_campaign_model).equipment[0].name == "板金鎧"
    assert empty_campaign_model.undo_stack.undoText() == "装備の移動力修正を変更"

    assert not model.setData(model.index(0, 1), -1, Qt.ItemDataRole.EditRole)
    assert refusals and "0 以上" in refusals[-1]
    assert model.index(0, 1).data() == 4
    assert stored(empty_campaign_model).equipment[0].movement_penalty == 4

    model.add_item()
    model.setData(model.index(1, 1), 5, Qt.ItemDataRole.EditRole)
    assert "その場から動けません" not in view.movement_note.text()
    assert view.movement_label.text() == "2"
    assert "3未満" in view.movement_note.text()

    empty_campaign_model.undo_stack.undo()
    empty_campaign_model.undo_stack.undo()
    assert view.movement_label.text() == "7"
    assert model.rowCount() == 1


def test_removing_equipment_needs_a_selected_row(qtbot, empty_campaign_model, refusals):
    view = make_sheet(qtbot, empty_campaign_model, equipment=(Equipment("盾", 1),))
    assert view.movement_label.text() == "10"
    view.equipment_table.clearSelection()
    view.equipment_table.setCurrentIndex(view.equipment_model.index(-1, -1))
    remove = view.remove_equipment_button
    remove.click()
    assert refusals and "選んで" in refusals[-1]
    assert view.equipment_model.rowCount() == 1
    view.equipment_table.setCurrentIndex(view.equipment_model.index(0, 0))
    remove.click()
    assert view.equipment_model.rowCount() == 0
    assert view.movement_label.text() == "11"
    assert stored(empty_campaign_model).equipment == ()


def test_money_handedness_sex_notes_and_overrides(qtbot, empty_campaign_model):
    view = make_sheet(qtbot, empty_campaign_model, overrides=("2026-11-02 【接近戦】3TP: GM オーバーライド",))
    assert [view.overrides_list.item(i).text() for i in range(view.overrides_list.count())] == [
        "2026-11-02 【接近戦】3TP: GM オーバーライド"
    ]
    view.money_spin.setValue(2500)
    view.handedness_combo.setCurrentIndex(view.handedness_combo.findText("両手"))
    view.sex_combo.setCurrentIndex(view.sex_combo.findText("女性"))
    view.notes_edit.setPlainText("左目に傷")
    view.notes_edit.committed.emit(view.notes_edit.toPlainText())
    saved = stored(empty_campaign_model)
    assert (saved.money, saved.handedness, saved.sex, saved.notes) == (2500, "both", "female", "左目に傷")
    assert saved.attributes.st == 6 and saved.attributes.wp == 5  # the sex modifier is not re-applied
    assert empty_campaign_model.undo_stack.count() == 4

    for _ in range(4):
        empty_campaign_model.undo_stack.undo()
    assert view.money_spin.value() == 1900
    assert view.handedness_combo.currentText() == "右"
    assert view.sex_combo.currentText() == "男性"
    assert view.notes_edit.toPlainText() == ""


def test_the_sheet_and_its_damage_box_keep_qwidget_actions(qtbot, empty_campaign_model):
    # Their FourCardActions once lived in `self.actions`, hiding QWidget.actions(): asking either
    # widget for its QActions (as menus and shortcuts do) raised "object is not callable".
    view = make_sheet(qtbot, empty_campaign_model)
    for widget in (view, view.damage_box):
        action = QAction("x", widget)
        widget.addAction(action)
        assert widget.actions() == [action]
