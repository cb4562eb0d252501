"""What every judgement panel shows the same way: the exact odds box and the roll controls."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QPushButton, QWidget

from gmtool.views.status_label import StatusLabel

RESULT_STYLE = "font-size: 13pt;"
OutcomeT = TypeVar("OutcomeT", bound=Hashable)  # what a row stands for: the system's outcome or degree


class BracketBreakLabel(QLabel):
    """A name 「English（日本語）」 whole: on one line where the room allows, else on two, broken
    before its bracket (LotR's seven degrees beside the inputs: 「Extraordinary Success（驚異的な…」
    was elided, and a word wrap broke 「驚異的な成 / 功」).  Narrower still (a group test's helper
    column beside them), each line is cut with "…" and the whole name is in the tooltip."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(name, parent)
        self.whole = name
        head, bracket, tail = name.partition("（")
        self.broken = f"{head.rstrip()}\n{bracket}{tail}" if head.strip() and bracket else name
        policy = self.sizePolicy()
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def _width_of(self, text: str) -> int:
        margins = self.contentsMargins()
        widest = max(self.fontMetrics().horizontalAdvance(line) for line in text.split("\n"))
        return widest + margins.left() + margins.right() + 2 * self.margin()

    def _height_of(self, text: str) -> int:
        margins = self.contentsMargins()
        lines = text.count("\n") + 1
        return lines * self.fontMetrics().lineSpacing() + margins.top() + margins.bottom() + 2 * self.margin()

    def sizeHint(self) -> QSize:
        return QSize(self._width_of(self.whole), self._height_of(self.whole))

    def minimumSizeHint(self) -> QSize:
        return QSize(self._width_of("……"), self._height_of(self.whole))

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._height_of(self._text_for(width))

    def _text_for(self, width: int) -> str:
        if width >= self._width_of(self.whole):
            return self.whole
        if width >= self._width_of(self.broken):
            return self.broken
        room = width - self._width_of("")
        lines = self.broken.split("\n")
        return "\n".join(
            self.fontMetrics().elidedText(line, Qt.TextElideMode.ElideRight, room) for line in lines
        )

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        shown = self._text_for(self.width())
        if self.text() != shown:
            self.setText(shown)
            self.setToolTip(self.whole if "…" in shown else "")


class OddsBox(QGroupBox, Generic[OutcomeT]):
    """One row per outcome (colour swatch, name, exact percentage), then a big headline and any
    full-width lines a panel adds under it."""

    def __init__(
        self,
        rows: Sequence[tuple[OutcomeT, str, str]],  # (outcome, colour, name)
        headline_size: str = "14pt",
        parent: QWidget | None = None,
        break_at_bracket: bool = False,  # 「English（日本語）」 on two lines where one is too narrow (LotR)
    ) -> None:
        super().__init__(self.tr("確率（厳密計算）"), parent)
        self.grid = QGridLayout(self)
        self.probability_labels: dict[OutcomeT, QLabel] = {}
        self.row_widgets: list[QLabel] = []
        for row, (outcome, colour, name) in enumerate(rows):
            swatch = QLabel("■")
            swatch.setStyleSheet(f"color: {colour};")
            name_label = BracketBreakLabel(name) if break_at_bracket else QLabel(name)
            name_label.setWordWrap(not break_at_bracket)
            value = QLabel()
            value.setAlignment(Qt.AlignmentFlag.AlignRight)
            for column, widget in enumerate((swatch, name_label, value)):
                self.grid.addWidget(widget, row, column)
            self.row_widgets += [swatch, name_label, value]
            self.probability_labels[outcome] = value
        self.grid.setColumnStretch(1, 1)  # the names take the room left, next to their swatches
        self.headline = QLabel()
        self.headline.setStyleSheet(f"font-size: {headline_size}; font-weight: bold;")
        self.headline.setWordWrap(True)  # one long line set the width of the whole panel
        self.add_line(self.headline)

    def add_line(self, label: QLabel) -> QLabel:
        """A full-width line under the rows (the headline is the first)."""
        self.grid.addWidget(label, self.grid.rowCount(), 0, 1, 3)
        return label


class RollControls:
    """ダイスを振る (also Ctrl+R from the 判定 menu) and the line that tells what was rolled."""

    def __init__(self, roll: Callable[[], object]) -> None:
        translate = QCoreApplication.translate
        self.button = QPushButton(translate("RollControls", "ダイスを振る"))
        self.button.setToolTip(translate("RollControls", "Ctrl+R（メニュー「判定」）"))
        self.button.clicked.connect(roll)
        # Two lines kept for the result, so the first roll's longer text moves nothing: the button
        # beside it stays under the mouse for the next click.
        self.result_label = StatusLabel(translate("RollControls", "まだ振っていません"), lines=2)
        self.result_label.setStyleSheet(RESULT_STYLE)
