"""Two columns that stack when the sheet is narrow: the LotR, MTG and 千幻抄 sheets share them."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QWidget


class TwoColumns(QWidget):
    """Two columns side by side, or one above the other when the width is less than both need.

    The minimum width asked for is the wider column's, so the main window's sheet area (a
    resizable scroll area) may make the sheet narrower than both columns together; they then
    stack and the area scrolls vertically instead of squeezing rows into each other.
    """

    def __init__(self, left: QWidget, right: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.left, self.right = left, right
        self.box = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self.box.addWidget(left, 1)
        self.box.addWidget(right, 1)

    @property
    def stacked(self) -> bool:
        return self.box.direction() == QBoxLayout.Direction.TopToBottom

    def side_by_side_width(self) -> int:
        margins = self.box.contentsMargins()
        columns = self.left.minimumSizeHint().width() + self.right.minimumSizeHint().width()
        return columns + self.box.spacing() + margins.left() + margins.right()

    def minimumSizeHint(self) -> QSize:
        margins = self.box.contentsMargins()
        widest = max(self.left.minimumSizeHint().width(), self.right.minimumSizeHint().width())
        return QSize(widest + margins.left() + margins.right(), super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        wanted = (
            QBoxLayout.Direction.LeftToRight
            if event.size().width() >= self.side_by_side_width()
            else QBoxLayout.Direction.TopToBottom
        )
        if wanted != self.box.direction():
            self.box.setDirection(wanted)
            self.updateGeometry()  # the minimum height changes: the scroll area re-reads it
        super().resizeEvent(event)
