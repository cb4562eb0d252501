"""The MTG panel's plot: P(success) over 難易度, as revealed and with 行動判定ブースト, the current
難易度 marked and the rule text's usual range (0〜8) shaded.  Fed only by the panel model's numbers;
tests read back `curve_points()`.

Which curve is which is said in one line above the plot (`key_text`), never over it: pyqtgraph's
legend inside the plot covered the curves at the top right, and showed a hidden curve's entry as a
crossed-out eye, which read as a broken glyph for an empty deck's ブーストあり.  The line names only
the curves drawn, each after its symbol in its colour.
"""

from __future__ import annotations

from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QWidget

from gmtool.views.check.probability_plots import BAND_COLORS, PLOT_MIN_SIZE, PanelPlot, style_plot

PLAIN_COLOR = "#1f5fa8"
BOOST_COLOR = "#7a1fa2"
KEY_SIZE = "8pt"  # the key's line: a little smaller than the axes' titles, the plot is short
# The curves' symbols as the key shows them (pyqtgraph's "t" is a triangle pointing down).
BOOST_SYMBOL, PLAIN_SYMBOL = "▼", "●"


class MTGSuccessPlot(PanelPlot):
    def sizeHint(self) -> QSize:
        """As high as the odds beside it ask, no higher: on a laptop the check's steps and result
        under them need the rest of the panel."""
        return QSize(PLOT_MIN_SIZE.width(), PLOT_MIN_SIZE.height())

    def __init__(self, model: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        self.model = model
        # Short: the plot is as high as the odds beside it, and a longer title was cut in English.
        style_plot(self, self.tr("成功 (%)"), self.tr("難易度"))
        self.setYRange(0, 105, padding=0)
        self.key_text = ""
        self.bands: list[pg.LinearRegionItem] = []
        for low, high, label in model.difficulty_guides():
            top = high if high is not None else low
            band = pg.LinearRegionItem(values=(low - 0.5, top + 0.5), movable=False, pen=pg.mkPen(None))
            band.setZValue(-10)
            band.setToolTip(self.tr(label))
            self.addItem(band)
            self.bands.append(band)
        self.boost_item = self.plot([], [], symbol="t", symbolSize=6)
        self.plain_item = self.plot([], [], symbol="o", symbolSize=5)
        self.entries = [
            (self.boost_item, BOOST_SYMBOL, BOOST_COLOR, self.tr("ブーストあり")),
            (self.plain_item, PLAIN_SYMBOL, PLAIN_COLOR, self.tr("公開のまま")),
        ]
        self.marker = pg.InfiniteLine(angle=90, movable=False)
        self.addItem(self.marker)
        self.theme_changed()
        model.changed.connect(self.refresh)
        self.refresh()

    def theme_changed(self) -> None:
        for band in self.bands:
            band.setBrush(pg.mkBrush(self.tint(BAND_COLORS[0])))
        for item, colour in ((self.boost_item, BOOST_COLOR), (self.plain_item, PLAIN_COLOR)):
            shade = self.readable(colour)
            item.setPen(pg.mkPen(shade, width=2))
            item.setSymbolBrush(pg.mkBrush(shade))
            item.setSymbolPen(pg.mkPen(shade))
        self.marker.setPen(pg.mkPen(self.tone("failure"), width=2))
        self.key_text = ""  # the key again, in the theme's shades
        self.show_key()

    def refresh(self) -> None:
        xs = list(self.model.curve)
        self.plain_item.setData(xs, [float(p) * 100 for p in self.model.curve.values()])
        boost = self.model.boost_curve
        self.boost_item.setData(list(boost), [float(p) * 100 for p in boost.values()])
        self.boost_item.setVisible(self.model.plan.boost_allowed)
        self.setXRange(min(xs) - 0.5, max(xs) + 0.5, padding=0)
        self.marker.setValue(self.model.curve_marker)
        self.show_key()

    def key_names(self) -> list[str]:
        """The curves the key names, in its order."""
        return [name for item, _symbol, _colour, name in self.entries if item.isVisible()]

    def show_key(self) -> None:
        """The key above the plot: each drawn curve's symbol in its colour, then its name."""
        text = "\u3000".join(
            f'<span style="color: {self.readable(colour).name()}">{symbol}</span> {name}'
            for item, symbol, colour, name in self.entries
            if item.isVisible()
        )
        if text != self.key_text:
            self.key_text = text
            self.setTitle(text, size=KEY_SIZE, color=self.text_colour().name())

    def curve_points(self, boosted: bool = False) -> dict[int, float]:
        xs, ys = (self.boost_item if boosted else self.plain_item).getData()
        return {int(x): float(y) for x, y in zip(xs, ys, strict=True)}
