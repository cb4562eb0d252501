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
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        model.rowsInserted.connect(lambda *_: self.scrollToBottom())
        self.scrollToBottom()
