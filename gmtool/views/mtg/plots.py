"""The MTG panel's plot: P(success) over 難易度, as revealed and with 行動判定ブースト, the current
難易度 marked and the rule text's usual range (0〜8) shaded.  Fed only by the panel model's numbers;
tests read back `curve_points()`."""

from __future__ import annotations

from typing import Any

import pyqtgraph as pg
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from gmtool.views.check.probability_plots import BAND_COLORS, style_plot

PLAIN_COLOR = "#1f5fa8"
BOOST_COLOR = "#7a1fa2"


class MTGSuccessPlot(pg.PlotWidget):
    def __init__(self, model: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent, background="w")
        self.model = model
        style_plot(self, self.tr("成功率 (%)"), self.tr("難易度"))
        self.setYRange(0, 105, padding=0)
        self.addLegend(offset=(-10, 10))
        for low, high, label in model.difficulty_guides():
            band = pg.LinearRegionItem(
                values=(low - 0.5, (high if high is not None else low) + 0.5),
                movable=False,
                brush=QColor(BAND_COLORS[0]),
                pen=pg.mkPen(None),
            )
            band.setZValue(-10)
            band.setToolTip(self.tr(label))
            self.addItem(band)
        self.boost_item = self.plot(
            [], [], pen=pg.mkPen(BOOST_COLOR, width=2), symbol="t", symbolSize=6, symbolBrush=BOOST_COLOR,
            name=self.tr("ブーストあり"),
        )  # fmt: skip
        self.plain_item = self.plot(
            [], [], pen=pg.mkPen(PLAIN_COLOR, width=2), symbol="o", symbolSize=5, symbolBrush=PLAIN_COLOR,
            name=self.tr("公開のまま"),
        )  # fmt: skip
        self.marker = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen("#c23b3b", width=2))
        self.addItem(self.marker)
        model.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        xs = list(self.model.curve)
        self.plain_item.setData(xs, [float(p) * 100 for p in self.model.curve.values()])
        boost = self.model.boost_curve
        self.boost_item.setData(list(boost), [float(p) * 100 for p in boost.values()])
        self.boost_item.setVisible(self.model.plan.boost_allowed)
        self.setXRange(min(xs) - 0.5, max(xs) + 0.5, padding=0)
        self.marker.setValue(self.model.curve_marker)

    def curve_points(self, boosted: bool = False) -> dict[int, float]:
        xs, ys = (self.boost_item if boosted else self.plain_item).getData()
        return {int(x): float(y) for x, y in zip(xs, ys, strict=True)}
