"""Typing through a table: every editable table in gmtool edits its cells through `TypingDelegate`.

The tables refill from their model after each edit (a QTableWidget is cleared and filled again, a
table model is reset), and Qt moves on from wherever the refill left the view's current cell — the
grid's first cell — so Tab after a value used to open row 1's name with its text selected, and
the next keys renamed row 1.  This delegate writes the value itself and counts the next cell from
the cell it edited, never from the view's current cell:

- Tab / Enter: the value is written, the next editable cell in reading order (along the row,
  then the next row's first) is current and open for typing; Shift+Tab goes back.  After the last
  cell the edited cell stays current and editing ends.  A value the table refused (it said why)
  opens the same cell again.
- Any other way the edit ends (a click elsewhere, the focus leaving): the cell that was current
  before the value was written is current again after the refill.

`type_through(view)` installs it; tests/views/test_typing_through_tables.py types through every
editable table with it (a new editable table is added there).
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QAbstractSpinBox,
    QLineEdit,
    QPlainTextEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTextEdit,
    QWidget,
)

Index = QModelIndex | QPersistentModelIndex
FORWARD_KEYS = {Qt.Key.Key_Tab, Qt.Key.Key_Return, Qt.Key.Key_Enter}


def next_editable_cell(view: QAbstractItemView, row: int, column: int, step: int) -> QModelIndex | None:
    """The editable cell after (step 1) or before (step -1) `row, column` in reading order, over
    the columns the view shows; None past the table's end."""
    model = view.model()
    columns = [
        c for c in range(model.columnCount()) if not (isinstance(view, QTableView) and view.isColumnHidden(c))
    ]
    cells = [(r, c) for r in range(model.rowCount()) for c in columns]
    if (row, column) not in cells:
        return None
    position = cells.index((row, column)) + step
    while 0 <= position < len(cells):
        index = model.index(*cells[position])
        if model.flags(index) & Qt.ItemFlag.ItemIsEditable and view.indexWidget(index) is None:
            return index  # a cell with a widget of its own (a list to choose from) is not typed in
        position += step
    return None


class TypingDelegate(QStyledItemDelegate):
    """The cell editor of a table the GM types through (see the module's docstring)."""

    def __init__(self, view: QAbstractItemView) -> None:
        super().__init__(view)
        self._view = view
        self._editing: dict[QWidget, tuple[int, int]] = {}  # an open editor: the cell it edits

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        editor = super().createEditor(parent, option, index)
        self._editing[editor] = (index.row(), index.column())
        editor.destroyed.connect(lambda _=None, e=editor: self._editing.pop(e, None))
        return editor

    def destroyEditor(self, editor: QWidget, index: Index) -> None:
        self._editing.pop(editor, None)
        super().destroyEditor(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        """The value written; the cell current before it stays current through the refill."""
        current = self._view.currentIndex()
        kept = (current.row(), current.column()) if current.isValid() else None
        if isinstance(editor, QAbstractSpinBox):
            editor.interpretText()  # what was typed, even without Enter
        super().setModelData(editor, model, index)
        if kept is None:
            return
        again = self._view.model().index(*kept)
        if again.isValid() and self._view.currentIndex() != again:
            self._view.setCurrentIndex(again)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            isinstance(watched, QWidget)
            and watched in self._editing
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
        ):
            step = self._step(watched, event)
            if step:
                self._write_and_move(watched, step)
                return True
        return super().eventFilter(watched, event)

    @staticmethod
    def _step(editor: QWidget, event: QKeyEvent) -> int:
        """1: on to the next cell, -1: back, 0: a key the editor keeps."""
        key = event.key()
        if key == Qt.Key.Key_Backtab or (
            key == Qt.Key.Key_Tab and event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        ):
            return -1
        if key not in FORWARD_KEYS:
            return 0
        if key != Qt.Key.Key_Tab and isinstance(editor, (QTextEdit, QPlainTextEdit)):
            return 0  # Enter is a new line there
        if isinstance(editor, QLineEdit) and not editor.hasAcceptableInput():
            return 0
        return 1

    def _write_and_move(self, editor: QWidget, step: int) -> None:
        row, column = self._editing[editor]
        view = self._view
        # The editor leaves the view before the value is written: the refill the write causes can
        # then neither keep it open on another row nor send the next keys through it.
        self.closeEditor.emit(editor, QAbstractItemDelegate.EndEditHint.NoHint)
        model = view.model()
        edited = model.index(row, column)
        refused = False
        if edited.isValid():
            before = edited.data(Qt.ItemDataRole.EditRole)
            typed = editor.text() if isinstance(editor, (QLineEdit, QAbstractSpinBox)) else None
            self.setModelData(editor, model, edited)
            after = view.model().index(row, column).data(Qt.ItemDataRole.EditRole)
            refused = typed is not None and after == before and typed != str(before)  # it said why
        # a refused value: the same cell again, to type it right; else the next one
        target = view.model().index(row, column) if refused else next_editable_cell(view, row, column, step)
        view.setFocus()
        if target is None:
            here = view.model().index(row, column)
            if here.isValid():
                view.setCurrentIndex(here)
            return
        view.setCurrentIndex(target)
        view.scrollTo(target)
        view.edit(target)


def type_through(view: QAbstractItemView) -> TypingDelegate:
    """The table's cells are edited through a `TypingDelegate` (Tab / Enter go on to the next cell)."""
    delegate = TypingDelegate(view)
    view.setItemDelegate(delegate)
    return delegate
