"""「ハウスルール（ルールの読み方）…」 in the 編集 menu (Ctrl+Shift+P): the campaign's house-rule
switches, the dialog opened on the selected character's system.

The dialog edits the campaign that was open when it was opened; it closes when another campaign is
opened (with the window's other dialogs, `AppServices.dialogs`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence

from gmtool.app.services import MenuId

if TYPE_CHECKING:
    from gmtool.app.services import AppServices
    from gmtool.views.house_rules_dialog import HouseRulesDialog

SHORTCUT = "Ctrl+Shift+P"  # free: most Ctrl+Shift letters are taken (tests/e2e check no clash)


def _tr(text: str) -> str:
    return QCoreApplication.translate("HouseRulesMenu", text)


def open_house_rules(services: AppServices) -> HouseRulesDialog:
    """The dialog over the open campaign, on the selected character's system's tab (one open at a
    time: the one open before is closed)."""
    from gmtool.app.table_tools import selected_system
    from gmtool.models.house_rules_model import HouseRulesModel
    from gmtool.models.system_names import system_choices
    from gmtool.views.house_rules_dialog import HouseRulesDialog

    services.dialogs.close(HouseRulesDialog)
    systems = system_choices()
    model = HouseRulesModel(services.campaign_model)
    dialog = HouseRulesDialog(model, systems, services.parent_widget, current=selected_system(services))
    model.setParent(dialog)
    services.dialogs.keep(dialog)
    dialog.show()
    return dialog


def install_house_rules_action(services: AppServices) -> QAction:
    action = QAction(_tr("ハウスルール（ルールの読み方）…"), services.parent_widget)
    action.setShortcut(QKeySequence(SHORTCUT))
    action.triggered.connect(lambda: open_house_rules(services))
    services.menu(MenuId.EDIT).addAction(action)
    return action
