"""「設定…」 in the 編集 menu (Ctrl+, / the platform's Preferences key): the settings dialog.

``install_settings_action(services, menus)`` adds the action; the dialog's house-rule buttons open the
rule editors the system menus have.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence

from gmtool.app.services import MenuId
from gmtool.views.settings_dialog import SettingsDialog

if TYPE_CHECKING:
    from gmtool.app.services import AppServices
    from gmtool.app.system_menu import SystemMenu


def open_settings(services: AppServices, menus: Mapping[str, SystemMenu]) -> SettingsDialog:
    """The dialog over the window's settings; `menus`: the systems' menus, by system id."""
    house_rules = [(key, label) for key, menu in menus.items() if (label := menu.house_rules_label())]
    dialog = SettingsDialog(services.settings, services.parent_widget, house_rules)
    dialog.house_rules_requested.connect(lambda key: menus[key].edit_house_rules())
    dialog.open()
    return dialog


def install_settings_action(services: AppServices, menus: Mapping[str, SystemMenu]) -> QAction:
    """Add 「設定…」 to the 編集 menu; return the action."""
    action = QAction(QCoreApplication.translate("SettingsMenu", "設定…"), services.parent_widget)
    action.setShortcut(QKeySequence(QKeySequence.StandardKey.Preferences))
    if action.shortcut().isEmpty():  # Preferences has no key on some platforms (Windows, X11)
        action.setShortcut(QKeySequence("Ctrl+,"))
    action.setMenuRole(QAction.MenuRole.PreferencesRole)
    action.triggered.connect(lambda: open_settings(services, menus))
    menu = services.menu(MenuId.EDIT)
    menu.addSeparator()
    menu.addAction(action)
    return action
