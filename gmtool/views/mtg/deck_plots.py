"""The deck sheet's statistics: the mana curve and the colors, as the checks will see them.

Fed only by `DeckStatistics` (rules/systems/mtg/deck_stats.py); tests read the bars back with
`heights()`.  The color plot counts cards the way 色の修正 reads them (a land with basic land types is
its types' colors) beside 無色 as 行動判定ブースト counts them (lands included).
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from gmtool.models.mtg.labels import COLOR_CODES, SWATCHES, color_name
from gmtool.rules.systems.mtg.deck_stats_types import CURVE_TOP, DeckStatistics
from gmtool.views.check.probability_plots import style_plot
from gmtool.views.check.themed_plot import ThemedPlot

CURVE_COLOR = "#5b6f86"


class _BarPlot(ThemedPlot):
    def __init__(self, left: str, bottom: str, labels: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        style_plot(self, left, bottom)
        self.setMinimumHeight(150)
        self.setMaximumHeight(200)  # a glance at the deck's shape, not a chart to study
        self.labels = labels
        self.getAxis("bottom").setTicks([list(enumerate(labels))])
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.7)
        self.addItem(self.bars)
        self._heights: list[int] = []

    def show_bars(self, heights: list[int], colors: list[str]) -> None:
        self._heights = heights
        self.bars.setOpts(
            x=list(range(len(heights))),
            height=heights,
            width=0.7,
            brushes=[QColor(c) for c in colors],
            pens=[pg.mkPen(QColor(c).darker(130)) for c in colors],
        )
        self.setXRange(-0.6, len(heights) - 0.4, padding=0)
        self.setYRange(0, max([*heights, 1]) * 1.15, padding=0)

    def heights(self) -> dict[str, int]:
        return dict(zip(self.labels, self._heights, strict=True))


class ManaCurvePlot(_BarPlot):
    """Non-land cards by printed mana value, 0 … 7+ (クリティカル・カード as printed)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        labels = [str(mv) for mv in range(CURVE_TOP)] + [f"{CURVE_TOP}+"]
        super().__init__(self.tr("枚数"), self.tr("マナ総量（土地以外）"), labels, parent)

    def show_statistics(self, stats: DeckStatistics) -> None:
        self.show_bars([stats.curve[mv] for mv in range(CURVE_TOP + 1)], [CURVE_COLOR] * (CURVE_TOP + 1))


class ColorPlot(_BarPlot):
    """Cards of each color for 色の修正 (a gold card counts in each), and 無色 for the boost."""

    def __init__(self, parent: QWidget | None = None) -> None:
        labels = [color_name(c) for c in COLOR_CODES] + [self.tr("無色")]
        super().__init__(self.tr("枚数"), self.tr("色（色の修正・ブーストの数え方）"), labels, parent)

    def show_statistics(self, stats: DeckStatistics) -> None:
        heights = [stats.by_modifier_color[c] for c in COLOR_CODES] + [stats.colorless]
        self.show_bars(heights, [SWATCHES[c] for c in COLOR_CODES] + [SWATCHES["C"]])
