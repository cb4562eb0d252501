"""The two plots of the judgement panel, fed only by the panel model's numbers.

Tests read back the data each plot was given (`bar_heights`, `curve_points`),
so the plot is checked against `distribution()`, not by pixels.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import pairwise
from typing import Protocol

import pyqtgraph as pg
from PySide6.QtCore import QSize, Qt, SignalInstance
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsItem, QWidget

from gmtool.rules.checks import Outcome
from gmtool.views.check.themed_plot import ThemedPlot

OUTCOME_COLORS = {
    Outcome.AUTO_SUCCESS: "#1b7f3b",
    Outcome.SUCCESS: "#6cc070",
    Outcome.FAILURE: "#e8a33d",
    Outcome.AUTO_FAILURE: "#c23b3b",
}
UNDECIDED_COLOR = "#9aa5b1"  # 対決: a total whose result depends on the reaction's roll
# The success axis's ticks, every 20 % and (where they do not crowd) every 10 %, never past 100 %.
PERCENT_TICKS = [[(v, str(v)) for v in range(0, 101, 20)], [(v, str(v)) for v in range(10, 100, 20)]]
BAND_COLORS = ("#e3f2fd", "#fff8e1", "#fce4ec", "#ede7f6")  # light-theme shades: see ThemedPlot.tint


CURVE_SYMBOL_SIZE = 5  # px: the success curve's dots
Point = tuple[float, float]


def curve_samples(points: Sequence[Point], steps: int = 8) -> Iterator[Point]:
    """The curve's dots and points along the lines between them."""
    for (ax, ay), (bx, by) in pairwise(points):
        for i in range(steps):
            t = i / steps
            yield ax + (bx - ax) * t, ay + (by - ay) * t
    yield from points[-1:]


def clear_corner(
    curve: Mapping[int, float],
    point: Point,
    size: Point,
    room: tuple[Point, Point],
    gap: Point,
) -> tuple[float, float]:
    """Where a label of *size* beside the marker at the curve's *point* covers none of the curve (or
    least of it): right of the marker or left, above the curve there or under it, inside *room*
    ((x from, x to), (y from, y to)), *gap* clear of it, all in the plot's units; of those, the one
    nearest the point.  Gives the label's x anchor (0: right of the marker, 1: left of it) and its
    top's y.  (Hanging under the point, 「10: 97.2%」 was drawn over the curve falling beside it.)"""
    (x, y), (width, height), (gap_x, gap_y) = point, size, gap
    (x_from, x_to), (y_from, y_to) = room
    samples = list(curve_samples(sorted(curve.items())))
    best: tuple[int, float, float, float] | None = None  # (covered, distance, anchor, top)
    for anchor_x in (0.0, 1.0):
        left = x + gap_x if anchor_x == 0 else x - gap_x - width
        if left < x_from or left + width > x_to:
            continue
        # The curve beside the label's columns: the only part it can cover (read once per side,
        # not for each of its two places: a difficulty step counted the whole curve four times).
        window = [(sx, sy) for sx, sy in samples if left - gap_x <= sx <= left + width + gap_x]
        beside = [sy for _sx, sy in window] or [y]
        for top in (max(max(beside), y) + gap_y + height, min(min(beside), y) - gap_y):
            top = min(max(top, y_from + height), y_to)  # inside the plot, over the x axis
            # A dot or line within half the gap of the label (a dot's radius and the pen) is covered.
            covered = sum(
                left - gap_x / 2 <= sx <= left + width + gap_x / 2
                and top - height - gap_y / 2 <= sy <= top + gap_y / 2
                for sx, sy in window
            )
            distance = max(top - height - y, y - top, 0.0)
            if best is None or (covered, distance) < best[:2]:
                best = (covered, distance, anchor_x, top)
    if best is None:  # a plot narrower than the label: right of the marker
        return 0.0, min(max(y, y_from + height), y_to)
    return best[2], best[3]


def style_plot(plot: pg.PlotWidget, left: str, bottom: str) -> None:
    """A static plot: the numbers matter, panning and pyqtgraph's menu would only get in the way."""
    plot.setMenuEnabled(False)
    plot.setMouseEnabled(x=False, y=False)
    plot.hideButtons()
    plot.showGrid(x=False, y=True, alpha=0.3)
    plot.setLabel("left", left)
    plot.setLabel("bottom", bottom)
    # Axes replay their text as a QPicture on every repaint, which was most of the cost of a
    # difficulty change; a cached pixmap is redrawn only when the axis itself changes.
    for name in ("left", "bottom"):
        plot.getAxis(name).setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)


# The smallest a judgement panel's plot is still read at, and the size it asks for: a plot asking
# for pyqtgraph's 600×480 made every panel taller than a 1366×768 laptop leaves it.
PLOT_MIN_SIZE = QSize(200, 140)
PLOT_HINT_SIZE = QSize(300, 150)


class PanelPlot(ThemedPlot):
    """A judgement panel's plot: it takes the room the panel has, and asks for little; drawn in the
    theme's colours."""

    def sizeHint(self) -> QSize:
        return PLOT_HINT_SIZE

    def minimumSizeHint(self) -> QSize:
        return PLOT_MIN_SIZE


class CurveSource(Protocol):
    """What the plots read from a judgement-panel model (AW's or フォーカード's); they only read it."""

    @property
    def changed(self) -> SignalInstance: ...

    @property
    def natural_bars(self) -> Sequence[tuple[int, Fraction, Outcome | None]]: ...

    @property
    def curve(self) -> Mapping[int, Fraction]: ...

    @property
    def curve_marker(self) -> int: ...

    @property
    def curve_x_label(self) -> str: ...

    def difficulty_guides(self) -> Sequence[tuple[int, int | None, str]]: ...


class OutcomeBarsPlot(PanelPlot):
    """P(natural 2D6 total), each bar coloured by the outcome that total gives."""

    def __init__(self, model: CurveSource, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        self.model = model
        style_plot(self, self.tr("確率 (%)"), self.tr("2D6 の出目"))
        self.setXRange(1.5, 12.5, padding=0)
        self.setYRange(0, 18, padding=0)
        self._brushes: dict[Outcome | None, object] = {
            outcome: pg.mkBrush(QColor(color)) for outcome, color in OUTCOME_COLORS.items()
        }
        self._brushes[None] = pg.mkBrush(QColor(UNDECIDED_COLOR))
        # One item with a brush per bar: pyqtgraph's single-colour path (QPainter.drawRects on a
        # raw buffer) crashed PySide6 6.12 with a refcount error when a colour had no bars.
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.8, brushes=[], pen=pg.mkPen(None))
        self.addItem(self.bars)
        self.bar_outcomes: list[Outcome | None] = []
        model.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        bars = list(self.model.natural_bars)
        if bars == getattr(self, "_drawn", None):
            return  # a roll re-reads the model: the same bars are not drawn again
        self._drawn = bars
        totals = [t for t, _, _ in bars]
        heights = [float(p) * 100 for _, p, _ in bars]
        self.bar_outcomes = [o for _, _, o in bars]
        brushes = [self._brushes[o] for o in self.bar_outcomes]
        self.bars.setOpts(x=totals, height=heights, brushes=brushes)

    def bar_heights(self) -> dict[int, tuple[float, Outcome | None]]:
        """natural total → (height in %, outcome whose colour it is drawn in), as given to the plot."""
        opts = self.bars.opts
        drawn = zip(opts["x"], opts["height"], opts["brushes"], strict=True)
        outcome_of_brush = {id(b): o for o, b in self._brushes.items()}
        return {int(x): (float(h), outcome_of_brush[id(b)]) for x, h, b in drawn}


class SuccessCurvePlot(PanelPlot):
    """P(success) over difficulties, current difficulty marked, the system's guides drawn.

    A guide is a band (AW 難易度の目安: low–high shaded) or a single step (フォーカード
    難易度の具体例: a dashed line); the model says which by giving low == high.
    A band's label sits over its band, above the curve's 100 %: where two neighbours' labels would
    run into each other (English labels are wider than a band of three difficulties) the second
    takes a row higher, and only a label that finds no room in `LABEL_ROWS` rows is left out (with
    令呪 the curve runs to about 37 and the bands get narrow).  A step's label would not fit at
    all, so a step's number is the tick under its line and its meaning is in the plot's tooltip
    (rotated texts along the lines ran over each other, the curve and the marker).  The marker
    label is kept inside the plot.
    """

    LABEL_GAP = 2  # pixels kept free on each side of a band label
    LABEL_ROWS = 2  # rows of band labels above the curve, at most

    def __init__(self, model: CurveSource, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        self.model = model
        style_plot(self, self.tr("成功率 (%)"), self.tr(model.curve_x_label))
        self.setYRange(0, 105, padding=0)
        self.getAxis("left").setTicks(PERCENT_TICKS)  # 0–100 %: none in the labels' room above it
        self.guide_items: list[tuple[pg.GraphicsObject, str]] = []
        self.band_labels: list[tuple[pg.TextItem, float, float]] = []  # label, band's left and right edge
        self.band_regions: list[tuple[pg.LinearRegionItem, str]] = []  # region, its light-theme colour
        self.guide_lines: list[pg.InfiniteLine] = []
        self.step_values: list[int] = []  # the steps' difficulties: ticks under their lines
        self.guides_shown = True
        bands = [g for g in model.difficulty_guides() if g[0] != g[1]]
        for (low, high, label), color in zip(bands, BAND_COLORS, strict=False):
            top = high if high is not None else 99
            region = pg.LinearRegionItem(values=(low - 0.5, top + 0.5), movable=False, pen=pg.mkPen(None))
            region.setZValue(-10)
            text = pg.TextItem(self.tr(label), anchor=(0.5, 0))
            text.textItem.document().setDocumentMargin(0)  # the text's own width, no frame around it
            self.addItem(region)
            self.addItem(text)
            self.guide_items.append((region, label))
            self.band_regions.append((region, color))
            self.band_labels.append((text, low - 0.5, top + 0.5))
        steps = []
        for low, high, label in model.difficulty_guides():
            if low != high:
                continue
            line = pg.InfiniteLine(pos=low, angle=90, movable=False)
            line.setZValue(-10)
            self.addItem(line)
            self.guide_items.append((line, label))
            self.guide_lines.append(line)
            self.step_values.append(low)
            steps.append(self.tr("{0}: {1}").format(low, self.tr(label)))
        self.steps_tip = "\n".join(steps)
        self.curve_item = self.plot([], [], symbol="o", symbolSize=CURVE_SYMBOL_SIZE)
        self.marker = pg.InfiniteLine(angle=90, movable=False)
        self.marker_label = pg.TextItem("", anchor=(0, 0))
        self.addItem(self.marker)
        self.addItem(self.marker_label)
        self.theme_changed()
        model.changed.connect(self.refresh)
        # The labels are laid out in pixels, so they follow the plot's size as well as the model.
        self.getViewBox().sigResized.connect(self.place_labels)
        self.refresh()
        self.show_guides(True)

    def theme_changed(self) -> None:
        """Bands, guides, curve and marker in the theme's shades."""
        for region, color in self.band_regions:
            region.setBrush(pg.mkBrush(self.tint(color)))
        for text, _left, _right in self.band_labels:
            text.setColor(self.quiet_colour(0.75))
        for line in self.guide_lines:
            line.setPen(pg.mkPen(self.quiet_colour(0.35), width=1, style=Qt.PenStyle.DashLine))
        accent = self.tone("accent")
        self.curve_item.setPen(pg.mkPen(accent, width=2))
        self.curve_item.setSymbolBrush(pg.mkBrush(accent))
        self.curve_item.setSymbolPen(pg.mkPen(accent))
        self.marker.setPen(pg.mkPen(self.tone("failure"), width=2))
        self.marker_label.setColor(self.tone("failure"))

    def show_guides(self, shown: bool) -> None:
        """The difficulty guides (bands, steps and their labels) belong on a difficulty axis only:
        フォーカード's 比較ロール plots against B's value, where they would only cover the curve."""
        self.guides_shown = shown
        for item, _label in self.guide_items:
            item.setVisible(shown)
        self.setToolTip(self.steps_tip if shown else "")
        self._step_ticks()
        self.place_labels()

    def _step_ticks(self) -> None:
        """The steps' difficulties as the x axis's ticks (every other one where they crowd, as the
        axis leaves out a crowded level), on past the last step at the same spacing; Qt's own ticks
        where there are no steps or they are hidden."""
        values = list(self.step_values)
        if not self.guides_shown or len(values) < 2:
            self.keep_ticks("bottom", None)
            return
        spacing = values[-1] - values[-2]
        last = max(self.model.curve, default=values[-1])
        while spacing > 0 and values[-1] + spacing <= last:
            values.append(values[-1] + spacing)
        first = min(self.model.curve, default=values[0])
        while spacing > 0 and values[0] - spacing >= first:
            values.insert(0, values[0] - spacing)
        ticks: list[tuple[float, str]] = [(v, str(v)) for v in values]
        self.keep_ticks("bottom", [ticks[::2], ticks[1::2]])

    def refresh(self) -> None:
        drawn = (dict(self.model.curve), self.model.curve_marker)
        if drawn == getattr(self, "_drawn", None):
            return  # a roll re-reads the model: the same curve is not drawn again
        self._drawn = drawn
        xs = list(self.model.curve)
        ys = [float(p) * 100 for p in self.model.curve.values()]
        self.curve_item.setData(xs, ys)
        self.keep_range(x=(min(xs) - 0.5, max(xs) + 0.5))
        marker = self.model.curve_marker
        self.marker.setValue(marker)
        p = float(self.model.curve.get(marker, 0)) * 100
        self.marker_label.setText(f"{marker}: {p:.1f}%")
        self._step_ticks()
        self.place_labels()

    def place_labels(self) -> None:
        """Band labels over their bands in rows above the curve's 100 % (the y range grown to leave
        them that room), the marker label beside the marker, flipped left or down to stay inside."""
        view = self.getViewBox()
        if view.width() <= 0 or view.height() <= 0:
            return  # not laid out yet: sigResized calls again
        (x0, x1), _ = view.viewRange()
        px_x = (x1 - x0) / view.width()
        rows = self._label_rows(x0, x1, px_x)
        line = max((t.textItem.boundingRect().height() for t, _l, _r in self.band_labels), default=0.0)
        room = len(rows) * (line + self.LABEL_GAP) + self.LABEL_GAP if rows else 0.0
        top = 105.0 * view.height() / max(view.height() - room, 1.0)  # 100 % + room px above it
        self.keep_range(y=(0.0, top))
        px_y = top / view.height()
        for row, placed in enumerate(rows):
            for text, centre in placed:
                text.setPos(centre, top - (self.LABEL_GAP + row * (line + self.LABEL_GAP)) * px_y)
        band_bottom = top - room * px_y
        marker = self.model.curve_marker
        p = float(self.model.curve.get(marker, 0)) * 100
        size = self.marker_label.textItem.boundingRect()
        anchor_x, label_top = clear_corner(
            self.curve_points(),
            (marker, p),
            (size.width() * px_x, size.height() * px_y),
            ((x0, x1), (0.0, band_bottom)),
            (self.LABEL_GAP * px_x, (self.LABEL_GAP + CURVE_SYMBOL_SIZE) * px_y),
        )
        self.marker_label.setAnchor((anchor_x, 0))
        self.marker_label.setPos(marker, label_top)
        # The y range changed under them: laid out now, not at the next paint (tests read them).
        view.updateMatrix()
        for text, _left, _right in self.band_labels:
            text.updateTransform(force=True)
        self.marker_label.updateTransform(force=True)

    def _label_rows(self, x0: float, x1: float, px_x: float) -> list[list[tuple[pg.TextItem, float]]]:
        """Each shown band label with the x of its centre, by row: centred over the visible part of
        its band (moved in from the plot's edges), in the first row where it runs into no other."""
        rows: list[list[tuple[pg.TextItem, float]]] = []
        ends: list[float] = []  # each row's right end so far, in data units
        for text, left, right in self.band_labels:
            left, right = max(left, x0), min(right, x1)
            width = (text.textItem.boundingRect().width() + 2 * self.LABEL_GAP) * px_x
            row, start = None, x0
            if self.guides_shown and right > left and width <= x1 - x0:
                start = min(max((left + right - width) / 2, x0), x1 - width)
                row = next((i for i, end in enumerate(ends) if end <= start), None)
                if row is None and len(rows) < self.LABEL_ROWS:
                    rows.append([])
                    ends.append(x0)
                    row = len(rows) - 1
            text.setVisible(row is not None)
            if row is not None:
                rows[row].append((text, start + width / 2))
                ends[row] = start + width
        return rows

    def curve_points(self) -> dict[int, float]:
        xs, ys = self.curve_item.getData()
        return {int(x): float(y) for x, y in zip(xs, ys, strict=True)}
