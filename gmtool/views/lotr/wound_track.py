"""The LotR wound track (a box of Health points per level, then 死亡) and the weariness track.

Wound track: each level of `derived.wound_track` — Healthy (several for Large
and bigger), Dazed, Injured … — is one box holding Health points; the damage
fills the boxes from the left and the level the damage is in is highlighted.
Past the last box the character is dead: the separate 死亡 box at the end turns
black with white text, so death never hides behind the red of the full boxes.
The "n/17" counts are drawn in a colour chosen against what lies under them
(white on a full red box, dark on an empty one, dark on a white plate when the
red ends under the text).  Under each box is its penalty, "未設定" where the
table has none (the tooltip says what that means).  The numbers it was given
are readable (`levels`, `current_index`, `dead`, `filled(i)`, `count_colors(i)`,
`penalty_labels`) so tests check data; `death_box()` gives where 死亡 is drawn.

Weariness track: one checkable button per level; clicking one asks to set the
level (`level_clicked`), the sheet does it through LotRActions.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QPushButton, QSizePolicy, QWidget

from gmtool.models.lotr.actions import penalty_text
from gmtool.models.lotr.shown_names import shown_name
from gmtool.rules.systems.lotr.derived_types import WoundTrack
from gmtool.rules.systems.lotr.rules_types import Level

DAMAGE_COLOR = QColor("#c03030")
EMPTY_COLOR = QColor("#f4f4f4")
CURRENT_COLOR = QColor("#fff1b8")
LINE_COLOR = QColor("#202020")
GRID_COLOR = QColor("#b0b0b0")
FULL_TEXT_COLOR = QColor("#ffffff")  # contrast 5.7 : 1 on DAMAGE_COLOR
PLATE_COLOR = QColor("#ffffff")  # behind the count when the red ends under the text
DEAD_COLOR = QColor("#000000")
DEAD_TEXT_COLOR = QColor("#ffffff")
ALIVE_DEATH_TEXT_COLOR = QColor("#707070")
BOX_HEIGHT = 26
LABEL_HEIGHT = 18
DEATH_BOX_WIDTH = 48
COUNT_WIDTH = 40  # the count's text area, centred in its box
MAX_CELLS = 30  # above this many points per box the cell lines would be a grey smear: fill only
MIN_LABEL_POINTS = 6.5  # the names above the boxes shrink to this before they are cut with "…"


def penalty_short(level: Level) -> str:
    """A level's penalty in the few pixels under its box; an unset one is just 「未設定」."""
    if level.penalty is None:
        return QCoreApplication.translate("LotRWoundTrack", "未設定")
    return penalty_text(level)


class LotRWoundTrack(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._track: WoundTrack | None = None
        self._labels = (LINE_COLOR, QFont(), QFont())  # colour, font of the labels; the boxes' font
        self.setMinimumHeight(BOX_HEIGHT + 2 * LABEL_HEIGHT + 8)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    # ---- data -----------------------------------------------------------------------------
    def set_track(self, track: WoundTrack) -> None:
        if track == self._track:
            return
        self._track = track
        lines = [
            self.tr("{0}: ダメージ {1}〜{2}、判定 {3}").format(
                shown_name(level), i * track.health, (i + 1) * track.health - 1, penalty_text(level)
            )
            for i, level in enumerate(track.levels[: track.death_index])
        ]
        lines.append(self.tr("死亡: ダメージ {0} 以上").format(track.death_index * track.health))
        if track.dies_at_incapacitated:  # the last box is Incapacitated, drawn as death
            lines.append(self.tr("ホビットは Incapacitated で死亡（1.2.1）"))
        if any(level.penalty is None for level in track.levels):
            if track.carry:  # house rule lotr.unset_wound_penalty, its default reading
                lines.append(
                    self.tr(
                        "「未設定」: ルール要約にペナルティの値がありません。GM がルール表（負傷・疲労）で"
                        "設定するまで、値のあるいちばん近い軽い段階のペナルティ（なければ 0）で計算します"
                    )
                )
            else:
                lines.append(
                    self.tr(
                        "「未設定」: ルール要約にペナルティの値がありません。"
                        "GM がルール表（負傷・疲労）で設定するまで 0 として計算します"
                    )
                )
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

    @property
    def penalty_labels(self) -> list[str]:
        """What is written under each box (the hobbit's Incapacitated: 死亡, drawn as the death box)."""
        if not self._track:
            return []
        track = self._track
        labels = [penalty_short(level) for level in track.levels[: track.death_index]]
        return labels + [self.tr("死亡")] * (len(track.levels) - track.death_index)

    @property
    def death_label(self) -> str:
        """The name above the 死亡 box: the level that kills (1.2.1's Incapacitated), else none."""
        track = self._track
        return track.levels[track.death_index].name if track and track.dies_at_incapacitated else ""

    def filled(self, box: int) -> int:
        """Health points of damage drawn in box `box`."""
        if self._track is None:
            return 0
        health = self._track.health
        return max(0, min(health, self._track.damage - box * health))

    def count_colors(self, box: int) -> tuple[QColor, QColor]:
        """(text colour, colour behind the text) of box `box`'s "n/health" count."""
        track = self._track
        if track is None:
            return LINE_COLOR, EMPTY_COLOR
        empty = CURRENT_COLOR if box == track.index else EMPTY_COLOR
        filled = self.filled(box)
        if filled == track.health:
            return FULL_TEXT_COLOR, DAMAGE_COLOR
        if filled == 0:
            return LINE_COLOR, empty
        return LINE_COLOR, PLATE_COLOR  # red on one side of the text, light on the other: a plate

    def sizeHint(self) -> QSize:
        return QSize(420, BOX_HEIGHT + 2 * LABEL_HEIGHT + 8)

    def minimumSizeHint(self) -> QSize:
        return QSize(200, BOX_HEIGHT + 2 * LABEL_HEIGHT + 8)

    def label_color(self) -> QColor:
        """The names and penalties around the boxes lie on the window, not in a box: the theme's
        text colour (a fixed dark one vanished on the dark theme)."""
        return self.palette().color(QPalette.ColorRole.WindowText)

    def label_font(self) -> QFont:
        """The font of the names and penalties: smaller until the longest fits its box
        ("Incapacitated" on a narrow sheet), never below MIN_LABEL_POINTS."""
        font = QFont(self.font())
        texts = [level.name for level in self._track.levels] if self._track else []
        texts += self.penalty_labels
        width = self._boxes()[0].width() if texts else 0.0
        size = font.pointSizeF() if font.pointSizeF() > 0 else 9.0
        while size > MIN_LABEL_POINTS:
            font.setPointSizeF(size)
            metrics = QFontMetrics(font)
            if all(metrics.horizontalAdvance(text) <= width for text in texts):
                break
            size -= 0.5
        font.setPointSizeF(max(size, MIN_LABEL_POINTS))
        return font

    def drawn_names(self) -> list[str]:
        """The level names as drawn above the boxes (cut with "…" only past the smallest font)."""
        if not self._track:
            return []
        metrics = QFontMetrics(self.label_font())
        boxes = self._boxes()
        return [
            metrics.elidedText(level.name, Qt.TextElideMode.ElideRight, int(boxes[i].width()))
            for i, level in enumerate(self._track.levels[: self._track.death_index])
        ]

    # ---- geometry ---------------------------------------------------------------------------
    def _boxes(self) -> list[QRectF]:
        """The level boxes, left to right, then the 死亡 box (in Incapacitated's place for a hobbit)."""
        count = self._track.death_index if self._track else 0
        margin, gap = 4.0, 4.0
        space = self.width() - 2 * margin - DEATH_BOX_WIDTH - gap * count
        width = max(1.0, space / max(1, count))
        top = float(LABEL_HEIGHT)
        boxes = [QRectF(margin + i * (width + gap), top, width, BOX_HEIGHT) for i in range(count)]
        boxes.append(QRectF(margin + count * (width + gap), top, DEATH_BOX_WIDTH, BOX_HEIGHT))
        return boxes

    def death_box(self) -> QRectF:
        """Where the 死亡 box is drawn (the last one)."""
        return self._boxes()[-1]

    # ---- painting -------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        track = self._track
        if track is None or not track.levels:
            return
        painter = QPainter(self)
        try:
            self._labels = (self.label_color(), self.label_font(), QFont(self.font()))
            boxes = self._boxes()
            for i, level in enumerate(track.levels[: track.death_index]):
                self._paint_box(painter, boxes[i], level, i, track)
            self._paint_death(painter, boxes[-1], track.dead)
            if self.death_label:  # 1.2.1: the level's name over the box where the hobbit dies
                painter.setFont(self._labels[1])
                name = painter.fontMetrics().elidedText(
                    self.death_label, Qt.TextElideMode.ElideRight, int(boxes[-1].width())
                )
                painter.setPen(QPen(self._labels[0], 1))
                painter.drawText(
                    QRectF(boxes[-1].left(), 0, boxes[-1].width(), LABEL_HEIGHT),
                    Qt.AlignmentFlag.AlignCenter,
                    name,
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
        label_color, label_font, box_font = self._labels
        painter.setPen(QPen(label_color, 1))
        painter.setFont(label_font)
        # Cut with "…" only where even the smallest font is wider than the box; the tooltip lists them.
        name = painter.fontMetrics().elidedText(level.name, Qt.TextElideMode.ElideRight, int(box.width()))
        painter.drawText(QRectF(box.left(), 0, box.width(), LABEL_HEIGHT), Qt.AlignmentFlag.AlignCenter, name)
        painter.drawText(
            QRectF(box.left(), box.bottom() + 2, box.width(), LABEL_HEIGHT),
            Qt.AlignmentFlag.AlignCenter,
            painter.fontMetrics().elidedText(
                penalty_short(level), Qt.TextElideMode.ElideRight, int(box.width())
            ),
        )
        painter.setFont(box_font)
        text_color, behind = self.count_colors(i)
        count_box = QRectF(box.center().x() - COUNT_WIDTH / 2, box.top() + 4, COUNT_WIDTH, box.height() - 8)
        if behind == PLATE_COLOR:
            painter.fillRect(count_box, PLATE_COLOR)
        painter.setPen(QPen(text_color, 1))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, f"{filled}/{track.health}")

    def _paint_death(self, painter: QPainter, box: QRectF, dead: bool) -> None:
        text = self.tr("死亡")
        painter.setFont(self._labels[2])
        if dead:
            painter.fillRect(box, DEAD_COLOR)
            painter.setPen(QPen(DAMAGE_COLOR, 3))
            painter.drawRect(box)
            font = QFont(painter.font())
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(QPen(DEAD_TEXT_COLOR, 1))
        else:
            painter.fillRect(box, EMPTY_COLOR)
            painter.setPen(QPen(ALIVE_DEATH_TEXT_COLOR, 1, Qt.PenStyle.DashLine))
            painter.drawRect(box)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


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
                # As narrow as its name (not a push button's usual 80 px): six of those made the
                # sheet wider than a laptop leaves it.
                button.setMinimumWidth(button.fontMetrics().horizontalAdvance(level.name) + 16)
                button.setToolTip(self.tr("{0}: 判定 {1}").format(shown_name(level), penalty_text(level)))
                button.setAccessibleName(shown_name(level))
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
