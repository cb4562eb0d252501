"""「ダイス表…」 in the 判定 menu (Ctrl+Shift+U), beside ダイスを振る: the GM's own dice tables.

``install_dice_tables_action(window)`` adds the action; ``connect_dice_tables(window, dice)`` lets
the dice box roll the open campaign's tables by name.  The dialog is not modal (the GM can roll
a table while editing it) and edits the campaign that was open when it was opened: it closes
when another campaign is opened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

if TYPE_CHECKING:
    from gmtool.models.dice_box_model import DiceBoxModel
    from gmtool.views.dice_tables_dialog import DiceTablesDialog

SHORTCUT = "Ctrl+Shift+U"  # free: most of the window's Ctrl+Shift letters are taken
CHECK_MENU_TITLES = ("判定(&J)", "&Check", "&Checks")


def _tr(text: str) -> str:
    return QCoreApplication.translate("DiceTablesMenu", text)


def find_check_menu(window: QMainWindow) -> QMenu:
    """The 判定 menu (by its Japanese or translated title), created if the window has none."""
    titles = {*CHECK_MENU_TITLES, QCoreApplication.translate("MainWindow", "判定(&J)")}
    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu) and action.text() in titles:
            return menu
    return window.menuBar().addMenu(QCoreApplication.translate("MainWindow", "判定(&J)"))


def open_dice_tables(window: Any) -> DiceTablesDialog:
    """The dialog over the open campaign (the one already open, if it still shows that campaign)."""
    from gmtool.models.dice_tables_model import DiceTablesModel
    from gmtool.views.dice_tables_dialog import DiceTablesDialog

    dialog: DiceTablesDialog | None = getattr(window, "dice_tables_dialog", None)
    if dialog is not None and dialog.model.campaign_model is not window.campaign_model:
        dialog.done(0)  # it edits the campaign that was closed
        dialog.deleteLater()
        dialog = None
    if dialog is None:
        dialog = DiceTablesDialog(DiceTablesModel(window.campaign_model), window)
        window.dice_tables_dialog = dialog
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


def install_dice_tables_action(window: QMainWindow) -> QAction:
    """Adds 「ダイス表…」 to the 判定 menu; returns the action."""
    action = QAction(_tr("ダイス表…"), window)
    action.setShortcut(QKeySequence(SHORTCUT))
    action.setToolTip(
        _tr("自分で作ったダイス表（BCDice / ココフォリアの形式）を作り、読み込み、書き出します")
    )
    action.triggered.connect(lambda: open_dice_tables(window))
    find_check_menu(window).addAction(action)
    return action


def connect_dice_tables(window: Any, dice: DiceBoxModel) -> None:
    """The dice box rolls the open campaign's tables by name; opening another campaign closes
    the dialog of the one closed."""
    from gmtool.models.dice_tables_model import campaign_tables

    dice.tables_source = lambda: campaign_tables(window.campaign_model)

    def campaign_switched() -> None:
        dialog = getattr(window, "dice_tables_dialog", None)
        if dialog is not None and dialog.model.campaign_model is not window.campaign_model:
            dialog.done(0)
            dialog.deleteLater()
            window.dice_tables_dialog = None

    dice.campaign_switched.connect(campaign_switched)
