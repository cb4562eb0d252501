"""「ハウスルール（ルールの読み方）…」 in the 編集 menu (Ctrl+Shift+P): the campaign's house-rule
switches, the dialog opened on the selected character's system.

The dialog edits the campaign that was open when it was opened; it closes when another campaign is
opened (the main window calls `close_house_rules`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence

from gmtool.app.settings_menu import find_edit_menu

if TYPE_CHECKING:
    from gmtool.app.main_window import MainWindow
    from gmtool.views.house_rules_dialog import HouseRulesDialog

SHORTCUT = "Ctrl+Shift+P"  # free: most Ctrl+Shift letters are taken (tests/e2e check no clash)


def _tr(text: str) -> str:
    return QCoreApplication.translate("HouseRulesMenu", text)


def open_house_rules(window: MainWindow) -> HouseRulesDialog:
    """The dialog over the open campaign, on the selected character's system's tab."""
    from gmtool.app.table_tools import selected_system
    from gmtool.models.house_rules_model import HouseRulesModel
    from gmtool.rules.systems import SYSTEMS
    from gmtool.views.house_rules_dialog import HouseRulesDialog

    close_house_rules(window)
    systems = [(system_id, SYSTEMS[system_id].name) for system_id in SYSTEMS]
    model = HouseRulesModel(window.campaign_model)
    dialog = HouseRulesDialog(model, systems, window, current=selected_system(window))
    model.setParent(dialog)
    window.house_rules_dialog = dialog
    dialog.show()
    return dialog


def close_house_rules(window: Any) -> None:
    dialog = getattr(window, "house_rules_dialog", None)
    if dialog is not None:
        dialog.done(0)
        dialog.deleteLater()
        window.house_rules_dialog = None


def install_house_rules_action(window: MainWindow) -> QAction:
    action = QAction(_tr("ハウスルール（ルールの読み方）…"), window)
    action.setShortcut(QKeySequence(SHORTCUT))
    action.triggered.connect(lambda: open_house_rules(window))
    find_edit_menu(window).addAction(action)
    return action
