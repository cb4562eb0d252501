"""The settings dialog writes QSettings; the theme applies at once; house-rule buttons signal."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from gmtool.views.appearance import LANGUAGE_KEY, THEME_KEY, apply_theme
from gmtool.views.settings_dialog import SettingsDialog

pytestmark = pytest.mark.all_widgets  # a theme switch restyles every widget


@pytest.fixture
def dialog(qtbot, settings, monkeypatch):
    monkeypatch.delenv("GMTOOL_LANGUAGE", raising=False)
    app = QApplication.instance()
    palette, style = QPalette(app.palette()), app.style().name()
    widget = SettingsDialog(settings)
    qtbot.addWidget(widget)
    yield widget
    app.setPalette(palette)
    app.setStyle(style)


def test_defaults_are_japanese_and_light(dialog):
    assert dialog.language_box.currentData() == "ja"
    assert dialog.theme_box.currentData() == "light"


def test_choosing_english_stores_en(dialog, settings, qtbot):
    with qtbot.waitSignal(dialog.language_changed) as blocker:
        dialog.language_box.setCurrentIndex(dialog.language_box.findData("en"))
    assert blocker.args == ["en"]
    assert settings.value(LANGUAGE_KEY) == "en"
    assert SettingsDialog(settings).language_box.currentData() == "en"  # remembered


def test_dark_theme_changes_the_palette_at_once(dialog, settings):
    app = QApplication.instance()
    apply_theme(app, "light")
    light = app.palette().color(QPalette.ColorRole.Window).lightness()
    dialog.theme_box.setCurrentIndex(dialog.theme_box.findData("dark"))
    assert settings.value(THEME_KEY) == "dark"
    assert app.palette().color(QPalette.ColorRole.Window).lightness() < light
    assert app.palette().color(QPalette.ColorRole.Window).lightness() < 100
    dialog.theme_box.setCurrentIndex(dialog.theme_box.findData("light"))
    assert settings.value(THEME_KEY) == "light"
    assert app.palette().color(QPalette.ColorRole.Window).lightness() == light


def test_house_rule_buttons_ask_for_their_system(qtbot, settings):
    house_rules = [("lotr", "指輪物語RPG のルール表…"), ("fourcard", "フォーカードのスキルカタログ…")]
    dialog = SettingsDialog(settings, house_rules=house_rules)
    qtbot.addWidget(dialog)
    assert [dialog.rule_buttons[key].text() for key, _ in house_rules] == [text for _, text in house_rules]
    for key, _ in house_rules:
        with qtbot.waitSignal(dialog.house_rules_requested, timeout=1000) as blocker:
            dialog.rule_buttons[key].click()
        assert blocker.args == [key]


def test_settings_action_lands_in_the_edit_menu(qtbot, settings, campaign_model):
    from PySide6.QtGui import QKeySequence

    from gmtool.app.main_window import MainWindow
    from gmtool.app.services import MenuId
    from gmtool.app.settings_menu import install_settings_action

    window = MainWindow(campaign_model, settings)
    qtbot.addWidget(window)
    edit = window.services.menu(MenuId.EDIT)
    action = install_settings_action(window.services, window.menus)
    assert action in edit.actions()
    assert not action.shortcut().isEmpty()
    assert action.shortcut() in (QKeySequence(QKeySequence.StandardKey.Preferences), QKeySequence("Ctrl+,"))
