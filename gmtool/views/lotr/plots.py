"""The LotR judgement panel's plots, fed only by the panel model's `odds`.

1. The seven degrees stacked over a range of TNs (the current TN marked); in an opposed
   test, P(A wins) and P(B wins) stacked over B's bonus.
2. P of each dice total (2d6 with explosions), coloured by the degree it gives at the
   current TN; the unlikely high totals are one "≥ N" bar.  In an opposed test no total
   decides alone, so it shows where each side's total (bonus added) falls, side by side.

Tests read back what each plot was given (`stack_heights`, `bar_heights`), not pixels.
"""

from __future__ import annotations

import math
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from gmtool.rules.systems.lotr.check_types import Contestant
from gmtool.rules.systems.lotr.rules_types import Degree
from gmtool.views.check.probability_plots import PanelPlot, style_plot

DEGREE_COLORS = {
    Degree.DISASTROUS_FAILURE: "#6d1a1a",
    Degree.COMPLETE_FAILURE: "#c23b3b",
    Degree.FAILURE: "#ef8a3c",
    Degree.MARGINAL_SUCCESS: "#f2cf4a",
    Degree.COMPLETE_SUCCESS: "#a5d66f",
    Degree.SUPERIOR_SUCCESS: "#3f9e4d",
    Degree.EXTRAORDINARY_SUCCESS: "#1f5fa8",
}
SIDE_COLORS = {Contestant.A: "#1f5fa8", Contestant.B: "#c23b3b"}
SIDE_OFFSETS = {Contestant.A: -0.2, Contestant.B: 0.2}  # opposed totals plot: A left, B right
UNDECIDED_COLOR = "#9aa5b1"  # a total whose degree the helpers' or the opponent's dice decide
LEGEND_ROWS = 2
LEGEND_ONE_ROW = 3  # up to this many entries take one row
STACK_Y_MAX = 108  # % — at least this room above the stacks for the marker's label
STACK_TOP = 100  # % — the stacks' top
TOTALS_Y_MAX = 18  # % — the likeliest total (7) is 6/36


def _brushes() -> dict[Any, Any]:
    colors: dict[Any, str] = {**DEGREE_COLORS, **SIDE_COLORS, None: UNDECIDED_COLOR}
    return {key: pg.mkBrush(QColor(color)) for key, color in colors.items()}


def _key_of_brush(brushes: dict[Any, Any]) -> dict[int, Any]:
    return {id(b): key for key, b in brushes.items()}


class StackedOddsPlot(PanelPlot):
    """One stacked bar per TN (or per B bonus): each layer the P of one degree (or side)."""

    def __init__(self, model: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        self.model = model
        style_plot(self, self.tr("確率 (%)"), self.tr(model.odds.stack_x_label))
        self.y_max: float = STACK_Y_MAX
        self.setYRange(0, self.y_max, padding=0)
        self._brushes = _brushes()
        # One item with a brush per bar segment (see probability_plots: single-colour bars crashed).
        self.bars = pg.BarGraphItem(x=[], y0=[], height=[], width=0.8, brushes=[], pen=pg.mkPen(None))
        self.addItem(self.bars)
        self._drawn_stack: dict[int, dict[Any, Any]] | None = None
        self.marker = pg.InfiniteLine(angle=90, movable=False)
        self.marker_label = pg.TextItem("", anchor=(0.5, 0))
        self.addItem(self.marker)
        self.addItem(self.marker_label)
        self.theme_changed()
        model.changed.connect(self.refresh)
        # The label's room above the stacks is as tall as its text at the plot's height: a fixed
        # 8 % was less than a line in the panel, and 「現在 10」 was drawn over the bars' tops.
        self.getViewBox().sigResized.connect(self._make_room_for_label)
        self.refresh()

    def _make_room_for_label(self) -> None:
        shown = self.getViewBox().height()
        text = self.marker_label.textItem.boundingRect().height()
        y_max = max(STACK_Y_MAX, STACK_TOP * shown / max(shown - text, 1.0)) if shown > text else STACK_Y_MAX
        if abs(y_max - self.y_max) < 0.5:
            return
        self.y_max = y_max
        self.setYRange(0, y_max, padding=0)
        self.marker_label.setPos(self.model.odds.stack_marker, y_max)

    def label_clear_of_bars(self) -> bool:
        """The marker's label is drawn wholly above the stacks' top (in the scene's pixels)."""
        box = self.getViewBox()
        label = self.marker_label.mapRectToScene(self.marker_label.boundingRect())
        top = box.mapViewToScene(pg.Point(self.model.odds.stack_marker, STACK_TOP)).y()
        return bool(label.bottom() <= top + 0.5)

    def theme_changed(self) -> None:
        """The marker in the text's colour: black on the light theme's white, light on the dark."""
        self.marker.setPen(pg.mkPen(self.text_colour(), width=1, style=Qt.PenStyle.DashLine))
        self.marker_label.setColor(self.text_colour())

    def refresh(self) -> None:
        odds = self.model.odds
        if odds.stack != self._drawn_stack:  # a TN step inside the 21 shown moves only the marker
            self._draw_stack(odds.stack, odds.stack_keys)
        self.keep_label("bottom", self.tr(odds.stack_x_label))
        self.keep_range(x=(min(odds.stack) - 0.5, max(odds.stack) + 0.5))
        self.marker.setValue(odds.stack_marker)
        self.marker_label.setText(self.tr("現在 {0}").format(odds.stack_marker))
        self.marker_label.setPos(odds.stack_marker, self.y_max)
        # Placed for the new range now: left to its paint, the label moved itself there and asked
        # for a second paint of the whole plot on every TN step.
        self.getViewBox().updateMatrix()
        self.marker_label.updateTransform(force=True)

    def _draw_stack(self, stack: dict[int, dict[Any, Any]], keys: tuple[Any, ...]) -> None:
        self._drawn_stack = stack
        xs, y0s, heights, brushes = [], [], [], []
        for x, layers in stack.items():
            bottom = 0.0
            for key in keys:
                height = float(layers.get(key, 0)) * 100
                if height <= 0:
                    continue
                xs.append(x)
                y0s.append(bottom)
                heights.append(height)
                brushes.append(self._brushes[key])
                bottom += height
        self.bars.setOpts(x=xs, y0=y0s, height=heights, brushes=brushes)

    def stack_heights(self) -> dict[int, dict[Any, float]]:
        """x → {degree or side: height in %}, as given to the plot."""
        opts = self.bars.opts
        key_of = _key_of_brush(self._brushes)
        drawn: dict[int, dict[Any, float]] = {}
        for x, height, brush in zip(opts["x"], opts["height"], opts["brushes"], strict=True):
            drawn.setdefault(int(x), {})[key_of[id(brush)]] = float(height)
        return drawn

    def stack_bottoms(self) -> dict[int, list[float]]:
        """x → the bottom of each segment, lowest first: the layers really are stacked."""
        opts = self.bars.opts
        bottoms: dict[int, list[float]] = {}
        for x, y0 in zip(opts["x"], opts["y0"], strict=True):
            bottoms.setdefault(int(x), []).append(float(y0))
        return bottoms


class TotalsPlot(PanelPlot):
    """P(dice total) for 2d6 with explosions, each bar in the colour of the degree it gives."""

    def __init__(self, model: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        self.model = model
        style_plot(self, self.tr("確率 (%)"), self.tr("2d6 の合計（振り足し込み）"))
        self.setYRange(0, TOTALS_Y_MAX, padding=0)
        self._brushes = _brushes()
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.8, brushes=[], pen=pg.mkPen(None))
        self.addItem(self.bars)
        model.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        odds = self.model.odds
        if odds.side_totals:
            self._refresh_sides()
            return
        xs = [t for t, _, _ in odds.total_bars]
        heights = [float(p) * 100 for _, p, _ in odds.total_bars]
        brushes = [self._brushes[degree] for _, _, degree in odds.total_bars]
        self.bars.setOpts(x=xs, height=heights, brushes=brushes, width=0.8)
        self.keep_label("bottom", self.tr("2d6 の合計（振り足し込み）"))
        self.keep_range(x=(min(xs) - 0.7, max(xs) + 0.7))
        ticks: list[tuple[float, str]] = [(t, str(t)) for t in xs if t % 2 == 0 and t != odds.tail_total]
        self.keep_ticks("bottom", [[*ticks, (odds.tail_total, self.tail_label())]])

    def _refresh_sides(self) -> None:
        """A's and B's totals side by side, A just left of each total and B just right."""
        xs, heights, brushes = [], [], []
        for side, totals in self.model.odds.side_totals.items():
            for total, p in totals.items():
                xs.append(total + SIDE_OFFSETS[side])
                heights.append(float(p) * 100)
                brushes.append(self._brushes[side])
        self.bars.setOpts(x=xs, height=heights, brushes=brushes, width=0.4)
        self.keep_label("bottom", self.tr("達成値（2d6 + ボーナス）: A と B"))
        self.keep_range(x=(min(xs) - 0.7, max(xs) + 0.7))
        self.keep_ticks("bottom", None)

    def tail_label(self) -> str:
        return f"≥{self.model.odds.tail_total}"

    def side_heights(self) -> dict[Contestant, dict[int, float]]:
        """Opposed test: side → {total: height in %}, as given to the plot."""
        opts = self.bars.opts
        key_of = _key_of_brush(self._brushes)
        drawn: dict[Contestant, dict[int, float]] = {}
        for x, height, brush in zip(opts["x"], opts["height"], opts["brushes"], strict=True):
            side = key_of[id(brush)]
            drawn.setdefault(side, {})[round(x - SIDE_OFFSETS[side])] = float(height)
        return drawn

    def bar_heights(self) -> dict[int, tuple[float, Degree | None]]:
        """dice total → (height in %, degree whose colour it is drawn in); the last is the ≥ N bar."""
        opts = self.bars.opts
        key_of = _key_of_brush(self._brushes)
        drawn = zip(opts["x"], opts["height"], opts["brushes"], strict=True)
        return {int(x): (float(h), key_of[id(b)]) for x, h, b in drawn}


class DegreeLegend(QWidget):
    """Colour swatches naming what each colour of the plots is, in LEGEND_ROWS rows: the seven
    two-language degree names in one row made the panel 1400 px wide.  The names wrap too."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QGridLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setHorizontalSpacing(4)
        self._entries: list[tuple[str, str]] = []
        self.columns: int | None = None  # a fixed number of columns, or as many as LEGEND_ROWS need

    def set_entries(self, entries: list[tuple[str, str]]) -> None:
        """(colour, text) pairs; rebuilt only when they change."""
        if entries == self._entries:
            return
        while self._layout.count():
            item = self._layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # gone at once, not only when deleteLater runs
                widget.deleteLater()
        for column in range(self._layout.columnCount()):
            self._layout.setColumnStretch(column, 0)
        rows = 1 if len(entries) <= LEGEND_ONE_ROW else LEGEND_ROWS  # a few: one row, the panel is short
        columns = self.columns or max(1, math.ceil(len(entries) / rows))
        for index, (color, text) in enumerate(entries):
            row, column = divmod(index, columns)
            swatch = QLabel("■")
            swatch.setStyleSheet(f"color: {color};")
            # the Japanese name on its own line: greedy wrapping split it mid-word
            label = QLabel(text.replace("（", "\n（", 1))
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
            self._layout.addWidget(swatch, row, 2 * column, Qt.AlignmentFlag.AlignTop)
            self._layout.addWidget(label, row, 2 * column + 1)
            self._layout.setColumnStretch(2 * column + 1, 1)
        self._entries = list(entries)

    def entries(self) -> list[tuple[str, str]]:
        return list(self._entries)

    def rows(self) -> int:
        """How many rows the entries take."""
        positions = [self._layout.getItemPosition(i) for i in range(self._layout.count())]
        return len({p[0] for p in positions})  # type: ignore[index]  # stub says object; it is (row, col, spans)
