"""The MTG panel's plot: P(success) over 難易度, as revealed and with 行動判定ブースト, the current
難易度 marked and the rule text's usual range (0〜8) shaded.  Fed only by the panel model's numbers;
tests read back `curve_points()`.

Its legend names only the curves drawn (pyqtgraph shows a hidden curve's entry as a crossed-out
eye, which read as a broken glyph for an empty deck's ブーストあり), in the corner of the plot that
none of them runs through; where every corner has a curve, the plot grows above 100 % to hold it.
"""

from __future__ import annotations

from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QWidget

from gmtool.views.check.probability_plots import (
    BAND_COLORS,
    PERCENT_TICKS,
    PLOT_MIN_SIZE,
    PanelPlot,
    curve_samples,
    style_plot,
)

PLAIN_COLOR = "#1f5fa8"
BOOST_COLOR = "#7a1fa2"
TOP = 105.0  # the y axis's top: 100 % and a little room
LEGEND_MARGIN = 6  # px between the legend and the plot's edges
# The legend's corners in the order tried, as (x, y) anchors: 0 is left or top, 1 right or bottom.
# Top right first: the curves fall from 100 % on the left.
LEGEND_CORNERS = ((1, 0), (0, 1), (0, 0), (1, 1))


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
        self.keep_range(y=(0.0, TOP))
        self.getAxis("left").setTicks(PERCENT_TICKS)  # 0–100 %: none in the legend's room above it
        self.legend = self.addLegend(offset=(-LEGEND_MARGIN, LEGEND_MARGIN))
        self.legend_corner: tuple[int, int] | None = (1, 0)  # None: above the curves' 100 %
        self.bands: list[pg.LinearRegionItem] = []
        for low, high, label in model.difficulty_guides():
            top = high if high is not None else low
            band = pg.LinearRegionItem(values=(low - 0.5, top + 0.5), movable=False, pen=pg.mkPen(None))
            band.setZValue(-10)
            band.setToolTip(self.tr(label))
            self.addItem(band)
            self.bands.append(band)
        self.boost_item = self.plot([], [], symbol="t", symbolSize=6, name=self.tr("ブーストあり"))
        self.plain_item = self.plot([], [], symbol="o", symbolSize=5, name=self.tr("公開のまま"))
        self.entries = [(self.boost_item, self.tr("ブーストあり")), (self.plain_item, self.tr("公開のまま"))]
        self.marker = pg.InfiniteLine(angle=90, movable=False)
        self.addItem(self.marker)
        self.theme_changed()
        model.changed.connect(self.refresh)
        # The legend is placed in pixels, so it follows the plot's size as well as the model.
        self.getViewBox().sigResized.connect(self.place_legend)
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
        self.legend.setLabelTextColor(self.text_colour())
        for _sample, label in self.legend.items:  # the entries keep the colour they were made with
            label.setText(label.text, color=self.text_colour())

    def refresh(self) -> None:
        xs = list(self.model.curve)
        self.plain_item.setData(xs, [float(p) * 100 for p in self.model.curve.values()])
        boost = self.model.boost_curve
        self.boost_item.setData(list(boost), [float(p) * 100 for p in boost.values()])
        self.boost_item.setVisible(self.model.plan.boost_allowed)
        self.setXRange(min(xs) - 0.5, max(xs) + 0.5, padding=0)
        self.marker.setValue(self.model.curve_marker)
        drawn = [(item, name) for item, name in self.entries if item.isVisible()]
        if [item for item, _name in drawn] != [sample.item for sample, _label in self.legend.items]:
            self.legend.clear()
            for item, name in drawn:
                self.legend.addItem(item, name)
        self.place_legend()

    def legend_names(self) -> list[str]:
        return [label.text for _sample, label in self.legend.items]

    def place_legend(self) -> None:
        """The legend in the first corner (`LEGEND_CORNERS`) that no drawn curve runs through; else
        at the top right, over the curves' 100 %, the y axis grown to leave it that room."""
        view = self.getViewBox()
        if view.width() <= 0 or view.height() <= 0:
            return  # not laid out yet: sigResized calls again
        (x0, x1), _ = view.viewRange()
        size = self.legend.boundingRect()
        px_x, px_y = (x1 - x0) / view.width(), TOP / view.height()
        width, height = size.width() * px_x, size.height() * px_y
        margin_x, margin_y = LEGEND_MARGIN * px_x, LEGEND_MARGIN * px_y
        samples = [
            point
            for item in (self.plain_item, self.boost_item)
            if item.isVisible()
            for point in curve_samples(sorted(self.curve_points(item is self.boost_item).items()))
        ]

        def clear(corner: tuple[int, int]) -> bool:
            left = x0 + margin_x if corner[0] == 0 else x1 - margin_x - width
            top = TOP - margin_y if corner[1] == 0 else margin_y + height
            return not any(
                left - margin_x / 2 <= x <= left + width + margin_x / 2
                and top - height - margin_y / 2 <= y <= top + margin_y / 2
                for x, y in samples
            )

        corner = next((c for c in LEGEND_CORNERS if clear(c)), None)
        shown = corner or (1, 0)
        self.legend_corner = corner
        offset = (
            LEGEND_MARGIN if shown[0] == 0 else -LEGEND_MARGIN,
            LEGEND_MARGIN if shown[1] == 0 else -LEGEND_MARGIN,
        )
        self.legend.anchor(itemPos=shown, parentPos=shown, offset=offset)
        room = 0.0 if corner else size.height() + 2 * LEGEND_MARGIN
        self.keep_range(y=(0.0, TOP * view.height() / max(view.height() - room, 1.0)))
        view.updateMatrix()  # laid out now, not at the next paint (tests read the legend's place)

    def curve_points(self, boosted: bool = False) -> dict[int, float]:
        xs, ys = (self.boost_item if boosted else self.plain_item).getData()
        return {int(x): float(y) for x, y in zip(xs, ys, strict=True)}
