"""A chat palette shown read-only, with a button that copies it for CCFolia or another BCDice
front end."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gmtool.views.fonts import with_japanese


class PaletteDialog(QDialog):
    def __init__(self, text: str, title: str = "", note: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title or self.tr("チャットパレット"))
        self.resize(520, 480)
        layout = QVBoxLayout(self)
        self.note_label = QLabel(note)
        self.note_label.setWordWrap(True)
        self.note_label.setVisible(bool(note))
        layout.addWidget(self.note_label)
        self.text_edit = QPlainTextEdit(text)
        self.text_edit.setReadOnly(True)
        self.text_edit.setFont(with_japanese(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)))
        layout.addWidget(self.text_edit, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = QPushButton(self.tr("クリップボードにコピー"))
        self.copy_button.setEnabled(bool(text))
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def text(self) -> str:
        return self.text_edit.toPlainText()

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.text())
        self.copy_button.setText(self.tr("コピーしました"))
