"""What every judgement panel shows the same way: the exact odds box and the roll controls."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QPushButton, QWidget

from gmtool.views.compact import ElidedLabel
from gmtool.views.status_label import StatusLabel

RESULT_STYLE = "font-size: 13pt;"
OutcomeT = TypeVar("OutcomeT", bound=Hashable)  # what a row stands for: the system's outcome or degree


class OddsBox(QGroupBox, Generic[OutcomeT]):
    """One row per outcome (colour swatch, name, exact percentage), then a big headline and any
    full-width lines a panel adds under it."""

    def __init__(
        self,
        rows: Sequence[tuple[OutcomeT, str, str]],  # (outcome, colour, name)
        headline_size: str = "14pt",
        parent: QWidget | None = None,
        elide_names: bool = False,  # one line each, whole in the tooltip: many long names (LotR)
    ) -> None:
        super().__init__(self.tr("確率（厳密計算）"), parent)
        self.grid = QGridLayout(self)
        self.probability_labels: dict[OutcomeT, QLabel] = {}
        self.row_widgets: list[QLabel] = []
        for row, (outcome, colour, name) in enumerate(rows):
            swatch = QLabel("■")
            swatch.setStyleSheet(f"color: {colour};")
            name_label = ElidedLabel(name) if elide_names else QLabel(name)
            name_label.setWordWrap(not elide_names)
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
