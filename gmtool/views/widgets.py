"""Small widgets and helpers shared by the views."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QMessageBox, QPlainTextEdit, QWidget


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
