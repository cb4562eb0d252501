"""「設定…」 in the 編集 menu (Ctrl+, / the platform's Preferences key): the settings dialog.

``install_settings_action(window)`` adds the action and connects the dialog's house-rule buttons
to the rule editors the system menus already have, when the window has them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from gmtool.views.settings_dialog import SettingsDialog

if TYPE_CHECKING:
    from gmtool.app.system_menu import SystemMenu

EDIT_MENU_TITLES = ("編集(&E)", "&Edit")


def _tr(text: str) -> str:
    return QCoreApplication.translate("SettingsMenu", text)


def find_edit_menu(window: QMainWindow) -> QMenu:
    """The 編集 menu (by its Japanese or translated title), created if the window has none."""
    titles = {*EDIT_MENU_TITLES, QCoreApplication.translate("MainWindow", "編集(&E)")}
    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu) and action.text() in titles:
            return menu
    return window.menuBar().addMenu(QCoreApplication.translate("MainWindow", "編集(&E)"))


def open_settings(window: QMainWindow, settings: QSettings | None = None) -> SettingsDialog:
    settings = settings if settings is not None else getattr(window, "settings", None) or QSettings()
    menus: Mapping[str, SystemMenu] = getattr(window, "menus", {})  # the main window's, by system id
    house_rules = [(key, label) for key, menu in menus.items() if (label := menu.house_rules_label())]
    dialog = SettingsDialog(settings, window, house_rules)
    dialog.house_rules_requested.connect(lambda key: menus[key].edit_house_rules())
    dialog.open()
    return dialog


def install_settings_action(window: QMainWindow, settings: QSettings | None = None) -> QAction:
    """Add 「設定…」 to the 編集 menu; return the action."""
    action = QAction(_tr("設定…"), window)
    action.setShortcut(QKeySequence(QKeySequence.StandardKey.Preferences))
    if action.shortcut().isEmpty():  # Preferences has no key on some platforms (Windows, X11)
        action.setShortcut(QKeySequence("Ctrl+,"))
    action.setMenuRole(QAction.MenuRole.PreferencesRole)
    action.triggered.connect(lambda: open_settings(window, settings))
    menu = find_edit_menu(window)
    menu.addSeparator()
    menu.addAction(action)
    return action
