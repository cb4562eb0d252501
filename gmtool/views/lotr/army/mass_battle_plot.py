"""P(Victory) from every start position of the mass battle track, the current position marked.

Tests read back what the plot was given (`bar_heights`, `marked`), so it is checked against the
engine's exact `battle_odds`, not by pixels.
"""

from __future__ import annotations

from fractions import Fraction

import pyqtgraph as pg
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from gmtool.views.check.probability_plots import style_plot
from gmtool.views.check.themed_plot import ThemedPlot

BAR_COLOR = "#9aa5b1"
CURRENT_COLOR = "#1f5fa8"  # where the battle stands now


class BattleOddsPlot(ThemedPlot):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        style_plot(self, self.tr("勝利する確率 (%)"), self.tr("戦況"))
        self.setYRange(0, 110, padding=0)
        self._brush = pg.mkBrush(QColor(BAR_COLOR))
        self._current_brush = pg.mkBrush(QColor(CURRENT_COLOR))
        # A brush per bar: pyqtgraph's single-colour path crashed PySide6 (see probability_plots).
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.7, brushes=[], pen=pg.mkPen(None))
        self.addItem(self.bars)
        self.labels: list[pg.TextItem] = []
        self.marked: int | None = None  # the bar drawn as the current position (None: battle over)

    def sizeHint(self) -> QSize:
        # pyqtgraph asks for 480 px; the tab also holds the track and two tables.
        return QSize(360, 180)

    def set_odds(self, victory: dict[int, Fraction], marked: int | None) -> None:
        """`victory`: start position → P(Victory); `marked`: the current position, if any."""
        positions = sorted(victory)
        heights = [float(victory[p]) * 100 for p in positions]
        brushes = [self._current_brush if p == marked else self._brush for p in positions]
        self.marked = marked
        self.bars.setOpts(x=positions, height=heights, brushes=brushes)
        for label in self.labels:
            self.removeItem(label)
        self.labels = []
        for p, h in zip(positions, heights, strict=True):
            label = pg.TextItem(f"{h:.1f}", color=self.text_colour(), anchor=(0.5, 1))
            label.setPos(p, min(h, 98) + 1)
            self.addItem(label)
            self.labels.append(label)
        self.getAxis("bottom").setTicks([[(p, f"{p:+d}" if p else "±0") for p in positions]])
        if positions:
            self.setXRange(positions[0] - 0.6, positions[-1] + 0.6, padding=0)

    def theme_changed(self) -> None:
        for label in self.labels:
            label.setColor(self.text_colour())

    def bar_heights(self) -> dict[int, float]:
        """position → height in %, as given to the plot."""
        opts = self.bars.opts
        return {int(x): float(h) for x, h in zip(opts["x"], opts["height"], strict=True)}
