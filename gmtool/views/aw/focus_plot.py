"""P(the AF has succeeded by the end of round r), one bar per remaining round.

Tests read back what the plot was given (`bar_heights`), so it is checked against the model's
exact odds, not by pixels.
"""

from __future__ import annotations

from fractions import Fraction

import pyqtgraph as pg
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from gmtool.models.aw.focus_text import percent_text
from gmtool.views.check.probability_plots import style_plot
from gmtool.views.check.themed_plot import ThemedPlot

BAR_COLOR = "#1f5fa8"
LAST_COLOR = "#1b7f3b"  # the round limit: the bar that is the AF's P(success)


class FocusRoundsPlot(ThemedPlot):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        style_plot(self, self.tr("成功している確率 (%)"), self.tr("ラウンド"))
        self.setYRange(0, 105, padding=0)
        self._brush = pg.mkBrush(QColor(BAR_COLOR))
        self._last_brush = pg.mkBrush(QColor(LAST_COLOR))
        # A brush per bar: pyqtgraph's single-colour path crashed PySide6 (see probability_plots).
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.7, brushes=[], pen=pg.mkPen(None))
        self.addItem(self.bars)
        self.labels: list[pg.TextItem] = []

    def sizeHint(self) -> QSize:
        # pyqtgraph asks for 480 px; inside the run page's scroll area that pushed the GM buttons out
        # of view.  It grows into whatever room the dialog has.
        return QSize(400, 170)

    def set_rounds(self, by_round: tuple[tuple[int, Fraction], ...], caption: str = "") -> None:
        """`caption`: what the bars assume when it is not the AF as it stands (a pending fumble)."""
        self.setLabel("left", self.tr("成功している確率 (%)"))
        self.setYRange(0, 105, padding=0)
        self._show_bars(by_round, [percent_text(p) for _, p in by_round], caption, label_cap=92)

    def set_course(self, totals: tuple[tuple[int, int], ...], difficulty: int, caption: str) -> None:
        """An AF that has ended has no odds left: each round played, the total reached by its end
        against the difficulty (the bar full at the difficulty), labelled with the total; room is
        kept above a full bar for its label."""
        self.setLabel("left", self.tr("難易度 {0} = 100%").format(difficulty))
        self.setYRange(0, 125, padding=0)
        reached = tuple((r, min(Fraction(total, max(difficulty, 1)), Fraction(1))) for r, total in totals)
        self._show_bars(reached, [str(total) for _, total in totals], caption, label_cap=100)

    def _show_bars(
        self, by_round: tuple[tuple[int, Fraction], ...], texts: list[str], caption: str, label_cap: int
    ) -> None:
        self.setTitle(caption or None)
        rounds = [r for r, _ in by_round]
        heights = [float(p) * 100 for _, p in by_round]
        brushes = [self._brush] * max(0, len(rounds) - 1) + [self._last_brush] * min(1, len(rounds))
        self.bars.setOpts(x=rounds, height=heights, brushes=brushes)
        for label in self.labels:
            self.removeItem(label)
        self.labels = []
        for r, h, text in zip(rounds, heights, texts, strict=True):
            label = pg.TextItem(text, color=self.text_colour(), anchor=(0.5, 1))
            label.setPos(r, min(h, label_cap) + 1)
            self.addItem(label)
            self.labels.append(label)
        self.getAxis("bottom").setTicks([[(r, str(r)) for r in rounds]])  # whole rounds only
        if rounds:
            self.setXRange(rounds[0] - 0.6, rounds[-1] + 0.6, padding=0)

    def theme_changed(self) -> None:
        for label in self.labels:
            label.setColor(self.text_colour())

    def bar_heights(self) -> dict[int, float]:
        """round → height in %, as given to the plot."""
        opts = self.bars.opts
        return {int(x): float(h) for x, h in zip(opts["x"], opts["height"], strict=True)}
