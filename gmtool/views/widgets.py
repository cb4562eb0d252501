"""Small widgets and helpers shared by the views."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QMessageBox,
    QPlainTextEdit,
    QTableWidget,
    QWidget,
)


class CommitPlainTextEdit(QPlainTextEdit):
    """A text box that commits when it loses focus, so one edit is one undo step."""

    committed = Signal(str)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.committed.emit(self.toPlainText())
        super().focusOutEvent(event)

    def set_text_if_changed(self, text: str) -> None:
        if self.toPlainText() != text:
            self.setPlainText(text)


def show_refusal(parent: QWidget, message: str) -> None:
    """Every refused action is explained; never a silent no-op."""
    QMessageBox.warning(parent, QCoreApplication.translate("refusal", "操作できません"), message)


def read_only_table(headers: tuple[str, ...], stretch: int = 0, context: str = "table") -> QTableWidget:
    """A table the user reads and selects rows of (edits go through the dialog's own fields)."""
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels([QCoreApplication.translate(context, h) for h in headers])
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.verticalHeader().setVisible(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return table


def close_only_buttons(dialog: QDialog) -> QDialogButtonBox:
    """A tool window's single 閉じる: Esc closes, and Enter stays with the page's text boxes."""
    buttons = QDialogButtonBox()
    close = buttons.addButton(
        QCoreApplication.translate("widgets", "閉じる"), QDialogButtonBox.ButtonRole.RejectRole
    )
    close.setAutoDefault(False)
    buttons.rejected.connect(dialog.reject)
    return buttons
