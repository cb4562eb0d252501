"""Issue 40's walk: the AW and 千幻抄 session windows and MTG's 仮想ライブラリー are used beside the main
window, and the shortcut list is read while using the menus: they open under its menu bar, not over
it (the GM keeps the menus while they are open), with their bottom (閉じる) still on the screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QDialog

from gmtool.app.main_window import MainWindow
from gmtool.views.aw.session_dialog import AWSessionDialog
from gmtool.views.mtg.library_dialog import MTGLibraryDialog
from gmtool.views.sengensho.session_dialog import SengenshoSessionDialog
from gmtool.views.shortcuts_view import ShortcutsDialog

pytestmark = pytest.mark.window(shown=True)

TOOLS = [
    ("アナザーワールド(&A)", "セッション管理（契約・令呪・イベントキー）…", AWSessionDialog),
    ("千幻抄(&S)", "セッション管理（縁故・幻想能力・ラスボス）…", SengenshoSessionDialog),
    ("MTGでTRPG(&M)", "仮想ライブラリー…", MTGLibraryDialog),
    ("ヘルプ(&H)", "キーボードショートカット", ShortcutsDialog),
]


def open_tool(window: MainWindow, menu_title: str, text: str, kind: type[QDialog]) -> QDialog:
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == menu_title)
    next(a for a in menu.actions() if a.text() == text).trigger()
    QApplication.processEvents()
    dialog = next(d for d in window.findChildren(kind) if d.isVisible())
    return dialog


@pytest.mark.parametrize(("menu_title", "text", "kind"), TOOLS, ids=["aw", "sengensho", "mtg", "shortcuts"])
def test_the_tool_window_opens_under_the_menu_bar_and_on_screen(window, qtbot, menu_title, text, kind):
    window.move(0, 0)
    QApplication.processEvents()
    dialog = open_tool(window, menu_title, text, kind)
    qtbot.waitExposed(dialog)
    bar = window.menuBar()
    under_bar = bar.mapToGlobal(QPoint(0, bar.height())).y()
    frame = dialog.frameGeometry()
    assert frame.top() >= under_bar, (frame, under_bar)
    assert frame.bottom() <= dialog.screen().availableGeometry().bottom(), frame  # its buttons in view
    dialog.close()
