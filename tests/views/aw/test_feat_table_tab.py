"""The 特技 table: Tab after editing a cell moves to the next cell of the same row, and no other row
is written (the table used to reset under its own editor, so Tab opened row 1 and overwrote it)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from gmtool.models.character_model import CharacterModel
from gmtool.views.aw.sheet_view import AWSheetView


def test_tab_after_editing_row_two_moves_along_row_two(qtbot, campaign_model):
    stored = campaign_model.characters()[0]
    view = AWSheetView(CharacterModel(campaign_model, stored.id))
    qtbot.addWidget(view)
    view.show()
    view.activateWindow()
    qtbot.waitUntil(view.isActiveWindow)
    view.feat_model.add_feat()
    table = view.feat_table
    first = view.feat_model.index(0, 0).data()

    table.setFocus()
    table.setCurrentIndex(view.feat_model.index(1, 0))
    table.edit(view.feat_model.index(1, 0))
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.setText("新特技")
    qtbot.keyClick(editor, Qt.Key.Key_Tab)
    QApplication.processEvents()

    feats = campaign_model.character(stored.id).feats
    assert [f.name for f in feats] == [first, "新特技"]
    assert (table.currentIndex().row(), table.currentIndex().column()) == (1, 1)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)  # the next cell's editor, on the row just edited
    editor.setText("メジャー")
    qtbot.keyClick(editor, Qt.Key.Key_Tab)
    feats = campaign_model.character(stored.id).feats
    assert [f.name for f in feats] == [first, "新特技"]
    assert feats[1].timing == "メジャー"
