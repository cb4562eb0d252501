"""CCFolia へ1人ずつ: the combat tracker's participants copied into CCFolia one paste at a time.

CCFolia's clipboard takes one character per paste, so the dialog says so and lists the characters
with a コピー button each; 次をコピー (the default button: Enter) copies the next one not yet
copied, and the focus stays on it, so Enter, switch to CCFolia, Ctrl+V, back, Enter… goes through
the list.  A hidden NPC the GM chose to include is marked: CCFolia stands its piece on the board.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gmtool.models.ccfolia_queue import CCFoliaQueueModel
from gmtool.views.appearance import set_tone
from gmtool.views.screen_fit import scrolling
from gmtool.views.widgets import guarded

MARK_COPIED = "✓"


class CCFoliaQueueDialog(QDialog):
    def __init__(self, model: CCFoliaQueueModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        if model.parent() is None:  # the queue lives with the dialog
            model.setParent(self)
        self.setWindowTitle(self.tr("CCFolia へ1人ずつ"))
        self.why = why = QLabel(
            self.tr(
                "CCFolia は1回の貼り付けで1人のキャラクターだけを受け取ります（何人分もの一覧は"
                "貼り付けられません）。「次をコピー」（Enter）で1人コピーし、CCFolia の盤面で"
                " Ctrl+V（Mac は ⌘V）を押す、をくり返してください。"
            )
        )
        why.setWordWrap(True)
        rows = QWidget()
        grid = QGridLayout(rows)
        grid.setColumnStretch(1, 1)
        self.marks: list[QLabel] = []
        self.copy_buttons: list[QPushButton] = []
        for index, character in enumerate(model.characters):
            mark = QLabel()
            mark.setMinimumWidth(mark.fontMetrics().horizontalAdvance(MARK_COPIED) * 2)
            name = QLabel(character.name)
            if character.secret:
                name.setText(self.tr("{0}（非公開・盤面に立ちます）").format(character.name))
                set_tone(name, "warning")
            button = QPushButton(self.tr("コピー"))
            button.setAutoDefault(False)
            button.setAccessibleName(self.tr("「{0}」をコピー").format(character.name))
            button.clicked.connect(lambda _checked=False, i=index: self._copy(i))
            grid.addWidget(mark, index, 0)
            grid.addWidget(name, index, 1)
            grid.addWidget(button, index, 2)
            self.marks.append(mark)
            self.copy_buttons.append(button)
        grid.setRowStretch(len(model.characters), 1)
        self.secret_note = QLabel(
            self.tr(
                '非公開の NPC は "secret": true で書き出されます。CCFolia ではステータスが隠れるだけで、'
                "コマは盤面に立ち、プレイヤーに見えます。登場させる時にコピーしてください。"
            )
        )
        self.secret_note.setWordWrap(True)
        set_tone(self.secret_note, "warning")
        self.secret_note.setVisible(model.has_secret)
        self.progress = QLabel()
        self.progress.setWordWrap(True)
        buttons = QDialogButtonBox()
        self.next_button = buttons.addButton(self.tr("次をコピー"), QDialogButtonBox.ButtonRole.ActionRole)
        self.next_button.setDefault(True)
        self.next_button.clicked.connect(self.copy_next)
        close = buttons.addButton(self.tr("閉じる"), QDialogButtonBox.ButtonRole.RejectRole)
        close.setAutoDefault(False)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(why)
        layout.addWidget(scrolling(rows), 1)
        layout.addWidget(self.secret_note)
        layout.addWidget(self.progress)
        layout.addWidget(buttons)
        model.changed.connect(self._sync)
        self._sync()
        self.resize(520, min(560, 210 + 30 * len(model.characters)))
        self.next_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def copy_next(self) -> None:
        guarded(self, lambda: QGuiApplication.clipboard().setText(self.model.take_next()))
        self.next_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _copy(self, index: int) -> None:
        guarded(self, lambda: QGuiApplication.clipboard().setText(self.model.take(index)))
        self.next_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _sync(self) -> None:
        upcoming = self.model.next_index
        for index, mark in enumerate(self.marks):
            mark.setText(MARK_COPIED if self.model.copied(index) else ("▶" if index == upcoming else ""))
        self.next_button.setEnabled(upcoming is not None)
        self.progress.setText(self.model.progress_text())
