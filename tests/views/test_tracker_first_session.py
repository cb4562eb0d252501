"""The combat tracker as a GM meets it in a first session (issue 34): the start button says what it
does, the next fight's name and system do not touch the fight under way, the LotR steps are tabs
that fit 1366×768 and do not jump, and the attack, parry and fear numbers come from the sheets with
an opponent as the target."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gmtool.app.systems import tracker_boxes
from gmtool.models.battle_model import BattleModel
from gmtool.views.battle.battle_dialog import BattleDialog
from tests.qt_fixtures import english_ui

DIALOG_AT_1366_768 = (1300, 764)  # the tracker's size on a 1366×768 screen (fit_to_screen)


@pytest.fixture
def dialog(qtbot, campaign_model, refusals):
    model = BattleModel(campaign_model, seed_source=lambda: 7)
    view = BattleDialog(model, action_boxes=tracker_boxes())  # as the 戦闘 menu makes it
    view.ask_confirm = lambda *_: True
    qtbot.addWidget(view)
    return view


def lotr_fight(dialog: BattleDialog) -> tuple[str, str]:
    """ナール (from the demo sheet) against an orc NPC, the orc added first."""
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("lotr"))
    dialog.new_button.click()
    (orc,) = dialog.model.roster.add_quick("オーク", {"swiftness": 0, "defence": 10, "health": 6})
    dialog.character_combo.setCurrentIndex(dialog.character_combo.findText("ナール"))
    dialog.add_character_button.click()
    naar = next(p.id for p in dialog.model.state().participants if p.name == "ナール")
    return naar, orc


def test_the_start_button_is_an_action_in_english(qapp, dialog, tmp_path):
    assert dialog.start_button.text() == "戦闘開始"
    with english_ui(tmp_path):
        model = BattleModel(dialog.model.campaign_model)
        english = BattleDialog(model, action_boxes=tracker_boxes())
        try:
            assert english.start_button.text() == "Start battle"
        finally:
            english.deleteLater()


def test_the_next_fights_name_and_system_do_not_touch_the_fight_under_way(qtbot, dialog):
    """The trap as found: an AW fight runs, the GM picks 指輪物語 and types the next fight's name,
    then presses 新しい戦闘 (leaving the field on the way): the running fight kept its name, the
    new fight is LotR's with the typed name, one undo step."""
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("aw"))
    dialog.name_edit.setText("山賊")
    dialog.new_button.click()
    assert dialog.model.state().name == "山賊" and dialog.name_edit.text() == ""
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("lotr"))
    dialog.name_edit.setFocus()
    qtbot.keyClicks(dialog.name_edit, "Orcs")
    dialog.name_edit.editingFinished.emit()  # what leaving the field for the button sends
    assert dialog.model.state().name == "山賊"  # not renamed
    assert dialog.system_combo.currentData() == "lotr"  # the choice stays whatever the fight shows
    stack = dialog.model.campaign_model.undo_stack
    before = stack.index()
    qtbot.mouseClick(dialog.new_button, Qt.MouseButton.LeftButton)
    state = dialog.model.state()
    assert (state.system, state.name) == ("lotr", "Orcs")
    assert stack.index() == before + 1
    stack.undo()
    assert (dialog.model.state().system, dialog.model.state().name) == ("aw", "山賊")


def test_the_fight_under_way_is_renamed_in_its_own_field_in_one_undo_step(dialog):
    lotr_fight(dialog)
    assert dialog.current_name_edit.text() == "戦闘"
    stack = dialog.model.campaign_model.undo_stack
    before = stack.index()
    dialog.current_name_edit.setText("廃坑の戦い")
    dialog.current_name_edit.editingFinished.emit()
    assert dialog.model.state().name == "廃坑の戦い" and stack.index() == before + 1
    assert dialog.name_edit.text() == ""  # the next fight's field is not the running one's


def test_the_lotr_attack_step_fits_1366x768_and_nothing_jumps_when_a_target_is_chosen(qtbot, dialog):
    naar, orc = lotr_fight(dialog)
    dialog.start_button.click()
    tabs = dialog.side_tabs
    attack = dialog.action_boxes["lotr"].attack_box
    assert tabs.currentWidget() is tabs.area_of(attack)  # a LotR fight opens on its attack step
    dialog.show()
    dialog.resize(*DIALOG_AT_1366_768)
    qtbot.waitExposed(dialog)
    area = tabs.area_of(attack)
    assert area.verticalScrollBar().maximum() == 0  # the whole step is in view
    assert attack.roll_button.isVisible()
    # A shorter window scrolls the step: choosing a target keeps the place and moves nothing.
    dialog.resize(DIALOG_AT_1366_768[0], 420)
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() > 0)
    area.ensureWidgetVisible(attack.roll_button)
    bar_value, roll_y = area.verticalScrollBar().value(), attack.roll_button.y()
    assert bar_value > 0
    for target in (naar, orc):  # himself (refused, a one-line reason), then the orc again
        attack.target_combo.setCurrentIndex(attack.target_combo.findData(target))
        qtbot.wait(1)  # the layout settles
        assert area.verticalScrollBar().value() == bar_value
        assert attack.roll_button.y() == roll_y


def test_the_attack_and_parry_come_from_the_sheet_and_the_target_is_an_opponent(dialog):
    naar, orc = lotr_fight(dialog)
    dialog.start_button.click()
    box = dialog.action_boxes["lotr"]
    attack = box.attack_box
    attack.attacker_combo.setCurrentIndex(attack.attacker_combo.findData(naar))
    assert attack.target_combo.currentData() == orc  # not ナール himself
    # ナール: Armed Combat: Axes rank 6 + STR modifier (check_kinds: 7); Ranged Combat 4.
    assert attack.bonus_spin.value() == 7 and attack.bonus_link.note.text() == "シートから"
    assert "Armed Combat: Axes" in attack.bonus_link.note.toolTip()
    attack.ranged_check.setChecked(True)
    assert attack.bonus_spin.value() == 4  # Ranged Combat
    attack.ranged_check.setChecked(False)
    attack.bonus_spin.setValue(9)  # the GM's own number stays, and says so
    attack.ranged_check.setChecked(True)
    assert attack.bonus_spin.value() == 9 and attack.bonus_link.note.text() == "GMの値"
    attack.bonus_link.reset_button.click()
    assert attack.bonus_spin.value() == 4 and attack.bonus_link.note.text() == "シートから"
    # The orc attacks: its target is ナール, whose parry is his Armed Combat (3.3); no sheet: 手入力.
    attack.attacker_combo.setCurrentIndex(attack.attacker_combo.findData(orc))
    assert attack.target_combo.currentData() == naar
    assert attack.parry_spin.value() == 7 and attack.parry_link.note.text() == "シートから"
    assert attack.bonus_spin.value() == 0 and attack.bonus_link.note.text() == "手入力"
    # The actions box's parry and the fear box's numbers too.
    box.who_combo.setCurrentIndex(box.who_combo.findData(naar))
    assert box.parry_bonus.value() == 7
    fear = box.fear_box
    fear.attacker_combo.setCurrentIndex(fear.attacker_combo.findData(orc))
    assert fear.target_combo.currentData() == naar
    assert fear.willpower_link.note.text() == "シートから"
    assert (
        fear.willpower_spin.value()
        == dialog.model.campaign_model.character(
            dialog.model.participant(naar).character_id
        ).reactions.willpower
    )


def test_the_aw_box_is_a_tab_of_its_own_that_fits(qtbot, dialog):
    dialog.system_combo.setCurrentIndex(dialog.system_combo.findData("aw"))
    dialog.new_button.click()
    dialog.character_combo.setCurrentIndex(0)
    dialog.add_character_button.click()
    dialog.start_button.click()
    tabs = dialog.side_tabs
    aw = dialog.action_boxes["aw"]
    assert tabs.currentWidget() is tabs.area_of(aw)
    assert not any(tabs.isTabVisible(i) for i in tabs.system_tabs["lotr"])
    dialog.show()
    dialog.resize(*DIALOG_AT_1366_768)
    qtbot.waitExposed(dialog)
    assert tabs.area_of(aw).verticalScrollBar().maximum() == 0


def test_a_specialisation_that_names_the_weapon_adds_its_two(campaign_model):
    """1.4.1: ナール's Armed Combat: Axes (Battle-axe) gives +2 with a Battle-axe only."""
    from gmtool.models.lotr.sheet_values import LotRSheetValues

    battle = BattleModel(campaign_model)
    battle.new_encounter("lotr", "")
    naar_id = next(s.id for s in campaign_model.characters() if s.character.name == "ナール")
    pid = battle.roster.add_character(naar_id)
    sheet = LotRSheetValues(battle)
    assert sheet.attack_bonus(pid, "Battle-axe", ranged=False).value == 9
    assert sheet.attack_bonus(pid, "Longsword", ranged=False).value == 7
    assert sheet.attack_bonus(pid, None, ranged=True).value == 4


def test_a_blunt_hit_opens_the_stun_step(dialog):
    """3.7: a Blunt hit stuns instead of damaging, so its next step, the Stamina test, is shown."""
    naar, _orc = lotr_fight(dialog)
    dialog.start_button.click()
    box = dialog.action_boxes["lotr"]
    attack, tabs = box.attack_box, dialog.side_tabs
    attack.attacker_combo.setCurrentIndex(attack.attacker_combo.findData(naar))
    attack.called_combo.setCurrentIndex(1)  # 頭部: TN +12
    attack.blunt_check.setChecked(True)
    attack.bonus_spin.setValue(30)  # 2d6 + 30 reaches 22 whatever the dice
    assert tabs.currentWidget() is tabs.area_of(attack)
    attack.roll_button.click()
    assert "スタン" in attack.result_label.text()
    assert tabs.currentWidget() is tabs.area_of(box.stun_box)
