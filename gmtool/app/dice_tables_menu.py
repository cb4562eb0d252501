"""「ダイス表…」 in the 判定 menu (Ctrl+Shift+U), beside ダイスを振る: the GM's own dice tables.

``install_dice_tables_action(services)`` adds the action; ``connect_dice_tables(services, dice)``
lets the dice box roll the open campaign's tables by name.  The dialog is not modal (the GM can roll
a table while editing it), stays as it was when closed and opened again, and edits the campaign
that was open when it was opened: it closes when another campaign is opened (with the window's
other dialogs, `AppServices.dialogs`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence

from gmtool.app.services import MenuId

if TYPE_CHECKING:
    from gmtool.app.services import AppServices
    from gmtool.models.dice_box_model import DiceBoxModel
    from gmtool.views.dice_tables_dialog import DiceTablesDialog

SHORTCUT = "Ctrl+Shift+U"  # free: most of the window's Ctrl+Shift letters are taken


def _tr(text: str) -> str:
    return QCoreApplication.translate("DiceTablesMenu", text)


def open_dice_tables(services: AppServices) -> DiceTablesDialog:
    """The dialog over the open campaign (the one already open, if any)."""
    from gmtool.models.dice_tables_model import DiceTablesModel
    from gmtool.views.dice_tables_dialog import DiceTablesDialog

    dialog = services.dialogs.find(DiceTablesDialog)
    if dialog is None:
        model = DiceTablesModel(services.campaign_model)
        dialog = services.dialogs.keep(DiceTablesDialog(model, services.parent_widget))
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


def install_dice_tables_action(services: AppServices) -> QAction:
    """Adds 「ダイス表…」 to the 判定 menu; returns the action."""
    action = QAction(_tr("ダイス表…"), services.parent_widget)
    action.setShortcut(QKeySequence(SHORTCUT))
    action.setToolTip(
        _tr("自分で作ったダイス表（BCDice / ココフォリアの形式）を作り、読み込み、書き出します")
    )
    action.triggered.connect(lambda: open_dice_tables(services))
    services.menu(MenuId.CHECK).addAction(action)
    return action


def connect_dice_tables(services: AppServices, dice: DiceBoxModel) -> None:
    """The dice box rolls the open campaign's tables by name."""
    from gmtool.models.dice_tables_model import campaign_tables

    dice.tables_source = lambda: campaign_tables(services.campaign_model)
