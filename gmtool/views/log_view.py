"""The session log panel: every roll with its inputs, dice, outcome and seed."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from gmtool.models.log_table_model import LogTableModel


class LogView(QTableView):
    def __init__(self, model: LogTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModel(model)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setAlternatingRowColors(True)
        self.verticalHeader().hide()
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)  # the seed: long, and least important
        model.rowsInserted.connect(lambda *_: self._follow_new_rows())
        self._follow_new_rows()

    def _follow_new_rows(self) -> None:
        # Sized from the contents each time: a column sized while empty would elide every later row.
        self.resizeColumnsToContents()
        self.scrollToBottom()
