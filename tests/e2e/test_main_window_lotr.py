"""The Lord of the Rings RPG in the main window: 追加 runs its wizard, the sheet and the panel follow
the selected character, Ctrl+R rolls on the LotR panel, the 指輪物語 menu opens its tools."""

from __future__ import annotations

from dataclasses import replace

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard

from gmtool.app.main_window import MainWindow
from gmtool.models.lotr.check_model import COURAGE_KEY
from gmtool.models.lotr.rules_model import RULES_KEY
from gmtool.rules.systems.lotr.checks import Contestant
from gmtool.views.fourcard.sheet_view import FourCardSheetView
from gmtool.views.lotr.advancement_dialog import LotRAdvancementDialog
from gmtool.views.lotr.check_view import LotRCheckView
from gmtool.views.lotr.rules_dialog import LotRRulesDialog
from gmtool.views.lotr.sheet_view import LotRSheetView
from tests.qt_fixtures import reopen_characters
from tests.views.lotr.test_wizard import click_next, fill_attributes, fill_origin

pytestmark = pytest.mark.window(add_system="lotr", record_dialogs=True)


def select(window: MainWindow, name: str) -> str:
    character_id = next(s.id for s in window.campaign_model.characters() if s.character.name == name)
    window.select_character(character_id)
    return character_id


def test_adding_a_lotr_character_runs_its_wizard_and_shows_its_sheet_and_panel(
    window, campaign_path, qtbot, refusals
):
    def drive(wizard: QWizard) -> bool:
        wizard.show()
        fill_origin(wizard, "hobbit", "rogue")
        fill_attributes(wizard, "choice", refusals)
        click_next(wizard)
        wizard.favoured_page.favoured_checks["nim"].setChecked(True)
        wizard.favoured_page.favoured_checks["per"].setChecked(True)
        wizard.favoured_page.reaction_radios["swiftness"].setChecked(True)
        click_next(wizard)
        click_next(wizard)  # no skills yet: nothing is over a limit
        wizard.extras_page.name_edit.setText("サム")
        wizard.extras_page.order_ability_edit.setText("Sneak")
        wizard.button(QWizard.WizardButton.FinishButton).click()
        return wizard.result() == QWizard.DialogCode.Accepted

    window.run_wizard = drive
    window.add_character()
    assert isinstance(window.sheet_view, LotRSheetView)
    assert window.check_stack.currentWidget() is window.panel_view("lotr")
    assert isinstance(window.panel_view("lotr"), LotRCheckView)
    saved = reopen_characters(campaign_path)["サム"]
    assert (saved.race, saved.subrace, saved.wound_levels) == ("hobbit", "harfoot", 4)

    before = len(window.campaign_model.log_entries())
    # The closed wizard may still count as the active window offscreen: the GM's
    # next key goes to the main window, as on a desktop.
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    entries = window.campaign_model.log_entries()
    assert len(entries) == before + 1 and entries[-1].payload["system"] == "lotr"
    assert window.log_model.row_texts(window.log_model.rowCount() - 1)[1] == "サム"

    select(window, "リゼ・アルノー")
    assert isinstance(window.sheet_view, FourCardSheetView)
    assert window.check_stack.currentWidget() is window.panel_view("fourcard")

    # Undo takes the new character away again.
    while "サム" in reopen_characters(campaign_path):
        window.undo_action.trigger()


def test_a_skill_with_a_colon_in_its_name_rolls_from_the_main_window(window, qtbot):
    character_id = select(window, "ナール")
    model = window.panel_model("lotr")
    model.set_source(Contestant.A, "skill:Armed Combat: Axes:Battle-axe")
    roller = model.roller(Contestant.A)
    assert (roller.rank, roller.specialisation) == (6, 2)  # 3 + 3 ranks, +2 in the specialisation
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    payload = window.campaign_model.log_entries()[-1].payload
    assert payload["system"] == "lotr" and payload["summary"]["who"] == "ナール"
    assert window.campaign_model.stored(character_id).character.name == "ナール"


def test_the_lotr_menu_opens_its_tools_and_refuses_other_systems(window, refusals):
    select(window, "ナール")
    window.menus["lotr"].advance_selected()
    window.menus["lotr"].edit_rules()
    assert [type(d) for d in window.opened] == [LotRAdvancementDialog, LotRRulesDialog]

    window.campaign_model.set_session_value(COURAGE_KEY, {"round": 3, "spent": {"x": 2}}, "テスト")
    window.menus["lotr"].next_round()
    assert window.campaign_model.session_value(COURAGE_KEY)["round"] == 4

    select(window, "リゼ・アルノー")
    window.menus["lotr"].advance_selected()
    assert "指輪物語RPGのキャラクターだけ" in refusals[-1]
    assert len(window.opened) == 2


def test_a_closed_tool_dialog_is_let_go_and_the_table_goes_on(window, qtbot):
    character_id = select(window, "ナール")
    menu = window.menus["lotr"]
    menu.advance_selected()
    menu.edit_rules()
    advancement, rules = window.opened
    assert window.services.dialogs.held() == [advancement, rules]
    for dialog in (advancement, rules):
        dialog.show()  # what the real open_dialog does
        dialog.close()  # 閉じる, Esc or ×
    assert window.services.dialogs.held() == []
    qtbot.waitUntil(lambda: not (shiboken6.isValid(advancement) or shiboken6.isValid(rules)))
    # The campaign changes on without the closed dialogs (no slot of a deleted widget is called).
    character = window.campaign_model.character(character_id)
    window.campaign_model.update_character(character_id, replace(character, damage=1), "ダメージを受ける")
    window.campaign_model.set_session_value(RULES_KEY, {"schema": 1, "picks": {"attribute": 3}}, "表")
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert window.campaign_model.character(character_id).damage == character.damage
    menu.edit_rules()  # and a new one opens as before
    assert window.services.dialogs.held() == [window.opened[-1]]
