"""A sheet field that has the focus when its sheet is replaced (another character selected): the
window's Ctrl+Z watcher lets go of it without an error (found by the フォーカード walk, issue 35:
「装備を追加」 puts the focus in the new row's name, then the GM selects another character)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QLineEdit

from tests.e2e.test_english_walk_fourcard import DEMO, select


def test_selecting_another_character_while_a_sheet_field_is_focused(window, qtbot):
    select(window, DEMO)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.sheet_view.add_equipment_button.click()
    qtbot.waitUntil(lambda: isinstance(QApplication.focusWidget(), QLineEdit))
    sheet = window.sheet_view
    window.select_character(window.character_list.id_at(0))
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # the old sheet deleted now
    assert window.sheet_view is not sheet  # pytest-qt fails the test on an error in the event loop
