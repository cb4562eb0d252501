"""The LotR wound track (a box of Health points per level) and the weariness track (Hale…Exhausted).

Wound track: each level of `derived.wound_track` — Healthy (several for Large
and bigger), Dazed, Injured … — is one box holding Health points; the damage
fills the boxes from the left, the level the damage is in is highlighted, and
past the last box the character is dead.  The numbers it was given are readable
(`levels`, `current_index`, `dead`, `filled(i)`) so tests check data, not pixels.

Weariness track: one checkable button per level; clicking one asks to set the
level (`level_clicked`), the sheet does it through LotRActions.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QPushButton, QSizePolicy, QWidget

from gmtool.models.lotr_actions import penalty_text
from gmtool.rules.systems.lotr.derived import WoundTrack
from gmtool.rules.systems.lotr.rules_data import Level

DAMAGE_COLOR = QColor("#c03030")
EMPTY_COLOR = QColor("#f4f4f4")
CURRENT_COLOR = QColor("#fff1b8")
LINE_COLOR = QColor("#202020")
GRID_COLOR = QColor("#b0b0b0")
DEAD_COLOR = QColor("#600000")
BOX_HEIGHT = 26
LABEL_HEIGHT = 18
MAX_CELLS = 30  # above this many points per box the cell lines would be a grey smear: fill only


class LotRWoundTrack(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._track: WoundTrack | None = None
        self.setMinimumHeight(BOX_HEIGHT + 2 * LABEL_HEIGHT + 8)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    # ---- data -----------------------------------------------------------------------------
    def set_track(self, track: WoundTrack) -> None:
        if track == self._track:
            return
        self._track = track
        lines = [
            self.tr("{0}: ダメージ {1}〜{2}、{3}").format(
                level.label, i * track.health, (i + 1) * track.health - 1, penalty_text(level)
            )
            for i, level in enumerate(track.levels)
        ]
        lines.append(self.tr("死亡: ダメージ {0} 以上").format(len(track.levels) * track.health))
        self.setToolTip("\n".join(lines))
        self.update()

    @property
    def levels(self) -> list[str]:
        """The boxes' level names, Healthy first."""
        return [level.name for level in self._track.levels] if self._track else []

    @property
    def current_index(self) -> int:
        """The highlighted box; len(levels) when dead."""
        return self._track.index if self._track else 0

    @property
    def dead(self) -> bool:
        return bool(self._track and self._track.dead)

    def filled(self, box: int) -> int:
        """Health points of damage drawn in box `box`."""
        if self._track is None:
            return 0
        health = self._track.health
        return max(0, min(health, self._track.damage - box * health))

    def sizeHint(self) -> QSize:
        return QSize(420, BOX_HEIGHT + 2 * LABEL_HEIGHT + 8)

    # ---- painting -------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        track = self._track
        if track is None or not track.levels:
            return
        painter = QPainter(self)
        try:
            margin, gap = 4.0, 4.0
            count = len(track.levels)
            width = max(1.0, (self.width() - 2 * margin - gap * (count - 1)) / count)
            top = float(LABEL_HEIGHT)
            for i, level in enumerate(track.levels):
                box = QRectF(margin + i * (width + gap), top, width, BOX_HEIGHT)
                self._paint_box(painter, box, level, i, track)
            if track.dead:
                painter.setPen(QPen(DEAD_COLOR, 2))
                painter.drawText(
                    QRectF(margin, top, self.width() - 2 * margin, BOX_HEIGHT),
                    Qt.AlignmentFlag.AlignCenter,
                    self.tr("死亡"),
                )
        finally:
            painter.end()

    def _paint_box(self, painter: QPainter, box: QRectF, level: Level, i: int, track: WoundTrack) -> None:
        current = i == track.index
        painter.fillRect(box, CURRENT_COLOR if current else EMPTY_COLOR)
        filled = self.filled(i)
        cell = box.width() / track.health
        painter.fillRect(QRectF(box.left(), box.top(), cell * filled, box.height()), DAMAGE_COLOR)
        if track.health <= MAX_CELLS:
            painter.setPen(QPen(GRID_COLOR, 1))
            for point in range(1, track.health):
                x = box.left() + cell * point
                painter.drawLine(int(x), int(box.top()), int(x), int(box.bottom()))
        painter.setPen(QPen(LINE_COLOR, 3 if current else 1))
        painter.drawRect(box)
        painter.setPen(QPen(LINE_COLOR, 1))
        painter.drawText(
            QRectF(box.left(), 0, box.width(), LABEL_HEIGHT), Qt.AlignmentFlag.AlignCenter, level.name
        )
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, f"{filled}/{track.health}")
        painter.drawText(
            QRectF(box.left(), box.bottom() + 2, box.width(), LABEL_HEIGHT),
            Qt.AlignmentFlag.AlignCenter,
            painter.fontMetrics().elidedText(
                penalty_text(level), Qt.TextElideMode.ElideRight, int(box.width())
            ),
        )


class LotRWearinessTrack(QWidget):
    """Hale … Exhausted as a row of buttons; the current level is the checked one."""

    level_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._levels: tuple[Level, ...] = ()
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        # `idClicked` fires on a user's click only, not when sync() checks a button.
        self._group.idClicked.connect(self.level_clicked)
        self._row = QHBoxLayout(self)
        self._row.setContentsMargins(0, 0, 0, 0)
        self._row.setSpacing(2)

    def set_levels(self, levels: tuple[Level, ...], current: int) -> None:
        if levels != self._levels:
            for button in self._group.buttons():
                self._group.removeButton(button)
                button.deleteLater()
            self._levels = levels
            for i, level in enumerate(levels):
                button = QPushButton(level.name)
                button.setCheckable(True)
                button.setToolTip(self.tr("{0}: 判定 {1}").format(level.label, penalty_text(level)))
                button.setAccessibleName(level.label)
                self._group.addButton(button, i)
                self._row.addWidget(button)
        button = self._group.button(current)
        if button is not None:
            button.setChecked(True)

    @property
    def current_index(self) -> int:
        return self._group.checkedId()

    def button(self, index: int) -> QPushButton:
        button = self._group.button(index)
        assert isinstance(button, QPushButton)
        return button
