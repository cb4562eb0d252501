"""The フォーカード HP bar: 0 to 死亡, with 衰弱 / 昏倒 / 死亡 marked, filled to 累積ダメージ.

疲労 fills first and 負傷 after it, in two colours, so the GM sees at a glance
how much of the damage will come back with a rest.  The numbers it was given are
readable (`lines`, `fatigue`, `injury`) so tests check data, not pixels.

Each mark's label is as wide as its text (in 80 px boxes "Unconscious 25" lost its first and last
letters) and sits over its mark, pushed aside where it would run into its neighbour or past the
bar's ends (`label_rects`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from gmtool.rules.systems.fourcard.derived_types import HPLines
from gmtool.views.appearance import mix

FATIGUE_COLOR = QColor("#e0a030")
INJURY_COLOR = QColor("#c03030")
TRACK_SHADE = 0.1  # the empty track: the text box colour, a tenth of the way to the text's
OVERFLOW_COLOR = QColor("#600000")
BAR_HEIGHT = 22
LABEL_HEIGHT = 18
LABEL_GAP = 6.0  # px between two marks' labels
MARGIN = 8.0  # px left and right of the bar


def spread(centres: Sequence[float], widths: Sequence[float], room: float, gap: float) -> list[float]:
    """Left edges for labels of *widths*, in order, each as near its centre as can be, inside
    0…*room* and *gap* apart (labels wider than the room together start at 0 and run on)."""
    lefts = [min(max(c - w / 2, 0.0), room - w) for c, w in zip(centres, widths, strict=True)]
    for i in range(1, len(lefts)):  # pushed right, off the label before
        lefts[i] = max(lefts[i], lefts[i - 1] + widths[i - 1] + gap)
    limit = room
    for i in range(len(lefts) - 1, -1, -1):  # then back left from the right end
        lefts[i] = min(lefts[i], limit - widths[i])
        limit = lefts[i] - gap
    shift = max(0.0, -lefts[0]) if lefts else 0.0
    return [left + shift for left in lefts]


class FourCardHPBar(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lines = HPLines(0, 0, 0)
        self._fatigue = 0
        self._injury = 0
        self.setMinimumHeight(BAR_HEIGHT + 2 * LABEL_HEIGHT + 4)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    # ---- data ---------------------------------------------------------------------------
    def set_values(self, lines: HPLines, fatigue: int, injury: int) -> None:
        if (lines, fatigue, injury) == (self._lines, self._fatigue, self._injury):
            return
        self._lines, self._fatigue, self._injury = lines, fatigue, injury
        self.setToolTip(
            self.tr("疲労 {0} + 負傷 {1} = 累積ダメージ {2}（衰弱 {3} / 昏倒 {4} / 死亡 {5}）").format(
                fatigue, injury, fatigue + injury, lines.weakened, lines.unconscious, lines.dead
            )
        )
        self.update()

    @property
    def lines(self) -> tuple[int, int, int]:
        """(衰弱, 昏倒, 死亡) as marked on the bar."""
        return (self._lines.weakened, self._lines.unconscious, self._lines.dead)

    @property
    def fatigue(self) -> int:
        return self._fatigue

    @property
    def injury(self) -> int:
        return self._injury

    @property
    def damage(self) -> int:
        return self._fatigue + self._injury

    @property
    def maximum(self) -> int:
        """The scale's end: 死亡, or further when the damage went past it."""
        return max(self._lines.dead, self.damage, 1)

    def label_texts(self) -> list[str]:
        """衰弱 / 昏倒 / 死亡 with their points, as the marks' labels read."""
        names = (self.tr("衰弱"), self.tr("昏倒"), self.tr("死亡"))
        return [f"{name} {points}" for name, points in zip(names, self.lines, strict=True)]

    def label_rects(self) -> list[QRectF]:
        """Where the marks' labels are drawn: each its text's width, over its mark where there is
        room, never over another label nor past the widget's edges."""
        metrics = self.fontMetrics()
        widths = [float(metrics.horizontalAdvance(text) + 4) for text in self.label_texts()]
        width = max(1.0, self.width() - 2 * MARGIN)
        centres = [MARGIN + width * points / self.maximum for points in self.lines]
        lefts = spread(centres, widths, float(self.width()), LABEL_GAP)
        return [QRectF(left, 0, w, LABEL_HEIGHT) for left, w in zip(lefts, widths, strict=True)]

    def sizeHint(self) -> QSize:
        return QSize(360, BAR_HEIGHT + 2 * LABEL_HEIGHT + 4)

    # ---- painting -----------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            margin = MARGIN
            width = max(1.0, self.width() - 2 * margin)
            top = float(LABEL_HEIGHT)
            bar = QRectF(margin, top, width, BAR_HEIGHT)

            def x_at(points: int) -> float:
                return margin + width * points / self.maximum

            ink = self.palette().color(QPalette.ColorRole.WindowText)  # the theme's: dark or light
            painter.fillRect(bar, mix(self.palette().color(QPalette.ColorRole.Base), ink, TRACK_SHADE))
            dead = self._lines.dead
            fatigue_end = x_at(self._fatigue)
            injury_end = x_at(self.damage)
            painter.fillRect(QRectF(margin, top, fatigue_end - margin, BAR_HEIGHT), FATIGUE_COLOR)
            painter.fillRect(QRectF(fatigue_end, top, injury_end - fatigue_end, BAR_HEIGHT), INJURY_COLOR)
            if self.damage > dead:  # past 死亡: the part beyond the line stands out
                painter.fillRect(
                    QRectF(x_at(dead), top + BAR_HEIGHT / 3, injury_end - x_at(dead), 4), OVERFLOW_COLOR
                )
            painter.setPen(QPen(ink, 1))
            painter.drawRect(bar)

            painter.setPen(QPen(ink, 2))
            for points in self.lines:
                x = x_at(points)
                painter.drawLine(int(x), int(top - 3), int(x), int(top + BAR_HEIGHT + 3))
            for text, rect in zip(self.label_texts(), self.label_rects(), strict=True):
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
            painter.drawText(
                QRectF(margin, top + BAR_HEIGHT + 2, width, LABEL_HEIGHT),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                self.tr("累積ダメージ {0}（疲労 {1} / 負傷 {2}）").format(
                    self.damage, self._fatigue, self._injury
                ),
            )
        finally:
            painter.end()
