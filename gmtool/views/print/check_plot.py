"""The character's main check for the printed sheet: its outcome probabilities (worked out by
`gmtool.models.sheet_print`), as a picture.

pyqtgraph's SVG exporter is broken on this PySide6 (DESIGN.md, "Views"), so the bars are drawn by a
real `PlotWidget` and grabbed into a `QImage` that the sheet document embeds.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor, QImage, QPixmap
from PySide6.QtWidgets import QWidget

from gmtool.models.sheet_print import MainCheck
from gmtool.rules.checks import Outcome
from gmtool.views.print.parts import COMMON_PARTS, PrintParts

PLOT_SIZE = (440, 250)  # pixels of the grabbed picture: at the printed width its text stays readable
AXIS_INK = "#333333"
FALLBACK_COLORS = {"success": "#6cc070", "failure": "#e8a33d", "other": "#5b6f86"}


def _tr(text: str) -> str:
    return QCoreApplication.translate("SheetPrint", text)


def check_rows(check: MainCheck, parts: PrintParts = COMMON_PARTS) -> list[tuple[str, Fraction]]:
    """(outcome name, probability) of each outcome of the main check, in the engine's order."""
    return [(outcome_name(outcome, parts), p) for outcome, p in check.outcomes]


def outcome_name(outcome: Any, parts: PrintParts = COMMON_PARTS) -> str:
    """The name of an outcome code as the system's parts give it (千幻抄 calls the shared automatic
    success クリティカル, フォーカード 自動的成功), else the shared `Outcome`'s, else the code itself."""
    name = parts.outcome_name(outcome) if parts.outcome_name else None
    if name is not None:
        return name
    if isinstance(outcome, Outcome):
        from gmtool.models.outcome_text import outcome_label

        return outcome_label(outcome)
    return str(getattr(outcome, "value", outcome))


def outcome_color(outcome: Any, parts: PrintParts = COMMON_PARTS) -> str:
    if isinstance(outcome, Outcome):
        from gmtool.views.check.probability_plots import OUTCOME_COLORS

        return OUTCOME_COLORS[outcome]
    color = parts.outcome_color(outcome) if parts.outcome_color else None
    if color is not None:
        return color
    code = str(getattr(outcome, "value", outcome))
    if "fail" in code:
        return FALLBACK_COLORS["failure"]
    if "success" in code:
        return FALLBACK_COLORS["success"]
    return FALLBACK_COLORS["other"]


def tick_label(name: str) -> str:
    """「Failure（失敗）」 → 「失敗」: LotR's bilingual degree names are too wide to sit side by side."""
    if name[:1].isascii() and name.endswith("）") and "（" in name:
        return name[name.index("（") + 1 : -1]
    return name


class OutcomePlot(pg.PlotWidget):  # type: ignore[misc]  # pyqtgraph has no types: its classes are Any
    """P(outcome) as bars, one per outcome of the main check; `heights()` is what it was given."""

    def __init__(self, check: MainCheck, parts: PrintParts = COMMON_PARTS) -> None:
        super().__init__(background="w")
        self.setMenuEnabled(False)
        self.setMouseEnabled(x=False, y=False)
        self.hideButtons()
        self.showGrid(x=False, y=True, alpha=0.3)
        for side in ("left", "bottom"):  # paper's ink, whatever the window's theme draws plots with
            self.getAxis(side).setPen(AXIS_INK)
            self.getAxis(side).setTextPen(AXIS_INK)
        self.setLabel("left", _tr("確率 (%)"))
        self.setLabel("bottom", _tr("結果"))
        labels = [tick_label(name) for name, _ in check_rows(check, parts)]
        self.getAxis("bottom").setTicks([list(enumerate(labels))])
        self._heights = [float(p) * 100 for _, p in check.outcomes]
        colors = [QColor(outcome_color(o, parts)) for o, _ in check.outcomes]
        self.bars = pg.BarGraphItem(
            x=list(range(len(labels))),
            height=self._heights,
            width=0.7,
            brushes=colors,
            pens=[pg.mkPen(c.darker(130)) for c in colors],
        )
        self.addItem(self.bars)
        for index, height in enumerate(self._heights):
            text = pg.TextItem(f"{height:.1f}%", color="#333", anchor=(0.5, 1))
            text.setPos(index, height)
            self.addItem(text)
        self.setXRange(-0.6, len(labels) - 0.4, padding=0)
        self.setYRange(0, max([*self._heights, 1.0]) * 1.15, padding=0)

    def heights(self) -> list[float]:
        return list(self._heights)


def render_check_plot(
    check: MainCheck,
    parts: PrintParts = COMMON_PARTS,
    size: tuple[int, int] = PLOT_SIZE,
    scale: int = 3,
) -> QImage:
    """The bars rendered offscreen into an image (no window is ever shown), `scale` times the pixels
    of `size` so the picture stays sharp at 300 dpi."""
    plot = OutcomePlot(check, parts)
    try:
        plot.resize(*size)
        pixmap = QPixmap(size[0] * scale, size[1] * scale)
        pixmap.setDevicePixelRatio(scale)
        pixmap.fill(QColor("white"))
        QWidget.render(plot, pixmap)  # the widget with its axes (GraphicsView.render is the scene's)
        return pixmap.toImage()
    finally:
        plot.deleteLater()
