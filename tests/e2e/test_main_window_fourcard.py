"""フォーカード in the main window: 追加 runs the creation wizard, the sheet and the panel follow
the selected character's system, Ctrl+R rolls on the panel shown."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard

from gmtool.views.aw.sheet_view import AWSheetView
from gmtool.views.fourcard.check_view import FourCardCheckView
from gmtool.views.fourcard.sheet_view import FourCardSheetView
from tests.qt_fixtures import DEMO_NAMES, reopen_characters

pytestmark = pytest.mark.window(add_system="fourcard")


def drive_wizard_with_the_shipped_catalog(wizard: QWizard) -> bool:
    """The player's path when the GM has not filled in any 専門性: no skill can be bought."""
    model = wizard.model
    wizard.show()  # what exec() does first, without blocking the test
    wizard.identity_page.name_edit.setText("リゼ")
    wizard.identity_page.female_radio.setChecked(True)
    wizard.next()
    wizard.attributes_page.roll_button.click()
    wizard.next()
    wizard.next()  # 経験点: no extra
    assert wizard.currentPage() is wizard.skills_page
    assert "専門性が未設定" in wizard.skills_page.reason_label.text()
    wizard.override_check.setChecked(True)  # the GM lets the page pass; the XP is lost
    wizard.next()
    wizard.fortune_page.hand_button.click()
    wizard.fortune_page.money_button.click()
    if model.fortune.handedness != "both":
        wizard.fortune_page.right_radio.setChecked(True)
    wizard.next()
    wizard.accept()
    return wizard.created_id is not None


def test_adding_a_fourcard_character_runs_the_wizard_and_shows_its_sheet_and_panel(
    window, campaign_path, qtbot
):
    window.run_wizard = drive_wizard_with_the_shipped_catalog
    window.add_character()
    assert isinstance(window.sheet_view, FourCardSheetView)
    assert window.check_stack.currentWidget() is window.panel_view("fourcard")
    assert isinstance(window.panel_view("fourcard"), FourCardCheckView)
    saved = reopen_characters(campaign_path)["リゼ"]
    assert saved.sex == "female" and saved.xp_earned == 15 and saved.xp_unspent == 0
    assert saved.overrides  # the GM override is on the character

    # Ctrl+R rolls on the フォーカード panel now shown, and the log names the character.
    before = len(window.campaign_model.log_entries())
    # The closed wizard may still count as the active window offscreen: the GM's
    # next key goes to the main window, as on a desktop.
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    entries = window.campaign_model.log_entries()
    assert len(entries) == before + 1 and entries[-1].payload["system"] == "fourcard"
    assert entries[-1].payload["a"]["character"] == "リゼ"
    assert window.log_model.row_texts(window.log_model.rowCount() - 1)[1] == "リゼ"

    # Selecting an AW character brings the AW sheet and panel back.
    window.select_character(window.character_list.id_at(0))
    assert isinstance(window.sheet_view, AWSheetView)
    assert window.check_stack.currentWidget() is window.panel_view("aw")


def test_a_cancelled_wizard_adds_nothing(window, campaign_path):
    window.run_wizard = lambda wizard: False
    window.add_character()
    assert "リゼ" not in reopen_characters(campaign_path)
    assert len(window.campaign_model.characters()) == len(DEMO_NAMES)


def test_growth_is_refused_for_a_character_of_another_system(window, refusals):
    window.select_character(window.character_list.id_at(0))  # an AW character
    window.menus["fourcard"].grow_selected()
    assert "フォーカードのキャラクターだけ" in refusals[-1]


def test_growth_and_catalog_dialogs_open_from_the_menu(window, monkeypatch):
    from gmtool.views.fourcard.catalog_dialog import SkillCatalogDialog
    from gmtool.views.fourcard.growth_dialog import FourCardGrowthDialog
    from tests.qt_fixtures import sample_fourcard_character

    opened = []
    monkeypatch.setattr(window, "open_dialog", opened.append)
    garud = window.campaign_model.insert_character("fourcard", sample_fourcard_character(), "x")
    window.select_character(garud)
    window.menus["fourcard"].grow_selected()
    window.menus["fourcard"].edit_catalog()
    assert isinstance(opened[0], FourCardGrowthDialog) and opened[0].model.character_id == garud
    assert isinstance(opened[1], SkillCatalogDialog)
