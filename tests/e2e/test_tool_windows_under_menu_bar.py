"""Issue 40's walk: the AW and 千幻抄 session windows and MTG's 仮想ライブラリー are used beside the main
window, and the shortcut list is read while using the menus: they open under its menu bar, not over
it (the GM keeps the menus while they are open), with their bottom (閉じる) still on the screen.
Issue 37's walk: the house rules (which opened at the screen's top left over 編集), the LotR rule
tables, the dice tables, every other tool the menus open beside the window, and the log export."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QDialog

from gmtool.app.main_window import MainWindow
from gmtool.models.log_export import LogExportModel
from gmtool.store.log_spans import LogSpans
from gmtool.views.aw.focus_dialog import AWFocusDialog
from gmtool.views.aw.session_dialog import AWSessionDialog
from gmtool.views.dice_tables_dialog import DiceTablesDialog
from gmtool.views.house_rules_dialog import HouseRulesDialog
from gmtool.views.log_export_dialog import LogExportDialog
from gmtool.views.lotr.rules_dialog import LotRRulesDialog
from gmtool.views.manual_view import ManualDialog
from gmtool.views.mtg.library_dialog import MTGLibraryDialog
from gmtool.views.sengensho.catalog_dialog import SengenshoCatalogDialog
from gmtool.views.sengensho.session_dialog import SengenshoSessionDialog
from gmtool.views.shortcuts_view import ShortcutsDialog

pytestmark = pytest.mark.window(shown=True)

TOOLS = [
    ("アナザーワールド(&A)", "セッション管理（契約・令呪・イベントキー）…", AWSessionDialog),
    ("千幻抄(&S)", "セッション管理（縁故・幻想能力・ラスボス）…", SengenshoSessionDialog),
    ("MTGでTRPG(&M)", "仮想ライブラリー…", MTGLibraryDialog),
    ("ヘルプ(&H)", "キーボードショートカット", ShortcutsDialog),
    ("編集(&E)", "ハウスルール（ルールの読み方）…", HouseRulesDialog),
    ("指輪物語(&L)", "ルール表（ハウスルール）…", LotRRulesDialog),
    ("判定(&J)", "ダイス表…", DiceTablesDialog),
    # shown through the window's one way of opening a tool (they only sized themselves)
    ("千幻抄(&S)", "類型カタログ…", SengenshoCatalogDialog),
    ("アナザーワールド(&A)", "アナザーフォーカス判定（AF）…", AWFocusDialog),
    ("ヘルプ(&H)", "使い方", ManualDialog),
]
IDS = ["aw", "sengensho", "mtg", "shortcuts", "house_rules", "lotr_tables", "dice_tables", "catalog", "focus"]
IDS.append("manual")


def open_tool(window: MainWindow, menu_title: str, text: str, kind: type[QDialog]) -> QDialog:
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == menu_title)
    next(a for a in menu.actions() if a.text() == text).trigger()
    QApplication.processEvents()
    dialog = next(d for d in window.findChildren(kind) if d.isVisible())
    return dialog


def assert_under_the_menu_bar(window: MainWindow, dialog: QDialog) -> None:
    bar = window.menuBar()
    under_bar = bar.mapToGlobal(QPoint(0, bar.height())).y()
    frame = dialog.frameGeometry()
    assert frame.top() >= under_bar, (frame, under_bar)
    assert frame.bottom() <= dialog.screen().availableGeometry().bottom(), frame  # its buttons in view


@pytest.mark.parametrize(("menu_title", "text", "kind"), TOOLS, ids=IDS)
def test_the_tool_window_opens_under_the_menu_bar_and_on_screen(window, qtbot, menu_title, text, kind):
    window.move(0, 0)
    QApplication.processEvents()
    dialog = open_tool(window, menu_title, text, kind)
    qtbot.waitExposed(dialog)
    assert not dialog.isModal()  # the GM uses the menus beside it
    assert_under_the_menu_bar(window, dialog)
    dialog.close()


def test_the_log_export_opens_under_the_menu_bar_it_came_from(window, qtbot):
    window.move(0, 0)
    QApplication.processEvents()
    # as ファイル → セッションログを書き出す… makes it (it is modal: shown here, not run)
    dialog = LogExportDialog(LogExportModel(window.services.campaign_model, LogSpans()), window)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert_under_the_menu_bar(window, dialog)
    dialog.close()
