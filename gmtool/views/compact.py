"""Widgets that give up width gracefully, so sheets and judgement panels fit a 1366×768 laptop.

A QCheckBox never wraps its text and a QComboBox is as wide as its longest item: either one set
the minimum width of a whole panel.  Here a check box wraps like a word-wrapped label, and a
combo box is only a few characters wide at its narrowest (it shows the whole item in its list).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QFontMetrics, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QLabel,
    QLayout,
    QSizePolicy,
    QStyle,
    QStyleOptionButton,
    QStyleOptionFocusRect,
    QStylePainter,
    QWidget,
)

COMBO_CHARS = 8  # a shrunk combo box's narrowest width, in characters
_TALL = 100_000
_WRAP = Qt.TextFlag.TextWordWrap
_NO_ALIGNMENT = Qt.AlignmentFlag(0)  # the whole cell


def shrink_combo(combo: QComboBox, chars: int = COMBO_CHARS) -> QComboBox:
    """A combo box that may be as narrow as *chars* characters: a long item no longer widens the
    panel or sheet it is in.  Its list still shows every item whole."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(chars)
    return combo


def _take(layout: QLayout, widget: QWidget) -> bool:
    for index in range(layout.count()):
        item = layout.itemAt(index)
        if item is None:
            continue
        if item.widget() is widget:
            layout.takeAt(index)
            return True
        inner = item.layout()
        if inner is not None and _take(inner, widget):
            return True
    return False


def _take_out(widget: QWidget) -> None:
    parent = widget.parentWidget()
    top = parent.layout() if parent is not None else None
    if top is not None:
        _take(top, widget)


def move_widget(
    widget: QWidget,
    row: QBoxLayout,
    stretch: int = 0,
    index: int = -1,
    alignment: Qt.AlignmentFlag = _NO_ALIGNMENT,
) -> None:
    """Puts *widget* into *row* (at the end, or at *index*), out of the layout it was in: a panel
    moves a box to where there is room in the mode it is in.  Nothing happens when it is there."""
    if row.indexOf(widget) >= 0:
        return
    _take_out(widget)
    row.insertWidget(index, widget, stretch, alignment)


def move_to_grid(widget: QWidget, grid: QGridLayout, *cell: int) -> None:
    """As move_widget, into a grid's cell (row, column[, row span, column span])."""
    if grid.indexOf(widget) >= 0:
        return
    _take_out(widget)
    grid.addWidget(widget, *cell)


class WrappingCheckBox(QCheckBox):
    """A check box whose text wraps onto more lines when it is narrow, as a word-wrapped label's
    does; the whole widget, text included, toggles it."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        policy = self.sizePolicy()
        # QCheckBox's (Minimum, Fixed) would never shrink, nor grow to its wrapped height.
        policy.setHorizontalPolicy(QSizePolicy.Policy.Preferred)
        policy.setVerticalPolicy(QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def _indent(self) -> int:
        """The indicator's width and the gap between it and the text."""
        style = self.style()
        return style.pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth, None, self) + style.pixelMetric(
            QStyle.PixelMetric.PM_CheckBoxLabelSpacing, None, self
        )

    def _indicator_height(self) -> int:
        return self.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorHeight, None, self)

    def _text_size(self, width: int) -> QSize:
        metrics = QFontMetrics(self.font())
        return metrics.boundingRect(QRect(0, 0, max(width, 1), _TALL), _WRAP, self.text()).size()

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        text = self._text_size(width - self._indent()).height() if self.text() else 0
        return max(text, self._indicator_height()) + 2

    def sizeHint(self) -> QSize:
        one_line = QFontMetrics(self.font()).size(0, self.text())
        return QSize(
            self._indent() + one_line.width() + 2, max(one_line.height(), self._indicator_height()) + 2
        )

    def minimumSizeHint(self) -> QSize:
        """As narrow as the longest unbreakable run of its text, one line high (as a word-wrapped
        label: the layout asks heightForWidth for the height at the width it gives)."""
        narrowest = self._text_size(1).width() if self.text() else 0
        return QSize(self._indent() + narrowest + 2, self.sizeHint().height())

    def hitButton(self, pos: QPoint) -> bool:
        return self.rect().contains(pos)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionButton()
        self.initStyleOption(option)
        style = self.style()
        indicator = style.subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, self)
        indicator.moveTop(1 + (QFontMetrics(self.font()).height() - indicator.height()) // 2)
        box = QStyleOptionButton(option)
        box.rect = indicator
        painter.drawPrimitive(QStyle.PrimitiveElement.PE_IndicatorCheckBox, box)
        text_rect = self.rect().adjusted(self._indent(), 1, 0, 0)
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop) | int(_WRAP)
        style.drawItemText(
            painter, text_rect, flags, option.palette, self.isEnabled(), self.text(), self.foregroundRole()
        )
        if self.hasFocus():
            focus = QStyleOptionFocusRect()
            focus.initFrom(self)
            focus.rect = style.itemTextRect(self.fontMetrics(), text_rect, flags, True, self.text())
            painter.drawPrimitive(QStyle.PrimitiveElement.PE_FrameFocusRect, focus)


class ElidedLabel(QLabel):
    """One line, cut with "…" where its room ends; while it is cut, the whole text is in its tooltip
    (after any tooltip of its own), and `text()` is always the whole text.  For help or a value's
    explanation that would otherwise widen a sheet or take lines of a panel that has none to spare."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self._note = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setText(text)

    def setText(self, text: str) -> None:  # the whole text, shown cut
        self._full = text
        self._elide()

    def text(self) -> str:
        return self._full

    def setToolTip(self, note: str) -> None:
        """A tooltip of its own; the whole text is added above it while the text is cut."""
        self._note = note
        self._elide()

    def _elide(self) -> None:
        one_line = " ".join(self._full.split("\n"))
        shown = self.fontMetrics().elidedText(one_line, Qt.TextElideMode.ElideRight, max(self.width(), 1))
        super().setText(shown)
        cut = shown != one_line
        super().setToolTip("\n\n".join(t for t in (self._full if cut else "", self._note) if t))

    def minimumSizeHint(self) -> QSize:
        return QSize(self.fontMetrics().horizontalAdvance("……"), self.fontMetrics().height())

    def sizeHint(self) -> QSize:
        return QSize(self.fontMetrics().horizontalAdvance(self._full), self.fontMetrics().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()
