"""A word-wrapped label for text that comes and goes (a roll's result, a 令呪 note, a warning) without
moving the widgets around it.

- Its height is reserved: it is never shorter than ``lines`` lines, so a result of one or two lines
  appearing where there was none does not push the buttons beside or below it — a second click lands
  where the first did.
- Its minimum height is what its text needs at the width it has.  Qt lays a wrapped label out by
  height-for-width, which a splitter or a window's minimum size ignores: a long note then squeezed
  the fields above it to a few pixels.  Here the minimum itself says how tall the text is.
- Its text never widens the layout (a long line wraps), so the divider beside the panel stays put.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

MIN_WIDTH = 120  # px: narrower than this a wrapped label is unreadable anyway


class StatusLabel(QLabel):
    def __init__(self, text: str = "", lines: int = 1, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.lines = lines
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self._needed = -1

    def _reserved(self) -> int:
        margins = self.contentsMargins()
        return self.lines * self.fontMetrics().lineSpacing() + margins.top() + margins.bottom()

    def _height_needed(self, width: int) -> int:
        text = self.heightForWidth(width) if self.text() and width > 0 else 0
        return max(self._reserved(), text)

    def minimumSizeHint(self) -> QSize:
        return QSize(MIN_WIDTH, self._height_needed(self.width()))

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(hint.width(), max(hint.height(), self._height_needed(self.width())))

    def setText(self, text: str) -> None:
        super().setText(text)
        self._update_needed()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._update_needed()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._update_needed()  # a style sheet's font-size changes the height of a line

    def _update_needed(self) -> None:
        """Asks the layout again only when the height the text needs has changed."""
        needed = self._height_needed(self.width())
        if needed != self._needed:
            self._needed = needed
            self.updateGeometry()
