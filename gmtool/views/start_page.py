"""The start page: shown when there is no campaign to reopen (the first start, or the last one is
gone), it offers the four ways in, each with one line on what it does.

It only shows and asks: the choice is `chosen`'s value; the app (gmtool.app.start_page) acts on it.
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QPointF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QKeyEvent, QPainter, QPalette, QPixmap, QPolygonF
from PySide6.QtWidgets import QCommandLinkButton, QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from gmtool.views.appearance import set_tone
from gmtool.views.screen_fit import fit_to_screen


class StartChoice(Enum):
    NEW = "new"  # 新しいキャンペーン
    DEMO = "demo"  # デモを見る
    OPEN = "open"  # 開く…
    PLAYER = "player"  # プレイヤーとしてキャラクターを作る


ARROW_SIZE = 20  # px, as the style's own command link arrow


def arrow_icon(color: QColor) -> QIcon:
    """The choices' arrow in the text's colour: the style's own is dark, unseen on the dark theme."""
    pixmap = QPixmap(ARROW_SIZE, ARROW_SIZE)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawPolygon(QPolygonF([QPointF(5, 3), QPointF(16, 10), QPointF(5, 17)]))
    painter.end()
    return QIcon(pixmap)


class StartPage(QDialog):
    chosen = Signal(object)  # a StartChoice

    def __init__(self, reason: str = "", parent: QWidget | None = None) -> None:
        """`reason`: why the last campaign could not be opened (already in the UI language), or ""."""
        super().__init__(parent)
        self.setObjectName("StartPage")
        self.setWindowTitle(self.tr("gmtool — はじめに"))
        layout = QVBoxLayout(self)
        heading = QLabel(self.tr("gmtool へようこそ。何をしますか？"))
        heading.setStyleSheet("font-size: 15pt; font-weight: bold;")
        layout.addWidget(heading)
        self.reason_label = QLabel(reason)
        self.reason_label.setWordWrap(True)
        set_tone(self.reason_label, "warning")
        self.reason_label.setVisible(bool(reason))
        layout.addWidget(self.reason_label)
        self.buttons: dict[StartChoice, QCommandLinkButton] = {}
        for choice, text, line in (
            (
                StartChoice.NEW,
                self.tr("新しいキャンペーン"),
                self.tr(
                    "GM として、保存先を決めて空のキャンペーンを作ります。キャラクターはそのあと追加します。"
                ),
            ),
            (
                StartChoice.DEMO,
                self.tr("デモを見る"),
                self.tr("5 つのシステムのキャラクターと戦闘、ログが入った練習用のキャンペーンを開きます。"),
            ),
            (
                StartChoice.OPEN,
                self.tr("開く…"),
                self.tr("作ってあるキャンペーン（*.gmcampaign）を選んで開きます。"),
            ),
            (
                StartChoice.PLAYER,
                self.tr("プレイヤーとしてキャラクターを作る"),
                self.tr(
                    "システムを選んでキャラクターを作り、GM に送るファイル（*.gmchar.json）に保存します。"
                    "キャンペーンは要りません。"
                ),
            ),
        ):
            button = QCommandLinkButton(text, line)
            button.setIcon(arrow_icon(button.palette().color(QPalette.ColorRole.ButtonText)))
            button.setObjectName(f"start_{choice.value}")
            button.clicked.connect(lambda _=False, c=choice: self.chosen.emit(c))
            layout.addWidget(button)
            self.buttons[choice] = button
        layout.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.button(QDialogButtonBox.StandardButton.Close).setText(self.tr("終了"))
        close.rejected.connect(self.reject)
        layout.addWidget(close)
        self.buttons[StartChoice.NEW].setFocus()
        fit_to_screen(self, QSize(660, 400))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Esc does not quit: closing the page ends gmtool, and an Esc meant for a window closed a
        # moment ago (a file dialog, the manual) must not.  終了 or the title bar's × quit.
        if event.key() == Qt.Key.Key_Escape and event.modifiers() == Qt.KeyboardModifier.NoModifier:
            event.accept()
            return
        super().keyPressEvent(event)
