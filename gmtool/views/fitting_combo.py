"""A combo box whose chosen item, when it is wider than the box, is cut where a reader expects.

A judgement panel's combo is narrow at 1366×768 (a long skill name must not widen the panel), and
Qt clipped the chosen item at the box's edge: 「Appraise（鑑定）（+3」, half a bracket and no sign
that anything was missing.  Here the box asks for its longest item's width and may shrink to its
minimum contents length (`shrink_combo`) where the layout has less; what it then cannot show is cut
at a word's end with "…", the trailing bracketed value kept (「Appraise…（+3）」), the whole item in
the box's tooltip; and the open list is as wide as its longest item.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QStylePainter, QWidget

ELLIPSIS = "…"
# A cut reads as a word's end before a space or an opening bracket, and after a colon or a separator.
_BEFORE = " \u3000（(「"
_AFTER = ":：、,・/"
_CLOSING = {"）": "（", ")": "("}


def _trailing_value(text: str) -> str:
    """The text's last bracketed group (「（+3）」, " (+3)") with the space before it, or ''."""
    opening = _CLOSING.get(text[-1:])
    start = text.rfind(opening) if opening else -1
    if start <= 0:
        return ""
    return text[start - 1 :] if text[start - 1] == " " else text[start:]


def elide_at_words(text: str, fits: Callable[[str], bool]) -> str | None:
    """*text* itself when it `fits`; else its head cut at the latest word's end that fits, "…", and its
    trailing bracketed value; None when not even the first word fits (the caller cuts it anywhere)."""
    if fits(text):
        return text
    tail = _trailing_value(text)
    head = text[: len(text) - len(tail)]
    cuts = {i for i, c in enumerate(head) if c in _BEFORE} | {
        i + 1 for i, c in enumerate(head) if c in _AFTER
    }
    for cut in sorted((c for c in cuts if 0 < c < len(head)), reverse=True):
        shown = head[:cut].rstrip(" \u3000" + _AFTER) + ELLIPSIS + tail
        if fits(shown):
            return shown
    return None


class FittingCombo(QComboBox):
    """A non-editable combo box that cuts its chosen item at a word (see the module's docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._note = ""  # a tooltip of its own, shown under the whole item while it is cut
        self._widest: int | None = None  # the longest item's text width, until the items change
        self.currentIndexChanged.connect(self._show_whole_in_tooltip)
        model = self.model()
        for signal in (model.rowsInserted, model.rowsRemoved, model.modelReset, model.dataChanged):
            signal.connect(self._items_changed)

    def _items_changed(self, *_: object) -> None:
        self._widest = None
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        """Wide enough for the longest item, where the layout has the room; `minimumSizeHint` stays
        the few characters `shrink_combo` set, so a long skill never widens the panel."""
        hint = super().sizeHint()
        if self._widest is None:
            metrics = self.fontMetrics()
            self._widest = max(
                (metrics.horizontalAdvance(self.itemText(i)) for i in range(self.count())), default=0
            )
        option = self._option()
        icon = option.iconSize.width() + 4 if not option.currentIcon.isNull() else 0
        wanted = self.style().sizeFromContents(
            QStyle.ContentsType.CT_ComboBox, option, QSize(self._widest + icon + 2, hint.height()), self
        )
        return QSize(max(hint.width(), wanted.width()), hint.height())

    def setToolTip(self, note: str) -> None:
        self._note = note
        self._show_whole_in_tooltip()

    def _option(self) -> QStyleOptionComboBox:
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        return option

    def _room(self, option: QStyleOptionComboBox) -> int:
        """The width the chosen item's text may take: the edit field less the icon beside it."""
        field = self.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, self
        )
        icon = option.iconSize.width() + 4 if not option.currentIcon.isNull() else 0
        return field.width() - icon - 2  # CE_ComboBoxLabel draws the text 1 px in from each side

    def shown_text(self) -> str:
        """The chosen item as the closed box shows it: whole, or cut at a word with "…"."""
        text = self.currentText()
        if not text or self.isEditable():
            return text
        room = self._room(self._option())
        metrics = self.fontMetrics()
        shown = elide_at_words(text, lambda t: metrics.horizontalAdvance(t) <= room)
        return shown if shown is not None else metrics.elidedText(text, Qt.TextElideMode.ElideRight, room)

    def _show_whole_in_tooltip(self, *_: object) -> None:
        cut = self.shown_text() != self.currentText()
        whole = self.currentText() if cut else ""
        super().setToolTip("\n\n".join(t for t in (whole, self._note) if t))

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.isEditable():
            super().paintEvent(event)
            return
        painter = QStylePainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        option = self._option()
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = self.shown_text()
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._show_whole_in_tooltip()

    def showPopup(self) -> None:
        """The list as wide as its longest item (within the screen), however narrow the box."""
        view = self.view()
        screen = self.screen().availableGeometry().width() if self.screen() is not None else 10_000
        scroll = view.verticalScrollBar().sizeHint().width() if self.count() > self.maxVisibleItems() else 0
        wanted = view.sizeHintForColumn(0) + 2 * view.frameWidth() + scroll
        view.setMinimumWidth(min(wanted, screen))
        super().showPopup()
