"""What the sheet area shows with no character selected: with none in the campaign yet (a new
campaign), what to do next — never an empty pane."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget


class EmptySheet(QWidget):
    add_requested = Signal()  # キャラクターを追加…

    def __init__(self, has_characters: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("EmptySheet")
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        if has_characters:
            text = self.tr("左の一覧でキャラクターを選ぶか、追加してください。")
        else:
            text = self.tr(
                "このキャンペーンにはまだキャラクターがいません。\n"
                "キャラクター → 追加（Ctrl+Shift+N）か、左の一覧の「追加」で作ります。\n"
                "プレイヤーから届いたファイル（*.gmchar.json）は\n"
                "ファイル → キャラクターをインポート で読み込めます。"
            )
        self.label = QLabel(text)
        self.label.setWordWrap(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.label)
        self.add_button = QPushButton(self.tr("キャラクターを追加…"))
        self.add_button.clicked.connect(self.add_requested)
        layout.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(2)
