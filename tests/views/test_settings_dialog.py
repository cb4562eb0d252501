"""The settings dialog writes QSettings; the theme applies at once; house-rule buttons signal."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from gmtool.app.i18n import LANGUAGE_KEY, THEME_KEY, apply_theme
from gmtool.views.settings_dialog import SettingsDialog


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


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


def test_house_rule_buttons_emit_their_signals(dialog, qtbot):
    for key, signal in (
        ("lotr", dialog.lotr_rules_requested),
        ("sengensho", dialog.sengensho_catalog_requested),
        ("fourcard", dialog.fourcard_catalog_requested),
    ):
        with qtbot.waitSignal(signal, timeout=1000):
            dialog.rule_buttons[key].click()


def test_settings_action_lands_in_the_edit_menu(qtbot, settings):
    from PySide6.QtGui import QKeySequence
    from PySide6.QtWidgets import QMainWindow

    from gmtool.app.settings_menu import install_settings_action

    window = QMainWindow()
    qtbot.addWidget(window)
    edit = window.menuBar().addMenu("編集(&E)")
    action = install_settings_action(window, settings)
    assert action in edit.actions()
    assert not action.shortcut().isEmpty()
    assert action.shortcut() in (QKeySequence(QKeySequence.StandardKey.Preferences), QKeySequence("Ctrl+,"))
